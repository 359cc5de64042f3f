//! `flipblox bloxorz` end to end: expected answers, path replay, JSON, bad input, exit codes.

use std::path::{Path, PathBuf};

use crate::common::bloxorz::{Grid, read_pack, reference_distance, replay};
use crate::common::{
    POJ_PACKS, flipblox, flipblox_ok, project, read_bytes, read_dir_sorted, read_text,
    read_then_close_stdout, stderr, stdout,
};

/// Every `X.txt` with an `X.expected` beside it in `dir`, with the expected answers.
fn expected_files(dir: &Path) -> Vec<(PathBuf, String)> {
    read_dir_sorted(dir)
        .into_iter()
        .filter(|p| {
            p.extension().is_some_and(|e| e == "txt") && p.with_extension("expected").exists()
        })
        .map(|p| {
            let expected = read_text(p.with_extension("expected"));
            (p, expected)
        })
        .collect()
}

/// The POJ 3322 packs with expected answers, with the answers.
fn poj_packs() -> Vec<(PathBuf, String)> {
    POJ_PACKS
        .iter()
        .map(|p| (project(p), read_text(project(p).with_extension("expected"))))
        .collect()
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn the_poj_packs_match_their_expected_answers_with_one_and_two_jobs() {
    for (path, expected) in &poj_packs() {
        for jobs in ["1", "2"] {
            let out = flipblox(&["bloxorz", "--jobs", jobs, arg(path)], b"");
            assert!(out.status.success(), "{}: {}", path.display(), stderr(&out));
            assert_eq!(stdout(&out), *expected, "{} with --jobs {jobs}", path.display());
            assert!(out.stderr.is_empty());
        }
    }
}

#[test]
fn the_shipped_packs_match_their_expected_answers() {
    let files = expected_files(&project("data/bloxorz"));
    let names: Vec<_> = files.iter().map(|(p, _)| p.file_name().unwrap().to_owned()).collect();
    for name in ["poj-sample.txt", "mixed-small.txt", "start-standing-neighbour.txt"] {
        assert!(names.iter().any(|n| n == name), "data/bloxorz/{name} is missing");
    }
    for (path, expected) in &files {
        let out = flipblox(&["bloxorz", arg(path)], b"");
        assert!(out.status.success(), "{}: {}", path.display(), stderr(&out));
        assert_eq!(stdout(&out), *expected, "{}", path.display());
    }
}

#[test]
fn the_poj_sample_answers_10_from_a_file_and_from_stdin() {
    let sample = project("data/bloxorz/poj-sample.txt");
    assert_eq!(stdout(&flipblox(&["bloxorz", arg(&sample)], b"")), "10\n");
    let text = read_bytes(&sample);
    assert_eq!(stdout(&flipblox(&["bloxorz"], &text)), "10\n");
    assert_eq!(stdout(&flipblox(&["bloxorz", "-"], &text)), "10\n");
    let crlf = String::from_utf8(text).unwrap().replace('\n', "  \r\n");
    assert_eq!(stdout(&flipblox(&["bloxorz", "-"], crlf.as_bytes())), "10\n");
}

/// Runs `--path` over a pack file and replays every answer with the test's own replayer.
fn replay_every_path(path: &Path) -> usize {
    let grids = read_pack(&read_text(path));
    let expected = read_text(path.with_extension("expected"));
    let out = flipblox_ok(&["bloxorz", "--path", arg(path)], b"");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), grids.len());
    let mut replayed = 0;
    for ((grid, line), want) in grids.iter().zip(&lines).zip(expected.lines()) {
        if want == "Impossible" {
            assert_eq!(*line, "Impossible");
            continue;
        }
        let n = replay(grid, line).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(n.to_string(), want, "{}", path.display());
        replayed += 1;
    }
    replayed
}

#[test]
fn every_printed_path_replays_to_the_target_in_exactly_n_moves() {
    let mut replayed = 0;
    for path in POJ_PACKS.map(project) {
        replayed += replay_every_path(&path);
    }
    // mixed-small alone has about a thousand solvable levels; large-500 has a 41,631-move path.
    assert!(replayed > 900, "replayed {replayed} paths");
}

#[test]
fn the_standing_start_trap_answers_8_with_a_replayable_path() {
    let trap = project("data/bloxorz/start-standing-neighbour.txt");
    let out = flipblox(&["bloxorz", "--path", arg(&trap)], b"");
    let line = stdout(&out);
    let grid = &read_pack(&read_text(&trap))[0];
    assert_eq!(replay(grid, line.trim_end()), Ok(8));
}

#[test]
fn json_lines_carry_every_field_and_the_path_replays() {
    let sample = project("data/bloxorz/poj-sample.txt");
    let grid = &read_pack(&read_text(&sample))[0];
    let bad = b"1 3\nX.O\n1 2\nXq\n";
    let out = flipblox(&["bloxorz", "--json", "--path", arg(&sample), "-"], bad);
    assert_eq!(out.status.code(), Some(1));
    let values: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(values.len(), 3);
    let first = &values[0];
    assert_eq!(first["file"], arg(&sample));
    assert_eq!((first["index"].as_u64(), first["rows"].as_u64()), (Some(1), Some(7)));
    assert_eq!((first["cols"].as_u64(), first["distance"].as_u64()), (Some(7), Some(10)));
    let path = first["path"].as_str().unwrap();
    assert_eq!(replay(grid, &format!("10 {path}")), Ok(10));
    assert!(first["states_explored"].as_u64().unwrap() > 10);
    assert!(first.get("microseconds").is_none(), "timings only with --timings");
    assert!(first["error"].is_null());
    let impossible = &values[1];
    assert_eq!(impossible["file"], "<stdin>");
    assert!(impossible["distance"].is_null() && impossible["path"].is_null());
    let broken = &values[2];
    assert_eq!(broken["index"].as_u64(), Some(2));
    assert!(broken["rows"].is_null() && broken["distance"].is_null());
    assert_eq!(
        broken["error"],
        "4:2: level 2: expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found 'q'"
    );
    // Without --path the path is null.
    let out = flipblox(&["bloxorz", "--json", arg(&sample)], b"");
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim_end()).unwrap();
    assert!(value["path"].is_null());
    assert_eq!(value["distance"].as_u64(), Some(10));
    // --timings adds the search's time.
    let out = flipblox(&["bloxorz", "--json", "--timings", arg(&sample)], b"");
    let value: serde_json::Value = serde_json::from_str(stdout(&out).trim_end()).unwrap();
    assert!(value["microseconds"].is_u64(), "{value}");
}

#[test]
fn bad_levels_print_error_with_path_line_column_and_the_rest_is_answered() {
    let pack = "3 3\nX.O\n.q.\n...\n\
                2 2\nXO\n\n\
                1 3\nX.O\n\
                4 4\n....\n\
                0 5\n\
                1 3\nXXO\n\
                stray line\n\
                1 2\nX.\n\
                3 3\nX..\n.X.\n..O\n\
                20000 20000\n\
                1 3\nXOO\n\
                1 3\nOXX\n\
                0 0\n\
                this is not read\n";
    let out = flipblox(&["bloxorz"], pack.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "Error\nError\nImpossible\nError\nError\n1\nError\nError\nError\nError\nError\n1\n"
    );
    let messages: Vec<String> = stderr(&out).lines().map(String::from).collect();
    assert_eq!(
        messages,
        [
            "<stdin>:3:2: level 1: expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found 'q'",
            "<stdin>:7:1: level 2: expected 2 rows, found a blank line after 1",
            "<stdin>:12:1: level 4: expected 4 rows, found the next `R C` header after 1",
            "<stdin>:12:1: level 5: expected at least 1 row and 1 column (or `0 0` to end the pack), found 0 5",
            "<stdin>:15:1: level 7: expected the number of rows in the `R C` header, found 's'",
            "<stdin>:16:1: level 8: expected one target 'O', found none",
            "<stdin>:20:2: level 9: expected the two 'X' to be orthogonal neighbours, found them apart",
            "<stdin>:22:1: level 10: a level of 20000 x 20000 cells needs 6402560256 bytes, more than the memory limit of 2147483648 bytes (--max-memory)",
            "<stdin>:24:3: level 11: expected one target 'O', found a second",
            "<stdin>:28:1: warning: not read: the pack ends at the `0 0` line before this (POJ 3322); remove that line to read what follows",
        ]
    );
}

#[test]
fn files_are_answered_in_order_and_an_unreadable_file_does_not_stop_the_rest() {
    let sample = project("data/bloxorz/poj-sample.txt");
    let trap = project("data/bloxorz/start-standing-neighbour.txt");
    let missing = project("data/bloxorz/no-such-file.txt");
    let out = flipblox(
        &["bloxorz", arg(&sample), arg(&missing), "-", arg(&trap), "--jobs", "2"],
        b"1 3\nXXO\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "10\n1\n8\n");
    assert!(stderr(&out).contains("no-such-file.txt: cannot read:"), "{}", stderr(&out));
}

#[test]
fn empty_input_prints_nothing_and_succeeds() {
    for input in [&b""[..], b"\n\n", b"0 0\n", b"0 0\n\n; nothing more\n"] {
        let out = flipblox(&["bloxorz"], input);
        assert_eq!(out.status.code(), Some(0), "{input:?}");
        assert!(out.stdout.is_empty() && out.stderr.is_empty(), "{input:?}");
    }
    // Something after the terminator is not read; a warning says so, the exit code stays 0.
    let out = flipblox(&["bloxorz"], b"0 0\n3 3\ngarbage\n");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).starts_with("<stdin>:2:1: warning: not read:"), "{}", stderr(&out));
}

#[test]
fn usage_errors_exit_with_2() {
    for args in [
        &["bloxorz", "--jobs", "0"][..],
        &["bloxorz", "--jobs", "many"],
        &["bloxorz", "--max-memory", "lots"],
        &["bloxorz", "--no-such-flag"],
    ] {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn max_memory_refuses_large_levels_and_keeps_answering() {
    let sample = read_text(project("data/bloxorz/poj-sample.txt"));
    let pack = format!("{}{}", sample.replace("0 0\n", ""), "1 3\nXXO\n");
    // The 7x7 sample needs 16 * 11 * 11 = 1936 bytes; the 1x3 level 16 * 5 * 7 = 560.
    let out = flipblox(&["bloxorz", "--max-memory", "1000"], pack.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "Error\n1\n");
    assert!(stderr(&out).contains("level 1: a level of 7 x 7 cells needs 1936 bytes"));
    let out = flipblox(&["bloxorz", "--max-memory", "1936"], pack.as_bytes());
    assert_eq!(stdout(&out), "10\n1\n");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let pack = project("data/bloxorz/mixed-small.txt");
    let (_, code, err) = read_then_close_stdout(&["bloxorz", "--path", arg(&pack)], 4);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn generated_packs_replay_and_match_the_reference() {
    // The generator's kinds (tests/data/README.md), small sizes: each answer replays and matches
    // the reference.
    for kind in ["open", "maze", "snake", "field", "mixed"] {
        let text =
            read_text(project(&format!("tests/data/bloxorz/generated/{kind}-40-14x17-seed7.txt")));
        let grids: Vec<Grid> = read_pack(&text);
        assert_eq!(grids.len(), 40, "{kind}");
        let out = flipblox_ok(&["bloxorz", "--path"], text.as_bytes());
        assert_eq!(stdout(&out).lines().count(), 40, "{kind}");
        for (grid, line) in grids.iter().zip(stdout(&out).lines()) {
            let want = reference_distance(grid);
            match want {
                Some(n) => assert_eq!(replay(grid, line), Ok(n), "{kind}\n{}", grid.to_text()),
                None => assert_eq!(line, "Impossible"),
            }
        }
    }
}

#[test]
fn a_pack_with_errors_in_many_places_prints_the_same_with_one_and_two_jobs() {
    // Files, not standard input: two jobs read the levels of a file on their workers.
    let pack = read_bytes(project("tests/data/bloxorz/errors-many.txt"));
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bloxorz-errors-many");
    std::fs::create_dir_all(&dir).unwrap();
    for (i, variant) in crate::bloxorz_fuzz::variants(&pack).iter().enumerate() {
        let path = dir.join(format!("variant-{i}.txt"));
        std::fs::write(&path, variant).unwrap();
        for flags in [&[][..], &["--json"], &["--path"], &["--json", "--path"]] {
            let run = |jobs| {
                let mut args = vec!["bloxorz", "--jobs", jobs, arg(&path)];
                args.extend_from_slice(flags);
                flipblox(&args, b"")
            };
            let (one, two) = (run("1"), run("2"));
            assert!(!one.stderr.is_empty() && !one.stdout.is_empty());
            assert_eq!(one.status.code(), two.status.code(), "variant {i} {flags:?}");
            assert_eq!(stdout(&one), stdout(&two), "variant {i} {flags:?}");
            assert_eq!(stderr(&one), stderr(&two), "variant {i} {flags:?}");
        }
    }
}

/// At a terminal, `flipblox bloxorz` with no FILE waits for the user: no progress bar is drawn
/// while nothing has been typed (it used to draw `0 B/0 B` after a second), and one Ctrl-D
/// ends the empty input, as in `flip` (it used to take two: the stream was read again after
/// its end). Standard input and error are a pseudo-terminal.
#[cfg(unix)]
#[test]
fn bloxorz_at_a_terminal_draws_no_bar_while_waiting_and_ends_at_one_ctrl_d() {
    use std::io::{Read, Write};
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    use crate::common::process::{Supervised, TIME_LIMIT, command, openpty};

    let (mut master, slave) = openpty();
    let mut run = command(&["bloxorz"]);
    run.stdin(Stdio::from(slave.try_clone().unwrap())).stderr(Stdio::from(slave));
    // The command, and with it the test's copies of the slave side, goes with the spawn: reading
    // the master ends once the child has ended.
    let child = Supervised::spawn(run, TIME_LIMIT);
    let mut shown = master.try_clone().unwrap();
    let terminal = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        // Ends with EIO once no process holds the slave side.
        let _ = shown.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    });
    // A bar shows once a run has lasted a second: the user types nothing for longer than that.
    std::thread::sleep(Duration::from_millis(1500));
    master.write_all(&[4]).unwrap(); // Ctrl-D
    let waited = Instant::now();
    while child.is_running() && waited.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let ended_at_once = !child.is_running();
    if !ended_at_once {
        master.write_all(&[4]).unwrap(); // a second Ctrl-D, so that the child ends
    }
    let ended = child.wait();
    let shown = terminal.join().unwrap();
    let start: String = shown.chars().take(300).collect();
    assert!(ended_at_once, "one Ctrl-D did not end the input; the terminal showed {start:?}");
    assert_eq!(ended.status.code(), Some(0), "{}", ended.describe());
    assert_eq!(ended.stdout, b"");
    assert!(!shown.contains(" B"), "a progress bar was drawn while waiting: {shown:?}");
    assert_eq!(shown.trim_matches(|c: char| c.is_whitespace() || c == '^' || c == 'D'), "");
}

/// One vocabulary across commands: `bloxorz -o FILE` writes the answers as `flip -o` does (the
/// file whole, nothing on standard output; an existing file left as it was when the output
/// cannot be made), `-v` is `--verbose`, and `bloxorz -h` sums up each option in one line
/// under headings, as `flip -h` does.
#[test]
fn bloxorz_speaks_the_vocabulary_of_flip() {
    let dir = tempfile::tempdir().unwrap();
    let pack = project("data/bloxorz/poj-sample.txt");
    let expected = read_text(project("data/bloxorz/poj-sample.expected"));
    let out = dir.path().join("answers.txt");
    let run = flipblox_ok(&["bloxorz", "-o", out.to_str().unwrap(), pack.to_str().unwrap()], b"");
    assert_eq!(stdout(&run), "");
    assert_eq!(read_text(&out), expected);
    let bad = dir.path().join("no-such-dir/answers.txt");
    let refused = flipblox(&["bloxorz", "-o", bad.to_str().unwrap(), pack.to_str().unwrap()], b"");
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("answers.txt"), "{}", stderr(&refused));
    assert!(!bad.exists());

    let drawing = b"SoT\n";
    let short = flipblox_ok(&["bloxorz", "-v"], drawing);
    let long = flipblox_ok(&["bloxorz", "--verbose"], drawing);
    assert!(stderr(&short).contains("read as an S/T/o/- drawing"), "{}", stderr(&short));
    assert_eq!(stderr(&short), stderr(&long));

    let help = stdout(&flipblox_ok(&["bloxorz", "-h"], b""));
    for heading in ["Input:", "Output:", "Resources:"] {
        assert!(help.lines().any(|l| l == heading), "{heading} in\n{help}");
    }
    let full = stdout(&flipblox_ok(&["bloxorz", "--help"], b""));
    assert!(help.lines().count() * 2 < full.lines().count(), "-h is short:\n{help}");
    assert!(help.contains("-o, --output <FILE>") && help.contains("-v, --verbose"), "{help}");
    let flip = stdout(&flipblox_ok(&["flip", "-h"], b""));
    assert!(flip.contains("[possible values: any, off, on, white, black]"), "{flip}");
}

#[test]
fn a_pack_of_a_few_switch_levels_prints_the_same_bytes_with_one_and_two_jobs() {
    // Levels with 16 bridge tiles: each weighs as a batch of its own (`runner.rs`), so two jobs
    // solve them on both workers; the output keeps input order, byte for byte.
    let toggles: Vec<String> = (3..19).map(|c| format!("toggle 1 {c}")).collect();
    let switch = format!("1 20\nXSBBBBBBBBBBBBBBBB.O\nswitch 1 2: {}\n", toggles.join(", "));
    let wide = format!(
        "2 20\nXX..................\nS.----------------.O\nswitch 2 1: {}\n",
        (3..19).map(|c| format!("toggle 2 {c}")).collect::<Vec<_>>().join(", ")
    );
    let pack = [switch.as_str(), "1 5\nX..O.\n", wide.as_str()].concat().repeat(4);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("switches.txt");
    std::fs::write(&path, pack).unwrap();
    let run = |jobs| {
        stdout(&flipblox_ok(&["bloxorz", "--path", "--json", "--jobs", jobs, arg(&path)], b""))
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 12, "{one}");
    assert_eq!(run("2"), one);
}
