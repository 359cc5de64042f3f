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

/// The pages kept short, with the most lines each may have: the README is an overview whose
/// details live in docs/, and docs/PERFORMANCE.md one current table per job.
const SHORT_PAGES: [(&str, usize); 2] = [("README.md", 250), ("docs/PERFORMANCE.md", 250)];

#[test]
fn the_readme_and_the_performance_page_stay_short() {
    for (page, most) in SHORT_PAGES {
        let lines = read_text(project(page)).lines().count();
        assert!(lines <= most, "{page} has {lines} lines, more than {most}: say less, or move it");
    }
}

/// Whether `word` is a number as the pages write one: digits with `,` and `.`, a range `a-b`,
/// or an estimate `~n`.
fn is_number(word: &str) -> bool {
    let word = word.strip_prefix('~').unwrap_or(word);
    word.starts_with(|c: char| c.is_ascii_digit())
        && word.chars().all(|c| c.is_ascii_digit() || ",.-".contains(c))
}

/// Whether `word` is a measured quantity: a number, alone or with a unit of size or count
/// (`K`, `M`, `G`, `%`) or a ratio's `x`.
fn is_quantity(word: &str) -> bool {
    is_number(word.strip_suffix(['k', 'm', 'g', '%', 'x']).unwrap_or(word))
}

/// Whether `word` is a time: a number and a unit below the second (`20ms`), or a decimal number
/// of seconds (`0.46s`).
fn is_time(word: &str) -> bool {
    ["ms", "us", "µs", "ns"].iter().any(|unit| word.strip_suffix(unit).is_some_and(is_number))
        || word.strip_suffix('s').is_some_and(|n| is_number(n) && n.contains('.'))
}

/// The measurements in `text` (a changelog), each with its 1-based line and what it is: times
/// (`20 ms`, `0.46 s`, `ns per`), load averages, medians, instruction counts, before -> after
/// figures (`down from`, `1.2 -> 0.8`, ratios such as `1.14x`) and issue numbers of a tracker
/// outside the repository (`issue 27`, `#31`). A change a user sees is said without them: what
/// changed, what it means for them, and where the current figures are (docs/PERFORMANCE.md).
fn measurements(text: &str) -> Vec<(usize, &'static str)> {
    let words: Vec<(usize, String)> = text
        .lines()
        .enumerate()
        .flat_map(|(n, line)| {
            line.split_whitespace().map(move |word| {
                let word = word.trim_matches(|c: char| "()[]{},;:.!?`'\"*".contains(c));
                (n + 1, word.to_lowercase())
            })
        })
        .collect();
    let at = |i: usize, back: usize| -> &str {
        i.checked_sub(back).and_then(|i| words.get(i)).map_or("", |(_, w)| w.as_str())
    };
    let mut found = Vec::new();
    for (i, (line, word)) in words.iter().enumerate() {
        let (next, prev, prev2) = (at(i + 1, 0), at(i, 1), at(i, 2));
        let what = if is_time(word)
            || (is_number(word) && ["ms", "us", "µs", "ns"].contains(&next))
            || (is_number(word) && word.contains('.') && next == "s")
            || (word == "ns" && next == "per")
        {
            Some("a time")
        } else if word == "load" && (is_number(next) || next.starts_with("average")) {
            Some("a load average")
        } else if word.starts_with("median") {
            Some("a median")
        } else if word.starts_with("instruction")
            && (is_quantity(prev)
                || (["k", "m", "g", "fewer", "more"].contains(&prev)
                    && (is_quantity(prev2) || prev2 == "%"))
                || ["a", "per"].contains(&next))
        {
            Some("an instruction count")
        } else if (word == "down" && next == "from")
            || (word == "->"
                && (is_quantity(prev) || is_quantity(prev2))
                && next.starts_with(|c: char| c.is_ascii_digit()))
            || word.strip_suffix('x').is_some_and(|n| is_number(n) && n.contains('.'))
        {
            Some("a before and after, or a ratio")
        } else if (word.starts_with("issue") && is_number(next))
            || word.strip_prefix('#').is_some_and(|n| !n.is_empty() && is_number(n))
        {
            Some("an issue number of a tracker outside the repository")
        } else {
            None
        };
        found.extend(what.map(|what| (*line, what)));
    }
    found
}

#[test]
fn the_changelog_says_what_changed_for_users_without_measurements() {
    let text = read_text(project("CHANGELOG.md"));
    let lines: Vec<&str> = text.lines().collect();
    let found: Vec<String> = measurements(&text)
        .into_iter()
        .map(|(line, what)| format!("CHANGELOG.md:{line}: {what}: {}", lines[line - 1]))
        .collect();
    assert!(found.is_empty(), "say what changed for users instead:\n{}", found.join("\n"));
}

#[test]
fn the_measurement_check_finds_measurements_and_nothing_else() {
    let measured = [
        "CPU (load 10-13): 1024x1024 `--wrap` ~900 s (issue) -> 0.46 s",
        "medians of 5 alternating runs",
        "against the M4RI program (medians, load 10)",
        "the load average at 9 to 11",
        "takes 3,134 instructions a level instead of 3,634",
        "1023x1023 board 166.9 M -> 28.6 M",
        "takes 34 % fewer instructions at 5x5",
        "731 M instructions",
        "1,000,000 boards: about 20 ms whole process",
        "(seeds 1-3, 2.0-3.1 s a board)",
        "4000x4000 fields 23.8 ns per state",
        "task-clock 1.78x `true`",
        "5x5 0.20 -> 0.09-0.17 s",
        "down from 0.81 s",
        "Issue 27, item 2 (sizes read from the input)",
        "the batch runner (#31)",
        "a 1.5µs call",
    ];
    for text in measured {
        assert!(!measurements(text).is_empty(), "not found in: {text}");
    }
    let plain = [
        "The README's install instructions work in a fresh home.",
        "a 100x100 board with a 31x31 pattern takes seconds to set up",
        "`flip --max-setup SECONDS` (default 60, at 10^9 word operations a second)",
        "the stamps are written 16 cells and three orientations per step",
        "`index` is the level's number (was `level`): `level` -> `index`",
        "A level needs 16 bytes per padded cell instead of 19",
        "`load_table(path)` maps a table file; `--timings` prints microseconds",
        "the 4x8 out-of-memory message asks for 4294967296 bytes",
        "issues with a level's title are reported with its line",
        "`flip --tatham ID`, a game ID such as `3x3:4a3d`",
    ];
    for text in plain {
        assert_eq!(measurements(text), [], "{text}");
    }
    assert_eq!(measurements("a\nb 20 ms"), [(2, "a time")]);
}

/// The benchmarks `Cargo.toml` declares (`[[bench]]` names), each with its file in `benches/`.
fn bench_targets() -> Vec<String> {
    let manifest = read_text(project("Cargo.toml"));
    let mut names = Vec::new();
    let mut in_bench = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bench = line == "[[bench]]";
        } else if in_bench && let Some(name) = line.strip_prefix("name = ") {
            let name = name.trim_matches('"').to_string();
            assert!(project(&format!("benches/{name}.rs")).exists(), "benches/{name}.rs");
            names.push(name);
        }
    }
    names
}

/// True when `paragraph` states a peak of memory: `peak`, `peaks` or `RSS` with a figure in
/// KB, MB or GB.
fn states_a_peak(paragraph: &str) -> bool {
    let words: Vec<&str> = paragraph.split_whitespace().collect();
    let figure = words.windows(2).any(|pair| {
        is_number(pair[0].trim_start_matches(['(', '~']))
            && ["KB", "MB", "GB"].contains(&pair[1].trim_end_matches([',', '.', ')', ';', ':']))
    });
    let peak = words.iter().any(|w| w.starts_with("peak") || w.trim_matches(',') == "RSS");
    figure && peak
}

/// Figures in the pages do not drift from what the code does: each peak of memory a page
/// states names in its paragraph the command that measures it (`/usr/bin/time`, a
/// `cargo bench --bench NAME`, or docs/PERFORMANCE.md, whose figures each name theirs), and
/// every `cargo bench --bench NAME` a page names is a benchmark of `Cargo.toml`.
#[test]
fn every_figure_of_the_docs_names_a_command_that_exists() {
    let benches = bench_targets();
    let mut wrong = Vec::new();
    for page in pages() {
        let text = read_text(project(&page));
        for (at, _) in text.match_indices("cargo bench --bench ") {
            let rest = &text[at + "cargo bench --bench ".len()..];
            let name: String =
                rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !benches.contains(&name) {
                wrong.push(format!("{page}: `cargo bench --bench {name}` names no benchmark"));
            }
        }
        if page.ends_with("PERFORMANCE.md") {
            continue;
        }
        for paragraph in text.split("\n\n").filter(|p| states_a_peak(p)) {
            let named = ["/usr/bin/time", "cargo bench --bench", "PERFORMANCE.md"]
                .iter()
                .any(|command| paragraph.contains(command));
            if !named {
                let start: String = paragraph.trim().chars().take(120).collect();
                wrong.push(format!("{page}: a peak of memory without its command: {start}"));
            }
        }
    }
    assert!(wrong.is_empty(), "name the command (or drop the figure):\n{}", wrong.join("\n"));
}

#[test]
fn a_peak_of_memory_is_found_and_a_size_is_not() {
    assert!(states_a_peak("one 5x5 board: 5.7 MB peak RSS, against 3.5 MB"));
    assert!(states_a_peak("and peaks at 4.5 MB RSS."));
    assert!(!states_a_peak("the 5x5 table is 32 MiB, and 65,537 lines, about 1.5 MB for 4x4"));
    assert!(!states_a_peak("a peak of the histogram at 12"));
}
