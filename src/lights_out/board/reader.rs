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
    /// How the size of each board is found.
    sizes: Sizes,
    /// Blocks of rows of 4 pieces are read as 4x4 boards when their rows are a multiple of 4
    /// (false for an inline board, [`Board::parse_any_size`], which is one board).
    split_fours: bool,
    /// The 4x4 boards of a block of rows of 4 pieces read ahead.
    fours: Fours,
}

/// The 4x4 boards of a block of rows of 4 pieces, read ahead to learn the block's rows (at most
/// [`MAX_SIDE`] of them) and returned one by one.
#[derive(Debug, Clone, Default)]
struct Fours {
    /// The cells of the rows read ahead, 4 a row.
    cells: Vec<u8>,
    /// Each board read ahead: where it starts, and its first error.
    boards: Vec<(Position, Option<(Position, BoardErrorKind)>)>,
    /// The next board of `boards` to return.
    next: usize,
    /// The block goes on after the rows read ahead: its next 4x4 boards are read one by one.
    more: bool,
}

/// How a [`BoardReader`] finds the size of each board (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sizes {
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
const MAX_SIDE: usize = BoardSize::MAX_SIDE;

impl BoardReader<Lines<'_>> {
    /// Reads the one board the text holds into `board`: [`Board::parse`]'s and
    /// [`Board::parse_any_size`]'s last step, which refuses no board and anything after it.
    fn read_only_board(&mut self, mut board: Board) -> Result<Board, BoardError> {
        match self.read_into(&mut board) {
            None => Err(BoardError::empty(self.end_position())),
            Some(Err(e)) => Err(e),
            Some(Ok(())) => match self.skip_to_next_board() {
                Some(pos) => Err(BoardError::trailing(pos)),
                None => Ok(board),
            },
        }
    }
}

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

    /// [`BoardReader::read_into`] for a reader that reads sizes from the input.
    fn read_inferred(&mut self, board: &mut Board) -> Option<Result<(), BoardError>> {
        loop {
            match self.sizes {
                Sizes::Ended => return None,
                Sizes::Fixed => return self.read_into(board),
                Sizes::SizeLines => return self.read_after_size_line(board),
                Sizes::Blocks => return self.read_block(board),
                Sizes::Undecided => {}
            }
            let first = self.skip_blank_lines()?;
            let (text, number) = (first.text.to_vec(), first.number);
            let first = Line { number, offset: first.offset, text: &text };
            if size_line(&text).is_some() {
                if !text.iter().all(|&b| is_blank(b) || self.alphabet.colour_of(b).is_some()) {
                    self.sizes = Sizes::SizeLines;
                    continue;
                }
                // Read as a row and as a size line alike: refused, and the block skipped.
                self.lines.next_line();
                self.sizes = Sizes::Blocks;
                let found = crate::text::quote(&text).to_string();
                let error =
                    self.fail(first.position(0), BoardErrorKind::AmbiguousSizeLine { found });
                self.skip_block();
                return Some(Err(error));
            }
            self.sizes = Sizes::Blocks;
        }
    }

    /// Skips blank lines and returns the next line, not consumed.
    fn skip_blank_lines(&mut self) -> Option<Line<'_>> {
        while self.lines.peek_line().is_some_and(|line| line.is_blank()) {
            self.lines.next_line();
        }
        self.lines.peek_line()
    }

    /// Consumes the lines up to the next blank line or the end.
    fn skip_block(&mut self) {
        while self.lines.peek_line().is_some_and(|line| !line.is_blank()) {
            self.lines.next_line();
        }
    }

    /// Counts a new board, started at `position`, that could not be read for `kind`.
    fn fail(&mut self, position: Position, kind: BoardErrorKind) -> BoardError {
        self.boards += 1;
        self.start = position;
        BoardError { board: self.boards, position, kind }
    }

    /// Reads the next board of the blocks of non-blank lines: a 4x4 board of a block of rows of
    /// 4 pieces read ahead, or the board of the next block.
    fn read_block(&mut self, board: &mut Board) -> Option<Result<(), BoardError>> {
        if self.fours_pending() {
            return Some(self.next_four(board));
        }
        if self.fours.more {
            if self.lines.peek_line().is_some_and(|line| !line.is_blank()) {
                return self.read_four(board);
            }
            self.fours.more = false;
        }
        let line = self.skip_blank_lines()?;
        let owned = (line.text.to_vec(), line.number, line.offset);
        self.lines.next_line();
        let first = Line { number: owned.1, offset: owned.2, text: &owned.0 };
        if self.split_fours {
            let second = match self.lines.peek_line() {
                Some(line) if !line.is_blank() => Some(row_cells(line.text)),
                _ => None,
            };
            if row_cells(first.text) == 4 || second == Some(4) {
                return Some(self.read_fours(board, &first));
            }
        }
        let cols = row_cells(first.text);
        self.boards += 1;
        self.start = first.position(0);
        let index = self.boards;
        let (limit, alphabet, wb) = (self.lines.line_limit(), &self.alphabet, self.wb);
        if cols > MAX_SIDE {
            // A symbol that is not the alphabet's, within the widest row, is the clearer error.
            board.reshape(1, MAX_SIDE);
            let (position, kind) = match read_row(&first, limit, alphabet, wb, board.cells_mut()) {
                Err((at, kind @ BoardErrorKind::BadSymbol { .. }))
                | Err((at, kind @ BoardErrorKind::BadPiece { .. })) => (at, kind),
                _ => (first.position(0), BoardErrorKind::TooLarge { max: MAX_SIDE }),
            };
            self.skip_block();
            return Some(Err(BoardError { board: index, position, kind }));
        }
        board.reshape(1, cols);
        let mut error = read_row(&first, limit, alphabet, wb, board.cells_mut()).err();
        let mut rows = 1;
        while let Some(line) = self.lines.peek_line().filter(|line| !line.is_blank()) {
            if rows == MAX_SIDE {
                let position = line.position(0);
                self.skip_block();
                let kind = BoardErrorKind::TooLarge { max: MAX_SIDE };
                return Some(Err(BoardError { board: index, position, kind }));
            }
            if error.is_none() {
                board.reshape(rows + 1, cols);
                let out = &mut board.cells_mut()[rows * cols..];
                error = read_row(&line, limit, alphabet, wb, out).err().map(ragged);
            }
            rows += 1;
            self.lines.next_line();
        }
        Some(match error {
            None => Ok(()),
            Some((position, kind)) => Err(BoardError { board: index, position, kind }),
        })
    }

    /// Reads the block of rows of 4 pieces whose first line is `first` (consumed): up to
    /// [`MAX_SIDE`] rows ahead, then returns the block's one board, when its rows are not a
    /// multiple of 4, or its first 4x4 board.
    fn read_fours(&mut self, board: &mut Board, first: &Line<'_>) -> Result<(), BoardError> {
        let (limit, alphabet, wb) = (self.lines.line_limit(), &self.alphabet, self.wb);
        let fours = &mut self.fours;
        (fours.next, fours.more) = (0, false);
        fours.cells.clear();
        fours.boards.clear();
        let read = |line: &Line<'_>, fours: &mut Fours| {
            let row = fours.cells.len() / 4;
            if row.is_multiple_of(4) {
                fours.boards.push((line.position(0), None));
            }
            fours.cells.extend([0; 4]);
            let error = read_row(line, limit, alphabet, wb, &mut fours.cells[row * 4..]).err();
            let (_, first_error) = fours.boards.last_mut().expect("a board per 4 rows");
            if first_error.is_none() {
                *first_error = error;
            }
        };
        read(first, fours);
        while let Some(line) = self.lines.peek_line().filter(|line| !line.is_blank()) {
            if fours.cells.len() == 4 * MAX_SIDE {
                fours.more = true;
                break;
            }
            read(&line, fours);
            self.lines.next_line();
        }
        let rows = fours.cells.len() / 4;
        if rows.is_multiple_of(4) {
            return self.next_four(board);
        }
        // One board of the block's rows: its first error is the first of its groups of 4 rows.
        board.reshape(rows, 4);
        board.cells_mut().copy_from_slice(&fours.cells);
        let error = fours.boards.iter_mut().find_map(|(_, error)| error.take());
        fours.boards.clear();
        self.boards += 1;
        self.start = first.position(0);
        match error {
            None => Ok(()),
            Some((position, kind)) => Err(BoardError { board: self.boards, position, kind }),
        }
    }

    /// Returns the next 4x4 board read ahead by [`BoardReader::read_fours`].
    fn next_four(&mut self, board: &mut Board) -> Result<(), BoardError> {
        let i = self.fours.next;
        self.fours.next += 1;
        let (start, error) = &mut self.fours.boards[i];
        board.reshape(4, 4);
        board.cells_mut().copy_from_slice(&self.fours.cells[16 * i..16 * (i + 1)]);
        self.boards += 1;
        self.start = *start;
        match error.take() {
            None => Ok(()),
            Some((position, kind)) => Err(BoardError { board: self.boards, position, kind }),
        }
    }

    /// Reads the next 4x4 board of a block of more than [`MAX_SIDE`] rows of 4 pieces, past the
    /// rows read ahead, as with the size 4x4 given; a board cut off ends the block.
    fn read_four(&mut self, board: &mut Board) -> Option<Result<(), BoardError>> {
        board.reshape(4, 4);
        let (limit, alphabet, wb) = (self.lines.line_limit(), &self.alphabet, self.wb);
        let cells = board.cells_mut();
        let read =
            read_board(&mut self.lines, 4, &mut self.boards, &mut self.start, |line, row| {
                read_row(line, limit, alphabet, wb, &mut cells[row * 4..(row + 1) * 4])
            });
        if let Some(Err(BoardError { kind: BoardErrorKind::CutOff { .. }, .. })) = read {
            self.fours.more = false;
        }
        read
    }

    /// Reads a size line and the board after it.
    fn read_after_size_line(&mut self, board: &mut Board) -> Option<Result<(), BoardError>> {
        let line = self.skip_blank_lines()?;
        let position = line.position(0);
        let header = size_line(line.text);
        let found = crate::text::quote(line.text).to_string();
        self.lines.next_line();
        let Some((rows, cols, unpressable)) = header else {
            // Skip to the next size line.
            while self.lines.peek_line().is_some_and(|line| size_line(line.text).is_none()) {
                self.lines.next_line();
            }
            return Some(Err(self.fail(position, BoardErrorKind::SizeLine { found })));
        };
        if (rows, cols) == (0, 0) {
            self.sizes = Sizes::Ended;
            return None;
        }
        let size = usize::try_from(rows)
            .ok()
            .zip(usize::try_from(cols).ok())
            .and_then(|(r, c)| BoardSize::new(r, c).ok());
        let Some(size) = size else {
            while self.lines.peek_line().is_some_and(|line| size_line(line.text).is_none()) {
                self.lines.next_line();
            }
            return Some(Err(self.fail(position, BoardErrorKind::SizeLine { found })));
        };
        (self.rows, self.cols) = (size.rows(), size.cols());
        board.reshape(self.rows, self.cols);
        let (cols, limit) = (self.cols, self.lines.line_limit());
        let (alphabet, wb) = (&self.alphabet, self.wb);
        let cells = board.cells_mut();
        let read = read_board(
            &mut self.lines,
            self.rows,
            &mut self.boards,
            &mut self.start,
            |line, row| {
                let out = &mut cells[row * cols..(row + 1) * cols];
                read_row(line, limit, alphabet, wb, out)
            },
        );
        let Some(read) = read else {
            // The size line was the last line.
            let end = self.lines.end_position();
            let kind =
                BoardErrorKind::CutOff { expected: self.rows, found: 0, at_end_of_input: true };
            return Some(Err(self.fail(end, kind)));
        };
        if unpressable == 0 {
            return Some(read);
        }
        // bzoj 4171's cells that cannot be pressed: K lines after the board, skipped.
        for _ in 0..unpressable {
            if self.skip_blank_lines().is_none() {
                break;
            }
            self.lines.next_line();
        }
        Some(read.and(Err(BoardError {
            board: self.boards,
            position,
            kind: BoardErrorKind::UnpressableCells { count: unpressable },
        })))
    }

    /// Reads a leading line that holds only a board count (digits), the layout of several
    /// judges, and returns the count and where it is; `None` (and nothing read) when the first
    /// non-blank line is not such a line, or once a board was read. A line whose digits are all
    /// symbols of the alphabet (`11111` with the symbols `01`) is a row, never a count.
    pub fn read_count_line(&mut self) -> Option<(u64, Position)> {
        if self.boards > 0 {
            return None;
        }
        while self.lines.peek_line().is_some_and(|line| line.is_blank()) {
            self.lines.next_line();
        }
        let line = self.lines.peek_line()?;
        let text = trim_start(line.text);
        if text.is_empty()
            || !text.iter().all(u8::is_ascii_digit)
            || text.iter().all(|&b| self.alphabet.colour_of(b).is_some())
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

/// A short or long row of a board read in blocks, said as a row unlike the board's first.
fn ragged((position, kind): (Position, BoardErrorKind)) -> (Position, BoardErrorKind) {
    match kind {
        BoardErrorKind::ShortRow { expected, found } => {
            (position, BoardErrorKind::RaggedRow { expected, found })
        }
        BoardErrorKind::LongRow { expected, found } => {
            (position, BoardErrorKind::RaggedRow { expected, found })
        }
        kind => (position, kind),
    }
}

/// True for the blanks that may separate cells: a space or a tab.
fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

/// `text` without its leading spaces and tabs.
fn trim_start(text: &[u8]) -> &[u8] {
    let lead = text.iter().take_while(|&&b| is_blank(b)).count();
    &text[lead..]
}

/// The pieces on a row: its characters other than spaces and tabs (bytes: a character that is
/// no symbol is an error of the row anyway).
fn row_cells(text: &[u8]) -> usize {
    text.iter().filter(|&&b| !is_blank(b)).count()
}

/// A size line: two or three decimal numbers separated by spaces or tabs, `ROWS COLS [K]`
/// (a number too large for `u64` is `u64::MAX`, which no size accepts).
fn size_line(text: &[u8]) -> Option<(u64, u64, u64)> {
    let mut numbers = [0u64; 3];
    let mut count = 0;
    for word in text.split(|&b| is_blank(b)).filter(|w| !w.is_empty()) {
        if count == 3 || !word.iter().all(u8::is_ascii_digit) {
            return None;
        }
        numbers[count] = word
            .iter()
            .try_fold(0u64, |n, &d| n.checked_mul(10)?.checked_add(u64::from(d - b'0')))
            .unwrap_or(u64::MAX);
        count += 1;
    }
    (count >= 2).then_some((numbers[0], numbers[1], numbers[2]))
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
    // Cells separated by spaces or tabs, or after them (the row cannot then be `cols` bytes
    // long, unless it starts with a blank).
    if text.len() <= limit
        && (text.first().is_some_and(|&b| is_blank(b))
            || (text.len() != cols && text.iter().skip(1).any(|&b| is_blank(b))))
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
        reader.read_only_board(Board::new(size.rows(), size.cols()))
    }
}

impl Board {
    /// Parses one board written in `alphabet` and finds its size: its rows separated by `/`
    /// (`bwwbb/bbwbb/bwwbb/bwwwb/bbbbb` is 5x5) or written on lines: as many rows as there are,
    /// and as many columns as the first row has symbols; or the 16 symbols of a 4x4 board in a
    /// row.
    ///
    /// # Errors
    ///
    /// A [`BoardError`] as for [`Board::parse`], and [`BoardErrorKind::RaggedRow`] for a row of
    /// another length than the first, [`BoardErrorKind::OneLine`] for one line without `/`
    /// of other than 16 symbols, [`BoardErrorKind::TooLarge`] for a side over
    /// [`BoardSize::MAX_SIDE`].
    ///
    /// ```
    /// use flipblox::lights_out::{Alphabet, Board};
    /// let wb = Alphabet::default_for(2);
    /// let board = Board::parse_any_size("bwwbb/bbwbb/bwwbb/bwwwb/bbbbb", &wb)?;
    /// assert_eq!((board.rows(), board.cols()), (5, 5));
    /// let err = Board::parse_any_size("bwwbb/bbwb/bwwbb", &wb).unwrap_err();
    /// assert_eq!(err.to_string(),
    ///            "2:5: board 1: expected 5 pieces in the row, as in the board's first row, found 4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_any_size(text: &str, alphabet: &Alphabet) -> Result<Board, BoardError> {
        let one_line = !text.contains('/') && !text.contains('\n');
        let cells = row_cells(text.as_bytes());
        if one_line && cells != 16 && cells > 0 {
            let position = Position { line: 1, column: 1 };
            return Err(BoardError {
                board: 1,
                position,
                kind: BoardErrorKind::OneLine { found: cells },
            });
        }
        if one_line {
            return Board::parse(text, BoardSize::CLASSIC, alphabet);
        }
        let text = text.replace('/', "\n");
        let mut reader = BoardReader::inferring(text.as_bytes(), alphabet);
        // One board: its rows, whatever their length.
        (reader.sizes, reader.split_fours) = (Sizes::Blocks, false);
        reader.read_only_board(Board::new(0, 0))
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
