//! Pictures you can look at: Bloxorz levels and their optimal paths (still and animated), the
//! distance-to-goal field of a level as a heat map, a Flip Game board with its optimal presses, a
//! distance histogram as a bar chart, PNG versions of all of them, and an HTML contact sheet of a
//! level pack.
//!
//! # View models
//!
//! Every picture is drawn from a small plain struct of this module, not from the solver's types,
//! so that drawing does not depend on how levels, states and tables are stored:
//!
//! | picture | input | method |
//! |---|---|---|
//! | a level, with legend and switch links | [`LevelPicture`] | [`LevelPicture::draw`] |
//! | a level and an optimal path over it | [`LevelPicture`] + [`PathPicture`] | [`LevelPicture::draw_path`] |
//! | a distance field, one heat map per orientation | [`FieldPicture`] | [`FieldPicture::draw`] |
//! | a Flip Game board with its presses numbered | [`FlipPicture`] | [`FlipPicture::draw`] |
//! | a distance histogram | [`HistogramPicture`] | [`HistogramPicture::draw`] |
//! | the path played as an animation (SVG only) | [`LevelPicture`] + [`PathPicture`] | [`LevelPicture::animate`] |
//! | a level pack's contact sheet (`index.html`) | [`ContactSheet`] | [`ContactSheet::html`] |
//!
//! The library's own types make them with [`LevelPicture::from_level`],
//! [`PathPicture::from_path`] (a solution's path replayed under the level's rules),
//! [`FieldPicture::from_field`], [`FlipPicture::from_board`] and [`HistogramPicture::of_table`];
//! a level also comes from its rows of letters ([`LevelPicture::from_rows`]). A level's tiles
//! and links and a path's poses stay inside the pictures; the field, board and histogram
//! pictures are plain data.
//!
//! The `draw` methods return a [`Drawing`], written with [`Drawing::write_svg`] as it is made
//! (or [`Drawing::to_svg`] into memory) or as PNG ([`Drawing::write_png`] as it is encoded,
//! [`Drawing::to_png`] into memory; [`PngOptions`]). [`Drawing::memory_bytes`] and
//! [`Drawing::png_bytes`] say what a drawing holds and what its PNG needs, for a caller that
//! bounds memory; [`LevelPicture::legend_legible`] says whether a PNG of a level keeps its legend
//! readable. Each method
//! checks its input (lengths, cells inside the grid, adjacent cells of a lying block) and returns
//! a [`RenderError`] instead of panicking.
//!
//! ```
//! use flipblox::render::{LevelOptions, LevelPicture, PngOptions};
//! let level = LevelPicture::from_rows(&["X.E#", "..EO"]).unwrap();
//! let drawing = level.draw(&LevelOptions::default()).unwrap();
//! let svg = drawing.to_svg();
//! assert!(svg.starts_with("<svg"));
//! let png = drawing.to_png(&PngOptions::default()).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```
//!
//! # Coordinates and units
//!
//! Cells are `(row, col)`, 0-based from the top-left, as everywhere in the library.
//! Grids are row-major: cell `(r, c)` of a `rows x cols` grid is entry `cols * r + c`.
//!
//! SVG lengths are user units; the root `<svg>` has `width` and `height` equal to its `viewBox`,
//! so one unit is one CSS pixel at 100 % zoom and one PNG pixel at [`PngOptions::scale`] 1. In
//! the board pictures each cell is a square of side 24 units. Every board is drawn inside a
//! group `<g class="board" transform="translate(X Y)">`, in which cell `(r, c)` is exactly the
//! square from `(24 c, 24 r)` to `(24 (c + 1), 24 (r + 1))`: a reader of the SVG
//! finds a cell's rectangle, and a cell from a rectangle, without knowing the margins. The field
//! picture has three such groups, one per orientation.
//!
//! Elements carry `class` names saying what they show (`tile rigid`, `footprint`, `bar`, ...) and
//! `data-*` attributes with the numbers they stand for (`data-step`, `data-count`, ...), so that
//! tests, scripts and style sheets can pick them out. Colours are set as `fill` attributes (no
//! style sheet is needed to draw them); their values are fixed per kind of element.
//!
//! # Crates, and why
//!
//! - **SVG writing: [`svg`]** (bodoni/svg). A small, widely used composer without dependencies
//!   that escapes text and attribute values, writes attributes in sorted order (the same input
//!   gives byte-identical output, so pictures committed to a repository only change when the
//!   picture does), and puts each element on its own line. Only the rectangles of grid cells
//!   (numbers, and this module's class names and colours) are formatted directly, in bulk.
//! - **PNG: [`resvg`]** (linebender), which parses SVG with `usvg` and rasterises it with
//!   `tiny-skia`: the reference-quality SVG renderer of the Rust ecosystem, pure Rust, no C
//!   libraries. Its default features are off except `text`: no system-font scanning (a PNG must
//!   not depend on the fonts of the machine that draws it), no memory-mapped fonts, no `svgz`, no
//!   raster images. The cells of a grid are filled with tiny-skia directly (see [`Drawing`]): a
//!   500 x 500 level's quarter of a million cells as parsed SVG elements would take seconds.
//!   The file is encoded with [`png`] (the encoder tiny-skia itself uses, already in the
//!   dependency tree) at its fast `fdeflate` setting.
//! - **Text in PNGs: Noto Sans Regular, embedded** from the [`ttf_noto_sans`] crate (the font is
//!   Apache-2.0 licensed). Numbers in pictures must be readable, and drawing numerals by hand
//!   would be a font of our own; a single bundled face (about 200 KB in the binary) makes every
//!   PNG the same on every machine. SVG files name `Noto Sans` first and fall back to the
//!   viewer's sans-serif font.
//! - **Colour maps: [`colorous`]** (dtolnay), the d3-scale-chromatic schemes: *viridis* for
//!   distances (perceptually uniform and readable in grey and by colour-blind viewers) and
//!   *plasma* for the order of a path's moves.
//! - **HTML: [`html_escape`]** for the text and attribute values of the contact sheet; the page
//!   itself is a few fixed elements written directly.
//!
//! All of them sit behind the `render` cargo feature (on by default): without it the library
//! builds without these crates and this module.

mod convert;
mod draw;
mod drawing;
mod error;
mod field;
mod flip;
mod histogram;
mod level;
pub(crate) mod palette;
mod path;
mod raster;
mod sheet;
mod text;

pub use drawing::Drawing;
pub use error::RenderError;
pub use field::FieldPicture;
pub use flip::FlipPicture;
pub use histogram::HistogramPicture;
pub use level::{LevelOptions, LevelPicture};
pub use path::{AnimationOptions, PathPicture};
pub use raster::PngOptions;
pub use sheet::{ContactSheet, Outcome, SheetEntry};

#[cfg(test)]
mod tests;
