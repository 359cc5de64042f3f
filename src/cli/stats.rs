//! `flipblox stats`: summaries of the distance tables.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};

use serde::Serialize;

use super::args::{MapArgs, OpenedTable, Outcome, TableLimitArgs};
use super::io::Source;
use super::print;
use super::progress;
use super::variant::{VariantArgs, VariantFields};
use flipblox::lights_out::{BoardSize, DistanceTable};
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
    /// or read it from a table file (--table). Other variants of the Lights Out family
    /// (--goal, --wrap, --toggle, --colours) build their table in memory (K^(R*C) bytes, at
    /// most 2^--max-table-cells).
    Flip(StatsFlipCommandArgs),
}

/// `stats flip`: the table, the variant, and `--json`.
#[derive(Debug, Args)]
struct StatsFlipCommandArgs {
    #[command(flatten)]
    table: StatsFlipArgs,

    #[command(flatten)]
    variant: VariantArgs,

    /// Print one JSON object instead of the text: file (the table file, or null), error (null;
    /// for a table file that cannot be used, the only other key), size, goal,
    /// colours, wrap, toggle, states, histogram (the count at each distance 0, 1, ..., as an
    /// array), impossible, max_distance (null when no state reaches the goal).
    #[arg(long)]
    json: bool,
}

/// The JSON object of `stats flip --json`.
#[derive(Debug, Serialize)]
struct StatsRecord<'a> {
    file: Option<&'a str>,
    /// Always `null`: a table that cannot be used is a [`FileError`](super::print::FileError) record.
    error: Option<&'a str>,
    size: String,
    #[serde(flatten)]
    variant: VariantFields,
    states: u64,
    histogram: &'a [u64],
    impossible: u64,
    max_distance: Option<usize>,
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
        StatsCommand::Flip(args) => {
            let file = args.table.table.as_ref().map(|path| Source::from_arg(path).display_name());
            super::args::with_file_error(args.json, file, flip(&args))
        }
    }
}

impl StatsFlipArgs {
    /// The table these arguments and `variant` name: a table file (mapped into `opened` and
    /// checked in full; its variant must be `variant`'s on its board), the embedded 4x4 table, or
    /// one built in memory. `command` names the subcommand for usage errors.
    ///
    /// # Errors
    ///
    /// A table file that cannot be used, or a [`super::args::UsageError`] for options that do
    /// not fit or a table over `--max-table-cells`.
    pub(super) fn table<'t>(
        &self,
        variant: &VariantArgs,
        opened: &'t mut Option<OpenedTable>,
        command: &'static [&'static str],
    ) -> anyhow::Result<DistanceTable<'t>> {
        if let Some(path) = &self.table {
            let o = opened.insert(OpenedTable::open(path, Check::Full, self.map.map())?);
            let table = o.table(self.size, variant.is_default())?;
            let chosen = variant.choose(table.size(), command)?;
            o.require_variant(&table, &chosen.variant)?;
            return Ok(table);
        }
        let size = self.size.unwrap_or(BoardSize::CLASSIC);
        let chosen = variant.choose(size, command)?;
        if variant.is_default() && size == BoardSize::CLASSIC {
            return Ok(DistanceTable::embedded());
        }
        self.limit.require(&chosen.variant, variant.is_default(), command)?;
        Ok(progress::build_table(&chosen.variant)?)
    }
}

fn flip(command_args: &StatsFlipCommandArgs) -> anyhow::Result<Outcome> {
    let command = &["stats", "flip"];
    let args = &command_args.table;
    let mut opened = None;
    let table = args.table(&command_args.variant, &mut opened, command)?;
    let chosen = command_args.variant.choose(table.size(), command)?;
    let (histogram, impossible) = table.histogram();
    let size = chosen.variant.size();
    let mut out = print::stdout();
    let total = histogram.iter().sum::<u64>() + impossible;
    if command_args.json {
        let record = StatsRecord {
            file: opened.as_ref().map(OpenedTable::name),
            error: None,
            size: size.to_string(),
            variant: chosen.fields(),
            states: total,
            histogram: &histogram,
            impossible,
            max_distance: histogram.len().checked_sub(1),
        };
        serde_json::to_writer(&mut out, &record)?;
        writeln!(out)?;
        out.flush().context("writing to stdout")?;
        return Ok(Outcome::Success);
    }
    let states = thousands(total);
    if command_args.variant.is_default() {
        writeln!(out, "# Flip Game {size}: states at each minimum distance ({states} states)")?;
    } else {
        let variant = &chosen.variant;
        writeln!(out, "# Lights Out {variant}: states at each minimum distance ({states} states)")?;
    }
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
