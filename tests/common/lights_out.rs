//! An independent reference for the Lights Out family, written here without the library: the
//! rules from the mask text, a replayer of press counts, and a brute-force breadth-first search
//! over every state.

use std::collections::VecDeque;

/// Unreachable in a [`Rules::brute_force`] table.
pub const UNREACHABLE: u8 = u8::MAX;

/// One variant's rules: board size, toggled offsets from the mask text, wrap-around, colours.
#[derive(Debug, Clone)]
pub struct Rules {
    pub rows: usize,
    pub cols: usize,
    /// `(row, column)` offsets from the press, read from the mask.
    pub offsets: Vec<(i64, i64)>,
    pub wrap: bool,
    pub colours: u8,
}

impl Rules {
    /// Rules from a mask such as `.x./xxx/.x.` (rows separated by `/`, centred on the press).
    pub fn new(rows: usize, cols: usize, mask: &str, wrap: bool, colours: u8) -> Rules {
        let lines: Vec<&str> = mask.split('/').collect();
        let (h, w) = (lines.len() as i64, lines[0].len() as i64);
        let mut offsets = Vec::new();
        for (r, line) in lines.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == 'x' {
                    offsets.push((r as i64 - h / 2, c as i64 - w / 2));
                }
            }
        }
        Rules { rows, cols, offsets, wrap, colours }
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// `colours^cells`.
    pub fn states(&self) -> usize {
        (self.colours as usize).pow(self.cells() as u32)
    }

    /// Presses cell `cell` `times` times: each offset landing on the board (or, wrapping,
    /// anywhere) advances that cell by one colour per press.
    pub fn press(&self, cells: &mut [u8], cell: usize, times: u8) {
        let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
        let (h, w) = (self.rows as i64, self.cols as i64);
        for &(dr, dc) in &self.offsets {
            let (mut tr, mut tc) = (r + dr, c + dc);
            if self.wrap {
                tr = ((tr % h) + h) % h;
                tc = ((tc % w) + w) % w;
            } else if tr < 0 || tc < 0 || tr >= h || tc >= w {
                continue;
            }
            let target = &mut cells[(tr * w + tc) as usize];
            *target = ((*target as u32 + times as u32) % self.colours as u32) as u8;
        }
    }

    /// Replays `(cell, count)` presses on `cells`.
    pub fn replay(&self, cells: &[u8], presses: &[(usize, u8)]) -> Vec<u8> {
        let mut out = cells.to_vec();
        for &(cell, count) in presses {
            self.press(&mut out, cell, count);
        }
        out
    }

    pub fn decode(&self, mut state: usize) -> Vec<u8> {
        let k = self.colours as usize;
        (0..self.cells())
            .map(|_| {
                let d = (state % k) as u8;
                state /= k;
                d
            })
            .collect()
    }

    pub fn encode(&self, cells: &[u8]) -> usize {
        cells.iter().rev().fold(0, |acc, &d| acc * self.colours as usize + d as usize)
    }

    /// The fewest presses from each state to all cells of `colour`: a breadth-first search
    /// backwards from that board, a step being one press taken back (pressed `colours - 1`
    /// more times).
    pub fn brute_force(&self, colour: u8) -> Vec<u8> {
        let mut dist = vec![UNREACHABLE; self.states()];
        let goal = self.encode(&vec![colour; self.cells()]);
        dist[goal] = 0;
        let mut queue = VecDeque::from([goal]);
        while let Some(state) = queue.pop_front() {
            let cells = self.decode(state);
            for cell in 0..self.cells() {
                let mut before = cells.clone();
                self.press(&mut before, cell, self.colours - 1);
                let s = self.encode(&before);
                if dist[s] == UNREACHABLE {
                    dist[s] = dist[state] + 1;
                    queue.push_back(s);
                }
            }
        }
        dist
    }

    /// The presses a table walk makes from `state`: each time the lowest cell whose press
    /// brings the board one step closer (by `table`).
    // The library's own tests (`src/lights_out/tests`) include this file and call it.
    #[allow(dead_code)]
    pub fn walk(&self, table: &[u8], state: usize) -> Vec<usize> {
        let mut cells = self.decode(state);
        let mut d = table[state];
        let mut out = Vec::new();
        while d > 0 {
            let next = (0..self.cells())
                .find_map(|cell| {
                    let mut after = cells.clone();
                    self.press(&mut after, cell, 1);
                    (table[self.encode(&after)] == d - 1).then_some((cell, after))
                })
                .expect("a press one step closer");
            out.push(next.0);
            cells = next.1;
            d -= 1;
        }
        out
    }
}
