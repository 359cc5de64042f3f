//! The lines of a small text file the command line reads itself (a buttons file, an expect
//! file), a line at a time through a fixed buffer: a caller keeps at most a given number of
//! bytes of each line, so that an endless line (say from `/dev/zero`) or a long one costs no
//! more memory than that, and is reported as soon as its kept bytes are read.
//!
//! This file uses only the standard library, so that the fuzz targets can build it too.

use std::io::{self, BufRead};

/// The UTF-8 byte-order mark, skipped at the start of the input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One line as kept: its 1-based number, and its first bytes (without its line ending and a
/// carriage return before it).
#[derive(Debug)]
pub struct Kept<'a> {
    /// The line's number, from 1.
    pub number: usize,
    /// The bytes kept: the whole line, or its first `keep + 1` bytes when it is longer than
    /// `keep` (see [`Scanner::next_line`]); the same whatever pieces the reader hands it in.
    pub text: &'a [u8],
    /// True when `text` is the whole line.
    pub whole: bool,
}

/// The lines of a buffered reader (see the module docs).
pub struct Scanner<R> {
    reader: R,
    kept: Vec<u8>,
    number: usize,
    /// The last line was not read to its end: [`Scanner::next_line`] skips its rest first.
    partial: bool,
    started: bool,
    done: bool,
}

impl<R: BufRead> Scanner<R> {
    /// The lines of `reader`; a UTF-8 byte-order mark at its start is skipped.
    pub fn new(reader: R) -> Scanner<R> {
        Scanner { reader, kept: Vec::new(), number: 0, partial: false, started: false, done: false }
    }

    /// The next line, of which at most `keep + 1` bytes are read and kept: a longer line has
    /// `whole` false, and its rest is read (and dropped) only when the next line is asked for.
    /// `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Reading failed (an interrupted read is retried).
    pub fn next_line(&mut self, keep: usize) -> io::Result<Option<Kept<'_>>> {
        if self.partial {
            self.skip_rest()?;
        }
        self.kept.clear();
        if !self.started {
            // A byte-order mark, read a byte at a time (a pipe may hand it over in pieces); the
            // bytes of one begun and not finished start the first line.
            self.started = true;
            while self.kept.len() < BOM.len() {
                let buf = fill(&mut self.reader)?;
                if buf.first() != Some(&BOM[self.kept.len()]) {
                    break;
                }
                self.kept.push(buf[0]);
                self.reader.consume(1);
            }
            if self.kept == BOM {
                self.kept.clear();
            }
        }
        if self.done {
            return Ok(None);
        }
        // Up to `keep + 2` bytes are held: a line of `keep` bytes and its `\r` are whole.
        let mut any = !self.kept.is_empty();
        let whole = loop {
            let buf = fill(&mut self.reader)?;
            if buf.is_empty() {
                self.done = true;
                if !any {
                    return Ok(None);
                }
                if self.kept.last() == Some(&b'\r') {
                    self.kept.pop();
                }
                break self.kept.len() <= keep;
            }
            any = true;
            let room = (keep + 2).saturating_sub(self.kept.len());
            match memchr::memchr(b'\n', &buf[..buf.len().min(room + 1)]) {
                Some(i) => {
                    self.kept.extend_from_slice(&buf[..i]);
                    self.reader.consume(i + 1);
                    if self.kept.last() == Some(&b'\r') {
                        self.kept.pop();
                    }
                    break self.kept.len() <= keep;
                }
                None => {
                    let take = buf.len().min(room);
                    self.kept.extend_from_slice(&buf[..take]);
                    self.reader.consume(take);
                    if self.kept.len() >= keep + 2 {
                        self.kept.truncate(keep + 1);
                        self.partial = true;
                        break false;
                    }
                }
            }
        };
        self.number += 1;
        if !whole {
            self.kept.truncate(keep + 1);
        }
        Ok(Some(Kept { number: self.number, text: &self.kept, whole }))
    }

    /// Reads the rest of a line not kept whole, to its line ending.
    fn skip_rest(&mut self) -> io::Result<()> {
        self.partial = false;
        loop {
            let buf = fill(&mut self.reader)?;
            if buf.is_empty() {
                self.done = true;
                return Ok(());
            }
            match memchr::memchr(b'\n', buf) {
                Some(i) => {
                    self.reader.consume(i + 1);
                    return Ok(());
                }
                None => {
                    let n = buf.len();
                    self.reader.consume(n);
                }
            }
        }
    }
}

/// The reader's buffer, filled when empty; an interrupted read is retried.
fn fill<R: BufRead>(reader: &mut R) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    reader.fill_buf()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8], keep: usize) -> Vec<(usize, String, bool)> {
        let mut scanner = Scanner::new(io::BufReader::with_capacity(1 << 16, bytes));
        let mut out = Vec::new();
        while let Some(line) = scanner.next_line(keep).unwrap() {
            out.push((line.number, String::from_utf8_lossy(line.text).into_owned(), line.whole));
        }
        out
    }

    #[test]
    fn lines_are_kept_up_to_the_limit_and_the_rest_is_skipped() {
        let got = lines(b"\xEF\xBB\xBFab\r\n\ncdefgh\nij", 4);
        let want = [(1, "ab", true), (2, "", true), (3, "cdefg", false), (4, "ij", true)];
        let want: Vec<_> = want.iter().map(|&(n, t, w)| (n, t.to_string(), w)).collect();
        assert_eq!(got, want);
        assert_eq!(lines(b"abcd\n", 4), [(1, "abcd".to_string(), true)]);
        assert_eq!(lines(b"abcde", 4), [(1, "abcde".to_string(), false)]);
        assert!(lines(b"", 4).is_empty());
    }

    #[test]
    fn lines_are_the_same_whatever_pieces_the_reader_hands_over() {
        let inputs: [&[u8]; 6] = [
            b"\xEF\xBB\xBFab\r\n\ncdefgh\nij",
            b"\xEF\xBBx\nabcd\r\nabcde\r\nabcd\r",
            b"abcde\r\nabcdef\r\r\nx\r",
            b"\xEFabc",
            b"abcd\rx\nab",
            b"\r\n\r\r\n",
        ];
        for bytes in inputs {
            let whole = lines(bytes, 4);
            for capacity in 1..8 {
                let mut scanner = Scanner::new(io::BufReader::with_capacity(capacity, bytes));
                let mut got = Vec::new();
                while let Some(line) = scanner.next_line(4).unwrap() {
                    let text = String::from_utf8_lossy(line.text).into_owned();
                    got.push((line.number, text, line.whole));
                }
                assert_eq!(got, whole, "{bytes:?} in pieces of {capacity}");
            }
        }
        assert_eq!(lines(b"\xEF\xBBx", 4), [(1, "\u{FFFD}x".to_string(), true)]);
    }

    #[test]
    fn an_endless_line_is_handed_over_after_its_kept_bytes() {
        let mut scanner = Scanner::new(io::BufReader::new(io::repeat(0)));
        let line = scanner.next_line(40).unwrap().unwrap();
        assert_eq!((line.number, line.text.len(), line.whole), (1, 41, false));
    }
}
