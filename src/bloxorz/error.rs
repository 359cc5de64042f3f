//! [`Error`]: the one error type of Bloxorz, which every error of the puzzle converts into with
//! `?`.

use crate::bloxorz::generate::GenerateError;
use crate::bloxorz::read::{FlashError, LevelError, OpenError, Unwritable};
use crate::bloxorz::search::{FieldError, ReplayError, SearchError};
use crate::memory::AllocError;

/// Any error of Bloxorz: each variant wraps the error of one part, and displays (and gives the
/// [`source`](std::error::Error::source) of) the error it wraps, word for word. Every error of
/// the puzzle converts into it, so a function that reads and solves returns one type:
///
/// ```
/// use flipblox::bloxorz::{Error, Level, Limits, Solver};
/// fn moves(text: &str) -> Result<Option<u32>, Error> {
///     let level: Level = text.parse()?;
///     Ok(Solver::new().solve(&level, Limits::default())?.moves)
/// }
/// assert_eq!(moves("1 5\nX..O.\n")?, Some(2));
/// assert!(moves("1 5\nX..Q.\n").is_err());
/// # Ok::<(), Error>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A level that could not be read, or that breaks a rule.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// A Flash game level file that could not be read.
    #[error(transparent)]
    Flash(#[from] FlashError),
    /// A level that cannot be written in a format
    /// ([`Level::write_drawing`](crate::bloxorz::Level::write_drawing),
    /// [`Level::write_pddl`](crate::bloxorz::Level::write_pddl)).
    #[error(transparent)]
    Unwritable(#[from] Unwritable),
    /// A search that could not answer a level.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A distance field that could not be computed.
    #[error(transparent)]
    Field(#[from] FieldError),
    /// A path that does not replay on its level.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A level that could not be generated.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// Memory the system refused.
    #[error(transparent)]
    Alloc(#[from] AllocError),
    /// An input whose levels cannot be read at all
    /// ([`LevelInput`](crate::bloxorz::LevelInput)).
    #[error(transparent)]
    Open(#[from] OpenError),
}
