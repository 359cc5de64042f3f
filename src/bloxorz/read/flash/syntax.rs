//! The syntax and layout errors of the original Flash game's level file. The rules every level
//! keeps whatever its format are [`Rule`](super::super::Rule)s, named in the file's own terms
//! ([`Notation::Flash`](super::super::Notation::Flash)).

use std::fmt;

use crate::memory::AllocError;
use crate::text::Position;

/// What is wrong in the syntax or layout of the Flash game's file (the text after `LINE:COLUMN: ` or
/// `LINE:COLUMN: level N: `). Cells are named by `x` (column) and `y` (row), 0-based, as the file
/// names them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FlashSyntax {
    /// The ActionScript does not read.
    Syntax {
        /// What the reader was looking for.
        expected: &'static str,
        /// What it found.
        found: String,
    },
    /// No `levels = [...]` statement.
    NoOrder,
    /// A statement on an entry of a list (`levels[1].unshift("780464");`), not applied (a
    /// warning: the stages are still answered).
    NotApplied {
        /// The list's name.
        name: String,
    },
    /// `levels` is not a list.
    BadOrder {
        /// What it is.
        found: String,
    },
    /// An entry of the play order that is not a name.
    NotAName {
        /// What it is.
        found: String,
    },
    /// A name in the play order that no statement defines as a list.
    UndefinedLevel {
        /// The name.
        name: String,
    },
    /// `NAME.push(...)` before `NAME = [];`.
    PushBeforeDefinition {
        /// The name.
        name: String,
    },
    /// Something pushed onto a level that is no row, start or table.
    BadItem {
        /// What it is.
        found: String,
    },
    /// A level with no rows.
    NoRows,
    /// A row that is not as long as the first.
    RowLength {
        /// Cells of the first row.
        expected: usize,
        /// Bytes of this row.
        found: usize,
    },
    /// A character that is no tile.
    BadTile {
        /// The character, quoted or escaped.
        found: String,
    },
    /// No start `[x, y]`.
    NoStart,
    /// A second start.
    ExtraStart,
    /// A value of the wrong shape.
    BadValue {
        /// The shape expected.
        expected: &'static str,
        /// What it is.
        found: String,
    },
    /// The start on a tile other than `b`.
    StartNotFloor {
        /// The tile.
        found: char,
    },
    /// A third table pushed onto a level.
    ExtraTable,
    /// A table key that is not `swatch` and at least two digits.
    BadKey {
        /// The key.
        key: String,
    },
    /// A switch action other than `"on"`, `"off"`, `"onoff"`.
    BadAction {
        /// What it is.
        found: String,
    },
    /// Reading the file needs more memory than the limit allows.
    OverMemoryLimit {
        /// The limit in bytes.
        limit: u64,
    },
    /// The system refused memory for the file's values (within the limit).
    Memory(AllocError),
}

impl fmt::Display for FlashSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FlashSyntax as P;
        match self {
            P::Syntax { expected, found } => write!(f, "expected {expected}, found {found}"),
            P::NoOrder => write!(
                f,
                "expected a play order `levels = [...]` (or `var levels = [...]`, `let`, `const`), \
                 found none"
            ),
            P::NotApplied { name } => write!(
                f,
                "warning: not applied: a statement on an entry of `{name}` (only `{name} = [...]` \
                 and `{name}.push(...)` are read)"
            ),
            P::BadOrder { found } => {
                write!(f, "expected the play order as a list `levels = [...]`, found {found}")
            }
            P::NotAName { found } => {
                write!(f, "expected a level's name in the play order, found {found}")
            }
            P::UndefinedLevel { name } => {
                write!(
                    f,
                    "expected a level `{name} = [];` for the play order's `{name}`, found none"
                )
            }
            P::PushBeforeDefinition { name } => {
                write!(f, "expected `{name} = [];` before `{name}.push(...)`, found none")
            }
            P::BadItem { found } => write!(
                f,
                "expected a row \"...\", the start [x, y] or a table {{...}}, found {found}"
            ),
            P::NoRows => {
                write!(f, "expected the level's rows (strings pushed onto it), found none")
            }
            P::RowLength { expected, found } => {
                write!(f, "expected {expected} tiles in the row, like the first, found {found}")
            }
            P::BadTile { found } => write!(
                f,
                "expected a tile ' ', 'b', 'e', 'f', 's', 'h', 'l', 'r', 'k', 'q' or 'v', found {found}"
            ),
            P::NoStart => write!(f, "expected the start [x, y] pushed onto the level, found none"),
            P::ExtraStart => write!(f, "expected one start [x, y], found a second"),
            P::BadValue { expected, found } => write!(f, "expected {expected}, found {found}"),
            P::StartNotFloor { found } => {
                write!(f, "expected the start on a normal tile 'b', found '{found}'")
            }
            P::ExtraTable => write!(
                f,
                "expected at most two tables (switches, then split switches), found a third"
            ),
            P::BadKey { key } => write!(
                f,
                "expected a key `swatchXY` (the column's digits, then the row's digit), found `{}`",
                key.escape_debug()
            ),
            P::BadAction { found } => {
                write!(f, "expected the action \"on\", \"off\" or \"onoff\", found {found}")
            }
            P::Memory(e) => write!(f, "{e}"),
            P::OverMemoryLimit { limit } => write!(
                f,
                "expected the file to read within the memory limit of {limit} bytes, found it \
                 needs more from here"
            ),
        }
    }
}

/// A problem of the file as a whole, or of a statement about no stage.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{position}: {problem}")]
pub struct FlashError {
    /// Where (1-based line and column).
    pub position: Position,
    /// What.
    pub problem: FlashSyntax,
}

impl FlashError {
    /// True when a larger memory limit would lift the error.
    pub fn is_over_memory_limit(&self) -> bool {
        matches!(self.problem, FlashSyntax::OverMemoryLimit { .. })
    }
}
