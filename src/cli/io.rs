//! Inputs and outputs: opening inputs ([`Input`]: regular files are memory-mapped; standard
//! input, pipes, devices, and every file under `--no-mmap`, are streams), going through them
//! ([`for_each_input`]), output files that appear whole or not at all ([`Destination`]), and the
//! names of files in messages ([`escape_path`]).
//!
//! Every reader in the library takes `&[u8]` or a byte stream; [`Input`] is the one place that
//! decides which. Mapping a regular file costs no copy and no allocation, so a level pack of many
//! gigabytes is read straight from the page cache; a stream is read a line at a time, so answers
//! appear as records arrive and memory stays one record plus a fixed buffer. Commands whose
//! format needs the whole input (a table file, the Flash game's file, one level for a field)
//! read a stream into memory, up to a limit ([`Input::whole`]).
//!
//! # Safety of the memory map
//!
//! A memory map reflects the file as it is *now*. If another process truncates the file while
//! it is mapped, reading the lost pages raises SIGBUS; the handler of [`MapWatch`] then prints
//! `flipblox: FILE: the file changed size while being read ...` and ends the run with exit code
//! 1 (answers still in the output buffer are lost). If another process rewrites the file, the
//! bytes may change under the reader (the readers then report garbage as a parse error; they
//! never trust a byte twice). `--no-mmap` reads files without a map.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use memmap2::Mmap;

use super::print::{OutputFile, Printer, Reporter, Stdout, stdin_closed};
use super::signals::{MapWatch, Temporary};
use flipblox::memory::ReadError;
use flipblox::table_file::{Format, Table, export};

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

    /// The name used in messages: the path as given ([`escape_path`]), or `<stdin>`.
    pub fn display_name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            Source::Path(p) => escape_path(p),
        }
    }
}

/// A path as messages and JSON records name it: as given, with a backslash doubled, a control
/// character (a line break, a tab...) written as its Rust escape (`\n`, `\t`, `\u{1b}`), and a
/// byte that is not UTF-8 as `\xHH`. The escaping is lossless: every path has its own name, and
/// a message stays on one line.
///
/// ```text
/// a\nb.txt   (a line break in the name)      caf\xE9.txt   (Latin-1 bytes)
/// ```
pub fn escape_path(path: &Path) -> String {
    escape_os(path.as_os_str())
}

fn escape_os(name: &OsStr) -> String {
    use std::fmt::Write as _;
    let bytes = name.as_encoded_bytes();
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                c if c.is_control() => out.extend(c.escape_debug()),
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
    out
}

/// The sources named on a command line: `-` (or none at all) is standard input.
pub fn sources(files: &[PathBuf]) -> Vec<Source> {
    if files.is_empty() {
        vec![Source::Stdin]
    } else {
        files.iter().map(|p| Source::from_arg(p)).collect()
    }
}

/// Opens each of `sources` in turn (mapping regular files when `map`) and hands it to `each`
/// with `reporter`; a source that cannot be opened is reported (`NAME: cannot read: ...`) and
/// the others are still read. Returns true when a source could not be opened.
///
/// # Errors
///
/// The first error `each` returns (which ends the run).
pub fn for_each_input<R: Reporter>(
    sources: &[Source],
    map: bool,
    reporter: &mut R,
    mut each: impl FnMut(&mut R, &mut Input) -> anyhow::Result<()>,
) -> anyhow::Result<bool> {
    let mut failed = false;
    for source in sources {
        match Input::open(source, map) {
            Ok(mut input) => each(reporter, &mut input)?,
            Err(e) => {
                reporter.unreadable(&source.display_name(), &e);
                failed = true;
            }
        }
    }
    Ok(failed)
}

/// One input: a memory map, bytes in memory, or a stream not yet read.
pub struct Input {
    name: String,
    contents: Contents,
}

enum Contents {
    /// The watch is declared first so that it is withdrawn before the map goes.
    Mapped {
        _watch: MapWatch,
        map: Mmap,
    },
    Owned(Vec<u8>),
    Stream(Incoming),
}

/// The text of an input, to be read line by line: bytes held whole, or a stream.
pub enum Text<'a> {
    /// A memory map (or an empty file).
    Bytes(&'a [u8]),
    /// A stream.
    Stream(Incoming),
}

impl Input {
    /// Opens `source`: a regular, non-empty file is memory-mapped when `map`; standard input,
    /// pipes, devices and (without `map`) regular files are streams, read by the command.
    ///
    /// # Errors
    ///
    /// Any I/O error from opening, inspecting or mapping the source; a directory; a standard
    /// input that was closed when the run started.
    pub fn open(source: &Source, map: bool) -> io::Result<Input> {
        let name = source.display_name();
        let contents = match source {
            Source::Stdin if stdin_closed() => {
                return Err(io::Error::other("standard input is closed"));
            }
            Source::Stdin => Contents::Stream(Incoming::new(Reader::Stdin(io::stdin().lock()))),
            Source::Path(path) => {
                let file = File::open(path)?;
                let meta = file.metadata()?;
                if meta.is_dir() {
                    return Err(io::Error::new(io::ErrorKind::IsADirectory, "it is a directory"));
                }
                if meta.is_file() && meta.len() == 0 {
                    Contents::Owned(Vec::new())
                } else if meta.is_file() && map {
                    // SAFETY: the map is only ever read through `&[u8]`. If another process
                    // truncates the file while it is mapped, touching the lost pages raises
                    // SIGBUS, which the watch turns into a message naming the file and exit code
                    // 1; if it rewrites the file, the bytes we parse may change mid-read and the
                    // readers report them as malformed input (every read is bounds-checked
                    // against the slice length fixed at map time, and no byte is trusted twice).
                    // We accept that, documented in the module docs and docs/RELIABILITY.md, for
                    // zero-copy reading of large files; `--no-mmap` is the alternative.
                    match unsafe { Mmap::map(&file) } {
                        Ok(map) => Contents::Mapped { _watch: MapWatch::new(&map, &name), map },
                        // No address space left for the map (`ulimit -v`): the file is read as
                        // a stream instead, which needs a line at a time.
                        Err(e) if e.kind() == io::ErrorKind::OutOfMemory => {
                            Contents::Stream(Incoming::new(Reader::File(file)))
                        }
                        Err(e) => return Err(e),
                    }
                } else {
                    Contents::Stream(Incoming::new(Reader::File(file)))
                }
            }
        };
        Ok(Input { name, contents })
    }

    /// The input's name for messages (`<stdin>` for standard input).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True when the bytes come from a memory map.
    #[cfg(test)]
    pub fn is_mapped(&self) -> bool {
        matches!(self.contents, Contents::Mapped { .. })
    }

    /// The input as text to read line by line: its bytes, or its stream (taken: a second call
    /// finds an empty stream).
    pub fn text(&mut self) -> Text<'_> {
        match &mut self.contents {
            Contents::Mapped { map, .. } => Text::Bytes(map),
            Contents::Owned(bytes) => Text::Bytes(bytes),
            Contents::Stream(incoming) => {
                let empty = Incoming::new(Reader::Empty);
                Text::Stream(std::mem::replace(incoming, empty))
            }
        }
    }

    /// The whole input: a stream is read into memory first, up to `limit` bytes (`what` names
    /// the limit in the message).
    ///
    /// # Errors
    ///
    /// Reading failed, the input is longer than `limit`, or the memory for it cannot be had;
    /// the message does not name the input.
    pub fn whole(&mut self, limit: u64, what: &str) -> anyhow::Result<&[u8]> {
        if let Contents::Stream(incoming) = &mut self.contents {
            let bytes = read_bounded(incoming, limit, what)?;
            self.contents = Contents::Owned(bytes);
        }
        Ok(self.bytes().expect("read whole above"))
    }

    /// The bytes of a mapped input, or of one read whole ([`Input::whole`]); `None` for a stream.
    pub fn bytes(&self) -> Option<&[u8]> {
        match &self.contents {
            Contents::Mapped { map, .. } => Some(map),
            Contents::Owned(bytes) => Some(bytes),
            Contents::Stream(_) => None,
        }
    }
}

/// Reads `reader` whole, within `limit` bytes ([`flipblox::memory::read_bounded`]; `what`
/// names the limit in the message).
fn read_bounded(reader: &mut impl Read, limit: u64, what: &str) -> anyhow::Result<Vec<u8>> {
    flipblox::memory::read_bounded(reader, limit).map_err(|e| match e {
        ReadError::TooLong { limit } => {
            anyhow::anyhow!("the input is longer than {limit} bytes ({what})")
        }
        e => anyhow::Error::new(e),
    })
}

/// What a stream reads from.
enum Reader {
    Stdin(io::StdinLock<'static>),
    File(File),
    Empty,
}

/// A streamed input: before it waits for more input (nothing is at hand), it calls its flush
/// hook, so that answers already printed reach their reader first.
pub struct Incoming {
    reader: Reader,
    flush: Option<Box<dyn FnMut()>>,
}

impl Incoming {
    fn new(reader: Reader) -> Incoming {
        Incoming { reader, flush: None }
    }

    /// The same stream, calling `flush` before each read that would wait.
    pub fn flushing(mut self, flush: impl FnMut() + 'static) -> Incoming {
        self.flush = Some(Box::new(flush));
        self
    }

    /// A probe telling whether input is at hand now (a read would not wait), for
    /// [`StreamLines::set_probe`](flipblox::text::stream::StreamLines::set_probe).
    pub fn probe(&self) -> impl FnMut() -> bool + 'static {
        let fd = self.fd();
        move || fd.is_none_or(is_ready)
    }

    #[cfg(unix)]
    fn fd(&self) -> Option<std::os::fd::RawFd> {
        use std::os::fd::AsRawFd;
        match &self.reader {
            Reader::Stdin(stdin) => Some(stdin.as_raw_fd()),
            Reader::File(file) => Some(file.as_raw_fd()),
            Reader::Empty => None,
        }
    }

    #[cfg(not(unix))]
    fn fd(&self) -> Option<i32> {
        None
    }
}

/// True when a read of `fd` would not wait: data, the end of the input or an error is at hand.
#[cfg(unix)]
fn is_ready(fd: std::os::fd::RawFd) -> bool {
    let mut poll = libc::pollfd { fd, events: libc::POLLIN, revents: 0 };
    // SAFETY: poll(2) writes `revents` into as many entries as it is told: a count larger than
    // the array would write past it. We pass one live pollfd and a count of 1; with a timeout
    // of 0 it only reports the descriptor's state.
    let n = unsafe { libc::poll(&mut poll, 1, 0) };
    n != 0
}

#[cfg(not(unix))]
fn is_ready(_fd: i32) -> bool {
    true
}

impl Read for Incoming {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let waits = self.flush.is_some() && !self.fd().is_none_or(is_ready);
        if let Some(flush) = self.flush.as_mut().filter(|_| waits) {
            flush();
        }
        match &mut self.reader {
            Reader::Stdin(stdin) => stdin.read(buf),
            Reader::File(file) => file.read(buf),
            Reader::Empty => Ok(0),
        }
    }
}

/// Where a command writes its result (`-o FILE`): standard output, a file that appears whole
/// or not at all, or, for a FIFO, a device or our own standard output or error named by a path
/// (`/dev/stdout`), that file written in place.
///
/// A regular file (or a new path) is written to a temporary file beside it, created by
/// [`Destination::create`] before any work (so a bad directory fails fast), and renamed over
/// the target by [`Destination::commit`]. Until then the old file, if any, is untouched: a
/// failed or interrupted run (SIGINT, SIGTERM, SIGHUP remove the temporary file) does not lose
/// it, and a process reading it through a memory map (e.g. `flip --table`) keeps its old pages
/// instead of seeing the file truncated under it. A symbolic link is followed: its target is
/// replaced, the link stays.
pub struct Destination {
    name: String,
    sink: Sink,
}

enum Sink {
    Stdout(BufWriter<Stdout>),
    Stderr(BufWriter<io::Stderr>),
    /// A FIFO or a device, written in place.
    Direct(BufWriter<File>),
    /// A regular file, replaced when complete.
    Replace {
        writer: BufWriter<Temporary>,
        target: PathBuf,
    },
}

impl Write for Temporary {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file_mut().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file_mut().flush()
    }
}

/// True when `meta` is the file open as descriptor 1 (`fd` 1) or 2.
#[cfg(unix)]
fn is_standard_stream(meta: &std::fs::Metadata, fd: i32) -> bool {
    use std::os::fd::{AsFd, BorrowedFd};
    use std::os::unix::fs::MetadataExt;
    // SAFETY: a borrowed descriptor that is closed, or closed and reused for another file, while
    // borrowed would make the comparison below look at the wrong file. Descriptors 1 and 2 are
    // open for the whole run (Rust's runtime opens /dev/null on them if they were closed, and
    // nothing here closes them), and the borrow ends within this call.
    let fd = unsafe { BorrowedFd::borrow_raw(fd) };
    let Ok(own) = fd.as_fd().try_clone_to_owned().map(File::from) else { return false };
    own.metadata().is_ok_and(|m| m.dev() == meta.dev() && m.ino() == meta.ino())
}

#[cfg(not(unix))]
fn is_standard_stream(_meta: &std::fs::Metadata, _fd: i32) -> bool {
    false
}

/// True when `path`, or a symbolic link it leads through, is one of the names of our
/// descriptor `fd` (`/dev/stdout` or `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`,
/// `/proc/thread-self/fd/N`, `/proc/PID/fd/N`), as opposed to the file open on it.
fn names_descriptor(path: &Path, fd: i32) -> bool {
    let standard = match fd {
        1 => Some("/dev/stdout"),
        2 => Some("/dev/stderr"),
        _ => None,
    };
    let names: Vec<PathBuf> = [
        format!("/dev/fd/{fd}"),
        format!("/proc/self/fd/{fd}"),
        format!("/proc/thread-self/fd/{fd}"),
        format!("/proc/{}/fd/{fd}", std::process::id()),
    ]
    .into_iter()
    .chain(standard.map(String::from))
    .map(PathBuf::from)
    .collect();
    let mut current = path.to_path_buf();
    // As many links as the kernel follows (Linux's MAXSYMLINKS).
    for _ in 0..40 {
        if names.contains(&current) {
            return true;
        }
        let Ok(next) = std::fs::read_link(&current) else { return false };
        // A relative link is relative to the link's directory; `join` keeps an absolute one.
        current = current.parent().map_or_else(|| next.clone(), |dir| dir.join(&next));
    }
    false
}

/// Makes `dir` (and its parents) for the files a command names itself in it
/// ([`Destination::entry`]: `render -o DIR/`, `convert --to pddl -o DIR`, `man --dir DIR`); an
/// existing directory, or a link to one, is kept as it is.
///
/// # Errors
///
/// A file that is not a directory has that name (`a file of that name exists`), or the
/// directory cannot be made; the message names `dir`.
pub fn create_directory(dir: &Path) -> anyhow::Result<()> {
    // `afile/` names no file (a trailing '/' asks for a directory): look at `afile` itself.
    let bare: PathBuf = dir.components().collect();
    if std::fs::metadata(&bare).is_ok_and(|m| !m.is_dir()) {
        anyhow::bail!(
            "{}: cannot create the directory: a file of that name exists",
            escape_path(dir)
        );
    }
    std::fs::create_dir_all(dir).with_context(|| format!("{}: cannot create", escape_path(dir)))
}

impl Destination {
    /// Standard output for `-` or no path; otherwise, for a regular file or a new path, a
    /// temporary file in the (link-resolved) target's directory, with the target's permissions
    /// if it exists (0644 if not, on Unix); for a FIFO, a device or our own standard output or
    /// error, that file opened for writing.
    ///
    /// # Errors
    ///
    /// The target is a directory, a path ending in `/`, a symbolic link to nothing, or cannot
    /// be opened; the temporary file cannot be created. The message names the path.
    pub fn create(path: Option<&Path>) -> anyhow::Result<Destination> {
        let Some(given) = path.filter(|p| p.as_os_str() != "-") else {
            let sink = Sink::Stdout(super::print::stdout());
            return Ok(Destination { name: "<stdout>".to_string(), sink });
        };
        let name = escape_path(given);
        let stat = std::fs::metadata(given);
        if stat.as_ref().is_ok_and(|m| m.is_dir()) {
            anyhow::bail!("{name}: cannot create: it is a directory");
        }
        if given.as_os_str().as_encoded_bytes().ends_with(b"/") {
            anyhow::bail!("{name}: cannot create: a file name cannot end with '/'");
        }
        let meta = match stat {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if let Ok(link) = std::fs::read_link(given) {
                    let to = escape_path(&link);
                    anyhow::bail!(
                        "{name}: cannot create: it is a symbolic link to {to}, which does not exist"
                    );
                }
                return Destination::replacing(name, given, None);
            }
            Err(e) => return Err(anyhow::Error::new(e).context(format!("{name}: cannot create"))),
        };
        // A standard output closed at the start is /dev/null underneath: a path that names it
        // (`/dev/stdout`) is still our closed stdout, which fails when written; `/dev/null`
        // itself is not.
        if is_standard_stream(&meta, 1)
            && (!super::print::stdout_closed() || names_descriptor(given, 1))
        {
            return Ok(Destination { name, sink: Sink::Stdout(super::print::stdout()) });
        }
        if is_standard_stream(&meta, 2) {
            let sink = Sink::Stderr(BufWriter::new(io::stderr()));
            return Ok(Destination { name, sink });
        }
        if !meta.is_file() {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(given)
                .with_context(|| format!("{name}: cannot create"))?;
            let sink = Sink::Direct(BufWriter::with_capacity(1 << 16, file));
            return Ok(Destination { name, sink });
        }
        let target =
            std::fs::canonicalize(given).with_context(|| format!("{name}: cannot create"))?;
        Destination::replacing(name, &target, Some(meta))
    }

    /// The entry `name` of the directory `dir` (a file a command names itself: `render -o
    /// DIR/`'s `level-0001.svg`, `convert --to pddl -o DIR`'s `domain.pddl`, `man --dir DIR`'s
    /// `flipblox.1`): written to a temporary file in `dir` and renamed over
    /// the entry when complete, whatever the entry is. A symbolic link there is replaced, not
    /// followed; a FIFO or a device there is replaced, not opened. A regular file's permissions
    /// are kept (0644, less the umask, otherwise).
    ///
    /// # Errors
    ///
    /// The temporary file cannot be created in `dir`; the message names the entry.
    pub fn entry(dir: &Path, name: &str) -> anyhow::Result<Destination> {
        let target = dir.join(name);
        let existing = std::fs::symlink_metadata(&target).ok().filter(std::fs::Metadata::is_file);
        Destination::replacing(escape_path(&target), &target, existing)
    }

    /// A destination that replaces `target` (a regular file, or a new path) when complete.
    fn replacing(
        name: String,
        target: &Path,
        existing: Option<std::fs::Metadata>,
    ) -> anyhow::Result<Destination> {
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".flipblox-").suffix(".partial");
        let mut options = std::fs::OpenOptions::new();
        options.read(true).write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
            options.mode(existing.map_or(0o644, |m| m.permissions().mode()));
        }
        #[cfg(not(unix))]
        let _ = existing;
        // `make_in` (unlike `tempfile_in`) adds no path to an error: the message names the
        // output, never the temporary file.
        let file = Temporary::create(|| builder.make_in(dir, |path| options.open(path)))
            .with_context(|| format!("{name}: cannot create"))?;
        let writer = BufWriter::with_capacity(1 << 16, file);
        Ok(Destination { name, sink: Sink::Replace { writer, target: target.to_path_buf() } })
    }

    /// The name for messages: `<stdout>` or the target path.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True when the destination replaces a file when committed (so that a run that does not
    /// commit leaves it as it was).
    pub fn replaces_file(&self) -> bool {
        matches!(self.sink, Sink::Replace { .. })
    }

    /// True when the output goes to standard output and that is a terminal.
    pub fn is_terminal(&self) -> bool {
        use std::io::IsTerminal;
        matches!(self.sink, Sink::Stdout(_)) && io::stdout().is_terminal()
    }

    /// The buffered writer.
    pub fn writer(&mut self) -> &mut dyn Write {
        match &mut self.sink {
            Sink::Stdout(w) => w,
            Sink::Stderr(w) => w,
            Sink::Direct(w) => w,
            Sink::Replace { writer, .. } => writer,
        }
    }

    /// Flushes, and for a file renames the finished temporary file over the target.
    ///
    /// # Errors
    ///
    /// Writing or renaming failed (the message names the output, never the temporary file); a
    /// replaced target is then left as it was.
    pub fn commit(self) -> anyhow::Result<()> {
        match self.finish()? {
            Some(pending) => pending.commit(),
            None => Ok(()),
        }
    }

    /// Flushes what was written. A file to replace comes back [`Pending`]: written whole, to be
    /// flushed to disk and renamed over its target by [`Pending::commit`] (on any thread, so that
    /// the wait for the disk overlaps other work); any other output is done.
    ///
    /// # Errors
    ///
    /// Writing failed (the message names the output); a replaced target is left as it was.
    pub fn finish(self) -> anyhow::Result<Option<Pending>> {
        let name = self.name;
        let context = || format!("{name}: cannot write");
        match self.sink {
            Sink::Stdout(mut w) => w.flush().with_context(context).map(|()| None),
            Sink::Stderr(mut w) => w.flush().with_context(context).map(|()| None),
            Sink::Direct(w) => {
                w.into_inner().map(|_| None).map_err(|e| e.into_error()).with_context(context)
            }
            Sink::Replace { writer, target } => {
                let file = writer.into_inner().map_err(|e| e.into_error()).with_context(context)?;
                Ok(Some(Pending { name, file, target }))
            }
        }
    }

    /// Ends without committing: a file that would have been replaced is left as it was (the
    /// temporary file is removed); what went to a stream or a device stays written, flushed.
    ///
    /// # Errors
    ///
    /// Flushing a stream or a device failed.
    pub fn discard(self) -> anyhow::Result<()> {
        match self.sink {
            Sink::Replace { .. } => Ok(()),
            _ => self.commit(),
        }
    }
}

/// A file written whole to its temporary file, not yet renamed over its target
/// ([`Destination::finish`]); dropped, the temporary file is removed and the target left as it
/// was.
pub struct Pending {
    name: String,
    file: Temporary,
    target: PathBuf,
}

impl Pending {
    /// Flushes the file to disk (`fsync`) and renames it over its target.
    ///
    /// # Errors
    ///
    /// Flushing or renaming failed (the message names the output, never the temporary file);
    /// the target is then left as it was.
    pub fn commit(mut self) -> anyhow::Result<()> {
        let name = self.name;
        let context = || format!("{name}: cannot write");
        self.file.file_mut().sync_all().with_context(context)?;
        self.file.persist(&self.target).with_context(context)
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
    export(table, format, destination.writer()).with_context(|| format!("{name}: cannot write"))?;
    destination.commit()
}

/// The printer of a command's answers (`flip`, `bloxorz`): to standard output without
/// `output` (or for `-`), else to the file `output` through a [`Destination`], created now (a
/// bad path fails at once) and committed by [`Printer::finish`]: the file appears whole, and a
/// run that ends with an error leaves it as it was.
///
/// # Errors
///
/// The output cannot be created; the message names it.
pub fn answers_printer(output: Option<&Path>, json: bool) -> anyhow::Result<Printer> {
    Ok(match output {
        Some(path) => Printer::to(Destination::create(Some(path))?, json),
        None => Printer::new(json),
    })
}

impl OutputFile for Destination {
    fn name(&self) -> &str {
        Destination::name(self)
    }

    fn writer(&mut self) -> &mut dyn Write {
        Destination::writer(self)
    }

    fn commit(self: Box<Self>) -> anyhow::Result<()> {
        Destination::commit(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn regular_files_are_mapped_and_empty_files_are_not() {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        let mut empty = Input::open(&Source::Path(f.path().to_path_buf()), true).unwrap();
        assert!(!empty.is_mapped());
        assert!(matches!(empty.text(), Text::Bytes(b"")));
        f.write_all(b"bwwb\n").unwrap();
        f.flush().unwrap();
        let full = Input::open(&Source::Path(f.path().to_path_buf()), true).unwrap();
        assert!(full.is_mapped());
        assert_eq!(full.bytes(), Some(&b"bwwb\n"[..]));
        let mut unmapped = Input::open(&Source::Path(f.path().to_path_buf()), false).unwrap();
        assert!(!unmapped.is_mapped());
        assert_eq!(unmapped.whole(100, "test").unwrap(), b"bwwb\n");
        let mut short = Input::open(&Source::Path(f.path().to_path_buf()), false).unwrap();
        let err = short.whole(3, "at most 3").unwrap_err().to_string();
        assert_eq!(err, "the input is longer than 3 bytes (at most 3)");
    }

    #[test]
    fn dash_means_stdin() {
        assert_eq!(Source::from_arg(Path::new("-")), Source::Stdin);
        assert_eq!(Source::Stdin.display_name(), "<stdin>");
    }

    #[cfg(unix)]
    #[test]
    fn names_are_escaped_losslessly() {
        use std::os::unix::ffi::OsStrExt;
        let name = |b: &[u8]| escape_path(Path::new(OsStr::from_bytes(b)));
        assert_eq!(name(b"plain/caf\xC3\xA9.txt"), "plain/caf\u{e9}.txt");
        assert_eq!(name(b"a\nb\tc\\d"), "a\\nb\\tc\\\\d");
        assert_eq!(name(b"caf\xE9.txt"), "caf\\xE9.txt");
        assert_eq!(name(b"\x1b[31m"), "\\u{1b}[31m");
        assert_ne!(name(b"\\xE9"), name(b"\xE9"), "a written escape differs from the byte");
    }
}
