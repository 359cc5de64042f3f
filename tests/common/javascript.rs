//! JavaScript's values, for the Flash reader's tests and fuzz target: a model of the statements
//! JavaScript ports of the game's file write (programs generated from bytes, each with the play
//! order JavaScript gives it, worked out by the model), and the check that the reader builds the
//! stages JavaScript builds. (`tests/flash_javascript.rs` checks the model against `node`.)
//!
//! The model is independent of the reader: it keeps names and lists as JavaScript does (a name
//! holds a list, which every name holding it shares; `push` changes the list; `NAME = []` makes a
//! new one; a function's body runs only when called) and writes the play order as
//! `JSON.stringify` writes it. The reader's stages for the program must equal its stages for
//! `levels = JSON;`, a file of literals only.

use std::fmt::Write as _;

use flipblox::bloxorz::FlashPack;

/// Each stage of `bytes` (a Flash file) read with `limit`: its level in the text format, or
/// `None` when it cannot be read.
pub fn stages(bytes: &[u8], limit: u64) -> Result<Vec<Option<String>>, String> {
    let pack = FlashPack::parse(bytes, limit).map_err(|e| e.to_string())?;
    Ok(pack.stages().iter().map(|s| s.level.as_ref().ok().map(ToString::to_string)).collect())
}

/// Checks that the reader builds from `program` the stages of the play order `json` (as
/// `JSON.stringify` writes it): each stage the same level, or unreadable in both.
#[track_caller]
pub fn check_stages(program: &str, json: &str, limit: u64) {
    let literal = format!("levels = {json};\n");
    let want = stages(literal.as_bytes(), limit).unwrap_or_else(|e| panic!("{literal}: {e}"));
    let got = stages(program.as_bytes(), limit);
    assert_eq!(got, Ok(want), "the program:\n{program}\nthe play order JavaScript gives: {json}");
}

/// The names the generated programs use for lists.
const NAMES: [&str; 3] = ["a", "b", "lv"];

/// Rows of the generated stages (most of them one width, so that many stages read).
const ROWS: [&str; 5] = ["bbbb", "bbbe", "bbbb", "bfbb", "bbbbbe"];

/// A value as the model holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Model {
    Undefined,
    /// A list of the model's heap.
    List(usize),
}

/// An item of a list of the model.
#[derive(Debug, Clone)]
enum Entry {
    Row(&'static str),
    Start(u8, u8),
    List(usize),
    Undefined,
}

/// The model of a program: its names and lists.
struct Run {
    names: [Model; NAMES.len()],
    /// The variable `row` (a string).
    row: &'static str,
    lists: Vec<Vec<Entry>>,
    /// The play order: list 0.
    text: String,
}

impl Run {
    fn new_list(&mut self, entries: Vec<Entry>) -> usize {
        self.lists.push(entries);
        self.lists.len() - 1
    }

    fn entry_of(&self, name: usize) -> Entry {
        match self.names[name] {
            Model::Undefined => Entry::Undefined,
            Model::List(id) => Entry::List(id),
        }
    }

    /// The list `id` as `JSON.stringify` writes it (`undefined` in a list is `null`).
    fn json(&self, id: usize, out: &mut String) {
        out.push('[');
        for (i, entry) in self.lists[id].iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match entry {
                Entry::Row(row) => write!(out, "\"{row}\"").unwrap(),
                Entry::Start(x, y) => write!(out, "[{x},{y}]").unwrap(),
                Entry::List(inner) => self.json(*inner, out),
                Entry::Undefined => out.push_str("null"),
            }
        }
        out.push(']');
    }
}

/// A program of the statements JavaScript ports write, made from `bytes` (every byte pair picks
/// a statement), and the play order JavaScript gives it (as `JSON.stringify` writes it). Every
/// program runs in JavaScript without an exception: no `push` onto a name without a list, no
/// list that holds itself.
pub fn program(bytes: &[u8]) -> (String, String) {
    let mut run = Run {
        names: [Model::Undefined; NAMES.len()],
        row: ROWS[1],
        lists: vec![vec![Entry::Row("")]],
        text: String::from("var a, b, lv, row = \"bbbe\";\nvar levels = [\"\"];\n"),
    };
    // The list `levels` holds (list 0 at first).
    let mut levels = 0;
    for pair in bytes.chunks(2) {
        let (op, arg) = (pair[0], pair.get(1).copied().unwrap_or(0));
        let n = usize::from(arg) % NAMES.len();
        let other = usize::from(arg / 3) % NAMES.len();
        let name = NAMES[n];
        let row = ROWS[usize::from(arg / 9) % ROWS.len()];
        let (x, y) = (arg % 3, u8::from(arg % 7 == 6));
        let declare = if arg & 0x80 != 0 { "var " } else { "" };
        match op % 14 {
            0 => {
                writeln!(run.text, "{declare}{name} = [];").unwrap();
                run.names[n] = Model::List(run.new_list(Vec::new()));
            }
            1 | 2 => {
                let row = if op % 14 == 2 { "bbbe" } else { row };
                if let Model::List(id) = run.names[n] {
                    writeln!(run.text, "{name}.push(\"{row}\");").unwrap();
                    run.lists[id].push(Entry::Row(row));
                }
            }
            3 => {
                if let Model::List(id) = run.names[n] {
                    writeln!(run.text, "{name}.push([{x}, {y}]);").unwrap();
                    run.lists[id].push(Entry::Start(x, y));
                }
            }
            4 | 5 => {
                writeln!(run.text, "levels.push({name});").unwrap();
                let entry = run.entry_of(n);
                run.lists[levels].push(entry);
            }
            6 => {
                writeln!(run.text, "{name} = {};", NAMES[other]).unwrap();
                run.names[n] = run.names[other];
            }
            7 => writeln!(run.text, "var {name};").unwrap(),
            8 => {
                writeln!(run.text, "levels = [\"\", {name}, {}];", NAMES[other]).unwrap();
                let entries = vec![Entry::Row(""), run.entry_of(n), run.entry_of(other)];
                levels = run.new_list(entries);
            }
            9 => {
                // A function never called: its `var` is its own, and nothing in it runs.
                writeln!(
                    run.text,
                    "function f{op}() {{\n  var {name} = [];\n  {name}.push(\"bbbbbe\");\n  \
                     {name}.push([0, 0]);\n  levels = [\"\", {name}];\n}}"
                )
                .unwrap();
            }
            10 => {
                if let Model::List(id) = run.names[n] {
                    writeln!(run.text, "{name}.push(row, [{x}, {y}]);").unwrap();
                    let pushed = run.row;
                    run.lists[id].extend([Entry::Row(pushed), Entry::Start(x, y)]);
                }
            }
            11 => {
                writeln!(run.text, "row = \"{row}\";").unwrap();
                run.row = row;
            }
            _ => {
                // A stage written whole, most of them readable.
                let row = if arg % 4 == 0 { row } else { ["bbbe", "bbbbbe"][usize::from(arg) % 2] };
                writeln!(run.text, "{declare}{name} = [\"{row}\", [{x}, 0]];").unwrap();
                let entries = vec![Entry::Row(row), Entry::Start(x, 0)];
                run.names[n] = Model::List(run.new_list(entries));
            }
        }
    }
    let mut json = String::new();
    run.json(levels, &mut json);
    (run.text, json)
}
