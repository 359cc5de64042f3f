//! The Lights Out family: a [`Variant`] is a board size, a toggle pattern, whether the board
//! wraps around, a number of colours and a goal.
//!
//! - [`TogglePattern`]: the cells a press advances, as a mask centred on the press
//!   (`.x./xxx/.x.`, the plus, is the Flip Game's and classic Lights Out's).
//! - Wrap-around: on a torus a press at an edge also advances the cells past it on the opposite
//!   edge.
//! - Colours `K` in `2..=16`: every cell shows one of `K` colours, `0` (white, off) to `K - 1`;
//!   a press advances each toggled cell by one colour, modulo `K` (for `K = 2` it flips it).
//!   A cell pressed `j` times counts `j` presses, and pressing it `K` times changes nothing.
//! - [`Goal`]: any uniform board (the Flip Game's question), or one colour (classic Lights
//!   Out's "all lights off" is [`Goal::Colour`]`(0)` when colour 1 means lit).
//! - [`Alphabet`]: the symbol of each colour in text; [`ColourBoard`]: a board of one byte per
//!   cell; [`ToggleMatrix`]: what each press does to a whole board.
//! - [`bfs`]: distance tables of any variant on small boards.
//!
//! The Flip Game of the rest of [`flip`](super) is the variant with the plus, two colours, no
//! wrap-around ([`Variant::flip_game`]); [`Variant::is_flip_game_rules`] tells when the GF(2)
//! solver applies.

mod alphabet;
pub mod bfs;
mod board;
mod toggle;

use std::fmt;

pub use alphabet::{Alphabet, AlphabetError};
pub use board::ColourBoard;
pub use toggle::{MAX_PATTERN_SIDE, TogglePattern, TogglePatternError, TogglePatternErrorKind};

use super::BoardSize;

/// The most colours a variant may have.
pub const MAX_COLOURS: u8 = 16;

/// The boards a variant asks to reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Goal {
    /// Any uniform board, whichever colour (the Flip Game's question).
    #[default]
    Any,
    /// Every cell of this colour (`0 ..= K - 1`; 0 is white, "all lights off").
    Colour(u8),
}

/// Why a goal was refused (see [`Goal::parse`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GoalError {
    /// Neither a goal name nor a symbol of the alphabet.
    #[error("expected any, white, {black}or one of the symbols {symbols}, found '{found}'")]
    Unknown {
        /// `"black, "` when the variant has two colours, else empty.
        black: &'static str,
        /// The alphabet's symbols, e.g. `'w', 'b'`.
        symbols: String,
        /// The text given.
        found: String,
    },
    /// `black` with more than two colours, where it names no single colour.
    #[error("black names a colour only with 2 colours; with {colours}, give the colour's symbol")]
    BlackWithMoreColours {
        /// The number of colours.
        colours: u8,
    },
}

impl Goal {
    /// Reads a goal: `any`, `white` (colour 0), `black` (colour 1, two colours only), or one
    /// symbol of `alphabet`.
    ///
    /// # Errors
    ///
    /// [`GoalError::Unknown`] for anything else, [`GoalError::BlackWithMoreColours`] for `black`
    /// with more than two colours.
    ///
    /// ```
    /// use flipblox::flip::variant::{Alphabet, Goal};
    /// let wb = Alphabet::default_for(2);
    /// assert_eq!(Goal::parse("black", &wb), Ok(Goal::Colour(1)));
    /// assert_eq!(Goal::parse("w", &wb), Ok(Goal::Colour(0)));
    /// assert_eq!(Goal::parse("2", &Alphabet::default_for(3)), Ok(Goal::Colour(2)));
    /// ```
    pub fn parse(text: &str, alphabet: &Alphabet) -> Result<Goal, GoalError> {
        let colours = alphabet.colours();
        match text {
            "any" => return Ok(Goal::Any),
            "white" => return Ok(Goal::Colour(0)),
            "black" if colours == 2 => return Ok(Goal::Colour(1)),
            "black" => return Err(GoalError::BlackWithMoreColours { colours }),
            _ => {}
        }
        if let &[byte] = text.as_bytes()
            && let Some(colour) = alphabet.colour_of(byte)
        {
            return Ok(Goal::Colour(colour));
        }
        let symbols: Vec<String> = alphabet.as_str().chars().map(|c| format!("'{c}'")).collect();
        Err(GoalError::Unknown {
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

    /// The goal as [`Gf2Solver::solve_goal`](super::Gf2Solver::solve_goal) takes it, for two
    /// colours: `None` for any, white for colour 0, black for colour 1.
    ///
    /// # Panics
    ///
    /// For a colour above 1.
    pub fn gf2_colour(self) -> Option<super::gf2::Colour> {
        match self {
            Goal::Any => None,
            Goal::Colour(0) => Some(super::gf2::Colour::White),
            Goal::Colour(1) => Some(super::gf2::Colour::Black),
            Goal::Colour(c) => panic!("colour {c} is not one of the two colours of GF(2)"),
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
    /// ([`Goal::name`]) or number ([`Variant`]'s `Display`).
    fn word(self, colours: u8) -> Option<&'static str> {
        match self {
            Goal::Any => Some("any"),
            Goal::Colour(0) => Some("white"),
            Goal::Colour(1) if colours == 2 => Some("black"),
            Goal::Colour(_) => None,
        }
    }
}

/// One member of the Lights Out family (see the module docs).
///
/// ```
/// use flipblox::flip::BoardSize;
/// use flipblox::flip::variant::{Goal, TogglePattern, Variant};
/// let size = BoardSize::new(5, 5).unwrap();
/// let v = Variant::new(size, "x.x/.x./x.x".parse().unwrap(), true, 3, Goal::Colour(0)).unwrap();
/// assert_eq!(v.to_string(), "5x5, toggle x.x/.x./x.x, wrap, 3 colours, goal white");
/// assert!(Variant::flip_game(size).is_flip_game_rules());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Variant {
    size: BoardSize,
    toggle: TogglePattern,
    wrap: bool,
    colours: u8,
    goal: Goal,
}

/// Why a variant was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
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
}

impl Variant {
    /// The variant `size`, `toggle`, `wrap`, `colours`, `goal`.
    ///
    /// # Errors
    ///
    /// [`VariantError::Colours`] unless `colours` is in `2..=16`, [`VariantError::GoalColour`]
    /// for a goal colour not below `colours`, [`VariantError::PatternTooLarge`] when the pattern
    /// reaches more rows (columns) from the press than the board has: its mask may be at most
    /// `2R + 1` by `2C + 1`. (With wrap-around the offsets are taken modulo the sides, so a
    /// pattern as large as that may reach a cell twice: the cell then advances two colours.)
    pub fn new(
        size: BoardSize,
        toggle: TogglePattern,
        wrap: bool,
        colours: u8,
        goal: Goal,
    ) -> Result<Variant, VariantError> {
        if !(2..=MAX_COLOURS).contains(&colours) {
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

    /// The Flip Game on `size`: the plus, no wrap-around, two colours, goal [`Goal::Any`].
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

    /// True for the Flip Game's rules: the plus, two colours, no wrap-around (any goal). These
    /// are the rules [`Gf2Solver`](super::Gf2Solver) answers and
    /// [`distance_table`](super::distance_table) builds tables for.
    pub fn is_flip_game_rules(&self) -> bool {
        self.colours == 2 && !self.wrap && self.toggle.is_plus()
    }

    /// The number of states, `K^(R*C)`, when it fits a `u64`.
    pub fn states(&self) -> Option<u64> {
        let cells = u32::try_from(self.size.cells()).ok()?;
        u64::from(self.colours).checked_pow(cells)
    }

    /// The same variant on the transposed board: `R x C` becomes `C x R` and the pattern is
    /// mirrored in the main diagonal, so cell (`r`, `c`) plays as cell (`c`, `r`) did.
    pub fn transposed(&self) -> Variant {
        let size = BoardSize::new(self.size.cols(), self.size.rows()).expect("a valid size");
        let toggle = self.toggle.transposed();
        Variant::new(size, toggle, self.wrap, self.colours, self.goal).expect("still valid")
    }

    /// What every press does (see [`ToggleMatrix`]).
    pub fn toggle_matrix(&self) -> ToggleMatrix {
        ToggleMatrix::new(self)
    }

    /// The colour `board` shows when it meets the goal (is uniform, of the goal's colour if
    /// any), else `None`.
    pub fn reached_colour(&self, board: &ColourBoard) -> Option<u8> {
        board.uniform_colour().filter(|&c| self.goal.admits(c))
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

/// What each press does to a whole board: the `n x n` toggle matrix `T` over `Z_K` (`n = R*C`),
/// stored sparsely both ways.
///
/// Pressing cell `p` adds column `p` of `T` to the board, cell by cell modulo `K`: entry
/// `T[i][p]` is how many offsets of the pattern land on cell `i` from `p` (on a torus the
/// offsets are taken modulo the sides, so an entry can exceed 1), reduced modulo `K`; zero
/// entries are not stored. Cells and presses are both row-major indices `row * C + col`.
///
/// ```
/// use flipblox::flip::BoardSize;
/// use flipblox::flip::variant::Variant;
/// let t = Variant::flip_game(BoardSize::new(2, 3).unwrap()).toggle_matrix();
/// assert_eq!(t.effect(0), &[(0, 1), (1, 1), (3, 1)]);
/// assert_eq!(t.affecting(5), &[(2, 1), (4, 1), (5, 1)]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToggleMatrix {
    /// `effect_starts[p] .. effect_starts[p + 1]` index `effects`.
    effect_starts: Vec<usize>,
    /// Per press, `(cell, T[cell][press])`, ascending by cell.
    effects: Vec<(u32, u8)>,
    /// `affecting_starts[i] .. affecting_starts[i + 1]` index `affecting`.
    affecting_starts: Vec<usize>,
    /// Per cell, `(press, T[cell][press])`, ascending by press.
    affecting: Vec<(u32, u8)>,
}

impl ToggleMatrix {
    fn new(variant: &Variant) -> ToggleMatrix {
        let (rows, cols) = (variant.size.rows() as isize, variant.size.cols() as isize);
        let k = variant.colours;
        let n = variant.size.cells();
        let mut effect_starts = Vec::with_capacity(n + 1);
        let mut effects = Vec::new();
        let mut targets = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                effect_starts.push(effects.len());
                targets.clear();
                for &(dr, dc) in variant.toggle.offsets() {
                    let (tr, tc) = (r + dr, c + dc);
                    let cell = if variant.wrap {
                        tr.rem_euclid(rows) * cols + tc.rem_euclid(cols)
                    } else if (0..rows).contains(&tr) && (0..cols).contains(&tc) {
                        tr * cols + tc
                    } else {
                        continue;
                    };
                    targets.push(cell as u32);
                }
                targets.sort_unstable();
                for run in targets.chunk_by(|a, b| a == b) {
                    let coefficient = (run.len() % usize::from(k)) as u8;
                    if coefficient != 0 {
                        effects.push((run[0], coefficient));
                    }
                }
            }
        }
        effect_starts.push(effects.len());
        // The transpose, by counting.
        let mut affecting_starts = vec![0usize; n + 1];
        for &(cell, _) in &effects {
            affecting_starts[cell as usize + 1] += 1;
        }
        for i in 0..n {
            affecting_starts[i + 1] += affecting_starts[i];
        }
        let mut fill = affecting_starts.clone();
        let mut affecting = vec![(0u32, 0u8); effects.len()];
        for press in 0..n {
            for &(cell, coefficient) in &effects[effect_starts[press]..effect_starts[press + 1]] {
                let slot = &mut fill[cell as usize];
                affecting[*slot] = (press as u32, coefficient);
                *slot += 1;
            }
        }
        ToggleMatrix { effect_starts, effects, affecting_starts, affecting }
    }

    /// The number of cells (and of presses), `R * C`.
    pub fn cells(&self) -> usize {
        self.effect_starts.len() - 1
    }

    /// The cells press `press` advances: `(cell, by how many colours)`, ascending by cell.
    ///
    /// # Panics
    ///
    /// If `press` is not below [`ToggleMatrix::cells`].
    pub fn effect(&self, press: usize) -> &[(u32, u8)] {
        &self.effects[self.effect_starts[press]..self.effect_starts[press + 1]]
    }

    /// The presses that advance cell `cell`: `(press, by how many colours)`, ascending by press.
    ///
    /// # Panics
    ///
    /// If `cell` is not below [`ToggleMatrix::cells`].
    pub fn affecting(&self, cell: usize) -> &[(u32, u8)] {
        &self.affecting[self.affecting_starts[cell]..self.affecting_starts[cell + 1]]
    }

    /// Presses `press` `times` times on `cells` (row-major colours, see [`ColourBoard`]) with
    /// `colours` colours.
    ///
    /// # Panics
    ///
    /// If `press` or a cell index is out of range.
    pub fn press(&self, cells: &mut [u8], colours: u8, press: usize, times: u8) {
        for &(cell, coefficient) in self.effect(press) {
            let c = &mut cells[cell as usize];
            *c = ((u32::from(*c) + u32::from(coefficient) * u32::from(times)) % u32::from(colours))
                as u8;
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
    }

    #[test]
    fn a_torus_press_wraps_and_can_land_twice() {
        let v = Variant::new(size(2, 3), TogglePattern::plus(), true, 3, Goal::Any).unwrap();
        let t = v.toggle_matrix();
        // Press (0,0): itself, (1,0) twice (above and below wrap to the same row), (0,1), (0,2).
        assert_eq!(t.effect(0), &[(0, 1), (1, 1), (2, 1), (3, 2)]);
        let mut cells = vec![0; 6];
        t.press(&mut cells, 3, 0, 2);
        assert_eq!(cells, vec![2, 2, 2, 1, 0, 0]);
        // With two colours the double landing cancels.
        let v2 = Variant::new(size(2, 3), TogglePattern::plus(), true, 2, Goal::Any).unwrap();
        assert_eq!(v2.toggle_matrix().effect(0), &[(0, 1), (1, 1), (2, 1)]);
    }

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
            Goal::parse("B", &wb).unwrap_err().to_string(),
            "expected any, white, black, or one of the symbols 'w', 'b', found 'B'"
        );
        assert_eq!(Goal::Colour(1).name(&wb), "black");
        assert_eq!(Goal::Colour(3).name(&four), "3");
        assert!(Goal::Any.admits(2) && !Goal::Colour(1).admits(2));
        assert_eq!(Goal::Colour(1).gf2_colour(), Some(crate::flip::gf2::Colour::Black));
        assert_eq!(Goal::Any.gf2_colour(), None);
    }
}
