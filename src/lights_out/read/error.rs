//! [`BoardError`]: a board that could not be read, with where and why.

use std::fmt;

use crate::text::{Position, plural};

/// Bytes a board line may have beyond its row's cells and still be read whole (see
/// [`board_line_limit`]).
pub(crate) const BOARD_LINE_SLACK: usize = 64 * 1024;

/// The longest line, in bytes, a reader of boards of `cols` columns keeps whole: `cols +`
/// [`BOARD_LINE_SLACK`]. A longer line is reported as [`BoardErrorKind::LineTooLong`], and a
/// reader over a stream drops the rest of it without holding it.
pub(crate) fn board_line_limit(cols: usize) -> usize {
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
#[non_exhaustive]
pub enum BoardErrorKind {
    /// A character other than `b` or `w` where a piece belongs.
    BadPiece {
        /// The character found, quoted or escaped (e.g. `'x'`, `byte 0xFF`).
        found: String,
    },
    /// A character that is no symbol of the board's alphabet (other than `wb`) where a piece
    /// belongs (see [`Alphabet`](crate::lights_out::Alphabet)).
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
    /// A row longer than the reader's line limit (the board's columns plus 64 KiB), which it does
    /// not hold.
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
    /// A row of a board whose size is read from the input (no size given) with another number
    /// of pieces than the board's first row.
    RaggedRow {
        /// Pieces on the board's first row.
        expected: usize,
        /// Pieces found on this row.
        found: usize,
    },
    /// A board, read without a size given, of more than
    /// [`BoardSize::MAX_SIDE`](crate::lights_out::BoardSize::MAX_SIDE) rows or pieces a row.
    TooLarge {
        /// The largest side.
        max: usize,
    },
    /// Where an input of boards with size lines (`ROWS COLS` before each board, the layout of
    /// HDU 1882 and bzoj 4171) has a line that is no size line, or a size of 0 or over
    /// [`BoardSize::MAX_SIDE`](crate::lights_out::BoardSize::MAX_SIDE) on a side.
    SizeLine {
        /// The line found, quoted.
        found: String,
    },
    /// A first line that reads both as a size line and as a row of the board (an alphabet of
    /// digits): the board's size must be given.
    AmbiguousSizeLine {
        /// The line found, quoted.
        found: String,
    },
    /// A size line `ROWS COLS K` with `K` > 0 cells that cannot be pressed (bzoj 4171), which
    /// the reader skips but does not read; positioned at `K`.
    UnpressableCells {
        /// `K`.
        count: u64,
    },
    /// A board written on one line without `/` between its rows, of other than 16 pieces (the
    /// 4x4 Flip Game's), and no size given.
    OneLine {
        /// Pieces found.
        found: usize,
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
            BoardErrorKind::RaggedRow { expected, found } => {
                let s = plural(*expected);
                write!(
                    f,
                    "expected {expected} piece{s} in the row, as in the board's first row, found \
                     {found}"
                )
            }
            BoardErrorKind::TooLarge { max } => {
                write!(f, "expected at most {max} rows of at most {max} pieces, found more")
            }
            BoardErrorKind::SizeLine { found } => write!(
                f,
                "expected a size line 'ROWS COLS' (each 1 to 1024) before the board, found {found}"
            ),
            BoardErrorKind::AmbiguousSizeLine { found } => write!(
                f,
                "expected a size line or a row, found {found}, which reads as either: to read it \
                 as a row, give the board size"
            ),
            BoardErrorKind::UnpressableCells { count } => write!(
                f,
                "expected 0 as the size line's third number (bzoj 4171's count of cells that \
                 cannot be pressed, which flipblox does not read), found {count}: the board and \
                 the {count} line{} after it are skipped",
                if *count == 1 { "" } else { "s" }
            ),
            BoardErrorKind::OneLine { found } => write!(
                f,
                "expected rows separated by '/' (or the 16 pieces of a 4x4 board), found {found} \
                 piece{} on one line: separate the rows, or give the size",
                plural(*found)
            ),
            BoardErrorKind::Empty => write!(f, "expected a board, found nothing"),
            BoardErrorKind::Trailing => write!(f, "expected the end of the board, found more rows"),
        }
    }
}

impl BoardError {
    /// "Expected a board, found nothing" at `position`.
    pub(crate) fn empty(position: Position) -> BoardError {
        BoardError { board: 0, position, kind: BoardErrorKind::Empty }
    }

    /// "Expected the end of the board, found more rows" at `position`.
    pub(crate) fn trailing(position: Position) -> BoardError {
        BoardError { board: 1, position, kind: BoardErrorKind::Trailing }
    }
}
