//! The table builder: a reverse multi-source breadth-first search from both uniform boards.
//!
//! This file is self-contained on purpose: `build.rs` includes it with `#[path]` to build the
//! embedded 4x4 table at compile time, and the library uses the same code at run time (to check
//! the embedded table and to build tables for other board sizes). It must not refer to the rest
//! of the crate.
//!
//! # States and moves
//!
//! A board of `rows x cols` pieces is a state of `rows * cols` bits: bit `cols * row + col` is set
//! when the piece at (`row`, `col`) (0-based from the top-left) shows black. A move (a press)
//! toggles a piece and its orthogonal neighbours, i.e. XORs the state with that piece's toggle
//! pattern. Every move is its own inverse, so the reverse search from the goals is an ordinary
//! BFS from them; the distance of a state is the minimum number of moves to reach all-white
//! (`0`) or all-black (all bits set).

/// The distance stored for a state from which no uniform board can be reached.
pub const IMPOSSIBLE: u8 = 255;

/// The largest board (in pieces) whose table this builder accepts: 2^32 one-byte entries.
pub const MAX_TABLE_CELLS: usize = 32;

/// The toggle pattern of every press on a `rows x cols` board, indexed by `cols * row + col`.
///
/// # Panics
///
/// If `rows * cols` is 0 or exceeds [`MAX_TABLE_CELLS`].
pub fn toggle_patterns(rows: usize, cols: usize) -> Vec<u32> {
    assert!(rows * cols > 0 && rows * cols <= MAX_TABLE_CELLS, "board of {rows}x{cols}");
    let bit = |r: usize, c: usize| 1u32 << (cols * r + c);
    let mut patterns = Vec::with_capacity(rows * cols);
    for r in 0..rows {
        for c in 0..cols {
            let mut p = bit(r, c);
            if r > 0 {
                p |= bit(r - 1, c);
            }
            if r + 1 < rows {
                p |= bit(r + 1, c);
            }
            if c > 0 {
                p |= bit(r, c - 1);
            }
            if c + 1 < cols {
                p |= bit(r, c + 1);
            }
            patterns.push(p);
        }
    }
    patterns
}

/// Builds the distance table of the `rows x cols` Flip Game: entry `s` (for every state `s` in
/// `0..2^(rows*cols)`) is the minimum number of moves from `s` to a uniform board, or
/// [`IMPOSSIBLE`].
///
/// `progress` is called after each BFS layer with the number of states reached so far; pass
/// `|_| {}` when it is not wanted. Memory: the table (`2^(rows*cols)` bytes) plus a frontier of
/// at most the same number of `u32`s (the 5x5 table uses 32 MiB + at most 128 MiB).
///
/// # Panics
///
/// If `rows * cols` is 0 or exceeds [`MAX_TABLE_CELLS`], or if a distance would exceed 254
/// (impossible below 32 pieces: a minimum press set presses each piece at most once).
pub fn distance_table(rows: usize, cols: usize, mut progress: impl FnMut(u64)) -> Vec<u8> {
    let patterns = toggle_patterns(rows, cols);
    let cells = rows * cols;
    let states = 1usize << cells;
    let all_black = (states - 1) as u32;
    let mut table = vec![IMPOSSIBLE; states];
    let mut frontier: Vec<u32> = vec![0, all_black];
    let mut next: Vec<u32> = Vec::new();
    table[0] = 0;
    table[all_black as usize] = 0;
    let mut reached = 2u64;
    let mut distance = 0u8;
    while !frontier.is_empty() {
        progress(reached);
        assert!(distance < IMPOSSIBLE - 1, "distance overflow");
        distance += 1;
        next.clear();
        for &state in &frontier {
            for &p in &patterns {
                let n = state ^ p;
                let slot = &mut table[n as usize];
                if *slot == IMPOSSIBLE {
                    *slot = distance;
                    next.push(n);
                }
            }
        }
        reached += next.len() as u64;
        std::mem::swap(&mut frontier, &mut next);
    }
    table
}
