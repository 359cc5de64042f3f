//! Builds the 4x4 Flip Game distance table (65,536 bytes) into `OUT_DIR/flip4x4.dist`, with the
//! library's own BFS (`src/lights_out/table/bfs.rs`) and toggle pattern
//! (`src/lights_out/table/rules.rs`); turns the environment variables of the integration
//! tests' optional checks into `cfg`s (see `tests/tests.rs`); and links the binary without
//! position independence on Linux (start-up time).

#[allow(dead_code)]
#[path = "src/lights_out/table/rules.rs"]
mod rules;

// (bfs.rs allows its own unused items outside the tests.)
#[path = "src/lights_out/table/bfs.rs"]
mod bfs;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/lights_out/table/rules.rs");
    println!("cargo::rerun-if-changed=src/lights_out/table/bfs.rs");
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let table = bfs::pattern_distance_table(16, &rules::toggle_patterns(4, 4), None, |_| {})
        .expect("memory for the 4x4 distance table");
    let path = std::path::Path::new(&out_dir).join("flip4x4.dist");
    std::fs::write(&path, &table).expect("write the 4x4 distance table to OUT_DIR");
    test_gates();
    position_dependent_binary();
}

/// Links the `flipblox` binary on Linux as a position-dependent executable (`-no-pie`): its
/// addresses are fixed at link time, so the dynamic loader has no relative relocations to apply
/// at each start (about 10,500 in a position-independent build, a quarter of a one-board run's
/// instructions, and the pages they touch). The library and the tests are not affected; the
/// cost is that the binary's own code and data are not placed at random addresses.
fn position_dependent_binary() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}

/// The integration tests' checks that need something outside the repository: the environment
/// variable that gives it, and the `cfg` set when that variable is set and not empty. Without
/// the `cfg`, those tests are marked ignored, with the reason (`tests/tests.rs`).
const TEST_GATES: [(&str, &str); 4] = [
    // The path of the original game's level file (its licence forbids shipping it).
    ("FLIPBLOX_ORIGINAL_LEVELS", "flipblox_original_levels"),
    // A Python interpreter that has NumPy.
    ("FLIPBLOX_PYTHON", "flipblox_numpy"),
    // A Chromium binary, which opens the contact sheet `flipblox render` writes.
    ("FLIPBLOX_CHROMIUM", "flipblox_chromium"),
    // jq, which merges the JSON Lines of `--shard` parts as docs/SCALE.md shows.
    ("FLIPBLOX_JQ", "flipblox_jq"),
];

fn test_gates() {
    for (variable, cfg) in TEST_GATES {
        println!("cargo::rerun-if-env-changed={variable}");
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if std::env::var_os(variable).is_some_and(|value| !value.is_empty()) {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
