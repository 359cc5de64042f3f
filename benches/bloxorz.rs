//! Bloxorz solver benchmark: `flipblox::bloxorz::Solver` (the fast POJ search) against a straightforward BFS
//! written on the `pathfinding` crate, over the same parsed levels, one thread.
//!
//! Packs: `tests/data/bloxorz/large-500.txt` (shipped), and `field 20 500 500 1` from
//! `../shared/tools/gen_levels.py` (generated into `target/` when python3 and that generator are
//! beside the repository; skipped, with a message, otherwise).
//! Throughput is in states explored (expanded by the fast solver), so criterion's `thrpt` line is
//! states per second and `time / states` is the time per explored state for both solvers.
//!
//! Run: `cargo bench --bench bloxorz`. Whole-process time and peak memory are measured on the
//! binary with `/usr/bin/time -v` (see the README's Performance section).

use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use flipblox::bloxorz::{Cell, Level, Limits, Orientation, PackReader, Solution, Solver};

/// The straightforward solver: `pathfinding::directed::bfs::bfs` over `(row, col, orientation)`
/// nodes, with every roll bounds-checked against the level's cells.
fn pathfinding_moves(level: &Level) -> Option<usize> {
    type Node = (i64, i64, Orientation);
    let rests = |&(r, c, o): &Node| {
        let cell = |r: i64, c: i64| {
            if r < 0 || c < 0 { Cell::Empty } else { level.cell(r as usize, c as usize) }
        };
        match o {
            Orientation::Standing => cell(r, c) == Cell::Rigid,
            Orientation::Horizontal => cell(r, c) != Cell::Empty && cell(r, c + 1) != Cell::Empty,
            Orientation::Vertical => cell(r, c) != Cell::Empty && cell(r + 1, c) != Cell::Empty,
        }
    };
    let successors = |&(r, c, o): &Node| {
        use Orientation::{Horizontal as H, Standing as S, Vertical as V};
        let next: [Node; 4] = match o {
            S => [(r - 2, c, V), (r + 1, c, V), (r, c - 2, H), (r, c + 1, H)],
            H => [(r - 1, c, H), (r + 1, c, H), (r, c - 1, S), (r, c + 2, S)],
            V => [(r - 1, c, S), (r + 2, c, S), (r, c - 1, V), (r, c + 1, V)],
        };
        next.into_iter().filter(rests).collect::<Vec<_>>()
    };
    let start = level.start();
    let (tr, tc) = level.target();
    let goal = (tr as i64, tc as i64, Orientation::Standing);
    let start: Node = (start.row as i64, start.col as i64, start.orientation);
    pathfinding::directed::bfs::bfs(&start, successors, |n| *n == goal).map(|p| p.len() - 1)
}

fn read_levels(bytes: &[u8]) -> Vec<Level> {
    PackReader::new(bytes).map(|l| l.expect("benchmark packs are well-formed")).collect()
}

/// `field 20 500 500 1` from the shared generator, cached under `target/`.
fn field_pack(shared: &Path) -> Option<Vec<u8>> {
    let cache = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-field-20-500.txt");
    if let Ok(bytes) = std::fs::read(&cache) {
        return Some(bytes);
    }
    let out = std::process::Command::new("python3")
        .arg(shared.join("tools/gen_levels.py"))
        .args(["field", "20", "500", "500", "1"])
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    std::fs::write(&cache, &out.stdout).ok()?;
    Some(out.stdout)
}

fn bench_pack(c: &mut Criterion, name: &str, levels: &[Level]) {
    let mut solver = Solver::new();
    let mut solve = |level| -> Solution {
        solver.solve(level, Limits::default()).expect("POJ 3322 levels have no search limit")
    };
    let mut states = 0;
    for level in levels {
        let solution = solve(level);
        assert_eq!(
            solution.moves.map(|n| n as usize),
            pathfinding_moves(level),
            "the two solvers disagree"
        );
        states += solution.states_explored;
    }
    let cells: usize = levels.iter().map(|l| l.rows() * l.cols()).sum();
    println!("{name}: {} levels, {cells} cells, {states} states explored", levels.len());
    let mut group = c.benchmark_group(name);
    group.sample_size(10).throughput(Throughput::Elements(states));
    group.bench_function("flipblox", |b| {
        b.iter(|| levels.iter().map(|l| solve(l).moves.unwrap_or(0)).sum::<u32>())
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| levels.iter().map(|l| pathfinding_moves(l).unwrap_or(0)).sum::<usize>())
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared");
    match std::fs::read(root.join("tests/data/bloxorz/large-500.txt")) {
        Ok(bytes) => bench_pack(c, "large-500", &read_levels(&bytes)),
        Err(e) => eprintln!("skipping large-500: {e}"),
    }
    match field_pack(&shared) {
        Some(bytes) => bench_pack(c, "field-20x500x500", &read_levels(&bytes)),
        None => eprintln!("skipping the field pack: python3 or the shared generator is missing"),
    }
}

criterion_group!(bloxorz, benches);
criterion_main!(bloxorz);
