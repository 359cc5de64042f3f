//! Property tests for boards of any size: the parsers and the table loader never panic, and the
//! GF(2) answers keep their invariants on random boards of random sizes.

use flipblox::flip::{
    BoardSize, DistanceTable, FlipSolver, Gf2Solver, GridBoard, Method, distance_table,
};
use proptest::prelude::*;

/// A `rows x cols` board from a vector of bits (cycled).
fn board_of(rows: usize, cols: usize, bits: &[bool]) -> GridBoard {
    let mut b = GridBoard::new(rows, cols);
    for i in 0..rows * cols {
        b.set(i / cols, i % cols, bits[i % bits.len()]);
    }
    b
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
        if let Ok(board) = GridBoard::parse(&text, rows, cols) {
            prop_assert_eq!(GridBoard::parse(&board.to_string(), rows, cols).unwrap(), board);
        }
    }

    #[test]
    fn any_bytes_of_the_right_length_load_and_answer_without_panicking(
        bytes in proptest::collection::vec(any::<u8>(), 512),
        state in 0u64..512,
    ) {
        let table = DistanceTable::new(3, 3, &bytes).unwrap();
        let mut presses = Vec::new();
        // A wrong table gives a wrong answer or an error, never a panic.
        let _ = table.presses(state, &mut presses);
        prop_assert!(DistanceTable::new(3, 3, &bytes[..511]).is_err());
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
            s.presses.iter().for_each(|&i| replay.press(i / cols, i % cols));
            prop_assert!(replay.is_uniform());
        }
        // The complement is solved by the same press sets, towards the other colour.
        let mut complement = board.clone();
        for i in 0..rows * cols {
            complement.toggle(i / cols, i % cols);
        }
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
        let mut board = GridBoard::new(rows, cols);
        let mut count = 0;
        for i in 0..rows * cols {
            if pressed[i % pressed.len()] {
                board.press(i / cols, i % cols);
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
        let size = BoardSize::new(rows, cols).unwrap();
        let bytes = distance_table(rows, cols, |_| {});
        let table = DistanceTable::new(rows as u32, cols as u32, &bytes).unwrap();
        let mut by_table = FlipSolver::with_table(table);
        let mut by_gf2 = FlipSolver::new(size, Method::Gf2, 25).unwrap();
        let board = board_of(rows, cols, &bits);
        let (mut a, mut b) = Default::default();
        by_table.answer_into(&board, &mut a).unwrap();
        by_gf2.answer_into(&board, &mut b).unwrap();
        prop_assert!(a.from_table && !b.from_table);
        prop_assert_eq!((a.distance, a.presses), (b.distance, b.presses));
    }
}
