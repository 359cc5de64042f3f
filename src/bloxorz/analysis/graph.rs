//! The whole state graph of a level: every state reachable from the start, numbered in
//! breadth-first order, with the states one move away from each (one entry per legal move) and
//! the moves into each.
//!
//! A goal state (the whole block standing on the target, with any bridges) ends the level, so it
//! is reached but never left: nothing beyond it is reachable through it. The graph is built with the general engine's
//! rules of one move (`search/general/rules.rs`), which are POJ 3322's on a level without
//! switches.
//!
//! # Memory
//!
//! Per state: its key (16 bytes) in a list and in a hash map (up to twice that with the map's
//! growth), its distance and the start of its moves (4 bytes each), and per move 4 bytes forward
//! and 4 backward (at most 8 moves a state); about [`BYTES_PER_STATE`] in all with the measures'
//! arrays. A walk that would store more states than its limit stops with a [`SearchError::Limit`].

use std::collections::HashMap;

use rustc_hash::FxBuildHasher;

use crate::bloxorz::model::level::{Level, Placement};
use crate::bloxorz::search::general::rules::{Rules, State};
use crate::bloxorz::search::solution::SearchError;
use crate::memory::{AllocError, try_reserve};

/// Bytes one state of the graph can take, with the measures computed over it (see the module
/// docs): the limit on states is the memory limit divided by this.
pub(crate) const BYTES_PER_STATE: u64 = 256;

/// No distance: the state cannot reach the goal (or was not reached).
pub(crate) const NONE: u32 = u32::MAX;

/// The state graph of one level (see the module docs), its buffers reused from level to level.
#[derive(Debug, Default)]
pub(crate) struct Graph {
    pub rules: Rules,
    /// The states in breadth-first order from the start (state 0).
    pub states: Vec<State>,
    index: HashMap<State, u32, FxBuildHasher>,
    /// Per state, its distance from the start.
    pub depth: Vec<u32>,
    /// The moves of state `i` lead to `next[first[i]..first[i + 1]]`.
    pub first: Vec<u32>,
    /// The state each move leads to.
    pub next: Vec<u32>,
    /// The moves into state `i` come from `prev[into[i]..into[i + 1]]`.
    pub into: Vec<u32>,
    /// The state each move into a state comes from.
    pub prev: Vec<u32>,
    /// The goal states (the whole block standing on the target, in any bridge configuration),
    /// in breadth-first order: the first is the nearest.
    pub goals: Vec<u32>,
    scratch: Vec<State>,
}

/// Grows `vec` by `more` (at least 64) fallibly when it is full.
fn room<T>(vec: &mut Vec<T>, what: &'static str) -> Result<(), AllocError> {
    if vec.len() == vec.capacity() {
        try_reserve(vec, vec.len().max(64), what)?;
    }
    Ok(())
}

impl Graph {
    /// Bytes held by the graph's buffers (their capacity, kept for reuse; the map estimated at
    /// 20 bytes a slot).
    pub fn memory_usage(&self) -> usize {
        size_of::<State>() * (self.states.capacity() + self.scratch.capacity())
            + 20 * self.index.capacity()
            + 4 * (self.depth.capacity()
                + self.first.capacity()
                + self.next.capacity()
                + self.into.capacity()
                + self.prev.capacity())
    }

    /// Builds the graph of `level` from the whole block at `from` (with the bridges as at the
    /// start), storing at most `max_memory / BYTES_PER_STATE` states.
    ///
    /// # Errors
    ///
    /// [`SearchError::Limit`] past that many states; [`SearchError::Memory`] when the system
    /// refuses memory.
    pub fn build(
        &mut self,
        level: &Level,
        from: Placement,
        max_memory: u64,
    ) -> Result<(), SearchError> {
        let max_states = (max_memory / BYTES_PER_STATE).min(u64::from(u32::MAX - 1));
        self.rules.load(level);
        self.states.clear();
        self.index.clear();
        self.depth.clear();
        self.first.clear();
        self.next.clear();
        self.goals.clear();
        let too_many =
            |states: usize| SearchError::Limit { states: states as u64, limit: max_memory };
        if max_states == 0 {
            return Err(too_many(0));
        }
        let start = self.rules.start(level, from);
        self.states.push(start);
        self.index.insert(start, 0);
        self.depth.push(0);
        let mut head = 0;
        while head < self.states.len() {
            let state = self.states[head];
            room(&mut self.first, "the analysis's moves")?;
            self.first.push(self.next.len() as u32);
            if self.rules.is_goal(state) {
                room(&mut self.goals, "the analysis's states")?;
                self.goals.push(head as u32);
            } else {
                self.scratch.clear();
                self.rules.successors(state, &mut self.scratch);
                let depth = self.depth[head] + 1;
                for &reached in &self.scratch {
                    let known = self.index.len();
                    if known == self.index.capacity() {
                        let more = known.max(64);
                        self.index.try_reserve(more).map_err(|_| {
                            AllocError::of::<(State, u32)>(2 * more, "the analysis's states")
                        })?;
                    }
                    let n = *self.index.entry(reached).or_insert(known as u32);
                    if n as usize == known {
                        if known as u64 >= max_states {
                            return Err(too_many(known));
                        }
                        room(&mut self.states, "the analysis's states")?;
                        room(&mut self.depth, "the analysis's distances")?;
                        self.states.push(reached);
                        self.depth.push(depth);
                    }
                    room(&mut self.next, "the analysis's moves")?;
                    self.next.push(n);
                }
            }
            head += 1;
        }
        room(&mut self.first, "the analysis's moves")?;
        self.first.push(self.next.len() as u32);
        self.reverse()
    }

    /// Fills the moves into each state from the moves out of each.
    fn reverse(&mut self) -> Result<(), SearchError> {
        let n = self.states.len();
        self.into.clear();
        try_reserve(&mut self.into, n + 1, "the analysis's moves")?;
        self.into.resize(n + 1, 0);
        for &to in &self.next {
            self.into[to as usize + 1] += 1;
        }
        for i in 0..n {
            self.into[i + 1] += self.into[i];
        }
        self.prev.clear();
        try_reserve(&mut self.prev, self.next.len(), "the analysis's moves")?;
        self.prev.resize(self.next.len(), 0);
        // Filled from each state's end backwards, so the counts come back to the starts.
        let mut fill: Vec<u32> = Vec::new();
        try_reserve(&mut fill, n, "the analysis's moves")?;
        fill.extend_from_slice(&self.into[1..]);
        for from in 0..n {
            let moves = &self.next[self.first[from] as usize..self.first[from + 1] as usize];
            for &to in moves {
                let slot = &mut fill[to as usize];
                *slot -= 1;
                self.prev[*slot as usize] = from as u32;
            }
        }
        Ok(())
    }

    /// The minimum number of moves to a goal state, when one is reachable.
    pub fn moves(&self) -> Option<u32> {
        self.goals.first().map(|&g| self.depth[g as usize])
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// The states one move from state `i`, one entry per legal move.
    pub fn moves_from(&self, i: usize) -> &[u32] {
        &self.next[self.first[i] as usize..self.first[i + 1] as usize]
    }

    /// The states one move into state `i` comes from, one entry per move.
    pub fn moves_into(&self, i: usize) -> &[u32] {
        &self.prev[self.into[i] as usize..self.into[i + 1] as usize]
    }
}
