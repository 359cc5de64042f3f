//! [`SolverError`]: why a [`Solver`](crate::lights_out::Solver) could not be made or could not
//! answer a board.

use crate::lights_out::table::distance_table::TableError;
use crate::lights_out::variant::rules::Variant;
use crate::memory::AllocError;

use super::zk::budget::OPERATIONS_PER_SECOND;

/// Why a [`Solver`](crate::lights_out::Solver) could not be made
/// ([`SolverBuilder::build`](crate::lights_out::SolverBuilder::build)) or could not answer a
/// board ([`Solver::solve`](crate::lights_out::Solver::solve)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolverError {
    /// The distance table's error: a table over the limit or refused for buttons and holes
    /// ([`Method::Table`](crate::lights_out::Method::Table)), the memory of a table refused, or
    /// a table that does not hold distances.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The set-up of linear algebra over `Z_K` for this variant is estimated to cost more than
    /// the budget ([`SolverBuilder::max_setup_operations`](crate::lights_out::SolverBuilder::max_setup_operations)),
    /// so it was refused before any of it was done (see docs/PERFORMANCE.md, "The cliffs").
    #[error("{}", too_costly(variant, *free, *operations, *bytes, *max_operations))]
    SetupTooCostly {
        /// The variant.
        variant: Box<Variant>,
        /// The unknowns of the residual system.
        free: usize,
        /// The estimated word operations of the set-up.
        operations: u64,
        /// The estimated bytes of the set-up.
        bytes: u64,
        /// The budget, in word operations.
        max_operations: u64,
    },
    /// The system refused the memory for a solver's set-up or search.
    #[error(transparent)]
    Memory(#[from] AllocError),
}

/// [`SolverError::SetupTooCostly`] in words.
fn too_costly(variant: &Variant, free: usize, operations: u64, bytes: u64, max: u64) -> String {
    let rate = OPERATIONS_PER_SECOND;
    format!(
        "the linear algebra's set-up for {variant} ({free} unknowns) would take about \
         {operations} word operations (~{} s at {rate} a second) and {bytes} bytes, over the \
         budget of {max} operations (~{} s)",
        operations.div_ceil(rate),
        max.div_ceil(rate),
    )
}
