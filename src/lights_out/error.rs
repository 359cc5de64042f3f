//! [`Error`]: the one error type of Lights Out, which every error of the puzzle converts into
//! with `?`.

use crate::lights_out::batch::BatchError;
use crate::lights_out::read::{BoardError, ButtonsError};
use crate::lights_out::size::SizeError;
use crate::lights_out::solve::SolverError;
use crate::lights_out::table::{TableError, TableFault};
use crate::lights_out::variant::{TogglePatternError, VariantError};
use crate::memory::AllocError;
use crate::shape::ShapeError;

/// Any error of Lights Out: each variant wraps the error of one part, and displays (and gives
/// the [`source`](std::error::Error::source) of) the error it wraps, word for word. Every error
/// of the puzzle converts into it, so a function that reads, builds and solves returns one type:
///
/// ```
/// use flipblox::lights_out::{Error, Solver, Variant};
/// fn distance(text: &str) -> Result<Option<usize>, Error> {
///     let variant = Variant::builder(3, 3).colours(3).build()?;
///     let board = variant.board(text)?;
///     Ok(Solver::builder(&variant).build()?.solve(&board)?.distance)
/// }
/// assert_eq!(distance("000/000/000")?, Some(0));
/// assert_eq!(distance("000/0x0/000").unwrap_err().to_string(),
///            "2:2: board 1: expected '0', '1' or '2', found 'x'");
/// # Ok::<(), Error>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A board that could not be read.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A buttons file or a Tatham game ID that could not be read.
    #[error(transparent)]
    Buttons(#[from] ButtonsError),
    /// A board size outside the limits.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A variant refused, or its goal or alphabet.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// A toggle pattern that could not be read.
    #[error(transparent)]
    TogglePattern(#[from] TogglePatternError),
    /// A distance table that could not be built or walked.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A distance table that does not hold the distances of its variant.
    #[error(transparent)]
    TableFault(#[from] TableFault),
    /// Table bytes of another shape than their variant's.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A solver that could not be made or could not answer.
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// Memory the system refused.
    #[error(transparent)]
    Alloc(#[from] AllocError),
    /// A batch that could not start or stopped ([`Batch`](crate::lights_out::Batch)).
    #[error(transparent)]
    Batch(#[from] BatchError),
}
