//! [`FlipSolver`], the one entry point for answering Flip Game boards of one size: it chooses
//! between the 4x4 table embedded in the binary, a table file the caller opened, a table built at
//! run time, and GF(2) linear algebra ([`Gf2Solver`]), and decides when a table is worth building
//! ([`Method::Auto`]).
//!
//! - 4x4 boards (POJ 1753) are answered from the embedded [`DistanceTable`] unless
//!   [`Method::Gf2`] is asked for.
//! - [`FlipSolver::with_table`] answers from a given table (e.g. a memory-mapped table file).
//! - Other sizes start with GF(2) and may build their table (below).
//!
//! # Which method answers ([`Method::Auto`])
//!
//! Both methods give the same answers, press for press (see [`gf2`](super::gf2), *Ties*), so the
//! choice is only about speed. Measured in release builds (see README.md, *Performance*): a GF(2)
//! answer for a board of at most 25 pieces takes 0.3 to 1 us; a table answers the distance in one
//! lookup (about 0.05 us), but its walk for the presses is no faster than GF(2) once the table
//! outgrows the caches (1.4 us against 0.8 us for 5x5), and the table costs a breadth-first
//! search over all `2^(R*C)` states first, about 0.25 ns per state and press for the larger
//! boards (`bfs::distance_table` sweeps bitsets; 0.2 s and a 40 MB peak for 5x5).
//!
//! So `Auto` starts with GF(2) and builds the table once it has answered
//! [`FlipSolver::break_even`] boards, as many as the build would have taken time for at the
//! saving of a lookup: like renting skis until the rent adds up to the price, this never takes
//! much more than twice the time of the better choice made with hindsight, and needs no
//! look-ahead in a stream. For 5x5 that is 839,000 boards, for 4x5 21,000, for 3x3 4.
//! Boards over `max_table_cells` pieces ([`DEFAULT_MAX_TABLE_CELLS`] by default) always use
//! GF(2), and so does `Auto` when the presses are wanted of a board over 20 pieces (see
//! [`FlipSolver::with_presses`]), where the walk saves nothing.

use super::bfs::MAX_TABLE_CELLS;
use super::gf2::{Gf2Scratch, Gf2Solver};
use super::grid::GridBoard;
use super::size::BoardSize;
use super::table::{DistanceTable, TableError};

/// The default for the largest board (in pieces) whose table [`Method::Auto`] or
/// [`Method::Table`] builds: 25 (5x5: 32 MiB, about 0.2 s).
pub const DEFAULT_MAX_TABLE_CELLS: usize = 25;

/// How a [`FlipSolver`] answers boards other than 4x4. All give the same answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// GF(2) first; a table once enough boards have been answered to pay for it (see the module
    /// docs). 4x4 boards from the embedded table.
    Auto,
    /// A table, built before the first answer (boards up to the table limit). 4x4 boards from
    /// the embedded table.
    Table,
    /// GF(2) only, never a table (also for 4x4).
    Gf2,
}

/// One board's answer from a [`FlipSolver`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    /// The minimum number of presses, or `None` when no uniform board can be reached.
    pub distance: Option<usize>,
    /// Row-major indices (`cols * row + col`) of one optimal press set, ascending; empty when
    /// impossible, when already uniform, or when the solver was asked for no presses.
    pub presses: Vec<usize>,
    /// False only when GF(2) could not search the whole null space (see
    /// [`Optimum::proven_minimal`](super::gf2::Optimum::proven_minimal)); answers from a table
    /// are always proven.
    pub proven_minimal: bool,
    /// True when a table answered.
    pub from_table: bool,
}

/// Answers boards of one size (see the module docs).
///
/// ```
/// use flipblox::flip::{Answer, BoardSize, FlipSolver, GridBoard, Method};
/// let size = BoardSize::new(5, 5).unwrap();
/// let mut solver = FlipSolver::new(size, Method::Auto, 25).unwrap();
/// let board = GridBoard::parse("bbwww/bwwww/wwwww/wwwww/wwwww", 5, 5).unwrap();
/// let mut answer = Answer::default();
/// solver.answer_into(&board, &mut answer).unwrap();
/// assert_eq!((answer.distance, answer.presses.as_slice()), (Some(1), &[0][..]));
/// ```
#[derive(Debug)]
pub struct FlipSolver<'a> {
    method: Method,
    max_table_cells: usize,
    gf2: Gf2Solver,
    scratch: Gf2Scratch,
    table: Option<DistanceTable<'a>>,
    gf2_answers: u64,
    presses: bool,
}

/// Boards of at most this many pieces keep [`Method::Auto`] building a table when presses are
/// wanted: their table fits the caches, so its walk beats GF(2); above it the walk's random
/// lookups do not.
const CACHED_TABLE_CELLS: usize = 20;

impl FlipSolver<'static> {
    /// A solver for boards of `size`: 4x4 boards from the embedded table (unless `method` is
    /// [`Method::Gf2`]); other sizes by GF(2), building a table of at most `max_table_cells`
    /// pieces (capped at 32) when `method` calls for one.
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] for [`Method::Table`] on a board other than 4x4 over
    /// `max_table_cells` pieces.
    pub fn new(
        size: BoardSize,
        method: Method,
        max_table_cells: usize,
    ) -> Result<FlipSolver<'static>, TableError> {
        let max_table_cells = max_table_cells.min(MAX_TABLE_CELLS);
        let embedded = size == BoardSize::CLASSIC && method != Method::Gf2;
        if method == Method::Table && !embedded && size.cells() > max_table_cells {
            return Err(TableError::TooLarge { size, cells: size.cells(), max: max_table_cells });
        }
        Ok(FlipSolver {
            method,
            max_table_cells,
            gf2: Gf2Solver::new(size),
            scratch: Gf2Scratch::new(),
            table: embedded.then(DistanceTable::embedded),
            gf2_answers: 0,
            presses: true,
        })
    }
}

impl<'a> FlipSolver<'a> {
    /// A solver that answers from `table` (e.g. over a memory-mapped table file).
    pub fn with_table(table: DistanceTable<'a>) -> FlipSolver<'a> {
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

    /// The dimension of the null space of the toggle matrix (4 for 4x4, 2 for 5x5, 0 for 3x3):
    /// a solvable board has `2^nullity` press sets that solve it for each reachable colour.
    pub fn nullity(&self) -> usize {
        self.gf2.nullity()
    }

    /// The table, once built or given (the embedded one for 4x4).
    pub fn table(&self) -> Option<&DistanceTable<'a>> {
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
            self.table = Some(DistanceTable::build(self.size(), progress)?);
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
    #[inline]
    pub fn answer_into(
        &mut self,
        board: &GridBoard,
        answer: &mut Answer,
    ) -> Result<(), TableError> {
        if self.wants_table() {
            self.build_table(|_| {})?;
        }
        if let Some(table) = &self.table {
            assert_eq!((board.rows(), board.cols()), (self.size().rows(), self.size().cols()));
            let state = board.words()[0];
            let distance = if self.presses {
                table.presses(state, &mut answer.presses)?
            } else {
                answer.presses.clear();
                table.distance(state)
            };
            answer.distance = distance.map(usize::from);
            answer.proven_minimal = true;
            answer.from_table = true;
            return Ok(());
        }
        self.gf2_answers += 1;
        self.scratch.try_reserve(&self.gf2)?;
        let optimum = self.gf2.solve_into(board, &mut self.scratch, &mut answer.presses);
        if !self.presses {
            answer.presses.clear();
        }
        answer.distance = optimum.map(|o| o.distance);
        answer.proven_minimal = optimum.is_none_or(|o| o.proven_minimal);
        answer.from_table = false;
        if !answer.proven_minimal {
            // The search of part of the null space may miss an answer no search is needed for:
            // no press for a uniform board, one press when it makes the board uniform.
            if let Some(trivial) = trivial_presses(board) {
                answer.distance = Some(usize::from(trivial.is_some()));
                answer.presses.clear();
                if self.presses {
                    answer.presses.extend(trivial);
                }
                answer.proven_minimal = true;
            }
        }
        Ok(())
    }
}

/// The presses of `board` when no press or a single one makes it uniform (which is then the
/// minimum); `None` otherwise.
fn trivial_presses(board: &GridBoard) -> Option<Option<usize>> {
    if board.is_uniform() {
        return Some(None);
    }
    let cols = board.cols();
    let cells = board.rows() * cols;
    let black = (0..cells).filter(|&i| board.get(i / cols, i % cols)).count();
    // A press flips at most five pieces; the first piece that differs from the target is the
    // press itself, the piece above it or the piece left of it.
    for target in [false, true] {
        let differing = if target { cells - black } else { black };
        if differing > 5 {
            continue;
        }
        let first = (0..cells).find(|&i| board.get(i / cols, i % cols) != target)?;
        for p in [first, first + 1, first + cols] {
            if p >= cells || (p == first + 1 && p % cols == 0) {
                continue;
            }
            let mut pressed = board.clone();
            pressed.press(p / cols, p % cols);
            if pressed.is_uniform() {
                return Some(Some(p));
            }
        }
    }
    None
}
