//! The bit-parallel search for small POJ 3322 levels: a breadth-first search that expands a whole
//! layer of states with a few word operations per row. The [`Solver`](crate::bloxorz::Solver)
//! asks it for the distance alone ([`Solver::solve`](crate::bloxorz::Solver::solve)) of a level
//! without switches and split switches whose padded grid is at most [`MAX_WIDTH`] x
//! [`MAX_HEIGHT`] cells (a level of up to 28 x 28 cells); paths, distance fields and larger levels
//! are answered by the search over a dense array (`search/poj.rs`).
//!
//! # Layout
//!
//! A set of states of one [`Orientation`](crate::bloxorz::model::level::Orientation) is one `u32`
//! per padded row, bit `c` for padded column `c` (the anchor's column, see
//! [`moves`](crate::bloxorz::model::moves)); a [`Boards`] holds, per orientation, the states the
//! box may rest in (from the rest flags of [`Level::grid`]), the states no layer has reached yet
//! (*open*), and the frontier, twice (the layer being expanded and the next one).
//!
//! # The search
//!
//! Every roll of [`ROLLS`](crate::bloxorz::model::moves::ROLLS) moves the anchor by whole rows or by
//! whole columns, so one layer moves every state of the frontier at once: a roll along a row is
//! a shift of the row's word, a roll across rows reads the word of another row. With `S`, `H`, `V`
//! the frontier's standing, horizontal and vertical words, the next frontier's words of row `r`
//! are (`>> k` moves anchors `k` columns towards the first column)
//!
//! ```text
//! S'[r] = H[r] >> 1 | H[r] << 2 | V[r + 1] | V[r - 2]
//! H'[r] = S[r] >> 2 | S[r] << 1 | H[r + 1] | H[r - 1]
//! V'[r] = S[r + 2] | S[r - 1] | V[r] >> 1 | V[r] << 1
//! ```
//!
//! each kept to the open states, which then lose them. The two cells of padding on every side,
//! where the box never rests, keep every shift inside the word and every row read inside the
//! boards. The search stops after the layer that reaches the goal (standing on the target; the
//! distance is the layer count) or when a layer is empty. The states explored (the states whose
//! rolls were tried) are counted once at the end, as the states reached less the last layer, so
//! they equal those of the array search: the states at a distance below the answer, or every
//! reachable state when there is none.
//!
//! A layer costs the same whatever its number of states (one SSE2 vector per word of four rows,
//! the loop vectorised by the compiler), and it has no branch that depends on the terrain, where
//! the array search pays per state and mispredicts on small, irregular frontiers. The size limit
//! bounds the cost of a layer (at most 7 steps of four rows), so even a level whose frontier
//! stays a few states wide for many layers (one long winding road) costs a small multiple of the
//! array search; levels taller or wider than 28 cells go to the array search. docs/PERFORMANCE.md
//! has the measured cost against the array search.

use super::solution::Solution;
use crate::bloxorz::model::level::{Level, Placement};
use crate::memory::{AllocError, try_reserve};

/// The widest padded grid ([`Level::width`]) the bit-parallel search takes: one `u32` per row.
pub(crate) const MAX_WIDTH: usize = 32;

/// The tallest padded grid ([`Level::height`]) the bit-parallel search takes: the number of row
/// words per orientation, which bounds the cost of a layer.
pub(crate) const MAX_HEIGHT: usize = 32;

/// Rows per step of a layer: the words of one 128-bit vector.
const LANES: usize = 4;

/// One set of states per orientation: a word per padded row, bit `c` for padded column `c`.
type Planes = [[u32; MAX_HEIGHT]; 3];

/// The buffers of one search (see the module docs), 1.5 KiB.
#[derive(Debug, Clone)]
pub(crate) struct Boards {
    /// The states where the box may rest.
    allowed: Planes,
    /// The states where the box may rest that no layer has reached.
    open: Planes,
    /// The frontier and the next layer, swapped after each layer.
    frontier: [Planes; 2],
}

/// True when the bit-parallel search can answer `level`: no switches or split switches, and a
/// padded grid of at most [`MAX_WIDTH`] x [`MAX_HEIGHT`] cells.
pub(crate) fn fits(level: &Level) -> bool {
    level.width() <= MAX_WIDTH && level.height() <= MAX_HEIGHT && !level.mechanics().needs_engine()
}

/// Reusable memory of the bit-parallel search: one [`Boards`], allocated by the first search.
#[derive(Debug, Clone, Default)]
pub(crate) struct BitSearch {
    boards: Vec<Boards>,
}

impl BitSearch {
    /// Bytes held (the boards once allocated).
    pub fn memory_usage(&self) -> usize {
        self.boards.capacity() * size_of::<Boards>()
    }

    /// Allocates the boards (once), fallibly.
    ///
    /// # Errors
    ///
    /// The system refused the memory.
    pub(crate) fn reserve(&mut self) -> Result<(), AllocError> {
        if self.boards.is_empty() {
            try_reserve(&mut self.boards, 1, "the bit-parallel search's boards")?;
            let zero = [[0; MAX_HEIGHT]; 3];
            self.boards.push(Boards { allowed: zero, open: zero, frontier: [zero; 2] });
        }
        Ok(())
    }

    /// The minimum number of moves from `from` (a placement where the box may rest) to standing
    /// on the target of `level`, a level that [`fits`], and the states explored, equal to the
    /// array search's.
    ///
    /// # Panics
    ///
    /// If `level` does not fit, or the box may not rest at `from`.
    pub fn solve(&mut self, level: &Level, from: Placement) -> Result<Solution, AllocError> {
        assert!(fits(level), "the bit-parallel search takes small POJ 3322 levels");
        assert!(level.can_rest(from), "the search starts where the box may rest");
        self.reserve()?;
        let boards = &mut self.boards[0];
        let rows = boards.load(level);
        let (moves, states_explored) = boards.search(rows, from, level.target());
        Ok(Solution { moves, states_explored })
    }
}

impl Boards {
    /// Fills the allowed and open states from the rest flags of `level` and empties both
    /// frontiers. Returns the number of rows a layer steps over: the level's rows rounded up to
    /// [`LANES`] (rows past the level have no allowed state).
    fn load(&mut self, level: &Level) -> usize {
        let (grid, w) = (level.grid(), level.width());
        let rows = level.rows();
        let steps = rows.next_multiple_of(LANES);
        debug_assert!(steps + 4 <= MAX_HEIGHT && w <= MAX_WIDTH);
        for planes in &mut self.frontier {
            *planes = [[0; MAX_HEIGHT]; 3];
        }
        for r in 2..2 + steps {
            let mut words = [0u32; 3];
            if r < 2 + rows {
                // Level columns 0..cols are padded columns 2..cols + 2: the first cell's flags
                // end up in bit 2.
                for &f in grid[r * w + 2..r * w + w - 2].iter().rev() {
                    for (o, word) in words.iter_mut().enumerate() {
                        *word = *word << 1 | u32::from(f >> o & 1);
                    }
                }
            }
            for (o, word) in words.into_iter().enumerate() {
                self.allowed[o][r] = word << 2;
                self.open[o][r] = word << 2;
            }
        }
        steps
    }

    /// The search (see the module docs) over `steps` rows from `from` to standing on `target`:
    /// the distance, if any, and the states explored.
    fn search(
        &mut self,
        steps: usize,
        from: Placement,
        target: (usize, usize),
    ) -> (Option<u32>, u64) {
        let o = from.orientation.index();
        let (r, bit) = (from.row + 2, 1u32 << (from.col + 2));
        self.frontier[0][o][r] = bit;
        self.open[o][r] &= !bit;
        if from == Placement::standing(target.0, target.1) {
            return (Some(0), 0);
        }
        let (goal_row, goal_bit) = (target.0 + 2, 1u32 << (target.1 + 2));
        let mut depth = 0;
        loop {
            depth += 1;
            // Layer d is written to frontier d % 2, from the other one.
            let [even, odd] = &mut self.frontier;
            let (old, new) = if depth % 2 == 1 { (&*even, odd) } else { (&*odd, even) };
            let any = layer(old, new, &mut self.open, steps);
            let found = new[0][goal_row] & goal_bit != 0;
            if found || !any {
                let explored = explored(&self.allowed, &self.open, new, steps);
                return (found.then_some(depth), explored);
            }
        }
    }
}

/// One layer: the next frontier `new` from the frontier `old` (see the module docs), over
/// level rows `2..2 + steps`, removed from `open`. True when it holds a state.
#[inline(always)]
fn layer(old: &Planes, new: &mut Planes, open: &mut Planes, steps: usize) -> bool {
    let steps = steps.min(MAX_HEIGHT - 4) & !(LANES - 1);
    let [s, h, v] = old;
    let [ns, nh, nv] = new;
    let [os, oh, ov] = open;
    let mut any = 0;
    for r in 2..2 + steps {
        let s1 = (h[r] >> 1 | h[r] << 2 | v[r + 1] | v[r - 2]) & os[r];
        let h1 = (s[r] >> 2 | s[r] << 1 | h[r + 1] | h[r - 1]) & oh[r];
        let v1 = (s[r + 2] | s[r - 1] | v[r] >> 1 | v[r] << 1) & ov[r];
        ns[r] = s1;
        nh[r] = h1;
        nv[r] = v1;
        os[r] &= !s1;
        oh[r] &= !h1;
        ov[r] &= !v1;
        any |= s1 | h1 | v1;
    }
    any != 0
}

/// The states explored: reached (allowed and no longer open) and not in the last layer `last`.
fn explored(allowed: &Planes, open: &Planes, last: &Planes, steps: usize) -> u64 {
    // A multiple of LANES, so that the vectorised loop has no scalar remainder.
    let steps = steps.min(MAX_HEIGHT - 4) & !(LANES - 1);
    let mut count = 0;
    for r in 2..2 + steps {
        for o in 0..3 {
            count += (allowed[o][r] & !(open[o][r] | last[o][r])).count_ones();
        }
    }
    u64::from(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bloxorz::model::level::Orientation;
    use crate::bloxorz::read::PackReader;
    use crate::bloxorz::search::poj::Scratch;

    fn level(text: &str) -> Level {
        PackReader::new(text.as_bytes()).next().unwrap().unwrap()
    }

    #[test]
    fn the_poj_sample_takes_10_moves_as_in_the_array_search() {
        let level = level("7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n");
        let ours = BitSearch::default().solve(&level, level.start()).unwrap();
        assert_eq!(ours.moves, Some(10));
        assert_eq!(ours, Scratch::default().solve(&level, level.start()));
    }

    /// A small xorshift generator.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A random `rows x cols` level: noise with a random share of holes and fragile cells, or
    /// regular stripes and blocks, with the target and a standing or lying start on rigid cells
    /// (the start may be walled in, so many levels cannot be solved). `None` when there is no
    /// room for both.
    fn random_level(rng: &mut Rng, rows: usize, cols: usize) -> Option<String> {
        let holes = rng.below(60);
        let fragile = rng.below(30);
        let regular = rng.below(3) == 0;
        let (pr, pc) = (1 + rng.below(4), 1 + rng.below(4));
        let mut cells = vec![b'.'; rows * cols];
        for (i, cell) in cells.iter_mut().enumerate() {
            let (r, c) = (i / cols, i % cols);
            let x = if regular { ((r / pr + c / pc) * 37) % 100 } else { rng.below(100) };
            if x < holes {
                *cell = b'#';
            } else if x < holes + fragile {
                *cell = b'E';
            }
        }
        let target = rng.below(rows * cols);
        cells[target] = b'O';
        let a = rng.below(rows * cols);
        let b = match rng.below(3) {
            0 => a,
            1 if a % cols + 1 < cols => a + 1,
            2 if a + cols < rows * cols => a + cols,
            _ => a,
        };
        if a == target || b == target {
            return None;
        }
        cells[a] = b'X';
        cells[b] = b'X';
        let mut text = format!("{rows} {cols}\n");
        for row in cells.chunks(cols) {
            text.push_str(std::str::from_utf8(row).unwrap());
            text.push('\n');
        }
        Some(text)
    }

    #[test]
    fn the_bit_parallel_search_agrees_with_the_array_search_on_random_levels() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut bits = BitSearch::default();
        let mut scratch = Scratch::default();
        let (mut solved, mut unsolved, mut lying, mut checked) = (0, 0, 0, 0);
        let mut sizes = vec![(28, 28), (1, 28), (28, 1), (1, 1), (2, 2), (27, 28), (28, 27)];
        for _ in 0..6000 {
            sizes.push((1 + rng.below(28), 1 + rng.below(28)));
        }
        for (rows, cols) in sizes {
            let Some(text) = random_level(&mut rng, rows, cols) else { continue };
            let level = level(&text);
            assert!(fits(&level));
            for from in [level.start(), Placement::standing(rng.below(rows), rng.below(cols))] {
                if !level.can_rest(from) {
                    continue;
                }
                let ours = bits.solve(&level, from).unwrap();
                let theirs = scratch.solve(&level, from);
                assert_eq!(ours, theirs, "from {from} on\n{text}");
                checked += 1;
                if ours.moves.is_some() {
                    solved += 1;
                } else {
                    unsolved += 1;
                }
                lying += usize::from(from.orientation != Orientation::Standing);
            }
        }
        assert!(solved > 1000 && unsolved > 1000 && lying > 500, "{solved} {unsolved} {lying}");
        assert!(checked > 5000);
    }

    #[test]
    fn levels_too_wide_or_too_tall_do_not_fit() {
        let row = |n: usize| format!("X{}O\n", ".".repeat(n - 2));
        assert!(fits(&level(&format!("1 28\n{}", row(28)))));
        assert!(!fits(&level(&format!("1 29\n{}", row(29)))));
        let column = |n: usize| {
            let mut text = format!("{n} 1\nX\n");
            text.push_str(&".\n".repeat(n - 2));
            text + "O\n"
        };
        assert!(fits(&level(&column(28))));
        assert!(!fits(&level(&column(29))));
        assert!(!fits(&level("1 7\nXS.-..O\nswitch 1 2: on 1 4\n")));
    }
}
