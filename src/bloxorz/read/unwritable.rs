//! [`Unwritable`]: why a level has no text in a format it is written in.

use std::fmt;

/// Why a level cannot be written in a format: something the format has no notation for
/// ([`Level::write_drawing`](crate::bloxorz::Level::write_drawing),
/// [`Level::write_pddl`](crate::bloxorz::Level::write_pddl)). Nothing is written then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unwritable {
    /// The S/T/o/- drawing shows only a standing start, and the level starts lying.
    LyingStart,
    /// The S/T/o/- drawing has no letter for a cell of the level: the cell's letter in the text
    /// format (`E` fragile, `S`/`H` switches, `V` split switch, `B`/`-` bridge tiles).
    Cell(char),
    /// The PDDL domain has no split switches, and the level has one: the first, `(row, col)`,
    /// 0-based.
    SplitSwitch((usize, usize)),
}

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unwritable::LyingStart => write!(
                f,
                "the S/T/o/- drawing shows only a standing start, and this level starts lying"
            ),
            Unwritable::Cell(c) => write!(
                f,
                "the S/T/o/- drawing shows only tiles, the start and the target, and this level \
                 has '{c}' cells"
            ),
            Unwritable::SplitSwitch((r, c)) => write!(
                f,
                "the PDDL domain has no split switches, and this level has one at row {}, \
                 column {}",
                r + 1,
                c + 1
            ),
        }
    }
}

impl std::error::Error for Unwritable {}
