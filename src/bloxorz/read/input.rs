//! The one door to the levels of an input, whatever its format ([`LevelInput`]): the format
//! named or told from the input ([`InputFormat`]), a stream read as a stream where the format
//! allows it or held whole within the memory limit, the Flash game's file parsed, and what a
//! front end reports about the input as a whole (the format told and why, the lines after a
//! pack's `0 0`, a stream that failed).

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Chain, Cursor, Read};
use std::str::FromStr;

use super::detect::{Detected, LevelFormat, detect_format, detect_from_head};
use super::drawing::DrawingReader;
use super::error::LevelError;
use super::flash::{FlashError, FlashPack, FlashStages};
use super::pddl::PddlReader;
use super::source::{Chunk, LevelSource};
use super::text::{PackReader, cell_position};
use crate::bloxorz::model::level::Level;
use crate::memory::{AllocError, ReadError, read_bounded};
use crate::text::stream::StreamLines;
use crate::text::{Lines, Position};

/// How an input of levels is written: one of the formats, or `auto`, told from the input
/// ([`LevelInput::detection`]). `FromStr` and `Display` use the command-line tool's spellings of
/// `--input-format`: `auto`, `pack`, `flash`, `drawing`, `pddl`.
///
/// ```
/// use flipblox::bloxorz::InputFormat;
/// assert_eq!("pddl".parse::<InputFormat>()?, InputFormat::Pddl);
/// assert_eq!(InputFormat::default().to_string(), "auto");
/// assert!("json".parse::<InputFormat>().is_err());
/// # Ok::<(), flipblox::bloxorz::OpenError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum InputFormat {
    /// Told from the input: the Flash game's file when it assigns `levels`, a drawing when its
    /// first line holds only drawing cells, PDDL when it starts with `(`, a pack otherwise.
    #[default]
    Auto,
    /// The text format of level packs (POJ 3322 and its extension).
    Pack,
    /// The original Flash game's level file, or a JavaScript port of it.
    Flash,
    /// The S/T/o/- drawing.
    Drawing,
    /// PDDL problems of the Bloxorz domain, one level each.
    Pddl,
}

impl InputFormat {
    /// Every format, in the order of their spellings' list.
    const ALL: [InputFormat; 5] = [
        InputFormat::Auto,
        InputFormat::Pack,
        InputFormat::Flash,
        InputFormat::Drawing,
        InputFormat::Pddl,
    ];

    /// The command-line tool's spelling.
    fn name(self) -> &'static str {
        match self {
            InputFormat::Auto => "auto",
            InputFormat::Pack => "pack",
            InputFormat::Flash => "flash",
            InputFormat::Drawing => "drawing",
            InputFormat::Pddl => "pddl",
        }
    }

    /// The format named, `None` for `auto`.
    fn known(self) -> Option<LevelFormat> {
        match self {
            InputFormat::Auto => None,
            InputFormat::Pack => Some(LevelFormat::Pack),
            InputFormat::Flash => Some(LevelFormat::Flash),
            InputFormat::Drawing => Some(LevelFormat::Drawing),
            InputFormat::Pddl => Some(LevelFormat::Pddl),
        }
    }
}

impl From<LevelFormat> for InputFormat {
    fn from(format: LevelFormat) -> InputFormat {
        match format {
            LevelFormat::Pack => InputFormat::Pack,
            LevelFormat::Flash => InputFormat::Flash,
            LevelFormat::Drawing => InputFormat::Drawing,
            LevelFormat::Pddl => InputFormat::Pddl,
        }
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for InputFormat {
    type Err = OpenError;

    /// Reads a spelling of `--input-format` (exactly, in lower case).
    ///
    /// # Errors
    ///
    /// [`OpenError::UnknownFormat`] for any other text.
    fn from_str(text: &str) -> Result<InputFormat, OpenError> {
        InputFormat::ALL
            .into_iter()
            .find(|format| format.name() == text)
            .ok_or_else(|| OpenError::UnknownFormat { name: text.to_string() })
    }
}

/// Why the levels of an input cannot be read at all (each level's own problems are
/// [`LevelError`]s, reported level by level).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OpenError {
    /// A format's name that is none of [`InputFormat`]'s spellings.
    #[error("{name:?} is not a format: expected auto, pack, flash, drawing or pddl")]
    UnknownFormat {
        /// The name given.
        name: String,
    },
    /// The stream failed while it was read whole (or its start, to tell its format).
    #[error("cannot read: {0}")]
    Read(io::Error),
    /// The stream is longer than the memory limit, and its format needs it held whole.
    #[error("the input is longer than {limit} bytes")]
    TooLong {
        /// The memory limit, in bytes.
        limit: u64,
    },
    /// The memory to hold the stream whole cannot be had.
    #[error(transparent)]
    Alloc(#[from] AllocError),
    /// The Flash game's file has no play order that can be read (`LINE:COLUMN: ...`).
    #[error(transparent)]
    Flash(#[from] FlashError),
}

impl OpenError {
    /// True when a larger memory limit would lift the error.
    pub fn is_over_memory_limit(&self) -> bool {
        match self {
            OpenError::TooLong { .. } => true,
            OpenError::Flash(e) => e.is_over_memory_limit(),
            _ => false,
        }
    }

    /// Where in the input the problem is (a Flash game's file without a play order); `None` for
    /// a problem of the input as a whole.
    pub fn position(&self) -> Option<Position> {
        match self {
            OpenError::Flash(e) => Some(e.position),
            _ => None,
        }
    }
}

/// How many bytes of a stream [`InputFormat::Auto`] looks at before it reads the stream whole
/// to decide (a pack or a drawing is decided by its first line, and read on as a stream).
const PEEK: usize = 64 * 1024;

/// What an input holds: bytes, or a stream not read whole.
enum Held<'a, R> {
    Bytes(Cow<'a, [u8]>),
    /// The bytes read from the stream to tell its format, then the rest (taken when read).
    Stream {
        head: Vec<u8>,
        rest: Option<R>,
    },
}

/// A would-block probe of a stream ([`LevelInput::would_block_when`]).
type Probe = Box<dyn FnMut() -> bool + Send>;

/// An input of Bloxorz levels opened in its format: bytes (a memory map, a file read, a text)
/// or a stream, read as the command-line tool reads it. The format is named, or told from the
/// input ([`InputFormat::Auto`]: [`LevelInput::detection`] says what was found and why); a pack
/// or a drawing from a stream is read a line at a time, as levels come; the Flash game's file
/// and PDDL are held whole, within the memory limit (also a stream whose start does not tell
/// its format). The memory limit, in bytes, is also each reader's limit for one level
/// ([`PackReader::max_memory`]). Its levels are read by [`LevelInput::levels`].
///
/// ```
/// use flipblox::bloxorz::{InputFormat, LevelInput, LevelSource};
/// let text = b"; a comment\n1 3\nX.O\n0 0\n";
/// let mut input = LevelInput::from_bytes(&text[..], InputFormat::Auto, 1 << 20);
/// assert_eq!(input.format(), InputFormat::Pack);
/// let detection = input.detection().unwrap();
/// assert_eq!(detection, "read as a level pack (its first line is an `R C` header)");
/// assert_eq!(input.also_looks_like(), None);
/// let mut levels = input.levels()?;
/// let mut level = flipblox::bloxorz::Level::new();
/// assert!(matches!(levels.read_into(&mut level), Some(Ok(()))));
/// assert!(levels.read_into(&mut level).is_none());
/// # Ok::<(), flipblox::bloxorz::OpenError>(())
/// ```
pub struct LevelInput<'a, R = io::Empty> {
    held: Held<'a, R>,
    format: LevelFormat,
    detected: Option<Detected>,
    max_memory: u64,
    flash: Option<FlashPack>,
    probe: Option<Probe>,
}

impl<R> fmt::Debug for LevelInput<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LevelInput")
            .field("format", &self.format)
            .field("detected", &self.detected)
            .field("max_memory", &self.max_memory)
            .finish_non_exhaustive()
    }
}

impl<'a> LevelInput<'a> {
    /// Opens the input `bytes` (borrowed, or owned) in `format`; with [`InputFormat::Auto`], the
    /// format is told from all of them ([`LevelInput::detection`]).
    pub fn from_bytes(
        bytes: impl Into<Cow<'a, [u8]>>,
        format: InputFormat,
        max_memory: u64,
    ) -> LevelInput<'a> {
        let bytes = bytes.into();
        let (format, detected) = match format.known() {
            Some(format) => (format, None),
            None => {
                let detected = detect_format(&bytes);
                (detected.format, Some(detected))
            }
        };
        LevelInput {
            held: Held::Bytes(bytes),
            format,
            detected,
            max_memory,
            flash: None,
            probe: None,
        }
    }
}

impl<'a, R: Read> LevelInput<'a, R> {
    /// Opens the stream `reader` in `format`. With [`InputFormat::Auto`], its start (up to its
    /// first level line, at most 64 KiB) tells a pack, a drawing or PDDL
    /// ([`LevelInput::also_looks_like`] is then `None`); a start that does not tell has the
    /// stream read whole, within `max_memory` bytes, and all of it decides. The rest is read by
    /// [`LevelInput::levels`].
    ///
    /// # Errors
    ///
    /// Only when the start did not tell: [`OpenError::Read`], [`OpenError::TooLong`],
    /// [`OpenError::Alloc`] from reading the stream whole.
    pub fn from_reader(
        mut reader: R,
        format: InputFormat,
        max_memory: u64,
    ) -> Result<LevelInput<'a, R>, OpenError> {
        let input = |held, format, detected| LevelInput {
            held,
            format,
            detected,
            max_memory,
            flash: None,
            probe: None,
        };
        if let Some(format) = format.known() {
            return Ok(input(Held::Stream { head: Vec::new(), rest: Some(reader) }, format, None));
        }
        let (head, detected, ended) = peek(&mut reader);
        // A stream that has ended is not read again: a terminal would wait for a second end of
        // input (Ctrl-D) before the empty input, or the last line, is answered.
        let rest = (!ended).then_some(reader);
        match detected {
            Some(detected) => {
                let held = Held::Stream { head, rest };
                Ok(input(held, detected.format, Some(detected)))
            }
            None => {
                // The start does not decide: the whole input does.
                let bytes = read_whole(Cursor::new(head).chain(Rest(rest)), max_memory)?;
                let detected = detect_format(&bytes);
                Ok(input(Held::Bytes(Cow::Owned(bytes)), detected.format, Some(detected)))
            }
        }
    }

    /// The same input, whose stream tells with `probe` whether more input is at hand now (a
    /// read would not wait): a batch then passes on the levels it holds before it waits
    /// ([`LevelSource::would_block`]). Without it, a stream never says it would wait.
    #[must_use]
    pub fn would_block_when(mut self, probe: impl FnMut() -> bool + Send + 'static) -> Self {
        self.probe = Some(Box::new(probe));
        self
    }

    /// The format the input is read in: never [`InputFormat::Auto`].
    pub fn format(&self) -> InputFormat {
        self.format.into()
    }

    /// What [`InputFormat::Auto`] found, and why, as the line a front end prints to say how it
    /// reads the input: `read as FORMAT (WHY)`, then `, but it also looks like FORMAT` when
    /// [`LevelInput::also_looks_like`] names one (a front end warns then, and asks for the
    /// format by name). `None` when the format was named.
    pub fn detection(&self) -> Option<String> {
        self.detected.map(|detected| detected.to_string())
    }

    /// Another format the input also looks like, when [`InputFormat::Auto`] chose between two
    /// (a drawing or PDDL that also assigns `levels`, as the Flash game's file does); `None`
    /// otherwise, and when the format was named. Never [`InputFormat::Auto`].
    pub fn also_looks_like(&self) -> Option<InputFormat> {
        self.detected.and_then(|detected| detected.also).map(InputFormat::from)
    }

    /// The input's bytes, when it is held whole (bytes given, or a stream whose format needs it
    /// whole once [`LevelInput::levels`] has read it); `None` for a stream read line by line.
    pub fn bytes(&self) -> Option<&[u8]> {
        match &self.held {
            Held::Bytes(bytes) => Some(bytes),
            Held::Stream { .. } => None,
        }
    }

    /// The levels, in order, as a [`LevelSource`]: a stream is read as it comes (a pack or a
    /// drawing) or whole first, within the memory limit (the Flash game's file, PDDL), and the
    /// Flash game's file is parsed (once: later calls reuse it). Bytes can be read again by
    /// another call; a stream read line by line only once (another call finds no levels).
    ///
    /// # Errors
    ///
    /// [`OpenError::Read`], [`OpenError::TooLong`], [`OpenError::Alloc`] from reading a stream
    /// whole; [`OpenError::Flash`] for a Flash game's file without a play order that can be
    /// read (its other problems are [`FlashPack::problems`] and [`FlashPack::warnings`]).
    pub fn levels(&mut self) -> Result<Levels<'_>, OpenError> {
        let (max_memory, format) = (self.max_memory, self.format);
        if let Held::Stream { head, rest } = &mut self.held {
            let head = Cursor::new(std::mem::take(head));
            let rest = rest.take();
            if matches!(format, LevelFormat::Flash | LevelFormat::Pddl) {
                let bytes = match rest {
                    Some(rest) => read_whole(head.chain(rest), max_memory)?,
                    None => head.into_inner(),
                };
                self.held = Held::Bytes(Cow::Owned(bytes));
            } else {
                let rest: Box<dyn Read + '_> = Box::new(Rest(rest));
                let mut lines = StreamLines::new(head.chain(rest), 0);
                if let Some(probe) = self.probe.take() {
                    lines.set_probe(probe);
                }
                let reader = if format == LevelFormat::Drawing {
                    Reader::DrawingStream(DrawingReader::from_lines(lines).max_memory(max_memory))
                } else {
                    Reader::PackStream(PackReader::from_lines(lines).max_memory(max_memory))
                };
                return Ok(Levels { reader, format, flash: None, bytes: None, max_memory });
            }
        }
        let Held::Bytes(bytes) = &self.held else { unreachable!("a stream is read above") };
        if format == LevelFormat::Flash && self.flash.is_none() {
            self.flash = Some(FlashPack::parse(bytes, max_memory)?);
        }
        let reader = match format {
            LevelFormat::Flash => {
                Reader::Flash(self.flash.as_ref().expect("parsed above").stage_source())
            }
            LevelFormat::Pddl => Reader::Pddl(PddlReader::new(bytes).max_memory(max_memory)),
            LevelFormat::Drawing => {
                Reader::Drawing(DrawingReader::new(bytes).max_memory(max_memory))
            }
            LevelFormat::Pack => Reader::Pack(PackReader::new(bytes).max_memory(max_memory)),
        };
        let flash = self.flash.as_ref();
        Ok(Levels { reader, format, flash, bytes: Some(bytes), max_memory })
    }
}

/// The rest of a stream after its start, or nothing (read already).
struct Rest<R>(Option<R>);

impl<R: Read> Read for Rest<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match &mut self.0 {
            Some(reader) => reader.read(buf),
            None => Ok(0),
        }
    }
}

/// The lines of a stream: the bytes read to tell its format, then the rest.
type Stream<'b> = StreamLines<Chain<Cursor<Vec<u8>>, Box<dyn Read + 'b>>>;

/// The reader of each format.
enum Reader<'b> {
    Pack(PackReader<Lines<'b>>),
    PackStream(PackReader<Stream<'b>>),
    Drawing(DrawingReader<Lines<'b>>),
    DrawingStream(DrawingReader<Stream<'b>>),
    Pddl(PddlReader<'b>),
    Flash(FlashStages<'b>),
}

impl Reader<'_> {
    fn source(&mut self) -> &mut dyn LevelSource {
        match self {
            Reader::Pack(r) => r,
            Reader::PackStream(r) => r,
            Reader::Drawing(r) => r,
            Reader::DrawingStream(r) => r,
            Reader::Pddl(r) => r,
            Reader::Flash(r) => r,
        }
    }

    fn source_ref(&self) -> &dyn LevelSource {
        match self {
            Reader::Pack(r) => r,
            Reader::PackStream(r) => r,
            Reader::Drawing(r) => r,
            Reader::DrawingStream(r) => r,
            Reader::Pddl(r) => r,
            Reader::Flash(r) => r,
        }
    }
}

/// The levels of a [`LevelInput`], in order ([`LevelInput::levels`]): a [`LevelSource`], and
/// what a front end reports about the input after them ([`Levels::ignored_after_end`],
/// [`Levels::take_error`]).
pub struct Levels<'b> {
    reader: Reader<'b>,
    format: LevelFormat,
    flash: Option<&'b FlashPack>,
    /// The input's bytes, when it is held whole.
    bytes: Option<&'b [u8]>,
    max_memory: u64,
}

impl fmt::Debug for Levels<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Levels").field("format", &self.format).finish_non_exhaustive()
    }
}

impl<'b> Levels<'b> {
    /// The format the levels are read in: never [`InputFormat::Auto`].
    pub fn format(&self) -> InputFormat {
        self.format.into()
    }

    /// The Flash game's file the levels are the stages of (their names and passcodes, the
    /// file's problems and warnings), when they are.
    pub fn flash(&self) -> Option<&'b FlashPack> {
        self.flash
    }

    /// The input's length in bytes, when it is held whole.
    pub fn input_len(&self) -> Option<usize> {
        self.bytes.map(<[u8]>::len)
    }

    /// Once the levels are read, the warning that a pack goes on after its `0 0` line with
    /// something other than blank lines and comments (POJ 3322 reads nothing after it):
    /// `LINE:COLUMN: warning: not read: ...` (prefix it with the input's name for the
    /// command-line tool's message); `None` otherwise.
    pub fn ignored_after_end(&mut self) -> Option<String> {
        let position = match &mut self.reader {
            Reader::Pack(r) => r.ignored_after_end(),
            Reader::PackStream(r) => r.ignored_after_end(),
            _ => None,
        }?;
        Some(format!(
            "{position}: warning: not read: the pack ends at the `0 0` line before this \
             (POJ 3322); remove that line to read what follows"
        ))
    }

    /// The I/O error that ended a stream early, if any (taken: a second call gives `None`).
    pub fn take_error(&mut self) -> Option<io::Error> {
        match &mut self.reader {
            Reader::PackStream(r) => r.lines_mut().take_error(),
            Reader::DrawingStream(r) => r.lines_mut().take_error(),
            _ => None,
        }
    }

    /// Where cell `(row, col)` (0-based) of `level`, read from these levels, stands in the
    /// input: its own line and column in a text pack (from the level's header), the level's
    /// first line ([`Level::origin`]) otherwise.
    pub fn cell_position(&self, level: &Level, cell: (usize, usize)) -> Option<Position> {
        match (level.origin(), self.format) {
            (Some(header), LevelFormat::Pack) => Some(cell_position(header, cell)),
            (origin, _) => origin,
        }
    }

    /// The bytes of a text pack held whole, when no level of it is read yet.
    pub(crate) fn unread_pack(&self) -> Option<&'b [u8]> {
        match (&self.reader, self.bytes) {
            (Reader::Pack(reader), Some(bytes)) if reader.levels_started() == 0 => Some(bytes),
            _ => None,
        }
    }

    /// The memory limit for one level, in bytes.
    pub(crate) fn max_memory(&self) -> u64 {
        self.max_memory
    }
}

impl LevelSource for Levels<'_> {
    fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        self.reader.source().read_into(level)
    }

    fn levels_started(&self) -> usize {
        self.reader.source_ref().levels_started()
    }

    fn offset(&self) -> usize {
        self.reader.source_ref().offset()
    }

    fn would_block(&mut self) -> bool {
        self.reader.source().would_block()
    }

    fn take_chunk(&mut self, chunk: &mut Chunk, max_weight: usize, max_levels: usize) -> bool {
        self.reader.source().take_chunk(chunk, max_weight, max_levels)
    }
}

/// Reads the start of `reader` (up to its first level line, at most [`PEEK`] bytes) and what it
/// decides ([`detect_from_head`]): the bytes read, which the stream's reader must read first,
/// and whether the stream has ended (it is then not read again).
fn peek(reader: &mut impl Read) -> (Vec<u8>, Option<Detected>, bool) {
    let mut ended = false;
    let mut head = Vec::new();
    let mut chunk = [0u8; 4096];
    let detected = loop {
        if let Some(detected) = detect_from_head(&head, head.len() >= PEEK) {
            break Some(detected);
        }
        if head.len() >= PEEK {
            break None;
        }
        match reader.read(&mut chunk[..(PEEK - head.len()).min(4096)]) {
            // All of the input is at hand.
            Ok(0) => {
                ended = true;
                break Some(detect_format(&head));
            }
            Ok(n) => head.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            // The stream's reader meets the error again.
            Err(_) => break None,
        }
    };
    (head, detected, ended)
}

/// Reads `reader` whole, within `limit` bytes ([`read_bounded`]).
fn read_whole(reader: impl Read, limit: u64) -> Result<Vec<u8>, OpenError> {
    read_bounded(reader, limit).map_err(|e| match e {
        ReadError::Read(e) => OpenError::Read(e),
        ReadError::TooLong { limit } => OpenError::TooLong { limit },
        ReadError::Alloc(e) => OpenError::Alloc(e),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_read_back_from_their_names() {
        for format in InputFormat::ALL {
            assert_eq!(format.to_string().parse::<InputFormat>().unwrap(), format);
        }
        let unknown = "Pack".parse::<InputFormat>().unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "\"Pack\" is not a format: expected auto, pack, flash, drawing or pddl"
        );
    }

    /// What `levels` give: each level or its error, then the warning after `0 0`.
    fn read(levels: Result<Levels<'_>, OpenError>) -> Vec<String> {
        let Ok(mut levels) = levels else { return vec!["unreadable".to_string()] };
        let mut level = Level::new();
        let mut read = Vec::new();
        while let Some(result) = levels.read_into(&mut level) {
            read.push(result.map_or_else(|e| e.to_string(), |()| level.to_string()));
        }
        read.push(format!("{:?}", levels.ignored_after_end()));
        read
    }

    #[test]
    fn a_stream_reads_the_levels_its_bytes_hold() {
        let inputs: [&[u8]; 4] = [
            b"1 3\nX.O\n0 0\n1 2\nXO\n",
            b"oSoT\n\nSoT\n",
            b"var levels = [\"\", a];\n",
            b"\n\n(define (problem p) (:domain bloxorz))\n",
        ];
        for bytes in inputs {
            let limit = 1 << 20;
            let mut whole = LevelInput::from_bytes(bytes, InputFormat::Auto, limit);
            let mut stream = LevelInput::from_reader(bytes, InputFormat::Auto, limit).unwrap();
            assert_eq!(whole.format(), stream.format());
            assert_eq!(read(whole.levels()), read(stream.levels()), "{bytes:?}");
        }
    }

    /// A terminal: it gives what was typed, then one end of input (Ctrl-D), and a read after
    /// that would wait for another Ctrl-D (here: it fails the test).
    struct Terminal {
        typed: Option<Vec<u8>>,
        ended: bool,
    }

    impl Read for Terminal {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            assert!(!self.ended, "read again after the end of the input: a second Ctrl-D");
            match self.typed.take() {
                Some(typed) if !typed.is_empty() => {
                    buf[..typed.len()].copy_from_slice(&typed);
                    Ok(typed.len())
                }
                _ => {
                    self.ended = true;
                    Ok(0)
                }
            }
        }
    }

    #[test]
    fn a_stream_that_has_ended_is_not_read_again() {
        let inputs: [&[u8]; 5] = [b"", b"\n", b"oSoT\n", b"1 3\nX.O\n", b"var levels = [];\n"];
        for typed in inputs {
            for format in InputFormat::ALL {
                let terminal = Terminal { typed: Some(typed.to_vec()), ended: false };
                let mut stream = LevelInput::from_reader(terminal, format, 1 << 20).unwrap();
                let mut whole = LevelInput::from_bytes(typed, format, 1 << 20);
                assert_eq!(read(whole.levels()), read(stream.levels()), "{typed:?} {format}");
            }
        }
    }

    #[test]
    fn a_stream_held_whole_is_refused_past_the_limit() {
        let mut input =
            LevelInput::from_reader(&b"var levels = 1;\n"[..], InputFormat::Flash, 10).unwrap();
        let error = input.levels().unwrap_err();
        assert!(error.is_over_memory_limit());
        assert_eq!(error.to_string(), "the input is longer than 10 bytes");
    }
}
