//! The one place that reads Bloxorz level files for every command (`bloxorz`, `convert`,
//! `render bloxorz`, `export bloxorz`, `render field`): the files opened (mapped, or streams)
//! and handed to the library's [`LevelInput`], which reads them in the `--input-format` asked
//! for; what it says about an input as a whole is reported here.

use std::io::Read;

use clap::Args;

use super::args::{InputFormat, memory_hint};
use super::io::{Input, Text};
use super::print::Reporter;
use flipblox::bloxorz::{LevelInput, Levels, OpenError};

/// `--input-format` and `--verbose`, shared by every command that reads Bloxorz levels.
#[derive(Debug, Clone, Copy, Args)]
pub struct FormatArgs {
    /// How FILE is written (docs/LEVELS.md): `auto` tells it from the file (`flash` when it
    /// assigns `levels`, `drawing` when its first line holds only S, T, o and -, `pddl` when it
    /// starts with `(`, `pack` otherwise; a file that looks like two gets a warning), `pack` (the
    /// text format), `flash` (the original Flash game's level file or a JavaScript port),
    /// `drawing` (the S/T/o/- drawing) or `pddl` (PDDL problems of the Bloxorz domain, one level
    /// each).
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub input_format: InputFormat,

    /// Print on stderr the format each input is read in, and why.
    #[arg(short, long)]
    pub verbose: bool,
}

/// How a command reads its inputs.
pub struct Reading {
    /// The formats asked for.
    pub formats: FormatArgs,
    /// `--max-memory`: the limit for one level, and for an input held whole.
    pub max_memory: u64,
    /// True when the command needs every input held whole (one level picked out of a pack);
    /// false to read a pack from a stream a line at a time.
    pub whole: bool,
}

impl Reading {
    /// Reads the levels of `input` and hands them to `each` (with `reporter`), reporting on it
    /// what is wrong with the input as a whole: it cannot be read, or (the Flash game's file)
    /// has no play order or problems outside its stages, or a stream failed, or something
    /// after a pack's `0 0` line is not read (a warning). `flush` is called before a stream
    /// waits for more input. Returns true when the input had a problem of its own (not one of
    /// its levels).
    ///
    /// # Errors
    ///
    /// The first error `each` returns.
    pub fn read<R: Reporter>(
        &self,
        input: &mut Input,
        reporter: &mut R,
        flush: Option<Box<dyn FnMut()>>,
        each: impl FnOnce(&mut R, &mut Levels<'_>) -> anyhow::Result<()>,
    ) -> anyhow::Result<bool> {
        let name = input.name().to_string();
        let max_memory = self.max_memory;
        let format = self.formats.input_format.into();
        if self.whole
            && let Err(e) = input.whole(max_memory, "--max-memory")
        {
            reporter.unreadable(&name, &format_args!("{e:#}"));
            return Ok(true);
        }
        match input.text() {
            Text::Bytes(bytes) => {
                let opened = LevelInput::from_bytes(bytes, format, max_memory);
                self.read_opened(Ok(opened), &name, reporter, each)
            }
            Text::Stream(incoming) => {
                let probe = incoming.probe();
                let incoming = match flush {
                    Some(flush) => incoming.flushing(flush),
                    None => incoming,
                };
                let opened = LevelInput::from_reader(incoming, format, max_memory)
                    .map(|opened| opened.would_block_when(probe));
                self.read_opened(opened, &name, reporter, each)
            }
        }
    }

    /// [`Reading::read`] once the input `name` is opened.
    fn read_opened<R: Reporter, S: Read>(
        &self,
        opened: Result<LevelInput<'_, S>, OpenError>,
        name: &str,
        reporter: &mut R,
        each: impl FnOnce(&mut R, &mut Levels<'_>) -> anyhow::Result<()>,
    ) -> anyhow::Result<bool> {
        let unreadable = |reporter: &mut R, e: &OpenError| {
            let hint = memory_hint(e.is_over_memory_limit());
            match e.position() {
                Some(_) => reporter.failed_at(name, &format_args!("{e}{hint}")),
                None => reporter.unreadable(name, &format_args!("{e}{hint}")),
            }
        };
        let mut opened = match opened {
            Ok(opened) => opened,
            Err(e) => {
                unreadable(reporter, &e);
                return Ok(true);
            }
        };
        if let Some(detected) = opened.detection() {
            if opened.also_looks_like().is_some() {
                reporter.report_file(
                    name,
                    format_args!("warning: {detected}; name the format with --input-format"),
                );
            } else if self.formats.verbose {
                reporter.report_file(name, format_args!("{detected}"));
            }
        }
        let mut levels = match opened.levels() {
            Ok(levels) => levels,
            Err(e) => {
                unreadable(reporter, &e);
                return Ok(true);
            }
        };
        // The Flash game's file: its problems outside the stages make the input fail.
        let mut failed = false;
        if let Some(pack) = levels.flash() {
            for problem in pack.problems() {
                reporter.report(format_args!("{name}:{problem}"));
            }
            for warning in pack.warnings() {
                reporter.report(format_args!("{name}:{warning}"));
            }
            failed = !pack.problems().is_empty();
        }
        each(reporter, &mut levels)?;
        if let Some(warning) = levels.ignored_after_end() {
            reporter.report(format_args!("{name}:{warning}"));
        }
        if let Some(e) = levels.take_error() {
            reporter.unreadable(name, &format_args!("{e}"));
            failed = true;
        }
        Ok(failed)
    }
}
