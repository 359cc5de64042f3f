//! Line-oriented scanning of text input, shared by every reader.
//!
//! Readers in this crate take their lines from a [`LineSource`]: [`Lines`] over a byte slice held
//! whole (often a memory map; nothing is copied), or a buffered line reader over any
//! [`Read`](std::io::Read) (a pipe, a terminal, a device), through a buffer that holds one line at
//! a time. Both yield each line with its 1-based number and its byte offset, with the line ending
//! (`\n` or `\r\n`) and any trailing spaces or tabs removed, so that CRLF files and trailing
//! blanks read the same as clean LF files; both skip a UTF-8 byte-order mark at the start of the
//! input (columns count from the character after it), and both read an input whose first
//! `ENDING_WINDOW` bytes hold a carriage return and no line feed as old Mac text, whose lines
//! end at `\r` (`line_ending`); and both cut a line longer than their *line limit* in
//! the same way (see [`Line::text`]), so that a reader gives the same answers from either.
//! [`Position`] and `describe_at` turn a byte inside a line into the `LINE:COLUMN` and the
//! "found ..." text of an error message.

pub(crate) mod stream;

use std::fmt;

/// The UTF-8 byte-order mark, skipped at the start of an input.
pub(crate) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How many bytes at the start of an input (after a byte-order mark) decide its line ending
/// ([`line_ending`]).
pub(crate) const ENDING_WINDOW: usize = 64 * 1024;

/// The length of the byte-order mark `bytes` starts with (0 or 3).
#[inline]
pub(crate) fn bom_len(bytes: &[u8]) -> usize {
    if bytes.starts_with(BOM) { BOM.len() } else { 0 }
}

/// The byte that ends lines in an input that starts with `head` (after its byte-order mark):
/// `\r` when the first [`ENDING_WINDOW`] bytes of `head` hold a carriage return and no line
/// feed (old Mac text), `\n` otherwise (LF and CRLF text, whose `\r` is trimmed as a trailing
/// blank). `head` must hold the window whole, or the whole input.
pub(crate) fn line_ending(head: &[u8]) -> u8 {
    let window = &head[..head.len().min(ENDING_WINDOW)];
    if memchr::memchr(b'\n', window).is_none() && memchr::memchr(b'\r', window).is_some() {
        b'\r'
    } else {
        b'\n'
    }
}

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
///
/// A line whose content is longer than its source's line limit `L` ([`LineSource::line_limit`])
/// is cut to its first `L + 1` bytes, so `text.len() > L` tells a reader that the line was too
/// long, and the text it sees is the same from a slice and from a stream. Such a line is the last
/// one of its source: nothing after it is read, so that an endless line (say from `/dev/zero`)
/// is reported at once and the reading ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line<'a> {
    /// Line number, starting at 1.
    pub number: usize,
    /// Byte offset of the line's first byte in the input.
    pub offset: usize,
    /// The line's content, trimmed at the end and cut after `L + 1` bytes (see the type's
    /// docs).
    pub text: &'a [u8],
}

/// Where a reader takes its lines from: [`Lines`] over a byte slice, or a buffered line reader
/// over a byte stream. Both give exactly the same lines for
/// the same bytes and line limit.
pub trait LineSource {
    /// The next line, consumed; `None` at the end of the input. The text is borrowed until the
    /// next call.
    fn next_line(&mut self) -> Option<Line<'_>>;

    /// The next line, without consuming it.
    fn peek_line(&mut self) -> Option<Line<'_>>;

    /// Puts back the line the last [`LineSource::next_line`] returned, so that the next call
    /// returns it again: only that line, and only before any other call.
    fn unread(&mut self);

    /// The position just past the end of the input: the line after the last line ending,
    /// column 1, or just past the last character when the input does not end with a line
    /// ending. A stream knows it once [`LineSource::next_line`] has returned `None` (after a
    /// cut line, which ends the lines, a stream and a slice may differ here: the readers report
    /// the cut line instead).
    fn end_position(&mut self) -> Position;

    /// Byte offset of the next line to be yielded (the input's length once exhausted). A stream
    /// counts the rest of a line cut at the limit once it has read it (when the next line is
    /// asked for), so right after a cut line it may be behind a slice's.
    fn offset(&self) -> usize;

    /// The longest line content, in bytes, kept whole (see [`Line::text`]).
    fn line_limit(&self) -> usize;

    /// Sets the line limit (see [`Line::text`]); call it before the first line is read.
    fn set_line_limit(&mut self, limit: usize);

    /// True when reading the next line, or the lines after it that a record (a level, a
    /// board) needs, may wait for more input (a pipe or a terminal that has nothing more yet):
    /// a stream says so when little is buffered and its input has nothing more at hand, even
    /// with a whole line buffered. Always false for a slice.
    fn would_block(&mut self) -> bool {
        false
    }

    /// The rest of the input, from [`LineSource::offset`] on, with the number of its first
    /// line, when it is held whole in memory and its lines end at `\n` (a [`Lines`] over LF or
    /// CRLF text); `None` otherwise (a stream, old Mac text). A reader may scan it ahead for
    /// whole lines and skip them ([`LineSource::skip_lines`]).
    fn rest(&self) -> Option<(&[u8], usize)> {
        None
    }

    /// Skips the first `bytes` bytes of [`LineSource::rest`], which must be `lines` whole lines
    /// each ended by `\n` and none longer than the line limit: the lines yielded from there on
    /// are those that reading them one by one would leave. Does nothing where
    /// [`LineSource::rest`] is `None`.
    fn skip_lines(&mut self, bytes: usize, lines: usize) {
        let _ = (bytes, lines);
    }
}

impl<T: LineSource + ?Sized> LineSource for &mut T {
    fn next_line(&mut self) -> Option<Line<'_>> {
        (**self).next_line()
    }

    fn peek_line(&mut self) -> Option<Line<'_>> {
        (**self).peek_line()
    }

    fn unread(&mut self) {
        (**self).unread()
    }

    fn end_position(&mut self) -> Position {
        (**self).end_position()
    }

    fn offset(&self) -> usize {
        (**self).offset()
    }

    fn line_limit(&self) -> usize {
        (**self).line_limit()
    }

    fn set_line_limit(&mut self, limit: usize) {
        (**self).set_line_limit(limit)
    }

    fn would_block(&mut self) -> bool {
        (**self).would_block()
    }

    fn rest(&self) -> Option<(&[u8], usize)> {
        (**self).rest()
    }

    fn skip_lines(&mut self, bytes: usize, lines: usize) {
        (**self).skip_lines(bytes, lines)
    }
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
pub(crate) fn column_of(text: &[u8], index: usize) -> usize {
    let prefix = &text[..index.min(text.len())];
    String::from_utf8_lossy(prefix).chars().count() + 1 + index.saturating_sub(text.len())
}

/// Iterator over the [`Line`]s of a byte slice.
///
/// A final line without a line ending is still yielded; an input that ends with `\n` does not
/// yield an extra empty line. [`Lines::end_position`] gives the position just past the input.
/// A byte-order mark at the start is skipped, and old Mac text's lines end at `\r`
/// (`line_ending`).
/// [`Lines::new`] keeps every line whole; [`Lines::with_limit`] cuts long lines as
/// [`Line::text`] says.
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
    /// Where the last line yielded starts (for [`LineSource::unread`]).
    last: usize,
    number: usize,
    /// The longest text kept whole (`usize::MAX - 1`: no limit).
    limit: usize,
    /// The byte that ends a line ([`line_ending`]).
    ending: u8,
}

impl<'a> Lines<'a> {
    /// Starts at the first line of `bytes`, with no line limit.
    pub fn new(bytes: &'a [u8]) -> Self {
        Lines::with_limit(bytes, usize::MAX - 1)
    }

    /// Starts at the first line of `bytes`; lines longer than `limit` bytes are cut after
    /// `limit + 1` (see [`Line::text`]).
    pub fn with_limit(bytes: &'a [u8], limit: usize) -> Self {
        let pos = bom_len(bytes);
        let ending = line_ending(&bytes[pos..]);
        Lines { bytes, pos, last: pos, number: 0, limit: limit.min(usize::MAX - 1), ending }
    }

    /// The lines of `bytes`, a part of an input that does not start it, whose lines end at
    /// `ending` (the [`Lines::ending`] of the whole input); no byte-order mark is looked for.
    pub fn continuing(bytes: &'a [u8], ending: u8) -> Self {
        Lines { bytes, pos: 0, last: 0, number: 0, limit: usize::MAX - 1, ending }
    }

    /// The byte that ends this input's lines: `\n`, or `\r` for old Mac text (`line_ending`).
    pub fn ending(&self) -> u8 {
        self.ending
    }

    /// Starts at byte `offset` of `bytes`, which must be the start of a line, numbered `line`
    /// (1-based), with the line limit `limit` (see [`Lines::with_limit`]): the lines yielded from
    /// there on, [`Lines::end_position`] included, are those of a [`Lines`] over the whole of
    /// `bytes` that has read up to `offset`.
    pub fn starting_at(bytes: &'a [u8], limit: usize, offset: usize, line: usize) -> Self {
        let mut lines = Lines::with_limit(bytes, limit);
        lines.pos = offset.min(bytes.len());
        lines.last = lines.pos;
        lines.number = line.saturating_sub(1);
        lines
    }

    /// The position where the input ends: the line after the last line ending, column 1, or
    /// just past the last character when the input does not end with a line ending.
    pub fn end_position(&self) -> Position {
        let bytes = self.bytes;
        let newlines = memchr::memchr_iter(self.ending, bytes).count();
        let last_start = memchr::memrchr(self.ending, bytes).map_or(bom_len(bytes), |i| i + 1);
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
        let (raw, advance) = match memchr::memchr(self.ending, rest) {
            Some(i) => (&rest[..i], i + 1),
            None => (rest, rest.len()),
        };
        let mut end = trimmed_len(raw);
        self.number += 1;
        self.last = self.pos;
        if end > self.limit {
            // A cut line ends the input (see [`Line`]).
            end = self.limit + 1;
            self.pos = self.bytes.len();
        } else {
            self.pos += advance;
        }
        let line = Line { number: self.number, offset: self.last, text: &raw[..end] };
        Some(line)
    }
}

impl LineSource for Lines<'_> {
    #[inline]
    fn next_line(&mut self) -> Option<Line<'_>> {
        self.next()
    }

    #[inline]
    fn peek_line(&mut self) -> Option<Line<'_>> {
        self.peek()
    }

    #[inline]
    fn unread(&mut self) {
        self.pos = self.last;
        self.number -= 1;
    }

    fn end_position(&mut self) -> Position {
        Lines::end_position(self)
    }

    fn offset(&self) -> usize {
        self.pos
    }

    fn line_limit(&self) -> usize {
        self.limit
    }

    fn set_line_limit(&mut self, limit: usize) {
        self.limit = limit.min(usize::MAX - 1);
    }

    fn rest(&self) -> Option<(&[u8], usize)> {
        (self.ending == b'\n').then(|| (&self.bytes[self.pos..], self.number + 1))
    }

    fn skip_lines(&mut self, bytes: usize, lines: usize) {
        if self.ending == b'\n' {
            debug_assert_eq!(
                memchr::memchr_iter(b'\n', &self.bytes[self.pos..][..bytes]).count(),
                lines
            );
            self.pos += bytes;
            self.last = self.pos;
            self.number += lines;
        }
    }
}

/// The length of `raw` without its trailing spaces, tabs and carriage returns.
#[inline]
pub(crate) fn trimmed_len(raw: &[u8]) -> usize {
    let mut end = raw.len();
    while end > 0 && is_trailing_blank(raw[end - 1]) {
        end -= 1;
    }
    end
}

/// True for the bytes trimmed from the end of a line: space, tab and carriage return.
#[inline]
pub(crate) fn is_trailing_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// Describes the character that starts at byte `index` of `text` for a "found ..." message:
/// `'x'` for a printable character, an escape such as `'\t'` or `'\u{0}'` otherwise, `byte 0xNN`
/// for invalid UTF-8, and `end of line` past the end.
pub(crate) fn describe_at(text: &[u8], index: usize) -> String {
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

/// The most characters of a file's text that a message quotes ([`quote`], [`quote_name`]).
pub(crate) const QUOTE_CHARS: usize = 40;

/// Text from a file as messages quote it, in double quotes: every message that shows a
/// file's content goes through here (or [`quote_name`]), so that no message holds a line break or
/// a terminal's control sequence, and none is longer than a line. Characters are escaped as
/// Rust's `{:?}` escapes a string (a line break as `\n`, a control character as `\u{1b}`, a quote
/// as `\"`, a backslash doubled), a byte that is not UTF-8 as `\xHH`; text of more than
/// [`QUOTE_CHARS`] characters is cut after them, marked `...`, and followed by its length.
pub(crate) fn quote(text: &[u8]) -> Quoted<'_> {
    Quoted { text, marks: Some(('"', '"')) }
}

/// A name from a file (a JavaScript identifier, a key) as messages quote it, in backticks,
/// escaped and cut as [`quote`] does.
pub(crate) fn quote_name(text: &[u8]) -> Quoted<'_> {
    Quoted { text, marks: Some(('`', '`')) }
}

/// Text from a file that a message shows as it is (a dtype, a shape), escaped and cut as
/// [`quote`] does, without quotes.
pub(crate) fn excerpt(text: &[u8]) -> Quoted<'_> {
    Quoted { text, marks: None }
}

/// File content quoted for a message ([`quote`], [`quote_name`], [`excerpt`]); `Display` writes
/// it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Quoted<'a> {
    text: &'a [u8],
    marks: Option<(char, char)>,
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        if let Some((open, _)) = self.marks {
            f.write_char(open)?;
        }
        let mut shown = 0;
        let mut cut = false;
        'all: for chunk in self.text.utf8_chunks() {
            for c in chunk.valid().chars() {
                if shown == QUOTE_CHARS {
                    cut = true;
                    break 'all;
                }
                if c == '\'' {
                    f.write_char(c)?;
                } else {
                    write!(f, "{}", c.escape_debug())?;
                }
                shown += 1;
            }
            for b in chunk.invalid() {
                if shown == QUOTE_CHARS {
                    cut = true;
                    break 'all;
                }
                write!(f, "\\x{b:02X}")?;
                shown += 1;
            }
        }
        if cut {
            f.write_str("...")?;
        }
        if let Some((_, close)) = self.marks {
            f.write_char(close)?;
        }
        if cut {
            write!(f, " ({} bytes)", self.text.len())?;
        }
        Ok(())
    }
}

/// Reads the run of ASCII digits that starts at byte `start` of `text`: the byte index just past
/// it (`start` itself when there is no digit there) and its value, `None` when the value does not
/// fit a `u64`. Every reader of whole numbers in this crate goes through here.
pub(crate) fn digits_at(text: &[u8], start: usize) -> (usize, Option<u64>) {
    let mut end = start;
    let mut value = Some(0u64);
    while let Some(&d) = text.get(end).filter(|b| b.is_ascii_digit()) {
        value = value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(d - b'0')));
        end += 1;
    }
    (end, value)
}

/// `""` for one, `"s"` for any other count: the plural ending of a counted English noun.
pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Names a run of ASCII digits too large for its number type in a "found ..." message: as
/// written, or by its length when it has more than 40 digits.
pub(crate) fn describe_digits(digits: &[u8]) -> String {
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
    fn line_ending_is_cr_only_without_a_line_feed() {
        assert_eq!(line_ending(b"1 2\rXO\r"), b'\r');
        assert_eq!(line_ending(b"1 2\r\nXO\r\n"), b'\n');
        assert_eq!(line_ending(b"1 2"), b'\n');
    }

    #[test]
    fn digits_at_reads_a_whole_number() {
        assert_eq!(digits_at(b"R 42 C", 2), (4, Some(42)));
        assert_eq!(digits_at(b"x", 0), (0, Some(0)));
        assert_eq!(digits_at(b"18446744073709551616", 0), (20, None));
    }

    #[test]
    fn describe_digits_names_the_number_found() {
        assert_eq!(describe_digits(b"18446744073709551616"), "18446744073709551616");
        assert_eq!(describe_digits(&[b'9'; 100]), "a number of 100 digits");
    }

    #[test]
    fn quoted_text_is_escaped_and_cut() {
        assert_eq!(quote(b"a\x1b]0;x\x07\nb").to_string(), r#""a\u{1b}]0;x\u{7}\nb""#);
        assert_eq!(quote(b"caf\xE9").to_string(), r#""caf\xE9""#);
        let long = quote(&[b'x'; 100]).to_string();
        assert_eq!(long, format!("\"{}...\" (100 bytes)", "x".repeat(40)));
        assert_eq!(quote_name(b"levelez").to_string(), "`levelez`");
        assert_eq!(excerpt(b"<f8").to_string(), "<f8");
        assert_eq!(excerpt(&[b'1'; 50]).to_string(), format!("{}... (50 bytes)", "1".repeat(40)));
    }

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
    fn a_byte_order_mark_is_skipped_and_old_mac_lines_end_at_cr() {
        let lines: Vec<_> = Lines::new(b"\xEF\xBB\xBFab\ncd").map(|l| (l.offset, l.text)).collect();
        assert_eq!(lines, vec![(3, &b"ab"[..]), (6, &b"cd"[..])]);
        assert_eq!(Lines::new(b"\xEF\xBB\xBFab").end_position(), Position { line: 1, column: 3 });
        let mac = b"ab\rcd \r\rx";
        let lines: Vec<_> = Lines::new(mac).map(|l| (l.number, l.offset, l.text)).collect();
        assert_eq!(
            lines,
            vec![(1, 0, &b"ab"[..]), (2, 3, &b"cd"[..]), (3, 7, &b""[..]), (4, 8, &b"x"[..])]
        );
        assert_eq!(Lines::new(mac).end_position(), Position { line: 4, column: 2 });
        // A carriage return before a line feed is CRLF text's.
        assert_eq!(Lines::new(b"a\rb\nc").count(), 2);
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
