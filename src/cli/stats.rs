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

/// Which Flip Game table: `--size`, `--table` and `--max-table-cells` (also `render stats`).
#[derive(Debug, Args)]
pub(super) struct StatsFlipArgs {
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

impl StatsFlipArgs {
    /// The table these arguments name: a table file (mapped into `opened` and checked in
    /// full), the embedded 4x4 table, or one built in memory. `command` names the subcommand
    /// for usage errors.
    ///
    /// # Errors
    ///
    /// A table file that cannot be used, or a [`super::args::UsageError`] for a size over
    /// `--max-table-cells`.
    pub(super) fn table<'t>(
        &self,
        opened: &'t mut Option<OpenedTable>,
        command: &'static [&'static str],
    ) -> anyhow::Result<DistanceTable<'t>> {
        if let Some(path) = &self.table {
            return opened
                .insert(OpenedTable::open(path, Check::Full, self.map.map())?)
                .flip_table(self.size);
        }
        match self.size.unwrap_or(BoardSize::CLASSIC) {
            BoardSize::CLASSIC => Ok(DistanceTable::embedded()),
            size => {
                self.limit.require_buildable(size, command)?;
                Ok(progress::build_table(size)?)
            }
        }
    }
}

fn flip(args: &StatsFlipArgs) -> anyhow::Result<Outcome> {
    let mut opened = None;
    let table = args.table(&mut opened, &["stats", "flip"])?;
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
