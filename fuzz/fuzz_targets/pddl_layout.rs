//! Fuzzes the PDDL reader's layout of tiles (issue 38): problems of up to 12 tiles whose
//! `adjacent` facts come from the bytes (rings, forks, duplicate facts, facts without their
//! reverse), every tile active, the block standing on the first tile and the goal on the last.
//! No problem makes the reader panic, and it accepts exactly the problems whose facts lay the
//! tiles on a square grid, as an independent placement here decides: each fact with its reverse,
//! one neighbour a direction, every fact between tiles side by side in its direction, one tile a
//! place, and a fact between every two tiles side by side. An accepted level has one floor cell
//! a tile, and reads back the same from the PDDL flipblox writes of it.
#![no_main]

use flipblox::bloxorz::{InputFormat, Level, LevelInput, LevelSource};
use libfuzzer_sys::fuzz_target;

const DIRECTIONS: [&str; 4] = ["north", "south", "west", "east"];
const STEPS: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// True when the facts lay `n` tiles on a square grid (see the module docs).
fn on_a_grid(n: usize, facts: &[(usize, usize, usize)]) -> bool {
    let mut next = vec![[None; 4]; n];
    for &(a, b, d) in facts {
        match next[a][d] {
            Some(x) if x != b => return false,
            _ => next[a][d] = Some(b),
        }
    }
    for a in 0..n {
        for d in 0..4 {
            if let Some(b) = next[a][d]
                && next[b][d ^ 1] != Some(a)
            {
                return false;
            }
        }
    }
    let mut place: Vec<Option<(i64, i64)>> = vec![None; n];
    let mut group = vec![0; n];
    for first in 0..n {
        if place[first].is_some() {
            continue;
        }
        place[first] = Some((0, 0));
        group[first] = first;
        let mut queue = vec![first];
        while let Some(t) = queue.pop() {
            let (r, c) = place[t].unwrap();
            for d in 0..4 {
                if let Some(b) = next[t][d] {
                    let want = (r + STEPS[d].0, c + STEPS[d].1);
                    match place[b] {
                        Some(p) if p != want => return false,
                        Some(_) => {}
                        None => {
                            place[b] = Some(want);
                            group[b] = first;
                            queue.push(b);
                        }
                    }
                }
            }
        }
    }
    for a in 0..n {
        for b in 0..n {
            if a == b || group[a] != group[b] {
                continue;
            }
            let (pa, pb) = (place[a].unwrap(), place[b].unwrap());
            if pa == pb {
                return false;
            }
            for d in 0..4 {
                if (pa.0 + STEPS[d].0, pa.1 + STEPS[d].1) == pb && next[a][d] != Some(b) {
                    return false;
                }
            }
        }
    }
    true
}

/// The one level of `text`, read as PDDL.
fn read_one(text: &[u8]) -> Option<Result<Level, String>> {
    let mut input = LevelInput::from_bytes(text, InputFormat::Pddl, 1 << 20);
    let mut levels = input.levels().ok()?;
    let mut level = Level::new();
    let read = levels.read_into(&mut level)?;
    Some(read.map(|()| level).map_err(|e| e.to_string()))
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&first, rest)) = bytes.split_first() else { return };
    let n = 2 + usize::from(first) % 11;
    // Each fact from two bytes: its tiles and direction, and whether its reverse comes too.
    let mut facts = Vec::new();
    for pair in rest.chunks_exact(2).take(64) {
        let (a, b) = (usize::from(pair[0] & 15) % n, usize::from(pair[0] >> 4) % n);
        let d = usize::from(pair[1] & 3);
        facts.push((a, b, d));
        if pair[1] & 4 == 0 {
            facts.push((b, a, d ^ 1));
        }
        if pair[1] & 8 != 0 {
            facts.push((a, b, d));
        }
    }
    let mut text = String::from("(define (problem fuzz) (:domain bloxorz) (:objects");
    for t in 0..n {
        text.push_str(&format!(" r{t}"));
    }
    text.push_str(" - tile)\n(:init");
    for &(a, b, d) in &facts {
        text.push_str(&format!(" (adjacent r{a} r{b} {})", DIRECTIONS[d]));
    }
    for t in 0..n {
        text.push_str(&format!(" (active r{t})"));
    }
    text.push_str(&format!(" (standing-on r0))\n(:goal (standing-on r{})))\n", n - 1));
    let read = read_one(text.as_bytes()).expect("one problem");
    let grid = on_a_grid(n, &facts.iter().filter(|f| f.0 != f.1).copied().collect::<Vec<_>>())
        && facts.iter().all(|f| f.0 != f.1);
    match read {
        Ok(level) => {
            assert!(grid, "accepted facts that lay no grid: {text}");
            let drawn = level.to_string();
            let floor = drawn.lines().skip(1).flat_map(str::bytes).filter(|&b| b != b'#');
            assert_eq!(floor.count(), n, "{text}\n{drawn}");
            let mut written = String::new();
            if level.write_pddl("back", &mut written).is_ok() {
                let back =
                    read_one(written.as_bytes()).expect("one problem").expect("written PDDL reads");
                assert_eq!(back.to_string(), drawn);
            }
        }
        Err(message) => assert!(!grid, "refused facts that lay a grid: {message}\n{text}"),
    }
});
