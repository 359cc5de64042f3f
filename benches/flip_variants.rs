//! The Lights Out family: per-board times of the solver's linear algebra over `Z_K` for three
//! colours, one-colour goals and patterns other than the plus, next to GF(2) on the Flip Game (the
//! plus, two colours, the goal any), at 5x5, 20x20 and 100x100; set-up times; distance tables of
//! other variants; the cliffs (a torus, large toggle patterns: set-up and one board).
//!
//! Run with `cargo bench --bench flip_variants` (add a filter such as `query/` to run a part).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use flipblox::lights_out::{Answer, Board, DistanceTable, Goal, Method, Solver, Variant};

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

fn variant(n: usize, pattern: &str, colours: u8, goal: Goal) -> Variant {
    let builder = Variant::builder(n, n).toggle(pattern.parse().unwrap());
    builder.colours(colours).goal(goal).build().unwrap()
}

/// `count` boards made by random presses (each cell `0..K` times) from a uniform board of the
/// goal's colour (of a random colour for the goal "any"): always solvable.
fn boards(variant: &Variant, count: usize, seed: u64) -> Vec<Board> {
    let mut rng = Rng(seed);
    let (n, k) = (variant.size().cells(), variant.colours());
    (0..count)
        .map(|_| {
            let base = match variant.goal() {
                Goal::Colour(c) => c,
                _ => rng.below(u64::from(k)) as u8,
            };
            let (rows, cols) = (variant.size().rows(), variant.size().cols());
            let mut board = Board::from_cells(rows, cols, vec![base; n]);
            for press in 0..n {
                variant.press(&mut board, press, rng.below(u64::from(k)) as u8);
            }
            board
        })
        .collect()
}

/// The solver of `variant` by linear algebra, never a table.
fn linear_algebra(variant: &Variant) -> Solver<'static> {
    Solver::builder(variant).method(Method::LinearAlgebra).build().unwrap()
}

fn query(c: &mut Criterion) {
    let mut group = c.benchmark_group("query");
    let mut answer = Answer::default();
    for (n, count) in [(5, 1024), (20, 64), (100, 16)] {
        for (pattern, k, goal) in [
            (".x./xxx/.x.", 2, Goal::Any),
            (".x./xxx/.x.", 2, Goal::Colour(0)),
            (".x./xxx/.x.", 3, Goal::Any),
            (".x./xxx/.x.", 3, Goal::Colour(0)),
            ("x.x/.x./x.x", 2, Goal::Any),
            ("xxx/xxx/xxx", 2, Goal::Any),
        ] {
            let v = variant(n, pattern, k, goal);
            let mut solver = linear_algebra(&v);
            let inputs = boards(&v, count, 2);
            let mut i = 0;
            let goal_name = if goal == Goal::Any { "any".to_string() } else { "0".to_string() };
            let method = if v.is_flip_game() { "GF(2)" } else { "Z_K" };
            let nullity = solver.nullity();
            let name = format!("{n}x{n} {pattern} K={k} {goal_name}, {method} (nullity {nullity})");
            group.bench_function(name, |b| {
                b.iter(|| {
                    i = (i + 1) % inputs.len();
                    solver.solve_into(black_box(&inputs[i]), &mut answer).unwrap();
                    answer.distance
                })
            });
        }
    }
    group.finish();
}

fn setup(c: &mut Criterion) {
    let mut group = c.benchmark_group("setup");
    group.sample_size(20);
    for n in [20, 100] {
        for (pattern, k) in [(".x./xxx/.x.", 3), ("x.x/.x./x.x", 2)] {
            let v = variant(n, pattern, k, Goal::Any);
            group.bench_function(format!("{n}x{n} {pattern} K={k}"), |b| {
                b.iter(|| linear_algebra(black_box(&v)))
            });
        }
    }
    group.finish();
}

/// The cliffs of issue 27: the whole job of one board (set-up, then one answer) on a torus
/// and with large square toggle patterns, each beside the plus without wrap-around on the same
/// board (the target: within 3x of it, or refused up front).
fn cliffs(c: &mut Criterion) {
    let mut group = c.benchmark_group("cliffs");
    group.sample_size(10);
    let square = |side: usize| vec!["x".repeat(side); side].join("/");
    let mut cases = Vec::new();
    for n in [256, 512, 1024] {
        cases.push((n, ".x./xxx/.x.".to_string(), false));
        cases.push((n, ".x./xxx/.x.".to_string(), true));
    }
    cases.push((100, ".x./xxx/.x.".to_string(), false));
    for side in [5, 21, 51] {
        cases.push((100, square(side), false));
    }
    for (n, pattern, wrap) in cases {
        let builder = Variant::builder(n, n).toggle(pattern.parse().unwrap()).wrap(wrap);
        let v = builder.build().unwrap();
        let board = boards(&v, 1, 3).pop().unwrap();
        let shown = if pattern.len() > 11 {
            format!("{0}x{0} square", pattern.find('/').unwrap())
        } else {
            pattern.clone()
        };
        let torus = if wrap { " torus" } else { "" };
        group.bench_function(format!("{n}x{n}{torus} {shown}, set-up and one board"), |b| {
            b.iter(|| linear_algebra(black_box(&v)).solve(&board).unwrap().distance)
        });
    }
    group.finish();
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("table_build");
    group.sample_size(10);
    // Throughput in states: criterion's elements per second, the inverse of ns per state.
    for (n, pattern, k, goal) in [
        (5, ".x./xxx/.x.", 2, Goal::Any),
        (5, ".x./xxx/.x.", 2, Goal::Colour(0)),
        (5, "x.x/.x./x.x", 2, Goal::Any),
        (3, ".x./xxx/.x.", 3, Goal::Any),
        (4, ".x./xxx/.x.", 3, Goal::Any),
        (4, ".x./xxx/.x.", 3, Goal::Colour(0)),
        (3, ".x./xxx/.x.", 4, Goal::Any),
    ] {
        let v = variant(n, pattern, k, goal);
        group.throughput(Throughput::Elements(v.states().unwrap()));
        group.bench_function(v.to_string(), |b| {
            b.iter(|| DistanceTable::build(black_box(&v), |_, _| {}).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, query, setup, cliffs, tables);
criterion_main!(benches);
