//! Every command the documentation shows, run: the ```` ```console ```` blocks of README.md and
//! docs/*.md are sessions whose output must be what the page prints.
//!
//! The conventions a page follows (the markers are HTML comments, invisible when rendered):
//!
//! - In a console block, a line starting with `$ ` is a command, run by `sh -c` with the
//!   `flipblox` under test first on `PATH`; the lines after it, up to the next command, are what
//!   a terminal shows: its standard output and standard error lines, interleaved in any order
//!   that keeps each stream's own order. A line holding only `...` stands for any number of
//!   lines (timings, long listings); a block using it shows standard output, then standard error.
//! - The commands of one page run in order in one scratch directory, in which `data`, `docs` and
//!   `tests` are the repository's folders, so a command may read a file an earlier one wrote.
//! - `<!-- file: NAME -->` just before a code block writes that block's text to NAME in the
//!   scratch directory (the level a following command reads).
//! - `<!-- needs FLIPBLOX_ORIGINAL_LEVELS -->` just before a console block runs it only when the
//!   original game's level file is given (see tests/tests.rs), with its path in place of
//!   `../shared/data/original-levels/bloxorzlevels.txt`; otherwise the block is counted as
//!   skipped and named in the test's output.
//! - `<!-- not run: REASON -->` just before a console block leaves it out (a command that needs
//!   a terminal, or takes minutes).
//! - `<!-- needs jq -->` just before a console block runs it in its own test, with `jq` from
//!   `FLIPBLOX_JQ` (see tests/tests.rs): ignored, with the reason, without it.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{project, read_text, write_file};

/// The level file's path in the pages.
const ORIGINAL_LEVELS_IN_DOCS: &str = "../shared/data/original-levels/bloxorzlevels.txt";

/// A fenced code block of a page, with the marker comment just before it.
struct Block<'a> {
    /// The info string (`console`, `text`, `sh`, ...).
    kind: &'a str,
    body: &'a str,
    /// The text of an HTML comment on the line just before the fence, trimmed.
    marker: Option<&'a str>,
    /// 1-based line of the opening fence.
    line: usize,
}

/// The fenced code blocks of `page`, in order.
fn blocks(page: &str) -> Vec<Block<'_>> {
    let mut found = Vec::new();
    let mut rest = page;
    let mut offset = 0;
    while let Some(open) = rest.find("```") {
        let at = offset + open;
        let after = &page[at + 3..];
        let Some(info_end) = after.find('\n') else { break };
        let kind = after[..info_end].trim();
        let body_start = at + 3 + info_end + 1;
        let Some(close) = page[body_start..].find("```") else { break };
        let body = &page[body_start..body_start + close];
        let before = page[..at].trim_end_matches([' ', '\n']);
        let marker = before
            .rsplit('\n')
            .next()
            .and_then(|l| l.trim().strip_prefix("<!--"))
            .and_then(|l| l.strip_suffix("-->"))
            .map(str::trim);
        found.push(Block { kind, body, marker, line: page[..at].lines().count() + 1 });
        offset = body_start + close + 3;
        rest = &page[offset..];
    }
    found
}

/// Whether `got` matches the expected lines `want`, where a line `...` matches any lines.
fn matches(want: &[&str], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((&"...", rest)) => (0..=got.len()).any(|skip| matches(rest, &got[skip..])),
        Some((line, rest)) => got.first() == Some(line) && matches(rest, &got[1..]),
    }
}

/// The scratch directory of one page: the repository's folders linked in.
fn scratch(page: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "flipblox-docs-{}-{}",
        std::process::id(),
        page.replace('/', "-")
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for folder in ["data", "docs", "tests"] {
        std::os::unix::fs::symlink(project(folder), dir.join(folder))
            .unwrap_or_else(|e| panic!("linking {folder} into {}: {e}", dir.display()));
    }
    dir
}

/// Whether `want` is an interleaving of `out` and `err` (each kept in its order).
fn interleaves(want: &[&str], out: &[&str], err: &[&str]) -> bool {
    match want.split_first() {
        None => out.is_empty() && err.is_empty(),
        Some((line, rest)) => {
            (out.first() == Some(line) && interleaves(rest, &out[1..], err))
                || (err.first() == Some(line) && interleaves(rest, out, &err[1..]))
        }
    }
}

/// The directory of `jq`, when the tests were built with it.
fn jq_dir() -> Option<PathBuf> {
    #[cfg(flipblox_jq)]
    return Path::new(env!("FLIPBLOX_JQ")).parent().map(Path::to_path_buf);
    #[cfg(not(flipblox_jq))]
    None
}

/// Runs `command` in `dir` with the binary under test, then `jq`'s directory, first on `PATH`:
/// its stdout and its stderr.
fn run(dir: &Path, command: &str) -> (String, String) {
    let binary = Path::new(env!("CARGO_BIN_EXE_flipblox"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf())
            .chain(jq_dir())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap_or_else(|e| panic!("running sh -c {command:?}: {e}"));
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (text(&out.stdout), text(&out.stderr))
}

/// The path of the original game's level file, when the tests were built with it.
fn original_levels() -> Option<&'static str> {
    #[cfg(flipblox_original_levels)]
    return Some(env!("FLIPBLOX_ORIGINAL_LEVELS"));
    #[cfg(not(flipblox_original_levels))]
    None
}

/// Which console blocks of a page a test runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Blocks {
    /// Those that need nothing but the repository.
    Plain,
    /// Those marked `<!-- needs jq -->`.
    Jq,
}

/// Runs the console blocks of `page` that `which` names; returns (commands run, blocks skipped
/// with why).
fn check_page(page: &str, which: Blocks) -> (usize, Vec<String>) {
    let text = read_text(project(page));
    let dir = scratch(&match which {
        Blocks::Plain => page.to_string(),
        Blocks::Jq => format!("{page}-jq"),
    });
    let (mut commands, mut skipped, mut failures) = (0, Vec::new(), Vec::new());
    for block in blocks(&text) {
        let marker = block.marker.unwrap_or("");
        if let Some(name) = marker.strip_prefix("file:") {
            write_file(dir.join(name.trim()), block.body);
            continue;
        }
        if block.kind != "console" {
            continue;
        }
        let mut body = block.body.to_string();
        if (marker == "needs jq") != (which == Blocks::Jq) {
            continue;
        }
        if let Some(reason) = marker.strip_prefix("not run:") {
            skipped.push(format!("{page}:{}: {}", block.line, reason.trim()));
            continue;
        }
        if marker == "needs FLIPBLOX_ORIGINAL_LEVELS" {
            match original_levels() {
                Some(path) => body = body.replace(ORIGINAL_LEVELS_IN_DOCS, path),
                None => {
                    skipped.push(format!("{page}:{}: needs FLIPBLOX_ORIGINAL_LEVELS", block.line));
                    continue;
                }
            }
        }
        let mut lines = body.lines().peekable();
        while let Some(line) = lines.next() {
            let Some(command) = line.strip_prefix("$ ") else {
                failures.push(format!("{page}:{}: output before any `$ ` command", block.line));
                break;
            };
            let mut want = Vec::new();
            while let Some(next) = lines.next_if(|l| !l.starts_with("$ ")) {
                want.push(next);
            }
            let (out, err) = run(&dir, command);
            let got = format!("{out}{err}");
            let (out, err): (Vec<&str>, Vec<&str>) = (out.lines().collect(), err.lines().collect());
            let shown = if want.contains(&"...") {
                matches(&want, &got.lines().collect::<Vec<_>>())
            } else {
                interleaves(&want, &out, &err)
            };
            if !shown {
                failures.push(format!(
                    "{page}:{}: `{command}` printed\n{got}\nwhere the page shows\n{}\n",
                    block.line,
                    want.join("\n")
                ));
            }
            commands += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    (commands, skipped)
}

/// The pages: README.md and every docs/*.md.
fn pages() -> Vec<String> {
    let mut pages = vec!["README.md".to_string()];
    let docs = std::fs::read_dir(project("docs")).expect("docs/");
    let mut more: Vec<String> = docs
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    more.sort();
    pages.extend(more);
    pages
}

#[test]
fn every_command_the_docs_show_prints_what_they_show() {
    let mut total = 0;
    for page in pages() {
        let (commands, skipped) = check_page(&page, Blocks::Plain);
        for s in skipped {
            println!("not run: {s}");
        }
        total += commands;
    }
    // The README alone shows more than ten commands; a parser that found none would pass.
    assert!(total >= 10, "only {total} commands found in the docs");
}

/// The console blocks that need `jq` (docs/SCALE.md's merge of `--shard` parts) print what the
/// pages show.
#[test]
#[cfg_attr(
    not(flipblox_jq),
    ignore = "needs jq: set FLIPBLOX_JQ to its path (FLIPBLOX_JQ=$(command -v jq); .ci/run installs Debian's jq)"
)]
fn every_command_the_docs_show_with_jq_prints_what_they_show() {
    let commands: usize = pages().iter().map(|page| check_page(page, Blocks::Jq).0).sum();
    assert!(commands >= 2, "only {commands} commands with jq found in the docs");
}

/// The merge of `--shard` parts docs/SCALE.md gives (every `jq` program on the page is the one
/// its console block runs) is the single run, for 1, 2, 3 and 7 parts of three files, one of
/// them unreadable and one of them with levels that cannot be read.
#[test]
#[cfg_attr(
    not(flipblox_jq),
    ignore = "needs jq: set FLIPBLOX_JQ to its path (FLIPBLOX_JQ=$(command -v jq); .ci/run installs Debian's jq)"
)]
fn the_scale_page_s_merge_of_parts_is_the_single_run() {
    let page = read_text(project("docs/SCALE.md"));
    let programs: Vec<&str> = page
        .lines()
        .filter_map(|line| line.split_once("jq -s -c --args '"))
        .map(|(_, rest)| rest.split('\'').next().unwrap())
        .collect();
    assert_eq!(programs.len(), 2, "the merge on the page and in its Kubernetes section");
    assert!(programs.iter().all(|p| *p == programs[0]), "{programs:?}");
    let dir = scratch("merge");
    let files =
        ["data/bloxorz/mixed-small.txt", "missing.txt", "tests/data/bloxorz/errors-many.txt"];
    let (whole, _) = run(&dir, &format!("flipblox bloxorz --json {}", files.join(" ")));
    assert!(whole.lines().count() > 2000, "{} records", whole.lines().count());
    for n in [1, 2, 3, 7] {
        let parts = (1..=n)
            .map(|k| {
                format!(
                    "flipblox bloxorz --json --shard {k}/{n} {} > part-{k}.jsonl",
                    files.join(" ")
                )
            })
            .collect::<Vec<_>>()
            .join("; ");
        run(&dir, &parts);
        let merge =
            format!("cat part-*.jsonl | jq -s -c --args '{}' {}", programs[0], files.join(" "));
        let (merged, err) = run(&dir, &merge);
        assert_eq!(err, "", "{n} parts");
        assert!(merged == whole, "{n} parts: the merge differs from the single run");
        run(&dir, "rm part-*.jsonl");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The relative links of `page` (`[text](target)` and `![alt](target)`), without any `#anchor`.
fn relative_links(page: &str) -> Vec<String> {
    let mut links = Vec::new();
    for (at, _) in page.match_indices("](") {
        let rest = &page[at + 2..];
        let Some(end) = rest.find(')') else { continue };
        let target = rest[..end].split('#').next().unwrap_or_default();
        if !target.is_empty() && !target.contains("://") && !target.contains(' ') {
            links.push(target.to_string());
        }
    }
    links
}

#[test]
fn every_relative_link_of_the_docs_names_a_file_of_the_repository() {
    let mut checked = 0;
    for page in pages() {
        let base = project(&page).parent().unwrap().to_path_buf();
        for link in relative_links(&read_text(project(&page))) {
            assert!(base.join(&link).exists(), "{page}: the link {link} names no file");
            checked += 1;
        }
    }
    // The README alone links a dozen pages and pictures.
    assert!(checked >= 12, "only {checked} links found");
    assert_eq!(
        relative_links("[a](docs/X.md#y) ![b](img/p.svg) [c](https://e.org)"),
        ["docs/X.md", "img/p.svg"]
    );
}

#[test]
fn the_output_wildcard_matches_any_lines_and_nothing_else() {
    assert!(matches(&["a", "...", "d"], &["a", "b", "c", "d"]));
    assert!(matches(&["a", "...", "d"], &["a", "d"]));
    assert!(matches(&["..."], &[]));
    assert!(!matches(&["a", "...", "d"], &["a", "b", "c"]));
    assert!(!matches(&["a"], &["a", "b"]));
    assert!(!matches(&["a", "b"], &["a"]));
}

#[test]
fn stderr_may_come_anywhere_but_each_stream_keeps_its_order() {
    assert!(interleaves(&["e", "a", "b"], &["a", "b"], &["e"]));
    assert!(interleaves(&["a", "e", "b"], &["a", "b"], &["e"]));
    assert!(!interleaves(&["b", "a", "e"], &["a", "b"], &["e"]));
    assert!(!interleaves(&["a", "b"], &["a", "b"], &["e"]));
}

#[test]
fn blocks_are_found_with_their_markers() {
    let page = "x\n<!-- file: a.txt -->\n```text\n1 2\nXO\n```\n\n```console\n$ cat a.txt\n```\n";
    let found = blocks(page);
    assert_eq!(found.len(), 2);
    assert_eq!(
        (found[0].kind, found[0].body, found[0].marker),
        ("text", "1 2\nXO\n", Some("file: a.txt"))
    );
    assert_eq!((found[1].kind, found[1].marker, found[1].line), ("console", None, 8));
}

/// The README's Install block, run as a new user runs it: in an empty home, after `cargo install`
/// (played by the binary under test in `~/.cargo/bin`, where `cargo install` puts it), every
/// other line as written. It makes the folders it writes to, bash loads the completion script,
/// and `man` finds the pages with no MANPATH.
#[test]
fn the_readme_install_commands_work_in_a_fresh_home() {
    let readme = read_text(project("README.md"));
    let (_, install) = readme.split_once("\n## Install\n").expect("README.md: an Install section");
    let block = blocks(install).into_iter().find(|b| b.kind == "sh").expect("an `sh` block");
    let mut lines = block.body.lines();
    let first = lines.next().unwrap_or_default();
    assert!(first.starts_with("cargo install --locked --path . "), "the first line: {first}");
    let script: Vec<&str> = lines.collect();
    assert!(script.len() >= 2, "{script:?}");

    let home = tempfile::tempdir().unwrap();
    let bin = home.path().join(".cargo/bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_flipblox"), bin.join("flipblox")).unwrap();
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", bin.display());
    // A program's output, or `None` where the machine does not have it.
    let shell = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .current_dir(home.path())
            .env("HOME", home.path())
            .env("PATH", &path)
            .env_remove("MANPATH")
            .output()
            .ok()
    };
    let out = shell("sh", &["-e", "-c", &script.join("\n")]).expect("running sh");
    assert!(out.status.success(), "{}", crate::common::describe("sh", &script, &out));

    let completion = home.path().join(".local/share/bash-completion/completions/flipblox");
    let load = ["-c", "source \"$1\" && complete -p flipblox", "-", completion.to_str().unwrap()];
    if let Some(loaded) = shell("bash", &load) {
        let text = String::from_utf8_lossy(&loaded.stdout);
        assert!(text.contains("-F _flipblox"), "bash: {text}");
    }
    let pages = home.path().join(".cargo/share/man/man1");
    for page in ["flipblox.1", "flipblox-flip.1", "flipblox-table-build.1"] {
        assert!(pages.join(page).is_file(), "{page} in {}", pages.display());
    }
    if let Some(found) = shell("man", &["-w", "flipblox-table-build"]) {
        let text = String::from_utf8_lossy(&found.stdout);
        assert_eq!(text.trim(), pages.join("flipblox-table-build.1").to_str().unwrap());
    }
}
