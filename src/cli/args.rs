//! Arguments shared by several subcommands: `--max-table-cells`, `--table FILE`, `--format`,
//! `--input-format`, `--max-memory`, `--level`, and the exit status they sum up to.

use std::path::Path;

use anyhow::Context;
use clap::{Args, ValueEnum};

use super::io::{Destination, Input, Source, escape_path};
use flipblox::bloxorz::LevelError;
use flipblox::lights_out::{BoardSize, DistanceTable, Solver, TableError, Variant};
use flipblox::table_file::{Check, Format, LoadError, Puzzle, ShapeError, TableFile};

/// How a command ended when it did not hit an error it could not get past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every input was read and answered.
    Success,
    /// Some input could not be read; everything else was answered (exit code 1).
    SomeFailed,
}

impl Outcome {
    /// `SomeFailed` when `failed` is true.
    pub fn from_failed(failed: bool) -> Outcome {
        if failed { Outcome::SomeFailed } else { Outcome::Success }
    }
}

/// An argument combination clap could not check (e.g. `--method table` on a board too large for
/// a table): reported like clap's own usage errors, with the usage line of the subcommand
/// `command` (e.g. `["table", "build"]`), and exit code 2.
#[derive(Debug)]
pub struct UsageError {
    /// The subcommand's path.
    pub command: &'static [&'static str],
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UsageError {}

/// Fails with a [`UsageError`] of `command`.
pub fn usage(command: &'static [&'static str], message: impl std::fmt::Display) -> anyhow::Error {
    UsageError { command, message: message.to_string() }.into()
}

/// `--max-table-cells`, shared by `flip`, `stats flip` and `table build`.
#[derive(Debug, Clone, Copy, Args)]
pub struct TableLimitArgs {
    /// Largest board, in pieces (1 to 32), whose distance table may be built in memory: 2^N
    /// bytes (5x5: 32 MiB). A table file is mapped, not built, and is not limited by this.
    #[arg(long, value_name = "N", default_value_t = Solver::DEFAULT_MAX_TABLE_CELLS as u8,
          value_parser = clap::value_parser!(u8).range(1..=32))]
    pub max_table_cells: u8,
}

impl TableLimitArgs {
    /// The limit in pieces.
    pub fn cells(self) -> usize {
        usize::from(self.max_table_cells)
    }

    /// A usage error of the subcommand `command` when the table of `variant` is over the limit
    /// (the library's rule, [`DistanceTable::check_size`]), said as for the Flip Game's `--size`
    /// when `flip` (a board of more pieces), else as for a variant (more than `2^N` states).
    ///
    /// # Errors
    ///
    /// A [`UsageError`].
    pub fn require(
        self,
        variant: &Variant,
        flip: bool,
        command: &'static [&'static str],
    ) -> anyhow::Result<()> {
        let Err(TableError::TooLarge { .. }) = DistanceTable::check_size(variant, self.cells())
        else {
            return Ok(());
        };
        let size = variant.size();
        let message = if flip {
            format!(
                "--size {size}: a table of 2^{} states is over --max-table-cells {}",
                size.cells(),
                self.max_table_cells
            )
        } else {
            let states = variant.states();
            format!(
                "a table of {variant} has {} states, over --max-table-cells {} (2^{} states)",
                states.map_or_else(|| "more than 2^64".to_string(), |s| s.to_string()),
                self.cells(),
                self.cells()
            )
        };
        Err(usage(command, message))
    }
}

/// `--no-mmap`, shared by every command that reads files.
#[derive(Debug, Clone, Copy, Args)]
pub struct MapArgs {
    /// Read files without memory-mapping them: as a stream where the command reads line by
    /// line, or into memory where it needs the whole file (a table file, the Flash game's file).
    /// A mapped file that another process truncates ends the run with a message and exit code
    /// 1; a file read without a map is not affected.
    #[arg(long)]
    pub no_mmap: bool,
}

impl MapArgs {
    /// True when regular files are to be memory-mapped.
    pub fn map(self) -> bool {
        !self.no_mmap
    }
}

/// The longest table file read into memory (from a pipe, or with `--no-mmap`): the largest
/// Flip Game table file, 2^32 entries after a header of at most 16 MiB.
pub const MAX_TABLE_FILE: u64 = (1 << 32) + (1 << 24) + 128;

/// Reads `input` whole as a table file (a mapped file as it is; a stream up to
/// [`MAX_TABLE_FILE`] bytes).
///
/// # Errors
///
/// Reading failed or the input is too long; the message does not name it.
pub fn table_bytes(input: &mut Input) -> anyhow::Result<&[u8]> {
    input.whole(MAX_TABLE_FILE, "larger than any table file")
}

/// A table file opened for lookups (`--table FILE`): memory-mapped through
/// [`Input`] (or read into memory) and checked.
pub struct OpenedTable {
    input: Input,
    check: Check,
}

impl OpenedTable {
    /// Maps `path` (when `map`; otherwise, and for `-`, reads it into memory).
    ///
    /// # Errors
    ///
    /// The file cannot be opened or read; the message names it.
    pub fn open(path: &Path, check: Check, map: bool) -> anyhow::Result<OpenedTable> {
        let source = Source::from_arg(path);
        let cannot = || format!("{}: cannot read", source.display_name());
        let mut input = Input::open(&source, map).with_context(cannot)?;
        table_bytes(&mut input).with_context(cannot)?;
        Ok(OpenedTable { input, check })
    }

    /// The file's table, of `size` when given, borrowing the mapped payload in place: for the
    /// Flip Game's options (`flip_game`), a Flip Game table; for the options of another variant,
    /// the table of a Lights Out variant (see [`OpenedTable::require_variant`]).
    ///
    /// # Errors
    ///
    /// A file that is not a flipblox table file, is truncated or corrupt (at this check), or
    /// holds another table; the message names the file.
    pub fn table(
        &self,
        size: Option<BoardSize>,
        flip_game: bool,
    ) -> anyhow::Result<DistanceTable<'_>> {
        let bytes = self.input.bytes().expect("read whole when opened");
        let name = || self.input.name().to_string();
        let file = TableFile::parse(bytes, self.check).with_context(name)?;
        if flip_game {
            let board = size.map(|s| (s.rows() as u32, s.cols() as u32));
            return file.flip_table(board).map_err(LoadError::from).with_context(name);
        }
        let table = file.lights_out_table().with_context(name)?;
        let found = table.variant().size();
        if let Some(size) = size
            && size != found
        {
            return Err(ShapeError::WrongTable {
                expected: format!("a table of a {size} board"),
                found: file.header().puzzle.kind(),
            })
            .with_context(name);
        }
        Ok(table)
    }

    /// A failure naming both variants unless the file's table is `variant`'s.
    ///
    /// # Errors
    ///
    /// The file holds another variant's table.
    pub fn require_variant(
        &self,
        table: &DistanceTable<'_>,
        variant: &Variant,
    ) -> anyhow::Result<()> {
        if table.variant() == variant {
            return Ok(());
        }
        let found = Puzzle::of_variant(table.variant()).kind();
        let expected = Puzzle::of_variant(variant).kind();
        Err(ShapeError::WrongTable { expected, found })
            .with_context(|| self.input.name().to_string())
    }

    /// The file's name for messages.
    pub fn name(&self) -> &str {
        self.input.name()
    }
}

/// `--format` on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// The versioned flipblox table file (`.fbt`): magic, version, bincode header (shape,
    /// layout, sentinel, histogram, CRC-32), payload at a 64-byte boundary; `inspect` checks it.
    /// Also named `bincode`.
    #[value(name = "fbt", alias = "bincode")]
    Bincode,
    /// NumPy .npy, format version 1.0: uint8, index = state (Flip Game), or int32, shape
    /// (R, C, 3) (Bloxorz).
    Npy,
    /// CSV with a header line (`state,board,distance` for the Flip Game,
    /// `row,col,orientation,distance` for a Bloxorz field); a Flip Game distance is empty when
    /// impossible, a Bloxorz entry is -1 (impossible) or -2 (illegal).
    Csv,
    /// One JSON object: the metadata and the distances (Flip Game: null when impossible;
    /// Bloxorz: -1 impossible, -2 illegal).
    Json,
    /// The payload bytes alone (the 65,536 table bytes for the 4x4 Flip Game; int32
    /// little-endian entries for a Bloxorz field).
    Raw,
}

impl FormatArg {
    /// The format an output file's extension names: `.fbt` and `.bin` the table file
    /// (`fbt`), `.npy`, `.csv`, `.json`, `.raw`; `None` for any other (or none).
    pub fn from_extension(path: &Path) -> Option<FormatArg> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match extension.as_str() {
            "fbt" | "bin" => FormatArg::Bincode,
            "npy" => FormatArg::Npy,
            "csv" => FormatArg::Csv,
            "json" => FormatArg::Json,
            "raw" => FormatArg::Raw,
            _ => return None,
        })
    }

    /// The format of an output: `given` (`--format`), else the one `output`'s extension names,
    /// else `fallback`.
    ///
    /// # Errors
    ///
    /// A [`UsageError`] of `command` when none of the three gives a format.
    pub fn resolve(
        given: Option<FormatArg>,
        output: Option<&Path>,
        fallback: Option<FormatArg>,
        command: &'static [&'static str],
    ) -> anyhow::Result<FormatArg> {
        let file = output.filter(|o| o.as_os_str() != "-");
        given.or_else(|| file.and_then(FormatArg::from_extension)).or(fallback).ok_or_else(|| {
            let why = match file {
                Some(path) => format!("the extension of -o {} names none", escape_path(path)),
                None => "standard output has no extension to name one".to_string(),
            };
            usage(
                command,
                format!(
                    "give --format (fbt, npy, csv, json or raw): {why} (.fbt or .bin, .npy, \
                     .csv, .json, .raw)"
                ),
            )
        })
    }

    /// True for the formats that are not text (`bincode`, `npy`, `raw`).
    pub fn is_binary(self) -> bool {
        matches!(self, FormatArg::Bincode | FormatArg::Npy | FormatArg::Raw)
    }

    /// Refuses to write this format to `destination` when it is binary and `destination` a
    /// terminal (bytes a terminal would garble, and that may set its state).
    ///
    /// # Errors
    ///
    /// A [`UsageError`] of `command` saying what to do instead.
    pub fn check_terminal(
        self,
        destination: &Destination,
        command: &'static [&'static str],
    ) -> anyhow::Result<()> {
        if self.is_binary() && destination.is_terminal() {
            let name = self.to_possible_value().map(|v| v.get_name().to_string());
            return Err(usage(
                command,
                format!(
                    "--format {} is binary and standard output is a terminal: write it to a file \
                     with -o FILE, or redirect standard output (> FILE, | program)",
                    name.unwrap_or_default()
                ),
            ));
        }
        Ok(())
    }
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

/// How a Bloxorz input file is written (`--input-format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Told from the file: `flash` when it assigns `levels`, `drawing` when its first line holds
    /// only drawing cells, `pddl` when it starts with `(`, `pack` otherwise (docs/LEVELS.md).
    Auto,
    /// Level packs in the text format (POJ 3322 and its extension, docs/LEVELS.md).
    Pack,
    /// The original Flash game's level file (bloxorzlevels.txt) or a JavaScript port of it.
    Flash,
    /// The S/T/o/- drawing: `S` start, `T` target, `o` tile, `-` nothing, ragged rows, levels
    /// separated by blank lines.
    Drawing,
    /// PDDL problems of the planning benchmarks' Bloxorz domain (RAIRLab/bloxorz's
    /// `domain2.pddl`): one level per `(define (problem ...))`.
    Pddl,
}

impl From<InputFormat> for flipblox::bloxorz::InputFormat {
    fn from(format: InputFormat) -> flipblox::bloxorz::InputFormat {
        use flipblox::bloxorz::InputFormat as Library;
        match format {
            InputFormat::Auto => Library::Auto,
            InputFormat::Pack => Library::Pack,
            InputFormat::Flash => Library::Flash,
            InputFormat::Drawing => Library::Drawing,
            InputFormat::Pddl => Library::Pddl,
        }
    }
}

/// Parses a byte size such as `2GiB`, `512 MB` or `1000000` (`--max-memory`).
pub fn parse_memory(text: &str) -> Result<u64, String> {
    parse_size::parse_size(text).map_err(|e| format!("{e} (examples: 2GiB, 512MB, 1000000)"))
}

/// What follows the message of an error that a larger `--max-memory` would lift.
pub fn memory_hint(over_memory_limit: bool) -> &'static str {
    if over_memory_limit { " (--max-memory)" } else { "" }
}

/// The message of a level that could not be read or answered, naming `--max-memory` when a
/// larger limit would lift the error.
pub fn level_error(error: &LevelError) -> String {
    format!("{error}{}", memory_hint(error.is_over_memory_limit()))
}

/// Parses a 1-based level number (`--level`).
pub fn level_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("levels are numbered from 1".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e} (a level number: 1 for the first level)")),
    }
}

/// For `verify --json` and `stats --json`, which print one object for one table file: when the
/// run failed on the table file `file` (not on its usage: a [`UsageError`] prints
/// nothing), prints the file's record `{"file": NAME, "error": MESSAGE}` (the message without
/// the name in front), then returns the run's outcome as it was.
///
/// # Errors
///
/// The run's error, or a failure to write the record.
pub fn with_file_error(
    json: bool,
    file: Option<String>,
    outcome: anyhow::Result<Outcome>,
) -> anyhow::Result<Outcome> {
    use std::io::Write;
    match (outcome, file) {
        (Err(e), Some(name)) if json && e.downcast_ref::<UsageError>().is_none() => {
            let mut out = super::print::stdout();
            let message = format!("{e:#}");
            let error = message.strip_prefix(&format!("{name}: ")).unwrap_or(&message);
            serde_json::to_writer(&mut out, &super::print::FileError { file: &name, error })?;
            out.write_all(b"\n")?;
            out.flush().context("writing to stdout")?;
            Err(e)
        }
        (outcome, _) => outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_sizes_read_with_units() {
        assert_eq!(parse_memory("2GiB"), Ok(flipblox::bloxorz::Limits::default().max_memory));
        assert_eq!(parse_memory("1000"), Ok(1000));
        assert_eq!(parse_memory("1 KiB"), Ok(1024));
        assert!(parse_memory("lots").is_err());
    }

    #[test]
    fn level_numbers_start_at_1() {
        assert_eq!(level_number("3"), Ok(3));
        assert!(level_number("0").unwrap_err().contains("from 1"));
        assert!(level_number("x").is_err());
    }
}
