//! `flipblox export`: write a distance table in one of the export formats.

use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};

use std::path::PathBuf;

use super::Outcome;
use super::{io, print};
use flipblox::bloxorz::{FieldError, cell_position, distance_field, read_level};
use super::io::{Input, Source};
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
    /// The distance-to-goal field of one level of a Bloxorz pack (POJ 3322): int32, (R, C, 3).
    ///
    /// Entry (r, c, o) is the minimum number of rolls from the box at (r, c) to standing on the
    /// target O, -1 (empty / null) when illegal or unreachable. Orientation 0 = standing on
    /// (r, c), 1 = lying on (r, c) and (r, c+1), 2 = lying on (r, c) and (r+1, c); rows and
    /// columns 0-based from the top-left of the level. One reverse breadth-first search from
    /// standing on O.
    Bloxorz(ExportBloxorzArgs),
}

/// Output options shared by every `export` subcommand.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// The file format (docs/FORMATS.md).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: FormatArg,

    /// Write to FILE; `-` or nothing writes to standard output. A temporary file beside FILE is
    /// opened before any work (a bad path fails at once) and renamed over FILE when complete.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

#[derive(Debug, Args)]
struct ExportFlipArgs {
    #[command(flatten)]
    out: OutputArgs,
}

/// `export bloxorz`: one level of a pack.
///
/// Exit codes: 0 when the field was written; 1 when the pack cannot be read, the level is out
/// of range, cannot be read (`PATH:LINE:COLUMN: level N: ...`) or is too large for
/// `--max-memory`, or the output cannot be written; 2 for usage errors.
#[derive(Debug, Args)]
struct ExportBloxorzArgs {
    /// The level pack (POJ 3322 layout, as for `flipblox bloxorz`); `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// The level to export, 1-based within FILE (levels that cannot be read count, as in the
    /// numbers `flipblox bloxorz` reports; only level N must be readable).
    #[arg(long, value_name = "N", value_parser = level_number)]
    level: usize,

    /// Refuse the level, before allocating, when its export would need more memory than SIZE:
    /// the search's 19 bytes per cell of the level padded by 2 on each side, plus 24 bytes per
    /// cell for the field and the payload (e.g. 512MiB, 4GB, 1000000).
    #[arg(long, value_name = "SIZE", default_value = "2GiB", value_parser = super::bloxorz::parse_memory)]
    max_memory: u64,

    #[command(flatten)]
    out: OutputArgs,
}

/// Parses `--level N`: a whole number from 1.
fn level_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("levels are numbered from 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e} (a level number: 1 for the first level)")),
    }
}

/// `--format` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// The versioned flipblox table file: magic, version, bincode header (shape, layout,
    /// sentinel, histogram, CRC-32), payload at a 64-byte boundary; `inspect` checks it.
    Bincode,
    /// NumPy .npy, format version 1.0: uint8, index = state (Flip Game), or int32, shape
    /// (R, C, 3) (Bloxorz).
    Npy,
    /// CSV with a header line (`state,board,distance` for the Flip Game,
    /// `row,col,orientation,distance` for a Bloxorz field); empty distance for the sentinel.
    Csv,
    /// One JSON object: the metadata and the distances, null for Impossible (or, for Bloxorz,
    /// illegal or unreachable).
    Json,
    /// The payload bytes alone (the 65,536 table bytes for the 4x4 Flip Game; int32
    /// little-endian entries for a Bloxorz field).
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
    let destination = io::Destination::create(out.output.as_deref())?;
    let table = table()?;
    emit(&table, out.format.into(), destination)
}

/// Writes `table` in `format` to `destination` (opened by [`io::Destination::create`]) and
/// commits it: a file appears whole or not at all.
pub fn emit(
    table: &Table<'_>,
    format: Format,
    mut destination: io::Destination,
) -> anyhow::Result<Outcome> {
    let name = destination.name().to_string();
    export(table, format, destination.writer()).with_context(|| format!("writing {name}"))?;
    destination.commit()?;
    Ok(Outcome::Success)
}

/// Runs `flipblox export`.
pub fn run(args: ExportArgs) -> anyhow::Result<Outcome> {
    match args.what {
        ExportCommand::Flip(args) => write(&args.out, || Ok(Table::Flip(FlipTable::embedded()))),
        ExportCommand::Bloxorz(args) => export_bloxorz(&args),
    }
}

/// Runs `flipblox export bloxorz`: opens the output, reads level N, runs the reverse search,
/// writes the field. A problem with the input prints `PATH:LINE:COLUMN: level N: ...` (or
/// `PATH: ...`) on stderr, like `flipblox bloxorz`, and ends with exit code 1.
fn export_bloxorz(args: &ExportBloxorzArgs) -> anyhow::Result<Outcome> {
    let destination = io::Destination::create(args.out.output.as_deref())?;
    let source = Source::from_arg(&args.file);
    let input = match Input::open(&source) {
        Ok(input) => input,
        Err(e) => {
            print::report(format_args!("{}: cannot read: {e}", source.display_name()));
            return Ok(Outcome::SomeFailed);
        }
    };
    let report = |e: &FieldError| {
        let separator = if e.position().is_some() { ":" } else { ": " };
        print::report(format_args!("{}{separator}{e}", input.name()));
        Ok(Outcome::SomeFailed)
    };
    let level = match read_level(input.bytes(), args.level, args.max_memory) {
        Ok(level) => level,
        Err(e) => return report(&e),
    };
    match distance_field(&level) {
        Ok(field) => emit(&Table::Bloxorz(field), args.out.format.into(), destination),
        Err(e @ FieldError::Mechanics { cell }) => {
            // The level was read from this text pack, so its origin is its header.
            let at =
                level.origin().map_or(String::new(), |h| format!(":{}", cell_position(h, cell)));
            print::report(format_args!("{}{at}: level {}: {e}", input.name(), args.level));
            Ok(Outcome::SomeFailed)
        }
        Err(e) => report(&e),
    }
}
