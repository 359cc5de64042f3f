//! `flipblox completions` and `flipblox man`: generated from the parser's own definitions, so every
//! subcommand and option appears.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::{flipblox, flipblox_ok, read_dir_sorted, read_text, stderr, stdout};

#[test]
fn completion_scripts_name_every_subcommand_for_every_shell() {
    let subcommands =
        ["flip", "bloxorz", "stats", "table", "export", "inspect", "verify", "convert"];
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout(&flipblox_ok(&["completions", shell], b""));
        for sub in subcommands {
            assert!(script.contains(sub), "{shell} completion lacks {sub}");
        }
        assert!(script.contains("max-table-cells"), "{shell} completion lacks an option");
    }
    let bash = stdout(&flipblox_ok(&["completions", "bash"], b""));
    assert!(bash.contains("complete -F _flipblox"), "bash registers the function");
}

#[test]
fn the_manual_page_is_roff_with_every_subcommand() {
    let page = stdout(&flipblox_ok(&["man"], b""));
    assert!(page.contains(".TH flipblox 1"), "{page}");
    assert!(page.contains(".SH NAME") && page.contains(".SH SYNOPSIS"));
    for sub in ["flip", "bloxorz", "stats", "table", "export", "inspect", "verify", "convert"] {
        assert!(page.contains(&format!("flipblox\\-{sub}")), "the page lists {sub}");
    }
    // clap's `help` subcommand has no page of its own, so the page does not name one.
    assert!(!page.contains("flipblox\\-help"), "{page}");
    // `man` itself renders it, where the machine has it.
    if let Ok(out) = std::process::Command::new("man")
        .args(["-l", "-"])
        .env("MANWIDTH", "80")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(page.as_bytes())?;
            child.wait_with_output()
        })
        && out.status.success()
    {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("Exact, instant answers"), "{text}");
    }
}

/// The subcommands `flipblox PATH... --help` lists under `Commands:`, without clap's `help`:
/// the parser's own account of the command tree, to check the manual against.
fn listed_subcommands(path: &[&str]) -> Vec<String> {
    let help = stdout(&flipblox_ok(&[path, &["--help"][..]].concat(), b""));
    let Some((_, commands)) = help.split_once("\nCommands:\n") else { return Vec::new() };
    commands
        .lines()
        .take_while(|line| !line.is_empty())
        // A name sits two spaces in; wrapped descriptions are indented further.
        .filter_map(|line| line.strip_prefix("  ").filter(|l| !l.starts_with(' ')))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// The pages a manual page names as `flipblox-...(1)` (in its SUBCOMMANDS section).
fn named_pages(page: &str) -> Vec<String> {
    page.lines()
        .map(|line| line.replace("\\-", "-"))
        .filter(|line| line.starts_with("flipblox-") && !line.contains(' '))
        .filter_map(|line| Some(format!("{}.1", line.strip_suffix("(1)")?)))
        .collect()
}

/// `man -l PAGE` as text, where the machine has `man` (`None` otherwise).
fn man_renders(page: &Path) -> Option<String> {
    let out = std::process::Command::new("man")
        .arg("-l")
        .arg(page)
        .env("MANWIDTH", "80")
        .env("MANPAGER", "cat")
        .output()
        .ok()
        .filter(|out| out.status.success())?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `man --dir` writes one page per command, nested ones included, and every page a page names
/// exists: the pages form the same tree as the commands `--help` lists.
#[test]
fn man_dir_writes_a_page_for_every_command_and_each_page_it_names() {
    let scratch = tempfile::tempdir().unwrap();
    // A folder that does not exist yet, two levels down: `--dir` creates it.
    let dir = scratch.path().join("share/man1");
    let dir_arg = dir.to_str().unwrap();
    flipblox_ok(&["man", "--dir", dir_arg], b"");

    let mut reached = BTreeSet::new();
    let mut queue: Vec<Vec<String>> = vec![vec![]];
    while let Some(names) = queue.pop() {
        let path: Vec<&str> = names.iter().map(String::as_str).collect();
        let file = ["flipblox"].iter().chain(&path).copied().collect::<Vec<_>>().join("-") + ".1";
        let page_path = dir.join(&file);
        assert!(page_path.is_file(), "{file}: no such page (its parent's page names it)");
        let page = read_text(&page_path);
        let title = file.strip_suffix(".1").unwrap();
        let version = env!("CARGO_PKG_VERSION");
        assert!(
            page.contains(&format!(".TH {title} 1  \"flipblox {version}\"")),
            "{file}:\n{page}"
        );
        let subcommands = listed_subcommands(&path);
        let named = named_pages(&page);
        let expected: Vec<String> =
            subcommands.iter().map(|sub| format!("{}-{sub}.1", &file[..file.len() - 2])).collect();
        assert_eq!(
            named.iter().collect::<BTreeSet<_>>(),
            expected.iter().collect::<BTreeSet<_>>(),
            "{file}: the pages it names and the commands `--help` lists"
        );
        if let Some(text) = man_renders(&page_path) {
            assert!(text.contains("SYNOPSIS"), "man -l {file}:\n{text}");
        }
        reached.insert(file);
        for sub in subcommands {
            let mut next = names.clone();
            next.push(sub);
            queue.push(next);
        }
    }
    // No page is missing from the tree and none is left over (no `help` page, no temporary
    // file).
    let written: BTreeSet<String> = read_dir_sorted(&dir)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(written, reached);
    let nested = ["flipblox-table-build.1", "flipblox-generate-bloxorz.1", "flipblox-stats-flip.1"];
    for page in nested {
        assert!(written.contains(page), "{page} in {written:?}");
    }
    #[cfg(feature = "render")]
    assert!(written.contains("flipblox-render-field.1"), "{written:?}");
    assert!(written.len() > 20, "{written:?}");
    // The main page is what `flipblox man` prints.
    let printed = stdout(&flipblox_ok(&["man"], b""));
    assert_eq!(printed, read_text(dir.join("flipblox.1")));

    // Writing again replaces the pages; a folder that is a file is refused, naming it.
    flipblox_ok(&["man", "--dir", dir_arg], b"");
    assert_eq!(read_dir_sorted(&dir).len(), written.len());
    let file = scratch.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let out = flipblox(&["man", "--dir", file.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let message = stderr(&out);
    assert!(message.contains("a-file") && message.contains("cannot create"), "{message}");
}

/// Every command's `-h` and `--help` begin with the same summary line (clap drops a final
/// period from the short one), and the long help states the numeric limits of its options.
#[test]
fn short_and_long_help_agree_and_state_the_limits() {
    let commands: &[&[&str]] = &[
        &[],
        &["flip"],
        &["bloxorz"],
        &["stats", "flip"],
        &["table", "build"],
        &["export", "flip"],
        &["export", "bloxorz"],
        &["inspect"],
        &["verify", "flip"],
        &["convert"],
        &["completions"],
        &["man"],
    ];
    for command in commands {
        let first = |flag: &str| {
            let out = flipblox_ok(&[command, &[flag][..]].concat(), b"");
            let text = stdout(&out);
            text.lines().next().unwrap_or_default().trim_end_matches('.').to_string()
        };
        assert_eq!(first("-h"), first("--help"), "flipblox {}", command.join(" "));
    }
    let long = |command: &[&str]| stdout(&flipblox_ok(&[command, &["--help"][..]].concat(), b""));
    let flip = long(&["flip"]);
    for limit in ["1 to 1024", "1 to 32", "0 to 28"] {
        assert!(flip.contains(limit), "flip --help states {limit}:\n{flip}");
    }
    let build = long(&["table", "build"]);
    let options: Vec<&str> = build.lines().filter(|l| l.trim_start().starts_with("--")).collect();
    assert!(!options.iter().any(|l| l.contains("--table")), "no --table option: {options:?}");
    assert!(build.contains("1 to 32"), "{build}");
}

/// The summaries `flipblox help`, `flip --help` and `man flipblox` show come from one text each,
/// and say what the commands do today: `flip` reads sizes from the input (no `--size` needed)
/// and has `--buttons`, `--hole` and `--tatham`; `convert` reads and writes drawings and PDDL.
#[test]
fn the_command_summaries_say_what_the_commands_do() {
    let listing = stdout(&flipblox_ok(&["help"], b""));
    let flip_help = stdout(&flipblox_ok(&["flip", "--help"], b""));
    let first_lines: String = flip_help.lines().take(4).collect::<Vec<_>>().join(" ");
    let page = stdout(&flipblox_ok(&["man"], b"")).replace("\\-", "-");
    for text in [&listing, &first_lines, &page] {
        assert!(!text.contains("any board with --size"), "{text}");
        for option in ["--buttons", "--hole", "--tatham"] {
            assert!(text.contains(option), "the flip summary names {option}: {text}");
        }
    }
    let convert = listing.lines().skip_while(|l| !l.trim_start().starts_with("convert")).take(2);
    let convert = convert.collect::<Vec<_>>().join(" ");
    assert!(convert.contains("drawing") && convert.contains("PDDL"), "{convert}");
}

/// The completions' help names the five shells clap_complete writes for, and `--goal <TAB>`
/// completes the goals' words (not file names).
#[test]
fn completions_name_every_shell_and_complete_the_goals() {
    let help = stdout(&flipblox_ok(&["completions", "--help"], b""));
    let about: String = help.split("Usage:").next().unwrap().split_whitespace().collect();
    for shell in ["bash", "elvish", "fish", "powershell", "zsh"] {
        assert!(about.to_lowercase().contains(shell), "{shell}: {help}");
    }
    let bash = stdout(&flipblox_ok(&["completions", "bash"], b""));
    assert!(bash.contains(
        "--goal)\n                    COMPREPLY=($(compgen -W \"any off on white black\""
    ));
    let zsh = stdout(&flipblox_ok(&["completions", "zsh"], b""));
    assert!(zsh.contains("--goal=[") && zsh.contains(":(any off on white black)"), "{zsh}");
}
