//! A check shared by the table-file proptest (`tests/table_load.rs`) and the `table_file` fuzz
//! target, which includes this file by path.

use flipblox::flip::{BoardSize, GridBoard, TableSolver};
use flipblox::table_file::{Check, load_flip_table};

/// What `flipblox flip --table` does with a file that passed only the header check: answer
/// boards from its payload, whatever it holds. A table that lies gives an error, not a panic.
pub fn answer_from_header_checked_table(bytes: &[u8]) {
    let Ok(table) = load_flip_table(bytes, Check::Header, None) else { return };
    let (rows, cols) = (table.rows() as usize, table.cols() as usize);
    let size = BoardSize::new(rows, cols).unwrap();
    let solver = TableSolver::from_bytes(size, table.distances()).unwrap();
    let mut presses = Vec::new();
    let step = (table.states() / 64).max(1) as usize;
    for state in (0..table.states()).step_by(step) {
        let board = GridBoard::from_words(rows, cols, vec![state]);
        if let Ok(Some(d)) = solver.answer_into(&board, &mut presses) {
            assert_eq!(presses.len(), d);
        }
    }
}
