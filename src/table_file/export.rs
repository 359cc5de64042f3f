//! The export formats and the one function that writes a table in any of them.

use std::io::Write;

use super::error::ExportError;
use super::table::Table;
use super::{container, csv, json, npy};

/// The export formats (see `docs/FORMATS.md` for each layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// The flipblox table file: lead, bincode header, 64-byte-aligned payload
    /// (`container`).
    Bincode,
    /// NumPy `.npy`, format version 1.0 (`npy`).
    Npy,
    /// CSV with a header line: `state,board,distance` (Flip Game) or
    /// `row,col,orientation,distance` (Bloxorz); the distance is empty for the sentinel.
    Csv,
    /// One JSON object: the metadata and the distances, `null` for the sentinel.
    Json,
    /// The payload alone: one byte per state (Flip Game) or `i32` little-endian (Bloxorz).
    Raw,
}

impl Format {
    /// Every format, in the order of the docs.
    pub const ALL: [Format; 5] =
        [Format::Bincode, Format::Npy, Format::Csv, Format::Json, Format::Raw];

    /// The name used on the command line (`--format NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Bincode => "bincode",
            Format::Npy => "npy",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Raw => "raw",
        }
    }
}

/// Writes `table` to `out` in `format`.
///
/// Writes to any [`Write`] and does not flush it: pass a buffered writer (the formats make many
/// small writes) and flush it afterwards. The output is a pure function of the table.
///
/// ```
/// use flipblox::lights_out::DistanceTable;
/// use flipblox::table_file::{Format, Table, export};
/// let mut raw = Vec::new();
/// export(&Table::LightsOut(DistanceTable::embedded()), Format::Raw, &mut raw).unwrap();
/// assert_eq!(raw.len(), 65_536);
/// ```
///
/// # Errors
///
/// [`ExportError::Io`] when `out` fails.
pub fn export(table: &Table<'_>, format: Format, out: &mut dyn Write) -> Result<(), ExportError> {
    match format {
        Format::Bincode => container::write_table_file(table, out),
        Format::Npy => npy::write_npy(table, out),
        Format::Csv => csv::write_csv(table, out),
        Format::Json => json::write_json(table, out),
        Format::Raw => {
            out.write_all(&container::payload_bytes(table))?;
            Ok(())
        }
    }
}
