//! `flipblox bloxorz --expect FILE`: every answer compared with a file of expected answers (the
//! text output of an earlier run), one message per level whose answer changed.

use std::fmt;
use std::path::Path;

use anyhow::Context;

use super::print::Reporter;
use flipblox::text::Position;

/// One level's answer as the text output writes it (its first word).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// `N`: the minimum number of moves.
    Moves(u32),
    /// `Impossible`.
    Impossible,
    /// `Error`: the level could not be read or answered.
    Error,
}

impl Expected {
    /// The answer a line of the text output starts with: `N` (then perhaps the moves and the
    /// measures of `--analyse`), `Impossible` or `Error`; `None` for anything else.
    fn parse(line: &str) -> Option<Expected> {
        match line.split_ascii_whitespace().next()? {
            "Impossible" => Some(Expected::Impossible),
            "Error" => Some(Expected::Error),
            word if word.bytes().all(|b| b.is_ascii_digit()) => {
                word.parse().ok().map(Expected::Moves)
            }
            _ => None,
        }
    }

    /// How a found answer is named: `par 17`, `Impossible`, `Error`.
    fn found(self) -> String {
        match self {
            Expected::Moves(n) => format!("par {n}"),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Moves(n) => write!(f, "{n}"),
            Expected::Impossible => f.write_str("Impossible"),
            Expected::Error => f.write_str("Error"),
        }
    }
}

/// The expected answers of a run, in the order of its levels (across all its inputs), and how
/// many levels have been compared.
pub struct Expectations {
    /// The file's name as given.
    name: String,
    /// Per level: the line of the file and the answer.
    answers: Vec<(usize, Expected)>,
    /// Levels compared so far.
    compared: usize,
    /// True once an answer differed.
    changed: bool,
}

impl Expectations {
    /// Reads the expected answers from `path`: one line per level, as `flipblox bloxorz`
    /// prints them (its first word is the answer; blank lines are skipped).
    ///
    /// # Errors
    ///
    /// The file cannot be read, or a line starts with no answer (`PATH:LINE:1: ...`).
    pub fn read(path: &Path) -> anyhow::Result<Expectations> {
        let name = path.display().to_string();
        let text = std::fs::read(path).with_context(|| format!("{name}: cannot read"))?;
        let text = String::from_utf8_lossy(&text);
        let mut answers = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let Some(answer) = Expected::parse(line) else {
                let first = line.split_ascii_whitespace().next().unwrap_or_default();
                anyhow::bail!(
                    "{name}:{}:1: expected an answer (a number of moves, Impossible or Error) as \
                     `flipblox bloxorz` prints it, found `{}`",
                    i + 1,
                    first.escape_debug()
                );
            };
            answers.push((i + 1, answer));
        }
        Ok(Expectations { name, answers, compared: 0, changed: false })
    }

    /// Compares the answer of the next level (number `level` of the input `input`, whose header
    /// is at `at` when known) with the one expected, and reports it on `reporter` when it
    /// differs: `INPUT:LINE: level N: par 17, expected 15`.
    pub fn check(
        &mut self,
        found: Expected,
        input: &str,
        at: Option<Position>,
        level: usize,
        reporter: &mut impl Reporter,
    ) {
        let expected = self.answers.get(self.compared).map(|&(_, answer)| answer);
        self.compared += 1;
        if expected == Some(found) {
            return;
        }
        self.changed = true;
        let place = match at {
            Some(at) => format!("{input}:{}", at.line),
            None => input.to_string(),
        };
        let found = found.found();
        match expected {
            Some(expected) => reporter
                .report(format_args!("{place}: level {level}: {found}, expected {expected}")),
            None => reporter.report(format_args!(
                "{place}: level {level}: {found}, expected nothing ({} has {} answers)",
                self.name,
                self.answers.len()
            )),
        }
    }

    /// Reports the expected answers no level was compared with, one line each
    /// (`FILE:LINE: level N: no such level, expected 15`); true when any answer differed or was
    /// missing.
    pub fn finish(&self, reporter: &mut impl Reporter) -> bool {
        for (n, (line, expected)) in self.answers.iter().enumerate().skip(self.compared) {
            reporter.report(format_args!(
                "{}:{line}: level {}: no such level in the input, expected {expected}",
                self.name,
                n + 1
            ));
        }
        self.changed || self.answers.len() > self.compared
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_the_first_word_of_a_line() {
        assert_eq!(Expected::parse("10 LDDDDRURRU"), Some(Expected::Moves(10)));
        assert_eq!(Expected::parse("Impossible"), Some(Expected::Impossible));
        assert_eq!(Expected::parse("Error"), Some(Expected::Error));
        assert_eq!(Expected::parse("7 optimal_solutions=3"), Some(Expected::Moves(7)));
        assert_eq!(Expected::parse("-3"), None);
        assert_eq!(Expected::parse("impossible"), None);
        assert_eq!(Expected::Moves(17).found(), "par 17");
    }
}
