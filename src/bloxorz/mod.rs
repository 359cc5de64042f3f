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
//! Data flows one way, model ← read ← solve:
//!
//! - [`model`]: the [`Level`] (a padded grid of cell flags, the start, the target and the
//!   [`Mechanics`]), where the box is ([`Placement`], [`Orientation`]), the rolls ([`Move`]; the
//!   roll rules are written once, in [`ROLLS`]), and the `--path` notation ([`Step`]).
//! - [`read`]: the text format of level packs ([`PackReader`]), the Flash game's level file
//!   ([`FlashPack`]), their one error type ([`LevelError`]) and [`LevelSource`].
//! - [`Solver`]: the one entry point for answering a level; it picks the fast search for POJ 3322
//!   levels or the general search for levels with switches (the searches themselves, in
//!   `search/`, are not reachable from outside).
//! - [`Runner`]: a batch over N workers, reported in input order; [`Sharded`] reads one part
//!   ([`Shard`]) of a pack, for a batch split over machines.
//! - [`search::field`]: the distance to the goal from every state ([`DistanceField`],
//!   [`distance_field`]); [`read_level`] picks one level of a pack for it.
//! - [`replay_path`]: a path replayed move by move under the level's rules (where the block and
//!   the named split cubes are, which bridge tiles change), for pictures of a solution.
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
pub mod generate;
pub mod model;
pub mod read;
mod runner;
pub mod search;
mod shard;
mod solver;

pub use model::{
    Cell, Cube, Level, Mechanics, Move, MoveTable, Orientation, PADDING, Placement, ROLLS, Step,
    flags, placement_of, roll, state_count, state_of, write_path,
};
pub use read::{
    Chunk, CutBy, DEFAULT_MAX_MEMORY, Detected, DrawingReader, DrawingSyntax, ErrorKind,
    FlashError, FlashPack, FlashStages, FlashSyntax, LevelError, LevelFormat, LevelSource, Limit,
    NoDrawing, Notation, PackReader, Reason, Rule, Stage, TextSyntax, assigns_levels,
    cell_position, detect_format, detect_from_head, ignored_after_end, is_drawing_cell,
    write_drawing,
};
pub use runner::{Answer, Report, RunOptions, Runner};
pub use search::{
    BlockAt, DistanceField, FIELD_BYTES_PER_CELL, FieldError, ILLEGAL, IMPOSSIBLE, ORIENTATIONS,
    ReplayError, ReplayReason, ReplayedMove, SearchError, SearchLimit, Solution, bytes_needed,
    distance_field, distance_field_from_start, field_bytes_needed, field_entry, read_level,
    replay_path,
};
pub use shard::{Shard, Sharded};
pub use solver::{Limits, Solver};
