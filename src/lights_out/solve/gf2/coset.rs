//! The lightest press pattern in a coset `base + span(generators)`, by a Walsh-Hadamard
//! transform.
//!
//! Every solution of a board is `base ^ (y_0 g_0) ^ ... ^ (y_{m-1} g_{m-1})` for a vector `y` of
//! `m` bits, where the generators `g_j` are the null-space planes (and, when both colours can be
//! reached, the plane that turns a white solution into a black one). Write `v_i` for the `m`-bit
//! *mask* of cell `i` (bit `j` = cell `i` of `g_j`) and `p_i` for cell `i` of `base`. Cell `i` is
//! pressed in solution `y` exactly when `p_i ^ parity(v_i & y)` is 1, so
//!
//! ```text
//! weight(y) = (cells - F(y)) / 2,   F(y) = sum over v of f(v) * (-1)^parity(v & y),
//! f(v)      = sum over cells i with v_i = v of (-1)^p_i.
//! ```
//!
//! `F` is the Walsh-Hadamard transform of `f`: one pass over the cells builds `f`, and
//! `m * 2^m` additions give the weight of all `2^m` solutions at once (instead of `2^m` passes
//! over the whole board). The largest `F` is the minimum weight.
//!
//! **Ties** are broken the way the distance-table walk breaks them (it presses, step by step, the
//! lowest-indexed piece that brings the board one move closer): among the lightest patterns the
//! one whose sorted list of original cell indices is lexicographically smallest, i.e. the one
//! that holds the lowest cell where two of them differ. So both methods print the same presses.
//!
//! **Too many generators.** With more than `limit` generators the coset is too large to weigh
//! whole. The search then descends by blocks: it weighs every combination of one window of
//! `min(limit, 16)` consecutive generators on top of the current best (an exact step, by the same
//! transform), moves to the lightest if it is strictly lighter, and cycles through the windows
//! until a whole cycle brings no improvement. That answer is a solution, and a local minimum for
//! every window, but not necessarily the minimum. When the generators fit 64 MiB as one byte a
//! cell, the walk of information-set decoding ([`isd`]) then looks for a lighter one.

use super::chase::{Shape, weight, xor_into};
use super::strip;
use crate::lights_out::solve::isd;
use crate::memory::{AllocError, try_reserve};

/// Window of generators weighed per step when the coset is too large to weigh whole.
const FALLBACK_WINDOW: usize = 16;

/// What [`lightest`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Lightest {
    /// Number of presses of the pattern written to `out`.
    pub weight: usize,
    /// Whether generator 0 is applied an odd number of times in it.
    pub uses_first: bool,
    /// True when every solution in the coset was weighed (the weight is the minimum).
    pub exact: bool,
    /// When `exact`, how many members of the coset have the lightest weight; 0 otherwise.
    pub optimal: u64,
}

/// Reusable buffers of [`lightest`]: the transform (`2^limit` `i32`s at most) and the tied
/// candidates.
#[derive(Debug, Clone, Default)]
pub(super) struct CosetScratch {
    spectrum: Vec<i32>,
    candidates: Vec<u64>,
}

impl CosetScratch {
    /// Makes room, fallibly, for a transform of `len` values.
    pub fn try_reserve(&mut self, len: usize) -> Result<(), AllocError> {
        if self.spectrum.capacity() >= len {
            return Ok(());
        }
        self.spectrum.clear();
        try_reserve(&mut self.spectrum, len, "the GF(2) search of the null space")
    }
}

/// The generators of a coset and the masks of its cells.
pub(super) struct Generators<'a> {
    /// The planes `g_0 .. g_{m-1}`.
    pub planes: &'a [&'a [u64]],
    /// Per working cell (row-major, `rows * cols`), `mask_words` words: the cell's mask, where
    /// bit `offset + j` (counted across the words) is the cell's bit in `g_j`. May be empty
    /// when `classes` is given: a cell's mask is then its class's.
    pub masks: &'a [u64],
    /// Words per cell in `masks`.
    pub mask_words: usize,
    /// Where generator 0 sits in a cell's mask.
    pub offset: usize,
    /// When the cells have few distinct masks (`mask_words == 1`): each distinct mask with the
    /// plane of the cells that have it (see [`MaskClasses`]).
    pub classes: Option<&'a MaskClasses>,
}

/// The cells grouped by mask, for boards whose cells have few distinct masks (always the case
/// for a small nullity): `f(v)` is then `count - 2 * popcount(plane & base)` summed over the
/// classes with mask `v`, a few word operations per class instead of one step per cell.
#[derive(Debug, Clone)]
pub(super) struct MaskClasses {
    /// The distinct masks.
    masks: Vec<u64>,
    /// Per mask: how many cells have it.
    counts: Vec<i32>,
    /// Per mask: the plane of the cells that have it.
    planes: Vec<Vec<u64>>,
}

impl MaskClasses {
    /// Most classes worth keeping: a class costs a pass over one plane (`cells / 64` words),
    /// so past about 64 classes the per-cell loop is as fast.
    pub const MAX: usize = 32;

    /// Groups the cells of `shape` by their single-word `masks`; `None` when there are more
    /// than [`MaskClasses::MAX`] distinct masks.
    pub fn new(shape: &Shape, masks: &[u64]) -> Option<MaskClasses> {
        let mut classes = MaskClasses { masks: Vec::new(), counts: Vec::new(), planes: Vec::new() };
        for r in 0..shape.rows {
            for c in 0..shape.cols {
                let mask = masks[r * shape.cols + c];
                let k = match classes.masks.iter().position(|&m| m == mask) {
                    Some(k) => k,
                    None if classes.masks.len() == MaskClasses::MAX => return None,
                    None => {
                        classes.masks.push(mask);
                        classes.counts.push(0);
                        classes.planes.push(vec![0; shape.plane_words()]);
                        classes.masks.len() - 1
                    }
                };
                classes.counts[k] += 1;
                classes.planes[k][r * shape.words + c / 64] |= 1u64 << (c % 64);
            }
        }
        Some(classes)
    }
}

impl MaskClasses {
    /// The classes straight from the generator planes (bit `j` of a mask = the cell in
    /// `planes[j]`) when there are at most 5 of them, so at most [`MaskClasses::MAX`] masks: the
    /// plane of mask `v` is the AND over `j` of plane `j` or its complement, as bit `j` of `v`
    /// says, a word at a time. `None` with more planes.
    pub fn from_planes(shape: &Shape, planes: &[&[u64]]) -> Option<MaskClasses> {
        // 2^5 masks at most (a shift by the count itself could overflow).
        if planes.len() > MaskClasses::MAX.ilog2() as usize {
            return None;
        }
        let mut classes = MaskClasses { masks: Vec::new(), counts: Vec::new(), planes: Vec::new() };
        for v in 0..1u64 << planes.len() {
            let mut plane = vec![0u64; shape.plane_words()];
            let mut count = 0;
            for (t, out) in plane.iter_mut().enumerate() {
                let valid = if (t + 1) % shape.words == 0 { shape.last_mask } else { !0 };
                *out = planes
                    .iter()
                    .enumerate()
                    .fold(valid, |acc, (j, p)| acc & if v >> j & 1 == 1 { p[t] } else { !p[t] });
                count += out.count_ones() as i32;
            }
            if count > 0 {
                classes.masks.push(v);
                classes.counts.push(count);
                classes.planes.push(plane);
            }
        }
        Some(classes)
    }
}

impl Generators<'_> {
    /// Bits `from .. from + len` of generators (`len <= 32`) in working cell `i`.
    #[inline]
    fn window(&self, i: usize, from: usize, len: usize) -> u64 {
        self.window_of(&self.masks[i * self.mask_words..(i + 1) * self.mask_words], from, len)
    }

    /// Bits `from .. from + len` of generators (`len <= 32`) in working cell (`r`, `c`): from
    /// its mask, or, when no masks are kept, from the mask of the class that holds the cell.
    fn cell_window(&self, shape: &Shape, r: usize, c: usize, from: usize, len: usize) -> u64 {
        let Some(classes) = self.classes.filter(|_| self.masks.is_empty()) else {
            return self.window(r * shape.cols + c, from, len);
        };
        let (t, b) = (r * shape.words + c / 64, c % 64);
        let k = classes.planes.iter().position(|p| p[t] >> b & 1 == 1).expect("a class per cell");
        self.window_of(std::slice::from_ref(&classes.masks[k]), from, len)
    }

    /// Bits `from .. from + len` of generators (`len <= 32`) in the mask `cell`.
    #[inline]
    fn window_of(&self, cell: &[u64], from: usize, len: usize) -> u64 {
        let start = self.offset + from;
        let (w, b) = (start / 64, start % 64);
        let mut bits = cell[w] >> b;
        if b + len > 64 {
            bits |= cell[w + 1] << (64 - b);
        }
        bits & ((1u64 << len) - 1)
    }
}

/// Writes into `out` the lightest plane of `base + span(gens)` (or, with more than `limit`
/// generators, a light one; see the module docs), with ties broken as in the module docs.
///
/// # Panics
///
/// If `limit` exceeds 30 or the buffers do not fit `shape`.
pub(super) fn lightest(
    shape: &Shape,
    base: &[u64],
    gens: &Generators<'_>,
    limit: u32,
    scratch: &mut CosetScratch,
    out: &mut [u64],
) -> Lightest {
    assert!(limit <= 30, "a search of 2^{limit} solutions");
    let m = gens.planes.len();
    out.copy_from_slice(base);
    let exact = m <= limit as usize;
    let window = if exact { m } else { (limit as usize).min(FALLBACK_WINDOW) };
    let mut uses_first = false;
    if window == 0 {
        return Lightest { weight: weight(out), uses_first, exact, optimal: u64::from(exact) };
    }
    let windows = m.div_ceil(window);
    let (mut step, mut since_improvement, mut optimal) = (0, 0, 0);
    while since_improvement < windows {
        let from = (step % windows) * window;
        let len = window.min(m - from);
        let (y, tied) = best_combination(shape, out, gens, from, len, !exact, scratch);
        if exact {
            optimal = tied;
        }
        for j in (0..len).filter(|j| y >> j & 1 == 1) {
            xor_into(out, gens.planes[from + j]);
            uses_first ^= from + j == 0;
        }
        since_improvement = if y == 0 { since_improvement + 1 } else { 1 };
        step += 1;
        if exact {
            break;
        }
    }
    if !exact {
        uses_first ^= strip::decode(shape, gens.planes, out).first() == Some(&true);
        uses_first ^= decode(shape, gens, out);
    }
    Lightest { weight: weight(out), uses_first, exact, optimal }
}

/// Most bytes [`decode`] spends on the generators as counts (two copies are made).
const DECODE_BYTES: usize = 64 << 20;

/// After the descent: the walk of information-set decoding ([`isd::lighten`]) from `out`, on
/// the planes as one count a cell, when they take at most [`DECODE_BYTES`]; `out` becomes the
/// lighter member it finds. Returns whether that member adds generator 0 to `out`.
fn decode(shape: &Shape, gens: &Generators<'_>, out: &mut [u64]) -> bool {
    let (cells, d) = (shape.cells(), gens.planes.len());
    if d.saturating_mul(cells) > DECODE_BYTES {
        return false;
    }
    let to_counts = |plane: &[u64], counts: &mut Vec<u8>| {
        for r in 0..shape.rows {
            let row = &plane[r * shape.words..(r + 1) * shape.words];
            counts.extend((0..shape.cols).map(|c| (row[c / 64] >> (c % 64) & 1) as u8));
        }
    };
    let mut planes = Vec::with_capacity(d * cells);
    for plane in gens.planes {
        to_counts(plane, &mut planes);
    }
    let mut x = Vec::with_capacity(cells);
    to_counts(out, &mut x);
    // Generator 0's colour is 1, the others' 0: the shift says whether it was added.
    let colours: Vec<u8> = (0..d).map(|j| u8::from(j == 0)).collect();
    let found = isd::lighten(2, cells, &planes, &colours, &mut x);
    out.fill(0);
    for (i, _) in x.iter().enumerate().filter(|&(_, &v)| v == 1) {
        let (r, c) = (i / shape.cols, i % shape.cols);
        out[r * shape.words + c / 64] |= 1u64 << (c % 64);
    }
    found.colour_shift == 1
}

/// The combination `y` of generators `from .. from + len` that makes `base` lightest, with ties
/// broken by the lowest differing original cell, and how many combinations are that light; with
/// `strict`, `(0, 1)` unless some combination is strictly lighter than `base` itself.
fn best_combination(
    shape: &Shape,
    base: &[u64],
    gens: &Generators<'_>,
    from: usize,
    len: usize,
    strict: bool,
    scratch: &mut CosetScratch,
) -> (u64, u64) {
    let size = 1usize << len;
    let f = &mut scratch.spectrum;
    f.clear();
    f.resize(size, 0);
    // f(v) = sum of (-1)^p over the cells with mask v.
    if let Some(classes) = gens.classes {
        for ((mask, &count), plane) in
            classes.masks.iter().zip(&classes.counts).zip(&classes.planes)
        {
            let pressed: u32 = plane.iter().zip(base).map(|(a, b)| (a & b).count_ones()).sum();
            f[gens.window_of(std::slice::from_ref(mask), from, len) as usize] +=
                count - 2 * pressed as i32;
        }
    } else {
        let w = shape.words;
        for r in 0..shape.rows {
            for c in 0..shape.cols {
                let p = (base[r * w + c / 64] >> (c % 64) & 1) as i32;
                f[gens.window(r * shape.cols + c, from, len) as usize] += 1 - 2 * p;
            }
        }
    }
    walsh_hadamard(f);
    let best = *f.iter().max().expect("at least one combination");
    if strict && best == f[0] {
        return (0, 1);
    }
    let candidates = &mut scratch.candidates;
    candidates.clear();
    candidates.extend((0..size).filter(|&y| f[y] == best).map(|y| y as u64));
    let tied = candidates.len() as u64;
    if candidates.len() > 1 {
        break_ties(shape, base, gens, from, len, candidates);
    }
    (candidates[0], tied)
}

/// Keeps, cell by cell in original order, the candidates that press the first cell where they
/// differ, until one is left.
fn break_ties(
    shape: &Shape,
    base: &[u64],
    gens: &Generators<'_>,
    from: usize,
    len: usize,
    cands: &mut Vec<u64>,
) {
    let (orig_rows, orig_cols) =
        if shape.transposed { (shape.cols, shape.rows) } else { (shape.rows, shape.cols) };
    for or in 0..orig_rows {
        for oc in 0..orig_cols {
            let (r, c) = if shape.transposed { (oc, or) } else { (or, oc) };
            let p = base[r * shape.words + c / 64] >> (c % 64) & 1 == 1;
            let v = gens.cell_window(shape, r, c, from, len);
            let pressed = |y: &u64| p ^ ((v & y).count_ones() & 1 == 1);
            let ones = cands.iter().filter(|y| pressed(y)).count();
            if ones > 0 && ones < cands.len() {
                cands.retain(pressed);
                if cands.len() == 1 {
                    return;
                }
            }
        }
    }
}

/// In-place Walsh-Hadamard transform: `f[y] <- sum over v of f[v] * (-1)^popcount(v & y)`.
/// `f.len()` must be a power of two.
fn walsh_hadamard(f: &mut [i32]) {
    let n = f.len();
    let mut h = 1;
    while h < n {
        for block in f.chunks_exact_mut(2 * h) {
            let (a, b) = block.split_at_mut(h);
            for (x, y) in a.iter_mut().zip(b.iter_mut()) {
                let (s, d) = (*x + *y, *x - *y);
                *x = s;
                *y = d;
            }
        }
        h *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::BoardSize;

    #[test]
    fn the_transform_matches_its_definition() {
        let f: Vec<i32> = vec![3, -1, 0, 2, 5, -4, 1, 1];
        let mut g = f.clone();
        walsh_hadamard(&mut g);
        for (y, &gy) in g.iter().enumerate() {
            let direct: i32 = f
                .iter()
                .enumerate()
                .map(|(v, &fv)| if (v & y).count_ones() % 2 == 0 { fv } else { -fv })
                .sum();
            assert_eq!(gy, direct, "y = {y}");
        }
    }

    #[test]
    fn classes_from_planes_need_at_most_five_planes() {
        let shape = Shape::new(BoardSize::new(8, 1).unwrap());
        let plane = [1u64; 8];
        for count in [0, 1, 5, 6, 64, 65, 129] {
            let planes: Vec<&[u64]> = vec![&plane[..]; count];
            let classes = MaskClasses::from_planes(&shape, &planes);
            assert_eq!(classes.is_some(), count <= 5, "{count} planes");
            if let Some(classes) = classes {
                // Every cell is in all planes: one class, the mask of all ones.
                assert_eq!(classes.masks, vec![(1u64 << count) - 1]);
                assert_eq!(classes.counts, vec![8]);
            }
        }
    }

    /// A 1x8 "board" whose coset is searched exactly and by brute force.
    #[test]
    fn the_lightest_pattern_and_its_tie_break_match_a_brute_force() {
        let shape = Shape::new(BoardSize::new(8, 1).unwrap());
        // Planes of 8 rows x 1 column: bit r of `bits` is row r.
        let plane = |bits: u64| (0..8).map(|r| bits >> r & 1).collect::<Vec<u64>>();
        let gen_bits = [0b0000_0111u64, 0b0011_0010, 0b1100_0000];
        let planes: Vec<Vec<u64>> = gen_bits.iter().map(|&g| plane(g)).collect();
        let refs: Vec<&[u64]> = planes.iter().map(|p| p.as_slice()).collect();
        let masks: Vec<u64> = (0..8)
            .map(|r| (0..3).filter(|&j| gen_bits[j] >> r & 1 == 1).map(|j| 2u64 << j).sum())
            .collect();
        let classes = MaskClasses::new(&shape, &masks).unwrap();
        let by_cell =
            Generators { planes: &refs, masks: &masks, mask_words: 1, offset: 1, classes: None };
        let by_class = Generators { classes: Some(&classes), ..by_cell };
        // The classes from the planes: masks with bit j for generator j, so offset 0.
        let masks0: Vec<u64> = masks.iter().map(|m| m >> 1).collect();
        let from_planes = MaskClasses::from_planes(&shape, &refs).unwrap();
        let by_plane =
            Generators { masks: &masks0, offset: 0, classes: Some(&from_planes), ..by_cell };
        let mut scratch = CosetScratch::default();
        // And with no masks kept: ties read a cell's mask from its class.
        let by_plane_only = Generators { masks: &[], ..by_plane };
        let all = [&by_cell, &by_class, &by_plane, &by_plane_only];
        for (base_bits, gens) in (0u64..256).flat_map(|b| all.map(|g| (b, g))) {
            let base = plane(base_bits);
            let mut out = vec![0; 8];
            let got = lightest(&shape, &base, gens, 30, &mut scratch, &mut out);
            // Brute force: lightest, then the lowest set bit of the difference decides.
            let best = (0..8u64)
                .map(|y| {
                    (0..3).filter(|&j| y >> j & 1 == 1).fold(base_bits, |a, j| a ^ gen_bits[j])
                })
                .min_by(|&a, &b| {
                    a.count_ones().cmp(&b.count_ones()).then_with(|| {
                        let d = a ^ b;
                        if d == 0 || a & d & d.wrapping_neg() != 0 {
                            std::cmp::Ordering::Less
                        } else {
                            std::cmp::Ordering::Greater
                        }
                    })
                })
                .unwrap();
            assert_eq!(out, plane(best), "base {base_bits:08b}");
            assert_eq!(got.weight, best.count_ones() as usize);
            assert!(got.exact);
            let members = (0..8u64).map(|y| {
                (0..3).filter(|&j| y >> j & 1 == 1).fold(base_bits, |a, j| a ^ gen_bits[j])
            });
            let tied = members.filter(|m| m.count_ones() == best.count_ones()).count();
            assert_eq!(got.optimal, tied as u64, "base {base_bits:08b}");
            // A search limited to one generator still returns a member of the coset.
            let got = lightest(&shape, &base, gens, 1, &mut scratch, &mut out);
            assert!(!got.exact);
            let bits = out.iter().enumerate().fold(0u64, |a, (r, &b)| a | b << r);
            assert!((0..8u64).any(|y| {
                (0..3).filter(|&j| y >> j & 1 == 1).fold(base_bits, |a, j| a ^ gen_bits[j]) == bits
            }));
            assert!(got.weight >= best.count_ones() as usize);
        }
    }
}
