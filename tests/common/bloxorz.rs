//! An independent model of Bloxorz (POJ 3322) for the tests: a plain level reader, a plain
//! reference BFS (a `HashMap` and a `VecDeque`), a path replayer and a seeded level generator.
//! It shares no code with the library: the box is the pair of cells it covers, and a roll is
//! described by what happens to those cells.

use std::collections::{HashMap, VecDeque};

/// A level as its rows of characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    pub rows: Vec<Vec<u8>>,
}

/// The box as the two cells it covers (the same cell twice when it stands), sorted.
type Cubes = [(i64, i64); 2];

impl Grid {
    pub fn height(&self) -> i64 {
        self.rows.len() as i64
    }

    pub fn width(&self) -> i64 {
        self.rows.first().map_or(0, |r| r.len() as i64)
    }

    /// The character at `(r, c)`, `#` outside the grid.
    pub fn at(&self, r: i64, c: i64) -> u8 {
        if r < 0 || c < 0 || r >= self.height() || c >= self.width() {
            return b'#';
        }
        self.rows[r as usize][c as usize]
    }

    fn find(&self, ch: u8) -> Vec<(i64, i64)> {
        let mut found = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            for (c, &x) in row.iter().enumerate() {
                if x == ch {
                    found.push((r as i64, c as i64));
                }
            }
        }
        found
    }

    fn start(&self) -> Cubes {
        let x = self.find(b'X');
        [x[0], *x.last().unwrap()]
    }

    fn target(&self) -> (i64, i64) {
        self.find(b'O')[0]
    }

    /// True when the box may rest on `cubes`: no cube off the grid or on `#`, and not standing
    /// on `E`.
    pub fn can_rest(&self, cubes: Cubes) -> bool {
        let standing = cubes[0] == cubes[1];
        cubes.iter().all(|&(r, c)| match self.at(r, c) {
            b'#' => false,
            b'E' => !standing,
            _ => true,
        })
    }

    /// The level written in the POJ 3322 layout.
    pub fn to_text(&self) -> String {
        let mut s = format!("{} {}\n", self.height(), self.width());
        for row in &self.rows {
            s.push_str(std::str::from_utf8(row).unwrap());
            s.push('\n');
        }
        s
    }
}

/// Reads a well-formed pack (as the shared data files are): `R C`, R rows, ..., `0 0`.
pub fn read_pack(text: &str) -> Vec<Grid> {
    let mut lines = text.lines().map(str::trim_end).filter(|l| !l.is_empty());
    let mut grids = Vec::new();
    while let Some(header) = lines.next() {
        let mut numbers = header.split_whitespace().map(|n| n.parse::<usize>().unwrap());
        let (r, c) = (numbers.next().unwrap(), numbers.next().unwrap());
        if r == 0 && c == 0 {
            break;
        }
        let rows: Vec<Vec<u8>> =
            (0..r).map(|_| lines.next().unwrap().as_bytes().to_vec()).collect();
        assert!(rows.iter().all(|row| row.len() == c));
        grids.push(Grid { rows });
    }
    grids
}

/// The box after rolling `cubes` one step towards `(dr, dc)`.
pub fn roll(cubes: Cubes, (dr, dc): (i64, i64)) -> Cubes {
    let [a, b] = cubes;
    let mut next = if a == b {
        // Standing: it falls over, covering the next two cells in that direction.
        [(a.0 + dr, a.1 + dc), (a.0 + 2 * dr, a.1 + 2 * dc)]
    } else if (b.0 - a.0, b.1 - a.1) == (dr.abs(), dc.abs()) {
        // Lying along the direction of the roll: it stands up just beyond its end.
        let end = if dr + dc > 0 { b } else { a };
        let cell = (end.0 + dr, end.1 + dc);
        [cell, cell]
    } else {
        // Lying across the direction of the roll: it rolls sideways.
        [(a.0 + dr, a.1 + dc), (b.0 + dr, b.1 + dc)]
    };
    next.sort();
    next
}

/// The four rolls with their letters (U = towards the first row).
pub const ROLLS: [(char, (i64, i64)); 4] =
    [('U', (-1, 0)), ('D', (1, 0)), ('L', (0, -1)), ('R', (0, 1))];

/// The reference answer: the minimum number of moves to stand on `O`, by a plain BFS (see
/// [`reference_explored`]).
pub fn reference_distance(grid: &Grid) -> Option<u32> {
    reference_explored(grid).0
}

/// The reference BFS (a plain breadth-first search over every state the box reaches): the
/// minimum number of moves to stand on `O`, and the number of states the library reports as
/// explored: the states at a distance below the answer, or every reachable state when there is
/// none (counted from the full map of distances).
pub fn reference_explored(grid: &Grid) -> (Option<u32>, u64) {
    let mut start = grid.start();
    start.sort();
    let t = grid.target();
    let mut distance: HashMap<Cubes, u32> = HashMap::new();
    let mut queue = VecDeque::new();
    distance.insert(start, 0);
    queue.push_back(start);
    while let Some(cubes) = queue.pop_front() {
        for (_, dir) in ROLLS {
            let next = roll(cubes, dir);
            if grid.can_rest(next) && !distance.contains_key(&next) {
                distance.insert(next, distance[&cubes] + 1);
                queue.push_back(next);
            }
        }
    }
    match distance.get(&[t, t]) {
        Some(&d) => (Some(d), distance.values().filter(|&&e| e < d).count() as u64),
        None => (None, distance.len() as u64),
    }
}

/// Replays a `--path` answer line (`N MOVES`, or `0`) on `grid`: every step must keep the box on
/// non-empty cells inside the grid and never standing on `E`; the box must end standing on `O`
/// after exactly N moves.
pub fn replay(grid: &Grid, line: &str) -> Result<u32, String> {
    let (n, moves) = line.split_once(' ').unwrap_or((line, ""));
    let n: u32 = n.parse().map_err(|_| format!("not a number of moves: {line:?}"))?;
    if moves.chars().count() != n as usize {
        return Err(format!("{n} moves announced, {} given", moves.chars().count()));
    }
    let mut cubes = grid.start();
    cubes.sort();
    for (i, letter) in moves.chars().enumerate() {
        let dir = ROLLS
            .iter()
            .find(|(l, _)| *l == letter)
            .ok_or_else(|| format!("move {} is {letter:?}", i + 1))?
            .1;
        cubes = roll(cubes, dir);
        if !grid.can_rest(cubes) {
            return Err(format!("move {} ({letter}) leaves the box on {cubes:?}", i + 1));
        }
    }
    let t = grid.target();
    if cubes != [t, t] {
        return Err(format!("the path ends at {cubes:?}, not standing on {t:?}"));
    }
    Ok(n)
}

pub use super::rng::Rng;

/// A random valid level: sizes 1..=12 (1-row and 1-column levels included), with or without a
/// `#` border, random holes and fragile cells, standing or lying starts, and often fragile cells
/// around the target.
pub fn random_grid(rng: &mut Rng) -> Grid {
    loop {
        let (h, w) = match rng.below(6) {
            0 => (1, 3 + rng.below(10) as usize),
            1 => (3 + rng.below(10) as usize, 1),
            _ => (1 + rng.below(12) as usize, 1 + rng.below(12) as usize),
        };
        let hole = [0.0, 0.1, 0.25, 0.4][rng.below(4) as usize];
        let fragile = [0.0, 0.1, 0.3][rng.below(3) as usize];
        let mut rows: Vec<Vec<u8>> = (0..h)
            .map(|_| {
                (0..w)
                    .map(|_| {
                        if rng.chance(hole) {
                            b'#'
                        } else if rng.chance(fragile) {
                            b'E'
                        } else {
                            b'.'
                        }
                    })
                    .collect()
            })
            .collect();
        if h >= 3 && w >= 3 && rng.chance(0.3) {
            for (r, row) in rows.iter_mut().enumerate() {
                for (c, cell) in row.iter_mut().enumerate() {
                    if r == 0 || c == 0 || r == h - 1 || c == w - 1 {
                        *cell = b'#';
                    }
                }
            }
        }
        let rigid: Vec<(usize, usize)> = (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .filter(|&(r, c)| rows[r][c] == b'.')
            .collect();
        if rigid.len() < 2 {
            continue;
        }
        let (tr, tc) = rigid[rng.below(rigid.len() as u64) as usize];
        rows[tr][tc] = b'O';
        if rng.chance(0.3) {
            // fragile cells next to the target
            for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                let (r, c) = (tr as i64 + dr, tc as i64 + dc);
                if r >= 0 && c >= 0 && (r as usize) < h && (c as usize) < w && rng.chance(0.6) {
                    rows[r as usize][c as usize] = b'E';
                }
            }
        }
        let free: Vec<(usize, usize)> = (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .filter(|&(r, c)| rows[r][c] == b'.')
            .collect();
        if free.is_empty() {
            continue;
        }
        let (sr, sc) = free[rng.below(free.len() as u64) as usize];
        rows[sr][sc] = b'X';
        if rng.chance(0.5) {
            let mut pairs = [(sr, sc + 1), (sr + 1, sc)];
            if rng.chance(0.5) {
                pairs.swap(0, 1);
            }
            if let Some(&(r, c)) =
                pairs.iter().find(|&&(r, c)| r < h && c < w && rows[r][c] == b'.')
            {
                rows[r][c] = b'X';
            }
        }
        return Grid { rows };
    }
}
