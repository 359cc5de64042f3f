//! A light member of a coset `x + span(g_0, ..., g_{d-1})` over GF(K) (`K` prime) too large to
//! weigh whole, by *information-set decoding* (Prange's method with Lee and Brickell's step, in
//! the random walk of Canteaut and Chabaud).
//!
//! Reduce the generators, as rows of a `d x cells` matrix, to a systematic form: each row `r`
//! has a 1 at its *pivot* cell `p_r` and every other row a 0 there. Then exactly one member of
//! the coset is 0 at every pivot, `m = x - sum x[p_r] g_r`, and the members that are 0 at all
//! pivots but one, `m + a g_r`, are a pass over the rows away. When the lightest member `x*`
//! presses none (or one) of the pivot cells, `m` (or one of `m + a g_r`) *is* `x*`. A board
//! made by `P` presses on `cells` cells has a solution of at most `P` presses, and a random set
//! of `d` pivots misses its cells with probability about `(1 - P / cells)^d`, so a walk over
//! pivot sets finds it after about the inverse of that many steps. Each step swaps one pivot
//! for a random other cell of its row (one elimination pass, `d * cells` operations) and
//! weighs the members it reaches.
//!
//! The walk is deterministic (a fixed seed) and stops when it has gone [`PATIENCE`] times as
//! many steps as it took to find its best member (and at least [`MIN_STEPS`], or half the
//! budget if less), or at the work budget ([`WORK_BUDGET`] cell operations), whichever is
//! first. Its answer is a member of the
//! coset, never heavier than `x`, and not proven to be the lightest.
//!
//! Sources: E. Prange, "The use of information sets in decoding cyclic codes", IRE Trans. IT-8
//! (1962); P. J. Lee and E. F. Brickell, "An observation on the security of McEliece's
//! public-key cryptosystem", EUROCRYPT 1988; A. Canteaut and F. Chabaud, "A new algorithm for
//! finding minimum-weight words in a linear code", IEEE Trans. IT-44 (1998).

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Cell operations (an addition of one count) the walk may spend on one board: about a second
/// of one core.
pub(crate) const WORK_BUDGET: u64 = 3 << 30;

/// The walk stops after this many times the steps it took to find its best member.
const PATIENCE: u64 = 8;

/// The walk takes at least this many steps (within the budget).
const MIN_STEPS: u64 = 4096;

/// The seed of the walk: the same board gives the same answer on every run.
const SEED: u64 = 0x1f1b_10c5_15d0_c0de;

/// What [`lighten`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Lightened {
    /// The member's weight (a cell's count `0 ..= K - 1` counting as itself).
    pub weight: usize,
    /// The sum of the multiples of the generators' `colours` added to `x`, mod `K`.
    pub colour_shift: u8,
    /// Steps of the walk taken.
    pub steps: u64,
}

/// Replaces `x` (`cells` counts below `k`) by the lightest member of `x + span(planes)` the walk
/// finds (see the module docs), if lighter. `planes` holds `d` planes of `cells` counts one
/// after another; `colours[r]` is what generator `r` adds to the reached colour.
///
/// # Panics
///
/// If `k` is not a prime below 16, or the lengths do not fit.
pub(crate) fn lighten(
    k: u8,
    cells: usize,
    planes: &[u8],
    colours: &[u8],
    x: &mut [u8],
) -> Lightened {
    assert!(matches!(k, 2 | 3 | 5 | 7 | 11 | 13), "GF({k}) is not a prime field");
    assert_eq!(x.len(), cells, "a member is a plane");
    let d = colours.len();
    assert_eq!(planes.len(), d * cells, "d planes");
    let mut best_weight = weight(x);
    let mut colour_shift = 0u8;
    let mut walk = match Walk::new(k, cells, planes, colours, x) {
        Some(walk) if best_weight > 0 => walk,
        _ => return Lightened { weight: best_weight, colour_shift, steps: 0 },
    };
    let d = walk.pivots.len();
    let cost = (d as u64 * cells as u64 * u64::from(k)).max(1);
    let limit = (WORK_BUDGET / cost).max(1);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
    let (mut step, mut found_at) = (0u64, 0u64);
    let floor = MIN_STEPS.min(limit / 2);
    while step < limit && step < (PATIENCE * found_at).max(floor) {
        if let Some((w, row, a)) = walk.lightest_near(best_weight) {
            best_weight = w;
            found_at = step;
            x.copy_from_slice(&walk.member);
            colour_shift = walk.colour;
            if let Some(row) = row {
                add_multiple(x, walk.row(row), a, k);
                colour_shift = add_mod(colour_shift, mul_mod(a, walk.row_colours[row], k), k);
            }
        }
        walk.swap(x, &mut rng);
        step += 1;
    }
    Lightened { weight: best_weight, colour_shift, steps: step }
}

/// The systematic form of the generators and the member that is 0 at every pivot.
struct Walk {
    k: u8,
    cells: usize,
    /// `d` rows of `cells` counts.
    rows: Vec<u8>,
    row_colours: Vec<u8>,
    /// The pivot cell of each row.
    pivots: Vec<usize>,
    is_pivot: Vec<bool>,
    /// The member of the coset that is 0 at every pivot, and its colour shift from `x`.
    member: Vec<u8>,
    colour: u8,
    /// Per row, the weight change of adding `a` times it (`a = 1 .. K - 1`).
    deltas: Vec<i64>,
}

impl Walk {
    /// The systematic form of `planes` (independent rows only), pivots chosen in index order
    /// after a fixed shuffle; `None` when the planes are all zero.
    fn new(k: u8, cells: usize, planes: &[u8], colours: &[u8], x: &[u8]) -> Option<Walk> {
        let mut rows = planes.to_vec();
        let mut row_colours = colours.to_vec();
        let d = colours.len();
        let mut order: Vec<usize> = (0..cells).collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED ^ 1);
        for i in (1..cells).rev() {
            order.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
        }
        // Pivots first among the cells `x` does not press (see [`Walk::swap`]).
        order.sort_by_key(|&c| x[c] != 0);
        let mut pivots = Vec::with_capacity(d);
        let mut rank = 0;
        for &c in &order {
            if rank == d {
                break;
            }
            let Some(r) = (rank..d).find(|&r| rows[r * cells + c] != 0) else { continue };
            swap_rows(&mut rows, cells, r, rank);
            row_colours.swap(r, rank);
            let mut walk = Walk::shell(k, cells, rows, row_colours, pivots);
            walk.pivot_on(rank, c);
            (rows, row_colours, pivots) = (walk.rows, walk.row_colours, walk.pivots);
            pivots.push(c);
            rank += 1;
        }
        if rank == 0 {
            return None;
        }
        rows.truncate(rank * cells);
        row_colours.truncate(rank);
        let mut walk = Walk::shell(k, cells, rows, row_colours, pivots);
        for &p in &walk.pivots {
            walk.is_pivot[p] = true;
        }
        walk.member.copy_from_slice(x);
        for r in 0..rank {
            walk.clear_at(r);
        }
        Some(walk)
    }

    fn shell(k: u8, cells: usize, rows: Vec<u8>, row_colours: Vec<u8>, pivots: Vec<usize>) -> Walk {
        Walk {
            k,
            cells,
            rows,
            row_colours,
            pivots,
            is_pivot: vec![false; cells],
            member: vec![0; cells],
            colour: 0,
            deltas: Vec::new(),
        }
    }

    fn row(&self, r: usize) -> &[u8] {
        &self.rows[r * self.cells..(r + 1) * self.cells]
    }

    /// Scales row `r` so that cell `c` is 1 and clears `c` from every other row.
    fn pivot_on(&mut self, r: usize, c: usize) {
        let (k, cells) = (self.k, self.cells);
        let inverse = inverse_mod(self.rows[r * cells + c], k);
        scale(&mut self.rows[r * cells..(r + 1) * cells], inverse, k);
        self.row_colours[r] = mul_mod(self.row_colours[r], inverse, k);
        let rows_len = self.rows.len() / cells;
        for s in (0..rows_len).filter(|&s| s != r) {
            let f = self.rows[s * cells + c];
            if f == 0 {
                continue;
            }
            let a = k - f;
            let (pivot_row, other) = two_rows(&mut self.rows, cells, r, s);
            add_multiple(other, pivot_row, a, k);
            self.row_colours[s] =
                add_mod(self.row_colours[s], mul_mod(a, self.row_colours[r], k), k);
        }
    }

    /// Makes the member 0 at row `r`'s pivot by adding a multiple of the row.
    fn clear_at(&mut self, r: usize) {
        let (k, cells) = (self.k, self.cells);
        let v = self.member[self.pivots[r]];
        if v != 0 {
            let a = k - v;
            add_multiple(&mut self.member, &self.rows[r * cells..(r + 1) * cells], a, k);
            self.colour = add_mod(self.colour, mul_mod(a, self.row_colours[r], k), k);
        }
    }

    /// The lightest of the member and the members `member + a row` when lighter than `bound`:
    /// its weight, the row (`None`: the member itself) and `a`.
    fn lightest_near(&mut self, bound: usize) -> Option<(usize, Option<usize>, u8)> {
        let (k, cells) = (usize::from(self.k), self.cells);
        let base = weight(&self.member);
        let mut best = (base < bound).then_some((base, None, 0u8));
        let mut limit = bound.min(base);
        self.deltas.clear();
        self.deltas.resize(k, 0);
        for r in 0..self.pivots.len() {
            let row = &self.rows[r * cells..(r + 1) * cells];
            self.deltas.fill(0);
            if k == 2 {
                // Adding the row flips its cells: +1 where the member is 0, -1 where it is 1.
                let flipped: i64 = self
                    .member
                    .iter()
                    .zip(row)
                    .map(|(&m, &g)| i64::from(g) - 2 * i64::from(g & m))
                    .sum();
                self.deltas[1] = flipped;
            } else {
                // One pass per multiple `a`: the cell's new count is `m + a g` reduced once.
                let kk = self.k;
                let before: i64 = self.member.iter().map(|&m| i64::from(m)).sum();
                for a in 1..k {
                    let times: [u8; 16] =
                        std::array::from_fn(|g| mul_mod(a as u8, g as u8 % kk, kk));
                    let after: i64 = self
                        .member
                        .iter()
                        .zip(row)
                        .map(|(&m, &g)| {
                            let sum = m + times[usize::from(g & 15)];
                            i64::from(sum.min(sum.wrapping_sub(kk)))
                        })
                        .sum();
                    self.deltas[a] = after - before;
                }
            }
            for a in 1..k {
                let w = (base as i64 + self.deltas[a]) as usize;
                if w < limit {
                    limit = w;
                    best = Some((w, Some(r), a as u8));
                }
            }
        }
        best
    }

    /// Swaps a random pivot for a random other cell of its row. Three times in four the
    /// pivot is one `best` presses, when there is such a pivot, and the cell one `best` does
    /// not press: the lightest member known is likely to share most of its cells with the
    /// lightest one, so its unpressed cells make pivots that miss it more often.
    fn swap(&mut self, best: &[u8], rng: &mut Xoshiro256PlusPlus) {
        let cells = self.cells;
        let d = self.pivots.len() as u64;
        let biased = !rng.next_u64().is_multiple_of(4);
        let mut r = (rng.next_u64() % d) as usize;
        if biased {
            for _ in 0..d {
                let t = (rng.next_u64() % d) as usize;
                if best[self.pivots[t]] != 0 {
                    r = t;
                    break;
                }
            }
        }
        let row = &self.rows[r * cells..(r + 1) * cells];
        let usable = |c: usize| row[c] != 0 && !self.is_pivot[c];
        let mut pick = None;
        for _ in 0..64 {
            let c = (rng.next_u64() % cells as u64) as usize;
            if usable(c) && (!biased || best[c] == 0) {
                pick = Some(c);
                break;
            }
        }
        let pick = pick.or_else(|| {
            let start = (rng.next_u64() % cells as u64) as usize;
            (0..cells).map(|i| (start + i) % cells).find(|&c| usable(c))
        });
        let Some(c) = pick else { return };
        self.pivot_on(r, c);
        self.is_pivot[self.pivots[r]] = false;
        self.pivots[r] = c;
        self.is_pivot[c] = true;
        self.clear_at(r);
    }
}

/// The sum of the counts.
fn weight(x: &[u8]) -> usize {
    x.iter().map(|&v| usize::from(v)).sum()
}

/// `x += a * y` cell by cell, mod `k` (`a < k`).
fn add_multiple(x: &mut [u8], y: &[u8], a: u8, k: u8) {
    if k == 2 {
        if a == 1 {
            x.iter_mut().zip(y).for_each(|(v, &p)| *v ^= p);
        }
        return;
    }
    for _ in 0..a {
        for (v, &p) in x.iter_mut().zip(y) {
            let sum = *v + p;
            *v = sum.min(sum.wrapping_sub(k));
        }
    }
}

/// `x *= a` cell by cell, mod `k`.
fn scale(x: &mut [u8], a: u8, k: u8) {
    if a != 1 {
        x.iter_mut().for_each(|v| *v = mul_mod(*v, a, k));
    }
}

fn add_mod(a: u8, b: u8, k: u8) -> u8 {
    ((u16::from(a) + u16::from(b)) % u16::from(k)) as u8
}

fn mul_mod(a: u8, b: u8, k: u8) -> u8 {
    ((u16::from(a) * u16::from(b)) % u16::from(k)) as u8
}

/// The inverse of `a` (not 0) mod the prime `k`.
fn inverse_mod(a: u8, k: u8) -> u8 {
    (1..k).find(|&b| mul_mod(a, b, k) == 1).expect("a prime modulus")
}

fn swap_rows(rows: &mut [u8], cells: usize, a: usize, b: usize) {
    if a != b {
        let (low, high) = (a.min(b), a.max(b));
        let (first, second) = rows.split_at_mut(high * cells);
        first[low * cells..(low + 1) * cells].swap_with_slice(&mut second[..cells]);
    }
}

/// Rows `r` (shared) and `s` (mutable) of `rows`, `r != s`.
fn two_rows(rows: &mut [u8], cells: usize, r: usize, s: usize) -> (&[u8], &mut [u8]) {
    if r < s {
        let (first, second) = rows.split_at_mut(s * cells);
        (&first[r * cells..(r + 1) * cells], &mut second[..cells])
    } else {
        let (first, second) = rows.split_at_mut(r * cells);
        (&second[..cells], &mut first[s * cells..(s + 1) * cells])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every member of `x + span(planes)` over GF(k), with its colour shift.
    fn members(k: u8, x: &[u8], planes: &[Vec<u8>], colours: &[u8]) -> Vec<(Vec<u8>, u8)> {
        let mut out = vec![(x.to_vec(), 0u8)];
        for (plane, &colour) in planes.iter().zip(colours) {
            let mut next = Vec::new();
            for (m, c) in &out {
                for a in 0..k {
                    let mut v = m.clone();
                    add_multiple(&mut v, plane, a, k);
                    next.push((v, add_mod(*c, mul_mod(a, colour, k), k)));
                }
            }
            out = next;
        }
        out
    }

    /// On small random cosets over GF(2), GF(3) and GF(5), each holding a member of one or two
    /// pressed cells hidden under random multiples of the generators, the walk returns a member
    /// of the coset with the colour shift it names, never heavier than `x`, and the lightest
    /// one (as an enumeration of the coset finds it).
    #[test]
    fn the_walk_finds_the_lightest_member_of_small_cosets() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut below = |n: u8| (rng.next_u64() % u64::from(n)) as u8;
        for k in [2u8, 3, 5] {
            for trial in 0..40 {
                let (cells, d) = (10 + trial % 7, 1 + trial % 4);
                let planes: Vec<Vec<u8>> =
                    (0..d).map(|_| (0..cells).map(|_| below(k)).collect()).collect();
                let colours: Vec<u8> = (0..d).map(|_| below(k)).collect();
                let mut x = vec![0u8; cells];
                for _ in 0..1 + trial % 2 {
                    x[usize::from(below(cells as u8))] = 1 + below(k - 1);
                }
                for plane in &planes {
                    add_multiple(&mut x, plane, below(k), k);
                }
                let all = members(k, &x, &planes, &colours);
                let lightest = all.iter().map(|(m, _)| weight(m)).min().unwrap();
                let flat: Vec<u8> = planes.concat();
                let mut got = x.clone();
                let found = lighten(k, cells, &flat, &colours, &mut got);
                assert_eq!(found.weight, weight(&got));
                assert!(found.weight <= weight(&x));
                assert!(
                    all.iter().any(|(m, c)| *m == got && *c == found.colour_shift),
                    "K={k} trial {trial}: not a member with that colour"
                );
                assert_eq!(found.weight, lightest, "K={k} trial {trial}");
            }
        }
    }
}
