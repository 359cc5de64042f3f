//! The pieces every picture is made of: the document, rectangles, labels, board groups and the
//! legend, written with the `svg` crate (see the module docs of [`super`] for the units).

use svg::Document;
use svg::node::element::{Circle, Element, Group, Rectangle};
use svg::node::{Node, Value};

use super::palette;

/// A cell `(row, col)`, 0-based from the top-left.
pub(crate) type CellAt = (usize, usize);

/// The side of one cell of a board picture, in SVG user units (see the module docs).
pub(crate) const CELL: f64 = 24.0;

/// The margin around every picture, in user units.
pub(crate) const MARGIN: f64 = 16.0;

/// The font of every label: the embedded face first (see [`super::raster`]), then the viewer's.
pub(crate) const FONT_FAMILY: &str = "Noto Sans, DejaVu Sans, Arial, sans-serif";

/// The font size of ordinary labels, in user units.
pub(crate) const FONT_SIZE: f64 = 12.0;

/// A picture of `width x height` user units with the shared font (the root element, without
/// children) and its first children: its title and, if asked, a white page.
pub(crate) fn document(
    width: f64,
    height: f64,
    title: &str,
    page: bool,
) -> (Document, Vec<Box<dyn Node>>) {
    let doc = Document::new()
        .set("width", width)
        .set("height", height)
        .set("viewBox", (0, 0, width, height))
        .set("font-family", FONT_FAMILY)
        .set("font-size", FONT_SIZE);
    let mut children: Vec<Box<dyn Node>> =
        vec![Box::new(svg::node::element::Title::new(super::text::well_formed(title)))];
    if page {
        children.push(Box::new(rect("background", 0.0, 0.0, width, height, palette::BACKGROUND)));
    }
    (doc, children)
}

/// A filled rectangle with a class.
pub(crate) fn rect(class: &str, x: f64, y: f64, width: f64, height: f64, fill: &str) -> Rectangle {
    Rectangle::new()
        .set("class", class)
        .set("x", x)
        .set("y", y)
        .set("width", width)
        .set("height", height)
        .set("fill", fill)
}

/// The rectangle of cells `first ..= last` (a cell, or two adjacent cells) in board units, inset
/// by `inset` on every side.
pub(crate) fn cells_rect(
    class: &str,
    first: CellAt,
    last: CellAt,
    inset: f64,
    fill: &str,
) -> Rectangle {
    let (top, left) = (first.0.min(last.0) as f64, first.1.min(last.1) as f64);
    let (bottom, right) = (first.0.max(last.0) as f64 + 1.0, first.1.max(last.1) as f64 + 1.0);
    rect(
        class,
        left * CELL + inset,
        top * CELL + inset,
        (right - left) * CELL - 2.0 * inset,
        (bottom - top) * CELL - 2.0 * inset,
        fill,
    )
}

/// An unfilled circle of radius `r` around `(cx, cy)`, drawn with `stroke` `width` units wide.
pub(crate) fn ring(cx: f64, cy: f64, r: f64, stroke: &str, width: f64) -> Circle {
    Circle::new()
        .set("cx", cx)
        .set("cy", cy)
        .set("r", r)
        .set("fill", "none")
        .set("stroke", stroke)
        .set("stroke-width", width)
}

/// The centre of cell `(row, col)` in board units.
pub(crate) fn centre((row, col): CellAt) -> (f64, f64) {
    ((col as f64 + 0.5) * CELL, (row as f64 + 0.5) * CELL)
}

/// Where a label's `x` is: its start, middle or end.
#[derive(Clone, Copy)]
pub(crate) enum Anchor {
    Start,
    Middle,
    End,
}

/// Building a plain [`Element`] the way the `svg` crate builds its typed elements.
pub(crate) trait Build {
    /// Sets an attribute.
    fn set(self, name: &str, value: impl Into<Value>) -> Self;
    /// Appends a child.
    fn add(self, child: impl Into<Box<dyn Node>>) -> Self;
}

impl Build for Element {
    fn set(mut self, name: &str, value: impl Into<Value>) -> Element {
        self.assign(name, value);
        self
    }

    fn add(mut self, child: impl Into<Box<dyn Node>>) -> Element {
        self.append(child);
        self
    }
}

/// A label of `size` user units with its baseline at `y`.
///
/// A plain `<text>` element: the crate's typed `Text` writes its content between line breaks,
/// which a reader of the SVG would find in the text. The text goes through
/// [`super::text::well_formed`], so that the picture parses whatever it holds.
pub(crate) fn label(text: &str, x: f64, y: f64, size: f64, anchor: Anchor) -> Element {
    let anchor = match anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    };
    Element::new("text")
        .add(svg::node::Text::new(super::text::well_formed(text)))
        .set("x", x)
        .set("y", y)
        .set("font-size", size)
        .set("text-anchor", anchor)
        .set("fill", palette::INK)
}

/// A label centred on `(x, y)` with a white halo, readable over any tile.
pub(crate) fn centred_label(text: &str, x: f64, y: f64, size: f64, fill: &str) -> Element {
    label(text, x, y + 0.35 * size, size, Anchor::Middle)
        .set("fill", fill)
        .set("stroke", palette::BACKGROUND)
        .set("stroke-width", size / 5.0)
        .set("stroke-linejoin", "round")
        .set("paint-order", "stroke")
}

/// An empty board group: its origin is the top-left corner of cell `(0, 0)` (see the module docs
/// of [`super`]).
pub(crate) fn board(x: f64, y: f64) -> Group {
    Group::new().set("class", "board").set("transform", format!("translate({x} {y})"))
}

/// The outline of a `rows x cols` board, in board units.
pub(crate) fn board_outline(rows: usize, cols: usize) -> Rectangle {
    Rectangle::new()
        .set("class", "outline")
        .set("x", 0)
        .set("y", 0)
        .set("width", cols as f64 * CELL)
        .set("height", rows as f64 * CELL)
        .set("fill", "none")
        .set("stroke", palette::GRID)
        .set("stroke-width", 1)
}

/// Thin lines between the cells of a `rows x cols` board (`<path class="grid-lines">`), one
/// segment per inner row and column boundary.
pub(crate) fn grid_lines(rows: usize, cols: usize) -> svg::node::element::Path {
    let (width, height) = (cols as f64 * CELL, rows as f64 * CELL);
    let mut d = String::new();
    for r in 1..rows {
        let y = r as f64 * CELL;
        d.push_str(&format!("M0 {y}H{width}"));
    }
    for c in 1..cols {
        let x = c as f64 * CELL;
        d.push_str(&format!("M{x} 0V{height}"));
    }
    svg::node::element::Path::new()
        .set("class", "grid-lines")
        .set("d", d)
        .set("fill", "none")
        .set("stroke", palette::GRID)
        .set("stroke-width", 0.5)
}

/// The width of one legend entry (swatch and words), in user units.
pub(crate) const LEGEND_ENTRY_WIDTH: f64 = 150.0;
/// The height of one legend row, in user units.
pub(crate) const LEGEND_ROW_HEIGHT: f64 = 20.0;
/// The side of a legend swatch, in user units.
const SWATCH: f64 = 14.0;

/// A legend: entries laid out in rows of `per_row`, each a swatch (any elements drawn in a
/// `SWATCH`-unit square at the origin) and its words.
pub(crate) struct Legend {
    entries: Vec<(Group, String)>,
}

impl Legend {
    pub(crate) fn new() -> Legend {
        Legend { entries: Vec::new() }
    }

    /// Adds an entry whose swatch is a filled square with an optional outline.
    pub(crate) fn square(&mut self, fill: &str, outline: Option<&str>, words: &str) {
        let mut square = rect("swatch", 0.0, 0.0, SWATCH, SWATCH, fill);
        if let Some(stroke) = outline {
            square = square.set("stroke", stroke).set("stroke-width", 1);
        }
        self.custom(Group::new().add(square), words);
    }

    /// Adds an entry whose swatch is `swatch`, drawn in the square from `(0, 0)` to
    /// `(14, 14)`.
    pub(crate) fn custom(&mut self, swatch: Group, words: &str) {
        self.entries.push((swatch, words.to_owned()));
    }

    /// Rows the legend takes with `per_row` entries a row.
    pub(crate) fn rows(&self, per_row: usize) -> usize {
        self.entries.len().div_ceil(per_row.max(1))
    }

    /// The legend as a group whose top-left corner is `(x, y)`.
    pub(crate) fn draw(self, x: f64, y: f64, per_row: usize) -> Group {
        let per_row = per_row.max(1);
        let mut group =
            Group::new().set("class", "legend").set("transform", format!("translate({x} {y})"));
        for (i, (swatch, words)) in self.entries.into_iter().enumerate() {
            let (ex, ey) = (
                (i % per_row) as f64 * LEGEND_ENTRY_WIDTH,
                (i / per_row) as f64 * LEGEND_ROW_HEIGHT,
            );
            group = group.add(
                Group::new()
                    .set("class", "legend-entry")
                    .set("transform", format!("translate({ex} {ey})"))
                    .add(swatch)
                    .add(label(&words, SWATCH + 6.0, SWATCH - 3.0, FONT_SIZE, Anchor::Start)),
            );
        }
        group
    }
}

/// A footer line: one label of 13 units.
pub(crate) fn footer(class: &str, text: &str) -> Group {
    Group::new()
        .set("class", "footer")
        .add(label(text, 0.0, 0.0, 13.0, Anchor::Start).set("class", class))
}

/// A round step (1, 2 or 5 times a power of ten, at least 1) that divides `0..=max` into at most
/// about `target` intervals.
pub(crate) fn nice_step(max: u64, target: u64) -> u64 {
    let raw = max.div_ceil(target.max(1)).max(1);
    let mut magnitude = 1u64;
    while magnitude.saturating_mul(10) <= raw {
        magnitude *= 10;
    }
    [1, 2, 5, 10]
        .into_iter()
        .map(|m| magnitude.saturating_mul(m))
        .find(|&s| s >= raw)
        .unwrap_or(raw)
}

/// Tick values `0, step, 2 * step, ... <= max` for an axis from 0 to `max` ([`nice_step`]).
pub(crate) fn ticks(max: u64, target: u64) -> Vec<u64> {
    let step = nice_step(max, target);
    (0..=max / step).map(|i| i * step).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_round_and_ticks_stay_within_the_axis() {
        assert_eq!(nice_step(0, 5), 1);
        assert_eq!(nice_step(10, 5), 2);
        assert_eq!(nice_step(11, 5), 5);
        assert_eq!(nice_step(26, 5), 10);
        assert_eq!(nice_step(1_000_000, 5), 200_000);
        assert_eq!(nice_step(u64::MAX, 5), 5_000_000_000_000_000_000);
        assert_eq!(ticks(0, 5), vec![0]);
        assert_eq!(ticks(7, 5), vec![0, 2, 4, 6]);
        assert_eq!(ticks(100, 4), vec![0, 50, 100]);
    }
}
