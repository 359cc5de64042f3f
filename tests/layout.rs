//! The crate's layout rules, checked on its sources: no import cycle between files under `src/`
//! (data flows one way: a `mod.rs` declares and re-exports its children, the children import the
//! files they use, never their parent), no import cycle between the rooms of `src/lights_out`,
//! and no library file names a command-line option or the CLI's crates.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{project, read_text};

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for entry in entries {
            let path = entry.unwrap_or_else(|e| panic!("{}: {e}", d.display())).path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The text of a Rust file without comments and without its `#[cfg(test)] mod tests`.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |i| &after[i..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |i| &after[i + 2..]);
        } else if rest.starts_with('"') {
            // Skip string literals (they may hold `//` or `crate::`).
            let bytes = rest.as_bytes();
            let mut i = 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            rest = &rest[(i + 1).min(rest.len())..];
        } else {
            let ch = rest.chars().next().unwrap();
            out.push(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    match out.find("#[cfg(test)]\nmod tests") {
        Some(i) => out[..i].to_string(),
        None => out,
    }
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand_use(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else { return vec![tree.to_string()] };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut current) = (Vec::new(), 0, String::new());
    for ch in inner.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if ch == ',' && depth == 0 {
            parts.push(std::mem::take(&mut current));
        } else {
            current.push(ch);
        }
    }
    parts.push(current);
    let mut out = Vec::new();
    for part in parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        for path in expand_use(part) {
            if path == "self" {
                out.push(prefix.trim_end_matches("::").to_string());
            } else {
                out.push(format!("{prefix}{path}"));
            }
        }
    }
    out
}

/// The module path of `file` under `src` (`[]` for the crate root).
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> =
        rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The file that declares module `path` under `src`, if any.
fn module_file(src: &Path, path: &[String]) -> Option<PathBuf> {
    if path.is_empty() {
        return None;
    }
    let base = path.iter().fold(src.to_path_buf(), |p, s| p.join(s));
    [base.with_extension("rs"), base.join("mod.rs")].into_iter().find(|p| p.is_file())
}

/// The module paths (from the crate root, e.g. `["lights_out", "table", "bfs", "IMPOSSIBLE"]`)
/// `file` refers to, by `use` and by `crate::`/`super::`/`self::` paths; a path relative to the
/// file's own module names one of its children.
fn import_paths(src: &Path, file: &Path) -> Vec<Vec<String>> {
    let code = code_of(&read_text(file));
    let module = module_of(src, file);
    let mut paths = Vec::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find("use ") {
        let before = rest[..i].chars().last();
        rest = &rest[i + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(end) = rest.find(';') {
            paths.extend(
                expand_use(&rest[..end])
                    .into_iter()
                    .map(|p| p.split(" as ").next().unwrap_or_default().trim().to_string()),
            );
        }
    }
    for word in code.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
        // A path such as `super::name` (not the `super::` of a `use super::{...}` list).
        let word = word.trim_end_matches(':');
        if ["crate::", "super::", "self::"].iter().any(|p| word.starts_with(p)) {
            paths.push(word.to_string());
        }
    }
    let mut out = Vec::new();
    for path in paths {
        let mut segments: Vec<String> =
            path.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
        let base: Vec<String> = match segments.first().map(String::as_str) {
            Some("crate") => {
                segments.remove(0);
                Vec::new()
            }
            Some("super" | "self") => {
                let mut base = module.clone();
                while let Some(first) = segments.first().map(String::as_str) {
                    match first {
                        "super" => {
                            base.pop();
                        }
                        "self" => {}
                        _ => break,
                    }
                    segments.remove(0);
                }
                base
            }
            // A path relative to this module: a child module (or an item of one).
            Some(first)
                if module_file(src, &[module.clone(), vec![first.to_string()]].concat())
                    .is_some() =>
            {
                module.clone()
            }
            _ => continue,
        };
        out.push([base, segments].concat());
    }
    out
}

/// The files `file` refers to, by `use` and by `crate::`/`super::`/`self::` paths.
fn imports(src: &Path, file: &Path) -> BTreeSet<PathBuf> {
    let mut out = BTreeSet::new();
    for path in import_paths(src, file) {
        let target =
            (1..=path.len()).rev().find_map(|k| module_file(src, &path[..k])).filter(|t| t != file);
        if let Some(target) = target {
            out.insert(target);
        }
    }
    out
}

#[test]
fn no_file_under_src_imports_a_file_that_imports_it_back() {
    let src = project("src");
    let files = rust_files(&src);
    assert!(files.len() > 40, "found only {} files under src/", files.len());
    let graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> =
        files.iter().map(|f| (f.clone(), imports(&src, f))).collect();
    // A file is on a cycle when it can reach itself.
    let mut cycles = Vec::new();
    for start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&PathBuf> = graph[start].iter().collect();
        while let Some(next) = stack.pop() {
            if next == start {
                cycles.push(start.strip_prefix(&src).unwrap().display().to_string());
                break;
            }
            if seen.insert(next) {
                stack.extend(graph.get(next).into_iter().flatten());
            }
        }
    }
    assert!(cycles.is_empty(), "files on an import cycle: {cycles:?}");
}

/// The rooms of `src/lights_out` (its first-level modules: `table`, `solve`, `variant`, `board`,
/// `read`, ...) each room's files name, computed from their `use crate::lights_out::...` and
/// `super::` paths (test code left out, and the `tests` room, which is test code). A name the
/// root re-exports (`crate::lights_out::Variant`) counts as the room it comes from.
fn lights_out_rooms(src: &Path) -> BTreeMap<String, BTreeMap<String, PathBuf>> {
    let root = src.join("lights_out");
    let room_of = |name: &str| {
        let known = module_file(src, &["lights_out".to_string(), name.to_string()]).is_some();
        known.then(|| name.to_string())
    };
    // The root's `pub use room::{Name, ...}`: each name's room.
    let mut reexported = BTreeMap::new();
    for path in import_paths(src, &root.join("mod.rs")) {
        if let [lights_out, room, .., name] = path.as_slice()
            && lights_out == "lights_out"
            && let Some(room) = room_of(room)
        {
            reexported.insert(name.clone(), room);
        }
    }
    let mut rooms: BTreeMap<String, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for file in rust_files(&root) {
        let rel = file.strip_prefix(&root).unwrap();
        let Some(first) = rel.components().next() else { continue };
        let room = first.as_os_str().to_string_lossy().trim_end_matches(".rs").to_string();
        if rel == Path::new("mod.rs") || room == "tests" {
            continue;
        }
        let uses = rooms.entry(room.clone()).or_default();
        for path in import_paths(src, &file) {
            let [lights_out, name, ..] = path.as_slice() else { continue };
            if lights_out != "lights_out" {
                continue;
            }
            let target = room_of(name).or_else(|| reexported.get(name).cloned());
            if let Some(target) = target.filter(|t| *t != room) {
                uses.entry(target).or_insert_with(|| rel.to_path_buf());
            }
        }
    }
    rooms
}

#[test]
fn the_rooms_of_lights_out_import_each_other_one_way() {
    let src = project("src");
    let rooms = lights_out_rooms(&src);
    for room in ["board", "read", "solve", "table", "variant"] {
        assert!(rooms.contains_key(room), "no room {room} in {:?}", rooms.keys());
    }
    // A room is on a cycle when it can reach itself; say the first file of each step.
    let mut cycles = Vec::new();
    for start in rooms.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<(&String, String)> = rooms[start]
            .iter()
            .map(|(to, file)| (to, format!("{start} -> {to} ({})", file.display())))
            .collect();
        while let Some((next, route)) = stack.pop() {
            if next == start {
                cycles.push(route);
                break;
            }
            if seen.insert(next) {
                for (to, file) in rooms.get(next).into_iter().flatten() {
                    stack.push((to, format!("{route}, {next} -> {to} ({})", file.display())));
                }
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "rooms of src/lights_out on an import cycle:\n{}",
        cycles.join("\n")
    );
    // The directions the layout chose: the rules room uses no other room but the board size,
    // and the table room never the solver (the solver may use tables).
    let rules: Vec<&String> = rooms["variant"].keys().filter(|r| *r != "size").collect();
    assert!(rules.is_empty(), "variant/ uses {:?}", rooms["variant"]);
    assert!(!rooms["table"].contains_key("solve"), "table/ uses solve/: {:?}", rooms["table"]);
}

#[test]
fn the_room_check_sees_a_room_cycle() {
    // Two rooms that name each other, one of them through the root's re-export.
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    let root = src.join("lights_out");
    std::fs::create_dir_all(root.join("table")).unwrap();
    std::fs::write(src.join("lib.rs"), "pub mod lights_out;\n").unwrap();
    std::fs::write(root.join("mod.rs"), "mod solve;\nmod table;\npub use solve::Solver;\n")
        .unwrap();
    std::fs::write(root.join("solve.rs"), "use crate::lights_out::table::Table;\n").unwrap();
    std::fs::write(root.join("table/mod.rs"), "mod build;\n").unwrap();
    std::fs::write(root.join("table/build.rs"), "fn f() { crate::lights_out::Solver::new(); }\n")
        .unwrap();
    let rooms = lights_out_rooms(src);
    assert!(rooms["solve"].contains_key("table"), "{rooms:?}");
    assert!(rooms["table"].contains_key("solve"), "{rooms:?}");
}

#[test]
fn the_cycle_check_sees_a_cycle() {
    // Two files that import each other, as the check reads them.
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path();
    std::fs::create_dir(src.join("a")).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\n").unwrap();
    std::fs::write(src.join("a/mod.rs"), "mod b;\npub use b::Thing;\npub struct Other;\n").unwrap();
    std::fs::write(src.join("a/b.rs"), "use super::Other;\npub struct Thing;\n").unwrap();
    let a = imports(src, &src.join("a/mod.rs"));
    let b = imports(src, &src.join("a/b.rs"));
    assert!(a.contains(&src.join("a/b.rs")), "{a:?}");
    assert!(b.contains(&src.join("a/mod.rs")), "{b:?}");
}

#[test]
fn the_library_names_no_command_line_option_and_no_cli_crate() {
    let src = project("src");
    let mut found = Vec::new();
    for file in rust_files(&src) {
        let rel = file.strip_prefix(&src).unwrap();
        if rel.starts_with("cli") || rel == Path::new("main.rs") {
            continue;
        }
        let text = read_text(&file);
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let strings: Vec<&str> = code.split('"').skip(1).step_by(2).collect();
            let names_option = strings.iter().any(|s| {
                s.match_indices("--")
                    .any(|(i, _)| s[i + 2..].chars().next().is_some_and(|c| c.is_ascii_lowercase()))
            });
            let uses_cli_crate =
                ["anyhow::", "clap::", "indicatif::", "parse_size::", "tempfile::"]
                    .iter()
                    .any(|c| code.contains(c));
            if names_option || uses_cli_crate {
                found.push(format!("{}:{}: {}", rel.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "library lines that name the CLI:\n{}", found.join("\n"));
}
