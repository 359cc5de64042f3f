//! Gauss-Jordan elimination over GF(2) on bit-packed rows, keeping the row operations.
//!
//! The chase matrix `A` (`n x n`, column `j` = the residual of pressing first-row piece `j`
//! alone) is brought to reduced row echelon form `R = E A`, with the product `E` of the row
//! operations kept beside it. A right-hand side `b` then costs one matrix-vector product: `E b`
//! is consistent when its rows `rank..n` are zero, and a particular solution sets each pivot
//! unknown to the matching bit of `E b` and every free unknown to zero. Matrices are row-major,
//! row `i` at words `i * words .. (i + 1) * words`, bit `j % 64` of word `j / 64` is column `j`.

use super::chase::{bit, set_bit};

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
    /// Reduces the `n x n` matrix whose column `j` is the bit vector `columns[j * words ..]`.
    pub fn new(columns: &[u64], n: usize) -> Reduction {
        let words = n.div_ceil(64);
        assert_eq!(columns.len(), n * words, "n columns of n bits");
        let mut reduced = vec![0u64; n * words];
        let mut transform = vec![0u64; n * words];
        for j in 0..n {
            for i in 0..n {
                if bit(&columns[j * words..], i) {
                    set_bit(&mut reduced[i * words..], j);
                }
            }
            set_bit(&mut transform[j * words..], j);
        }
        let mut pivot_cols = Vec::new();
        let mut rank = 0;
        for col in 0..n {
            let Some(p) = (rank..n).find(|&i| bit(&reduced[i * words..], col)) else { continue };
            swap_rows(&mut reduced, words, p, rank);
            swap_rows(&mut transform, words, p, rank);
            // Rows at and after `rank` are zero before `col`, so the pivot row is too.
            let from = col / 64;
            for i in (0..n).filter(|&i| i != rank) {
                if bit(&reduced[i * words..], col) {
                    xor_row(&mut reduced, words, i, rank, from);
                    xor_row(&mut transform, words, i, rank, 0);
                }
            }
            pivot_cols.push(col);
            rank += 1;
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

    /// Builds the column-major input from row strings ("101" = columns 0 and 2 set).
    fn columns(rows: &[&str]) -> Vec<u64> {
        let n = rows.len();
        let mut cols = vec![0u64; n * n.div_ceil(64)];
        for (i, row) in rows.iter().enumerate() {
            for (j, ch) in row.bytes().enumerate() {
                if ch == b'1' {
                    set_bit(&mut cols[j * n.div_ceil(64)..], i);
                }
            }
        }
        cols
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

    #[test]
    fn solves_consistent_systems_and_spots_inconsistent_ones() {
        // Row 2 = row 0 + row 1: rank 2, one free column.
        let a = ["110", "011", "101"];
        let r = Reduction::new(&columns(&a), 3);
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
