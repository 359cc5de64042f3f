//! The counts of an answer ([`Answer::optimal_solutions`], [`Answer::solutions`]) against a
//! brute force over every press set of small boards (K = 2 and 3, several patterns, with and
//! without wrap-around, every goal), and the published counts of the all-on n x n Lights Out:
//! OEIS A075462 (the number of solutions, `2^nullity`) and A075464 (the fewest presses).

use super::reference::Rules;
use crate::lights_out::{Answer, Board, BoardSize, Goal, Method, Solver, TogglePattern, Variant};

/// Per state: the fewest presses, how many press sets have that many, and how many press sets
/// solve it at all, for a goal of the colours `goal_colours`; by trying every press set.
fn brute_counts(rules: &Rules, goal_colours: &[u8]) -> Vec<(u32, u64, u64)> {
    let (cells, k) = (rules.cells(), usize::from(rules.colours));
    let mut counts = vec![(u32::MAX, 0u64, 0u64); rules.states()];
    let sets = k.pow(cells as u32);
    for set in 0..sets {
        let mut rest = set;
        let presses: Vec<(usize, u8)> = (0..cells)
            .map(|cell| {
                let times = (rest % k) as u8;
                rest /= k;
                (cell, times)
            })
            .collect();
        let weight: u32 = presses.iter().map(|&(_, t)| u32::from(t)).sum();
        let effect = rules.replay(&vec![0; cells], &presses);
        for &colour in goal_colours {
            // The state that these presses turn into the uniform board of `colour`.
            let state: Vec<u8> = effect
                .iter()
                .map(|&e| ((usize::from(colour) + k - usize::from(e)) % k) as u8)
                .collect();
            let entry = &mut counts[rules.encode(&state)];
            entry.2 += 1;
            if weight < entry.0 {
                (entry.0, entry.1) = (weight, 1);
            } else if weight == entry.0 {
                entry.1 += 1;
            }
        }
    }
    counts
}

/// Checks the counts of every state of one set of rules, for each goal, by linear algebra and
/// (on boards with a table) by a table with [`Solver::with_counts`].
fn check_counts(rows: usize, cols: usize, mask: &str, wrap: bool, k: u8) {
    let rules = Rules::new(rows, cols, mask, wrap, k);
    let size = BoardSize::new(rows, cols).unwrap();
    let toggle: TogglePattern = mask.parse().unwrap();
    let goals = [Goal::Any, Goal::Colour(0), Goal::Colour(k - 1)];
    for goal in goals {
        let colours: Vec<u8> = match goal {
            Goal::Any => (0..k).collect(),
            Goal::Colour(c) => vec![c],
        };
        let brute = brute_counts(&rules, &colours);
        let variant = Variant::new(size, toggle.clone(), wrap, k, goal).unwrap();
        let mut algebra = Solver::builder(&variant)
            .method(Method::LinearAlgebra)
            .build()
            .unwrap()
            .with_counts(true);
        let mut table =
            Solver::builder(&variant).method(Method::Table).build().unwrap().with_counts(true);
        let mut answer = Answer::default();
        for (state, &(fewest, optimal, all)) in brute.iter().enumerate() {
            let board = Board::from_cells(rows, cols, rules.decode(state));
            for solver in [&mut algebra, &mut table] {
                solver.solve_into(&board, &mut answer).unwrap();
                let expected = (fewest != u32::MAX).then_some(fewest as usize);
                assert_eq!(answer.distance, expected, "{variant} state {state}");
                assert!(answer.proven_minimal);
                assert_eq!(answer.optimal_solutions, Some(optimal), "{variant} state {state}");
                assert_eq!(answer.solutions.to_u128(), Some(u128::from(all)), "{variant} {state}");
            }
        }
    }
}

#[test]
fn counts_match_a_brute_force_over_press_sets_for_two_colours() {
    for (rows, cols, mask, wrap) in [
        (4, 4, ".x./xxx/.x.", false),
        (2, 5, ".x./xxx/.x.", false),
        (3, 4, "x.x/.x./x.x", false),
        (3, 3, ".x./xxx/.x.", true),
        (2, 6, "xxx/xxx/xxx", true),
    ] {
        check_counts(rows, cols, mask, wrap, 2);
    }
}

#[test]
fn counts_match_a_brute_force_over_press_sets_for_three_colours() {
    for (rows, cols, mask, wrap) in
        [(2, 3, ".x./xxx/.x.", false), (3, 3, ".x./xxx/.x.", false), (2, 4, ".x./x.x/.x.", true)]
    {
        check_counts(rows, cols, mask, wrap, 3);
    }
}

#[test]
fn the_embedded_table_is_counted_too() {
    // The 4x4 Flip Game: 2^4 solutions per colour, both colours reachable together.
    let variant = Variant::flip_game(BoardSize::CLASSIC);
    let mut plain = Solver::new(&variant);
    let mut counted = Solver::new(&variant).with_counts(true);
    let board = variant.board("bwwb/bbwb/bwwb/bwww").unwrap();
    let (a, b) = (plain.solve(&board).unwrap(), counted.solve(&board).unwrap());
    assert_eq!((a.distance, &a.presses), (b.distance, &b.presses));
    assert_eq!((a.optimal_solutions, a.solutions.to_u128()), (None, Some(0)));
    assert_eq!(b.solutions.to_string(), "32");
    assert!(b.optimal_solutions.is_some_and(|n| n >= 1));
}

/// OEIS A075462: the number of solutions of the all-on n x n Lights Out (`2^nullity`), and
/// OEIS A075464: the fewest presses that turn it all off, for n = 1..=30; for n up to 20 the
/// optimal solutions counted by light chasing over every press set of the first row (5x5: 4,
/// all of 15 presses).
#[test]
fn all_on_boards_match_oeis_a075462_and_a075464() {
    const A075462: [u128; 30] = [
        1, 1, 1, 16, 4, 1, 1, 1, 256, 1, 64, 1, 1, 16, 1, 256, 4, 1, 65536, 1, 1, 1, 16384, 16, 1,
        1, 1, 1, 1024, 1048576,
    ];
    const A075464: [usize; 30] = [
        1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224, 245,
        276, 231, 270, 353, 356, 405, 416, 345, 376,
    ];
    for n in 1..=30 {
        let variant = Variant::builder(n, n).goal(Goal::Colour(0)).build().unwrap();
        let mut solver = Solver::new(&variant).with_counts(true);
        let all_on = Board::from_cells(n, n, vec![1; n * n]);
        let answer = solver.solve(&all_on).unwrap();
        assert!(answer.proven_minimal, "{n}x{n}");
        assert_eq!(answer.solutions.to_u128(), Some(A075462[n - 1]), "{n}x{n}");
        assert_eq!(answer.distance, Some(A075464[n - 1]), "{n}x{n}");
        assert!(answer.optimal_solutions.is_some_and(|c| c >= 1), "{n}x{n}");
        if n <= 20 {
            // Light chasing over every press set of the first row: each determines the rest.
            let (fewest, how_many) = chase_all_on(n);
            assert_eq!(answer.distance, Some(fewest), "{n}x{n}");
            assert_eq!(answer.optimal_solutions, Some(how_many), "{n}x{n}");
        }
    }
}

/// The fewest presses that turn the all-on `n x n` Lights Out off, and how many press sets
/// have that many: every press set of the first row, each chased down the board (row `r + 1`
/// presses under the lights row `r` leaves on), kept when the last row ends dark.
fn chase_all_on(n: usize) -> (usize, u64) {
    let full = (1u32 << n) - 1;
    let (mut fewest, mut how_many) = (usize::MAX, 0);
    for first in 0..=full {
        let mut rows = vec![full; n];
        let mut weight = 0;
        for r in 0..n {
            let press = if r == 0 { first } else { rows[r - 1] };
            weight += press.count_ones() as usize;
            rows[r] ^= (press ^ (press << 1) ^ (press >> 1)) & full;
            if r > 0 {
                rows[r - 1] ^= press;
            }
            if r + 1 < n {
                rows[r + 1] ^= press;
            }
        }
        if rows[n - 1] == 0 {
            match weight.cmp(&fewest) {
                std::cmp::Ordering::Less => (fewest, how_many) = (weight, 1),
                std::cmp::Ordering::Equal => how_many += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
    }
    (fewest, how_many)
}

/// Past the search limit the optimal solutions are not all weighed: `None`, while the number of
/// solutions stays exact (19x19 has nullity 16: 2^16 press sets per reachable goal colour).
#[test]
fn optimal_solutions_are_none_when_the_null_space_is_not_weighed_whole() {
    let variant = Variant::builder(19, 19).goal(Goal::Colour(0)).build().unwrap();
    let mut board = Board::new(19, 19);
    // Presses that touch each other: the simple lower bound (the lit cells over 5) is far
    // below their count, so only weighing the whole null space proves a minimum.
    for cell in (0..361).step_by(7) {
        variant.press(&mut board, cell, 1);
    }
    for (bits, proven) in [(8, false), (24, true)] {
        let solver = Solver::builder(&variant).search_bits(bits).build().unwrap();
        let answer = solver.with_counts(true).solve(&board).unwrap();
        assert_eq!(answer.proven_minimal, proven, "search bits {bits}");
        assert_eq!(answer.optimal_solutions.is_some(), proven, "search bits {bits}");
        assert!(answer.optimal_solutions.is_none_or(|n| n >= 1), "search bits {bits}");
        assert_eq!(answer.solutions.to_string(), "65536", "search bits {bits}");
        assert!(answer.distance.is_some_and(|d| d <= 52), "search bits {bits}");
    }
}
