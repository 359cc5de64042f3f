//! Fuzzes the readers of `flip --buttons` and `--tatham`: any bytes give buttons or an error
//! whose line and column point into the input, never a panic; buttons read back from their own
//! file; and on small boards the solver's answer (with holes from the bytes too) replays, by the
//! variant's own presses, to a board of one colour on every cell that is there.
#![no_main]

use flipblox::lights_out::{Board, BoardSize, Buttons, Goal, Solver, Variant};
use libfuzzer_sys::fuzz_target;

/// Solves `board` and checks that the presses reach the goal on the cells that are there.
fn check_answer(variant: &Variant, board: &Board) {
    let answer = Solver::new(variant).solve(board).expect("no table");
    let Some(distance) = answer.distance else { return };
    let mut after = board.clone();
    for &(press, times) in &answer.presses {
        variant.press(&mut after, press, times);
    }
    assert_eq!(answer.presses.iter().map(|&(_, n)| usize::from(n)).sum::<usize>(), distance);
    let hole = |i: usize| variant.holes().is_some_and(|h| h[i]);
    let colour = answer.colour.expect("a colour");
    for (i, &c) in after.cells().iter().enumerate() {
        assert!(hole(i) || c == colour, "cell {i} after {:?}", answer.presses);
    }
}

fuzz_target!(|bytes: &[u8]| {
    let Some((&shape, rest)) = bytes.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let lines = text.lines().count().max(1);
    let size = BoardSize::new(usize::from(shape % 4) + 1, usize::from(shape / 4 % 4) + 1).unwrap();
    match Buttons::parse(&text, size) {
        Err(e) => assert!(e.line >= 1 && e.line <= lines + 1 && e.column >= 1, "{e}"),
        Ok(buttons) => {
            let n = size.cells();
            let k = 2 + shape / 16 % 3;
            let holes: Vec<bool> =
                (0..n).map(|i| rest.get(i).is_some_and(|b| b % 5 == 0)).collect();
            let cells: Vec<u8> = (0..n).map(|i| rest.get(n + i).map_or(0, |b| b % k)).collect();
            let board = Board::from_cells(size.rows(), size.cols(), cells);
            let goal = if shape & 64 != 0 { Goal::Any } else { Goal::Colour(0) };
            let builder = Variant::builder(size.rows(), size.cols()).colours(k).goal(goal);
            let variant = builder.clone().buttons(buttons.clone()).build().unwrap();
            check_answer(&variant, &board);
            if let Ok(holed) = builder.buttons(buttons).holes(holes).build() {
                check_answer(&holed, &board);
            }
        }
    }
    match Buttons::tatham(&text) {
        Err(e) => {
            assert!(e.line == 1 && e.column >= 1 && e.column <= text.chars().count() + 1, "{e}")
        }
        Ok((buttons, board)) if buttons.size().cells() <= 36 => {
            let size = buttons.size();
            let variant = Variant::builder(size.rows(), size.cols())
                .buttons(buttons)
                .goal(Goal::Colour(0))
                .build()
                .unwrap();
            check_answer(&variant, &board);
        }
        Ok(_) => {}
    }
});
