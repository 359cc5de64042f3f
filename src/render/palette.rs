//! The colours of every picture, as SVG `#rrggbb` strings (the exact `fill` values written).
//!
//! Tiles take the colours of the original game where it has them (grey stone, orange fragile
//! tiles, a dark exit hole) and distinct colours elsewhere, so that every [`Tile`] kind has its
//! own fill; a symbol on the tile (a ring, a cross, two squares) says the same thing for readers
//! who do not tell the colours apart. Distances use *viridis* and path order *plasma*, both from
//! [`colorous`]; the colours of states without a distance are greys and a red that neither map
//! contains.
//!
//! [`Tile`]: super::level::Tile

use colorous::Gradient;

/// The page behind every picture.
pub const BACKGROUND: &str = "#ffffff";
/// Lines of the grid and outlines.
pub const GRID: &str = "#d0d4d9";
/// Text.
pub const INK: &str = "#1b1f24";

/// An empty cell (`#`): nothing may rest on it.
pub const EMPTY: &str = "#ffffff";
/// Rigid ground (`.`).
pub const RIGID: &str = "#a9b0b8";
/// Fragile ground (`E`): orange, as in the original game.
pub const FRAGILE: &str = "#f2a14a";
/// The target (`O`): the exit hole.
pub const TARGET: &str = "#23272e";
/// The start (`X`): rigid ground under the block at the start.
pub const START: &str = "#7ea6e0";
/// A soft switch (`S`).
pub const SOFT_SWITCH: &str = "#9ccc8a";
/// A heavy switch (`H`).
pub const HEAVY_SWITCH: &str = "#5e9e55";
/// A split switch (`V`).
pub const SPLIT_SWITCH: &str = "#c5a3dd";
/// A bridge tile present at the start (`B`).
pub const BRIDGE: &str = "#b98b5e";
/// A bridge tile absent at the start (`-`): empty space with a dashed outline.
pub const BRIDGE_ABSENT: &str = "#fbf4ec";
/// The dashed outline of an absent bridge tile, and of a bridge's place in the legend.
pub const BRIDGE_OUTLINE: &str = "#8a6440";
/// The symbols drawn on switches.
pub const SYMBOL: &str = "#2f3338";

/// A switch link that makes a bridge tile present (`on`).
pub const LINK_ON: &str = "#1f7a33";
/// A switch link that makes a bridge tile absent (`off`).
pub const LINK_OFF: &str = "#c0392b";
/// A switch link that flips a bridge tile (`toggle`).
pub const LINK_TOGGLE: &str = "#d4780f";
/// A split switch's link to its targets.
pub const LINK_SPLIT: &str = "#7d3c98";

/// The block in animations.
pub const BLOCK: &str = "#2f5fb3";

/// A state the box may rest in from which the goal cannot be reached (distance -1).
pub const IMPOSSIBLE: &str = "#e4575c";
/// A state the box may not rest in.
pub const ILLEGAL: &str = "#eceef1";

/// The board of a Flip Game picture, behind the pieces.
pub const FLIP_BOARD: &str = "#3f7f5a";
/// The outline of a piece.
pub const FLIP_PIECE_OUTLINE: &str = "#202020";
/// The ring and number of a press.
pub const PRESS: &str = "#e8413c";

/// The bars of a histogram.
pub const BAR: &str = "#3b78b0";
/// The bar of the states with no distance (Impossible).
pub const BAR_IMPOSSIBLE: &str = "#9aa0a6";

/// The colour map of distances: *viridis*, dark purple (0) to yellow (the largest).
pub const DISTANCE_MAP: Gradient = colorous::VIRIDIS;

/// The colour map of a path's moves, from the start to the goal: *plasma* from its start (dark
/// blue) to 0.85 of the way (orange), leaving out the pale yellow end, which is hard to see on
/// grey tiles.
pub const PATH_MAP: Gradient = colorous::PLASMA;

/// The part of [`PATH_MAP`] used for the last move.
pub const PATH_MAP_END: f64 = 0.85;

/// `0xRRGGBB` of a `#rrggbb` colour of this module (0 for anything else).
pub(crate) fn rgb(hex: &str) -> u32 {
    u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0)
}

/// `#rrggbb` of a [`colorous::Color`].
pub fn hex(color: colorous::Color) -> String {
    format!("#{color:x}")
}

/// The fill of distance `distance` in a picture whose largest distance is `max`:
/// [`DISTANCE_MAP`] at `distance / max` (at 0 when `max` is 0).
pub fn distance_colour(distance: u32, max: u32) -> String {
    let t = if max == 0 { 0.0 } else { f64::from(distance) / f64::from(max) };
    hex(DISTANCE_MAP.eval_continuous(t))
}

/// The colour of move `step` of a path of `moves` moves (step 0 is the start):
/// [`PATH_MAP`] at `PATH_MAP_END * step / moves` (at 0 when there are no moves).
pub fn step_colour(step: usize, moves: usize) -> String {
    let t = if moves == 0 { 0.0 } else { PATH_MAP_END * step as f64 / moves as f64 };
    hex(PATH_MAP.eval_continuous(t))
}

/// The fill of a light of colour `index` out of `colours` (a board written in symbols, such as
/// Lights Out's `01`): dark grey when off (0) to yellow when lit (`colours - 1`), in equal steps.
pub fn light_colour(index: u8, colours: u8) -> String {
    let (off, lit) = ([0x3b_u32, 0x3b, 0x3b], [0xff_u32, 0xd2, 0x3f]);
    let steps = u32::from(colours.max(2) - 1);
    let step = u32::from(index.min(colours.max(2) - 1));
    let channel = |i: usize| (off[i] * (steps - step) + lit[i] * step) / steps;
    format!("#{:02x}{:02x}{:02x}", channel(0), channel(1), channel(2))
}

/// The fill of a Flip Game piece of colour `index` out of `colours`: white (0) to black
/// (`colours - 1`) in equal steps of grey (for two colours, exactly white and black).
pub fn piece_colour(index: u8, colours: u8) -> String {
    let steps = u32::from(colours.max(2) - 1);
    let level = 255 - 255 * u32::from(index.min(colours.max(2) - 1)) / steps;
    format!("#{level:02x}{level:02x}{level:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_run_from_their_first_to_their_chosen_last_colour() {
        assert_eq!(distance_colour(0, 10), hex(colorous::VIRIDIS.eval_continuous(0.0)));
        assert_eq!(distance_colour(10, 10), hex(colorous::VIRIDIS.eval_continuous(1.0)));
        assert_eq!(distance_colour(0, 0), distance_colour(0, 7));
        assert_ne!(distance_colour(3, 10), distance_colour(4, 10));
        assert_eq!(step_colour(8, 8), hex(colorous::PLASMA.eval_continuous(PATH_MAP_END)));
        assert_eq!(piece_colour(0, 2), "#ffffff");
        assert_eq!(piece_colour(1, 2), "#000000");
        assert_eq!(piece_colour(1, 3), "#808080");
    }

    #[test]
    fn the_colours_without_a_distance_are_not_in_the_distance_map() {
        let map: Vec<String> = (0..=255).map(|i| distance_colour(i, 255)).collect();
        for c in [IMPOSSIBLE, ILLEGAL] {
            assert!(!map.iter().any(|m| m == c), "{c}");
        }
    }
}
