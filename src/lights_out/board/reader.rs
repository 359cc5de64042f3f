//! Reading boards from a byte slice or a byte stream: [`BoardReader`], and its errors.
//!
//! A board of `rows x cols` is `rows` consecutive lines of `cols` cells, each cell one symbol of
//! the board's [`Alphabet`] (`b` black and `w` white for the Flip Game of POJ 1753). Boards follow
//! each other with or without blank lines between them. Line endings may be LF or CRLF and
//! trailing spaces or tabs are ignored (see [`crate::text`]). A row of other than `cols`
//! characters whose cells are separated by spaces or tabs (`0 1 1 0`, the layout of many judges)
//! is read cell by cell. A line is kept whole up to the row plus 64 KiB, so a reader over a stream
//! holds one line at a time, never the input; a longer line is a row error of its own.
//!
//! # Recovery
//!
//! A board with a bad character or a short or long row still consumes its `rows` lines, so the
//! next board is read from the right place. A blank line before the last row ends the board
//! early (it was cut off) and the next board starts after the blank line. Only the first error
//! of a board is reported.

use std::borrow::Cow;
use std::io::Read;

use super::colours::Board;
use super::error::{BoardError, BoardErrorKind, board_line_limit};
use super::swar::piece_cells;
use crate::lights_out::size::BoardSize;
use crate::lights_out::variant::alphabet::Alphabet;
use crate::text::stream::StreamLines;
use crate::text::{Line, LineSource, Lines, Position};

/// Reads the boards of one size and alphabet one after another from a [`LineSource`]: a byte
/// slice, without copying it ([`BoardReader::new`]), or a byte stream
/// ([`BoardReader::from_reader`]); both read the same boards from the same bytes.
///
/// ```
/// use flipblox::lights_out::{Alphabet, Board, BoardReader, BoardSize};
/// let size = BoardSize::new(2, 2)?;
/// let mut reader = BoardReader::new(b"bw\nwb\n\nbb\nbx\n", size, &Alphabet::default_for(2));
/// let mut board = Board::new(2, 2);
/// assert!(reader.read_into(&mut board).unwrap().is_ok());
/// assert_eq!(board.cells(), &[1, 0, 0, 1]);
/// let err = reader.read_into(&mut board).unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "5:2: board 2: expected 'b' or 'w', found 'x'");
/// assert!(reader.read_into(&mut board).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct BoardReader<S> {
    lines: S,
    rows: usize,
    cols: usize,
    alphabet: Alphabet,
    /// The alphabet is `wb`: rows are checked eight cells a word.
    wb: bool,
    boards: usize,
    /// Where the last board read starts.
    start: Position,
}

impl<'a> BoardReader<Lines<'a>> {
    /// A reader of boards of `size` written in `alphabet`, over `bytes`.
    pub fn new(bytes: &'a [u8], size: BoardSize, alphabet: &Alphabet) -> BoardReader<Lines<'a>> {
        let lines = Lines::with_limit(bytes, board_line_limit(size.cols()));
        BoardReader::from_lines(lines, size.rows(), size.cols(), alphabet)
    }
}

impl<R: Read> BoardReader<StreamLines<R>> {
    /// A reader of boards of `size` written in `alphabet`, over the byte stream `reader`: it
    /// holds one line at a time, and reads the same boards as [`BoardReader::new`] over the same
    /// bytes.
    ///
    /// ```
    /// use flipblox::lights_out::{Alphabet, Board, BoardReader, BoardSize};
    /// let input = std::io::Cursor::new(b"01\n10\n".to_vec());
    /// let alphabet = Alphabet::new("01", 2)?;
    /// let mut reader = BoardReader::from_reader(input, BoardSize::new(2, 2)?, &alphabet);
    /// let mut board = Board::new(2, 2);
    /// assert!(reader.read_into(&mut board).unwrap().is_ok());
    /// assert!(reader.read_into(&mut board).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_reader(
        reader: R,
        size: BoardSize,
        alphabet: &Alphabet,
    ) -> BoardReader<StreamLines<R>> {
        let lines = StreamLines::new(reader, board_line_limit(size.cols()));
        BoardReader::from_lines(lines, size.rows(), size.cols(), alphabet)
    }
}

impl<S: LineSource> BoardReader<S> {
    /// A reader of `rows x cols` boards written in `alphabet` over the lines of `lines`.
    pub(crate) fn from_lines(
        lines: S,
        rows: usize,
        cols: usize,
        alphabet: &Alphabet,
    ) -> BoardReader<S> {
        let wb = alphabet.as_str() == "wb";
        let alphabet = alphabet.clone();
        BoardReader {
            lines,
            rows,
            cols,
            alphabet,
            wb,
            boards: 0,
            start: Position { line: 1, column: 1 },
        }
    }

    /// The line source (e.g. to take a stream's read error once reading is done).
    pub(crate) fn lines_mut(&mut self) -> &mut S {
        &mut self.lines
    }

    /// Reads the next board into `board` (which must be `rows x cols`; every cell is written).
    ///
    /// Returns `None` when only blank lines remain, `Some(Ok(()))` for a board read, and
    /// `Some(Err(_))` for a board that could not be read (see the module docs for how reading
    /// recovers; the next call reads the next board).
    ///
    /// # Panics
    ///
    /// If `board` does not have the reader's shape.
    pub fn read_into(&mut self, board: &mut Board) -> Option<Result<(), BoardError>> {
        assert_eq!((board.rows(), board.cols()), (self.rows, self.cols), "board shape");
        let (cols, limit) = (self.cols, self.lines.line_limit());
        let (alphabet, wb) = (&self.alphabet, self.wb);
        let cells = board.cells_mut();
        read_board(&mut self.lines, self.rows, &mut self.boards, &mut self.start, |line, row| {
            let out = &mut cells[row * cols..(row + 1) * cols];
            read_row(line, limit, alphabet, wb, out)
        })
    }

    /// Reads a leading line that holds only a board count (digits), the layout of several
    /// judges, and returns the count and where it is; `None` (and nothing read) when the first
    /// non-blank line is not such a line, or when it is a row of the board (an alphabet of digits
    /// on a board that narrow), or once a board was read.
    pub fn read_count_line(&mut self) -> Option<(u64, Position)> {
        if self.boards > 0 {
            return None;
        }
        while self.lines.peek_line().is_some_and(|line| line.is_blank()) {
            self.lines.next_line();
        }
        let line = self.lines.peek_line()?;
        let text = line.text;
        let mut row = vec![0u8; self.cols];
        if text.is_empty()
            || !text.iter().all(u8::is_ascii_digit)
            || self.alphabet.read_row(text, &mut row).is_ok()
        {
            return None;
        }
        let count = std::str::from_utf8(text).ok()?.parse::<u64>().ok()?;
        let position = line.position(0);
        self.lines.next_line();
        Some((count, position))
    }

    /// Skips blank lines and returns the position of the next non-blank line, if any, without
    /// consuming it.
    pub fn skip_to_next_board(&mut self) -> Option<Position> {
        while self.lines.peek_line().is_some_and(|line| line.is_blank()) {
            self.lines.next_line();
        }
        self.lines.peek_line().map(|line| line.position(0))
    }

    /// The position just past the end of the input (for a stream: once it has been read to
    /// the end).
    pub fn end_position(&mut self) -> Position {
        self.lines.end_position()
    }

    /// Number of boards started so far (read or failed).
    pub fn boards_started(&self) -> usize {
        self.boards
    }

    /// Where the board the last [`BoardReader::read_into`] returned starts: its first line,
    /// column 1.
    pub fn board_start(&self) -> Position {
        self.start
    }
}

/// Reads one board of `rows` lines from `lines`: `row(line, index)` for each row until the first
/// error (see [`BoardReader::read_into`]); `row` reports the position and kind of a row's error.
/// `boards` counts the boards started and `start` gets where this one starts.
#[inline(always)]
fn read_board<S: LineSource>(
    lines: &mut S,
    rows: usize,
    boards: &mut usize,
    start: &mut Position,
    mut row: impl FnMut(&Line<'_>, usize) -> Result<(), (Position, BoardErrorKind)>,
) -> Option<Result<(), BoardError>> {
    let first = loop {
        let line = lines.next_line()?;
        if !line.is_blank() {
            break line;
        }
    };
    *boards += 1;
    *start = first.position(0);
    let mut first_error: Option<(Position, BoardErrorKind)> = row(&first, 0).err();
    for r in 1..rows {
        let (position, at_end_of_input) = match lines.next_line() {
            Some(line) if !line.is_blank() => {
                if first_error.is_none() {
                    first_error = row(&line, r).err();
                }
                continue;
            }
            Some(blank) => (blank.position(0), false),
            None => (lines.end_position(), true),
        };
        let kind = BoardErrorKind::CutOff { expected: rows, found: r, at_end_of_input };
        first_error.get_or_insert((position, kind));
        break;
    }
    Some(match first_error {
        None => Ok(()),
        Some((position, kind)) => Err(BoardError { board: *boards, position, kind }),
    })
}

/// Reads one row of `out.len()` cells from `line` into `out` (colours); `limit` is the line
/// limit of the line's source. A row of another length whose cells are separated by spaces or
/// tabs is read by [`Alphabet::read_row`]; any other row character by character, its first
/// `out.len()` characters the cells (for the alphabet `wb`, eight at a time while they are all
/// `b` or `w`), then its length checked.
#[inline(always)]
fn read_row(
    line: &Line<'_>,
    limit: usize,
    alphabet: &Alphabet,
    wb: bool,
    out: &mut [u8],
) -> Result<(), (Position, BoardErrorKind)> {
    let text = line.text;
    let cols = out.len();
    // Cells separated by spaces or tabs (the row cannot then be `cols` bytes long).
    if text.len() != cols
        && text.len() <= limit
        && text.iter().skip(1).any(|&b| b == b' ' || b == b'\t')
    {
        return alphabet.read_row(text, out).map_err(|(i, kind)| (line.position(i), kind));
    }
    let cells = &text[..text.len().min(cols)];
    // Eight cells at a time while they are all `b` or `w`, without a branch per cell: the last
    // few of a row of 8 or more as the row's last 8 bytes (those before them already checked),
    // of a shorter row padded with `w`. A chunk holding any other byte is read one cell at a
    // time below, which finds the bad byte and its column.
    let mut done = 0;
    while wb && done < cells.len() {
        let rest = &cells[done..];
        if let Some(chunk) = rest.first_chunk::<8>() {
            let Some(word) = piece_cells(*chunk) else { break };
            out[done..done + 8].copy_from_slice(&word.to_le_bytes());
            done += 8;
        } else if let Some(last) = cells.last_chunk::<8>() {
            let Some(word) = piece_cells(*last) else { break };
            let end = cells.len();
            out[end - 8..end].copy_from_slice(&word.to_le_bytes());
            done = end;
        } else {
            let mut chunk = [b'w'; 8];
            chunk[..rest.len()].copy_from_slice(rest);
            let Some(word) = piece_cells(chunk) else { break };
            out[done..cells.len()].copy_from_slice(&word.to_le_bytes()[..rest.len()]);
            done = cells.len();
        }
    }
    for (col, &symbol) in cells.iter().enumerate().skip(done) {
        match alphabet.colour_of(symbol) {
            Some(colour) => out[col] = colour,
            None => return Err((line.position(col), alphabet.bad_symbol(text, col))),
        }
    }
    if cells.len() < cols {
        let kind = BoardErrorKind::ShortRow { expected: cols, found: cells.len() };
        return Err((line.position(cells.len()), kind));
    }
    if text.len() > cols {
        let kind = if text.len() > limit {
            BoardErrorKind::LineTooLong { expected: cols, limit }
        } else {
            let found = String::from_utf8_lossy(text).chars().count();
            BoardErrorKind::LongRow { expected: cols, found }
        };
        return Err((line.position(cols), kind));
    }
    Ok(())
}

impl Board {
    /// Parses one `rows x cols` board written in `alphabet`: its rows separated by `/`
    /// (`bwwb/bbwb/bwwb/bwww`), its `rows * cols` symbols in a row (`bwwbbbwbbwwbbwww`), or its
    /// `rows` lines (the POJ 1753 layout); the cells of a row may be separated by spaces or tabs.
    ///
    /// # Errors
    ///
    /// A [`BoardError`] whose position counts lines and columns in `text` (for the `/` form,
    /// each row is reported as a line), for a character that is no symbol, a short or long row,
    /// a missing row, or anything after the board.
    ///
    /// ```
    /// use flipblox::lights_out::{Alphabet, Board, BoardSize};
    /// let a = Alphabet::new("012", 3)?;
    /// let board = Board::parse("0 1 2/2 1 0", BoardSize::new(2, 3)?, &a)?;
    /// assert_eq!(board.cells(), &[0, 1, 2, 2, 1, 0]);
    /// let err = Board::parse("012/2x0", BoardSize::new(2, 3)?, &a).unwrap_err();
    /// assert_eq!(err.to_string(), "2:2: board 1: expected '0', '1' or '2', found 'x'");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str, size: BoardSize, alphabet: &Alphabet) -> Result<Board, BoardError> {
        let text = board_text_rows(text, size.rows(), size.cols());
        let mut reader = BoardReader::new(text.as_bytes(), size, alphabet);
        let mut board = Board::new(size.rows(), size.cols());
        match reader.read_into(&mut board) {
            None => Err(BoardError::empty(reader.end_position())),
            Some(Err(e)) => Err(e),
            Some(Ok(())) => match reader.skip_to_next_board() {
                Some(pos) => Err(BoardError::trailing(pos)),
                None => Ok(board),
            },
        }
    }
}

/// A board written on one line (`--board`) as the reader's lines: rows separated by `/`, or
/// the `rows * cols` cells row by row without separators; other text as it is.
fn board_text_rows(text: &str, rows: usize, cols: usize) -> Cow<'_, str> {
    if text.contains('/') {
        Cow::Owned(text.replace('/', "\n"))
    } else if text.len() == rows * cols && cols > 0 && !text.contains('\n') {
        Cow::Owned(
            text.as_bytes().chunks(cols).map(|c| String::from_utf8_lossy(c) + "\n").collect(),
        )
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_eight_pieces_at_a_time_equal_a_piece_by_piece_reading() {
        // Rows of 1 to 70 pieces (chunks of 8, a tail, rows shorter than 8), one byte of a
        // random row replaced by each byte that is no piece and no blank: the board read is
        // the row's pieces, and the error is at the first bad byte's column.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for cols in 1..=70usize {
            for _ in 0..20 {
                let row: Vec<u8> =
                    (0..cols).map(|_| if next() & 1 == 1 { b'b' } else { b'w' }).collect();
                let mut board = Board::new(1, cols);
                let size = BoardSize::new(1, cols).unwrap();
                let mut reader = BoardReader::new(&row, size, &wb());
                assert_eq!(reader.read_into(&mut board), Some(Ok(())));
                for (c, &piece) in row.iter().enumerate() {
                    assert_eq!(board.get(0, c), u8::from(piece == b'b'), "{cols} columns, {c}");
                }
                let at = next() as usize % cols;
                let byte = loop {
                    let b = next() as u8;
                    if !matches!(b, b'b' | b'w' | b' ' | b'\t' | b'\r' | b'\n') {
                        break b;
                    }
                };
                let mut bad = row.clone();
                bad[at] = byte;
                let mut reader = BoardReader::new(&bad, size, &wb());
                let err = reader.read_into(&mut board).unwrap().unwrap_err();
                assert_eq!(err.position, Position { line: 1, column: at + 1 }, "{bad:?}");
                assert!(matches!(err.kind, BoardErrorKind::BadPiece { .. }), "{err}");
            }
        }
    }

    fn wb() -> Alphabet {
        Alphabet::default_for(2)
    }

    fn read_all(text: &str) -> Vec<Result<String, String>> {
        let mut reader = BoardReader::new(text.as_bytes(), BoardSize::CLASSIC, &wb());
        let mut board = Board::new(4, 4);
        let mut out = Vec::new();
        while let Some(r) = reader.read_into(&mut board) {
            let text = || board.to_text(&wb()).replace('/', "");
            out.push(r.map(|()| text()).map_err(|e| e.to_string()));
        }
        out
    }

    #[test]
    fn boards_with_and_without_blank_lines_between_them() {
        let text = "bwwb\nbbwb\nbwwb\nbwww\nwwww\nwwww\nwwww\nwwww\n\n\nbbbb\nbbbb\nbbbb\nbbbb";
        let got = read_all(text);
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], Ok("bwwbbbwbbwwbbwww".to_string()));
        assert_eq!(got[1], Ok("wwwwwwwwwwwwwwww".to_string()));
        assert_eq!(got[2], Ok("bbbbbbbbbbbbbbbb".to_string()));
    }

    #[test]
    fn a_bad_board_keeps_the_next_one_in_step() {
        let got = read_all("bwwb\nbxwb\nbwwb\nbwww\nwwww\nwwww\nwwww\nwwww\n");
        assert_eq!(got[0], Err("2:2: board 1: expected 'b' or 'w', found 'x'".to_string()));
        assert_eq!(got[1], Ok("wwwwwwwwwwwwwwww".to_string()));
    }

    #[test]
    fn short_and_long_rows_point_at_the_column() {
        let got = read_all("bwwb\nbbw\nbwwbw\nbwww\n");
        assert_eq!(got, vec![Err("2:4: board 1: expected 4 pieces in the row, found 3".into())]);
        let got = read_all("bwwb\nbbwb\nbwwbw\nbwww\n");
        assert_eq!(
            got,
            vec![Err("3:5: board 1: expected 4 pieces in the row, found 5 characters".into())]
        );
    }

    #[test]
    fn a_board_cut_off_by_a_blank_line_or_the_end() {
        let got = read_all("bwwb\nbbwb\n\nwwww\nwwww\nwwww\nwwww\nbwwb\n");
        assert_eq!(
            got[0],
            Err("3:1: board 1: expected 4 rows, found a blank line after 2".to_string())
        );
        assert_eq!(got[1], Ok("wwwwwwwwwwwwwwww".to_string()));
        assert_eq!(
            got[2],
            Err("9:1: board 3: expected 4 rows, found the end of the input after 1".to_string())
        );
    }

    #[test]
    fn crlf_trailing_spaces_and_no_final_newline() {
        let got = read_all("bwwb  \r\nbbwb\r\nbwwb\t\r\nbwww");
        assert_eq!(got, vec![Ok("bwwbbbwbbwwbbwww".to_string())]);
    }

    #[test]
    fn empty_and_blank_inputs_hold_no_boards() {
        assert!(read_all("").is_empty());
        assert!(read_all("\n \r\n\t\n").is_empty());
    }

    #[test]
    fn the_three_spellings_parse_to_the_same_board() {
        let parse = |text| Board::parse(text, BoardSize::CLASSIC, &wb()).unwrap();
        let a = parse("bwwb/bbwb/bwwb/bwww");
        let b = parse("bwwbbbwbbwwbbwww");
        let c = parse("bwwb\nbbwb\r\nbwwb\nbwww\n");
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a.to_text(&wb()).replace('/', ""), "bwwbbbwbbwwbbwww");
    }

    #[test]
    fn malformed_inline_boards_are_refused_with_positions() {
        let parse = |text| Board::parse(text, BoardSize::CLASSIC, &wb());
        let e = parse("bwwb/bbxb/bwwb/bwww").unwrap_err();
        assert_eq!((e.position.line, e.position.column), (2, 3));
        let e = parse("bwwb/bbwb/bwwb").unwrap_err();
        assert_eq!((e.position.line, e.position.column), (3, 5));
        let e = parse("bwwb/bbwb/bwwb/bwww/bwww").unwrap_err();
        assert_eq!(e.position.line, 5);
        assert!(parse("").is_err());
        assert!(parse("bwwbbbwbbwwbbwwx").is_err());
    }

    #[test]
    fn leading_whitespace_is_a_bad_piece() {
        let got = read_all(" bwwb\nbbwb\nbwwb\nbwww\n");
        assert_eq!(got[0], Err("1:1: board 1: expected 'b' or 'w', found ' '".to_string()));
    }
}
