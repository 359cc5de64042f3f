//! The rules of one move as a successor function, for callers that walk the whole state graph
//! rather than search it (the level analysis, `crate::bloxorz::analysis`): the state at the
//! start, whether a state is the goal, the states one move away, and the cells a state covers.
//! The moves are the general engine's own (`board.rs`), so a walk agrees with the search.

use super::board::{Block, Board, unpack, whole};
use crate::bloxorz::model::level::{Level, Placement};
use crate::bloxorz::model::moves::Move;

/// A state of the general engine: the block ([`Block`]: a whole block's state index, or two
/// cubes) and the bridge configuration (one bit per bridge group).
pub(crate) type State = (u64, u64);

/// One level's rules, rebuilt in place for each level (reusing the engine's per-level tables).
#[derive(Debug, Clone, Default)]
pub(crate) struct Rules {
    board: Board,
}

impl Rules {
    /// Rebuilds the tables for `level`, reusing the buffers.
    ///
    /// # Panics
    ///
    /// As the engine's: on a level the readers would refuse (more than 64 bridge groups, a
    /// split switch without targets).
    pub fn load(&mut self, level: &Level) {
        self.board.load(level);
    }

    /// The state of the whole block at `from` on `level` (the level loaded last), with the
    /// bridges as at the start.
    pub fn start(&self, level: &Level, from: Placement) -> State {
        (whole(level.index(from.row, from.col), from.orientation.index()), self.board.initial)
    }

    /// True when `state` is the goal: the whole block standing on the target (whatever the
    /// bridges).
    pub fn is_goal(&self, state: State) -> bool {
        state.0 == self.board.goal
    }

    /// Appends to `out` the state after every legal move from `state`, one entry per move (two
    /// moves never lead to the same state): a whole block's rolls `U`, `D`, `L`, `R`; two
    /// cubes' moves, first the cube on the lower padded cell's, then the other's.
    pub fn successors(&self, state: State, out: &mut Vec<State>) {
        let board = &self.board;
        let (block, bits) = state;
        match unpack(block) {
            Ok((anchor, o)) => {
                let moves = board.moves.expect("loaded");
                for m in Move::ALL {
                    if let (Some(next), _) = board.roll(&moves, anchor, o, m, bits) {
                        out.push(next);
                    }
                }
            }
            Err([lo, hi]) => {
                for (moving, other) in [(lo, hi), (hi, lo)] {
                    for m in Move::ALL {
                        if let Some(next) = board.slide(moving, other, m, bits) {
                            out.push(next);
                        }
                    }
                }
            }
        }
    }

    /// The padded cells the block of `state` covers: one cell twice when it stands, its two
    /// cells when it lies, the two cubes' cells when split.
    pub fn cells(&self, state: State) -> [usize; 2] {
        let block: Block = state.0;
        match unpack(block) {
            Ok((anchor, 0)) => [anchor, anchor],
            Ok((anchor, 1)) => [anchor, anchor + 1],
            Ok((anchor, _)) => [anchor, anchor + self.board.width],
            Err(cubes) => cubes,
        }
    }
}
