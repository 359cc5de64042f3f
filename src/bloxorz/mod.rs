//! Bloxorz (POJ 3322 "Bloxorz I"): the minimum number of rolls that bring a 1x1x2 box to stand
//! on the target, for whole level packs, and the original Flash game's switches, bridges and
//! split cubes.
//!
//! A box of two unit cubes stands on one cell or lies on two neighbouring cells; a move rolls it
//! 90 degrees over one of its bottom edges, up, down, left or right. Cells are `.` rigid, `E`
//! fragile (it carries a lying box, never a standing one), `#` empty (nothing rests on it), `O` the
//! target and `X` the start (both rigid); everything outside the level is empty. The original
//! game's mechanics (switches, bridge tiles, split switches) are described in `docs/LEVELS.md`.
//!
//! Data flows one way, model ← read ← solve (`model/`, `read/`, `search/`):
//!
//! - The model: the [`Level`] (a padded grid of cells, the start, the target and the original
//!   game's switches, bridges and split switches), where the box is ([`Placement`],
//!   [`Orientation`]), the rolls ([`Move`], [`Level::roll`]), the memory a level needs
//!   ([`Level::bytes_needed`]) and the `--path` notation ([`Step`]).
//! - Reading: the one door to an input's levels in any format ([`LevelInput`]: bytes or a
//!   stream, the format named or told, [`InputFormat`]), the text format of level packs
//!   ([`PackReader`]), the Flash game's level file ([`FlashPack`]), which format a file holds
//!   ([`LevelInput::detection`]), their one error type ([`LevelError`]) and [`LevelSource`].
//!   One level from a string: `text.parse::<Level>()`.
//! - [`Solver`]: the one entry point for answering a level; it picks the fast search for POJ 3322
//!   levels or the general search for levels with switches (the searches themselves are not
//!   reachable from outside).
//! - [`Runner`]: a batch over N workers, reported in input order; [`Sharded`] reads one part
//!   ([`Shard`]) of a pack, for a batch split over machines.
//! - The JSON records of docs/JSON.md ([`LevelRecord`], [`AnalysisRecord`],
//!   [`GeneratedRecord`]), built from the results for a front end to serialise.
//! - [`DistanceField`]: the distance to the goal from every state ([`Solver::distance_field`]).
//! - [`Error`]: the one error type every error above converts into with `?`.
//!
//! ```
//! use flipblox::bloxorz::{Limits, PackReader, Solver};
//! // The POJ 3322 sample: 10 moves.
//! let pack = b"7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n0 0\n";
//! let mut solver = Solver::new();
//! for level in PackReader::new(pack) {
//!     let solution = solver.solve(&level.unwrap(), Limits::default()).unwrap();
//!     assert_eq!(solution.moves, Some(10));
//! }
//! ```

pub mod analysis;
mod error;
pub mod generate;
pub(crate) mod model;
pub(crate) mod read;
mod record;
mod runner;
pub(crate) mod search;
mod shard;
mod solver;

pub use error::Error;
pub use model::{Cell, Cube, Level, Move, Orientation, Placement, Step};
pub use read::{
    Chunk, FlashError, FlashPack, InputFormat, LevelError, LevelInput, LevelSource, Levels,
    OpenError, PackReader, Stage, Unwritable,
};
pub use record::{AnalysisRecord, GeneratedRecord, LevelRecord};
pub use runner::{Answer, Report, RunOptions, Runner};
pub use search::{DistanceField, FieldError, ReplayError, SearchError, Solution};
pub use shard::{Shard, Sharded};
pub use solver::{Limits, Solver};

pub(crate) use search::{ILLEGAL, ORIENTATIONS};
