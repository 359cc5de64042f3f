//! JSON export: one object with the metadata and the distances (`null` for the sentinel).
//!
//! ```text
//! {"format":"flipblox distance table","format_version":1,"puzzle":"flip-game",
//!  "description":"Flip Game 4x4 (POJ 1753, ...)","rows":4,"cols":4,"goal":null,
//!  "shape":[65536],"state_layout":"index = state; ...","null_means":"Impossible",
//!  "histogram":[2,32,228,880,1562,1136,256],"unreachable":61440,"distances":[0,null,...]}
//! ```
//!
//! Flip Game: `distances` is flat, index = state. Bloxorz: `distances` is nested
//! `[rows][cols][3]` (`distances[r][c][o]`), and `goal` is `[row, col]`.

use std::io::Write;

use serde::ser::{Serialize, Serializer};

use super::error::ExportError;
use super::meta::Puzzle;
use super::table::Table;
use crate::bloxorz::ORIENTATIONS;

/// The version of the JSON layout above.
pub const JSON_FORMAT_VERSION: u32 = 1;

#[derive(serde::Serialize)]
struct JsonTable<'t, 'a> {
    format: &'static str,
    format_version: u32,
    puzzle: &'static str,
    description: String,
    rows: u32,
    cols: u32,
    goal: Option<[u32; 2]>,
    shape: Vec<u64>,
    state_layout: String,
    null_means: &'static str,
    histogram: Vec<u64>,
    unreachable: u64,
    distances: Distances<'t, 'a>,
}

/// The distances, serialized without building a copy.
struct Distances<'t, 'a>(&'t Table<'a>);

impl Serialize for Distances<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Table::Flip(t) => s.collect_seq((0..t.as_bytes().len()).map(|i| self.0.distance_at(i))),
            Table::Bloxorz(f) => {
                s.collect_seq(f.distances().chunks(f.cols() as usize * ORIENTATIONS).map(Row))
            }
        }
    }
}

/// One row of a Bloxorz field: `cols` arrays of 3 distances.
struct Row<'r>(&'r [i32]);

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.0
                .chunks(ORIENTATIONS)
                .map(|cell| cell.iter().map(|&d| u32::try_from(d).ok()).collect::<Vec<_>>()),
        )
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
    let (name, rows, cols) = match puzzle {
        Puzzle::FlipGame { rows, cols } => ("flip-game", rows, cols),
        Puzzle::Bloxorz { rows, cols } => ("bloxorz", rows, cols),
    };
    let json = JsonTable {
        format: "flipblox distance table",
        format_version: JSON_FORMAT_VERSION,
        puzzle: name,
        description: puzzle.describe(),
        rows,
        cols,
        goal: match table {
            Table::Bloxorz(f) => Some(f.goal().into()),
            Table::Flip(_) => None,
        },
        shape: table.shape(),
        state_layout: puzzle.state_layout().describe(cols),
        null_means: puzzle.sentinel_meaning(),
        histogram: histogram.counts,
        unreachable: histogram.unreachable,
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
