//! Reading the text formats of Lights Out, one file a format, as `bloxorz/read/` does for levels:
//!
//! - boards ([`BoardReader`], `reader.rs`) of one size given, or of sizes found in the input
//!   (`infer.rs`): after `ROWS COLS` size lines (`size_lines.rs`, with the count line of some
//!   judges) or in blocks of non-blank lines, the POJ 1753 layout of 4x4 boards among them
//!   (`blocks.rs`); every board made of rows of cells (`row.rs`);
//! - one board written inline, `bwwb/bbwb/...`
//!   ([`Board::parse`](crate::lights_out::Board::parse),
//!   [`Variant::board`](crate::lights_out::Variant::board), `inline.rs`); the boards' error is
//!   [`BoardError`];
//! - buttons files ([`Buttons::parse`](crate::lights_out::Buttons::parse), `buttons.rs`) and
//!   game IDs of Simon Tatham's Flip ([`Buttons::tatham`](crate::lights_out::Buttons::tatham),
//!   `tatham.rs`), with [`ButtonsError`].
//!
//! The room uses the rules (`variant/`) and boards (`board/`); neither uses it.

mod blocks;
pub(crate) mod buttons;
pub(crate) mod error;
mod infer;
mod inline;
pub(crate) mod reader;
mod row;
mod size_lines;
mod tatham;

pub use buttons::ButtonsError;
pub use error::{BoardError, BoardErrorKind};
pub use reader::BoardReader;
