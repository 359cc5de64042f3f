//! The `--path` notation: one shortest solution as a string of steps.
//!
//! | step | meaning |
//! |---|---|
//! | `U` `D` `L` `R` | the whole block rolls towards the first row, the last row, the first column, the last column |
//! | `aU` `aD` `aL` `aR` | split cube `a` (the one placed on the split switch's first target) moves one cell |
//! | `bU` `bD` `bL` `bR` | split cube `b` (the one placed on the second target) moves one cell |
//!
//! Every step is one move, so the number of moves is the number of `U`, `D`, `L` and `R` letters;
//! choosing the other cube costs nothing and is not written. Each split names its cubes afresh
//! (`a` on the first target of that split switch's definition, `b` on the second), and a cube keeps
//! its name until the cubes merge. A POJ 3322 level's path is the plain `U D L R` string of
//! POJ 3322.

use std::fmt;

use super::moves::Move;

/// One of the two cubes of a split block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cube {
    /// The cube placed on the first target of the split switch (`a`).
    A,
    /// The cube placed on the second target (`b`).
    B,
}

impl Cube {
    /// The letter of the notation: `a` or `b`.
    pub const fn letter(self) -> char {
        match self {
            Cube::A => 'a',
            Cube::B => 'b',
        }
    }
}

/// One move: the whole block rolls, or one split cube moves one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// `None` when the whole block rolls; the cube that moves otherwise.
    pub cube: Option<Cube>,
    /// Which way.
    pub direction: Move,
}

impl Step {
    /// The whole block rolls `direction`.
    pub const fn roll(direction: Move) -> Step {
        Step { cube: None, direction }
    }

    /// Split cube `cube` moves one cell `direction`.
    pub const fn cube(cube: Cube, direction: Move) -> Step {
        Step { cube: Some(cube), direction }
    }
}

impl From<Move> for Step {
    fn from(direction: Move) -> Step {
        Step::roll(direction)
    }
}

impl fmt::Display for Step {
    /// `U` for a roll, `aU` for a move of cube `a` (see the module docs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(cube) = self.cube {
            write!(f, "{}", cube.letter())?;
        }
        write!(f, "{}", self.direction.letter())
    }
}

/// Appends the notation of `steps` to `out` (see the module docs).
pub(crate) fn write_path(steps: &[Step], out: &mut String) {
    for step in steps {
        if let Some(cube) = step.cube {
            out.push(cube.letter());
        }
        out.push(step.direction.letter());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_notation_writes_a_roll_and_a_cube_move() {
        let mut text = String::new();
        write_path(&[Step::roll(Move::Right), Step::cube(Cube::B, Move::Up)], &mut text);
        assert_eq!(text, "RbU");
    }

    #[test]
    fn rolls_are_one_letter_and_cube_moves_two() {
        let steps = [Step::roll(Move::Up), Step::cube(Cube::A, Move::Left), Step::from(Move::Down)];
        let mut text = String::new();
        write_path(&steps, &mut text);
        assert_eq!(text, "UaLD");
        let shown: String = steps.iter().map(|s| s.to_string()).collect();
        assert_eq!(shown, text);
    }
}
