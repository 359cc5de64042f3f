//! Builds the 4x4 Flip Game distance table (65,536 bytes) into `OUT_DIR/flip4x4.dist`, with the
//! library's own BFS (`src/lights_out/table/bfs.rs`) and toggle pattern
//! (`src/lights_out/table/rules.rs`); turns the environment variables of the integration
//! tests' optional checks into `cfg`s (see `tests/tests.rs`); and links the binary without
//! position independence, and on Linux with glibc statically (start-up time).

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
    static_binary(std::path::Path::new(&out_dir));
}

/// Links the `flipblox` binary on Linux as a position-dependent executable (`-no-pie`): its
/// addresses are fixed at link time, so the dynamic loader (or a static binary's start-up code)
/// has no relative relocations to apply at each start (about 10,500 in a position-independent
/// build, and the pages they touch). The library and the tests are not affected; the
/// cost is that the binary's own code and data are not placed at random addresses.
fn position_dependent_binary() {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo::rustc-link-arg-bins=-no-pie");
    }
}

/// Links the `flipblox` binary statically on Linux with glibc, when building for the machine
/// the build runs on with the default linker `cc`, and `cc` finds the static C library
/// (`libc.a`, in Debian's `libc6-dev`) and GCC's `libgcc_eh.a` and `libgcc.a`; otherwise the
/// binary stays dynamically linked. A static binary starts without the dynamic loader: it maps
/// no shared libraries and binds no C library symbols (about half of a one-board run's
/// instructions, and a third of its page faults, when dynamically linked).
///
/// This is what `-C target-feature=+crt-static` does, which Cargo cannot give the binary alone
/// (given to every crate, it refuses the proc-macro crates and the Python module's `cdylib`).
/// `rustc` still names the C libraries of a dynamic link (`-Bdynamic -lgcc_s -lutil -lrt
/// -lpthread -lm -ldl -lc`): a directory searched first holds, under those names, linker
/// scripts naming the static archives, and `-static` makes `cc` use the static start files.
/// The library, the tests and the crates that use the library are not affected.
fn static_binary(out_dir: &std::path::Path) {
    println!("cargo::rerun-if-env-changed=RUSTC_LINKER");
    let var = |key: &str| std::env::var(key).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux"
        || var("CARGO_CFG_TARGET_ENV") != "gnu"
        || var("TARGET") != var("HOST")
        || std::env::var_os("RUSTC_LINKER").is_some()
    {
        return;
    }
    let Some(scripts) = static_link_scripts() else { return };
    let dir = out_dir.join("static-libs");
    std::fs::create_dir_all(&dir).expect("create OUT_DIR/static-libs");
    for (name, script) in scripts {
        std::fs::write(dir.join(format!("lib{name}.a")), script).expect("write a link script");
    }
    println!("cargo::rustc-link-arg-bins=-static");
    println!("cargo::rustc-link-arg-bins=-L{}", dir.display());
}

/// The linker script to put in place of each C library `rustc` names (`gcc_s`, `util`, `rt`,
/// `pthread`, `m`, `dl`, `c`), naming the static archives `cc` finds; `None` when one is
/// missing. The C library and GCC's runtime libraries need each other: they are one group.
fn static_link_scripts() -> Option<Vec<(&'static str, String)>> {
    let archive = |name: &str| -> Option<String> {
        let output = std::process::Command::new("cc")
            .arg(format!("-print-file-name={name}"))
            .output()
            .ok()?;
        let path = String::from_utf8(output.stdout).ok()?.trim().to_string();
        let found = std::path::Path::new(&path);
        (output.status.success() && found.is_absolute() && found.is_file()).then_some(path)
    };
    let runtime = [archive("libc.a")?, archive("libgcc_eh.a")?, archive("libgcc.a")?].join(" ");
    let mut scripts =
        vec![("gcc_s", format!("GROUP({runtime})\n")), ("c", format!("GROUP({runtime})\n"))];
    for name in ["util", "rt", "pthread", "m", "dl"] {
        scripts.push((name, format!("INPUT({})\n", archive(&format!("lib{name}.a"))?)));
    }
    Some(scripts)
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
