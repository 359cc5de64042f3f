//! [`LevelSource`]: where a batch reads its levels from, whatever their format.

use super::error::LevelError;
use crate::bloxorz::model::level::Level;

/// Where a batch reads its levels from, one after another, reusing one [`Level`]'s buffer: the
/// text pack reader ([`PackReader`](super::PackReader)) or the stages of the Flash game's file
/// ([`FlashPack::source`](super::FlashPack::source)).
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

    /// Takes the next levels, as many as fit `max_weight` (cells plus
    /// [`Chunk::LEVEL_WEIGHT`] per level, and bytes of text) and `max_levels`, as a [`Chunk`]
    /// of text that another
    /// thread can read ([`Chunk::reader`]) with exactly the results, level numbers and
    /// positions that reading them here would give; the source then stands after them as if it
    /// had read them. False, leaving `chunk` empty and the source as it was, when the next level
    /// cannot be taken so (the default: a source that cannot; a text pack only takes levels it
    /// can follow line by line ahead of reading them, the next one is left to
    /// [`LevelSource::read_into`]).
    fn take_chunk(&mut self, chunk: &mut Chunk, max_weight: usize, max_levels: usize) -> bool {
        let _ = (chunk, max_weight, max_levels);
        false
    }
}

/// Levels of a text pack taken whole ([`LevelSource::take_chunk`]) to be read on another
/// thread: a copy of their lines, and where they stand in the input. The text buffer is kept
/// across uses.
#[derive(Debug, Clone, Default)]
pub struct Chunk {
    /// The lines of the levels, each ended by `\n`.
    pub(crate) text: Vec<u8>,
    /// The number of the first line of `text` in the input (1-based).
    pub(crate) first_line: usize,
    /// The byte offset of `text` in the input.
    pub(crate) offset: usize,
    /// Levels started in the input before these.
    pub(crate) levels_before: usize,
    /// Levels in `text`.
    pub(crate) levels: usize,
    /// Their weight: cells plus [`Chunk::LEVEL_WEIGHT`] per level.
    pub(crate) weight: usize,
    /// The memory limit of the reader that took them.
    pub(crate) max_memory: u64,
}

impl Chunk {
    /// The weight of one level besides its cells, in a chunk and in the runner's batches alike
    /// (see [`LevelSource::take_chunk`]): a batch of tiny levels is still bounded.
    pub const LEVEL_WEIGHT: usize = 64;

    /// How many levels the chunk holds.
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The weight of its levels: their cells plus [`Chunk::LEVEL_WEIGHT`] each.
    pub fn weight(&self) -> usize {
        self.weight
    }

    /// The byte offset of its first line in the input.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// Empties the chunk, keeping its buffer.
    pub fn clear(&mut self) {
        self.text.clear();
        self.levels = 0;
        self.weight = 0;
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

    fn take_chunk(&mut self, chunk: &mut Chunk, max_weight: usize, max_levels: usize) -> bool {
        (**self).take_chunk(chunk, max_weight, max_levels)
    }
}
