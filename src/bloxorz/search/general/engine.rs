//! The general engine: breadth-first search over levels with switches, bridge tiles and split
//! switches (the original Flash game's mechanics, [`mechanics`](crate::bloxorz::model::mechanics)).
//!
//! # State
//!
//! A state is the block and the bridge configuration:
//!
//! - the block is whole (anchor cell and orientation, as in the POJ solver) or split into two
//!   1x1x1 cubes (the two cells, as an *unordered* pair);
//! - the configuration is one bit per bridge group (tiles that always change together, see
//!   [`BridgeGroups`](crate::bloxorz::model::mechanics::BridgeGroups); at most 64), set when
//!   the group is present.
//!
//! Which cube the player controls is not part of the state: choosing the other cube costs no
//! move, and the two cubes move by the same rules, so from two cubes on cells `p` and `q` the same
//! positions are reachable in the same number of moves whichever is selected and whichever was
//! placed on which target. The unordered pair is therefore enough for the minimum, and it halves
//! the split states. Which cube is `a` and which is `b` in a printed path is worked out afterwards,
//! by following the path forward from each split (see
//! [`notation`](crate::bloxorz::model::notation)).
//!
//! # Rules of one move
//!
//! The whole block rolls (as in POJ 3322) onto one or two cells; then, in this order:
//!
//! 1. it falls (the move is illegal) if a cell it lands on has no tile (empty, or an absent
//!    bridge tile), or if it stands on a fragile tile;
//! 2. the switches under it are pressed: a soft switch under any part of it, a heavy switch only
//!    when it stands on it. A lying block on two soft switches presses both, the top or left one
//!    first;
//! 3. it falls if a tile under it has just vanished;
//! 4. standing on a split switch, it becomes two cubes on the switch's two targets: they fall if
//!    a target has no tile; the soft switches under them are pressed (first target first; they
//!    have arrived); they fall if a tile under them has just vanished; and if the two targets are
//!    orthogonal neighbours the cubes merge at once into a lying block.
//!
//! A split cube moves one cell; then it falls if its new cell has no tile; it presses a soft switch
//! there (never a heavy switch, and a split switch does nothing); the move is illegal if a tile
//! under either cube has just vanished; and if the two cubes are now orthogonal neighbours they
//! merge into a lying block (the cube that stood still presses nothing again). A cube may rest on
//! a fragile tile and on the target, where nothing happens.
//!
//! The search stops when the whole block stands on the target. Switch effects are applied before
//! a state is looked up, so states that differ only in the bridge configuration are different
//! states.
//!
//! # Memory
//!
//! Every state reached is stored once in a hash set and once in the node list that serves as the
//! FIFO queue and the parent links ([`BYTES_PER_STATE`] bytes each at most); a search that would
//! store more states than the caller allows stops with a [`SearchLimit`].

use std::collections::HashSet;

use rustc_hash::FxBuildHasher;

use super::board::{Block, Board, offset, unpack, whole};
use crate::bloxorz::model::level::{Level, Placement};
use crate::bloxorz::model::moves::Move;
use crate::bloxorz::model::notation::{Cube, Step};
use crate::bloxorz::search::solution::{SearchError, SearchLimit, Solution};
use crate::memory::{AllocError, try_reserve};

/// Bytes one stored state can take: a 24-byte node and a 16-byte hash-set entry, each up to
/// doubled by the growth of their tables, plus the set's control bytes.
pub(crate) const BYTES_PER_STATE: u64 = 96;

/// One reached state: the block, the configuration, the node it was reached from and how.
#[derive(Debug, Clone, Copy)]
struct Node {
    block: Block,
    bits: u64,
    parent: u32,
    /// Bits 0..2 the direction ([`Move::index`]); bit 2 set for a cube move, and then bit 3 says
    /// which cube moved: 0 the one on the lower padded cell, 1 the other.
    step: u8,
}

/// A cube move in [`Node::step`].
const CUBE: u8 = 1 << 2;
/// The cube on the higher cell moved (see [`Node::step`]).
const HIGH: u8 = 1 << 3;

/// The general engine with its reusable memory: the per-level tables, the node list and the set
/// of reached states. Create one per worker and reuse it.
#[derive(Debug, Default)]
pub(crate) struct Engine {
    board: Board,
    nodes: Vec<Node>,
    seen: HashSet<(Block, u64), FxBuildHasher>,
}

impl Engine {
    /// Bytes held by the engine's buffers (their capacity, kept for reuse; the hash set is
    /// estimated at 17 bytes per slot).
    pub fn memory_usage(&self) -> usize {
        self.board.tiles.capacity()
            + 4 * self.board.aux.capacity()
            + std::mem::size_of::<Node>() * self.nodes.capacity()
            + 17 * self.seen.capacity()
    }

    /// The minimum number of moves that bring the whole block from `from` (with the bridges as
    /// at the start) to stand on the target of `level`, under the rules of the module docs,
    /// storing at most `max_memory / BYTES_PER_STATE` states (and never more than 2^32, which
    /// the node links can count).
    ///
    /// # Errors
    ///
    /// [`SearchError::Limit`] when the search would store more states than that;
    /// [`SearchError::Memory`] when the system refuses memory for them.
    pub fn solve(
        &mut self,
        level: &Level,
        from: Placement,
        max_memory: u64,
    ) -> Result<Solution, SearchError> {
        self.search(level, from, max_memory).map(|(solution, _)| solution)
    }

    /// Like [`Engine::solve`], and when the level can be solved, replaces the contents of `path`
    /// with one shortest solution (`path.len()` equals the answer; see
    /// [`notation`](crate::bloxorz::model::notation)).
    /// Leaves `path` empty when it cannot be solved.
    ///
    /// # Errors
    ///
    /// As [`Engine::solve`].
    pub fn solve_with_path(
        &mut self,
        level: &Level,
        from: Placement,
        max_memory: u64,
        path: &mut Vec<Step>,
    ) -> Result<Solution, SearchError> {
        path.clear();
        let (solution, goal) = self.search(level, from, max_memory)?;
        if let Some(goal) = goal {
            self.path_to(goal, path);
        }
        Ok(solution)
    }

    /// The breadth-first search; returns the answer and the goal's node.
    fn search(
        &mut self,
        level: &Level,
        from: Placement,
        max_memory: u64,
    ) -> Result<(Solution, Option<usize>), SearchError> {
        // Parent links are `u32` node indices: never more nodes than they can name.
        let max_states = (max_memory / BYTES_PER_STATE).min(1 << 32);
        self.board.load(level);
        self.nodes.clear();
        self.seen.clear();
        let board = &self.board;
        let block = whole(level.index(from.row, from.col), from.orientation.index());
        let start = Node { block, bits: board.initial, parent: 0, step: 0 };
        self.nodes.push(start);
        if start.block == board.goal {
            return Ok((Solution { moves: Some(0), states_explored: 0 }, Some(0)));
        }
        self.seen.insert((start.block, start.bits));
        let moves = board.moves.expect("loaded");
        let mut head = 0;
        let mut found = None;
        'search: while head < self.nodes.len() {
            let node = self.nodes[head];
            let parent = head as u32;
            head += 1;
            let mut reach = |block: Block, bits: u64, step: u8| -> Result<bool, SearchError> {
                // Both stores grow fallibly: their size comes from the level.
                if self.seen.len() == self.seen.capacity() {
                    let more = self.seen.len().max(64);
                    self.seen.try_reserve(more).map_err(|_| {
                        AllocError::of::<(Block, u64)>(2 * more, "the search's states")
                    })?;
                }
                if !self.seen.insert((block, bits)) {
                    return Ok(false);
                }
                if self.nodes.len() as u64 >= max_states {
                    let states = self.nodes.len() as u64;
                    return Err(SearchLimit { states, limit: max_memory }.into());
                }
                if self.nodes.len() == self.nodes.capacity() {
                    let more = self.nodes.len().max(64);
                    try_reserve(&mut self.nodes, more, "the search's nodes")?;
                }
                self.nodes.push(Node { block, bits, parent, step });
                Ok(block == board.goal)
            };
            match unpack(node.block) {
                Ok((anchor, o)) => {
                    for m in Move::ALL {
                        if let (Some((block, bits)), _) =
                            board.roll(&moves, anchor, o, m, node.bits)
                            && reach(block, bits, m.index() as u8)?
                        {
                            found = Some(self.nodes.len() - 1);
                            break 'search;
                        }
                    }
                }
                Err([lo, hi]) => {
                    for (moving, other, which) in [(lo, hi, 0), (hi, lo, HIGH)] {
                        for m in Move::ALL {
                            if let Some((block, bits)) = board.slide(moving, other, m, node.bits)
                                && reach(block, bits, CUBE | which | m.index() as u8)?
                            {
                                found = Some(self.nodes.len() - 1);
                                break 'search;
                            }
                        }
                    }
                }
            }
        }
        let moves = found.map(|goal| self.depth(goal));
        Ok((Solution { moves, states_explored: head as u64 }, found))
    }

    /// The number of moves from the start to node `index`.
    fn depth(&self, mut index: usize) -> u32 {
        let mut depth = 0;
        while index != 0 {
            index = self.nodes[index].parent as usize;
            depth += 1;
        }
        depth
    }

    /// Replaces the contents of `path` with the steps from the start to node `index`, naming the
    /// cubes `a` and `b` after the targets of the split that made them.
    fn path_to(&self, mut index: usize, path: &mut Vec<Step>) {
        let mut chain = Vec::new();
        while index != 0 {
            chain.push(index);
            index = self.nodes[index].parent as usize;
        }
        chain.reverse();
        let board = &self.board;
        // The cells of cubes a and b while the block is split.
        let mut cube_at = [0usize; 2];
        for &i in &chain {
            let node = self.nodes[i];
            let parent = self.nodes[node.parent as usize];
            let m = Move::from_index(usize::from(node.step & 3));
            match unpack(parent.block) {
                Ok((anchor, o)) => {
                    path.push(Step::roll(m));
                    if unpack(node.block).is_err() {
                        // The block landed standing on a split switch: cube a on its first target.
                        let moves = board.moves.expect("loaded");
                        let (_, to) = board.roll(&moves, anchor, o, m, parent.bits);
                        cube_at = board.splits[board.aux[to] as usize];
                    }
                }
                Err([lo, hi]) => {
                    let from = if node.step & HIGH == 0 { lo } else { hi };
                    let which = usize::from(cube_at[0] != from);
                    cube_at[which] = from.wrapping_add(offset(m, board.width));
                    path.push(Step::cube([Cube::A, Cube::B][which], m));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bloxorz::read::PackReader;
    use crate::bloxorz::search::poj::Scratch;

    fn level(text: &str) -> Level {
        PackReader::new(text.as_bytes()).next().unwrap().unwrap()
    }

    fn solve(text: &str) -> (Option<u32>, String) {
        let mut path = Vec::new();
        let level = level(text);
        let solution =
            Engine::default().solve_with_path(&level, level.start(), u64::MAX, &mut path).unwrap();
        (solution.moves, path.iter().map(Step::to_string).collect())
    }

    #[test]
    fn poj_levels_answer_as_the_fast_solver_does() {
        let pack =
            std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/data/bloxorz/mixed-small.txt"))
                .unwrap();
        let mut scratch = Scratch::new();
        let mut engine = Engine::default();
        for level in PackReader::new(&pack).take(300) {
            let level = level.unwrap();
            let fast = scratch.solve(&level, level.start()).moves;
            let general = engine.solve(&level, level.start(), u64::MAX).unwrap().moves;
            assert_eq!(general, fast, "{level}");
        }
    }

    #[test]
    fn a_bridge_under_the_block_that_a_switch_removes_makes_it_fall() {
        // R lays the block on S and B; S removing B drops it, S laying B (already there) not.
        assert_eq!(solve("1 5\n.XSBO\nswitch 1 3: off 1 4\n").0, None);
        assert_eq!(solve("1 5\n.XSBO\nswitch 1 3: on 1 4\n"), (Some(2), "RR".into()));
    }

    #[test]
    fn heavy_switches_need_the_block_standing_soft_ones_any_part() {
        // On one row a standing start at column 1 stands only on columns 1, 4, 7, 10 and lies on
        // 2-3, 5-6, 8-9.
        assert_eq!(solve("1 10\nX..H..-..O\nswitch 1 4: on 1 7\n"), (Some(6), "RRRRRR".into()));
        assert_eq!(solve("1 10\nX.H...-..O\nswitch 1 3: on 1 7\n").0, None);
        assert_eq!(solve("1 10\nX.S...-..O\nswitch 1 3: on 1 7\n").0, Some(6));
        // A toggle lays the absent bridge tile on the first pass over S.
        assert_eq!(solve("1 7\nXS.-..O\nswitch 1 2: toggle 1 4\n"), (Some(4), "RRRR".into()));
    }

    #[test]
    fn a_split_makes_two_cubes_that_merge_when_they_meet() {
        // R R stands on V: cubes a on column 1 and b on column 7; a walks to 6, where the cubes
        // merge lying on 6-7, and R stands on the target.
        let text = "1 8\nX..V...O\nsplit 1 4: 1 1, 1 7\n";
        assert_eq!(solve(text), (Some(8), "RRaRaRaRaRaRR".into()));
        // Naming follows the definition: with the targets the other way round, b walks.
        let text = "1 8\nX..V...O\nsplit 1 4: 1 7, 1 1\n";
        assert_eq!(solve(text), (Some(8), "RRbRbRbRbRbRR".into()));
    }

    #[test]
    fn the_search_stops_at_its_state_limit() {
        let text = "1 8\nX..V...O\nsplit 1 4: 1 1, 1 7\n";
        let level = level(text);
        let err = Engine::default().solve(&level, level.start(), 3 * BYTES_PER_STATE).unwrap_err();
        assert_eq!(err, SearchError::Limit(SearchLimit { states: 3, limit: 3 * BYTES_PER_STATE }));
        assert!(Engine::default().solve(&level, level.start(), 100 * BYTES_PER_STATE).is_ok());
    }
}
