//! The original game's 33 stages, read from the file `FLIPBLOX_ORIGINAL_LEVELS` names (not
//! copied into the repository: its licence allows non-commercial use only; without the variable
//! these tests are ignored, see `tests/tests.rs`): the optimal counts, every path replayed by the
//! independent model (`tests/common/extended.rs`), the reference BFS, `--json`, `convert`, and
//! damaged copies of the file.

use crate::common::extended::{Ext, read_ext_pack};
use crate::common::original::{OPTIMA, original_file, read_flash};
use crate::common::{flipblox, read_text, stderr, stdout, write_file};

fn arg(path: &std::path::Path) -> &str {
    path.to_str().unwrap()
}

#[test]
#[cfg_attr(
    not(flipblox_original_levels),
    ignore = "needs the original game's level file: set FLIPBLOX_ORIGINAL_LEVELS to its path (README)"
)]
fn the_33_stages_answer_their_optimal_counts_and_every_path_replays() {
    let (path, text) = original_file();
    let stages = read_flash(&text);
    assert_eq!(stages.len(), 33);
    for jobs in ["1", "2"] {
        let out =
            flipblox(&["bloxorz", "--input-format", "flash", "--jobs", jobs, arg(&path)], b"");
        assert!(out.status.success(), "{}", stderr(&out));
        let answers: Vec<u32> = stdout(&out).lines().map(|l| l.parse().unwrap()).collect();
        assert_eq!(answers, OPTIMA);
        assert_eq!(answers.iter().sum::<u32>(), 1999);
    }
    let out = flipblox(&["bloxorz", "--input-format", "flash", "--path", arg(&path)], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 33);
    let mut cube_moves = 0;
    for (i, ((name, stage), line)) in stages.iter().zip(&lines).enumerate() {
        let n =
            stage.replay(line).unwrap_or_else(|e| panic!("stage {} ({name}): {e}\n{line}", i + 1));
        assert_eq!(n, OPTIMA[i], "stage {}", i + 1);
        cube_moves += line.matches(['a', 'b']).count();
    }
    // Nine stages split the block; their paths move cubes.
    assert!(cube_moves > 100, "{cube_moves} cube moves");
}

#[test]
#[cfg_attr(
    not(flipblox_original_levels),
    ignore = "needs the original game's level file: set FLIPBLOX_ORIGINAL_LEVELS to its path (README)"
)]
fn the_reference_bfs_agrees_on_every_stage() {
    let (_, text) = original_file();
    let mut states = 0;
    for (i, (name, stage)) in read_flash(&text).iter().enumerate() {
        let (moves, reached) = stage.reference_search();
        assert_eq!(moves, Some(OPTIMA[i]), "stage {} ({name})", i + 1);
        states += reached;
    }
    assert!(states > 20_000, "{states}");
}

#[test]
#[cfg_attr(
    not(flipblox_original_levels),
    ignore = "needs the original game's level file: set FLIPBLOX_ORIGINAL_LEVELS to its path (README)"
)]
fn json_lines_carry_every_field_for_the_stages() {
    let (path, text) = original_file();
    let stages = read_flash(&text);
    let out =
        flipblox(&["bloxorz", "--input-format", "flash", "--json", "--path", arg(&path)], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let values: Vec<serde_json::Value> =
        stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(values.len(), 33);
    for (i, v) in values.iter().enumerate() {
        assert_eq!(v["file"], arg(&path));
        assert_eq!(v["index"].as_u64(), Some(i as u64 + 1));
        assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(10), Some(15)));
        assert_eq!(v["distance"].as_u64(), Some(u64::from(OPTIMA[i])));
        let line = format!("{} {}", OPTIMA[i], v["path"].as_str().unwrap());
        assert_eq!(stages[i].1.replay(&line), Ok(OPTIMA[i]));
        assert!(v["states_explored"].as_u64().unwrap() > 0);
        assert!(v.get("microseconds").is_none() && v["error"].is_null());
    }
}

#[test]
#[cfg_attr(
    not(flipblox_original_levels),
    ignore = "needs the original game's level file: set FLIPBLOX_ORIGINAL_LEVELS to its path (README)"
)]
fn converting_then_solving_gives_the_same_answers_and_the_same_levels() {
    let (path, text) = original_file();
    let dir = tempfile::tempdir().unwrap();
    let converted = dir.path().join("original.txt");
    let out =
        flipblox(&["convert", "--input-format", "flash", arg(&path), "-o", arg(&converted)], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let written = read_text(&converted);
    assert!(written.starts_with("; stage 1: levelez (passcode 780464)\n10 15\n"), "{written}");
    // The independent readers of both formats see the same 33 levels.
    let from_text: Vec<Ext> = read_ext_pack(&written);
    let from_flash: Vec<Ext> = read_flash(&text).into_iter().map(|(_, e)| e).collect();
    assert_eq!(from_text, from_flash);
    // And flipblox answers both alike, paths included.
    let direct = flipblox(&["bloxorz", "--path", "--input-format", "flash", arg(&path)], b"");
    let via_text = flipblox(&["bloxorz", "--path", arg(&converted)], b"");
    assert!(via_text.status.success(), "{}", stderr(&via_text));
    assert_eq!(stdout(&via_text), stdout(&direct));
    // Standard output and a pack rewritten by `convert --input-format pack` give the same text.
    let out = flipblox(&["convert", "--input-format", "flash", arg(&path)], b"");
    assert_eq!(stdout(&out), written);
    let again = flipblox(&["convert", "--input-format", "pack", "-"], written.as_bytes());
    assert!(again.status.success(), "{}", stderr(&again));
    let strip = |t: &str| t.lines().filter(|l| !l.starts_with(';')).collect::<Vec<_>>().join("\n");
    assert_eq!(strip(&stdout(&again)), strip(&written));
}

#[test]
#[cfg_attr(
    not(flipblox_original_levels),
    ignore = "needs the original game's level file: set FLIPBLOX_ORIGINAL_LEVELS to its path (README)"
)]
fn a_damaged_copy_reports_each_broken_stage_and_answers_the_rest() {
    let (_, text) = original_file();
    // Stage 1 (levelez): a tile that does not exist. Stage 7 (levelfr): a switch key on a normal
    // tile. Stage 8 (levelss): a statement that does not read. Stage 33 (levelol) left undefined.
    let damaged = text
        .replacen("levelez.push(\"  bbb          \");", "levelez.push(\"  bbx          \");", 1)
        .replacen("swatch95:", "swatch94:", 1)
        .replacen("levelss.push([1,4]);", "levelss.push([1,4);", 1)
        .replacen("levelol = [];", "levelxl = [];", 1)
        .replace("levelol.push", "levelxl.push")
        .replacen("skiptoend = false;", "skiptoend = ?;", 1);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("damaged.txt");
    write_file(&file, &damaged);
    let out = flipblox(&["bloxorz", "--input-format", "flash", arg(&file)], b"");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 33);
    for (i, line) in lines.iter().enumerate() {
        let want = match i + 1 {
            1 | 7 | 8 | 33 => "Error".to_string(),
            _ => OPTIMA[i].to_string(),
        };
        assert_eq!(*line, want, "stage {}", i + 1);
    }
    let name = arg(&file);
    let line_of = |needle: &str| damaged.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let messages: Vec<String> = stderr(&out).lines().map(String::from).collect();
    assert_eq!(
        messages,
        [
            format!(
                "{name}:{}:13: expected a name, a literal or punctuation, found '?'",
                line_of("skiptoend")
            ),
            format!(
                "{name}:{}:19: level 1: expected a tile ' ', 'b', 'e', 'f', 's', 'h', 'l', 'r', 'k', 'q' or 'v', found 'x'",
                line_of("bbx")
            ),
            format!(
                "{name}:{}:15: level 7: expected a switch 's' or 'h' at x 9, y 4, found ' '",
                line_of("swatch94")
            ),
            format!(
                "{name}:{}:18: level 8: expected ',' or ']' in the list, found ')'",
                line_of("[1,4)")
            ),
            format!(
                "{name}:{}:{}: level 33: expected a level `levelol = [];` for the play order's `levelol`, found none",
                line_of("levels = ["),
                damaged.lines().nth(line_of("levels = [") - 1).unwrap().find("levelol").unwrap()
                    + 1
            ),
        ]
    );
    // Without a readable play order nothing is known: one message, no answers.
    let out = flipblox(
        &["bloxorz", "--input-format", "flash", "-"],
        text.replace("levels = [", "levels = ([").as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(stderr(&out).starts_with("<stdin>:"), "{}", stderr(&out));
    assert!(stderr(&out).contains("found an expression in parentheses"), "{}", stderr(&out));
}
