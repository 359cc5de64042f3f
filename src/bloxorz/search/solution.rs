//! What a search gives: the answer to a level ([`Solution`]), or why it has none
//! ([`SearchError`]: the limit it reached, or memory the system refused).

use crate::bloxorz::read::error::{ErrorKind, LevelError, Limit};
use crate::memory::AllocError;
use crate::text::Position;

/// The answer to one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// The minimum number of moves that bring the box to stand on the target, or `None` when it
    /// cannot (POJ 3322's `Impossible`).
    pub moves: Option<u32>,
    /// States the search took off the frontier and expanded (each at most once). A search that
    /// reaches the goal finishes the layer it was reached in and stops.
    pub states_explored: u64,
}

/// Why a search could not answer a level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// It would have stored more states than the memory limit allows (a level with switches or
    /// split switches, or an analysis).
    #[error(
        "the search stored {states} states, more than the memory limit of {limit} bytes allows"
    )]
    Limit {
        /// States stored when the search stopped.
        states: u64,
        /// The memory limit in bytes.
        limit: u64,
    },
    /// The system refused memory for its buffers (within the memory limit).
    #[error(transparent)]
    Memory(#[from] AllocError),
}

impl From<SearchError> for Limit {
    /// The limit a level reports when its search stopped (`flipblox bloxorz`'s `Error` lines).
    fn from(e: SearchError) -> Limit {
        match e {
            SearchError::Limit { states, limit } => Limit::SearchTooLarge { states, limit },
            SearchError::Memory(e) => Limit::CannotAllocate(e),
        }
    }
}

impl LevelError {
    /// The error of a level whose search stopped (`error`, from
    /// [`Solver`](crate::bloxorz::Solver)): level `level` (1-based), read at `position`.
    pub fn search(level: usize, position: Option<Position>, error: SearchError) -> LevelError {
        LevelError { level, position, kind: ErrorKind::Limit(error.into()) }
    }
}
