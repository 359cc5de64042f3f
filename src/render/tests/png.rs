//! PNGs: the pixels of the raster at known cells, against resvg drawing the whole SVG and the
//! PNG file decoded.

use super::bloxorz::read_pack;
use super::pictures::{
    CELL, CellAt, board_of, decode, elements, field_of, hex_colour, number, palette, parse, size,
    translation,
};
use super::{POJ_SAMPLE, Tile, expected_fill, resvg_pixels};
use crate::render::{
    FlipPicture, HistogramPicture, LevelOptions, LevelPicture, PngOptions, RenderError,
};

#[test]
fn a_level_png_has_each_tile_colour_at_its_cell() {
    let picture = LevelPicture::from_rows(&["X.E#O", "SHVB-"]).unwrap();
    let drawing = picture.draw(&LevelOptions::default()).unwrap();
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
    let drawing = picture
        .draw(&LevelOptions { legend: false, links: false, ..LevelOptions::default() })
        .unwrap();
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
    let drawing = picture.draw().unwrap();
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
    let drawing = field.draw().unwrap();
    let svg = drawing.to_svg();
    let doc = parse(&svg);
    let raster = drawing.rasterise(&PngOptions::default()).unwrap();
    let s = f64::from(raster.scale());
    for (o, panel) in elements(&doc, "g", "board").iter().enumerate() {
        let (ox, oy) = translation(panel);
        for r in 0..field.rows {
            for c in 0..field.cols {
                let i = (field.cols * r + c) * 3 + o;
                let expected = match field.distances[i] {
                    d if d >= 0 => palette::distance_colour(d as u32, max),
                    -1 => palette::IMPOSSIBLE.to_owned(),
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
    let drawing = HistogramPicture::new(vec![10, 20], 5).draw().unwrap();
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
    let drawing = LevelPicture::from_rows(&["XO"]).unwrap().draw(&LevelOptions::default()).unwrap();
    for (scale, max_side) in [(0.0, 10), (1.0, 0), (f32::NAN, 10), (-2.0, 10), (f32::INFINITY, 10)]
    {
        let options = PngOptions { scale, max_side };
        assert!(matches!(drawing.rasterise(&options), Err(RenderError::Png(_))), "{options:?}");
    }
}
