//! Prints the best-of-N search time per level of a pack with a warm scratch (one thread):
//! `cargo run --release --example level_times -- PACK [N]`.

use std::io::Write;
use std::time::Instant;

use flipblox::bloxorz::{PackReader, Scratch};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: level_times PACK [N]");
    let reps: usize = args.next().map_or(10, |n| n.parse().expect("N"));
    let bytes = std::fs::read(&path).expect("read the pack");
    let levels: Vec<_> = PackReader::new(&bytes).filter_map(Result::ok).collect();
    let mut scratch = Scratch::new();
    for level in &levels {
        scratch.solve(level);
    }
    let mut out = std::io::stdout().lock();
    let (mut states, mut nanos) = (0u64, 0u128);
    for (i, level) in levels.iter().enumerate() {
        let mut best = u128::MAX;
        let mut solution = scratch.solve(level);
        for _ in 0..reps {
            let t = Instant::now();
            solution = scratch.solve(level);
            best = best.min(t.elapsed().as_nanos());
        }
        let per = best as f64 / solution.states_explored.max(1) as f64;
        // A closed pipe (`| head`) just ends the listing.
        let _ = writeln!(
            out,
            "level {}: {:?} moves, {} states, {:.3} ms, {per:.1} ns/state",
            i + 1,
            solution.moves,
            solution.states_explored,
            best as f64 / 1e6
        );
        states += solution.states_explored;
        nanos += best;
    }
    let _ = writeln!(
        out,
        "total: {states} states in {:.1} ms: {:.2} ns/state, {:.1} M states/s",
        nanos as f64 / 1e6,
        nanos as f64 / states as f64,
        states as f64 * 1e3 / nanos as f64
    );
}
