//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod bloxorz;
pub mod checks;
pub mod extended;
pub mod original;
pub mod rng;

pub use rng::Rng;

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The read-only `../shared` directory beside the project (data packs with expected answers).
pub fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared")
}

/// A path under the project root.
pub fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Runs the `flipblox` binary with `args`, feeding `stdin`.
pub fn flipblox(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_flipblox"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn flipblox");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for flipblox");
    writer.join().unwrap();
    out
}

/// Stdout of an output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("utf-8 stdout")
}

/// Stderr of an output as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("utf-8 stderr")
}

/// Parses a `flipblox flip --moves` line, `N (r,c)(r,c)...`, into `N` and the 1-based presses.
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

/// Replays 1-based presses on a board given as rows of `b`/`w`, with a press written here
/// independently of the library (the piece and its orthogonal neighbours flip); returns the
/// final board, `true` = black.
pub fn replay_rows(rows: &[&str], presses: &[(usize, usize)]) -> Vec<Vec<bool>> {
    let mut cells: Vec<Vec<bool>> =
        rows.iter().map(|r| r.bytes().map(|b| b == b'b').collect()).collect();
    let (h, w) = (cells.len() as i64, cells[0].len() as i64);
    for &(r, c) in presses {
        assert!(
            r >= 1 && c >= 1 && r as i64 <= h && c as i64 <= w,
            "press ({r},{c}) off the board"
        );
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (rr, cc) = (r as i64 - 1 + dr, c as i64 - 1 + dc);
            if (0..h).contains(&rr) && (0..w).contains(&cc) {
                cells[rr as usize][cc as usize] ^= true;
            }
        }
    }
    cells
}

/// True when every piece shows the same colour.
pub fn is_uniform(cells: &[Vec<bool>]) -> bool {
    let first = cells[0][0];
    cells.iter().all(|row| row.iter().all(|&b| b == first))
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

/// Runs Python with NumPy; CI installs NumPy with pip (see `.ci/run`).
pub fn python(script: &str, args: &[&std::path::Path]) -> String {
    let out = std::process::Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 must be installed to check .npy files with NumPy");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python3 failed (NumPy is needed: `python3 -m pip install numpy`):\n{err}"
    );
    String::from_utf8(out.stdout).unwrap()
}
