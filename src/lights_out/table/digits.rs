//! Distance tables of more than two colours: the check of such a table, and the reverse
//! breadth-first search on the digits of the states, the tests' reference for the builder
//! ([`super::gray`]) on every number of colours.
//!
//! A board of `n = R * C` cells and `K` colours is the state `sum of colour(i) * K^i` (see
//! [`Board::state`](crate::lights_out::Board::state)), so a table has `K^n` entries of one
//! byte: the minimum number of presses (a cell pressed `j` times counting `j`) from that state to
//! the goal, or [`IMPOSSIBLE`]. A press advances its cells by one colour; the search runs
//! backwards from the goal states (the `K` uniform boards for the goal "any", one for a colour),
//! so each step takes a state to its predecessors under the *inverse* moves, which take one
//! colour back from each cell the press advances (for `K > 2` a press is not its own inverse).
//! Every state reached in layer `d` is then `d` presses from the goal.
//!
//! A layer is a queue of states, each decoded into its `n` digits once and moved by adding, for
//! each press, the change of each of its cells' digits times `K^i`.

use super::bfs::IMPOSSIBLE;
use super::check::TableFault;
#[cfg(test)]
use crate::lights_out::variant::goal::Goal;
use crate::lights_out::variant::matrix::ToggleMatrix;
#[cfg(test)]
use crate::lights_out::variant::rules::Variant;
#[cfg(test)]
use crate::memory::{self, AllocError};

/// Builds the distance table of `variant` by the digit search of the module docs: entry `s` is
/// the minimum number of presses from state `s` to the variant's goal, or [`IMPOSSIBLE`]. Any
/// number of colours (for two colours the bitset sweeps are much faster; this is their
/// independent check). `progress` is called before each layer with the states reached so far.
///
/// # Panics
///
/// If the variant has more than `2^32` states, or a distance would exceed 254 (impossible within
/// that limit: a minimum presses each cell fewer than `K` times, and `(K - 1) * R * C <= 120`
/// when `K^(R*C) <= 2^32`).
#[cfg(test)]
pub(crate) fn distance_table_by_digits(
    variant: &Variant,
    mut progress: impl FnMut(u64),
) -> Result<Vec<u8>, AllocError> {
    let states = variant.states().expect("a table of at most 2^32 states");
    assert!(states <= 1 << 32, "a table of at most 2^32 states");
    let n = variant.size().cells();
    let k = u32::from(variant.colours());
    let powers: Vec<i64> = (0..n).map(|i| i64::from(k).pow(i as u32)).collect();
    let t = variant.toggle_matrix();
    // Per press, (K^i, how many colours back) for each cell it advances.
    let moves: Vec<Vec<(i64, u8)>> = (0..n)
        .map(|p| t.effect(p).iter().map(|&(i, a)| (powers[i as usize], a)).collect())
        .collect();
    let cells_of: Vec<Vec<usize>> =
        (0..n).map(|p| t.effect(p).iter().map(|&(i, _)| i as usize).collect()).collect();
    // back[a][d]: the change of a digit d taken a colours back.
    let mut back = [[0i64; 16]; 16];
    for (a, row) in back.iter_mut().enumerate() {
        for (d, change) in row.iter_mut().enumerate().take(k as usize) {
            *change = ((d as u32 + k - a as u32 % k) % k) as i64 - d as i64;
        }
    }
    let mut table = memory::try_filled(states as usize, IMPOSSIBLE, "the distance table")?;
    let uniform = |c: u32| (states - 1) / u64::from(k - 1) * u64::from(c);
    let mut frontier: Vec<u32> = match variant.goal() {
        Goal::Any => (0..k).map(|c| uniform(c) as u32).collect(),
        Goal::Colour(c) => vec![uniform(u32::from(c)) as u32],
    };
    for &g in &frontier {
        table[g as usize] = 0;
    }
    let mut next = Vec::new();
    let mut digits = vec![0u8; n];
    let mut reached = frontier.len() as u64;
    let mut distance = 0u8;
    while !frontier.is_empty() {
        progress(reached);
        assert!(distance < IMPOSSIBLE - 1, "distance overflow");
        distance += 1;
        next.clear();
        for &state in &frontier {
            memory::try_reserve(&mut next, n, "a layer of the distance table's search")?;
            let mut rest = state;
            for d in digits.iter_mut() {
                *d = (rest % k) as u8;
                rest /= k;
            }
            for (press, cells) in moves.iter().zip(&cells_of) {
                let mut s = i64::from(state);
                for (&(power, a), &i) in press.iter().zip(cells) {
                    s += back[usize::from(a)][usize::from(digits[i])] * power;
                }
                let slot = &mut table[s as usize];
                if *slot == IMPOSSIBLE {
                    *slot = distance;
                    next.push(s as u32);
                }
            }
        }
        reached += next.len() as u64;
        std::mem::swap(&mut frontier, &mut next);
    }
    Ok(table)
}

/// The check of [`DistanceTable::check`](crate::lights_out::DistanceTable::check) for more than
/// two colours: every state's digits, every press by the toggle matrix.
///
/// # Errors
///
/// The first [`TableFault`] in state order.
pub(crate) fn check_by_digits(
    bytes: &[u8],
    matrix: &ToggleMatrix,
    k: u8,
    goals: &[u64],
) -> Result<(), TableFault> {
    let states = bytes.len() as u64;
    let n = matrix.cells();
    let is_goal = |s: u64| goals.contains(&s);
    let mut cells = vec![0u8; n];
    for state in 0..states {
        if state > 0 {
            // The next state's digits: add one to the base-K number.
            for digit in cells.iter_mut() {
                *digit += 1;
                if *digit < k {
                    break;
                }
                *digit = 0;
            }
        }
        let found = bytes[state as usize];
        if is_goal(state) {
            if found != 0 {
                return Err(TableFault::GoalNotZero { state, found });
            }
            continue;
        }
        if found == 0 {
            return Err(TableFault::ZeroNotGoal { state });
        }
        let mut closer = false;
        for press in 0..n {
            let neighbour = pressed_state(matrix, k, &cells, state, press);
            let entry = bytes[neighbour as usize];
            if found == IMPOSSIBLE {
                if entry != IMPOSSIBLE {
                    let (neighbour, found) = (neighbour, entry);
                    return Err(TableFault::ImpossibleNextToSolvable {
                        state,
                        press,
                        neighbour,
                        found,
                    });
                }
            } else if entry < found - 1 {
                return Err(TableFault::NeighbourTooClose {
                    state,
                    distance: found,
                    press,
                    neighbour,
                    found: entry,
                });
            } else if entry == found - 1 {
                closer = true;
            }
        }
        if found != IMPOSSIBLE && !closer {
            return Err(TableFault::NoCloserNeighbour { state, distance: found });
        }
    }
    Ok(())
}

/// The state after pressing `press` once on `cells` (whose state is `state`), `K` colours.
pub(crate) fn pressed_state(
    matrix: &ToggleMatrix,
    k: u8,
    cells: &[u8],
    state: u64,
    press: usize,
) -> u64 {
    let k = i64::from(k);
    let mut power = 1i64;
    let mut last = 0usize;
    let mut next = state as i64;
    for &(cell, a) in matrix.effect(press) {
        let cell = cell as usize;
        power *= k.pow((cell - last) as u32);
        last = cell;
        let d = i64::from(cells[cell]);
        next += ((d + i64::from(a)) % k - d) * power;
    }
    next as u64
}
