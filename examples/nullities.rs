//! Prints how many board sizes `R x C` with `R <= C <= N` have each nullity (the dimension of
//! the null space of the toggle matrix of the Flip Game, `Solver::nullity`), the largest, and the
//! square sizes with a nullity over the exact-search limit.
//!
//! `cargo run --release --example nullities -- 200` (N defaults to 200; about 6 s).

use std::collections::BTreeMap;

use flipblox::lights_out::{BoardSize, Solver, Variant};

fn main() {
    let Ok(n) = std::env::args().nth(1).map_or(Ok(200), |a| a.parse::<usize>()) else {
        eprintln!("usage: cargo run --release --example nullities -- [N]");
        std::process::exit(2)
    };
    let mut counts = BTreeMap::new();
    let mut largest = (0, String::new());
    let mut over = Vec::new();
    for r in 1..=n {
        for c in r..=n {
            let size = BoardSize::new(r, c).expect("a valid size");
            let k = Solver::new(&Variant::flip_game(size)).nullity();
            *counts.entry(k).or_insert(0u64) += 1;
            if k > largest.0 {
                largest = (k, format!("{r}x{c}"));
            }
            // The whole null space and the colour change weighed: `k + 1` generators at most.
            if r == c && k >= Solver::DEFAULT_SEARCH_BITS as usize {
                over.push(format!("{r}x{c} ({k})"));
            }
        }
    }
    let total: u64 = counts.values().sum();
    let exact: u64 = counts.range(..Solver::DEFAULT_SEARCH_BITS as usize).map(|(_, v)| v).sum();
    println!("sizes R <= C <= {n}: {total}; searched exactly by default: {exact}");
    println!("largest nullity: {} ({})", largest.0, largest.1);
    println!("nullity sizes");
    for (k, v) in &counts {
        println!("{k} {v}");
    }
    println!("square sizes over the limit: {}", over.join(", "));
}
