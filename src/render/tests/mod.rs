//! The pictures checked through what only the library sees: level pictures built tile by tile and
//! link by link, and path pictures pose by pose, from the independent models of `tests/common` (a
//! level's letters, a path found by a plain BFS and replayed move by move), drawn, and read back
//! with a real XML parser (roxmltree); rasters checked pixel by pixel against resvg drawing the
//! whole SVG and against the PNG file. The tests of the public API are in `tests/render.rs` and
//! `tests/render_cli.rs`; both share the readers of `tests/common/pictures.rs`.

mod levels;
mod png;

#[allow(dead_code)]
#[path = "../../../tests/common/bloxorz.rs"]
mod bloxorz;
#[allow(dead_code)]
#[path = "../../../tests/common/extended.rs"]
mod extended;
#[allow(dead_code)]
#[path = "../../../tests/common/flip_game.rs"]
mod flip_game;
#[allow(dead_code)]
#[path = "../../../tests/common/pictures.rs"]
mod pictures;
// The Lights Out tests include it too.
#[allow(dead_code, clippy::duplicate_mod)]
#[path = "../../../tests/common/rng.rs"]
mod rng;

use std::collections::{BTreeSet, HashMap, VecDeque};

use super::Drawing;
use super::level::{LevelPicture, LinkAction, SplitLink, SwitchLink, Tile};
use super::path::{Frame, PathPicture, Pose};
use extended::{Act, At, Block, DIRS, Ext, State, read_ext_pack};
use pictures::{KINDS, POJ_SAMPLE, Walk, at};

/// A directory of its own under the system's temporary directory, removed when dropped (the
/// library names no crate of the command line's, `tempfile` included: `tests/layout.rs`).
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("flipblox-{name}-{}", std::process::id()));
        // A directory left by an earlier process of the same id goes first.
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The tile of a letter of the text format (`docs/LEVELS.md`), written out here rather than
/// taken from the library.
fn tile(letter: u8) -> Tile {
    match letter {
        b'#' => Tile::Empty,
        b'.' => Tile::Rigid,
        b'E' => Tile::Fragile,
        b'O' => Tile::Target,
        b'X' => Tile::Start,
        b'S' => Tile::SoftSwitch,
        b'H' => Tile::HeavySwitch,
        b'V' => Tile::SplitSwitch,
        b'B' => Tile::Bridge,
        b'-' => Tile::AbsentBridge,
        _ => panic!("letter {letter}"),
    }
}

/// The fill a tile's cells must have ([`KINDS`]).
fn expected_fill(kind: Tile) -> &'static str {
    KINDS.into_iter().find(|k| tile(k.0) == kind).unwrap().2
}

/// A move: the whole block rolls (`None`) or the cube on a cell slides.
type Move = (Option<At>, char);

/// The notation of a move of the model from where `walk` is.
fn notation(walk: &Walk, (cube, letter): Move) -> String {
    match cube {
        None => letter.to_string(),
        Some(cell) => {
            let name = if walk.named[0] == cell { 'a' } else { 'b' };
            format!("{name}{letter}")
        }
    }
}

/// The pose of the view model where the model's block is.
fn pose_of(walk: &Walk) -> Pose {
    match walk.state.0 {
        Block::Whole([a, b]) if a == b => Pose::Standing(at(a)),
        Block::Whole([a, b]) => Pose::Lying([at(a), at(b)]),
        Block::Cubes(_) => Pose::Split(walk.named.map(at)),
    }
}

// ---------------------------------------------------------------------------------------------
// Levels: from the independent model to the view model.

fn picture_of(ext: &Ext) -> LevelPicture {
    let (rows, cols) = (ext.height() as usize, ext.width() as usize);
    let mut picture = LevelPicture::new(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            picture.tiles[cols * r + c] = tile(ext.rows[r][c]);
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
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/bloxorz/mechanics.txt");
    read_ext_pack(&std::fs::read_to_string(path).unwrap())
}

/// Levels of every kind: the POJ sample, a lying start, a fragile corridor, the mechanics pack.
fn levels() -> Vec<Ext> {
    let mut levels = read_ext_pack(&format!(
        "{POJ_SAMPLE}3 6\nXX..E.\n.#..E.\n...O..\n4 5\n.....\n.EEE.\n.EOE.\nX....\n0 0\n"
    ));
    levels.extend(mechanics_pack());
    levels
}

// ---------------------------------------------------------------------------------------------
// Paths: a shortest path by a plain BFS over the independent model.

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
    let start = pose_of(&walk);
    let mut frames = Vec::new();
    for &m in moves {
        let step = notation(&walk, m);
        let next = walk.step(ext, &step).expect("a move of the BFS is legal");
        let flipped = walk.state.1.symmetric_difference(&next.state.1).map(|&c| at(c)).collect();
        frames.push(Frame { pose: pose_of(&next), step, flipped });
        walk = next;
    }
    PathPicture { start, frames }
}

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
