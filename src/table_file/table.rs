//! The tables a file can hold: a Lights Out [`DistanceTable`] or a Bloxorz [`DistanceField`].
//! The types themselves belong to their puzzles; this is what storage needs to know of them.

use super::meta::{Element, Histogram, Puzzle};
use crate::bloxorz::{DistanceField, ORIENTATIONS};
use crate::lights_out::DistanceTable;

/// A table to export, or one read back from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Table<'a> {
    /// The distance table of a Lights Out variant (the Flip Game's among them).
    LightsOut(DistanceTable<'a>),
    /// A Bloxorz distance-to-goal field.
    Bloxorz(DistanceField<'a>),
}

impl Table<'_> {
    /// The puzzle and board shape.
    pub fn puzzle(&self) -> Puzzle {
        match self {
            Table::LightsOut(t) => Puzzle::of_variant(t.variant()),
            Table::Bloxorz(f) => Puzzle::Bloxorz { rows: f.rows(), cols: f.cols() },
        }
    }

    /// The element type of the payload.
    pub fn element(&self) -> Element {
        self.puzzle().element()
    }

    /// The payload's shape, C order: `[K^(rows*cols)]` for a Lights Out table of `K` colours
    /// (`[2^(rows*cols)]` for the Flip Game), `[rows, cols, 3]` for a Bloxorz field.
    pub fn shape(&self) -> Vec<u64> {
        match self {
            Table::LightsOut(t) => vec![t.states()],
            Table::Bloxorz(f) => {
                vec![u64::from(f.rows()), u64::from(f.cols()), ORIENTATIONS as u64]
            }
        }
    }

    /// Number of entries (the product of [`Table::shape`]).
    pub fn len(&self) -> u64 {
        match self {
            Table::LightsOut(t) => t.states(),
            Table::Bloxorz(f) => f.distances().len() as u64,
        }
    }

    /// True when the table has no entries (never for a table made by [`DistanceTable`] or
    /// [`DistanceField::new`]).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entries at each distance, and how many hold the sentinel.
    pub fn histogram(&self) -> Histogram {
        match self {
            Table::LightsOut(t) => t.histogram().into(),
            Table::Bloxorz(f) => f.histogram().into(),
        }
    }

    /// The distance stored at `index` (C order), `None` for the sentinel.
    ///
    /// # Panics
    ///
    /// If `index` is not below [`Table::len`].
    pub fn distance_at(&self, index: usize) -> Option<u32> {
        match self {
            Table::LightsOut(t) => {
                let d = t.as_bytes()[index];
                (d != DistanceTable::IMPOSSIBLE).then_some(u32::from(d))
            }
            Table::Bloxorz(f) => u32::try_from(f.distances()[index]).ok(),
        }
    }
}
