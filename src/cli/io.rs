//! Inputs and outputs: opening inputs ([`Input`]; regular files are memory-mapped, stdin and
//! other files are read into memory), going through them ([`for_each_input`]), and output files
//! that appear whole or not at all ([`Destination`]).
//!
//! Every reader in the library takes `&[u8]`; [`Input`] is the one place that decides where those
//! bytes live. Mapping a regular file costs no copy and no allocation, so a level pack of many
//! gigabytes is read straight from the page cache.
//!
//! # Safety of the memory map
//!
//! A memory map reflects the file as it is *now*: if another process truncates the file while it
//! is mapped, reading the lost pages raises `SIGBUS` and the process dies; if it rewrites the
//! file, the bytes may change under the reader (our readers then report garbage as a parse error,
//! they never trust a byte twice). We accept that risk, as ripgrep does, because the inputs are
//! files the user asked us to read and the map is what makes large packs cheap. Do not point
//! flipblox at a file that is being rewritten; pass it on stdin (`flipblox bloxorz - < FILE`)
//! to read a private copy instead.

use std::fs::File;
use std::io::{self, BufWriter, Read, StdoutLock, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use super::print::Reporter;
use flipblox::table_file::{Format, Table, export};

use memmap2::Mmap;

/// The bytes of one input, mapped or owned.
#[derive(Debug)]
pub struct Input {
    name: String,
    stdin: bool,
    bytes: Bytes,
}

#[derive(Debug)]
enum Bytes {
    Mapped(Mmap),
    Owned(Vec<u8>),
}

/// Where an input comes from: a path, or `-` for standard input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input (named `<stdin>` in messages).
    Stdin,
    /// A file path.
    Path(PathBuf),
}

impl Source {
    /// `-` means standard input, anything else is a path.
    pub fn from_arg(arg: &Path) -> Source {
        if arg.as_os_str() == "-" { Source::Stdin } else { Source::Path(arg.to_path_buf()) }
    }

    /// The name used in messages: the path as given, or `<stdin>`.
    pub fn display_name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            Source::Path(p) => p.display().to_string(),
        }
    }
}

/// The sources named on a command line: `-` (or none at all) is standard input.
pub fn sources(files: &[PathBuf]) -> Vec<Source> {
    if files.is_empty() {
        vec![Source::Stdin]
    } else {
        files.iter().map(|p| Source::from_arg(p)).collect()
    }
}

/// Opens each of `sources` in turn and hands it to `each` with `reporter`; a source that cannot
/// be opened is reported (`NAME: cannot read: ...`) and the others are still read. Returns true
/// when a source could not be opened.
///
/// # Errors
///
/// The first error `each` returns (which ends the run).
pub fn for_each_input<R: Reporter>(
    sources: &[Source],
    reporter: &mut R,
    mut each: impl FnMut(&mut R, &Input) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let mut failed = false;
    for source in sources {
        match Input::open(source) {
            Ok(input) => each(reporter, &input)?,
            Err(e) => {
                reporter.report(format_args!("{}: cannot read: {e}", source.display_name()));
                failed = true;
            }
        }
    }
    Ok(failed)
}

impl Input {
    /// Opens `source`: a regular, non-empty file is memory-mapped; standard input, pipes, devices
    /// and empty files are read into a `Vec<u8>`.
    ///
    /// # Errors
    ///
    /// Any I/O error from opening, inspecting, mapping or reading the source.
    pub fn open(source: &Source) -> io::Result<Input> {
        let name = source.display_name();
        let bytes = match source {
            Source::Stdin => {
                let mut buf = Vec::new();
                io::stdin().lock().read_to_end(&mut buf)?;
                Bytes::Owned(buf)
            }
            Source::Path(path) => {
                let mut file = File::open(path)?;
                let meta = file.metadata()?;
                if meta.is_file() && meta.len() > 0 {
                    // SAFETY: the map is only ever read through `&[u8]`. If another process
                    // truncates the file while it is mapped, touching the lost pages raises
                    // SIGBUS and the process dies; if it rewrites the file, the bytes we parse
                    // may change mid-read and the readers report them as malformed input (every
                    // read is bounds-checked against the slice length fixed at map time, and no
                    // byte is trusted twice). We accept that risk, documented in the module docs
                    // and the README, for zero-copy reading of large files; stdin is the safe
                    // alternative.
                    let map = unsafe { Mmap::map(&file)? };
                    Bytes::Mapped(map)
                } else {
                    let mut buf = Vec::new();
                    file.read_to_end(&mut buf)?;
                    Bytes::Owned(buf)
                }
            }
        };
        Ok(Input { name, stdin: *source == Source::Stdin, bytes })
    }

    /// True for standard input.
    pub fn is_stdin(&self) -> bool {
        self.stdin
    }

    /// The input's name for messages (`<stdin>` for standard input).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True when the bytes come from a memory map.
    #[cfg(test)]
    pub fn is_mapped(&self) -> bool {
        matches!(self.bytes, Bytes::Mapped(_))
    }

    /// The whole input.
    pub fn bytes(&self) -> &[u8] {
        match &self.bytes {
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
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
        let Some(target) = path.filter(|p| p.as_os_str() != "-") else {
            return Ok(Destination {
                name: "<stdout>".to_string(),
                sink: Sink::Stdout(super::print::stdout()),
            });
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

/// Writes `table` in `format` to `destination` (opened by [`Destination::create`] before the
/// work, so a bad path fails fast) and commits it: a file appears whole or not at all.
///
/// # Errors
///
/// Encoding or writing failed; the message names the output.
pub fn write_table(
    table: &Table<'_>,
    format: Format,
    mut destination: Destination,
) -> anyhow::Result<()> {
    let name = destination.name().to_string();
    export(table, format, destination.writer()).with_context(|| format!("writing {name}"))?;
    destination.commit()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn regular_files_are_mapped_and_empty_files_are_not() {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        let empty = Input::open(&Source::Path(f.path().to_path_buf())).unwrap();
        assert!(!empty.is_mapped());
        assert!(empty.bytes().is_empty());
        f.write_all(b"bwwb\n").unwrap();
        f.flush().unwrap();
        let full = Input::open(&Source::Path(f.path().to_path_buf())).unwrap();
        assert!(full.is_mapped());
        assert_eq!(full.bytes(), b"bwwb\n");
    }

    #[test]
    fn dash_means_stdin() {
        assert_eq!(Source::from_arg(Path::new("-")), Source::Stdin);
        assert_eq!(Source::Stdin.display_name(), "<stdin>");
    }
}
