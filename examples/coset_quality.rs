//! The quality of the answers whose null space is too large to weigh whole: boards made by `P`
//! random presses from a goal board (so `P` presses suffice), the three cases of issue 27,
//! answered by `Solver` with its defaults. For each board it prints the presses planted (`P`
//! and, a cell's presses counted mod K, the weight of the planted press set), the presses the
//! answer found, the proven lower bound, whether the answer is proven minimal and the time.
//!
//! - `5col`: 64x64, five colours, goal white (nullity 32), `P` = 200 presses;
//! - `torus`: 40x40 with wrap-around, goal black (nullity 64), `P` = 200 presses;
//! - `1024`: 1024x1024 Flip Game, goal any (nullity 484), 228,312 distinct cells pressed.
//!
//! `cargo run --release --example coset_quality -- [CASE ...] [--seeds N]` (all cases and 3
//! seeds by default; the seeds are 1..=N, so the boards are the same on every run).

use std::time::Instant;

use flipblox::lights_out::{Board, BoardSize, Goal, Solver, Variant};
use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// One case: its name, its variant, the colour the board starts from, and how it is pressed.
struct Case {
    name: &'static str,
    variant: Variant,
    start: u8,
    /// `Some(P)`: `P` presses of random cells (a cell may be pressed again); `None`: the given
    /// number of distinct cells, each pressed once.
    presses: Option<usize>,
    distinct: usize,
}

fn cases() -> Vec<Case> {
    let five = Variant::builder(64, 64).colours(5).goal(Goal::Colour(0)).build();
    let torus = Variant::builder(40, 40).wrap(true).goal(Goal::Colour(1)).build();
    let big = Variant::flip_game(BoardSize::new(1024, 1024).expect("a size"));
    vec![
        Case {
            name: "5col",
            variant: five.expect("a variant"),
            start: 0,
            presses: Some(200),
            distinct: 0,
        },
        Case {
            name: "torus",
            variant: torus.expect("a variant"),
            start: 1,
            presses: Some(200),
            distinct: 0,
        },
        Case { name: "1024", variant: big, start: 0, presses: None, distinct: 228_312 },
    ]
}

/// The board of `case` for `seed`, and the planted press counts per cell.
fn board(case: &Case, seed: u64) -> (Board, Vec<u8>) {
    let size = case.variant.size();
    let (rows, cols, cells) = (size.rows(), size.cols(), size.cells());
    let k = case.variant.colours();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut counts = vec![0u8; cells];
    match case.presses {
        Some(p) => {
            for _ in 0..p {
                let cell = (rng.next_u64() % cells as u64) as usize;
                counts[cell] = (counts[cell] + 1) % k;
            }
        }
        None => {
            // A partial Fisher-Yates shuffle picks `distinct` cells.
            let mut order: Vec<usize> = (0..cells).collect();
            for i in 0..case.distinct {
                let j = i + (rng.next_u64() % (cells - i) as u64) as usize;
                order.swap(i, j);
                counts[order[i]] = 1;
            }
        }
    }
    let mut board = Board::from_cells(rows, cols, vec![case.start; cells]);
    // Pressed backwards (each press `K - 1` times), so that pressing `counts` brings the
    // board back to the goal: the planted press set is a solution.
    for (cell, &times) in counts.iter().enumerate() {
        if times > 0 {
            case.variant.press(&mut board, cell, k - times);
        }
    }
    (board, counts)
}

fn main() {
    let mut names = Vec::new();
    let mut seeds = 3u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--seeds" {
            seeds = args.next().and_then(|n| n.parse().ok()).unwrap_or(seeds);
        } else {
            names.push(arg);
        }
    }
    println!("case   seed  nullity        P  planted    found  lower  proven  seconds");
    for case in cases().iter().filter(|c| names.is_empty() || names.iter().any(|n| n == c.name)) {
        let setup = Instant::now();
        let mut solver = Solver::new(&case.variant);
        let setup = setup.elapsed().as_secs_f64();
        for seed in 1..=seeds {
            let (board, counts) = board(case, seed);
            let planted: usize = counts.iter().map(|&c| usize::from(c)).sum();
            let p = case.presses.unwrap_or(case.distinct);
            let start = Instant::now();
            let answer = solver.solve(&board).expect("an answer");
            let seconds = start.elapsed().as_secs_f64();
            let mut replay = board.clone();
            for &(cell, times) in &answer.presses {
                case.variant.press(&mut replay, cell, times);
            }
            let colour = replay.uniform_colour().expect("the presses reach a uniform board");
            assert!(case.variant.goal().admits(colour), "the presses reach the goal");
            let found = answer.distance.expect("a board made by presses is solvable");
            let lower = answer.lower_bound.map_or("-".to_string(), |l| l.to_string());
            println!(
                "{:<6} {seed:>4} {:>8} {p:>8} {planted:>8} {found:>8} {lower:>6} {:>7} {seconds:>8.2}",
                case.name,
                solver.nullity(),
                answer.proven_minimal,
            );
        }
        println!("{:<6} set-up {setup:.2} s", case.name);
    }
}
