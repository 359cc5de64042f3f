//! The breadth-first search over box states, with a reusable [`Scratch`].
//!
//! # Memory layout
//!
//! A [`Scratch`] holds, per state index of the largest level it has searched (see
//! [`super::state`] for the index):
//!
//! - one `u32` *stamp*: bits 2..32 the generation of the search that reached the state, bits 0..2
//!   the [`Move`] that reached it (`U` 0, `D` 1, `L` 2, `R` 3);
//! - one `u32` frontier slot: the queue of states in the order the search reached them.
//!
//! Each search takes a new generation number, so a state counts as reached only when its stamp
//! carries the current generation: nothing is cleared between levels, and the buffers only grow.
//! After 2^30 - 1 searches the stamps are zeroed once and the generations start again. Together
//! with the level's one byte per padded cell that is 25 bytes per padded cell, 8 1/3 per state
//! ([`super::bytes_needed`]).
//!
//! # The search
//!
//! The frontier is a flat `u32` queue expanded layer by layer, so the distance is the layer count.
//! Expanding a state costs, per move, one lookup in the [`MoveTable`], one load of the new anchor's
//! cell flags (which say whether the box may rest there in the new orientation; the padding means
//! no bounds check), and one load and store of its stamp. The search stops as soon as it reaches
//! the goal. Because every roll is undone by the opposite roll, the move stored in a state's stamp
//! leads back to the state it came from, and the path is rebuilt backwards from the goal.

use super::level::{Level, Orientation, Placement};
use super::state::{Move, MoveTable, state_of};

/// The largest generation number: the stamp keeps 30 bits for it.
const MAX_GENERATION: u32 = u32::MAX >> 2;

/// Sentinel goal of a search that sweeps every reachable state.
const NO_GOAL: u32 = u32::MAX;

/// The answer to one level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solution {
    /// The minimum number of moves that bring the box to stand on the target, or `None` when it
    /// cannot (POJ 3322's `Impossible`).
    pub moves: Option<u32>,
    /// States the search took off the frontier and expanded (each at most once). A search that
    /// finds the goal stops while expanding the state the goal was reached from.
    pub states_explored: u64,
}

/// Reusable search memory: visit stamps, the frontier queue and the layer boundaries.
///
/// Create one per worker and reuse it for every level; it grows to the largest level searched and
/// never needs clearing (see the module docs). A fresh scratch holds no memory.
///
/// ```
/// use flipblox::bloxorz::{PackReader, Scratch};
/// let level = PackReader::new(b"1 5\nX..O.\n").next().unwrap().unwrap();
/// let mut scratch = Scratch::new();
/// let mut path = Vec::new();
/// let solution = scratch.solve_with_path(&level, &mut path);
/// assert_eq!(solution.moves, Some(2));
/// let letters: String = path.iter().map(|m| m.letter()).collect();
/// assert_eq!(letters, "RR");
/// ```
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    stamps: Vec<u32>,
    queue: Vec<u32>,
    layer_ends: Vec<u32>,
    /// Frontier length of the last search (states reached).
    reached: usize,
    generation: u32,
    table: Option<MoveTable>,
}

impl Scratch {
    /// A scratch holding no memory yet.
    pub fn new() -> Scratch {
        Scratch::default()
    }

    /// Bytes held by the scratch's buffers (their capacity, which is kept for reuse).
    pub fn memory_usage(&self) -> usize {
        4 * (self.stamps.capacity() + self.queue.capacity() + self.layer_ends.capacity())
    }

    /// Forgets every search: zeroes the stamps and restarts the generations. Never needed for
    /// correctness (a new search takes a new generation); it happens by itself after 2^30 - 1
    /// searches. Keeps the buffers.
    pub fn reset(&mut self) {
        self.stamps.fill(0);
        self.generation = 0;
        self.reached = 0;
        self.layer_ends.clear();
    }

    /// The minimum number of moves to stand on the target of `level`.
    pub fn solve(&mut self, level: &Level) -> Solution {
        let (from, goal) = Self::endpoints(level);
        let (moves, states_explored) = self.search(level, from, Some(goal));
        Solution { moves, states_explored }
    }

    /// Like [`Scratch::solve`], and when the level can be solved, replaces the contents of `path`
    /// with one shortest sequence of moves (`path.len()` equals the answer). Leaves `path` empty
    /// when it cannot be solved.
    pub fn solve_with_path(&mut self, level: &Level, path: &mut Vec<Move>) -> Solution {
        let solution = self.solve(level);
        path.clear();
        if solution.moves.is_some() {
            let (_, goal) = Self::endpoints(level);
            self.path_to(level, goal, path);
        }
        solution
    }

    /// The start and goal states of `level`: the box at its start, and standing on the target.
    fn endpoints(level: &Level) -> (u32, u32) {
        let (tr, tc) = level.target();
        (state_of(level, level.start()), state_of(level, Placement::standing(tr, tc)))
    }

    /// Breadth-first search on `level` from state `from` (see [`super::state`] for state
    /// indices), stopping when it reaches `goal`, or sweeping every reachable state when `goal` is
    /// `None`. Returns the distance to the goal (`None` when not reached, always `None` for a
    /// sweep) and the number of states expanded.
    ///
    /// After the search, [`Scratch::reached_in_order`] and [`Scratch::layer_ends`] describe every
    /// state reached and its distance, and [`Scratch::path_to`] walks back from any reached state.
    ///
    /// # Panics
    ///
    /// If `from` is not a state of `level` where the box may rest (the parser's levels always give
    /// a legal start).
    pub fn search(&mut self, level: &Level, from: u32, goal: Option<u32>) -> (Option<u32>, u64) {
        let grid = level.grid();
        let states = 3 * grid.len();
        let (anchor, o) = (from as usize / 3, from as usize % 3);
        assert!(grid.get(anchor).is_some_and(|flags| flags & (1 << o) != 0), "illegal start");
        if self.table.is_none_or(|t| t.width() != level.width()) {
            self.table = Some(MoveTable::new(level.width()));
        }
        if self.stamps.len() < states {
            self.stamps.resize(states, 0);
            self.queue.resize(states, 0);
        }
        if self.generation >= MAX_GENERATION {
            self.reset();
        }
        self.generation += 1;
        self.layer_ends.clear();
        let table = self.table.expect("set above");
        let gen_bits = self.generation << 2;
        let goal = goal.unwrap_or(NO_GOAL);
        let stamps = &mut self.stamps[..states];
        let queue = &mut self.queue[..states];
        stamps[from as usize] = gen_bits;
        queue[0] = from;
        let (mut head, mut tail) = (0usize, 1usize);
        let mut depth = 0u32;
        let mut found = from == goal;
        'layers: while head < tail && !found {
            depth += 1;
            let layer_end = tail;
            self.layer_ends.push(layer_end as u32);
            while head < layer_end {
                let state = queue[head];
                head += 1;
                let cell = state / 3;
                let steps = &table.steps[(state - 3 * cell) as usize];
                for (m, step) in steps.iter().enumerate() {
                    if grid[cell.wrapping_add(step.cell_delta) as usize] & step.rest_flag == 0 {
                        continue;
                    }
                    let next = state.wrapping_add(step.state_delta);
                    let stamp = &mut stamps[next as usize];
                    if *stamp & !3 == gen_bits {
                        continue;
                    }
                    *stamp = gen_bits | m as u32;
                    queue[tail] = next;
                    tail += 1;
                    if next == goal {
                        found = true;
                        break 'layers;
                    }
                }
            }
        }
        self.reached = tail;
        if found {
            // The goal's layer, cut short.
            self.layer_ends.push(tail as u32);
        }
        (found.then_some(depth), head as u64)
    }

    /// The states the last search reached, in the order it reached them (the start first).
    pub fn reached_in_order(&self) -> &[u32] {
        &self.queue[..self.reached]
    }

    /// Where each distance layer of the last search ends in [`Scratch::reached_in_order`]:
    /// the states at distance `d` are `reached_in_order()[layer_ends()[d - 1]..layer_ends()[d]]`
    /// (with `layer_ends()[0] == 1`, the start alone at distance 0). The last layer is cut short
    /// when the search stopped at its goal.
    pub fn layer_ends(&self) -> &[u32] {
        &self.layer_ends
    }

    /// True when the last search on `level` reached `state`.
    pub fn was_reached(&self, state: u32) -> bool {
        self.stamps.get(state as usize).is_some_and(|&s| s >> 2 == self.generation)
            && self.generation != 0
    }

    /// Replaces the contents of `path` with the moves from the last search's start to `state`,
    /// a state that search reached on `level`: a shortest path, rebuilt backwards through the
    /// moves stored in the stamps.
    ///
    /// # Panics
    ///
    /// If the last search did not reach `state` on `level`.
    pub fn path_to(&self, level: &Level, state: u32, path: &mut Vec<Move>) {
        assert!(self.was_reached(state), "state {state} was not reached by the last search");
        let table = MoveTable::new(level.width());
        let from = self.queue[0];
        path.clear();
        let mut s = state;
        while s != from {
            let m = Move::from_index(self.stamps[s as usize] as usize);
            path.push(m);
            let back = table.steps[s as usize % 3][m.opposite().index()];
            s = s.wrapping_add(back.state_delta);
        }
        path.reverse();
    }
}

/// The placement reached from `placement` by rolling the box with `m`, if it stays on the level
/// (cells outside the level, or the box on empty or standing on fragile cells, give `None`). A
/// plain, unoptimised description of a roll, for replaying paths.
pub fn roll(level: &Level, placement: Placement, m: Move) -> Option<Placement> {
    let (r, c) = (placement.row as isize, placement.col as isize);
    use Orientation::{Horizontal as H, Standing as S, Vertical as V};
    let (r, c, o) = match (placement.orientation, m) {
        (S, Move::Up) => (r - 2, c, V),
        (S, Move::Down) => (r + 1, c, V),
        (S, Move::Left) => (r, c - 2, H),
        (S, Move::Right) => (r, c + 1, H),
        (H, Move::Up) => (r - 1, c, H),
        (H, Move::Down) => (r + 1, c, H),
        (H, Move::Left) => (r, c - 1, S),
        (H, Move::Right) => (r, c + 2, S),
        (V, Move::Up) => (r - 1, c, S),
        (V, Move::Down) => (r + 2, c, S),
        (V, Move::Left) => (r, c - 1, V),
        (V, Move::Right) => (r, c + 1, V),
    };
    let next =
        Placement { row: usize::try_from(r).ok()?, col: usize::try_from(c).ok()?, orientation: o };
    level.can_rest(next).then_some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bloxorz::PackReader;

    fn level(text: &str) -> Level {
        PackReader::new(text.as_bytes()).next().unwrap().unwrap()
    }

    const POJ_SAMPLE: &str = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n";

    fn replay(level: &Level, path: &[Move]) -> Placement {
        let mut p = level.start();
        for &m in path {
            p = roll(level, p, m).expect("path stays on the level");
        }
        p
    }

    #[test]
    fn the_poj_sample_takes_10_moves_and_its_path_replays() {
        let level = level(POJ_SAMPLE);
        let mut scratch = Scratch::new();
        let mut path = Vec::new();
        let solution = scratch.solve_with_path(&level, &mut path);
        assert_eq!(solution.moves, Some(10));
        assert_eq!(path.len(), 10);
        let (tr, tc) = level.target();
        assert_eq!(replay(&level, &path), Placement::standing(tr, tc));
    }

    #[test]
    fn a_reused_scratch_answers_like_a_fresh_one_across_sizes() {
        let levels = [
            POJ_SAMPLE,
            "1 4\nXX.O\n",
            "3 3\nX#O\n...\n...\n",
            "2 2\nXO\n..\n",
            "1 3\nX.O\n",
            "1 5\nX..O.\n",
        ];
        let mut reused = Scratch::new();
        for _ in 0..3 {
            for text in levels {
                let level = level(text);
                let fresh = Scratch::new().solve(&level);
                assert_eq!(reused.solve(&level), fresh, "{text}");
            }
        }
        assert_eq!(Scratch::new().solve(&level("1 3\nXXO\n")).moves, Some(1));
        assert_eq!(Scratch::new().solve(&level("1 3\nX.O\n")).moves, None);
    }

    #[test]
    fn generations_wrap_around_without_false_visits() {
        let level = level(POJ_SAMPLE);
        let mut scratch = Scratch::new();
        let expected = scratch.solve(&level);
        scratch.generation = MAX_GENERATION - 2;
        for _ in 0..5 {
            assert_eq!(scratch.solve(&level), expected);
        }
        assert!(scratch.generation < 10);
    }

    #[test]
    fn a_sweep_records_every_reachable_state_by_distance() {
        let level = level(POJ_SAMPLE);
        let mut scratch = Scratch::new();
        let from = state_of(&level, level.start());
        let (distance, explored) = scratch.search(&level, from, None);
        assert_eq!(distance, None);
        let reached = scratch.reached_in_order().to_vec();
        assert_eq!(explored as usize, reached.len());
        let ends = scratch.layer_ends().to_vec();
        assert_eq!(ends[0], 1);
        assert_eq!(*ends.last().unwrap() as usize, reached.len());
        let mut path = Vec::new();
        for (d, w) in ends.windows(2).enumerate() {
            for &s in &reached[w[0] as usize..w[1] as usize] {
                scratch.path_to(&level, s, &mut path);
                assert_eq!(path.len(), d + 1);
            }
        }
    }

    #[test]
    fn memory_usage_grows_to_the_largest_level_and_stays() {
        let mut scratch = Scratch::new();
        assert_eq!(scratch.memory_usage(), 0);
        scratch.solve(&level(POJ_SAMPLE));
        let big = scratch.memory_usage();
        assert!(big >= 8 * 3 * 11 * 11);
        scratch.solve(&level("1 4\nXX.O\n"));
        assert_eq!(scratch.memory_usage(), big);
    }
}
