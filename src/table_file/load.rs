//! Reading any file `export` writes in a checked format: a flipblox table file or a `.npy`.

use super::container::{Check, MAGIC, TableFile};
use super::error::{LoadError, escape_prefix};
use super::meta::{Histogram, Puzzle};
use super::npy::{NPY_MAGIC, NpyFile, NpyTable};
use crate::lights_out::DistanceTable;
use crate::shape::ShapeError;

/// A checked table file of either kind.
#[derive(Debug, Clone)]
pub enum Loaded<'a> {
    /// A flipblox table file (`--format bincode`).
    TableFile(Box<TableFile<'a>>),
    /// A NumPy `.npy` file (`--format npy`).
    Npy(NpyFile<'a>),
}

/// Recognises `bytes` by their magic and reads them with every check, the payload's checksum
/// and histogram and (for a Flip Game table file) the proof that it holds distances included
/// ([`Check::Full`]).
///
/// ```
/// use flipblox::lights_out::DistanceTable;
/// use flipblox::table_file::{Format, Loaded, Table, export, load};
/// let mut bytes = Vec::new();
/// export(&Table::LightsOut(DistanceTable::embedded()), Format::Npy, &mut bytes).unwrap();
/// let loaded = load(&bytes).unwrap();
/// assert!(matches!(loaded, Loaded::Npy(_)));
/// assert_eq!(loaded.histogram().impossible, 61_440);
/// ```
///
/// # Errors
///
/// [`LoadError::Foreign`] when the bytes start with neither magic (an empty input is
/// `Truncated`); otherwise the first failed check of [`TableFile::parse`] or
/// [`NpyFile::parse`].
pub fn load(bytes: &[u8]) -> Result<Loaded<'_>, LoadError> {
    load_checked(bytes, Check::Full)
}

impl<'a> Loaded<'a> {
    /// [`load`], checking a flipblox table file at `check` (a `.npy` file is always checked
    /// whole: it has no checksum, and its entries and histogram are read on parse).
    ///
    /// # Errors
    ///
    /// As [`load`].
    pub fn parse(bytes: &'a [u8], check: Check) -> Result<Loaded<'a>, LoadError> {
        load_checked(bytes, check)
    }
}

/// [`Loaded::parse`].
fn load_checked(bytes: &[u8], check: Check) -> Result<Loaded<'_>, LoadError> {
    let starts_like = |magic: &[u8]| bytes.starts_with(&magic[..bytes.len().min(magic.len())]);
    if starts_like(&MAGIC) {
        TableFile::parse(bytes, check).map(|file| Loaded::TableFile(Box::new(file)))
    } else if starts_like(NPY_MAGIC) {
        NpyFile::parse(bytes).map(Loaded::Npy)
    } else {
        Err(LoadError::Foreign { found: escape_prefix(bytes, MAGIC.len()) })
    }
}

impl<'a> Loaded<'a> {
    /// Entries at each distance, how many are impossible and how many illegal.
    pub fn histogram(&self) -> Histogram {
        match self {
            Loaded::TableFile(file) => file.table().histogram(),
            Loaded::Npy(file) => file.histogram(),
        }
    }

    /// The file's Flip Game table as a `rows x cols` board (for a table file the board must be
    /// the one its header names; a `.npy` records only the number of states).
    ///
    /// # Errors
    ///
    /// [`ShapeError::WrongTable`] when the file holds a Bloxorz field or another board.
    pub fn flip_table(&self, rows: u32, cols: u32) -> Result<DistanceTable<'a>, ShapeError> {
        let wrong = |found: String| ShapeError::WrongTable {
            expected: Puzzle::FlipGame { rows, cols }.kind(),
            found,
        };
        match self {
            Loaded::TableFile(file) => file.flip_table(Some((rows, cols))),
            Loaded::Npy(file) => match file.table() {
                NpyTable::Flip { cells, .. }
                    if u64::from(*cells) == u64::from(rows) * u64::from(cols) =>
                {
                    file.flip_table(rows, cols)
                }
                NpyTable::Flip { cells, .. } => {
                    Err(wrong(format!("a Flip Game table of 2^{cells} states")))
                }
                NpyTable::LightsOut { colours, cells, .. } => {
                    Err(wrong(format!("a Lights Out table of {colours}^{cells} states")))
                }
                NpyTable::Bloxorz(f) => {
                    Err(wrong(Puzzle::Bloxorz { rows: f.rows(), cols: f.cols() }.kind()))
                }
            },
        }
    }
}
