//! Boards: [`Board`], one byte per cell for any variant, and [`BoardReader`], which reads them
//! from text with `LINE:COLUMN` errors ([`BoardError`]); and the byte tricks the reader shares
//! with the 4x4 fast path.

pub(crate) mod colours;
pub(crate) mod error;
pub(crate) mod reader;
pub(crate) mod swar;

pub use colours::Board;
pub use error::{BoardError, BoardErrorKind};
pub use reader::BoardReader;
