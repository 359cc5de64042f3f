//! The fast search for POJ 3322 levels (no switches, no split switches): a breadth-first search
//! over box states on a dense array, with a reusable [`Scratch`]. Only the
//! [`Solver`](crate::bloxorz::Solver) calls it, with levels it can solve.
//!
//! # Memory layout
//!
//! A [`Scratch`] holds, for the largest level it has searched (see
//! [`moves`](crate::bloxorz::model::moves) for state indices):
//!
//! - per state, one byte, its *stamp*: `0` while the box may rest in the state and no move has
//!   reached it, [`BLOCKED`] when the box may not rest there (it would stand on a fragile or
//!   empty cell, or hang over the edge), and `REACHED | m` once move `m` reached it ([`Move`]
//!   index in bits 0..2: `U` 0, `D` 1, `L` 2, `R` 3; bit 2 set). A small level's stamps are
//!   orientation-major, an array of one per padded cell for each [`Orientation`] (orientation
//!   `o` from `o * cells`), written 16 cells and their three orientations per step from the
//!   level's rest flags (`write_planar_stamps`, the last step overlapping the one before
//!   instead of a scalar tail); a large level's (more than `LARGE` padded cells) are
//!   interleaved, at the state index `3 * cell + o`, so that a cell's three stamps share a cache
//!   line (`write_interleaved_stamps`, a table lookup per cell), and a search for the goal of a
//!   large level writes them a band at a time, when it first comes near the band (`Bands`).
//!   A search for the goal of a large level that needs no path keeps, on irregular terrain or
//!   in a level of more than `BIT_STAMPS_CELLS` padded cells, one *bit* per state instead: bit
//!   `s % 64` of the little-endian `u64` word `s / 64` of the buffer for the state index `s`,
//!   set when the box may not rest in the state or a roll reached it (no move kept), 3/8 of a
//!   byte per padded cell (`write_stamp_bits_between`, eight cells a step);
//! - per padded cell and orientation, one `u32` frontier slot: three FIFO queues in one buffer,
//!   one per [`Orientation`] (from `o * cells`), holding the anchors of the states in the order
//!   the search reached them (`3 * cell` with interleaved stamps, so that a roll adds one
//!   constant to a queue entry either way). A search for the goal of a large level keeps only
//!   its frontier there: before a layer, a queue whose next layer might run past the slots it
//!   has used moves its current layer to the start of its region, so the search touches the
//!   first slots of each region again and again (the buffer is allocated zeroed, a page at a
//!   time as first touched, so the slots it never reaches take no memory).
//!
//! One buffer for all three orientations means one base address: the loops of the search keep
//! fewer pointers in registers. Each search writes the stamps of its level from the level's
//! rest flags before it reads them (all first, or band by band), so a roll tests legality and
//! novelty with a single load of one byte (or word, with bits), and the rolls never read the
//! level's grid. The buffers only grow. Together with the level's one byte per padded cell
//! that is at most 16 bytes per padded cell, 5 1/3 per state
//! ([`bytes_needed`](crate::bloxorz::model::moves::bytes_needed)), what a sweep (a distance
//! field) or a small level's search uses; a search for the goal of a large level touches at
//! most 4 bytes per padded cell (the grid, and the stamps of the bands it comes near; 1 3/8
//! with bits) and its widest layers. The grid and the stamps are backed by huge pages where
//! the system has them (`advise_huge_pages`).
//!
//! # The search
//!
//! The frontier is expanded layer by layer, so the distance is the layer count. Within a layer the
//! standing, horizontal and vertical states are expanded from their own queues by three loops
//! specialised to their orientation (one generic loop instantiated per orientation), so the
//! orientation is never decoded and the four rolls, read from
//! [`ROLLS`], are constant offsets: a roll costs one load of the
//! new state's stamp (which says both whether the box may rest there and whether the state was
//! reached; the padding means no roll leaves the grid), one store of it, and one store to a
//! queue. Whether a state is new is
//! decided with a branch on regular terrain, where the processor predicts it well, and without one
//! on irregular terrain, where it cannot (see `Expand` and [`Level::terrain_changes`]). After
//! each layer the search looks at the goal's stamp (one load: a sweep without a goal looks at
//! the stamp of a padding cell, never reached), and stops once the goal has been reached.
//! Because every roll is undone by the roll in the opposite direction, the move stored in a
//! state's stamp leads back to the state it came from, and the path is rebuilt backwards from the
//! goal.
//!
//! The rolls index the stamps and the queues without bounds checks (`unsafe`, with the
//! reasons next to it in `Expand::reach`): a bounds check per roll is a large part of the
//! search's instructions (docs/PERFORMANCE.md). Debug builds (the tests, the fuzzer) still check
//! every index with `debug_assert!`.

use super::solution::Solution;
use crate::bloxorz::model::level::{Level, Orientation, Placement};
use crate::bloxorz::model::moves::{Move, ROLLS, state_of};
use crate::memory::{AllocError, advise_huge_pages, try_zeroed};

/// The stamp of a state where the box may not rest (see the module docs); it has no
/// [`REACHED`] bit.
const BLOCKED: u8 = 1 << 7;

/// The bit set in the stamp of every state a search reached (below it, the move that reached it).
const REACHED: u8 = 1 << 2;

/// Reusable search memory: stamps, the frontier queues and the layer boundaries.
///
/// Create one per worker and reuse it for every level; it grows to the largest level searched
/// (see the module docs). A fresh scratch holds no memory.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    /// The stamps (see the module docs): orientation-major, interleaved, or bits.
    stamps: Vec<u8>,
    /// The padded cells of the last search's level; 0 before any search.
    cells: usize,
    /// The frontier: anchor cells of reached states, the queue of orientation `o` at
    /// `o * cells..(o + 1) * cells`.
    queues: Vec<u32>,
    /// `layers[d][o]`: how many states of orientation `o` the last search had reached at distance
    /// `d` or less.
    layers: Vec<[u32; 3]>,
    /// The state the last search started from.
    from: u32,
    /// Whether the last search's stamps are interleaved (see [`Expand`]).
    interleaved: bool,
    /// Whether the last search's stamps are bits, with no moves (see [`Expand`]).
    bits: bool,
    /// Per band of stamps (see [`Bands`]), in a search that writes its stamps band by band:
    /// [`WRITTEN`] once the band's stamps are written, [`NEAR`] once its neighbours' are too.
    bands: Vec<u8>,
    /// The bands' size, `1 << band_shift` stamps, when the last search wrote its stamps band by
    /// band; `None` when it wrote them all first.
    band_shift: Option<u32>,
}

/// A band's mark in [`Scratch::bands`]: its stamps are written.
const WRITTEN: u8 = 1;
/// A band's mark in [`Scratch::bands`]: its stamps and those of the bands on either side are
/// written, so the states anchored in it can be expanded.
const NEAR: u8 = 2;

/// Where the rolls of the search go: the stamps and the queues of all three orientations, each
/// `cells` long (see [`Scratch`]).
///
/// `BRANCH_FREE` picks how a roll decides whether its state is new. With a branch (`false`) the
/// processor predicts the answer, which it does well on regular terrain: there the rolls of one
/// orientation loop keep finding the states behind the wave visited and the ones ahead new. On
/// irregular terrain those predictions fail about every other roll, and deciding without a branch
/// (`true`: always rewrite the stamp, always write the queue slot, advance the tail by 0 or 1) is
/// faster. [`Scratch::search`] picks one per level (see [`IRREGULAR_CHANGES_PER_CELL`]).
///
/// `INTERLEAVED` picks where a state's stamp is (see [`LARGE`]): at its state index
/// `3 * cell + o`, a cell's three stamps side by side, or orientation-major, at `o * cells +
/// cell`. A queue entry is then `3 * cell` or `cell`, so that a roll adds one constant to it
/// either way.
///
/// `BITS` (only with `INTERLEAVED`) makes the stamps one bit per state instead of a byte (see
/// [`Scratch`]): set when the box may not rest in the state or a roll reached it, with no
/// move kept, for a search for the goal of a large level that needs no path.
struct Expand<'a, const BRANCH_FREE: bool, const INTERLEAVED: bool, const BITS: bool> {
    /// The stamps (see above).
    stamps: &'a mut [u8],
    /// The queues, orientation `o` at `o * cells`.
    queues: &'a mut [u32],
    /// The padded cells of the level.
    cells: usize,
    /// The level's own cells (`rows * cols`): no orientation has more states.
    level_cells: usize,
    /// The stamps still to be written, band by band, in a search for the goal of a large level.
    bands: Bands<'a>,
}

/// The stamps of a search for the goal of a large level are written a band at a time, when the
/// search first expands a state anchored in the band or in one next to it: the bands it never
/// comes near are never written (nor, in a fresh buffer, even given memory), so a level with
/// few reachable states costs little more than reading it.
///
/// A band is `1 << shift` stamps, at least the reach of a roll (a roll moves a state's stamp
/// index by less than `3 * (2 * width + 3)`), so that every roll from a state anchored in band
/// `b` lands in band `b - 1`, `b` or `b + 1`; `marks[b]` holds [`WRITTEN`] and [`NEAR`].
struct Bands<'a> {
    /// The level's padded grid, from whose rest flags the stamps are written.
    grid: &'a [u8],
    /// A mark per band (empty when every stamp was written first).
    marks: &'a mut [u8],
    /// The base-2 logarithm of a band's stamps.
    shift: u32,
    /// Whether the stamps are bits (see [`Expand`]).
    bits: bool,
}

/// A band of stamps holds at least this many (see [`Bands`]): 256 KiB.
const MIN_BAND_SHIFT: u32 = 18;

impl Bands<'_> {
    /// The band shift for a level `width` padded cells wide (see [`Bands`]).
    fn shift(width: usize) -> u32 {
        let reach = 3 * (2 * width + 3);
        reach.next_power_of_two().trailing_zeros().max(MIN_BAND_SHIFT)
    }

    /// Writes the stamps of band `band` and of the bands on either side, those not yet
    /// written, and marks `band` [`NEAR`].
    #[cold]
    #[inline(never)]
    fn prepare(&mut self, stamps: &mut [u8], band: usize) {
        let first = band.saturating_sub(1);
        let last = (band + 1).min(self.marks.len() - 1);
        for b in first..=last {
            if self.marks[b] & WRITTEN == 0 {
                let begin = b << self.shift;
                if self.bits {
                    let end = ((b + 1) << self.shift).min(3 * self.grid.len());
                    write_stamp_bits_between(stamps, self.grid, begin, end);
                } else {
                    let end = ((b + 1) << self.shift).min(stamps.len());
                    write_interleaved_stamps_between(stamps, self.grid, begin, end);
                }
                self.marks[b] |= WRITTEN;
            }
        }
        self.marks[band] |= NEAR;
    }
}

/// A level whose material changes, along its rows, at more than one cell in
/// `IRREGULAR_CHANGES_PER_CELL` ([`Level::terrain_changes`]) is searched branch-free (see
/// [`Expand`]). Open and maze levels change at about one cell in 2 to 3 and search faster
/// branch-free; winding roads and open fields change at one cell in 7 to 250 and search faster
/// with branches (docs/PERFORMANCE.md, `tests/data/bloxorz/large-500.txt`).
const IRREGULAR_CHANGES_PER_CELL: usize = 5;

/// A level of more padded cells than this is *large*: it is searched with interleaved stamps
/// (see [`Expand`]), which its search, scattered over more memory than the caches hold, misses
/// less often, and a search for its goal keeps only the frontier in the queues
/// ([`Expand::layers`]). A smaller level keeps the orientation-major stamps and every layer.
const LARGE: usize = 1 << 16;

/// A search for the goal of a large level that needs no path keeps its stamps as bits (see
/// [`Expand`]) when it decides without branches, or when the level has more padded cells than
/// this. On regular terrain (decided with branches) a byte is cheaper to test than a bit, and
/// that wins while the byte stamps are small: open fields of 2000 x 2000 search faster with
/// bytes, of 4000 x 4000 with bits (docs/PERFORMANCE.md). Irregular terrain searches faster
/// with bits at every large size: there fewer states a cell are reached, and memory written per
/// cell weighs more.
const BIT_STAMPS_CELLS: usize = 1 << 23;

/// The slots of each queue a search that keeps only its frontier uses at first: 64 KiB.
const FRONTIER_ROOM: usize = 1 << 14;

/// Writes the stamps of every state of a level whose padded grid is `grid` into `stamps`
/// (orientation `o` at `o * grid.len()`): 0 where the box may rest, [`BLOCKED`] elsewhere.
///
/// # Panics
///
/// If `stamps` has fewer than three per cell.
fn write_planar_stamps(stamps: &mut [u8], grid: &[u8]) {
    for (o, plane) in stamps[..3 * grid.len()].chunks_exact_mut(grid.len()).enumerate() {
        for (stamp, &flags) in plane.iter_mut().zip(grid) {
            // Bit o of a cell's flags says the box may rest there in orientation o.
            *stamp = if flags >> o & 1 != 0 { 0 } else { BLOCKED };
        }
    }
}

/// Writes the stamps of every state of a level whose padded grid is `grid` into `stamps`, at
/// their state indices (`3 * cell + o`): 0 where the box may rest, [`BLOCKED`] elsewhere.
///
/// # Panics
///
/// If `stamps` has fewer than three per cell.
fn write_interleaved_stamps(stamps: &mut [u8], grid: &[u8]) {
    for (three, &flags) in stamps[..3 * grid.len()].chunks_exact_mut(3).zip(grid) {
        for (o, stamp) in three.iter_mut().enumerate() {
            // Bit o of a cell's flags says the box may rest there in orientation o.
            *stamp = if flags >> o & 1 != 0 { 0 } else { BLOCKED };
        }
    }
}

/// Writes the interleaved stamps `begin..end` (state indices, see
/// [`write_interleaved_stamps`]) of a level whose padded grid is `grid`: the cells wholly
/// inside at once, the stamps of a cell cut by either end one by one.
///
/// # Panics
///
/// If `end` is past `stamps` or past three per cell of `grid`, or `begin > end`.
fn write_interleaved_stamps_between(stamps: &mut [u8], grid: &[u8], begin: usize, end: usize) {
    let stamp = |i: usize| if grid[i / 3] >> (i % 3) & 1 != 0 { 0 } else { BLOCKED };
    let (first, last) = (begin.div_ceil(3), end / 3);
    if first >= last {
        (begin..end).for_each(|i| stamps[i] = stamp(i));
        return;
    }
    (begin..3 * first).for_each(|i| stamps[i] = stamp(i));
    write_interleaved_stamps(&mut stamps[3 * first..3 * last], &grid[first..last]);
    (3 * last..end).for_each(|i| stamps[i] = stamp(i));
}

/// Writes the stamp bits of the states `begin..end` (state indices `3 * cell + o`, bit `i % 8`
/// of byte `i / 8`) of a level whose padded grid is `grid`: set where the box may not rest,
/// clear where it may. Eight cells (24 states, three bytes) at a time; the other bits of the
/// bytes `begin` and `end` cut are left as they were.
///
/// # Panics
///
/// If `end` is past three per cell of `grid` or past `8 * bits.len()`, or `begin > end`.
fn write_stamp_bits_between(bits: &mut [u8], grid: &[u8], begin: usize, end: usize) {
    let blocked = |i: usize| grid[i / 3] >> (i % 3) & 1 == 0;
    let set = |bits: &mut [u8], i: usize| {
        let mask = 1 << (i % 8);
        bits[i / 8] = if blocked(i) { bits[i / 8] | mask } else { bits[i / 8] & !mask };
    };
    let (first, last) = (begin.div_ceil(24), end / 24);
    if first >= last {
        (begin..end).for_each(|i| set(bits, i));
        return;
    }
    (begin..24 * first).for_each(|i| set(bits, i));
    let eights = grid[8 * first..8 * last].chunks_exact(8);
    for (three, eight) in bits[3 * first..3 * last].chunks_exact_mut(3).zip(eights) {
        // Bits 0..2 of a cell's flags are its rest flags, one per orientation: those of the
        // eight cells, in a word a byte each, are packed to 24 bits, pairs of fields at a time.
        let mut rest = u64::from_le_bytes(eight.try_into().unwrap()) & 0x0707_0707_0707_0707;
        rest = (rest | rest >> 5) & 0x003F_003F_003F_003F;
        rest = (rest | rest >> 10) & 0x0000_0FFF_0000_0FFF;
        rest = (rest | rest >> 20) & 0x00FF_FFFF;
        three.copy_from_slice(&(!rest).to_le_bytes()[..3]);
    }
    (24 * last..end).for_each(|i| set(bits, i));
}

impl<const BRANCH_FREE: bool, const INTERLEAVED: bool, const BITS: bool>
    Expand<'_, BRANCH_FREE, INTERLEAVED, BITS>
{
    /// A queue entry's step per cell: 3 with interleaved stamps, else 1.
    const STEP: usize = if INTERLEAVED { 3 } else { 1 };

    /// Reaches the state with anchor `cell` and orientation `N` by move `m`, if the box may rest
    /// there and the state is new (its stamp is 0): stamps it and appends `cell` to its queue at
    /// `tail`.
    #[inline(always)]
    fn reach<const N: usize>(&mut self, base: usize, m: Move, tail: &mut usize) {
        let at = if INTERLEAVED { base + N } else { N * self.cells + base };
        debug_assert!(base / Self::STEP < self.cells && at < self.stamps.len());
        debug_assert!(*tail < (N + 1) * self.cells && *tail < self.queues.len());
        // SAFETY (both blocks): `base` is `STEP * cell`, where `cell` is a roll away from the
        // anchor of a state the box may rest in, so that anchor is a level cell, at least PADDING
        // (2) cells from every edge of the padded grid (only level cells carry rest flags:
        // `Level` keeps its padding empty), and a roll moves the anchor by at most 2 rows and 2
        // columns: `cell < cells`, and `at < 3 * cells <= stamps.len()`. With bits, the word of
        // bit `at` ends by byte `8 * (at / 64 + 1) <= 3 * cells` (a large level has over 2^16
        // cells). Were an index out of bounds, this would read or write outside the buffers.
        let new = if BITS {
            // Bit `at % 64` of the little-endian word at byte `8 * (at / 64)`: bit `at % 8` of
            // byte `at / 8`, as `write_stamp_bits_between` writes them.
            debug_assert!(8 * (at / 64 + 1) <= self.stamps.len());
            let word = unsafe { self.stamps.as_mut_ptr().cast::<u64>().add(at / 64) };
            let old = u64::from_le(unsafe { word.read_unaligned() });
            let bit = 1 << (at % 64);
            if !BRANCH_FREE && old & bit != 0 {
                return;
            }
            unsafe { word.write_unaligned((old | bit).to_le()) };
            old & bit == 0
        } else {
            let stamp = unsafe { self.stamps.get_unchecked_mut(at) };
            let old = *stamp;
            let new = old == 0;
            if !BRANCH_FREE && !new {
                return;
            }
            *stamp = if new { REACHED | m as u8 } else { old };
            new
        };
        // SAFETY: the queue of orientation N, at `N * cells`, holds distinct anchors of states of
        // orientation N, all level cells, fewer than `cells`, so `tail < (N + 1) * cells <=
        // queues.len()` here (the branch-free path writes the slot after the last state, still
        // inside); were it not, this would write past the queue.
        unsafe { *self.queues.get_unchecked_mut(*tail) = base as u32 };
        *tail += usize::from(new);
    }

    /// Whether the goal's stamp, at `goal` (its index among the stamps), shows it reached.
    #[inline(always)]
    fn goal_reached(&self, goal: usize) -> bool {
        // With bits, a set bit could also mean the box may not rest there, but the search looks
        // only at a standing box on the target, where it may.
        if BITS {
            self.stamps[goal / 8] >> (goal % 8) & 1 != 0
        } else {
            self.stamps[goal] & REACHED != 0
        }
    }

    /// Expands the states of orientation `O` in slots `begin..end` of the queues: the four rolls
    /// of each, from [`ROLLS`] (constant offsets once `O` is fixed, so the orientation is never
    /// decoded), each into the queue of the orientation it lands in.
    #[inline(always)]
    fn expand<const O: usize, const LAZY: bool>(
        &mut self,
        tails: &mut [usize; 3],
        begin: usize,
        end: usize,
        w: isize,
    ) {
        debug_assert!(O * self.cells <= begin && end <= (O + 1) * self.cells);
        for i in begin..end {
            // Rolls from orientation O may land in O itself (lying boxes rolling sideways), past
            // `end`, so the queue is read by index rather than borrowed as a slice.
            // SAFETY: an index past `queues` would read outside the buffer. `layers` passes only
            // slots between a queue's head and its tail, filled slots of the queue of orientation
            // O inside its own `cells` slots (see the debug assertion), so `i < queues.len()`.
            let a = unsafe { *self.queues.get_unchecked(i) } as usize;
            if LAZY {
                // Every roll from the state lands in its anchor's band or one next to it.
                let band = a >> self.bands.shift;
                if self.bands.marks[band] & NEAR == 0 {
                    self.bands.prepare(self.stamps, band);
                }
            }
            for m in Move::ALL {
                let (dr, dc, to) = ROLLS[O][m.index()];
                let base = a.wrapping_add_signed(Self::STEP as isize * (dr * w + dc));
                match to {
                    Orientation::Standing => self.reach::<0>(base, m, &mut tails[0]),
                    Orientation::Horizontal => self.reach::<1>(base, m, &mut tails[1]),
                    Orientation::Vertical => self.reach::<2>(base, m, &mut tails[2]),
                }
            }
        }
    }

    /// Expands layer after layer from the start's state, stamped and queued, until the goal's
    /// stamp (at `goal` in `stamps`) shows it reached or the frontier is empty. `tail` is each
    /// queue's end (orientation `o`'s queue starts at `o * cells`).
    ///
    /// With `keep`, every layer stays in the queues and its end is recorded in `layers` (taken
    /// and handed back by value, so that its length stays in a register). Without, the queues
    /// hold the frontier only: before each layer, a queue whose next layer might run past the
    /// first `room` slots of its region moves its current layer to the region's start (and
    /// `room` grows, at most to the region, when the layer and what it can add need more), so a
    /// search touches the first slots of each region again and again, not every slot.
    ///
    /// Returns whether the goal was reached, the last layer's distance, the states expanded,
    /// the final tails, and `layers`.
    fn layers(
        mut self,
        w: usize,
        mut tail: [usize; 3],
        goal: usize,
        keep: bool,
        mut layers: Vec<[u32; 3]>,
    ) -> (bool, u32, u64, [usize; 3], Vec<[u32; 3]>) {
        let cells = self.cells;
        let w = w as isize;
        let mut head = [0, cells, 2 * cells];
        // States dropped from the front of each queue, and the slots each may use.
        let mut dropped = [0usize; 3];
        let mut room = [cells.min(FRONTIER_ROOM); 3];
        let mut depth = 0;
        let explored = |head: [usize; 3], dropped: [usize; 3]| {
            (head[0] + head[1] + head[2] + dropped[0] + dropped[1] + dropped[2] - 3 * cells) as u64
        };
        if keep {
            // Every layer kept: the loops of `expand` inline here.
            loop {
                if self.goal_reached(goal) {
                    return (true, depth, explored(head, dropped), tail, layers);
                }
                // Each tail is at or past its head: the frontier is empty when the sums are
                // equal (one comparison of scalars rather than of arrays, which would live on the
                // stack).
                if tail[0] + tail[1] + tail[2] == head[0] + head[1] + head[2] {
                    return (false, depth, explored(head, dropped), tail, layers);
                }
                let end = tail;
                layers.push([end[0] as u32, (end[1] - cells) as u32, (end[2] - 2 * cells) as u32]);
                depth += 1;
                self.expand::<0, false>(&mut tail, head[0], end[0], w);
                self.expand::<1, false>(&mut tail, head[1], end[1], w);
                self.expand::<2, false>(&mut tail, head[2], end[2], w);
                head = end;
            }
        }
        loop {
            if self.goal_reached(goal) {
                return (true, depth, explored(head, dropped), tail, layers);
            }
            if tail[0] + tail[1] + tail[2] == head[0] + head[1] + head[2] {
                return (false, depth, explored(head, dropped), tail, layers);
            }
            // No roll adds more than two states per state of the layer to any queue: most
            // layers of a thin frontier fit without a look at each queue.
            let grow = 2 * (tail[0] + tail[1] + tail[2] - head[0] - head[1] - head[2]);
            let fits = |o: usize| tail[o] + grow < o * cells + room[o];
            if !(fits(0) && fits(1) && fits(2)) {
                self.make_room(&mut head, &mut tail, &mut dropped, &mut room);
            }
            let end = tail;
            depth += 1;
            self.layer(&mut tail, head, end, w);
            head = end;
        }
    }

    /// Expands one layer, `head..end` of each queue, appending to each queue at `tail`: a
    /// function of its own, so that the loops of [`Expand::expand`] keep their registers.
    #[inline(never)]
    fn layer(&mut self, tail: &mut [usize; 3], head: [usize; 3], end: [usize; 3], w: isize) {
        // The tails in a local, so that they live in registers rather than behind a pointer.
        let mut local = *tail;
        // Only a large level's search keeps just its frontier, and writes its stamps by band.
        self.expand::<0, INTERLEAVED>(&mut local, head[0], end[0], w);
        self.expand::<1, INTERLEAVED>(&mut local, head[1], end[1], w);
        self.expand::<2, INTERLEAVED>(&mut local, head[2], end[2], w);
        *tail = local;
    }

    /// Before a layer (the states `head..tail` of each queue): moves a queue's layer to the
    /// start of its region when the states the layer can add might run past `room` slots, and
    /// grows `room` when the layer and those states need more (see [`Expand::layers`]).
    #[inline(never)]
    fn make_room(
        &mut self,
        head: &mut [usize; 3],
        tail: &mut [usize; 3],
        dropped: &mut [usize; 3],
        room: &mut [usize; 3],
    ) {
        let cells = self.cells;
        let layer = [tail[0] - head[0], tail[1] - head[1], tail[2] - head[2]];
        // The rolls of ROLLS into each orientation: two from each lying box into standing, two
        // from each standing box and each box lying the same way into lying.
        let adds =
            [2 * (layer[1] + layer[2]), 2 * (layer[0] + layer[1]), 2 * (layer[0] + layer[2])];
        for o in 0..3 {
            let base = o * cells;
            // No more states of one orientation than level cells, fewer than `cells`; the
            // branch-free path writes one slot past the last state.
            let reached = dropped[o] + tail[o] - base;
            let adds = adds[o].min(self.level_cells.saturating_sub(reached));
            if tail[o] + adds < base + room[o] {
                continue;
            }
            self.queues.copy_within(head[o]..tail[o], base);
            dropped[o] += head[o] - base;
            head[o] = base;
            tail[o] = base + layer[o];
            if layer[o] + adds >= room[o] {
                room[o] = (2 * room[o]).max(layer[o] + adds + 1).min(cells);
            }
        }
    }
}

impl Scratch {
    /// Bytes held by the scratch's buffers (their capacity, which is kept for reuse).
    pub fn memory_usage(&self) -> usize {
        self.stamps.capacity()
            + 4 * self.queues.capacity()
            + 12 * self.layers.capacity()
            + self.bands.capacity()
    }

    /// The minimum number of moves from `from` (a placement where the box may rest) to standing
    /// on the target of `level`, a level without switches and split switches.
    pub fn solve(&mut self, level: &Level, from: Placement) -> Solution {
        self.solve_keeping(level, from, false)
    }

    /// [`Scratch::solve`], keeping the moves that reached the states when `moves` (without,
    /// the stamps may be bits: see [`BIT_STAMPS_CELLS`]).
    fn solve_keeping(&mut self, level: &Level, from: Placement, moves: bool) -> Solution {
        debug_assert!(!level.mechanics().needs_engine(), "the POJ search has no switches");
        let goal = Some(Self::goal(level));
        let irregular = Self::irregular(level);
        let bits = !moves && (irregular || level.grid().len() > BIT_STAMPS_CELLS);
        let (distance, states_explored) =
            self.search_with(level, state_of(level, from), goal, irregular, bits);
        Solution { moves: distance, states_explored }
    }

    /// Whether `level` is searched branch-free (see [`IRREGULAR_CHANGES_PER_CELL`]).
    fn irregular(level: &Level) -> bool {
        level.terrain_changes() * IRREGULAR_CHANGES_PER_CELL > level.rows() * level.cols()
    }

    /// Like [`Scratch::solve`], and when the level can be solved, replaces the contents of `path`
    /// with one shortest sequence of moves (`path.len()` equals the answer). Leaves `path` empty
    /// when it cannot be solved.
    pub fn solve_with_path(
        &mut self,
        level: &Level,
        from: Placement,
        path: &mut Vec<Move>,
    ) -> Solution {
        let solution = self.solve_keeping(level, from, true);
        path.clear();
        if solution.moves.is_some() {
            self.path_to(level, Self::goal(level), path);
        }
        solution
    }

    /// The goal state of `level`: the box standing on the target.
    fn goal(level: &Level) -> u32 {
        let (tr, tc) = level.target();
        state_of(level, Placement::standing(tr, tc))
    }

    /// Breadth-first search on `level` from state `from` (see
    /// [`moves`](crate::bloxorz::model::moves) for state indices), stopping after the layer that
    /// reaches `goal`, or sweeping every reachable state when `goal` is `None`. Returns the
    /// distance to the goal (`None` when not reached, always `None` for a sweep) and the number
    /// of states expanded.
    ///
    /// After the search, [`Scratch::reached`] lists every state reached with its distance, and
    /// [`Scratch::path_to`] walks back from any of them.
    ///
    /// # Panics
    ///
    /// If `from` is not a state of `level` where the box may rest (the parser's levels always give
    /// a legal start).
    pub fn search(&mut self, level: &Level, from: u32, goal: Option<u32>) -> (Option<u32>, u64) {
        self.search_with(level, from, goal, Self::irregular(level), false)
    }

    /// Makes the buffers fit a level of `cells` padded cells, allocating fallibly; a search of
    /// such a level then allocates nothing but its layer list. Callers that must not abort
    /// call it before a search.
    ///
    /// # Errors
    ///
    /// The system refused the memory.
    #[inline]
    pub(crate) fn reserve(&mut self, cells: usize) -> Result<(), AllocError> {
        if self.stamps.len() < 3 * cells || self.queues.len() < 3 * cells {
            return self.grow(cells);
        }
        Ok(())
    }

    /// [`Scratch::reserve`] when the buffers are too small.
    #[cold]
    fn grow(&mut self, cells: usize) -> Result<(), AllocError> {
        // Growing starts from fresh zeroed buffers rather than resizing: nothing in the old ones
        // is needed (each search writes its stamps first), and the system hands out zeroed
        // pages lazily, so the frontier slots a search never reaches cost nothing.
        if self.stamps.len() < 3 * cells {
            self.stamps = Vec::new();
            self.stamps = try_zeroed(3 * cells, "the search's stamps")?;
            // Every search writes its stamps whole (the queues it touches sparsely).
            advise_huge_pages(&mut self.stamps);
        }
        if self.queues.len() < 3 * cells {
            self.queues = Vec::new();
            self.queues = try_zeroed(3 * cells, "the search's frontier")?;
        }
        Ok(())
    }

    /// [`Scratch::search`] with the way of testing states chosen by the caller (see [`Expand`]).
    /// With `bits`, a search for the goal of a large level keeps its stamps as bits, and no
    /// move: [`Scratch::path_to`] cannot follow it (other searches keep bytes).
    fn search_with(
        &mut self,
        level: &Level,
        from: u32,
        goal: Option<u32>,
        branch_free: bool,
        bits: bool,
    ) -> (Option<u32>, u64) {
        let grid = level.grid();
        let cells = grid.len();
        let (anchor, o) = (from as usize / 3, from as usize % 3);
        assert!(grid.get(anchor).is_some_and(|f| f & (1 << o) != 0), "illegal start state {from}");
        if let Err(e) = self.reserve(cells) {
            panic!("{e} (callers reserve the search's memory first)");
        }
        self.from = from;
        self.cells = cells;
        let mut layers = std::mem::take(&mut self.layers);
        layers.clear();
        let interleaved = cells > LARGE;
        self.interleaved = interleaved;
        let step = if interleaved { 3 } else { 1 };
        let start = if interleaved { from as usize } else { o * cells + anchor };
        // Without a goal, the stamp looked at is that of the padded grid's first cell, standing:
        // padding, never reached. A search for a goal in a large level keeps only its frontier,
        // and writes its stamps band by band (see `Bands`), as bits when it needs no moves.
        let keep = goal.is_none() || !interleaved;
        let bits = !keep && bits;
        self.bits = bits;
        let goal = goal.map_or(0, |g| self.at(g));
        let w = level.width();
        let shift = Bands::shift(w);
        self.band_shift = (!keep).then_some(shift);
        self.bands.clear();
        let stamps = &mut self.stamps[..3 * cells];
        let mut bands = Bands { grid, marks: &mut [], shift, bits };
        if !keep {
            self.bands.resize((3 * cells).div_ceil(1 << shift), 0);
            bands.marks = &mut self.bands;
            // The goal's stamp is looked at after every layer.
            bands.prepare(stamps, (step * anchor) >> shift);
            bands.prepare(stamps, goal >> shift);
        } else if interleaved {
            write_interleaved_stamps(stamps, grid);
        } else {
            write_planar_stamps(stamps, grid);
        }
        if bits {
            stamps[start / 8] |= 1 << (start % 8);
        } else {
            stamps[start] = REACHED;
        }
        self.queues[o * cells] = (step * anchor) as u32;
        let mut tail = [0, cells, 2 * cells];
        tail[o] += 1;
        let queues = &mut self.queues[..3 * cells];
        let level_cells = level.rows() * level.cols();
        macro_rules! run {
            ($branch_free:literal, $interleaved:literal, $bits:literal) => {
                Expand::<$branch_free, $interleaved, $bits> {
                    stamps,
                    queues,
                    cells,
                    level_cells,
                    bands,
                }
                .layers(w, tail, goal, keep, layers)
            };
        }
        let (found, depth, explored, tail, mut layers) = match (branch_free, interleaved, bits) {
            (true, true, true) => run!(true, true, true),
            (false, true, true) => run!(false, true, true),
            (true, true, false) => run!(true, true, false),
            (false, true, false) => run!(false, true, false),
            (true, false, _) => run!(true, false, false),
            (false, false, _) => run!(false, false, false),
        };
        let last = [tail[0] as u32, (tail[1] - cells) as u32, (tail[2] - 2 * cells) as u32];
        if keep && layers.last() != Some(&last) {
            layers.push(last);
        }
        self.layers = layers;
        (found.then_some(depth), explored)
    }

    /// Where the stamp of `state` (an index `3 * cell + o` of the last search's level) is.
    #[inline]
    fn at(&self, state: u32) -> usize {
        let (cell, o) = (state as usize / 3, state as usize % 3);
        if self.interleaved { state as usize } else { o * self.cells + cell }
    }

    /// Every state the last search reached, with its distance from the start: the start at 0,
    /// then layer by layer (within a layer, standing states first, then lying horizontally, then
    /// vertically), when that search was a sweep (no goal); a search for a goal keeps only its
    /// frontier, and lists nothing here.
    pub fn reached(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (0..3).flat_map(move |o| {
            let mut begin = 0;
            self.layers.iter().enumerate().flat_map(move |(d, ends)| {
                let range = begin..ends[o] as usize;
                begin = ends[o] as usize;
                let queue = &self.queues[o * self.cells..];
                let step = if self.interleaved { 1 } else { 3 };
                queue[range].iter().map(move |&base| (step * base + o as u32, d as u32))
            })
        })
    }

    /// True when the last search on `level` reached `state` and kept the move that did: every
    /// search but [`Scratch::solve`]'s on a large level, which keeps bits (see [`Expand`]) and
    /// answers false here.
    pub fn was_reached(&self, state: u32) -> bool {
        self.stamp(state).is_some_and(|s| s & REACHED != 0)
    }

    /// The stamp the last search left on `state`; `None` past the last level's states, and
    /// after a search that kept bits.
    fn stamp(&self, state: u32) -> Option<u8> {
        if self.bits {
            return None;
        }
        let at = self.at(state);
        // A band a search wrote no stamp of holds an earlier search's: none of this one's.
        let written = self.band_shift.is_none_or(|shift| self.bands[at >> shift] & WRITTEN != 0);
        (state as usize / 3 < self.cells).then(|| if written { self.stamps[at] } else { 0 })
    }

    /// Replaces the contents of `path` with the moves from the last search's start to `state`,
    /// a state that search reached on `level`: a shortest path, rebuilt backwards through the
    /// moves stored in the stamps.
    ///
    /// # Panics
    ///
    /// If the last search did not reach `state` on `level`.
    pub fn path_to(&self, level: &Level, state: u32, path: &mut Vec<Move>) {
        assert!(self.was_reached(state), "state {state} was not reached by the last search");
        // Walked as anchor and orientation, with the rolls of ROLLS undone: no division by 3
        // and no move table per step.
        let (w, cells, interleaved) = (level.width() as isize, self.cells, self.interleaved);
        let split = |s: u32| (s as usize / 3, s as usize % 3);
        let from = split(self.from);
        let (mut cell, mut o) = split(state);
        path.clear();
        while (cell, o) != from {
            // Every state on the way back was reached: its stamp holds the move that reached it,
            // from a state one move closer to the start.
            let stamp = self.stamps[if interleaved { 3 * cell + o } else { o * cells + cell }];
            debug_assert!(cell < cells && stamp & REACHED != 0);
            let m = Move::from_index(usize::from(stamp & 3));
            path.push(m);
            let (dr, dc, to) = ROLLS[o][m.opposite().index()];
            cell = cell.wrapping_add_signed(dr * w + dc);
            o = to.index();
        }
        path.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bloxorz::model::moves::roll;
    use crate::bloxorz::read::PackReader;

    fn level(text: &str) -> Level {
        PackReader::new(text.as_bytes()).next().unwrap().unwrap()
    }

    /// The answer from the level's start, in a fresh scratch.
    fn solve(level: &Level) -> Solution {
        Scratch::default().solve(level, level.start())
    }

    const POJ_SAMPLE: &str = "7 7\n#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######\n";

    fn replay(level: &Level, path: &[Move]) -> Placement {
        let mut p = level.start();
        for &m in path {
            p = roll(level, p, m).expect("path stays on the level");
        }
        p
    }

    #[test]
    fn the_poj_sample_takes_10_moves_and_its_path_replays() {
        let level = level(POJ_SAMPLE);
        let mut scratch = Scratch::default();
        let mut path = Vec::new();
        let solution = scratch.solve_with_path(&level, level.start(), &mut path);
        assert_eq!(solution.moves, Some(10));
        assert_eq!(path.len(), 10);
        let (tr, tc) = level.target();
        assert_eq!(replay(&level, &path), Placement::standing(tr, tc));
    }

    #[test]
    fn a_reused_scratch_answers_like_a_fresh_one_across_sizes() {
        let levels = [
            POJ_SAMPLE,
            "1 4\nXX.O\n",
            "3 3\nX#O\n...\n...\n",
            "2 2\nXO\n..\n",
            "1 3\nX.O\n",
            "1 5\nX..O.\n",
        ];
        let mut reused = Scratch::default();
        for _ in 0..3 {
            for text in levels {
                let level = level(text);
                let fresh = solve(&level);
                assert_eq!(reused.solve(&level, level.start()), fresh, "{text}");
            }
        }
        assert_eq!(solve(&level("1 3\nXXO\n")).moves, Some(1));
        assert_eq!(solve(&level("1 3\nX.O\n")).moves, None);
    }

    #[test]
    fn a_sweep_records_every_reachable_state_by_distance() {
        let level = level(POJ_SAMPLE);
        let mut scratch = Scratch::default();
        let from = state_of(&level, level.start());
        let (distance, explored) = scratch.search(&level, from, None);
        assert_eq!(distance, None);
        let reached: Vec<(u32, u32)> = scratch.reached().collect();
        assert_eq!(explored as usize, reached.len());
        assert_eq!(reached.iter().filter(|&&(_, d)| d == 0).count(), 1);
        let (tr, tc) = level.target();
        let goal = state_of(&level, Placement::standing(tr, tc));
        assert!(reached.contains(&(goal, 10)));
        let mut path = Vec::new();
        for &(s, d) in &reached {
            assert!(scratch.was_reached(s));
            scratch.path_to(&level, s, &mut path);
            assert_eq!(path.len(), d as usize);
            let mut at = level.start();
            for &m in &path {
                at = roll(&level, at, m).unwrap();
            }
            assert_eq!(state_of(&level, at), s);
        }
        let mut states: Vec<u32> = reached.iter().map(|&(s, _)| s).collect();
        states.sort_unstable();
        states.dedup();
        assert_eq!(states.len(), reached.len());
    }

    #[test]
    fn both_ways_of_testing_states_reach_the_same_states_at_the_same_distances() {
        // Random levels from flat fields to noise, so both sides of the threshold are covered.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut scratch = Scratch::default();
        let (mut regular, mut irregular) = (0, 0);
        for _ in 0..300 {
            let (rows, cols) = (1 + next(14) as usize, 1 + next(14) as usize);
            let holes = next(50);
            let mut text = format!("{rows} {cols}\n");
            for _ in 0..rows {
                for _ in 0..cols {
                    text.push(match next(100) {
                        x if x < holes / 2 => '#',
                        x if x < holes => 'E',
                        _ => '.',
                    });
                }
                text.push('\n');
            }
            let mut bytes = text.into_bytes();
            let cells: Vec<usize> = (0..bytes.len()).filter(|&i| bytes[i] == b'.').collect();
            if cells.len() < 2 || !bytes.starts_with(format!("{rows} {cols}\n").as_bytes()) {
                continue;
            }
            let o = cells[next(cells.len() as u64) as usize];
            let x = cells[next(cells.len() as u64) as usize];
            if o == x {
                continue;
            }
            bytes[o] = b'O';
            bytes[x] = b'X';
            let level = PackReader::new(&bytes).next().unwrap().unwrap();
            if level.terrain_changes() * IRREGULAR_CHANGES_PER_CELL > rows * cols {
                irregular += 1;
            } else {
                regular += 1;
            }
            let from = state_of(&level, level.start());
            let mut sweeps = Vec::new();
            for branch_free in [false, true] {
                let result = scratch.search_with(&level, from, None, branch_free, false);
                let mut reached: Vec<(u32, u32)> = scratch.reached().collect();
                reached.sort_unstable();
                sweeps.push((result, reached));
            }
            assert_eq!(sweeps[0], sweeps[1], "{}", level);
            let (tr, tc) = level.target();
            let goal = state_of(&level, Placement::standing(tr, tc));
            let goals: Vec<_> = [false, true]
                .map(|b| scratch.search_with(&level, from, Some(goal), b, false))
                .into();
            assert_eq!(goals[0], goals[1], "{}", level);
        }
        assert!(regular > 30 && irregular > 30, "regular {regular}, irregular {irregular}");
    }

    #[test]
    fn large_levels_keep_only_their_frontier_and_answer_as_their_sweep() {
        // Open ground with scattered holes and fragile cells, 800 x 800 (over LARGE padded
        // cells, and with layers that outgrow FRONTIER_ROOM), the target far from the start.
        let (rows, cols) = (800usize, 800usize);
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut text = format!("{rows} {cols}\n");
        for r in 0..rows {
            for c in 0..cols {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                text.push(match (r, c) {
                    (3, 5) => 'X',
                    (790, 771) => 'O',
                    _ if seed % 100 < 4 => '#',
                    _ if seed % 100 < 7 => 'E',
                    _ => '.',
                });
            }
            text.push('\n');
        }
        let level = level(&text);
        assert!(level.grid().len() > LARGE);
        let mut scratch = Scratch::default();
        let from = state_of(&level, level.start());
        let goal = Scratch::goal(&level);
        scratch.search_with(&level, from, None, false, false);
        let distances: std::collections::HashMap<u32, u32> = scratch.reached().collect();
        let want = distances[&goal];
        let below = distances.values().filter(|&&d| d < want).count() as u64;
        for branch_free in [false, true] {
            // Without moves, the stamps are bits.
            let bits = scratch.search_with(&level, from, Some(goal), branch_free, true);
            assert_eq!(bits, (Some(want), below), "bits, branch-free {branch_free}");
            assert!(scratch.bits && !scratch.was_reached(goal));
            let (moves, explored) =
                scratch.search_with(&level, from, Some(goal), branch_free, false);
            assert_eq!((moves, explored), (Some(want), below), "branch-free {branch_free}");
            let mut path = Vec::new();
            scratch.path_to(&level, goal, &mut path);
            assert_eq!(path.len(), want as usize);
            let (tr, tc) = level.target();
            assert_eq!(replay(&level, &path), Placement::standing(tr, tc));
        }
        // The goal search touched the first slots of each queue region only.
        assert!(scratch.reached().count() < distances.len());
    }

    #[test]
    fn stamps_written_between_any_bounds_match_those_written_whole() {
        let grid: Vec<u8> = (0..40u8).map(|i| i.wrapping_mul(37) & 7).collect();
        let mut whole = vec![0; 3 * grid.len()];
        write_interleaved_stamps(&mut whole, &grid);
        for begin in 0..whole.len() {
            for end in begin..=whole.len() {
                let mut part = vec![REACHED; whole.len()];
                write_interleaved_stamps_between(&mut part, &grid, begin, end);
                assert_eq!(part[begin..end], whole[begin..end], "{begin}..{end}");
                assert!(part[..begin].iter().chain(&part[end..]).all(|&s| s == REACHED));
            }
        }
    }

    #[test]
    fn stamp_bits_written_between_any_bounds_match_the_byte_stamps() {
        // Flags with bits above the rest flags set too: only bits 0..2 count.
        let grid: Vec<u8> = (0..40u8).map(|i| i.wrapping_mul(37)).collect();
        let mut whole = vec![0; 3 * grid.len()];
        write_interleaved_stamps(&mut whole, &grid);
        let bit = |bits: &[u8], i: usize| bits[i / 8] >> (i % 8) & 1 != 0;
        for begin in 0..whole.len() {
            for end in begin..=whole.len() {
                for fill in [0, 0xFF] {
                    let mut bits = vec![fill; whole.len().div_ceil(8)];
                    write_stamp_bits_between(&mut bits, &grid, begin, end);
                    for (i, &stamp) in whole.iter().enumerate() {
                        let want =
                            if (begin..end).contains(&i) { stamp == BLOCKED } else { fill != 0 };
                        assert_eq!(bit(&bits, i), want, "{begin}..{end}, bit {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_goal_search_by_bands_ignores_the_stamps_an_earlier_search_left() {
        // A tall open level (over LARGE padded cells, many bands), the target near the start:
        // a sweep first stamps every state reached; the goal search after it writes only the
        // bands near the start, and must neither take the sweep's stamps for its own nor
        // report far states as reached.
        let (rows, cols) = (20_000usize, 20usize);
        let mut text = format!("{rows} {cols}\n");
        for r in 0..rows {
            for c in 0..cols {
                text.push(match (r, c) {
                    (1, 1) => 'X',
                    (6, 9) => 'O',
                    _ => '.',
                });
            }
            text.push('\n');
        }
        let level = level(&text);
        assert!(level.grid().len() > LARGE);
        let mut scratch = Scratch::default();
        let from = state_of(&level, level.start());
        let goal = Scratch::goal(&level);
        scratch.search(&level, from, None);
        let distances: std::collections::HashMap<u32, u32> = scratch.reached().collect();
        let far = state_of(&level, Placement::standing(rows - 1, cols - 1));
        assert!(distances.contains_key(&far));
        let want = distances[&goal];
        let below = distances.values().filter(|&&d| d < want).count() as u64;
        for branch_free in [false, true] {
            let bits = scratch.search_with(&level, from, Some(goal), branch_free, true);
            assert_eq!(bits, (Some(want), below), "bits, branch-free {branch_free}");
            let answer = scratch.search_with(&level, from, Some(goal), branch_free, false);
            assert_eq!(answer, (Some(want), below), "branch-free {branch_free}");
            assert!(scratch.was_reached(goal) && !scratch.was_reached(far));
            assert!(scratch.band_shift.is_some() && scratch.bands.contains(&0));
            let mut path = Vec::new();
            scratch.path_to(&level, goal, &mut path);
            assert_eq!(replay(&level, &path), Placement::standing(6, 9));
        }
    }

    #[test]
    fn memory_usage_grows_to_the_largest_level_and_stays() {
        let mut scratch = Scratch::default();
        assert_eq!(scratch.memory_usage(), 0);
        let sample = level(POJ_SAMPLE);
        scratch.solve(&sample, sample.start());
        let big = scratch.memory_usage();
        // The 7x7 sample pads to 11x11 cells: per state a stamp byte and a 4-byte queue slot.
        assert!(big >= 5 * 3 * 11 * 11);
        let small = level("1 4\nXX.O\n");
        scratch.solve(&small, small.start());
        assert_eq!(scratch.memory_usage(), big);
    }
}
