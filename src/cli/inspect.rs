//! `flipblox inspect`: check exported table files and print what they hold.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::args::{MapArgs, Outcome, table_bytes};
use super::io::{for_each_input, sources};
use super::print::{FileError, PerFile, Reporter};
use flipblox::lights_out::{DistanceTable, Goal, Variant};
use flipblox::table_file::{
    Element, Loaded, NpyFile, NpyTable, Puzzle, Table, TableFile, VariantFields, load,
};

/// Check table files (from `flipblox table build`, or `flipblox export --format fbt` or
/// `--format npy`) and print their metadata and distance histogram.
///
/// Checks: magic, format version, header checksum, shape, payload checksum, the histogram
/// recomputed from the payload (a .npy file has no checksum), and for a Flip Game table the proof
/// that it is the distance table of its board. A truncated, corrupted or foreign file is reported
/// on stderr and the exit code is 1; every other file is still inspected. Regular files are
/// memory-mapped unless --no-mmap is given.
///
/// With --json: one JSON object per file (docs/JSON.md): file, error (null unless the file
/// failed; then the only other key), bytes, format, format_version, puzzle, rows, cols, shape,
/// dtype, state_layout, goal, impossible_value, illegal_value, histogram, impossible, illegal,
/// max_distance.
#[derive(Debug, Args)]
pub struct InspectArgs {
    /// Table files (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Print one JSON object per file instead of text (docs/JSON.md).
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    map: MapArgs,
}

/// Runs `flipblox inspect`.
pub fn run(args: InspectArgs) -> anyhow::Result<Outcome> {
    let mut out = PerFile::new(args.json);
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
                    let details = Details::of(&loaded, bytes.len() as u64);
                    if out.json() {
                        let record = Inspection { file: &name, error: None, details };
                        return out.object(&record);
                    }
                    if described > 0 {
                        writeln!(out)?;
                    }
                    described += 1;
                    writeln!(out, "file: {name} ({} bytes)", bytes.len())?;
                    match &loaded {
                        Loaded::TableFile(file) => describe_table_file(out, file)?,
                        Loaded::Npy(file) => describe_npy(out, file)?,
                    }
                    write_sentinels(out, &details)?;
                    write_histogram(out, &details)?;
                }
                Err(e) => {
                    out.report_file(&name, format_args!("{e}"));
                    failed = true;
                    if out.json() {
                        out.object(&FileError { file: &name, error: &e.to_string() })?;
                    }
                }
            }
            Ok(())
        })?;
    out.flush().context("writing to stdout")?;
    Ok(Outcome::from_failed(failed || unreadable))
}

/// One file as `inspect --json` prints it: `file`, `error: null` and the [`Details`] (a file
/// that failed is a [`FileError`]).
#[derive(Serialize)]
struct Inspection<'a> {
    file: &'a str,
    /// Always `null`: the file was read and checked.
    error: Option<&'a str>,
    #[serde(flatten)]
    details: Details,
}

/// What a checked file holds, the same for a table file and a `.npy` file.
#[derive(Serialize)]
struct Details {
    /// Bytes in the file.
    bytes: u64,
    /// `flipblox table file` or `npy`.
    format: &'static str,
    /// `2` (table file) or `1.0` (the `.npy` version).
    format_version: String,
    /// `flip-game`, `bloxorz` or `lights-out`, as in the JSON export.
    puzzle: &'static str,
    /// A Lights Out table's rules (colours, wrap, toggle, goal); `null` for the others.
    variant: Option<VariantFields>,
    /// The board's or level's rows and columns; `null` for a Flip Game `.npy`, which does not
    /// record them.
    rows: Option<u32>,
    cols: Option<u32>,
    /// The payload's shape, C order.
    shape: Vec<u64>,
    /// The NumPy dtype of an entry: `|u1` or `<i4`.
    dtype: &'static str,
    state_layout: String,
    /// A Bloxorz field's goal `[row, col]`, 0-based.
    goal: Option<[u32; 2]>,
    /// The entry that means impossible (255 or -1), and the illegal entry (-2, Bloxorz only).
    impossible_value: i64,
    illegal_value: Option<i64>,
    /// `histogram[d]` entries at distance `d`, then the sentinels' counts.
    histogram: Vec<u64>,
    impossible: u64,
    illegal: u64,
    max_distance: Option<usize>,
}

impl Details {
    fn of(loaded: &Loaded<'_>, bytes: u64) -> Details {
        // A .npy of a Flip Game or Lights Out table records no board: its name and layout.
        let mut unrecorded = None;
        let (format, format_version, puzzle, histogram, shape, goal) = match loaded {
            Loaded::TableFile(file) => {
                let header = file.header();
                let goal = match file.table() {
                    Table::Bloxorz(field) => Some(field.goal()),
                    Table::LightsOut(_) => None,
                };
                let version = TableFile::FORMAT_VERSION.to_string();
                let puzzle = Some(header.puzzle.clone());
                (
                    "flipblox table file",
                    version,
                    puzzle,
                    header.histogram.clone(),
                    header.shape.clone(),
                    goal,
                )
            }
            Loaded::Npy(file) => {
                let (major, minor) = file.version();
                unrecorded = unrecorded_board(file.table());
                let (puzzle, goal) = match file.table() {
                    NpyTable::Flip { .. } | NpyTable::LightsOut { .. } => (None, None),
                    NpyTable::Bloxorz(field) => (
                        Some(Puzzle::Bloxorz { rows: field.rows(), cols: field.cols() }),
                        Some(field.goal()),
                    ),
                };
                (
                    "npy",
                    format!("{major}.{minor}"),
                    puzzle,
                    file.histogram(),
                    file.shape().to_vec(),
                    goal,
                )
            }
        };
        let (name, rows, cols) = match &puzzle {
            Some(puzzle) => {
                let (rows, cols) = puzzle.board();
                (puzzle.name(), Some(rows), Some(cols))
            }
            None => (unrecorded.as_ref().map_or("flip-game", |u| u.0), None, None),
        };
        let variant = puzzle.as_ref().and_then(Puzzle::variant_fields);
        let layout = |puzzle: &Puzzle, cols: u32| puzzle.state_layout().describe(cols);
        let state_layout = match (&puzzle, cols, unrecorded) {
            (Some(puzzle), Some(cols), _) => layout(puzzle, cols),
            (_, _, Some((_, layout))) => layout,
            _ => unreachable!("a table file records its board, a .npy field its shape"),
        };
        let element = match &puzzle {
            Some(puzzle) => puzzle.element(),
            None => Element::U8,
        };
        Details {
            bytes,
            format,
            format_version,
            puzzle: name,
            variant,
            rows,
            cols,
            max_distance: histogram.max_distance(),
            shape,
            dtype: element.numpy_descr(),
            state_layout,
            goal: goal.map(<[u32; 2]>::from),
            impossible_value: element.sentinel(),
            illegal_value: puzzle.as_ref().and_then(Puzzle::illegal_value),
            impossible: histogram.impossible,
            illegal: histogram.illegal,
            histogram: histogram.counts,
        }
    }
}

fn describe_table_file(out: &mut impl Write, file: &TableFile<'_>) -> anyhow::Result<()> {
    let header = file.header();
    writeln!(
        out,
        "format: flipblox table file, format version {} (bincode header of {} bytes, CRC-32 \
         {:#010x} ok)",
        TableFile::FORMAT_VERSION,
        file.header_len(),
        file.header_crc32()
    )?;
    writeln!(out, "puzzle: {}", header.puzzle.describe())?;
    let (_, cols) = header.puzzle.board();
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
    Ok(())
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
    match file.table() {
        NpyTable::Flip { cells, .. } => {
            writeln!(
                out,
                "puzzle: Flip Game table of 2^{cells} states ({cells} pieces; a .npy does not \
                 record the board's rows and columns)"
            )?;
        }
        NpyTable::LightsOut { colours, cells, .. } => {
            writeln!(
                out,
                "puzzle: Lights Out table of {colours}^{cells} states ({cells} cell{}, {colours} \
                 colours; a .npy does not record the board's rows and columns, the toggle \
                 pattern or the goal)",
                if *cells == 1 { "" } else { "s" }
            )?;
        }
        NpyTable::Bloxorz(field) => {
            let puzzle = Puzzle::Bloxorz { rows: field.rows(), cols: field.cols() };
            writeln!(out, "puzzle: {}", puzzle.describe())?;
            writeln!(out, "state layout: {}", puzzle.state_layout().describe(field.cols()))?;
            let (r, c) = field.goal();
            writeln!(out, "goal: row {r}, col {c} (0-based)")?;
        }
    }
    // A Flip Game or Lights Out table's layout, after its puzzle line.
    if let Some((_, layout)) = unrecorded_board(file.table()) {
        writeln!(out, "state layout: {layout}")?;
        writeln!(out, "distances: {}", npy_proof(file.table()))?;
    }
    Ok(())
}

/// The most states of a `.npy` Lights Out table whose distances `inspect` tries to prove on
/// each board shape (the proof reads every entry's neighbours: `states * cells` lookups).
const MAX_PROVED_NPY_STATES: u64 = 1 << 25;

/// What `inspect` knows of a `.npy` Lights Out table's entries, in words. Reading the file
/// checked what every distance table passes (a uniform board at 0, no distance missing); the
/// proof that they are distances needs the moves, which a `.npy` does not record, so up to
/// [`MAX_PROVED_NPY_STATES`] states it is tried with the plus toggle pattern, without
/// wrap-around, on every board shape and number of colours of the table's length, for the goal
/// the zeros show.
fn npy_proof(table: &NpyTable<'_>) -> String {
    let (shapes, distances): (Vec<(u8, u32)>, _) = match *table {
        // 4, 8 or 16 colours on fewer cells fill the same power-of-two length.
        NpyTable::Flip { cells, distances } => {
            let colours = [1, 2, 3, 4].into_iter().filter(|bits| cells.is_multiple_of(*bits));
            (colours.map(|bits| (1u8 << bits, cells / bits)).collect(), distances)
        }
        NpyTable::LightsOut { colours, cells, distances } => (vec![(colours, cells)], distances),
        _ => return "not checked".to_string(),
    };
    let checked = "checked that a uniform board is at 0 and no other state, and that no distance \
                   is missing below the largest";
    let states = distances.len() as u64;
    if states > MAX_PROVED_NPY_STATES {
        return format!(
            "{checked}; not proved to be distances (a .npy does not record the toggle pattern, \
             and boards of more than 2^25 states are not tried)"
        );
    }
    let mut proved = Vec::new();
    for (colours, cells) in shapes {
        let cells = cells as usize;
        let ones = (states - 1) / u64::from(colours - 1);
        let zeros: Vec<u8> =
            (0..colours).filter(|&c| distances[(u64::from(c) * ones) as usize] == 0).collect();
        let goal = match zeros.as_slice() {
            &[c] => Goal::Colour(c),
            _ => Goal::Any,
        };
        for rows in (1..=cells).filter(|rows| cells.is_multiple_of(*rows)) {
            let variant = Variant::builder(rows, cells / rows).colours(colours).goal(goal).build();
            let Ok(variant) = variant else { continue };
            if DistanceTable::from_bytes(&variant, distances).is_ok_and(|t| t.check().is_ok()) {
                let goal = match goal {
                    Goal::Colour(c) => format!("every cell colour {c}"),
                    _ => "any uniform board".to_string(),
                };
                proved.push(format!("{rows}x{}, {colours} colours, goal {goal}", cells / rows));
            }
        }
    }
    if proved.is_empty() {
        format!(
            "{checked}; not proved to be distances (a .npy does not record the toggle pattern, \
             and they are not those of the plus on any board of its states)"
        )
    } else {
        format!(
            "proved to be the distance table of the plus toggle pattern, without wrap-around, on \
             {}",
            proved.join("; ")
        )
    }
}

/// The JSON puzzle name and the state layout of a .npy table that records no board (a Flip
/// Game or Lights Out table); `None` for a Bloxorz field.
fn unrecorded_board(table: &NpyTable<'_>) -> Option<(&'static str, String)> {
    match table {
        NpyTable::Flip { .. } => Some((
            "flip-game",
            "index = state; bit cols*row+col set = that piece shows black".to_string(),
        )),
        NpyTable::LightsOut { colours, .. } => Some((
            "lights-out",
            format!(
                "index = state = sum of colour(cell) * {colours}^cell, cells row-major \
                 (cell = cols*row+col); colour 0 = white"
            ),
        )),
        NpyTable::Bloxorz(_) => None,
    }
}

fn element_name(element: Element) -> &'static str {
    match element {
        Element::U8 => "u8 entries",
        Element::I32Le => "i32 little-endian entries",
    }
}

/// `sentinels: 255 = impossible` or `sentinels: -1 = impossible, -2 = illegal`.
fn write_sentinels(out: &mut impl Write, details: &Details) -> anyhow::Result<()> {
    write!(out, "sentinels: {} = impossible", details.impossible_value)?;
    if let Some(illegal) = details.illegal_value {
        write!(out, ", {illegal} = illegal")?;
    }
    writeln!(out)?;
    Ok(())
}

/// The histogram: `distance count` lines, then `Impossible N` (and `Illegal N` for a field).
fn write_histogram(out: &mut impl Write, details: &Details) -> anyhow::Result<()> {
    writeln!(out, "histogram (distance count):")?;
    for (d, count) in details.histogram.iter().enumerate() {
        writeln!(out, "{d} {count}")?;
    }
    writeln!(out, "Impossible {}", details.impossible)?;
    if details.illegal_value.is_some() {
        writeln!(out, "Illegal {}", details.illegal)?;
    }
    Ok(())
}
