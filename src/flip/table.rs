//! [`DistanceTable`], the one type for a Flip Game distance table however it came to be: the 4x4
//! table embedded at build time, a table built at run time, or one borrowed from a table file.

use std::borrow::Cow;

use super::bfs::{IMPOSSIBLE, MAX_TABLE_CELLS, QUEUE_MAX_CELLS, try_distance_table};
use super::board::STATES;
use super::consistency::{TableFault, check_distance_table};
use super::rules::toggle_patterns;
use super::size::BoardSize;
use crate::shape::ShapeError;

/// The 65,536-byte table that `build.rs` wrote with [`distance_table`](super::distance_table)`(4, 4)`.
static EMBEDDED: &[u8; STATES] = include_bytes!(concat!(env!("OUT_DIR"), "/flip4x4.dist"));

/// Why a table could not be built or walked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A table of this board would have more than 2^[`MAX_TABLE_CELLS`] entries (or more than
    /// the caller's limit).
    #[error("a {size} table would have 2^{cells} entries; tables go up to {max} pieces")]
    TooLarge {
        /// The board.
        size: BoardSize,
        /// Its pieces.
        cells: usize,
        /// The largest number of pieces allowed.
        max: usize,
    },
    /// The system refused the memory for the table or its search.
    #[error("cannot allocate {bytes} bytes for the {size} distance table and its search")]
    OutOfMemory {
        /// The board.
        size: BoardSize,
        /// The table's bytes plus the search's bitsets.
        bytes: u64,
    },
    /// The system refused the memory for the GF(2) solver's search.
    #[error(transparent)]
    Memory(#[from] crate::memory::AllocError),
    /// The table does not hold distances: a solvable state has no press leading one move closer
    /// (a corrupt table that passed the checks it was given).
    #[error("the table is inconsistent at state {state:#x}: no press brings it one move closer")]
    Inconsistent {
        /// The state, bits as in [`DistanceTable`].
        state: u64,
    },
    /// The press walk ended at a state the table puts at 0 that is not uniform (a corrupt
    /// table that passed the checks it was given).
    #[error("the table is inconsistent: state {state:#x} is at 0 but is not a uniform board")]
    NotUniform {
        /// The state, bits as in [`DistanceTable`].
        state: u64,
    },
}

/// A Flip Game distance table: for every state of one board size, the minimum number of presses
/// to a uniform board (all white or all black).
///
/// Shape: `2^(rows * cols)` bytes, one per state, indexed by the state's bits: bit
/// `cols * row + col` (0-based from the top-left) is set when that piece shows black (for 4x4, the
/// [`Board`](super::Board) layout). [`IMPOSSIBLE`] (255) marks states from which neither uniform
/// board can be reached. Boards of 1 to [`MAX_TABLE_CELLS`] pieces. For the 4x4 board (POJ 1753)
/// 4,096 of the 65,536 states are solvable and the largest distance is 6.
///
/// The bytes are owned (a table built at run time) or borrowed (the embedded table, a memory-mapped
/// table file): no copy is made of a borrowed table.
///
/// ```
/// use flipblox::flip::{Board, DistanceTable};
/// let table = DistanceTable::embedded();
/// let sample: Board = "bwwb/bbwb/bwwb/bwww".parse().unwrap();
/// assert_eq!(table.distance(sample.into()), Some(4));
/// let mut presses = Vec::new();
/// assert_eq!(table.presses(sample.into(), &mut presses), Ok(Some(4)));
/// assert_eq!(presses, [0, 1, 5, 14]); // (1,1) (1,2) (2,2) (4,3), row-major from 0
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistanceTable<'a> {
    size: BoardSize,
    bytes: Cow<'a, [u8]>,
    /// The toggle pattern of each press, for the press walk.
    patterns: Vec<u32>,
}

impl DistanceTable<'static> {
    /// The 4x4 table embedded in the binary at build time: no search at run time.
    pub fn embedded() -> DistanceTable<'static> {
        DistanceTable::from_cow(BoardSize::CLASSIC, Cow::Borrowed(EMBEDDED))
    }

    /// Builds the table of `size` by the reverse breadth-first search of
    /// [`distance_table`](super::distance_table) (`progress` is called with the states reached
    /// so far, once per layer). Memory: `2^(rows * cols)` bytes, plus an eighth of that for the
    /// search's bitsets above 16 pieces.
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] above [`MAX_TABLE_CELLS`] pieces; [`TableError::OutOfMemory`]
    /// when the system refuses the memory.
    pub fn build(
        size: BoardSize,
        progress: impl FnMut(u64),
    ) -> Result<DistanceTable<'static>, TableError> {
        if size.cells() > MAX_TABLE_CELLS {
            let (cells, max) = (size.cells(), MAX_TABLE_CELLS);
            return Err(TableError::TooLarge { size, cells, max });
        }
        let bytes = try_distance_table(size.rows(), size.cols(), progress)
            .map_err(|_| TableError::OutOfMemory { size, bytes: build_bytes(size.cells()) })?;
        Ok(DistanceTable::from_cow(size, Cow::Owned(bytes)))
    }
}

/// Bytes a build of a table of `cells` pieces needs: the table, and above [`QUEUE_MAX_CELLS`]
/// pieces three bitsets of half the states.
fn build_bytes(cells: usize) -> u64 {
    let states = 1u64 << cells;
    let bitsets = if cells > QUEUE_MAX_CELLS { 3 * (states / 2).div_ceil(64) * 8 } else { 0 };
    states + bitsets
}

impl<'a> DistanceTable<'a> {
    /// Wraps the bytes of a `rows x cols` table (in the layout above) without copying them.
    ///
    /// # Errors
    ///
    /// [`ShapeError::BoardSize`] unless `1 <= rows * cols <= 32`; [`ShapeError::Length`] unless
    /// there are exactly `2^(rows * cols)` bytes.
    pub fn new(rows: u32, cols: u32, bytes: &'a [u8]) -> Result<DistanceTable<'a>, ShapeError> {
        let cells = u64::from(rows) * u64::from(cols);
        let size = BoardSize::new(rows as usize, cols as usize)
            .ok()
            .filter(|_| cells > 0 && cells <= MAX_TABLE_CELLS as u64)
            .ok_or(ShapeError::BoardSize { rows: rows.into(), cols: cols.into() })?;
        let expected = 1u64 << cells;
        if bytes.len() as u64 != expected {
            return Err(ShapeError::Length { expected, found: bytes.len() as u64 });
        }
        Ok(DistanceTable::from_cow(size, Cow::Borrowed(bytes)))
    }

    fn from_cow(size: BoardSize, bytes: Cow<'a, [u8]>) -> DistanceTable<'a> {
        let patterns = toggle_patterns(size.rows(), size.cols());
        DistanceTable { size, bytes, patterns }
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The number of states (entries): `2^(rows * cols)`.
    pub fn states(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// The raw bytes, one per state.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The minimum number of presses from `state` to a uniform board, or `None` when it is
    /// impossible. One lookup.
    ///
    /// # Panics
    ///
    /// If `state` is not below [`DistanceTable::states`].
    #[inline]
    pub fn distance(&self, state: u64) -> Option<u8> {
        let d = self.bytes[usize::try_from(state).expect("state index fits usize")];
        (d != IMPOSSIBLE).then_some(d)
    }

    /// An optimal press sequence for `state`, read off the table into `presses` (replacing its
    /// contents) as row-major piece indices (`cols * row + col`): from each state it presses the
    /// lowest-indexed piece whose press brings the board one move closer. Returns the distance,
    /// or `None` (and no presses) when the board cannot be made uniform; no presses when it
    /// already is. The presses come out in increasing order, and they are the press set the
    /// GF(2) solver returns for the same board (see [`gf2`](super::gf2), *Ties*).
    ///
    /// # Errors
    ///
    /// [`TableError::Inconsistent`] when the table does not hold distances (a solvable state with
    /// no neighbour one closer), [`TableError::NotUniform`] when the walk ends at a state at 0
    /// that is not uniform: possible only for a corrupt table file that passed a header check.
    /// So printed presses always solve the board.
    ///
    /// # Panics
    ///
    /// If `state` is not below [`DistanceTable::states`].
    pub fn presses(&self, state: u64, presses: &mut Vec<usize>) -> Result<Option<u8>, TableError> {
        presses.clear();
        let Some(distance) = self.distance(state) else { return Ok(None) };
        let mut state = state;
        for remaining in (0..distance).rev() {
            let (i, next) = self
                .patterns
                .iter()
                .enumerate()
                .map(|(i, &p)| (i, state ^ u64::from(p)))
                .find(|&(_, next)| self.distance(next) == Some(remaining))
                .ok_or(TableError::Inconsistent { state })?;
            presses.push(i);
            state = next;
        }
        if state != 0 && state != self.all_black() {
            presses.clear();
            return Err(TableError::NotUniform { state });
        }
        Ok(Some(distance))
    }

    /// The all-black state: every piece's bit set.
    fn all_black(&self) -> u64 {
        self.states() - 1
    }

    /// Proves that the table holds the distances of its board: both uniform boards at 0, every
    /// other solvable state one press from a state one closer and none closer, Impossible states
    /// only next to Impossible states ([`check_distance_table`], linear in the table: `states *
    /// pieces` lookups). A header check and a checksum cannot tell a forged table (entries
    /// swapped, or another board's table under this board's name) from a true one; this can.
    ///
    /// # Errors
    ///
    /// The first [`TableFault`].
    pub fn check(&self) -> Result<(), TableFault> {
        check_distance_table(&self.bytes, &self.patterns, &[0, self.all_black()])
    }

    /// How many states lie at each distance: `counts[d]` for `d` in `0..=max`, and the number of
    /// [`IMPOSSIBLE`] states.
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
    use crate::flip::bfs::distance_table;

    #[test]
    fn the_embedded_table_equals_the_one_built_at_run_time() {
        let built = DistanceTable::build(BoardSize::CLASSIC, |_| {}).unwrap();
        assert_eq!(built.as_bytes(), &EMBEDDED[..]);
        assert_eq!(built, DistanceTable::embedded());
    }

    #[test]
    fn known_facts_of_poj_1753() {
        let (histogram, impossible) = DistanceTable::embedded().histogram();
        assert_eq!(histogram, vec![2, 32, 228, 880, 1562, 1136, 256]);
        assert_eq!(impossible, 65_536 - 4_096);
    }

    #[test]
    fn tables_check_their_shape() {
        assert_eq!(DistanceTable::embedded().states(), 65_536);
        let bad_size = |rows, cols| ShapeError::BoardSize { rows, cols };
        assert_eq!(DistanceTable::new(0, 4, &[]), Err(bad_size(0, 4)));
        assert_eq!(DistanceTable::new(6, 6, &[]), Err(bad_size(6, 6)));
        let short = ShapeError::Length { expected: 4, found: 3 };
        assert_eq!(DistanceTable::new(1, 2, &[0; 3]), Err(short));
        let big = BoardSize::new(6, 6).unwrap();
        assert_eq!(
            DistanceTable::build(big, |_| {}),
            Err(TableError::TooLarge { size: big, cells: 36, max: 32 })
        );
    }

    #[test]
    fn a_table_that_does_not_hold_distances_is_an_error_not_a_panic() {
        // The 1x3 table with one state claimed at 9: no press leads from it to a state at 8.
        let mut bytes = distance_table(1, 3, |_| {});
        let claimed = (0..8).find(|&s| bytes[s] == 1).unwrap();
        bytes[claimed] = 9;
        let table = DistanceTable::new(1, 3, &bytes).unwrap();
        let mut presses = Vec::new();
        let err = TableError::Inconsistent { state: claimed as u64 };
        assert_eq!(table.presses(claimed as u64, &mut presses), Err(err));
        assert_eq!(table.presses(0, &mut presses), Ok(Some(0)));
        assert!(presses.is_empty());
    }
}
