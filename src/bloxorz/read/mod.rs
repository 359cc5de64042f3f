//! Reading levels: the text format of level packs ([`text`]), the original Flash game's level
//! file ([`flash`]), the S/T/o/- drawing ([`drawing`]), PDDL problems of the planning
//! benchmarks' Bloxorz domain ([`pddl`]), the one error type of all ([`LevelError`]), and
//! [`LevelSource`], what a batch reads levels from.
//!
//! Both readers check the same rules through one builder (`builder.rs`): they read their own
//! syntax, hand it the cells and the definitions, and name what it finds wrong in their own
//! coordinates ([`Notation`](error::Notation)).

mod builder;
pub mod detect;
pub mod drawing;
pub(crate) mod error;
pub mod flash;
mod input;
mod one;
pub mod pddl;
mod source;
pub mod text;
mod unwritable;

pub use error::{ErrorKind, LevelError, Limit};
pub use flash::{FlashError, FlashPack, Stage};
pub use input::{InputFormat, LevelInput, Levels, OpenError};
pub use source::{Chunk, LevelSource};
pub use text::{DEFAULT_MAX_MEMORY, PackReader};
pub use unwritable::Unwritable;
