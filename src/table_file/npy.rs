//! NumPy `.npy` files: written and read back by our own code.
//!
//! The writer produces what `numpy.save` would: format version 1.0, the header dict
//! `{'descr': ..., 'fortran_order': False, 'shape': (...), }` padded with spaces and a newline so
//! the data starts at a multiple of 64 bytes, then the entries in C order. A Flip Game table is
//! dtype `|u1`, shape `(2^(rows*cols),)`, 255 = Impossible; a Bloxorz field is dtype `<i4`,
//! shape `(rows, cols, 3)`, -1 = impossible, -2 = illegal.
//!
//! The reader is ours because the crates' readers are not built for hostile input: `npyz`
//! allocates the header length the file states before reading it and multiplies shape
//! dimensions without overflow checks (a panic in debug builds). Ours accepts versions 1.0, 2.0
//! and 3.0, a header of at most 10,000 bytes (NumPy's own limit when loading), a dict with
//! exactly the three keys, and only the arrays above; every index is bounds-checked and every
//! product checked. A Flip Game or Lights Out table must pass the checks any distance table
//! passes whatever its board, toggle pattern and goal, which a `.npy` does not record: some
//! uniform board at 0 and no other state, and no distance missing below the largest
//! ([`LoadError::NotDistances`] otherwise). The writer is ours as well: its header is one line of
//! text, for which the crates bring a parser of Python literals and big integers. The tests load
//! what it writes with NumPy itself.

use std::io::Write;

use super::error::{ExportError, LoadError, escape_prefix};
use super::meta::{Element, Histogram};
use super::table::Table;
use crate::bloxorz::{DistanceField, ORIENTATIONS};
use crate::lights_out::table::check::check_structure;
use crate::lights_out::table::distance_table::entry_histogram;
use crate::lights_out::{BoardSize, DistanceTable, Variant};
use crate::shape::ShapeError;

/// The first 6 bytes of every `.npy` file.
pub const NPY_MAGIC: &[u8; 6] = b"\x93NUMPY";

/// The longest header text the reader accepts (NumPy's default `max_header_size`).
pub const MAX_NPY_HEADER_LEN: usize = 10_000;

/// Writes `table` as a `.npy` file (format version 1.0) in the layout of `numpy.save`: the
/// header of [`npy_header`], then the entries in C order (`<i4` ones little-endian). The caller
/// flushes `out`.
///
/// # Errors
///
/// [`ExportError::Io`] when `out` fails.
pub fn write_npy(table: &Table<'_>, out: &mut dyn Write) -> Result<(), ExportError> {
    out.write_all(&npy_header(table.element().numpy_descr(), &table.shape()))?;
    match table {
        Table::LightsOut(t) => out.write_all(t.as_bytes())?,
        Table::Bloxorz(f) => {
            // A chunk at a time: no second copy of a large field in memory.
            for chunk in f.distances().chunks(4096) {
                let bytes: Vec<u8> = chunk.iter().flat_map(|d| d.to_le_bytes()).collect();
                out.write_all(&bytes)?;
            }
        }
    }
    Ok(())
}

/// The data of a `.npy` file starts at a multiple of this many bytes (NumPy's `ARRAY_ALIGN`).
const NPY_ALIGN: usize = 64;

/// The header of a version 1.0 `.npy` file of a C-order array: [`NPY_MAGIC`], the version bytes
/// `1 0`, the header length as a little-endian `u16`, then the dict as `numpy.save` writes it,
/// `{'descr': '|u1', 'fortran_order': False, 'shape': (65536,), }`, padded with spaces and
/// ended with a newline so that its length is a multiple of 64 bytes.
fn npy_header(descr: &str, shape: &[u64]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
    // Python's tuple syntax: a 1-tuple keeps its comma.
    let shape = match dims.as_slice() {
        [only] => format!("({only},)"),
        _ => format!("({})", dims.join(", ")),
    };
    let mut dict = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    let unpadded = NPY_MAGIC.len() + 4 + dict.len() + 1;
    dict.extend(std::iter::repeat_n(' ', unpadded.next_multiple_of(NPY_ALIGN) - unpadded));
    dict.push('\n');
    // Three dimensions below 2^64 and a short descr: the dict is far below 2^16 bytes.
    let len = u16::try_from(dict.len()).expect("a header of at most a few hundred bytes");
    let mut header = NPY_MAGIC.to_vec();
    header.extend([1, 0]);
    header.extend(len.to_le_bytes());
    header.extend(dict.bytes());
    header
}

/// What a `.npy` file holds, once recognised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NpyTable<'a> {
    /// dtype `|u1`, shape `(2^cells,)`: a Flip Game table of a board of `cells` pieces (the
    /// `.npy` format does not record the board's rows and columns; see
    /// [`Table::LightsOut`]).
    Flip {
        /// Pieces on the board: the table has `2^cells` entries.
        cells: u32,
        /// The entries, in place.
        distances: &'a [u8],
    },
    /// dtype `|u1`, shape `(K^cells,)` for a `K` of 3 to 16 that is not a power of two (the
    /// smallest such `K`): the table of a Lights Out variant of `K` colours on a board of
    /// `cells` cells, as `export flip` writes it for `--colours K` (the `.npy` format records
    /// neither the board's rows and columns nor the toggle pattern or the goal; a table of 4, 8
    /// or 16 colours has a power-of-two length and reads as [`NpyTable::Flip`]).
    LightsOut {
        /// `K`, the number of colours.
        colours: u8,
        /// Cells on the board: the table has `K^cells` entries.
        cells: u32,
        /// The entries, in place.
        distances: &'a [u8],
    },
    /// dtype `<i4`, shape `(rows, cols, 3)`: a Bloxorz distance-to-goal field.
    Bloxorz(DistanceField<'a>),
}

/// `(K, n)` with `states = K^n`, `n >= 1`, for the smallest `K` of 3 to 16 that fits, when
/// `states` is at most [`DistanceTable::MAX_STATES`].
fn colour_power(states: u64) -> Option<(u8, u32)> {
    if states > DistanceTable::MAX_STATES {
        return None;
    }
    (3..=Variant::MAX_COLOURS).find_map(|k| {
        let (mut power, mut n) = (u64::from(k), 1);
        while power < states {
            power *= u64::from(k);
            n += 1;
        }
        (power == states).then_some((k, n))
    })
}

/// A `.npy` file read and checked by [`NpyFile::parse`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NpyFile<'a> {
    version: (u8, u8),
    descr: String,
    fortran_order: bool,
    shape: Vec<u64>,
    data_offset: usize,
    table: NpyTable<'a>,
}

impl<'a> NpyFile<'a> {
    /// Reads a `.npy` file holding a flipblox table or field (see the module docs).
    ///
    /// # Errors
    ///
    /// `Foreign` without the NumPy magic; `Truncated`; `NpyHeader` for a malformed header (with
    /// the offset); `NpyUnsupported` for a well-formed array that is not a table;
    /// `TrailingBytes`; `Shape` for a field whose entries are not distances.
    pub fn parse(bytes: &'a [u8]) -> Result<NpyFile<'a>, LoadError> {
        let len = bytes.len() as u64;
        if !bytes.starts_with(&NPY_MAGIC[..bytes.len().min(NPY_MAGIC.len())]) {
            return Err(LoadError::Foreign { found: escape_prefix(bytes, 8) });
        }
        let truncated = |part, start: usize, end: usize| LoadError::Truncated {
            part,
            start: start as u64,
            end: end as u64,
            len,
        };
        let version = match bytes.get(6..8) {
            Some(&[major, minor]) => (major, minor),
            _ => return Err(truncated("npy version", 6, 8)),
        };
        let (text_start, header_len) = match version {
            (1, 0) => match bytes.get(8..10) {
                Some(&[a, b]) => (10, usize::from(u16::from_le_bytes([a, b]))),
                _ => return Err(truncated("npy header length", 8, 10)),
            },
            (2, 0) | (3, 0) => match bytes.get(8..12) {
                Some(&[a, b, c, d]) => (12, u32::from_le_bytes([a, b, c, d]) as usize),
                _ => return Err(truncated("npy header length", 8, 12)),
            },
            (major, minor) => {
                return Err(LoadError::NpyHeader {
                    offset: 6,
                    expected: "format version 1.0, 2.0 or 3.0",
                    found: format!("version {major}.{minor}"),
                });
            }
        };
        if header_len > MAX_NPY_HEADER_LEN {
            return Err(LoadError::NpyHeader {
                offset: 8,
                expected: "a header of at most 10000 bytes",
                found: format!("{header_len} bytes"),
            });
        }
        let data_offset = text_start + header_len;
        let text = bytes
            .get(text_start..data_offset)
            .ok_or_else(|| truncated("npy header", text_start, data_offset))?;
        let dict = HeaderText { text, pos: 0, base: text_start as u64 }.parse_dict()?;
        let element = match dict.descr.as_str() {
            "|u1" | "<u1" | ">u1" | "u1" => Some(Element::U8),
            "<i4" => Some(Element::I32Le),
            _ => None,
        };
        let unsupported = || LoadError::NpyUnsupported {
            descr: dict.descr.clone(),
            shape: dict.shape.clone(),
            fortran_order: dict.fortran_order,
        };
        let data = &bytes[data_offset..];
        let expect_len = |entries: u64, size: u64| -> Result<(), LoadError> {
            let need = entries.checked_mul(size).ok_or_else(unsupported)?;
            let end = (data_offset as u64).checked_add(need).ok_or_else(unsupported)?;
            match (data.len() as u64).cmp(&need) {
                std::cmp::Ordering::Less => Err(LoadError::Truncated {
                    part: "npy data",
                    start: data_offset as u64,
                    end,
                    len,
                }),
                std::cmp::Ordering::Greater => Err(LoadError::TrailingBytes { expected: end, len }),
                std::cmp::Ordering::Equal => Ok(()),
            }
        };
        let table = match (element, dict.shape.as_slice()) {
            (Some(Element::U8), &[states]) if states.is_power_of_two() && states > 1 => {
                let cells = states.trailing_zeros();
                if cells > 32 {
                    return Err(unsupported());
                }
                expect_len(states, 1)?;
                // 4, 8 or 16 colours on a quarter, third or half as many cells fill the same
                // length: the entries must be a table of one of them.
                let fault = [1, 2, 3, 4]
                    .into_iter()
                    .filter(|bits| cells.is_multiple_of(*bits))
                    .map(|bits| check_structure(data, 1 << bits))
                    .try_fold(None, |first, checked| match checked {
                        Ok(()) => Err(()),
                        Err(fault) => Ok(first.or(Some(fault))),
                    });
                if let Ok(Some(fault)) = fault {
                    let table = format!("a Flip Game board of {cells} pieces");
                    return Err(LoadError::NotDistances { table, fault });
                }
                NpyTable::Flip { cells, distances: data }
            }
            (Some(Element::U8), &[states]) if states > 2 => {
                let (colours, cells) = colour_power(states).ok_or_else(unsupported)?;
                expect_len(states, 1)?;
                let table = format!("a Lights Out board of {cells} cells and {colours} colours");
                check_structure(data, colours)
                    .map_err(|fault| LoadError::NotDistances { table, fault })?;
                NpyTable::LightsOut { colours, cells, distances: data }
            }
            (Some(Element::I32Le), &[rows, cols, o])
                if o == ORIENTATIONS as u64 && !dict.fortran_order =>
            {
                let (Ok(r), Ok(c)) = (u32::try_from(rows), u32::try_from(cols)) else {
                    return Err(unsupported());
                };
                let entries = rows.checked_mul(cols).and_then(|rc| rc.checked_mul(o));
                expect_len(entries.ok_or_else(unsupported)?, 4)?;
                let entries: Vec<i32> = data
                    .chunks_exact(4)
                    .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                    .collect();
                NpyTable::Bloxorz(DistanceField::new(r, c, entries)?)
            }
            _ => return Err(unsupported()),
        };
        Ok(NpyFile {
            version,
            descr: dict.descr,
            fortran_order: dict.fortran_order,
            shape: dict.shape,
            data_offset,
            table,
        })
    }

    /// The `.npy` format version `(major, minor)`.
    pub fn version(&self) -> (u8, u8) {
        self.version
    }

    /// The dtype descriptor as written (`|u1`, `<i4`).
    pub fn descr(&self) -> &str {
        &self.descr
    }

    /// Whether the header says Fortran order (only accepted for 1-D arrays, where it is moot).
    pub fn fortran_order(&self) -> bool {
        self.fortran_order
    }

    /// The array's shape.
    pub fn shape(&self) -> &[u64] {
        &self.shape
    }

    /// Offset of the data from the start of the file.
    pub fn data_offset(&self) -> usize {
        self.data_offset
    }

    /// What the file holds.
    pub fn table(&self) -> &NpyTable<'a> {
        &self.table
    }

    /// Entries at each distance, how many are impossible and how many illegal.
    pub fn histogram(&self) -> Histogram {
        match &self.table {
            NpyTable::Flip { distances, .. } | NpyTable::LightsOut { distances, .. } => {
                entry_histogram(distances).into()
            }
            NpyTable::Bloxorz(field) => field.histogram().into(),
        }
    }

    /// The file's Flip Game table read as a `rows x cols` board.
    ///
    /// # Errors
    ///
    /// [`ShapeError::WrongTable`] when the file holds a Bloxorz field or a table of more colours;
    /// [`ShapeError::BoardSize`] for a board of no cells or more than 32;
    /// [`ShapeError::Length`] for a table of another number of cells.
    pub(crate) fn flip_table(&self, rows: u32, cols: u32) -> Result<DistanceTable<'a>, ShapeError> {
        match &self.table {
            NpyTable::Flip { distances, .. } => {
                let cells = u64::from(rows) * u64::from(cols);
                let size = BoardSize::new(rows as usize, cols as usize)
                    .ok()
                    .filter(|_| cells > 0 && cells <= 32)
                    .ok_or(ShapeError::BoardSize { rows: rows.into(), cols: cols.into() })?;
                DistanceTable::from_bytes(&Variant::flip_game(size), distances)
            }
            NpyTable::LightsOut { colours, cells, .. } => Err(ShapeError::WrongTable {
                expected: format!("a Flip Game {rows}x{cols} table"),
                found: format!("a Lights Out table of {colours}^{cells} states"),
            }),
            NpyTable::Bloxorz(field) => Err(ShapeError::WrongTable {
                expected: format!("a Flip Game {rows}x{cols} table"),
                found: format!("a Bloxorz {}x{} field", field.rows(), field.cols()),
            }),
        }
    }
}

/// The three entries of a `.npy` header dict.
struct Dict {
    descr: String,
    fortran_order: bool,
    shape: Vec<u64>,
}

/// A cursor over the header text; `base` is the text's offset in the file, for messages.
struct HeaderText<'h> {
    text: &'h [u8],
    pos: usize,
    base: u64,
}

impl HeaderText<'_> {
    fn error(&self, expected: &'static str) -> LoadError {
        let rest = &self.text[self.pos.min(self.text.len())..];
        let found = if rest.is_empty() {
            "the end of the header".to_string()
        } else {
            format!("\"{}\"", escape_prefix(rest, 12))
        };
        LoadError::NpyHeader { offset: self.base + self.pos as u64, expected, found }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        self.skip_spaces();
        let found = self.peek() == Some(byte);
        self.pos += usize::from(found);
        found
    }

    fn expect(&mut self, byte: u8, expected: &'static str) -> Result<(), LoadError> {
        if self.eat(byte) { Ok(()) } else { Err(self.error(expected)) }
    }

    /// A Python string literal in single or double quotes, printable ASCII, no escapes.
    fn string(&mut self) -> Result<String, LoadError> {
        self.skip_spaces();
        let quote = match self.peek() {
            Some(q @ (b'\'' | b'"')) => q,
            _ => return Err(self.error("a quoted string")),
        };
        let start = self.pos + 1;
        let len = self.text[start..]
            .iter()
            .position(|&b| b == quote || b == b'\\' || !(b' '..=b'~').contains(&b))
            .filter(|&n| self.text[start + n] == quote);
        match len {
            Some(n) => {
                self.pos = start + n + 1;
                // Printable ASCII only, so this is valid UTF-8.
                Ok(self.text[start..start + n].iter().map(|&b| char::from(b)).collect())
            }
            None => Err(self.error("a closing quote (printable ASCII, no escapes)")),
        }
    }

    fn boolean(&mut self) -> Result<bool, LoadError> {
        self.skip_spaces();
        for (word, value) in [(&b"True"[..], true), (&b"False"[..], false)] {
            if self.text[self.pos..].starts_with(word) {
                self.pos += word.len();
                return Ok(value);
            }
        }
        Err(self.error("True or False"))
    }

    /// A non-negative decimal integer below 2^64 (Python 2's `L` suffix allowed).
    fn integer(&mut self) -> Result<u64, LoadError> {
        self.skip_spaces();
        let start = self.pos;
        let mut value = 0u64;
        while let Some(d @ b'0'..=b'9') = self.peek() {
            value = value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(d - b'0')))
                .ok_or_else(|| self.error("a dimension below 2^64"))?;
            self.pos += 1;
        }
        if self.pos == start {
            return Err(self.error("a dimension (a non-negative integer)"));
        }
        self.pos += usize::from(self.peek() == Some(b'L'));
        Ok(value)
    }

    /// A tuple of dimensions: `()`, `(n,)`, `(n, m)`, `(n, m,)`.
    fn shape(&mut self) -> Result<Vec<u64>, LoadError> {
        self.expect(b'(', "a shape tuple '('")?;
        let mut shape = Vec::new();
        loop {
            if self.eat(b')') {
                return Ok(shape);
            }
            shape.push(self.integer()?);
            if self.eat(b',') {
                continue;
            }
            if shape.len() > 1 && self.eat(b')') {
                return Ok(shape);
            }
            return Err(self.error(if shape.len() == 1 {
                "',' after the only dimension"
            } else {
                "',' or ')'"
            }));
        }
    }

    fn parse_dict(mut self) -> Result<Dict, LoadError> {
        match self.text.split_last() {
            Some((b'\n', rest)) => self.text = rest,
            _ => {
                self.pos = self.text.len();
                return Err(self.error("a header ending in a newline"));
            }
        }
        self.expect(b'{', "'{'")?;
        let (mut descr, mut fortran_order, mut shape) = (None, None, None);
        loop {
            if self.eat(b'}') {
                break;
            }
            let key_at = self.pos;
            let key = self.string()?;
            self.expect(b':', "':'")?;
            let duplicate = match key.as_str() {
                "descr" => descr.replace(self.string()?).is_some(),
                "fortran_order" => fortran_order.replace(self.boolean()?).is_some(),
                "shape" => shape.replace(self.shape()?).is_some(),
                _ => {
                    self.pos = key_at;
                    self.skip_spaces();
                    return Err(self.error("one of the keys 'descr', 'fortran_order', 'shape'"));
                }
            };
            if duplicate {
                self.pos = key_at;
                self.skip_spaces();
                return Err(self.error("each key once"));
            }
            if !self.eat(b',') {
                self.expect(b'}', "',' or '}'")?;
                break;
            }
        }
        self.skip_spaces();
        if self.pos != self.text.len() {
            return Err(self.error("only spaces after the dict"));
        }
        match (descr, fortran_order, shape) {
            (Some(descr), Some(fortran_order), Some(shape)) => {
                Ok(Dict { descr, fortran_order, shape })
            }
            _ => Err(self.error("the keys 'descr', 'fortran_order' and 'shape'")),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn lengths_that_are_powers_of_a_colour_count_name_it_and_their_cells() {
        use super::colour_power;
        assert_eq!(colour_power(729), Some((3, 6)));
        assert_eq!(colour_power(625), Some((5, 4)));
        assert_eq!(colour_power(36), Some((6, 2)));
        assert_eq!(colour_power(15), Some((15, 1)));
        assert_eq!(colour_power(3u64.pow(20)), Some((3, 20)));
        assert_eq!(colour_power(3u64.pow(21)), None, "above 2^32 states");
        assert_eq!(colour_power(100), Some((10, 2)));
        for states in [0, 1, 2, 17, 18, 20, 50, 1001] {
            assert_eq!(colour_power(states), None, "{states}");
        }
    }

    use super::*;

    fn npy(header: &str, data: &[u8]) -> Vec<u8> {
        let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
        bytes.extend((header.len() as u16).to_le_bytes());
        bytes.extend(header.as_bytes());
        bytes.extend(data);
        bytes
    }

    #[test]
    fn the_writer_matches_numpys_layout() {
        let mut bytes = Vec::new();
        write_npy(&Table::LightsOut(DistanceTable::embedded()), &mut bytes).unwrap();
        assert_eq!(&bytes[..8], b"\x93NUMPY\x01\x00");
        let header_len = usize::from(u16::from_le_bytes([bytes[8], bytes[9]]));
        assert_eq!(10 + header_len, 128);
        let text = std::str::from_utf8(&bytes[10..10 + header_len]).unwrap();
        let dict = "{'descr': '|u1', 'fortran_order': False, 'shape': (65536,), }";
        assert_eq!(text, format!("{dict:<117}\n"));
        assert_eq!(&bytes[10 + header_len..], DistanceTable::embedded().as_bytes());
        let file = NpyFile::parse(&bytes).unwrap();
        assert_eq!((file.version(), file.descr(), file.shape()), ((1, 0), "|u1", &[65536][..]));
    }

    #[test]
    fn a_field_is_written_as_little_endian_int32_rows_cols_3() {
        let mut entries = vec![-1; 18];
        (entries[15], entries[3], entries[2], entries[4]) = (0, 7, 5, -2);
        let field = DistanceField::new(2, 3, entries.clone()).unwrap();
        let mut bytes = Vec::new();
        write_npy(&Table::Bloxorz(field.clone()), &mut bytes).unwrap();
        let dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3, 3), }";
        assert_eq!(&bytes[10..128], format!("{dict:<117}\n").as_bytes());
        let data: Vec<u8> = entries.iter().flat_map(|e| e.to_le_bytes()).collect();
        assert_eq!(&bytes[128..], &data[..]);
        assert_eq!(NpyFile::parse(&bytes).unwrap().table(), &NpyTable::Bloxorz(field));
    }

    #[test]
    fn headers_numpy_might_write_are_read() {
        let data = [0u8, 1, 1, 0];
        for header in [
            "{'descr': '|u1', 'fortran_order': False, 'shape': (4,), }   \n",
            "{\"shape\":(4L,),\"fortran_order\":True,\"descr\":\"<u1\"}\n",
        ] {
            let bytes = npy(header, &data);
            let file = NpyFile::parse(&bytes).unwrap();
            assert_eq!(file.table(), &NpyTable::Flip { cells: 2, distances: &data[..] });
        }
    }

    #[test]
    fn malformed_headers_are_refused_with_the_offset() {
        let data = [0u8, 1, 1, 0];
        let cases: [(&str, u64, &str); 9] = [
            (
                "{'descr': '|u1', 'fortran_order': False, 'shape': (4,), }",
                67,
                "a header ending in a newline",
            ),
            (
                "{'descr': '|u1', 'fortran_order': False, 'shape': (4), }\n",
                62,
                "',' after the only dimension",
            ),
            (
                "{'descr': '|u1', 'fortran_order': False, 'shape': (4,), 'x': 1}\n",
                66,
                "one of the keys",
            ),
            (
                "{'descr': '|u1', 'descr': '|u1', 'fortran_order': False, 'shape': (4,)}\n",
                27,
                "each key once",
            ),
            ("{'descr': '|u1', 'fortran_order': Nope, 'shape': (4,)}\n", 44, "True or False"),
            ("{'fortran_order': False, 'shape': (4,), 'descr': '|u1}\n", 59, "a closing quote"),
            (
                "{'descr': '|u1', 'fortran_order': False, 'shape': (99999999999999999999,)}\n",
                80,
                "below 2^64",
            ),
            ("{'descr': '|u1', 'fortran_order': False}\n", 50, "the keys"),
            ("{'descr': '|u1', 'fortran_order': False, 'shape': (4,)} x\n", 66, "only spaces"),
        ];
        for (header, offset, expected) in cases {
            match NpyFile::parse(&npy(header, &data)) {
                Err(LoadError::NpyHeader { offset: o, expected: e, .. }) => {
                    assert!(e.contains(expected), "{header}: {e}");
                    assert_eq!(o, offset, "{header}: {e}");
                }
                other => panic!("{header}: {other:?}"),
            }
        }
    }

    #[test]
    fn arrays_that_are_not_tables_are_refused() {
        let header = "{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }\n";
        assert!(matches!(
            NpyFile::parse(&npy(header, &[0; 32])),
            Err(LoadError::NpyUnsupported { .. })
        ));
        // 17 entries: neither 2^n nor K^n for 3 <= K <= 16 (3 entries would be one cell of 3
        // colours).
        let header = "{'descr': '|u1', 'fortran_order': False, 'shape': (17,), }\n";
        assert!(matches!(
            NpyFile::parse(&npy(header, &[0; 17])),
            Err(LoadError::NpyUnsupported { .. })
        ));
        let header = "{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }\n";
        let bytes = npy(header, &[0; 3]);
        let file = NpyFile::parse(&bytes).unwrap();
        assert!(matches!(file.table(), NpyTable::LightsOut { colours: 3, cells: 1, .. }));
        let header = "{'descr': '<i4', 'fortran_order': True, 'shape': (1, 1, 3), }\n";
        assert!(matches!(
            NpyFile::parse(&npy(header, &[0; 12])),
            Err(LoadError::NpyUnsupported { .. })
        ));
        let header = "{'descr': '|u1', 'fortran_order': False, 'shape': (4,), }\n";
        assert!(matches!(NpyFile::parse(&npy(header, &[0; 3])), Err(LoadError::Truncated { .. })));
        assert!(matches!(
            NpyFile::parse(&npy(header, &[0; 5])),
            Err(LoadError::TrailingBytes { .. })
        ));
        let huge =
            "{'descr': '<i4', 'fortran_order': False, 'shape': (4294967295, 4294967295, 3), }\n";
        assert!(matches!(NpyFile::parse(&npy(huge, &[])), Err(LoadError::NpyUnsupported { .. })));
    }
}
