//! Bloxorz (POJ 3322 "Bloxorz I"): the minimum number of rolls that bring a 1x1x2 box to stand
//! on the target, for whole level packs.
//!
//! A box of two unit cubes stands on one cell or lies on two neighbouring cells; a move rolls it
//! 90 degrees over one of its bottom edges, up, down, left or right. Cells are `.` rigid, `E`
//! fragile (it carries a lying box, never a standing one), `#` empty (nothing rests on it), `O` the
//! target and `X` the start (both rigid); everything outside the level is empty.
//!
//! The pieces, in the order a batch uses them:
//!
//! - [`PackReader`] ([`parse`](self::PackReader)): reads levels in place from a byte slice, with
//!   `LINE:COLUMN` errors ([`LevelError`]) and recovery at the next header.
//! - [`Level`]: the padded grid of cell flags, the start and the target.
//! - [`state`]: state indices (anchor cell and [`Orientation`]), [`Move`]s and the [`MoveTable`].
//! - [`Scratch`]: the breadth-first search and its reusable memory; [`roll`] is the plain
//!   description of one move, for replaying paths.
//! - [`Runner`]: a batch over N workers, reported in input order.
//! - [`field`]: the distance to the goal from every state ([`distance_field`]), by one reverse
//!   search from the goal; [`read_level`] picks one level of a pack.
//!
//! The original game's mechanics (switches, bridge tiles, split switches; `docs/LEVELS.md`) extend
//! the text format and the model:
//!
//! - [`mechanics`]: the special cells of a level and their definitions ([`Mechanics`]).
//! - [`Engine`] (`engine/`): the general breadth-first search over the block and the bridge
//!   configuration, for the levels that have switches or split switches; the runner sends every
//!   other level to the POJ solver ([`Scratch`]) as before.
//! - [`notation`]: the `--path` notation, with the moves of split cubes ([`Step`]).
//! - [`flash`]: the importer of the original Flash game's level file ([`FlashPack`]).

mod builder;
mod definitions;
mod engine;
pub mod field;
pub mod flash;
mod level;
pub mod mechanics;
pub mod notation;
mod parse;
mod runner;
mod solver;
pub mod state;

pub use field::{
    FIELD_BYTES_PER_CELL, FieldError, distance_field, distance_field_with, field_bytes_needed,
    field_entry, read_level,
};
pub use level::{Cell, Level, Orientation, PADDING, Placement, flags};
pub use parse::{
    CutBy, DEFAULT_MAX_MEMORY, LevelError, LevelErrorKind, PackReader, cell_position,
    ignored_after_end,
};
pub use runner::{Answer, Report, RunOptions, Runner};
pub use solver::{Scratch, Solution, roll};
pub use state::{Move, MoveTable, bytes_needed, placement_of, state_of};

pub use engine::{BYTES_PER_STATE, Engine, SearchLimit};
pub use flash::FlashPack;
pub use mechanics::Mechanics;
pub use notation::{Cube, Step, write_path};
pub use runner::LevelSource;
