//! Reading an expect file (the text output of an earlier `flipblox bloxorz` run) a line at a
//! time: only the first bytes of each line are kept, so that a line of any length (a long path)
//! costs no memory and an endless one (`/dev/zero`) is reported at once.
//!
//! This file uses only the standard library and [`Scanner`], so that the fuzz target
//! `expect_file` builds it too.

use std::fmt;
use std::io::BufRead;

use crate::cli::lines::Scanner;

/// The most bytes of a line looked at: an index, a tab and an answer (and more) fit.
pub const KEEP: usize = 64;

/// The most characters of the file's text a message quotes.
const QUOTE_CHARS: usize = 40;

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
    /// The answer `word` names: `N`, `Impossible` or `Error`; `None` for anything else.
    pub fn parse(word: &[u8]) -> Option<Expected> {
        match word {
            b"Impossible" => Some(Expected::Impossible),
            b"Error" => Some(Expected::Error),
            _ if !word.is_empty() && word.iter().all(u8::is_ascii_digit) => {
                std::str::from_utf8(word).ok()?.parse().ok().map(Expected::Moves)
            }
            _ => None,
        }
    }

    /// How a found answer is named: `par 17`, `Impossible`, `Error`.
    pub fn found(self) -> String {
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

/// How the file's lines are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `ANSWER ...`: a run's output, a line per level in order.
    Plain,
    /// `INDEX<TAB>ANSWER ...`: the output of a `--shard` run, each line with its level's number.
    Indexed,
}

/// One expected answer: the line it is on, its level's number on an indexed line, the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The line, from 1.
    pub line: usize,
    /// The level's number (the `INDEX` column), on an indexed line.
    pub index: Option<usize>,
    /// The answer.
    pub answer: Expected,
}

/// The answers of an expect file, in the order of its lines.
#[derive(Debug, Default)]
pub struct Answers {
    /// The layout of its lines (`Plain` for a file of no answers).
    pub layout: Option<Layout>,
    /// The answers, in order.
    pub entries: Vec<Entry>,
}

/// Reads the answers of `reader`, at most `max_entries` of them (blank lines are skipped).
///
/// # Errors
///
/// A message without the file's name: `LINE:COLUMN: expected ..., found ...` at the first
/// line that is no answer line or is laid out unlike the first, `cannot read: ...`, or more
/// than `max_entries` answers.
pub fn read_answers(reader: impl BufRead, max_entries: usize) -> Result<Answers, String> {
    let mut scanner = Scanner::new(reader);
    let mut answers = Answers::default();
    loop {
        let line = match scanner.next_line(KEEP) {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(answers),
            Err(e) => return Err(format!("cannot read: {e}")),
        };
        let text = line.text;
        let start = text.iter().position(|b| !b.is_ascii_whitespace());
        let Some(start) = start else {
            if line.whole {
                continue;
            }
            return Err(format!(
                "{}:1: expected an answer (a number of moves, Impossible or Error) as `flipblox \
                 bloxorz` prints it, found a line of more than {KEEP} blanks",
                line.number
            ));
        };
        let (first, after) = word(text, start);
        let indexed = text.get(after) == Some(&b'\t') && first.iter().all(u8::is_ascii_digit);
        let (answer_at, answer_word) =
            if indexed { (after + 1, word(text, after + 1).0) } else { (start, first) };
        let complete = |at: usize, w: &[u8]| line.whole || at + w.len() < text.len();
        let expected_answer = "an answer (a number of moves, Impossible or Error) as `flipblox \
                               bloxorz` prints it";
        let bad = |at: usize, w: &[u8], what: &str| {
            let column = 1 + String::from_utf8_lossy(&text[..at]).chars().count();
            let known = complete(at, w);
            format!("{}:{column}: expected {what}, found {}", line.number, quoted(w, known))
        };
        if !complete(answer_at, answer_word) {
            return Err(bad(answer_at, answer_word, expected_answer));
        }
        let Some(answer) = Expected::parse(answer_word) else {
            return Err(bad(answer_at, answer_word, expected_answer));
        };
        let layout = if indexed { Layout::Indexed } else { Layout::Plain };
        match answers.layout {
            None => answers.layout = Some(layout),
            Some(Layout::Indexed) if !indexed => {
                let what = "`INDEX<TAB>ANSWER` as on the lines before (the output of --shard)";
                return Err(bad(start, first, what));
            }
            Some(Layout::Plain) if indexed => {
                let what = "an answer as on the lines before, with no `INDEX<TAB>` column";
                return Err(bad(start, first, what));
            }
            Some(_) => {}
        }
        let index = if indexed {
            let value = std::str::from_utf8(first).ok().and_then(|s| s.parse::<usize>().ok());
            match value.filter(|&i| i >= 1) {
                Some(i) => Some(i),
                None => return Err(bad(start, first, "a level's number from 1")),
            }
        } else {
            None
        };
        if answers.entries.len() >= max_entries {
            return Err(format!(
                "{}:1: expected at most {max_entries} answers within the memory limit \
                 (--max-memory), found more",
                line.number
            ));
        }
        if answers.entries.try_reserve(1).is_err() {
            return Err(format!("{}:1: cannot allocate memory for the answers", line.number));
        }
        answers.entries.push(Entry { line: line.number, index, answer });
    }
}

/// The word of `text` that starts at `start` (up to ASCII whitespace), and the index past it.
fn word(text: &[u8], start: usize) -> (&[u8], usize) {
    let rest = text.get(start..).unwrap_or_default();
    let len = rest.iter().position(u8::is_ascii_whitespace).unwrap_or(rest.len());
    (&rest[..len], start + len)
}

/// `text` as messages quote it, in backticks: escaped as Rust's `{:?}` escapes a string (a
/// byte that is not UTF-8 as `\xHH`), cut after [`QUOTE_CHARS`] characters, marked `...` and
/// followed by its length in bytes (`at least N bytes` when only its start was read).
pub fn quoted(text: &[u8], whole: bool) -> String {
    let mut out = String::from("`");
    let mut shown = 0;
    let mut cut = false;
    'all: for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            if shown == QUOTE_CHARS {
                cut = true;
                break 'all;
            }
            if c == '\'' {
                out.push(c);
            } else {
                out.extend(c.escape_debug());
            }
            shown += 1;
        }
        for b in chunk.invalid() {
            if shown == QUOTE_CHARS {
                cut = true;
                break 'all;
            }
            out.push_str(&format!("\\x{b:02X}"));
            shown += 1;
        }
    }
    if cut || !whole {
        out.push_str("...`");
        let at_least = if whole { "" } else { "at least " };
        out.push_str(&format!(" ({at_least}{} bytes)", text.len()));
    } else {
        out.push('`');
    }
    out
}
