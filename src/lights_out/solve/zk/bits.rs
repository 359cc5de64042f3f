//! The chase of two colours on bit-packed presses, 64 a word.
//!
//! For `K = 2` every count is one bit and every sum a parity, so a forced press is the XOR of
//! the goal colour, its forcing cell and the presses of its stencil. Kept in the padded layout
//! of the plan ([`Layout`]), one bit per padded index, a forced run of presses is worked 64 at a
//! time: every term lying at least a whole word back (or before the run) is read as a word of
//! the presses already known, shifted into place. A run may also have one *near* term, `s`
//! presses back inside the same word (the diagonal `x.x/.x./x.x` has `s = 2`: the forcing cell
//! below-left of a press is also toggled by the press two back in the same row); its presses
//! then satisfy `x_i = t_i ^ x_(i - s)`, a stride-`s` prefix XOR of the far sum `t` (the `s`
//! presses before the word injected into its first `s` bits), worked by `log2(64 / s)` shifts
//! and XORs. Runs with two near terms or more (e.g. `xxx/xxx/xxx`, a press and the two before
//! it) keep the byte chase. The plus has no near term at all; `.x./x.x/.x.` none either.
//!
//! The plan is the byte chase's own (the same free presses, forced presses and residual cells,
//! in the same order), so the bits give exactly its presses and residual.

use super::chase::{Chase, Layout};
use super::lanes;

/// A step of the bit chase, in the plan's order.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Step {
    /// Presses `start .. start + len` (padded) are the free unknowns `var .. var + len`.
    Free { start: usize, len: usize, var: usize },
    /// Presses `start .. start + len`, each the XOR of the goal colour, the board at
    /// `press + cell` and the presses at `press + offset` for the offsets `far`, then the chain
    /// of the near term `near` presses back (0: none). When `tail` is not [`NO_TAIL`], the
    /// same sum one press past the run (a margin press) is residual `tail`.
    Forced { start: usize, len: usize, cell: isize, far: (usize, usize), near: usize, tail: usize },
}

/// No residual cell rides on the run (see [`Step::Forced`]).
const NO_TAIL: usize = usize::MAX;

/// A run of residual cells `start .. start + len` (padded), written to the residual from index
/// `out` on: the XOR of the goal colour, the board and the presses at the offsets `terms`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Residual {
    start: usize,
    len: usize,
    out: usize,
    terms: (usize, usize),
}

/// The bit chase of one plan (see the module docs), for `K = 2` without wrap-around.
#[derive(Debug, Clone)]
pub(super) struct Bits {
    layout: Layout,
    steps: Vec<Step>,
    residual: Vec<Residual>,
    offsets: Vec<isize>,
    /// Words of a plane: the padded layout and room for the last word read or written whole.
    words: usize,
}

/// The bit planes of [`Bits`]: the board and the presses, in the padded layout.
#[derive(Debug, Clone, Default)]
pub(super) struct BitScratch {
    s: Vec<u64>,
    x: Vec<u64>,
    /// The layout the planes were last laid out for (their margins are zero for it).
    layout: Option<Layout>,
}

impl BitScratch {}

/// Packs eight counts of 0 or 1 (one a byte) into eight bits: each byte `i` is moved by the
/// multiplication to bit `56 + i` with no carry (the products land on distinct bits).
const PACK: u64 = 0x0102_0408_1020_4080;

/// One in each byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// Bit `i` of each byte `i`.
const SPREAD: u64 = 0x8040_2010_0804_0201;

/// The low `n` bits (`n <= 64`).
#[inline(always)]
fn low(n: usize) -> u64 {
    if n >= 64 { !0 } else { (1u64 << n) - 1 }
}

/// The 64 bits of `plane` from bit `p` on.
#[inline(always)]
fn get(plane: &[u64], p: usize) -> u64 {
    let (w, b) = (p / 64, p % 64);
    let [lo, hi]: [u64; 2] = plane[w..w + 2].try_into().expect("two words");
    // Two shifts, so that `b = 0` shifts the high word out entirely.
    lo >> b | (hi << 1) << (63 - b)
}

/// Bit `p` of `plane`.
#[inline(always)]
fn bit(plane: &[u64], p: usize) -> u64 {
    plane[p / 64] >> (p % 64) & 1
}

/// `v` with each bit `i` XORed with bits `i - S`, `i - 2S`, ...: `log2(64 / S)` shifts.
#[inline(always)]
fn prefix<const S: usize>(mut v: u64) -> u64 {
    let mut shift = S;
    while shift < 64 {
        v ^= v << shift;
        shift *= 2;
    }
    v
}

/// [`prefix`] of stride `s` (`1 <= s < 64`), the usual strides unrolled.
#[inline(always)]
fn prefix_of(v: u64, s: usize) -> u64 {
    match s {
        1 => prefix::<1>(v),
        2 => prefix::<2>(v),
        3 => prefix::<3>(v),
        _ => {
            let (mut v, mut shift) = (v, s);
            while shift < 64 {
                v ^= v << shift;
                shift *= 2;
            }
            v
        }
    }
}

/// Writes the low bits `mask` of `v` (`v` has no others) into `plane` from bit `p` on.
#[inline(always)]
fn put(plane: &mut [u64], p: usize, v: u64, mask: u64) {
    let (w, b) = (p / 64, p % 64);
    plane[w] = plane[w] & !(mask << b) | v << b;
    let (high_mask, high) = ((mask >> 1) >> (63 - b), (v >> 1) >> (63 - b));
    plane[w + 1] = plane[w + 1] & !high_mask | high;
}

/// Lets a forced run work out a single residual cell as its press one past the run, and drops
/// that cell from `residual`: when the cell is the one that would force that press (a margin
/// press, always zero), the board cells of its terms are those of the run's stencil there, and
/// the run's far terms are all known before that press's word (so the run's last word, worked
/// whole, holds the cell's value in the bit past the run). For the diagonal `x.x/.x./x.x` this
/// is each row's last cell, the bit the row below's chain carries past the board.
fn ride_tails(layout: Layout, steps: &mut [Step], residual: &mut Vec<Residual>, offsets: &[isize]) {
    let cells = |mut positions: Vec<usize>| {
        positions.retain(|&p| layout.is_cell(p));
        positions.sort_unstable();
        positions
    };
    residual.retain(|r| {
        if r.len != 1 {
            return true;
        }
        let terms = &offsets[r.terms.0..r.terms.1];
        let want = cells(terms.iter().map(|&o| r.start.wrapping_add_signed(o)).collect());
        for step in steps.iter_mut() {
            let Step::Forced { start, len, cell, far, near, tail } = step else { continue };
            let past = *start + *len;
            let far = &offsets[far.0..far.1];
            let i = (*len % 64) as isize;
            if *tail != NO_TAIL
                || i == 0
                || past.wrapping_add_signed(*cell) != r.start
                || layout.is_cell(past)
                || far.iter().any(|&o| o >= -i)
            {
                continue;
            }
            let mut got: Vec<usize> = far.iter().map(|&o| past.wrapping_add_signed(o)).collect();
            if *near != 0 {
                got.push(past - *near);
            }
            if cells(got) == want {
                *tail = r.out;
                return false;
            }
        }
        true
    });
}

/// Up to 64 counts of 0 or 1, as bits (bit `i` is `bytes[i]`).
#[inline(always)]
fn pack(bytes: &[u8]) -> u64 {
    let mut eights = bytes.chunks_exact(8);
    let mut v = 0u64;
    let mut at = 0;
    for eight in &mut eights {
        let w = u64::from_le_bytes(eight.try_into().expect("eight bytes"));
        v |= (w.wrapping_mul(PACK) >> 56) << at;
        at += 8;
    }
    for (i, &b) in eights.remainder().iter().enumerate() {
        v |= u64::from(b) << (at + i);
    }
    v
}

/// Sixteen counts of 0 or 1 as bits, from a chunk that may run past the counts wanted (the
/// bits past them are cleared by the caller).
#[inline(always)]
fn pack16(bytes: &[u8]) -> u64 {
    u64::from(lanes::nonzero(&lanes::chunk(bytes)))
}

/// The low eight bits of `bits` as eight counts of 0 or 1 (byte `i` is bit `i`): the byte
/// repeated, bit `i` kept in byte `i`, and each non-zero byte (at most `0x80`) carried into
/// its top bit by adding `0x7F`.
const fn spread(bits: u64) -> u64 {
    let kept = (bits & 0xFF).wrapping_mul(ONES) & SPREAD;
    (kept + 0x7F * ONES) >> 7 & ONES
}

/// [`spread`] of every byte.
static SPREAD_TABLE: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = spread(i as u64);
        i += 1;
    }
    table
};

impl Bits {
    /// The bit chase of `chase`, when it has one: two colours, the padded layout (no
    /// wrap-around), and at most one near term in every forced run (see the module docs).
    pub fn new(chase: &Chase) -> Option<Bits> {
        let plan = chase.plan();
        let layout = plan.layout?;
        if plan.k != 2 {
            return None;
        }
        let mut offsets = Vec::new();
        let mut steps = Vec::new();
        for run in &plan.runs {
            match run.var {
                Some(var) => steps.push(Step::Free { start: run.start, len: run.len, var }),
                None => {
                    if !run.unit {
                        return None;
                    }
                    let len = run.len;
                    // Terms inside the first word of the run are near; the others are known
                    // before the word is worked.
                    let reach = len.min(64) as isize;
                    let from = offsets.len();
                    let mut near = 0;
                    for &o in &run.offsets {
                        debug_assert!(o < 0, "a press depends only on earlier ones");
                        if o > -reach {
                            if near != 0 {
                                return None;
                            }
                            near = o.unsigned_abs();
                        } else {
                            offsets.push(o);
                        }
                    }
                    steps.push(Step::Forced {
                        start: run.start,
                        len,
                        cell: run.cell,
                        far: (from, offsets.len()),
                        near,
                        tail: NO_TAIL,
                    });
                }
            }
        }
        let mut residual = Vec::new();
        for run in &plan.residual {
            if !run.unit {
                return None;
            }
            let from = offsets.len();
            offsets.extend(&run.offsets);
            residual.push(Residual {
                start: run.start,
                len: run.len,
                out: run.cell as usize,
                terms: (from, offsets.len()),
            });
        }
        ride_tails(layout, &mut steps, &mut residual, &offsets);
        // Every read or write of a word touches the word after it too.
        let words = layout.len().div_ceil(64) + 2;
        Some(Bits { layout, steps, residual, offsets, words })
    }

    /// Loads the board `s` (working orientation, row-major, counts 0 or 1) into the planes of
    /// `scratch`, ready for [`Bits::run`].
    pub fn load(&self, s: &[u8], scratch: &mut BitScratch) {
        let l = self.layout;
        let b = scratch;
        if b.layout != Some(l) || b.x.len() != self.words {
            // Fresh planes: the margins of the presses are read and must be zero.
            b.s.clear();
            b.s.resize(self.words, 0);
            b.x.clear();
            b.x.resize(self.words, 0);
            b.layout = Some(l);
        }
        let cols = l.cols;
        for r in 0..l.rows {
            let p = l.at(r as isize, 0);
            let mut col = 0;
            while col < cols {
                let at = r * cols + col;
                // Chunks of sixteen, the last one maybe into the next row (cleared below).
                let mask = low(cols - col);
                if let Some(src) = s.get(at..at + 64) {
                    let v = (0..4).fold(0, |v, j| v | pack16(&src[16 * j..]) << (16 * j));
                    put(&mut b.s, p + col, v & mask, mask);
                    col += 64;
                    continue;
                }
                let src = &s[at..(at + (cols - col).min(64).next_multiple_of(16)).min(s.len())];
                let mut chunks = src.chunks_exact(16);
                let mut v = 0;
                for (j, chunk) in (&mut chunks).enumerate() {
                    v |= pack16(chunk) << (16 * j);
                }
                if !chunks.remainder().is_empty() {
                    v |= pack(chunks.remainder()) << (src.len() / 16 * 16);
                }
                put(&mut b.s, p + col, v & mask, mask);
                col += 64;
            }
        }
    }

    /// Chases the loaded board from the free values `y` towards colour `c` (0 or 1): every
    /// press into the planes of `scratch`, and the residual into `res` when it is wanted (see
    /// [`Chase::run`]).
    pub fn run(&self, (y, c): (&[u8], u8), mut res: Option<&mut [u8]>, scratch: &mut BitScratch) {
        let BitScratch { s, x, .. } = scratch;
        debug_assert_eq!(x.len(), self.words, "a board is loaded");
        let goal = if c == 1 { !0u64 } else { 0 };
        for step in &self.steps {
            match *step {
                Step::Free { start, len: 1, var } => {
                    let (w, b) = (start / 64, start % 64);
                    x[w] = x[w] & !(1 << b) | u64::from(y[var] & 1) << b;
                }
                Step::Free { start, len, var } => {
                    for (i, part) in y[var..var + len].chunks(64).enumerate() {
                        put(x, start + 64 * i, pack(part), low(part.len()));
                    }
                }
                Step::Forced { start: p, len: len @ ..=64, cell, far, near, tail } => {
                    // One word.
                    let mut v = goal ^ get(s, p.wrapping_add_signed(cell));
                    for &o in &self.offsets[far.0..far.1] {
                        v ^= get(x, p.wrapping_add_signed(o));
                    }
                    if near != 0 {
                        v = prefix_of(v ^ get(x, p - near) & low(near), near);
                    }
                    let mask = low(len);
                    put(x, p, v & mask, mask);
                    if let Some(res) = res.as_deref_mut()
                        && tail != NO_TAIL
                    {
                        res[tail] = (v >> len & 1) as u8;
                    }
                }
                Step::Forced { start, len, cell, far, near, tail } => {
                    let far = &self.offsets[far.0..far.1];
                    let mut done = 0;
                    while done < len {
                        let p = start + done;
                        let mask = low(len - done);
                        let mut v = goal ^ get(s, p.wrapping_add_signed(cell));
                        for &o in far {
                            v ^= get(x, p.wrapping_add_signed(o));
                        }
                        if near != 0 {
                            // The `near` presses before the word, then the stride prefix.
                            v ^= get(x, p - near) & low(near);
                            v = prefix_of(v, near);
                        }
                        put(x, p, v & mask, mask);
                        if let Some(res) = res.as_deref_mut()
                            && tail != NO_TAIL
                            && len - done < 64
                        {
                            res[tail] = (v >> (len - done) & 1) as u8;
                        }
                        done += 64;
                    }
                }
            }
        }
        let Some(res) = res else { return };
        for r in &self.residual {
            let terms = &self.offsets[r.terms.0..r.terms.1];
            if r.len == 1 {
                let p = r.start;
                let v = terms
                    .iter()
                    .fold(u64::from(c) ^ bit(s, p), |v, &o| v ^ bit(x, p.wrapping_add_signed(o)));
                res[r.out] = v as u8;
                continue;
            }
            let mut done = 0;
            while done < r.len {
                let p = r.start + done;
                let mut v = goal ^ get(s, p);
                for &o in terms {
                    v ^= get(x, p.wrapping_add_signed(o));
                }
                let out = &mut res[r.out + done..r.out + r.len.min(done + 64)];
                for (i, o) in out.iter_mut().enumerate() {
                    *o = (v >> i & 1) as u8;
                }
                done += 64;
            }
        }
    }

    /// Writes the presses of the last [`Bits::run`] into `x` (working orientation, row-major,
    /// one count a byte): the first `R * C` counts; the rest of `x` (at most
    /// [`lanes::LANE`] - 1 counts, zero on entry) stays zero.
    pub fn store(&self, scratch: &BitScratch, x: &mut [u8]) {
        let l = self.layout;
        let plane = &scratch.x;
        let cols = l.cols;
        for r in 0..l.rows {
            let p = l.at(r as isize, 0);
            let mut col = 0;
            while col < cols {
                // The bits past the row are cleared: their bytes, written over the next row's
                // first counts (written again after) or past the board, are zero.
                let v = get(plane, p + col) & low(cols - col);
                let at = r * cols + col;
                if let Some(dst) = x.get_mut(at..at + 64) {
                    // Whole words, the last one maybe into the next row.
                    for j in 0..(cols - col).min(64).div_ceil(8) {
                        let byte = (v >> (8 * j)) as u8;
                        let bytes = SPREAD_TABLE[usize::from(byte)].to_le_bytes();
                        dst[8 * j..8 * j + 8].copy_from_slice(&bytes);
                    }
                    col += 64;
                    continue;
                }
                let end = (at + (cols - col).min(64).next_multiple_of(8)).min(x.len());
                let dst = &mut x[at..end];
                let whole = dst.len() / 8 * 8;
                let mut eights = dst.chunks_exact_mut(8);
                for (j, eight) in (&mut eights).enumerate() {
                    let byte = (v >> (8 * j)) as u8;
                    eight.copy_from_slice(&SPREAD_TABLE[usize::from(byte)].to_le_bytes());
                }
                let rest = eights.into_remainder();
                if !rest.is_empty() {
                    let bytes = SPREAD_TABLE[usize::from((v >> whole) as u8)].to_le_bytes();
                    let len = rest.len();
                    rest.copy_from_slice(&bytes[..len]);
                }
                col += 64;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::BoardSize;
    use crate::lights_out::solve::zk::TestRng;
    use crate::lights_out::solve::zk::chase::ChaseScratch;
    use crate::lights_out::solve::zk::ring::Modulus;
    use crate::lights_out::{Goal, TogglePattern, Variant};

    fn plan(r: usize, c: usize, pattern: &str, k: u8) -> Chase {
        let size = BoardSize::new(r, c).unwrap();
        let toggle: TogglePattern = pattern.parse().unwrap();
        let t = Variant::new(size, toggle.clone(), false, k, Goal::Any).unwrap().toggle_matrix();
        Chase::new(&t, &Modulus::new(k), Some((r, c, &toggle)))
    }

    #[test]
    fn packing_and_spreading_are_inverse() {
        let mut rng = TestRng(5);
        for len in 0..=64 {
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(2) as u8).collect();
            let v = pack(&bytes);
            let want = bytes.iter().enumerate().fold(0u64, |v, (i, &b)| v | u64::from(b) << i);
            assert_eq!(v, want, "{bytes:?}");
            for j in 0..len / 8 {
                let got = spread(v >> (8 * j)).to_le_bytes();
                assert_eq!(got[..], bytes[8 * j..8 * j + 8]);
            }
        }
        let mut plane = vec![0u64; 4];
        put(&mut plane, 60, 0b1011, 0b1111);
        assert_eq!((plane[0], plane[1]), (0b1011 << 60, 0));
        put(&mut plane, 62, 0b101, 0b111);
        assert_eq!((plane[0] >> 60, plane[1]), (0b0111, 0b1));
        assert_eq!(get(&plane, 61) & 0b1111, 0b1011);
    }

    /// Which plans have a bit chase: two colours, one near term at most.
    #[test]
    fn the_bit_chase_takes_the_plus_the_diagonal_and_the_ring() {
        for pattern in [".x./xxx/.x.", "x.x/.x./x.x", ".x./x.x/.x.", "x", "x.x"] {
            assert!(Bits::new(&plan(9, 70, pattern, 2)).is_some(), "{pattern}");
            assert!(Bits::new(&plan(9, 70, pattern, 3)).is_none(), "{pattern} K=3");
        }
        assert!(Bits::new(&plan(9, 70, "xxx/xxx/xxx", 2)).is_none(), "two near terms");
        // The diagonal's last cell of each row rides on the row below's run: only the last
        // row's cells are worked alone.
        for (r, c) in [(9, 70), (9, 64), (5, 5)] {
            let bits = Bits::new(&plan(r, c, "x.x/.x./x.x", 2)).unwrap();
            let rides = (r - 1) * usize::from(c % 64 != 1);
            let ridden = bits
                .steps
                .iter()
                .filter(|s| matches!(s, Step::Forced { tail, .. } if *tail != NO_TAIL))
                .count();
            assert_eq!(ridden, rides, "{r}x{c}");
        }
    }

    /// The bit chase gives the byte chase's presses and residual, exactly, on random boards,
    /// free values and goals, for every accepted pattern on many sizes (rows of 1 to 200
    /// presses, across word boundaries).
    #[test]
    fn the_bit_chase_is_the_byte_chase() {
        let patterns = [
            ".x./xxx/.x.",
            "x.x/.x./x.x",
            ".x./x.x/.x.",
            "xxx/xxx/xxx",
            "xx./.xx/...",
            "x.x",
            "xx.",
            "x/x/x",
            "..x../.xxx./xx.xx",
            "..x../..x../xxxxx/..x../..x..",
            "x...x/...../..x../...../x...x",
            "x",
        ];
        let mut sizes = vec![(1, 1), (1, 64), (64, 1), (3, 63), (3, 64), (3, 65), (65, 3)];
        sizes.extend([(2, 128), (4, 129), (5, 5), (20, 20), (7, 200), (200, 2), (6, 127)]);
        let mut rng = TestRng(31);
        let mut taken = 0;
        for pattern in patterns {
            for &(r, c) in &sizes {
                let toggle: TogglePattern = pattern.parse().unwrap();
                if toggle.reach_rows() >= r || toggle.reach_cols() >= c {
                    continue;
                }
                let chase = plan(r, c, pattern, 2);
                let Some(bits) = Bits::new(&chase) else { continue };
                taken += 1;
                let (n, f) = (r * c, chase.free());
                let (mut scratch, mut planes) = (ChaseScratch::default(), BitScratch::default());
                for _ in 0..6 {
                    let s: Vec<u8> = (0..n).map(|_| rng.below(2) as u8).collect();
                    let y: Vec<u8> = (0..f).map(|_| rng.below(2) as u8).collect();
                    let goal = rng.below(2) as u8;
                    let (mut x, mut res) = (vec![0u8; n], vec![0u8; f]);
                    chase.run((&s, &y, goal), &mut x, &mut res, &mut scratch);
                    let (mut bx, mut bres) = (vec![0u8; lanes::padded(n)], vec![7u8; f]);
                    bx[..n].fill(7);
                    bits.load(&s, &mut planes);
                    bits.run((&y, goal), Some(&mut bres), &mut planes);
                    bits.store(&planes, &mut bx);
                    assert_eq!((&bx[..n], &bres), (&x[..], &res), "{r}x{c} {pattern}");
                    assert!(bx[n..].iter().all(|&v| v == 0), "past the board");
                }
            }
        }
        assert!(taken > 60, "{taken} plans taken");
    }
}
