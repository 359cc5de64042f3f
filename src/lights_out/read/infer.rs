//! Sizes read from the input ([`BoardReader::inferring`]): the first non-blank line decides
//! whether the boards follow size lines (`size_lines.rs`) or come in blocks (`blocks.rs`).

use super::error::{BoardError, BoardErrorKind};
use super::reader::{BoardReader, Sizes};
use super::row::is_blank;
use super::size_lines::size_line;
use crate::lights_out::board::colours::Board;
use crate::text::{Line, LineSource};

impl<S: LineSource> BoardReader<S> {
    /// [`BoardReader::read_into`] for a reader that reads sizes from the input.
    pub(super) fn read_inferred(&mut self, board: &mut Board) -> Option<Result<(), BoardError>> {
        loop {
            match self.sizes {
                Sizes::Ended => return None,
                Sizes::Fixed => return self.read_into(board),
                Sizes::SizeLines => return self.read_after_size_line(board),
                Sizes::Blocks => return self.read_block(board),
                Sizes::Undecided => {}
            }
            let first = self.skip_blank_lines()?;
            let (text, number) = (first.text.to_vec(), first.number);
            let first = Line { number, offset: first.offset, text: &text };
            if size_line(&text).is_some() {
                if !text.iter().all(|&b| is_blank(b) || self.alphabet.colour_of(b).is_some()) {
                    self.sizes = Sizes::SizeLines;
                    continue;
                }
                // Read as a row and as a size line alike: refused, and the block skipped.
                self.lines.next_line();
                self.sizes = Sizes::Blocks;
                let found = crate::text::quote(&text).to_string();
                let error =
                    self.fail(first.position(0), BoardErrorKind::AmbiguousSizeLine { found });
                self.skip_block();
                return Some(Err(error));
            }
            self.sizes = Sizes::Blocks;
        }
    }
}
