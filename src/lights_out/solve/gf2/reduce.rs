//! Gauss-Jordan elimination over GF(2) on bit-packed rows, keeping the row operations.
//!
//! The chase matrix `A` (`n x n`, column `j` = the residual of pressing first-row piece `j`
//! alone) is brought to reduced row echelon form `R = E A`, with the product `E` of the row
//! operations kept beside it. A right-hand side `b` then costs one matrix-vector product: `E b`
//! is consistent when its rows `rank..n` are zero, and a particular solution sets each pivot
//! unknown to the matching bit of `E b` and every free unknown to zero. Matrices are row-major,
//! row `i` at words `i * words .. (i + 1) * words`, bit `j % 64` of word `j / 64` is column `j`.

use super::chase::{bit, set_bit, xor_into};

/// Columns eliminated together by [`Reduction::new`]: a table of `2^8` rows.
const BLOCK: usize = 8;

/// `E A = R` for one square matrix `A` over GF(2) (see the module docs).
#[derive(Debug, Clone)]
pub(super) struct Reduction {
    /// Size of the square matrix.
    n: usize,
    /// Words per row: `ceil(n / 64)`.
    words: usize,
    /// Rank of `A`.
    rank: usize,
    /// The pivot column of each of the first `rank` rows of `R`, increasing.
    pivot_cols: Vec<usize>,
    /// `R`, `n` rows.
    reduced: Vec<u64>,
    /// `E`, `n` rows.
    transform: Vec<u64>,
}

impl Reduction {
    /// Reduces the `n x n` matrix `rows` (row-major, see the module docs).
    ///
    /// The elimination runs on `[A | I]` by the Method of the Four Russians: the columns are
    /// taken [`BLOCK`] at a time; the block's pivots are found by plain elimination among the
    /// rows not yet pivots, a table of every combination of the block's pivot rows is built
    /// (`2^BLOCK` rows, each one row XOR from another), and every other row then clears the
    /// block's pivot columns with one table row: `n / BLOCK * (2^BLOCK + n)` row XORs in all,
    /// against `n^2 / 2` for one column at a time.
    pub fn new(rows: Vec<u64>, n: usize) -> Reduction {
        let words = n.div_ceil(64);
        assert_eq!(rows.len(), n * words, "n rows of n bits");
        let ww = 2 * words;
        let mut m = vec![0u64; n * ww];
        for (i, row) in rows.chunks_exact(words).enumerate() {
            m[i * ww..i * ww + words].copy_from_slice(row);
            set_bit(&mut m[i * ww + words..], i);
        }
        let mut pivot_cols = Vec::new();
        let mut rank = 0;
        // Row 0 (no pivot row) stays zero; every other row is written before it is read.
        let mut table = vec![0u64; ww << BLOCK];
        for col in (0..n).step_by(BLOCK) {
            let start = rank;
            // Rows from `start` on are zero before `col`, so every XOR starts at word `from`.
            let from = col / 64;
            for c in col..(col + BLOCK).min(n) {
                let mut found = None;
                for i in rank..n {
                    for (p, &pc) in (start..rank).zip(&pivot_cols[start..]) {
                        if bit(&m[i * ww..], pc) {
                            xor_row(&mut m, ww, i, p, from);
                        }
                    }
                    if bit(&m[i * ww..], c) {
                        found = Some(i);
                        break;
                    }
                }
                let Some(p) = found else { continue };
                swap_rows(&mut m, ww, p, rank);
                for q in start..rank {
                    if bit(&m[q * ww..], c) {
                        xor_row(&mut m, ww, q, rank, from);
                    }
                }
                pivot_cols.push(c);
                rank += 1;
            }
            let block = &pivot_cols[start..];
            if block.is_empty() {
                continue;
            }
            // table[y] = the XOR of the block's pivot rows j with bit j of y set.
            let tw = ww - from;
            for y in 1..1usize << block.len() {
                let (done, rest) = table.split_at_mut(y * tw);
                let out = &mut rest[..tw];
                out.copy_from_slice(&done[(y & (y - 1)) * tw..][..tw]);
                let p = start + y.trailing_zeros() as usize;
                xor_into(out, &m[p * ww + from..(p + 1) * ww]);
            }
            for (i, row) in m.chunks_exact_mut(ww).enumerate() {
                if (start..rank).contains(&i) {
                    continue;
                }
                // With a pivot in every column of the block (it lies in one word), `y` is
                // those columns' bits as they stand.
                let y = if block.len() == BLOCK {
                    (row[col / 64] >> (col % 64)) as usize & ((1 << BLOCK) - 1)
                } else {
                    block
                        .iter()
                        .enumerate()
                        .fold(0, |y, (j, &pc)| y | usize::from(bit(row, pc)) << j)
                };
                if y != 0 {
                    xor_into(&mut row[from..], &table[y * tw..(y + 1) * tw]);
                }
            }
        }
        let mut reduced = vec![0u64; n * words];
        let mut transform = vec![0u64; n * words];
        for ((row, r), t) in m
            .chunks_exact(ww)
            .zip(reduced.chunks_exact_mut(words))
            .zip(transform.chunks_exact_mut(words))
        {
            r.copy_from_slice(&row[..words]);
            t.copy_from_slice(&row[words..]);
        }
        Reduction { n, words, rank, pivot_cols, reduced, transform }
    }

    /// Rank of `A`.
    pub fn rank(&self) -> usize {
        self.rank
    }

    /// `out = E b` (`b` and `out` are `words` long).
    pub fn apply(&self, b: &[u64], out: &mut [u64]) {
        out.fill(0);
        for i in 0..self.n {
            let row = &self.transform[i * self.words..(i + 1) * self.words];
            let parity = row.iter().zip(b).fold(0u32, |acc, (r, x)| acc ^ (r & x).count_ones());
            if parity & 1 == 1 {
                set_bit(out, i);
            }
        }
    }

    /// Whether `A x = b` has a solution, given `eb = E b`: rows `rank..n` of `eb` are zero.
    pub fn consistent(&self, eb: &[u64]) -> bool {
        (self.rank..self.n).all(|i| !bit(eb, i))
    }

    /// The particular solution of `A x = b` with every free unknown zero, given `eb = E b`
    /// (meaningful only when [`Reduction::consistent`]).
    pub fn particular(&self, eb: &[u64], x: &mut [u64]) {
        x.fill(0);
        for (i, &col) in self.pivot_cols.iter().enumerate() {
            if bit(eb, i) {
                set_bit(x, col);
            }
        }
    }

    /// A basis of the null space of `A`: one vector per free column `f`, with `x[f] = 1`, the
    /// other free unknowns zero, and the pivot unknowns that make `A x = 0`. `n - rank` vectors,
    /// each `words` long, in increasing order of `f`.
    pub fn kernel(&self) -> Vec<Vec<u64>> {
        let mut is_pivot = vec![false; self.n];
        for &c in &self.pivot_cols {
            is_pivot[c] = true;
        }
        (0..self.n)
            .filter(|&f| !is_pivot[f])
            .map(|f| {
                let mut x = vec![0u64; self.words];
                set_bit(&mut x, f);
                for (i, &col) in self.pivot_cols.iter().enumerate() {
                    if bit(&self.reduced[i * self.words..], f) {
                        set_bit(&mut x, col);
                    }
                }
                x
            })
            .collect()
    }
}

fn swap_rows(m: &mut [u64], words: usize, a: usize, b: usize) {
    if a != b {
        for k in 0..words {
            m.swap(a * words + k, b * words + k);
        }
    }
}

/// Row `dst` ^= row `src`, from word `from` on.
fn xor_row(m: &mut [u64], words: usize, dst: usize, src: usize, from: usize) {
    for k in from..words {
        m[dst * words + k] ^= m[src * words + k];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Builds the row-major input from row strings ("101" = columns 0 and 2 set).
    fn matrix(rows: &[&str]) -> Vec<u64> {
        let n = rows.len();
        let mut m = vec![0u64; n * n.div_ceil(64)];
        for (i, row) in rows.iter().enumerate() {
            for (j, ch) in row.bytes().enumerate() {
                if ch == b'1' {
                    set_bit(&mut m[i * n.div_ceil(64)..], j);
                }
            }
        }
        m
    }

    fn times(rows: &[&str], x: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; 1];
        for (i, row) in rows.iter().enumerate() {
            let p = row.bytes().enumerate().filter(|&(j, c)| c == b'1' && bit(x, j)).count();
            if p % 2 == 1 {
                set_bit(&mut out, i);
            }
        }
        out
    }

    /// Rows of `a` times the row-major `n x n` matrix `b`.
    fn product(a: &[u64], b: &[u64], n: usize) -> Vec<u64> {
        let w = n.div_ceil(64);
        let mut out = vec![0u64; n * w];
        for i in 0..n {
            for k in (0..n).filter(|&k| bit(&a[i * w..], k)) {
                xor_into(&mut out[i * w..(i + 1) * w], &b[k * w..(k + 1) * w]);
            }
        }
        out
    }

    #[test]
    fn the_blocked_elimination_gives_the_reduced_echelon_form() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for n in [1usize, 2, 7, 8, 9, 63, 64, 65, 100, 130] {
            for dependent in [0, 1, n / 3] {
                let w = n.div_ceil(64);
                let mask = |k: usize| if (k + 1) * 64 > n { (1u64 << (n % 64)) - 1 } else { !0 };
                let mut a: Vec<u64> = (0..n * w).map(|t| next() & mask(t % w)).collect();
                // Make `dependent` rows sums of two others, and one column often zero.
                for i in 0..dependent.min(n.saturating_sub(2)) {
                    for k in 0..w {
                        a[i * w + k] = a[(n - 1) * w + k] ^ a[(n - 2) * w + k];
                    }
                }
                let r = Reduction::new(a.clone(), n);
                assert_eq!(product(&r.transform, &a, n), r.reduced, "E A = R, n = {n}");
                // Reduced echelon form: each pivot row has its pivot, no other row has it, and
                // rows past the rank are zero.
                for (i, &c) in r.pivot_cols.iter().enumerate() {
                    assert!(bit(&r.reduced[i * w..], c));
                    assert!((0..n).filter(|&j| j != i).all(|j| !bit(&r.reduced[j * w..], c)));
                    assert!((0..c).all(|j| !bit(&r.reduced[i * w..], j)));
                }
                assert!(r.reduced[r.rank() * w..].iter().all(|&x| x == 0));
                assert!(r.pivot_cols.windows(2).all(|p| p[0] < p[1]));
                // E is invertible: its rows reduce to rank n.
                assert_eq!(Reduction::new(r.transform.clone(), n).rank(), n);
                for x in r.kernel() {
                    for i in 0..n {
                        let p = a[i * w..(i + 1) * w]
                            .iter()
                            .zip(&x)
                            .map(|(u, v)| (u & v).count_ones())
                            .sum::<u32>();
                        assert_eq!(p % 2, 0, "A x = 0, n = {n}");
                    }
                }
                assert_eq!(r.kernel().len(), n - r.rank());
            }
        }
    }

    #[test]
    fn solves_consistent_systems_and_spots_inconsistent_ones() {
        // Row 2 = row 0 + row 1: rank 2, one free column.
        let a = ["110", "011", "101"];
        let r = Reduction::new(matrix(&a), 3);
        assert_eq!(r.rank(), 2);
        let kernel = r.kernel();
        assert_eq!(kernel.len(), 1);
        assert_eq!(times(&a, &kernel[0]), vec![0]);
        assert_ne!(kernel[0], vec![0]);
        for b in 0u64..8 {
            let mut eb = vec![0];
            r.apply(&[b], &mut eb);
            // b is in the column space exactly when its parity is even.
            assert_eq!(r.consistent(&eb), b.count_ones() % 2 == 0, "b = {b:03b}");
            if r.consistent(&eb) {
                let mut x = vec![0];
                r.particular(&eb, &mut x);
                assert_eq!(times(&a, &x), vec![b]);
            }
        }
    }
}
