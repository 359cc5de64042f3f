//! Lights Out, the whole family, with the Flip Game (POJ 1753) as its 4x4, plus-shaped,
//! two-colour case.
//!
//! A board of `R x C` cells shows one of `K` colours in each cell (`0`, white or "off", to
//! `K - 1`; for two colours `1` is black, "on"). A press advances the cells of a toggle pattern
//! around the pressed cell by one colour, modulo `K` (for two colours it flips them); a cell
//! pressed `j` times counts `j` presses. The question is the fewest presses that reach the goal:
//! any uniform board (the Flip Game's), or every cell of one colour (classic Lights Out's "all
//! lights off").
//!
//! - [`Variant`] (made by [`Variant::builder`]): the board size ([`BoardSize`]), the toggle pattern
//!   ([`TogglePattern`]: the plus `.x./xxx/.x.` by default), wrap-around, the number of colours
//!   and the [`Goal`]. The Flip Game is [`Variant::flip_game`].
//! - [`Board`]: a board, one byte per cell; [`BoardReader`] reads boards from text in an
//!   [`Alphabet`] (`wb` for two colours by default), with `LINE:COLUMN` errors ([`BoardError`]).
//! - [`Solver`]: answers boards of one variant, choosing the method itself (the 4x4 table
//!   embedded at build time, a table file, a table built at run time, GF(2) or `Z_K` linear
//!   algebra); every [`Answer`] gives the distance, one optimal press set, the colour reached and
//!   whether the minimum is proven.
//! - [`Batch`]: boards read from an input and answered one after the other, with the options
//!   as the command line names them ([`BatchOptions`]), one [`BoardRecord`] (the `flip --json`
//!   record) per board to a [`BatchSink`].
//! - [`DistanceTable`]: the one table type: the embedded 4x4 table, tables built at run time
//!   (every press vector visited once, in a Gray-code order), tables borrowed from table files;
//!   proved to
//!   hold distances by [`DistanceTable::check`] and compared with an independent method by
//!   [`DistanceTable::reference`].
//! - [`Error`]: the one error type every error above converts into with `?`.
//!
//! The 4x4 Flip Game in one line (the POJ 1753 sample, 4 presses):
//!
//! ```
//! assert_eq!(flipblox::lights_out::distance("bwwb/bbwb/bwwb/bwww")?, Some(4));
//! # Ok::<(), flipblox::lights_out::BoardError>(())
//! ```
//!
//! Any variant: classic Lights Out, all lights off, on 5x5:
//!
//! ```
//! use flipblox::lights_out::{Goal, Solver, Variant};
//! let variant = Variant::builder(5, 5).goal(Goal::Colour(0)).build()?;
//! let answer = Solver::new(&variant).solve(&variant.board("wbwbw/bwbwb/wbwbw/bwbwb/wbwbw")?)?;
//! assert_eq!((answer.distance, answer.colour), (Some(10), Some(0)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub(crate) mod batch;
pub(crate) mod board;
mod error;
pub(crate) mod fast;
pub(crate) mod read;
pub(crate) mod size;
pub(crate) mod solve;
pub(crate) mod table;
#[cfg(test)]
mod tests;
pub(crate) mod variant;

pub use batch::{Batch, BatchError, BatchOptions, BatchSink, BoardRecord};
pub use board::Board;
pub use error::Error;
pub use read::{BoardError, BoardErrorKind, BoardReader, ButtonsError};
pub use size::{BoardSize, SizeError};
pub use solve::{Answer, Method, Reference, SolutionCount, Solver, SolverBuilder, SolverError};
pub use table::{DistanceTable, EntryDifference, TableComparison, TableError, TableFault};
pub use variant::{
    Alphabet, Buttons, Goal, TogglePattern, TogglePatternError, Variant, VariantBuilder,
    VariantError,
};

/// The distance of a 4x4 Flip Game board (POJ 1753) from its text: four rows of `b` (black) and
/// `w` (white) separated by `/`, the 16 pieces in a row, or four lines. One lookup in the
/// embedded table; `None` when no uniform board can be reached.
///
/// # Errors
///
/// A [`BoardError`] (with the line and column in `board`) for anything but a 4x4 board.
pub fn distance(board: &str) -> Result<Option<u8>, BoardError> {
    static TABLE: std::sync::OnceLock<DistanceTable<'static>> = std::sync::OnceLock::new();
    static ALPHABET: std::sync::OnceLock<Alphabet> = std::sync::OnceLock::new();
    let alphabet = ALPHABET.get_or_init(|| Alphabet::default_for(2));
    let board = Board::parse(board, BoardSize::CLASSIC, alphabet)?;
    Ok(TABLE.get_or_init(DistanceTable::embedded).distance(&board))
}
