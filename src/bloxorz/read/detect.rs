//! Telling the level formats apart ([`detect_format`]): a level pack, the Flash game's file or
//! an S/T/o/- drawing, from the input's first lines and whether it assigns `levels`.

use std::fmt;

use super::drawing::is_drawing_cell;
use crate::text::{Line, Lines};

/// A format of Bloxorz levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub(crate) enum LevelFormat {
    /// The text format of level packs (POJ 3322 and its extension).
    Pack,
    /// The original Flash game's level file, or a JavaScript port of it.
    Flash,
    /// The S/T/o/- drawing.
    Drawing,
    /// PDDL problems of the Bloxorz domain.
    Pddl,
}

impl fmt::Display for LevelFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LevelFormat::Pack => "a level pack",
            LevelFormat::Flash => "the Flash game's level file",
            LevelFormat::Drawing => "an S/T/o/- drawing",
            LevelFormat::Pddl => "PDDL problems",
        })
    }
}

/// Why the format of an input was told as it was ([`Detected`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub(crate) enum Reason {
    /// The first line that is not blank or a `;` comment starts with a digit (an `R C` header).
    Header,
    /// That line holds only drawing cells `S`, `T`, `o`, `-`.
    DrawingLine,
    /// That line holds drawing cells, at least one `S`, `T` or `o`, and blanks or `.` among
    /// them: a drawing with a mistake, which its reader reports where it is.
    DrawingLike,
    /// That line starts with `(`, as a PDDL `(define ...)` does.
    Parenthesis,
    /// The input assigns `levels` (`levels = [...]`, `var levels = [...]`).
    AssignsLevels,
    /// None of these: a pack, whose reader reports what is wrong.
    Otherwise,
    /// The input holds no level line at all.
    Empty,
    /// A stream's start (`detect_from_head`'s `head`, as long as a caller looks) holds no
    /// complete level line: only a pack has lines that long.
    LongStart,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::Header => "its first line is an `R C` header",
            Reason::DrawingLine => "its first line holds only the cells S, T, o and -",
            Reason::DrawingLike => {
                "its first line holds the cells S, T, o and -, with blanks or '.' among them"
            }
            Reason::Parenthesis => "its first line starts with `(`, as a PDDL `(define ...)` does",
            Reason::AssignsLevels => "it assigns `levels`",
            Reason::Otherwise => {
                "it has no `R C` header first, no drawing line first and does not assign `levels`"
            }
            Reason::Empty => "it holds no levels",
            Reason::LongStart => "its start holds no complete line but blanks",
        })
    }
}

/// What telling an input's format found
/// ([`LevelInput::detection`](crate::bloxorz::LevelInput::detection)): the format, why, and another
/// format the input also looks like, if any (a caller then warns, and the user can name the
/// format).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Detected {
    /// The format chosen.
    pub(crate) format: LevelFormat,
    /// Why.
    pub(crate) reason: Reason,
    /// Another format the input also looks like.
    pub(crate) also: Option<LevelFormat>,
}

impl fmt::Display for Detected {
    /// `read as FORMAT (WHY)`, then `, but it also looks like FORMAT` when
    /// [`Detected::also`] names one: the line a front end prints to say how it reads an input
    /// (as a warning when the input also looks like another format).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "read as {} ({})", self.format, self.reason)?;
        match self.also {
            Some(also) => write!(f, ", but it also looks like {also}"),
            None => Ok(()),
        }
    }
}

/// The first line of `lines` that is not blank and not a `;` comment.
fn first_level_line<'a>(lines: &mut Lines<'a>) -> Option<Line<'a>> {
    lines.find(|line| {
        let start = line.text.iter().position(|b| !b.is_ascii_whitespace());
        start.is_some_and(|i| line.text[i] != b';')
    })
}

/// The format the first level line `text` decides, if it does: a digit first (a pack's
/// header), `(` first (PDDL), or only drawing cells.
fn decided_by_first_line(text: &[u8]) -> Option<(LevelFormat, Reason)> {
    let first = text.iter().find(|b| !b.is_ascii_whitespace())?;
    if first.is_ascii_digit() {
        Some((LevelFormat::Pack, Reason::Header))
    } else if *first == b'(' {
        Some((LevelFormat::Pddl, Reason::Parenthesis))
    } else if text.iter().all(|&b| is_drawing_cell(b)) {
        Some((LevelFormat::Drawing, Reason::DrawingLine))
    } else if looks_drawn(text) {
        Some((LevelFormat::Drawing, Reason::DrawingLike))
    } else {
        None
    }
}

/// True when the line `text` is a drawing's row with a mistake people make: indented, or with
/// `.` for a cell (`So.oT`): only drawing cells, blanks and `.`, and at least one `S`, `T` or
/// `o`. No pack starts so (its first line is a header), nor a JavaScript port.
fn looks_drawn(text: &[u8]) -> bool {
    text.iter().all(|&b| is_drawing_cell(b) || matches!(b, b'.' | b' ' | b'\t'))
        && text.iter().any(|&b| matches!(b, b'S' | b'T' | b'o'))
}

/// The format of the whole input `bytes`, in this order: a pack when its first line that is not
/// blank or a `;` comment starts with a digit (an `R C` header); PDDL when it starts with `(`,
/// or a drawing when that line holds only the cells `S`, `T`, `o` and `-`, or those, at least
/// one `S`, `T` or `o`, with blanks or `.` among them (an indented drawing, `So.oT`: its reader
/// says where the mistake is) (in both cases the
/// Flash file is named as [`Detected::also`] when the input also assigns `levels`); the Flash
/// game's file when the input assigns `levels`
/// (`levels = [`, also after `var`, `let` or `const`); a pack otherwise, whose reader says what is
/// wrong.
///
/// ```
/// use flipblox::bloxorz::{InputFormat, LevelInput};
/// let format = |b: &'static [u8]| LevelInput::from_bytes(b, InputFormat::Auto, 1 << 20).format();
/// assert_eq!(format(b"3 4\nX..O\n"), InputFormat::Pack);
/// assert_eq!(format(b"oooo\noSoo\n--ooTo\n"), InputFormat::Drawing);
/// assert_eq!(format(b"var levels = [\"\", a];\n"), InputFormat::Flash);
/// assert_eq!(format(b"; a level\n(define (problem p)\n"), InputFormat::Pddl);
/// assert_eq!(format(b"hello\n"), InputFormat::Pack);
/// ```
pub(crate) fn detect_format(bytes: &[u8]) -> Detected {
    // `levels` is looked for only when the first line leaves the choice open (or makes a
    // drawing), so that a pack, however large, is not scanned twice.
    let flash = Detected { format: LevelFormat::Flash, reason: Reason::AssignsLevels, also: None };
    let mut lines = Lines::new(bytes);
    let Some(first) = first_level_line(&mut lines) else {
        return if assigns_levels(bytes) {
            flash
        } else {
            Detected { format: LevelFormat::Pack, reason: Reason::Empty, also: None }
        };
    };
    match decided_by_first_line(first.text) {
        Some((LevelFormat::Pack, reason)) => {
            Detected { format: LevelFormat::Pack, reason, also: None }
        }
        Some((format, reason)) => {
            let also = assigns_levels(bytes).then_some(LevelFormat::Flash);
            Detected { format, reason, also }
        }
        None if assigns_levels(bytes) => flash,
        None => Detected { format: LevelFormat::Pack, reason: Reason::Otherwise, also: None },
    }
}

/// The format the start `head` of an input decides without the rest (for a stream, so that a
/// pack or a drawing is still read as a stream, its levels answered as they come): the same
/// format as [`detect_format`] on the whole input whenever it is `Some` and `head` is not
/// `full` (without [`Detected::also`]: whether a drawing also assigns `levels` later is not
/// looked for). `None` when `head` holds no complete level line yet, or its first level line is
/// neither a header nor a drawing line (then the whole input decides). When `head` is `full` (as
/// long as the caller looks) and holds no complete level line, a pack ([`Reason::LongStart`]):
/// the format with the longest lines, whose reader reports them.
pub(crate) fn detect_from_head(head: &[u8], full: bool) -> Option<Detected> {
    let mut lines = Lines::new(head);
    let first = first_level_line(&mut lines);
    // The line must be complete: a line ending follows it within `head`.
    let complete = |lines: &Lines<'_>| {
        lines.offset() < head.len() || head.ends_with(b"\n") || head.ends_with(b"\r")
    };
    let Some(first) = first.filter(|_| complete(&lines)) else {
        let long = Detected { format: LevelFormat::Pack, reason: Reason::LongStart, also: None };
        return full.then_some(long);
    };
    let (format, reason) = decided_by_first_line(first.text)?;
    Some(Detected { format, reason, also: None })
}

/// True when `bytes` assign `levels`: the word `levels` (not part of a longer name), then blanks,
/// then `=` that is not `==`.
pub(crate) fn assigns_levels(bytes: &[u8]) -> bool {
    const WORD: &[u8] = b"levels";
    let is_name = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    memchr::memmem::find_iter(bytes, WORD).any(|at| {
        if at > 0 && (is_name(bytes[at - 1]) || bytes[at - 1] == b'.') {
            return false;
        }
        let mut i = at + WORD.len();
        while bytes.get(i).is_some_and(|&b| b == b' ' || b == b'\t') {
            i += 1;
        }
        bytes.get(i) == Some(&b'=') && bytes.get(i + 1) != Some(&b'=')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_format_and_files_that_look_like_two() {
        let pack = |d: Detected| (d.format, d.reason, d.also);
        assert_eq!(
            pack(detect_format(b"\xEF\xBB\xBF; levels = [a]\n\n 1 2\nXO\n")),
            (LevelFormat::Pack, Reason::Header, None)
        );
        assert_eq!(
            pack(detect_format(b"SoT\n\n; levels = [a];\n")),
            (LevelFormat::Drawing, Reason::DrawingLine, Some(LevelFormat::Flash))
        );
        assert_eq!(
            pack(detect_format(b"// port\nconst levels = [\"\", a];")),
            (LevelFormat::Flash, Reason::AssignsLevels, None)
        );
        assert_eq!(detect_format(b"levels == 3\n").format, LevelFormat::Pack);
        assert_eq!(detect_format(b"sublevels = 3\n").format, LevelFormat::Pack);
        assert_eq!(detect_format(b"a.levels = 3\n").format, LevelFormat::Pack);
        assert_eq!(detect_format(b"").reason, Reason::Empty);
        assert_eq!(detect_format(b"1 2\rXO\r").format, LevelFormat::Pack);
        assert_eq!(detect_format(b"So\roT\r").format, LevelFormat::Drawing);
        // Drawings with a mistake are drawings still, whose reader says where it is.
        for drawn in [&b"So.oT\n"[..], b"  oooo\n  oSoo\n", b"\toSoT\n", b"o o\nSoT\n"] {
            let d = detect_format(drawn);
            assert_eq!((d.format, d.reason), (LevelFormat::Drawing, Reason::DrawingLike));
        }
        // Lines without a tile of the drawing, or with other letters, are not.
        for other in [&b"....\n"[..], b" - -\n", b"hello\n", b"..X..O\n", b"var levels\n"] {
            assert_eq!(detect_format(other).format, LevelFormat::Pack, "{other:?}");
        }
        assert_eq!(
            pack(detect_format(b" (define (problem p)\n")),
            (LevelFormat::Pddl, Reason::Parenthesis, None)
        );
    }

    #[test]
    fn a_head_decides_only_what_the_whole_input_would() {
        assert_eq!(detect_from_head(b"3 4\n", false).map(|d| d.format), Some(LevelFormat::Pack));
        assert_eq!(detect_from_head(b"3 4", false), None);
        assert_eq!(detect_from_head(b"SoT", false), None);
        let drawing = detect_from_head(b"\n; a comment\nSoT\n", false).unwrap();
        assert_eq!((drawing.format, drawing.also), (LevelFormat::Drawing, None));
        assert_eq!(detect_from_head(b"var levels", false), None);
        assert_eq!(detect_from_head(b"\n\n", false), None);
        let long = detect_from_head(b"\n\n   ", true).unwrap();
        assert_eq!((long.format, long.reason), (LevelFormat::Pack, Reason::LongStart));
        assert_eq!(detect_from_head(b"\0\0\0", true).unwrap().reason, Reason::LongStart);
    }
}
