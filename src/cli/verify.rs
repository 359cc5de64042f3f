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
use super::variant::{Chosen, VariantFields};
use flipblox::lights_out::TableComparison;
use flipblox::lights_out::{
    Alphabet, Board, BoardSize, DistanceTable, Reference, TableFault, Variant,
};
use flipblox::table_file::{Check, Loaded, NpyTable, Puzzle, ShapeError};

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
    /// any size. A table of another Lights Out variant (written with --goal, --wrap, --toggle
    /// or --colours) is compared instead with the Z_K solver (linear algebra, no search; up to
    /// 2^20 states) and proved the same way for its rules and goal. Prints `OK: ...`, or the
    /// first differences or the first state that breaks the proof and `FAILED`; exit code 1 on
    /// any failure. With --json, one JSON object instead (docs/JSON.md).
    Flip(VerifyFlipArgs),
}

#[derive(Debug, Args)]
struct VerifyFlipArgs {
    /// Check this file (written by `export flip` or `table build`, `fbt` or `npy`) instead
    /// of the embedded table.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

    /// Board size: ROWSxCOLS (4x4 when omitted; with FILE, the file's board, and if given it
    /// must match). Without FILE the table is built in memory first.
    #[arg(long, value_name = "RxC")]
    size: Option<BoardSize>,

    /// Print one JSON object (docs/JSON.md): file (null for a table built here), error (null,
    /// or why the file could not be checked; then the only other key), table, rows, cols, goal,
    /// colours, wrap, toggle, ok, brute_force (null beyond 25 pieces and for other variants:
    /// states, agrees, differing, first), solver (the same for other variants, up to 2^20
    /// states; null otherwise), proof (ok, fault), histogram, impossible.
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
    /// The rules and goal of the table (the Flip Game's for a Flip Game table).
    #[serde(flatten)]
    variant: VariantFields,
    /// True when both checks passed (the exit code is 0).
    ok: bool,
    brute_force: Option<BruteForce>,
    solver: Option<SolverComparison>,
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

/// The comparison of a table of another variant with the Z_K solver.
#[derive(Serialize)]
struct SolverComparison {
    states: u64,
    agrees: bool,
    differing: u64,
    /// The first differing states (at most ten): `state` (its index, colour digits base K),
    /// `board` (colours `0`, `1`, ...), and the two distances (`null` for impossible).
    first: Vec<SolverDifference>,
}

#[derive(Serialize)]
struct SolverDifference {
    state: u64,
    board: String,
    table: Option<u64>,
    solver: Option<u64>,
}

/// The proof that the table is the breadth-first distance table of its board.
#[derive(Serialize)]
struct Proof {
    ok: bool,
    fault: Option<String>,
}

impl Proof {
    /// The record of a check's result: the fault in words when it failed.
    fn of(result: &Result<(), TableFault>) -> Proof {
        Proof { ok: result.is_ok(), fault: result.as_ref().err().map(|f| f.to_string()) }
    }
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
                let flip = Variant::flip_game(size);
                args.limit.require(&flip, true, &["verify", "flip"])?;
                (progress::build_table(&flip)?, format!("the {size} table built by BFS"))
            }
        },
        Some(input) => {
            let bytes = input.bytes().expect("read whole");
            let name = input.name().to_string();
            // The payload is compared and proved below, with the differences shown.
            let loaded = Loaded::parse(bytes, Check::Payload).with_context(|| name.clone())?;
            if let Loaded::TableFile(file) = &loaded
                && matches!(file.header().puzzle, Puzzle::LightsOut { .. })
            {
                let table = file.lights_out_table().with_context(|| name.clone())?;
                if let Some(size) = args.size
                    && size != table.variant().size()
                {
                    let expected = format!("a table of a {size} board");
                    let found = file.header().puzzle.kind();
                    return Err(ShapeError::WrongTable { expected, found }).context(name);
                }
                return verify_variant(&table, name, args.json);
            }
            if let Loaded::TableFile(file) = &loaded
                && matches!(file.header().puzzle, Puzzle::Bloxorz { .. })
            {
                let expected = "a Flip Game or Lights Out table".to_string();
                let found = file.header().puzzle.kind();
                return Err(ShapeError::WrongTable { expected, found }).context(name);
            }
            if let Loaded::Npy(npy) = &loaded
                && let NpyTable::LightsOut { colours, cells, .. } = npy.table()
            {
                anyhow::bail!(
                    "{name}: a .npy of a Lights Out table of {colours}^{cells} states does not \
                     record its board, rules or goal: verify the table file instead (`table \
                     build ... -o FILE.fbt`)"
                );
            }
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
    let comparison = DistanceTable::reference(table.variant())
        .map(|(_, reference)| table.compare(&reference, SHOWN_DIFFERENCES));
    let proof = table.check();
    if args.json {
        let distance = |d: u8| (d != DistanceTable::IMPOSSIBLE).then_some(d);
        let (histogram, impossible) = table.histogram();
        let record = Verification {
            file: args.file.as_ref().map(|_| name.clone()),
            error: None,
            table: name,
            rows: size.rows(),
            cols: size.cols(),
            variant: flip_game_fields(size),
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
            solver: None,
            proof: Proof::of(&proof),
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
            let show = |d: u8| {
                if d == DistanceTable::IMPOSSIBLE {
                    "Impossible".to_string()
                } else {
                    d.to_string()
                }
            };
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
                 {} pieces)",
                Reference::MAX_BRUTE_FORCE_CELLS
            )?,
        }
    }
    out.flush().context("writing to stdout")?;
    Ok(Outcome::from_failed(failed))
}

/// The JSON fields of the Flip Game's rules on `size`.
fn flip_game_fields(size: BoardSize) -> VariantFields {
    let variant = Variant::flip_game(size);
    Chosen { variant, alphabet: Alphabet::default_for(2) }.fields()
}

/// `verify flip` on the table of a Lights Out variant other than the Flip Game: compared with
/// the Z_K solver when it has at most [`Reference::MAX_SOLVER_STATES`] states, and proved.
fn verify_variant(table: &DistanceTable<'_>, name: String, json: bool) -> anyhow::Result<Outcome> {
    let variant = table.variant();
    let chosen =
        Chosen { variant: variant.clone(), alphabet: Alphabet::default_for(variant.colours()) };
    let comparison = DistanceTable::reference(variant).map(|(_, reference)| {
        solver_comparison(table.compare(&reference, SHOWN_DIFFERENCES), &chosen)
    });
    let proof = table.check();
    let ok = comparison.as_ref().is_none_or(|c| c.agrees) && proof.is_ok();
    let mut out = print::stdout();
    let size = variant.size();
    let rules = format!("Lights Out {variant}");
    if json {
        let (histogram, impossible) = table.histogram();
        let record = Verification {
            file: Some(name.clone()),
            error: None,
            table: name,
            rows: size.rows(),
            cols: size.cols(),
            variant: chosen.fields(),
            ok,
            brute_force: None,
            solver: comparison,
            proof: Proof::of(&proof),
            histogram,
            impossible,
        };
        serde_json::to_writer(&mut out, &record)?;
        writeln!(out)?;
    } else {
        if let Some(cmp) = comparison.as_ref().filter(|c| !c.agrees) {
            let show = |d: Option<u64>| d.map_or("Impossible".to_string(), |d| d.to_string());
            for d in &cmp.first {
                writeln!(
                    out,
                    "state {} ({}): table {}, solver {}",
                    d.state,
                    d.board,
                    show(d.table),
                    show(d.solver)
                )?;
            }
            writeln!(out, "{} of {} states differ", cmp.differing, cmp.states)?;
            writeln!(out, "FAILED: {name} disagrees with the Z_K solver")?;
        }
        if let Err(fault) = &proof {
            writeln!(out, "FAILED: {name} is not the distance table of {rules}: {fault}")?;
        }
        if ok {
            let proved =
                format!("is the breadth-first distance table of {rules} (checked state by state)");
            match &comparison {
                Some(cmp) => writeln!(
                    out,
                    "OK: {name} agrees with the Z_K solver (linear algebra, no search) on all {} \
                     states, and {proved}",
                    cmp.states
                )?,
                None => writeln!(
                    out,
                    "OK: {name} {proved}; not compared with the Z_K solver (it compares tables \
                     of up to {} states whose minima it can prove)",
                    Reference::MAX_SOLVER_STATES
                )?,
            }
        }
    }
    out.flush().context("writing to stdout")?;
    Ok(Outcome::from_failed(!ok))
}

/// The comparison of a variant's table with the Z_K solver's, as `verify` prints it.
fn solver_comparison(cmp: TableComparison, chosen: &Chosen) -> SolverComparison {
    let size = chosen.variant.size();
    let (rows, cols, k) = (size.rows(), size.cols(), chosen.variant.colours());
    let distance = |d: u8| (d != DistanceTable::IMPOSSIBLE).then_some(u64::from(d));
    let first = cmp
        .first
        .iter()
        .map(|d| SolverDifference {
            state: d.state,
            board: Board::from_state(rows, cols, k, d.state).to_text(&chosen.alphabet),
            table: distance(d.table),
            solver: distance(d.reference),
        })
        .collect();
    SolverComparison { states: cmp.lengths.1, agrees: cmp.agree(), differing: cmp.differing, first }
}

/// A state as a board (`bwww/wwww/...`).
fn state_name(size: BoardSize, state: u64) -> String {
    Board::from_state(size.rows(), size.cols(), 2, state).to_text(&Alphabet::default_for(2))
}
