//! The embedded 4x4 table checked three ways: rebuilt at run time, brute force over press sets,
//! and a histogram computed independently (`tests/data/flip/distance-histogram.txt`).

use super::grid;
use crate::lights_out::DistanceTable;
use crate::lights_out::table::bfs::{IMPOSSIBLE, distance_table};
use crate::lights_out::table::brute::brute_force_table;

#[test]
fn embedded_table_equals_the_run_time_bfs_and_the_brute_force_on_every_state() {
    let embedded = DistanceTable::embedded();
    let bfs = distance_table(4, 4, |_| {});
    let brute = brute_force_table(4, 4);
    assert_eq!(embedded.as_bytes().len(), 65_536);
    for state in 0..65_536usize {
        assert_eq!(embedded.as_bytes()[state], bfs[state], "BFS differs at state {state:#06x}");
        assert_eq!(embedded.as_bytes()[state], brute[state], "brute force differs at {state:#06x}");
    }
}

/// A press written independently of the library: flips (r, c) and its orthogonal neighbours.
fn press(grid: &mut [[bool; 4]; 4], r: usize, c: usize) {
    for (dr, dc) in [(0i32, 0i32), (-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (rr, cc) = (r as i32 + dr, c as i32 + dc);
        if (0..4).contains(&rr) && (0..4).contains(&cc) {
            grid[rr as usize][cc as usize] ^= true;
        }
    }
}

#[test]
fn solvable_states_are_the_same_4096_for_either_colour() {
    // Reachable from all-white by pressing subsets: the column space of the toggle matrix.
    let mut from_white = std::collections::HashSet::new();
    for set in 0u32..1 << 16 {
        let mut grid = [[false; 4]; 4];
        for i in 0..16 {
            if set >> i & 1 == 1 {
                press(&mut grid, i / 4, i % 4);
            }
        }
        let bits = (0..16).filter(|&i| grid[i / 4][i % 4]).fold(0u16, |a, i| a | 1 << i);
        from_white.insert(bits);
    }
    assert_eq!(from_white.len(), 4096);
    assert!(from_white.contains(&0xFFFF), "all black is reachable from all white");
    let table = DistanceTable::embedded();
    let solvable = (0..=u16::MAX).filter(|&s| table.distance(&grid(4, 4, u64::from(s))).is_some());
    assert!(solvable.clone().all(|s| from_white.contains(&s)));
    assert_eq!(solvable.count(), 4096);
    assert_eq!(table.as_bytes().iter().filter(|&&d| d == IMPOSSIBLE).count(), 61_440);
}

#[test]
fn the_histogram_matches_the_brute_force_histogram() {
    let text = include_str!("../../../tests/data/flip/distance-histogram.txt");
    let (histogram, impossible) = DistanceTable::embedded().histogram();
    let mut expected = Vec::new();
    let mut expected_impossible = None;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (key, count) = line.split_once(' ').unwrap();
        let count: u64 = count.trim().parse().unwrap();
        match key {
            "Impossible" => expected_impossible = Some(count),
            d => expected.push((d.parse::<usize>().unwrap(), count)),
        }
    }
    let ours: Vec<(usize, u64)> = histogram.iter().copied().enumerate().collect();
    assert_eq!(ours, expected);
    assert_eq!(Some(impossible), expected_impossible);
    assert_eq!(histogram.len() - 1, 6, "the largest minimum is 6");
}

#[test]
fn the_embedded_table_compares_equal_to_the_table_built_at_run_time() {
    use crate::lights_out::{BoardSize, Variant};
    let built = DistanceTable::build(&Variant::flip_game(BoardSize::CLASSIC), |_, _| {}).unwrap();
    assert!(DistanceTable::embedded().compare(&built, 10).agree());
}
