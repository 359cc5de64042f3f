//! A finished picture, written as SVG or rasterised to PNG.
//!
//! Every picture of this module is grids of coloured cells (a level's tiles, a field's
//! distances, a board's squares) with vector drawing over and around them (symbols, links,
//! footprints, labels, legends). A [`Drawing`] keeps the two apart until it is written:
//!
//! - as SVG, each grid becomes one `<rect>` per cell (or per run of equal cells, for fields)
//!   inside its board group, followed by the vector drawing;
//! - as PNG, tiny-skia fills the cells of each grid as rectangles straight into the pixmap, and
//!   resvg draws the vector drawing over them. A 500 x 500 level has a quarter of a million
//!   cells; parsing and drawing them as SVG elements would take seconds, filling them takes
//!   milliseconds, and the pixels are the same colours at the same places (cells are filled
//!   without anti-aliasing, so neighbouring cells meet without seams at any scale).

use std::fmt::Write as _;

use resvg::tiny_skia::{self, Paint, Pixmap, Rect, Transform};
use resvg::usvg;
use svg::Node;
use svg::node::Blob;
use svg::node::element::Group;

use super::draw::{self, Build, CELL, LEGEND_ENTRY_WIDTH, LEGEND_ROW_HEIGHT, Legend, MARGIN};
use super::error::RenderError;
use super::palette;
use super::raster::{PngOptions, Raster, fonts};

/// One cell of a grid: its class, its fill (`0xRRGGBB`) and an optional number written as the
/// grid's data attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cell {
    pub(crate) class: &'static str,
    pub(crate) fill: u32,
    pub(crate) data: Option<u32>,
}

/// A grid of cells drawn as a board group (see the module docs of [`super`]).
#[derive(Debug, Clone)]
pub(crate) struct Board {
    /// Where cell `(0, 0)`'s top-left corner is, in picture units.
    pub(crate) origin: (f64, f64),
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// `rows * cols` cells, row-major.
    pub(crate) cells: Vec<Cell>,
    /// Write each run of equal cells of a row as one rectangle, instead of one per cell.
    pub(crate) runs: bool,
    /// The name of the attribute that carries [`Cell::data`] (`data-distance`).
    pub(crate) data_name: &'static str,
    /// Attributes of the board group besides its class and transform.
    pub(crate) attributes: Vec<(&'static str, String)>,
    /// Elements in board units drawn over the cells, in order.
    pub(crate) above: Vec<Box<dyn Node>>,
}

impl Board {
    /// An empty `rows x cols` board at `origin`, one rectangle per cell.
    pub(crate) fn new(origin: (f64, f64), rows: usize, cols: usize) -> Board {
        Board {
            origin,
            rows,
            cols,
            cells: Vec::with_capacity(rows * cols),
            runs: false,
            data_name: "data-value",
            attributes: Vec::new(),
            above: Vec::new(),
        }
    }

    /// Adds an element over the cells.
    pub(crate) fn add(&mut self, node: impl Into<Box<dyn Node>>) {
        self.above.push(node.into());
    }

    /// The rectangles of the cells: `(row, first column, last column, cell)`, one per cell or
    /// per run.
    fn rects(&self, runs: bool) -> impl Iterator<Item = (usize, usize, usize, Cell)> + '_ {
        (0..self.rows).flat_map(move |r| {
            let row = &self.cells[r * self.cols..(r + 1) * self.cols];
            let mut c = 0;
            std::iter::from_fn(move || {
                let cell = *row.get(c)?;
                let start = c;
                c += 1;
                if runs {
                    while row.get(c) == Some(&cell) {
                        c += 1;
                    }
                }
                Some((r, start, c - 1, cell))
            })
        })
    }

    /// The cells as SVG rectangles, one a line. Written directly rather than through the `svg`
    /// crate's element tree (a quarter of a million elements are too slow to build one by one
    /// there): only numbers, and class names and colours of this module, which need no escaping.
    fn cells_svg(&self) -> String {
        let mut out = String::with_capacity(self.cells.len() * 80);
        for (r, first, last, cell) in self.rects(self.runs) {
            let (x, y) = (first as f64 * CELL, r as f64 * CELL);
            let width = (last - first + 1) as f64 * CELL;
            let _ = write!(
                out,
                "<rect class=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{CELL}\" \
                 fill=\"#{:06x}\"",
                cell.class, cell.fill
            );
            if let Some(data) = cell.data {
                let _ = write!(out, " {}=\"{data}\"", self.data_name);
            }
            out.push_str("/>\n");
        }
        out
    }

    /// The board group; with `cells`, the cells' rectangles first.
    fn group(&self, cells: bool) -> Group {
        let mut group = draw::board(self.origin.0, self.origin.1);
        for (name, value) in &self.attributes {
            group = group.set(*name, value.as_str());
        }
        if cells {
            group = group.add(Blob::new(self.cells_svg()));
        }
        for node in &self.above {
            group = group.add(node.clone());
        }
        group
    }
}

/// A finished picture: write it with [`Drawing::to_svg`], or rasterise it with
/// [`Drawing::rasterise`] and [`Drawing::to_png`].
///
/// A drawing is grids of coloured cells (a level's tiles, a field's distances, a board's
/// squares) with vector drawing over and around them (symbols, links, footprints, labels,
/// legends), kept apart until it is written. As SVG, each grid becomes one `<rect>` per cell (per
/// run of equal cells of a row, for fields) at the start of its board group. As pixels,
/// tiny-skia fills each grid's cells straight into the pixmap, without anti-aliasing (so
/// neighbouring cells meet without seams at any scale), and resvg draws the vector drawing over
/// them: the same colours at the same places as resvg drawing the whole SVG, in milliseconds
/// instead of the seconds that parsing a 500 x 500 level's quarter of a million `<rect>`s takes.
#[derive(Debug, Clone)]
pub struct Drawing {
    pub(crate) width: f64,
    pub(crate) height: f64,
    pub(crate) title: String,
    pub(crate) boards: Vec<Board>,
    /// Elements in picture units drawn after the boards, in order.
    pub(crate) overlay: Vec<Box<dyn Node>>,
}

impl Drawing {
    /// An empty `width x height` drawing titled `title` (the SVG's `<title>`).
    pub(crate) fn new(width: f64, height: f64, title: String) -> Drawing {
        Drawing { width, height, title, boards: Vec::new(), overlay: Vec::new() }
    }

    /// Adds an element over everything drawn so far.
    pub(crate) fn add(&mut self, node: impl Into<Box<dyn Node>>) {
        self.overlay.push(node.into());
    }

    /// Width in SVG user units.
    pub fn width(&self) -> f64 {
        self.width
    }

    /// Height in SVG user units.
    pub fn height(&self) -> f64 {
        self.height
    }

    /// The document: with `cells` the whole SVG; without, only the vector drawing over a
    /// transparent page, for [`Drawing::rasterise`].
    fn document(&self, cells: bool) -> svg::Document {
        let mut doc = draw::document(self.width, self.height, &self.title, cells);
        for board in &self.boards {
            doc = doc.add(board.group(cells));
        }
        for node in &self.overlay {
            doc = doc.add(node.clone());
        }
        doc
    }

    /// The picture as an SVG document (UTF-8, one element a line, the same bytes for the same
    /// picture).
    pub fn to_svg(&self) -> String {
        self.document(true).to_string()
    }

    /// The picture as pixels: [`PngOptions::scale`] pixels per user unit, or fewer so that
    /// neither side exceeds [`PngOptions::max_side`]. Text is drawn with the embedded Noto Sans.
    ///
    /// # Errors
    ///
    /// [`RenderError::Png`] for a scale that is not positive and finite or a `max_side` of 0.
    pub fn rasterise(&self, options: &PngOptions) -> Result<Raster, RenderError> {
        let (width, height, scale) = options.fit(self.width, self.height)?;
        let mut pixmap = Pixmap::new(width, height)
            .ok_or_else(|| RenderError::Png(format!("cannot make a {width} x {height} picture")))?;
        let (r, g, b) = rgb(palette::rgb(palette::BACKGROUND));
        pixmap.fill(tiny_skia::Color::from_rgba8(r, g, b, 255));
        let transform = Transform::from_scale(scale, scale);
        let mut paint = Paint { anti_alias: false, ..Paint::default() };
        for board in &self.boards {
            for (row, first, last, cell) in board.rects(true) {
                let (r, g, b) = rgb(cell.fill);
                paint.set_color_rgba8(r, g, b, 255);
                let x = board.origin.0 + first as f64 * CELL;
                let y = board.origin.1 + row as f64 * CELL;
                let w = (last - first + 1) as f64 * CELL;
                if let Some(rect) = Rect::from_xywh(x as f32, y as f32, w as f32, CELL as f32) {
                    pixmap.fill_rect(rect, &paint, transform, None);
                }
            }
        }
        let usvg_options = usvg::Options {
            fontdb: fonts(),
            font_family: "Noto Sans".to_owned(),
            ..usvg::Options::default()
        };
        let overlay = self.document(false).to_string();
        let tree = usvg::Tree::from_str(&overlay, &usvg_options)
            .map_err(|e| RenderError::Svg(e.to_string()))?;
        resvg::render(&tree, transform, &mut pixmap.as_mut());
        Ok(Raster::new(pixmap, scale))
    }

    /// The picture as a PNG file: [`Drawing::rasterise`], then [`Raster::encode_png`].
    ///
    /// # Errors
    ///
    /// As [`Drawing::rasterise`] and [`Raster::encode_png`].
    pub fn to_png(&self, options: &PngOptions) -> Result<Vec<u8>, RenderError> {
        self.rasterise(options)?.encode_png()
    }
}

/// The bytes of `0xRRGGBB`.
fn rgb(colour: u32) -> (u8, u8, u8) {
    ((colour >> 16) as u8, (colour >> 8) as u8, colour as u8)
}

/// The height of the line of text under a board (a path's length, a count of presses), in user
/// units.
const FOOTER_HEIGHT: f64 = 22.0;

/// The height a heading above the board takes, in user units.
const HEADING_HEIGHT: f64 = 24.0;

/// The drawing around a finished board of `rows x cols` cells drawn at `(MARGIN, MARGIN)`: the
/// board at the top, then the footer (a group drawn with its origin at the left end of its
/// baseline) and the legend, if any, the picture sized to fit them all.
pub(crate) fn compose(
    mut board: Board,
    footer: Option<Group>,
    legend: Option<Legend>,
    title: String,
    heading: Option<&str>,
) -> Drawing {
    let mut width = board.cols as f64 * CELL;
    let heading = heading.map(|text| {
        board.origin.1 += HEADING_HEIGHT;
        width = width.max(LEGEND_ENTRY_WIDTH * 2.0);
        draw::label(text, MARGIN, MARGIN + 15.0, 15.0, draw::Anchor::Start)
            .set("class", "heading")
            .set("font-weight", "bold")
    });
    let mut bottom = board.origin.1 + board.rows as f64 * CELL;
    let footer = footer.map(|footer| {
        width = width.max(LEGEND_ENTRY_WIDTH * 2.0);
        bottom += FOOTER_HEIGHT;
        footer.set("transform", format!("translate({MARGIN} {})", bottom - 5.0))
    });
    let legend = legend.map(|legend| {
        width = width.max(LEGEND_ENTRY_WIDTH * 2.0);
        let per_row = ((width / LEGEND_ENTRY_WIDTH).floor() as usize).max(1);
        let top = bottom + 12.0;
        bottom = top + legend.rows(per_row) as f64 * LEGEND_ROW_HEIGHT;
        legend.draw(MARGIN, top, per_row)
    });
    let mut drawing = Drawing::new(width + 2.0 * MARGIN, bottom + MARGIN, title);
    drawing.boards.push(board);
    if let Some(heading) = heading {
        drawing.add(heading);
    }
    for group in footer.into_iter().chain(legend) {
        drawing.add(group);
    }
    drawing
}
