//! Answering boards: [`Solver`], which chooses the method (a table, GF(2) or `Z_K` linear
//! algebra), and its [`Answer`]. The linear algebra itself is in `gf2` (the Flip Game's rules on
//! bit-packed rows) and `zk` (any variant over `Z_K`).

pub(crate) mod count;
pub(crate) mod gf2;
pub(crate) mod isd;
pub(crate) mod solver;
pub(crate) mod zk;

pub use count::SolutionCount;
pub use solver::{Answer, Method, Solver, SolverBuilder};
