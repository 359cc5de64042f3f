//! [`ShapeError`]: a distance table or field whose shape or entries do not fit its puzzle, shared
//! by the tables that check themselves ([`lights_out::DistanceTable`](crate::lights_out::DistanceTable),
//! [`bloxorz::DistanceField`](crate::bloxorz::DistanceField)) and the files that hold them
//! ([`table_file`](crate::table_file)).

use thiserror::Error;

/// A table or field whose shape or entries do not fit its puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A Flip Game board must have 1 to 32 pieces, and a Bloxorz level at least one cell.
    #[error("a {rows}x{cols} board is not supported")]
    BoardSize {
        /// Rows of the board.
        rows: u64,
        /// Columns of the board.
        cols: u64,
    },
    /// The number of entries does not match the shape.
    #[error("{found} entries, expected {expected} for the shape")]
    Length {
        /// Entries the shape calls for.
        expected: u64,
        /// Entries given.
        found: u64,
    },
    /// An entry is neither a distance (`0..`) nor the sentinel.
    #[error("entry {index} holds {value}, which is neither a distance nor the sentinel {sentinel}")]
    Entry {
        /// Index of the entry in the payload.
        index: u64,
        /// The value found.
        value: i64,
        /// The sentinel of this kind of table.
        sentinel: i64,
    },
    /// The table is not the one asked for (another puzzle or board).
    #[error("expected {expected}, but the file holds {found}")]
    WrongTable {
        /// The table asked for, e.g. `a Flip Game 4x4 table`.
        expected: String,
        /// The table found.
        found: String,
    },
    /// A distance field must hold 0 at exactly one state: standing on the goal (a field to the
    /// goal), or the start (a field from the start).
    #[error("{}; a field has exactly one (its goal, or its start)", goal_found(.zeros, .first))]
    Goal {
        /// How many entries hold 0.
        zeros: u64,
        /// The first entry holding 0, if any.
        first: Option<u64>,
    },
}

/// What [`ShapeError::Goal`] found: no state at distance 0, one that is not standing, or several.
fn goal_found(zeros: &u64, first: &Option<u64>) -> String {
    match (zeros, first) {
        (0, _) | (_, None) => "no state at distance 0".to_string(),
        (1, Some(i)) => format!("the one state at distance 0, entry {i}, is not a standing box"),
        (n, Some(i)) => format!("{n} states at distance 0 (the first at entry {i})"),
    }
}
