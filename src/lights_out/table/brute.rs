//! An independent second method for the distance table: brute force over press sets.
//!
//! Presses commute and each is its own inverse, so a sequence of moves acts only through the set
//! of pieces pressed an odd number of times. A state `s` is solved by the press set `P` when
//! `s XOR effect(P)` is uniform, so the distance of `s` is the smallest `|P|` over all press sets
//! with `effect(P) = s` or `effect(P) = s XOR all-black`. This module enumerates all
//! `2^(rows*cols)` press sets (in Gray-code order, one XOR per step) and keeps the minimum. It
//! shares only the move itself ([`rules`](super::rules)) with the BFS in [`super::bfs`];
//! [`DistanceTable::reference`](crate::lights_out::DistanceTable::reference) (behind `flipblox
//! verify flip`) and the tests compare the two, and the tests also replay presses with a toggle
//! pattern of their own.

use super::bfs::IMPOSSIBLE;
use super::rules::toggle_patterns;

/// Largest board (in pieces) this brute force accepts (2^25 press sets, 32 MiB of table).
pub(crate) const MAX_BRUTE_FORCE_CELLS: usize = 25;

/// The distance table of the `rows x cols` Flip Game by brute force over all press sets; same
/// shape, layout and sentinel as the breadth-first search's table (`bfs::distance_table`).
///
/// # Panics
///
/// If `rows * cols` is 0 or exceeds [`MAX_BRUTE_FORCE_CELLS`].
pub(crate) fn brute_force_table(rows: usize, cols: usize) -> Vec<u8> {
    let cells = rows * cols;
    assert!(cells > 0 && cells <= MAX_BRUTE_FORCE_CELLS, "board of {rows}x{cols}");
    let effects = toggle_patterns(rows, cols);
    let all_black: u32 = (1u32 << cells) - 1;
    let mut table = vec![IMPOSSIBLE; 1usize << cells];
    let mut effect = 0u32;
    let mut set_size = 0u8;
    for step in 0..(1u64 << cells) {
        if step > 0 {
            // Gray code: step k flips the press of index trailing_zeros(k).
            let i = step.trailing_zeros() as usize;
            effect ^= effects[i];
            let gray = step ^ (step >> 1);
            set_size = gray.count_ones() as u8;
        }
        for target in [effect, effect ^ all_black] {
            let slot = &mut table[target as usize];
            *slot = (*slot).min(set_size);
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_by_one_and_two_by_two() {
        // 1x1: both states are uniform.
        assert_eq!(brute_force_table(1, 1), vec![0, 0]);
        // 2x2: each press flips three pieces; every state is solvable.
        let t = brute_force_table(2, 2);
        assert_eq!(t[0], 0);
        assert_eq!(t[0b1011], 1);
        assert!(t.iter().all(|&d| d != IMPOSSIBLE));
    }
}
