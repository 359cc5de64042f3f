//! The generator's benchmark (docs/PERFORMANCE.md): candidate levels evaluated per second on
//! one core on 12x12 levels, and the best par the search finds on 10x10 and 16x16 levels of
//! rigid ground and empty space in a time budget, against the best of a million random levels
//! of the same size.
//!
//! ```sh
//! cargo run --release --example generator_bench              # 60 s per size, 1,000,000 random
//! cargo run --release --example generator_bench -- 5 10000   # a quick run: 5 s, 10,000 random
//! ```

use std::time::{Duration, Instant};

use flipblox::bloxorz::generate::{GenerateOptions, Generator};

fn main() {
    let mut args = std::env::args().skip(1);
    let seconds: u64 = args.next().map_or(60, |a| a.parse().expect("seconds"));
    let randoms: u64 = args.next().map_or(1_000_000, |a| a.parse().expect("random levels"));
    let mut generator = Generator::new();

    // Evaluations per second: one search of 12x12 levels, one thread.
    let mut options = GenerateOptions::new(12, 12, 1);
    options.iterations = 400_000;
    let begin = Instant::now();
    let generated = generator.generate(&options, 0).expect("a 12x12 level");
    let elapsed = begin.elapsed().as_secs_f64();
    println!(
        "12x12: {} candidates in {elapsed:.2} s: {:.0} candidates per second on one core (par {})",
        generated.evaluated,
        generated.evaluated as f64 / elapsed,
        generated.moves
    );

    for side in [10, 16] {
        let mut options = GenerateOptions::new(side, side, 7);
        options.iterations = 2_000_000;
        let (best, evaluated) = generator.best_within(&options, Duration::from_secs(seconds));
        let begin = Instant::now();
        let random = (0..randoms).map(|i| generator.random_par(&options, i)).max().unwrap_or(0);
        let random_time = begin.elapsed().as_secs_f64();
        println!(
            "{side}x{side}: search best par {best} in {seconds} s ({evaluated} candidates); best of \
             {randoms} random levels {random} ({random_time:.1} s); ratio {:.2}",
            f64::from(best) / f64::from(random.max(1))
        );
    }
}
