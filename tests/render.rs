//! The pictures of `flipblox::render`, read back: every SVG is parsed with a real XML parser
//! (roxmltree) and its content checked against the independent models of `tests/common` (the
//! level's tiles, a path replayed move by move, a field from a plain reverse BFS, a Flip Game
//! board replayed press by press, a histogram's counts); PNGs are rasterised and decoded and
//! their pixels checked at known cells; the contact sheet is parsed and its references
//! resolved.

use std::collections::{BTreeSet, HashMap, VecDeque};

use crate::common::Rng;
use crate::common::bloxorz::{Grid, ROLLS, read_pack, roll};
use crate::common::extended::{Act, At, Block, DIRS, Ext, State, read_ext_pack};
use flipblox::render::{
    AnimationOptions, CELL, CellAt, ContactSheet, Drawing, FieldPicture, FlipPicture, Frame,
    HistogramPicture, LevelOptions, LevelPicture, LinkAction, Outcome, PathPicture, PngOptions,
    Pose, RenderError, SheetEntry, SplitLink, SwitchLink, THUMBNAIL_SIZE, Tile, animation_svg,
    contact_sheet_html, draw_field, draw_flip, draw_histogram, draw_level, draw_path, palette,
};
use roxmltree::{Document, Node};

// ---------------------------------------------------------------------------------------------
// Reading SVG back.

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class))
}

fn elements<'a>(doc: &'a Document, name: &str, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants().filter(|n| n.has_tag_name(name) && has_class(n, class)).collect()
}

fn number(node: &Node, attribute: &str) -> f64 {
    let text = node.attribute(attribute).unwrap_or_else(|| panic!("no {attribute} on {node:?}"));
    text.parse().unwrap_or_else(|_| panic!("{attribute}={text:?} is not a number"))
}

/// `translate(X Y)` of a group.
fn translation(node: &Node) -> (f64, f64) {
    let t = node.attribute("transform").expect("a transform");
    let inner = t.strip_prefix("translate(").and_then(|t| t.strip_suffix(')')).expect(t);
    let mut it = inner.split_whitespace().map(|v| v.parse::<f64>().unwrap());
    (it.next().unwrap(), it.next().unwrap())
}

/// A whole number of cells from a length in board units.
fn cells(units: f64) -> usize {
    let n = units / CELL;
    assert!((n - n.round()).abs() < 1e-9 && n >= -1e-9, "{units} is not a whole number of cells");
    n.round() as usize
}

/// The cells a rectangle covers, inset by `inset` units: top-left and bottom-right (inclusive).
fn rect_cells(node: &Node, inset: f64) -> (CellAt, CellAt) {
    let (x, y) = (number(node, "x") - inset, number(node, "y") - inset);
    let (w, h) = (number(node, "width") + 2.0 * inset, number(node, "height") + 2.0 * inset);
    let (c0, r0) = (cells(x), cells(y));
    ((r0, c0), (r0 + cells(h) - 1, c0 + cells(w) - 1))
}

/// The root's size, which must equal its viewBox.
fn size(doc: &Document) -> (f64, f64) {
    let root = doc.root_element();
    let (w, h) = (number(&root, "width"), number(&root, "height"));
    let view: Vec<f64> =
        root.attribute("viewBox").unwrap().split_whitespace().map(|v| v.parse().unwrap()).collect();
    assert_eq!(view, vec![0.0, 0.0, w, h]);
    (w, h)
}

fn board_of<'a>(doc: &'a Document) -> Node<'a, 'a> {
    let boards = elements(doc, "g", "board");
    assert_eq!(boards.len(), 1);
    boards[0]
}

// ---------------------------------------------------------------------------------------------
// Levels: from the independent model to the view model.

/// Every kind of tile with its letter (`docs/LEVELS.md`), the class and the fill its cells must
/// have: written out here, not taken from `Tile`'s own methods.
const KINDS: [(u8, Tile, &str, &str); 10] = [
    (b'#', Tile::Empty, "tile empty", palette::EMPTY),
    (b'.', Tile::Rigid, "tile rigid", palette::RIGID),
    (b'E', Tile::Fragile, "tile fragile", palette::FRAGILE),
    (b'O', Tile::Target, "tile target", palette::TARGET),
    (b'X', Tile::Start, "tile start", palette::START),
    (b'S', Tile::SoftSwitch, "tile soft-switch", palette::SOFT_SWITCH),
    (b'H', Tile::HeavySwitch, "tile heavy-switch", palette::HEAVY_SWITCH),
    (b'V', Tile::SplitSwitch, "tile split-switch", palette::SPLIT_SWITCH),
    (b'B', Tile::Bridge, "tile bridge", palette::BRIDGE),
    (b'-', Tile::AbsentBridge, "tile bridge-absent", palette::BRIDGE_ABSENT),
];

fn kind(tile: Tile) -> (u8, Tile, &'static str, &'static str) {
    KINDS.into_iter().find(|k| k.1 == tile).unwrap()
}

fn tile_of(letter: u8) -> Tile {
    KINDS.into_iter().find(|k| k.0 == letter).unwrap_or_else(|| panic!("letter {letter}")).1
}

fn expected_class(tile: Tile) -> &'static str {
    kind(tile).2
}

fn expected_fill(tile: Tile) -> &'static str {
    kind(tile).3
}

fn at(cell: At) -> CellAt {
    (cell.0 as usize, cell.1 as usize)
}

fn picture_of(ext: &Ext) -> LevelPicture {
    let (rows, cols) = (ext.height() as usize, ext.width() as usize);
    let mut picture = LevelPicture::new(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            picture.tiles[cols * r + c] = tile_of(ext.rows[r][c]);
        }
    }
    let mut switches: Vec<_> = ext.switches.iter().collect();
    switches.sort_by_key(|(cell, _)| **cell);
    for (&switch, actions) in switches {
        for &(act, tile) in actions {
            let action = match act {
                Act::On => LinkAction::On,
                Act::Off => LinkAction::Off,
                Act::Toggle => LinkAction::Toggle,
            };
            picture.switch_links.push(SwitchLink { switch: at(switch), action, tile: at(tile) });
        }
    }
    let mut splits: Vec<_> = ext.splits.iter().collect();
    splits.sort();
    for (&switch, targets) in splits {
        picture.split_links.push(SplitLink { switch: at(switch), targets: targets.map(at) });
    }
    picture
}

fn mechanics_pack() -> Vec<Ext> {
    read_ext_pack(&crate::common::read_text(crate::common::project("data/bloxorz/mechanics.txt")))
}

const POJ_SAMPLE: &str = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n";

/// Levels of every kind: the POJ sample, a lying start, a fragile corridor, the mechanics pack.
fn levels() -> Vec<Ext> {
    let mut levels = read_ext_pack(&format!(
        "{POJ_SAMPLE}3 6\nXX..E.\n.#..E.\n...O..\n4 5\n.....\n.EEE.\n.EOE.\nX....\n0 0\n"
    ));
    levels.extend(mechanics_pack());
    levels
}

#[test]
fn a_level_has_one_rectangle_per_cell_with_its_class_and_fill() {
    let mut every_kind = 0;
    for ext in levels() {
        let picture = picture_of(&ext);
        let svg = draw_level(&picture, &LevelOptions::default()).unwrap().to_svg();
        let doc = parse(&svg);
        let (width, height) = size(&doc);
        let (ox, oy) = translation(&board_of(&doc));
        assert!(ox > 0.0 && oy > 0.0);
        let board_w = picture.cols as f64 * CELL;
        assert!(width >= ox + board_w && height >= oy + picture.rows as f64 * CELL);
        let tiles = elements(&doc, "rect", "tile");
        assert_eq!(tiles.len(), picture.rows * picture.cols);
        let mut seen = BTreeSet::new();
        for rect in &tiles {
            let (first, last) = rect_cells(rect, 0.0);
            assert_eq!(first, last, "a tile covers exactly one cell");
            assert!(seen.insert(first), "two tiles on {first:?}");
            let tile = tile_of(ext.rows[first.0][first.1]);
            assert_eq!(rect.attribute("class"), Some(expected_class(tile)));
            assert_eq!(rect.attribute("fill"), Some(expected_fill(tile)));
        }
        // Links: a line per switch action and two per split switch, centre to centre.
        let lines = elements(&doc, "path", "link");
        let actions: usize = ext.switches.values().map(Vec::len).sum();
        assert_eq!(lines.len(), actions + 2 * ext.splits.len());
        for line in lines {
            // `M x1 y1 Q cx cy x2 y2`: the curve's ends are the cells' centres.
            let d = line.attribute("d").unwrap().replace(['M', 'Q'], " ");
            let v: Vec<f64> = d.split_whitespace().map(|n| n.parse().unwrap()).collect();
            assert_eq!(v.len(), 6, "{d}");
            let cell = |x: f64, y: f64| {
                let (r, c) = (y / CELL - 0.5, x / CELL - 0.5);
                assert!(r.fract() == 0.0 && c.fract() == 0.0, "({x}, {y}) is a cell's centre");
                (r as i64, c as i64)
            };
            let (from, to) = (cell(v[0], v[1]), cell(v[4], v[5]));
            let kind = line.attribute("class").unwrap().strip_prefix("link ").unwrap();
            if kind == "split" {
                assert!(ext.splits[&from].contains(&to));
            } else {
                let act = ext.switches[&from].iter().find(|(_, t)| *t == to).unwrap().0;
                assert_eq!(kind, format!("{act:?}").to_lowercase());
            }
        }
        // The legend names each kind of tile the level has, once.
        let legend: Vec<String> = doc
            .descendants()
            .filter(|n| has_class(n, "legend-entry"))
            .map(|n| {
                n.descendants().filter(|t| t.is_text()).filter_map(|t| t.text()).collect::<String>()
            })
            .collect();
        let kinds: BTreeSet<u8> = ext.rows.iter().flatten().copied().collect();
        for kind in &kinds {
            let words = tile_of(*kind).description();
            assert_eq!(
                legend.iter().filter(|l| l.trim() == words).count(),
                1,
                "{words} in {legend:?}"
            );
        }
        every_kind |= kinds
            .iter()
            .fold(0u32, |m, k| m | 1 << Tile::ALL.iter().position(|t| *t == tile_of(*k)).unwrap());
    }
    assert_eq!(every_kind, (1 << Tile::ALL.len()) - 1, "the levels show every kind of tile");
}

#[test]
fn options_leave_out_the_legend_and_the_links() {
    let ext = &mechanics_pack()[11];
    let picture = picture_of(ext);
    let bare =
        draw_level(&picture, &LevelOptions { legend: false, links: false }).unwrap().to_svg();
    let doc = parse(&bare);
    assert!(elements(&doc, "g", "legend").is_empty());
    assert!(elements(&doc, "path", "link").is_empty());
    assert_eq!(elements(&doc, "rect", "tile").len(), picture.tiles.len());
    let full = draw_level(&picture, &LevelOptions::default()).unwrap().to_svg();
    assert_eq!(elements(&parse(&full), "g", "legend").len(), 1);
}

#[test]
fn the_same_level_gives_the_same_bytes() {
    for ext in levels() {
        let picture = picture_of(&ext);
        let a = draw_level(&picture, &LevelOptions::default()).unwrap().to_svg();
        let b = draw_level(&picture.clone(), &LevelOptions::default()).unwrap().to_svg();
        assert_eq!(a, b);
    }
}

// ---------------------------------------------------------------------------------------------
// Paths: a shortest path by a plain BFS over the independent model, drawn, read back and
// replayed move by move.

/// A move: the whole block rolls (`None`) or the cube on a cell slides.
type Move = (Option<At>, char);

fn dir_of(letter: char) -> At {
    DIRS.iter().find(|(l, _)| *l == letter).unwrap().1
}

/// A shortest path of the model (BFS with parents), as moves; `None` when Impossible.
fn shortest_path(ext: &Ext) -> Option<Vec<Move>> {
    let start = ext.start();
    let mut parent: HashMap<State, (State, Move)> = HashMap::new();
    let mut queue = VecDeque::from([start.clone()]);
    let mut seen: BTreeSet<State> = BTreeSet::from([start.clone()]);
    while let Some(state) = queue.pop_front() {
        if state.0 == ext.goal() {
            let mut moves = Vec::new();
            let mut s = state;
            while let Some((p, m)) = parent.get(&s) {
                moves.push(*m);
                s = p.clone();
            }
            moves.reverse();
            return Some(moves);
        }
        let mut next: Vec<(State, Move)> = Vec::new();
        for &(letter, dir) in &DIRS {
            match state.0 {
                Block::Whole(_) => {
                    next.extend(ext.roll(&state, dir).map(|n| (n, (None, letter))));
                }
                Block::Cubes(cubes) => {
                    for cube in cubes {
                        next.extend(
                            ext.slide(&state, cube, dir).map(|n| (n, (Some(cube), letter))),
                        );
                    }
                }
            }
        }
        for (n, m) in next {
            if seen.insert(n.clone()) {
                parent.insert(n.clone(), (state.clone(), m));
                queue.push_back(n);
            }
        }
    }
    None
}

/// Where the block is, with the split cubes named: `[a, b]` (the cells of cubes a and b).
#[derive(Clone)]
struct Walk {
    state: State,
    named: [At; 2],
}

impl Walk {
    fn start(ext: &Ext) -> Walk {
        Walk { state: ext.start(), named: [(-1, -1); 2] }
    }

    /// Applies a step of the `--path` notation (`R`, `aU`); `None` when it is illegal.
    fn step(&self, ext: &Ext, step: &str) -> Option<Walk> {
        let mut chars = step.chars();
        let first = chars.next()?;
        let mut named = self.named;
        let state = match (first, &self.state.0) {
            ('a' | 'b', Block::Cubes(_)) => {
                let k = usize::from(first == 'b');
                let dir = dir_of(chars.next()?);
                let next = ext.slide(&self.state, named[k], dir)?;
                named[k] = (named[k].0 + dir.0, named[k].1 + dir.1);
                next
            }
            (letter, Block::Whole(cells)) if chars.next().is_none() => {
                let dir = dir_of(letter);
                let landed = roll(*cells, dir);
                if landed[0] == landed[1] && ext.at(landed[0]) == b'V' {
                    named = ext.splits[&landed[0]];
                }
                ext.roll(&self.state, dir)?
            }
            _ => return None,
        };
        Some(Walk { state, named })
    }

    /// The notation of a move of the model from here.
    fn notation(&self, (cube, letter): Move) -> String {
        match cube {
            None => letter.to_string(),
            Some(cell) => {
                let name = if self.named[0] == cell { 'a' } else { 'b' };
                format!("{name}{letter}")
            }
        }
    }

    /// The pose of the view model.
    fn pose(&self) -> Pose {
        match self.state.0 {
            Block::Whole([a, b]) if a == b => Pose::Standing(at(a)),
            Block::Whole([a, b]) => Pose::Lying([at(a), at(b)]),
            Block::Cubes(_) => Pose::Split(self.named.map(at)),
        }
    }
}

/// The view model of a path, from the model's moves; also the steps as notation.
fn path_of(ext: &Ext, moves: &[Move]) -> PathPicture {
    let mut walk = Walk::start(ext);
    let start = walk.pose();
    let mut frames = Vec::new();
    for &m in moves {
        let step = walk.notation(m);
        let next = walk.step(ext, &step).expect("a move of the BFS is legal");
        let flipped = walk.state.1.symmetric_difference(&next.state.1).map(|&c| at(c)).collect();
        frames.push(Frame { pose: next.pose(), step, flipped });
        walk = next;
    }
    PathPicture { start, frames }
}

/// The cells the model's block covers, sorted (one cell when standing), and whether it is split.
fn model_cells(walk: &Walk) -> (Vec<CellAt>, bool) {
    match walk.state.0 {
        Block::Whole([a, b]) if a == b => (vec![at(a)], false),
        Block::Whole([a, b]) => (vec![at(a), at(b)], false),
        Block::Cubes([a, b]) => (vec![at(a), at(b)], true),
    }
}

#[test]
fn a_drawn_path_has_one_footprint_per_move_and_replays_to_the_target() {
    let mut solved = 0;
    for ext in levels() {
        let Some(moves) = shortest_path(&ext) else { continue };
        let n = ext.reference_distance().expect("solvable");
        assert_eq!(moves.len(), n as usize);
        let picture = picture_of(&ext);
        let path = path_of(&ext, &moves);
        let svg = draw_path(&picture, &path, &LevelOptions::default()).unwrap().to_svg();
        let doc = parse(&svg);
        let group = elements(&doc, "g", "path");
        assert_eq!(group.len(), 1);
        assert_eq!(number(&group[0], "data-moves"), n as f64);

        // Footprints by step: their cells, the move written on them, whether two pieces.
        let mut steps: Vec<(Vec<CellAt>, usize, String, String)> =
            vec![Default::default(); n as usize + 1];
        for rect in elements(&doc, "rect", "footprint") {
            let i = number(&rect, "data-step") as usize;
            let (first, last) = rect_cells(&rect, 3.0);
            let entry = &mut steps[i];
            entry.0.push(first);
            if last != first {
                entry.0.push(last);
            }
            entry.1 += 1;
            entry.2 = rect.attribute("data-move").unwrap().to_owned();
            entry.3 = rect.attribute("fill").unwrap().to_owned();
        }
        // Replay the written moves on the model, from the start.
        let mut walk = Walk::start(&ext);
        let mut line = String::new();
        for (i, (mut cells, pieces, step, fill)) in steps.into_iter().enumerate() {
            if i > 0 {
                walk = walk
                    .step(&ext, &step)
                    .unwrap_or_else(|| panic!("step {i} ({step}) is illegal"));
                line.push_str(&step);
            } else {
                assert_eq!(step, "");
            }
            cells.sort();
            let (expected, split) = model_cells(&walk);
            assert_eq!(cells, expected, "step {i}");
            assert_eq!(pieces, if split { 2 } else { 1 }, "step {i}");
            assert_eq!(fill, palette::step_colour(i, n as usize));
        }
        assert_eq!(walk.state.0, ext.goal());
        assert_eq!(ext.replay(&format!("{n} {line}")), Ok(n));
        // Every move is numbered, in the order of the moves.
        let mut numbered: Vec<usize> = elements(&doc, "text", "step-number")
            .iter()
            .flat_map(|t| {
                t.text()
                    .unwrap()
                    .split(',')
                    .map(|s| s.parse::<usize>().unwrap())
                    .collect::<Vec<_>>()
            })
            .collect();
        numbered.sort();
        numbered.dedup();
        assert_eq!(numbered, (0..=n as usize).collect::<Vec<_>>());
        solved += 1;
    }
    assert!(solved >= 10, "{solved}");
}

/// The values of `<animate attributeName=NAME>` under `node`, split at `;`.
fn animated<'a>(node: &Node<'a, 'a>, name: &str) -> Vec<&'a str> {
    let animate = node
        .children()
        .find(|c| c.has_tag_name("animate") && c.attribute("attributeName") == Some(name))
        .unwrap_or_else(|| panic!("no animation of {name}"));
    animate.attribute("values").unwrap().split(';').collect()
}

#[test]
fn an_animation_plays_every_pose_of_the_path_in_order() {
    let options = AnimationOptions::default();
    for ext in levels() {
        let Some(moves) = shortest_path(&ext) else { continue };
        let n = moves.len();
        let picture = picture_of(&ext);
        let path = path_of(&ext, &moves);
        let svg = animation_svg(&picture, &path, &options).unwrap();
        let doc = parse(&svg);
        let blocks = elements(&doc, "rect", "block");
        assert_eq!(blocks.len(), 2);
        let geometry = |block: &Node, i: usize| {
            let v = |name| animated(block, name)[i].parse::<f64>().unwrap();
            let (x, y, w, h) = (v("x"), v("y"), v("width"), v("height"));
            let (c0, r0) = (cells(x), cells(y));
            let mut out = Vec::new();
            for r in r0..r0 + cells(h) {
                for c in c0..c0 + cells(w) {
                    out.push((r, c));
                }
            }
            out
        };
        let times: Vec<f64> = blocks[0]
            .children()
            .find(|c| c.has_tag_name("animate"))
            .unwrap()
            .attribute("keyTimes")
            .unwrap()
            .split(';')
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(times.len(), n + 1);
        assert_eq!(times[0], 0.0);
        assert!(times.windows(2).all(|w| w[0] < w[1]) && times[n] < 1.0);
        let counters = elements(&doc, "text", "counter");
        assert_eq!(counters.len(), n + 1);
        let has_b =
            blocks[1].children().any(|c| c.attribute("attributeName") == Some("visibility"));
        let mut walk = Walk::start(&ext);
        for (i, counter) in counters.iter().enumerate() {
            let counter = counter.text().unwrap().trim();
            let (head, step) = counter.split_once(": ").unwrap();
            assert_eq!(head, format!("move {i} of {n}"));
            if i > 0 {
                walk = walk.step(&ext, step).unwrap_or_else(|| panic!("step {i} {step:?} of {n}"));
            }
            let b_visible = has_b && animated(&blocks[1], "visibility")[i] == "visible";
            let mut drawn = geometry(&blocks[0], i);
            if b_visible {
                drawn.extend(geometry(&blocks[1], i));
            }
            drawn.sort();
            let (expected, split) = model_cells(&walk);
            assert_eq!((drawn, b_visible), (expected, split), "pose {i}");
            if split {
                // Cube a is the rectangle of block a.
                assert_eq!(geometry(&blocks[0], i), vec![at(walk.named[0])]);
            }
        }
        assert_eq!(walk.state.0, ext.goal());
        // Bridges flipped by the path are animated with the bridge colours.
        for state in elements(&doc, "rect", "bridge-state") {
            let (cell, _) = rect_cells(&state, 0.0);
            assert!(matches!(ext.rows[cell.0][cell.1], b'B' | b'-'));
            let fills = animated(&state, "fill");
            assert_eq!(fills.len(), n + 1);
            assert!(fills.iter().all(|f| *f == palette::BRIDGE || *f == palette::BRIDGE_ABSENT));
        }
    }
}

#[test]
fn an_animation_shows_a_bridge_appear_when_its_switch_is_pressed() {
    // Mechanics level 1: `XS.-..O`, `switch 1 2: on 1 4`; R lies on S and lays column 4.
    let ext = &mechanics_pack()[0];
    let moves = shortest_path(ext).unwrap();
    let svg = animation_svg(&picture_of(ext), &path_of(ext, &moves), &Default::default()).unwrap();
    let doc = parse(&svg);
    let states = elements(&doc, "rect", "bridge-state");
    assert_eq!(states.len(), 1);
    assert_eq!(rect_cells(&states[0], 0.0).0, (0, 3));
    let fills = animated(&states[0], "fill");
    assert_eq!(fills[0], palette::BRIDGE_ABSENT);
    assert!(fills[1..].iter().all(|f| *f == palette::BRIDGE));
}

// ---------------------------------------------------------------------------------------------
// Fields: distances by a plain reverse BFS over the POJ model.

/// The field of a POJ level: for every `(r, c, o)`, the distance to standing on `O` (-1 none),
/// and whether the box may rest there.
fn field_of(grid: &Grid) -> FieldPicture {
    let (rows, cols) = (grid.height() as usize, grid.width() as usize);
    let cubes_of = |r: i64, c: i64, o: usize| match o {
        0 => [(r, c), (r, c)],
        1 => [(r, c), (r, c + 1)],
        _ => [(r, c), (r + 1, c)],
    };
    let (t, _) = (0..rows * cols)
        .map(|i| ((i / cols) as i64, (i % cols) as i64))
        .map(|(r, c)| ((r, c), grid.at(r, c)))
        .find(|(_, ch)| *ch == b'O')
        .unwrap();
    let mut distance: HashMap<[(i64, i64); 2], i32> = HashMap::from([([t, t], 0)]);
    let mut queue = VecDeque::from([[t, t]]);
    while let Some(cubes) = queue.pop_front() {
        let d = distance[&cubes];
        for (_, dir) in ROLLS {
            let next = roll(cubes, dir);
            if grid.can_rest(next) && !distance.contains_key(&next) {
                distance.insert(next, d + 1);
                queue.push_back(next);
            }
        }
    }
    let mut field = FieldPicture {
        rows,
        cols,
        distances: vec![-1; rows * cols * 3],
        can_rest: vec![false; rows * cols * 3],
    };
    for r in 0..rows {
        for c in 0..cols {
            for o in 0..3 {
                let cubes = cubes_of(r as i64, c as i64, o);
                let i = (cols * r + c) * 3 + o;
                field.can_rest[i] = grid.can_rest(cubes);
                field.distances[i] = distance.get(&cubes).copied().unwrap_or(-1);
            }
        }
    }
    field
}

#[test]
fn a_field_shows_every_state_with_its_distance_or_why_it_has_none() {
    // The POJ sample, and a level with an island (legal states that cannot reach the goal) and
    // fragile cells (lying only).
    let mut grids = read_pack(POJ_SAMPLE);
    grids.extend(read_pack("3 9\nX...##...\n..E.##.E.\n.O..##...\n"));
    let mut kinds = BTreeSet::new();
    for grid in grids {
        let field = field_of(&grid);
        let max = field.distances.iter().copied().max().unwrap() as u32;
        let svg = draw_field(&field).unwrap().to_svg();
        let doc = parse(&svg);
        let panels = elements(&doc, "g", "board");
        let names: Vec<&str> =
            panels.iter().map(|p| p.attribute("data-orientation").unwrap()).collect();
        assert_eq!(names, ["standing", "lying horizontally", "lying vertically"]);
        for (o, panel) in panels.iter().enumerate() {
            let mut covered = vec![0; field.rows * field.cols];
            for rect in
                panel.children().filter(|n| n.has_tag_name("rect") && !has_class(n, "outline"))
            {
                let ((r, c0), (r1, c1)) = rect_cells(&rect, 0.0);
                assert_eq!(r, r1, "a run stays in its row");
                let class = rect.attribute("class").unwrap();
                kinds.insert(class.to_owned());
                for c in c0..=c1 {
                    covered[field.cols * r + c] += 1;
                    let i = (field.cols * r + c) * 3 + o;
                    let (d, rest) = (field.distances[i], field.can_rest[i]);
                    match class {
                        "dist" => {
                            assert_eq!(number(&rect, "data-distance"), f64::from(d));
                            assert_eq!(
                                rect.attribute("fill").unwrap(),
                                palette::distance_colour(d as u32, max)
                            );
                        }
                        "unreachable" => {
                            assert!(d == -1 && rest, "({r}, {c}, {o})");
                            assert_eq!(rect.attribute("fill"), Some(palette::UNREACHABLE));
                        }
                        "illegal" => {
                            assert!(d == -1 && !rest, "({r}, {c}, {o})");
                            assert_eq!(rect.attribute("fill"), Some(palette::ILLEGAL));
                        }
                        other => panic!("unexpected class {other}"),
                    }
                }
            }
            assert!(covered.iter().all(|&k| k == 1), "every cell drawn once in panel {o}");
        }
        // The colour bar: one band per distance, 0 at the bottom.
        let bar = elements(&doc, "g", "colour-bar");
        assert_eq!(number(&bar[0], "data-max"), f64::from(max));
        let bands = elements(&doc, "rect", "band");
        assert_eq!(bands.len(), max as usize + 1);
        for band in &bands {
            let d = number(band, "data-distance") as u32;
            assert_eq!(band.attribute("fill").unwrap(), palette::distance_colour(d, max));
        }
        let y = |d: usize| number(&bands[d], "y");
        assert!(y(0) > y(max as usize));
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

#[test]
fn a_field_with_many_distances_draws_its_colour_bar_as_a_gradient() {
    // A 1 x 200 corridor: distances up to about 133.
    let row = format!("X{}O", ".".repeat(198));
    let field = field_of(&read_pack(&format!("1 200\n{row}\n"))[0]);
    let doc_text = draw_field(&field).unwrap().to_svg();
    let doc = parse(&doc_text);
    assert!(elements(&doc, "rect", "band").is_empty());
    let gradient = elements(&doc, "rect", "gradient");
    assert_eq!(gradient[0].attribute("fill"), Some("url(#distance-gradient)"));
    let stops: Vec<Node> = doc.descendants().filter(|n| n.has_tag_name("stop")).collect();
    assert_eq!(
        stops.first().unwrap().attribute("stop-color").unwrap(),
        palette::distance_colour(0, 1)
    );
    assert_eq!(
        stops.last().unwrap().attribute("stop-color").unwrap(),
        palette::distance_colour(1, 1)
    );
}

// ---------------------------------------------------------------------------------------------
// Flip Game boards.

#[test]
fn a_flip_board_numbers_its_presses_in_order_and_they_solve_it() {
    let mut rng = Rng(16);
    for (rows, cols) in [(4, 4), (3, 5), (1, 6), (6, 6)] {
        // Press random pieces of a white board; pressing them again in another order solves it.
        let mut presses: Vec<(usize, usize)> = (0..rows * cols)
            .filter(|_| rng.next() & 1 == 1)
            .map(|i| (i / cols, i % cols))
            .collect();
        let white = vec!["w".repeat(cols); rows];
        let refs: Vec<&str> = white.iter().map(String::as_str).collect();
        let one_based: Vec<_> = presses.iter().map(|&(r, c)| (r + 1, c + 1)).collect();
        let board = crate::common::replay_rows(&refs, &one_based);
        let rows_text: Vec<String> =
            board.iter().map(|r| r.iter().map(|&b| if b { 'b' } else { 'w' }).collect()).collect();
        let rows_ref: Vec<&str> = rows_text.iter().map(String::as_str).collect();
        presses.reverse();
        let mut picture = FlipPicture::from_rows(&rows_ref).unwrap();
        picture.presses = presses.clone();
        let svg = draw_flip(&picture).unwrap().to_svg();
        let doc = parse(&svg);

        // The pieces as drawn.
        let pieces = elements(&doc, "circle", "piece");
        assert_eq!(pieces.len(), rows * cols);
        let mut drawn = vec![vec![false; cols]; rows];
        for piece in &pieces {
            let (c, r) =
                ((number(piece, "cx") / CELL) as usize, (number(piece, "cy") / CELL) as usize);
            let black = piece.attribute("fill") == Some("#000000");
            assert!(black || piece.attribute("fill") == Some("#ffffff"));
            assert_eq!(number(piece, "data-colour"), if black { 1.0 } else { 0.0 });
            drawn[r][c] = black;
        }
        assert_eq!(drawn, board);
        // The presses, put back in order from their numbers.
        let mut order = vec![None; presses.len()];
        for label in elements(&doc, "text", "press-number") {
            let (c, r) =
                ((number(&label, "x") / CELL) as usize, (number(&label, "y") / CELL) as usize);
            for k in label.text().unwrap().split(',') {
                let k: usize = k.parse().unwrap();
                assert!(order[k - 1].replace((r + 1, c + 1)).is_none(), "press {k} twice");
            }
        }
        let order: Vec<(usize, usize)> = order.into_iter().map(Option::unwrap).collect();
        assert_eq!(elements(&doc, "circle", "press").len(), order.len());
        let text: Vec<&str> = rows_text.iter().map(String::as_str).collect();
        assert!(crate::common::is_uniform(&crate::common::replay_rows(&text, &order)));
    }
}

#[test]
fn a_cell_pressed_twice_carries_both_numbers() {
    let mut picture = FlipPicture::from_rows(&["ww", "ww"]).unwrap();
    picture.presses = vec![(0, 1), (1, 1), (0, 1)];
    let svg = draw_flip(&picture).unwrap().to_svg();
    let doc = parse(&svg);
    let labels: Vec<&str> =
        elements(&doc, "text", "press-number").iter().map(|n| n.text().unwrap()).collect();
    assert_eq!(labels, ["1,3", "2"]);
    assert_eq!(elements(&doc, "circle", "press").len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Histograms.

#[test]
fn histogram_bars_are_proportional_to_their_counts() {
    for (counts, impossible) in [
        (vec![1, 4, 6, 4, 1, 0, 250], 17),
        (vec![1, 2, 3], 0),
        (vec![5], 1_000_000),
        ((0..40).map(|d| d * d).collect::<Vec<u64>>(), 0),
    ] {
        let svg =
            draw_histogram(&HistogramPicture::new(counts.clone(), impossible)).unwrap().to_svg();
        let doc = parse(&svg);
        let bars = elements(&doc, "rect", "bar");
        assert_eq!(bars.len(), counts.len() + usize::from(impossible > 0));
        let largest = counts.iter().copied().chain([impossible]).max().unwrap();
        let baseline = number(&bars[0], "y") + number(&bars[0], "height");
        let unit = bars
            .iter()
            .find(|b| number(b, "data-count") == largest as f64)
            .map(|b| number(b, "height") / largest as f64)
            .unwrap();
        assert!(unit > 0.0);
        for (i, bar) in bars.iter().enumerate() {
            let count = number(bar, "data-count");
            let h = number(bar, "height");
            assert!((h - count * unit).abs() < 1e-6, "bar {i}: {h} for {count}");
            assert!((number(bar, "y") + h - baseline).abs() < 1e-6, "bars stand on the axis");
            if i < counts.len() {
                assert_eq!(count, counts[i] as f64);
                assert_eq!(number(bar, "data-distance"), i as f64);
                assert!(!has_class(bar, "impossible"));
            } else {
                assert!(has_class(bar, "impossible") && count == impossible as f64);
            }
        }
        // Bars go left to right by distance, the Impossible bar last.
        let xs: Vec<f64> = bars.iter().map(|b| number(b, "x")).collect();
        assert!(xs.windows(2).all(|w| w[0] < w[1]));
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        for label in ["distance (moves)", "states", "Distance histogram"] {
            assert!(texts.contains(&label), "{label}");
        }
        assert_eq!(texts.contains(&"Impossible"), impossible > 0);
    }
}

// ---------------------------------------------------------------------------------------------
// PNG.

fn hex_colour(hex: &str) -> [u8; 3] {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// Decodes a PNG file with the `png` crate: its size and its pixels as RGB.
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes)).read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Rgb, png::BitDepth::Eight));
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// The SVG of a drawing rasterised by resvg as a whole (every cell a parsed `<rect>`), at
/// `scale`, for comparison with [`Drawing::rasterise`], which fills the cells directly.
fn resvg_pixels(drawing: &Drawing, scale: f32) -> resvg::tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(&drawing.to_svg(), &Default::default()).unwrap();
    let size = tree.size();
    let (w, h) = ((size.width() * scale).round() as u32, (size.height() * scale).round() as u32);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
}

#[test]
fn a_level_png_has_each_tile_colour_at_its_cell() {
    let picture = LevelPicture::from_rows(&["X.E#O", "SHVB-"]).unwrap();
    let drawing = draw_level(&picture, &LevelOptions::default()).unwrap();
    let doc_text = drawing.to_svg();
    let doc = parse(&doc_text);
    let (ox, oy) = translation(&board_of(&doc));
    let (width, height) = size(&doc);
    for scale in [1.0f32, 2.0, 3.5] {
        let options = PngOptions { scale, ..PngOptions::default() };
        let raster = drawing.rasterise(&options).unwrap();
        assert_eq!(raster.width(), (width * f64::from(scale)).round() as u32);
        assert_eq!(raster.height(), (height * f64::from(scale)).round() as u32);
        let (w, h, rgb) = decode(&drawing.to_png(&options).unwrap());
        assert_eq!((w, h), (raster.width(), raster.height()));
        let whole = resvg_pixels(&drawing, scale);
        for r in 0..picture.rows {
            for c in 0..picture.cols {
                // A point 5 units inside the cell's top-left corner: clear of the symbols.
                let x = ((ox + c as f64 * CELL + 5.0) * f64::from(scale)) as u32;
                let y = ((oy + r as f64 * CELL + 5.0) * f64::from(scale)) as u32;
                let expected = hex_colour(expected_fill(picture.tile((r, c))));
                let pixel = raster.pixel(x, y).unwrap();
                assert_eq!(pixel, [expected[0], expected[1], expected[2], 255], "({r}, {c})");
                let i = ((y * w + x) * 3) as usize;
                assert_eq!(rgb[i..i + 3], pixel[..3], "the PNG file has the same pixel");
                let p = whole.pixel(x, y).unwrap();
                assert_eq!([p.red(), p.green(), p.blue()], expected, "resvg draws the same");
            }
        }
        // Symbols are drawn over the tiles: the heavy switch's cross crosses its centre.
        let centre = |cell: CellAt| {
            let x = (ox + (cell.1 as f64 + 0.5) * CELL) * f64::from(scale);
            let y = (oy + (cell.0 as f64 + 0.5) * CELL) * f64::from(scale);
            raster.pixel(x as u32, y as u32).unwrap()
        };
        assert_ne!(centre((1, 1))[..3], hex_colour(palette::HEAVY_SWITCH));
    }
}

#[test]
fn a_large_picture_is_scaled_down_to_fit() {
    let mut picture = LevelPicture::new(2, 300);
    picture.tiles.fill(Tile::Rigid);
    let drawing = draw_level(&picture, &LevelOptions { legend: false, links: false }).unwrap();
    let raster = drawing.rasterise(&PngOptions { scale: 2.0, max_side: 1000 }).unwrap();
    assert_eq!(raster.width(), 1000);
    assert!(raster.scale() < 2.0 && raster.scale() > 0.1);
    // Cells filled at about 3.3 pixels each meet without gaps (the page is white): every pixel
    // across the board is the rigid tiles' grey.
    assert_eq!(raster.height(), 11);
    for x in 3..996 {
        assert_eq!(raster.pixel(x, 5).unwrap()[..3], hex_colour(palette::RIGID), "pixel {x}");
    }
}

#[test]
fn numbers_in_a_png_are_drawn_with_the_embedded_font() {
    // One press on a white piece: the only red near the cell's centre is its number (the ring
    // is 10.56 units from it, 42 pixels at this scale).
    let mut picture = FlipPicture::from_rows(&["www"]).unwrap();
    picture.presses = vec![(0, 1)];
    let drawing = draw_flip(&picture).unwrap();
    let svg = drawing.to_svg();
    let doc = parse(&svg);
    let (ox, oy) = translation(&board_of(&doc));
    let raster = drawing.rasterise(&PngOptions { scale: 4.0, ..PngOptions::default() }).unwrap();
    let red = hex_colour(palette::PRESS);
    let count_red = |cell: f64| {
        let (cx, cy) = ((ox + (cell + 0.5) * CELL) * 4.0, (oy + 0.5 * CELL) * 4.0);
        let mut inked = 0;
        for dy in -16..=16 {
            for dx in -16..=16 {
                let (x, y) = ((cx + f64::from(dx)) as u32, (cy + f64::from(dy)) as u32);
                inked += usize::from(raster.pixel(x, y).unwrap()[..3] == red);
            }
        }
        inked
    };
    assert!(count_red(1.0) > 20, "the numeral is drawn ({} pixels)", count_red(1.0));
    assert_eq!(count_red(0.0), 0, "an unpressed piece has none");
}

#[test]
fn field_and_histogram_pngs_show_their_colours() {
    let field = field_of(&read_pack(POJ_SAMPLE)[0]);
    let max = field.distances.iter().copied().max().unwrap() as u32;
    let drawing = draw_field(&field).unwrap();
    let svg = drawing.to_svg();
    let doc = parse(&svg);
    let raster = drawing.rasterise(&PngOptions::default()).unwrap();
    let s = f64::from(raster.scale());
    for (o, panel) in elements(&doc, "g", "board").iter().enumerate() {
        let (ox, oy) = translation(panel);
        for r in 0..field.rows {
            for c in 0..field.cols {
                let i = (field.cols * r + c) * 3 + o;
                let expected = match (field.distances[i], field.can_rest[i]) {
                    (d, _) if d >= 0 => palette::distance_colour(d as u32, max),
                    (_, true) => palette::UNREACHABLE.to_owned(),
                    _ => palette::ILLEGAL.to_owned(),
                };
                let x = ((ox + (c as f64 + 0.5) * CELL) * s) as u32;
                let y = ((oy + (r as f64 + 0.5) * CELL) * s) as u32;
                assert_eq!(
                    raster.pixel(x, y).unwrap()[..3],
                    hex_colour(&expected),
                    "({r}, {c}, {o})"
                );
            }
        }
    }
    let drawing = draw_histogram(&HistogramPicture::new(vec![10, 20], 5)).unwrap();
    let svg = drawing.to_svg();
    let doc = parse(&svg);
    let raster = drawing.rasterise(&PngOptions::default()).unwrap();
    let s = f64::from(raster.scale());
    for bar in elements(&doc, "rect", "bar") {
        let x = (number(&bar, "x") + number(&bar, "width") / 2.0) * s;
        let y = (number(&bar, "y") + number(&bar, "height") / 2.0) * s;
        let fill = bar.attribute("fill").unwrap();
        assert_eq!(raster.pixel(x as u32, y as u32).unwrap()[..3], hex_colour(fill));
    }
}

#[test]
fn rasterising_refuses_a_scale_or_size_that_gives_no_picture() {
    let drawing =
        draw_level(&LevelPicture::from_rows(&["XO"]).unwrap(), &LevelOptions::default()).unwrap();
    for (scale, max_side) in [(0.0, 10), (1.0, 0), (f32::NAN, 10), (-2.0, 10), (f32::INFINITY, 10)]
    {
        let options = PngOptions { scale, max_side };
        assert!(matches!(drawing.rasterise(&options), Err(RenderError::Png(_))), "{options:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// The contact sheet.

fn entry(level: usize, outcome: Outcome, image: Option<&str>) -> SheetEntry {
    SheetEntry {
        level,
        rows: 3,
        cols: 7,
        outcome,
        states_explored: Some(40 + level as u64),
        image: image.map(str::to_owned),
        thumbnail: None,
        links: vec![("path".to_owned(), format!("level-{level:04}-path.svg"))],
    }
}

#[test]
fn the_contact_sheet_links_every_written_picture_and_escapes_text() {
    let dir = tempfile::tempdir().unwrap();
    let mut sheet = ContactSheet { title: "pack <a & b> \"x\"".to_owned(), entries: Vec::new() };
    for (i, ext) in levels().iter().enumerate() {
        let n = i + 1;
        let picture = picture_of(ext);
        let name = format!("level-{n:04}.svg");
        std::fs::write(
            dir.path().join(&name),
            draw_level(&picture, &LevelOptions::default()).unwrap().to_svg(),
        )
        .unwrap();
        // Every other level has a thumbnail without legend.
        let thumbnail = (n % 2 == 0).then(|| format!("level-{n:04}-thumb.svg"));
        if let Some(thumbnail) = &thumbnail {
            let bare = LevelOptions { legend: false, links: true };
            let svg = draw_level(&picture, &bare).unwrap().to_svg();
            std::fs::write(dir.path().join(thumbnail), svg).unwrap();
        }
        let outcome = match shortest_path(ext) {
            Some(moves) => {
                let path = path_of(ext, &moves);
                let svg = draw_path(&picture, &path, &LevelOptions::default()).unwrap().to_svg();
                std::fs::write(dir.path().join(format!("level-{n:04}-path.svg")), svg).unwrap();
                Outcome::Moves(moves.len() as u64)
            }
            None => Outcome::Impossible,
        };
        let mut e = entry(n, outcome, Some(&name));
        e.thumbnail = thumbnail;
        if matches!(e.outcome, Outcome::Impossible) {
            e.links.clear();
        }
        sheet.entries.push(e);
    }
    let broken = sheet.entries.len() + 1;
    let mut error =
        entry(broken, Outcome::Error("3:4: expected '.', found '<&>'".to_owned()), None);
    error.links.clear();
    error.states_explored = None;
    sheet.entries.push(error);
    let html = contact_sheet_html(&sheet).unwrap();
    std::fs::write(dir.path().join("index.html"), &html).unwrap();

    let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    let doc = Document::parse_with_options(&html, options).expect("the page is well-formed XML");
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some(sheet.title.as_str()));
    let figures: Vec<Node> = doc.descendants().filter(|n| n.has_tag_name("figure")).collect();
    assert_eq!(figures.len(), sheet.entries.len());
    for (figure, e) in figures.iter().zip(&sheet.entries) {
        assert_eq!(figure.attribute("id"), Some(format!("level-{}", e.level).as_str()));
        let class = match e.outcome {
            Outcome::Moves(_) => "solved",
            Outcome::Impossible => "impossible",
            Outcome::Error(_) => "error",
        };
        assert!(has_class(figure, class));
        let caption: String = figure
            .descendants()
            .find(|n| n.has_tag_name("figcaption"))
            .unwrap()
            .descendants()
            .filter_map(|n| n.text())
            .collect();
        let answer = match &e.outcome {
            Outcome::Moves(m) => format!("{m} moves"),
            Outcome::Impossible => "Impossible".to_owned(),
            Outcome::Error(message) => format!("Error: {message}"),
        };
        assert!(caption.contains(&answer), "{caption}");
        assert_eq!(caption.contains("states explored"), e.states_explored.is_some());
        let imgs: Vec<Node> = figure.descendants().filter(|n| n.has_tag_name("img")).collect();
        match &e.image {
            Some(image) => {
                assert_eq!(imgs.len(), 1);
                let img = imgs[0];
                assert_eq!(img.attribute("id"), Some(format!("thumb-{}", e.level).as_str()));
                let shown = e.thumbnail.as_ref().unwrap_or(image);
                assert_eq!(img.attribute("src"), Some(shown.as_str()));
                assert_eq!(img.parent().unwrap().attribute("href"), Some(image.as_str()));
                assert_eq!(number(&img, "width"), f64::from(THUMBNAIL_SIZE));
                assert_eq!(number(&img, "height"), f64::from(THUMBNAIL_SIZE));
                assert!(img.attribute("loading").is_none(), "thumbnails load eagerly");
            }
            None => assert!(imgs.is_empty()),
        }
    }
    // Every reference resolves to a written file.
    let references: Vec<&str> =
        doc.descendants().filter_map(|n| n.attribute("src").or(n.attribute("href"))).collect();
    assert!(references.len() > sheet.entries.len());
    for reference in references {
        assert!(dir.path().join(reference).is_file(), "{reference} was not written");
    }
    let summary = doc.descendants().find(|n| n.attribute("id") == Some("summary")).unwrap();
    let impossible = sheet.entries.iter().filter(|e| e.outcome == Outcome::Impossible).count();
    assert_eq!(
        summary.text().unwrap(),
        format!(
            "{} levels: {} solved, {impossible} Impossible, 1 error",
            sheet.entries.len(),
            sheet.entries.len() - impossible - 1
        )
    );
}

#[test]
fn the_contact_sheet_refuses_references_that_are_not_relative() {
    for bad in ["/tmp/level.svg", "http://example.com/a.svg", "C:\\a.svg", "", "file:a.svg"] {
        // As the picture, as its thumbnail, and as a further link.
        let mut entries = vec![
            entry(1, Outcome::Moves(3), Some(bad)),
            entry(1, Outcome::Moves(3), Some("a.svg")),
        ];
        entries[1].thumbnail = Some(bad.to_owned());
        let mut linked = entry(1, Outcome::Moves(3), Some("a.svg"));
        linked.links.push(("path".to_owned(), bad.to_owned()));
        entries.push(linked);
        for e in entries {
            let sheet = ContactSheet { title: "t".to_owned(), entries: vec![e] };
            assert!(matches!(contact_sheet_html(&sheet), Err(RenderError::Invalid(_))), "{bad:?}");
        }
    }
    let sheet = ContactSheet {
        title: "t".to_owned(),
        entries: vec![entry(1, Outcome::Moves(3), Some("pictures/level 1.svg"))],
    };
    assert!(contact_sheet_html(&sheet).is_ok());
}

// ---------------------------------------------------------------------------------------------
// Bad view models are refused, never drawn wrong and never a panic.

#[test]
fn inconsistent_view_models_are_errors() {
    let level = LevelPicture::from_rows(&["X..O", ".S-."]).unwrap();
    let mut short = level.clone();
    short.tiles.pop();
    assert!(matches!(
        draw_level(&short, &LevelOptions::default()),
        Err(RenderError::Length { .. })
    ));
    let mut outside = level.clone();
    outside.switch_links.push(SwitchLink { switch: (1, 1), action: LinkAction::On, tile: (2, 2) });
    assert!(matches!(
        draw_level(&outside, &LevelOptions::default()),
        Err(RenderError::OutOfGrid { .. })
    ));
    assert!(matches!(
        draw_level(&LevelPicture::new(0, 3), &LevelOptions::default()),
        Err(RenderError::EmptyGrid { .. })
    ));
    assert!(LevelPicture::from_rows(&["X.", "O"]).is_err());
    assert!(LevelPicture::from_rows(&["XZO"]).is_err());

    let frame = |pose, flipped: Vec<CellAt>| Frame { pose, step: "R".to_owned(), flipped };
    let bad_paths = [
        PathPicture { start: Pose::Lying([(0, 0), (0, 2)]), frames: vec![] },
        PathPicture {
            start: Pose::Standing((0, 0)),
            frames: vec![frame(Pose::Split([(0, 1), (0, 1)]), vec![])],
        },
        PathPicture {
            start: Pose::Standing((0, 0)),
            frames: vec![frame(Pose::Standing((5, 0)), vec![])],
        },
        PathPicture {
            start: Pose::Standing((0, 0)),
            frames: vec![frame(Pose::Lying([(0, 1), (0, 2)]), vec![(0, 1)])],
        },
    ];
    for path in &bad_paths {
        assert!(draw_path(&level, path, &LevelOptions::default()).is_err(), "{path:?}");
        assert!(animation_svg(&level, path, &AnimationOptions::default()).is_err(), "{path:?}");
    }
    let good = PathPicture {
        start: Pose::Standing((0, 0)),
        frames: vec![frame(Pose::Lying([(0, 1), (0, 2)]), vec![(1, 2)])],
    };
    assert!(draw_path(&level, &good, &LevelOptions::default()).is_ok());
    for seconds in [0.0, -1.0, f64::NAN] {
        let options = AnimationOptions { seconds_per_move: seconds, ..AnimationOptions::default() };
        assert!(animation_svg(&level, &good, &options).is_err());
    }

    let field = FieldPicture {
        rows: 1,
        cols: 2,
        distances: vec![0, -1, -1, 1, -1, -1],
        can_rest: vec![true, true, false, false, false, false],
    };
    assert!(draw_field(&field).is_err(), "a distance on a state the box may not rest in");
    let field = FieldPicture {
        rows: 1,
        cols: 2,
        distances: vec![0, -2, -1, -1, -1, -1],
        can_rest: vec![true; 6],
    };
    assert!(draw_field(&field).is_err());
    let field = FieldPicture { rows: 1, cols: 2, distances: vec![0; 5], can_rest: vec![true; 6] };
    assert!(matches!(draw_field(&field), Err(RenderError::Length { .. })));

    let mut board = FlipPicture::from_rows(&["bw"]).unwrap();
    board.presses.push((1, 0));
    assert!(matches!(draw_flip(&board), Err(RenderError::OutOfGrid { .. })));
    board.presses.clear();
    board.pieces[0] = 2;
    assert!(draw_flip(&board).is_err());
    assert!(FlipPicture::from_rows(&["bx"]).is_err());
    assert!(draw_histogram(&HistogramPicture::new(vec![], 0)).is_err());
    // An error names what is wrong.
    let err = draw_path(&level, &bad_paths[0], &LevelOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the start: expected two orthogonally adjacent cells for a lying block, found row 1, \
         column 1 and row 1, column 3"
    );
}
