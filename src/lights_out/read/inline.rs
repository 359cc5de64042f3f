//! One board written inline (`--board`, [`Board::parse`], [`Variant::board`]): its rows
//! separated by `/`, its cells in one row, or its lines; of a given size or of the size it shows
//! ([`Board::parse_any_size`]).

use std::borrow::Cow;

use super::error::{BoardError, BoardErrorKind};
use super::reader::{BoardReader, Sizes};
use super::row::row_cells;
use crate::lights_out::board::colours::Board;
use crate::lights_out::size::BoardSize;
use crate::lights_out::variant::alphabet::Alphabet;
use crate::lights_out::variant::rules::Variant;
use crate::text::{Lines, Position};

impl BoardReader<Lines<'_>> {
    /// Reads the one board the text holds into `board`: [`Board::parse`]'s and
    /// [`Board::parse_any_size`]'s last step, which refuses no board and anything after it.
    fn read_only_board(&mut self, mut board: Board) -> Result<Board, BoardError> {
        match self.read_into(&mut board) {
            None => Err(BoardError::empty(self.end_position())),
            Some(Err(e)) => Err(e),
            Some(Ok(())) => match self.skip_to_next_board() {
                Some(pos) => Err(BoardError::trailing(pos)),
                None => Ok(board),
            },
        }
    }
}

impl Board {
    /// Parses one `rows x cols` board written in `alphabet`: its rows separated by `/`
    /// (`bwwb/bbwb/bwwb/bwww`), its `rows * cols` symbols in a row (`bwwbbbwbbwwbbwww`), or its
    /// `rows` lines (the POJ 1753 layout); the cells of a row may be separated by spaces or tabs.
    ///
    /// # Errors
    ///
    /// A [`BoardError`] whose position counts lines and columns in `text` (for the `/` form,
    /// each row is reported as a line), for a character that is no symbol, a short or long row,
    /// a missing row, or anything after the board.
    ///
    /// ```
    /// use flipblox::lights_out::{Alphabet, Board, BoardSize};
    /// let a = Alphabet::new("012", 3)?;
    /// let board = Board::parse("0 1 2/2 1 0", BoardSize::new(2, 3)?, &a)?;
    /// assert_eq!(board.cells(), &[0, 1, 2, 2, 1, 0]);
    /// let err = Board::parse("012/2x0", BoardSize::new(2, 3)?, &a).unwrap_err();
    /// assert_eq!(err.to_string(), "2:2: board 1: expected '0', '1' or '2', found 'x'");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str, size: BoardSize, alphabet: &Alphabet) -> Result<Board, BoardError> {
        let text = board_text_rows(text, size.rows(), size.cols());
        let mut reader = BoardReader::new(text.as_bytes(), size, alphabet);
        reader.read_only_board(Board::new(size.rows(), size.cols()))
    }
}

impl Board {
    /// Parses one board written in `alphabet` and finds its size: its rows separated by `/`
    /// (`bwwbb/bbwbb/bwwbb/bwwwb/bbbbb` is 5x5) or written on lines: as many rows as there are,
    /// and as many columns as the first row has symbols; or the 16 symbols of a 4x4 board in a
    /// row.
    ///
    /// # Errors
    ///
    /// A [`BoardError`] as for [`Board::parse`], and [`BoardErrorKind::RaggedRow`] for a row of
    /// another length than the first, [`BoardErrorKind::OneLine`] for one line without `/`
    /// of other than 16 symbols, [`BoardErrorKind::TooLarge`] for a side over
    /// [`BoardSize::MAX_SIDE`].
    ///
    /// ```
    /// use flipblox::lights_out::{Alphabet, Board};
    /// let wb = Alphabet::default_for(2);
    /// let board = Board::parse_any_size("bwwbb/bbwbb/bwwbb/bwwwb/bbbbb", &wb)?;
    /// assert_eq!((board.rows(), board.cols()), (5, 5));
    /// let err = Board::parse_any_size("bwwbb/bbwb/bwwbb", &wb).unwrap_err();
    /// assert_eq!(err.to_string(),
    ///            "2:5: board 1: expected 5 pieces in the row, as in the board's first row, found 4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_any_size(text: &str, alphabet: &Alphabet) -> Result<Board, BoardError> {
        let one_line = !text.contains('/') && !text.contains('\n');
        let cells = row_cells(text.as_bytes());
        if one_line && cells != 16 && cells > 0 {
            let position = Position { line: 1, column: 1 };
            return Err(BoardError {
                board: 1,
                position,
                kind: BoardErrorKind::OneLine { found: cells },
            });
        }
        if one_line {
            return Board::parse(text, BoardSize::CLASSIC, alphabet);
        }
        let text = text.replace('/', "\n");
        let mut reader = BoardReader::inferring(text.as_bytes(), alphabet);
        // One board: its rows, whatever their length.
        (reader.sizes, reader.split_fours) = (Sizes::Blocks, false);
        reader.read_only_board(Board::new(0, 0))
    }
}

/// A board written on one line (`--board`) as the reader's lines: rows separated by `/`, or
/// the `rows * cols` cells row by row without separators; other text as it is.
fn board_text_rows(text: &str, rows: usize, cols: usize) -> Cow<'_, str> {
    if text.contains('/') {
        Cow::Owned(text.replace('/', "\n"))
    } else if text.len() == rows * cols && cols > 0 && !text.contains('\n') {
        Cow::Owned(
            text.as_bytes().chunks(cols).map(|c| String::from_utf8_lossy(c) + "\n").collect(),
        )
    } else {
        Cow::Borrowed(text)
    }
}

impl Variant {
    /// The board `text` in the default alphabet of the colours ([`Alphabet::default_for`]: `wb`
    /// for two colours, `0`, `1`, ... for more), in any of the forms [`Board::parse`] reads.
    ///
    /// # Errors
    ///
    /// A [`BoardError`] as [`Board::parse`]'s.
    ///
    /// ```
    /// use flipblox::lights_out::Variant;
    /// let variant = Variant::builder(2, 3).colours(3).build()?;
    /// assert_eq!(variant.board("012/210")?.cells(), &[0, 1, 2, 2, 1, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board(&self, text: &str) -> Result<Board, BoardError> {
        Board::parse(text, self.size(), &Alphabet::default_for(self.colours()))
    }
}
