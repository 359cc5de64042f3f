//! [`Solver`], the one entry point for answering the boards of a variant: it chooses between the
//! 4x4 table embedded in the binary, a table the caller gives (e.g. a memory-mapped table file), a
//! table built at run time, GF(2) linear algebra on bit-packed rows (the Flip Game's rules: the
//! plus, two colours, no wrap-around, any goal) and linear algebra over `Z_K` (any other variant), and decides when a table is worth building
//! ([`Method::Auto`]). Every method gives the same answers, press for
//! press: the tables' walk and both solvers break ties alike (see the solvers' *Ties*).
//!
//! # When a table is built ([`Method::Auto`])
//!
//! A table answers the distance in one lookup, but costs a breadth-first search over all
//! `2^(R*C)` states first (`2^(R*C) * R*C` steps), and its press walk is no faster than GF(2) once
//! the table outgrows the caches. So, for the Flip Game, `Auto` starts with GF(2) and
//! builds the table once it has answered [`Solver::break_even`] boards, as many as the build
//! would have taken time for at the saving of a lookup: like renting skis until the rent adds up
//! to the price, this never takes much more than twice the time of the better choice made with
//! hindsight, and needs no look-ahead in a stream. For 5x5 that is 839,000 boards, for 4x5 21,000,
//! for 3x3 4. Boards over the table limit ([`SolverBuilder::max_table_cells`], 25 cells by
//! default) always use linear algebra, and so does `Auto` when the presses are wanted of a board
//! over 20 cells (see [`SolverBuilder::presses`]), where the walk saves nothing. Other variants
//! are answered by linear algebra over `Z_K` unless [`Method::Table`] asks for their table.

use super::count::SolutionCount;
use super::error::SolverError;
use super::gf2::{DEFAULT_SEARCH_BITS, Gf2Scratch, Gf2Solver, MAX_SEARCH_BITS};
use super::zk::budget::{OPERATIONS_PER_SECOND, SetupCost};
use super::zk::{ZkScratch, ZkSolver};
use crate::lights_out::board::colours::Board;
use crate::lights_out::size::BoardSize;
use crate::lights_out::table::bfs::MAX_TABLE_CELLS;
use crate::lights_out::table::distance_table::DistanceTable;
use crate::lights_out::variant::goal::Goal;
use crate::lights_out::variant::rules::Variant;

// Named by the docs.
#[cfg(doc)]
use crate::lights_out::table::distance_table::TableError;

/// How a [`Solver`] answers. Every method gives the same answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Method {
    /// The embedded table for the 4x4 Flip Game; otherwise linear algebra, and for the Flip
    /// Game's rules a table once enough boards have been answered to pay for it (see the
    /// module docs).
    #[default]
    Auto,
    /// A table: the embedded 4x4 Flip Game table, or the variant's table, built before the first
    /// answer (within [`SolverBuilder::max_table_cells`]).
    Table,
    /// Linear algebra only, never a table (also for the 4x4 Flip Game).
    LinearAlgebra,
}

/// One board's answer (see [`Solver::solve`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Answer {
    /// The minimum number of presses (a cell pressed `j` times counting `j`), or `None` when the
    /// goal cannot be reached.
    pub distance: Option<usize>,
    /// One optimal press set as `(cell, count)`: the row-major cell (`row * C + col`) and how
    /// many times it is pressed, `1 ..= K - 1`, ascending by cell. Empty when impossible, when
    /// the board meets the goal already, or when the solver was asked for no presses.
    pub presses: Vec<(usize, u8)>,
    /// The colour every cell shows once the presses are made (`0` is white); `None` when
    /// impossible, or when the solver was asked for no presses and the goal is any colour.
    pub colour: Option<u8>,
    /// False only when linear algebra could not weigh every solution (its null space too large
    /// for the search limit, [`SolverBuilder::search_bits`]) and `distance` is the lightest
    /// found; answers from a table are always proven.
    pub proven_minimal: bool,
    /// How many press sets have `distance` presses (each cell pressed `0 ..= K - 1` times; for
    /// the goal "any", towards every goal colour): `Some(1)` when the answer is the only
    /// optimal one, `Some(0)` when the goal cannot be reached; `None` when not every solution
    /// was weighed (the null space beyond [`SolverBuilder::search_bits`]) or the solver counts
    /// nothing (without [`Solver::with_counts`]).
    pub optimal_solutions: Option<u64>,
    /// How many press sets reach the goal at all, of any size (see [`SolutionCount`]): `0` when
    /// impossible, and also when the solver counts nothing (without [`Solver::with_counts`]).
    pub solutions: SolutionCount,
    /// A proven lower bound of the minimum number of presses: `distance` itself when
    /// [`proven_minimal`](Answer::proven_minimal); otherwise the bound that each press adds at
    /// most `t` to the colours of the board (`t` the toggle pattern's cells) while the cells
    /// need `D` in all to reach the goal colour (each cell `(goal - colour) mod K`, the least
    /// over the goal colours for the goal "any"), so at least `ceil(D / t)` presses. `None`
    /// when the goal cannot be reached.
    pub lower_bound: Option<usize>,
}

/// A [`Solver`] being set up (see [`Solver::builder`]); [`build`](SolverBuilder::build) makes
/// it.
#[derive(Debug, Clone)]
pub struct SolverBuilder {
    variant: Variant,
    method: Method,
    max_table_cells: usize,
    search_bits: u32,
    presses: bool,
    max_setup_operations: u64,
}

/// Answers the boards of one [`Variant`] (see the module docs).
///
/// ```
/// use flipblox::lights_out::{Goal, Solver, Variant};
/// // Classic Lights Out: all five lights of a 5x5 board on, all to be turned off.
/// let variant = Variant::builder(5, 5).goal(Goal::Colour(0)).build()?;
/// let mut solver = Solver::new(&variant);
/// let answer = solver.solve(&variant.board("bbbbb/bbbbb/bbbbb/bbbbb/bbbbb")?)?;
/// assert_eq!(answer.distance, Some(15));
/// assert_eq!((answer.colour, solver.nullity()), (Some(0), 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver<'t> {
    variant: Variant,
    method: Method,
    max_table_cells: usize,
    presses: bool,
    /// Whether table answers are counted too (by the linear algebra).
    counts: bool,
    table: Option<DistanceTable<'t>>,
    engine: Engine,
    /// Boards answered by linear algebra (for [`Method::Auto`]'s table).
    answered: u64,
    /// The presses of a two-colour answer, one index a press.
    indices: Vec<usize>,
}

/// The linear algebra of a solver.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
enum Engine {
    /// The Flip Game's rules (any goal): GF(2) on bit-packed rows.
    Plus { gf2: Gf2Solver, scratch: Gf2Scratch },
    /// Any variant: `Z_K`.
    Ring { zk: ZkSolver, scratch: ZkScratch },
}

/// Boards of at most this many cells keep [`Method::Auto`] building a table when presses are
/// wanted: their table fits the caches, so its walk beats GF(2); above it the walk's random
/// lookups do not.
const CACHED_TABLE_CELLS: usize = 20;

impl SolverBuilder {
    /// How to answer (default [`Method::Auto`]).
    pub fn method(mut self, method: Method) -> SolverBuilder {
        self.method = method;
        self
    }

    /// The largest table the solver builds: `max_table_cells` cells for two colours, `2^max`
    /// states for more (default 25, capped at 32).
    pub fn max_table_cells(mut self, max_table_cells: usize) -> SolverBuilder {
        self.max_table_cells = max_table_cells.min(MAX_TABLE_CELLS);
        self
    }

    /// The solutions linear algebra weighs exactly: up to `2^bits` (default 24; the search then
    /// holds up to `4 * 2^bits` bytes for two colours, `8 * 2^bits` for more). Beyond it the
    /// answer is the lightest found, not proven minimal.
    ///
    /// # Panics
    ///
    /// If `bits` exceeds [`Solver::MAX_SEARCH_BITS`].
    pub fn search_bits(mut self, bits: u32) -> SolverBuilder {
        assert!(bits <= MAX_SEARCH_BITS, "search of 2^{bits} exceeds 2^{MAX_SEARCH_BITS}");
        self.search_bits = bits;
        self
    }

    /// The budget of the set-up of linear algebra over `Z_K` (every variant but the Flip
    /// Game's rules), in word operations (default [`Solver::DEFAULT_MAX_SETUP_OPERATIONS`],
    /// about a minute at [`Solver::SETUP_OPERATIONS_PER_SECOND`]). The set-up's cost is
    /// estimated from the variant before any of it is done: about `4 f^3 / 64` word operations
    /// of elimination for two colours and `f^3` per prime power of `K` for more (16 times that
    /// on a torus, whose residual system is dense), `f` being the
    /// unknowns of the residual system (`C` for the plus, `2n` on an `n x n` torus, about
    /// `h C + w R` for a pattern reaching `h` rows and `w` columns), plus the chase;
    /// [`build`](SolverBuilder::build) refuses a variant over the budget with
    /// [`SolverError::SetupTooCostly`], which names the estimate. `u64::MAX` refuses nothing.
    pub fn max_setup_operations(mut self, operations: u64) -> SolverBuilder {
        self.max_setup_operations = operations;
        self
    }

    /// Whether the answers carry their presses (default true). Without them a table answer is a
    /// single lookup, which is what makes a table worth building for [`Method::Auto`] on boards
    /// over 20 cells.
    pub fn presses(mut self, presses: bool) -> SolverBuilder {
        self.presses = presses;
        self
    }

    /// The solver.
    ///
    /// # Errors
    ///
    /// [`SolverError::Table`] ([`TableError::TooLarge`]) for [`Method::Table`] when the
    /// variant's table is over the table limit (and it is not the embedded 4x4 table);
    /// [`SolverError::Memory`] when the system refuses the memory of the linear algebra's
    /// set-up (for `K` colours on large boards, two planes of the board's cells per generator of
    /// the solutions: 1 MiB each on 1024x1024);
    /// [`SolverError::SetupTooCostly`], before any work, when that set-up is estimated over the
    /// budget ([`SolverBuilder::max_setup_operations`]).
    pub fn build(self) -> Result<Solver<'static>, SolverError> {
        let embedded = self.variant.is_flip_game()
            && self.variant.size() == BoardSize::CLASSIC
            && self.method != Method::LinearAlgebra;
        if self.method == Method::Table && !embedded {
            DistanceTable::check_size(&self.variant, self.max_table_cells)?;
        }
        let budget = self.max_setup_operations;
        let mut solver = Solver::with_engine(&self.variant, self.search_bits, budget)?;
        solver.method = self.method;
        solver.max_table_cells = self.max_table_cells;
        solver.presses = self.presses;
        solver.table = embedded.then(DistanceTable::embedded);
        Ok(solver)
    }
}

impl Solver<'static> {
    /// A solver of `variant` by [`Method::Auto`], with the defaults of [`Solver::builder`].
    ///
    /// # Panics
    ///
    /// When the system refuses the memory of the set-up ([`SolverBuilder::build`] returns that
    /// as an error).
    pub fn new(variant: &Variant) -> Solver<'static> {
        Solver::builder(variant).build().unwrap_or_else(|e| panic!("{variant}: {e}"))
    }

    /// A builder of a solver of `variant`: [`Method::Auto`], tables of up to 25 cells, `2^24`
    /// solutions weighed exactly, presses in the answers.
    pub fn builder(variant: &Variant) -> SolverBuilder {
        SolverBuilder {
            variant: variant.clone(),
            method: Method::Auto,
            max_table_cells: DEFAULT_MAX_TABLE_CELLS,
            search_bits: DEFAULT_SEARCH_BITS,
            presses: true,
            max_setup_operations: Solver::DEFAULT_MAX_SETUP_OPERATIONS,
        }
    }
}

/// [`Answer::optimal_solutions`] from whether a board was solved (`Some`), whether its minimum
/// is proven and how many solutions were that light.
fn optimal_count(found: Option<(bool, u64)>) -> Option<u64> {
    match found {
        None => Some(0),
        Some((true, optimal)) => Some(optimal),
        Some((false, _)) => None,
    }
}

/// The default table limit of [`SolverBuilder::max_table_cells`]: 25 cells (5x5: 32 MiB).
const DEFAULT_MAX_TABLE_CELLS: usize = 25;

impl<'t> Solver<'t> {
    /// The most [`SolverBuilder::search_bits`] accepts: `2^28` solutions (1 GiB for two
    /// colours).
    pub const MAX_SEARCH_BITS: u32 = MAX_SEARCH_BITS;

    /// The default of [`SolverBuilder::search_bits`].
    pub const DEFAULT_SEARCH_BITS: u32 = DEFAULT_SEARCH_BITS;

    /// The default of [`SolverBuilder::max_table_cells`].
    pub const DEFAULT_MAX_TABLE_CELLS: usize = DEFAULT_MAX_TABLE_CELLS;

    /// The word operations a second at which [`SolverError::SetupTooCostly`] states its estimate
    /// in seconds (the set-ups of docs/PERFORMANCE.md run at 0.6 to 2 times this rate).
    pub const SETUP_OPERATIONS_PER_SECOND: u64 = OPERATIONS_PER_SECOND;

    /// The default of [`SolverBuilder::max_setup_operations`]: a minute at
    /// [`Solver::SETUP_OPERATIONS_PER_SECOND`].
    pub const DEFAULT_MAX_SETUP_OPERATIONS: u64 = 60 * OPERATIONS_PER_SECOND;

    /// A solver that answers from `table` (e.g. over a memory-mapped table file), for the
    /// table's variant.
    ///
    /// # Panics
    ///
    /// When the system refuses the few kilobytes of the linear algebra's set-up (a table's
    /// board has at most 32 cells).
    pub fn with_table(table: DistanceTable<'t>) -> Solver<'t> {
        let mut solver = Solver::with_engine(table.variant(), DEFAULT_SEARCH_BITS, u64::MAX)
            .unwrap_or_else(|e| panic!("{}: {e}", table.variant()));
        solver.method = Method::Table;
        solver.max_table_cells = MAX_TABLE_CELLS;
        solver.table = Some(table);
        solver
    }

    /// The solver of `variant` by linear algebra; a `Z_K` set-up estimated over
    /// `max_setup_operations` is refused before it starts.
    fn with_engine(
        variant: &Variant,
        search_bits: u32,
        max_setup_operations: u64,
    ) -> Result<Solver<'t>, SolverError> {
        // GF(2) for the Flip Game's rules, whatever the goal (classic Lights Out's one colour
        // included: its elimination works on 64 cells a word); `Z_K` for every other variant.
        let engine = if variant.is_flip_game_rules() {
            let gf2 = Gf2Solver::new(variant.size()).with_search_bits(search_bits);
            Engine::Plus { gf2, scratch: Gf2Scratch::default() }
        } else {
            let cost = SetupCost::of(variant);
            if cost.operations > max_setup_operations {
                return Err(SolverError::SetupTooCostly {
                    variant: Box::new(variant.clone()),
                    free: cost.free,
                    operations: cost.operations,
                    bytes: cost.bytes,
                    max_operations: max_setup_operations,
                });
            }
            let zk = ZkSolver::try_new(variant)?.with_search_bits(search_bits);
            Engine::Ring { zk, scratch: ZkScratch::default() }
        };
        Ok(Solver {
            variant: variant.clone(),
            method: Method::Auto,
            max_table_cells: DEFAULT_MAX_TABLE_CELLS,
            presses: true,
            counts: false,
            table: None,
            engine,
            answered: 0,
            indices: Vec::new(),
        })
    }

    /// The same solver, with presses in its answers or not (see [`SolverBuilder::presses`]).
    pub fn with_presses(mut self, presses: bool) -> Solver<'t> {
        self.presses = presses;
        self
    }

    /// The same solver, with [`Answer::optimal_solutions`] and [`Answer::solutions`] in every
    /// answer or not (default false). Linear algebra counts as it answers, at no extra cost;
    /// answers from a table are then counted by linear algebra too (which costs as much as
    /// answering without the table), and [`Method::Auto`] builds no table.
    pub fn with_counts(mut self, counts: bool) -> Solver<'t> {
        self.counts = counts;
        self
    }

    /// The variant.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The table, once built or given (the embedded one for the 4x4 Flip Game).
    pub fn table(&self) -> Option<&DistanceTable<'t>> {
        self.table.as_ref()
    }

    /// The number of generators of the null space of the toggle matrix, the press patterns that
    /// change nothing (its dimension for a prime `K`): 4 for the 4x4 Flip Game, 2 for 5x5, 0 for
    /// 3x3. A board with a solution towards one colour has `2^nullity` of them (for `K = 2`).
    pub fn nullity(&self) -> usize {
        match &self.engine {
            Engine::Plus { gf2, .. } => gf2.nullity(),
            Engine::Ring { zk, .. } => zk.nullity(),
        }
    }

    /// How many generators linear algebra weighs exactly (see [`SolverBuilder::search_bits`]).
    pub fn search_bits(&self) -> u32 {
        match &self.engine {
            Engine::Plus { gf2, .. } => gf2.search_bits(),
            Engine::Ring { zk, .. } => zk.search_bits(),
        }
    }

    /// The number of boards [`Method::Auto`] answers by GF(2) before it builds the table of the
    /// Flip Game on `size` (see the module docs): the build's cost, `2^(R*C) * R*C` steps, over
    /// the time a lookup saves, about a thousand steps, so `2^(R*C) * R*C / 1000`; `u64::MAX`
    /// (never) above `max_table_cells`.
    pub fn break_even(size: BoardSize, max_table_cells: usize) -> u64 {
        if size.cells() > max_table_cells.min(MAX_TABLE_CELLS) {
            return u64::MAX;
        }
        ((1u64 << size.cells()) * size.cells() as u64 / 1000).max(1)
    }

    /// True when the next answer will build the table first: [`Method::Table`] without one yet,
    /// or [`Method::Auto`] past [`Solver::break_even`]. Call [`Solver::build_table`] then to
    /// show progress.
    pub fn wants_table(&self) -> bool {
        self.table.is_none()
            && match self.method {
                Method::Table => true,
                Method::Auto => {
                    !self.counts
                        && self.variant.is_flip_game()
                        && (!self.presses || self.variant.size().cells() <= CACHED_TABLE_CELLS)
                        && self.answered
                            >= Solver::break_even(self.variant.size(), self.max_table_cells)
                }
                Method::LinearAlgebra => false,
            }
    }

    /// Builds the table now ([`DistanceTable::build`], with its `progress`), unless there is
    /// one already.
    ///
    /// # Errors
    ///
    /// The errors of [`DistanceTable::build`], as [`SolverError::Table`].
    pub fn build_table(&mut self, progress: impl FnMut(u64, u64)) -> Result<(), SolverError> {
        if self.table.is_none() {
            self.table = Some(DistanceTable::build(&self.variant, progress)?);
        }
        Ok(())
    }

    /// Answers `board`, building the table first when [`Solver::wants_table`] (without
    /// progress).
    ///
    /// # Errors
    ///
    /// The table's errors: [`SolverError::Table`] ([`TableError::Inconsistent`]) for bytes that
    /// are not a distance table; [`SolverError::Memory`] when the system refuses the memory of
    /// the search.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or holds a colour not below `K` (on a cell that
    /// is not a hole: holes may hold any value).
    pub fn solve(&mut self, board: &Board) -> Result<Answer, SolverError> {
        let mut answer = Answer::default();
        self.solve_into(board, &mut answer)?;
        Ok(answer)
    }

    /// [`Solver::solve`] into `answer`, whose buffers are reused from board to board.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`].
    ///
    /// # Panics
    ///
    /// As [`Solver::solve`].
    #[inline]
    pub fn solve_into(&mut self, board: &Board, answer: &mut Answer) -> Result<(), SolverError> {
        self.answer_into(board, answer)?;
        if !self.counts {
            answer.optimal_solutions = None;
            answer.solutions.set_zero();
        }
        answer.lower_bound = answer.distance;
        if !answer.proven_minimal
            && let Some(distance) = answer.distance
        {
            let bound = self.lower_bound(board);
            answer.lower_bound = Some(bound);
            // A bound met is a proof (of the distance, not of the count of its solutions).
            answer.proven_minimal = bound >= distance;
        }
        Ok(())
    }

    /// The bound of [`Answer::lower_bound`] for a board the goal can be reached from.
    fn lower_bound(&self, board: &Board) -> usize {
        let k = usize::from(self.variant.colours());
        let reach = self.variant.toggle().offsets().len().max(1);
        let needed = |goal: u8| -> usize {
            board.cells().iter().map(|&c| (usize::from(goal) + k - usize::from(c)) % k).sum()
        };
        let least = match self.variant.goal() {
            Goal::Colour(c) => needed(c),
            Goal::Any => (0..k as u8).map(needed).min().unwrap_or(0),
        };
        least.div_ceil(reach)
    }

    /// [`Solver::solve_into`] but for the lower bound.
    fn answer_into(&mut self, board: &Board, answer: &mut Answer) -> Result<(), SolverError> {
        let size = self.variant.size();
        assert_eq!((board.rows(), board.cols()), (size.rows(), size.cols()), "board size");
        if self.wants_table() {
            self.build_table(|_, _| {})?;
        }
        answer.presses.clear();
        answer.optimal_solutions = None;
        answer.solutions.set_zero();
        answer.lower_bound = None;
        if self.table.is_some() && self.counts {
            // The linear algebra counts; the table answers (the same distance, press for press).
            self.solve_by_engine(board, answer)?;
            answer.presses.clear();
        }
        if let Some(table) = &self.table {
            answer.proven_minimal = true;
            if self.variant.colours() != 2 {
                let distance = table.presses(board, &mut answer.presses)?;
                answer.distance = distance.map(usize::from);
                answer.colour = distance.map(|_| self.reached_colour(board, &answer.presses));
                if !self.presses {
                    answer.presses.clear();
                }
                return Ok(());
            }
            let state = board.state(2);
            if self.presses {
                let found = table.state_presses(state, &mut self.indices)?;
                answer.distance = found.map(|(d, _)| usize::from(d));
                answer.colour = found.map(|(_, colour)| colour);
                answer.presses.extend(self.indices.iter().map(|&p| (p, 1)));
            } else {
                let distance = table.state_distance(state);
                answer.distance = distance.map(usize::from);
                answer.colour = distance.and(self.goal_colour(board));
            }
            return Ok(());
        }
        self.answered += 1;
        self.solve_by_engine(board, answer)?;
        if !self.presses {
            answer.presses.clear();
        }
        Ok(())
    }

    /// Answers `board` by linear algebra, with its counts.
    fn solve_by_engine(&mut self, board: &Board, answer: &mut Answer) -> Result<(), SolverError> {
        answer.presses.clear();
        answer.solutions.set_zero();
        match &mut self.engine {
            Engine::Plus { gf2, scratch } => {
                scratch.try_reserve(gf2)?;
                let goal = self.variant.goal();
                let found = gf2.solve_goal_into(
                    board,
                    goal,
                    scratch,
                    self.presses.then_some(&mut self.indices),
                );
                answer.distance = found.map(|o| o.distance);
                answer.colour = found.map(|o| o.colour);
                answer.proven_minimal = found.is_none_or(|o| o.proven_minimal);
                answer.optimal_solutions =
                    optimal_count(found.map(|o| (o.proven_minimal, o.optimal)));
                if let Some(o) = found {
                    answer.solutions.set_product([]);
                    answer.solutions.multiply(2, o.generators as u32);
                }
                if self.presses {
                    answer.presses.extend(self.indices.iter().map(|&p| (p, 1)));
                }
            }
            Engine::Ring { zk, scratch } => {
                scratch.try_reserve(zk)?;
                let found = zk.solve_into(board, scratch, &mut answer.presses);
                answer.distance = found.map(|o| o.distance);
                answer.colour = found.map(|o| o.colour);
                answer.proven_minimal = found.is_none_or(|o| o.proven_minimal);
                answer.optimal_solutions =
                    optimal_count(found.map(|o| (o.proven_minimal, o.optimal)));
                if found.is_some() {
                    answer.solutions.set_product(zk.solution_orders().iter().copied());
                }
            }
        }
        if !answer.proven_minimal && matches!(self.engine, Engine::Plus { .. }) {
            // The search of part of the null space may miss an answer no search is needed for:
            // no press for a board that meets the goal, one press when it makes one.
            if let Some(trivial) = self.trivial_press(board) {
                answer.distance = Some(usize::from(trivial.is_some()));
                answer.presses.clear();
                answer.presses.extend(trivial.map(|p| (p, 1)));
                let mut after = board.clone();
                if let Some(p) = trivial {
                    self.variant.press(&mut after, p, 1);
                }
                answer.colour = after.uniform_colour();
                answer.proven_minimal = true;
                // No press is the one lightest set; one press may have twins.
                answer.optimal_solutions = trivial.is_none().then_some(1);
            }
        }
        Ok(())
    }

    /// The colour the goal names, or the board's own when it is uniform: the colour reached when
    /// the presses are not known.
    fn goal_colour(&self, board: &Board) -> Option<u8> {
        match self.variant.goal() {
            Goal::Colour(c) => Some(c),
            Goal::Any => board.uniform_colour(),
        }
    }

    /// The colour `presses` turn `board` into.
    fn reached_colour(&self, board: &Board, presses: &[(usize, u8)]) -> u8 {
        let mut after = board.clone();
        for &(press, times) in presses {
            self.variant.press(&mut after, press, times);
        }
        after.cells().first().copied().unwrap_or(0)
    }

    /// For the Flip Game, the press of `board` when none or a single one makes it uniform (which
    /// is then the minimum); `None` otherwise.
    fn trivial_press(&self, board: &Board) -> Option<Option<usize>> {
        let meets = |b: &Board| b.uniform_colour().is_some_and(|c| self.variant.goal().admits(c));
        if meets(board) {
            return Some(None);
        }
        let (cols, cells) = (board.cols(), board.cells());
        // A press flips at most five cells; the first cell that differs from the target is the
        // press itself, the cell above it or the cell left of it.
        for target in [0u8, 1] {
            if !self.variant.goal().admits(target) {
                continue;
            }
            let differing = cells.iter().filter(|&&c| c != target).count();
            if differing > 5 {
                continue;
            }
            let first = cells.iter().position(|&c| c != target)?;
            for p in [first, first + 1, first + cols] {
                if p >= cells.len() || (p == first + 1 && p % cols == 0) {
                    continue;
                }
                let mut pressed = board.clone();
                self.variant.press(&mut pressed, p, 1);
                if meets(&pressed) {
                    return Some(Some(p));
                }
            }
        }
        None
    }
}
