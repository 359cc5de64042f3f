//! Regression tests, one per bug found, each named after what broke (ripgrep's
//! `tests/regression.rs` style). Each test fails on the code before its fix.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::{flipblox, project, shared, stderr, stdout};

/// Runs flipblox with `args`, reads the first `keep` bytes of stdout, closes the pipe and
/// returns (those bytes, exit code, stderr).
fn read_then_close_stdout(args: &[&str], keep: usize) -> (Vec<u8>, Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_flipblox"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn flipblox");
    let mut first = vec![0u8; keep];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (first, out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `flip --json FILE | head -1` (and `bloxorz --json`) exited with code 1 and
/// `flipblox: Broken pipe (os error 32)`: the broken pipe arrived wrapped in a
/// `serde_json::Error`, which hides its I/O error from the error chain.
#[test]
fn json_output_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let boards4 = dir.path().join("boards4.txt");
    std::fs::write(&boards4, "bwwb\nbbwb\nbwwb\nbwww\n\n".repeat(100_000)).unwrap();
    let boards5 = dir.path().join("boards5.txt");
    std::fs::write(&boards5, "bwbwb\nwbwbw\nbwbwb\nwbwbw\nbwbwb\n\n".repeat(50_000)).unwrap();
    let pack = shared().join("data/bloxorz/mixed-small.txt");
    let cases: [Vec<&str>; 4] = [
        vec!["flip", "--json", boards4.to_str().unwrap()],
        vec!["flip", "--size", "5x5", "--json", boards5.to_str().unwrap()],
        vec!["bloxorz", "--json", "--jobs", "1", pack.to_str().unwrap()],
        vec!["bloxorz", "--json", "--path", pack.to_str().unwrap()],
    ];
    for args in &cases {
        let (first, code, err) = read_then_close_stdout(args, 1);
        assert_eq!(first, b"{", "{args:?}");
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
    // The same inputs still answer in full when stdout stays open.
    let out =
        flipblox(&["flip", "--json", project("data/flip/poj-sample.txt").to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"distance\":4"));
}
