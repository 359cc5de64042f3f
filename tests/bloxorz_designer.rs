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

/// `flipblox generate bloxorz` with `args`, which must succeed: its standard output.
fn generate(args: &[&str]) -> String {
    let mut all = vec!["generate", "bloxorz"];
    all.extend_from_slice(args);
    let out = flipblox(&all, b"");
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn generated_packs_are_the_same_bytes_for_the_same_seed() {
    let args = ["--size", "7x9", "--count", "5", "--seed", "42", "--iterations", "2000"];
    let one = generate(&[&args[..], &["--jobs", "1"]].concat());
    let two = generate(&[&args[..], &["--jobs", "2"]].concat());
    assert_eq!(one, two);
    assert_eq!(generate(&args), one);
    let other =
        generate(&["--size", "7x9", "--count", "5", "--seed", "43", "--iterations", "2000"]);
    assert_ne!(other, one);
    // Written to a file, the same bytes.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pack.txt");
    generate(&[&args[..], &["-o", file.to_str().unwrap()]].concat());
    assert_eq!(read_text(&file), one);
    // The pack: five titled levels of the size asked for, ended by `0 0`.
    assert!(one.ends_with("\n0 0\n"));
    let titles: Vec<&str> = one.lines().filter(|l| l.starts_with(';')).collect();
    let expected: Vec<String> =
        (1..=5).map(|k| format!("; generated 7x9, seed 42, level {k}")).collect();
    assert_eq!(titles, expected);
    let grids =
        read_pack(&one.lines().filter(|l| !l.starts_with(';')).collect::<Vec<_>>().join("\n"));
    assert_eq!(grids.len(), 5);
    assert!(grids.iter().all(|g| g.height() == 7 && g.width() == 9));
}

#[test]
fn generated_levels_meet_their_constraints_and_their_paths_replay() {
    // Rigid ground and empty space only, a par of at least 20: the JSON records' paths replay
    // on the tests' own model, their par is the reference BFS's, and the cells are as asked.
    let text =
        generate(&["--size", "8x8", "--count", "6", "--seed", "5", "--min-moves", "20", "--json"]);
    let records: Vec<serde_json::Value> =
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 6);
    for record in &records {
        let level = record["level"].as_str().unwrap();
        let grid = &read_pack(level)[0];
        let par = record["distance"].as_u64().unwrap() as u32;
        assert!(par >= 20, "{record}");
        assert_eq!(crate::common::bloxorz::reference_distance(grid), Some(par), "{level}");
        let line = format!("{par} {}", record["path"].as_str().unwrap());
        assert_eq!(crate::common::bloxorz::replay(grid, &line), Ok(par), "{level}");
        assert!(grid.rows.concat().iter().all(|c| b".#XO".contains(c)), "{level}");
        assert_agree(&from_json(record), &measures(grid), level);
    }
    // Fragile ground and switches when asked for: every level read by the tests' model of the
    // original game, its path replayed, its par the reference BFS's.
    let text = generate(&[
        "--size",
        "6x7",
        "--count",
        "8",
        "--seed",
        "9",
        "--fragile",
        "--switches",
        "--json",
        "--iterations",
        "3000",
    ]);
    let (mut fragile, mut switches) = (0, 0);
    for line in text.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let level = record["level"].as_str().unwrap();
        let ext = &read_ext_pack(level)[0];
        let par = record["distance"].as_u64().unwrap() as u32;
        assert_eq!(ext.reference_distance(), Some(par), "{level}");
        let path = format!("{par} {}", record["path"].as_str().unwrap());
        assert_eq!(ext.replay(&path), Ok(par), "{level}");
        fragile += usize::from(level.contains('E'));
        switches += usize::from(level.contains("switch"));
    }
    assert!(fragile > 0 && switches > 0, "{fragile} with fragile cells, {switches} with switches");
    // A par no search reaches on so small a level fails, naming the best it found.
    let out = flipblox(
        &["generate", "bloxorz", "--size", "2x3", "--min-moves", "50", "--iterations", "100"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("level 1: no level of par 50 or more found"), "{}", stderr(&out));
}

/// The distance from the start to every state of `grid` by the tests' own BFS (the target does
/// not stop the box), in the layout of an exported field: `-1` unreachable, `-2` illegal.
fn field_from_start(grid: &Grid) -> Vec<i64> {
    use crate::common::analysis::Model;
    use std::collections::{HashMap, VecDeque};
    let start = Model::start(grid);
    let mut distance = HashMap::from([(start, 0i64)]);
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        for n in Model::moves(grid, &s) {
            if !distance.contains_key(&n) {
                distance.insert(n, distance[&s] + 1);
                queue.push_back(n);
            }
        }
    }
    let mut field = Vec::new();
    for r in 0..grid.height() {
        for c in 0..grid.width() {
            for second in [(r, c), (r, c + 1), (r + 1, c)] {
                let cubes = [(r, c), second];
                field.push(match distance.get(&cubes) {
                    Some(&d) => d,
                    None if grid.can_rest(cubes) => -1,
                    None => -2,
                });
            }
        }
    }
    field
}

#[test]
fn fields_from_the_start_are_the_distances_of_the_reference_bfs() {
    let mut rng = Rng(0xF120_5747);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("level.txt");
    let mut impossible = 0;
    for _ in 0..60 {
        let grid = random_grid(&mut rng);
        write_file(&file, grid.to_text());
        let out = flipblox(
            &[
                "export",
                "bloxorz",
                file.to_str().unwrap(),
                "--level",
                "1",
                "--from",
                "start",
                "--format",
                "json",
            ],
            b"",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let found: Vec<i64> = json["distances"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row.as_array().unwrap().iter())
            .flat_map(|cell| cell.as_array().unwrap().iter().map(|d| d.as_i64().unwrap()))
            .collect();
        assert_eq!(found, field_from_start(&grid), "{}", grid.to_text());
        impossible += usize::from(crate::common::bloxorz::reference_distance(&grid).is_none());
    }
    assert!(impossible > 5, "{impossible} impossible levels");
    // The picture says what it shows.
    write_file(&file, "1 6\nXX..O.\n");
    let svg = dir.path().join("field.svg");
    let args = ["render", "field", file.to_str().unwrap(), "--level", "1", "--from", "start"];
    let out = flipblox(&[&args[..], &["-o", svg.to_str().unwrap()]].concat(), b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = read_text(&svg);
    assert!(text.contains("Distance-from-start field of a 1 x 6 level, largest distance 3"));
    assert!(text.contains("unreachable"));
}

/// Spearman's rank correlation of `x` and `y` (ties get their mean rank).
fn spearman(x: &[f64], y: &[f64]) -> f64 {
    let ranks = |v: &[f64]| {
        let mut order: Vec<usize> = (0..v.len()).collect();
        order.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
        let mut rank = vec![0.0; v.len()];
        let mut i = 0;
        while i < order.len() {
            let mut j = i;
            while j + 1 < order.len() && v[order[j + 1]] == v[order[i]] {
                j += 1;
            }
            for &k in &order[i..=j] {
                rank[k] = (i + j) as f64 / 2.0 + 1.0;
            }
            i = j + 1;
        }
        rank
    };
    let (rx, ry) = (ranks(x), ranks(y));
    let n = x.len() as f64;
    let (mx, my) = (rx.iter().sum::<f64>() / n, ry.iter().sum::<f64>() / n);
    let cov: f64 = rx.iter().zip(&ry).map(|(a, b)| (a - mx) * (b - my)).sum();
    let var = |r: &[f64], m: f64| r.iter().map(|a| (a - m).powi(2)).sum::<f64>();
    cov / (var(&rx, mx) * var(&ry, my)).sqrt()
}

#[test]
#[cfg_attr(
    not(flipblox_original_levels),
    ignore = "needs the original game's level file: set FLIPBLOX_ORIGINAL_LEVELS to its path (README)"
)]
fn the_original_stages_agree_with_the_reference_and_the_difficulty_follows_the_game() {
    use crate::common::original::{OPTIMA, original_file, read_flash};
    let (path, text) = original_file();
    let stages = read_flash(&text);
    let out = flipblox(&["bloxorz", "--analyse", "--json", path.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let records: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 33);
    let mut difficulty = Vec::new();
    for (i, ((name, stage), record)) in stages.iter().zip(&records).enumerate() {
        let expected = measures(stage);
        assert_eq!(expected.distance, Some(OPTIMA[i]));
        assert_agree(&from_json(record), &expected, &format!("stage {} ({name})", i + 1));
        let title = record["title"].as_str().unwrap();
        assert!(title.starts_with(&format!("stage {}: {name} (passcode ", i + 1)), "{title}");
        difficulty.push(expected.difficulty.unwrap());
    }
    // The game orders its stages by difficulty; the score follows that order (docs/BLOXORZ.md
    // gives the correlation, and that of the par alone).
    let order: Vec<f64> = (1..=33).map(f64::from).collect();
    let by_difficulty = spearman(&difficulty, &order);
    let pars: Vec<f64> = OPTIMA.iter().map(|&p| f64::from(p)).collect();
    assert!(by_difficulty > 0.8, "Spearman {by_difficulty}");
    assert!(by_difficulty >= spearman(&pars, &order), "{by_difficulty}");
    // `convert` keeps the stages' titles in the pack it writes.
    let out = flipblox(&["convert", path.to_str().unwrap()], b"");
    let converted = stdout(&out);
    let out = flipblox(&["bloxorz", "--json"], converted.as_bytes());
    let titles: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["title"].clone())
        .collect();
    let originals: Vec<serde_json::Value> = records.iter().map(|r| r["title"].clone()).collect();
    assert_eq!(titles, originals);
}

/// Issue 38, item 8: `--expect` with `--shard` paired expected lines by print order and read the
/// `INDEX<TAB>` column as the answer. Lines are matched on the level's number: a whole run's
/// output against any part, a part's own output, the parts' outputs sorted, over two inputs.
#[test]
fn expect_with_shard_matches_on_the_levels_number() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    // Answers 1, Impossible, 2, 1, Impossible; then 2, 1.
    write_file(&a, "1 3\nXXO\n1 4\nX#.O\n1 5\nX..O.\n1 3\nXXO\n1 4\nX#.O\n");
    write_file(&b, "1 4\nX..O\n1 3\nXXO\n");
    let (a_arg, b_arg) = (a.to_str().unwrap(), b.to_str().unwrap());
    let expected = dir.path().join("run.expected");
    let expected_arg = expected.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["bloxorz"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&[a_arg, b_arg]);
        flipblox(&args, b"")
    };
    let whole = run(&[]);
    assert_eq!(stdout(&whole), "1\nImpossible\n2\n1\nImpossible\n2\n1\n");
    let parts: Vec<String> =
        (1..=3).map(|k| stdout(&run(&["--shard", &format!("{k}/3")]))).collect();
    assert_eq!(parts[1], "2\tImpossible\n5\tImpossible\n2\t1\n");
    // A whole run's output, against every part.
    write_file(&expected, stdout(&whole));
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let out = run(&["--expect", expected_arg, "--shard", &shard]);
        assert!(out.status.success(), "{shard}: {}", stderr(&out));
        assert_eq!(stdout(&out), parts[k - 1]);
    }
    // Each part's own output, against that part.
    for k in 1..=3 {
        let shard = format!("{k}/3");
        write_file(&expected, &parts[k - 1]);
        let out = run(&["--expect", expected_arg, "--shard", &shard]);
        assert!(out.status.success(), "{shard}: {}", stderr(&out));
    }
    // The parts' outputs of one input sorted by the index: the whole run's, and any part's.
    let one = |extra: &[&str]| {
        let mut args = vec!["bloxorz"];
        args.extend_from_slice(extra);
        args.push(a_arg);
        flipblox(&args, b"")
    };
    let mut lines: Vec<String> = (1..=3)
        .flat_map(|k| {
            let out = stdout(&one(&["--shard", &format!("{k}/3")]));
            out.lines().map(str::to_string).collect::<Vec<_>>()
        })
        .collect();
    lines.sort_by_key(|l| l.split('\t').next().unwrap().parse::<usize>().unwrap());
    write_file(&expected, &(lines.join("\n") + "\n"));
    for extra in [&[][..], &["--shard", "2/3"][..]] {
        let mut args = vec!["--expect", expected_arg];
        args.extend_from_slice(extra);
        let out = one(&args);
        assert!(out.status.success(), "{extra:?}: {}", stderr(&out));
    }
    // A changed answer is reported at its level; a missing one at its line.
    write_file(&expected, "1\nImpossible\n2\n1\n3\n2\n1\n");
    let out = run(&["--expect", expected_arg, "--shard", "2/3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out), format!("{a_arg}:9: level 5: Impossible, expected 3\n"));
    write_file(&expected, "2\tImpossible\n2\t1\n");
    let out = run(&["--expect", expected_arg, "--shard", "2/3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!(
            "{a_arg}:9: level 5: Impossible, expected nothing ({expected_arg} has no line for \
             level 5 here)\n"
        )
    );
    write_file(&expected, "2\tImpossible\n5\tImpossible\n8\t3\n2\t1\n");
    let out = run(&["--expect", expected_arg, "--shard", "2/3"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        format!("{expected_arg}:3: level 8: no such level in the input, expected 3\n")
    );
    // Plain and indexed lines in one file are refused before any level is answered.
    write_file(&expected, "1\n2\tImpossible\n");
    let out = run(&["--expect", expected_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out)
            .contains(&format!("{expected_arg}:2:1: expected an answer as on the lines before")),
        "{}",
        stderr(&out)
    );
}
