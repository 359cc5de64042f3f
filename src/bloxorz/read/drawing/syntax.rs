//! The syntax errors of the S/T/o/- drawing (see the [module docs](super)).

use std::fmt;

/// A level of a drawing that does not follow the format.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DrawingSyntax {
    /// A character other than `S`, `T`, `o` or `-` in a row.
    BadCell {
        /// The character found, quoted or escaped (e.g. `'x'`, `byte 0xFF`).
        found: String,
    },
    /// No `S` in the level (reported at its first row).
    NoStart,
    /// A second `S` (reported at it).
    ExtraStart,
    /// No `T` in the level (reported at its first row).
    NoTarget,
    /// A second `T` (reported at it).
    ExtraTarget,
    /// A line longer than the reader's line limit, which it does not hold.
    LineTooLong {
        /// The line limit in bytes.
        limit: usize,
    },
}

impl fmt::Display for DrawingSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawingSyntax::BadCell { found } => {
                write!(f, "expected a cell 'S', 'T', 'o' or '-' of the drawing, found {found}")?;
                // The mistakes people make: a cell written as a pack writes it, an indented row.
                match found.as_str() {
                    "'.'" => f.write_str(" ('-' is no tile, 'o' a tile)"),
                    "' '" | "'\\t'" => f.write_str(" (a blank is no cell: '-' is no tile)"),
                    _ => Ok(()),
                }
            }
            DrawingSyntax::NoStart => write!(f, "expected a start 'S', found none"),
            DrawingSyntax::ExtraStart => write!(f, "expected one start 'S', found a second"),
            DrawingSyntax::NoTarget => write!(f, "expected a target 'T', found none"),
            DrawingSyntax::ExtraTarget => write!(f, "expected one target 'T', found a second"),
            DrawingSyntax::LineTooLong { limit } => {
                write!(f, "expected a line of at most {limit} bytes, found a longer one")
            }
        }
    }
}
