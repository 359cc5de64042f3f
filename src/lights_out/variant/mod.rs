//! The rules and the goal of a Lights Out variant ([`Variant`], made by a [`VariantBuilder`]),
//! the cells a press toggles ([`TogglePattern`]), the goal ([`Goal`]), the symbols boards are
//! written in ([`Alphabet`]), and what each press does to a whole board (the toggle matrix, for
//! the solvers and tables).

pub(crate) mod alphabet;
pub(crate) mod buttons;
pub(crate) mod goal;
pub(crate) mod matrix;
pub(crate) mod rules;
pub(crate) mod toggle;

pub use alphabet::{Alphabet, AlphabetError};
pub use buttons::{Buttons, ButtonsError};
pub use goal::{Goal, GoalError};
pub use rules::{Variant, VariantBuilder, VariantError};
pub use toggle::{TogglePattern, TogglePatternError, TogglePatternErrorKind};
