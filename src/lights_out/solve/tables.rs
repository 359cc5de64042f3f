//! The distance-table doors that take the solver's linear algebra: [`DistanceTable::build`],
//! which counts the states a Flip Game build reaches by the GF(2) rank of its toggle matrix, and
//! the independent reference a table is compared with ([`DistanceTable::reference`]): a method
//! that shares nothing with the breadth-first search but the rules. The table room builds
//! tables without the solver; it is given that count as a value.

use super::gf2::Gf2Solver;
use super::zk::{ZkScratch, ZkSolver};
use crate::lights_out::board::colours::Board;
use crate::lights_out::table::bfs::{IMPOSSIBLE, MAX_TABLE_CELLS};
use crate::lights_out::table::brute::{MAX_BRUTE_FORCE_CELLS, brute_force_table};
use crate::lights_out::table::distance_table::{DistanceTable, TableError};
use crate::lights_out::variant::rules::Variant;

/// How a [`DistanceTable::reference`] was computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reference {
    /// A brute force over all `2^(R*C)` press sets (the Flip Game, up to
    /// [`Reference::MAX_BRUTE_FORCE_CELLS`] cells): a state's distance is the smallest press set
    /// that makes it uniform.
    BruteForce,
    /// The linear algebra of the solver over `Z_K`, state by state (any other variant, up to
    /// [`Reference::MAX_SOLVER_STATES`] states, when it proves every minimum).
    LinearAlgebra,
}

impl Reference {
    /// The largest board, in cells, the brute force takes (2^25 press sets).
    pub const MAX_BRUTE_FORCE_CELLS: usize = MAX_BRUTE_FORCE_CELLS;

    /// The most states of a table the solver recomputes (a few microseconds a state).
    pub const MAX_SOLVER_STATES: u64 = 1 << 20;
}

impl DistanceTable<'static> {
    /// Builds the table of `variant` by visiting every press vector once, in a mixed-radix Gray
    /// order (each step one press: an XOR for two colours, a few cells' digits for more), and
    /// recording at the state each vector solves the least weight found there; for the goal
    /// "any" on one `K`-th of the states, the rest copied. `progress(reached, of)` is called as
    /// the build goes with the states reached so far and the number the build reaches (for the
    /// Flip Game's rules the `2^rank` states that can be made uniform, known beforehand; for other
    /// variants all `K^(R*C)` states, a bound); the last call's `reached` is the number of states
    /// that can reach the goal.
    ///
    /// Memory: the table (`K^(R*C)` bytes; 5x5 Flip Game, 32 MiB) and under 2 MiB.
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] above 32 cells for two colours or 2^32 states for more;
    /// [`TableError::OutOfMemory`] when the system refuses the memory of the table.
    pub fn build(
        variant: &Variant,
        progress: impl FnMut(u64, u64),
    ) -> Result<DistanceTable<'static>, TableError> {
        DistanceTable::check_size(variant, MAX_TABLE_CELLS)?;
        let reach = if variant.is_flip_game_rules() {
            1u64 << Gf2Solver::new(variant.size()).toggle_rank().min(63)
        } else {
            variant.states().expect("checked")
        };
        DistanceTable::build_reaching(variant, reach, progress)
    }

    /// The table of `variant` recomputed by a method independent of the breadth-first search, to
    /// compare a table with: the brute force over press sets for the
    /// Flip Game, the solver's linear algebra for any other variant; `None` when neither applies
    /// (a Flip Game board over 25 cells; another variant of more than 2^20 states, or one whose
    /// minima the solver cannot prove, its null space being too large to search whole).
    ///
    /// ```
    /// use flipblox::lights_out::{DistanceTable, Reference, Variant};
    /// let variant = Variant::builder(3, 3).colours(3).build()?;
    /// let (how, reference) = DistanceTable::reference(&variant).expect("3^9 states");
    /// assert_eq!(how, Reference::LinearAlgebra);
    /// assert_eq!(DistanceTable::build(&variant, |_, _| {})?.as_bytes(), reference.as_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reference(variant: &Variant) -> Option<(Reference, DistanceTable<'static>)> {
        let size = variant.size();
        if variant.is_flip_game() {
            if size.cells() > MAX_BRUTE_FORCE_CELLS {
                return None;
            }
            let bytes = brute_force_table(size.rows(), size.cols());
            return Some((Reference::BruteForce, DistanceTable::owned(variant, bytes)));
        }
        let states = variant.states().filter(|&s| s <= Reference::MAX_SOLVER_STATES)?;
        // At most 20 cells: the set-up needs a few kilobytes (as any allocation of that size,
        // a refusal aborts).
        let solver = ZkSolver::try_new(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
        if !solver.is_exact() {
            return None;
        }
        let (rows, cols, k) = (size.rows(), size.cols(), variant.colours());
        let (mut scratch, mut presses) = (ZkScratch::default(), Vec::new());
        let bytes = (0..states)
            .map(|state| {
                let board = Board::from_state(rows, cols, k, state);
                let found = solver.solve_into(&board, &mut scratch, &mut presses);
                found.map_or(IMPOSSIBLE, |optimum| optimum.distance as u8)
            })
            .collect();
        Some((Reference::LinearAlgebra, DistanceTable::owned(variant, bytes)))
    }
}
