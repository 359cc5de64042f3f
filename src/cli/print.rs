//! Standard output and error: buffered stdout, one-line messages on stderr, and a closed pipe
//! (`| head`) treated as a normal end.

use std::fmt;
use std::io::{self, BufWriter, StdoutLock, Write};

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
