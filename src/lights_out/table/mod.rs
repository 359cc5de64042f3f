//! Distance tables: [`DistanceTable`], the one table type of every variant (the embedded 4x4
//! table, tables built at run time, tables borrowed from files), how they are built (a reverse
//! breadth-first search from the goal states), proved ([`DistanceTable::check`],
//! [`TableFault`]) and compared with an independent method.
//!
//! The room uses no solver: the doors that need linear algebra ([`DistanceTable::build`], which
//! counts the states a build reaches by a GF(2) rank, and `DistanceTable::reference`) are in
//! `solve/tables.rs`, and hand this room what it needs as values.

pub(crate) mod bfs;
pub(crate) mod brute;
pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod digits;
pub(crate) mod distance_table;
pub(crate) mod gray;
pub(crate) mod rules;

pub use check::TableFault;
pub use compare::{EntryDifference, TableComparison};
pub use distance_table::{DistanceTable, TableError};
