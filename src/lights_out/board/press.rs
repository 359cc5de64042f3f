//! Pressing a board under a variant's rules ([`Variant::press`]): the board room applies the
//! rules room's toggle sets to a [`Board`].

use super::colours::Board;
use crate::lights_out::variant::rules::Variant;

impl Variant {
    /// Presses cell `cell` (row-major, `row * C + col`) of `board` `times` times: every cell the
    /// toggle pattern reaches from it (across the edges on a torus), or its button's toggle set,
    /// advances `times` colours, modulo `K`. Holes are never advanced, and pressing a hole
    /// changes nothing.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or `cell` is off it.
    ///
    /// ```
    /// use flipblox::lights_out::Variant;
    /// let variant = Variant::builder(2, 3).colours(3).build()?;
    /// let mut board = variant.board("000/000")?;
    /// variant.press(&mut board, 0, 2);
    /// assert_eq!(board.cells(), &[2, 2, 0, 2, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn press(&self, board: &mut Board, cell: usize, times: u8) {
        let (rows, cols) = (self.size().rows(), self.size().cols());
        assert_eq!((board.rows(), board.cols()), (rows, cols), "a board of {}", self.size());
        assert!(cell < rows * cols, "cell {cell} is off the {} board", self.size());
        let (r, c) = ((cell / cols) as isize, (cell % cols) as isize);
        let (rows, cols) = (rows as isize, cols as isize);
        let k = u32::from(self.colours());
        if self.is_hole(cell) {
            return;
        }
        if let Some(buttons) = self.buttons() {
            for &target in buttons.toggled(cell) {
                if !self.is_hole(target as usize) {
                    let v = &mut board.cells_mut()[target as usize];
                    *v = ((u32::from(*v) + u32::from(times)) % k) as u8;
                }
            }
            return;
        }
        let holes = self.holes();
        let cells = board.cells_mut();
        for &(dr, dc) in self.toggle().offsets() {
            let (tr, tc) = (r + dr, c + dc);
            let target = if self.wrap() {
                tr.rem_euclid(rows) * cols + tc.rem_euclid(cols)
            } else if (0..rows).contains(&tr) && (0..cols).contains(&tc) {
                tr * cols + tc
            } else {
                continue;
            };
            if holes.is_some_and(|h| h[target as usize]) {
                continue;
            }
            let v = &mut cells[target as usize];
            *v = ((u32::from(*v) + u32::from(times)) % k) as u8;
        }
    }
}
