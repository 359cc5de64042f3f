//! `flipblox table`: build Flip Game distance tables into files.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::args::{FormatArg, Outcome, TableLimitArgs};
use super::flip::require_variant_buildable;
use super::io::{Destination, write_table};
use super::progress;
use super::variant::VariantArgs;
use flipblox::flip::variant::Variant;
use flipblox::flip::variant::bfs::{VariantTable, variant_distance_table};
use flipblox::flip::{BoardSize, DistanceTable};
use flipblox::table_file::Table;

/// Build Flip Game distance tables into files.
#[derive(Debug, Args)]
pub struct TableArgs {
    #[command(subcommand)]
    what: TableCommand,
}

#[derive(Debug, Subcommand)]
enum TableCommand {
    /// Build the distance table of an RxC board by the reverse BFS from both uniform boards and
    /// write it as a flipblox table file (docs/FORMATS.md): 2^(R*C) one-byte entries (255 =
    /// Impossible) after a header with the shape, the histogram and CRC-32s, at a 64-byte
    /// boundary so that `flipblox flip --table FILE` answers from the file in place. 5x5:
    /// a 32 MiB file, written in about 0.4 s with a peak of 42 MB (each further piece doubles
    /// both). The variant options (--goal, --wrap, --toggle, --colours) build that variant's
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

    /// The file format: the flipblox table file (`bincode`, the one `flip --table` reads) or
    /// any other format of `flipblox export` (docs/FORMATS.md). When left out: the one the
    /// output's extension names (.fbt or .bin, .npy, .csv, .json, .raw), else `bincode`.
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
    args.limit.require_buildable(size, &["table", "build"])?;
    let command = &["table", "build"];
    let format =
        FormatArg::resolve(args.format, Some(&args.output), Some(FormatArg::Bincode), command)?;
    let destination = Destination::create(Some(&args.output))?;
    format.check_terminal(&destination, command)?;
    let built = Built::new(size, &args.variant, args.limit, false, command)?;
    write_table(&built.table(), format.into(), destination)?;
    Ok(Outcome::Success)
}

/// A table built for `table build` or `export flip`: the Flip Game's, or another variant's.
pub(super) enum Built {
    /// The Flip Game's table (embedded or built).
    Flip(DistanceTable<'static>),
    /// The table of a variant other than the Flip Game, and its bytes.
    Variant(Variant, Vec<u8>),
}

impl Built {
    /// The table of the variant the options name on `size`: the embedded 4x4 table when
    /// `embedded` allows it, else built with a progress bar, within `limit` (counted in states,
    /// `2^N`, for a variant).
    ///
    /// # Errors
    ///
    /// A usage error of `command` for options that do not fit or a table over the limit.
    pub(super) fn new(
        size: BoardSize,
        options: &VariantArgs,
        limit: TableLimitArgs,
        embedded: bool,
        command: &'static [&'static str],
    ) -> anyhow::Result<Built> {
        let chosen = options.choose(size, command)?;
        if chosen.variant == Variant::flip_game(size) {
            if embedded && size == BoardSize::CLASSIC {
                return Ok(Built::Flip(DistanceTable::embedded()));
            }
            limit.require_buildable(size, command)?;
            return Ok(Built::Flip(progress::build_table(size)?));
        }
        let variant = chosen.variant;
        require_variant_buildable(&variant, limit, command)?;
        let bar = progress::variant_table_build(&variant);
        let bytes = variant_distance_table(&variant, |reached| bar.set_position(reached))?;
        bar.finish_and_clear();
        Ok(Built::Variant(variant, bytes))
    }

    /// The table to write.
    pub(super) fn table(&self) -> Table<'_> {
        match self {
            Built::Flip(t) => Table::Flip(t.clone()),
            Built::Variant(variant, bytes) => {
                let table = VariantTable::new(variant, bytes).expect("K^(R*C) entries");
                Table::LightsOut(Box::new(table))
            }
        }
    }
}
