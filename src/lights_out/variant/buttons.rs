//! [`Buttons`]: a toggle set for every button, in place of one toggle pattern. The rules only:
//! reading them from a buttons file or a Tatham game ID is the read room's
//! (`read/buttons.rs`, `read/tatham.rs`).

use std::fmt;

use crate::lights_out::size::BoardSize;

/// The cells each button of an `R x C` board toggles, when the buttons do not all toggle one
/// pattern (a [`TogglePattern`](crate::lights_out::TogglePattern) around the press).
///
/// Buttons and cells are both row-major indices `row * C + col`: button `b` is the one on cell
/// `b`. A button with no cell is one that cannot be pressed (an empty line of a buttons file),
/// except in a Tatham game ID ([`Buttons::tatham`]), whose game accepts a click on a button that
/// toggles nothing: there it is a button still, pressed to no effect. Each button's cells are
/// kept ascending, each once; a press advances each by one colour modulo `K`.
///
/// A [`Variant`](crate::lights_out::Variant) takes them with
/// [`VariantBuilder::buttons`](crate::lights_out::VariantBuilder::buttons) in place of the
/// pattern (and without wrap-around).
///
/// ```
/// use flipblox::lights_out::{BoardSize, Buttons};
/// // A 1x3 board: the left button toggles itself and the right cell, the middle one nothing,
/// // the right one all three.
/// let buttons = Buttons::parse("1,1 1,3\n\n1,1 1,2 1,3\n", BoardSize::new(1, 3)?)?;
/// assert_eq!(buttons.toggled(0), &[0, 2]);
/// assert!(buttons.toggled(1).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Buttons {
    size: BoardSize,
    /// `starts[b] .. starts[b + 1]` index `cells`.
    starts: Vec<usize>,
    /// Per button, the cells it toggles, ascending.
    cells: Vec<u32>,
    /// A button that toggles nothing can be pressed (a Tatham game ID's).
    empty_pressable: bool,
}

impl Buttons {
    /// The buttons of a board of `size` from their toggle sets: button `b` toggles
    /// `cells[starts[b]..starts[b + 1]]` (row-major cell indices, ascending, each once).
    pub(crate) fn from_parts(size: BoardSize, starts: Vec<usize>, cells: Vec<u32>) -> Buttons {
        debug_assert_eq!(starts.len(), size.cells() + 1, "a start per button of {size}");
        debug_assert_eq!(starts.last(), Some(&cells.len()), "the toggle sets end with the cells");
        Buttons { size, starts, cells, empty_pressable: false }
    }

    /// The buttons of `toggle` (with `wrap`) on a board of `size` with `colours` colours: each
    /// button toggles the cells the pattern reaches from it, as a
    /// [`Variant`](crate::lights_out::Variant) of those rules presses; `None` when a press would
    /// advance a cell by more than one colour (a pattern that wraps onto a cell twice, with more
    /// than two colours), which buttons cannot say. With two colours a cell reached twice is
    /// not toggled, as on the torus.
    pub(crate) fn from_pattern(
        size: BoardSize,
        toggle: &super::toggle::TogglePattern,
        wrap: bool,
        colours: u8,
    ) -> Option<Buttons> {
        let matrix = super::matrix::ToggleMatrix::new(size, toggle, wrap, colours);
        let mut starts = Vec::with_capacity(size.cells() + 1);
        let mut cells = Vec::new();
        starts.push(0);
        for press in 0..size.cells() {
            for &(cell, times) in matrix.effect(press) {
                if times != 1 {
                    return None;
                }
                cells.push(cell);
            }
            starts.push(cells.len());
        }
        Some(Buttons::from_parts(size, starts, cells))
    }

    /// The same buttons with the buttons `broken` (row-major indices below `R * C`) made ones
    /// that cannot be pressed: they toggle nothing. Their cells keep their lights.
    ///
    /// # Panics
    ///
    /// If an index of `broken` is not below `R * C`.
    pub(crate) fn without(&self, broken: &[usize]) -> Buttons {
        let mut dead = vec![false; self.size.cells()];
        for &button in broken {
            dead[button] = true;
        }
        let mut starts = Vec::with_capacity(self.starts.len());
        let mut cells = Vec::with_capacity(self.cells.len());
        starts.push(0);
        for (button, &dead) in dead.iter().enumerate() {
            if !dead {
                cells.extend_from_slice(self.toggled(button));
            }
            starts.push(cells.len());
        }
        Buttons { size: self.size, starts, cells, empty_pressable: self.empty_pressable }
    }

    /// The same buttons, those that toggle nothing pressable (to no effect), as in Tatham's game.
    pub(crate) fn with_empty_pressable(mut self) -> Buttons {
        self.empty_pressable = true;
        self
    }

    /// Whether button `button` can be pressed: it toggles a cell, or the buttons are a Tatham
    /// game ID's ([`Buttons::with_empty_pressable`]).
    ///
    /// # Panics
    ///
    /// If `button` is not below `R * C`.
    pub(crate) fn pressable(&self, button: usize) -> bool {
        self.empty_pressable || !self.toggled(button).is_empty()
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The cells button `button` toggles (row-major indices, ascending); empty for a button that
    /// cannot be pressed, or (in a Tatham game ID) one pressed to no effect.
    ///
    /// # Panics
    ///
    /// If `button` is not below `R * C`.
    pub fn toggled(&self, button: usize) -> &[u32] {
        &self.cells[self.starts[button]..self.starts[button + 1]]
    }
}

impl fmt::Display for Buttons {
    /// `buttons` and the number of cells toggled in all, e.g. `buttons (45 toggles)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "buttons ({} toggles)", self.cells.len())
    }
}
