//! `flipblox render` end to end: every SVG it writes is parsed with a real XML parser and checked
//! against the independent models of `tests/common` (a level's letters, the path of `flipblox
//! bloxorz --path` replayed by the tests' own rules, a field from a plain reverse BFS, presses
//! replayed on a board, a histogram counted by brute force); PNGs are decoded and their pixels
//! checked at known cells; a pack's directory is read back through its `index.html`, whose every
//! reference must be a written file; and, with `FLIPBLOX_CHROMIUM`, the contact sheet is opened
//! in headless Chromium and its screenshot checked for drawn thumbnails.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::bloxorz::read_pack;
use crate::common::extended::{Ext, read_ext_pack};
use crate::common::pictures::{
    CELL, board_of, check_animation_svg, check_field_svg, check_flip_svg, check_histogram_svg,
    check_level_svg, check_path_svg, decode, elements, expected_fill, field_of, has_class,
    hex_colour, parse, size, translation,
};
use crate::common::{
    Rng, flipblox, flipblox_ok, parse_moves_line, project, random_board, reachable_board,
    read_bytes, read_dir_sorted, read_text, stderr, stdout, write_file,
};
use flipblox::lights_out::{
    Batch, BatchError, BatchOptions, BatchSink, Board, BoardRecord, BoardSize, Buttons, Goal,
    Variant,
};
use flipblox::render::ContactSheet;

const THUMBNAIL_SIZE: u32 = ContactSheet::THUMBNAIL_SIZE;

use crate::common::pictures::palette;
use roxmltree::{Document, Node};

fn arg(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The mechanics pack: one level per rule of the original game.
const MECHANICS: &str = "data/bloxorz/mechanics.txt";
const POJ_SAMPLE: &str = "data/bloxorz/poj-sample.txt";
/// The level of the README's pictures.
const DEMO: &str = "data/bloxorz/demo.txt";

/// The levels of a shipped pack, read by the tests' own reader.
fn levels_of(pack: &str) -> Vec<Ext> {
    read_ext_pack(&read_text(project(pack)))
}

/// `flipblox render ARGS`, which must fail with `code`; returns its stderr.
#[track_caller]
fn render_fails(args: &[&str], code: i32) -> String {
    let out = flipblox(args, b"");
    assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
    assert!(out.stdout.is_empty(), "{args:?}");
    stderr(&out)
}

/// The `--path` answer of level `number` of `pack` as `flipblox bloxorz` prints it.
fn solver_path(pack: &Path, number: usize) -> String {
    let out = flipblox(&["bloxorz", "--path", arg(pack)], b"");
    stdout(&out).lines().nth(number - 1).expect("a line per level").to_owned()
}

#[test]
fn a_level_has_one_rectangle_per_cell_with_its_class_fill_links_and_legend() {
    let dir = tempfile::tempdir().unwrap();
    for pack in [MECHANICS, POJ_SAMPLE, DEMO] {
        for (i, ext) in levels_of(pack).iter().enumerate() {
            let out = dir.path().join(format!("level-{i}.svg"));
            let level = (i + 1).to_string();
            flipblox_ok(&["render", "bloxorz", pack, "--level", &level, "-o", arg(&out)], b"");
            let svg = read_text(&out);
            let doc = parse(&svg);
            check_level_svg(&doc, ext);
            assert_eq!(elements(&doc, "g", "legend").len(), 1);
            // `-o -` writes the same picture to standard output.
            let piped =
                flipblox_ok(&["render", "bloxorz", pack, "--level", &level, "-o", "-"], b"");
            assert_eq!(stdout(&piped), svg);
            // Without the legend.
            let bare = flipblox_ok(
                &["render", "bloxorz", pack, "--level", &level, "--no-legend", "-o", "-"],
                b"",
            );
            let doc = parse(std::str::from_utf8(&bare.stdout).unwrap());
            check_level_svg(&doc, ext);
            assert!(elements(&doc, "g", "legend").is_empty());
        }
    }
}

#[test]
fn a_path_replays_to_the_target_in_the_solvers_moves_and_an_animation_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut drawn = 0;
    for pack in [MECHANICS, POJ_SAMPLE, DEMO, "data/bloxorz/start-standing-neighbour.txt"] {
        for (i, ext) in levels_of(pack).iter().enumerate() {
            let Some(n) = ext.reference_distance() else { continue };
            let level = (i + 1).to_string();
            let still = dir.path().join("path.svg");
            flipblox_ok(
                &["render", "bloxorz", pack, "--level", &level, "--path", "-o", arg(&still)],
                b"",
            );
            let moves = check_path_svg(&parse(&read_text(&still)), ext);
            // The path drawn is the one `flipblox bloxorz --path` prints, of the reference
            // length.
            let line = format!("{n} {moves}");
            assert_eq!(line.trim_end(), solver_path(&project(pack), i + 1), "{pack} level {level}");
            let played = dir.path().join("play.svg");
            flipblox_ok(
                &["render", "bloxorz", pack, "--level", &level, "--animate", "-o", arg(&played)],
                b"",
            );
            let svg = read_text(&played);
            let doc = parse(&svg);
            assert_eq!(check_animation_svg(&doc, ext), n as usize);
            assert!(doc.descendants().all(|n| !n.has_tag_name("script")), "no script");
            drawn += 1;
        }
    }
    assert!(drawn >= 10, "{drawn} paths");
}

/// A level with every kind of tile, and its text.
const EVERY_TILE: &str = "3 6\nX.E#O.\nSHVB-.\n......\nswitch 2 1: on 2 5\nswitch 2 2: toggle 2 4\n\
                          split 2 3: 3 1, 3 6\n";

/// The pixel at `units` inside cell `(r, c)` of the board of a picture, at `scale`.
fn pixel_of(
    rgb: &[u8],
    width: u32,
    origin: (f64, f64),
    scale: f64,
    (r, c): (usize, usize),
    units: f64,
) -> [u8; 3] {
    let x = ((origin.0 + c as f64 * CELL + units) * scale) as u32;
    let y = ((origin.1 + r as f64 * CELL + units) * scale) as u32;
    let i = ((y * width + x) * 3) as usize;
    [rgb[i], rgb[i + 1], rgb[i + 2]]
}

#[test]
fn a_level_png_has_each_tile_colour_at_its_cell() {
    let ext = &read_ext_pack(EVERY_TILE)[0];
    let svg = stdout(&flipblox_ok(
        &["render", "bloxorz", "-", "--level", "1", "-o", "-"],
        EVERY_TILE.as_bytes(),
    ));
    let doc = parse(&svg);
    let origin = translation(&board_of(&doc));
    let (svg_width, svg_height) = size(&doc);
    let dir = tempfile::tempdir().unwrap();
    for (scale, max_side) in [("2", "4096"), ("1", "4096"), ("3", "300")] {
        let png = dir.path().join("level.png");
        let args = ["render", "bloxorz", "-", "--level", "1", "--scale", scale, "--max-side"];
        let out =
            flipblox(&[&args[..], &[max_side, "-o", arg(&png)]].concat(), EVERY_TILE.as_bytes());
        assert!(out.status.success(), "{}", stderr(&out));
        let (w, h, rgb) = decode(&read_bytes(&png));
        let longest = svg_width.max(svg_height);
        let fitted = scale.parse::<f64>().unwrap().min(max_side.parse::<f64>().unwrap() / longest);
        assert_eq!(w, (svg_width * fitted).round() as u32, "scale {scale}, at most {max_side}");
        assert_eq!(h, (svg_height * fitted).round() as u32);
        for (r, row) in ext.rows.iter().enumerate() {
            for (c, &letter) in row.iter().enumerate() {
                // 5 units inside each corner of the cell: clear of the symbols (by at least a
                // pixel at these scales), and a link may cross one of the four.
                let expected = hex_colour(expected_fill(letter));
                let corners = [(5.0, 5.0), (19.0, 5.0), (5.0, 19.0), (19.0, 19.0)];
                let tiled = corners
                    .iter()
                    .filter(|(x, y)| {
                        let cell = (origin.0 + x - 4.0, origin.1 + y - 4.0);
                        pixel_of(&rgb, w, cell, fitted, (r, c), 4.0) == expected
                    })
                    .count();
                assert!(tiled >= 3, "({r}, {c}): {tiled} of 4 points in {expected:?}");
            }
        }
    }
}

#[test]
fn a_500x500_level_to_png_fits_4096_pixels_with_every_cell_in_its_colour() {
    let pack = project("tests/data/bloxorz/large-500.txt");
    let grids = read_pack(&read_text(&pack));
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("large.png");
    flipblox_ok(&["render", "bloxorz", arg(&pack), "--level", "2", "-o", arg(&png)], b"");
    let (w, h, rgb) = decode(&read_bytes(&png));
    assert_eq!((w, h), (4096, 4096), "the default --max-side");
    // At about 8 pixels a cell the legend's words could not be read: it is left out, so the
    // board fills the square picture with the margin of 16 units around it.
    let grid = &grids[1];
    let units = 2.0 * 16.0 + 500.0 * CELL;
    let scale = 4096.0 / units;
    let mut checked = 0;
    for r in (0..500).step_by(3) {
        for c in (0..500).step_by(7) {
            let letter = grid.at(r, c);
            let pixel =
                pixel_of(&rgb, w, (16.0, 16.0), scale, (r as usize, c as usize), CELL / 2.0);
            assert_eq!(pixel, hex_colour(expected_fill(letter)), "({r}, {c}) {}", letter as char);
            checked += 1;
        }
    }
    assert!(checked > 10_000);
    // The SVG keeps its legend at any size.
    let svg = dir.path().join("large.svg");
    flipblox_ok(&["render", "bloxorz", arg(&pack), "--level", "2", "-o", arg(&svg)], b"");
    assert_eq!(elements(&parse(&read_text(&svg)), "g", "legend").len(), 1);
}

#[test]
fn a_field_picture_matches_a_plain_reverse_bfs_as_svg_and_as_png() {
    let island = "3 9\nX...##...\n..E.##.E.\n.O..##...\n";
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("fields.txt");
    write_file(&pack, format!("{}{island}", read_text(project(POJ_SAMPLE)).replace("0 0\n", "")));
    let mut kinds = BTreeSet::new();
    for (i, grid) in read_pack(&read_text(&pack)).iter().enumerate() {
        let field = field_of(grid);
        let level = (i + 1).to_string();
        let svg = dir.path().join("field.svg");
        flipblox_ok(&["render", "field", arg(&pack), "--level", &level, "-o", arg(&svg)], b"");
        let text = read_text(&svg);
        let doc = parse(&text);
        kinds.extend(check_field_svg(&doc, &field));
        let png = dir.path().join("field.png");
        flipblox_ok(&["render", "field", arg(&pack), "--level", &level, "-o", arg(&png)], b"");
        let (w, _, rgb) = decode(&read_bytes(&png));
        let scale = f64::from(w) / size(&doc).0;
        let max = field.distances.iter().copied().max().unwrap() as u32;
        for (o, panel) in elements(&doc, "g", "board").iter().enumerate() {
            let origin = translation(panel);
            for cell in 0..field.rows * field.cols {
                let d = field.distances[cell * 3 + o];
                let expected = match d {
                    0.. => palette::distance_colour(d as u32, max),
                    -1 => palette::IMPOSSIBLE.to_owned(),
                    _ => palette::ILLEGAL.to_owned(),
                };
                let at = (cell / field.cols, cell % field.cols);
                assert_eq!(pixel_of(&rgb, w, origin, scale, at, CELL / 2.0), hex_colour(&expected));
            }
        }
    }
    assert_eq!(kinds.len(), 3, "distances, impossible and illegal states: {kinds:?}");
}

#[test]
fn a_flip_board_numbers_the_presses_of_flip_moves_in_order() {
    let mut rng = Rng(1616);
    let mut boards = vec![(None, "bwwb/bbwb/bwwb/bwww".to_owned())];
    for (rows, cols) in [(4, 4), (3, 5), (5, 5), (6, 6), (1, 7), (12, 9)] {
        for _ in 0..3 {
            let board = reachable_board(&mut rng, rows, cols).join("/");
            boards.push((Some(format!("{rows}x{cols}")), board));
        }
    }
    for (size, board) in &boards {
        let mut args = vec!["render", "flip", "--board", board, "-o", "-"];
        let mut moves = vec!["flip", "--path", "--board", board];
        if let Some(size) = size {
            args.extend(["--size", size]);
            moves.extend(["--size", size]);
        }
        let svg = stdout(&flipblox_ok(&args, b""));
        let rows: Vec<&str> = board.split('/').collect();
        let order = check_flip_svg(&parse(&svg), &rows);
        let (n, presses) = parse_moves_line(stdout(&flipblox_ok(&moves, b"")).trim_end());
        assert_eq!((order.len(), order), (n, presses), "{board}");
    }
    // The POJ sample's four presses, in the order `flip --path` prints them.
    let svg =
        stdout(&flipblox_ok(&["render", "flip", "--board", "bwwb/bbwb/bwwb/bwww", "-o", "-"], b""));
    let order = check_flip_svg(&parse(&svg), &["bwwb", "bbwb", "bwwb", "bwww"]);
    assert_eq!(order, [(1, 1), (1, 2), (2, 2), (4, 3)]);
}

/// Reads a `render flip` picture of a variant back: the colour of each piece (`data-colour`, at
/// its centre) and the presses in the order of their numbers, 1-based `(row, col)`.
fn read_flip_svg(svg: &str, rows: usize, cols: usize) -> (Vec<u8>, Vec<(usize, usize)>) {
    let doc = parse(svg);
    let mut colours = vec![u8::MAX; rows * cols];
    for piece in elements(&doc, "circle", "piece") {
        let c = (piece.attribute("cx").unwrap().parse::<f64>().unwrap() / CELL) as usize;
        let r = (piece.attribute("cy").unwrap().parse::<f64>().unwrap() / CELL) as usize;
        colours[r * cols + c] = piece.attribute("data-colour").unwrap().parse().unwrap();
    }
    let labels = elements(&doc, "text", "press-number");
    let count: usize = labels.iter().map(|l| l.text().unwrap().split(',').count()).sum();
    let mut order = vec![None; count];
    for label in labels {
        let c = (label.attribute("x").unwrap().parse::<f64>().unwrap() / CELL) as usize;
        let r = (label.attribute("y").unwrap().parse::<f64>().unwrap() / CELL) as usize;
        for k in label.text().unwrap().split(',') {
            let k: usize = k.parse().unwrap();
            assert!(order[k - 1].replace((r + 1, c + 1)).is_none(), "press {k} twice");
        }
    }
    (colours, order.into_iter().map(Option::unwrap).collect())
}

#[test]
fn a_variant_board_draws_the_presses_of_flip_path_and_they_reach_the_goal() {
    use crate::common::lights_out::Rules;
    let cases: &[(&str, &str, bool, u8, &str, &str)] = &[
        ("3x3", "x.x/.x./x.x", false, 3, "any", "012/120/201"),
        ("2x3", ".x./xxx/.x.", true, 4, "0", "111/200"),
        ("5x5", ".x./xxx/.x.", false, 2, "white", "bbbbb/bbbbb/bbbbb/bbbbb/bbbbb"),
        ("3x4", "xxx/x.x/xxx", true, 5, "4", "0004/0404/0004"),
    ];
    for &(size, mask, wrap, k, goal, board) in cases {
        let k_text = k.to_string();
        let mut variant =
            vec!["--size", size, "--toggle", mask, "--colours", &k_text, "--goal", goal];
        if wrap {
            variant.push("--wrap");
        }
        let mut render = vec!["render", "flip", "--board", board, "-o", "-"];
        render.extend(&variant);
        let mut path = vec!["flip", "--path", "--board", board];
        path.extend(&variant);
        let (rows, cols) = size.split_once('x').unwrap();
        let (rows, cols): (usize, usize) = (rows.parse().unwrap(), cols.parse().unwrap());
        let (colours, order) = read_flip_svg(&stdout(&flipblox_ok(&render, b"")), rows, cols);
        let symbols: &[u8] = if k == 2 { b"wb" } else { b"0123456789abcdef" };
        let cells: Vec<u8> = board
            .bytes()
            .filter(|&b| b != b'/')
            .map(|b| symbols.iter().position(|&s| s == b).unwrap() as u8)
            .collect();
        assert_eq!(colours, cells, "{render:?}: the pieces drawn");
        let (n, presses) = parse_moves_line(stdout(&flipblox_ok(&path, b"")).trim_end());
        assert_eq!((order.len(), &order), (n, &presses), "{render:?}: the presses drawn");
        let rules = Rules::new(rows, cols, mask, wrap, k);
        let counted: Vec<(usize, u8)> =
            order.iter().map(|&(r, c)| ((r - 1) * cols + c - 1, 1)).collect();
        let after = rules.replay(&cells, &counted);
        assert!(after.iter().all(|&c| c == after[0]), "{render:?}: not uniform");
        if let Some(goal) = symbols.iter().position(|&s| char::from(s).to_string() == goal) {
            assert_eq!(usize::from(after[0]), goal, "{render:?}");
        }
        if goal == "white" {
            assert_eq!(after[0], 0);
        }
    }
}

#[test]
fn an_impossible_or_unreadable_board_writes_nothing() {
    let mut rng = Rng(3);
    // A random 4x4 board is Impossible 15 times in 16; find one that `flip` calls Impossible.
    let impossible = (0..64)
        .map(|_| random_board(&mut rng, 4, 4).join("/"))
        .find(|b| stdout(&flipblox_ok(&["flip", "--board", b], b"")) == "Impossible\n")
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.svg");
    let message = render_fails(&["render", "flip", "--board", &impossible, "-o", arg(&out)], 1);
    assert!(message.contains("Impossible"), "{message}");
    let message =
        render_fails(&["render", "flip", "--board", "bwwb/bxwb/bwwb/bwww", "-o", arg(&out)], 1);
    assert!(message.starts_with("--board:2:2: board 1: expected"), "{message}");
    assert_eq!(read_dir_sorted(dir.path()), Vec::<PathBuf>::new(), "no file, no temporary file");
}

/// A board's answer: its distance and presses `(cell, count)`.
type Answered = (usize, Vec<(usize, u8)>);

/// The answers a library [`Batch`] hands over: per board, its error or its answer (`None` when
/// Impossible).
#[derive(Default)]
struct Answers(Vec<Result<Option<Answered>, String>>);

impl BatchSink for Answers {
    type Error = BatchError;

    fn record(&mut self, record: &BoardRecord<'_>) -> Result<(), BatchError> {
        self.0.push(match record.error() {
            Some(error) => Err(error.to_owned()),
            None => Ok(record.distance().map(|d| (d, record.presses().unwrap().to_vec()))),
        });
        Ok(())
    }

    fn lines(&mut self, _: &[u8]) -> Result<(), BatchError> {
        panic!("no fast path with holes, buttons or game IDs")
    }
}

/// A board of `rows x cols` with holes (`.`), made by `presses` random presses of `variant` (whose
/// holes are the board's) from all white, as text rows.
fn pressed_board(rng: &mut Rng, variant: &Variant, presses: usize) -> Vec<String> {
    let size = variant.size();
    let mut board = Board::new(size.rows(), size.cols());
    for _ in 0..presses {
        variant.press(&mut board, rng.below(size.cells() as u64) as usize, 1);
    }
    let holes = variant.holes().map(<[bool]>::to_vec).unwrap_or_default();
    (0..size.rows())
        .map(|r| {
            (0..size.cols())
                .map(|c| match holes.get(r * size.cols() + c) {
                    Some(true) => '.',
                    _ => ['w', 'b'][usize::from(board.get(r, c))],
                })
                .collect()
        })
        .collect()
}

/// Checks the picture `svg` of `render flip` against the board `board` (`K` for a hole) and the
/// library batch's `answer`: the pieces drawn are the board's, the holes are drawn as holes and
/// carry no piece, the presses drawn are the answer's, as many as its distance, and pressing them
/// on the board with the library reaches `goal` (`None`: any uniform colour) on every cell there.
#[track_caller]
fn check_drawn_answer(
    svg: &str,
    variant: &Variant,
    board: &Board,
    answer: &Answered,
    goal: Option<u8>,
) {
    let (rows, cols) = (board.rows(), board.cols());
    let k = variant.colours();
    let (pieces, order) = read_flip_svg(svg, rows, cols);
    let holes: Vec<bool> = board.cells().iter().map(|&c| c == k).collect();
    let drawn: Vec<u8> = board.cells().iter().map(|&c| if c == k { u8::MAX } else { c }).collect();
    assert_eq!(pieces, drawn, "the pieces drawn, none on a hole");
    let doc = parse(svg);
    let mut hole_rects = vec![false; rows * cols];
    for rect in elements(&doc, "rect", "hole") {
        let c = (rect.attribute("x").unwrap().parse::<f64>().unwrap() / CELL) as usize;
        let r = (rect.attribute("y").unwrap().parse::<f64>().unwrap() / CELL) as usize;
        hole_rects[r * cols + c] = true;
    }
    assert_eq!(hole_rects, holes, "the holes drawn");
    assert_eq!(svg.contains("hole (no light, no button)"), holes.contains(&true), "legend");
    let (distance, presses) = answer;
    assert_eq!(order.len(), *distance, "one press drawn per press of the distance");
    let mut counted = vec![0u8; rows * cols];
    for &(r, c) in &order {
        counted[(r - 1) * cols + c - 1] += 1;
    }
    let expected: Vec<(usize, u8)> =
        counted.iter().enumerate().filter(|&(_, &n)| n > 0).map(|(i, &n)| (i, n)).collect();
    assert_eq!(&expected, presses, "the batch's presses");
    let mut after = board.clone();
    for &(r, c) in &order {
        variant.press(&mut after, (r - 1) * cols + c - 1, 1);
    }
    let there: Vec<u8> =
        after.cells().iter().zip(&holes).filter(|(_, h)| !**h).map(|(&c, _)| c).collect();
    let colour = goal.unwrap_or_else(|| there.first().copied().unwrap_or(0));
    assert!(there.iter().all(|&c| c == colour), "the goal {goal:?} reached: {there:?}");
}

#[test]
fn render_flip_draws_holes_buttons_and_tatham_ids_as_the_batch_answers_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Rng(4242);
    // --hole: two boards of a file, each with its own size and holes; --index picks the second.
    let masks = [(4, 5, vec![2, 5, 19]), (5, 3, vec![0, 7, 8, 14])];
    let mut text = String::new();
    let mut boards = Vec::new();
    for (rows, cols, holes) in &masks {
        let mask: Vec<bool> = (0..rows * cols).map(|i| holes.contains(&i)).collect();
        let variant = Variant::builder(*rows, *cols).holes(mask).build().unwrap();
        let rows_text = pressed_board(&mut rng, &variant, 7);
        text += &(rows_text.join("\n") + "\n\n");
        boards.push((variant, rows_text));
    }
    let file = dir.path().join("holes.txt");
    write_file(&file, &text);
    let options = BatchOptions { hole: Some('.'), presses: true, ..BatchOptions::default() };
    let mut answers = Answers::default();
    let mut batch = Batch::new(options.clone(), &mut answers).unwrap();
    batch.run_bytes("holes.txt", text.as_bytes(), &mut answers).unwrap();
    for (index, (variant, rows_text)) in boards.iter().enumerate() {
        let n = (index + 1).to_string();
        let args = ["render", "flip", arg(&file), "--hole", ".", "--index", &n, "-o", "-"];
        let svg = stdout(&flipblox_ok(&args, b""));
        let board = variant.board(&rows_text.join("/").replace('.', "w")).unwrap();
        let mut board = board;
        for (i, h) in variant.holes().unwrap().iter().enumerate() {
            if *h {
                board.cells_mut()[i] = 2;
            }
        }
        let answer = answers.0[index].clone().unwrap().expect("made by presses: not Impossible");
        check_drawn_answer(&svg, variant, &board, &answer, None);
    }
    // --hole with a one-colour goal on the command line.
    let mask: Vec<bool> = (0..16).map(|i| i % 5 == 1).collect();
    let variant = Variant::builder(4, 4).holes(mask.clone()).build().unwrap();
    let rows_text = pressed_board(&mut rng, &variant, 5).join("/");
    let options_white = BatchOptions { goal: "white".into(), ..options.clone() };
    let mut answers = Answers::default();
    let mut batch = Batch::new(options_white, &mut answers).unwrap();
    batch.run_texts("--board", &[&rows_text], &mut answers).unwrap();
    let args =
        ["render", "flip", "--board", &rows_text, "--hole", ".", "--goal", "white", "-o", "-"];
    let svg = stdout(&flipblox_ok(&args, b""));
    let mut board = variant.board(&rows_text.replace('.', "w")).unwrap();
    mask.iter().enumerate().filter(|(_, h)| **h).for_each(|(i, _)| board.cells_mut()[i] = 2);
    let answer = answers.0[0].clone().unwrap().unwrap();
    check_drawn_answer(&svg, &variant, &board, &answer, Some(0));
    // --buttons: a random toggle set per button of a 3x3 board, one button that cannot be
    // pressed; the board made by pressing them.
    let size = BoardSize::new(3, 3).unwrap();
    let lines: Vec<String> = (0..9)
        .map(|b| match b {
            4 => String::new(),
            _ => {
                let cells = (0..9).filter(|&c| c == b || rng.chance(0.3));
                cells.map(|c| format!("{},{}", c / 3 + 1, c % 3 + 1)).collect::<Vec<_>>().join(" ")
            }
        })
        .collect();
    let buttons_text = lines.join("\n") + "\n";
    let buttons_file = dir.path().join("buttons.txt");
    write_file(&buttons_file, &buttons_text);
    let buttons = Buttons::parse(&buttons_text, size).unwrap();
    let variant = Variant::builder(3, 3).buttons(buttons).build().unwrap();
    let rows_text = pressed_board(&mut rng, &variant, 4).join("/");
    let options_buttons = BatchOptions {
        size: Some(size),
        buttons: Some(buttons_text.clone()),
        presses: true,
        ..BatchOptions::default()
    };
    let mut answers = Answers::default();
    let mut batch = Batch::new(options_buttons, &mut answers).unwrap();
    batch.run_texts("--board", &[&rows_text], &mut answers).unwrap();
    let args = ["render", "flip", "--board", &rows_text, "--size", "3x3", "--buttons"];
    let svg = stdout(&flipblox_ok(&[&args[..], &[arg(&buttons_file), "-o", "-"]].concat(), b""));
    let board = variant.board(&rows_text).unwrap();
    let answer = answers.0[0].clone().unwrap().unwrap();
    check_drawn_answer(&svg, &variant, &board, &answer, None);
    // --tatham: the game ID's own board and buttons, towards all lights off.
    let id = "2x2:edb7,f";
    let (buttons, board) = Buttons::tatham(id).unwrap();
    let variant = Variant::builder(2, 2).buttons(buttons).goal(Goal::Colour(0)).build().unwrap();
    // The library's goal is the options' (`any` by default); the command line asks for the
    // game's, white, when --goal is not given.
    let options_tatham = BatchOptions {
        tatham: Some(id.into()),
        goal: "white".into(),
        presses: true,
        ..BatchOptions::default()
    };
    let mut answers = Answers::default();
    let mut batch = Batch::new(options_tatham, &mut answers).unwrap();
    batch.run_tatham("--tatham", &mut answers).unwrap();
    let svg = stdout(&flipblox_ok(&["render", "flip", "--tatham", id, "-o", "-"], b""));
    let answer = answers.0[0].clone().unwrap().unwrap();
    check_drawn_answer(&svg, &variant, &board, &answer, Some(0));
}

#[test]
fn render_flip_errors_of_holes_buttons_and_tatham_ids_name_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.svg");
    // A board that cannot be read names the file, line, column and board, as `flip` does.
    let file = dir.path().join("holes.txt");
    write_file(&file, "bw.b\nbbwb\n.wxb\nbwww\n");
    let message = render_fails(&["render", "flip", arg(&file), "--hole", ".", "-o", arg(&out)], 1);
    let name = arg(&file);
    assert_eq!(message, format!("{name}:3:3: board 1: expected 'w', 'b' or '.', found 'x'\n"));
    let flip = flipblox(&["flip", arg(&file), "--hole", "."], b"");
    assert_eq!(stderr(&flip), message, "as `flip` says it");
    let message = render_fails(
        &["render", "flip", arg(&file), "--hole", ".", "--index", "2", "-o", arg(&out)],
        1,
    );
    assert_eq!(message, format!("{name}:5:1: expected board 2, found 1 board\n"));
    // A buttons file that does not parse: its name, line and column.
    let buttons = dir.path().join("buttons.txt");
    write_file(&buttons, "1,1 1,2\n1,9\n2,1 2,2\n2,2 1,1\n");
    let args = ["render", "flip", "--board", "bw/wb", "--size", "2x2", "--buttons", arg(&buttons)];
    let message = render_fails(&[&args[..], &["-o", arg(&out)]].concat(), 1);
    let expected = format!("{}:2:1: cell 1,9 is off the 2x2 board", arg(&buttons));
    assert!(message.contains(&expected), "{message}");
    // A game ID that does not parse: the column; one that is Impossible says so.
    let message = render_fails(&["render", "flip", "--tatham", "2x2:edbz,f", "-o", arg(&out)], 2);
    assert!(message.contains("--tatham 2x2:edbz,f: column 8: expected 4 hexadecimal"), "{message}");
    let message = render_fails(&["render", "flip", "--tatham", "2x1:f,8", "-o", arg(&out)], 1);
    assert_eq!(
        message,
        "--tatham:1:1: board 1: Impossible: no presses reach the goal white, so there are none \
         to draw\n"
    );
    // A game ID is a whole puzzle; a hole needs a board.
    let args = ["render", "flip", "--tatham", "2x1:f,8", "--hole", ".", "-o", arg(&out)];
    assert!(render_fails(&args, 2).contains("it cannot be used with --hole"));
    let args = ["render", "flip", "--tatham", "2x1:f,8", "--board", "bw", "-o", arg(&out)];
    assert!(render_fails(&args, 2).contains("it cannot be used with --board"));
    // A board on one line names the option that gives its size, as `flip` does.
    let message = render_fails(&["render", "flip", "--board", "bw", "-o", arg(&out)], 1);
    assert_eq!(message, stderr(&flipblox(&["flip", "--board", "bw"], b"")));
    assert!(message.ends_with("or give the size (--size RxC)\n"), "{message}");
    assert_eq!(read_dir_sorted(dir.path()).len(), 2, "no picture, no temporary file");
}

/// The 4x4 histogram counted by brute force over all 2^16 press sets: for each state the fewest
/// presses whose toggles turn it all white or all black.
fn brute_force_histogram(rows: usize, cols: usize) -> (Vec<u64>, u64) {
    let cells = rows * cols;
    let all = (1u32 << cells) - 1;
    let toggle = |i: usize| {
        let (r, c) = (i / cols, i % cols);
        let mut t = 1u32 << i;
        if r > 0 {
            t |= 1 << (i - cols);
        }
        if r + 1 < rows {
            t |= 1 << (i + cols);
        }
        if c > 0 {
            t |= 1 << (i - 1);
        }
        if c + 1 < cols {
            t |= 1 << (i + 1);
        }
        t
    };
    let mut best = vec![u32::MAX; 1 << cells];
    for set in 0..=all {
        let effect = (0..cells).filter(|i| set >> i & 1 == 1).fold(0, |e, i| e ^ toggle(i));
        for state in [effect, effect ^ all] {
            best[state as usize] = best[state as usize].min(set.count_ones());
        }
    }
    let mut counts =
        vec![0u64; 1 + best.iter().filter(|&&d| d != u32::MAX).max().copied().unwrap() as usize];
    for &d in best.iter().filter(|&&d| d != u32::MAX) {
        counts[d as usize] += 1;
    }
    (counts, best.iter().filter(|&&d| d == u32::MAX).count() as u64)
}

#[test]
fn histogram_bars_are_the_counts_of_a_brute_force() {
    // The shipped 4x4 histogram (a brute force of its own) and ours agree first.
    let shipped: Vec<u64> = read_text(project("tests/data/flip/distance-histogram.txt"))
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    let (counts, impossible) = brute_force_histogram(4, 4);
    assert_eq!([&counts[..], &[impossible]].concat(), shipped);
    for (size, (counts, impossible)) in [
        ("4x4", (counts, impossible)),
        ("3x4", brute_force_histogram(3, 4)),
        ("3x3", brute_force_histogram(3, 3)),
    ] {
        let svg = stdout(&flipblox_ok(&["render", "stats", "--size", size, "-o", "-"], b""));
        let doc = parse(&svg);
        let texts = check_histogram_svg(&doc, &counts, impossible);
        for label in [
            "distance (presses)",
            "states",
            &format!("Flip Game {size}: states at each minimum distance"),
        ] {
            assert!(texts.contains(&label), "{label} in {texts:?}");
        }
    }
}

/// The JSON record of every level of `pack` from `flipblox bloxorz --json`.
fn json_answers(pack: &Path) -> Vec<serde_json::Value> {
    let out = flipblox(&["bloxorz", "--json", arg(pack)], b"");
    stdout(&out).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The text of an element and everything under it.
fn text_of(node: Node) -> String {
    node.descendants().filter(|n| n.is_text()).filter_map(|n| n.text()).collect()
}

/// A pack of every kind of level: the mechanics pack, a level that cannot be read, the POJ
/// sample, 40 levels of `mixed-small.txt` and a 201x200 open field (over 40,000 cells: a PNG
/// thumbnail). Returns the file and the model of each level (`None` where unreadable).
fn sheet_pack(dir: &Path) -> (PathBuf, Vec<Option<Ext>>) {
    let mut levels: Vec<Option<Ext>> = levels_of(MECHANICS).into_iter().map(Some).collect();
    let mut text: String = levels.iter().flatten().map(Ext::to_text).collect();
    text.push_str("2 2\nXq\n.O\n");
    levels.push(None);
    let mut more = levels_of(POJ_SAMPLE);
    more.extend(levels_of("data/bloxorz/mixed-small.txt").into_iter().take(40));
    let mut field = vec![vec![b'.'; 200]; 201];
    field[0][0] = b'X';
    field[200][199] = b'O';
    more.push(
        read_ext_pack(&format!(
            "201 200\n{}",
            field.iter().map(|r| String::from_utf8(r.clone()).unwrap() + "\n").collect::<String>()
        ))
        .remove(0),
    );
    for ext in more {
        text.push_str(&ext.to_text());
        levels.push(Some(ext));
    }
    let pack = dir.join("pack <&> \"sheet\".txt");
    write_file(&pack, text + "0 0\n");
    (pack, levels)
}

#[test]
fn a_pack_directory_has_every_picture_and_a_contact_sheet_whose_references_resolve() {
    let dir = tempfile::tempdir().unwrap();
    let (pack, levels) = sheet_pack(dir.path());
    let out_dir = dir.path().join("pictures");
    let out = flipblox(
        &[
            "render",
            "bloxorz",
            arg(&pack),
            "--path",
            "--animate",
            "-o",
            &format!("{}/", arg(&out_dir)),
        ],
        b"",
    );
    // The unreadable level is reported, and the exit code says so; everything else is drawn.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let message = stderr(&out);
    let broken = levels.iter().position(Option::is_none).unwrap() + 1;
    assert!(message.contains(&format!(": level {broken}: expected a cell")), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");

    let html = read_text(out_dir.join("index.html"));
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    let doc = Document::parse_with_options(&html, options).expect("index.html is well-formed XML");
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("pack <&> \"sheet\".txt"));
    let figures: Vec<Node> = doc.descendants().filter(|n| n.has_tag_name("figure")).collect();
    let answers = json_answers(&pack);
    assert_eq!((figures.len(), answers.len()), (levels.len(), levels.len()));
    let mut referenced = BTreeSet::new();
    for (i, ((figure, answer), ext)) in figures.iter().zip(&answers).zip(&levels).enumerate() {
        let n = i + 1;
        let caption = text_of(figure.descendants().find(|n| n.has_tag_name("figcaption")).unwrap());
        assert!(caption.starts_with(&format!("Level {n}")), "{caption}");
        let links: Vec<(String, String)> = figure
            .descendants()
            .filter(|n| n.has_tag_name("a"))
            .map(|a| (text_of(a), a.attribute("href").unwrap().to_owned()))
            .collect();
        let Some(ext) = ext else {
            assert!(has_class(figure, "error"));
            assert!(caption.contains(answer["error"].as_str().unwrap()), "{caption}");
            assert!(links.is_empty());
            continue;
        };
        // Size, answer and states explored as `flipblox bloxorz --json` gives them.
        assert!(caption.contains(&format!("{} x {}", answer["rows"], answer["cols"])), "{caption}");
        let states = answer["states_explored"].as_u64().unwrap();
        assert!(caption.contains(&format!("{states} states explored")), "{caption}");
        match answer["distance"].as_u64() {
            Some(moves) => {
                assert!(has_class(figure, "solved"));
                assert!(caption.contains(&format!("{moves} move")), "{caption}");
            }
            None => {
                assert!(has_class(figure, "impossible") && caption.contains("Impossible"));
            }
        }
        // The thumbnail links to the level's picture.
        let img = figure.descendants().find(|n| n.has_tag_name("img")).unwrap();
        let (image, thumbnail) = (&links[0].1, img.attribute("src").unwrap());
        assert_eq!(image, &format!("level-{n:04}.svg"));
        assert_eq!(img.attribute("width"), Some(THUMBNAIL_SIZE.to_string().as_str()));
        check_level_svg(&parse(&read_text(out_dir.join(image))), ext);
        let cells = ext.height() * ext.width();
        if cells > 40_000 {
            assert_eq!(thumbnail, format!("level-{n:04}-thumb.png"));
            let (w, h, _) = decode(&read_bytes(out_dir.join(thumbnail)));
            assert_eq!(w.max(h), 2 * THUMBNAIL_SIZE);
        } else {
            assert_eq!(thumbnail, format!("level-{n:04}-thumb.svg"));
            let text = read_text(out_dir.join(thumbnail));
            let doc = parse(&text);
            check_level_svg(&doc, ext);
            assert!(elements(&doc, "g", "legend").is_empty(), "a thumbnail has no legend");
        }
        // A solved level links its path and its animation, which replay to the goal.
        let words: Vec<&str> = links[1..].iter().map(|(w, _)| w.as_str()).collect();
        if answer["distance"].is_null() {
            assert!(words.is_empty());
        } else {
            assert_eq!(words, ["path", "animation"]);
            let path = check_path_svg(&parse(&read_text(out_dir.join(&links[1].1))), ext);
            assert_eq!(format!("{} {path}", answer["distance"]).trim_end(), solver_path(&pack, n));
            let text = read_text(out_dir.join(&links[2].1));
            let animation = parse(&text);
            assert_eq!(
                check_animation_svg(&animation, ext) as u64,
                answer["distance"].as_u64().unwrap()
            );
        }
        referenced.insert(thumbnail.to_owned());
        referenced.extend(links.into_iter().map(|(_, r)| r));
    }
    // Every reference of the page is a file written there, and every file written is referenced.
    let references: BTreeSet<&str> =
        doc.descendants().filter_map(|n| n.attribute("src").or(n.attribute("href"))).collect();
    assert_eq!(references, referenced.iter().map(String::as_str).collect());
    let written: BTreeSet<String> = read_dir_sorted(&out_dir)
        .iter()
        .map(|p| p.file_name().unwrap().to_str().unwrap().to_owned())
        .filter(|name| name != "index.html")
        .collect();
    assert_eq!(written, referenced);
}

#[test]
fn usage_errors_name_what_is_wrong_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let cases: [(&[&str], &str); 7] = [
        (
            &["render", "bloxorz", POJ_SAMPLE, "--level", "1", "-o", &out("level.txt")],
            "ending in .svg or .png",
        ),
        (
            &["render", "bloxorz", POJ_SAMPLE, "--level", "1", "--animate", "-o", &out("a.png")],
            "--animate writes an animated SVG",
        ),
        (
            &[
                "render",
                "bloxorz",
                POJ_SAMPLE,
                "--level",
                "1",
                "--path",
                "--animate",
                "-o",
                &out("a.svg"),
            ],
            "choose one",
        ),
        (
            &["render", "bloxorz", POJ_SAMPLE, "--level", "1", "-o", &format!("{}/", out("d"))],
            "with --level, -o names the picture",
        ),
        (&["render", "bloxorz", POJ_SAMPLE, "-o", &out("level.svg")], "write it as DIR/"),
        (
            &["render", "bloxorz", POJ_SAMPLE, "--level", "0", "-o", &out("a.svg")],
            "levels are numbered from 1",
        ),
        (&["render", "stats", "--size", "6x6", "-o", &out("h.svg")], "over --max-table-cells"),
    ];
    for (args, expected) in cases {
        let message = render_fails(args, 2);
        assert!(message.contains(expected), "{args:?}: {message}");
    }
    assert_eq!(read_dir_sorted(dir.path()), Vec::<PathBuf>::new());
}

#[test]
fn input_that_gives_no_picture_leaves_an_existing_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let pack = dir.path().join("pack.txt");
    // Level 2 cannot be read; level 3 has a switch; level 4 is Impossible.
    write_file(&pack, "1 4\nX..O\n2 2\nXq\n.O\n1 7\nXS.-..O\nswitch 1 2: on 1 4\n1 4\nX#.O\n");
    let out = dir.path().join("picture.svg");
    write_file(&out, "the old picture");
    let cases: [(&[&str], &str); 5] = [
        (
            &["render", "bloxorz", arg(&pack), "--level", "9", "-o", arg(&out)],
            "flipblox: PACK: level 9 is out of range: the pack has 4 levels (1 to 4)",
        ),
        (
            &["render", "bloxorz", arg(&pack), "--level", "2", "-o", arg(&out)],
            "PACK:4:2: level 2: expected a cell",
        ),
        (
            &["render", "bloxorz", arg(&pack), "--level", "4", "--path", "-o", arg(&out)],
            "PACK:9:1: level 4: Impossible",
        ),
        (
            &["render", "field", arg(&pack), "--level", "3", "-o", arg(&out)],
            "PACK:7:2: level 3: the level has switches",
        ),
        (
            &["render", "field", arg(&pack), "--level", "2", "-o", arg(&out)],
            "PACK:4:2: level 2: expected a cell",
        ),
    ];
    for (args, expected) in cases {
        let message = render_fails(args, 1);
        let expected = expected.replace("PACK", arg(&pack));
        assert!(message.starts_with(&expected), "{args:?}: {message}");
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert_eq!(read_text(&out), "the old picture", "{args:?}");
    }
    let names: Vec<PathBuf> = read_dir_sorted(dir.path());
    assert_eq!(names, [pack.clone(), out.clone()], "no temporary file is left");
    // A pack that cannot be opened gives no contact sheet.
    let sheet = dir.path().join("sheet");
    let missing = dir.path().join("missing.txt");
    let message =
        render_fails(&["render", "bloxorz", arg(&missing), "-o", &format!("{}/", arg(&sheet))], 1);
    assert!(message.starts_with(&format!("flipblox: {}: cannot read", arg(&missing))), "{message}");
    assert_eq!(read_dir_sorted(&sheet), Vec::<PathBuf>::new());
    std::fs::remove_dir(&sheet).unwrap();
    // The level without a path, and the readable level, are drawn.
    flipblox_ok(&["render", "bloxorz", arg(&pack), "--level", "4", "-o", arg(&out)], b"");
    check_level_svg(&parse(&read_text(&out)), &read_ext_pack("1 4\nX#.O\n")[0]);
}

/// The pixels of a screenshot: width and RGB.
struct Screenshot {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Screenshot {
    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * 3) as usize;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// Chromium from `FLIPBLOX_CHROMIUM` (see `tests/tests.rs`).
#[track_caller]
fn chromium() -> String {
    match std::env::var("FLIPBLOX_CHROMIUM") {
        Ok(path) if !path.is_empty() => path,
        _ => panic!(
            "FLIPBLOX_CHROMIUM is not set while the tests run, but it was when they were built: \
             set it to a Chromium binary (.ci/run installs Debian's chromium)"
        ),
    }
}

/// A screenshot of `page` in headless Chromium, `width x height` CSS pixels at one device pixel
/// each.
fn screenshot(page: &Path, width: u32, height: u32) -> Screenshot {
    let shot = page.with_file_name("screenshot.png");
    let browser = chromium();
    let url = format!("file://{}", page.display());
    let args = [
        "--headless".to_owned(),
        "--no-sandbox".to_owned(),
        "--disable-gpu".to_owned(),
        "--hide-scrollbars".to_owned(),
        "--force-device-scale-factor=1".to_owned(),
        "--force-color-profile=srgb".to_owned(),
        format!("--window-size={width},{height}"),
        format!("--screenshot={}", shot.display()),
        url,
    ];
    let out: Output = std::process::Command::new(&browser)
        .args(&args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {browser} (FLIPBLOX_CHROMIUM): {e}"));
    assert!(out.status.success(), "{}", crate::common::describe(&browser, &args, &out));
    let (w, h, rgb) = decode(&read_bytes(&shot));
    assert_eq!((w, h), (width, height));
    Screenshot { width: w, height: h, rgb }
}

#[test]
#[cfg_attr(
    not(flipblox_chromium),
    ignore = "needs a browser: set FLIPBLOX_CHROMIUM to a Chromium binary (README; .ci/run installs Debian's chromium)"
)]
fn the_contact_sheet_opens_in_chromium_with_every_thumbnail_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let (pack, levels) = sheet_pack(dir.path());
    // The mechanics levels, the unreadable one, the POJ sample and the large field.
    let keep: Vec<usize> = (0..levels.len()).filter(|&i| i < 15 || i + 1 == levels.len()).collect();
    let text = read_text(&pack);
    let mut kept = String::new();
    let mut models = Vec::new();
    for &i in &keep {
        match &levels[i] {
            Some(ext) => kept.push_str(&ext.to_text()),
            None => kept.push_str("2 2\nXq\n.O\n"),
        }
        models.push(levels[i].clone());
    }
    assert!(text.len() > kept.len());
    let small = dir.path().join("small.txt");
    write_file(&small, kept);
    let out_dir = dir.path().join("sheet");
    let out =
        flipblox(&["render", "bloxorz", arg(&small), "-o", &format!("{}/", arg(&out_dir))], b"");
    assert_eq!(out.status.code(), Some(1), "one level cannot be read: {}", stderr(&out));

    // One column of figures: the page is narrower than two.
    let shot = screenshot(&out_dir.join("index.html"), 360, 300 * models.len() as u32 + 400);
    // Each figure's box: its 1-pixel border down the left edge of the column (x = 16, after the
    // body's margin), grey, darker grey (Impossible) or red (error), separated from the next by
    // the page's background.
    let borders = ["#d0d4d9", "#9aa0a6", "#c0392b"].map(hex_colour);
    let mut boxes = Vec::new();
    let mut y = 0;
    while y < shot.height {
        if borders.contains(&shot.at(16, y)) {
            let top = y;
            while y < shot.height && borders.contains(&shot.at(16, y)) {
                y += 1;
            }
            boxes.push((top, y));
        }
        y += 1;
    }
    assert_eq!(boxes.len(), models.len(), "a figure per level: {boxes:?}");
    // The tiles' colours, as the thumbnails draw them.
    let tiles: Vec<[u8; 3]> = [
        palette::RIGID,
        palette::START,
        palette::TARGET,
        palette::FRAGILE,
        palette::SOFT_SWITCH,
        palette::HEAVY_SWITCH,
        palette::SPLIT_SWITCH,
        palette::BRIDGE,
    ]
    .map(hex_colour)
    .to_vec();
    let near = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6);
    for ((top, _), model) in boxes.iter().zip(&models) {
        // The thumbnail: 160 x 160 pixels inside the border (1) and the padding (8).
        let (x0, y0) = (16 + 1 + 8, top + 1 + 8);
        let mut tiled = 0;
        for y in y0..y0 + THUMBNAIL_SIZE {
            for x in x0..x0 + THUMBNAIL_SIZE {
                let p = shot.at(x, y);
                tiled += usize::from(tiles.iter().any(|&t| near(p, t)));
            }
        }
        match model {
            // A drawn level covers hundreds of pixels with tile colours; the broken-image
            // placeholder (an icon and the alt text) none.
            Some(ext) => assert!(
                tiled >= 300,
                "the thumbnail at y = {top} ({} x {}): {tiled} pixels of tiles",
                ext.height(),
                ext.width()
            ),
            None => assert_eq!(tiled, 0, "the unreadable level has no picture"),
        }
    }
}

#[test]
#[cfg_attr(
    not(flipblox_original_levels),
    ignore = "needs the original game's level file: set FLIPBLOX_ORIGINAL_LEVELS to its path (README)"
)]
fn the_33_stages_are_drawn_with_paths_that_replay_their_optimal_counts() {
    use crate::common::original::{OPTIMA, original_file, read_flash};
    let (path, text) = original_file();
    let stages = read_flash(&text);
    let dir = tempfile::tempdir().unwrap();
    let out_dir = format!("{}/", dir.path().display());
    flipblox_ok(
        &["render", "bloxorz", "--input-format", "flash", arg(&path), "--path", "-o", &out_dir],
        b"",
    );
    for (i, (name, stage)) in stages.iter().enumerate() {
        let svg = read_text(dir.path().join(format!("level-{:04}-path.svg", i + 1)));
        let moves = check_path_svg(&parse(&svg), stage);
        let n = moves.matches(['U', 'D', 'L', 'R']).count() as u32;
        assert_eq!(n, OPTIMA[i], "stage {} ({name})", i + 1);
        check_level_svg(
            &parse(&read_text(dir.path().join(format!("level-{:04}.svg", i + 1)))),
            stage,
        );
    }
}

#[test]
fn the_readmes_pictures_are_what_their_documented_commands_draw() {
    let script = read_text(project("docs/img/generate.sh"));
    let mut drawn = 0;
    for line in script.lines().filter(|l| l.starts_with("run render ")) {
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        let (args, picture) = match words.as_slice() {
            [args @ .., "-o", picture] if picture.starts_with("docs/img/") => (args, *picture),
            _ => continue,
        };
        let out = flipblox_ok(&[args, &["-o", "-"]].concat(), b"");
        assert!(
            stdout(&out) == read_text(project(picture)),
            "{picture} is not what `{line}` draws: run docs/img/generate.sh"
        );
        drawn += 1;
    }
    assert_eq!(drawn, 6, "a picture of each kind");
}

/// `render flip --alphabet 01` draws the board in its own symbols: lit cells as lights (not as
/// black pieces), and a legend that names `0 (off)` and `1 (on)`, not white and black. The Flip
/// Game's pictures keep their white and black.
#[test]
fn render_flip_with_an_alphabet_draws_lights_named_by_its_symbols() {
    let board = "11111/11111/11011/10001/11011";
    let args = ["render", "flip", "--alphabet", "01", "--goal", "off", "--board", board];
    let svg = stdout(&flipblox_ok(&[&args[..], &["-o", "-"]].concat(), b""));
    let doc = parse(&svg);
    let legend: String = elements(&doc, "g", "legend")[0]
        .descendants()
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join("|");
    assert!(legend.contains("0 (off)") && legend.contains("1 (on)"), "{legend}");
    assert!(!legend.contains("black") && !legend.contains("white"), "{legend}");
    for piece in elements(&doc, "circle", "piece") {
        let fill = piece.attribute("fill").unwrap();
        let lit = piece.attribute("data-colour") == Some("1");
        assert_ne!(fill, if lit { "#000000" } else { "#ffffff" }, "a light is not a Flip piece");
    }
    let flip =
        stdout(&flipblox_ok(&["render", "flip", "--board", "bwwb/bbwb/bwwb/bwww", "-o", "-"], b""));
    assert!(flip.contains(">white<") && flip.contains(">black<"), "the Flip Game's legend");
}
