//! Boards after size lines, `ROWS COLS [K]` (HDU 1882, bzoj 4171), each board of its own size
//! and `0 0` the end; and the count line some judges put first.

use super::error::{BoardError, BoardErrorKind};
use super::reader::{BoardReader, Sizes, read_board};
use super::row::{is_blank, read_row, trim_start};
use crate::lights_out::board::colours::Board;
use crate::lights_out::size::BoardSize;
use crate::text::{LineSource, Position};

impl<S: LineSource> BoardReader<S> {
    /// Reads a size line and the board after it.
    pub(super) fn read_after_size_line(
        &mut self,
        board: &mut Board,
    ) -> Option<Result<(), BoardError>> {
        let line = self.skip_blank_lines()?;
        let position = line.position(0);
        // Where bzoj 4171's third number, `K`, starts (the line's start when there is none).
        let third = line
            .text
            .iter()
            .enumerate()
            .filter(|&(i, &b)| !is_blank(b) && (i == 0 || is_blank(line.text[i - 1])))
            .nth(2)
            .map_or(0, |(i, _)| i);
        let unpressable_at = line.position(third);
        let header = size_line(line.text);
        let found = crate::text::quote(line.text).to_string();
        self.lines.next_line();
        let Some((rows, cols, unpressable)) = header else {
            // Skip to the next size line.
            while self.lines.peek_line().is_some_and(|line| size_line(line.text).is_none()) {
                self.lines.next_line();
            }
            return Some(Err(self.fail(position, BoardErrorKind::SizeLine { found })));
        };
        if (rows, cols) == (0, 0) {
            self.sizes = Sizes::Ended;
            return None;
        }
        let size = usize::try_from(rows)
            .ok()
            .zip(usize::try_from(cols).ok())
            .and_then(|(r, c)| BoardSize::new(r, c).ok());
        let Some(size) = size else {
            while self.lines.peek_line().is_some_and(|line| size_line(line.text).is_none()) {
                self.lines.next_line();
            }
            return Some(Err(self.fail(position, BoardErrorKind::SizeLine { found })));
        };
        (self.rows, self.cols) = (size.rows(), size.cols());
        board.reshape(self.rows, self.cols);
        let (cols, limit) = (self.cols, self.lines.line_limit());
        let (alphabet, wb) = (&self.alphabet, self.wb);
        let cells = board.cells_mut();
        let read = read_board(
            &mut self.lines,
            self.rows,
            &mut self.boards,
            &mut self.start,
            |line, row| {
                let out = &mut cells[row * cols..(row + 1) * cols];
                read_row(line, limit, alphabet, wb, out)
            },
        );
        let Some(read) = read else {
            // The size line was the last line.
            let end = self.lines.end_position();
            let kind =
                BoardErrorKind::CutOff { expected: self.rows, found: 0, at_end_of_input: true };
            return Some(Err(self.fail(end, kind)));
        };
        if unpressable == 0 {
            return Some(read);
        }
        // bzoj 4171's cells that cannot be pressed: K lines after the board, skipped.
        for _ in 0..unpressable {
            if self.skip_blank_lines().is_none() {
                break;
            }
            self.lines.next_line();
        }
        Some(read.and(Err(BoardError {
            board: self.boards,
            position: unpressable_at,
            kind: BoardErrorKind::UnpressableCells { count: unpressable },
        })))
    }

    /// Reads a leading line that holds only a board count (digits), the layout of several
    /// judges, and returns the count and where it is; `None` (and nothing read) when the first
    /// non-blank line is not such a line, or once a board was read. A line whose digits are all
    /// symbols of the alphabet (`11111` with the symbols `01`) is a row, never a count.
    pub fn read_count_line(&mut self) -> Option<(u64, Position)> {
        if self.boards > 0 {
            return None;
        }
        while self.lines.peek_line().is_some_and(|line| line.is_blank()) {
            self.lines.next_line();
        }
        let line = self.lines.peek_line()?;
        let text = trim_start(line.text);
        if text.is_empty()
            || !text.iter().all(u8::is_ascii_digit)
            || text.iter().all(|&b| self.alphabet.colour_of(b).is_some())
        {
            return None;
        }
        let count = std::str::from_utf8(text).ok()?.parse::<u64>().ok()?;
        let position = line.position(0);
        self.lines.next_line();
        Some((count, position))
    }
}

/// A size line: two or three decimal numbers separated by spaces or tabs, `ROWS COLS [K]`
/// (a number too large for `u64` is `u64::MAX`, which no size accepts).
pub(super) fn size_line(text: &[u8]) -> Option<(u64, u64, u64)> {
    let mut numbers = [0u64; 3];
    let mut count = 0;
    for word in text.split(|&b| is_blank(b)).filter(|w| !w.is_empty()) {
        if count == 3 || !word.iter().all(u8::is_ascii_digit) {
            return None;
        }
        numbers[count] = word
            .iter()
            .try_fold(0u64, |n, &d| n.checked_mul(10)?.checked_add(u64::from(d - b'0')))
            .unwrap_or(u64::MAX);
        count += 1;
    }
    (count >= 2).then_some((numbers[0], numbers[1], numbers[2]))
}
