//! Prints the best-of-N search time per level of a pack with a warm scratch (one thread):
//! `cargo run --release --example level_times -- PACK [N]`.

use std::io::Write;
use std::time::Instant;

use flipblox::bloxorz::{Limits, PackReader, Solution, Solver};

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), reps) = (args.next(), args.next()) else { usage() };
    let Ok(reps) = reps.map_or(Ok(10), |n| n.parse::<usize>()) else { usage() };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("level_times: {path}: {e}");
        std::process::exit(1)
    });
    let levels: Vec<_> = PackReader::new(&bytes).filter_map(Result::ok).collect();
    let mut solver = Solver::new();
    let mut solve = |level| -> Solution {
        solver.solve(level, Limits::default()).expect("the default memory limit is enough")
    };
    for level in &levels {
        solve(level);
    }
    let mut out = std::io::stdout().lock();
    let (mut states, mut nanos) = (0u64, 0u128);
    for (i, level) in levels.iter().enumerate() {
        let mut best = u128::MAX;
        let mut solution = solve(level);
        for _ in 0..reps {
            let t = Instant::now();
            solution = solve(level);
            best = best.min(t.elapsed().as_nanos());
        }
        let moves = solution.moves.map_or("Impossible".to_string(), |m| format!("{m} moves"));
        let per = best as f64 / solution.states_explored.max(1) as f64;
        // A closed pipe (`| head`) just ends the listing.
        let _ = writeln!(
            out,
            "level {}: {moves}, {} states, {:.3} ms, {per:.1} ns/state",
            i + 1,
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

/// Prints the usage line and exits with code 2.
fn usage() -> ! {
    eprintln!("usage: cargo run --release --example level_times -- PACK [N]");
    std::process::exit(2)
}
