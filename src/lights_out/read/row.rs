//! Rows of cells, the unit of every board format: one line of symbols of an [`Alphabet`],
//! written next to each other (`wbbw`, read eight cells a word for `wb`) or separated by spaces or
//! tabs (`0 1 1 0`), with the position and kind of the first fault.

use super::error::BoardErrorKind;
use crate::lights_out::board::swar::piece_cells;
use crate::lights_out::variant::alphabet::Alphabet;
use crate::text::{Line, Position, describe_at};

impl Alphabet {
    /// Reads one row of `out.len()` cells from `text` into `out` (colours).
    ///
    /// The cells are symbols, written next to each other (`wbbw`) or separated by spaces or
    /// tabs (`0 1 1 0`, the layout of many judges); spaces and tabs before the first cell and
    /// after the last are ignored.
    ///
    /// # Errors
    ///
    /// The byte index in `text` and the [`BoardErrorKind`] of the first problem, the messages of
    /// [`BoardReader`](crate::lights_out::BoardReader): a character that is neither a symbol nor a
    /// separator between cells ([`BoardErrorKind::BadPiece`] for the alphabet `wb`, else
    /// [`BoardErrorKind::BadSymbol`]); a row that ends before `out.len()` cells
    /// ([`BoardErrorKind::ShortRow`], at the end of the text); or more ([`BoardErrorKind::LongRow`]
    /// at the first cell too many, with the characters on the row).
    pub fn read_row(&self, text: &[u8], out: &mut [u8]) -> Result<(), (usize, BoardErrorKind)> {
        let mut cells = 0;
        for (i, &b) in text.iter().enumerate() {
            if b == b' ' || b == b'\t' {
                continue;
            }
            if cells == out.len() {
                let found = String::from_utf8_lossy(text).chars().count();
                return Err((i, BoardErrorKind::LongRow { expected: out.len(), found }));
            }
            let Some(colour) = self.colour_of(b) else {
                return Err((i, self.bad_symbol(text, i)));
            };
            out[cells] = colour;
            cells += 1;
        }
        if cells < out.len() {
            return Err((
                text.len(),
                BoardErrorKind::ShortRow { expected: out.len(), found: cells },
            ));
        }
        Ok(())
    }

    /// The error of a character that is no symbol, at byte `index` of `text`:
    /// [`BoardErrorKind::BadPiece`] for the alphabet `wb`, else [`BoardErrorKind::BadSymbol`].
    pub(crate) fn bad_symbol(&self, text: &[u8], index: usize) -> BoardErrorKind {
        let found = describe_at(text, index);
        if self.as_str() == "wb" {
            BoardErrorKind::BadPiece { found }
        } else {
            BoardErrorKind::BadSymbol { alphabet: self.as_str().to_string(), found }
        }
    }
}

/// True for the blanks that may separate cells: a space or a tab.
pub(super) fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t'
}

/// `text` without its leading spaces and tabs.
pub(super) fn trim_start(text: &[u8]) -> &[u8] {
    let lead = text.iter().take_while(|&&b| is_blank(b)).count();
    &text[lead..]
}

/// The pieces on a row: its characters other than spaces and tabs (bytes: a character that is
/// no symbol is an error of the row anyway).
pub(super) fn row_cells(text: &[u8]) -> usize {
    text.iter().filter(|&&b| !is_blank(b)).count()
}

/// Reads one row of `out.len()` cells from `line` into `out` (colours); `limit` is the line
/// limit of the line's source. A row of another length whose cells are separated by spaces or
/// tabs is read by [`Alphabet::read_row`]; any other row character by character, its first
/// `out.len()` characters the cells (for the alphabet `wb`, eight at a time while they are all
/// `b` or `w`), then its length checked.
#[inline(always)]
pub(super) fn read_row(
    line: &Line<'_>,
    limit: usize,
    alphabet: &Alphabet,
    wb: bool,
    out: &mut [u8],
) -> Result<(), (Position, BoardErrorKind)> {
    let text = line.text;
    let cols = out.len();
    // Cells separated by spaces or tabs, or after them (the row cannot then be `cols` bytes
    // long, unless it starts with a blank).
    if text.len() <= limit
        && (text.first().is_some_and(|&b| is_blank(b))
            || (text.len() != cols && text.iter().skip(1).any(|&b| is_blank(b))))
    {
        return alphabet.read_row(text, out).map_err(|(i, kind)| (line.position(i), kind));
    }
    let cells = &text[..text.len().min(cols)];
    // Eight cells at a time while they are all `b` or `w`, without a branch per cell: the last
    // few of a row of 8 or more as the row's last 8 bytes (those before them already checked),
    // of a shorter row padded with `w`. A chunk holding any other byte is read one cell at a
    // time below, which finds the bad byte and its column.
    let mut done = 0;
    while wb && done < cells.len() {
        let rest = &cells[done..];
        if let Some(chunk) = rest.first_chunk::<8>() {
            let Some(word) = piece_cells(*chunk) else { break };
            out[done..done + 8].copy_from_slice(&word.to_le_bytes());
            done += 8;
        } else if let Some(last) = cells.last_chunk::<8>() {
            let Some(word) = piece_cells(*last) else { break };
            let end = cells.len();
            out[end - 8..end].copy_from_slice(&word.to_le_bytes());
            done = end;
        } else {
            let mut chunk = [b'w'; 8];
            chunk[..rest.len()].copy_from_slice(rest);
            let Some(word) = piece_cells(chunk) else { break };
            out[done..cells.len()].copy_from_slice(&word.to_le_bytes()[..rest.len()]);
            done = cells.len();
        }
    }
    for (col, &symbol) in cells.iter().enumerate().skip(done) {
        match alphabet.colour_of(symbol) {
            Some(colour) => out[col] = colour,
            None => return Err((line.position(col), alphabet.bad_symbol(text, col))),
        }
    }
    if cells.len() < cols {
        let kind = BoardErrorKind::ShortRow { expected: cols, found: cells.len() };
        return Err((line.position(cells.len()), kind));
    }
    if text.len() > cols {
        let kind = if text.len() > limit {
            BoardErrorKind::LineTooLong { expected: cols, limit }
        } else {
            let found = String::from_utf8_lossy(text).chars().count();
            BoardErrorKind::LongRow { expected: cols, found }
        };
        return Err((line.position(cols), kind));
    }
    Ok(())
}
