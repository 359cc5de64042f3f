//! `flipblox stats`: summaries of the distance tables.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};

use super::args::{MapArgs, OpenedTable, Outcome, TableLimitArgs};
use super::print;
use super::progress;
use flipblox::flip::{BoardSize, DistanceTable};
use flipblox::table_file::Check;

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
    /// reads the embedded table; other sizes build the table in memory first (2^(R*C) bytes),
    /// or read it from a table file (--table).
    Flip(StatsFlipArgs),
}

#[derive(Debug, Args)]
struct StatsFlipArgs {
    /// Board size: ROWSxCOLS, with at most --max-table-cells pieces (4x4 when omitted; with
    /// --table, the file's board, and if given it must match).
    #[arg(long, value_name = "RxC")]
    size: Option<BoardSize>,

    /// Count the histogram of a flipblox table file (`flipblox table build`) instead of
    /// building the table: the file is memory-mapped and checked in full (header and payload
    /// CRC-32s, and the histogram in its header).
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,

    #[command(flatten)]
    limit: TableLimitArgs,

    #[command(flatten)]
    map: MapArgs,
}

/// Runs `flipblox stats`.
pub fn run(args: StatsArgs) -> anyhow::Result<Outcome> {
    match args.what {
        StatsCommand::Flip(args) => flip(&args),
    }
}

fn flip(args: &StatsFlipArgs) -> anyhow::Result<Outcome> {
    let opened;
    let table = match &args.table {
        Some(path) => {
            opened = OpenedTable::open(path, Check::Full, args.map.map())?;
            opened.flip_table(args.size)?
        }
        None => match args.size.unwrap_or(BoardSize::CLASSIC) {
            BoardSize::CLASSIC => DistanceTable::embedded(),
            size => {
                args.limit.require_buildable(size, &["stats", "flip"])?;
                progress::build_table(size)?
            }
        },
    };
    let size = table.size();
    let (histogram, impossible) = table.histogram();
    let mut out = print::stdout();
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
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
