//! Progress bars on stderr, shown only when stderr is a terminal: for table builds (states
//! reached), for level packs (bytes read, after a second), and spinners for long Lights Out
//! set-ups and searches (after a second).

use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use flipblox::lights_out::{DistanceTable, TableError, Variant};

/// Tables of at least `2^25` states show a progress bar while they are built (the 5x5 Flip Game
/// table takes a fraction of a second, and every further piece doubles it).
const SHOW_FROM_STATES: u64 = 1 << 25;

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

/// A bar for building the distance table of `variant`, counting the states reached; hidden for
/// tables under `2^25` states.
pub fn table_build(variant: &Variant) -> ProgressBar {
    let total = variant.states().unwrap_or(u64::MAX);
    let template = "{msg} [{bar:40}] {human_pos}/{human_len} states reached ({elapsed})";
    let bar = bar(total, template, total >= SHOW_FROM_STATES);
    bar.set_message(match variant.is_flip_game() {
        true => format!("building the {} distance table", variant.size()),
        false => format!("building the distance table of {variant}"),
    });
    bar
}

/// Moves `bar` to `reached` of the `of` states the build reaches.
pub fn advance(bar: &ProgressBar, reached: u64, of: u64) {
    bar.set_length(of);
    bar.set_position(reached);
}

/// Builds the distance table of `variant` in memory ([`DistanceTable::build`]) behind a
/// [`table_build`] bar.
///
/// # Errors
///
/// The errors of [`DistanceTable::build`].
pub fn build_table(variant: &Variant) -> Result<DistanceTable<'static>, TableError> {
    let bar = table_build(variant);
    let built = DistanceTable::build(variant, |reached, of| advance(&bar, reached, of));
    bar.finish_and_clear();
    built
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
    let (stop_tx, _) = show_after_a_second(&bar);
    (bar, stop_tx)
}

/// Draws `bar` on stderr, ticking, once a second has passed, unless the returned sender is
/// dropped (or sends) first; nothing when stderr is not a terminal. The thread that waits, if
/// any, is returned too.
fn show_after_a_second(
    bar: &ProgressBar,
) -> (mpsc::Sender<()>, Option<std::thread::JoinHandle<()>>) {
    let (stop_tx, stop_rx) = mpsc::channel::<()>();
    let waiting = std::io::stderr().is_terminal().then(|| {
        let bar = bar.clone();
        std::thread::spawn(move || {
            if stop_rx.recv_timeout(Duration::from_secs(1)) == Err(mpsc::RecvTimeoutError::Timeout)
            {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(200));
            }
        })
    });
    (stop_tx, waiting)
}

/// One piece of work of unknown length (a solver's set-up, one large board's search): a
/// spinner with its message and the time elapsed, drawn on stderr once the work has run a
/// second, when stderr is a terminal; cleared when dropped.
pub struct Slow {
    bar: ProgressBar,
    stop: Option<mpsc::Sender<()>>,
    waiting: Option<std::thread::JoinHandle<()>>,
}

/// A [`Slow`] spinner saying `message` (e.g. `setting up the 1024x1024 solver`), cut to the
/// terminal's width.
pub fn slow(message: String) -> Slow {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed:>4} {wide_msg}") {
        bar.set_style(style);
    }
    bar.set_message(message);
    let (stop, waiting) = show_after_a_second(&bar);
    Slow { bar, stop: Some(stop), waiting }
}

impl Drop for Slow {
    fn drop(&mut self) {
        // The waiting thread ends at once when its sender goes; once it has, the bar is
        // cleared whether it was shown or not.
        drop(self.stop.take());
        if let Some(waiting) = self.waiting.take() {
            let _ = waiting.join();
        }
        self.bar.finish_and_clear();
    }
}
