//! Regression tests, one per bug found, each named after what broke (ripgrep's
//! `tests/regression.rs` style). Each test fails on the code before its fix.

use crate::common::{
    finish, flipblox, project, read_bytes, read_dir_sorted, read_then_close_stdout, spawn, stderr,
    stdout, write_file,
};

/// `flip --json FILE | head -1` (and `bloxorz --json`) exited with code 1 and
/// `flipblox: Broken pipe (os error 32)`: the broken pipe arrived wrapped in a
/// `serde_json::Error`, which hides its I/O error from the error chain.
#[test]
fn json_output_into_a_closed_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let boards4 = dir.path().join("boards4.txt");
    write_file(&boards4, "bwwb\nbbwb\nbwwb\nbwww\n\n".repeat(100_000));
    let boards5 = dir.path().join("boards5.txt");
    write_file(&boards5, "bwbwb\nwbwbw\nbwbwb\nwbwbw\nbwbwb\n\n".repeat(50_000));
    let pack = project("data/bloxorz/mixed-small.txt");
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

/// Runs flipblox with `args` and its standard error closed from the start (as `2>&1 | head`
/// does once `head` has its line); returns (stdout, exit code).
fn run_with_stderr_closed(args: &[&str]) -> (String, Option<i32>) {
    let mut child = spawn(args);
    drop(child.stdin.take());
    drop(child.stderr.take());
    let out = finish(child, args);
    (stdout(&out), out.status.code())
}

/// A closed standard error (`flipblox flip BAD 2>&1 >/dev/null | head -1`) made the first
/// message that could not be written panic inside `eprintln!` (exit code 101, the rest of the
/// boards lost). Messages now go through `output::report`, which drops what cannot be written.
#[test]
fn a_closed_stderr_does_not_panic() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    // 20,000 boards with a 5-piece first row: 20,000 messages, far more than a pipe buffers.
    write_file(&bad, "bwwbw\nbbwb\nbwwb\nbwww\n\nbwwb\nbbwb\nbwwb\nbwww\n\n".repeat(10_000));
    let bad = bad.to_str().unwrap();
    for extra in [&[][..], &["--json"], &["--size", "4x4", "--method", "gf2"]] {
        let mut args = vec!["flip"];
        args.extend_from_slice(extra);
        args.extend([bad, "no-such-file.txt"]);
        let (out, code) = run_with_stderr_closed(&args);
        assert_eq!(code, Some(1), "{args:?}");
        // With --json the missing file has a record of its own.
        let records = 20_000 + usize::from(extra.contains(&"--json"));
        assert_eq!(out.lines().count(), records, "{args:?}: one line per board");
    }
    // The not-proven-minimal warning goes to standard error too.
    let (out, code) =
        run_with_stderr_closed(&["flip", "--method", "gf2", "--search-bits", "2", bad]);
    assert_eq!(code, Some(1));
    assert_eq!(out.lines().count(), 20_000);
    // inspect: one message per unreadable file, then the final error path of main.
    let files: Vec<String> = (0..5_000).map(|i| format!("no-such-file-{i}.fbt")).collect();
    let mut args = vec!["inspect"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(run_with_stderr_closed(&args).1, Some(1));
    let missing_table = ["flip", "--table", "no-such-table.fbt", "--board", "bwwbbbwbbwwbbwww"];
    assert_eq!(run_with_stderr_closed(&missing_table).1, Some(1));
}

/// The same for `bloxorz`: a closed standard error panicked at the first level message.
#[test]
fn a_closed_stderr_does_not_panic_in_bloxorz() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    // 20,000 levels, every other one with two targets.
    write_file(&bad, "1 3\nXOO\n1 4\nX.O.\n".repeat(10_000));
    let bad = bad.to_str().unwrap();
    for extra in [&["--jobs", "1"][..], &["--json", "--path"]] {
        let mut args = vec!["bloxorz"];
        args.extend_from_slice(extra);
        args.extend([bad, "no-such-file.txt"]);
        let (out, code) = run_with_stderr_closed(&args);
        assert_eq!(code, Some(1), "{args:?}");
        // With --json the missing file has a record of its own.
        let records = 20_000 + usize::from(extra.contains(&"--json"));
        assert_eq!(out.lines().count(), records, "{args:?}: one line per level");
    }
}

/// `inspect` on an int32 `(R, C, 3)` .npy with no 0 entry said `0 states at distance 0 (first
/// at entry None)`, and with two said `... (first at entry Some(0))`: Rust's debug text of an
/// `Option` in a user-facing message.
#[test]
fn a_field_without_one_standing_goal_is_explained_without_debug_text() {
    fn npy_i32(shape: (usize, usize), entries: &[i32]) -> Vec<u8> {
        let dict = format!(
            "{{'descr': '<i4', 'fortran_order': False, 'shape': ({}, {}, 3), }}",
            shape.0, shape.1
        );
        let mut header = dict.into_bytes();
        while (10 + header.len() + 1) % 64 != 0 {
            header.push(b' ');
        }
        header.push(b'\n');
        let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
        bytes.extend((header.len() as u16).to_le_bytes());
        bytes.extend(header);
        bytes.extend(entries.iter().flat_map(|e| e.to_le_bytes()));
        bytes
    }
    let dir = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    let none = [-1; 9];
    let mut two = none;
    two[0] = 0;
    two[3] = 0;
    for (name, entries, expected) in [
        ("none.npy", none, "no state at distance 0; a field has exactly one"),
        ("two.npy", two, "2 states at distance 0 (the first at entry 0); a field has exactly one"),
    ] {
        let path = dir.path().join(name);
        write_file(&path, npy_i32((1, 3), &entries));
        cases.push((path, expected));
    }
    for (path, expected) in &cases {
        let out = flipblox(&["inspect", path.to_str().unwrap()], b"");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(expected), "{err}");
        assert!(!err.contains("None") && !err.contains("Some("), "{err}");
    }
}

/// `export ... -o FILE` and `table build -o FILE` truncated FILE before the work: a failed
/// export lost the old file, and a process reading it through a memory map (`flip --table`)
/// could die with SIGBUS. Now the result goes to a temporary file renamed over FILE at the end.
#[test]
fn a_failed_export_leaves_the_old_output_file_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("field.npy");
    write_file(&target, b"the old file");
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "3 3\n.O.\n.Q.\n...\n0 0\n");
    let out = flipblox(
        &["export", "bloxorz", pack.to_str().unwrap(), "--level", "1", "--format", "npy", "-o"]
            .iter()
            .copied()
            .chain([target.to_str().unwrap()])
            .collect::<Vec<_>>(),
        b"",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(read_bytes(&target), b"the old file");
    let names = read_dir_sorted(dir.path());
    assert_eq!(names.len(), 2, "no temporary file is left behind: {names:?}");

    // A successful export replaces it whole, readable by others (0644 for a new file).
    let fresh = dir.path().join("t.npy");
    let out = flipblox(&["export", "flip", "--format", "npy", "-o", fresh.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read_bytes(&fresh).len(), 65_664);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777, 0o644);
    }
    let out = flipblox(&["export", "flip", "--format", "raw", "-o", target.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read_bytes(&target).len(), 65_536);
}

/// `-o DIR` must fail at once with the path named, before any work.
#[test]
fn an_output_path_that_is_a_directory_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let out =
        flipblox(&["table", "build", "--size", "3x3", "-o", dir.path().to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("it is a directory"), "{}", stderr(&out));
}

/// Usage errors found after parsing (`table build --size 6x5`, `flip --table F --method gf2`)
/// printed the top-level `Usage: flipblox <COMMAND>` instead of the subcommand's usage.
#[test]
fn late_usage_errors_show_the_subcommand_usage() {
    let out = flipblox(&["table", "build", "--size", "6x5", "-o", "unused.fbt"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Usage: flipblox table build"), "{}", stderr(&out));
    let out = flipblox(&["stats", "flip", "--size", "6x5"], b"");
    assert!(stderr(&out).contains("Usage: flipblox stats flip"), "{}", stderr(&out));
    let out = flipblox(&["flip", "--table", "unused.fbt", "--method", "gf2"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("Usage: flipblox flip"), "{}", stderr(&out));
}

/// `cat a.txt b.txt | flipblox bloxorz` silently dropped every level of `b.txt`: POJ 3322 ends
/// the input at `0 0`, and nothing said that the rest was not read. Now a warning names the
/// first line not read (the exit code stays 0: every level that was read was answered).
#[test]
fn content_after_the_terminator_is_reported_not_silently_dropped() {
    let out = flipblox(&["bloxorz"], b"1 3\nX.O\n0 0\n\n1 4\nX..O\n0 0\n");
    assert_eq!(stdout(&out), "Impossible\n");
    assert_eq!(
        stderr(&out),
        "<stdin>:5:1: warning: not read: the pack ends at the `0 0` line before this (POJ 3322); \
         remove that line to read what follows\n"
    );
    assert_eq!(out.status.code(), Some(0));
    // Blank lines and comments after the terminator are not content.
    let out = flipblox(&["bloxorz"], b"1 3\nX.O\n0 0\n\n; end of pack\n");
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

/// A header number past 2^64 was reported as 18446744073709551615 (the parser saturated it).
#[test]
fn a_header_number_past_2_pow_64_is_named_as_written() {
    let out = flipblox(&["bloxorz"], b"18446744073709551616 2\nXO\n1 3\nX.O\n");
    assert_eq!(stdout(&out), "Error\nImpossible\n");
    assert!(
        stderr(&out).contains(
            "expected a number of rows below 2^64 in the `R C` header, found 18446744073709551616"
        ),
        "{}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(1));
}

/// `--jobs 1024` started 1,024 threads (0.9 s before the first answer on a 2-core machine);
/// it is now capped at the available parallelism, and answers exactly as `--jobs 1` does.
#[test]
fn many_jobs_answer_as_one_job_does() {
    let pack = project("data/bloxorz/mixed-small.txt");
    let pack = pack.to_str().unwrap();
    let one = flipblox(&["bloxorz", "--path", "--jobs", "1", pack], b"");
    let many = flipblox(&["bloxorz", "--path", "--jobs", "1024", pack], b"");
    assert!(one.status.success(), "{}", stderr(&one));
    assert!(many.status.success(), "{}", stderr(&many));
    assert_eq!(stdout(&one), stdout(&many));
}

/// A switch naming every bridge tile of a long level took quadratic time to read: each action
/// was checked against all the actions before it for a repeated tile (1 s for 40,000 tiles in
/// a release build, over a minute for 400,000 from a 5 MB pack). The test pins the answer on
/// such a pack; how long it takes is measured by hand (closing note), not timed here.
#[test]
fn a_switch_naming_400_000_tiles_is_read_and_answered() {
    let dir = tempfile::tempdir().unwrap();
    // R lies on columns 2-3, pressing S, which lays every '-'; then the block rolls to 'O'.
    let n = 399_999;
    let actions: Vec<String> = (4..4 + n).map(|c| format!("on 1 {c}")).collect();
    let pack = format!("1 {}\nX.S{}O\nswitch 1 3: {}\n", n + 4, "-".repeat(n), actions.join(", "));
    let path = dir.path().join("long.txt");
    write_file(&path, pack);
    let run = flipblox(&["bloxorz", path.to_str().unwrap()], b"");
    // Standing on column 3k + 1 takes 2k moves.
    assert_eq!(stdout(&run), format!("{}\n", 2 * (n + 3) / 3), "{}", stderr(&run));
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
}

/// The Flash importer matched each stage against every broken statement, and each broken
/// statement against every stage: quadratic in the size of the file (8 s for 20,000 broken
/// levels in a 0.3 MB file, over a minute for 60,000). The test pins the messages for such a
/// file; how long it takes is measured by hand (closing note), not timed here.
#[test]
fn a_flash_file_with_60_000_broken_levels_gets_one_message_each() {
    let dir = tempfile::tempdir().unwrap();
    let n = 60_000;
    let mut file = String::new();
    for i in 0..n {
        file.push_str(&format!("level{i} = [;\nother{i} = [;\n"));
    }
    let names: Vec<String> = (0..n).map(|i| format!("level{i}")).collect();
    file.push_str(&format!("levels = [\"\", {}];\n", names.join(", ")));
    let path = dir.path().join("broken.txt");
    write_file(&path, file);
    let args = ["bloxorz", "--input-format", "flash", path.to_str().unwrap()];
    let run = flipblox(&args, b"");
    let (out, err, code) = (stdout(&run), stderr(&run), run.status.code());
    assert_eq!(out, "Error\n".repeat(n));
    // One message per stage, and one per broken statement about no stage.
    assert_eq!(err.lines().count(), 2 * n);
    assert!(err.contains(&format!("{}:1:11: level 1: expected ", path.display())), "{err}");
    assert_eq!(code, Some(1));
}

/// A passcode holding a line break (`"12\n3 4"`, an escape in the Flash file) was written raw
/// into `convert`'s `; stage N` comment, so the rest of the passcode became a stray line of the
/// converted pack: `flipblox bloxorz` then read one more level than the Flash file has. A quoted
/// table key with a line break broke the error message, and the comment of a stage that could
/// not be read, the same way.
#[test]
fn a_line_break_in_a_flash_string_stays_inside_the_converted_comment() {
    let dir = tempfile::tempdir().unwrap();
    let flash = "levelab = [];\nlevelab.push(\"bbbbbbbbbe\");\nlevelab.push([0,0]);\n\
                 levelac = [];\nlevelac.push(\"bsbblbbe\");\nlevelac.push([0,0]);\n\
                 levelac.push({\"swatch\\n3 3\": [[5,0,\"on\"]]});\n\
                 levels = [\"\", levelab, levelac];\nlevelcodes = [\"\", \"12\\n3 4\", \"5\"];\n";
    let path = dir.path().join("codes.txt");
    write_file(&path, flash);
    let path = path.to_str().unwrap();
    let direct = flipblox(&["bloxorz", "--input-format", "flash", path], b"");
    assert_eq!(stdout(&direct), "6\nError\n");
    assert_eq!(stderr(&direct).lines().count(), 1, "{}", stderr(&direct));
    assert!(stderr(&direct).contains("found `swatch\\n3 3`"), "{}", stderr(&direct));
    let converted = flipblox(&["convert", "--input-format", "flash", path], b"");
    let text = stdout(&converted);
    assert!(text.starts_with("; stage 1: levelab (passcode 12\\n3 4)\n1 10\n"), "{text}");
    let again = flipblox(&["bloxorz", "-"], text.as_bytes());
    assert_eq!(stdout(&again), "6\n", "{}", stderr(&again));
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
}

/// `inspect` separated its descriptions by counting files, not descriptions: a file that failed
/// first left a blank line at the top of stdout.
#[test]
fn inspect_output_starts_with_the_first_description_even_after_a_failed_file() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.fbt");
    let out =
        flipblox(&["export", "flip", "--format", "bincode", "-o", good.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let bad = dir.path().join("bad.fbt");
    write_file(&bad, &read_bytes(&good)[..100]);
    let (good, bad) = (good.to_str().unwrap(), bad.to_str().unwrap());
    let out = flipblox(&["inspect", bad, good, bad, good], b"");
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.starts_with(&format!("file: {good} (65728 bytes)\n")), "{text}");
    // The two descriptions, one blank line between them.
    assert_eq!(text.matches("\n\nfile: ").count(), 1, "{text}");
    assert_eq!(stderr(&out).lines().count(), 2, "{}", stderr(&out));
}

/// A one-column board's row errors read "expected 1 pieces".
#[test]
fn a_one_column_row_error_says_piece_not_pieces() {
    let out = flipblox(&["flip", "--size", "3x1", "-"], b"bw\nb\nw\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "Error\n");
    assert_eq!(
        stderr(&out),
        "<stdin>:1:2: board 1: expected 1 piece in the row, found 2 characters\n"
    );
}

/// A level's title (or `--title`) holding ESC, BEL, 0x01, FF or U+FFFE went raw into the SVG's
/// `<title>` and heading: no XML reader would open the picture, and `-o x.png` failed.
#[test]
fn control_characters_in_titles_keep_every_picture_well_formed() {
    let dir = tempfile::tempdir().unwrap();
    let title = "a\u{1b}]0;set\u{7} \u{1}\u{c}\u{fffe}\u{ffff} <&> z";
    let pack = dir.path().join("pack.txt");
    write_file(&pack, format!("; {title}\n2 4\nX.E#\n..EO\n0 0\n"));
    let pack = pack.to_str().unwrap();
    let xml = |path: &std::path::Path| {
        let text = String::from_utf8(read_bytes(path)).unwrap();
        let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
        if let Err(e) = roxmltree::Document::parse_with_options(&text, options) {
            panic!("{}: not well-formed XML: {e}", path.display());
        }
        assert!(!text.contains('\u{1b}') && !text.contains('\u{ffff}'), "{}", path.display());
    };
    let kinds: [&[&str]; 3] = [&[], &["--path"], &["--animate"]];
    for kind in kinds {
        for titled in [&["--title"][..], &["--title", title], &[]] {
            for ext in ["svg", "png"] {
                if ext == "png" && kind == ["--animate"] {
                    continue;
                }
                let out = dir.path().join(format!("x.{ext}"));
                let mut args = vec!["render", "bloxorz", pack, "--level", "1"];
                args.extend(kind.iter().chain(titled));
                args.extend(["-o", out.to_str().unwrap()]);
                let run = flipblox(&args, b"");
                assert_eq!(run.status.code(), Some(0), "{args:?}: {}", stderr(&run));
                if ext == "svg" {
                    xml(&out);
                } else {
                    assert_eq!(&read_bytes(&out)[1..4], b"PNG", "{args:?}");
                }
            }
        }
    }
    let out_dir = dir.path().join("pictures");
    let out = format!("{}/", out_dir.display());
    let run =
        flipblox(&["render", "bloxorz", pack, "--path", "--animate", "--title", "-o", &out], b"");
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let files = read_dir_sorted(&out_dir);
    assert!(files.len() >= 4, "{files:?}");
    for file in files {
        xml(&file);
    }
}

/// A PNG of a level with a 200,000-character title took 21 s of CPU and 242 MB: its whole
/// heading was laid out, though a picture as wide as the level shows a few hundred characters.
#[test]
fn a_long_title_is_drawn_cut_to_the_pictures_width() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, format!("; {}\n2 4\nX.E#\n..EO\n0 0\n", ";".repeat(200_000)));
    let svg = dir.path().join("x.svg");
    let png = dir.path().join("x.png");
    for out in [&svg, &png] {
        let args = ["render", "bloxorz", pack.to_str().unwrap(), "--level", "1", "--title"];
        let run = flipblox(&[&args[..], &["-o", out.to_str().unwrap()]].concat(), b"");
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    }
    let text = String::from_utf8(read_bytes(&svg)).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let width: f64 = doc.root_element().attribute("width").unwrap().parse().unwrap();
    let heading = doc
        .descendants()
        .find(|n| n.has_tag_name("text") && n.attribute("class") == Some("heading"))
        .unwrap();
    // Each character drawn at 15 units is at least a tenth of that wide.
    let drawn = heading.text().unwrap().chars().count();
    assert!(drawn as f64 <= width / 1.5 + 1.0, "{drawn} characters in {width} units");
    assert!(drawn > 100, "{drawn}");
    assert_eq!(&read_bytes(&png)[1..4], b"PNG");
}

/// A usage error echoed the value given raw: an escape sequence in a pasted game ID could set
/// the terminal's title, and a line break split the message (clap's `invalid value '...'` too).
#[test]
fn control_characters_in_usage_errors_are_escaped() {
    let value = "a\u{1b}]0;x\u{7}\nb";
    let cases: [&[&str]; 10] = [
        &["flip", "--tatham"],
        &["flip", "--toggle"],
        &["flip", "--size"],
        &["flip", "--alphabet"],
        &["flip", "--goal"],
        &["flip", "--hole"],
        &["flip", "--colours"],
        &["flip", "--max-setup"],
        &["flip", "--shard"],
        &["generate", "bloxorz", "--size"],
    ];
    for args in cases {
        let out = flipblox(&[args, &[value]].concat(), b"");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        let first = err.lines().next().unwrap();
        assert!(first.contains(r"a\u{1b}]0;x\u{7}\nb"), "{args:?}: {err}");
        assert!(
            !err.chars().any(|c| c.is_control() && c != '\n'),
            "{args:?}: a raw control character in {err:?}"
        );
    }
}

/// The press sets of a Tatham puzzle by brute force: every button can be pressed (a row of
/// zeros too, as the game accepts the click); returns (fewest presses, press sets of that
/// many, press sets reaching all lights off), or `None` when none does.
fn tatham_brute_force(n: usize, matrix: &[u8], grid: &[u8]) -> Option<(u32, u64, u64)> {
    let mut best: Option<(u32, u64)> = None;
    let mut all = 0;
    for set in 0u32..1 << n {
        let mut lights = grid.to_vec();
        for button in (0..n).filter(|b| set >> b & 1 == 1) {
            for (light, &bit) in lights.iter_mut().zip(&matrix[button * n..(button + 1) * n]) {
                *light ^= bit;
            }
        }
        if lights.iter().all(|&l| l == 0) {
            all += 1;
            let weight = set.count_ones();
            best = match best {
                Some((w, count)) if w == weight => Some((w, count + 1)),
                Some((w, count)) if w < weight => Some((w, count)),
                _ => Some((weight, 1)),
            };
        }
    }
    best.map(|(w, count)| (w, count, all))
}

/// A Tatham matrix row of zeros became a button that cannot be pressed, but the game accepts
/// the click: one more press set for every solution (counts as the brute force); a board of
/// holes only counted its one press set once per goal colour; `--tatham ID --goal any`
/// silently answered `white`.
#[test]
fn counts_on_degenerate_boards_follow_the_press_sets() {
    use crate::common::Rng;
    use crate::common::buttons::hex;
    let mut rng = Rng(38);
    let mut zero_rows = 0;
    for (w, h) in [(2usize, 1usize), (2, 2), (3, 2), (1, 3)] {
        let n = w * h;
        for _ in 0..12 {
            // About one button in three toggles nothing.
            let matrix: Vec<u8> = (0..n)
                .flat_map(|_| {
                    let idle = rng.below(3) == 0;
                    (0..n).map(|_| u8::from(!idle && rng.below(2) == 1)).collect::<Vec<_>>()
                })
                .collect();
            zero_rows += matrix.chunks(n).filter(|row| row.iter().all(|&b| b == 0)).count();
            let grid: Vec<u8> = (0..n).map(|_| rng.below(2) as u8).collect();
            let id = format!("{w}x{h}r:{},{}", hex(&matrix), hex(&grid));
            let out = flipblox(&["flip", "--json", "--tatham", &id], b"");
            assert_eq!(out.status.code(), Some(0), "{id}: {}", stderr(&out));
            let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
            match tatham_brute_force(n, &matrix, &grid) {
                Some((distance, optimal, all)) => {
                    assert_eq!(record["distance"], distance, "{id}: {record}");
                    assert_eq!(record["optimal_solutions"], optimal, "{id}: {record}");
                    assert_eq!(record["solutions"], all.to_string(), "{id}: {record}");
                }
                None => assert_eq!(record["distance"], serde_json::Value::Null, "{id}: {record}"),
            }
        }
    }
    assert!(zero_rows > 10, "{zero_rows}");
    // The one the issue names: a 2x1 puzzle whose right button toggles nothing.
    let out = flipblox(&["flip", "--json", "--tatham", "2x1:c,c"], b"");
    let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(record["solutions"], "2", "{record}");

    // A board of holes only: the empty press set, once, whatever the goal and colours.
    for colours in ["2", "3", "5"] {
        for goal in ["any", "white", "on"] {
            let args = ["flip", "--json", "--hole", ".", "--colours", colours, "--goal", goal];
            let out = flipblox(&[&args[..], &["--board", "../.."]].concat(), b"");
            let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
            assert_eq!(record["optimal_solutions"], 1, "{args:?}: {record}");
            assert_eq!(record["solutions"], "1", "{args:?}: {record}");
        }
    }

    // `--goal any` is honoured (both lights on is a uniform board), not answered as white;
    // without `--goal`, the game's goal, all lights off.
    let goal = |extra: &[&str]| {
        let out = flipblox(&[&["flip", "--json", "--tatham", "2x1:c,c"][..], extra].concat(), b"");
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        (record["goal"].clone(), record["distance"].clone(), record["colour"].clone())
    };
    assert_eq!(goal(&["--goal", "any"]), ("any".into(), 0.into(), "black".into()));
    assert_eq!(goal(&[]), ("white".into(), 1.into(), "white".into()));
    assert_eq!(stdout(&flipblox(&["flip", "--tatham", "2x1:c,c", "--goal", "black"], b"")), "0\n");
}

/// `generate bloxorz --size 1024x1024` (a size the generator does not take) ended with exit
/// code 1, as a failed run, instead of 2, a usage error; bzoj 4171's `K` was reported at the
/// start of its size line, expecting "no cells that cannot be pressed" rather than the `0`
/// flipblox reads.
#[test]
fn smaller_usage_and_reading_errors_say_what_is_expected() {
    for size in ["1024x1024", "1x1"] {
        let out = flipblox(&["generate", "bloxorz", "--size", size], b"");
        assert_eq!(out.status.code(), Some(2), "{size}: {}", stderr(&out));
        let want = format!("error: --size {size}: a level of ");
        assert!(stderr(&out).starts_with(&want), "{}", stderr(&out));
    }
    let out = flipblox(&["flip", "-"], b"2\n2 2 0\nWB\nBW\n2 2  3\nWB\nBW\n1 1\n2 1\n1 2\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "2\nError\n");
    assert_eq!(
        stderr(&out),
        "<stdin>:5:6: board 2: expected 0 as the size line's third number (bzoj 4171's count of \
         cells that cannot be pressed, which flipblox does not read), found 3: the board and the \
         3 lines after it are skipped\n"
    );
}

/// `flip --alphabet 01 --path --board 11111/11111/11011/10001/11011` printed `1 (4,3)`, which
/// turns every light on, and said nothing: the default goal `any` reaches either uniform board,
/// and a user of lights written 0 and 1 expects all off (`--goal off`: 14). Without `--goal`, in
/// an alphabet of the user's, a note on stderr says which goals are answered and how to ask for
/// all off; stdout is unchanged, and POJ 1753's runs (the default alphabet) print nothing more.
#[test]
fn a_zero_one_alphabet_without_goal_says_which_goal_is_answered() {
    let board = ["--board", "11111/11111/11011/10001/11011"];
    let out = flipblox(&[&["flip", "--alphabet", "01", "--path"][..], &board].concat(), b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "1 (4,3)\n");
    assert_eq!(
        stderr(&out),
        "flipblox: note: without --goal each board is answered towards whichever uniform board \
         takes fewer presses (all 0 or all 1); --goal off (or --goal 0) asks for all lights off, \
         --goal on (or --goal 1) for all on\n"
    );
    let off = flipblox(&[&["flip", "--alphabet", "01", "--goal", "off"][..], &board].concat(), b"");
    assert_eq!((stdout(&off).as_str(), stderr(&off).as_str()), ("14\n", ""));
    // Three colours in letters: every uniform board is named.
    let abc = flipblox(&["flip", "--colours", "3", "--alphabet", "abc", "--board", "ab/ca"], b"");
    assert!(stderr(&abc).contains("(all a, all b or all c); --goal off (or --goal a)"));
    // No note: the default alphabet (given or not), a goal given, JSON records (which name the
    // colour reached), a game ID (whose goal is all off).
    let sample = project("data/flip/poj-sample.txt");
    let sample = sample.to_str().unwrap();
    let expected = std::fs::read_to_string(project("data/flip/poj-sample.expected")).unwrap();
    for args in [
        vec!["flip", sample],
        vec!["flip", "--alphabet", "wb", sample],
        vec!["flip", "--colours", "3", "--alphabet", "012", "--board", "01/20"],
        vec!["flip", "--alphabet", "01", "--goal", "any", "--board", "10/01"],
        vec!["flip", "--alphabet", "01", "--json", "--board", "10/01"],
        vec!["flip", "--alphabet", "01", "--tatham", "2x2:edb7,f"],
    ] {
        let out = flipblox(&args, b"");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(stderr(&out), "", "{args:?}");
        if args.len() == 2 {
            assert_eq!(stdout(&out), expected, "POJ 1753's output is unchanged");
        }
    }
}

/// A board of lights written `0` and `1` under the default alphabet failed with `expected 'b'
/// or 'w', found '1'` and no word of `--alphabet 01`.
#[test]
fn a_zero_one_board_in_the_default_alphabet_names_alphabet_01() {
    let out = flipblox(&["flip", "--board", "1101/0000/1111/0000"], b"");
    assert_eq!((out.status.code(), stdout(&out).as_str()), (Some(1), "Error\n"));
    assert_eq!(
        stderr(&out),
        "--board:1:1: board 1: expected 'b' or 'w', found '1' (for lights written 0 and 1, give \
         --alphabet 01)\n"
    );
    let out = flipblox(&["flip"], b"bwwb\nbbwb\nbw0b\nbwww\n");
    assert!(
        stderr(&out).contains("<stdin>:3:3: board 1: expected 'b' or 'w', found '0' (for lights")
    );
    // Other characters get no such hint.
    let out = flipblox(&["flip", "--board", "bwwb/bbwb/bwxb/bwww"], b"");
    assert!(!stderr(&out).contains("--alphabet"), "{}", stderr(&out));
}

/// `flip --torus` got clap's tip by spelling, `--colors`: the option is `--wrap`.
#[test]
fn torus_suggests_wrap() {
    for (args, usage) in [
        (&["flip", "--torus", "--board", "bw/wb"][..], "Usage: flipblox flip [OPTIONS]"),
        (&["stats", "flip", "--torus"], "Usage: flipblox stats flip [OPTIONS]"),
        (&["render", "flip", "--toroidal", "-o", "-"], "Usage: flipblox render flip [OPTIONS]"),
        (&["flip", "--torus=yes"], "Usage: flipblox flip [OPTIONS]"),
    ] {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(err.contains("tip: a similar argument exists: '--wrap'"), "{args:?}: {err}");
        assert!(!err.contains("--colors"), "{args:?}: {err}");
        assert!(err.contains(usage), "{args:?}: {err}");
    }
    // A subcommand without --wrap gets no such tip.
    let out = flipblox(&["bloxorz", "--torus"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).contains("--wrap"), "{}", stderr(&out));
}

/// A POJ 1222 file (a count line, then 5x6 boards with no blank line between them) read
/// without `--size` is one 10x6 board, and the count warning named neither the size read nor
/// `--size 5x6`.
#[test]
fn a_count_line_that_does_not_match_names_the_size_read_and_the_size_to_give() {
    let sample = project("tests/data/flip/poj-1222-sample.txt");
    let sample = sample.to_str().unwrap();
    let out = flipblox(&["flip", "--alphabet", "01", "--goal", "off", sample], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stderr(&out),
        format!(
            "{sample}:1:1: warning: the count line says 2 boards, found 1 (a 10x6 board, the \
             size read from the input; for 2 boards of 5x6 give --size 5x6)\n"
        )
    );
    // As told: both boards, no warning.
    let out =
        flipblox(&["flip", "--alphabet", "01", "--goal", "off", "--size", "5x6", sample], b"");
    assert_eq!((stdout(&out).as_str(), stderr(&out).as_str()), ("13\n15\n", ""));
    // Boards of a size that no size of those rows makes the count: the size read, and --size.
    let out = flipblox(&["flip", "--alphabet", "01", "--goal", "off"], b"3\n10\n01\n");
    assert!(
        stderr(&out).contains(
            "found 1 (a 2x2 board, the size read from the input; --size RxC gives the size)"
        ),
        "{}",
        stderr(&out)
    );
}
