//! A check shared by the table-file proptest (`tests/table_load.rs`) and the `table_file` fuzz
//! target, which includes this file by path.

use flipblox::flip::{Answer, FlipSolver, GridBoard};
use flipblox::table_file::{Check, load_flip_table};

/// What `flipblox flip --table` does with a file that passed only the header check: answer
/// boards from its payload, whatever it holds. A table that lies gives an error, not a panic.
pub fn answer_from_header_checked_table(bytes: &[u8]) {
    let Ok(table) = load_flip_table(bytes, Check::Header, None) else { return };
    let (size, states) = (table.size(), table.states());
    let mut solver = FlipSolver::with_table(table);
    let mut answer = Answer::default();
    let step = (states / 64).max(1) as usize;
    for state in (0..states).step_by(step) {
        let board = GridBoard::from_words(size.rows(), size.cols(), vec![state]);
        if solver.answer_into(&board, &mut answer).is_ok() {
            assert_eq!(answer.presses.len(), answer.distance.unwrap_or(0));
        }
    }
}
