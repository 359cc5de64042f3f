//! The distance-to-goal field of a level ([`DistanceField`]): for every state, the minimum number
//! of rolls that bring the box from it to stand on the target (`flipblox export bloxorz`).
//!
//! # Layout
//!
//! A [`DistanceField`] of shape `(rows, cols, 3)`, `i32`, in level coordinates (no padding):
//! entry `(r, c, o)`, index `(cols * r + c) * 3 + o`, is the distance from the box in
//! orientation `o` with its anchor on cell `(r, c)` (0-based from the top-left) to the box
//! standing on the target `O`; or [`IMPOSSIBLE`] (-1) when the box may rest there but
//! cannot reach the target from there; or [`ILLEGAL`] (-2) when the box may not rest there (a
//! cube off the level or on an empty cell, or standing on a fragile `E`). Orientation 0 = standing on
//! `(r, c)`, 1 = lying on `(r, c)` and `(r, c+1)`, 2 = lying on `(r, c)` and `(r+1, c)`
//! ([`Orientation::index`](crate::bloxorz::Orientation::index)). Exactly one entry is 0: standing
//! on the target. The entry of the level's start is its POJ 3322 answer.
//!
//! # One reverse search over the inverse moves
//!
//! The distance *to* the goal from every state is the distance *from* the goal in the graph of
//! inverse moves, so one breadth-first search backwards from "standing on `O`" gives the whole
//! field: the predecessors of a state `t` are the states `s` with a roll from `s` to `t`.
//!
//! For Bloxorz the inverse of a roll is the roll in the opposite direction from the result: a
//! roll turns the box 90 degrees over one of its bottom edges, and rolling it back over that same
//! edge ([`Move::opposite`](crate::bloxorz::Move::opposite); the table in
//! [`moves`](crate::bloxorz::model::moves)) puts it where it was. And whether a roll is allowed depends only on the two states it joins: the box must be
//! able to rest in each (every cube on a non-empty cell of the level, and not standing on a
//! fragile `E`). Nothing depends on the cells the box passes over or leaves behind: a fragile
//! cell only matters for the state the box lands in, where it would carry the box standing. So
//! the inverse of a legal roll is a legal roll, the predecessors of a state are exactly its legal
//! roll-neighbours, and the backward search over the inverse moves is the forward POJ search
//! (`poj.rs`) started at the goal with nothing to stop at: the same search that answers levels,
//! with the same roll table, so no move is described twice. Its layer number is the
//! distance. States it never reaches are -1 ([`IMPOSSIBLE`]); states the box may not rest in are
//! -2 ([`ILLEGAL`]).
//!
//! (This holds for POJ 3322's rules. Levels with switches and bridges change the terrain as the
//! box moves, so their moves are not their own inverses and need a search over the full state.)
//!
//! # Memory
//!
//! [`Solver::distance_field`](crate::bloxorz::Solver::distance_field) needs the level and the search's scratch (together 16 bytes per padded
//! cell, [`bytes_needed`]) and the field (12 bytes per cell); writing a field as a `bincode`
//! table file copies its payload once more (12 bytes per cell). [`field_bytes_needed`] adds
//! them up, and [`read_level`] refuses a level that would need more than a limit at its header,
//! before anything is allocated for it.

use std::borrow::Cow;
use std::fmt;

use super::poj::Scratch;
use crate::bloxorz::model::level::{Level, Orientation, PADDING, Placement};
use crate::bloxorz::model::mechanics::CellAt;
use crate::bloxorz::model::moves::bytes_needed;
use crate::bloxorz::model::moves::state_of;
use crate::bloxorz::read::{ErrorKind, LevelError, LevelSource, Levels, Limit, PackReader};
use crate::memory::{AllocError, try_reserve};
use crate::shape::ShapeError;
use crate::text::{Position, plural};

/// Orientations per cell: the last axis of a field (0 standing, 1 lying horizontally, 2 lying
/// vertically; [`Orientation::index`](crate::bloxorz::Orientation::index)).
pub const ORIENTATIONS: usize = 3;

/// The entry of a state the box may rest in but from which the goal cannot be reached: the
/// Bloxorz "Impossible" of `flipblox bloxorz`.
pub const IMPOSSIBLE: i32 = -1;

/// The entry of a state the box may not rest in (a cube off the level or on an empty cell, or
/// standing on a fragile `E`): not a state of the puzzle at all.
pub const ILLEGAL: i32 = -2;

/// A Bloxorz distance-to-goal field of a `rows x cols` level: shape `(rows, cols, 3)`, `i32`.
///
/// Entry `(r, c, o)` (index `(cols * r + c) * 3 + o`) is the minimum number of rolls from the box
/// in orientation `o` at cell `(r, c)` to the box standing on the goal,
/// [`IMPOSSIBLE`](DistanceField::IMPOSSIBLE) (-1) when the goal cannot be reached from that state,
/// or [`ILLEGAL`](DistanceField::ILLEGAL) (-2) when the box may not rest there. Orientation 0 =
/// standing on `(r, c)`, 1 = lying on `(r, c)` and `(r, c+1)`, 2 = lying on `(r, c)` and `(r+1, c)`
/// (POJ 3322's rules; rows and columns 0-based from the top-left).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistanceField<'a> {
    rows: u32,
    cols: u32,
    goal: (u32, u32),
    distances: Cow<'a, [i32]>,
    from_start: bool,
}

impl<'a> DistanceField<'a> {
    /// Wraps the `rows * cols * 3` entries of a field, in the layout above.
    ///
    /// ```
    /// use flipblox::bloxorz::DistanceField;
    /// // A 1x3 level `O..`: standing on the goal is 0; lying on cells 1-2 rolls onto it in 1;
    /// // lying on cells 0-1 never gets there (-1); lying vertically sticks out of the level (-2).
    /// let field = DistanceField::new(1, 3, vec![0, -1, -2, -1, 1, -2, -1, -2, -2]).unwrap();
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
    /// - [`ShapeError::Goal`] unless exactly one entry is 0 (the goal standing, for a field
    ///   computed by one reverse search from standing on the goal; the start, standing or lying,
    ///   for a field from the start,
    ///   [`Solver::distance_field_from_start`](crate::bloxorz::Solver::distance_field_from_start)).
    pub fn new(
        rows: u32,
        cols: u32,
        distances: impl Into<Cow<'a, [i32]>>,
    ) -> Result<DistanceField<'a>, ShapeError> {
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
            if d < ILLEGAL || i64::from(d) >= len as i64 {
                let sentinel = i64::from(ILLEGAL);
                return Err(ShapeError::Entry { index: i as u64, value: d.into(), sentinel });
            }
            if d == 0 {
                zeros += 1;
                first_zero.get_or_insert(i as u64);
            }
        }
        let goal = match first_zero {
            Some(i) if zeros == 1 => {
                let cell = i / ORIENTATIONS as u64;
                ((cell / u64::from(cols)) as u32, (cell % u64::from(cols)) as u32)
            }
            _ => return Err(ShapeError::Goal { zeros, first: first_zero }),
        };
        Ok(DistanceField { rows, cols, goal, distances, from_start: false })
    }

    /// True for a field of the distances from the start
    /// ([`Solver::distance_field_from_start`](crate::bloxorz::Solver::distance_field_from_start)) rather than to
    /// the goal. A field read back from a file says false: the file does not record it
    /// (its only 0 entry is then the start).
    pub fn from_start(&self) -> bool {
        self.from_start
    }

    /// Rows of the level.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// Columns of the level.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The cell `(row, col)` of the only 0 entry: the goal (standing on it), or for a field from
    /// the start, the start's anchor.
    pub fn goal(&self) -> (u32, u32) {
        self.goal
    }

    /// All entries in C order over `(row, col, orientation)`.
    pub fn distances(&self) -> &[i32] {
        &self.distances
    }

    /// The entry for orientation `orientation` at `(row, col)`: a distance, -1
    /// ([`IMPOSSIBLE`](DistanceField::IMPOSSIBLE)) or -2 ([`ILLEGAL`](DistanceField::ILLEGAL));
    /// `None` when the coordinates are outside the field.
    pub fn get(&self, row: u32, col: u32, orientation: usize) -> Option<i32> {
        if row >= self.rows || col >= self.cols || orientation >= ORIENTATIONS {
            return None;
        }
        let cell = u64::from(row) * u64::from(self.cols) + u64::from(col);
        let index = usize::try_from(cell).ok()? * ORIENTATIONS + orientation;
        self.distances.get(index).copied()
    }

    /// How many entries are at each distance (index = distance, up to the largest), how many are -1
    /// ([`IMPOSSIBLE`](DistanceField::IMPOSSIBLE)) and how many are -2
    /// ([`ILLEGAL`](DistanceField::ILLEGAL)): `(counts, impossible, illegal)`.
    pub fn histogram(&self) -> (Vec<u64>, u64, u64) {
        let mut counts: Vec<u64> = Vec::new();
        let (mut impossible, mut illegal) = (0, 0);
        for &d in self.distances.iter() {
            match usize::try_from(d) {
                Ok(d) => {
                    if d >= counts.len() {
                        counts.resize(d + 1, 0);
                    }
                    counts[d] += 1;
                }
                Err(_) if d == IMPOSSIBLE => impossible += 1,
                Err(_) => illegal += 1,
            }
        }
        (counts, impossible, illegal)
    }
}

/// Bytes per level cell that exporting a field adds to the search's [`bytes_needed`]: 4 per
/// `i32` entry, 3 entries per cell, twice (the field, and the `bincode` payload's copy).
pub const FIELD_BYTES_PER_CELL: u64 = 2 * 4 * ORIENTATIONS as u64;

/// [`DistanceField::bytes_needed`].
pub(crate) fn field_bytes_needed(rows: u64, cols: u64) -> Option<u64> {
    let entries = rows.checked_mul(cols)?.checked_mul(ORIENTATIONS as u64)?;
    if entries > i32::MAX as u64 {
        return None;
    }
    bytes_needed(rows, cols)?.checked_add(entries / ORIENTATIONS as u64 * FIELD_BYTES_PER_CELL)
}

impl DistanceField<'_> {
    /// Bytes needed to export the distance field of a `rows x cols` level: the search
    /// ([`Level::bytes_needed`](crate::bloxorz::Level::bytes_needed): the padded level and the
    /// search's scratch) plus `FIELD_BYTES_PER_CELL` per cell. `None` when the field would have
    /// more than `i32::MAX` entries (its distances could not all be `i32`s) or the search's state
    /// index would not fit a `u32`.
    ///
    /// ```
    /// use flipblox::bloxorz::{DistanceField, Level};
    /// let needed = DistanceField::bytes_needed(500, 500);
    /// assert_eq!(needed, Some(16 * 504 * 504 + 24 * 500 * 500));
    /// assert_eq!(needed.unwrap() - Level::bytes_needed(500, 500).unwrap(), 6_000_000);
    /// assert_eq!(DistanceField::bytes_needed(30_000, 30_000), None);
    /// ```
    pub fn bytes_needed(rows: u64, cols: u64) -> Option<u64> {
        field_bytes_needed(rows, cols)
    }
}

/// Why a level's distance field could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FieldError {
    /// The level could not be read (`LINE:COLUMN: level N: ...`, as from `flipblox bloxorz`),
    /// including a level too large for the search alone.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// The level's field would need more memory than the limit
    /// ([`DistanceField::bytes_needed`](crate::bloxorz::DistanceField::bytes_needed)), or have more
    /// than `i32::MAX` entries; refused at its header, before anything was allocated.
    #[error("{position}: level {level}: {}", TooLargeText { rows: *rows, cols: *cols, needed: *needed, limit: *limit })]
    TooLarge {
        /// 1-based number of the level.
        level: usize,
        /// Where its header is.
        position: Position,
        /// Rows in the header.
        rows: u64,
        /// Columns in the header.
        cols: u64,
        /// [`DistanceField::bytes_needed`](crate::bloxorz::DistanceField::bytes_needed); `None`
        /// when the field cannot be made at any memory limit.
        needed: Option<u64>,
        /// The limit in bytes.
        limit: u64,
    },
    /// The pack has fewer levels than the number asked for (levels that could not be read
    /// count, as in `flipblox bloxorz`).
    #[error("level {level} is out of range: the pack has {levels} level{}{}", plural(*levels), range(*levels))]
    OutOfRange {
        /// The level asked for.
        level: usize,
        /// Levels in the pack.
        levels: usize,
    },
    /// The system refused memory for the search or the field (within the memory limit).
    #[error(transparent)]
    Memory(#[from] AllocError),
    /// The level has switches or split switches (the original game's mechanics): its states
    /// include the bridge configuration and split cubes, which an (R, C, 3) field of
    /// block placements cannot describe.
    #[error(
        "the level has switches or split switches (the first at row {}, column {}); distance \
         fields describe POJ 3322 levels (without them) only",
        cell.0 + 1,
        cell.1 + 1
    )]
    Mechanics {
        /// The first switch or split switch in row-major order, `(row, col)`, 0-based
        /// (`cell_position` places it in a text pack).
        cell: CellAt,
    },
    /// [`Solver::distance_field`](crate::bloxorz::Solver::distance_field) on a level of more than
    /// `i32::MAX` states.
    #[error("a level of {rows} x {cols} cells has more states than an int32 field can hold")]
    TooManyStates {
        /// Rows of the level.
        rows: usize,
        /// Columns of the level.
        cols: usize,
    },
}

impl FieldError {
    /// True when the error is a memory limit that a larger limit would lift (the command-line
    /// tool then names its `--max-memory` option).
    pub fn is_over_memory_limit(&self) -> bool {
        match self {
            FieldError::Level(e) => e.kind.is_over_memory_limit(),
            FieldError::TooLarge { needed, .. } => needed.is_some(),
            _ => false,
        }
    }

    /// Where in the pack the problem is, for the errors
    /// [`DistanceField::read_level`](crate::bloxorz::DistanceField::read_level) finds at a place
    /// ([`FieldError::Level`] and [`FieldError::TooLarge`]), whose messages read `LINE:COLUMN:
    /// level N: ...`: prefix them with `PATH:`; the others with `PATH: `.
    /// ([`FieldError::Mechanics`] names a cell of the level, not of the input.)
    pub fn position(&self) -> Option<Position> {
        match self {
            FieldError::Level(e) => e.position,
            FieldError::TooLarge { position, .. } => Some(*position),
            FieldError::OutOfRange { .. }
            | FieldError::TooManyStates { .. }
            | FieldError::Mechanics { .. }
            | FieldError::Memory(_) => None,
        }
    }
}

/// The text of [`FieldError::TooLarge`] after `level N: `.
struct TooLargeText {
    rows: u64,
    cols: u64,
    needed: Option<u64>,
    limit: u64,
}

impl fmt::Display for TooLargeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let TooLargeText { rows, cols, needed, limit } = self;
        match needed {
            Some(n) => write!(
                f,
                "a level of {rows} x {cols} cells needs {n} bytes to export its distance field, \
                 more than the memory limit of {limit} bytes"
            ),
            None => write!(
                f,
                "a level of {rows} x {cols} cells has too many states for an int32 distance field"
            ),
        }
    }
}

fn range(levels: usize) -> String {
    match levels {
        0 => String::new(),
        1 => " (level 1)".to_string(),
        n => format!(" (1 to {n})"),
    }
}

/// [`DistanceField::read_level`].
pub(crate) fn read_level(pack: &[u8], number: usize, max_memory: u64) -> Result<Level, FieldError> {
    let mut reader = PackReader::new(pack).max_memory(max_memory);
    let mut level = Level::new();
    while reader.levels_started() + 1 < number {
        if reader.read_into(&mut level).is_none() {
            return Err(FieldError::OutOfRange { level: number, levels: reader.levels_started() });
        }
    }
    if number > 0 {
        // Probe the header with a limit of 0 bytes: every well-formed header is then refused
        // with its size and position before anything is allocated, which tells whether the
        // field fits. Any other outcome (`0 0`, a bad header) is repeated by the read below.
        if let Some(Err(probe)) = reader.clone().max_memory(0).read_into(&mut level)
            && let ErrorKind::Limit(Limit::TooLarge { rows, cols, .. }) = probe.kind
            && let Some(position) = probe.position
        {
            let needed = field_bytes_needed(rows, cols);
            if needed.is_none_or(|n| n > max_memory) {
                let (level, limit) = (number, max_memory);
                return Err(FieldError::TooLarge { level, position, rows, cols, needed, limit });
            }
        }
        match reader.read_into(&mut level) {
            Some(Ok(())) => return Ok(level),
            Some(Err(e)) => return Err(e.into()),
            None => {}
        }
    }
    while reader.read_into(&mut level).is_some() {}
    Err(FieldError::OutOfRange { level: number, levels: reader.levels_started() })
}

impl DistanceField<'_> {
    /// Reads level `number` (1-based) of the pack in `pack`, for its distance field.
    ///
    /// The levels before it are read and set aside (their errors do not matter; they count, as in
    /// `flipblox bloxorz`, so the numbers agree). Level `number` is refused at its header, before
    /// anything is allocated for it, when its field would need more than `max_memory` bytes
    /// ([`DistanceField::bytes_needed`](crate::bloxorz::DistanceField::bytes_needed)).
    ///
    /// ```
    /// use flipblox::bloxorz::{DistanceField, FieldError};
    /// let read_level = DistanceField::read_level;
    /// let pack = b"1 3\nX.O\n2 2\nXq\n.O\n1 4\nXX.O\n0 0\n";
    /// assert_eq!(read_level(pack, 3, 1 << 20).unwrap().target(), (0, 3));
    /// let bad = read_level(pack, 2, 1 << 20).unwrap_err();
    /// assert!(bad.to_string().starts_with("4:2: level 2: expected a cell '.', 'E', '#', 'O', 'X'"));
    /// assert!(bad.to_string().ends_with("found 'q'"));
    /// assert_eq!(
    ///     read_level(pack, 4, 1 << 20).unwrap_err(),
    ///     FieldError::OutOfRange { level: 4, levels: 3 }
    /// );
    /// assert!(matches!(read_level(pack, 1, 100), Err(FieldError::TooLarge { level: 1, .. })));
    /// ```
    ///
    /// # Errors
    ///
    /// - [`FieldError::Level`]: level `number` could not be read (bad header, bad cell, short or
    ///   long row, cut off, wrong `O` or `X`).
    /// - [`FieldError::TooLarge`]: its field would need more than `max_memory` bytes.
    /// - [`FieldError::OutOfRange`]: the pack has fewer than `number` levels (or `number` is 0).
    pub fn read_level(pack: &[u8], number: usize, max_memory: u64) -> Result<Level, FieldError> {
        read_level(pack, number, max_memory)
    }

    /// Reads level `number` (1-based) of any level source (a drawing, the Flash game's stages,
    /// a PDDL file), for its distance field: the levels before it are read and set aside (they
    /// count, as in `flipblox bloxorz`), and level `number` is refused after it is read when its
    /// field would need more than `max_memory` bytes. A pack held as bytes is better read with
    /// [`DistanceField::read_level`], which refuses a level too large at its header.
    ///
    /// # Errors
    ///
    /// - [`FieldError::Level`]: level `number` could not be read.
    /// - [`FieldError::TooLarge`]: its field would need more than `max_memory` bytes (the
    ///   position is the level's first line, or 1:1 when the source has none).
    /// - [`FieldError::OutOfRange`]: the source has fewer than `number` levels.
    pub fn read_level_from(
        mut source: impl LevelSource,
        number: usize,
        max_memory: u64,
    ) -> Result<Level, FieldError> {
        let mut level = Level::new();
        while let Some(read) = source.read_into(&mut level) {
            if source.levels_started() == number {
                read?;
                let (rows, cols) = (level.rows() as u64, level.cols() as u64);
                let needed = field_bytes_needed(rows, cols);
                if needed.is_none_or(|n| n > max_memory) {
                    let position = level.origin().unwrap_or(Position { line: 1, column: 1 });
                    let limit = max_memory;
                    let (level, rows, cols) = (number, rows, cols);
                    return Err(FieldError::TooLarge {
                        level,
                        position,
                        rows,
                        cols,
                        needed,
                        limit,
                    });
                }
                return Ok(level);
            }
        }
        Err(FieldError::OutOfRange { level: number, levels: source.levels_started() })
    }
}

impl Levels<'_> {
    /// Level `number` (1-based; the levels before it count, readable or not), for its distance
    /// field: a text pack held whole refuses a level too large for the field at its header
    /// ([`DistanceField::read_level`]), other inputs after reading it
    /// ([`DistanceField::read_level_from`]), both within the input's memory limit.
    ///
    /// # Errors
    ///
    /// As [`DistanceField::read_level`].
    pub fn level_for_field(&mut self, number: usize) -> Result<Level, FieldError> {
        let max_memory = self.max_memory();
        match self.unread_pack() {
            Some(bytes) => read_level(bytes, number, max_memory),
            None => DistanceField::read_level_from(self, number, max_memory),
        }
    }
}

/// The distance-to-goal field of `level` (layout in the [module docs](self)), by one reverse
/// breadth-first search from standing on the target. [`Solver::distance_field`](crate::bloxorz::Solver::distance_field)
/// does the same with search memory reused across levels.
///
/// # Errors
///
/// - [`FieldError::Mechanics`] when the level has switches or split switches.
/// - [`FieldError::TooManyStates`] when the level has more than `i32::MAX` states (the parser's
///   limit allows such levels only with a memory limit above 13 GB).
#[cfg(test)]
pub(crate) fn distance_field(level: &Level) -> Result<DistanceField<'static>, FieldError> {
    distance_field_in(level, &mut Scratch::default())
}

/// The distance field of `level` in a caller's [`Scratch`], reused across levels.
pub(crate) fn distance_field_in(
    level: &Level,
    scratch: &mut Scratch,
) -> Result<DistanceField<'static>, FieldError> {
    let (tr, tc) = level.target();
    field_from(level, scratch, state_of(level, Placement::standing(tr, tc)))
}

/// The field of the distances between state `origin` and every state of `level` (the moves of
/// a POJ 3322 level are undone by the opposite moves, so from and to are the same), by one
/// breadth-first search from `origin`.
fn field_from(
    level: &Level,
    scratch: &mut Scratch,
    origin: u32,
) -> Result<DistanceField<'static>, FieldError> {
    if let Some(cell) = level.mechanics().first_switch_or_split() {
        return Err(FieldError::Mechanics { cell });
    }
    let (rows, cols) = (level.rows(), level.cols());
    let too_many = || FieldError::TooManyStates { rows, cols };
    let entries =
        rows.checked_mul(cols).and_then(|n| n.checked_mul(ORIENTATIONS)).ok_or_else(too_many)?;
    if entries > i32::MAX as usize {
        return Err(too_many());
    }
    scratch.reserve(level.grid().len())?;
    scratch.search(level, origin, None);
    let mut distances = Vec::new();
    try_reserve(&mut distances, entries, "the distance field")?;
    // Every state starts ILLEGAL or IMPOSSIBLE by whether the box may rest there; the search then
    // writes the distance of every state it reached.
    for row in 0..rows {
        for col in 0..cols {
            for orientation in Orientation::ALL {
                let legal = level.can_rest(Placement { row, col, orientation });
                distances.push(if legal { IMPOSSIBLE } else { ILLEGAL });
            }
        }
    }
    let width = level.width();
    for (state, distance) in scratch.reached() {
        let anchor = state as usize / ORIENTATIONS;
        // Reached states rest on level cells, so the anchor is never on the padding.
        let (row, col) = (anchor / width - PADDING, anchor % width - PADDING);
        let o = state as usize % ORIENTATIONS;
        // A distance is below the number of states reached, at most `entries <= i32::MAX`.
        distances[(row * cols + col) * ORIENTATIONS + o] = distance as i32;
    }
    let (rows, cols) = (rows as u32, cols as u32);
    // Exactly one 0 (the origin), every entry -2, -1 or below `entries`: always a field.
    Ok(DistanceField::new(rows, cols, distances).expect("a search gives a valid field"))
}

/// [`Solver::distance_field_from_start`](crate::bloxorz::Solver::distance_field_from_start) in a caller's [`Scratch`], reused across levels.
pub(crate) fn distance_field_from_start_in(
    level: &Level,
    scratch: &mut Scratch,
) -> Result<DistanceField<'static>, FieldError> {
    let from = state_of(level, level.start());
    let mut field = field_from(level, scratch, from)?;
    field.from_start = true;
    Ok(field)
}

impl DistanceField<'_> {
    /// Orientations per cell, the last axis of a field
    /// ([`ORIENTATIONS`](DistanceField::ORIENTATIONS)).
    pub const ORIENTATIONS: usize = ORIENTATIONS;
    /// The entry of a state from which the goal cannot be reached
    /// ([`IMPOSSIBLE`](DistanceField::IMPOSSIBLE)).
    pub const IMPOSSIBLE: i32 = IMPOSSIBLE;
    /// The entry of a state the box may not rest in ([`ILLEGAL`](DistanceField::ILLEGAL)).
    pub const ILLEGAL: i32 = ILLEGAL;

    /// The entry for the box at `placement` (a distance, -1 or -2), in level coordinates.
    ///
    /// # Panics
    ///
    /// If `placement` is outside the field.
    pub fn at(&self, placement: Placement) -> i32 {
        let at = |n: usize| u32::try_from(n).expect("placement inside the field");
        let (row, col, o) = (at(placement.row), at(placement.col), placement.orientation.index());
        self.get(row, col, o).expect("placement inside the field")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bloxorz::model::moves::{Move, roll};

    #[test]
    fn the_field_of_a_row_level_counts_rolls_to_the_target() {
        use super::distance_field;
        use crate::bloxorz::PackReader;
        let level = PackReader::new(b"1 4\n.XXO\n").next().unwrap().unwrap();
        let field = distance_field(&level).unwrap();
        assert_eq!(field.goal(), (0, 3));
        assert_eq!(field.get(0, 1, 1), Some(1)); // lying on the two X: one roll right
        assert_eq!(field.get(0, 0, 0), Some(2)); // standing on the first cell: R, R
        // Standing on (0, 1) the box only rolls to lying on (0, 2) and (0, 3) and back.
        assert_eq!(field.get(0, 1, 0), Some(-1)); // IMPOSSIBLE
        assert_eq!(field.get(0, 3, 1), Some(-2)); // ILLEGAL: it would stick out of the level
    }

    fn level(text: &str) -> Level {
        PackReader::new(text.as_bytes()).next().unwrap().unwrap()
    }

    const POJ_SAMPLE: &str = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n";

    /// Every legal state's entry is one more than the best of its neighbours' (or 0 at the
    /// goal) or -1 when none has a distance, and illegal states are -2: the Bellman equations of
    /// shortest paths.
    fn check_bellman(level: &Level, field: &DistanceField<'_>) {
        let (tr, tc) = level.target();
        for row in 0..level.rows() {
            for col in 0..level.cols() {
                for orientation in Orientation::ALL {
                    let p = Placement { row, col, orientation };
                    let d = field.at(p);
                    if !level.can_rest(p) {
                        assert_eq!(d, -2, "{p}");
                        continue;
                    }
                    if p == Placement::standing(tr, tc) {
                        assert_eq!(d, 0);
                        continue;
                    }
                    let best = Move::ALL
                        .iter()
                        .filter_map(|&m| roll(level, p, m))
                        .map(|q| field.at(q))
                        .filter(|&e| e >= 0)
                        .min();
                    assert_eq!(d, best.map_or(-1, |b| b + 1), "{p}");
                }
            }
        }
    }

    #[test]
    fn the_poj_sample_field_answers_10_at_the_start_and_satisfies_bellman() {
        let level = level(POJ_SAMPLE);
        let field = distance_field(&level).unwrap();
        assert_eq!((field.rows(), field.cols(), field.goal()), (7, 7, (2, 5)));
        assert_eq!(field.at(level.start()), 10);
        check_bellman(&level, &field);
    }

    #[test]
    fn a_reused_scratch_gives_the_same_fields() {
        let texts =
            [POJ_SAMPLE, "1 4\nXX.O\n", "3 3\nX#O\n...\n...\n", "1 3\nX.O\n", "3 1\nO\nE\nX\n"];
        let mut scratch = Scratch::default();
        for _ in 0..2 {
            for text in texts {
                let level = level(text);
                let field = distance_field_in(&level, &mut scratch).unwrap();
                assert_eq!(field, distance_field(&level).unwrap(), "{text}");
                check_bellman(&level, &field);
            }
        }
    }

    #[test]
    fn levels_are_found_by_number_and_refused_with_their_reason() {
        let pack = b"\n1 3\nX.O\nbad\n2 2\nXq\n.O\n1 4\nXX.O\n";
        // The stray line counts as a level, as in `flipblox bloxorz`.
        assert_eq!(read_level(pack, 1, 1 << 20).unwrap().cols(), 3);
        assert!(matches!(read_level(pack, 2, 1 << 20), Err(FieldError::Level(_))));
        assert!(matches!(read_level(pack, 3, 1 << 20), Err(FieldError::Level(_))));
        assert_eq!(read_level(pack, 4, 1 << 20).unwrap().cols(), 4);
        let out = read_level(pack, 5, 1 << 20).unwrap_err();
        assert_eq!(out.to_string(), "level 5 is out of range: the pack has 4 levels (1 to 4)");
        assert_eq!(out.position(), None);
        let zero = read_level(pack, 0, 1 << 20).unwrap_err();
        assert_eq!(zero, FieldError::OutOfRange { level: 0, levels: 4 });
        let empty = read_level(b"0 0\n1 3\nX.O\n", 1, 1 << 20).unwrap_err();
        assert_eq!(empty.to_string(), "level 1 is out of range: the pack has 0 levels");
        // 1x4: the search needs 16 * 5 * 8 = 640 bytes, the field and its copy 2 * 48 more.
        let needed = field_bytes_needed(1, 4).unwrap();
        assert_eq!(needed, 640 + 96);
        assert!(read_level(pack, 4, needed).is_ok());
        let refused = read_level(pack, 4, needed - 1).unwrap_err();
        assert_eq!(refused.position(), Some(Position { line: 8, column: 1 }));
        assert_eq!(
            refused.to_string(),
            format!(
                "8:1: level 4: a level of 1 x 4 cells needs {needed} bytes to export its distance \
                 field, more than the memory limit of {} bytes",
                needed - 1
            )
        );
        let huge = read_level(b"100000 100000\n", 1, u64::MAX).unwrap_err();
        assert!(
            huge.to_string().ends_with("too many states for an int32 distance field"),
            "{huge}"
        );
    }

    #[test]
    fn bloxorz_fields_check_shape_entries_and_goal() {
        let ok = [0, -1, -1, -1, 1, -2, -1, -2, -2];
        let field = DistanceField::new(1, 3, &ok[..]).unwrap();
        assert_eq!(field.goal(), (0, 0));
        assert_eq!(field.get(0, 1, 1), Some(1));
        assert_eq!(field.get(0, 3, 0), None);
        assert_eq!(field.get(0, 0, 3), None);
        assert_eq!(field.histogram(), (vec![1, 1], 4, 3));
        assert_eq!(
            DistanceField::new(1, 3, &ok[1..]),
            Err(ShapeError::Length { expected: 9, found: 8 })
        );
        let mut bad = ok;
        bad[2] = -3;
        assert_eq!(
            DistanceField::new(1, 3, &bad[..]),
            Err(ShapeError::Entry { index: 2, value: -3, sentinel: -2 })
        );
        bad[2] = 9;
        assert!(matches!(
            DistanceField::new(1, 3, &bad[..]),
            Err(ShapeError::Entry { index: 2, .. })
        ));
        let mut two_goals = ok;
        two_goals[3] = 0;
        assert_eq!(
            DistanceField::new(1, 3, &two_goals[..]),
            Err(ShapeError::Goal { zeros: 2, first: Some(0) })
        );
        let mut lying_goal = [-1; 9];
        lying_goal[4] = 0;
        // A lying 0 is the start of a field from the start.
        assert_eq!(DistanceField::new(1, 3, &lying_goal[..]).unwrap().goal(), (0, 1));
        assert_eq!(
            DistanceField::new(0, 3, Vec::new()),
            Err(ShapeError::BoardSize { rows: 0, cols: 3 })
        );
    }
}
