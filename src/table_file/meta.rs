//! What a table file says about its payload: the puzzle and board shape, the element type, the
//! state layout, and the distance histogram.

use serde::{Deserialize, Serialize};

/// The puzzle a table belongs to, with its board shape.
///
/// Encoded in the header of a table file (bincode variant index, then the fields in order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Puzzle {
    /// The Flip Game (POJ 1753; Lights Out with the plus-shaped toggle) on a `rows x cols` board:
    /// one entry per state, the minimum number of presses to a uniform board (either colour).
    FlipGame {
        /// Rows of the board.
        rows: u32,
        /// Columns of the board.
        cols: u32,
    },
    /// Bloxorz (POJ 3322), one level of `rows x cols` cells: one entry per (cell, orientation),
    /// the minimum number of rolls from that state to standing on the goal `O`.
    Bloxorz {
        /// Rows of the level.
        rows: u32,
        /// Columns of the level.
        cols: u32,
    },
}

impl Puzzle {
    /// The kind of table, for messages: `a Flip Game 5x5 table`, `a Bloxorz 3x4 field`.
    pub fn kind(&self) -> String {
        match *self {
            Puzzle::FlipGame { rows, cols } => format!("a Flip Game {rows}x{cols} table"),
            Puzzle::Bloxorz { rows, cols } => format!("a Bloxorz {rows}x{cols} field"),
        }
    }

    /// One line for people: `Flip Game 4x4 (POJ 1753): ...`.
    pub fn describe(&self) -> String {
        match *self {
            Puzzle::FlipGame { rows, cols } => format!(
                "Flip Game {rows}x{cols} (POJ 1753, Lights Out with the plus-shaped toggle): \
                 minimum presses to a uniform board"
            ),
            Puzzle::Bloxorz { rows, cols } => format!(
                "Bloxorz level of {rows}x{cols} cells (POJ 3322): minimum rolls to stand on the goal"
            ),
        }
    }

    /// The entry of an illegal state, a state the box may not rest in: -2
    /// ([`ILLEGAL`](crate::bloxorz::ILLEGAL)) for Bloxorz; `None` for the Flip Game, where every
    /// board is a state.
    pub fn illegal_value(&self) -> Option<i64> {
        match self {
            Puzzle::FlipGame { .. } => None,
            Puzzle::Bloxorz { .. } => Some(i64::from(crate::bloxorz::ILLEGAL)),
        }
    }

    /// The element type of this puzzle's payload.
    pub fn element(&self) -> Element {
        match self {
            Puzzle::FlipGame { .. } => Element::U8,
            Puzzle::Bloxorz { .. } => Element::I32Le,
        }
    }

    /// The state layout of this puzzle's payload.
    pub fn state_layout(&self) -> StateLayout {
        match self {
            Puzzle::FlipGame { .. } => StateLayout::FlipBitsRowMajor,
            Puzzle::Bloxorz { .. } => StateLayout::BloxorzCellOrientation,
        }
    }
}

/// The type of one payload entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Element {
    /// One unsigned byte; the sentinel is 255 (impossible). NumPy dtype `|u1`.
    U8,
    /// A signed 32-bit integer, little-endian; the sentinel is -1 (impossible), and a Bloxorz
    /// field also holds -2 (illegal). NumPy dtype `<i4`.
    I32Le,
}

impl Element {
    /// Bytes per entry.
    pub fn size(self) -> usize {
        match self {
            Element::U8 => 1,
            Element::I32Le => 4,
        }
    }

    /// The value stored for "impossible" (no path to the goal): 255 for `U8`, -1 for `I32Le`.
    pub fn sentinel(self) -> i64 {
        match self {
            Element::U8 => i64::from(crate::flip::IMPOSSIBLE),
            Element::I32Le => -1,
        }
    }

    /// The NumPy dtype descriptor: `|u1` or `<i4`.
    pub fn numpy_descr(self) -> &'static str {
        match self {
            Element::U8 => "|u1",
            Element::I32Le => "<i4",
        }
    }
}

/// How an index into the payload names a state (a code; the text is [`StateLayout::describe`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StateLayout {
    /// Flip Game: the index is the state; bit `cols * row + col` of the state is set when the
    /// piece at (`row`, `col`) shows black, `row` and `col` 0-based from the top-left. (For 4x4
    /// this is [`Board`](crate::flip::Board)'s layout.)
    FlipBitsRowMajor,
    /// Bloxorz: C order over `(row, col, orientation)`, so the index is
    /// `(cols * row + col) * 3 + orientation`; orientation 0 = standing on (`row`, `col`),
    /// 1 = lying on (`row`, `col`) and (`row`, `col + 1`), 2 = lying on (`row`, `col`) and
    /// (`row + 1`, `col`); rows and columns 0-based from the top-left.
    BloxorzCellOrientation,
}

impl StateLayout {
    /// The layout as a sentence, with the board's `cols` filled in.
    pub fn describe(&self, cols: u32) -> String {
        match self {
            StateLayout::FlipBitsRowMajor => format!(
                "index = state; bit {cols}*row+col set = the piece at (row, col) shows black; \
                 row and col 0-based from the top-left"
            ),
            StateLayout::BloxorzCellOrientation => format!(
                "index = ({cols}*row+col)*3+orientation (C order over row, col, orientation); \
                 orientation 0 = standing on (row, col), 1 = lying on (row, col) and (row, col+1), \
                 2 = lying on (row, col) and (row+1, col); 0-based from the top-left"
            ),
        }
    }
}

/// How many entries lie at each distance, how many are impossible and how many illegal.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Histogram {
    /// `counts[d]` entries lie at distance `d`, for `d` in `0..=max`; empty when no entry has a
    /// distance.
    pub counts: Vec<u64>,
    /// Entries holding the sentinel, "impossible": states from which the goal cannot be reached
    /// (Flip Game 255, Bloxorz -1).
    pub impossible: u64,
    /// Entries that are not states at all: Bloxorz placements where the box may not rest (-2);
    /// always 0 for the Flip Game.
    pub illegal: u64,
}

impl From<(Vec<u64>, u64)> for Histogram {
    /// The histogram of a Flip Game table's `(counts, impossible)`, as
    /// [`DistanceTable::histogram`](crate::flip::DistanceTable::histogram) counts them.
    fn from((counts, impossible): (Vec<u64>, u64)) -> Histogram {
        Histogram { counts, impossible, illegal: 0 }
    }
}

impl From<(Vec<u64>, u64, u64)> for Histogram {
    /// The histogram of a Bloxorz field's `(counts, impossible, illegal)`, as
    /// [`DistanceField::histogram`](crate::bloxorz::DistanceField::histogram) counts them.
    fn from((counts, impossible, illegal): (Vec<u64>, u64, u64)) -> Histogram {
        Histogram { counts, impossible, illegal }
    }
}

impl Histogram {
    /// The largest distance, or `None` when no entry has one.
    pub fn max_distance(&self) -> Option<usize> {
        self.counts.len().checked_sub(1)
    }

    /// All entries counted (saturating).
    pub fn total(&self) -> u64 {
        let sentinels = self.impossible.saturating_add(self.illegal);
        self.counts.iter().fold(sentinels, |a, &c| a.saturating_add(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_count_distances_and_the_sentinel() {
        let h = Histogram::from((vec![1, 0, 2], 1));
        assert_eq!(h.max_distance(), Some(2));
        assert_eq!(h.total(), 4);
        assert_eq!(Histogram::from((vec![], 7)).max_distance(), None);
        assert_eq!(Histogram::from((vec![1], 2, 3)).total(), 6);
        let table = crate::flip::DistanceTable::new(1, 2, &[0, 2, 255, 2]).unwrap();
        assert_eq!(
            Histogram::from(table.histogram()),
            Histogram { counts: vec![1, 0, 2], impossible: 1, illegal: 0 }
        );
    }
}
