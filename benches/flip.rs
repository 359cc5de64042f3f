//! Flip Game benchmarks: table lookups per second in process (a board's distance, and its
//! presses); and the whole-process time of `flipblox flip` on files of 1,000,000 boards, with a
//! blank line between boards and written back to back (the 4x4 fast path; `benches/cpp` holds
//! the floor it is compared with).
//!
//! Run with `cargo bench --bench flip`. Criterion reports lookups as elements per second.

use std::hint::black_box;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use flipblox::lights_out::{Board, DistanceTable};

/// A deterministic stream of 16-bit states (xorshift), so every run looks up the same boards.
fn states(n: usize) -> Vec<u16> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u16
        })
        .collect()
}

fn lookups(c: &mut Criterion) {
    let table = DistanceTable::embedded();
    let boards: Vec<Board> =
        states(1 << 20).into_iter().map(|s| Board::from_state(4, 4, 2, u64::from(s))).collect();
    let mut group = c.benchmark_group("flip_lookup");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("distance (random boards)", |b| {
        b.iter(|| {
            let mut solvable = 0u32;
            for board in black_box(&boards) {
                solvable += u32::from(table.distance(board).is_some());
            }
            solvable
        })
    });
    // The press walk on fewer boards, with the throughput set for those.
    let walked = &boards[..1 << 14];
    group.throughput(Throughput::Elements(walked.len() as u64));
    let mut presses = Vec::new();
    group.bench_function("optimal_presses (random boards)", |b| {
        b.iter(|| {
            let mut pressed = 0usize;
            for board in black_box(walked) {
                table.presses(board, &mut presses).unwrap();
                pressed += presses.len();
            }
            pressed
        })
    });
    group.finish();
}

/// Writes `n` random boards in the POJ layout, separated by blank lines, and returns the file.
fn board_file(n: usize) -> tempfile::NamedTempFile {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    let mut text = Vec::with_capacity(n * 21);
    for s in states(n) {
        for row in 0..4 {
            for col in 0..4 {
                text.push(if s >> (4 * row + col) & 1 == 1 { b'b' } else { b'w' });
            }
            text.push(b'\n');
        }
        text.push(b'\n');
    }
    file.write_all(&text).expect("write boards");
    file.flush().expect("flush boards");
    file
}

/// `n` random boards in the common layout, written back to back (20 bytes each, no blank lines).
fn back_to_back(n: usize) -> Vec<u8> {
    let mut text = Vec::with_capacity(n * 20);
    for s in states(n) {
        for row in 0..4 {
            for col in 0..4 {
                text.push(if s >> (4 * row + col) & 1 == 1 { b'b' } else { b'w' });
            }
            text.push(b'\n');
        }
    }
    text
}

fn whole_process(c: &mut Criterion) {
    let file = board_file(1_000_000);
    let mut packed = tempfile::NamedTempFile::new().expect("temp file");
    packed.write_all(&back_to_back(1_000_000)).expect("write boards");
    packed.flush().expect("flush boards");
    let run = |extra: &[&str]| {
        let status = Command::new(env!("CARGO_BIN_EXE_flipblox"))
            .arg("flip")
            .args(extra)
            .stdout(Stdio::null())
            .status()
            .expect("run flipblox");
        assert!(status.success());
    };
    let mut group = c.benchmark_group("flip_process_1M_boards");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(1_000_000));
    let (spaced, packed) = (file.path().to_str().unwrap(), packed.path().to_str().unwrap());
    group.bench_function("flipblox flip FILE", |b| b.iter(|| run(&[spaced])));
    group.bench_function("flipblox flip FILE (back to back)", |b| b.iter(|| run(&[packed])));
    group.bench_function("flipblox flip --path FILE", |b| b.iter(|| run(&["--path", spaced])));
    group.finish();
}

criterion_group!(benches, lookups, whole_process);
criterion_main!(benches);
