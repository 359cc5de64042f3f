//! The one error type of every level reader: [`LevelError`], with what went wrong in an
//! [`ErrorKind`]: the syntax of one format ([`TextSyntax`], [`FlashSyntax`], [`DrawingSyntax`],
//! [`PddlSyntax`]), a rule every level
//! must keep whatever its format ([`Rule`], rendered in the format's own coordinates by its
//! [`Notation`]), or a [`Limit`].

use std::fmt;

use super::drawing::syntax::DrawingSyntax;
use super::flash::syntax::FlashSyntax;
use super::pddl::syntax::PddlSyntax;
use super::text::syntax::TextSyntax;
use crate::bloxorz::model::mechanics::MAX_BRIDGE_GROUPS;
use crate::memory::AllocError;
use crate::text::Position;

/// A level that could not be read or answered, with where and why.
///
/// `Display` prints `LINE:COLUMN: level N: expected ..., found ...` (`level N: ...` when there is
/// no position); prefix it with the input's name to get the `PATH:LINE:COLUMN: ...` message of
/// the command-line tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelError {
    /// 1-based number of the level in its input (the stage number for the Flash game's file).
    pub level: usize,
    /// Where the problem is (1-based line and column); `None` only for a search limit reached on a
    /// level that no reader made (see [`Level::origin`](crate::bloxorz::Level::origin)).
    pub position: Option<Position>,
    /// What was expected and what was found.
    pub(crate) kind: ErrorKind,
}

impl LevelError {
    /// True when the error is a memory limit that a larger limit would lift (the command-line
    /// tool then names its `--max-memory` option); a line too long for the readers counts, as
    /// their line limit follows the memory limit.
    pub fn is_over_memory_limit(&self) -> bool {
        self.kind.is_over_memory_limit()
    }

    /// True when the level was read and its search, not its reading, failed: the search stored
    /// more states than the memory limit allows.
    pub fn is_search_limit(&self) -> bool {
        matches!(self.kind, ErrorKind::Limit(Limit::SearchTooLarge { .. }))
    }
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(position) = self.position {
            write!(f, "{position}: ")?;
        }
        write!(f, "level {}: {}", self.level, self.kind)
    }
}

impl std::error::Error for LevelError {}

/// What went wrong in a [`LevelError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text format's syntax (`docs/LEVELS.md`): headers, rows, definition lines.
    Text(TextSyntax),
    /// The Flash game's level file's syntax and layout.
    Flash(FlashSyntax),
    /// The S/T/o/- drawing's syntax.
    Drawing(DrawingSyntax),
    /// A PDDL problem file that is not a level of the Bloxorz domain.
    Pddl(PddlSyntax),
    /// A rule of levels, whatever their format, broken; cells are named in `notation`.
    Rule {
        /// The rule.
        rule: Rule,
        /// How the level's format names cells and tiles.
        notation: Notation,
    },
    /// The level would need more than a limit allows.
    Limit(Limit),
}

impl ErrorKind {
    /// True when the error is a memory limit that a larger limit would lift (the command-line
    /// tool then names its `--max-memory` option); a line too long for the readers counts, as
    /// their line limit follows the memory limit.
    pub fn is_over_memory_limit(&self) -> bool {
        matches!(
            self,
            ErrorKind::Limit(
                Limit::TooLarge { needed: Some(_), .. }
                    | Limit::TooLargeSoFar { needed: Some(_), .. }
                    | Limit::SearchTooLarge { .. }
            ) | ErrorKind::Text(TextSyntax::LineTooLong { .. })
                | ErrorKind::Drawing(DrawingSyntax::LineTooLong { .. })
                | ErrorKind::Pddl(PddlSyntax::TooManyObjects { .. })
                | ErrorKind::Flash(FlashSyntax::StageOverMemoryLimit { .. })
        )
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Text(e) => e.fmt(f),
            ErrorKind::Flash(e) => e.fmt(f),
            ErrorKind::Drawing(e) => e.fmt(f),
            ErrorKind::Pddl(e) => e.fmt(f),
            ErrorKind::Rule { rule, notation } => rule.fmt_in(*notation, f),
            ErrorKind::Limit(e) => e.fmt(f),
        }
    }
}

/// How a format names cells and tiles in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Notation {
    /// The text format: `row R, column C`, 1-based, and the letters `.` `E` `#` `O` `X` `S` `H`
    /// `V` `B` `-`.
    Text,
    /// The Flash game's file: `x X, y Y`, 0-based (x the column), and its tiles `b` `f` `e` `s`
    /// `h` `v` `k` `q` `l` `r` and space.
    Flash,
}

/// A rule every level keeps, whatever its format (`docs/LEVELS.md`). Cells are `(row, col)`,
/// 0-based, as the input names them (possibly outside the level, hence signed); `found` is the
/// letter or tile at the cell in the format's own alphabet.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rule {
    /// No target (reported at the level).
    NoTarget,
    /// A second target (reported at it).
    ExtraTarget,
    /// No start (reported at the level).
    NoStart,
    /// A third start cell (reported at it).
    ExtraStart,
    /// Two start cells that are not orthogonal neighbours (reported at the second).
    StartsApart,
    /// A cell outside the level.
    OffGrid {
        /// Row as named, 0-based.
        row: i64,
        /// Column as named, 0-based.
        col: i64,
        /// Rows of the level.
        rows: usize,
        /// Columns of the level.
        cols: usize,
    },
    /// A switch definition naming a cell that is no switch.
    NotSwitch {
        /// Row, 0-based.
        row: i64,
        /// Column, 0-based.
        col: i64,
        /// What is there.
        found: char,
    },
    /// A split-switch definition naming a cell that is no split switch.
    NotSplit {
        /// Row, 0-based.
        row: i64,
        /// Column, 0-based.
        col: i64,
        /// What is there.
        found: char,
    },
    /// A switch action on a cell that is no bridge tile.
    NotBridge {
        /// Row, 0-based.
        row: i64,
        /// Column, 0-based.
        col: i64,
        /// What is there.
        found: char,
    },
    /// A second definition of one switch or split switch.
    Redefined {
        /// Row, 0-based.
        row: i64,
        /// Column, 0-based.
        col: i64,
    },
    /// A switch with no action.
    NoActions,
    /// A switch naming one tile twice (reported at the second).
    RepeatedTile {
        /// Row, 0-based.
        row: i64,
        /// Column, 0-based.
        col: i64,
    },
    /// A split switch whose two targets are one cell (reported at the second).
    SameTargets {
        /// Row, 0-based.
        row: i64,
        /// Column, 0-based.
        col: i64,
    },
    /// A switch or split switch with no definition (reported at its cell).
    Undefined {
        /// Row, 0-based.
        row: i64,
        /// Column, 0-based.
        col: i64,
        /// The cell's letter.
        found: char,
        /// True for a split switch, false for a switch.
        split: bool,
    },
    /// More than `MAX_BRIDGE_GROUPS` groups of bridge tiles (tiles that start alike and that
    /// every switch treats alike count once; reported at the tile that makes one too many).
    TooManyBridges,
}

impl Rule {
    /// The cell a rule names and the letter found there, for a reader to put the letter in its
    /// own alphabet.
    pub fn found_mut(&mut self) -> Option<((i64, i64), &mut char)> {
        match self {
            Rule::NotSwitch { row, col, found }
            | Rule::NotSplit { row, col, found }
            | Rule::NotBridge { row, col, found }
            | Rule::Undefined { row, col, found, .. } => Some(((*row, *col), found)),
            _ => None,
        }
    }

    /// Writes the rule's message with cells named in `notation`.
    fn fmt_in(&self, notation: Notation, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = |row: i64, col: i64| Cell { row, col, notation };
        let text = notation == Notation::Text;
        match self {
            Rule::NoTarget if text => write!(f, "expected one target 'O', found none"),
            Rule::NoTarget => write!(f, "expected one exit 'e', found none"),
            Rule::ExtraTarget if text => write!(f, "expected one target 'O', found a second"),
            Rule::ExtraTarget => write!(f, "expected one exit 'e', found a second"),
            Rule::NoStart => write!(f, "expected a start 'X', found none"),
            Rule::ExtraStart => write!(f, "expected one 'X' or two adjacent 'X', found a third"),
            Rule::StartsApart => {
                write!(f, "expected the two 'X' to be orthogonal neighbours, found them apart")
            }
            Rule::OffGrid { row, col, rows, cols } if text => write!(
                f,
                "expected a cell inside the {rows} x {cols} level (rows 1 to {rows}, columns 1 \
                 to {cols}), found {}",
                cell(*row, *col)
            ),
            Rule::OffGrid { row, col, rows, cols } => write!(
                f,
                "expected a cell of the {cols} x {rows} map (x 0 to {}, y 0 to {}), found {}",
                cols - 1,
                rows - 1,
                cell(*row, *col)
            ),
            Rule::NotSwitch { row, col, found } => {
                let switches = if text { "'S' or 'H'" } else { "'s' or 'h'" };
                write!(f, "expected a switch {switches} at {}, found '{found}'", cell(*row, *col))
            }
            Rule::NotSplit { row, col, found } => {
                let split = if text { 'V' } else { 'v' };
                write!(
                    f,
                    "expected a split switch '{split}' at {}, found '{found}'",
                    cell(*row, *col)
                )
            }
            Rule::NotBridge { row, col, found } => {
                let tiles = if text { "'B' or '-'" } else { "'l', 'r', 'k' or 'q'" };
                write!(f, "expected a bridge tile {tiles} at {}, found '{found}'", cell(*row, *col))
            }
            Rule::Redefined { row, col } => {
                let what = if text { "definition of" } else { "table entry for" };
                write!(f, "expected one {what} the cell at {}, found a second", cell(*row, *col))
            }
            Rule::NoActions if text => write!(
                f,
                "expected at least one action (`on R C`, `off R C` or `toggle R C`), found none"
            ),
            Rule::NoActions => write!(f, "expected at least one action [x, y, \"on\"], found none"),
            Rule::RepeatedTile { row, col } if text => write!(
                f,
                "expected each tile once in a switch, found {} a second time",
                cell(*row, *col)
            ),
            Rule::RepeatedTile { row, col } => write!(
                f,
                "expected each tile once in a switch's list, found {} again",
                cell(*row, *col)
            ),
            Rule::SameTargets { row, col } => {
                write!(f, "expected two different target cells, found {} twice", cell(*row, *col))
            }
            Rule::Undefined { row, col, found, split } if text => {
                let (r, c) = (row + 1, col + 1);
                if *split {
                    write!(f, "expected a `split {r} {c}: R C, R C` line for the split switch")?;
                } else {
                    write!(f, "expected a `switch {r} {c}: ...` line for the switch")?;
                }
                write!(f, " '{found}' at {}, found none", cell(*row, *col))
            }
            Rule::Undefined { row, col, found, split } => {
                let table = if *split { "split-switch" } else { "switch" };
                write!(
                    f,
                    "expected an entry `swatch{col}{row}` in the {table} table for the '{found}' \
                     at {}, found none",
                    cell(*row, *col)
                )
            }
            Rule::TooManyBridges => write!(
                f,
                "expected at most {MAX_BRIDGE_GROUPS} groups of bridge tiles (tiles that start \
                 alike and that every switch treats alike count once), found more"
            ),
        }
    }
}

/// A cell as a notation names it in messages.
struct Cell {
    row: i64,
    col: i64,
    notation: Notation,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.notation {
            // 1-based; the rows and columns a reader names are at most 2^63 - 1 as written.
            Notation::Text => {
                write!(f, "row {}, column {}", self.row.wrapping_add(1), self.col.wrapping_add(1))
            }
            Notation::Flash => write!(f, "x {}, y {}", self.col, self.row),
        }
    }
}

/// A limit a level goes past.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// The level would need more memory than the limit; refused at its header, before anything
    /// is allocated for it.
    TooLarge {
        /// Rows in the header.
        rows: u64,
        /// Columns in the header.
        cols: u64,
        /// Bytes the level and its search would need
        /// ([`Level::bytes_needed`](crate::bloxorz::Level::bytes_needed)); `None` when it would
        /// have more states than a 32-bit state index can count.
        needed: Option<u64>,
        /// The limit in bytes.
        limit: u64,
    },
    /// A level whose rows so far (a drawing's, which has no header) already need more memory
    /// than the limit allows: it has at least `rows` rows of up to `cols` cells.
    TooLargeSoFar {
        /// Rows read so far.
        rows: u64,
        /// The longest row so far.
        cols: u64,
        /// Bytes a level of `rows x cols` and its search would need (`None`: more states than a
        /// 32-bit state index can count).
        needed: Option<u64>,
        /// The limit in bytes.
        limit: u64,
    },
    /// The search of a level with switches or split switches went past the memory limit
    /// (reported at the level's beginning).
    SearchTooLarge {
        /// States stored when the search gave up.
        states: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// The system refused memory for the level or its search, within the memory limit.
    CannotAllocate(AllocError),
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Limit::TooLarge { rows, cols, needed: Some(n), limit } => write!(
                f,
                "a level of {rows} x {cols} cells needs {n} bytes, more than the memory limit of \
                 {limit} bytes"
            ),
            Limit::TooLarge { rows, cols, needed: None, .. } => write!(
                f,
                "a level of {rows} x {cols} cells has more states than a 32-bit state index can \
                 count"
            ),
            Limit::TooLargeSoFar { rows, cols, needed: Some(n), limit } => write!(
                f,
                "a level of at least {rows} x {cols} cells (its rows so far) needs at least {n} \
                 bytes, more than the memory limit of {limit} bytes"
            ),
            Limit::TooLargeSoFar { rows, cols, needed: None, .. } => write!(
                f,
                "a level of at least {rows} x {cols} cells (its rows so far) has more states \
                 than a 32-bit state index can count"
            ),
            Limit::SearchTooLarge { states, limit } => write!(
                f,
                "the search stored {states} states, more than the memory limit of {limit} bytes \
                 allows"
            ),
            Limit::CannotAllocate(e) => write!(f, "{e}"),
        }
    }
}
