//! flipblox answers two grid puzzles exactly and fast, the way a tablebase answers chess endgames:
//! precompute once, then answer with a lookup or one tight breadth-first search.
//!
//! - [`flip`]: the Flip Game (POJ 1753, a 4x4 Lights Out variant). `build.rs` embeds the distance
//!   table of all 65,536 states, so every query is one lookup.
//! - [`render`] (cargo feature `render`, on by default): pictures of levels, paths, distance
//!   fields, boards and histograms as SVG and PNG, and a level pack's HTML contact sheet.
//! - [`text`] and [`input`]: the shared plumbing of every reader: line scanning with positions
//!   for `PATH:LINE:COLUMN` messages, and memory-mapped input.
//!
//! The command-line tool `flipblox` is a thin layer over this library.

#![deny(missing_docs)]

pub mod bloxorz;
pub mod flip;
pub mod input;
#[cfg(feature = "render")]
pub mod render;
pub mod table_file;
pub mod text;
