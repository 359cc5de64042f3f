//! The definition lines that follow a level's rows in the text format: one per switch and one per
//! split switch (see `docs/LEVELS.md`).
//!
//! ```text
//! switch R C: ACTION R C, ACTION R C, ...     ACTION: on, off or toggle
//! split R C: R C, R C
//! ```
//!
//! Rows and columns are 1-based, row first. Words and numbers are separated by spaces or tabs;
//! spaces around `:` and `,` are optional. A line is a definition when its first word is `switch`
//! or `split`; no row of cells and no `R C` header can start that way, so the next level's header
//! ends the definitions unambiguously. This module reads the syntax only; what the numbers name is
//! checked against the level by the builder.

use super::syntax::TextSyntax;
use crate::bloxorz::model::mechanics::Action;
use crate::text::{describe_at, describe_digits, digits_at, quote_name};

/// A cell `(row, col)` as a definition line writes it: 1-based, any value below 2^63.
pub(crate) type Written = (i64, i64);

/// One definition line, with the byte index of each number's first digit in the line (for error
/// positions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Definition {
    /// `switch R C: ACTION R C, ...`
    Switch {
        /// The switch's cell as written (1-based) and where it is.
        cell: (Written, usize),
        /// Each action, its tile as written and where the tile is.
        actions: Vec<(Action, Written, usize)>,
        /// Where the actions begin (just after the `:`).
        end: usize,
    },
    /// `split R C: R C, R C`
    Split {
        /// The split switch's cell as written (1-based) and where it is.
        cell: (Written, usize),
        /// The two target cells as written and where they are.
        targets: [(Written, usize); 2],
    },
}

/// The two keywords, as they start a line.
const SWITCH: &[u8] = b"switch";
/// See [`SWITCH`].
const SPLIT: &[u8] = b"split";

/// True when `text` is meant as a definition: its first word (its first run of letters), in
/// any case, begins with `switch` or `split`. That takes in misspellings such as `Switch`,
/// `SPLIT` or `switches`, so that [`parse`] reports them on their own line instead of their
/// being read as a stray line where the next header belongs; no row of cells or header can
/// begin that way (`S` is a cell, but no cell letter is `w` or `p`).
pub(crate) fn is_definition(text: &[u8]) -> bool {
    let start = text.iter().position(|b| !is_blank(*b)).unwrap_or(text.len());
    let word = &text[start..];
    let word = &word[..word.iter().position(|b| !b.is_ascii_alphabetic()).unwrap_or(word.len())];
    [SWITCH, SPLIT].iter().any(|k| word.len() >= k.len() && word[..k.len()].eq_ignore_ascii_case(k))
}

/// True when `text` is a comment line: its first character that is not a space or a tab is `;`.
pub(crate) fn is_comment(text: &[u8]) -> bool {
    text.iter().find(|b| !is_blank(**b)) == Some(&b';')
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// A cursor over one line.
struct Cursor<'a> {
    text: &'a [u8],
    at: usize,
}

/// A syntax error: the byte index and what was expected there.
type Fault = (usize, TextSyntax);

impl Cursor<'_> {
    fn skip_blanks(&mut self) {
        while self.at < self.text.len() && is_blank(self.text[self.at]) {
            self.at += 1;
        }
    }

    fn fail(&self, expected: &'static str) -> Fault {
        let found = describe_at(self.text, self.at);
        (self.at, TextSyntax::BadDefinition { expected, found })
    }

    /// A whole number below 2^63 after optional blanks, and where it starts. A larger number is
    /// an error that names it as written.
    fn number(&mut self, expected: &'static str) -> Result<(i64, usize), Fault> {
        self.skip_blanks();
        let begin = self.at;
        let n;
        (self.at, n) = digits_at(self.text, begin);
        if self.at == begin {
            return Err(self.fail(expected));
        }
        let Some(n) = n.and_then(|n| i64::try_from(n).ok()) else {
            let found = describe_digits(&self.text[begin..self.at]);
            return Err((
                begin,
                TextSyntax::BadDefinition { expected: "a number below 2^63", found },
            ));
        };
        if self.text.get(self.at).is_some_and(|b| b.is_ascii_alphanumeric()) {
            return Err(self.fail("a space, ',' or ':' after the number"));
        }
        Ok((n, begin))
    }

    /// A cell written `R C`, and where its row number starts.
    fn cell(&mut self) -> Result<(Written, usize), Fault> {
        let (row, at) = self.number("a row number")?;
        let (col, _) = self.number("a column number")?;
        Ok(((row, col), at))
    }

    /// The punctuation `byte` after optional blanks.
    fn punct(&mut self, byte: u8, expected: &'static str) -> Result<(), Fault> {
        self.skip_blanks();
        if self.text.get(self.at) != Some(&byte) {
            return Err(self.fail(expected));
        }
        self.at += 1;
        Ok(())
    }

    /// A word of letters after optional blanks, and where it starts.
    fn word(&mut self) -> (&[u8], usize) {
        self.skip_blanks();
        let begin = self.at;
        while self.text.get(self.at).is_some_and(u8::is_ascii_alphabetic) {
            self.at += 1;
        }
        (&self.text[begin..self.at], begin)
    }

    fn at_end(&mut self) -> bool {
        self.skip_blanks();
        self.at == self.text.len()
    }
}

/// Reads one definition line (one for which [`is_definition`] is true).
///
/// # Errors
///
/// The byte index of the problem and a [`TextSyntax::BadDefinition`] saying what was
/// expected there.
pub(crate) fn parse(text: &[u8]) -> Result<Definition, Fault> {
    let mut cur = Cursor { text, at: 0 };
    let (keyword, at) = cur.word();
    let is_switch = keyword == SWITCH;
    if !is_switch && keyword != SPLIT {
        let found = if keyword.is_empty() {
            describe_at(text, at)
        } else {
            quote_name(keyword).to_string()
        };
        let expected = "the word `switch` or `split`, in lower case";
        return Err((at, TextSyntax::BadDefinition { expected, found }));
    }
    let cell = cur.cell()?;
    cur.punct(b':', "':' after the cell")?;
    if !is_switch {
        let first = cur.cell()?;
        cur.punct(b',', "',' between the two target cells")?;
        let second = cur.cell()?;
        if !cur.at_end() {
            return Err(cur.fail("the end of the line after the two target cells"));
        }
        return Ok(Definition::Split { cell, targets: [first, second] });
    }
    let end = cur.at;
    let mut actions = Vec::new();
    if cur.at_end() {
        return Ok(Definition::Switch { cell, actions, end });
    }
    loop {
        let (word, at) = cur.word();
        let action = match word {
            b"on" => Action::On,
            b"off" => Action::Off,
            b"toggle" => Action::Toggle,
            _ => {
                cur.at = at;
                return Err(cur.fail("an action `on`, `off` or `toggle`"));
            }
        };
        let (tile, at) = cur.cell()?;
        actions.push((action, tile, at));
        if cur.at_end() {
            return Ok(Definition::Switch { cell, actions, end });
        }
        cur.punct(b',', "',' or the end of the line after an action")?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str) -> String {
        let (at, kind) = parse(text.as_bytes()).unwrap_err();
        format!("{}: {kind}", at + 1)
    }

    #[test]
    fn switch_and_split_lines_read_with_their_positions() {
        let got = parse(b"switch 2 3: on 1 4,off 10 11 , toggle 3 3").unwrap();
        let want = Definition::Switch {
            cell: ((2, 3), 7),
            actions: vec![
                (Action::On, (1, 4), 15),
                (Action::Off, (10, 11), 23),
                (Action::Toggle, (3, 3), 38),
            ],
            end: 11,
        };
        assert_eq!(got, want);
        let got = parse(b"  split\t4 5 :2 2,  6 8").unwrap();
        assert_eq!(
            got,
            Definition::Split { cell: ((4, 5), 8), targets: [((2, 2), 13), ((6, 8), 19)] }
        );
        let empty = parse(b"switch 1 1:").unwrap();
        assert_eq!(empty, Definition::Switch { cell: ((1, 1), 7), actions: vec![], end: 11 });
        assert_eq!(
            parse(b"switch 9223372036854775807 1: on 1 1").unwrap(),
            Definition::Switch {
                cell: ((i64::MAX, 1), 7),
                actions: vec![(Action::On, (1, 1), 33)],
                end: 29
            }
        );
    }

    #[test]
    fn only_lines_starting_with_a_keyword_are_definitions_and_comments_start_with_a_semicolon() {
        assert!(is_definition(b"switch 1 1: on 1 2"));
        assert!(is_definition(b"  split"));
        assert!(is_definition(b"Switch 1 1: on 1 2"));
        assert!(is_definition(b"switches 1 1"));
        assert!(is_definition(b"SPLIT: 1 1"));
        assert!(!is_definition(b"swatch 1 1"));
        assert!(!is_definition(b"SB..O"));
        assert!(!is_definition(b"stray line"));
        assert!(!is_definition(b"S..O"));
        assert!(!is_definition(b"3 4"));
        assert!(is_comment(b"  ; stage 1"));
        assert!(!is_comment(b"#;"));
    }

    #[test]
    fn syntax_errors_say_what_was_expected_where() {
        let cases = [
            ("switch x", "8: expected a row number, found 'x'"),
            (
                "  Switch 1 2: on 1 1",
                "3: expected the word `switch` or `split`, in lower case, found `Switch`",
            ),
            (
                "switches 1 2: on 1 1",
                "1: expected the word `switch` or `split`, in lower case, found `switches`",
            ),
            ("switch: 1 2: on 1 1", "7: expected a row number, found ':'"),
            ("switch 1", "9: expected a column number, found end of line"),
            ("switch 1 2 on 1 1", "12: expected ':' after the cell, found 'o'"),
            ("switch 1 2: of 1 1", "13: expected an action `on`, `off` or `toggle`, found 'o'"),
            (
                "switch 1 2: on 1 1 on 1 2",
                "20: expected ',' or the end of the line after an action, found 'o'",
            ),
            (
                "switch 1 2: on 1 1,",
                "20: expected an action `on`, `off` or `toggle`, found end of line",
            ),
            ("switch 1 2x: on 1 1", "11: expected a space, ',' or ':' after the number, found 'x'"),
            (
                "switch 1 2: on 9223372036854775808 1",
                "16: expected a number below 2^63, found 9223372036854775808",
            ),
            ("split 1 2: 3 4 5 6", "16: expected ',' between the two target cells, found '5'"),
            (
                "split 1 2: 3 4, 5 6, 7 8",
                "20: expected the end of the line after the two target cells, found ','",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(message(text), want, "{text}");
        }
    }
}
