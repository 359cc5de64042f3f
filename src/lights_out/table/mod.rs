//! Distance tables: [`DistanceTable`], the one table type of every variant (the embedded 4x4
//! table, tables built at run time, tables borrowed from files), how they are built (a reverse
//! breadth-first search from the goal states), proved ([`DistanceTable::check`],
//! [`TableFault`]) and compared with an independent method ([`DistanceTable::reference`]).

pub(crate) mod bfs;
pub(crate) mod brute;
pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod digits;
pub(crate) mod distance_table;
pub(crate) mod gray;
pub(crate) mod reference;
pub(crate) mod rules;

pub use check::TableFault;
pub use distance_table::{DistanceTable, TableError};
pub use reference::Reference;
