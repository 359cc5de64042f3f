//! The Lights Out family (toggle patterns, wrap-around, K colours, one-colour goals): the
//! distance tables and the Z_K solver against a brute-force search written independently in
//! `common/lights_out.rs`, every printed solution replayed there, and the published facts.
//!
//! - Every state of small boards, for every goal, several patterns, with and without
//!   wrap-around, K = 2, 3, 4, 5, 6 (and 7, 8, 9, 12, 16 on tiny boards): the table equals the
//!   brute force, the solver's distance equals it, its presses replay to a goal board of the
//!   colour it names in exactly that many presses, they are the ones a table walk makes (the
//!   documented tie-break), and the reachable colours are the brute force's.
//! - OEIS A075464, the all-off maxima of 3x3, 4x4 and 5x5, the 2x2 and 5x5 torus examples and
//!   the POJ 1222 sample.
//! - Two colours with the plus: the Z_K solver, the GF(2) solver (any goal, white, black) and
//!   the embedded table agree press for press.
//! - Larger boards over GF(3), GF(5), GF(7): a dense elimination of the whole toggle matrix
//!   with the null space enumerated gives the same minimum.

use super::grid;
use super::reference::{Rules, UNREACHABLE};
use super::rng::Rng;
use crate::lights_out::solve::gf2::{Gf2Scratch, Gf2Solver};
use crate::lights_out::solve::zk::{ZkScratch, ZkSolver};
use crate::lights_out::table::digits::distance_table_by_digits;
use crate::lights_out::{Alphabet, Board, BoardSize, DistanceTable, Goal, TogglePattern, Variant};

/// The distance table of `variant`, built by the library.
fn variant_distance_table(variant: &Variant, mut progress: impl FnMut(u64)) -> Vec<u8> {
    let table = DistanceTable::build(variant, |reached, _| progress(reached)).unwrap();
    table.as_bytes().to_vec()
}

const PATTERNS: [&str; 6] =
    [".x./xxx/.x.", "x.x/.x./x.x", "xxx/xxx/xxx", ".x./x.x/.x.", "..x/xx./...", "xxx"];

fn variant_of(rules: &Rules, mask: &str, goal: Goal) -> Variant {
    let size = BoardSize::new(rules.rows, rules.cols).unwrap();
    let toggle: TogglePattern = mask.parse().unwrap();
    Variant::new(size, toggle, rules.wrap, rules.colours, goal).unwrap()
}

/// Checks one set of rules on every state, for the goal "any" and each colour in `colours`.
fn check_rules(rows: usize, cols: usize, mask: &str, wrap: bool, k: u8, colours: &[u8]) {
    let rules = Rules::new(rows, cols, mask, wrap, k);
    let per_colour: Vec<Vec<u8>> = (0..k).map(|c| rules.brute_force(c)).collect();
    let any: Vec<u8> =
        (0..rules.states()).map(|s| per_colour.iter().map(|t| t[s]).min().unwrap()).collect();
    let mut goals = vec![(Goal::Any, &any)];
    goals.extend(colours.iter().map(|&c| (Goal::Colour(c), &per_colour[c as usize])));
    for (goal, brute) in goals {
        let variant = variant_of(&rules, mask, goal);
        let table = variant_distance_table(&variant, |_| {});
        assert!(table == *brute, "{variant}: the table differs from the brute force");
        if k == 2 {
            let by_digits = distance_table_by_digits(&variant, |_| {}).unwrap();
            assert!(by_digits == *brute, "{variant}: the digit search differs");
        }
        let walker = DistanceTable::from_bytes(&variant, &table).unwrap();
        let mut walked = Vec::new();
        let solver = ZkSolver::new(&variant);
        let mut scratch = ZkScratch::default();
        let mut presses = Vec::new();
        let walk_every = if rules.states() <= 1 << 13 { 1 } else { 5 };
        for s in 0..rules.states() {
            let cells = rules.decode(s);
            let board = Board::from_cells(rows, cols, cells.clone());
            let got = solver.solve_into(&board, &mut scratch, &mut presses);
            let reachable: u16 = (0..k)
                .filter(|&c| goal.admits(c) && per_colour[c as usize][s] != UNREACHABLE)
                .map(|c| 1u16 << c)
                .sum();
            assert_eq!(
                solver.reachable_colours(&board, &mut scratch),
                (0..k)
                    .filter(|&c| per_colour[c as usize][s] != UNREACHABLE)
                    .map(|c| 1u16 << c)
                    .sum::<u16>(),
                "{variant} state {s}: reachable colours"
            );
            let by_table = walker.presses(&board, &mut walked).unwrap();
            let Some(o) = got else {
                assert_eq!(brute[s], UNREACHABLE, "{variant} state {s}: the solver says none");
                assert!(presses.is_empty() && by_table.is_none());
                continue;
            };
            // The library's table walk gives the solver's presses (the same tie-break).
            assert_eq!(by_table, Some(brute[s]));
            assert_eq!(walked, presses, "{variant} state {s}: table walk");
            assert_eq!(o.distance, usize::from(brute[s]), "{variant} state {s} {cells:?}");
            assert!(o.proven_minimal);
            assert_eq!(o.reachable, reachable, "{variant} state {s}");
            let counted: usize = presses.iter().map(|&(_, n)| usize::from(n)).sum();
            assert_eq!(counted, o.distance);
            assert!(presses.windows(2).all(|w| w[0].0 < w[1].0));
            assert!(presses.iter().all(|&(_, n)| n > 0 && n < k));
            let end = rules.replay(&cells, &presses);
            assert!(end.iter().all(|&c| c == o.colour), "{variant} state {s}: replay {end:?}");
            assert!(goal.admits(o.colour));
            if s % walk_every == 0 {
                let expanded: Vec<usize> =
                    presses.iter().flat_map(|&(c, n)| std::iter::repeat_n(c, n as usize)).collect();
                assert_eq!(expanded, rules.walk(brute, s), "{variant} state {s}: tie-break");
            }
        }
    }
}

/// The sizes with at most `max_states` states, both orientations, the patterns that fit.
fn check_all(k: u8, sizes: &[(usize, usize)], patterns: &[&str], colours: &[u8]) {
    for &(r, c) in sizes {
        for mask in patterns {
            let p: TogglePattern = mask.parse().unwrap();
            if p.reach_rows() > r || p.reach_cols() > c {
                continue;
            }
            for wrap in [false, true] {
                check_rules(r, c, mask, wrap, k, colours);
            }
        }
    }
}

#[test]
fn two_colours_every_state_of_small_boards() {
    let sizes = [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (3, 4), (4, 4)];
    check_all(2, &sizes, &PATTERNS, &[0, 1]);
}

#[test]
fn three_colours_every_state_of_small_boards() {
    check_all(3, &[(1, 3), (2, 2), (1, 7), (2, 3), (3, 3), (2, 4), (4, 2)], &PATTERNS, &[0, 2]);
}

#[test]
fn four_colours_every_state_of_small_boards() {
    check_all(4, &[(1, 3), (2, 2), (2, 3), (3, 2)], &PATTERNS, &[0, 3]);
    check_rules(3, 3, ".x./xxx/.x.", false, 4, &[0]);
    check_rules(3, 3, "x.x/.x./x.x", true, 4, &[1]);
}

#[test]
fn five_and_six_colours_every_state_of_small_boards() {
    check_all(5, &[(1, 4), (2, 2), (2, 3)], &PATTERNS, &[0, 4]);
    check_all(6, &[(1, 3), (2, 2), (2, 3)], &PATTERNS[..4], &[0, 5]);
}

#[test]
fn more_colours_on_tiny_boards() {
    for k in [7, 8, 9] {
        check_all(k, &[(1, 3), (2, 2)], &PATTERNS[..4], &[0, k - 1]);
    }
    for k in [10, 12, 15, 16] {
        check_all(k, &[(1, 3)], &PATTERNS, &[0, k - 1]);
        check_rules(2, 2, ".x./xxx/.x.", k % 2 == 0, k, &[1]);
    }
}

/// The minimum presses from all lights on to all off, plain Lights Out on n x n.
fn all_on_to_off(n: usize) -> usize {
    let size = BoardSize::new(n, n).unwrap();
    let variant = Variant::new(size, TogglePattern::plus(), false, 2, Goal::Colour(0)).unwrap();
    let board = Board::from_cells(n, n, vec![1; n * n]);
    let solution = ZkSolver::new(&variant).solve(&board).expect("all on can be turned off");
    assert!(solution.optimum.proven_minimal);
    let rules = Rules::new(n, n, ".x./xxx/.x.", false, 2);
    assert!(rules.replay(board.cells(), &solution.presses).iter().all(|&c| c == 0));
    // The GF(2) solver with the one-colour goal agrees press for press.
    let gf2 = Gf2Solver::new(size).solve_goal(&board, Goal::Colour(0)).unwrap();
    let gf2_presses: Vec<(usize, u8)> = gf2.presses.iter().map(|&i| (i, 1)).collect();
    assert_eq!(gf2_presses, solution.presses, "{n}x{n}");
    solution.optimum.distance
}

#[test]
fn oeis_a075464_all_on_to_all_off() {
    // OEIS A075464: minimal presses to turn all lights off from all on, n x n, n = 1..20.
    let expected =
        [1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224];
    let got: Vec<usize> = (1..=20).map(all_on_to_off).collect();
    assert_eq!(got, expected);
}

/// `(largest distance, states at it, unreachable states)` of a table.
fn extremes(table: &[u8]) -> (u8, usize, usize) {
    let top = *table.iter().filter(|&&d| d != UNREACHABLE).max().unwrap();
    let at_top = table.iter().filter(|&&d| d == top).count();
    (top, at_top, table.iter().filter(|&&d| d == UNREACHABLE).count())
}

#[test]
fn all_off_maxima_of_3x3_4x4_and_5x5() {
    for (n, want) in [(3, (9, 1, 0)), (4, (7, 32, 65536 - 4096)), (5, (15, 7350, 25_165_824))] {
        let size = BoardSize::new(n, n).unwrap();
        let variant = Variant::new(size, TogglePattern::plus(), false, 2, Goal::Colour(0)).unwrap();
        let mut last = 0;
        let table = variant_distance_table(&variant, |reached| last = reached);
        assert_eq!(extremes(&table), want, "{n}x{n}");
        assert_eq!(last as usize, table.len() - want.2, "{n}x{n}: the states reached");
        // The brute force (4x4 and below) and the solver on every farthest state.
        if n <= 4 {
            assert!(Rules::new(n, n, ".x./xxx/.x.", false, 2).brute_force(0) == table);
        }
        let solver = ZkSolver::new(&variant);
        let mut scratch = ZkScratch::default();
        let mut presses = Vec::new();
        for s in (0..table.len()).filter(|&s| table[s] == want.0) {
            let board = Board::from_state(n, n, 2, s as u64);
            let o = solver.solve_into(&board, &mut scratch, &mut presses).unwrap();
            assert_eq!(o.distance, usize::from(want.0));
        }
    }
}

#[test]
fn five_by_five_all_off_by_an_independent_search() {
    // The 5x5 all-off table by a plain BFS over press patterns written here.
    let rules = Rules::new(5, 5, ".x./xxx/.x.", false, 2);
    let patterns: Vec<u32> = (0..25)
        .map(|p| {
            let mut cells = vec![0u8; 25];
            rules.press(&mut cells, p, 1);
            cells.iter().enumerate().map(|(i, &c)| u32::from(c) << i).sum()
        })
        .collect();
    let mut dist = vec![UNREACHABLE; 1 << 25];
    dist[0] = 0;
    let mut frontier = vec![0u32];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for &s in &frontier {
            for &p in &patterns {
                let t = (s ^ p) as usize;
                if dist[t] == UNREACHABLE {
                    dist[t] = d;
                    next.push(t as u32);
                }
            }
        }
        frontier = next;
    }
    let size = BoardSize::new(5, 5).unwrap();
    let variant = Variant::new(size, TogglePattern::plus(), false, 2, Goal::Colour(0)).unwrap();
    assert!(variant_distance_table(&variant, |_| {}) == dist);
    assert_eq!(extremes(&dist), (15, 7350, 25_165_824));
}

/// Reads a board written with `alphabet`, rows separated by `/`.
fn board(text: &str, alphabet: &Alphabet) -> Board {
    let rows: Vec<&str> = text.split('/').collect();
    let cols = rows[0].len();
    let mut cells = vec![0u8; rows.len() * cols];
    for (row, chunk) in rows.iter().zip(cells.chunks_mut(cols)) {
        alphabet.read_row(row.as_bytes(), chunk).unwrap();
    }
    Board::from_cells(rows.len(), cols, cells)
}

#[test]
fn small_published_examples() {
    let wb = Alphabet::default_for(2);
    // 2x2 ww/wb, all white: 3 presses.
    let size = BoardSize::new(2, 2).unwrap();
    let v = Variant::new(size, TogglePattern::plus(), false, 2, Goal::Colour(0)).unwrap();
    let solution = ZkSolver::new(&v).solve(&board("ww/wb", &wb)).unwrap();
    assert_eq!(solution.optimum.distance, 3);
    let rules = Rules::new(2, 2, ".x./xxx/.x.", false, 2);
    assert_eq!(rules.replay(&[0, 0, 0, 1], &solution.presses), vec![0; 4]);
    // The same board to either colour: one press (to black).
    let any = ZkSolver::new(&v.with_goal(Goal::Any).unwrap()).solve(&board("ww/wb", &wb));
    assert_eq!(any.map(|s| (s.optimum.distance, s.optimum.colour)), Some((1, 1)));
    // 5x5 torus, all white: 6 presses, nullity 8.
    let size = BoardSize::new(5, 5).unwrap();
    let v = Variant::new(size, TogglePattern::plus(), true, 2, Goal::Colour(0)).unwrap();
    let solver = ZkSolver::new(&v);
    assert_eq!(solver.nullity(), 8);
    let b = board("bwwwb/bwbwb/wwwww/bwbwb/bwwwb", &wb);
    let solution = solver.solve(&b).unwrap();
    assert_eq!(solution.optimum.distance, 6);
    let rules = Rules::new(5, 5, ".x./xxx/.x.", true, 2);
    assert!(rules.replay(b.cells(), &solution.presses).iter().all(|&c| c == 0));
}

#[test]
fn poj_1222_sample() {
    // POJ 1222 "EXTENDED LIGHTS OUT": 5 rows of 6, lights off; the sample's two puzzles and the
    // published presses (each puzzle has exactly one solution).
    let input = "2\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n\
                 0 0 1 0 1 0\n1 0 1 0 1 1\n0 0 1 0 1 1\n1 0 1 1 0 0\n0 1 0 1 0 0\n";
    let expected = [
        ["1 0 1 0 0 1", "1 1 0 1 0 1", "0 0 1 0 1 1", "1 0 0 1 0 0", "0 1 0 0 0 0"],
        ["1 0 0 1 1 1", "1 1 0 0 0 0", "0 0 0 1 0 0", "1 1 0 1 0 1", "1 0 1 1 0 1"],
    ];
    let alphabet = Alphabet::new("01", 2).unwrap();
    let size = BoardSize::new(5, 6).unwrap();
    let v = Variant::new(size, TogglePattern::plus(), false, 2, Goal::Colour(0)).unwrap();
    let solver = ZkSolver::new(&v);
    assert_eq!(solver.nullity(), 0);
    let mut lines = input.lines();
    assert_eq!(lines.next(), Some("2"));
    let rules = Rules::new(5, 6, ".x./xxx/.x.", false, 2);
    for (puzzle, want) in expected.iter().enumerate() {
        let mut cells = vec![0u8; 30];
        for row in cells.chunks_mut(6) {
            alphabet.read_row(lines.next().unwrap().as_bytes(), row).unwrap();
        }
        let solution = solver.solve(&Board::from_cells(5, 6, cells.clone())).unwrap();
        let mut grid = [0u8; 30];
        for &(cell, n) in &solution.presses {
            grid[cell] = n;
        }
        let printed: Vec<String> = grid
            .chunks(6)
            .map(|row| {
                let mut s = String::new();
                alphabet.write_row(row, Some(' '), &mut s);
                s
            })
            .collect();
        assert_eq!(printed, want, "puzzle {}", puzzle + 1);
        assert_eq!(solution.optimum.distance, [13, 15][puzzle]);
        assert!(rules.replay(&cells, &solution.presses).iter().all(|&c| c == 0));
    }
}

#[test]
fn two_colours_with_the_plus_agree_with_gf2_and_the_embedded_table() {
    let table = DistanceTable::embedded();
    let size = BoardSize::CLASSIC;
    let zk: Vec<ZkSolver> = [Goal::Any, Goal::Colour(0), Goal::Colour(1)]
        .into_iter()
        .map(|g| ZkSolver::new(&Variant::flip_game(size).with_goal(g).unwrap()))
        .collect();
    let gf2 = Gf2Solver::new(size);
    let (mut zs, mut gs) = (ZkScratch::default(), Gf2Scratch::default());
    let (mut zp, mut gp) = (Vec::new(), Vec::new());
    for state in 0..=u16::MAX {
        let board = grid(4, 4, u64::from(state));
        for (solver, goal) in zk.iter().zip([Goal::Any, Goal::Colour(0), Goal::Colour(1)]) {
            let z = solver.solve_into(&board, &mut zs, &mut zp);
            let g = gf2.solve_goal_into(&board, goal, &mut gs, Some(&mut gp));
            assert_eq!(z.map(|o| o.distance), g.map(|o| o.distance), "{state:#06x} {goal:?}");
            if let (Some(z), Some(g)) = (z, g) {
                assert_eq!(z.colour, g.colour);
                let zi: Vec<usize> = zp.iter().map(|&(i, _)| i).collect();
                assert_eq!(zi, gp, "{state:#06x} {goal:?}");
            }
        }
        // The goal "any" is the embedded table's question.
        let any = gf2
            .solve_goal_into(&board, Goal::Any, &mut gs, Some(&mut gp))
            .map(|o| o.distance as u8);
        assert_eq!(any, table.distance(&board));
    }
}

#[test]
fn gf2_one_colour_goals_match_the_brute_force_on_every_state() {
    let mut presses = Vec::new();
    let mut scratch = Gf2Scratch::default();
    for (r, c) in [(1, 1), (1, 5), (2, 2), (2, 3), (3, 3), (4, 3), (4, 4), (3, 5), (2, 7)] {
        let rules = Rules::new(r, c, ".x./xxx/.x.", false, 2);
        let gf2 = Gf2Solver::new(BoardSize::new(r, c).unwrap());
        for want in [0u8, 1] {
            let brute = rules.brute_force(want);
            for s in 0..rules.states() {
                let board = grid(r, c, s as u64);
                let goal = Goal::Colour(want);
                let got = gf2.solve_goal_into(&board, goal, &mut scratch, Some(&mut presses));
                match got {
                    None => assert_eq!(brute[s], UNREACHABLE, "{r}x{c} {s:#x} {want}"),
                    Some(o) => {
                        assert_eq!(o.distance, usize::from(brute[s]), "{r}x{c} {s:#x} {want}");
                        assert_eq!(o.colour, want);
                        let counted: Vec<(usize, u8)> = presses.iter().map(|&i| (i, 1)).collect();
                        let end = rules.replay(&rules.decode(s), &counted);
                        assert!(end.iter().all(|&v| v == want));
                        assert_eq!(presses, rules.walk(&brute, s), "tie-break");
                    }
                }
            }
        }
    }
}

/// An independent minimum over GF(p): dense Gauss-Jordan elimination of the whole toggle
/// matrix written from `rules`, then every member of the solution space weighed. Also returns
/// the nullity of the toggle matrix.
fn dense_minimum(rules: &Rules, cells: &[u8], colour: u8) -> (Option<usize>, usize) {
    let (n, p) = (rules.cells(), u32::from(rules.colours));
    // Column j: the effect of pressing j once.
    let columns: Vec<Vec<u8>> = (0..n)
        .map(|j| {
            let mut e = vec![0u8; n];
            rules.press(&mut e, j, 1);
            e
        })
        .collect();
    let inv = |a: u32| (1..p).find(|&b| a * b % p == 1).unwrap();
    let mut m: Vec<Vec<u32>> = (0..n)
        .map(|i| {
            let mut row: Vec<u32> = (0..n).map(|j| u32::from(columns[j][i])).collect();
            row.push((u32::from(colour) + p - u32::from(cells[i])) % p);
            row
        })
        .collect();
    let mut pivots = Vec::new();
    for col in 0..n {
        let Some(r) = (pivots.len()..n).find(|&i| m[i][col] != 0) else { continue };
        m.swap(r, pivots.len());
        let f = inv(m[pivots.len()][col]);
        for x in m[pivots.len()].iter_mut() {
            *x = *x * f % p;
        }
        let pivot = m[pivots.len()].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != pivots.len() && row[col] != 0 {
                let g = row[col];
                for (x, &y) in row.iter_mut().zip(&pivot) {
                    *x = (*x + p * p - g * y) % p;
                }
            }
        }
        pivots.push(col);
    }
    let free: Vec<usize> = (0..n).filter(|c| !pivots.contains(c)).collect();
    if m[pivots.len()..].iter().any(|row| row[n] != 0) {
        return (None, free.len());
    }
    assert!(p.pow(free.len() as u32) <= 1 << 16, "enumerating {}^{}", p, free.len());
    let mut best = usize::MAX;
    for mut code in 0..p.pow(free.len() as u32) {
        let mut x = vec![0u32; n];
        for &f in &free {
            x[f] = code % p;
            code /= p;
        }
        for (i, &pc) in pivots.iter().enumerate() {
            let s: u32 = free.iter().map(|&f| m[i][f] * x[f]).sum();
            x[pc] = (m[i][n] + p * p * n as u32 - s) % p;
        }
        best = best.min(x.iter().map(|&v| v as usize).sum());
    }
    (Some(best), free.len())
}

#[test]
fn larger_boards_over_prime_fields_match_a_dense_elimination() {
    let mut rng = Rng(13);
    let cases = [
        (6, 6, ".x./xxx/.x.", false, 3),
        (7, 5, "x.x/.x./x.x", true, 3),
        (6, 8, "xxx/xxx/xxx", false, 3),
        (5, 9, ".x./x.x/.x.", false, 5),
        (6, 6, ".x./xxx/.x.", true, 5),
        (7, 7, "..x/xx./...", false, 7),
        (4, 11, ".x./xxx/.x.", false, 7),
        (9, 9, ".x./xxx/.x.", false, 2),
        // Long rows both ways: runs of presses worked in blocks.
        (12, 12, ".x./xxx/.x.", false, 3),
        (11, 13, "x.x/.x./x.x", false, 5),
        (12, 12, "xx.", false, 7),
        (13, 13, "xxx/xxx/xxx", false, 3),
    ];
    for (r, c, mask, wrap, k) in cases {
        let rules = Rules::new(r, c, mask, wrap, k);
        for goal in [Goal::Any, Goal::Colour(0), Goal::Colour(k - 1)] {
            let solver = ZkSolver::new(&variant_of(&rules, mask, goal));
            for round in 0..3 {
                // Random boards, and boards made by random presses (always solvable).
                let mut cells: Vec<u8> =
                    (0..r * c).map(|_| rng.below(u64::from(k)) as u8).collect();
                if round > 0 {
                    let presses: Vec<(usize, u8)> =
                        (0..r * c).map(|i| (i, rng.below(u64::from(k)) as u8)).collect();
                    let base = vec![goal_colour(goal, k, &mut rng); r * c];
                    cells = rules.replay(&base, &presses);
                }
                let want = match goal {
                    Goal::Colour(g) => dense_minimum(&rules, &cells, g).0,
                    Goal::Any => (0..k).filter_map(|g| dense_minimum(&rules, &cells, g).0).min(),
                };
                assert_eq!(solver.nullity(), dense_minimum(&rules, &cells, 0).1);
                let got = solver.solve(&Board::from_cells(r, c, cells.clone()));
                let name = format!("{r}x{c} {mask} wrap {wrap} K={k} {goal:?}");
                assert_eq!(got.as_ref().map(|s| s.optimum.distance), want, "{name}");
                if let Some(s) = got {
                    let end = rules.replay(&cells, &s.presses);
                    assert!(end.iter().all(|&v| v == s.optimum.colour), "{name}");
                }
            }
        }
    }
}

fn goal_colour(goal: Goal, k: u8, rng: &mut Rng) -> u8 {
    match goal {
        Goal::Colour(g) => g,
        Goal::Any => rng.below(u64::from(k)) as u8,
    }
}

#[test]
fn a_small_search_limit_still_solves_and_is_marked_not_proven() {
    let mut rng = Rng(5);
    // Nullities 16 (19x19 plus over GF(2)), 8 (the 5x5 torus over GF(3)) and 8 generators of
    // order 4 (the 6x6 torus over Z_4).
    for (r, c, wrap, k) in [(19, 19, false, 2), (5, 5, true, 3), (6, 6, true, 4)] {
        let rules = Rules::new(r, c, ".x./xxx/.x.", wrap, k);
        let variant = variant_of(&rules, ".x./xxx/.x.", Goal::Colour(0));
        let exact = ZkSolver::new(&variant);
        assert!(exact.nullity() > 0, "{variant}");
        let partial = ZkSolver::new(&variant).with_search_bits(0);
        assert!(exact.is_exact() && !partial.is_exact());
        for _ in 0..3 {
            let presses: Vec<(usize, u8)> =
                (0..r * c).map(|i| (i, rng.below(u64::from(k)) as u8)).collect();
            let cells = rules.replay(&vec![0; r * c], &presses);
            let board = Board::from_cells(r, c, cells.clone());
            let e = exact.solve(&board).unwrap();
            let p = partial.solve(&board).unwrap();
            assert!(e.optimum.proven_minimal && !p.optimum.proven_minimal);
            assert!(p.optimum.distance >= e.optimum.distance);
            assert!(rules.replay(&cells, &p.presses).iter().all(|&v| v == 0));
        }
    }
}
