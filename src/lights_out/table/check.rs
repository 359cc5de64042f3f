//! The proof that a two-colour table holds the distances of its board: [`check_distance_table`].

use super::bfs::IMPOSSIBLE;

/// Why a table is not the distance table of its moves and goals: the first state (in index order)
/// that breaks a rule of `check_distance_table`, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableFault {
    /// A goal that is not at distance 0.
    #[error("the goal state {state:#x} is at {found}, not at 0")]
    GoalNotZero {
        /// The goal state.
        state: u64,
        /// Its entry.
        found: u8,
    },
    /// A state at 0 that is no goal.
    #[error("state {state:#x} is at 0 but is not a goal (a uniform board)")]
    ZeroNotGoal {
        /// The state.
        state: u64,
    },
    /// A state at `distance` with no neighbour at `distance - 1`.
    #[error("state {state:#x} is at {distance}, but no move leads to a state at {}", distance - 1)]
    NoCloserNeighbour {
        /// The state.
        state: u64,
        /// Its entry.
        distance: u8,
    },
    /// A state at `distance` next to one more than one closer.
    #[error(
        "state {state:#x} is at {distance}, but move {press} leads to state {neighbour:#x} at \
         {found}, more than one closer"
    )]
    NeighbourTooClose {
        /// The state.
        state: u64,
        /// Its entry.
        distance: u8,
        /// The move (index into the patterns).
        press: usize,
        /// The neighbour.
        neighbour: u64,
        /// The neighbour's entry.
        found: u8,
    },
    /// No uniform board at 0: every distance table has its goal there (`found` is the smallest
    /// entry of a uniform board).
    #[error("no uniform board is at 0 (the nearest is at {found}), yet a table's goal is at 0")]
    NoGoal {
        /// The smallest entry of the uniform boards.
        found: u8,
    },
    /// States at `distance` but none at `distance - 1`, where each has a neighbour.
    #[error(
        "{states} states are at {distance} but none at {}, where each has a neighbour",
        distance - 1
    )]
    DistanceGap {
        /// The distance.
        distance: u8,
        /// The states at it.
        states: u64,
    },
    /// A state without a distance next to one with a distance.
    #[error(
        "state {state:#x} is Impossible, but move {press} leads to state {neighbour:#x} at {found}"
    )]
    ImpossibleNextToSolvable {
        /// The state.
        state: u64,
        /// The move (index into the patterns).
        press: usize,
        /// The neighbour.
        neighbour: u64,
        /// The neighbour's entry.
        found: u8,
    },
}

/// The checks any distance table of `colours` colours passes whatever its board, toggle pattern
/// and goal (for a table that records none of them, a `.npy` file): some uniform board (state
/// `c * (K^n - 1) / (K - 1)`) is at 0 and no other state is; and, as each state at a distance
/// `d > 0` has a neighbour at `d - 1`, no distance below the largest is missing. One pass over
/// the entries; the proof that they are the distances needs the moves
/// ([`check_distance_table`]).
///
/// # Errors
///
/// [`TableFault::ZeroNotGoal`] for the first state at 0 that is not uniform,
/// [`TableFault::NoGoal`], or [`TableFault::DistanceGap`] for the smallest missing distance.
///
/// # Panics
///
/// If `entries.len()` is not `colours^n` for some `n >= 1`, or `colours < 2`.
pub(crate) fn check_structure(entries: &[u8], colours: u8) -> Result<(), TableFault> {
    let k = u64::from(colours);
    assert!(k >= 2, "two colours at least");
    let states = entries.len() as u64;
    let ones = (states - 1) / (k - 1);
    assert_eq!(ones * (k - 1) + 1, states, "a table of K^n entries");
    let mut counts = [0u64; 256];
    for (state, &entry) in entries.iter().enumerate() {
        counts[usize::from(entry)] += 1;
        if entry == 0 && !(state as u64).is_multiple_of(ones) {
            return Err(TableFault::ZeroNotGoal { state: state as u64 });
        }
    }
    let found = (0..k).map(|c| entries[(c * ones) as usize]).min().expect("two colours");
    if found != 0 {
        return Err(TableFault::NoGoal { found });
    }
    let largest = (0..IMPOSSIBLE).rev().find(|&d| counts[usize::from(d)] > 0).unwrap_or(0);
    match (1..largest).find(|&d| counts[usize::from(d)] == 0) {
        Some(missing) => {
            let above = (missing..=largest).find(|&d| counts[usize::from(d)] > 0).expect("largest");
            Err(TableFault::DistanceGap { distance: above, states: counts[usize::from(above)] })
        }
        None => Ok(()),
    }
}

/// Checks that `entries` (one per state, [`IMPOSSIBLE`] for no distance) is the breadth-first
/// distance table of the moves `patterns` (state `s` goes to `s ^ pattern`) from the states
/// `goals`.
///
/// A table `T` over the states of a puzzle whose moves are XORs with toggle patterns (each move
/// its own inverse) is *the* breadth-first distance table from a set of goal states exactly when:
///
/// 1. every goal is at 0, and no other state is;
/// 2. every other state with a distance `d` has a neighbour (one move away) at `d - 1`, and no
///    neighbour below `d - 1`;
/// 3. every neighbour of a state without a distance ([`IMPOSSIBLE`]) is without one too.
///
/// *Why.* By 2 (read from both ends of a move) neighbours' distances differ by at most one, so
/// along any path to a goal `T` falls by at most one a move and ends at 0: `T(s)` is at most the
/// true distance of `s`. Following neighbours one closer from `s` reaches a state at 0, a goal by
/// 1, in `T(s)` moves: `T(s)` is at least the true distance. So every state with a value holds its
/// true distance, and by 3 no state without one can reach a goal (the moves from it never leave
/// the states without a value, and goals have one). A table built any other way fails one of the
/// checks: two entries swapped, the table reversed, or a table relabelled as another board's (its
/// moves are then other patterns).
///
/// The check reads every entry and its neighbours once: `states * patterns` lookups, linear in
/// the table, with no memory of its own.
///
/// # Errors
///
/// The first [`TableFault`] in index order.
///
/// # Panics
///
/// If a pattern or a goal has a bit at or past `log2(entries.len())`, or `entries.len()` is not
/// a power of two.
pub(crate) fn check_distance_table(
    entries: &[u8],
    patterns: &[u32],
    goals: &[u64],
) -> Result<(), TableFault> {
    let states = entries.len();
    assert!(states.is_power_of_two(), "a table of 2^n entries");
    let within = |x: u64| x < states as u64;
    assert!(patterns.iter().all(|&p| within(u64::from(p))), "patterns within the states");
    assert!(goals.iter().all(|&g| within(g)), "goals within the states");
    for &goal in goals {
        let found = entries[goal as usize];
        if found != 0 {
            return Err(TableFault::GoalNotZero { state: goal, found });
        }
    }
    // Block by block (a page of entries), the smallest neighbouring entry of each state: one
    // pass per move over the partner block, which is one contiguous block (the move's high bits)
    // read in an order permuted within it (its low bits). A state at a time would touch a page
    // per move, far apart.
    let block_bits = BLOCK_BITS.min(states.trailing_zeros());
    let block = 1usize << block_bits;
    let mask = block - 1;
    let mut nearest = vec![IMPOSSIBLE; block];
    for start in (0..states).step_by(block) {
        nearest.fill(IMPOSSIBLE);
        for &p in patterns {
            let p = p as usize;
            let partner = &entries[start ^ (p & !mask)..][..block];
            let x = p & mask;
            if block >= LANES {
                // Lanes of 16 entries: the move's bits above the lane pick the partner lane, the
                // bits within it are a fixed shuffle (one routine per value: vector code).
                MIN_WITH_SHUFFLED[x % LANES](&mut nearest, partner, x / LANES);
            } else {
                for (i, m) in nearest.iter_mut().enumerate() {
                    *m = (*m).min(partner[(i ^ x) & mask]);
                }
            }
        }
        // IMPOSSIBLE (255) is the largest byte: `near` is 255 only when all neighbours are. A
        // state at 0 passes here and is checked against the goals below; the block is scanned
        // again, state by state, only when it holds a fault.
        let own = &entries[start..start + block];
        let fine = own.iter().zip(&nearest).fold(true, |fine, (&d, &near)| {
            let closer = (d != IMPOSSIBLE) & (near.wrapping_add(1) == d);
            fine & ((d == 0) | closer | (d & near == IMPOSSIBLE))
        });
        let zeros = goals.iter().filter(|&&g| (start..start + block).contains(&(g as usize)));
        let fine = fine && own.iter().filter(|&&d| d == 0).count() == zeros.count();
        if !fine {
            for (i, (&d, &near)) in own.iter().zip(&nearest).enumerate() {
                let state = (start + i) as u64;
                let fine = match d {
                    IMPOSSIBLE => near == IMPOSSIBLE,
                    0 => goals.contains(&state),
                    d => near == d - 1,
                };
                if !fine {
                    return Err(fault(entries, patterns, goals, start + i, d));
                }
            }
        }
    }
    Ok(())
}

/// States handled at a time: 4 KiB of entries.
const BLOCK_BITS: u32 = 12;

/// Entries in a lane of [`min_with_shuffled`].
const LANES: usize = 16;

/// `nearest[i] = min(nearest[i], partner[i ^ (LANES * lane + X)])` for every `i`: lane `j` of
/// `nearest` meets lane `j ^ lane` of `partner`, its entries in the order `k ^ X`.
fn min_with_shuffled<const X: usize>(nearest: &mut [u8], partner: &[u8], lane: usize) {
    for (j, near) in nearest.chunks_exact_mut(LANES).enumerate() {
        let from: &[u8; LANES] =
            partner[(j ^ lane) * LANES..][..LANES].try_into().expect("a whole lane");
        for (k, m) in near.iter_mut().enumerate() {
            *m = (*m).min(from[k ^ X]);
        }
    }
}

/// [`min_with_shuffled`] for each shuffle within a lane.
type MinWithShuffled = fn(&mut [u8], &[u8], usize);
const MIN_WITH_SHUFFLED: [MinWithShuffled; LANES] = [
    min_with_shuffled::<0>,
    min_with_shuffled::<1>,
    min_with_shuffled::<2>,
    min_with_shuffled::<3>,
    min_with_shuffled::<4>,
    min_with_shuffled::<5>,
    min_with_shuffled::<6>,
    min_with_shuffled::<7>,
    min_with_shuffled::<8>,
    min_with_shuffled::<9>,
    min_with_shuffled::<10>,
    min_with_shuffled::<11>,
    min_with_shuffled::<12>,
    min_with_shuffled::<13>,
    min_with_shuffled::<14>,
    min_with_shuffled::<15>,
];

/// Names the rule state `s` (at `d`) breaks, once the fast scan has found it.
fn fault(entries: &[u8], patterns: &[u32], goals: &[u64], s: usize, d: u8) -> TableFault {
    let state = s as u64;
    let neighbours = patterns.iter().enumerate().map(|(press, &p)| {
        let neighbour = s ^ p as usize;
        (press, neighbour as u64, entries[neighbour])
    });
    if d == 0 && !goals.contains(&state) {
        return TableFault::ZeroNotGoal { state };
    }
    if d == IMPOSSIBLE {
        let (press, neighbour, found) =
            neighbours.clone().find(|n| n.2 != IMPOSSIBLE).expect("the scan found one");
        return TableFault::ImpossibleNextToSolvable { state, press, neighbour, found };
    }
    if let Some((press, neighbour, found)) = neighbours.clone().find(|n| n.2 < d.saturating_sub(1))
    {
        return TableFault::NeighbourTooClose { state, distance: d, press, neighbour, found };
    }
    TableFault::NoCloserNeighbour { state, distance: d }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::table::bfs::distance_table;
    use crate::lights_out::table::rules::toggle_patterns;

    fn uniform(cells: usize) -> [u64; 2] {
        [0, (1u64 << cells) - 1]
    }

    #[test]
    fn the_embedded_table_passes_and_a_swap_or_another_board_fails() {
        let table = crate::lights_out::DistanceTable::embedded();
        let plus = toggle_patterns(4, 4);
        assert_eq!(check_distance_table(table.as_bytes(), &plus, &[0, 0xFFFF]), Ok(()));
        let mut swapped = table.as_bytes().to_vec();
        swapped.swap(0x0013, 0x0001); // a state at 1 and one that is Impossible
        assert!(check_distance_table(&swapped, &plus, &[0, 0xFFFF]).is_err());
        let as_1x16 = toggle_patterns(1, 16);
        assert!(check_distance_table(table.as_bytes(), &as_1x16, &[0, 0xFFFF]).is_err());
    }

    #[test]
    fn every_built_table_passes() {
        for (rows, cols) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (1, 7), (4, 4), (3, 5)] {
            let table = distance_table(rows, cols, |_| {});
            let goals = uniform(rows * cols);
            let plus = toggle_patterns(rows, cols);
            assert_eq!(check_distance_table(&table, &plus, &goals), Ok(()), "{rows}x{cols}");
        }
    }

    #[test]
    fn every_swap_of_two_different_entries_fails() {
        // Over a whole small table: any two entries that differ, swapped, are caught.
        let table = distance_table(2, 3, |_| {});
        let (plus, goals) = (toggle_patterns(2, 3), uniform(6));
        for a in 0..table.len() {
            for b in a + 1..table.len() {
                if table[a] != table[b] {
                    let mut forged = table.clone();
                    forged.swap(a, b);
                    assert!(check_distance_table(&forged, &plus, &goals).is_err(), "{a} {b}");
                }
            }
        }
    }

    #[test]
    fn reversals_relabels_and_shifted_values_fail() {
        let table = distance_table(4, 4, |_| {});
        let (plus, goals) = (toggle_patterns(4, 4), uniform(16));
        let mut reversed = table.clone();
        reversed.reverse();
        // The 4x4 table is symmetric under complement (reversal), so reverse half of it.
        let mut half = table.clone();
        half[..1 << 15].reverse();
        assert!(check_distance_table(&half, &plus, &goals).is_err());
        assert_eq!(check_distance_table(&reversed, &plus, &goals), Ok(()));
        for (rows, cols) in [(1, 16), (2, 8), (8, 2), (16, 1)] {
            let other = toggle_patterns(rows, cols);
            assert!(check_distance_table(&table, &other, &goals).is_err(), "{rows}x{cols}");
        }
        let mut one_off = table.clone();
        let s = table.iter().position(|&d| d == 3).unwrap();
        one_off[s] = 5;
        assert!(matches!(
            check_distance_table(&one_off, &plus, &goals),
            Err(TableFault::NoCloserNeighbour { .. } | TableFault::NeighbourTooClose { .. })
        ));
        let mut zero = table.clone();
        zero[s] = 0;
        assert!(check_distance_table(&zero, &plus, &goals).is_err());
        // 2x2: state 1 is checked right after the goal 0, before any of its neighbours.
        let mut small = distance_table(2, 2, |_| {});
        small[1] = 0;
        assert_eq!(
            check_distance_table(&small, &toggle_patterns(2, 2), &uniform(4)),
            Err(TableFault::ZeroNotGoal { state: 1 })
        );
        let mut goal = table.clone();
        goal[0] = 1;
        assert_eq!(
            check_distance_table(&goal, &plus, &goals),
            Err(TableFault::GoalNotZero { state: 0, found: 1 })
        );
    }
}
