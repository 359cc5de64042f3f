//! `flipblox flip --size RxC` and `flipblox stats flip --size RxC` end to end: histograms, replayed
//! presses on large boards, the methods agreeing, JSON fields, bad input and usage errors.

use crate::common::{
    Rng, file_of, flipblox, flipblox_ok, is_uniform, parse_moves_line, project, random_board,
    reachable_board, read_text, replay_rows, stderr, stdout,
};

/// Runs `flip --path` on `boards` and checks every line replays to a uniform board with as many
/// presses as the distance says; returns the distances (`None` for Impossible).
fn replay_all(size: &str, boards: &[Vec<String>], extra: &[&str]) -> Vec<Option<usize>> {
    let mut args = vec!["flip", "--size", size, "--path"];
    args.extend_from_slice(extra);
    let out = flipblox(&args, file_of(boards).as_bytes());
    assert!(out.status.success(), "{size}: {}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), boards.len());
    boards
        .iter()
        .zip(lines)
        .map(|(board, line)| {
            if line == "Impossible" {
                return None;
            }
            let (n, presses) = parse_moves_line(line);
            assert_eq!(presses.len(), n, "{size}: {line}");
            let rows: Vec<&str> = board.iter().map(String::as_str).collect();
            assert!(is_uniform(&replay_rows(&rows, &presses)), "{size}: presses do not replay");
            Some(n)
        })
        .collect()
}

#[test]
fn large_random_boards_replay_their_printed_presses() {
    let mut rng = Rng(11);
    // 20x20, 100x100 and 200x200 have nullity 0: every board is solvable.
    for (r, c, count) in [(20, 20, 20), (100, 100, 3), (200, 200, 2), (37, 150, 2), (150, 37, 2)] {
        let boards: Vec<Vec<String>> = (0..count).map(|_| random_board(&mut rng, r, c)).collect();
        let size = format!("{r}x{c}");
        let got = replay_all(&size, &boards, &[]);
        if r == c {
            assert!(got.iter().all(Option::is_some), "{size}: every board is solvable");
        }
    }
    // 19x19 (nullity 16) and 30x30 (nullity 20): reachable boards, exact search.
    for (r, c) in [(19, 19), (30, 30)] {
        let boards: Vec<Vec<String>> = (0..2).map(|_| reachable_board(&mut rng, r, c)).collect();
        let got = replay_all(&format!("{r}x{c}"), &boards, &[]);
        assert!(got.iter().all(Option::is_some));
    }
}

#[test]
fn the_distance_without_moves_is_the_same() {
    let mut rng = Rng(12);
    let boards: Vec<Vec<String>> = (0..10).map(|_| random_board(&mut rng, 40, 33)).collect();
    let with = replay_all("40x33", &boards, &[]);
    let out = flipblox(&["flip", "--size", "40x33"], file_of(&boards).as_bytes());
    let without: Vec<Option<usize>> = stdout(&out).lines().map(|l| l.parse().ok()).collect();
    assert_eq!(with, without);
}

#[test]
fn stats_flip_5x5_prints_the_histogram_of_the_facts() {
    let out = flipblox(&["stats", "flip", "--size", "5x5"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "no progress bar unless stderr is a terminal");
    let text = stdout(&out);
    assert!(
        text.starts_with("# Flip Game 5x5: states at each minimum distance (33,554,432 states)")
    );
    let mut histogram = Vec::new();
    let mut impossible = None;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (key, count) = line.split_once(' ').unwrap();
        let count: u64 = count.parse().unwrap();
        match key {
            "Impossible" => impossible = Some(count),
            d => {
                assert_eq!(d.parse::<usize>().unwrap(), histogram.len());
                histogram.push(count);
            }
        }
    }
    assert_eq!(histogram.iter().sum::<u64>(), 8_388_608, "solvable states to either colour");
    assert_eq!(histogram.len() - 1, 12, "the largest minimum is 12");
    assert_eq!(impossible, Some((1 << 25) - 8_388_608));
    // The whole histogram, frozen (golden); `five_by_five_facts` in tests/flip_sizes.rs checks
    // the table state by state against the brute force over all 2^25 press sets.
    let brute = [2, 50, 600, 4600, 25300, 106260, 352352, 934208, 1913554, 2680450, 1953872];
    assert_eq!(histogram[..11], brute);
    assert_eq!(histogram[11..], [391440, 25920]);
}

#[test]
fn stats_flip_3x3_every_state_is_solvable_in_at_most_6() {
    let out = flipblox(&["stats", "flip", "--size", "3x3"], b"");
    assert_eq!(
        stdout(&out),
        "# Flip Game 3x3: states at each minimum distance (512 states)\n# distance count\n\
         0 2\n1 18\n2 72\n3 148\n4 162\n5 90\n6 20\nImpossible 0\n"
    );
}

#[test]
fn the_methods_agree_line_for_line() {
    let mut rng = Rng(13);
    // 3x3 and 2x5 are past the auto break-even (4 and 10 boards) within the file, so `auto`
    // switches from GF(2) to the table in the middle of it.
    for (r, c, count) in [(3, 3, 400), (2, 5, 600), (4, 5, 500), (1, 7, 200), (6, 3, 300)] {
        let boards: Vec<Vec<String>> = (0..count).map(|_| random_board(&mut rng, r, c)).collect();
        let input = file_of(&boards);
        let size = format!("{r}x{c}");
        for flags in [&[][..], &["--path"], &["--json"]] {
            let run = |method: &str| {
                let mut args = vec!["flip", "--size", &size, "--method", method];
                args.extend_from_slice(flags);
                let out = flipblox(&args, input.as_bytes());
                assert!(out.status.success(), "{}", stderr(&out));
                stdout(&out)
            };
            let gf2 = run("gf2");
            assert_eq!(gf2.lines().count(), count);
            assert_eq!(run("table"), gf2, "{size} {flags:?}: table differs");
            assert_eq!(run("auto"), gf2, "{size} {flags:?}: auto differs");
        }
    }
}

#[test]
fn the_4x4_files_by_gf2_match_their_expected_answers_and_presses() {
    let boards = project("data/flip/boards-1000.txt");
    let boards = boards.to_str().unwrap();
    let expected = read_text(project("data/flip/boards-1000.expected"));
    let out = flipblox(&["flip", "--method", "gf2", boards], b"");
    assert_eq!(stdout(&out), expected);
    let table = flipblox(&["flip", "--path", boards], b"");
    let gf2 = flipblox(&["flip", "--path", "--size", "4x4", "--method", "gf2", boards], b"");
    assert_eq!(stdout(&gf2), stdout(&table));
}

#[test]
fn json_reports_nullity_and_proven_minimal() {
    let input = b"bww\nwww\nwww\n\nbxw\nwww\nwww\n";
    let out = flipblox(&["flip", "--size", "3x3", "--json"], input);
    assert_eq!(out.status.code(), Some(1));
    let rows: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(rows[0]["board"], "bww/www/www");
    assert_eq!(rows[0]["nullity"], 0);
    assert_eq!(rows[0]["proven_minimal"], true);
    assert_eq!(
        rows[0]["distance"].as_u64().unwrap(),
        rows[0]["path"].as_array().unwrap().len() as u64
    );
    assert_eq!(rows[1]["error"], "5:2: board 2: expected 'b' or 'w', found 'x'");
    assert_eq!(rows[1]["nullity"], serde_json::Value::Null);
    // 5x5 has nullity 2; an unsolvable board is null with no moves.
    let out = flipblox(
        &["flip", "--size", "5x5", "--json", "--board", "bwwww/wwwww/wwwww/wwwww/wwwww"],
        b"",
    );
    let row: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (row["nullity"].as_u64(), row["distance"].is_null(), row["path"].is_null()),
        (Some(2), true, true)
    );
    // The default 4x4 carries the same fields.
    let out = flipblox(&["flip", "--json", "--board", "bwwb/bbwb/bwwb/bwww"], b"");
    let row: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!((row["nullity"].as_u64(), row["proven_minimal"].as_bool()), (Some(4), Some(true)));
}

#[test]
fn a_null_space_too_large_to_search_warns_and_is_marked_not_proven() {
    // 39x39 has nullity 32: 33 generators, over the default 24.
    let mut rng = Rng(14);
    let board = reachable_board(&mut rng, 39, 39);
    let out = flipblox(
        &["flip", "--size", "39x39", "--json"],
        file_of(std::slice::from_ref(&board)).as_bytes(),
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let row: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!((row["nullity"].as_u64(), row["proven_minimal"].as_bool()), (Some(32), Some(false)));
    let presses: Vec<(usize, usize)> = row["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m[0].as_u64().unwrap() as usize, m[1].as_u64().unwrap() as usize))
        .collect();
    assert_eq!(presses.len() as u64, row["distance"].as_u64().unwrap());
    let rows: Vec<&str> = board.iter().map(String::as_str).collect();
    assert!(is_uniform(&replay_rows(&rows, &presses)));
    // The lower bound: a press changes at most five pieces, so the pieces of the rarer colour,
    // over five, rounded up.
    let black = rows.iter().map(|r| r.matches('b').count()).sum::<usize>();
    let bound = black.min(39 * 39 - black).div_ceil(5) as u64;
    assert_eq!(row["lower_bound"].as_u64(), Some(bound));
    assert!(bound <= presses.len() as u64);
    let err = stderr(&out);
    assert!(err.contains(&format!("(proven lower bound: {bound})")), "{err}");
    assert!(
        err.starts_with("<stdin>:1:1: board 1: warning: the null space of 39x39 has dimension 32"),
        "{err}"
    );
    assert!(err.contains("not proven minimal"), "{err}");
    // A null space of dimension 0 is over --search-bits 0 only because the goal "any" weighs
    // both colours' solutions: the warning says so, and a one-colour goal has no warning.
    for (goal, warned) in [("any", true), ("white", false)] {
        let args = ["flip", "--size", "3x3", "--goal", goal, "--board", "bbw/wwb/wbw"];
        let proven = flipblox_ok(&args, b"");
        let proven: u64 = stdout(&proven).trim().parse().unwrap();
        let out = flipblox(&[&args[..], &["--search-bits", "0"]].concat(), b"");
        assert!(out.status.success(), "{}", stderr(&out));
        let found: u64 = stdout(&out).trim().parse().unwrap();
        assert!(found >= proven, "{goal}: {found} below the proven minimum {proven}");
        let expected = format!(
            "--board:1:1: board 1: warning: the null space of 3x3 has dimension 0 and the goal \
             any weighs each goal colour's solutions: too many solutions to weigh whole \
             (--search-bits 0); {found} presses is the best found, not proven minimal (proven \
             lower bound: 1)\n"
        );
        assert_eq!(stderr(&out), if warned { expected } else { String::new() }, "{goal}");
    }
    // --search-bits lowers the limit: 5x5 (3 generators) with 2 bits. (The board needs four
    // presses, more than the lower bound proves: a board one press solves is proven minimal
    // whatever the search, see `a_single_press_or_none_is_always_proven_minimal`, and so is one
    // whose answer meets the bound, as two presses on this board's first row do.)
    let board = "bwwwb/wbwbw/wwbww/wbwbw/bwwwb";
    let out =
        flipblox(&["flip", "--size", "5x5", "--search-bits", "2", "--path", "--board", board], b"");
    let (n, presses) = parse_moves_line(stdout(&out).trim());
    assert!(n >= 1 && n == presses.len());
    let rows: Vec<&str> = board.split('/').collect();
    assert!(is_uniform(&replay_rows(&rows, &presses)));
    assert!(stderr(&out).starts_with("--board:1:1: board 1: warning:"), "{}", stderr(&out));
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_single_press_or_none_is_always_proven_minimal() {
    // Boards that one press (or none) makes uniform, where the null space is too large to
    // search whole: 5x5 with --search-bits 2, and 159x159 (nullity 128) by default. Before, the
    // one-press 5x5 board was answered `proven_minimal: false` with a warning.
    let mut cases: Vec<(String, String)> = vec![
        ("5x5".into(), "bbwww/bwwww/wwwww/wwwww/wwwww".into()),
        ("5x5".into(), "wwwww/wwbww/wbbbw/wwbww/wwwww".into()),
        ("5x5".into(), "bbbbb/bbbbb/bbbbb/bbbbb/bbbbb".into()),
    ];
    let n = 159;
    let mut big = vec![vec!['w'; n]; n];
    for (r, c) in [(80, 80), (79, 80), (81, 80), (80, 79), (80, 81)] {
        big[r][c] = 'b';
    }
    let big: Vec<String> = big.iter().map(|row| row.iter().collect()).collect();
    cases.push(("159x159".into(), big.join("/")));
    for (size, board) in &cases {
        let args = ["flip", "--size", size, "--search-bits", "2", "--json", "--board", board];
        let args =
            if size == "159x159" { [&args[..3], &args[5..]].concat() } else { args.to_vec() };
        let out = flipblox(&args, b"");
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stderr(&out), "", "no warning for {size} {}", &board[..board.len().min(40)]);
        let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        let distance = record["distance"].as_u64().unwrap();
        let uniform = board.chars().filter(|&c| c != '/').all(|c| c == 'w')
            || board.chars().filter(|&c| c != '/').all(|c| c == 'b');
        assert_eq!(distance, if uniform { 0 } else { 1 }, "{size}");
        assert_eq!(record["proven_minimal"], serde_json::Value::Bool(true), "{size}");
        let presses = record["path"].as_array().unwrap();
        assert_eq!(presses.len() as u64, distance);
        let presses: Vec<(usize, usize)> = presses
            .iter()
            .map(|p| (p[0].as_u64().unwrap() as usize, p[1].as_u64().unwrap() as usize))
            .collect();
        let rows: Vec<&str> = board.split('/').collect();
        assert!(is_uniform(&replay_rows(&rows, &presses)), "{size}");
    }
}

#[test]
fn inline_boards_of_any_size() {
    let out = flipblox(
        &["flip", "--size", "2x3", "--path", "--board", "bbw/bww", "--board", "bbwbww"],
        b"",
    );
    assert_eq!(stdout(&out), "1 (1,1)\n1 (1,1)\n");
    let out =
        flipblox(&["flip", "--size", "2x3", "--board", "bbw/bw", "--board", "bbw/bww/www"], b"");
    assert_eq!(stdout(&out), "Error\nError\n");
    assert_eq!(
        stderr(&out),
        "--board:2:3: board 1: expected 3 pieces in the row, found 2\n\
         --board:3:1: board 2: expected the end of the board, found more rows\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn bad_boards_of_any_size_are_reported_and_the_others_answered() {
    let good = "bbwww\nbwwww\n";
    let input = format!("{good}\nbbwww\nbwwwwb\n\nbbwqw\nbwwww\n{good}bbwww\n");
    let out = flipblox(&["flip", "--size", "2x5"], input.as_bytes());
    assert_eq!(stdout(&out), "1\nError\nError\n1\nError\n");
    assert_eq!(
        stderr(&out),
        "<stdin>:5:6: board 2: expected 5 pieces in the row, found 6 characters\n\
         <stdin>:7:4: board 3: expected 'b' or 'w', found 'q'\n\
         <stdin>:12:1: board 5: expected 2 rows, found the end of the input after 1\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn bad_sizes_and_impossible_combinations_are_usage_errors() {
    for args in [
        &["flip", "--size", "5y5"][..],
        &["flip", "--size", "0x3"],
        &["flip", "--size", "2000x2"],
        &["flip", "--size", "x"],
        &["flip", "--size", "6x6", "--method", "table"],
        &["flip", "--max-table-cells", "40"],
        &["flip", "--search-bits", "29"],
        &["stats", "flip", "--size", "6x6"],
        &["stats", "flip", "--size", "5x5", "--max-table-cells", "20"],
    ] {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("error:"), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty());
    }
    let out = flipblox(&["flip", "--size", "5y5"], b"");
    assert!(stderr(&out).contains("expected ROWSxCOLS such as 5x5, found '5y5'"));
}

#[test]
fn flipblox_phases_prints_the_solver_phases_and_changes_no_answer() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut rng = Rng(13);
    // 20x20 has nullity 0 and both colours are always reachable: 2 members a board.
    let boards: Vec<Vec<String>> = (0..3).map(|_| random_board(&mut rng, 20, 20)).collect();
    let input = file_of(&boards);
    let plain = flipblox_ok(&["flip", "--size", "20x20"], input.as_bytes());
    assert!(plain.stderr.is_empty(), "{}", stderr(&plain));
    let mut child = Command::new(env!("CARGO_BIN_EXE_flipblox"))
        .args(["flip", "--size", "20x20"])
        .env("FLIPBLOX_PHASES", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run flipblox");
    child.stdin.take().expect("piped").write_all(input.as_bytes()).expect("write the boards");
    let timed = child.wait_with_output().expect("wait for flipblox");
    assert!(timed.status.success(), "{}", stderr(&timed));
    assert_eq!(stdout(&timed), stdout(&plain));
    let line = stderr(&timed);
    assert!(line.starts_with("flipblox: chase "), "{line}");
    for phase in [" ms, elimination ", " ms, per-board solve ", " ms, coset walk ", "(6 members, "]
    {
        assert!(line.contains(phase), "{phase} in {line}");
    }
}
