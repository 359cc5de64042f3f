//! A path over a level: the block's footprint after every move, still (numbered and coloured
//! from the start to the goal) or animated (SMIL, no script).

use std::collections::BTreeMap;

use svg::node::element::{Animate, Element, Group, Rectangle};

use super::draw::{self, Anchor, Build};
use super::draw::{CELL, CellAt};
use super::drawing::Drawing;
use super::error::{RenderError, check_cell};
use super::level::{LevelOptions, LevelPicture, Tile, level_board};
use super::palette;

/// Where the block is: standing on a cell, lying on two adjacent cells, or split into two cubes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Pose {
    /// The whole block standing on a cell.
    Standing((usize, usize)),
    /// The whole block lying on two orthogonally adjacent cells (in either order).
    Lying([(usize, usize); 2]),
    /// Two cubes: cube `a` on the first cell, cube `b` on the second (different cells).
    Split([(usize, usize); 2]),
}

impl Pose {
    /// The cells the block or the cubes cover: one, or two.
    pub(crate) fn cells(&self) -> &[(usize, usize)] {
        match self {
            Pose::Standing(cell) => std::slice::from_ref(cell),
            Pose::Lying(cells) | Pose::Split(cells) => cells,
        }
    }

    /// The pieces drawn: the whole block (first and last cell of its rectangle), or each cube.
    fn pieces(&self) -> Vec<(CellAt, CellAt)> {
        match *self {
            Pose::Standing(c) => vec![(c, c)],
            Pose::Lying([a, b]) => vec![(a, b)],
            Pose::Split([a, b]) => vec![(a, a), (b, b)],
        }
    }

    /// Checks that the pose fits a `rows x cols` level and a lying block's cells are adjacent.
    fn check(&self, what: &str, rows: usize, cols: usize) -> Result<(), RenderError> {
        for &cell in self.cells() {
            check_cell(|| what.to_owned(), cell, rows, cols)?;
        }
        match *self {
            Pose::Lying([a, b]) if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) != 1 => {
                Err(RenderError::Invalid(format!(
                    "{what}: expected two orthogonally adjacent cells for a lying block, found \
                     row {}, column {} and row {}, column {}",
                    a.0 + 1,
                    a.1 + 1,
                    b.0 + 1,
                    b.1 + 1
                )))
            }
            Pose::Split([a, b]) if a == b => Err(RenderError::Invalid(format!(
                "{what}: expected two different cells for the cubes, found row {}, column {} twice",
                a.0 + 1,
                a.1 + 1
            ))),
            _ => Ok(()),
        }
    }
}

/// The block after one move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Frame {
    /// Where the block or the cubes are after the move.
    pub(crate) pose: Pose,
    /// The move in the `--path` notation (`R`, `aU`, ...), written beside the picture and in
    /// the footprint's `data-move`.
    pub(crate) step: String,
    /// The bridge tiles that appear or vanish during this move (switches pressed by it); only
    /// the animation shows them.
    pub(crate) flipped: Vec<(usize, usize)>,
}

/// A path over a level: where the block starts, and after each move where the block is, the
/// move's step and the bridge tiles it changed; made with [`PathPicture::from_path`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PathPicture {
    /// Where the block is before the first move.
    pub(crate) start: Pose,
    /// One frame per move, in order; the last is the goal.
    pub(crate) frames: Vec<Frame>,
}

impl PathPicture {
    /// The poses: the start, then each frame's (`moves() + 1` of them).
    pub(crate) fn poses(&self) -> impl Iterator<Item = Pose> + '_ {
        std::iter::once(self.start).chain(self.frames.iter().map(|f| f.pose))
    }

    /// The number of moves.
    pub fn moves(&self) -> usize {
        self.frames.len()
    }

    /// Checks every pose against the level, and that flipped cells are bridge tiles.
    fn check(&self, level: &LevelPicture) -> Result<(), RenderError> {
        let (rows, cols) = (level.rows, level.cols);
        self.start.check("the start", rows, cols)?;
        for (i, frame) in self.frames.iter().enumerate() {
            let what = format!("frame {}", i + 1);
            frame.pose.check(&what, rows, cols)?;
            for &cell in &frame.flipped {
                check_cell(|| what.clone(), cell, rows, cols)?;
                if !matches!(level.tile(cell), Tile::Bridge | Tile::AbsentBridge) {
                    return Err(RenderError::Invalid(format!(
                        "{what}: expected a bridge tile at row {}, column {}, found {:?}",
                        cell.0 + 1,
                        cell.1 + 1,
                        level.tile(cell)
                    )));
                }
            }
        }
        Ok(())
    }
}

/// The inset of a footprint from its cells' edges, in user units, so that footprints on
/// neighbouring cells stay apart.
const FOOTPRINT_INSET: f64 = 3.0;

/// [`LevelPicture::draw_path`].
pub(crate) fn draw_path(
    level: &LevelPicture,
    path: &PathPicture,
    options: &LevelOptions,
) -> Result<Drawing, RenderError> {
    level.check()?;
    path.check(level)?;
    let (mut board, mut legend) = level_board(level, options)?;
    let moves = path.moves();
    let mut footprints = Group::new().set("class", "path").set("data-moves", moves);
    // The numbers of the moves that brought a new piece onto each cell (its first cell: the
    // anchor of a lying block), all written in that cell, so that no two overlap.
    let mut numbers: BTreeMap<CellAt, Vec<usize>> = BTreeMap::new();
    let mut before: Vec<(CellAt, CellAt)> = Vec::new();
    let steps = std::iter::once("").chain(path.frames.iter().map(|f| f.step.as_str()));
    for (i, (pose, step)) in path.poses().zip(steps).enumerate() {
        let colour = palette::step_colour(i, moves);
        let pieces = pose.pieces();
        for &(first, last) in &pieces {
            footprints = footprints.add(
                draw::cells_rect("footprint", first, last, FOOTPRINT_INSET, &colour)
                    .set("data-step", i)
                    .set("data-move", step)
                    .set("fill-opacity", 0.5)
                    .set("stroke", colour.as_str())
                    .set("stroke-width", 1.5),
            );
            if !before.contains(&(first, last)) {
                numbers.entry(first).or_default().push(i);
            }
        }
        before = pieces;
    }
    for (cell, steps) in numbers {
        for label in cell_labels(cell, &steps) {
            footprints = footprints.add(label);
        }
    }
    legend.square(&palette::step_colour(0, moves), None, "move 0: start");
    legend.square(&palette::step_colour(moves, moves), None, &format!("move {moves}: goal"));
    let words = format!("{moves} move{}", if moves == 1 { "" } else { "s" });
    let footer = draw::footer("moves", &words);
    let title = super::level::picture_title(
        level,
        format!("Bloxorz level, {} x {}: a path of {words}", level.rows, level.cols),
    );
    board.add(footprints);
    let heading = super::level::heading(level, options);
    let legend = options.legend.then_some(legend);
    Ok(super::drawing::compose(board, Some(footer), legend, title, heading))
}

/// The most characters of step numbers on one line of a cell.
const LINE_CHARACTERS: usize = 8;

/// The step numbers of one cell as `<text class="step-number">` lines inside it, each a list of
/// numbers separated by commas (`3,17,21`), sized so that every line fits the cell's width and
/// all lines its height.
fn cell_labels(cell: CellAt, steps: &[usize]) -> Vec<svg::node::element::Element> {
    let mut lines: Vec<String> = vec![String::new()];
    for step in steps {
        let number = step.to_string();
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.len() + 1 + number.len() > LINE_CHARACTERS {
            lines.push(number);
        } else {
            if !last.is_empty() {
                last.push(',');
            }
            last.push_str(&number);
        }
    }
    let longest = lines.iter().map(String::len).max().unwrap_or(1) as f64;
    // A digit of the font is about 0.56 of its size wide; a line takes 1.1 of its size high.
    let size =
        (CELL * 0.9 / (0.56 * longest)).min(CELL * 0.9 / (1.1 * lines.len() as f64)).min(11.0);
    let (x, y) = draw::centre(cell);
    let top = y - 1.1 * size * (lines.len() as f64 - 1.0) / 2.0;
    lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            draw::centred_label(line, x, top + 1.1 * size * k as f64, size, palette::INK)
                .set("class", "step-number")
        })
        .collect()
}

impl LevelPicture {
    /// The picture of a level with a path drawn over it.
    ///
    /// The level is drawn as by [`LevelPicture::draw`]; over it, in its board group, a `<g
    /// class="path" data-moves="N">` holds one `<rect class="footprint">` per piece of every pose
    /// (one for the whole block, one per split cube), inset by 3 units from the cells it covers,
    /// with `data-step` (0 for the start, `i` after move `i`), `data-move` (the frame's step; empty
    /// for the start) and the fill of its step (plasma, from the start to 0.85 at the goal), half
    /// transparent. Then the step numbers (`<text class="step-number">`): each new piece of a pose
    /// (one that was not there before the move) is numbered in its first cell (the anchor of a
    /// lying block), and all the numbers of one cell are written together inside it, `3,7`, on as
    /// many lines as they need, so that numbers never overlap. A line under the board says how
    /// many moves.
    ///
    /// # Errors
    ///
    /// A [`RenderError`] when the level is inconsistent, a pose leaves the level, a lying block's
    /// cells are not adjacent, or a flipped cell is not a bridge tile.
    pub fn draw_path(
        &self,
        path: &PathPicture,
        options: &LevelOptions,
    ) -> Result<Drawing, RenderError> {
        draw_path(self, path, options)
    }
}

/// How an animation plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnimationOptions {
    /// Seconds each move is shown (default 0.4).
    pub seconds_per_move: f64,
    /// Seconds the goal is shown before the animation starts again (default 1.5).
    pub hold_seconds: f64,
    /// What to draw of the level (default: no links and no legend, so the block stands out).
    pub level: LevelOptions,
}

impl Default for AnimationOptions {
    fn default() -> AnimationOptions {
        AnimationOptions {
            seconds_per_move: 0.4,
            hold_seconds: 1.5,
            level: LevelOptions { legend: false, links: false, ..LevelOptions::default() },
        }
    }
}

/// [`LevelPicture::animate`].
pub(crate) fn animation_svg(
    level: &LevelPicture,
    path: &PathPicture,
    options: &AnimationOptions,
) -> Result<String, RenderError> {
    Ok(draw_animation(level, path, options)?.to_svg())
}

impl LevelPicture {
    /// The animation of [`LevelPicture::animate`] as a [`Drawing`], to write with
    /// [`Drawing::write_svg`] as it is made (a PNG of it shows the start).
    ///
    /// # Errors
    ///
    /// As [`LevelPicture::animate`].
    pub fn draw_animation(
        &self,
        path: &PathPicture,
        options: &AnimationOptions,
    ) -> Result<Drawing, RenderError> {
        draw_animation(self, path, options)
    }
}

/// The animation of [`LevelPicture::animate`] as a [`Drawing`], to write with
/// [`Drawing::write_svg`] as it is made (a PNG of it shows the start).
///
/// # Errors
///
/// As [`LevelPicture::animate`].
pub(crate) fn draw_animation(
    level: &LevelPicture,
    path: &PathPicture,
    options: &AnimationOptions,
) -> Result<Drawing, RenderError> {
    level.check()?;
    path.check(level)?;
    let (spm, hold) = (options.seconds_per_move, options.hold_seconds);
    if !(spm > 0.0 && spm.is_finite() && hold >= 0.0 && hold.is_finite()) {
        return Err(RenderError::Invalid(format!(
            "expected a positive time per move and a hold of at least 0 seconds, found {spm} and \
             {hold}"
        )));
    }
    let (mut board, legend) = level_board(level, &options.level)?;
    let moves = path.moves();
    let duration = moves as f64 * spm + hold.max(spm);
    let times: Vec<f64> = (0..=moves).map(|i| i as f64 * spm / duration).collect();
    let key_times = join(times.iter());
    let timed = |attribute: &str, values: String| discrete(attribute, values, &key_times, duration);

    // Bridges that some move flips: their presence before each pose.
    let mut present: BTreeMap<CellAt, bool> = BTreeMap::new();
    for frame in &path.frames {
        for &cell in &frame.flipped {
            present.entry(cell).or_insert(level.tile(cell) == Tile::Bridge);
        }
    }
    let mut bridge_fills: BTreeMap<CellAt, Vec<&str>> = BTreeMap::new();
    let mut pieces: [Vec<Option<(CellAt, CellAt)>>; 2] = [Vec::new(), Vec::new()];
    let flipped = std::iter::once(&[][..]).chain(path.frames.iter().map(|f| f.flipped.as_slice()));
    for (pose, flipped) in path.poses().zip(flipped) {
        for cell in flipped {
            if let Some(p) = present.get_mut(cell) {
                *p = !*p;
            }
        }
        for (&cell, &here) in &present {
            let fill = if here { palette::BRIDGE } else { palette::BRIDGE_ABSENT };
            bridge_fills.entry(cell).or_default().push(fill);
        }
        let mut shown = pose.pieces().into_iter();
        for list in &mut pieces {
            list.push(shown.next());
        }
    }
    for (cell, fills) in bridge_fills {
        let state = draw::cells_rect("bridge-state", cell, cell, 0.0, fills[0])
            .add(timed("fill", fills.join(";")));
        board.add(state);
    }
    for (name, list) in ["a", "b"].into_iter().zip(pieces) {
        board.add(block(name, &list, &timed));
    }

    let mut footer = Group::new().set("class", "footer");
    let steps = std::iter::once("start").chain(path.frames.iter().map(|f| f.step.as_str()));
    for (i, step) in steps.enumerate() {
        let text = format!("move {i} of {moves}: {step}");
        footer = footer.add(counter(&text, i, &times, duration));
    }
    let title = format!("Bloxorz level, {} x {}: a path of {moves} moves", level.rows, level.cols);
    let legend = options.level.legend.then_some(legend);
    Ok(super::drawing::compose(board, Some(footer), legend, title, None))
}

impl LevelPicture {
    /// An SVG that plays a path over a level, with SMIL `<animate>` elements (no script), looping
    /// forever; viewers without animation show the start.
    ///
    /// The animation lasts `moves * seconds_per_move + hold_seconds` seconds; pose `i` (0 the
    /// start) is shown from `i * seconds_per_move`. In the level's board group:
    ///
    /// - `<rect class="block a">` is the whole block, or cube `a` while the block is split, and
    ///   `<rect class="block b">` is cube `b` (hidden while the block is whole). Each has four
    ///   `<animate attributeName="x|y|width|height" calcMode="discrete">` children whose `values`
    ///   list the rectangle of each pose, `moves + 1` values at `keyTimes` `i * seconds_per_move /
    ///   duration`; `block b` has a fifth for `visibility`. A rectangle exactly covers its cells.
    /// - `<rect class="bridge-state">` over each bridge tile that some move flips, whose `fill`
    ///   animates between `#b98b5e` (present) and `#fbf4ec` (absent).
    /// - Under the board, `<text class="counter">` per pose (`move i of N: STEP`), each visible
    ///   only while its pose is shown.
    ///
    /// # Errors
    ///
    /// As [`LevelPicture::draw_path`], and [`RenderError::Invalid`] for a `seconds_per_move` that
    /// is not positive or a negative `hold_seconds`.
    pub fn animate(
        &self,
        path: &PathPicture,
        options: &AnimationOptions,
    ) -> Result<String, RenderError> {
        animation_svg(self, path, options)
    }
}

/// The values of an attribute list: numbers separated by `;`.
fn join<'a>(values: impl Iterator<Item = &'a f64>) -> String {
    values.map(f64::to_string).collect::<Vec<_>>().join(";")
}

/// The rectangle of one piece of the block, animated through its positions (`None`: hidden, at
/// the last position shown, or at the first shown for a piece hidden at the start).
fn block(
    name: &str,
    positions: &[Option<(CellAt, CellAt)>],
    timed: &dyn Fn(&str, String) -> Animate,
) -> Rectangle {
    let mut last = positions.iter().flatten().next().copied().unwrap_or(((0, 0), (0, 0)));
    let mut geometry: [Vec<f64>; 4] = Default::default();
    let mut visible = Vec::with_capacity(positions.len());
    for position in positions {
        if let Some(p) = position {
            last = *p;
        }
        let (first, end) = last;
        let (top, left) = (first.0.min(end.0) as f64, first.1.min(end.1) as f64);
        let (bottom, right) = (first.0.max(end.0) as f64 + 1.0, first.1.max(end.1) as f64 + 1.0);
        let rect = [left * CELL, top * CELL, (right - left) * CELL, (bottom - top) * CELL];
        for (list, value) in geometry.iter_mut().zip(rect) {
            list.push(value);
        }
        visible.push(if position.is_some() { "visible" } else { "hidden" });
    }
    let [x, y, width, height] = &geometry;
    let mut rect =
        draw::rect(&format!("block {name}"), x[0], y[0], width[0], height[0], palette::BLOCK)
            .set("stroke", palette::INK)
            .set("stroke-width", 1.5)
            .set("fill-opacity", 0.85)
            .set("visibility", visible[0]);
    for (attribute, values) in ["x", "y", "width", "height"].into_iter().zip(&geometry) {
        rect = rect.add(timed(attribute, join(values.iter())));
    }
    if visible.contains(&"hidden") {
        rect = rect.add(timed("visibility", visible.join(";")));
    }
    rect
}

/// The counter text of pose `i`, visible from `times[i]` to `times[i + 1]` of a loop of
/// `duration` seconds.
fn counter(text: &str, i: usize, times: &[f64], duration: f64) -> Element {
    let label = draw::label(text, 0.0, 0.0, 13.0, Anchor::Start)
        .set("class", "counter")
        .set("visibility", if i == 0 { "visible" } else { "hidden" });
    if times.len() == 1 {
        return label;
    }
    let (values, key_times) = match (i, times.get(i + 1)) {
        (0, Some(&next)) => ("visible;hidden", format!("0;{next}")),
        (_, Some(&next)) => ("hidden;visible;hidden", format!("0;{};{next}", times[i])),
        (_, None) => ("hidden;visible", format!("0;{}", times[i])),
    };
    label.add(discrete("visibility", values.to_owned(), &key_times, duration))
}

/// A SMIL animation of `attribute` that jumps through `values` (separated by `;`) at
/// `key_times` (fractions of the loop, separated by `;`), looping every `duration` seconds.
fn discrete(attribute: &str, values: String, key_times: &str, duration: f64) -> Animate {
    Animate::new()
        .set("attributeName", attribute)
        .set("values", values)
        .set("keyTimes", key_times)
        .set("dur", format!("{duration}s"))
        .set("calcMode", "discrete")
        .set("repeatCount", "indefinite")
}
