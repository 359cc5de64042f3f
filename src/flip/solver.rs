//! Answering Flip Game boards of any size: a distance table for small boards, GF(2) for any.
//!
//! - [`TableSolver`]: lookups in a distance table of one byte per state (built here at run time
//!   with [`distance_table`], or any `&[u8]` such as a memory-mapped table file).
//! - [`FlipSolver`]: one board size, answering by GF(2) ([`Gf2Solver`]) or by table, and deciding
//!   when a table is worth building ([`Method::Auto`]).
//!
//! # Which method answers ([`Method::Auto`])
//!
//! Both methods give the same answers, press for press (see [`gf2`](super::gf2), *Ties*), so the
//! choice is only about speed. Measured in release builds (see README.md, *Benchmarks*): a GF(2)
//! answer for a board of at most 25 pieces takes 0.3 to 1 us; a table answers the distance in one
//! lookup (about 0.05 us), but its walk for the presses is no faster than GF(2) once the table
//! outgrows the caches (1.4 us against 0.8 us for 5x5), and the table costs a breadth-first
//! search over all `2^(R*C)` states first, about 0.25 ns per state and press for the larger
//! boards ([`distance_table`] sweeps bitsets; 0.2 s and a 40 MB peak for 5x5).
//!
//! So `Auto` starts with GF(2) and builds the table once it has answered
//! [`FlipSolver::break_even`] boards, as many as the build would have taken time for at the
//! saving of a lookup: like renting skis until the rent adds up to the price, this never takes
//! much more than twice the time of the better choice made with hindsight, and needs no
//! look-ahead in a stream. For 5x5 that is 839,000 boards, for 4x5 21,000, for 3x3 4.
//! Boards over `max_table_cells` pieces ([`DEFAULT_MAX_TABLE_CELLS`] by default) always use
//! GF(2), and so does `Auto` when the presses are wanted of a board over 20 pieces (see
//! [`FlipSolver::with_presses`]), where the walk saves nothing.

use std::borrow::Cow;

use super::bfs::{MAX_TABLE_CELLS, distance_table, toggle_patterns};
use super::gf2::{Gf2Scratch, Gf2Solver};
use super::{BoardSize, DistanceTable, GridBoard, IMPOSSIBLE};

/// The largest board (in pieces) [`Method::Auto`] and [`Method::Table`] build a table for by
/// default: 5x5, a 32 MiB table; the build peaks at about 40 MB with its BFS bitsets (three of
/// 2 MiB).
pub const DEFAULT_MAX_TABLE_CELLS: usize = 25;

/// How a [`FlipSolver`] answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// GF(2) first, a table once enough boards have been answered (see the module docs).
    Auto,
    /// A distance table, built before the first answer.
    Table,
    /// Linear algebra over GF(2) only.
    Gf2,
}

/// Why a table could not be built, loaded or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// More pieces than a table may have.
    #[error("a {size} table would have 2^{cells} entries; tables go up to {max} pieces")]
    TooLarge {
        /// The board size asked for.
        size: BoardSize,
        /// Its pieces.
        cells: usize,
        /// The limit in force.
        max: usize,
    },
    /// Table bytes of the wrong length for the board size.
    #[error("a {size} table has {expected} entries, found {found} bytes")]
    WrongLength {
        /// The board size.
        size: BoardSize,
        /// `2^(R*C)`.
        expected: u64,
        /// The length given.
        found: usize,
    },
    /// A solvable state without a neighbour one move closer: the bytes are not a distance
    /// table of this size.
    #[error("the table is inconsistent at state {state:#x}: no press brings it one move closer")]
    Inconsistent {
        /// The state where the walk got stuck.
        state: u64,
    },
}

/// Distance-table answers for one board size, over table bytes it owns or borrows.
///
/// The bytes are [`distance_table`]'s layout: entry `s` for the state `s` (bit `C * row + col`
/// set = black), the minimum number of presses or [`IMPOSSIBLE`]. Borrow them from anywhere with
/// [`TableSolver::from_bytes`] (e.g. a memory-mapped table file).
#[derive(Debug, Clone)]
pub struct TableSolver<'a> {
    size: BoardSize,
    bytes: Cow<'a, [u8]>,
    patterns: Vec<u32>,
}

impl TableSolver<'static> {
    /// Builds the table of `size` with the reverse BFS of [`distance_table`]; `progress` gets
    /// the number of states reached after each BFS layer. Memory: `2^(R*C)` bytes, plus up to
    /// `8` bytes per state of the largest layers while it runs.
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] above [`MAX_TABLE_CELLS`] pieces.
    pub fn build(size: BoardSize, progress: impl FnMut(u64)) -> Result<Self, TableError> {
        check_table_size(size, MAX_TABLE_CELLS)?;
        let bytes = distance_table(size.rows(), size.cols(), progress);
        Ok(TableSolver { size, bytes: Cow::Owned(bytes), patterns: patterns(size) })
    }
}

impl<'a> TableSolver<'a> {
    /// Answers `size` from `bytes` (see the type's layout) without copying them. Only the
    /// length is checked here; a walk that finds the bytes inconsistent reports it
    /// ([`TableError::Inconsistent`]).
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] above [`MAX_TABLE_CELLS`] pieces, [`TableError::WrongLength`]
    /// unless `bytes` has `2^(R*C)` entries.
    pub fn from_bytes(size: BoardSize, bytes: &'a [u8]) -> Result<TableSolver<'a>, TableError> {
        check_table_size(size, MAX_TABLE_CELLS)?;
        let expected = 1u64 << size.cells();
        if bytes.len() as u64 != expected {
            return Err(TableError::WrongLength { size, expected, found: bytes.len() });
        }
        Ok(TableSolver { size, bytes: Cow::Borrowed(bytes), patterns: patterns(size) })
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The table, for lookups and [`DistanceTable::histogram`].
    pub fn table(&self) -> DistanceTable<'_> {
        DistanceTable::from_bytes(&self.bytes)
    }

    /// The minimum number of presses for `board`, or `None` when neither uniform colour can be
    /// reached; `presses` gets one optimal press set as row-major indices (`row * C + col`),
    /// ascending: from each state the walk presses the lowest-indexed piece that brings the
    /// board one move closer (the lexicographically smallest optimal set, the same as
    /// [`Gf2Solver`] returns).
    ///
    /// # Errors
    ///
    /// [`TableError::Inconsistent`] when the bytes are not a consistent distance table.
    ///
    /// # Panics
    ///
    /// If `board` is not of this table's size.
    pub fn answer_into(
        &self,
        board: &GridBoard,
        presses: &mut Vec<usize>,
    ) -> Result<Option<usize>, TableError> {
        assert_eq!((board.rows(), board.cols()), (self.size.rows(), self.size.cols()), "size");
        presses.clear();
        let mut state = board.words()[0];
        let Some(d) = self.distance_of(state) else { return Ok(None) };
        for remaining in (0..d).rev() {
            let (i, next) = self
                .patterns
                .iter()
                .enumerate()
                .map(|(i, &p)| (i, state ^ u64::from(p)))
                .find(|&(_, next)| self.distance_of(next) == Some(remaining))
                .ok_or(TableError::Inconsistent { state })?;
            presses.push(i);
            state = next;
        }
        Ok(Some(usize::from(d)))
    }

    fn distance_of(&self, state: u64) -> Option<u8> {
        let d = self.bytes[state as usize];
        (d != IMPOSSIBLE).then_some(d)
    }
}

fn check_table_size(size: BoardSize, max: usize) -> Result<(), TableError> {
    if size.cells() > max {
        return Err(TableError::TooLarge { size, cells: size.cells(), max });
    }
    Ok(())
}

fn patterns(size: BoardSize) -> Vec<u32> {
    toggle_patterns(size.rows(), size.cols())
}

/// One answered board (see [`FlipSolver::answer_into`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// The minimum number of presses (or the best found, see `proven_minimal`); `None` when
    /// neither uniform colour can be reached.
    pub distance: Option<usize>,
    /// The pressed pieces as row-major indices (`row * C + col`, 0-based), ascending; empty
    /// when `distance` is `None` or 0, or when the solver was made
    /// [`with_presses(false)`](FlipSolver::with_presses).
    pub presses: Vec<usize>,
    /// False only when the GF(2) null space was too large to search whole (see
    /// [`gf2`](super::gf2)): `distance` is then the best found, not a proven minimum. An
    /// impossible board is always proven impossible.
    pub proven_minimal: bool,
    /// True when the answer came from the distance table, false for GF(2).
    pub from_table: bool,
}

/// Answers the boards of one size by GF(2) or by table (see the module docs).
///
/// ```
/// use flipblox::flip::solver::{Answer, FlipSolver, Method, DEFAULT_MAX_TABLE_CELLS};
/// use flipblox::flip::{BoardSize, GridBoard};
/// let size = BoardSize::new(3, 3).unwrap();
/// let mut solver = FlipSolver::new(size, Method::Auto, DEFAULT_MAX_TABLE_CELLS).unwrap();
/// let mut answer = Answer::default();
/// let board = GridBoard::parse("bbw/bww/www", 3, 3).unwrap();
/// solver.answer_into(&board, &mut answer).unwrap();
/// assert_eq!(answer.distance, Some(1));
/// assert_eq!(answer.presses, vec![0]);
/// ```
#[derive(Debug)]
pub struct FlipSolver<'a> {
    method: Method,
    max_table_cells: usize,
    gf2: Gf2Solver,
    scratch: Gf2Scratch,
    table: Option<TableSolver<'a>>,
    gf2_answers: u64,
    presses: bool,
}

/// Boards of more pieces than this have tables larger than the caches (1 MiB), where the walk for
/// the presses costs as much as a GF(2) answer.
const CACHED_TABLE_CELLS: usize = 20;

impl FlipSolver<'static> {
    /// A solver for `size` answering by `method`; tables are built only for boards of at most
    /// `max_table_cells` pieces. [`Method::Table`] builds its table at the first
    /// [`FlipSolver::build_table`] (or the first answer).
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] for [`Method::Table`] with more than `max_table_cells` (or
    /// [`MAX_TABLE_CELLS`]) pieces.
    pub fn new(
        size: BoardSize,
        method: Method,
        max_table_cells: usize,
    ) -> Result<FlipSolver<'static>, TableError> {
        let max_table_cells = max_table_cells.min(MAX_TABLE_CELLS);
        if method == Method::Table {
            check_table_size(size, max_table_cells)?;
        }
        Ok(FlipSolver {
            method,
            max_table_cells,
            gf2: Gf2Solver::new(size),
            scratch: Gf2Scratch::new(),
            table: None,
            gf2_answers: 0,
            presses: true,
        })
    }
}

impl<'a> FlipSolver<'a> {
    /// A solver that answers from `table` (e.g. over a memory-mapped table file).
    pub fn with_table(table: TableSolver<'a>) -> FlipSolver<'a> {
        FlipSolver {
            method: Method::Table,
            max_table_cells: table.size().cells(),
            gf2: Gf2Solver::new(table.size()),
            scratch: Gf2Scratch::new(),
            table: Some(table),
            gf2_answers: 0,
            presses: true,
        }
    }

    /// The same solver, filling [`Answer::presses`] only when `presses` is true (the default).
    /// Without presses a table answer is a single lookup, which is what makes a table worth
    /// building for [`Method::Auto`] on boards over 20 pieces.
    pub fn with_presses(mut self, presses: bool) -> FlipSolver<'a> {
        self.presses = presses;
        self
    }

    /// The same solver with a different exact-search limit for GF(2) (see
    /// [`Gf2Solver::with_search_bits`]).
    ///
    /// # Panics
    ///
    /// If `bits` exceeds [`MAX_SEARCH_BITS`](super::gf2::MAX_SEARCH_BITS).
    pub fn with_search_bits(mut self, bits: u32) -> FlipSolver<'a> {
        self.gf2 = self.gf2.with_search_bits(bits);
        self
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.gf2.size()
    }

    /// The GF(2) solver (nullity, rank, exactness).
    pub fn gf2(&self) -> &Gf2Solver {
        &self.gf2
    }

    /// The table, once built or given.
    pub fn table(&self) -> Option<&TableSolver<'a>> {
        self.table.as_ref()
    }

    /// The number of states a table build reaches: the boards that can be made uniform,
    /// `2^rank` of the toggle matrix (see [`Gf2Solver::toggle_rank`]); the last `progress`
    /// value of [`FlipSolver::build_table`].
    pub fn solvable_states(&self) -> u64 {
        1u64 << self.gf2.toggle_rank().min(63)
    }

    /// The number of boards [`Method::Auto`] answers by GF(2) before it builds the table of
    /// `size` (see the module docs): the build's cost, `2^(R*C) * R*C` steps of about 0.25 ns,
    /// over the 0.25 us a lookup saves, so `2^(R*C) * R*C / 1000`; `u64::MAX` (never) above
    /// `max_table_cells`.
    pub fn break_even(size: BoardSize, max_table_cells: usize) -> u64 {
        if size.cells() > max_table_cells.min(MAX_TABLE_CELLS) {
            return u64::MAX;
        }
        ((1u64 << size.cells()) * size.cells() as u64 / 1000).max(1)
    }

    /// True when the next answer will build the table first: [`Method::Table`] without one yet,
    /// or [`Method::Auto`] past [`FlipSolver::break_even`]. Call [`FlipSolver::build_table`]
    /// then to show progress.
    pub fn wants_table(&self) -> bool {
        self.table.is_none()
            && match self.method {
                Method::Table => true,
                Method::Auto => {
                    (!self.presses || self.size().cells() <= CACHED_TABLE_CELLS)
                        && self.gf2_answers
                            >= FlipSolver::break_even(self.size(), self.max_table_cells)
                }
                Method::Gf2 => false,
            }
    }

    /// Builds the table now (reporting the states reached after each BFS layer to
    /// `progress`), unless there is one already.
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] above [`MAX_TABLE_CELLS`] pieces.
    pub fn build_table(&mut self, progress: impl FnMut(u64)) -> Result<(), TableError> {
        if self.table.is_none() {
            self.table = Some(TableSolver::build(self.size(), progress)?);
        }
        Ok(())
    }

    /// Answers `board` into `answer` (reused between boards), building the table first when
    /// [`FlipSolver::wants_table`] (without progress).
    ///
    /// # Errors
    ///
    /// The table's errors: [`TableError::Inconsistent`] for bytes that are not a distance table.
    ///
    /// # Panics
    ///
    /// If `board` is not of this solver's size.
    pub fn answer_into(
        &mut self,
        board: &GridBoard,
        answer: &mut Answer,
    ) -> Result<(), TableError> {
        if self.wants_table() {
            self.build_table(|_| {})?;
        }
        if let Some(table) = &self.table {
            answer.distance = if self.presses {
                table.answer_into(board, &mut answer.presses)?
            } else {
                answer.presses.clear();
                table.table().distance_of_state(board.words()[0]).map(usize::from)
            };
            answer.proven_minimal = true;
            answer.from_table = true;
            return Ok(());
        }
        self.gf2_answers += 1;
        let optimum = self.gf2.solve_into(board, &mut self.scratch, &mut answer.presses);
        if !self.presses {
            answer.presses.clear();
        }
        answer.distance = optimum.map(|o| o.distance);
        answer.proven_minimal = optimum.is_none_or(|o| o.proven_minimal);
        answer.from_table = false;
        Ok(())
    }
}
