//! Pixels and PNG files: the options of rasterising, the embedded font, and the encoder.

use std::io::{self, Write};
use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::Pixmap;
use resvg::usvg::fontdb;

use super::error::RenderError;

/// How a drawing becomes pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PngOptions {
    /// Pixels per SVG user unit (default 2: a board cell of 24 units is 48 pixels).
    pub scale: f32,
    /// The most pixels on either side (default 4096). A picture that would be larger at `scale`
    /// is drawn at the largest scale that fits, keeping its proportions (a 500 x 500 level is
    /// then about 8 pixels a cell).
    pub max_side: u32,
}

impl Default for PngOptions {
    fn default() -> PngOptions {
        PngOptions { scale: 2.0, max_side: 4096 }
    }
}

impl PngOptions {
    /// The pixel size of a `width x height`-unit picture and the scale used.
    pub(crate) fn fit(&self, width: f64, height: f64) -> Result<(u32, u32, f32), RenderError> {
        if !(self.scale.is_finite() && self.scale > 0.0 && self.max_side > 0) {
            return Err(RenderError::Png(format!(
                "expected a positive scale and size, found scale {} and size {}",
                self.scale, self.max_side
            )));
        }
        let longest = width.max(height).max(1.0) as f32;
        let scale = self.scale.min(self.max_side as f32 / longest);
        let side = |units: f64| ((units as f32 * scale).round() as u32).clamp(1, self.max_side);
        Ok((side(width), side(height), scale))
    }
}

/// A rasterised picture: `width x height` pixels, RGBA.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Raster {
    pixmap: Pixmap,
    scale: f32,
}

impl Raster {
    pub(crate) fn new(pixmap: Pixmap, scale: f32) -> Raster {
        Raster { pixmap, scale }
    }

    /// Width in pixels.
    pub(crate) fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    pub(crate) fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// Pixels per SVG user unit actually used (at most [`PngOptions::scale`]): the point `(x, y)`
    /// of the SVG is pixel `(x * scale, y * scale)`.
    #[cfg(test)]
    pub(crate) fn scale(&self) -> f32 {
        self.scale
    }

    /// The colour of pixel `(x, y)` (0-based from the top-left) as `[r, g, b, a]`, not
    /// premultiplied; `None` outside the picture.
    #[cfg(test)]
    pub(crate) fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        let c = self.pixmap.pixel(x, y)?.demultiply();
        Some([c.red(), c.green(), c.blue(), c.alpha()])
    }

    /// Writes the picture as a PNG file to `out`: 8-bit RGB when every pixel is opaque (every
    /// picture of this module, which all have a white page), else 8-bit RGBA; fast compression
    /// (`fdeflate`), which keeps a 4096 x 4096 picture well under a second. The pixels are
    /// encoded a row at a time: the raster is the only copy of them.
    ///
    /// # Errors
    ///
    /// Writing to `out` failed (the I/O error), or the encoder failed (an error of kind
    /// `Other` with its message).
    pub(crate) fn write_png(&self, out: &mut dyn Write) -> io::Result<()> {
        let pixels = self.pixmap.pixels();
        let opaque = pixels.iter().all(|p| p.alpha() == u8::MAX);
        let error = |e: png::EncodingError| match e {
            png::EncodingError::IoError(e) => e,
            other => io::Error::other(format!("cannot make the PNG: {other}")),
        };
        let mut encoder = png::Encoder::new(out, self.width(), self.height());
        encoder.set_color(if opaque { png::ColorType::Rgb } else { png::ColorType::Rgba });
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        let mut writer = encoder.write_header().map_err(error)?;
        let mut stream = writer.stream_writer().map_err(error)?;
        let width = self.width() as usize;
        let mut row = Vec::with_capacity(4 * width);
        for line in pixels.chunks_exact(width.max(1)) {
            row.clear();
            if opaque {
                // Opaque premultiplied colours are the colours themselves.
                row.extend(line.iter().flat_map(|p| [p.red(), p.green(), p.blue()]));
            } else {
                row.extend(line.iter().flat_map(|p| {
                    let c = p.demultiply();
                    [c.red(), c.green(), c.blue(), c.alpha()]
                }));
            }
            stream.write_all(&row)?;
        }
        stream.finish().map_err(error)?;
        writer.finish().map_err(error)
    }

    /// The picture as a PNG file in memory ([`Raster::write_png`] into a vector).
    ///
    /// # Errors
    ///
    /// [`RenderError::Png`] if the encoder fails.
    pub(crate) fn encode_png(&self) -> Result<Vec<u8>, RenderError> {
        let mut out = Vec::new();
        self.write_png(&mut out).map_err(|e| RenderError::Png(e.to_string()))?;
        Ok(out)
    }
}

/// The font database of every rasterisation: Noto Sans Regular only, also serving the generic
/// `sans-serif` family, loaded once per process.
pub(crate) fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_font_source(fontdb::Source::Binary(Arc::new(ttf_noto_sans::REGULAR)));
            db.set_sans_serif_family("Noto Sans");
            Arc::new(db)
        })
        .clone()
}
