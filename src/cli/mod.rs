//! The command-line interface: clap structs and the glue from arguments to the library live only
//! here. It is a module of the binary crate (`src/main.rs`, behind the `cli` feature), so it
//! reaches the library as any user does, through its public API (`flipblox::...`): the compiler
//! refuses a private item. One module per subcommand; what several share sits in `args` (shared
//! arguments and the exit status), `io` (inputs, the one memory map, streams, output files),
//! `signals` (temporary files removed on interrupts, SIGBUS on a shrunk map), `print` (stdout,
//! stderr and the one printer of answers) and `progress` (progress bars).

mod args;
mod bloxorz;
mod convert;
mod expect;
mod export;
mod flip;
mod generate;
mod inspect;
mod io;
mod levels;
mod lines;
mod print;
mod progress;
#[cfg(feature = "render")]
mod render;
mod shard;
mod shell;
mod signals;
mod stats;
mod table;
mod variant;
mod verify;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use args::{Outcome, UsageError};

/// Parses the command line, runs it and turns the outcome into the exit code: 0 when every
/// input was read (an `Impossible` answer is an answer), 1 when any board, level or file could
/// not be read or written, 2 for usage errors (clap's default).
pub fn main() -> ExitCode {
    let cli = parse();
    match run(cli) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::SomeFailed) => ExitCode::from(1),
        Err(e) if print::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            print::report(format_args!("flipblox: {e:#}"));
            ExitCode::from(1)
        }
    }
}

/// Defines the command line, `$cli` and its subcommands `$command`, from this one text; with
/// `$defer` (`defer = true`), each subcommand's arguments are defined only when it runs.
macro_rules! command_line {
    ($cli:ident, $command:ident $(, $defer:meta)?) => {
        /// Exact, instant answers for the Flip Game and Lights Out (POJ 1753) and Bloxorz
        /// (POJ 3322)
        ///
        /// Exit codes: 0 when every input was read (an `Impossible` answer is an answer); 1 when
        /// any board, level or file could not be read (the message on stderr reads
        /// PATH:LINE:COLUMN: ... or flipblox: PATH: ...; every other input is still answered); 2
        /// for usage errors.
        #[derive(Debug, Parser)]
        #[command(name = "flipblox", version)]
        struct $cli {
            #[command(subcommand)]
            command: $command,
        }

        /// The subcommands, in the order of use: answering, then tables, then files, then the
        /// shell.
        #[derive(Debug, Subcommand)]
        $(#[command($defer)])?
        enum $command {
            Flip(flip::FlipArgs),
            Bloxorz(bloxorz::BloxorzArgs),
            Stats(stats::StatsArgs),
            Table(table::TableArgs),
            Export(export::ExportArgs),
            Inspect(inspect::InspectArgs),
            Verify(verify::VerifyArgs),
            Convert(convert::ConvertArgs),
            Generate(generate::GenerateArgs),
            #[cfg(feature = "render")]
            Render(render::RenderArgs),
            Completions(shell::CompletionsArgs),
            Man(shell::ManArgs),
        }
    };
}

// The command line: every subcommand defined up front (the help, the completions, the manual).
command_line!(Cli, Command);
// The same, each subcommand's arguments defined only when it runs: what a run that names its
// subcommand parses with (defining them all was most of a one-board run's start-up).
command_line!(LazyCli, LazyCommand, defer = true);

/// Parses the command line as [`Cli::parse`] does: with [`LazyCli`] when the first argument
/// names a subcommand (the same arguments, help and errors for it), else (the top-level help,
/// `--version`, a mistyped subcommand, and `-h` with its one-line summaries) with [`command`].
fn parse() -> Cli {
    let named = std::env::args_os()
        .nth(1)
        .is_some_and(|first| first.to_str().is_some_and(LazyCommand::has_subcommand));
    if !named || asks_short_help() {
        let matches =
            command().try_get_matches().unwrap_or_else(|e| exit_escaped(suggest_synonym(e)));
        return Cli::from_arg_matches(&matches).unwrap_or_else(|e| exit_escaped(e));
    }
    let mut matches =
        LazyCli::command().try_get_matches().unwrap_or_else(|e| exit_escaped(suggest_synonym(e)));
    Cli::from_arg_matches_mut(&mut matches)
        .unwrap_or_else(|e| exit_escaped(e.format(&mut Cli::command())))
}

/// Options people name by another word, and the option that does it: clap's suggestions go by
/// spelling, so `--torus` would get `--colors`.
const SYNONYMS: &[(&str, &str)] = &[("--torus", "--wrap"), ("--toroidal", "--wrap")];

/// Clap's error `e`, with the tip naming the option a [`SYNONYMS`] word stands for when `e` is an
/// unknown argument that is one and the subcommand given has that option (with that
/// subcommand's usage line).
fn suggest_synonym(mut e: clap::Error) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else { return e };
    let word = given.split('=').next().unwrap_or_default();
    let Some(&(_, option)) = SYNONYMS.iter().find(|(synonym, _)| *synonym == word) else {
        return e;
    };
    // The subcommand the arguments name, as far as they name one.
    let mut root = Cli::command();
    root.build();
    let mut cmd = &root;
    for arg in std::env::args().skip(1) {
        match cmd.find_subcommand(&arg) {
            Some(sub) => cmd = sub,
            None => break,
        }
    }
    let long = option.trim_start_matches('-');
    if cmd.get_arguments().any(|a| a.get_long() == Some(long)) {
        let usage = cmd.clone().render_usage();
        e.insert(ContextKind::SuggestedArg, ContextValue::String(option.to_string()));
        e.insert(ContextKind::Usage, ContextValue::StyledStr(usage));
    }
    e
}

/// Prints clap's error (or help) `e` and exits as [`clap::Error::exit`] does, with each control
/// character a value brought into an error escaped as every message escapes it
/// ([`print::one_line`]): a pasted escape sequence cannot reach the terminal, nor a line break
/// split the message. The values are the error's context (`invalid value 'VALUE'`) and its
/// source (a value parser's message); clap's own layout is kept.
fn exit_escaped(e: clap::Error) -> ! {
    use clap::error::ContextValue;
    let mut pieces: Vec<String> = e
        .context()
        .flat_map(|(_, value)| match value {
            ContextValue::String(text) => vec![text.clone()],
            ContextValue::Strings(texts) => texts.clone(),
            _ => Vec::new(),
        })
        .chain(std::error::Error::source(&e).map(ToString::to_string))
        .filter(|text| text.chars().any(char::is_control))
        .collect();
    if pieces.is_empty() || !e.use_stderr() {
        e.exit()
    }
    // The longest first: a source holds the value it is about.
    pieces.sort_by_key(|text| std::cmp::Reverse(text.len()));
    // Styled, so that the values are as given (plain text has escape sequences taken out), then
    // plain: the styles go, and the escaped values stay.
    let mut text = e.render().ansi().to_string();
    for piece in &pieces {
        text = text.replace(piece.as_str(), &print::one_line(piece));
    }
    let text = clap::builder::StyledStr::from(text).to_string();
    let _ = std::io::Write::write_all(&mut std::io::stderr().lock(), text.as_bytes());
    std::process::exit(e.exit_code())
}

/// The command line: [`Cli`]'s, with the options of `flip` and `bloxorz` (the commands of
/// many options, under headings) summed up in one line each under `-h`
/// (their whole text under `--help`). The summaries are made only when `-h` is given, so that
/// a run that answers boards does not pay for them.
fn command() -> clap::Command {
    if !asks_short_help() {
        return Cli::command();
    }
    let short = |command: clap::Command| {
        command.mut_args(|arg| {
            match arg.get_long_help().or(arg.get_help()).map(|h| h.to_string()) {
                Some(text) => {
                    let summary = summary(&text);
                    arg.long_help(text).help(summary)
                }
                None => arg,
            }
        })
    };
    Cli::command().mut_subcommand("flip", short).mut_subcommand("bloxorz", short)
}

/// True when the command line has `-h`, which [`command`] answers with one-line summaries.
fn asks_short_help() -> bool {
    std::env::args_os().any(|arg| arg == "-h")
}

/// The first words of an option's help, up to the first `:`, `;`, `.` or `(` after them, for
/// the one line `-h` gives it.
fn summary(help: &str) -> String {
    let text = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let end = [": ", "; ", ". ", " (", ", "]
        .iter()
        .filter_map(|stop| text.match_indices(stop).map(|(i, _)| i).find(|&i| i >= 12))
        .min()
        .unwrap_or(text.len());
    text[..end].trim_end_matches('.').to_string()
}

/// Runs the parsed command line. A [`UsageError`] from a subcommand is reported the way clap
/// reports usage errors, with the usage line of that subcommand, and exits with code 2.
fn run(cli: Cli) -> anyhow::Result<Outcome> {
    let ran = match cli.command {
        Command::Flip(args) => flip::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Export(args) => export::run(args),
        Command::Inspect(args) => inspect::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Bloxorz(args) => bloxorz::run(args),
        Command::Table(args) => table::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Generate(args) => generate::run(args),
        #[cfg(feature = "render")]
        Command::Render(args) => render::run(args),
        Command::Completions(args) => shell::completions(&args, command()),
        Command::Man(args) => shell::man(&args, command()),
    };
    match ran {
        Err(e) if e.is::<UsageError>() => {
            let usage = e.downcast::<UsageError>().expect("checked");
            let mut cli = command();
            cli.build();
            let mut sub = &mut cli;
            for name in usage.command {
                sub = sub.find_subcommand_mut(name).expect("a usage error names a real subcommand");
            }
            let message = print::one_line(&usage.message);
            sub.error(clap::error::ErrorKind::ArgumentConflict, message).exit()
        }
        other => other,
    }
}
