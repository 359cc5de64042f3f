//! What each press does to a whole board: the toggle matrix of a variant.

use super::toggle::TogglePattern;
use crate::lights_out::size::BoardSize;

/// What each press does to a whole board: the `n x n` toggle matrix `T` over `Z_K` (`n = R*C`),
/// stored sparsely both ways.
///
/// Pressing cell `p` adds column `p` of `T` to the board, cell by cell modulo `K`: entry
/// `T[i][p]` is how many offsets of the pattern land on cell `i` from `p` (on a torus the
/// offsets are taken modulo the sides, so an entry can exceed 1), reduced modulo `K`; zero
/// entries are not stored. Cells and presses are both row-major indices `row * C + col`.
///
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ToggleMatrix {
    /// `effect_starts[p] .. effect_starts[p + 1]` index `effects`.
    effect_starts: Vec<usize>,
    /// Per press, `(cell, T[cell][press])`, ascending by cell.
    effects: Vec<(u32, u8)>,
    /// `affecting_starts[i] .. affecting_starts[i + 1]` index `affecting`.
    affecting_starts: Vec<usize>,
    /// Per cell, `(press, T[cell][press])`, ascending by press.
    affecting: Vec<(u32, u8)>,
}

impl ToggleMatrix {
    /// The matrix of the rules `toggle`, `wrap` and `colours` on a board of `size`.
    pub(crate) fn new(
        size: BoardSize,
        toggle: &TogglePattern,
        wrap: bool,
        colours: u8,
    ) -> ToggleMatrix {
        let (rows, cols) = (size.rows() as isize, size.cols() as isize);
        ToggleMatrix::from_targets(size.cells(), colours, |press, targets| {
            let (r, c) = (press as isize / cols, press as isize % cols);
            for &(dr, dc) in toggle.offsets() {
                let (tr, tc) = (r + dr, c + dc);
                let cell = if wrap {
                    tr.rem_euclid(rows) * cols + tc.rem_euclid(cols)
                } else if (0..rows).contains(&tr) && (0..cols).contains(&tc) {
                    tr * cols + tc
                } else {
                    continue;
                };
                targets.push(cell as u32);
            }
        })
    }

    /// The matrix of `n` cells and presses over `Z_colours` whose press `p` advances each cell
    /// `targets(p, out)` pushes into `out` by one colour per time it is pushed.
    pub(crate) fn from_targets(
        n: usize,
        colours: u8,
        mut targets_of: impl FnMut(usize, &mut Vec<u32>),
    ) -> ToggleMatrix {
        let k = colours;
        let mut effect_starts = Vec::with_capacity(n + 1);
        let mut effects = Vec::new();
        let mut targets = Vec::new();
        for press in 0..n {
            effect_starts.push(effects.len());
            targets.clear();
            targets_of(press, &mut targets);
            targets.sort_unstable();
            for run in targets.chunk_by(|a, b| a == b) {
                let coefficient = (run.len() % usize::from(k)) as u8;
                if coefficient != 0 {
                    effects.push((run[0], coefficient));
                }
            }
        }
        effect_starts.push(effects.len());
        // The transpose, by counting.
        let mut affecting_starts = vec![0usize; n + 1];
        for &(cell, _) in &effects {
            affecting_starts[cell as usize + 1] += 1;
        }
        for i in 0..n {
            affecting_starts[i + 1] += affecting_starts[i];
        }
        let mut fill = affecting_starts.clone();
        let mut affecting = vec![(0u32, 0u8); effects.len()];
        for press in 0..n {
            for &(cell, coefficient) in &effects[effect_starts[press]..effect_starts[press + 1]] {
                let slot = &mut fill[cell as usize];
                affecting[*slot] = (press as u32, coefficient);
                *slot += 1;
            }
        }
        ToggleMatrix { effect_starts, effects, affecting_starts, affecting }
    }

    /// The number of cells (and of presses), `R * C`.
    pub(crate) fn cells(&self) -> usize {
        self.effect_starts.len() - 1
    }

    /// The cells press `press` advances: `(cell, by how many colours)`, ascending by cell.
    ///
    /// # Panics
    ///
    /// If `press` is not below [`ToggleMatrix::cells`].
    pub(crate) fn effect(&self, press: usize) -> &[(u32, u8)] {
        &self.effects[self.effect_starts[press]..self.effect_starts[press + 1]]
    }

    /// The presses that advance cell `cell`: `(press, by how many colours)`, ascending by press.
    ///
    /// # Panics
    ///
    /// If `cell` is not below [`ToggleMatrix::cells`].
    pub(crate) fn affecting(&self, cell: usize) -> &[(u32, u8)] {
        &self.affecting[self.affecting_starts[cell]..self.affecting_starts[cell + 1]]
    }

    /// Presses `press` `times` times on `cells` (row-major colours, see [`Board`](crate::lights_out::Board)) with
    /// `colours` colours.
    ///
    /// # Panics
    ///
    /// If `press` or a cell index is out of range.
    pub(crate) fn press(&self, cells: &mut [u8], colours: u8, press: usize, times: u8) {
        for &(cell, coefficient) in self.effect(press) {
            let c = &mut cells[cell as usize];
            *c = ((u32::from(*c) + u32::from(coefficient) * u32::from(times)) % u32::from(colours))
                as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(r: usize, c: usize) -> BoardSize {
        BoardSize::new(r, c).unwrap()
    }

    #[test]
    fn a_plain_press_toggles_the_plus_on_the_board() {
        let t = ToggleMatrix::new(size(2, 3), &TogglePattern::plus(), false, 2);
        assert_eq!(t.effect(0), &[(0, 1), (1, 1), (3, 1)]);
        assert_eq!(t.affecting(5), &[(2, 1), (4, 1), (5, 1)]);
    }

    #[test]
    fn a_torus_press_wraps_and_can_land_twice() {
        let t = ToggleMatrix::new(size(2, 3), &TogglePattern::plus(), true, 3);
        // Press (0,0): itself, (1,0) twice (above and below wrap to the same row), (0,1), (0,2).
        assert_eq!(t.effect(0), &[(0, 1), (1, 1), (2, 1), (3, 2)]);
        let mut cells = vec![0; 6];
        t.press(&mut cells, 3, 0, 2);
        assert_eq!(cells, vec![2, 2, 2, 1, 0, 0]);
        // With two colours the double landing cancels.
        let t2 = ToggleMatrix::new(size(2, 3), &TogglePattern::plus(), true, 2);
        assert_eq!(t2.effect(0), &[(0, 1), (1, 1), (2, 1)]);
    }
}
