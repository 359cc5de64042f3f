//! `flipblox bloxorz --expect FILE`: every answer compared with a file of expected answers (the
//! text output of an earlier run), one message per level whose answer changed.

mod read;

use std::io::BufReader;
use std::path::Path;

use super::print::Reporter;
use super::shard::Shard;
use flipblox::text::Position;
pub use read::Expected;
use read::{Entry, Layout, read_answers};

/// Bytes counted for one expected answer held in memory, against `--max-memory`.
const BYTES_PER_ANSWER: u64 = size_of::<Entry>() as u64;

/// The expected answers of a run and where the comparison is.
///
/// A file of plain lines (`ANSWER ...`, a run's output) is matched on the level's place in the
/// whole run: its N-th answer is that of the run's N-th level, counting the levels of every
/// input in order, those `--shard` leaves out included. A file of indexed lines
/// (`INDEX<TAB>ANSWER ...`, the output of a `--shard` run, or its parts' outputs sorted) is
/// matched on the level's number within its input: each input's levels take the next run of
/// lines whose numbers grow. Lines of levels `--shard` leaves out are not compared.
pub struct Expectations {
    /// The file's name as given.
    name: String,
    layout: Layout,
    answers: Vec<Entry>,
    /// The part of the levels this run answers.
    shard: Option<Shard>,
    /// Levels of the inputs before this one (plain lines).
    levels_before: usize,
    /// Levels of the run so far (plain lines).
    levels_total: usize,
    /// The next indexed line to match, and whether a level of this input matched one.
    next: usize,
    matched_in_input: bool,
    /// True once an answer differed or was missing.
    changed: bool,
}

impl Expectations {
    /// Reads the expected answers from `path`, a line at a time: one line per level, as
    /// `flipblox bloxorz` prints them (its first word is the answer, or its second after an
    /// `INDEX` and a tab; blank lines are skipped), at most `max_memory` bytes of them.
    ///
    /// # Errors
    ///
    /// The file cannot be read, a line starts with no answer or is laid out unlike the first
    /// (`PATH:LINE:COLUMN: ...`), or its answers need more than `max_memory` bytes.
    pub fn read(
        path: &Path,
        max_memory: u64,
        shard: Option<Shard>,
    ) -> anyhow::Result<Expectations> {
        let name = super::io::escape_path(path);
        let file =
            std::fs::File::open(path).map_err(|e| anyhow::anyhow!("{name}: cannot read: {e}"))?;
        let max_entries = usize::try_from(max_memory / BYTES_PER_ANSWER).unwrap_or(usize::MAX);
        let answers = read_answers(BufReader::with_capacity(1 << 16, file), max_entries)
            .map_err(|e| anyhow::anyhow!("{name}:{e}"))?;
        Ok(Expectations {
            name,
            layout: answers.layout.unwrap_or(Layout::Plain),
            answers: answers.entries,
            shard,
            levels_before: 0,
            levels_total: 0,
            next: 0,
            matched_in_input: false,
            changed: false,
        })
    }

    /// Compares the answer of level `level` (its number within the input `input`, whose header
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
        let place = match at {
            Some(at) => format!("{input}:{}", at.line),
            None => input.to_string(),
        };
        let expected = match self.layout {
            Layout::Plain => {
                let global = self.levels_before + level;
                self.levels_total = self.levels_total.max(global);
                self.answers.get(global - 1).map(|e| e.answer)
            }
            Layout::Indexed => self.indexed(level, reporter),
        };
        if expected == Some(found) {
            return;
        }
        self.changed = true;
        let found = found.found();
        match (expected, self.layout) {
            (Some(expected), _) => reporter
                .report(format_args!("{place}: level {level}: {found}, expected {expected}")),
            (None, Layout::Plain) => reporter.report(format_args!(
                "{place}: level {level}: {found}, expected nothing ({} has {} answers)",
                self.name,
                self.answers.len()
            )),
            (None, Layout::Indexed) => reporter.report(format_args!(
                "{place}: level {level}: {found}, expected nothing ({} has no line for level \
                 {level} here)",
                self.name
            )),
        }
    }

    /// The answer of the indexed line for level `level` of this input: the lines before it in
    /// this input's run of lines are passed (reported when this run should have answered them).
    fn indexed(&mut self, level: usize, reporter: &mut impl Reporter) -> Option<Expected> {
        loop {
            let entry = *self.answers.get(self.next)?;
            let index = entry.index.unwrap_or_default();
            let starts_run =
                self.next > 0 && self.answers[self.next - 1].index.unwrap_or_default() >= index;
            if self.matched_in_input && starts_run {
                // The next input's lines.
                return None;
            }
            if index > level {
                return None;
            }
            self.next += 1;
            self.matched_in_input = true;
            if index == level {
                return Some(entry.answer);
            }
            self.missing(entry, index, reporter);
        }
    }

    /// Reports the expected answer `entry` of level `index` that no level was compared with,
    /// when this run should have answered it.
    fn missing(&mut self, entry: Entry, index: usize, reporter: &mut impl Reporter) {
        if self.shard.is_some_and(|shard| !shard.takes(index)) {
            return;
        }
        self.changed = true;
        reporter.report(format_args!(
            "{}:{}: level {index}: no such level in the input, expected {}",
            self.name, entry.line, entry.answer
        ));
    }

    /// Marks the end of an input that held `levels` levels (those `--shard` leaves out
    /// included): the next input's levels follow them.
    pub fn end_input(&mut self, levels: usize, reporter: &mut impl Reporter) {
        match self.layout {
            Layout::Plain => {
                self.levels_before += levels;
                self.levels_total = self.levels_total.max(self.levels_before);
            }
            Layout::Indexed => {
                if self.matched_in_input {
                    // The rest of this input's run of lines.
                    while let Some(&entry) = self.answers.get(self.next) {
                        let index = entry.index.unwrap_or_default();
                        if self.answers[self.next - 1].index.unwrap_or_default() >= index {
                            break;
                        }
                        self.next += 1;
                        self.missing(entry, index, reporter);
                    }
                }
                self.matched_in_input = false;
            }
        }
    }

    /// Reports the expected answers no level was compared with, one line each (`FILE:LINE: level N:
    /// no such level in the input, expected 15`); true when any answer differed or was missing.
    pub fn finish(&mut self, reporter: &mut impl Reporter) -> bool {
        match self.layout {
            Layout::Plain => {
                for (n, entry) in self.answers.iter().enumerate().skip(self.levels_total) {
                    self.changed = true;
                    reporter.report(format_args!(
                        "{}:{}: level {}: no such level in the input, expected {}",
                        self.name,
                        entry.line,
                        n + 1,
                        entry.answer
                    ));
                }
            }
            Layout::Indexed => {
                while let Some(&entry) = self.answers.get(self.next) {
                    self.next += 1;
                    self.missing(entry, entry.index.unwrap_or_default(), reporter);
                }
            }
        }
        self.changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_the_first_word_of_a_line() {
        let first = |line: &str| {
            let answers = read_answers(line.as_bytes(), 10).map_err(|_| ())?;
            Ok::<_, ()>(answers.entries.first().map(|e| e.answer))
        };
        assert_eq!(first("10 LDDDDRURRU"), Ok(Some(Expected::Moves(10))));
        assert_eq!(first("Impossible"), Ok(Some(Expected::Impossible)));
        assert_eq!(first("Error"), Ok(Some(Expected::Error)));
        assert_eq!(first("7 optimal_solutions=3"), Ok(Some(Expected::Moves(7))));
        assert_eq!(first("-3"), Err(()));
        assert_eq!(first("impossible"), Err(()));
        assert_eq!(Expected::Moves(17).found(), "par 17");
    }
}
