//! The Flip Game on boards of any size: the run-time table and the GF(2) solver checked against
//! independent methods written here or in `table/brute.rs`.
//!
//! - Every size with `R * C <= 20` (66 sizes, 9.8 million states): the BFS table equals the brute
//!   force over press sets on every state; GF(2) gives the brute-force distance on every state,
//!   its presses replay to a uniform board, and they equal the presses of the table walk.
//! - 4x4: GF(2) equals the embedded table on all 65,536 states, presses included.
//! - 5x5 and 3x3: the histogram facts, by BFS, brute force and the GF(2) rank.
//! - Larger boards (up to 20x20): an independent dense Gaussian elimination over the whole
//!   toggle matrix, with the null space enumerated, gives the same minimum.

use super::rng::Rng;
use super::{grid, is_uniform, press};
use crate::lights_out::solve::gf2::{Gf2Scratch, Gf2Solver};
use crate::lights_out::table::bfs::{IMPOSSIBLE, distance_table};
use crate::lights_out::table::brute::brute_force_table;
use crate::lights_out::{Board, BoardSize, DistanceTable, Goal, Variant};

/// The toggle pattern of every piece, written from coordinates here (not shared with the
/// library): bit `r * cols + c`.
fn effects(rows: usize, cols: usize) -> Vec<u32> {
    let mut out = Vec::new();
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let mut e = 0u32;
            for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r + dr, c + dc);
                if rr >= 0 && cc >= 0 && rr < rows as i64 && cc < cols as i64 {
                    e |= 1 << (rr * cols as i64 + cc);
                }
            }
            out.push(e);
        }
    }
    out
}

/// Checks one size on every state.
fn check_size(rows: usize, cols: usize) {
    let cells = rows * cols;
    let size = BoardSize::new(rows, cols).unwrap();
    let brute = brute_force_table(rows, cols);
    let bfs = distance_table(rows, cols, |_| {});
    assert!(bfs == brute, "{size}: the BFS table differs from the brute force");
    let table = DistanceTable::from_bytes(&Variant::flip_game(size), &bfs).unwrap();
    let gf2 = Gf2Solver::new(size);
    let effects = effects(rows, cols);
    let all = (1u32 << cells) - 1;
    let mut scratch = Gf2Scratch::default();
    let (mut from_gf2, mut from_table) = (Vec::new(), Vec::new());
    for state in 0..1u32 << cells {
        let board = grid(rows, cols, u64::from(state));
        let got = gf2.solve_goal_into(&board, Goal::Any, &mut scratch, Some(&mut from_gf2));
        let want = brute[state as usize];
        match got {
            None => assert_eq!(want, IMPOSSIBLE, "{size} state {state:#x}: GF(2) says impossible"),
            Some(o) => {
                assert_eq!(o.distance, usize::from(want), "{size} state {state:#x}");
                assert!(o.proven_minimal);
                assert_eq!(from_gf2.len(), o.distance);
                let end = from_gf2.iter().fold(state, |s, &i| s ^ effects[i]);
                let colour = if o.colour == 0 { 0 } else { all };
                assert_eq!(end, colour, "{size} state {state:#x}: presses do not replay");
                let d = table.state_presses(u64::from(state), &mut from_table).unwrap();
                assert_eq!(d.map(|(d, c)| (usize::from(d), c)), Some((o.distance, o.colour)));
                assert_eq!(from_table, from_gf2, "{size} state {state:#x}: different presses");
            }
        }
    }
    // The boards a table build reaches are the 2^rank of the toggle matrix.
    let solvable = bfs.iter().filter(|&&d| d != IMPOSSIBLE).count();
    assert_eq!(solvable, 1 << gf2.toggle_rank(), "{size}");
}

fn sizes(cells: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for r in 1..=20 {
        for c in 1..=20 {
            if cells(r * c) {
                out.push((r, c));
            }
        }
    }
    out
}

#[test]
fn every_size_up_to_15_pieces_on_every_state() {
    for (r, c) in sizes(|n| n <= 15) {
        check_size(r, c);
    }
}

#[test]
fn every_size_of_16_to_18_pieces_on_every_state() {
    for (r, c) in sizes(|n| (16..=18).contains(&n)) {
        check_size(r, c);
    }
}

#[test]
fn every_size_of_19_pieces_on_every_state() {
    for (r, c) in sizes(|n| n == 19) {
        check_size(r, c);
    }
}

#[test]
fn sizes_of_20_pieces_with_fewer_rows_on_every_state() {
    for (r, c) in sizes(|n| n == 20).into_iter().filter(|&(r, c)| r < c) {
        check_size(r, c);
    }
}

#[test]
fn sizes_of_20_pieces_with_more_rows_on_every_state() {
    for (r, c) in sizes(|n| n == 20).into_iter().filter(|&(r, c)| r > c) {
        check_size(r, c);
    }
}

#[test]
fn gf2_equals_the_embedded_4x4_table_press_for_press() {
    let table = DistanceTable::embedded();
    let gf2 = Gf2Solver::new(BoardSize::CLASSIC);
    assert_eq!(gf2.nullity(), 4);
    let mut scratch = Gf2Scratch::default();
    let mut presses = Vec::new();
    for state in 0..=u16::MAX {
        let board = grid(4, 4, u64::from(state));
        let found = gf2.solve_goal_into(&board, Goal::Any, &mut scratch, Some(&mut presses));
        let got = found.map(|o| o.distance as u8);
        assert_eq!(got, table.distance(&board), "state {state:#06x}");
        let mut want = Vec::new();
        if table.state_presses(u64::from(state), &mut want).unwrap().is_some() {
            assert_eq!(presses, want, "state {state:#06x}");
        }
    }
}

#[test]
fn five_by_five_facts() {
    let size = BoardSize::new(5, 5).unwrap();
    let mut last_reached = 0;
    let table =
        DistanceTable::build(&Variant::flip_game(size), |reached, _| last_reached = reached)
            .unwrap();
    let (histogram, impossible) = table.histogram();
    let solvable: u64 = histogram.iter().sum();
    assert_eq!(solvable, 8_388_608, "solvable states to either colour");
    assert_eq!(impossible, (1 << 25) - 8_388_608);
    assert_eq!(histogram.len() - 1, 12, "the largest minimum is 12");
    assert_eq!(last_reached, solvable);
    let gf2 = Gf2Solver::new(size);
    assert_eq!((gf2.nullity(), 1u64 << gf2.toggle_rank()), (2, solvable));
    let brute = brute_force_table(5, 5);
    assert!(brute == table.as_bytes(), "5x5 BFS table differs from the brute force");
    // GF(2) against the table on a spread of states (every 4099th, and the farthest ones).
    let mut scratch = Gf2Scratch::default();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let far = (0..1u64 << 25).filter(|&s| brute[s as usize] == 12).take(200);
    for state in (0..1u64 << 25).step_by(4099).chain(far) {
        let board = grid(5, 5, state);
        let got =
            gf2.solve_goal_into(&board, Goal::Any, &mut scratch, Some(&mut a)).map(|o| o.distance);
        let d = table.state_presses(state, &mut b).unwrap().map(|(d, _)| usize::from(d));
        assert_eq!(got, d, "state {state:#x}");
        assert_eq!(a, b);
    }
}

#[test]
fn three_by_three_facts() {
    let three = Variant::flip_game(BoardSize::new(3, 3).unwrap());
    let table = DistanceTable::build(&three, |_, _| {}).unwrap();
    let (histogram, impossible) = table.histogram();
    assert_eq!(impossible, 0, "every 3x3 state is solvable");
    assert_eq!(histogram.iter().sum::<u64>(), 512);
    assert_eq!(histogram.len() - 1, 6, "the largest minimum is 6");
}

/// A random `rows x cols` board.
fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> Board {
    let cells = (0..rows * cols).map(|_| (rng.next() & 1) as u8).collect();
    Board::from_cells(rows, cols, cells)
}

/// An independent minimum: dense Gauss-Jordan elimination of the whole `RC x RC` toggle matrix
/// (one `Vec<bool>` row per cell), then every member of both colours' solution cosets weighed.
fn dense_minimum(board: &Board) -> Option<usize> {
    let (rows, cols) = (board.rows(), board.cols());
    let n = rows * cols;
    let mut best: Option<usize> = None;
    for black in [false, true] {
        // Row i: the presses that flip cell i, then the right-hand side.
        let mut m: Vec<Vec<bool>> = (0..n)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                let mut row = vec![false; n + 1];
                for (j, x) in row.iter_mut().enumerate().take(n) {
                    *x = r.abs_diff(j / cols) + c.abs_diff(j % cols) <= 1;
                }
                row[n] = (board.get(r, c) == 1) != black;
                row
            })
            .collect();
        let mut pivots = Vec::new();
        for col in 0..n {
            let Some(p) = (pivots.len()..n).find(|&i| m[i][col]) else { continue };
            m.swap(p, pivots.len());
            let pivot = m[pivots.len()].clone();
            for (i, row) in m.iter_mut().enumerate() {
                if i != pivots.len() && row[col] {
                    row.iter_mut().zip(&pivot).for_each(|(x, y)| *x ^= y);
                }
            }
            pivots.push(col);
        }
        if m[pivots.len()..].iter().any(|row| row[n]) {
            continue;
        }
        let free: Vec<usize> = (0..n).filter(|c| !pivots.contains(c)).collect();
        assert!(free.len() <= 16, "enumerating 2^{} solutions", free.len());
        // One solution with every free unknown 0, and one null vector per free unknown.
        let mut x = vec![false; n];
        for (i, &pc) in pivots.iter().enumerate() {
            x[pc] = m[i][n];
        }
        let null: Vec<Vec<bool>> = free
            .iter()
            .map(|&f| {
                let mut z = vec![false; n];
                z[f] = true;
                for (i, &pc) in pivots.iter().enumerate() {
                    z[pc] = m[i][f];
                }
                z
            })
            .collect();
        let mut w = x.iter().filter(|&&b| b).count();
        best = Some(best.map_or(w, |b| b.min(w)));
        // Gray code: step k toggles null vector trailing_zeros(k).
        for step in 1u32..1 << free.len() {
            let z = &null[step.trailing_zeros() as usize];
            for (xi, &zi) in x.iter_mut().zip(z) {
                if zi {
                    w = if *xi { w - 1 } else { w + 1 };
                    *xi = !*xi;
                }
            }
            best = best.map(|b| b.min(w));
        }
    }
    best
}

#[test]
fn larger_boards_match_a_dense_elimination_of_the_whole_toggle_matrix() {
    let mut rng = Rng(2024);
    // Nullities 8, 8, 6, 16 and 0 for the square sizes.
    for (r, c) in [(9, 9), (16, 16), (11, 11), (19, 19), (20, 20), (5, 17), (17, 5), (7, 30)] {
        let solver = Gf2Solver::new(BoardSize::new(r, c).unwrap());
        for round in 0..3 {
            // Random boards are rarely solvable when the nullity is large: also try reachable ones.
            let mut board = random_board(&mut rng, r, c);
            if round > 0 {
                let mut reachable = Board::new(r, c);
                for i in 0..r * c {
                    if rng.next().is_multiple_of(3) {
                        press(&mut reachable, i / c, i % c);
                    }
                }
                board = reachable;
            }
            let got = solver.solve(&board);
            assert_eq!(got.as_ref().map(|s| s.optimum.distance), dense_minimum(&board), "{r}x{c}");
            if let Some(s) = got {
                let mut replay = board.clone();
                s.presses.iter().for_each(|&i| press(&mut replay, i / c, i % c));
                assert!(is_uniform(&replay), "{r}x{c}");
            }
        }
    }
}

#[test]
fn a_partial_search_still_solves_and_never_beats_the_exact_one() {
    let mut rng = Rng(7);
    let size = BoardSize::new(19, 19).unwrap(); // nullity 16: 17 generators
    let exact = Gf2Solver::new(size);
    let partial = Gf2Solver::new(size).with_search_bits(5);
    assert!(exact.is_exact() && !partial.is_exact());
    for _ in 0..5 {
        let mut board = Board::new(19, 19);
        for i in 0..361 {
            if rng.next().is_multiple_of(2) {
                press(&mut board, i / 19, i % 19);
            }
        }
        let e = exact.solve(&board).unwrap();
        let p = partial.solve(&board).unwrap();
        assert!(e.optimum.proven_minimal && !p.optimum.proven_minimal);
        assert!(p.optimum.distance >= e.optimum.distance);
        let mut replay = board.clone();
        p.presses.iter().for_each(|&i| press(&mut replay, i / 19, i % 19));
        assert!(is_uniform(&replay));
    }
}
