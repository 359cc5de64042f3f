//! Standard output and error: buffered stdout, one-line messages on stderr, a closed pipe
//! (`| head`) treated as a normal end, a closed stdout (`>&-`) as an error, and the one printer
//! of answers ([`Printer`]): one line per record, as text or as JSON Lines (`--json`).

use std::cell::RefCell;
use std::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use indicatif::ProgressBar;
use serde::Serialize;

use flipblox::table_file::ExportError;

/// Which of standard input, output and error were closed when the process started (`<&-`,
/// `>&-`). Rust's runtime opens `/dev/null` on a closed standard stream before `main`, which
/// would make writing to a closed stdout succeed silently; this is noted before that.
static CLOSED_AT_START: [AtomicBool; 3] = [const { AtomicBool::new(false) }; 3];

// SAFETY (of running before `main`): code that runs before the Rust runtime has started must
// not rely on it (no allocation, no standard streams, no thread-locals). This only stores to
// static atomics and calls fcntl(2).
#[cfg(unix)]
#[ctor::ctor(unsafe)]
fn note_closed_standard_streams() {
    for (fd, closed) in CLOSED_AT_START.iter().enumerate() {
        // SAFETY: fcntl(2) with F_GETFD takes no pointer and only reads the descriptor's flags,
        // so nothing can be written out of place; a descriptor that is not open fails with
        // EBADF, which is what is tested for.
        if unsafe { libc::fcntl(fd as libc::c_int, libc::F_GETFD) } == -1 {
            closed.store(true, Ordering::Relaxed);
        }
    }
}

/// True when standard input was closed when the process started (`<&-`).
pub fn stdin_closed() -> bool {
    CLOSED_AT_START[0].load(Ordering::Relaxed)
}

/// True when standard output was closed when the process started (`>&-`).
pub fn stdout_closed() -> bool {
    CLOSED_AT_START[1].load(Ordering::Relaxed)
}

/// The locked standard output, which fails to write when it was closed when the process
/// started (`>&-`) rather than writing into the `/dev/null` Rust put in its place.
pub struct Stdout {
    lock: StdoutLock<'static>,
    closed: bool,
}

impl Stdout {
    fn closed() -> io::Error {
        io::Error::other("standard output is closed")
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.closed {
            return Err(Stdout::closed());
        }
        self.lock.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.closed {
            return Err(Stdout::closed());
        }
        self.lock.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.lock.flush()
    }
}

/// A buffered, locked stdout.
pub fn stdout() -> BufWriter<Stdout> {
    let stdout = Stdout { lock: io::stdout().lock(), closed: stdout_closed() };
    BufWriter::with_capacity(1 << 16, stdout)
}

/// Writes one message line to standard error. A standard error that cannot be written (closed
/// by `2>&1 | head`, or full) is ignored: the message is lost but the run goes on and its exit
/// code still tells, where `eprintln!` would panic.
///
/// A message is always one line: every piece of file content in it is already quoted
/// ([`quote`](flipblox::text::quote)), and any control character left (a line break, an escape
/// from a message of another library) is written as its escape here ([`one_line`]).
pub fn report(message: fmt::Arguments<'_>) {
    let text = message.to_string();
    let _ = writeln!(io::stderr().lock(), "{}", one_line(&text));
}

/// True when `err` is (or wraps) a broken pipe: the reader went away, which is not a failure.
///
/// A failed `serde_json::to_writer` (`--json`) carries the I/O error inside a
/// `serde_json::Error`, and a failed export inside an `ExportError::Io`, whose `source()`s skip
/// it, so those errors are asked for it directly.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    let broken = |io: &io::Error| io.kind() == io::ErrorKind::BrokenPipe;
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>().is_some_and(broken)
            || e.downcast_ref::<serde_json::Error>()
                .is_some_and(|json| json.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
            || matches!(e.downcast_ref::<ExportError>(), Some(ExportError::Io(io)) if broken(io))
    })
}

/// Where messages about inputs go: stderr, after whatever the command has written to stdout so
/// far (so the two interleave in order).
///
/// Messages have one of three shapes (docs/ERRORS.md): `PATH:LINE:COLUMN: ...` for a problem at
/// a place in an input (written with [`Reporter::report`]), `flipblox: PATH: ...` for a problem
/// of a file as a whole ([`Reporter::report_file`]), and `flipblox: ...` for the others (the
/// run's error, written by `main`).
pub trait Reporter {
    /// Writes one message line to stderr.
    fn report(&mut self, message: fmt::Arguments<'_>);

    /// Writes `flipblox: NAME: MESSAGE`: a problem of the input `name` as a whole.
    fn report_file(&mut self, name: &str, message: fmt::Arguments<'_>) {
        self.report(format_args!("flipblox: {name}: {message}"));
    }

    /// Reports that the input `name` cannot be read, and why.
    fn unreadable(&mut self, name: &str, error: &dyn fmt::Display) {
        self.report_file(name, format_args!("cannot read: {error}"));
    }

    /// Reports that the input `name`, read whole, holds nothing that can be answered, at a place
    /// (`error` is `LINE:COLUMN: ...`): `NAME:LINE:COLUMN: ...`.
    fn failed_at(&mut self, name: &str, error: &dyn fmt::Display) {
        self.report(format_args!("{name}:{error}"));
    }
}

/// A [`Reporter`] for commands whose stdout holds nothing that must come first.
pub struct Stderr;

impl Reporter for Stderr {
    fn report(&mut self, message: fmt::Arguments<'_>) {
        report(message);
    }
}

impl Reporter for BufWriter<Stdout> {
    fn report(&mut self, message: fmt::Arguments<'_>) {
        // A stdout that cannot be flushed fails again, with its error, at the next write.
        let _ = self.flush();
        report(message);
    }
}

/// One answer as `flip` or `bloxorz` prints it: serialised for `--json`, one text line
/// otherwise.
pub trait Record: Serialize {
    /// Writes the record's text line, without its line break: `Error` for a record of an input
    /// that could not be read or answered.
    ///
    /// # Errors
    ///
    /// Writing to `out` failed.
    fn text(&self, out: &mut impl Write) -> io::Result<()>;
}

/// Prints records to stdout, one line each, as text or JSON Lines; a record that could not be
/// answered prints `Error` (or its JSON record) and its message on stderr.
///
/// Its buffer is shared with the [`Printer::flush_hook`] that an input read as a stream calls
/// before it waits for more input, so that answers appear as their records are read.
pub struct Printer {
    out: Rc<RefCell<Out>>,
    json: bool,
    /// A progress bar on stderr, hidden while a message is written.
    bar: Option<ProgressBar>,
    /// What a failed write says: `writing to stdout`, or `NAME: cannot write`.
    context: String,
}

/// An output file a [`Printer`] writes to and then commits (the CLI's `io::Destination`):
/// named here as a trait so that this module does not import the one that imports it.
pub trait OutputFile {
    /// What the output is called in messages.
    fn name(&self) -> &str;
    /// The buffered writer.
    fn writer(&mut self) -> &mut dyn Write;
    /// Flushes and, for a file, renames it over its target: the file appears whole.
    fn commit(self: Box<Self>) -> anyhow::Result<()>;
}

/// Where a [`Printer`] writes: standard output, or an output file (`-o FILE`) committed by
/// [`Printer::finish`].
enum Out {
    Stdout(BufWriter<Stdout>),
    File(Box<dyn OutputFile>),
    /// Committed.
    Done,
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Out::Stdout(out) => out.write(buf),
            Out::File(destination) => destination.writer().write(buf),
            Out::Done => Err(io::Error::other("the output is already written")),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Out::Stdout(out) => out.write_all(buf),
            Out::File(destination) => destination.writer().write_all(buf),
            Out::Done => Err(io::Error::other("the output is already written")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::Stdout(out) => out.flush(),
            Out::File(destination) => destination.writer().flush(),
            Out::Done => Ok(()),
        }
    }
}

impl Printer {
    /// A printer of text lines, or of JSON Lines when `json`.
    pub fn new(json: bool) -> Printer {
        let out = Rc::new(RefCell::new(Out::Stdout(stdout())));
        Printer { out, json, bar: None, context: "writing to stdout".to_string() }
    }

    /// A printer to `destination` (`-o FILE`), which [`Printer::finish`] commits: a file then
    /// appears whole, and a run that ends with an error leaves it as it was.
    pub fn to(destination: impl OutputFile + 'static, json: bool) -> Printer {
        let context = format!("{}: cannot write", destination.name());
        let out = Rc::new(RefCell::new(Out::File(Box::new(destination))));
        Printer { out, json, bar: None, context }
    }

    /// Flushes what the printer holds: called by a streamed input before it waits for more
    /// (a failure is left for the printer's next write to report).
    pub fn flush_hook(&self) -> impl FnMut() + 'static {
        let out = Rc::clone(&self.out);
        move || {
            if let Ok(mut out) = out.try_borrow_mut() {
                let _ = out.flush();
            }
        }
    }

    /// The same printer, keeping `bar` out of the way of its messages.
    pub fn with_bar(mut self, bar: ProgressBar) -> Printer {
        self.bar = Some(bar);
        self
    }

    /// Prints `record`.
    ///
    /// # Errors
    ///
    /// Writing to stdout failed.
    pub fn record(&mut self, record: &impl Record) -> anyhow::Result<()> {
        use anyhow::Context;
        let out = &mut *self.out.borrow_mut();
        let context = || self.context.clone();
        if self.json {
            serde_json::to_writer(&mut *out, record).with_context(context)?;
        } else {
            record.text(out).with_context(context)?;
        }
        out.write_all(b"\n").with_context(context)
    }

    /// Writes `lines`, text lines already formatted by the caller (the 4x4 fast path's answers),
    /// as they are.
    ///
    /// # Errors
    ///
    /// Writing to stdout failed.
    pub fn lines(&mut self, lines: &[u8]) -> anyhow::Result<()> {
        use anyhow::Context;
        self.out.borrow_mut().write_all(lines).with_context(|| self.context.clone())
    }

    /// Reports `message` on stderr, then prints `record` (whose text is `Error`).
    ///
    /// # Errors
    ///
    /// Writing to stdout failed.
    pub fn failure(
        &mut self,
        message: fmt::Arguments<'_>,
        record: &impl Record,
    ) -> anyhow::Result<()> {
        self.out.borrow_mut().flush()?;
        self.report(message);
        self.record(record)
    }

    /// Writes everything to stdout now (before a long pause, such as a table build).
    ///
    /// # Errors
    ///
    /// Writing to stdout failed.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.borrow_mut().flush()
    }

    /// Flushes stdout at the end of the run, or commits the output file.
    ///
    /// # Errors
    ///
    /// Writing failed.
    pub fn finish(self) -> anyhow::Result<()> {
        use anyhow::Context;
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        match std::mem::replace(&mut *self.out.borrow_mut(), Out::Done) {
            Out::Stdout(mut out) => out.flush().context("writing to stdout"),
            Out::File(destination) => destination.commit(),
            Out::Done => Ok(()),
        }
    }
}

impl Reporter for Printer {
    fn report(&mut self, message: fmt::Arguments<'_>) {
        let _ = self.out.borrow_mut().flush();
        match &self.bar {
            Some(bar) => bar.suspend(|| report(message)),
            None => report(message),
        }
    }

    /// Also prints, for `--json`, the file's record: `{"file": NAME, "index": null, "error":
    /// "cannot read: ..."}` (docs/JSON.md). A failure to write it is left for the printer's next
    /// write (or its finish) to report.
    fn unreadable(&mut self, name: &str, error: &dyn fmt::Display) {
        let message = format!("cannot read: {error}");
        self.report_file(name, format_args!("{message}"));
        self.file_record(name, &message);
    }

    /// Also prints, for `--json`, the file's record `{"file": NAME, "index": null, "error":
    /// "LINE:COLUMN: ..."}`.
    fn failed_at(&mut self, name: &str, error: &dyn fmt::Display) {
        self.report(format_args!("{name}:{error}"));
        self.file_record(name, &error.to_string());
    }
}

impl Printer {
    /// For `--json`, the record of a file none of whose boards or levels could be read.
    fn file_record(&mut self, name: &str, message: &str) {
        if self.json {
            let out = &mut *self.out.borrow_mut();
            let record = FileFailure { file: name, index: None, error: message };
            let _ = serde_json::to_writer(&mut *out, &record).map(|()| out.write_all(b"\n"));
        }
    }
}

/// The JSON record of an input that could not be read at all (docs/JSON.md).
#[derive(Serialize)]
struct FileFailure<'a> {
    file: &'a str,
    /// Always `None`: no board or level of the file was read.
    index: Option<usize>,
    error: &'a str,
}

/// Standard output for the commands that print one document per input (`inspect`): text, or
/// with `--json` one JSON object per input. An input that cannot be read gets
/// `{"file": NAME, "error": "cannot read: ..."}` (docs/JSON.md).
pub struct PerFile {
    out: BufWriter<Stdout>,
    json: bool,
}

impl PerFile {
    /// Buffered stdout, printing JSON objects when `json`.
    pub fn new(json: bool) -> PerFile {
        PerFile { out: stdout(), json }
    }

    /// True for `--json`.
    pub fn json(&self) -> bool {
        self.json
    }

    /// Prints `value` as one JSON object and a newline.
    ///
    /// # Errors
    ///
    /// Writing to stdout failed.
    pub fn object(&mut self, value: &impl Serialize) -> anyhow::Result<()> {
        serde_json::to_writer(&mut self.out, value)?;
        Ok(self.out.write_all(b"\n")?)
    }
}

impl Write for PerFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

impl Reporter for PerFile {
    fn report(&mut self, message: fmt::Arguments<'_>) {
        self.out.report(message);
    }

    /// Also prints, for `--json`, the file's record `{"file": NAME, "error": "cannot read:
    /// ..."}`. A failure to write it is left for the next write (or the final flush) to report.
    fn unreadable(&mut self, name: &str, error: &dyn fmt::Display) {
        let message = format!("cannot read: {error}");
        self.report_file(name, format_args!("{message}"));
        if self.json {
            let _ = self.object(&FileError { file: name, error: &message });
        }
    }
}

/// The JSON record of a file that `inspect` could not read or check (docs/JSON.md).
#[derive(Serialize)]
pub struct FileError<'a> {
    /// The file's name as given.
    pub file: &'a str,
    /// What went wrong.
    pub error: &'a str,
}

/// Makes `message` one line of printable text, whatever it quotes: a control character (a line
/// break, an escape) is written as its Rust escape (`\n`, `\u{1b}`). The last guard of every
/// message the command-line tool writes; the library's readers already quote file content.
pub fn one_line(message: &str) -> std::borrow::Cow<'_, str> {
    if !message.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len() + 8);
    for c in message.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod one_line_tests {
    use super::one_line;

    #[test]
    fn control_characters_are_escaped_and_plain_text_is_kept() {
        assert_eq!(one_line("a\nflipblox: b.fbt: OK"), "a\\nflipblox: b.fbt: OK");
        assert_eq!(one_line("plain"), "plain");
    }
}
