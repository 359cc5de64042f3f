//! `flipblox flip` and `flipblox stats flip` end to end: answers, move replay, bad input.

use crate::common::{
    flipblox, flipblox_ok, parse_moves_line, project, read_dir_sorted, read_text,
    read_then_close_stdout, stderr, stdout, write_file,
};

#[test]
fn the_shipped_flip_files_match_their_expected_answers() {
    let mut checked = 0;
    for path in read_dir_sorted(project("data/flip")) {
        if path.extension().is_some_and(|e| e == "txt") && path.with_extension("expected").exists()
        {
            let expected = read_text(path.with_extension("expected"));
            let out = flipblox(&["flip", path.to_str().unwrap()], b"");
            assert!(out.status.success(), "{}: {}", path.display(), stderr(&out));
            assert_eq!(stdout(&out), expected, "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 2, "expected the POJ sample and boards-1000, checked {checked}");
}

#[test]
fn the_poj_sample_answers_4_from_a_file_stdin_and_inline() {
    let sample = project("data/flip/poj-sample.txt");
    let out = flipblox(&["flip", sample.to_str().unwrap()], b"");
    assert_eq!(stdout(&out), "4\n");
    let out = flipblox(&["flip"], b"bwwb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(stdout(&out), "4\n");
    let out = flipblox(&["flip", "-"], b"bwwb\r\nbbwb  \r\nbwwb\r\nbwww");
    assert_eq!(stdout(&out), "4\n");
    let out =
        flipblox(&["flip", "--board", "bwwb/bbwb/bwwb/bwww", "--board", "bwwbbbwbbwwbbwww"], b"");
    assert_eq!(stdout(&out), "4\n4\n");
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Replays `(r,c)` presses (1-based) on a board written as 16 `b`/`w` characters, with a press
/// written here independently of the library.
fn replay(board: &str, presses: &[(usize, usize)]) -> Vec<bool> {
    let mut cells: Vec<bool> = board.bytes().map(|b| b == b'b').collect();
    for &(r, c) in presses {
        assert!((1..=4).contains(&r) && (1..=4).contains(&c), "press ({r},{c}) off the board");
        let (r, c) = (r as i32 - 1, c as i32 - 1);
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (rr, cc) = (r + dr, c + dc);
            if (0..4).contains(&rr) && (0..4).contains(&cc) {
                cells[(rr * 4 + cc) as usize] ^= true;
            }
        }
    }
    cells
}

#[test]
fn every_solvable_state_replays_its_printed_moves_to_a_uniform_board() {
    let table = flipblox::lights_out::DistanceTable::embedded();
    let wb = flipblox::lights_out::Alphabet::default_for(2);
    let boards: Vec<String> = (0..=u16::MAX)
        .map(|s| flipblox::lights_out::Board::from_state(4, 4, 2, u64::from(s)))
        .filter(|b| table.distance(b).is_some())
        .map(|b| b.to_text(&wb).replace('/', ""))
        .collect();
    assert_eq!(boards.len(), 4096);
    let input: String = boards
        .iter()
        .map(|b| {
            b.as_bytes()
                .chunks(4)
                .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
                .collect::<String>()
        })
        .collect();
    let out = flipblox_ok(&["flip", "--path"], input.as_bytes());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4096);
    let mut by_distance = [0usize; 7];
    for (board, line) in boards.iter().zip(&lines) {
        let (n, presses) = parse_moves_line(line);
        assert_eq!(presses.len(), n, "{board}: {line}");
        let end = replay(board, &presses);
        assert!(end.iter().all(|&b| b) || end.iter().all(|&b| !b), "{board}: {line} not uniform");
        by_distance[n] += 1;
    }
    assert_eq!(by_distance, [2, 32, 228, 880, 1562, 1136, 256]);
}

#[test]
fn moves_are_printed_one_based_and_zero_has_no_moves() {
    let out = flipblox(
        &["flip", "--path", "--board", "wwww/wwww/wwww/wwww", "--board", "bbww/bwww/wwww/wwww"],
        b"",
    );
    assert_eq!(stdout(&out), "0\n1 (1,1)\n");
}

#[test]
fn json_lines_carry_index_board_distance_and_moves() {
    let input = b"bwwb\nbbwb\nbwwb\nbwww\n\nbwww\nwwww\nwwww\nwwww\n\nbwxw\nwwww\nwwww\nwwww\n";
    let out = flipblox(&["flip", "--json"], input);
    assert_eq!(out.status.code(), Some(1));
    let rows: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["index"], 1);
    assert_eq!(rows[0]["board"], "bwwb/bbwb/bwwb/bwww");
    assert_eq!(rows[0]["distance"], 4);
    assert_eq!(rows[0]["path"].as_array().unwrap().len(), 4);
    assert_eq!(rows[1]["distance"], serde_json::Value::Null);
    assert_eq!(rows[1]["path"], serde_json::Value::Null);
    assert_eq!(rows[2]["index"], 3);
    assert!(rows[2]["error"].as_str().unwrap().contains("found 'x'"));
}

#[test]
fn stats_flip_prints_the_brute_force_histogram() {
    let out = flipblox_ok(&["stats", "flip"], b"");
    let expected = read_text(project("tests/data/flip/distance-histogram.txt"));
    let strip = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(String::from)
            .collect()
    };
    assert_eq!(strip(&stdout(&out)), strip(&expected));
}

/// Runs `flip` on `input` named as stdin and returns (stdout, stderr, exit code).
fn run_stdin(input: &str) -> (String, String, Option<i32>) {
    let out = flipblox(&["flip"], input.as_bytes());
    (stdout(&out), stderr(&out), out.status.code())
}

const GOOD: &str = "bwwb\nbbwb\nbwwb\nbwww\n";

#[test]
fn a_bad_character_is_reported_and_the_other_boards_answered() {
    let (out, err, code) = run_stdin(&format!("{GOOD}\nbwwb\nbbwb\nbwzb\nbwww\n\n{GOOD}"));
    assert_eq!(out, "4\nError\n4\n");
    assert_eq!(err, "<stdin>:8:3: board 2: expected 'b' or 'w', found 'z'\n");
    assert_eq!(code, Some(1));
}

#[test]
fn short_and_long_rows_are_reported_with_their_columns() {
    let (out, err, code) =
        run_stdin(&format!("bwwb\nbbw\nbwwb\nbwww\n{GOOD}bwwb\nbbwb\nbwwbb\nbwww\n"));
    assert_eq!(out, "Error\n4\nError\n");
    assert_eq!(
        err,
        "<stdin>:2:4: board 1: expected 4 pieces in the row, found 3\n\
         <stdin>:11:5: board 3: expected 4 pieces in the row, found 5 characters\n"
    );
    assert_eq!(code, Some(1));
}

#[test]
fn a_board_cut_off_at_the_end_of_the_file_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.txt");
    write_file(&path, format!("{GOOD}bwwb\nbbwb\n"));
    // With the size given: without it, the block of 6 rows of 4 pieces is one 6x4 board.
    let out = flipblox(&["flip", "--size", "4x4", path.to_str().unwrap()], b"");
    assert_eq!(stdout(&out), "4\nError\n");
    assert_eq!(
        stderr(&out),
        format!(
            "{}:7:1: board 2: expected 4 rows, found the end of the input after 2\n",
            path.display()
        )
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn an_unreadable_file_does_not_stop_the_others() {
    let sample = project("data/flip/poj-sample.txt");
    let out = flipblox(&["flip", "/nonexistent/boards.txt", sample.to_str().unwrap()], b"");
    assert_eq!(stdout(&out), "4\n");
    assert!(stderr(&out).starts_with("flipblox: /nonexistent/boards.txt: cannot read:"));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn empty_input_prints_nothing_and_succeeds() {
    assert_eq!(run_stdin(""), (String::new(), String::new(), Some(0)));
    assert_eq!(run_stdin("\n\r\n  \n"), (String::new(), String::new(), Some(0)));
}

#[test]
fn usage_errors_exit_2() {
    let out = flipblox(&["flip", "--no-such-flag"], b"");
    assert_eq!(out.status.code(), Some(2));
    let out = flipblox(&["flip", "--board", "bwwb/bbwb/bwwb/bwww", "file.txt"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_bad_inline_board_is_an_error_line() {
    let out = flipblox(&["flip", "--board", "bwwb/bbwb/bwwb/bwwk"], b"");
    assert_eq!(stdout(&out), "Error\n");
    assert_eq!(stderr(&out), "--board:4:4: board 1: expected 'b' or 'w', found 'k'\n");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let boards = GOOD.repeat(200_000);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.txt");
    write_file(&path, boards);
    let (first, code, err) = read_then_close_stdout(&["flip", path.to_str().unwrap()], 2);
    assert_eq!(first, b"4\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn shards_of_a_file_merged_by_index_equal_the_single_run() {
    // boards-1000 plus two bad boards, so failures are split across the parts too.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("boards.txt");
    let text = read_text(project("data/flip/boards-1000.txt"));
    write_file(&path, format!("bwq\n\n{text}\nbbbb\nbbb\nbbbb\nbbbb\n"));
    let path = path.to_str().unwrap();
    let whole = flipblox(&["flip", path], b"");
    assert_eq!(whole.status.code(), Some(1));
    let whole: Vec<String> = stdout(&whole).lines().map(str::to_owned).collect();
    assert_eq!(whole.len(), 1002);
    let whole_json = stdout(&flipblox(&["flip", "--json", path], b""));
    for n in [1, 2, 3, 7] {
        let mut text: Vec<(usize, String)> = Vec::new();
        let mut json: Vec<(usize, String)> = Vec::new();
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            let out = flipblox(&["flip", "--shard", &shard, path], b"");
            // A part fails exactly when it holds a bad board (numbers 1 and 1002).
            let bad = [1usize, 1002].iter().any(|&i| (i - 1) % n == k - 1);
            assert_eq!(out.status.code(), Some(i32::from(bad)), "part {shard}");
            for line in stdout(&out).lines() {
                let (index, answer) = line.split_once('\t').expect("INDEX<tab>ANSWER");
                let index: usize = index.parse().unwrap();
                assert_eq!((index - 1) % n, k - 1, "part {shard} answers its own boards");
                text.push((index, answer.to_owned()));
            }
            let out = flipblox(&["flip", "--json", "--shard", &shard, path], b"");
            for line in stdout(&out).lines() {
                let v: serde_json::Value = serde_json::from_str(line).unwrap();
                json.push((v["index"].as_u64().unwrap() as usize, format!("{line}\n")));
            }
        }
        text.sort();
        json.sort();
        let merged: Vec<String> = text.into_iter().map(|(_, a)| a).collect();
        assert_eq!(merged, whole, "{n} parts");
        assert_eq!(json.into_iter().map(|(_, l)| l).collect::<String>(), whole_json, "{n} parts");
    }
}

#[test]
fn shards_refuse_the_grid_output_whose_lines_they_could_not_number() {
    let out = flipblox(
        &["flip", "--shard", "1/2", "--layout", "grid", "--board", "bwwb/bbwb/bwwb/bwww"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("use --json to shard it"), "{}", stderr(&out));
    let out =
        flipblox(&["flip", "--shard", "1/2", "--json", "--board", "bwwb/bbwb/bwwb/bwww"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
}
