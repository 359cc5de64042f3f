//! A Flip Game (Lights Out) board with its presses numbered in press order.

use std::collections::BTreeMap;

use svg::node::element::{Circle, Path};

use super::draw::{self, Build, Legend, MARGIN};
use super::draw::{CELL, CellAt};
use super::drawing::{Board, Cell, Drawing, Symbols};
use super::error::{RenderError, check_cell, check_grid};
use super::palette;
use crate::lights_out::Alphabet;

/// A Flip Game board to draw, and the presses that solve it.
///
/// The pieces are row-major: the colour of `(r, c)` is `pieces[cols * r + c]`, an index from 0
/// (white) to `colours - 1` (black), or `colours` for a hole (a cell that is not there: no
/// light, no button; as a Lights Out batch with holes reads it); the classic game has two
/// colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlipPicture {
    /// Rows of the board (at least 1).
    pub rows: usize,
    /// Columns of the board (at least 1).
    pub cols: usize,
    /// How many colours a piece can show (at least 2).
    pub colours: u8,
    /// `rows * cols` colour indices, row-major (`colours` for a hole).
    pub pieces: Vec<u8>,
    /// The cells pressed, in press order (a cell may be pressed more than once).
    pub presses: Vec<(usize, usize)>,
    /// The symbols the board is written in, when not the Flip Game's `wb` (e.g. `01` for Lights
    /// Out): the pieces are then drawn as lights, dark when off (colour 0) to yellow when lit
    /// (the last colour), and the legend names each colour by its symbol
    /// ([`Alphabet::colour_name`]: `0 (off)`, `1 (on)`). `None`: white to black, as the Flip
    /// Game's pieces.
    pub alphabet: Option<Alphabet>,
}

impl FlipPicture {
    /// A two-colour board from its rows of `b` (black) and `w` (white), as `flipblox flip`
    /// reads them, with no presses.
    ///
    /// ```
    /// use flipblox::render::FlipPicture;
    /// let board = FlipPicture::from_rows(&["bw", "wb"]).unwrap();
    /// assert_eq!(board.pieces, vec![1, 0, 0, 1]);
    /// ```
    ///
    /// # Errors
    ///
    /// [`RenderError::EmptyGrid`] for no rows, [`RenderError::Invalid`] for rows of different
    /// lengths or another character.
    pub fn from_rows(rows: &[&str]) -> Result<FlipPicture, RenderError> {
        let cols = rows.first().map_or(0, |r| r.len());
        check_grid("board", rows.len(), cols, "pieces", rows.len() * cols, 1)?;
        let mut pieces = Vec::with_capacity(rows.len() * cols);
        for (r, line) in rows.iter().enumerate() {
            if line.len() != cols {
                return Err(RenderError::Invalid(format!(
                    "row {}: expected {cols} pieces, found {}",
                    r + 1,
                    line.len()
                )));
            }
            for (c, piece) in line.chars().enumerate() {
                pieces.push(match piece {
                    'w' => 0,
                    'b' => 1,
                    _ => {
                        return Err(RenderError::Invalid(format!(
                            "row {}, column {}: expected 'b' or 'w', found {piece:?}",
                            r + 1,
                            c + 1
                        )));
                    }
                });
            }
        }
        let presses = Vec::new();
        Ok(FlipPicture { rows: rows.len(), cols, colours: 2, pieces, presses, alphabet: None })
    }

    fn check(&self) -> Result<(), RenderError> {
        check_grid("board", self.rows, self.cols, "pieces", self.pieces.len(), 1)?;
        if self.colours < 2 {
            return Err(RenderError::Invalid(format!(
                "expected at least 2 colours, found {}",
                self.colours
            )));
        }
        if let Some(i) = self.pieces.iter().position(|&p| p > self.colours) {
            return Err(RenderError::Invalid(format!(
                "piece at row {}, column {}: expected a colour below {k} (or {k} for a hole), found {}",
                i / self.cols + 1,
                i % self.cols + 1,
                self.pieces[i],
                k = self.colours,
            )));
        }
        for (i, &cell) in self.presses.iter().enumerate() {
            check_cell(|| format!("press {}", i + 1), cell, self.rows, self.cols)?;
        }
        Ok(())
    }
}

/// [`FlipPicture::draw`].
pub(crate) fn draw_flip(board: &FlipPicture) -> Result<Drawing, RenderError> {
    board.check()?;
    // Every square looks alike; a cell's kind is its piece's colour, drawn over it.
    let square = Cell { class: "square", fill: palette::rgb(palette::FLIP_BOARD), data: None };
    let mut kinds = vec![square; usize::from(board.colours)];
    let holes = board.pieces.contains(&board.colours);
    if holes {
        // A hole: an empty square of the page's colour, with no piece.
        kinds.push(Cell { class: "hole", fill: palette::rgb(palette::BACKGROUND), data: None });
    }
    let mut group = Board::new((MARGIN, MARGIN), board.rows, board.cols, kinds)?;
    for (i, &colour) in board.pieces.iter().enumerate() {
        group.set(i, usize::from(colour));
    }
    group.add(grid_lines(board.rows, board.cols));
    let alphabet =
        board.alphabet.as_ref().filter(|a| a.as_str().as_bytes().get(..2) != Some(b"wb"));
    let draw = if alphabet.is_some() { light_symbol } else { piece_symbol };
    group.symbols = Some(Symbols { draw, extra: board.colours });
    group.symbols_after = 1;
    let mut pressed: BTreeMap<CellAt, Vec<usize>> = BTreeMap::new();
    for (i, &cell) in board.presses.iter().enumerate() {
        pressed.entry(cell).or_default().push(i + 1);
    }
    for (cell, numbers) in pressed {
        let (cx, cy) = draw::centre(cell);
        let text = numbers.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        let size = (CELL * 1.3 / text.len() as f64).clamp(5.0, 12.0);
        group.add(draw::ring(cx, cy, CELL * 0.44, palette::PRESS, 2.5).set("class", "press"));
        group.add(
            draw::centred_label(&text, cx, cy, size, palette::PRESS)
                .set("class", "press-number")
                .set("data-presses", text.as_str())
                .set("font-weight", "bold"),
        );
    }
    let mut legend = Legend::new();
    for colour in 0..board.colours {
        let (words, fill) = match alphabet {
            Some(alphabet) => (
                alphabet.colour_name(colour, board.colours),
                palette::light_colour(colour, board.colours),
            ),
            None => {
                let words = match (colour, board.colours) {
                    (0, _) => "white".to_owned(),
                    (c, n) if c == n - 1 => "black".to_owned(),
                    (c, _) => format!("colour {c}"),
                };
                (words, palette::piece_colour(colour, board.colours))
            }
        };
        legend.square(&fill, Some(palette::GRID), &words);
    }
    if holes {
        legend.square(palette::BACKGROUND, Some(palette::GRID), "hole (no light, no button)");
    }
    legend.square("none", Some(palette::PRESS), "press (numbered in order)");
    let n = board.presses.len();
    let words = format!("{n} press{}", if n == 1 { "" } else { "es" });
    let footer = draw::footer("presses", &words);
    let title = format!("Flip Game board, {} x {}: {words}", board.rows, board.cols);
    Ok(super::drawing::compose(group, Some(footer), Some(legend), title, None))
}

/// The piece over a cell of a board whose kind is its colour `kind`, of `colours`, for
/// [`Symbols`]; none over a hole (the kind `colours`).
fn piece_symbol(kind: usize, at: CellAt, colours: u8) -> Option<Box<dyn svg::Node>> {
    (kind < usize::from(colours)).then(|| Box::new(piece(at, kind as u8, colours)) as _)
}

/// [`piece_symbol`] for a board written in symbols: the piece drawn as a light.
fn light_symbol(kind: usize, at: CellAt, colours: u8) -> Option<Box<dyn svg::Node>> {
    (kind < usize::from(colours)).then(|| {
        let fill = palette::light_colour(kind as u8, colours);
        Box::new(piece(at, kind as u8, colours).set("fill", fill)) as _
    })
}

/// The piece of colour `colour` (of `colours`) on the cell `at`, in board units.
fn piece(at: CellAt, colour: u8, colours: u8) -> Circle {
    let (cx, cy) = draw::centre(at);
    Circle::new()
        .set("class", "piece")
        .set("cx", cx)
        .set("cy", cy)
        .set("r", CELL * 0.36)
        .set("data-colour", colour)
        .set("fill", palette::piece_colour(colour, colours))
        .set("stroke", palette::FLIP_PIECE_OUTLINE)
        .set("stroke-width", 1)
}

impl FlipPicture {
    /// The picture of a Flip Game board and its presses.
    ///
    /// In the board group (see the module docs of [`super`]): one `<rect class="square">` per cell
    /// (`#3f7f5a`), the lines between them (`<path class="grid">`), one `<circle class="piece">`
    /// per cell at its centre with `data-colour` and a fill from white (colour 0) to black (the
    /// last colour) in equal steps of grey (a hole is a `<rect class="hole">` of the page's colour
    /// with no piece, and the legend names it), then for each pressed cell a `<circle
    /// class="press">` ring (`#e8413c`) and a `<text class="press-number">` at the cell's centre
    /// with its press numbers, 1-based in press order, joined by `,` (`data-presses` holds the
    /// same). A line under the board says how many presses.
    ///
    /// # Errors
    ///
    /// A [`RenderError`] for pieces of the wrong length or colour, fewer than 2 colours, or a press
    /// outside the board.
    pub fn draw(&self) -> Result<Drawing, RenderError> {
        draw_flip(self)
    }
}

/// The lines between the squares of a `rows x cols` board, as one path in board units.
fn grid_lines(rows: usize, cols: usize) -> Path {
    let (width, height) = (cols as f64 * CELL, rows as f64 * CELL);
    let mut d = String::new();
    for r in 0..=rows {
        d.push_str(&format!("M0 {y} H{width} ", y = r as f64 * CELL));
    }
    for c in 0..=cols {
        d.push_str(&format!("M{x} 0 V{height} ", x = c as f64 * CELL));
    }
    Path::new()
        .set("class", "grid")
        .set("d", d.trim_end())
        .set("fill", "none")
        .set("stroke", palette::FLIP_PIECE_OUTLINE)
        .set("stroke-width", 0.5)
}
