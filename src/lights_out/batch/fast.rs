//! The 4x4 fast path of a batch over an input held whole (a memory map or a slice): clean
//! boards are answered by [`crate::lights_out::fast`], straight into one output buffer handed to
//! the sink every few MB; every other board, from the first line the fast path refuses, is read
//! by the positioned [`BoardReader`] and answered or reported exactly as the general path does,
//! and the fast path resumes after it. Used only for the default case (4x4, the Flip Game, the
//! embedded table, sizes read from the input, [`BatchOptions::lines`](super::BatchOptions::lines)):
//! see [`Batch::fast_applies`]. Plain answers come from [`answer_clean_boards`]; answer lines
//! with presses and JSON records are put together by [`Formatter`] from pieces formatted once
//! per state.

use crate::lights_out::board::Board;
use crate::lights_out::fast::{
    CLEAN_BOARD_BYTES, CleanRun, STATES, answer_clean_boards, next_clean_board,
};
use crate::lights_out::read::error::board_line_limit;
use crate::lights_out::read::{BoardError, BoardReader};
use crate::lights_out::size::BoardSize;
use crate::lights_out::solve::{Method, Solver};
use crate::lights_out::table::DistanceTable;
use crate::lights_out::variant::{Alphabet, Goal};
use crate::text::{LineSource, Lines};

use super::{Batch, BatchError, BatchSink, input_ended};

/// The fast path's errors, boxed: the result of a record's write stays two words, in
/// registers.
type Boxed = Box<BatchError>;

/// A failed check of the fast path's own (a bug).
fn fault(what: impl std::fmt::Display) -> Boxed {
    Box::new(BatchError::Fault(format!("the 4x4 fast path: {what}")))
}

/// `value` as JSON.
fn to_json(value: &impl serde::Serialize) -> Result<Vec<u8>, Boxed> {
    serde_json::to_vec(value).map_err(fault)
}

/// The solver's error, as the batch's.
fn solver_error(source: crate::lights_out::solve::SolverError) -> Boxed {
    Box::new(BatchError::Solver { context: "the 4x4 fast path".to_string(), source })
}

/// Output buffered before it is written out.
const OUT_LIMIT: usize = 4 << 20;

/// [`CleanRun::block_rows`] inside a block of rows of 4 pieces of more than a board's rows
/// (4x4 boards, whatever comes after them).
const IN_FOURS: usize = BoardSize::MAX_SIDE + 4;

/// The boards of a block of rows of 4 pieces that may be one board: while a run is in one
/// ([`CleanRun::open_at`]), its output may outgrow the limit by this many records.
const OPEN_BOARDS: usize = BoardSize::MAX_SIDE / 4;

/// The same for `--path` and `--json`, whose output (about 220 bytes a board with `--json`) is
/// written while it is still in the core's cache (a few MiB would not be).
const FORMATTED_LIMIT: usize = 256 << 10;

impl Batch<'_> {
    /// True when the batch may answer 4x4 boards of the Flip Game from the embedded table, one
    /// line or JSON record a board ([`BatchOptions::lines`](super::BatchOptions::lines); sizes
    /// read from the input, the default method, no shard, buttons, holes or game ID, no table
    /// file): the input's first board then tells whether it is read block by block from a 4x4
    /// board (POJ 1753's layout).
    pub(super) fn fast_applies(&self) -> bool {
        let o = &self.options;
        o.lines
            && self.sizes.is_some()
            && self.table_file.is_none()
            && o.method == Method::Auto
            && o.is_flip_game()
            && o.shard.is_none()
            && o.buttons.is_none()
            && o.broken.is_empty()
            && o.hole.is_none()
            && o.tatham.is_none()
    }
}

/// Which of [`Formatter`]'s tails ends a record.
const WHITE: u8 = 0;
const BLACK: u8 = 1;
const NO_COLOUR: u8 = 2;

/// Pieces of output are copied in chunks of this many bytes (fixed-size copies, which compile to
/// a few vector moves where a copy of any length calls `memcpy`): the bytes after a piece are
/// copied too and overwritten by the next piece. Every piece can be read this far past its end.
const CHUNK: usize = 32;

/// Bytes of a state's slot: its text (copied as the first [`MID`] bytes), then at [`COLOUR`] its
/// tail, at [`LEN`] its text's length.
const SLOT: usize = 192;
const MID: usize = 160;
const COLOUR: usize = SLOT - 2;
const LEN: usize = SLOT - 1;

/// A state's slot, aligned so that its copy reads whole cache lines.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Slot([u8; SLOT]);

/// `slot_of` for a solvable state whose slot is not formatted yet.
/// (Zero, so that the table starts as pages the system zeroes when they are first touched;
/// slot 0 is never used.)
const UNKNOWN: u16 = 0;

/// The slot of the impossible states (formatted first).
const IMPOSSIBLE_SLOT: u16 = 1;

/// The padded sizes of a short head and tail (see [`Formatter`]); a short head is shorter than
/// [`HEAD`], so that its length fits in 6 bits.
const HEAD: usize = 64;
const TAIL: usize = 128;

/// Bytes of `out` a record of short pieces may touch, with the chunks copied past its end: at
/// most 63 (head) + 15 (index) + 191 (slot) + 19 (board) + [`TAIL`], rounded up.
const WINDOW: usize = 512;

/// A short head, and the three tails, each padded.
type ShortPieces = ([u8; HEAD], [[u8; TAIL]; 3]);

/// The text the JSON records put after the index, at the start of every slot.
const AFTER_INDEX: &str = ",\"error\":null,\"distance\":";

/// The two digits of every number below 100.
const PAIRS: [[u8; 2]; 100] = {
    let mut pairs = [[0; 2]; 100];
    let mut n = 0;
    while n < 100 {
        pairs[n] = [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8];
        n += 1;
    }
    pairs
};

/// The decimal text of `n` below 10^8 as a little-endian word (four pairs of digits, the
/// leading zeros shifted out) and its length; `None` from 10^8 on.
#[inline(always)]
fn decimal_word(n: usize) -> Option<(u64, usize)> {
    let small = u32::try_from(n).ok().filter(|&small| small < 100_000_000)?;
    let pair = |x: u32| u64::from(u16::from_le_bytes(PAIRS[x as usize]));
    let (high, low) = (small / 10_000, small % 10_000);
    let word =
        pair(high / 100) | pair(high % 100) << 16 | pair(low / 100) << 32 | pair(low % 100) << 48;
    let len = 1 + [10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
        .iter()
        .map(|&p| usize::from(small >= p))
        .sum::<usize>();
    // The leading zeros are the word's low bytes.
    Some((word >> (8 * (8 - len)), len))
}

/// Writes `n` in decimal to `out` at `at` (8 bytes written below 10^8, whatever the digits) and
/// returns the position after it.
#[inline(always)]
fn put_decimal(out: &mut [u8], at: usize, n: usize) -> usize {
    let Some((word, len)) = decimal_word(n) else { return put_long_decimal(out, at, n) };
    out[at..at + 8].copy_from_slice(&word.to_le_bytes());
    at + len
}

/// [`put_decimal`] for 10^8 and more.
#[cold]
fn put_long_decimal(out: &mut [u8], at: usize, n: usize) -> usize {
    let digits = n.to_string();
    out[at..at + digits.len()].copy_from_slice(digits.as_bytes());
    at + digits.len()
}

/// The decimal text of the record indices, which mostly go up by one: the next index's text is
/// the last one's with its last digit one higher, unless that digit was 9 (then, or after a jump,
/// it is built again by [`decimal_word`]).
#[derive(Default)]
struct IndexText {
    /// The index whose text is `word + unit` (0: none).
    next: usize,
    word: u64,
    len: usize,
    /// 1 in the last digit's byte.
    unit: u64,
    /// The last digit of `word`.
    last: u8,
}

impl IndexText {
    /// The text of `index` as a little-endian word and its length, or `None` from 10^8 on.
    #[inline(always)]
    fn of(&mut self, index: usize) -> Option<(u64, usize)> {
        if index == self.next && self.last < 9 {
            self.word += self.unit;
            self.last += 1;
        } else {
            let Some((word, len)) = decimal_word(index) else {
                self.next = 0;
                return None;
            };
            (self.word, self.len) = (word, len);
            self.unit = 1 << (8 * (len - 1));
            self.last = (index % 10) as u8;
        }
        self.next = index + 1;
        Some((self.word, self.len))
    }
}

/// The answer lines with presses (`N (r,c)...`) and the JSON records for clean 4x4 boards,
/// byte for byte what [`super::BoardRecord`] writes and serialises. Everything in them but
/// the file and the index depends on the board's state alone, so each state met is formatted
/// once into a slot of [`SLOT`] bytes, from the presses the general path prints (the embedded
/// table's press walk, [`DistanceTable::presses`]): a `--path` line whole, or a JSON record's
/// middle from `,"error":null,"distance":` up to the board's opening quote, with the colour its
/// presses reach. The impossible states share one slot, formatted first, and every state's slot
/// is found by one lookup. A JSON record is then its head (file and `"index":`), the index, the
/// state's slot, the board's 19 bytes and one of three tails.
struct Formatter {
    json: bool,
    table: DistanceTable<'static>,
    /// Bit `s % 64` of word `s / 64` set when state `s` can be solved (8 KiB, which stay in the
    /// L1 cache).
    solvable: Vec<u64>,
    /// Per solvable state: its slot, or [`UNKNOWN`] before it is met; after them, at
    /// [`STATES`], [`IMPOSSIBLE_SLOT`], for every impossible state.
    slot_of: Vec<u16>,
    slots: Vec<Slot>,
    /// With `--json`: the head, then the tails from the board's closing quote to the end of the
    /// line by [`WHITE`], [`BLACK`], [`NO_COLOUR`], back to back, and [`CHUNK`] bytes of
    /// padding: piece `i` is `fixed[starts[i]..starts[i + 1]]`.
    fixed: Vec<u8>,
    starts: [usize; 5],
    /// The tails' lengths, by [`WHITE`], [`BLACK`], [`NO_COLOUR`] (and a fourth, unused).
    tail_len: [usize; 4],
    /// Bytes a line may take in the output, with the chunks copied past its end.
    room: usize,
    /// The head and the tails padded to [`HEAD`] and [`TAIL`] bytes, copied whole (one bounds
    /// check, no loop), when they fit (a file name of up to about 40 bytes).
    short: Option<Box<ShortPieces>>,
    /// The text of the last index written, kept between runs.
    index: IndexText,
    presses: Vec<usize>,
    /// With `--json`: linear algebra, which counts the solutions of each state met.
    counter: Option<Solver<'static>>,
}

/// The text of two rows of a 4x4 state, `rrrr/rrrr/`, by their eight bits (bit `c` for column
/// `c` of the first row, bit `4 + c` of the second), padded to 16 bytes.
const TWO_ROWS: [[u8; 16]; 256] = {
    let mut rows = [[0; 16]; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut k = 0;
        while k < 8 {
            let at = k + k / 4;
            rows[bits][at] = if bits >> k & 1 == 1 { b'b' } else { b'w' };
            k += 1;
        }
        rows[bits][4] = b'/';
        rows[bits][9] = b'/';
        bits += 1;
    }
    rows
};

/// Writes the board of `state` as `bwwb/bbwb/bwwb/bwww` (19 bytes) to `out` at `at`: two copies
/// of 16 bytes from [`TWO_ROWS`], the second over the first's padding (the 7 bytes after the
/// board are scratch); returns the position after it.
#[inline(always)]
fn put_board(out: &mut [u8], at: usize, state: u16) -> usize {
    out[at..at + 16].copy_from_slice(&TWO_ROWS[usize::from(state & 0xFF)]);
    out[at + 10..at + 26].copy_from_slice(&TWO_ROWS[usize::from(state >> 8)]);
    at + 19
}

/// Copies `text[start..end]` (readable [`CHUNK`] bytes past its end) to `out` at `at` and
/// returns the position after it.
#[inline(always)]
fn put(out: &mut [u8], at: usize, text: &[u8], start: usize, end: usize) -> usize {
    let len = end - start;
    let mut k = 0;
    while k < len {
        out[at + k..at + k + CHUNK].copy_from_slice(&text[start + k..start + k + CHUNK]);
        k += CHUNK;
    }
    at + len
}

/// Appends the decimal text of `n` to `text`.
fn push_decimal(text: &mut Vec<u8>, n: usize) {
    let mut digits = [0; 20];
    let at = put_decimal(&mut digits, 0, n);
    text.extend_from_slice(&digits[..at]);
}

impl Formatter {
    /// The formatter for `batch`'s output (JSON records with counts, else answer lines with
    /// presses) of the input `name`.
    fn new(batch: &Batch<'_>, name: &str) -> Result<Formatter, Boxed> {
        if !batch.solver.variant().is_flip_game() {
            return Err(fault("it answers the Flip Game only"));
        }
        let json = batch.options.counts;
        let mut fixed = Vec::new();
        let mut starts = [0; 5];
        if json {
            fixed.extend_from_slice(b"{\"file\":");
            fixed.extend_from_slice(&to_json(&name)?);
            fixed.extend_from_slice(b",\"index\":");
            starts[1] = fixed.len();
            // The variant's fields without their braces, as `#[serde(flatten)]` writes them.
            let fields = to_json(&batch.fields)?;
            let fields = &fields[1..fields.len() - 1];
            let colour_name = |c: u8| Goal::Colour(c).name(&batch.chosen.alphabet);
            let colours = [to_json(&colour_name(0))?, to_json(&colour_name(1))?, b"null".to_vec()];
            for (i, colour) in colours.iter().enumerate() {
                fixed.extend_from_slice(b"\",\"nullity\":");
                fixed.extend_from_slice(batch.solver.nullity().to_string().as_bytes());
                fixed.extend_from_slice(b",\"proven_minimal\":true,");
                fixed.extend_from_slice(fields);
                fixed.extend_from_slice(b",\"colour\":");
                fixed.extend_from_slice(colour);
                fixed.extend_from_slice(b"}\n");
                starts[i + 2] = fixed.len();
            }
        }
        let longest = starts.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        let short = (json && starts[1] < HEAD && longest <= TAIL).then(|| {
            let mut short = Box::new(([0; HEAD], [[0; TAIL]; 3]));
            short.0[..starts[1]].copy_from_slice(&fixed[..starts[1]]);
            for (i, tail) in short.1.iter_mut().enumerate() {
                let piece = &fixed[starts[i + 1]..starts[i + 2]];
                tail[..piece.len()].copy_from_slice(piece);
            }
            short
        });
        fixed.resize(fixed.len() + CHUNK, 0);
        let table = DistanceTable::embedded();
        let mut solvable = vec![0u64; STATES / 64];
        for (state, &d) in table.as_bytes().iter().enumerate() {
            solvable[state / 64] |= u64::from(d != DistanceTable::IMPOSSIBLE) << (state % 64);
        }
        let mut slot_of = vec![UNKNOWN; STATES + 1];
        slot_of[STATES] = IMPOSSIBLE_SLOT;
        // Slot 0 stands for [`UNKNOWN`] and is never used.
        let slots = vec![Slot([0; SLOT])];
        let impossible: &[u8] = if json {
            b",\"error\":null,\"distance\":null,\"lower_bound\":null,\"path\":null,\
              \"optimal_solutions\":0,\"solutions\":\"0\",\"board\":\""
        } else {
            b"Impossible\n"
        };
        let mut formatter = Formatter {
            json,
            table,
            solvable,
            slot_of,
            slots,
            fixed,
            starts,
            tail_len: [0, 1, 2, 2].map(|i| starts[i + 2] - starts[i + 1]),
            room: (2 * (longest + CHUNK) + 2 * SLOT + 19 + TAIL).max(WINDOW),
            short,
            index: IndexText::default(),
            presses: Vec::new(),
            counter: json
                .then(|| {
                    let variant = batch.solver.variant();
                    Solver::builder(variant)
                        .method(Method::LinearAlgebra)
                        .build()
                        .map(|s| s.with_counts(true))
                })
                .transpose()
                .map_err(solver_error)?,
        };
        formatter.push_slot(impossible, NO_COLOUR)?;
        Ok(formatter)
    }

    /// Adds a slot of `text` and `colour`, and returns its number.
    fn push_slot(&mut self, text: &[u8], colour: u8) -> Result<u16, Boxed> {
        // The 4x4 board's presses are at most 6 (the table's largest distance): 81 bytes.
        if text.len() > MID {
            return Err(fault("an answer is too long"));
        }
        let mut slot = [0; SLOT];
        slot[..text.len()].copy_from_slice(text);
        slot[COLOUR] = colour;
        slot[LEN] = text.len() as u8;
        let index = u16::try_from(self.slots.len()).map_err(fault)?;
        debug_assert!(index != UNKNOWN);
        self.slots.push(Slot(slot));
        Ok(index)
    }

    /// Formats the slot of `state`, a solvable state met for the first time, and returns it.
    #[cold]
    fn add_state(&mut self, state: u16) -> Result<usize, Boxed> {
        let found = self.table.state_presses(u64::from(state), &mut self.presses);
        let Some((d, colour)) = found.map_err(|e| solver_error(e.into()))? else {
            return Err(fault(format!("state {state:#x} is solvable but has no presses")));
        };
        let mut text = Vec::with_capacity(MID);
        let at = |p: usize| [b'0' + (p / 4 + 1) as u8, b',', b'0' + (p % 4 + 1) as u8];
        if self.json {
            text.extend_from_slice(AFTER_INDEX.as_bytes());
            push_decimal(&mut text, usize::from(d));
            // The table's distances are proven: the bound is the distance.
            text.extend_from_slice(b",\"lower_bound\":");
            push_decimal(&mut text, usize::from(d));
            text.extend_from_slice(b",\"path\":[");
            for (k, &p) in self.presses.iter().enumerate() {
                if k > 0 {
                    text.push(b',');
                }
                text.push(b'[');
                text.extend_from_slice(&at(p));
                text.push(b']');
            }
            text.extend_from_slice(b"]");
            if let Some(counter) = &mut self.counter {
                let cells = (0..16).map(|i| (state >> i & 1) as u8).collect();
                let counted =
                    counter.solve(&Board::from_cells(4, 4, cells)).map_err(solver_error)?;
                if counted.distance != Some(usize::from(d)) {
                    return Err(fault("the counts disagree"));
                }
                text.extend_from_slice(b",\"optimal_solutions\":");
                let optimal = counted.optimal_solutions.map_or(0, |n| n as usize);
                push_decimal(&mut text, optimal);
                text.extend_from_slice(b",\"solutions\":\"");
                text.extend_from_slice(counted.solutions.to_string().as_bytes());
                text.push(b'"');
            }
            text.extend_from_slice(b",\"board\":\"");
        } else {
            push_decimal(&mut text, usize::from(d));
            if !self.presses.is_empty() {
                text.push(b' ');
            }
            for &p in &self.presses {
                text.push(b'(');
                text.extend_from_slice(&at(p));
                text.push(b')');
            }
            text.push(b'\n');
        }
        // The colour every piece shows once the presses are made, as the general path finds it.
        let colour = if colour == 1 { BLACK } else { WHITE };
        let slot = self.push_slot(&text, colour)?;
        self.slot_of[usize::from(state)] = slot;
        Ok(usize::from(slot))
    }

    /// Writes the line of board `index`, whose state is `state`, to `out` at `at` (`out` holds
    /// at least [`Formatter::room`] bytes from `at`; the bytes after the line are scratch) and
    /// returns the position after it. `text` is the index's text, kept by the caller.
    #[inline(always)]
    fn write(
        &mut self,
        state: u16,
        index: usize,
        text: &mut IndexText,
        out: &mut [u8],
        at: usize,
    ) -> Result<usize, Boxed> {
        // Most random boards cannot be solved: their key is the impossible states' entry, one
        // hot cache line, chosen without a branch (a mispredicted branch would cost more).
        let s = usize::from(state);
        let solvable = (self.solvable[s / 64] >> (s % 64) & 1) as usize;
        let all = 0usize.wrapping_sub(solvable);
        let key = (s & all) | (STATES & !all);
        let slot = match self.slot_of[key] {
            UNKNOWN => self.add_state(state)?,
            slot => usize::from(slot),
        };
        let piece = &self.slots[slot].0;
        let len = usize::from(piece[LEN]);
        if !self.json {
            out[at..at + 64].copy_from_slice(&piece[..64]);
            return Ok(at + len);
        }
        let tail = usize::from(piece[COLOUR]);
        if let Some(short) = &self.short
            && let Some((word, index_len)) = text.of(index)
        {
            // One bounds check for the record; the masks (no-ops: the head is shorter than 64
            // bytes, the index 8 digits at most, the slot's text 96 bytes at most) bound every
            // offset in the window.
            let window: &mut [u8; WINDOW] =
                (&mut out[at..at + WINDOW]).try_into().map_err(fault)?;
            window[..HEAD].copy_from_slice(&short.0);
            let mut p = self.starts[1] & (HEAD - 1);
            window[p..p + 8].copy_from_slice(&word.to_le_bytes());
            p += index_len & 15;
            window[p..p + MID].copy_from_slice(&piece[..MID]);
            p += len & 255;
            p = put_board(window, p, state);
            window[p..p + TAIL].copy_from_slice(&short.1[tail & 3]);
            return Ok(at + p + self.tail_len[tail & 3]);
        }
        let (fixed, starts) = (&self.fixed, &self.starts);
        let mut at = put(out, at, fixed, starts[0], starts[1]);
        at = put_decimal(out, at, index);
        out[at..at + MID].copy_from_slice(&piece[..MID]);
        at += len;
        at = put_board(out, at, state);
        Ok(put(out, at, fixed, starts[tail + 1], starts[tail + 2]))
    }
}

/// Formats the clean boards of `bytes` from `offset` ([`next_clean_board`]), inside a block of
/// `block_rows` rows read before it, the first with index `first + 1`, into `out` until the end
/// of the clean run or until `limit` bytes are written outside a block that is
/// [`CleanRun::open_at`]; returns the run and the bytes written.
#[inline(always)]
fn format_run(
    formatter: &mut Formatter,
    bytes: &[u8],
    offset: usize,
    block_rows: usize,
    first: usize,
    out: &mut Vec<u8>,
    limit: usize,
) -> Result<(CleanRun, usize), Boxed> {
    // Written at `at`, with scratch bytes after it: `out` is zeroed once, as long as the longest
    // run and a line after it, and cut to `at` only for printing (an output written `limit`
    // bytes at a time keeps this buffer in the core's cache). The state of the loop is kept
    // in locals, which the compiler keeps in registers (stores to `out` might change the
    // formatter's fields, for all it knows).
    // No more boards than one per `CLEAN_BOARD_BYTES` in the rest, each within `room` bytes.
    let boards = (bytes.len() - offset) / CLEAN_BOARD_BYTES;
    let most = limit + OPEN_BOARDS * formatter.room;
    let need = most.min(boards.saturating_mul(formatter.room)) + formatter.room;
    if out.len() < need {
        out.resize(need, 0);
    }
    let buf = &mut out[..];
    let mut index = first;
    let mut text = std::mem::take(&mut formatter.index);
    let mut at = 0;
    let mut run = CleanRun::at(offset, block_rows);
    let mut rest = &bytes[offset..];
    while let Some(state) = next_clean_board(bytes.len(), &mut rest, &mut run) {
        index += 1;
        at = formatter.write(state, index, &mut text, buf, at)?;
        if at >= limit && !run.open_at(rest) {
            break;
        }
    }
    formatter.index = text;
    run.end = bytes.len() - rest.len();
    Ok((run, at))
}

/// The length of `out` (whole lines) without its last `n` lines.
fn without_last_lines(out: &[u8], n: usize) -> usize {
    let mut end = out.len();
    for _ in 0..n {
        end = out[..end.saturating_sub(1)].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    }
    end
}

impl Batch<'_> {
    /// Reads, answers and hands over every board of `bytes` (the input `name`), as
    /// [`Batch::answer_all`] does, clean boards by the fast path.
    pub(super) fn answer_all_fast<S: BatchSink>(
        &mut self,
        sink: &mut S,
        name: &str,
        bytes: &[u8],
        failed: &mut bool,
    ) -> Result<(), S::Error> {
        let table = DistanceTable::embedded();
        let line_limit = board_line_limit(BoardSize::MAX_SIDE);
        let wb = Alphabet::default_for(2);
        let mut reader = BoardReader::inferring(bytes, &wb);
        // Old Mac text (lines end at a lone `\r`, decided by the file's start, src/text.rs):
        // a later `\n` does not end a line there, so the fast check, which reads `\n` endings,
        // does not apply; the positioned reader reads the whole file.
        if reader.lines_mut().ending() != b'\n' {
            return self.answer_all(sink, name, reader, failed);
        }
        let count = reader.read_count_line();
        // The first block, by the positioned reader, tells the layout: the rest of an input
        // whose first board is no 4x4 board of a block (size lines, a 5x5 board) is read by it
        // too.
        let mut boards = 0usize;
        while let Some(result) = reader.read_into(&mut self.board) {
            boards += 1;
            self.answer_one(sink, name, boards, reader.board_start(), result, failed)?;
            if !reader.fours_pending() {
                break;
            }
        }
        let board = &self.board;
        if boards > 0 && !(reader.reads_blocks() && (board.rows(), board.cols()) == (4, 4)) {
            return self.answer_rest(sink, name, &mut reader, count, failed);
        }
        let mut offset = reader.lines_mut().offset();
        let mut line = reader.lines_mut().peek_line().map_or(1, |next| next.number);
        // Rows read of the block the next run starts in: 0 at the start of a block, or more
        // than a board's 1,024 rows inside a block of rows of 4 pieces (see `CleanRun::open`).
        let mut block_rows = if reader.in_fours() { IN_FOURS } else { 0 };
        let mut formatter = match self.options.presses || self.options.counts {
            true => Some(Formatter::new(self, name).map_err(|e| *e)?),
            false => None,
        };
        let limit = if formatter.is_some() { FORMATTED_LIMIT } else { OUT_LIMIT };
        let mut out = Vec::with_capacity(limit + (1 << 16));
        while offset < bytes.len() {
            let (mut run, mut printed) = match &mut formatter {
                None => {
                    let run = answer_clean_boards(
                        bytes,
                        offset,
                        block_rows,
                        table.as_bytes(),
                        &mut out,
                        OUT_LIMIT,
                    );
                    (run, out.len())
                }
                Some(formatter) => {
                    format_run(formatter, bytes, offset, block_rows, boards, &mut out, limit)
                        .map_err(|e| *e)?
                }
            };
            if run.open_at(&bytes[run.end..]) {
                // A block of rows of 4 pieces that goes on past the clean boards (a 5x4 board,
                // or 4x4 boards with a bad row) may be one board: its boards, all read in this
                // run, are taken back and the positioned reader reads the whole block.
                let taken = run.block_rows / 4;
                printed = without_last_lines(&out[..printed], taken);
                run.boards -= taken;
                run.lines -= run.block_rows;
                (run.end, run.block_rows) = (run.block_start, 0);
            }
            (offset, boards, line) = (run.end, boards + run.boards, line + run.lines);
            block_rows = run.block_rows;
            let full = printed >= limit;
            sink.lines(&out[..printed])?;
            if formatter.is_none() {
                out.clear();
            }
            if full || offset >= bytes.len() {
                continue;
            }
            // One block (or the next 4x4 board of a long block of rows of 4 pieces, or the blank
            // lines that end the input) by the positioned reader.
            let lines = Lines::starting_at(bytes, line_limit, offset, line);
            let mut reader = BoardReader::blocks_from(lines, &wb, block_rows > 0);
            while let Some(result) = reader.read_into(&mut self.board) {
                boards += 1;
                let result = result.map_err(|e| BoardError { board: boards, ..e });
                self.answer_one(sink, name, boards, reader.board_start(), result, failed)?;
                if !reader.fours_pending() {
                    break;
                }
            }
            block_rows = if reader.in_fours() { IN_FOURS } else { 0 };
            offset = reader.lines_mut().offset();
            match reader.lines_mut().peek_line() {
                Some(next) => line = next.number,
                None => break,
            }
        }
        let end = reader.end_position();
        input_ended(sink, &self.options, name, count, (boards, None), end);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_board_writes_the_rows_of_every_state() {
        let mut out = [b'#'; 40];
        for state in 0..=u16::MAX {
            let end = put_board(&mut out, 2, state);
            let want: Vec<String> = (0..4)
                .map(|r| {
                    (0..4).map(|c| if state >> (4 * r + c) & 1 == 1 { 'b' } else { 'w' }).collect()
                })
                .collect();
            assert_eq!(&out[2..end], want.join("/").as_bytes(), "{state:#06x}");
        }
    }

    #[test]
    fn index_text_follows_the_indices_and_their_jumps() {
        let mut text = IndexText::default();
        let mut indices: Vec<usize> = (1..25_000).collect();
        indices.extend([25_003, 25_004, 99_999_998, 99_999_999, 100_000_000, 100_000_001, 7, 8]);
        indices.extend(9_999_990..10_000_020);
        for index in indices {
            match text.of(index) {
                Some((word, len)) => {
                    assert_eq!(&word.to_le_bytes()[..len], index.to_string().as_bytes())
                }
                None => assert!(index >= 100_000_000, "{index}"),
            }
        }
    }

    #[test]
    fn put_decimal_writes_what_to_string_writes() {
        let mut numbers: Vec<usize> = (0..100_000).collect();
        for p in 1..19 {
            let power = 10usize.pow(p);
            numbers.extend([power - 1, power, power + 1, 3 * power + 7]);
        }
        numbers.extend([12_345_678, 87_654_321, 99_999_999, usize::MAX]);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            numbers.push((x % 1_000_000_000) as usize);
        }
        let mut out = [b'#'; 64];
        for n in numbers {
            let end = put_decimal(&mut out, 3, n);
            assert_eq!(&out[3..end], n.to_string().as_bytes(), "{n}");
        }
    }
}
