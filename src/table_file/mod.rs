//! Distance tables as files: export them in five formats, and read two of them back with every
//! check (`flipblox export`, `inspect`, `verify`).
//!
//! This module is storage only: the tables are the puzzles' own types.
//!
//! - [`Table`]: what a file holds: a Lights Out
//!   [`DistanceTable`](crate::lights_out::DistanceTable) (`u8` per state, 255 = Impossible;
//!   the Flip Game's on any board up to 32 pieces) or a Bloxorz
//!   [`DistanceField`](crate::bloxorz::DistanceField) (distance to the goal per
//!   `(row, col, orientation)`, `i32`, -1 = impossible, -2 = illegal).
//! - [`Format`] and [`export()`]: writes a table in any of the five formats: [`Format::Bincode`]
//!   (the versioned flipblox table file of `container`), [`Format::Npy`] (`npy`),
//!   [`Format::Csv`], [`Format::Json`], [`Format::Raw`].
//! - [`load()`]: recognises a table file or a `.npy` by its magic and checks it: magic, version,
//!   header checksum, shape, payload checksum, histogram. Errors are [`LoadError`]s; nothing
//!   panics, whatever the bytes.
//!
//! Every layout is documented, byte by byte, in `docs/FORMATS.md`.
//!
//! ```
//! use flipblox::lights_out::DistanceTable;
//! use flipblox::table_file::{Format, Loaded, Table, export, load};
//! let table = Table::LightsOut(DistanceTable::embedded());
//! let mut bytes = Vec::new();
//! export(&table, Format::Bincode, &mut bytes).unwrap();
//! let Loaded::TableFile(file) = load(&bytes).unwrap() else { unreachable!() };
//! assert_eq!(file.table(), &table);
//! assert_eq!(file.header().histogram.counts, [2, 32, 228, 880, 1562, 1136, 256]);
//! ```

pub(crate) mod container;
mod csv;
mod error;
mod export;
mod json;
mod load;
mod meta;
pub(crate) mod npy;
mod table;

pub use crate::shape::ShapeError;
pub use container::{Check, Header, TableFile};
pub use error::{ExportError, LoadError};
pub use export::{Format, export};
pub use load::{Loaded, load};
pub use meta::{Element, Histogram, Puzzle, StateLayout, VariantFields};
pub use npy::{NpyFile, NpyTable};
pub use table::Table;
