//! `flipblox completions` and `flipblox man`: generated from the parser's own definitions, so every
//! subcommand and option appears.

use crate::common::{flipblox_ok, stdout};

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
