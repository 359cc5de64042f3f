//! `flipblox generate bloxorz`: a pack of hard levels, searched for and verified by the library
//! (`flipblox::bloxorz::generate`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};

use super::args::{Outcome, usage};
use super::io::Destination;
use super::print::stdout;
use super::progress;
use flipblox::bloxorz::analysis::Analyser;
use flipblox::bloxorz::generate::{GenerateError, GenerateOptions, Generated, Generator};
use flipblox::bloxorz::{GeneratedRecord, Limits, Solver};
use flipblox::lights_out::BoardSize;

/// Generate puzzles (docs/BLOXORZ.md, "For designers").
#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(subcommand)]
    what: GenerateCommand,
}

#[derive(Debug, Subcommand)]
enum GenerateCommand {
    /// A pack of Bloxorz levels with a high par: each the best level a search by simulated
    /// annealing finds, solved and verified (its optimal path replayed). The same options
    /// write the same bytes, with any --jobs.
    Bloxorz(GenerateBloxorzArgs),
}

#[derive(Debug, Args)]
struct GenerateBloxorzArgs {
    /// The size of every level: ROWSxCOLS (e.g. 12x12).
    #[arg(long, value_name = "RxC")]
    size: BoardSize,

    /// How many levels.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    count: u64,

    /// The seed: the same seed (and options) gives the same levels.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,

    /// Every level has a par of at least M moves (a search that ends below it starts again,
    /// up to 20 times; then the run fails).
    #[arg(long, value_name = "M", default_value_t = 0)]
    min_moves: u32,

    /// Fragile ground (`E`) may appear.
    #[arg(long)]
    fragile: bool,

    /// A switch (`S` or `H`) and bridge tiles it toggles may appear.
    #[arg(long)]
    switches: bool,

    /// Candidate levels the search of one level evaluates (more: harder levels, longer runs).
    #[arg(long, value_name = "N", default_value_t = 20_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    iterations: u64,

    /// Search N levels at once (default, and at most: the number of cores); the output is the
    /// same.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    jobs: Option<u32>,

    /// Write the pack to FILE (default: standard output, unless --json); a file is written
    /// whole or not at all.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,

    /// Print one JSON object per level on standard output (docs/JSON.md): the level's text,
    /// its par and path, and its analysis (as `bloxorz --analyse --json`).
    #[arg(long)]
    json: bool,
}

/// Runs `flipblox generate`.
pub fn run(args: GenerateArgs) -> anyhow::Result<Outcome> {
    let GenerateCommand::Bloxorz(args) = args.what;
    let mut options = GenerateOptions::new(args.size.rows(), args.size.cols(), args.seed);
    options.min_moves = args.min_moves;
    options.fragile = args.fragile;
    options.switches = args.switches;
    options.iterations = args.iterations;
    // The pack goes to -o, or to stdout when --json does not take it.
    let mut pack = match (&args.output, args.json) {
        (Some(path), _) => Some(Destination::create(Some(path))?),
        (None, false) => Some(Destination::create(None)?),
        (None, true) => None,
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args.jobs.map_or(cores, |n| (n as usize).min(cores)).max(1);
    let bar = progress::levels(args.count, "generating levels");
    let levels = generate_all(&options, args.count, jobs, &bar).map_err(|e| {
        // A size the generator does not take is the command line's fault (exit code 2).
        match e.downcast_ref::<GenerateError>() {
            Some(size @ GenerateError::Size { .. }) => {
                usage(&["generate", "bloxorz"], format!("--size {}: {size}", args.size))
            }
            _ => e,
        }
    })?;
    bar.finish_and_clear();
    let mut out = stdout();
    let mut solver = Solver::new();
    let mut analyser = Analyser::new();
    let mut path = Vec::new();
    for (index, generated) in levels.iter().enumerate() {
        let level = &generated.level;
        if let Some(pack) = &mut pack {
            let name = pack.name().to_string();
            let title = level.title().map_or(String::new(), |t| format!("; {t}\n"));
            write!(pack.writer(), "{title}{level}")
                .with_context(|| format!("{name}: cannot write"))?;
        }
        if args.json {
            solver.solve_with_path(level, Limits::default(), &mut path)?;
            let analysis = analyser.analyse(level, Limits::default())?;
            let record = GeneratedRecord::new(index as u64 + 1, generated, &path, &analysis);
            serde_json::to_writer(&mut out, &record).context("writing to stdout")?;
            out.write_all(b"\n").context("writing to stdout")?;
        }
    }
    out.flush().context("writing to stdout")?;
    if let Some(mut pack) = pack {
        let name = pack.name().to_string();
        writeln!(pack.writer(), "0 0").with_context(|| format!("{name}: cannot write"))?;
        pack.commit()?;
    }
    Ok(Outcome::Success)
}

/// Generates levels `0..count` on `jobs` threads (level `k` on thread `k % jobs`), in order.
///
/// # Errors
///
/// The first level that could not be generated (too hard for its constraints).
fn generate_all(
    options: &GenerateOptions,
    count: u64,
    jobs: usize,
    bar: &indicatif::ProgressBar,
) -> anyhow::Result<Vec<Generated>> {
    let results: Vec<Vec<(u64, anyhow::Result<Generated>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs as u64)
            .map(|job| {
                scope.spawn(move || {
                    let mut generator = Generator::new();
                    let mut done = Vec::new();
                    let mut index = job;
                    while index < count {
                        let generated = generator
                            .generate(options, index)
                            .with_context(|| format!("level {}", index + 1));
                        let failed = generated.is_err();
                        done.push((index, generated));
                        bar.inc(1);
                        if failed {
                            break;
                        }
                        index += jobs as u64;
                    }
                    done
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("a generator thread panicked")).collect()
    });
    let mut all: Vec<(u64, anyhow::Result<Generated>)> = results.into_iter().flatten().collect();
    all.sort_by_key(|(index, _)| *index);
    all.into_iter().map(|(_, generated)| generated).collect()
}
