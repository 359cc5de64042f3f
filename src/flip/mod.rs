//! The Flip Game (POJ 1753): Lights Out with the plus-shaped toggle pattern, on the classic 4x4
//! board and on any board up to 1024 x 1024.
//!
//! - [`rules`]: the move, written once: a press turns over the pressed piece and its orthogonal
//!   neighbours.
//! - [`Board`] and [`Press`]: the 4x4 board as a 16-bit state and its 16 moves; [`GridBoard`]: a
//!   board of any size ([`BoardSize`]); [`BoardReader`]: boards read from text, with
//!   `LINE:COLUMN` errors ([`BoardError`]).
//! - [`DistanceTable`]: the one table type: the 4x4 table embedded by `build.rs`, a table built
//!   at run time, or one borrowed from a table file; a query is one lookup, an optimal press
//!   sequence a walk down the table.
//! - The table builder and its checks: [`distance_table`] (the reverse multi-source BFS from both
//!   uniform boards, also run by `build.rs`), [`brute_force_table`] (the independent check, a
//!   brute force over press sets) and [`compare_tables`].
//! - [`gf2`]: any board by linear algebra over GF(2) ([`Gf2Solver`]).
//! - [`FlipSolver`]: the one entry point for answering boards of a size; it chooses the embedded
//!   table, a table file, a table built at run time or GF(2).
//! - [`variant`]: the Lights Out family (toggle patterns, wrap-around, `K` colours, one-colour
//!   goals, alphabets) and its distance tables ([`variant::bfs`]).
//! - [`fast`]: 4x4 boards in the common layout (20 bytes each) checked 16 bytes at a time and
//!   answered straight into an output buffer; the reader takes over for any other board.
//! - [`zk`]: any variant on any board by linear algebra over `Z_K` ([`zk::ZkSolver`]).
//!
//! ```
//! use flipblox::flip::{Answer, BoardSize, FlipSolver, GridBoard, Method};
//! // The POJ 1753 sample: 4 presses.
//! let board = GridBoard::parse("bwwb/bbwb/bwwb/bwww", 4, 4).unwrap();
//! let mut solver = FlipSolver::new(BoardSize::CLASSIC, Method::Auto, 25).unwrap();
//! let mut answer = Answer::default();
//! solver.answer_into(&board, &mut answer).unwrap();
//! assert_eq!(answer.distance, Some(4));
//! assert!(answer.from_table);
//! ```

mod bfs;
mod board;
mod brute;
mod compare;
mod consistency;
pub mod fast;
pub mod gf2;
mod grid;
mod reader;
pub mod rules;
mod size;
mod solver;
mod swar;
mod table;
pub mod variant;
pub mod zk;

pub use bfs::{
    IMPOSSIBLE, MAX_TABLE_CELLS, distance_table, pattern_distance_table, try_distance_table,
};
pub use board::{Board, Press, SIDE, STATES, TOGGLE_PATTERNS};
pub use brute::{MAX_BRUTE_FORCE_CELLS, brute_force_table};
pub use compare::{EntryDifference, TableComparison, compare_tables};
pub use consistency::{TableFault, check_distance_table};
pub use gf2::{Gf2Scratch, Gf2Solver};
pub use grid::GridBoard;
pub use reader::{BOARD_LINE_SLACK, BoardError, BoardErrorKind, BoardReader, board_line_limit};
pub use size::{BoardSize, MAX_SIDE, SizeError};
pub use solver::{Answer, DEFAULT_MAX_TABLE_CELLS, FlipSolver, Method};
pub use table::{DistanceTable, TableError};
