//! What a level asks of the player (`flipblox bloxorz --analyse`): how many optimal solutions it
//! has, how many states the block can reach, how many of those are dead ends and how many moves
//! lead into one, which cells the optimal solutions use and which tiles nothing ever touches,
//! and a difficulty score made from these ([`difficulty`]).
//!
//! Every measure comes from the whole state graph of the level (`graph.rs`): every state
//! reachable from the start (the goal ends the level, so nothing is reached through it), the
//! moves between them, and two breadth-first searches over it, forwards from the start and
//! backwards from the goal. It works for POJ 3322 levels and for levels with switches, bridges
//! and split cubes alike (a state is then the block and the bridge configuration), within a
//! memory limit (256 bytes a state).
//!
//! ```
//! use flipblox::bloxorz::{Limits, PackReader};
//! use flipblox::bloxorz::analysis::Analyser;
//! // The POJ 3322 sample: 10 moves, and exactly one way to make them.
//! let pack = b"7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n";
//! let level = PackReader::new(pack).next().unwrap().unwrap();
//! let analysis = Analyser::new().analyse(&level, Limits::default()).unwrap();
//! assert_eq!(analysis.moves, Some(10));
//! assert_eq!(analysis.optimal_solutions, 1);
//! assert_eq!(analysis.dead_ends, 0); // every move of a level without switches can be undone
//! ```

pub mod difficulty;
pub(crate) mod graph;

use graph::{Graph, NONE};

use super::model::level::Level;
use super::search::solution::SearchError;
use super::solver::Limits;
use crate::memory::try_reserve;

/// The measures of one level (see the module docs). States are the block's placements (whole or
/// split) together with the bridge configuration; a move is one roll of the whole block or one
/// step of a split cube; cells are `(row, col)`, 0-based.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The minimum number of moves to the goal (the level's answer), `None` when impossible.
    pub moves: Option<u32>,
    /// How many distinct sequences of [`Analysis::moves`] moves bring the block from the start
    /// to the goal (0 when impossible). Exact below `u64::MAX`; when there are at least that
    /// many it is `u64::MAX` and [`Analysis::optimal_solutions_saturated`] is set.
    pub optimal_solutions: u64,
    /// True when the count of optimal solutions reached `u64::MAX` and stopped there.
    pub optimal_solutions_saturated: bool,
    /// The states reachable from the start, the start and the goal included (nothing is reached
    /// through the goal: it ends the level). A move that makes the block fall leads to no state.
    pub reachable: u64,
    /// The reachable states from which the goal can no longer be reached (all of them when the
    /// level is impossible).
    pub dead_ends: u64,
    /// The moves from a state that can still reach the goal into one that cannot: the mistakes
    /// that lose the level without the block falling.
    pub trap_moves: u64,
    /// The cells covered by the block (or a split cube) in some state of some optimal solution
    /// (0 when impossible).
    pub cells_used: u64,
    /// The tiles (every cell but `#`: bridge tiles present or not, switches, the start, the
    /// target) that the block covers in no reachable state, in row-major order: a designer can
    /// remove them without changing what the player can do.
    pub unused_cells: Vec<(usize, usize)>,
    /// The difficulty score ([`difficulty`]): 0 for a level solved in no moves; `None` when the
    /// level is impossible.
    pub difficulty: Option<f64>,
}

impl Analysis {
    /// How many tiles the block never covers: `unused_cells.len()`.
    pub fn cells_unused(&self) -> u64 {
        self.unused_cells.len() as u64
    }
}

/// Analyses levels, reusing its memory from one level to the next: create one per thread.
#[derive(Debug, Default)]
pub struct Analyser {
    graph: Graph,
    to_goal: Vec<u32>,
    counts: Vec<u64>,
    chance: Vec<f64>,
    queue: Vec<u32>,
    touched: Vec<u8>,
}

/// A cell covered by a reachable state.
const REACHED: u8 = 1;
/// A cell covered by a state of an optimal solution.
const OPTIMAL: u8 = 2;

impl Analyser {
    /// An analyser holding no memory yet.
    pub fn new() -> Analyser {
        Analyser::default()
    }

    /// Bytes held by the analyser's buffers (kept for reuse).
    pub fn memory_usage(&self) -> usize {
        self.graph.memory_usage()
            + 4 * (self.to_goal.capacity() + self.queue.capacity())
            + 8 * (self.counts.capacity() + self.chance.capacity())
            + self.touched.capacity()
    }

    /// The measures of `level` from its start.
    ///
    /// # Errors
    ///
    /// [`SearchError::Limit`] when the level has more reachable states than
    /// `limits.max_memory / 256`; [`SearchError::Memory`] when the system refuses memory.
    ///
    /// # Panics
    ///
    /// On a level that no reader filled (it has no start).
    pub fn analyse(&mut self, level: &Level, limits: Limits) -> Result<Analysis, SearchError> {
        let from = level.start();
        self.graph.build(level, from, limits.max_memory)?;
        let n = self.graph.len();
        self.distances_to_goal()?;
        let graph = &self.graph;
        let moves = graph.moves();
        let mut dead_ends = 0;
        let mut trap_moves = 0;
        for i in 0..n {
            if self.to_goal[i] == NONE {
                dead_ends += 1;
            } else {
                trap_moves += graph
                    .moves_from(i)
                    .iter()
                    .filter(|&&j| self.to_goal[j as usize] == NONE)
                    .count() as u64;
            }
        }
        let (optimal_solutions, choice_bits) = match moves {
            Some(total) => self.count_optimal(total)?,
            None => (0, f64::NAN),
        };
        let (cells_used, unused_cells) = self.cells(level, moves)?;
        let analysis = Analysis {
            moves,
            optimal_solutions,
            optimal_solutions_saturated: optimal_solutions == u64::MAX,
            reachable: n as u64,
            dead_ends,
            trap_moves,
            cells_used,
            unused_cells,
            difficulty: None,
        };
        let difficulty =
            moves.map(|_| difficulty::score(choice_bits, analysis.trap_moves, analysis.dead_ends));
        Ok(Analysis { difficulty, ..analysis })
    }

    /// The distance from every state to the nearest goal state, by a breadth-first search
    /// backwards over the moves into each state from all the goal states ([`NONE`] for the dead
    /// ends).
    fn distances_to_goal(&mut self) -> Result<(), SearchError> {
        let graph = &self.graph;
        let n = graph.len();
        self.to_goal.clear();
        try_reserve(&mut self.to_goal, n, "the analysis's distances")?;
        self.to_goal.resize(n, NONE);
        self.queue.clear();
        try_reserve(&mut self.queue, n, "the analysis's frontier")?;
        for &goal in &graph.goals {
            self.to_goal[goal as usize] = 0;
            self.queue.push(goal);
        }
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head] as usize;
            head += 1;
            let d = self.to_goal[i] + 1;
            for &j in graph.moves_into(i) {
                if self.to_goal[j as usize] == NONE {
                    self.to_goal[j as usize] = d;
                    self.queue.push(j);
                }
            }
        }
        Ok(())
    }

    /// The number of shortest paths from the start to a goal state, `total` moves long
    /// (saturating at `u64::MAX`), and `-log2` of the chance that a player who picks each move
    /// at random among the legal ones follows one of them ([`difficulty`]). Both go forward over
    /// the states in breadth-first order, along the moves that keep to a shortest path (one
    /// layer further from the start and one closer to a goal).
    fn count_optimal(&mut self, total: u32) -> Result<(u64, f64), SearchError> {
        let graph = &self.graph;
        let n = graph.len();
        self.counts.clear();
        try_reserve(&mut self.counts, n, "the analysis's counts")?;
        self.counts.resize(n, 0);
        self.chance.clear();
        try_reserve(&mut self.chance, n, "the analysis's counts")?;
        self.chance.resize(n, f64::NEG_INFINITY);
        self.counts[0] = 1;
        self.chance[0] = 0.0;
        let on_a_shortest_path =
            |i: usize| self.to_goal[i] != NONE && graph.depth[i] + self.to_goal[i] == total;
        for i in 0..n {
            if self.to_goal[i] == 0 || self.counts[i] == 0 || !on_a_shortest_path(i) {
                continue;
            }
            let moves = graph.moves_from(i);
            // log2 of the chance of each move from here.
            let each = self.chance[i] - (moves.len() as f64).log2();
            for &j in moves {
                let j = j as usize;
                if graph.depth[j] == graph.depth[i] + 1 && on_a_shortest_path(j) {
                    self.counts[j] = self.counts[j].saturating_add(self.counts[i]);
                    self.chance[j] = log2_add(self.chance[j], each);
                }
            }
        }
        let (mut count, mut chance) = (0u64, f64::NEG_INFINITY);
        for &goal in &graph.goals {
            let goal = goal as usize;
            if graph.depth[goal] == total {
                count = count.saturating_add(self.counts[goal]);
                chance = log2_add(chance, self.chance[goal]);
            }
        }
        Ok((count, -chance))
    }

    /// The cells some optimal solution covers (counted) and the tiles no reachable state covers
    /// (listed).
    fn cells(
        &mut self,
        level: &Level,
        moves: Option<u32>,
    ) -> Result<(u64, Vec<(usize, usize)>), SearchError> {
        let graph = &self.graph;
        self.touched.clear();
        try_reserve(&mut self.touched, level.grid().len(), "the analysis's cells")?;
        self.touched.resize(level.grid().len(), 0);
        for (i, &state) in graph.states.iter().enumerate() {
            let optimal = moves.is_some_and(|total| {
                self.to_goal[i] != NONE && graph.depth[i] + self.to_goal[i] == total
            });
            let mark = if optimal { REACHED | OPTIMAL } else { REACHED };
            for cell in graph.rules.cells(state) {
                self.touched[cell] |= mark;
            }
        }
        let used = self.touched.iter().filter(|&&t| t & OPTIMAL != 0).count() as u64;
        let mut unused = Vec::new();
        for row in 0..level.rows() {
            for col in 0..level.cols() {
                if level.letter((row, col)) != '#'
                    && self.touched[level.index(row, col)] & REACHED == 0
                {
                    unused.push((row, col));
                }
            }
        }
        Ok((used, unused))
    }
}

/// `log2(2^a + 2^b)`, exact when either is `-inf`.
fn log2_add(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if lo == f64::NEG_INFINITY {
        return hi;
    }
    hi + (1.0 + (lo - hi).exp2()).log2()
}
