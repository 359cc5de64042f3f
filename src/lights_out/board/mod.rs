//! Boards: [`Board`], one byte per cell for any variant, pressed under a variant's rules
//! (`press.rs`); and the byte tricks the board reader shares with the 4x4 fast path. Reading
//! boards from text is the read room's (`read/`).

pub(crate) mod colours;
pub(crate) mod press;
pub(crate) mod swar;

pub use colours::Board;
