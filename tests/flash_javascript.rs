//! JavaScript ports of the Flash game's file are read as JavaScript runs them (issue 26): a
//! value is bound when its statement runs (`levels.push(lv)` keeps the list `lv` holds then),
//! lists are shared by the names that hold them, a function's `var`s are its own and its body
//! runs only when called; what the reader cannot evaluate is an error, never another level.
//!
//! Each case gives the play order JavaScript makes (as `JSON.stringify` writes it); when `node`
//! is installed the tests also run every case, and generated programs, in node and check that
//! it makes exactly that play order. Without node the cases' own play orders are checked.

use std::process::Command;

use crate::common::javascript::{check_stages, program, stages};
use crate::common::{flipblox, stderr, stdout, write_file};

/// True when `node` runs.
pub fn has_node() -> bool {
    Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The play order `node` gives each of `programs` (`levels` after it runs, or what
/// `getLevels()` returns when it sets none) as `JSON.stringify` writes it, each program run in a
/// context of its own by one node process; `None` when node is not installed.
///
/// # Panics
///
/// When node fails on a program.
pub fn node_play_orders(programs: &[&str]) -> Option<Vec<String>> {
    // The programs come NUL-separated; the play orders go out one a line.
    const HARNESS: &str = "const fs = require('fs'), vm = require('vm');\
        for (const program of fs.readFileSync(process.argv[1], 'utf8').split('\\0')) {\
            const context = vm.createContext({});\
            vm.runInContext(program, context);\
            const order = vm.runInContext(\
                'typeof levels !== \"undefined\" ? levels : getLevels()', context);\
            process.stdout.write(JSON.stringify(order) + '\\n');\
        }";
    if !has_node() {
        return None;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("programs.js");
    std::fs::write(&path, programs.join("\0")).unwrap();
    let out = Command::new("node").arg("-e").arg(HARNESS).arg(&path).output().unwrap();
    assert!(out.status.success(), "node fails: {}", String::from_utf8_lossy(&out.stderr));
    let orders: Vec<String> =
        String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    assert_eq!(orders.len(), programs.len());
    Some(orders)
}

/// The memory limit of the checks.
const LIMIT: u64 = 1 << 20;

/// JavaScript programs and the play orders they make.
const CASES: &[(&str, &str)] = &[
    // One temporary list reused for every stage (the issue's port): each push keeps the list of
    // that moment.
    (
        "var levels = [];\nvar lv = [];\nlv.push(\"bbbe\");\nlv.push([0, 0]);\nlevels.push(lv);\n\
         lv = [];\nlv.push(\"bbbbbbe\");\nlv.push([0, 0]);\nlevels.push(lv);\n",
        r#"[["bbbe",[0,0]],["bbbbbbe",[0,0]]]"#,
    ),
    // A function that is never called declares its own `a`.
    (
        "var a = [];\na.push(\"bbbe\");\na.push([0, 0]);\nfunction unused() {\n  var a = [];\n  \
         a.push(\"bbbbbbe\");\n  a.push([0, 0]);\n}\nvar levels = [\"\", a];\n",
        r#"["",["bbbe",[0,0]]]"#,
    ),
    // `a` given a new list after the play order took the old one.
    (
        "var a = [];\na.push(\"bbbe\");\na.push([0, 0]);\nvar levels = [\"\", a];\na = [];\n\
         a.push(\"bbbbbbe\");\na.push([0, 0]);\n",
        r#"["",["bbbe",[0,0]]]"#,
    ),
    // `var lv;` without a value; the same list twice.
    (
        "var lv;\nvar levels = [];\nlv = [];\nlv.push(\"bbbe\");\nlv.push([0, 0]);\n\
         levels.push(lv);\nlevels.push(lv);\n",
        r#"[["bbbe",[0,0]],["bbbe",[0,0]]]"#,
    ),
    // A list changed after the play order took it: the play order holds the list itself.
    ("var a = [];\nvar levels = [\"\", a];\na.push(\"bbe\", [0, 0]);\n", r#"["",["bbe",[0,0]]]"#),
    // Two names for one list; several names in one declaration.
    (
        "var a = [], b, levels = [\"\"];\nb = a;\nb.push(\"bbbe\");\na.push([1, 0]);\n\
         levels.push(a, b);\n",
        r#"["",["bbbe",[1,0]],["bbbe",[1,0]]]"#,
    ),
    // A name in the play order given its value only later: undefined there.
    (
        "var levels = [\"\", a, b];\nvar a = [\"bbe\", [0, 0]];\nvar b = [\"be\", [0, 0]];\n",
        r#"["",null,null]"#,
    ),
    // A row and a start held by names, and a list written in place.
    (
        "var row = \"bbbe\", start = [0, 0];\nvar levels = [\"\"];\nlevels.push([row, start]);\n\
         row = \"bbe\";\nlevels.push([row, start], [\"be\", [0, 0]]);\n",
        r#"["",["bbbe",[0,0]],["bbe",[0,0]],["be",[0,0]]]"#,
    ),
    // A switch table whose actions a name holds.
    (
        "var acts = [[3, 0, \"on\"], [4, 0, \"on\"]];\nvar s = [\"bsbll e\", [0, 0], \
         {swatch10: acts}];\nacts = [];\nvar levels = [\"\", s];\n",
        r#"["",["bsbll e",[0,0],{"swatch10":[[3,0,"on"],[4,0,"on"]]}]]"#,
    ),
    // The port's wrapper: `getLevels()` gives the play order; its `var`s shadow the file's, and
    // a `var` is the function's from its first line on.
    (
        "var a = [\"bbbbbbe\", [0, 0]];\nfunction getLevels() {\n  var levels = [\"\", a];\n  \
         var a = [];\n  a.push(\"bbe\", [0, 0]);\n  levels.push(a);\n  return levels;\n}\n",
        r#"["",null,["bbe",[0,0]]]"#,
    ),
    // The wrapper reads the file's own names; an inner function is not called.
    (
        "var a = [\"bbe\", [0, 0]];\nfunction getLevels() {\n  function inner() {\n    \
         a = [];\n  }\n  let levels = [\"\", a];\n  return levels;\n}\n",
        r#"["",["bbe",[0,0]]]"#,
    ),
    // A file whose play order is set at the top level does not need its function.
    (
        "function getLevels() {\n  return [\"\", [\"be\", [0, 0]]];\n}\nconst levels = [\"\", \
         [\"bbe\", [0, 0]]];\n",
        r#"["",["bbe",[0,0]]]"#,
    ),
];

#[test]
fn javascript_ports_are_read_as_javascript_runs_them() {
    let programs: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    if let Some(orders) = node_play_orders(&programs) {
        for ((program, want), got) in CASES.iter().zip(&orders) {
            assert_eq!(got, want, "node on\n{program}");
        }
    }
    for (program, order) in CASES {
        check_stages(program, order, LIMIT);
    }
    // The issue's port answers each stage as itself, with the binary too.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("port.js");
    write_file(&path, CASES[0].0);
    let out = flipblox(&["bloxorz", "--path", path.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "2 RR\n4 RRRR\n");
}

/// The model of `tests/common/javascript.rs` makes the play order node makes, on programs
/// generated from fixed bytes (when node is installed); the reader reads them so.
#[test]
fn generated_programs_make_the_play_order_node_makes() {
    let mut rng = crate::common::Rng(0x5eed_f1a5);
    let generated: Vec<(String, String)> = (0..300)
        .map(|i| {
            let bytes: Vec<u8> = (0..2 * (4 + i % 40)).map(|_| rng.below(256) as u8).collect();
            program(&bytes)
        })
        .collect();
    let programs: Vec<&str> = generated.iter().map(|g| g.0.as_str()).collect();
    if let Some(orders) = node_play_orders(&programs) {
        for ((program, want), got) in generated.iter().zip(&orders) {
            assert_eq!(got, want, "node on\n{program}");
        }
    }
    let mut readable = 0;
    for (program, order) in &generated {
        check_stages(program, order, LIMIT);
        readable += stages(program.as_bytes(), LIMIT).unwrap().iter().flatten().count();
    }
    assert!(readable > 80, "only {readable} stages read: the programs test little");
}

/// Messages of the reader for `text`: the file's error, or its stages' and problems'.
fn messages(text: &str) -> Vec<String> {
    match flipblox::bloxorz::FlashPack::parse(text.as_bytes(), LIMIT) {
        Err(e) => vec![e.to_string()],
        Ok(pack) => {
            let stages = pack.stages().iter().filter_map(|s| s.level.as_ref().err());
            let problems = pack.problems().iter().map(ToString::to_string);
            stages.map(ToString::to_string).chain(problems).collect()
        }
    }
}

#[test]
fn what_the_reader_cannot_evaluate_is_an_error_not_another_level() {
    let stage = "var a = [\"bbe\", [0, 0]];\n";
    let cases = [
        (
            format!("{stage}if (x) {{ a = []; }}\nvar levels = [\"\", a];\n"),
            "2:1: expected a statement the reader evaluates (a declaration, an assignment, \
             `NAME.push(...)`, a function), found an `if` statement",
        ),
        (
            format!("{stage}reset();\nvar levels = [\"\", a];\n"),
            "2:1: expected a statement the reader evaluates (a declaration, an assignment, \
             `NAME.push(...)`, a function), found a call of `reset`",
        ),
        (
            format!("{stage}var f = function () {{ a = []; }};\nvar levels = [\"\", a];\n"),
            "2:9: expected a statement the reader evaluates (a declaration, an assignment, \
             `NAME.push(...)`, a function), found a function expression",
        ),
        (
            format!("{stage}function getLevels() {{\n  return [\"\", a];\n"),
            "2:10: expected '}' closing the function's body, found end of file",
        ),
        (
            format!(
                "{stage}function one() {{ return [\"\", a]; }}\nfunction two() {{ return a; }}\n"
            ),
            "3:10: expected one function returning `levels` (no `levels = [...]` is at the top \
             level), found 2: `one`, `two`",
        ),
    ];
    for (text, want) in &cases {
        let got = messages(text);
        assert_eq!(got, [want.to_string()], "{text}");
    }
    // A method other than push changes the list: the stage made of it is not read.
    let text = format!("{stage}a.unshift(\"bbe\");\nvar levels = [\"\", a];\n");
    assert_eq!(messages(&text), ["2:3: level 1: expected `push` after the '.', found `unshift`"]);
}

/// A statement that cannot be read is reported once: at the first stage made of what it was
/// about, and named by every later one; `var lv;` is no such statement.
#[test]
fn a_broken_statement_is_reported_once() {
    let text = "var lv = [\"bbe\" \"x\"];\nvar levels = [\"\", lv];\nlevels.push(lv);\n\
                var other = [\"be\", [0, 0]];\nlevels.push(other);\nskip = @;\n";
    assert_eq!(
        messages(text),
        [
            "1:17: level 1: expected ',' or ']' in the list, found a string",
            "3:13: level 2: expected a level whose statements read, found the one of level 1, \
             whose statement at 1:17 does not",
            "6:8: expected a name, a literal or punctuation, found '@'",
        ]
    );
    let pack = flipblox::bloxorz::FlashPack::parse(text.as_bytes(), LIMIT).unwrap();
    assert!(pack.stages()[2].level.is_ok());
    // The binary: one message per stage, and the problem of the file.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("decl.js");
    write_file(
        &path,
        "var lv;\nvar levels = [];\nlv = [\"bbbe\", [0, 0]];\nlevels.push(lv, lv);\n",
    );
    let out = flipblox(&["bloxorz", path.to_str().unwrap()], b"");
    assert_eq!((stdout(&out), stderr(&out)), ("2\n2\n".to_string(), String::new()));
}
