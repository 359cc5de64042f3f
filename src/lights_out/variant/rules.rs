//! [`Variant`]: the rules and the goal of one member of the Lights Out family, made by a
//! [`VariantBuilder`].

use std::fmt;
use std::sync::Arc;

use super::buttons::Buttons;
use super::error::{MAX_COLOURS, VariantError};
use super::goal::Goal;
use super::matrix::ToggleMatrix;
use super::toggle::TogglePattern;
use crate::lights_out::size::BoardSize;

/// One member of the Lights Out family: a board size, a toggle pattern, whether the board wraps
/// around, a number of colours `K` and a goal (see the [module docs](crate::lights_out)); and,
/// when the buttons do not all toggle one pattern, a toggle set for every button ([`Buttons`])
/// and the cells that are not there (holes).
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
    /// A toggle set for every button, in place of the pattern.
    buttons: Option<Arc<Buttons>>,
    /// The cells that are not there, `R * C` flags, at least one set.
    holes: Option<Arc<[bool]>>,
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
    buttons: Option<Buttons>,
    holes: Vec<bool>,
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

    /// A toggle set for every button ([`Buttons`]), in place of the toggle pattern (default:
    /// none, every button toggles the pattern). Wrap-around does not apply to them.
    pub fn buttons(mut self, buttons: Buttons) -> VariantBuilder {
        self.buttons = Some(buttons);
        self
    }

    /// The cells that are not there, `R * C` flags row-major, `true` for a hole (default: none).
    /// A hole has no light and no button: no press reaches it, it cannot be pressed, and its
    /// colour never counts for the goal (boards may hold any value there).
    pub fn holes(mut self, holes: Vec<bool>) -> VariantBuilder {
        self.holes = holes;
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
    /// [`VariantError::Buttons`] for buttons of another board size, buttons with wrap-around,
    /// a hole mask of another length than `R * C`, or holes everywhere.
    pub fn build(self) -> Result<Variant, VariantError> {
        let size = BoardSize::new(self.rows, self.cols)?;
        let mut variant = Variant::new(size, self.toggle, self.wrap, self.colours, self.goal)?;
        let refuse = |reason: String| Err(VariantError::Buttons { reason });
        if let Some(buttons) = self.buttons {
            if buttons.size() != size {
                return refuse(format!(
                    "the buttons are for {}, the board is {size}",
                    buttons.size()
                ));
            }
            if self.wrap {
                return refuse("wrap-around does not apply to buttons".to_string());
            }
            variant.buttons = Some(Arc::new(buttons));
        }
        if !self.holes.is_empty() {
            if self.holes.len() != size.cells() {
                let found = self.holes.len();
                return refuse(format!(
                    "expected {} hole flags for {size}, found {found}",
                    size.cells()
                ));
            }
            if self.holes.iter().all(|&h| h) {
                return refuse(format!("every cell of the {size} board is a hole"));
            }
            if self.holes.iter().any(|&h| h) {
                variant.holes = Some(self.holes.into());
            }
        }
        Ok(variant)
    }
}

impl Variant {
    /// The most colours a variant may have.
    pub const MAX_COLOURS: u8 = MAX_COLOURS;

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
            buttons: None,
            holes: Vec::new(),
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
        Ok(Variant { size, toggle, wrap, colours, goal, buttons: None, holes: None })
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

    /// The toggle set of every button, when they replace the pattern
    /// ([`VariantBuilder::buttons`]).
    pub fn buttons(&self) -> Option<&Buttons> {
        self.buttons.as_deref()
    }

    /// The hole mask (`R * C` flags, row-major, at least one set), when the board has holes
    /// ([`VariantBuilder::holes`]).
    pub fn holes(&self) -> Option<&[bool]> {
        self.holes.as_deref()
    }

    /// True when cell `cell` (row-major) is a hole.
    pub(crate) fn is_hole(&self, cell: usize) -> bool {
        self.holes.as_ref().is_some_and(|h| h[cell])
    }

    /// True for buttons or holes: presses are not one pattern around the press everywhere, so
    /// only the general plan of the `Z_K` solver answers them (no light chasing on rows, no
    /// transposition, no table).
    pub(crate) fn has_graph(&self) -> bool {
        self.buttons.is_some() || self.holes.is_some()
    }

    /// The same rules with another goal.
    ///
    /// # Errors
    ///
    /// [`VariantError::GoalColour`] for a colour not below [`Variant::colours`].
    pub fn with_goal(&self, goal: Goal) -> Result<Variant, VariantError> {
        let mut variant =
            Variant::new(self.size, self.toggle.clone(), self.wrap, self.colours, goal)?;
        variant.buttons.clone_from(&self.buttons);
        variant.holes.clone_from(&self.holes);
        Ok(variant)
    }

    /// True for the Flip Game on its board size ([`Variant::flip_game`]).
    pub fn is_flip_game(&self) -> bool {
        self.is_flip_game_rules() && self.goal == Goal::Any
    }

    /// True for the Flip Game's rules, whatever the goal: the plus, two colours, no
    /// wrap-around (the rules GF(2) light chasing on bit-packed rows answers).
    pub(crate) fn is_flip_game_rules(&self) -> bool {
        self.colours == 2 && !self.wrap && self.toggle.is_plus() && !self.has_graph()
    }

    /// The number of states, `K^(R*C)`, when it fits a `u64`.
    pub fn states(&self) -> Option<u64> {
        let cells = u32::try_from(self.size.cells()).ok()?;
        u64::from(self.colours).checked_pow(cells)
    }

    /// The same variant on the transposed board: `R x C` becomes `C x R` and the pattern is
    /// mirrored in the main diagonal, so cell (`r`, `c`) plays as cell (`c`, `r`) did.
    ///
    /// # Panics
    ///
    /// For buttons or holes ([`Variant::has_graph`]), which are never transposed.
    pub(crate) fn transposed(&self) -> Variant {
        assert!(!self.has_graph(), "{self} is not transposed");
        let size = BoardSize::new(self.size.cols(), self.size.rows()).expect("a valid size");
        let toggle = self.toggle.transposed();
        Variant::new(size, toggle, self.wrap, self.colours, self.goal).expect("still valid")
    }

    /// What every press does (see [`ToggleMatrix`]).
    pub(crate) fn toggle_matrix(&self) -> ToggleMatrix {
        let plain = || ToggleMatrix::new(self.size, &self.toggle, self.wrap, self.colours);
        if !self.has_graph() {
            return plain();
        }
        let pattern = self.buttons.is_none().then(plain);
        ToggleMatrix::from_targets(self.size.cells(), self.colours, |press, targets| {
            if self.is_hole(press) {
                return;
            }
            let live = |cell: u32| !self.is_hole(cell as usize);
            match (&self.buttons, &pattern) {
                (Some(buttons), _) => {
                    targets.extend(buttons.toggled(press).iter().copied().filter(|&c| live(c)));
                }
                (None, Some(t)) => {
                    for &(cell, times) in t.effect(press) {
                        if live(cell) {
                            targets.extend((0..times).map(|_| cell));
                        }
                    }
                }
                (None, None) => unreachable!("a pattern without buttons"),
            }
        })
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
    /// E.g. `5x5, toggle .x./xxx/.x., 2 colours, goal any` (`buttons (N toggles)` in place of
    /// the toggle for [`Buttons`], `, H holes` before the colours with holes; with `, wrap` after the toggle on a
    /// torus). The goal is named as `--goal` and the JSON name it with the default alphabet:
    /// `any`, `white` (colour 0), `black` (colour 1 of two), else `colour 2` and so on.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.buttons {
            Some(buttons) => write!(f, "{}, {buttons}", self.size)?,
            None => write!(f, "{}, toggle {}", self.size, self.toggle)?,
        }
        if self.wrap {
            f.write_str(", wrap")?;
        }
        if let Some(holes) = &self.holes {
            let count = holes.iter().filter(|&&h| h).count();
            write!(f, ", {count} hole{}", if count == 1 { "" } else { "s" })?;
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
    use crate::lights_out::{Alphabet, Board};

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
