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
use super::io::{Destination, Input, Source, for_each_input};
use super::levels::{FormatArgs, Reading};
use super::print::{Reporter, Stderr};
use super::progress;
use super::stats::StatsFlipArgs;
use super::variant::VariantArgs;
use flipblox::bloxorz::{
    ErrorKind, FieldError, Level, LevelError, LevelSource, Limits, Solution, Solver, Step,
    replay_path,
};
use flipblox::lights_out::{Board, BoardSize};
use flipblox::render::{
    AnimationOptions, CELL, ContactSheet, Drawing, FieldPicture, FlipPicture, HistogramPicture,
    LevelOptions, LevelPicture, Outcome as SheetOutcome, PathPicture, PngOptions, SheetEntry,
    THUMBNAIL_SIZE,
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
    /// order (the order `flipblox flip --path` prints them).
    Flip(FlipArgs),
    /// The distance histogram of the Flip Game (as `flipblox stats flip` prints it) as a bar
    /// chart: states at each minimum number of presses, and the Impossible ones.
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
    /// The board: its rows separated by `/` (`bwwb/bbwb/bwwb/bwww`) or R*C characters row by
    /// row, `b` black and `w` white.
    #[arg(long, value_name = "BOARD", allow_hyphen_values = true)]
    board: String,

    /// Board size: ROWSxCOLS, each side 1 to 1024 (4x4 when omitted).
    #[arg(long, value_name = "RxC")]
    size: Option<BoardSize>,

    #[command(flatten)]
    variant: VariantArgs,

    #[command(flatten)]
    out: PictureArgs,
}

#[derive(Debug, Args)]
struct StatsArgs {
    #[command(flatten)]
    table: StatsFlipArgs,

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
                output.display()
            ),
        )),
    }
}

/// The bytes of `drawing` in `format`.
fn encode(drawing: &Drawing, format: Format, png: PngArgs) -> anyhow::Result<Vec<u8>> {
    Ok(match format {
        Format::Svg => drawing.to_svg().into_bytes(),
        Format::Png => drawing.to_png(&png.options())?,
    })
}

/// Writes `bytes` to `destination` and commits it (a file appears whole or not at all).
fn write_to(mut destination: Destination, bytes: &[u8]) -> anyhow::Result<()> {
    let name = destination.name().to_owned();
    destination.writer().write_all(bytes).with_context(|| format!("{name}: cannot write"))?;
    destination.commit()
}

/// Creates `output` (before any work, so that a bad path fails at once), then writes what
/// `draw` makes into it; `draw` returns `None` when it reported why there is nothing to write.
fn picture(
    output: &Path,
    draw: impl FnOnce() -> anyhow::Result<Option<Vec<u8>>>,
) -> anyhow::Result<Outcome> {
    let destination = Destination::create(Some(output))?;
    match draw()? {
        Some(bytes) => {
            write_to(destination, &bytes)?;
            Ok(Outcome::Success)
        }
        None => Ok(Outcome::SomeFailed),
    }
}

/// The smallest scale at which a PNG keeps a level's legend: below it, its 12-unit words would
/// be under 6 pixels high.
const LEGEND_MIN_SCALE: f32 = 0.5;

/// Whether a picture of a `rows x cols` level in `format` gets its legend.
fn legend(args: &BloxorzArgs, format: Format, rows: usize, cols: usize) -> bool {
    let side = rows.max(cols) as f32 * CELL as f32;
    let scale = args.png.scale.min(args.png.max_side as f32 / side);
    !args.no_legend && (format == Format::Svg || scale >= LEGEND_MIN_SCALE)
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
        walk(levels.source, &mut each)?;
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
    solved.map_err(|e| LevelError {
        level: number,
        position: level.origin(),
        kind: ErrorKind::Limit(e.into()),
    })
}

/// The picture of a solved level's path, replayed under the level's rules.
fn path_picture(level: &Level, path: &[Step]) -> anyhow::Result<PathPicture> {
    let moves = replay_path(level, path).context("the solver's path does not replay")?;
    Ok(PathPicture::from_replay(level, &moves))
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
                args.output.display()
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
    let outcome = picture(&args.output, || {
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
) -> anyhow::Result<Option<Vec<u8>>> {
    let picture = LevelPicture::from_level(level);
    let options =
        LevelOptions { legend: legend(args, format, level.rows(), level.cols()), links: true };
    if !args.path && !args.animate {
        return Ok(Some(encode(&picture.draw(&options)?, format, args.png)?));
    }
    let mut path = Vec::new();
    match solve(&mut Solver::new(), level, number, args.max_memory, Some(&mut path)) {
        Err(e) => {
            err.report(format_args!("{name}:{}", level_error(&e)));
            Ok(None)
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
            Ok(None)
        }
        Ok(_) => {
            let path = path_picture(level, &path)?;
            if args.animate {
                Ok(Some(picture.animate(&path, &AnimationOptions::default())?.into_bytes()))
            } else {
                Ok(Some(encode(&picture.draw_path(&path, &options)?, format, args.png)?))
            }
        }
    }
}

/// Levels of at most this many cells get an SVG thumbnail; larger ones a small PNG, which a
/// browser shows at once where an SVG of a quarter of a million cells takes seconds.
const SVG_THUMBNAIL_CELLS: usize = 40_000;

/// Files of a pack's directory written at once: each waits a few milliseconds for its file to
/// reach the disk (written to a temporary file, synced, renamed), and the waits overlap.
const WRITERS: usize = 8;

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
                dir.display()
            ),
        ));
    }
    std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create", dir.display()))?;
    let index = Destination::create(Some(&dir.join("index.html")))?;
    let source = Source::from_arg(&args.file);
    let total = match &source {
        Source::Path(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
        Source::Stdin => 0,
    };
    let (bar, stop_bar) = progress::pack(total);
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
                    bar.set_position(offset as u64);
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
    if unreadable {
        // Nothing was drawn: no page (its temporary file goes with `index`).
        return Ok(Outcome::SomeFailed);
    }
    write_to(index, sheet.html()?.as_bytes())?;
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
    }
}

/// Draws level `number` into its files (handed to `write` by name in the directory) and makes
/// its entry of the contact sheet.
fn level_entry(
    args: &BloxorzArgs,
    solver: &mut Solver,
    number: usize,
    level: &Level,
    write: &dyn Fn(String, Vec<u8>) -> anyhow::Result<()>,
) -> anyhow::Result<SheetEntry> {
    let (rows, cols) = (level.rows(), level.cols());
    let stem = format!("level-{number:04}");
    let picture = LevelPicture::from_level(level);
    let options = LevelOptions { legend: !args.no_legend, links: true };
    let image = format!("{stem}.svg");
    write(image.clone(), picture.draw(&options)?.to_svg().into_bytes())?;
    let bare = LevelOptions { legend: false, links: true };
    let thumbnail = if rows * cols > SVG_THUMBNAIL_CELLS {
        let png = PngOptions { scale: 2.0, max_side: 2 * THUMBNAIL_SIZE };
        let name = format!("{stem}-thumb.png");
        write(name.clone(), picture.draw(&bare)?.to_png(&png)?)?;
        Some(name)
    } else if options.legend {
        let name = format!("{stem}-thumb.svg");
        write(name.clone(), picture.draw(&bare)?.to_svg().into_bytes())?;
        Some(name)
    } else {
        None
    };
    let mut entry = SheetEntry {
        level: number,
        rows,
        cols,
        outcome: SheetOutcome::Impossible,
        states_explored: None,
        image: Some(image),
        thumbnail,
        links: Vec::new(),
    };
    let mut path = Vec::new();
    let wants_path = args.path || args.animate;
    let solution =
        match solve(solver, level, number, args.max_memory, wants_path.then_some(&mut path)) {
            Ok(solution) => solution,
            Err(e) => {
                entry.outcome = SheetOutcome::Error(level_error(&e));
                return Ok(entry);
            }
        };
    entry.states_explored = Some(solution.states_explored);
    let Some(moves) = solution.moves else { return Ok(entry) };
    entry.outcome = SheetOutcome::Moves(u64::from(moves));
    if wants_path {
        let path = path_picture(level, &path)?;
        if args.path {
            let name = format!("{stem}-path.svg");
            write(name.clone(), picture.draw_path(&path, &options)?.to_svg().into_bytes())?;
            entry.links.push(("path".to_owned(), name));
        }
        if args.animate {
            let name = format!("{stem}-animation.svg");
            let svg = picture.animate(&path, &AnimationOptions::default())?;
            write(name.clone(), svg.into_bytes())?;
            entry.links.push(("animation".to_owned(), name));
        }
    }
    Ok(entry)
}

/// The most bytes of files handed to the writers and not yet written: a pack of large levels
/// (about 20 MB of SVG each at 500 x 500) holds about this much more than one level's pictures.
const BYTES_IN_FLIGHT: usize = 64 << 20;

/// Runs `body` with a function that writes a file of `dir` (by name, each through a
/// [`Destination`]) on one of [`WRITERS`] threads, waiting while more than [`BYTES_IN_FLIGHT`]
/// are not yet written; returns what `body` returns once every file is written.
///
/// # Errors
///
/// The error of `body`, or the first file that could not be written (after which `write`
/// fails, so that `body` stops).
fn write_files<T>(
    dir: &Path,
    body: impl FnOnce(&dyn Fn(String, Vec<u8>) -> anyhow::Result<()>) -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    // A writer that panicked leaves the locks poisoned; the others go on, and the scope
    // re-raises the panic at its end.
    fn lock<V>(mutex: &Mutex<V>) -> MutexGuard<'_, V> {
        mutex.lock().unwrap_or_else(PoisonError::into_inner)
    }
    let (tx, rx) = mpsc::channel::<(PathBuf, Vec<u8>)>();
    let rx = Mutex::new(rx);
    let in_flight = Mutex::new(0usize);
    let written = Condvar::new();
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let result = std::thread::scope(|scope| {
        for _ in 0..WRITERS {
            scope.spawn(|| {
                loop {
                    let job = lock(&rx).recv();
                    let Ok((path, bytes)) = job else { return };
                    let done = Destination::create(Some(&path))
                        .and_then(|destination| write_to(destination, &bytes));
                    if let Err(e) = done {
                        lock(&failure).get_or_insert(e);
                    }
                    *lock(&in_flight) -= bytes.len();
                    written.notify_all();
                }
            });
        }
        let write = |name: String, bytes: Vec<u8>| -> anyhow::Result<()> {
            if let Some(e) = lock(&failure).take() {
                return Err(e);
            }
            let mut held = lock(&in_flight);
            while *held > 0 && *held + bytes.len() > BYTES_IN_FLIGHT {
                held = written.wait(held).unwrap_or_else(PoisonError::into_inner);
            }
            *held += bytes.len();
            drop(held);
            // The writers hold the receiver until the scope ends.
            tx.send((dir.join(name), bytes)).map_err(|_| anyhow::anyhow!("the writers stopped"))
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
    picture(&args.out.output, || {
        let Some((level, field)) = args.level.field()? else {
            return Ok(None);
        };
        let picture = FieldPicture::from_field(&level, &field)?;
        Ok(Some(encode(&picture.draw()?, format, args.out.png)?))
    })
}

/// `render flip --board BOARD [--size RxC] -o FILE`: the board in the variant's alphabet, answered
/// by the solver, each press drawn as many times as the cell is pressed.
fn flip(args: &FlipArgs) -> anyhow::Result<Outcome> {
    let format = format_of(&args.out.output, &["render", "flip"])?;
    let size = args.size.unwrap_or(BoardSize::CLASSIC);
    let chosen = args.variant.choose(size, &["render", "flip"])?;
    let flip_game = args.variant.is_default();
    picture(&args.out.output, || {
        let board = match Board::parse(&args.board, size, &chosen.alphabet) {
            Ok(board) => board,
            Err(mut e) => {
                e.board = 1;
                Stderr.report(format_args!("--board:{e}"));
                return Ok(None);
            }
        };
        let mut solver = flipblox::lights_out::Solver::new(&chosen.variant);
        let answer = solver.solve(&board).context("--board:1:1: board 1")?;
        let Some(distance) = answer.distance else {
            let why = match flip_game {
                true => "no presses make every piece the same colour".to_string(),
                false => format!("no presses reach the goal {}", chosen.goal_name()),
            };
            Stderr.report(format_args!(
                "--board:1:1: board 1: Impossible: {why}, so there are none to draw"
            ));
            return Ok(None);
        };
        if !answer.proven_minimal {
            let null_space = match flip_game {
                true => format!("has dimension {}", solver.nullity()),
                false => format!("has {} generators", solver.nullity()),
            };
            Stderr.report(format_args!(
                "--board:1:1: board 1: warning: the null space of {size} {null_space}, too large \
                 to search whole; the {distance} presses drawn are the best found, not proven \
                 minimal"
            ));
        }
        let colours = chosen.variant.colours();
        let picture = FlipPicture::from_board(&board, colours, &answer.presses);
        Ok(Some(encode(&picture.draw()?, format, args.out.png)?))
    })
}

/// `render stats [--size RxC | --table FILE] -o FILE`.
fn stats(args: &StatsArgs) -> anyhow::Result<Outcome> {
    const COMMAND: &[&str] = &["render", "stats"];
    let format = format_of(&args.out.output, COMMAND)?;
    picture(&args.out.output, || {
        let mut opened = None;
        let table = args.table.table(&VariantArgs::flip_game(), &mut opened, COMMAND)?;
        let histogram = HistogramPicture::of_table(&table);
        Ok(Some(encode(&histogram.draw()?, format, args.out.png)?))
    })
}
