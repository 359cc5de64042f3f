//! The general search, for levels with switches, bridge tiles and split switches (the original
//! Flash game's mechanics): a breadth-first search over the block and the bridge configuration;
//! the replay of a path under the same rules; and those rules as a successor function
//! ([`rules`]), for walks over the whole state graph.

mod board;
mod engine;
mod intern;
pub(crate) mod replay;
pub(crate) mod rules;

pub(crate) use engine::Engine;
