//! Linear systems over `Z_K`: the Smith normal form over each prime power `Z_{p^e}`, joined by
//! the Chinese remainder theorem.
//!
//! # Over `Z_{p^e}`
//!
//! `Z_{p^e}` is a local ring: every element is a unit times `p^k` for one `k <= e` (its
//! *valuation*), and of two elements the one of smaller valuation divides the other. So
//! elimination with full pivoting works as over a field, pivoting on an entry of least valuation
//! instead of any non-zero one: scaling the pivot row by the inverse of the unit part makes the
//! pivot exactly `p^k`, and every entry left in its row and column is a multiple of `p^k`, so
//! row and column operations clear them. The result is `U A V = D` with `U`, `V` invertible and
//! `D` diagonal, `d_t = p^{k_t}` for `t < rank` (the Smith normal form, up to the order of the
//! diagonal).
//!
//! With `z = V^-1 y`, `A y = b` becomes `D z = U b`: it has a solution exactly when `(U b)_t` is
//! a multiple of `p^{k_t}` for `t < rank` and zero below, and then `z_t = (U b)_t / p^{k_t}`
//! (the other `z` zero) gives one, `y = V z`. The solutions of `A y = 0` are `V z` with `z_t` a
//! multiple of `p^{e - k_t}` (`t < rank`) or anything (`t >= rank`): generators `V e_t p^{e-k_t}`
//! of order `p^{k_t}` and `V e_t` of order `p^e`, every solution being one combination of them
//! with coefficients below their orders (so the generators also count the solutions). For a
//! prime (`e = 1`) this is Gauss-Jordan elimination and the generators are a basis, and the
//! two products are composed into one, `y = V_rank U_rank b`, checked by the rows of `U` past
//! the rank.
//!
//! # Over `Z_K`
//!
//! `Z_K` is the product of the `Z_{p^e}` of its prime powers (Chinese remainder theorem): a
//! system over `Z_K` is solved in each factor, the partial solutions are joined with the
//! idempotents (`y = sum of lift_i * y_i`), and the generators of each factor, lifted, together
//! generate the solutions of `A y = 0` over `Z_K`, again each solution exactly once.
//!
//! Sources: the Smith normal form over principal ideal rings and the Chinese remainder theorem
//! are textbook algebra (e.g. Jacobson, *Basic Algebra I*, 3.7-3.9; for the modular Lights Out
//! setting, Anderson and Feil, "Turning lights out with linear algebra", Mathematics Magazine
//! 71, 1998, and the Lights Out 2000 analysis over `Z_3`).

use super::ring::{Component, Modulus, valuation};

/// `U A V = D` for one matrix `A` over one `Z_{p^e}` (see the module docs).
#[derive(Debug, Clone)]
struct Smith {
    component: Component,
    rows: usize,
    cols: usize,
    /// `U`, `rows x rows`, row-major.
    u: Vec<u8>,
    /// `V`, `cols x cols`, row-major.
    v: Vec<u8>,
    /// `k_t` for each `t < rank`.
    pivots: Vec<u8>,
    /// Over a field (`e = 1`, so every `k_t` is 0): `V[.., ..rank] U[..rank, ..]`, `cols x rows`,
    /// which maps a consistent `b` to its solution in one product.
    composed: Option<Vec<u8>>,
    /// Over GF(2): the rows of `U` past the rank, then the rows of `composed`, as bits (see
    /// [`Packed`]; over GF(3) two bit planes would cost more than the byte products, the
    /// baseline x86-64 having no population-count instruction).
    packed: Option<Packed>,
}

/// Rows of entries in `0..2` as bits, `words` words a row, so a product with a vector packed
/// alike is the parity of the common bits (see [`packed_dot`]).
#[derive(Debug, Clone)]
struct Packed {
    words: usize,
    /// `words` words a row.
    bits: Vec<u64>,
}

impl Packed {
    fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }
}

/// Appends `values` (each 0 or 1) as `words` words of bits.
fn pack_into(values: &[u8], words: usize, out: &mut Vec<u64>) {
    let start = out.len();
    out.resize(start + words, 0);
    for (w, chunk) in values.chunks(64).enumerate() {
        out[start + w] =
            chunk.iter().enumerate().fold(0u64, |m, (i, &v)| m | u64::from(v & 1) << i);
    }
}

/// `sum of a_i * b_i mod 2` for rows packed by [`pack_into`]: the parity of the exclusive or
/// of the common bits.
#[inline]
fn packed_dot(a: &[u64], b: &[u64]) -> u8 {
    let folded = a.iter().zip(b).fold(0u64, |acc, (&x, &y)| acc ^ (x & y));
    (folded.count_ones() & 1) as u8
}

impl Smith {
    /// Reduces the `rows x cols` matrix `a` (row-major, entries already below `q`).
    fn new(a: Vec<u8>, rows: usize, cols: usize, component: Component) -> Smith {
        if component.q == 2 {
            Smith::over_gf2(&a, rows, cols, component)
        } else {
            Smith::by_bytes(a, rows, cols, component)
        }
    }

    /// [`Smith::new`] one byte an entry, over any `Z_{p^e}`.
    fn by_bytes(mut a: Vec<u8>, rows: usize, cols: usize, component: Component) -> Smith {
        let Component { p, e, q, .. } = component;
        let q32 = u32::from(q);
        let mut u = identity(rows);
        let mut v = identity(cols);
        let mut pivots = Vec::new();
        let ring = Modulus::new(q);
        for t in 0..rows.min(cols) {
            // The entry of least valuation in the rest of the matrix.
            let mut best: Option<(u8, usize, usize)> = None;
            'search: for i in t..rows {
                for j in t..cols {
                    let k = valuation(a[i * cols + j], p, e);
                    if k < e && best.is_none_or(|b| k < b.0) {
                        best = Some((k, i, j));
                        if k == 0 {
                            break 'search;
                        }
                    }
                }
            }
            let Some((k, i, j)) = best else { break };
            swap_rows(&mut a, cols, t, i);
            swap_rows(&mut u, rows, t, i);
            swap_cols(&mut a, rows, cols, t, j);
            swap_cols(&mut v, cols, cols, t, j);
            // Make the pivot exactly p^k: divide its row by the unit part.
            let pk = u32::from(p).pow(u32::from(k));
            let unit = (u32::from(a[t * cols + t]) / pk) as u8;
            let inv = u32::from(ring.inverse(unit).expect("the unit part is a unit"));
            scale_row(&mut a, cols, t, inv, q32);
            scale_row(&mut u, rows, t, inv, q32);
            debug_assert_eq!(u32::from(a[t * cols + t]), pk % q32);
            // Clear the column below the pivot, then the row right of it.
            for i in t + 1..rows {
                let f = u32::from(a[i * cols + t]) / pk;
                if f != 0 {
                    add_row(&mut a, cols, i, t, q32 - f % q32, q32);
                    add_row(&mut u, rows, i, t, q32 - f % q32, q32);
                }
            }
            for j in t + 1..cols {
                let f = u32::from(a[t * cols + j]) / pk;
                if f != 0 {
                    add_col(&mut a, rows, cols, j, t, q32 - f % q32, q32);
                    add_col(&mut v, cols, cols, j, t, q32 - f % q32, q32);
                }
            }
            pivots.push(k);
        }
        let rank = pivots.len();
        let composed = (e == 1).then(|| {
            let mut p = vec![0u8; cols * rows];
            for j in 0..cols {
                for i in 0..rows {
                    let sum: u32 = (0..rank)
                        .map(|t| u32::from(v[j * cols + t]) * u32::from(u[t * rows + i]))
                        .sum();
                    p[j * rows + i] = (sum % q32) as u8;
                }
            }
            p
        });
        let packed = composed.as_ref().filter(|_| q == 2).map(|composed| {
            let words = rows.div_ceil(64);
            let mut bits = Vec::new();
            for t in rank..rows {
                pack_into(&u[t * rows..(t + 1) * rows], words, &mut bits);
            }
            for row in composed.chunks_exact(rows.max(1)).take(cols) {
                pack_into(row, words, &mut bits);
            }
            Packed { words, bits }
        });
        Smith { component, rows, cols, u, v, pivots, composed, packed }
    }

    /// [`Smith::new`] over GF(2) on rows of bits, 64 entries a word: the very same steps (the
    /// first non-zero entry in row-major order of the rest of the matrix is the pivot; rows
    /// below it, then columns right of it, are cleared), so the very same `U`, `V` and pivots,
    /// in about `rows * cols * (rows + cols) / 64` word operations instead of as many bytes.
    /// `V` is kept transposed (row `j` of `vt` is column `j` of `V`), so that its column
    /// operations are row operations too. Column operations leave the rest of `A` as it is
    /// (the pivot's column is zero but for the pivot once the rows below are cleared), so they
    /// only clear the pivot's row.
    fn over_gf2(a: &[u8], rows: usize, cols: usize, component: Component) -> Smith {
        let (wa, wu) = (cols.div_ceil(64), rows.div_ceil(64));
        let mut am = Vec::with_capacity(rows * wa);
        for row in a.chunks_exact(cols.max(1)).take(rows) {
            pack_into(row, wa, &mut am);
        }
        am.resize(rows * wa, 0);
        let mut um = bit_identity(rows);
        let mut vt = bit_identity(cols);
        let mut rank = 0;
        for t in 0..rows.min(cols) {
            let found = (t..rows)
                .find_map(|i| first_set_from(&am[i * wa..(i + 1) * wa], t).map(|j| (i, j)));
            let Some((i, j)) = found else { break };
            swap_word_rows(&mut am, wa, t, i);
            swap_word_rows(&mut um, wu, t, i);
            if j != t {
                for row in am.chunks_exact_mut(wa) {
                    let (bt, bj) = (get_bit(row, t), get_bit(row, j));
                    if bt != bj {
                        row[t / 64] ^= 1 << (t % 64);
                        row[j / 64] ^= 1 << (j % 64);
                    }
                }
                swap_word_rows(&mut vt, wa, t, j);
            }
            let (done, below) = am.split_at_mut((t + 1) * wa);
            let pivot_row = &done[t * wa..];
            let (u_done, u_below) = um.split_at_mut((t + 1) * wu);
            let u_pivot = &u_done[t * wu..];
            for (row, u_row) in below.chunks_exact_mut(wa).zip(u_below.chunks_exact_mut(wu)) {
                if get_bit(row, t) {
                    xor_words(row, pivot_row);
                    xor_words(u_row, u_pivot);
                }
            }
            for j in t + 1..cols {
                if get_bit(&am[t * wa..], j) {
                    let (before, from_j) = vt.split_at_mut(j * wa);
                    xor_words(&mut from_j[..wa], &before[t * wa..(t + 1) * wa]);
                }
            }
            rank += 1;
        }
        let pivots = vec![0u8; rank];
        let u = unpack_rows(&um, rows, rows);
        // v[j][t] = V[j][t] = vt[t][j].
        let mut v = vec![0u8; cols * cols];
        for (t, row) in vt.chunks_exact(wa.max(1)).take(cols).enumerate() {
            for j in 0..cols {
                v[j * cols + t] = u8::from(get_bit(row, j));
            }
        }
        // composed row j = the sum of the rows t < rank of U with V[j][t] = 1.
        let mut composed_bits = vec![0u64; cols * wu];
        for t in 0..rank {
            let (v_row, u_row) = (&vt[t * wa..(t + 1) * wa], &um[t * wu..(t + 1) * wu]);
            for (j, out) in composed_bits.chunks_exact_mut(wu.max(1)).take(cols).enumerate() {
                if get_bit(v_row, j) {
                    xor_words(out, u_row);
                }
            }
        }
        let composed = unpack_rows(&composed_bits, cols, rows);
        let mut bits = um[rank * wu..].to_vec();
        bits.extend_from_slice(&composed_bits);
        let packed = Some(Packed { words: wu, bits });
        Smith { component, rows, cols, u, v, pivots, composed: Some(composed), packed }
    }

    /// One solution of `A y = b` into `y` (`b` is `rows` long, `y` `cols`; both modulo `q`),
    /// or false when there is none. `ub` is scratch of `rows` entries.
    fn solve(&self, b: &[u8], (ub, bits): (&mut [u8], &mut Vec<u64>), y: &mut [u8]) -> bool {
        let Component { p, q, .. } = self.component;
        let rank = self.pivots.len();
        if let Some(packed) = &self.packed {
            bits.clear();
            pack_into(b, packed.words, bits);
            let checks = self.rows - rank;
            if (0..checks).any(|t| packed_dot(packed.row(t), bits) != 0) {
                return false;
            }
            for (j, out) in y.iter_mut().enumerate() {
                *out = packed_dot(packed.row(checks + j), bits);
            }
            return true;
        }
        if let Some(composed) = &self.composed {
            // Consistent when the rows of U past the rank take b to zero.
            for t in rank..self.rows {
                if dot(&self.u[t * self.rows..(t + 1) * self.rows], b, q) != 0 {
                    return false;
                }
            }
            for (j, out) in y.iter_mut().enumerate() {
                *out = dot(&composed[j * self.rows..(j + 1) * self.rows], b, q);
            }
            return true;
        }
        for (t, out) in ub.iter_mut().enumerate() {
            *out = dot(&self.u[t * self.rows..(t + 1) * self.rows], b, q);
        }
        if ub[self.pivots.len()..].iter().any(|&c| c != 0) {
            return false;
        }
        for (c, &k) in ub.iter_mut().zip(&self.pivots) {
            let pk = p.pow(u32::from(k));
            if *c % pk != 0 {
                return false;
            }
            *c /= pk;
        }
        for (j, out) in y.iter_mut().enumerate() {
            *out = dot(&self.v[j * self.cols..j * self.cols + rank], &ub[..rank], q);
        }
        true
    }

    /// Generators of the solutions of `A y = 0` with their orders (see the module docs).
    fn kernel(&self) -> Vec<(Vec<u8>, u8)> {
        let Component { p, e, q, .. } = self.component;
        let column = |t: usize, scale: u32| -> Vec<u8> {
            (0..self.cols)
                .map(|j| (u32::from(self.v[j * self.cols + t]) * scale % u32::from(q)) as u8)
                .collect()
        };
        let mut out = Vec::new();
        for (t, &k) in self.pivots.iter().enumerate() {
            if k > 0 {
                out.push((column(t, u32::from(p).pow(u32::from(e - k))), p.pow(u32::from(k))));
            }
        }
        for t in self.pivots.len()..self.cols {
            out.push((column(t, 1), q));
        }
        out
    }
}

/// A linear system `A y = b` over `Z_K`, reduced once, solved for many `b` (see the module docs).
#[derive(Debug, Clone)]
pub(super) struct System {
    k: u8,
    rows: usize,
    cols: usize,
    factors: Vec<Smith>,
}

/// Reusable working memory of [`System::solve`].
#[derive(Debug, Clone, Default)]
pub(super) struct SystemScratch {
    b: Vec<u8>,
    ub: Vec<u8>,
    y: Vec<u8>,
    bits: Vec<u64>,
}

impl SystemScratch {}

impl System {
    /// Reduces the `rows x cols` matrix `a` (row-major, entries below `K`).
    pub fn new(a: &[u8], rows: usize, cols: usize, modulus: &Modulus) -> System {
        assert_eq!(a.len(), rows * cols, "a {rows}x{cols} matrix");
        let factors = modulus
            .components
            .iter()
            .map(|&c| Smith::new(a.iter().map(|&x| x % c.q).collect(), rows, cols, c))
            .collect();
        System { k: modulus.k, rows, cols, factors }
    }

    /// One solution of `A y = b` into `y` (`b`: `rows` entries below `K`; `y`: `cols`), or false
    /// when there is none.
    pub fn solve(&self, b: &[u8], scratch: &mut SystemScratch, y: &mut [u8]) -> bool {
        if let [only] = &self.factors[..] {
            scratch.ub.resize(self.rows, 0);
            return only.solve(b, (&mut scratch.ub, &mut scratch.bits), y);
        }
        y.fill(0);
        let SystemScratch { b: part, ub, y: part_y, bits } = scratch;
        ub.resize(self.rows, 0);
        part_y.resize(self.cols, 0);
        for smith in &self.factors {
            let c = smith.component;
            part.clear();
            part.extend(b.iter().map(|&x| x % c.q));
            if !smith.solve(part, (ub, bits), part_y) {
                return false;
            }
            for (out, &x) in y.iter_mut().zip(part_y.iter()) {
                *out = ((u32::from(*out) + u32::from(x) * u32::from(c.lift)) % u32::from(self.k))
                    as u8;
            }
        }
        true
    }

    /// Generators of the solutions of `A y = 0` over `Z_K`, each with its order (a divisor of
    /// `K`): every solution is exactly one combination of them with coefficients below their
    /// orders.
    pub fn kernel(&self) -> Vec<(Vec<u8>, u8)> {
        let mut out = Vec::new();
        for smith in &self.factors {
            let lift = u32::from(smith.component.lift);
            for (g, order) in smith.kernel() {
                let lifted =
                    g.iter().map(|&x| (u32::from(x) * lift % u32::from(self.k)) as u8).collect();
                out.push((lifted, order));
            }
        }
        out
    }
}

/// The `n x n` identity as rows of bits, `ceil(n / 64)` words a row.
fn bit_identity(n: usize) -> Vec<u64> {
    let w = n.div_ceil(64);
    let mut m = vec![0u64; n * w];
    for i in 0..n {
        m[i * w + i / 64] |= 1 << (i % 64);
    }
    m
}

/// The `rows x cols` matrix of bit rows `m` (`ceil(cols / 64)` words a row) as bytes, row-major.
fn unpack_rows(m: &[u64], rows: usize, cols: usize) -> Vec<u8> {
    let w = cols.div_ceil(64);
    let mut out = vec![0u8; rows * cols];
    for (row, bits) in out.chunks_exact_mut(cols.max(1)).zip(m.chunks_exact(w.max(1))).take(rows) {
        for (j, x) in row.iter_mut().enumerate() {
            *x = u8::from(get_bit(bits, j));
        }
    }
    out
}

/// Bit `i` of a row of bits.
#[inline]
fn get_bit(row: &[u64], i: usize) -> bool {
    row[i / 64] >> (i % 64) & 1 == 1
}

/// The lowest set bit of `row` at `from` or above.
fn first_set_from(row: &[u64], from: usize) -> Option<usize> {
    let start = from / 64;
    let first = row.get(start)? & (!0u64 << (from % 64));
    if first != 0 {
        return Some(start * 64 + first.trailing_zeros() as usize);
    }
    let rest = row[start + 1..].iter().position(|&w| w != 0)?;
    let k = start + 1 + rest;
    Some(k * 64 + row[k].trailing_zeros() as usize)
}

/// Swaps rows `a` and `b` of `words` words each.
fn swap_word_rows(m: &mut [u64], words: usize, a: usize, b: usize) {
    if a != b {
        let (lo, hi) = (a.min(b), a.max(b));
        let (first, second) = m.split_at_mut(hi * words);
        first[lo * words..(lo + 1) * words].swap_with_slice(&mut second[..words]);
    }
}

/// `dst ^= src`, word by word.
#[inline]
fn xor_words(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

fn identity(n: usize) -> Vec<u8> {
    let mut m = vec![0u8; n * n];
    for i in 0..n {
        m[i * n + i] = 1;
    }
    m
}

/// `sum of a_i * b_i mod q`.
#[inline]
fn dot(a: &[u8], b: &[u8], q: u8) -> u8 {
    // Each product is below 256, so 256 of them fit a u16: sum in 16-bit lanes, 256 at a time.
    let mut sum = 0u32;
    for (a, b) in a.chunks(256).zip(b.chunks(256)) {
        let part: u16 = a
            .iter()
            .zip(b)
            .fold(0u16, |acc, (&x, &y)| acc.wrapping_add(u16::from(x) * u16::from(y)));
        sum += u32::from(part);
    }
    (sum % u32::from(q)) as u8
}

fn swap_rows(m: &mut [u8], cols: usize, a: usize, b: usize) {
    if a != b {
        for j in 0..cols {
            m.swap(a * cols + j, b * cols + j);
        }
    }
}

fn swap_cols(m: &mut [u8], rows: usize, cols: usize, a: usize, b: usize) {
    if a != b {
        for i in 0..rows {
            m.swap(i * cols + a, i * cols + b);
        }
    }
}

fn scale_row(m: &mut [u8], cols: usize, row: usize, f: u32, q: u32) {
    for x in &mut m[row * cols..(row + 1) * cols] {
        *x = (u32::from(*x) * f % q) as u8;
    }
}

/// Row `dst` += `f` * row `src`.
fn add_row(m: &mut [u8], cols: usize, dst: usize, src: usize, f: u32, q: u32) {
    for j in 0..cols {
        let s = u32::from(m[src * cols + j]);
        let d = &mut m[dst * cols + j];
        *d = ((u32::from(*d) + f * s) % q) as u8;
    }
}

/// Column `dst` += `f` * column `src`.
fn add_col(m: &mut [u8], rows: usize, cols: usize, dst: usize, src: usize, f: u32, q: u32) {
    for i in 0..rows {
        let s = u32::from(m[i * cols + src]);
        let d = &mut m[i * cols + dst];
        *d = ((u32::from(*d) + f * s) % q) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `A y` over `Z_K`.
    fn times(a: &[u8], rows: usize, cols: usize, y: &[u8], k: u8) -> Vec<u8> {
        (0..rows)
            .map(|i| {
                let s: u32 = (0..cols).map(|j| u32::from(a[i * cols + j]) * u32::from(y[j])).sum();
                (s % u32::from(k)) as u8
            })
            .collect()
    }

    /// Every `y` in `Z_K^cols`, in order.
    fn all_vectors(cols: usize, k: u8) -> impl Iterator<Item = Vec<u8>> {
        (0..u32::from(k).pow(cols as u32)).map(move |mut n| {
            (0..cols)
                .map(|_| {
                    let d = (n % u32::from(k)) as u8;
                    n /= u32::from(k);
                    d
                })
                .collect()
        })
    }

    /// Checks solvability, a solution and the kernel's generators against enumeration.
    fn check(a: &[u8], rows: usize, cols: usize, k: u8) {
        let modulus = Modulus::new(k);
        let system = System::new(a, rows, cols, &modulus);
        let images: Vec<Vec<u8>> =
            all_vectors(cols, k).map(|y| times(a, rows, cols, &y, k)).collect();
        let kernel_size = images.iter().filter(|im| im.iter().all(|&x| x == 0)).count();
        let generators = system.kernel();
        let span: usize = generators.iter().map(|g| usize::from(g.1)).product();
        assert_eq!(span, kernel_size, "{a:?} over Z_{k}: the generators count the kernel");
        for (g, order) in &generators {
            assert!(times(a, rows, cols, g, k).iter().all(|&x| x == 0), "a null vector");
            let times_order: Vec<u8> = g
                .iter()
                .map(|&x| (u32::from(x) * u32::from(*order) % u32::from(k)) as u8)
                .collect();
            assert!(times_order.iter().all(|&x| x == 0), "of order {order}");
        }
        // The combinations are all distinct (so they are exactly the kernel).
        let mut seen = std::collections::HashSet::new();
        let mut combination = vec![0u8; generators.len()];
        loop {
            let mut y = vec![0u8; cols];
            for ((g, _), &c) in generators.iter().zip(&combination) {
                for (yi, &gi) in y.iter_mut().zip(g) {
                    *yi = ((u32::from(*yi) + u32::from(gi) * u32::from(c)) % u32::from(k)) as u8;
                }
            }
            assert!(seen.insert(y), "a kernel vector reached twice");
            let mut i = 0;
            while i < combination.len() {
                combination[i] += 1;
                if combination[i] < generators[i].1 {
                    break;
                }
                combination[i] = 0;
                i += 1;
            }
            if i == combination.len() {
                break;
            }
        }
        let mut scratch = SystemScratch::default();
        for b in all_vectors(rows, k) {
            let mut y = vec![0u8; cols];
            let solvable = images.contains(&b);
            assert_eq!(system.solve(&b, &mut scratch, &mut y), solvable, "{a:?} y = {b:?} (Z_{k})");
            if solvable {
                assert_eq!(times(a, rows, cols, &y, k), b);
            }
        }
    }

    #[test]
    fn systems_over_fields_prime_powers_and_composites_match_enumeration() {
        // Square, singular, wide and tall matrices, with zero divisors for composite K.
        let cases: &[(&[u8], usize, usize)] = &[
            (&[1, 1, 0, 0, 1, 1, 1, 0, 1], 3, 3),
            (&[2, 0, 0, 2], 2, 2),
            (&[2, 4, 1, 3, 0, 2], 2, 3),
            (&[3, 0, 6, 2, 0, 4], 3, 2),
            (&[0, 0, 0, 0], 2, 2),
            (&[4, 2, 6, 1], 2, 2),
            (&[5], 1, 1),
        ];
        for &(a, rows, cols) in cases {
            for k in [2u8, 3, 4, 5, 6, 8, 9, 12] {
                if u32::from(k).pow((rows.max(cols)) as u32) > 2000 {
                    continue;
                }
                let reduced: Vec<u8> = a.iter().map(|&x| x % k).collect();
                check(&reduced, rows, cols, k);
            }
        }
    }

    /// The elimination on bits over GF(2) makes the very `U`, `V`, pivots and products of the
    /// byte elimination, on random matrices of up to 150 rows and columns (more than two words
    /// a row), square and not, of full rank and not, and empty ones.
    #[test]
    fn the_gf2_elimination_is_the_byte_one() {
        let mut rng = crate::lights_out::solve::zk::TestRng(5);
        let two = Modulus::new(2).components[0];
        let mut shapes = vec![(0, 0), (0, 3), (3, 0), (1, 1), (64, 64), (65, 63), (128, 129)];
        for _ in 0..40 {
            shapes.push((1 + rng.below(150) as usize, 1 + rng.below(150) as usize));
        }
        for (round, &(rows, cols)) in shapes.iter().enumerate() {
            let density = 1 + round as u64 % 4;
            let mut a: Vec<u8> =
                (0..rows * cols).map(|_| u8::from(rng.below(8) < density)).collect();
            if round % 2 == 0 && cols > 0 {
                for i in (1..rows).step_by(3) {
                    let from = (i - 1) * cols;
                    a.copy_within(from..from + cols, i * cols);
                }
            }
            let bits = Smith::over_gf2(&a, rows, cols, two);
            let bytes = Smith::by_bytes(a.clone(), rows, cols, two);
            assert_eq!(bits.pivots, bytes.pivots, "{rows}x{cols}");
            assert_eq!(bits.u, bytes.u, "{rows}x{cols}");
            assert_eq!(bits.v, bytes.v, "{rows}x{cols}");
            assert_eq!(bits.composed, bytes.composed, "{rows}x{cols}");
            let (p, q) = (bits.packed.unwrap(), bytes.packed.unwrap());
            assert_eq!((p.words, p.bits), (q.words, q.bits), "{rows}x{cols}");
        }
    }

    /// The bit solve over GF(2) gives the byte solve's answers (solvable or
    /// not, and the very solution) on random systems of up to 150 unknowns (more than two words
    /// a row), square and not, of full rank and not, for K = 2, 3, 6 and 12.
    #[test]
    fn packed_solves_are_the_byte_ones() {
        let mut rng = crate::lights_out::solve::zk::TestRng(17);
        let mut packed = 0;
        for round in 0..120 {
            let k = [2u8, 3, 6, 12][round % 4];
            let rows = 1 + rng.below(150) as usize;
            let cols = if round % 3 == 0 { 1 + rng.below(150) as usize } else { rows };
            // Low rank now and then: rows that repeat earlier ones.
            let mut a: Vec<u8> = (0..rows * cols).map(|_| rng.below(u64::from(k)) as u8).collect();
            if round % 2 == 0 {
                for i in (1..rows).step_by(3) {
                    let from = (i - 1) * cols;
                    a.copy_within(from..from + cols, i * cols);
                }
            }
            let system = System::new(&a, rows, cols, &Modulus::new(k));
            let mut plain = system.clone();
            for smith in &mut plain.factors {
                packed += usize::from(smith.packed.take().is_some());
            }
            let (mut s1, mut s2) = (SystemScratch::default(), SystemScratch::default());
            for case in 0..6 {
                let b: Vec<u8> = if case % 2 == 0 {
                    let y: Vec<u8> = (0..cols).map(|_| rng.below(u64::from(k)) as u8).collect();
                    times(&a, rows, cols, &y, k)
                } else {
                    (0..rows).map(|_| rng.below(u64::from(k)) as u8).collect()
                };
                let (mut y1, mut y2) = (vec![0u8; cols], vec![0u8; cols]);
                let got = system.solve(&b, &mut s1, &mut y1);
                let want = plain.solve(&b, &mut s2, &mut y2);
                assert_eq!((got, &y1), (want, &y2), "{rows}x{cols} over Z_{k}");
                assert!(case % 2 == 1 || got, "a consistent b is solved");
            }
        }
        assert!(packed > 50, "{packed} packed factors");
    }
}
