//! Standard output and error: buffered stdout, one-line messages on stderr, a closed pipe
//! (`| head`) treated as a normal end, and the one printer of answers ([`Printer`]): one line
//! per record, as text or as JSON Lines (`--json`).

use std::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};

use indicatif::ProgressBar;
use serde::Serialize;

/// A buffered, locked stdout.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// Writes one message line to standard error. A standard error that cannot be written (closed
/// by `2>&1 | head`, or full) is ignored: the message is lost but the run goes on and its exit
/// code still tells, where `eprintln!` would panic.
pub fn report(message: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{message}");
}

/// True when `err` is (or wraps) a broken pipe: the reader went away, which is not a failure.
///
/// A failed `serde_json::to_writer` (`--json`) carries the I/O error inside a
/// `serde_json::Error`, whose `source()` skips it, so that error is asked for its kind directly.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
            || e.downcast_ref::<serde_json::Error>()
                .is_some_and(|json| json.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
    })
}

/// Where messages about inputs go: stderr, after whatever the command has written to stdout so
/// far (so the two interleave in order).
pub trait Reporter {
    /// Writes one message line to stderr.
    fn report(&mut self, message: fmt::Arguments<'_>);
}

/// A [`Reporter`] for commands whose stdout holds nothing that must come first.
pub struct Stderr;

impl Reporter for Stderr {
    fn report(&mut self, message: fmt::Arguments<'_>) {
        report(message);
    }
}

impl Reporter for BufWriter<StdoutLock<'static>> {
    fn report(&mut self, message: fmt::Arguments<'_>) {
        // A stdout that cannot be flushed fails again, with its error, at the next write.
        let _ = self.flush();
        report(message);
    }
}

/// One answer as `flip` or `bloxorz` prints it: serialised for `--json`, one text line
/// otherwise.
pub trait Record: Serialize {
    /// Writes the record's text line, without its line break.
    ///
    /// # Errors
    ///
    /// Writing to `out` failed.
    fn text(&self, out: &mut impl Write) -> io::Result<()>;
}

/// Prints records to stdout, one line each, as text or JSON Lines; a record that could not be
/// answered prints `Error` (or its JSON record) and its message on stderr.
pub struct Printer {
    out: BufWriter<StdoutLock<'static>>,
    json: bool,
    /// A progress bar on stderr, hidden while a message is written.
    bar: Option<ProgressBar>,
}

impl Printer {
    /// A printer of text lines, or of JSON Lines when `json`.
    pub fn new(json: bool) -> Printer {
        Printer { out: stdout(), json, bar: None }
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
        if self.json {
            serde_json::to_writer(&mut self.out, record)?;
            self.out.write_all(b"\n")?;
        } else {
            record.text(&mut self.out)?;
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Reports `message` on stderr and prints `record` for `--json`, `Error` otherwise.
    ///
    /// # Errors
    ///
    /// Writing to stdout failed.
    pub fn failure(
        &mut self,
        message: fmt::Arguments<'_>,
        record: &impl Record,
    ) -> anyhow::Result<()> {
        self.out.flush()?;
        self.report(message);
        if self.json { self.record(record) } else { Ok(self.out.write_all(b"Error\n")?) }
    }

    /// Writes everything to stdout now (before a long pause, such as a table build).
    ///
    /// # Errors
    ///
    /// Writing to stdout failed.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Flushes stdout at the end of the run.
    ///
    /// # Errors
    ///
    /// Writing to stdout failed.
    pub fn finish(mut self) -> anyhow::Result<()> {
        use anyhow::Context;
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        self.out.flush().context("writing to stdout")
    }
}

impl Reporter for Printer {
    fn report(&mut self, message: fmt::Arguments<'_>) {
        let _ = self.out.flush();
        match &self.bar {
            Some(bar) => bar.suspend(|| report(message)),
            None => report(message),
        }
    }
}
