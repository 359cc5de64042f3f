//! The embedded 4x4 distance table and the queries answered from it.

use super::bfs::IMPOSSIBLE;
use super::board::{Board, Press, STATES, TOGGLE_PATTERNS};

/// The 65,536-byte table that `build.rs` wrote with [`distance_table`](super::distance_table)`(4, 4)`.
static EMBEDDED: &[u8; STATES] = include_bytes!(concat!(env!("OUT_DIR"), "/flip4x4.dist"));

/// A Flip Game distance table: for every state, the minimum number of moves to a uniform board.
///
/// Shape: one `u8` per state, indexed by the state's bits (for 4x4, the [`Board`] bit layout:
/// bit `4 * row + col` set = black). [`IMPOSSIBLE`] (255) marks states from which neither
/// uniform board can be reached. For the 4x4 board (POJ 1753) 4,096 of the 65,536 states are
/// solvable and the largest distance is 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DistanceTable<'a> {
    bytes: &'a [u8],
}

impl DistanceTable<'static> {
    /// The 4x4 table embedded in the binary at build time: no search at run time.
    ///
    /// ```
    /// use flipblox::flip::{Board, DistanceTable};
    /// let table = DistanceTable::embedded();
    /// let sample: Board = "bwwb/bbwb/bwwb/bwww".parse().unwrap();
    /// assert_eq!(table.distance(sample), Some(4));
    /// assert_eq!(table.distance(Board::from_bits(1)), None);
    /// ```
    pub fn embedded() -> DistanceTable<'static> {
        DistanceTable { bytes: EMBEDDED }
    }
}

impl<'a> DistanceTable<'a> {
    /// Wraps raw table bytes: one byte per state, [`IMPOSSIBLE`] for unsolvable states.
    ///
    /// # Panics
    ///
    /// If `bytes.len()` is not a power of two.
    pub fn from_bytes(bytes: &'a [u8]) -> DistanceTable<'a> {
        assert!(bytes.len().is_power_of_two(), "a table has 2^cells entries");
        DistanceTable { bytes }
    }

    /// The raw bytes, one per state.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The minimum number of moves from the 4x4 `board` to a uniform board, or `None` when it is
    /// impossible. One table lookup.
    ///
    /// # Panics
    ///
    /// If this table is not a 4x4 table (65,536 entries).
    #[inline]
    pub fn distance(&self, board: Board) -> Option<u8> {
        self.distance_of_state(u64::from(board.bits()))
    }

    /// The raw entry for `state`: a distance, or `None` for [`IMPOSSIBLE`].
    ///
    /// # Panics
    ///
    /// If `state` is not below the number of entries.
    #[inline]
    pub fn distance_of_state(&self, state: u64) -> Option<u8> {
        let d = self.bytes[usize::try_from(state).expect("state index fits usize")];
        (d != IMPOSSIBLE).then_some(d)
    }

    /// An optimal press sequence for the 4x4 `board`, read off the table: from each state it
    /// presses the lowest-indexed piece whose press lowers the distance by one. `None` when the
    /// board cannot be made uniform; empty when it already is.
    ///
    /// ```
    /// use flipblox::flip::{Board, DistanceTable};
    /// let table = DistanceTable::embedded();
    /// let mut board: Board = "bwwb/bbwb/bwwb/bwww".parse().unwrap();
    /// let presses = table.optimal_presses(board).unwrap();
    /// assert_eq!(presses.len(), 4);
    /// for p in presses {
    ///     board = board.press(p);
    /// }
    /// assert!(board.is_uniform());
    /// ```
    ///
    /// # Panics
    ///
    /// If this table is not a 4x4 table, or is inconsistent (a solvable state with no neighbour
    /// one move closer), which the tests rule out for the embedded table.
    pub fn optimal_presses(&self, board: Board) -> Option<Vec<Press>> {
        let patterns = TOGGLE_PATTERNS.map(u32::from);
        let presses = self.optimal_press_indices(u64::from(board.bits()), &patterns)?;
        Some(presses.into_iter().map(Press::from_index).collect())
    }

    /// The general form of [`DistanceTable::optimal_presses`] for a table of any board size:
    /// `patterns[i]` is the toggle pattern of press `i` (see
    /// [`toggle_patterns`](super::toggle_patterns)); returns the indices of the presses.
    ///
    /// # Panics
    ///
    /// If `state` is out of range or the table is inconsistent with `patterns`.
    pub fn optimal_press_indices(&self, state: u64, patterns: &[u32]) -> Option<Vec<usize>> {
        let mut distance = self.distance_of_state(state)?;
        let mut state = state;
        let mut presses = Vec::with_capacity(usize::from(distance));
        while distance > 0 {
            let (i, next) = patterns
                .iter()
                .enumerate()
                .map(|(i, &p)| (i, state ^ u64::from(p)))
                .find(|&(_, next)| self.distance_of_state(next) == Some(distance - 1))
                .expect("a solvable state has a neighbour one move closer");
            presses.push(i);
            state = next;
            distance -= 1;
        }
        Some(presses)
    }

    /// How many states lie at each distance: `histogram[d]` for `d` in `0..=max`, plus the
    /// number of [`IMPOSSIBLE`] states as the second value.
    pub fn histogram(&self) -> (Vec<u64>, u64) {
        // Four sets of counters, so that runs of equal bytes (a 5x5 table is three quarters
        // Impossible) do not wait on one counter's previous increment: 3x faster on 32 MiB.
        let mut lanes = [[0u64; 256]; 4];
        let mut quads = self.bytes.chunks_exact(4);
        for quad in &mut quads {
            for (lane, &d) in lanes.iter_mut().zip(quad) {
                lane[usize::from(d)] += 1;
            }
        }
        for &d in quads.remainder() {
            lanes[0][usize::from(d)] += 1;
        }
        let counts: [u64; 256] = std::array::from_fn(|d| lanes.iter().map(|lane| lane[d]).sum());
        let impossible = counts[usize::from(IMPOSSIBLE)];
        let max = (0..usize::from(IMPOSSIBLE)).rev().find(|&d| counts[d] > 0).map_or(0, |d| d + 1);
        (counts[..max].to_vec(), impossible)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flip::distance_table;

    #[test]
    fn the_embedded_table_equals_the_one_built_at_run_time() {
        let built = distance_table(4, 4, |_| {});
        assert_eq!(&built[..], &EMBEDDED[..]);
    }

    #[test]
    fn known_facts_of_poj_1753() {
        let (histogram, impossible) = DistanceTable::embedded().histogram();
        assert_eq!(histogram, vec![2, 32, 228, 880, 1562, 1136, 256]);
        assert_eq!(impossible, 65_536 - 4_096);
    }
}
