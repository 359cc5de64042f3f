//! Light chasing on bit-packed rows, in the solver's working orientation.
//!
//! # Working orientation and planes
//!
//! The solver works on a board of `rows x cols` with `cols <= rows`: a board with more columns
//! than rows is transposed (working cell (`r`, `c`) is original cell (`c`, `r`)), so the unknowns
//! of the first row are as few as possible. A *plane* is one bit per working cell: row `r` is
//! `words` consecutive `u64`s starting at `r * words`, bit `c % 64` of word `c / 64` is column
//! `c`, and the bits past `cols` in a row's last word are always zero. Boards, press patterns and
//! null-space vectors are all planes.
//!
//! # Chasing
//!
//! Once the presses of row `r` and row `r - 1` are fixed, the only press left that can still
//! change a piece of row `r` is the one right below it, so row `r + 1` is forced: press under
//! every piece of row `r` that is still wrong. Starting from a chosen first row and chasing down
//! fixes every press; what remains wrong in the last row (the *residual*) is an affine function of
//! the first row, and the board is solved exactly when it is zero. Each step is a handful of
//! shifts and XORs on whole rows: `next = state ^ target ^ cur ^ (cur << 1) ^ (cur >> 1) ^ prev`.

use crate::lights_out::board::colours::Board;
use crate::lights_out::board::swar::pack_cells;
use crate::lights_out::size::BoardSize;

/// The working orientation of one board size (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Shape {
    /// Working rows: `max(R, C)`.
    pub rows: usize,
    /// Working columns, the unknowns of the first row: `min(R, C)`.
    pub cols: usize,
    /// `u64` words per row: `ceil(cols / 64)`.
    pub words: usize,
    /// The valid bits of a row's last word.
    pub last_mask: u64,
    /// True when working cell (`r`, `c`) is original cell (`c`, `r`).
    pub transposed: bool,
    /// Columns of the original board.
    pub original_cols: usize,
}

impl Shape {
    /// The working orientation of `size`.
    pub fn new(size: BoardSize) -> Shape {
        let transposed = size.cols() > size.rows();
        let (rows, cols) =
            if transposed { (size.cols(), size.rows()) } else { (size.rows(), size.cols()) };
        let words = cols.div_ceil(64);
        let tail = cols % 64;
        let last_mask = if tail == 0 { !0 } else { (1u64 << tail) - 1 };
        Shape { rows, cols, words, last_mask, transposed, original_cols: size.cols() }
    }

    /// Words in one plane: `rows * words`.
    pub fn plane_words(&self) -> usize {
        self.rows * self.words
    }

    /// Cells on the board.
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The original row-major index (`row * C + col`) of working cell (`r`, `c`).
    #[inline]
    pub fn original_index(&self, r: usize, c: usize) -> usize {
        if self.transposed { c * self.original_cols + r } else { r * self.original_cols + c }
    }

    /// Writes `board` (original orientation, colours 0 and 1, see [`Board`]) into the plane
    /// `out`.
    ///
    /// # Panics
    ///
    /// If `board` does not have this shape's size or `out` is not one plane long.
    pub fn load(&self, board: &Board, out: &mut [u64]) {
        assert_eq!(out.len(), self.plane_words(), "plane length");
        let (orig_rows, orig_cols) =
            if self.transposed { (self.cols, self.rows) } else { (self.rows, self.cols) };
        assert_eq!((board.rows(), board.cols()), (orig_rows, orig_cols), "board shape");
        if self.transposed {
            out.fill(0);
        }
        for (r, row) in board.cells().chunks_exact(orig_cols).enumerate() {
            for (k, cells) in row.chunks(64).enumerate() {
                let mut bits = pack_cells(cells);
                if !self.transposed {
                    out[r * self.words + k] = bits;
                    continue;
                }
                // Original (r, c) is working (c, r).
                while bits != 0 {
                    let c = 64 * k + bits.trailing_zeros() as usize;
                    out[c * self.words + r / 64] |= 1u64 << (r % 64);
                    bits &= bits - 1;
                }
            }
        }
    }

    /// Calls `f` with the original row-major index of every set bit of `plane`, in working
    /// row-major order (ascending original index unless transposed).
    pub fn for_each_set(&self, plane: &[u64], mut f: impl FnMut(usize)) {
        self.for_each_cell(plane, |r, c| f(self.original_index(r, c)));
    }

    fn for_each_cell(&self, plane: &[u64], mut f: impl FnMut(usize, usize)) {
        for r in 0..self.rows {
            for k in 0..self.words {
                let mut bits = plane[r * self.words + k];
                while bits != 0 {
                    f(r, 64 * k + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        }
    }

    /// Chases lights down the board (see the module docs).
    ///
    /// `first` is the first row of presses (`words` long); `state` is the board as a plane
    /// (`None` for all white); `black` chooses the target colour. Writes every row of presses
    /// into the plane `presses` and what is still wrong in the last row into `residual`
    /// (`words` long).
    pub fn chase(
        &self,
        first: &[u64],
        state: Option<&[u64]>,
        black: bool,
        presses: &mut [u64],
        residual: &mut [u64],
    ) {
        let w = self.words;
        let target = if black { !0u64 } else { 0 };
        presses[..w].copy_from_slice(first);
        for r in 0..self.rows {
            let (done, rest) = presses.split_at_mut((r + 1) * w);
            let cur = &done[r * w..];
            let out = if r + 1 < self.rows { &mut rest[..w] } else { &mut *residual };
            for k in 0..w {
                // Bit c of `left` is press c - 1, bit c of `right` is press c + 1.
                let left = cur[k] << 1 | if k > 0 { cur[k - 1] >> 63 } else { 0 };
                let right = cur[k] >> 1 | if k + 1 < w { cur[k + 1] << 63 } else { 0 };
                let mut v = cur[k] ^ left ^ right ^ target;
                if r > 0 {
                    v ^= done[(r - 1) * w + k];
                }
                if let Some(s) = state {
                    v ^= s[r * w + k];
                }
                out[k] = if k + 1 == w { v & self.last_mask } else { v };
            }
        }
    }

    /// The chase with every first-row press an unknown (one *symbolic* chase): the linear part
    /// `A` of the residual as a function of the first row, `cols` rows of `words` words, row `i`
    /// holding the coefficients of residual cell `i` (bit `j` = first-row press `j`).
    ///
    /// With `T` the `n x n` toggle matrix of one row (`n = cols`: ones on the diagonal and next
    /// to it), the chase is `p_{r+1} = T p_r + p_{r-1}`, so `A = P_rows(T)` for the polynomials
    /// `P_0 = 1`, `P_1 = t`, `P_{k+1} = t P_k + P_{k-1}`. A polynomial in `T` is carried by the
    /// cycle of `N = 2n + 2` cells: cells `1..=n` and their mirror images `N - 1 ..= n + 2` hold
    /// a row, cells `0` and `n + 1` stay zero (the missing neighbours at the edges), and on
    /// such mirror-symmetric vectors `T` acts as the cyclic `1 + x + x^-1`. So one chase of a
    /// single `N`-bit polynomial, `g = P_rows(1 + x + x^-1) mod x^N - 1` (`rows` steps of
    /// `N / 64` words), gives every entry: `A[i][j] = g[(j - i) mod N] ^ g[(j + i + 2) mod N]`
    /// (`g` is symmetric, `g[-v] = g[v]`), each row two shifted slices of `g`.
    pub fn residual_matrix(&self) -> Vec<u64> {
        let (n, w) = (self.cols, self.words);
        let period = 2 * n + 2;
        let pw = period.div_ceil(64);
        let tail = period % 64;
        let last = if tail == 0 { !0 } else { (1u64 << tail) - 1 };
        // P_{k-1}, P_k and P_{k+1} as polynomials mod x^N - 1 (bit v = coefficient of x^v).
        let (mut prev, mut cur, mut next) = (vec![0u64; pw], vec![0u64; pw], vec![0u64; pw]);
        cur[0] = 1;
        for _ in 0..self.rows {
            for k in 0..pw {
                // Bit v of `up` is coefficient v - 1 (times x), of `down` v + 1 (times x^-1).
                let up = cur[k] << 1 | if k > 0 { cur[k - 1] >> 63 } else { 0 };
                let down = cur[k] >> 1 | if k + 1 < pw { cur[k + 1] << 63 } else { 0 };
                next[k] = cur[k] ^ up ^ down ^ prev[k];
            }
            next[pw - 1] &= last;
            // The wrap-around: x^N = 1.
            if bit(&cur, period - 1) {
                next[0] ^= 1;
            }
            if cur[0] & 1 == 1 {
                next[(period - 1) / 64] ^= 1u64 << ((period - 1) % 64);
            }
            std::mem::swap(&mut prev, &mut cur);
            std::mem::swap(&mut cur, &mut next);
        }
        // g twice over (and a spare word), so that every slice of n bits from a start below N
        // is contiguous.
        let mut twice = vec![0u64; (2 * period).div_ceil(64) + 1];
        for v in (0..period).filter(|&v| bit(&cur, v)) {
            set_bit(&mut twice, v);
            set_bit(&mut twice, v + period);
        }
        let slice = |start: usize, k: usize| {
            let b = start + 64 * k;
            let (q, s) = (b / 64, b % 64);
            if s == 0 { twice[q] } else { twice[q] >> s | twice[q + 1] << (64 - s) }
        };
        let mut a = vec![0u64; n * w];
        for (i, row) in a.chunks_exact_mut(w).enumerate() {
            let (diff, sum) = ((period - i) % period, i + 2);
            for (k, out) in row.iter_mut().enumerate() {
                *out = slice(diff, k) ^ slice(sum, k);
            }
            row[w - 1] &= self.last_mask;
        }
        a
    }
}

/// `dst ^= src`, word by word.
#[inline]
pub(super) fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

/// Number of set bits.
#[inline]
pub(super) fn weight(words: &[u64]) -> usize {
    words.iter().map(|w| w.count_ones() as usize).sum()
}

/// Bit `i` of a packed bit vector.
#[inline]
pub(super) fn bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 == 1
}

/// Sets bit `i` of a packed bit vector.
#[inline]
pub(super) fn set_bit(words: &mut [u64], i: usize) {
    words[i / 64] |= 1u64 << (i % 64);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(r: usize, c: usize) -> Shape {
        Shape::new(BoardSize::new(r, c).unwrap())
    }

    #[test]
    fn wide_boards_are_transposed_and_load_round_trips() {
        for (r, c) in [(3, 70), (70, 3), (65, 65), (1, 1), (2, 129)] {
            let s = shape(r, c);
            assert_eq!((s.rows, s.cols), (r.max(c), r.min(c)));
            let mut board = Board::new(r, c);
            for i in 0..r * c {
                if i % 3 == 0 || i % 7 == 1 {
                    board.set(i / c, i % c, 1);
                }
            }
            let mut plane = vec![0; s.plane_words()];
            s.load(&board, &mut plane);
            let mut back = Board::new(r, c);
            s.for_each_set(&plane, |i| back.set(i / c, i % c, 1));
            assert_eq!(back, board, "{r}x{c}");
        }
    }

    #[test]
    fn the_symbolic_chase_matches_one_chase_per_unknown() {
        for (r, c) in
            [(1, 1), (2, 2), (3, 3), (5, 5), (70, 70), (130, 5), (64, 64), (129, 65), (9, 128)]
        {
            let s = shape(r, c);
            let a = s.residual_matrix();
            let mut presses = vec![0; s.plane_words()];
            let mut residual = vec![0; s.words];
            for j in 0..s.cols {
                let mut first = vec![0; s.words];
                set_bit(&mut first, j);
                s.chase(&first, None, false, &mut presses, &mut residual);
                for i in 0..s.cols {
                    assert_eq!(bit(&a[i * s.words..], j), bit(&residual, i), "{r}x{c} ({i}, {j})");
                }
            }
        }
    }

    #[test]
    fn chasing_the_first_row_of_presses_solves_all_but_the_last_row() {
        // 3x3 from all white, pressing the top-left piece first.
        let s = shape(3, 3);
        let mut presses = vec![0; s.plane_words()];
        let mut residual = vec![0; 1];
        s.chase(&[0b001], None, false, &mut presses, &mut residual);
        // Pressing (0,0) blackens (0,0),(0,1),(1,0): row 1 presses under (0,0) and (0,1), which
        // leaves (1,0) and (1,2) black, so row 2 presses under those.
        assert_eq!(presses, vec![0b001, 0b011, 0b101]);
        let flip = crate::lights_out::Variant::flip_game(BoardSize::new(3, 3).unwrap());
        let mut board = Board::new(3, 3);
        s.for_each_set(&presses, |i| flip.press(&mut board, i, 1));
        // Rows 0 and 1 are white; the residual is what is still black in row 2.
        let last: u64 = (0..3).filter(|&c| board.get(2, c) == 1).map(|c| 1 << c).sum();
        assert_eq!(&board.cells()[..6], &[0; 6]);
        assert_eq!(residual, vec![last]);
    }
}
