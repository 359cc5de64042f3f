//! Where the GF(2) solver's time goes, for the M4RI comparison (`benches/m4ri/compare.sh`):
//! with the environment variable `FLIPBLOX_PHASES` set (to anything), the set-up and every
//! board add the wall-clock time of each phase to process-wide totals, and `flipblox flip`
//! prints them on standard error when it ends (see [`report`]). Unset, a phase costs one
//! branch on a flag read once.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// One phase of the solver (see the module docs of `gf2`).
#[derive(Debug, Clone, Copy)]
pub(super) enum Phase {
    /// Set-up: the symbolic chase, and the chases of the colour and null planes.
    Chase,
    /// Set-up: the elimination of the chase matrix.
    Elimination,
    /// Per board: the board's planes, two chases and the reduction of the residual.
    Solve,
    /// Per board: the search of the coset (and the press list, when asked for).
    Walk,
}

/// Nanoseconds per [`Phase`], then the coset members weighed.
static TOTALS: [AtomicU64; 5] = [const { AtomicU64::new(0) }; 5];

fn enabled() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("FLIPBLOX_PHASES").is_some())
}

/// Times consecutive phases: each [`Timer::lap`] adds the time since the previous lap (or the
/// start) to a phase.
pub(super) struct Timer(Option<Instant>);

impl Timer {
    /// Starts timing when `FLIPBLOX_PHASES` is set; otherwise every lap is a no-op.
    pub fn start() -> Timer {
        Timer(enabled().then(Instant::now))
    }

    /// Adds the time since the last lap to `phase`.
    pub fn lap(&mut self, phase: Phase) {
        if let Some(last) = &mut self.0 {
            let now = Instant::now();
            let nanos = u64::try_from((now - *last).as_nanos()).unwrap_or(u64::MAX);
            TOTALS[phase as usize].fetch_add(nanos, Ordering::Relaxed);
            *last = now;
        }
    }

    /// Counts `members` coset members weighed.
    pub fn weighed(&self, members: u64) {
        if self.0.is_some() {
            TOTALS[4].fetch_add(members, Ordering::Relaxed);
        }
    }
}

/// The totals as one line, `None` unless `FLIPBLOX_PHASES` is set: `flipblox: chase A ms,
/// elimination B ms, per-board solve C ms, coset walk D ms (M members, E ns a member)`
/// (wall-clock times over the whole process).
pub(crate) fn report() -> Option<String> {
    if !enabled() {
        return None;
    }
    let [chase, elimination, solve, walk, members] =
        TOTALS.each_ref().map(|t| t.load(Ordering::Relaxed));
    let ms = |nanos: u64| nanos as f64 / 1e6;
    Some(format!(
        "flipblox: chase {:.3} ms, elimination {:.3} ms, per-board solve {:.3} ms, coset walk \
         {:.3} ms ({members} members, {:.1} ns a member)",
        ms(chase),
        ms(elimination),
        ms(solve),
        ms(walk),
        walk as f64 / members.max(1) as f64
    ))
}
