//! [`LevelSource`]: where a batch reads its levels from, whatever their format.

use super::error::LevelError;
use crate::bloxorz::model::level::Level;

/// Where a batch reads its levels from, one after another, reusing one [`Level`]'s buffer: the
/// text pack reader ([`PackReader`](super::PackReader)) or the stages of the Flash game's file
/// ([`FlashStages`](super::FlashStages)).
pub trait LevelSource {
    /// Reads the next level into `level`: `None` when there are no more, `Some(Err(_))` for a
    /// level that could not be read (reading goes on after it).
    fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>>;

    /// How many levels have been started so far: the number of the level the last call
    /// returned.
    fn levels_started(&self) -> usize;

    /// Byte offset in the input just past the last level returned (for progress reporting).
    fn offset(&self) -> usize;

    /// True when reading the next level may wait for more input (a pipe or a terminal with
    /// nothing more at hand yet): a batch then passes on the levels it holds before it reads.
    /// False by default (a slice, a file read whole).
    fn would_block(&mut self) -> bool {
        false
    }
}

impl<T: LevelSource + ?Sized> LevelSource for &mut T {
    fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        (**self).read_into(level)
    }

    fn levels_started(&self) -> usize {
        (**self).levels_started()
    }

    fn offset(&self) -> usize {
        (**self).offset()
    }

    fn would_block(&mut self) -> bool {
        (**self).would_block()
    }
}
