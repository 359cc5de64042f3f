//! [`Board`]: a board of any variant, one byte per cell.

use crate::lights_out::variant::alphabet::Alphabet;

/// A `rows x cols` board of up to 16 colours, one byte per cell.
///
/// Layout: cell (`row`, `col`) (0-based from the top-left) is byte `cols * row + col` and holds
/// its colour, `0 ..= K - 1` (0 is white, "off"; for two colours 1 is black, "on"). The board
/// does not know `K`; the solvers and tables check the colours against their variant.
///
/// As a *state* of a distance table a board is the number `sum of colour(i) * K^i` over the
/// cells `i` (row-major): for two colours, bit `cols * row + col` is set when that cell is black
/// ([`Board::state`], [`Board::from_state`]).
///
/// ```
/// use flipblox::lights_out::Board;
/// let board = Board::from_cells(2, 2, vec![0, 2, 1, 0]);
/// assert_eq!(board.get(0, 1), 2);
/// assert_eq!(board.state(3), 2 * 3 + 9);
/// assert_eq!(Board::from_state(2, 2, 3, 15), board);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
}

impl Board {
    /// A `rows x cols` board of colour 0.
    ///
    /// # Panics
    ///
    /// If `rows * cols` overflows `usize`.
    pub fn new(rows: usize, cols: usize) -> Board {
        let n = rows.checked_mul(cols).expect("board size overflows usize");
        Board { rows, cols, cells: vec![0; n] }
    }

    /// The board with these cells (row-major colours, see the type's layout).
    ///
    /// # Panics
    ///
    /// If `cells.len()` is not `rows * cols`.
    pub fn from_cells(rows: usize, cols: usize, cells: Vec<u8>) -> Board {
        assert_eq!(Some(cells.len()), rows.checked_mul(cols), "cells of a {rows}x{cols} board");
        Board { rows, cols, cells }
    }

    /// The board of state `state` with `colours` colours (see the type's layout).
    ///
    /// # Panics
    ///
    /// If `colours` is below 2 or `state` is not below `colours^(rows * cols)`.
    pub fn from_state(rows: usize, cols: usize, colours: u8, state: u64) -> Board {
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
        Board { rows, cols, cells }
    }

    /// The state of the board with `colours` colours: `sum of colour(i) * colours^i`.
    ///
    /// # Panics
    ///
    /// If the state does not fit a `u64` or a cell is not below `colours`.
    pub fn state(&self, colours: u8) -> u64 {
        if colours == 2 && self.cells.len() <= 64 {
            assert!(self.cells.iter().all(|&c| c < 2), "a colour above 1 with 2 colours");
            return crate::lights_out::board::swar::pack_cells(&self.cells);
        }
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

    /// Makes the board `rows x cols`, keeping its allocation (the cells' colours are then
    /// whatever they were; a reader overwrites them).
    pub(crate) fn reshape(&mut self, rows: usize, cols: usize) {
        let n = rows.checked_mul(cols).expect("board size overflows usize");
        self.cells.resize(n, 0);
        (self.rows, self.cols) = (rows, cols);
    }

    fn index(&self, row: usize, col: usize) -> usize {
        assert!(row < self.rows && col < self.cols, "({row},{col}) is off the board");
        row * self.cols + col
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_states_convert() {
        let board = Board::from_cells(2, 3, vec![1, 0, 0, 0, 1, 1]);
        assert_eq!(board.state(2), 0b11_0001);
        assert_eq!(Board::from_state(2, 3, 2, 0b11_0001), board);
        assert_eq!(board.to_text(&Alphabet::default_for(2)), "bww/wbb");
        let size = crate::lights_out::BoardSize::new(2, 3).unwrap();
        assert_eq!(Board::parse("bww/wbb", size, &Alphabet::default_for(2)), Ok(board.clone()));
        for state in 0..81 {
            assert_eq!(Board::from_state(2, 2, 3, state).state(3), state);
        }
        assert_eq!(Board::from_cells(1, 3, vec![2, 2, 2]).uniform_colour(), Some(2));
        assert_eq!(Board::from_cells(1, 3, vec![2, 1, 2]).uniform_colour(), None);
    }
}
