//! `flipblox completions` and `flipblox man`: shell integration, generated from the same clap
//! definitions as the parser, so they never fall behind the options.

use std::io::Write;

use anyhow::Context;
use clap::Args;

use super::args::Outcome;
use super::print;

/// Print a completion script for a shell.
///
/// For example `flipblox completions bash > ~/.local/share/bash-completion/completions/flipblox`,
/// `flipblox completions zsh > ~/.zfunc/_flipblox` or
/// `flipblox completions fish > ~/.config/fish/completions/flipblox.fish`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Print the manual page (roff).
///
/// Read it with `flipblox man | man -l -`, or install it with
/// `flipblox man > ~/.local/share/man/man1/flipblox.1`.
#[derive(Debug, Args)]
pub struct ManArgs {}

/// Runs `flipblox completions` for the command line `command`.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> anyhow::Result<Outcome> {
    let mut out = print::stdout();
    clap_complete::generate(args.shell, &mut command, "flipblox", &mut out);
    out.flush().context("writing to stdout")?;
    Ok(Outcome::Success)
}

/// Runs `flipblox man` for the command line `command`.
pub fn man(_: &ManArgs, command: clap::Command) -> anyhow::Result<Outcome> {
    let mut out = print::stdout();
    clap_mangen::Man::new(command).render(&mut out).context("writing to stdout")?;
    out.flush().context("writing to stdout")?;
    Ok(Outcome::Success)
}
