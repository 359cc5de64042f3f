//! A check shared by the table-file proptest (`tests/table_load.rs`) and the `table_file` fuzz
//! target, which includes this file by path.

use flipblox::lights_out::{Answer, Board, Solver};
use flipblox::table_file::{Check, Table, TableFile};

/// What `flipblox flip --table` does with a file that passed only the header check: answer
/// boards from its payload, whatever it holds. A table that lies gives an error, not a panic.
pub fn answer_from_header_checked_table(bytes: &[u8]) {
    let Ok(file) = TableFile::parse(bytes, Check::Header) else { return };
    let Table::LightsOut(table) = file.into_table() else { return };
    let (size, states, k) = (table.size(), table.states(), table.variant().colours());
    let mut solver = Solver::with_table(table);
    let mut answer = Answer::default();
    let step = (states / 64).max(1) as usize;
    for state in (0..states).step_by(step) {
        let board = Board::from_state(size.rows(), size.cols(), k, state);
        if solver.solve_into(&board, &mut answer).is_ok() {
            let counted: usize = answer.presses.iter().map(|&(_, n)| usize::from(n)).sum();
            assert_eq!(counted, answer.distance.unwrap_or(0));
        }
    }
}
