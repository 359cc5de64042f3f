//! [`StreamLines`]: the lines of a byte stream (a pipe, a terminal, a device, or a file read
//! without a memory map), read through a buffer that holds one line, never the whole input.
//!
//! The lines are exactly those [`Lines::with_limit`](crate::text::Lines::with_limit) yields for
//! the same bytes and line limit: the same numbers, offsets and texts, trimmed and cut the same
//! way (see [`Line::text`]). So a reader over a stream answers exactly as over a slice, and its
//! memory is the longest line it keeps (at most the line limit plus one byte) plus a fixed
//! read buffer, however long the input and its lines are. A line longer than the limit is handed
//! over as soon as the byte past the limit arrives (so an endless line, say from `/dev/zero`, is
//! reported at once), and ends the lines: nothing more is read.

use std::fmt;
use std::io::{self, Read};

use crate::text::{
    BOM, ENDING_WINDOW, Line, LineSource, Position, column_of, is_trailing_blank, line_ending,
    trimmed_len,
};

/// Bytes asked of the reader at a time (and the buffer's size while lines are short).
const CHUNK: usize = 64 * 1024;

/// With fewer bytes than this buffered past the reader's place, [`LineSource::would_block`] asks
/// the probe even when a whole line is at hand (see there).
const NEAR_END: usize = 4096;

/// The lines of a byte stream (see the module docs).
///
/// An I/O error from the reader ends the lines as the end of the input would; it is kept for
/// [`StreamLines::take_error`].
pub struct StreamLines<R> {
    reader: R,
    /// The buffer; `buf[start..filled]` is data not yet consumed.
    buf: Vec<u8>,
    filled: usize,
    /// Where the next line (or the rest of a line being dropped) starts in `buf`.
    start: usize,
    /// The longest text kept whole.
    limit: usize,
    /// Lines consumed so far.
    number: usize,
    /// Stream offset of `buf[start]`.
    offset: usize,
    /// The next line, scanned.
    ready: Option<Ready>,
    /// `ready` was handed out by `next_line`: drop it before anything else.
    consumed: bool,
    eof: bool,
    error: Option<io::Error>,
    /// Line endings consumed.
    newlines: usize,
    /// The column just past the input's last character when the input does not end with a line
    /// ending (1 otherwise).
    end_column: usize,
    /// Tells whether more input is at hand now, for [`LineSource::would_block`].
    probe: Option<Box<dyn FnMut() -> bool>>,
    /// The byte that ends a line ([`line_ending`]), once the start of the input is read.
    ending: u8,
    /// The start of the input has been read: its byte-order mark skipped, its line ending known.
    started: bool,
}

/// A scanned line: its text is `buf[start..start + text_len]`.
#[derive(Debug, Clone, Copy)]
struct Ready {
    text_len: usize,
    /// Bytes of the line before its line ending (kept and dropped).
    raw_len: usize,
    /// Where the data after the line starts in `buf`.
    next: usize,
    end: End,
}

/// How a scanned line ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// At a `\n` (consumed with the line).
    Newline,
    /// At the end of the input.
    Input,
    /// Not yet: the line is too long, and ends the lines.
    TooLong,
}

impl<R: Read> StreamLines<R> {
    /// The lines of `reader`; lines longer than `limit` bytes are cut after `limit + 1` (see
    /// [`Line::text`]).
    pub fn new(reader: R, limit: usize) -> StreamLines<R> {
        StreamLines {
            reader,
            buf: Vec::new(),
            filled: 0,
            start: 0,
            limit: limit.min(usize::MAX - CHUNK - 1),
            number: 0,
            offset: 0,
            ready: None,
            consumed: false,
            eof: false,
            error: None,
            newlines: 0,
            end_column: 1,
            probe: None,
            ending: b'\n',
            started: false,
        }
    }

    /// Reads the start of the input: enough to skip a byte-order mark and to know the line
    /// ending as [`line_ending`] does over a slice (a line feed, the window whole, or the end of
    /// the input).
    fn begin(&mut self) {
        self.started = true;
        let wanted = BOM.len() + ENDING_WINDOW;
        while self.filled < wanted && memchr::memchr(b'\n', &self.buf[..self.filled]).is_none() {
            if !self.refill(self.filled) {
                break;
            }
        }
        let head = &self.buf[..self.filled];
        if head.starts_with(BOM) {
            self.start = BOM.len();
            self.offset = BOM.len();
        }
        self.ending = line_ending(&self.buf[self.start..self.filled]);
    }

    /// Sets `probe`, which tells [`LineSource::would_block`] whether the reader has more input
    /// at hand now (without it, a stream whose buffer holds no whole line would block).
    pub fn set_probe(&mut self, probe: impl FnMut() -> bool + 'static) {
        self.probe = Some(Box::new(probe));
    }

    /// The I/O error that ended the input early, if any (taken: a second call gives `None`).
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    /// Reads more input after `buf[..keep]` (the start of the line being scanned, moved to the
    /// front of the buffer). False at the end of the input or on an error.
    fn refill(&mut self, keep: usize) -> bool {
        self.buf.copy_within(self.start..self.start + keep, 0);
        self.start = 0;
        self.filled = keep;
        if self.eof {
            return false;
        }
        let wanted = keep + CHUNK;
        if self.buf.len() < wanted {
            let grown = wanted.max(self.buf.len().saturating_mul(2));
            let more = grown - self.buf.len();
            if let Err(e) =
                crate::memory::try_reserve_exact(&mut self.buf, more, "a line of the input")
            {
                self.error = Some(io::Error::new(io::ErrorKind::OutOfMemory, e.to_string()));
                self.eof = true;
                return false;
            }
            self.buf.resize(grown, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.filled..]) {
                Ok(0) => {
                    self.eof = true;
                    return false;
                }
                Ok(n) => {
                    self.filled += n;
                    return true;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.error = Some(e);
                    self.eof = true;
                    return false;
                }
            }
        }
    }

    /// Drops the line handed out by `next_line`.
    fn consume(&mut self) {
        self.consumed = false;
        let Some(line) = self.ready.take() else { return };
        if line.end == End::TooLong {
            // A cut line ends the lines (see `Line`); its end column is as far as it was read.
            let kept = &self.buf[self.start..self.start + line.text_len];
            let dropped = line.raw_len - kept.len();
            self.end_column = column_of(kept, kept.len()).saturating_add(dropped);
            self.eof = true;
            self.number += 1;
            self.offset += line.raw_len;
            self.start = self.filled;
            return;
        }
        self.number += 1;
        self.offset += line.raw_len;
        self.start = line.next;
        match line.end {
            End::Newline => {
                self.offset += 1;
                self.newlines += 1;
                self.end_column = 1;
            }
            End::Input | End::TooLong => {}
        }
    }

    /// Scans the next line into `ready`; false at the end of the input.
    fn scan(&mut self) -> bool {
        if !self.started {
            self.begin();
        }
        if self.consumed {
            self.consume();
        }
        if self.ready.is_some() {
            return true;
        }
        // The line's first `keep` bytes are kept; after them, blanks are dropped until the line
        // ending, and any other byte makes the line too long.
        let keep = self.limit + 1;
        let mut kept = 0;
        let mut dropped = 0;
        let mut scan = self.start;
        loop {
            if kept < keep {
                let window_end = self.filled.min(self.start + keep);
                if let Some(i) = memchr::memchr(self.ending, &self.buf[scan..window_end]) {
                    let raw_len = kept + i;
                    let text_len = trimmed_len(&self.buf[self.start..self.start + raw_len]);
                    let next = scan + i + 1;
                    self.ready = Some(Ready { text_len, raw_len, next, end: End::Newline });
                    return true;
                }
                kept = window_end - self.start;
                scan = window_end;
                if kept == keep && !is_trailing_blank(self.buf[self.start + self.limit]) {
                    self.ready = Some(Ready {
                        text_len: keep,
                        raw_len: kept,
                        next: scan,
                        end: End::TooLong,
                    });
                    return true;
                }
            }
            if kept == keep {
                while scan < self.filled {
                    match self.buf[scan] {
                        b if b == self.ending => {
                            let text_len = trimmed_len(&self.buf[self.start..self.start + kept]);
                            let (raw_len, next) = (kept + dropped, scan + 1);
                            self.ready = Some(Ready { text_len, raw_len, next, end: End::Newline });
                            return true;
                        }
                        b if is_trailing_blank(b) => {
                            scan += 1;
                            dropped += 1;
                        }
                        _ => {
                            let raw_len = kept + dropped;
                            self.ready = Some(Ready {
                                text_len: keep,
                                raw_len,
                                next: scan,
                                end: End::TooLong,
                            });
                            return true;
                        }
                    }
                }
            }
            if scan < self.filled {
                continue;
            }
            if !self.refill(kept) {
                if kept + dropped == 0 {
                    return false;
                }
                let line = &self.buf[..kept];
                self.end_column = column_of(line, kept).saturating_add(dropped);
                let text_len = trimmed_len(line);
                let raw_len = kept + dropped;
                self.ready = Some(Ready { text_len, raw_len, next: kept, end: End::Input });
                return true;
            }
            scan = self.start + kept;
        }
    }

    /// The scanned line as a [`Line`].
    fn line(&self) -> Line<'_> {
        let ready = self.ready.expect("a scanned line");
        let text = &self.buf[self.start..self.start + ready.text_len];
        Line { number: self.number + 1, offset: self.offset, text }
    }
}

impl<R: Read> LineSource for StreamLines<R> {
    fn next_line(&mut self) -> Option<Line<'_>> {
        if !self.scan() {
            return None;
        }
        self.consumed = true;
        Some(self.line())
    }

    fn peek_line(&mut self) -> Option<Line<'_>> {
        if !self.scan() {
            return None;
        }
        Some(self.line())
    }

    fn unread(&mut self) {
        debug_assert!(self.consumed, "unread right after next_line");
        self.consumed = false;
    }

    fn end_position(&mut self) -> Position {
        Position { line: self.newlines + 1, column: self.end_column }
    }

    fn offset(&self) -> usize {
        match self.ready {
            Some(ready) if self.consumed => {
                self.offset + ready.raw_len + usize::from(ready.end == End::Newline)
            }
            _ => self.offset,
        }
    }

    fn line_limit(&self) -> usize {
        self.limit
    }

    fn set_line_limit(&mut self, limit: usize) {
        debug_assert!(self.number == 0 && self.ready.is_none(), "set before reading");
        self.limit = limit.min(usize::MAX - CHUNK - 1);
    }

    fn would_block(&mut self) -> bool {
        if self.consumed {
            self.consume();
        }
        if self.eof {
            return false;
        }
        // A record (a level, a board) takes several lines: a whole line at hand says nothing
        // about the ones after it unless plenty more is buffered, so the probe is asked then.
        let plenty = self.started
            && self.filled - self.start >= NEAR_END
            && (self.ready.is_some()
                || memchr::memchr(self.ending, &self.buf[self.start..self.filled]).is_some());
        !plenty && self.probe.as_mut().is_none_or(|available| !available())
    }
}

impl<R> fmt::Debug for StreamLines<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("StreamLines")
            .field("number", &self.number)
            .field("offset", &self.offset)
            .field("limit", &self.limit)
            .field("buffered", &(self.filled - self.start))
            .field("eof", &self.eof)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Lines;

    /// A reader that hands out at most `step` bytes a call.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.bytes.len().min(self.step).min(out.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// Every line of `bytes` with `limit` from both sources, peeking before each line, and
    /// the offsets and end positions.
    fn same_lines(bytes: &[u8], limit: usize, step: usize) {
        let shown = bytes[..bytes.len().min(40)].escape_ascii().to_string();
        let bytes_name = format!("{shown}... ({} bytes)", bytes.len());
        let mut slice = Lines::with_limit(bytes, limit);
        let mut stream = StreamLines::new(Trickle { bytes, step }, limit);
        let mut last_cut = false;
        loop {
            let peeked = stream.peek_line().map(|l| (l.number, l.offset, l.text.to_vec()));
            assert_eq!(peeked, slice.peek().map(|l| (l.number, l.offset, l.text.to_vec())));
            let got = stream.next_line().map(|l| (l.number, l.offset, l.text.to_vec()));
            let want = slice.next().map(|l| (l.number, l.offset, l.text.to_vec()));
            assert_eq!(got, want, "{bytes_name} limit {limit} step {step}");
            let Some((_, _, text)) = want else { break };
            last_cut = text.len() > limit;
            // A cut line ends both; the slice skips to its end, the stream stops reading.
            if !last_cut {
                assert_eq!(LineSource::offset(&stream), slice.offset(), "{bytes_name}");
            }
        }
        // After a cut line the end positions may differ (see `LineSource::end_position`).
        let end = slice.end_position();
        if !last_cut {
            assert_eq!(LineSource::end_position(&mut stream), end, "{bytes_name}");
        }
    }

    #[test]
    fn a_stream_gives_the_lines_of_the_slice() {
        let cases: &[&[u8]] = &[
            b"",
            b"\n",
            b"ab",
            b"ab \r\n\ncd",
            b"bwwb\nbbwb\r\n\n\nbwww  \t",
            b"  \n\t\n",
            b"abcdefgh\nabcdefghij   \nab      \n          x\n",
            b"abcdefghijklmnop",
            b"x         ",
            b"\xff\xfe\n\xe9\n",
            b"\xEF\xBB\xBF2 2\nXO\n..\n",
            b"\xEF\xBB\xBF",
            b"\xEF\xBB",
            b"\xEF\xBB\xBFab",
            b"1 2\rXO\r\r0 0\r",
            b"ab \rcd\t\r x",
            b"\xEF\xBB\xBF\rab\r",
            b"a\rb\nc\r\n",
        ];
        for bytes in cases {
            for limit in [0, 1, 3, 8, 100] {
                for step in [1, 2, 5, 1000] {
                    same_lines(bytes, limit, step);
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_give_the_same_lines(
            bytes in proptest::collection::vec(proptest::sample::select(
                vec![b'a', b'b', b' ', b'\t', b'\r', b'\n', b'\n', 0xC3, 0xA9, 0xFF, 0x0C]), 0..200),
            limit in 0usize..12,
            step in 1usize..20,
        ) {
            same_lines(&bytes, limit, step);
        }
    }

    #[test]
    fn a_long_line_is_cut_at_once_and_ends_the_lines() {
        // An endless line: the cut line comes out without waiting for its end, and is the last.
        let mut stream = StreamLines::new(io::repeat(b'b'), 10);
        let line = stream.next_line().unwrap();
        assert_eq!((line.number, line.text.len()), (1, 11));
        assert!(stream.next_line().is_none());
        let bytes = [b"bw\n".to_vec(), vec![b'x'; 300_000], b"\nwb\n".to_vec()].concat();
        same_lines(&bytes, 10, 7000);
        let mut stream = StreamLines::new(&bytes[..], 10);
        let texts: Vec<usize> =
            std::iter::from_fn(|| stream.next_line().map(|l| l.text.len())).collect();
        assert_eq!(texts, [2, 11]);
        assert!(stream.buf.len() <= 2 * (11 + CHUNK), "the buffer grew to {}", stream.buf.len());
    }

    #[test]
    fn blank_tails_past_the_limit_are_dropped_not_kept() {
        let bytes = [b"bw".to_vec(), vec![b' '; 500_000], b"\nwb".to_vec()].concat();
        same_lines(&bytes, 4, 9000);
        let mut stream = StreamLines::new(&bytes[..], 4);
        assert_eq!(stream.next_line().unwrap().text, b"bw");
        assert!(stream.buf.len() <= 2 * (5 + CHUNK));
    }

    #[test]
    fn a_read_error_ends_the_lines_and_is_kept() {
        struct Failing;
        impl Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("disk on fire"))
            }
        }
        let mut stream = StreamLines::new(io::Read::chain(&b"ab\ncd"[..], Failing), 100);
        let texts: Vec<Vec<u8>> =
            std::iter::from_fn(|| stream.next_line().map(|l| l.text.to_vec())).collect();
        assert_eq!(texts, [b"ab".to_vec(), b"cd".to_vec()]);
        assert_eq!(stream.take_error().unwrap().to_string(), "disk on fire");
        assert!(stream.take_error().is_none());
    }

    #[test]
    fn would_block_asks_the_probe_with_little_buffered_even_with_a_whole_line() {
        use std::cell::Cell;
        use std::rc::Rc;
        // A writer that sent one level and the next header, then paused: "1 3" is a whole line,
        // but the level it starts is not at hand.
        let asked = Rc::new(Cell::new(0));
        let mut stream = StreamLines::new(&b"1 3\nXXO\n1 3\n"[..], 100);
        let count = Rc::clone(&asked);
        stream.set_probe(move || {
            count.set(count.get() + 1);
            false
        });
        stream.next_line();
        stream.next_line();
        assert!(stream.would_block(), "the next level's header alone is at hand");
        assert_eq!(asked.get(), 1);
        // With plenty buffered past the reader's place, the probe is not asked.
        let many = b"1 3\nXXO\n".repeat(NEAR_END);
        let mut stream = StreamLines::new(&many[..], 100);
        let count = Rc::clone(&asked);
        stream.set_probe(move || {
            count.set(count.get() + 1);
            false
        });
        stream.next_line();
        assert!(!stream.would_block());
        assert_eq!(asked.get(), 1, "not asked again");
    }

    #[test]
    fn would_block_asks_the_probe_until_the_input_has_ended() {
        let mut stream = StreamLines::new(&b"ab\ncd"[..], 100);
        stream.set_probe(|| false);
        assert!(stream.would_block(), "nothing read yet, and nothing at hand");
        stream.next_line();
        assert!(stream.would_block(), "\"cd\" may go on: the reader has not said it ended");
        stream.peek_line();
        assert!(!stream.would_block(), "\"cd\" is at hand once the input has ended");
        stream.next_line();
        assert!(stream.next_line().is_none());
        assert!(!stream.would_block(), "the end of the input never blocks");
    }
}

#[cfg(test)]
mod example {
    use super::StreamLines;
    use crate::text::{LineSource, Lines};

    #[test]
    fn a_stream_gives_the_lines_of_the_same_bytes_as_a_slice() {
        let bytes = b"ab \\r\\n\\ncd";
        let mut stream = StreamLines::new(&bytes[..], 100);
        let mut slice = Lines::with_limit(bytes, 100);
        while let Some(line) = stream.next_line() {
            assert_eq!(Some(line), slice.next());
        }
        assert_eq!(LineSource::end_position(&mut stream), slice.end_position());
    }
}
