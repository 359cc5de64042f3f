//! The distance-to-goal field of a level as three heat maps, one per orientation of the box,
//! with a colour bar.

use svg::node::element::{Definitions, Group, LinearGradient, Stop};

use super::draw::{self, Anchor, Build, LEGEND_ENTRY_WIDTH, LEGEND_ROW_HEIGHT, Legend, MARGIN};
use super::draw::{CELL, CellAt};
use super::drawing::{Board, Cell, Drawing};
use super::error::{RenderError, check_grid};
use super::palette;
use crate::bloxorz::DistanceField;

/// The field's sentinels ([`DistanceField::ILLEGAL`], [`DistanceField::IMPOSSIBLE`]).
const ILLEGAL: i32 = DistanceField::ILLEGAL;
const IMPOSSIBLE: i32 = DistanceField::IMPOSSIBLE;
use crate::memory::try_with_capacity;

/// The titles of the three panels, by orientation index (0 standing, 1 lying horizontally,
/// 2 lying vertically); also each panel group's `data-orientation`.
pub(crate) const ORIENTATION_NAMES: [&str; 3] =
    ["standing", "lying horizontally", "lying vertically"];

/// A distance field to draw: for every cell and orientation, the number of moves from the box
/// placed there to the goal, and whether the box may rest there at all.
///
/// Entry `(r, c, o)` has index `(cols * r + c) * 3 + o` (the layout of a `(rows, cols, 3)` C-order
/// array, as `flipblox export bloxorz` writes it). Orientation `o` is 0 for the box standing on
/// `(r, c)`, 1 for lying on `(r, c)` and `(r, c + 1)`, 2 for lying on `(r, c)` and `(r + 1, c)`:
/// each state is drawn on its anchor cell (the one it stands on, the left or the top one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldPicture {
    /// Rows of the level (at least 1).
    pub rows: usize,
    /// Columns of the level (at least 1).
    pub cols: usize,
    /// `rows * cols * 3` entries as in a [`DistanceField`]: moves to
    /// the goal, -1 ([`IMPOSSIBLE`](crate::bloxorz::DistanceField::IMPOSSIBLE)) when the box may
    /// rest there but cannot reach the goal, -2
    /// ([`ILLEGAL`](crate::bloxorz::DistanceField::ILLEGAL)) when it may not rest there.
    pub distances: Vec<i32>,
    /// True when the distances are counted from the start rather than to the goal
    /// ([`DistanceField::from_start`](crate::bloxorz::DistanceField::from_start)): the title
    /// says so, and -1 is named unreachable.
    pub from_start: bool,
}

impl FieldPicture {
    /// Checks sizes and that every entry is a distance, -1 or -2; returns the largest distance
    /// (0 when there is none).
    fn check(&self) -> Result<u32, RenderError> {
        let n = self.distances.len();
        check_grid("field", self.rows, self.cols, "distances", n, 3)?;
        let mut max = 0;
        for (i, &d) in self.distances.iter().enumerate() {
            let cell: CellAt = (i / 3 / self.cols, i / 3 % self.cols);
            if d < ILLEGAL {
                return Err(RenderError::Invalid(format!(
                    "field entry ({}, {}, {}): expected a distance, -1 (impossible) or -2 \
                     (illegal), found {d}",
                    cell.0,
                    cell.1,
                    i % 3,
                )));
            }
            max = max.max(d.max(0) as u32);
        }
        Ok(max)
    }
}

/// Space between panels, in user units.
const GAP: f64 = 24.0;
/// Height of a panel's title line, in user units.
const TITLE: f64 = 20.0;
/// Width of the colour bar, in user units.
const BAR_WIDTH: f64 = 16.0;
/// The smallest height of the colour bar, in user units.
const BAR_MIN_HEIGHT: f64 = 160.0;
/// The most distances the colour bar draws one band each; beyond, a gradient.
const BAR_BANDS: u32 = 64;

/// [`FieldPicture::draw`].
pub(crate) fn draw_field(field: &FieldPicture) -> Result<Drawing, RenderError> {
    let max = field.check()?;
    let (rows, cols) = (field.rows, field.cols);
    let (panel_w, panel_h) = (cols as f64 * CELL, rows as f64 * CELL);
    let top = MARGIN + TITLE;
    let mut colours: Vec<u32> = try_with_capacity(max as usize + 1, "the picture's colours")?;
    colours.extend((0..=max).map(|d| palette::rgb(&palette::distance_colour(d, max))));
    let (impossible, illegal) = (palette::rgb(palette::IMPOSSIBLE), palette::rgb(palette::ILLEGAL));
    let mut boards = Vec::with_capacity(3);
    let mut titles = Group::new().set("class", "panel-titles");
    // The kinds of cell: each distance, then impossible and illegal.
    let mut kinds: Vec<Cell> = try_with_capacity(colours.len() + 2, "the picture's colours")?;
    kinds.extend(colours.iter().zip(0..).map(|(&fill, d)| Cell {
        class: "dist",
        fill,
        data: Some(d),
    }));
    kinds.push(Cell { class: "impossible", fill: impossible, data: None });
    kinds.push(Cell { class: "illegal", fill: illegal, data: None });
    let (impossible_kind, illegal_kind) = (colours.len(), colours.len() + 1);
    for (o, name) in ORIENTATION_NAMES.iter().enumerate() {
        let x = MARGIN + o as f64 * (panel_w + GAP);
        let mut board = Board::new((x, top), rows, cols, kinds.clone())?;
        board.runs = true;
        board.data_name = "data-distance";
        board.attributes.push(("data-orientation", (*name).to_owned()));
        for i in 0..rows * cols {
            let d = field.distances[3 * i + o];
            let kind = match usize::try_from(d) {
                Ok(d) => d,
                Err(_) if d == IMPOSSIBLE => impossible_kind,
                Err(_) => illegal_kind,
            };
            board.set(i, kind);
        }
        board.add(draw::board_outline(rows, cols));
        boards.push(board);
        titles = titles.add(draw::label(name, x, top - 6.0, 13.0, Anchor::Start));
    }

    let bar_x = MARGIN + 3.0 * panel_w + 3.0 * GAP;
    let bar_h = panel_h.max(BAR_MIN_HEIGHT);
    let (bar, defs) = colour_bar(max, bar_x, top, bar_h);
    let mut legend = Legend::new();
    let impossible = if field.from_start { "unreachable" } else { "impossible" };
    legend.square(palette::IMPOSSIBLE, None, impossible);
    legend.square(palette::ILLEGAL, Some(palette::GRID), "illegal (cannot rest)");
    let width = (bar_x + BAR_WIDTH + 48.0).max(2.0 * LEGEND_ENTRY_WIDTH + 2.0 * MARGIN);
    let legend_top = top + bar_h + 12.0;
    let per_row = (((width - 2.0 * MARGIN) / LEGEND_ENTRY_WIDTH).floor() as usize).max(1);
    let height = legend_top + legend.rows(per_row) as f64 * LEGEND_ROW_HEIGHT + MARGIN;
    let kind = if field.from_start { "Distance-from-start" } else { "Distance-to-goal" };
    let title = format!("{kind} field of a {rows} x {cols} level, largest distance {max}");
    let mut drawing = Drawing::new(width, height, title);
    drawing.boards = boards;
    if let Some(defs) = defs {
        drawing.add(defs);
    }
    drawing.add(titles);
    drawing.add(bar);
    drawing.add(legend.draw(MARGIN, legend_top, per_row));
    Ok(drawing)
}

impl FieldPicture {
    /// The heat maps of a distance field.
    ///
    /// Three panels side by side, one per orientation in index order, each a board group (see the
    /// module docs of [`super`]) with `data-orientation` set to `standing`, `lying horizontally` or
    /// `lying vertically`. In a panel, each run of neighbouring cells of one row that show the same
    /// thing is one `<rect>` covering exactly those cells: `class="dist"` with `data-distance` and
    /// the fill viridis (0 to the field's largest distance), `class="impossible"` (`#e4575c`) or
    /// `class="illegal"` (`#eceef1`). To the right a colour bar (`<g class="colour-bar"
    /// data-max="MAX">`), 0 at the bottom, with tick labels; below, a legend for the two colours
    /// without a distance.
    ///
    /// # Errors
    ///
    /// A [`RenderError`] for a list of the wrong length or an entry below -2.
    pub fn draw(&self) -> Result<Drawing, RenderError> {
        draw_field(self)
    }
}

/// The colour bar for distances `0..=max` at `(x, y)`, `height` high, and the gradient it needs
/// (when there are more than [`BAR_BANDS`] distances).
fn colour_bar(max: u32, x: f64, y: f64, height: f64) -> (Group, Option<Definitions>) {
    let mut bar = Group::new()
        .set("class", "colour-bar")
        .set("data-max", max)
        .set("transform", format!("translate({x} {y})"));
    let mut defs = None;
    if max < BAR_BANDS {
        let band = height / f64::from(max + 1);
        for d in 0..=max {
            let band_y = height - f64::from(d + 1) * band;
            bar = bar.add(
                draw::rect("band", 0.0, band_y, BAR_WIDTH, band, &palette::distance_colour(d, max))
                    .set("data-distance", d),
            );
        }
    } else {
        let mut gradient = LinearGradient::new()
            .set("id", "distance-gradient")
            .set("x1", 0)
            .set("y1", 1)
            .set("x2", 0)
            .set("y2", 0);
        const STOPS: u32 = 32;
        for s in 0..=STOPS {
            let colour =
                palette::hex(palette::DISTANCE_MAP.eval_rational(s as usize, STOPS as usize + 1));
            gradient = gradient.add(
                Stop::new()
                    .set("offset", f64::from(s) / f64::from(STOPS))
                    .set("stop-color", colour),
            );
        }
        defs = Some(Definitions::new().add(gradient));
        bar =
            bar.add(draw::rect("gradient", 0.0, 0.0, BAR_WIDTH, height, "url(#distance-gradient)"));
    }
    bar = bar.add(
        svg::node::element::Rectangle::new()
            .set("width", BAR_WIDTH)
            .set("height", height)
            .set("fill", "none")
            .set("stroke", palette::GRID),
    );
    for tick in draw::ticks(u64::from(max), 6) {
        // Band centres for bands, proportional positions for the gradient.
        let at = if max < BAR_BANDS {
            height - (tick as f64 + 0.5) * height / f64::from(max + 1)
        } else {
            height - tick as f64 / f64::from(max) * height
        };
        bar = bar.add(
            draw::label(&tick.to_string(), BAR_WIDTH + 4.0, at + 4.0, 11.0, Anchor::Start)
                .set("class", "tick"),
        );
    }
    bar = bar.add(draw::label("moves", 0.0, -6.0, 11.0, Anchor::Start));
    (bar, defs)
}
