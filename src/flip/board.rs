//! The 4x4 Flip Game board of POJ 1753 as a 16-bit state.

use std::fmt;
use std::str::FromStr;

use super::grid::GridBoard;
use super::reader::BoardError;
use super::rules::toggle_mask;

/// Rows (and columns) of the classic Flip Game board (POJ 1753).
pub const SIDE: usize = 4;

/// Number of states of the 4x4 board: 2^16.
pub const STATES: usize = 1 << 16;

/// A 4x4 Flip Game board (POJ 1753) as a 16-bit state.
///
/// Bit layout: bit `4 * row + col` is set when the piece at (`row`, `col`) shows black (`b`);
/// `row` and `col` are 0-based from the top-left. So `0x0000` is all white, `0xFFFF` all black,
/// and the first text row is the low nibble:
///
/// ```
/// use flipblox::flip::Board;
/// let b: Board = "bwwb/bbwb/bwwb/bwww".parse().unwrap();
/// assert_eq!(b.bits(), 0b0001_1001_1011_1001);
/// assert!(b.is_black(0, 0) && !b.is_black(0, 1));
/// assert_eq!(b.to_string(), "bwwb/bbwb/bwwb/bwww");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Board(u16);

/// A press (a move) on the 4x4 board: the piece at (`row`, `col`), 0-based.
///
/// Pressing flips that piece and its orthogonal neighbours (3 to 5 pieces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Press {
    /// Row of the pressed piece, 0-based from the top.
    pub row: u8,
    /// Column of the pressed piece, 0-based from the left.
    pub col: u8,
}

impl Press {
    /// The press with bit index `index` (`4 * row + col`).
    ///
    /// # Panics
    ///
    /// If `index >= 16`.
    pub fn from_index(index: usize) -> Press {
        assert!(index < 16, "press index {index} out of 0..16");
        Press { row: (index / SIDE) as u8, col: (index % SIDE) as u8 }
    }

    /// The bit index `4 * row + col`.
    pub fn index(self) -> usize {
        usize::from(self.row) * SIDE + usize::from(self.col)
    }

    /// The 16-bit toggle pattern of this press (the press and its orthogonal neighbours).
    pub fn toggle_pattern(self) -> u16 {
        TOGGLE_PATTERNS[self.index()]
    }
}

impl fmt::Display for Press {
    /// `(r,c)` with 1-based row and column, as in `flipblox flip --moves`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row + 1, self.col + 1)
    }
}

/// The toggle pattern of each of the 16 presses, indexed by `4 * row + col` (the plus-shaped
/// pattern of [`rules`](super::rules), as 16-bit masks).
pub const TOGGLE_PATTERNS: [u16; 16] = {
    let mut patterns = [0u16; 16];
    let mut i = 0;
    while i < 16 {
        patterns[i] = toggle_mask(SIDE, SIDE, i / SIDE, i % SIDE) as u16;
        i += 1;
    }
    patterns
};

impl Board {
    /// All pieces white (`0x0000`).
    pub const WHITE: Board = Board(0);
    /// All pieces black (`0xFFFF`).
    pub const BLACK: Board = Board(0xFFFF);

    /// The board with this 16-bit state (see the type's bit layout).
    pub const fn from_bits(bits: u16) -> Board {
        Board(bits)
    }

    /// The 16-bit state.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether the piece at (`row`, `col`) shows black.
    ///
    /// # Panics
    ///
    /// If `row` or `col` is 4 or more.
    pub fn is_black(self, row: usize, col: usize) -> bool {
        assert!(row < SIDE && col < SIDE, "({row},{col}) is off the 4x4 board");
        self.0 >> (row * SIDE + col) & 1 == 1
    }

    /// True for the two goal boards: all white or all black.
    pub fn is_uniform(self) -> bool {
        self == Board::WHITE || self == Board::BLACK
    }

    /// The board after one press.
    pub fn press(self, press: Press) -> Board {
        Board(self.0 ^ press.toggle_pattern())
    }

    /// The 16 pieces row by row as `b`/`w` characters, with no separators.
    pub fn to_compact(self) -> String {
        (0..SIDE * SIDE).map(|i| if self.0 >> i & 1 == 1 { 'b' } else { 'w' }).collect()
    }
}

impl From<Board> for u64 {
    /// The board's state as a table index (see [`DistanceTable`](super::DistanceTable)).
    fn from(board: Board) -> u64 {
        u64::from(board.0)
    }
}

impl fmt::Display for Board {
    /// The four rows separated by `/`, e.g. `bwwb/bbwb/bwwb/bwww`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let compact = self.to_compact();
        for (i, row) in compact.as_bytes().chunks(SIDE).enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            f.write_str(std::str::from_utf8(row).expect("ASCII"))?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Parses one board written as four rows separated by `/` (`bwwb/bbwb/bwwb/bwww`), as 16
    /// characters in a row (`bwwbbbwbbwwbbwww`), or in the POJ 1753 layout (four lines).
    ///
    /// # Errors
    ///
    /// A [`BoardError`] whose position counts lines and columns in `s` (for the `/` form, each
    /// row is reported as a line), for a character other than `b`/`w`, a short or long row, a
    /// missing row, or anything after the board.
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let cells = GridBoard::parse(s, SIDE, SIDE)?;
        Ok(Board(cells.words()[0] as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_press_applied_twice_is_the_identity() {
        for bits in (0..=u16::MAX).step_by(97) {
            for i in 0..16 {
                let b = Board(bits);
                let p = Press::from_index(i);
                assert_eq!(b.press(p).press(p), b);
            }
        }
    }

    #[test]
    fn toggle_patterns_flip_three_to_five_pieces() {
        let counts: Vec<u32> = TOGGLE_PATTERNS.iter().map(|p| p.count_ones()).collect();
        assert_eq!(counts, [3, 4, 4, 3, 4, 5, 5, 4, 4, 5, 5, 4, 3, 4, 4, 3]);
        assert_eq!(TOGGLE_PATTERNS[5], 0b0000_0010_0111_0010);
    }

    #[test]
    fn the_three_spellings_parse_to_the_same_board() {
        let a: Board = "bwwb/bbwb/bwwb/bwww".parse().unwrap();
        let b: Board = "bwwbbbwbbwwbbwww".parse().unwrap();
        let c: Board = "bwwb\nbbwb\r\nbwwb\nbwww\n".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a.to_compact(), "bwwbbbwbbwwbbwww");
    }

    #[test]
    fn malformed_inline_boards_are_refused_with_positions() {
        let e = "bwwb/bbxb/bwwb/bwww".parse::<Board>().unwrap_err();
        assert_eq!((e.position.line, e.position.column), (2, 3));
        let e = "bwwb/bbwb/bwwb".parse::<Board>().unwrap_err();
        assert_eq!((e.position.line, e.position.column), (3, 5));
        let e = "bwwb/bbwb/bwwb/bwww/bwww".parse::<Board>().unwrap_err();
        assert_eq!(e.position.line, 5);
        assert!("".parse::<Board>().is_err());
        assert!("bwwbbbwbbwwbbwwx".parse::<Board>().is_err());
    }
}
