//! Fuzzes the importer of the original Flash game's level file: any bytes give a pack or a file
//! error, never a panic; every stage it reads is solved, and every path replays in the tests'
//! independent model. The checks are the proptest fuzzer's (`tests/common/checks.rs`), included by
//! path.
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
#[path = "../../tests/common/rng.rs"]
mod rng;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    checks::check_flash(bytes, 1 << 20);
});
