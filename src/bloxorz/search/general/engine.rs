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
//! A state in the queue is one `u64` *key*: the number of its bridge configuration in the high
//! 32 bits (configurations are interned: each distinct one is stored once, 8 bytes, and numbered
//! in the order reached) and its block's *code* in the low 32 bits: `3 * anchor + orientation`
//! for a whole block (as in [`state_of`]), `3 * cells + n` for the
//! `n`-th distinct pair of split cubes (pairs are interned likewise).
//!
//! Which states were reached is a bitmap per configuration over the whole-block placements
//! where the block may ever rest (numbered densely by their rank, see `Board::slot`): a
//! configuration costs `placements / 8` bytes however many of its states are reached, and a
//! state one bit; split states go to an open-addressing set of keys. Duplicates are found there,
//! so the queue is only the frontier: it drops the states it has expanded. With a path, each
//! state also keeps, in the order reached, the number of the state it was reached from (4 bytes)
//! and the move (1 byte); the path is the chain of those moves, replayed from the start to name
//! the cubes.
//!
//! The memory limit bounds the bytes in use: the level's tables, the configurations, pairs and
//! bitmaps, the set of split states, the queue at its longest and the parent links. A search
//! that would need more stops with a [`SearchError::Limit`] naming the states it stored.

use super::board::{Block, Board, NEVER, SPECIAL, SPLIT_TAG, offset, unpack, whole};
use super::intern::{Interner, KeySet};
use crate::bloxorz::model::level::{Level, Placement};
use crate::bloxorz::model::moves::{Move, state_of};
use crate::bloxorz::model::notation::{Cube, Step};
use crate::bloxorz::search::solution::{SearchError, Solution};
use crate::memory::{AllocError, try_reserve};

/// What the configuration table is called in allocation errors.
const CONFIGS: &str = "the search's bridge configurations";
/// What the pair table is called in allocation errors.
const PAIRS: &str = "the search's pairs of split cubes";
/// What the state bitmaps are called in allocation errors.
const STATES: &str = "the search's states";
/// What the queue is called in allocation errors.
const QUEUE: &str = "the search's queue";
/// What the parent links are called in allocation errors.
const LINKS: &str = "the search's parent links";

/// The queue shifts what is left of it to its front once at least this many states have been
/// expanded and they are at least half of it.
const COMPACT_AFTER: usize = 1 << 12;

/// A cube move in a state's step (bits 0..2 are the direction, [`Move::index`]).
const CUBE: u8 = 1 << 2;
/// With [`CUBE`]: the cube on the higher padded cell of the pair moved.
const HIGH: u8 = 1 << 3;

/// The general engine with its reusable memory: the per-level tables, the interned
/// configurations and pairs, the bitmaps of reached states, the queue and the parent links.
/// Create one per worker and reuse it.
#[derive(Debug, Default)]
pub(crate) struct Engine {
    board: Board,
    /// Bridge configurations, numbered in the order reached.
    configs: Interner,
    /// Pairs of split cubes (`lo << 32 | hi`, padded cells), numbered in the order reached.
    pairs: Interner,
    /// Per configuration, `words` words: one bit per whole-block placement reached.
    bitmaps: Vec<u64>,
    /// The split states reached: `configuration << 32 | pair`.
    split_seen: KeySet,
    /// The frontier: keys (see the module docs).
    queue: Vec<u64>,
    /// With a path: per state, in the order reached, the number of the state it was reached from.
    parents: Vec<u32>,
    /// With a path: per state, the move that reached it: [`Move::index`], and [`CUBE`] and
    /// [`HIGH`] for a cube move.
    steps: Vec<u8>,
}

/// A state's key: its configuration's number and its block's code.
#[inline]
fn key(config: u32, code: u32) -> u64 {
    u64::from(config) << 32 | u64::from(code)
}

/// The search of one level: the engine's memory borrowed, and the level's constants.
struct Search<'a> {
    board: &'a Board,
    configs: &'a mut Interner,
    pairs: &'a mut Interner,
    bitmaps: &'a mut Vec<u64>,
    split_seen: &'a mut KeySet,
    queue: &'a mut Vec<u64>,
    parents: &'a mut Vec<u32>,
    steps: &'a mut Vec<u8>,
    /// Whether parent links and steps are kept.
    keep: bool,
    /// Words per configuration in `bitmaps`.
    words: usize,
    /// The code of the first pair: `3 * cells`.
    split_base: u32,
    /// The memory limit in bytes.
    max_memory: u64,
    /// Bytes in use besides the parent links: tables, configurations, pairs, bitmaps, the set
    /// of split states and the queue's capacity (updated when one of them grows).
    fixed: u64,
    /// States stored so far.
    stored: u64,
    /// The limit allows storing states while `stored` is below this (with parent links, 5
    /// bytes each after `fixed`; without, as long as `fixed` fits).
    max_stored: u64,
}

impl Search<'_> {
    /// Recomputes [`Search::fixed`] and [`Search::max_stored`] after a table grew.
    fn refresh(&mut self) {
        self.fixed = self.board.bytes()
            + self.configs.bytes()
            + self.pairs.bytes()
            + 8 * self.bitmaps.len() as u64
            + self.split_seen.bytes()
            + 8 * self.queue.capacity() as u64;
        let room = self.max_memory.checked_sub(self.fixed);
        self.max_stored = match room {
            None => 0,
            Some(room) if self.keep => (room / 5).min(1 << 32),
            Some(_) => u64::MAX,
        };
    }

    /// The error of a search that would need more memory than the limit.
    fn full(&self) -> SearchError {
        SearchError::Limit { states: self.stored, limit: self.max_memory }
    }

    /// The number of configuration `bits`, interned (with a fresh bitmap) when new.
    #[inline]
    fn config(&mut self, bits: u64) -> Result<u32, AllocError> {
        let (index, new) = self.configs.intern(bits, CONFIGS)?;
        if new {
            let len = self.bitmaps.len();
            if len + self.words > self.bitmaps.capacity() {
                try_reserve(self.bitmaps, len.max(self.words), STATES)?;
            }
            self.bitmaps.resize(len + self.words, 0);
            self.refresh();
        }
        Ok(index)
    }

    /// Marks whole-block placement number `slot` in configuration number `config` reached:
    /// true when it was not before.
    #[inline(always)]
    fn mark(&mut self, config: u32, slot: u32) -> bool {
        let at = config as usize * self.words + slot as usize / 64;
        let bit = 1u64 << (slot % 64);
        let word = &mut self.bitmaps[at];
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// Marks the split state of the cubes of `block` (as the board packs it) in configuration
    /// number `config` reached: its code, or `None` when it was reached before.
    #[inline(never)]
    fn mark_split(&mut self, config: u32, block: Block) -> Result<Option<u32>, SearchError> {
        let [lo, hi] = unpack(block).expect_err("a split block");
        let (pair, new) = self.pairs.intern((lo as u64) << 32 | hi as u64, PAIRS)?;
        let code = self.split_base.checked_add(pair).ok_or_else(|| self.full())?;
        let before = self.split_seen.bytes();
        let fresh = self.split_seen.insert(key(config, pair), STATES)?;
        if new || self.split_seen.bytes() != before {
            self.refresh();
        }
        Ok(fresh.then_some(code))
    }

    /// Stores a new state (key `key`, reached from state number `parent` by `step`), within
    /// the memory limit.
    #[inline(always)]
    fn store(&mut self, key: u64, parent: u64, step: u8) -> Result<(), SearchError> {
        let links_full = self.keep && self.parents.len() == self.parents.capacity();
        if self.stored >= self.max_stored || self.queue.len() == self.queue.capacity() || links_full
        {
            self.make_room()?;
        }
        self.queue.push(key);
        if self.keep {
            self.parents.push(parent as u32);
            self.steps.push(step);
        }
        self.stored += 1;
        Ok(())
    }

    /// Makes room for one more state within the memory limit: grows the queue (and the parent
    /// links) as far as the limit allows, at most doubling them.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self) -> Result<(), SearchError> {
        self.refresh();
        if self.stored >= self.max_stored {
            return Err(self.full());
        }
        if self.queue.len() == self.queue.capacity() {
            let room = (self.max_memory - self.fixed) / 8;
            let room = if self.keep { room.saturating_sub(self.stored * 5 / 8 + 1) } else { room };
            let more = (self.queue.len().max(64) as u64).min(room) as usize;
            if more == 0 {
                return Err(self.full());
            }
            self.queue
                .try_reserve_exact(more)
                .map_err(|_| AllocError::of::<u64>(self.queue.len() + more, QUEUE))?;
            self.refresh();
            if self.stored >= self.max_stored {
                return Err(self.full());
            }
        }
        if self.keep && self.parents.len() == self.parents.capacity() {
            let room = self.max_stored - self.stored;
            let more = (self.parents.len().max(64) as u64).min(room) as usize;
            let grow = |v: &mut Vec<u32>| v.try_reserve_exact(more);
            grow(self.parents)
                .and_then(|()| self.steps.try_reserve_exact(more))
                .map_err(|_| AllocError::of::<u32>(self.parents.len() + more, LINKS))?;
        }
        Ok(())
    }
}

/// The block of a state's code (see the module docs): whole, or the pair of split cubes
/// numbered in `pairs`; `split_base` is the code of the first pair.
#[inline]
fn block_of(code: u32, split_base: u32, pairs: &Interner) -> Block {
    if code < split_base {
        return u64::from(code);
    }
    let pair = pairs.key(code - split_base);
    SPLIT_TAG | (pair >> 32) << 31 | (pair & 0xFFFF_FFFF)
}

impl Engine {
    /// Bytes held by the engine's buffers (their capacities, kept for reuse).
    pub fn memory_usage(&self) -> usize {
        self.board.capacity_bytes()
            + self.configs.capacity_bytes()
            + self.pairs.capacity_bytes()
            + 8 * self.bitmaps.capacity()
            + self.split_seen.capacity_bytes()
            + 8 * self.queue.capacity()
            + 4 * self.parents.capacity()
            + self.steps.capacity()
    }

    /// The minimum number of moves that bring the whole block from `from` (with the bridges as
    /// at the start) to stand on the target of `level`, under the rules of the module docs,
    /// using at most `max_memory` bytes (see the module docs).
    ///
    /// # Errors
    ///
    /// [`SearchError::Limit`] when the search would need more memory than that;
    /// [`SearchError::Memory`] when the system refuses memory for it.
    pub fn solve(
        &mut self,
        level: &Level,
        from: Placement,
        max_memory: u64,
    ) -> Result<Solution, SearchError> {
        self.search(level, from, max_memory, false).map(|(solution, _)| solution)
    }

    /// Like [`Engine::solve`], and when the level can be solved, replaces the contents of `path`
    /// with one shortest solution (`path.len()` equals the answer; see
    /// [`notation`](crate::bloxorz::model::notation)). It keeps a parent link and a move per
    /// state (5 bytes; and never more than 2^32 states, which the links can count).
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
        let (solution, goal) = self.search(level, from, max_memory, true)?;
        if let Some(goal) = goal {
            self.path_to(level, from, goal, path);
        }
        Ok(solution)
    }

    /// The breadth-first search; returns the answer and the goal's number in the order reached
    /// (with `keep`, which keeps the parent links and steps).
    fn search(
        &mut self,
        level: &Level,
        from: Placement,
        max_memory: u64,
        keep: bool,
    ) -> Result<(Solution, Option<usize>), SearchError> {
        self.board.load(level);
        self.configs.clear();
        self.pairs.clear();
        self.bitmaps.clear();
        self.split_seen.clear();
        self.queue.clear();
        self.parents.clear();
        self.steps.clear();
        let board = &self.board;
        // Placement numbers stay below the SPECIAL flag and codes fit a u32 (the readers only
        // accept levels whose state indices do): a larger level's tables alone would take more
        // than 8 GB.
        let full = SearchError::Limit { states: 0, limit: max_memory };
        let split_base = u32::try_from(3 * board.tiles.len()).map_err(|_| full)?;
        if board.placements >= SPECIAL as usize {
            return Err(full);
        }
        let mut s = Search {
            board,
            configs: &mut self.configs,
            pairs: &mut self.pairs,
            bitmaps: &mut self.bitmaps,
            split_seen: &mut self.split_seen,
            queue: &mut self.queue,
            parents: &mut self.parents,
            steps: &mut self.steps,
            keep,
            words: board.placements.div_ceil(64),
            split_base,
            max_memory,
            fixed: 0,
            stored: 0,
            max_stored: 0,
        };
        s.refresh();
        let code = state_of(level, from);
        let start = s.config(board.initial)?;
        s.mark(start, board.slot(code as usize));
        s.store(key(start, code), 0, 0)?;
        let goal = board.goal as u32;
        if code == goal {
            return Ok((Solution { moves: Some(0), states_explored: 0 }, Some(0)));
        }
        let table = board.moves.expect("loaded");
        // `head` indexes the queue; `dropped` states have left its front, so `dropped + head` is
        // the number of the state at `head` in the order reached.
        let (mut head, mut dropped) = (0usize, 0u64);
        // The states numbered below `layer_end` are at distance `depth` or less.
        let (mut layer_end, mut depth) = (1u64, 0u32);
        let mut found = false;
        'search: while head < s.queue.len() {
            let number = dropped + head as u64;
            if number == layer_end {
                layer_end = s.stored;
                depth += 1;
            }
            let state = s.queue[head];
            head += 1;
            let (config, code) = ((state >> 32) as u32, state as u32);
            if code < split_base {
                let (anchor, o) = (code as usize / 3, code as usize % 3);
                for m in Move::ALL {
                    // A roll from a level cell stays inside the padded grid.
                    let to = code.wrapping_add(table.steps[o][m.index()].state_delta);
                    let place = board.places[to as usize];
                    if place == NEVER {
                        continue;
                    }
                    // The block and configuration it lands in: on plain ground, the roll's.
                    let (config, slot, landed) = if place & SPECIAL == 0 {
                        (config, place, to)
                    } else {
                        let bits = s.configs.key(config);
                        let Some((block, after)) = board.roll(&table, anchor, o, m, bits).0 else {
                            continue;
                        };
                        let config = if after == bits { config } else { s.config(after)? };
                        if block & SPLIT_TAG != 0 {
                            if let Some(code) = s.mark_split(config, block)? {
                                s.store(key(config, code), number, m.index() as u8)?;
                            }
                            continue;
                        }
                        // A whole block, where it rolled, or lying where a split merged at once.
                        (config, board.slot(block as usize), block as u32)
                    };
                    if s.mark(config, slot) {
                        s.store(key(config, landed), number, m.index() as u8)?;
                        if landed == goal {
                            found = true;
                            break 'search;
                        }
                    }
                }
            } else {
                let bits = s.configs.key(config);
                let [lo, hi] = unpack(block_of(code, split_base, s.pairs)).expect_err("cubes");
                for (moving, other, which) in [(lo, hi, 0), (hi, lo, HIGH)] {
                    for m in Move::ALL {
                        let Some((block, after)) = board.slide(moving, other, m, bits) else {
                            continue;
                        };
                        let config = if after == bits { config } else { s.config(after)? };
                        let step = CUBE | which | m.index() as u8;
                        let new = if block & SPLIT_TAG != 0 {
                            s.mark_split(config, block)?
                        } else {
                            let slot = board.slot(block as usize);
                            s.mark(config, slot).then_some(block as u32)
                        };
                        if let Some(code) = new {
                            s.store(key(config, code), number, step)?;
                            if code == goal {
                                found = true;
                                break 'search;
                            }
                        }
                    }
                }
            }
            if head >= COMPACT_AFTER && 2 * head >= s.queue.len() {
                s.queue.drain(..head);
                dropped += head as u64;
                head = 0;
            }
        }
        let explored = dropped + head as u64;
        let goal = found.then(|| s.stored as usize - 1);
        let moves = found.then_some(depth + 1);
        Ok((Solution { moves, states_explored: explored }, goal))
    }

    /// Replaces the contents of `path` with the steps from `from` (a state of `level` with the
    /// bridges as at the start) to state number `index` of the last search (which kept its
    /// parent links and steps), naming the cubes `a` and `b` after the targets of the split
    /// that made them: the moves are followed back through the parent links, then replayed
    /// forward under the rules to know where each cube is.
    fn path_to(&self, level: &Level, from: Placement, mut index: usize, path: &mut Vec<Step>) {
        let mut chain = Vec::new();
        while index != 0 {
            chain.push(self.steps[index]);
            index = self.parents[index] as usize;
        }
        let board = &self.board;
        let moves = board.moves.expect("loaded");
        let mut block = whole(level.index(from.row, from.col), from.orientation.index());
        let mut bits = board.initial;
        // The cells of cubes a and b while the block is split.
        let mut cube_at = [0usize; 2];
        for &step in chain.iter().rev() {
            let m = Move::from_index(usize::from(step & 3));
            let landed = match unpack(block) {
                Ok((anchor, o)) => {
                    path.push(Step::roll(m));
                    let (landed, to) = board.roll(&moves, anchor, o, m, bits);
                    if landed.is_some_and(|(b, _)| unpack(b).is_err()) {
                        // Standing on a split switch: cube a on its first target.
                        cube_at = board.splits[board.aux[to] as usize];
                    }
                    landed
                }
                Err([lo, hi]) => {
                    let (moving, other) = if step & HIGH == 0 { (lo, hi) } else { (hi, lo) };
                    let which = usize::from(cube_at[0] != moving);
                    cube_at[which] = moving.wrapping_add(offset(m, board.width));
                    path.push(Step::cube([Cube::A, Cube::B][which], m));
                    board.slide(moving, other, m, bits)
                }
            };
            (block, bits) = landed.expect("the moves of the search replay");
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
        let mut scratch = Scratch::default();
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
    fn the_search_stops_at_its_memory_limit() {
        let text = "1 8\nX..V...O\nsplit 1 4: 1 1, 1 7\n";
        let level = level(text);
        let mut engine = Engine::default();
        // The search needs the level's tables and its first configuration, then 8 bytes a
        // queued state without a path, 12 with one: find the least limit that answers, for both.
        for keep in [false, true] {
            let fits = |engine: &mut Engine, limit| {
                let mut path = Vec::new();
                if keep {
                    engine.solve_with_path(&level, level.start(), limit, &mut path)
                } else {
                    engine.solve(&level, level.start(), limit)
                }
            };
            let least = (0..10_000).find(|&limit| fits(&mut engine, limit).is_ok()).unwrap();
            assert_eq!(fits(&mut engine, least).unwrap().moves, Some(8));
            let err = fits(&mut engine, least - 1).unwrap_err();
            let SearchError::Limit { states, limit } = err else { panic!("{err:?}") };
            assert_eq!(limit, least - 1);
            assert!(states > 1, "{states}");
            // A limit too small even for the first state stores none.
            let err = fits(&mut engine, 100).unwrap_err();
            assert_eq!(err, SearchError::Limit { states: 0, limit: 100 });
        }
    }
}
