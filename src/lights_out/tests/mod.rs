//! The Lights Out solvers and tables checked against independent methods, on every state of
//! small boards and on random large ones: a brute force over press sets, a brute-force search
//! written without the library (`tests/common/lights_out.rs`), dense eliminations of the whole
//! toggle matrix, and published facts. These tests reach the engines themselves (GF(2), `Z_K`,
//! the table builders), which only the library sees; `tests/` checks the public API and the
//! command-line tool.

mod buttons;
mod counts;
mod embedded;
mod fast;
mod sizes;
mod sizes_props;
mod variants;

#[allow(dead_code)]
#[path = "../../../tests/common/buttons.rs"]
mod buttons_reference;
#[allow(dead_code)]
#[path = "../../../tests/common/lights_out.rs"]
mod reference;
#[allow(dead_code)]
#[path = "../../../tests/common/rng.rs"]
mod rng;

use crate::lights_out::{Board, BoardSize, Variant};

/// The two-colour board of `rows x cols` whose state (bit `cols * r + c` black) is `state`.
fn grid(rows: usize, cols: usize, state: u64) -> Board {
    Board::from_state(rows, cols, 2, state)
}

/// Presses `(r, c)` of a two-colour board under the Flip Game's rules.
fn press(board: &mut Board, r: usize, c: usize) {
    let flip = Variant::flip_game(BoardSize::new(board.rows(), board.cols()).unwrap());
    flip.press(board, r * board.cols() + c, 1);
}

/// True when every cell shows the same colour.
fn is_uniform(board: &Board) -> bool {
    board.uniform_colour().is_some()
}
