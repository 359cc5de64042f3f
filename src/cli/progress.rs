//! Progress bars on stderr, shown only when stderr is a terminal: for table builds (states
//! reached) and for level packs (bytes read, after a second).

use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use flipblox::flip::variant::Variant;
use flipblox::flip::{BoardSize, DistanceTable, Gf2Solver, TableError};

/// Boards of at least this many pieces show a progress bar while their table is built (5x5,
/// 2^25 states, is the first size whose build a user waits for; every further piece doubles
/// it).
const SHOW_FROM_CELLS: usize = 25;

/// The one factory: a bar counting up to `total` in the style `template`, drawn on stderr when
/// `visible` and stderr is a terminal, hidden otherwise (it can be shown later).
fn bar(total: u64, template: &str, visible: bool) -> ProgressBar {
    let target = if visible && std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// A bar for building the distance table of `size`, counting states reached up to `total`;
/// hidden unless the board is large enough for the build to take a while.
pub fn table_build(size: BoardSize, total: u64) -> ProgressBar {
    let template = "{msg} [{bar:40}] {human_pos}/{human_len} states reached ({elapsed})";
    let bar = bar(total, template, size.cells() >= SHOW_FROM_CELLS);
    bar.set_message(format!("building the {size} distance table"));
    bar
}

/// Builds the distance table of `size` in memory ([`DistanceTable::build`]) behind a
/// [`table_build`] bar that counts up to the solvable states, `2^rank` of the toggle matrix.
///
/// # Errors
///
/// [`TableError::TooLarge`] above 32 pieces.
pub fn build_table(size: BoardSize) -> Result<DistanceTable<'static>, TableError> {
    let total = 1u64 << Gf2Solver::new(size).toggle_rank().min(63);
    let bar = table_build(size, total);
    let built = DistanceTable::build(size, |reached| bar.set_position(reached));
    bar.finish_and_clear();
    built
}

/// A bar for building the distance table of `variant`, counting states reached up to its
/// `K^(R*C)` states; hidden for tables under `2^25` states.
pub fn variant_table_build(variant: &Variant) -> ProgressBar {
    let total = variant.states().unwrap_or(u64::MAX);
    let template = "{msg} [{bar:40}] {human_pos}/{human_len} states reached ({elapsed})";
    let bar = bar(total, template, total >= 1 << SHOW_FROM_CELLS);
    bar.set_message(format!("building the distance table of {variant}"));
    bar
}

/// A bar counting `total` items (`what`, e.g. `generating levels`), drawn when stderr is a
/// terminal.
pub fn levels(total: u64, what: &str) -> ProgressBar {
    let template = "{msg} [{bar:40}] {pos}/{len} ({elapsed}, eta {eta})";
    let bar = bar(total, template, true);
    bar.set_message(what.to_string());
    bar
}

/// A bar over the bytes of a batch of level packs, which shows itself only when the batch is
/// still running after a second. Dropping the returned sender stops the wait.
pub fn pack(total_bytes: u64) -> (ProgressBar, mpsc::Sender<()>) {
    let template =
        "{spinner} [{elapsed_precise}] {wide_bar} {bytes}/{total_bytes} {msg} (eta {eta})";
    let bar = bar(total_bytes, template, false);
    let (stop_tx, stop_rx) = mpsc::channel::<()>();
    if std::io::stderr().is_terminal() {
        let bar = bar.clone();
        std::thread::spawn(move || {
            if stop_rx.recv_timeout(Duration::from_secs(1)) == Err(mpsc::RecvTimeoutError::Timeout)
            {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(200));
            }
        });
    }
    (bar, stop_tx)
}
