//! Level, path and animation pictures, the contact sheet of drawn levels, and view models that
//! are refused.

use roxmltree::{Document, Node};

use super::pictures::{
    CellAt, animated, check_animation_svg, check_level_svg, check_path_svg, elements, has_class,
    number, palette, parse, rect_cells, sheet_entry,
};
use super::{
    Frame, LinkAction, PathPicture, Pose, SwitchLink, TempDir, Tile, levels, mechanics_pack,
    path_of, picture_of, shortest_path, tile,
};
use crate::render::{
    AnimationOptions, ContactSheet, FieldPicture, FlipPicture, HistogramPicture, LevelOptions,
    LevelPicture, Outcome, RenderError,
};

#[test]
fn a_level_has_one_rectangle_per_cell_with_its_class_and_fill() {
    let mut every_kind = 0;
    for ext in levels() {
        let picture = picture_of(&ext);
        let svg = picture.draw(&LevelOptions::default()).unwrap().to_svg();
        check_level_svg(&parse(&svg), &ext);
        every_kind |= ext
            .rows
            .iter()
            .flatten()
            .fold(0u32, |m, k| m | 1 << Tile::ALL.iter().position(|t| *t == tile(*k)).unwrap());
    }
    assert_eq!(every_kind, (1 << Tile::ALL.len()) - 1, "the levels show every kind of tile");
}

#[test]
fn options_leave_out_the_legend_and_the_links() {
    let ext = &mechanics_pack()[11];
    let picture = picture_of(ext);
    let bare = picture
        .draw(&LevelOptions { legend: false, links: false, ..LevelOptions::default() })
        .unwrap()
        .to_svg();
    let doc = parse(&bare);
    assert!(elements(&doc, "g", "legend").is_empty());
    assert!(elements(&doc, "path", "link").is_empty());
    assert_eq!(elements(&doc, "rect", "tile").len(), picture.tiles.len());
    let full = picture.draw(&LevelOptions::default()).unwrap().to_svg();
    assert_eq!(elements(&parse(&full), "g", "legend").len(), 1);
}

#[test]
fn the_same_level_gives_the_same_bytes() {
    for ext in levels() {
        let picture = picture_of(&ext);
        let a = picture.draw(&LevelOptions::default()).unwrap().to_svg();
        let b = picture.clone().draw(&LevelOptions::default()).unwrap().to_svg();
        assert_eq!(a, b);
    }
}

#[test]
fn a_drawn_path_has_one_footprint_per_move_and_replays_to_the_target() {
    let mut solved = 0;
    for ext in levels() {
        let Some(moves) = shortest_path(&ext) else { continue };
        let n = ext.reference_distance().expect("solvable");
        assert_eq!(moves.len(), n as usize);
        let picture = picture_of(&ext);
        let path = path_of(&ext, &moves);
        let svg = picture.draw_path(&path, &LevelOptions::default()).unwrap().to_svg();
        let line = check_path_svg(&parse(&svg), &ext);
        assert_eq!(ext.replay(&format!("{n} {line}")), Ok(n));
        solved += 1;
    }
    assert!(solved >= 10, "{solved}");
}

#[test]
fn an_animation_plays_every_pose_of_the_path_in_order() {
    let options = AnimationOptions::default();
    for ext in levels() {
        let Some(moves) = shortest_path(&ext) else { continue };
        let picture = picture_of(&ext);
        let path = path_of(&ext, &moves);
        let svg = picture.animate(&path, &options).unwrap();
        assert_eq!(check_animation_svg(&parse(&svg), &ext), moves.len());
    }
}

#[test]
fn an_animation_shows_a_bridge_appear_when_its_switch_is_pressed() {
    // Mechanics level 1: `XS.-..O`, `switch 1 2: on 1 4`; R lies on S and lays column 4.
    let ext = &mechanics_pack()[0];
    let moves = shortest_path(ext).unwrap();
    let svg = picture_of(ext).animate(&path_of(ext, &moves), &Default::default()).unwrap();
    let doc = parse(&svg);
    let states = elements(&doc, "rect", "bridge-state");
    assert_eq!(states.len(), 1);
    assert_eq!(rect_cells(&states[0], 0.0).0, (0, 3));
    let fills = animated(&states[0], "fill");
    assert_eq!(fills[0], palette::BRIDGE_ABSENT);
    assert!(fills[1..].iter().all(|f| *f == palette::BRIDGE));
}

// ---------------------------------------------------------------------------------------------
// The contact sheet of drawn levels.

#[test]
fn the_contact_sheet_links_every_written_picture_and_escapes_text() {
    let dir = TempDir::new("contact-sheet");
    let mut sheet = ContactSheet { title: "pack <a & b> \"x\"".to_owned(), entries: Vec::new() };
    for (i, ext) in levels().iter().enumerate() {
        let n = i + 1;
        let picture = picture_of(ext);
        let name = format!("level-{n:04}.svg");
        std::fs::write(
            dir.path().join(&name),
            picture.draw(&LevelOptions::default()).unwrap().to_svg(),
        )
        .unwrap();
        // Every other level has a thumbnail without legend.
        let thumbnail = (n % 2 == 0).then(|| format!("level-{n:04}-thumb.svg"));
        if let Some(thumbnail) = &thumbnail {
            let bare = LevelOptions { legend: false, links: true, ..LevelOptions::default() };
            let svg = picture.draw(&bare).unwrap().to_svg();
            std::fs::write(dir.path().join(thumbnail), svg).unwrap();
        }
        let outcome = match shortest_path(ext) {
            Some(moves) => {
                let path = path_of(ext, &moves);
                let svg = picture.draw_path(&path, &LevelOptions::default()).unwrap().to_svg();
                std::fs::write(dir.path().join(format!("level-{n:04}-path.svg")), svg).unwrap();
                Outcome::Moves(moves.len() as u64)
            }
            None => Outcome::Impossible,
        };
        let mut e = sheet_entry(n, outcome, Some(&name));
        e.thumbnail = thumbnail;
        if matches!(e.outcome, Outcome::Impossible) {
            e.links.clear();
        }
        sheet.entries.push(e);
    }
    let broken = sheet.entries.len() + 1;
    let mut error =
        sheet_entry(broken, Outcome::Error("3:4: expected '.', found '<&>'".to_owned()), None);
    error.links.clear();
    error.states_explored = None;
    sheet.entries.push(error);
    let html = sheet.html().unwrap();
    std::fs::write(dir.path().join("index.html"), &html).unwrap();

    let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    let doc = Document::parse_with_options(&html, options).expect("the page is well-formed XML");
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some(sheet.title.as_str()));
    let figures: Vec<Node> = doc.descendants().filter(|n| n.has_tag_name("figure")).collect();
    assert_eq!(figures.len(), sheet.entries.len());
    for (figure, e) in figures.iter().zip(&sheet.entries) {
        assert_eq!(figure.attribute("id"), Some(format!("level-{}", e.level).as_str()));
        let class = match e.outcome {
            Outcome::Moves(_) => "solved",
            Outcome::Impossible => "impossible",
            Outcome::Error(_) => "error",
        };
        assert!(has_class(figure, class));
        let caption: String = figure
            .descendants()
            .find(|n| n.has_tag_name("figcaption"))
            .unwrap()
            .descendants()
            .filter_map(|n| n.text())
            .collect();
        let answer = match &e.outcome {
            Outcome::Moves(m) => format!("{m} moves"),
            Outcome::Impossible => "Impossible".to_owned(),
            Outcome::Error(message) => format!("Error: {message}"),
        };
        assert!(caption.contains(&answer), "{caption}");
        assert_eq!(caption.contains("states explored"), e.states_explored.is_some());
        let imgs: Vec<Node> = figure.descendants().filter(|n| n.has_tag_name("img")).collect();
        match &e.image {
            Some(image) => {
                assert_eq!(imgs.len(), 1);
                let img = imgs[0];
                assert_eq!(img.attribute("id"), Some(format!("thumb-{}", e.level).as_str()));
                let shown = e.thumbnail.as_ref().unwrap_or(image);
                assert_eq!(img.attribute("src"), Some(shown.as_str()));
                assert_eq!(img.parent().unwrap().attribute("href"), Some(image.as_str()));
                assert_eq!(number(&img, "width"), f64::from(ContactSheet::THUMBNAIL_SIZE));
                assert_eq!(number(&img, "height"), f64::from(ContactSheet::THUMBNAIL_SIZE));
                assert!(img.attribute("loading").is_none(), "thumbnails load eagerly");
            }
            None => assert!(imgs.is_empty()),
        }
    }
    // Every reference resolves to a written file.
    let references: Vec<&str> =
        doc.descendants().filter_map(|n| n.attribute("src").or(n.attribute("href"))).collect();
    assert!(references.len() > sheet.entries.len());
    for reference in references {
        assert!(dir.path().join(reference).is_file(), "{reference} was not written");
    }
    let summary = doc.descendants().find(|n| n.attribute("id") == Some("summary")).unwrap();
    let impossible = sheet.entries.iter().filter(|e| e.outcome == Outcome::Impossible).count();
    assert_eq!(
        summary.text().unwrap(),
        format!(
            "{} levels: {} solved, {impossible} Impossible, 1 error",
            sheet.entries.len(),
            sheet.entries.len() - impossible - 1
        )
    );
}

// ---------------------------------------------------------------------------------------------
// Bad view models are refused, never drawn wrong and never a panic.

#[test]
fn inconsistent_view_models_are_errors() {
    let level = LevelPicture::from_rows(&["X..O", ".S-."]).unwrap();
    let mut short = level.clone();
    short.tiles.pop();
    assert!(matches!(short.draw(&LevelOptions::default()), Err(RenderError::Length { .. })));
    let mut outside = level.clone();
    outside.switch_links.push(SwitchLink { switch: (1, 1), action: LinkAction::On, tile: (2, 2) });
    assert!(matches!(outside.draw(&LevelOptions::default()), Err(RenderError::OutOfGrid { .. })));
    assert!(matches!(
        LevelPicture::new(0, 3).draw(&LevelOptions::default()),
        Err(RenderError::EmptyGrid { .. })
    ));
    assert!(LevelPicture::from_rows(&["X.", "O"]).is_err());
    assert!(LevelPicture::from_rows(&["XZO"]).is_err());

    let frame = |pose, flipped: Vec<CellAt>| Frame { pose, step: "R".to_owned(), flipped };
    let bad_paths = [
        PathPicture { start: Pose::Lying([(0, 0), (0, 2)]), frames: vec![] },
        PathPicture {
            start: Pose::Standing((0, 0)),
            frames: vec![frame(Pose::Split([(0, 1), (0, 1)]), vec![])],
        },
        PathPicture {
            start: Pose::Standing((0, 0)),
            frames: vec![frame(Pose::Standing((5, 0)), vec![])],
        },
        PathPicture {
            start: Pose::Standing((0, 0)),
            frames: vec![frame(Pose::Lying([(0, 1), (0, 2)]), vec![(0, 1)])],
        },
    ];
    for path in &bad_paths {
        assert!(level.draw_path(path, &LevelOptions::default()).is_err(), "{path:?}");
        assert!(level.animate(path, &AnimationOptions::default()).is_err(), "{path:?}");
    }
    let good = PathPicture {
        start: Pose::Standing((0, 0)),
        frames: vec![frame(Pose::Lying([(0, 1), (0, 2)]), vec![(1, 2)])],
    };
    assert!(level.draw_path(&good, &LevelOptions::default()).is_ok());
    for seconds in [0.0, -1.0, f64::NAN] {
        let options = AnimationOptions { seconds_per_move: seconds, ..AnimationOptions::default() };
        assert!(level.animate(&good, &options).is_err());
    }

    let field = FieldPicture {
        rows: 1,
        cols: 2,
        distances: vec![0, -3, -1, -1, -1, -1],
        from_start: false,
    };
    assert!(field.draw().is_err(), "an entry below -2");
    let field = FieldPicture {
        rows: 1,
        cols: 2,
        distances: vec![0, -2, -1, -1, -1, -2],
        from_start: false,
    };
    assert!(field.draw().is_ok(), "distances, impossible and illegal");
    let field = FieldPicture { rows: 1, cols: 2, distances: vec![0; 5], from_start: false };
    assert!(matches!(field.draw(), Err(RenderError::Length { .. })));

    let mut board = FlipPicture::from_rows(&["bw"]).unwrap();
    board.presses.push((1, 0));
    assert!(matches!(board.draw(), Err(RenderError::OutOfGrid { .. })));
    board.presses.clear();
    // Colour K is a hole (drawn as one); above it is an error.
    board.pieces[0] = 3;
    assert!(board.draw().is_err());
    board.pieces[0] = 2;
    assert!(board.draw().is_ok(), "a hole");
    assert!(FlipPicture::from_rows(&["bx"]).is_err());
    assert!(HistogramPicture::new(vec![], 0).draw().is_err());
    // An error names what is wrong.
    let err = level.draw_path(&bad_paths[0], &LevelOptions::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the start: expected two orthogonally adjacent cells for a lying block, found row 1, \
         column 1 and row 1, column 3"
    );
}
