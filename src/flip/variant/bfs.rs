//! Distance tables of any variant: a reverse breadth-first search from the goal states.
//!
//! # States and moves
//!
//! A board of `n = R * C` cells and `K` colours is the state `sum of colour(i) * K^i` (see
//! [`ColourBoard::state`]), so a table has `K^n` entries of one byte: the minimum number of
//! presses (a cell pressed `j` times counting `j`) from that state to the goal, or
//! [`IMPOSSIBLE`]. A press advances its cells by one colour; the search runs backwards from the
//! goal states (the `K` uniform boards for the goal "any", one for a colour), so each step takes
//! a state to its predecessors under the *inverse* moves, which take one colour back from each
//! cell the press advances (for `K > 2` a press is not its own inverse). Every state reached in
//! layer `d` is then `d` presses from the goal.
//!
//! For two colours the moves are XORs with the press's pattern and [`variant_distance_table`]
//! uses the bitset sweeps of [`pattern_distance_table`];
//! for more, [`distance_table_by_digits`] works on the digits of the states: a layer is a queue
//! of states, each decoded into its `n` digits once and moved by adding, for each press, the
//! change of each of its cells' digits times `K^i`.

use super::{ColourBoard, Goal, ToggleMatrix, Variant};
use crate::flip::bfs::{IMPOSSIBLE, MAX_TABLE_CELLS, pattern_distance_table};
use crate::flip::consistency::{TableFault, check_distance_table};

/// The most states a variant's table may have: `2^32` one-byte entries (the states are `u32`s
/// in the search).
pub const MAX_VARIANT_TABLE_STATES: u64 = 1 << 32;

/// Why a table could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a table of {variant} would have {} states; tables go up to 2^32", describe(*.states))]
pub struct VariantTableTooLarge {
    /// The variant, as written by its `Display`.
    pub variant: String,
    /// `K^(R*C)`, `None` when it does not even fit a `u64`.
    pub states: Option<u64>,
}

fn describe(states: Option<u64>) -> String {
    states.map_or_else(|| "more than 2^64".to_string(), |s| s.to_string())
}

/// Builds the distance table of `variant` (see the module docs): entry `s` is the minimum number
/// of presses from state `s` to the variant's goal, or [`IMPOSSIBLE`].
///
/// `progress` is called before each BFS layer with the number of states reached so far (the
/// last call is the number of states that can reach the goal). Memory: `K^(R*C)` bytes plus
/// the layers (two-colour tables: see [`distance_table`](crate::flip::distance_table); more
/// colours: 4 bytes per state of the two largest consecutive layers).
///
/// # Errors
///
/// [`VariantTableTooLarge`] above [`MAX_VARIANT_TABLE_STATES`] states.
///
/// ```
/// use flipblox::flip::BoardSize;
/// use flipblox::flip::variant::bfs::variant_distance_table;
/// use flipblox::flip::variant::{Goal, TogglePattern, Variant};
/// // Classic Lights Out on 3x3, all off: the worst board needs 9 presses.
/// let size = BoardSize::new(3, 3).unwrap();
/// let variant = Variant::new(size, TogglePattern::plus(), false, 2, Goal::Colour(0)).unwrap();
/// let table = variant_distance_table(&variant, |_| {}).unwrap();
/// assert_eq!(table.iter().max(), Some(&9));
/// ```
pub fn variant_distance_table(
    variant: &Variant,
    progress: impl FnMut(u64),
) -> Result<Vec<u8>, VariantTableTooLarge> {
    check_states(variant)?;
    let cells = variant.size().cells();
    if variant.colours() != 2 || cells > MAX_TABLE_CELLS {
        return distance_table_by_digits(variant, progress);
    }
    let t = variant.toggle_matrix();
    let patterns: Vec<u32> =
        (0..cells).map(|p| t.effect(p).iter().fold(0u32, |acc, &(i, _)| acc | 1 << i)).collect();
    let goal = match variant.goal() {
        Goal::Any => None,
        Goal::Colour(c) => Some(c == 1),
    };
    // Memory the system refuses is, as for every other table of this module, a panic.
    Ok(pattern_distance_table(cells, &patterns, goal, progress)
        .unwrap_or_else(|e| panic!("the distance table of {variant}: {e}")))
}

/// The same table by the digit search of the module docs, for any number of colours (for two
/// colours [`variant_distance_table`] is much faster; this is its independent check).
///
/// # Errors
///
/// [`VariantTableTooLarge`] above [`MAX_VARIANT_TABLE_STATES`] states.
///
/// # Panics
///
/// If a distance would exceed 254 (impossible within the state limit: a minimum presses each
/// cell fewer than `K` times, and `(K - 1) * R * C <= 120` when `K^(R*C) <= 2^32`).
pub fn distance_table_by_digits(
    variant: &Variant,
    mut progress: impl FnMut(u64),
) -> Result<Vec<u8>, VariantTableTooLarge> {
    let states = check_states(variant)?;
    let n = variant.size().cells();
    let k = u32::from(variant.colours());
    let powers: Vec<i64> = (0..n).map(|i| i64::from(k).pow(i as u32)).collect();
    let t = variant.toggle_matrix();
    // Per press, (K^i, how many colours back) for each cell it advances.
    let moves: Vec<Vec<(i64, u8)>> = (0..n)
        .map(|p| t.effect(p).iter().map(|&(i, a)| (powers[i as usize], a)).collect())
        .collect();
    let cells_of: Vec<Vec<usize>> =
        (0..n).map(|p| t.effect(p).iter().map(|&(i, _)| i as usize).collect()).collect();
    // back[a][d]: the change of a digit d taken a colours back.
    let mut back = [[0i64; 16]; 16];
    for (a, row) in back.iter_mut().enumerate() {
        for (d, change) in row.iter_mut().enumerate().take(k as usize) {
            *change = ((d as u32 + k - a as u32 % k) % k) as i64 - d as i64;
        }
    }
    let mut table = vec![IMPOSSIBLE; states as usize];
    let uniform = |c: u32| (states - 1) / u64::from(k - 1) * u64::from(c);
    let mut frontier: Vec<u32> = match variant.goal() {
        Goal::Any => (0..k).map(|c| uniform(c) as u32).collect(),
        Goal::Colour(c) => vec![uniform(u32::from(c)) as u32],
    };
    for &g in &frontier {
        table[g as usize] = 0;
    }
    let mut next = Vec::new();
    let mut digits = vec![0u8; n];
    let mut reached = frontier.len() as u64;
    let mut distance = 0u8;
    while !frontier.is_empty() {
        progress(reached);
        assert!(distance < IMPOSSIBLE - 1, "distance overflow");
        distance += 1;
        next.clear();
        for &state in &frontier {
            let mut rest = state;
            for d in digits.iter_mut() {
                *d = (rest % k) as u8;
                rest /= k;
            }
            for (press, cells) in moves.iter().zip(&cells_of) {
                let mut s = i64::from(state);
                for (&(power, a), &i) in press.iter().zip(cells) {
                    s += back[usize::from(a)][usize::from(digits[i])] * power;
                }
                let slot = &mut table[s as usize];
                if *slot == IMPOSSIBLE {
                    *slot = distance;
                    next.push(s as u32);
                }
            }
        }
        reached += next.len() as u64;
        std::mem::swap(&mut frontier, &mut next);
    }
    Ok(table)
}

/// `K^(R*C)`, checked against [`MAX_VARIANT_TABLE_STATES`].
fn check_states(variant: &Variant) -> Result<u64, VariantTableTooLarge> {
    match variant.states() {
        Some(states) if states <= MAX_VARIANT_TABLE_STATES => Ok(states),
        states => Err(VariantTableTooLarge { variant: variant.to_string(), states }),
    }
}

/// Answers from a distance table of one variant (as [`variant_distance_table`] builds it): the
/// distance of a board in one lookup, and its presses by a walk.
///
/// ```
/// use flipblox::flip::BoardSize;
/// use flipblox::flip::variant::bfs::{VariantTable, variant_distance_table};
/// use flipblox::flip::variant::{ColourBoard, Goal, TogglePattern, Variant};
/// let size = BoardSize::new(2, 2).unwrap();
/// let v = Variant::new(size, TogglePattern::plus(), false, 2, Goal::Colour(0)).unwrap();
/// let bytes = variant_distance_table(&v, |_| {}).unwrap();
/// let table = VariantTable::new(&v, &bytes).unwrap();
/// let board = ColourBoard::from_cells(2, 2, vec![0, 0, 0, 1]);
/// let mut presses = Vec::new();
/// assert_eq!(table.presses_into(&board, &mut presses), Ok(Some(3)));
/// assert_eq!(presses, vec![(1, 1), (2, 1), (3, 1)]);
/// ```
#[derive(Debug, Clone)]
pub struct VariantTable<'a> {
    variant: Variant,
    bytes: &'a [u8],
    matrix: ToggleMatrix,
}

impl PartialEq for VariantTable<'_> {
    /// The same variant and the same entries.
    fn eq(&self, other: &Self) -> bool {
        self.variant == other.variant && self.bytes == other.bytes
    }
}

impl Eq for VariantTable<'_> {}

/// Why a [`VariantTable`] could not be made or walked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantTableError {
    /// Table bytes of the wrong length for the variant.
    #[error("a table of {variant} has {} entries, found {found} bytes", describe(*.expected))]
    WrongLength {
        /// The variant, as written by its `Display`.
        variant: String,
        /// `K^(R*C)`, `None` when it does not fit a `u64`.
        expected: Option<u64>,
        /// The length given.
        found: usize,
    },
    /// A state that can reach the goal with no press one step closer: the bytes are not a
    /// distance table of this variant.
    #[error("the table is inconsistent at state {state}: no press brings it one step closer")]
    Inconsistent {
        /// The state where the walk got stuck.
        state: u64,
    },
}

impl<'a> VariantTable<'a> {
    /// Answers `variant` from `bytes` (one byte per state, see the module docs) without copying
    /// them; only the length is checked here.
    ///
    /// # Errors
    ///
    /// [`VariantTableError::WrongLength`] unless `bytes` has `K^(R*C)` entries.
    pub fn new(variant: &Variant, bytes: &'a [u8]) -> Result<VariantTable<'a>, VariantTableError> {
        let expected = variant.states();
        if expected != Some(bytes.len() as u64) {
            let variant = variant.to_string();
            return Err(VariantTableError::WrongLength { variant, expected, found: bytes.len() });
        }
        Ok(VariantTable { variant: variant.clone(), bytes, matrix: variant.toggle_matrix() })
    }

    /// The distance of `board`, `None` when the goal cannot be reached.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or holds a colour not below `K`.
    pub fn distance(&self, board: &ColourBoard) -> Option<u8> {
        self.check_size(board);
        let d = self.bytes[board.state(self.variant.colours()) as usize];
        (d != IMPOSSIBLE).then_some(d)
    }

    /// The distance of `board` and, into `presses`, one optimal set of presses as `(cell,
    /// count)`, ascending by cell: from each state the walk presses the lowest cell that brings
    /// the board one step closer. That is the set whose presses, listed in ascending order with
    /// each cell repeated by its count, are lexicographically smallest, the tie-break of
    /// [`ZkSolver`](crate::flip::zk::ZkSolver), so both give the same presses. `None` (and no
    /// presses) when the goal cannot be reached.
    ///
    /// # Errors
    ///
    /// [`VariantTableError::Inconsistent`] when the bytes are not a distance table of the
    /// variant.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or holds a colour not below `K`.
    pub fn presses_into(
        &self,
        board: &ColourBoard,
        presses: &mut Vec<(usize, u8)>,
    ) -> Result<Option<u8>, VariantTableError> {
        presses.clear();
        let Some(d) = self.distance(board) else { return Ok(None) };
        let k = self.variant.colours();
        let mut cells = board.cells().to_vec();
        let mut counts = vec![0u8; cells.len()];
        let mut state = board.state(k);
        for remaining in (0..d).rev() {
            let step = (0..cells.len()).find_map(|press| {
                let next = self.pressed_state(&cells, state, press);
                (self.bytes[next as usize] == remaining).then_some((press, next))
            });
            let (press, next) = step.ok_or(VariantTableError::Inconsistent { state })?;
            self.matrix.press(&mut cells, k, press, 1);
            counts[press] += 1;
            state = next;
        }
        presses.extend(counts.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(i, &n)| (i, n)));
        Ok(Some(d))
    }

    /// The variant the table answers.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The entries, one byte per state (see the module docs), in place.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The number of states, `K^(R*C)`.
    pub fn states(&self) -> u64 {
        self.bytes.len() as u64
    }

    /// How many states lie at each distance: `counts[d]` for `d` in `0..=max`, and the number
    /// of [`IMPOSSIBLE`] states.
    pub fn histogram(&self) -> (Vec<u64>, u64) {
        let mut counts = [0u64; 256];
        for &d in self.bytes {
            counts[usize::from(d)] += 1;
        }
        let impossible = counts[usize::from(IMPOSSIBLE)];
        let max = (0..usize::from(IMPOSSIBLE)).rev().find(|&d| counts[d] > 0).map_or(0, |d| d + 1);
        (counts[..max].to_vec(), impossible)
    }

    /// Proves that the entries are the distance table of the variant, as
    /// [`DistanceTable::check`](crate::flip::DistanceTable::check) does for the Flip Game: the
    /// goal states (and no other) at 0; every other state with a distance `d` one press from a
    /// state at `d - 1` and none below; every press from a state without a distance leading to
    /// a state without one. (Moves are directed for `K > 2`, and the argument of
    /// [`check_distance_table`] holds along the presses as they are: `T` falls by at most one a
    /// press and a walk one closer ends on a goal, so `T` is the true distance; no press leaves
    /// the Impossible states.) Two colours use [`check_distance_table`]; more colours read each
    /// state's digits. Linear in the table: `states * presses` lookups.
    ///
    /// # Errors
    ///
    /// The first [`TableFault`] in state order (for two colours, as [`check_distance_table`]
    /// finds it).
    pub fn check(&self) -> Result<(), TableFault> {
        let states = self.states();
        let k = u64::from(self.variant.colours());
        let ones = (states - 1) / (k - 1);
        let goals: Vec<u64> = match self.variant.goal() {
            Goal::Any => (0..k).map(|c| ones * c).collect(),
            Goal::Colour(c) => vec![ones * u64::from(c)],
        };
        let n = self.variant.size().cells();
        if k == 2 {
            let patterns: Vec<u32> = (0..n)
                .map(|p| self.matrix.effect(p).iter().fold(0u32, |acc, &(i, _)| acc | 1 << i))
                .collect();
            return check_distance_table(self.bytes, &patterns, &goals);
        }
        let is_goal = |s: u64| match self.variant.goal() {
            Goal::Any => s.is_multiple_of(ones),
            Goal::Colour(c) => s == ones * u64::from(c),
        };
        let mut cells = vec![0u8; n];
        for state in 0..states {
            if state > 0 {
                // The next state's digits: add one to the base-K number.
                for digit in cells.iter_mut() {
                    *digit += 1;
                    if u64::from(*digit) < k {
                        break;
                    }
                    *digit = 0;
                }
            }
            let found = self.bytes[state as usize];
            if is_goal(state) {
                if found != 0 {
                    return Err(TableFault::GoalNotZero { state, found });
                }
                continue;
            }
            if found == 0 {
                return Err(TableFault::ZeroNotGoal { state });
            }
            let mut closer = false;
            for press in 0..n {
                let neighbour = self.pressed_state(&cells, state, press);
                let entry = self.bytes[neighbour as usize];
                if found == IMPOSSIBLE {
                    if entry != IMPOSSIBLE {
                        let (neighbour, found) = (neighbour, entry);
                        return Err(TableFault::ImpossibleNextToSolvable {
                            state,
                            press,
                            neighbour,
                            found,
                        });
                    }
                } else if entry < found - 1 {
                    return Err(TableFault::NeighbourTooClose {
                        state,
                        distance: found,
                        press,
                        neighbour,
                        found: entry,
                    });
                } else if entry == found - 1 {
                    closer = true;
                }
            }
            if found != IMPOSSIBLE && !closer {
                return Err(TableFault::NoCloserNeighbour { state, distance: found });
            }
        }
        Ok(())
    }

    /// The state after pressing `press` once on `cells` (whose state is `state`).
    fn pressed_state(&self, cells: &[u8], state: u64, press: usize) -> u64 {
        let k = i64::from(self.variant.colours());
        let mut power = 1i64;
        let mut last = 0usize;
        let mut next = state as i64;
        for &(cell, a) in self.matrix.effect(press) {
            let cell = cell as usize;
            power *= k.pow((cell - last) as u32);
            last = cell;
            let d = i64::from(cells[cell]);
            next += ((d + i64::from(a)) % k - d) * power;
        }
        next as u64
    }

    fn check_size(&self, board: &ColourBoard) {
        let size = self.variant.size();
        assert_eq!((board.rows(), board.cols()), (size.rows(), size.cols()), "board size");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flip::BoardSize;
    use crate::flip::variant::TogglePattern;

    fn variant(r: usize, c: usize, pattern: &str, wrap: bool, k: u8, goal: Goal) -> Variant {
        let size = BoardSize::new(r, c).unwrap();
        Variant::new(size, pattern.parse::<TogglePattern>().unwrap(), wrap, k, goal).unwrap()
    }

    #[test]
    fn two_colours_by_bitsets_equal_the_digit_search() {
        for (r, c, pattern, wrap) in [
            (3, 4, ".x./xxx/.x.", false),
            (4, 4, "x.x/.x./x.x", true),
            (2, 5, "xxx/xxx/xxx", false),
            (5, 3, ".x./x.x/.x.", true),
            (1, 1, ".x./xxx/.x.", true),
        ] {
            for goal in [Goal::Any, Goal::Colour(0), Goal::Colour(1)] {
                let v = variant(r, c, pattern, wrap, 2, goal);
                let (mut fast_calls, mut digit_calls) = (Vec::new(), Vec::new());
                let fast = variant_distance_table(&v, |x| fast_calls.push(x)).unwrap();
                let digits = distance_table_by_digits(&v, |x| digit_calls.push(x)).unwrap();
                assert!(fast == digits, "{v}");
                assert_eq!(fast_calls.last(), digit_calls.last(), "{v}: states reached");
            }
        }
    }

    #[test]
    fn the_flip_game_table_is_the_embedded_one() {
        let v = Variant::flip_game(BoardSize::new(4, 4).unwrap());
        let table = distance_table_by_digits(&v, |_| {}).unwrap();
        assert_eq!(table, crate::flip::DistanceTable::embedded().as_bytes());
    }

    #[test]
    fn wrong_and_inconsistent_bytes_are_errors_not_panics() {
        let v = variant(2, 2, ".x./xxx/.x.", false, 3, Goal::Any);
        let bytes = vec![0u8; 80];
        assert_eq!(
            VariantTable::new(&v, &bytes).unwrap_err().to_string(),
            "a table of 2x2, toggle .x./xxx/.x., 3 colours, goal any has 81 entries, found 80 \
             bytes"
        );
        // Every state claims distance 2: no press leads to a state at distance 1.
        let bytes = vec![2u8; 81];
        let table = VariantTable::new(&v, &bytes).unwrap();
        let board = ColourBoard::from_cells(2, 2, vec![1, 0, 2, 0]);
        let mut presses = Vec::new();
        assert_eq!(
            table.presses_into(&board, &mut presses),
            Err(VariantTableError::Inconsistent { state: 1 + 2 * 9 })
        );
        assert_eq!(table.distance(&board), Some(2));
    }

    #[test]
    fn too_many_states_are_refused() {
        let err = variant_distance_table(&variant(5, 5, "x", false, 3, Goal::Any), |_| {});
        assert_eq!(
            err.unwrap_err().to_string(),
            "a table of 5x5, toggle x, 3 colours, goal any would have 847288609443 states; tables \
             go up to 2^32"
        );
        let err = variant_distance_table(&variant(20, 20, "x", false, 16, Goal::Any), |_| {});
        assert!(err.unwrap_err().to_string().contains("more than 2^64"));
    }
}
