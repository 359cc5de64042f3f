//! A plain reader of the original Flash game's level file for the tests, independent of the
//! library's importer: it relies on the file's layout (one statement per line) and reads the
//! switch tables as JSON once their `swatchNN` keys are quoted (as SOURCE.md describes).

use std::collections::HashMap;
use std::path::PathBuf;

use super::extended::{Act, At, Ext};

/// The Flash game's level file (not in the repository: its licence forbids shipping it), from
/// the path in `FLIPBLOX_ORIGINAL_LEVELS`, with its text. The tests that call this are ignored
/// unless that variable was set when they were built (see `tests/tests.rs`); here, an unset
/// variable or an unreadable file panics with the reason.
#[track_caller]
pub fn original_file() -> (PathBuf, String) {
    let path = match std::env::var_os("FLIPBLOX_ORIGINAL_LEVELS") {
        Some(path) if !path.is_empty() => PathBuf::from(path),
        _ => panic!(
            "FLIPBLOX_ORIGINAL_LEVELS is not set while the tests run, but it was when they were \
             built: set it to the path of the original game's bloxorzlevels.txt"
        ),
    };
    let text = super::read_text(&path);
    (path, text)
}

/// The optimal move counts of the 33 stages (SOURCE.md, the game's published counts; total 1999).
pub const OPTIMA: [u32; 33] = [
    7, 17, 19, 28, 33, 35, 44, 10, 24, 57, 47, 65, 46, 67, 57, 28, 106, 85, 67, 56, 71, 65, 75, 57,
    55, 104, 71, 100, 104, 114, 91, 129, 65,
];

/// Reads the Flash game's level file the simple way (each statement on its own line, as the file
/// has it): the stages in play order, with their names.
pub fn read_flash(text: &str) -> Vec<(String, Ext)> {
    #[derive(Default)]
    struct Raw {
        rows: Vec<String>,
        start: (i64, i64),
        tables: Vec<serde_json::Value>,
    }
    let mut raw: HashMap<String, Raw> = HashMap::new();
    let mut order = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(list) = line.strip_prefix("levels = [").and_then(|l| l.strip_suffix("];")) {
            order = list.split(',').filter(|n| *n != "\"\"").map(String::from).collect();
            continue;
        }
        let Some((name, arg)) = line.split_once(".push(") else { continue };
        let arg = arg.trim_end_matches(';').trim_end_matches(')');
        let level = raw.entry(name.to_string()).or_default();
        if let Some(row) = arg.strip_prefix('"') {
            level.rows.push(row.trim_end_matches('"').to_string());
        } else if arg.starts_with('[') {
            let xy: Vec<i64> = serde_json::from_str(arg).unwrap();
            level.start = (xy[1], xy[0]);
        } else {
            // Quote the keys `swatchNN` and the object is JSON.
            let mut json = String::new();
            for (i, part) in arg.split("swatch").enumerate() {
                if i == 0 {
                    json.push_str(part);
                } else {
                    let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
                    json.push_str(&format!("\"{digits}\"{}", &part[digits.len()..]));
                }
            }
            level.tables.push(serde_json::from_str(&json).unwrap());
        }
    }
    let key = |k: &str| -> At {
        let (x, y) = k.split_at(k.len() - 1);
        (y.parse().unwrap(), x.parse().unwrap())
    };
    let n = |v: &serde_json::Value| v.as_i64().unwrap();
    order
        .into_iter()
        .map(|name| {
            let level = &raw[&name];
            let rows = level
                .rows
                .iter()
                .enumerate()
                .map(|(y, row)| {
                    row.bytes()
                        .enumerate()
                        .map(|(x, b)| {
                            if (y as i64, x as i64) == level.start {
                                return b'X';
                            }
                            // Flash tiles and the text format's cells, position by position.
                            let i = b" befshvlrkq".iter().position(|&t| t == b).expect("a tile");
                            b"#.OESHV--BB"[i]
                        })
                        .collect()
                })
                .collect();
            let mut ext = Ext { rows, switches: HashMap::new(), splits: HashMap::new() };
            if let Some(table) = level.tables.first() {
                for (k, actions) in table.as_object().unwrap() {
                    let list = actions
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|a| {
                            let act = match a[2].as_str().unwrap() {
                                "on" => Act::On,
                                "off" => Act::Off,
                                _ => Act::Toggle,
                            };
                            (act, (n(&a[1]), n(&a[0])))
                        })
                        .collect();
                    ext.switches.insert(key(k), list);
                }
            }
            if let Some(table) = level.tables.get(1) {
                for (k, t) in table.as_object().unwrap() {
                    ext.splits.insert(key(k), [(n(&t[1]), n(&t[0])), (n(&t[3]), n(&t[2]))]);
                }
            }
            (name, ext)
        })
        .collect()
}
