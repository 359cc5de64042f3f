//! The searches: the fast search for POJ 3322 levels (`poj.rs`, a breadth-first search on a dense
//! array), the bit-parallel search for small POJ 3322 levels when only the distance is asked
//! (`bitboard.rs`, a layer at a time with word operations per row), the general search for
//! levels with switches and split switches (`general/`), and the distance field of a level
//! ([`field`]), and the replay of a path under the general search's rules (`replay_path`). Only
//! the [`Solver`](crate::bloxorz::Solver) chooses between the first three.

pub(crate) mod bitboard;
pub mod field;
pub(crate) mod general;
pub(crate) mod poj;
pub(crate) mod solution;

pub use field::{DistanceField, FieldError, ILLEGAL, ORIENTATIONS};
pub use general::replay::ReplayError;
pub use solution::{SearchError, Solution};
