//! Why a picture could not be drawn.

use super::draw::CellAt;

/// Why a picture could not be drawn or written: the view model does not describe a picture, the
/// SVG could not be rasterised, or the PNG could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RenderError {
    /// A grid with no rows or no columns.
    #[error("{what}: expected at least one row and one column, found {rows} x {cols}")]
    EmptyGrid {
        /// Which grid (`"level"`, `"field"`, `"board"`).
        what: &'static str,
        /// Rows given.
        rows: usize,
        /// Columns given.
        cols: usize,
    },
    /// A list whose length does not match the grid.
    #[error("{what}: expected {expected} entries, found {found}")]
    Length {
        /// Which list (`"tiles"`, `"distances"`, ...).
        what: &'static str,
        /// The length the grid needs.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// A cell outside the grid.
    #[error(
        "{what}: expected a cell inside the {rows} x {cols} grid, found row {}, column {}",
        cell.0 + 1,
        cell.1 + 1
    )]
    OutOfGrid {
        /// What the cell is (`"switch link"`, `"frame 3"`, ...).
        what: String,
        /// The cell, 0-based.
        cell: (usize, usize),
        /// Rows of the grid.
        rows: usize,
        /// Columns of the grid.
        cols: usize,
    },
    /// Any other inconsistency in a view model, described in words (`"frame 3: expected two
    /// orthogonally adjacent cells for a lying block, found ..."`).
    #[error("{0}")]
    Invalid(String),
    /// The SVG could not be parsed for rasterising (only for SVG not written by this module).
    #[error("cannot read the SVG: {0}")]
    Svg(String),
    /// The PNG would have no pixels, or more than [`PngOptions::max_side`] on a side at the
    /// smallest scale, or could not be encoded.
    ///
    /// [`PngOptions::max_side`]: super::PngOptions::max_side
    #[error("cannot make the PNG: {0}")]
    Png(String),
    /// The memory for the picture (its cells, its pixels) cannot be had.
    #[error(transparent)]
    Memory(#[from] crate::memory::AllocError),
    /// The PNG could not be written ([`Drawing::write_png`]): the writer failed, or the encoder
    /// did; the message is the writer's or the encoder's, for the caller to put after the
    /// output's name. The encoder passes some of the writer's errors on as errors of kind
    /// `Other` with their message.
    ///
    /// [`Drawing::write_png`]: super::Drawing::write_png
    #[error(transparent)]
    Io(std::io::Error),
}

/// Checks that `cell` lies in a `rows x cols` grid.
pub(crate) fn check_cell(
    what: impl FnOnce() -> String,
    cell: CellAt,
    rows: usize,
    cols: usize,
) -> Result<(), RenderError> {
    if cell.0 < rows && cell.1 < cols {
        Ok(())
    } else {
        Err(RenderError::OutOfGrid { what: what(), cell, rows, cols })
    }
}

/// Checks a grid's size and the length of one of its row-major lists (`per_cell` entries per
/// cell).
pub(crate) fn check_grid(
    what: &'static str,
    rows: usize,
    cols: usize,
    list: &'static str,
    len: usize,
    per_cell: usize,
) -> Result<(), RenderError> {
    if rows == 0 || cols == 0 {
        return Err(RenderError::EmptyGrid { what, rows, cols });
    }
    let expected = rows
        .checked_mul(cols)
        .and_then(|n| n.checked_mul(per_cell))
        .ok_or_else(|| RenderError::Invalid(format!("{what}: {rows} x {cols} is too large")))?;
    if len != expected {
        return Err(RenderError::Length { what: list, expected, found: len });
    }
    Ok(())
}
