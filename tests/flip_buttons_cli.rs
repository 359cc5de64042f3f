//! `flip --buttons FILE`, `--hole SYMBOL` and `--tatham ID` on the command line: every state of
//! small boards against the brute force of `common/buttons.rs` (K = 2 and 3, every goal), every
//! printed path replayed there (not by the tool) to the goal in exactly the printed count, boards
//! of different holes in one file, Tatham IDs made by hand from the format, and the errors.

use crate::common::buttons::{NONE, Sets, Tally, hex, plus_sets, random_sets};
use crate::common::{Rng, flipblox, flipblox_ok, stderr, stdout};

/// The symbols of `k` colours (the CLI's default alphabet).
fn symbols(k: u8) -> &'static [u8] {
    if k == 2 { b"wb" } else { &b"0123456789abcdef"[..usize::from(k)] }
}

/// The board `cells` of `sets` as rows of symbols, holes written `.`.
fn write_board(sets: &Sets, cells: &[u8]) -> String {
    let mut out = String::new();
    for (i, &c) in cells.iter().enumerate() {
        out.push(if sets.holes[i] { '.' } else { char::from(symbols(sets.k)[usize::from(c)]) });
        if (i + 1) % sets.cols == 0 {
            out.push('\n');
        }
    }
    out
}

/// The `(cell, count)` presses of a JSON `path` (1-based `[row, col]`, repeated by count).
fn presses_of(sets: &Sets, path: &serde_json::Value) -> Vec<(usize, u8)> {
    let mut counts = vec![0u8; sets.cells()];
    for rc in path.as_array().expect("a path") {
        let (r, c) = (rc[0].as_u64().unwrap() as usize, rc[1].as_u64().unwrap() as usize);
        assert!((1..=sets.rows).contains(&r) && (1..=sets.cols).contains(&c), "{rc}");
        counts[(r - 1) * sets.cols + c - 1] += 1;
    }
    counts.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(i, &n)| (i, n)).collect()
}

/// Checks one JSON record of the board `cells` of `sets` (state `s`) towards `goal` (`None`:
/// any) against the brute force `tallies`: the distance, the path replayed, the colour, and the
/// solution counts (for the goal any, over every colour).
fn check_record(
    sets: &Sets,
    tallies: &[Vec<Tally>],
    record: &serde_json::Value,
    cells: &[u8],
    goal: Option<u8>,
    what: &str,
) {
    let s = sets.state(cells);
    let goals: Vec<&Tally> = match goal {
        Some(c) => vec![&tallies[usize::from(c)][s]],
        None => tallies.iter().map(|t| &t[s]).collect(),
    };
    let want = goals.iter().map(|t| t.best).min().unwrap();
    let optimal: u64 = goals.iter().filter(|t| t.best == want).map(|t| t.optimal).sum();
    let all: u64 = goals.iter().map(|t| t.all).sum();
    assert_eq!(record["error"], serde_json::Value::Null, "{what}");
    assert_eq!(record["proven_minimal"].as_bool(), Some(true), "{what}");
    assert_eq!(record["optimal_solutions"].as_u64(), Some(optimal), "{what}: {record}");
    assert_eq!(record["solutions"].as_str(), Some(all.to_string().as_str()), "{what}: {record}");
    if want == NONE {
        assert!(record["distance"].is_null() && record["path"].is_null(), "{what}: {record}");
        return;
    }
    assert_eq!(record["distance"].as_u64(), Some(want as u64), "{what}: {record}");
    let presses = presses_of(sets, &record["path"]);
    let count: usize = presses.iter().map(|&(_, n)| usize::from(n)).sum();
    assert_eq!(count, want, "{what}: the path's length");
    let after = sets.replay(cells, &presses);
    let present = sets.present();
    let colour = after[present[0]];
    assert!(present.iter().all(|&c| after[c] == colour), "{what}: not uniform after the path");
    if let Some(g) = goal {
        assert_eq!(colour, g, "{what}: the wrong colour");
    }
    let name = match (sets.k, colour) {
        (_, 0) => "white".to_string(),
        (2, 1) => "black".to_string(),
        _ => char::from(symbols(sets.k)[usize::from(colour)]).to_string(),
    };
    assert_eq!(record["colour"].as_str(), Some(name.as_str()), "{what}");
}

fn goal_arg(k: u8, goal: Option<u8>) -> String {
    match goal {
        None => "any".to_string(),
        Some(c) => char::from(symbols(k)[usize::from(c)]).to_string(),
    }
}

/// [`check_boards`] for the goals any, the lowest and the highest colour, on `rows` x `cols`
/// boards with `k` colours and the options `extra`.
fn check_every_goal(
    (rows, cols, k): (usize, usize, u8),
    extra: [&str; 2],
    boards: &[(&Sets, Vec<u8>)],
) {
    let (size, k_text) = (format!("{rows}x{cols}"), k.to_string());
    for goal in [None, Some(0), Some(k - 1)] {
        let goal_text = goal_arg(k, goal);
        let args = ["flip", "--json", "--size", &size, "--colours", &k_text, "--goal", &goal_text];
        check_boards(&[&args[..], &extra[..]].concat(), boards, goal);
    }
}

/// Runs `flip --json` on `boards` (each `(sets, cells)`) with `args`, checking every record.
fn check_boards(args: &[&str], boards: &[(&Sets, Vec<u8>)], goal: Option<u8>) {
    let input: String =
        boards.iter().map(|(sets, cells)| write_board(sets, cells) + "\n").collect();
    let out = flipblox_ok(args, input.as_bytes());
    let text = stdout(&out);
    let records: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), boards.len(), "{args:?}");
    let mut bests: Vec<(*const Sets, Vec<Vec<Tally>>)> = Vec::new();
    for (i, ((sets, cells), record)) in boards.iter().zip(&records).enumerate() {
        let key: *const Sets = *sets;
        if !bests.iter().any(|(k, _)| *k == key) {
            bests.push((key, sets.tallies()));
        }
        let best = &bests.iter().find(|(k, _)| *k == key).unwrap().1;
        check_record(sets, best, record, cells, goal, &format!("{args:?} board {}", i + 1));
    }
}

#[test]
fn buttons_files_answer_every_state_as_the_brute_force() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(2717);
    for (k, rows, cols) in [(2u8, 2, 3), (2, 3, 3), (3, 2, 2), (3, 2, 3)] {
        let sets = random_sets(&mut |p| rng.chance(p), rows, cols, k, false);
        let file = dir.path().join(format!("buttons-{k}-{rows}x{cols}.txt"));
        std::fs::write(&file, sets.file()).unwrap();
        let states = usize::from(k).pow((rows * cols) as u32);
        let boards: Vec<(&Sets, Vec<u8>)> =
            (0..states).map(|s| (&sets, sets.board(s, 0))).collect();
        check_every_goal((rows, cols, k), ["--buttons", file.to_str().unwrap()], &boards);
    }
}

/// Boards of different holes in one input: the answers follow each board's holes.
#[test]
fn holes_answer_every_state_as_the_brute_force() {
    let mut rng = Rng(4171);
    for (k, rows, cols) in [(2u8, 3, 3), (3, 2, 3)] {
        let n = rows * cols;
        let masks: Vec<Vec<bool>> = (0..3)
            .map(|_| {
                let mut mask: Vec<bool> = (0..n).map(|_| rng.chance(0.3)).collect();
                mask[rng.below(n as u64) as usize] = false;
                mask
            })
            .chain([vec![false; n]])
            .collect();
        let all: Vec<Sets> =
            masks.iter().map(|m| plus_sets(rows, cols, false, k, m.clone())).collect();
        // Every state of every mask, the masks taking turns.
        let mut boards = Vec::new();
        let most = all.iter().map(|s| usize::from(k).pow(s.present().len() as u32)).max().unwrap();
        for s in 0..most {
            for sets in &all {
                if s < usize::from(k).pow(sets.present().len() as u32) {
                    boards.push((sets, sets.board(s, 0)));
                }
            }
        }
        check_every_goal((rows, cols, k), ["--hole", "."], &boards);
    }
}

/// `--path` (text) replays too, with holes and buttons together.
#[test]
fn paths_with_buttons_and_holes_replay() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(99);
    let sets = random_sets(&mut |p| rng.chance(p), 3, 3, 2, true);
    let file = dir.path().join("buttons.txt");
    std::fs::write(&file, sets.file()).unwrap();
    let best = sets.brute_force();
    let states = 1usize << sets.present().len();
    let input: String = (0..states).map(|s| write_board(&sets, &sets.board(s, 0)) + "\n").collect();
    let out = flipblox_ok(
        &["flip", "--path", "--size", "3x3", "--hole", ".", "--buttons", file.to_str().unwrap()],
        input.as_bytes(),
    );
    let text = stdout(&out);
    assert_eq!(text.lines().count(), states);
    for (s, line) in text.lines().enumerate() {
        let want = best[0][s].min(best[1][s]);
        if want == NONE {
            assert_eq!(line, "Impossible", "state {s}");
            continue;
        }
        let (count, path) = line.split_once(' ').unwrap_or((line, ""));
        assert_eq!(count.parse::<usize>().unwrap(), want, "state {s}");
        let mut presses = Vec::new();
        for pair in path.split(')').filter(|p| !p.is_empty()) {
            let (r, c) = pair.trim_start_matches('(').split_once(',').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            presses.push(((r - 1) * 3 + c - 1, 1u8));
        }
        assert_eq!(presses.len(), want, "state {s}");
        let after = sets.replay(&sets.board(s, 0), &presses);
        let present = sets.present();
        assert!(present.iter().all(|&c| after[c] == after[present[0]]), "state {s}: {line}");
    }
}

/// Tatham IDs made from the format: crosses and random matrices, answers as the brute force.
#[test]
fn tatham_ids_answer_as_the_brute_force() {
    let mut rng = Rng(5);
    for (w, h, crosses) in [(3, 3, true), (2, 3, false), (3, 2, false)] {
        let n = w * h;
        let mut sets = match crosses {
            true => plus_sets(h, w, false, 2, vec![false; n]),
            false => random_sets(&mut |p| rng.chance(p), h, w, 2, false),
        };
        // The game accepts a click on a button that toggles nothing.
        sets.idle_pressable = true;
        let matrix: Vec<u8> = sets
            .toggles
            .iter()
            .flat_map(|set| (0..n).map(move |c| u8::from(set.contains(&c))))
            .collect();
        let best = sets.tallies();
        for _ in 0..8 {
            let grid: Vec<u8> = (0..n).map(|_| rng.below(2) as u8).collect();
            let id = format!(
                "{w}x{h}{}:{},{}",
                if crosses { "c" } else { "r" },
                hex(&matrix),
                hex(&grid)
            );
            let out = flipblox_ok(&["flip", "--json", "--tatham", &id], b"");
            let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
            assert_eq!(record["goal"].as_str(), Some("white"), "{id}");
            check_record(&sets, &best, &record, &grid, Some(0), &id);
        }
    }
    let out = flipblox_ok(&["flip", "--path", "--tatham", "2x2:edb7,f"], b"");
    assert_eq!(stdout(&out), "4 (1,1)(1,2)(2,1)(2,2)\n");
}

#[test]
fn bad_inputs_are_refused_with_their_position() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let short = file("short.txt", "1,1\n1,2\n");
    let off = file("off.txt", "1,1\n1,2\n2,1 2,3\n2,2\n");
    let twice = file("twice.txt", "1,1 1,1\n\n\n\n");
    let pair = file("pair.txt", "1,1\n1.2\n\n\n");
    let good = file("good.txt", "1,1\n1,2\n2,1\n2,2\n");
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["--buttons", &short],
            format!("{short}:3:1: expected 4 lines, one per button of the 2x2 board, found 2"),
        ),
        (
            vec!["--buttons", &off],
            format!("{off}:3:5: cell 2,3 is off the 2x2 board (rows 1 to 2, columns 1 to 2)"),
        ),
        (vec!["--buttons", &twice], format!("{twice}:1:5: cell 1,1 is listed twice")),
        (vec!["--buttons", &pair], format!("{pair}:2:2: expected ',' after the row, found '.'")),
        (vec!["--buttons", &good, "--wrap"], "--wrap does not apply to --buttons".to_string()),
        (vec!["--buttons", &good, "--toggle", "x"], "--buttons replaces --toggle".to_string()),
        (
            vec!["--buttons", &good, "--method", "table"],
            "distance tables (--table, --method table) are made for toggle patterns without holes"
                .to_string(),
        ),
        (vec!["--hole", "w"], "--hole w: 'w' is already the symbol of colour 0".to_string()),
        (vec!["--hole", "B"], "--hole B: 'B' is already the symbol of colour 1".to_string()),
        (vec!["--hole", "/"], "--hole /: expected a printable ASCII character".to_string()),
    ];
    for (extra, want) in cases {
        let mut args = vec!["flip", "--size", "2x2", "--board", "bw/wb"];
        args.extend(extra.iter().copied());
        let out = flipblox(&args, b"");
        assert_ne!(out.status.code(), Some(0), "{args:?}");
        assert!(stderr(&out).contains(&want), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{args:?}");
    }
    let tatham: &[(&[&str], &str)] = &[
        (
            &["--tatham", "2x1:f,8x"],
            "--tatham 2x1:f,8x: column 8: expected the end after the grid, found 'x'",
        ),
        (
            &["--tatham", "2x1:ff,8"],
            "--tatham 2x1:ff,8: column 6: expected 1 hexadecimal digits of the matrix, found more",
        ),
        (
            &["--tatham", "2y1:f,8"],
            "--tatham 2y1:f,8: column 2: expected ':' after the size, found 'y'",
        ),
        (&["--tatham", "2x1:f,8", "--board", "bw"], "it cannot be used with --board"),
        (&["--tatham", "2x1:f,8", "--size", "1x2"], "it cannot be used with --size"),
        (&["--tatham", "2x1:f,8", "--colours", "3"], "it cannot be used with --colours"),
    ];
    for (extra, want) in tatham {
        let mut args = vec!["flip"];
        args.extend(extra.iter().copied());
        let out = flipblox(&args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(want), "{args:?}: {}", stderr(&out));
    }
    // A board of holes only meets every goal with no press.
    let out = flipblox_ok(
        &["flip", "--size", "1x2", "--hole", ".", "--goal", "black"],
        b"..\n\nb.\n\nw.\n",
    );
    assert_eq!(stdout(&out), "0\n0\n1\n");
}

/// Sizes read from the input (blocks of their own sizes, no `--size`), with and without
/// `--hole`: distances, paths and solution counts as the brute force, exactly as with `--size`.
#[test]
fn sizes_read_from_the_input_answer_with_counts_as_the_brute_force() {
    let mut rng = Rng(1882);
    for (k, holes) in [(2u8, false), (3, false), (2, true), (3, true)] {
        let mut mask = |n: usize| -> Vec<bool> {
            let mut mask: Vec<bool> = (0..n).map(|_| holes && rng.chance(0.3)).collect();
            mask[0] = false;
            mask
        };
        let all: Vec<Sets> = [(2, 3), (3, 3), (3, 2), (2, 3), (3, 3)]
            .map(|(r, c)| plus_sets(r, c, false, k, mask(r * c)))
            .into();
        let mut boards = Vec::new();
        for _ in 0..10 {
            for sets in &all {
                let states = u64::from(k).pow(sets.present().len() as u32);
                boards.push((sets, sets.board(rng.below(states) as usize, 0)));
            }
        }
        let input: String =
            boards.iter().map(|(sets, cells)| write_board(sets, cells) + "\n").collect();
        let tallies: Vec<Vec<Vec<Tally>>> = all.iter().map(Sets::tallies).collect();
        for goal in [None, Some(0), Some(k - 1)] {
            let (k_text, goal_text) = (k.to_string(), goal_arg(k, goal));
            let args =
                ["flip", "--json", "--colours", &k_text, "--goal", &goal_text, "--hole", "."];
            let args = &args[..if holes { 8 } else { 6 }];
            let text = stdout(&flipblox_ok(args, input.as_bytes()));
            assert_eq!(text.lines().count(), boards.len(), "{args:?}");
            for (i, ((sets, cells), line)) in boards.iter().zip(text.lines()).enumerate() {
                let record: serde_json::Value = serde_json::from_str(line).unwrap();
                let which = all.iter().position(|s| std::ptr::eq(s, *sets)).unwrap();
                let what = format!("{args:?} board {}", i + 1);
                check_record(sets, &tallies[which], &record, cells, goal, &what);
            }
        }
    }
}

/// A board that is all holes meets every goal with no press: the empty press set is its only
/// solution, also for the goal any (it counted once per goal colour; issue 38, item 9).
#[test]
fn a_board_of_holes_only_has_one_solution() {
    for (k, goal, solutions) in [(3u8, "any", 1u64), (3, "0", 1), (2, "any", 1), (2, "b", 1)] {
        let k_text = k.to_string();
        let args = ["flip", "--json", "--size", "2x2", "--hole", ".", "--colours", &k_text];
        let out = flipblox_ok(&[&args[..], &["--goal", goal, "--board", "../.."]].concat(), b"");
        let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(record["distance"], 0, "{record}");
        assert_eq!(record["lower_bound"], 0, "{record}");
        assert_eq!(record["nullity"], 0, "{record}");
        assert_eq!(record["optimal_solutions"], solutions, "{record}");
        assert_eq!(record["solutions"], solutions.to_string(), "{record}");
    }
}

/// With `--hole` the default alphabet's symbols still read in either case.
#[test]
fn holes_keep_the_default_alphabet_in_either_case() {
    let lower = flipblox_ok(&["flip", "--json", "--hole", ".", "--board", "bwb/w.w/bwb"], b"");
    let upper = flipblox_ok(&["flip", "--json", "--hole", ".", "--board", "BWB/W.W/bWB"], b"");
    let strip = |out: &std::process::Output| stdout(out).replace("BWB/W.W/bWB", "bwb/w.w/bwb");
    assert_eq!(strip(&upper), strip(&lower));
    assert!(stdout(&lower).contains("\"distance\":4"), "{}", stdout(&lower));
}

/// `--broken ROW,COL`: the plus (with and without wrap-around, K = 2 and 3, with holes) with
/// some buttons that cannot be pressed, every state against the brute force over press sets of
/// the other buttons; with the size given and read from the input.
#[test]
fn broken_buttons_answer_every_state_as_the_brute_force() {
    let mut rng = Rng(1753);
    for (k, rows, cols, wrap, holes) in [
        (2u8, 3, 3, false, false),
        (3, 2, 3, false, false),
        (2, 2, 3, true, false),
        (2, 3, 4, false, false),
        (2, 3, 3, false, true),
    ] {
        let n = rows * cols;
        let mask: Vec<bool> = (0..n).map(|i| holes && i == 4).collect();
        let mut sets = plus_sets(rows, cols, wrap, k, mask);
        // One to three broken buttons, none a hole; their cells keep their lights.
        let mut broken = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let b = rng.below(n as u64) as usize;
            if !sets.holes[b] && !broken.contains(&b) {
                broken.push(b);
                sets.toggles[b].clear();
            }
        }
        let cells: Vec<String> =
            broken.iter().map(|b| format!("{},{}", b / cols + 1, b % cols + 1)).collect();
        let mut extra: Vec<&str> = cells.iter().flat_map(|c| ["--broken", c.as_str()]).collect();
        if wrap {
            extra.push("--wrap");
        }
        if holes {
            extra.extend(["--hole", "."]);
        }
        let states = usize::from(k).pow(sets.present().len() as u32);
        let boards: Vec<(&Sets, Vec<u8>)> =
            (0..states).map(|s| (&sets, sets.board(s, 0))).collect();
        let (size, k_text) = (format!("{rows}x{cols}"), k.to_string());
        for goal in [None, Some(0), Some(k - 1)] {
            let goal_text = goal_arg(k, goal);
            let args = ["flip", "--json", "--colours", &k_text, "--goal", &goal_text];
            let given = [&args[..], &["--size", &size], &extra[..]].concat();
            check_boards(&given, &boards, goal);
            // Each board's size read from the input: the same answers.
            check_boards(&[&args[..], &extra[..]].concat(), &boards, goal);
        }
    }
}

/// `--broken` refuses a cell off the board (naming the option and the board), a bad cell, a
/// game ID and tables; with more than two colours, a pattern that wraps onto a cell twice.
#[test]
fn broken_buttons_refused_name_the_option() {
    let board = ["--board", "bwwb/bbwb/bwwb/bwww"];
    let off = flipblox(&[&["flip", "--size", "4x4", "--broken", "5,1"][..], &board].concat(), b"");
    assert_eq!(off.status.code(), Some(2), "{}", stderr(&off));
    assert!(
        stderr(&off)
            .contains("--broken 5,1: the cell is off the 4x4 board (rows 1 to 4, columns 1 to 4)"),
        "{}",
        stderr(&off)
    );
    // Without --size the board read decides, and the board fails.
    let off = flipblox(&[&["flip", "--broken", "5,1"][..], &board].concat(), b"");
    assert_eq!(off.status.code(), Some(1));
    assert_eq!(stdout(&off), "Error\n");
    assert!(stderr(&off).contains("board 1: --broken 5,1: the cell is off the 4x4 board"));
    for bad in ["0,1", "3", "3,x", "-1,2"] {
        let flag = format!("--broken={bad}");
        let out = flipblox(&[&["flip", flag.as_str()][..], &board].concat(), b"");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(stderr(&out).contains("expected ROW,COL"), "{bad}: {}", stderr(&out));
    }
    let out = flipblox(&["flip", "--broken", "1,1", "--tatham", "2x2:edb7,f"], b"");
    assert!(stderr(&out).contains("cannot be used with --broken"), "{}", stderr(&out));
    let out =
        flipblox(&[&["flip", "--broken", "1,1", "--method", "table"][..], &board].concat(), b"");
    assert!(
        stderr(&out).contains("--broken, --hole and --tatham are answered"),
        "{}",
        stderr(&out)
    );
    let out = flipblox(
        &[
            "flip",
            "--size",
            "2x3",
            "--wrap",
            "--colours",
            "3",
            "--broken",
            "1,1",
            "--board",
            "000/000",
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("wraps onto a cell twice on the 2x3 board"), "{}", stderr(&out));
}

/// `--buttons FILE` without `--size` takes each board's size from the boards (a 3x3 file and
/// 3x3 boards, by `--board` and in a file), as every other input does; a file that does not fit
/// the boards read names `--size`.
#[test]
fn a_buttons_file_takes_its_size_from_the_boards() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(33);
    let sets = random_sets(&mut |p| rng.chance(p), 3, 3, 2, false);
    let file = dir.path().join("buttons.txt");
    std::fs::write(&file, sets.file()).unwrap();
    let states = 1usize << 9;
    let boards: Vec<(&Sets, Vec<u8>)> = (0..states).map(|s| (&sets, sets.board(s, 0))).collect();
    let path = file.to_str().unwrap();
    for goal in [None, Some(0), Some(1)] {
        let goal_text = goal_arg(2, goal);
        check_boards(&["flip", "--json", "--goal", &goal_text, "--buttons", path], &boards, goal);
    }
    let one = write_board(&sets, &sets.board(77, 0)).trim_end().replace('\n', "/");
    let by_flag = flipblox_ok(&["flip", "--json", "--buttons", path, "--board", &one], b"");
    let record: serde_json::Value = serde_json::from_str(stdout(&by_flag).trim()).unwrap();
    check_record(&sets, &sets.tallies(), &record, &sets.board(77, 0), None, "--board");
    // 4x4 boards and a 3x3 file: the board's error says the size was read, and names --size.
    let out = flipblox(&["flip", "--buttons", path, "--board", "bwwb/bbwb/bwwb/bwww"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "--board:1:1: board 1: --buttons 10:1: expected 16 lines, one per button of the 4x4 \
             board, found 9 (the board is 4x4, read from the input; --size RxC gives the size)"
        ),
        "{}",
        stderr(&out)
    );
}

/// `render flip` takes the options of the puzzles `flip` takes: `--buttons`, `--broken`,
/// `--hole` and `--tatham`, and draws the board `flip` answers.
#[cfg(feature = "render")]
#[test]
fn render_flip_takes_the_puzzle_options_of_flip() {
    let dir = tempfile::tempdir().unwrap();
    let sets = plus_sets(3, 3, false, 2, vec![false; 9]);
    let file = dir.path().join("plus.txt");
    std::fs::write(&file, sets.file()).unwrap();
    let path = file.to_str().unwrap();
    let cases: [&[&str]; 4] = [
        &["--buttons", path, "--board", "bbw/bww/www"],
        &["--broken", "2,2", "--board", "bbw/bww/www"],
        &["--hole", ".", "--board", "bb./bww/www"],
        &["--tatham", "2x2:edb7,f"],
    ];
    for case in cases {
        let svg = flipblox_ok(&[&["render", "flip", "-o", "-"][..], case].concat(), b"");
        assert!(stdout(&svg).starts_with("<svg") || stdout(&svg).contains("<svg"), "{case:?}");
        let answered = flipblox_ok(&[&["flip"][..], case].concat(), b"");
        assert_ne!(stdout(&answered).trim(), "Impossible", "{case:?}");
    }
}
