//! The one entry point for answering a level: [`Solver`] picks the search that can solve it.
//!
//! A level without switches and split switches (every POJ 3322 level) is answered by the fast
//! search over a dense array of states (`search/poj.rs`), except that when only the distance is
//! asked ([`Solver::solve`], [`Solver::solve_from`]) and the level is small (at most 28 x 28
//! cells: a padded grid of at most 32 x 32), the bit-parallel search (`search/bitboard.rs`)
//! answers it, a whole layer at a time, with the same distance and the same states explored;
//! paths ([`Solver::solve_with_path`]) and distance fields always come from the array search.
//! Any other level is answered by the general search over the block and the bridge
//! configuration (`search/general/`), whose memory is bounded by [`Limits::max_memory`]. All
//! give the minimum number of moves; the choice is made here and nowhere else, so no caller can
//! hand a level to a search that would answer another game.

use super::model::level::{Level, Placement};
use super::model::moves::Move;
use super::model::notation::Step;
use super::read::DEFAULT_MAX_MEMORY;
use super::search::bitboard::{self, BitSearch};
use super::search::field::{
    DistanceField, FieldError, distance_field_from_start_in, distance_field_in,
};
use super::search::general::Engine;
use super::search::poj::Scratch;
use super::search::solution::{SearchError, Solution};

/// What a search may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Memory the search of a level with switches or split switches may use, in bytes: its
    /// tables, a bitmap of `placements / 8` bytes per bridge configuration reached, the frontier
    /// (8 bytes a state) and, with a path, 5 bytes per stored state (see `search/general/`). A
    /// POJ 3322 level's memory is checked when it is read
    /// ([`PackReader::max_memory`](crate::bloxorz::PackReader::max_memory)).
    pub max_memory: u64,
}

impl Default for Limits {
    /// A memory limit of 2 GiB.
    fn default() -> Limits {
        Limits { max_memory: DEFAULT_MAX_MEMORY }
    }
}

/// Answers levels, reusing its search memory from one level to the next: create one per thread.
///
/// ```
/// use flipblox::bloxorz::{Limits, PackReader, Solver};
/// let mut solver = Solver::new();
/// let mut path = Vec::new();
/// // A POJ 3322 level, and one whose soft switch `S` lays the bridge tile `-`.
/// let pack = b"1 5\nX..O.\n1 7\nXS.-..O\nswitch 1 2: on 1 4\n";
/// let mut levels = PackReader::new(pack);
/// let plain = levels.next().unwrap().unwrap();
/// assert_eq!(solver.solve(&plain, Limits::default()).unwrap().moves, Some(2));
/// let switched = levels.next().unwrap().unwrap();
/// let solution = solver.solve_with_path(&switched, Limits::default(), &mut path).unwrap();
/// assert_eq!(solution.moves, Some(4));
/// assert_eq!(path.iter().map(|s| s.to_string()).collect::<String>(), "RRRR");
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    bits: BitSearch,
    poj: Scratch,
    general: Engine,
    moves: Vec<Move>,
}

impl Solver {
    /// A solver holding no memory yet.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// Bytes held by the solver's buffers (kept for reuse).
    pub fn memory_usage(&self) -> usize {
        self.bits.memory_usage()
            + self.poj.memory_usage()
            + self.general.memory_usage()
            + self.moves.capacity()
    }

    /// The minimum number of moves that bring the box from the level's start to stand on its
    /// target, or `None` in [`Solution::moves`] when it cannot.
    ///
    /// # Errors
    ///
    /// [`SearchError::Limit`] when a level with switches or split switches needs more memory
    /// than `limits` allows; [`SearchError::Memory`] when the system refuses the memory the
    /// search needs (its buffers are allocated fallibly).
    ///
    /// # Panics
    ///
    /// On a level that no reader filled (it has no start).
    pub fn solve(&mut self, level: &Level, limits: Limits) -> Result<Solution, SearchError> {
        self.solve_from(level, level.start(), limits)
    }

    /// Like [`Solver::solve`], from `from` instead of the level's start (the bridges as at the
    /// start). A box that may not rest at `from` has no solution.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    pub fn solve_from(
        &mut self,
        level: &Level,
        from: Placement,
        limits: Limits,
    ) -> Result<Solution, SearchError> {
        if !level.can_rest(from) {
            return Ok(Solution { moves: None, states_explored: 0 });
        }
        if bitboard::fits(level) {
            Ok(self.bits.solve(level, from)?)
        } else if level.mechanics().needs_engine() {
            self.general.solve(level, from, limits.max_memory)
        } else {
            self.poj.reserve(level.grid().len())?;
            Ok(self.poj.solve(level, from))
        }
    }

    /// Like [`Solver::solve`], and when the level can be solved, replaces the contents of `path`
    /// with one shortest solution (`path.len()` equals the answer; the notation of
    /// `notation`). Leaves `path` empty when it cannot be
    /// solved.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    pub fn solve_with_path(
        &mut self,
        level: &Level,
        limits: Limits,
        path: &mut Vec<Step>,
    ) -> Result<Solution, SearchError> {
        path.clear();
        let from = level.start();
        if level.mechanics().needs_engine() {
            return self.general.solve_with_path(level, from, limits.max_memory, path);
        }
        self.poj.reserve(level.grid().len())?;
        let solution = self.poj.solve_with_path(level, from, &mut self.moves);
        path.extend(self.moves.iter().map(|&m| Step::roll(m)));
        Ok(solution)
    }

    /// The distance-to-goal field of `level` (see [`DistanceField`]), in this solver's reused
    /// memory.
    ///
    /// # Errors
    ///
    /// [`FieldError::Mechanics`] for a level with switches or split switches,
    /// [`FieldError::TooManyStates`] for one of more than `i32::MAX` states.
    pub fn distance_field(&mut self, level: &Level) -> Result<DistanceField<'static>, FieldError> {
        distance_field_in(level, &mut self.poj)
    }

    /// The distance-from-start field of `level`, in this solver's reused memory (the layout of
    /// [`DistanceField`], its only 0 entry the start): for every state, the minimum number of
    /// rolls that bring the box from the start to it, -1
    /// ([`IMPOSSIBLE`](DistanceField::IMPOSSIBLE)) for the states the box may rest in but cannot
    /// reach, -2 ([`ILLEGAL`](DistanceField::ILLEGAL)) where it may not rest. The target does not
    /// stop the box: a state beyond it has its distance through it. One breadth-first search from
    /// the start, the one that answers the level; its entry on standing on the target is the
    /// level's answer.
    ///
    /// ```
    /// use flipblox::bloxorz::{Level, Solver};
    /// // The block never stands on the target: it stands on columns 3 and 6 only.
    /// let level: Level = "1 6\nXX..O.\n".parse().unwrap();
    /// let field = Solver::new().distance_field_from_start(&level).unwrap();
    /// assert!(field.from_start());
    /// assert_eq!(field.get(0, 0, 1), Some(0)); // the start, lying on the two X
    /// assert_eq!(field.get(0, 5, 0), Some(3)); // R, R, R: standing on the last cell
    /// assert_eq!(field.get(0, 4, 0), Some(-1)); // standing on the target: never
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Solver::distance_field`].
    pub fn distance_field_from_start(
        &mut self,
        level: &Level,
    ) -> Result<DistanceField<'static>, FieldError> {
        distance_field_from_start_in(level, &mut self.poj)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bloxorz::read::PackReader;

    /// The level `XS.B..O`: the soft switch at column 2 takes away the bridge tile at column 4,
    /// which a search that ignores switches would cross.
    const SWITCH_REMOVES_THE_BRIDGE: &[u8] = b"1 7\nXS.B..O\nswitch 1 2: off 1 4\n";

    fn level(text: &[u8]) -> Level {
        PackReader::new(text).next().unwrap().unwrap()
    }

    #[test]
    fn every_public_solve_answers_a_switch_level_by_its_rules() {
        let level = level(SWITCH_REMOVES_THE_BRIDGE);
        let mut solver = Solver::new();
        let limits = Limits::default();
        assert_eq!(solver.solve(&level, limits).unwrap().moves, None);
        assert_eq!(solver.solve_from(&level, level.start(), limits).unwrap().moves, None);
        let mut path = vec![Step::roll(Move::Up)];
        assert_eq!(solver.solve_with_path(&level, limits, &mut path).unwrap().moves, None);
        assert!(path.is_empty());
        // The same terrain without the switch is solved in 4 rolls over the bridge.
        let plain = self::level(b"1 7\nX..B..O\n");
        assert_eq!(solver.solve(&plain, limits).unwrap().moves, Some(4));
        // And a distance field, which cannot describe bridges, is refused.
        assert!(matches!(solver.distance_field(&level), Err(FieldError::Mechanics { .. })));
    }

    #[test]
    fn the_general_search_keeps_to_its_memory_limit() {
        let level = level(b"1 8\nX..V...O\nsplit 1 4: 1 1, 1 7\n");
        let tight = Limits { max_memory: 200 };
        let err = Solver::new().solve(&level, tight).unwrap_err();
        assert!(matches!(err, SearchError::Limit { limit, .. } if limit == 200), "{err:?}");
        assert!(Solver::new().solve(&level, Limits::default()).unwrap().moves == Some(8));
    }

    #[test]
    fn a_start_where_the_box_may_not_rest_has_no_solution() {
        let level = level(b"1 4\nX#.O\n");
        let nowhere = Placement::standing(0, 1);
        let solution = Solver::new().solve_from(&level, nowhere, Limits::default()).unwrap();
        assert_eq!(solution, Solution { moves: None, states_explored: 0 });
    }
}
