//! Reading boards from a byte slice or a byte stream: [`BoardReader`], and its errors.
//!
//! A board of `rows x cols` is `rows` consecutive lines of `cols` cells, each cell one symbol of
//! the board's [`Alphabet`] (`b` black and `w` white for the Flip Game of POJ 1753). Boards follow
//! each other with or without blank lines between them. Line endings may be LF or CRLF and
//! spaces or tabs before and after a row are ignored (see [`crate::text`]). A row whose cells are
//! separated by spaces or tabs (`0 1 1 0`, the layout of many judges) is read cell by cell. A line
//! is kept whole up to the row plus 64 KiB, so a reader over a stream holds one line at a time,
//! never the input; a longer line is a row error of its own.
//!
//! # Sizes read from the input
//!
//! A reader made without a size ([`BoardReader::inferring`]) finds it in the input, from its
//! first non-blank line (after a count line, [`BoardReader::read_count_line`]):
//!
//! 1. A size line, two or three numbers `ROWS COLS [K]` (HDU 1882, bzoj 4171): every board
//!    follows its own size line, so sizes may differ; a size line `0 0` ends the boards (what
//!    follows it is not read). `K` > 0 (bzoj 4171's cells that cannot be pressed, `K` lines
//!    `ROW COL` after the board) is skipped and reported as a board error. A line that also reads
//!    as a row of the alphabet (`1 1` with the symbols `01`) is refused as ambiguous.
//! 2. Otherwise every block of non-blank lines (boards are separated by blank lines) is read on
//!    its own. A block whose first row or second row has 4 pieces is a block of rows of 4: of
//!    `4 * n` rows, it is `n` 4x4 boards, the Flip Game of POJ 1753 (with or without blank lines
//!    between boards), each read as with the size 4x4 given; of other rows `R`, it is one `R x 4`
//!    board. A block of more than [`BoardSize::MAX_SIDE`] rows of 4 is 4x4 boards, its last one
//!    cut off when its rows are not a multiple of 4. The reader holds at most that many rows of
//!    a block (4 cells each) to decide, so memory stays bounded on any input.
//! 3. Any other block is one board, of as many rows as the block has lines and as many columns
//!    as its first row has pieces; another row length is a [`BoardErrorKind::RaggedRow`].
//!
//! # Recovery
//!
//! A board with a bad character or a short or long row still consumes its `rows` lines, so the
//! next board is read from the right place. A blank line before the last row ends the board
//! early (it was cut off) and the next board starts after the blank line. Only the first error
//! of a board is reported.

use std::io::Read;

use super::error::{BoardError, BoardErrorKind, board_line_limit};
use super::row::read_row;
use crate::lights_out::board::colours::Board;
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
    pub(super) lines: S,
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) alphabet: Alphabet,
    /// The alphabet is `wb`: rows are checked eight cells a word.
    pub(super) wb: bool,
    pub(super) boards: usize,
    /// Where the last board read starts.
    pub(super) start: Position,
    /// How the size of each board is found.
    pub(super) sizes: Sizes,
    /// Blocks of rows of 4 pieces are read as 4x4 boards when their rows are a multiple of 4
    /// (false for an inline board, [`Board::parse_any_size`], which is one board).
    pub(super) split_fours: bool,
    /// The 4x4 boards of a block of rows of 4 pieces read ahead.
    pub(super) fours: Fours,
}

/// The 4x4 boards of a block of rows of 4 pieces, read ahead to learn the block's rows (at most
/// [`MAX_SIDE`] of them) and returned one by one.
#[derive(Debug, Clone, Default)]
pub(super) struct Fours {
    /// The cells of the rows read ahead, 4 a row.
    pub(super) cells: Vec<u8>,
    /// Each board read ahead: where it starts, and its first error.
    pub(super) boards: Vec<(Position, Option<(Position, BoardErrorKind)>)>,
    /// The next board of `boards` to return.
    pub(super) next: usize,
    /// The block goes on after the rows read ahead: its next 4x4 boards are read one by one.
    pub(super) more: bool,
}

/// How a [`BoardReader`] finds the size of each board (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sizes {
    /// Every board is `rows x cols`, given.
    Fixed,
    /// To be read from the input: no board read yet.
    Undecided,
    /// Each board follows its size line.
    SizeLines,
    /// Each block of non-blank lines is one board, or 4x4 boards (see the module docs).
    Blocks,
    /// A size line `0 0` ended the boards.
    Ended,
}

/// The longest side, in pieces, of a board whose size is read from the input.
pub(super) const MAX_SIDE: usize = BoardSize::MAX_SIDE;

impl<'a> BoardReader<Lines<'a>> {
    /// A reader of boards of `size` written in `alphabet`, over `bytes`.
    pub fn new(bytes: &'a [u8], size: BoardSize, alphabet: &Alphabet) -> BoardReader<Lines<'a>> {
        let lines = Lines::with_limit(bytes, board_line_limit(size.cols()));
        BoardReader::from_lines(lines, size.rows(), size.cols(), alphabet)
    }

    /// A reader of boards written in `alphabet` over `bytes` that reads each board's size from
    /// the input (see the module docs): [`BoardReader::read_into`] makes the board it is given
    /// the size of the board read.
    ///
    /// ```
    /// use flipblox::lights_out::{Alphabet, Board, BoardReader};
    /// let text = b"2 3\n.X.\nXXX\n\n1 1\nX\n0 0\n";
    /// let mut reader = BoardReader::inferring(text, &Alphabet::new(".X", 2)?);
    /// let mut board = Board::new(1, 1);
    /// assert!(reader.read_into(&mut board).unwrap().is_ok());
    /// assert_eq!((board.rows(), board.cols(), board.cells()), (2, 3, &[0, 1, 0, 1, 1, 1][..]));
    /// assert!(reader.read_into(&mut board).unwrap().is_ok());
    /// assert_eq!((board.rows(), board.cols()), (1, 1));
    /// assert!(reader.read_into(&mut board).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn inferring(bytes: &'a [u8], alphabet: &Alphabet) -> BoardReader<Lines<'a>> {
        let lines = Lines::with_limit(bytes, board_line_limit(MAX_SIDE));
        BoardReader::from_lines(lines, 0, 0, alphabet).infer()
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

    /// [`BoardReader::inferring`] over the byte stream `reader`.
    pub fn from_reader_inferring(reader: R, alphabet: &Alphabet) -> BoardReader<StreamLines<R>> {
        let lines = StreamLines::new(reader, board_line_limit(MAX_SIDE));
        BoardReader::from_lines(lines, 0, 0, alphabet).infer()
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
            sizes: Sizes::Fixed,
            split_fours: true,
            fours: Fours::default(),
        }
    }

    /// The same reader, reading sizes from the input.
    fn infer(mut self) -> BoardReader<S> {
        self.sizes = Sizes::Undecided;
        self
    }

    /// A reader that reads sizes from `lines` block by block (no count or size lines), from
    /// the start of a block or, when `in_fours`, from a 4x4 board inside a block of more than
    /// [`MAX_SIDE`] rows of 4 pieces: the reader the 4x4 fast path of `flipblox flip` hands
    /// the boards it does not read.
    pub(crate) fn blocks_from(lines: S, alphabet: &Alphabet, in_fours: bool) -> BoardReader<S> {
        let mut reader = BoardReader::from_lines(lines, 0, 0, alphabet);
        reader.sizes = Sizes::Blocks;
        reader.fours.more = in_fours;
        reader
    }

    /// True when the reader reads the input block by block (see the module docs): no size was
    /// given, and the input has no size lines.
    pub(crate) fn reads_blocks(&self) -> bool {
        self.sizes == Sizes::Blocks
    }

    /// True when 4x4 boards of a block read ahead are still to be returned.
    pub(crate) fn fours_pending(&self) -> bool {
        self.fours.next < self.fours.boards.len()
    }

    /// True when the next board is a 4x4 board inside a block of more than [`MAX_SIDE`] rows
    /// of 4 pieces (once [`BoardReader::fours_pending`] is false).
    pub(crate) fn in_fours(&self) -> bool {
        self.fours.more
    }

    /// The size of every board when it was given; `None` for a reader that reads sizes from
    /// the input (each board has its own).
    pub fn fixed_size(&self) -> Option<BoardSize> {
        match self.sizes {
            Sizes::Fixed => BoardSize::new(self.rows, self.cols).ok(),
            _ => None,
        }
    }

    /// The line source (e.g. to take a stream's read error once reading is done).
    pub(crate) fn lines_mut(&mut self) -> &mut S {
        &mut self.lines
    }

    /// Reads the next board into `board` (every cell is written). A reader of one size needs
    /// `board` of that size; one that reads sizes from the input ([`BoardReader::inferring`])
    /// makes `board` the size of the board read (an unreadable board keeps some size).
    ///
    /// Returns `None` when only blank lines remain (or after a size line `0 0`), `Some(Ok(()))`
    /// for a board read, and `Some(Err(_))` for a board that could not be read (see the module
    /// docs for how reading recovers; the next call reads the next board).
    ///
    /// # Panics
    ///
    /// If the reader has one size given and `board` does not have it.
    pub fn read_into(&mut self, board: &mut Board) -> Option<Result<(), BoardError>> {
        if self.sizes != Sizes::Fixed {
            return self.read_inferred(board);
        }
        assert_eq!((board.rows(), board.cols()), (self.rows, self.cols), "board shape");
        let (cols, limit) = (self.cols, self.lines.line_limit());
        let (alphabet, wb) = (&self.alphabet, self.wb);
        let cells = board.cells_mut();
        read_board(&mut self.lines, self.rows, &mut self.boards, &mut self.start, |line, row| {
            let out = &mut cells[row * cols..(row + 1) * cols];
            read_row(line, limit, alphabet, wb, out)
        })
    }

    /// Skips blank lines and returns the next line, not consumed.
    pub(super) fn skip_blank_lines(&mut self) -> Option<Line<'_>> {
        while self.lines.peek_line().is_some_and(|line| line.is_blank()) {
            self.lines.next_line();
        }
        self.lines.peek_line()
    }

    /// Consumes the lines up to the next blank line or the end.
    pub(super) fn skip_block(&mut self) {
        while self.lines.peek_line().is_some_and(|line| !line.is_blank()) {
            self.lines.next_line();
        }
    }

    /// Counts a new board, started at `position`, that could not be read for `kind`.
    pub(super) fn fail(&mut self, position: Position, kind: BoardErrorKind) -> BoardError {
        self.boards += 1;
        self.start = position;
        BoardError { board: self.boards, position, kind }
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
pub(super) fn read_board<S: LineSource>(
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
    let first_error: Option<(Position, BoardErrorKind)> = row(&first, 0).err();
    Some(read_rows(lines, rows, first_error, *boards, row))
}

/// Reads rows `1..rows` of board `board` from `lines` after its first row, whose error was
/// `first_error` (see [`read_board`]).
#[inline(always)]
fn read_rows<S: LineSource>(
    lines: &mut S,
    rows: usize,
    mut first_error: Option<(Position, BoardErrorKind)>,
    board: usize,
    mut row: impl FnMut(&Line<'_>, usize) -> Result<(), (Position, BoardErrorKind)>,
) -> Result<(), BoardError> {
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
    match first_error {
        None => Ok(()),
        Some((position, kind)) => Err(BoardError { board, position, kind }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Position;

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
                    if !matches!(b, b'b' | b'w' | b'B' | b'W' | b' ' | b'\t' | b'\r' | b'\n') {
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
    fn leading_blanks_are_ignored_and_positions_count_them() {
        let got = read_all(" bwwb\n\tbbwb\n  b w w b\nbwww\n");
        assert_eq!(got, vec![Ok("bwwbbbwbbwwbbwww".to_string())]);
        let got = read_all("  bwxb\nbbwb\nbwwb\nbwww\n");
        assert_eq!(got[0], Err("1:5: board 1: expected 'b' or 'w', found 'x'".to_string()));
        let got = read_all(" bwb\nbbwb\nbwwb\nbwww\n");
        assert_eq!(got[0], Err("1:5: board 1: expected 4 pieces in the row, found 3".to_string()));
    }

    /// Every board an inferring reader reads from `text` (in `alphabet`): its size and rows, or
    /// its error.
    fn infer_all(text: &str, alphabet: &Alphabet) -> Vec<Result<String, String>> {
        let mut reader = BoardReader::inferring(text.as_bytes(), alphabet);
        let mut board = Board::new(1, 1);
        let mut out = Vec::new();
        while let Some(r) = reader.read_into(&mut board) {
            let text = || format!("{}x{} {}", board.rows(), board.cols(), board.to_text(alphabet));
            out.push(r.map(|()| text()).map_err(|e| e.to_string()));
        }
        // The same boards from a stream.
        let stream = std::io::Cursor::new(text.as_bytes().to_vec());
        let mut reader = BoardReader::from_reader_inferring(stream, alphabet);
        let mut streamed = Vec::new();
        while let Some(r) = reader.read_into(&mut board) {
            let text = || format!("{}x{} {}", board.rows(), board.cols(), board.to_text(alphabet));
            streamed.push(r.map(|()| text()).map_err(|e| e.to_string()));
        }
        assert_eq!(out, streamed, "a slice and a stream read the same boards");
        out
    }

    #[test]
    fn one_board_of_any_size_up_to_a_blank_line_or_the_end() {
        let five = "bwwbb\nbbwbb\nbwwbb\nbwwwb\nbbbbb";
        assert_eq!(infer_all(five, &wb()), [Ok(format!("5x5 {}", five.replace('\n', "/")))]);
        // CRLF, no final line ending, leading blanks, boards of different sizes in blocks.
        let got = infer_all("\r\n  bwb\r\nwbw\r\n\r\nbb\r\nbw\r\nww", &wb());
        assert_eq!(got, [Ok("2x3 bwb/wbw".to_string()), Ok("3x2 bb/bw/ww".to_string())]);
        // Cells separated by blanks, a digits alphabet: a row of 1s is a row, not a count.
        let digits = Alphabet::new("01", 2).unwrap();
        let got = infer_all("1 1 1 1 1\n0 0 0 0 0\n", &digits);
        assert_eq!(got, [Ok("2x5 11111/00000".to_string())]);
        let mut reader = BoardReader::inferring(b"11111\n00000\n", &digits);
        assert_eq!(reader.read_count_line(), None, "11111 is a row, not a count");
        assert_eq!(reader.fixed_size(), None);
    }

    #[test]
    fn ragged_rows_are_refused_at_their_column_and_the_next_board_read() {
        let got = infer_all("bwwbb\nbbw\nbwwbbw\n\nbww\nwww\n", &wb());
        assert_eq!(
            got,
            [
                Err("2:4: board 1: expected 5 pieces in the row, as in the board's first row, \
                     found 3"
                    .to_string()),
                Ok("2x3 bww/www".to_string())
            ]
        );
        let got = infer_all("bwwbb\nbwwbbw\n", &wb());
        assert_eq!(
            got,
            [Err("2:6: board 1: expected 5 pieces in the row, as in the board's first row, \
                  found 6"
                .to_string())]
        );
    }

    #[test]
    fn rows_of_four_pieces_keep_meaning_poj_1753_boards() {
        let text = "bwwb\nbbwb\nbwwb\nbwww\nwwww\nwwww\nwwww\nwwww\n";
        let got = infer_all(text, &wb());
        assert_eq!(
            got,
            [Ok("4x4 bwwb/bbwb/bwwb/bwww".into()), Ok("4x4 wwww/wwww/wwww/wwww".into())]
        );
        // The same answers as a reader of the size 4x4 given, even when the first row is bad.
        for text in [text, "bwwbb\nbbwb\nbwwb\nbwww\n", "bw\nbbwb\nbwwb\nbwww\n", "bwwb\nbb\n"] {
            let inferred: Vec<_> = infer_all(text, &wb())
                .into_iter()
                .map(|r| r.map(|b| b.strip_prefix("4x4 ").unwrap().replace('/', "")))
                .collect();
            assert_eq!(read_all(text), inferred, "{text:?}");
        }
        // Each block on its own: a block of one row after a board of 4 is a 1x4 board (a
        // reader of the size 4x4 given calls it a board cut off).
        let got = infer_all("bwwb\nbbwb\nbwwb\nbwww\n\nwwww\n", &wb());
        assert_eq!(got, [Ok("4x4 bwwb/bbwb/bwwb/bwww".into()), Ok("1x4 wwww".into())]);
        let mut reader = BoardReader::inferring(text.as_bytes(), &wb());
        reader.read_into(&mut Board::new(1, 1));
        assert_eq!(reader.fixed_size(), None, "each board has its own size");
    }

    #[test]
    fn blocks_of_rows_of_four_are_4x4_boards_or_one_board_of_their_rows() {
        let rows = |n: usize| -> Vec<String> {
            (0..n)
                .map(|i| format!("{:04b}", i * 7 % 16).replace('0', "w").replace('1', "b"))
                .collect()
        };
        for n in 1..=13 {
            let block = rows(n);
            for ending in ["\n", "\r\n"] {
                let got = infer_all(&(block.join(ending) + ending), &wb());
                let want: Vec<Result<String, String>> = match n % 4 {
                    0 => block.chunks(4).map(|b| Ok(format!("4x4 {}", b.join("/")))).collect(),
                    _ => vec![Ok(format!("{n}x4 {}", block.join("/")))],
                };
                assert_eq!(got, want, "a block of {n} rows");
            }
        }
        // Mixed blocks: 3x4, 5x5, two 4x4 in a block of 8, 5x4, a 2x3.
        let text = "bwwb\nbbwb\nbwww\n\nbwwbb\nbbwbb\nbwwbb\nbwwwb\nbbbbb\n\n\
                    wwww\nwwww\nwwww\nwwww\nbbbb\nbbbb\nbbbb\nbbbb\n\n\
                    bwwb\nbbwb\nbwww\nwwww\nbbbb\n\nbwb\nwbw";
        let got = infer_all(text, &wb());
        let sizes: Vec<&str> = got.iter().map(|r| &r.as_ref().unwrap()[..3]).collect();
        assert_eq!(sizes, ["3x4", "5x5", "4x4", "4x4", "5x4", "2x3"]);
        // A bad row is an error of its 4x4 board, or of the block's one board; a block's first
        // row of 5 pieces before rows of 4 is a row error of a block of rows of 4.
        let got = infer_all("bwwb\nbbwb\nbwwb\nbwww\nwwww\nwxww\nwwww\nwwww\n\nbwwb\n", &wb());
        assert_eq!(got[0], Ok("4x4 bwwb/bbwb/bwwb/bwww".into()));
        assert_eq!(got[1], Err("6:2: board 2: expected 'b' or 'w', found 'x'".into()));
        assert_eq!(got[2], Ok("1x4 bwwb".into()));
        let got = infer_all("bwwb\nbbwb\nbwwbb\nbwww\nbbbb\n", &wb());
        assert_eq!(
            got,
            [Err("3:5: board 1: expected 4 pieces in the row, found 5 characters".into())]
        );
        let got = infer_all("bwwbb\nbbwb\nbwwb\n", &wb());
        assert_eq!(
            got,
            [Err("1:5: board 1: expected 4 pieces in the row, found 5 characters".into())]
        );
        // An inline board of 8 rows of 4 is one 8x4 board.
        let board = Board::parse_any_size(&rows(8).join("/"), &wb()).unwrap();
        assert_eq!((board.rows(), board.cols()), (8, 4));
    }

    #[test]
    fn a_block_of_more_than_1024_rows_of_four_is_4x4_boards_read_with_bounded_memory() {
        // 1,024 rows: 256 boards; 1,028: 257; 1,026: 256 and one cut off at the end; 1,025 and
        // a block of 3 after a blank line: 256, one cut off by the blank line, a 3x4 board.
        let row = |i: usize| ["bwwb", "wbbw", "bbbb", "wwww", "bwbw"][i % 5];
        let block = |n: usize| (0..n).map(|i| format!("{}\n", row(i))).collect::<String>();
        for (n, boards) in [(1024, 256), (1028, 257), (5000, 1250)] {
            let got = infer_all(&block(n), &wb());
            assert_eq!(got.len(), boards);
            assert!(got.iter().all(|r| r.as_ref().is_ok_and(|b| b.starts_with("4x4 "))));
        }
        let got = infer_all(&block(1026), &wb());
        assert_eq!(got.len(), 257);
        assert_eq!(
            got[256],
            Err("1027:1: board 257: expected 4 rows, found the end of the input after 2".into())
        );
        let got = infer_all(&(block(1025) + "\nbwb\nwbw\nbbb\n"), &wb());
        assert_eq!(got.len(), 258);
        assert_eq!(
            got[256],
            Err("1026:1: board 257: expected 4 rows, found a blank line after 1".into())
        );
        assert_eq!(got[257], Ok("3x3 bwb/wbw/bbb".into()));
        // At most 1,024 rows of 4 cells are held, whatever the block's length.
        let text = block(40_000);
        let mut reader = BoardReader::from_reader_inferring(std::io::Cursor::new(text), &wb());
        let mut board = Board::new(1, 1);
        let mut boards = 0;
        while let Some(read) = reader.read_into(&mut board) {
            assert!(read.is_ok());
            boards += 1;
        }
        assert_eq!(boards, 10_000);
        assert!(
            reader.fours.cells.capacity() <= 2 * 4 * MAX_SIDE,
            "{}",
            reader.fours.cells.capacity()
        );
    }

    #[test]
    fn size_lines_before_each_board_with_mixed_sizes() {
        // HDU 1882: `R C`, the board, a blank line; `0 0` ends the input.
        let billboard = Alphabet::new(".X", 2).unwrap();
        let text = "5 5\nXX...\nX....\n...X.\n..XXX\n...X.\n\n1 2\nX.\n\n0 0\nignored\n";
        let got = infer_all(text, &billboard);
        assert_eq!(got, [Ok("5x5 XX.../X..../...X./..XXX/...X.".into()), Ok("1x2 X.".into())]);
        // bzoj 4171: a count line, `R C K`, uppercase symbols of the default alphabet; K > 0
        // cells that cannot be pressed are skipped and reported.
        let text = "2\n3 3 0\nWBW\nBBB\nWBW\n3 3 2\nWBW\nBBB\nWBW\n2 2\n3 2\n";
        let mut reader = BoardReader::inferring(text.as_bytes(), &wb());
        assert_eq!(reader.read_count_line().map(|(n, _)| n), Some(2));
        let mut board = Board::new(1, 1);
        assert_eq!(reader.read_into(&mut board), Some(Ok(())));
        assert_eq!(board.to_text(&wb()), "wbw/bbb/wbw");
        let err = reader.read_into(&mut board).unwrap().unwrap_err();
        assert_eq!((err.board, err.position.line), (2, 6));
        assert!(matches!(err.kind, BoardErrorKind::UnpressableCells { count: 2 }), "{err}");
        assert_eq!(reader.read_into(&mut board), None);
        // A bad size line, a size over the limit, a size line at the end.
        let got = infer_all("1 2\nbw\nbwb\nbb\n2000 1\nb\n1 1\nw\n1 1", &wb());
        assert_eq!(got.len(), 5, "{got:?}");
        assert!(got[1].as_ref().unwrap_err().starts_with("3:1: board 2: expected a size line"));
        assert!(got[2].as_ref().unwrap_err().starts_with("5:1: board 3: expected a size line"));
        assert_eq!(got[3], Ok("1x1 w".to_string()));
        assert!(got[4].as_ref().unwrap_err().contains("found the end of the input after 0"));
        // A first line that is a row as much as a size line is refused.
        let got = infer_all("1 1\n0 1\n\n", &Alphabet::new("01", 2).unwrap());
        assert!(got[0].as_ref().unwrap_err().contains("give the board size"), "{got:?}");
    }

    #[test]
    fn inline_boards_find_their_size() {
        let parse = |text| Board::parse_any_size(text, &wb());
        let b = parse("bwwbb/bbwbb/bwwbb/bwwwb/bbbbb").unwrap();
        assert_eq!((b.rows(), b.cols()), (5, 5));
        assert_eq!(parse("bwwbbbwbbwwbbwww").unwrap(), parse("bwwb/bbwb/bwwb/bwww").unwrap());
        assert_eq!(parse("BW/wB").unwrap().cells(), &[1, 0, 0, 1]);
        let e = parse("bwwbbbwbb").unwrap_err();
        assert!(matches!(e.kind, BoardErrorKind::OneLine { found: 9 }), "{e}");
        let e = parse("bww/bw/bww").unwrap_err();
        assert_eq!((e.position.line, e.position.column), (2, 3));
        let e = parse("bwwbb/bbwb/bwwbb").unwrap_err();
        assert!(matches!(e.kind, BoardErrorKind::RaggedRow { expected: 5, found: 4 }), "{e}");
        let b = parse("bwwb/bbwb/bwwb/bwww/wwww").unwrap();
        assert_eq!((b.rows(), b.cols()), (5, 4));
        assert!(parse("").is_err());
        assert!(parse("bwx/bww").is_err());
        assert!(parse(&"b".repeat(1025).replace("", "/")[1..]).is_err());
    }
}
