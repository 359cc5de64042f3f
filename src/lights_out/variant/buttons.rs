//! [`Buttons`]: a toggle set for every button, read from a buttons file ([`Buttons::parse`]) or
//! from a game ID of Simon Tatham's Flip ([`Buttons::tatham`]), and [`ButtonsError`], their
//! positioned errors.

use std::fmt;

use crate::lights_out::board::colours::Board;
use crate::lights_out::size::BoardSize;
use crate::text::describe_at;

/// The cells each button of an `R x C` board toggles, when the buttons do not all toggle one
/// pattern (a [`TogglePattern`](crate::lights_out::TogglePattern) around the press).
///
/// Buttons and cells are both row-major indices `row * C + col`: button `b` is the one on cell
/// `b`. A button with no cell is one that cannot be pressed. Each button's cells are kept
/// ascending, each once; a press advances each by one colour modulo `K`.
///
/// A [`Variant`](crate::lights_out::Variant) takes them with
/// [`VariantBuilder::buttons`](crate::lights_out::VariantBuilder::buttons) in place of the
/// pattern (and without wrap-around).
///
/// ```
/// use flipblox::lights_out::{BoardSize, Buttons};
/// // A 1x3 board: the left button toggles itself and the right cell, the middle one nothing,
/// // the right one all three.
/// let buttons = Buttons::parse("1,1 1,3\n\n1,1 1,2 1,3\n", BoardSize::new(1, 3)?)?;
/// assert_eq!(buttons.toggled(0), &[0, 2]);
/// assert!(buttons.toggled(1).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Buttons {
    size: BoardSize,
    /// `starts[b] .. starts[b + 1]` index `cells`.
    starts: Vec<usize>,
    /// Per button, the cells it toggles, ascending.
    cells: Vec<u32>,
}

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
    fn at(text: &[u8], line: usize, line_start: usize, index: usize, reason: String) -> Self {
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
    /// be left out unless the line is empty), each listing the cells the button toggles as `ROW,COL` pairs, 1-based, separated
    /// by spaces or tabs. An empty (or blank) line is a button that cannot be pressed.
    ///
    /// # Errors
    ///
    /// A [`ButtonsError`] at the first fault: a character where a row or column number, the
    /// `,` or a separator is expected, a number with more than nine digits, a cell off the
    /// board, a cell listed twice on one line, or another number of lines than `R * C`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Buttons, ButtonsError> {
        let bytes = text.as_bytes();
        let n = size.cells();
        let mut buttons = Buttons { size, starts: vec![0], cells: Vec::new() };
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
            buttons.read_line(bytes, line, line_start, stop)?;
            line_start = end + 1;
        }
        if line < n {
            let reason =
                format!("expected {n} lines, one per button of the {size} board, found {line}");
            let column = 1;
            return Err(ButtonsError { line: line + 1, column, reason });
        }
        Ok(buttons)
    }

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

    /// The puzzle of a game ID of Simon Tatham's Flip (the string its program shows as "Game
    /// ID"): its buttons and its board, whose goal is every light off (colour 0, white).
    ///
    /// The ID is `W[xH][c|r]:MATRIX,GRID`: the width `W` (columns) and height `H` (rows, `W`
    /// when omitted), optionally the matrix type (`c` crosses, `r` random: it does not change the
    /// reading, the matrix is written out either way), then two hexadecimal bitmaps, each digit
    /// four bits, most significant first, padded to whole digits. `MATRIX` has `(W*H)^2` bits:
    /// bit `i * W*H + j` set when pressing cell `i` toggles cell `j` (cells row-major). `GRID` has
    /// `W*H` bits, bit `j` set when light `j` is on (colour 1, black). Digits may be upper or
    /// lower case; padding bits are ignored, as Tatham's program ignores them.
    ///
    /// Source: the format is that of `flip.c` in Simon Tatham's Portable Puzzle Collection
    /// (`decode_params`, `validate_desc`, `new_game`).
    ///
    /// # Errors
    ///
    /// A [`ButtonsError`] on line 1 at the column of the first fault: a missing or zero width
    /// or height, a side over [`BoardSize::MAX_SIDE`] or a board over 4,096 cells (its matrix
    /// would be over 4 MiB of text), a missing `:` or `,`, a character that is not a
    /// hexadecimal digit, a bitmap of the wrong length, or anything after the grid.
    ///
    /// ```
    /// use flipblox::lights_out::Buttons;
    /// // 2x1, crosses: both buttons toggle both cells (bits 1111); the left light is on.
    /// let (buttons, board) = Buttons::tatham("2x1:f,8")?;
    /// assert_eq!(buttons.toggled(1), &[0, 1]);
    /// assert_eq!(board.cells(), &[1, 0]);
    /// # Ok::<(), flipblox::lights_out::ButtonsError>(())
    /// ```
    pub fn tatham(id: &str) -> Result<(Buttons, Board), ButtonsError> {
        const MAX_CELLS: usize = 4096;
        let bytes = id.as_bytes();
        let error = |i: usize, reason: String| ButtonsError::at(bytes, 1, 0, i, reason);
        let found = |i: usize| {
            if i < bytes.len() { describe_at(bytes, i) } else { "the end".to_string() }
        };
        let side = |i: usize, what: &str| -> Result<(usize, usize), ButtonsError> {
            match number(bytes, i, bytes.len()) {
                Some((0, _)) => Err(error(i, format!("expected a {what} of at least 1, found 0"))),
                Some((v, next)) => Ok((v, next)),
                None => Err(error(i, format!("expected the {what}, found {}", found(i)))),
            }
        };
        let (width, mut i) = side(0, "width")?;
        let mut height = width;
        if bytes.get(i) == Some(&b'x') {
            (height, i) = side(i + 1, "height")?;
        }
        if matches!(bytes.get(i), Some(b'c' | b'r')) {
            i += 1;
        }
        let size = BoardSize::new(height, width)
            .ok()
            .filter(|s| s.cells() <= MAX_CELLS)
            .ok_or_else(|| {
                error(
                    0,
                    format!(
                        "expected a board of at most {MAX_CELLS} cells and sides of at most {}, \
                         found {width}x{height} (width x height)",
                        BoardSize::MAX_SIDE
                    ),
                )
            })?;
        if bytes.get(i) != Some(&b':') {
            return Err(error(i, format!("expected ':' after the size, found {}", found(i))));
        }
        i += 1;
        let n = size.cells();
        let (matrix, next) = hex_bits(bytes, i, n * n, "matrix").map_err(|(at, r)| error(at, r))?;
        i = next;
        if bytes.get(i) != Some(&b',') {
            return Err(error(i, format!("expected ',' after the matrix, found {}", found(i))));
        }
        let (grid, next) = hex_bits(bytes, i + 1, n, "grid").map_err(|(at, r)| error(at, r))?;
        if next < bytes.len() {
            return Err(error(
                next,
                format!("expected the end after the grid, found {}", found(next)),
            ));
        }
        let mut buttons = Buttons { size, starts: vec![0], cells: Vec::new() };
        for row in matrix.chunks_exact(n) {
            buttons.cells.extend((0..n as u32).filter(|&j| row[j as usize] == 1));
            buttons.starts.push(buttons.cells.len());
        }
        Ok((buttons, Board::from_cells(size.rows(), size.cols(), grid)))
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The cells button `button` toggles (row-major indices, ascending); empty for a button that
    /// cannot be pressed.
    ///
    /// # Panics
    ///
    /// If `button` is not below `R * C`.
    pub fn toggled(&self, button: usize) -> &[u32] {
        &self.cells[self.starts[button]..self.starts[button + 1]]
    }

    /// The buttons as a file [`Buttons::parse`] reads: one line per button.
    #[cfg(test)]
    pub(crate) fn to_text(&self) -> String {
        let cols = self.size.cols();
        let mut out = String::new();
        for b in 0..self.size.cells() {
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

impl fmt::Display for Buttons {
    /// `buttons` and the number of cells toggled in all, e.g. `buttons (45 toggles)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "buttons ({} toggles)", self.cells.len())
    }
}

/// The decimal number at `bytes[i..stop]` and the index after it: `None` when there is no digit
/// or more than [`MAX_DIGITS`].
fn number(bytes: &[u8], i: usize, stop: usize) -> Option<(usize, usize)> {
    let digits = bytes[i.min(stop)..stop].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > MAX_DIGITS {
        return None;
    }
    let value = bytes[i..i + digits].iter().fold(0, |v, &b| v * 10 + usize::from(b - b'0'));
    Some((value, i + digits))
}

/// The `bits` bits of the hexadecimal bitmap at `bytes[i..]` (`(bits + 3) / 4` digits), one byte
/// each, and the index after it; or the index and reason of the fault.
fn hex_bits(
    bytes: &[u8],
    i: usize,
    bits: usize,
    what: &str,
) -> Result<(Vec<u8>, usize), (usize, String)> {
    let digits = bits.div_ceil(4);
    let run = bytes[i.min(bytes.len())..].iter().take_while(|b| b.is_ascii_hexdigit()).count();
    if run != digits {
        let at = i + run.min(digits);
        let found = match bytes.get(at) {
            Some(_) if run > digits => "more".to_string(),
            Some(_) => format!("{run}, then {}", describe_at(bytes, at)),
            None => format!("{run}"),
        };
        return Err((
            at,
            format!("expected {digits} hexadecimal digits of the {what}, found {found}"),
        ));
    }
    let mut out = Vec::with_capacity(digits * 4);
    for &b in &bytes[i..i + digits] {
        let v = char::from(b).to_digit(16).expect("a hexadecimal digit") as u8;
        out.extend((0..4).map(|j| (v >> (3 - j)) & 1));
    }
    out.truncate(bits);
    Ok((out, i + digits))
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

    #[test]
    fn tatham_ids_read_the_matrix_and_the_grid() {
        // 1x2 (W=1, H=2), random-looking: button 0 toggles cell 1, button 1 toggles both.
        // Matrix bits 01 11 -> 0111 = 7; grid bits 10 -> 1000 = 8.
        let (b, board) = Buttons::tatham("1x2r:7,8").unwrap();
        assert_eq!((b.size(), b.toggled(0), b.toggled(1)), (size(2, 1), &[1][..], &[0, 1][..]));
        assert_eq!(board.cells(), &[1, 0]);
        // A square size by its width alone; upper-case digits; padding bits ignored.
        let (b, board) = Buttons::tatham("1:F,F").unwrap();
        assert_eq!((b.toggled(0), board.cells()), (&[0][..], &[1][..]));
    }

    #[test]
    fn bad_tatham_ids_name_the_column() {
        let cases = [
            ("", "1:1: expected the width, found the end"),
            ("0x2:0,0", "1:1: expected a width of at least 1, found 0"),
            ("2x:0,0", "1:3: expected the height, found ':'"),
            ("2x1", "1:4: expected ':' after the size, found the end"),
            ("2x1:", "1:5: expected 1 hexadecimal digits of the matrix, found 0"),
            ("2x1:fg,8", "1:6: expected ',' after the matrix, found 'g'"),
            ("2x1:f8", "1:6: expected 1 hexadecimal digits of the matrix, found more"),
            ("2x1:f;8", "1:6: expected ',' after the matrix, found ';'"),
            ("2x1:f,", "1:7: expected 1 hexadecimal digits of the grid, found 0"),
            ("2x1:f,8 ", "1:8: expected the end after the grid, found ' '"),
            ("2x1:f,z", "1:7: expected 1 hexadecimal digits of the grid, found 0, then 'z'"),
            (
                "65x65:0,0",
                "1:1: expected a board of at most 4096 cells and sides of at most 1024, found \
                 65x65 (width x height)",
            ),
        ];
        for (id, want) in cases {
            assert_eq!(Buttons::tatham(id).unwrap_err().to_string(), want, "{id:?}");
        }
    }
}
