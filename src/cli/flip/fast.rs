//! The 4x4 fast path of `flipblox flip` over a file held whole (a memory map or a slice): clean
//! boards are answered by [`flipblox::flip::fast`], straight into one output buffer written out
//! every few MB; every other board, from the first line the fast path refuses, is read by the
//! positioned [`BoardReader`] and answered or reported exactly as the general path does, and the
//! fast path resumes after it. Used only for the default case (4x4, the default variant, the
//! embedded table, one answer line or JSON record a board): see [`applies`]. Plain answers come
//! from [`answer_clean_boards`]; the lines of `--path` and the records of `--json` are put
//! together by [`Formatter`] from pieces formatted once per state.

use flipblox::flip::fast::{answer_clean_boards, each_clean_board};
use flipblox::flip::{BoardReader, DistanceTable, GridBoard, IMPOSSIBLE, board_line_limit};
use flipblox::text::{LineSource, Lines};

use super::super::print::Printer;
use super::{Answerer, Boards, Engine, FlipArgs, MethodArg, OutputArg, warn_count};

/// Output buffered before it is written out.
const OUT_LIMIT: usize = 4 << 20;

/// The same for `--path` and `--json`, whose output (about 220 bytes a board with `--json`) is
/// written while it is still in the core's cache.
const FORMATTED_LIMIT: usize = 1 << 20;

/// True when `args` asks for the answers of 4x4 boards of the default variant from the
/// embedded table, one line or JSON record a board (no --size, --table, --output grid,
/// --method, --shard, variant options; --path and --json are fine).
pub(super) fn applies(args: &FlipArgs) -> bool {
    args.size.is_none()
        && args.table.is_none()
        && args.output == OutputArg::Line
        && args.method == MethodArg::Auto
        && args.variant.is_default()
        && args.shard.shard.is_none()
}

/// Which of [`Formatter`]'s tails ends a record.
const WHITE: u8 = 0;
const BLACK: u8 = 1;
const NO_COLOUR: u8 = 2;

/// Pieces of output are copied in chunks of this many bytes (fixed-size copies, which compile to
/// a few vector moves where a copy of any length calls `memcpy`): the bytes after a piece are
/// copied too and overwritten by the next piece. Every piece can be read this far past its end.
const CHUNK: usize = 32;

/// Bytes of a state's slot: its text, then at [`COLOUR`] its tail, at [`LEN`] its text's length.
const SLOT: usize = 64;
const COLOUR: usize = SLOT - 2;
const LEN: usize = SLOT - 1;

/// The padded sizes of a short head and tail (see [`Formatter`]).
const HEAD: usize = 64;
const TAIL: usize = 128;

/// A short head, and the three tails, each padded.
type ShortPieces = ([u8; HEAD], [[u8; TAIL]; 3]);

/// The text the JSON records put after the index (padded to a [`CHUNK`]), and its length.
const AFTER_INDEX: [u8; CHUNK] = *b",\"error\":null,\"distance\":\0\0\0\0\0\0\0";
const AFTER_INDEX_LEN: usize = 25;

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

/// Writes `n` in decimal to `out` at `at` (8 bytes written below 10^8, whatever the digits) and
/// returns the position after it: for numbers below 10^8, four pairs of digits into one word.
#[inline(always)]
fn put_decimal(out: &mut [u8], at: usize, n: usize) -> usize {
    let Ok(small) = u32::try_from(n) else { return put_long_decimal(out, at, n) };
    if small >= 100_000_000 {
        return put_long_decimal(out, at, n);
    }
    let pair = |x: u32| u64::from(u16::from_le_bytes(PAIRS[x as usize]));
    let (high, low) = (small / 10_000, small % 10_000);
    let word =
        pair(high / 100) | pair(high % 100) << 16 | pair(low / 100) << 32 | pair(low % 100) << 48;
    let len = 1 + [10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
        .iter()
        .map(|&p| usize::from(small >= p))
        .sum::<usize>();
    // The leading zeros are the word's low bytes.
    let word = word >> (8 * (8 - len));
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

/// The lines of `--path` (`N (r,c)...`) and the records of `--json` for clean 4x4 boards,
/// byte for byte what [`super::BoardRecord`] prints through the printer. Everything in them but
/// the file and the index depends on the board's state alone, so each state met is formatted
/// once into a slot of [`SLOT`] bytes, from the presses the general path prints (the embedded
/// table's press walk, [`DistanceTable::presses`]): a `--path` line whole, or a JSON record's
/// middle from the distance up to the board's opening quote, with the colour its presses reach.
/// The impossible states share one slot. A JSON record is then its head (file and `"index":`),
/// the index, `,"error":null,"distance":`, the state's slot, the board's 19 bytes and one of
/// three tails.
struct Formatter {
    json: bool,
    table: DistanceTable<'static>,
    /// Per state: 0 when not met yet, else 1 + its slot.
    slot_of: Vec<u16>,
    slots: Vec<[u8; SLOT]>,
    /// The slot of the impossible states, once one is met.
    impossible: Option<u16>,
    /// With `--json`: the head, then the tails from the board's closing quote to the end of the
    /// line by [`WHITE`], [`BLACK`], [`NO_COLOUR`], back to back, and [`CHUNK`] bytes of
    /// padding: piece `i` is `fixed[starts[i]..starts[i + 1]]`.
    fixed: Vec<u8>,
    starts: [usize; 5],
    /// Bytes a line may take in the output, with the chunks copied past its end.
    room: usize,
    /// The head and the tails padded to [`HEAD`] and [`TAIL`] bytes, copied whole (one bounds
    /// check, no loop), when they fit (a file name of up to about 40 bytes).
    short: Option<Box<ShortPieces>>,
    presses: Vec<usize>,
}

/// The four pieces of a row of a 4x4 state as a little-endian word, by the row's four bits
/// (bit `c` for column `c`).
const ROW_TEXT: [u32; 16] = {
    let mut rows = [0; 16];
    let mut bits = 0;
    while bits < 16 {
        let mut text = [b'w'; 4];
        let mut c = 0;
        while c < 4 {
            if bits >> c & 1 == 1 {
                text[c] = b'b';
            }
            c += 1;
        }
        rows[bits] = u32::from_le_bytes(text);
        bits += 1;
    }
    rows
};

/// Writes the board of `state` as `bwwb/bbwb/bwwb/bwww` (19 bytes) to `out` at `at`, built in
/// registers (a copy of bytes just stored one by one would wait for them) and stored as two
/// words; returns the position after it.
#[inline(always)]
fn put_board(out: &mut [u8], at: usize, state: u16) -> usize {
    let row = |r: u16| ROW_TEXT[usize::from(state >> (4 * r) & 0xF)];
    let slash = u128::from(b'/');
    let first = u128::from(row(0))
        | slash << 32
        | u128::from(row(1)) << 40
        | slash << 72
        | u128::from(row(2)) << 80
        | slash << 112
        | u128::from(row(3)) << 120;
    out[at..at + 16].copy_from_slice(&first.to_le_bytes());
    // The last row's four bytes, the first of which the word above ended with.
    out[at + 15..at + 19].copy_from_slice(&row(3).to_le_bytes());
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

impl Formatter {
    /// The formatter for `answerer`'s output (`--json`, else `--path` lines) of the input `name`.
    fn new(answerer: &Answerer<'_>, name: &str) -> anyhow::Result<Formatter> {
        let Engine::Flip { solver, .. } = &answerer.engine else {
            anyhow::bail!("the 4x4 fast path answers the Flip Game only");
        };
        let json = answerer.json;
        let mut fixed = Vec::new();
        let mut starts = [0; 5];
        if json {
            fixed.extend_from_slice(b"{\"file\":");
            serde_json::to_writer(&mut fixed, name)?;
            fixed.extend_from_slice(b",\"index\":");
            starts[1] = fixed.len();
            // The variant's fields without their braces, as `#[serde(flatten)]` writes them.
            let fields = serde_json::to_vec(&answerer.fields)?;
            let fields = &fields[1..fields.len() - 1];
            let colours = [
                serde_json::to_vec(&answerer.chosen.colour_name(0))?,
                serde_json::to_vec(&answerer.chosen.colour_name(1))?,
                b"null".to_vec(),
            ];
            for (i, colour) in colours.iter().enumerate() {
                fixed.extend_from_slice(b"\",\"nullity\":");
                fixed.extend_from_slice(solver.nullity().to_string().as_bytes());
                fixed.extend_from_slice(b",\"proven_minimal\":true,");
                fixed.extend_from_slice(fields);
                fixed.extend_from_slice(b",\"colour\":");
                fixed.extend_from_slice(colour);
                fixed.extend_from_slice(b"}\n");
                starts[i + 2] = fixed.len();
            }
        }
        let longest = starts.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        let short = (json && starts[1] <= HEAD && longest <= TAIL).then(|| {
            let mut short = Box::new(([0; HEAD], [[0; TAIL]; 3]));
            short.0[..starts[1]].copy_from_slice(&fixed[..starts[1]]);
            for (i, tail) in short.1.iter_mut().enumerate() {
                let piece = &fixed[starts[i + 1]..starts[i + 2]];
                tail[..piece.len()].copy_from_slice(piece);
            }
            short
        });
        fixed.resize(fixed.len() + CHUNK, 0);
        Ok(Formatter {
            json,
            table: DistanceTable::embedded(),
            slot_of: vec![0; 1 << 16],
            slots: Vec::new(),
            impossible: None,
            fixed,
            starts,
            room: 2 * (longest + CHUNK) + 2 * SLOT + 19 + TAIL,
            short,
            presses: Vec::new(),
        })
    }

    /// Formats the slot of `state`, met for the first time, and returns it.
    #[cold]
    fn add_state(&mut self, state: u16) -> anyhow::Result<usize> {
        let distance = self.table.presses(u64::from(state), &mut self.presses)?;
        if distance.is_none()
            && let Some(slot) = self.impossible
        {
            self.slot_of[usize::from(state)] = slot + 1;
            return Ok(usize::from(slot));
        }
        let mut piece = String::new();
        let colour = match distance {
            None if self.json => {
                piece.push_str("null,\"path\":null,\"board\":\"");
                NO_COLOUR
            }
            None => {
                piece.push_str("Impossible\n");
                NO_COLOUR
            }
            Some(d) => {
                let at = |p: usize| (p / 4 + 1, p % 4 + 1);
                if self.json {
                    piece.push_str(&format!("{d},\"path\":["));
                    for (k, &p) in self.presses.iter().enumerate() {
                        let (r, c) = at(p);
                        piece.push_str(&format!("{}[{r},{c}]", if k == 0 { "" } else { "," }));
                    }
                    piece.push_str("],\"board\":\"");
                } else {
                    piece.push_str(&d.to_string());
                    if !self.presses.is_empty() {
                        piece.push(' ');
                    }
                    for &p in &self.presses {
                        let (r, c) = at(p);
                        piece.push_str(&format!("({r},{c})"));
                    }
                    piece.push('\n');
                }
                // The colour every piece shows once the presses are made, as the general
                // path finds it.
                let mut after = GridBoard::from_words(4, 4, vec![u64::from(state)]);
                for &p in &self.presses {
                    after.press(p / 4, p % 4);
                }
                if after.get(0, 0) { BLACK } else { WHITE }
            }
        };
        // The 4x4 board's presses are at most 6 (the table's largest distance), 56 bytes.
        anyhow::ensure!(piece.len() <= COLOUR, "the answer of state {state:#x} is too long");
        let mut slot = [0; SLOT];
        slot[..piece.len()].copy_from_slice(piece.as_bytes());
        slot[COLOUR] = colour;
        slot[LEN] = piece.len() as u8;
        let index = u16::try_from(self.slots.len())?;
        self.slots.push(slot);
        self.slot_of[usize::from(state)] = index + 1;
        if distance.is_none() {
            self.impossible = Some(index);
        }
        Ok(usize::from(index))
    }

    /// Writes the line of board `index`, whose state is `state`, to `out` at `at` (growing `out`
    /// as needed; the bytes after the line are scratch) and returns the position after it.
    #[inline]
    fn write(
        &mut self,
        state: u16,
        index: usize,
        out: &mut Vec<u8>,
        at: usize,
    ) -> anyhow::Result<usize> {
        // Most random boards cannot be solved: their one slot is found from the table alone.
        let slot = match (self.table.as_bytes()[usize::from(state)], self.impossible) {
            (IMPOSSIBLE, Some(slot)) => usize::from(slot),
            _ => match self.slot_of[usize::from(state)] {
                0 => self.add_state(state)?,
                known => usize::from(known) - 1,
            },
        };
        if out.len() < at + self.room {
            out.resize(at + self.room + (64 << 10), 0);
        }
        let piece = &self.slots[slot];
        let len = usize::from(piece[LEN]);
        if !self.json {
            out[at..at + SLOT].copy_from_slice(piece);
            return Ok(at + len);
        }
        let (fixed, starts) = (&self.fixed, &self.starts);
        let tail = usize::from(piece[COLOUR]);
        let mut at = match &self.short {
            Some(short) => {
                out[at..at + HEAD].copy_from_slice(&short.0);
                at + starts[1]
            }
            None => put(out, at, fixed, starts[0], starts[1]),
        };
        at = put_decimal(out, at, index);
        out[at..at + CHUNK].copy_from_slice(&AFTER_INDEX);
        at += AFTER_INDEX_LEN;
        out[at..at + SLOT].copy_from_slice(piece);
        at += len;
        at = put_board(out, at, state);
        Ok(match &self.short {
            Some(short) => {
                out[at..at + TAIL].copy_from_slice(&short.1[tail]);
                at + starts[tail + 2] - starts[tail + 1]
            }
            None => put(out, at, fixed, starts[tail + 1], starts[tail + 2]),
        })
    }
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
        let line_limit = board_line_limit(4);
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
        let mut formatter = match self.answerer.path || self.answerer.json {
            true => Some(Formatter::new(self.answerer, name)?),
            false => None,
        };
        let limit = if formatter.is_some() { FORMATTED_LIMIT } else { OUT_LIMIT };
        let mut out = Vec::with_capacity(limit + (1 << 16));
        while offset < bytes.len() {
            let (run, printed) = match &mut formatter {
                None => {
                    let run =
                        answer_clean_boards(bytes, offset, table.as_bytes(), &mut out, OUT_LIMIT);
                    (run, out.len())
                }
                Some(formatter) => {
                    let mut index = boards;
                    // Written at `at`, with scratch bytes after it: `out` keeps its length
                    // (grown by `write` as needed, zeroed once) and is cut to `at` only for
                    // printing.
                    let mut at = 0;
                    let mut failure = None;
                    let run = each_clean_board(bytes, offset, |state| {
                        index += 1;
                        match formatter.write(state, index, &mut out, at) {
                            Ok(next) => at = next,
                            Err(e) => {
                                failure = Some(e);
                                return false;
                            }
                        }
                        at < limit
                    });
                    if let Some(e) = failure {
                        return Err(e);
                    }
                    (run, at)
                }
            };
            (offset, boards, line) = (run.end, boards + run.boards, line + run.lines);
            let full = printed >= limit;
            printer.lines(&out[..printed])?;
            if formatter.is_none() {
                out.clear();
            }
            if full || offset >= bytes.len() {
                continue;
            }
            // One board (or the blank lines that end the input) by the positioned reader.
            let lines = Lines::starting_at(bytes, line_limit, offset, line);
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
