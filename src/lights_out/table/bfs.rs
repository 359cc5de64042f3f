//! The two-colour reverse multi-source breadth-first search from the uniform boards: the builder
//! of the embedded 4x4 table, and the tests' reference for the run-time builder
//! ([`super::gray`], which visits press vectors instead).
//!
//! This file refers to nothing in the crate but its sibling `rules.rs` (the toggle pattern), on
//! purpose: `build.rs` includes both with `#[path]` to build the embedded 4x4 table at compile
//! time; the library's tests check the run-time builder and the embedded table against it.
//!
//! # States and moves
//!
//! A board of `rows x cols` pieces is a state of `rows * cols` bits: bit `cols * row + col` is set
//! when the piece at (`row`, `col`) (0-based from the top-left) shows black. A move (a press)
//! toggles a piece and its orthogonal neighbours, i.e. XORs the state with that piece's toggle
//! pattern. Every move is its own inverse, so the reverse search from the goals is an ordinary
//! BFS from them; the distance of a state is the minimum number of moves to reach all-white
//! (`0`) or all-black (all bits set).
//!
//! # The search: one half of the states, a layer at a time
//!
//! *Folding by colour.* Complementing a board (every piece turned over, `s ^ all`) commutes
//! with every press (`(s ^ all) ^ p == (s ^ p) ^ all`) and swaps the two goals, so it maps
//! shortest paths to shortest paths: `s` and its complement are at the same distance. The
//! search therefore runs on one state of each complementary pair, the half with the top bit
//! (`rows * cols - 1`) clear. A press `p` that sets the top bit leads from that half to the
//! complement of a state in it, `s ^ p ^ all`, so on the half it is the move `s ^ (p ^ all)`;
//! the other presses stay as they are. Every move on the half is still an XOR with a fixed
//! pattern below the top bit, and a BFS from `0` (standing for both goals) gives every state of
//! the half its distance: a shortest path in the whole graph folds to a path as long on the
//! half, and a path on the half unfolds, step by step, to one as long from `s` to `0` or to
//! `all`. The other half is then copied: entry `s ^ all` is entry `s`.
//!
//! *Two ways to expand a layer.* Up to [`QUEUE_MAX_CELLS`] pieces (a half table of at most
//! 32 KiB, in the caches) the layers are queues of states and each state looks up its
//! neighbours in the table: the work follows the states reached, which is best when few are
//! (4x4: 1 in 16). Above it, the frontier, the states reached and the next layer are bitsets
//! of `2^(rows*cols-1)` bits: a move `s ^ q` maps word `w` of a bitset to word `w ^ (q >> 6)`,
//! with the bits inside the word permuted by `i -> i ^ (q & 63)` (at most six swaps of bit
//! blocks), so a layer is one sweep over the frontier's non-empty words, one word operation per
//! 64 states and press, instead of a random access into a table far larger than the caches per
//! state and press.

// Outside the tests, the library uses only the constants.
#![cfg_attr(not(test), allow(dead_code))]

use std::collections::TryReserveError;

#[cfg(test)]
use super::rules::toggle_patterns;

/// The distance stored for a state from which no uniform board can be reached.
pub(crate) const IMPOSSIBLE: u8 = 255;

/// The largest board (in pieces) whose table this builder accepts: 2^32 one-byte entries.
pub(crate) const MAX_TABLE_CELLS: usize = 32;

/// Boards of at most this many pieces are searched with queues of states, larger ones with
/// bitsets (see the module docs).
pub(crate) const QUEUE_MAX_CELLS: usize = 16;

/// The distance table of the `rows x cols` Flip Game ([`pattern_distance_table`] with the plus
/// and both goals), for the tests.
///
/// # Panics
///
/// As [`pattern_distance_table`], and when the system refuses the memory.
#[cfg(test)]
pub(crate) fn distance_table(rows: usize, cols: usize, progress: impl FnMut(u64)) -> Vec<u8> {
    pattern_distance_table(rows * cols, &toggle_patterns(rows, cols), None, progress)
        .unwrap_or_else(|e| panic!("the {rows}x{cols} distance table: {e}"))
}

/// Builds the distance table of any two-colour Lights Out on `cells` pieces whose press `p`
/// flips the pieces of `patterns[p]` (the state XORed with it): any toggle pattern, with or
/// without wrap-around. Entry `s` (for every state `s` in `0..2^cells`) is the minimum number of
/// presses from `s` to the goal, or [`IMPOSSIBLE`]. `goal` is `None` for either uniform board
/// (the Flip Game's question, searched on half the states as in the module docs), `Some(false)`
/// for all white (`0`) and `Some(true)` for all black.
///
/// `progress` is called after each BFS layer with the number of states reached so far (for
/// `None`, both colours of each pair; the last call is the number of states that can reach the
/// goal). Memory: the table (`2^cells` bytes) plus, above [`QUEUE_MAX_CELLS`] cells, three
/// bitsets of `2^(cells-1)` bits (5x5: 32 MiB + 6 MiB).
///
/// # Errors
///
/// The system refused memory for the table or for the search.
///
/// # Panics
///
/// If `cells` is 0 or exceeds [`MAX_TABLE_CELLS`], a pattern has a bit at or past `cells`, or a
/// distance would exceed 254.
pub(crate) fn pattern_distance_table(
    cells: usize,
    patterns: &[u32],
    goal: Option<bool>,
    progress: impl FnMut(u64),
) -> Result<Vec<u8>, TryReserveError> {
    assert!(cells > 0 && cells <= MAX_TABLE_CELLS, "board of {cells} pieces");
    let all = ((1u64 << cells) - 1) as u32;
    assert!(patterns.iter().all(|&p| p & !all == 0), "patterns within {cells} pieces");
    let states = 1usize << cells;
    let mut table = filled(states, IMPOSSIBLE)?;
    let Some(black) = goal else {
        let moves = folded_moves(cells, patterns);
        let (lower, upper) = table.split_at_mut(states / 2);
        if cells <= QUEUE_MAX_CELLS {
            search_by_queues(&moves, lower, progress);
        } else {
            search_by_bitsets(&moves, lower, progress)?;
        }
        // Entry `s ^ all` is entry `s`: the upper half is the lower half reversed.
        for (u, &l) in upper.iter_mut().zip(lower.iter().rev()) {
            *u = l;
        }
        return Ok(table);
    };
    // One goal: the BFS from all white over the whole table (the counts stay per state), then,
    // for all black, entry `s` is the white entry of `s ^ all` (presses commute with `^ all`).
    // (The searches report twice the states reached, counting both colours of the half.)
    let mut progress = progress;
    let mut halve = |reached: u64| progress(reached / 2);
    if cells < QUEUE_MAX_CELLS {
        search_by_queues(patterns, &mut table, &mut halve);
    } else {
        search_by_bitsets(patterns, &mut table, &mut halve)?;
    }
    if black {
        table.reverse();
    }
    Ok(table)
}

/// `len` copies of `value`, allocated fallibly.
fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(len)?;
    v.resize(len, value);
    Ok(v)
}

/// The moves on the half of the states with the top bit clear: each press, complemented when
/// it sets the top bit (see the module docs).
fn folded_moves(cells: usize, patterns: &[u32]) -> Vec<u32> {
    let all = ((1u64 << cells) - 1) as u32;
    let top = 1u32 << (cells - 1);
    patterns.iter().map(|&p| if p & top != 0 { p ^ all } else { p }).collect()
}

/// The BFS from `0` over `moves` on `half` (all [`IMPOSSIBLE`] on entry), a queue of states a
/// layer; `progress` gets twice the states reached (both colours) before each layer.
fn search_by_queues(moves: &[u32], half: &mut [u8], mut progress: impl FnMut(u64)) {
    let mut frontier: Vec<u32> = vec![0];
    let mut next: Vec<u32> = Vec::new();
    half[0] = 0;
    let mut reached = 1u64;
    let mut distance = 0u8;
    while !frontier.is_empty() {
        progress(2 * reached);
        assert!(distance < IMPOSSIBLE - 1, "distance overflow");
        distance += 1;
        next.clear();
        for &state in &frontier {
            for &q in moves {
                let n = state ^ q;
                let slot = &mut half[n as usize];
                if *slot == IMPOSSIBLE {
                    *slot = distance;
                    next.push(n);
                }
            }
        }
        reached += next.len() as u64;
        std::mem::swap(&mut frontier, &mut next);
    }
}

/// The same BFS with each layer a bitset (see the module docs).
fn search_by_bitsets(
    moves: &[u32],
    half: &mut [u8],
    mut progress: impl FnMut(u64),
) -> Result<(), TryReserveError> {
    // Each move as (word offset, bit offset within the word).
    let moves: Vec<(usize, u32)> = moves.iter().map(|&q| ((q >> 6) as usize, q & 63)).collect();
    let words = half.len().div_ceil(64);
    let mut reached = filled(words, 0u64)?;
    let mut frontier = filled(words, 0u64)?;
    let mut next = filled(words, 0u64)?;
    reached[0] = 1;
    frontier[0] = 1;
    half[0] = 0;
    let mut reached_count = 1u64;
    let mut frontier_len = 1u64;
    let mut distance = 0u8;
    while frontier_len > 0 {
        progress(2 * reached_count);
        assert!(distance < IMPOSSIBLE - 1, "distance overflow");
        distance += 1;
        for (w, &bits) in frontier.iter().enumerate() {
            if bits != 0 {
                for &(word_offset, bit_offset) in &moves {
                    next[w ^ word_offset] |= xor_bit_index(bits, bit_offset);
                }
            }
        }
        frontier_len = 0;
        for (w, ((n, r), f)) in next.iter_mut().zip(&mut reached).zip(&mut frontier).enumerate() {
            let new = *n & !*r;
            *n = 0;
            *r |= new;
            *f = new;
            frontier_len += u64::from(new.count_ones());
            let mut rest = new;
            while rest != 0 {
                half[w * 64 + rest.trailing_zeros() as usize] = distance;
                rest &= rest - 1;
            }
        }
        reached_count += frontier_len;
    }
    Ok(())
}

/// Masks of the bits whose index has bit `k` clear, for `k` in `0..6`.
const CLEAR_BIT_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// The word whose bit `i` is bit `i ^ offset` of `bits` (`offset < 64`): one swap of adjacent
/// blocks of `2^k` bits for each bit `k` set in `offset`.
#[inline]
fn xor_bit_index(mut bits: u64, offset: u32) -> u64 {
    for (k, &mask) in CLEAR_BIT_MASKS.iter().enumerate() {
        if offset >> k & 1 == 1 {
            let shift = 1 << k;
            bits = ((bits >> shift) & mask) | ((bits & mask) << shift);
        }
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_bit_index_moves_bit_i_to_bit_i_xor_offset() {
        let mut word = 0x0123_4567_89AB_CDEFu64;
        for _ in 0..8 {
            for offset in 0..64 {
                let got = xor_bit_index(word, offset);
                for i in 0..64 {
                    assert_eq!(got >> i & 1, word >> (i ^ offset) & 1, "offset {offset} bit {i}");
                }
            }
            word = word.rotate_left(13).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    #[test]
    fn the_smallest_boards_fold_onto_themselves() {
        // 1x1: both states are uniform. 1x2 and 2x1: a press flips both pieces, so the two
        // mixed states can never become uniform.
        assert_eq!(distance_table(1, 1, |_| {}), [0, 0]);
        assert_eq!(distance_table(1, 2, |_| {}), [0, IMPOSSIBLE, IMPOSSIBLE, 0]);
        assert_eq!(distance_table(2, 1, |_| {}), [0, IMPOSSIBLE, IMPOSSIBLE, 0]);
        // 1x3: the presses are 0b011, 0b111 and 0b110; 0b010 and 0b101 need two of them.
        assert_eq!(distance_table(1, 3, |_| {}), [0, 1, 2, 1, 1, 2, 1, 0]);
    }

    #[test]
    fn queues_and_bitsets_give_the_same_half_and_progress() {
        for (rows, cols) in [(1, 1), (1, 2), (1, 5), (2, 3), (1, 7), (3, 3), (4, 4), (2, 8), (3, 6)]
        {
            let moves = folded_moves(rows * cols, &toggle_patterns(rows, cols));
            let half = 1usize << (rows * cols - 1);
            let (mut by_queues, mut by_bitsets) = (vec![IMPOSSIBLE; half], vec![IMPOSSIBLE; half]);
            let (mut queue_calls, mut bitset_calls) = (Vec::new(), Vec::new());
            search_by_queues(&moves, &mut by_queues, |r| queue_calls.push(r));
            search_by_bitsets(&moves, &mut by_bitsets, |r| bitset_calls.push(r)).unwrap();
            assert!(by_queues == by_bitsets, "{rows}x{cols}");
            assert_eq!(queue_calls, bitset_calls, "{rows}x{cols}");
        }
    }

    #[test]
    fn every_state_and_its_complement_are_at_the_same_distance_and_progress_counts_both() {
        let mut calls = Vec::new();
        let table = distance_table(3, 4, |reached| calls.push(reached));
        let all = table.len() - 1;
        assert!((0..table.len()).all(|s| table[s] == table[s ^ all]));
        let solvable = table.iter().filter(|&&d| d != IMPOSSIBLE).count() as u64;
        assert_eq!(calls.first(), Some(&2));
        assert_eq!(calls.last(), Some(&solvable));
        assert!(calls.windows(2).all(|w| w[0] < w[1]));
    }
}
