//! The fast path of the classic 4x4 Flip Game (POJ 1753) over a byte slice: boards in the common
//! layout (four lines of four `b`/`w` pieces, each ended by `\n`, 20 bytes a board) are checked
//! 16 bytes at a time (SWAR: three word loads and a handful of bit operations), turned into their
//! 16-bit state (bit `4 * row + col` set for a black piece) and answered from a distance table,
//! and the answers are appended to one output buffer as text lines (`N` or `Impossible`).
//!
//! Boards whose rows all end with `\r\n` (24 bytes) are taken the same way. Anything else
//! (mixed line endings, trailing spaces, separated pieces, a bad character, a short or long row,
//! a last board without its line ending, a count line) stops the fast path at the start of that
//! board, so that the caller reads it with [`BoardReader`](crate::lights_out::BoardReader), which gives its
//! answer or its positioned error, and then resumes the fast path after it. Blank lines (a lone
//! `\n`) between boards are skipped here, as the reader skips them.
//!
//! A block of non-blank lines of `4 * n` rows of 4 pieces is `n` 4x4 boards, but one of other
//! rows is one board (see the reader's module docs): a run counts the rows of the block it is in
//! ([`CleanRun::block_rows`]), so that the caller can take back the boards of a block the run did
//! not finish, and a full output does not stop a run inside such a block.

use crate::lights_out::board::swar::{LOW_BITS, PIECE_DIFF, gather_low_bits, word_bad};
use crate::lights_out::size::BoardSize;
use crate::lights_out::table::bfs::IMPOSSIBLE;

/// The states of the 4x4 board: 2^16.
pub(crate) const STATES: usize = 1 << 16;

/// Bytes of one board in the common layout: four rows of four pieces, each followed by `\n`.
pub(crate) const CLEAN_BOARD_BYTES: usize = 20;

/// Bytes of one board in the common layout with CRLF line endings.
pub(crate) const CLEAN_CRLF_BOARD_BYTES: usize = 24;

/// A board layout as three little-endian words: per byte, what it must be (`w` stands for a
/// piece: `b` or `w`), and the bits it may differ in from that (`b ^ w` at pieces, 0 elsewhere).
struct Layout {
    expect: [u64; 3],
    allowed: [u64; 3],
    /// Bytes from one row's first piece to the next's.
    stride: u32,
}

const fn layout(text: &[u8], stride: u32) -> Layout {
    let mut expect = [0u64; 3];
    let mut allowed = [0u64; 3];
    let mut i = 0;
    while i < text.len() {
        expect[i / 8] |= (text[i] as u64) << (8 * (i % 8));
        if text[i] == b'w' {
            allowed[i / 8] |= (PIECE_DIFF as u64) << (8 * (i % 8));
        }
        i += 1;
    }
    Layout { expect, allowed, stride }
}

const LF: Layout = layout(b"wwww\nwwww\nwwww\nwwww\n", 5);
const CRLF: Layout = layout(b"wwww\r\nwwww\r\nwwww\r\nwwww\r\n", 6);

/// The state of a board whose three words are `words` in `layout`, or `None`.
#[inline(always)]
fn layout_state(words: [u64; 3], layout: &Layout) -> Option<u16> {
    let d = [0, 1, 2].map(|i| words[i] ^ layout.expect[i]);
    let bad = word_bad(d[0], layout.allowed[0])
        | word_bad(d[1], layout.allowed[1])
        | word_bad(d[2], layout.allowed[2]);
    if bad != 0 {
        return None;
    }
    // Bit i of `bits` is set when byte i is `b` (everything else is 0).
    let bits = gather_low_bits(d[0] & LOW_BITS)
        | gather_low_bits(d[1] & LOW_BITS) << 8
        | gather_low_bits(d[2] & LOW_BITS) << 16;
    let s = layout.stride;
    let state = (bits & 0xF)
        | (bits >> s & 0xF) << 4
        | (bits >> (2 * s) & 0xF) << 8
        | (bits >> (3 * s) & 0xF) << 12;
    Some(state as u16)
}

fn word(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// The 16-bit state of the board in `bytes` (bit
/// `4 * row + col` set for a black piece) when the 20 bytes are a board in the common layout:
/// four rows of four `b` or `w`, each followed by `\n`. `None` for anything else.
#[inline]
pub(crate) fn clean_board_state(bytes: &[u8; CLEAN_BOARD_BYTES]) -> Option<u16> {
    let tail = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
    layout_state([word(bytes, 0), word(bytes, 8), u64::from(tail)], &LF)
}

/// [`clean_board_state`] for a board whose rows end with `\r\n` (24 bytes).
#[inline]
pub(crate) fn clean_crlf_board_state(bytes: &[u8; CLEAN_CRLF_BOARD_BYTES]) -> Option<u16> {
    layout_state([word(bytes, 0), word(bytes, 8), word(bytes, 16)], &CRLF)
}

/// Where [`answer_clean_boards`] stopped, and what it read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CleanRun {
    /// Byte offset where it stopped: the end of the input, the start of a line that does not
    /// begin a board in the common layout, or the next board when the output is full.
    pub(crate) end: usize,
    /// Boards answered.
    pub(crate) boards: usize,
    /// Lines read (four a board, one a blank line).
    pub(crate) lines: usize,
    /// Rows of the block of non-blank lines the run ended in (0 after a blank line): those the
    /// run started in, four a board after them.
    pub(crate) block_rows: usize,
    /// Byte offset where that block starts, when the run read all its rows (else the run's
    /// start).
    pub(crate) block_start: usize,
}

impl CleanRun {
    /// A run from byte `start`, inside a block of `block_rows` rows read before it.
    pub(crate) fn at(start: usize, block_rows: usize) -> CleanRun {
        CleanRun { end: start, boards: 0, lines: 0, block_rows, block_start: start }
    }

    /// True when the run is inside a block of rows of 4 pieces that may yet turn out to be one
    /// board of its own rows (not a multiple of 4, at most [`BoardSize::MAX_SIDE`]): the boards
    /// read of it are not answers yet.
    #[inline(always)]
    pub(crate) fn open(&self) -> bool {
        self.block_rows > 0 && self.block_rows <= BoardSize::MAX_SIDE
    }

    /// [`CleanRun::open`], and the block goes on at `rest`, the input after the run (not at
    /// its end, nor at a blank line, which the run would skip).
    #[inline(always)]
    pub(crate) fn open_at(&self, rest: &[u8]) -> bool {
        self.open() && !matches!(rest, [] | [b'\n', ..] | [b'\r', b'\n', ..])
    }

    /// Counts a clean board.
    #[inline(always)]
    fn board(&mut self) {
        self.boards += 1;
        self.lines += 4;
        self.block_rows += 4;
    }

    /// Counts a blank line, after which a block starts at byte `next`.
    #[inline(always)]
    fn blank(&mut self, next: usize) {
        self.lines += 1;
        self.block_rows = 0;
        self.block_start = next;
    }
}

/// The longest answer line: `Impossible\n`.
const MAX_ANSWER: usize = 11;

/// Answers the boards of `bytes` from byte `start` (the start of a line, between boards) for as
/// long as they are in the common layout ([`clean_board_state`], [`clean_crlf_board_state`]),
/// skipping blank lines (a lone `\n` or `\r\n`) between them: appends one line per board to `out`, the distance in `table` (a 4x4
/// distance table's bytes, indexed by state) or `Impossible`. Stops at the end of `bytes`, at
/// the first line that is neither blank nor the start of a clean board (the caller reads that
/// board another way), or once `out` holds at least `out_limit` bytes (so the caller can write
/// it out and keep memory bounded) outside a block that is [`CleanRun::open_at`]. `block_rows`
/// counts the rows of the block `start` is in, read before it (0 at the start of a block).
///
/// # Panics
///
/// If `table` does not hold the 2^16 entries of the 4x4 board, or `start` is past the end of
/// `bytes`.
pub(crate) fn answer_clean_boards(
    bytes: &[u8],
    start: usize,
    block_rows: usize,
    table: &[u8],
    out: &mut Vec<u8>,
    out_limit: usize,
) -> CleanRun {
    let table: &[u8; STATES] = table.try_into().expect("a 4x4 table has 2^16 entries");
    let mut run = CleanRun::at(start, block_rows);
    let mut rest = &bytes[start..];
    // Answers are written through a zeroed window in batches, each answer as a 16-byte copy
    // (its line and padding the next answer overwrites), then the window is cut to its length.
    // Batches grow from a few boards, so a call that stops at once costs little.
    let mut batch = 32;
    'outer: while out.len() < out_limit || run.open_at(rest) {
        let mut len = out.len();
        out.resize(len + batch * MAX_ANSWER + 16, 0);
        for _ in 0..batch {
            let state = if let Some((board, after)) = rest.split_first_chunk() {
                match clean_board_state(board) {
                    Some(state) => {
                        rest = after;
                        Some(state)
                    }
                    None => None,
                }
            } else {
                None
            };
            let state = state.or_else(|| {
                let (board, after) = rest.split_first_chunk()?;
                let state = clean_crlf_board_state(board)?;
                rest = after;
                Some(state)
            });
            match state {
                Some(state) => {
                    let (line, n) = &ANSWERS[usize::from(table[usize::from(state)])];
                    out[len..len + 16].copy_from_slice(line);
                    len += usize::from(*n);
                    run.board();
                }
                None => {
                    // A blank line (`\n` or `\r\n`) is skipped; anything else stops the run.
                    match rest {
                        [b'\n', after @ ..] | [b'\r', b'\n', after @ ..] => {
                            run.blank(bytes.len() - after.len());
                            rest = after;
                        }
                        _ => {
                            out.truncate(len);
                            break 'outer;
                        }
                    }
                }
            }
        }
        out.truncate(len);
        batch = (batch * 2).min(4096);
    }
    run.end = bytes.len() - rest.len();
    run
}

/// Calls `each` with the state of every board of `bytes` from byte `start` (the start of a
/// line, between boards) for as long as they are in the common layout ([`clean_board_state`],
/// [`clean_crlf_board_state`]), skipping blank lines (a lone `\n` or `\r\n`) between them, as
/// [`answer_clean_boards`] reads them; for callers that print more than the distance. Stops at
/// the end of `bytes`, at the first line that is neither blank nor the start of a clean board
/// (the caller reads that board another way), or right after a board for which `each` returned
/// `false` (so the caller can write its output out and keep memory bounded).
///
/// # Panics
///
/// If `start` is past the end of `bytes`.
#[cfg(test)]
pub(crate) fn each_clean_board(
    bytes: &[u8],
    start: usize,
    mut each: impl FnMut(u16) -> bool,
) -> CleanRun {
    let mut run = CleanRun::at(start, 0);
    let mut rest = &bytes[start..];
    while let Some(state) = next_clean_board(bytes.len(), &mut rest, &mut run) {
        if !each(state) {
            break;
        }
    }
    run.end = bytes.len() - rest.len();
    run
}

/// The state of the next board of `rest` (which starts at the start of a line, between boards)
/// when it is in the common layout ([`clean_board_state`], [`clean_crlf_board_state`]), after
/// the blank lines (a lone `\n` or `\r\n`) before it: `rest` (the end of an input of `len`
/// bytes) is moved past the board and `run` counts the board and the lines read (four a board,
/// one a blank line). `None` at the end of `rest` or at a line that is neither blank nor the
/// start of a clean board (`rest` then starts at that line). The step of a loop over the clean
/// boards, for loops that keep their state in locals.
#[inline(always)]
pub(crate) fn next_clean_board(len: usize, rest: &mut &[u8], run: &mut CleanRun) -> Option<u16> {
    loop {
        if let Some((board, after)) = rest.split_first_chunk()
            && let Some(state) = clean_board_state(board)
        {
            *rest = after;
            run.board();
            return Some(state);
        }
        if let Some((board, after)) = rest.split_first_chunk()
            && let Some(state) = clean_crlf_board_state(board)
        {
            *rest = after;
            run.board();
            return Some(state);
        }
        match rest {
            [b'\n', after @ ..] | [b'\r', b'\n', after @ ..] => {
                run.blank(len - after.len());
                *rest = after;
            }
            _ => return None,
        }
    }
}

/// The answer line for every table entry value, padded to 16 bytes, with its length: the
/// distance and `\n`, or `Impossible\n`.
const ANSWERS: [([u8; 16], u8); 256] = {
    let mut lines = [([0u8; 16], 0u8); 256];
    let mut d = 0;
    while d < 256 {
        let (line, n) = &mut lines[d];
        if d == IMPOSSIBLE as usize {
            let text = b"Impossible\n";
            let mut i = 0;
            while i < text.len() {
                line[i] = text[i];
                i += 1;
            }
            *n = text.len() as u8;
        } else {
            let digits = [(d / 100) as u8, (d / 10 % 10) as u8, (d % 10) as u8];
            let skip = if d >= 100 {
                0
            } else if d >= 10 {
                1
            } else {
                2
            };
            let mut i = skip;
            while i < 3 {
                line[i - skip] = b'0' + digits[i];
                i += 1;
            }
            line[3 - skip] = b'\n';
            *n = (4 - skip) as u8;
        }
        d += 1;
    }
    lines
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::DistanceTable;
    use crate::lights_out::{Alphabet, Board};

    const SAMPLE: &[u8; 20] = b"bwwb\nbbwb\nbwwb\nbwww\n";

    #[test]
    fn every_state_round_trips() {
        for s in 0..=u16::MAX {
            let board = Board::from_state(4, 4, 2, u64::from(s));
            let board = board.to_text(&Alphabet::default_for(2)).replace('/', "\n") + "\n";
            let bytes: &[u8; 20] = board.as_bytes().try_into().unwrap();
            assert_eq!(clean_board_state(bytes), Some(s), "{board:?}");
        }
    }

    #[test]
    fn every_single_byte_corruption_is_refused() {
        for at in 0..20 {
            for byte in 0..=u8::MAX {
                let mut board = *SAMPLE;
                board[at] = byte;
                let valid = if at % 5 == 4 { byte == b'\n' } else { byte == b'b' || byte == b'w' };
                assert_eq!(clean_board_state(&board).is_some(), valid, "byte {byte:#x} at {at}");
            }
        }
    }

    #[test]
    fn the_layouts_read_their_state() {
        assert_eq!(clean_board_state(SAMPLE), Some(0b0001_1001_1011_1001));
        assert_eq!(clean_board_state(b"bwwb\nbbwb\nbwwb\nbwwx\n"), None);
        let crlf = b"bwwb\r\nbbwb\r\nbwwb\r\nbwww\r\n";
        assert_eq!(clean_crlf_board_state(crlf), Some(0b0001_1001_1011_1001));
    }

    #[test]
    fn each_and_next_clean_board_read_boards_until_an_irregular_line() {
        let mut states = Vec::new();
        let text = b"bwwb\nbbwb\nbwwb\nbwww\n\nbbbb\r\nbbbb\r\nbbbb\r\nbbbb\r\nbx";
        let run = each_clean_board(text, 0, |state| {
            states.push(state);
            true
        });
        assert_eq!(states, [0b0001_1001_1011_1001, 0xFFFF]);
        // The run ends in the block of the CRLF board, started at byte 21, after 4 rows.
        let want = CleanRun { end: 45, boards: 2, lines: 9, block_rows: 4, block_start: 21 };
        assert_eq!(run, want);
        let mut rest: &[u8] = b"\nbwwb\nbbwb\nbwwb\nbwww\nbx";
        let mut run = CleanRun::at(0, 0);
        let len = rest.len();
        assert_eq!(next_clean_board(len, &mut rest, &mut run), Some(0b0001_1001_1011_1001));
        assert_eq!((rest, run.lines, run.block_rows, run.block_start), (&b"bx"[..], 5, 4, 1));
        assert!(run.open(), "the block goes on with `bx`: it may be one board of 5 rows");
        assert_eq!(next_clean_board(len, &mut rest, &mut run), None);
    }

    #[test]
    fn stops_at_an_irregular_board_and_skips_blank_lines() {
        let table = DistanceTable::embedded();
        let text = b"\nbwwb\nbbwb\nbwwb\nbwww\n\nbbbb\nbbbb\nbbbb\nbbbb\nbwwb\r\n";
        let mut out = Vec::new();
        let run = answer_clean_boards(text, 0, 0, table.as_bytes(), &mut out, usize::MAX);
        assert_eq!(out, b"4\n0\n");
        let want = CleanRun { end: 42, boards: 2, lines: 10, block_rows: 4, block_start: 22 };
        assert_eq!(run, want);
        // A full output does not stop a run inside a block that may be one board (batches of
        // 32, 64, 128, then 256 boards: 1,920 rows, past 1,024); past it, it does.
        let text = b"bwwb\nbbwb\nbwwb\nbwww\n".repeat(2000);
        out.clear();
        let run = answer_clean_boards(&text, 0, 0, table.as_bytes(), &mut out, 1);
        assert_eq!((run.boards, run.block_rows, run.open()), (480, 1920, false));
        out.clear();
        let run = answer_clean_boards(&text, run.end, 1920, table.as_bytes(), &mut out, 1);
        assert_eq!((run.boards, run.block_rows, run.block_start), (32, 2048, 480 * 20));
        // A block that ends at a blank line is no longer open: a full output stops there.
        let text = b"bwwb\nbbwb\nbwwb\nbwww\n\n".repeat(2000);
        out.clear();
        let run = answer_clean_boards(&text, 0, 0, table.as_bytes(), &mut out, 1);
        assert_eq!(run.boards, 16, "a first batch of 32 steps: boards and blank lines");
        assert!(!run.open_at(&text[run.end..]));
    }
}
