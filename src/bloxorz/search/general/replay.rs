//! Replaying a path move by move under the level's rules: where the block (or each named split
//! cube) is after every move, and which bridge tiles appear or vanish on the way, for pictures
//! and animations of a solution.
//!
//! The moves are made by the general engine's own rules of one move (`board.rs`: rolling,
//! falling, pressing switches, splitting, merging), so a replay agrees with the search that
//! found the path; this file only names the cubes and reports the changes.

use super::board::{Block, Board, offset, unpack, whole};
use crate::bloxorz::model::level::{Level, Orientation, PADDING, Placement};
use crate::bloxorz::model::mechanics::CellAt;
use crate::bloxorz::model::notation::{Cube, Step};

/// Where the block is: whole (a [`Placement`]) or split into two cubes, named as in the `--path`
/// notation (`notation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BlockAt {
    /// The whole block, standing or lying.
    Whole(Placement),
    /// Two cubes: `a` (placed on the split switch's first target, then moved by `a` steps) and
    /// `b`, on different cells `(row, col)`, 0-based.
    Split {
        /// The cell of cube `a`.
        a: CellAt,
        /// The cell of cube `b`.
        b: CellAt,
    },
}

/// One move of a replayed path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReplayedMove {
    /// The move, in the `--path` notation.
    pub step: Step,
    /// Where the block is after it.
    pub block: BlockAt,
    /// The bridge tiles `(row, col)` that appeared or vanished during the move (switches it
    /// pressed), in row-major order; empty when none did.
    pub changed: Vec<CellAt>,
}

/// Why a path cannot be replayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("move {number} ({step}): {reason}")]
pub struct ReplayError {
    /// The 1-based number of the move that cannot be made.
    pub number: usize,
    /// That move.
    pub step: Step,
    /// Why (its `Display`).
    pub(crate) reason: ReplayReason,
}

/// Why a move cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayReason {
    /// The block or a cube would fall (no tile under it, standing on a fragile tile, or a tile
    /// under it vanishing).
    #[error("the block falls")]
    Falls,
    /// A cube move while the block is whole.
    #[error("the block is whole: there is no cube to move")]
    NotSplit,
    /// A roll of the whole block while it is split.
    #[error("the block is split: only a cube can move")]
    Split,
}

/// Replays `path` from the start of `level`, with the bridges as at the start: where the block
/// is after each move and which bridge tiles each move changed. The path need not end on the
/// target; [`BlockAt::Whole`] standing on [`Level::target`] after the last move is the goal.
///
/// Split cubes are named as the `--path` notation names them: when the block splits, cube `a`
/// is placed on the split switch's first target and `b` on the second; a cube keeps its name
/// until the cubes merge into a lying block.
///
/// # Errors
///
/// [`ReplayError`] at the first move that cannot be made.
///
/// # Panics
///
/// On a level that no reader filled (it has no start).
pub fn replay_path(level: &Level, path: &[Step]) -> Result<Vec<ReplayedMove>, ReplayError> {
    let mut board = Board::default();
    board.load(level);
    let groups = level.mechanics().bridge_groups().expect("the readers refuse more than 64 groups");
    // The bridge tiles of each group, in row-major order.
    let mut tiles_of: Vec<Vec<CellAt>> = vec![Vec::new(); groups.count];
    for (bridge, group) in level.mechanics().bridges().iter().zip(&groups.group_of) {
        if let Some(g) = group {
            tiles_of[usize::from(*g)].push(bridge.cell);
        }
    }
    let start = level.start();
    let mut block: Block = whole(level.index(start.row, start.col), start.orientation.index());
    let mut bits = board.initial;
    // The padded cells of cubes a and b while the block is split.
    let mut named = [0usize; 2];
    let table = board.moves.expect("loaded");
    let mut moves = Vec::with_capacity(path.len());
    for (i, &step) in path.iter().enumerate() {
        let fail = |reason| ReplayError { number: i + 1, step, reason };
        let (landed, after) = match (unpack(block), step.cube) {
            (Ok((anchor, o)), None) => {
                let (landed, to) = board.roll(&table, anchor, o, step.direction, bits);
                let landed = landed.ok_or(fail(ReplayReason::Falls))?;
                if unpack(landed.0).is_err() {
                    // Standing on a split switch: cube a on its first target.
                    named = board.splits[board.aux[to] as usize];
                }
                (landed.0, landed.1)
            }
            (Err(_), Some(cube)) => {
                let k = usize::from(cube == Cube::B);
                let (moving, other) = (named[k], named[1 - k]);
                let slid = board.slide(moving, other, step.direction, bits);
                let slid = slid.ok_or(fail(ReplayReason::Falls))?;
                named[k] = moving.wrapping_add(offset(step.direction, board.width));
                slid
            }
            (Ok(_), Some(_)) => return Err(fail(ReplayReason::NotSplit)),
            (Err(_), None) => return Err(fail(ReplayReason::Split)),
        };
        let flipped = bits ^ after;
        let mut changed: Vec<CellAt> = (0..groups.count)
            .filter(|g| flipped >> g & 1 != 0)
            .flat_map(|g| tiles_of[g].iter().copied())
            .collect();
        changed.sort_unstable();
        block = landed;
        bits = after;
        moves.push(ReplayedMove { step, block: block_at(level, block, named), changed });
    }
    Ok(moves)
}

/// The level cell of padded cell `index`.
fn cell(level: &Level, index: usize) -> CellAt {
    (index / level.width() - PADDING, index % level.width() - PADDING)
}

/// Where `block` is, in level coordinates, with split cubes on the padded cells `named`.
fn block_at(level: &Level, block: Block, named: [usize; 2]) -> BlockAt {
    match unpack(block) {
        Ok((anchor, o)) => {
            let (row, col) = cell(level, anchor);
            let orientation = Orientation::from_index(o).expect("an orientation index");
            BlockAt::Whole(Placement { row, col, orientation })
        }
        Err(_) => BlockAt::Split { a: cell(level, named[0]), b: cell(level, named[1]) },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bloxorz::model::moves::Move;
    use crate::bloxorz::read::PackReader;

    #[test]
    fn a_replay_lays_the_bridge_and_ends_on_the_target() {
        use crate::bloxorz::{Limits, Placement, Solver};
        // The soft switch S lays the bridge tile at column 4 when the lying block covers it.
        let level = PackReader::new(b"1 7\nXS.-..O\nswitch 1 2: on 1 4\n").next().unwrap().unwrap();
        let mut path = Vec::new();
        Solver::new().solve_with_path(&level, Limits::default(), &mut path).unwrap();
        let moves = replay_path(&level, &path).unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[0].changed, vec![(0, 3)]);
        assert_eq!(moves[3].block, BlockAt::Whole(Placement::standing(0, 6)));
    }

    fn level(text: &str) -> Level {
        PackReader::new(text.as_bytes()).next().unwrap().unwrap()
    }

    fn steps(text: &str) -> Vec<Step> {
        let mut out = Vec::new();
        let mut cube = None;
        for ch in text.chars() {
            match ch {
                'a' => cube = Some(Cube::A),
                'b' => cube = Some(Cube::B),
                _ => {
                    let direction = Move::from_letter(ch).unwrap();
                    out.push(Step { cube: cube.take(), direction });
                }
            }
        }
        out
    }

    #[test]
    fn split_cubes_are_named_after_the_targets_and_merge_into_a_lying_block() {
        // R R stands on V: a on column 1, b on column 7; a walks right until the cubes meet.
        let level = level("1 8\nX..V...O\nsplit 1 4: 1 1, 1 7\n");
        let moves = replay_path(&level, &steps("RRaRaRaRaRaRR")).unwrap();
        assert_eq!(moves.len(), 8);
        assert_eq!(moves[1].block, BlockAt::Split { a: (0, 0), b: (0, 6) });
        assert_eq!(moves[2].block, BlockAt::Split { a: (0, 1), b: (0, 6) });
        let lying = Placement { row: 0, col: 5, orientation: Orientation::Horizontal };
        assert_eq!(moves[6].block, BlockAt::Whole(lying));
        assert_eq!(moves[7].block, BlockAt::Whole(Placement::standing(0, 7)));
        assert!(moves.iter().all(|m| m.changed.is_empty()));
        // Cube a, on the first cell, cannot move left.
        let err = replay_path(&level, &steps("RRaL")).unwrap_err();
        assert_eq!((err.number, err.reason), (3, ReplayReason::Falls));
    }

    #[test]
    fn moves_that_cannot_be_made_are_named() {
        let level = level("1 10\nX.S...B..O\nswitch 1 3: toggle 1 7\n");
        // R lies on S, taking the bridge away; the fourth R would stand where it was.
        let moves = replay_path(&level, &steps("R")).unwrap();
        assert_eq!(moves[0].changed, vec![(0, 6)]);
        let err = replay_path(&level, &steps("RRRR")).unwrap_err();
        assert_eq!(err.to_string(), "move 4 (R): the block falls");
        assert_eq!(replay_path(&level, &steps("aR")).unwrap_err().reason, ReplayReason::NotSplit);
        let split = self::level("1 8\nX..V...O\nsplit 1 4: 1 1, 1 7\n");
        let err = replay_path(&split, &steps("RRR")).unwrap_err();
        assert_eq!((err.number, err.reason), (3, ReplayReason::Split));
        assert!(replay_path(&level, &[]).unwrap().is_empty());
    }
}
