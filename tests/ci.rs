//! `.ci/run` runs the README's test command exactly as written there, so that what CI checks is
//! what a newcomer types; and that command builds every test file.

use crate::common::{project, read_dir_sorted, read_text};

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

/// The README's two commands for Python users (commented `# the Python package` and `# its
/// tests`) are lines of `.ci/run`, as written, in that order.
#[test]
fn ci_runs_the_readme_python_commands_exactly_as_written() {
    let readme = read_text(project("README.md"));
    let script = read_text(project(".ci/run"));
    let position = |comment: &str| {
        let line = readme
            .lines()
            .find(|l| l.trim_end().ends_with(comment))
            .unwrap_or_else(|| panic!("a README.md line ending with `{comment}`"));
        script
            .lines()
            .position(|l| l.trim() == line.trim())
            .unwrap_or_else(|| panic!("`{line}` (README.md) is not a line of .ci/run"))
    };
    assert!(position("# the Python package") < position("# its tests"), ".ci/run");
}

/// With `autotests = false`, a file in `tests/` that `tests/tests.rs` does not declare would
/// silently never be built.
#[test]
fn every_test_file_is_a_module_of_the_test_binary() {
    let root = read_text(project("tests/tests.rs"));
    let mut declared: Vec<&str> =
        root.lines().filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';')).collect();
    declared.sort();
    let mut files = Vec::new();
    for path in read_dir_sorted(project("tests")) {
        let name = path.file_name().and_then(|n| n.to_str()).expect("a UTF-8 file name");
        match name.strip_suffix(".rs") {
            Some("tests") | None => {}
            Some(module) => files.push(module.to_string()),
        }
    }
    files.push("common".to_string());
    files.sort();
    assert_eq!(declared, files, "the `mod` lines of tests/tests.rs and the files in tests/");
}
