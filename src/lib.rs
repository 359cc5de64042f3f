//! flipblox answers two grid puzzles exactly and fast, the way a tablebase answers chess endgames:
//! precompute once, then answer with a lookup or one tight breadth-first search.
//!
//! - [`lights_out`]: Lights Out on any board, with any toggle pattern, wrap-around, 2 to 16
//!   colours and either goal; the Flip Game (POJ 1753) is its 4x4, plus-pattern, two-colour case.
//!   `build.rs` embeds the distance table of all 65,536 4x4 states, so a 4x4 query is one lookup;
//!   other boards are answered by linear algebra or a table built at run time.
//! - [`bloxorz`]: Bloxorz (POJ 3322, and the original game's switches, bridges and split
//!   cubes): level packs read in place and solved by breadth-first search, in batches.
//! - [`render`] (cargo feature `render`, on by default): pictures of levels, paths, distance
//!   fields, boards and histograms as SVG and PNG, and a level pack's HTML contact sheet.
//! - [`table_file`]: distance tables as files (a versioned table file, NumPy `.npy`, CSV, JSON,
//!   raw bytes), written and read back with every check.
//! - [`text`]: the shared plumbing of every reader: line scanning with positions for
//!   `PATH:LINE:COLUMN` messages, over a byte slice or a byte stream.
//! - [`memory`]: fallible allocation of the buffers sized by the input or by flags
//!   ([`AllocError`](memory::AllocError): `cannot allocate N bytes for ...`).
//!
//! The command-line tool `flipblox` is a thin layer over this library, behind the default `cli`
//! feature: `cargo build --lib --no-default-features` builds the library alone.
//!
//! # The common jobs
//!
//! The distance of a 4x4 Flip Game board (POJ 1753: the sample takes 4 presses):
//!
//! ```
//! assert_eq!(flipblox::lights_out::distance("bwwb/bbwb/bwwb/bwww")?, Some(4));
//! # Ok::<(), flipblox::lights_out::BoardError>(())
//! ```
//!
//! A Lights Out board of any variant, here 7x7 "all lights off":
//!
//! ```
//! use flipblox::lights_out::{Goal, Solver, Variant};
//! let variant = Variant::builder(7, 7).goal(Goal::Colour(0)).build()?;
//! let board = variant.board("bwbwwwb/wwwwbbw/wwbwwww/bwwwwbb/wwbwwwb/wwwwbbb/bbbbwww")?;
//! assert_eq!(Solver::new(&variant).solve(&board)?.distance, Some(22));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! One Bloxorz level from a string (its own `R C` header, then its rows):
//!
//! ```
//! use flipblox::bloxorz::{Level, Limits, Solver};
//! let level: Level = "1 5\nX..O.\n".parse()?;
//! assert_eq!(Solver::new().solve(&level, Limits::default())?.moves, Some(2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A Bloxorz level pack, solved on every core, one report per level in input order:
//!
//! ```
//! use flipblox::bloxorz::{RunOptions, Runner};
//! let (pack, mut moves) = (b"1 5\nX..O.\n1 3\nX#O\n0 0\n", Vec::new());
//! let mut runner = Runner::new(RunOptions::default());
//! runner.run(pack, |r| Ok::<_, ()>(moves.push(r.result.map(|a| a.solution.moves).ok())))?;
//! assert_eq!(moves, [Some(Some(2)), Some(None)]);
//! # Ok::<(), ()>(())
//! ```
//!
//! A distance table exported for NumPy (`numpy.load` reads these bytes):
//!
//! ```
//! use flipblox::{lights_out::DistanceTable, table_file::{Format, Table, export}};
//! let mut npy = Vec::new();
//! export(&Table::LightsOut(DistanceTable::embedded()), Format::Npy, &mut npy)?;
//! assert!(npy.starts_with(b"\x93NUMPY"));
//! # Ok::<(), flipblox::table_file::ExportError>(())
//! ```

#![deny(missing_docs)]

// The picture-test helpers of `tests/common`, which `src/render/tests` includes by path, name the
// crate `flipblox`, as the integration tests do.
#[cfg(all(test, feature = "render"))]
extern crate self as flipblox;

pub mod bloxorz;
pub mod lights_out;
pub mod memory;
#[cfg(feature = "render")]
pub mod render;
mod shape;
pub mod table_file;
pub mod text;

/// Internals the fuzz targets under `fuzz/` check (cargo feature `fuzzing`): not part of the
/// library's API.
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing {
    use std::io::Read;

    use crate::bloxorz::read::drawing::DrawingReader;
    use crate::bloxorz::read::text::PackReader;
    use crate::bloxorz::{InputFormat, Level, LevelError, Unwritable};

    /// The format `bytes` is written in (`bloxorz::read::detect::detect_format`).
    pub fn detect_format(bytes: &[u8]) -> InputFormat {
        crate::bloxorz::read::detect::detect_format(bytes).format.into()
    }

    /// The levels of an S/T/o/- drawing in `bytes` (`bloxorz::read::drawing::DrawingReader`).
    pub fn drawing(
        bytes: &[u8],
        max_memory: u64,
    ) -> impl Iterator<Item = Result<Level, LevelError>> {
        DrawingReader::new(bytes).max_memory(max_memory)
    }

    /// The levels of an S/T/o/- drawing read from a stream.
    pub fn drawing_from_reader(
        reader: impl Read,
        max_memory: u64,
    ) -> impl Iterator<Item = Result<Level, LevelError>> {
        DrawingReader::from_reader(reader).max_memory(max_memory)
    }

    /// The levels of a POJ 3322 pack read from a stream (`bloxorz::read::text::PackReader`).
    pub fn pack_from_reader(
        reader: impl Read,
        max_memory: u64,
    ) -> impl Iterator<Item = Result<Level, LevelError>> {
        PackReader::from_reader(reader).max_memory(max_memory)
    }

    /// The format the start of an input decides (`bloxorz::read::detect::detect_from_head`).
    pub fn detect_from_head(head: &[u8], full: bool) -> Option<InputFormat> {
        crate::bloxorz::read::detect::detect_from_head(head, full).map(|d| d.format.into())
    }

    /// `level` as an S/T/o/- drawing (`bloxorz::read::drawing::write_drawing`).
    ///
    /// # Errors
    ///
    /// As `write_drawing`.
    pub fn write_drawing(level: &Level, out: &mut String) -> Result<(), Unwritable> {
        level.write_drawing(out)
    }
}
