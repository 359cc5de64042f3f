//! The table builder: every press vector once, in a mixed-radix Gray order.
//!
//! # Why it works
//!
//! Every variant of the family is linear over `Z_K`: pressing cell `p` `x_p` times
//! (`0 <= x_p < K`) takes the state `s` to `s + T x`, cell by cell modulo `K` (`T` the toggle
//! matrix), in any order, and pressing a cell `K` times changes nothing. So a shortest sequence
//! of presses is a press vector `x` of weight `|x| = sum x_p`, and the distance of `s` is the
//! least `|x|` over the vectors with `s + T x` a goal state: `s = g - T x` for a goal `g`. The
//! builder visits all `K^n` press vectors (`n = R*C`) once and records, at the state each one
//! solves, the minimum of the entry there and the vector's weight. Every weight is below 255
//! (`(K - 1) * n <= 120` within the tables' limit of `2^32` states, 32 for two colours), so the
//! entries no vector reaches stay [`IMPOSSIBLE`]. The entries equal the reverse breadth-first
//! search's ([`super::bfs`], [`super::digits`]), which the tests keep as the reference.
//!
//! # The order
//!
//! The modular Gray code in base `K`: step `t` (from 1) adds 1 modulo `K` to press `j`, the
//! number of trailing zero digits of `t` in base `K` (press 0 on `K - 1` steps of `K`). So a step
//! adds one column of `-T` to the state (for two colours, one XOR) and the weight changes by `+1`,
//! or by `-(K - 1)` when the press wraps from `K - 1` to 0.
//!
//! The walk splits the presses in two: the vectors of the last presses are listed with their
//! states, sorted by state, and for each of them every vector of the first presses is added from
//! a second list. The first presses move the low cells, so one block of the walk lands in one
//! part of the table. For two colours the second list holds XOR masks; for `K` colours it holds
//! each vector's change to the groups of digits the first presses touch (a group is as many
//! digits as fit a byte, 5 for three colours), and a state is one row lookup per such group.
//!
//! # The goal "any": one `K`-th of the table
//!
//! Adding a uniform board `c * 1` to a state commutes with every press and maps the uniform
//! boards onto themselves, so `s` and `s + c * 1` are at the same distance. The walk runs on one
//! state of each such class, the one whose last cell (the most significant digit) is 0:
//! `rep(s) = s - s_last * 1`, the first `K^(n-1)` entries of the table. A vector solves `s` when
//! `rep(s) = rep(-T x)`, so the walk adds the folded columns `rep(-T e_p)` (for two colours, a
//! press that flips the last cell is XORed with the all-black board too). The other entries are
//! copied from the first part: entry `s` is entry `rep(s)`. One goal colour `c` needs the whole
//! table: the walk starts at `c * 1`.
//!
//! # Memory
//!
//! The table (`K^n` bytes) and the lists of the walk, under 2 MiB: the walk is in place, and so
//! is the copy.

use super::bfs::IMPOSSIBLE;
use crate::lights_out::variant::goal::Goal;
use crate::lights_out::variant::rules::Variant;
use crate::memory::{self, AllocError};

/// Steps of the walk between two calls of `progress`.
const PROGRESS_STEPS: u64 = 1 << 22;

/// The entries the copy of the goal "any" fills from one lookup table of the low digits:
/// `K^L <= COPY_BLOCK`.
const COPY_BLOCK: u64 = 1 << 12;

/// Builds the distance table of `variant` by the press-vector walk of the module docs: entry `s`
/// (`K^(R*C)` entries, the layout of
/// [`Board::state`](crate::lights_out::Board::state)) is the minimum number of presses from state
/// `s` to the variant's goal, or [`IMPOSSIBLE`]. `progress` is called as the walk goes with the
/// states reached so far, last with all the states that can reach the goal.
///
/// # Errors
///
/// The system refused the table's memory.
///
/// # Panics
///
/// If the variant has more than `2^32` states.
pub(crate) fn gray_distance_table(
    variant: &Variant,
    mut progress: impl FnMut(u64),
) -> Result<Vec<u8>, AllocError> {
    let states = variant.states().filter(|&s| s <= 1 << 32).expect("at most 2^32 states");
    let n = variant.size().cells();
    let k = u32::from(variant.colours());
    debug_assert!((k as usize - 1) * n < usize::from(IMPOSSIBLE), "weights below 255");
    let mut table = memory::try_filled(states as usize, IMPOSSIBLE, "the distance table")?;
    let fold = variant.goal() == Goal::Any;
    let classes = if fold { states / u64::from(k) } else { states };
    let start = match variant.goal() {
        Goal::Any => 0,
        Goal::Colour(c) => (states - 1) / u64::from(k - 1) * u64::from(c),
    };
    let region = &mut table[..classes as usize];
    // Each entry of the region stands for `per_entry` states of the table.
    let per_entry = states / classes;
    let mut report = |entries: u64| progress(entries * per_entry);
    let reached = if k == 2 {
        let masks = variant.press_masks();
        let moves: Vec<u32> = match fold {
            true => fold_masks(n, &masks),
            false => masks,
        };
        walk_bits(region, start as u32, &moves, &mut report)
    } else {
        let columns = negated_columns(variant, fold);
        let cells = if fold { n - 1 } else { n };
        walk_digits(region, cells, k, start as u32, &columns, &mut report)
    };
    if fold {
        copy_classes(&mut table, n, k);
    }
    progress(reached * per_entry);
    Ok(table)
}

/// The press masks of a two-colour variant for the walk on the states whose last cell is white:
/// each mask that flips the last cell also flipped all the others (XORed with all black).
fn fold_masks(n: usize, masks: &[u32]) -> Vec<u32> {
    let all = ((1u64 << n) - 1) as u32;
    let last = 1u32 << (n - 1);
    masks.iter().map(|&m| if m & last != 0 { m ^ all } else { m }).collect()
}

/// One cell a press changes and how many colours it adds to it (`1..K`).
type CellStep = (u32, u32);

/// Per press `p`, the cells of `-T e_p` (modulo `K`), folded as the module docs say when `fold`:
/// plus `T[last][p]` on every cell, the last cell then dropped (always 0 there).
fn negated_columns(variant: &Variant, fold: bool) -> Vec<Vec<CellStep>> {
    let n = variant.size().cells();
    let k = u32::from(variant.colours());
    let matrix = variant.toggle_matrix();
    let mut column = vec![0u32; n];
    (0..n)
        .map(|press| {
            column.fill(0);
            for &(cell, a) in matrix.effect(press) {
                column[cell as usize] = (k - u32::from(a)) % k;
            }
            if fold {
                let lift = (k - column[n - 1]) % k;
                column.iter_mut().for_each(|c| *c = (*c + lift) % k);
            }
            let cells = if fold { n - 1 } else { n };
            (0..cells).filter(|&i| column[i] != 0).map(|i| (i as u32, column[i])).collect()
        })
        .collect()
}

/// Records weight `w` at `slot`, counting the entry if it is reached for the first time.
#[inline(always)]
fn record(slot: &mut u8, w: u32, reached: &mut u64) {
    *reached += u64::from(*slot == IMPOSSIBLE);
    *slot = (*slot).min(w as u8);
}

/// How the walk is split (see [`walk_bits`] and [`walk_digits`]): the last presses, at most
/// this many vectors of them, are listed and sorted; the first presses are walked inside.
const OUTER_VECTORS: u64 = 1 << 16;

/// The presses of the outer list for `n` presses of `k` colours: the most whose vectors number
/// at most [`OUTER_VECTORS`].
fn outer_presses(n: usize, k: u32) -> usize {
    let mut outer = 0;
    while outer < n && u64::from(k).pow(outer as u32 + 1) <= OUTER_VECTORS {
        outer += 1;
    }
    outer
}

/// The XOR and the weight of every press set of `moves`, in Gray order.
fn gray_xors(moves: &[u32]) -> Vec<(u32, u32)> {
    let mut sets = Vec::with_capacity(1 << moves.len());
    let (mut xor, mut weight) = (0u32, 0u32);
    sets.push((xor, weight));
    for t in 1..1u64 << moves.len() {
        let j = t.trailing_zeros();
        xor ^= moves[j as usize];
        // Bit j of the Gray code t ^ (t >> 1) is now 1 ^ bit j + 1 of t.
        weight = weight + 1 - 2 * ((t >> (j + 1)) & 1) as u32;
        sets.push((xor, weight));
    }
    sets
}

/// The walk for two colours: every press set from `start`, as the XOR of the sets of the last
/// presses (a sorted list: consecutive blocks land in the same part of the table) and of the
/// first presses (a list in Gray order, walked for each). Returns the entries of `region`
/// reached.
fn walk_bits(region: &mut [u8], start: u32, moves: &[u32], progress: &mut impl FnMut(u64)) -> u64 {
    let first = moves.len() - outer_presses(moves.len(), 2);
    let inner = gray_xors(&moves[..first]);
    let mut outer = gray_xors(&moves[first..]);
    outer.sort_unstable();
    let mut reached = 0u64;
    let blocks_per_call = (PROGRESS_STEPS >> first).max(1) as usize;
    for blocks in outer.chunks(blocks_per_call) {
        for &(xor, weight) in blocks {
            let base = start ^ xor;
            for &(offset, w) in &inner {
                record(&mut region[(base ^ offset) as usize], weight + w, &mut reached);
            }
        }
        progress(reached);
    }
    reached
}

/// The fewest vectors of the first presses [`walk_digits`] lists: its rows are rebuilt for each
/// vector of the last presses.
const INNER_VECTORS: u64 = 1 << 9;

/// The values a group of digits may take in [`DigitGroups`]: one byte.
const GROUP_VALUES: usize = 256;

/// The most groups of digits within [`DistanceTable::MAX_STATES`] states and
/// [`Variant::MAX_COLOURS`] colours (7 colours, 11 cells, 2 digits a group).
///
/// [`DistanceTable::MAX_STATES`]: super::DistanceTable::MAX_STATES
const MAX_GROUPS: usize = 6;

/// The digits of a `K`-colour state (`sum d_i K^i`) in groups of `width` digits, the most with
/// `K^width <= 256`: group `j`, digits `width * j ..`, has the value `sum d_(width*j+i) K^i`,
/// one byte, and the digit-by-digit sum modulo `K` of two states is one lookup per group.
struct DigitGroups {
    k: u32,
    width: usize,
    /// `K^width`, the values of a group.
    values: usize,
    /// Group `j`'s weight in the state's index: `K^(width * j)`.
    powers: Vec<u32>,
    /// `sums[a * values + b]`: the group whose digits are those of `a` plus those of `b`, modulo
    /// `K`.
    sums: Vec<u8>,
}

impl DigitGroups {
    /// The groups of `cells` digits of `k` colours.
    fn new(k: u32, cells: usize) -> DigitGroups {
        let mut width = 1;
        while (k.pow(width as u32 + 1) as usize) <= GROUP_VALUES {
            width += 1;
        }
        let values = k.pow(width as u32);
        let powers = (0..cells.div_ceil(width)).map(|j| k.pow((width * j) as u32)).collect();
        let add = move |mut a: u32, mut b: u32| {
            let (mut sum, mut power) = (0, 1);
            for _ in 0..width {
                sum += (a % k + b % k) % k * power;
                (a, b, power) = (a / k, b / k, power * k);
            }
            sum as u8
        };
        let sums = (0..values).flat_map(|a| (0..values).map(move |b| add(a, b))).collect();
        DigitGroups { k, width, values: values as usize, powers, sums }
    }

    /// The values of the groups of the state whose digits are `digits`, into `groups`.
    fn split(&self, digits: &[u32], groups: &mut [u32]) {
        groups.fill(0);
        for (i, &d) in digits.iter().enumerate() {
            groups[i / self.width] += d * self.k.pow((i % self.width) as u32);
        }
    }

    /// The values of the groups of the state `index`, into `groups`.
    fn decode(&self, index: u32, groups: &mut [u32]) {
        let mut rest = index;
        for g in groups {
            *g = rest % self.values as u32;
            rest /= self.values as u32;
        }
    }
}

/// Visits every vector of the presses `presses` (press `i` adding `presses[i]` to the digits) in
/// the modular Gray order of the module docs, from the state whose digits (one per cell) are
/// `digits`: `visit(digits, weight)`, first with weight 0. Leaves `digits` at the last state's.
fn press_vectors(
    presses: &[Vec<CellStep>],
    k: u32,
    digits: &mut [u32],
    mut visit: impl FnMut(&[u32], u32),
) {
    let mut x = vec![0u32; presses.len()];
    let mut weight = 0u32;
    visit(digits, weight);
    for step in 1..u64::from(k).pow(presses.len() as u32) {
        // Step t presses the press of its number of trailing zero digits in base K.
        let (mut p, mut rest) = (0, step);
        while rest % u64::from(k) == 0 {
            (p, rest) = (p + 1, rest / u64::from(k));
        }
        for &(cell, add) in &presses[p] {
            let d = &mut digits[cell as usize];
            *d = (*d + add) % k;
        }
        x[p] += 1;
        if x[p] == k {
            x[p] = 0;
            weight -= k - 1;
        } else {
            weight += 1;
        }
        visit(digits, weight);
    }
}

/// The walk for `K` colours on `cells` digits from `start`, press `p` adding `columns[p]`: the
/// states and weights of the vectors of the last presses (at most [`OUTER_VECTORS`], at least
/// [`INNER_VECTORS`] of the first), sorted by state, and for each the list of the vectors of the
/// first presses, each kept as the [`DigitGroups`] values of its change to the groups the first
/// presses touch. For one vector of the last presses, state `s`, row `t` maps a value `b` of the
/// `t`-th touched group to the index of `s`'s group plus `b` times its power, so a state is the
/// sum of one row entry per touched group (and `s`'s other groups). Returns the entries of
/// `region` reached.
fn walk_digits(
    region: &mut [u8],
    cells: usize,
    k: u32,
    start: u32,
    columns: &[Vec<CellStep>],
    progress: &mut impl FnMut(u64),
) -> u64 {
    let groups = DigitGroups::new(k, cells);
    let n = columns.len();
    let mut first = n - outer_presses(n, k);
    while first < n && u64::from(k).pow(first as u32) < INNER_VECTORS {
        first += 1;
    }
    let mut touched: Vec<usize> =
        columns[..first].iter().flatten().map(|&(cell, _)| cell as usize / groups.width).collect();
    touched.sort_unstable();
    touched.dedup();
    let mut digits: Vec<u32> = (0..cells).map(|i| start / k.pow(i as u32) % k).collect();
    let mut outer = Vec::with_capacity(u64::from(k).pow((n - first) as u32) as usize);
    press_vectors(&columns[first..], k, &mut digits, |digits, weight| {
        let index = digits.iter().rev().fold(0u32, |index, &d| index * k + d);
        outer.push((index, weight));
    });
    outer.sort_unstable();
    // Each vector of the first presses: its touched groups' values, then its weight.
    let mut inner =
        Vec::with_capacity(u64::from(k).pow(first as u32) as usize * (touched.len() + 1));
    let mut split = vec![0u32; groups.powers.len()];
    digits.fill(0);
    press_vectors(&columns[..first], k, &mut digits, |digits, weight| {
        groups.split(digits, &mut split);
        inner.extend(touched.iter().map(|&j| split[j] as u8));
        inner.push(weight as u8);
    });
    let blocks = Blocks { groups: &groups, touched: &touched, outer: &outer };
    match touched.len() {
        0 => blocks.walk::<0>(region, inner, progress),
        1 => blocks.walk::<1>(region, inner, progress),
        2 => blocks.walk::<2>(region, inner, progress),
        3 => blocks.walk::<3>(region, inner, progress),
        4 => blocks.walk::<4>(region, inner, progress),
        5 => blocks.walk::<5>(region, inner, progress),
        6 => blocks.walk::<6>(region, inner, progress),
        t => unreachable!("{t} groups of digits, at most {MAX_GROUPS}"),
    }
}

/// The parts of [`walk_digits`]'s walk shared by every number of touched groups.
struct Blocks<'a> {
    groups: &'a DigitGroups,
    /// The groups the first presses change, in order.
    touched: &'a [usize],
    /// The state and weight of each vector of the last presses, sorted.
    outer: &'a [(u32, u32)],
}

impl Blocks<'_> {
    /// The walk with `T` touched groups, `inner` the list of the vectors of the first presses
    /// (`T` group values and the weight each).
    fn walk<const T: usize>(
        &self,
        region: &mut [u8],
        inner: Vec<u8>,
        progress: &mut impl FnMut(u64),
    ) -> u64 {
        let groups = self.groups;
        let entries: Vec<([u8; T], u8)> = inner
            .chunks_exact(T + 1)
            .map(|e| (e[..T].try_into().expect("T values"), e[T]))
            .collect();
        drop(inner);
        let mut rows = [[0u32; GROUP_VALUES]; T];
        let mut split = vec![0u32; groups.powers.len()];
        let mut reached = 0u64;
        let blocks_per_call = (PROGRESS_STEPS / entries.len() as u64).max(1) as usize;
        for blocks in self.outer.chunks(blocks_per_call) {
            for &(state, weight) in blocks {
                groups.decode(state, &mut split);
                let base: u32 = (split.iter().zip(&groups.powers).enumerate())
                    .filter(|(j, _)| !self.touched.contains(j))
                    .map(|(_, (&g, &power))| g * power)
                    .sum();
                for (t, (row, &j)) in rows.iter_mut().zip(self.touched).enumerate() {
                    let sums = &groups.sums[split[j] as usize * groups.values..][..groups.values];
                    let lift = if t == 0 { base } else { 0 };
                    for (entry, &sum) in row.iter_mut().zip(sums) {
                        *entry = u32::from(sum) * groups.powers[j] + lift;
                    }
                }
                let lift = if T == 0 { base } else { 0 };
                for (values, w) in &entries {
                    let index =
                        rows.iter().zip(values).fold(lift, |i, (row, &b)| i + row[usize::from(b)]);
                    record(&mut region[index as usize], weight + u32::from(*w), &mut reached);
                }
            }
            progress(reached);
        }
        reached
    }
}

/// For the goal "any": fills the entries of the states whose last cell is not colour 0 from the
/// first `K^(n-1)` (see the module docs): entry `t * K^(n-1) + r` is entry `r - t * 1`, every
/// digit of `r` taken `t` colours back, modulo `K`.
fn copy_classes(table: &mut [u8], n: usize, k: u32) {
    let k64 = u64::from(k);
    let classes = table.len() as u64 / k64;
    // L low digits through a lookup table, the n - 1 - L others counted on.
    let mut low_digits = 0usize;
    while low_digits < n - 1 && k64.pow(low_digits as u32 + 1) <= COPY_BLOCK {
        low_digits += 1;
    }
    let block = k64.pow(low_digits as u32) as usize;
    let high_digits = n - 1 - low_digits;
    let mut low = vec![0u32; block];
    let mut high = vec![0u32; high_digits];
    let (first, rest) = table.split_at_mut(classes as usize);
    if k == 2 {
        // Every digit flipped: entry `classes + r` is entry `classes - 1 - r`.
        for (entry, &class) in rest.iter_mut().zip(first.iter().rev()) {
            *entry = class;
        }
        return;
    }
    for (t, part) in (1..k).zip(rest.chunks_exact_mut(classes as usize)) {
        let back = |d: u32| (d + k - t) % k;
        for (r, entry) in low.iter_mut().enumerate() {
            let (mut r, mut power, mut value) = (r as u32, 1u32, 0u32);
            for _ in 0..low_digits {
                value += back(r % k) * power;
                r /= k;
                power *= k;
            }
            *entry = value;
        }
        // The high digits of `r`, and of `r - t * 1` as an offset.
        high.fill(0);
        let mut offset: u32 =
            (0..high_digits).map(|i| back(0) * (block as u32) * k.pow(i as u32)).sum();
        let highs = part.len() / block;
        for (h, chunk) in part.chunks_exact_mut(block).enumerate() {
            let base = &first[offset as usize..];
            for (entry, &l) in chunk.iter_mut().zip(&low) {
                *entry = base[l as usize];
            }
            if h + 1 == highs {
                break;
            }
            // The next high value: add one to its digits, moving the offset with them.
            let mut i = 0;
            let mut power = block as u32;
            loop {
                let old = back(high[i]);
                high[i] += 1;
                if high[i] == k {
                    high[i] = 0;
                }
                offset = offset.wrapping_add(back(high[i]).wrapping_sub(old).wrapping_mul(power));
                if high[i] != 0 {
                    break;
                }
                i += 1;
                power *= k;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::table::bfs::pattern_distance_table;
    use crate::lights_out::table::digits::distance_table_by_digits;
    use crate::lights_out::{BoardSize, TogglePattern};

    fn variant(r: usize, c: usize, pattern: &str, wrap: bool, k: u8, goal: Goal) -> Variant {
        let size = BoardSize::new(r, c).unwrap();
        Variant::new(size, pattern.parse::<TogglePattern>().unwrap(), wrap, k, goal).unwrap()
    }

    /// The walk against the reverse breadth-first searches (the bitset search for two colours,
    /// the digit search for every K), entry for entry, and the last progress call against the
    /// states the searches reach.
    fn check(v: &Variant) {
        let mut calls = Vec::new();
        let walked = gray_distance_table(v, |r| calls.push(r)).unwrap();
        let mut searched_calls = Vec::new();
        let searched = distance_table_by_digits(v, |r| searched_calls.push(r)).unwrap();
        assert!(walked == searched, "{v}: the walk differs from the digit search");
        let solvable = walked.iter().filter(|&&d| d != IMPOSSIBLE).count() as u64;
        assert_eq!(calls.last(), Some(&solvable), "{v}");
        assert!(calls.windows(2).all(|w| w[0] <= w[1]), "{v}: progress goes forward");
        if v.colours() == 2 {
            let goal = match v.goal() {
                Goal::Colour(c) => Some(c == 1),
                Goal::Any => None,
            };
            let n = v.size().cells();
            let bfs = pattern_distance_table(n, &v.press_masks(), goal, |_| {}).unwrap();
            assert!(walked == bfs, "{v}: the walk differs from the bitset search");
        }
    }

    #[test]
    fn the_walk_equals_the_searches_for_every_goal_pattern_wrap_and_k() {
        for (r, c, pattern, wrap, k) in [
            (1, 1, ".x./xxx/.x.", false, 2),
            (1, 1, ".x./xxx/.x.", true, 3),
            (1, 2, ".x./xxx/.x.", false, 2),
            (3, 4, ".x./xxx/.x.", false, 2),
            (4, 4, "x.x/.x./x.x", true, 2),
            (5, 3, ".x./x.x/.x.", true, 2),
            (2, 5, "xxx/xxx/xxx", false, 2),
            (3, 3, ".x./xxx/.x.", false, 3),
            (2, 4, "..x/xx./...", false, 3),
            (3, 3, ".x./xxx/.x.", true, 3),
            (2, 3, "xxx", true, 4),
            (3, 3, "x.x/.x./x.x", false, 4),
            (2, 3, ".x./xxx/.x.", true, 5),
            (2, 2, ".x./x.x/.x.", false, 6),
            (1, 3, "xxx", true, 7),
            // Enough presses that the walk of K colours splits them into a list of the first
            // (up to 4 touched groups of digits) and a sorted list of the last.
            (3, 4, ".x./xxx/.x.", false, 3),
            (4, 3, "x.x/.x./x.x", true, 3),
            (2, 5, "xx./.xx/...", true, 3),
            (2, 4, ".x./xxx/.x.", true, 4),
            (2, 3, "xxx", false, 7),
            // Groups of 3 digits (5 and 6 colours) and of 2 (8 to 16 colours), split too.
            (2, 4, ".x./xxx/.x.", false, 5),
            (1, 7, "xxx", true, 6),
            (2, 3, "x.x/.x./x.x", false, 8),
            (2, 2, "xxx/xxx/xxx", true, 16),
        ] {
            for goal in std::iter::once(Goal::Any).chain((0..k).map(Goal::Colour)) {
                check(&variant(r, c, pattern, wrap, k, goal));
            }
        }
    }

    #[test]
    fn every_table_of_more_colours_has_at_most_max_groups_of_digits() {
        for k in 3..=u32::from(Variant::MAX_COLOURS) {
            let cells = (1..).take_while(|&n| u64::from(k).pow(n) <= 1 << 32).last().unwrap();
            let groups = DigitGroups::new(k, cells as usize);
            assert!(groups.powers.len() <= MAX_GROUPS, "K {k}, {cells} cells");
            assert!(groups.values <= GROUP_VALUES, "K {k}");
        }
    }

    #[test]
    fn digit_groups_add_digit_by_digit_modulo_k() {
        for (k, cells) in [(3, 7), (4, 5), (5, 4), (7, 3), (16, 2)] {
            let groups = DigitGroups::new(k, cells);
            let digits =
                |s: u32| -> Vec<u32> { (0..cells).map(|i| s / k.pow(i as u32) % k).collect() };
            let states = k.pow(cells as u32);
            let mut split = vec![0u32; groups.powers.len()];
            let mut decoded = split.clone();
            for (a, b) in (0..states).map(|a| (a, (a * 7 + 3) % states)) {
                groups.split(&digits(a), &mut split);
                groups.decode(a, &mut decoded);
                assert_eq!(split, decoded, "K {k} state {a}");
                let sum: Vec<u32> =
                    digits(a).iter().zip(digits(b)).map(|(x, y)| (x + y) % k).collect();
                groups.decode(b, &mut decoded);
                let index: u32 = (split.iter().zip(&decoded).zip(&groups.powers))
                    .map(|((&x, &y), &power)| {
                        u32::from(groups.sums[x as usize * groups.values + y as usize]) * power
                    })
                    .sum();
                assert_eq!(digits(index), sum, "K {k}: {a} + {b}");
            }
        }
    }

    #[test]
    fn the_copy_of_the_goal_any_fills_entry_s_from_its_class() {
        // Entry s of every state holds s - s_last * 1's index before the copy: the copy must
        // give each state the index of its class.
        for (n, k) in [(1, 2), (3, 2), (5, 3), (7, 3), (6, 4), (9, 3), (4, 5)] {
            let states = (k as usize).pow(n as u32);
            let classes = states / k as usize;
            let mut table: Vec<u8> = (0..states).map(|s| (s % classes % 251) as u8).collect();
            copy_classes(&mut table, n, k);
            for (s, &entry) in table.iter().enumerate() {
                let digits: Vec<u32> =
                    (0..n).map(|i| (s / (k as usize).pow(i as u32)) as u32 % k).collect();
                let last = digits[n - 1];
                let class: usize = (0..n - 1)
                    .map(|i| ((digits[i] + k - last) % k) as usize * (k as usize).pow(i as u32))
                    .sum();
                assert_eq!(usize::from(entry), class % 251, "n {n} K {k} state {s}");
            }
        }
    }
}
