//! `flipblox export`: write a distance table in one of the export formats.

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};

use super::Outcome;
use super::output;
use flipblox::table_file::{FlipTable, Format, Table, export};

/// Export a distance table (layouts: docs/FORMATS.md).
#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(subcommand)]
    what: ExportCommand,
}

#[derive(Debug, Subcommand)]
enum ExportCommand {
    /// The embedded 4x4 Flip Game table: 65,536 states, index = state (bit 4*row+col set =
    /// black), 255 / empty / null = Impossible.
    Flip(ExportFlipArgs),
}

/// Output options shared by every `export` subcommand.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// The file format (docs/FORMATS.md).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: FormatArg,

    /// Write to FILE (created or truncated before any work); `-` or nothing writes to standard
    /// output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
struct ExportFlipArgs {
    #[command(flatten)]
    out: OutputArgs,
}

/// `--format` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// The versioned flipblox table file: magic, version, bincode header (shape, layout,
    /// sentinel, histogram, CRC-32), payload at a 64-byte boundary; `inspect` checks it.
    Bincode,
    /// NumPy .npy, format version 1.0: uint8 (Flip Game) or int32 (Bloxorz), index = state.
    Npy,
    /// CSV with a header line (`state,board,distance` for the Flip Game); empty distance for
    /// Impossible.
    Csv,
    /// One JSON object: the metadata and the distances, null for Impossible.
    Json,
    /// The payload bytes alone (the 65,536 table bytes for the 4x4 Flip Game).
    Raw,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Bincode => Format::Bincode,
            FormatArg::Npy => Format::Npy,
            FormatArg::Csv => Format::Csv,
            FormatArg::Json => Format::Json,
            FormatArg::Raw => Format::Raw,
        }
    }
}

/// Opens the output (fail fast), then writes `table` in the chosen format and flushes.
pub fn write<'t>(
    out: &OutputArgs,
    table: impl FnOnce() -> anyhow::Result<Table<'t>>,
) -> anyhow::Result<Outcome> {
    let (writer, name) = output::create(out.output.as_deref())?;
    let table = table()?;
    emit(&table, out.format.into(), writer, &name)
}

/// Writes `table` in `format` to `writer` (opened by [`output::create`], named `name` in
/// messages) and flushes it.
pub fn emit(
    table: &Table<'_>,
    format: Format,
    mut writer: Box<dyn std::io::Write>,
    name: &str,
) -> anyhow::Result<Outcome> {
    export(table, format, &mut writer).with_context(|| format!("writing {name}"))?;
    writer.flush().with_context(|| format!("writing {name}"))?;
    Ok(Outcome::Success)
}

/// Runs `flipblox export`.
pub fn run(args: ExportArgs) -> anyhow::Result<Outcome> {
    match args.what {
        ExportCommand::Flip(args) => write(&args.out, || Ok(Table::Flip(FlipTable::embedded()))),
    }
}
