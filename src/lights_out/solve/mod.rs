//! Answering boards: [`Solver`], which chooses the method (a table, GF(2) or `Z_K` linear
//! algebra), and its [`Answer`]. The linear algebra itself is in `gf2` (the Flip Game's rules on
//! bit-packed rows) and `zk` (any variant over `Z_K`). The room may use the table room (a
//! solver answers from a table); the table room never uses this one: the table doors that take
//! linear algebra are in `tables.rs`.

pub(crate) mod count;
pub(crate) mod error;
pub(crate) mod gf2;
pub(crate) mod isd;
pub(crate) mod solver;
pub(crate) mod tables;
pub(crate) mod zk;

pub use count::SolutionCount;
pub use error::SolverError;
pub use solver::{Answer, Method, Solver, SolverBuilder};
pub use tables::Reference;
