//! The 4x4 fast path of `flipblox flip` over a file held whole (a memory map or a slice): clean
//! boards are answered by [`flipblox::flip::fast`], straight into one output buffer written out
//! every few MB; every other board, from the first line the fast path refuses, is read by the
//! positioned [`BoardReader`] and answered or reported exactly as the general path does, and the
//! fast path resumes after it. Used only for the default case (4x4, the default variant, the
//! embedded table, plain answers): see [`applies`].

use flipblox::flip::fast::answer_clean_boards;
use flipblox::flip::{BoardReader, DistanceTable, board_line_limit};
use flipblox::text::{LineSource, Lines};

use super::super::print::Printer;
use super::{Boards, FlipArgs, MethodArg, OutputArg, warn_count};

/// Output buffered before it is written out.
const OUT_LIMIT: usize = 4 << 20;

/// True when `args` asks for plain answers of 4x4 boards of the default variant from the
/// embedded table (no --size, --table, --path, --json, --output grid, variant options).
pub(super) fn applies(args: &FlipArgs) -> bool {
    args.size.is_none()
        && args.table.is_none()
        && !args.path
        && !args.json
        && args.output == OutputArg::Line
        && args.method == MethodArg::Auto
        && args.variant.is_default()
        && args.shard.shard.is_none()
}

impl Boards<'_, '_> {
    /// Reads, answers and prints every board of `bytes` (the input `name`), as
    /// [`Boards::answer_all`] does, clean boards by the fast path.
    pub(super) fn answer_all_fast(
        &mut self,
        printer: &mut Printer,
        name: &str,
        bytes: &[u8],
    ) -> anyhow::Result<()> {
        let table = DistanceTable::embedded();
        let limit = board_line_limit(4);
        let mut reader = BoardReader::new(bytes, 4, 4);
        // Old Mac text (lines end at a lone `\r`, decided by the file's start, src/text.rs):
        // a later `\n` does not end a line there, so the fast check, which reads `\n` endings,
        // does not apply; the positioned reader reads the whole file.
        if reader.lines_mut().ending() != b'\n' {
            return self.answer_all(printer, name, reader);
        }
        let count = reader.read_count_line(|_| false);
        let mut offset = reader.lines_mut().offset();
        let mut line = reader.lines_mut().peek_line().map_or(1, |next| next.number);
        let mut boards = 0usize;
        let mut out = Vec::with_capacity(OUT_LIMIT + (1 << 16));
        while offset < bytes.len() {
            let run = answer_clean_boards(bytes, offset, table.as_bytes(), &mut out, OUT_LIMIT);
            (offset, boards, line) = (run.end, boards + run.boards, line + run.lines);
            let full = out.len() >= OUT_LIMIT;
            printer.lines(&out)?;
            out.clear();
            if full || offset >= bytes.len() {
                continue;
            }
            // One board (or the blank lines that end the input) by the positioned reader.
            let lines = Lines::starting_at(bytes, limit, offset, line);
            let mut reader = BoardReader::from_lines(lines, 4, 4);
            let Some(result) = self.answerer.read(&mut reader) else { break };
            boards += 1;
            match result {
                Ok(()) => self.answerer.answer(printer, name, boards, reader.board_start())?,
                Err(mut e) => {
                    e.board = boards;
                    self.answerer.failure(printer, name, boards, &e)?;
                    *self.failed = true;
                }
            }
            offset = reader.lines_mut().offset();
            match reader.lines_mut().peek_line() {
                Some(next) => line = next.number,
                None => break,
            }
        }
        warn_count(printer, name, count, boards);
        Ok(())
    }
}
