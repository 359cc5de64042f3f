//! The tables a file can hold: a Flip Game distance table or a Bloxorz distance-to-goal field.

use std::borrow::Cow;

use super::error::ShapeError;
use super::meta::{Element, Histogram, Puzzle};
use crate::flip::DistanceTable;
use crate::flip::bfs::MAX_TABLE_CELLS;

/// Orientations per Bloxorz cell in a field: 0 standing, 1 lying along the row (on `(r, c)` and
/// `(r, c+1)`), 2 lying along the column (on `(r, c)` and `(r+1, c)`).
pub const ORIENTATIONS: usize = 3;

/// The value of a Bloxorz field entry for a state that is illegal or cannot reach the goal.
pub const UNREACHABLE: i32 = -1;

/// A table to export, or one read back from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Table<'a> {
    /// A Flip Game distance table.
    Flip(FlipTable<'a>),
    /// A Bloxorz distance-to-goal field.
    Bloxorz(BloxorzField<'a>),
}

impl Table<'_> {
    /// The puzzle and board shape.
    pub fn puzzle(&self) -> Puzzle {
        match self {
            Table::Flip(t) => Puzzle::FlipGame { rows: t.rows, cols: t.cols },
            Table::Bloxorz(f) => Puzzle::Bloxorz { rows: f.rows, cols: f.cols },
        }
    }

    /// The element type of the payload.
    pub fn element(&self) -> Element {
        self.puzzle().element()
    }

    /// The payload's shape, C order: `[2^(rows*cols)]` for a Flip Game table,
    /// `[rows, cols, 3]` for a Bloxorz field.
    pub fn shape(&self) -> Vec<u64> {
        match self {
            Table::Flip(t) => vec![t.states()],
            Table::Bloxorz(f) => vec![u64::from(f.rows), u64::from(f.cols), ORIENTATIONS as u64],
        }
    }

    /// Number of entries (the product of [`Table::shape`]).
    pub fn len(&self) -> u64 {
        match self {
            Table::Flip(t) => t.states(),
            Table::Bloxorz(f) => f.distances.len() as u64,
        }
    }

    /// True when the table has no entries (never for a table built by [`FlipTable::new`] or
    /// [`BloxorzField::new`]).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Entries at each distance, and how many hold the sentinel.
    pub fn histogram(&self) -> Histogram {
        match self {
            Table::Flip(t) => t.histogram(),
            Table::Bloxorz(f) => f.histogram(),
        }
    }

    /// The entry at `index` as a distance, `None` for the sentinel.
    ///
    /// # Panics
    ///
    /// If `index >= self.len()`.
    pub fn distance_at(&self, index: usize) -> Option<u32> {
        match self {
            Table::Flip(t) => t.table().distance_of_state(index as u64).map(u32::from),
            Table::Bloxorz(f) => u32::try_from(f.distances[index]).ok(),
        }
    }
}

/// A Flip Game distance table of a `rows x cols` board: one byte per state, index = state.
///
/// Layout: bit `cols * row + col` of the state is set when the piece at (`row`, `col`) shows
/// black; the entry is the minimum number of presses to a uniform board, or
/// [`IMPOSSIBLE`](crate::flip::IMPOSSIBLE) (255). The bytes are borrowed, so a table can live in
/// a memory-mapped file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlipTable<'a> {
    rows: u32,
    cols: u32,
    distances: &'a [u8],
}

impl<'a> FlipTable<'a> {
    /// Wraps the `2^(rows*cols)` distances of a `rows x cols` board.
    ///
    /// ```
    /// use flipblox::table_file::FlipTable;
    /// let table = flipblox::flip::distance_table(2, 3, |_| {});
    /// let t = FlipTable::new(2, 3, &table).unwrap();
    /// assert_eq!(t.states(), 64);
    /// assert!(FlipTable::new(2, 2, &table).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`ShapeError::BoardSize`] unless `1 <= rows * cols <= 32`; [`ShapeError::Length`] when
    /// `distances` does not hold exactly `2^(rows*cols)` entries. Every byte is a valid entry.
    pub fn new(rows: u32, cols: u32, distances: &'a [u8]) -> Result<FlipTable<'a>, ShapeError> {
        let cells = u64::from(rows) * u64::from(cols);
        if cells == 0 || cells > MAX_TABLE_CELLS as u64 {
            return Err(ShapeError::BoardSize { rows: rows.into(), cols: cols.into() });
        }
        let expected = 1u64 << cells;
        if distances.len() as u64 != expected {
            return Err(ShapeError::Length { expected, found: distances.len() as u64 });
        }
        Ok(FlipTable { rows, cols, distances })
    }

    /// Rows of the board.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the board.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// Pieces on the board (`rows * cols`).
    pub fn cells(&self) -> u32 {
        self.rows * self.cols
    }

    /// Number of states, `2^(rows*cols)`.
    pub fn states(&self) -> u64 {
        self.distances.len() as u64
    }

    /// The distances, one byte per state.
    pub fn distances(&self) -> &'a [u8] {
        self.distances
    }

    /// The table as a [`DistanceTable`] for queries.
    pub fn table(&self) -> DistanceTable<'a> {
        DistanceTable::from_bytes(self.distances)
    }

    /// Entries at each distance, and how many are Impossible.
    pub fn histogram(&self) -> Histogram {
        Histogram::of_flip(&self.table())
    }
}

impl FlipTable<'static> {
    /// The embedded 4x4 table (POJ 1753).
    pub fn embedded() -> FlipTable<'static> {
        let bytes = DistanceTable::embedded().as_bytes();
        FlipTable { rows: 4, cols: 4, distances: bytes }
    }
}

/// A Bloxorz distance-to-goal field of a `rows x cols` level: shape `(rows, cols, 3)`, `i32`.
///
/// Entry `(r, c, o)` (index `(cols * r + c) * 3 + o`) is the minimum number of rolls from the
/// box in orientation `o` at cell `(r, c)` to the box standing on the goal, or [`UNREACHABLE`]
/// (-1) when that state is illegal or cannot reach the goal. Orientation 0 = standing on
/// `(r, c)`, 1 = lying on `(r, c)` and `(r, c+1)`, 2 = lying on `(r, c)` and `(r+1, c)`
/// (POJ 3322's rules; rows and columns 0-based from the top-left).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BloxorzField<'a> {
    rows: u32,
    cols: u32,
    goal: (u32, u32),
    distances: Cow<'a, [i32]>,
}

impl<'a> BloxorzField<'a> {
    /// Wraps the `rows * cols * 3` entries of a field, in the layout above.
    ///
    /// ```
    /// use flipblox::table_file::BloxorzField;
    /// // A 1x3 level `O..`: standing on the goal is 0; lying on cells 1-2 rolls onto it in 1.
    /// let field = BloxorzField::new(1, 3, vec![0, -1, -1, -1, 1, -1, -1, -1, -1]).unwrap();
    /// assert_eq!(field.goal(), (0, 0));
    /// assert_eq!(field.get(0, 1, 1), Some(1));
    /// ```
    ///
    /// # Errors
    ///
    /// - [`ShapeError::BoardSize`] when `rows` or `cols` is 0.
    /// - [`ShapeError::Length`] unless there are exactly `rows * cols * 3` entries.
    /// - [`ShapeError::Entry`] for an entry below -1 or not below the number of entries (no
    ///   shortest path is that long).
    /// - [`ShapeError::Goal`] unless exactly one entry is 0 and it is a standing state (the
    ///   goal: a field is computed by one reverse search from standing on the goal).
    pub fn new(
        rows: u32,
        cols: u32,
        distances: impl Into<Cow<'a, [i32]>>,
    ) -> Result<BloxorzField<'a>, ShapeError> {
        let distances = distances.into();
        if rows == 0 || cols == 0 {
            return Err(ShapeError::BoardSize { rows: rows.into(), cols: cols.into() });
        }
        let expected = u64::from(rows) * u64::from(cols) * ORIENTATIONS as u64;
        let len = distances.len() as u64;
        if len != expected {
            return Err(ShapeError::Length { expected, found: len });
        }
        let mut zeros = 0u64;
        let mut first_zero = None;
        for (i, &d) in distances.iter().enumerate() {
            if d < UNREACHABLE || i64::from(d) >= len as i64 {
                let sentinel = i64::from(UNREACHABLE);
                return Err(ShapeError::Entry { index: i as u64, value: d.into(), sentinel });
            }
            if d == 0 {
                zeros += 1;
                first_zero.get_or_insert(i as u64);
            }
        }
        let goal = match first_zero {
            Some(i) if zeros == 1 && i % ORIENTATIONS as u64 == 0 => {
                let cell = i / ORIENTATIONS as u64;
                ((cell / u64::from(cols)) as u32, (cell % u64::from(cols)) as u32)
            }
            _ => return Err(ShapeError::Goal { zeros, first: first_zero }),
        };
        Ok(BloxorzField { rows, cols, goal, distances })
    }

    /// Rows of the level.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the level.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The goal cell `(row, col)`: where the only 0 entry (standing) is.
    pub fn goal(&self) -> (u32, u32) {
        self.goal
    }

    /// All entries in C order over `(row, col, orientation)`.
    pub fn distances(&self) -> &[i32] {
        &self.distances
    }

    /// The entry for orientation `orientation` at `(row, col)`: a distance or -1; `None` when the
    /// coordinates are outside the field.
    pub fn get(&self, row: u32, col: u32, orientation: usize) -> Option<i32> {
        if row >= self.rows || col >= self.cols || orientation >= ORIENTATIONS {
            return None;
        }
        let cell = u64::from(row) * u64::from(self.cols) + u64::from(col);
        let index = usize::try_from(cell).ok()? * ORIENTATIONS + orientation;
        self.distances.get(index).copied()
    }

    /// Entries at each distance, and how many are -1.
    pub fn histogram(&self) -> Histogram {
        Histogram::of_i32(&self.distances)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flip_tables_check_their_shape() {
        assert_eq!(FlipTable::embedded().states(), 65_536);
        assert_eq!(FlipTable::new(0, 4, &[]), Err(ShapeError::BoardSize { rows: 0, cols: 4 }));
        assert_eq!(FlipTable::new(6, 6, &[]), Err(ShapeError::BoardSize { rows: 6, cols: 6 }));
        assert_eq!(
            FlipTable::new(1, 2, &[0; 3]),
            Err(ShapeError::Length { expected: 4, found: 3 })
        );
    }

    #[test]
    fn bloxorz_fields_check_shape_entries_and_goal() {
        let ok = [0, -1, -1, -1, 1, -1, -1, -1, -1];
        let field = BloxorzField::new(1, 3, &ok[..]).unwrap();
        assert_eq!(field.goal(), (0, 0));
        assert_eq!(field.get(0, 1, 1), Some(1));
        assert_eq!(field.get(0, 3, 0), None);
        assert_eq!(field.get(0, 0, 3), None);
        assert_eq!(field.histogram().counts, vec![1, 1]);
        assert_eq!(
            BloxorzField::new(1, 3, &ok[1..]),
            Err(ShapeError::Length { expected: 9, found: 8 })
        );
        let mut bad = ok;
        bad[2] = -2;
        assert_eq!(
            BloxorzField::new(1, 3, &bad[..]),
            Err(ShapeError::Entry { index: 2, value: -2, sentinel: -1 })
        );
        bad[2] = 9;
        assert!(matches!(
            BloxorzField::new(1, 3, &bad[..]),
            Err(ShapeError::Entry { index: 2, .. })
        ));
        let mut two_goals = ok;
        two_goals[3] = 0;
        assert_eq!(
            BloxorzField::new(1, 3, &two_goals[..]),
            Err(ShapeError::Goal { zeros: 2, first: Some(0) })
        );
        let mut lying_goal = [-1; 9];
        lying_goal[4] = 0;
        assert_eq!(
            BloxorzField::new(1, 3, &lying_goal[..]),
            Err(ShapeError::Goal { zeros: 1, first: Some(4) })
        );
        assert_eq!(
            BloxorzField::new(0, 3, Vec::new()),
            Err(ShapeError::BoardSize { rows: 0, cols: 3 })
        );
    }
}
