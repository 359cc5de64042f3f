//! The errors of a PDDL problem file that is not a Bloxorz level of the domain (see the
//! [module docs](super)).

use std::fmt;

/// Bytes the reader may hold per object while it reads a problem (its name, place, neighbours
/// and facts): a problem with more objects than `limit / BYTES_PER_OBJECT` is refused.
pub(crate) const BYTES_PER_OBJECT: u64 = 128;

/// A problem of a PDDL file that does not follow the Bloxorz domain's encoding. Names are quoted
/// as written in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PddlSyntax {
    /// A token other than the one the grammar expects there.
    Expected {
        /// What was expected (`'('`, `` `define` ``, a name, ...).
        expected: &'static str,
        /// What was found: a token, quoted, or `the end of the file`.
        found: String,
    },
    /// A section of the problem (`(:objects ...)`, `(:init ...)`, `(:goal ...)`) given twice.
    RepeatedSection {
        /// The section's keyword.
        section: &'static str,
    },
    /// A section the problem needs and lacks (reported at the problem's end).
    MissingSection {
        /// The section's keyword.
        section: &'static str,
    },
    /// A type other than `tile` in `(:objects ...)`.
    NotTile {
        /// The type found.
        found: String,
    },
    /// An object declared twice.
    RepeatedObject {
        /// The object.
        name: String,
    },
    /// A name that is not a declared object.
    UnknownObject {
        /// The name.
        name: String,
    },
    /// An initial fact whose predicate is not one of the domain's.
    UnknownPredicate {
        /// The predicate.
        found: String,
    },
    /// A fact with the wrong number of arguments.
    Arity {
        /// The predicate.
        predicate: &'static str,
        /// The arguments it takes.
        expected: usize,
        /// The arguments found.
        found: usize,
    },
    /// A direction other than `north`, `south`, `east` and `west`.
    NotDirection {
        /// What was found.
        found: String,
    },
    /// Two tiles given as the neighbour of one tile in one direction (reported at the second).
    TwoNeighbours {
        /// The tile.
        tile: String,
        /// The direction.
        direction: &'static str,
    },
    /// An `adjacent` fact whose reverse is missing or names another tile.
    OneWay {
        /// The fact's first tile.
        from: String,
        /// The fact's second tile.
        to: String,
        /// The reverse direction.
        back: &'static str,
    },
    /// Adjacency facts that cannot lay the tiles on a square grid (a tile reached at two places,
    /// or two tiles at one place).
    NotAGrid {
        /// The tile at fault.
        tile: String,
    },
    /// Two tiles side by side on the grid with no `adjacent` fact between them.
    MissingAdjacency {
        /// The first tile.
        from: String,
        /// The second.
        to: String,
        /// The direction from the first to the second.
        direction: &'static str,
    },
    /// An `adjacent` fact whose two tiles the other facts lay apart on the grid (facts that
    /// close a ring, say), reported at the fact.
    Apart {
        /// The fact's first tile.
        from: String,
        /// The fact's second tile.
        to: String,
        /// The fact's direction.
        direction: &'static str,
    },
    /// No `standing-on` and no `lying-on` start, or a third `lying-on`, or a second
    /// `standing-on` (reported at the fact or the end of `(:init ...)`).
    Start {
        /// What was wrong.
        problem: &'static str,
    },
    /// A tile that cannot be what the level makes of it (a switch that is also a bridge tile, a
    /// fragile switch, the start on a switch, ...).
    Tile {
        /// The tile.
        tile: String,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// A goal other than one `(standing-on TILE)`, alone or in an `(and ...)`.
    Goal {
        /// What was found.
        found: String,
    },
    /// More objects than the memory limit allows to read.
    TooManyObjects {
        /// Objects declared.
        objects: u64,
        /// The memory limit in bytes.
        limit: u64,
    },
}

impl fmt::Display for PddlSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PddlSyntax::Expected { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            PddlSyntax::RepeatedSection { section } => {
                write!(f, "expected one ({section} ...) section, found a second")
            }
            PddlSyntax::MissingSection { section } => {
                write!(f, "expected a ({section} ...) section, found none")
            }
            PddlSyntax::NotTile { found } => {
                write!(f, "expected objects of type `tile`, found type `{found}`")
            }
            PddlSyntax::RepeatedObject { name } => {
                write!(f, "expected each object declared once, found `{name}` a second time")
            }
            PddlSyntax::UnknownObject { name } => {
                write!(f, "expected a tile declared in (:objects ...), found `{name}`")
            }
            PddlSyntax::UnknownPredicate { found } => write!(
                f,
                "expected a fact of the Bloxorz domain (adjacent, active, yellow, hard, \
                 enabling, disabling, standing-on, lying-on or perpendicular), found `{found}`"
            ),
            PddlSyntax::Arity { predicate, expected, found } => write!(
                f,
                "expected {expected} argument{} to `{predicate}`, found {found}",
                if *expected == 1 { "" } else { "s" }
            ),
            PddlSyntax::NotDirection { found } => {
                write!(f, "expected a direction north, south, east or west, found `{found}`")
            }
            PddlSyntax::TwoNeighbours { tile, direction } => {
                write!(f, "expected one tile {direction} of `{tile}`, found a second")
            }
            PddlSyntax::OneWay { from, to, back } => write!(
                f,
                "expected the reverse fact (adjacent {to} {from} {back}) as well, found none"
            ),
            PddlSyntax::NotAGrid { tile } => write!(
                f,
                "expected adjacency facts that lay the tiles on a square grid, found `{tile}` at \
                 two places or two tiles at its place"
            ),
            PddlSyntax::MissingAdjacency { from, to, direction } => write!(
                f,
                "expected the fact (adjacent {from} {to} {direction}) between tiles side by side \
                 on the grid, found none"
            ),
            PddlSyntax::Apart { from, to, direction } => write!(
                f,
                "expected the tiles of (adjacent {from} {to} {direction}) side by side on a \
                 square grid, found the other facts lay them apart"
            ),
            PddlSyntax::Start { problem } => write!(f, "expected {problem}"),
            PddlSyntax::Tile { tile, problem } => write!(f, "expected {problem}, found `{tile}`"),
            PddlSyntax::Goal { found } => {
                write!(f, "expected the goal (standing-on TILE), found {found}")
            }
            PddlSyntax::TooManyObjects { objects, limit } => write!(
                f,
                "expected at most {} objects within the memory limit of {limit} bytes, found \
                 {objects}",
                limit / BYTES_PER_OBJECT
            ),
        }
    }
}
