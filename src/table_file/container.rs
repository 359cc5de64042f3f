//! The flipblox table file: a versioned, self-describing container for one distance table.
//!
//! # Layout (format version 2)
//!
//! All integers little-endian; the lead and the header are encoded with bincode 2 through serde
//! with fixed-width integers (`bincode::config::standard().with_little_endian()
//! .with_fixed_int_encoding()`), so every field has a fixed size except the `Vec`s, which are a
//! `u64` length then the elements.
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `FLIPBLOX` |
//! | 8 | 4 | format version, `u32` (2) |
//! | 12 | 4 | header length `H` in bytes, `u32` (at most 16 MiB) |
//! | 16 | 4 | CRC-32 (IEEE, as zlib's `crc32`) of the `H` header bytes, `u32` |
//! | 20 | `H` | the [`Header`] |
//! | `20 + H` | | zero bytes up to `payload_offset`, the next multiple of 64 |
//! | `payload_offset` | `payload_len` | the payload: the entries in C order, `u8` or `i32` LE |
//!
//! The file ends exactly at `payload_offset + payload_len`. Because the payload starts on a
//! 64-byte boundary of the file, and a memory map starts on a page boundary, a mapped file's
//! payload is aligned for any element type and is used in place ([`DistanceTable`] borrows it).
//!
//! The reader checks, in this order: magic, version, header length, header CRC, header decoding
//! (every byte used), header consistency (element type, sentinel and state layout match the
//! puzzle; shape matches the board; payload length, offset and histogram total match the shape),
//! the file length, the zero padding, then ([`Check::Full`]) the payload CRC, the entries, the
//! histogram recomputed from the payload, and for a Flip Game or Lights Out table the proof that
//! the payload is the distance table of the board and variant the header names
//! ([`DistanceTable::check`]). `docs/FORMATS.md` shows the layout byte by byte.

use std::borrow::Cow;
use std::io::Write;

use bincode::config;
use serde::{Deserialize, Serialize};

use super::error::{ExportError, LoadError, escape_prefix};
use super::meta::{Element, Histogram, Puzzle, StateLayout};
use super::table::Table;
use crate::bloxorz::{DistanceField, ORIENTATIONS};
use crate::lights_out::{BoardSize, DistanceTable, Variant};
use crate::shape::ShapeError;
use crate::text::excerpt;

/// The first 8 bytes of every flipblox table file.
pub const MAGIC: [u8; 8] = *b"FLIPBLOX";

/// The format version this build writes and reads.
///
/// Version 2 (this one) counts a Bloxorz field's illegal states (-2) apart from its impossible
/// ones (-1) in the histogram; version 1 files are refused, naming both versions.
pub const FORMAT_VERSION: u32 = 2;

/// Bytes before the header: magic, version, header length, header CRC-32.
pub const LEAD_LEN: usize = 20;

/// The payload starts at a multiple of this many bytes from the start of the file.
pub const PAYLOAD_ALIGN: u64 = 64;

/// The largest header a reader accepts (16 MiB; a 4x4 table's header is about 150 bytes).
pub const MAX_HEADER_LEN: usize = 1 << 24;

/// The fixed 20-byte start of the file.
#[derive(Debug, Serialize, Deserialize)]
struct Lead {
    magic: [u8; 8],
    version: u32,
    header_len: u32,
    header_crc32: u32,
}

/// The header of a table file (format version 2): everything needed to read and check the
/// payload without outside knowledge.
///
/// Field order is the encoding order. Enums are encoded as their variant index (`u32`) followed
/// by their fields.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// The puzzle and board shape.
    pub puzzle: Puzzle,
    /// How an index names a state (a code; see [`StateLayout::describe`]).
    pub state_layout: StateLayout,
    /// The type of one entry.
    pub element: Element,
    /// The payload's shape, C order: `[2^(rows*cols)]` (Flip Game) or `[rows, cols, 3]`
    /// (Bloxorz).
    pub shape: Vec<u64>,
    /// The entry that means "impossible" (no path to the goal): 255 (Flip Game) or -1 (Bloxorz,
    /// whose fields also hold -2 for illegal states, [`Puzzle::illegal_value`]).
    pub sentinel: i64,
    /// Entries at each distance, how many are impossible and how many illegal.
    pub histogram: Histogram,
    /// Offset of the payload from the start of the file: a multiple of `PAYLOAD_ALIGN`.
    pub payload_offset: u64,
    /// Length of the payload in bytes: entries times the element size.
    pub payload_len: u64,
    /// CRC-32 (IEEE) of the payload bytes.
    pub payload_crc32: u32,
}

/// How much of a file [`TableFile::parse`] checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Check {
    /// Everything but the payload: cheap, touches only the first page and the file length
    /// (a 5x5 table's 32 MiB payload is not read).
    Header,
    /// Also the payload's CRC-32 and the histogram recomputed from the payload (reads the whole
    /// payload), but not whether the entries are distances (for a caller that compares them
    /// itself, as `flipblox verify` does).
    Payload,
    /// [`Check::Payload`], and for a Flip Game (Lights Out) table the proof that it holds the
    /// distances of its board ([`DistanceTable::check`]: a forged payload with its checksums
    /// recomputed, or a table under another variant's name, fails it).
    Full,
}

/// The bincode configuration of the lead and the header: little-endian, fixed-width integers.
type HeaderConfig = config::Configuration<config::LittleEndian, config::Fixint>;

fn bincode_config() -> HeaderConfig {
    config::standard().with_little_endian().with_fixed_int_encoding()
}

fn align_up(offset: u64) -> u64 {
    offset.div_ceil(PAYLOAD_ALIGN) * PAYLOAD_ALIGN
}

/// The payload bytes of `table`: the `u8` distances as they are, or the `i32`s little-endian.
pub(crate) fn payload_bytes<'t>(table: &'t Table<'_>) -> Cow<'t, [u8]> {
    match table {
        Table::LightsOut(t) => Cow::Borrowed(t.as_bytes()),
        Table::Bloxorz(f) => {
            Cow::Owned(f.distances().iter().flat_map(|d| d.to_le_bytes()).collect())
        }
    }
}

fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, ExportError> {
    bincode::serde::encode_to_vec(value, bincode_config())
        .map_err(|e| ExportError::Encode { format: "bincode", message: e.to_string() })
}

/// Writes `table` as a flipblox table file (the layout in the [module docs](self)).
///
/// The output is a pure function of the table: the same table always gives the same bytes. The
/// caller flushes `out`.
///
/// # Errors
///
/// [`ExportError::Io`] when `out` fails.
pub fn write_table_file(table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
    let payload = payload_bytes(table);
    let puzzle = table.puzzle();
    let mut header = Header {
        state_layout: puzzle.state_layout(),
        element: puzzle.element(),
        shape: table.shape(),
        sentinel: puzzle.element().sentinel(),
        puzzle,
        histogram: table.histogram(),
        payload_offset: 0,
        payload_len: payload.len() as u64,
        payload_crc32: crc32fast::hash(&payload),
    };
    // With fixed-width integers the header's length does not depend on the offset's value.
    let header_len = encode(&header)?.len();
    header.payload_offset = align_up((LEAD_LEN + header_len) as u64);
    let header_bytes = encode(&header)?;
    debug_assert_eq!(header_bytes.len(), header_len);
    let lead = Lead {
        magic: MAGIC,
        version: FORMAT_VERSION,
        header_len: header_len as u32,
        header_crc32: crc32fast::hash(&header_bytes),
    };
    let lead_bytes = encode(&lead)?;
    debug_assert_eq!(lead_bytes.len(), LEAD_LEN);
    let padding = header.payload_offset as usize - LEAD_LEN - header_len;
    out.write_all(&lead_bytes)?;
    out.write_all(&header_bytes)?;
    out.write_all(&[0u8; PAYLOAD_ALIGN as usize][..padding])?;
    out.write_all(&payload)?;
    Ok(())
}

/// A table file read from bytes (typically a memory map): its header and its table, which
/// borrows the payload in place when it is a Flip Game table.
#[derive(Debug, Clone)]
pub struct TableFile<'a> {
    header: Header,
    header_len: u32,
    header_crc32: u32,
    payload: &'a [u8],
    table: Table<'a>,
}

fn truncated(part: &'static str, start: u64, end: u64, len: u64) -> LoadError {
    LoadError::Truncated { part, start, end, len }
}

fn inconsistent(field: &'static str, found: impl ToString, expected: impl ToString) -> LoadError {
    LoadError::Inconsistent { field, found: found.to_string(), expected: expected.to_string() }
}

impl<'a> TableFile<'a> {
    /// The format version this library writes and reads (the lead's `version` field,
    /// docs/FORMATS.md).
    pub const FORMAT_VERSION: u32 = FORMAT_VERSION;

    /// Reads and checks a table file (see the module docs for the checks and their
    /// order). Every read is bounds-checked against `bytes`; nothing is allocated from a size
    /// in the file before that size is checked against the file's length.
    ///
    /// # Errors
    ///
    /// The first failed check, as a [`LoadError`]: `NpyNotTableFile` (a `.npy` file's magic),
    /// `Foreign` (another magic), `Truncated`,
    /// `UnsupportedVersion`, `HeaderTooLarge`, `HeaderChecksum`, `HeaderDecode`,
    /// `Inconsistent`, `TrailingBytes`, `Padding`, `PayloadChecksum`, `Shape` (bad entries),
    /// `Histogram`, `NotDistances`.
    pub fn parse(bytes: &'a [u8], check: Check) -> Result<TableFile<'a>, LoadError> {
        let len = bytes.len() as u64;
        if bytes.starts_with(super::npy::NPY_MAGIC) {
            return Err(LoadError::NpyNotTableFile);
        }
        if !bytes.starts_with(&MAGIC[..bytes.len().min(MAGIC.len())]) {
            return Err(LoadError::Foreign { found: escape_prefix(bytes, MAGIC.len()) });
        }
        let lead_bytes = bytes.get(..LEAD_LEN).ok_or(truncated("lead", 0, LEAD_LEN as u64, len))?;
        let (lead, _): (Lead, usize) =
            bincode::serde::decode_from_slice(lead_bytes, bincode_config())
                .map_err(|e| LoadError::HeaderDecode { message: decode_message(&e) })?;
        if lead.version != FORMAT_VERSION {
            return Err(LoadError::UnsupportedVersion {
                found: lead.version,
                supported: FORMAT_VERSION,
            });
        }
        let header_len = lead.header_len as usize;
        if header_len > MAX_HEADER_LEN {
            return Err(LoadError::HeaderTooLarge {
                len: header_len as u64,
                max: MAX_HEADER_LEN as u64,
            });
        }
        let header_end = LEAD_LEN + header_len;
        let header_bytes = bytes.get(LEAD_LEN..header_end).ok_or(truncated(
            "header",
            LEAD_LEN as u64,
            header_end as u64,
            len,
        ))?;
        let computed = crc32fast::hash(header_bytes);
        if computed != lead.header_crc32 {
            return Err(LoadError::HeaderChecksum { stored: lead.header_crc32, computed });
        }
        let limited = bincode_config().with_limit::<MAX_HEADER_LEN>();
        let (header, used): (Header, usize) =
            bincode::serde::decode_from_slice(header_bytes, limited)
                .map_err(|e| LoadError::HeaderDecode { message: decode_message(&e) })?;
        if used != header_len {
            return Err(LoadError::HeaderDecode {
                message: format!("the header uses {used} of its {header_len} bytes"),
            });
        }
        check_header(&header, header_end as u64)?;
        let payload_end = header.payload_offset + header.payload_len;
        if len < payload_end {
            return Err(truncated("payload", header.payload_offset, payload_end, len));
        }
        if len > payload_end {
            return Err(LoadError::TrailingBytes { expected: payload_end, len });
        }
        // In bounds: header_end <= payload_offset <= payload_end == len, checked above.
        let padding = &bytes[header_end..header.payload_offset as usize];
        if let Some(i) = padding.iter().position(|&b| b != 0) {
            return Err(LoadError::Padding { offset: (header_end + i) as u64, value: padding[i] });
        }
        let payload = &bytes[header.payload_offset as usize..];
        if check != Check::Header {
            let computed = crc32fast::hash(payload);
            if computed != header.payload_crc32 {
                return Err(LoadError::PayloadChecksum { stored: header.payload_crc32, computed });
            }
        }
        let table = match header.puzzle {
            Puzzle::FlipGame { rows, cols } => {
                let cells = u64::from(rows) * u64::from(cols);
                let size = BoardSize::new(rows as usize, cols as usize)
                    .ok()
                    .filter(|_| cells > 0 && cells <= 32)
                    .ok_or(ShapeError::BoardSize { rows: rows.into(), cols: cols.into() })?;
                Table::LightsOut(DistanceTable::from_bytes(&Variant::flip_game(size), payload)?)
            }
            Puzzle::LightsOut { .. } => {
                let variant = lights_out_variant(&header.puzzle)?;
                let table = DistanceTable::from_bytes(&variant, payload).map_err(|_| {
                    let expected = variant.states().expect("checked with the header");
                    let found = format!(
                        "a table of {variant} has {expected} entries, found {} bytes",
                        payload.len()
                    );
                    inconsistent("payload_len", found, "one byte per state")
                })?;
                Table::LightsOut(table)
            }
            Puzzle::Bloxorz { rows, cols } => {
                let entries: Vec<i32> = payload
                    .chunks_exact(4)
                    .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                Table::Bloxorz(DistanceField::new(rows, cols, entries)?)
            }
        };
        if check != Check::Header {
            compare_histograms(&header.histogram, &table.histogram())?;
        }
        if check == Check::Full {
            let not_distances =
                |fault| LoadError::NotDistances { table: header.puzzle.kind(), fault };
            match &table {
                Table::LightsOut(t) => t.check().map_err(not_distances)?,
                Table::Bloxorz(_) => {}
            }
        }
        Ok(TableFile {
            header,
            header_len: lead.header_len,
            header_crc32: lead.header_crc32,
            payload,
            table,
        })
    }

    /// The decoded header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Length of the encoded header in bytes.
    pub fn header_len(&self) -> u32 {
        self.header_len
    }

    /// The header's CRC-32 as stored in the lead (checked on parse).
    pub fn header_crc32(&self) -> u32 {
        self.header_crc32
    }

    /// The payload bytes, in place.
    pub fn payload(&self) -> &'a [u8] {
        self.payload
    }

    /// The table (a Lights Out table borrows the payload in place).
    pub fn table(&self) -> &Table<'a> {
        &self.table
    }

    /// The table, consumed.
    pub fn into_table(self) -> Table<'a> {
        self.table
    }

    /// The file's Flip Game table, which borrows the payload in place; with `board` given
    /// (`(rows, cols)`), only a table of that board is accepted.
    ///
    /// # Errors
    ///
    /// [`ShapeError::WrongTable`], naming both tables, when the file holds a Bloxorz field, the
    /// table of another Lights Out variant or a table of another board.
    pub fn flip_table(&self, board: Option<(u32, u32)>) -> Result<DistanceTable<'a>, ShapeError> {
        match (&self.table, board) {
            (Table::LightsOut(t), None) if t.variant().is_flip_game() => Ok(t.clone()),
            (Table::LightsOut(t), Some((rows, cols)))
                if t.variant().is_flip_game()
                    && (t.size().rows(), t.size().cols()) == (rows as usize, cols as usize) =>
            {
                Ok(t.clone())
            }
            (table, board) => Err(ShapeError::WrongTable {
                expected: match board {
                    Some((rows, cols)) => Puzzle::FlipGame { rows, cols }.kind(),
                    None => "a Flip Game table".to_string(),
                },
                found: table.puzzle().kind(),
            }),
        }
    }

    /// The file's Lights Out table (the Flip Game's among them), borrowing the payload in place.
    ///
    /// # Errors
    ///
    /// [`ShapeError::WrongTable`] for a Bloxorz field.
    pub fn lights_out_table(&self) -> Result<DistanceTable<'a>, ShapeError> {
        match &self.table {
            Table::LightsOut(t) => Ok(t.clone()),
            Table::Bloxorz(_) => Err(ShapeError::WrongTable {
                expected: "a Lights Out table".to_string(),
                found: self.header.puzzle.kind(),
            }),
        }
    }
}

/// The variant a [`Puzzle::LightsOut`] header names.
fn lights_out_variant(puzzle: &Puzzle) -> Result<Variant, LoadError> {
    match puzzle.variant() {
        // One encoding per variant: the canonical pattern text, and the Flip Game as puzzle 0.
        Ok(Some(variant)) if Puzzle::of_variant(&variant) != *puzzle => {
            Err(inconsistent("puzzle", puzzle.kind(), Puzzle::of_variant(&variant).kind()))
        }
        Ok(Some(variant)) => Ok(variant),
        Ok(None) => Err(inconsistent("puzzle", puzzle.kind(), "a Lights Out variant")),
        Err(why) => Err(inconsistent(
            "puzzle",
            puzzle.kind(),
            format!("a Lights Out variant that can be played ({why})"),
        )),
    }
}

/// Why the header bytes could not be decoded, in words (bincode's own `Display` prints its
/// `Debug` form).
fn decode_message(error: &bincode::error::DecodeError) -> String {
    use bincode::error::DecodeError;
    match error {
        DecodeError::UnexpectedEnd { additional } => {
            let s = if *additional == 1 { "" } else { "s" };
            format!("it ends {additional} byte{s} before its last field")
        }
        DecodeError::LimitExceeded => "a length in it is larger than the header".to_string(),
        DecodeError::OutsideUsizeRange(n) => format!("a length of {n} does not fit in memory"),
        DecodeError::InvalidBooleanValue(b) => format!("a flag is {b}, expected 0 or 1"),
        DecodeError::Utf8 { .. } => "a string in it is not UTF-8".to_string(),
        // serde's words: "invalid value: integer `7`, expected variant index 0 <= i < 2".
        DecodeError::OtherString(message) => message.clone(),
        DecodeError::Other(message) => (*message).to_string(),
        _ => format!("it does not follow the layout of format version {FORMAT_VERSION}"),
    }
}

/// Checks that the header's fields agree with each other and with the format's rules, with
/// checked arithmetic throughout. `header_end` is the offset just past the header.
fn check_header(header: &Header, header_end: u64) -> Result<(), LoadError> {
    let puzzle = &header.puzzle;
    if header.element != puzzle.element() {
        return Err(inconsistent(
            "element",
            header.element.numpy_descr(),
            puzzle.element().numpy_descr(),
        ));
    }
    if header.state_layout != puzzle.state_layout() {
        return Err(inconsistent(
            "state_layout",
            header.state_layout.name(),
            puzzle.state_layout().name(),
        ));
    }
    if header.sentinel != puzzle.element().sentinel() {
        return Err(inconsistent("sentinel", header.sentinel, puzzle.element().sentinel()));
    }
    let shape = match puzzle {
        Puzzle::FlipGame { rows, cols } => {
            let cells = u64::from(*rows) * u64::from(*cols);
            if cells == 0 || cells > 32 {
                let (rows, cols) = (u64::from(*rows), u64::from(*cols));
                return Err(ShapeError::BoardSize { rows, cols }.into());
            }
            vec![1u64 << cells]
        }
        Puzzle::Bloxorz { rows, cols } => {
            if *rows == 0 || *cols == 0 {
                let (rows, cols) = (u64::from(*rows), u64::from(*cols));
                return Err(ShapeError::BoardSize { rows, cols }.into());
            }
            vec![u64::from(*rows), u64::from(*cols), ORIENTATIONS as u64]
        }
        Puzzle::LightsOut { .. } => {
            let variant = lights_out_variant(puzzle)?;
            match variant.states() {
                Some(states) if states <= DistanceTable::MAX_STATES => vec![states],
                _ => {
                    return Err(inconsistent(
                        "puzzle",
                        puzzle.kind(),
                        "a variant of at most 2^32 states",
                    ));
                }
            }
        }
    };
    if header.shape != shape {
        let found = excerpt(format!("{:?}", header.shape).as_bytes()).to_string();
        return Err(inconsistent("shape", found, format!("{shape:?}")));
    }
    let too_large = || inconsistent("shape", format!("{shape:?}"), "a payload below 2^64 bytes");
    let entries = shape.iter().try_fold(1u64, |a, &d| a.checked_mul(d)).ok_or_else(too_large)?;
    let payload_len = entries.checked_mul(puzzle.element().size() as u64).ok_or_else(too_large)?;
    if header.payload_len != payload_len {
        return Err(inconsistent("payload_len", header.payload_len, payload_len));
    }
    let offset = align_up(header_end);
    if header.payload_offset != offset {
        return Err(inconsistent("payload_offset", header.payload_offset, offset));
    }
    if offset.checked_add(payload_len).is_none() {
        return Err(inconsistent("payload_len", payload_len, "a length that fits the file"));
    }
    if header.histogram.total() != entries {
        return Err(inconsistent("histogram total", header.histogram.total(), entries));
    }
    Ok(())
}

/// The first place where two histograms differ, as a [`LoadError::Histogram`].
fn compare_histograms(stored: &Histogram, computed: &Histogram) -> Result<(), LoadError> {
    for (at, stored, computed) in [
        ("impossible", stored.impossible, computed.impossible),
        ("illegal", stored.illegal, computed.illegal),
    ] {
        if stored != computed {
            return Err(LoadError::Histogram { at: at.to_string(), stored, computed });
        }
    }
    let longest = stored.counts.len().max(computed.counts.len());
    for d in 0..longest {
        let (s, c) = (stored.counts.get(d).copied(), computed.counts.get(d).copied());
        if s.unwrap_or(0) != c.unwrap_or(0) {
            return Err(LoadError::Histogram {
                at: format!("distance {d}"),
                stored: s.unwrap_or(0),
                computed: c.unwrap_or(0),
            });
        }
    }
    // The same counts, but a histogram that does not end at the largest distance (a trailing
    // empty bin): its length is wrong.
    if stored.counts.len() != computed.counts.len() {
        return Err(LoadError::Histogram {
            at: "length".to_string(),
            stored: stored.counts.len() as u64,
            computed: computed.counts.len() as u64,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exported(table: &Table<'_>) -> Vec<u8> {
        let mut bytes = Vec::new();
        write_table_file(table, &mut bytes).unwrap();
        bytes
    }

    #[test]
    fn the_lead_and_the_payload_sit_where_the_docs_say() {
        let table = Table::LightsOut(DistanceTable::embedded());
        let bytes = exported(&table);
        assert_eq!(&bytes[..8], b"FLIPBLOX");
        assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 2);
        let header_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        let crc = u32::from_le_bytes(bytes[16..20].try_into().unwrap());
        assert_eq!(crc, crc32fast::hash(&bytes[20..20 + header_len]));
        let offset = bytes.len() - 65_536;
        assert_eq!(offset % 64, 0);
        assert!(offset >= 20 + header_len && offset < 20 + header_len + 64);
        assert_eq!(&bytes[offset..], DistanceTable::embedded().as_bytes());
        assert!(bytes[20 + header_len..offset].iter().all(|&b| b == 0));
    }

    #[test]
    fn a_written_table_reads_back_with_its_header() {
        let table = Table::LightsOut(DistanceTable::embedded());
        let bytes = exported(&table);
        let file = TableFile::parse(&bytes, Check::Full).unwrap();
        assert_eq!(file.table(), &table);
        assert_eq!(file.header().shape, vec![65_536]);
        assert_eq!(file.header().sentinel, 255);
        assert_eq!(file.header().histogram.counts, vec![2, 32, 228, 880, 1562, 1136, 256]);
        assert_eq!(file.header().payload_offset as usize, bytes.len() - 65_536);
        let field = DistanceField::new(1, 3, vec![0, -1, -1, -1, 1, -1, -1, -1, -1]).unwrap();
        let table = Table::Bloxorz(field);
        let bytes = exported(&table);
        let file = TableFile::parse(&bytes, Check::Full).unwrap();
        assert_eq!(file.table(), &table);
        assert_eq!(file.payload().len(), 36);
    }

    #[test]
    fn a_lights_out_header_names_one_variant_in_its_one_encoding() {
        let lights_out = |toggle: &str, colours, goal| Puzzle::LightsOut {
            rows: 2,
            cols: 3,
            colours,
            wrap: false,
            toggle: toggle.to_string(),
            goal,
        };
        let v = lights_out_variant(&lights_out(".x./xxx/.x.", 3, Some(2))).unwrap();
        assert_eq!(v.to_string(), "2x3, toggle .x./xxx/.x., 3 colours, goal colour 2");
        // The Flip Game is puzzle 0; a pattern is written canonically; the rules must be valid.
        for bad in [
            lights_out(".x./xxx/.x.", 2, None),
            lights_out("...../..x../.xxx./..x../.....", 3, None),
            lights_out(".x./xxx/.x.", 3, Some(3)),
            lights_out(".x./xxx/.x.", 17, None),
            lights_out("xx", 3, None),
            lights_out("xxxxxxxxx", 3, None),
        ] {
            let err = lights_out_variant(&bad).unwrap_err();
            assert!(matches!(err, LoadError::Inconsistent { field: "puzzle", .. }), "{err}");
        }
    }

    #[test]
    fn a_header_check_skips_the_payload_but_a_full_check_does_not() {
        let mut bytes = exported(&Table::LightsOut(DistanceTable::embedded()));
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        assert!(TableFile::parse(&bytes, Check::Header).is_ok());
        assert!(matches!(
            TableFile::parse(&bytes, Check::Full),
            Err(LoadError::PayloadChecksum { .. })
        ));
    }
}
