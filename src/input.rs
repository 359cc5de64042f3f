//! Opening inputs: regular files are memory-mapped, stdin and other files are read into memory.
//!
//! Every reader in the crate takes `&[u8]`; [`Input`] is the one place that decides where those
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
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use memmap2::Mmap;

/// The bytes of one input, mapped or owned.
#[derive(Debug)]
pub struct Input {
    name: String,
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
        Ok(Input { name, bytes })
    }

    /// Wraps bytes already in memory (tests, `--board`, generated input).
    pub fn from_bytes(name: impl Into<String>, bytes: Vec<u8>) -> Input {
        Input { name: name.into(), bytes: Bytes::Owned(bytes) }
    }

    /// The input's name for messages (`<stdin>` for standard input).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True when the bytes come from a memory map.
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
