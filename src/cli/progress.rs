//! Progress bars on stderr, shown only when stderr is a terminal, all in one style ([`style`]):
//! for table builds (states reached), for level packs (bytes read, after a second once input
//! has arrived), for generated levels, and spinners for long Lights Out set-ups and searches
//! (after a second).

use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use flipblox::lights_out::{DistanceTable, TableError, Variant};

/// Tables of at least `2^25` states show a progress bar while they are built (the 5x5 Flip Game
/// table takes a fraction of a second, and every further piece doubles it).
const SHOW_FROM_STATES: u64 = 1 << 25;

/// How far a bar of states has gone: `1.2M/68.7M states`.
const STATES: &str = "{human_pos}/{human_len} states";
/// How far a bar of items has gone: `12/100`.
const ITEMS: &str = "{pos}/{len}";
/// How far a bar over the bytes of the input has gone: `1.2 MiB/4.0 MiB`.
const BYTES: &str = "{bytes}/{total_bytes}";

/// The one style of every bar: what is being done (its message), the bar, how far it has gone
/// (`count`: [`STATES`], [`ITEMS`] or [`BYTES`]; for a spinner, none), and the time, as in
/// `building the 6x6 distance table [====>     ] 1.2M/68.7M states (3s, eta 9s)`.
fn style(count: Option<&str>) -> Option<ProgressStyle> {
    let template = match count {
        Some(count) => format!("{{msg}} [{{bar:40}}] {count} ({{elapsed}}, eta {{eta}})"),
        None => "{msg} [{spinner}] ({elapsed})".to_string(),
    };
    ProgressStyle::with_template(&template).ok().map(|style| style.progress_chars("=> "))
}

/// The one factory: a bar counting up to `total` (`count` says how, see [`style`]) with the
/// message `what`, drawn on stderr when `visible` and stderr is a terminal, hidden otherwise
/// (it can be shown later).
fn bar(total: u64, count: &str, what: String, visible: bool) -> ProgressBar {
    let target = if visible && std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    if let Some(style) = style(Some(count)) {
        bar.set_style(style);
    }
    bar.set_message(what);
    bar
}

/// A bar for building the distance table of `variant`, counting the states reached; hidden for
/// tables under `2^25` states.
pub fn table_build(variant: &Variant) -> ProgressBar {
    let total = variant.states().unwrap_or(u64::MAX);
    let what = match variant.is_flip_game() {
        true => format!("building the {} distance table", variant.size()),
        false => format!("building the distance table of {variant}"),
    };
    bar(total, STATES, what, total >= SHOW_FROM_STATES)
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
    bar(total, ITEMS, what.to_string(), true)
}

/// A bar over the `total_bytes` bytes of a batch of level packs (`what`, e.g. `solving
/// levels`), which shows itself once the batch has run a second and input has arrived (the bar
/// has a length: standard input has none until its first level is read, and a terminal waiting
/// for a user to type shows no bar). Dropping the returned sender stops the wait.
pub fn pack(total_bytes: u64, what: &str) -> (ProgressBar, mpsc::Sender<()>) {
    let bar = bar(total_bytes, BYTES, what.to_string(), false);
    let (stop_tx, _) = show_after_a_second(&bar, |bar| bar.length().is_some_and(|n| n > 0));
    (bar, stop_tx)
}

/// Moves a [`pack`] bar to byte `position`, lengthening it to there when the input's length
/// was not known ahead (standard input).
pub fn read_to(bar: &ProgressBar, position: u64) {
    if bar.length().is_some_and(|length| length < position) {
        bar.set_length(position);
    }
    bar.set_position(position);
}

/// Draws `bar` on stderr, ticking, once a second has passed and `ready(bar)` holds, unless the
/// returned sender is dropped (or sends) first; nothing when stderr is not a terminal. The
/// thread that waits, if any, is returned too.
fn show_after_a_second(
    bar: &ProgressBar,
    ready: fn(&ProgressBar) -> bool,
) -> (mpsc::Sender<()>, Option<std::thread::JoinHandle<()>>) {
    let (stop_tx, stop_rx) = mpsc::channel::<()>();
    let waiting = std::io::stderr().is_terminal().then(|| {
        let bar = bar.clone();
        std::thread::spawn(move || {
            let mut wait = Duration::from_secs(1);
            while stop_rx.recv_timeout(wait) == Err(mpsc::RecvTimeoutError::Timeout) {
                if ready(&bar) {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    bar.enable_steady_tick(Duration::from_millis(200));
                    return;
                }
                wait = Duration::from_millis(100);
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

/// A [`Slow`] spinner saying `message` (e.g. `setting up the 1024x1024 solver`).
pub fn slow(message: String) -> Slow {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    if let Some(style) = style(None) {
        bar.set_style(style);
    }
    bar.set_message(message);
    let (stop, waiting) = show_after_a_second(&bar, |_| true);
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A terminal that keeps the last line drawn on it.
    #[derive(Debug, Clone, Default)]
    struct Screen(Arc<Mutex<String>>);

    impl indicatif::TermLike for Screen {
        fn width(&self) -> u16 {
            200
        }
        fn move_cursor_up(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> std::io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> std::io::Result<()> {
            if !s.trim().is_empty() {
                *self.0.lock().unwrap() = s.trim_end().to_string();
            }
            Ok(())
        }
        fn clear_line(&self) -> std::io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The line `bar` draws at `position` (its message, bar and count, and the time).
    fn drawn(bar: &ProgressBar, position: u64) -> String {
        let screen = Screen::default();
        bar.set_draw_target(ProgressDrawTarget::term_like(Box::new(screen.clone())));
        bar.set_position(position);
        bar.tick();
        let line = screen.0.lock().unwrap().clone();
        bar.finish_and_clear();
        line
    }

    /// The shape of a line: every run of digits (and a decimal point) is `N`, and the
    /// bar's cells are dropped.
    fn shape(line: &str) -> String {
        let mut out = String::new();
        for c in line.chars() {
            match c {
                '0'..='9' | '.' if !out.ends_with('N') => out.push('N'),
                '0'..='9' | '.' | '=' | '>' => {}
                ' ' if out.ends_with('[') => {}
                c => out.push(c),
            }
        }
        out.replace("[ ", "[").replace(" ]", "]")
    }

    #[test]
    fn every_bar_has_the_one_style() {
        let size = flipblox::lights_out::BoardSize::new(2, 2).unwrap();
        let table = table_build(&Variant::flip_game(size));
        let table = shape(&drawn(&table, 3));
        let levels = shape(&drawn(&levels(10, "generating levels"), 3));
        let (pack, _stop) = pack(4096, "solving levels");
        let pack = shape(&drawn(&pack, 1024));
        assert_eq!(table, "building the NxN distance table [] N/N states (Ns, eta Ns)");
        assert_eq!(levels, "generating levels [] N/N (Ns, eta Ns)");
        assert_eq!(pack, "solving levels [] N KiB/N KiB (Ns, eta Ns)");
        let spinner = slow("setting up".to_string());
        let spinner = drawn(&spinner.bar, 0);
        assert!(spinner.starts_with("setting up ["), "{spinner}");
        assert!(spinner.ends_with("] (0s)"), "{spinner}");
    }
}
