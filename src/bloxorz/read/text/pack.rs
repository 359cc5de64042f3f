//! The level-pack parser: POJ 3322 levels, and their extension with the original game's
//! switches, bridges and split switches, read in place from a byte slice.
//!
//! # Format
//!
//! A pack is a sequence of levels, each an `R C` header line (two whole numbers, the rows and the
//! columns) followed by `R` rows of `C` cells: `.` rigid, `E` fragile, `#` empty, `O` the target,
//! `X` the start (one `X`: the box stands there; two orthogonally adjacent `X`: it lies on both).
//! A level has exactly one `O` and one `X` or two adjacent `X`. The pack ends at a `0 0` line
//! (anything after it is not read) or at the end of the input. Blank lines may stand between
//! levels, lines may end in LF, CRLF or (old Mac text) CR, a UTF-8 byte-order mark may start the
//! input, and trailing spaces and tabs are ignored. As `scanf("%d%d")` reads it, a header may be
//! split over two lines of one number each (blank lines between them); its rows then follow its
//! second line. Any size is
//! accepted (POJ's bounds are 3 to 500), up to the memory limit ([`PackReader::max_memory`]), and
//! levels need no `#` border: everything outside the grid is empty.
//!
//! The extension (`docs/LEVELS.md`) adds the cells `S` (soft switch), `H` (heavy switch), `V`
//! (split switch), `B` (bridge tile, present at the start) and `-` (bridge tile, absent at the
//! start), and after the rows one definition line per switch and per split switch
//! (`switch R C: on R C, off R C, toggle R C`, `split R C: R C, R C`; 1-based, see
//! `definitions.rs`). Lines whose first character other than a space or tab is `;` are comments,
//! allowed wherever a header or a definition may stand. A POJ 3322 pack is a pack of this format.
//!
//! # Recovery
//!
//! A level with an error is reported once (its first error) and skipped up to the next line that
//! looks like a header (two whole numbers and nothing else: no row of cells can look like that),
//! so every other level is still read. A level cut off by a blank line, by a header or by the end
//! of the input is an error too. Stray lines where a header belongs count as one unreadable level.
//! A level's definition lines (and the comments and blank lines among them) belong to it: a level
//! with an error in its rows or its definitions is skipped up to the next header, past its
//! remaining definition lines.
//!
//! Nothing here allocates except the level's grid, and that only after the header's size has been
//! checked against the memory limit, and the lists of special cells of levels that have them.
//!
//! # Lines
//!
//! The reader takes its lines from a byte slice ([`PackReader::new`]) or a byte stream
//! (`PackReader::from_reader`), and reads the same levels from both. A line is kept whole up to
//! [`pack_line_limit`] bytes: the longest row a level within the memory limit can have, plus
//! 64 KiB. A longer line (a header, row or definition line) is an error of its level
//! ([`TextSyntax::LineTooLong`]), and a reader over a stream never holds more of it.

use std::io::Read;

use super::definitions::{self, Definition, Written};
use super::syntax::{CutBy, TextSyntax};
use crate::bloxorz::model::level::Level;
use crate::bloxorz::model::moves::bytes_needed;
use crate::bloxorz::read::builder::{Builder, Part, Where};
use crate::bloxorz::read::error::{ErrorKind, LevelError, Limit, Notation};
use crate::bloxorz::read::source::{Chunk, LevelSource};
use crate::text::stream::StreamLines;
use crate::text::{
    Line, LineSource, Lines, Position, column_of, describe_at, describe_digits, digits_at,
};

/// The default memory limit for one level, 2 GiB (see [`PackReader::max_memory`]).
pub const DEFAULT_MAX_MEMORY: u64 = 2 << 30;

/// Where the next line of `lines` that holds more than blanks or comments starts (at its first
/// character other than a blank); that line is consumed.
fn first_unskipped(lines: &mut impl LineSource) -> Option<Position> {
    let limit = lines.line_limit();
    loop {
        let line = lines.next_line()?;
        if line.text.len() > limit || !skipped(&line) {
            let column = line.text.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
            return Some(line.position(column));
        }
    }
}

/// Remembers `line` (a line skipped between levels or among definitions) in `comment` when it
/// is a comment: its line number and its text after the `;`, the title of a level whose header
/// follows it ([`Level::title`]).
fn note_comment(comment: &mut Option<(usize, String)>, line: &Line<'_>) {
    if let Some(semicolon) = line.text.iter().position(|&b| b == b';')
        && !line.is_blank()
    {
        let text = String::from_utf8_lossy(&line.text[semicolon + 1..]).into_owned();
        *comment = Some((line.position(0).line, text));
    }
}

/// True for a line the reader skips between levels: blank, or a comment.
fn skipped(line: &Line<'_>) -> bool {
    line.is_blank() || definitions::is_comment(line.text)
}

/// The longest line, in bytes, a reader with the memory limit `max_memory` keeps whole: the
/// longest row of a level within the limit (a level of one row needs [`bytes_needed`]`(1, C)`,
/// `80 * C + 320` bytes), plus 64 KiB for trailing characters and definition lines. A longer
/// line is [`TextSyntax::LineTooLong`].
pub fn pack_line_limit(max_memory: u64) -> usize {
    const SLACK: u64 = 64 * 1024;
    let per_column = bytes_needed(1, 1).unwrap_or(1) - bytes_needed(1, 0).unwrap_or(0);
    let longest_row = max_memory / per_column.max(1);
    usize::try_from(longest_row.saturating_add(SLACK)).unwrap_or(usize::MAX)
}

/// Where level cell `(row, col)` (0-based) is in a text pack, for a level whose `R C` header is
/// at `header` (its [`Level::origin`] when [`PackReader`] read it): the rows follow the header
/// line by line and cells are ASCII, so the cell is on line `header.line + 1 + row`, character
/// `col + 1`.
pub fn cell_position(header: Position, (row, col): (usize, usize)) -> Position {
    Position { line: header.line + 1 + row, column: col + 1 }
}

/// What a header line says.
enum Header {
    /// `0 0`: the end of the pack.
    End,
    /// A level of this many rows and columns.
    Size(u64, u64),
}

/// True when `text` is one or two runs of ASCII digits separated (and possibly preceded) by
/// blanks: the shape of a header (or of the first line of one split over lines), which no row of
/// cells can have.
fn looks_like_header(text: &[u8]) -> bool {
    // Rows of cells are rejected at their first byte.
    if !text.first().is_some_and(|b| b.is_ascii_digit() || b.is_ascii_whitespace()) {
        return false;
    }
    let mut tokens = text.split(|b| b.is_ascii_whitespace()).filter(|t| !t.is_empty());
    let is_number = |t: &[u8]| t.iter().all(u8::is_ascii_digit);
    match (tokens.next(), tokens.next(), tokens.next()) {
        (Some(a), Some(b), None) => is_number(a) && is_number(b),
        (Some(a), None, None) => is_number(a),
        _ => false,
    }
}

/// The value of `text` when it is one whole number below 2^64 between blanks, as the first line
/// of a header split over lines.
fn lone_number(text: &[u8]) -> Option<u64> {
    let begin = text.iter().position(|b| !b.is_ascii_whitespace())?;
    let (end, value) = digits_at(text, begin);
    (end > begin && text[end..].iter().all(u8::is_ascii_whitespace)).then_some(value).flatten()
}

/// Parses a header line into its two numbers (each below 2^64), or says what is wrong
/// and at which byte.
fn parse_header(text: &[u8]) -> Result<Header, (usize, TextSyntax)> {
    let mut i = 0;
    let mut numbers = [0u64; 2];
    for (k, n) in numbers.iter_mut().enumerate() {
        while i < text.len() && text[i].is_ascii_whitespace() {
            i += 1;
        }
        let begin = i;
        let value;
        (i, value) = digits_at(text, begin);
        let Some(value) = value else {
            let expected = if k == 0 {
                "a number of rows below 2^64"
            } else {
                "a number of columns below 2^64"
            };
            let found = describe_digits(&text[begin..i]);
            return Err((begin, TextSyntax::BadHeader { expected, found }));
        };
        *n = value;
        let ends_well = i == text.len() || text[i].is_ascii_whitespace();
        if i == begin || !ends_well {
            let expected = match (k, i == begin) {
                (0, true) => "the number of rows",
                (1, true) => "the number of columns",
                _ => "a digit or a space",
            };
            return Err((i, TextSyntax::BadHeader { expected, found: describe_at(text, i) }));
        }
    }
    while i < text.len() && text[i].is_ascii_whitespace() {
        i += 1;
    }
    if i < text.len() {
        let found = describe_at(text, i);
        return Err((i, TextSyntax::BadHeader { expected: "the end of the line", found }));
    }
    match numbers {
        [0, 0] => Ok(Header::End),
        [rows, cols] if rows == 0 || cols == 0 => Err((
            text.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0),
            TextSyntax::ZeroSize { rows, cols },
        )),
        [rows, cols] => Ok(Header::Size(rows, cols)),
    }
}

/// Reads the levels of a pack one after another from a [`LineSource`]: a byte slice, without
/// copying it ([`PackReader::new`]), or a byte stream (through
/// [`LevelInput::from_reader`](crate::bloxorz::LevelInput::from_reader)), which read the same
/// levels from the same bytes.
///
/// Use [`PackReader::read_into`] to reuse one [`Level`]'s buffer for every level, or iterate to
/// get a fresh `Level` per level. Either way each level is `Ok` or a [`LevelError`], and reading
/// goes on after an error (see the module docs).
///
/// ```
/// use flipblox::bloxorz::PackReader;
/// let pack = b"3 4\nX..O\n#..#\n#E.#\n\n2 2\nXq\n.O\n0 0\n";
/// let mut levels = PackReader::new(pack);
/// let first = levels.next().unwrap().unwrap();
/// assert_eq!((first.rows(), first.cols(), first.target()), (3, 4, (0, 3)));
/// let err = levels.next().unwrap().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "7:2: level 2: expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found 'q'"
/// );
/// assert!(levels.next().is_none());
/// ```
#[derive(Debug, Clone)]
pub struct PackReader<S> {
    lines: S,
    levels: usize,
    max_memory: u64,
    done: bool,
    /// The pack ended at a `0 0` line.
    terminated: bool,
    /// Levels laid out plainly in text held whole are read without splitting lines (see
    /// [`read_plain_level`]); false after [`PackReader::line_by_line`].
    plain_first: bool,
    /// The last comment line skipped: its line number and its text (the title of a level
    /// whose header is on the next line, [`Level::title`]).
    comment: Option<(usize, String)>,
}

/// Where a level's header is: its first character, and its line (column 1); and its last
/// number, which its rows follow (the first character too, unless the header is split over
/// lines).
#[derive(Debug, Clone, Copy)]
struct HeaderAt {
    first: Position,
    line: Position,
    origin: Position,
}

impl<'a> PackReader<Lines<'a>> {
    /// Starts reading the pack in `bytes`, with the default memory limit (2 GiB).
    pub fn new(bytes: &'a [u8]) -> PackReader<Lines<'a>> {
        PackReader::from_lines(Lines::new(bytes))
    }
}

impl<'a> PackReader<Lines<'a>> {
    /// A reader of `text`, whole lines of a pack's input (ended by `\n`) that start at line
    /// `first_line` and where a reader of the input would stand between levels, after
    /// `levels_before` levels, with the memory limit `max_memory` (see [`Chunk::reader`]).
    pub(crate) fn continuing(
        text: &'a [u8],
        first_line: usize,
        levels_before: usize,
        max_memory: u64,
    ) -> PackReader<Lines<'a>> {
        let lines = Lines::starting_at(text, usize::MAX, 0, first_line);
        let mut reader = PackReader::from_lines(lines).max_memory(max_memory);
        reader.levels = levels_before;
        reader
    }
}

impl Chunk {
    /// A reader of the chunk's levels: it returns them as the reader that took them would have
    /// (the same levels, errors, level numbers and positions; its
    /// [`PackReader::offset`] counts from [`Chunk::offset`]), then
    /// `None`.
    pub fn reader(&self) -> PackReader<Lines<'_>> {
        PackReader::continuing(&self.text, self.first_line, self.levels_before, self.max_memory)
    }
}

impl<R: Read> PackReader<StreamLines<R>> {
    /// Starts reading the pack in the byte stream `reader`, with the default memory limit
    /// (2 GiB): it holds one line at a time, of at most the longest row a level within the memory
    /// limit can have plus 64 KiB (and the level being read), and reads the same levels as
    /// [`PackReader::new`] over the same bytes.
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn from_reader(reader: R) -> PackReader<StreamLines<R>> {
        PackReader::from_lines(StreamLines::new(reader, 0))
    }
}

impl<S: LineSource> PackReader<S> {
    /// Starts reading the pack in the lines of `lines`, with the default memory limit; the line
    /// limit follows the memory limit.
    pub fn from_lines(mut lines: S) -> PackReader<S> {
        lines.set_line_limit(pack_line_limit(DEFAULT_MAX_MEMORY));
        PackReader {
            lines,
            levels: 0,
            max_memory: DEFAULT_MAX_MEMORY,
            done: false,
            terminated: false,
            plain_first: true,
            comment: None,
        }
    }

    /// Reads every level line by line. By default, where the input is held whole in memory
    /// ([`LineSource::rest`]: a slice or a mapped file of LF or CRLF text), a level whose
    /// header is two plain numbers, whose rows are all exactly `C` cells each followed by `\n`
    /// and that has no error goes from the text to the level without splitting lines (cheaper
    /// on packs of small levels: docs/PERFORMANCE.md); any other level is read line by line
    /// from its start, so levels, errors, positions and offsets are the same either way. This
    /// switch gives the plain reader those are compared with in the tests.
    ///
    /// ```
    /// use flipblox::bloxorz::PackReader;
    /// let pack = b"1 3\nX.O\n\n2 2\nXO\n..\n0 0\n";
    /// let fast: Vec<_> = PackReader::new(pack).map(|l| l.unwrap().to_string()).collect();
    /// let plain: Vec<_> =
    ///     PackReader::new(pack).line_by_line().map(|l| l.unwrap().to_string()).collect();
    /// assert_eq!(fast, plain);
    /// ```
    pub fn line_by_line(mut self) -> PackReader<S> {
        self.plain_first = false;
        self
    }

    /// Sets the memory limit for one level, in bytes: a header whose level would need more
    /// ([`Level::bytes_needed`](crate::bloxorz::Level::bytes_needed)) is refused with a
    /// [`LevelError`] over the memory limit before anything is allocated. The line limit follows
    /// it (the longest row a level within the limit can have, plus 64 KiB); set it before
    /// reading.
    pub fn max_memory(mut self, limit: u64) -> PackReader<S> {
        self.max_memory = limit;
        self.lines.set_line_limit(pack_line_limit(limit));
        self
    }

    /// How many levels have been started so far (read, or failed): the number of the level the
    /// last call returned.
    pub fn levels_started(&self) -> usize {
        self.levels
    }

    /// Byte offset of the next line to be read (the input's length once exhausted).
    pub fn offset(&self) -> usize {
        self.lines.offset()
    }

    /// The line source (e.g. to take a stream's read error once reading is done).
    pub fn lines_mut(&mut self) -> &mut S {
        &mut self.lines
    }

    /// Once the reader has ended at a `0 0` line: where the first line after it that holds
    /// more than blanks and comments is (at its first character), if any. POJ 3322 ends the
    /// input at `0 0`, so nothing after it is read as levels; this lets a caller warn that
    /// something there (say a second pack joined with `cat`) was not read. It reads lines up to
    /// that one (over a stream: until it comes or the input ends). `None` when nothing follows,
    /// or the pack did not end at `0 0`.
    ///
    /// ```
    /// use flipblox::bloxorz::PackReader;
    /// let mut reader = PackReader::new(b"1 2\nXO\n0 0\n\n1 2\nXO\n");
    /// while reader.next().is_some() {}
    /// assert_eq!(reader.ignored_after_end().map(|p| (p.line, p.column)), Some((5, 1)));
    /// ```
    pub fn ignored_after_end(&mut self) -> Option<Position> {
        if !self.terminated {
            return None;
        }
        self.terminated = false;
        first_unskipped(&mut self.lines)
    }

    /// Reads the next level into `level`, reusing its buffer.
    ///
    /// Returns `None` at `0 0` or at the end of the input, `Some(Ok(()))` when `level` now holds
    /// the next level, and `Some(Err(e))` for a level that could not be read (`level` then holds
    /// nothing useful).
    ///
    /// # Errors
    ///
    /// A [`LevelError`] naming the level, the line and column and the problem: a bad header, a
    /// level too large for the memory limit, a bad cell, a short or long row, a level cut off, a
    /// wrong number of `O` or `X`, a bad or missing definition of a switch or split switch, or a
    /// line longer than the line limit.
    pub fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        if self.done {
            return None;
        }
        if self.plain_first && self.read_plain(level) {
            return Some(Ok(()));
        }
        let limit = self.lines.line_limit();
        let header = loop {
            match self.lines.next_line() {
                None => {
                    self.done = true;
                    return None;
                }
                Some(line) if line.text.len() <= limit && skipped(&line) => {
                    note_comment(&mut self.comment, &line);
                    continue;
                }
                Some(line) => break line,
            }
        };
        self.levels += 1;
        let number = self.levels;
        let fail = |position: Position, kind: ErrorKind| {
            Some(Err(LevelError { level: number, position: Some(position), kind }))
        };
        let parsed = if header.text.len() > limit {
            Err((limit, TextSyntax::LineTooLong { limit }))
        } else {
            parse_header(header.text)
        };
        let first = header.text.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
        let first_at = header.position(first);
        let mut at = HeaderAt { first: first_at, line: header.position(0), origin: first_at };
        let mut parsed = parsed.map_err(|(byte, syntax)| (header.position(byte), syntax));
        // `scanf("%d%d")` reads the two numbers across lines: a line of one number, then blank
        // lines, then a line of one number make one header.
        let split = (parsed.is_err() && header.text.len() <= limit)
            .then(|| lone_number(header.text))
            .flatten();
        if let Some(rows) = split
            && let Some((cols, origin)) = self.second_header_number()
        {
            at.origin = origin;
            parsed = match (rows, cols) {
                (0, 0) => Ok(Header::End),
                (0, _) | (_, 0) => Err((at.first, TextSyntax::ZeroSize { rows, cols })),
                _ => Ok(Header::Size(rows, cols)),
            };
        }
        let (rows, cols) = match parsed {
            Ok(Header::End) => {
                self.levels -= 1;
                self.done = true;
                self.terminated = true;
                return None;
            }
            Ok(Header::Size(rows, cols)) => (rows, cols),
            Err((position, syntax)) => {
                let result = fail(position, ErrorKind::Text(syntax));
                self.skip_to_header();
                return result;
            }
        };
        let needed = bytes_needed(rows, cols);
        if needed.is_none_or(|n| n > self.max_memory) {
            let kind =
                ErrorKind::Limit(Limit::TooLarge { rows, cols, needed, limit: self.max_memory });
            let result = fail(at.first, kind);
            self.skip_to_header();
            return result;
        }
        // bytes_needed fits u64 and counts more than rows * cols, so both fit usize on 64-bit
        // targets; on smaller targets try_from refuses what does not fit.
        let (Ok(rows), Ok(cols)) = (usize::try_from(rows), usize::try_from(cols)) else {
            let limit = self.max_memory;
            let kind = ErrorKind::Limit(Limit::TooLarge { rows, cols, needed: None, limit });
            let result = fail(at.line, kind);
            self.skip_to_header();
            return result;
        };
        if let Err(e) = level.reserve(rows, cols) {
            let result = fail(at.first, ErrorKind::Limit(Limit::CannotAllocate(e)));
            self.skip_to_header();
            return result;
        }
        // Taken before the rows: the comments among the level's definitions come after it.
        let title = self.title_before(at.line.line).map(str::to_owned);
        let result = self.read_rows(level, at, rows, cols);
        if let Err((position, kind)) = result {
            return fail(position, kind);
        }
        level.set_title(title.as_deref());
        Some(Ok(()))
    }

    /// Reads the `rows` rows of a level whose header is at `at` and its definition lines,
    /// checks them, and fills `level`. On an error in a row or a definition it skips to the next
    /// header before returning.
    fn read_rows(
        &mut self,
        level: &mut Level,
        at: HeaderAt,
        rows: usize,
        cols: usize,
    ) -> Result<(), (Position, ErrorKind)> {
        let mut builder = Builder::begin(level, rows, cols, Notation::Text);
        level.set_origin(at.origin);
        let limit = self.lines.line_limit();
        for r in 0..rows {
            let cut = |by| ErrorKind::Text(TextSyntax::CutOff { expected: rows, found: r, by });
            let Some(line) = self.lines.next_line() else {
                self.done = true;
                return Err((self.lines.end_position(), cut(CutBy::EndOfInput)));
            };
            let too_long = line.text.len() > limit;
            if !too_long && line.is_blank() {
                let position = line.position(0);
                self.skip_to_header();
                return Err((position, cut(CutBy::BlankLine)));
            }
            if !too_long && looks_like_header(line.text) {
                let position = line.position(0);
                // Leave the header for the next level.
                self.lines.unread();
                return Err((position, cut(CutBy::Header)));
            }
            if let Err(e) = read_row(&mut builder, level, &line, r, cols, limit) {
                self.skip_to_header();
                return Err(e);
            }
        }
        if let Err(e) = self.read_definitions(&mut builder, level) {
            self.skip_to_header();
            return Err(e);
        }
        builder.finish(level).map_err(|(place, kind)| match place {
            Where::Level => (at.line, kind),
            Where::Cell(r, c) => (cell_position(at.origin, (r, c)), kind),
        })
    }

    /// Reads the definition lines after a level's rows (and the blank and comment lines among
    /// them), up to the first line that is none of these, which is left for the next level.
    fn read_definitions(
        &mut self,
        builder: &mut Builder,
        level: &mut Level,
    ) -> Result<(), (Position, ErrorKind)> {
        let limit = self.lines.line_limit();
        loop {
            let Some(line) = self.lines.next_line() else { return Ok(()) };
            let too_long = line.text.len() > limit;
            if !too_long && skipped(&line) {
                note_comment(&mut self.comment, &line);
                continue;
            }
            if !definitions::is_definition(line.text) {
                self.lines.unread();
                return Ok(());
            }
            if too_long {
                let kind = ErrorKind::Text(TextSyntax::LineTooLong { limit });
                return Err((line.position(limit), kind));
            }
            let definition = definitions::parse(line.text)
                .map_err(|(at, syntax)| (line.position(at), ErrorKind::Text(syntax)))?;
            // Definitions name cells 1-based; the builder takes them 0-based.
            let cell_of = |(row, col): Written| (row - 1, col - 1);
            let placed = match &definition {
                Definition::Switch { cell, actions, end } => {
                    let named: Vec<_> =
                        actions.iter().map(|&(a, tile, _)| (a, cell_of(tile))).collect();
                    builder.switch(level, cell_of(cell.0), &named).map_err(|(part, kind)| {
                        let at = match part {
                            Part::Cell => cell.1,
                            Part::Item(i) => actions[i].2,
                            Part::End => *end,
                        };
                        (at, kind)
                    })
                }
                Definition::Split { cell, targets } => builder
                    .split(level, cell_of(cell.0), [cell_of(targets[0].0), cell_of(targets[1].0)])
                    .map_err(|(part, kind)| {
                        let at = match part {
                            Part::Cell | Part::End => cell.1,
                            Part::Item(i) => targets[i.min(1)].1,
                        };
                        (at, kind)
                    }),
            };
            placed.map_err(|(at, kind)| (line.position(at), kind))?;
        }
    }

    /// The second number of a header split over lines, after a line of one number: the next
    /// line that is not blank, when it is one number (consumed, with the blank lines before
    /// it), with the position of the number; `None` otherwise (nothing after the blank lines is
    /// consumed).
    fn second_header_number(&mut self) -> Option<(u64, Position)> {
        let limit = self.lines.line_limit();
        loop {
            let line = self.lines.peek_line()?;
            if line.text.len() > limit {
                return None;
            }
            if line.is_blank() {
                self.lines.next_line();
                continue;
            }
            let value = lone_number(line.text)?;
            let begin = line.text.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(0);
            let position = line.position(begin);
            self.lines.next_line();
            return Some((value, position));
        }
    }

    /// Takes the next levels as a [`Chunk`] (see [`LevelSource::take_chunk`]): each level
    /// must have a plain header line (two numbers without leading zeros, one space, nothing
    /// else), at most 2^16 cells within the memory limit, and rows that
    /// start with a character other than a digit or a blank, then only empty lines (at most
    /// 64) up to the next plain header or the end of the input, and
    /// every line ended by `\n`. Its rows are not checked here: whatever they hold, the reader
    /// of the chunk reads them as this reader would, since a level so laid out ends at the next
    /// header in either. The first level that is laid out otherwise (definition lines,
    /// comments, a `0 0` line, a row that looks like a header, an input in old Mac text or
    /// read from a stream) ends the chunk and is left to [`PackReader::read_into`].
    pub fn take_chunk(&mut self, chunk: &mut Chunk, max_weight: usize, max_levels: usize) -> bool {
        chunk.clear();
        if self.done {
            return false;
        }
        let limit = self.lines.line_limit();
        let Some((rest, first_line)) = self.lines.rest() else { return false };
        if self.title_before(first_line).is_some() {
            // The next level may have a title: it is read here, which gives it.
            return false;
        }
        let max_memory = self.max_memory;
        // The levels are followed without counting the `\n` among their rows, then the chunk's
        // `\n` are counted at once: a row holding one (so that the lines are not where they
        // were taken to be) makes the counts differ, and the levels are followed again, counting
        // each level's.
        let take = |count_rows| {
            let (mut taken, mut lines, mut weight, mut levels) = (0, 0, 0, 0);
            let mut header = None;
            // The text is bounded by the weight too: rows may carry any number of trailing
            // blanks (up to the line limit), which the cells do not count.
            while levels < max_levels && weight < max_weight && taken < max_weight {
                let Some(level) = scan_level(&rest[taken..], header, limit, max_memory, count_rows)
                else {
                    break;
                };
                taken += level.bytes;
                lines += level.lines;
                weight += level.cells + Chunk::LEVEL_WEIGHT;
                levels += 1;
                header = level.next;
            }
            (taken, lines, weight, levels)
        };
        let (mut taken, mut lines, mut weight, mut levels) = take(false);
        if levels > 0 && newlines(&rest[..taken]) != lines {
            (taken, lines, weight, levels) = take(true);
        }
        if levels == 0 {
            return false;
        }
        chunk.text.extend_from_slice(&rest[..taken]);
        chunk.first_line = first_line;
        chunk.offset = self.lines.offset();
        chunk.levels_before = self.levels;
        chunk.levels = levels;
        chunk.weight = weight;
        chunk.max_memory = self.max_memory;
        self.lines.skip_lines(taken, lines);
        self.levels += levels;
        true
    }

    /// Reads the next level when it is laid out plainly and has no error ([`read_plain_level`]),
    /// as [`PackReader::read_into`] would read it; false, with nothing consumed, otherwise.
    fn read_plain(&mut self, level: &mut Level) -> bool {
        let limit = self.lines.line_limit();
        let Some((rest, first_line)) = self.lines.rest() else { return false };
        let Some(read) = read_plain_level(rest, first_line, limit, self.max_memory, level) else {
            return false;
        };
        self.lines.skip_lines(read.bytes, read.lines);
        self.levels += 1;
        let header = level.origin().map_or(first_line, |at| at.line);
        level.set_title(self.title_before(header));
        true
    }

    /// The text of the comment on the line right before line `header`, if there is one.
    fn title_before(&self, header: usize) -> Option<&str> {
        self.comment.as_ref().filter(|(line, _)| line + 1 == header).map(|(_, text)| text.as_str())
    }

    /// Skips lines up to (not including) the next line that looks like a header (noting the
    /// comments on the way: the last may be the next level's title).
    fn skip_to_header(&mut self) {
        let limit = self.lines.line_limit();
        while let Some(line) = self.lines.next_line() {
            if line.text.len() <= limit && looks_like_header(line.text) {
                self.lines.unread();
                return;
            }
            if line.text.len() <= limit && definitions::is_comment(line.text) {
                note_comment(&mut self.comment, &line);
            }
        }
    }
}

/// The largest level [`PackReader::take_chunk`] takes, in cells: larger ones are few, and
/// reading them is little against searching them.
const CHUNK_CELLS: usize = 1 << 16;

/// The most empty lines [`PackReader::take_chunk`] takes before and after a level.
const CHUNK_BLANKS: usize = 64;

/// The extent of one level laid out as [`PackReader::take_chunk`] takes them.
struct Scanned {
    /// Bytes, up to the next header or the end of the input.
    bytes: usize,
    /// Lines (all ended by `\n`).
    lines: usize,
    /// Cells (rows times columns).
    cells: usize,
    /// The next level's header (see [`plain_header`]), if the input goes on.
    next: Option<PlainHeader>,
}

/// A number of a plain header at byte `i` of `bytes`: 1 to 6 digits, the first not 0; its value
/// and the index just past it.
#[inline]
fn plain_number(bytes: &[u8], mut i: usize) -> Option<(usize, usize)> {
    let first = *bytes.get(i)?;
    if !(b'1'..=b'9').contains(&first) {
        return None;
    }
    let mut value = usize::from(first - b'0');
    let end = i + 6;
    i += 1;
    while i < end {
        match bytes.get(i) {
            Some(&b) if b.is_ascii_digit() => value = value * 10 + usize::from(b - b'0'),
            _ => break,
        }
        i += 1;
    }
    Some((value, i))
}

/// The length of the empty line (`\n` or `\r\n`) at the start of `bytes`, if it starts with one.
#[inline]
fn empty_line(bytes: &[u8]) -> Option<usize> {
    match bytes {
        [b'\n', ..] => Some(1),
        [b'\r', b'\n', ..] => Some(2),
        _ => None,
    }
}

/// A plain header line: rows, columns, and the line's length in bytes (see [`plain_header`]).
type PlainHeader = (usize, usize, usize);

/// The size in a plain header line at the start of `bytes` (`R C`, then `\n` or `\r\n`), and
/// the line's length.
#[inline]
fn plain_header(bytes: &[u8]) -> Option<PlainHeader> {
    let (rows, i) = plain_number(bytes, 0)?;
    if bytes.get(i) != Some(&b' ') {
        return None;
    }
    let (cols, i) = plain_number(bytes, i + 1)?;
    match bytes.get(i..i + 2)? {
        [b'\n', _] => Some((rows, cols, i + 1)),
        [b'\r', b'\n'] => Some((rows, cols, i + 2)),
        _ => None,
    }
}

/// Follows the level at the start of `bytes` line by line as [`PackReader::take_chunk`] takes
/// levels: `None` when it is laid out otherwise. `header` is its header when the scan of the
/// level before has read it (`bytes` then starts with it). Without `count_rows`, rows of `C`
/// bytes and a `\n` are taken as such without looking for a `\n` among their bytes: the
/// caller then counts the `\n` of all the levels it takes.
fn scan_level(
    bytes: &[u8],
    header: Option<PlainHeader>,
    limit: usize,
    max_memory: u64,
    count_rows: bool,
) -> Option<Scanned> {
    let (mut at, mut lines) = match header {
        Some(_) => (0, 0),
        None => skip_blanks(bytes, 0)?,
    };
    let (rows, cols, n) = match header {
        Some(header) => header,
        None => plain_header(&bytes[at..])?,
    };
    let cells = plain_cells(rows, cols, max_memory)?;
    at += n;
    lines += 1;
    // Most levels have rows of `cols` bytes ended by `\n`: then the line ends are at fixed
    // places, and the only `\n` among the rows are those.
    let stride = cols + 1;
    if cols <= limit
        && let Some(block) = bytes.get(at..at + rows * stride)
        && block
            .chunks_exact(stride)
            .all(|row| row.first().is_some_and(|&b| is_row_start(b)) && row.last() == Some(&b'\n'))
        && (!count_rows || newlines(block) == rows)
    {
        at += block.len();
        lines += rows;
    } else {
        at = scan_rows(bytes, at, rows, cols, limit)?;
        lines += rows;
    }
    let (at, blanks, next) = level_end(bytes, at)?;
    Some(Scanned { bytes: at, lines: lines + blanks, cells, next })
}

/// Reads the level at the start of `bytes` (whose first line is line `first_line` of the
/// input) into `level` when it is laid out as [`scan_level`] follows levels, its rows are
/// exactly `C` bytes each followed by `\n`, and it is read without an error: then
/// [`PackReader::read_into`] would read the same level, with the same origin, and stop at the
/// same place (the next header, past the empty lines). `None` otherwise, `level` then holding
/// nothing useful (the reader starts it again).
fn read_plain_level(
    bytes: &[u8],
    first_line: usize,
    limit: usize,
    max_memory: u64,
    level: &mut Level,
) -> Option<Scanned> {
    let (mut at, before) = skip_blanks(bytes, 0)?;
    let (rows, cols, n) = plain_header(&bytes[at..])?;
    let cells = plain_cells(rows, cols, max_memory).filter(|_| cols <= limit)?;
    at += n;
    let stride = cols + 1;
    let block = bytes.get(at..at + rows * stride)?;
    level.reserve(rows, cols).ok()?;
    let mut builder = Builder::begin(level, rows, cols, Notation::Text);
    level.set_origin(Position { line: first_line + before, column: 1 });
    // A row holding a `\n` (or any other byte that is no cell) fails in the builder, so rows
    // read here are whole lines of exactly `cols` cells, as the line reader would give them.
    for (r, row) in block.chunks_exact(stride).enumerate() {
        if row.last() != Some(&b'\n') {
            return None;
        }
        builder.row(level, r, &row[..cols]).ok()?;
    }
    let (at, after, next) = level_end(bytes, at + block.len())?;
    builder.finish(level).ok()?;
    Some(Scanned { bytes: at, lines: before + 1 + rows + after, cells, next })
}

/// The cells of a level of `rows` x `cols` from a plain header when the plain paths take it: at
/// most [`CHUNK_CELLS`] and within `max_memory` (any other is left to the line reader, which
/// reports it).
fn plain_cells(rows: usize, cols: usize, max_memory: u64) -> Option<usize> {
    let cells = rows.checked_mul(cols).filter(|&c| c <= CHUNK_CELLS)?;
    let fits = bytes_needed(rows as u64, cols as u64).is_some_and(|needed| needed <= max_memory);
    fits.then_some(cells)
}

/// Past a level whose rows end at byte `at` of `bytes`: where its empty lines end, how many
/// there are, and the next level's plain header ([`plain_header`]) when the input goes on;
/// `None` when there are more than [`CHUNK_BLANKS`] empty lines or the next line is no plain
/// header (the line reader then follows what comes).
fn level_end(bytes: &[u8], at: usize) -> Option<(usize, usize, Option<PlainHeader>)> {
    let (at, blanks) = skip_blanks(bytes, at)?;
    let next = if at < bytes.len() { Some(plain_header(&bytes[at..])?) } else { None };
    Some((at, blanks, next))
}

/// The number of `\n` in `bytes`.
fn newlines(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

/// Follows the empty lines from byte `at` of `bytes`: where they end and how many there are,
/// or `None` when there are more than [`CHUNK_BLANKS`].
fn skip_blanks(bytes: &[u8], mut at: usize) -> Option<(usize, usize)> {
    let mut blanks = 0;
    while let Some(n) = empty_line(&bytes[at..]) {
        at += n;
        blanks += 1;
        if blanks > CHUNK_BLANKS {
            return None;
        }
    }
    Some((at, blanks))
}

/// True when a line starting with `byte` is not blank and does not look like a header: read as
/// a row of its level, whatever it holds.
#[inline]
fn is_row_start(byte: u8) -> bool {
    !(byte.is_ascii_digit() || byte.is_ascii_whitespace())
}

/// Follows `rows` rows from byte `at` of `bytes` one line at a time: where they end, or `None`
/// when one is not read as a row or has no `\n` (see [`scan_level`]).
fn scan_rows(bytes: &[u8], mut at: usize, rows: usize, cols: usize, limit: usize) -> Option<usize> {
    for _ in 0..rows {
        let row = &bytes[at..];
        if !is_row_start(*row.first()?) {
            return None;
        }
        // Most rows are `cols` bytes long: look there first.
        let end = match row.get(cols) {
            Some(b'\n') if memchr::memchr(b'\n', &row[..cols]).is_none() => cols,
            _ => memchr::memchr(b'\n', row)?,
        };
        if end > limit {
            return None;
        }
        at += end + 1;
    }
    Some(at)
}

/// Reads row `r` of a level from `line` into `level` through `builder`, and checks its length.
fn read_row(
    builder: &mut Builder,
    level: &mut Level,
    line: &Line<'_>,
    r: usize,
    cols: usize,
    limit: usize,
) -> Result<(), (Position, ErrorKind)> {
    let text = line.text;
    builder.row(level, r, text).map_err(|(c, kind)| (line.position(c), kind))?;
    if text.len() < cols {
        let kind = ErrorKind::Text(TextSyntax::ShortRow { expected: cols, found: text.len() });
        return Err((line.position(text.len()), kind));
    }
    if text.len() > limit {
        return Err((line.position(cols), ErrorKind::Text(TextSyntax::LineTooLong { limit })));
    }
    if text.len() > cols {
        let found = column_of(text, text.len()) - 1;
        let kind = ErrorKind::Text(TextSyntax::LongRow { expected: cols, found });
        return Err((line.position(cols), kind));
    }
    Ok(())
}

impl<S: LineSource> LevelSource for PackReader<S> {
    fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        PackReader::read_into(self, level)
    }

    fn levels_started(&self) -> usize {
        PackReader::levels_started(self)
    }

    fn offset(&self) -> usize {
        PackReader::offset(self)
    }

    fn would_block(&mut self) -> bool {
        !self.done && self.lines.would_block()
    }

    fn take_chunk(&mut self, chunk: &mut Chunk, max_weight: usize, max_levels: usize) -> bool {
        PackReader::take_chunk(self, chunk, max_weight, max_levels)
    }
}

impl<S: LineSource> Iterator for PackReader<S> {
    type Item = Result<Level, LevelError>;

    /// Reads the next level into a fresh [`Level`] (see [`PackReader::read_into`]).
    fn next(&mut self) -> Option<Result<Level, LevelError>> {
        let mut level = Level::new();
        self.read_into(&mut level).map(|r| r.map(|()| level))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bloxorz::model::level::{Orientation, Placement};

    /// Every level of `text` as `Ok((rows, cols))` or `Err(message)`.
    fn read_all(text: &str) -> Vec<Result<(usize, usize), String>> {
        PackReader::new(text.as_bytes())
            .map(|r| r.map(|l| (l.rows(), l.cols())).map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn a_stream_reads_its_one_level() {
        let input = std::io::Cursor::new(b"1 3\nX.O\n0 0\n".to_vec());
        let levels: Vec<_> = PackReader::from_reader(input).collect();
        assert_eq!(levels.len(), 1);
    }

    #[test]
    fn crlf_trailing_blanks_blank_lines_and_a_missing_terminator_are_fine() {
        let text = "\r\n  3 3  \r\nX.O \r\n...\t\r\n...\r\n\r\n\r\n1 2\nXO";
        assert_eq!(read_all(text), vec![Ok((3, 3)), Ok((1, 2))]);
        let mut levels = PackReader::new(text.as_bytes());
        let first = levels.next().unwrap().unwrap();
        assert_eq!(first.start(), Placement::standing(0, 0));
        assert_eq!(first.target(), (0, 2));
    }

    #[test]
    fn packs_as_c_programs_read_them() {
        // A byte-order mark, a header split over lines or spaced out, old Mac line endings.
        let cases: &[&[u8]] = &[
            b"\xEF\xBB\xBF1 3\nX.O\n0 0\n",
            b"1\n3\nX.O\n0\n0\n",
            b"  1 \n\n\t 3\nX.O\n",
            b"  1 \t   3  \nX.O\n",
            b"1 3\rX.O\r0 0\r",
            b"\xEF\xBB\xBF1\r3\rX.O\r",
        ];
        for pack in cases {
            let levels: Vec<_> = PackReader::new(pack).map(|l| l.map(|l| l.to_string())).collect();
            assert_eq!(levels, vec![Ok("1 3\nX.O\n".to_string())], "{:?}", pack.escape_ascii());
            let stream: Vec<_> =
                PackReader::from_reader(&pack[..]).map(|l| l.map(|l| l.to_string())).collect();
            assert_eq!(stream, levels);
        }
        // Positions stay right: after a byte-order mark, below a split header, in Mac text.
        let err = |pack: &[u8]| PackReader::new(pack).next().unwrap().unwrap_err().to_string();
        assert!(err(b"\xEF\xBB\xBF1 3\nXqO\n").starts_with("2:2: level 1: expected a cell"));
        assert!(err(b"1\n3\nXqO\n").starts_with("3:2: level 1: expected a cell"));
        assert!(err(b"2 3\rX.O\r.q.\r").starts_with("3:2: level 1: expected a cell"));
        assert_eq!(err(b"1\n  3\nX..\n"), "1:1: level 1: expected one target 'O', found none");
        assert_eq!(
            err(b"1\n0\nX..\n"),
            "1:1: level 1: expected at least 1 row and 1 column (or `0 0` to end the pack), found 1 0"
        );
        let mut reader = PackReader::new(b"1\r2\rXO\r0\r0\r\r1 2\rXO\r");
        assert!(reader.next().unwrap().is_ok());
        assert!(reader.next().is_none());
        assert_eq!(reader.ignored_after_end().map(|p| p.line), Some(7));
    }

    #[test]
    fn zero_zero_ends_the_pack_and_what_follows_is_not_read() {
        assert_eq!(read_all("1 2\nXO\n0 0\n1 2\nxx\n"), vec![Ok((1, 2))]);
        assert_eq!(read_all("0 0\n"), vec![]);
        assert_eq!(read_all(""), vec![]);
        assert_eq!(read_all("\n \n"), vec![]);
    }

    #[test]
    fn lying_starts_are_read_in_both_directions() {
        let mut levels = PackReader::new(b"2 3\nXX.\n..O\n2 2\nX.\nXO\n");
        let h = levels.next().unwrap().unwrap().start();
        assert_eq!(h, Placement { row: 0, col: 0, orientation: Orientation::Horizontal });
        let v = levels.next().unwrap().unwrap().start();
        assert_eq!(v, Placement { row: 0, col: 0, orientation: Orientation::Vertical });
    }

    #[test]
    fn every_error_names_line_column_and_level_and_the_next_level_is_read() {
        let cases: &[(&str, &str)] = &[
            (
                "3 x\n...\n",
                "1:3: level 1: expected the number of columns in the `R C` header, found 'x'",
            ),
            ("3x 4\n", "1:2: level 1: expected a digit or a space in the `R C` header, found 'x'"),
            (
                "3\n",
                "1:2: level 1: expected the number of columns in the `R C` header, found end of line",
            ),
            (
                "3 3 3\n",
                "1:5: level 1: expected the end of the line in the `R C` header, found '3'",
            ),
            ("X.O\n", "1:1: level 1: expected the number of rows in the `R C` header, found 'X'"),
            (
                "0 3\n",
                "1:1: level 1: expected at least 1 row and 1 column (or `0 0` to end the pack), found 0 3",
            ),
            ("1 3\nX.\n", "2:3: level 1: expected 3 cells in the row, found 2"),
            ("1 3\nX.O.\n", "2:4: level 1: expected 3 cells in the row, found 4 characters"),
            (
                "1 3\nX\u{e9}O\n",
                "2:2: level 1: expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found '\u{e9}'",
            ),
            ("2 3\nX.O\n\n", "3:1: level 1: expected 2 rows, found a blank line after 1"),
            ("1 3\n...\n", "1:1: level 1: expected one target 'O', found none"),
            ("1 3\nO..\n", "1:1: level 1: expected a start 'X', found none"),
            ("1 4\nOXO.\n", "2:3: level 1: expected one target 'O', found a second"),
            ("1 4\nXXOX\n", "2:4: level 1: expected one 'X' or two adjacent 'X', found a third"),
            (
                "2 2\nXO\n.X\n",
                "3:2: level 1: expected the two 'X' to be orthogonal neighbours, found them apart",
            ),
            (
                "1 4\nX.XO\n",
                "2:3: level 1: expected the two 'X' to be orthogonal neighbours, found them apart",
            ),
        ];
        for (bad, message) in cases {
            let text = format!("{bad}1 2\nXO\n");
            let got = read_all(&text);
            assert_eq!(got, vec![Err(message.to_string()), Ok((1, 2))], "{bad:?}");
        }
    }

    #[test]
    fn invalid_utf8_is_named_by_its_byte() {
        let err = PackReader::new(b"1 3\nX\xffO\n").next().unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            "2:2: level 1: expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found byte 0xFF"
        );
    }

    #[test]
    fn cut_off_levels_are_reported_where_they_end() {
        assert_eq!(
            read_all("3 3\nX.O\n1 2\nXO\n"),
            vec![
                Err("3:1: level 1: expected 3 rows, found the next `R C` header after 1".into()),
                Ok((1, 2))
            ]
        );
        assert_eq!(
            read_all("3 3\nX.O"),
            vec![Err("2:4: level 1: expected 3 rows, found the end of the input after 1".into())]
        );
        assert_eq!(
            read_all("2 3\nX.O\n0 0\n1 2\nXO\n"),
            vec![Err("3:1: level 1: expected 2 rows, found the next `R C` header after 1".into())]
        );
    }

    #[test]
    fn stray_lines_between_levels_count_as_one_unreadable_level() {
        let got = read_all("1 2\nXO\n..\n..\n1 2\nOX\n");
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], Ok((1, 2)));
        assert!(
            got[1].as_ref().unwrap_err().starts_with("3:1: level 2: expected the number of rows")
        );
        assert_eq!(got[2], Ok((1, 2)));
    }

    #[test]
    fn oversized_headers_are_refused_before_allocating() {
        let huge = "18446744073709551615 5\n";
        let err = PackReader::new(huge.as_bytes()).next().unwrap().unwrap_err();
        assert!(matches!(
            err.kind,
            ErrorKind::Limit(Limit::TooLarge { rows: u64::MAX, needed: None, .. })
        ));
        // A number past 2^64 is not mistaken for 2^64 - 1: it is named as written.
        let err = PackReader::new(b"18446744073709551616 5\n").next().unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:1: level 1: expected a number of rows below 2^64 in the `R C` header, found 18446744073709551616"
        );
        let err = PackReader::new(format!("2 {}\n", "9".repeat(100)).as_bytes()).next().unwrap();
        assert_eq!(
            err.unwrap_err().to_string(),
            "1:3: level 1: expected a number of columns below 2^64 in the `R C` header, found a number of 100 digits"
        );
        let mut reader = PackReader::new(b"20000 20000\n1 2\nXO\n").max_memory(1 << 30);
        let err = reader.next().unwrap().unwrap_err();
        let needed = bytes_needed(20_000, 20_000).unwrap();
        assert_eq!(
            err.kind,
            ErrorKind::Limit(Limit::TooLarge {
                rows: 20_000,
                cols: 20_000,
                needed: Some(needed),
                limit: 1 << 30
            })
        );
        assert!(reader.next().unwrap().is_ok());
        // The limit is inclusive.
        let exact = bytes_needed(1, 2).unwrap();
        assert!(PackReader::new(b"1 2\nXO\n").max_memory(exact).next().unwrap().is_ok());
        assert!(PackReader::new(b"1 2\nXO\n").max_memory(exact - 1).next().unwrap().is_err());
    }

    #[test]
    fn read_into_reuses_one_level_and_counts_levels() {
        let mut reader = PackReader::new(b"2 2\nXO\n..\n1 2\nq\n1 3\nX.O\n0 0\n");
        let mut level = Level::new();
        assert!(reader.read_into(&mut level).unwrap().is_ok());
        assert_eq!(reader.levels_started(), 1);
        assert!(reader.read_into(&mut level).unwrap().is_err());
        assert!(reader.read_into(&mut level).unwrap().is_ok());
        assert_eq!((level.rows(), level.cols(), reader.levels_started()), (1, 3, 3));
        assert_eq!(level.to_string(), "1 3\nX.O\n");
        assert!(reader.read_into(&mut level).is_none());
        assert!(reader.read_into(&mut level).is_none());
        assert_eq!(reader.levels_started(), 3);
    }

    #[test]
    fn chunks_take_plain_levels_and_leave_the_others_to_read_into() {
        // Level 1 is plain (a bad cell is the chunk reader's business), level 2 has a comment
        // after its rows, level 3 is followed by `0 0`.
        let pack = b"1 3\nXqO\n\n\n2 2\nXO\n..\n; c\n1 2\nXO\n0 0\n";
        let mut reader = PackReader::new(pack);
        let mut chunk = Chunk::default();
        let mut level = Level::new();
        assert!(reader.take_chunk(&mut chunk, usize::MAX, 10));
        assert_eq!((chunk.levels(), chunk.offset(), reader.levels_started()), (1, 0, 1));
        assert_eq!(reader.offset(), 10, "past the blank lines, at the next header");
        let mut part = chunk.reader();
        let err = part.read_into(&mut level).unwrap().unwrap_err();
        assert_eq!(err.to_string(), serial_error(pack));
        assert!(part.read_into(&mut level).is_none());
        assert_eq!(part.offset(), 10);
        assert!(!reader.take_chunk(&mut chunk, usize::MAX, 10));
        assert!(reader.read_into(&mut level).unwrap().is_ok());
        assert!(!reader.take_chunk(&mut chunk, usize::MAX, 10), "`0 0` follows");
        assert!(reader.read_into(&mut level).unwrap().is_ok());
        assert_eq!(reader.levels_started(), 3);
        assert!(!reader.take_chunk(&mut chunk, usize::MAX, 10));
        assert!(reader.read_into(&mut level).is_none());
        assert_eq!(chunk.levels(), 0);
    }

    #[test]
    fn chunks_continue_line_and_level_numbers_and_stop_at_their_limits() {
        let pack = b"1 2\nXO\n1 2\nXO\r\n2 1\nX\nq\n1 2\nOX";
        let mut reader = PackReader::new(pack);
        let mut chunk = Chunk::default();
        let mut level = Level::new();
        assert!(reader.take_chunk(&mut chunk, usize::MAX, 1));
        assert_eq!(chunk.weight(), 2 + Chunk::LEVEL_WEIGHT);
        assert!(reader.take_chunk(&mut chunk, 1, 5), "one level at least");
        assert_eq!(chunk.levels(), 1);
        assert!(
            reader.take_chunk(&mut chunk, usize::MAX, 5),
            "level 4 after it: its row has no line ending"
        );
        assert_eq!((chunk.levels(), reader.levels_started()), (1, 3));
        let err = chunk.reader().read_into(&mut level).unwrap().unwrap_err();
        assert_eq!(
            err.to_string(),
            "7:1: level 3: expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found 'q'"
        );
        assert!(!reader.take_chunk(&mut chunk, usize::MAX, 5));
        assert!(reader.read_into(&mut level).unwrap().is_ok());
        assert!(reader.read_into(&mut level).is_none());
    }

    #[test]
    fn a_chunk_holds_about_max_weight_bytes_of_text_whatever_its_cells() {
        // Levels of 3 cells whose row carries 10,000 trailing spaces: 10,008 bytes a level.
        let level = format!("1 3\nX.O{}\n", " ".repeat(10_000));
        let pack = level.repeat(20);
        let mut reader = PackReader::new(pack.as_bytes());
        let mut chunk = Chunk::default();
        assert!(reader.take_chunk(&mut chunk, 1 << 16, 1024));
        // Six levels are 60,048 bytes, under 2^16: the seventh is taken, and the chunk ends.
        assert_eq!(chunk.levels(), 7);
        assert_eq!(chunk.text.len(), 7 * level.len());
        assert_eq!(chunk.weight(), 7 * (3 + Chunk::LEVEL_WEIGHT));
        let mut total = chunk.levels();
        while reader.take_chunk(&mut chunk, 1 << 16, 1024) {
            assert!(chunk.text.len() < (1 << 16) + level.len());
            total += chunk.levels();
        }
        assert_eq!(total, 20);
    }

    #[test]
    fn plain_levels_are_read_without_lines_as_line_by_line_and_the_others_left_to_it() {
        // Plain, then errors the plain path must leave to the line reader: a bad cell, a CRLF
        // row, a trailing blank, a short row, two starts apart, no target, a switch without its
        // definition, a definition line; then plain levels with a bridge and lying starts.
        let levels: &[(&str, bool)] = &[
            ("2 3\nX.O\n...\n\n\n", true),
            ("1 3\nXqO\n", false),
            ("1 3\r\nX.O\r\n", false),
            ("1 3\nX.O \n", false),
            ("2 3\nX.O\n..\n", false),
            ("2 3\nX.O\n.X.\n", false),
            ("1 3\nX..\n", false),
            ("1 4\nXSO.\n", false),
            ("1 4\nXVO.\nsplit 1 2: 1 1, 1 4\n", false),
            ("2 4\nXXO-\n.BE#\n", true),
            ("3 1\nX\nX\nO\n", true),
        ];
        let pack: String = levels.iter().map(|(text, _)| *text).collect();
        let pack = pack.as_bytes();
        let (mut offset, mut line) = (0, 1);
        let mut level = Level::new();
        for (i, &(text, plain)) in levels.iter().enumerate() {
            let read = read_plain_level(&pack[offset..], line, usize::MAX, u64::MAX, &mut level);
            assert_eq!(read.is_some(), plain, "level {}: {text:?}", i + 1);
            if let Some(read) = read {
                assert_eq!(read.bytes, text.len());
                assert_eq!(read.lines, text.matches('\n').count());
                let mut serial = PackReader::new(&pack[offset..]).line_by_line();
                let expected = serial.next().unwrap().unwrap();
                assert_eq!(level.to_string(), expected.to_string());
                assert_eq!(level.start(), expected.start());
                assert_eq!(level.origin().map(|p| p.line), Some(line));
            }
            offset += text.len();
            line += text.matches('\n').count();
        }
        // Read through a chunk reader, every level is what reading line by line gives.
        let chunked: Vec<_> = PackReader::continuing(pack, 1, 0, DEFAULT_MAX_MEMORY)
            .map(|l| l.map(|l| (l.to_string(), l.origin())).map_err(|e| e.to_string()))
            .collect();
        let serial: Vec<_> = PackReader::new(pack)
            .line_by_line()
            .map(|l| l.map(|l| (l.to_string(), l.origin())).map_err(|e| e.to_string()))
            .collect();
        assert_eq!(chunked, serial);
        assert_eq!(serial.len(), levels.len());
    }

    #[test]
    fn a_line_end_among_a_levels_cells_ends_the_chunk_before_that_level() {
        // Level 2's second row is `X\nO` where 3 cells and a `\n` are looked for: counting the
        // chunk's line ends shows it, and the chunk stops before level 2.
        let pack = b"1 2\nXO\n2 3\nX.O\nX\nO\n1 2\nXO\n";
        let mut reader = PackReader::new(pack);
        let mut chunk = Chunk::default();
        let mut level = Level::new();
        assert!(reader.take_chunk(&mut chunk, usize::MAX, 10));
        assert_eq!((chunk.levels(), reader.offset()), (1, 7));
        assert!(!reader.take_chunk(&mut chunk, usize::MAX, 10));
        let mut read = Vec::new();
        while let Some(result) = reader.read_into(&mut level) {
            read.push(result.map(|()| level.to_string()).map_err(|e| e.to_string()));
        }
        let serial: Vec<_> = PackReader::new(pack)
            .skip(1)
            .map(|l| l.map(|l| l.to_string()).map_err(|e| e.to_string()))
            .collect();
        assert_eq!(read, serial);
        assert_eq!(
            read.len(),
            2,
            "the level with a short row (skipped to the next header), the last"
        );
    }

    /// The message of the first error of `pack` read level by level.
    fn serial_error(pack: &[u8]) -> String {
        PackReader::new(pack).find_map(Result::err).unwrap().to_string()
    }
}
