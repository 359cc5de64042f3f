//! Helpers shared by the integration tests.

pub mod analysis;
pub mod bloxorz;
pub mod buttons;
pub mod checks;
pub mod extended;
pub mod flip_game;
pub mod javascript;
pub mod lights_out;
pub mod original;
#[cfg(feature = "render")]
pub mod pictures;
#[cfg(unix)]
pub mod process;
pub mod rng;
pub mod table_checks;

pub use flip_game::{is_uniform, replay_rows};
pub use rng::Rng;

use flipblox::lights_out::{BoardSize, DistanceTable, Variant};

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// A path under the project root.
pub fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// `result`, or a panic at the caller's line naming what failed on which path.
#[track_caller]
fn or_panic<T>(result: std::io::Result<T>, what: &str, path: &Path) -> T {
    match result {
        Ok(value) => value,
        Err(e) => panic!("cannot {what} {}: {e}", path.display()),
    }
}

/// The text of the file at `path`; a failure panics naming the path.
#[track_caller]
pub fn read_text(path: impl AsRef<Path>) -> String {
    let path = path.as_ref();
    or_panic(std::fs::read_to_string(path), "read", path)
}

/// The bytes of the file at `path`; a failure panics naming the path.
#[track_caller]
pub fn read_bytes(path: impl AsRef<Path>) -> Vec<u8> {
    let path = path.as_ref();
    or_panic(std::fs::read(path), "read", path)
}

/// Writes `contents` to the file at `path`; a failure panics naming the path.
#[track_caller]
pub fn write_file(path: impl AsRef<Path>, contents: impl AsRef<[u8]>) {
    let path = path.as_ref();
    or_panic(std::fs::write(path, contents), "write", path)
}

/// Creates (or truncates) the file at `path`; a failure panics naming the path.
#[track_caller]
pub fn create_file(path: impl AsRef<Path>) -> File {
    let path = path.as_ref();
    or_panic(File::create(path), "create", path)
}

/// The entries of the directory at `path`, sorted; a failure panics naming the path.
#[track_caller]
pub fn read_dir_sorted(path: impl AsRef<Path>) -> Vec<PathBuf> {
    let path = path.as_ref();
    let mut entries = Vec::new();
    for entry in or_panic(std::fs::read_dir(path), "list", path) {
        entries.push(or_panic(entry, "list", path).path());
    }
    entries.sort();
    entries
}

/// The POJ 3322 level packs with an expected answer per level (`X.expected` beside each `X.txt`):
/// the shipped ones and the tests' 500x500 levels.
pub const POJ_PACKS: [&str; 4] = [
    "data/bloxorz/poj-sample.txt",
    "data/bloxorz/mixed-small.txt",
    "data/bloxorz/start-standing-neighbour.txt",
    "tests/data/bloxorz/large-500.txt",
];

/// The binary under test.
const FLIPBLOX: &str = env!("CARGO_BIN_EXE_flipblox");

/// How a child ended, for panic messages: its command line, exit status and standard error.
pub fn describe(command: &str, args: &[impl AsRef<std::ffi::OsStr>], out: &Output) -> String {
    let args: Vec<_> = args.iter().map(|a| a.as_ref().to_string_lossy()).collect();
    format!(
        "`{command} {}` ended with {}; its stderr:\n{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Starts the `flipblox` binary with `args`, its standard input, output and error piped.
#[track_caller]
pub fn spawn(args: &[&str]) -> Child {
    let child = Command::new(FLIPBLOX)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    or_panic(child, "run", Path::new(FLIPBLOX))
}

/// Waits for `child` (started with `args`) and collects what it wrote.
#[track_caller]
pub fn finish(child: Child, args: &[&str]) -> Output {
    match child.wait_with_output() {
        Ok(out) => out,
        Err(e) => panic!("waiting for `flipblox {}`: {e}", args.join(" ")),
    }
}

/// Runs the `flipblox` binary with `args`, feeding `stdin`.
#[track_caller]
pub fn flipblox(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // The child may exit without reading its input (a usage error): a broken pipe is no failure.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = finish(child, args);
    writer.join().expect("the thread feeding stdin");
    out
}

/// Runs the `flipblox` binary as [`flipblox`] does and checks that it succeeded; a failure panics
/// with the command line, the exit status and the child's stderr.
#[track_caller]
pub fn flipblox_ok(args: &[&str], stdin: &[u8]) -> Output {
    let out = flipblox(args, stdin);
    assert!(out.status.success(), "{}", describe("flipblox", args, &out));
    out
}

/// Runs the `flipblox` binary with `args` and no input, reads the first `keep` bytes of its
/// stdout, closes the pipe and waits: returns (those bytes, exit code, stderr). When stdout ends
/// before `keep` bytes, it panics with the command line, the exit status and the child's stderr.
#[track_caller]
pub fn read_then_close_stdout(args: &[&str], keep: usize) -> (Vec<u8>, Option<i32>, String) {
    let mut child = spawn(args);
    drop(child.stdin.take());
    let mut first = vec![0u8; keep];
    let read = child.stdout.as_mut().expect("stdout is piped").read_exact(&mut first);
    drop(child.stdout.take());
    let out = finish(child, args);
    if let Err(e) = read {
        panic!("reading {keep} bytes of stdout: {e}; {}", describe("flipblox", args, &out));
    }
    (first, out.status.code(), stderr(&out))
}

/// Stdout of an output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 stdout")
}

/// Stderr of an output as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("utf-8 stderr")
}

/// Parses a `flipblox flip --path` line, `N (r,c)(r,c)...`, into `N` and the 1-based presses.
pub fn parse_moves_line(line: &str) -> (usize, Vec<(usize, usize)>) {
    let (n, rest) = line.split_once(' ').unwrap_or((line, ""));
    let n: usize = n.parse().unwrap_or_else(|_| panic!("not a number: {line}"));
    let presses = rest
        .split(')')
        .filter(|s| !s.is_empty())
        .map(|p| {
            let (r, c) = p.trim_start_matches('(').split_once(',').expect("(r,c)");
            (r.parse().expect("row"), c.parse().expect("column"))
        })
        .collect();
    (n, presses)
}

/// A random `rows x cols` board, as rows of `b`/`w`.
pub fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> Vec<String> {
    (0..rows)
        .map(|_| (0..cols).map(|_| if rng.next() & 1 == 1 { 'b' } else { 'w' }).collect())
        .collect()
}

/// A board made by pressing random pieces of an all-white board (always solvable).
pub fn reachable_board(rng: &mut Rng, rows: usize, cols: usize) -> Vec<String> {
    let presses: Vec<(usize, usize)> = (0..rows * cols)
        .filter(|_| rng.next() & 1 == 1)
        .map(|i| (i / cols + 1, i % cols + 1))
        .collect();
    let white = vec!["w".repeat(cols); rows];
    let refs: Vec<&str> = white.iter().map(String::as_str).collect();
    replay_rows(&refs, &presses)
        .iter()
        .map(|row| row.iter().map(|&b| if b { 'b' } else { 'w' }).collect())
        .collect()
}

/// Boards in the POJ layout, a blank line after each.
pub fn file_of(boards: &[Vec<String>]) -> String {
    boards.iter().map(|b| b.join("\n") + "\n\n").collect()
}

/// The Python that has NumPy, from `FLIPBLOX_PYTHON` (see `tests/tests.rs`).
#[track_caller]
fn python_with_numpy() -> String {
    match std::env::var("FLIPBLOX_PYTHON") {
        Ok(python) if !python.is_empty() => python,
        _ => panic!(
            "FLIPBLOX_PYTHON is not set while the tests run, but it was when they were built: set \
             it to a Python that has NumPy (.ci/run makes one in target/numpy-venv)"
        ),
    }
}

/// Runs `script` with the Python that has NumPy, in the directory `dir`, with `args` as
/// `sys.argv[1..]`, and returns its stdout; a failure panics with the interpreter, the exit
/// status and the script's stderr.
#[track_caller]
pub fn python_in(dir: &Path, script: &str, args: &[&Path]) -> String {
    let python = python_with_numpy();
    let out = Command::new(&python).arg("-c").arg(script).args(args).current_dir(dir).output();
    let out = match out {
        Ok(out) => out,
        Err(e) => panic!("cannot run {python} (FLIPBLOX_PYTHON): {e}"),
    };
    let command = format!("{python} -c SCRIPT");
    assert!(out.status.success(), "{}\nthe script:\n{script}", describe(&command, args, &out));
    String::from_utf8(out.stdout).expect("utf-8 stdout")
}

/// [`python_in`] in the current directory.
#[track_caller]
pub fn python(script: &str, args: &[&Path]) -> String {
    python_in(Path::new("."), script, args)
}

/// The Flip Game on a `rows x cols` board.
pub fn flip_game(rows: usize, cols: usize) -> Variant {
    Variant::flip_game(BoardSize::new(rows, cols).unwrap())
}

/// The distance table of the `rows x cols` Flip Game, built by the library.
pub fn flip_table(rows: usize, cols: usize) -> Vec<u8> {
    let table = DistanceTable::build(&flip_game(rows, cols), |_, _| {});
    table.expect("a table of at most 32 pieces").as_bytes().to_vec()
}

/// The `entries` as the distance table of the `rows x cols` Flip Game (not checked).
pub fn flip_entries(rows: usize, cols: usize, entries: &[u8]) -> DistanceTable<'_> {
    DistanceTable::from_bytes(&flip_game(rows, cols), entries).expect("2^(rows * cols) entries")
}
