//! Buffered standard output that treats a closed pipe (`| head`) as a normal end.

use std::io::{self, BufWriter, StdoutLock};

/// A buffered, locked stdout.
pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}

/// True when `err` is (or wraps) a broken pipe: the reader went away, which is not a failure.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
    })
}
