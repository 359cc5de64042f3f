//! Filling a [`Level`] from its cells and definitions, with every check on what they say.
//!
//! Both readers of levels use it: the text pack parser (`text/`) and the importer of the Flash
//! game's data file (`flash/`). They read their own syntax, hand the cells (as letters of the text
//! format) and the definitions here, and turn the returned [`Where`] or [`Part`] into a
//! `LINE:COLUMN` of their input. The rules it checks are [`Rule`]s, named in the reader's
//! [`Notation`].

use std::collections::HashSet;

use super::error::{ErrorKind, Notation, Rule};
use super::text::syntax::TextSyntax;
use crate::bloxorz::model::level::{Cell, Level, Orientation, Placement};
use crate::bloxorz::model::mechanics::{Action, CellAt, Special, SwitchAction, SwitchKind};

/// Which part of a definition a problem is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    /// The defined cell (the switch or the split switch).
    Cell,
    /// The `i`-th action (a switch) or target (a split switch), from 0.
    Item(usize),
    /// Where an item was expected but none came (a switch with no action).
    End,
}

/// Where a problem found when the level is complete lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Where {
    /// The level as a whole (its header).
    Level,
    /// Level cell `(row, col)`, 0-based.
    Cell(usize, usize),
}

/// Marks, in [`cell_flags`], the cells that need a second look (bit 6: `O`, `X` and the special
/// cells) and bytes that are not cells (bit 7); neither bit is ever stored in a level.
pub(crate) const MARK: u8 = 1 << 6;
/// See [`MARK`].
pub(crate) const NOT_A_CELL: u8 = 1 << 7;

/// The level flags of `byte` as a cell, with [`MARK`] for `O`, `X`, `S`, `H`, `V`, `B`, `-` and
/// [`NOT_A_CELL`] for a byte that is no cell. Bridge tiles take the flags of their state at the
/// start (`B` rigid, `-` empty), switches and split switches are rigid.
const fn cell_flags(byte: u8) -> u8 {
    let rigid = Level::material_flags(Cell::Rigid);
    match byte {
        b'.' => rigid,
        b'O' | b'X' | b'S' | b'H' | b'V' | b'B' => rigid | MARK,
        b'-' => Level::material_flags(Cell::Empty) | MARK,
        b'E' => Level::material_flags(Cell::Fragile),
        b'#' => Level::material_flags(Cell::Empty),
        _ => NOT_A_CELL,
    }
}

/// [`cell_flags`] of every byte.
static CELL_FLAGS: [u8; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = cell_flags(byte as u8);
        byte += 1;
    }
    table
};

/// A level being filled: the `O` and `X` cells seen so far.
#[derive(Debug)]
pub(crate) struct Builder {
    rows: usize,
    cols: usize,
    notation: Notation,
    target: Option<CellAt>,
    starts: [CellAt; 2],
    start_count: usize,
}

/// A cell `(row, col)` as a reader names it, 0-based, any value (out-of-range values are
/// reported, not assumed away).
pub(crate) type Named = (i64, i64);

impl Builder {
    /// Starts filling `level` as an all-empty `rows x cols` level.
    pub(crate) fn begin(
        level: &mut Level,
        rows: usize,
        cols: usize,
        notation: Notation,
    ) -> Builder {
        level.clear(rows, cols);
        Builder { rows, cols, notation, target: None, starts: [(0, 0); 2], start_count: 0 }
    }

    /// `rule`, named in this level's notation.
    fn broken(&self, rule: Rule) -> ErrorKind {
        ErrorKind::Rule { rule, notation: self.notation }
    }

    /// Sets row `r` from `text`, one cell per byte, up to `cols` bytes (the caller checks the
    /// row's length).
    ///
    /// The common row, of plain cells only (`.`, `E`, `#`), is a few comparisons per byte; a
    /// row with an `O`, an `X`, a special cell or a bad byte is then looked at again, its
    /// other bytes by a table.
    ///
    /// # Errors
    ///
    /// The column (0-based byte index) and the problem: a byte that is no cell, a second `O`, a
    /// third `X`.
    pub(crate) fn row(
        &mut self,
        level: &mut Level,
        r: usize,
        text: &[u8],
    ) -> Result<(), (usize, ErrorKind)> {
        // The plain cells by comparisons, which the compiler does 16 or 32 bytes at a time;
        // every other byte is marked for the table.
        let (rigid, fragile) = (cell_flags(b'.'), cell_flags(b'E'));
        let mut seen = 0;
        for (cell, &byte) in level.row_mut(r).iter_mut().zip(text) {
            let flags = if byte == b'.' { rigid } else { 0 }
                | if byte == b'E' { fragile } else { 0 }
                | if byte != b'.' && byte != b'E' && byte != b'#' { MARK } else { 0 };
            *cell = flags;
            seen |= flags;
        }
        if seen & MARK == 0 {
            return Ok(());
        }
        // Only the marked cells need a look: the rest are skipped by a search that compiles to a
        // few instructions per cell.
        let end = text.len().min(self.cols);
        let mut c = 0;
        while let Some(skip) = level.row_mut(r)[c..end].iter().position(|&f| f & MARK != 0) {
            c += skip;
            let row = level.row_mut(r);
            let flags = CELL_FLAGS[usize::from(text[c])];
            row[c] = flags & !MARK;
            if flags & NOT_A_CELL != 0 {
                let found = crate::text::describe_at(text, c);
                return Err((c, ErrorKind::Text(TextSyntax::BadCell { found })));
            }
            if flags & MARK != 0 {
                self.special(level, (r, c), text[c]).map_err(|kind| (c, kind))?;
            }
            c += 1;
        }
        Ok(())
    }

    /// Notes the marked cell `byte` at `cell`.
    fn special(&mut self, level: &mut Level, cell: CellAt, byte: u8) -> Result<(), ErrorKind> {
        let notation = self.notation;
        let broken = |rule| ErrorKind::Rule { rule, notation };
        let mechanics = level.mechanics_mut();
        match byte {
            b'O' => {
                if self.target.is_some() {
                    return Err(broken(Rule::ExtraTarget));
                }
                self.target = Some(cell);
            }
            b'X' => {
                if self.start_count == 2 {
                    return Err(broken(Rule::ExtraStart));
                }
                self.starts[self.start_count] = cell;
                self.start_count += 1;
            }
            b'S' => mechanics.add_switch(cell, SwitchKind::Soft),
            b'H' => mechanics.add_switch(cell, SwitchKind::Heavy),
            b'V' => mechanics.add_split(cell),
            b'B' => mechanics.add_bridge(cell, true),
            _ => mechanics.add_bridge(cell, false),
        }
        Ok(())
    }

    /// The letter of `cell` as the text format writes it.
    fn letter(&self, level: &Level, cell: CellAt) -> char {
        if self.target == Some(cell) {
            return 'O';
        }
        if self.starts[..self.start_count].contains(&cell) {
            return 'X';
        }
        level.letter(cell)
    }

    /// A named cell as a cell of the level, if it is inside.
    fn inside(&self, (row, col): Named) -> Result<CellAt, ErrorKind> {
        let fits = |n: i64, max: usize| n >= 0 && (n as u64) < max as u64;
        if fits(row, self.rows) && fits(col, self.cols) {
            Ok((row as usize, col as usize))
        } else {
            Err(self.broken(Rule::OffGrid { row, col, rows: self.rows, cols: self.cols }))
        }
    }

    /// Defines the switch at `cell` with `actions` on tiles.
    ///
    /// # Errors
    ///
    /// The part at fault and the problem: a cell off the level, a cell that is not a switch, a
    /// switch defined twice, no action, an action on a tile off the level or on a cell that is
    /// not a bridge tile, a tile named twice.
    pub(crate) fn switch(
        &mut self,
        level: &mut Level,
        cell: Named,
        actions: &[(Action, Named)],
    ) -> Result<(), (Part, ErrorKind)> {
        let at = self.inside(cell).map_err(|k| (Part::Cell, k))?;
        let Some(Special::Switch(index)) = level.mechanics().special_at(at) else {
            let found = self.letter(level, at);
            return Err((
                Part::Cell,
                self.broken(Rule::NotSwitch { row: cell.0, col: cell.1, found }),
            ));
        };
        if !level.mechanics().switches()[index].actions.is_empty() {
            return Err((Part::Cell, self.broken(Rule::Redefined { row: cell.0, col: cell.1 })));
        }
        if actions.is_empty() {
            return Err((Part::End, self.broken(Rule::NoActions)));
        }
        let mut list = Vec::with_capacity(actions.len());
        // The tiles named so far: a switch may name every bridge tile of a large level, so a
        // scan of `list` per action would be quadratic.
        let mut named = HashSet::with_capacity(actions.len());
        for (i, &(action, tile)) in actions.iter().enumerate() {
            let t = self.inside(tile).map_err(|k| (Part::Item(i), k))?;
            if !matches!(level.mechanics().special_at(t), Some(Special::Bridge(_))) {
                let found = self.letter(level, t);
                let kind = self.broken(Rule::NotBridge { row: tile.0, col: tile.1, found });
                return Err((Part::Item(i), kind));
            }
            if !named.insert(t) {
                let kind = self.broken(Rule::RepeatedTile { row: tile.0, col: tile.1 });
                return Err((Part::Item(i), kind));
            }
            list.push(SwitchAction { action, tile: t });
        }
        level.mechanics_mut().switches_mut()[index].actions = list;
        Ok(())
    }

    /// Defines the split switch at `cell` with its two target cells.
    ///
    /// # Errors
    ///
    /// The part at fault and the problem: a cell off the level, a cell that is not a split
    /// switch, a split switch defined twice, a target off the level, the same target twice.
    pub(crate) fn split(
        &mut self,
        level: &mut Level,
        cell: Named,
        targets: [Named; 2],
    ) -> Result<(), (Part, ErrorKind)> {
        let at = self.inside(cell).map_err(|k| (Part::Cell, k))?;
        let Some(Special::Split(index)) = level.mechanics().special_at(at) else {
            let found = self.letter(level, at);
            return Err((
                Part::Cell,
                self.broken(Rule::NotSplit { row: cell.0, col: cell.1, found }),
            ));
        };
        if level.mechanics().splits()[index].targets.is_some() {
            return Err((Part::Cell, self.broken(Rule::Redefined { row: cell.0, col: cell.1 })));
        }
        let first = self.inside(targets[0]).map_err(|k| (Part::Item(0), k))?;
        let second = self.inside(targets[1]).map_err(|k| (Part::Item(1), k))?;
        if first == second {
            let kind = self.broken(Rule::SameTargets { row: targets[1].0, col: targets[1].1 });
            return Err((Part::Item(1), kind));
        }
        level.mechanics_mut().splits_mut()[index].targets = Some([first, second]);
        Ok(())
    }

    /// Checks the `O`, the `X`, that every switch and split switch has its definition and that
    /// the bridge tiles fit the engine, then finishes the level.
    ///
    /// # Errors
    ///
    /// Where and what: no `O` or no `X` (the level), two `X` apart (the second), a switch or split
    /// switch with no definition (its cell), too many bridge groups (the tile that makes one too
    /// many).
    pub(crate) fn finish(self, level: &mut Level) -> Result<(), (Where, ErrorKind)> {
        let Some(target) = self.target else {
            return Err((Where::Level, self.broken(Rule::NoTarget)));
        };
        let start = match self.start_count {
            0 => return Err((Where::Level, self.broken(Rule::NoStart))),
            1 => Placement::standing(self.starts[0].0, self.starts[0].1),
            _ => {
                let [(r0, c0), (r1, c1)] = self.starts;
                let orientation = if r0 == r1 && c0 + 1 == c1 {
                    Orientation::Horizontal
                } else if c0 == c1 && r0 + 1 == r1 {
                    Orientation::Vertical
                } else {
                    return Err((Where::Cell(r1, c1), self.broken(Rule::StartsApart)));
                };
                Placement { row: r0, col: c0, orientation }
            }
        };
        if let Some((r, c)) = level.mechanics().first_undefined() {
            let found = level.letter((r, c));
            let split = matches!(level.mechanics().special_at((r, c)), Some(Special::Split(_)));
            let (row, col) = (r as i64, c as i64);
            let kind = self.broken(Rule::Undefined { row, col, found, split });
            return Err((Where::Cell(r, c), kind));
        }
        if let Err((r, c)) = level.mechanics().bridge_groups() {
            return Err((Where::Cell(r, c), self.broken(Rule::TooManyBridges)));
        }
        level.finish(start, target);
        Ok(())
    }
}
