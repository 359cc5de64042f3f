//! Boards as people bring them (issue 27, items 2, 4 and 7): sizes read from the input in every
//! layout (an inline board with `/`, one board in a file, size lines before boards of mixed
//! sizes, POJ 1753's 4-line boards, a row of `1`s that is no count, CRLF, no final line ending,
//! ragged rows), the names people use (`--goal off/on`, either case, leading blanks,
//! `--colors`), and the interface of `flip -o FILE`, `--layout`, `render flip FILE` and `-h`.
//! Every answer is checked against the brute force of `common/lights_out.rs` and every path
//! replayed there.

use crate::common::lights_out::{Rules, UNREACHABLE};
use crate::common::rng::Rng;
use crate::common::{flipblox, flipblox_ok, project, read_text, stderr, stdout, write_file};

/// A random board of `rules` as cells.
fn random_cells(rng: &mut Rng, rules: &Rules) -> Vec<u8> {
    (0..rules.cells()).map(|_| rng.below(u64::from(rules.colours)) as u8).collect()
}

/// The rows of `cells` in `symbols`.
fn rows_of(rules: &Rules, cells: &[u8], symbols: &[u8]) -> Vec<String> {
    cells
        .chunks(rules.cols)
        .map(|row| row.iter().map(|&c| char::from(symbols[usize::from(c)])).collect())
        .collect()
}

/// Checks the `--json` records of `out` against the brute force: record `i` answers `boards[i]`
/// (its rules and cells) for the goal `goal` (`None`: any colour).
fn check_records(out: &std::process::Output, boards: &[(Rules, Vec<u8>)], goal: Option<u8>) {
    let text = stdout(out);
    let records: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), boards.len(), "{text}\n{}", stderr(out));
    let mut tables = std::collections::HashMap::new();
    for (i, (record, (rules, cells))) in records.iter().zip(boards).enumerate() {
        let colours: Vec<u8> = match goal {
            Some(c) => vec![c],
            None => (0..rules.colours).collect(),
        };
        let want = colours.iter().map(|&c| fewest(&mut tables, rules, cells, c)).min().unwrap();
        let what = format!("board {} ({}x{}): {record}", i + 1, rules.rows, rules.cols);
        if want == UNREACHABLE {
            assert!(record["distance"].is_null(), "{what}");
            continue;
        }
        assert_eq!(record["distance"].as_u64(), Some(u64::from(want)), "{what}");
        let mut presses = vec![0u8; rules.cells()];
        for rc in record["path"].as_array().unwrap() {
            let (r, c) = (rc[0].as_u64().unwrap() as usize, rc[1].as_u64().unwrap() as usize);
            assert!((1..=rules.rows).contains(&r) && (1..=rules.cols).contains(&c), "{what}");
            presses[(r - 1) * rules.cols + c - 1] += 1;
        }
        let presses: Vec<(usize, u8)> =
            presses.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(i, &n)| (i, n)).collect();
        let after = rules.replay(cells, &presses);
        assert!(after.iter().all(|&c| c == after[0]), "{what}: not uniform after the path");
        assert!(colours.contains(&after[0]), "{what}: the wrong colour");
    }
}

/// The fewest presses taking `cells` to all `colour`: the brute force's distance (each table
/// made once, kept in `tables`), or for two colours and more than 16 cells the fewest presses
/// of every press set tried (a walk over them in Gray code order, one press a step).
fn fewest(
    tables: &mut std::collections::HashMap<(usize, usize, u8, u8), Vec<u8>>,
    rules: &Rules,
    cells: &[u8],
    colour: u8,
) -> u8 {
    let n = rules.cells();
    if rules.colours > 2 || n <= 16 {
        let key = (rules.rows, rules.cols, rules.colours, colour);
        let table = tables.entry(key).or_insert_with(|| rules.brute_force(colour));
        return table[rules.encode(cells)];
    }
    let bits =
        |cells: &[u8]| cells.iter().enumerate().fold(0u32, |m, (j, &c)| m | u32::from(c) << j);
    let masks: Vec<u32> = (0..n)
        .map(|cell| {
            let mut toggled = vec![0u8; n];
            rules.press(&mut toggled, cell, 1);
            bits(&toggled)
        })
        .collect();
    let target = bits(&cells.iter().map(|&c| u8::from(c != colour)).collect::<Vec<_>>());
    let (mut best, mut toggled) = (UNREACHABLE, 0u32);
    for step in 0u32..1 << n {
        if step > 0 {
            toggled ^= masks[step.trailing_zeros() as usize];
        }
        if toggled == target {
            best = best.min((step ^ step >> 1).count_ones() as u8);
        }
    }
    best
}

/// Boards of the sizes `sizes`, random, with their rules (the plus pattern, `k` colours).
fn boards_of(rng: &mut Rng, sizes: &[(usize, usize)], k: u8) -> Vec<(Rules, Vec<u8>)> {
    sizes
        .iter()
        .map(|&(r, c)| {
            let rules = Rules::new(r, c, ".x./xxx/.x.", false, k);
            let cells = random_cells(rng, &rules);
            (rules, cells)
        })
        .collect()
}

/// Sizes small enough for the brute force, with blocks of rows of 4 pieces that are no 4x4
/// boards (1, 2 or 3 rows).
const SIZES: &[(usize, usize)] =
    &[(2, 3), (3, 2), (1, 5), (3, 4), (3, 3), (2, 5), (1, 4), (2, 6), (2, 4), (1, 7)];

#[test]
fn an_inline_board_with_slashes_gets_the_size_of_its_rows() {
    let mut rng = Rng(27);
    // The issue's own board is 5x5; random boards of other sizes, of two rows or more (one row
    // without `/` is refused, below).
    let issue = flipblox_ok(&["flip", "--json", "--board", "bwwbb/bbwbb/bwwbb/bwwwb/bbbbb"], b"");
    let record: serde_json::Value = serde_json::from_str(stdout(&issue).trim()).unwrap();
    assert_eq!(record["board"], "bwwbb/bbwbb/bwwbb/bwwwb/bbbbb");
    assert_eq!(record["nullity"], 2, "5x5 Lights Out's null space");
    let sizes: Vec<(usize, usize)> = SIZES.iter().copied().filter(|&(r, _)| r > 1).collect();
    let boards = boards_of(&mut rng, &sizes, 2);
    for goal in [None, Some(0), Some(1)] {
        let mut args = vec!["flip".to_string(), "--json".to_string()];
        if let Some(g) = goal {
            args.extend(["--goal".to_string(), ["off", "on"][usize::from(g)].to_string()]);
        }
        for (rules, cells) in &boards {
            args.extend(["--board".to_string(), rows_of(rules, cells, b"wb").join("/")]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = flipblox_ok(&args, b"");
        check_records(&out, &boards, goal);
    }
    // A ragged board: the row and column of the first row of another length.
    let out = flipblox(&["flip", "--board", "bwwbb/bbwbb/bwwb/bwwwb/bbbbb"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "--board:3:5: board 1: expected 5 pieces in the row, as in the board's first row, \
         found 4\n"
    );
    assert_eq!(stdout(&out), "Error\n");
    // One line without `/`: the 16 pieces of 4x4, and otherwise a message naming --size.
    let out = flipblox_ok(&["flip", "--board", "bwwbbbwbbwwbbwww"], b"");
    assert_eq!(stdout(&out), "4\n");
    let out = flipblox(&["flip", "--board", "bwwbbbwbbwwbbwwwbbwwbbwwb"], b"");
    assert!(stderr(&out).contains("give the size (--size RxC)"), "{}", stderr(&out));
}

#[test]
fn a_file_of_one_board_or_blocks_gets_their_sizes_with_crlf_and_no_final_newline() {
    let mut rng = Rng(1882);
    let boards = boards_of(&mut rng, SIZES, 2);
    for (ending, last) in [("\n", "\n"), ("\r\n", ""), ("\n", ""), ("\r\n", "\r\n")] {
        let dir = tempfile::tempdir().unwrap();
        // One board alone in a file.
        for (i, board @ (rules, cells)) in boards.iter().enumerate() {
            let path = dir.path().join(format!("one-{i}.txt"));
            write_file(&path, rows_of(rules, cells, b"wb").join(ending) + last);
            let out = flipblox_ok(&["flip", "--json", path.to_str().unwrap()], b"");
            check_records(&out, std::slice::from_ref(board), None);
        }
        // Every board in one file, blank lines between, leading blanks on some rows.
        let text: Vec<String> = boards
            .iter()
            .enumerate()
            .map(|(i, (rules, cells))| {
                let rows = rows_of(rules, cells, b"wb");
                let indent = if i % 2 == 1 { "  " } else { "" };
                rows.iter().map(|r| format!("{indent}{r}")).collect::<Vec<_>>().join(ending)
            })
            .collect();
        let joined = text.join(&format!("{ending}{ending}")) + last;
        let out = flipblox_ok(&["flip", "--json", "--goal", "white"], joined.as_bytes());
        check_records(&out, &boards, Some(0));
    }
}

#[test]
fn size_lines_before_boards_of_mixed_sizes_hdu_1882_and_bzoj_4171() {
    let mut rng = Rng(4171);
    let boards = boards_of(&mut rng, SIZES, 2);
    // HDU 1882 "Strange Billboard": `R C`, rows of `X` and `.`, a blank line after each, `0 0`.
    let mut text = String::new();
    for (rules, cells) in &boards {
        text += &format!("{} {}\n", rules.rows, rules.cols);
        text += &(rows_of(rules, cells, b".X").join("\n") + "\n\n");
    }
    text += "0 0\n";
    let out =
        flipblox_ok(&["flip", "--json", "--alphabet", ".X", "--goal", "off"], text.as_bytes());
    check_records(&out, &boards, Some(0));
    // bzoj 4171: a count line, `R C 0`, rows of `B` and `W` (the default alphabet in upper case),
    // no blank lines; the third number, cells that cannot be pressed, is refused when not 0.
    let mut text = format!("{}\n", boards.len() + 1);
    for (rules, cells) in &boards {
        text += &format!("{} {} 0\n", rules.rows, rules.cols);
        text += &(rows_of(rules, cells, b"WB").join("\n") + "\n");
    }
    text += "3 3 2\nWBW\nBBB\nWBW\n2 2\n3 2\n";
    let out = flipblox(&["flip", "--json", "--goal", "white"], text.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let printed = stdout(&out);
    let lines: Vec<&str> = printed.lines().collect();
    let (last, answered) = lines.split_last().unwrap();
    let answered = answered.join("\n");
    let partial = std::process::Output { stdout: answered.into_bytes(), ..out.clone() };
    check_records(&partial, &boards, Some(0));
    assert!(last.contains("\"error\":"), "{last}");
    let unpressable = format!(
        "board {}: expected 0 as the size line's third number (bzoj 4171's count of cells that \
         cannot be pressed, which flipblox does not read), found 2: the board and the 2 lines \
         after it are skipped",
        boards.len() + 1
    );
    assert!(stderr(&out).contains(&unpressable), "{}", stderr(&out));
    // A bad size line is a board's error, and the boards after it are read.
    let out = flipblox(&["flip"], b"1 2\nbw\nbwb\nbb\n2 2\nbw\nwb\n");
    assert_eq!(stdout(&out), "Impossible\nError\n2\n");
    assert!(stderr(&out).starts_with("<stdin>:3:1: board 2: expected a size line"));
    // A first line that reads as a size line and as a row is refused, naming --size.
    let out = flipblox(&["flip", "--alphabet", "01"], b"1 1\n0 1\n");
    assert!(stderr(&out).contains("give the board size (--size RxC)"), "{}", stderr(&out));
    let out = flipblox_ok(&["flip", "--alphabet", "01", "--size", "2x2"], b"1 1\n0 1\n");
    assert_eq!(stdout(&out).lines().count(), 1);
}

#[test]
fn poj_1753_files_of_four_line_boards_keep_their_meaning() {
    let path = project("data/flip/boards-1000.txt");
    let expected = read_text(project("data/flip/boards-1000.expected"));
    let path = path.to_str().unwrap();
    for args in
        [&["flip", path][..], &["flip", "--size", "4x4", path], &["flip", "--no-mmap", path]]
    {
        assert_eq!(stdout(&flipblox_ok(args, b"")), expected, "{args:?}");
    }
    let text = std::fs::read(path).unwrap();
    assert_eq!(stdout(&flipblox_ok(&["flip"], &text)), expected, "from a pipe");
    // A first block of a short row is an error of its own board, and the 4x4 board after it
    // is read.
    let out = flipblox(&["flip"], b"bwwb\nbb\n\nbwwb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(stdout(&out), "Error\n4\n");
    assert!(
        stderr(&out).starts_with("<stdin>:2:3: board 1: expected 4 pieces"),
        "{}",
        stderr(&out)
    );
}

/// The text of `boards` (rows of `wb`), the boards of each block in `blocks` (how many boards
/// each block holds) one after another in the block, blank lines between blocks, lines ended
/// by `ending`.
fn blocks_text(boards: &[(Rules, Vec<u8>)], blocks: &[usize], ending: &str) -> String {
    let mut rest = boards.iter();
    let texts: Vec<String> = blocks
        .iter()
        .map(|&n| {
            let rows: Vec<String> = rest
                .by_ref()
                .take(n)
                .flat_map(|(rules, cells)| rows_of(rules, cells, b"wb"))
                .collect();
            rows.join(ending) + ending
        })
        .collect();
    texts.join(ending)
}

#[test]
fn poj_1753_files_without_blank_lines_keep_meaning_4x4_boards() {
    // 300 boards (1,200 rows, past a board's 1,024) and 3 boards (12 rows), no blank lines, LF
    // and CRLF: from a file (the fast path, and --no-mmap) and from a pipe.
    let mut rng = Rng(1753);
    for count in [300, 3] {
        let boards = boards_of(&mut rng, &vec![(4, 4); count], 2);
        for ending in ["\n", "\r\n"] {
            let text = blocks_text(&boards, &[count], ending);
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("boards.txt");
            write_file(&path, &text);
            let path = path.to_str().unwrap();
            for args in [&["flip", "--json", path][..], &["flip", "--json", "--no-mmap", path]] {
                check_records(&flipblox_ok(args, b""), &boards, None);
            }
            check_records(&flipblox_ok(&["flip", "--json"], text.as_bytes()), &boards, None);
            let plain = stdout(&flipblox_ok(&["flip", path], b""));
            assert_eq!(plain.lines().count(), count);
        }
    }
    // 2,000 boards with blank lines between them: more JSON records than the fast path holds
    // before it writes them out.
    let boards = boards_of(&mut rng, &vec![(4, 4); 2000], 2);
    let text = blocks_text(&boards, &vec![1; 2000], "\n");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("blank.txt");
    write_file(&path, &text);
    check_records(&flipblox_ok(&["flip", "--json", path.to_str().unwrap()], b""), &boards, None);
    // 1,026 rows: 256 boards and one cut off at the end; 1,025 rows and a block of 3 after a
    // blank line: 256 boards, one cut off by the blank line, and a 3x4 board.
    let boards = boards_of(&mut rng, &vec![(4, 4); 257], 2);
    let mut text = blocks_text(&boards, &[257], "\n");
    text.truncate(text.len() - 10);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.txt");
    write_file(&path, &text);
    for args in
        [&["flip", path.to_str().unwrap()][..], &["flip", "--no-mmap", path.to_str().unwrap()]]
    {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(1));
        let printed = stdout(&out);
        assert_eq!(printed.lines().count(), 257);
        assert_eq!(printed.lines().last(), Some("Error"));
        assert!(
            stderr(&out).contains(
                ":1027:1: board 257: expected 4 rows, found the end of the input after 2"
            ),
            "{}",
            stderr(&out)
        );
    }
    text.truncate(text.len() - 5);
    text += "\nbwb\nwbw\nbbb\n";
    let out = flipblox(&["flip"], text.as_bytes());
    let printed = stdout(&out);
    assert_eq!(printed.lines().count(), 258);
    assert_eq!(printed.lines().nth(256), Some("Error"));
    assert!(
        stderr(&out)
            .contains("<stdin>:1026:1: board 257: expected 4 rows, found a blank line after 1"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn blocks_of_rows_of_four_are_4x4_boards_or_one_board_of_their_rows() {
    // A 3x4, a 5x4, two 4x4 boards in a block of 8 rows, three in a block of 12, a 1x4, a 3x3,
    // a 4x4 alone, a 2x4: each block's boards, from a file (the fast path) and a pipe.
    let mut rng = Rng(274);
    let sizes =
        [(3, 4), (5, 4), (4, 4), (4, 4), (4, 4), (4, 4), (4, 4), (1, 4), (3, 3), (4, 4), (2, 4)];
    let blocks = [1, 1, 2, 3, 1, 1, 1, 1];
    for ending in ["\n", "\r\n"] {
        let boards = boards_of(&mut rng, &sizes, 2);
        let text = blocks_text(&boards, &blocks, ending);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("blocks.txt");
        write_file(&path, &text);
        let path = path.to_str().unwrap();
        for args in
            [&["flip", "--json", path][..], &["flip", "--json", "--path", "--no-mmap", path]]
        {
            check_records(&flipblox_ok(args, b""), &boards, None);
        }
        let out = flipblox_ok(&["flip", "--json", "--goal", "black"], text.as_bytes());
        check_records(&out, &boards, Some(1));
        // Each block alone in a file.
        let mut rest = &boards[..];
        for (i, &n) in blocks.iter().enumerate() {
            let (these, after) = rest.split_at(n);
            rest = after;
            let path = dir.path().join(format!("block-{i}.txt"));
            write_file(&path, blocks_text(these, &[n], ending));
            check_records(
                &flipblox_ok(&["flip", "--json", path.to_str().unwrap()], b""),
                these,
                None,
            );
        }
    }
    // A bad row: of the 4x4 board it is in (rows 5 to 8 of a block of 8), or of the block's one
    // board (a block of 5 rows); the next board is read.
    let out = flipblox(&["flip"], b"bwwb\nbbwb\nbwwb\nbwww\nwwww\nwxww\nwwww\nwwww\n\nbwwb\n");
    assert_eq!(stdout(&out), "4\nError\n2\n", "bwwb: presses at 2 and 3");
    assert!(stderr(&out).starts_with("<stdin>:6:2: board 2: expected"), "{}", stderr(&out));
    let out = flipblox(&["flip", "--json"], b"bwwb\nbbwb\nbwwb\nbwww\nwxww\n");
    assert!(stdout(&out).contains("\"error\":\"5:2: board 1: expected"), "{}", stdout(&out));
    assert_eq!(stdout(&out).lines().count(), 1);
    // With --size 4x4, a block of 3 rows is a board cut off, as in POJ 1753.
    let out = flipblox(&["flip", "--size", "4x4"], b"bwwb\nbbwb\nbwww\n\nbwwb\nbbwb\nbwwb\nbwww\n");
    assert_eq!(stdout(&out), "Error\n4\n");
    assert!(stderr(&out).contains("found a blank line after 3"), "{}", stderr(&out));
}

#[test]
fn a_row_of_ones_is_never_a_board_count() {
    // With the symbols `01`, a first line of 1s is a row of the board, not "11111 boards".
    let rules = Rules::new(3, 5, ".x./xxx/.x.", false, 2);
    let cells: Vec<u8> = "111110101011111".bytes().map(|b| b - b'0').collect();
    let text = rows_of(&rules, &cells, b"01").join("\n") + "\n";
    let out = flipblox_ok(&["flip", "--json", "--alphabet", "01"], text.as_bytes());
    assert_eq!(stderr(&out), "", "no count warning");
    check_records(&out, &[(rules, cells)], None);
    // With the size given, too: the long row is an error of the board, not a count.
    let out =
        flipblox(&["flip", "--alphabet", "01", "--size", "4x4"], b"11111\n0000\n0000\n0000\n");
    assert!(!stderr(&out).contains("count line"), "{}", stderr(&out));
    assert!(stderr(&out).contains("<stdin>:1:5: board 1: expected 4 pieces"), "{}", stderr(&out));
    // A number whose digits are not all symbols is still a count.
    let out = flipblox_ok(&["flip", "--alphabet", "01", "--goal", "white"], b"2\n10\n01\n");
    assert_eq!(
        stderr(&out),
        "<stdin>:1:1: warning: the count line says 2 boards, found 1 (a 2x2 board, the size read \
         from the input; for 2 boards of 1x2 give --size 1x2)\n"
    );
}

#[test]
fn the_names_people_use_goal_off_on_either_case_leading_blanks_colors() {
    let mut rng = Rng(4);
    // `off` and `on` are the lowest and highest colour: `white` and `black`, or `0` and `K-1`.
    for k in [2u8, 3] {
        let boards = boards_of(&mut rng, &[(2, 3), (3, 3), (1, 4)], k);
        let symbols: &[u8] = if k == 2 { b"wb" } else { b"012" };
        let input: String = boards
            .iter()
            .map(|(r, c)| format!("{} {}\n{}\n", r.rows, r.cols, rows_of(r, c, symbols).join("\n")))
            .collect();
        let k_text = k.to_string();
        for (word, colour) in [("off", 0), ("OFF", 0), ("on", k - 1), ("On", k - 1)] {
            let args = ["flip", "--json", "--colors", &k_text, "--goal", word];
            let out = flipblox_ok(&args, input.as_bytes());
            check_records(&out, &boards, Some(colour));
        }
    }
    // Either case for the default alphabets' symbols, blanks before a row; a given alphabet is
    // case-sensitive.
    let lower = flipblox_ok(&["flip"], b"bwwb\nbbwb\nbwwb\nbwww\n");
    let upper = flipblox_ok(&["flip"], b"  BWWB\n\tBbWb\n b w w b\nBWWW\n");
    assert_eq!(stdout(&upper), stdout(&lower));
    let hex = flipblox_ok(&["flip", "--colours", "16", "--size", "1x3", "--goal", "0"], b"FfA\n");
    let hex_lower =
        flipblox_ok(&["flip", "--colours", "16", "--size", "1x3", "--goal", "0"], b"ffa\n");
    assert_eq!(stdout(&hex), stdout(&hex_lower));
    let out = flipblox(&["flip", "--alphabet", "wb", "--board", "BWWB/bbwb/bwwb/bwww"], b"");
    assert!(stderr(&out).contains("found 'B'"), "{}", stderr(&out));
    // `--colors` is `--colours` in every command that takes the variant options.
    let a = flipblox_ok(&["stats", "flip", "--size", "2x2", "--colors", "3"], b"");
    let b = flipblox_ok(&["stats", "flip", "--size", "2x2", "--colours", "3"], b"");
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn flip_writes_answers_to_a_file_with_o_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let answers = dir.path().join("answers.txt");
    let sample = project("data/flip/boards-1000.txt");
    let expected = read_text(project("data/flip/boards-1000.expected"));
    write_file(&answers, "old\n");
    let out =
        flipblox_ok(&["flip", "-o", answers.to_str().unwrap(), sample.to_str().unwrap()], b"");
    assert_eq!(stdout(&out), "", "the answers go to the file");
    assert_eq!(read_text(&answers), expected);
    // JSON and the general path too; a bad board is in the file as its record, exit code 1.
    let out = flipblox(
        &["flip", "--json", "--output", answers.to_str().unwrap()],
        b"bwb\nwbw\n\nbxb\nwww\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let text = read_text(&answers);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(text.lines().nth(1).unwrap().contains("\"error\":\"4:2: board 2: expected"), "{text}");
    // A run that fails before its end leaves the file as it was: a directory that does not
    // exist fails at once, and an unknown table file ends the run.
    let missing = dir.path().join("no/such/dir/answers.txt");
    let out =
        flipblox(&["flip", "-o", missing.to_str().unwrap(), "--board", "bwwb/bbwb/bwwb/bwww"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("cannot create"), "{}", stderr(&out));
    let out =
        flipblox(&["flip", "-o", answers.to_str().unwrap(), "--table", "/nonexistent.fbt"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(read_text(&answers), text, "left as it was");
    // `-o -` is standard output.
    let out = flipblox_ok(&["flip", "-o", "-", "--board", "bwwb/bbwb/bwwb/bwww"], b"");
    assert_eq!(stdout(&out), "4\n");
}

#[test]
fn layout_grid_prints_press_counts_and_is_refused_with_json() {
    let out = flipblox_ok(&["flip", "--layout", "grid", "--board", "bww/wbw/wbb"], b"");
    let text = stdout(&out);
    let mut lines = text.lines();
    let d: usize = lines.next().unwrap().parse().unwrap();
    let grid: Vec<u8> =
        lines.flat_map(|l| l.split(' ').map(|n| n.parse::<u8>().unwrap())).collect();
    assert_eq!(grid.len(), 9);
    assert_eq!(grid.iter().map(|&n| usize::from(n)).sum::<usize>(), d);
    let rules = Rules::new(3, 3, ".x./xxx/.x.", false, 2);
    let cells: Vec<u8> = "bwwwbwwbb".bytes().map(|b| u8::from(b == b'b')).collect();
    let presses: Vec<(usize, u8)> =
        grid.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(i, &n)| (i, n)).collect();
    let after = rules.replay(&cells, &presses);
    assert!(after.iter().all(|&c| c == after[0]));
    let want = (0..2).map(|c| rules.brute_force(c)[rules.encode(&cells)]).min().unwrap();
    assert_eq!(d, usize::from(want));
    let out = flipblox(&["flip", "--json", "--layout", "grid", "--board", "bww/wbw/wbb"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--layout grid prints text lines"), "{}", stderr(&out));
}

#[test]
fn short_help_gives_one_line_per_option_under_headings() {
    let short = stdout(&flipblox_ok(&["flip", "-h"], b""));
    for heading in ["Input:", "Variant:", "Output:", "Tables:"] {
        assert!(short.lines().any(|l| l == heading), "{heading}\n{short}");
    }
    // Every option's line is one line: no line starts with the continuation indent alone
    // unless it wraps a list of possible values.
    let options = short.lines().filter(|l| l.trim_start().starts_with('-')).count();
    let wrapped = short
        .lines()
        .filter(|l| l.starts_with("        ") && !l.contains("values:") && !l.contains(']'))
        .count();
    assert!(options >= 20, "{short}");
    assert_eq!(wrapped, 0, "{short}");
    let long = stdout(&flipblox_ok(&["flip", "--help"], b""));
    assert!(long.contains("memory-mapped and used in place"), "{long}");
    assert!(long.lines().count() > 2 * short.lines().count());
}

#[cfg(feature = "render")]
#[test]
fn render_flip_draws_a_board_from_a_file_and_render_stats_takes_the_variant() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("boards.txt");
    write_file(&file, "bwwbb\nbbwbb\nbwwbb\nbwwwb\nbbbbw\n\nbww\nwbw\nwbb\n");
    let from_file =
        flipblox_ok(&["render", "flip", file.to_str().unwrap(), "--index", "2", "-o", "-"], b"");
    let inline = flipblox_ok(&["render", "flip", "--board", "bww/wbw/wbb", "-o", "-"], b"");
    assert_eq!(stdout(&from_file), stdout(&inline));
    assert!(stdout(&inline).starts_with("<svg") || stdout(&inline).starts_with("<?xml"));
    let out = flipblox(&["render", "flip", file.to_str().unwrap(), "--index", "3", "-o", "-"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("expected board 3, found 2 boards"), "{}", stderr(&out));
    // A board larger than the command line takes (about 362x362): 400x400 from a file, made by
    // random presses from an all-white board so that it has a solution to draw.
    let big = dir.path().join("big.txt");
    let mut rng = Rng(400);
    let rules = Rules::new(400, 400, ".x./xxx/.x.", false, 2);
    let mut cells = vec![0u8; 400 * 400];
    for _ in 0..2000 {
        rules.press(&mut cells, rng.below(400 * 400) as usize, 1);
    }
    write_file(&big, rows_of(&rules, &cells, b"wb").join("\n") + "\n");
    let svg = dir.path().join("big.svg");
    flipblox_ok(&["render", "flip", big.to_str().unwrap(), "-o", svg.to_str().unwrap()], b"");
    let drawn = std::fs::read_to_string(&svg).expect("the picture written");
    assert!(drawn.contains("<svg") && drawn.trim_end().ends_with("</svg>"), "{}", drawn.len());
    // `render stats` with the variant options draws another histogram than the Flip Game's.
    let plain = flipblox_ok(&["render", "stats", "--size", "3x3", "-o", "-"], b"");
    let white =
        flipblox_ok(&["render", "stats", "--size", "3x3", "--goal", "white", "-o", "-"], b"");
    let three =
        flipblox_ok(&["render", "stats", "--size", "2x2", "--colours", "3", "-o", "-"], b"");
    assert_ne!(stdout(&plain), stdout(&white));
    assert!(stdout(&three).contains("<svg"));
    // A variant's table file draws the same histogram as the table built in memory, with the
    // options that name its variant; without them it is refused, naming what it holds.
    let table = dir.path().join("lo3.fbt");
    let table = table.to_str().unwrap();
    flipblox_ok(&["table", "build", "--size", "2x2", "--colours", "3", "-o", table], b"");
    let from_file =
        flipblox_ok(&["render", "stats", "--table", table, "--colours", "3", "-o", "-"], b"");
    assert_eq!(stdout(&from_file), stdout(&three));
    let out = flipblox(&["render", "stats", "--table", table, "-o", "-"], b"");
    assert_ne!(out.status.code(), Some(0));
    assert!(stderr(&out).contains("3 colours"), "{}", stderr(&out));
}
