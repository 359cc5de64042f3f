//! Per-board holes: the solver follows each board's hole mask, made again whenever a board's
//! size or holes differ from the last one's; and the variants with buttons or holes.

use super::options::{BatchError, BatchOptions};
use super::sink::{BatchSink, set_up_step};
use crate::lights_out::board::Board;
use crate::lights_out::size::BoardSize;
use crate::lights_out::solve::Solver;
use crate::lights_out::solve::SolverError;
use crate::lights_out::variant::Variant;

/// The variant of `base` (its buttons too) with `holes` (`R * C` flags; none when empty).
pub(crate) fn variant_with(base: &Variant, holes: Vec<bool>) -> Result<Variant, BatchError> {
    let size = base.size();
    let mut builder = Variant::builder(size.rows(), size.cols())
        .toggle(base.toggle().clone())
        .wrap(base.wrap())
        .colours(base.colours())
        .goal(base.goal())
        .holes(holes);
    if let Some(buttons) = base.buttons().cloned() {
        builder = builder.buttons(buttons);
    }
    builder.build().map_err(BatchError::Variant)
}

/// The solver of each board's holes: the cells reading as `K` are holes.
#[derive(Debug)]
pub(crate) struct Holes {
    /// The value a hole reads as, `K`.
    value: u8,
    /// The size of the solver now, `None` when the solver is not one this made (or not
    /// known to be).
    size: Option<BoardSize>,
    /// The hole mask of the solver now (empty: none).
    mask: Vec<bool>,
}

impl Holes {
    /// Follows the holes of boards of `K` colours; the solver of `size` now is the one of no
    /// holes.
    pub(crate) fn new(colours: u8, size: BoardSize) -> Holes {
        Holes { value: colours, size: Some(size), mask: Vec::new() }
    }

    /// Forgets which solver is made: the next board's gets one of its own.
    pub(crate) fn forget(&mut self) {
        self.size = None;
    }

    /// Makes `solver` the solver of `board`'s holes in `base` (the variant of the board's size
    /// without holes), set up with `options`; false when every cell is a hole (the board then
    /// meets every goal with no press).
    ///
    /// # Errors
    ///
    /// The solver's set-up errors.
    pub(crate) fn fit(
        &mut self,
        options: &BatchOptions,
        base: &Variant,
        board: &Board,
        solver: &mut Solver<'_>,
        sink: &mut impl BatchSink,
    ) -> Result<bool, BatchError> {
        let holes = board.cells().iter().filter(|&&c| c == self.value).count();
        if holes == board.cells().len() {
            return Ok(false);
        }
        let same = self.size == Some(base.size())
            && match holes {
                0 => self.mask.is_empty(),
                _ => {
                    self.mask.len() == board.cells().len()
                        && board
                            .cells()
                            .iter()
                            .zip(&self.mask)
                            .all(|(&c, &h)| (c == self.value) == h)
                }
            };
        if !same {
            self.mask = match holes {
                0 => Vec::new(),
                _ => board.cells().iter().map(|&c| c == self.value).collect(),
            };
            self.size = None;
            let variant = variant_with(base, self.mask.clone())?;
            let made = set_up_step(sink, &variant, || options.solver(&variant));
            *solver = made.map_err(|e| match e {
                e @ SolverError::SetupTooCostly { .. } => options.set_up_error(e, &variant),
                e => BatchError::Solver { context: String::new(), source: e },
            })?;
            self.size = Some(base.size());
        }
        Ok(true)
    }
}
