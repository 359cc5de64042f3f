//! Bloxorz levels as people write them (issue 14): the S/T/o/- drawing, packs as C programs read
//! them, JavaScript ports of the Flash file, `--input-format auto`, and `--shard K/N`. Every
//! answer is checked by the tests' own breadth-first search over a grid the test reads itself,
//! and every path is replayed.

use crate::common::bloxorz::{Grid, read_pack, reference_distance, replay};
use crate::common::{flipblox, flipblox_ok, project, read_bytes, read_text, stderr, stdout};

const DRAWING: &str = "data/bloxorz/formats/drawing.txt";
const SCANF: &str = "data/bloxorz/formats/scanf-pack.txt";
const OLD_MAC: &str = "data/bloxorz/formats/old-mac.txt";
const PORT: &str = "data/bloxorz/formats/port.js";

/// The levels of an S/T/o/- drawing, read the test's own way: blocks of non-blank lines, rows
/// padded with empty cells to the longest.
fn read_drawing(text: &str) -> Vec<Grid> {
    let mut grids = Vec::new();
    for block in text.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        let lines: Vec<&str> = block.lines().collect();
        let width = lines.iter().map(|l| l.len()).max().unwrap();
        let rows = lines
            .iter()
            .map(|line| {
                let mut row: Vec<u8> = line
                    .bytes()
                    .map(|b| match b {
                        b'S' => b'X',
                        b'T' => b'O',
                        b'o' => b'.',
                        b'-' => b'#',
                        other => panic!("not a drawing cell: {other}"),
                    })
                    .collect();
                row.resize(width, b'#');
                row
            })
            .collect();
        grids.push(Grid { rows });
    }
    grids
}

/// A pack written the way C programs read it, made plain by the test: the byte-order mark gone,
/// every line ending a `\n`, and the header numbers joined on one line.
fn read_c_pack(bytes: &[u8]) -> Vec<Grid> {
    let text = String::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes).to_vec());
    let text = text.unwrap().replace("\r\n", "\n").replace('\r', "\n");
    let mut plain = String::new();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    while let Some(line) = lines.next() {
        let numbers: Vec<&str> = line.split_whitespace().collect();
        if numbers.iter().all(|n| n.bytes().all(|b| b.is_ascii_digit())) {
            let mut numbers: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
            if numbers.len() == 1 {
                numbers.push(lines.next().unwrap().to_string());
            }
            plain.push_str(&numbers.join(" "));
        } else {
            plain.push_str(line);
        }
        plain.push('\n');
    }
    read_pack(&plain)
}

/// The stages of `data/bloxorz/formats/port.js`, as the test reads them by eye: `b` tile,
/// `f` fragile, `e` exit, start `[0, 0]`.
fn port_stages() -> Vec<Grid> {
    read_pack("3 7\nX......\n...#...\n.....O.\n3 4\nX...\n.EE.\n...O\n0 0\n")
}

/// Checks `answers` (`--path` lines) against `grids`: the same count, every distance the
/// reference's, every path replayed in exactly its count.
fn check_answers(grids: &[Grid], answers: &str, what: &str) {
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(lines.len(), grids.len(), "{what}: {answers}");
    for (k, (grid, line)) in grids.iter().zip(&lines).enumerate() {
        match reference_distance(grid) {
            None => assert_eq!(*line, "Impossible", "{what} level {}", k + 1),
            Some(n) => assert_eq!(replay(grid, line), Ok(n), "{what} level {}: {line}", k + 1),
        }
    }
}

#[test]
fn every_format_is_answered_right_from_a_file_and_from_a_pipe() {
    let cases: [(&str, &str, Vec<Grid>); 4] = [
        (DRAWING, "drawing", read_drawing(&read_text(project(DRAWING)))),
        (SCANF, "pack", read_c_pack(&read_bytes(project(SCANF)))),
        (OLD_MAC, "pack", read_c_pack(&read_bytes(project(OLD_MAC)))),
        (PORT, "flash", port_stages()),
    ];
    for (file, format, grids) in &cases {
        assert!(grids.iter().any(|g| reference_distance(g).is_some()), "{file}: a solvable level");
        let path = project(file);
        let path = path.to_str().unwrap();
        for input_format in ["auto", format] {
            let args = ["bloxorz", "--path", "--input-format", input_format, path];
            let out = flipblox_ok(&args, b"");
            check_answers(grids, &stdout(&out), &format!("{file} {input_format}"));
            let piped = flipblox_ok(
                &["bloxorz", "--path", "--input-format", input_format],
                &read_bytes(path),
            );
            assert_eq!(stdout(&piped), stdout(&out), "{file} from a pipe");
        }
    }
}

#[test]
fn auto_names_its_choice_with_verbose_and_warns_when_a_file_looks_like_two() {
    for (file, said) in [
        (DRAWING, "read as an S/T/o/- drawing"),
        (SCANF, "read as a level pack"),
        (OLD_MAC, "read as a level pack"),
        (PORT, "read as the Flash game's level file (it assigns `levels`)"),
    ] {
        let path = project(file);
        let out = flipblox_ok(&["bloxorz", "--verbose", path.to_str().unwrap()], b"");
        let message = stderr(&out);
        assert!(message.starts_with("flipblox: "), "{message}");
        assert!(message.contains(said), "{file}: {message}");
        let quiet = flipblox_ok(&["bloxorz", path.to_str().unwrap()], b"");
        assert!(!stderr(&quiet).contains("read as"), "{}", stderr(&quiet));
    }
    // A drawing that also assigns `levels`: read as a drawing, with a warning (for a file, held
    // whole; a stream is decided by its first line and read as it comes, without one).
    let dir = tempfile::tempdir().unwrap();
    let two = dir.path().join("two.txt");
    std::fs::write(&two, "SooT\n\nvar levels = [];\n").unwrap();
    let out = flipblox(&["bloxorz", "--path", two.to_str().unwrap()], b"");
    assert_eq!(stdout(&out), "2 RR\nError\n");
    let message = stderr(&out);
    assert!(message.contains("warning: read as an S/T/o/- drawing"), "{message}");
    assert!(message.contains("also looks like the Flash game's level file"), "{message}");
    let piped = flipblox(&["bloxorz", "--path"], b"SooT\n\nvar levels = [];\n");
    assert_eq!(stdout(&piped), "2 RR\nError\n");
    assert!(!stderr(&piped).contains("warning"), "{}", stderr(&piped));
    // A pack whose comment mentions `levels = [...]` is a pack: its header comes first.
    let out = flipblox_ok(&["bloxorz", "--verbose"], b"; levels = [a]\n1 3\nX.O\n");
    assert_eq!(stdout(&out), "Impossible\n");
    assert!(stderr(&out).contains("read as a level pack"), "{}", stderr(&out));
    // Nothing that decides: read as a pack, whose reader says what is wrong.
    let out = flipblox(&["bloxorz", "--verbose"], b"hello\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("read as a level pack"), "{}", stderr(&out));
    assert!(stderr(&out).contains("<stdin>:1:1: level 1: expected the number of rows"));
}

#[test]
fn the_drawings_errors_are_positioned_and_the_other_levels_answered() {
    let out = flipblox(
        &["bloxorz", "--input-format", "drawing"],
        b"SoT\nox\n\nSooT\n\nooo\n\nSoooT\noS\n",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "Error\n2\nError\nError\n");
    assert_eq!(
        stderr(&out),
        "<stdin>:2:2: level 1: expected a cell 'S', 'T', 'o' or '-' of the drawing, found 'x'\n\
         <stdin>:6:1: level 3: expected a start 'S', found none\n\
         <stdin>:9:2: level 4: expected one start 'S', found a second\n"
    );
}

#[test]
fn convert_writes_drawings_that_read_back_and_refuses_what_they_cannot_show() {
    let drawing = project(DRAWING);
    let out = flipblox_ok(&["convert", "--to", "drawing", drawing.to_str().unwrap()], b"");
    assert_eq!(read_drawing(&stdout(&out)).len(), 3);
    // Drawing -> pack -> drawing gives the same levels (full-width rows).
    let pack = flipblox_ok(&["convert", drawing.to_str().unwrap()], b"");
    let again = flipblox_ok(&["convert", "--to", "drawing"], stdout(&pack).as_bytes());
    assert_eq!(stdout(&again), stdout(&out));
    let grids = read_drawing(&read_text(&drawing));
    assert_eq!(
        read_pack(&stdout(&pack)).iter().map(Grid::to_text).collect::<Vec<_>>(),
        grids.iter().map(Grid::to_text).collect::<Vec<_>>()
    );
    // Fragile cells and a lying start have no drawing: refused, named, exit code 1.
    let out = flipblox(&["convert", "--to", "drawing"], b"1 3\nXEO\n1 3\nXXO\n1 3\nX.O\n0 0\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "SoT\n");
    let message = stderr(&out);
    assert!(
        message.contains("<stdin>:1:1: level 1: not written: the S/T/o/- drawing shows only tiles"),
        "{message}"
    );
    assert!(
        message.contains(
            "<stdin>:3:1: level 2: not written: the S/T/o/- drawing shows only a standing start"
        ),
        "{message}"
    );
}

#[test]
fn a_javascript_port_warns_about_statements_it_does_not_apply() {
    let port = project(PORT);
    let out = flipblox_ok(&["bloxorz", port.to_str().unwrap()], b"");
    assert_eq!(
        stderr(&out),
        format!(
            "{}:18:3: warning: not applied: a statement on an entry of `levels` (only `levels = \
             [...]` and `levels.push(...)` are read)\n",
            port.display()
        )
    );
    let out = flipblox(&["bloxorz", "--input-format", "flash"], b"var levelaa = [];\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("(or `var levels = [...]`, `let`, `const`), found none"));
}

#[test]
fn shards_merged_by_index_equal_the_single_run() {
    let pack = project("data/bloxorz/mixed-small.txt");
    let pack = pack.to_str().unwrap();
    let whole = stdout(&flipblox_ok(&["bloxorz", "--path", pack], b""));
    let whole_json = stdout(&flipblox_ok(&["bloxorz", "--path", "--json", pack], b""));
    let levels = whole.lines().count();
    assert!(levels >= 7, "{levels} levels");
    for n in [1, 2, 3, 7] {
        let mut text: Vec<(usize, String)> = Vec::new();
        let mut json: Vec<(u64, String)> = Vec::new();
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            {
                let run = |args: &[&str]| stdout(&flipblox_ok(args, b""));
                let out = run(&["bloxorz", "--path", "--jobs", "1", "--shard", &shard, pack]);
                let two = run(&["bloxorz", "--path", "--jobs", "2", "--shard", &shard, pack]);
                assert_eq!(two, out, "{shard} on two threads");
                let out_json = run(&["bloxorz", "--path", "--json", "--shard", &shard, pack]);
                for line in out.lines() {
                    let (index, answer) = line.split_once('\t').unwrap();
                    let index: usize = index.parse().unwrap();
                    assert_eq!((index - 1) % n, k - 1, "{shard}: {line}");
                    text.push((index, answer.to_string()));
                }
                for line in out_json.lines() {
                    let record: serde_json::Value = serde_json::from_str(line).unwrap();
                    json.push((record["index"].as_u64().unwrap(), line.to_string()));
                }
            }
        }
        text.sort();
        json.sort();
        let merged: Vec<String> = text.into_iter().map(|(_, a)| a).collect();
        assert_eq!(merged, whole.lines().collect::<Vec<_>>(), "{n} shards");
        let merged: Vec<String> = json.into_iter().map(|(_, l)| l).collect();
        assert_eq!(merged, whole_json.lines().collect::<Vec<_>>(), "{n} shards, JSON");
    }
    let out = flipblox(&["bloxorz", "--shard", "4/3", pack], b"");
    assert_eq!(out.status.code(), Some(2));
}

/// A drawing with `.` for a cell (`So.oT`) or with its rows indented was read as a pack, whose
/// reader asked for an `R C` header: it is read as a drawing, whose reader names the line and
/// column of the mistake and what a drawing writes there.
#[test]
fn a_drawing_with_a_dot_or_indented_rows_is_read_as_a_drawing() {
    let out = flipblox(&["bloxorz", "--verbose"], b"So.oT\n");
    assert_eq!((out.status.code(), stdout(&out).as_str()), (Some(1), "Error\n"));
    let err = stderr(&out);
    assert!(err.contains("read as an S/T/o/- drawing (its first line holds the cells"), "{err}");
    assert!(
        err.contains(
            "<stdin>:1:3: level 1: expected a cell 'S', 'T', 'o' or '-' of the drawing, found '.' \
             ('-' is no tile, 'o' a tile)"
        ),
        "{err}"
    );
    let out = flipblox(&["bloxorz"], b"  oooo\n  oSoo\n  ooooooo\n  --ooTo\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "<stdin>:1:1: level 1: expected a cell 'S', 'T', 'o' or '-' of the drawing, found ' ' \
             (a blank is no cell: '-' is no tile)"
        ),
        "{}",
        stderr(&out)
    );
    // Once fixed as the message says, the drawing is answered; a file reads as the stream does.
    let drawing = b"oooo\noSoo\nooooooo\n--ooTo\n";
    let fixed = flipblox_ok(&["bloxorz"], drawing);
    let named = flipblox_ok(&["bloxorz", "--input-format", "drawing"], drawing);
    assert_eq!(stdout(&fixed), stdout(&named));
    assert_ne!(stdout(&fixed), "Error\n");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dotted.txt");
    std::fs::write(&file, "So.oT\n\nSooT\n").unwrap();
    let out = flipblox(&["bloxorz", file.to_str().unwrap()], b"");
    assert_eq!(stdout(&out), "Error\n2\n");
}
