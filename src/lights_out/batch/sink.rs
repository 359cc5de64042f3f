//! [`BatchSink`]: where a batch hands its records, lines, warnings and progress.

use std::io;

use super::options::BatchError;
use super::record::BoardRecord;
use crate::lights_out::variant::{Goal, Variant};
use crate::text::Position;

/// Where a [`Batch`](super::Batch) hands its answers, warnings and progress. Only [`BatchSink::record`] and
/// [`BatchSink::lines`] must be written; the others do nothing by default.
pub trait BatchSink {
    /// The sink's own error (a failed write); a [`BatchError`] that stops the batch becomes
    /// one.
    type Error: From<BatchError>;

    /// One board's record, answered or not ([`BoardRecord::error`]), in the input's order.
    ///
    /// # Errors
    ///
    /// The sink's; the batch stops with it.
    fn record(&mut self, record: &BoardRecord<'_>) -> Result<(), Self::Error>;

    /// Lines of the fast path (with [`BatchOptions::lines`](super::BatchOptions::lines)), whole, in the input's order
    /// between the records: JSON Lines records with counts, else answer lines.
    ///
    /// # Errors
    ///
    /// The sink's; the batch stops with it.
    fn lines(&mut self, lines: &[u8]) -> Result<(), Self::Error>;

    /// A warning about the input `FILE:LINE:COLUMN: ...` (a count line that does not match, an
    /// answer not proven minimal), after the records before it.
    fn warning(&mut self, message: &str) {
        let _ = message;
    }

    /// The input `name` read by [`Batch::run_bytes`](super::Batch::run_bytes) or
    /// [`Batch::run_stream`](super::Batch::run_stream) ended, after its last record and
    /// warning: `boards` boards were started in it (read or not, in the options' part or not),
    /// and `end` is where it ends (the line after its last line ending, column 1, or just past
    /// its last character). Not called when the sink stopped the batch.
    fn end(&mut self, name: &str, boards: usize, end: Position) {
        let _ = (name, boards, end);
    }

    /// A stream that ended with an I/O error after the records read from it.
    fn unreadable(&mut self, name: &str, error: &io::Error) {
        let _ = (name, error);
    }

    /// A long step starts (`Some`: `setting up the RxC solver`, `answering board N of FILE
    /// (...)`) or ends (`None`).
    fn step(&mut self, step: Option<&str>) {
        let _ = step;
    }

    /// A distance table of `variant` is being built: `reached` of `of` states.
    fn table_progress(&mut self, variant: &Variant, reached: u64, of: u64) {
        let _ = (variant, reached, of);
    }

    /// The distance table being built is done.
    fn table_built(&mut self) {}

    /// Called before a long pause (a table build): the sink may write out what it holds.
    ///
    /// # Errors
    ///
    /// The sink's; the batch stops with it.
    fn flush(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// Boards of at least this many cells (256x256) are long steps while their solver is set up
/// and while they are answered; so are boards whose null space is too large to weigh whole.
pub(crate) const SLOW_CELLS: usize = 1 << 16;

/// Runs `make`, the set-up of the solver of `variant`, as a long step for boards of
/// [`SLOW_CELLS`] or more and for every variant off the Flip Game's rules (linear algebra over
/// `Z_K`, whose set-up grows with the toggle pattern, the wrap-around and the holes as well as
/// the size).
pub(crate) fn set_up_step<T>(
    sink: &mut impl BatchSink,
    variant: &Variant,
    make: impl FnOnce() -> T,
) -> T {
    let size = variant.size();
    let flip_game_rules = variant.with_goal(Goal::Any).is_ok_and(|v| v.is_flip_game());
    let slow = size.cells() >= SLOW_CELLS || !flip_game_rules;
    if slow {
        sink.step(Some(&format!("setting up the {size} solver")));
    }
    let made = make();
    if slow {
        sink.step(None);
    }
    made
}
