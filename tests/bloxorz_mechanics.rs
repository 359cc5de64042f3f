//! Levels with switches, bridge tiles and split switches: the shipped hand-checked pack, thousands
//! of generated levels against the reference BFS of the independent model
//! (`tests/common/extended.rs`), every path replayed, and bad definitions.

use crate::common::Rng;
use crate::common::checks::pack_reports;
use crate::common::extended::{Ext, random_ext, read_ext_pack};
use crate::common::{flipblox, project, read_text, stderr, stdout};
use flipblox::bloxorz::{Report, RunOptions};

fn run(pack: &str, jobs: usize) -> Vec<Report> {
    pack_reports(pack.as_bytes(), RunOptions { jobs, paths: true, ..RunOptions::default() })
}

/// Solves `levels` with the library and checks every answer against the reference BFS and every
/// path with the replayer; returns (solvable, impossible, levels whose paths move cubes).
fn check_against_reference(levels: &[Ext]) -> (usize, usize, usize) {
    let pack: String = levels.iter().map(Ext::to_text).collect();
    let reports = run(&pack, 2);
    assert_eq!(reports.len(), levels.len());
    let (mut solvable, mut impossible, mut split) = (0, 0, 0);
    for (i, (level, report)) in levels.iter().zip(&reports).enumerate() {
        let answer = report
            .result
            .as_ref()
            .unwrap_or_else(|e| panic!("level {}: {e}\n{}", i + 1, level.to_text()));
        let want = level.reference_distance();
        assert_eq!(answer.solution.moves, want, "level {}:\n{}", i + 1, level.to_text());
        let path: String = answer.path.iter().map(|s| s.to_string()).collect();
        match want {
            Some(n) => {
                solvable += 1;
                split += usize::from(path.contains(['a', 'b']));
                let replayed = level.replay(&format!("{n} {path}"));
                assert_eq!(replayed, Ok(n), "level {}: {path}\n{}", i + 1, level.to_text());
            }
            None => {
                impossible += 1;
                assert!(path.is_empty());
            }
        }
    }
    (solvable, impossible, split)
}

#[test]
fn the_shipped_mechanics_pack_matches_the_reference_and_its_paths_replay() {
    let file = project("data/bloxorz/mechanics.txt");
    let text = read_text(&file);
    let expected = read_text(file.with_extension("expected"));
    let levels = read_ext_pack(&text);
    assert_eq!(levels.len(), expected.lines().count());
    for (level, want) in levels.iter().zip(expected.lines()) {
        let reference =
            level.reference_distance().map_or("Impossible".to_string(), |n| n.to_string());
        assert_eq!(reference, want, "\n{}", level.to_text());
    }
    let out = flipblox(&["bloxorz", "--path", file.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    for ((level, line), want) in levels.iter().zip(stdout(&out).lines()).zip(expected.lines()) {
        if want == "Impossible" {
            assert_eq!(line, want);
        } else {
            assert_eq!(level.replay(line).map(|n| n.to_string()), Ok(want.to_string()), "{line}");
        }
    }
}

#[test]
fn thousands_of_generated_levels_agree_with_the_reference_bfs() {
    let mut rng = Rng(0xB10C_5EED);
    let levels: Vec<Ext> = (0..3000).map(|_| random_ext(&mut rng)).collect();
    let with = |f: &dyn Fn(&Ext) -> bool| levels.iter().filter(|l| f(l)).count();
    assert!(with(&|l| !l.splits.is_empty()) > 500);
    assert!(with(&|l| l.switches.values().any(|a| a.len() > 1)) > 500);
    let (solvable, impossible, split) = check_against_reference(&levels);
    assert!(solvable > 500 && impossible > 500, "solvable {solvable}, impossible {impossible}");
    assert!(split > 50, "{split} paths move cubes");
    // One job and several give the same answers and paths.
    let pack: String = levels.iter().map(Ext::to_text).collect();
    let (one, two) = (run(&pack, 1), run(&pack, 2));
    for (a, b) in one.iter().zip(&two) {
        let (a, b) = (a.result.as_ref().unwrap(), b.result.as_ref().unwrap());
        assert_eq!((a.solution, &a.path), (b.solution, &b.path));
    }
}

#[test]
fn the_text_format_round_trips_through_convert() {
    let mut rng = Rng(7);
    let levels: Vec<Ext> = (0..200).map(|_| random_ext(&mut rng)).collect();
    let pack: String = levels.iter().map(Ext::to_text).collect();
    let out = flipblox(&["convert", "--input-format", "pack"], pack.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(read_ext_pack(&stdout(&out)), levels);
}

#[test]
fn bad_definitions_are_reported_where_they_are_and_the_rest_is_answered() {
    let pack = "\
1 7\nXS.-..O\nswitch 1 2:\n\
1 7\nXS.-..O\nswitch 1 2: on 1 3\n\
1 7\nXS.-..O\nswitch 1 2: on 1 9\n\
1 7\nXS.-..O\nswitch 1 3: on 1 4\n\
1 7\nXS.-..O\n\
1 7\nXS.-..O\nswitch 1 2: on 1 4\nswitch 1 2: on 1 4\n\
1 8\nX..V...O\nsplit 1 4: 1 1, 1 9\n\
1 8\nX..V...O\nsplit 1 4: 1 1, 1 1\n\
1 8\nX..V...O\nsplit 1 5: 1 1, 1 7\n\
1 7\nXS.-..O\nswitch 1 2: on 1 4, toggle 1 4\n\
1 7\nXS.-..O\nswitch 1 2 on 1 4\n\
1 7\nXS.-..O\n; a comment between the rows and the definitions\n\nswitch 1 2: on 1 4\n\
1 7\nXq.-..O\nswitch 1 2: on 1 4\nswitch 1 3: on 1 4\n\
1 7\nXS.-..O\nswitch 1 2: on 1 4\n0 0\n";
    let out = flipblox(&["bloxorz"], pack.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let answers: Vec<&str> = text.lines().collect();
    let mut want = vec!["Error"; 11];
    want.extend(["4", "Error", "4"]);
    assert_eq!(answers, want);
    let messages: Vec<String> = stderr(&out).lines().map(String::from).collect();
    assert_eq!(
        messages,
        [
            "<stdin>:3:12: level 1: expected at least one action (`on R C`, `off R C` or `toggle R C`), found none",
            "<stdin>:6:16: level 2: expected a bridge tile 'B' or '-' at row 1, column 3, found '.'",
            "<stdin>:9:16: level 3: expected a cell inside the 1 x 7 level (rows 1 to 1, columns 1 to 7), found row 1, column 9",
            "<stdin>:12:8: level 4: expected a switch 'S' or 'H' at row 1, column 3, found '.'",
            "<stdin>:14:2: level 5: expected a `switch 1 2: ...` line for the switch 'S' at row 1, column 2, found none",
            "<stdin>:18:8: level 6: expected one definition of the cell at row 1, column 2, found a second",
            "<stdin>:21:17: level 7: expected a cell inside the 1 x 8 level (rows 1 to 1, columns 1 to 8), found row 1, column 9",
            "<stdin>:24:17: level 8: expected two different target cells, found row 1, column 1 twice",
            "<stdin>:27:7: level 9: expected a split switch 'V' at row 1, column 5, found '.'",
            "<stdin>:30:28: level 10: expected each tile once in a switch, found row 1, column 4 a second time",
            "<stdin>:33:12: level 11: expected ':' after the cell, found 'o'",
            "<stdin>:40:2: level 13: expected a cell '.', 'E', '#', 'O', 'X', 'S', 'H', 'V', 'B' or '-', found 'q'",
        ]
    );
}

#[test]
fn a_level_with_too_many_states_for_the_memory_limit_is_an_error_not_a_wrong_answer() {
    // Ten toggle switches that each flip their own bridge tile: 1024 configurations.
    let mut level = String::from("3 12\nX.........O.\nSSSSSSSSSS..\n----------..\n");
    for c in 1..=10 {
        level.push_str(&format!("switch 2 {c}: toggle 3 {c}\n"));
    }
    let out = flipblox(&["bloxorz", "--max-memory", "20000"], level.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "Error\n");
    assert!(
        stderr(&out).starts_with("<stdin>:1:1: level 1: the search stored 1042 states, more than the memory limit of 20000 bytes allows (--max-memory)"),
        "{}",
        stderr(&out)
    );
    let out = flipblox(&["bloxorz"], level.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn the_level_examples_of_the_docs_answer_as_shown() {
    let mut checked = 0;
    for doc in ["docs/BLOXORZ.md", "docs/LEVELS.md"] {
        let text = read_text(project(doc));
        let blocks: Vec<&str> = text.split("```").collect();
        // Code blocks are the odd pieces; a `text` level followed by a `console` run of
        // `flipblox bloxorz --path FILE` must print what the console block shows.
        for pair in blocks.windows(3) {
            let (Some(level), Some(console)) =
                (pair[0].strip_prefix("text\n"), pair[2].strip_prefix("console\n"))
            else {
                continue;
            };
            let mut lines = console.lines();
            if lines.next().is_none_or(|l| !l.starts_with("$ flipblox bloxorz --path ")) {
                continue;
            }
            let want = lines.next().unwrap();
            let out = flipblox(&["bloxorz", "--path"], level.as_bytes());
            assert!(out.status.success(), "{doc}: {}", stderr(&out));
            assert_eq!(stdout(&out).trim_end(), want, "{doc}:\n{level}");
            let model = &read_ext_pack(level)[0];
            let n: u32 = want.split(' ').next().unwrap().parse().unwrap();
            assert_eq!(model.replay(want), Ok(n));
            assert_eq!(model.reference_distance(), Some(n));
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} examples");
}

#[test]
fn input_formats_are_checked_as_usage() {
    for args in
        [&["bloxorz", "--input-format", "swf"][..], &["convert", "--input-format", "poj3322"]]
    {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

#[path = "../benches/support/switch_levels.rs"]
mod switch_levels;

#[test]
fn the_benchmarks_switch_levels_agree_with_the_reference_bfs() {
    use switch_levels::SwitchLevel;
    // Small levels of the general engine's benchmark generator: every answer and path checked
    // by the independent model, and the rings make each bit of the chain about double the
    // answer (2^chain - 1 toggles of the bits, each a walk into a spur and back).
    let mut levels = Vec::new();
    for chain in 1..=4 {
        for (free, hub, seed) in [(0, 0, 1), (1, 2, 2), (2, 1, 3)] {
            levels.push(SwitchLevel { chain, free, hub, seed });
        }
    }
    levels.push(SwitchLevel::sized(2_000, 5));
    let exts: Vec<Ext> = levels.iter().flat_map(|l| read_ext_pack(&l.text())).collect();
    assert_eq!(exts.len(), levels.len());
    let (solvable, impossible, _) = check_against_reference(&exts);
    assert_eq!((solvable, impossible), (levels.len(), 0));
    let answer = |chain| {
        read_ext_pack(&SwitchLevel { chain, free: 0, hub: 0, seed: 1 }.text())[0]
            .reference_distance()
            .unwrap()
    };
    let answers: Vec<u32> = (1..=5).map(answer).collect();
    for pair in answers.windows(2) {
        assert!(pair[1] > 3 * pair[0] / 2, "{answers:?}");
    }
}
