//! Toggle patterns: which cells a press advances, written as a small mask centred on the press.

use std::fmt;
use std::str::FromStr;

use crate::text::describe_at;

/// The longest side a written mask may have: a press reaches at most
/// [`BoardSize::MAX_SIDE`](crate::lights_out::BoardSize::MAX_SIDE) cells either way
/// (`2 * 1024 + 1`).
const MAX_PATTERN_SIDE: usize = 2 * crate::lights_out::size::BoardSize::MAX_SIDE + 1;

/// The cells a press toggles, relative to the pressed cell.
///
/// Written as an odd-sized mask centred on the press, rows separated by `/`, `x` for a toggled
/// cell and `.` for an untoggled one: `.x./xxx/.x.` is the plus of the Flip Game and classic
/// Lights Out, `x.x/.x./x.x` the diagonal cross, `xxx/xxx/xxx` the full square, `.x./x.x/.x.`
/// the plus without the pressed cell itself, `xxx` a row of three. Any size is accepted (a side
/// of at most 2,049 characters: a press reaches at most 1,024 cells either way); whether it fits
/// a board is checked by [`VariantBuilder::build`](crate::lights_out::VariantBuilder::build).
///
/// Patterns are kept in canonical form: the smallest centred mask holding every `x`, so
/// `...../.xxx./.....` and `xxx` are the same pattern and print as `xxx`. Equality compares
/// the toggled offsets.
///
/// ```
/// use flipblox::lights_out::TogglePattern;
/// let plus: TogglePattern = ".x./xxx/.x.".parse().unwrap();
/// assert!(plus.is_plus());
/// assert_eq!(plus.offsets(), &[(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]);
/// let padded: TogglePattern = "...../.xxx./.....".parse().unwrap();
/// assert_eq!(padded.to_string(), "xxx");
/// let err = "x.x/.y./x.x".parse::<TogglePattern>().unwrap_err();
/// assert_eq!(err.to_string(), "column 6: expected 'x' or '.', found 'y'");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TogglePattern {
    /// The toggled offsets `(row, column)` relative to the press, in row-major order.
    offsets: Vec<(isize, isize)>,
    /// Rows above (and below) the press in the canonical mask.
    reach_rows: usize,
    /// Columns left (and right) of the press in the canonical mask.
    reach_cols: usize,
}

/// Why a toggle pattern was refused: where (a 1-based character column in the text) and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {kind}")]
pub struct TogglePatternError {
    /// 1-based character column in the pattern text (one past the end for a missing part).
    pub column: usize,
    /// What was expected and what was found.
    pub kind: TogglePatternErrorKind,
}

/// What went wrong in a [`TogglePatternError`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TogglePatternErrorKind {
    /// A character other than `x`, `.` or `/`.
    BadCell {
        /// The character found, quoted or escaped.
        found: String,
    },
    /// A row of another length than the first.
    RaggedRow {
        /// 1-based row of the mask.
        row: usize,
        /// Length of the first row.
        expected: usize,
        /// Length of this row.
        found: usize,
    },
    /// An even number of rows (or none): the press would not be at the centre.
    EvenHeight {
        /// Rows found.
        rows: usize,
    },
    /// Rows of an even length (or empty): the press would not be at the centre.
    EvenWidth {
        /// Length of the rows.
        cols: usize,
    },
    /// A mask side longer than 2,049 characters.
    TooLarge {
        /// The longer side found.
        side: usize,
    },
    /// No `x` at all: a press would change nothing.
    NoToggle,
}

impl fmt::Display for TogglePatternErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TogglePatternErrorKind::BadCell { found } => {
                write!(f, "expected 'x' or '.', found {found}")
            }
            TogglePatternErrorKind::RaggedRow { row, expected, found } => {
                write!(f, "expected row {row} to be {expected} long like the first, found {found}")
            }
            TogglePatternErrorKind::EvenHeight { rows } => {
                write!(f, "expected an odd number of rows centred on the press, found {rows}")
            }
            TogglePatternErrorKind::EvenWidth { cols } => {
                write!(f, "expected rows of an odd length centred on the press, found {cols}")
            }
            TogglePatternErrorKind::TooLarge { side } => {
                write!(f, "expected a mask side of at most {MAX_PATTERN_SIDE}, found {side}")
            }
            TogglePatternErrorKind::NoToggle => {
                write!(f, "expected at least one 'x', found none: a press would change nothing")
            }
        }
    }
}

impl TogglePattern {
    /// The plus of the Flip Game and classic Lights Out (`.x./xxx/.x.`): the press and its
    /// orthogonal neighbours.
    pub fn plus() -> TogglePattern {
        TogglePattern::from_offsets(&[(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)])
            .expect("the plus toggles cells")
    }

    /// The pattern toggling exactly `offsets` (`(row, column)` relative to the press; order and
    /// repeats do not matter); `None` when `offsets` is empty.
    pub fn from_offsets(offsets: &[(isize, isize)]) -> Option<TogglePattern> {
        let mut offsets = offsets.to_vec();
        offsets.sort_unstable();
        offsets.dedup();
        let reach_rows = offsets.iter().map(|o| o.0.unsigned_abs()).max()?;
        let reach_cols = offsets.iter().map(|o| o.1.unsigned_abs()).max()?;
        Some(TogglePattern { offsets, reach_rows, reach_cols })
    }

    /// The toggled offsets `(row, column)` relative to the press, in row-major order (by row,
    /// then column), each once.
    pub fn offsets(&self) -> &[(isize, isize)] {
        &self.offsets
    }

    /// How many rows the pattern reaches above and below the press (`(height - 1) / 2` of the
    /// canonical mask).
    pub fn reach_rows(&self) -> usize {
        self.reach_rows
    }

    /// How many columns the pattern reaches left and right of the press.
    pub fn reach_cols(&self) -> usize {
        self.reach_cols
    }

    /// True for the plus `.x./xxx/.x.`.
    pub fn is_plus(&self) -> bool {
        *self == TogglePattern::plus()
    }

    /// The pattern mirrored in the main diagonal: offset `(r, c)` becomes `(c, r)`. Pressing on
    /// a transposed board with the transposed pattern is pressing on the board.
    pub fn transposed(&self) -> TogglePattern {
        let swapped: Vec<(isize, isize)> = self.offsets.iter().map(|&(r, c)| (c, r)).collect();
        TogglePattern::from_offsets(&swapped).expect("a pattern has an offset")
    }
}

impl fmt::Display for TogglePattern {
    /// The canonical mask, rows separated by `/`, e.g. `.x./xxx/.x.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (hr, hc) = (self.reach_rows as isize, self.reach_cols as isize);
        for r in -hr..=hr {
            if r > -hr {
                f.write_str("/")?;
            }
            for c in -hc..=hc {
                let on = self.offsets.binary_search(&(r, c)).is_ok();
                f.write_str(if on { "x" } else { "." })?;
            }
        }
        Ok(())
    }
}

impl FromStr for TogglePattern {
    type Err = TogglePatternError;

    /// Parses a mask (see the type's docs).
    ///
    /// # Errors
    ///
    /// A [`TogglePatternError`] naming the column of a character other than `x`, `.` or `/`, a
    /// row of another length than the first, an even (or zero) height or width, a side over
    /// 2,049 characters, or a mask without any `x`.
    fn from_str(text: &str) -> Result<TogglePattern, TogglePatternError> {
        let bytes = text.as_bytes();
        let error = |index: usize, kind| TogglePatternError {
            column: crate::text::column_of(bytes, index),
            kind,
        };
        let mut rows: Vec<(usize, &[u8])> = Vec::new();
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'/' => {
                    rows.push((start, &bytes[start..i]));
                    start = i + 1;
                }
                b'x' | b'.' => {}
                _ => {
                    let found = describe_at(bytes, i);
                    return Err(error(i, TogglePatternErrorKind::BadCell { found }));
                }
            }
        }
        rows.push((start, &bytes[start..]));
        let width = rows[0].1.len();
        for (number, &(start, row)) in rows.iter().enumerate().skip(1) {
            if row.len() != width {
                let kind = TogglePatternErrorKind::RaggedRow {
                    row: number + 1,
                    expected: width,
                    found: row.len(),
                };
                return Err(error(start + row.len().min(width), kind));
            }
        }
        let side = rows.len().max(width);
        if side > MAX_PATTERN_SIDE {
            return Err(error(0, TogglePatternErrorKind::TooLarge { side }));
        }
        if width.is_multiple_of(2) {
            return Err(error(0, TogglePatternErrorKind::EvenWidth { cols: width }));
        }
        if rows.len().is_multiple_of(2) {
            return Err(error(0, TogglePatternErrorKind::EvenHeight { rows: rows.len() }));
        }
        let (hr, hc) = ((rows.len() / 2) as isize, (width / 2) as isize);
        let mut offsets = Vec::new();
        for (r, &(_, row)) in rows.iter().enumerate() {
            for (c, &b) in row.iter().enumerate() {
                if b == b'x' {
                    offsets.push((r as isize - hr, c as isize - hc));
                }
            }
        }
        TogglePattern::from_offsets(&offsets)
            .ok_or_else(|| error(0, TogglePatternErrorKind::NoToggle))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<TogglePattern, String> {
        text.parse::<TogglePattern>().map_err(|e| e.to_string())
    }

    #[test]
    fn the_examples_parse_and_print_back() {
        for text in [".x./xxx/.x.", "x.x/.x./x.x", "xxx/xxx/xxx", ".x./x.x/.x.", "xxx", "x", "..x"]
        {
            assert_eq!(parse(text).unwrap().to_string(), text);
        }
        assert_eq!(parse("x.x/.x./x.x").unwrap().offsets().len(), 5);
        assert_eq!(parse(".x./x.x/.x.").unwrap().offsets(), &[(-1, 0), (0, -1), (0, 1), (1, 0)]);
        assert_eq!(parse("..x").unwrap().offsets(), &[(0, 1)]);
    }

    #[test]
    fn padding_is_dropped_and_transposing_mirrors() {
        let p = parse("......./...x.../..xxx../...x.../.......").unwrap();
        assert!(p.is_plus());
        assert_eq!((p.reach_rows(), p.reach_cols()), (1, 1));
        let row = parse("..x/xx./...").unwrap();
        assert_eq!(row.to_string(), "..x/xx./...");
        assert_eq!(row.transposed().to_string(), ".x./.x./x..");
        assert_eq!(row.transposed().transposed(), row);
        assert_eq!(parse("xxx").unwrap().transposed().to_string(), "x/x/x");
    }

    #[test]
    fn bad_patterns_name_the_column_and_the_reason() {
        let cases = [
            ("", "column 1: expected rows of an odd length centred on the press, found 0"),
            ("xx", "column 1: expected rows of an odd length centred on the press, found 2"),
            ("x/x", "column 1: expected an odd number of rows centred on the press, found 2"),
            ("xxx/xx/xxx", "column 7: expected row 2 to be 3 long like the first, found 2"),
            ("xxx/xxx/xxxx", "column 12: expected row 3 to be 3 long like the first, found 4"),
            ("x.X", "column 3: expected 'x' or '.', found 'X'"),
            (".x. /xxx", "column 4: expected 'x' or '.', found ' '"),
            ("é", "column 1: expected 'x' or '.', found 'é'"),
            ("./.", "column 1: expected an odd number of rows centred on the press, found 2"),
            (
                "...",
                "column 1: expected at least one 'x', found none: a press would change nothing",
            ),
            ("x//x", "column 3: expected row 2 to be 1 long like the first, found 0"),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text).unwrap_err(), want, "{text:?}");
        }
        let long = "x".repeat(MAX_PATTERN_SIDE + 2);
        assert!(parse(&long).unwrap_err().contains("at most 2049"));
    }
}
