//! The syntax errors of the text format (`docs/LEVELS.md`): headers, rows of cells, definition
//! lines. The rules every level keeps whatever its format are [`Rule`](super::super::error::Rule)s.

use std::fmt;

/// What cut a level off before its last row (see [`TextSyntax::CutOff`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CutBy {
    /// A blank line.
    BlankLine,
    /// A line that looks like the next level's header.
    Header,
    /// The end of the input.
    EndOfInput,
}

/// A line of a text pack that does not follow the format.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextSyntax {
    /// The header line is not two whole numbers.
    BadHeader {
        /// What the parser was looking for at the position (e.g. "a whole number").
        expected: &'static str,
        /// The character found, quoted or escaped (e.g. `'x'`), or `end of line`.
        found: String,
    },
    /// One of the header's numbers is 0 but not both (`0 0` ends the pack).
    ZeroSize {
        /// Rows in the header.
        rows: u64,
        /// Columns in the header.
        cols: u64,
    },
    /// A character other than `.`, `E`, `#`, `O`, `X`, `S`, `H`, `V`, `B`, `-` where a cell
    /// belongs.
    BadCell {
        /// The character found, quoted or escaped (e.g. `'x'`, `byte 0xFF`).
        found: String,
    },
    /// A row with fewer cells than the level has columns.
    ShortRow {
        /// Columns of the level.
        expected: usize,
        /// Cells found on the row.
        found: usize,
    },
    /// A row with more characters than the level has columns.
    LongRow {
        /// Columns of the level.
        expected: usize,
        /// Characters found on the row.
        found: usize,
    },
    /// The level ended before its last row.
    CutOff {
        /// Rows of the level.
        expected: usize,
        /// Rows read before it was cut off.
        found: usize,
        /// What cut it off.
        by: CutBy,
    },
    /// A line longer than the reader's line limit (the longest row a level within its memory
    /// limit can have, plus 64 KiB), which it does not hold.
    LineTooLong {
        /// The line limit in bytes.
        limit: usize,
    },
    /// Text read as one level (`str::parse::<Level>`) that holds no level, or a second one.
    NotOneLevel {
        /// True when a second level follows the first; false when there is no level at all.
        another: bool,
    },
    /// A definition line that does not follow the syntax.
    BadDefinition {
        /// What the parser was looking for at the position.
        expected: &'static str,
        /// The character found, quoted or escaped, or `end of line`.
        found: String,
    },
}

impl fmt::Display for TextSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextSyntax::BadHeader { expected, found } => {
                write!(f, "expected {expected} in the `R C` header, found {found}")
            }
            TextSyntax::ZeroSize { rows, cols } => write!(
                f,
                "expected at least 1 row and 1 column (or `0 0` to end the pack), found {rows} {cols}"
            ),
            TextSyntax::BadCell { found } => write!(
                f,
                "expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found {found}"
            ),
            TextSyntax::ShortRow { expected, found } => {
                write!(f, "expected {expected} cells in the row, found {found}")
            }
            TextSyntax::LongRow { expected, found } => {
                write!(f, "expected {expected} cells in the row, found {found} characters")
            }
            TextSyntax::CutOff { expected, found, by } => {
                let what = match by {
                    CutBy::BlankLine => "a blank line",
                    CutBy::Header => "the next `R C` header",
                    CutBy::EndOfInput => "the end of the input",
                };
                write!(f, "expected {expected} rows, found {what} after {found}")
            }
            TextSyntax::LineTooLong { limit } => {
                write!(f, "expected a line of at most {limit} bytes, found a longer one")
            }
            TextSyntax::NotOneLevel { another } => {
                let found = if *another { "another level" } else { "none" };
                write!(f, "expected one level, found {found}")
            }
            TextSyntax::BadDefinition { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
        }
    }
}
