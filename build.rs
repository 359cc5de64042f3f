//! Builds the 4x4 Flip Game distance table (65,536 bytes) into `OUT_DIR/flip4x4.dist`, with the
//! same BFS the library exposes as `flipblox::flip::distance_table` and the same toggle pattern
//! (`src/flip/rules.rs`).

#[allow(dead_code)]
#[path = "src/flip/rules.rs"]
mod rules;

#[allow(dead_code)]
#[path = "src/flip/bfs.rs"]
mod bfs;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/flip/rules.rs");
    println!("cargo::rerun-if-changed=src/flip/bfs.rs");
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let table = bfs::distance_table(4, 4, |_| {});
    let path = std::path::Path::new(&out_dir).join("flip4x4.dist");
    std::fs::write(&path, &table).expect("write the 4x4 distance table to OUT_DIR");
}
