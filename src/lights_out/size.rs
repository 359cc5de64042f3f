//! Board sizes `RxC`: [`BoardSize`].

use std::fmt;
use std::str::FromStr;

/// The shape of a board: `rows` lines of `cols` cells, both in `1..=`[`BoardSize::MAX_SIDE`].
///
/// Written and parsed as `RxC` (rows first), e.g. `5x5` or `20x100`; `X` works too.
///
/// ```
/// use flipblox::lights_out::BoardSize;
/// let size: BoardSize = "3x7".parse().unwrap();
/// assert_eq!((size.rows(), size.cols(), size.cells()), (3, 7, 21));
/// assert_eq!(size.to_string(), "3x7");
/// assert!("0x4".parse::<BoardSize>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BoardSize {
    rows: usize,
    cols: usize,
}

/// Why a board size was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SizeError {
    /// Not of the form `RxC` with two decimal numbers.
    #[error("expected ROWSxCOLS such as 5x5, found '{text}'")]
    Malformed {
        /// The text given.
        text: String,
    },
    /// A side of zero.
    #[error("a board needs at least one row and one column, found {rows}x{cols}")]
    Empty {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// A side longer than [`BoardSize::MAX_SIDE`].
    #[error("{rows}x{cols} is too large: at most {max} rows and {max} columns")]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
        /// The largest side accepted ([`BoardSize::MAX_SIDE`]).
        max: usize,
    },
}

impl BoardSize {
    /// The largest number of rows or columns a board may have: 1024.
    ///
    /// The GF(2) solver's set-up costs about `2 * min(R, C)^3 / 64` word operations and its null
    /// space takes up to `(min(R, C) + 1) * R * C` bits, so a 1024 x 1024 board needs about
    /// 130 MiB.
    pub const MAX_SIDE: usize = 1024;

    /// The classic board of POJ 1753: 4x4, answered from the embedded table.
    pub const CLASSIC: BoardSize = BoardSize { rows: 4, cols: 4 };

    /// A board of `rows x cols`.
    ///
    /// # Errors
    ///
    /// [`SizeError::Empty`] for a side of 0, [`SizeError::TooLarge`] for a side above
    /// [`BoardSize::MAX_SIDE`].
    pub fn new(rows: usize, cols: usize) -> Result<BoardSize, SizeError> {
        if rows == 0 || cols == 0 {
            Err(SizeError::Empty { rows, cols })
        } else if rows > BoardSize::MAX_SIDE || cols > BoardSize::MAX_SIDE {
            Err(SizeError::TooLarge { rows, cols, max: BoardSize::MAX_SIDE })
        } else {
            Ok(BoardSize { rows, cols })
        }
    }

    /// Rows (lines of the board).
    pub fn rows(self) -> usize {
        self.rows
    }

    /// Columns (cells per line).
    pub fn cols(self) -> usize {
        self.cols
    }

    /// Cells on the board: `rows * cols` (at most 2^20).
    pub fn cells(self) -> usize {
        self.rows * self.cols
    }
}

impl fmt::Display for BoardSize {
    /// `RxC`, e.g. `5x5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for BoardSize {
    type Err = SizeError;

    /// Parses `RxC` (or `RXC`): two decimal numbers of at most 9 digits around an `x`.
    ///
    /// # Errors
    ///
    /// [`SizeError::Malformed`] for anything else, then the errors of [`BoardSize::new`].
    fn from_str(s: &str) -> Result<BoardSize, SizeError> {
        let malformed = || SizeError::Malformed { text: s.to_string() };
        let (r, c) = s.split_once(['x', 'X']).ok_or_else(malformed)?;
        let number = |t: &str| -> Result<usize, SizeError> {
            if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            t.parse().map_err(|_| malformed())
        };
        BoardSize::new(number(r)?, number(c)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_and_print() {
        assert_eq!("5x5".parse::<BoardSize>(), Ok(BoardSize { rows: 5, cols: 5 }));
        assert_eq!("20X100".parse::<BoardSize>().unwrap().to_string(), "20x100");
        assert_eq!("1024x1".parse::<BoardSize>().unwrap().cells(), 1024);
    }

    #[test]
    fn bad_sizes_are_refused_with_a_reason() {
        for bad in
            ["", "x", "5", "5x", "x5", "5x5x5", "-1x5", "+5x5", " 5x5", "5x 5", "5*5", "五x5"]
        {
            assert!(
                matches!(bad.parse::<BoardSize>(), Err(SizeError::Malformed { .. })),
                "{bad:?}"
            );
        }
        assert_eq!("0x3".parse::<BoardSize>(), Err(SizeError::Empty { rows: 0, cols: 3 }));
        assert!(matches!("1025x2".parse::<BoardSize>(), Err(SizeError::TooLarge { .. })));
        assert!(matches!("99999999999x2".parse::<BoardSize>(), Err(SizeError::Malformed { .. })));
    }
}
