//! The lightest member of a coset `x + span(generators)` over `Z_K`, presses counted with
//! multiplicity.
//!
//! Every solution of a board is `x + y_0 g_0 + ... + y_{d-1} g_{d-1}` (mod `K`, cell by cell)
//! for exactly one choice of `0 <= y_k < o_k`, where the generators `g_k` of orders `o_k` span
//! the presses that change nothing (and, for the goal "any", those that change one uniform
//! board into another). Its weight is the sum of its counts, each taken in `0..K`. The entries
//! of `g_k` are multiples of `K / o_k` (as `o_k g_k = 0`), so cell `i` has a *mask*
//! `u_i = (g_k[i] / (K / o_k))_k`, a point of `Z_{o_0} x ... x Z_{o_{d-1}}`, and
//!
//! ```text
//! weight(y) = sum over cells i of (x_i + L_i(y)) mod K,   L_i(y) = sum_k (K / o_k) u_ik y_k.
//! ```
//!
//! **The transform.** Let `H[u][t]` be, for `t` in `Z_K`, the weight the cells of mask `u`
//! would have if `t` were added to each: `sum over cells i with u_i = u of (x_i + t) mod K`
//! (one pass over the cells counts their values by mask, then `K^2` steps per mask). Replacing
//! the coordinates of `u` one at a time by those of `y`,
//!
//! ```text
//! H'[.., y_k, ..][t] = sum over u_k < o_k of H[.., u_k, ..][t + (K / o_k) u_k y_k],
//! ```
//!
//! turns `H` into `H[y][t] = sum over cells of (x_i + t + L_i(y)) mod K`, so `H[y][0]` is
//! `weight(y)` for all `S = o_0 ... o_{d-1}` solutions at once, in `S * K * (o_0 + ... )`
//! additions. For `K = 2` this is the Walsh-Hadamard transform of the GF(2) solver carried with
//! both values of `t`.
//!
//! **Ties** are broken as the GF(2) solver and the distance-table walk break them: among the
//! lightest solutions, the one with the largest count at the first cell (in the original
//! row-major order) where they differ, i.e. the one whose list of presses in ascending order,
//! each cell repeated by its count, is lexicographically smallest.
//!
//! **Too many solutions.** The table takes `S * K` `i32`s; when that exceeds the limit, the
//! search descends by windows of consecutive generators instead (each window weighed whole by
//! the same transform on top of the best so far, moving only to strictly lighter solutions,
//! cycling until a whole cycle brings nothing): a solution, not necessarily the lightest. For a
//! prime `K` the walk of information-set decoding ([`isd`]) then looks for a lighter one.

use crate::memory::{AllocError, try_reserve, try_with_capacity, try_zeroed};
use std::ops::Range;

use super::lanes;
use crate::lights_out::solve::isd;

/// Largest table (`S * K` entries) of one window of the descent.
const WINDOW_ENTRIES: u64 = 1 << 17;

/// Entries added as one run in the transform.
const CHUNK: usize = 64;

/// Coordinates of a smaller stride are transformed entry by entry.
const SHORT_STRIDE: usize = 8;

/// What [`Coset::lightest`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Lightest {
    /// Presses (with multiplicity) of the solution written back.
    pub weight: usize,
    /// How many colours the chosen combination moves the reached colour on.
    pub colour_shift: u8,
    /// True when every solution of the coset was weighed.
    pub exact: bool,
    /// When `exact`, how many members of the coset have the lightest weight; 0 otherwise.
    pub optimal: u64,
}

/// Reusable buffers of [`Coset::lightest`].
#[derive(Debug, Clone, Default)]
pub(super) struct CosetScratch {
    table: Vec<i32>,
    temp: Vec<i32>,
    masks: Vec<u32>,
    candidates: Vec<u32>,
    digits: Vec<u8>,
    chosen: Vec<u8>,
    /// The member of the coset being weighed by [`Coset::enumerate`].
    walk: Vec<u8>,
    /// The candidates still tied, and their counts at one cell ([`Coset::break_ties`]).
    alive: Vec<usize>,
    values: Vec<u32>,
}

impl CosetScratch {}

/// The generators of the solutions of one goal, and the cells' masks (see the module docs).
#[derive(Debug, Clone)]
pub(super) struct Coset {
    k: u8,
    cells: usize,
    /// `d` planes of `cells` counts, one after another.
    planes: Vec<u8>,
    /// The same planes, each padded with zeros to a whole number of [`lanes::LANE`]s.
    padded_planes: Vec<u8>,
    orders: Vec<u8>,
    /// Per generator, the colour it moves the reached colour by.
    colours: Vec<u8>,
    /// When the whole coset is weighed: each cell's mask as a mixed-radix number (digit `k` of
    /// radix `o_k`, generator 0 lowest).
    masks: Vec<u32>,
    exact: bool,
}

impl Coset {
    /// The coset of the generators `(plane, order, colour change)` over `Z_K`, weighed whole
    /// when `S * K <= 2^(search_bits + 1)`.
    ///
    /// # Errors
    ///
    /// The system refuses the memory of the planes (two copies of the generators' cells).
    pub fn new(
        k: u8,
        cells: usize,
        generators: &[(Vec<u8>, u8, u8)],
        search_bits: u32,
    ) -> Result<Coset, AllocError> {
        const PLANES: &str = "the Z_K solver's generators";
        let stride = lanes::padded(cells);
        let too_many = || AllocError::of::<u8>(usize::MAX, PLANES);
        let mut planes =
            try_with_capacity(generators.len().checked_mul(cells).ok_or_else(too_many)?, PLANES)?;
        for (plane, _, _) in generators {
            assert_eq!(plane.len(), cells, "a generator is a plane");
            planes.extend_from_slice(plane);
        }
        let mut padded_planes =
            try_zeroed::<u8>(generators.len().checked_mul(stride).ok_or_else(too_many)?, PLANES)?;
        for (out, (plane, _, _)) in padded_planes.chunks_exact_mut(stride).zip(generators) {
            out[..cells].copy_from_slice(plane);
        }
        let orders = generators.iter().map(|g| g.1).collect();
        let colours = generators.iter().map(|g| g.2).collect();
        let masks = Vec::new();
        let mut coset =
            Coset { k, cells, planes, padded_planes, orders, colours, masks, exact: false };
        coset.set_search_bits(search_bits);
        Ok(coset)
    }

    /// Weighs the whole coset from now on when `S * K <= 2^(search_bits + 1)`.
    pub fn set_search_bits(&mut self, search_bits: u32) {
        let entries = table_entries(&self.orders, self.k);
        self.exact = self.orders.is_empty() || entries.is_some_and(|e| e <= 2u64 << search_bits);
        let mut masks = std::mem::take(&mut self.masks);
        if self.exact {
            self.window_masks(0..self.orders.len(), &mut masks);
        } else {
            masks = Vec::new();
        }
        self.masks = masks;
    }

    /// Reserves in `scratch` the table of the whole coset's transform when it is weighed whole
    /// (`S * K` entries of 4 bytes; the windows of the descent are at most 2^17 entries), so
    /// that weighing a board does not abort when the system has no memory for it.
    ///
    /// # Errors
    ///
    /// The system refuses the memory.
    pub fn try_reserve(&self, scratch: &mut CosetScratch) -> Result<(), AllocError> {
        let entries = match (self.exact, table_entries(&self.orders, self.k)) {
            (true, Some(entries)) => usize::try_from(entries).unwrap_or(usize::MAX),
            _ => 0,
        };
        let table = &mut scratch.table;
        try_reserve(table, entries.saturating_sub(table.len()), "the Z_K search of the coset")
    }

    /// True when every solution is weighed.
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// Replaces `x` (a solution, `cells` counts) by the lightest member of its coset (see the
    /// module docs). `order` lists the cells in the order ties are broken in (`None`: index
    /// order).
    pub fn lightest(
        &self,
        x: &mut [u8],
        order: Option<&[u32]>,
        scratch: &mut CosetScratch,
    ) -> Lightest {
        let d = self.orders.len();
        let mut colour_shift = 0u8;
        if d > 0 && self.exact {
            // The lightest weight is read off the table: no sum of the member written back.
            let weight = self.best(x, 0..d, &self.masks, false, order, scratch);
            let optimal = scratch.candidates.len() as u64;
            colour_shift = self.apply(x, 0..d, &scratch.chosen);
            debug_assert_eq!(weight, Some(lanes::sum(x) as usize), "the table weighs the member");
            let weight = weight.expect("the whole coset is weighed");
            return Lightest { weight, colour_shift, exact: true, optimal };
        } else if d > 0 {
            let windows = self.windows();
            let mut masks = std::mem::take(&mut scratch.masks);
            let (mut step, mut since_improvement) = (0, 0);
            while since_improvement < windows.len() {
                let window = windows[step % windows.len()].clone();
                self.window_masks(window.clone(), &mut masks);
                since_improvement += 1;
                if self.best(x, window.clone(), &masks, true, order, scratch).is_some() {
                    let shift = self.apply(x, window, &scratch.chosen);
                    colour_shift =
                        ((u32::from(colour_shift) + u32::from(shift)) % u32::from(self.k)) as u8;
                    since_improvement = 1;
                }
                step += 1;
            }
            scratch.masks = masks;
            colour_shift = self.decode(x, colour_shift);
        }
        let weight = lanes::sum(x) as usize;
        // With no generator the one member is the lightest.
        let optimal = u64::from(d == 0);
        Lightest { weight, colour_shift, exact: self.exact, optimal }
    }

    /// After the descent, over a prime `K`: the walk of information-set decoding from `x`
    /// ([`isd::lighten`]), which replaces `x` when it finds a lighter member; returns the colour
    /// shift `colour_shift` becomes.
    fn decode(&self, x: &mut [u8], colour_shift: u8) -> u8 {
        let k = self.k;
        if !matches!(k, 2 | 3 | 5 | 7 | 11 | 13) || self.orders.iter().any(|&o| o != k) {
            return colour_shift;
        }
        let found = isd::lighten(k, self.cells, &self.planes, &self.colours, x);
        ((u32::from(colour_shift) + u32::from(found.colour_shift)) % u32::from(k)) as u8
    }

    /// The orders of the generators: the coset has their product of members.
    pub fn orders(&self) -> &[u8] {
        &self.orders
    }

    /// The windows of the descent: consecutive generators whose tables fit [`WINDOW_ENTRIES`].
    fn windows(&self) -> Vec<Range<usize>> {
        let mut out = Vec::new();
        let mut start = 0;
        while start < self.orders.len() {
            let mut end = start + 1;
            while end < self.orders.len()
                && table_entries(&self.orders[start..=end], self.k)
                    .is_some_and(|e| e <= WINDOW_ENTRIES)
            {
                end += 1;
            }
            out.push(start..end);
            start = end;
        }
        out
    }

    /// The mask of every cell for the generators of `window` (see [`Coset::masks`]).
    fn window_masks(&self, window: Range<usize>, masks: &mut Vec<u32>) {
        masks.clear();
        masks.resize(self.cells, 0);
        let mut stride = 1u32;
        for g in window {
            let order = self.orders[g];
            let unit = self.k / order;
            let plane = &self.planes[g * self.cells..(g + 1) * self.cells];
            for (m, &v) in masks.iter_mut().zip(plane) {
                *m += u32::from(v / unit) * stride;
            }
            stride *= u32::from(order);
        }
    }

    /// Writes into `scratch.chosen` the digits `y` (one per generator of `window`) of the
    /// lightest `x + sum y_k g_k`, ties broken as in the module docs, and returns its weight;
    /// with `strict`, returns `None` (and writes nothing) unless it is lighter than `x`.
    ///
    /// The table is value-major: `table[t * S + u]` is `H[u][t]`, so each value `t` is a plane
    /// of `S` entries and the steps of the transform are additions of whole runs of entries.
    fn best(
        &self,
        x: &[u8],
        window: Range<usize>,
        masks: &[u32],
        strict: bool,
        order: Option<&[u32]>,
        scratch: &mut CosetScratch,
    ) -> Option<usize> {
        let k = usize::from(self.k);
        let orders = &self.orders[window.clone()];
        let size: usize = orders.iter().map(|&o| usize::from(o)).product();
        let CosetScratch { table, temp, candidates, digits, chosen, walk, alive, values, .. } =
            scratch;
        table.clear();
        if enumerates(size, self.cells, k, orders) {
            table.resize(size, 0);
            self.enumerate(x, window.clone(), table, walk);
        } else {
            table.resize(size * k, 0);
            self.transform(x, orders, masks, table, temp);
        }
        // Plane t = 0 holds the weights.
        let weights = &table[..size];
        let best = *weights.iter().min().expect("one solution at least");
        if strict && best == weights[0] {
            return None;
        }
        candidates.clear();
        candidates.extend((0..size as u32).filter(|&y| weights[y as usize] == best));
        digits.clear();
        for &y in candidates.iter() {
            let mut rest = y as usize;
            for &o in orders {
                digits.push((rest % usize::from(o)) as u8);
                rest /= usize::from(o);
            }
        }
        let chosen_index = if candidates.len() > 1 {
            self.break_ties(x, window, digits, order, (alive, values))
        } else {
            0
        };
        let w = orders.len();
        chosen.clear();
        chosen.extend_from_slice(&digits[chosen_index * w..(chosen_index + 1) * w]);
        Some(best as usize)
    }

    /// Writes `weight(y)` for every combination `y` of the window into `table[..S]` by
    /// walking them in mixed-radix order (generator 0 fastest): each step adds one plane to a
    /// copy of `x` (a carry adds the next generator's plane too; the wrapped digit's plane has
    /// been added `o` times, which is zero), then sums it. About `2 S` plane additions of
    /// `cells` bytes: cheaper than the transform when `S` or the board is small.
    ///
    /// On x86-64 the walk is vector code ([`sse2::walk_small`] with the member in registers for
    /// boards of at most four chunks, [`sse2::walk_chunks`] a run of generator 0 at a time
    /// otherwise): the weights are taken as the members are made, and `x` is copied only for
    /// a large board with several generators.
    fn enumerate(&self, x: &[u8], window: Range<usize>, table: &mut [i32], walk: &mut Vec<u8>) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        {
            let stride = lanes::padded(self.cells);
            let planes = &self.padded_planes[window.start * stride..window.end * stride];
            let (orders, k) = (&self.orders[window], self.k);
            // SAFETY: the one requirement of the calls is that the processor has SSE2, and
            // this code is compiled only with SSE2 enabled (always so on x86-64, where it is
            // baseline).
            unsafe {
                match stride / lanes::LANE {
                    1 => sse2::walk_small::<1>(x, planes, orders, k, table),
                    2 => sse2::walk_small::<2>(x, planes, orders, k, table),
                    3 => sse2::walk_small::<3>(x, planes, orders, k, table),
                    4 => sse2::walk_small::<4>(x, planes, orders, k, table),
                    _ => sse2::walk_chunks(x, (planes, stride), orders, k, table, walk),
                }
            }
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
        {
            self.enumerate_plain(x, window, table, walk)
        }
    }

    /// [`Coset::enumerate`] without vector code: the member is a copy of `x` to which the
    /// planes are added, eight counts a word.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
    fn enumerate_plain(
        &self,
        x: &[u8],
        window: Range<usize>,
        table: &mut [i32],
        walk: &mut Vec<u8>,
    ) {
        let k = self.k;
        let gens = &self.orders[window.clone()];
        let stride = lanes::padded(self.cells);
        walk.clear();
        walk.extend_from_slice(x);
        walk.resize(stride, 0);
        let mut digits = [0u8; 64];
        let mut weight = lanes::sum(walk);
        let size = table.len();
        for (y, out) in table.iter_mut().enumerate() {
            *out = weight as i32;
            if y + 1 == size {
                break;
            }
            for (g, &o) in gens.iter().enumerate() {
                let plane = &self.padded_planes[(window.start + g) * stride..][..stride];
                digits[g] += 1;
                if digits[g] < o {
                    // The last addition of this step: its sum is the next weight.
                    weight = lanes::add_mod_sum(walk, plane, k);
                    break;
                }
                lanes::add_mod(walk, plane, k);
                digits[g] = 0;
            }
        }
    }

    /// Writes `H[y][t]` (see the module docs) for every combination `y` of the window into
    /// `table` (value-major, `S * K` entries) by the transform.
    fn transform(
        &self,
        x: &[u8],
        orders: &[u8],
        masks: &[u32],
        table: &mut [i32],
        temp: &mut Vec<i32>,
    ) {
        let k = usize::from(self.k);
        let size = table.len() / k;
        // Counts of each value per mask, then H[u][t] = sum over a of count[a][u] * (a + t mod K).
        count_values(table, size, masks, x);
        temp.resize(16 * 16 * CHUNK, 0);
        for c0 in (0..size).step_by(CHUNK) {
            let l = CHUNK.min(size - c0);
            for a in 0..k {
                temp[a * CHUNK..a * CHUNK + l].copy_from_slice(&table[a * size + c0..][..l]);
            }
            for t in 0..k {
                let out = &mut table[t * size + c0..][..l];
                out.fill(0);
                for a in 0..k {
                    let w = ((a + t) % k) as i32;
                    for (o, &c) in out.iter_mut().zip(&temp[a * CHUNK..a * CHUNK + l]) {
                        *o += w * c;
                    }
                }
            }
        }
        // The transform, one generator at a time (coordinate stride: the product of the orders
        // before it).
        let mut stride = 1;
        let mut fiber = [0i32; 256];
        for (step, &o) in orders.iter().enumerate() {
            let o = usize::from(o);
            let unit = k / o;
            // Only the plane t = 0 is read after the last step.
            let planes = if step + 1 == orders.len() { 1 } else { k };
            // shift[u * o + y] = (K / o) * u * y mod K.
            let mut shift = [0usize; 256];
            for u in 0..o {
                for y in 0..o {
                    shift[u * o + y] = unit * u * y % k;
                }
            }
            for high in (0..size).step_by(stride * o) {
                if stride < SHORT_STRIDE {
                    for base in high..high + stride {
                        let fiber = &mut fiber;
                        transform_one(table, (size, k, planes), (o, stride, base), &shift, fiber);
                    }
                    continue;
                }
                for lo in (0..stride).step_by(CHUNK) {
                    let l = CHUNK.min(stride - lo);
                    for u in 0..o {
                        for t in 0..k {
                            let src = &table[t * size + high + u * stride + lo..][..l];
                            temp[(u * k + t) * CHUNK..][..l].copy_from_slice(src);
                        }
                    }
                    for y in 0..o {
                        for t in 0..planes {
                            let out = &mut table[t * size + high + y * stride + lo..][..l];
                            out.copy_from_slice(&temp[t * CHUNK..][..l]);
                            for u in 1..o {
                                let from = (t + shift[u * o + y]) % k;
                                let src = &temp[(u * k + from) * CHUNK..][..l];
                                for (h, &f) in out.iter_mut().zip(src) {
                                    *h += f;
                                }
                            }
                        }
                    }
                }
            }
            stride *= o;
        }
    }

    /// The index of the candidate (digits `w` at a time) with the largest count at the first
    /// cell, in `order`, where the candidates differ.
    fn break_ties(
        &self,
        x: &[u8],
        window: Range<usize>,
        digits: &[u8],
        order: Option<&[u32]>,
        (alive, values): (&mut Vec<usize>, &mut Vec<u32>),
    ) -> usize {
        let k = u32::from(self.k);
        let w = window.len();
        alive.clear();
        alive.extend(0..digits.len() / w);
        for rank in 0..self.cells {
            let cell = order.map_or(rank, |o| o[rank] as usize);
            values.clear();
            for &c in alive.iter() {
                let ys = &digits[c * w..(c + 1) * w];
                let v = window.clone().zip(ys).fold(u32::from(x[cell]), |acc, (g, &y)| {
                    acc + u32::from(y) * u32::from(self.planes[g * self.cells + cell])
                });
                values.push(v % k);
            }
            let top = *values.iter().max().expect("a candidate");
            if values.iter().any(|&v| v != top) {
                let mut i = 0;
                alive.retain(|_| {
                    i += 1;
                    values[i - 1] == top
                });
                if alive.len() == 1 {
                    break;
                }
            }
        }
        alive[0]
    }

    /// `x += sum y_k g_k` over `window`; returns the colour change.
    fn apply(&self, x: &mut [u8], window: Range<usize>, digits: &[u8]) -> u8 {
        let k = self.k;
        let mut shift = 0u32;
        for (g, &y) in window.zip(digits) {
            if y == 0 {
                continue;
            }
            // The plane added y times: x + p is below 2K, and subtracting K when it is at least
            // K is the minimum with the wrapped difference (so the lanes vectorise).
            let plane = &self.planes[g * self.cells..(g + 1) * self.cells];
            for _ in 0..y {
                for (v, &p) in x.iter_mut().zip(plane) {
                    let sum = *v + p;
                    *v = sum.min(sum.wrapping_sub(k));
                }
            }
            shift += u32::from(y) * u32::from(self.colours[g]);
        }
        (shift % u32::from(k)) as u8
    }
}

/// `table[v * size + m] += 1` for each cell of mask `m` and value `v` (the table is zero on
/// entry).
fn count_values(table: &mut [i32], size: usize, masks: &[u32], x: &[u8]) {
    for (&m, &v) in masks.iter().zip(x) {
        table[usize::from(v) * size + m as usize] += 1;
    }
}

/// One step of the transform for the fiber at `base` (coordinate of radix `o` and `stride`),
/// entry by entry: for the short strides, where runs of entries are too short to add as runs.
/// Writes the first `planes` values of `t`.
#[inline]
fn transform_one(
    table: &mut [i32],
    (size, k, planes): (usize, usize, usize),
    (o, stride, base): (usize, usize, usize),
    shift: &[usize; 256],
    fiber: &mut [i32; 256],
) {
    for u in 0..o {
        for t in 0..k {
            fiber[u * k + t] = table[t * size + base + u * stride];
        }
    }
    for y in 0..o {
        for t in 0..planes {
            let mut h = 0;
            for u in 0..o {
                let mut from = t + shift[u * o + y];
                if from >= k {
                    from -= k;
                }
                h += fiber[u * k + from];
            }
            table[t * size + base + y * stride] = h;
        }
    }
}

/// True when walking every combination ([`Coset::enumerate`], about `2 S` additions of
/// `cells` bytes, 16 to a vector) is estimated cheaper than the transform (one histogram pass
/// over the cells, then `S * K * (K + sum of the orders)` additions of `i32`s, 4 to a vector).
fn enumerates(size: usize, cells: usize, k: usize, orders: &[u8]) -> bool {
    let sum: usize = orders.iter().map(|&o| usize::from(o)).sum();
    let walk = 2 * size as u64 * cells.div_ceil(16) as u64 * 3;
    let transform = 4 * cells as u64 + (size * k * (k + sum)).div_ceil(4) as u64 * 2;
    orders.len() <= 64 && walk <= transform
}

/// `S * K` for generators of `orders`, when it fits a `u64`.
fn table_entries(orders: &[u8], k: u8) -> Option<u64> {
    orders.iter().try_fold(u64::from(k), |acc, &o| acc.checked_mul(u64::from(o)))
}

/// The walk of [`Coset::enumerate`] in SSE2 (baseline on x86-64): sixteen counts a vector, each
/// member's weight by sums of absolute differences from zero (`psadbw`) as it is made.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use super::lanes::LANE;
    use super::lanes::sse2::{add, store};
    use core::arch::x86_64::*;

    /// Chunk `i` of `bytes` (which holds it whole).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load(bytes: &[u8], i: usize) -> __m128i {
        super::lanes::sse2::load(&bytes[i * LANE..])
    }

    /// Chunk `i` of the member `x` (not padded: zeros past its end; `i * LANE < x.len()`).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn load_member(x: &[u8], i: usize) -> __m128i {
        let start = i * LANE;
        if start + LANE <= x.len() {
            return load(x, i);
        }
        let mut c = [0u8; LANE];
        c[..x.len() - start].copy_from_slice(&x[start..]);
        load(&c, 0)
    }

    /// The sum of the counts of `v`, as two 64-bit halves.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn sums(v: __m128i) -> __m128i {
        _mm_sad_epu8(v, _mm_setzero_si128())
    }

    /// Moves the walk to its next block: adds one to the mixed-radix digits (digit `g` below
    /// `orders[g]`) from digit 1 up (digit 0 is the run within a block), carrying while a
    /// digit wraps to 0, and calls `add_plane(g)` for every digit `g` stepped, whose
    /// generator's plane the member then takes once more (`orders[g]` times in all is zero).
    #[inline]
    fn next_block(digits: &mut [u8; 64], orders: &[u8], mut add_plane: impl FnMut(usize)) {
        for (g, &o) in orders.iter().enumerate().skip(1) {
            add_plane(g);
            digits[g] += 1;
            if digits[g] < o {
                break;
            }
            digits[g] = 0;
        }
    }

    /// The total of the two halves of `s`.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn total(s: __m128i) -> i32 {
        _mm_cvtsi128_si32(_mm_add_epi64(s, _mm_unpackhi_epi64(s, s)))
    }

    /// Writes `weight(y)` for every combination `y` (mixed radix, generator 0 fastest; `table`
    /// holds one entry for each; at most 64 generators) of the generators of `orders`, whose
    /// planes are `planes` (padded to `W` chunks each), the member (from `x`, at most `W`
    /// chunks) and the plane of generator 0 held in vectors. Each run of generator 0 adds its
    /// plane `o_0` times, which brings the member back to where the run started (every count
    /// of a plane of order `o` is a multiple of `K / o`); the next generator's plane is then
    /// added (with the carry of a mixed-radix count).
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn walk_small<const W: usize>(
        x: &[u8],
        planes: &[u8],
        orders: &[u8],
        k: u8,
        table: &mut [i32],
    ) {
        let kv = _mm_set1_epi8(k as i8);
        let mut v = [_mm_setzero_si128(); W];
        let mut first = [_mm_setzero_si128(); W];
        for i in 0..W {
            v[i] = load_member(x, i);
            if !orders.is_empty() {
                first[i] = load(planes, i);
            }
        }
        let mut digits = [0u8; 64];
        let run = orders.first().map_or(1, |&o| usize::from(o));
        for block in table.chunks_exact_mut(run) {
            for out in block {
                let mut s = sums(v[0]);
                for c in &v[1..] {
                    s = _mm_add_epi64(s, sums(*c));
                }
                *out = total(s);
                for (c, &p) in v.iter_mut().zip(&first) {
                    *c = add(*c, p, kv);
                }
            }
            next_block(&mut digits, orders, |g| {
                for (i, c) in v.iter_mut().enumerate() {
                    *c = add(*c, load(planes, g * W + i), kv);
                }
            });
        }
    }

    /// [`walk_small`] for any board: for each block of combinations (a run of generator 0,
    /// the other digits fixed) one pass over the chunks of the block's first member, each
    /// chunk stepped through the run ([`run_block`]). With one generator the first member is `x` itself; with more it is a
    /// padded copy of `x` in `base`, to which the carries' planes are added between blocks.
    /// `planes` is `(padded planes, stride)`.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn walk_chunks(
        x: &[u8],
        (planes, stride): (&[u8], usize),
        orders: &[u8],
        k: u8,
        table: &mut [i32],
        base: &mut Vec<u8>,
    ) {
        let kv = _mm_set1_epi8(k as i8);
        let run = orders.first().map_or(1, |&o| usize::from(o));
        let first: &[u8] = if orders.is_empty() { &[] } else { &planes[..stride] };
        if orders.len() > 1 {
            base.clear();
            base.extend_from_slice(x);
            base.resize(stride, 0);
        }
        let mut digits = [0u8; 64];
        let mut acc = [_mm_setzero_si128(); 16];
        for block in table.chunks_exact_mut(run) {
            let member = if orders.len() > 1 { &base[..] } else { x };
            run_block(member, first, kv, block, &mut acc);
            next_block(&mut digits, orders, |g| {
                let plane = &planes[g * stride..(g + 1) * stride];
                for (m, p) in base.chunks_exact_mut(LANE).zip(plane.chunks_exact(LANE)) {
                    let v = add(load(m, 0), load(p, 0), kv);
                    store(m, v);
                }
            });
        }
    }

    /// The weights of the run of members `member + j g` (`j < out.len()`, `g` the padded plane
    /// `first`, or zero when `first` is shorter than a chunk) into `out`, the run's weights
    /// kept as 64-bit halves in `acc`.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn run_block(
        member: &[u8],
        first: &[u8],
        kv: __m128i,
        out: &mut [i32],
        acc: &mut [__m128i; 16],
    ) {
        let acc = &mut acc[..out.len()];
        acc.fill(_mm_setzero_si128());
        let mut step = |m: __m128i, g: __m128i| {
            let mut v = m;
            for a in acc.iter_mut() {
                *a = _mm_add_epi64(*a, sums(v));
                v = add(v, g, kv);
            }
        };
        let mut chunks = member.chunks_exact(LANE);
        let mut plane = first.chunks_exact(LANE);
        if first.len() < LANE {
            for m in &mut chunks {
                step(load(m, 0), _mm_setzero_si128());
            }
        } else {
            for (m, g) in (&mut chunks).zip(&mut plane) {
                step(load(m, 0), load(g, 0));
            }
        }
        let tail = chunks.remainder();
        if !tail.is_empty() {
            let g = plane.next().map_or(_mm_setzero_si128(), |g| load(g, 0));
            step(load_member(tail, 0), g);
        }
        for (out, a) in out.iter_mut().zip(acc.iter()) {
            *out = total(*a);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::Board;
    use crate::lights_out::solve::zk::TestRng;

    /// Every member of the coset, lightest first with the documented tie-break (cells compared
    /// in `order`, index order when `None`), by enumeration; also how many members share the
    /// lightest weight.
    fn brute_in(
        k: u8,
        x: &[u8],
        gens: &[(Vec<u8>, u8, u8)],
        order: Option<&[u32]>,
    ) -> ((Vec<u8>, u8), usize) {
        let mut best: Option<(Vec<u8>, u8)> = None;
        let mut lightest = (u32::MAX, 0);
        let total: usize = gens.iter().map(|g| usize::from(g.1)).product();
        for mut n in 0..total {
            let mut v = x.to_vec();
            let mut colour = 0u32;
            for (plane, order, c) in gens {
                let y = (n % usize::from(*order)) as u32;
                n /= usize::from(*order);
                for (a, &p) in v.iter_mut().zip(plane) {
                    *a = ((u32::from(*a) + y * u32::from(p)) % u32::from(k)) as u8;
                }
                colour += y * u32::from(*c);
            }
            let weight: u32 = v.iter().map(|&a| u32::from(a)).sum();
            if weight < lightest.0 {
                lightest = (weight, 1);
            } else if weight == lightest.0 {
                lightest.1 += 1;
            }
            let at = |m: &[u8], rank: usize| m[order.map_or(rank, |o| o[rank] as usize)];
            let better = best.as_ref().is_none_or(|(b, _)| {
                let bw: u32 = b.iter().map(|&a| u32::from(a)).sum();
                weight < bw
                    || (weight == bw
                        && (0..v.len())
                            .find(|&r| at(&v, r) != at(b, r))
                            .is_some_and(|r| at(&v, r) > at(b, r)))
            });
            if better {
                best = Some((v, (colour % u32::from(k)) as u8));
            }
        }
        (best.unwrap(), lightest.1)
    }

    /// [`brute_in`] in index order.
    fn brute(k: u8, x: &[u8], gens: &[(Vec<u8>, u8, u8)]) -> (Vec<u8>, u8) {
        brute_in(k, x, gens, None).0
    }

    #[test]
    fn the_transform_and_the_tie_break_match_enumeration() {
        let mut rng = TestRng(7);
        let mut next = |m: u64| rng.below(m);
        for round in 0..300 {
            let k = [2u8, 3, 4, 5, 6, 8, 9, 12][round % 8];
            let cells = 1 + next(9) as usize;
            let divisors: Vec<u8> = (2..=k).filter(|&d| k.is_multiple_of(d)).collect();
            let d = next(4) as usize;
            let gens: Vec<(Vec<u8>, u8, u8)> = (0..d)
                .map(|_| {
                    let o = divisors[next(divisors.len() as u64) as usize];
                    let unit = k / o;
                    // Small values make ties common.
                    let plane =
                        (0..cells).map(|_| unit * next(2.min(u64::from(o))) as u8).collect();
                    (plane, o, unit * next(u64::from(o)) as u8)
                })
                .collect();
            let x: Vec<u8> = (0..cells).map(|_| next(u64::from(k)) as u8).collect();
            let (want, want_colour) = brute(k, &x, &gens);
            let coset = Coset::new(k, cells, &gens, 24).unwrap();
            assert!(coset.is_exact());
            let mut got = x.clone();
            let found = coset.lightest(&mut got, None, &mut CosetScratch::default());
            assert_eq!(got, want, "K={k} x={x:?} gens={gens:?}");
            assert_eq!(found.colour_shift, want_colour);
            assert_eq!(found.weight, want.iter().map(|&a| usize::from(a)).sum::<usize>());
            // The descent (no exact search) gives a member of the coset no lighter.
            let coarse = Coset::new(k, cells, &gens, 0).unwrap();
            let mut member = x.clone();
            let found = coarse.lightest(&mut member, None, &mut CosetScratch::default());
            assert!(found.weight >= want.iter().map(|&a| usize::from(a)).sum::<usize>());
            assert_eq!(found.exact, coarse.is_exact());
        }
    }

    /// The three ways of weighing every combination agree: the walk (vector code on x86-64),
    /// the plain walk and the transform (whose plane `t = 0` holds the weights), on cosets of
    /// every shape the solver meets.
    #[test]
    fn the_walk_and_the_transform_weigh_alike() {
        let mut rng = TestRng(11);
        let mut next = |m: u64| rng.below(m);
        for round in 0..200 {
            let k = [2u8, 3, 4, 5, 6, 7, 8, 9, 12, 16][round % 10];
            let cells = 1 + next(300) as usize;
            let divisors: Vec<u8> = (2..=k).filter(|&d| k.is_multiple_of(d)).collect();
            let d = next(6) as usize;
            let gens: Vec<(Vec<u8>, u8, u8)> = (0..d)
                .map(|_| {
                    let o = divisors[next(divisors.len() as u64) as usize];
                    let unit = k / o;
                    let plane = (0..cells).map(|_| unit * next(u64::from(o)) as u8).collect();
                    (plane, o, unit * next(u64::from(o)) as u8)
                })
                .collect();
            let x: Vec<u8> = (0..cells).map(|_| next(u64::from(k)) as u8).collect();
            let coset = Coset::new(k, cells, &gens, 24).unwrap();
            let size: usize = coset.orders.iter().map(|&o| usize::from(o)).product();
            let mut walked = vec![0i32; size];
            coset.enumerate(&x, 0..d, &mut walked, &mut Vec::new());
            let mut plain = vec![0i32; size];
            coset.enumerate_plain(&x, 0..d, &mut plain, &mut Vec::new());
            assert_eq!(walked, plain, "K={k} cells={cells} orders={:?}", coset.orders);
            let mut table = vec![0i32; size * usize::from(k)];
            let mut temp = Vec::new();
            coset.transform(&x, &coset.orders, &coset.masks, &mut table, &mut temp);
            assert_eq!(walked[..], table[..size], "K={k} cells={cells} orders={:?}", coset.orders);
        }
    }

    /// The solver's own cosets (K = 2..=16, five patterns, four board shapes, the goal "any"
    /// and two single colours, boards made solvable by random presses): the member and colour
    /// that [`Coset::lightest`] gives (the vector walk, the weight read off its table) are
    /// the ones a plain enumeration of every member gives, ties (which are common) broken in
    /// the original cell order.
    #[test]
    fn solver_cosets_give_the_plain_lightest_member() {
        use crate::lights_out::BoardSize;
        use crate::lights_out::solve::zk::{ZkScratch, ZkSolver};
        use crate::lights_out::{Goal, Variant};
        let mut rng = TestRng(19);
        let mut next = |m: u64| rng.below(m);
        let patterns = [".x./xxx/.x.", "x.x/.x./x.x", "xxx/xxx/xxx", ".x./x.x/.x.", "xx./.xx/..."];
        let (mut checked, mut tied) = (0, 0);
        for k in 2..=16u8 {
            for pattern in patterns {
                for (r, c) in [(5, 5), (4, 7), (6, 6), (3, 9)] {
                    for goal in [Goal::Any, Goal::Colour(0), Goal::Colour(k - 1)] {
                        let size = BoardSize::new(r, c).unwrap();
                        let variant =
                            Variant::new(size, pattern.parse().unwrap(), false, k, goal).unwrap();
                        let solver = ZkSolver::new(&variant);
                        let coset = &solver.coset;
                        let members: usize = coset.orders.iter().map(|&o| usize::from(o)).product();
                        if !coset.exact || coset.orders.is_empty() || members > 600 {
                            continue;
                        }
                        let n = r * c;
                        let gens: Vec<(Vec<u8>, u8, u8)> = (0..coset.orders.len())
                            .map(|g| {
                                let plane = coset.planes[g * n..(g + 1) * n].to_vec();
                                (plane, coset.orders[g], coset.colours[g])
                            })
                            .collect();
                        let toggles = variant.toggle_matrix();
                        let mut scratch = ZkScratch::default();
                        for _ in 0..6 {
                            let base = match goal {
                                Goal::Colour(g) => g,
                                Goal::Any => next(u64::from(k)) as u8,
                            };
                            let mut cells = vec![base; n];
                            for press in 0..n {
                                toggles.press(&mut cells, k, press, next(u64::from(k)) as u8);
                            }
                            let board = Board::from_cells(r, c, cells);
                            let target = match goal {
                                Goal::Colour(g) => Some(g),
                                Goal::Any => None,
                            };
                            solver.particular(&board, &mut scratch, target).expect("solvable");
                            let x = scratch.presses[..n].to_vec();
                            let order = solver.order.as_deref();
                            let ((want, want_colour), ties) = brute_in(k, &x, &gens, order);
                            let mut got = x.clone();
                            let found =
                                coset.lightest(&mut got, order, &mut CosetScratch::default());
                            assert_eq!(got, want, "{variant} {board:?}");
                            assert_eq!(found.colour_shift, want_colour, "{variant} {board:?}");
                            let weight = want.iter().map(|&a| usize::from(a)).sum::<usize>();
                            assert_eq!(found.weight, weight, "{variant} {board:?}");
                            assert_eq!(found.optimal, ties as u64, "{variant} {board:?}");
                            checked += 1;
                            tied += usize::from(ties > 1);
                        }
                    }
                }
            }
        }
        assert!(checked > 1000 && tied > 100, "{checked} boards, {tied} with ties");
    }
}
