//! `flipblox inspect`: check exported table files and print what they hold.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::args::{MapArgs, Outcome, table_bytes};
use super::io::{for_each_input, sources};
use super::print::{self, Reporter};
use flipblox::table_file::{Histogram, Loaded, NpyFile, NpyTable, Puzzle, Table, TableFile, load};

/// Check table files (from `flipblox table build`, or `flipblox export --format bincode` or
/// `--format npy`) and print their metadata and distance histogram.
///
/// Checks: magic, format version, header checksum, shape, payload checksum, the histogram
/// recomputed from the payload (a .npy file has no checksum), and for a Flip Game table the proof
/// that it is the distance table of its board. A truncated, corrupted or foreign file is reported
/// on stderr and the exit code is 1; every other file is still inspected. Regular files are
/// memory-mapped unless --no-mmap is given.
#[derive(Debug, Args)]
pub struct InspectArgs {
    /// Table files (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,

    #[command(flatten)]
    map: MapArgs,
}

/// Runs `flipblox inspect`.
pub fn run(args: InspectArgs) -> anyhow::Result<Outcome> {
    let mut out = print::stdout();
    let mut failed = false;
    // A blank line separates the descriptions on stdout (not the failed files, which go to stderr).
    let mut described = 0;
    let unreadable =
        for_each_input(&sources(&args.files), args.map.map(), &mut out, |out, input| {
            let name = input.name().to_string();
            let bytes = match table_bytes(input) {
                Ok(bytes) => bytes,
                Err(e) => {
                    out.unreadable(&name, &format_args!("{e:#}"));
                    failed = true;
                    return Ok(());
                }
            };
            match load(bytes) {
                Ok(loaded) => {
                    if described > 0 {
                        writeln!(out)?;
                    }
                    described += 1;
                    writeln!(out, "file: {name} ({} bytes)", bytes.len())?;
                    match &loaded {
                        Loaded::TableFile(file) => describe_table_file(out, file)?,
                        Loaded::Npy(file) => describe_npy(out, file)?,
                    }
                }
                Err(e) => {
                    out.report_file(&name, format_args!("{e}"));
                    failed = true;
                }
            }
            Ok(())
        })?;
    out.flush().context("writing to stdout")?;
    Ok(Outcome::from_failed(failed || unreadable))
}

fn describe_table_file(out: &mut impl Write, file: &TableFile<'_>) -> anyhow::Result<()> {
    let header = file.header();
    writeln!(
        out,
        "format: flipblox table file, format version {} (bincode header of {} bytes, CRC-32 \
         {:#010x} ok)",
        flipblox::table_file::container::FORMAT_VERSION,
        file.header_len(),
        file.header_crc32()
    )?;
    writeln!(out, "puzzle: {}", header.puzzle.describe())?;
    let cols = match header.puzzle {
        Puzzle::FlipGame { cols, .. } | Puzzle::Bloxorz { cols, .. } => cols,
    };
    writeln!(out, "state layout: {}", header.state_layout.describe(cols))?;
    if let Table::Bloxorz(field) = file.table() {
        let (r, c) = field.goal();
        writeln!(out, "goal: row {r}, col {c} (0-based)")?;
    }
    writeln!(
        out,
        "payload: shape {:?}, {}, {} bytes at offset {}, CRC-32 {:#010x} ok",
        header.shape,
        element_name(header.element),
        header.payload_len,
        header.payload_offset,
        header.payload_crc32
    )?;
    writeln!(out, "sentinel: {} = {}", header.sentinel, header.puzzle.sentinel_meaning())?;
    write_histogram(out, &header.histogram, histogram_label(&header.puzzle))
}

/// The key of the histogram's last line: `Impossible` or `Unreachable`.
fn histogram_label(puzzle: &Puzzle) -> &'static str {
    match puzzle {
        Puzzle::FlipGame { .. } => "Impossible",
        Puzzle::Bloxorz { .. } => "Unreachable",
    }
}

fn describe_npy(out: &mut impl Write, file: &NpyFile<'_>) -> anyhow::Result<()> {
    let (major, minor) = file.version();
    writeln!(
        out,
        "format: NumPy .npy, format version {major}.{minor} (the format has no checksum)"
    )?;
    let dims: Vec<String> = file.shape().iter().map(u64::to_string).collect();
    let tuple =
        if dims.len() == 1 { format!("({},)", dims[0]) } else { format!("({})", dims.join(", ")) };
    writeln!(
        out,
        "array: dtype {}, shape {tuple}, {} order, data at offset {}",
        file.descr(),
        if file.fortran_order() { "Fortran" } else { "C" },
        file.data_offset()
    )?;
    let label = match file.table() {
        NpyTable::Flip { cells, .. } => {
            writeln!(
                out,
                "puzzle: Flip Game table of 2^{cells} states ({cells} pieces; a .npy does not \
                 record the board's rows and columns)"
            )?;
            writeln!(
                out,
                "state layout: index = state; bit cols*row+col set = that piece shows black"
            )?;
            writeln!(out, "sentinel: 255 = Impossible")?;
            "Impossible"
        }
        NpyTable::Bloxorz(field) => {
            let puzzle = Puzzle::Bloxorz { rows: field.rows(), cols: field.cols() };
            writeln!(out, "puzzle: {}", puzzle.describe())?;
            writeln!(out, "state layout: {}", puzzle.state_layout().describe(field.cols()))?;
            let (r, c) = field.goal();
            writeln!(out, "goal: row {r}, col {c} (0-based)")?;
            writeln!(out, "sentinel: -1 = {}", puzzle.sentinel_meaning())?;
            histogram_label(&puzzle)
        }
    };
    write_histogram(out, &file.histogram(), label)
}

fn element_name(element: flipblox::table_file::Element) -> &'static str {
    match element {
        flipblox::table_file::Element::U8 => "u8 entries",
        flipblox::table_file::Element::I32Le => "i32 little-endian entries",
    }
}

fn write_histogram(out: &mut impl Write, histogram: &Histogram, label: &str) -> anyhow::Result<()> {
    writeln!(out, "histogram (distance count):")?;
    for (d, count) in histogram.counts.iter().enumerate() {
        writeln!(out, "{d} {count}")?;
    }
    writeln!(out, "{label} {}", histogram.unreachable)?;
    Ok(())
}
