//! The rules and the goal of a Lights Out variant ([`Variant`], made by a [`VariantBuilder`]),
//! the cells a press toggles ([`TogglePattern`]), the goal ([`Goal`]), the symbols boards are
//! written in ([`Alphabet`]), the buttons that replace the pattern ([`Buttons`]), and what each
//! press does to a whole board (the toggle matrix, for the solvers and tables). The rules room
//! uses no other room but `size`: boards are pressed in `board/press.rs` and read in `read/`.

pub(crate) mod alphabet;
pub(crate) mod buttons;
pub(crate) mod error;
pub(crate) mod goal;
pub(crate) mod matrix;
pub(crate) mod rules;
pub(crate) mod toggle;

pub use alphabet::Alphabet;
pub use buttons::Buttons;
pub use error::VariantError;
pub use goal::Goal;
pub use rules::{Variant, VariantBuilder};
pub use toggle::{TogglePattern, TogglePatternError};
