//! The designer's workbench of `flipblox bloxorz`: `--analyse` against the tests' own reference
//! (`tests/common/analysis.rs`) on thousands of generated levels, the mechanics pack and the
//! original stages; level titles (`;` comment lines); `--expect`.

use crate::common::analysis::{Measures, assert_agree, from_json, measures};
use crate::common::bloxorz::{Grid, Rng, random_grid, read_pack};
use crate::common::extended::{Ext, random_ext, read_ext_pack};
use crate::common::{flipblox, project, read_text, stderr, stdout, write_file};

/// The `--analyse --json` records of `pack` (given on standard input), one per level.
fn analysed(pack: &str, extra: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["bloxorz", "--analyse", "--json"];
    args.extend_from_slice(extra);
    let out = flipblox(&args, pack.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// Checks every record of `pack` against the reference measures of its model.
fn check_all<M: crate::common::analysis::Model>(models: &[M], texts: &[String]) -> Vec<Measures> {
    let pack = texts.concat() + "0 0\n";
    let records = analysed(&pack, &[]);
    assert_eq!(records.len(), models.len());
    let mut all = Vec::new();
    for (i, ((model, record), text)) in models.iter().zip(&records).zip(texts).enumerate() {
        let expected = measures(model);
        let found = from_json(record);
        assert_agree(&found, &expected, &format!("level {}:\n{text}", i + 1));
        all.push(expected);
    }
    all
}

#[test]
fn thousands_of_generated_levels_agree_with_the_reference_measures() {
    let mut rng = Rng(0xA7A1_7515);
    let grids: Vec<Grid> = (0..3000).map(|_| random_grid(&mut rng)).collect();
    let texts: Vec<String> = grids.iter().map(Grid::to_text).collect();
    let all = check_all(&grids, &texts);
    let solvable = all.iter().filter(|m| m.distance.is_some()).count();
    assert!(solvable > 800 && solvable < 2500, "{solvable} solvable");
    // Levels without switches are reversible: no dead ends once the goal can be reached.
    assert!(all.iter().all(|m| m.distance.is_none() || m.dead_ends == 0));
    assert!(all.iter().filter(|m| m.optimal_solutions > 1).count() > 200);
    assert!(all.iter().filter(|m| !m.unused_cells.is_empty()).count() > 500);
}

#[test]
fn thousands_of_levels_with_switches_and_splits_agree_with_the_reference_measures() {
    let mut rng = Rng(0x5A17_C4E5);
    // At most four bridge tiles: the reference keeps every reachable state with its own set of
    // tiles, and each tile can double the states.
    let bridges = |e: &Ext| e.rows.concat().iter().filter(|&&c| c == b'B' || c == b'-').count();
    let levels: Vec<Ext> = std::iter::repeat_with(|| random_ext(&mut rng))
        .filter(|e| bridges(e) <= 4)
        .take(2000)
        .collect();
    let texts: Vec<String> = levels.iter().map(Ext::to_text).collect();
    let all = check_all(&levels, &texts);
    // Switches that take bridges away make dead ends and traps in solvable levels.
    let traps = all.iter().filter(|m| m.distance.is_some() && m.trap_moves > 0).count();
    assert!(traps > 20, "{traps} solvable levels with trap moves");
    assert!(all.iter().filter(|m| m.distance.is_some()).count() > 300);
}

#[test]
fn the_mechanics_pack_and_the_shipped_packs_agree_with_the_reference_measures() {
    let text = read_text(project("data/bloxorz/mechanics.txt"));
    let levels = read_ext_pack(&text);
    let texts: Vec<String> = levels.iter().map(Ext::to_text).collect();
    check_all(&levels, &texts);
    let text = read_text(project("data/bloxorz/mixed-small.txt"));
    let grids: Vec<Grid> = read_pack(&text).into_iter().take(400).collect();
    let texts: Vec<String> = grids.iter().map(Grid::to_text).collect();
    check_all(&grids, &texts);
}

#[test]
fn the_sample_is_analysed_in_text_and_json() {
    let sample = read_text(project("data/bloxorz/poj-sample.txt"));
    let out = flipblox(&["bloxorz", "--analyse", "--path"], sample.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    let line = stdout(&out);
    let measures = measures(&read_pack(&sample)[0]);
    let expected = format!(
        "10 LDDDDRURRU optimal_solutions={} reachable={} dead_ends=0 trap_moves=0 cells_used={} \
         cells_unused=0 difficulty={:.2}\n",
        measures.optimal_solutions,
        measures.reachable,
        measures.cells_used,
        measures.difficulty.unwrap()
    );
    assert_eq!(line, expected);
    // An impossible level and one that cannot be read.
    let out = flipblox(&["bloxorz", "--analyse"], b"1 4\nX#.O\n1 2\nXq\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "Impossible optimal_solutions=0 reachable=1 dead_ends=1 trap_moves=0 cells_used=0 \
         cells_unused=2 difficulty=-\nError\n"
    );
    let out = flipblox(&["bloxorz", "--analyse", "--json"], b"1 2\nXq\n");
    let record: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    for key in ["optimal_solutions", "reachable", "dead_ends", "difficulty", "unused_cells"] {
        assert!(record[key].is_null(), "{key}: {record}");
    }
}

#[test]
fn counts_are_exact_below_u64_max_and_saturate_past_it() {
    // Open fields from one corner to the other: 100 x 100 has about 7.2e18 optimal solutions
    // (below 2^64), 150 x 150 far more.
    let open = |n: usize| {
        let middle = (".".repeat(n) + "\n").repeat(n - 2);
        let grid = Grid {
            rows: format!("X{}\n{middle}{}O", ".".repeat(n - 1), ".".repeat(n - 1))
                .lines()
                .map(|l| l.as_bytes().to_vec())
                .collect(),
        };
        let text = grid.to_text();
        (grid, text)
    };
    let (grid, text) = open(100);
    let found = from_json(&analysed(&text, &[])[0]);
    let expected = measures(&grid);
    assert_agree(&found, &expected, "100 x 100");
    assert!(found.optimal_solutions > 1 << 62 && !found.saturated, "{found:?}");
    let (grid, text) = open(150);
    let found = from_json(&analysed(&text, &[])[0]);
    assert_agree(&found, &measures(&grid), "150 x 150");
    assert_eq!((found.optimal_solutions, found.saturated), (u64::MAX, true));
    let out = flipblox(&["bloxorz", "--analyse"], text.as_bytes());
    assert!(stdout(&out).contains(" optimal_solutions=18446744073709551615+ "), "{}", stdout(&out));
}

#[test]
fn the_analysis_keeps_to_max_memory() {
    let text = "1 8\nX..V...O\nsplit 1 4: 1 1, 1 7\n";
    let out = flipblox(&["bloxorz", "--analyse", "--max-memory", "3000"], text.as_bytes());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Error\n");
    assert!(stderr(&out).contains("--max-memory"), "{}", stderr(&out));
    let out = flipblox(&["bloxorz", "--analyse", "--max-memory", "100000"], text.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("8 optimal_solutions=1 "), "{}", stdout(&out));
}

#[test]
fn a_comment_right_before_a_level_is_its_title() {
    let pack =
        "; The first\n1 3\nXXO\n\n; not a title\n\n1 3\nX.O\n;   The third  \n1 4\nXX.O\n0 0\n";
    for jobs in ["1", "2"] {
        let out = flipblox(&["bloxorz", "--json", "--jobs", jobs], pack.as_bytes());
        let titles: Vec<serde_json::Value> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["title"].clone())
            .collect();
        assert_eq!(
            titles,
            [
                serde_json::json!("The first"),
                serde_json::Value::Null,
                serde_json::json!("The third")
            ]
        );
    }
    // `convert` keeps them, right before their levels, and reads them back.
    let out = flipblox(&["convert"], pack.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    let converted = stdout(&out);
    assert_eq!(converted, "; The first\n1 3\nXXO\n1 3\nX.O\n; The third\n1 4\nXX.O\n0 0\n");
    let again = flipblox(&["convert"], converted.as_bytes());
    assert_eq!(stdout(&again), converted);
    // Among a level's switch definitions, a comment right before the next header is its title.
    let pack = "1 7\nXS.-..O\n; about the switch\nswitch 1 2: on 1 4\n; Next\n1 3\nXXO\n";
    let out = flipblox(&["bloxorz", "--json"], pack.as_bytes());
    let titles: Vec<String> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["title"].to_string())
        .collect();
    assert_eq!(titles, ["null", "\"Next\""]);
}

#[test]
fn expect_reports_every_changed_answer_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    write_file(&pack, "1 3\nXXO\n\n1 4\nX#.O\n1 5\nX..O.\n");
    let expected = dir.path().join("pack.expected");
    let pack_arg = pack.to_str().unwrap();
    let expected_arg = expected.to_str().unwrap();
    // The text output of an earlier run passes, also with paths and measures on its lines.
    let out = flipblox(&["bloxorz", "--path", "--analyse", pack_arg], b"");
    write_file(&expected, stdout(&out));
    let out = flipblox(&["bloxorz", "--expect", expected_arg, pack_arg], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "1\nImpossible\n2\n");
    assert_eq!(stderr(&out), "");
    // Changed answers: one line each, at the level's header.
    write_file(&expected, "1\n3\n\n5\n7\n");
    let out = flipblox(&["bloxorz", "--expect", expected_arg, pack_arg], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "1\nImpossible\n2\n");
    assert_eq!(
        stderr(&out),
        format!(
            "{pack_arg}:4: level 2: Impossible, expected 3\n{pack_arg}:6: level 3: par 2, expected \
             5\n{expected_arg}:5: level 4: no such level in the input, expected 7\n"
        )
    );
    // A level more than expected, and an error.
    write_file(&expected, "1\nImpossible\n");
    write_file(&pack, "1 3\nXXO\n1 4\nX#.O\n1 2\nXq\n");
    let out = flipblox(&["bloxorz", "--expect", expected_arg, pack_arg], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.ends_with(&format!(
            "{pack_arg}:6: level 3: Error, expected nothing ({expected_arg} has 2 answers)\n"
        )),
        "{err}"
    );
    // A file that is no output of flipblox is refused before any level is answered.
    write_file(&expected, "1\nmaybe\n");
    let out = flipblox(&["bloxorz", "--expect", expected_arg, pack_arg], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains(&format!("{expected_arg}:2:1: expected an answer")),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_shipped_expected_files_pass_with_expect() {
    for pack in ["data/bloxorz/poj-sample", "data/bloxorz/mechanics", "data/bloxorz/mixed-small"] {
        let (txt, expected) =
            (project(&format!("{pack}.txt")), project(&format!("{pack}.expected")));
        let out = flipblox(
            &["bloxorz", "--expect", expected.to_str().unwrap(), txt.to_str().unwrap()],
            b"",
        );
        assert!(out.status.success(), "{pack}: {}", stderr(&out));
    }
}
