//! `flipblox stats`: summaries of the distance tables.

use std::io::Write;

use anyhow::Context;
use clap::{Args, Subcommand};

use super::Outcome;
use super::output;
use flipblox::flip::DistanceTable;

/// Print statistics of a distance table.
#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(subcommand)]
    what: StatsCommand,
}

#[derive(Debug, Subcommand)]
enum StatsCommand {
    /// The distance histogram of the 4x4 Flip Game over all 65,536 states: one `distance count`
    /// line per distance, then `Impossible count`. Lines starting with `#` are comments.
    Flip,
}

/// Runs `flipblox stats`.
pub fn run(args: StatsArgs) -> anyhow::Result<Outcome> {
    match args.what {
        StatsCommand::Flip => {
            let table = DistanceTable::embedded();
            let (histogram, impossible) = table.histogram();
            let mut out = output::stdout();
            writeln!(out, "# Flip Game 4x4: states at each minimum distance (65,536 states)")?;
            writeln!(out, "# distance count")?;
            for (d, count) in histogram.iter().enumerate() {
                writeln!(out, "{d} {count}")?;
            }
            writeln!(out, "Impossible {impossible}")?;
            out.flush().context("writing to stdout")?;
            Ok(Outcome::Success)
        }
    }
}
