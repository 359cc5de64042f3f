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
//! # The three jobs
//!
//! Answer a Flip Game board (the POJ 1753 sample: 4 presses):
//!
//! ```
//! assert_eq!(flipblox::lights_out::distance("bwwb/bbwb/bwwb/bwww").unwrap(), Some(4));
//! ```
//!
//! Solve a Bloxorz level pack in input order, one answer or error per level:
//!
//! ```
//! use flipblox::bloxorz::{RunOptions, Runner};
//! let pack = b"1 5\nX..O.\n1 3\nX#O\n1 2\nXq\n0 0\n";
//! let mut answers = Vec::new();
//! Runner::new(RunOptions::default())
//!     .run(pack, |report| {
//!         answers.push(match report.result {
//!             Ok(answer) => format!("{:?}", answer.solution.moves),
//!             Err(e) => e.to_string(),
//!         });
//!         Ok::<(), ()>(())
//!     })
//!     .unwrap();
//! assert_eq!(answers[..2], ["Some(2)", "None"]);
//! assert!(answers[2].starts_with("6:2: level 3: expected a cell"));
//! ```
//!
//! Export a distance table for NumPy (`numpy.load` reads these bytes):
//!
//! ```
//! use flipblox::lights_out::DistanceTable;
//! use flipblox::table_file::{Format, Table, export};
//! let mut npy = Vec::new();
//! export(&Table::LightsOut(DistanceTable::embedded()), Format::Npy, &mut npy).unwrap();
//! assert!(npy.starts_with(b"\x93NUMPY"));
//! assert_eq!(npy.len() % 64, 0);
//! ```

#![deny(missing_docs)]
// Without the `cli` feature the code only the command-line tool calls is unused; the default
// build, which has it, keeps the check for dead code.
#![cfg_attr(not(feature = "cli"), allow(dead_code))]

// The command-line tool's modules name the library as `flipblox::...`, as a user of it would.
extern crate self as flipblox;

pub mod bloxorz;
#[cfg(feature = "cli")]
mod cli;
pub mod lights_out;
pub mod memory;
#[cfg(feature = "render")]
pub mod render;
mod shape;
pub mod table_file;
pub mod text;

pub use shape::ShapeError;

/// The `flipblox` command-line tool (`src/main.rs` is this call): not part of the library's API.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub fn cli_main() -> std::process::ExitCode {
    cli::main()
}
