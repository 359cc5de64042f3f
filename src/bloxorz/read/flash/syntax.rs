//! The syntax and layout errors of the original Flash game's level file. The rules every level
//! keeps whatever its format are [`Rule`](super::super::error::Rule)s, named in the file's own terms
//! ([`Notation::Flash`](super::super::error::Notation::Flash)).

use std::fmt;

use crate::memory::AllocError;
use crate::text::{Position, quote_name};

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
    /// `NAME.push(...)` while `NAME` holds no list.
    PushOntoValue {
        /// The name.
        name: String,
        /// What it holds.
        found: String,
    },
    /// A statement the reader cannot evaluate (control flow, a call, a function expression):
    /// the statements after it may or may not run, so the file is not read on.
    CannotEvaluate {
        /// What it is.
        found: String,
    },
    /// A name in the play order that has no value when the play order takes it, and is given
    /// one later (JavaScript binds the value at that moment).
    NotYetAssigned {
        /// The name.
        name: String,
        /// Where it is first given a value, later in the file.
        later: Position,
    },
    /// A stage whose level (or something in it) a statement that does not read is about, which
    /// an earlier stage already reports.
    BrokenBefore {
        /// Where the statement's problem is.
        statement: Position,
        /// The stage that reports it.
        level: usize,
    },
    /// The play order comes from a function, and more than one could give it.
    SeveralFunctions {
        /// The functions' names.
        names: Vec<String>,
    },
    /// A stage's values need more than what the memory limit leaves.
    StageOverMemoryLimit {
        /// The limit in bytes.
        limit: u64,
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
            P::NotApplied { name } => {
                let bare = bare_name(name);
                write!(
                    f,
                    "warning: not applied: a statement on an entry of `{bare}` (only `{bare} = \
                     [...]` and `{bare}.push(...)` are read)"
                )
            }
            P::BadOrder { found } => {
                write!(f, "expected the play order as a list `levels = [...]`, found {found}")
            }
            P::NotAName { found } => {
                write!(f, "expected a level's name in the play order, found {found}")
            }
            P::UndefinedLevel { name } => {
                let bare = bare_name(name);
                write!(
                    f,
                    "expected a level `{bare} = [];` for the play order's `{bare}`, found none"
                )
            }
            P::PushBeforeDefinition { name } => {
                let bare = bare_name(name);
                write!(f, "expected `{bare} = [];` before `{bare}.push(...)`, found none")
            }
            P::PushOntoValue { name, found } => {
                let bare = bare_name(name);
                write!(f, "expected a list `{bare} = [];` before `{bare}.push(...)`, found {found}")
            }
            P::CannotEvaluate { found } => write!(
                f,
                "expected a statement the reader evaluates (a declaration, an assignment, \
                 `NAME.push(...)`, a function), found {found}"
            ),
            P::NotYetAssigned { name, later } => {
                let bare = bare_name(name);
                write!(
                    f,
                    "expected a level for the play order's `{bare}`, found `{bare}` without a \
                     value there (JavaScript takes its value then; it is given one later, at \
                     {later})"
                )
            }
            P::BrokenBefore { statement, level } => write!(
                f,
                "expected a level whose statements read, found the one of level {level}, whose \
                 statement at {statement} does not"
            ),
            P::SeveralFunctions { names } => {
                let names: Vec<String> =
                    names.iter().map(|n| quote_name(n.as_bytes()).to_string()).collect();
                write!(
                    f,
                    "expected one function returning `levels` (no `levels = [...]` is at the top \
                     level), found {}: {}",
                    names.len(),
                    names.join(", ")
                )
            }
            P::StageOverMemoryLimit { limit } => write!(
                f,
                "expected the level's values within the memory limit of {limit} bytes, found \
                 they need more"
            ),
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
                "expected a key `swatchXY` (the column's digits, then the row's digit), found {}",
                quote_name(key.as_bytes())
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

/// A name of the file (a JavaScript identifier) for a message: cut as [`quote_name`] cuts it,
/// without the backticks (the message puts it inside code).
fn bare_name(name: &str) -> String {
    let quoted = quote_name(name.as_bytes()).to_string();
    match quoted.rfind('`') {
        Some(end) => format!("{}{}", &quoted[1..end], &quoted[end + 1..]),
        None => quoted,
    }
}

/// A problem of the file as a whole, or of a statement about no stage.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{position}: {problem}")]
pub struct FlashError {
    /// Where (1-based line and column).
    pub position: Position,
    /// What.
    pub(crate) problem: FlashSyntax,
}

impl FlashError {
    /// True when a larger memory limit would lift the error.
    pub fn is_over_memory_limit(&self) -> bool {
        matches!(self.problem, FlashSyntax::OverMemoryLimit { .. })
    }
}
