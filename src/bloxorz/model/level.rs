//! The level model: a padded grid of cell flags, the start and the target (POJ 3322).
//!
//! A level of `rows x cols` cells is stored with [`PADDING`] empty cells on every side, row by
//! row, in a grid [`Level::width`] = `cols + 4` cells wide and [`Level::height`] = `rows + 4` cells
//! high. Padded cell `(r, c)` (0-based, padding included) has index `r * width + c`; level cell
//! `(row, col)` is padded cell `(row + 2, col + 2)`. Outside the level everything is empty, so a
//! roll off the edge lands on padding that nothing may rest on, and no roll ever needs a bounds
//! check: from any legal position a roll moves the box at most two cells.
//!
//! Each padded cell is one byte of flags:
//!
//! | bit | flag | meaning |
//! |---|---|---|
//! | 0 | [`flags::STAND`] | a standing box may rest on this cell (rigid: `.`, `O`, `X`; `S`, `H`, `V` and `B` too) |
//! | 1 | [`flags::LIE_H`] | a box lying horizontally with its left cube here may rest (this cell and the one to its right are not empty) |
//! | 2 | [`flags::LIE_V`] | a box lying vertically with its top cube here may rest (this cell and the one below are not empty) |
//! | 3 | [`flags::SOLID`] | the cell is not empty (`.`, `E`, `O`, `X`, `S`, `H`, `V`, `B`) |
//! | 4 | [`flags::FRAGILE`] | the cell is fragile (`E`) |
//!
//! Bits 0 to 2 are `1 << orientation` ([`Orientation::index`]), so "may the box rest in this
//! orientation with its anchor here" is one load and one test.

use std::fmt;

use super::mechanics::{Mechanics, Special, SwitchKind};
use crate::memory::{AllocError, advise_huge_pages, try_reserve};
use crate::text::Position;

/// Empty cells added on each side of the level (see the module docs).
pub const PADDING: usize = 2;

/// The cell flags of the padded grid (see the module docs for the layout).
pub mod flags {
    /// A standing box may rest here: the cell is rigid.
    pub const STAND: u8 = 1 << 0;
    /// A box lying horizontally with its left cube here may rest: this cell and its right
    /// neighbour are not empty.
    pub const LIE_H: u8 = 1 << 1;
    /// A box lying vertically with its top cube here may rest: this cell and the one below are
    /// not empty.
    pub const LIE_V: u8 = 1 << 2;
    /// The cell is not empty.
    pub const SOLID: u8 = 1 << 3;
    /// The cell is fragile (`E`): solid, but not rigid.
    pub const FRAGILE: u8 = 1 << 4;

    // `Level::finish` shifts SOLID into place to set the lying flags.
    const _: () = assert!(SOLID >> 2 == LIE_H && SOLID >> 1 == LIE_V);
}

/// What a cell of the level is made of (POJ 3322: `.` rigid, `E` fragile, `#` empty; `O` and `X`
/// are rigid).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Cell {
    /// Nothing may rest on it (`#`, and everything outside the level).
    Empty,
    /// A lying box may rest on it, a standing box may not (`E`).
    Fragile,
    /// Any box may rest on it (`.`, `O`, `X`).
    Rigid,
}

/// How the box lies: on one cell or along two neighbouring cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// Standing on one cell.
    Standing = 0,
    /// Lying horizontally on its anchor and the cell to its right.
    Horizontal = 1,
    /// Lying vertically on its anchor and the cell below it.
    Vertical = 2,
}

impl Orientation {
    /// All three orientations, in index order.
    pub const ALL: [Orientation; 3] =
        [Orientation::Standing, Orientation::Horizontal, Orientation::Vertical];

    /// 0 standing, 1 lying horizontally, 2 lying vertically.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The orientation with [`Orientation::index`] `index`, if any.
    pub const fn from_index(index: usize) -> Option<Orientation> {
        match index {
            0 => Some(Orientation::Standing),
            1 => Some(Orientation::Horizontal),
            2 => Some(Orientation::Vertical),
            _ => None,
        }
    }

    /// The flag of the padded grid that says a box in this orientation may rest with its anchor
    /// on a cell: `flags::STAND`, `flags::LIE_H` or `flags::LIE_V`.
    pub const fn rest_flag(self) -> u8 {
        1 << self as u8
    }
}

/// Where the box is: its anchor cell (0-based level coordinates, without padding) and its
/// orientation. The anchor is the cell it stands on, or the left (horizontal) or top (vertical)
/// of the two cells it lies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Row of the anchor, from 0 at the top.
    pub row: usize,
    /// Column of the anchor, from 0 at the left.
    pub col: usize,
    /// How the box lies.
    pub orientation: Orientation,
}

impl Placement {
    /// The box standing on `(row, col)`.
    pub const fn standing(row: usize, col: usize) -> Placement {
        Placement { row, col, orientation: Orientation::Standing }
    }

    /// The cells the box covers: one when standing, two when lying (anchor first).
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + use<> {
        let (r, c) = (self.row, self.col);
        let second = match self.orientation {
            Orientation::Standing => None,
            Orientation::Horizontal => Some((r, c + 1)),
            Orientation::Vertical => Some((r + 1, c)),
        };
        std::iter::once((r, c)).chain(second)
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let o = match self.orientation {
            Orientation::Standing => "standing",
            Orientation::Horizontal => "lying horizontally",
            Orientation::Vertical => "lying vertically",
        };
        write!(f, "{o} at row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// One Bloxorz level (POJ 3322): the padded grid of cell flags, the start and the target.
///
/// Levels are made by the readers ([`PackReader`](crate::bloxorz::PackReader) and
/// [`FlashPack`](crate::bloxorz::FlashPack)); a batch reuses one level's buffer for the next level
/// ([`LevelSource::read_into`](crate::bloxorz::LevelSource::read_into)), so it does not allocate
/// per level once its buffers have grown to the largest level.
///
/// Invariant the solver relies on: only level cells carry flags; the padding stays empty, so a
/// cell with a rest flag is at least `PADDING` cells from every edge of the padded grid.
///
/// Memory: one byte per padded cell, `(rows + 4) * (cols + 4)` bytes, plus the lists of its
/// special cells ([`Level::mechanics`]).
///
/// Switches and split switches are rigid cells in the grid of flags, and bridge tiles take the
/// flags of their state at the start (present: rigid; absent: empty), so that a level without
/// switches and split switches is exactly a POJ 3322 level for the fast solver.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Level {
    rows: usize,
    cols: usize,
    grid: Vec<u8>,
    start: Option<Placement>,
    target: (usize, usize),
    terrain_changes: usize,
    mechanics: Mechanics,
    origin: Option<Position>,
    title: Option<String>,
}

impl Level {
    /// An empty level of no cells, ready to be filled by the parser.
    pub fn new() -> Level {
        Level::default()
    }

    /// Makes room for a `rows x cols` level's grid, allocating fallibly, so that filling it
    /// ([`Level::clear`]) allocates nothing. Readers call it once the size has passed the
    /// memory limit.
    ///
    /// # Errors
    ///
    /// The system refused the memory (or the size overflows).
    pub(crate) fn reserve(&mut self, rows: usize, cols: usize) -> Result<(), AllocError> {
        let what = "the level's grid";
        let cells =
            (rows.saturating_add(2 * PADDING)).saturating_mul(cols.saturating_add(2 * PADDING));
        let additional = cells.saturating_sub(self.grid.len());
        let capacity = self.grid.capacity();
        try_reserve(&mut self.grid, additional, what)?;
        if self.grid.capacity() != capacity {
            // The grid is written whole for every level.
            advise_huge_pages(&mut self.grid);
        }
        Ok(())
    }

    /// Makes this level an all-empty `rows x cols` level (start and target unset), reusing its
    /// buffer. Used by the parser, which then sets cells with [`Level::row_mut`].
    ///
    /// # Panics
    ///
    /// If `(rows + 4) * (cols + 4)` overflows `usize`; the parser checks sizes against the memory
    /// limit before it calls this.
    pub(crate) fn clear(&mut self, rows: usize, cols: usize) {
        let cells = (rows + 2 * PADDING)
            .checked_mul(cols + 2 * PADDING)
            .expect("level size checked by the parser");
        self.rows = rows;
        self.cols = cols;
        self.grid.clear();
        self.grid.resize(cells, 0);
        self.start = None;
        self.target = (0, 0);
        self.terrain_changes = 0;
        self.mechanics.clear();
        self.origin = None;
        self.title = None;
    }

    /// The flags of `row` of the level (its `cols` cells, without padding), for the parser to set
    /// with [`Level::material_flags`]; call [`Level::finish`] after the last row.
    pub(crate) fn row_mut(&mut self, row: usize) -> &mut [u8] {
        let begin = self.index(row, 0);
        &mut self.grid[begin..begin + self.cols]
    }

    /// The flags of a cell of material `cell` before [`Level::finish`] adds the lying flags.
    pub(crate) const fn material_flags(cell: Cell) -> u8 {
        match cell {
            Cell::Empty => 0,
            Cell::Fragile => flags::SOLID | flags::FRAGILE,
            Cell::Rigid => flags::SOLID | flags::STAND,
        }
    }

    /// Sets the start and the target and computes the lying flags of every cell.
    pub(crate) fn finish(&mut self, start: Placement, target: (usize, usize)) {
        self.start = Some(start);
        self.target = target;
        if self.rows == 0 || self.cols == 0 {
            self.terrain_changes = 0;
            return;
        }
        let w = self.width();
        // Level cells run from `first` to `last - 1`; between rows lie padding cells, which are
        // empty. Each loop runs once over that whole range (on slices of exactly the lengths it
        // needs, so without bounds checks): short rows cost no loop set-up each, and long ones
        // are read 16 bytes at a time.
        let (first, last) = (self.index(0, 0), self.index(self.rows - 1, self.cols - 1) + 1);
        let n = last - first;
        let material = flags::SOLID | flags::STAND | flags::FRAGILE;
        // Counted in bytes, 128 pairs at a time, so that the compiler compares 16 pairs at once.
        let mut changes = 0;
        let pairs =
            self.grid[first - 1..last - 1].chunks(128).zip(self.grid[first..last].chunks(128));
        for (left, here) in pairs {
            let differs = |(left, here): (&u8, &u8)| u8::from((left ^ here) & material != 0);
            changes += usize::from(left.iter().zip(here).map(differs).sum::<u8>());
        }
        // Along each row, from the padding before its first cell to its last cell: the range
        // also counts, for every row but the last, a change from its last cell to the padding.
        let past_rows = (0..self.rows - 1)
            .filter(|&r| self.grid[self.index(r, self.cols - 1)] & material != 0)
            .count();
        let changes = changes - past_rows;
        // Only level cells can be solid, so looking one cell right and one row down from a level
        // cell stays inside the padded grid (the padding keeps two rows below the last). The
        // flags are worked out 64 cells at a time into a buffer and copied back, so that the
        // reads (which overlap the cells written) and the writes are separate slices.
        let mut i = 0;
        while i < n {
            let k = (n - i).min(64);
            let mut done = [0u8; 64];
            let at = first + i;
            let here = &self.grid[at..at + k];
            let (right, down) = (&self.grid[at + 1..at + k + 1], &self.grid[at + w..at + w + k]);
            let cells = done[..k].iter_mut().zip(here).zip(right).zip(down);
            for (((out, &here), &right), &down) in cells {
                let solid = here & flags::SOLID;
                let (right, down) = (right & flags::SOLID, down & flags::SOLID);
                // SOLID is bit 3; LIE_H bit 1, LIE_V bit 2.
                *out = here | ((solid & right) >> 2) | ((solid & down) >> 1);
            }
            if k == 64 {
                // A copy of constant length: a few vector moves, not a call.
                self.grid[at..at + 64].copy_from_slice(&done);
            } else {
                self.grid[at..at + k].copy_from_slice(&done[..k]);
            }
            i += k;
        }
        self.terrain_changes = changes;
    }

    /// Rows of the level (without padding).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the level (without padding).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Width of the padded grid: `cols + 4`.
    pub fn width(&self) -> usize {
        self.cols + 2 * PADDING
    }

    /// Height of the padded grid: `rows + 4`.
    pub fn height(&self) -> usize {
        self.rows + 2 * PADDING
    }

    /// The padded grid of cell flags, `height * width` bytes row by row (layout in the module
    /// docs).
    pub fn grid(&self) -> &[u8] {
        &self.grid
    }

    /// The padded index of level cell `(row, col)`: `(row + 2) * width + col + 2`.
    pub fn index(&self, row: usize, col: usize) -> usize {
        (row + PADDING) * self.width() + col + PADDING
    }

    /// The material of level cell `(row, col)`; [`Cell::Empty`] outside the level.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        if row >= self.rows || col >= self.cols {
            return Cell::Empty;
        }
        let f = self.grid[self.index(row, col)];
        if f & flags::STAND != 0 {
            Cell::Rigid
        } else if f & flags::SOLID != 0 {
            Cell::Fragile
        } else {
            Cell::Empty
        }
    }

    /// True when the box may rest at `placement`: every cell it covers is inside the level and
    /// not empty, and a standing box is not on a fragile cell.
    pub fn can_rest(&self, placement: Placement) -> bool {
        if placement.row >= self.rows || placement.col >= self.cols {
            return false;
        }
        self.grid[self.index(placement.row, placement.col)] & placement.orientation.rest_flag() != 0
    }

    /// Where the box starts (the `X` cells).
    ///
    /// # Panics
    ///
    /// On a level that was not filled by the parser.
    pub fn start(&self) -> Placement {
        self.start.expect("a parsed level has a start")
    }

    /// The target cell `(row, col)` (the `O`), 0-based.
    pub fn target(&self) -> (usize, usize) {
        self.target
    }

    /// How many level cells differ in material (empty, fragile, rigid) from the cell to their
    /// left (the first cell of a row from the empty outside): a measure of how irregular the
    /// terrain is, from 0 (one material everywhere) to `rows * cols`. The solver uses it to pick
    /// between its two ways of testing states (see `search/poj.rs`).
    pub fn terrain_changes(&self) -> usize {
        self.terrain_changes
    }

    /// Bytes held by this level's buffer (its capacity, which is kept for reuse).
    pub fn memory_usage(&self) -> usize {
        self.grid.capacity()
    }

    /// The switches, bridge tiles and split switches of the level (empty for a POJ 3322 level).
    pub fn mechanics(&self) -> &Mechanics {
        &self.mechanics
    }

    /// The special cells, for the readers to fill in.
    pub(crate) fn mechanics_mut(&mut self) -> &mut Mechanics {
        &mut self.mechanics
    }

    /// Where the level begins in its input (its header), when the reader said so: problems
    /// found after reading (a search over the memory limit) are reported there.
    pub fn origin(&self) -> Option<Position> {
        self.origin
    }

    /// Records where the level begins in its input (see [`Level::origin`]).
    pub(crate) fn set_origin(&mut self, origin: Position) {
        self.origin = Some(origin);
    }

    /// The level's title, when its input gives one: in a text pack, the text of a `;` comment
    /// line right before its header (without the `;` and the blanks around the text; a blank
    /// comment gives none); for a stage of the Flash game's file, `stage N: NAME (passcode
    /// CODE)`, the comment `flipblox convert` writes before it.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// Sets the level's title (see [`Level::title`]); an empty or blank title is none.
    pub(crate) fn set_title(&mut self, title: Option<&str>) {
        self.title = title.map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
    }

    /// The letter of level cell `(row, col)` in the text format (`docs/LEVELS.md`): `O` the
    /// target and `X` the start (once the level is finished), `S` `H` `V` `B` `-` the special
    /// cells, else `.` `E` `#` by material; `#` outside the level.
    pub fn letter(&self, (row, col): (usize, usize)) -> char {
        if self.start.is_some() {
            if self.target == (row, col) {
                return 'O';
            }
            if self.start.is_some_and(|s| s.cells().any(|c| c == (row, col))) {
                return 'X';
            }
        }
        match self.mechanics.special_at((row, col)) {
            Some(Special::Switch(i)) => match self.mechanics.switches()[i].kind {
                SwitchKind::Soft => 'S',
                SwitchKind::Heavy => 'H',
            },
            Some(Special::Split(_)) => 'V',
            Some(Special::Bridge(i)) if self.mechanics.bridges()[i].present => 'B',
            Some(Special::Bridge(_)) => '-',
            None => match self.cell(row, col) {
                Cell::Empty => '#',
                Cell::Fragile => 'E',
                Cell::Rigid => '.',
            },
        }
    }
}

impl fmt::Display for Level {
    /// Writes the level back in the text format: the `R C` line and the rows (the POJ 3322
    /// layout), then one `switch` line per switch and one `split` line per split switch (see
    /// `docs/LEVELS.md`), one `\n` after each line, without the closing `0 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} {}", self.rows, self.cols)?;
        let mut line = String::with_capacity(self.cols);
        for r in 0..self.rows {
            line.clear();
            line.extend((0..self.cols).map(|c| self.letter((r, c))));
            writeln!(f, "{line}")?;
        }
        let at = |(r, c): (usize, usize)| format!("{} {}", r + 1, c + 1);
        for switch in self.mechanics.switches() {
            let actions: Vec<String> = switch
                .actions
                .iter()
                .map(|a| format!("{} {}", a.action.word(), at(a.tile)))
                .collect();
            writeln!(f, "switch {}: {}", at(switch.cell), actions.join(", "))?;
        }
        for split in self.mechanics.splits() {
            if let Some([a, b]) = split.targets {
                writeln!(f, "split {}: {}, {}", at(split.cell), at(a), at(b))?;
            }
        }
        Ok(())
    }
}
