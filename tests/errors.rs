//! The shape of every message, over every command (docs/ERRORS.md): `PATH:LINE:COLUMN: ...` for
//! a problem at a place in an input, `flipblox: PATH: ...` for a problem of a file as a whole,
//! `flipblox: ...` for the others, and clap's `error: ...` for usage errors (exit code 2).

use crate::common::{flipblox, stderr};

/// What a message must look like.
#[derive(Debug, Clone, Copy)]
enum Shape<'a> {
    /// `PATH:LINE:COLUMN: ` then the rest.
    At(&'a str),
    /// `flipblox: PATH: ` then the rest.
    File(&'a str),
    /// `flipblox: ` then anything but a path of a temporary file.
    Run,
    /// clap's `error: `.
    Usage,
}

/// Whether `line` has `shape`.
fn has_shape(line: &str, shape: Shape<'_>) -> bool {
    match shape {
        Shape::At(path) => {
            line.strip_prefix(path).and_then(|r| r.strip_prefix(':')).is_some_and(|rest| {
                let mut parts = rest.splitn(3, ':');
                let line_number = parts.next().is_some_and(|p| p.parse::<u64>().is_ok());
                let column = parts.next().is_some_and(|p| p.parse::<u64>().is_ok());
                line_number && column && parts.next().is_some_and(|r| r.starts_with(' '))
            })
        }
        Shape::File(path) => line.starts_with(&format!("flipblox: {path}: ")),
        Shape::Run => line.starts_with("flipblox: "),
        Shape::Usage => line.starts_with("error: "),
    }
}

/// Runs flipblox with `args` and `stdin`; checks the exit code and that the first stderr line
/// has `shape`, and that no line names a temporary file.
#[track_caller]
fn check(args: &[&str], stdin: &str, code: i32, shape: Shape<'_>) {
    let out = flipblox(args, stdin.as_bytes());
    let err = stderr(&out);
    let context = format!("flipblox {}\nexit {:?}\n{err}", args.join(" "), out.status.code());
    assert_eq!(out.status.code(), Some(code), "{context}");
    let first = err.lines().next().unwrap_or_else(|| panic!("no message: {context}"));
    assert!(has_shape(first, shape), "{shape:?} expected: {context}");
    assert!(!err.contains(".partial"), "a temporary file is named: {context}");
}

#[test]
fn every_command_reports_a_missing_input_as_a_problem_of_the_file() {
    let missing = "no-such-file.txt";
    for args in [
        &["flip", missing][..],
        &["flip", "--json", missing],
        &["bloxorz", missing],
        &["stats", "flip", "--table", missing],
        &["flip", "--table", missing, "data/flip/poj-sample.txt"],
        &["inspect", missing],
        &["verify", "flip", missing],
        &["export", "bloxorz", missing, "--level", "1", "--format", "csv"],
        &["convert", "--input-format", "pack", missing, "-o", "-"],
    ] {
        check(args, "", 1, Shape::File(missing));
    }
}

#[test]
fn problems_at_a_place_in_an_input_give_the_place() {
    let bad_board = "bwwb\nbbqb\nbwwb\nbwww\n";
    check(&["flip"], bad_board, 1, Shape::At("<stdin>"));
    let bad_level = "1 3\nXqO\n0 0\n";
    check(&["bloxorz"], bad_level, 1, Shape::At("<stdin>"));
    check(
        &["convert", "--input-format", "pack", "-", "-o", "-"],
        bad_level,
        1,
        Shape::At("<stdin>"),
    );
    check(
        &["export", "bloxorz", "-", "--level", "1", "--format", "csv"],
        bad_level,
        1,
        Shape::At("<stdin>"),
    );
    check(&["flip", "--board", "bwqb/bbwb/bwwb/bwww"], "", 1, Shape::At("--board"));
}

#[test]
fn problems_of_a_whole_file_name_it_after_the_program() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let garbage = dir.path().join("garbage.fbt");
    std::fs::write(&garbage, "garbage").expect("writing the garbage file");
    let garbage = garbage.to_str().expect("a UTF-8 path");
    check(&["inspect", garbage], "", 1, Shape::File(garbage));
    check(&["verify", "flip", garbage], "", 1, Shape::File(garbage));
    check(&["stats", "flip", "--table", garbage], "", 1, Shape::File(garbage));
    let pack = "data/bloxorz/poj-sample.txt";
    check(
        &["export", "bloxorz", pack, "--level", "9", "--format", "csv"],
        "",
        1,
        Shape::File(pack),
    );
    let nowhere = "/no-such-directory/out.csv";
    check(&["export", "flip", "--format", "csv", "-o", nowhere], "", 1, Shape::File(nowhere));
    check(&["table", "build", "--size", "2x2", "-o", nowhere], "", 1, Shape::File(nowhere));
}

#[test]
fn usage_errors_are_clap_s_with_exit_code_2() {
    check(&["flip", "--size", "0x4"], "", 2, Shape::Usage);
    check(&["bloxorz", "--jobs", "0"], "", 2, Shape::Usage);
    check(&["export", "bloxorz", "-"], "", 2, Shape::Usage);
}

#[test]
fn the_shapes_are_told_apart() {
    assert!(has_shape("a.txt:3:14: level 2: expected", Shape::At("a.txt")));
    assert!(!has_shape("a.txt: level 2 is out of range", Shape::At("a.txt")));
    assert!(!has_shape("flipblox: a.txt: cannot read", Shape::At("a.txt")));
    assert!(has_shape("flipblox: a.txt: cannot read", Shape::File("a.txt")));
    assert!(!has_shape("a.txt: cannot read", Shape::File("a.txt")));
    assert!(has_shape("flipblox: cannot allocate", Shape::Run));
    assert!(!has_shape("error: bad", Shape::Run));
}

#[cfg(feature = "render")]
#[test]
fn render_reports_a_missing_pack_and_a_level_out_of_range_as_problems_of_the_file() {
    let missing = "no-such-file.txt";
    check(&["render", "bloxorz", missing, "--level", "1", "-o", "-"], "", 1, Shape::File(missing));
    let pack = "data/bloxorz/poj-sample.txt";
    check(&["render", "field", pack, "--level", "9", "-o", "-"], "", 1, Shape::File(pack));
}

#[test]
fn with_json_an_unreadable_file_has_a_record_of_its_own() {
    for command in ["flip", "bloxorz"] {
        let out = flipblox(&[command, "--json", "no-such-file.txt"], b"");
        assert_eq!(out.status.code(), Some(1), "{command}: {}", stderr(&out));
        let record: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{command}: {e}"));
        assert_eq!(record["file"], "no-such-file.txt", "{command}");
        assert_eq!(record["index"], serde_json::Value::Null, "{command}");
        let error = record["error"].as_str().unwrap_or_else(|| panic!("{command}: {record}"));
        assert!(error.starts_with("cannot read: "), "{command}: {error}");
    }
}
