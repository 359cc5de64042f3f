//! The Lights Out family on the command line (`flip --goal --alphabet --wrap --toggle
//! --colours --layout grid`): every state of small boards against the brute-force search of
//! `common/lights_out.rs`, every printed path and grid replayed there (not by the solver) to the
//! goal in exactly the printed count, the published facts of issue 13 through the CLI, and the
//! input helpers (separators, a count line, symbols that are not the alphabet's).

use crate::common::lights_out::{Rules, UNREACHABLE};
#[cfg(target_os = "linux")]
use crate::common::process::on_terminal;
use crate::common::{flipblox, flipblox_ok, project, stderr, stdout};

/// The alphabet the tests write boards in for `k` colours (the CLI's default).
fn symbols(k: u8) -> &'static [u8] {
    if k == 2 { b"wb" } else { &b"0123456789abcdef"[..usize::from(k)] }
}

fn write_board(rules: &Rules, cells: &[u8], symbols: &[u8], sep: &str) -> String {
    cells
        .chunks(rules.cols)
        .map(|row| {
            row.iter()
                .map(|&c| char::from(symbols[usize::from(c)]).to_string())
                .collect::<Vec<_>>()
                .join(sep)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `(cell, count)` presses of a JSON `path` (1-based `[row, col]`, a cell pressed `j` times
/// listed `j` times, in ascending order).
fn presses_of(rules: &Rules, path: &serde_json::Value) -> Vec<(usize, u8)> {
    let mut counts = vec![0u8; rules.cells()];
    for rc in path.as_array().expect("a path") {
        let (r, c) = (rc[0].as_u64().unwrap() as usize, rc[1].as_u64().unwrap() as usize);
        assert!((1..=rules.rows).contains(&r) && (1..=rules.cols).contains(&c), "{rc}");
        counts[(r - 1) * rules.cols + c - 1] += 1;
    }
    counts.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(i, &n)| (i, n)).collect()
}

/// Runs `flip --json` with `flags` on every state of `rules` and checks each record against
/// the brute force (`extra` flags added, e.g. `--table FILE`): distance, the path replayed to a board of the colour named, the colour.
pub(crate) fn check_every_state(rules: &Rules, mask: &str, goal: Option<u8>, extra: &[&str]) {
    let k = rules.colours;
    let per_colour: Vec<Vec<u8>> = (0..k).map(|c| rules.brute_force(c)).collect();
    let size = format!("{}x{}", rules.rows, rules.cols);
    let k_text = k.to_string();
    let goal_text = match goal {
        None => "any".to_string(),
        Some(c) => char::from(symbols(k)[usize::from(c)]).to_string(),
    };
    let mut args = vec!["flip", "--json", "--size", &size, "--toggle", mask, "--colours", &k_text];
    args.extend(["--goal", &goal_text]);
    if rules.wrap {
        args.push("--wrap");
    }
    args.extend(extra);
    // Every other board with its cells separated by spaces.
    let input: String = (0..rules.states())
        .map(|s| {
            let sep = if s % 2 == 0 { "" } else { " " };
            write_board(rules, &rules.decode(s), symbols(k), sep) + "\n\n"
        })
        .collect();
    let out = flipblox_ok(&args, input.as_bytes());
    let text = stdout(&out);
    let records: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), rules.states(), "{args:?}");
    for (s, record) in records.iter().enumerate() {
        let want = match goal {
            Some(c) => per_colour[usize::from(c)][s],
            None => per_colour.iter().map(|t| t[s]).min().unwrap(),
        };
        let what = format!("{args:?} state {s}");
        assert_eq!(record["index"].as_u64(), Some(s as u64 + 1), "{what}");
        assert_eq!(record["colours"].as_u64(), Some(u64::from(k)), "{what}");
        assert_eq!(record["wrap"].as_bool(), Some(rules.wrap), "{what}");
        if want == UNREACHABLE {
            assert!(record["distance"].is_null() && record["path"].is_null(), "{what}");
            assert!(record["colour"].is_null(), "{what}");
            continue;
        }
        assert_eq!(record["distance"].as_u64(), Some(u64::from(want)), "{what}");
        let presses = presses_of(rules, &record["path"]);
        let count: usize = presses.iter().map(|&(_, n)| usize::from(n)).sum();
        assert_eq!(count, usize::from(want), "{what}: the path's length");
        let after = rules.replay(&rules.decode(s), &presses);
        let colour = after[0];
        assert!(after.iter().all(|&c| c == colour), "{what}: not uniform after the path");
        if let Some(c) = goal {
            assert_eq!(colour, c, "{what}: the wrong colour");
        }
        assert_eq!(per_colour[usize::from(colour)][s], want, "{what}: a colour not at the minimum");
        let name = match (k, colour) {
            (_, 0) => "white".to_string(),
            (2, 1) => "black".to_string(),
            _ => char::from(symbols(k)[usize::from(colour)]).to_string(),
        };
        assert_eq!(record["colour"].as_str(), Some(name.as_str()), "{what}");
    }
}

#[test]
fn every_variant_on_small_boards_matches_the_brute_force() {
    let cases: &[(usize, usize, &str, bool, u8)] = &[
        (3, 3, ".x./xxx/.x.", false, 2),
        (2, 3, "x.x/.x./x.x", true, 2),
        (3, 3, ".x./x.x/.x.", false, 2),
        (2, 3, ".x./xxx/.x.", false, 3),
        (2, 2, "xxx/xxx/xxx", true, 3),
        (2, 3, "x.x/.x./x.x", false, 4),
        (2, 2, ".x./xxx/.x.", true, 4),
        (2, 2, ".x./xxx/.x.", false, 5),
        (2, 2, "..x/xx./...", false, 5),
    ];
    for &(rows, cols, mask, wrap, k) in cases {
        let rules = Rules::new(rows, cols, mask, wrap, k);
        check_every_state(&rules, mask, None, &[]);
        for goal in [0, k - 1] {
            check_every_state(&rules, mask, Some(goal), &[]);
        }
    }
}

/// The all-on `n x n` board, in `wb`, rows separated by `/`.
fn all_on(n: usize) -> String {
    vec!["b".repeat(n); n].join("/")
}

#[test]
fn oeis_a075464_through_the_command_line() {
    // All lights on to all off on n x n, n = 1..20 (OEIS A075464).
    let expected =
        [1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224];
    for (n, &want) in (1..=20).zip(&expected) {
        let size = format!("{n}x{n}");
        let board = all_on(n);
        let out = flipblox_ok(
            &["flip", "--json", "--goal", "white", "--size", &size, "--board", &board],
            b"",
        );
        let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(record["distance"].as_u64(), Some(want), "{n}x{n}");
        assert_eq!(record["proven_minimal"].as_bool(), Some(true), "{n}x{n}");
        let rules = Rules::new(n, n, ".x./xxx/.x.", false, 2);
        let presses = presses_of(&rules, &record["path"]);
        assert_eq!(presses.len() as u64, want);
        assert!(rules.replay(&vec![1; n * n], &presses).iter().all(|&c| c == 0), "{n}x{n}");
    }
}

#[test]
fn small_published_examples_through_the_command_line() {
    let out = flipblox_ok(&["flip", "--size", "2x2", "--goal", "white", "--board", "ww/wb"], b"");
    assert_eq!(stdout(&out), "3\n");
    // With the default goal, the nearer of the two uniform boards, by the brute force.
    let any = flipblox_ok(&["flip", "--size", "2x2", "--board", "ww/wb"], b"");
    let rules = Rules::new(2, 2, ".x./xxx/.x.", false, 2);
    let board = [0, 0, 0, 1];
    let s = rules.encode(&board);
    let brute = (rules.brute_force(0)[s]).min(rules.brute_force(1)[s]);
    assert_eq!(stdout(&any), format!("{brute}\n"));

    let torus = "bwwwb/bwbwb/wwwww/bwbwb/bwwwb";
    let out = flipblox_ok(
        &["flip", "--json", "--size", "5x5", "--wrap", "--goal", "white", "--board", torus],
        b"",
    );
    let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(record["distance"].as_u64(), Some(6));
    assert_eq!(record["nullity"].as_u64(), Some(8));
    let rules = Rules::new(5, 5, ".x./xxx/.x.", true, 2);
    let cells: Vec<u8> =
        torus.bytes().filter(|&b| b != b'/').map(|b| u8::from(b == b'b')).collect();
    let presses = presses_of(&rules, &record["path"]);
    assert_eq!(presses.len(), 6);
    assert!(rules.replay(&cells, &presses).iter().all(|&c| c == 0));
}

/// Reads `--layout grid` answers: `(distance, grid of counts)` per board, `None` for
/// Impossible.
fn read_grids(text: &str, rows: usize) -> Vec<Option<(usize, Vec<Vec<u8>>)>> {
    let mut lines = text.lines();
    let mut out = Vec::new();
    while let Some(line) = lines.next() {
        if line == "Impossible" {
            out.push(None);
            continue;
        }
        let d: usize = line.parse().expect("a count line");
        let grid: Vec<Vec<u8>> = (0..rows)
            .map(|_| lines.next().unwrap().split(' ').map(|n| n.parse().unwrap()).collect())
            .collect();
        out.push(Some((d, grid)));
    }
    out
}

#[test]
fn poj_1222_sample_with_its_count_line_spaces_and_grid_output() {
    let sample = project("tests/data/flip/poj-1222-sample.txt");
    let text = std::fs::read_to_string(&sample).unwrap();
    let out = flipblox_ok(
        &[
            "flip",
            "--size",
            "5x6",
            "--alphabet",
            "01",
            "--goal",
            "white",
            "--layout",
            "grid",
            sample.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(stderr(&out), "", "the count line matches the boards");
    let answers = read_grids(&stdout(&out), 5);
    let rules = Rules::new(5, 6, ".x./xxx/.x.", false, 2);
    // The boards, read by the test: the lines after the count.
    let cells: Vec<u8> = text
        .lines()
        .skip(1)
        .flat_map(|l| l.split(' ').map(|c| c.parse::<u8>().unwrap()).collect::<Vec<_>>())
        .collect();
    assert_eq!(answers.len(), 2);
    for (i, answer) in answers.iter().enumerate() {
        let (d, grid) = answer.clone().expect("both puzzles are solvable");
        let board = &cells[i * 30..(i + 1) * 30];
        let presses: Vec<(usize, u8)> = grid
            .iter()
            .flatten()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(i, &n)| (i, n))
            .collect();
        assert_eq!(presses.len(), d, "puzzle {}: the grid presses the count", i + 1);
        assert!(rules.replay(board, &presses).iter().all(|&c| c == 0), "puzzle {}", i + 1);
    }
    assert_eq!(answers.iter().map(|a| a.as_ref().unwrap().0).collect::<Vec<_>>(), [13, 15]);
    // 5x6 has nullity 0: each puzzle has exactly one solution, so the replayed one is minimal.
    let json = flipblox_ok(
        &[
            "flip",
            "--json",
            "--size",
            "5x6",
            "--alphabet",
            "01",
            "--goal",
            "white",
            sample.to_str().unwrap(),
        ],
        b"",
    );
    for line in stdout(&json).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["nullity"].as_u64(), Some(0), "{line}");
        assert_eq!(record["board"].as_str().unwrap().len(), 5 * 6 + 4, "{line}");
    }
}

#[test]
fn input_helpers_and_symbols_outside_the_alphabet() {
    // The default alphabet reads its symbols in either case, a given one does not.
    let upper = flipblox_ok(&["flip", "--board", "BWWB/bbwb/bwwb/bWWW"], b"");
    assert_eq!(stdout(&upper), "4\n");
    let out = flipblox(&["flip", "--alphabet", "wb", "--board", "BWWB/bbwb/bwwb/bwww"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("expected 'b' or 'w', found 'B'"), "{}", stderr(&out));
    // Cells separated by spaces and tabs, and a count line, under the default alphabet: the
    // same answers as the plain layout.
    let plain = flipblox_ok(&["flip", &project("data/flip/poj-sample.txt").to_string_lossy()], b"");
    let spaced = flipblox_ok(&["flip"], b"1\nb w w b\nb\tb w b\nb w w b\nb w w w\n");
    assert_eq!(stdout(&spaced), stdout(&plain));
    assert_eq!(stderr(&spaced), "");
    // A count that does not match is a warning, and the boards are still answered.
    let wrong = flipblox_ok(&["flip"], b"3\nbwwb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(stdout(&wrong), stdout(&plain));
    assert!(stderr(&wrong).contains("<stdin>:1:1: warning: the count line says 3 boards, found 1"));
    // With an alphabet of digits, a narrow board's row is not taken for a count.
    let out =
        flipblox_ok(&["flip", "--size", "2x1", "--alphabet", "01", "--goal", "white"], b"1\n1\n");
    assert_eq!(stdout(&out), "1\n");
    // Other alphabets, and a symbol that is not one of them.
    let dots = flipblox_ok(&["flip", "--alphabet", ".#", "--board", "#..#/##.#/#..#/#..."], b"");
    assert_eq!(stdout(&dots), stdout(&plain));
    let bad = flipblox(&["flip", "--alphabet", ".#", "--board", "#..#/##.#/#..b/#..."], b"");
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr(&bad).contains("3:4: board 1: expected '.' or '#', found 'b'"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn bad_variant_options_are_usage_errors() {
    for (args, message) in [
        (&["flip", "--colours", "17"][..], "17"),
        (&["flip", "--alphabet", "abc"], "--alphabet abc: expected 2 symbols"),
        (&["flip", "--goal", "black", "--colours", "3"], "black names a colour only with 2"),
        (&["flip", "--goal", "q"], "--goal q: expected any, white, black,"),
        (&["flip", "--toggle", "xx"], "--toggle"),
        (&["flip", "--size", "1x1", "--toggle", "xxx/xxx/xxx/xxx/xxx"], "--toggle"),
        (&["stats", "flip", "--size", "4x4", "--colours", "5"], "over --max-table-cells 25"),
        (&["flip", "--size", "1x4", "--toggle", "..x../..x../xxxxx/..x../..x.."], "reaches 2 rows"),
    ] {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn json_keys_come_in_the_shared_order() {
    let out = flipblox_ok(&["flip", "--json", "--board", "bwwb/bbwb/bwwb/bwww"], b"");
    let line = stdout(&out);
    let keys: Vec<&str> = [
        "file",
        "index",
        "error",
        "distance",
        "lower_bound",
        "path",
        "optimal_solutions",
        "solutions",
        "board",
        "nullity",
        "proven_minimal",
        "goal",
        "colours",
        "wrap",
        "toggle",
        "colour",
    ]
    .to_vec();
    let positions: Vec<usize> = keys
        .iter()
        .map(|k| line.find(&format!("\"{k}\":")).unwrap_or_else(|| panic!("{k}")))
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{line}");
    let record: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(record.as_object().unwrap().len(), keys.len());
    assert_eq!(record["goal"], "any");
    assert_eq!(record["toggle"], ".x./xxx/.x.");
}

#[test]
fn the_variant_table_and_linear_algebra_print_the_same() {
    let rules = Rules::new(3, 3, "x.x/.x./x.x", true, 3);
    let input: String = (0..rules.states())
        .step_by(7)
        .map(|s| write_board(&rules, &rules.decode(s), b"012", "") + "\n")
        .collect();
    let common =
        ["flip", "--path", "--size", "3x3", "--colours", "3", "--wrap", "--toggle", "x.x/.x./x.x"];
    let zk = flipblox_ok(&common, input.as_bytes());
    let mut with_table = common.to_vec();
    with_table.extend(["--method", "table"]);
    let table = flipblox_ok(&with_table, input.as_bytes());
    assert_eq!(stdout(&zk), stdout(&table));
}

/// Reads `stats flip`'s text: the `distance count` lines and the Impossible count.
fn read_stats_text(text: &str) -> (Vec<u64>, u64) {
    let mut counts = Vec::new();
    let mut impossible = None;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (what, n) = line.split_once(' ').unwrap();
        let n: u64 = n.parse().unwrap();
        if what == "Impossible" {
            impossible = Some(n);
        } else {
            assert_eq!(what.parse::<usize>().unwrap(), counts.len(), "{text}");
            counts.push(n);
        }
    }
    (counts, impossible.expect("an Impossible line"))
}

/// Runs `stats flip` with `flags`, as text and as JSON, and checks one against the other;
/// returns the histogram, the Impossible count and the JSON object.
fn stats_both(flags: &[&str]) -> (Vec<u64>, u64, serde_json::Value) {
    let mut args = vec!["stats", "flip"];
    args.extend(flags);
    let text = stdout(&flipblox_ok(&args, b""));
    let (counts, impossible) = read_stats_text(&text);
    args.push("--json");
    let json = stdout(&flipblox_ok(&args, b""));
    assert_eq!(json.lines().count(), 1, "one object: {json}");
    let record: serde_json::Value = serde_json::from_str(&json).unwrap();
    let histogram: Vec<u64> =
        record["histogram"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap()).collect();
    assert_eq!(histogram, counts, "{args:?}");
    assert_eq!(record["impossible"].as_u64(), Some(impossible), "{args:?}");
    assert_eq!(record["max_distance"].as_u64(), Some(counts.len() as u64 - 1), "{args:?}");
    let states = counts.iter().sum::<u64>() + impossible;
    assert_eq!(record["states"].as_u64(), Some(states), "{args:?}");
    (counts, impossible, record)
}

#[test]
fn all_off_maxima_through_stats_flip() {
    // The largest minimum and how many states need it: 3x3 = 9 (one state), 4x4 = 7 (32),
    // 5x5 = 15 (7,350; 25,165,824 states cannot be turned off).
    for (n, max, at_max, impossible) in
        [(3, 9, 1, 0), (4, 7, 32, 61_440), (5, 15, 7350, 25_165_824)]
    {
        let size = format!("{n}x{n}");
        let (counts, none, record) = stats_both(&["--size", &size, "--goal", "white"]);
        assert_eq!(counts.len() - 1, max, "{size}");
        assert_eq!(counts[max], at_max, "{size}");
        assert_eq!(none, impossible, "{size}");
        assert_eq!(record["goal"], "white");
        assert_eq!(record["size"], size.as_str());
    }
}

#[test]
fn stats_of_variants_match_the_brute_force_and_the_default_is_unchanged() {
    for (rows, cols, mask, wrap, k, goal) in [
        (2, 3, ".x./xxx/.x.", false, 3, None::<u8>),
        (2, 3, "x.x/.x./x.x", true, 3, Some(2)),
        (2, 2, ".x./x.x/.x.", false, 5, Some(0)),
        (3, 3, "xxx/xxx/xxx", true, 2, Some(1)),
    ] {
        let rules = Rules::new(rows, cols, mask, wrap, k);
        let per_colour: Vec<Vec<u8>> = (0..k).map(|c| rules.brute_force(c)).collect();
        let mut want = Vec::new();
        let mut impossible = 0;
        for s in 0..rules.states() {
            let d = match goal {
                Some(c) => per_colour[usize::from(c)][s],
                None => per_colour.iter().map(|t| t[s]).min().unwrap(),
            };
            if d == UNREACHABLE {
                impossible += 1;
                continue;
            }
            if want.len() <= usize::from(d) {
                want.resize(usize::from(d) + 1, 0);
            }
            want[usize::from(d)] += 1;
        }
        let size = format!("{rows}x{cols}");
        let k_text = k.to_string();
        let goal_text = goal.map_or("any".to_string(), |c| {
            if k == 2 { ["white", "black"][usize::from(c)].to_string() } else { c.to_string() }
        });
        let mut flags =
            vec!["--size", &size, "--toggle", mask, "--colours", &k_text, "--goal", &goal_text];
        if wrap {
            flags.push("--wrap");
        }
        let (counts, none, record) = stats_both(&flags);
        assert_eq!((counts, none), (want, impossible), "{flags:?}");
        assert_eq!(record["toggle"], mask);
        assert_eq!(record["wrap"], wrap);
    }
    // The default's text is what it always was (the header line included).
    let text = stdout(&flipblox_ok(&["stats", "flip"], b""));
    assert!(text.starts_with("# Flip Game 4x4: states at each minimum distance (65,536 states)\n"));
    let (counts, impossible, record) = stats_both(&[]);
    assert_eq!((counts, impossible), (vec![2, 32, 228, 880, 1562, 1136, 256], 61_440));
    assert_eq!(record["file"], serde_json::Value::Null);
}

#[test]
fn an_alphabet_goal_or_board_may_start_with_a_hyphen() {
    // `--alphabet -x` is an example of the help; clap took `-x` for an option (found by review).
    let out = flipblox_ok(
        &["flip", "--size", "2x2", "--alphabet", "-x", "--goal", "-", "--board", "-x/x-"],
        b"",
    );
    let want = flipblox_ok(
        &["flip", "--size", "2x2", "--alphabet", "01", "--goal", "0", "--board", "01/10"],
        b"",
    );
    assert_eq!(stdout(&out), stdout(&want));
}

#[test]
fn a_set_up_over_the_budget_is_refused_before_any_board_is_read() {
    // 1024x1024 with a 21x21 square pattern: about 40,000 unknowns in the residual system, far
    // over a minute's budget. The whole run is refused up front (the boards are never read),
    // as a usage error naming the estimate and the option that raises the budget.
    let square = vec!["x".repeat(21); 21].join("/");
    let args = ["flip", "--size", "1024x1024", "--toggle", &square];
    let out = flipblox(&args, b"not even a board\n");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    for words in
        ["unknowns", "word operations", " s at 1000000000 a second", "bytes", "--max-setup"]
    {
        assert!(err.contains(words), "{words}: {err}");
    }
    // A budget of one second refuses a medium case (200x200, the same pattern: about 4,000
    // unknowns) that the default budget takes; a small one runs within it.
    let medium = ["flip", "--size", "200x200", "--toggle", &square, "--max-setup", "1"];
    let out = flipblox(&medium, b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("over the budget of 1000000000 operations"), "{}", stderr(&out));
    let board = vec!["b".repeat(30); 30].join("/");
    let small = ["flip", "--size", "30x30", "--toggle", "xxxxx/xxxxx/xxxxx/xxxxx/xxxxx"];
    let out = flipblox_ok(&[&small[..], &["--max-setup", "1", "--board", &board]].concat(), b"");
    assert!(!stdout(&out).trim().is_empty(), "{}", stderr(&out));
}

#[cfg(target_os = "linux")]
#[test]
fn a_set_up_of_seconds_shows_a_spinner_on_a_terminal() {
    // 100x100 with a 13x13 square pattern: a set-up of seconds in the tests' build, under the
    // default budget, on a board under the size at which answering shows a spinner. On a
    // terminal (util-linux's `script`) the spinner appears after a second.
    let square = vec!["x".repeat(13); 13].join("/");
    let (code, shown) = on_terminal(&format!("flip --size 100x100 --toggle {square} < /dev/null"));
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("setting up the 100x100 solver"), "{shown}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_set_up_for_a_boards_holes_shows_a_spinner_on_a_terminal() {
    // The solver of a board's holes is set up when the board is read (here its size too, from
    // the `/`-separated rows): the same 13x13 pattern, a set-up of seconds, under the spinner.
    let square = vec!["x".repeat(13); 13].join("/");
    let mut rows = vec!["w".repeat(100); 100];
    rows[50].replace_range(50..51, "h");
    let (code, shown) =
        on_terminal(&format!("flip --hole h --toggle {square} --board {}", rows.join("/")));
    assert_eq!(code, Some(0), "{shown}");
    assert!(shown.contains("setting up the 100x100 solver"), "{shown}");
    assert!(shown.trim_end().ends_with('0'), "the answer after the spinner: {shown}");
}
