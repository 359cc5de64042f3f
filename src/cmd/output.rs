//! Buffered standard output that treats a closed pipe (`| head`) as a normal end.

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

/// Where a command writes its result (`-o FILE`): standard output, or a file that appears whole
/// or not at all.
///
/// A file is written to a temporary file beside it, created by [`Destination::create`] before
/// any work (so a bad directory fails fast), and renamed over the target by
/// [`Destination::commit`]. Until then the old file, if any, is untouched: a failed or
/// interrupted export does not lose it, and a process reading it through a memory map (e.g.
/// `flip --table`) keeps its old pages instead of seeing the file truncated under it.
pub struct Destination {
    name: String,
    sink: Sink,
}

enum Sink {
    Stdout(BufWriter<StdoutLock<'static>>),
    File { writer: BufWriter<tempfile::NamedTempFile>, target: std::path::PathBuf },
}

impl Destination {
    /// Standard output for `-` or no path; otherwise a temporary file in the target's directory,
    /// with the target's permissions if it exists (0644 if not, on Unix).
    ///
    /// # Errors
    ///
    /// The target is a directory, or the temporary file cannot be created there; the message
    /// names the path.
    pub fn create(path: Option<&std::path::Path>) -> anyhow::Result<Destination> {
        use anyhow::Context;
        let Some(target) = path.filter(|p| p.as_os_str() != "-") else {
            return Ok(Destination { name: "<stdout>".to_string(), sink: Sink::Stdout(stdout()) });
        };
        let name = target.display().to_string();
        let existing = std::fs::metadata(target).ok();
        if existing.as_ref().is_some_and(|m| m.is_dir()) {
            anyhow::bail!("cannot create {name}: it is a directory");
        }
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".flipblox-").suffix(".partial");
        #[cfg(unix)]
        let permissions = {
            use std::os::unix::fs::PermissionsExt;
            existing.map_or_else(|| std::fs::Permissions::from_mode(0o644), |m| m.permissions())
        };
        #[cfg(unix)]
        builder.permissions(permissions);
        let file = builder.tempfile_in(dir).with_context(|| format!("cannot create {name}"))?;
        let writer = BufWriter::with_capacity(1 << 16, file);
        Ok(Destination { name, sink: Sink::File { writer, target: target.to_path_buf() } })
    }

    /// The name for messages: `<stdout>` or the target path.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The buffered writer.
    pub fn writer(&mut self) -> &mut dyn Write {
        match &mut self.sink {
            Sink::Stdout(w) => w,
            Sink::File { writer, .. } => writer,
        }
    }

    /// Flushes, and for a file renames the finished temporary file over the target.
    ///
    /// # Errors
    ///
    /// Writing or renaming failed; the target is then left as it was.
    pub fn commit(self) -> anyhow::Result<()> {
        use anyhow::Context;
        let name = self.name;
        match self.sink {
            Sink::Stdout(mut w) => w.flush().with_context(|| format!("writing {name}")),
            Sink::File { writer, target } => {
                let file = writer.into_inner().map_err(|e| e.into_error());
                let file = file.with_context(|| format!("writing {name}"))?;
                file.as_file().sync_all().with_context(|| format!("writing {name}"))?;
                file.persist(&target)
                    .map_err(|e| e.error)
                    .with_context(|| format!("writing {name}"))?;
                Ok(())
            }
        }
    }
}
