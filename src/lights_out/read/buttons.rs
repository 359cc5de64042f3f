//! The buttons file ([`Buttons::parse`]): one line per button listing the cells it toggles, and
//! [`ButtonsError`], the positioned error of it and of a Tatham game ID (`tatham.rs`).

use crate::lights_out::size::BoardSize;
use crate::lights_out::variant::buttons::Buttons;
use crate::text::describe_at;

/// Why a buttons file ([`Buttons::parse`]) or a Tatham game ID ([`Buttons::tatham`]) was
/// refused: where (1-based line and column; a game ID is line 1) and what was expected.
///
/// Displayed as `LINE:COLUMN: REASON`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {reason}")]
pub struct ButtonsError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    reason: String,
}

impl ButtonsError {
    pub(super) fn at(
        text: &[u8],
        line: usize,
        line_start: usize,
        index: usize,
        reason: String,
    ) -> Self {
        let column = crate::text::column_of(&text[line_start..], index - line_start);
        ButtonsError { line, column, reason }
    }

    /// What was expected and what was found, without the position.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

/// The longest row or column number read (more digits are refused before any overflow).
const MAX_DIGITS: usize = 9;

impl Buttons {
    /// The buttons of a buttons file for a board of `size`: one line per button, in row-major
    /// order of the cells (`R * C` lines, each ended by `\n` or `\r\n`; the last one's ending may
    /// be left out unless the line is empty), each listing the cells the button toggles as
    /// `ROW,COL` pairs, 1-based, separated by spaces or tabs. An empty (or blank) line is a
    /// button that cannot be pressed.
    ///
    /// # Errors
    ///
    /// A [`ButtonsError`] at the first fault: a character where a row or column number, the
    /// `,` or a separator is expected, a number with more than nine digits, a cell off the
    /// board, a cell listed twice on one line, or another number of lines than `R * C`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Buttons, ButtonsError> {
        let bytes = text.as_bytes();
        let n = size.cells();
        let mut parts = Parts { size, starts: vec![0], cells: Vec::new() };
        let mut line_start = 0;
        let mut line = 0;
        while line_start < bytes.len() {
            line += 1;
            let end = bytes[line_start..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |p| line_start + p);
            let mut stop = end;
            if stop > line_start && bytes[stop - 1] == b'\r' {
                stop -= 1;
            }
            if line > n {
                let reason =
                    format!("expected {n} lines, one per button of the {size} board, found more");
                return Err(ButtonsError::at(bytes, line, line_start, line_start, reason));
            }
            parts.read_line(bytes, line, line_start, stop)?;
            line_start = end + 1;
        }
        if line < n {
            let reason =
                format!("expected {n} lines, one per button of the {size} board, found {line}");
            let column = 1;
            return Err(ButtonsError { line: line + 1, column, reason });
        }
        Ok(Buttons::from_parts(size, parts.starts, parts.cells))
    }
}

/// The toggle sets read so far (see [`Buttons::from_parts`]).
struct Parts {
    size: BoardSize,
    starts: Vec<usize>,
    cells: Vec<u32>,
}

impl Parts {
    /// Reads the cells of one button: `bytes[start..stop]` is line `line`.
    fn read_line(
        &mut self,
        bytes: &[u8],
        line: usize,
        start: usize,
        stop: usize,
    ) -> Result<(), ButtonsError> {
        let (rows, cols) = (self.size.rows(), self.size.cols());
        let first = self.cells.len();
        let error = |i: usize, reason: String| ButtonsError::at(bytes, line, start, i, reason);
        let found =
            |i: usize| if i < stop { describe_at(bytes, i) } else { "the line's end".into() };
        let mut i = start;
        loop {
            while i < stop && matches!(bytes[i], b' ' | b'\t') {
                i += 1;
            }
            if i >= stop {
                break;
            }
            let pair = i;
            let (row, next) = number(bytes, i, stop)
                .ok_or_else(|| error(i, format!("expected a row number, found {}", found(i))))?;
            i = next;
            if i >= stop || bytes[i] != b',' {
                return Err(error(i, format!("expected ',' after the row, found {}", found(i))));
            }
            i += 1;
            let (col, next) = number(bytes, i, stop)
                .ok_or_else(|| error(i, format!("expected a column number, found {}", found(i))))?;
            i = next;
            if i < stop && !matches!(bytes[i], b' ' | b'\t') {
                let reason = format!("expected a space between cells, found {}", found(i));
                return Err(error(i, reason));
            }
            if !(1..=rows).contains(&row) || !(1..=cols).contains(&col) {
                let reason = format!(
                    "cell {row},{col} is off the {} board (rows 1 to {rows}, columns 1 to \
                     {cols})",
                    self.size
                );
                return Err(error(pair, reason));
            }
            let cell = ((row - 1) * cols + col - 1) as u32;
            if self.cells[first..].contains(&cell) {
                return Err(error(pair, format!("cell {row},{col} is listed twice")));
            }
            self.cells.push(cell);
        }
        self.cells[first..].sort_unstable();
        self.starts.push(self.cells.len());
        Ok(())
    }
}

#[cfg(test)]
impl Buttons {
    /// The buttons as a file [`Buttons::parse`] reads: one line per button.
    pub(crate) fn to_text(&self) -> String {
        let cols = self.size().cols();
        let mut out = String::new();
        for b in 0..self.size().cells() {
            let line: Vec<String> = self
                .toggled(b)
                .iter()
                .map(|&c| format!("{},{}", c as usize / cols + 1, c as usize % cols + 1))
                .collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }
}

/// The decimal number at `bytes[i..stop]` and the index after it: `None` when there is no digit
/// or more than [`MAX_DIGITS`].
pub(super) fn number(bytes: &[u8], i: usize, stop: usize) -> Option<(usize, usize)> {
    let digits = bytes[i.min(stop)..stop].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > MAX_DIGITS {
        return None;
    }
    let value = bytes[i..i + digits].iter().fold(0, |v, &b| v * 10 + usize::from(b - b'0'));
    Some((value, i + digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(r: usize, c: usize) -> BoardSize {
        BoardSize::new(r, c).unwrap()
    }

    #[test]
    fn files_parse_and_print_back() {
        let b = Buttons::parse("1,2 1,1\r\n\n 2,1\t1,1 \n2,2", size(2, 2)).unwrap();
        assert_eq!(b.toggled(0), &[0, 1]);
        assert!(b.toggled(1).is_empty());
        assert_eq!(b.toggled(2), &[0, 2]);
        assert_eq!(b.to_text(), "1,1 1,2\n\n1,1 2,1\n2,2\n");
        assert_eq!(Buttons::parse(&b.to_text(), size(2, 2)).unwrap(), b);
    }

    #[test]
    fn bad_files_name_the_line_the_column_and_the_reason() {
        let cases = [
            ("1,1\n", "2:1: expected 2 lines, one per button of the 1x2 board, found 1"),
            (
                "1,1\n1,2\n1,1\n",
                "3:1: expected 2 lines, one per button of the 1x2 board, found more",
            ),
            ("1,1\n1,3", "2:1: cell 1,3 is off the 1x2 board (rows 1 to 1, columns 1 to 2)"),
            ("1,1\n 0,1", "2:2: cell 0,1 is off the 1x2 board (rows 1 to 1, columns 1 to 2)"),
            ("1,1 1,1\n", "1:5: cell 1,1 is listed twice"),
            ("1;1\n\n", "1:2: expected ',' after the row, found ';'"),
            ("1,\n\n", "1:3: expected a column number, found the line's end"),
            ("x\n\n", "1:1: expected a row number, found 'x'"),
            ("1,1,\n\n", "1:4: expected a space between cells, found ','"),
            ("1,1234567890\n\n", "1:3: expected a column number, found '1'"),
            ("é\n\n", "1:1: expected a row number, found 'é'"),
            ("", "1:1: expected 2 lines, one per button of the 1x2 board, found 0"),
        ];
        for (text, want) in cases {
            let got = Buttons::parse(text, size(1, 2)).unwrap_err().to_string();
            assert_eq!(got, want, "{text:?}");
        }
    }
}
