//! [`Variant`]: the rules and the goal of one member of the Lights Out family, made by a
//! [`VariantBuilder`].

use std::fmt;

use super::alphabet::Alphabet;
use super::goal::Goal;
use super::matrix::ToggleMatrix;
use super::toggle::TogglePattern;
use crate::lights_out::board::colours::Board;
use crate::lights_out::board::error::BoardError;
use crate::lights_out::size::{BoardSize, SizeError};

/// One member of the Lights Out family: a board size, a toggle pattern, whether the board wraps
/// around, a number of colours `K` and a goal (see the [module docs](crate::lights_out)).
///
/// Made by [`Variant::builder`] (every rule but the size has the Flip Game's default: the plus,
/// no wrap-around, two colours, the goal any) or [`Variant::flip_game`].
///
/// ```
/// use flipblox::lights_out::{Goal, Variant};
/// let v = Variant::builder(5, 5)
///     .toggle("x.x/.x./x.x".parse()?)
///     .wrap(true)
///     .colours(3)
///     .goal(Goal::Colour(0))
///     .build()?;
/// assert_eq!(v.to_string(), "5x5, toggle x.x/.x./x.x, wrap, 3 colours, goal white");
/// assert_eq!(v.states(), Some(3u64.pow(25)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Variant {
    size: BoardSize,
    toggle: TogglePattern,
    wrap: bool,
    colours: u8,
    goal: Goal,
}

/// The rules of a [`Variant`] being put together (see [`Variant::builder`]); [`build`] checks
/// them.
///
/// [`build`]: VariantBuilder::build
#[derive(Debug, Clone)]
pub struct VariantBuilder {
    rows: usize,
    cols: usize,
    toggle: TogglePattern,
    wrap: bool,
    colours: u8,
    goal: Goal,
}

/// Why a variant was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariantError {
    /// A board size outside `1..=`[`BoardSize::MAX_SIDE`] on either side.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A number of colours outside `2..=16`.
    #[error("expected 2 to {} colours, found {found}", Variant::MAX_COLOURS)]
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
}

impl VariantBuilder {
    /// The cells a press toggles (default: the plus, `.x./xxx/.x.`).
    pub fn toggle(mut self, toggle: TogglePattern) -> VariantBuilder {
        self.toggle = toggle;
        self
    }

    /// Whether the board wraps around, a torus (default: no).
    pub fn wrap(mut self, wrap: bool) -> VariantBuilder {
        self.wrap = wrap;
        self
    }

    /// The number of colours `K` (default: 2).
    pub fn colours(mut self, colours: u8) -> VariantBuilder {
        self.colours = colours;
        self
    }

    /// The boards to reach (default: [`Goal::Any`]).
    pub fn goal(mut self, goal: Goal) -> VariantBuilder {
        self.goal = goal;
        self
    }

    /// The variant.
    ///
    /// # Errors
    ///
    /// [`VariantError::Size`] for a side of 0 or over [`BoardSize::MAX_SIDE`];
    /// [`VariantError::Colours`] unless the colours are in `2..=16`; [`VariantError::GoalColour`]
    /// for a goal colour not below them; [`VariantError::PatternTooLarge`] when the pattern
    /// reaches more rows (columns) from the press than the board has: its mask may be at most
    /// `2R + 1` by `2C + 1`. (With wrap-around the offsets are taken modulo the sides, so a
    /// pattern as large as that may reach a cell twice: the cell then advances two colours.)
    pub fn build(self) -> Result<Variant, VariantError> {
        let size = BoardSize::new(self.rows, self.cols)?;
        Variant::new(size, self.toggle, self.wrap, self.colours, self.goal)
    }
}

impl Variant {
    /// The most colours a variant may have.
    pub const MAX_COLOURS: u8 = 16;

    /// A builder of the variant on a `rows x cols` board, with the Flip Game's rules until told
    /// otherwise.
    pub fn builder(rows: usize, cols: usize) -> VariantBuilder {
        VariantBuilder {
            rows,
            cols,
            toggle: TogglePattern::plus(),
            wrap: false,
            colours: 2,
            goal: Goal::Any,
        }
    }

    /// The variant `size`, `toggle`, `wrap`, `colours`, `goal` (the checks of
    /// [`VariantBuilder::build`]).
    pub(crate) fn new(
        size: BoardSize,
        toggle: TogglePattern,
        wrap: bool,
        colours: u8,
        goal: Goal,
    ) -> Result<Variant, VariantError> {
        if !(2..=Variant::MAX_COLOURS).contains(&colours) {
            return Err(VariantError::Colours { found: u64::from(colours) });
        }
        if let Goal::Colour(colour) = goal
            && colour >= colours
        {
            return Err(VariantError::GoalColour { colour, colours });
        }
        for (reach, side, what) in [
            (toggle.reach_rows(), size.rows(), "rows"),
            (toggle.reach_cols(), size.cols(), "columns"),
        ] {
            if reach > side {
                let pattern = toggle.to_string();
                return Err(VariantError::PatternTooLarge { pattern, size, reach, what });
            }
        }
        Ok(Variant { size, toggle, wrap, colours, goal })
    }

    /// The Flip Game on `size` (POJ 1753 on [`BoardSize::CLASSIC`]): the plus, no wrap-around,
    /// two colours (white `w` is colour 0, black `b` colour 1), goal [`Goal::Any`].
    pub fn flip_game(size: BoardSize) -> Variant {
        Variant::new(size, TogglePattern::plus(), false, 2, Goal::Any).expect("the Flip Game")
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The toggle pattern.
    pub fn toggle(&self) -> &TogglePattern {
        &self.toggle
    }

    /// True when the board wraps around (a torus).
    pub fn wrap(&self) -> bool {
        self.wrap
    }

    /// The number of colours `K`.
    pub fn colours(&self) -> u8 {
        self.colours
    }

    /// The goal.
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The same rules with another goal.
    ///
    /// # Errors
    ///
    /// [`VariantError::GoalColour`] for a colour not below [`Variant::colours`].
    pub fn with_goal(&self, goal: Goal) -> Result<Variant, VariantError> {
        Variant::new(self.size, self.toggle.clone(), self.wrap, self.colours, goal)
    }

    /// True for the Flip Game on its board size ([`Variant::flip_game`]).
    pub fn is_flip_game(&self) -> bool {
        self.is_flip_game_rules() && self.goal == Goal::Any
    }

    /// True for the Flip Game's rules, whatever the goal: the plus, two colours, no
    /// wrap-around (the rules GF(2) light chasing on bit-packed rows answers).
    pub(crate) fn is_flip_game_rules(&self) -> bool {
        self.colours == 2 && !self.wrap && self.toggle.is_plus()
    }

    /// The number of states, `K^(R*C)`, when it fits a `u64`.
    pub fn states(&self) -> Option<u64> {
        let cells = u32::try_from(self.size.cells()).ok()?;
        u64::from(self.colours).checked_pow(cells)
    }

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
        Board::parse(text, self.size, &Alphabet::default_for(self.colours))
    }

    /// Presses cell `cell` (row-major, `row * C + col`) of `board` `times` times: every cell the
    /// toggle pattern reaches from it (across the edges on a torus) advances `times` colours,
    /// modulo `K`.
    ///
    /// # Panics
    ///
    /// If `board` is not of the variant's size or `cell` is off it.
    ///
    /// ```
    /// use flipblox::lights_out::Variant;
    /// let variant = Variant::builder(2, 3).colours(3).build()?;
    /// let mut board = variant.board("000/000")?;
    /// variant.press(&mut board, 0, 2);
    /// assert_eq!(board.cells(), &[2, 2, 0, 2, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn press(&self, board: &mut Board, cell: usize, times: u8) {
        let (rows, cols) = (self.size.rows(), self.size.cols());
        assert_eq!((board.rows(), board.cols()), (rows, cols), "a board of {}", self.size);
        assert!(cell < rows * cols, "cell {cell} is off the {} board", self.size);
        let (r, c) = ((cell / cols) as isize, (cell % cols) as isize);
        let (rows, cols) = (rows as isize, cols as isize);
        let k = u32::from(self.colours);
        let cells = board.cells_mut();
        for &(dr, dc) in self.toggle.offsets() {
            let (tr, tc) = (r + dr, c + dc);
            let target = if self.wrap {
                tr.rem_euclid(rows) * cols + tc.rem_euclid(cols)
            } else if (0..rows).contains(&tr) && (0..cols).contains(&tc) {
                tr * cols + tc
            } else {
                continue;
            };
            let v = &mut cells[target as usize];
            *v = ((u32::from(*v) + u32::from(times)) % k) as u8;
        }
    }

    /// The same variant on the transposed board: `R x C` becomes `C x R` and the pattern is
    /// mirrored in the main diagonal, so cell (`r`, `c`) plays as cell (`c`, `r`) did.
    pub(crate) fn transposed(&self) -> Variant {
        let size = BoardSize::new(self.size.cols(), self.size.rows()).expect("a valid size");
        let toggle = self.toggle.transposed();
        Variant::new(size, toggle, self.wrap, self.colours, self.goal).expect("still valid")
    }

    /// What every press does (see [`ToggleMatrix`]).
    pub(crate) fn toggle_matrix(&self) -> ToggleMatrix {
        ToggleMatrix::new(self.size, &self.toggle, self.wrap, self.colours)
    }

    /// The press patterns of a two-colour variant on at most 32 cells as bit masks: bit `i` of
    /// pattern `p` is set when press `p` flips cell `i` (the state layout of its tables).
    ///
    /// # Panics
    ///
    /// With more than two colours or more than 32 cells.
    pub(crate) fn press_masks(&self) -> Vec<u32> {
        assert!(self.colours == 2 && self.size.cells() <= 32, "the masks of {self}");
        let t = self.toggle_matrix();
        (0..self.size.cells())
            .map(|p| t.effect(p).iter().fold(0u32, |acc, &(i, _)| acc | 1 << i))
            .collect()
    }
}

impl fmt::Display for Variant {
    /// E.g. `5x5, toggle .x./xxx/.x., 2 colours, goal any` (with `, wrap` after the toggle on a
    /// torus). The goal is named as `--goal` and the JSON name it with the default alphabet:
    /// `any`, `white` (colour 0), `black` (colour 1 of two), else `colour 2` and so on.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, toggle {}", self.size, self.toggle)?;
        if self.wrap {
            f.write_str(", wrap")?;
        }
        write!(f, ", {} colours, goal ", self.colours)?;
        match (self.goal.word(self.colours), self.goal) {
            (Some(word), _) => f.write_str(word),
            (None, Goal::Colour(c)) => write!(f, "colour {c}"),
            (None, Goal::Any) => unreachable!("the goal any always has its word"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(r: usize, c: usize) -> BoardSize {
        BoardSize::new(r, c).unwrap()
    }

    #[test]
    fn variants_are_checked() {
        let plus = TogglePattern::plus();
        let v = |s, p: &str, k, g| Variant::new(s, p.parse().unwrap(), false, k, g);
        assert!(v(size(1, 1), ".x./xxx/.x.", 2, Goal::Any).is_ok());
        assert_eq!(
            v(size(3, 3), "x", 17, Goal::Any).unwrap_err().to_string(),
            "expected 2 to 16 colours, found 17"
        );
        assert_eq!(
            v(size(3, 3), "x", 3, Goal::Colour(3)).unwrap_err().to_string(),
            "the goal is colour 3, but the colours are 0 to 2"
        );
        assert_eq!(
            v(size(1, 4), "..x../..x../xxxxx/..x../..x..", 2, Goal::Any).unwrap_err().to_string(),
            "the toggle pattern ..x../..x../xxxxx/..x../..x.. reaches 2 rows from the press, \
             more than the 1x4 board has"
        );
        assert!(Variant::new(size(2, 2), plus.clone(), true, 2, Goal::Any).is_ok());
        let t = Variant::new(size(2, 5), "x../xxx/...".parse().unwrap(), true, 3, Goal::Colour(2))
            .unwrap()
            .transposed();
        assert_eq!(t.to_string(), "5x2, toggle xx./.x./.x., wrap, 3 colours, goal colour 2");
        assert_eq!(Variant::flip_game(size(5, 5)).states(), Some(1 << 25));
        assert!(Variant::flip_game(size(5, 5)).is_flip_game());
    }

    #[test]
    fn a_press_applied_twice_is_the_identity() {
        let flip = Variant::flip_game(BoardSize::CLASSIC);
        for bits in (0..=u64::from(u16::MAX)).step_by(97) {
            let board = Board::from_state(4, 4, 2, bits);
            for i in 0..16 {
                let mut pressed = board.clone();
                flip.press(&mut pressed, i, 1);
                assert_ne!(pressed, board, "{bits:#x}, press {i}");
                flip.press(&mut pressed, i, 1);
                assert_eq!(pressed, board, "{bits:#x}, press {i}");
            }
        }
    }

    #[test]
    fn press_flips_the_plus_shape_and_is_an_involution() {
        let flip = Variant::flip_game(size(3, 70));
        let mut board = Board::new(3, 70);
        flip.press(&mut board, 70 + 64, 1);
        assert_eq!(board.cells().iter().filter(|&&c| c != 0).count(), 5);
        for (r, c) in [(0, 64), (2, 64), (1, 63), (1, 65), (1, 64)] {
            assert_eq!(board.get(r, c), 1, "({r}, {c})");
        }
        flip.press(&mut board, 70 + 64, 1);
        assert!(board.cells().iter().all(|&c| c == 0));
        flip.press(&mut board, 0, 1);
        let text = board.to_text(&Alphabet::default_for(2));
        assert_eq!(&text.split('/').next().unwrap()[..3], "bbw");
    }

    #[test]
    fn the_builder_starts_from_the_flip_game_and_checks_the_size() {
        assert_eq!(Variant::builder(4, 4).build(), Ok(Variant::flip_game(BoardSize::CLASSIC)));
        assert_eq!(
            Variant::builder(0, 4).build().unwrap_err().to_string(),
            "a board needs at least one row and one column, found 0x4"
        );
        let v = Variant::builder(3, 3).goal(Goal::Colour(0)).build().unwrap();
        assert!(v.is_flip_game_rules() && !v.is_flip_game());
        assert_eq!(
            Variant::builder(3, 3).colours(1).build(),
            Err(VariantError::Colours { found: 1 })
        );
    }
}
