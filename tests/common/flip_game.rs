//! The Flip Game's press written for the tests without the library (and shared with the
//! library's own picture tests, which include this file by path): a board replayed press by
//! press, and whether it is uniform.

/// Replays 1-based presses on a board given as rows of `b`/`w`, with a press written here
/// independently of the library (the piece and its orthogonal neighbours flip); returns the
/// final board, `true` = black.
pub fn replay_rows(rows: &[&str], presses: &[(usize, usize)]) -> Vec<Vec<bool>> {
    let mut cells: Vec<Vec<bool>> =
        rows.iter().map(|r| r.bytes().map(|b| b == b'b').collect()).collect();
    let (h, w) = (cells.len() as i64, cells[0].len() as i64);
    for &(r, c) in presses {
        assert!(
            r >= 1 && c >= 1 && r as i64 <= h && c as i64 <= w,
            "press ({r},{c}) off the board"
        );
        for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (rr, cc) = (r as i64 - 1 + dr, c as i64 - 1 + dc);
            if (0..h).contains(&rr) && (0..w).contains(&cc) {
                cells[rr as usize][cc as usize] ^= true;
            }
        }
    }
    cells
}

/// True when every piece shows the same colour.
pub fn is_uniform(cells: &[Vec<bool>]) -> bool {
    let first = cells[0][0];
    cells.iter().all(|row| row.iter().all(|&b| b == first))
}
