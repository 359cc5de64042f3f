//! The `Dockerfile`: a build stage that makes the release binary and a slim runtime stage that
//! runs it (the image docs/SCALE.md's Kubernetes Job uses). Where a Docker engine answers
//! (`docker info`), the image is built and run; everywhere, the file is read and checked against
//! the repository: the stages and their base images, the files the build copies, the path of the
//! binary the build makes, and the shared libraries the binary needs.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::{describe, project, read_text};

/// One instruction of a Dockerfile: its keyword (upper case) and its arguments, continuation
/// lines joined.
#[derive(Debug)]
struct Instruction {
    keyword: String,
    args: String,
}

/// A build stage: `FROM image AS name` and the instructions after it.
#[derive(Debug)]
struct Stage {
    image: String,
    name: String,
    body: Vec<Instruction>,
}

/// The instructions of a Dockerfile: comments and blank lines dropped, a line ending in `\`
/// joined with the next.
fn instructions(text: &str) -> Vec<Instruction> {
    let mut found = Vec::new();
    let mut pending = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if pending.is_empty() && (trimmed.is_empty() || trimmed.starts_with('#')) {
            continue;
        }
        match trimmed.strip_suffix('\\') {
            Some(head) => pending.push_str(head),
            None => {
                pending.push_str(trimmed);
                let (keyword, args) = pending.split_once(' ').unwrap_or((&pending, ""));
                found.push(Instruction {
                    keyword: keyword.to_ascii_uppercase(),
                    args: args.split_whitespace().collect::<Vec<_>>().join(" "),
                });
                pending.clear();
            }
        }
    }
    assert!(pending.is_empty(), "a continuation line ends the file: {pending}");
    found
}

/// The stages of a Dockerfile, in order; every stage is named.
fn stages(text: &str) -> Vec<Stage> {
    let mut stages: Vec<Stage> = Vec::new();
    for instruction in instructions(text) {
        if instruction.keyword == "FROM" {
            let words: Vec<&str> = instruction.args.split(' ').collect();
            let [image, as_, name] = words[..] else {
                panic!("FROM {}: expected `FROM IMAGE AS NAME`", instruction.args)
            };
            assert!(as_.eq_ignore_ascii_case("as"), "FROM {}", instruction.args);
            stages.push(Stage { image: image.into(), name: name.into(), body: Vec::new() });
        } else {
            let stage = stages.last_mut().expect("an instruction before the first FROM");
            stage.body.push(instruction);
        }
    }
    stages
}

impl Stage {
    /// The arguments of each of the stage's `keyword` instructions.
    fn all(&self, keyword: &str) -> Vec<&str> {
        self.body.iter().filter(|i| i.keyword == keyword).map(|i| i.args.as_str()).collect()
    }

    /// The last `WORKDIR` (the build runs there).
    fn workdir(&self) -> &str {
        self.all("WORKDIR").last().copied().unwrap_or("/")
    }

    /// `(from stage, sources, destination)` of each `COPY`.
    fn copies(&self) -> Vec<(Option<&str>, Vec<&str>, &str)> {
        self.all("COPY")
            .into_iter()
            .map(|args| {
                let mut words: Vec<&str> = args.split(' ').collect();
                let from = words.first().and_then(|w| w.strip_prefix("--from="));
                if from.is_some() {
                    words.remove(0);
                }
                assert!(words.iter().all(|w| !w.starts_with("--")), "COPY {args}: an option");
                let destination = words.pop().expect("COPY has a destination");
                (from, words, destination)
            })
            .collect()
    }
}

/// What `cargo metadata` says of the package: its version, rust-version, and the files of its
/// targets (library, binaries, tests, benches, examples, build script) relative to the root.
struct Package {
    version: String,
    rust_version: String,
    binaries: Vec<String>,
    target_files: Vec<(String, String)>,
}

fn package() -> Package {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let manifest = project("Cargo.toml");
    let args = ["metadata", "--no-deps", "--offline", "--format-version", "1", "--manifest-path"];
    let out = Command::new(&cargo).args(args).arg(&manifest).output().expect("running cargo");
    assert!(out.status.success(), "{}", describe(&cargo, &args, &out));
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let package = &metadata["packages"][0];
    let root = project("");
    let mut binaries = Vec::new();
    let mut target_files = Vec::new();
    for target in package["targets"].as_array().unwrap() {
        let kinds: Vec<&str> =
            target["kind"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
        let path = Path::new(target["src_path"].as_str().unwrap());
        let relative = path.strip_prefix(&root).unwrap_or(path).to_string_lossy().into_owned();
        let name = target["name"].as_str().unwrap().to_string();
        if kinds.contains(&"bin") {
            binaries.push(name.clone());
        }
        if !kinds.contains(&"example") {
            target_files.push((format!("{} {name}", kinds.join(",")), relative));
        }
    }
    Package {
        version: package["version"].as_str().unwrap().to_string(),
        rust_version: package["rust_version"].as_str().unwrap().to_string(),
        binaries,
        target_files,
    }
}

/// `(major, minor)` of a version such as `1.88` or `1.95.0`.
fn major_minor(version: &str) -> (u32, u32) {
    let mut parts = version.split('.').map(|p| p.parse::<u32>().expect("a version number"));
    (parts.next().unwrap(), parts.next().unwrap_or(0))
}

/// The libraries the Debian packages every `debian:*-slim` image has provide: `libc6` and
/// `libgcc-s1` (both required), plus the kernel's vDSO.
const SLIM_DEBIAN_LIBRARIES: [&str; 10] = [
    "linux-vdso.so.1",
    "libc.so.6",
    "libm.so.6",
    "libpthread.so.0",
    "libdl.so.2",
    "librt.so.1",
    "libgcc_s.so.1",
    "ld-linux-x86-64.so.2",
    "ld-linux-aarch64.so.1",
    "ld-linux-armhf.so.3",
];

/// The names of the shared libraries `ldd` lists for `binary` (none for a static binary).
fn shared_libraries(binary: &Path) -> Option<Vec<String>> {
    let out = Command::new("ldd").arg(binary).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() || text.contains("not a dynamic executable") {
        return Some(Vec::new());
    }
    Some(
        text.lines()
            .filter_map(|line| line.split_whitespace().next())
            .map(|name| Path::new(name).file_name().unwrap().to_string_lossy().into_owned())
            .collect(),
    )
}

/// The Dockerfile's stages, checked against the repository without Docker.
#[test]
fn the_dockerfile_builds_the_release_binary_into_a_slim_image() {
    let text = read_text(project("Dockerfile"));
    let stages = stages(&text);
    let package = package();
    let names: Vec<&str> = stages.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["build", "runtime"], "two stages, the runtime last");
    let (build, runtime) = (&stages[0], &stages[1]);

    // Images: the Rust toolchain (no older than rust-version) on the Debian release the runtime
    // is, so the binary asks for no newer C library than the runtime has.
    let (toolchain, release) =
        build.image.strip_prefix("rust:").and_then(|tag| tag.split_once("-slim-")).unwrap_or_else(
            || panic!("build stage: {} is not rust:VERSION-slim-RELEASE", build.image),
        );
    assert!(
        major_minor(toolchain) >= major_minor(&package.rust_version),
        "the build's Rust {toolchain} is older than Cargo.toml's rust-version {}",
        package.rust_version
    );
    assert_eq!(runtime.image, format!("debian:{release}-slim"), "the runtime's Debian release");

    // The build stage copies what cargo reads, each to the same path under its WORKDIR, and
    // nothing .dockerignore leaves out of the context.
    let workdir = build.workdir().trim_end_matches('/');
    let ignored: Vec<String> = read_text(project(".dockerignore"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.trim_end_matches('/').to_string())
        .collect();
    let mut copied = Vec::new();
    for (from, sources, destination) in build.copies() {
        assert_eq!(from, None, "the build stage copies from the context");
        for source in sources {
            assert!(project(source).exists(), "COPY {source}: no such file in the repository");
            assert!(!ignored.iter().any(|i| source.starts_with(i.as_str())), "{source} ignored");
            let lands = match destination.strip_suffix('/') {
                Some(dir) => format!("{dir}/{source}"),
                None => destination.to_string(),
            };
            let lands = lands.trim_start_matches("./");
            assert_eq!(lands, source, "COPY {source} {destination}: a path of its own");
            copied.push(source);
        }
    }
    for needed in ["Cargo.toml", "Cargo.lock"] {
        assert!(copied.contains(&needed), "the build copies {needed}");
    }
    for (target, file) in &package.target_files {
        assert!(
            copied.iter().any(|c| file == c || file.starts_with(&format!("{c}/"))),
            "{target} ({file}) is not copied into the build, and cargo reads it"
        );
    }

    // It builds the one binary, where cargo puts it, and the runtime copies that file onto PATH
    // and runs it.
    let [binary] = &package.binaries[..] else { panic!("binaries: {:?}", package.binaries) };
    let run = build.all("RUN");
    let build_command = format!("cargo build --release --locked --bin {binary}");
    assert_eq!(run, [build_command.as_str()], "the build stage's RUN");
    let env = build.all("ENV").join(" ");
    assert!(!env.contains("CARGO_TARGET_DIR") && !env.contains("CARGO_BUILD"), "ENV {env}");
    let built = format!("{workdir}/target/release/{binary}");
    let installed = format!("/usr/local/bin/{binary}");
    let from_build: Vec<_> = runtime.copies().into_iter().filter(|c| c.0.is_some()).collect();
    assert_eq!(from_build, [(Some("build"), vec![built.as_str()], installed.as_str())]);
    for (_, sources, _) in runtime.copies().iter().filter(|c| c.0.is_none()) {
        for source in sources {
            assert!(project(source).is_file(), "runtime COPY {source}: no such file");
        }
    }
    assert_eq!(runtime.all("ENTRYPOINT"), [format!("[\"{binary}\"]")]);
    let user = runtime.all("USER");
    let uid = user.last().and_then(|u| u.split(':').next()).expect("the runtime sets USER");
    assert!(uid.parse::<u32>().is_ok_and(|n| n > 0), "USER {uid}: a number, not root");

    // The image's tag in the file's own instructions and in docs/SCALE.md is the version.
    let tag = format!("flipblox:{}", package.version);
    assert!(text.contains(&format!("docker build -t {tag} .")), "Dockerfile names {tag}");
    let scale = read_text(project("docs/SCALE.md"));
    assert!(scale.contains(&format!("image: {tag}")), "docs/SCALE.md's Job runs {tag}");

    // The runtime has every shared library the binary links (the build under test links the
    // same libraries as the release build).
    if let Some(libraries) = shared_libraries(Path::new(env!("CARGO_BIN_EXE_flipblox"))) {
        for library in &libraries {
            assert!(
                SLIM_DEBIAN_LIBRARIES.contains(&library.as_str()),
                "the binary needs {library}, which {} does not have",
                runtime.image
            );
        }
        println!("the binary links {libraries:?}");
    }

    if docker_answers() {
        build_and_run_the_image();
    } else {
        println!("not run: building the image (no Docker engine answers `docker info`)");
    }
}

/// Whether a Docker engine answers.
fn docker_answers() -> bool {
    Command::new("docker")
        .arg("info")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Runs `docker args...` with `stdin`, checks it succeeded, and returns its stdout.
fn docker(args: &[&str], stdin: &[u8]) -> String {
    use std::io::Write;
    let mut child = Command::new("docker")
        .args(args)
        .current_dir(project(""))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("running docker");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", describe("docker", args, &out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Builds the image and runs it: it answers the POJ 1753 sample, as an unprivileged user, with
/// every shared library found (none is needed when the binary is linked statically).
fn build_and_run_the_image() {
    let tag = format!("flipblox-test:{}", std::process::id());
    docker(&["build", "--quiet", "-t", &tag, "."], b"");
    let sample = std::fs::read(project("data/flip/poj-sample.txt")).unwrap();
    let answer = docker(&["run", "--rm", "-i", &tag, "flip", "-"], &sample);
    let uid = docker(&["run", "--rm", "--entrypoint", "id", &tag, "-u"], b"");
    // (`ldd` fails on a static binary, which needs no library: its message is kept.)
    let script = "ldd /usr/local/bin/flipblox 2>&1; true";
    let ldd = docker(&["run", "--rm", "--entrypoint", "sh", &tag, "-c", script], b"");
    docker(&["image", "rm", "--force", &tag], b"");
    assert_eq!(answer, "4\n");
    assert_eq!(uid.trim(), "10001");
    assert!(!ldd.contains("not found"), "{ldd}");
}

#[test]
fn dockerfile_lines_are_joined_and_comments_dropped() {
    let text = "# a comment\nFROM a:1 AS one\nRUN x \\\n    && y\n\nfrom b AS two\nCOPY --from=one /p /q\n";
    let stages = stages(text);
    assert_eq!(stages.len(), 2);
    assert_eq!((stages[0].image.as_str(), stages[0].name.as_str()), ("a:1", "one"));
    assert_eq!(stages[0].all("RUN"), ["x && y"]);
    assert_eq!(stages[1].copies(), [(Some("one"), vec!["/p"], "/q")]);
    assert_eq!(major_minor("1.95.0"), (1, 95));
    assert!(major_minor("1.100") > major_minor("1.88"));
}
