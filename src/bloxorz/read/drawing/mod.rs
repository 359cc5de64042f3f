//! The S/T/o/- drawing: the Bloxorz level text of the functional-programming course's exercise
//! and its many ports. Its reader ([`DrawingReader`]), its syntax errors ([`DrawingSyntax`]) and
//! its writer ([`write_drawing`]).
//!
//! # Format
//!
//! A level is a run of non-blank lines, one per row, one character per cell: `S` the start (the
//! block standing there), `T` the target, `o` a tile, `-` nothing. Rows may have different
//! lengths: the level is as wide as its longest row, and the cells missing at the end of a
//! shorter row are nothing. There is no header. Levels are separated by one or more blank lines;
//! a line whose first character (other than spaces and tabs) is `;` is a comment where it comes
//! between levels, as in packs.
//! A level has exactly one `S` and one `T`. Lines may end in LF, CRLF or CR, trailing blanks are
//! ignored and a byte-order mark may start the input (as for packs, [`crate::text`]).
//!
//! ```text
//! oooo
//! oSoo
//! ooooooo
//! --ooTo
//! ```
//!
//! The drawing shows only rigid tiles, one target and a standing start: a level of the text
//! format with fragile cells, switches, bridges, split switches or a lying start has no drawing
//! ([`write_drawing`] refuses it).
//!
//! # Recovery and limits
//!
//! A level with an error is reported once (its first error, at its line and column) and skipped
//! up to the next blank line; every other level is still read. A level is held while it is read
//! (its rows are not counted ahead), and refused when its rows so far would need more than the
//! memory limit ([`DrawingReader::max_memory`], as [`PackReader::max_memory`]); a line longer than
//! [`pack_line_limit`] is an error of its level, and a reader over a stream never holds more of
//! it.
//!
//! [`PackReader::max_memory`]: super::PackReader::max_memory
//! [`pack_line_limit`]: super::text::pack_line_limit

pub(crate) mod syntax;

use std::io::Read;

use super::builder::{Builder, Where};
use super::error::{ErrorKind, LevelError, Limit, Notation};
use super::source::LevelSource;
use super::text::{DEFAULT_MAX_MEMORY, pack_line_limit};
use super::unwritable::Unwritable;
use crate::bloxorz::model::level::{Level, Orientation};
use crate::bloxorz::model::moves::bytes_needed;
use crate::text::stream::StreamLines;
use crate::text::{LineSource, Lines, Position, describe_at};

pub use syntax::DrawingSyntax;

/// True when `byte` is a cell of the drawing: `S`, `T`, `o` or `-`.
#[inline]
pub fn is_drawing_cell(byte: u8) -> bool {
    matches!(byte, b'S' | b'T' | b'o' | b'-')
}

/// Reads the levels of a drawing one after another from a [`LineSource`]: a byte slice
/// ([`DrawingReader::new`]) or a byte stream (`DrawingReader::from_reader`), which read the
/// same levels from the same bytes.
///
/// ```
/// use flipblox::bloxorz::{InputFormat, Level, LevelInput, LevelSource};
/// let drawing = b"oooo\noSoo\nooooooo\n--ooTo\n\nSoT\n\nSxT\n";
/// let mut input = LevelInput::from_bytes(&drawing[..], InputFormat::Drawing, 1 << 20);
/// let mut reader = input.levels().unwrap();
/// let mut levels = Vec::new();
/// let mut level = Level::new();
/// while let Some(read) = reader.read_into(&mut level) {
///     levels.push(read.map(|()| level.clone()));
/// }
/// let first = levels[0].as_ref().unwrap();
/// assert_eq!((first.rows(), first.cols(), first.target()), (4, 7, (3, 4)));
/// assert_eq!(first.to_string(), "4 7\n....###\n.X..###\n.......\n##..O.#\n");
/// assert!(levels[1].is_ok());
/// assert_eq!(
///     levels[2].as_ref().unwrap_err().to_string(),
///     "8:2: level 3: expected a cell 'S', 'T', 'o' or '-' of the drawing, found 'x'"
/// );
/// ```
#[derive(Debug, Clone)]
pub struct DrawingReader<S> {
    lines: S,
    levels: usize,
    max_memory: u64,
    done: bool,
    /// The cells of the level being read, row after row.
    cells: Vec<u8>,
    /// Where each row of the level being read ends in `cells`.
    ends: Vec<usize>,
}

impl<'a> DrawingReader<Lines<'a>> {
    /// Starts reading the drawing in `bytes`, with the default memory limit (2 GiB).
    pub fn new(bytes: &'a [u8]) -> DrawingReader<Lines<'a>> {
        DrawingReader::from_lines(Lines::new(bytes))
    }
}

impl<R: Read> DrawingReader<StreamLines<R>> {
    /// Starts reading the drawing in the byte stream `reader`, with the default memory limit; it
    /// holds one line and the level being read.
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) fn from_reader(reader: R) -> DrawingReader<StreamLines<R>> {
        DrawingReader::from_lines(StreamLines::new(reader, 0))
    }
}

impl<S: LineSource> DrawingReader<S> {
    /// Starts reading the drawing in the lines of `lines`, with the default memory limit.
    pub fn from_lines(mut lines: S) -> DrawingReader<S> {
        lines.set_line_limit(pack_line_limit(DEFAULT_MAX_MEMORY));
        DrawingReader {
            lines,
            levels: 0,
            max_memory: DEFAULT_MAX_MEMORY,
            done: false,
            cells: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Sets the memory limit for one level, in bytes, as
    /// [`PackReader::max_memory`](super::PackReader::max_memory) does; set it before reading.
    pub fn max_memory(mut self, limit: u64) -> DrawingReader<S> {
        self.max_memory = limit;
        self.lines.set_line_limit(pack_line_limit(limit));
        self
    }

    /// The line source (e.g. to take a stream's read error once reading is done).
    pub fn lines_mut(&mut self) -> &mut S {
        &mut self.lines
    }

    /// Skips lines up to the next blank line (or the end of the input).
    fn skip_level(&mut self) {
        let limit = self.lines.line_limit();
        while let Some(line) = self.lines.next_line() {
            if line.text.len() <= limit && line.is_blank() {
                return;
            }
        }
    }

    /// Reads the next level into `level`, reusing its buffer: `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// A [`LevelError`] naming the level, the line and column and the problem: a character
    /// that is no cell, no or a second `S` or `T`, a level too large for the memory limit, a line
    /// longer than the line limit.
    pub fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        if self.done {
            return None;
        }
        let limit = self.lines.line_limit();
        let first = loop {
            match self.lines.next_line() {
                None => {
                    self.done = true;
                    return None;
                }
                Some(line) if line.text.len() <= limit && line.is_blank() => continue,
                // A `;` comment line between levels, as in packs (and as auto-detection skips).
                Some(line)
                    if line.text.len() <= limit
                        && line.text.iter().find(|b| !matches!(b, b' ' | b'\t')) == Some(&b';') =>
                {
                    continue;
                }
                Some(line) => {
                    let number = line.number;
                    self.lines.unread();
                    break Position { line: number, column: 1 };
                }
            }
        };
        self.levels += 1;
        let number = self.levels;
        let fail = |position: Position, kind: ErrorKind| {
            Some(Err(LevelError { level: number, position: Some(position), kind }))
        };
        match self.read_rows(first) {
            Ok((rows, cols)) => {
                if let Err(e) = level.reserve(rows, cols) {
                    return fail(first, ErrorKind::Limit(Limit::CannotAllocate(e)));
                }
                self.build(level, first, rows, cols)
                    .map_err(|(p, kind)| LevelError { level: number, position: Some(p), kind })
                    .map_or_else(|e| Some(Err(e)), |()| Some(Ok(())))
            }
            Err((position, kind)) => {
                // A missing `S` or `T` is found at the level's end, past its blank line.
                let at_end = matches!(
                    kind,
                    ErrorKind::Drawing(DrawingSyntax::NoStart | DrawingSyntax::NoTarget)
                );
                if !at_end {
                    self.skip_level();
                }
                fail(position, kind)
            }
        }
    }

    /// Reads the rows of a level that starts at `first` into `cells`, checking them, up to a
    /// blank line (consumed) or the end of the input: its rows and columns.
    fn read_rows(&mut self, first: Position) -> Result<(usize, usize), (Position, ErrorKind)> {
        let limit = self.lines.line_limit();
        self.cells.clear();
        self.ends.clear();
        let (mut start, mut target) = (false, false);
        let mut cols = 0;
        while let Some(line) = self.lines.next_line() {
            let text = line.text;
            if text.len() > limit {
                let kind = ErrorKind::Drawing(DrawingSyntax::LineTooLong { limit });
                return Err((line.position(limit), kind));
            }
            if line.is_blank() {
                break;
            }
            for (c, &byte) in text.iter().enumerate() {
                let syntax = match byte {
                    b'o' | b'-' => continue,
                    b'S' if !start => {
                        start = true;
                        continue;
                    }
                    b'T' if !target => {
                        target = true;
                        continue;
                    }
                    b'S' => DrawingSyntax::ExtraStart,
                    b'T' => DrawingSyntax::ExtraTarget,
                    _ => DrawingSyntax::BadCell { found: describe_at(text, c) },
                };
                return Err((line.position(c), ErrorKind::Drawing(syntax)));
            }
            cols = cols.max(text.len());
            let rows = self.ends.len() + 1;
            let needed = bytes_needed(rows as u64, cols as u64);
            if needed.is_none_or(|n| n > self.max_memory) {
                let (rows, cols, limit) = (rows as u64, cols as u64, self.max_memory);
                let kind = ErrorKind::Limit(Limit::TooLargeSoFar { rows, cols, needed, limit });
                return Err((first, kind));
            }
            let grown =
                crate::memory::try_reserve(&mut self.cells, text.len(), "the drawing's rows")
                    .and_then(|()| {
                        crate::memory::try_reserve(&mut self.ends, 1, "the drawing's rows")
                    });
            if let Err(e) = grown {
                return Err((first, ErrorKind::Limit(Limit::CannotAllocate(e))));
            }
            self.cells.extend_from_slice(text);
            self.ends.push(self.cells.len());
        }
        if !start {
            return Err((first, ErrorKind::Drawing(DrawingSyntax::NoStart)));
        }
        if !target {
            return Err((first, ErrorKind::Drawing(DrawingSyntax::NoTarget)));
        }
        Ok((self.ends.len(), cols))
    }

    /// Fills `level` from the checked rows in `cells`, through the builder.
    fn build(
        &self,
        level: &mut Level,
        first: Position,
        rows: usize,
        cols: usize,
    ) -> Result<(), (Position, ErrorKind)> {
        let mut builder = Builder::begin(level, rows, cols, Notation::Text);
        level.set_origin(first);
        let mut row = vec![b'#'; cols];
        let mut begin = 0;
        for (r, &end) in self.ends.iter().enumerate() {
            row.fill(b'#');
            for (cell, &byte) in row.iter_mut().zip(&self.cells[begin..end]) {
                *cell = match byte {
                    b'S' => b'X',
                    b'T' => b'O',
                    b'o' => b'.',
                    _ => b'#',
                };
            }
            begin = end;
            let at = |c: usize| Position { line: first.line + r, column: c + 1 };
            builder.row(level, r, &row).map_err(|(c, kind)| (at(c), kind))?;
        }
        builder.finish(level).map_err(|(place, kind)| match place {
            Where::Level => (first, kind),
            Where::Cell(r, c) => (Position { line: first.line + r, column: c + 1 }, kind),
        })
    }
}

impl<S: LineSource> LevelSource for DrawingReader<S> {
    fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        DrawingReader::read_into(self, level)
    }

    fn levels_started(&self) -> usize {
        self.levels
    }

    fn offset(&self) -> usize {
        self.lines.offset()
    }

    fn would_block(&mut self) -> bool {
        !self.done && self.lines.would_block()
    }
}

impl<S: LineSource> Iterator for DrawingReader<S> {
    type Item = Result<Level, LevelError>;

    /// Reads the next level into a fresh [`Level`] (see [`DrawingReader::read_into`]).
    fn next(&mut self) -> Option<Result<Level, LevelError>> {
        let mut level = Level::new();
        self.read_into(&mut level).map(|r| r.map(|()| level))
    }
}

impl Level {
    /// Writes the level as an S/T/o/- drawing (the format of `flipblox convert --to drawing`,
    /// docs/LEVELS.md), one line per row of the level's full width, each ended by `\n`.
    ///
    /// # Errors
    ///
    /// [`Unwritable::LyingStart`] or [`Unwritable::Cell`] when the level has what the drawing
    /// cannot show: a lying start, fragile
    /// tiles, switches or bridges (nothing is written then).
    pub fn write_drawing(&self, out: &mut String) -> Result<(), Unwritable> {
        write_drawing(self, out)
    }
}

/// Writes `level` as an S/T/o/- drawing (see the [module docs](self)), one line per row of the
/// level's full width, each ended by `\n`.
///
/// # Errors
///
/// [`Unwritable`] when the level has what the drawing cannot show (nothing is written then).
pub fn write_drawing(level: &Level, out: &mut String) -> Result<(), Unwritable> {
    if level.start().orientation != Orientation::Standing {
        return Err(Unwritable::LyingStart);
    }
    let text = level.to_string();
    // The text format: the header line, then the rows (then definition lines, which only
    // levels with switches have, and those have 'S', 'H' or 'V' cells refused below).
    let rows = text.lines().skip(1).take(level.rows());
    let mut drawing = String::with_capacity(text.len());
    for row in rows {
        for c in row.chars() {
            drawing.push(match c {
                'X' => 'S',
                'O' => 'T',
                '.' => 'o',
                '#' => '-',
                other => return Err(Unwritable::Cell(other)),
            });
        }
        drawing.push('\n');
    }
    out.push_str(&drawing);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_written_as_a_drawing() {
        use crate::bloxorz::PackReader;
        let level = PackReader::new(b"2 4\nX..#\n#.O.\n").next().unwrap().unwrap();
        let mut out = String::new();
        write_drawing(&level, &mut out).unwrap();
        assert_eq!(out, "Soo-\n-oTo\n");
    }

    fn read_all(text: &[u8]) -> Vec<Result<String, String>> {
        DrawingReader::new(text)
            .map(|r| r.map(|l| l.to_string()).map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn ragged_rows_and_blank_lines_between_levels() {
        let got = read_all(b"\n\nSoT\no\n\n\n\noT\r\nS\n");
        assert_eq!(got, vec![Ok("2 3\nX.O\n.##\n".into()), Ok("2 2\n.O\nX#\n".into())]);
        let mut reader = DrawingReader::new(b"\n\nSoT\n\n-T\nS");
        let mut level = Level::new();
        assert!(reader.read_into(&mut level).unwrap().is_ok());
        assert_eq!(level.origin(), Some(Position { line: 3, column: 1 }));
        assert!(reader.read_into(&mut level).unwrap().is_ok());
        assert_eq!(level.origin(), Some(Position { line: 5, column: 1 }));
        assert!(reader.read_into(&mut level).is_none());
        assert_eq!(reader.levels_started(), 2);
        // `;` comments between levels are skipped; inside a level a `;` is a bad cell.
        let got = read_all(b"; a comment\n  ;another\nSoT\n\n; level 2\noT\nS\n");
        assert_eq!(got, vec![Ok("1 3\nX.O\n".into()), Ok("2 2\n.O\nX#\n".into())]);
        assert!(read_all(b"SoT\n;x\n")[0].is_err());
    }

    #[test]
    fn every_error_is_positioned_and_the_next_level_is_read() {
        let cases: &[(&str, &str)] = &[
            (
                "SoT\nox\n",
                "2:2: level 1: expected a cell 'S', 'T', 'o' or '-' of the drawing, found 'x'",
            ),
            ("So\noo\n", "1:1: level 1: expected a target 'T', found none"),
            ("To\noo\n", "1:1: level 1: expected a start 'S', found none"),
            ("SoT\nooS\n", "2:3: level 1: expected one start 'S', found a second"),
            ("SoT\nTo\n", "2:1: level 1: expected one target 'T', found a second"),
            (
                "S T\n",
                "1:2: level 1: expected a cell 'S', 'T', 'o' or '-' of the drawing, found ' ' (a \
                 blank is no cell: '-' is no tile)",
            ),
        ];
        for (bad, message) in cases {
            let text = format!("{bad}\nST\n");
            let got = read_all(text.as_bytes());
            assert_eq!(got, vec![Err(message.to_string()), Ok("1 2\nXO\n".into())], "{bad:?}");
            let stream: Vec<_> = DrawingReader::from_reader(text.as_bytes())
                .map(|r| r.map(|l| l.to_string()).map_err(|e| e.to_string()))
                .collect();
            assert_eq!(stream, got);
        }
    }

    #[test]
    fn levels_over_the_memory_limit_are_refused_as_they_grow() {
        let text = b"SoooooooooT\noooooooooo\n\nST\n";
        let exact = bytes_needed(2, 11).unwrap();
        let got: Vec<_> = DrawingReader::new(text).max_memory(exact - 1).collect();
        assert!(matches!(
            got[0],
            Err(LevelError {
                kind: ErrorKind::Limit(Limit::TooLargeSoFar { rows: 2, cols: 11, .. }),
                ..
            })
        ));
        assert!(got[1].is_ok());
        assert!(DrawingReader::new(text).max_memory(exact).next().unwrap().is_ok());
    }

    #[test]
    fn written_drawings_read_back() {
        let pack = b"3 4\n#X..\n..#O\n....\n";
        let level = crate::bloxorz::PackReader::new(pack).next().unwrap().unwrap();
        let mut out = String::new();
        write_drawing(&level, &mut out).unwrap();
        assert_eq!(out, "-Soo\noo-T\noooo\n");
        let back = DrawingReader::new(out.as_bytes()).next().unwrap().unwrap();
        assert_eq!(back.to_string(), level.to_string());
        let lying = crate::bloxorz::PackReader::new(b"1 3\nXXO\n").next().unwrap().unwrap();
        assert_eq!(write_drawing(&lying, &mut out), Err(Unwritable::LyingStart));
        let fragile = crate::bloxorz::PackReader::new(b"1 3\nXEO\n").next().unwrap().unwrap();
        assert_eq!(write_drawing(&fragile, &mut out), Err(Unwritable::Cell('E')));
    }
}
