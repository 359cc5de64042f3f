//! The residual matrix of a chase over GF(2) from one *symbolic* chase.
//!
//! The set-up of [`super::ZkSolver`] needs `[M | m]`: the residual of each unit free press, and
//! of the unit colour, alone. Chasing each of them costs `f + 1` chases of the whole board. Over
//! GF(2) one chase does instead, whose presses are vectors of `f + 1` coefficients (bit `j` the
//! free press `j`, bit `f` the colour), 64 a word: a forced press is the colour plus the sum of
//! the other presses of its forcing cell, a free press its own unit vector, and each press is
//! added into the residual of every residual cell it toggles. So the set-up costs about
//! `R * C * t * (f + 1) / 64` word operations (`t` the cells of the toggle pattern) instead of
//! `R * C * t * (f + 1)` byte operations. Only the last `D + 1` forced presses are kept, `D`
//! being the furthest a forcing cell reaches back to a forced press (two rows for the plus on a
//! torus, whose forced presses only reach the free ones further back).
//!
//! The plan is the chase's ([`forcing_cells`]), so the matrix is the very one the chases give.

use super::ring::Modulus;
use crate::lights_out::variant::matrix::ToggleMatrix;
use crate::memory::{self, AllocError};

/// No free press, no residual cell (see [`residual_matrix`]).
const NONE: u32 = u32::MAX;

/// Words of the window of presses kept, at most (128 MiB): beyond it the caller chases each
/// unit free press instead.
const MAX_WINDOW_WORDS: usize = 1 << 24;

/// The plan of the chase of `t` over `modulus` (see [`super::chase`]): for each press, the cell
/// that forces it (the lowest cell whose last press it is, when that press's coefficient is a
/// unit), or `None` for a free press.
pub(super) fn forcing_cells(t: &ToggleMatrix, modulus: &Modulus) -> Vec<Option<u32>> {
    let mut forced_by: Vec<Option<u32>> = vec![None; t.cells()];
    for cell in 0..t.cells() {
        if let Some(&(press, coefficient)) = t.affecting(cell).last()
            && modulus.inverse(coefficient).is_some()
            && forced_by[press as usize].is_none()
        {
            forced_by[press as usize] = Some(cell as u32);
        }
    }
    forced_by
}

/// `[M | m]` over GF(2) for the plan `forced_by` of `t` (two colours; see the module docs),
/// row-major, `f` rows of `f + 1` entries: entry `(i, j)` is the residual of residual cell `i`
/// (the residual cells ascending) from free press `j` alone (the free presses ascending), or
/// for `j = f` from the colour 1 alone. `None` when the window of presses would take more
/// than [`MAX_WINDOW_WORDS`] words.
///
/// # Errors
///
/// The system refuses the memory (the window and `f` residual vectors of `f + 1` bits).
pub(super) fn residual_matrix(
    t: &ToggleMatrix,
    forced_by: &[Option<u32>],
) -> Result<Option<Vec<u8>>, AllocError> {
    const WHAT: &str = "the Z_K solver's symbolic chase";
    let n = t.cells();
    let mut var = vec![NONE; n];
    let mut f = 0u32;
    for (press, by) in forced_by.iter().enumerate() {
        if by.is_none() {
            var[press] = f;
            f += 1;
        }
    }
    let f = f as usize;
    let mut forcing = vec![false; n];
    for &cell in forced_by.iter().flatten() {
        forcing[cell as usize] = true;
    }
    let mut residual_of = vec![NONE; n];
    for (i, cell) in (0..n).filter(|&c| !forcing[c]).enumerate() {
        residual_of[cell] = i as u32;
    }
    // How far back a forced press reads another forced press.
    let mut reach = 0;
    for (q, by) in forced_by.iter().enumerate() {
        if let Some(cell) = *by {
            for &(j, _) in t.affecting(cell as usize) {
                if var[j as usize] == NONE {
                    reach = reach.max(q - j as usize);
                }
            }
        }
    }
    let words = (f + 1).div_ceil(64);
    let slots = reach + 1;
    if slots.saturating_mul(words) > MAX_WINDOW_WORDS {
        return Ok(None);
    }
    let mut window = memory::try_zeroed::<u64>(slots * words, WHAT)?;
    let mut residual = memory::try_zeroed::<u64>(f * words, WHAT)?;
    let colour = |v: &mut [u64]| v[f / 64] ^= 1 << (f % 64);
    for row in residual.chunks_exact_mut(words) {
        colour(row);
    }
    let mut press = vec![0u64; words];
    for q in 0..n {
        press.fill(0);
        match forced_by[q] {
            None => press[var[q] as usize / 64] = 1 << (var[q] % 64),
            Some(cell) => {
                colour(&mut press);
                for &(j, _) in t.affecting(cell as usize) {
                    let j = j as usize;
                    if j == q {
                        continue;
                    }
                    match var[j] {
                        NONE => {
                            let slot = j % slots;
                            xor(&mut press, &window[slot * words..(slot + 1) * words]);
                        }
                        v => press[v as usize / 64] ^= 1 << (v % 64),
                    }
                }
                let slot = q % slots;
                window[slot * words..(slot + 1) * words].copy_from_slice(&press);
            }
        }
        for &(cell, _) in t.effect(q) {
            let i = residual_of[cell as usize];
            if i != NONE {
                let i = i as usize;
                xor(&mut residual[i * words..(i + 1) * words], &press);
            }
        }
    }
    let mut out = memory::try_zeroed::<u8>(f * (f + 1), WHAT)?;
    for (row, bits) in out.chunks_exact_mut(f + 1).zip(residual.chunks_exact(words)) {
        for (j, x) in row.iter_mut().enumerate() {
            *x = (bits[j / 64] >> (j % 64) & 1) as u8;
        }
    }
    Ok(Some(out))
}

/// `dst ^= src`, word by word.
#[inline]
fn xor(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

#[cfg(test)]
mod tests {
    use super::super::chase::{Chase, ChaseScratch};
    use super::*;
    use crate::lights_out::Variant;

    /// The symbolic chase gives the matrix of one chase per unit free press and the unit
    /// colour, entry for entry: plus, diagonal, 3x3, 5x5 and one-sided patterns, with and
    /// without wrap-around, on boards from 1x1 to more than one word of unknowns (f > 64),
    /// and with holes (the plan on the matrix itself).
    #[test]
    fn the_symbolic_chase_gives_the_chases_matrix() {
        let two = Modulus::new(2);
        let patterns =
            [".x./xxx/.x.", "x.x/.x./x.x", "xxx/xxx/xxx", "xx./.xx/...", "xxxxx/xxxxx/xxxxx"];
        let mut checked = 0;
        let sizes = [(1, 1), (2, 3), (4, 4), (5, 7), (9, 6), (40, 40), (70, 33)];
        let mut wide = 0;
        for pattern in patterns {
            for (r, c) in sizes {
                for (wrap, holes) in [(false, false), (true, false), (false, true)] {
                    let mut builder =
                        Variant::builder(r, c).toggle(pattern.parse().unwrap()).wrap(wrap);
                    if holes {
                        builder = builder.holes((0..r * c).map(|i| i % 7 == 3).collect());
                    }
                    let Ok(variant) = builder.build() else { continue };
                    let matrix = variant.toggle_matrix();
                    let board = (!wrap && !holes).then(|| (r, c, variant.toggle()));
                    let chase = Chase::new(&matrix, &two, board);
                    let f = chase.free();
                    wide += usize::from(f > 64);
                    checked += 1;
                    let got =
                        residual_matrix(&matrix, &forcing_cells(&matrix, &two)).unwrap().unwrap();
                    let (zeros, mut x) = (vec![0u8; r * c], vec![0u8; r * c]);
                    let (mut y, mut res) = (vec![0u8; f], vec![0u8; f]);
                    let mut scratch = ChaseScratch::default();
                    for j in 0..=f {
                        y.fill(0);
                        if j < f {
                            y[j] = 1;
                        }
                        chase.run((&zeros, &y, u8::from(j == f)), &mut x, &mut res, &mut scratch);
                        for (i, &want) in res.iter().enumerate() {
                            assert_eq!(got[i * (f + 1) + j], want, "{variant} ({i}, {j})");
                        }
                    }
                }
            }
        }
        assert!(checked > 80, "{checked} matrices (a pattern larger than the board is refused)");
        assert!(wide > 10, "{wide} matrices of more than 64 unknowns");
    }
}
