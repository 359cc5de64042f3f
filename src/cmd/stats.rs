//! `flipblox stats`: summaries of the distance tables.

use std::io::Write;

use anyhow::Context;
use clap::{Args, Subcommand};

use super::Outcome;
use super::output;
use super::progress;
use super::usage_error;
use flipblox::flip::solver::DEFAULT_MAX_TABLE_CELLS;
use flipblox::flip::{BoardSize, DistanceTable, Gf2Solver, TableSolver};

/// Print statistics of a distance table.
#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(subcommand)]
    what: StatsCommand,
}

#[derive(Debug, Subcommand)]
enum StatsCommand {
    /// The distance histogram of the Flip Game over all 2^(R*C) states: one `distance count`
    /// line per distance, then `Impossible count`. Lines starting with `#` are comments. 4x4
    /// reads the embedded table; other sizes build the table in memory first (2^(R*C) bytes).
    Flip(StatsFlipArgs),
}

#[derive(Debug, Args)]
struct StatsFlipArgs {
    /// Board size: ROWSxCOLS, with at most --max-table-cells pieces.
    #[arg(long, value_name = "RxC", default_value = "4x4")]
    size: BoardSize,

    /// Largest board, in pieces, whose table may be built (2^N bytes, plus the BFS
    /// frontier while it is built: 5x5 peaks at 54 MB).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TABLE_CELLS as u8,
          value_parser = clap::value_parser!(u8).range(1..=32))]
    max_table_cells: u8,
}

/// Runs `flipblox stats`.
pub fn run(args: StatsArgs) -> anyhow::Result<Outcome> {
    match args.what {
        StatsCommand::Flip(args) => flip(&args),
    }
}

fn flip(args: &StatsFlipArgs) -> anyhow::Result<Outcome> {
    let size = args.size;
    if size != BoardSize::CLASSIC && size.cells() > usize::from(args.max_table_cells) {
        usage_error(format!(
            "--size {size}: a table of 2^{} states is over --max-table-cells {}",
            size.cells(),
            args.max_table_cells
        ));
    }
    let built;
    let table = if size == BoardSize::CLASSIC {
        DistanceTable::embedded()
    } else {
        let total = 1u64 << Gf2Solver::new(size).toggle_rank();
        let bar = progress::table_build(size, total);
        built = TableSolver::build(size, |reached| bar.set_position(reached))?;
        bar.finish_and_clear();
        built.table()
    };
    let (histogram, impossible) = table.histogram();
    let mut out = output::stdout();
    let states = thousands(1u64 << size.cells());
    writeln!(out, "# Flip Game {size}: states at each minimum distance ({states} states)")?;
    writeln!(out, "# distance count")?;
    for (d, count) in histogram.iter().enumerate() {
        writeln!(out, "{d} {count}")?;
    }
    writeln!(out, "Impossible {impossible}")?;
    out.flush().context("writing to stdout")?;
    Ok(Outcome::Success)
}

/// `n` with commas between groups of three digits: `65,536`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
