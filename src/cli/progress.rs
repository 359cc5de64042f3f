//! Progress bars on stderr for long table builds (only when stderr is a terminal).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

use flipblox::flip::solver::TableError;
use flipblox::flip::{BoardSize, Gf2Solver, TableSolver};

/// Boards of at least this many pieces show a progress bar while their table is built (5x5
/// takes about 0.2 s in a release build, and every further piece doubles it).
const SHOW_FROM_CELLS: usize = 25;

/// A bar for building the distance table of `size`, counting states reached up to `total`;
/// hidden unless stderr is a terminal and the board is large enough for the build to take a
/// while.
pub fn table_build(size: BoardSize, total: u64) -> ProgressBar {
    if size.cells() < SHOW_FROM_CELLS || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(
        "{msg} [{bar:40}] {human_pos}/{human_len} states reached ({elapsed})",
    )
    .expect("a valid progress template")
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(format!("building the {size} distance table"));
    bar
}

/// Builds the distance table of `size` in memory ([`TableSolver::build`]) behind a
/// [`table_build`] bar that counts up to the solvable states, `2^rank` of the toggle matrix.
///
/// # Errors
///
/// [`TableError::TooLarge`] above 32 pieces.
pub fn build_table(size: BoardSize) -> Result<TableSolver<'static>, TableError> {
    let total = 1u64 << Gf2Solver::new(size).toggle_rank().min(63);
    let bar = table_build(size, total);
    let built = TableSolver::build(size, |reached| bar.set_position(reached));
    bar.finish_and_clear();
    built
}
