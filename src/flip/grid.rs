//! A Flip Game board of any size as a packed bit vector.

use std::fmt;

use super::rules::toggled;

/// A `rows x cols` Flip Game (Lights Out) board as a packed bit vector.
///
/// Bit layout: bit `cols * row + col` (0-based, row-major from the top-left) is set when that
/// piece shows black; bit `i` lives in word `i / 64` at bit `i % 64`. Bits past `rows * cols` in
/// the last word are always zero. For the 4x4 board, word 0 is the [`Board`](super::Board) state.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GridBoard {
    rows: usize,
    cols: usize,
    words: Vec<u64>,
}

impl GridBoard {
    /// An all-white `rows x cols` board.
    ///
    /// # Panics
    ///
    /// If `rows * cols` overflows `usize`.
    pub fn new(rows: usize, cols: usize) -> GridBoard {
        let cells = rows.checked_mul(cols).expect("board size overflows usize");
        GridBoard { rows, cols, words: vec![0; cells.div_ceil(64)] }
    }

    /// A `rows x cols` board from its packed bits (see the type's layout); for boards of up to
    /// 64 pieces, `vec![state]` with the state layout of [`distance_table`](super::distance_table).
    ///
    /// # Panics
    ///
    /// If `words.len()` is not `ceil(rows * cols / 64)` or a bit past `rows * cols` is set.
    pub fn from_words(rows: usize, cols: usize, words: Vec<u64>) -> GridBoard {
        let cells = rows.checked_mul(cols).expect("board size overflows usize");
        assert_eq!(words.len(), cells.div_ceil(64), "words of a {rows}x{cols} board");
        if !cells.is_multiple_of(64) {
            assert_eq!(words[cells / 64] >> (cells % 64), 0, "bits past the board are clear");
        }
        GridBoard { rows, cols, words }
    }

    /// Rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The packed bits (see the type's layout).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Whether the piece at (`row`, `col`) shows black.
    ///
    /// # Panics
    ///
    /// If (`row`, `col`) is off the board.
    pub fn get(&self, row: usize, col: usize) -> bool {
        let i = self.index(row, col);
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Sets the piece at (`row`, `col`) to black (`true`) or white (`false`).
    ///
    /// # Panics
    ///
    /// If (`row`, `col`) is off the board.
    pub fn set(&mut self, row: usize, col: usize, black: bool) {
        let i = self.index(row, col);
        let mask = 1u64 << (i % 64);
        if black {
            self.words[i / 64] |= mask;
        } else {
            self.words[i / 64] &= !mask;
        }
    }

    /// Sets the piece with bit index `index` (`cols * row + col`) to black.
    ///
    /// # Panics
    ///
    /// If `index >= rows * cols`.
    #[inline]
    pub fn set_black_at(&mut self, index: usize) {
        assert!(index < self.rows * self.cols, "piece {index} is off the board");
        self.words[index / 64] |= 1u64 << (index % 64);
    }

    /// Sets to black the pieces with bit indices `index` to `index + 7` whose bits are set in
    /// `bits` (bit `k` for the piece `index + k`); pieces whose bit is clear are left as they are.
    ///
    /// # Panics
    ///
    /// If a set bit falls off the board.
    #[inline]
    pub(crate) fn set_black_bits(&mut self, index: usize, bits: u8) {
        let last = index + 8 - bits.leading_zeros() as usize;
        assert!(bits == 0 || last <= self.rows * self.cols, "piece {last} is off the board");
        let (word, shift) = (index / 64, index % 64);
        let bits = u64::from(bits);
        self.words[word] |= bits << shift;
        if shift > 56 && bits >> (64 - shift) != 0 {
            self.words[word + 1] |= bits >> (64 - shift);
        }
    }

    /// Flips the piece at (`row`, `col`) alone (not a press).
    ///
    /// # Panics
    ///
    /// If (`row`, `col`) is off the board.
    pub fn toggle(&mut self, row: usize, col: usize) {
        let i = self.index(row, col);
        self.words[i / 64] ^= 1u64 << (i % 64);
    }

    /// Presses the piece at (`row`, `col`): flips it and its orthogonal neighbours.
    ///
    /// # Panics
    ///
    /// If (`row`, `col`) is off the board.
    pub fn press(&mut self, row: usize, col: usize) {
        assert!(row < self.rows && col < self.cols, "({row},{col}) is off the board");
        for (r, c) in toggled(self.rows, self.cols, row, col) {
            self.toggle(r, c);
        }
    }

    /// Sets every piece to white.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// True when every piece shows the same colour.
    pub fn is_uniform(&self) -> bool {
        let n = self.rows * self.cols;
        let black = self.words.iter().map(|w| w.count_ones() as usize).sum::<usize>();
        black == 0 || black == n
    }

    /// The pieces row by row as `b`/`w` characters, with no separators.
    pub fn to_compact(&self) -> String {
        (0..self.rows * self.cols)
            .map(|i| if self.words[i / 64] >> (i % 64) & 1 == 1 { 'b' } else { 'w' })
            .collect()
    }

    fn index(&self, row: usize, col: usize) -> usize {
        assert!(row < self.rows && col < self.cols, "({row},{col}) is off the board");
        row * self.cols + col
    }
}

impl fmt::Display for GridBoard {
    /// The rows separated by `/`, e.g. `bwwb/bbwb/bwwb/bwww`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compact = self.to_compact();
        for (i, row) in compact.as_bytes().chunks(self.cols.max(1)).enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            f.write_str(std::str::from_utf8(row).expect("ASCII"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn press_flips_the_plus_shape_and_is_an_involution() {
        let mut g = GridBoard::new(3, 70);
        g.press(1, 64);
        assert_eq!(g.words().iter().map(|w| w.count_ones()).sum::<u32>(), 5);
        assert!(g.get(0, 64) && g.get(2, 64) && g.get(1, 63) && g.get(1, 65) && g.get(1, 64));
        g.press(1, 64);
        assert!(g.words().iter().all(|&w| w == 0));
        g.press(0, 0);
        assert_eq!(g.to_string().split('/').next().unwrap()[..3].to_string(), "bbw");
    }
}
