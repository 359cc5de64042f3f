//! Writing levels as PDDL problems of the Bloxorz domain ([`Level::write_pddl`]), and the
//! domain itself ([`Level::PDDL_DOMAIN`]); the encoding is in the [module docs](super).

use std::fmt::Write;

use crate::bloxorz::read::unwritable::Unwritable;

use crate::bloxorz::model::level::{Level, Orientation};
use crate::bloxorz::model::mechanics::{Action, SwitchKind};

/// The Bloxorz domain in PDDL ([`Level::PDDL_DOMAIN`]).
const PDDL_DOMAIN: &str = r#"; The Bloxorz domain, as flipblox writes it beside its problems: the block stands on one tile
; or lies on two; tiles are active (there) or not; `yellow` tiles are fragile; a switch
; `enabling` or `disabling` tiles acts when the block arrives on it, a `hard` one only under the
; block standing. Problems: one per level, objects the tiles (docs/LEVELS.md of flipblox).
(define (domain bloxorz)
  (:requirements :adl :typing)
  (:types tile dir)
  (:constants north south east west - dir)
  (:predicates
    (standing-on ?t - tile)
    (lying-on ?t - tile)
    (adjacent ?from - tile ?to - tile ?d - dir)
    (perpendicular ?d1 - dir ?d2 - dir)
    (active ?t - tile)
    (yellow ?t - tile)
    (hard ?t - tile)
    (enabling ?switch - tile ?t - tile)
    (disabling ?switch - tile ?t - tile))

  ; Standing on ?from, the block tips over in direction ?d onto ?near and ?far.
  (:action tip-over
    :parameters (?from ?near ?far - tile ?d - dir)
    :precondition (and (standing-on ?from)
                       (adjacent ?from ?near ?d) (adjacent ?near ?far ?d)
                       (active ?near) (active ?far))
    :effect (and (not (standing-on ?from)) (lying-on ?near) (lying-on ?far)
                 (forall (?x - tile)
                   (and (when (and (enabling ?near ?x) (not (hard ?near)) (not (active ?x)))
                              (active ?x))
                        (when (and (disabling ?near ?x) (not (hard ?near)) (active ?x))
                              (not (active ?x)))
                        (when (and (enabling ?far ?x) (not (hard ?far)) (not (active ?x)))
                              (active ?x))
                        (when (and (disabling ?far ?x) (not (hard ?far)) (active ?x))
                              (not (active ?x)))))))

  ; Lying on ?back and ?front (?front in direction ?d of ?back), the block stands up on ?to,
  ; the next tile in direction ?d; any switch there acts.
  (:action stand-up
    :parameters (?back ?front ?to - tile ?d - dir)
    :precondition (and (lying-on ?back) (lying-on ?front)
                       (adjacent ?back ?front ?d) (adjacent ?front ?to ?d)
                       (active ?to) (not (yellow ?to)))
    :effect (and (not (lying-on ?back)) (not (lying-on ?front)) (standing-on ?to)
                 (forall (?x - tile)
                   (and (when (and (enabling ?to ?x) (not (active ?x))) (active ?x))
                        (when (and (disabling ?to ?x) (active ?x)) (not (active ?x)))))))

  ; Lying on ?a and ?b along ?along, the block rolls sideways (?side) onto ?c and ?e.
  (:action roll-sideways
    :parameters (?a ?b ?c ?e - tile ?along ?side - dir)
    :precondition (and (lying-on ?a) (lying-on ?b) (adjacent ?a ?b ?along)
                       (perpendicular ?along ?side)
                       (adjacent ?a ?c ?side) (adjacent ?b ?e ?side)
                       (active ?c) (active ?e))
    :effect (and (not (lying-on ?a)) (not (lying-on ?b)) (lying-on ?c) (lying-on ?e)
                 (forall (?x - tile)
                   (and (when (and (enabling ?c ?x) (not (hard ?c)) (not (active ?x)))
                              (active ?x))
                        (when (and (disabling ?c ?x) (not (hard ?c)) (active ?x))
                              (not (active ?x)))
                        (when (and (enabling ?e ?x) (not (hard ?e)) (not (active ?x)))
                              (active ?x))
                        (when (and (disabling ?e ?x) (not (hard ?e)) (active ?x))
                              (not (active ?x))))))))
"#;

/// The name of the tile on level cell `(row, col)`: `t-R-C`, 1-based.
fn tile((row, col): (usize, usize)) -> String {
    format!("t-{}-{}", row + 1, col + 1)
}

impl Level {
    /// The Bloxorz domain in PDDL (ADL: typing, negative preconditions, conditional effects):
    /// the predicates of the planning benchmarks' encoding (RAIRLab/bloxorz's `domain2.pddl`),
    /// so that its problem files and [`Level::write_pddl`]'s are problems of this domain, and
    /// three actions: the standing block tips over onto two tiles, the lying block stands up
    /// beyond one end, and the lying block rolls sideways. Arriving on a switch applies its
    /// `enabling` and `disabling` facts (both on one tile: the tile flips); a `hard` switch only
    /// under the block standing. The text ends with `\n`.
    pub const PDDL_DOMAIN: &'static str = PDDL_DOMAIN;

    /// Writes the level as a PDDL problem named `name` of the Bloxorz domain
    /// ([`Level::PDDL_DOMAIN`], the `domain.pddl` that `convert --to pddl` writes): objects
    /// `t-R-C` (the tile on row `R`, column `C`, from 1) for every cell that is not empty, the
    /// facts of docs/LEVELS.md, and the goal `(standing-on TARGET)`. When the domain's rules may
    /// answer the level differently from flipblox's ([`Level::pddl_rules_may_differ`]), a
    /// comment says so. `name` is written as given: a PDDL name (a letter, then letters, digits,
    /// `-` and `_`).
    ///
    /// # Errors
    ///
    /// [`Unwritable::SplitSwitch`] for a level with a split switch (nothing is written then).
    ///
    /// ```
    /// use flipblox::bloxorz::{InputFormat, Level, LevelInput, LevelSource, PackReader};
    /// let level = PackReader::new(b"1 7\nXS.-..O\nswitch 1 2: on 1 4\n").next().unwrap().unwrap();
    /// let mut problem = String::new();
    /// level.write_pddl("level-1", &mut problem).unwrap();
    /// assert!(problem.contains("(enabling t-1-2 t-1-4)"));
    /// let mut input = LevelInput::from_bytes(problem.as_bytes(), InputFormat::Pddl, 1 << 20);
    /// let mut read = Level::new();
    /// input.levels().unwrap().read_into(&mut read).unwrap().unwrap();
    /// assert_eq!(read.to_string(), level.to_string());
    /// ```
    pub fn write_pddl(&self, name: &str, out: &mut String) -> Result<(), Unwritable> {
        write_pddl(self, name, out)
    }

    /// Why the rules of the PDDL domain flipblox writes ([`Level::PDDL_DOMAIN`]) and flipblox's own
    /// may answer this level differently, if they may: a soft switch that takes away a bridge
    /// tile next to it, or two soft switches side by side that act on one tile and not both the
    /// same way (docs/LEVELS.md). `None` when both answer alike.
    pub fn pddl_rules_may_differ(&self) -> Option<String> {
        pddl_rules_may_differ(self)
    }
}

/// Why the domain's rules and flipblox's may answer `level` differently (see the module docs),
/// if they may: a soft switch that takes away a bridge tile next to it (a block lying on both
/// falls in flipblox and stays in the domain), or two soft switches side by side that act on
/// one tile and not both the same way (flipblox presses them one after the other).
pub fn pddl_rules_may_differ(level: &Level) -> Option<String> {
    let m = level.mechanics();
    let soft = |cell| m.switches().iter().find(|s| s.cell == cell && s.kind == SwitchKind::Soft);
    for s in m.switches().iter().filter(|s| s.kind == SwitchKind::Soft) {
        let (r, c) = s.cell;
        for a in &s.actions {
            let (tr, tc) = a.tile;
            let next = r.abs_diff(tr) + c.abs_diff(tc) == 1;
            if next && a.action != Action::On {
                return Some(format!(
                    "the soft switch at row {}, column {} takes away the bridge tile next to it",
                    r + 1,
                    c + 1
                ));
            }
        }
        for other in [(r, c + 1), (r + 1, c)].into_iter().filter_map(soft) {
            for a in &s.actions {
                let clash = other.actions.iter().any(|b| {
                    b.tile == a.tile && (a.action != b.action || a.action == Action::Toggle)
                });
                if clash {
                    return Some(format!(
                        "the soft switches at row {}, column {} and row {}, column {} act on one \
                         tile in different ways",
                        r + 1,
                        c + 1,
                        other.cell.0 + 1,
                        other.cell.1 + 1
                    ));
                }
            }
        }
    }
    None
}

/// Writes `level` as a PDDL problem named `name` ([`Level::write_pddl`]).
pub(crate) fn write_pddl(level: &Level, name: &str, out: &mut String) -> Result<(), Unwritable> {
    let m = level.mechanics();
    if let Some(split) = m.splits().first() {
        return Err(Unwritable::SplitSwitch(split.cell));
    }
    let (rows, cols) = (level.rows(), level.cols());
    let letter = |cell: (usize, usize)| level.letter(cell);
    let object = |cell: (usize, usize)| letter(cell) != '#';
    let cells = || (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)));
    // Writing to a String cannot fail.
    let _ = writeln!(out, "(define (problem {name})");
    out.push_str("  (:domain bloxorz)\n");
    if let Some(why) = pddl_rules_may_differ(level) {
        let _ = writeln!(
            out,
            "  ; note: flipblox's rules and the domain's may answer this level differently: {why}"
        );
    }
    let _ = writeln!(out, "  ; t-R-C is the tile on row R, column C of the {rows} x {cols} level");
    out.push_str("  (:objects");
    for r in 0..rows {
        let row: Vec<String> = (0..cols).map(|c| (r, c)).filter(|&c| object(c)).map(tile).collect();
        if !row.is_empty() {
            let _ = write!(out, "\n    {}", row.join(" "));
        }
    }
    out.push_str(" - tile)\n  (:init\n");
    for (a, b) in [("north", "east"), ("north", "west"), ("south", "east"), ("south", "west")] {
        let _ = writeln!(out, "    (perpendicular {a} {b}) (perpendicular {b} {a})");
    }
    for (r, c) in cells().filter(|&cell| object(cell)) {
        let here = tile((r, c));
        let mut facts = Vec::new();
        let neighbours = [(r.wrapping_sub(1), c, "north"), (r + 1, c, "south")];
        let neighbours = neighbours.into_iter().chain([(r, c.wrapping_sub(1), "west")]);
        for (nr, nc, d) in neighbours.chain([(r, c + 1, "east")]) {
            if nr < rows && nc < cols && object((nr, nc)) {
                facts.push(format!("(adjacent {here} {} {d})", tile((nr, nc))));
            }
        }
        if !facts.is_empty() {
            let _ = writeln!(out, "    {}", facts.join(" "));
        }
    }
    let line = |facts: &mut Vec<String>, out: &mut String| {
        if !facts.is_empty() {
            let _ = writeln!(out, "    {}", facts.join(" "));
            facts.clear();
        }
    };
    let mut facts = Vec::new();
    for (r, c) in cells() {
        match letter((r, c)) {
            '#' | '-' => {}
            _ => facts.push(format!("(active {})", tile((r, c)))),
        }
        if facts.len() == 8 {
            line(&mut facts, out);
        }
    }
    line(&mut facts, out);
    for cell in cells().filter(|&cell| letter(cell) == 'E') {
        facts.push(format!("(yellow {})", tile(cell)));
    }
    line(&mut facts, out);
    for s in m.switches() {
        if s.kind == SwitchKind::Heavy {
            facts.push(format!("(hard {})", tile(s.cell)));
        }
        for a in &s.actions {
            let (on, off) = match a.action {
                Action::On => (true, false),
                Action::Off => (false, true),
                Action::Toggle => (true, true),
            };
            let (switch, target) = (tile(s.cell), tile(a.tile));
            if on {
                facts.push(format!("(enabling {switch} {target})"));
            }
            if off {
                facts.push(format!("(disabling {switch} {target})"));
            }
        }
        line(&mut facts, out);
    }
    let start = level.start();
    match start.orientation {
        Orientation::Standing => {
            let _ = writeln!(out, "    (standing-on {})", tile((start.row, start.col)));
        }
        _ => {
            let on: Vec<String> =
                start.cells().map(|cell| format!("(lying-on {})", tile(cell))).collect();
            let _ = writeln!(out, "    {}", on.join(" "));
        }
    }
    out.push_str("  )\n");
    let _ = writeln!(out, "  (:goal (standing-on {})))", tile(level.target()));
    Ok(())
}
