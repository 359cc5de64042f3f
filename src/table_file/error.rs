//! The errors of the table-file module: building a table, exporting it, loading a file.
//!
//! Every variant carries the numbers that explain it (offsets, lengths, stored and computed
//! values); none carries the path, which the binary adds (`PATH: message`).

use std::io;

use thiserror::Error;

use crate::lights_out::TableFault;
use crate::shape::ShapeError;

/// Writing a table in some format failed.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ExportError {
    /// The output could not be written (including a closed pipe); the message is the I/O
    /// error's, for the caller to put after the output's name.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// An encoder refused the data (not expected for tables built by this crate).
    #[error("cannot encode the {format} output: {message}")]
    Encode {
        /// The format being written.
        format: &'static str,
        /// The encoder's message.
        message: String,
    },
}

/// A file that `flipblox inspect` or `verify` could not accept.
///
/// Every check on load returns one of these; a loader never panics and never reads outside the
/// bytes it was given.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The file starts with neither the flipblox magic `FLIPBLOX` nor NumPy's `\x93NUMPY`.
    #[error("not a flipblox table file or NumPy .npy file (it starts with \"{found}\")")]
    Foreign {
        /// The first bytes of the file (at most 8), escaped.
        found: String,
    },
    /// The file ends before a part that its header (or the format) says is there.
    #[error("truncated: the {part} needs bytes {start}..{end}, but the file has {len} bytes")]
    Truncated {
        /// What was being read (`"lead"`, `"header"`, `"payload"`, ...).
        part: &'static str,
        /// Offset where the part starts.
        start: u64,
        /// Offset where the part ends.
        end: u64,
        /// The file's length.
        len: u64,
    },
    /// More bytes follow the payload than the header accounts for.
    #[error(
        "{len} bytes, but the header accounts for {expected}: trailing bytes after the payload"
    )]
    TrailingBytes {
        /// Length the header implies.
        expected: u64,
        /// The file's length.
        len: u64,
    },
    /// A flipblox table file of a format version this build cannot read.
    #[error("format version {found} is not supported (this flipblox reads version {supported})")]
    UnsupportedVersion {
        /// Version in the file.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// The header length in the lead exceeds the limit.
    #[error("header length {len} exceeds the limit of {max} bytes")]
    HeaderTooLarge {
        /// The stated length.
        len: u64,
        /// The limit.
        max: u64,
    },
    /// The header bytes do not match the CRC-32 stored in the lead.
    #[error("header checksum mismatch: stored CRC-32 {stored:#010x}, computed {computed:#010x}")]
    HeaderChecksum {
        /// CRC-32 in the lead.
        stored: u32,
        /// CRC-32 of the header bytes.
        computed: u32,
    },
    /// The header bytes are not a valid encoded header.
    #[error("the header cannot be decoded: {message}")]
    HeaderDecode {
        /// bincode's message.
        message: String,
    },
    /// A header field contradicts another field or the format's rules.
    #[error("inconsistent header: {field} is {found}, expected {expected}")]
    Inconsistent {
        /// The field (`"shape"`, `"payload_offset"`, ...).
        field: &'static str,
        /// Its value.
        found: String,
        /// What the rest of the header implies.
        expected: String,
    },
    /// A byte of the zero padding between header and payload is not zero.
    #[error("padding byte at offset {offset} is {value:#04x}, expected 0")]
    Padding {
        /// Offset of the byte.
        offset: u64,
        /// Its value.
        value: u8,
    },
    /// The payload does not match the CRC-32 stored in the header.
    #[error("payload checksum mismatch: stored CRC-32 {stored:#010x}, computed {computed:#010x}")]
    PayloadChecksum {
        /// CRC-32 in the header.
        stored: u32,
        /// CRC-32 of the payload bytes.
        computed: u32,
    },
    /// The histogram in the header differs from the payload's.
    #[error("histogram mismatch at {at}: the header says {stored}, the payload has {computed}")]
    Histogram {
        /// `distance D`, `impossible`, `illegal`, or `length` (of a histogram whose counts agree
        /// but which does not end at the largest distance).
        at: String,
        /// The header's count.
        stored: u64,
        /// The payload's count.
        computed: u64,
    },
    /// The payload's entries do not fit the table's shape or sentinel.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The payload (checksum and histogram fine) is not the breadth-first distance table of the
    /// board the header names (a forged or mislabelled table), or a `.npy` table fails the
    /// checks every distance table passes (no uniform board at 0, a distance missing).
    #[error("the payload is not the distance table of {table}: {fault}")]
    NotDistances {
        /// The table the header names (`a Flip Game 4x4 table`).
        table: String,
        /// The first state that shows it.
        fault: TableFault,
    },
    /// A `.npy` file where a flipblox table file is needed (`flipblox flip --table`).
    #[error(
        "a NumPy .npy file, where a flipblox table file is needed (a .npy records neither the \
         board's rows and columns nor a checksum)"
    )]
    NpyNotTableFile,
    /// The `.npy` header is malformed.
    #[error("bad .npy header at byte {offset}: expected {expected}, found {found}")]
    NpyHeader {
        /// Offset in the file.
        offset: u64,
        /// What the reader expected.
        expected: &'static str,
        /// What it found (escaped).
        found: String,
    },
    /// A well-formed `.npy` file holding an array that is not a flipblox table.
    #[error(
        "unsupported .npy array: dtype {descr}, shape {shape}{order} (expected |u1 of shape \
         (2^n,) for a Flip Game table or (K^n,) for a Lights Out table of K colours, at most \
         2^32 entries, or <i4 of shape (R, C, 3) for a Bloxorz field)",
        order = if *fortran_order { ", Fortran order" } else { "" },
        descr = crate::text::excerpt(descr.as_bytes()),
        shape = crate::text::excerpt(format!("{shape:?}").as_bytes())
    )]
    NpyUnsupported {
        /// The dtype descriptor.
        descr: String,
        /// The shape.
        shape: Vec<u64>,
        /// Whether the array is stored in Fortran (column-major) order.
        fortran_order: bool,
    },
}

/// Escapes up to the first `n` bytes of `bytes` for an error message.
pub(crate) fn escape_prefix(bytes: &[u8], n: usize) -> String {
    let prefix = &bytes[..bytes.len().min(n)];
    prefix.escape_ascii().to_string()
}
