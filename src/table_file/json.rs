//! JSON export: one object with the metadata and the distances.
//!
//! ```text
//! {"format":"flipblox distance table","format_version":2,"puzzle":"flip-game",
//!  "description":"Flip Game 4x4 (POJ 1753, ...)","rows":4,"cols":4,"goal":null,
//!  "shape":[65536],"state_layout":"index = state; ...","impossible_value":null,
//!  "illegal_value":null,"histogram":[2,32,228,880,1562,1136,256],"impossible":61440,
//!  "illegal":0,"distances":[0,null,...]}
//! ```
//!
//! A Lights Out table (`"puzzle":"lights-out"`) also has `"variant":{"colours":K,"wrap":...,
//! "toggle":"...","goal":null or a colour}` after `puzzle`, and its `distances` are flat like
//! the Flip Game's (index = the base-K state).
//!
//! Flip Game: `distances` is flat, index = state, `null` when impossible. Bloxorz: `distances`
//! is nested `[rows][cols][3]` (`distances[r][c][o]`) and keeps the field's two sentinels as
//! numbers, -1 impossible and -2 illegal (`impossible_value`, `illegal_value`), so they stay
//! distinct; `goal` is `[row, col]`.

use std::io::Write;

use serde::ser::{Serialize, Serializer};

use super::error::ExportError;
use super::meta::{Puzzle, VariantFields};
use super::table::Table;
use crate::bloxorz::ORIENTATIONS;

/// The version of the JSON layout above.
///
/// Version 2: `impossible` and `illegal` counts and values (version 1 had `null_means` and
/// `unreachable`, and wrote a Bloxorz field's -1 as `null`).
pub const JSON_FORMAT_VERSION: u32 = 2;

#[derive(serde::Serialize)]
struct JsonTable<'t, 'a> {
    format: &'static str,
    format_version: u32,
    puzzle: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<VariantFields>,
    description: String,
    rows: u32,
    cols: u32,
    goal: Option<[u32; 2]>,
    shape: Vec<u64>,
    state_layout: String,
    impossible_value: Option<i64>,
    illegal_value: Option<i64>,
    histogram: Vec<u64>,
    impossible: u64,
    illegal: u64,
    distances: Distances<'t, 'a>,
}

/// The distances, serialized without building a copy.
struct Distances<'t, 'a>(&'t Table<'a>);

impl Serialize for Distances<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Table::LightsOut(t) => {
                s.collect_seq((0..t.as_bytes().len()).map(|i| self.0.distance_at(i)))
            }
            Table::Bloxorz(f) => {
                s.collect_seq(f.distances().chunks(f.cols() as usize * ORIENTATIONS).map(Row))
            }
        }
    }
}

/// One row of a Bloxorz field: `cols` arrays of 3 entries (distances, -1 or -2).
struct Row<'r>(&'r [i32]);

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.chunks(ORIENTATIONS))
    }
}

/// Writes `table` as one JSON object and a newline (layout in the [module docs](self)).
///
/// # Errors
///
/// [`ExportError::Io`] when `out` fails.
pub(crate) fn write_json(table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
    let puzzle = table.puzzle();
    let histogram = table.histogram();
    let (rows, cols) = puzzle.board();
    let json = JsonTable {
        format: "flipblox distance table",
        format_version: JSON_FORMAT_VERSION,
        puzzle: puzzle.name(),
        variant: puzzle.variant_fields(),
        description: puzzle.describe(),
        rows,
        cols,
        goal: match table {
            Table::Bloxorz(f) => Some(f.goal().into()),
            Table::LightsOut(_) => None,
        },
        shape: table.shape(),
        state_layout: puzzle.state_layout().describe(cols),
        impossible_value: match puzzle {
            Puzzle::FlipGame { .. } | Puzzle::LightsOut { .. } => None,
            Puzzle::Bloxorz { .. } => Some(puzzle.element().sentinel()),
        },
        illegal_value: puzzle.illegal_value(),
        histogram: histogram.counts,
        impossible: histogram.impossible,
        illegal: histogram.illegal,
        distances: Distances(table),
    };
    serde_json::to_writer(&mut *out, &json).map_err(|e| {
        if e.is_io() {
            ExportError::Io(e.into())
        } else {
            ExportError::Encode { format: "json", message: e.to_string() }
        }
    })?;
    out.write_all(b"\n")?;
    Ok(())
}
