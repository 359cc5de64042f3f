//! Fuzzes the importer of the original Flash game's level file: any bytes give a pack or a file
//! error, never a panic; every stage it reads is solved, and every path replays in the tests'
//! independent model. The same bytes, read as a program of the statements JavaScript ports write
//! (`tests/common/javascript.rs`), must give the stages JavaScript's values make: bound when a
//! statement runs, shared by the names holding a list, a function's `var`s its own. The checks
//! are the proptest fuzzer's (`tests/common/checks.rs`, `tests/common/javascript.rs`), included
//! by path.
#![no_main]

#[allow(dead_code)]
#[path = "../../tests/common/bloxorz.rs"]
mod bloxorz;
#[allow(dead_code)]
#[path = "../../tests/common/checks.rs"]
mod checks;
#[allow(dead_code)]
#[path = "../../tests/common/extended.rs"]
mod extended;
#[allow(dead_code)]
#[path = "../../tests/common/javascript.rs"]
mod javascript;
#[allow(dead_code)]
#[path = "../../tests/common/rng.rs"]
mod rng;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    checks::check_flash(bytes, 1 << 20);
    let (program, play_order) = javascript::program(bytes);
    javascript::check_stages(&program, &play_order, 1 << 20);
});
