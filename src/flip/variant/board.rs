//! A board of any number of colours: one byte per cell.

use super::alphabet::Alphabet;
use crate::flip::reader::board_text_rows;
use crate::flip::{BoardError, BoardErrorKind, BoardReader, GridBoard, board_line_limit};
use crate::text::LineSource;

/// A `rows x cols` board of up to 16 colours, one byte per cell.
///
/// Layout: cell (`row`, `col`) (0-based from the top-left) is byte `cols * row + col` and holds
/// its colour, `0 ..= K - 1` (0 is white, "off"). The board does not know `K`; the solvers check
/// the colours against their variant. For two colours, colour 1 is black, so a [`GridBoard`]
/// converts bit for bit ([`ColourBoard::from_grid`]).
///
/// As a *state* of a distance table a board is the number `sum of colour(i) * K^i` over the
/// cells `i` (row-major), so for two colours the state is the [`GridBoard`] bit layout
/// ([`ColourBoard::state`], [`ColourBoard::from_state`]).
///
/// ```
/// use flipblox::flip::variant::ColourBoard;
/// let board = ColourBoard::from_cells(2, 2, vec![0, 2, 1, 0]);
/// assert_eq!(board.get(0, 1), 2);
/// assert_eq!(board.state(3), 2 * 3 + 9);
/// assert_eq!(ColourBoard::from_state(2, 2, 3, 15), board);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ColourBoard {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl ColourBoard {
    /// A `rows x cols` board of colour 0.
    ///
    /// # Panics
    ///
    /// If `rows * cols` overflows `usize`.
    pub fn new(rows: usize, cols: usize) -> ColourBoard {
        let n = rows.checked_mul(cols).expect("board size overflows usize");
        ColourBoard { rows, cols, cells: vec![0; n] }
    }

    /// The board with these cells (row-major colours, see the type's layout).
    ///
    /// # Panics
    ///
    /// If `cells.len()` is not `rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> ColourBoard {
        assert_eq!(Some(cells.len()), rows.checked_mul(cols), "cells of a {rows}x{cols} board");
        ColourBoard { rows, cols, cells }
    }

    /// A two-colour board from a [`GridBoard`]: white is colour 0, black colour 1.
    pub fn from_grid(grid: &GridBoard) -> ColourBoard {
        let (rows, cols) = (grid.rows(), grid.cols());
        let words = grid.words();
        let cells = (0..rows * cols).map(|i| (words[i / 64] >> (i % 64) & 1) as u8).collect();
        ColourBoard { rows, cols, cells }
    }

    /// The board of state `state` with `colours` colours (see the type's layout).
    ///
    /// # Panics
    ///
    /// If `colours` is below 2 or `state` is not below `colours^(rows * cols)`.
    pub fn from_state(rows: usize, cols: usize, colours: u8, state: u64) -> ColourBoard {
        assert!(colours >= 2, "{colours} colours");
        let k = u64::from(colours);
        let mut rest = state;
        let cells = (0..rows * cols)
            .map(|_| {
                let digit = (rest % k) as u8;
                rest /= k;
                digit
            })
            .collect();
        assert_eq!(rest, 0, "state {state} has more than {} cells", rows * cols);
        ColourBoard { rows, cols, cells }
    }

    /// The state of the board with `colours` colours: `sum of colour(i) * colours^i`.
    ///
    /// # Panics
    ///
    /// If the state does not fit a `u64` or a cell is not below `colours`.
    pub fn state(&self, colours: u8) -> u64 {
        let k = u64::from(colours);
        self.cells.iter().rev().fold(0u64, |acc, &c| {
            assert!(c < colours, "colour {c} with {colours} colours");
            acc.checked_mul(k).and_then(|a| a.checked_add(u64::from(c))).expect("state fits u64")
        })
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The cells, row-major (see the type's layout).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells, row-major, to write.
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The colour of the cell at (`row`, `col`).
    ///
    /// # Panics
    ///
    /// If (`row`, `col`) is off the board.
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[self.index(row, col)]
    }

    /// Sets the cell at (`row`, `col`) to `colour`.
    ///
    /// # Panics
    ///
    /// If (`row`, `col`) is off the board.
    pub fn set(&mut self, row: usize, col: usize, colour: u8) {
        let i = self.index(row, col);
        self.cells[i] = colour;
    }

    /// The colour of every cell when they are all the same, else `None`.
    pub fn uniform_colour(&self) -> Option<u8> {
        let first = *self.cells.first()?;
        self.cells.iter().all(|&c| c == first).then_some(first)
    }

    /// The rows written with `alphabet`, separated by `/`, e.g. `wbw/bww`.
    ///
    /// # Panics
    ///
    /// If a cell's colour has no symbol in `alphabet`.
    pub fn to_text(&self, alphabet: &Alphabet) -> String {
        let mut out = String::with_capacity(self.cells.len() + self.rows);
        for (r, row) in self.cells.chunks(self.cols.max(1)).enumerate() {
            if r > 0 {
                out.push('/');
            }
            alphabet.write_row(row, None, &mut out);
        }
        out
    }

    fn index(&self, row: usize, col: usize) -> usize {
        assert!(row < self.rows && col < self.cols, "({row},{col}) is off the board");
        row * self.cols + col
    }
}

impl<S: LineSource> BoardReader<S> {
    /// Reads the next board into `board`, its cells written in `alphabet` (see
    /// [`Alphabet::read_row`]: symbols next to each other or
    /// separated by spaces or tabs); otherwise exactly as [`BoardReader::read_into`].
    ///
    /// # Panics
    ///
    /// If `board` does not have the reader's shape.
    pub fn read_colours_into(
        &mut self,
        alphabet: &Alphabet,
        board: &mut ColourBoard,
    ) -> Option<Result<(), BoardError>> {
        assert_eq!((board.rows(), board.cols()), self.shape(), "board shape");
        let (cols, limit) = (self.shape().1, self.lines_mut().line_limit());
        self.read_board(|line, row| {
            if line.text.len() > limit {
                let kind = BoardErrorKind::LineTooLong { expected: cols, limit };
                return Err((line.position(0), kind));
            }
            let out = &mut board.cells_mut()[row * cols..(row + 1) * cols];
            alphabet.read_row(line.text, out).map_err(|(i, kind)| (line.position(i), kind))
        })
    }
}

impl ColourBoard {
    /// Parses one `rows x cols` board written in `alphabet`, in the forms
    /// [`GridBoard::parse`] takes (rows separated by `/`, `rows * cols` symbols in a row, or
    /// `rows` lines), the cells of a row also separated by spaces or tabs.
    ///
    /// # Errors
    ///
    /// A [`BoardError`] as [`GridBoard::parse`]'s.
    ///
    /// ```
    /// use flipblox::flip::variant::{Alphabet, ColourBoard};
    /// let a = Alphabet::new("012", 3).unwrap();
    /// let board = ColourBoard::parse("0 1 2/2 1 0", 2, 3, &a).unwrap();
    /// assert_eq!(board.cells(), &[0, 1, 2, 2, 1, 0]);
    /// ```
    pub fn parse(
        text: &str,
        rows: usize,
        cols: usize,
        alphabet: &Alphabet,
    ) -> Result<ColourBoard, BoardError> {
        let text = board_text_rows(text, rows, cols);
        let mut reader = BoardReader::new(text.as_bytes(), rows, cols);
        reader.lines_mut().set_line_limit(board_line_limit(2 * cols));
        let mut board = ColourBoard::new(rows, cols);
        match reader.read_colours_into(alphabet, &mut board) {
            None => Err(BoardError::empty(reader.end_position())),
            Some(Err(e)) => Err(e),
            Some(Ok(())) => match reader.skip_to_next_board() {
                Some(pos) => Err(BoardError::trailing(pos)),
                None => Ok(board),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grids_and_states_convert_bit_for_bit() {
        let grid = GridBoard::parse("bww/wbb", 2, 3).unwrap();
        let board = ColourBoard::from_grid(&grid);
        assert_eq!(board.cells(), &[1, 0, 0, 0, 1, 1]);
        assert_eq!(board.state(2), grid.words()[0]);
        assert_eq!(board.to_text(&Alphabet::default_for(2)), "bww/wbb");
        for state in 0..81 {
            assert_eq!(ColourBoard::from_state(2, 2, 3, state).state(3), state);
        }
        assert_eq!(ColourBoard::from_cells(1, 3, vec![2, 2, 2]).uniform_colour(), Some(2));
        assert_eq!(ColourBoard::from_cells(1, 3, vec![2, 1, 2]).uniform_colour(), None);
    }
}
