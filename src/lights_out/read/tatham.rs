//! Game IDs of Simon Tatham's Flip ([`Buttons::tatham`]): the buttons and the board of a puzzle
//! in one string.

use super::buttons::{ButtonsError, number};
use crate::lights_out::board::colours::Board;
use crate::lights_out::size::BoardSize;
use crate::lights_out::variant::buttons::Buttons;
use crate::text::describe_at;

impl Buttons {
    /// The puzzle of a game ID of Simon Tatham's Flip (the string its program shows as "Game
    /// ID"): its buttons and its board, whose goal is every light off (colour 0, white).
    ///
    /// The ID is `W[xH][c|r]:MATRIX,GRID`: the width `W` (columns) and height `H` (rows, `W`
    /// when omitted), optionally the matrix type (`c` crosses, `r` random: it does not change the
    /// reading, the matrix is written out either way), then two hexadecimal bitmaps, each digit
    /// four bits, most significant first, padded to whole digits. `MATRIX` has `(W*H)^2` bits:
    /// bit `i * W*H + j` set when pressing cell `i` toggles cell `j` (cells row-major). `GRID` has
    /// `W*H` bits, bit `j` set when light `j` is on (colour 1, black). Digits may be upper or
    /// lower case; padding bits are ignored, as Tatham's program ignores them. A row of zeros in
    /// `MATRIX` is a button that toggles nothing and can still be pressed, as the game accepts
    /// the click: pressing it is another press set reaching the same board.
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
        let (mut starts, mut cells) = (vec![0], Vec::new());
        for row in matrix.chunks_exact(n) {
            cells.extend((0..n as u32).filter(|&j| row[j as usize] == 1));
            starts.push(cells.len());
        }
        // The game accepts a click on a button whose row of the matrix is zeros.
        let buttons = Buttons::from_parts(size, starts, cells).with_empty_pressable();
        Ok((buttons, Board::from_cells(size.rows(), size.cols(), grid)))
    }
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
    use crate::lights_out::size::BoardSize;

    fn size(r: usize, c: usize) -> BoardSize {
        BoardSize::new(r, c).unwrap()
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
