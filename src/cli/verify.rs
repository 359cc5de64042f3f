//! `flipblox verify`: recompute a table by an independent method and compare.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};

use super::args::{MapArgs, Outcome, table_bytes};
use super::io::{Input, Source};
use super::print;
use flipblox::flip::{Board, DistanceTable, IMPOSSIBLE, brute_force_table, compare_tables};
use flipblox::table_file::load;

/// Check a distance table against an independent recomputation.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[command(subcommand)]
    what: VerifyCommand,
}

#[derive(Debug, Subcommand)]
enum VerifyCommand {
    /// Recompute the 4x4 Flip Game table by brute force over all 2^16 press sets (no code
    /// shared with the BFS that built it) and compare all 65,536 entries and the histogram
    /// with the embedded table, or with FILE. Prints `OK: ...`, or the first differences and
    /// `FAILED`; exit code 1 on any difference.
    Flip(VerifyFlipArgs),
}

#[derive(Debug, Args)]
struct VerifyFlipArgs {
    /// Check this file (written by `export flip --format bincode` or `npy`) instead of the
    /// embedded table.
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,

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

fn verify_flip(args: VerifyFlipArgs) -> anyhow::Result<Outcome> {
    let mut input = match &args.file {
        Some(path) => {
            let source = Source::from_arg(path);
            let cannot = || format!("cannot read {}", source.display_name());
            let mut input = Input::open(&source, args.map.map()).with_context(cannot)?;
            table_bytes(&mut input).with_context(cannot)?;
            Some(input)
        }
        None => None,
    };
    let (table, name) = match &mut input {
        None => (DistanceTable::embedded(), "the embedded table".to_string()),
        Some(input) => {
            let bytes = input.bytes().expect("read whole");
            let loaded = load(bytes).with_context(|| input.name().to_string())?;
            let table = loaded.flip_table(4, 4).with_context(|| input.name().to_string())?;
            (table, input.name().to_string())
        }
    };
    let reference = brute_force_table(4, 4);
    let reference = DistanceTable::new(4, 4, &reference)?;
    let cmp = compare_tables(&table, &reference, SHOWN_DIFFERENCES);
    let mut out = print::stdout();
    if cmp.agree() {
        writeln!(
            out,
            "OK: {name} agrees with the brute force over all 2^16 press sets on all {} states \
             and the histogram",
            cmp.lengths.1
        )?;
        out.flush().context("writing to stdout")?;
        return Ok(Outcome::Success);
    }
    let show = |d: u8| if d == IMPOSSIBLE { "Impossible".to_string() } else { d.to_string() };
    for d in &cmp.first {
        writeln!(
            out,
            "state {:#06x} ({}): table {}, brute force {}",
            d.state,
            Board::from_bits(d.state as u16),
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
    out.flush().context("writing to stdout")?;
    Ok(Outcome::SomeFailed)
}
