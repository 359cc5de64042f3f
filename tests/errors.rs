//! The shape of every message, over every command (docs/ERRORS.md): `PATH:LINE:COLUMN: ...` for
//! a problem at a place in an input, `flipblox: PATH: ...` for a problem of a file as a whole,
//! `flipblox: ...` for the others, and clap's `error: ...` for usage errors (exit code 2).

use crate::common::{flipblox, stderr, stdout};

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

/// Messages name the place and the size they mean (issue 26, item 7): a drawing too large for
/// `--max-memory` is "at least" its rows so far; a Flash stage too large is named at its
/// play-order entry whatever the limit; a Flash stage with switches refused by `export
/// bloxorz` and `render field` is `PATH:LINE:COLUMN: level N: ...`.
#[test]
fn messages_name_the_place_and_the_size_they_mean() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let drawing = dir.path().join("drawing.txt");
    let row = format!("S{}T\n", "o".repeat(1998));
    std::fs::write(&drawing, row + &format!("{}\n", "o".repeat(2000)).repeat(99)).unwrap();
    let name = drawing.to_str().unwrap();
    let out = flipblox(&["bloxorz", "--max-memory", "1MB", name], b"");
    let err = stderr(&out);
    let prefix = format!("{name}:1:1: level 1: a level of at least ");
    assert!(err.starts_with(&prefix), "{err}");
    let rows: u64 = err[prefix.len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(rows < 100, "{err}");
    assert!(
        err.contains(&format!("{rows} x 2000 cells (its rows so far) needs at least ")),
        "{err}"
    );
    assert!(err.ends_with(" bytes, more than the memory limit of 1000000 bytes (--max-memory)\n"));

    // A stage of 300 rows of 300 tiles among small ones: at the same place for two limits.
    let flash = dir.path().join("stages.js");
    let mut text = String::from("var a = [\"bbbe\", [0, 0]];\nvar big = [];\n");
    for _ in 0..300 {
        text += &format!("big.push(\"{}e\");\n", "b".repeat(299));
    }
    text += "big.push([0, 0]);\nvar levels = [\"\", a, big, a];\n";
    std::fs::write(&flash, &text).unwrap();
    let name = flash.to_str().unwrap();
    for limit in ["150KB", "200KB"] {
        let out = flipblox(&["bloxorz", "--max-memory", limit, name], b"");
        assert_eq!(stdout(&out), "2\nError\n2\n", "--max-memory {limit}");
        let bytes = limit.trim_end_matches("KB").to_owned() + "000";
        assert_eq!(
            stderr(&out),
            format!(
                "{name}:304:22: level 2: expected the level's values within the memory limit of \
                 {bytes} bytes, found they need more (--max-memory)\n"
            )
        );
    }

    // A stage with switches has no distance field: named where the stage begins.
    let switches = dir.path().join("switches.js");
    std::fs::write(
        &switches,
        "var a = [\"bbbe\", [0, 0]];\nvar b = [];\nb.push(\"bsbll e\", [0, 0], \
         {swatch10: [[3, 0, \"on\"], [4, 0, \"on\"]]});\nvar levels = [\"\", a, b];\n",
    )
    .unwrap();
    let name = switches.to_str().unwrap();
    let picture = dir.path().join("field.svg");
    let commands = [
        vec!["export", "bloxorz", name, "--level", "2", "--format", "csv"],
        #[cfg(feature = "render")]
        vec!["render", "field", name, "--level", "2", "-o", picture.to_str().unwrap()],
    ];
    for args in commands {
        let out = flipblox(&args, b"");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(
            stderr(&out),
            format!(
                "{name}:2:5: level 2: the level has switches or split switches (the first at row \
                 1, column 2); distance fields describe POJ 3322 levels (without them) only\n"
            ),
            "{args:?}"
        );
    }
}
