//! `flipblox table`: build Flip Game distance tables into files.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::args::{FormatArg, Outcome, TableLimitArgs};
use super::io::{Destination, write_table};
use super::progress;
use super::variant::VariantArgs;
use flipblox::lights_out::{BoardSize, DistanceTable, Variant};
use flipblox::table_file::Table;

/// Build Flip Game distance tables into files.
#[derive(Debug, Args)]
pub struct TableArgs {
    #[command(subcommand)]
    what: TableCommand,
}

#[derive(Debug, Subcommand)]
enum TableCommand {
    /// Build the distance table of an RxC board, every press set visited once, and write it as
    /// a flipblox table file (docs/FORMATS.md): 2^(R*C) one-byte entries (255 = Impossible)
    /// after a header with the shape, the histogram and CRC-32s, at a 64-byte boundary so that
    /// `flipblox flip --table FILE` answers from the file in place. The build takes time in
    /// proportion to the entries and peak memory about the table's size (5x5: a 32 MiB file;
    /// each further piece doubles both); the file is written from the table itself. The variant options (--goal, --wrap, --toggle, --colours) build that variant's
    /// table instead: K^(R*C) one-byte entries, the variant recorded in the header, which
    /// `flip --table` and `stats flip --table` then check against their own options.
    Build(BuildArgs),
}

#[derive(Debug, Args)]
struct BuildArgs {
    /// Board size: ROWSxCOLS, with at most --max-table-cells pieces.
    #[arg(long, value_name = "RxC")]
    size: BoardSize,

    /// Write the table to FILE; `-` writes to standard output. A temporary file beside FILE is
    /// opened before the build (a bad path fails at once) and renamed over FILE when complete.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,

    /// The file format: the flipblox table file (`fbt`, the one `flip --table` reads) or
    /// any other format of `flipblox export` (docs/FORMATS.md). When left out: the one the
    /// output's extension names (.fbt or .bin, .npy, .csv, .json, .raw), else `fbt`.
    #[arg(long, value_enum, value_name = "FORMAT")]
    format: Option<FormatArg>,

    #[command(flatten)]
    limit: TableLimitArgs,

    #[command(flatten)]
    variant: VariantArgs,
}

/// Runs `flipblox table`.
pub fn run(args: TableArgs) -> anyhow::Result<Outcome> {
    match args.what {
        TableCommand::Build(args) => build(&args),
    }
}

fn build(args: &BuildArgs) -> anyhow::Result<Outcome> {
    let size = args.size;
    let command = &["table", "build"];
    args.limit.require(&Variant::flip_game(size), true, command)?;
    let format =
        FormatArg::resolve(args.format, Some(&args.output), Some(FormatArg::Bincode), command)?;
    let destination = Destination::create(Some(&args.output))?;
    format.check_terminal(&destination, command)?;
    let table = built_table(size, &args.variant, args.limit, false, command)?;
    write_table(&Table::LightsOut(table), format.into(), destination)?;
    Ok(Outcome::Success)
}

/// The table of the variant the options name on `size`, for `table build` or `export flip`: the
/// embedded 4x4 table when `embedded` allows it, else built with a progress bar, within `limit`
/// (counted in states, `2^N`, for a variant).
///
/// # Errors
///
/// A usage error of `command` for options that do not fit or a table over the limit.
pub(super) fn built_table(
    size: BoardSize,
    options: &VariantArgs,
    limit: TableLimitArgs,
    embedded: bool,
    command: &'static [&'static str],
) -> anyhow::Result<DistanceTable<'static>> {
    let chosen = options.choose(size, command)?;
    let flip = chosen.variant == Variant::flip_game(size);
    if embedded && flip && size == BoardSize::CLASSIC {
        return Ok(DistanceTable::embedded());
    }
    limit.require(&chosen.variant, flip, command)?;
    Ok(progress::build_table(&chosen.variant)?)
}
