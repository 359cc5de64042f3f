//! A candidate level of the generator: its cells, start and target, the steps that change it,
//! and the [`Level`] it makes.

use std::fmt::Write;

use super::options::GenerateOptions;
use super::random::Random;
use crate::bloxorz::model::level::{Cell, Level, Placement};
use crate::bloxorz::read::PackReader;

/// A candidate: `rows * cols` cells (`.` rigid, `#` empty, `E` fragile, `S`/`H` the switch,
/// `B`/`-` bridge tiles present/absent at the start), row by row, and the cells of the start
/// (the block standing) and the target, both rigid. With switches there is exactly one switch
/// and at least one bridge tile, which it toggles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Terrain {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    start: usize,
    target: usize,
}

impl Terrain {
    /// A random candidate: about 60 % ground, the start and the target on two random cells
    /// (and with switches, a switch and one to three bridge tiles on random cells).
    pub fn random(options: &GenerateOptions, random: &mut Random) -> Terrain {
        let (rows, cols) = (options.rows, options.cols);
        let n = rows * cols;
        let cells = (0..n)
            .map(|_| match random.below(10) {
                0..=5 => b'.',
                6 if options.fragile => b'E',
                _ => b'#',
            })
            .collect();
        let start = random.below(n as u64) as usize;
        let mut target = random.below(n as u64 - 1) as usize;
        if target >= start {
            target += 1;
        }
        let mut terrain = Terrain { rows, cols, cells, start, target };
        terrain.cells[start] = b'.';
        terrain.cells[target] = b'.';
        if options.switches && n >= 4 {
            let switch = terrain.free_cell(random);
            terrain.cells[switch] = if random.below(2) == 0 { b'S' } else { b'H' };
            for _ in 0..1 + random.below(3) {
                let tile = terrain.free_cell(random);
                if !terrain.is_special(tile) {
                    terrain.cells[tile] = if random.below(2) == 0 { b'B' } else { b'-' };
                }
            }
            if !terrain.cells.iter().any(|&c| c == b'B' || c == b'-') {
                terrain.cells[switch] = b'.';
            }
        }
        terrain
    }

    /// A cell that is neither the start nor the target (the level has at least three cells).
    fn free_cell(&self, random: &mut Random) -> usize {
        loop {
            let cell = random.below(self.cells.len() as u64) as usize;
            if cell != self.start && cell != self.target {
                return cell;
            }
        }
    }

    fn is_special(&self, cell: usize) -> bool {
        matches!(self.cells[cell], b'S' | b'H' | b'B' | b'-')
    }

    /// One random step: a cell of ground or empty space turned to another material (most
    /// steps), or the start or the target moved to another cell of rigid ground, or (with
    /// switches) the switch or a bridge tile moved or changed.
    pub fn mutate(&mut self, options: &GenerateOptions, random: &mut Random) {
        let n = self.cells.len();
        if n < 3 {
            return;
        }
        match random.below(20) {
            0 | 1 => {
                let cell = random.below(n as u64) as usize;
                if self.cells[cell] == b'.' && cell != self.target {
                    self.start = cell;
                }
            }
            2 | 3 => {
                let cell = random.below(n as u64) as usize;
                if self.cells[cell] == b'.' && cell != self.start {
                    self.target = cell;
                }
            }
            4 if options.switches => {
                // Move a special cell (the switch or a bridge tile) to a cell of plain terrain,
                // or change its kind.
                let special: Vec<usize> = (0..n).filter(|&c| self.is_special(c)).collect();
                if special.is_empty() {
                    return;
                }
                let from = special[random.below(special.len() as u64) as usize];
                if random.below(2) == 0 {
                    self.cells[from] = match self.cells[from] {
                        b'S' => b'H',
                        b'H' => b'S',
                        b'B' => b'-',
                        _ => b'B',
                    };
                    return;
                }
                let to = self.free_cell(random);
                if !self.is_special(to) {
                    self.cells[to] = self.cells[from];
                    self.cells[from] = b'.';
                }
            }
            _ => {
                let cell = self.free_cell(random);
                let now = self.cells[cell];
                self.cells[cell] = match now {
                    b'.' if options.fragile && random.below(3) == 0 => b'E',
                    b'.' => b'#',
                    b'#' if options.fragile && random.below(3) == 0 => b'E',
                    b'#' => b'.',
                    b'E' if random.below(2) == 0 => b'.',
                    b'E' => b'#',
                    special => special,
                };
            }
        }
    }

    /// True when the candidate has a switch (it is then no POJ 3322 level).
    fn has_switch(&self) -> bool {
        self.cells.iter().any(|&c| c == b'S' || c == b'H')
    }

    /// Fills `level` with the candidate, reusing its buffer: straight from the cells for a
    /// level without a switch, through the text format for one with.
    pub fn build(&self, level: &mut Level) {
        if self.has_switch() {
            let text = self.text();
            let read = PackReader::new(text.as_bytes()).read_into(level);
            debug_assert!(matches!(read, Some(Ok(()))), "{text}");
            return;
        }
        level.clear(self.rows, self.cols);
        for r in 0..self.rows {
            let row = level.row_mut(r);
            for (c, flags) in row.iter_mut().enumerate() {
                let material = match self.cells[r * self.cols + c] {
                    b'#' | b'-' => Cell::Empty,
                    b'E' => Cell::Fragile,
                    _ => Cell::Rigid,
                };
                *flags = Level::material_flags(material);
            }
        }
        let at = |cell: usize| (cell / self.cols, cell % self.cols);
        let (sr, sc) = at(self.start);
        level.finish(Placement::standing(sr, sc), at(self.target));
    }

    /// The candidate in the text format: the `R C` header, the rows (`X` the start, `O` the
    /// target), and the switch's line (it toggles every bridge tile), each ended by `\n`.
    pub fn text(&self) -> String {
        let mut text = format!("{} {}\n", self.rows, self.cols);
        let mut switch = None;
        let mut tiles = Vec::new();
        for (i, &cell) in self.cells.iter().enumerate() {
            let letter = match cell {
                _ if i == self.start => b'X',
                _ if i == self.target => b'O',
                b'S' | b'H' => {
                    switch = Some(i);
                    cell
                }
                b'B' | b'-' => {
                    tiles.push(i);
                    cell
                }
                other => other,
            };
            text.push(char::from(letter));
            if (i + 1) % self.cols == 0 {
                text.push('\n');
            }
        }
        let at = |cell: usize| format!("{} {}", cell / self.cols + 1, cell % self.cols + 1);
        if let Some(switch) = switch {
            let actions: Vec<String> = tiles.iter().map(|&t| format!("toggle {}", at(t))).collect();
            let _ = writeln!(text, "switch {}: {}", at(switch), actions.join(", "));
        }
        text
    }
}
