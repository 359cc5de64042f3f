//! The `flipblox` command-line tool: argument parsing, output and exit codes over the library.
//!
//! Exit codes: 0 when every input was read (an `Impossible` answer is an answer), 1 when any
//! board, level or file could not be read or written, 2 for usage errors (clap's default).

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cli::run(cli) {
        Ok(cli::Outcome::Success) => ExitCode::SUCCESS,
        Ok(cli::Outcome::SomeFailed) => ExitCode::from(1),
        Err(e) if cli::print::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            cli::print::report(format_args!("flipblox: {e:#}"));
            ExitCode::from(1)
        }
    }
}
