//! `flipblox table`: build Flip Game distance tables into files, and the options shared by every
//! command that builds or reads one (`--max-table-cells`, `--table`).

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, Subcommand};

use super::export::{self, FormatArg};
use super::progress;
use super::{Outcome, io, usage_error};
use flipblox::flip::BoardSize;
use flipblox::flip::solver::DEFAULT_MAX_TABLE_CELLS;
use super::io::{Input, Source};
use flipblox::table_file::{Check, FlipTable, Table, load_flip_table};

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
    /// both).
    Build(BuildArgs),
}

/// `--max-table-cells`, shared by `flip`, `stats flip` and `table build`.
#[derive(Debug, Clone, Copy, Args)]
pub struct TableLimitArgs {
    /// Largest board, in pieces, whose distance table may be built in memory: 2^N bytes, plus
    /// three bitsets of 2^(N-1) bits while the BFS runs (5x5: 32 MiB + 6 MiB). A table file
    /// given with --table is mapped, not built, and is not limited by this.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TABLE_CELLS as u8,
          value_parser = clap::value_parser!(u8).range(1..=32))]
    pub max_table_cells: u8,
}

impl TableLimitArgs {
    /// The limit in pieces.
    pub fn cells(self) -> usize {
        usize::from(self.max_table_cells)
    }

    /// Exits with a usage error (code 2, with the usage of the subcommand `command`) when the
    /// table of `size` is over the limit.
    pub fn require_buildable(self, size: BoardSize, command: &[&str]) {
        if size.cells() > self.cells() {
            usage_error(
                command,
                format!(
                    "--size {size}: a table of 2^{} states is over --max-table-cells {}",
                    size.cells(),
                    self.max_table_cells
                ),
            );
        }
    }
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
    /// any other format of `flipblox export` (docs/FORMATS.md).
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = FormatArg::Bincode)]
    format: FormatArg,

    #[command(flatten)]
    limit: TableLimitArgs,
}

/// Runs `flipblox table`.
pub fn run(args: TableArgs) -> anyhow::Result<Outcome> {
    match args.what {
        TableCommand::Build(args) => build(&args),
    }
}

fn build(args: &BuildArgs) -> anyhow::Result<Outcome> {
    let size = args.size;
    args.limit.require_buildable(size, &["table", "build"]);
    let destination = io::Destination::create(Some(&args.output))?;
    let built = progress::build_table(size)?;
    let (rows, cols) = (size.rows() as u32, size.cols() as u32);
    let table = Table::Flip(FlipTable::new(rows, cols, built.table().as_bytes())?);
    export::emit(&table, args.format.into(), destination)
}

/// A Flip Game table file opened for lookups (`--table FILE`): memory-mapped through
/// [`Input`] and checked.
pub struct OpenedTable {
    input: Input,
    check: Check,
}

impl OpenedTable {
    /// Maps `path` (`-` reads standard input into memory).
    ///
    /// # Errors
    ///
    /// The file cannot be opened or read; the message names it.
    pub fn open(path: &Path, check: Check) -> anyhow::Result<OpenedTable> {
        let source = Source::from_arg(path);
        let input = Input::open(&source)
            .with_context(|| format!("--table {}: cannot read", source.display_name()))?;
        Ok(OpenedTable { input, check })
    }

    /// The table of `size` (any board when `None`), borrowing the mapped payload in place.
    ///
    /// # Errors
    ///
    /// A file that is not a flipblox table file, is truncated or corrupt (at this check), or
    /// holds another table; the message names the file.
    pub fn flip_table(&self, size: Option<BoardSize>) -> anyhow::Result<FlipTable<'_>> {
        let board = size.map(|s| (s.rows() as u32, s.cols() as u32));
        load_flip_table(self.input.bytes(), self.check, board)
            .with_context(|| format!("--table {}", self.input.name()))
    }

    /// The file's name for messages.
    pub fn name(&self) -> &str {
        self.input.name()
    }
}

/// The board size of a table read from a file (1 to 32 pieces, so always a valid size).
pub fn size_of(table: &FlipTable<'_>) -> anyhow::Result<BoardSize> {
    Ok(BoardSize::new(table.rows() as usize, table.cols() as usize)?)
}
