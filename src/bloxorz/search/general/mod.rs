//! The general search, for levels with switches, bridge tiles and split switches (the original
//! Flash game's mechanics): a breadth-first search over the block and the bridge configuration;
//! and the replay of a path under the same rules.

mod board;
mod engine;
mod intern;
pub(crate) mod replay;

pub(crate) use engine::Engine;
