//! Bloxorz in the page: `flipblox bloxorz --json` through the library's level door
//! ([`LevelInput`]) and batch [`Runner`], one [`LevelRecord`] per level; and one level's
//! pictures as `flipblox render bloxorz` and `flipblox render field` draw them.

use flipblox::bloxorz::{
    FieldError, InputFormat, Level, LevelInput, LevelRecord, LevelSource, OpenError, Report,
    RunOptions, Runner, Shard, Sharded, Solver, Step,
};
use flipblox::render::{AnimationOptions, FieldPicture, LevelOptions, LevelPicture, PathPicture};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::reply;

/// The name of the memory limit in the messages of levels a larger one would lift.
const MEMORY_OPTION: &str = "--max-memory";

/// The name of pasted text when the request names none.
const PASTE: &str = "<paste>";

/// The page's memory limit for one level, in bytes, when the request names none: 1 GiB (a
/// WebAssembly module's memory is at most 4 GiB, and browsers give less).
const DEFAULT_MAX_MEMORY: u64 = 1 << 30;

/// A pack: its text in any format `flipblox bloxorz` reads, and the options.
#[derive(Debug, Deserialize)]
#[serde(default)]
pub struct PackRequest {
    /// The input's text (or bytes as text).
    text: String,
    /// The input's name in records and messages (a file's name; `<paste>` by default).
    name: Option<String>,
    /// `auto`, `pack`, `flash`, `drawing` or `pddl` (`--input-format`).
    input_format: String,
    /// Bytes (`--max-memory`).
    max_memory: u64,
    /// Records carry one shortest path (`--path`).
    path: bool,
    /// Records carry the designer's measures (`--analyse`).
    analyse: bool,
    /// Only this level (1-based), with its pictures: [`level`].
    level: usize,
}

impl Default for PackRequest {
    fn default() -> PackRequest {
        PackRequest {
            text: String::new(),
            name: None,
            input_format: "auto".to_string(),
            max_memory: DEFAULT_MAX_MEMORY,
            path: true,
            analyse: false,
            level: 0,
        }
    }
}

/// The reply to a pack.
#[derive(Serialize)]
pub struct PackReply {
    /// One record per level, as `flipblox bloxorz --json` prints them.
    records: Vec<Box<RawValue>>,
    /// The warnings `flipblox bloxorz` prints.
    warnings: Vec<String>,
    /// Why the input's levels cannot be read at all, else null.
    error: Option<String>,
    /// The format the levels were read in.
    format: Option<String>,
}

/// An input opened in its format, with its name and the warnings about it.
struct Opened {
    input: LevelInput<'static>,
    name: String,
    warnings: Vec<String>,
    options: RunOptions,
}

impl PackRequest {
    /// Opens the input as `flipblox bloxorz` does: its format told apart (or named), the Flash
    /// game's file parsed, the warnings collected.
    ///
    /// # Errors
    ///
    /// The command-line tool's message for a format name that is none, or an input whose
    /// levels cannot be read at all.
    fn open(self) -> Result<Opened, String> {
        let name = self.name.unwrap_or_else(|| PASTE.to_string());
        let format =
            self.input_format.parse::<InputFormat>().map_err(|e| format!("--input-format: {e}"))?;
        if self.max_memory == 0 {
            return Err("--max-memory: expected a number of bytes above 0".to_string());
        }
        let mut input = LevelInput::from_bytes(self.text.into_bytes(), format, self.max_memory);
        let mut warnings = Vec::new();
        if let Some(detected) = input.detection().filter(|_| input.also_looks_like().is_some()) {
            warnings
                .push(format!("{name}: warning: {detected}; name the format with --input-format"));
        }
        // The Flash game's file is parsed here, once: its problems come before any level.
        {
            let levels = input.levels().map_err(|e| open_error(&name, &e))?;
            if let Some(pack) = levels.flash() {
                for problem in pack.problems().iter().chain(pack.warnings()) {
                    warnings.push(format!("{name}:{problem}"));
                }
            }
        }
        let options = RunOptions {
            jobs: 1,
            paths: self.path,
            max_memory: self.max_memory,
            timings: false,
            analyse: self.analyse,
        };
        Ok(Opened { input, name, warnings, options })
    }
}

/// The message of an input whose levels cannot be read at all, as the command-line tool's.
fn open_error(name: &str, e: &OpenError) -> String {
    let hint = if e.is_over_memory_limit() { " (--max-memory)" } else { "" };
    match e.position() {
        Some(_) => format!("{name}:{e}{hint}"),
        None => format!("{name}: {e}{hint}"),
    }
}

impl Opened {
    /// Solves the levels `shard` takes (every level without one), handing each report to
    /// `each` in input order; returns the number of levels in the input.
    fn run(&mut self, shard: Option<Shard>, mut each: impl FnMut(Report)) -> usize {
        let Ok(mut levels) = self.input.levels() else { return 0 };
        let mut runner = Runner::new(self.options);
        let _ = runner.run_source(Sharded::new(&mut levels, shard), |mut report: Report| {
            if let Some(shard) = shard {
                report.level = shard.global(report.level);
            }
            each(report);
            Ok::<(), ()>(())
        });
        if let Some(warning) = levels.ignored_after_end() {
            self.warnings.push(format!("{}:{warning}", self.name));
        }
        levels.levels_started()
    }

    fn record(&self, report: &Report) -> Box<RawValue> {
        reply::record(&LevelRecord::new(&self.name, report, &self.options, MEMORY_OPTION))
    }
}

/// Answers a pack as `flipblox bloxorz --json` does (with `--path` unless `path` is false).
pub fn pack(request: PackRequest) -> Result<PackReply, String> {
    let mut opened = match request.open() {
        Ok(opened) => opened,
        Err(error) => {
            return Ok(PackReply {
                records: Vec::new(),
                warnings: Vec::new(),
                error: Some(error),
                format: None,
            });
        }
    };
    let format = opened.input.format().to_string();
    let mut reports = Vec::new();
    opened.run(None, |report| reports.push(report));
    let records = reports.iter().map(|r| opened.record(r)).collect();
    Ok(PackReply { records, warnings: opened.warnings, error: None, format: Some(format) })
}

/// The reply to one level.
#[derive(Serialize)]
pub struct LevelReply {
    /// The level's record, with its path and analysis (`flipblox bloxorz --json --path
    /// --analyse`); null when the input has no such level.
    record: Option<Box<RawValue>>,
    warnings: Vec<String>,
    /// Why the level cannot be drawn (the input or the level cannot be read, it is out of
    /// range), else null.
    error: Option<String>,
    /// The level with its legend (`render bloxorz --level N`).
    level_svg: Option<String>,
    /// The animation of one shortest path (`render bloxorz --level N --animate`).
    animation_svg: Option<String>,
    /// The distance field (`render field --level N`), when the level has one.
    field_svg: Option<String>,
    /// Why there is no field picture (a level with switches), else null.
    field_error: Option<String>,
}

/// One level of a pack, solved with its path and analysis, and its pictures.
pub fn level(request: PackRequest) -> Result<LevelReply, String> {
    let number = request.level.max(1);
    let mut reply = LevelReply {
        record: None,
        warnings: Vec::new(),
        error: None,
        level_svg: None,
        animation_svg: None,
        field_svg: None,
        field_error: None,
    };
    let request = PackRequest { path: true, analyse: true, ..request };
    let mut opened = match request.open() {
        Ok(opened) => opened,
        Err(error) => {
            reply.error = Some(error);
            return Ok(reply);
        }
    };
    // Part `number` of usize::MAX parts holds level `number` alone.
    let shard = Shard::new(number, usize::MAX);
    let mut found = None;
    let levels = opened.run(shard, |report| found = Some(report));
    reply.warnings = std::mem::take(&mut opened.warnings);
    let Some(report) = found else {
        let range = FieldError::OutOfRange { level: number, levels };
        reply.error = Some(format!("{}: {range}", opened.name));
        return Ok(reply);
    };
    reply.record = Some(opened.record(&report));
    let answer = match &report.result {
        Ok(answer) => answer,
        Err(_) => {
            let record = LevelRecord::new(&opened.name, &report, &opened.options, MEMORY_OPTION);
            reply.error = record.error.map(|e| format!("{}:{e}", opened.name));
            return Ok(reply);
        }
    };
    let level = match opened.input.levels().map(|mut l| l.level_for_field(number)) {
        Ok(Ok(level)) => level,
        Ok(Err(e)) => {
            reply.error = Some(format!("{}: {e}", opened.name));
            return Ok(reply);
        }
        Err(e) => {
            reply.error = Some(open_error(&opened.name, &e));
            return Ok(reply);
        }
    };
    let path = answer.solution.moves.map(|_| answer.path.as_slice());
    draw(&level, path, &mut reply);
    Ok(reply)
}

/// Draws `level`, the animation of `path` (one shortest path; `None` when the level cannot be
/// solved) and the distance field into `reply`.
fn draw(level: &Level, path: Option<&[Step]>, reply: &mut LevelReply) {
    let Ok(picture) = LevelPicture::from_level(level) else { return };
    let options = LevelOptions { legend: true, ..LevelOptions::default() };
    reply.level_svg = picture.draw(&options).ok().map(|d| d.to_svg());
    if let Some(Ok(moves)) = path.map(|path| PathPicture::from_path(level, path)) {
        reply.animation_svg =
            picture.draw_animation(&moves, &AnimationOptions::default()).ok().map(|d| d.to_svg());
    }
    match Solver::new().distance_field(level) {
        Ok(field) => match FieldPicture::from_field(level, &field).and_then(|p| p.draw()) {
            Ok(drawing) => reply.field_svg = Some(drawing.to_svg()),
            Err(e) => reply.field_error = Some(e.to_string()),
        },
        Err(e) => reply.field_error = Some(e.to_string()),
    }
}
