//! Command-line interface: one module per subcommand; clap structs live only here.

pub mod bloxorz;
pub mod convert;
pub mod export;
pub mod flip;
pub mod inspect;
pub mod io;
pub mod print;
pub mod progress;
pub mod stats;
pub mod table;
pub mod verify;

use clap::{CommandFactory, Parser, Subcommand};

/// Exact, instant answers for the Flip Game (POJ 1753) and Bloxorz (POJ 3322).
///
/// Exit codes: 0 when every input was read (an `Impossible` answer is an answer); 1 when any
/// board, level or file could not be read (the message on stderr reads PATH:LINE:COLUMN: ...;
/// every other input is still answered); 2 for usage errors.
#[derive(Debug, Parser)]
#[command(name = "flipblox", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Flip(flip::FlipArgs),
    Stats(stats::StatsArgs),
    Export(export::ExportArgs),
    Inspect(inspect::InspectArgs),
    Verify(verify::VerifyArgs),
    Bloxorz(bloxorz::BloxorzArgs),
    Table(table::TableArgs),
    Convert(convert::ConvertArgs),
}

/// How a command ended when it did not hit an error it could not get past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every input was read and answered.
    Success,
    /// Some input could not be read; everything else was answered (exit code 1).
    SomeFailed,
}

impl Outcome {
    /// `SomeFailed` when `failed` is true.
    pub fn from_failed(failed: bool) -> Outcome {
        if failed { Outcome::SomeFailed } else { Outcome::Success }
    }
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<Outcome> {
    match cli.command {
        Command::Flip(args) => flip::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Export(args) => export::run(args),
        Command::Inspect(args) => inspect::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Bloxorz(args) => bloxorz::run(args),
        Command::Table(args) => table::run(args),
        Command::Convert(args) => convert::run(args),
    }
}

/// Reports an argument combination clap could not check (e.g. `--method table` on a board too
/// large for a table) the way clap reports usage errors, with the usage line of the subcommand
/// `command` (e.g. `["table", "build"]`), and exits with code 2.
pub fn usage_error(command: &[&str], message: impl std::fmt::Display) -> ! {
    let mut cli = Cli::command();
    cli.build();
    let mut sub = &mut cli;
    for name in command {
        sub = sub.find_subcommand_mut(name).expect("usage_error names a real subcommand");
    }
    sub.error(clap::error::ErrorKind::ArgumentConflict, message).exit()
}
