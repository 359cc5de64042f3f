//! Lights Out with a toggle set for every button and holes, as plain sets, and the brute force
//! the tests check `--buttons`, `--hole` and `--tatham` against: every press set of a small
//! board, hence the distance of every state towards every colour. Written without the library
//! (the library's unit tests include this file by path).

/// A board's rules as plain sets: what each button toggles (cells, with repeats for a cell
/// toggled twice), and the holes.
pub struct Sets {
    pub rows: usize,
    pub cols: usize,
    pub toggles: Vec<Vec<usize>>,
    pub holes: Vec<bool>,
    pub k: u8,
    /// A button that toggles nothing can be pressed (to no effect), as in a Tatham game ID.
    pub idle_pressable: bool,
}

/// The value of no distance.
pub const NONE: usize = usize::MAX;

/// What the brute force finds for one state and one goal colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// The fewest presses, [`NONE`] when unreachable.
    pub best: usize,
    /// The press sets of `best` presses.
    pub optimal: u64,
    /// The press sets that reach the colour, of any size.
    pub all: u64,
}

impl Sets {
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The buttons that exist and toggle something (or, with `idle_pressable`, nothing).
    pub fn live(&self) -> Vec<usize> {
        (0..self.cells()).filter(|&b| !self.holes[b] && self.pressable(b)).collect()
    }

    /// Whether button `b` can be pressed, hole or not.
    fn pressable(&self, b: usize) -> bool {
        self.idle_pressable || !self.toggles[b].is_empty()
    }

    /// The cells that are there.
    pub fn present(&self) -> Vec<usize> {
        (0..self.cells()).filter(|&c| !self.holes[c]).collect()
    }

    /// `cells` after `presses` (`(button, count)`).
    pub fn replay(&self, cells: &[u8], presses: &[(usize, u8)]) -> Vec<u8> {
        let mut out = cells.to_vec();
        for &(b, times) in presses {
            assert!(!self.holes[b] && self.pressable(b), "pressed {b}, no button");
            for &c in &self.toggles[b] {
                if !self.holes[c] {
                    out[c] = ((u32::from(out[c]) + u32::from(times)) % u32::from(self.k)) as u8;
                }
            }
        }
        out
    }

    /// The state number of the present cells of `cells` (base `K`, first present cell lowest).
    pub fn state(&self, cells: &[u8]) -> usize {
        self.present().iter().rev().fold(0, |s, &c| s * usize::from(self.k) + usize::from(cells[c]))
    }

    /// Per colour `c`, per state of the present cells: the fewest presses that make every
    /// present cell `c` (by every press set of the live buttons).
    pub fn brute_force(&self) -> Vec<Vec<usize>> {
        let tallies = self.tallies();
        tallies.iter().map(|per_state| per_state.iter().map(|t| t.best).collect()).collect()
    }

    /// Per colour `c`, per state of the present cells: the fewest presses that make every
    /// present cell `c`, how many press sets (each live button pressed `0 ..= K - 1` times)
    /// have that many presses, and how many reach `c` at all.
    pub fn tallies(&self) -> Vec<Vec<Tally>> {
        let k = usize::from(self.k);
        let live = self.live();
        let states = k.pow(self.present().len() as u32);
        let none = Tally { best: NONE, optimal: 0, all: 0 };
        let mut best = vec![vec![none; states]; k];
        let mut counts = vec![0u8; live.len()];
        loop {
            let presses: Vec<(usize, u8)> =
                live.iter().zip(&counts).filter(|(_, n)| **n > 0).map(|(&b, &n)| (b, n)).collect();
            let weight: usize = counts.iter().map(|&n| usize::from(n)).sum();
            // The presses turn board s into colour c exactly when they turn 0 into c - s.
            let effect = self.replay(&vec![0; self.cells()], &presses);
            for (c, best) in best.iter_mut().enumerate() {
                let start: Vec<u8> =
                    effect.iter().map(|&e| ((c + k - usize::from(e)) % k) as u8).collect();
                let tally = &mut best[self.state(&start)];
                tally.all += 1;
                if weight < tally.best {
                    (tally.best, tally.optimal) = (weight, 0);
                }
                if weight == tally.best {
                    tally.optimal += 1;
                }
            }
            // The next press set, counting in base K.
            let Some(i) = counts.iter().position(|&n| usize::from(n) + 1 < k) else { break };
            counts[..i].fill(0);
            counts[i] += 1;
        }
        best
    }

    /// The cells of state `s` (holes hold `filler`).
    pub fn board(&self, s: usize, filler: u8) -> Vec<u8> {
        let mut cells = vec![filler; self.cells()];
        let mut rest = s;
        for c in self.present() {
            cells[c] = (rest % usize::from(self.k)) as u8;
            rest /= usize::from(self.k);
        }
        cells
    }

    /// The buttons as a buttons file.
    pub fn file(&self) -> String {
        let line = |set: &Vec<usize>| {
            let pairs: Vec<String> = set
                .iter()
                .map(|c| format!("{},{}", c / self.cols + 1, c % self.cols + 1))
                .collect();
            pairs.join(" ")
        };
        self.toggles.iter().map(|set| line(set) + "\n").collect()
    }
}

/// Random toggle sets on `rows x cols` (`chance(p)` true with probability `p`): about one
/// button in five cannot be pressed, and with `holes` about one cell in four is a hole.
pub fn random_sets(
    chance: &mut impl FnMut(f64) -> bool,
    rows: usize,
    cols: usize,
    k: u8,
    holes: bool,
) -> Sets {
    let n = rows * cols;
    let toggles = (0..n)
        .map(|_| match chance(0.2) {
            true => Vec::new(),
            false => (0..n).filter(|_| chance(0.4)).collect(),
        })
        .collect();
    let mut holes: Vec<bool> = (0..n).map(|_| holes && chance(0.25)).collect();
    if holes.iter().all(|&h| h) {
        holes[0] = false;
    }
    Sets { rows, cols, toggles, holes, k, idle_pressable: false }
}

/// The plus (with wrap-around or not) as sets.
pub fn plus_sets(rows: usize, cols: usize, wrap: bool, k: u8, holes: Vec<bool>) -> Sets {
    let toggles = (0..rows * cols)
        .map(|i| {
            let (r, c) = ((i / cols) as isize, (i % cols) as isize);
            let offsets = [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)];
            offsets
                .iter()
                .filter_map(|&(dr, dc)| {
                    let (tr, tc) = (r + dr, c + dc);
                    let (rr, cc) = (rows as isize, cols as isize);
                    match wrap {
                        true => Some((tr.rem_euclid(rr) * cc + tc.rem_euclid(cc)) as usize),
                        false if (0..rr).contains(&tr) && (0..cc).contains(&tc) => {
                            Some((tr * cc + tc) as usize)
                        }
                        false => None,
                    }
                })
                .collect()
        })
        .collect();
    Sets { rows, cols, toggles, holes, k, idle_pressable: false }
}

/// Encodes bits as Tatham's hexadecimal bitmaps: four bits a digit, most significant first.
pub fn hex(bits: &[u8]) -> String {
    bits.chunks(4)
        .map(|c| {
            let v = c.iter().enumerate().fold(0u32, |v, (j, &b)| v | u32::from(b) << (3 - j));
            char::from_digit(v, 16).unwrap()
        })
        .collect()
}
