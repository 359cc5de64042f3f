//! What a table file says about its payload: the puzzle and board shape, the element type, the
//! state layout, and the distance histogram.

use serde::{Deserialize, Serialize};

use crate::lights_out::{BoardSize, Goal, TogglePattern, Variant};
use crate::text::quote;

/// The puzzle a table belongs to, with its board shape.
///
/// Encoded in the header of a table file (bincode variant index, then the fields in order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Puzzle {
    /// The Flip Game (POJ 1753; Lights Out with the plus-shaped toggle) on a `rows x cols` board:
    /// one entry per state, the minimum number of presses to a uniform board (either colour).
    FlipGame {
        /// Rows of the board.
        rows: u32,
        /// Columns of the board.
        cols: u32,
    },
    /// Bloxorz (POJ 3322), one level of `rows x cols` cells: one entry per (cell, orientation),
    /// the minimum number of rolls from that state to standing on the goal `O`.
    Bloxorz {
        /// Rows of the level.
        rows: u32,
        /// Columns of the level.
        cols: u32,
    },
    /// Any variant of the Lights Out family ([`Variant`]) on a `rows x cols` board: one entry
    /// per state (`colours^(rows*cols)` states, [`StateLayout::ColourDigitsRowMajor`], or
    /// [`StateLayout::FlipBitsRowMajor`] for two colours), the minimum number of presses to the
    /// goal (a cell pressed `j` times counting `j`). The Flip Game's own table (plus, two
    /// colours, no wrap-around, goal any) is written as [`Puzzle::FlipGame`].
    LightsOut {
        /// Rows of the board.
        rows: u32,
        /// Columns of the board.
        cols: u32,
        /// The number of colours `K`, 2 to 16.
        colours: u8,
        /// True when the board wraps around (a torus).
        wrap: bool,
        /// The toggle pattern as written canonically, e.g. `.x./xxx/.x.`
        /// ([`TogglePattern`]'s text).
        toggle: String,
        /// The goal: `None` for any uniform board, else the colour every cell must show.
        goal: Option<u8>,
    },
}

impl Puzzle {
    /// The puzzle of a variant's table: [`Puzzle::FlipGame`] for the Flip Game
    /// ([`Variant::flip_game`]), else [`Puzzle::LightsOut`].
    pub fn of_variant(variant: &Variant) -> Puzzle {
        let size = variant.size();
        let (rows, cols) = (size.rows() as u32, size.cols() as u32);
        if *variant == Variant::flip_game(size) {
            return Puzzle::FlipGame { rows, cols };
        }
        Puzzle::LightsOut {
            rows,
            cols,
            colours: variant.colours(),
            wrap: variant.wrap(),
            toggle: variant.toggle().to_string(),
            goal: match variant.goal() {
                Goal::Any => None,
                Goal::Colour(c) => Some(c),
            },
        }
    }

    /// The Lights Out variant of a Flip Game or Lights Out table; `Ok(None)` for a Bloxorz
    /// field.
    ///
    /// # Errors
    ///
    /// Why the fields name no variant (a bad size, pattern, number of colours or goal), in
    /// words.
    pub fn variant(&self) -> Result<Option<Variant>, String> {
        let (rows, cols) = match *self {
            Puzzle::Bloxorz { .. } => return Ok(None),
            Puzzle::FlipGame { rows, cols } | Puzzle::LightsOut { rows, cols, .. } => (rows, cols),
        };
        let size = BoardSize::new(rows as usize, cols as usize)
            .map_err(|_| format!("a board of {rows}x{cols}"))?;
        let Puzzle::LightsOut { colours, wrap, toggle, goal, .. } = self else {
            return Ok(Some(Variant::flip_game(size)));
        };
        let pattern: TogglePattern = toggle
            .parse()
            .map_err(|e| format!("the toggle pattern {}: {e}", quote(toggle.as_bytes())))?;
        let goal = goal.map_or(Goal::Any, Goal::Colour);
        Variant::new(size, pattern, *wrap, *colours, goal).map(Some).map_err(|e| e.to_string())
    }

    /// The kind of table, for messages: `a Flip Game 5x5 table`, `a Bloxorz 3x4 field`,
    /// `a Lights Out 3x3, toggle .x./xxx/.x., 3 colours, goal any table`.
    pub fn kind(&self) -> String {
        match self {
            Puzzle::FlipGame { rows, cols } => format!("a Flip Game {rows}x{cols} table"),
            Puzzle::Bloxorz { rows, cols } => format!("a Bloxorz {rows}x{cols} field"),
            Puzzle::LightsOut { .. } => format!("a Lights Out {} table", self.variant_text()),
        }
    }

    /// The variant's text (as [`Variant`]'s `Display`), or the fields as they are when they
    /// name no variant.
    fn variant_text(&self) -> String {
        match (self.variant(), self) {
            (Ok(Some(v)), _) => v.to_string(),
            (_, Puzzle::LightsOut { rows, cols, colours, wrap, toggle, goal }) => format!(
                "{rows}x{cols}, toggle {}{}, {colours} colours, goal {}",
                quote(toggle.as_bytes()),
                if *wrap { ", wrap" } else { "" },
                goal.map_or_else(|| "any".to_string(), |c| format!("colour {c}"))
            ),
            _ => String::new(),
        }
    }

    /// One line for people: `Flip Game 4x4 (POJ 1753): ...`.
    pub fn describe(&self) -> String {
        match self {
            Puzzle::FlipGame { rows, cols } => format!(
                "Flip Game {rows}x{cols} (POJ 1753, Lights Out with the plus-shaped toggle):                  minimum presses to a uniform board"
            ),
            Puzzle::Bloxorz { rows, cols } => format!(
                "Bloxorz level of {rows}x{cols} cells (POJ 3322): minimum rolls to stand on the goal"
            ),
            Puzzle::LightsOut { .. } => {
                format!("Lights Out {}: minimum presses to the goal", self.variant_text())
            }
        }
    }

    /// The name of the puzzle in JSON: `flip-game`, `bloxorz` or `lights-out`.
    pub fn name(&self) -> &'static str {
        match self {
            Puzzle::FlipGame { .. } => "flip-game",
            Puzzle::Bloxorz { .. } => "bloxorz",
            Puzzle::LightsOut { .. } => "lights-out",
        }
    }

    /// The board's (level's) `(rows, cols)`.
    pub fn board(&self) -> (u32, u32) {
        match *self {
            Puzzle::FlipGame { rows, cols }
            | Puzzle::Bloxorz { rows, cols }
            | Puzzle::LightsOut { rows, cols, .. } => (rows, cols),
        }
    }

    /// A Lights Out table's rules as JSON fields; `None` for the other puzzles.
    pub fn variant_fields(&self) -> Option<VariantFields> {
        match self {
            Puzzle::LightsOut { colours, wrap, toggle, goal, .. } => Some(VariantFields {
                colours: *colours,
                wrap: *wrap,
                toggle: toggle.clone(),
                goal: *goal,
            }),
            _ => None,
        }
    }

    /// The number of colours: 2 for the Flip Game, `K` for Lights Out, `None` for Bloxorz.
    pub fn colours(&self) -> Option<u8> {
        match self {
            Puzzle::FlipGame { .. } => Some(2),
            Puzzle::LightsOut { colours, .. } => Some(*colours),
            Puzzle::Bloxorz { .. } => None,
        }
    }
    /// The kind of table, for messages: `a Flip Game 5x5 table`, `a Bloxorz 3x4 field`. The entry
    /// of an illegal state, a state the box may not rest in: -2
    /// ([`ILLEGAL`](crate::bloxorz::DistanceField::ILLEGAL)) for Bloxorz; `None` for the Flip Game,
    /// where every board is a state.
    pub fn illegal_value(&self) -> Option<i64> {
        match self {
            Puzzle::FlipGame { .. } | Puzzle::LightsOut { .. } => None,
            Puzzle::Bloxorz { .. } => Some(i64::from(crate::bloxorz::ILLEGAL)),
        }
    }

    /// The element type of this puzzle's payload.
    pub fn element(&self) -> Element {
        match self {
            Puzzle::FlipGame { .. } | Puzzle::LightsOut { .. } => Element::U8,
            Puzzle::Bloxorz { .. } => Element::I32Le,
        }
    }

    /// The state layout of this puzzle's payload.
    pub fn state_layout(&self) -> StateLayout {
        match self {
            Puzzle::FlipGame { .. } => StateLayout::FlipBitsRowMajor,
            Puzzle::LightsOut { colours: 2, .. } => StateLayout::FlipBitsRowMajor,
            Puzzle::LightsOut { .. } => StateLayout::ColourDigitsRowMajor,
            Puzzle::Bloxorz { .. } => StateLayout::BloxorzCellOrientation,
        }
    }
}

/// The rules of a Lights Out table, as the JSON of `export` and `inspect --json` writes them:
/// `{"colours":3,"wrap":false,"toggle":".x./xxx/.x.","goal":null}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VariantFields {
    /// The number of colours `K`.
    pub colours: u8,
    /// True on a torus.
    pub wrap: bool,
    /// The toggle pattern, e.g. `.x./xxx/.x.`.
    pub toggle: String,
    /// `null` for any uniform board, else the goal's colour (0 = white).
    pub goal: Option<u8>,
}

/// The type of one payload entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Element {
    /// One unsigned byte; the sentinel is 255 (impossible). NumPy dtype `|u1`.
    U8,
    /// A signed 32-bit integer, little-endian; the sentinel is -1 (impossible), and a Bloxorz
    /// field also holds -2 (illegal). NumPy dtype `<i4`.
    I32Le,
}

impl Element {
    /// Bytes per entry.
    pub fn size(self) -> usize {
        match self {
            Element::U8 => 1,
            Element::I32Le => 4,
        }
    }

    /// The value stored for "impossible" (no path to the goal): 255 for `U8`, -1 for `I32Le`.
    pub fn sentinel(self) -> i64 {
        match self {
            Element::U8 => i64::from(crate::lights_out::DistanceTable::IMPOSSIBLE),
            Element::I32Le => -1,
        }
    }

    /// The NumPy dtype descriptor: `|u1` or `<i4`.
    pub fn numpy_descr(self) -> &'static str {
        match self {
            Element::U8 => "|u1",
            Element::I32Le => "<i4",
        }
    }
}

/// How an index into the payload names a state (a code; the text is [`StateLayout::describe`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum StateLayout {
    /// Flip Game: the index is the state; bit `cols * row + col` of the state is set when the
    /// piece at (`row`, `col`) shows black, `row` and `col` 0-based from the top-left. (For 4x4
    /// this is [`Board::state`](crate::lights_out::Board::state).)
    FlipBitsRowMajor,
    /// Bloxorz: C order over `(row, col, orientation)`, so the index is
    /// `(cols * row + col) * 3 + orientation`; orientation 0 = standing on (`row`, `col`),
    /// 1 = lying on (`row`, `col`) and (`row`, `col + 1`), 2 = lying on (`row`, `col`) and
    /// (`row + 1`, `col`); rows and columns 0-based from the top-left.
    BloxorzCellOrientation,
    /// Lights Out with `K > 2` colours: the index is the state, the base-`K` number whose digit
    /// `cols * row + col` (the digit of `K^(cols*row+col)`) is the colour (0 to `K - 1`) of the
    /// cell at (`row`, `col`), `row` and `col` 0-based from the top-left
    /// ([`Board::state`](crate::lights_out::Board::state)). For two colours it is
    /// [`StateLayout::FlipBitsRowMajor`].
    ColourDigitsRowMajor,
}

impl StateLayout {
    /// The layout in a few words, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            StateLayout::FlipBitsRowMajor => "the Flip Game's bits, row-major",
            StateLayout::BloxorzCellOrientation => "Bloxorz cells and orientations",
            StateLayout::ColourDigitsRowMajor => "colour digits base K, row-major",
        }
    }

    /// The layout as a sentence, with the board's `cols` filled in.
    pub fn describe(&self, cols: u32) -> String {
        match self {
            StateLayout::FlipBitsRowMajor => format!(
                "index = state; bit {cols}*row+col set = the piece at (row, col) shows black; \
                 row and col 0-based from the top-left"
            ),
            StateLayout::BloxorzCellOrientation => format!(
                "index = ({cols}*row+col)*3+orientation (C order over row, col, orientation); \
                 orientation 0 = standing on (row, col), 1 = lying on (row, col) and (row, col+1), \
                 2 = lying on (row, col) and (row+1, col); 0-based from the top-left"
            ),
            StateLayout::ColourDigitsRowMajor => format!(
                "index = state = sum of colour(row, col) * K^({cols}*row+col), K the number of \
                 colours; colour 0 = white; row and col 0-based from the top-left"
            ),
        }
    }
}

/// How many entries lie at each distance, how many are impossible and how many illegal.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Histogram {
    /// `counts[d]` entries lie at distance `d`, for `d` in `0..=max`; empty when no entry has a
    /// distance.
    pub counts: Vec<u64>,
    /// Entries holding the sentinel, "impossible": states from which the goal cannot be reached
    /// (Flip Game 255, Bloxorz -1).
    pub impossible: u64,
    /// Entries that are not states at all: Bloxorz placements where the box may not rest (-2);
    /// always 0 for the Flip Game.
    pub illegal: u64,
}

impl From<(Vec<u64>, u64)> for Histogram {
    /// The histogram of a Flip Game table's `(counts, impossible)`, as
    /// [`DistanceTable::histogram`](crate::lights_out::DistanceTable::histogram) counts them.
    fn from((counts, impossible): (Vec<u64>, u64)) -> Histogram {
        Histogram { counts, impossible, illegal: 0 }
    }
}

impl From<(Vec<u64>, u64, u64)> for Histogram {
    /// The histogram of a Bloxorz field's `(counts, impossible, illegal)`, as
    /// [`DistanceField::histogram`](crate::bloxorz::DistanceField::histogram) counts them.
    fn from((counts, impossible, illegal): (Vec<u64>, u64, u64)) -> Histogram {
        Histogram { counts, impossible, illegal }
    }
}

impl Histogram {
    /// The largest distance, or `None` when no entry has one.
    pub fn max_distance(&self) -> Option<usize> {
        self.counts.len().checked_sub(1)
    }

    /// All entries counted (saturating).
    pub fn total(&self) -> u64 {
        let sentinels = self.impossible.saturating_add(self.illegal);
        self.counts.iter().fold(sentinels, |a, &c| a.saturating_add(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_count_distances_and_the_sentinel() {
        let h = Histogram::from((vec![1, 0, 2], 1));
        assert_eq!(h.max_distance(), Some(2));
        assert_eq!(h.total(), 4);
        assert_eq!(Histogram::from((vec![], 7)).max_distance(), None);
        assert_eq!(Histogram::from((vec![1], 2, 3)).total(), 6);
        let flip = Variant::flip_game(BoardSize::new(1, 2).unwrap());
        let table = crate::lights_out::DistanceTable::from_bytes(&flip, &[0, 2, 255, 2]).unwrap();
        assert_eq!(
            Histogram::from(table.histogram()),
            Histogram { counts: vec![1, 0, 2], impossible: 1, illegal: 0 }
        );
    }
}
