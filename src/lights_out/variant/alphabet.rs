//! Alphabets: the symbol written for each colour (reading a row of cells with them is the read
//! room's, `read/row.rs`).

use std::fmt;

use super::error::VariantError;
use crate::text::describe_at;

/// The symbols of the default alphabets with more than two colours: colour `i` is the `i`-th.
const DIGITS: &[u8; 16] = b"0123456789abcdef";

/// Marks a byte that is no symbol of the alphabet in [`Alphabet`]'s lookup table.
const NOT_A_SYMBOL: u8 = u8::MAX;

/// The symbols a board is written in: one ASCII character per colour, colour 0 (white, off)
/// first.
///
/// The default is `wb` for two colours (the Flip Game's white and black) and the first `K` of
/// `0123456789abcdef` for `K` colours. A symbol is a printable ASCII character other than the
/// space and `/` (which separates rows in an inline board); symbols are case-sensitive, so
/// `B` is not `b`.
///
/// ```
/// use flipblox::lights_out::Alphabet;
/// let a = Alphabet::new("01", 2).unwrap();
/// let mut row = [0u8; 6];
/// a.read_row(b"0 1 1 0 1 0", &mut row).unwrap();
/// assert_eq!(row, [0, 1, 1, 0, 1, 0]);
/// assert_eq!(Alphabet::default_for(3).as_str(), "012");
/// assert_eq!(Alphabet::new("ab", 3).unwrap_err().to_string(),
///            "expected 3 symbols, one per colour, found 2");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Alphabet {
    symbols: Vec<u8>,
    /// The colour of every byte, [`NOT_A_SYMBOL`] for bytes outside the alphabet.
    lookup: [u8; 256],
}

impl fmt::Debug for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Alphabet").field(&self.as_str()).finish()
    }
}

impl Alphabet {
    /// The alphabet `symbols` for `colours` colours: colour `i` is written as the `i`-th
    /// character.
    ///
    /// # Errors
    ///
    /// [`VariantError::AlphabetLength`] unless there are `colours` characters,
    /// [`VariantError::BadSymbol`] for a character that is not printable ASCII or is a space or
    /// `/`, [`VariantError::RepeatedSymbol`] for a symbol given twice.
    pub fn new(symbols: &str, colours: u8) -> Result<Alphabet, VariantError> {
        let bytes = symbols.as_bytes();
        for (position, (index, _)) in symbols.char_indices().enumerate() {
            let b = bytes[index];
            if !b.is_ascii_graphic() || b == b'/' {
                let found = describe_at(bytes, index);
                return Err(VariantError::BadSymbol { position: position + 1, found });
            }
        }
        if bytes.len() != usize::from(colours) {
            return Err(VariantError::AlphabetLength {
                expected: usize::from(colours),
                found: bytes.len(),
            });
        }
        let mut lookup = [NOT_A_SYMBOL; 256];
        for (colour, &b) in bytes.iter().enumerate() {
            let slot = &mut lookup[usize::from(b)];
            if *slot != NOT_A_SYMBOL {
                return Err(VariantError::RepeatedSymbol {
                    symbol: char::from(b),
                    first_colour: usize::from(*slot),
                    second: colour + 1,
                });
            }
            *slot = colour as u8;
        }
        Ok(Alphabet { symbols: bytes.to_vec(), lookup })
    }

    /// The default alphabet for `colours` colours: `wb` for two, else the first `colours` of
    /// `0123456789abcdef`; its letters are read in either case (`B` is colour 1 of `wb`).
    ///
    /// # Panics
    ///
    /// If `colours` is not in `2..=16`.
    pub fn default_for(colours: u8) -> Alphabet {
        assert!((2..=16).contains(&colours), "{colours} colours");
        let symbols: &[u8] = if colours == 2 { b"wb" } else { &DIGITS[..usize::from(colours)] };
        let mut alphabet = Alphabet::new(std::str::from_utf8(symbols).expect("ASCII"), colours)
            .expect("the default alphabets are valid");
        for &symbol in symbols {
            alphabet.lookup[usize::from(symbol.to_ascii_uppercase())] =
                alphabet.lookup[usize::from(symbol)];
        }
        alphabet
    }

    /// This alphabet with one more symbol, `symbol`, read as the value [`Alphabet::colours`]
    /// (`K`): e.g. a board's holes. The other symbols read as before (those of
    /// [`Alphabet::default_for`] in either case).
    ///
    /// ```
    /// use flipblox::lights_out::Alphabet;
    /// let holes = Alphabet::default_for(2).with_symbol('.').unwrap();
    /// assert_eq!((holes.colour_of(b'B'), holes.colour_of(b'.')), (Some(1), Some(2)));
    /// assert!(Alphabet::default_for(2).with_symbol('W').is_err(), "W reads as white");
    /// ```
    ///
    /// # Errors
    ///
    /// [`VariantError::BadSymbol`] for a character that is not printable ASCII or is a space or
    /// `/`; [`VariantError::RepeatedSymbol`] when `symbol` already reads as a colour.
    pub fn with_symbol(&self, symbol: char) -> Result<Alphabet, VariantError> {
        let second = self.symbols.len() + 1;
        let byte = u8::try_from(symbol).ok().filter(|b| b.is_ascii_graphic() && *b != b'/');
        let Some(byte) = byte else {
            return Err(VariantError::BadSymbol { position: second, found: format!("{symbol:?}") });
        };
        if let Some(first) = self.colour_of(byte) {
            return Err(VariantError::RepeatedSymbol {
                symbol,
                first_colour: first.into(),
                second,
            });
        }
        let mut alphabet = self.clone();
        alphabet.lookup[usize::from(byte)] = self.colours();
        alphabet.symbols.push(byte);
        Ok(alphabet)
    }

    /// The number of colours (symbols).
    pub fn colours(&self) -> u8 {
        self.symbols.len() as u8
    }

    /// The symbols in colour order, e.g. `wb`.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.symbols).expect("ASCII symbols")
    }

    /// The colour written as `byte`, if it is a symbol.
    #[inline]
    pub fn colour_of(&self, byte: u8) -> Option<u8> {
        let colour = self.lookup[usize::from(byte)];
        (colour != NOT_A_SYMBOL).then_some(colour)
    }

    /// The symbol of `colour`.
    ///
    /// # Panics
    ///
    /// If `colour` is not below [`Alphabet::colours`].
    pub fn symbol(&self, colour: u8) -> u8 {
        self.symbols[usize::from(colour)]
    }

    /// How a picture's legend names `colour`, of the first `colours` colours (the symbols after
    /// them, such as a hole's, are not colours): `white` and `black` in the Flip Game's alphabet
    /// (`wb`); in any other, the colour's own symbol, with `off` after colour 0 and `on` after
    /// the last colour, as Lights Out names its lights.
    ///
    /// ```
    /// use flipblox::lights_out::Alphabet;
    /// assert_eq!(Alphabet::default_for(2).colour_name(1, 2), "black");
    /// let lights = Alphabet::new("01", 2).unwrap();
    /// assert_eq!(lights.colour_name(0, 2), "0 (off)");
    /// assert_eq!(lights.colour_name(1, 2), "1 (on)");
    /// assert_eq!(Alphabet::default_for(3).colour_name(1, 3), "1");
    /// ```
    ///
    /// # Panics
    ///
    /// If `colour` is not below `colours`, or `colours` is more than [`Alphabet::colours`].
    pub fn colour_name(&self, colour: u8, colours: u8) -> String {
        assert!(colour < colours && colours <= self.colours(), "colour {colour} of {colours}");
        if &self.symbols[..usize::from(colours)] == b"wb" {
            return if colour == 0 { "white" } else { "black" }.to_string();
        }
        let symbol = char::from(self.symbol(colour));
        match colour {
            0 => format!("{symbol} (off)"),
            c if c == colours - 1 => format!("{symbol} (on)"),
            _ => symbol.to_string(),
        }
    }

    /// Writes `cells` (colours) as symbols with `separator` between two cells (`None`: none).
    ///
    /// # Panics
    ///
    /// If a colour is not below [`Alphabet::colours`].
    pub fn write_row(&self, cells: &[u8], separator: Option<char>, out: &mut String) {
        for (i, &colour) in cells.iter().enumerate() {
            if let (Some(sep), true) = (separator, i > 0) {
                out.push(sep);
            }
            out.push(char::from(self.symbol(colour)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(alphabet: &Alphabet, text: &str, cols: usize) -> Result<Vec<u8>, (usize, String)> {
        let mut out = vec![0; cols];
        alphabet.read_row(text.as_bytes(), &mut out).map_err(|(i, kind)| (i, kind.to_string()))?;
        Ok(out)
    }

    #[test]
    fn rows_with_and_without_separators() {
        let wb = Alphabet::default_for(2);
        assert_eq!(read(&wb, "bwwb", 4), Ok(vec![1, 0, 0, 1]));
        assert_eq!(read(&wb, "b w\tw  b ", 4), Ok(vec![1, 0, 0, 1]));
        let hex = Alphabet::default_for(16);
        assert_eq!(read(&hex, "0 f a 9", 4), Ok(vec![0, 15, 10, 9]));
        let dots = Alphabet::new(".#", 2).unwrap();
        assert_eq!(read(&dots, ".##.", 4), Ok(vec![0, 1, 1, 0]));
    }

    #[test]
    fn bad_rows_point_at_the_character_with_the_reader_s_messages() {
        let wb = Alphabet::default_for(2);
        assert_eq!(read(&wb, "bwXw", 4), Err((2, "expected 'b' or 'w', found 'X'".into())));
        assert_eq!(read(&wb, "BwWb", 4), Ok(vec![1, 0, 0, 1]));
        assert_eq!(read(&wb, " \tbwbw", 4), Ok(vec![1, 0, 1, 0]));
        assert_eq!(read(&wb, "bw", 4), Err((2, "expected 4 pieces in the row, found 2".into())));
        assert_eq!(
            read(&wb, "bwwbx", 4),
            Err((4, "expected 4 pieces in the row, found 5 characters".into()))
        );
        assert_eq!(
            read(&wb, "b w b w b b", 4),
            Err((8, "expected 4 pieces in the row, found 11 characters".into()))
        );
        let three = Alphabet::default_for(3);
        assert_eq!(read(&three, "0 3", 2), Err((2, "expected '0', '1' or '2', found '3'".into())));
        assert_eq!(read(&three, "0", 1), Ok(vec![0]));
        let dots = Alphabet::new(".#", 2).unwrap();
        assert_eq!(read(&dots, ".b", 2), Err((1, "expected '.' or '#', found 'b'".into())));
    }

    #[test]
    fn alphabets_are_checked() {
        assert_eq!(Alphabet::new("#O", 2).unwrap().colour_of(b'O'), Some(1));
        assert_eq!(Alphabet::new("#O", 2).unwrap().colour_of(b'o'), None);
        // The default alphabets read their letters in either case; a given one does not.
        let wb = Alphabet::default_for(2);
        assert_eq!(
            (wb.colour_of(b'B'), wb.colour_of(b'W'), wb.colour_of(b'x')),
            (Some(1), Some(0), None)
        );
        assert_eq!(Alphabet::default_for(16).colour_of(b'F'), Some(15));
        assert_eq!(Alphabet::default_for(11).colour_of(b'B'), None);
        assert_eq!(Alphabet::new("wb", 2).unwrap().colour_of(b'B'), None);
        let err = |s: &str, k: u8| Alphabet::new(s, k).unwrap_err().to_string();
        assert_eq!(err("w", 2), "expected 2 symbols, one per colour, found 1");
        assert_eq!(err("aa", 2), "symbol 2: 'a' already names colour 0");
        assert_eq!(
            err("a b", 3),
            "symbol 2: expected a printable ASCII character other than the space and '/', \
             found ' '"
        );
        assert!(err("/.", 2).starts_with("symbol 1:"));
        assert!(err("aé", 2).starts_with("symbol 2:"));
        for k in 2..=16 {
            assert_eq!(Alphabet::default_for(k).colours(), k);
        }
        let mut s = String::new();
        Alphabet::default_for(4).write_row(&[3, 0, 2], Some(' '), &mut s);
        assert_eq!(s, "3 0 2");
    }
}
