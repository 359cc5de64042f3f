//! Reading the pictures of `flipblox::render` back, for the tests of the library
//! (`tests/render.rs`, and `src/render/tests/`, which includes this file by path with the models
//! it uses) and of `flipblox render` (`tests/render_cli.rs`): SVG parsed with a real XML parser
//! (roxmltree) and checked against the independent models of `tests/common` (a level's letters,
//! a path replayed move by move, a field from a plain reverse BFS, a Flip Game board replayed
//! press by press, a histogram's counts); PNG decoded with the `png` crate. Only the library's
//! public API is named here.

use std::collections::{BTreeSet, HashMap, VecDeque};

use super::bloxorz::{Grid, ROLLS, roll};
use super::extended::{At, Block, DIRS, Ext, State};
use super::flip_game::{is_uniform, replay_rows};
use flipblox::render::{FieldPicture, Outcome, SheetEntry};
use roxmltree::{Document, Node};

/// A cell: 0-based row and column.
pub type CellAt = (usize, usize);

/// The side of a board's cell in SVG user units, as the module docs of `flipblox::render`
/// give it.
pub const CELL: f64 = 24.0;

/// The POJ 3322 sample level.
pub const POJ_SAMPLE: &str = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n";

/// The colours the pictures are documented to use, written out here rather than taken from the
/// library.
pub mod palette {
    pub const EMPTY: &str = "#ffffff";
    pub const RIGID: &str = "#a9b0b8";
    pub const FRAGILE: &str = "#f2a14a";
    pub const TARGET: &str = "#23272e";
    pub const START: &str = "#7ea6e0";
    pub const SOFT_SWITCH: &str = "#9ccc8a";
    pub const HEAVY_SWITCH: &str = "#5e9e55";
    pub const SPLIT_SWITCH: &str = "#c5a3dd";
    pub const BRIDGE: &str = "#b98b5e";
    pub const BRIDGE_ABSENT: &str = "#fbf4ec";
    pub const IMPOSSIBLE: &str = "#e4575c";
    pub const ILLEGAL: &str = "#eceef1";
    pub const PRESS: &str = "#e8413c";

    /// The fill of distance `d` of a field whose largest distance is `max`: viridis at
    /// `d / max` (0 when `max` is 0).
    pub fn distance_colour(d: u32, max: u32) -> String {
        let t = if max == 0 { 0.0 } else { f64::from(d) / f64::from(max) };
        format!("#{:x}", colorous::VIRIDIS.eval_continuous(t))
    }

    /// The colour of move `step` of `moves`: plasma at `0.85 * step / moves` (0 without moves).
    pub fn step_colour(step: usize, moves: usize) -> String {
        let t = if moves == 0 { 0.0 } else { 0.85 * step as f64 / moves as f64 };
        format!("#{:x}", colorous::PLASMA.eval_continuous(t))
    }
}

pub fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

pub fn has_class(node: &Node, class: &str) -> bool {
    node.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class))
}

pub fn elements<'a>(doc: &'a Document, name: &str, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants().filter(|n| n.has_tag_name(name) && has_class(n, class)).collect()
}

pub fn number(node: &Node, attribute: &str) -> f64 {
    let text = node.attribute(attribute).unwrap_or_else(|| panic!("no {attribute} on {node:?}"));
    text.parse().unwrap_or_else(|_| panic!("{attribute}={text:?} is not a number"))
}

/// `translate(X Y)` of a group.
pub fn translation(node: &Node) -> (f64, f64) {
    let t = node.attribute("transform").expect("a transform");
    let inner = t.strip_prefix("translate(").and_then(|t| t.strip_suffix(')')).expect(t);
    let mut it = inner.split_whitespace().map(|v| v.parse::<f64>().unwrap());
    (it.next().unwrap(), it.next().unwrap())
}

/// A whole number of cells from a length in board units.
pub fn cells(units: f64) -> usize {
    let n = units / CELL;
    assert!((n - n.round()).abs() < 1e-9 && n >= -1e-9, "{units} is not a whole number of cells");
    n.round() as usize
}

/// The cells a rectangle covers, inset by `inset` units: top-left and bottom-right (inclusive).
pub fn rect_cells(node: &Node, inset: f64) -> (CellAt, CellAt) {
    let (x, y) = (number(node, "x") - inset, number(node, "y") - inset);
    let (w, h) = (number(node, "width") + 2.0 * inset, number(node, "height") + 2.0 * inset);
    let (c0, r0) = (cells(x), cells(y));
    ((r0, c0), (r0 + cells(h) - 1, c0 + cells(w) - 1))
}

/// The root's size, which must equal its viewBox.
pub fn size(doc: &Document) -> (f64, f64) {
    let root = doc.root_element();
    let (w, h) = (number(&root, "width"), number(&root, "height"));
    let view: Vec<f64> =
        root.attribute("viewBox").unwrap().split_whitespace().map(|v| v.parse().unwrap()).collect();
    assert_eq!(view, vec![0.0, 0.0, w, h]);
    (w, h)
}

pub fn board_of<'a>(doc: &'a Document) -> Node<'a, 'a> {
    let boards = elements(doc, "g", "board");
    assert_eq!(boards.len(), 1);
    boards[0]
}

/// Every kind of tile by its letter (`docs/LEVELS.md`): the class and the fill its cells must
/// have and its words in the legend, written out here, not taken from the library.
pub const KINDS: [(u8, &str, &str, &str); 10] = [
    (b'#', "tile empty", palette::EMPTY, "empty"),
    (b'.', "tile rigid", palette::RIGID, "rigid"),
    (b'E', "tile fragile", palette::FRAGILE, "fragile (no standing)"),
    (b'O', "tile target", palette::TARGET, "target"),
    (b'X', "tile start", palette::START, "start"),
    (b'S', "tile soft-switch", palette::SOFT_SWITCH, "soft switch"),
    (b'H', "tile heavy-switch", palette::HEAVY_SWITCH, "heavy switch"),
    (b'V', "tile split-switch", palette::SPLIT_SWITCH, "split switch"),
    (b'B', "tile bridge", palette::BRIDGE, "bridge"),
    (b'-', "tile bridge-absent", palette::BRIDGE_ABSENT, "bridge, absent"),
];

/// The kind of tile of a letter: `(letter, class, fill, legend words)`.
pub fn tile_of(letter: u8) -> (u8, &'static str, &'static str, &'static str) {
    KINDS.into_iter().find(|k| k.0 == letter).unwrap_or_else(|| panic!("letter {letter}"))
}

pub fn expected_class(letter: u8) -> &'static str {
    tile_of(letter).1
}

pub fn expected_fill(letter: u8) -> &'static str {
    tile_of(letter).2
}

/// The words of the legend for a letter's tile.
pub fn legend_words(letter: u8) -> &'static str {
    tile_of(letter).3
}

pub fn at(cell: At) -> CellAt {
    (cell.0 as usize, cell.1 as usize)
}

pub fn dir_of(letter: char) -> At {
    DIRS.iter().find(|(l, _)| *l == letter).unwrap().1
}

/// Where the block is, with the split cubes named: `[a, b]` (the cells of cubes a and b).
#[derive(Clone)]
pub struct Walk {
    pub state: State,
    pub named: [At; 2],
}

impl Walk {
    pub fn start(ext: &Ext) -> Walk {
        Walk { state: ext.start(), named: [(-1, -1); 2] }
    }

    /// Applies a step of the `--path` notation (`R`, `aU`); `None` when it is illegal.
    pub fn step(&self, ext: &Ext, step: &str) -> Option<Walk> {
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
}

/// The cells the model's block covers, sorted (one cell when standing), and whether it is split.
pub fn model_cells(walk: &Walk) -> (Vec<CellAt>, bool) {
    match walk.state.0 {
        Block::Whole([a, b]) if a == b => (vec![at(a)], false),
        Block::Whole([a, b]) => (vec![at(a), at(b)], false),
        Block::Cubes([a, b]) => (vec![at(a), at(b)], true),
    }
}

/// Checks the picture of a level against the model `ext`: one rectangle per cell with the class
/// and fill of its letter, one link per switch action and two per split switch (centre to
/// centre), and, when the picture has a legend, each kind of tile the level has named in it
/// once.
pub fn check_level_svg(doc: &Document, ext: &Ext) {
    let (rows, cols) = (ext.height() as usize, ext.width() as usize);
    let (width, height) = size(doc);
    let (ox, oy) = translation(&board_of(doc));
    assert!(ox > 0.0 && oy > 0.0);
    assert!(width >= ox + cols as f64 * CELL && height >= oy + rows as f64 * CELL);
    let tiles = elements(doc, "rect", "tile");
    assert_eq!(tiles.len(), rows * cols);
    let mut seen = BTreeSet::new();
    for rect in &tiles {
        let (first, last) = rect_cells(rect, 0.0);
        assert_eq!(first, last, "a tile covers exactly one cell");
        assert!(seen.insert(first), "two tiles on {first:?}");
        let letter = ext.rows[first.0][first.1];
        assert_eq!(rect.attribute("class"), Some(expected_class(letter)));
        assert_eq!(rect.attribute("fill"), Some(expected_fill(letter)));
    }
    // Links: a line per switch action and two per split switch, centre to centre.
    let lines = elements(doc, "path", "link");
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
    if elements(doc, "g", "legend").is_empty() {
        return;
    }
    let legend: Vec<String> = doc
        .descendants()
        .filter(|n| has_class(n, "legend-entry"))
        .map(|n| n.descendants().filter(|t| t.is_text()).filter_map(|t| t.text()).collect())
        .collect();
    let kinds: BTreeSet<u8> = ext.rows.iter().flatten().copied().collect();
    for kind in &kinds {
        let words = legend_words(*kind);
        let named = legend.iter().filter(|l| l.trim() == words).count();
        assert_eq!(named, 1, "{words} in {legend:?}");
    }
}

/// Checks the picture of a path over the level `ext`: one footprint per piece of the block
/// after every move, whose cells are where the model's block is when the moves written on the
/// footprints are replayed from the start; every pose coloured by its step and numbered; the
/// last on the goal. Returns the moves, as written.
pub fn check_path_svg(doc: &Document, ext: &Ext) -> String {
    let group = elements(doc, "g", "path");
    assert_eq!(group.len(), 1);
    let n = number(&group[0], "data-moves") as usize;
    // Footprints by step: their cells, the move written on them, whether two pieces.
    let mut steps: Vec<(Vec<CellAt>, usize, String, String)> = vec![Default::default(); n + 1];
    for rect in elements(doc, "rect", "footprint") {
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
    let mut walk = Walk::start(ext);
    let mut line = String::new();
    for (i, (mut cells, pieces, step, fill)) in steps.into_iter().enumerate() {
        if i > 0 {
            walk = walk.step(ext, &step).unwrap_or_else(|| panic!("step {i} ({step}) is illegal"));
            line.push_str(&step);
        } else {
            assert_eq!(step, "");
        }
        cells.sort();
        let (expected, split) = model_cells(&walk);
        assert_eq!(cells, expected, "step {i}");
        assert_eq!(pieces, if split { 2 } else { 1 }, "step {i}");
        assert_eq!(fill, palette::step_colour(i, n));
    }
    assert_eq!(walk.state.0, ext.goal());
    assert_eq!(ext.replay(&format!("{n} {line}")), Ok(n as u32));
    // Every move is numbered, in the order of the moves.
    let mut numbered: Vec<usize> = elements(doc, "text", "step-number")
        .iter()
        .flat_map(|t| {
            t.text().unwrap().split(',').map(|s| s.parse::<usize>().unwrap()).collect::<Vec<_>>()
        })
        .collect();
    numbered.sort();
    numbered.dedup();
    assert_eq!(numbered, (0..=n).collect::<Vec<_>>());
    line
}

/// The values of `<animate attributeName=NAME>` under `node`, split at `;`.
pub fn animated<'a>(node: &Node<'a, 'a>, name: &str) -> Vec<&'a str> {
    let animate = node
        .children()
        .find(|c| c.has_tag_name("animate") && c.attribute("attributeName") == Some(name))
        .unwrap_or_else(|| panic!("no animation of {name}"));
    animate.attribute("values").unwrap().split(';').collect()
}

/// Checks an animation of a path over the level `ext`: the counter of every pose names its
/// move, and replaying those moves on the model puts the block (rectangle `block a`, and
/// `block b` while visible) where the model's block is at that time, ending on the goal; bridge
/// tiles change colour between the bridge colours. Returns the number of moves.
pub fn check_animation_svg(doc: &Document, ext: &Ext) -> usize {
    let blocks = elements(doc, "rect", "block");
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
    let counters = elements(doc, "text", "counter");
    let n = counters.len() - 1;
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
    let has_b = blocks[1].children().any(|c| c.attribute("attributeName") == Some("visibility"));
    let mut walk = Walk::start(ext);
    for (i, counter) in counters.iter().enumerate() {
        let counter = counter.text().unwrap().trim();
        let (head, step) = counter.split_once(": ").unwrap();
        assert_eq!(head, format!("move {i} of {n}"));
        if i > 0 {
            walk = walk.step(ext, step).unwrap_or_else(|| panic!("step {i} {step:?} of {n}"));
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
    for state in elements(doc, "rect", "bridge-state") {
        let (cell, _) = rect_cells(&state, 0.0);
        assert!(matches!(ext.rows[cell.0][cell.1], b'B' | b'-'));
        let fills = animated(&state, "fill");
        assert_eq!(fills.len(), n + 1);
        assert!(fills.iter().all(|f| *f == palette::BRIDGE || *f == palette::BRIDGE_ABSENT));
    }
    n
}

/// The field of a POJ level: for every `(r, c, o)`, the distance to standing on `O` (-1 none),
/// and whether the box may rest there.
pub fn field_of(grid: &Grid) -> FieldPicture {
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
    let mut field =
        FieldPicture { rows, cols, distances: vec![-2; rows * cols * 3], from_start: false };
    for r in 0..rows {
        for c in 0..cols {
            for o in 0..3 {
                let cubes = cubes_of(r as i64, c as i64, o);
                let i = (cols * r + c) * 3 + o;
                let otherwise = if grid.can_rest(cubes) { -1 } else { -2 };
                field.distances[i] = distance.get(&cubes).copied().unwrap_or(otherwise);
            }
        }
    }
    field
}

/// Checks the heat maps of a field against `field` (the model's, [`field_of`]): three panels,
/// every cell drawn once in each, with its distance and viridis colour, or as impossible (-1)
/// or illegal (-2); and the colour bar, one band per distance with 0 at the bottom (for fields of
/// fewer than 64 distances). Returns the classes drawn.
pub fn check_field_svg(doc: &Document, field: &FieldPicture) -> BTreeSet<String> {
    let max = field.distances.iter().copied().max().unwrap() as u32;
    let mut kinds = BTreeSet::new();
    let panels = elements(doc, "g", "board");
    let names: Vec<&str> =
        panels.iter().map(|p| p.attribute("data-orientation").unwrap()).collect();
    assert_eq!(names, ["standing", "lying horizontally", "lying vertically"]);
    for (o, panel) in panels.iter().enumerate() {
        let mut covered = vec![0; field.rows * field.cols];
        for rect in panel.children().filter(|n| n.has_tag_name("rect") && !has_class(n, "outline"))
        {
            let ((r, c0), (r1, c1)) = rect_cells(&rect, 0.0);
            assert_eq!(r, r1, "a run stays in its row");
            let class = rect.attribute("class").unwrap();
            kinds.insert(class.to_owned());
            for c in c0..=c1 {
                covered[field.cols * r + c] += 1;
                let i = (field.cols * r + c) * 3 + o;
                let d = field.distances[i];
                match class {
                    "dist" => {
                        assert_eq!(number(&rect, "data-distance"), f64::from(d));
                        assert_eq!(
                            rect.attribute("fill").unwrap(),
                            palette::distance_colour(d as u32, max)
                        );
                    }
                    "impossible" => {
                        assert!(d == -1, "({r}, {c}, {o})");
                        assert_eq!(rect.attribute("fill"), Some(palette::IMPOSSIBLE));
                    }
                    "illegal" => {
                        assert!(d == -2, "({r}, {c}, {o})");
                        assert_eq!(rect.attribute("fill"), Some(palette::ILLEGAL));
                    }
                    other => panic!("unexpected class {other}"),
                }
            }
        }
        assert!(covered.iter().all(|&k| k == 1), "every cell drawn once in panel {o}");
    }
    let bar = elements(doc, "g", "colour-bar");
    assert_eq!(number(&bar[0], "data-max"), f64::from(max));
    if max < 64 {
        let bands = elements(doc, "rect", "band");
        assert_eq!(bands.len(), max as usize + 1);
        for band in &bands {
            let d = number(band, "data-distance") as u32;
            assert_eq!(band.attribute("fill").unwrap(), palette::distance_colour(d, max));
        }
        let y = |d: usize| number(&bands[d], "y");
        assert!(y(0) > y(max as usize));
    }
    kinds
}

/// Checks the picture of a Flip Game board of rows `rows` (`b`/`w`): one piece per cell with
/// its colour, and press numbers that, put back in order, make the board uniform when replayed
/// by the tests' own press. Returns the presses in order, 1-based `(row, col)`.
pub fn check_flip_svg(doc: &Document, rows: &[&str]) -> Vec<(usize, usize)> {
    let (height, width) = (rows.len(), rows[0].len());
    let board: Vec<Vec<bool>> =
        rows.iter().map(|r| r.bytes().map(|b| b == b'b').collect()).collect();
    // The pieces as drawn.
    let pieces = elements(doc, "circle", "piece");
    assert_eq!(pieces.len(), height * width);
    let mut drawn = vec![vec![false; width]; height];
    for piece in &pieces {
        let (c, r) = ((number(piece, "cx") / CELL) as usize, (number(piece, "cy") / CELL) as usize);
        let black = piece.attribute("fill") == Some("#000000");
        assert!(black || piece.attribute("fill") == Some("#ffffff"));
        assert_eq!(number(piece, "data-colour"), if black { 1.0 } else { 0.0 });
        drawn[r][c] = black;
    }
    assert_eq!(drawn, board);
    // The presses, put back in order from their numbers.
    let labels = elements(doc, "text", "press-number");
    let count: usize = labels.iter().map(|l| l.text().unwrap().split(',').count()).sum();
    let mut order = vec![None; count];
    for label in labels {
        let (c, r) = ((number(&label, "x") / CELL) as usize, (number(&label, "y") / CELL) as usize);
        for k in label.text().unwrap().split(',') {
            let k: usize = k.parse().unwrap();
            assert!(order[k - 1].replace((r + 1, c + 1)).is_none(), "press {k} twice");
        }
    }
    let order: Vec<(usize, usize)> = order.into_iter().map(Option::unwrap).collect();
    let pressed: BTreeSet<_> = order.iter().collect();
    let rings = elements(doc, "circle", "press");
    assert_eq!(rings.len(), pressed.len());
    assert!(rings.iter().all(|ring| ring.attribute("stroke") == Some(palette::PRESS)));
    assert!(is_uniform(&replay_rows(rows, &order)));
    order
}

/// Checks a histogram's bars: one per count in distance order and one for `impossible` (when
/// not 0), standing on one axis, each as high as its count in one unit. Returns the texts of
/// the picture.
pub fn check_histogram_svg<'a>(doc: &'a Document, counts: &[u64], impossible: u64) -> Vec<&'a str> {
    let bars = elements(doc, "rect", "bar");
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
    doc.descendants().filter_map(|n| n.text()).collect()
}

/// `[r, g, b]` of a `#rrggbb` colour.
pub fn hex_colour(hex: &str) -> [u8; 3] {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// Decodes a PNG file with the `png` crate: its size and its pixels as RGB.
pub fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png_bytes)).read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Rgb, png::BitDepth::Eight));
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// An entry of a contact sheet: level `level`, 3 x 7, with `outcome`, 40 + `level` states
/// explored, the picture `image` and a link to its path picture.
pub fn sheet_entry(level: usize, outcome: Outcome, image: Option<&str>) -> SheetEntry {
    SheetEntry {
        level,
        rows: 3,
        cols: 7,
        outcome,
        states_explored: Some(40 + level as u64),
        image: image.map(str::to_owned),
        thumbnail: None,
        links: vec![("path".to_owned(), format!("level-{level:04}-path.svg"))],
        title: None,
    }
}
