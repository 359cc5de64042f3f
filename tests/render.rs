//! The pictures of `flipblox::render`, read back: every SVG is parsed with a real XML parser
//! (roxmltree) and its content checked against the independent models of `tests/common` (the
//! level's tiles, a path replayed move by move, a field from a plain reverse BFS, a Flip Game
//! board replayed press by press, a histogram's counts); PNGs are rasterised and decoded and
//! their pixels checked at known cells; the contact sheet is parsed and its references
//! resolved.

use std::collections::{BTreeSet, HashMap, VecDeque};

use crate::common::Rng;
use crate::common::bloxorz::read_pack;
use crate::common::extended::{Act, Block, DIRS, Ext, State, read_ext_pack};
use crate::common::pictures::{
    CellAt, Move, Walk, animated, at, board_of, check_animation_svg, check_field_svg,
    check_flip_svg, check_histogram_svg, check_level_svg, check_path_svg, decode, elements,
    expected_fill, field_of, has_class, hex_colour, number, palette, parse, rect_cells, size,
    tile_of, translation,
};
use flipblox::render::{
    AnimationOptions, CELL, ContactSheet, Drawing, FieldPicture, FlipPicture, Frame,
    HistogramPicture, LevelOptions, LevelPicture, LinkAction, Outcome, PathPicture, PngOptions,
    Pose, RenderError, SheetEntry, SplitLink, SwitchLink, Tile,
};
use roxmltree::{Document, Node};

// ---------------------------------------------------------------------------------------------
// Levels: from the independent model to the view model.

fn picture_of(ext: &Ext) -> LevelPicture {
    let (rows, cols) = (ext.height() as usize, ext.width() as usize);
    let mut picture = LevelPicture::new(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            picture.tiles[cols * r + c] = tile_of(ext.rows[r][c]);
        }
    }
    let mut switches: Vec<_> = ext.switches.iter().collect();
    switches.sort_by_key(|(cell, _)| **cell);
    for (&switch, actions) in switches {
        for &(act, tile) in actions {
            let action = match act {
                Act::On => LinkAction::On,
                Act::Off => LinkAction::Off,
                Act::Toggle => LinkAction::Toggle,
            };
            picture.switch_links.push(SwitchLink { switch: at(switch), action, tile: at(tile) });
        }
    }
    let mut splits: Vec<_> = ext.splits.iter().collect();
    splits.sort();
    for (&switch, targets) in splits {
        picture.split_links.push(SplitLink { switch: at(switch), targets: targets.map(at) });
    }
    picture
}

fn mechanics_pack() -> Vec<Ext> {
    read_ext_pack(&crate::common::read_text(crate::common::project("data/bloxorz/mechanics.txt")))
}

const POJ_SAMPLE: &str = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n";

/// Levels of every kind: the POJ sample, a lying start, a fragile corridor, the mechanics pack.
fn levels() -> Vec<Ext> {
    let mut levels = read_ext_pack(&format!(
        "{POJ_SAMPLE}3 6\nXX..E.\n.#..E.\n...O..\n4 5\n.....\n.EEE.\n.EOE.\nX....\n0 0\n"
    ));
    levels.extend(mechanics_pack());
    levels
}

#[test]
fn a_level_has_one_rectangle_per_cell_with_its_class_and_fill() {
    let mut every_kind = 0;
    for ext in levels() {
        let picture = picture_of(&ext);
        let svg = picture.draw(&LevelOptions::default()).unwrap().to_svg();
        check_level_svg(&parse(&svg), &ext);
        every_kind |=
            ext.rows.iter().flatten().fold(0u32, |m, k| {
                m | 1 << Tile::ALL.iter().position(|t| *t == tile_of(*k)).unwrap()
            });
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

// ---------------------------------------------------------------------------------------------
// Paths: a shortest path by a plain BFS over the independent model, drawn, read back and
// replayed move by move.

/// A shortest path of the model (BFS with parents), as moves; `None` when Impossible.
fn shortest_path(ext: &Ext) -> Option<Vec<Move>> {
    let start = ext.start();
    let mut parent: HashMap<State, (State, Move)> = HashMap::new();
    let mut queue = VecDeque::from([start.clone()]);
    let mut seen: BTreeSet<State> = BTreeSet::from([start.clone()]);
    while let Some(state) = queue.pop_front() {
        if state.0 == ext.goal() {
            let mut moves = Vec::new();
            let mut s = state;
            while let Some((p, m)) = parent.get(&s) {
                moves.push(*m);
                s = p.clone();
            }
            moves.reverse();
            return Some(moves);
        }
        let mut next: Vec<(State, Move)> = Vec::new();
        for &(letter, dir) in &DIRS {
            match state.0 {
                Block::Whole(_) => {
                    next.extend(ext.roll(&state, dir).map(|n| (n, (None, letter))));
                }
                Block::Cubes(cubes) => {
                    for cube in cubes {
                        next.extend(
                            ext.slide(&state, cube, dir).map(|n| (n, (Some(cube), letter))),
                        );
                    }
                }
            }
        }
        for (n, m) in next {
            if seen.insert(n.clone()) {
                parent.insert(n.clone(), (state.clone(), m));
                queue.push_back(n);
            }
        }
    }
    None
}

/// The view model of a path, from the model's moves; also the steps as notation.
fn path_of(ext: &Ext, moves: &[Move]) -> PathPicture {
    let mut walk = Walk::start(ext);
    let start = walk.pose();
    let mut frames = Vec::new();
    for &m in moves {
        let step = walk.notation(m);
        let next = walk.step(ext, &step).expect("a move of the BFS is legal");
        let flipped = walk.state.1.symmetric_difference(&next.state.1).map(|&c| at(c)).collect();
        frames.push(Frame { pose: next.pose(), step, flipped });
        walk = next;
    }
    PathPicture { start, frames }
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
// PNG.

/// The SVG of a drawing rasterised by resvg as a whole (every cell a parsed `<rect>`), at
/// `scale`, for comparison with [`Drawing::rasterise`], which fills the cells directly.
fn resvg_pixels(drawing: &Drawing, scale: f32) -> resvg::tiny_skia::Pixmap {
    let tree = resvg::usvg::Tree::from_str(&drawing.to_svg(), &Default::default()).unwrap();
    let size = tree.size();
    let (w, h) = ((size.width() * scale).round() as u32, (size.height() * scale).round() as u32);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
}

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

// ---------------------------------------------------------------------------------------------
// The contact sheet.

fn entry(level: usize, outcome: Outcome, image: Option<&str>) -> SheetEntry {
    SheetEntry {
        level,
        rows: 3,
        cols: 7,
        outcome,
        states_explored: Some(40 + level as u64),
        image: image.map(str::to_owned),
        thumbnail: None,
        links: vec![("path".to_owned(), format!("level-{level:04}-path.svg"))],
        title: None,
    }
}

#[test]
fn the_contact_sheet_links_every_written_picture_and_escapes_text() {
    let dir = tempfile::tempdir().unwrap();
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
        let mut e = entry(n, outcome, Some(&name));
        e.thumbnail = thumbnail;
        if matches!(e.outcome, Outcome::Impossible) {
            e.links.clear();
        }
        sheet.entries.push(e);
    }
    let broken = sheet.entries.len() + 1;
    let mut error =
        entry(broken, Outcome::Error("3:4: expected '.', found '<&>'".to_owned()), None);
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

#[test]
fn the_contact_sheet_refuses_references_that_are_not_relative() {
    for bad in ["/tmp/level.svg", "http://example.com/a.svg", "C:\\a.svg", "", "file:a.svg"] {
        // As the picture, as its thumbnail, and as a further link.
        let mut entries = vec![
            entry(1, Outcome::Moves(3), Some(bad)),
            entry(1, Outcome::Moves(3), Some("a.svg")),
        ];
        entries[1].thumbnail = Some(bad.to_owned());
        let mut linked = entry(1, Outcome::Moves(3), Some("a.svg"));
        linked.links.push(("path".to_owned(), bad.to_owned()));
        entries.push(linked);
        for e in entries {
            let sheet = ContactSheet { title: "t".to_owned(), entries: vec![e] };
            assert!(matches!(sheet.html(), Err(RenderError::Invalid(_))), "{bad:?}");
        }
    }
    let sheet = ContactSheet {
        title: "t".to_owned(),
        entries: vec![entry(1, Outcome::Moves(3), Some("pictures/level 1.svg"))],
    };
    assert!(sheet.html().is_ok());
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
