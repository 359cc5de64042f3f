//! Line-oriented scanning of text input held in a byte slice, shared by every reader.
//!
//! Readers in this crate work in place on `&[u8]` (often a memory map) and never copy the input.
//! [`Lines`] yields each line with its 1-based number and its byte offset, with the line ending
//! (`\n` or `\r\n`) and any trailing spaces or tabs removed, so that CRLF files and trailing blanks
//! read the same as clean LF files. [`Position`] and [`describe_at`] turn a byte inside a line into
//! the `LINE:COLUMN` and the "found ..." text of an error message.

use std::fmt;

/// A 1-based position in a text input, as printed in `PATH:LINE:COLUMN` messages.
///
/// `column` counts characters (UTF-8 scalar values; an invalid byte counts as one) from 1 at the
/// start of the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Position {
    /// Line number, starting at 1.
    pub line: usize,
    /// Column number, starting at 1.
    pub column: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// One line of input: its 1-based number, the byte offset of its first byte in the whole input,
/// and its content without the line ending and without trailing spaces, tabs or carriage returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// Line number, starting at 1.
    pub number: usize,
    /// Byte offset of the line's first byte in the input.
    pub offset: usize,
    /// The line's content, trimmed at the end (see the type's docs).
    pub text: &'a [u8],
}

impl<'a> Line<'a> {
    /// True when the line holds nothing but whitespace.
    pub fn is_blank(&self) -> bool {
        self.text.iter().all(|b| b.is_ascii_whitespace())
    }

    /// The position of byte `index` of [`Line::text`] (an index equal to the text's length points
    /// just past its last character).
    #[inline]
    pub fn position(&self, index: usize) -> Position {
        Position { line: self.number, column: column_of(self.text, index) }
    }
}

/// The 1-based character column of byte `index` in `text` (invalid UTF-8 counts byte by byte).
pub fn column_of(text: &[u8], index: usize) -> usize {
    let prefix = &text[..index.min(text.len())];
    String::from_utf8_lossy(prefix).chars().count() + 1 + index.saturating_sub(text.len())
}

/// Iterator over the [`Line`]s of a byte slice.
///
/// A final line without a line ending is still yielded; an input that ends with `\n` does not
/// yield an extra empty line. [`Lines::end_position`] gives the position just past the input.
///
/// ```
/// use flipblox::text::Lines;
/// let lines: Vec<_> = Lines::new(b"ab \r\n\ncd").map(|l| (l.number, l.text)).collect();
/// assert_eq!(lines, vec![(1, &b"ab"[..]), (2, &b""[..]), (3, &b"cd"[..])]);
/// ```
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    bytes: &'a [u8],
    pos: usize,
    number: usize,
}

impl<'a> Lines<'a> {
    /// Starts at the first line of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Lines { bytes, pos: 0, number: 0 }
    }

    /// The position where the input ends: the line after the last line ending, column 1, or
    /// just past the last character when the input does not end with a line ending.
    pub fn end_position(&self) -> Position {
        let bytes = self.bytes;
        let newlines = memchr::memchr_iter(b'\n', bytes).count();
        let last_start = memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1);
        Position {
            line: newlines + 1,
            column: column_of(&bytes[last_start..], bytes.len() - last_start),
        }
    }

    /// Byte offset of the next line to be yielded (the input's length once exhausted).
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Looks at the next line without consuming it.
    pub fn peek(&self) -> Option<Line<'a>> {
        self.clone().next()
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        if self.pos >= self.bytes.len() {
            return None;
        }
        let rest = &self.bytes[self.pos..];
        let (raw, advance) = match find_newline(rest) {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        let mut end = raw.len();
        while end > 0 && matches!(raw[end - 1], b' ' | b'\t' | b'\r') {
            end -= 1;
        }
        self.number += 1;
        let line = Line { number: self.number, offset: self.pos, text: &raw[..end] };
        self.pos += advance;
        Some(line)
    }
}

/// The index of the first `\n` in `bytes`. Most lines are short (a board row, a level row),
/// where a plain scan of the first bytes beats the set-up cost of a vectorised search; longer
/// lines go to `memchr`.
#[inline]
fn find_newline(bytes: &[u8]) -> Option<usize> {
    const SHORT: usize = 16;
    let head = &bytes[..bytes.len().min(SHORT)];
    match head.iter().position(|&b| b == b'\n') {
        Some(i) => Some(i),
        None if bytes.len() > SHORT => memchr::memchr(b'\n', &bytes[SHORT..]).map(|i| i + SHORT),
        None => None,
    }
}

/// Describes the character that starts at byte `index` of `text` for a "found ..." message:
/// `'x'` for a printable character, an escape such as `'\t'` or `'\u{0}'` otherwise, `byte 0xNN`
/// for invalid UTF-8, and `end of line` past the end.
pub fn describe_at(text: &[u8], index: usize) -> String {
    let Some(rest) = text.get(index..).filter(|r| !r.is_empty()) else {
        return "end of line".to_string();
    };
    let take = rest.len().min(4);
    let decoded = (1..=take).find_map(|n| std::str::from_utf8(&rest[..n]).ok());
    match decoded.and_then(|s| s.chars().next()) {
        Some(c) => format!("{:?}", c),
        None => format!("byte 0x{:02X}", rest[0]),
    }
}

/// Reads the run of ASCII digits that starts at byte `start` of `text`: the byte index just past
/// it (`start` itself when there is no digit there) and its value, `None` when the value does not
/// fit a `u64`. Every reader of whole numbers in this crate goes through here.
///
/// ```
/// use flipblox::text::digits_at;
/// assert_eq!(digits_at(b"R 42 C", 2), (4, Some(42)));
/// assert_eq!(digits_at(b"x", 0), (0, Some(0)));
/// assert_eq!(digits_at(b"18446744073709551616", 0), (20, None));
/// ```
pub fn digits_at(text: &[u8], start: usize) -> (usize, Option<u64>) {
    let mut end = start;
    let mut value = Some(0u64);
    while let Some(&d) = text.get(end).filter(|b| b.is_ascii_digit()) {
        value = value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(d - b'0')));
        end += 1;
    }
    (end, value)
}

/// `""` for one, `"s"` for any other count: the plural ending of a counted English noun.
pub fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Names a run of ASCII digits too large for its number type in a "found ..." message: as
/// written, or by its length when it has more than 40 digits.
///
/// ```
/// use flipblox::text::describe_digits;
/// assert_eq!(describe_digits(b"18446744073709551616"), "18446744073709551616");
/// assert_eq!(describe_digits(&[b'9'; 100]), "a number of 100 digits");
/// ```
pub fn describe_digits(digits: &[u8]) -> String {
    if digits.len() > 40 {
        format!("a number of {} digits", digits.len())
    } else {
        String::from_utf8_lossy(digits).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_and_trailing_blanks_are_trimmed() {
        let lines: Vec<_> = Lines::new(b"bw \t\r\nwb\r\n").collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].text, b"bw");
        assert_eq!(lines[1].text, b"wb");
        assert_eq!(lines[1].offset, 6);
    }

    #[test]
    fn short_and_long_lines_split_at_the_same_newlines() {
        for len in [0usize, 1, 15, 16, 17, 40, 600] {
            let line = "b".repeat(len);
            let text = format!("{line}\n{line}\r\n{line}.");
            let got: Vec<_> = Lines::new(text.as_bytes()).map(|l| l.text.len()).collect();
            assert_eq!(got, vec![len, len, len + 1], "line length {len}");
        }
    }

    #[test]
    fn end_position_counts_the_line_after_the_last_newline() {
        assert_eq!(Lines::new(b"ab\ncd\n").end_position(), Position { line: 3, column: 1 });
        assert_eq!(Lines::new(b"ab\ncd").end_position(), Position { line: 2, column: 3 });
        assert_eq!(Lines::new(b"").end_position(), Position { line: 1, column: 1 });
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "éx".as_bytes();
        assert_eq!(column_of(text, 2), 2);
        assert_eq!(describe_at(text, 0), "'é'");
        assert_eq!(describe_at(text, 2), "'x'");
        assert_eq!(describe_at(b"\xff", 0), "byte 0xFF");
        assert_eq!(describe_at(b"ab", 2), "end of line");
        assert_eq!(describe_at(b"\t", 0), "'\\t'");
    }
}
