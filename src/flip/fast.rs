//! The fast path of the classic 4x4 Flip Game (POJ 1753) over a byte slice: boards in the common
//! layout (four lines of four `b`/`w` pieces, each ended by `\n`, 20 bytes a board) are checked
//! 16 bytes at a time (SWAR: three word loads and a handful of bit operations), turned into their
//! 16-bit state ([`Board`](super::Board) bit layout) and answered from a distance table, and the
//! answers are appended to one output buffer as text lines (`N` or `Impossible`).
//!
//! Anything else (CRLF, trailing spaces, separated pieces, a bad character, a short or long row,
//! a last board without its line ending, a count line) stops the fast path at the start of that
//! board, so that the caller reads it with [`BoardReader`](super::BoardReader), which gives its
//! answer or its positioned error, and then resumes the fast path after it. Blank lines (a lone
//! `\n`) between boards are skipped here, as the reader skips them.

use super::bfs::IMPOSSIBLE;
use super::board::STATES;

/// Bytes of one board in the common layout: four rows of four pieces, each followed by `\n`.
pub const CLEAN_BOARD_BYTES: usize = 20;

/// Per byte of the first 16 bytes of a board: `w` where a piece belongs, `\n` where a row ends
/// (offsets 4, 9 and 14), as one little-endian word each.
const EXPECT_LO: u64 = u64::from_le_bytes(*b"wwww\nwww");
const EXPECT_HI: u64 = u64::from_le_bytes(*b"w\nwwww\nw");
/// The last four bytes: three pieces and the line ending at offset 19.
const EXPECT_TAIL: u32 = u32::from_le_bytes(*b"www\n");

/// The bits a byte of a piece may differ from `w` in: `b ^ w = 0x15`.
const PIECE_DIFF: u8 = b'b' ^ b'w';
/// [`PIECE_DIFF`] at piece bytes, 0 at line endings (the bits each byte may differ in).
const ALLOWED_LO: u64 = allowed(*b"wwww\nwww");
const ALLOWED_HI: u64 = allowed(*b"w\nwwww\nw");
const ALLOWED_TAIL: u32 = allowed(*b"www\n") as u32;

const fn allowed<const N: usize>(layout: [u8; N]) -> u64 {
    let mut word = 0u64;
    let mut i = 0;
    while i < N {
        if layout[i] == b'w' {
            word |= (PIECE_DIFF as u64) << (8 * i);
        }
        i += 1;
    }
    word
}

/// Bit 0 of every byte.
const LOW_BITS: u64 = 0x0101_0101_0101_0101;
/// Bits 0 and 2 of every byte.
const PAIR_BITS: u64 = 0x0505_0505_0505_0505;

/// `diff` (a word of bytes XORed with `w`/`\n`) is a valid word when every byte differs only in
/// `allowed`'s bits and a piece byte differs in all three bits of `b ^ w` or in none (so it is
/// `b` or `w`): bits 0, 2 and 4 of each byte are equal.
#[inline(always)]
fn word_ok(diff: u64, allowed: u64) -> bool {
    // Shifting by 2 moves bits 2 and 4 of each byte onto its bits 0 and 2; the bits that cross
    // into the byte below land on its bits 6 and 7, which the mask drops.
    (diff & !allowed) | ((diff ^ (diff >> 2)) & PAIR_BITS) == 0
}

/// Gathers bit 0 of each of the 8 bytes of `word` (whose other bits are clear) into the 8 bits
/// of the result, byte `i` to bit `i` (one multiplication: the partial products never overlap).
#[inline(always)]
fn gather_low_bits(word: u64) -> u64 {
    word.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The 16-bit state of the board in `bytes` (the [`Board`](super::Board) bit layout: bit
/// `4 * row + col` set for a black piece) when the 20 bytes are a board in the common layout:
/// four rows of four `b` or `w`, each followed by `\n`. `None` for anything else.
///
/// ```
/// use flipblox::flip::fast::clean_board_state;
/// assert_eq!(clean_board_state(b"bwwb\nbbwb\nbwwb\nbwww\n"), Some(0b0001_1001_1011_1001));
/// assert_eq!(clean_board_state(b"bwwb\nbbwb\nbwwb\nbwwx\n"), None);
/// ```
#[inline]
pub fn clean_board_state(bytes: &[u8; CLEAN_BOARD_BYTES]) -> Option<u16> {
    let lo = u64::from_le_bytes(bytes[0..8].try_into().expect("8 bytes"));
    let hi = u64::from_le_bytes(bytes[8..16].try_into().expect("8 bytes"));
    let tail = u32::from_le_bytes(bytes[16..20].try_into().expect("4 bytes"));
    let (dlo, dhi, dtail) = (lo ^ EXPECT_LO, hi ^ EXPECT_HI, u64::from(tail ^ EXPECT_TAIL));
    let ok = word_ok(dlo, ALLOWED_LO)
        & word_ok(dhi, ALLOWED_HI)
        & word_ok(dtail, u64::from(ALLOWED_TAIL));
    if !ok {
        return None;
    }
    // Bit i of `bits` is set when byte i is `b` (line endings are 0).
    let bits = gather_low_bits(dlo & LOW_BITS)
        | gather_low_bits(dhi & LOW_BITS) << 8
        | gather_low_bits(dtail & LOW_BITS) << 16;
    // Drop the line endings at bits 4, 9 and 14.
    let state = (bits & 0xF) | (bits >> 1 & 0xF0) | (bits >> 2 & 0xF00) | (bits >> 3 & 0xF000);
    Some(state as u16)
}

/// Where [`answer_clean_boards`] stopped, and what it read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CleanRun {
    /// Byte offset where it stopped: the end of the input, the start of a line that does not
    /// begin a board in the common layout, or the next board when the output is full.
    pub end: usize,
    /// Boards answered.
    pub boards: usize,
    /// Lines read (four a board, one a blank line).
    pub lines: usize,
}

/// The longest answer line: `Impossible\n`.
const MAX_ANSWER: usize = 11;

/// Answers the boards of `bytes` from byte `start` (the start of a line, between boards) for as
/// long as they are in the common layout ([`clean_board_state`]), skipping blank lines (a lone
/// `\n`) between them: appends one line per board to `out`, the distance in `table` (a 4x4
/// distance table's bytes, indexed by state) or `Impossible`. Stops at the end of `bytes`, at
/// the first line that is neither blank nor the start of a clean board (the caller reads that
/// board another way), or once `out` holds at least `out_limit` bytes (so the caller can write
/// it out and keep memory bounded).
///
/// # Panics
///
/// If `table` does not hold the 2^16 entries of the 4x4 board, or `start` is past the end of
/// `bytes`.
pub fn answer_clean_boards(
    bytes: &[u8],
    start: usize,
    table: &[u8],
    out: &mut Vec<u8>,
    out_limit: usize,
) -> CleanRun {
    let table: &[u8; STATES] = table.try_into().expect("a 4x4 table has 2^16 entries");
    let answers = answer_lines();
    let mut run = CleanRun { end: start, boards: 0, lines: 0 };
    let mut rest = &bytes[start..];
    // Answers are written through a zeroed window in batches, each answer as a 16-byte copy
    // (its line and padding the next answer overwrites), then the window is cut to its length.
    const BATCH: usize = 4096;
    'outer: while out.len() < out_limit {
        let mut len = out.len();
        out.resize(len + BATCH * MAX_ANSWER + 16, 0);
        let mut left = BATCH;
        while left > 0 {
            match rest.split_first_chunk::<CLEAN_BOARD_BYTES>() {
                Some((board, after)) => match clean_board_state(board) {
                    Some(state) => {
                        let (line, n) = &answers[usize::from(table[usize::from(state)])];
                        out[len..len + 16].copy_from_slice(line);
                        len += usize::from(*n);
                        left -= 1;
                        run.boards += 1;
                        run.lines += 4;
                        rest = after;
                    }
                    None if board[0] == b'\n' => {
                        run.lines += 1;
                        rest = &rest[1..];
                    }
                    None => {
                        out.truncate(len);
                        break 'outer;
                    }
                },
                None => {
                    // Fewer than 20 bytes: only blank lines are skipped here.
                    while let Some((b'\n', after)) = rest.split_first() {
                        run.lines += 1;
                        rest = after;
                    }
                    out.truncate(len);
                    break 'outer;
                }
            }
        }
        out.truncate(len);
    }
    run.end = bytes.len() - rest.len();
    run
}

/// The answer line for every table entry value, padded to 16 bytes, with its length: the distance
/// and `\n`, or `Impossible\n`.
fn answer_lines() -> [([u8; 16], u8); 256] {
    let mut lines = [([0u8; 16], 0u8); 256];
    for (d, (line, n)) in lines.iter_mut().enumerate() {
        let text =
            if d == usize::from(IMPOSSIBLE) { "Impossible".to_string() } else { d.to_string() };
        line[..text.len()].copy_from_slice(text.as_bytes());
        line[text.len()] = b'\n';
        *n = (text.len() + 1) as u8;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flip::{Board, DistanceTable};

    const SAMPLE: &[u8; 20] = b"bwwb\nbbwb\nbwwb\nbwww\n";

    #[test]
    fn every_state_round_trips() {
        for s in 0..=u16::MAX {
            let board = Board::from_bits(s).to_string().replace('/', "\n") + "\n";
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
    fn stops_at_an_irregular_board_and_skips_blank_lines() {
        let table = DistanceTable::embedded();
        let text = b"\nbwwb\nbbwb\nbwwb\nbwww\n\nbbbb\nbbbb\nbbbb\nbbbb\nbwwb\r\n";
        let mut out = Vec::new();
        let run = answer_clean_boards(text, 0, table.as_bytes(), &mut out, usize::MAX);
        assert_eq!(out, b"4\n0\n");
        assert_eq!(run, CleanRun { end: 42, boards: 2, lines: 10 });
    }
}
