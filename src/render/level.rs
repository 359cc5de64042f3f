//! The picture of a Bloxorz level: one square per cell, coloured by what the cell is, the
//! switches' links to the bridge tiles they change, and a legend.

use svg::node::element::{Circle, Group, Path, Rectangle};

use super::draw::{self, Legend, MARGIN};
use super::draw::{CELL, CellAt};
use super::drawing::{Board, Cell, Drawing, Symbols};
use super::error::{RenderError, check_cell, check_grid};
use super::palette;
use super::raster::PngOptions;
use crate::memory::{AllocError, try_filled};

/// What one cell of a level is (the letters of the text format, `docs/LEVELS.md`).
///
/// The variants are in the order of [`Tile::ALL`] (the legend's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Tile {
    /// `X`: rigid ground under the block at the start.
    Start,
    /// `O`: the target (rigid).
    Target,
    /// `.`: rigid ground.
    Rigid,
    /// `E`: fragile ground; the whole block may lie on it, never stand.
    Fragile,
    /// `#`: nothing may rest on it.
    Empty,
    /// `S`: a soft switch, pressed by any part of the block or a split cube.
    SoftSwitch,
    /// `H`: a heavy switch, pressed only by the whole block standing on it.
    HeavySwitch,
    /// `V`: a split switch, which splits the whole block standing on it into two cubes.
    SplitSwitch,
    /// `B`: a bridge tile present at the start.
    Bridge,
    /// `-`: a bridge tile absent at the start (empty space until a switch lays it).
    AbsentBridge,
}

impl Tile {
    /// Every kind, in the order of the legend.
    pub(crate) const ALL: [Tile; 10] = [
        Tile::Start,
        Tile::Target,
        Tile::Rigid,
        Tile::Fragile,
        Tile::Empty,
        Tile::SoftSwitch,
        Tile::HeavySwitch,
        Tile::SplitSwitch,
        Tile::Bridge,
        Tile::AbsentBridge,
    ];

    /// The tile of a letter of the text format (`.` `E` `#` `O` `X` `S` `H` `V` `B` `-`), as
    /// written by `Level::letter`; `None` for any other character.
    pub(crate) fn from_letter(letter: char) -> Option<Tile> {
        Tile::ALL.into_iter().find(|t| t.letter() == letter)
    }

    /// The letter of the text format.
    pub(crate) const fn letter(self) -> char {
        match self {
            Tile::Empty => '#',
            Tile::Rigid => '.',
            Tile::Fragile => 'E',
            Tile::Target => 'O',
            Tile::Start => 'X',
            Tile::SoftSwitch => 'S',
            Tile::HeavySwitch => 'H',
            Tile::SplitSwitch => 'V',
            Tile::Bridge => 'B',
            Tile::AbsentBridge => '-',
        }
    }

    /// The cell's `class` in the SVG: `tile` and the kind, `tile empty`, `tile rigid`,
    /// `tile fragile`, `tile target`, `tile start`, `tile soft-switch`, `tile heavy-switch`,
    /// `tile split-switch`, `tile bridge`, `tile bridge-absent`.
    pub(crate) const fn class(self) -> &'static str {
        match self {
            Tile::Empty => "tile empty",
            Tile::Rigid => "tile rigid",
            Tile::Fragile => "tile fragile",
            Tile::Target => "tile target",
            Tile::Start => "tile start",
            Tile::SoftSwitch => "tile soft-switch",
            Tile::HeavySwitch => "tile heavy-switch",
            Tile::SplitSwitch => "tile split-switch",
            Tile::Bridge => "tile bridge",
            Tile::AbsentBridge => "tile bridge-absent",
        }
    }

    /// The cell's `fill` (each kind has its own).
    pub(crate) const fn fill(self) -> &'static str {
        match self {
            Tile::Empty => palette::EMPTY,
            Tile::Rigid => palette::RIGID,
            Tile::Fragile => palette::FRAGILE,
            Tile::Target => palette::TARGET,
            Tile::Start => palette::START,
            Tile::SoftSwitch => palette::SOFT_SWITCH,
            Tile::HeavySwitch => palette::HEAVY_SWITCH,
            Tile::SplitSwitch => palette::SPLIT_SWITCH,
            Tile::Bridge => palette::BRIDGE,
            Tile::AbsentBridge => palette::BRIDGE_ABSENT,
        }
    }

    /// The words of the legend.
    pub(crate) const fn description(self) -> &'static str {
        match self {
            Tile::Empty => "empty",
            Tile::Rigid => "rigid",
            Tile::Fragile => "fragile (no standing)",
            Tile::Target => "target",
            Tile::Start => "start",
            Tile::SoftSwitch => "soft switch",
            Tile::HeavySwitch => "heavy switch",
            Tile::SplitSwitch => "split switch",
            Tile::Bridge => "bridge",
            Tile::AbsentBridge => "bridge, absent",
        }
    }
}

/// What a switch does to a bridge tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum LinkAction {
    /// Makes it present (`on`).
    On,
    /// Makes it absent (`off`).
    Off,
    /// Flips it (`toggle`).
    Toggle,
}

impl LinkAction {
    /// `on`, `off` or `toggle`: the word of the text format, and the second word of the link's
    /// `class` in the SVG (the first is `link`).
    pub(crate) const fn word(self) -> &'static str {
        match self {
            LinkAction::On => "on",
            LinkAction::Off => "off",
            LinkAction::Toggle => "toggle",
        }
    }

    /// The link's colour: `#1f7a33` (on), `#c0392b` (off) or
    /// `#d4780f` (toggle).
    pub(crate) const fn colour(self) -> &'static str {
        match self {
            LinkAction::On => palette::LINK_ON,
            LinkAction::Off => palette::LINK_OFF,
            LinkAction::Toggle => palette::LINK_TOGGLE,
        }
    }
}

/// One action of a switch, drawn as a line from the switch to the bridge tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SwitchLink {
    /// The switch's cell.
    pub(crate) switch: (usize, usize),
    /// What it does to the tile.
    pub(crate) action: LinkAction,
    /// The bridge tile's cell.
    pub(crate) tile: (usize, usize),
}

/// A split switch and the cells its cubes land on, drawn as dashed lines labelled `a` and `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SplitLink {
    /// The split switch's cell.
    pub(crate) switch: (usize, usize),
    /// Where cube `a` and cube `b` land.
    pub(crate) targets: [(usize, usize); 2],
}

/// A level to draw: its size, its tiles and the links of its switches, and its title.
///
/// A picture comes from a level of the library ([`LevelPicture::from_level`]) or from rows of
/// letters ([`LevelPicture::from_rows`]); its tiles and links are not public.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelPicture {
    /// Rows of the level (at least 1).
    pub rows: usize,
    /// Columns of the level (at least 1).
    pub cols: usize,
    /// `rows * cols` tiles, row-major: the tile of cell `(r, c)` is `tiles[cols * r + c]`.
    pub(crate) tiles: Vec<Tile>,
    /// What each switch does, one entry per action.
    pub(crate) switch_links: Vec<SwitchLink>,
    /// Where each split switch sends the cubes.
    pub(crate) split_links: Vec<SplitLink>,
    /// The level's title ([`Level::title`](crate::bloxorz::Level::title)), if any: part of
    /// the picture's `<title>`, and its heading with [`LevelOptions::heading`].
    pub title: Option<String>,
}

impl LevelPicture {
    /// An all-empty `rows x cols` level without links.
    ///
    /// # Panics
    ///
    /// When the memory for `rows * cols` tiles cannot be had (as `vec!` does); the pictures of
    /// the library's own levels ([`LevelPicture::from_level`]) and [`LevelPicture::from_rows`]
    /// report it instead.
    pub fn new(rows: usize, cols: usize) -> LevelPicture {
        LevelPicture::empty(rows, cols).unwrap_or_else(|e| panic!("{e}"))
    }

    /// An all-empty `rows x cols` level without links, allocated fallibly.
    pub(crate) fn empty(rows: usize, cols: usize) -> Result<LevelPicture, AllocError> {
        const WHAT: &str = "the picture's tiles";
        let cells = rows.checked_mul(cols).ok_or(AllocError { bytes: u64::MAX, what: WHAT })?;
        Ok(LevelPicture {
            rows,
            cols,
            tiles: try_filled(cells, Tile::Empty, WHAT)?,
            switch_links: Vec::new(),
            split_links: Vec::new(),
            title: None,
        })
    }

    /// A level from its rows in the letters of the text format (`.` `E` `#` `O` `X` `S` `H`
    /// `V` `B` `-`), without links.
    ///
    /// ```
    /// use flipblox::render::{LevelOptions, LevelPicture};
    /// let level = LevelPicture::from_rows(&["X.E", "#.O"]).unwrap();
    /// assert_eq!((level.rows, level.cols), (2, 3));
    /// let svg = level.draw(&LevelOptions::default()).unwrap().to_svg();
    /// assert_eq!(svg.matches("class=\"tile target\"").count(), 1);
    /// ```
    ///
    /// # Errors
    ///
    /// [`RenderError::Invalid`] for rows of different lengths or another character, and
    /// [`RenderError::EmptyGrid`] for no rows or empty rows.
    pub fn from_rows(rows: &[&str]) -> Result<LevelPicture, RenderError> {
        let cols = rows.first().map_or(0, |r| r.chars().count());
        let mut picture = LevelPicture::empty(rows.len(), cols)?;
        check_grid("level", rows.len(), cols, "tiles", picture.tiles.len(), 1)?;
        for (r, line) in rows.iter().enumerate() {
            if line.chars().count() != cols {
                return Err(RenderError::Invalid(format!(
                    "row {}: expected {cols} cells, found {}",
                    r + 1,
                    line.chars().count()
                )));
            }
            for (c, letter) in line.chars().enumerate() {
                picture.tiles[cols * r + c] = Tile::from_letter(letter).ok_or_else(|| {
                    RenderError::Invalid(format!(
                        "row {}, column {}: expected a cell letter, found {letter:?}",
                        r + 1,
                        c + 1
                    ))
                })?;
            }
        }
        Ok(picture)
    }

    /// The tile of `cell`.
    ///
    /// # Panics
    ///
    /// If `cell` is outside the level.
    pub(crate) fn tile(&self, (row, col): (usize, usize)) -> Tile {
        assert!(row < self.rows && col < self.cols, "cell ({row}, {col}) outside the level");
        self.tiles[self.cols * row + col]
    }

    /// Checks the sizes and that every link names cells of the level.
    pub(crate) fn check(&self) -> Result<(), RenderError> {
        check_grid("level", self.rows, self.cols, "tiles", self.tiles.len(), 1)?;
        let (rows, cols) = (self.rows, self.cols);
        for (i, link) in self.switch_links.iter().enumerate() {
            for cell in [link.switch, link.tile] {
                check_cell(|| format!("switch link {}", i + 1), cell, rows, cols)?;
            }
        }
        for (i, link) in self.split_links.iter().enumerate() {
            for cell in [link.switch, link.targets[0], link.targets[1]] {
                check_cell(|| format!("split link {}", i + 1), cell, rows, cols)?;
            }
        }
        Ok(())
    }
}

/// What to draw besides the tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelOptions {
    /// Draw the legend below the level: one entry per kind of tile the level has, and per kind
    /// of link drawn (default true).
    pub legend: bool,
    /// Draw the switches' and split switches' links (default true).
    pub links: bool,
    /// Draw thin grid lines between the cells (default false).
    pub grid: bool,
    /// Write the level's title ([`LevelPicture::title`]) as a heading above the level, when
    /// it has one (default false).
    pub heading: bool,
}

impl Default for LevelOptions {
    fn default() -> LevelOptions {
        LevelOptions { legend: true, links: true, grid: false, heading: false }
    }
}

/// The smallest scale, in pixels per unit, at which a PNG of a level keeps its legend: below it,
/// the legend's 12-unit words would be under 6 pixels high.
const LEGEND_MIN_SCALE: f32 = 0.5;

impl LevelPicture {
    /// Whether a PNG of the level drawn with `png` keeps its legend legible: true when the scale
    /// its board is drawn at, the smaller of [`PngOptions::scale`] and [`PngOptions::max_side`]
    /// over the board's longer side (24 units a cell), is at least 0.5 pixels per unit, so that
    /// the legend's 12-unit words are at least 6 pixels high. A caller drawing a large level as
    /// PNG leaves the legend out ([`LevelOptions::legend`]) when this is false; an SVG scales
    /// with its viewer and keeps it.
    ///
    /// ```
    /// use flipblox::render::{LevelPicture, PngOptions};
    /// let png = PngOptions::default(); // 2 pixels a unit, at most 4,096 pixels a side
    /// assert!(LevelPicture::new(300, 340).legend_legible(&png));
    /// assert!(!LevelPicture::new(300, 342).legend_legible(&png));
    /// ```
    pub fn legend_legible(&self, png: &PngOptions) -> bool {
        let side = self.rows.max(self.cols) as f32 * CELL as f32;
        let scale = png.scale.min(png.max_side as f32 / side);
        scale >= LEGEND_MIN_SCALE
    }
}

/// [`LevelPicture::draw`].
pub(crate) fn draw_level(
    level: &LevelPicture,
    options: &LevelOptions,
) -> Result<Drawing, RenderError> {
    level.check()?;
    let (board, legend) = level_board(level, options)?;
    let title = picture_title(level, format!("Bloxorz level, {} x {}", level.rows, level.cols));
    let heading = heading(level, options);
    Ok(super::drawing::compose(board, None, options.legend.then_some(legend), title, heading))
}

/// `what` the picture shows, followed by the level's title when it has one: the picture's
/// `<title>`.
pub(crate) fn picture_title(level: &LevelPicture, what: String) -> String {
    match &level.title {
        Some(title) => format!("{what}: {title}"),
        None => what,
    }
}

/// The heading to write above the level: its title, when asked for and it has one.
pub(crate) fn heading<'a>(level: &'a LevelPicture, options: &LevelOptions) -> Option<&'a str> {
    level.title.as_deref().filter(|_| options.heading)
}

impl LevelPicture {
    /// The picture of a level.
    ///
    /// Layout: the level's board group (see the module docs of [`super`]) at the top-left, the
    /// legend below it. Inside the board group, one `<rect>` per cell, in row-major order, exactly
    /// covering the cell, with the class and the fill of its letter (below); then the symbols on
    /// switches and absent bridges (`class="symbol"`); then one `<path class="link
    /// on|off|toggle">` per switch link and two `<path class="link split">` per split link, each
    /// a curve `M x1 y1 Q cx cy x2 y2` from the centre of the switch to the centre of the tile or
    /// target.
    ///
    /// | letter | class | fill |
    /// |---|---|---|
    /// | `X` | `tile start` | `#7ea6e0` |
    /// | `O` | `tile target` | `#23272e` |
    /// | `.` | `tile rigid` | `#a9b0b8` |
    /// | `E` | `tile fragile` | `#f2a14a` |
    /// | `#` | `tile empty` | `#ffffff` |
    /// | `S` | `tile soft-switch` | `#9ccc8a` |
    /// | `H` | `tile heavy-switch` | `#5e9e55` |
    /// | `V` | `tile split-switch` | `#c5a3dd` |
    /// | `B` | `tile bridge` | `#b98b5e` |
    /// | `-` | `tile bridge-absent` | `#fbf4ec` |
    ///
    /// ```
    /// use flipblox::render::{LevelOptions, LevelPicture};
    /// let level = LevelPicture::from_rows(&["X..O"]).unwrap();
    /// let svg = level.draw(&LevelOptions::default()).unwrap().to_svg();
    /// assert_eq!(svg.matches("class=\"tile ").count(), 4);
    /// ```
    ///
    /// # Errors
    ///
    /// A [`RenderError`] when the picture's sizes do not agree or a link names a cell outside it.
    pub fn draw(&self, options: &LevelOptions) -> Result<Drawing, RenderError> {
        draw_level(self, options)
    }
}

/// The board of a level (tiles, symbols and, if asked, links) and its legend, for the pictures
/// that draw over a level. The level must have passed [`LevelPicture::check`].
///
/// # Errors
///
/// [`RenderError::Memory`] when the memory for the board's cells cannot be had.
pub(crate) fn level_board(
    level: &LevelPicture,
    options: &LevelOptions,
) -> Result<(Board, Legend), RenderError> {
    let kinds =
        Tile::ALL.map(|t| Cell { class: t.class(), fill: palette::rgb(t.fill()), data: None });
    let mut board = Board::new((MARGIN, MARGIN), level.rows, level.cols, kinds.to_vec())?;
    board.symbols = Some(Symbols { draw: tile_symbol, extra: 0 });
    let mut present = [false; Tile::ALL.len()];
    for (i, &tile) in level.tiles.iter().enumerate() {
        let kind = tile as usize;
        present[kind] = true;
        board.set(i, kind);
    }
    if options.grid {
        board.add(draw::grid_lines(level.rows, level.cols));
    }
    board.add(draw::board_outline(level.rows, level.cols));
    let mut legend = Legend::new();
    for tile in Tile::ALL.into_iter().filter(|&t| present[t as usize]) {
        let mut swatch = Group::new().add(
            draw::rect("swatch", 0.0, 0.0, 14.0, 14.0, tile.fill())
                .set("stroke", palette::GRID)
                .set("stroke-width", 1),
        );
        if let Some(symbol) = symbol(tile, (0, 0)) {
            let scale = 14.0 / CELL;
            swatch =
                swatch.add(Group::new().set("transform", format!("scale({scale})")).add(symbol));
        }
        legend.custom(swatch, tile.description());
    }
    if options.links {
        let (links, kinds) = links(level);
        board.add(links);
        for (kind, colour, words) in kinds {
            let mut line = link_line(kind, (0.0, 7.0), (14.0, 7.0), colour)
                .set("class", format!("legend-link {kind}"));
            if kind == "split" {
                line = line.set("stroke-dasharray", "3 2");
            }
            legend.custom(Group::new().add(line), words);
        }
    }
    Ok((board, legend))
}

/// The symbol over a cell of a level's board whose kind is `kind` (the tile's index in
/// [`Tile::ALL`]), for [`Symbols`].
fn tile_symbol(kind: usize, at: CellAt, _: u8) -> Option<Box<dyn svg::Node>> {
    symbol(Tile::ALL[kind], at).map(|g| Box::new(g) as Box<dyn svg::Node>)
}

/// The symbol drawn on a tile, in board units, if it has one: a ring on a soft switch, a cross
/// on a heavy switch, two small squares on a split switch, a dashed outline on an absent
/// bridge.
fn symbol(tile: Tile, (row, col): CellAt) -> Option<Group> {
    let (x, y) = ((col as f64) * CELL, (row as f64) * CELL);
    let (cx, cy) = draw::centre((row, col));
    let group = Group::new().set("class", "symbol");
    let stroke =
        |e: Path| e.set("fill", "none").set("stroke", palette::SYMBOL).set("stroke-width", 2);
    match tile {
        Tile::SoftSwitch => Some(group.add(draw::ring(cx, cy, CELL * 0.28, palette::SYMBOL, 2.0))),
        Tile::HeavySwitch => {
            let d = CELL * 0.25;
            let cross = format!(
                "M{} {} L{} {} M{} {} L{} {}",
                cx - d,
                cy - d,
                cx + d,
                cy + d,
                cx - d,
                cy + d,
                cx + d,
                cy - d
            );
            Some(group.add(stroke(Path::new().set("d", cross)).set("stroke-width", 3)))
        }
        Tile::SplitSwitch => {
            let s = CELL * 0.3;
            let squares = format!(
                "M{} {} h{s} v{s} h-{s} Z M{} {} h{s} v{s} h-{s} Z",
                cx - s - 1.0,
                cy - s / 2.0,
                cx + 1.0,
                cy - s / 2.0
            );
            Some(group.add(stroke(Path::new().set("d", squares))))
        }
        Tile::AbsentBridge => Some(
            group.add(
                Rectangle::new()
                    .set("x", x + 2.5)
                    .set("y", y + 2.5)
                    .set("width", CELL - 5.0)
                    .set("height", CELL - 5.0)
                    .set("fill", "none")
                    .set("stroke", palette::BRIDGE_OUTLINE)
                    .set("stroke-width", 1.5)
                    .set("stroke-dasharray", "3 2"),
            ),
        ),
        _ => None,
    }
}

/// A link line of `class="link KIND"` from one point to another.
///
/// The line is a quadratic curve `M x1 y1 Q cx cy x2 y2` bowed to the left of its direction by a
/// fifth of its length, so that links along one row or column do not hide each other.
fn link_line(kind: &str, from: (f64, f64), to: (f64, f64), colour: &str) -> Path {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let control = ((from.0 + to.0) / 2.0 + 0.2 * dy, (from.1 + to.1) / 2.0 - 0.2 * dx);
    let d = format!("M{} {} Q{} {} {} {}", from.0, from.1, control.0, control.1, to.0, to.1);
    Path::new()
        .set("class", format!("link {kind}"))
        .set("d", d)
        .set("fill", "none")
        .set("stroke", colour)
        .set("stroke-width", 2)
        .set("stroke-linecap", "round")
        .set("stroke-opacity", 0.85)
}

/// The links of a level (one group) and the kinds drawn, for the legend.
fn links(level: &LevelPicture) -> (Group, Vec<(&'static str, &'static str, &'static str)>) {
    let mut group = Group::new().set("class", "links");
    let mut kinds = Vec::new();
    for action in [LinkAction::On, LinkAction::Off, LinkAction::Toggle] {
        let mine: Vec<&SwitchLink> =
            level.switch_links.iter().filter(|l| l.action == action).collect();
        if mine.is_empty() {
            continue;
        }
        for link in mine {
            let to = draw::centre(link.tile);
            group = group
                .add(link_line(action.word(), draw::centre(link.switch), to, action.colour()))
                .add(
                    Circle::new()
                        .set("class", "link-end")
                        .set("cx", to.0)
                        .set("cy", to.1)
                        .set("r", 3)
                        .set("fill", action.colour()),
                );
        }
        let words = match action {
            LinkAction::On => "switch lays bridge",
            LinkAction::Off => "switch removes bridge",
            LinkAction::Toggle => "switch flips bridge",
        };
        kinds.push((action.word(), action.colour(), words));
    }
    for link in &level.split_links {
        for (target, name) in link.targets.into_iter().zip(["a", "b"]) {
            let to = draw::centre(target);
            group = group
                .add(
                    link_line("split", draw::centre(link.switch), to, palette::LINK_SPLIT)
                        .set("stroke-dasharray", "4 3"),
                )
                .add(draw::centred_label(name, to.0, to.1, 13.0, palette::LINK_SPLIT));
        }
    }
    if !level.split_links.is_empty() {
        kinds.push(("split", palette::LINK_SPLIT, "split: cubes a, b"));
    }
    (group, kinds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_numbered_in_legend_order_and_letters_go_both_ways() {
        for (i, tile) in Tile::ALL.into_iter().enumerate() {
            assert_eq!(tile as usize, i, "{tile:?}");
            assert_eq!(Tile::from_letter(tile.letter()), Some(tile));
        }
        assert_eq!(Tile::from_letter('Z'), None);
        let classes: std::collections::HashSet<_> = Tile::ALL.map(Tile::class).into();
        let fills: std::collections::HashSet<_> = Tile::ALL.map(Tile::fill).into();
        assert_eq!((classes.len(), fills.len()), (Tile::ALL.len(), Tile::ALL.len()));
    }
}
