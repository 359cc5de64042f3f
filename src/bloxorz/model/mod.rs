//! The model of a level and of the box on it: the padded grid of cells ([`Level`]), where the box
//! is ([`Placement`], [`Orientation`]), the rolls ([`Move`], and [`ROLLS`](moves::ROLLS), the one
//! place the roll rules are written), the original game's switches, bridges and split switches
//! ([`Mechanics`](mechanics::Mechanics)), and the `--path` notation ([`Step`]).

pub mod level;
pub mod mechanics;
pub mod moves;
pub mod notation;

pub use level::{Cell, Level, Orientation, Placement};
pub use moves::Move;
pub(crate) use notation::write_path;
pub use notation::{Cube, Step};
