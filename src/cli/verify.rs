//! `flipblox verify`: recompute a table by an independent method, compare, and prove it holds
//! distances.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use serde::Serialize;

use super::args::{MapArgs, Outcome, TableLimitArgs, table_bytes};
use super::io::{Input, Source};
use super::print;
use super::progress;
use flipblox::flip::{
    Board, BoardSize, DistanceTable, IMPOSSIBLE, MAX_BRUTE_FORCE_CELLS, brute_force_table,
    compare_tables,
};
use flipblox::table_file::{Check, Loaded, load_checked};

/// Check a distance table against an independent recomputation.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[command(subcommand)]
    what: VerifyCommand,
}

#[derive(Debug, Subcommand)]
enum VerifyCommand {
    /// Check a Flip Game table: the embedded 4x4 table, the table of --size built in memory,
    /// or the table in FILE (its board from its header; a .npy is taken as 4x4 unless --size
    /// says otherwise). Two checks: the table is compared, entry by entry and by histogram, with
    /// a brute force over all 2^(R*C) press sets (no code shared with the BFS that built it; up
    /// to 25 pieces); and it is proved to be the breadth-first distance table of its board
    /// (both uniform boards at 0, every other solvable state one press from a state one closer
    /// and none closer, Impossible states only next to Impossible states), state by state, for
    /// any size. Prints `OK: ...`, or the first differences or the first state that breaks the
    /// proof and `FAILED`; exit code 1 on any failure. With --json, one JSON object instead
    /// (docs/JSON.md).
    Flip(VerifyFlipArgs),
}

#[derive(Debug, Args)]
struct VerifyFlipArgs {
    /// Check this file (written by `export flip` or `table build`, `bincode` or `npy`) instead
    /// of the embedded table.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

    /// Board size: ROWSxCOLS (4x4 when omitted; with FILE, the file's board, and if given it
    /// must match). Without FILE the table is built in memory first.
    #[arg(long, value_name = "RxC")]
    size: Option<BoardSize>,

    /// Print one JSON object (docs/JSON.md): file (null for a table built here), error (null,
    /// or why the file could not be checked; then the only other key), table, rows, cols, ok,
    /// brute_force (null beyond 25 pieces: states, agrees, differing, first), proof (ok,
    /// fault), histogram, impossible.
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    limit: TableLimitArgs,

    #[command(flatten)]
    map: MapArgs,
}

/// How many differing states to print.
const SHOWN_DIFFERENCES: usize = 10;

/// Runs `flipblox verify`.
pub fn run(args: VerifyArgs) -> anyhow::Result<Outcome> {
    match args.what {
        VerifyCommand::Flip(args) => verify_flip(args),
    }
}

/// `verify flip --json`'s object (docs/JSON.md).
#[derive(Serialize)]
struct Verification {
    file: Option<String>,
    error: Option<String>,
    table: String,
    rows: usize,
    cols: usize,
    /// True when both checks passed (the exit code is 0).
    ok: bool,
    brute_force: Option<BruteForce>,
    proof: Proof,
    histogram: Vec<u64>,
    impossible: u64,
}

/// The comparison with the brute force over press sets.
#[derive(Serialize)]
struct BruteForce {
    states: u64,
    agrees: bool,
    differing: u64,
    /// The first differing states (at most ten): `state`, `board`, and the two distances
    /// (`null` for impossible).
    first: Vec<Difference>,
}

#[derive(Serialize)]
struct Difference {
    state: u64,
    board: String,
    table: Option<u8>,
    brute_force: Option<u8>,
}

/// The proof that the table is the breadth-first distance table of its board.
#[derive(Serialize)]
struct Proof {
    ok: bool,
    fault: Option<String>,
}

fn verify_flip(args: VerifyFlipArgs) -> anyhow::Result<Outcome> {
    let json = args.json;
    let file = args.file.as_ref().map(|path| Source::from_arg(path).display_name());
    super::args::with_file_error(json, file, verify_flip_checked(args))
}

fn verify_flip_checked(args: VerifyFlipArgs) -> anyhow::Result<Outcome> {
    let mut input = match &args.file {
        Some(path) => {
            let source = Source::from_arg(path);
            let cannot = || format!("{}: cannot read", source.display_name());
            let mut input = Input::open(&source, args.map.map()).with_context(cannot)?;
            table_bytes(&mut input).with_context(cannot)?;
            Some(input)
        }
        None => None,
    };
    let (table, name) = match &mut input {
        None => match args.size.unwrap_or(BoardSize::CLASSIC) {
            BoardSize::CLASSIC => (DistanceTable::embedded(), "the embedded table".to_string()),
            size => {
                args.limit.require_buildable(size, &["verify", "flip"])?;
                (progress::build_table(size)?, format!("the {size} table built by BFS"))
            }
        },
        Some(input) => {
            let bytes = input.bytes().expect("read whole");
            let name = input.name().to_string();
            // The payload is compared and proved below, with the differences shown.
            let loaded = load_checked(bytes, Check::Payload).with_context(|| name.clone())?;
            let table = match (&loaded, args.size) {
                (Loaded::TableFile(file), size) => {
                    let board = size.map(|s| (s.rows() as u32, s.cols() as u32));
                    file.flip_table(board)
                }
                (Loaded::Npy(_), size) => {
                    let size = size.unwrap_or(BoardSize::CLASSIC);
                    loaded.flip_table(size.rows() as u32, size.cols() as u32)
                }
            };
            (table.with_context(|| name.clone())?, name)
        }
    };
    let size = table.size();
    let mut out = print::stdout();
    let mut failed = false;
    let mut agreed = None;
    let comparison = (size.cells() <= MAX_BRUTE_FORCE_CELLS)
        .then(|| {
            let reference = brute_force_table(size.rows(), size.cols());
            let reference = DistanceTable::new(size.rows() as u32, size.cols() as u32, &reference)?;
            anyhow::Ok(compare_tables(&table, &reference, SHOWN_DIFFERENCES))
        })
        .transpose()?;
    let proof = table.check();
    if args.json {
        let distance = |d: u8| (d != IMPOSSIBLE).then_some(d);
        let (histogram, impossible) = table.histogram();
        let record = Verification {
            file: args.file.as_ref().map(|_| name.clone()),
            error: None,
            table: name,
            rows: size.rows(),
            cols: size.cols(),
            ok: comparison.as_ref().is_none_or(|c| c.agree()) && proof.is_ok(),
            brute_force: comparison.as_ref().map(|cmp| BruteForce {
                states: cmp.lengths.1,
                agrees: cmp.agree(),
                differing: cmp.differing,
                first: cmp
                    .first
                    .iter()
                    .map(|d| Difference {
                        state: d.state,
                        board: state_name(size, d.state),
                        table: distance(d.table),
                        brute_force: distance(d.reference),
                    })
                    .collect(),
            }),
            proof: Proof { ok: proof.is_ok(), fault: proof.as_ref().err().map(|f| f.to_string()) },
            histogram,
            impossible,
        };
        serde_json::to_writer(&mut out, &record)?;
        writeln!(out)?;
        out.flush().context("writing to stdout")?;
        return Ok(Outcome::from_failed(!record.ok));
    }
    if let Some(cmp) = comparison {
        if cmp.agree() {
            agreed = Some(cmp.lengths.1);
        } else {
            failed = true;
            let show =
                |d: u8| if d == IMPOSSIBLE { "Impossible".to_string() } else { d.to_string() };
            for d in &cmp.first {
                writeln!(
                    out,
                    "state {:#06x} ({}): table {}, brute force {}",
                    d.state,
                    state_name(size, d.state),
                    show(d.table),
                    show(d.reference)
                )?;
            }
            writeln!(out, "{} of {} states differ", cmp.differing, cmp.lengths.1)?;
            if cmp.table_histogram != cmp.reference_histogram {
                writeln!(
                    out,
                    "histogram differs: table {:?} Impossible {}, brute force {:?} Impossible {}",
                    cmp.table_histogram.0,
                    cmp.table_histogram.1,
                    cmp.reference_histogram.0,
                    cmp.reference_histogram.1
                )?;
            }
            writeln!(out, "FAILED: {name} disagrees with the brute force")?;
        }
    }
    if let Err(fault) = &proof {
        failed = true;
        writeln!(out, "FAILED: {name} is not the distance table of the {size} board: {fault}")?;
    }
    if !failed {
        let proved = format!(
            "is the breadth-first distance table of the {size} board (checked state by state)"
        );
        match agreed {
            Some(states) => writeln!(
                out,
                "OK: {name} agrees with the brute force over all 2^{} press sets on all {states} \
                 states and the histogram, and {proved}",
                size.cells()
            )?,
            None => writeln!(
                out,
                "OK: {name} {proved} (the brute force over press sets goes up to \
                 {MAX_BRUTE_FORCE_CELLS} pieces)"
            )?,
        }
    }
    out.flush().context("writing to stdout")?;
    Ok(Outcome::from_failed(failed))
}

/// A state as a board (`bwww/wwww/...`) for 4x4, as its bits otherwise.
fn state_name(size: BoardSize, state: u64) -> String {
    if size == BoardSize::CLASSIC {
        Board::from_bits(state as u16).to_string()
    } else {
        (0..size.rows())
            .map(|r| {
                (0..size.cols())
                    .map(|c| if state >> (r * size.cols() + c) & 1 == 1 { 'b' } else { 'w' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}
