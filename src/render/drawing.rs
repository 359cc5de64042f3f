//! A finished picture, written as SVG or rasterised to PNG.
//!
//! Every picture of this module is grids of coloured cells (a level's tiles, a field's
//! distances, a board's squares) with vector drawing over and around them (symbols, links,
//! footprints, labels, legends). A [`Drawing`] keeps the two apart until it is written:
//!
//! - as SVG, each grid becomes one `<rect>` per cell (or per run of equal cells, for fields)
//!   inside its board group, followed by the vector drawing; the SVG is written as it is made
//!   ([`Drawing::write_svg`]), so that its size costs no memory;
//! - as PNG, tiny-skia fills the cells of each grid as rectangles straight into the pixmap, and
//!   resvg draws the vector drawing over them. A 500 x 500 level has a quarter of a million
//!   cells; parsing and drawing them as SVG elements would take seconds, filling them takes
//!   milliseconds, and the pixels are the same colours at the same places (cells are filled
//!   without anti-aliasing, so neighbouring cells meet without seams at any scale).

//!
//! A grid keeps one byte per cell (four when it has more than 256 kinds of cell: a field's
//! distances), and the symbols drawn on cells (a switch's ring, a piece of a Flip Game board)
//! are made as they are written, so that a drawing of a level holds little more than its cells
//! ([`Drawing::memory_bytes`]). Every buffer sized by the picture is allocated fallibly
//! ([`RenderError::Memory`]).

use std::io::{self, Write};

use resvg::tiny_skia::{self, IntSize, Paint, Pixmap, Rect, Transform};
use resvg::usvg;
use svg::Node;
use svg::node::element::Group;

use super::draw::{
    self, Build, CELL, CellAt, LEGEND_ENTRY_WIDTH, LEGEND_ROW_HEIGHT, Legend, MARGIN,
};
use super::error::RenderError;
use super::palette;
use super::raster::{PngOptions, Raster, fonts};
use crate::memory::{AllocError, try_zeroed};

/// One kind of cell of a grid: its class, its fill (`0xRRGGBB`) and an optional number written
/// as the grid's data attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cell {
    pub(crate) class: &'static str,
    pub(crate) fill: u32,
    pub(crate) data: Option<u32>,
}

/// The symbols a board draws over its cells, made when they are written (a grid of a quarter of
/// a million cells would otherwise hold as many elements): `draw(kind, cell, extra)` gives the
/// symbol over a cell of that kind, if it has one (a level's switch, a Flip Game board's piece,
/// `extra` being the board's number of colours).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Symbols {
    pub(crate) draw: fn(usize, CellAt, u8) -> Option<Box<dyn Node>>,
    pub(crate) extra: u8,
}

impl Symbols {
    /// True when a cell of kind `kind` has a symbol.
    fn has(self, kind: usize) -> bool {
        (self.draw)(kind, (0, 0), self.extra).is_some()
    }

    /// The symbol over the cell `at` of kind `kind`, if it has one.
    fn draw(self, kind: usize, at: CellAt) -> Option<Box<dyn Node>> {
        (self.draw)(kind, at, self.extra)
    }
}

/// The kind of every cell of a grid, row-major: one byte a cell while the grid has at most 256
/// kinds, four bytes after.
#[derive(Debug, Clone)]
enum Kinds {
    Narrow(Vec<u8>),
    Wide(Vec<u32>),
}

/// A grid of cells drawn as a board group (see the module docs of [`super`]).
#[derive(Debug, Clone)]
pub(crate) struct Board {
    /// Where cell `(0, 0)`'s top-left corner is, in picture units.
    pub(crate) origin: (f64, f64),
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// The kinds of cell the grid has.
    kinds: Vec<Cell>,
    /// Each cell's kind (an index of `kinds`), row-major.
    cells: Kinds,
    /// Write each run of equal cells of a row as one rectangle, instead of one per cell.
    pub(crate) runs: bool,
    /// The name of the attribute that carries [`Cell::data`] (`data-distance`).
    pub(crate) data_name: &'static str,
    /// Attributes of the board group besides its class and transform.
    pub(crate) attributes: Vec<(&'static str, String)>,
    /// The symbols over the cells, drawn after the first `symbols_after` elements of `above`.
    pub(crate) symbols: Option<Symbols>,
    pub(crate) symbols_after: usize,
    /// Elements in board units drawn over the cells, in order.
    pub(crate) above: Vec<Box<dyn Node>>,
}

impl Board {
    /// A `rows x cols` board at `origin` whose cells are all of `kinds[0]` until set.
    ///
    /// # Errors
    ///
    /// The memory for the cells cannot be had.
    pub(crate) fn new(
        origin: (f64, f64),
        rows: usize,
        cols: usize,
        kinds: Vec<Cell>,
    ) -> Result<Board, AllocError> {
        const WHAT: &str = "the picture's cells";
        let len = rows.checked_mul(cols).ok_or(AllocError { bytes: u64::MAX, what: WHAT })?;
        let cells = if kinds.len() <= 256 {
            Kinds::Narrow(try_zeroed(len, WHAT)?)
        } else {
            Kinds::Wide(try_zeroed(len, WHAT)?)
        };
        Ok(Board {
            origin,
            rows,
            cols,
            kinds,
            cells,
            runs: false,
            data_name: "data-value",
            attributes: Vec::new(),
            symbols: None,
            symbols_after: 0,
            above: Vec::new(),
        })
    }

    /// Makes cell `i` (row-major) of kind `kind` (an index of the board's kinds).
    pub(crate) fn set(&mut self, i: usize, kind: usize) {
        debug_assert!(kind < self.kinds.len());
        match &mut self.cells {
            Kinds::Narrow(cells) => cells[i] = kind as u8,
            Kinds::Wide(cells) => cells[i] = kind as u32,
        }
    }

    /// The kind of cell `i`.
    fn kind(&self, i: usize) -> usize {
        match &self.cells {
            Kinds::Narrow(cells) => usize::from(cells[i]),
            Kinds::Wide(cells) => cells[i] as usize,
        }
    }

    /// Bytes the board holds for its cells.
    fn cell_bytes(&self) -> u64 {
        let per_cell = match self.cells {
            Kinds::Narrow(_) => 1,
            Kinds::Wide(_) => 4,
        };
        (self.rows * self.cols * per_cell + self.kinds.len() * size_of::<Cell>()) as u64
    }

    /// Adds an element over the cells.
    pub(crate) fn add(&mut self, node: impl Into<Box<dyn Node>>) {
        self.above.push(node.into());
    }

    /// The rectangles of the cells: `(row, first column, last column, cell)`, one per cell or
    /// per run.
    fn rects(&self, runs: bool) -> impl Iterator<Item = (usize, usize, usize, Cell)> + '_ {
        (0..self.rows).flat_map(move |r| {
            let row = r * self.cols;
            let mut c = 0;
            std::iter::from_fn(move || {
                if c == self.cols {
                    return None;
                }
                let kind = self.kind(row + c);
                let start = c;
                c += 1;
                if runs {
                    while c < self.cols && self.kinds[self.kind(row + c)] == self.kinds[kind] {
                        c += 1;
                    }
                }
                Some((r, start, c - 1, self.kinds[kind]))
            })
        })
    }

    /// Writes the cells as SVG rectangles, one a line: only numbers, and class names and
    /// colours of this module, which need no escaping.
    fn write_cells(&self, out: &mut dyn Write) -> io::Result<()> {
        for (r, first, last, cell) in self.rects(self.runs) {
            let (x, y) = (first as f64 * CELL, r as f64 * CELL);
            let width = (last - first + 1) as f64 * CELL;
            write!(
                out,
                "<rect class=\"{}\" x=\"{x}\" y=\"{y}\" width=\"{width}\" height=\"{CELL}\" \
                 fill=\"#{:06x}\"",
                cell.class, cell.fill
            )?;
            if let Some(data) = cell.data {
                write!(out, " {}=\"{data}\"", self.data_name)?;
            }
            out.write_all(b"/>\n")?;
        }
        Ok(())
    }

    /// Writes the board group; with `cells`, the cells' rectangles first.
    fn write(&self, out: &mut dyn Write, cells: bool) -> io::Result<()> {
        let mut group = draw::board(self.origin.0, self.origin.1);
        for (name, value) in &self.attributes {
            group = group.set(*name, value.as_str());
        }
        out.write_all(start_tag(&group).as_bytes())?;
        // The `svg` crate puts each child of an element after a line break.
        if cells {
            out.write_all(b"\n")?;
            self.write_cells(out)?;
        }
        let (before, after) = self.above.split_at(self.symbols_after.min(self.above.len()));
        for node in before {
            write!(out, "\n{node}")?;
        }
        if let Some(symbols) = self.symbols {
            for i in 0..self.rows * self.cols {
                if let Some(symbol) = symbols.draw(self.kind(i), (i / self.cols, i % self.cols)) {
                    write!(out, "\n{symbol}")?;
                }
            }
        }
        for node in after {
            write!(out, "\n{node}")?;
        }
        out.write_all(b"\n</g>")
    }
}

/// The start tag of `element` (which has no children yet), as the `svg` crate writes it.
fn start_tag(element: &impl std::fmt::Display) -> String {
    let text = element.to_string();
    match text.strip_suffix("/>") {
        Some(open) => format!("{open}>"),
        None => text,
    }
}

/// A finished picture: write it with [`Drawing::write_svg`] (or [`Drawing::to_svg`]), or as PNG
/// with [`Drawing::write_png`] (or [`Drawing::to_png`]).
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
    /// Characters of the text from outside drawn (a heading, a histogram's labels), each cut to
    /// the picture's width: counted by [`Drawing::png_bytes`].
    pub(crate) text_chars: u64,
}

/// Bytes counted for each element of a drawing held in memory (an `svg` element with its
/// attributes), and for each element of its vector drawing parsed for a PNG (its text and
/// resvg's tree): measured, then rounded up.
pub(crate) const ELEMENT_BYTES: u64 = 1024;
pub(crate) const PARSED_ELEMENT_BYTES: u64 = 2048;
/// Bytes counted for each character of text drawn in a PNG (its glyph's outline in resvg's
/// tree): measured, then rounded up.
pub(crate) const GLYPH_BYTES: u64 = 2048;

impl Drawing {
    /// An empty `width x height` drawing titled `title` (the SVG's `<title>`).
    pub(crate) fn new(width: f64, height: f64, title: String) -> Drawing {
        Drawing { width, height, title, boards: Vec::new(), overlay: Vec::new(), text_chars: 0 }
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

    /// About the bytes the drawing holds: its cells (1 or 4 bytes each) and
    /// 1 KiB for each element of its vector drawing (a board's symbols are made as
    /// they are written, and count only when rasterised: [`Drawing::png_bytes`]).
    pub fn memory_bytes(&self) -> u64 {
        let elements =
            self.overlay.len() + self.boards.iter().map(|b| b.above.len()).sum::<usize>();
        let cells: u64 = self.boards.iter().map(Board::cell_bytes).sum();
        cells + elements as u64 * ELEMENT_BYTES + self.title.len() as u64
    }

    /// About the bytes a PNG of the drawing needs besides the drawing: the raster (4 bytes a
    /// pixel, at the size `options` gives) and the vector drawing parsed to draw it
    /// (2 KiB an element, symbols included, and 2 KiB a character of a heading or a
    /// histogram's labels, which are cut to what the picture's width can show).
    ///
    /// # Errors
    ///
    /// [`RenderError::Png`] for a scale that is not positive and finite or a `max_side` of 0.
    pub fn png_bytes(&self, options: &PngOptions) -> Result<u64, RenderError> {
        let (width, height, _) = options.fit(self.width, self.height)?;
        let symbols: usize = self
            .boards
            .iter()
            .filter_map(|b| b.symbols.map(|symbols| (b, symbols)))
            .map(|(b, symbols)| (0..b.rows * b.cols).filter(|&i| symbols.has(b.kind(i))).count())
            .sum();
        let elements =
            self.overlay.len() + symbols + self.boards.iter().map(|b| b.above.len()).sum::<usize>();
        Ok(4 * u64::from(width) * u64::from(height)
            + elements as u64 * PARSED_ELEMENT_BYTES
            + self.text_chars * GLYPH_BYTES)
    }

    /// Writes the document: with `cells` the whole SVG; without, only the vector drawing over a
    /// transparent page, for [`Drawing::rasterise`] (its `<title>` left empty: it is not drawn).
    fn write_document(&self, out: &mut dyn Write, cells: bool) -> io::Result<()> {
        let title = if cells { self.title.as_str() } else { "" };
        let (root, children) = draw::document(self.width, self.height, title, cells);
        out.write_all(start_tag(&root).as_bytes())?;
        for node in &children {
            write!(out, "\n{node}")?;
        }
        for board in &self.boards {
            out.write_all(b"\n")?;
            board.write(out, cells)?;
        }
        for node in &self.overlay {
            write!(out, "\n{node}")?;
        }
        out.write_all(b"\n</svg>")
    }

    /// Writes the picture as an SVG document to `out` as it is made (UTF-8, one element a line,
    /// the same bytes for the same picture): the memory it takes does not grow with the SVG.
    ///
    /// # Errors
    ///
    /// Writing to `out` failed.
    pub fn write_svg(&self, out: &mut dyn Write) -> io::Result<()> {
        self.write_document(out, true)
    }

    /// The picture as an SVG document in memory ([`Drawing::write_svg`] into a string).
    pub fn to_svg(&self) -> String {
        let mut out = Vec::new();
        self.write_svg(&mut out).expect("writing to memory");
        String::from_utf8(out).expect("the SVG is UTF-8")
    }

    /// The picture as pixels: [`PngOptions::scale`] pixels per user unit, or fewer so that
    /// neither side exceeds [`PngOptions::max_side`]. Text is drawn with the embedded Noto Sans.
    ///
    /// # Errors
    ///
    /// [`RenderError::Png`] for a scale that is not positive and finite or a `max_side` of 0;
    /// [`RenderError::Memory`] when the raster's memory cannot be had.
    pub(crate) fn rasterise(&self, options: &PngOptions) -> Result<Raster, RenderError> {
        let (width, height, scale) = options.fit(self.width, self.height)?;
        let size = IntSize::from_wh(width, height)
            .ok_or_else(|| RenderError::Png(format!("cannot make a {width} x {height} picture")))?;
        let bytes = 4 * width as usize * height as usize;
        let data = try_zeroed::<u8>(bytes, "the picture's pixels")?;
        let mut pixmap = Pixmap::from_vec(data, size)
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
        let mut overlay = Vec::new();
        self.write_document(&mut overlay, false).expect("writing to memory");
        let overlay = String::from_utf8(overlay).expect("the SVG is UTF-8");
        let tree = usvg::Tree::from_str(&overlay, &usvg_options)
            .map_err(|e| RenderError::Svg(e.to_string()))?;
        drop(overlay);
        resvg::render(&tree, transform, &mut pixmap.as_mut());
        Ok(Raster::new(pixmap, scale))
    }

    /// Writes the picture as a PNG file to `out` as it is encoded: [`PngOptions::scale`] pixels
    /// per user unit, or fewer so that neither side exceeds [`PngOptions::max_side`], text drawn
    /// with the embedded Noto Sans; 8-bit RGB when every pixel is opaque (every picture of this
    /// module, which all have a white page), else 8-bit RGBA; fast compression (`fdeflate`). The
    /// picture is drawn whole before its first byte is written, and its pixels, 4 bytes each
    /// ([`Drawing::png_bytes`]), are the only copy the encoder reads from, a row at a time.
    ///
    /// # Errors
    ///
    /// Before anything is written: [`RenderError::Png`] for a scale that is not positive and
    /// finite or a `max_side` of 0, [`RenderError::Memory`] when the pixels' memory cannot be had.
    /// Then [`RenderError::Io`]: writing to `out` failed, or the encoder failed, with the
    /// writer's or the encoder's message (the encoder passes some of the writer's errors on as
    /// kind `Other`).
    pub fn write_png(&self, options: &PngOptions, out: &mut dyn Write) -> Result<(), RenderError> {
        self.rasterise(options)?.write_png(out).map_err(RenderError::Io)
    }

    /// The picture as a PNG file in memory ([`Drawing::write_png`] into a vector).
    ///
    /// # Errors
    ///
    /// As [`Drawing::write_png`] before anything is written, and [`RenderError::Png`] when the
    /// encoder fails.
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
/// baseline) and the legend, if any, the picture sized to fit them all. The heading is cut to
/// what the picture's width can show ([`super::text::fitted`]).
pub(crate) fn compose(
    mut board: Board,
    footer: Option<Group>,
    legend: Option<Legend>,
    title: String,
    heading: Option<&str>,
) -> Drawing {
    let mut width = board.cols as f64 * CELL;
    let mut text_chars = 0;
    let heading = heading.map(|text| {
        board.origin.1 += HEADING_HEIGHT;
        width = width.max(LEGEND_ENTRY_WIDTH * 2.0);
        // From the left margin to the picture's right edge.
        let text = super::text::fitted(text, width + MARGIN, 15.0);
        text_chars = text.chars().count() as u64;
        draw::label(&text, MARGIN, MARGIN + 15.0, 15.0, draw::Anchor::Start)
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
    drawing.text_chars = text_chars;
    drawing.boards.push(board);
    if let Some(heading) = heading {
        drawing.add(heading);
    }
    for group in footer.into_iter().chain(legend) {
        drawing.add(group);
    }
    drawing
}
