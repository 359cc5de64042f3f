//! The `flipblox` command-line tool: argument parsing, output and exit codes over the library
//! (`src/cli/`, behind the `cli` feature).
//!
//! Exit codes: 0 when every input was read (an `Impossible` answer is an answer), 1 when any
//! board, level or file could not be read or written, 2 for usage errors (clap's default).

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
