//! A generator of switch-heavy Bloxorz levels for the general engine's benchmarks: long
//! corridors gated by bridge tiles that soft and heavy switches lay, take away and toggle, in the
//! spirit of the planning benchmarks' QSAT levels (a level is a puzzle whose bridge
//! configuration must be driven through an exponentially long sequence). Written in the text
//! format of `docs/LEVELS.md`; std only, so the bench, the tests and an example share it (each
//! includes this file by path).
//!
//! # The level
//!
//! A hub three rows high runs along the top; the block starts standing at its left end. Below it
//! hang spurs two cells wide, two empty columns apart, each a dead end:
//!
//! - `chain` *ring* spurs, one per bit `i` of a Chinese-rings puzzle. Bit `i` has two bridge
//!   groups: `A_i` (present while the bit is on) and `B_i` (present while it is off); all bits
//!   start off. The spur of bit `i` is gated by door rows (both cells one bridge group) of
//!   `A_{i-1}` and `B_0 .. B_{i-2}`, so its switches can be reached only when bit `i - 1` is on
//!   and every lower bit is off, the rule of the rings. At its end a small room holds either one
//!   toggle switch (soft or heavy) of both groups, or a soft and a heavy switch, one setting the
//!   bit (`on A_i`, `off B_i`) and one clearing it.
//! - `free` spurs, one per free bit `j`: a toggle switch (soft or heavy) of group `F_j` in front
//!   of a door row of `F_j`, behind which lies a pocket of ground.
//! - the goal spur, gated by `A_{chain-1}` and `B_0 .. B_{chain-2}`: the target lies behind the
//!   configuration where only the top bit is on, which the rings reach last, after 2^chain - 1
//!   toggles, each a walk from the hub into a spur and back.
//!
//! Every configuration of the `chain + free` bits is reached, each with the hub and the spurs it
//! opens, so a search stores about `2^(chain + free) * positions` states, almost all of them
//! before it reaches the target; `hub` (extra columns of hub) sets the positions. The spurs are
//! shuffled along the hub, and the switch kinds drawn, from `seed`.

/// One generated level's parameters (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwitchLevel {
    /// Bits of the Chinese-rings chain (1 to 20).
    pub chain: u32,
    /// Free bits (0 to 20; `2 * chain + free` at most 64 bridge groups).
    pub free: u32,
    /// Extra columns of hub, beyond the spurs' own.
    pub hub: usize,
    /// Shuffles the spurs and draws the switch kinds.
    pub seed: u64,
}

/// A small deterministic generator (SplitMix64).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// What a spur is for.
#[derive(Debug, Clone, Copy)]
enum Spur {
    Ring(usize),
    Free(usize),
    Goal,
}

/// A bridge group: `A_i`, `B_i` or `F_j`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Group {
    A(usize),
    B(usize),
    F(usize),
}

/// One switch being laid out: its cell, kind and actions on groups.
struct SwitchAt {
    cell: (usize, usize),
    heavy: bool,
    actions: Vec<(&'static str, Group)>,
}

impl SwitchLevel {
    /// Parameters that give about `states` explored states (within a factor of about 1.5):
    /// rings and free bits in a ratio of about 3 to 2, and hub columns for the rest.
    pub fn sized(states: u64, seed: u64) -> SwitchLevel {
        // Measured: about 13 * hub columns + 200 per ring spur open, per configuration.
        let states = states.max(1_000);
        let mut bits: u32 = 2;
        while bits < 32 && (1u64 << (bits + 1)) * 600 <= states {
            bits += 1;
        }
        let chain = (bits * 3).div_ceil(5).clamp(1, 20);
        let free = (bits - chain).min(20);
        let per_config = states / (1u64 << (chain + free));
        let spurs = (chain + free + 1) as usize;
        let base = 24 * spurs as u64 + 100;
        let hub = (per_config.saturating_sub(base) / 13) as usize;
        SwitchLevel { chain, free, hub, seed }
    }

    /// The level in the text format (`R C`, the rows, the switch lines), without `0 0`.
    pub fn text(&self) -> String {
        let (k, f) = (self.chain as usize, self.free as usize);
        assert!((1..=20).contains(&k) && f <= 20, "chain 1 to 20, free 0 to 20");
        let mut rng = Mix(self.seed ^ 0x5EED_B10C);
        let mut spurs: Vec<Spur> = (0..k).map(Spur::Ring).chain((0..f).map(Spur::Free)).collect();
        spurs.push(Spur::Goal);
        for i in (1..spurs.len()).rev() {
            spurs.swap(i, rng.below(i + 1));
        }
        // The doors of a ring spur or of the goal (the goal's are those of a ring `chain`).
        let doors = |i: usize| -> Vec<Group> {
            let mut doors = Vec::new();
            if i > 0 {
                doors.push(Group::A(i - 1));
            }
            doors.extend((0..i.saturating_sub(1)).map(Group::B));
            doors
        };
        let depth = |spur: Spur| -> usize {
            match spur {
                Spur::Ring(i) => 2 * doors(i).len() + 3,
                Spur::Free(_) => 5,
                Spur::Goal => 2 * doors(k).len() + 2,
            }
        };
        let rows = 3 + spurs.iter().map(|&s| depth(s)).max().unwrap_or(0);
        let cols = 4 * spurs.len() + 2 + self.hub;
        let mut grid = vec![vec![b'#'; cols]; rows];
        let mut tiles: Vec<((usize, usize), Group)> = Vec::new();
        let mut switches: Vec<SwitchAt> = Vec::new();
        for row in grid.iter_mut().take(3) {
            row.fill(b'.');
        }
        grid[1][0] = b'X';
        for (s, &spur) in spurs.iter().enumerate() {
            let c = 4 * s + 2;
            let plain = |grid: &mut Vec<Vec<u8>>, r: usize| grid[r][c..c + 2].fill(b'.');
            let mut door = |grid: &mut Vec<Vec<u8>>, r: usize, g: Group| {
                // Bits start off: `B` doors present, `A` and `F` doors absent.
                let letter = if matches!(g, Group::B(_)) { b'B' } else { b'-' };
                grid[r][c..c + 2].fill(letter);
                tiles.extend([((r, c), g), ((r, c + 1), g)]);
            };
            let mut r = 3;
            let ring = match spur {
                Spur::Ring(i) => i,
                Spur::Goal => k,
                Spur::Free(j) => {
                    plain(&mut grid, r);
                    plain(&mut grid, r + 1);
                    let heavy = rng.below(2) == 0;
                    let actions = vec![("toggle", Group::F(j))];
                    switches.push(SwitchAt { cell: (r + 1, c), heavy, actions });
                    door(&mut grid, r + 2, Group::F(j));
                    plain(&mut grid, r + 3);
                    plain(&mut grid, r + 4);
                    continue;
                }
            };
            for g in doors(ring) {
                plain(&mut grid, r);
                door(&mut grid, r + 1, g);
                r += 2;
            }
            plain(&mut grid, r);
            plain(&mut grid, r + 1);
            if ring == k {
                grid[r + 1][c + 1] = b'O';
                continue;
            }
            plain(&mut grid, r + 2);
            let (left, right) = ((r + 2, c), (r + 2, c + 1));
            if rng.below(2) == 0 {
                let heavy = rng.below(2) == 0;
                let actions = vec![("toggle", Group::A(ring)), ("toggle", Group::B(ring))];
                switches.push(SwitchAt { cell: left, heavy, actions });
            } else {
                let heavy_sets = rng.below(2) == 0;
                let set = vec![("on", Group::A(ring)), ("off", Group::B(ring))];
                let clear = vec![("off", Group::A(ring)), ("on", Group::B(ring))];
                switches.push(SwitchAt { cell: left, heavy: heavy_sets, actions: set });
                switches.push(SwitchAt { cell: right, heavy: !heavy_sets, actions: clear });
            }
        }
        switches.sort_by_key(|s| s.cell);
        for s in &switches {
            grid[s.cell.0][s.cell.1] = if s.heavy { b'H' } else { b'S' };
        }
        let mut out = format!("{rows} {cols}\n");
        for row in &grid {
            out.push_str(std::str::from_utf8(row).expect("ASCII"));
            out.push('\n');
        }
        for s in &switches {
            let mut list = Vec::new();
            for &(word, g) in &s.actions {
                for &((r, c), _) in tiles.iter().filter(|(_, t)| *t == g) {
                    list.push(format!("{word} {} {}", r + 1, c + 1));
                }
            }
            let (r, c) = s.cell;
            out.push_str(&format!("switch {} {}: {}\n", r + 1, c + 1, list.join(", ")));
        }
        out
    }
}
