//! The Flip Game (Lights Out with the plus-shaped toggle) on any board, by linear algebra over
//! GF(2): the exact minimum number of presses for boards far too large for a distance table.
//!
//! # The method
//!
//! Presses commute and each is its own inverse, so a solution is a *set* of pressed pieces, and
//! a board `s` is solved by the press set `x` towards the uniform colour `t` when `T x = s + t`
//! over GF(2), where `T` is the `RC x RC` toggle matrix (column `i` = the toggle pattern of
//! piece `i`). Instead of eliminating `T` itself, the solver *chases lights*: once the presses of
//! rows `0..=r` are fixed, the only press that can still change a piece of row `r` is the one
//! right below it, so row `r + 1` must press under every piece of row `r` that is still wrong.
//! On bit-packed rows that is `next = state ^ target ^ cur ^ (cur << 1) ^ (cur >> 1) ^ prev`, a
//! few word operations per row. The first row of presses `x_0` therefore decides all the others,
//! and what is left wrong in the last row is `A x_0 + b` for a `C x C` *chase matrix* `A` (`C`
//! here is the shorter side: a board with more columns than rows is transposed first). So:
//!
//! 1. **Set-up, once per size** ([`Gf2Solver::new`]): one symbolic chase, whose presses are
//!    vectors of coefficients of the first row's unknowns, gives `A` (carried out on a single
//!    polynomial: `A` is a polynomial in the one-row toggle matrix, see `chase.rs`);
//!    reduce `A` by Gauss-Jordan elimination on bit-packed rows keeping the row operations `E`,
//!    and turn the null space of `A` into full-board *null patterns* (press patterns that change
//!    nothing). The nullity of `A` equals the nullity of `T`: 4 for 4x4, 2 for 5x5, 0 for 3x3.
//! 2. **Per board** ([`Gf2Solver::solve_goal_into`]): chase the board from an empty first row, reduce the
//!    residual with `E` to test which colours are reachable, chase again from the particular
//!    first row to get one solution, then search the coset of solutions (the null patterns, and
//!    the pattern that turns a white solution into a black one) for the lightest member with a
//!    Walsh-Hadamard transform: with `v_i` the bits of cell `i` in the `m` generators and `p_i`
//!    its bit in the first solution, `f(v) = sum of (-1)^p_i over the cells with v_i = v` and
//!    its transform `F` give the weight of all `2^m` solutions at once, `(R * C - F(y)) / 2`.
//!
//! The working board has `min(R, C)` columns (a wide board is transposed), so the set-up costs
//! about `max(R, C) * min(R, C) / 32` word operations for the symbolic chase, `min(R, C)^2 / 64`
//! to write `A`, `(nullity + 1)` chases of the whole board for the planes, and, by the Method
//! of the Four Russians, about `min(R, C)^3 / 256` for the elimination; a board costs a few
//! passes over its `R * C` bits plus `m * 2^m` additions for `m = nullity + 1` generators. With
//! the environment variable `FLIPBLOX_PHASES` set, `flipblox flip` prints the time of each
//! phase (see `phases.rs`).
//!
//! # Goals
//!
//! The Flip Game asks for either uniform colour ([`Goal::Any`]); classic Lights Out asks for one,
//! all white ("all lights off", [`Goal::Colour`]), and [`Gf2Solver::solve_goal_into`] asks for
//! either. With one colour only that colour's consistency counts and the coset is the null
//! space alone (no colour-change plane).
//!
//! # Exact up to a limit
//!
//! The transform needs `2^m` `i32`s. Up to [`DEFAULT_SEARCH_BITS`] generators (64 MiB) the whole
//! coset is weighed and the answer is the proven minimum. With more, the search descends by
//! blocks: it weighs every combination of a window of `min(search_bits, 16)` generators on top of
//! the best so far, takes the lightest if it is strictly lighter, and cycles through the windows
//! until none improves, then decodes the board's top rows (`strip`: soft decisions on the first
//! row from the lightest presses of a strip of six rows, and the member of the coset that agrees
//! with the most reliable of them) and, when the generators fit 64 MiB as bytes, walks by
//! information-set decoding; that answer is marked not proven minimal
//! ([`Optimum::proven_minimal`]).
//! Of the 20,100 sizes `R x C` with `R <= C <= 200`, 19,938 have a nullity of at most 23 and are
//! searched exactly; 20x20, 100x100 and 200x200 have nullity 0, 30x30 has 20 (a search of 2^21
//! solutions a board), and the largest is 159x159 with 128 (`cargo run --release --example
//! nullities` lists them).
//!
//! # Ties
//!
//! Among the lightest solutions the solver returns the one whose sorted list of pressed cells
//! is lexicographically smallest, i.e. the one holding the lowest cell where two of them differ.
//! That is also the solution the distance-table walk
//! ([`DistanceTable::presses`](crate::lights_out::DistanceTable::presses))
//! prints: it first presses the lowest piece that lies in some optimal press set (of either
//! colour), then, from there, the lowest piece of the optimal sets that contain it, and so on,
//! in increasing order. So the two methods agree press for press.
//!
//! Sources: light chasing, the chase matrix and the nullities are classic Lights Out results
//! (Anderson and Feil, "Turning lights out with linear algebra", Mathematics Magazine 71, 1998;
//! the nullities of the square boards are OEIS A159257); that the all-black board can always be
//! reached from the all-white one is Sutner's theorem ("Linear cellular automata and the
//! Garden-of-Eden", Mathematical Intelligencer 11, 1989), which the solver does not rely on.
//! The 5x5 and 3x3 facts are checked against the reverse BFS of the distance tables.

mod chase;
mod coset;
pub(crate) mod phases;
mod reduce;
mod strip;

use chase::{Shape, weight};
use coset::{CosetScratch, Generators, MaskClasses, lightest};
use phases::{Phase, Timer};
use reduce::Reduction;

use crate::lights_out::board::colours::Board;
use crate::lights_out::size::BoardSize;
use crate::lights_out::variant::goal::Goal;

/// Generators searched exactly by default: `2^24` `i32`s (64 MiB) at most per search.
pub(crate) const DEFAULT_SEARCH_BITS: u32 = 24;

/// The largest [`Gf2Solver::with_search_bits`] accepts: `2^28` `i32`s (1 GiB).
pub(crate) const MAX_SEARCH_BITS: u32 = 28;

/// White, colour 0: every piece white side up (all bits clear).
const WHITE: u8 = 0;
/// Black, colour 1: every piece black side up (all bits set).
const BLACK: u8 = 1;

/// The summary of one solved board; the presses are written beside it (see
/// [`Gf2Solver::solve_goal_into`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Optimum {
    /// Number of presses (each piece pressed at most once): `0 ..= R * C`.
    pub(crate) distance: usize,
    /// The colour the presses turn the board into, 0 (white) or 1 (black); for a tie between
    /// colours, the one of the solution chosen by the tie-break.
    pub(crate) colour: u8,
    /// True when the whole null space was searched, so `distance` is the minimum; false when
    /// it was too large (see the module docs) and `distance` is only the best found.
    pub(crate) proven_minimal: bool,
    /// When `proven_minimal`, how many solutions have `distance` presses (of either colour
    /// for the goal "any"); 0 otherwise.
    pub(crate) optimal: u64,
    /// The generators of the solutions searched: the nullity, plus one when both colours can
    /// be reached. The board has `2^generators` solutions.
    pub(crate) generators: usize,
}

/// A solved board with its presses (see [`Gf2Solver::solve`]).
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Solution {
    /// Distance, colour and whether it is proven minimal.
    pub(crate) optimum: Optimum,
    /// The pressed pieces as original row-major indices (`row * C + col`, 0-based), ascending.
    pub(crate) presses: Vec<usize>,
}

/// The Flip Game solver for one board size, by GF(2) linear algebra (see the module docs).
///
/// Immutable once built: share it between threads and give each thread a [`Gf2Scratch`].
#[derive(Debug, Clone)]
pub(crate) struct Gf2Solver {
    size: BoardSize,
    shape: Shape,
    reduction: Reduction,
    /// `E a`, where `a` is the residual of the black target from an empty first row.
    black_reduced: Vec<u64>,
    /// The plane that turns a white solution into a black one (`D`).
    colour_plane: Vec<u64>,
    /// `nullity` planes, one after another: presses that change nothing.
    null_planes: Vec<u64>,
    /// Per working cell, `mask_words` words: bit 0 = the cell in `colour_plane`, bit `1 + j` =
    /// the cell in null plane `j` (bits counted across the words). Empty when `classes` come
    /// straight from the planes ([`MaskClasses::from_planes`]).
    cell_masks: Vec<u64>,
    mask_words: usize,
    /// The cells grouped by mask, when there are few distinct masks.
    classes: Option<MaskClasses>,
    search_bits: u32,
}

/// Reusable working memory of [`Gf2Solver::solve_goal_into`]: a few planes and the coset search.
#[derive(Debug, Clone, Default)]
pub(crate) struct Gf2Scratch {
    state: Vec<u64>,
    base: Vec<u64>,
    best: Vec<u64>,
    row_a: Vec<u64>,
    row_b: Vec<u64>,
    row_c: Vec<u64>,
    first: Vec<u64>,
    coset: CosetScratch,
}

impl Gf2Scratch {
    /// Makes room, fallibly, for the search of boards of `solver`: its transform takes up to
    /// `4 * 2^min(nullity + 1, search_bits)` bytes (a flag sets `search_bits`), allocated here
    /// so that answering a board does not abort when the system has no memory for it.
    ///
    /// # Errors
    ///
    /// The system refused the memory.
    pub(crate) fn try_reserve(
        &mut self,
        solver: &Gf2Solver,
    ) -> Result<(), crate::memory::AllocError> {
        let bits = (solver.nullity() + 1).min(solver.search_bits() as usize);
        self.coset.try_reserve(1usize << bits)
    }

    fn fit(&mut self, shape: &Shape) {
        for plane in [&mut self.state, &mut self.base, &mut self.best] {
            plane.resize(shape.plane_words(), 0);
        }
        for row in [&mut self.row_a, &mut self.row_b, &mut self.row_c, &mut self.first] {
            row.resize(shape.words, 0);
        }
    }
}

impl Gf2Solver {
    /// Sets up the solver for `size` (see the module docs for the cost; well under a
    /// millisecond for 20x20, a few milliseconds for 200x200).
    pub(crate) fn new(size: BoardSize) -> Gf2Solver {
        let mut timer = Timer::start();
        let shape = Shape::new(size);
        let (n, w, pw) = (shape.cols, shape.words, shape.plane_words());
        let mut presses = vec![0u64; pw];
        let mut first = vec![0u64; w];
        // The chase matrix, from one symbolic chase.
        let residual_matrix = shape.residual_matrix();
        timer.lap(Phase::Chase);
        let reduction = Reduction::new(residual_matrix, n);
        timer.lap(Phase::Elimination);
        // The black target from all white with no first-row press, and its particular fix.
        let mut residual = vec![0u64; w];
        first.fill(0);
        shape.chase(&first, None, true, &mut presses, &mut residual);
        let mut black_reduced = vec![0u64; w];
        reduction.apply(&residual, &mut black_reduced);
        reduction.particular(&black_reduced, &mut first);
        let mut colour_plane = vec![0u64; pw];
        shape.chase(&first, None, true, &mut colour_plane, &mut residual);
        let kernel = reduction.kernel();
        let mut null_planes = vec![0u64; kernel.len() * pw];
        for (x, plane) in kernel.iter().zip(null_planes.chunks_exact_mut(pw)) {
            shape.chase(x, None, false, plane, &mut residual);
            debug_assert!(residual.iter().all(|&r| r == 0), "a null pattern changes nothing");
        }
        let planes: Vec<&[u64]> =
            std::iter::once(&colour_plane[..]).chain(null_planes.chunks_exact(pw)).collect();
        // With classes straight from the planes, no per-cell masks (a word a cell) are kept.
        let from_planes = MaskClasses::from_planes(&shape, &planes);
        let (cell_masks, mask_words) =
            if from_planes.is_some() { (Vec::new(), 1) } else { cell_masks(&shape, &planes) };
        let classes = from_planes
            .or_else(|| if mask_words == 1 { MaskClasses::new(&shape, &cell_masks) } else { None });
        timer.lap(Phase::Chase);
        Gf2Solver {
            size,
            shape,
            reduction,
            black_reduced,
            colour_plane,
            null_planes,
            cell_masks,
            mask_words,
            classes,
            search_bits: DEFAULT_SEARCH_BITS,
        }
    }

    /// The same solver, searching up to `bits` generators exactly (default
    /// [`DEFAULT_SEARCH_BITS`]); the transform then takes up to `4 * 2^bits` bytes.
    ///
    /// # Panics
    ///
    /// If `bits` exceeds [`MAX_SEARCH_BITS`].
    pub(crate) fn with_search_bits(mut self, bits: u32) -> Gf2Solver {
        assert!(bits <= MAX_SEARCH_BITS, "search of 2^{bits} exceeds 2^{MAX_SEARCH_BITS}");
        self.search_bits = bits;
        self
    }

    /// The dimension of the null space of the toggle matrix: how many independent press
    /// patterns change nothing. Every solvable board has `2^nullity` solutions per colour.
    pub(crate) fn nullity(&self) -> usize {
        self.shape.cols - self.reduction.rank()
    }

    /// The rank of the `RC x RC` toggle matrix: `R * C - nullity`. `2^rank` boards can be
    /// turned all white (and, as the all-black board is always among them, as many all black).
    pub(crate) fn toggle_rank(&self) -> usize {
        self.size.cells() - self.nullity()
    }

    /// How many generators are searched exactly (see [`Gf2Solver::with_search_bits`]).
    pub(crate) fn search_bits(&self) -> u32 {
        self.search_bits
    }

    /// True when every answer is a proven minimum: the null space, plus the colour change, has
    /// at most [`Gf2Solver::search_bits`] generators.
    #[cfg(test)]
    pub(crate) fn is_exact(&self) -> bool {
        self.nullity() < self.search_bits as usize
    }

    /// Solves `board` (colours 0 and 1) towards either uniform colour: `None` when neither can
    /// be reached.
    ///
    /// # Panics
    ///
    /// If `board` is not of this solver's size.
    #[cfg(test)]
    pub(crate) fn solve(&self, board: &Board) -> Option<Solution> {
        self.solve_goal(board, Goal::Any)
    }

    /// Solves `board` towards `goal` (any uniform board, all white (0) or all black (1)):
    /// `None` when that goal cannot be reached.
    ///
    /// # Panics
    ///
    /// If `board` is not of this solver's size, or the goal a colour above 1.
    #[cfg(test)]
    pub(crate) fn solve_goal(&self, board: &Board, goal: Goal) -> Option<Solution> {
        let mut presses = Vec::new();
        let optimum =
            self.solve_goal_into(board, goal, &mut Gf2Scratch::default(), Some(&mut presses))?;
        Some(Solution { optimum, presses })
    }

    /// Solves `board` towards `goal` with reusable buffers: on success `presses`, when given,
    /// holds the pressed cells as original row-major indices (`row * C + col`), ascending; on
    /// `None` (the goal cannot be reached) it is left empty. Without it the distance is a
    /// popcount and no list is made. With a colour, the solutions searched are that
    /// colour's (`2^nullity` of them) and ties are broken among them as in the module docs.
    ///
    /// # Panics
    ///
    /// If `board` is not of this solver's size.
    pub(crate) fn solve_goal_into(
        &self,
        board: &Board,
        goal: Goal,
        scratch: &mut Gf2Scratch,
        mut presses: Option<&mut Vec<usize>>,
    ) -> Option<Optimum> {
        assert_eq!((board.rows(), board.cols()), (self.size.rows(), self.size.cols()), "size");
        if let Some(p) = presses.as_deref_mut() {
            p.clear();
        }
        let mut timer = Timer::start();
        let shape = &self.shape;
        scratch.fit(shape);
        let Gf2Scratch { state, base, best, row_a, row_b, row_c, first, coset } = scratch;
        shape.load(board, state);
        // The residual of the white target from an empty first row, reduced: row_b = E b.
        row_a.fill(0);
        shape.chase(row_a, Some(state), false, base, row_c);
        // (`base` is scratch here; it gets the first solution below.)
        self.reduction.apply(row_c, row_b);
        let white = self.reduction.consistent(row_b);
        for (x, y) in row_a.iter_mut().zip(row_b.iter().zip(&self.black_reduced)) {
            *x = y.0 ^ y.1;
        }
        let black = self.reduction.consistent(row_a);
        // A one-colour goal forgets the other colour.
        let (white, black) = match goal {
            Goal::Colour(WHITE) => (white, false),
            Goal::Colour(BLACK) => (false, black),
            Goal::Colour(c) => panic!("colour {c} is not one of the two colours of GF(2)"),
            Goal::Any => (white, black),
        };
        let (reduced, base_colour) = match (white, black) {
            (false, false) => {
                timer.lap(Phase::Solve);
                return None;
            }
            (true, _) => (&*row_b, WHITE),
            (false, true) => (&*row_a, BLACK),
        };
        // One solution of the base colour: chase from the particular first row.
        self.reduction.particular(reduced, first);
        shape.chase(first, Some(state), base_colour == BLACK, base, row_c);
        debug_assert!(row_c.iter().all(|&r| r == 0), "the particular solution solves the board");
        timer.lap(Phase::Solve);
        // The coset: null planes, plus the colour change when both colours are reachable.
        let pw = shape.plane_words();
        let both = white && black;
        let planes: Vec<&[u64]> = both
            .then_some(&self.colour_plane[..])
            .into_iter()
            .chain(self.null_planes.chunks_exact(pw))
            .collect();
        let gens = Generators {
            planes: &planes,
            masks: &self.cell_masks,
            mask_words: self.mask_words,
            offset: usize::from(!both),
            classes: self.classes.as_ref(),
        };
        let found = lightest(shape, base, &gens, self.search_bits, coset, best);
        debug_assert_eq!(found.weight, weight(best));
        if let Some(presses) = presses {
            shape.for_each_set(best, |i| presses.push(i));
            if shape.transposed {
                presses.sort_unstable();
            }
        }
        timer.lap(Phase::Walk);
        timer.weighed(if found.exact { 1 << planes.len() } else { 0 });
        // The colour plane, when used, turns one colour into the other.
        let colour = base_colour ^ u8::from(both && found.uses_first);
        Some(Optimum {
            distance: found.weight,
            colour,
            proven_minimal: found.exact,
            optimal: found.optimal,
            generators: planes.len(),
        })
    }
}

/// The mask of every working cell (row-major): bit `j` (counted across `mask_words` words per
/// cell) is the cell's bit in `planes[j]`. Built a row at a time, so the masks being written
/// stay in cache however many planes there are.
fn cell_masks(shape: &Shape, planes: &[&[u64]]) -> (Vec<u64>, usize) {
    let mask_words = planes.len().div_ceil(64);
    let mut masks = vec![0u64; shape.cells() * mask_words];
    let row_len = shape.cols * mask_words;
    for (r, row_masks) in masks.chunks_exact_mut(row_len).enumerate() {
        for (j, plane) in planes.iter().enumerate() {
            for (k, &word) in plane[r * shape.words..(r + 1) * shape.words].iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let c = 64 * k + bits.trailing_zeros() as usize;
                    row_masks[c * mask_words + j / 64] |= 1u64 << (j % 64);
                    bits &= bits - 1;
                }
            }
        }
    }
    (masks, mask_words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solver(r: usize, c: usize) -> Gf2Solver {
        Gf2Solver::new(BoardSize::new(r, c).unwrap())
    }

    #[test]
    fn nullities_of_small_square_boards() {
        // The nullity of the n x n plus-shaped Lights Out (OEIS A159257; A075462 counts the
        // solutions, 2^nullity) for n = 1..=20.
        let expected = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0];
        let got: Vec<usize> = (1..=20).map(|n| solver(n, n).nullity()).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn transposed_sizes_have_the_same_nullity() {
        for (r, c) in [(2, 5), (4, 9), (5, 11), (3, 17), (1, 2), (1, 5)] {
            assert_eq!(solver(r, c).nullity(), solver(c, r).nullity(), "{r}x{c}");
        }
        // 1 x C: only C = 2 mod 3 has a press set that changes nothing.
        assert_eq!(solver(1, 5).nullity(), 1);
        assert_eq!(solver(1, 6).nullity(), 0);
    }

    #[test]
    fn uniform_boards_need_no_press_and_one_press_needs_one() {
        for (r, c) in [(2, 2), (4, 4), (5, 5), (3, 70), (70, 3), (9, 9)] {
            let s = solver(r, c);
            let flip = crate::lights_out::Variant::flip_game(BoardSize::new(r, c).unwrap());
            let mut board = Board::new(r, c);
            assert_eq!(s.solve(&board).unwrap().optimum.distance, 0);
            flip.press(&mut board, (r / 2) * c + c / 2, 1);
            let solution = s.solve(&board).unwrap();
            assert_eq!(solution.optimum.distance, 1, "{r}x{c}");
            assert_eq!(solution.presses, vec![(r / 2) * c + c / 2], "{r}x{c}");
        }
    }

    #[test]
    fn five_by_five_has_nullity_two_and_one_colour_goals_answer_for_that_colour() {
        let s = solver(5, 5);
        assert_eq!(s.nullity(), 2);
        let flip = crate::lights_out::Variant::flip_game(BoardSize::new(5, 5).unwrap());
        let mut board = Board::new(5, 5);
        flip.press(&mut board, 12, 1);
        flip.press(&mut board, 4, 1);
        let solution = s.solve(&board).unwrap();
        assert_eq!(solution.optimum.distance, 2);
        assert_eq!(solution.presses, vec![4, 12]); // (0,4) and (2,2), row-major
        let lit = Board::from_cells(1, 1, vec![1]);
        let one = solver(1, 1);
        assert_eq!(one.solve_goal(&lit, Goal::Any).unwrap().optimum.distance, 0);
        assert_eq!(one.solve_goal(&lit, Goal::Colour(0)).unwrap().optimum.distance, 1);
        assert_eq!(one.solve_goal(&lit, Goal::Colour(1)).unwrap().optimum.colour, 1);
    }

    #[test]
    fn a_small_search_limit_marks_answers_not_proven() {
        let s = solver(4, 4).with_search_bits(2);
        assert!(!s.is_exact());
        let flip = crate::lights_out::Variant::flip_game(BoardSize::CLASSIC);
        let mut board = Board::new(4, 4);
        flip.press(&mut board, 5, 1);
        flip.press(&mut board, 11, 1);
        let solution = s.solve(&board).unwrap();
        assert!(!solution.optimum.proven_minimal);
        let mut replay = board.clone();
        for &i in &solution.presses {
            flip.press(&mut replay, i, 1);
        }
        assert!(replay.uniform_colour().is_some());
        assert!(solver(4, 4).is_exact());
    }
}
