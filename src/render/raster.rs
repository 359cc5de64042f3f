//! PNG output: any SVG of this module rasterised by `resvg`, with the embedded Noto Sans for
//! text.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};

use super::RenderError;

/// How an SVG becomes pixels.
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

/// A rasterised picture: `width x height` pixels, RGBA.
#[derive(Debug, Clone, PartialEq)]
pub struct Raster {
    pixmap: Pixmap,
    scale: f32,
}

impl Raster {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// Pixels per SVG user unit actually used (at most [`PngOptions::scale`]): the point `(x, y)`
    /// of the SVG is pixel `(x * scale, y * scale)`.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The colour of pixel `(x, y)` (0-based from the top-left) as `[r, g, b, a]`, not
    /// premultiplied; `None` outside the picture.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        let c = self.pixmap.pixel(x, y)?.demultiply();
        Some([c.red(), c.green(), c.blue(), c.alpha()])
    }

    /// The picture as a PNG file (8-bit RGBA).
    ///
    /// # Errors
    ///
    /// [`RenderError::Png`] if the encoder fails.
    pub fn encode_png(&self) -> Result<Vec<u8>, RenderError> {
        self.pixmap.encode_png().map_err(|e| RenderError::Png(e.to_string()))
    }
}

/// The font database of every rasterisation: Noto Sans Regular only, also serving the generic
/// `sans-serif` family, loaded once per process.
fn fonts() -> Arc<fontdb::Database> {
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

/// Rasterises an SVG document (any SVG, though meant for this module's) to pixels.
///
/// Text is drawn with the embedded Noto Sans, whatever the `font-family` asks for; no file is
/// read (relative references to images are not followed). Animations are not played: the
/// picture is what the SVG shows without them.
///
/// # Errors
///
/// [`RenderError::Svg`] when the SVG cannot be parsed, [`RenderError::Png`] when the picture
/// would have no pixels or `options` are not a positive finite scale and a positive size.
pub fn rasterise(svg: &str, options: &PngOptions) -> Result<Raster, RenderError> {
    if !(options.scale.is_finite() && options.scale > 0.0 && options.max_side > 0) {
        return Err(RenderError::Png(format!(
            "expected a positive scale and size, found scale {} and size {}",
            options.scale, options.max_side
        )));
    }
    let usvg_options = usvg::Options {
        fontdb: fonts(),
        font_family: "Noto Sans".to_owned(),
        // Never read a file named by an <image>; data URLs stay allowed.
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_string: Box::new(|_, _| None),
            ..usvg::ImageHrefResolver::default()
        },
        ..usvg::Options::default()
    };
    let tree =
        usvg::Tree::from_str(svg, &usvg_options).map_err(|e| RenderError::Svg(e.to_string()))?;
    let size = tree.size();
    let longest = size.width().max(size.height());
    let scale = options.scale.min(options.max_side as f32 / longest);
    let width = (size.width() * scale).round() as u32;
    let height = (size.height() * scale).round() as u32;
    let mut pixmap =
        Pixmap::new(width.clamp(1, options.max_side), height.clamp(1, options.max_side))
            .ok_or_else(|| RenderError::Png(format!("cannot make a {width} x {height} picture")))?;
    resvg::render(&tree, Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    Ok(Raster { pixmap, scale })
}

/// An SVG document as a PNG file: [`rasterise`], then [`Raster::encode_png`].
///
/// # Errors
///
/// As [`rasterise`] and [`Raster::encode_png`].
pub fn png_from_svg(svg: &str, options: &PngOptions) -> Result<Vec<u8>, RenderError> {
    rasterise(svg, options)?.encode_png()
}
