//! `flipblox bloxorz`: solve Bloxorz level packs (POJ 3322) with the batch runner.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;
use serde::Serialize;

use super::args::{MapArgs, Outcome, parse_memory};
use super::expect::{Expectations, Expected};
use super::io::{Source, answers_printer, for_each_input, sources};
use super::levels::{FormatArgs, Reading};
use super::print::{Printer, Record};
use super::progress;
use super::shard::{Shard, ShardArgs, Sharded};
use flipblox::bloxorz::{AnalysisRecord, LevelRecord, LevelSource, Report, RunOptions, Runner};

/// Solve Bloxorz levels: the minimum number of moves that bring the box to stand on the target
/// `O`, or `Impossible` (POJ 3322), also with the original game's switches, bridges and split
/// switches.
///
/// Input: levels in the POJ 3322 layout, each an `R C` line then R rows of C cells (`.` rigid, `E`
/// fragile, `#` empty, `O` target, `X` start: one X standing, two adjacent X lying), ended by `0 0`
/// or the end of the input; the extension adds `S` soft switch, `H` heavy switch, `V` split
/// switch, `B`/`-` bridge tile present/absent, and after the rows `switch R C: on R C, off R C,
/// toggle R C` and `split R C: R C, R C` lines (1-based; see docs/LEVELS.md). With
/// `--input-format flash`, FILE is the original Flash game's level file: one line per stage, in
/// play order. Output: one line per level, in input order across all files; a level that could not
/// be read prints `Error` and a PATH:LINE:COLUMN message on stderr.
///
/// Exit codes: 0 when every level was read (Impossible is an answer), 1 when any level or file
/// could not be read, 2 for usage errors.
#[derive(Debug, Args)]
pub struct BloxorzArgs {
    /// Level packs; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", help_heading = "Input")]
    files: Vec<PathBuf>,

    /// Also print one shortest path: `N MOVES`, MOVES a string of U D L R (U = towards the first
    /// row, L = towards the first column); a split cube's move is its name then the direction
    /// (`aU`, `bL`: cube a is on the split switch's first target).
    #[arg(long, help_heading = "Output")]
    path: bool,

    /// Write the answers to FILE instead of standard output: a temporary file beside it, renamed
    /// over FILE once every level is answered (levels that could not be read are in it as
    /// `Error`), so FILE is whole or as it was; `-` is standard output.
    #[arg(short, long, value_name = "FILE", help_heading = "Output")]
    output: Option<PathBuf>,

    #[command(flatten, next_help_heading = "Input")]
    formats: FormatArgs,

    #[command(flatten, next_help_heading = "Output")]
    shard: ShardArgs,

    /// Print one JSON object per line (docs/JSON.md): file, index (the level, 1-based), error,
    /// distance (the minimum number of moves; null when impossible), path (null without --path),
    /// rows, cols, states_explored.
    #[arg(long, help_heading = "Output")]
    json: bool,

    /// With --json, add each search's wall time in microseconds (`microseconds`); without it
    /// two runs print identical records.
    #[arg(long, requires = "json", help_heading = "Output")]
    timings: bool,

    /// Also analyse every level (docs/BLOXORZ.md, "For designers"): after the answer (and the
    /// path), `optimal_solutions=N` (distinct shortest solutions; `N+` when it stops at
    /// 2^64-1), `reachable=N` (states the block can reach), `dead_ends=N` (of those, the ones
    /// from which the target cannot be reached), `trap_moves=N` (moves into a dead end from a
    /// state that could still win), `cells_used=N` (cells some optimal solution covers),
    /// `cells_unused=N` (tiles no reachable state covers) and `difficulty=X` (`-` when
    /// impossible); with --json the same keys, and `unused_cells`, the list of those tiles.
    /// The analysis stores every reachable state, about 256 bytes each, within --max-memory.
    #[arg(long, alias = "analyze", help_heading = "Output")]
    analyse: bool,

    /// Compare every answer with FILE, the text output of an earlier run (one line per level,
    /// its first word the answer): each level whose answer differs is reported on stderr as
    /// `PATH:LINE: level N: par 17, expected 15`, and the exit code is 1. The answers are
    /// printed as usual.
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    expect: Option<PathBuf>,

    /// Solve levels on N threads (default, and at most: the number of cores); the output stays
    /// in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024),
          help_heading = "Resources")]
    jobs: Option<u32>,

    /// Refuse any level that would need more memory than SIZE, before allocating it (16 bytes
    /// per cell of the level padded by 2 on each side), e.g. 512MiB, 4GB, 1000000.
    #[arg(long, value_name = "SIZE", default_value = "2GiB", value_parser = parse_memory,
          help_heading = "Resources")]
    max_memory: u64,

    #[command(flatten, next_help_heading = "Input")]
    map: MapArgs,
}

/// One level as printed: the library's record, as a JSON object for `--json` (docs/JSON.md) or
/// a text line.
struct Printed<'a> {
    record: LevelRecord<'a>,
    /// With `--shard`: the text line starts with the index and a tab.
    indexed: bool,
}

impl Serialize for Printed<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.record.serialize(serializer)
    }
}

impl Record for Printed<'_> {
    fn text(&self, out: &mut impl Write) -> io::Result<()> {
        let record = &self.record;
        if self.indexed {
            write!(out, "{}\t", record.index)?;
        }
        if record.error.is_some() {
            return out.write_all(b"Error");
        }
        match (record.distance, &record.path) {
            (None, _) => out.write_all(b"Impossible")?,
            (Some(n), None) => write!(out, "{n}")?,
            (Some(n), Some(path)) => write!(out, "{n} {path}")?,
        }
        match &record.analysis {
            Some(analysis) => analysis_text(analysis, out),
            None => Ok(()),
        }
    }
}

/// The measures after the answer on a text line: ` optimal_solutions=N ... difficulty=X`.
fn analysis_text(analysis: &AnalysisRecord, out: &mut impl Write) -> io::Result<()> {
    let number = |n: Option<u64>| n.map_or_else(|| "-".to_string(), |n| n.to_string());
    let plus = if analysis.optimal_solutions_saturated == Some(true) { "+" } else { "" };
    write!(
        out,
        " optimal_solutions={}{plus} reachable={} dead_ends={} trap_moves={} cells_used={} \
         cells_unused={} difficulty=",
        number(analysis.optimal_solutions),
        number(analysis.reachable),
        number(analysis.dead_ends),
        number(analysis.trap_moves),
        number(analysis.cells_used),
        number(analysis.cells_unused),
    )?;
    match analysis.difficulty {
        Some(d) => write!(out, "{d:.2}"),
        None => out.write_all(b"-"),
    }
}

/// Runs `flipblox bloxorz`.
pub fn run(args: BloxorzArgs) -> anyhow::Result<Outcome> {
    let sources = sources(&args.files);
    // More threads than the machine runs at once only add memory (a solver each) and start-up
    // time to a CPU-bound search, so the request is capped at the available parallelism.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args.jobs.map_or(cores, |n| (n as usize).min(cores));
    let options = RunOptions {
        jobs,
        paths: args.path,
        max_memory: args.max_memory,
        timings: args.timings,
        analyse: args.analyse,
    };
    let mut runner = Runner::new(options);
    let expect = args
        .expect
        .as_deref()
        .map(|path| Expectations::read(path, args.max_memory, args.shard.shard))
        .transpose()?;
    let total_bytes = sources
        .iter()
        .map(|s| match s {
            Source::Path(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
            Source::Stdin => 0,
        })
        .sum();
    let (bar, stop_bar) = progress::pack(total_bytes, "solving levels");
    let mut printer = answers_printer(args.output.as_deref(), args.json)?.with_bar(bar.clone());
    let mut batch = Batch {
        bar,
        options,
        failed: false,
        bytes_before: 0,
        shown_at: 0,
        levels: 0,
        indexed: args.shard.shard.is_some() && !args.json,
        shard: args.shard.shard,
        expect,
    };
    let reading = Reading { formats: args.formats, max_memory: args.max_memory, whole: false };
    let shard = args.shard.shard;
    let unreadable = for_each_input(&sources, args.map.map(), &mut printer, |printer, input| {
        let name = input.name().to_string();
        let flush: Box<dyn FnMut()> = Box::new(printer.flush_hook());
        let failed = reading.read(input, printer, Some(flush), |printer, levels| {
            let source = Sharded::new(&mut *levels, shard);
            batch.run(&mut runner, printer, &name, source)?;
            batch.bytes_before += levels.input_len().unwrap_or(levels.offset()) as u64;
            if let Some(expect) = &mut batch.expect {
                expect.end_input(levels.levels_started(), printer);
            }
            Ok(())
        })?;
        batch.failed |= failed;
        Ok(())
    })?;
    drop(stop_bar);
    let changed = batch.expect.as_mut().is_some_and(|expect| expect.finish(&mut printer));
    printer.finish()?;
    Ok(Outcome::from_failed(batch.failed || unreadable || changed))
}

/// The state of a batch across its inputs: the progress bar, whether a level failed.
struct Batch {
    bar: indicatif::ProgressBar,
    /// `--path`, `--timings`, `--analyse` (what each record holds).
    options: RunOptions,
    failed: bool,
    /// Bytes of the inputs before this one.
    bytes_before: u64,
    /// The position the progress bar last showed.
    shown_at: u64,
    levels: u64,
    /// `--shard` in text: each line starts with the level's index.
    indexed: bool,
    /// `--shard`: the levels a source gives are numbered within the part.
    shard: Option<Shard>,
    /// `--expect`: the answers every level is compared with.
    expect: Option<Expectations>,
}

impl Batch {
    /// Solves and prints the levels of `source` (the input `name`).
    fn run(
        &mut self,
        runner: &mut Runner,
        printer: &mut Printer,
        name: &str,
        source: impl LevelSource,
    ) -> anyhow::Result<()> {
        runner.run_source(source, |mut report: Report| -> anyhow::Result<()> {
            if let Some(shard) = self.shard {
                report.level = shard.global(report.level);
            }
            let record = LevelRecord::new(name, &report, &self.options, "--max-memory");
            let printed = Printed { record, indexed: self.indexed };
            match &report.result {
                Ok(_) => printer.record(&printed)?,
                Err(_) => {
                    self.failed = true;
                    let message = printed.record.error.as_deref().unwrap_or_default();
                    printer.failure(format_args!("{name}:{message}"), &printed)?;
                }
            }
            if let Some(expect) = &mut self.expect {
                let (found, at) = match &report.result {
                    Ok(answer) => (
                        answer.solution.moves.map_or(Expected::Impossible, Expected::Moves),
                        answer.origin,
                    ),
                    Err(e) => (Expected::Error, e.position),
                };
                expect.check(found, name, at, report.level, printer);
            }
            self.levels += 1;
            // The bar reads the clock on every update: on packs of small levels, updating it
            // per level cost about 1% of the run, so it moves every 64 levels or 64 KiB.
            let position = self.bytes_before + report.end_offset as u64;
            if self.levels % 64 == 1 || position.saturating_sub(self.shown_at) >= 1 << 16 {
                self.shown_at = position;
                progress::read_to(&self.bar, position);
                self.bar.set_message(format!("solved {} levels", self.levels));
            }
            Ok(())
        })
    }
}
