//! `flipblox render`: pictures of Bloxorz levels and their optimal paths (still or animated),
//! of a level's distance field, of a Flip Game board with its optimal presses and of a distance
//! histogram, as SVG or PNG, and a level pack's contact sheet; drawn by `flipblox::render`.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError, mpsc};

use anyhow::Context;
use clap::{Args, Subcommand};

use super::args::{MapArgs, Outcome, level_error, level_number, parse_memory, usage};
use super::export::FieldLevelArgs;
use super::io::{
    Destination, Input, Pending, Source, create_directory, escape_path, for_each_input,
};
use super::levels::{FormatArgs, Reading};
use super::print::{Reporter, Stderr};
use super::progress;
use super::stats::StatsFlipArgs;
use super::variant::{PuzzleArgs, VariantArgs, batch_error};
use flipblox::bloxorz::{
    FieldError, Level, LevelError, LevelSource, Limits, Solution, Solver, Step,
};
use flipblox::lights_out::{Alphabet, BatchError, BatchSink, BoardRecord, BoardSize};
use flipblox::render::{
    AnimationOptions, ContactSheet, Drawing, FieldPicture, FlipPicture, HistogramPicture,
    LevelOptions, LevelPicture, Outcome as SheetOutcome, PathPicture, PngOptions, RenderError,
    SheetEntry,
};

/// Draw pictures: a Bloxorz level and its optimal path (still or animated), a whole pack with
/// an HTML contact sheet, a level's distance field, a Flip Game board with its optimal presses,
/// a distance histogram.
///
/// The format follows the output's extension: `-o FILE.svg` writes SVG, `-o FILE.png` PNG
/// (drawn with an embedded font: the same pixels on every machine), `-o -` SVG on standard
/// output. A file is written to a temporary file beside it and renamed over FILE when complete
/// (as for `export`). Exit codes: 0 when every picture was written; 1 when an input could not
/// be read, a level could not be searched, there is no solution to draw (Impossible), or a file
/// could not be written; 2 for usage errors.
#[derive(Debug, Args)]
pub struct RenderArgs {
    #[command(subcommand)]
    what: RenderCommand,
}

#[derive(Debug, Subcommand)]
enum RenderCommand {
    /// A Bloxorz level (`--level N`) with a legend, its optimal path (`--path`) or an animation
    /// of it (`--animate`); or, without `--level`, every level of the pack into a directory
    /// with an index.html contact sheet.
    Bloxorz(BloxorzArgs),
    /// The distance-to-goal field of a Bloxorz level: one heat map per orientation of the box
    /// (standing, lying horizontally, lying vertically), viridis from 0 to the largest
    /// distance, states that cannot reach the goal and states where the box may not rest in
    /// colours of their own, and a colour bar. POJ 3322 levels only (no switches).
    Field(FieldArgs),
    /// A Flip Game board with the presses of an optimal solution ringed and numbered in press
    /// order (the order `flipblox flip --path` prints them), answered as `flipblox flip`
    /// answers it, with the same options for the variant, buttons, holes (drawn as empty
    /// squares) and Tatham game IDs.
    Flip(FlipArgs),
    /// The distance histogram of the Flip Game or another Lights Out variant (as `flipblox stats
    /// flip` prints it, with the same options) as a bar chart: states at each minimum number of
    /// presses, and the Impossible ones.
    Stats(StatsArgs),
}

/// Where a picture goes and how a PNG is made.
#[derive(Debug, Args)]
struct PictureArgs {
    /// The picture: FILE.svg or FILE.png (the format follows the extension), or `-` for SVG on
    /// standard output.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,

    #[command(flatten)]
    png: PngArgs,
}

/// The size of PNG pictures.
#[derive(Debug, Clone, Copy, Args)]
struct PngArgs {
    /// PNG: pixels per unit of the picture (a cell of a board is 24 units, so the default
    /// draws a cell 48 pixels wide).
    #[arg(long, value_name = "PIXELS", default_value_t = 2.0, value_parser = positive_scale)]
    scale: f32,

    /// PNG: the most pixels on either side; a larger picture is drawn at the largest scale that
    /// fits (a 500x500 level then gets about 8 pixels per cell).
    #[arg(long, value_name = "PIXELS", default_value_t = 4096,
          value_parser = clap::value_parser!(u32).range(16..=16384))]
    max_side: u32,
}

impl PngArgs {
    fn options(self) -> PngOptions {
        PngOptions { scale: self.scale, max_side: self.max_side }
    }
}

/// Parses `--scale`: a positive, finite number.
fn positive_scale(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 64.0 => Ok(s),
        Ok(_) => Err("expected a number of pixels above 0 and at most 64".to_owned()),
        Err(e) => Err(e.to_string()),
    }
}

#[derive(Debug, Args)]
struct BloxorzArgs {
    /// The level pack (the text format of `flipblox bloxorz`, or the Flash game's level file
    /// with `--input-format flash`); `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,

    /// The level to draw, 1-based (levels that cannot be read count, as in the numbers
    /// `flipblox bloxorz` reports). Without it, every level is drawn into the directory given
    /// by -o DIR/.
    #[arg(long, value_name = "N", value_parser = level_number)]
    level: Option<usize>,

    /// Draw one optimal path over the level: the block's footprint after every move, coloured
    /// from the start (dark blue) to the goal (orange) and numbered in move order. With a
    /// directory, also write level-NNNN-path.svg for every level that can be solved.
    #[arg(long)]
    path: bool,

    /// Write an SVG that plays one optimal path (SMIL animation, no script; it loops), instead
    /// of a still picture. With a directory, also write level-NNNN-animation.svg for every
    /// level that can be solved.
    #[arg(long)]
    animate: bool,

    /// Draw thin grid lines between the cells.
    #[arg(long)]
    grid: bool,

    /// Write a title above the level: TEXT, or without it the level's own title (the `;`
    /// comment line right before it in the pack; a level without one gets none).
    #[arg(long, value_name = "TEXT", num_args = 0..=1, default_missing_value = "")]
    title: Option<String>,

    /// Leave out the legend under the level (PNGs of levels too large for its words to be read,
    /// more than about 340 cells a side at the default size, leave it out anyway).
    #[arg(long)]
    no_legend: bool,

    #[command(flatten)]
    formats: FormatArgs,

    /// Refuse, before allocating, any level that would need more memory than SIZE to solve (as
    /// `flipblox bloxorz --max-memory`).
    #[arg(long, value_name = "SIZE", default_value = "2GiB", value_parser = parse_memory)]
    max_memory: u64,

    /// With --level: the picture (FILE.svg, FILE.png or `-`). Without: the directory to write
    /// every level into (created if missing; written as DIR/ or an existing directory):
    /// level-NNNN.svg (with legend), level-NNNN-thumb.svg (without; a small PNG for levels of
    /// over 40,000 cells) and index.html, a contact sheet any browser opens from the disk.
    #[arg(short, long, value_name = "FILE|DIR/")]
    output: PathBuf,

    #[command(flatten)]
    png: PngArgs,

    #[command(flatten)]
    map: MapArgs,
}

#[derive(Debug, Args)]
struct FieldArgs {
    #[command(flatten)]
    level: FieldLevelArgs,

    #[command(flatten)]
    out: PictureArgs,
}

#[derive(Debug, Args)]
struct FlipArgs {
    /// A file of boards, read as `flipblox flip` reads them (`-` reads standard input): the
    /// board --index picks is drawn. For boards too large for the command line.
    #[arg(value_name = "FILE", required_unless_present_any = ["board", "tatham"],
          conflicts_with = "board")]
    file: Option<PathBuf>,

    /// The board: its rows separated by `/` (`bwwb/bbwb/bwwb/bwww`) or R*C characters row by
    /// row, `b` black and `w` white.
    #[arg(long, value_name = "BOARD", allow_hyphen_values = true)]
    board: Option<String>,

    /// With FILE: the board to draw, 1-based.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = level_number, requires = "file")]
    index: usize,

    /// Board size: ROWSxCOLS, each side 1 to 1024 (when omitted, read from the board as
    /// `flipblox flip` does).
    #[arg(long, value_name = "RxC")]
    size: Option<BoardSize>,

    #[command(flatten)]
    variant: VariantArgs,

    #[command(flatten)]
    puzzle: PuzzleArgs,

    #[command(flatten)]
    out: PictureArgs,
}

#[derive(Debug, Args)]
struct StatsArgs {
    #[command(flatten)]
    table: StatsFlipArgs,

    #[command(flatten)]
    variant: VariantArgs,

    #[command(flatten)]
    out: PictureArgs,
}

/// Runs `flipblox render`.
pub fn run(args: RenderArgs) -> anyhow::Result<Outcome> {
    match args.what {
        RenderCommand::Bloxorz(args) => match args.level {
            Some(number) => bloxorz_level(&args, number),
            None => bloxorz_pack(&args),
        },
        RenderCommand::Field(args) => field(&args),
        RenderCommand::Flip(args) => flip(&args),
        RenderCommand::Stats(args) => stats(&args),
    }
}

/// What a picture is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

/// The format of `output` (`-` is SVG), or a usage error of `command`.
fn format_of(output: &Path, command: &'static [&'static str]) -> anyhow::Result<Format> {
    if output.as_os_str() == "-" {
        return Ok(Format::Svg);
    }
    let extension = output.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => Err(usage(
            command,
            format!(
                "-o {}: expected a file name ending in .svg or .png (the format follows it), or - \
                 for SVG on standard output",
                escape_path(output)
            ),
        )),
    }
}

/// Writes `drawing` in `format` to `destination` as it is made: an SVG element by element, a
/// PNG a row of pixels at a time from its raster (the one copy of its pixels).
///
/// # Errors
///
/// A [`RenderError`] when the PNG cannot be drawn; an I/O error after `name: cannot write`.
fn write_drawing(
    destination: &mut Destination,
    drawing: &Drawing,
    format: Format,
    png: &PngOptions,
) -> anyhow::Result<()> {
    let name = destination.name().to_owned();
    let context = || format!("{name}: cannot write");
    match format {
        Format::Svg => drawing.write_svg(destination.writer()).with_context(context),
        Format::Png => match drawing.write_png(png, destination.writer()) {
            Err(RenderError::Io(e)) => Err(e).with_context(context),
            drawn => Ok(drawn?),
        },
    }
}

/// Creates `output` (before any work, so that a bad path fails at once), then writes the
/// drawing `draw` makes into it in `format`; `draw` returns `None` when it reported why there
/// is nothing to write.
fn picture(
    output: &Path,
    format: Format,
    png: PngArgs,
    draw: impl FnOnce() -> anyhow::Result<Option<Drawing>>,
) -> anyhow::Result<Outcome> {
    let mut destination = Destination::create(Some(output))?;
    match draw()? {
        Some(drawing) => {
            write_drawing(&mut destination, &drawing, format, &png.options())?;
            destination.commit()?;
            Ok(Outcome::Success)
        }
        None => Ok(Outcome::SomeFailed),
    }
}

/// The memory a picture of level `number` (of the input `name`) needs, checked against
/// `--max-memory` before it is made: `Err` with the level's message when it needs more.
fn within_memory(needed: u64, limit: u64, number: usize, level: &Level) -> Result<(), String> {
    if needed <= limit {
        return Ok(());
    }
    let at = level.origin().map_or(String::new(), |p| format!("{p}: "));
    Err(format!(
        "{at}level {number}: its picture needs about {needed} bytes, more than the memory limit \
         of {limit} bytes (--max-memory)"
    ))
}

/// The memory the PNG of `drawing` (a picture of a level whose tiles take `tiles` bytes: one a
/// cell) needs with the drawing itself.
fn png_needs(drawing: &Drawing, tiles: u64, png: &PngOptions) -> anyhow::Result<u64> {
    Ok(tiles + drawing.memory_bytes() + drawing.png_bytes(png)?)
}

/// Whether `picture` in `format` gets its legend: unless `--no-legend`, or a PNG whose legend
/// would be too small to read ([`LevelPicture::legend_legible`]).
fn legend(args: &BloxorzArgs, format: Format, picture: &LevelPicture) -> bool {
    !args.no_legend && (format == Format::Svg || picture.legend_legible(&args.png.options()))
}

/// Calls `each` with every level of `input` (a text pack, or the stages of the Flash game's file
/// with `--input-format flash`), in order: its number, the byte offset just past it, and the
/// level or why it could not be read; until `each` returns false. Problems of the file as a
/// whole are reported; returns true when there were any.
fn for_each_level(
    input: &mut Input,
    args: &BloxorzArgs,
    reporter: &mut impl Reporter,
    mut each: impl FnMut(usize, usize, Result<&Level, LevelError>) -> anyhow::Result<bool>,
) -> anyhow::Result<bool> {
    let reading = Reading { formats: args.formats, max_memory: args.max_memory, whole: true };
    // Pictures are drawn from a pack held whole: a stream is read within --max-memory.
    reading.read(input, reporter, None, |_, levels| {
        walk(levels, &mut each)?;
        Ok(())
    })
}

/// Reads the levels of `source` for [`for_each_level`]; returns the offset past the last.
fn walk(
    mut source: impl LevelSource,
    each: &mut impl FnMut(usize, usize, Result<&Level, LevelError>) -> anyhow::Result<bool>,
) -> anyhow::Result<usize> {
    let mut level = Level::new();
    while let Some(read) = source.read_into(&mut level) {
        if !each(source.levels_started(), source.offset(), read.map(|()| &level))? {
            break;
        }
    }
    Ok(source.offset())
}

/// Searches `level` (number `number`), and when `path` is given, puts one shortest path in it.
///
/// # Errors
///
/// A search over the memory limit, as the [`LevelError`] `flipblox bloxorz` reports.
fn solve(
    solver: &mut Solver,
    level: &Level,
    number: usize,
    max_memory: u64,
    path: Option<&mut Vec<Step>>,
) -> Result<Solution, LevelError> {
    let limits = Limits { max_memory };
    let solved = match path {
        Some(path) => solver.solve_with_path(level, limits, path),
        None => solver.solve(level, limits),
    };
    solved.map_err(|e| LevelError::search(number, level.origin(), e))
}

/// The picture of a solved level's path, replayed under the level's rules.
fn path_picture(level: &Level, path: &[Step]) -> anyhow::Result<PathPicture> {
    PathPicture::from_path(level, path).context("the solver's path does not replay")
}

/// `render bloxorz FILE --level N -o FILE`.
fn bloxorz_level(args: &BloxorzArgs, number: usize) -> anyhow::Result<Outcome> {
    const COMMAND: &[&str] = &["render", "bloxorz"];
    if args.output.as_os_str() != "-" && is_directory(&args.output) {
        return Err(usage(
            COMMAND,
            format!(
                "-o {}: with --level, -o names the picture (FILE.svg, FILE.png or -); without \
                 --level every level is drawn into the directory",
                escape_path(&args.output)
            ),
        ));
    }
    let format = format_of(&args.output, COMMAND)?;
    if args.animate && args.path {
        return Err(usage(
            COMMAND,
            "--path draws a still picture and --animate an animation: choose one",
        ));
    }
    if args.animate && format == Format::Png {
        return Err(usage(
            COMMAND,
            "--animate writes an animated SVG: -o must name a .svg file (or -)",
        ));
    }
    // Problems of a Flash file elsewhere than stage N are reported, and stage N still drawn.
    let mut problems = false;
    let outcome = picture(&args.output, format, args.png, || {
        let mut drawn = None;
        let unreadable = for_each_input(
            &[Source::from_arg(&args.file)],
            args.map.map(),
            &mut Stderr,
            |err, input| {
                let name = input.name().to_string();
                let mut levels = 0;
                let mut found = None;
                problems = for_each_level(input, args, &mut Stderr, |n, _, read| {
                    levels = n;
                    if n == number {
                        found = Some(read.cloned());
                    }
                    Ok(n < number)
                })?;
                let level = match found {
                    Some(Ok(level)) => level,
                    Some(Err(e)) => {
                        err.report(format_args!("{name}:{}", level_error(&e)));
                        return Ok(());
                    }
                    None => {
                        if !problems {
                            let range = FieldError::OutOfRange { level: number, levels };
                            err.report_file(&name, format_args!("{range}"));
                        }
                        return Ok(());
                    }
                };
                drawn = draw_one_level(args, format, &name, number, &level, err)?;
                Ok(())
            },
        )?;
        Ok(drawn.filter(|_| !unreadable))
    })?;
    Ok(if problems { Outcome::SomeFailed } else { outcome })
}

/// True when `path` names a directory: it ends in `/` or is one.
fn is_directory(path: &Path) -> bool {
    path.as_os_str().to_string_lossy().ends_with(std::path::MAIN_SEPARATOR) || path.is_dir()
}

/// The picture of level `number` of `name` for [`bloxorz_level`]; `None` when it reported why
/// there is none.
fn draw_one_level(
    args: &BloxorzArgs,
    format: Format,
    name: &str,
    number: usize,
    level: &Level,
    err: &mut impl Reporter,
) -> anyhow::Result<Option<Drawing>> {
    let mut path = Vec::new();
    let mut moves = None;
    if args.path || args.animate {
        match solve(&mut Solver::new(), level, number, args.max_memory, Some(&mut path)) {
            Err(e) => {
                err.report(format_args!("{name}:{}", level_error(&e)));
                return Ok(None);
            }
            Ok(Solution { moves: None, .. }) => {
                let message = format_args!(
                    "level {number}: Impossible: no sequence of moves brings the block to the \
                     target, so there is no path to draw (leave out --path and --animate to draw \
                     the level)"
                );
                // At the level's header when it has one (a text pack), else of the file.
                match level.origin() {
                    Some(at) => err.report(format_args!("{name}:{at}: {message}")),
                    None => err.report_file(name, message),
                }
                return Ok(None);
            }
            Ok(Solution { moves: Some(n), .. }) => moves = Some(n as usize),
        }
    }
    let needed = LevelPicture::drawing_bytes(level, moves);
    if let Err(message) = within_memory(needed, args.max_memory, number, level) {
        err.report(format_args!("{name}:{message}"));
        return Ok(None);
    }
    let picture = titled(LevelPicture::from_level(level)?, args);
    let options = LevelOptions {
        legend: legend(args, format, &picture),
        grid: args.grid,
        heading: args.title.is_some(),
        ..LevelOptions::default()
    };
    let drawing = if args.animate {
        let path = path_picture(level, &path)?;
        picture.draw_animation(&path, &AnimationOptions::default())?
    } else if args.path {
        picture.draw_path(&path_picture(level, &path)?, &options)?
    } else {
        picture.draw(&options)?
    };
    if format == Format::Png {
        let tiles = (picture.rows * picture.cols) as u64;
        let needed = png_needs(&drawing, tiles, &args.png.options())?;
        if let Err(message) = within_memory(needed, args.max_memory, number, level) {
            err.report(format_args!("{name}:{message}"));
            return Ok(None);
        }
    }
    Ok(Some(drawing))
}

/// `picture` with the title `--title TEXT` gives, if any (`--title` alone keeps the level's).
fn titled(mut picture: LevelPicture, args: &BloxorzArgs) -> LevelPicture {
    if let Some(text) = args.title.as_deref().filter(|t| !t.is_empty()) {
        picture.title = Some(text.to_owned());
    }
    picture
}

/// Levels of at most this many cells get an SVG thumbnail; larger ones a small PNG, which a
/// browser shows at once where an SVG of a quarter of a million cells takes seconds.
const SVG_THUMBNAIL_CELLS: usize = 40_000;

/// Threads that write the files of a pack's directory and rename them into place: each waits a
/// few milliseconds for the disk (its file written to a temporary file, synced, renamed), and
/// the waits overlap.
const WRITERS: usize = 8;

/// The most files waiting for a writer (a large picture's holds an open file, no data).
const PENDING: usize = 64;

/// The most bytes of small pictures made and waiting for a writer.
const BYTES_IN_FLIGHT: usize = 64 << 20;

/// The stack of a writer thread, in bytes.
const WRITER_STACK: usize = 256 << 10;

/// `render bloxorz FILE -o DIR/`: every level, and the contact sheet.
fn bloxorz_pack(args: &BloxorzArgs) -> anyhow::Result<Outcome> {
    const COMMAND: &[&str] = &["render", "bloxorz"];
    let dir = &args.output;
    if dir.as_os_str() == "-" || !is_directory(dir) {
        return Err(usage(
            COMMAND,
            format!(
                "-o {}: without --level every level is drawn into a directory: write it as DIR/ \
                 (or give --level N to draw one level)",
                escape_path(dir)
            ),
        ));
    }
    create_directory(dir)?;
    let index = Destination::entry(dir, "index.html")?;
    let source = Source::from_arg(&args.file);
    let total = match &source {
        Source::Path(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
        Source::Stdin => 0,
    };
    let (bar, stop_bar) = progress::pack(total, "drawing levels");
    let mut failed = false;
    let name = source.display_name();
    let file = Path::new(&name).file_name().map(|n| n.to_string_lossy().into_owned());
    let mut sheet = ContactSheet { title: file.unwrap_or(name), entries: Vec::new() };
    let unreadable = write_files(dir, |write| {
        for_each_input(
            std::slice::from_ref(&source),
            args.map.map(),
            &mut BarReporter(&bar),
            |err, input| {
                let name = input.name().to_string();
                let mut solver = Solver::new();
                let mut level_failed = false;
                let file_failed = for_each_level(input, args, err, |number, offset, read| {
                    progress::read_to(&bar, offset as u64);
                    let entry = match read {
                        Ok(level) => level_entry(args, &mut solver, number, level, write)?,
                        Err(e) => error_entry(number, level_error(&e)),
                    };
                    if let SheetOutcome::Error(message) = &entry.outcome {
                        BarReporter(&bar).report(format_args!("{name}:{message}"));
                        level_failed = true;
                    }
                    sheet.entries.push(entry);
                    Ok(true)
                })?;
                failed |= file_failed || level_failed;
                Ok(())
            },
        )
    })?;
    drop(stop_bar);
    bar.finish_and_clear();
    if unreadable || (failed && sheet.entries.is_empty()) {
        // Nothing was drawn: no page (its temporary file goes with `index`).
        return Ok(Outcome::SomeFailed);
    }
    let mut index = index;
    let html = sheet.html()?;
    index
        .writer()
        .write_all(html.as_bytes())
        .with_context(|| format!("{}: cannot write", index.name()))?;
    index.commit()?;
    Ok(Outcome::from_failed(failed))
}

/// Messages on stderr, with the progress bar out of their way.
struct BarReporter<'a>(&'a indicatif::ProgressBar);

impl Reporter for BarReporter<'_> {
    fn report(&mut self, message: fmt::Arguments<'_>) {
        self.0.suspend(|| Stderr.report(message));
    }
}

/// The sheet's entry of a level that could not be read.
fn error_entry(level: usize, message: String) -> SheetEntry {
    SheetEntry {
        level,
        rows: 0,
        cols: 0,
        outcome: SheetOutcome::Error(message),
        states_explored: None,
        image: None,
        thumbnail: None,
        links: Vec::new(),
        title: None,
    }
}

/// Writes a file of the pack's directory: its name, its drawing, and as what (SVG, or PNG with
/// these options).
type WriteFile<'a> = &'a dyn Fn(&str, &Drawing, Option<&PngOptions>) -> anyhow::Result<()>;

/// Draws level `number` into its files (handed to `write` by name in the directory) and makes
/// its entry of the contact sheet. A picture over `--max-memory`, or whose memory the system
/// refuses, is not drawn: the level's entry says so (the pictures already written stay), and
/// the next level is drawn.
fn level_entry(
    args: &BloxorzArgs,
    solver: &mut Solver,
    number: usize,
    level: &Level,
    write: WriteFile<'_>,
) -> anyhow::Result<SheetEntry> {
    let mut entry = SheetEntry {
        level: number,
        rows: level.rows(),
        cols: level.cols(),
        outcome: SheetOutcome::Impossible,
        states_explored: None,
        image: None,
        thumbnail: None,
        links: Vec::new(),
        title: level.title().map(str::to_owned),
    };
    match draw_level_files(args, solver, number, level, write, &mut entry) {
        Ok(()) => Ok(entry),
        Err(e) => match e.downcast_ref::<RenderError>() {
            Some(RenderError::Memory(refused)) => {
                let at = level.origin().map_or(String::new(), |p| format!("{p}: "));
                entry.outcome = SheetOutcome::Error(format!("{at}level {number}: {refused}"));
                Ok(entry)
            }
            _ => Err(e),
        },
    }
}

/// The work of [`level_entry`], filling `entry`.
fn draw_level_files(
    args: &BloxorzArgs,
    solver: &mut Solver,
    number: usize,
    level: &Level,
    write: WriteFile<'_>,
    entry: &mut SheetEntry,
) -> anyhow::Result<()> {
    let (rows, cols) = (level.rows(), level.cols());
    let stem = format!("level-{number:04}");
    if let Err(message) =
        within_memory(LevelPicture::drawing_bytes(level, None), args.max_memory, number, level)
    {
        entry.outcome = SheetOutcome::Error(message);
        return Ok(());
    }
    let picture = titled(LevelPicture::from_level(level)?, args);
    let options = LevelOptions {
        legend: !args.no_legend,
        grid: args.grid,
        heading: args.title.is_some(),
        ..LevelOptions::default()
    };
    let image = format!("{stem}.svg");
    write(&image, &picture.draw(&options)?, None)?;
    entry.image = Some(image);
    let bare = LevelOptions { legend: false, heading: false, ..options };
    if rows * cols > SVG_THUMBNAIL_CELLS {
        let png = PngOptions { scale: 2.0, max_side: 2 * ContactSheet::THUMBNAIL_SIZE };
        let name = format!("{stem}-thumb.png");
        let drawing = picture.draw(&bare)?;
        let needed = png_needs(&drawing, (picture.rows * picture.cols) as u64, &png)?;
        if let Err(message) = within_memory(needed, args.max_memory, number, level) {
            entry.outcome = SheetOutcome::Error(message);
            return Ok(());
        }
        write(&name, &drawing, Some(&png))?;
        entry.thumbnail = Some(name);
    } else if options.legend {
        let name = format!("{stem}-thumb.svg");
        write(&name, &picture.draw(&bare)?, None)?;
        entry.thumbnail = Some(name);
    }
    let mut path = Vec::new();
    let wants_path = args.path || args.animate;
    let solution =
        match solve(solver, level, number, args.max_memory, wants_path.then_some(&mut path)) {
            Ok(solution) => solution,
            Err(e) => {
                entry.outcome = SheetOutcome::Error(level_error(&e));
                return Ok(());
            }
        };
    entry.states_explored = Some(solution.states_explored);
    let Some(moves) = solution.moves else { return Ok(()) };
    entry.outcome = SheetOutcome::Moves(u64::from(moves));
    if wants_path {
        let needed = LevelPicture::drawing_bytes(level, Some(moves as usize));
        if let Err(message) = within_memory(needed, args.max_memory, number, level) {
            entry.outcome = SheetOutcome::Error(message);
            return Ok(());
        }
        let path = path_picture(level, &path)?;
        if args.path {
            let name = format!("{stem}-path.svg");
            write(&name, &picture.draw_path(&path, &options)?, None)?;
            entry.links.push(("path".to_owned(), name));
        }
        if args.animate {
            let name = format!("{stem}-animation.svg");
            write(&name, &picture.draw_animation(&path, &AnimationOptions::default())?, None)?;
            entry.links.push(("animation".to_owned(), name));
        }
    }
    Ok(())
}

/// A file of a pack's directory for a writer thread: a small picture made in memory (its name
/// and bytes), or a large one written as it was drawn, waiting to be committed.
enum Job {
    Whole(String, Vec<u8>),
    Written(Pending),
}

impl Job {
    /// Bytes the job holds.
    fn bytes(&self) -> usize {
        match self {
            Job::Whole(_, bytes) => bytes.len(),
            Job::Written(_) => 0,
        }
    }

    /// Writes the file of `dir` (each through [`Destination::entry`]: the entry is replaced,
    /// never followed or opened), flushes it to disk and renames it into place.
    fn run(self, dir: &Path) -> anyhow::Result<()> {
        match self {
            Job::Whole(name, bytes) => {
                let mut destination = Destination::entry(dir, &name)?;
                let shown = destination.name().to_owned();
                destination
                    .writer()
                    .write_all(&bytes)
                    .with_context(|| format!("{shown}: cannot write"))?;
                destination.commit()
            }
            Job::Written(pending) => pending.commit(),
        }
    }
}

/// Pictures that hold at most this much ([`Drawing::memory_bytes`]: a level of up to about a
/// million cells) are made in memory and written by a writer thread, so that drawing overlaps
/// writing; larger ones are written as they are drawn.
const SMALL_PICTURE: u64 = 1 << 20;

/// Runs `body` with a function that writes a file of `dir` by name, on one of [`WRITERS`]
/// threads started as files wait for them: a small picture is made in memory and handed over
/// (at most [`BYTES_IN_FLIGHT`] waiting), a large one is written as it is drawn, to a temporary
/// file in `dir`, and handed over to be synced and renamed (at most [`PENDING`] waiting); every
/// file replaces its entry of `dir` ([`Destination::entry`]). Returns what `body` returns once
/// every file is in place.
///
/// # Errors
///
/// The error of `body`, or the first file that could not be written (after which `write`
/// fails, so that `body` stops).
fn write_files<T>(
    dir: &Path,
    body: impl FnOnce(WriteFile<'_>) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    // A writer that panicked leaves the locks poisoned; the others go on, and the scope
    // re-raises the panic at its end.
    fn lock<V>(mutex: &Mutex<V>) -> MutexGuard<'_, V> {
        mutex.lock().unwrap_or_else(PoisonError::into_inner)
    }
    let (tx, rx) = mpsc::channel::<Job>();
    let rx = Mutex::new(rx);
    // Large pictures handed over and not yet done (each an open file), and the bytes of the
    // small ones.
    let waiting = Mutex::new((0usize, 0usize));
    let done = Condvar::new();
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let result = std::thread::scope(|scope| {
        // Writers are started with the first jobs (a run that writes nothing starts none), up to
        // WRITERS; a system short of memory may refuse them: then each job is done at once.
        let writers = std::cell::Cell::new(0usize);
        let start_writer = || {
            // A writer holds no picture of its own: a small stack.
            let writer = std::thread::Builder::new().stack_size(WRITER_STACK);
            let started = writer.spawn_scoped(scope, || {
                loop {
                    let job = lock(&rx).recv();
                    let Ok(job) = job else { return };
                    let (bytes, open) = (job.bytes(), usize::from(matches!(job, Job::Written(_))));
                    if let Err(e) = job.run(dir) {
                        lock(&failure).get_or_insert(e);
                    }
                    let mut held = lock(&waiting);
                    held.0 -= open;
                    held.1 -= bytes;
                    drop(held);
                    done.notify_all();
                }
            });
            if started.is_ok() {
                writers.set(writers.get() + 1);
            }
        };
        let write =
            |name: &str, drawing: &Drawing, png: Option<&PngOptions>| -> anyhow::Result<()> {
                if let Some(e) = lock(&failure).take() {
                    return Err(e);
                }
                let format = if png.is_some() { Format::Png } else { Format::Svg };
                let options = png.copied().unwrap_or_default();
                let job = if drawing.memory_bytes() <= SMALL_PICTURE {
                    let mut bytes = Vec::new();
                    match format {
                        Format::Svg => drawing.write_svg(&mut bytes)?,
                        Format::Png => drawing.write_png(&options, &mut bytes)?,
                    }
                    Job::Whole(name.to_owned(), bytes)
                } else {
                    let mut destination = Destination::entry(dir, name)?;
                    write_drawing(&mut destination, drawing, format, &options)?;
                    let Some(pending) = destination.finish()? else { return Ok(()) };
                    Job::Written(pending)
                };
                if writers.get() < WRITERS {
                    start_writer();
                }
                if writers.get() == 0 {
                    return job.run(dir);
                }
                let mut held = lock(&waiting);
                let bytes = job.bytes();
                let open = usize::from(matches!(job, Job::Written(_)));
                while held.0 + open > PENDING || (held.1 > 0 && held.1 + bytes > BYTES_IN_FLIGHT) {
                    held = done.wait(held).unwrap_or_else(PoisonError::into_inner);
                }
                held.0 += open;
                held.1 += bytes;
                drop(held);
                // The writers hold the receiver until the scope ends.
                tx.send(job).map_err(|_| anyhow::anyhow!("the writers stopped"))
            };
        let result = body(&write);
        drop(tx);
        result
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(e);
    }
    result
}

/// `render field FILE --level N -o FILE`.
fn field(args: &FieldArgs) -> anyhow::Result<Outcome> {
    let format = format_of(&args.out.output, &["render", "field"])?;
    picture(&args.out.output, format, args.out.png, || {
        let Some((level, field)) = args.level.field()? else {
            return Ok(None);
        };
        let picture = FieldPicture::from_field(&level, &field)?;
        let drawing = picture.draw()?;
        if format == Format::Png {
            // The field's own memory was checked when it was searched.
            let needed = png_needs(&drawing, 0, &args.out.png.options())?;
            let (limit, number) = (args.level.max_memory(), args.level.number());
            if let Err(message) = within_memory(needed, limit, number, &level) {
                Stderr.report(format_args!("{}:{message}", args.level.name()));
                return Ok(None);
            }
        }
        Ok(Some(drawing))
    })
}

/// `render flip (--board BOARD | FILE [--index N] | --tatham ID) -o FILE`: the board answered
/// by the library's Lights Out batch, as `flip` answers it, each press drawn as many times as
/// the cell is pressed.
fn flip(args: &FlipArgs) -> anyhow::Result<Outcome> {
    const COMMAND: &[&str] = &["render", "flip"];
    let format = format_of(&args.out.output, COMMAND)?;
    let mut options = args.variant.options();
    options.size = args.size;
    options.presses = true;
    // Only board --index of FILE is answered: part N of usize::MAX parts holds board N alone.
    options.shard = flipblox::bloxorz::Shard::new(args.index, usize::MAX);
    args.puzzle.apply(&mut options, &args.variant);
    let boards = match (&args.board, &args.file) {
        (Some(_), _) => Some("--board"),
        (None, Some(_)) => Some("a FILE"),
        (None, None) => None,
    };
    options.check(boards, false).map_err(|e| batch_error(COMMAND, e))?;
    let mut sink = FlipSink {
        index: args.index,
        flip_game: args.variant.is_default() && args.puzzle.is_none(),
        alphabet: args.variant.alphabet.clone(),
        picture: None,
        missing: None,
    };
    let boards = args.board.as_slice();
    let mut batch =
        args.puzzle.batch(options, &args.variant, args.size, boards, &mut sink, COMMAND)?;
    picture(&args.out.output, format, args.out.png, || {
        let ran = if args.puzzle.tatham.is_some() {
            batch.run_tatham("--tatham", &mut sink)
        } else if let Some(text) = &args.board {
            batch.run_texts("--board", &[text], &mut sink)
        } else {
            let path = args.file.as_deref().unwrap_or(Path::new("-"));
            let source = Source::from_arg(path);
            let name = source.display_name();
            let mut input =
                Input::open(&source, true).with_context(|| format!("{name}: cannot read"))?;
            match input.text() {
                super::io::Text::Bytes(bytes) => batch.run_bytes(&name, bytes, &mut sink),
                super::io::Text::Stream(incoming) => {
                    batch.run_stream(&name, incoming, None::<fn() -> bool>, &mut sink)
                }
            }
        };
        match ran {
            Ok(_) | Err(FlipStop::Answered) => {}
            Err(FlipStop::Failed(e)) => return Err(e),
        }
        if let Some(message) = sink.missing.take() {
            Stderr.report(format_args!("{message}"));
        }
        sink.picture.take().map(|p| Ok(p.draw()?)).transpose()
    })
}

/// Why a `render flip` batch stopped: the board was answered (and the sink holds its
/// picture, or reported why there is none), or an error.
enum FlipStop {
    Answered,
    Failed(anyhow::Error),
}

impl From<BatchError> for FlipStop {
    fn from(error: BatchError) -> FlipStop {
        FlipStop::Failed(batch_error(&["render", "flip"], error))
    }
}

/// The sink of `render flip`: takes the record of board `index`, reports on stderr why it has
/// no picture or why its presses are not proven minimal, and stops the batch.
struct FlipSink {
    index: usize,
    /// The Flip Game (no variant option, buttons, holes or game ID): messages say so.
    flip_game: bool,
    /// `--alphabet`: the symbols the picture names the colours by.
    alphabet: Option<String>,
    picture: Option<FlipPicture>,
    /// `NAME:LINE:COLUMN: expected board N, found M boards` when the input ended before it.
    missing: Option<String>,
}

impl BatchSink for FlipSink {
    type Error = FlipStop;

    fn record(&mut self, record: &BoardRecord<'_>) -> Result<(), FlipStop> {
        if record.index() != self.index {
            return Ok(());
        }
        self.picture = self.answered(record);
        Err(FlipStop::Answered)
    }

    fn lines(&mut self, _: &[u8]) -> Result<(), FlipStop> {
        // The batch is sharded: no fast path, no lines.
        Err(FlipStop::Failed(anyhow::anyhow!("render flip: the batch wrote lines, not a record")))
    }

    fn end(&mut self, name: &str, boards: usize, end: flipblox::text::Position) {
        let (index, s) = (self.index, if boards == 1 { "" } else { "s" });
        self.missing =
            Some(format!("{name}:{end}: expected board {index}, found {boards} board{s}"));
    }

    fn unreadable(&mut self, name: &str, error: &std::io::Error) {
        Stderr.report(format_args!("{name}: cannot read: {error}"));
    }
}

impl FlipSink {
    /// The picture of an answered board; `None` when there is none (the board could not be
    /// read or answered, or is Impossible: the message is on stderr).
    fn answered(&self, record: &BoardRecord<'_>) -> Option<FlipPicture> {
        let name = record.file();
        if let Some(error) = record.error() {
            Stderr.report(format_args!("{name}:{error}"));
            return None;
        }
        let start = record.start().unwrap_or(flipblox::text::Position { line: 1, column: 1 });
        let at = format!("{start}: board {}", record.index());
        let board = record.board()?;
        let Some(distance) = record.distance() else {
            let why = match self.flip_game {
                true => "no presses make every piece the same colour".to_string(),
                false => format!("no presses reach the goal {}", record.goal()),
            };
            Stderr
                .report(format_args!("{name}:{at}: Impossible: {why}, so there are none to draw"));
            return None;
        };
        if record.proven_minimal() == Some(false) {
            let nullity = record.nullity().unwrap_or_default();
            let null_space = match self.flip_game {
                true => format!("has dimension {nullity}"),
                false => format!("has {nullity} generators"),
            };
            let size = format!("{}x{}", board.rows(), board.cols());
            Stderr.report(format_args!(
                "{name}:{at}: warning: the null space of {size} {null_space}, too large to \
                 search whole; the {distance} presses drawn are the best found, not proven \
                 minimal"
            ));
        }
        let presses = record.presses().unwrap_or_default();
        let mut picture = FlipPicture::from_board(board, record.colours(), presses);
        // A board written in symbols of its own (`--alphabet 01`) is drawn in them.
        let symbols = self.alphabet.as_deref();
        picture.alphabet = symbols.and_then(|s| Alphabet::new(s, record.colours()).ok());
        Some(picture)
    }
}

/// `render stats [--size RxC | --table FILE] -o FILE`.
fn stats(args: &StatsArgs) -> anyhow::Result<Outcome> {
    const COMMAND: &[&str] = &["render", "stats"];
    let format = format_of(&args.out.output, COMMAND)?;
    picture(&args.out.output, format, args.out.png, || {
        let mut opened = None;
        let table = args.table.table(&args.variant, &mut opened, COMMAND)?;
        let histogram = HistogramPicture::of_table(&table);
        Ok(Some(histogram.draw()?))
    })
}
