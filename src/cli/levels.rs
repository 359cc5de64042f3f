//! The one place that reads Bloxorz level files for every command (`bloxorz`, `convert`,
//! `render bloxorz`, `export bloxorz`, `render field`): the `--input-format` choice, a stream
//! read as a stream or held whole within `--max-memory`, the Flash game's file parsed and its
//! problems reported, a stream's read error and the lines ignored after `0 0` reported.

use std::io::Read;

use clap::Args;

use super::args::{InputFormat, memory_hint};
use super::bloxorz::report_ignored_after_end;
use super::io::{Input, Text};
use super::print::Reporter;
use flipblox::bloxorz::{FlashPack, LevelSource, PackReader};
use flipblox::text::stream::StreamLines;

/// `--input-format` and `--verbose`, shared by every command that reads Bloxorz levels.
#[derive(Debug, Clone, Copy, Args)]
pub struct FormatArgs {
    /// How FILE is written: `pack` (levels in the text format, docs/LEVELS.md) or `flash` (the
    /// original Flash game's level file, `levels = [...]` play order).
    #[arg(long, value_enum, default_value_t = InputFormat::Pack)]
    pub input_format: InputFormat,
}

/// The levels of one input, as a command walks them.
pub struct Levels<'a> {
    /// The levels, in order.
    pub source: &'a mut dyn LevelSource,
    /// The Flash game's file the levels come from (its stages' names and passcodes), if so.
    pub flash: Option<&'a FlashPack>,
    /// The input's length in bytes, when it is held whole.
    pub len: Option<usize>,
    /// The input's bytes, when it is held whole.
    pub bytes: Option<&'a [u8]>,
    /// The format the input is read in.
    pub format: InputFormat,
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
        each: impl FnOnce(&mut R, Levels<'_>) -> anyhow::Result<()>,
    ) -> anyhow::Result<bool> {
        let name = input.name().to_string();
        let max_memory = self.max_memory;
        match self.formats.input_format {
            InputFormat::Flash => {
                // The file's format needs all of it: it is read whole, within --max-memory.
                let bytes = match input.whole(max_memory, "--max-memory") {
                    Ok(bytes) => bytes,
                    Err(e) => {
                        reporter.unreadable(&name, &format_args!("{e:#}"));
                        return Ok(true);
                    }
                };
                read_flash(bytes, &name, max_memory, reporter, each)
            }
            InputFormat::Pack => {
                let text = if self.whole {
                    match input.whole(max_memory, "--max-memory") {
                        Ok(bytes) => Text::Bytes(bytes),
                        Err(e) => {
                            reporter.unreadable(&name, &format_args!("{e:#}"));
                            return Ok(true);
                        }
                    }
                } else {
                    input.text()
                };
                match text {
                    Text::Bytes(bytes) => {
                        let mut reader = PackReader::new(bytes).max_memory(max_memory);
                        each(
                            reporter,
                            Levels {
                                source: &mut reader,
                                flash: None,
                                len: Some(bytes.len()),
                                bytes: Some(bytes),
                                format: InputFormat::Pack,
                            },
                        )?;
                        report_ignored_after_end(reporter, &name, reader.ignored_after_end());
                        Ok(false)
                    }
                    Text::Stream(incoming) => {
                        let probe = incoming.probe();
                        let incoming = match flush {
                            Some(flush) => incoming.flushing(flush),
                            None => incoming,
                        };
                        let mut reader = PackReader::from_reader(incoming).max_memory(max_memory);
                        reader.lines_mut().set_probe(probe);
                        each(
                            reporter,
                            Levels {
                                source: &mut reader,
                                flash: None,
                                len: None,
                                bytes: None,
                                format: InputFormat::Pack,
                            },
                        )?;
                        report_ignored_after_end(reporter, &name, reader.ignored_after_end());
                        Ok(stream_failed(reader.lines_mut(), &name, reporter))
                    }
                }
            }
        }
    }
}

/// Parses the Flash game's file `bytes` (the input `name`), reports its problems, and hands its
/// stages to `each`. True when the file had problems.
fn read_flash<R: Reporter>(
    bytes: &[u8],
    name: &str,
    max_memory: u64,
    reporter: &mut R,
    each: impl FnOnce(&mut R, Levels<'_>) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let pack = match FlashPack::parse(bytes, max_memory) {
        Ok(pack) => pack,
        Err(e) => {
            let hint = memory_hint(e.is_over_memory_limit());
            reporter.report(format_args!("{name}:{e}{hint}"));
            return Ok(true);
        }
    };
    for problem in pack.problems() {
        reporter.report(format_args!("{name}:{problem}"));
    }
    let levels = Levels {
        source: &mut pack.source(),
        flash: Some(&pack),
        len: Some(bytes.len()),
        bytes: Some(bytes),
        format: InputFormat::Flash,
    };
    each(reporter, levels)?;
    Ok(!pack.problems().is_empty())
}

/// Reports the I/O error that ended the stream `lines` early, if any; true when there was one.
fn stream_failed<R: Read>(
    lines: &mut StreamLines<R>,
    name: &str,
    reporter: &mut impl Reporter,
) -> bool {
    match lines.take_error() {
        Some(e) => {
            reporter.unreadable(name, &format_args!("{e}"));
            true
        }
        None => false,
    }
}
