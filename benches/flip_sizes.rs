//! Flip Game on any board: table build and query times by method, and table files.
//!
//! Run with `cargo bench --bench flip_sizes` (add a filter such as `query/` or `table_file/` to
//! run a part). Peak memory of the 5x5 build is measured on the command line instead (see
//! docs/PERFORMANCE.md).

use std::hint::black_box;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use flipblox::lights_out::{Answer, Board, BoardSize, DistanceTable, Method, Solver, Variant};
use flipblox::table_file::{Check, Table, TableFile};

/// SplitMix64: deterministic random boards; with `reachable`, boards made by random presses from
/// all white (always solvable, however large the nullity).
fn boards(rows: usize, cols: usize, count: usize, seed: u64, reachable: bool) -> Vec<Board> {
    let mut s = seed;
    let mut next = move || {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let flip = flip_game(rows, cols);
    (0..count)
        .map(|_| {
            let mut b = Board::new(rows, cols);
            for i in 0..rows * cols {
                if next() & 1 == 1 {
                    if reachable {
                        flip.press(&mut b, i, 1);
                    } else {
                        b.cells_mut()[i] ^= 1;
                    }
                }
            }
            b
        })
        .collect()
}

/// The Flip Game on a `rows x cols` board.
fn flip_game(rows: usize, cols: usize) -> Variant {
    Variant::flip_game(BoardSize::new(rows, cols).unwrap())
}

/// The mapped table file's table, checked at `check`.
fn table_of(bytes: &[u8], check: Check) -> DistanceTable<'_> {
    let Table::LightsOut(table) = TableFile::parse(bytes, check).unwrap().into_table() else {
        panic!("a Lights Out table")
    };
    table
}

fn table_build(c: &mut Criterion) {
    let mut group = c.benchmark_group("table_build");
    group.sample_size(10);
    for (r, c) in [(5, 5), (4, 5), (4, 4)] {
        let flip = flip_game(r, c);
        let name = format!("{r}x{c}");
        group.bench_function(name, |b| b.iter(|| DistanceTable::build(&flip, |_, _| {})));
    }
    group.finish();
}

/// Runs the `flipblox` binary with `args`, output discarded; panics unless it succeeds.
fn run_flipblox(args: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_flipblox"))
        .args(args)
        .stdout(Stdio::null())
        .status()
        .expect("run flipblox");
    assert!(status.success(), "flipblox {args:?}");
}

/// Writes `boards` in the POJ layout (R lines of C characters, a blank line between boards).
fn write_boards(path: &Path, boards: &[Board]) {
    let mut text = Vec::new();
    for board in boards {
        for r in 0..board.rows() {
            text.extend((0..board.cols()).map(|c| if board.get(r, c) == 1 { b'b' } else { b'w' }));
            text.push(b'\n');
        }
        text.push(b'\n');
    }
    let mut file = std::fs::File::create(path).expect("create the board file");
    file.write_all(&text).expect("write the board file");
}

/// 5x5 table files: `flipblox table build` whole process; in process, opening a mapped table
/// file (header check) and answering from it; whole process, 100,000 boards answered from it.
fn table_file(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = dir.path().join("flip5x5.fbt");
    let table = table.to_str().expect("utf-8 path");
    let mut group = c.benchmark_group("table_file");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.bench_function("flipblox table build --size 5x5 (whole process)", |b| {
        b.iter(|| run_flipblox(&["table", "build", "--size", "5x5", "-o", table]))
    });
    group.finish();

    let mut group = c.benchmark_group("table_file");
    group.bench_function("5x5 map + header check", |b| {
        b.iter(|| {
            let input = map(table);
            Solver::with_table(table_of(&input[..], Check::Header)).nullity()
        })
    });
    group.bench_function("5x5 map + full check", |b| {
        b.iter(|| {
            let input = map(table);
            table_of(&input[..], Check::Full).states()
        })
    });
    let input = map(table);
    let file = table_of(&input[..], Check::Header);
    let fives = boards(5, 5, 1 << 16, 4, true);
    let mut i = 0;
    let mut answer = Answer::default();
    for presses in [false, true] {
        let mut solver = Solver::with_table(file.clone()).with_presses(presses);
        let name = if presses { "5x5 mapped query, with presses" } else { "5x5 mapped query" };
        group.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % fives.len();
                solver.solve_into(black_box(&fives[i]), &mut answer).unwrap();
                answer.distance
            })
        });
    }
    group.finish();

    let boards_path = dir.path().join("boards5x5.txt");
    write_boards(&boards_path, &boards(5, 5, 100_000, 5, true));
    let boards_path = boards_path.to_str().expect("utf-8 path");
    let mut group = c.benchmark_group("table_file_process_100k_5x5_boards");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(100_000));
    for (name, extra) in [
        ("flip --table", &["--table", table][..]),
        ("flip --table --path", &["--table", table, "--path"]),
        ("flip --table --verify-table", &["--table", table, "--verify-table"]),
        ("flip --method gf2", &["--method", "gf2"]),
        ("flip --method gf2 --path", &["--method", "gf2", "--path"]),
    ] {
        let mut args = vec!["flip", "--size", "5x5"];
        args.extend_from_slice(extra);
        args.push(boards_path);
        group.bench_function(name, |b| b.iter(|| run_flipblox(&args)));
    }
    group.finish();
}

fn query(c: &mut Criterion) {
    let mut group = c.benchmark_group("query");
    // 4x4: one lookup in the embedded table, plus the press walk as `--path` does.
    let table = DistanceTable::embedded();
    let fours = boards(4, 4, 1024, 1, false);
    let mut i = 0;
    group.bench_function("4x4_lookup", |b| {
        b.iter(|| {
            i = (i + 1) % fours.len();
            table.distance(black_box(&fours[i]))
        })
    });
    let mut presses = Vec::new();
    group.bench_function("4x4_lookup_with_presses", |b| {
        b.iter(|| {
            i = (i + 1) % fours.len();
            table.presses(black_box(&fours[i]), &mut presses).unwrap()
        })
    });
    // 5x5: the in-memory table (what a mapped table file will do) and GF(2).
    let five = DistanceTable::build(&flip_game(5, 5), |_, _| {}).unwrap();
    let fives = boards(5, 5, 1024, 2, true);
    group.bench_function("5x5_table", |b| {
        b.iter(|| {
            i = (i + 1) % fives.len();
            five.presses(black_box(&fives[i]), &mut presses).unwrap()
        })
    });
    let mut answer = Answer::default();
    // Solvable boards; 30x30 has nullity 20 (an exact search of 2^21 solutions) and 159x159
    // nullity 128 (the block descent).
    let sizes =
        [(5, 5, 1024), (20, 20, 64), (100, 100, 16), (200, 200, 8), (30, 30, 4), (159, 159, 2)];
    for (r, c, count) in sizes {
        let flip = flip_game(r, c);
        let mut solver = Solver::builder(&flip).method(Method::LinearAlgebra).build().unwrap();
        let inputs = boards(r, c, count, 3, true);
        let name = format!("{r}x{c}_gf2_nullity_{}", solver.nullity());
        group.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % inputs.len();
                solver.solve_into(black_box(&inputs[i]), &mut answer).unwrap();
                answer.distance
            })
        });
    }
    group.finish();
}

fn setup(c: &mut Criterion) {
    let mut group = c.benchmark_group("gf2_setup");
    group.sample_size(20);
    for n in [20, 100, 200] {
        let flip = flip_game(n, n);
        group.bench_function(format!("{n}x{n}"), |b| b.iter(|| Solver::new(black_box(&flip))));
    }
    group.finish();
}

criterion_group!(benches, table_build, query, setup, table_file);
criterion_main!(benches);

/// Maps `path` read-only, as `flipblox flip --table` does.
fn map(path: &str) -> memmap2::Mmap {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    // SAFETY: the benchmark's own table file, which nothing truncates or rewrites while mapped.
    unsafe { memmap2::Mmap::map(&file) }.unwrap_or_else(|e| panic!("{path}: {e}"))
}
