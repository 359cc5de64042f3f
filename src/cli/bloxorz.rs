//! `flipblox bloxorz`: solve Bloxorz level packs (POJ 3322) with the batch runner.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use super::Outcome;
use super::print;
use flipblox::bloxorz::{
    Answer, FlashPack, LevelError, Report, RunOptions, Runner, ignored_after_end, write_path,
};
use super::io::{Input, Source};

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
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    /// Also print one shortest path: `N MOVES`, MOVES a string of U D L R (U = towards the first
    /// row, L = towards the first column); a split cube's move is its name then the direction
    /// (`aU`, `bL`: cube a is on the split switch's first target).
    #[arg(long)]
    path: bool,

    /// How FILE is written: `pack` (levels in the text format) or `flash` (the original Flash
    /// game's level file, `levels = [...]` play order).
    #[arg(long, value_enum, default_value_t = InputFormat::Pack)]
    input_format: InputFormat,

    /// Print one JSON object per line: file, level (1-based), rows, cols, moves (null when
    /// impossible), path (null without --path), states_explored, microseconds, error.
    #[arg(long)]
    json: bool,

    /// Solve levels on N threads (default, and at most: the number of cores); the output stays
    /// in input order.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    jobs: Option<u32>,

    /// Refuse, before allocating, any level that would need more memory than SIZE
    /// (19 bytes per cell of the level padded by 2 on each side), e.g. 512MiB, 4GB, 1000000.
    #[arg(long, value_name = "SIZE", default_value = "2GiB", value_parser = parse_memory)]
    max_memory: u64,
}

/// How an input file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Level packs in the text format (POJ 3322 and its extension, docs/LEVELS.md).
    Pack,
    /// The original Flash game's level file (bloxorzlevels.txt).
    Flash,
}

/// Parses a byte size such as `2GiB`, `512 MB` or `1000000`.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    parse_size::parse_size(text).map_err(|e| format!("{e} (examples: 2GiB, 512MB, 1000000)"))
}

/// One level as printed by `--json`.
#[derive(Debug, Serialize)]
struct JsonLevel<'a> {
    file: &'a str,
    level: usize,
    rows: Option<usize>,
    cols: Option<usize>,
    moves: Option<u32>,
    path: Option<String>,
    states_explored: Option<u64>,
    microseconds: Option<u64>,
    error: Option<String>,
}

struct Printer<W: Write> {
    out: W,
    path: bool,
    json: bool,
    bar: ProgressBar,
    line: Vec<u8>,
}

impl<W: Write> Printer<W> {
    fn answer(&mut self, file: &str, level: usize, answer: &Answer) -> anyhow::Result<()> {
        let moves = answer.solution.moves;
        let letters = || {
            let mut text = String::new();
            write_path(&answer.path, &mut text);
            text
        };
        if self.json {
            let json = JsonLevel {
                file,
                level,
                rows: Some(answer.rows),
                cols: Some(answer.cols),
                moves,
                path: (self.path && moves.is_some()).then(letters),
                states_explored: Some(answer.solution.states_explored),
                microseconds: Some(u64::try_from(answer.elapsed.as_micros()).unwrap_or(u64::MAX)),
                error: None,
            };
            serde_json::to_writer(&mut self.out, &json)?;
            self.out.write_all(b"\n")?;
            return Ok(());
        }
        match moves {
            None => self.out.write_all(b"Impossible\n")?,
            Some(n) if !self.path => writeln!(self.out, "{n}")?,
            Some(n) => {
                self.line.clear();
                write!(self.line, "{n} ")?;
                self.line.extend(answer.path.iter().flat_map(|m| {
                    let cube = m.cube.map(|c| c.letter() as u8);
                    cube.into_iter().chain([m.direction.letter() as u8])
                }));
                self.line.push(b'\n');
                self.out.write_all(&self.line)?;
            }
        }
        Ok(())
    }

    fn error(&mut self, file: &str, level: usize, error: &LevelError) -> anyhow::Result<()> {
        // Flush the answers before this level so stdout and stderr interleave in order.
        self.out.flush()?;
        self.bar.suspend(|| print::report(format_args!("{file}:{error}")));
        if self.json {
            let json = JsonLevel {
                file,
                level,
                rows: None,
                cols: None,
                moves: None,
                path: None,
                states_explored: None,
                microseconds: None,
                error: Some(error.to_string()),
            };
            serde_json::to_writer(&mut self.out, &json)?;
            self.out.write_all(b"\n")?;
        } else {
            self.out.write_all(b"Error\n")?;
        }
        Ok(())
    }
}

/// A progress bar over the input bytes that shows itself only when stderr is a terminal and the
/// batch is still running after a second. Dropping the returned sender stops the wait.
fn progress_bar(total_bytes: u64) -> (ProgressBar, mpsc::Sender<()>) {
    let bar = ProgressBar::with_draw_target(Some(total_bytes), ProgressDrawTarget::hidden());
    let style = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg} (eta {eta})",
    );
    if let Ok(style) = style {
        bar.set_style(style);
    }
    let (stop_tx, stop_rx) = mpsc::channel::<()>();
    if std::io::stderr().is_terminal() {
        let bar = bar.clone();
        std::thread::spawn(move || {
            if stop_rx.recv_timeout(Duration::from_secs(1)) == Err(mpsc::RecvTimeoutError::Timeout)
            {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(200));
            }
        });
    }
    (bar, stop_tx)
}

/// Runs `flipblox bloxorz`.
pub fn run(args: BloxorzArgs) -> anyhow::Result<Outcome> {
    let sources: Vec<Source> = if args.files.is_empty() {
        vec![Source::Stdin]
    } else {
        args.files.iter().map(|p| Source::from_arg(p)).collect()
    };
    // More threads than the machine runs at once only add memory (a scratch each) and start-up
    // time to a CPU-bound search, so the request is capped at the available parallelism.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args.jobs.map_or(cores, |n| (n as usize).min(cores));
    let mut runner =
        Runner::new(RunOptions { jobs, paths: args.path, max_memory: args.max_memory });
    let total_bytes = sources
        .iter()
        .map(|s| match s {
            Source::Path(p) => std::fs::metadata(p).map_or(0, |m| m.len()),
            Source::Stdin => 0,
        })
        .sum();
    let (bar, stop_bar) = progress_bar(total_bytes);
    let mut printer =
        Printer { out: print::stdout(), path: args.path, json: args.json, bar, line: Vec::new() };
    let mut failed = false;
    let mut bytes_before = 0u64;
    let mut levels = 0u64;
    for source in &sources {
        let input = match Input::open(source) {
            Ok(input) => input,
            Err(e) => {
                printer.out.flush()?;
                printer.bar.suspend(|| {
                    print::report(format_args!("{}: cannot read: {e}", source.display_name()))
                });
                failed = true;
                continue;
            }
        };
        if *source == Source::Stdin {
            printer.bar.inc_length(input.bytes().len() as u64);
        }
        let name = input.name();
        let flash = match args.input_format {
            InputFormat::Pack => None,
            InputFormat::Flash => match FlashPack::parse(input.bytes(), args.max_memory) {
                Ok(pack) => {
                    for problem in pack.problems() {
                        failed = true;
                        printer.bar.suspend(|| print::report(format_args!("{name}:{problem}")));
                    }
                    Some(pack)
                }
                Err(e) => {
                    failed = true;
                    printer.out.flush()?;
                    printer.bar.suspend(|| print::report(format_args!("{name}:{e}")));
                    continue;
                }
            },
        };
        let mut on_report = |report: Report| -> anyhow::Result<()> {
            match &report.result {
                Ok(answer) => printer.answer(name, report.level, answer)?,
                Err(e) => {
                    failed = true;
                    printer.error(name, report.level, e)?;
                }
            }
            levels += 1;
            printer.bar.set_position(bytes_before + report.end_offset as u64);
            if levels % 64 == 1 {
                printer.bar.set_message(format!("{levels} levels"));
            }
            Ok(())
        };
        let mut end_offset = 0;
        let on_report = |report: Report| {
            end_offset = report.end_offset;
            on_report(report)
        };
        match &flash {
            None => {
                runner.run(input.bytes(), on_report)?;
                if let Some(position) = ignored_after_end(input.bytes(), end_offset) {
                    printer.out.flush()?;
                    printer.bar.suspend(|| {
                        print::report(format_args!(
                            "{name}:{position}: warning: not read: the pack ends at the `0 0` line \
                             before this (POJ 3322); remove that line to read what follows"
                        ))
                    });
                }
            }
            Some(pack) => runner.run_source(pack.source(), on_report)?,
        }
        bytes_before += input.bytes().len() as u64;
    }
    drop(stop_bar);
    printer.bar.finish_and_clear();
    printer.out.flush().context("writing to stdout")?;
    Ok(Outcome::from_failed(failed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use flipblox::bloxorz::DEFAULT_MAX_MEMORY;

    #[test]
    fn memory_sizes_read_with_units() {
        assert_eq!(parse_memory("2GiB"), Ok(DEFAULT_MAX_MEMORY));
        assert_eq!(parse_memory("1000"), Ok(1000));
        assert_eq!(parse_memory("1 KiB"), Ok(1024));
        assert!(parse_memory("lots").is_err());
    }
}
