//! The text format of level packs (POJ 3322 and its extension, `docs/LEVELS.md`): the reader
//! ([`PackReader`]), its definition lines and its syntax errors ([`TextSyntax`]).

mod definitions;
mod pack;
pub(crate) mod syntax;

pub use pack::{DEFAULT_MAX_MEMORY, PackReader, cell_position, pack_line_limit};
pub use syntax::TextSyntax;
