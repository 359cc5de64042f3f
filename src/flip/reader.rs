//! Reading Flip Game boards in the POJ 1753 layout from a byte slice or a byte stream.
//!
//! A board of `rows x cols` is `rows` consecutive lines of `cols` characters, `b` (black up) or
//! `w` (white up). Boards follow each other with or without blank lines between them. Line
//! endings may be LF or CRLF and trailing spaces or tabs are ignored (see [`crate::text`]).
//! A line is kept whole up to [`board_line_limit`] bytes (the row plus 64 KiB), so a reader over a
//! stream holds one line at a time, never the input; a longer line is a row error of its own.
//!
//! # Recovery
//!
//! A board with a bad character or a short or long row still consumes its `rows` lines, so the
//! next board is read from the right place. A blank line before the last row ends the board
//! early (it was cut off) and the next board starts after the blank line. Only the first error
//! of a board is reported.

use std::borrow::Cow;
use std::fmt;
use std::io::Read;

use super::grid::GridBoard;
use super::swar::piece_bits;
use crate::text::stream::StreamLines;
use crate::text::{Line, LineSource, Lines, Position, describe_at, plural};

/// Bytes a board line may have beyond its row's pieces and still be read whole (see
/// [`board_line_limit`]).
pub const BOARD_LINE_SLACK: usize = 64 * 1024;

/// The longest line, in bytes, a reader of boards of `cols` columns keeps whole: `cols +`
/// [`BOARD_LINE_SLACK`]. A longer line is reported as [`BoardErrorKind::LineTooLong`], and a reader over
/// a stream drops the rest of it without holding it.
pub fn board_line_limit(cols: usize) -> usize {
    cols.saturating_add(BOARD_LINE_SLACK)
}

/// A board that could not be read, with where and why.
///
/// `Display` prints `LINE:COLUMN: board N: expected ..., found ...`; prefix it with the input's
/// name to get the `PATH:LINE:COLUMN: ...` message of the command-line tool.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{position}: board {board}: {kind}")]
pub struct BoardError {
    /// 1-based index of the board in its input (0 when no board was found at all).
    pub board: usize,
    /// Where the problem is (1-based line and column).
    pub position: Position,
    /// What was expected and what was found.
    pub kind: BoardErrorKind,
}

/// What went wrong in a [`BoardError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardErrorKind {
    /// A character other than `b` or `w` where a piece belongs.
    BadPiece {
        /// The character found, quoted or escaped (e.g. `'x'`, `byte 0xFF`).
        found: String,
    },
    /// A character that is no symbol of the board's alphabet (other than `wb`) where a piece
    /// belongs (see [`Alphabet`](super::variant::Alphabet)).
    BadSymbol {
        /// The alphabet's symbols, colour 0 first (e.g. `01`).
        alphabet: String,
        /// The character found, quoted or escaped.
        found: String,
    },
    /// A row with fewer pieces than the board has columns.
    ShortRow {
        /// Columns of the board.
        expected: usize,
        /// Pieces found on the row.
        found: usize,
    },
    /// A row with more characters than the board has columns.
    LongRow {
        /// Columns of the board.
        expected: usize,
        /// Characters found on the row.
        found: usize,
    },
    /// A row longer than the reader's line limit ([`board_line_limit`]), which it does not hold.
    LineTooLong {
        /// Columns of the board.
        expected: usize,
        /// The line limit in bytes.
        limit: usize,
    },
    /// The board ended (a blank line or the end of the input) before its last row.
    CutOff {
        /// Rows of the board.
        expected: usize,
        /// Rows read before the board ended.
        found: usize,
        /// True when the end of the input cut the board off, false for a blank line.
        at_end_of_input: bool,
    },
    /// No board at all where one was required (an empty `--board`).
    Empty,
    /// Text after the one board a string may hold.
    Trailing,
}

impl fmt::Display for BoardErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardErrorKind::BadPiece { found } => write!(f, "expected 'b' or 'w', found {found}"),
            BoardErrorKind::BadSymbol { alphabet, found } => {
                let symbols: Vec<String> = alphabet.chars().map(|c| format!("{c:?}")).collect();
                let (last, rest) = symbols.split_last().expect("an alphabet has symbols");
                write!(f, "expected {} or {last}, found {found}", rest.join(", "))
            }
            BoardErrorKind::ShortRow { expected, found } => {
                let s = plural(*expected);
                write!(f, "expected {expected} piece{s} in the row, found {found}")
            }
            BoardErrorKind::LongRow { expected, found } => {
                let s = plural(*expected);
                write!(f, "expected {expected} piece{s} in the row, found {found} characters")
            }
            BoardErrorKind::LineTooLong { expected, limit } => {
                let s = plural(*expected);
                write!(
                    f,
                    "expected {expected} piece{s} in the row, found a line of more than {limit} bytes"
                )
            }
            BoardErrorKind::CutOff { expected, found, at_end_of_input } => {
                let what = if *at_end_of_input { "the end of the input" } else { "a blank line" };
                write!(f, "expected {expected} rows, found {what} after {found}")
            }
            BoardErrorKind::Empty => write!(f, "expected a board, found nothing"),
            BoardErrorKind::Trailing => write!(f, "expected the end of the board, found more rows"),
        }
    }
}

impl BoardError {
    /// "Expected a board, found nothing" at `position`.
    pub fn empty(position: Position) -> BoardError {
        BoardError { board: 0, position, kind: BoardErrorKind::Empty }
    }

    /// "Expected the end of the board, found more rows" at `position`.
    pub fn trailing(position: Position) -> BoardError {
        BoardError { board: 1, position, kind: BoardErrorKind::Trailing }
    }
}

/// Reads `rows x cols` boards one after another from a [`LineSource`]: a byte slice, without
/// copying it ([`BoardReader::new`]), or a byte stream ([`BoardReader::from_reader`]); both
/// read the same boards from the same bytes.
///
/// ```
/// use flipblox::flip::{BoardReader, GridBoard};
/// let mut reader = BoardReader::new(b"bw\nwb\n\nbb\nbx\n", 2, 2);
/// let mut board = GridBoard::new(2, 2);
/// assert!(reader.read_into(&mut board).unwrap().is_ok());
/// assert_eq!(board.to_compact(), "bwwb");
/// let err = reader.read_into(&mut board).unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "5:2: board 2: expected 'b' or 'w', found 'x'");
/// assert!(reader.read_into(&mut board).is_none());
/// ```
#[derive(Debug, Clone)]
pub struct BoardReader<S> {
    lines: S,
    rows: usize,
    cols: usize,
    boards: usize,
    /// Where the last board read starts.
    start: Position,
}

impl<'a> BoardReader<Lines<'a>> {
    /// A reader of `rows x cols` boards over `bytes` (lines kept whole up to
    /// [`board_line_limit`]`(cols)` bytes).
    pub fn new(bytes: &'a [u8], rows: usize, cols: usize) -> BoardReader<Lines<'a>> {
        BoardReader::from_lines(Lines::with_limit(bytes, board_line_limit(cols)), rows, cols)
    }
}

impl<R: Read> BoardReader<StreamLines<R>> {
    /// A reader of `rows x cols` boards over the byte stream `reader`: it holds one line of at
    /// most [`board_line_limit`]`(cols)` bytes at a time, and reads the same boards as
    /// [`BoardReader::new`] over the same bytes.
    ///
    /// ```
    /// use flipblox::flip::{BoardReader, GridBoard};
    /// let input = std::io::Cursor::new(b"bw\nwb\n".to_vec());
    /// let mut reader = BoardReader::from_reader(input, 2, 2);
    /// let mut board = GridBoard::new(2, 2);
    /// assert!(reader.read_into(&mut board).unwrap().is_ok());
    /// assert!(reader.read_into(&mut board).is_none());
    /// ```
    pub fn from_reader(reader: R, rows: usize, cols: usize) -> BoardReader<StreamLines<R>> {
        BoardReader::from_lines(StreamLines::new(reader, board_line_limit(cols)), rows, cols)
    }
}

impl<S: LineSource> BoardReader<S> {
    /// A reader of `rows x cols` boards over the lines of `lines`.
    pub fn from_lines(lines: S, rows: usize, cols: usize) -> BoardReader<S> {
        BoardReader { lines, rows, cols, boards: 0, start: Position { line: 1, column: 1 } }
    }

    /// The shape of the boards read, `(rows, cols)`.
    pub(crate) fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// The line source (e.g. to take a stream's read error once reading is done).
    pub fn lines_mut(&mut self) -> &mut S {
        &mut self.lines
    }

    /// Reads the next board into `board` (which must be `rows x cols`; every piece is written).
    ///
    /// Returns `None` when only blank lines remain, `Some(Ok(()))` for a board read, and
    /// `Some(Err(_))` for a board that could not be read (see the module docs for how reading
    /// recovers; the next call reads the next board).
    ///
    /// # Panics
    ///
    /// If `board` does not have the reader's shape.
    pub fn read_into(&mut self, board: &mut GridBoard) -> Option<Result<(), BoardError>> {
        assert_eq!((board.rows(), board.cols()), (self.rows, self.cols), "board shape");
        let (cols, limit) = (self.cols, self.lines.line_limit());
        self.read_board(|line, row| {
            if row == 0 {
                board.clear();
            }
            read_row(line, row, cols, limit, board)
        })
    }

    /// Reads a leading line that holds only a board count (digits), the layout of several
    /// judges, and returns the count and where it is; `None` (and nothing read) when the first
    /// non-blank line is not such a line, or when `is_row` says it is a row of the board (an
    /// alphabet of digits on a board that narrow), or once a board was read.
    pub fn read_count_line(
        &mut self,
        is_row: impl FnOnce(&[u8]) -> bool,
    ) -> Option<(u64, Position)> {
        if self.boards > 0 {
            return None;
        }
        while self.lines.peek_line().is_some_and(|line| line.is_blank()) {
            self.lines.next_line();
        }
        let line = self.lines.peek_line()?;
        let text = line.text;
        if text.is_empty() || !text.iter().all(u8::is_ascii_digit) || is_row(text) {
            return None;
        }
        let count = std::str::from_utf8(text).ok()?.parse::<u64>().ok()?;
        let position = line.position(0);
        self.lines.next_line();
        Some((count, position))
    }

    /// Reads one board: `row(line, index)` for each row until the first error (see
    /// [`BoardReader::read_into`]); `row` reports the position and kind of a row's error.
    #[inline(always)]
    pub(crate) fn read_board(
        &mut self,
        mut row: impl FnMut(&Line<'_>, usize) -> Result<(), (Position, BoardErrorKind)>,
    ) -> Option<Result<(), BoardError>> {
        let rows = self.rows;
        let first = loop {
            let line = self.lines.next_line()?;
            if !line.is_blank() {
                break line;
            }
        };
        self.boards += 1;
        self.start = first.position(0);
        let mut first_error: Option<(Position, BoardErrorKind)> = row(&first, 0).err();
        for r in 1..rows {
            let (position, at_end_of_input) = match self.lines.next_line() {
                Some(line) if !line.is_blank() => {
                    if first_error.is_none() {
                        first_error = row(&line, r).err();
                    }
                    continue;
                }
                Some(blank) => (blank.position(0), false),
                None => (self.lines.end_position(), true),
            };
            let kind = BoardErrorKind::CutOff { expected: rows, found: r, at_end_of_input };
            first_error.get_or_insert((position, kind));
            break;
        }
        Some(match first_error {
            None => Ok(()),
            Some((position, kind)) => Err(BoardError { board: self.boards, position, kind }),
        })
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

/// Reads row `row` of a board of `cols` columns from `line` into `board` (which the caller
/// cleared: only black pieces are set); `limit` is the line limit of the line's source.
#[inline(always)]
fn read_row(
    line: &Line<'_>,
    row: usize,
    cols: usize,
    limit: usize,
    board: &mut GridBoard,
) -> Result<(), (Position, BoardErrorKind)> {
    let text = line.text;
    let base = row * cols;
    // Pieces separated by spaces or tabs (the row cannot then be `cols` bytes long).
    if text.len() != cols
        && text.len() <= limit
        && text.iter().skip(1).any(|&b| b == b' ' || b == b'\t')
    {
        return read_separated_row(line, base, cols, board);
    }
    let pieces = &text[..text.len().min(cols)];
    // Eight pieces at a time while they are all `b` or `w`, without a branch per piece: the
    // last few of a row of 8 or more as the row's last 8 bytes (those before them already
    // checked), of a shorter row padded with `w`. A chunk holding any other byte is read one
    // piece at a time below, which finds the bad byte and its column.
    let mut done = 0;
    while done < pieces.len() {
        let rest = &pieces[done..];
        let (bits, n) = if let Some(chunk) = rest.first_chunk::<8>() {
            (piece_bits(*chunk), 8)
        } else if let Some(last) = pieces.last_chunk::<8>() {
            let n = rest.len();
            (piece_bits(*last).map(|bits| bits >> (8 - n)), n)
        } else {
            let mut word = u64::from_le_bytes([b'w'; 8]);
            for (i, &b) in rest.iter().enumerate() {
                word = word & !(0xFF << (8 * i)) | u64::from(b) << (8 * i);
            }
            (piece_bits(word.to_le_bytes()), rest.len())
        };
        let Some(bits) = bits else { break };
        board.set_black_bits(base + done, bits);
        done += n;
    }
    for (col, &piece) in pieces.iter().enumerate().skip(done) {
        match piece {
            b'b' => board.set_black_at(base + col),
            b'w' => {}
            _ => {
                let found = describe_at(text, col);
                return Err((line.position(col), BoardErrorKind::BadPiece { found }));
            }
        }
    }
    if pieces.len() < cols {
        let kind = BoardErrorKind::ShortRow { expected: cols, found: pieces.len() };
        return Err((line.position(pieces.len()), kind));
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

/// [`read_row`] for a row whose pieces are separated by spaces or tabs (`b w w b`): the rules
/// of the variants' `Alphabet::read_row` for the alphabet `wb`.
#[cold]
fn read_separated_row(
    line: &Line<'_>,
    base: usize,
    cols: usize,
    board: &mut GridBoard,
) -> Result<(), (Position, BoardErrorKind)> {
    let text = line.text;
    let mut pieces = 0;
    for (i, &b) in text.iter().enumerate() {
        if (b == b' ' || b == b'\t') && pieces > 0 {
            continue;
        }
        if pieces == cols {
            let found = String::from_utf8_lossy(text).chars().count();
            return Err((line.position(i), BoardErrorKind::LongRow { expected: cols, found }));
        }
        match b {
            b'b' => board.set_black_at(base + pieces),
            b'w' => {}
            _ => {
                let found = describe_at(text, i);
                return Err((line.position(i), BoardErrorKind::BadPiece { found }));
            }
        }
        pieces += 1;
    }
    if pieces < cols {
        let kind = BoardErrorKind::ShortRow { expected: cols, found: pieces };
        return Err((line.position(text.len()), kind));
    }
    Ok(())
}

impl GridBoard {
    /// Parses one `rows x cols` board written as its rows separated by `/` (`bwb/wbw`), as
    /// `rows * cols` characters in a row (`bwbwbw`), or as `rows` lines (the POJ 1753 layout).
    ///
    /// # Errors
    ///
    /// A [`BoardError`] whose position counts lines and columns in `text` (for the `/` form,
    /// each row is reported as a line), for a character other than `b`/`w`, a short or long row,
    /// a missing row, or anything after the board.
    ///
    /// ```
    /// use flipblox::flip::GridBoard;
    /// let a = GridBoard::parse("bww/wbw", 2, 3).unwrap();
    /// assert_eq!(a, GridBoard::parse("bwwwbw", 2, 3).unwrap());
    /// let err = GridBoard::parse("bww/wxw", 2, 3).unwrap_err();
    /// assert_eq!(err.to_string(), "2:2: board 1: expected 'b' or 'w', found 'x'");
    /// ```
    pub fn parse(text: &str, rows: usize, cols: usize) -> Result<GridBoard, BoardError> {
        let text = board_text_rows(text, rows, cols);
        let mut reader = BoardReader::new(text.as_bytes(), rows, cols);
        let mut board = GridBoard::new(rows, cols);
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
pub(crate) fn board_text_rows(text: &str, rows: usize, cols: usize) -> Cow<'_, str> {
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
                let mut board = GridBoard::new(1, cols);
                let mut reader = BoardReader::new(&row, 1, cols);
                assert_eq!(reader.read_into(&mut board), Some(Ok(())));
                for (c, &piece) in row.iter().enumerate() {
                    assert_eq!(board.get(0, c), piece == b'b', "{cols} columns, piece {c}");
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
                let mut reader = BoardReader::new(&bad, 1, cols);
                let err = reader.read_into(&mut board).unwrap().unwrap_err();
                assert_eq!(err.position, Position { line: 1, column: at + 1 }, "{bad:?}");
                assert!(matches!(err.kind, BoardErrorKind::BadPiece { .. }), "{err}");
            }
        }
    }

    fn read_all(text: &str) -> Vec<Result<String, String>> {
        let mut reader = BoardReader::new(text.as_bytes(), 4, 4);
        let mut board = GridBoard::new(4, 4);
        let mut out = Vec::new();
        while let Some(r) = reader.read_into(&mut board) {
            out.push(r.map(|()| board.to_compact()).map_err(|e| e.to_string()));
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
    fn leading_whitespace_is_a_bad_piece() {
        let got = read_all(" bwwb\nbbwb\nbwwb\nbwww\n");
        assert_eq!(got[0], Err("1:1: board 1: expected 'b' or 'w', found ' '".to_string()));
    }
}
