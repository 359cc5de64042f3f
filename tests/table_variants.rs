//! Table files of every variant of the Lights Out family (`table build`, `export flip` and
//! `flip --table` / `stats flip --table` with `--goal --wrap --toggle --colours`): the payload
//! against the brute-force search of `common/lights_out.rs`, every state answered from the file
//! as the brute force says, a file of one variant refused for another, and forged payloads
//! refused by the full check.

use flipblox::lights_out::{DistanceTable, Goal, Variant};
use flipblox::table_file::{
    Check, Format, LoadError, Loaded, Puzzle, Table, TableFile, export, load,
};

use crate::common::lights_out::{Rules, UNREACHABLE};
use crate::common::{flipblox, flipblox_ok, read_bytes, stderr, stdout};
use crate::flip_family_cli::check_every_state;

/// The brute-force table of `rules` for `goal` (`None`: the nearest uniform board).
fn brute_table(rules: &Rules, goal: Option<u8>) -> Vec<u8> {
    match goal {
        Some(c) => rules.brute_force(c),
        None => {
            let per: Vec<Vec<u8>> = (0..rules.colours).map(|c| rules.brute_force(c)).collect();
            (0..rules.states()).map(|s| per.iter().map(|t| t[s]).min().unwrap()).collect()
        }
    }
}

/// `--goal` for colour `c` of `k` (the default alphabets).
fn goal_arg(k: u8, goal: Option<u8>) -> String {
    match goal {
        None => "any".to_string(),
        Some(c) if k == 2 => ["white", "black"][usize::from(c)].to_string(),
        Some(c) => char::from(b"0123456789abcdef"[usize::from(c)]).to_string(),
    }
}

/// The variant options of a case.
fn options(rules: &Rules, mask: &str, goal: Option<u8>) -> Vec<String> {
    let mut args = vec![
        "--size".to_string(),
        format!("{}x{}", rules.rows, rules.cols),
        "--toggle".to_string(),
        mask.to_string(),
        "--colours".to_string(),
        rules.colours.to_string(),
        "--goal".to_string(),
        goal_arg(rules.colours, goal),
    ];
    if rules.wrap {
        args.push("--wrap".to_string());
    }
    args
}

const CASES: &[(usize, usize, &str, bool, u8)] = &[
    (3, 3, ".x./xxx/.x.", false, 2),
    (2, 3, "x.x/.x./x.x", true, 2),
    (2, 3, ".x./xxx/.x.", false, 3),
    (2, 2, "xxx/xxx/xxx", true, 3),
    (2, 2, ".x./xxx/.x.", true, 4),
    (2, 2, "..x/xx./...", false, 5),
];

#[test]
fn built_tables_hold_the_brute_force_and_answer_every_state_like_flip() {
    let dir = tempfile::tempdir().unwrap();
    for &(rows, cols, mask, wrap, k) in CASES {
        let rules = Rules::new(rows, cols, mask, wrap, k);
        for goal in [None, Some(0), Some(k - 1)] {
            let file = dir.path().join("t.fbt");
            let file = file.to_str().unwrap();
            let opts = options(&rules, mask, goal);
            let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
            flipblox_ok(&[&["table", "build", "-o", file][..], &opts].concat(), b"");
            let bytes = read_bytes(file);
            let Ok(Loaded::TableFile(loaded)) = load(&bytes) else { panic!("{opts:?}") };
            let want = brute_table(&rules, goal);
            let payload = loaded.payload();
            assert_eq!(payload.len(), rules.states(), "{opts:?}");
            for (s, (&got, &want)) in payload.iter().zip(&want).enumerate() {
                let want = if want == UNREACHABLE { 255 } else { want };
                assert_eq!(got, want, "{opts:?} state {s}");
            }
            // The header names the variant (the Flip Game's own as a Flip Game table).
            let goal_rule = goal.map_or(Goal::Any, Goal::Colour);
            let expected = variant(rows, cols, mask, wrap, k, goal_rule);
            let puzzle = &loaded.header().puzzle;
            assert_eq!(puzzle.variant(), Ok(Some(expected.clone())), "{opts:?}");
            let flip_game = expected == Variant::flip_game(expected.size());
            assert_eq!(matches!(puzzle, Puzzle::FlipGame { .. }), flip_game, "{opts:?}");
            // Every state answered from the file, checked in full first, as the brute force.
            check_every_state(&rules, mask, goal, &["--table", file, "--verify-table"]);
        }
    }
}

#[test]
fn the_flip_games_own_table_is_unchanged_and_answers_its_alphabets() {
    let dir = tempfile::tempdir().unwrap();
    let (plain, lettered) = (dir.path().join("a.fbt"), dir.path().join("b.fbt"));
    let (plain, lettered) = (plain.to_str().unwrap(), lettered.to_str().unwrap());
    flipblox_ok(&["table", "build", "--size", "3x3", "-o", plain], b"");
    flipblox_ok(&["table", "build", "--size", "3x3", "--alphabet", "01", "-o", lettered], b"");
    assert_eq!(read_bytes(plain), read_bytes(lettered));
    let a = flipblox_ok(&["flip", "--table", plain, "--board", "bww/wbw/www"], b"");
    let b = flipblox_ok(
        &["flip", "--table", plain, "--alphabet", "01", "--path", "--board", "100/010/000"],
        b"",
    );
    let c = flipblox_ok(&["flip", "--size", "3x3", "--path", "--board", "bww/wbw/www"], b"");
    assert_eq!(stdout(&a).trim(), stdout(&b).split(' ').next().unwrap());
    assert_eq!(stdout(&b), stdout(&c));
}

#[test]
fn a_table_of_one_variant_is_refused_for_another_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.fbt");
    let file = file.to_str().unwrap();
    let build = ["table", "build", "--size", "2x3", "--colours", "3", "--wrap", "-o", file];
    flipblox_ok(&build, b"");
    for (flags, expected) in [
        (&["--colours", "3"][..], "3 colours, goal any table"),
        (&[][..], "a Flip Game table"),
        (&["--colours", "3", "--wrap", "--goal", "0"], "wrap, 3 colours, goal white table"),
        (&["--colours", "3", "--wrap", "--size", "3x2"], "a table of a 3x2 board"),
        (&["--colours", "4", "--wrap"], "4 colours"),
    ] {
        for command in [&["flip", "--board", "000/000"][..], &["stats", "flip"]] {
            let args = [command, &["--table", file], flags].concat();
            let out = flipblox(&args, b"");
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
            let err = stderr(&out);
            assert!(err.contains(expected), "{args:?}: {err}");
            assert!(err.contains("wrap, 3 colours, goal any table"), "{args:?}: {err}");
            assert!(stdout(&out).is_empty(), "{args:?}");
        }
    }
    let ok = flipblox_ok(&["stats", "flip", "--table", file, "--colours", "3", "--wrap"], b"");
    let built = flipblox_ok(&["stats", "flip", "--size", "2x3", "--colours", "3", "--wrap"], b"");
    assert_eq!(stdout(&ok), stdout(&built));
}

#[test]
fn verify_names_the_goal_in_its_text_as_in_its_json() {
    let dir = tempfile::tempdir().unwrap();
    for (flags, goal) in [
        (&["--goal", "white"][..], "white"),
        (&["--goal", "black"], "black"),
        (&["--goal", "0", "--colours", "3"], "white"),
        (&["--goal", "2", "--colours", "3"], "2"),
    ] {
        let file = dir.path().join(format!("{goal}-{}.fbt", flags.len()));
        let file = file.to_str().unwrap();
        flipblox_ok(&[&["table", "build", "--size", "2x3", "-o", file], flags].concat(), b"");
        let json = stdout(&flipblox_ok(&["verify", "flip", "--json", file], b""));
        assert!(json.contains(&format!("\"goal\":\"{goal}\"")), "{flags:?}: {json}");
        let text = stdout(&flipblox_ok(&["verify", "flip", file], b""));
        let word = if goal == "2" { "colour 2".to_string() } else { goal.to_string() };
        assert!(text.contains(&format!("colours, goal {word} ")), "{flags:?}: {text}");
        assert!(text.starts_with("OK: "), "{flags:?}: {text}");
    }
}

fn variant(rows: usize, cols: usize, mask: &str, wrap: bool, k: u8, goal: Goal) -> Variant {
    let builder = Variant::builder(rows, cols).toggle(mask.parse().unwrap()).wrap(wrap);
    builder.colours(k).goal(goal).build().unwrap()
}

/// State `state` of `variant` as `verify flip` writes it in the default alphabet, rows joined by
/// `/` (the first cell is the lowest digit base K).
fn board_text(variant: &Variant, mut state: u64) -> String {
    let (rows, cols, k) = (variant.size().rows(), variant.size().cols(), variant.colours());
    let mut text = String::new();
    for r in 0..rows {
        if r > 0 {
            text.push('/');
        }
        for _ in 0..cols {
            let colour = (state % u64::from(k)) as u32;
            // The default alphabet: `wb` for two colours, digits otherwise.
            text.push(if k == 2 {
                ['w', 'b'][colour as usize]
            } else {
                char::from_digit(colour, 16).unwrap()
            });
            state /= u64::from(k);
        }
    }
    text
}

fn written(variant: &Variant, entries: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::new();
    let table = Table::LightsOut(DistanceTable::from_bytes(variant, entries).unwrap());
    export(&table, Format::Bincode, &mut bytes).unwrap();
    bytes
}

#[test]
fn forged_and_relabelled_variant_tables_fail_the_full_check() {
    for (v, other) in [
        (
            variant(2, 3, ".x./xxx/.x.", false, 3, Goal::Any),
            variant(2, 3, ".x./xxx/.x.", true, 3, Goal::Any),
        ),
        (
            variant(3, 3, "x.x/.x./x.x", true, 2, Goal::Colour(0)),
            variant(3, 3, "x.x/.x./x.x", false, 2, Goal::Colour(0)),
        ),
        (
            variant(2, 2, ".x./xxx/.x.", false, 4, Goal::Colour(3)),
            variant(2, 2, ".x./xxx/.x.", false, 4, Goal::Colour(1)),
        ),
    ] {
        let size = v.size();
        let rules =
            Rules::new(size.rows(), size.cols(), &v.toggle().to_string(), v.wrap(), v.colours());
        let goal = match v.goal() {
            Goal::Colour(c) => Some(c),
            _ => None,
        };
        let entries = brute_table(&rules, goal);
        let good = written(&v, &entries);
        let file = TableFile::parse(&good, Check::Full).unwrap();
        assert!(matches!(file.table(), Table::LightsOut(t) if t.variant() == &v));
        // Round trip: the same bytes written again.
        let mut again = Vec::new();
        export(file.table(), Format::Bincode, &mut again).unwrap();
        assert_eq!(again, good);
        // Two entries of different distances swapped (histogram unchanged, checksums redone).
        let mut swapped = entries.clone();
        let a = (0..swapped.len()).find(|&i| swapped[i] == 1).unwrap();
        let b = (0..swapped.len()).find(|&i| swapped[i] > 1).unwrap();
        swapped.swap(a, b);
        let forged = written(&v, &swapped);
        assert!(TableFile::parse(&forged, Check::Payload).is_ok(), "{v}");
        let err = TableFile::parse(&forged, Check::Full).unwrap_err();
        assert!(matches!(err, LoadError::NotDistances { .. }), "{v}: {err}");
        // The true table under another variant's name.
        let relabelled = written(&other, &entries);
        let err = TableFile::parse(&relabelled, Check::Full).unwrap_err();
        assert!(matches!(err, LoadError::NotDistances { .. }), "{v} as {other}: {err}");
        // On the command line: inspect refuses it, and verify names the two states swapped
        // (the Z_K solver disagrees there) and the proof's failure.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("forged.fbt");
        std::fs::write(&path, &forged).unwrap();
        let path = path.to_str().unwrap();
        let out = flipblox(&["inspect", path], b"");
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains("Lights Out"), "{}", stderr(&out));
        let out = flipblox(&["verify", "flip", path], b"");
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let text = stdout(&out);
        for state in [a, b] {
            let entry =
                |d: u8| if d == UNREACHABLE { "Impossible".to_string() } else { d.to_string() };
            let line = format!(
                "state {state} ({}): table {}, solver {}",
                board_text(&v, state as u64),
                entry(swapped[state]),
                entry(entries[state])
            );
            assert!(text.contains(&line), "{v}: no line {line:?} in\n{text}");
        }
        assert!(text.contains("2 of "), "{text}");
        assert!(text.contains(&format!("FAILED: {path} disagrees with the Z_K solver")), "{text}");
        assert!(text.contains("is not the distance table of Lights Out"), "{text}");
        // The true table passes both checks.
        std::fs::write(path, &good).unwrap();
        let out = flipblox_ok(&["verify", "flip", path], b"");
        let expected = format!(
            "OK: {path} agrees with the Z_K solver (linear algebra, no search) on all {} states, \
             and is the breadth-first distance table of Lights Out {v} (checked state by state)\n",
            entries.len()
        );
        assert_eq!(stdout(&out), expected);
    }
}

#[test]
fn a_variant_has_one_encoding() {
    // A pattern written non-canonically is refused: every accepted file is the one `export`
    // writes for its table (the unit tests of `container` refuse the Flip Game's rules under
    // the Lights Out kind).
    let v = variant(2, 2, ".x./x.x/.x.", false, 3, Goal::Any);
    let entries = brute_table(&Rules::new(2, 2, ".x./x.x/.x.", false, 3), None);
    let good = written(&v, &entries);
    let text = ".x./x.x/.x.";
    let at = good.windows(text.len()).position(|w| w == text.as_bytes()).unwrap();
    for (from, to) in [(text, "...../..x../.x.x./..x../....."), (text, ".x./x.x/.x.")] {
        let mut header = good[20..].to_vec();
        let len = u32::from_le_bytes(good[12..16].try_into().unwrap()) as usize;
        header.truncate(len);
        let start = at - 20;
        header.splice(start..start + from.len(), to.bytes());
        header[start - 8..start].copy_from_slice(&(to.len() as u64).to_le_bytes());
        let payload_offset = good.len() - entries.len();
        let new_offset = (20 + header.len()).div_ceil(64) * 64;
        // payload_offset is the header's u64 after the histogram: patch it by value.
        let old = (payload_offset as u64).to_le_bytes();
        let p = header.windows(8).rposition(|w| w == old).unwrap();
        header[p..p + 8].copy_from_slice(&(new_offset as u64).to_le_bytes());
        let mut bytes = good[..20].to_vec();
        bytes[12..16].copy_from_slice(&(header.len() as u32).to_le_bytes());
        bytes[16..20].copy_from_slice(&crc32fast::hash(&header).to_le_bytes());
        bytes.extend(&header);
        bytes.resize(new_offset, 0);
        bytes.extend(&good[payload_offset..]);
        let parsed = TableFile::parse(&bytes, Check::Full);
        if from == to {
            assert_eq!(bytes, good);
            assert!(parsed.is_ok());
        } else {
            let err = parsed.unwrap_err();
            assert!(matches!(err, LoadError::Inconsistent { field: "puzzle", .. }), "{err}");
            // In words, naming both tables (not the types' debug form).
            let text = err.to_string();
            assert!(text.starts_with("inconsistent header: puzzle is a Lights Out 2x2"), "{text}");
            assert!(!text.contains('{'), "{text}");
        }
    }
}

#[test]
fn variant_tables_export_to_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::new(2, 2, "x.x/.x./x.x", true, 3);
    let want = brute_table(&rules, Some(1));
    let opts =
        ["--size", "2x2", "--toggle", "x.x/.x./x.x", "--wrap", "--colours", "3", "--goal", "1"];
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    for format in ["fbt", "npy", "csv", "json", "raw"] {
        let file = path(&format!("t.{format}"));
        flipblox_ok(&[&["export", "flip", "-o", &file][..], &opts].concat(), b"");
    }
    let entry = |d: u8| if d == UNREACHABLE { 255 } else { d };
    let raw = read_bytes(path("t.raw"));
    assert_eq!(raw, want.iter().map(|&d| entry(d)).collect::<Vec<_>>());
    let npy = read_bytes(path("t.npy"));
    assert!(npy.ends_with(&raw) && npy.starts_with(b"\x93NUMPY"));
    let fbt = read_bytes(path("t.fbt"));
    assert!(fbt.ends_with(&raw));
    let csv = std::fs::read_to_string(path("t.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("state,board,distance"));
    for (s, line) in lines.enumerate() {
        let board: String = rules.decode(s).iter().map(|&c| char::from(b'0' + c)).collect();
        let d = if want[s] == UNREACHABLE { String::new() } else { want[s].to_string() };
        assert_eq!(line, format!("{s},{board},{d}"));
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path("t.json")).unwrap()).unwrap();
    assert_eq!(json["puzzle"], "lights-out");
    assert_eq!(json["variant"]["goal"], 1);
    let distances = json["distances"].as_array().unwrap();
    assert_eq!(distances.len(), 81);
    for (s, d) in distances.iter().enumerate() {
        assert_eq!(d.as_u64(), (want[s] != UNREACHABLE).then_some(u64::from(want[s])));
    }
    // The .npy (3^4 entries) is inspected as a Lights Out table with the histogram of the table
    // file; the board, pattern and goal it cannot know are left out.
    let inspect = |file: &str| -> serde_json::Value {
        let out = flipblox_ok(&["inspect", "--json", &path(file)], b"");
        serde_json::from_str(stdout(&out).trim()).unwrap()
    };
    let (npy, fbt) = (inspect("t.npy"), inspect("t.fbt"));
    assert_eq!((npy["puzzle"].as_str(), npy["variant"].is_null()), (Some("lights-out"), true));
    assert_eq!(npy["shape"], serde_json::json!([81]));
    for key in ["histogram", "impossible", "max_distance"] {
        assert_eq!(npy[key], fbt[key], "{key}");
    }
    let mut counts = vec![0u64; 256];
    want.iter().for_each(|&d| counts[usize::from(d)] += 1);
    assert_eq!(npy["impossible"].as_u64(), Some(counts[usize::from(UNREACHABLE)]));
    let text = stdout(&flipblox_ok(&["inspect", &path("t.npy")], b""));
    assert!(text.contains("puzzle: Lights Out table of 3^4 states (4 cells, 3 colours;"), "{text}");
    // It is no Flip Game table: flip --table refuses it, and verify asks for the table file.
    let out = flipblox(&["flip", "--table", &path("t.npy"), "--board", "ww/ww"], b"");
    assert_eq!(out.status.code(), Some(1));
    let out = flipblox(&["verify", "flip", &path("t.npy")], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("verify the table file instead"), "{}", stderr(&out));
    flipblox_ok(&["verify", "flip", &path("t.fbt")], b"");
}
