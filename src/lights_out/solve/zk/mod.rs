//! Any Lights Out variant on any board by linear algebra over `Z_K`: the exact minimum number
//! of presses, a cell pressed `j` times (`0 <= j < K`) counting `j`.
//!
//! # The method
//!
//! Presses commute, and pressing a cell `K` times changes nothing, so a solution is a vector
//! `x` of press counts in `Z_K^n` (`n = R * C`), and it turns the board `s` into the uniform
//! board of colour `c` when `T x = c 1 - s` over `Z_K`, `T` being the toggle matrix
//! ([`ToggleMatrix`](crate::lights_out::variant::matrix::ToggleMatrix)). For the goal "any", `c`
//! is one more unknown. So:
//!
//! 1. **Set-up, once per variant** ([`ZkSolver::try_new`]): the chase plan takes each press
//!    in row-major order as forced by the cell it is the last press to affect, leaving `f` free
//!    presses and `f` residual cells (`f = C` for the plus: classic light chasing; the board is
//!    transposed when that needs fewer). Chasing each unit free press (and the unit colour) gives
//!    the `f x f` residual matrix `M` (and the colour column `m`); over two colours one chase of
//!    bit vectors of coefficients gives them at once ([`symbolic`]); both `M` and `[M | m]` are
//!    reduced to Smith normal form over each prime power of `K`, whose null spaces,
//!    chased back to whole boards, generate the press patterns that change nothing (and, for
//!    "any", those that change one uniform board into another).
//! 2. **Per board** ([`ZkSolver::solve_into`]): chase the board with no free press, solve the
//!    residual system for the free presses (and colour), chase again to get one solution, then
//!    find the lightest member of its coset with a generalised Walsh-Hadamard transform.
//!    For two colours without wrap-around, on boards of more than 64 cells, both chases work
//!    on bit-packed presses, 64 a word, whenever each run of forced presses has at most one
//!    term inside its own word (the plus, the diagonal `x.x/.x./x.x`, `.x./x.x/.x.`; that
//!    term is a stride prefix XOR): the same plan, so the same presses, residual and answers.
//!
//! For a toggle set per button or holes ([`Variant::buttons`], [`Variant::holes`]) the plan is
//! made on the toggle matrix itself, which is all it reads (no padded layout, so no bit chase,
//! and no transposition), and the residual system leaves out the free presses that are no
//! buttons (holes, buttons that cannot be pressed: they are no unknowns, so never generators of
//! the solutions) and the residual cells of holes (no equation: their colour never counts). A
//! button all of whose cells are holes toggles nothing but is pressed all the same: an unknown
//! with a zero column, so a generator of order `K`, as on boards without holes.
//! Each hole that stops a chase adds a free press, so the set-up grows with the holes.
//!
//! `K` may be any number in `2..=16`: prime (`Z_K` is the field GF(K)), a prime power (4, 8, 9,
//! 16) or a product of prime powers (6, 10, 12, 14, 15), all exact by the Smith normal form and
//! the Chinese remainder theorem. For the Flip Game's own rules (the plus, two colours, no
//! wrap-around) the GF(2) solver ([`super::gf2`]) gives the same answers, press for press, on
//! bit-packed rows.
//!
//! # Exact up to a limit
//!
//! The coset search keeps `S * K` `i32`s for `S` solutions per board (counting every colour of
//! the goal "any"). When `S * K <= 2^(search_bits + 1)` (so for two colours, `S <= 2^search_bits`
//! exactly as the GF(2) solver counts) every solution is weighed and the answer is the proven
//! minimum; otherwise a block descent gives a solution that is not proven minimal
//! ([`ZkOptimum::proven_minimal`]).
//!
//! # Ties
//!
//! Among the lightest solutions the solver returns the one with the largest count at the first
//! cell (row-major) where two differ: the one whose presses, listed in ascending order with each
//! cell repeated by its count, are lexicographically smallest. For two colours that is the
//! GF(2) solver's tie-break; for any `K` it is what a distance-table walk that always presses
//! the lowest cell one step closer to the goal produces.
//!
//! Sources: Anderson and Feil, "Turning lights out with linear algebra", Mathematics Magazine
//! 71 (1998) for light chasing and the null space; the Smith normal form and the Chinese
//! remainder theorem are textbook algebra (e.g. Jacobson, *Basic Algebra I*, 3.7-3.9).

mod bits;
pub(crate) mod budget;
mod chase;
mod coset;
mod lanes;
mod ring;
mod smith;
mod symbolic;

use bits::{BitScratch, Bits};
use chase::{Chase, ChaseScratch};
use coset::{Coset, CosetScratch};
use ring::Modulus;
use smith::{System, SystemScratch};

use super::gf2::{DEFAULT_SEARCH_BITS, MAX_SEARCH_BITS};
use crate::lights_out::board::colours::Board;
use crate::lights_out::variant::goal::Goal;
use crate::lights_out::variant::rules::Variant;
use crate::memory::{self, AllocError};

/// The summary of one solved board; the presses are written beside it (see
/// [`ZkSolver::solve_into`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ZkOptimum {
    /// Presses, a cell pressed `j` times counting `j`: `0 ..= (K - 1) * R * C`.
    pub(crate) distance: usize,
    /// The colour the presses turn the board into.
    pub(crate) colour: u8,
    /// The goal colours that can be reached, bit `c` for colour `c` (for a one-colour goal,
    /// only that colour's bit).
    pub(crate) reachable: u16,
    /// True when every solution was weighed, so `distance` is the minimum; false when there
    /// were too many (see the module docs) and `distance` is only the best found.
    pub(crate) proven_minimal: bool,
    /// When `proven_minimal`, how many solutions have `distance` presses; 0 otherwise.
    pub(crate) optimal: u64,
}

/// A solved board with its presses (see [`ZkSolver::solve`]).
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ZkSolution {
    /// Distance, colour reached, reachable colours and whether it is proven minimal.
    pub(crate) optimum: ZkOptimum,
    /// `(cell, count)`: the cells pressed (row-major `row * C + col`, ascending) and how many
    /// times each, `1 ..= K - 1`.
    pub(crate) presses: Vec<(usize, u8)>,
}

/// Reusable working memory of [`ZkSolver::solve_into`].
#[derive(Debug, Clone, Default)]
pub(crate) struct ZkScratch {
    board: Vec<u8>,
    presses: Vec<u8>,
    residual: Vec<u8>,
    free: Vec<u8>,
    rhs: Vec<u8>,
    system: SystemScratch,
    coset: CosetScratch,
    chase: ChaseScratch,
    bits: BitScratch,
    /// The free presses (and colour) of the live unknowns ([`Live`]).
    live: Vec<u8>,
}

impl ZkScratch {
    /// Reserves the largest buffer a board of `solver` needs, the coset search's table (up to
    /// `8 * 2^search_bits` bytes), so that answering a board does not abort when the system
    /// has no memory for it.
    ///
    /// # Errors
    ///
    /// The system refuses the memory.
    pub(crate) fn try_reserve(&mut self, solver: &ZkSolver) -> Result<(), AllocError> {
        solver.coset.try_reserve(&mut self.coset)
    }
}

/// The solver of one [`Variant`] by linear algebra over `Z_K` (see the module docs).
///
/// Immutable once built: share it between threads and give each thread a [`ZkScratch`].
#[derive(Debug, Clone)]
pub(crate) struct ZkSolver {
    variant: Variant,
    modulus: Modulus,
    /// True when the working board is the transposed one.
    transposed: bool,
    chase: Chase,
    /// The chase on bit-packed presses, when the plan allows it (two colours; see
    /// [`Bits`]): both chases of a board are worked on it instead of the bytes.
    bits: Option<Bits>,
    /// When the free presses are few: the whole-board presses of each unit free press, then
    /// of the unit colour, from an empty board (`f + 1` planes padded to whole
    /// [`lanes::LANE`]s). The chase is linear in the board, the free presses and the colour,
    /// so the second chase of a board is these planes added to its first.
    lift: Option<Vec<u8>>,
    /// `M y = b`: the free presses for one colour.
    fixed: System,
    /// `[M | m] (y, c) = b`: the free presses and the colour.
    extended: System,
    coset: Coset,
    null_orders: Vec<u8>,
    /// The reachable colours of a board are `c + j * colour_step` for the colour `c` of any
    /// solution.
    colour_step: u8,
    /// When transposed: the working index of each original cell, in original order.
    order: Option<Vec<u32>>,
    /// For buttons or holes: the residual system without its dead unknowns and equations.
    live: Option<Live>,
    search_bits: u32,
}

/// The unknowns and equations of the residual system that are really there, for a variant with
/// buttons or holes: a free press that is no button (a hole, or a button that cannot be pressed)
/// is no unknown, and the residual cell of a hole is no equation. The systems
/// [`ZkSolver::fixed`] and [`ZkSolver::extended`] are then made of these only, so such a press is
/// never a generator of the solutions and a hole's colour never counts; a button that toggles
/// nothing (see [`pressable`]) stays an unknown, a generator of order `K`.
#[derive(Debug, Clone)]
struct Live {
    /// The free presses (indices among the `f`) that are buttons ([`pressable`]), ascending.
    cols: Vec<usize>,
    /// The residual cells (indices among the `f`) that are not holes, ascending.
    rows: Vec<usize>,
}

/// True when press `press` of `variant` is a button: not a hole, and not a button that cannot be
/// pressed (an empty line of a buttons file;
/// [`Buttons::pressable`](crate::lights_out::Buttons::pressable)). A button that toggles nothing
/// (every cell it reaches a hole, or reached a multiple of `K` times on a torus) is one still:
/// pressing it is another press set reaching the same board, as on boards without holes.
fn pressable(variant: &Variant, press: usize) -> bool {
    !variant.is_hole(press) && variant.buttons().is_none_or(|b| b.pressable(press))
}

impl Live {
    /// The live unknowns and equations of `chase`, the plan of `variant` (not transposed, no
    /// padded layout).
    fn new(variant: &Variant, chase: &Chase) -> Live {
        let plan = chase.plan();
        debug_assert!(plan.layout.is_none(), "buttons and holes are planned unpadded");
        let mut cols = Vec::new();
        for run in &plan.runs {
            if let Some(var) = run.var {
                let live = (0..run.len).filter(|&j| pressable(variant, run.start + j));
                cols.extend(live.map(|j| var + j));
            }
        }
        let mut rows = Vec::new();
        for run in &plan.residual {
            let first = run.cell as usize;
            rows.extend(
                (0..run.len).filter(|&j| !variant.is_hole(run.start + j)).map(|j| first + j),
            );
        }
        cols.sort_unstable();
        rows.sort_unstable();
        Live { cols, rows }
    }

    /// The `rows x cols` matrix `m` (row-major, `cols` columns of which the last `extra` are
    /// kept whole, e.g. the colour column) restricted to the live rows and columns.
    fn restrict(&self, m: &[u8], cols: usize, extra: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.rows.len() * (self.cols.len() + extra));
        for &r in &self.rows {
            let row = &m[r * cols..(r + 1) * cols];
            out.extend(self.cols.iter().map(|&c| row[c]));
            out.extend_from_slice(&row[cols - extra..]);
        }
        out
    }

    /// The `f` free values (then the `extra` trailing ones) of the live values `y`.
    fn scatter(&self, y: &[u8], f: usize, extra: usize, out: &mut [u8]) {
        out[..f].fill(0);
        for (&c, &v) in self.cols.iter().zip(y) {
            out[c] = v;
        }
        out[f..f + extra].copy_from_slice(&y[self.cols.len()..self.cols.len() + extra]);
    }
}

impl ZkSolver {
    /// [`ZkSolver::try_new`], for the tests.
    ///
    /// # Panics
    ///
    /// When the system refuses the memory.
    #[cfg(test)]
    pub(crate) fn new(variant: &Variant) -> ZkSolver {
        ZkSolver::try_new(variant).unwrap_or_else(|e| panic!("{variant}: {e}"))
    }

    /// Sets up the solver for `variant` (see the module docs; the cost is about `f + 1` chases of
    /// the whole board and `f^3` steps of elimination per prime power of `K`, `f` being the free
    /// presses: the shorter side for the plus; over two colours, one chase of bit vectors and an
    /// elimination on words of 64 entries, so about 64 times less). Memory: a few buffers of the
    /// board's cells, the `f x (f + 1)` residual matrix, and two planes of the board's cells per
    /// generator of the goal's coset (up to `f + 1` of them), all allocated fallibly.
    ///
    /// # Errors
    ///
    /// The system refuses the memory of the set-up ([`AllocError`]).
    pub(crate) fn try_new(variant: &Variant) -> Result<ZkSolver, AllocError> {
        let modulus = Modulus::new(variant.colours());
        let k = modulus.k;
        let (rows, cols) = (variant.size().rows(), variant.size().cols());
        let n = rows * cols;
        // The orientation with fewer free presses (the given one on a tie).
        // Buttons and holes: the general plan on the matrix itself (no padded layout, so no
        // bit chase either), never transposed.
        let plan = |v: &Variant| {
            let board = (!v.wrap() && !v.has_graph())
                .then(|| (v.size().rows(), v.size().cols(), v.toggle()));
            let matrix = v.toggle_matrix();
            (Chase::new(&matrix, &modulus, board), matrix)
        };
        let straight = plan(variant);
        let (transposed, (chase, matrix)) = if variant.has_graph()
            || (rows == cols && variant.toggle().transposed() == *variant.toggle())
        {
            (false, straight)
        } else {
            let turned = plan(&variant.transposed());
            if turned.0.free() < straight.0.free() { (true, turned) } else { (false, straight) }
        };
        let f = chase.free();
        const BOARD: &str = "the Z_K solver's set-up";
        // Column j of M: the residual of free press j alone; m: that of the colour alone.
        let zeros = memory::try_zeroed::<u8>(n, BOARD)?;
        let mut x = memory::try_zeroed::<u8>(n, BOARD)?;
        let (mut res, mut y) = (memory::try_zeroed::<u8>(f, BOARD)?, memory::try_zeroed(f, BOARD)?);
        let cells = f.checked_mul(f + 1).ok_or_else(|| AllocError::of::<u8>(usize::MAX, BOARD))?;
        let mut extended_matrix = memory::try_zeroed::<u8>(cells, BOARD)?;
        let mut chase_scratch = ChaseScratch::default();
        let stride = lanes::padded(n);
        // On boards of up to 64 cells the byte chase (with the lift) measured a little cheaper.
        let bits = if n > BITS_ABOVE { Bits::new(&chase) } else { None };
        let mut lift = match bits.is_none() && uses_lift(f, k, stride) {
            true => Some(memory::try_zeroed::<u8>((f + 1) * stride, BOARD)?),
            false => None,
        };
        // Over GF(2), without the lift's whole-board planes, one symbolic chase gives the matrix.
        let symbolic = match k == 2 && lift.is_none() {
            true => {
                symbolic::residual_matrix(&matrix, &symbolic::forcing_cells(&matrix, &modulus))?
            }
            false => None,
        };
        drop(matrix);
        let chased = symbolic.is_none();
        if let Some(m) = symbolic {
            extended_matrix = m;
        }
        for j in (0..=f).filter(|_| chased) {
            y.fill(0);
            let colour = if j == f { 1 } else { 0 };
            if j < f {
                y[j] = 1;
            }
            chase.run((&zeros, &y, colour), &mut x, &mut res, &mut chase_scratch);
            for (i, &r) in res.iter().enumerate() {
                extended_matrix[i * (f + 1) + j] = r;
            }
            if let Some(planes) = &mut lift {
                planes[j * stride..j * stride + n].copy_from_slice(&x);
            }
        }
        let live = variant.has_graph().then(|| Live::new(variant, &chase));
        if let Some(live) = &live {
            extended_matrix = live.restrict(&extended_matrix, f + 1, 1);
        }
        let (equations, unknowns) = live.as_ref().map_or((f, f), |l| (l.rows.len(), l.cols.len()));
        let mut fixed_matrix = memory::try_with_capacity::<u8>(equations * unknowns, BOARD)?;
        fixed_matrix
            .extend(extended_matrix.chunks_exact(unknowns + 1).flat_map(|row| &row[..unknowns]));
        let fixed = System::new(&fixed_matrix, equations, unknowns, &modulus);
        let extended = System::new(&extended_matrix, equations, unknowns + 1, &modulus);
        // The free presses (and the colour) of a solution of a system.
        let widen = |y: Vec<u8>, extra: usize| match &live {
            None => y,
            Some(live) => {
                let mut out = vec![0u8; f + extra];
                live.scatter(&y, f, extra, &mut out);
                out
            }
        };
        // Generators: null patterns (colour 0) or, for "any", patterns between uniform boards,
        // as `(free presses, order, colour)`; only the goal's are chased to whole boards.
        let null_space: Vec<(Vec<u8>, u8, u8)> =
            fixed.kernel().into_iter().map(|(y, order)| (widen(y, 0), order, 0)).collect();
        let null_orders = null_space.iter().map(|g| g.1).collect();
        let any_space: Vec<(Vec<u8>, u8, u8)> = extended
            .kernel()
            .into_iter()
            .map(|(y, order)| {
                let mut y = widen(y, 1);
                let colour = y[f];
                y.truncate(f);
                (y, order, colour)
            })
            .collect();
        let colour_step = any_space.iter().fold(k, |g, generator| gcd(g, generator.2));
        let kernel = if variant.goal() == Goal::Any { any_space } else { null_space };
        let mut generators = memory::try_with_capacity(kernel.len(), BOARD)?;
        for (free, order, colour) in kernel {
            let mut plane = memory::try_zeroed::<u8>(n, "the Z_K solver's generators")?;
            chase.run((&zeros, &free, colour), &mut plane, &mut res, &mut chase_scratch);
            debug_assert!(settled(live.as_ref(), &res), "a generator solves the system");
            generators.push((plane, order, colour));
        }
        let coset = Coset::new(k, n, &generators, DEFAULT_SEARCH_BITS)?;
        drop(generators);
        let order = transposed
            .then(|| (0..n).map(|o| ((o % cols) * rows + o / cols) as u32).collect::<Vec<u32>>());
        Ok(ZkSolver {
            variant: variant.clone(),
            modulus,
            transposed,
            chase,
            bits,
            lift,
            fixed,
            extended,
            coset,
            null_orders,
            colour_step,
            order,
            live,
            search_bits: DEFAULT_SEARCH_BITS,
        })
    }

    /// The same solver, weighing up to `2^bits` solutions of two colours exactly (see the
    /// module docs; default [`DEFAULT_SEARCH_BITS`]); the search then takes up to
    /// `8 * 2^bits` bytes.
    ///
    /// # Panics
    ///
    /// If `bits` exceeds [`MAX_SEARCH_BITS`].
    pub(crate) fn with_search_bits(mut self, bits: u32) -> ZkSolver {
        assert!(bits <= MAX_SEARCH_BITS, "search of 2^{bits} exceeds 2^{MAX_SEARCH_BITS}");
        self.coset.set_search_bits(bits);
        self.search_bits = bits;
        self
    }

    /// How many generators are searched exactly (see [`ZkSolver::with_search_bits`]).
    pub(crate) fn search_bits(&self) -> u32 {
        self.search_bits
    }

    /// True when every answer is a proven minimum (see the module docs).
    pub(crate) fn is_exact(&self) -> bool {
        self.coset.is_exact()
    }

    /// The number of generators of the null space of the toggle matrix (the press patterns
    /// that change nothing). For a prime `K` it is the dimension of the null space over GF(K),
    /// the *nullity*; for any `K`, each generator has an order that divides `K`.
    pub(crate) fn nullity(&self) -> usize {
        self.null_orders.len()
    }

    /// The orders of the generators of a board's solutions (for the goal "any", of every
    /// goal colour's): a solvable board has their product of solutions.
    pub(crate) fn solution_orders(&self) -> &[u8] {
        self.coset.orders()
    }

    /// Solves `board` for the variant's goal: `None` when the goal cannot be reached.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or holds a colour not below `K`.
    #[cfg(test)]
    pub(crate) fn solve(&self, board: &Board) -> Option<ZkSolution> {
        let mut presses = Vec::new();
        let optimum = self.solve_into(board, &mut ZkScratch::default(), &mut presses)?;
        Some(ZkSolution { optimum, presses })
    }

    /// Solves `board` with reusable buffers: on success `presses` holds `(cell, count)` for
    /// every pressed cell (row-major `row * C + col`, ascending; the counts `1 ..= K - 1`); it is
    /// emptied otherwise.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or holds a colour not below `K`.
    pub(crate) fn solve_into(
        &self,
        board: &Board,
        scratch: &mut ZkScratch,
        presses: &mut Vec<(usize, u8)>,
    ) -> Option<ZkOptimum> {
        presses.clear();
        let k = self.modulus.k;
        let colour = match self.variant.goal() {
            Goal::Colour(goal) => {
                self.particular(board, scratch, Some(goal))?;
                goal
            }
            Goal::Any => self.particular(board, scratch, None)?,
        };
        let reachable = match self.variant.goal() {
            Goal::Colour(goal) => 1u16 << goal,
            Goal::Any => self.colours_from(colour),
        };
        let n = scratch.board.len();
        let x = &mut scratch.presses[..n];
        let found = self.coset.lightest(x, self.order.as_deref(), &mut scratch.coset);
        let colour = ((u32::from(colour) + u32::from(found.colour_shift)) % u32::from(k)) as u8;
        self.write_presses(&scratch.presses, presses);
        if self.transposed {
            presses.sort_unstable();
        }
        Some(ZkOptimum {
            distance: found.weight,
            colour,
            reachable,
            proven_minimal: found.exact,
            optimal: found.optimal,
        })
    }

    /// The uniform colours `board` can be turned into, bit `c` for colour `c`, whatever the
    /// variant's goal.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or holds a colour not below `K`.
    #[cfg(test)]
    pub(crate) fn reachable_colours(&self, board: &Board, scratch: &mut ZkScratch) -> u16 {
        self.particular(board, scratch, None).map_or(0, |c| self.colours_from(c))
    }

    /// Loads `board` and writes one solution into `scratch.presses`, towards `goal` (or any
    /// colour); returns the colour reached, `None` when there is no solution.
    fn particular(&self, board: &Board, scratch: &mut ZkScratch, goal: Option<u8>) -> Option<u8> {
        self.load(board, &mut scratch.board);
        let f = self.chase.free();
        let n = scratch.board.len();
        let stride = lanes::padded(n);
        let ZkScratch {
            board: s,
            presses: x,
            residual,
            free,
            rhs,
            system,
            chase,
            bits: planes,
            live: reduced,
            ..
        } = scratch;
        // Padded to whole chunks for the lift and the press list; only the first `n` counts are
        // the presses.
        x.resize(stride, 0);
        x[n..].fill(0);
        residual.resize(f, 0);
        free.clear();
        free.resize(f + 1, 0);
        // Only the residual is wanted from this chase unless the lift builds on its presses.
        let store = self.lift.is_some();
        match &self.bits {
            Some(bits) => {
                bits.load(s, planes);
                bits.run((free, goal.unwrap_or(0)), Some(residual), planes);
            }
            None => self.chase.run_copying(
                (s, free, goal.unwrap_or(0)),
                &mut x[..n],
                residual,
                chase,
                (true, store),
            ),
        }
        let k = self.modulus.k;
        rhs.clear();
        match &self.live {
            None => rhs.extend(residual.iter().map(|&r| (k - r) % k)),
            Some(live) => rhs.extend(live.rows.iter().map(|&i| (k - residual[i]) % k)),
        }
        let extra = usize::from(goal.is_none());
        let system_of = if goal.is_some() { &self.fixed } else { &self.extended };
        let solved = match &self.live {
            None => system_of.solve(rhs, system, &mut free[..f + extra]),
            Some(live) => {
                reduced.clear();
                reduced.resize(live.cols.len() + extra, 0);
                let solved = system_of.solve(rhs, system, reduced);
                live.scatter(reduced, f, extra, free);
                solved
            }
        };
        if !solved {
            return None;
        }
        let colour = goal.unwrap_or(free[f]);
        match (&self.bits, &self.lift) {
            (Some(bits), _) => {
                // The residual is zero now: worked out only to be checked.
                let check = cfg!(debug_assertions).then_some(&mut residual[..]);
                bits.run((&free[..f], colour), check, planes);
                bits.store(planes, x);
            }
            (None, Some(planes)) => {
                // The first chase was from no free press and the goal's colour (0 for "any"):
                // add the free presses, and for "any" the colour.
                let extra = if goal.is_none() { f + 1 } else { f };
                for (plane, &times) in planes.chunks_exact(stride).zip(&free[..extra]) {
                    for _ in 0..times {
                        lanes::add_mod(x, plane, k);
                    }
                }
                if cfg!(debug_assertions) {
                    let mut chased = vec![0u8; n];
                    self.chase.run((s, &free[..f], colour), &mut chased, residual, chase);
                    assert_eq!(chased[..], x[..n], "the lift is the chase");
                }
            }
            (None, None) => self.chase.run_copying(
                (s, &free[..f], colour),
                &mut x[..n],
                residual,
                chase,
                (false, true),
            ),
        }
        debug_assert!(
            settled(self.live.as_ref(), residual),
            "the particular solution solves the board"
        );
        Some(colour)
    }

    /// Writes `(original cell, count)` for every non-zero count of `x` (working orientation,
    /// padded with zeros to whole chunks of [`lanes::LANE`] counts) into `presses` in one pass:
    /// the non-zero counts of each chunk as a 16-bit mask, then one entry per set bit (no
    /// branch per count).
    fn write_presses(&self, x: &[u8], presses: &mut Vec<(usize, u8)>) {
        if self.transposed {
            push_nonzero(x, presses, |w| self.original_index(w));
        } else {
            push_nonzero(x, presses, |w| w);
        }
    }

    /// The colours `c + j * colour_step`, as bits.
    fn colours_from(&self, c: u8) -> u16 {
        let k = self.modulus.k;
        (0..k / self.colour_step).fold(0u16, |bits, j| bits | 1 << ((c + j * self.colour_step) % k))
    }

    /// Writes `board` into `out` in the working orientation.
    fn load(&self, board: &Board, out: &mut Vec<u8>) {
        let size = self.variant.size();
        assert_eq!((board.rows(), board.cols()), (size.rows(), size.cols()), "board size");
        let cells = board.cells();
        out.clear();
        match &self.order {
            None => out.extend_from_slice(cells),
            Some(order) => {
                out.resize(cells.len(), 0);
                for (&w, &v) in order.iter().zip(cells) {
                    out[w as usize] = v;
                }
            }
        }
        // A hole's colour never counts (and is never transposed: holes are not).
        if let Some(holes) = self.variant.holes() {
            for (v, _) in out.iter_mut().zip(holes).filter(|(_, h)| **h) {
                *v = 0;
            }
        }
        let top = out.iter().copied().max().unwrap_or(0);
        assert!(top < self.modulus.k, "colour {top} with {} colours", self.modulus.k);
    }

    /// The original row-major index of working cell `w`.
    #[inline]
    fn original_index(&self, w: usize) -> usize {
        if !self.transposed {
            return w;
        }
        let size = self.variant.size();
        // Working (r, c) = original (c, r); the working board has R columns.
        let (r, c) = (w / size.rows(), w % size.rows());
        c * size.cols() + r
    }
}

/// Clears `presses`, then pushes `(cell(w), x[w])` for every non-zero count `x[w]`, `w`
/// ascending (`x` a whole number of chunks).
#[inline(always)]
fn push_nonzero(x: &[u8], presses: &mut Vec<(usize, u8)>, cell: impl Fn(usize) -> usize) {
    debug_assert!(x.len().is_multiple_of(lanes::LANE), "padded");
    presses.clear();
    presses.reserve(x.len());
    for (i, chunk) in x.chunks_exact(lanes::LANE).enumerate() {
        let chunk = lanes::chunk(chunk);
        let mut bits = lanes::nonzero(&chunk);
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            presses.push((cell(i * lanes::LANE + j), chunk[j]));
            bits &= bits - 1;
        }
    }
}

/// True when the residual is zero on every equation that is there (see [`Live`]).
fn settled(live: Option<&Live>, residual: &[u8]) -> bool {
    match live {
        None => residual.iter().all(|&r| r == 0),
        Some(live) => live.rows.iter().all(|&i| residual[i] == 0),
    }
}

/// Boards of more cells than this are chased in bits when the plan allows it ([`Bits`]).
const BITS_ABOVE: usize = 64;

/// True when the lift planes replace the second chase (the `lift` of [`ZkSolver`]): adding about
/// `f (K - 1) / 2` planes costs less than a chase while `f (K - 1)` is small, and the planes
/// (`(f + 1) * stride` bytes) stay within 1 MiB.
fn uses_lift(f: usize, k: u8, stride: usize) -> bool {
    f * usize::from(k - 1) <= 64 && (f + 1) * stride <= 1 << 20
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The tests' random numbers: a 64-bit linear congruential generator (Knuth's MMIX
/// constants); [`TestRng::below`] is uniform enough in `0..m` to pick test cases.
#[cfg(test)]
pub(super) struct TestRng(pub(super) u64);

#[cfg(test)]
impl TestRng {
    /// The next number, below `m` (at least 1).
    pub(super) fn below(&mut self, m: u64) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) % m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::BoardSize;

    /// The lift (planes added instead of a second chase) gives the very answers of the chase,
    /// press for press, on random boards of every goal, K = 2..=5, several patterns, with and
    /// without wrap-around, and boards both solvable and not.
    #[test]
    fn the_lift_answers_as_the_second_chase() {
        let mut rng = TestRng(3);
        let mut next = |m: u64| rng.below(m);
        let patterns = [".x./xxx/.x.", "x.x/.x./x.x", "xxx/xxx/xxx", ".x./x.x/.x.", "xx./.xx/..."];
        let mut lifted = 0;
        for k in 2..=5u8 {
            for pattern in patterns {
                for (r, c, wrap) in [(5, 5, false), (4, 7, false), (6, 3, true), (9, 9, false)] {
                    let size = BoardSize::new(r, c).unwrap();
                    let goals = [Goal::Any, Goal::Colour(0), Goal::Colour(k - 1)];
                    for goal in goals {
                        let variant =
                            Variant::new(size, pattern.parse().unwrap(), wrap, k, goal).unwrap();
                        let solver = ZkSolver::new(&variant);
                        if solver.lift.is_none() {
                            continue;
                        }
                        lifted += 1;
                        let mut chased = solver.clone();
                        chased.lift = None;
                        let (mut a, mut b) = (ZkScratch::default(), ZkScratch::default());
                        for _ in 0..40 {
                            let cells = (0..r * c).map(|_| next(u64::from(k)) as u8).collect();
                            let board = Board::from_cells(r, c, cells);
                            let (mut pa, mut pb) = (Vec::new(), Vec::new());
                            let got = solver.solve_into(&board, &mut a, &mut pa);
                            let want = chased.solve_into(&board, &mut b, &mut pb);
                            assert_eq!((got, &pa), (want, &pb), "{variant} {board:?}");
                        }
                    }
                }
            }
        }
        assert!(lifted > 100, "the lift is used ({lifted} variants)");
    }

    /// The bit chase (two colours) gives the very answers of the byte chase, press for press:
    /// random boards of every goal, every pattern it takes, boards of one row or column, rows
    /// across word boundaries (63, 64, 65, 128 columns) and their transposes.
    #[test]
    fn the_bit_chase_answers_as_the_byte_chase() {
        let mut rng = TestRng(17);
        let patterns = [".x./xxx/.x.", "x.x/.x./x.x", ".x./x.x/.x.", "x.x", "xxx/xxx/xxx"];
        let mut sizes = vec![(1, 9), (9, 1), (1, 70), (70, 1), (5, 5), (4, 7), (7, 4)];
        sizes.extend([(3, 63), (63, 3), (2, 64), (64, 2), (3, 65), (65, 3), (2, 128), (128, 2)]);
        sizes.extend([(20, 20), (9, 100)]);
        let (mut bits, mut bitwise) = (0, 0);
        for pattern in patterns {
            let toggle: crate::lights_out::TogglePattern = pattern.parse().unwrap();
            for &(r, c) in &sizes {
                if toggle.reach_rows() >= r || toggle.reach_cols() >= c {
                    continue;
                }
                let size = BoardSize::new(r, c).unwrap();
                for goal in [Goal::Any, Goal::Colour(0), Goal::Colour(1)] {
                    let variant = Variant::new(size, toggle.clone(), false, 2, goal).unwrap();
                    let mut solver = ZkSolver::new(&variant);
                    assert!(r * c > BITS_ABOVE || solver.bits.is_none(), "small boards in bytes");
                    let picked = solver.bits.is_some();
                    // Small boards too (taken by the byte chase unless forced).
                    solver.bits = Bits::new(&solver.chase);
                    if solver.bits.is_none() {
                        assert_eq!(pattern, "xxx/xxx/xxx", "the bit chase takes {pattern}");
                        continue;
                    }
                    bitwise += usize::from(picked);
                    bits += 1;
                    let mut bytes = solver.clone();
                    bytes.bits = None;
                    let (mut a, mut b) = (ZkScratch::default(), ZkScratch::default());
                    for _ in 0..12 {
                        let cells = (0..r * c).map(|_| rng.below(2) as u8).collect();
                        let board = Board::from_cells(r, c, cells);
                        let (mut pa, mut pb) = (Vec::new(), Vec::new());
                        let got = solver.solve_into(&board, &mut a, &mut pa);
                        let want = bytes.solve_into(&board, &mut b, &mut pb);
                        assert_eq!((got, &pa), (want, &pb), "{variant} {board:?}");
                        let got = solver.reachable_colours(&board, &mut a);
                        assert_eq!(got, bytes.reachable_colours(&board, &mut b), "{variant}");
                    }
                }
            }
        }
        assert!(bits > 120, "the bit chase is used ({bits} variants)");
        assert!(bitwise > 60, "the solver takes the bit chase itself ({bitwise} variants)");
    }
}
