//! docs/JSON.md: every kind of record the commands print with `--json` is checked against the
//! JSON Schema the page gives for it (taken from the page itself, validated with the
//! `jsonschema` crate), and every schema on the page is used by a test here.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde_json::Value;

use crate::common::{flipblox, project, read_text, stderr, stdout, write_file};

/// The schemas of docs/JSON.md by name: each `<!-- schema: NAME -->` and the ```` ```json ````
/// block after it.
static SCHEMAS: LazyLock<BTreeMap<String, Value>> = LazyLock::new(|| {
    let page = read_text(project("docs/JSON.md"));
    let mut schemas = BTreeMap::new();
    for (at, _) in page.match_indices("<!-- schema: ") {
        let rest = &page[at + "<!-- schema: ".len()..];
        let name = rest[..rest.find(" -->").expect("a closed marker")].to_string();
        let block = &rest[rest.find("```json\n").expect("a json block after the marker") + 8..];
        let text = &block[..block.find("\n```").expect("a closed block")];
        let schema: Value = serde_json::from_str(text)
            .unwrap_or_else(|e| panic!("docs/JSON.md: schema {name} is not JSON: {e}"));
        assert!(schemas.insert(name.clone(), schema).is_none(), "schema {name} given twice");
    }
    schemas
});

/// The names of the schemas the tests below checked records against.
static USED: std::sync::Mutex<Vec<&'static str>> = std::sync::Mutex::new(Vec::new());

/// Checks `record` against the page's schema `name`, with every violation in the message.
fn check(name: &'static str, record: &Value) {
    USED.lock().unwrap().push(name);
    let schema = SCHEMAS.get(name).unwrap_or_else(|| panic!("docs/JSON.md has no schema {name}"));
    let validator = jsonschema::validator_for(schema)
        .unwrap_or_else(|e| panic!("docs/JSON.md: schema {name} is not a valid schema: {e}"));
    let errors: Vec<String> =
        validator.iter_errors(record).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{record} does not follow schema {name}:\n{}", errors.join("\n"));
}

/// The JSON Lines of a run's stdout, each parsed.
fn records(out: &std::process::Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

#[test]
fn flip_records_follow_their_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.txt");
    // Answered, unreadable, impossible (under --goal white), answered.
    write_file(
        &boards,
        "bwwb\nbbwb\nbwwb\nbwww\n\nbwq\n\nwwww\nwwww\nwwww\nwwwb\n\nbbbb\nbbbb\nbbbb\nbbbb\n",
    );
    let missing = dir.path().join("missing.txt");
    let (boards, missing) = (boards.to_str().unwrap(), missing.to_str().unwrap());
    for extra in [
        &[][..],
        &["--path"],
        &["--path", "--goal", "white"],
        &["--colours", "3", "--alphabet", "wbx"],
    ] {
        let mut args = vec!["flip", "--json", boards, missing];
        args.extend(extra);
        let out = flipblox(&args, b"");
        assert_eq!(out.status.code(), Some(1), "{extra:?}: a bad board and a missing file");
        let records = records(&out);
        assert_eq!(records.len(), 5, "{extra:?}");
        for (i, record) in records[..4].iter().enumerate() {
            check("flip-board", record);
            assert_eq!(
                (record["file"].as_str(), record["index"].as_u64()),
                (Some(boards), Some(i as u64 + 1))
            );
            // The presses come with every answer.
            assert_eq!(record["path"].is_array(), !record["distance"].is_null(), "{record}");
        }
        assert!(
            records[1]["error"].as_str().unwrap().starts_with("6:3: board 2: "),
            "{}",
            records[1]
        );
        check("file-failure", &records[4]);
    }
}

#[test]
fn bloxorz_records_follow_their_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    // Answered, impossible, unreadable, answered.
    write_file(
        &pack,
        "1 4\n.XXO\n1 3\nX.O\n2 2\nXq\n.O\n7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n",
    );
    let missing = dir.path().join("missing.txt");
    let (pack, missing) = (pack.to_str().unwrap(), missing.to_str().unwrap());
    for extra in [&[][..], &["--path"], &["--path", "--timings"], &["--analyse"]] {
        let mut args = vec!["bloxorz", "--json", pack, missing];
        args.extend(extra);
        let out = flipblox(&args, b"");
        assert_eq!(out.status.code(), Some(1), "a bad level and a missing file");
        let records = records(&out);
        assert_eq!(records.len(), 5);
        for record in &records[..4] {
            check("bloxorz-level", record);
            assert_eq!(record["file"], pack);
            let answered = record["error"].is_null();
            let timed = extra.contains(&"--timings") && answered;
            assert_eq!(record.get("microseconds").is_some(), timed, "{record}");
            let analysed = extra.contains(&"--analyse");
            assert_eq!(record.get("reachable").is_some(), analysed, "{record}");
        }
        let distances: Vec<&Value> = records[..4].iter().map(|r| &r["distance"]).collect();
        assert_eq!(distances, [&Value::from(1), &Value::Null, &Value::Null, &Value::from(10)]);
        assert!(records[2]["error"].as_str().unwrap().starts_with("6:2: level 3: "));
        assert_eq!(records[0]["path"].is_string(), extra.contains(&"--path"));
        check("file-failure", &records[4]);
        assert_eq!(records[4]["file"], missing);
    }
    // A file in the original game's format without a play order: nothing to answer.
    let flash = dir.path().join("order.js");
    write_file(&flash, "var levels = 5;\n");
    let out = flipblox(&["bloxorz", "--json", flash.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let records = records(&out);
    check("file-failure", &records[0]);
    assert!(records[0]["error"].as_str().unwrap().starts_with("1:14: expected the play order"));
}

#[test]
fn generate_records_follow_their_schemas() {
    for extra in [&[][..], &["--switches", "--fragile"]] {
        let mut args = vec!["generate", "bloxorz", "--size", "5x6", "--count", "3", "--json"];
        args.extend_from_slice(&["--iterations", "300"]);
        args.extend(extra);
        let out = flipblox(&args, b"");
        assert!(out.status.success(), "{}", stderr(&out));
        let records = records(&out);
        assert_eq!(records.len(), 3);
        for record in &records {
            check("generate-level", record);
        }
    }
}

#[test]
fn library_records_follow_their_schemas_and_are_what_the_cli_prints() {
    use flipblox::bloxorz::analysis::Analyser;
    use flipblox::bloxorz::generate::{GenerateOptions, Generator};
    use flipblox::bloxorz::{
        GeneratedRecord, InputFormat, LevelInput, LevelRecord, Limits, RunOptions, Runner, Solver,
    };
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    // Answered, impossible, unreadable, answered, too large for the memory limit.
    let text = "1 4\n.XXO\n1 3\nX.O\n2 2\nXq\n.O\n7 7\n#######\n#..X###\n#..##O#\n#....E#\n\
                #....E#\n#.....#\n#######\n; big\n60 60\n";
    write_file(&pack, text);
    let name = pack.to_str().unwrap();
    for extra in [&[][..], &["--path"], &["--analyse"], &["--path", "--analyse"]] {
        let (paths, analyse) = (extra.contains(&"--path"), extra.contains(&"--analyse"));
        let max_memory = 20_000;
        let options = RunOptions { jobs: 1, paths, analyse, max_memory, timings: false };
        let mut input = LevelInput::from_bytes(text.as_bytes(), InputFormat::Auto, max_memory);
        let mut built = Vec::new();
        Runner::new(options)
            .run_source(input.levels().unwrap(), |report| {
                let record = LevelRecord::new(name, &report, &options, "--max-memory");
                built.push(serde_json::to_value(&record).unwrap());
                Ok::<(), ()>(())
            })
            .unwrap();
        assert_eq!(built.len(), 5);
        for record in &built {
            check("bloxorz-level", record);
        }
        assert!(built[4]["error"].as_str().unwrap().ends_with(" (--max-memory)"), "{}", built[4]);
        let mut args = vec!["bloxorz", "--json", "--max-memory", "20000", name];
        args.extend(extra);
        let out = flipblox(&args, b"");
        assert_eq!(records(&out), built, "{extra:?}");
    }
    let options = GenerateOptions { iterations: 300, ..GenerateOptions::new(5, 6, 0) };
    let (mut generator, mut solver, mut analyser) =
        (Generator::new(), Solver::new(), Analyser::new());
    let mut built = Vec::new();
    for index in 0..2 {
        let generated = generator.generate(&options, index).unwrap();
        let mut path = Vec::new();
        solver.solve_with_path(&generated.level, Limits::default(), &mut path).unwrap();
        let analysis = analyser.analyse(&generated.level, Limits::default()).unwrap();
        let record = GeneratedRecord::new(index + 1, &generated, &path, &analysis);
        built.push(serde_json::to_value(&record).unwrap());
        check("generate-level", &built[index as usize]);
    }
    let args = ["generate", "bloxorz", "--size", "5x6", "--count", "2", "--json"];
    let out = flipblox(&[&args[..], &["--iterations", "300"]].concat(), b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(records(&out), built);
}

#[test]
fn inspect_records_follow_their_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (flip, npy, field, field_npy) =
        (path("t.fbt"), path("t.npy"), path("field.fbt"), path("field.npy"));
    let zk = path("zk.fbt");
    let variant = ["export", "flip", "--size", "2x3", "--colours", "3", "--wrap", "--goal", "2"];
    for (args, file) in [
        (&variant[..], &zk),
        (&["export", "flip"][..], &flip),
        (&["export", "flip"], &npy),
        (&["export", "bloxorz", "data/bloxorz/poj-sample.txt", "--level", "1"], &field),
        (&["export", "bloxorz", "data/bloxorz/poj-sample.txt", "--level", "1"], &field_npy),
    ] {
        let out = flipblox(&[args, &["-o", file]].concat(), b"");
        assert!(out.status.success(), "{}", crate::common::stderr(&out));
    }
    let bad = path("bad.fbt");
    write_file(&bad, "not a table");
    let missing = path("missing.fbt");
    let files = [&zk, &flip, &npy, &field, &field_npy, &bad, &missing];
    let out = flipblox(&[&["inspect", "--json"][..], &files.map(String::as_str)].concat(), b"");
    assert_eq!(out.status.code(), Some(1));
    let records = records(&out);
    assert_eq!(records.len(), 7);
    let puzzles = ["lights-out", "flip-game", "flip-game", "bloxorz", "bloxorz"];
    for (record, puzzle) in records[..5].iter().zip(puzzles) {
        check("inspect", record);
        assert_eq!(record["puzzle"], puzzle);
    }
    let rules = serde_json::json!({"colours": 3, "wrap": true, "toggle": ".x./xxx/.x.", "goal": 2});
    assert_eq!(records[0]["variant"], rules);
    assert_eq!(records[0]["shape"], serde_json::json!([729]));
    assert!(records[1]["variant"].is_null());
    for (record, file) in records[5..].iter().zip([&bad, &missing]) {
        check("file-error", record);
        assert_eq!(&record["file"], file);
    }
}

#[test]
fn verify_records_follow_their_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.npy");
    let table = table.to_str().unwrap();
    assert!(flipblox(&["export", "flip", "-o", table], b"").status.success());
    let out = flipblox(&["verify", "flip", "--json", table], b"");
    assert!(out.status.success());
    let good = &records(&out)[0];
    check("verify", good);
    assert_eq!((good["ok"].as_bool(), good["file"].as_str()), (Some(true), Some(table)));
    // One entry changed: both checks fail, and the first difference is listed.
    let mut bytes = std::fs::read(table).unwrap();
    let last = bytes.len() - 1;
    bytes[last] = 7;
    std::fs::write(table, &bytes).unwrap();
    let out = flipblox(&["verify", "flip", "--json", table], b"");
    assert_eq!(out.status.code(), Some(1));
    let bad = &records(&out)[0];
    check("verify", bad);
    assert_eq!((bad["ok"].as_bool(), bad["proof"]["ok"].as_bool()), (Some(false), Some(false)));
    let first = &bad["brute_force"]["first"][0];
    assert_eq!((first["state"].as_u64(), first["table"].as_u64()), (Some(65_535), Some(7)));
    assert_eq!(first["board"], "bbbb/bbbb/bbbb/bbbb");
    // Beyond 25 pieces there is no brute force, only the proof.
    let out =
        flipblox(&["verify", "flip", "--json", "--size", "2x13", "--max-table-cells", "26"], b"");
    assert!(out.status.success());
    let built = &records(&out)[0];
    check("verify", built);
    assert!(built["brute_force"].is_null() && built["file"].is_null());
    assert_eq!((built["goal"].as_str(), built["colours"].as_u64()), (Some("any"), Some(2)));
    // Another variant's table: compared with the Z_K solver instead of the brute force.
    let variant = dir.path().join("k3.fbt");
    let variant = variant.to_str().unwrap();
    let build = ["table", "build", "--size", "2x3", "--colours", "3", "--goal", "2", "-o", variant];
    assert!(flipblox(&build, b"").status.success());
    let out = flipblox(&["verify", "flip", "--json", variant], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let record = &records(&out)[0];
    check("verify", record);
    assert!(record["brute_force"].is_null());
    assert_eq!(record["solver"]["states"].as_u64(), Some(729));
    assert_eq!((record["goal"].as_str(), record["colours"].as_u64()), (Some("2"), Some(3)));
    let out = flipblox(&["verify", "flip", "--json", "missing.fbt"], b"");
    assert_eq!(out.status.code(), Some(1));
    check("file-error", &records(&out)[0]);
}

#[test]
fn stats_records_follow_their_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("t.fbt");
    let table = table.to_str().unwrap();
    assert!(flipblox(&["export", "flip", "-o", table], b"").status.success());
    for args in [
        &["stats", "flip", "--json"][..],
        &["stats", "flip", "--json", "--table", table],
        &["stats", "flip", "--json", "--size", "3x3", "--goal", "white", "--colours", "3"],
        &["stats", "flip", "--json", "--size", "3x4", "--wrap", "--toggle", "x.x/.x./x.x"],
    ] {
        let out = flipblox(args, b"");
        assert!(out.status.success(), "{args:?}: {}", crate::common::stderr(&out));
        let records = records(&out);
        assert_eq!(records.len(), 1);
        check("stats", &records[0]);
        let total: u64 =
            records[0]["histogram"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum();
        assert_eq!(
            total + records[0]["impossible"].as_u64().unwrap(),
            records[0]["states"].as_u64().unwrap()
        );
    }
    let out = flipblox(&["stats", "flip", "--json", "--table", "missing.fbt"], b"");
    assert_eq!(out.status.code(), Some(1));
    check("file-error", &records(&out)[0]);
}

#[test]
fn the_schemas_refuse_what_they_do_not_document() {
    // The check can fail: a stray key, a missing key and a wrong type are each refused.
    let record: Value = serde_json::from_str(
        r#"{"file":"f","index":1,"error":null,"distance":3,"path":null,"rows":1,"cols":4,"states_explored":5,"title":null}"#,
    )
    .unwrap();
    check("bloxorz-level", &record);
    let validator = jsonschema::validator_for(&SCHEMAS["bloxorz-level"]).unwrap();
    let mut stray = record.clone();
    stray["moves"] = Value::from(3);
    let mut missing = record.clone();
    missing.as_object_mut().unwrap().remove("path");
    let mut wrong = record.clone();
    wrong["distance"] = Value::from("3");
    for bad in [stray, missing, wrong] {
        assert!(!validator.is_valid(&bad), "{bad}");
    }
}

#[test]
fn every_schema_on_the_page_is_checked_by_a_test() {
    // Runs the other tests' checks first, so their uses are recorded whatever the order.
    flip_records_follow_their_schemas();
    bloxorz_records_follow_their_schemas();
    generate_records_follow_their_schemas();
    inspect_records_follow_their_schemas();
    verify_records_follow_their_schemas();
    stats_records_follow_their_schemas();
    let used = USED.lock().unwrap().clone();
    let unused: Vec<&String> =
        SCHEMAS.keys().filter(|name| !used.contains(&name.as_str())).collect();
    assert!(unused.is_empty(), "schemas in docs/JSON.md no test checks: {unused:?}");
}

#[test]
fn flip_records_of_buttons_holes_and_tatham_follow_their_schema() {
    let dir = tempfile::tempdir().unwrap();
    let buttons = dir.path().join("buttons.txt");
    write_file(&buttons, "1,1 1,2\n1,2\n\n2,1 2,2\n");
    let buttons = buttons.to_str().unwrap();
    let runs: [&[&str]; 3] = [
        &["flip", "--json", "--size", "2x2", "--buttons", buttons, "--board", "bw/wb"],
        &["flip", "--json", "--size", "2x2", "--hole", ".", "--board", "b./wb"],
        &["flip", "--json", "--tatham", "2x2r:c4b3,8"],
    ];
    for args in runs {
        let out = flipblox(args, b"");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        for record in records(&out) {
            check("flip-board", &record);
        }
    }
}

/// Collects the JSON of every record a batch hands over (the fast path's lines too).
#[derive(Default)]
struct Collected(Vec<Value>);

impl flipblox::lights_out::BatchSink for Collected {
    type Error = flipblox::lights_out::BatchError;

    fn record(
        &mut self,
        record: &flipblox::lights_out::BoardRecord<'_>,
    ) -> Result<(), Self::Error> {
        self.0.push(serde_json::to_value(record).unwrap());
        Ok(())
    }

    fn lines(&mut self, lines: &[u8]) -> Result<(), Self::Error> {
        let text = std::str::from_utf8(lines).unwrap();
        self.0.extend(text.lines().map(|line| serde_json::from_str::<Value>(line).unwrap()));
        Ok(())
    }
}

#[test]
fn flip_records_built_by_the_library_follow_their_schema() {
    use flipblox::lights_out::{Batch, BatchOptions, BoardRecord, Goal, Solver, Variant};
    // One board's record from an answer.
    let variant = Variant::builder(3, 3).goal(Goal::Colour(0)).build().unwrap();
    let alphabet = flipblox::lights_out::Alphabet::default_for(2);
    let board = variant.board("bwb/wbw/bwb").unwrap();
    let mut solver = Solver::builder(&variant).presses(true).build().unwrap().with_counts(true);
    let answer = solver.solve(&board).unwrap();
    let record = BoardRecord::new("-", 1, &variant, &alphabet, &board, solver.nullity(), &answer);
    let value = serde_json::to_value(&record).unwrap();
    check("flip-board", &value);
    let distance = answer.distance.expect("the 3x3 board is solvable");
    assert_eq!(
        (value["distance"].clone(), value["goal"].clone()),
        (distance.into(), "white".into())
    );
    // A batch's records (answered, impossible, unreadable, sizes read from the input, the fast
    // path's lines) are the CLI's, byte for byte once parsed.
    let input = "bwwb\nbbwb\nbwwb\nbwww\n\nbwb\nwbw\nbxb\n\n2 3\nbbb\nwww\n";
    let runs: [(&[&str], BatchOptions); 3] = [
        (&[], BatchOptions { presses: true, counts: true, lines: true, ..Default::default() }),
        (
            &["--goal", "white"],
            BatchOptions {
                goal: "white".into(),
                presses: true,
                counts: true,
                ..Default::default()
            },
        ),
        (
            &["--hole", "."],
            BatchOptions { hole: Some('.'), presses: true, counts: true, ..Default::default() },
        ),
    ];
    for (args, options) in runs {
        let mut collected = Collected::default();
        let mut batch = Batch::new(options, &mut collected).unwrap();
        let failed = batch.run_bytes("<stdin>", input.as_bytes(), &mut collected).unwrap();
        assert!(failed, "{args:?}: board 2 cannot be read");
        for record in &collected.0 {
            check("flip-board", record);
        }
        let mut cli = vec!["flip", "--json"];
        cli.extend(args);
        assert_eq!(collected.0, records(&flipblox(&cli, input.as_bytes())), "{args:?}");
    }
}
