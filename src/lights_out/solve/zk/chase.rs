//! Generalised light chasing over `Z_K`, for any toggle pattern, with or without wrap-around.
//!
//! # The plan
//!
//! Take the presses in row-major order. For a cell `i`, the *last press* affecting it is the
//! largest press index `q` with `T[i][q] != 0`. When `T[i][q]` is a unit of `Z_K`, cell `i`
//! can *force* press `q`: once every earlier press is known, `q` is the one count that makes
//! cell `i` reach the goal colour `c`:
//!
//! ```text
//! x_q = T[i][q]^-1 * (c - s_i - sum over j < q of T[i][j] x_j)   (mod K)
//! ```
//!
//! Each press is forced by the lowest cell whose last press it is (cells are grouped by their
//! last press, so each press has its own candidates); a press no cell can force is a *free*
//! unknown, and a cell that forces nothing is a *residual* equation. There are as many residual
//! cells as free presses, `f`. For the plus on an `R x C` board the free presses are the first
//! row and the residual cells the last row (classic light chasing, `f = C`); for `xxx/xxx/xxx`
//! they are the first row and the first column; on a torus the first two rows (the cells of
//! the first row are last pressed from the last row). Chasing from the board `s`, free values `y` and goal colour `c` fixes every press and leaves the residual
//! `c - s_i - sum of T[i][j] x_j` on the residual cells: a linear function of `(s, y, c)`, zero
//! exactly when the presses solve the board. The system for `y` is only `f x f`.
//!
//! # Runs
//!
//! Away from the edges every forced press looks the same relative to itself: the same offset to
//! its cell, the same inverse and the same offsets and coefficients of the other presses (its
//! *stencil*). The plan stores consecutive presses of one stencil as a *run* and works a run in
//! blocks of up to [`LANES`] presses: the terms that lie before the block ("far" ones, e.g. the
//! rows above for the plus) are added lane by lane into `u16` accumulators, which the compiler
//! vectorises; only terms inside the block ("near" ones, e.g. the row's own earlier presses for
//! `xxx/xxx/xxx`) are followed one press at a time. Residual cells are grouped the same way.
//! Remainders modulo `K` take one multiplication ([`Modulus::rem`]).
//!
//! # Bits
//!
//! For two colours without wrap-around the same plan can be worked on bit-packed presses
//! ([`super::bits`], from [`Chase::plan`]): 64 presses a word, each far term one shifted word,
//! and one near term at most (a stride prefix XOR).
//!
//! Sources: light chasing and its reduction to the first row are classic (Anderson and Feil,
//! "Turning lights out with linear algebra", Mathematics Magazine 71, 1998); the plan generalises
//! it to any pattern by the last press of each cell.

use super::lanes;
use super::ring::{Modulus, REM_LIMIT};
use crate::lights_out::variant::matrix::ToggleMatrix;
use crate::lights_out::variant::toggle::TogglePattern;

/// Runs shorter than this are worked one press at a time (unless every coefficient is 1).
const SHORT_RUN: u32 = 8;

/// Presses worked together in one block of a run.
pub(super) const LANES: usize = 128;

/// One term of a stencil: `coefficient * x[here + offset]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Term {
    offset: i32,
    coefficient: u8,
    /// `inverse * coefficient * v mod K` for each value `v`, the stencil's inverse included
    /// (for near terms, see [`Chase::forced`]).
    times_inverse: [u8; 16],
}

/// A run of consecutive presses.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Run {
    /// Presses `start .. start + len` are the free unknowns `var .. var + len`.
    Free { start: u32, len: u32, var: u32 },
    /// Presses `start .. start + len` forced by cells `press + cell`, one stencil.
    Forced(Stencil),
}

/// A run of forced presses or of residual cells with one stencil.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stencil {
    /// The first press (forced runs) or cell (residual runs).
    start: u32,
    len: u32,
    /// Forced runs: the forcing cell is `press + cell`. Residual runs: the index of the first
    /// cell among the residual unknowns.
    cell: i32,
    /// The inverse of the forcing coefficient (1 for residual runs).
    inverse: u8,
    /// `terms[from..to]`, far terms first (by offset, ascending), near terms from `near`.
    from: u32,
    near: u32,
    to: u32,
    /// A multiple of `K` at least as large as the accumulated sum.
    bias: u32,
    /// Every coefficient and the inverse are 1: the run is worked in bytes, each sum kept
    /// below `K` by one conditional subtraction per term.
    unit: bool,
}

/// The chase of one variant (see the module docs).
#[derive(Debug, Clone)]
pub(super) struct Chase {
    modulus: Modulus,
    runs: Vec<Run>,
    residual_runs: Vec<Stencil>,
    terms: Vec<Term>,
    free: usize,
    cells: usize,
    /// The accumulated sums fit [`Modulus::rem`].
    fast: bool,
    /// Without wrap-around: the chase works on a copy of the board with a zero margin as
    /// wide as the pattern's reach all round (see [`Layout`]).
    layout: Option<Layout>,
}

/// The padded working layout of a board without wrap-around: `top` zero rows above and below,
/// `left` zero columns on either side of every row. A press next to an edge then has the same
/// stencil as one inside (its missing neighbours are zero presses of the margin), so every row
/// is one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Layout {
    pub rows: usize,
    pub cols: usize,
    top: usize,
    left: usize,
}

/// The plan of a [`Chase`] as plain runs (see [`Chase::plan`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Plan {
    /// Free and forced runs of presses, in order.
    pub runs: Vec<PlanRun>,
    /// Runs of residual cells.
    pub residual: Vec<PlanRun>,
    pub k: u8,
    pub layout: Option<Layout>,
}

/// A run of the plan in working indices (padded when there is a layout).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PlanRun {
    /// The first press (or residual cell) and how many.
    pub start: usize,
    pub len: usize,
    /// Free runs: the first unknown.
    pub var: Option<usize>,
    /// Forced runs: the forcing cell is `press + cell`; residual runs: the index of the first
    /// cell among the residual unknowns.
    pub cell: isize,
    /// Every coefficient and the inverse are 1.
    pub unit: bool,
    /// The offsets of the other presses of the stencil, ascending (all negative for forced runs).
    pub offsets: Vec<isize>,
}

impl Layout {
    fn width(&self) -> usize {
        self.cols + 2 * self.left
    }

    /// The padded index of (`r`, `c`), which may lie in the margin.
    pub fn at(&self, r: isize, c: isize) -> usize {
        ((r + self.top as isize) * self.width() as isize + c + self.left as isize) as usize
    }

    /// The padded index of board cell `i` (row-major).
    fn of(&self, i: usize) -> usize {
        self.at((i / self.cols) as isize, (i % self.cols) as isize)
    }

    /// Padded indices in all.
    pub fn len(&self) -> usize {
        (self.rows + 2 * self.top) * self.width()
    }

    /// True when padded index `p` is a board cell (not the margin or beyond).
    pub fn is_cell(&self, p: usize) -> bool {
        let (r, c) = (p / self.width(), p % self.width());
        (self.top..self.top + self.rows).contains(&r)
            && (self.left..self.left + self.cols).contains(&c)
    }
}

/// Working copies of the board and the presses in the padded layout (see [`Chase::run`]).
#[derive(Debug, Clone, Default)]
pub(super) struct ChaseScratch {
    s: Vec<u8>,
    x: Vec<u8>,
}

impl ChaseScratch {}

impl Chase {
    /// The plan for the toggle matrix `t` over `Z_K`; `board` is the board's size (rows,
    /// columns) and pattern when there is no wrap-around, for the padded layout.
    pub fn new(
        t: &ToggleMatrix,
        modulus: &Modulus,
        board: Option<(usize, usize, &TogglePattern)>,
    ) -> Chase {
        let n = t.cells();
        let layout = board.map(|(rows, cols, pattern)| Layout {
            rows,
            cols,
            top: pattern.reach_rows(),
            left: pattern.reach_cols(),
        });
        let pos = |i: usize| layout.map_or(i, |l| l.of(i));
        // The margin's presses affecting `cell` (padded indices), when padded.
        let margin = |cell: usize, out: &mut Vec<usize>| {
            out.clear();
            if let (Some(l), Some((_, cols, pattern))) = (layout, board) {
                let (r, c) = ((cell / cols) as isize, (cell % cols) as isize);
                for &(dr, dc) in pattern.offsets() {
                    let (pr, pc) = (r - dr, c - dc);
                    if !(0..l.rows as isize).contains(&pr) || !(0..cols as isize).contains(&pc) {
                        out.push(l.at(pr, pc));
                    }
                }
            }
        };
        let mut outside = Vec::new();
        // Press -> the cell that forces it.
        let forced_by = super::symbolic::forcing_cells(t, modulus);
        let mut forcing = vec![false; n];
        for &cell in forced_by.iter().flatten() {
            forcing[cell as usize] = true;
        }
        let mut chase = Chase {
            modulus: modulus.clone(),
            runs: Vec::new(),
            residual_runs: Vec::new(),
            terms: Vec::new(),
            free: 0,
            cells: n,
            fast: true,
            layout,
        };
        let mut stencil_terms = Vec::new();
        for (press, forcer) in forced_by.iter().enumerate() {
            let Some(cell) = *forcer else {
                chase.push_free(pos(press) as u32);
                continue;
            };
            stencil_terms.clear();
            let mut inverse = 0;
            let q = pos(press) as i32;
            for &(j, coefficient) in t.affecting(cell as usize) {
                if j as usize == press {
                    inverse = modulus.inverse(coefficient).expect("a unit forces");
                } else {
                    stencil_terms.push(Term::new(pos(j as usize) as i32 - q, coefficient));
                }
            }
            // Zero presses of the margin before the press, so that edge stencils match.
            margin(cell as usize, &mut outside);
            stencil_terms.extend(
                outside.iter().map(|&p| p as i32 - q).filter(|&o| o < 0).map(|o| Term::new(o, 1)),
            );
            stencil_terms.sort_by_key(|t| t.offset);
            chase.push_forced(q as u32, pos(cell as usize) as i32 - q, inverse, &stencil_terms);
        }
        let free = chase.free;
        let mut residual = 0u32;
        for cell in (0..n).filter(|&i| !forcing[i]) {
            let here = pos(cell) as i32;
            stencil_terms.clear();
            stencil_terms.extend(
                t.affecting(cell)
                    .iter()
                    .map(|&(j, coefficient)| Term::new(pos(j as usize) as i32 - here, coefficient)),
            );
            margin(cell, &mut outside);
            stencil_terms.extend(outside.iter().map(|&p| Term::new(p as i32 - here, 1)));
            stencil_terms.sort_by_key(|t| t.offset);
            chase.push_residual(here as u32, residual, &stencil_terms);
            residual += 1;
        }
        assert_eq!(residual as usize, free, "as many residual cells as free presses");
        chase.finish_runs();
        chase
    }

    /// The plan as plain runs, for working it another way (the bit chase of
    /// [`super::bits`]): the forced and free runs in order, the residual runs, `K` and the
    /// padded layout (`None` with wrap-around).
    pub fn plan(&self) -> Plan {
        let stencil_run = |st: &Stencil| PlanRun {
            start: st.start as usize,
            len: st.len as usize,
            var: None,
            cell: st.cell as isize,
            unit: st.unit,
            offsets: self.terms[st.from as usize..st.to as usize]
                .iter()
                .map(|t| t.offset as isize)
                .collect(),
        };
        let runs = self
            .runs
            .iter()
            .map(|run| match run {
                &Run::Free { start, len, var } => PlanRun {
                    start: start as usize,
                    len: len as usize,
                    var: Some(var as usize),
                    cell: 0,
                    unit: true,
                    offsets: Vec::new(),
                },
                Run::Forced(st) => stencil_run(st),
            })
            .collect();
        let residual = self.residual_runs.iter().map(stencil_run).collect();
        Plan { runs, residual, k: self.modulus.k, layout: self.layout }
    }

    /// The number of free presses (and of residual cells), `f`.
    pub fn free(&self) -> usize {
        self.free
    }

    fn push_free(&mut self, press: u32) {
        let var = self.free as u32;
        self.free += 1;
        if let Some(Run::Free { start, len, .. }) = self.runs.last_mut()
            && *start + *len == press
        {
            *len += 1;
            return;
        }
        self.runs.push(Run::Free { start: press, len: 1, var });
    }

    fn push_forced(&mut self, press: u32, cell: i32, inverse: u8, terms: &[Term]) {
        if let Some(Run::Forced(last)) = self.runs.last_mut()
            && last.start + last.len == press
            && last.cell == cell
            && last.inverse == inverse
            && same_terms(&self.terms[last.from as usize..last.to as usize], terms)
        {
            last.len += 1;
            return;
        }
        let stencil = self.new_stencil(press, cell, inverse, terms);
        self.runs.push(Run::Forced(stencil));
    }

    fn push_residual(&mut self, cell: u32, index: u32, terms: &[Term]) {
        if let Some(last) = self.residual_runs.last_mut()
            && last.start + last.len == cell
            && same_terms(&self.terms[last.from as usize..last.to as usize], terms)
        {
            last.len += 1;
            return;
        }
        let stencil = self.new_stencil(cell, index as i32, 1, terms);
        self.residual_runs.push(stencil);
    }

    fn new_stencil(&mut self, start: u32, cell: i32, inverse: u8, terms: &[Term]) -> Stencil {
        let from = self.terms.len() as u32;
        let k = u32::from(self.modulus.k);
        self.terms.extend(terms.iter().map(|t| {
            let mut table = [0u8; 16];
            for (v, out) in table.iter_mut().enumerate().take(k as usize) {
                *out = (u32::from(inverse) * u32::from(t.coefficient) * v as u32 % k) as u8;
            }
            Term { times_inverse: table, ..*t }
        }));
        let to = self.terms.len() as u32;
        // Every value is below K, so the sum is at most (K - 1) * (1 + sum of coefficients).
        let k = u32::from(self.modulus.k);
        let most = (k - 1) * (1 + terms.iter().map(|t| u32::from(t.coefficient)).sum::<u32>());
        let bias = most.div_ceil(k) * k;
        self.fast &= bias + k < u32::from(REM_LIMIT);
        let unit = inverse == 1 && terms.iter().all(|t| t.coefficient == 1);
        Stencil { start, len: 1, cell, inverse, from, near: to, to, bias, unit }
    }

    /// Splits the terms of each forced run into far and near ones (see the module docs).
    fn finish_runs(&mut self) {
        for run in &mut self.runs {
            if let Run::Forced(s) = run {
                let block = s.len.min(LANES as u32) as i32;
                let terms = &self.terms[s.from as usize..s.to as usize];
                let far = terms.iter().take_while(|t| t.offset <= -block).count() as u32;
                s.near = s.from + far;
            }
        }
    }

    /// Chases the board `s` (working orientation, `n` colours) from the free values `y` (`f`)
    /// towards colour `c`: writes every press count into `x` (`n`) and the residual into `res`
    /// (`f`).
    pub fn run(
        &self,
        inputs: (&[u8], &[u8], u8),
        x: &mut [u8],
        res: &mut [u8],
        scratch: &mut ChaseScratch,
    ) {
        self.run_copying(inputs, x, res, scratch, (true, true));
    }

    /// [`Chase::run`]; in the padded layout, `load` false when `scratch` holds the board of
    /// the last call already, and `store` false when only the residual is wanted (`x` is then
    /// left as it was).
    pub fn run_copying(
        &self,
        (s, y, c): (&[u8], &[u8], u8),
        x: &mut [u8],
        res: &mut [u8],
        scratch: &mut ChaseScratch,
        (load, store): (bool, bool),
    ) {
        debug_assert!(s.len() == self.cells && x.len() == self.cells);
        let Some(l) = self.layout else {
            return self.run_on(s, y, c, x, res);
        };
        let len = l.len();
        if scratch.x.len() != len {
            scratch.x.clear();
            scratch.x.resize(len, 0);
            scratch.s.clear();
            scratch.s.resize(len, 0);
            debug_assert!(load, "a first chase loads the board");
        }
        let cols = l.cols;
        if load {
            for (r, row) in s.chunks_exact(cols).enumerate() {
                let p = l.at(r as isize, 0);
                scratch.s[p..p + cols].copy_from_slice(row);
            }
        }
        debug_assert!(
            s.chunks_exact(cols)
                .enumerate()
                .all(|(r, row)| scratch.s[l.at(r as isize, 0)..][..cols] == *row),
            "the loaded board is this one"
        );
        self.run_on(&scratch.s, y, c, &mut scratch.x, res);
        if store {
            for (r, row) in x.chunks_exact_mut(cols).enumerate() {
                let p = l.at(r as isize, 0);
                row.copy_from_slice(&scratch.x[p..p + cols]);
            }
        }
        debug_assert!(
            (0..l.len()).all(|p| l.is_cell(p) || scratch.x[p] == 0),
            "the margin stays zero"
        );
    }

    /// [`Chase::run`] on the working layout (padded or not).
    fn run_on(&self, s: &[u8], y: &[u8], c: u8, x: &mut [u8], res: &mut [u8]) {
        debug_assert!(y.len() >= self.free && res.len() >= self.free);
        for run in &self.runs {
            match run {
                &Run::Free { start, len, var } => {
                    let (start, len, var) = (start as usize, len as usize, var as usize);
                    x[start..start + len].copy_from_slice(&y[var..var + len]);
                }
                Run::Forced(stencil) => self.forced(stencil, s, c, x),
            }
        }
        for stencil in &self.residual_runs {
            self.residual(stencil, s, c, x, res);
        }
    }

    /// One forced run, block by block.
    fn forced(&self, st: &Stencil, s: &[u8], c: u8, x: &mut [u8]) {
        // A short unit run is still worked as a block: in bytes, a conditional subtraction a
        // term (the rows of a small padded board are such runs).
        if !st.unit && (st.len < SHORT_RUN || !self.fast) {
            for press in st.start as usize..(st.start + st.len) as usize {
                let cell = (press as isize + st.cell as isize) as usize;
                x[press] = self.single(st, press, cell, s, c, x);
            }
            return;
        }
        let far = &self.terms[st.from as usize..st.near as usize];
        let near = &self.terms[st.near as usize..st.to as usize];
        let end = (st.start + st.len) as usize;
        let mut block = st.start as usize;
        while block < end {
            let l = LANES.min(end - block);
            // Every press as if the near terms were zero, then each near term taken off in
            // order: `x - inverse * coefficient * x_j`, by table, one conditional add.
            let from = (block as isize + st.cell as isize) as usize;
            let (done, rest) = x.split_at_mut(block);
            self.block(st, far, &s[from..from + l], (done, block), c, &mut rest[..l]);
            if !near.is_empty() {
                let k = self.modulus.k;
                if let [t] = near
                    && t.times_inverse[1] == 1
                    && (-2..=-1).contains(&t.offset)
                {
                    // One near term one or two presses back, taken off as it is (coefficient
                    // times inverse is 1): the last two values kept in registers
                    // ([`lanes::chain`]). (A near term lies inside the block only from its
                    // second lane on, so the values before the block are in `done`.)
                    let two_back = if t.offset == -2 { done[block - 2] } else { 0 };
                    let step = t.offset.unsigned_abs() as usize;
                    lanes::chain(&mut rest[..l], [two_back, done[block - 1]], step, k);
                    block += l;
                    continue;
                }
                let out = &mut rest[..l];
                for lane in 0..l {
                    let mut v = out[lane];
                    for t in near {
                        let j = (block + lane) as isize + t.offset as isize;
                        let prev = if j < block as isize {
                            done[j as usize]
                        } else {
                            out[j as usize - block]
                        };
                        let r = v.wrapping_sub(t.times_inverse[usize::from(prev & 15)]);
                        v = r.min(r.wrapping_add(k));
                    }
                    out[lane] = v;
                }
            }
            block += l;
        }
    }

    /// One residual run, block by block.
    fn residual(&self, st: &Stencil, s: &[u8], c: u8, x: &[u8], res: &mut [u8]) {
        if st.len < SHORT_RUN && st.unit {
            // Cell by cell in bytes, one conditional subtraction a term.
            let k = self.modulus.k;
            let terms = &self.terms[st.from as usize..st.to as usize];
            for cell in st.start as usize..(st.start + st.len) as usize {
                let mut v = s[cell];
                for t in terms {
                    let sum = v + x[(cell as isize + t.offset as isize) as usize];
                    v = sum.min(sum.wrapping_sub(k));
                }
                let d = c + k - v;
                res[st.cell as usize + cell - st.start as usize] = d.min(d.wrapping_sub(k));
            }
            return;
        }
        if st.len < SHORT_RUN || (!self.fast && !st.unit) {
            for cell in st.start as usize..(st.start + st.len) as usize {
                let out = st.cell as usize + cell - st.start as usize;
                res[out] = self.single(st, cell, cell, s, c, x);
            }
            return;
        }
        let terms = &self.terms[st.from as usize..st.to as usize];
        let end = (st.start + st.len) as usize;
        let mut block = st.start as usize;
        while block < end {
            let l = LANES.min(end - block);
            let out_from = st.cell as usize + (block - st.start as usize);
            let out = &mut res[out_from..out_from + l];
            self.block(st, terms, &s[block..block + l], (x, block), c, out);
            block += l;
        }
    }

    /// One block of `out.len()` presses (or residual cells) from `here` on: `inverse * (c -
    /// first - sum of coefficient * source[here + offset])` over `terms`, lane by lane.
    #[inline(always)]
    fn block(
        &self,
        st: &Stencil,
        terms: &[Term],
        first: &[u8],
        (source, here): (&[u8], usize),
        c: u8,
        out: &mut [u8],
    ) {
        let l = out.len();
        let rows = terms.iter().map(|t| (t, (here as isize + t.offset as isize) as usize));
        if st.unit {
            self.unit_sum(out, first, rows.map(|(_, j)| &source[j..j + l]));
            self.negate(out, c);
        } else {
            let mut acc = [0u16; LANES];
            let acc = &mut acc[..l];
            gather(acc, first, 1);
            for (t, j) in rows {
                gather(acc, &source[j..j + l], t.coefficient);
            }
            self.finish_all(acc, st, c, out);
        }
    }

    /// The value of one press (or residual cell) at `here` whose cell is `cell`, alone: for
    /// short runs, and in wide arithmetic for stencils whose sums do not fit the fast path.
    #[inline]
    fn single(&self, st: &Stencil, here: usize, cell: usize, s: &[u8], c: u8, x: &[u8]) -> u8 {
        let terms = &self.terms[st.from as usize..st.to as usize];
        let at = |t: &Term| x[(here as isize + t.offset as isize) as usize];
        if self.fast {
            let sum = terms
                .iter()
                .fold(u16::from(s[cell]), |a, t| a + u16::from(t.coefficient) * u16::from(at(t)));
            let r = self.modulus.rem(st.bias as u16 + u16::from(c) - sum);
            let inverse = u16::from(st.inverse);
            return (if inverse == 1 { r } else { self.modulus.rem(r * inverse) }) as u8;
        }
        let k = u64::from(self.modulus.k);
        let sum = terms
            .iter()
            .fold(u64::from(s[cell]), |a, t| a + u64::from(t.coefficient) * u64::from(at(t)));
        let v = (u64::from(c) + k - sum % k) % k;
        (v * u64::from(st.inverse) % k) as u8
    }

    /// `out = first + sum of rows`, lane by lane modulo `K` (every value below `K`): each
    /// addition is followed by one conditional subtraction, as the minimum of the sum and the
    /// wrapped difference, so bytes suffice and the lanes vectorise.
    #[inline(always)]
    fn unit_sum<'r>(&self, out: &mut [u8], first: &[u8], rows: impl Iterator<Item = &'r [u8]>) {
        let k = self.modulus.k;
        out.copy_from_slice(first);
        for row in rows {
            for (o, &v) in out.iter_mut().zip(row) {
                let sum = *o + v;
                *o = sum.min(sum.wrapping_sub(k));
            }
        }
    }

    /// `out = c - out` modulo `K`, lane by lane (every value below `K`).
    #[inline(always)]
    fn negate(&self, out: &mut [u8], c: u8) {
        let k = self.modulus.k;
        let top = c + k;
        for o in out.iter_mut() {
            let d = top - *o;
            *o = d.min(d.wrapping_sub(k));
        }
    }

    /// `inverse * (c - a) mod K` for each accumulated sum `a` into `out`, the inverse's test
    /// taken once.
    #[inline(always)]
    fn finish_all(&self, acc: &[u16], st: &Stencil, c: u8, out: &mut [u8]) {
        let top = st.bias as u16 + u16::from(c);
        if st.inverse == 1 {
            for (o, &a) in out.iter_mut().zip(acc) {
                *o = self.modulus.rem(top - a) as u8;
            }
        } else {
            let inverse = u16::from(st.inverse);
            for (o, &a) in out.iter_mut().zip(acc) {
                *o = self.modulus.rem(self.modulus.rem(top - a) * inverse) as u8;
            }
        }
    }
}

/// True when two stencils' terms have the same offsets and coefficients.
fn same_terms(a: &[Term], b: &[Term]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| x.offset == y.offset && x.coefficient == y.coefficient)
}

impl Term {
    /// The term without its table (filled in by [`Chase::new_stencil`]).
    fn new(offset: i32, coefficient: u8) -> Term {
        Term { offset, coefficient, times_inverse: [0; 16] }
    }
}

/// `acc[l] += coefficient * src[l]`, lane by lane.
#[inline(always)]
fn gather(acc: &mut [u16], src: &[u8], coefficient: u8) {
    let f = u16::from(coefficient);
    for (a, &v) in acc.iter_mut().zip(src) {
        *a += f * u16::from(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::BoardSize;
    use crate::lights_out::solve::zk::TestRng;
    use crate::lights_out::{Goal, TogglePattern, Variant};

    fn plan(r: usize, c: usize, pattern: &str, wrap: bool, k: u8) -> (Chase, ToggleMatrix) {
        plan_padded(r, c, pattern, wrap, k, !wrap)
    }

    /// The plan, in the padded layout when `padded` (only without wrap-around).
    fn plan_padded(
        r: usize,
        c: usize,
        pattern: &str,
        wrap: bool,
        k: u8,
        padded: bool,
    ) -> (Chase, ToggleMatrix) {
        let size = BoardSize::new(r, c).unwrap();
        let toggle: TogglePattern = pattern.parse().unwrap();
        let t = Variant::new(size, toggle.clone(), wrap, k, Goal::Any).unwrap().toggle_matrix();
        let board = padded.then_some((r, c, &toggle));
        (Chase::new(&t, &Modulus::new(k), board), t)
    }

    /// The board cell of a working index (padded or not).
    /// The board `s` with the presses `x` applied (by the toggle matrix, not the chase): each
    /// cell not at `goal`, with the presses of it that are missing (`goal - colour`).
    fn off_goal(t: &ToggleMatrix, s: &[u8], x: &[u8], k: u8, goal: u8) -> Vec<(usize, u8)> {
        let mut board = s.to_vec();
        for (press, &count) in x.iter().enumerate() {
            t.press(&mut board, k, press, count);
        }
        board
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v != goal)
            .map(|(i, &v)| (i, (goal + k - v) % k))
            .collect()
    }

    fn board_cell(chase: &Chase, p: usize) -> usize {
        match chase.layout {
            None => p,
            Some(l) => (p / l.width() - l.top) * l.cols + p % l.width() - l.left,
        }
    }

    /// The padded layout (edge presses in the rows' runs) chases exactly as the
    /// plain one: the same presses and residual on random boards, free presses and goals, for
    /// K = 2..=16, many patterns (wider than the board too) and sizes from 1x1 to 9x70.
    #[test]
    fn the_padded_chase_is_the_plain_one() {
        let patterns = [
            ".x./xxx/.x.",
            "x.x/.x./x.x",
            "xxx/xxx/xxx",
            ".x./x.x/.x.",
            "xx./.xx/...",
            "..x../.xxx./xx.xx",
            "x",
            "xxxxx",
            "x/x/x",
            "..x../..x../xxxxx/..x../..x..",
        ];
        let mut rng = TestRng(11);
        let mut compared = 0;
        for round in 0..600 {
            let pattern = patterns[round % patterns.len()];
            let k = 2 + rng.below(15) as u8;
            let (r, c) = if round % 3 == 0 {
                (1 + rng.below(9) as usize, 1 + rng.below(70) as usize)
            } else {
                (1 + rng.below(7) as usize, 1 + rng.below(12) as usize)
            };
            let toggle: TogglePattern = pattern.parse().unwrap();
            if toggle.reach_rows() >= r || toggle.reach_cols() >= c {
                continue; // a pattern may not be larger than the board
            }
            let (plain, _) = plan_padded(r, c, pattern, false, k, false);
            let (padded, _) = plan_padded(r, c, pattern, false, k, true);
            assert_eq!(plain.free(), padded.free(), "{r}x{c} {pattern}");
            let n = r * c;
            let mut scratch = ChaseScratch::default();
            for _ in 0..4 {
                let s: Vec<u8> = (0..n).map(|_| rng.below(u64::from(k)) as u8).collect();
                let y: Vec<u8> = (0..plain.free()).map(|_| rng.below(u64::from(k)) as u8).collect();
                let goal = rng.below(u64::from(k)) as u8;
                let (mut x, mut res) = (vec![0u8; n], vec![0u8; plain.free()]);
                let (mut px, mut pres) = (vec![0u8; n], vec![0u8; plain.free()]);
                plain.run((&s, &y, goal), &mut x, &mut res, &mut scratch);
                padded.run((&s, &y, goal), &mut px, &mut pres, &mut scratch);
                assert_eq!((&px, &pres), (&x, &res), "{r}x{c} {pattern} K={k}");
                compared += 1;
            }
        }
        assert!(compared > 1000, "{compared} boards compared");
    }

    /// The chains of a near term one or two presses back on many random wide boards: the
    /// presses, replayed through the toggle matrix, leave exactly the residual, and the padded
    /// chase is the plain one.
    #[test]
    fn chains_on_wide_random_boards_leave_only_the_residual() {
        let mut rng = TestRng(23);
        for round in 0..300 {
            let pattern = ["x.x/.x./x.x", "xx.", "x.x", "xxx"][round % 4];
            let k = 2 + rng.below(15) as u8;
            let (r, c) = (3 + rng.below(4) as usize, 3 + rng.below(300) as usize);
            let (plain, t) = plan_padded(r, c, pattern, false, k, false);
            let (padded, _) = plan_padded(r, c, pattern, false, k, true);
            let n = r * c;
            let s: Vec<u8> = (0..n).map(|_| rng.below(u64::from(k)) as u8).collect();
            let y: Vec<u8> = (0..plain.free()).map(|_| rng.below(u64::from(k)) as u8).collect();
            let goal = rng.below(u64::from(k)) as u8;
            let (mut x, mut res) = (vec![0u8; n], vec![0u8; plain.free()]);
            let (mut px, mut pres) = (vec![0u8; n], vec![0u8; plain.free()]);
            plain.run((&s, &y, goal), &mut x, &mut res, &mut ChaseScratch::default());
            padded.run((&s, &y, goal), &mut px, &mut pres, &mut ChaseScratch::default());
            assert_eq!((&px, &pres), (&x, &res), "{r}x{c} {pattern} K={k}");
            let wrong = off_goal(&t, &s, &x, k, goal);
            let residual: Vec<(usize, u8)> = plain
                .residual_runs
                .iter()
                .flat_map(|st| st.start..st.start + st.len)
                .map(|i| i as usize)
                .zip(res.iter().copied())
                .filter(|&(_, v)| v != 0)
                .collect();
            assert_eq!(wrong, residual, "{r}x{c} {pattern} K={k}");
        }
    }

    #[test]
    fn free_presses_are_the_first_row_for_the_plus_and_more_for_wide_top_rows() {
        assert_eq!(plan(5, 7, ".x./xxx/.x.", false, 3).0.free(), 7);
        // On a torus the first row's last press is in the last row: rows 0 and 1 are free.
        assert_eq!(plan(6, 6, ".x./xxx/.x.", true, 2).0.free(), 12);
        assert_eq!(plan(5, 7, "xxx/xxx/xxx", false, 2).0.free(), 7 + 4);
        assert_eq!(plan(4, 4, "x", false, 5).0.free(), 0);
    }

    /// The chase agrees with the toggle matrix: the presses it writes, applied to the board,
    /// leave every forcing cell at the goal colour and the residual cells at `c - residual`.
    #[test]
    fn chased_presses_leave_only_the_residual() {
        let full = vec!["x".repeat(17); 17].join("/");
        let cases = [
            (9, 9, full.as_str(), true, 16),
            (4, 5, ".x./xxx/.x.", false, 3),
            (3, 70, ".x./xxx/.x.", false, 5),
            (70, 3, "xxx/xxx/xxx", false, 2),
            (5, 5, "x.x/.x./x.x", true, 4),
            (6, 4, ".x./x.x/.x.", true, 6),
            (3, 3, "xxxxx/xxxxx/xxxxx/xxxxx/xxxxx", true, 16),
            (7, 9, "..x../.xxx./xx.xx", false, 12),
            // Wide rows: long runs, worked in blocks (near terms at -1, at -2, two of them;
            // coefficient 2 on a two-row torus; a forcing inverse other than 1).
            (3, 150, "xx.", false, 5),
            (4, 140, "x.x/.x./x.x", false, 3),
            (3, 150, "xxx", false, 2),
            (2, 140, ".x./xxx/.x.", true, 3),
            (5, 133, "xxx/xxx/xxx", true, 7),
            (2, 150, "x/x/x", true, 3),
        ];
        let mut rng = TestRng(1);
        for (r, c, pattern, wrap, k) in cases {
            let (chase, t) = plan(r, c, pattern, wrap, k);
            assert_eq!(chase.fast, pattern.len() < 100, "{pattern}: which arithmetic");
            let n = r * c;
            let mut next = || rng.below(u64::from(k)) as u8;
            let s: Vec<u8> = (0..n).map(|_| next()).collect();
            let y: Vec<u8> = (0..chase.free()).map(|_| next()).collect();
            let goal = next();
            let (mut x, mut res) = (vec![0u8; n], vec![0u8; chase.free()]);
            chase.run((&s, &y, goal), &mut x, &mut res, &mut ChaseScratch::default());
            let wrong = off_goal(&t, &s, &x, k, goal);
            let residual: Vec<(usize, u8)> = chase
                .residual_runs
                .iter()
                .flat_map(|st| {
                    (st.start..st.start + st.len).map(|i| board_cell(&chase, i as usize))
                })
                .zip(res.iter().copied())
                .filter(|&(_, v)| v != 0)
                .collect();
            assert_eq!(wrong, residual, "{r}x{c} {pattern} wrap {wrap} K={k}");
        }
    }
}
