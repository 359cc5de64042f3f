//! The Flip Game (POJ 1753): Lights Out with the plus-shaped toggle pattern on a 4x4 board.
//!
//! - [`Board`] and [`Press`]: the 4x4 board as a 16-bit state and its 16 moves.
//! - [`distance_table`]: the reverse multi-source BFS from both uniform boards (also run by
//!   `build.rs` to embed the 4x4 table).
//! - [`DistanceTable`]: the embedded table; a query is one lookup.
//! - [`brute_force_table`]: the independent check, a brute force over press sets.
//! - [`BoardReader`] and [`GridBoard`]: boards of any size read from text.
//! - [`BoardSize`]: an `RxC` board shape.
//! - [`solver`]: boards of any size, by a table built at run time or by GF(2) ([`FlipSolver`]).
//! - [`gf2`]: any board up to 1024 x 1024 by linear algebra over GF(2) ([`Gf2Solver`]).

pub mod bfs;
mod board;
mod brute;
mod compare;
pub mod gf2;
mod grid;
mod reader;
mod size;
pub mod solver;
mod table;

pub use bfs::{IMPOSSIBLE, distance_table, toggle_patterns};
pub use board::{Board, Press, SIDE, STATES, TOGGLE_PATTERNS};
pub use brute::{MAX_BRUTE_FORCE_CELLS, brute_force_table};
pub use compare::{EntryDifference, TableComparison, compare_tables};
pub use gf2::{Gf2Scratch, Gf2Solver};
pub use grid::GridBoard;
pub use reader::{BoardError, BoardErrorKind, BoardReader};
pub use size::{BoardSize, MAX_SIDE, SizeError};
pub use solver::{Answer, FlipSolver, Method, TableSolver};
pub use table::DistanceTable;
