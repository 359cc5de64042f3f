//! `flipblox completions` and `flipblox man`: shell integration, generated from the same clap
//! definitions as the parser, so they never fall behind the options.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use super::args::Outcome;
use super::io::{Destination, create_directory};
use super::print;

/// Print a completion script for a shell: bash, elvish, fish, powershell or zsh.
///
/// For example, for bash: `mkdir -p ~/.local/share/bash-completion/completions`, then
/// `flipblox completions bash > ~/.local/share/bash-completion/completions/flipblox`; for fish:
/// `flipblox completions fish > ~/.config/fish/completions/flipblox.fish`; for zsh, into a
/// folder of your `fpath`: `flipblox completions zsh > ~/.zfunc/_flipblox`; for elvish:
/// `flipblox completions elvish > ~/.config/elvish/lib/flipblox.elv`, then `use flipblox` in
/// rc.elv; for PowerShell: `flipblox completions powershell >> $PROFILE`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Print the manual page (roff), or write the pages of every command to a folder.
///
/// Read it with `flipblox man | man -l -`. Install the pages with
/// `flipblox man --dir ~/.local/share/man/man1`: `man flipblox` then shows the main page, which
/// names one page per command (`man flipblox-flip`, `man flipblox-table-build`).
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command into DIR (created if missing) instead of printing the main
    /// page: flipblox.1, flipblox-flip.1, ..., and for nested commands flipblox-table-build.1.
    /// Each page appears whole or not at all; existing pages are replaced.
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
}

/// Runs `flipblox completions` for the command line `command`.
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> anyhow::Result<Outcome> {
    let mut out = print::stdout();
    clap_complete::generate(args.shell, &mut command, "flipblox", &mut out);
    out.flush().context("writing to stdout")?;
    Ok(Outcome::Success)
}

/// Runs `flipblox man` for the command line `command`.
pub fn man(args: &ManArgs, command: clap::Command) -> anyhow::Result<Outcome> {
    let mut pages = Vec::new();
    manual_pages(without_help_subcommands(command), &mut pages);
    let Some(dir) = &args.dir else {
        let mut out = print::stdout();
        pages[0].render(&mut out).context("writing to stdout")?;
        out.flush().context("writing to stdout")?;
        return Ok(Outcome::Success);
    };
    create_directory(dir)?;
    for page in &pages {
        write_page(page, dir)?;
    }
    Ok(Outcome::Success)
}

/// `command` and every subcommand under it without the `help` subcommand clap adds (`flipblox
/// help flip` still works: only the manual leaves it out, as its page would repeat the others).
fn without_help_subcommands(command: clap::Command) -> clap::Command {
    command.disable_help_subcommand(true).mut_subcommands(without_help_subcommands)
}

/// The pages of `command` and of every visible command under it, depth first, `command`'s own
/// first. Each page lists its subcommands as `PARENT-NAME(1)`, the name of their own page:
/// [`clap_mangen::Man`] names a page after the command's display name, which clap builds from
/// the path (`flipblox-table-build`). Every page's footer names the program and its version
/// (`flipblox 0.1.0`), as the main page's does.
fn manual_pages(mut command: clap::Command, pages: &mut Vec<clap_mangen::Man>) {
    command.build();
    let source = format!("{} {}", command.get_name(), command.get_version().unwrap_or_default());
    let mut stack = vec![command];
    while let Some(command) = stack.pop() {
        let subcommands = command.get_subcommands().filter(|sub| !sub.is_hide_set());
        // Reversed onto the stack, so that they come out in their order.
        stack.extend(subcommands.cloned().collect::<Vec<_>>().into_iter().rev());
        pages.push(clap_mangen::Man::new(command).source(source.clone()));
    }
}

/// Writes `page` as `DIR/NAME.1` (a whole file or none), replacing the entry whatever it is
/// ([`Destination::entry`]).
fn write_page(page: &clap_mangen::Man, dir: &Path) -> anyhow::Result<()> {
    let mut destination = Destination::entry(dir, &page.get_filename())?;
    let name = destination.name().to_string();
    page.render(destination.writer()).with_context(|| format!("{name}: cannot write"))?;
    destination.commit()
}
