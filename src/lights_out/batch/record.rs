//! [`BoardRecord`]: one board's answer as docs/JSON.md's `flip-board` record, serialised with
//! serde, and its answer line.

use std::borrow::Cow;
use std::io::{self, Write};

use serde::Serialize;
use serde::ser::SerializeSeq;

use crate::lights_out::board::Board;
use crate::lights_out::solve::Answer;
use crate::lights_out::variant::{Alphabet, Goal, Variant};
use crate::text::Position;

/// One board of a batch, answered or not: the record `flipblox flip --json` prints (docs/JSON.md,
/// `flip-board`; the keys in its order), built by [`BoardRecord::new`] from an [`Answer`] or
/// by the batch for a board that could not be read or answered. The board and the presses are
/// borrowed, so a record costs no copy of them.
#[derive(Debug, Clone, Serialize)]
pub struct BoardRecord<'a> {
    file: &'a str,
    index: usize,
    error: Option<String>,
    distance: Option<usize>,
    lower_bound: Option<usize>,
    path: Option<Presses<'a>>,
    optimal_solutions: Option<u64>,
    /// A decimal number as a string (it can have hundreds of digits).
    solutions: Option<String>,
    board: Option<BoardText<'a>>,
    nullity: Option<usize>,
    proven_minimal: Option<bool>,
    goal: Cow<'a, str>,
    colours: u8,
    wrap: bool,
    toggle: Cow<'a, str>,
    colour: Option<String>,
    /// Where the board starts in its input (not a key of the record).
    #[serde(skip)]
    start: Option<Position>,
}

/// The variant's fields of a record (goal, colours, wrap, toggle), made once for a batch.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Fields {
    /// `any`, `white`, `black` or a symbol.
    pub(crate) goal: String,
    pub(crate) colours: u8,
    pub(crate) wrap: bool,
    /// The toggle pattern (`.x./xxx/.x.`), or `buttons`.
    pub(crate) toggle: String,
}

impl Fields {
    /// The fields of `variant` whose colours are written in `alphabet`.
    pub(crate) fn of(variant: &Variant, alphabet: &Alphabet) -> Fields {
        Fields {
            goal: variant.goal().name(alphabet),
            colours: variant.colours(),
            wrap: variant.wrap(),
            toggle: match variant.buttons() {
                Some(_) => "buttons".to_string(),
                None => variant.toggle().to_string(),
            },
        }
    }
}

/// An answer's parts a record takes.
#[derive(Debug, Clone)]
pub(crate) struct Answered<'a> {
    pub(crate) board: &'a Board,
    /// The symbols the board is written in.
    pub(crate) symbols: &'a Alphabet,
    /// The symbols colours are named in.
    pub(crate) alphabet: &'a Alphabet,
    pub(crate) answer: &'a Answer,
    pub(crate) nullity: usize,
    /// The solution count, with the answer's counts.
    pub(crate) solutions: Option<String>,
    /// Where the board starts in its input.
    pub(crate) start: Option<Position>,
}

impl<'a> BoardRecord<'a> {
    /// The record of `answer`, the answer of board `index` (1-based) of the input `file`, on
    /// `variant` whose null space has dimension `nullity` ([`Solver::nullity`]); the board and
    /// the colours written in `alphabet`. The record carries the answer's solution counts.
    ///
    /// [`Solver::nullity`]: crate::lights_out::solve::Solver::nullity
    pub fn new(
        file: &'a str,
        index: usize,
        variant: &Variant,
        alphabet: &'a Alphabet,
        board: &'a Board,
        nullity: usize,
        answer: &'a Answer,
    ) -> BoardRecord<'a> {
        let fields = Fields::of(variant, alphabet);
        let answered = Answered {
            board,
            symbols: alphabet,
            alphabet,
            answer,
            nullity,
            solutions: Some(answer.solutions.to_string()),
            start: None,
        };
        let variant = (Cow::Owned(fields.goal), fields.colours, fields.wrap, fields.toggle.into());
        BoardRecord::of_answer(file, index, variant, answered)
    }

    /// The record of an answered board.
    pub(crate) fn answered(
        file: &'a str,
        index: usize,
        fields: &'a Fields,
        answered: Answered<'a>,
    ) -> BoardRecord<'a> {
        let variant =
            (Cow::Borrowed(&*fields.goal), fields.colours, fields.wrap, (&*fields.toggle).into());
        BoardRecord::of_answer(file, index, variant, answered)
    }

    /// The record of an answered board on a variant of `(goal, colours, wrap, toggle)`.
    fn of_answer(
        file: &'a str,
        index: usize,
        (goal, colours, wrap, toggle): (Cow<'a, str>, u8, bool, Cow<'a, str>),
        answered: Answered<'a>,
    ) -> BoardRecord<'a> {
        let answer = answered.answer;
        let cols = answered.board.cols();
        BoardRecord {
            file,
            index,
            error: None,
            distance: answer.distance,
            lower_bound: answer.lower_bound,
            path: answer.distance.map(|_| Presses { presses: &answer.presses, cols }),
            optimal_solutions: answer.optimal_solutions,
            solutions: answered.solutions,
            board: Some(BoardText(answered.board, answered.symbols)),
            nullity: Some(answered.nullity),
            proven_minimal: Some(answer.proven_minimal),
            goal,
            colours,
            wrap,
            toggle,
            colour: answer.colour.map(|c| Goal::Colour(c).name(answered.alphabet)),
            start: answered.start,
        }
    }

    /// The record of a board that could not be read or answered, which starts at `start` in
    /// its input: `error` is `LINE:COLUMN: board N: ...`.
    pub(crate) fn failed(
        file: &'a str,
        index: usize,
        start: Position,
        fields: &'a Fields,
        error: String,
    ) -> BoardRecord<'a> {
        BoardRecord {
            file,
            index,
            error: Some(error),
            distance: None,
            lower_bound: None,
            path: None,
            optimal_solutions: None,
            solutions: None,
            board: None,
            nullity: None,
            proven_minimal: None,
            goal: Cow::Borrowed(&fields.goal),
            colours: fields.colours,
            wrap: fields.wrap,
            toggle: Cow::Borrowed(&fields.toggle),
            colour: None,
            start: Some(start),
        }
    }

    /// The input's name.
    pub fn file(&self) -> &str {
        self.file
    }

    /// Where the board starts in its input: its first line (a size line, if it has one),
    /// column 1; `1:1` for a board text or a game ID. `None` for a record made by
    /// [`BoardRecord::new`].
    pub fn start(&self) -> Option<Position> {
        self.start
    }

    /// The board's number in its input, 1-based.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Why the board could not be read or answered (`LINE:COLUMN: board N: ...`); `None` for
    /// an answered board.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The fewest presses reaching the goal (the best found when not proven minimal); `None`
    /// when the goal cannot be reached or the board was not answered.
    pub fn distance(&self) -> Option<usize> {
        self.distance
    }

    /// The board answered, `None` for a board that was not.
    pub fn board(&self) -> Option<&Board> {
        self.board.map(|b| b.0)
    }

    /// The dimension of the null space of the board's variant (with its holes), as
    /// [`Solver::nullity`] gives it (0 for a board that is all holes); `None` for a board that
    /// was not answered.
    ///
    /// [`Solver::nullity`]: crate::lights_out::solve::Solver::nullity
    pub fn nullity(&self) -> Option<usize> {
        self.nullity
    }

    /// Whether the distance is proven minimal (false only when the null space was too large to
    /// weigh whole); `None` for a board that was not answered.
    pub fn proven_minimal(&self) -> Option<bool> {
        self.proven_minimal
    }

    /// The goal as the record names it: `any`, `white`, `black` or a symbol.
    pub fn goal(&self) -> &str {
        &self.goal
    }

    /// The number of colours `K` of the variant; a hole of [`BoardRecord::board`] reads as `K`.
    pub fn colours(&self) -> u8 {
        self.colours
    }

    /// The presses of the answer (`(cell, count)`, cells row by row), with the batch's
    /// presses; `None` when the goal cannot be reached or the board was not answered.
    pub fn presses(&self) -> Option<&[(usize, u8)]> {
        self.path.map(|p| p.presses)
    }

    /// Writes the answer line, without its line break: `Error`, `Impossible`, or the distance,
    /// followed with `path` by its presses `(row,col)` (1-based, a cell pressed `j` times
    /// written `j` times) after a space.
    ///
    /// # Errors
    ///
    /// Writing to `out` failed.
    pub fn write_line(&self, out: &mut impl Write, path: bool) -> io::Result<()> {
        if self.error.is_some() {
            return out.write_all(b"Error");
        }
        let Some(d) = self.distance else { return out.write_all(b"Impossible") };
        write!(out, "{d}")?;
        if let Some(presses) = self.path.filter(|_| path) {
            if d > 0 {
                out.write_all(b" ")?;
            }
            presses.each_row_col(|[r, c]| write!(out, "({r},{c})"))?;
        }
        Ok(())
    }
}

/// Presses `(index, count)` on a board of `cols` columns, written as 1-based `[row, col]`, a
/// cell pressed `j` times written `j` times.
#[derive(Debug, Clone, Copy)]
struct Presses<'a> {
    presses: &'a [(usize, u8)],
    cols: usize,
}

impl Presses<'_> {
    /// Calls `f` with `[row, col]` (1-based) of every press, repeated by its count.
    fn each_row_col<E>(self, mut f: impl FnMut([usize; 2]) -> Result<(), E>) -> Result<(), E> {
        let cols = self.cols;
        self.presses
            .iter()
            .try_for_each(|&(i, n)| (0..n).try_for_each(|_| f([i / cols + 1, i % cols + 1])))
    }
}

impl Serialize for Presses<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        self.each_row_col(|rc| seq.serialize_element(&rc))?;
        seq.end()
    }
}

/// A board, written as its rows separated by `/` (`bwwb/bbwb/...`).
#[derive(Debug, Clone, Copy)]
struct BoardText<'a>(&'a Board, &'a Alphabet);

impl Serialize for BoardText<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.to_text(self.1))
    }
}
