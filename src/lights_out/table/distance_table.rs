//! [`DistanceTable`], the one type for a distance table of any variant however it came to be:
//! the 4x4 Flip Game table embedded at build time, a table built at run time, or one borrowed
//! from a table file.

use std::borrow::Cow;
use std::fmt;

use super::bfs::{IMPOSSIBLE, MAX_TABLE_CELLS};
use super::check::{TableFault, check_distance_table};
use super::compare::{TableComparison, compare_entries};
use super::digits::{check_by_digits, pressed_state};
use super::gray::gray_distance_table;
use crate::lights_out::board::colours::Board;
use crate::lights_out::size::BoardSize;
use crate::lights_out::variant::goal::Goal;
use crate::lights_out::variant::matrix::ToggleMatrix;
use crate::lights_out::variant::rules::Variant;
use crate::shape::ShapeError;

/// The 65,536-byte table that `build.rs` writes with the reverse BFS of the 4x4 Flip Game.
static EMBEDDED: &[u8; 1 << 16] = include_bytes!(concat!(env!("OUT_DIR"), "/flip4x4.dist"));

/// Why a table could not be built or walked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The table of this variant would have more entries than tables may have: `2^max_cells`
    /// for two colours (at most 2^32), `2^32` states otherwise (see
    /// [`DistanceTable::MAX_STATES`]).
    #[error("{}", too_large(variant, *max_cells))]
    TooLarge {
        /// The variant.
        variant: Box<Variant>,
        /// The most cells (two colours) allowed, or `log2` of the most states.
        max_cells: usize,
    },
    /// Tables are not made for variants with buttons or holes
    /// ([`VariantBuilder::buttons`](crate::lights_out::VariantBuilder::buttons),
    /// [`VariantBuilder::holes`](crate::lights_out::VariantBuilder::holes)): linear algebra
    /// answers them.
    #[error(
        "no distance table is made for {variant}: buttons and holes are answered by linear algebra"
    )]
    Unsupported {
        /// The variant.
        variant: Box<Variant>,
    },
    /// The system refused the memory for the table.
    #[error("cannot allocate {bytes} bytes for the {size} distance table and its search")]
    OutOfMemory {
        /// The board.
        size: BoardSize,
        /// The bytes refused: the table's.
        bytes: u64,
    },
    /// The table does not hold distances: a state that can reach the goal has no press leading
    /// one press closer (a corrupt table that passed the checks it was given).
    #[error("{}", inconsistent(*state, *colours))]
    Inconsistent {
        /// The state (see [`Board::state`]).
        state: u64,
        /// The variant's number of colours.
        colours: u8,
    },
    /// The press walk ended at a state the table puts at 0 that does not meet the goal (a
    /// corrupt table that passed the checks it was given).
    #[error("the table is inconsistent: state {state:#x} is at 0 but is not a uniform board")]
    NotUniform {
        /// The state (see [`Board::state`]).
        state: u64,
    },
}

/// [`TableError::TooLarge`] in words.
fn too_large(variant: &Variant, max_cells: usize) -> String {
    let size = variant.size();
    if variant.colours() == 2 {
        let cells = size.cells();
        return format!(
            "a {size} table would have 2^{cells} entries; tables go up to {max_cells} pieces"
        );
    }
    let states = variant.states().map_or_else(|| "more than 2^64".to_string(), |s| s.to_string());
    format!("a table of {variant} would have {states} states; tables go up to 2^{max_cells}")
}

/// [`TableError::Inconsistent`] in words: the state in hex for two colours (its bits).
fn inconsistent(state: u64, colours: u8) -> String {
    match colours {
        2 => format!(
            "the table is inconsistent at state {state:#x}: no press brings it one move closer"
        ),
        _ => format!(
            "the table is inconsistent at state {state}: no press brings it one step closer"
        ),
    }
}

/// A distance table of one [`Variant`]: for every state of the board, the minimum number of
/// presses to the variant's goal (a cell pressed `j` times counting `j`), or
/// [`DistanceTable::IMPOSSIBLE`].
///
/// Shape: `K^(R*C)` bytes, one per state, indexed by the state of the board (see
/// [`Board::state`]: for two colours, bit `cols * row + col` is set when that cell is black).
/// Two-colour tables go up to 32 cells, others up to [`DistanceTable::MAX_STATES`] states. For
/// the 4x4 Flip Game (POJ 1753) 4,096 of the 65,536 states are solvable and the largest distance
/// is 6.
///
/// The bytes are owned (a table built at run time) or borrowed (the embedded table, a
/// memory-mapped table file): no copy is made of a borrowed table.
///
/// ```
/// use flipblox::lights_out::{DistanceTable, Variant};
/// let table = DistanceTable::embedded();
/// let sample = table.variant().board("bwwb/bbwb/bwwb/bwww")?;
/// assert_eq!(table.distance(&sample), Some(4));
/// let mut presses = Vec::new();
/// assert_eq!(table.presses(&sample, &mut presses), Ok(Some(4)));
/// assert_eq!(presses, [(0, 1), (1, 1), (5, 1), (14, 1)]); // (1,1) (1,2) (2,2) (4,3)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct DistanceTable<'a> {
    variant: Variant,
    bytes: Cow<'a, [u8]>,
    walk: Walk,
}

/// What a press does to a state, for the press walk and the check.
#[derive(Debug, Clone)]
enum Walk {
    /// Two colours: the press's bits, XORed with the state.
    Masks(Vec<u32>),
    /// More colours: the toggle matrix.
    Matrix(ToggleMatrix),
}

impl PartialEq for DistanceTable<'_> {
    /// The same variant and the same entries.
    fn eq(&self, other: &Self) -> bool {
        self.variant == other.variant && self.bytes == other.bytes
    }
}

impl Eq for DistanceTable<'_> {}

impl DistanceTable<'static> {
    /// The 4x4 Flip Game table embedded in the binary at build time: no search at run time.
    pub fn embedded() -> DistanceTable<'static> {
        DistanceTable::from_cow(Variant::flip_game(BoardSize::CLASSIC), Cow::Borrowed(EMBEDDED))
    }

    /// Builds the table of `variant` (see [`DistanceTable::build`]), whose build reaches
    /// `reach` states (the number the progress's `of` gives: for the Flip Game's rules the
    /// `2^rank` states that can be made uniform, for other variants a bound).
    ///
    /// # Errors
    ///
    /// As [`DistanceTable::build`].
    pub(crate) fn build_reaching(
        variant: &Variant,
        reach: u64,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<DistanceTable<'static>, TableError> {
        DistanceTable::check_size(variant, MAX_TABLE_CELLS)?;
        let size = variant.size();
        let bytes = gray_distance_table(variant, |r| progress(r, reach))
            .map_err(|e| TableError::OutOfMemory { size, bytes: e.bytes })?;
        Ok(DistanceTable::from_cow(variant.clone(), Cow::Owned(bytes)))
    }
}

impl DistanceTable<'static> {
    /// The table of `variant` over `bytes` (`K^(R*C)` entries, not checked).
    pub(crate) fn owned(variant: &Variant, bytes: Vec<u8>) -> DistanceTable<'static> {
        debug_assert_eq!(variant.states(), Some(bytes.len() as u64), "the entries of {variant}");
        DistanceTable::from_cow(variant.clone(), Cow::Owned(bytes))
    }
}

impl<'a> DistanceTable<'a> {
    /// The entry of a state from which the goal cannot be reached: 255.
    pub const IMPOSSIBLE: u8 = IMPOSSIBLE;

    /// The most states a table of more than two colours may have: `2^32`.
    pub const MAX_STATES: u64 = 1 << 32;

    /// Checks that a table of `variant` is within the limits, `max_cells` cells for two colours
    /// (at most 32), `2^max_cells` states for more (at most 2^32).
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] otherwise.
    pub fn check_size(variant: &Variant, max_cells: usize) -> Result<(), TableError> {
        if variant.has_graph() {
            return Err(TableError::Unsupported { variant: Box::new(variant.clone()) });
        }
        let max_cells = max_cells.min(MAX_TABLE_CELLS);
        let fits = match variant.colours() {
            2 => variant.size().cells() <= max_cells,
            _ => variant.states().is_some_and(|s| s <= 1 << max_cells),
        };
        match fits {
            true => Ok(()),
            false => Err(TableError::TooLarge { variant: Box::new(variant.clone()), max_cells }),
        }
    }

    /// Wraps the bytes of a table of `variant` (in the layout above) without copying them; the
    /// entries are not checked (see [`DistanceTable::check`]).
    ///
    /// # Errors
    ///
    /// [`ShapeError::BoardSize`] for two colours on more than 32 cells or more states than
    /// [`DistanceTable::MAX_STATES`]; [`ShapeError::Length`] unless there are exactly `K^(R*C)`
    /// bytes.
    pub fn from_bytes(variant: &Variant, bytes: &'a [u8]) -> Result<DistanceTable<'a>, ShapeError> {
        let size = variant.size();
        let fits = match variant.colours() {
            2 => size.cells() <= MAX_TABLE_CELLS,
            _ => variant.states().is_some_and(|s| s <= DistanceTable::MAX_STATES),
        };
        if !fits {
            return Err(ShapeError::BoardSize {
                rows: size.rows() as u64,
                cols: size.cols() as u64,
            });
        }
        let expected = variant.states().expect("fits");
        if bytes.len() as u64 != expected {
            return Err(ShapeError::Length { expected, found: bytes.len() as u64 });
        }
        Ok(DistanceTable::from_cow(variant.clone(), Cow::Borrowed(bytes)))
    }

    fn from_cow(variant: Variant, bytes: Cow<'a, [u8]>) -> DistanceTable<'a> {
        let walk = match variant.colours() {
            2 => Walk::Masks(variant.press_masks()),
            _ => Walk::Matrix(variant.toggle_matrix()),
        };
        DistanceTable { variant, bytes, walk }
    }

    /// The variant the table answers.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.variant.size()
    }

    /// The number of states (entries): `K^(R*C)`.
    pub fn states(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// The entries, one byte per state (see the type's layout), in place.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The minimum number of presses from `board` to the goal, or `None` when it cannot be
    /// reached. One lookup.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or holds a colour not below `K`.
    #[inline]
    pub fn distance(&self, board: &Board) -> Option<u8> {
        self.check_board(board);
        self.state_distance(board.state(self.variant.colours()))
    }

    /// The entry of `state`, `None` for [`DistanceTable::IMPOSSIBLE`].
    ///
    /// # Panics
    ///
    /// If `state` is not below [`DistanceTable::states`].
    #[inline]
    pub(crate) fn state_distance(&self, state: u64) -> Option<u8> {
        let d = self.bytes[usize::try_from(state).expect("state index fits usize")];
        (d != IMPOSSIBLE).then_some(d)
    }

    /// The distance of `board` and, into `presses` (replacing its contents), one optimal press
    /// set as `(cell, count)`, ascending by cell: from each state the walk presses the lowest
    /// cell that brings the board one press closer. That is the set whose presses, listed in
    /// ascending order with each cell repeated by its count, are lexicographically smallest: the
    /// presses the linear algebra of [`Solver`](crate::lights_out::Solver) chooses too. `None`
    /// (and no presses) when the goal cannot be reached; no presses when the board meets it.
    ///
    /// # Errors
    ///
    /// [`TableError::Inconsistent`] when the table does not hold distances (a state with no
    /// neighbour one closer), [`TableError::NotUniform`] when the walk ends at a state at 0 that
    /// does not meet the goal: possible only for a corrupt table file that passed a header
    /// check. So the presses returned always solve the board.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or holds a colour not below `K`.
    pub fn presses(
        &self,
        board: &Board,
        presses: &mut Vec<(usize, u8)>,
    ) -> Result<Option<u8>, TableError> {
        self.check_board(board);
        presses.clear();
        let Walk::Matrix(matrix) = &self.walk else {
            let mut once = Vec::new();
            let found = self.state_presses(board.state(2), &mut once)?;
            presses.extend(once.into_iter().map(|p| (p, 1)));
            return Ok(found.map(|(distance, _)| distance));
        };
        let Some(d) = self.distance(board) else { return Ok(None) };
        let k = self.variant.colours();
        let mut cells = board.cells().to_vec();
        let mut counts = vec![0u8; cells.len()];
        let mut state = board.state(k);
        for remaining in (0..d).rev() {
            let step = (0..cells.len()).find_map(|press| {
                let next = pressed_state(matrix, k, &cells, state, press);
                (self.bytes[next as usize] == remaining).then_some((press, next))
            });
            let (press, next) = step.ok_or(TableError::Inconsistent { state, colours: k })?;
            matrix.press(&mut cells, k, press, 1);
            counts[press] += 1;
            state = next;
        }
        let goal = Board::from_cells(board.rows(), board.cols(), cells);
        if goal.uniform_colour().is_none_or(|c| !self.variant.goal().admits(c)) {
            return Err(TableError::NotUniform { state });
        }
        presses.extend(counts.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(i, &n)| (i, n)));
        Ok(Some(d))
    }

    /// [`DistanceTable::presses`] of a two-colour table for the board of `state`, as row-major
    /// cell indices (each pressed once), ascending; with the distance, the colour the presses
    /// reach (0 white, 1 black).
    ///
    /// # Panics
    ///
    /// If the table has more than two colours or `state` is not below
    /// [`DistanceTable::states`].
    pub(crate) fn state_presses(
        &self,
        state: u64,
        presses: &mut Vec<usize>,
    ) -> Result<Option<(u8, u8)>, TableError> {
        let Walk::Masks(masks) = &self.walk else { panic!("a two-colour table") };
        presses.clear();
        let Some(distance) = self.state_distance(state) else { return Ok(None) };
        let mut state = state;
        for remaining in (0..distance).rev() {
            let (i, next) = masks
                .iter()
                .enumerate()
                .map(|(i, &p)| (i, state ^ u64::from(p)))
                .find(|&(_, next)| self.state_distance(next) == Some(remaining))
                .ok_or(TableError::Inconsistent { state, colours: 2 })?;
            presses.push(i);
            state = next;
        }
        let all = self.states() - 1;
        let goal_met = match self.variant.goal() {
            Goal::Colour(0) => state == 0,
            Goal::Colour(_) => state == all,
            _ => state == 0 || state == all,
        };
        if !goal_met {
            presses.clear();
            return Err(TableError::NotUniform { state });
        }
        Ok(Some((distance, u8::from(state != 0))))
    }

    /// Proves that the table holds the distances of its variant: the goal states (and no other)
    /// at 0; every other state with a distance `d` one press from a state at `d - 1` and none
    /// below; every press from a state without a distance leading to a state without one. A
    /// header check and a checksum cannot tell a forged table (entries swapped, or another
    /// board's table under this board's name) from a true one; this can. Linear in the table:
    /// `states * presses` lookups, in blocks of a page for two colours.
    ///
    /// (Moves are directed for `K > 2`, and the argument holds along the presses as they are: the
    /// entries fall by at most one a press and a walk one closer ends on a goal, so they are the
    /// true distances; no press leaves the Impossible states.)
    ///
    /// # Errors
    ///
    /// The first [`TableFault`] in state order (for two colours, in the order of the blocks).
    pub fn check(&self) -> Result<(), TableFault> {
        let states = self.states();
        let k = u64::from(self.variant.colours());
        let ones = (states - 1) / (k - 1);
        let goals: Vec<u64> = match self.variant.goal() {
            Goal::Colour(c) => vec![ones * u64::from(c)],
            _ => (0..k).map(|c| ones * c).collect(),
        };
        match &self.walk {
            Walk::Masks(masks) => check_distance_table(&self.bytes, masks, &goals),
            Walk::Matrix(matrix) => check_by_digits(&self.bytes, matrix, k as u8, &goals),
        }
    }

    /// How many states lie at each distance: `counts[d]` for `d` in `0..=max`, and the number of
    /// [`DistanceTable::IMPOSSIBLE`] states.
    pub fn histogram(&self) -> (Vec<u64>, u64) {
        entry_histogram(&self.bytes)
    }

    /// Compares the table with `reference` on every state and by histogram, keeping the first
    /// `keep` differences (`flipblox verify`).
    pub fn compare(&self, reference: &DistanceTable<'_>, keep: usize) -> TableComparison {
        compare_entries(
            (self.as_bytes(), self.histogram()),
            (reference.as_bytes(), reference.histogram()),
            keep,
        )
    }

    fn check_board(&self, board: &Board) {
        let size = self.variant.size();
        assert_eq!((board.rows(), board.cols()), (size.rows(), size.cols()), "board size");
    }
}

impl fmt::Display for DistanceTable<'_> {
    /// `the distance table of VARIANT` (see [`Variant`]'s `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the distance table of {}", self.variant)
    }
}

/// [`DistanceTable::histogram`] of the entries `bytes`.
pub(crate) fn entry_histogram(bytes: &[u8]) -> (Vec<u64>, u64) {
    // Four sets of counters, so that runs of equal bytes (a 5x5 table is three quarters
    // Impossible) do not wait on one counter's previous increment.
    let mut lanes = [[0u64; 256]; 4];
    let mut quads = bytes.chunks_exact(4);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::table::bfs::distance_table;
    use crate::lights_out::table::digits::distance_table_by_digits;
    use crate::lights_out::variant::toggle::TogglePattern;

    fn variant(r: usize, c: usize, pattern: &str, wrap: bool, k: u8, goal: Goal) -> Variant {
        let size = BoardSize::new(r, c).unwrap();
        Variant::new(size, pattern.parse::<TogglePattern>().unwrap(), wrap, k, goal).unwrap()
    }

    #[test]
    fn the_embedded_table_equals_the_one_built_at_run_time() {
        let flip = Variant::flip_game(BoardSize::CLASSIC);
        let mut calls = Vec::new();
        let built = DistanceTable::build(&flip, |r, of| calls.push((r, of))).unwrap();
        assert_eq!(built.as_bytes(), &EMBEDDED[..]);
        assert_eq!(built, DistanceTable::embedded());
        assert_eq!(calls.last(), Some(&(4096, 4096)));
    }

    #[test]
    fn known_facts_of_poj_1753() {
        let (histogram, impossible) = DistanceTable::embedded().histogram();
        assert_eq!(histogram, vec![2, 32, 228, 880, 1562, 1136, 256]);
        assert_eq!(impossible, 65_536 - 4_096);
    }

    #[test]
    fn tables_check_their_shape_and_size() {
        assert_eq!(DistanceTable::embedded().states(), 65_536);
        let flip = |r, c| Variant::flip_game(BoardSize::new(r, c).unwrap());
        assert_eq!(
            DistanceTable::from_bytes(&flip(6, 6), &[]),
            Err(ShapeError::BoardSize { rows: 6, cols: 6 })
        );
        let short = ShapeError::Length { expected: 4, found: 3 };
        assert_eq!(DistanceTable::from_bytes(&flip(1, 2), &[0; 3]), Err(short));
        let err = DistanceTable::build(&flip(6, 6), |_, _| {}).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a 6x6 table would have 2^36 entries; tables go up to 32 pieces"
        );
        assert_eq!(
            DistanceTable::check_size(&flip(5, 5), 24).unwrap_err().to_string(),
            "a 5x5 table would have 2^25 entries; tables go up to 24 pieces"
        );
        let err = DistanceTable::build(&variant(5, 5, "x", false, 3, Goal::Any), |_, _| {});
        assert_eq!(
            err.unwrap_err().to_string(),
            "a table of 5x5, toggle x, 3 colours, goal any would have 847288609443 states; tables \
             go up to 2^32"
        );
        let err = DistanceTable::build(&variant(20, 20, "x", false, 16, Goal::Any), |_, _| {});
        assert!(err.unwrap_err().to_string().contains("more than 2^64"));
    }

    #[test]
    fn a_table_that_does_not_hold_distances_is_an_error_not_a_panic() {
        // The 1x3 table with one state claimed at 9: no press leads from it to a state at 8.
        let mut bytes = distance_table(1, 3, |_| {});
        let claimed = (0..8).find(|&s| bytes[s] == 1).unwrap();
        bytes[claimed] = 9;
        let flip = Variant::flip_game(BoardSize::new(1, 3).unwrap());
        let table = DistanceTable::from_bytes(&flip, &bytes).unwrap();
        let mut presses = Vec::new();
        let err = TableError::Inconsistent { state: claimed as u64, colours: 2 };
        assert_eq!(table.state_presses(claimed as u64, &mut presses), Err(err));
        assert_eq!(table.state_presses(0, &mut presses), Ok(Some((0, 0))));
        assert!(presses.is_empty());
        // Three colours: a table one byte short is refused; every state claiming distance 2
        // (no press then leads to a state at 1) is an error when walked.
        let v = variant(2, 2, ".x./xxx/.x.", false, 3, Goal::Any);
        let short = ShapeError::Length { expected: 81, found: 80 };
        assert_eq!(DistanceTable::from_bytes(&v, &[0; 80]).unwrap_err(), short);
        let bytes = vec![2u8; 81];
        let table = DistanceTable::from_bytes(&v, &bytes).unwrap();
        let board = Board::from_cells(2, 2, vec![1, 0, 2, 0]);
        let mut presses = Vec::new();
        assert_eq!(
            table.presses(&board, &mut presses).unwrap_err().to_string(),
            "the table is inconsistent at state 19: no press brings it one step closer"
        );
        assert_eq!(table.distance(&board), Some(2));
    }

    #[test]
    fn two_colour_tables_of_every_goal_and_pattern_match_the_digit_search() {
        for (r, c, pattern, wrap) in [
            (3, 4, ".x./xxx/.x.", false),
            (4, 4, "x.x/.x./x.x", true),
            (2, 5, "xxx/xxx/xxx", false),
            (5, 3, ".x./x.x/.x.", true),
            (1, 1, ".x./xxx/.x.", true),
        ] {
            for goal in [Goal::Any, Goal::Colour(0), Goal::Colour(1)] {
                let v = variant(r, c, pattern, wrap, 2, goal);
                let (mut built_calls, mut digit_calls) = (Vec::new(), Vec::new());
                let built = DistanceTable::build(&v, |r, _| built_calls.push(r)).unwrap();
                let digits = distance_table_by_digits(&v, |r| digit_calls.push(r)).unwrap();
                assert!(built.as_bytes() == digits, "{v}");
                assert_eq!(built_calls.last(), digit_calls.last(), "{v}: states reached");
                assert_eq!(built.check(), Ok(()), "{v}");
            }
        }
        let flip = Variant::flip_game(BoardSize::CLASSIC);
        assert_eq!(distance_table_by_digits(&flip, |_| {}).unwrap(), EMBEDDED);
    }
}
