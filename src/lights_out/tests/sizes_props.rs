//! Property tests for boards of any size: the parsers and the table loader never panic, and the
//! GF(2) answers keep their invariants on random boards of random sizes.

use proptest::prelude::*;

use super::{is_uniform, press};
use crate::lights_out::solve::gf2::Gf2Solver;
use crate::lights_out::table::bfs::distance_table;
use crate::lights_out::{Alphabet, Board, BoardSize, DistanceTable, Method, Solver, Variant};

/// A `rows x cols` board from a vector of bits (cycled).
fn board_of(rows: usize, cols: usize, bits: &[bool]) -> Board {
    let cells = (0..rows * cols).map(|i| u8::from(bits[i % bits.len()])).collect();
    Board::from_cells(rows, cols, cells)
}

proptest! {
    #[test]
    fn size_parsing_never_panics(text in ".{0,12}") {
        if let Ok(size) = text.parse::<BoardSize>() {
            prop_assert_eq!(size.to_string().parse::<BoardSize>(), Ok(size));
        }
    }

    #[test]
    fn inline_board_parsing_never_panics(text in "[bw/x\\n\\r \\t]{0,40}", rows in 1usize..6, cols in 1usize..6) {
        let (size, wb) = (BoardSize::new(rows, cols).unwrap(), Alphabet::default_for(2));
        if let Ok(board) = Board::parse(&text, size, &wb) {
            prop_assert_eq!(Board::parse(&board.to_text(&wb), size, &wb).unwrap(), board);
        }
    }

    #[test]
    fn any_bytes_of_the_right_length_load_and_answer_without_panicking(
        bytes in proptest::collection::vec(any::<u8>(), 512),
        state in 0u64..512,
    ) {
        let flip = Variant::flip_game(BoardSize::new(3, 3).unwrap());
        let table = DistanceTable::from_bytes(&flip, &bytes).unwrap();
        let mut presses = Vec::new();
        // A wrong table gives a wrong answer or an error, never a panic.
        let _ = table.state_presses(state, &mut presses);
        prop_assert!(DistanceTable::from_bytes(&flip, &bytes[..511]).is_err());
    }

    #[test]
    fn gf2_presses_replay_and_colours_are_symmetric(
        rows in 1usize..14,
        cols in 1usize..14,
        bits in proptest::collection::vec(any::<bool>(), 1..200),
    ) {
        let solver = Gf2Solver::new(BoardSize::new(rows, cols).unwrap());
        let board = board_of(rows, cols, &bits);
        let got = solver.solve(&board);
        if let Some(s) = &got {
            prop_assert_eq!(s.presses.len(), s.optimum.distance);
            prop_assert!(s.presses.windows(2).all(|w| w[0] < w[1]));
            let mut replay = board.clone();
            s.presses.iter().for_each(|&i| press(&mut replay, i / cols, i % cols));
            prop_assert!(is_uniform(&replay));
        }
        // The complement is solved by the same press sets, towards the other colour.
        let mut complement = board.clone();
        complement.cells_mut().iter_mut().for_each(|c| *c ^= 1);
        let other = solver.solve(&complement);
        prop_assert_eq!(got.map(|s| s.optimum.distance), other.map(|s| s.optimum.distance));
    }

    #[test]
    fn pressing_a_set_costs_at_most_its_size(
        rows in 1usize..12,
        cols in 1usize..12,
        pressed in proptest::collection::vec(any::<bool>(), 1..150),
    ) {
        let solver = Gf2Solver::new(BoardSize::new(rows, cols).unwrap());
        let mut board = Board::new(rows, cols);
        let mut count = 0;
        for i in 0..rows * cols {
            if pressed[i % pressed.len()] {
                press(&mut board, i / cols, i % cols);
                count += 1;
            }
        }
        let s = solver.solve(&board).expect("a pressed board is solvable");
        prop_assert!(s.optimum.distance <= count);
    }

    #[test]
    fn table_and_gf2_solvers_answer_alike(
        rows in 1usize..4,
        cols in 1usize..5,
        bits in proptest::collection::vec(any::<bool>(), 1..20),
    ) {
        let flip = Variant::flip_game(BoardSize::new(rows, cols).unwrap());
        let bytes = distance_table(rows, cols, |_| {});
        let table = DistanceTable::from_bytes(&flip, &bytes).unwrap();
        let mut by_table = Solver::with_table(table);
        let mut by_gf2 = Solver::builder(&flip).method(Method::LinearAlgebra).build().unwrap();
        let board = board_of(rows, cols, &bits);
        let a = by_table.solve(&board).unwrap();
        let b = by_gf2.solve(&board).unwrap();
        prop_assert!(by_table.table().is_some() && by_gf2.table().is_none());
        prop_assert_eq!(a, b);
    }
}
