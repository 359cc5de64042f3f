//! The original game's mechanics on top of POJ 3322's terrain: switches, bridge tiles and split
//! switches (the 2007 Flash game *Bloxorz*; rules in `docs/LEVELS.md`).
//!
//! A level's [`Mechanics`] lists its special cells in row-major order, each with its definition:
//!
//! - a [`Switch`] (soft: any part of the block or a split cube pressing it; heavy: only the whole
//!   block standing on it) and the [`SwitchAction`]s it applies to bridge tiles: [`Action::On`],
//!   [`Action::Off`] or [`Action::Toggle`];
//! - a [`Bridge`] tile, present or absent at the start; an absent tile is empty space;
//! - a [`Split`] switch, which turns the whole block standing on it into two 1x1x1 cubes on its
//!   two target cells.
//!
//! A level with no switches and no split switches is a POJ 3322 level (its bridge tiles never
//! change, so they are plain ground or plain holes) and is solved by the fast POJ solver; any
//! other level goes to the general search (`search/general/`).
//!
//! [`BridgeGroups`] folds the bridge tiles that every switch treats alike into one bit each, so
//! that the engine's bridge configuration is one `u64` ([`MAX_BRIDGE_GROUPS`]).

use std::collections::HashMap;

/// A cell of the level, `(row, col)`, 0-based from the top-left (the text format writes them
/// 1-based).
pub type CellAt = (usize, usize);

/// The most bridge groups a level may have: the bridge configuration is one `u64`.
pub const MAX_BRIDGE_GROUPS: usize = 64;

/// Which block presses a switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SwitchKind {
    /// A soft (round) switch, `S`: any part of the block or a split cube arriving on it.
    Soft,
    /// A heavy (X) switch, `H`: only the whole block arriving standing upright on it.
    Heavy,
}

/// What a switch does to one bridge tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Makes the tile present (`on`).
    On,
    /// Makes the tile absent (`off`).
    Off,
    /// Flips the tile: present becomes absent and absent present (`toggle`; the Flash game's
    /// `"onoff"`).
    Toggle,
}

impl Action {
    /// The word of the text format: `on`, `off` or `toggle`.
    pub const fn word(self) -> &'static str {
        match self {
            Action::On => "on",
            Action::Off => "off",
            Action::Toggle => "toggle",
        }
    }
}

/// One action of a switch: what it does to which bridge tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SwitchAction {
    /// What happens to the tile.
    pub action: Action,
    /// The bridge tile, `(row, col)`, 0-based.
    pub tile: CellAt,
}

/// A switch cell and its actions (in the order they were written; each tile at most once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Switch {
    /// The switch's cell, `(row, col)`, 0-based.
    pub cell: CellAt,
    /// Soft or heavy.
    pub kind: SwitchKind,
    /// What it does each time it is pressed; empty until its definition has been read.
    pub actions: Vec<SwitchAction>,
}

/// A split switch (`V`) and the two cells its cubes land on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    /// The split switch's cell, `(row, col)`, 0-based.
    pub cell: CellAt,
    /// The cells of the first and the second cube (different cells inside the level); `None`
    /// until its definition has been read. The first is cube `a` of the `--path` notation.
    pub targets: Option<[CellAt; 2]>,
}

/// A bridge tile and whether it is there when the level starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bridge {
    /// The tile's cell, `(row, col)`, 0-based.
    pub cell: CellAt,
    /// Present at the start (`B`) or absent (`-`).
    pub present: bool,
}

/// The special cells of one level, each list in row-major order of its cells.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mechanics {
    switches: Vec<Switch>,
    splits: Vec<Split>,
    bridges: Vec<Bridge>,
}

/// What kind of special cell a cell is (see [`Mechanics::special_at`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// The switch with this index in [`Mechanics::switches`].
    Switch(usize),
    /// The split switch with this index in [`Mechanics::splits`].
    Split(usize),
    /// The bridge tile with this index in [`Mechanics::bridges`].
    Bridge(usize),
}

/// How a switch changes the bridge configuration: `((bits & !off) | on) ^ toggle`, one bit per
/// bridge group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effect {
    /// Groups the switch makes present.
    pub on: u64,
    /// Groups the switch makes absent.
    pub off: u64,
    /// Groups the switch flips.
    pub toggle: u64,
}

impl Effect {
    /// The configuration after the switch is pressed in configuration `bits`.
    #[inline]
    pub const fn apply(self, bits: u64) -> u64 {
        ((bits & !self.off) | self.on) ^ self.toggle
    }
}

/// The bridge tiles folded into groups that always change together (see the module docs).
///
/// Two tiles fall in one group when they start alike and every switch does the same to both;
/// tiles no switch names never change and belong to no group.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BridgeGroups {
    /// For each bridge tile, in [`Mechanics::bridges`] order: its group (the bit of the
    /// configuration), or `None` when no switch names it.
    pub group_of: Vec<Option<u8>>,
    /// The configuration at the start: bit `g` set when group `g` is present.
    pub initial: u64,
    /// For each switch, in [`Mechanics::switches`] order: what pressing it does.
    pub effects: Vec<Effect>,
    /// How many groups there are (at most [`MAX_BRIDGE_GROUPS`]).
    pub count: usize,
}

/// What sets a bridge tile apart: whether it is present at the start, and each switch that names
/// it (by index) with what it does.
type Signature = (bool, Vec<(usize, Action)>);

impl Mechanics {
    /// No special cells at all.
    pub fn is_empty(&self) -> bool {
        self.switches.is_empty() && self.splits.is_empty() && self.bridges.is_empty()
    }

    /// True when the level has switches or split switches, so the terrain can change or the
    /// block can split: such a level needs the general engine. Without them the bridge tiles
    /// never change and the level is a POJ 3322 level.
    pub fn needs_engine(&self) -> bool {
        !self.switches.is_empty() || !self.splits.is_empty()
    }

    /// The first switch or split switch in row-major order, `(row, col)` 0-based: the cell that
    /// makes the level need the engine ([`Mechanics::needs_engine`]), `None` when none does.
    pub fn first_switch_or_split(&self) -> Option<CellAt> {
        let first_switch = self.switches.first().map(|s| s.cell);
        let first_split = self.splits.first().map(|s| s.cell);
        first_switch.into_iter().chain(first_split).min()
    }

    /// The switches, in row-major order of their cells.
    pub fn switches(&self) -> &[Switch] {
        &self.switches
    }

    /// The split switches, in row-major order of their cells.
    pub fn splits(&self) -> &[Split] {
        &self.splits
    }

    /// The bridge tiles, in row-major order of their cells.
    pub fn bridges(&self) -> &[Bridge] {
        &self.bridges
    }

    /// Forgets every special cell, keeping the lists' memory.
    pub(crate) fn clear(&mut self) {
        self.switches.clear();
        self.splits.clear();
        self.bridges.clear();
    }

    /// Notes a switch cell (its actions come with its definition). Cells must be added in
    /// row-major order.
    pub(crate) fn add_switch(&mut self, cell: CellAt, kind: SwitchKind) {
        self.switches.push(Switch { cell, kind, actions: Vec::new() });
    }

    /// Notes a split switch cell (its targets come with its definition). Cells must be added in
    /// row-major order.
    pub(crate) fn add_split(&mut self, cell: CellAt) {
        self.splits.push(Split { cell, targets: None });
    }

    /// Notes a bridge tile. Cells must be added in row-major order.
    pub(crate) fn add_bridge(&mut self, cell: CellAt, present: bool) {
        self.bridges.push(Bridge { cell, present });
    }

    /// The switch list, for the definitions to fill in.
    pub(crate) fn switches_mut(&mut self) -> &mut [Switch] {
        &mut self.switches
    }

    /// The split list, for the definitions to fill in.
    pub(crate) fn splits_mut(&mut self) -> &mut [Split] {
        &mut self.splits
    }

    /// What kind of special cell `cell` is, if any (a binary search in each list).
    pub fn special_at(&self, cell: CellAt) -> Option<Special> {
        if let Ok(i) = self.switches.binary_search_by_key(&cell, |s| s.cell) {
            return Some(Special::Switch(i));
        }
        if let Ok(i) = self.splits.binary_search_by_key(&cell, |s| s.cell) {
            return Some(Special::Split(i));
        }
        if let Ok(i) = self.bridges.binary_search_by_key(&cell, |b| b.cell) {
            return Some(Special::Bridge(i));
        }
        None
    }

    /// The first switch or split switch, in row-major order, that has no definition yet.
    pub fn first_undefined(&self) -> Option<CellAt> {
        let switch = self.switches.iter().find(|s| s.actions.is_empty()).map(|s| s.cell);
        let split = self.splits.iter().find(|s| s.targets.is_none()).map(|s| s.cell);
        match (switch, split) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Folds the bridge tiles into groups (see [`BridgeGroups`]).
    ///
    /// # Errors
    ///
    /// The cell of the first bridge tile (in row-major order) that would make group number
    /// [`MAX_BRIDGE_GROUPS`] + 1.
    pub fn bridge_groups(&self) -> Result<BridgeGroups, CellAt> {
        // Each tile's signature: how it starts and what each switch does to it.
        let mut signatures: Vec<Signature> =
            self.bridges.iter().map(|b| (b.present, Vec::new())).collect();
        for (s, switch) in self.switches.iter().enumerate() {
            for a in &switch.actions {
                if let Ok(i) = self.bridges.binary_search_by_key(&a.tile, |b| b.cell) {
                    signatures[i].1.push((s, a.action));
                }
            }
        }
        let mut groups: HashMap<&Signature, u8> = HashMap::new();
        let mut out = BridgeGroups {
            group_of: Vec::with_capacity(self.bridges.len()),
            effects: vec![Effect::default(); self.switches.len()],
            ..BridgeGroups::default()
        };
        for (i, signature) in signatures.iter().enumerate() {
            if signature.1.is_empty() {
                out.group_of.push(None);
                continue;
            }
            let next = groups.len();
            let group = match groups.get(signature) {
                Some(&g) => g,
                None if next == MAX_BRIDGE_GROUPS => return Err(self.bridges[i].cell),
                None => {
                    groups.insert(signature, next as u8);
                    let bit = 1u64 << next;
                    if signature.0 {
                        out.initial |= bit;
                    }
                    for &(s, action) in &signature.1 {
                        let effect = &mut out.effects[s];
                        match action {
                            Action::On => effect.on |= bit,
                            Action::Off => effect.off |= bit,
                            Action::Toggle => effect.toggle |= bit,
                        }
                    }
                    next as u8
                }
            };
            out.group_of.push(Some(group));
        }
        out.count = groups.len();
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn switch(m: &mut Mechanics, cell: CellAt, actions: &[(Action, CellAt)]) {
        m.add_switch(cell, SwitchKind::Soft);
        let s = m.switches.last_mut().unwrap();
        s.actions = actions.iter().map(|&(action, tile)| SwitchAction { action, tile }).collect();
    }

    #[test]
    fn tiles_treated_alike_share_a_group_and_effects_follow_the_actions() {
        let mut m = Mechanics::default();
        for c in 0..5 {
            m.add_bridge((0, c), c != 2);
        }
        // Tiles 0 and 1 always together; tile 2 starts absent; tile 3 toggled by the second
        // switch only; tile 4 named by no switch.
        switch(
            &mut m,
            (1, 0),
            &[(Action::Off, (0, 0)), (Action::Off, (0, 1)), (Action::On, (0, 2))],
        );
        switch(
            &mut m,
            (1, 1),
            &[(Action::On, (0, 1)), (Action::On, (0, 0)), (Action::Toggle, (0, 3))],
        );
        let g = m.bridge_groups().unwrap();
        assert_eq!(g.group_of, vec![Some(0), Some(0), Some(1), Some(2), None]);
        assert_eq!(g.count, 3);
        assert_eq!(g.initial, 0b101);
        assert_eq!(g.effects[0], Effect { on: 0b010, off: 0b001, toggle: 0 });
        assert_eq!(g.effects[1], Effect { on: 0b001, off: 0, toggle: 0b100 });
        assert_eq!(g.effects[0].apply(g.initial), 0b110);
        assert_eq!(g.effects[1].apply(0b110), 0b011);
    }

    #[test]
    fn more_than_64_groups_are_refused_at_the_tile_that_makes_the_65th() {
        let mut m = Mechanics::default();
        for c in 0..70 {
            m.add_bridge((0, c), true);
        }
        for c in 0..70 {
            switch(&mut m, (1, c), &[(Action::Toggle, (0, c))]);
        }
        assert_eq!(m.bridge_groups(), Err((0, 64)));
    }

    #[test]
    fn special_cells_are_found_and_undefined_ones_named_in_row_major_order() {
        let mut m = Mechanics::default();
        m.add_bridge((0, 3), false);
        m.add_switch((1, 2), SwitchKind::Heavy);
        m.add_split((0, 5));
        assert_eq!(m.special_at((0, 3)), Some(Special::Bridge(0)));
        assert_eq!(m.special_at((1, 2)), Some(Special::Switch(0)));
        assert_eq!(m.special_at((0, 5)), Some(Special::Split(0)));
        assert_eq!(m.special_at((0, 0)), None);
        assert_eq!(m.first_undefined(), Some((0, 5)));
        m.splits_mut()[0].targets = Some([(0, 0), (1, 1)]);
        assert_eq!(m.first_undefined(), Some((1, 2)));
        assert!(m.needs_engine() && !m.is_empty());
    }
}
