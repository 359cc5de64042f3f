//! Prints, per level of a pack, the best-of-N time of its distance field (the reverse search
//! and filling the field, warm scratch, one thread) and of writing it in each export format to
//! memory, with the sizes: `cargo run --release --example field_times -- PACK [N]`.

use std::io::Write;
use std::time::Instant;

use flipblox::bloxorz::{PackReader, Solver};
use flipblox::table_file::{Format, Table, export};

/// The best of `reps` runs of `f`, in milliseconds.
fn best_ms(reps: usize, mut f: impl FnMut()) -> f64 {
    (0..reps.max(1))
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(path), reps) = (args.next(), args.next()) else { usage() };
    let Ok(reps) = reps.map_or(Ok(5), |n| n.parse::<usize>()) else { usage() };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("field_times: {path}: {e}");
        std::process::exit(1)
    });
    let mut solver = Solver::new();
    let mut out = std::io::stdout().lock();
    for (i, level) in PackReader::new(&bytes).enumerate() {
        let Ok(level) = level else { continue };
        let Ok(field) = solver.distance_field(&level) else { continue };
        let search = best_ms(reps, || {
            solver.distance_field(&level).expect("field");
        });
        let reachable = field.distances().iter().filter(|&&d| d >= 0).count();
        let mut line = format!(
            "level {} ({}x{}, {reachable} states reach the goal): field {search:.2} ms",
            i + 1,
            level.rows(),
            level.cols()
        );
        let table = Table::Bloxorz(field);
        for format in Format::ALL {
            let mut buffer = Vec::new();
            let ms = best_ms(reps, || {
                buffer.clear();
                export(&table, format, &mut buffer).expect("export to memory");
            });
            line += &format!(", {} {ms:.2} ms {} bytes", format.name(), buffer.len());
        }
        // A closed pipe (`| head`) just ends the listing.
        if writeln!(out, "{line}").is_err() {
            return;
        }
    }
}

/// Prints the usage line and exits with code 2.
fn usage() -> ! {
    eprintln!("usage: cargo run --release --example field_times -- PACK [N]");
    std::process::exit(2)
}
