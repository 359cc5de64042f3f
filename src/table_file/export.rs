//! One exporter per format behind one trait.

use std::io::Write;

use super::error::ExportError;
use super::table::Table;
use super::{container, csv, json, npy};

/// Writes a table in one file format.
///
/// Exporters write to any [`Write`] and do not flush it: pass a buffered writer (they make many
/// small writes) and flush it afterwards. The output is a pure function of the table.
pub trait Exporter {
    /// Writes `table` to `out`.
    ///
    /// # Errors
    ///
    /// [`ExportError::Io`] when `out` fails (a closed pipe included).
    fn export(&self, table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError>;
}

/// The export formats (see `docs/FORMATS.md` for each layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// The flipblox table file: lead, bincode header, 64-byte-aligned payload
    /// ([`container`](super::container)).
    Bincode,
    /// NumPy `.npy`, format version 1.0 ([`npy`](super::npy)).
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

    /// The exporter for this format.
    pub fn exporter(self) -> &'static dyn Exporter {
        match self {
            Format::Bincode => &BincodeExporter,
            Format::Npy => &NpyExporter,
            Format::Csv => &CsvExporter,
            Format::Json => &JsonExporter,
            Format::Raw => &RawExporter,
        }
    }
}

/// Writes `table` to `out` in `format`: `format.exporter().export(table, out)`.
///
/// ```
/// use flipblox::table_file::{FlipTable, Format, Table, export};
/// let mut raw = Vec::new();
/// export(&Table::Flip(FlipTable::embedded()), Format::Raw, &mut raw).unwrap();
/// assert_eq!(raw.len(), 65_536);
/// ```
///
/// # Errors
///
/// [`ExportError::Io`] when `out` fails.
pub fn export(table: &Table<'_>, format: Format, out: &mut dyn Write) -> Result<(), ExportError> {
    format.exporter().export(table, out)
}

/// [`Format::Bincode`].
#[derive(Debug, Clone, Copy, Default)]
pub struct BincodeExporter;

impl Exporter for BincodeExporter {
    fn export(&self, table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
        container::write_table_file(table, out)
    }
}

/// [`Format::Npy`].
#[derive(Debug, Clone, Copy, Default)]
pub struct NpyExporter;

impl Exporter for NpyExporter {
    fn export(&self, table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
        npy::write_npy(table, out)
    }
}

/// [`Format::Csv`].
#[derive(Debug, Clone, Copy, Default)]
pub struct CsvExporter;

impl Exporter for CsvExporter {
    fn export(&self, table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
        csv::write_csv(table, out)
    }
}

/// [`Format::Json`].
#[derive(Debug, Clone, Copy, Default)]
pub struct JsonExporter;

impl Exporter for JsonExporter {
    fn export(&self, table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
        json::write_json(table, out)
    }
}

/// [`Format::Raw`].
#[derive(Debug, Clone, Copy, Default)]
pub struct RawExporter;

impl Exporter for RawExporter {
    fn export(&self, table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
        out.write_all(&container::payload_bytes(table))?;
        Ok(())
    }
}
