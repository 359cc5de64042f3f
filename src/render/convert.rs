//! The view models made from the library's own types: a [`Level`] and its replayed path, a
//! [`DistanceField`], a Lights Out [`Board`] and its presses, a [`DistanceTable`]'s
//! histogram.
//!
//! Drawing never sees these types (see the module docs of [`super`]); these functions are the
//! one place that reads them for pictures.

use super::error::RenderError;
use super::field::FieldPicture;
use super::flip::FlipPicture;
use super::histogram::HistogramPicture;
use super::level::{LevelPicture, LinkAction, SplitLink, SwitchLink, Tile};
use super::path::{Frame, PathPicture, Pose};
use crate::bloxorz::model::level::{Level, Placement};
use crate::bloxorz::model::mechanics::Action;
use crate::bloxorz::model::notation::Step;
use crate::bloxorz::search::field::DistanceField;
use crate::bloxorz::search::general::replay::{BlockAt, ReplayError, replay_path};
use crate::lights_out::{Board, DistanceTable};

impl LevelPicture {
    /// The picture of `level`: its cells by their letters of the text format
    /// ([`Level::letter`]: the start `X` and the target `O` over the material), one link per
    /// action of each switch and one per split switch, in the level's row-major order.
    ///
    /// ```
    /// use flipblox::bloxorz::PackReader;
    /// use flipblox::render::{LevelOptions, LevelPicture};
    /// let level = PackReader::new(b"1 7\nXS.-..O\nswitch 1 2: on 1 4\n").next().unwrap().unwrap();
    /// let picture = LevelPicture::from_level(&level)?;
    /// assert_eq!((picture.rows, picture.cols), (1, 7));
    /// let svg = picture.draw(&LevelOptions::default())?.to_svg();
    /// assert_eq!(svg.matches("class=\"tile soft-switch\"").count(), 1);
    /// assert_eq!(svg.matches("class=\"link on\"").count(), 1);
    /// # Ok::<(), flipblox::render::RenderError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`RenderError::Memory`] when the memory for the tiles (a byte a cell) cannot be had.
    pub fn from_level(level: &Level) -> Result<LevelPicture, RenderError> {
        let (rows, cols) = (level.rows(), level.cols());
        let mut picture = LevelPicture::empty(rows, cols)?;
        picture.title = level.title().map(str::to_owned);
        for (i, tile) in picture.tiles.iter_mut().enumerate() {
            let letter = level.letter((i / cols, i % cols));
            *tile = Tile::from_letter(letter).expect("every letter of a level is a tile");
        }
        let mechanics = level.mechanics();
        for switch in mechanics.switches() {
            for action in &switch.actions {
                let kind = match action.action {
                    Action::On => LinkAction::On,
                    Action::Off => LinkAction::Off,
                    Action::Toggle => LinkAction::Toggle,
                };
                let link = SwitchLink { switch: switch.cell, action: kind, tile: action.tile };
                picture.switch_links.push(link);
            }
        }
        for split in mechanics.splits() {
            if let Some(targets) = split.targets {
                picture.split_links.push(SplitLink { switch: split.cell, targets });
            }
        }
        Ok(picture)
    }
}

/// Elements every picture of a level holds besides its links and path (the outline, the
/// legend's entries, the footer, the title).
const FIXED_ELEMENTS: u64 = 64;

/// Elements a picture holds per move of its path: a still path's footprints and step numbers
/// (up to two pieces a move, each with a number), an animation's counter and its `<animate>`.
const ELEMENTS_PER_MOVE: u64 = 4;

impl LevelPicture {
    /// About the bytes a picture of `level` (its [`LevelPicture`] and the [`Drawing`] of
    /// [`draw_level`], [`draw_path`] or [`draw_animation`] with a path of `moves` moves) holds
    /// before it is written: two bytes a cell (the tiles, and the board's cells),
    /// [`Drawing::memory_bytes`]' bytes for each element (links, footprints, legend), and an
    /// animation's timelines (a value a move for each bridge tile and each side of the block),
    /// and two copies of the level's title (the picture's, the drawing's `<title>`). A
    /// caller that bounds memory checks it before drawing; the SVG is then written as it is made,
    /// and a PNG needs [`Drawing::png_bytes`] more.
    ///
    /// [`Drawing`]: super::Drawing
    /// [`Drawing::memory_bytes`]: super::Drawing::memory_bytes
    /// [`Drawing::png_bytes`]: super::Drawing::png_bytes
    /// [`draw_level`]: super::LevelPicture::draw
    /// [`draw_path`]: super::LevelPicture::draw_path
    /// [`draw_animation`]: super::LevelPicture::draw_animation
    pub fn drawing_bytes(level: &Level, moves: Option<usize>) -> u64 {
        drawing_bytes(level, moves)
    }
}

/// [`LevelPicture::drawing_bytes`].
pub(crate) fn drawing_bytes(level: &Level, moves: Option<usize>) -> u64 {
    let cells = (level.rows() as u64).saturating_mul(level.cols() as u64);
    let mechanics = level.mechanics();
    let actions: usize = mechanics.switches().iter().map(|s| s.actions.len()).sum();
    let links = (actions + 2 * mechanics.splits().len()) as u64;
    let moves = moves.map_or(0, |m| m as u64 + 1);
    let bridges = actions as u64;
    let elements = FIXED_ELEMENTS + links + ELEMENTS_PER_MOVE.saturating_mul(moves);
    let timelines = (bridges + 8).saturating_mul(moves).saturating_mul(24);
    // The title, copied into the picture and into the drawing's `<title>`.
    let title = 2 * level.title().map_or(0, str::len) as u64;
    cells
        .saturating_mul(2)
        .saturating_add(elements.saturating_mul(super::drawing::ELEMENT_BYTES))
        .saturating_add(timelines)
        .saturating_add(title)
}

impl Pose {
    /// The pose of a whole block at `placement`.
    pub(crate) fn of_placement(placement: Placement) -> Pose {
        let mut cells = placement.cells();
        let first = cells.next().expect("a placement covers a cell");
        match cells.next() {
            None => Pose::Standing(first),
            Some(second) => Pose::Lying([first, second]),
        }
    }

    /// The pose of a replayed block: whole, or cubes `a` and `b` in that order.
    pub(crate) fn of_block(block: BlockAt) -> Pose {
        match block {
            BlockAt::Whole(placement) => Pose::of_placement(placement),
            BlockAt::Split { a, b } => Pose::Split([a, b]),
        }
    }
}

impl PathPicture {
    /// The picture of `path` (the `--path` steps of a solution, [`Step`]) replayed from the start
    /// of `level` under the level's rules: for each move, its step in the `--path` notation,
    /// where the block (or each split cube) is after it, and the bridge tiles it changed.
    ///
    /// # Errors
    ///
    /// A [`ReplayError`] naming the first move that cannot be made (the block would fall, or a
    /// cube moves while the block is whole, or the whole block while it is split).
    pub fn from_path(level: &Level, path: &[Step]) -> Result<PathPicture, ReplayError> {
        let moves = replay_path(level, path)?;
        let frames = moves
            .iter()
            .map(|m| Frame {
                pose: Pose::of_block(m.block),
                step: m.step.to_string(),
                flipped: m.changed.clone(),
            })
            .collect();
        Ok(PathPicture { start: Pose::of_placement(level.start()), frames })
    }
}

impl FieldPicture {
    /// The picture of the distance field of `level` (as
    /// [`Solver::distance_field`](crate::bloxorz::Solver::distance_field) makes it).
    ///
    /// # Errors
    ///
    /// [`RenderError::Invalid`] when the field and the level are not the same size.
    pub fn from_field(
        level: &Level,
        field: &DistanceField<'_>,
    ) -> Result<FieldPicture, RenderError> {
        let (rows, cols) = (level.rows(), level.cols());
        if (field.rows() as usize, field.cols() as usize) != (rows, cols) {
            return Err(RenderError::Invalid(format!(
                "expected the field of a {rows} x {cols} level, found one of {} x {}",
                field.rows(),
                field.cols()
            )));
        }
        let from_start = field.from_start();
        Ok(FieldPicture { rows, cols, distances: field.distances().to_vec(), from_start })
    }
}

impl FlipPicture {
    /// The picture of a board of the Lights Out family of `colours` colours and its presses as
    /// `(cell, count)` (as a [`Solver`](crate::lights_out::Solver) answers them): each cell is
    /// listed `count` times, in ascending order of cells. A cell of the value `colours` is a
    /// hole (as a [`Batch`](crate::lights_out::Batch) with holes reads it).
    pub fn from_board(board: &Board, colours: u8, presses: &[(usize, u8)]) -> FlipPicture {
        let (rows, cols) = (board.rows(), board.cols());
        let presses = presses
            .iter()
            .flat_map(|&(i, n)| std::iter::repeat_n((i / cols, i % cols), usize::from(n)))
            .collect();
        let pieces = board.cells().to_vec();
        FlipPicture { rows, cols, colours, pieces, presses, alphabet: None }
    }
}

impl HistogramPicture {
    /// The histogram of a distance table: the states at each minimum number of presses, and the
    /// Impossible ones, titled with the board's size (the Flip Game) or the variant.
    pub fn of_table(table: &DistanceTable<'_>) -> HistogramPicture {
        let (counts, impossible) = table.histogram();
        let mut picture = HistogramPicture::new(counts, impossible);
        let variant = table.variant();
        picture.title = match variant.is_flip_game() {
            true => format!("Flip Game {}: states at each minimum distance", table.size()),
            false => format!("Lights Out {variant}: states at each minimum distance"),
        };
        picture.x_label = "distance (presses)".to_owned();
        picture
    }
}
