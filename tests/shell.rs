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
        assert!(text.contains("Exact, fast answers"), "{text}");
    }
}
