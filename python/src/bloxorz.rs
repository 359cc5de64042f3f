//! Bloxorz from Python: `solve` and `iter_solve` (a level pack through the library's batch
//! [`Runner`], one record per level with the keys of `flipblox bloxorz --json`) and `field` (one
//! level's distance field as an `int32` NumPy array of shape (R, C, 3)).

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

use flipblox::bloxorz::{
    DistanceField, FieldError, InputFormat, LevelInput, LevelRecord, OpenError, Report, RunOptions,
    Runner, Shard, Sharded, Solver,
};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors;
use crate::input::Input;
use crate::records;

/// Adds the Bloxorz functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(iter_solve, m)?)?;
    m.add_function(wrap_pyfunction!(field, m)?)?;
    m.add_class::<Records>()?;
    Ok(())
}

/// The name of the memory limit in the messages of levels a larger one would lift.
const MEMORY_OPTION: &str = "max_memory=";

/// `input_format=`: the command-line tool's `--input-format` spellings.
fn parse_format(text: &str) -> PyResult<InputFormat> {
    text.parse::<InputFormat>().map_err(|e| errors::argument("input_format", e))
}

/// The [`errors::LevelError`] of an input whose levels cannot be read at all.
fn open_error(name: &str, e: &OpenError) -> PyErr {
    let hint = if e.is_over_memory_limit() { " (max_memory=)" } else { "" };
    errors::level_error(name, format_args!("{e}{hint}"), e.position().is_some())
}

/// An input opened in its format (the library's level door), with its name.
struct Prepared {
    input: LevelInput<'static>,
    name: String,
}

impl Prepared {
    /// Opens `input` in `format` (as `flipblox bloxorz` does) and parses the Flash game's file,
    /// emitting the command-line tool's warnings as [`errors::InputWarning`]s.
    ///
    /// # Errors
    ///
    /// [`errors::LevelError`] for a Flash game's file that cannot be parsed at all.
    fn new(
        py: Python<'_>,
        input: Input,
        format: InputFormat,
        max_memory: u64,
    ) -> PyResult<Prepared> {
        let Input { bytes, name } = input;
        let mut opened = LevelInput::from_bytes(bytes, format, max_memory);
        if let Some(detected) = opened.detection().filter(|_| opened.also_looks_like().is_some()) {
            errors::warn(
                py,
                &format!("{name}: warning: {detected}; name the format with input_format="),
            )?;
        }
        // The Flash game's file is parsed here, once: its errors are raised before any level.
        let problems = py.detach(|| -> Result<Vec<String>, OpenError> {
            let levels = opened.levels()?;
            Ok(levels.flash().map_or_else(Vec::new, |pack| {
                pack.problems().iter().chain(pack.warnings()).map(ToString::to_string).collect()
            }))
        });
        for problem in problems.map_err(|e| open_error(&name, &e))? {
            errors::warn(py, &format!("{name}:{problem}"))?;
        }
        Ok(Prepared { input: opened, name })
    }

    /// Solves every level with `runner` (only the part `shard` takes, when given), handing each
    /// event to `sink` in input order until it returns `Err`. Reports carry the levels' numbers
    /// in the input.
    fn run(
        &mut self,
        runner: &mut Runner,
        options: &Options,
        mut sink: impl FnMut(Event) -> Result<(), ()>,
    ) {
        let shard = options.shard;
        let Ok(mut levels) = self.input.levels() else { return };
        let mut report = |mut r: Report| {
            if let Some(shard) = shard {
                r.level = shard.global(r.level);
            }
            sink(Event::Report(r))
        };
        let run = runner.run_source(Sharded::new(&mut levels, shard), &mut report);
        if run.is_ok()
            && let Some(warning) = levels.ignored_after_end()
        {
            let _ = sink(Event::Warning(format!("{}:{warning}", self.name)));
        }
    }
}

/// What a run hands on: a level's report, or a warning about the input.
// Nearly every event is a report: boxing them would allocate once per level.
#[allow(clippy::large_enum_variant)]
enum Event {
    Report(Report),
    Warning(String),
}

/// The options every function that solves a pack takes.
#[derive(Debug, Clone, Copy)]
struct Options {
    run: RunOptions,
    shard: Option<Shard>,
}

impl Options {
    fn new(
        path: bool,
        analyse: bool,
        timings: bool,
        jobs: Option<usize>,
        max_memory: u64,
        shard: Option<(usize, usize)>,
    ) -> PyResult<Options> {
        let shard = match shard {
            Some((k, n)) => Some(Shard::new(k, n).ok_or_else(|| {
                errors::argument(
                    "shard",
                    format_args!("expected (K, N) with 1 <= K <= N, found ({k}, {n})"),
                )
            })?),
            None => None,
        };
        // As the command-line tool: all cores by default, and never more threads than cores (a
        // CPU-bound search only gains memory and start-up time from them).
        let cores = cores();
        let jobs = match jobs {
            Some(0) => return Err(errors::argument("jobs", "expected at least 1")),
            Some(n) => n.min(cores),
            None => cores,
        };
        if max_memory == 0 {
            return Err(errors::argument("max_memory", "expected a number of bytes above 0"));
        }
        Ok(Options { run: RunOptions { jobs, paths: path, max_memory, timings, analyse }, shard })
    }
}

/// The number of cores (`std::thread::available_parallelism`), asked once: on Linux it reads the
/// cgroup's CPU quota files, which costs more than solving a small level.
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The record of one level: the library's [`LevelRecord`] (the object `flipblox bloxorz --json`
/// prints, docs/JSON.md) as a dict.
fn record<'py>(
    py: Python<'py>,
    name: &str,
    report: &Report,
    run: &RunOptions,
) -> PyResult<Bound<'py, PyAny>> {
    records::to_dict(py, &LevelRecord::new(name, report, run, MEMORY_OPTION))
}

/// Solves every level of a Bloxorz level pack: one record per level, in input order.
///
/// `pack` is a path (`pathlib.Path` or any `os.PathLike`; a `str` is always the text itself),
/// the text as `str`, or its bytes. It is read as `input_format`, the command-line tool's
/// `--input-format`: `"auto"` tells a level pack (POJ 3322's `R C` header and rows, with the
/// extension's switches), the original Flash game's level file or a JavaScript port of it
/// (`levels = [...]`), an S/T/o/- drawing and PDDL problems of the Bloxorz domain apart, as
/// `flipblox bloxorz` does; `"pack"`, `"flash"`, `"drawing"` or `"pddl"` names the format.
///
/// Each record is a dict equal to the object `flipblox bloxorz --json` prints (docs/JSON.md):
/// `file` (the path as given, `name`, or `"<string>"` / `"<bytes>"`), `index` (1-based),
/// `error` (None, or the command-line tool's message `LINE:COLUMN: level N: ...` for a level
/// that cannot be read or answered), `distance` (the minimum number of moves, None when
/// impossible), `path` (one shortest path, `U` `D` `L` `R`, a split cube's moves `aU` / `bL`,
/// when `path=True` and solvable; else None), `rows`, `cols`, `states_explored`, `title`; with
/// `timings=True` `microseconds`; with `analyse=True` the designer's measures
/// `optimal_solutions`, `optimal_solutions_saturated`, `reachable`, `dead_ends`, `trap_moves`,
/// `cells_used`, `cells_unused`, `unused_cells` (1-based `[row, col]`), `difficulty`.
///
/// A level that cannot be read is a record with its `error`, and every other level is still
/// answered. `jobs` threads (default and at most: the number of cores) solve the pack through
/// the command-line tool's batch runner, with the GIL released. `max_memory` (bytes; the
/// default, 2 GiB, is the command-line tool's `--max-memory` default) refuses a level that
/// would need more before anything is allocated. `shard=(K, N)` solves only part K of N
/// (1 <= K <= N): the levels numbered i with (i - 1) % N == K - 1, whose records keep their
/// `index` in the pack (the command-line tool's `--shard K/N`; see docs/SCALE.md for a pack
/// split over Dask, Ray or processes).
///
/// Raises `OSError` (`FileNotFoundError`, ...) for a file that cannot be read, `LevelError` for
/// a Flash game's file that cannot be parsed, `ValueError` for an option out of range, and
/// warns (`InputWarning`) about text after a pack's `0 0` line and inputs that look like two
/// formats.
#[pyfunction]
#[pyo3(signature = (pack, *, path=false, analyse=false, timings=false, jobs=None,
                    input_format="auto", max_memory=2_147_483_648, name=None,
                    shard=None))]
#[allow(clippy::too_many_arguments)]
fn solve<'py>(
    py: Python<'py>,
    pack: &Bound<'py, PyAny>,
    path: bool,
    analyse: bool,
    timings: bool,
    jobs: Option<usize>,
    input_format: &str,
    max_memory: u64,
    name: Option<String>,
    shard: Option<(usize, usize)>,
) -> PyResult<Bound<'py, PyList>> {
    let options = Options::new(path, analyse, timings, jobs, max_memory, shard)?;
    let format = parse_format(input_format)?;
    let input = Input::extract(pack, name, max_memory, " (max_memory=)")?;
    let mut prepared = Prepared::new(py, input, format, max_memory)?;
    let mut events = Vec::new();
    py.detach(|| {
        let mut runner = Runner::new(options.run);
        prepared.run(&mut runner, &options, |event| {
            events.push(event);
            Ok(())
        });
    });
    let records = PyList::empty(py);
    for event in &events {
        match event {
            Event::Report(report) => {
                records.append(record(py, &prepared.name, report, &options.run)?)?
            }
            Event::Warning(message) => errors::warn(py, message)?,
        }
    }
    Ok(records)
}

/// How many events a running [`Records`] holds ahead of its reader.
const AHEAD: usize = 1024;

/// Solves a pack like `solve` (same arguments, same records), yielding each record as soon as it
/// and the levels before it are solved: for packs too large to hold every record at once.
///
/// A thread solves the pack at most 1,024 records ahead of the reader; dropping the iterator
/// stops it. The input is read (and a Flash game's file parsed) before this returns, so its
/// errors are raised here.
#[pyfunction]
#[pyo3(signature = (pack, *, path=false, analyse=false, timings=false, jobs=None,
                    input_format="auto", max_memory=2_147_483_648, name=None,
                    shard=None))]
#[allow(clippy::too_many_arguments)]
fn iter_solve(
    py: Python<'_>,
    pack: &Bound<'_, PyAny>,
    path: bool,
    analyse: bool,
    timings: bool,
    jobs: Option<usize>,
    input_format: &str,
    max_memory: u64,
    name: Option<String>,
    shard: Option<(usize, usize)>,
) -> PyResult<Records> {
    let options = Options::new(path, analyse, timings, jobs, max_memory, shard)?;
    let format = parse_format(input_format)?;
    let input = Input::extract(pack, name, max_memory, " (max_memory=)")?;
    let mut prepared = Prepared::new(py, input, format, max_memory)?;
    let name = prepared.name.clone();
    let (sender, receiver): (SyncSender<Event>, Receiver<Event>) = sync_channel(AHEAD);
    let run = options.run;
    let thread = std::thread::Builder::new()
        .name("flipblox-solve".to_string())
        .spawn(move || {
            let mut runner = Runner::new(run);
            // A reader that went away (the iterator dropped) stops the run.
            prepared.run(&mut runner, &options, |event| sender.send(event).map_err(|_| ()));
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    Ok(Records {
        state: Mutex::new(Running { receiver: Some(receiver), thread: Some(thread) }),
        name,
        run,
    })
}

/// The records of a pack being solved, in input order: the iterator `iter_solve` returns.
///
/// A thread solves the pack ahead of the reader, at most 1,024 records ahead; dropping the
/// iterator stops it.
#[pyclass(module = "flipblox")]
struct Records {
    state: Mutex<Running>,
    name: String,
    run: RunOptions,
}

/// The channel from the solving thread and the thread.
struct Running {
    receiver: Option<Receiver<Event>>,
    thread: Option<JoinHandle<()>>,
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        loop {
            let next = py.detach(|| {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                let event = state.receiver.as_ref().and_then(|r| r.recv().ok());
                if event.is_none() {
                    state.receiver = None;
                    // The run is over: a thread that panicked is an error, not an end.
                    if let Some(thread) = state.thread.take() {
                        return Err(thread.join().is_err());
                    }
                }
                Ok(event)
            });
            match next {
                Ok(Some(Event::Report(report))) => {
                    return record(py, &self.name, &report, &self.run).map(Some);
                }
                Ok(Some(Event::Warning(message))) => errors::warn(py, &message)?,
                Ok(None) | Err(false) => return Ok(None),
                Err(true) => {
                    return Err(PyRuntimeError::new_err(
                        "the thread solving the pack stopped on an internal error",
                    ));
                }
            }
        }
    }
}

/// The distance field of level `level` (1-based) of a pack: an `int32` NumPy array of shape
/// (R, C, 3), as `flipblox export bloxorz` writes it.
///
/// Entry `[r, c, o]` is the minimum number of rolls from the box at row `r`, column `c`
/// (0-based from the top-left) to standing on the target, -1 when the target cannot be reached
/// from there, -2 when the box may not rest there. Orientation `o`: 0 standing on (r, c), 1 lying
/// on (r, c) and (r, c+1), 2 lying on (r, c) and (r+1, c). With `from_start=True` the entries are
/// the distances from the level's start instead. `pack`, `input_format`, `max_memory` and `name`
/// are as for `solve`; levels that cannot be read count in the numbering, and only level `level`
/// must be readable.
///
/// Raises `LevelError` (the command-line tool's message) when the level is out of range, cannot
/// be read, has switches or split switches (a field describes POJ 3322 levels only), or would
/// need more than `max_memory` bytes.
#[pyfunction]
#[pyo3(signature = (pack, level=1, *, from_start=false, input_format="auto",
                    max_memory=2_147_483_648, name=None))]
fn field<'py>(
    py: Python<'py>,
    pack: &Bound<'py, PyAny>,
    level: usize,
    from_start: bool,
    input_format: &str,
    max_memory: u64,
    name: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    if level == 0 {
        return Err(errors::argument("level", "levels are numbered from 1"));
    }
    let format = parse_format(input_format)?;
    let input = Input::extract(pack, name, max_memory, " (max_memory=)")?;
    let mut prepared = Prepared::new(py, input, format, max_memory)?;
    let made = py.detach(|| -> Result<(u32, u32, Vec<i32>), (String, bool)> {
        let with_hint = |e: &FieldError| {
            let hint = if e.is_over_memory_limit() { " (max_memory=)" } else { "" };
            (format!("{e}{hint}"), e.position().is_some())
        };
        let mut levels = prepared.input.levels().map_err(|e| (e.to_string(), false))?;
        let found = levels.level_for_field(level).map_err(|e| with_hint(&e))?;
        let mut solver = Solver::new();
        let made = if from_start {
            solver.distance_field_from_start(&found)
        } else {
            solver.distance_field(&found)
        };
        let field = made.map_err(|e| match (&e, &e) {
            (FieldError::Mechanics { cell }, _) => match levels.cell_position(&found, *cell) {
                Some(at) => (format!("{at}: level {level}: {e}"), true),
                None => (format!("level {level}: {e}"), false),
            },
            _ => with_hint(&e),
        })?;
        Ok((field.rows(), field.cols(), field.distances().to_vec()))
    });
    let (rows, cols, distances) =
        made.map_err(|(message, at_place)| errors::level_error(&prepared.name, message, at_place))?;
    let array = PyArray1::from_vec(py, distances);
    let shape = [rows as usize, cols as usize, DistanceField::ORIENTATIONS];
    Ok(array.reshape(shape)?.into_any())
}
