//! The goal of a variant: [`Goal`], and reading one from text ([`Goal::parse`]).

use super::alphabet::Alphabet;
use super::error::VariantError;

/// The boards a variant asks to reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Goal {
    /// Any uniform board, whichever colour (the Flip Game's question).
    #[default]
    Any,
    /// Every cell of this colour (`0 ..= K - 1`; 0 is white, "all lights off").
    Colour(u8),
}

impl Goal {
    /// Reads a goal: `any`, `white` (colour 0), `black` (colour 1, two colours only), `off`
    /// (the lowest colour, 0: "all lights off"), `on` (the highest, `K - 1`), or one symbol of
    /// `alphabet`. The words are read in either case (`Off`, `WHITE`); a symbol as the alphabet
    /// reads it.
    ///
    /// # Errors
    ///
    /// [`VariantError::UnknownGoal`] for anything else, [`VariantError::BlackWithMoreColours`] for
    /// `black`
    /// with more than two colours.
    ///
    /// ```
    /// use flipblox::lights_out::{Alphabet, Goal};
    /// let wb = Alphabet::default_for(2);
    /// assert_eq!(Goal::parse("black", &wb), Ok(Goal::Colour(1)));
    /// assert_eq!(Goal::parse("w", &wb), Ok(Goal::Colour(0)));
    /// assert_eq!(Goal::parse("2", &Alphabet::default_for(3)), Ok(Goal::Colour(2)));
    /// assert_eq!(Goal::parse("on", &Alphabet::default_for(3)), Ok(Goal::Colour(2)));
    /// assert_eq!(Goal::parse("Off", &wb), Ok(Goal::Colour(0)));
    /// ```
    pub fn parse(text: &str, alphabet: &Alphabet) -> Result<Goal, VariantError> {
        let colours = alphabet.colours();
        // Words have more than one letter, so they never shadow a symbol.
        match text.to_ascii_lowercase().as_str() {
            _ if text.len() < 2 => {}
            "any" => return Ok(Goal::Any),
            "white" | "off" => return Ok(Goal::Colour(0)),
            "on" => return Ok(Goal::Colour(colours - 1)),
            "black" if colours == 2 => return Ok(Goal::Colour(1)),
            "black" => return Err(VariantError::BlackWithMoreColours { colours }),
            _ => {}
        }
        if let &[byte] = text.as_bytes()
            && let Some(colour) = alphabet.colour_of(byte)
        {
            return Ok(Goal::Colour(colour));
        }
        let symbols: Vec<String> = alphabet.as_str().chars().map(|c| format!("'{c}'")).collect();
        Err(VariantError::UnknownGoal {
            black: if colours == 2 { "black, " } else { "" },
            symbols: symbols.join(", "),
            found: text.to_string(),
        })
    }

    /// True when a uniform board of `colour` meets the goal.
    pub fn admits(self, colour: u8) -> bool {
        match self {
            Goal::Any => true,
            Goal::Colour(c) => c == colour,
        }
    }

    /// The goal's name: `any`; `white` or `black` with two colours; else the colour's symbol.
    ///
    /// # Panics
    ///
    /// If the goal's colour has no symbol in `alphabet`.
    pub fn name(self, alphabet: &Alphabet) -> String {
        match (self.word(alphabet.colours()), self) {
            (Some(word), _) => word.to_string(),
            (None, Goal::Colour(c)) => char::from(alphabet.symbol(c)).to_string(),
            (None, Goal::Any) => unreachable!("the goal any always has its word"),
        }
    }

    /// The goal's word when it has one among `colours` colours: `any`, `white` (colour 0),
    /// `black` (colour 1 of two); `None` for the other colours, which are named by symbol
    /// ([`Goal::name`]) or number ([`Variant`](super::rules::Variant)'s `Display`).
    pub(crate) fn word(self, colours: u8) -> Option<&'static str> {
        match self {
            Goal::Any => Some("any"),
            Goal::Colour(0) => Some("white"),
            Goal::Colour(1) if colours == 2 => Some("black"),
            Goal::Colour(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goals_parse_and_name() {
        let wb = Alphabet::default_for(2);
        let four = Alphabet::default_for(4);
        assert_eq!(Goal::parse("any", &four), Ok(Goal::Any));
        assert_eq!(Goal::parse("white", &four), Ok(Goal::Colour(0)));
        assert_eq!(Goal::parse("3", &four), Ok(Goal::Colour(3)));
        assert_eq!(
            Goal::parse("black", &four).unwrap_err().to_string(),
            "black names a colour only with 2 colours; with 4, give the colour's symbol"
        );
        assert_eq!(
            Goal::parse("X", &wb).unwrap_err().to_string(),
            "expected any, white, black, off, on or one of the symbols 'w', 'b', found 'X'"
        );
        // The words people use, in any case; a symbol in the default alphabet's other case.
        assert_eq!(Goal::parse("B", &wb), Ok(Goal::Colour(1)));
        assert_eq!(Goal::parse("OFF", &four), Ok(Goal::Colour(0)));
        assert_eq!(Goal::parse("on", &four), Ok(Goal::Colour(3)));
        assert_eq!(Goal::parse("On", &wb), Ok(Goal::Colour(1)));
        assert_eq!(Goal::parse("Black", &wb), Ok(Goal::Colour(1)));
        let onoff = Alphabet::new("no", 2).unwrap();
        assert_eq!(Goal::parse("o", &onoff), Ok(Goal::Colour(1)));
        assert!(Goal::parse("ON ", &four).is_err());
        assert_eq!(Goal::Colour(1).name(&wb), "black");
        assert_eq!(Goal::Colour(3).name(&four), "3");
        assert!(Goal::Any.admits(2) && !Goal::Colour(1).admits(2));
    }
}
