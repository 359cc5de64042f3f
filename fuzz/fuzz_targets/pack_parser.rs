//! Fuzzes the Bloxorz pack parser and solvers: any bytes must be read without a panic, one report
//! per level, and every path must replay to the target (POJ 3322 levels with the library's `roll`;
//! levels with switches, bridge tiles and split switches with the tests' independent model). The
//! checks are the proptest fuzzer's (`tests/common/checks.rs`), included by path.
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
    // A small memory limit keeps every level the fuzzer builds cheap to search.
    checks::check_pack(bytes, 1, 1 << 20);
    // Two jobs read plainly laid-out levels on their workers, from chunks of text.
    checks::check_pack_jobs(bytes, 1 << 20, 2);
});
