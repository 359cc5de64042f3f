//! One level as the general engine sees it: per padded cell, what the cell is and which bridge
//! group, switch or split switch it belongs to; per switch, its [`Effect`]; and the rules of one
//! move (see the parent module).

use crate::bloxorz::model::level::{Level, Orientation, flags};
use crate::bloxorz::model::mechanics::{Effect, SwitchKind};
use crate::bloxorz::model::moves::{Move, MoveTable};

/// The cell is ground whatever the switches do (rigid, fragile, a switch, a split switch, the
/// target, or a bridge tile no switch names that is present from the start).
pub(super) const GROUND: u8 = 1 << 0;
/// The cell is a switched bridge tile: present when its group's bit is set.
pub(super) const BRIDGE: u8 = 1 << 1;
/// A whole block may not stand on it.
pub(super) const FRAGILE: u8 = 1 << 2;
/// A soft switch: any part of the block, or a cube, arriving on it presses it.
pub(super) const SOFT: u8 = 1 << 3;
/// A heavy switch: only the whole block arriving standing on it presses it.
pub(super) const HEAVY: u8 = 1 << 4;
/// A split switch.
pub(super) const SPLIT: u8 = 1 << 5;

/// A [`Board::places`] entry: the block never rests there.
pub(super) const NEVER: u32 = u32::MAX;
/// A [`Board::places`] flag: landing there may change the configuration or fail.
pub(super) const SPECIAL: u32 = 1 << 31;

/// A block packed into a `u64`: a whole block is its state index `3 * anchor + orientation` (as in
/// [`moves`](crate::bloxorz::model::moves)); two cubes are [`SPLIT_TAG`] with the lower padded cell
/// in bits 31..62 and the higher in bits 0..31 (padded cell indices fit 31 bits, because the parser
/// only accepts levels whose `3 * cells` fits a `u32`).
pub(super) type Block = u64;

/// The tag of a split block (see [`Block`]).
pub(super) const SPLIT_TAG: u64 = 1 << 63;

/// The whole block with `anchor` and orientation index `o`.
#[inline]
pub(super) fn whole(anchor: usize, o: usize) -> Block {
    (3 * anchor + o) as u64
}

/// The two cubes on `a` and `b` (in either order), or the lying block they merge into when they
/// are orthogonal neighbours.
#[inline]
pub(super) fn cubes(a: usize, b: usize, width: usize) -> Block {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if hi - lo == 1 {
        whole(lo, Orientation::Horizontal.index())
    } else if hi - lo == width {
        whole(lo, Orientation::Vertical.index())
    } else {
        SPLIT_TAG | (lo as u64) << 31 | hi as u64
    }
}

/// What a block is: `Ok((anchor, orientation index))` for a whole block, `Err([lo, hi])` for two
/// cubes.
#[inline]
pub(super) fn unpack(block: Block) -> Result<(usize, usize), [usize; 2]> {
    if block & SPLIT_TAG == 0 {
        Ok((block as usize / 3, block as usize % 3))
    } else {
        Err([(block >> 31) as usize & 0x7FFF_FFFF, block as usize & 0x7FFF_FFFF])
    }
}

/// The per-level tables of the engine, rebuilt in place for each level.
#[derive(Debug, Clone, Default)]
pub(super) struct Board {
    /// Padded width.
    pub width: usize,
    /// Per padded cell: [`GROUND`], [`BRIDGE`], [`FRAGILE`], [`SOFT`], [`HEAVY`], [`SPLIT`].
    pub tiles: Vec<u8>,
    /// Per padded cell: the bridge group of a [`BRIDGE`] cell, the switch index of a [`SOFT`] or
    /// [`HEAVY`] cell, the split index of a [`SPLIT`] cell.
    pub aux: Vec<u32>,
    /// Per switch: what pressing it does.
    pub effects: Vec<Effect>,
    /// Per split switch: the padded cells of its first and second target.
    pub splits: Vec<[usize; 2]>,
    /// The rolls of this width.
    pub moves: Option<MoveTable>,
    /// The goal: the whole block standing on the target.
    pub goal: Block,
    /// The bridge configuration at the start.
    pub initial: u64,
    /// Per whole-block state index `3 * anchor + orientation`: [`NEVER`] when the block can never
    /// rest there (a cell it covers is neither ground nor a switched bridge tile, or it would
    /// stand on a fragile tile); else the placement's number, from 0 to
    /// [`Board::placements`] - 1 (so that a set of whole blocks is [`Board::placements`] bits),
    /// with [`SPECIAL`] set when landing there may do more than stand or lie on plain ground:
    /// a cell it covers is a bridge tile or a soft switch, or it stands on a heavy or split
    /// switch. Landing on a placement without [`SPECIAL`] never changes the configuration and
    /// never falls.
    pub places: Vec<u32>,
    /// How many placements may hold the block (see [`Board::places`]).
    pub placements: usize,
}

/// The padded cell offset of a one-cell step `m` on a grid `width` cells wide (wrapping).
#[inline]
pub(super) fn offset(m: Move, width: usize) -> usize {
    match m {
        Move::Up => width.wrapping_neg(),
        Move::Down => width,
        Move::Left => usize::MAX,
        Move::Right => 1,
    }
}

impl Board {
    /// Rebuilds the tables for `level`, reusing the buffers.
    ///
    /// # Panics
    ///
    /// If the level's bridge tiles make more than 64 groups or a split switch has no targets:
    /// the readers refuse such levels.
    pub fn load(&mut self, level: &Level) {
        let w = level.width();
        self.width = w;
        self.tiles.clear();
        self.tiles.extend(level.grid().iter().map(|&f| {
            let ground = if f & flags::SOLID != 0 { GROUND } else { 0 };
            ground | if f & flags::FRAGILE != 0 { FRAGILE } else { 0 }
        }));
        self.aux.clear();
        self.aux.resize(self.tiles.len(), 0);
        let mechanics = level.mechanics();
        let groups = mechanics.bridge_groups().expect("the readers refuse more than 64 groups");
        for (bridge, group) in mechanics.bridges().iter().zip(&groups.group_of) {
            if let Some(g) = group {
                let i = level.index(bridge.cell.0, bridge.cell.1);
                self.tiles[i] = (self.tiles[i] & !GROUND) | BRIDGE;
                self.aux[i] = u32::from(*g);
            }
        }
        for (s, switch) in mechanics.switches().iter().enumerate() {
            let i = level.index(switch.cell.0, switch.cell.1);
            self.tiles[i] |= match switch.kind {
                SwitchKind::Soft => SOFT,
                SwitchKind::Heavy => HEAVY,
            };
            self.aux[i] = s as u32;
        }
        self.effects.clear();
        self.effects.extend_from_slice(&groups.effects);
        self.splits.clear();
        for (s, split) in mechanics.splits().iter().enumerate() {
            let i = level.index(split.cell.0, split.cell.1);
            self.tiles[i] |= SPLIT;
            self.aux[i] = s as u32;
            let [a, b] = split.targets.expect("the readers refuse split switches without targets");
            self.splits.push([level.index(a.0, a.1), level.index(b.0, b.1)]);
        }
        if self.moves.is_none_or(|m| m.width() != w) {
            self.moves = Some(MoveTable::new(w));
        }
        let (tr, tc) = level.target();
        self.goal = whole(level.index(tr, tc), Orientation::Standing.index());
        self.initial = groups.initial;
        self.number_places();
    }

    /// Fills [`Board::places`] and [`Board::placements`] from the tiles.
    fn number_places(&mut self) {
        let (tiles, w) = (&self.tiles, self.width);
        let tile = |cell: usize| tiles.get(cell).copied().unwrap_or(0);
        self.places.clear();
        self.places.resize(3 * tiles.len(), NEVER);
        let mut next = 0u32;
        for (cell, &t) in tiles.iter().enumerate() {
            if t & (GROUND | BRIDGE) == 0 {
                continue;
            }
            for (o, other) in [(0, cell), (1, cell + 1), (2, cell + w)] {
                let u = tile(other);
                if u & (GROUND | BRIDGE) == 0 || (o == 0 && t & FRAGILE != 0) {
                    continue;
                }
                let cover = t | u;
                let stands = if o == 0 { HEAVY | SPLIT } else { 0 };
                let special = cover & (BRIDGE | SOFT | stands) != 0;
                self.places[3 * cell + o] = next | if special { SPECIAL } else { 0 };
                next += 1;
            }
        }
        self.placements = next as usize;
    }

    /// The number of whole-block placement `code` (`3 * anchor + orientation`), from 0 to
    /// [`Board::placements`] - 1 (see [`Board::places`]).
    ///
    /// `code` must be a placement where the block may rest (every block that [`Board::land`]
    /// or [`Board::slide`] gives is).
    #[inline]
    pub fn slot(&self, code: usize) -> u32 {
        debug_assert_ne!(self.places[code], NEVER, "placement {code} never rests");
        self.places[code] & !SPECIAL
    }

    /// Bytes held by the tables (their capacities).
    pub fn capacity_bytes(&self) -> usize {
        self.tiles.capacity()
            + 4 * self.aux.capacity()
            + 4 * self.places.capacity()
            + 16 * self.splits.capacity()
            + 24 * self.effects.capacity()
    }

    /// Bytes the tables of the loaded level use.
    pub fn bytes(&self) -> u64 {
        (self.tiles.len()
            + 4 * self.aux.len()
            + 4 * self.places.len()
            + 16 * self.splits.len()
            + 24 * self.effects.len()) as u64
    }

    /// True when a tile is under `cell` in bridge configuration `bits`.
    #[inline]
    pub fn present(&self, cell: usize, bits: u64) -> bool {
        let t = self.tiles[cell];
        t & GROUND != 0 || (t & BRIDGE != 0 && bits >> self.aux[cell] & 1 != 0)
    }

    /// The configuration after something arrives on `cell` (the whole block `standing` on it, or
    /// part of a block or a cube otherwise): a soft switch is pressed by anything, a heavy switch
    /// only by the whole block standing.
    #[inline]
    fn press(&self, cell: usize, standing: bool, bits: u64) -> u64 {
        let t = self.tiles[cell];
        if t & SOFT != 0 || (standing && t & HEAVY != 0) {
            self.effects[self.aux[cell] as usize].apply(bits)
        } else {
            bits
        }
    }

    /// The whole block with `anchor` and orientation index `o` rolls `m` in configuration `bits`,
    /// by `moves` (this board's [`MoveTable`], made from the one table of rolls): where it
    /// lands, as [`Board::land`], and the anchor cell it lands on (for naming split cubes).
    #[inline]
    pub fn roll(
        &self,
        moves: &MoveTable,
        anchor: usize,
        o: usize,
        m: Move,
        bits: u64,
    ) -> (Option<(Block, u64)>, usize) {
        let roll = moves.steps[o][m.index()];
        let to = anchor.wrapping_add(roll.cell_delta as i32 as isize as usize);
        let new_o = roll.rest_flag.trailing_zeros() as usize;
        (self.land(to, new_o, bits), to)
    }

    /// The whole block arrives with `anchor` and orientation index `o` in configuration `bits`:
    /// the new block and configuration, or `None` when it falls (see the parent module for the
    /// order of the rules).
    pub fn land(&self, anchor: usize, o: usize, bits: u64) -> Option<(Block, u64)> {
        let standing = o == Orientation::Standing.index();
        let second = match o {
            0 => anchor,
            1 => anchor + 1,
            _ => anchor + self.width,
        };
        if !self.present(anchor, bits) || !self.present(second, bits) {
            return None;
        }
        if standing && self.tiles[anchor] & FRAGILE != 0 {
            return None;
        }
        let mut after = self.press(anchor, standing, bits);
        if !standing {
            after = self.press(second, false, after);
        }
        if after != bits && (!self.present(anchor, after) || !self.present(second, after)) {
            return None;
        }
        if standing && self.tiles[anchor] & SPLIT != 0 {
            let [a, b] = self.splits[self.aux[anchor] as usize];
            if !self.present(a, after) || !self.present(b, after) {
                return None;
            }
            let placed = self.press(b, false, self.press(a, false, after));
            if placed != after && (!self.present(a, placed) || !self.present(b, placed)) {
                return None;
            }
            return Some((cubes(a, b, self.width), placed));
        }
        Some((whole(anchor, o), after))
    }

    /// The cube on `moving` moves `m` while the other stays on `other`, in configuration `bits`:
    /// the new block (two cubes, or the lying block they merge into) and configuration, or `None`
    /// when a cube falls.
    pub fn slide(&self, moving: usize, other: usize, m: Move, bits: u64) -> Option<(Block, u64)> {
        let to = moving.wrapping_add(offset(m, self.width));
        if !self.present(to, bits) {
            return None;
        }
        let after = self.press(to, false, bits);
        if after != bits && (!self.present(to, after) || !self.present(other, after)) {
            return None;
        }
        Some((cubes(to, other, self.width), after))
    }
}
