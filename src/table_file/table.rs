//! The tables a file can hold: a Flip Game [`DistanceTable`] or a Bloxorz [`DistanceField`]. The
//! types themselves belong to their puzzles; this is what storage needs to know of them.

use super::meta::{Element, Histogram, Puzzle};
use crate::bloxorz::{DistanceField, ORIENTATIONS};
use crate::flip::DistanceTable;
use crate::flip::variant::bfs::VariantTable;

/// A table to export, or one read back from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Table<'a> {
    /// A Flip Game distance table.
    Flip(DistanceTable<'a>),
    /// A Bloxorz distance-to-goal field.
    Bloxorz(DistanceField<'a>),
    /// The distance table of a Lights Out variant other than the Flip Game (whose table is
    /// [`Table::Flip`]).
    LightsOut(Box<VariantTable<'a>>),
}

impl Table<'_> {
    /// The puzzle and board shape.
    pub fn puzzle(&self) -> Puzzle {
        match self {
            Table::Flip(t) => {
                let size = t.size();
                Puzzle::FlipGame { rows: size.rows() as u32, cols: size.cols() as u32 }
            }
            Table::Bloxorz(f) => Puzzle::Bloxorz { rows: f.rows(), cols: f.cols() },
            Table::LightsOut(t) => Puzzle::of_variant(t.variant()),
        }
    }

    /// The element type of the payload.
    pub fn element(&self) -> Element {
        self.puzzle().element()
    }

    /// The payload's shape, C order: `[2^(rows*cols)]` for a Flip Game table,
    /// `[K^(rows*cols)]` for a Lights Out table of `K` colours,
    /// `[rows, cols, 3]` for a Bloxorz field.
    pub fn shape(&self) -> Vec<u64> {
        match self {
            Table::Flip(t) => vec![t.states()],
            Table::LightsOut(t) => vec![t.states()],
            Table::Bloxorz(f) => {
                vec![u64::from(f.rows()), u64::from(f.cols()), ORIENTATIONS as u64]
            }
        }
    }

    /// Number of entries (the product of [`Table::shape`]).
    pub fn len(&self) -> u64 {
        match self {
            Table::Flip(t) => t.states(),
            Table::LightsOut(t) => t.states(),
            Table::Bloxorz(f) => f.distances().len() as u64,
        }
    }

    /// True when the table has no entries (never for a table made by [`DistanceTable::new`] or
    /// [`DistanceField::new`]).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entries at each distance, and how many hold the sentinel.
    pub fn histogram(&self) -> Histogram {
        match self {
            Table::Flip(t) => t.histogram().into(),
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
            Table::Flip(t) => t.distance(index as u64).map(u32::from),
            Table::LightsOut(t) => {
                let d = t.as_bytes()[index];
                (d != crate::flip::IMPOSSIBLE).then_some(u32::from(d))
            }
            Table::Bloxorz(f) => u32::try_from(f.distances()[index]).ok(),
        }
    }
}
