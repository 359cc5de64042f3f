//! The difficulty score: how many bits of right decisions a level asks of a player.
//!
//! ```text
//! difficulty = B + log2(1 + trap_moves) + log2(1 + dead_ends)
//! B          = -log2 P(a player who picks every move at random among the legal ones makes
//!                      one of the optimal solutions)
//! ```
//!
//! `B` is the information a player must bring to play an optimal solution: each move picked
//! among `k` legal ones is worth `log2 k` bits when only one of them keeps to an optimal
//! solution, less when several do, so `B` grows with the solution's length and with the choices
//! along it and shrinks when many solutions are optimal (it is `moves * log2 k` for a level whose
//! every state has `k` moves and whose solution is unique). It is computed exactly, by summing
//! the chances of every optimal solution over the states in breadth-first order (in `log2`, so
//! that a long solution does not underflow). The two other terms count, in bits, the mistakes a
//! player cannot undo: the moves that make the level unwinnable without the block falling
//! (`trap_moves`) and the states where it then is (`dead_ends`); a level without switches has
//! none (every roll is undone by the opposite roll), a level whose switches take bridges away
//! may have many.
//!
//! Why these: studies of human difficulty in Sokoban (Jarušek and Pelánek, *Difficulty rating of
//! Sokoban puzzle*, 2010) found that the length of the solution alone explains little, and that
//! models of a player traversing the state space, and the structure of that space (dead
//! positions, bottlenecks), explain much more; the usual account of what makes Sokoban hard for
//! solvers is the same three things, long solutions, a large branching factor and deadlocks. `B`
//! is the simplest model of a player traversing the state space, a random walk, and the two
//! logarithms weigh the deadlocks. `docs/BLOXORZ.md` compares the order it gives the 33 stages
//! of the original game with the game's own. The score is 0 for a level solved in no moves and
//! is not defined for an impossible level.

/// The difficulty of a solvable level whose `B` (see the module docs) is `choice_bits`, with
/// `trap_moves` trap moves and `dead_ends` dead ends.
pub(crate) fn score(choice_bits: f64, trap_moves: u64, dead_ends: u64) -> f64 {
    let bits = |n: u64| (1.0 + n as f64).log2();
    choice_bits.max(0.0) + bits(trap_moves) + bits(dead_ends)
}

#[cfg(test)]
mod tests {
    use super::score;

    #[test]
    fn a_trap_move_and_a_dead_end_add_a_bit_each() {
        // 10 moves, each one of two (B = 10 bits), one trap move into one dead end: 12 bits.
        assert_eq!(score(10.0, 1, 1), 12.0);
        assert_eq!(score(0.0, 0, 0), 0.0);
    }
}
