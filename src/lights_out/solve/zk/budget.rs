//! The cost of the set-up of [`super::ZkSolver`], estimated from the variant before any of the
//! set-up is done, so that a set-up that would run for hours or exhaust the memory is refused up
//! front instead.
//!
//! The set-up's work grows with `f`, the free presses of the chase plan (the unknowns of the
//! residual system; see the module docs of [`super`]), and with `e`, the entries of the toggle
//! matrix (about `R * C * t` for a pattern of `t` cells). Counted in word operations:
//!
//! - two colours: one symbolic chase of vectors of `f + 1` bits, 64 a word, reading and writing
//!   each entry once (`2 * e * (f + 1) / 64`), and the elimination on rows of bits (`4 * f^3 /
//!   64`, as [`super::smith`] counts its steps);
//! - more colours: one chase of the whole board per free press and the colour (`e * (f + 1)`),
//!   and an elimination of `f^3` byte steps per prime power of `K`, each step counted as
//!   [`DENSE_BYTE_STEP`] operations on a torus, whose residual system is dense (every unknown
//!   reaches every residual cell: no zero entry to skip, and matrices that outgrow the caches;
//!   docs/PERFORMANCE.md, "The cliffs").
//!
//! Memory: the toggle matrix and its transpose (16 bytes an entry) and the byte matrices of the
//! residual system (about `5 * f^2` bytes). The free presses are counted by the plan's own rule
//! ([`super::symbolic::forcing_cells`]: each cell, row-major, forces the last press affecting it
//! when that press is free yet and its coefficient a unit), read off the toggle pattern's offsets
//! without building the matrix, which on a large board with a large pattern alone takes gigabytes.

use crate::lights_out::variant::rules::Variant;

/// Word operations a second the estimate assumes; the set-ups measured in docs/PERFORMANCE.md
/// run at 0.6 to 2 times this rate.
pub(crate) const OPERATIONS_PER_SECOND: u64 = 1_000_000_000;

/// Word operations a byte step of the elimination of a dense residual system (a torus with more
/// than two colours) is counted as.
pub(crate) const DENSE_BYTE_STEP: u64 = 16;

/// The estimated cost of setting up the `Z_K` solver of one variant (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SetupCost {
    /// The unknowns of the residual system (the free presses of the orientation the solver
    /// takes).
    pub(crate) free: usize,
    /// Word operations of the chase and the elimination.
    pub(crate) operations: u64,
    /// Bytes of the toggle matrix and the residual system's matrices.
    pub(crate) bytes: u64,
}

impl SetupCost {
    /// The cost of the set-up of `variant` (see the module docs); it takes `O(R * C * t)` steps
    /// for a pattern of `t` cells and allocates `R * C` bytes (the toggle matrix for buttons and
    /// holes, which the input already spells out).
    pub(crate) fn of(variant: &Variant) -> SetupCost {
        let k = variant.colours();
        let (free, entries) = if variant.has_graph() {
            let matrix = variant.toggle_matrix();
            let modulus = super::ring::Modulus::new(k);
            let free = super::symbolic::forcing_cells(&matrix, &modulus)
                .iter()
                .filter(|by| by.is_none())
                .count();
            let entries = (0..matrix.cells()).map(|p| matrix.effect(p).len() as u64).sum();
            (free, entries)
        } else {
            let straight = pattern_plan(variant);
            let symmetric = variant.size().rows() == variant.size().cols()
                && variant.toggle().transposed() == *variant.toggle();
            match symmetric {
                true => straight,
                false => {
                    let turned = pattern_plan(&variant.transposed());
                    if turned.0 < straight.0 { turned } else { straight }
                }
            }
        };
        let dense = variant.wrap() && !variant.has_graph();
        SetupCost::from_counts(free, entries, k, dense)
    }

    /// The cost for `free` unknowns, `entries` entries of the toggle matrix and `k` colours, of
    /// a dense residual system (a torus's) or not.
    pub(crate) fn from_counts(free: usize, entries: u64, k: u8, dense: bool) -> SetupCost {
        let f = free as u64;
        let cube = f.saturating_mul(f).saturating_mul(f);
        let operations = if k == 2 {
            entries.saturating_mul(f + 1).saturating_mul(2) / 64 + cube.saturating_mul(4) / 64
        } else {
            let primes = super::ring::Modulus::new(k).components.len() as u64;
            let step = if dense { DENSE_BYTE_STEP } else { 1 };
            let elimination = cube.saturating_mul(primes).saturating_mul(step);
            entries.saturating_mul(f + 1).saturating_add(elimination)
        };
        let bytes =
            entries.saturating_mul(16).saturating_add(f.saturating_mul(f).saturating_mul(5));
        SetupCost { free, operations, bytes }
    }

    /// The estimated seconds at [`OPERATIONS_PER_SECOND`], rounded up.
    #[cfg(test)]
    pub(crate) fn seconds(&self) -> u64 {
        self.operations.div_ceil(OPERATIONS_PER_SECOND)
    }
}

/// `(free presses, entries of the toggle matrix)` of the plan of a pattern variant (no buttons,
/// no holes) in its own orientation, from the pattern's offsets.
fn pattern_plan(variant: &Variant) -> (usize, u64) {
    let (rows, cols) = (variant.size().rows() as isize, variant.size().cols() as isize);
    let k = usize::from(variant.colours());
    let wrap = variant.wrap();
    let offsets = variant.toggle().offsets();
    let n = (rows * cols) as usize;
    // The press a cell reads through `offset`, if on the board.
    let press = |r: isize, c: isize, (dr, dc): (isize, isize)| {
        let (pr, pc) = (r - dr, c - dc);
        if wrap {
            Some((pr.rem_euclid(rows) * cols + pc.rem_euclid(cols)) as usize)
        } else if (0..rows).contains(&pr) && (0..cols).contains(&pc) {
            Some((pr * cols + pc) as usize)
        } else {
            None
        }
    };
    // Without wrap-around the presses a cell reads are distinct, each with coefficient 1, and
    // the last of them comes through the first offset in row-major order that stays on the board.
    let mut ascending = offsets.to_vec();
    ascending.sort_unstable();
    let mut taken = vec![false; n];
    let mut forced = 0;
    let mut presses = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let last = if wrap {
                // The last press whose coefficient is not 0 mod K, if that one is a unit.
                presses.clear();
                presses.extend(offsets.iter().filter_map(|&o| press(r, c, o)));
                presses.sort_unstable_by(|a, b| b.cmp(a));
                presses
                    .chunk_by(|a, b| a == b)
                    .find(|run| run.len() % k != 0)
                    .filter(|run| gcd(run.len() % k, k) == 1)
                    .map(|run| run[0])
            } else {
                ascending.iter().find_map(|&o| press(r, c, o))
            };
            if let Some(p) = last
                && !taken[p]
            {
                taken[p] = true;
                forced += 1;
            }
        }
    }
    let entries = if wrap {
        (n * offsets.len()) as u64
    } else {
        offsets
            .iter()
            .map(|&(dr, dc)| ((rows - dr.abs()).max(0) * (cols - dc.abs()).max(0)) as u64)
            .sum()
    };
    (n - forced, entries)
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::super::ZkSolver;
    use super::*;
    use crate::lights_out::Variant;

    fn variant(r: usize, c: usize, pattern: &str, wrap: bool, k: u8) -> Variant {
        let toggle = pattern.parse().unwrap();
        Variant::builder(r, c).toggle(toggle).wrap(wrap).colours(k).build().unwrap()
    }

    /// The estimate counts the very unknowns the solver's plan leaves: patterns (square,
    /// one-sided, wider than tall), with and without wrap-around (a torus smaller than the
    /// pattern folds it onto itself), two to six colours.
    #[test]
    fn the_estimate_counts_the_plans_unknowns() {
        let patterns =
            [".x./xxx/.x.", "x.x/.x./x.x", "xxx/xxx/xxx", "xx./.xx/...", "..x../xxxxx/xx..."];
        let mut checked = 0;
        for pattern in patterns {
            for (r, c) in [(1, 1), (2, 3), (4, 4), (5, 7), (9, 6), (13, 11)] {
                for wrap in [false, true] {
                    for k in [2, 3, 4, 6] {
                        let toggle = pattern.parse().unwrap();
                        let built =
                            Variant::builder(r, c).toggle(toggle).wrap(wrap).colours(k).build();
                        let Ok(v) = built else { continue };
                        let solver = ZkSolver::new(&v);
                        let cost = SetupCost::of(&v);
                        assert_eq!(cost.free, solver.chase.free(), "{v}");
                        let matrix = v.toggle_matrix();
                        let entries: usize = (0..r * c).map(|p| matrix.effect(p).len()).sum();
                        if !wrap {
                            assert_eq!(
                                cost,
                                SetupCost::from_counts(cost.free, entries as u64, k, false)
                            );
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 150, "{checked} variants");
    }

    /// The operations grow as `f^3` for a fixed matrix, and with the pattern on a fixed board;
    /// a 1024x1024 board with a 21x21 pattern is far over a minute's budget, the cases of
    /// docs/PERFORMANCE.md's cliffs table under it.
    #[test]
    fn the_estimate_grows_with_the_unknowns_and_the_pattern() {
        let small = SetupCost::from_counts(1000, 0, 2, false);
        let large = SetupCost::from_counts(2000, 0, 2, false);
        assert_eq!(large.operations, 8 * small.operations);
        assert_eq!(large.bytes, 4 * small.bytes);
        assert_eq!(SetupCost::from_counts(1000, 0, 3, false).operations, 16 * small.operations);
        assert_eq!(SetupCost::from_counts(1000, 0, 6, false).operations, 32 * small.operations);
        let dense = SetupCost::from_counts(1000, 0, 3, true).operations;
        assert_eq!(dense, DENSE_BYTE_STEP * 16 * small.operations);
        let square = |side: usize| vec![vec!['x'; side].into_iter().collect::<String>(); side];
        let mut last = 0;
        for side in [1, 5, 11, 21, 51] {
            let v = variant(100, 100, &square(side).join("/"), false, 2);
            let cost = SetupCost::of(&v);
            assert!(cost.operations > last, "{v}: {cost:?}");
            last = cost.operations;
            assert!(cost.seconds() <= 60, "{v}: {cost:?}");
        }
        let torus = variant(1024, 1024, ".x./xxx/.x.", true, 2);
        assert_eq!(SetupCost::of(&torus).free, 2048);
        assert!(SetupCost::of(&torus).seconds() <= 60);
        // With three colours the torus's dense byte elimination is over a minute at 1024x1024
        // (minutes, measured) and under it at 512x512.
        let torus3 = SetupCost::of(&variant(1024, 1024, ".x./xxx/.x.", true, 3));
        assert!(torus3.seconds() > 60, "{torus3:?}");
        let torus3 = SetupCost::of(&variant(512, 512, ".x./xxx/.x.", true, 3));
        assert!(torus3.seconds() <= 60, "{torus3:?}");
        let huge = SetupCost::of(&variant(1024, 1024, &square(21).join("/"), false, 2));
        assert!(huge.seconds() > 600 && huge.bytes > 1 << 33, "{huge:?}");
    }

    /// A budget below a medium case's estimate refuses it before the set-up, naming the
    /// estimate; the estimate itself as the budget lets it run, to the same answers as with no
    /// budget at all; the default refuses the huge case.
    #[test]
    fn the_budget_refuses_up_front_and_raising_it_runs_the_set_up() {
        use crate::lights_out::{Board, Solver, SolverError};
        for v in [
            variant(40, 40, "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx", false, 2),
            variant(30, 30, ".x./xxx/.x.", true, 3),
        ] {
            let cost = SetupCost::of(&v);
            let refused = Solver::builder(&v).max_setup_operations(cost.operations - 1).build();
            let Err(e @ SolverError::SetupTooCostly { .. }) = refused else {
                panic!("{v}: {refused:?}")
            };
            let message = e.to_string();
            let named = [cost.operations.to_string(), cost.bytes.to_string()];
            assert!(named.iter().all(|n| message.contains(n.as_str())), "{message}");
            let (r, c) = (v.size().rows(), v.size().cols());
            let cells = (0..r * c).map(|i| (i * 7 % 5 % usize::from(v.colours())) as u8);
            let board = Board::from_cells(r, c, cells.collect());
            let mut run =
                Solver::builder(&v).max_setup_operations(cost.operations).build().unwrap();
            let mut free = Solver::builder(&v).max_setup_operations(u64::MAX).build().unwrap();
            assert_eq!(run.solve(&board).unwrap(), free.solve(&board).unwrap(), "{v}");
        }
        let huge = variant(1024, 1024, &vec!["x".repeat(21); 21].join("/"), false, 2);
        let refused = Solver::builder(&huge).build();
        assert!(matches!(refused, Err(SolverError::SetupTooCostly { .. })), "{refused:?}");
    }
}
