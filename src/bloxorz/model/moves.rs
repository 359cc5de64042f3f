//! States, moves and the move table: how a roll changes the state index.
//!
//! # State index
//!
//! A state is where the box is: its anchor cell in the padded grid of a [`Level`] and its
//! [`Orientation`]. Its index is `3 * anchor + orientation`, where `anchor` is the padded cell
//! index (`(row + 2) * width + col + 2`) and `orientation` is 0 standing, 1 lying horizontally, 2
//! lying vertically. A level therefore has `3 * width * height` state indices (most of them on
//! padding or empty cells, where the box may not rest), and a state index fits a `u32` for every
//! level whose [`Level::bytes_needed`] is known.
//!
//! # Moves
//!
//! A move rolls the box 90 degrees over one of its bottom edges, towards the first row (`U`), the
//! last row (`D`), the first column (`L`) or the last column (`R`). With `w` the padded width:
//!
//! | from \ move | U | D | L | R |
//! |---|---|---|---|---|
//! | standing at `a` | vertical at `a - 2w` | vertical at `a + w` | horizontal at `a - 2` | horizontal at `a + 1` |
//! | horizontal at `a` | horizontal at `a - w` | horizontal at `a + w` | standing at `a - 1` | standing at `a + 2` |
//! | vertical at `a` | standing at `a - w` | standing at `a + 2w` | vertical at `a - 1` | vertical at `a + 1` |
//!
//! Every roll is undone by the roll in the opposite direction ([`Move::opposite`]), so the move
//! graph is undirected: the move that reached a state is enough to walk a path back, and the
//! distances *to* a goal are the distances *from* it.

use std::fmt;

use super::level::{Level, Orientation, PADDING, Placement};

/// One roll of the box. `U` is towards the first row, `L` towards the first column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Towards the first row (`U`).
    Up = 0,
    /// Towards the last row (`D`).
    Down = 1,
    /// Towards the first column (`L`).
    Left = 2,
    /// Towards the last column (`R`).
    Right = 3,
}

impl Move {
    /// The four moves in index order: U, D, L, R.
    pub const ALL: [Move; 4] = [Move::Up, Move::Down, Move::Left, Move::Right];

    /// 0 `U`, 1 `D`, 2 `L`, 3 `R` (the two bits stored per state by the solver).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The move with [`Move::index`] `index & 3`.
    pub const fn from_index(index: usize) -> Move {
        Move::ALL[index & 3]
    }

    /// The roll that undoes this one (U and D, L and R swap).
    pub const fn opposite(self) -> Move {
        Move::ALL[self as usize ^ 1]
    }

    /// The letter of the `--path` notation: `U`, `D`, `L` or `R`.
    pub const fn letter(self) -> char {
        match self {
            Move::Up => 'U',
            Move::Down => 'D',
            Move::Left => 'L',
            Move::Right => 'R',
        }
    }

    /// The move written `letter` (`U`, `D`, `L` or `R`), if any.
    pub const fn from_letter(letter: char) -> Option<Move> {
        match letter {
            'U' => Some(Move::Up),
            'D' => Some(Move::Down),
            'L' => Some(Move::Left),
            'R' => Some(Move::Right),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The result of one roll from a state of a given orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// Added (wrapping) to the state index: `3 * anchor_delta + new - old orientation`.
    pub state_delta: u32,
    /// Added (wrapping) to the anchor's padded cell index.
    pub cell_delta: u32,
    /// The [`Level::grid`] flag the new anchor cell must carry: the rest flag of the new
    /// orientation.
    pub rest_flag: u8,
}

/// The move table of one padded width: `steps[orientation][move]` (see the module docs).
///
/// It depends only on the width, so solvers keep it across levels of the same width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveTable {
    width: usize,
    /// `steps[orientation index][move index]`.
    pub steps: [[Step; 4]; 3],
}

/// The roll rules, the one place they are written: `ROLLS[orientation][move]` is the rows and
/// columns the anchor moves by and the new orientation (the table in the module docs; orientation
/// and move by [`Orientation::index`] and [`Move::index`]). [`MoveTable`], [`roll`] and both
/// searches are made from it.
pub const ROLLS: [[(isize, isize, Orientation); 4]; 3] = {
    use Orientation::{Horizontal as H, Standing as S, Vertical as V};
    [
        [(-2, 0, V), (1, 0, V), (0, -2, H), (0, 1, H)],
        [(-1, 0, H), (1, 0, H), (0, -1, S), (0, 2, S)],
        [(-1, 0, S), (2, 0, S), (0, -1, V), (0, 1, V)],
    ]
};

impl MoveTable {
    /// The move table of a padded grid `width` cells wide.
    pub fn new(width: usize) -> MoveTable {
        let step = |o: usize, m: usize| {
            let (dr, dc, new) = ROLLS[o][m];
            let cell = (dr * width as isize + dc) as i64;
            let state = 3 * cell + new.index() as i64 - o as i64;
            Step { state_delta: state as u32, cell_delta: cell as u32, rest_flag: new.rest_flag() }
        };
        let steps = std::array::from_fn(|o| std::array::from_fn(|m| step(o, m)));
        MoveTable { width, steps }
    }

    /// The padded width this table is for.
    pub fn width(&self) -> usize {
        self.width
    }
}

impl Level {
    /// The placement reached from `placement` by rolling the box with `m`, if the box may rest
    /// there ([`Level::can_rest`]: every cube on a cell of the level that is not empty, and not
    /// standing on a fragile cell). A plain description of one roll, from the same rules as the
    /// searches, for replaying paths and for tools.
    pub fn roll(&self, placement: Placement, m: Move) -> Option<Placement> {
        roll(self, placement, m)
    }
}

/// [`Level::roll`].
pub(crate) fn roll(level: &Level, placement: Placement, m: Move) -> Option<Placement> {
    let (dr, dc, orientation) = ROLLS[placement.orientation.index()][m.index()];
    let row = placement.row.checked_add_signed(dr)?;
    let col = placement.col.checked_add_signed(dc)?;
    let next = Placement { row, col, orientation };
    level.can_rest(next).then_some(next)
}

/// The state index of `placement` on `level` (see the module docs).
///
/// # Panics
///
/// If the index does not fit a `u32` (never for a level the parser accepted).
pub fn state_of(level: &Level, placement: Placement) -> u32 {
    let anchor = level.index(placement.row, placement.col);
    u32::try_from(3 * anchor + placement.orientation.index()).expect("state index fits u32")
}

/// The number of state indices of a `rows x cols` level: `3 * (rows + 4) * (cols + 4)`, or
/// `None` when that does not fit a `u32`.
pub fn state_count(rows: u64, cols: u64) -> Option<u32> {
    let cells =
        rows.checked_add(2 * PADDING as u64)?.checked_mul(cols.checked_add(2 * PADDING as u64)?)?;
    u32::try_from(cells.checked_mul(3)?).ok()
}

/// Bytes a search needs for a `rows x cols` level: the level's padded grid (1 byte per padded
/// cell) plus, per state index, a 1-byte stamp and a 4-byte frontier slot: 16 bytes per
/// padded cell, `16 * (rows + 4) * (cols + 4)`. `None` when the state index would not fit a
/// `u32` (such a level is refused whatever the memory limit). The readers refuse a level over
/// their memory limit by this count, before they hold its cells.
///
/// A `--path` answer adds one byte per move on top (at most one per reachable state).
pub(crate) fn bytes_needed(rows: u64, cols: u64) -> Option<u64> {
    let states = u64::from(state_count(rows, cols)?);
    Some(states / 3 + 5 * states)
}

impl Level {
    /// Bytes a level of `rows x cols` cells needs to be read and solved: 16 per cell of the
    /// level padded by 2 on each side, `16 * (rows + 4) * (cols + 4)`; `None` for a level too
    /// large to solve whatever the memory (more than `u32::MAX` states). A level over a reader's
    /// memory limit by this count is refused before its cells are held.
    ///
    /// ```
    /// use flipblox::bloxorz::Level;
    /// assert_eq!(Level::bytes_needed(500, 500), Some(16 * 504 * 504));
    /// assert_eq!(Level::bytes_needed(1 << 20, 1 << 20), None);
    /// ```
    pub fn bytes_needed(rows: u64, cols: u64) -> Option<u64> {
        bytes_needed(rows, cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_needed_counts_16_bytes_per_padded_cell_and_overflows_to_none() {
        assert_eq!(bytes_needed(3, 3), Some(16 * 49));
        assert_eq!(bytes_needed(500, 500), Some(16 * 504 * 504));
        assert_eq!(bytes_needed(u64::MAX - 1, u64::MAX - 1), None);
        assert_eq!(bytes_needed(1 << 20, 1 << 20), None);
    }

    #[test]
    fn every_roll_is_undone_by_the_opposite_roll() {
        for width in [5, 7, 504] {
            let table = MoveTable::new(width);
            let start = 3 * (10 * width + 10) as u32;
            for o in 0..3 {
                for m in Move::ALL {
                    let s = start + o;
                    let step = table.steps[o as usize][m.index()];
                    let t = s.wrapping_add(step.state_delta);
                    let back = table.steps[t as usize % 3][m.opposite().index()];
                    assert_eq!(t.wrapping_add(back.state_delta), s, "width {width} o {o} {m}");
                    assert_eq!(step.rest_flag, 1 << (t % 3));
                    // the cell delta agrees with the state delta
                    assert_eq!(t / 3, (s / 3).wrapping_add(step.cell_delta));
                }
            }
        }
    }

    #[test]
    fn letters_round_trip_and_opposites_pair_up() {
        for m in Move::ALL {
            assert_eq!(Move::from_letter(m.letter()), Some(m));
            assert_eq!(m.opposite().opposite(), m);
            assert_ne!(m.opposite(), m);
            assert_eq!(Move::from_index(m.index()), m);
        }
        assert_eq!(Move::from_letter('x'), None);
    }

    #[test]
    fn sizes_overflow_to_none() {
        assert_eq!(state_count(3, 3), Some(3 * 7 * 7));
        assert_eq!(state_count(u64::MAX, 1), None);
        assert_eq!(state_count(1 << 20, 1 << 20), None);
    }
}
