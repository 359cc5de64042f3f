//! `flipblox convert`: write levels in the text format (the original Flash game's stages, or a
//! pack rewritten in its canonical form), as drawings, or as PDDL problems of the Bloxorz domain.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use super::args::{MapArgs, Outcome, level_error, parse_memory};
use super::io::{Destination, create_directory, escape_path, for_each_input, sources};
use super::levels::{FormatArgs, Reading};
use super::print::{Reporter, Stderr};
use flipblox::bloxorz::{Level, LevelSource, Unwritable};

/// Convert Bloxorz levels: read a pack, the Flash game's file, a drawing or PDDL, write a pack,
/// a drawing or PDDL (docs/LEVELS.md).
///
/// With `--input-format flash`, FILE is the original Flash game's level file: each stage of its
/// play order is written as a level of the text format, after a comment line `; stage N: NAME
/// (passcode CODE)`, and the pack ends with `0 0`. `flipblox bloxorz` then answers the written
/// pack exactly as it answers the Flash file. With `--input-format pack` the levels are written
/// back in canonical form, each level's title (the `;` comment line right before it) kept. A
/// stage or level that cannot be read is reported on stderr as
/// PATH:LINE:COLUMN: ..., left out with a comment line in its place, and the exit code is 1;
/// an existing output file is then left as it was (the levels go to it only when every input
/// was read).
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// Input files; `-` or nothing reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,

    #[command(flatten)]
    formats: FormatArgs,

    /// The format to write: `pack` (the text format, ended by `0 0`), `drawing` (the S/T/o/-
    /// drawing, levels separated by blank lines; a level with what the drawing cannot show, such
    /// as fragile cells, switches or a lying start, is refused on stderr and left out) or `pddl`
    /// (the Bloxorz domain of the planning benchmarks and one problem per level; a level with a
    /// split switch is refused on stderr and left out; see docs/LEVELS.md).
    #[arg(long, value_enum, default_value_t = OutputFormat::Pack)]
    to: OutputFormat,

    /// Where to write the levels (default: standard output). With `--to pddl`, a directory
    /// (created if need be) that receives `domain.pddl` and `level-N.pddl`, one problem per
    /// level in the order written; on standard output the domain comes first, then the
    /// problems.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Refuse levels that would need more memory than SIZE to solve (as `bloxorz --max-memory`).
    #[arg(long, value_name = "SIZE", default_value = "2GiB", value_parser = parse_memory)]
    max_memory: u64,

    #[command(flatten)]
    map: MapArgs,
}

/// What `convert` writes (`--to`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum OutputFormat {
    /// The text format of level packs.
    Pack,
    /// The S/T/o/- drawing.
    Drawing,
    /// PDDL: the domain and one problem per level.
    Pddl,
}

/// Runs `flipblox convert`.
pub fn run(args: ConvertArgs) -> anyhow::Result<Outcome> {
    let to = args.to;
    // With `--to pddl`, `-o` names a directory: the problems are kept and written at the end.
    let directory = args.output.clone().filter(|_| to == OutputFormat::Pddl);
    let mut destination =
        Destination::create(if directory.is_some() { None } else { args.output.as_deref() })?;
    let output = destination.name().to_string();
    let out = destination.writer();
    if to == OutputFormat::Pddl && directory.is_none() {
        out.write_all(Level::PDDL_DOMAIN.as_bytes())
            .with_context(|| format!("{output}: cannot write"))?;
    }
    let mut failed = false;
    // Drawings written so far (each after the first follows a blank line).
    let mut drawings = 0usize;
    let mut drawing = String::new();
    // The problems for the directory, in order.
    let mut problems: Vec<String> = Vec::new();
    // Levels written as problems so far.
    let mut written = 0usize;
    // Writes `level` in the output format; `Ok(Some(why))` when the format cannot hold it.
    let mut write_level = |out: &mut dyn Write,
                           comment: Option<String>,
                           level: &Level|
     -> std::io::Result<Option<Unwritable>> {
        if to == OutputFormat::Drawing {
            drawing.clear();
            if let Err(why) = level.write_drawing(&mut drawing) {
                return Ok(Some(why));
            }
            if drawings > 0 {
                writeln!(out)?;
            }
            drawings += 1;
            out.write_all(drawing.as_bytes())?;
            return Ok(None);
        }
        if to == OutputFormat::Pddl {
            let mut problem = String::new();
            if let Some(comment) = comment {
                problem.push_str(&format!("; {comment}\n"));
            }
            if let Err(why) = level.write_pddl(&format!("level-{}", written + 1), &mut problem) {
                return Ok(Some(why));
            }
            written += 1;
            if directory.is_some() {
                problems.push(problem);
            } else {
                writeln!(out)?;
                out.write_all(problem.as_bytes())?;
            }
            return Ok(None);
        }
        if let Some(comment) = comment {
            writeln!(out, "; {comment}")?;
        }
        write!(out, "{level}")?;
        Ok(None)
    };
    let reading = Reading { formats: args.formats, max_memory: args.max_memory, whole: false };
    let unreadable =
        for_each_input(&sources(&args.files), args.map.map(), &mut Stderr, |err, input| {
            let name = input.name().to_string();
            let problems = reading.read(input, err, None, |err, levels| {
                let mut level = Level::new();
                while let Some(read) = levels.read_into(&mut level) {
                    let number = levels.levels_started();
                    // A level with a title is written after it, as a comment (a stage of the Flash
                    // game's file has one naming it).
                    let stage = levels.flash().and_then(|pack| pack.stages().get(number - 1));
                    let comment = match (&read, stage) {
                        (Ok(()), _) => level.title().map(str::to_owned),
                        (Err(_), Some(stage)) => Some(stage.title(number)),
                        (Err(_), None) => None,
                    };
                    // Problems say where their level comes from.
                    let comment = match to {
                        OutputFormat::Pddl => Some(comment.map_or_else(
                            || format!("{name}, level {number}"),
                            |title| format!("{name}, {title}"),
                        )),
                        _ => comment,
                    };
                    match read {
                        Ok(()) => {
                            if to == OutputFormat::Pddl
                                && let Some(why) = level.pddl_rules_may_differ()
                            {
                                let at =
                                    level.origin().map_or(" ".to_string(), |p| format!("{p}: "));
                                err.report(format_args!(
                                    "{name}:{at}level {number}: warning: flipblox's rules and \
                                     the PDDL domain's may answer it differently: {why}"
                                ));
                            }
                            if let Some(why) = write_level(out, comment, &level)? {
                                let at =
                                    level.origin().map_or(" ".to_string(), |p| format!("{p}: "));
                                err.report(format_args!(
                                    "{name}:{at}level {number}: not written: {why}"
                                ));
                                failed = true;
                            }
                        }
                        Err(e) => {
                            let e = level_error(&e);
                            err.report(format_args!("{name}:{e}"));
                            failed = true;
                            if to == OutputFormat::Pack {
                                let what = comment.unwrap_or_else(|| format!("level {number}"));
                                writeln!(out, "; {what} could not be read: {e}")?;
                            }
                        }
                    }
                }
                Ok(())
            })?;
            failed |= problems;
            Ok(())
        })
        // Inputs' problems are reported inside; what ends the run is a failed write.
        .with_context(|| format!("{output}: cannot write"))?;
    if let Some(directory) = directory {
        return write_directory(&directory, &problems, failed || unreadable);
    }
    if (failed || unreadable) && destination.replaces_file() {
        let name = destination.name().to_string();
        destination.discard()?;
        Stderr.report_file(
            &name,
            format_args!("not written: some input could not be read (the file is left as it was)"),
        );
        return Ok(Outcome::SomeFailed);
    }
    if to == OutputFormat::Pack {
        writeln!(destination.writer(), "0 0").with_context(|| format!("{output}: cannot write"))?;
    }
    destination.commit()?;
    Ok(Outcome::from_failed(failed || unreadable))
}

/// Writes `level-N.pddl` (N from 1, zero-padded to one width), then `domain.pddl`, into
/// `directory`, created if need be, each replacing its entry whatever it is
/// ([`Destination::entry`]); nothing when `failed` (an input or a level could not be read or
/// written), which is then the outcome. `domain.pddl` is written only when every level was.
fn write_directory(directory: &Path, problems: &[String], failed: bool) -> anyhow::Result<Outcome> {
    let name = escape_path(directory);
    if failed {
        Stderr.report_file(
            &name,
            format_args!("not written: some input could not be read or written as PDDL"),
        );
        return Ok(Outcome::SomeFailed);
    }
    create_directory(directory)?;
    let width = problems.len().to_string().len();
    let files = problems
        .iter()
        .enumerate()
        .map(|(i, p)| (format!("level-{:0width$}.pddl", i + 1), p.as_str()))
        .chain(std::iter::once(("domain.pddl".to_string(), Level::PDDL_DOMAIN)));
    for (file, text) in files {
        let mut destination = Destination::entry(directory, &file)?;
        let output = destination.name().to_string();
        destination
            .writer()
            .write_all(text.as_bytes())
            .with_context(|| format!("{output}: cannot write"))?;
        destination.commit()?;
    }
    Ok(Outcome::from_failed(false))
}
