//! The Lights Out family: per-board times of the Z_K solver for three colours and for
//! patterns other than the plus, next to the GF(2) solver on the plus with two colours, at
//! 5x5, 20x20 and 100x100; set-up times; distance tables of other variants.
//!
//! Run with `cargo bench --bench flip_variants` (add a filter such as `query/` to run a part).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use flipblox::flip::variant::bfs::variant_distance_table;
use flipblox::flip::variant::{ColourBoard, Goal, Variant};
use flipblox::flip::zk::{ZkScratch, ZkSolver};
use flipblox::flip::{BoardSize, Gf2Scratch, Gf2Solver, GridBoard};

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
    let size = BoardSize::new(n, n).unwrap();
    Variant::new(size, pattern.parse().unwrap(), false, colours, goal).unwrap()
}

/// `count` boards made by random presses (each cell `0..K` times) from a uniform board of the
/// goal's colour (of a random colour for the goal "any"): always solvable.
fn boards(variant: &Variant, count: usize, seed: u64) -> Vec<ColourBoard> {
    let mut rng = Rng(seed);
    let t = variant.toggle_matrix();
    let (n, k) = (variant.size().cells(), variant.colours());
    (0..count)
        .map(|_| {
            let base = match variant.goal() {
                Goal::Colour(c) => c,
                Goal::Any => rng.below(u64::from(k)) as u8,
            };
            let mut cells = vec![base; n];
            for press in 0..n {
                t.press(&mut cells, k, press, rng.below(u64::from(k)) as u8);
            }
            ColourBoard::from_cells(variant.size().rows(), variant.size().cols(), cells)
        })
        .collect()
}

/// The same boards as bit-packed grids (two colours only).
fn grids(boards: &[ColourBoard]) -> Vec<GridBoard> {
    boards
        .iter()
        .map(|b| {
            let mut g = GridBoard::new(b.rows(), b.cols());
            for (i, &c) in b.cells().iter().enumerate() {
                if c == 1 {
                    g.set_black_at(i);
                }
            }
            g
        })
        .collect()
}

fn query(c: &mut Criterion) {
    let mut group = c.benchmark_group("query");
    for (n, count) in [(5, 1024), (20, 64), (100, 16)] {
        // Today's Flip Game path: the plus, two colours, GF(2).
        let plus = variant(n, ".x./xxx/.x.", 2, Goal::Any);
        let inputs = grids(&boards(&plus, count, 1));
        let gf2 = Gf2Solver::new(plus.size());
        let (mut scratch, mut presses, mut i) = (Gf2Scratch::new(), Vec::new(), 0);
        group.bench_function(format!("{n}x{n} plus K=2 any, GF(2)"), |b| {
            b.iter(|| {
                i = (i + 1) % inputs.len();
                gf2.solve_into(black_box(&inputs[i]), &mut scratch, &mut presses)
            })
        });
        for (pattern, k, goal) in [
            (".x./xxx/.x.", 2, Goal::Any),
            (".x./xxx/.x.", 3, Goal::Any),
            (".x./xxx/.x.", 3, Goal::Colour(0)),
            ("x.x/.x./x.x", 2, Goal::Any),
            ("xxx/xxx/xxx", 2, Goal::Any),
        ] {
            let v = variant(n, pattern, k, goal);
            let solver = ZkSolver::new(&v);
            let inputs = boards(&v, count, 2);
            let (mut scratch, mut presses, mut i) = (ZkScratch::new(), Vec::new(), 0);
            let goal_name = if goal == Goal::Any { "any".to_string() } else { "0".to_string() };
            let name =
                format!("{n}x{n} {pattern} K={k} {goal_name}, Z_K (nullity {})", solver.nullity());
            group.bench_function(name, |b| {
                b.iter(|| {
                    i = (i + 1) % inputs.len();
                    solver.solve_into(black_box(&inputs[i]), &mut scratch, &mut presses)
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
                b.iter(|| ZkSolver::new(black_box(&v)))
            });
        }
    }
    group.finish();
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("table_build");
    group.sample_size(10);
    for (n, pattern, k, goal) in [
        (5, ".x./xxx/.x.", 2, Goal::Colour(0)),
        (5, "x.x/.x./x.x", 2, Goal::Any),
        (3, ".x./xxx/.x.", 3, Goal::Any),
        (4, ".x./xxx/.x.", 3, Goal::Colour(0)),
    ] {
        let v = variant(n, pattern, k, goal);
        group.bench_function(v.to_string(), |b| {
            b.iter(|| variant_distance_table(black_box(&v), |_| {}).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, query, setup, tables);
criterion_main!(benches);
