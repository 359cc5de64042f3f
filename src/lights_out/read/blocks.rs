//! Boards in blocks of non-blank lines, for a reader that finds sizes in the input and meets no
//! size line: each block is one board of its rows, or, for rows of 4 pieces, the 4x4 boards of
//! POJ 1753 (see the reader's module docs).

use super::error::{BoardError, BoardErrorKind};
use super::reader::{BoardReader, Fours, MAX_SIDE, read_board};
use super::row::{read_row, row_cells};
use crate::lights_out::board::colours::Board;
use crate::text::{Line, LineSource, Position};

impl<S: LineSource> BoardReader<S> {
    /// Reads the next board of the blocks of non-blank lines: a 4x4 board of a block of rows of
    /// 4 pieces read ahead, or the board of the next block.
    pub(super) fn read_block(&mut self, board: &mut Board) -> Option<Result<(), BoardError>> {
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
