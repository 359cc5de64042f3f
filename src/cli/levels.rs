//! The one place that reads Bloxorz level files for every command (`bloxorz`, `convert`,
//! `render bloxorz`, `export bloxorz`, `render field`): the `--input-format` choice, a stream
//! read as a stream or held whole within `--max-memory`, the Flash game's file parsed and its
//! problems reported, a stream's read error and the lines ignored after `0 0` reported.

use std::io::Read;

use clap::Args;

use super::args::{InputFormat, memory_hint};
use super::io::{Input, Text};
use super::print::Reporter;
use flipblox::bloxorz::{
    Detected, DrawingReader, FlashPack, LevelSource, PackReader, PddlReader, detect_format,
    detect_from_head,
};
use flipblox::text::stream::StreamLines;
use flipblox::text::{LineSource, Lines, Position};

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
    #[arg(long)]
    pub verbose: bool,
}

/// How many bytes of a stream `--input-format auto` looks at before it reads the stream whole
/// to decide (a pack is decided by its first line, and read on as a stream).
const PEEK: usize = 64 * 1024;

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
        let asked = self.formats.input_format;
        // What a stream's start tells `auto`, and the bytes read to see it.
        let mut head = None;
        let format = match asked {
            InputFormat::Auto => {
                let detected = match input.bytes() {
                    Some(bytes) => Some(detect_format(bytes)),
                    None if self.whole => None,
                    None => {
                        let (peeked, detected) = peek(input);
                        head = Some(peeked);
                        detected
                    }
                };
                let detected = match detected {
                    Some(detected) => detected,
                    None => {
                        // The start does not decide: the whole input does.
                        let bytes = match whole(input, head.take(), max_memory) {
                            Ok(bytes) => bytes,
                            Err(e) => {
                                reporter.unreadable(&name, &format_args!("{e:#}"));
                                return Ok(true);
                            }
                        };
                        detect_format(bytes)
                    }
                };
                if let Some(also) = detected.also {
                    reporter.report_file(
                        &name,
                        format_args!(
                            "warning: read as {} ({}), but it also looks like {also}; name the \
                             format with --input-format",
                            detected.format, detected.reason
                        ),
                    );
                } else if self.formats.verbose {
                    reporter.report_file(
                        &name,
                        format_args!("read as {} ({})", detected.format, detected.reason),
                    );
                }
                InputFormat::from(detected.format)
            }
            other => other,
        };
        match format {
            InputFormat::Flash | InputFormat::Auto => {
                // The file's format needs all of it: it is read whole, within --max-memory.
                let bytes = match whole(input, head, max_memory) {
                    Ok(bytes) => bytes,
                    Err(e) => {
                        reporter.unreadable(&name, &format_args!("{e:#}"));
                        return Ok(true);
                    }
                };
                read_flash(bytes, &name, max_memory, reporter, each)
            }
            InputFormat::Pddl => {
                // Problems span lines freely: the file is read whole, within --max-memory.
                let bytes = match whole(input, head, max_memory) {
                    Ok(bytes) => bytes,
                    Err(e) => {
                        reporter.unreadable(&name, &format_args!("{e:#}"));
                        return Ok(true);
                    }
                };
                let mut reader = PddlReader::new(bytes).max_memory(max_memory);
                let (len, bytes) = (Some(bytes.len()), Some(bytes));
                each(reporter, Levels { source: &mut reader, flash: None, len, bytes, format })?;
                Ok(false)
            }
            InputFormat::Pack | InputFormat::Drawing => {
                let text = if self.whole {
                    match whole(input, head.take(), max_memory) {
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
                        let lines = Lines::new(bytes);
                        let len = Some(bytes.len());
                        read_lines(
                            lines,
                            format,
                            &name,
                            max_memory,
                            Some(bytes),
                            len,
                            reporter,
                            each,
                        )
                    }
                    Text::Stream(incoming) => {
                        let probe = incoming.probe();
                        let incoming = match flush {
                            Some(flush) => incoming.flushing(flush),
                            None => incoming,
                        };
                        let head = std::io::Cursor::new(head.unwrap_or_default());
                        let mut lines = StreamLines::new(head.chain(incoming), 0);
                        lines.set_probe(probe);
                        let failed = read_lines(
                            &mut lines, format, &name, max_memory, None, None, reporter, each,
                        )?;
                        Ok(stream_failed(&mut lines, &name, reporter) || failed)
                    }
                }
            }
        }
    }
}

/// Reads the start of the stream `input` (up to its first level line, at most [`PEEK`] bytes)
/// and what it decides ([`detect_from_head`]): the bytes read, which the stream's reader must
/// read first.
fn peek(input: &mut Input) -> (Vec<u8>, Option<Detected>) {
    let mut head = Vec::new();
    let Text::Stream(mut incoming) = input.text() else { unreachable!("a stream") };
    let mut chunk = [0u8; 4096];
    let detected = loop {
        if let Some(detected) = detect_from_head(&head, head.len() >= PEEK) {
            break Some(detected);
        }
        if head.len() >= PEEK {
            break None;
        }
        match incoming.read(&mut chunk[..(PEEK - head.len()).min(4096)]) {
            Ok(0) => break detect_from_head_at_end(&head),
            Ok(n) => head.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            // The stream's reader meets the error again.
            Err(_) => break None,
        }
    };
    input.put_back(incoming);
    (head, detected)
}

/// What a stream that ended within its head decides: all of it is at hand.
fn detect_from_head_at_end(head: &[u8]) -> Option<Detected> {
    Some(detect_format(head))
}

/// The whole of `input`, after `head` (bytes already read from its stream), within `limit`.
fn whole(input: &mut Input, head: Option<Vec<u8>>, limit: u64) -> anyhow::Result<&[u8]> {
    match head {
        Some(head) => input.whole_after(head, limit, "--max-memory"),
        None => input.whole(limit, "--max-memory"),
    }
}

/// Reads the levels of `lines` as `format` (a pack or a drawing) and hands them to `each`;
/// warns about what follows a pack's `0 0` line.
#[allow(clippy::too_many_arguments)]
fn read_lines<R: Reporter, S: LineSource>(
    lines: S,
    format: InputFormat,
    name: &str,
    max_memory: u64,
    bytes: Option<&[u8]>,
    len: Option<usize>,
    reporter: &mut R,
    each: impl FnOnce(&mut R, Levels<'_>) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    if format == InputFormat::Drawing {
        let mut reader = DrawingReader::from_lines(lines).max_memory(max_memory);
        each(reporter, Levels { source: &mut reader, flash: None, len, bytes, format })?;
        return Ok(false);
    }
    let mut reader = PackReader::from_lines(lines).max_memory(max_memory);
    each(reporter, Levels { source: &mut reader, flash: None, len, bytes, format })?;
    report_ignored_after_end(reporter, name, reader.ignored_after_end());
    Ok(false)
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
            reporter.failed_at(name, &format_args!("{e}{hint}"));
            return Ok(true);
        }
    };
    for problem in pack.problems() {
        reporter.report(format_args!("{name}:{problem}"));
    }
    for warning in pack.warnings() {
        reporter.report(format_args!("{name}:{warning}"));
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

/// Warns that the pack named `name` goes on at `position` after its `0 0` line with something
/// other than blank lines and comments (POJ 3322 reads nothing after it); nothing when `None`.
fn report_ignored_after_end(reporter: &mut impl Reporter, name: &str, position: Option<Position>) {
    if let Some(position) = position {
        reporter.report(format_args!(
            "{name}:{position}: warning: not read: the pack ends at the `0 0` line before this \
             (POJ 3322); remove that line to read what follows"
        ));
    }
}
