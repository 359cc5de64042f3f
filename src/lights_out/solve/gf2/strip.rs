//! A light member of a GF(2) coset too large to weigh whole, by decoding the board's top rows:
//! soft decisions on the first row from the lightest presses of a strip of the top rows (a
//! Viterbi search over its columns), then the member of the coset that agrees with the most
//! reliable of them (ordered-statistics decoding of order 0).
//!
//! Every member of the coset is fixed by its first row (the chase fixes every other row), and
//! the null planes, restricted to the first row, are independent. A board made by a sparse
//! press set `e` is solved by `e`; in a strip of the top [`STRIP_ROWS`] rows the constraints of
//! rows `0 ..= STRIP_ROWS - 2` (each cell's plus of presses is the cell's *syndrome*, the same
//! for every member of one colour) leave the strip's first row free, and a press of the first
//! row changes a cone of cells below it, so the lightest strip is likely to share most of its
//! first row with `e`. A Viterbi search over the strip's columns, its state the last two
//! columns (`2^(2 * STRIP_ROWS)` states), finds the lightest strip with each first-row cell
//! pressed and not pressed; the difference of the two weights is the cell's *reliability*.
//! Taking the first-row cells by falling reliability, each that is independent of those taken
//! (over the null planes' first rows) fixes one more coefficient; the member so fixed is kept
//! when it is lighter. With the goal "any" each colour is decoded (its members differ by the
//! colour plane, whose syndrome is all ones).
//!
//! This answer is not proven minimal. Sources: A. J. Viterbi, "Error bounds for convolutional
//! codes and an asymptotically optimum decoding algorithm", IEEE Trans. IT-13 (1967); M. P. C.
//! Fossorier and S. Lin, "Soft-decision decoding of linear block codes based on ordered
//! statistics", IEEE Trans. IT-41 (1995).

use super::chase::{Shape, weight, xor_into};

/// Rows of the strip: `2^(2 * 6)` states a column.
const STRIP_ROWS: usize = 6;

/// A weight no strip reaches.
const INFINITE: u16 = u16::MAX / 2;

/// Replaces `out`, a member of `out + span(planes)` on `shape`, by the member this decoding
/// finds (see the module docs) when it is lighter; returns the planes added to `out`, one flag
/// each (all false when `out` is kept).
pub(super) fn decode(shape: &Shape, planes: &[&[u64]], out: &mut [u64]) -> Vec<bool> {
    let mut added = vec![false; planes.len()];
    let k = STRIP_ROWS.min(shape.rows);
    if k < 2 || planes.is_empty() {
        return added;
    }
    let syndromes: Vec<Vec<u32>> = planes.iter().map(|p| syndrome(shape, p, k)).collect();
    // Planes that keep the syndrome (the null planes) are the unknowns; another plane (the
    // colour plane) starts a second decoding.
    let nulls: Vec<usize> =
        (0..planes.len()).filter(|&j| syndromes[j].iter().all(|&s| s == 0)).collect();
    let colour = (0..planes.len()).find(|&j| syndromes[j].iter().any(|&s| s != 0));
    let mut best_weight = weight(out);
    let mut best: Option<(Vec<u64>, Vec<bool>)> = None;
    for start in std::iter::once(None).chain(colour.map(Some)) {
        let mut member = out.to_vec();
        let mut used = vec![false; planes.len()];
        if let Some(j) = start {
            xor_into(&mut member, planes[j]);
            used[j] = true;
        }
        let decisions = first_row_decisions(shape, &syndrome(shape, &member, k), k);
        for j in osd(shape, planes, &nulls, &member, &decisions) {
            xor_into(&mut member, planes[j]);
            used[j] ^= true;
        }
        let w = weight(&member);
        if w < best_weight {
            best_weight = w;
            best = Some((member, used));
        }
    }
    if let Some((member, used)) = best {
        out.copy_from_slice(&member);
        added = used;
    }
    added
}

/// Per column of the working board, the syndrome of `plane` in strip rows `0 ..= k - 2` (bit
/// `r`): the parity of the plus of presses around the cell.
fn syndrome(shape: &Shape, plane: &[u64], k: usize) -> Vec<u32> {
    let (w, cols) = (shape.words, shape.cols);
    let at = |r: usize, c: usize| (plane[r * w + c / 64] >> (c % 64) & 1) as u32;
    (0..cols)
        .map(|c| {
            (0..k - 1)
                .map(|r| {
                    let mut s = at(r, c) ^ at(r + 1, c);
                    if r > 0 {
                        s ^= at(r - 1, c);
                    }
                    if c > 0 {
                        s ^= at(r, c - 1);
                    }
                    if c + 1 < cols {
                        s ^= at(r, c + 1);
                    }
                    s << r
                })
                .sum()
        })
        .collect()
}

/// Per first-row cell: whether the lightest strip of `k` rows with these syndromes presses it,
/// and the reliability of that decision (the weight the other choice costs more).
fn first_row_decisions(shape: &Shape, syndromes: &[u32], k: usize) -> Vec<(u16, bool)> {
    let cols = shape.cols;
    let states = 1usize << (2 * k);
    let all: u32 = (1 << k) - 1;
    let forced: u32 = (1 << (k - 1)) - 1;
    // State `prev | cur << k`: columns c - 1 and c, bit r = row r. Column c + 1's rows
    // `0 ..= k - 2` follow from the syndromes of column c; its row k - 1 is free.
    let next_of = |c: usize, state: usize| {
        let (prev, cur) = (state as u32 & all, (state >> k) as u32);
        (cur, (syndromes[c] ^ prev ^ cur ^ (cur << 1) ^ (cur >> 1)) & forced)
    };
    // back[c * states + s]: the lightest columns after c from state s at column c; past the
    // last column nothing may be pressed.
    let mut back = vec![INFINITE; cols * states];
    for state in 0..states {
        if next_of(cols - 1, state).1 == 0 {
            back[(cols - 1) * states + state] = 0;
        }
    }
    for c in (0..cols - 1).rev() {
        let (here, later) = back.split_at_mut((c + 1) * states);
        for (state, cost) in here[c * states..].iter_mut().enumerate() {
            let (cur, forced_part) = next_of(c, state);
            *cost = [0, 1u32 << (k - 1)]
                .iter()
                .map(|free| {
                    let next = forced_part | free;
                    later[(cur | next << k) as usize].saturating_add(next.count_ones() as u16)
                })
                .min()
                .unwrap_or(INFINITE);
        }
    }
    let mut forward = vec![INFINITE; states];
    for v in 0..1usize << k {
        forward[v << k] = v.count_ones() as u16;
    }
    let mut following = vec![INFINITE; states];
    let mut decisions = Vec::with_capacity(cols);
    for c in 0..cols {
        let mut lightest = [INFINITE; 2];
        for (state, &f) in forward.iter().enumerate() {
            let total = f.saturating_add(back[c * states + state]);
            let pressed = state >> k & 1;
            lightest[pressed] = lightest[pressed].min(total);
        }
        decisions.push((lightest[0].abs_diff(lightest[1]), lightest[1] < lightest[0]));
        if c + 1 == cols {
            break;
        }
        following.fill(INFINITE);
        for (state, &f) in forward.iter().enumerate().filter(|&(_, &f)| f < INFINITE) {
            let (cur, forced_part) = next_of(c, state);
            for free in [0, 1u32 << (k - 1)] {
                let next = forced_part | free;
                let to = &mut following[(cur | next << k) as usize];
                *to = (*to).min(f + next.count_ones() as u16);
            }
        }
        std::mem::swap(&mut forward, &mut following);
    }
    decisions
}

/// The planes among `nulls` whose sum makes `member`'s first row agree with `decisions` on the
/// most reliable first-row cells that fix the sum (Gaussian elimination over the planes' first
/// rows, cells taken by falling reliability).
fn osd(
    shape: &Shape,
    planes: &[&[u64]],
    nulls: &[usize],
    member: &[u64],
    decisions: &[(u16, bool)],
) -> Vec<usize> {
    let d = nulls.len();
    let words = d / 64 + 1;
    // Bit j < d: plane nulls[j]'s first-row cell; bit d: the right-hand side.
    let mut order: Vec<usize> = (0..shape.cols).collect();
    order.sort_by_key(|&c| std::cmp::Reverse(decisions[c].0));
    let mut rows: Vec<(usize, Vec<u64>)> = Vec::with_capacity(d);
    for c in order {
        if rows.len() == d {
            break;
        }
        let at = |plane: &[u64]| plane[c / 64] >> (c % 64) & 1 == 1;
        let mut row = vec![0u64; words];
        for (j, &p) in nulls.iter().enumerate() {
            row[j / 64] |= u64::from(at(planes[p])) << (j % 64);
        }
        row[d / 64] |= u64::from(decisions[c].1 ^ at(member)) << (d % 64);
        for (pivot, earlier) in &rows {
            if row[pivot / 64] >> (pivot % 64) & 1 == 1 {
                xor_into(&mut row, earlier);
            }
        }
        if let Some(pivot) = (0..d).find(|&j| row[j / 64] >> (j % 64) & 1 == 1) {
            rows.push((pivot, row));
        }
    }
    // Back-substitution: each row holds its pivot and later rows' pivots only.
    let mut y = vec![false; d];
    for (pivot, row) in rows.iter().rev() {
        let mut v = row[d / 64] >> (d % 64) & 1 == 1;
        for j in (0..d).filter(|&j| j != *pivot && row[j / 64] >> (j % 64) & 1 == 1) {
            v ^= y[j];
        }
        y[*pivot] = v;
    }
    (0..d).filter(|&j| y[j]).map(|j| nulls[j]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::board::colours::Board;
    use crate::lights_out::solve::gf2::Gf2Solver;
    use crate::lights_out::{BoardSize, Goal, Variant};
    use rand_core::{RngCore, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The colour plane and the null planes of `solver`, one after another.
    fn generators(solver: &Gf2Solver) -> Vec<&[u64]> {
        let pw = solver.shape.plane_words();
        std::iter::once(&solver.colour_plane[..])
            .chain(solver.null_planes.chunks_exact(pw))
            .collect()
    }

    /// The lightest member of `base + span(planes)`, by enumeration.
    fn brute_force_lightest(base: &[u64], planes: &[&[u64]]) -> usize {
        (0..1u64 << planes.len())
            .map(|y| {
                let mut member = base.to_vec();
                for (_, plane) in planes.iter().enumerate().filter(|&(j, _)| y >> j & 1 == 1) {
                    xor_into(&mut member, plane);
                }
                weight(&member)
            })
            .min()
            .expect("a member")
    }

    /// Boards made by sparse random presses on sizes whose null space has 8 to 16 generators:
    /// from a member hidden under a random sum of the generators, the decoding returns a member
    /// of the coset (the planes it names added to the start), and it is the lightest member,
    /// as an enumeration of the coset finds it. On dense press sets it is never heavier than
    /// where it started.
    #[test]
    fn the_decoding_finds_the_lightest_member_of_sparse_cosets() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(27);
        for (n, percent) in [(9, 10), (16, 12), (19, 15), (19, 20), (16, 50), (19, 50)] {
            let solver = Gf2Solver::new(BoardSize::new(n, n).unwrap());
            let shape = solver.shape;
            let planes = generators(&solver);
            assert!((8..=16).contains(&(planes.len() - 1)), "{n}x{n}");
            for trial in 0..4 {
                let mut planted = vec![0u64; shape.plane_words()];
                for r in 0..n {
                    for c in 0..n {
                        if rng.next_u64() % 100 < percent {
                            planted[r * shape.words + c / 64] |= 1 << (c % 64);
                        }
                    }
                }
                let mut start = planted.clone();
                for plane in &planes {
                    if rng.next_u64() % 2 == 1 {
                        xor_into(&mut start, plane);
                    }
                }
                let mut member = start.clone();
                let added = decode(&shape, &planes, &mut member);
                let mut check = start.clone();
                for (plane, _) in planes.iter().zip(&added).filter(|&(_, &a)| a) {
                    xor_into(&mut check, plane);
                }
                let what = format!("{n}x{n}, {percent}% pressed, trial {trial}");
                assert_eq!(check, member, "{what}: not the start plus the planes named");
                assert!(weight(&member) <= weight(&start), "{what}");
                if percent <= 20 {
                    assert_eq!(weight(&member), brute_force_lightest(&start, &planes), "{what}");
                }
            }
        }
    }

    /// Through the solver, a search limit too small for the coset leaves the decoding to find
    /// the lightest press set of boards made by sparse presses: its presses reach a uniform
    /// board in the number printed, which is the exact solver's minimum.
    #[test]
    fn answers_past_the_search_limit_replay_and_match_the_exact_minimum() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1753);
        for n in [16, 19, 30] {
            let size = BoardSize::new(n, n).unwrap();
            let flip = Variant::flip_game(size);
            let (small, exact) = (Gf2Solver::new(size).with_search_bits(1), Gf2Solver::new(size));
            for _ in 0..3 {
                let mut board = Board::new(n, n);
                for cell in 0..n * n {
                    if rng.next_u64() % 100 < 15 {
                        flip.press(&mut board, cell, 1);
                    }
                }
                let got = small.solve_goal(&board, Goal::Any).unwrap();
                let best = exact.solve_goal(&board, Goal::Any).unwrap();
                assert!(!got.optimum.proven_minimal && best.optimum.proven_minimal);
                assert_eq!(got.optimum.distance, got.presses.len());
                let mut replay = board.clone();
                for &p in &got.presses {
                    flip.press(&mut replay, p, 1);
                }
                assert_eq!(replay.uniform_colour(), Some(got.optimum.colour), "{n}x{n}");
                assert_eq!(got.optimum.distance, best.optimum.distance, "{n}x{n}");
            }
        }
    }
}
