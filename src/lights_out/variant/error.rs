//! [`VariantError`]: why a variant, or a part of one given as text, was refused.

use crate::lights_out::size::{BoardSize, SizeError};

/// The most colours a variant has
/// ([`Variant::MAX_COLOURS`](crate::lights_out::Variant::MAX_COLOURS)).
pub(crate) const MAX_COLOURS: u8 = 16;

/// Why a variant, or a part of one given as text, was refused: its size, colours, goal
/// ([`Goal::parse`](crate::lights_out::Goal::parse)), alphabet
/// ([`Alphabet::new`](crate::lights_out::Alphabet::new)), toggle pattern or buttons.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A board size outside `1..=`[`BoardSize::MAX_SIDE`] on either side.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A number of colours outside `2..=16`.
    #[error("expected 2 to {MAX_COLOURS} colours, found {found}")]
    Colours {
        /// The number given.
        found: u64,
    },
    /// A goal colour that is not one of the colours.
    #[error("the goal is colour {colour}, but the colours are 0 to {}", colours - 1)]
    GoalColour {
        /// The goal's colour.
        colour: u8,
        /// The number of colours.
        colours: u8,
    },
    /// A toggle pattern reaching farther than the board is long or wide.
    #[error(
        "the toggle pattern {pattern} reaches {reach} {what} from the press, more than the \
         {size} board has"
    )]
    PatternTooLarge {
        /// The pattern, as written canonically.
        pattern: String,
        /// The board size.
        size: BoardSize,
        /// How far the pattern reaches.
        reach: usize,
        /// `"rows"` or `"columns"`.
        what: &'static str,
    },
    /// An alphabet without one symbol per colour.
    #[error("expected {expected} symbols, one per colour, found {found}")]
    AlphabetLength {
        /// The number of colours.
        expected: usize,
        /// Characters given.
        found: usize,
    },
    /// A character that cannot be a symbol of an alphabet.
    #[error(
        "symbol {position}: expected a printable ASCII character other than the space and '/', \
         found {found}"
    )]
    BadSymbol {
        /// 1-based position of the symbol in the alphabet.
        position: usize,
        /// The character found, quoted or escaped.
        found: String,
    },
    /// The same symbol twice in an alphabet.
    #[error("symbol {second}: {symbol:?} already names colour {first_colour}")]
    RepeatedSymbol {
        /// The repeated symbol.
        symbol: char,
        /// The colour (0-based) it named first.
        first_colour: usize,
        /// 1-based position of the repeat.
        second: usize,
    },
    /// A goal that is neither a goal name nor a symbol of the alphabet.
    #[error("expected any, white, {black}off, on or one of the symbols {symbols}, found '{found}'")]
    UnknownGoal {
        /// `"black, "` when the variant has two colours, else empty.
        black: &'static str,
        /// The alphabet's symbols, e.g. `'w', 'b'`.
        symbols: String,
        /// The text given.
        found: String,
    },
    /// The goal `black` with more than two colours, where it names no single colour.
    #[error("black names a colour only with 2 colours; with {colours}, give the colour's symbol")]
    BlackWithMoreColours {
        /// The number of colours.
        colours: u8,
    },
    /// Buttons ([`VariantBuilder::buttons`](crate::lights_out::VariantBuilder::buttons)) or
    /// holes ([`VariantBuilder::holes`](crate::lights_out::VariantBuilder::holes)) that do not
    /// fit the board or the other rules.
    #[error("{reason}")]
    Buttons {
        /// What does not fit.
        reason: String,
    },
}
