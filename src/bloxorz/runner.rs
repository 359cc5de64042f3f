//! The batch runner: every level of a pack, solved by N workers, reported in input order.
//!
//! The calling thread parses levels (in place, from the input's bytes) and hands them to the
//! workers through a bounded queue; each worker owns one [`Solver`] for the whole batch, which
//! picks the search for each level. Reports come back in any order and are passed on strictly in
//! input order. At most [`Runner::WINDOW_PER_JOB`] levels per worker are in flight (parsed but
//! not yet reported), which bounds the memory a batch holds beyond the workers' solvers, and the
//! level buffers go back to the parser for reuse, so a warm batch allocates nothing per level
//! except the `--path` moves.
//!
//! With one job everything runs on the calling thread, with no queue at all. With more, before a
//! read that may wait for input ([`LevelSource::would_block`]) every level in flight is solved
//! and passed on first, so that answers never wait for input that has not come.
//!
//! Levels come from a [`LevelSource`]: the text pack parser ([`PackReader`]) or the stages of the
//! Flash game's file ([`FlashStages`](crate::bloxorz::FlashStages)).

use std::collections::BTreeMap;
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use super::model::level::Level;
use super::model::notation::Step;
use super::read::{DEFAULT_MAX_MEMORY, ErrorKind, LevelError, LevelSource, PackReader};
use super::search::solution::Solution;
use super::solver::{Limits, Solver};

/// How a batch runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunOptions {
    /// Worker threads (at least 1; 0 counts as 1).
    pub jobs: usize,
    /// Whether to rebuild one shortest path per solved level ([`Answer::path`]).
    pub paths: bool,
    /// Memory limit for one level in bytes (see [`PackReader::max_memory`] and
    /// [`Limits::max_memory`]).
    pub max_memory: u64,
}

impl Default for RunOptions {
    /// One job, no paths, the default memory limit.
    fn default() -> RunOptions {
        RunOptions { jobs: 1, paths: false, max_memory: DEFAULT_MAX_MEMORY }
    }
}

/// A solved level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// Rows of the level.
    pub rows: usize,
    /// Columns of the level.
    pub cols: usize,
    /// The answer and the work it took.
    pub solution: Solution,
    /// One shortest path when [`RunOptions::paths`] is set and the level can be solved; empty
    /// otherwise. Only levels with split switches have cube moves (see
    /// [`notation`](crate::bloxorz::model::notation)).
    pub path: Vec<Step>,
    /// Wall-clock time of the search (and path rebuilding), without parsing.
    pub elapsed: Duration,
}

/// What became of one level of the pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// 1-based number of the level in its input.
    pub level: usize,
    /// Byte offset in the input just past the level (for progress reporting).
    pub end_offset: usize,
    /// The answer, or why the level could not be read.
    pub result: Result<Answer, LevelError>,
}

/// Runs batches of levels; keeps each job's search memory (a [`Solver`]) across batches.
#[derive(Debug, Default)]
pub struct Runner {
    options: RunOptions,
    workers: Vec<Worker>,
    spare_levels: Vec<Level>,
}

/// The search memory of one job.
#[derive(Debug, Default)]
struct Worker {
    solver: Solver,
}

impl Worker {
    /// Solves level number `number` of the input, timing it.
    fn solve(
        &mut self,
        level: &Level,
        options: &RunOptions,
        number: usize,
    ) -> Result<Answer, LevelError> {
        let begin = Instant::now();
        let mut path = Vec::new();
        let limits = Limits { max_memory: options.max_memory };
        let solved = if options.paths {
            self.solver.solve_with_path(level, limits, &mut path)
        } else {
            self.solver.solve(level, limits)
        };
        let solution = solved.map_err(|e| LevelError {
            level: number,
            position: level.origin(),
            kind: ErrorKind::Limit(e.into()),
        })?;
        let elapsed = begin.elapsed();
        Ok(Answer { rows: level.rows(), cols: level.cols(), solution, path, elapsed })
    }

    fn memory_usage(&self) -> usize {
        self.solver.memory_usage()
    }
}

impl Runner {
    /// Levels in flight per worker (parsed, not yet reported).
    pub const WINDOW_PER_JOB: usize = 8;

    /// A runner with these options; scratches are created on first use.
    pub fn new(options: RunOptions) -> Runner {
        let jobs = options.jobs.max(1);
        Runner {
            options: RunOptions { jobs, ..options },
            workers: (0..jobs).map(|_| Worker::default()).collect(),
            spare_levels: Vec::new(),
        }
    }

    /// Bytes held by the workers' scratches and the spare level buffers.
    pub fn memory_usage(&self) -> usize {
        self.workers.iter().map(Worker::memory_usage).sum::<usize>()
            + self.spare_levels.iter().map(Level::memory_usage).sum::<usize>()
    }

    /// Reads and solves every level of the pack in `bytes`, calling `on_report` once per level in
    /// input order. Stops early, and returns its error, when `on_report` fails (e.g. stdout was
    /// closed).
    ///
    /// # Errors
    ///
    /// Only the errors `on_report` returns; a level that cannot be read is a [`Report`] with an
    /// `Err` result, not an error of the batch.
    pub fn run<E>(
        &mut self,
        bytes: &[u8],
        on_report: impl FnMut(Report) -> Result<(), E>,
    ) -> Result<(), E> {
        let reader = PackReader::new(bytes).max_memory(self.options.max_memory);
        self.run_source(reader, on_report)
    }

    /// Like [`Runner::run`], for the levels of any [`LevelSource`].
    ///
    /// # Errors
    ///
    /// Only the errors `on_report` returns.
    pub fn run_source<E>(
        &mut self,
        mut reader: impl LevelSource,
        mut on_report: impl FnMut(Report) -> Result<(), E>,
    ) -> Result<(), E> {
        if self.options.jobs == 1 {
            let mut level = self.spare_levels.pop().unwrap_or_default();
            let worker = &mut self.workers[0];
            let options = self.options;
            while let Some(read) = reader.read_into(&mut level) {
                let number = reader.levels_started();
                let result = read.and_then(|()| worker.solve(&level, &options, number));
                let report =
                    Report { level: reader.levels_started(), end_offset: reader.offset(), result };
                on_report(report)?;
            }
            self.spare_levels.push(level);
            return Ok(());
        }
        self.run_parallel(reader, on_report)
    }

    fn run_parallel<E>(
        &mut self,
        mut reader: impl LevelSource,
        mut on_report: impl FnMut(Report) -> Result<(), E>,
    ) -> Result<(), E> {
        let options = self.options;
        let window = Runner::WINDOW_PER_JOB * self.options.jobs;
        let spare_levels = &mut self.spare_levels;
        let (job_tx, job_rx) = mpsc::sync_channel::<(usize, usize, Level)>(window);
        let job_rx = Mutex::new(job_rx);
        let (done_tx, done_rx) = mpsc::channel::<(Report, Level)>();
        std::thread::scope(|scope| {
            for worker in self.workers.iter_mut() {
                let (job_rx, done_tx) = (&job_rx, done_tx.clone());
                scope.spawn(move || {
                    loop {
                        // A poisoned lock means another worker panicked; the scope re-raises it.
                        let Ok(job) = job_rx.lock().map(|rx| rx.recv()) else { return };
                        let Ok((number, end_offset, level)) = job else { return };
                        let result = worker.solve(&level, &options, number);
                        let report = Report { level: number, end_offset, result };
                        if done_tx.send((report, level)).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(done_tx);
            let mut order = InOrder { pending: BTreeMap::new(), next: 1 };
            let mut started = 0;
            loop {
                // Keep the window: wait for the oldest levels before parsing more.
                while started + 1 - order.next >= window {
                    let Ok((report, level)) = done_rx.recv() else { break };
                    spare_levels.push(level);
                    order.push(report, &mut on_report)?;
                }
                while let Ok((report, level)) = done_rx.try_recv() {
                    spare_levels.push(level);
                    order.push(report, &mut on_report)?;
                }
                // Before a read that may wait for input (a pipe, a terminal), pass on every
                // level in flight: their answers must not wait for input that may never come.
                if started >= order.next && reader.would_block() {
                    while started >= order.next {
                        let Ok((report, level)) = done_rx.recv() else { break };
                        spare_levels.push(level);
                        order.push(report, &mut on_report)?;
                    }
                }
                let mut level = spare_levels.pop().unwrap_or_default();
                let Some(read) = reader.read_into(&mut level) else {
                    spare_levels.push(level);
                    break;
                };
                started += 1;
                let (number, end_offset) = (reader.levels_started(), reader.offset());
                match read {
                    // The queue's receiver lives until the end of the scope, so sending cannot fail.
                    Ok(()) => job_tx.send((number, end_offset, level)).expect("queue open"),
                    Err(e) => {
                        spare_levels.push(level);
                        let report = Report { level: number, end_offset, result: Err(e) };
                        order.push(report, &mut on_report)?;
                    }
                }
            }
            drop(job_tx);
            for (report, level) in done_rx {
                spare_levels.push(level);
                order.push(report, &mut on_report)?;
            }
            Ok(())
        })
    }
}

/// Reports waiting for the levels before them.
struct InOrder {
    pending: BTreeMap<usize, Report>,
    /// The number of the next level to pass on.
    next: usize,
}

impl InOrder {
    /// Files `report` and passes on every report that is now next in line.
    fn push<E>(
        &mut self,
        report: Report,
        on_report: &mut impl FnMut(Report) -> Result<(), E>,
    ) -> Result<(), E> {
        self.pending.insert(report.level, report);
        while let Some(report) = self.pending.remove(&self.next) {
            self.next += 1;
            on_report(report)?;
        }
        Ok(())
    }
}
