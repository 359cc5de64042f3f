//! Bloxorz benchmarks.
//!
//! 1. The solver: `flipblox::bloxorz::Solver` (the fast POJ search) against a straightforward BFS
//!    written on the `pathfinding` crate, over the same parsed levels, one thread. Throughput is
//!    in states explored (expanded by the fast solver), so criterion's `thrpt` line is states per
//!    second and `time / states` is the time per explored state for both solvers.
//! 2. The solver alone on the mixed pack (`solver/mixed-40k`): `Solver::solve` over the first
//!    40,000 levels of the mixed pack, parsed beforehand, one thread, so that the search's time is
//!    seen without the parsing (issue 15 target 4). Throughput is in levels.
//! 3. The batch runner (`runner/...`): parse + solve + format the answers of a whole pack from its
//!    bytes with `--jobs 1` and `--jobs 2`, and, on the mixed pack, parsing alone (issue 15
//!    target 4 compares the two). Throughput is in levels.
//!
//! Packs: `tests/data/bloxorz/large-500.txt` (shipped); `field 12 500 500 4242` and
//! `mixed 400000 16 16 42` from `../shared/tools/gen_levels.py` (generated into `target/` when
//! python3 and that generator are beside the repository; skipped, with a message, otherwise: a
//! fresh clone has no `../shared`). "The field pack" is the 12 generated fields plus
//! `large-500.txt`.
//!
//! Run: `cargo bench --bench bloxorz` (a filter such as `runner/` runs a part). Whole-process
//! time and peak memory are measured on the binary with `/usr/bin/time -v` (see
//! docs/PERFORMANCE.md).

use std::path::{Path, PathBuf};

use std::io::Write;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use flipblox::bloxorz::{
    Cell, Level, Limits, Orientation, PackReader, Report, RunOptions, Runner, Solution, Solver,
};

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

/// `gen_levels.py ARGS` from the shared generator, cached under `target/`.
fn generated_pack(shared: &Path, args: &[&str]) -> Option<Vec<u8>> {
    let name = format!("target/bench-{}.txt", args.join("-"));
    let cache = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name);
    if let Ok(bytes) = std::fs::read(&cache) {
        return Some(bytes);
    }
    let out = std::process::Command::new("python3")
        .arg(shared.join("tools/gen_levels.py"))
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    std::fs::write(&cache, &out.stdout).ok()?;
    Some(out.stdout)
}

/// Parses, solves and formats every level of `packs` (one run per pack, as the command line
/// runs its files) with `jobs` workers; returns the bytes the command would print.
fn run_packs(runner: &mut Runner, packs: &[&[u8]], out: &mut Vec<u8>) -> usize {
    out.clear();
    for pack in packs {
        let print = |report: Report| -> std::io::Result<()> {
            match report.result {
                Ok(answer) => match answer.solution.moves {
                    Some(moves) => writeln!(out, "{moves}"),
                    None => writeln!(out, "Impossible"),
                },
                Err(_) => writeln!(out, "Error"),
            }
        };
        runner.run(pack, print).expect("writing to a vector cannot fail");
    }
    out.len()
}

/// The runner over `packs` with one and two jobs (and parsing alone when `parse_alone`).
fn bench_runner(c: &mut Criterion, name: &str, packs: &[&[u8]], parse_alone: bool) {
    let levels: usize = packs.iter().map(|p| PackReader::new(p).count()).sum();
    let mut group = c.benchmark_group(format!("runner/{name}"));
    group.sample_size(10).throughput(Throughput::Elements(levels as u64));
    let mut out = Vec::new();
    let mut expected = Vec::new();
    run_packs(&mut Runner::new(RunOptions::default()), packs, &mut expected);
    if parse_alone {
        group.bench_function("parse", |b| {
            let mut level = Level::new();
            b.iter(|| {
                let mut rows = 0;
                for pack in packs {
                    let mut reader = PackReader::new(pack);
                    while let Some(read) = reader.read_into(&mut level) {
                        rows += read.map_or(0, |()| level.rows());
                    }
                }
                rows
            })
        });
    }
    for jobs in [1, 2] {
        let mut runner = Runner::new(RunOptions { jobs, ..RunOptions::default() });
        run_packs(&mut runner, packs, &mut out);
        assert!(out == expected, "--jobs {jobs} changes the output");
        group.bench_function(format!("jobs-{jobs}"), |b| {
            b.iter(|| run_packs(&mut runner, packs, &mut out))
        });
    }
    group.finish();
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

/// `Solver::solve` over `levels` (parsed beforehand), one thread.
fn bench_solver(c: &mut Criterion, name: &str, levels: &[Level]) {
    let mut solver = Solver::new();
    let mut group = c.benchmark_group(format!("solver/{name}"));
    group.sample_size(10).throughput(Throughput::Elements(levels.len() as u64));
    group.bench_function("solve", |b| {
        b.iter(|| {
            levels
                .iter()
                .map(|l| {
                    let solution = solver.solve(l, Limits::default()).expect("POJ 3322 levels");
                    solution.moves.unwrap_or(0) as u64 + solution.states_explored
                })
                .sum::<u64>()
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared");
    let large = std::fs::read(root.join("tests/data/bloxorz/large-500.txt"));
    let field = generated_pack(&shared, &["field", "12", "500", "500", "4242"]);
    let mixed = generated_pack(&shared, &["mixed", "400000", "16", "16", "42"]);
    let missing = "python3 or the shared generator is missing";
    match &large {
        Ok(bytes) => bench_pack(c, "large-500", &read_levels(bytes)),
        Err(e) => eprintln!("skipping large-500: {e}"),
    }
    match &field {
        Some(bytes) => bench_pack(c, "field-12x500x500", &read_levels(bytes)),
        None => eprintln!("skipping the generated fields: {missing}"),
    }
    match (&field, &large) {
        (Some(field), Ok(large)) => bench_runner(c, "field", &[field, large], false),
        _ => eprintln!("skipping the runner on the field pack: {missing}"),
    }
    match &mixed {
        Some(bytes) => {
            let first = PackReader::new(&bytes[..]).take(40_000);
            let levels: Vec<Level> = first.map(|l| l.expect("well-formed")).collect();
            bench_solver(c, "mixed-40k", &levels);
            bench_runner(c, "mixed-400k", &[bytes], true)
        }
        None => eprintln!("skipping the runner on the mixed pack: {missing}"),
    }
}

criterion_group!(bloxorz, benches);
criterion_main!(bloxorz);
