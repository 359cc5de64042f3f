//! Writes a switch-heavy level of the general engine's benchmark (`benches/support/switch_levels.rs`)
//! as a one-level pack on stdout, sized for about STATES explored states, or with explicit
//! parameters: `cargo run --release --example switch_levels -- STATES [SEED]` or
//! `-- CHAIN FREE HUB [SEED]`.

#[path = "../benches/support/switch_levels.rs"]
mod switch_levels;

use std::io::Write;

use switch_levels::SwitchLevel;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.replace('_', "").parse().unwrap_or_else(|_| usage()))
        .collect();
    let level = match args[..] {
        [states] => SwitchLevel::sized(states, 1),
        [states, seed] => SwitchLevel::sized(states, seed),
        [chain, free, hub] => {
            SwitchLevel { chain: chain as u32, free: free as u32, hub: hub as usize, seed: 1 }
        }
        [chain, free, hub, seed] => {
            SwitchLevel { chain: chain as u32, free: free as u32, hub: hub as usize, seed }
        }
        _ => usage(),
    };
    eprintln!("switch_levels: {level:?}");
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}0 0", level.text());
}

fn usage() -> ! {
    eprintln!("usage: switch_levels STATES [SEED] | CHAIN FREE HUB [SEED]");
    std::process::exit(2)
}
