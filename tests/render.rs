//! The pictures of `flipblox::render` made through the public API, read back: every SVG is parsed
//! with a real XML parser (roxmltree) and its content checked against the independent models of
//! `tests/common` (a field from a plain reverse BFS, a Flip Game board replayed press by press, a
//! histogram's counts); the contact sheet refuses references that are not relative. The pictures
//! built tile by tile, pose by pose and pixel by pixel, which only the library sees, are checked
//! in `src/render/tests/`.

use std::collections::BTreeSet;
use std::io::{self, Write};

use crate::common::Rng;
use crate::common::bloxorz::read_pack;
use crate::common::pictures::{
    POJ_SAMPLE, check_field_svg, check_flip_svg, check_histogram_svg, elements, field_of, palette,
    parse, sheet_entry,
};
use flipblox::render::{
    ContactSheet, FlipPicture, HistogramPicture, LevelOptions, LevelPicture, Outcome, PngOptions,
    RenderError,
};
use roxmltree::Node;

// ---------------------------------------------------------------------------------------------
// Fields: distances by a plain reverse BFS over the POJ model.

#[test]
fn a_field_shows_every_state_with_its_distance_or_why_it_has_none() {
    // The POJ sample, and a level with an island (legal states that cannot reach the goal) and
    // fragile cells (lying only).
    let mut grids = read_pack(POJ_SAMPLE);
    grids.extend(read_pack("3 9\nX...##...\n..E.##.E.\n.O..##...\n"));
    let mut kinds = BTreeSet::new();
    for grid in grids {
        let field = field_of(&grid);
        let svg = field.draw().unwrap().to_svg();
        kinds.extend(check_field_svg(&parse(&svg), &field));
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

#[test]
fn a_field_with_many_distances_draws_its_colour_bar_as_a_gradient() {
    // A 1 x 200 corridor: distances up to about 133.
    let row = format!("X{}O", ".".repeat(198));
    let field = field_of(&read_pack(&format!("1 200\n{row}\n"))[0]);
    let doc_text = field.draw().unwrap().to_svg();
    let doc = parse(&doc_text);
    assert!(elements(&doc, "rect", "band").is_empty());
    let gradient = elements(&doc, "rect", "gradient");
    assert_eq!(gradient[0].attribute("fill"), Some("url(#distance-gradient)"));
    let stops: Vec<Node> = doc.descendants().filter(|n| n.has_tag_name("stop")).collect();
    assert_eq!(
        stops.first().unwrap().attribute("stop-color").unwrap(),
        palette::distance_colour(0, 1)
    );
    assert_eq!(
        stops.last().unwrap().attribute("stop-color").unwrap(),
        palette::distance_colour(1, 1)
    );
}

// ---------------------------------------------------------------------------------------------
// Flip Game boards.

#[test]
fn a_flip_board_numbers_its_presses_in_order_and_they_solve_it() {
    let mut rng = Rng(16);
    for (rows, cols) in [(4, 4), (3, 5), (1, 6), (6, 6)] {
        // Press random pieces of a white board; pressing them again in another order solves it.
        let mut presses: Vec<(usize, usize)> = (0..rows * cols)
            .filter(|_| rng.next() & 1 == 1)
            .map(|i| (i / cols, i % cols))
            .collect();
        let white = vec!["w".repeat(cols); rows];
        let refs: Vec<&str> = white.iter().map(String::as_str).collect();
        let one_based: Vec<_> = presses.iter().map(|&(r, c)| (r + 1, c + 1)).collect();
        let board = crate::common::replay_rows(&refs, &one_based);
        let rows_text: Vec<String> =
            board.iter().map(|r| r.iter().map(|&b| if b { 'b' } else { 'w' }).collect()).collect();
        let rows_ref: Vec<&str> = rows_text.iter().map(String::as_str).collect();
        presses.reverse();
        let mut picture = FlipPicture::from_rows(&rows_ref).unwrap();
        picture.presses = presses.clone();
        let svg = picture.draw().unwrap().to_svg();
        let order = check_flip_svg(&parse(&svg), &rows_ref);
        let expected: Vec<_> = presses.iter().map(|&(r, c)| (r + 1, c + 1)).collect();
        assert_eq!(order, expected);
    }
}

#[test]
fn a_cell_pressed_twice_carries_both_numbers() {
    let mut picture = FlipPicture::from_rows(&["ww", "ww"]).unwrap();
    picture.presses = vec![(0, 1), (1, 1), (0, 1)];
    let svg = picture.draw().unwrap().to_svg();
    let doc = parse(&svg);
    let labels: Vec<&str> =
        elements(&doc, "text", "press-number").iter().map(|n| n.text().unwrap()).collect();
    assert_eq!(labels, ["1,3", "2"]);
    assert_eq!(elements(&doc, "circle", "press").len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Histograms.

#[test]
fn histogram_bars_are_proportional_to_their_counts() {
    for (counts, impossible) in [
        (vec![1, 4, 6, 4, 1, 0, 250], 17),
        (vec![1, 2, 3], 0),
        (vec![5], 1_000_000),
        ((0..40).map(|d| d * d).collect::<Vec<u64>>(), 0),
    ] {
        let svg = HistogramPicture::new(counts.clone(), impossible).draw().unwrap().to_svg();
        let doc = parse(&svg);
        let texts = check_histogram_svg(&doc, &counts, impossible);
        for label in ["distance (moves)", "states", "Distance histogram"] {
            assert!(texts.contains(&label), "{label}");
        }
        assert_eq!(texts.contains(&"Impossible"), impossible > 0);
    }
}

// ---------------------------------------------------------------------------------------------
// The contact sheet.

#[test]
fn the_contact_sheet_refuses_references_that_are_not_relative() {
    for bad in ["/tmp/level.svg", "http://example.com/a.svg", "C:\\a.svg", "", "file:a.svg"] {
        // As the picture, as its thumbnail, and as a further link.
        let mut entries = vec![
            sheet_entry(1, Outcome::Moves(3), Some(bad)),
            sheet_entry(1, Outcome::Moves(3), Some("a.svg")),
        ];
        entries[1].thumbnail = Some(bad.to_owned());
        let mut linked = sheet_entry(1, Outcome::Moves(3), Some("a.svg"));
        linked.links.push(("path".to_owned(), bad.to_owned()));
        entries.push(linked);
        for e in entries {
            let sheet = ContactSheet { title: "t".to_owned(), entries: vec![e] };
            assert!(matches!(sheet.html(), Err(RenderError::Invalid(_))), "{bad:?}");
        }
    }
    let sheet = ContactSheet {
        title: "t".to_owned(),
        entries: vec![sheet_entry(1, Outcome::Moves(3), Some("pictures/level 1.svg"))],
    };
    assert!(sheet.html().is_ok());
}

// ---------------------------------------------------------------------------------------------
// PNG files.

/// A writer that takes `room` bytes, then refuses every write as a closed pipe would.
struct Refusing {
    room: usize,
    taken: usize,
}

impl Write for Refusing {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.taken + bytes.len() > self.room {
            return Err(io::Error::from(io::ErrorKind::BrokenPipe));
        }
        self.taken += bytes.len();
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_png_written_as_it_is_encoded_is_the_png_made_in_memory() {
    let picture = LevelPicture::from_rows(&["X.E#O", "SHVB-"]).unwrap();
    let drawing = picture.draw(&LevelOptions::default()).unwrap();
    for options in [PngOptions::default(), PngOptions { scale: 0.7, max_side: 100 }] {
        let mut written = Vec::new();
        drawing.write_png(&options, &mut written).unwrap();
        assert_eq!(written, drawing.to_png(&options).unwrap(), "{options:?}");
        assert_eq!(&written[1..4], b"PNG");
    }
    // The writer's error comes back with its message; bad options are refused before a byte is
    // written.
    let mut out = Refusing { room: 100, taken: 0 };
    let err = drawing.write_png(&PngOptions::default(), &mut out).unwrap_err();
    assert!(matches!(&err, RenderError::Io(_)), "{err:?}");
    assert_eq!(err.to_string(), io::Error::from(io::ErrorKind::BrokenPipe).to_string());
    let mut out = Refusing { room: usize::MAX, taken: 0 };
    let bad = PngOptions { scale: 0.0, max_side: 10 };
    assert!(matches!(drawing.write_png(&bad, &mut out), Err(RenderError::Png(_))));
    assert_eq!(out.taken, 0);
}

#[test]
fn a_png_keeps_a_levels_legend_while_its_words_are_at_least_6_pixels_high() {
    // A cell is 24 units and the legend's words 12: the board's longer side drawn at 0.5 pixels
    // a unit or more keeps them 6 pixels high.
    let default = PngOptions::default();
    for (rows, cols, legible) in [(1, 1, true), (341, 2, true), (2, 342, false), (500, 500, false)]
    {
        let picture = LevelPicture::new(rows, cols);
        assert_eq!(picture.legend_legible(&default), legible, "{rows} x {cols}");
    }
    let small = LevelPicture::new(1, 1);
    assert!(!small.legend_legible(&PngOptions { scale: 0.49, max_side: 4096 }));
    assert!(small.legend_legible(&PngOptions { scale: 0.5, max_side: 4096 }));
    let large = LevelPicture::new(500, 500);
    assert!(large.legend_legible(&PngOptions { scale: 2.0, max_side: 6000 }));
    assert!(!large.legend_legible(&PngOptions { scale: 2.0, max_side: 5999 }));
}
