//! One level from a string: `Level`'s [`FromStr`].

use std::str::FromStr;

use super::detect::{LevelFormat, detect_format};
use super::drawing::DrawingReader;
use super::error::{ErrorKind, LevelError};
use super::pddl::PddlReader;
use super::text::{PackReader, TextSyntax};
use crate::bloxorz::model::level::Level;
use crate::text::Position;

impl FromStr for Level {
    type Err = LevelError;

    /// Reads one level: in the text format, what `Display` writes (the level's own `R C` header,
    /// its rows and its `switch` and `split` lines; a closing `0 0` may follow), an S/T/o/-
    /// drawing, or a PDDL problem of the Bloxorz domain (told apart as [`LevelInput`](crate::bloxorz::LevelInput) tells formats apart).
    ///
    /// ```
    /// use flipblox::bloxorz::Level;
    /// let level: Level = "1 5\nX..O.\n".parse()?;
    /// assert_eq!((level.rows(), level.cols(), level.target()), (1, 5, (0, 3)));
    /// assert_eq!("oSoT\n".parse::<Level>()?.to_string(), "1 4\n.X.O\n");
    /// # Ok::<(), flipblox::bloxorz::LevelError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The level's first error, as a reader of its format reports it; for text that holds no
    /// level or a second one, an error saying it is not one level.
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let bytes = text.as_bytes();
        match detect_format(bytes).format {
            LevelFormat::Drawing => one(DrawingReader::new(bytes)),
            LevelFormat::Pddl => one(PddlReader::new(bytes)),
            LevelFormat::Pack | LevelFormat::Flash => one(PackReader::new(bytes)),
        }
    }
}

/// The one level of `levels`.
fn one(mut levels: impl Iterator<Item = Result<Level, LevelError>>) -> Result<Level, LevelError> {
    let not_one = |level, position, another| LevelError {
        level,
        position,
        kind: ErrorKind::Text(TextSyntax::NotOneLevel { another }),
    };
    let level = match levels.next() {
        Some(level) => level?,
        None => return Err(not_one(1, Some(Position { line: 1, column: 1 }), false)),
    };
    match levels.next() {
        None => Ok(level),
        Some(Ok(next)) => Err(not_one(2, next.origin(), true)),
        Some(Err(e)) => Err(not_one(2, e.position, true)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_reads_back_from_what_display_writes() {
        let pack = "2 3\nXS.\n-.O\nswitch 1 2: on 2 1\n";
        let level: Level = pack.parse().unwrap();
        assert_eq!(level.to_string(), pack);
        assert_eq!(level.to_string().parse::<Level>().unwrap(), level);
        assert_eq!(format!("{pack}0 0\n").parse::<Level>().unwrap(), level);
    }

    #[test]
    fn no_level_or_two_levels_are_refused_at_the_right_place() {
        let none = "".parse::<Level>().unwrap_err();
        assert_eq!(none.to_string(), "1:1: level 1: expected one level, found none");
        let two = "1 2\nXO\n1 2\nOX\n".parse::<Level>().unwrap_err();
        assert_eq!(two.to_string(), "3:1: level 2: expected one level, found another level");
        let bad = "1 2\nXq\n".parse::<Level>().unwrap_err();
        assert_eq!(
            bad.to_string(),
            PackReader::new(b"1 2\nXq\n").next().unwrap().unwrap_err().to_string()
        );
        let drawing = "oSoT\n\nSoT\n".parse::<Level>().unwrap_err();
        assert_eq!(drawing.kind, ErrorKind::Text(TextSyntax::NotOneLevel { another: true }));
    }
}
