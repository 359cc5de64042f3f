//! The model of a level and of the box on it: the padded grid of cells ([`Level`]), where the box
//! is ([`Placement`], [`Orientation`]), the rolls ([`Move`], and [`ROLLS`], the one place the roll
//! rules are written), the original game's switches, bridges and split switches
//! ([`Mechanics`]), and the `--path` notation ([`Step`]).

pub mod level;
pub mod mechanics;
pub mod moves;
pub mod notation;

pub use level::{Cell, Level, Orientation, PADDING, Placement, flags};
pub use mechanics::Mechanics;
pub use moves::{Move, MoveTable, ROLLS, placement_of, roll, state_count, state_of};
pub use notation::{Cube, Step, write_path};
