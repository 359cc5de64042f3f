//! `.ci/run` runs the README's test command exactly as written there, so that what CI checks is
//! what a newcomer types.

use crate::common::{project, read_text};

/// The command of the README's Quick start line commented `# the tests`.
fn readme_test_command() -> String {
    let readme = read_text(project("README.md"));
    let line = readme
        .lines()
        .find(|l| l.trim_end().ends_with("# the tests"))
        .expect("a Quick start line of README.md ending with `# the tests`");
    let command = line.trim_end().strip_suffix("# the tests").unwrap().trim();
    assert!(!command.is_empty(), "README.md: no command before `# the tests`: {line:?}");
    command.to_string()
}

#[test]
fn ci_runs_the_readme_test_command_exactly_as_written() {
    let command = readme_test_command();
    let script = read_text(project(".ci/run"));
    let runs = script.lines().filter(|l| l.trim() == command).count();
    assert_eq!(runs, 1, "`{command}` (README.md) is not one line of .ci/run:\n{script}");
    // It is the last thing CI does, after everything it prepares.
    let last = script.lines().map(str::trim).rfind(|l| !l.is_empty() && !l.starts_with('#'));
    assert_eq!(last, Some(command.as_str()), ".ci/run");
}
