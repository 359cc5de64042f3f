//! An independent model of the original game's rules for the tests (and the cargo-fuzz target):
//! a plain reader of the extended text format, the rules of a move,
//! a path replayer, a reference BFS (a `HashMap` and a `VecDeque`) and a seeded generator of small
//! levels with switches, bridges and split switches. It shares no code with the library: the
//! block is the set of cells it covers, the bridges the set of bridge tiles that are there, and
//! every rule is written out plainly from `docs/LEVELS.md`.

use std::collections::{BTreeSet, HashMap, VecDeque};

use super::rng::Rng;

/// A cell `(row, col)`, 0-based.
pub type At = (i64, i64);

/// What a switch does to one tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    On,
    Off,
    Toggle,
}

/// A level: its rows of letters (`. E # O X S H V B -`), what each switch does, where each split
/// switch sends the cubes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ext {
    pub rows: Vec<Vec<u8>>,
    pub switches: HashMap<At, Vec<(Act, At)>>,
    pub splits: HashMap<At, [At; 2]>,
}

/// The block: whole (the cells it covers, sorted; one cell twice when standing) or two cubes
/// (sorted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Block {
    Whole([At; 2]),
    Cubes([At; 2]),
}

/// A state: the block and the bridge tiles that are there.
pub type State = (Block, BTreeSet<At>);

/// The four directions with their letters.
pub const DIRS: [(char, At); 4] = [('U', (-1, 0)), ('D', (1, 0)), ('L', (0, -1)), ('R', (0, 1))];

fn sorted(mut pair: [At; 2]) -> [At; 2] {
    pair.sort();
    pair
}

fn adjacent(a: At, b: At) -> bool {
    (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1
}

impl Ext {
    pub fn height(&self) -> i64 {
        self.rows.len() as i64
    }

    pub fn width(&self) -> i64 {
        self.rows.first().map_or(0, |r| r.len() as i64)
    }

    /// The letter at `at`, `#` outside.
    pub fn at(&self, (r, c): At) -> u8 {
        if r < 0 || c < 0 || r >= self.height() || c >= self.width() {
            return b'#';
        }
        self.rows[r as usize][c as usize]
    }

    fn find(&self, letter: u8) -> Vec<At> {
        let mut out = Vec::new();
        for r in 0..self.height() {
            for c in 0..self.width() {
                if self.at((r, c)) == letter {
                    out.push((r, c));
                }
            }
        }
        out
    }

    /// The state at the start: the block on the `X` cells, the `B` tiles there.
    pub fn start(&self) -> State {
        let x = self.find(b'X');
        let block = Block::Whole(sorted([x[0], *x.last().unwrap()]));
        (block, self.find(b'B').into_iter().collect())
    }

    pub fn goal(&self) -> Block {
        let o = self.find(b'O')[0];
        Block::Whole([o, o])
    }

    /// True when there is a tile at `at`.
    fn tile(&self, at: At, bridges: &BTreeSet<At>) -> bool {
        match self.at(at) {
            b'#' => false,
            b'B' | b'-' => bridges.contains(&at),
            _ => true,
        }
    }

    /// Something arrives on `at`; `standing` when it is the whole block standing.
    fn arrive(&self, at: At, standing: bool, bridges: &mut BTreeSet<At>) {
        let pressed = match self.at(at) {
            b'S' => true,
            b'H' => standing,
            _ => false,
        };
        if !pressed {
            return;
        }
        for &(act, tile) in &self.switches[&at] {
            let there = bridges.contains(&tile);
            let now = match act {
                Act::On => true,
                Act::Off => false,
                Act::Toggle => !there,
            };
            if now {
                bridges.insert(tile);
            } else {
                bridges.remove(&tile);
            }
        }
    }

    /// Two cubes on `a` and `b` that have just arrived where they are: merged when adjacent.
    fn cubes(a: At, b: At) -> Block {
        if adjacent(a, b) { Block::Whole(sorted([a, b])) } else { Block::Cubes(sorted([a, b])) }
    }

    /// The whole block of `state` rolls `dir`: the next state, or `None` when it falls.
    pub fn roll(&self, state: &State, dir: At) -> Option<State> {
        let (Block::Whole(cells), bridges) = state else { return None };
        let next = super::bloxorz::roll(*cells, dir);
        let standing = next[0] == next[1];
        let mut bridges = bridges.clone();
        if next.iter().any(|&c| !self.tile(c, &bridges)) {
            return None;
        }
        if standing && self.at(next[0]) == b'E' {
            return None;
        }
        if standing {
            self.arrive(next[0], true, &mut bridges);
        } else {
            self.arrive(next[0], false, &mut bridges);
            self.arrive(next[1], false, &mut bridges);
        }
        if next.iter().any(|&c| !self.tile(c, &bridges)) {
            return None;
        }
        if standing && self.at(next[0]) == b'V' {
            let [a, b] = self.splits[&next[0]];
            if !self.tile(a, &bridges) || !self.tile(b, &bridges) {
                return None;
            }
            self.arrive(a, false, &mut bridges);
            self.arrive(b, false, &mut bridges);
            if !self.tile(a, &bridges) || !self.tile(b, &bridges) {
                return None;
            }
            return Some((Self::cubes(a, b), bridges));
        }
        Some((Block::Whole(next), bridges))
    }

    /// The cube on `from` (one of the two of `state`) moves `dir`.
    pub fn slide(&self, state: &State, from: At, dir: At) -> Option<State> {
        let (Block::Cubes(cubes), bridges) = state else { return None };
        let other = if cubes[0] == from {
            cubes[1]
        } else if cubes[1] == from {
            cubes[0]
        } else {
            return None;
        };
        let to = (from.0 + dir.0, from.1 + dir.1);
        let mut bridges = bridges.clone();
        if !self.tile(to, &bridges) {
            return None;
        }
        self.arrive(to, false, &mut bridges);
        if !self.tile(to, &bridges) || !self.tile(other, &bridges) {
            return None;
        }
        Some((Self::cubes(to, other), bridges))
    }

    /// The reference answer: the minimum number of moves, by a plain BFS.
    pub fn reference_distance(&self) -> Option<u32> {
        self.reference_search().0
    }

    /// The reference BFS: the answer and how many states it reached.
    pub fn reference_search(&self) -> (Option<u32>, usize) {
        let start = self.start();
        let goal = self.goal();
        let mut distance: HashMap<State, u32> = HashMap::new();
        let mut queue = VecDeque::new();
        distance.insert(start.clone(), 0);
        queue.push_back(start);
        while let Some(state) = queue.pop_front() {
            let d = distance[&state];
            if state.0 == goal {
                return (Some(d), distance.len());
            }
            let mut next = Vec::new();
            match state.0 {
                Block::Whole(_) => {
                    next.extend(DIRS.iter().filter_map(|&(_, d)| self.roll(&state, d)))
                }
                Block::Cubes(cubes) => {
                    for cube in cubes {
                        next.extend(DIRS.iter().filter_map(|&(_, d)| self.slide(&state, cube, d)));
                    }
                }
            }
            for n in next {
                if !distance.contains_key(&n) {
                    distance.insert(n.clone(), d + 1);
                    queue.push_back(n);
                }
            }
        }
        (None, distance.len())
    }

    /// Replays a `--path` answer line (`N MOVES`, or `0`): every step must be legal under the
    /// rules, a cube step names a cube (`a`: the one put on the split switch's first target, `b`:
    /// the second), and the block must end standing on `O` after exactly N moves.
    pub fn replay(&self, line: &str) -> Result<u32, String> {
        let (n, moves) = line.split_once(' ').unwrap_or((line, ""));
        let n: u32 = n.parse().map_err(|_| format!("not a number of moves: {line:?}"))?;
        let mut state = self.start();
        // The cells of cubes a and b while split.
        let mut named: [At; 2] = [(-1, -1); 2];
        let mut count = 0;
        let mut chars = moves.chars();
        while let Some(ch) = chars.next() {
            count += 1;
            let (cube, letter) = match ch {
                'a' | 'b' => (Some(usize::from(ch == 'b')), chars.next().unwrap_or('?')),
                _ => (None, ch),
            };
            let dir = DIRS
                .iter()
                .find(|(l, _)| *l == letter)
                .ok_or_else(|| format!("move {count} is {letter:?}"))?
                .1;
            let next = match (cube, &state.0) {
                (None, Block::Whole(cells)) => {
                    let next = self.roll(&state, dir);
                    let landed = super::bloxorz::roll(*cells, dir);
                    if landed[0] == landed[1] && self.at(landed[0]) == b'V' {
                        named = self.splits[&landed[0]];
                    }
                    next
                }
                (Some(k), Block::Cubes(_)) => {
                    let from = named[k];
                    let next = self.slide(&state, from, dir);
                    named[k] = (from.0 + dir.0, from.1 + dir.1);
                    next
                }
                (None, Block::Cubes(_)) => return Err(format!("move {count}: a roll while split")),
                (Some(_), Block::Whole(_)) => {
                    return Err(format!("move {count}: a cube move while whole"));
                }
            };
            state =
                next.ok_or_else(|| format!("move {count} ({ch}{letter}) falls from {state:?}"))?;
        }
        if count != n {
            return Err(format!("{n} moves announced, {count} given"));
        }
        if state.0 != self.goal() {
            return Err(format!("the path ends at {:?}, not standing on the target", state.0));
        }
        Ok(n)
    }

    /// The level in the text format (1-based definitions).
    pub fn to_text(&self) -> String {
        let mut s = format!("{} {}\n", self.height(), self.width());
        for row in &self.rows {
            s.push_str(std::str::from_utf8(row).unwrap());
            s.push('\n');
        }
        let mut switches: Vec<_> = self.switches.iter().collect();
        switches.sort_by_key(|(at, _)| **at);
        for ((r, c), actions) in switches {
            let list: Vec<String> = actions
                .iter()
                .map(|(a, (tr, tc))| {
                    let word = match a {
                        Act::On => "on",
                        Act::Off => "off",
                        Act::Toggle => "toggle",
                    };
                    format!("{word} {} {}", tr + 1, tc + 1)
                })
                .collect();
            s.push_str(&format!("switch {} {}: {}\n", r + 1, c + 1, list.join(", ")));
        }
        let mut splits: Vec<_> = self.splits.iter().collect();
        splits.sort_by_key(|(at, _)| **at);
        for ((r, c), [a, b]) in splits {
            s.push_str(&format!(
                "split {} {}: {} {}, {} {}\n",
                r + 1,
                c + 1,
                a.0 + 1,
                a.1 + 1,
                b.0 + 1,
                b.1 + 1
            ));
        }
        s
    }
}

/// Reads a well-formed pack of the text format: `R C`, R rows, definition lines, comments `;`,
/// blank lines, `0 0`.
pub fn read_ext_pack(text: &str) -> Vec<Ext> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with(';'))
        .collect();
    let mut levels = Vec::new();
    let mut i = 0;
    let number = |s: &str| s.trim().parse::<i64>().unwrap();
    let cell = |s: &str| {
        let mut it = s.split_whitespace().map(|n| n.parse::<i64>().unwrap() - 1);
        (it.next().unwrap(), it.next().unwrap())
    };
    while i < lines.len() {
        let mut header = lines[i].split_whitespace();
        let (r, _c) = (number(header.next().unwrap()), number(header.next().unwrap()));
        if r == 0 {
            break;
        }
        let rows: Vec<Vec<u8>> =
            lines[i + 1..i + 1 + r as usize].iter().map(|l| l.as_bytes().to_vec()).collect();
        i += 1 + r as usize;
        let mut level = Ext { rows, switches: HashMap::new(), splits: HashMap::new() };
        while i < lines.len() {
            let line = lines[i].trim_start();
            let (head, rest) = match line.split_once(':') {
                Some(parts) if line.starts_with("switch ") || line.starts_with("split ") => parts,
                _ => break,
            };
            let (keyword, at) = head.split_once(' ').unwrap();
            let at = cell(at);
            if keyword == "switch" {
                let actions = rest
                    .split(',')
                    .map(|a| {
                        let (word, tile) = a.trim().split_once(' ').unwrap();
                        let act = match word {
                            "on" => Act::On,
                            "off" => Act::Off,
                            _ => Act::Toggle,
                        };
                        (act, cell(tile))
                    })
                    .collect();
                level.switches.insert(at, actions);
            } else {
                let (a, b) = rest.split_once(',').unwrap();
                level.splits.insert(at, [cell(a), cell(b)]);
            }
            i += 1;
        }
        levels.push(level);
    }
    levels
}

/// A random valid level with switches, bridge tiles and split switches: 2 to 7 rows and columns,
/// standing or lying starts.
pub fn random_ext(rng: &mut Rng) -> Ext {
    loop {
        let (h, w) = (2 + rng.below(6) as usize, 2 + rng.below(6) as usize);
        let mix = rng.pick(&[b"......EE#SHVB--".as_slice(), b"....#SSHB---V", b"......#E-BSH"]);
        let mut rows: Vec<Vec<u8>> =
            (0..h).map(|_| (0..w).map(|_| rng.pick(mix)).collect()).collect();
        let cells: Vec<At> =
            (0..h as i64).flat_map(|r| (0..w as i64).map(move |c| (r, c))).collect();
        let plain: Vec<At> =
            cells.iter().copied().filter(|&(r, c)| rows[r as usize][c as usize] == b'.').collect();
        if plain.len() < 2 {
            continue;
        }
        let o = rng.pick(&plain);
        rows[o.0 as usize][o.1 as usize] = b'O';
        let x = rng.pick(&plain);
        if x == o {
            continue;
        }
        rows[x.0 as usize][x.1 as usize] = b'X';
        let next = (x.0, x.1 + 1);
        if rng.below(3) == 0 && next.1 < w as i64 && rows[next.0 as usize][next.1 as usize] == b'.'
        {
            rows[next.0 as usize][next.1 as usize] = b'X';
        }
        let bridges: Vec<At> = cells
            .iter()
            .copied()
            .filter(|&(r, c)| matches!(rows[r as usize][c as usize], b'B' | b'-'))
            .collect();
        let mut ext = Ext { rows, switches: HashMap::new(), splits: HashMap::new() };
        for at in cells.iter().copied() {
            match ext.at(at) {
                b'S' | b'H' if bridges.is_empty() => ext.rows[at.0 as usize][at.1 as usize] = b'.',
                b'S' | b'H' => {
                    let mut actions: Vec<(Act, At)> = Vec::new();
                    for _ in 0..1 + rng.below(3) {
                        let tile = rng.pick(&bridges);
                        if actions.iter().all(|a| a.1 != tile) {
                            actions.push((rng.pick(&[Act::On, Act::Off, Act::Toggle]), tile));
                        }
                    }
                    ext.switches.insert(at, actions);
                }
                b'V' => {
                    let a = rng.pick(&cells);
                    let b = rng.pick(&cells);
                    if a == b {
                        ext.rows[at.0 as usize][at.1 as usize] = b'.';
                    } else {
                        ext.splits.insert(at, [a, b]);
                    }
                }
                _ => {}
            }
        }
        return ext;
    }
}
