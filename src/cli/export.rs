//! `flipblox export`: write a distance table in one of the export formats.

use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::args::{
    FormatArg, MapArgs, Outcome, TableLimitArgs, level_number, memory_hint, parse_memory,
};
use super::io::Source;
use super::io::{Destination, for_each_input, write_table};
use super::levels::{FormatArgs, Reading};
use super::print::{Reporter, Stderr};
use super::table::built_table;
use super::variant::VariantArgs;
use flipblox::bloxorz::{DistanceField, FieldError, Level, Solver};
use flipblox::lights_out::BoardSize;
use flipblox::table_file::{Format, Table};

/// Export a distance table (layouts: docs/FORMATS.md).
#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(subcommand)]
    what: ExportCommand,
}

#[derive(Debug, Subcommand)]
enum ExportCommand {
    /// The embedded 4x4 Flip Game table: 65,536 states, index = state (bit 4*row+col set =
    /// black), 255 / empty / null = Impossible. With --size or the variant options (--goal,
    /// --wrap, --toggle, --colours), that board's or variant's table, built first (a variant of
    /// K colours: index = the base-K number of the cells' colours).
    Flip(ExportFlipArgs),
    /// The distance-to-goal field of one level of a Bloxorz pack (POJ 3322): int32, (R, C, 3).
    ///
    /// Entry (r, c, o) is the minimum number of rolls from the box at (r, c) to standing on the
    /// target O, -1 when the target cannot be reached from there (impossible), -2 when the box
    /// may not rest there (illegal). Orientation 0 = standing on
    /// (r, c), 1 = lying on (r, c) and (r, c+1), 2 = lying on (r, c) and (r+1, c); rows and
    /// columns 0-based from the top-left of the level. One reverse breadth-first search from
    /// standing on O.
    Bloxorz(ExportBloxorzArgs),
}

/// Output options shared by every `export` subcommand.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// The file format (docs/FORMATS.md); when left out, the one -o's extension names (.fbt or
    /// .bin, .npy, .csv, .json, .raw). Binary formats are not written to a terminal.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<FormatArg>,

    /// Write to FILE; `-` or nothing writes to standard output. A temporary file beside FILE is
    /// opened before any work (a bad path fails at once) and renamed over FILE when complete.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

impl OutputArgs {
    /// Resolves the format and opens the output (before any work, so that a bad path fails at
    /// once).
    ///
    /// # Errors
    ///
    /// A usage error of `command` (no format given or named; a binary format to a terminal), or
    /// an output that cannot be created.
    pub fn open(&self, command: &'static [&'static str]) -> anyhow::Result<(Destination, Format)> {
        let output = self.output.as_deref();
        let format = FormatArg::resolve(self.format, output, None, command)?;
        let destination = Destination::create(output)?;
        format.check_terminal(&destination, command)?;
        Ok((destination, format.into()))
    }
}

#[derive(Debug, Args)]
struct ExportFlipArgs {
    #[command(flatten)]
    out: OutputArgs,

    /// Board size: ROWSxCOLS (4x4, the embedded table, when omitted); other sizes and other
    /// variants are built first, within --max-table-cells.
    #[arg(long, value_name = "RxC")]
    size: Option<BoardSize>,

    #[command(flatten)]
    limit: TableLimitArgs,

    #[command(flatten)]
    variant: VariantArgs,
}

/// `export bloxorz`: one level of a pack.
///
/// Exit codes: 0 when the field was written; 1 when the pack cannot be read, the level is out
/// of range, cannot be read (`PATH:LINE:COLUMN: level N: ...`) or is too large for
/// `--max-memory`, or the output cannot be written; 2 for usage errors.
#[derive(Debug, Args)]
struct ExportBloxorzArgs {
    #[command(flatten)]
    level: FieldLevelArgs,

    #[command(flatten)]
    out: OutputArgs,
}

/// The level whose distance field is wanted (`export bloxorz`, `render field`).
#[derive(Debug, Args)]
pub(super) struct FieldLevelArgs {
    /// The level pack (POJ 3322 layout, as for `flipblox bloxorz`); `-` or nothing reads
    /// standard input.
    #[arg(value_name = "FILE", default_value = "-", hide_default_value = true)]
    file: PathBuf,

    /// The level, 1-based within FILE (levels that cannot be read count, as in the numbers
    /// `flipblox bloxorz` reports; only level N must be readable).
    #[arg(long, value_name = "N", value_parser = level_number)]
    level: usize,

    #[command(flatten)]
    formats: FormatArgs,

    /// `start`: the distances from the start instead of to the target (where the block can get
    /// from the start, and in how many moves; -1 where it cannot; the target does not stop it):
    /// why a level is impossible, at a glance.
    #[arg(long, value_enum, value_name = "WHERE")]
    from: Option<FieldFrom>,

    /// Refuse the level, before allocating, when its distance field would need more memory
    /// than SIZE: the search's 16 bytes per cell of the level padded by 2 on each side, plus 24
    /// bytes per cell for the field and its payload (e.g. 512MiB, 4GB, 1000000).
    #[arg(long, value_name = "SIZE", default_value = "2GiB", value_parser = parse_memory)]
    max_memory: u64,

    #[command(flatten)]
    map: MapArgs,
}

/// Where a field's distances are counted from (`--from`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum FieldFrom {
    /// The level's start: the distance from the start to every state.
    Start,
}

/// Runs `flipblox export`.
pub fn run(args: ExportArgs) -> anyhow::Result<Outcome> {
    match args.what {
        ExportCommand::Flip(args) => {
            let command = &["export", "flip"];
            let (destination, format) = args.out.open(command)?;
            let size = args.size.unwrap_or(BoardSize::CLASSIC);
            let table = built_table(size, &args.variant, args.limit, true, command)?;
            write_table(&Table::LightsOut(table), format, destination)?;
            Ok(Outcome::Success)
        }
        ExportCommand::Bloxorz(args) => export_bloxorz(&args),
    }
}

/// Runs `flipblox export bloxorz`: opens the output, reads level N, runs the reverse search,
/// writes the field.
fn export_bloxorz(args: &ExportBloxorzArgs) -> anyhow::Result<Outcome> {
    let (destination, format) = args.out.open(&["export", "bloxorz"])?;
    match args.level.field()? {
        Some((_, field)) => {
            write_table(&Table::Bloxorz(field), format, destination)?;
            Ok(Outcome::Success)
        }
        None => Ok(Outcome::SomeFailed),
    }
}

impl FieldLevelArgs {
    /// `--max-memory`.
    pub(super) fn max_memory(&self) -> u64 {
        self.max_memory
    }

    /// The level's number (`--level`).
    pub(super) fn number(&self) -> usize {
        self.level
    }

    /// The input's name for messages.
    pub(super) fn name(&self) -> String {
        Source::from_arg(&self.file).display_name()
    }

    /// Reads the level and runs the reverse search for its distance field. A problem with the
    /// input is reported on stderr as `PATH:LINE:COLUMN: level N: ...` (or `PATH: ...`), like
    /// `flipblox bloxorz`, and gives `None`.
    ///
    /// # Errors
    ///
    /// None of its own: the errors of [`for_each_input`]'s callback, which has none.
    pub(super) fn field(&self) -> anyhow::Result<Option<(Level, DistanceField<'static>)>> {
        let (file, number, max_memory) = (&self.file, self.level, self.max_memory);
        let mut made = None;
        let source = [Source::from_arg(file)];
        let unreadable = for_each_input(&source, self.map.map(), &mut Stderr, |out, input| {
            let name = input.name().to_string();
            // One level is read from a stream held whole, within --max-memory.
            let reading = Reading { formats: self.formats, max_memory, whole: true };
            reading.read(input, out, None, |out, levels| {
                let mut report = |e: &FieldError| {
                    let hint = memory_hint(e.is_over_memory_limit());
                    match e.position() {
                        Some(_) => out.report(format_args!("{name}:{e}{hint}")),
                        None => out.report_file(&name, format_args!("{e}{hint}")),
                    }
                };
                let level = match levels.level_for_field(number) {
                    Ok(level) => level,
                    Err(e) => {
                        report(&e);
                        return Ok(());
                    }
                };
                let made_field = match self.from {
                    Some(FieldFrom::Start) => Solver::new().distance_field_from_start(&level),
                    None => Solver::new().distance_field(&level),
                };
                match made_field {
                    Ok(field) => made = Some((level, field)),
                    Err(e @ FieldError::Mechanics { cell }) => {
                        match levels.cell_position(&level, cell) {
                            Some(at) => {
                                out.report(format_args!("{name}:{at}: level {number}: {e}"));
                            }
                            None => out.report_file(&name, format_args!("level {number}: {e}")),
                        }
                    }
                    Err(e) => report(&e),
                }
                Ok(())
            })?;
            Ok(())
        })?;
        Ok(made.filter(|_| !unreadable))
    }
}
