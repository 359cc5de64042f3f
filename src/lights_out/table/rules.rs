//! The Flip Game's move (POJ 1753), the one place it is written: a press turns over the pressed
//! piece and its orthogonal neighbours that lie on the board — the plus-shaped toggle pattern of
//! Lights Out.
//!
//! The 4x4 board of the fast path, the table builder and the brute force get their toggle
//! pattern from here. The GF(2) solver's light chasing is the same rule written as bit
//! operations on whole rows (`gf2/chase.rs`), checked against this one by the tests.
//!
//! This file is self-contained (it refers to nothing else in the crate): `build.rs` includes it
//! with `#[path]`, beside the table builder, to build the embedded 4x4 table.

/// The pieces a press turns over, as `(row, column)` offsets from the pressed piece: itself and
/// its four orthogonal neighbours.
pub(crate) const PLUS: [(isize, isize); 5] = [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)];

/// The toggle pattern of `(row, col)` on a `rows x cols` board of at most 64 pieces, as a bit
/// mask: bit `cols * r + c` is set for every piece `(r, c)` the press turns over (the layout of
/// the table's states).
///
/// # Panics
///
/// If the board has more than 64 pieces or `(row, col)` is off it.
pub(crate) const fn toggle_mask(rows: usize, cols: usize, row: usize, col: usize) -> u64 {
    assert!(rows * cols <= 64 && row < rows && col < cols, "a press on a board of 64 pieces");
    let mut mask = 0u64;
    let mut k = 0;
    while k < PLUS.len() {
        let (dr, dc) = PLUS[k];
        let (r, c) = (row as isize + dr, col as isize + dc);
        if r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols {
            mask |= 1 << (cols * r as usize + c as usize);
        }
        k += 1;
    }
    mask
}

/// The toggle pattern ([`toggle_mask`]) of every piece of a `rows x cols` board of at most 32
/// pieces, indexed by `cols * row + col`.
///
/// # Panics
///
/// If the board has no piece or more than 32.
pub(crate) fn toggle_patterns(rows: usize, cols: usize) -> Vec<u32> {
    assert!(rows * cols > 0 && rows * cols <= 32, "board of {rows}x{cols}");
    (0..rows * cols).map(|i| toggle_mask(rows, cols, i / cols, i % cols) as u32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces turned over by pressing `(row, col)` (0-based) of a `rows x cols` board: the
    /// [`PLUS`] offsets that land on the board, as `(row, col)`.
    fn toggled(
        rows: usize,
        cols: usize,
        row: usize,
        col: usize,
    ) -> impl Iterator<Item = (usize, usize)> {
        PLUS.iter().filter_map(move |&(dr, dc)| {
            let (r, c) = (row.checked_add_signed(dr)?, col.checked_add_signed(dc)?);
            (r < rows && c < cols).then_some((r, c))
        })
    }

    #[test]
    fn the_mask_and_the_cells_agree_and_a_press_turns_over_three_to_five_pieces() {
        for (rows, cols) in [(1, 1), (1, 5), (4, 4), (3, 7), (8, 8)] {
            for i in 0..rows * cols {
                let (row, col) = (i / cols, i % cols);
                let from_cells =
                    toggled(rows, cols, row, col).fold(0u64, |m, (r, c)| m | 1 << (cols * r + c));
                assert_eq!(toggle_mask(rows, cols, row, col), from_cells, "{rows}x{cols} {i}");
            }
        }
        let counts: Vec<u32> = toggle_patterns(4, 4).iter().map(|p| p.count_ones()).collect();
        assert_eq!(counts, [3, 4, 4, 3, 4, 5, 5, 4, 4, 5, 5, 4, 3, 4, 4, 3]);
        assert_eq!(toggle_patterns(4, 4)[5], 0b0000_0010_0111_0010);
        assert_eq!(toggle_mask(1, 1, 0, 0), 1);
        // The corner of a 4x4 board turns over itself, its right and its lower neighbour.
        assert_eq!(toggle_mask(4, 4, 0, 0), 0b1_0011);
    }
}
