//! The batch runner: every level of a pack, solved by N workers, reported in input order.
//!
//! The calling thread parses levels (in place, from the input's bytes) and hands them to the
//! workers in batches through a bounded queue: a batch is handed out once its levels weigh
//! [`Runner::BATCH_WEIGHT`] (a bound of their search's work in cells, so that a large level, or a
//! level with switches whose bridge configurations multiply its states, goes alone, and a pack of
//! a few hard levels is spread over every worker) or hold [`Runner::BATCH_LEVELS`] levels,
//! so that on packs of many small levels the cost of handing work over stays small against the work
//! (each batch handed out wakes a thread or two). Each worker owns one [`Solver`] for the whole
//! run, which picks the search for each level. Batches come back in any order and their reports are
//! passed on strictly in input order. At most [`Runner::WINDOW_PER_JOB`] batches per worker are in
//! flight (parsed but not yet reported), which bounds the memory a run holds beyond the workers'
//! solvers, and the level buffers go back to the parser for reuse, so a warm run allocates nothing
//! per level except the `--path` moves.
//!
//! With one job everything runs on the calling thread, with no queue at all. With more, before a
//! read that may wait for input ([`LevelSource::would_block`]) the batch being filled is handed
//! out and every level in flight is solved and passed on first, so that answers never wait for
//! input that has not come.
//!
//! Levels come from a [`LevelSource`]: the text pack parser ([`PackReader`]) or the stages of the
//! Flash game's file ([`FlashPack::source`](crate::bloxorz::FlashPack::source)).

use std::collections::BTreeMap;
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

use super::analysis::{Analyser, Analysis};
use super::model::level::Level;
use super::model::notation::Step;
use super::read::{Chunk, DEFAULT_MAX_MEMORY, LevelError, LevelSource, PackReader};
use super::search::solution::{SearchError, Solution};
use super::solver::{Limits, Solver};
use crate::text::Position;

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
    /// Whether to time each search ([`Answer::elapsed`]). Off, no clock is read (reading it
    /// twice per level is a noticeable share of a run over a pack of small levels).
    pub timings: bool,
    /// Whether to analyse each level ([`Answer::analysis`]; memory as
    /// [`Analyser::analyse`], within [`RunOptions::max_memory`]).
    pub analyse: bool,
}

impl Default for RunOptions {
    /// One job, no paths, the default memory limit, no timings, no analysis.
    fn default() -> RunOptions {
        RunOptions {
            jobs: 1,
            paths: false,
            max_memory: DEFAULT_MAX_MEMORY,
            timings: false,
            analyse: false,
        }
    }
}

/// A solved level.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// Rows of the level.
    pub rows: usize,
    /// Columns of the level.
    pub cols: usize,
    /// The answer and the work it took.
    pub solution: Solution,
    /// One shortest path when [`RunOptions::paths`] is set and the level can be solved; empty
    /// otherwise. Only levels with split switches have cube moves (see
    /// `notation`).
    pub path: Vec<Step>,
    /// Wall-clock time of the search (and path rebuilding, and the analysis), without parsing,
    /// when [`RunOptions::timings`] is set; zero otherwise.
    pub elapsed: Duration,
    /// The level's [`Analysis`] when [`RunOptions::analyse`] is set.
    pub analysis: Option<Analysis>,
    /// The level's title ([`Level::title`]), if it has one.
    pub title: Option<String>,
    /// Where the level begins in its input ([`Level::origin`]), when its reader says.
    pub origin: Option<Position>,
}

/// What became of one level of the pack.
#[derive(Debug, Clone, PartialEq)]
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
    spare_batches: Vec<Batch>,
}

/// The search memory of one job, and the level it reads chunks of text into.
#[derive(Debug, Default)]
struct Worker {
    solver: Solver,
    analyser: Analyser,
    level: Level,
}

impl Worker {
    /// Solves level number `number` of the input with `solver` (and analyses it with
    /// `analyser` if asked to), timing it if asked to.
    fn solve(
        solver: &mut Solver,
        analyser: &mut Analyser,
        level: &Level,
        options: &RunOptions,
        number: usize,
    ) -> Result<Answer, LevelError> {
        let begin = options.timings.then(Instant::now);
        let mut path = Vec::new();
        let limits = Limits { max_memory: options.max_memory };
        let failed = |e: SearchError| LevelError::search(number, level.origin(), e);
        let solved = if options.paths {
            solver.solve_with_path(level, limits, &mut path)
        } else {
            solver.solve(level, limits)
        };
        let solution = solved.map_err(failed)?;
        let analysis = if options.analyse {
            Some(analyser.analyse(level, limits).map_err(failed)?)
        } else {
            None
        };
        let elapsed = begin.map_or(Duration::ZERO, |begin| begin.elapsed());
        Ok(Answer {
            rows: level.rows(),
            cols: level.cols(),
            solution,
            path,
            elapsed,
            analysis,
            title: level.title().map(str::to_owned),
            origin: level.origin(),
        })
    }

    fn memory_usage(&self) -> usize {
        self.solver.memory_usage() + self.analyser.memory_usage() + self.level.memory_usage()
    }
}

impl Runner {
    /// Batches in flight per worker (handed out, not yet reported). A batch is one level, or
    /// levels weighing at most about [`Runner::BATCH_WEIGHT`] in all.
    pub(crate) const WINDOW_PER_JOB: usize = 4;

    /// A batch is handed to a worker once its levels weigh this much: a bound of their search's
    /// work, counted as cells (their cells for a level without switches), plus 64 per level.
    pub(crate) const BATCH_WEIGHT: usize = 1 << 16;

    /// A batch is handed to a worker once it holds this many levels.
    pub(crate) const BATCH_LEVELS: usize = 1024;

    /// A runner with these options; scratches are created on first use.
    pub fn new(options: RunOptions) -> Runner {
        let jobs = options.jobs.max(1);
        Runner {
            options: RunOptions { jobs, ..options },
            workers: (0..jobs).map(|_| Worker::default()).collect(),
            spare_levels: Vec::new(),
            spare_batches: Vec::new(),
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
                let result = read.and_then(|()| {
                    Worker::solve(
                        &mut worker.solver,
                        &mut worker.analyser,
                        &level,
                        &options,
                        number,
                    )
                });
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
        let (spare_levels, spare_batches) = (&mut self.spare_levels, &mut self.spare_batches);
        let (job_tx, job_rx) = mpsc::sync_channel::<Batch>(window);
        let job_rx = Mutex::new(job_rx);
        let (done_tx, done_rx) = mpsc::channel::<Batch>();
        std::thread::scope(|scope| {
            for worker in self.workers.iter_mut() {
                let (job_rx, done_tx) = (&job_rx, done_tx.clone());
                scope.spawn(move || {
                    loop {
                        // A poisoned lock means another worker panicked; the scope re-raises it.
                        let Ok(job) = job_rx.lock().map(|rx| rx.recv()) else { return };
                        let Ok(mut batch) = job else { return };
                        batch.solve(worker, &options);
                        if done_tx.send(batch).is_err() {
                            return;
                        }
                    }
                });
            }
            drop(done_tx);
            let mut order = InOrder { pending: BTreeMap::new(), next: 0 };
            let mut filling = spare_batches.pop().unwrap_or_default();
            // Batches handed out so far (the number of the one being filled).
            let mut sent = 0;
            loop {
                // Keep the window: wait for the oldest batches before parsing more (counting
                // the batch being filled, which a chunk taken next would hand out first).
                while sent - order.next + usize::from(!filling.is_empty()) >= window {
                    let Ok(batch) = done_rx.recv() else { break };
                    order.push(batch, spare_levels, spare_batches, &mut on_report)?;
                }
                while let Ok(batch) = done_rx.try_recv() {
                    order.push(batch, spare_levels, spare_batches, &mut on_report)?;
                }
                // Before a read that may wait for input (a pipe, a terminal), hand out the batch
                // being filled and pass on every level in flight: their answers must not wait
                // for input that may never come.
                if (sent > order.next || !filling.is_empty()) && reader.would_block() {
                    if !filling.is_empty() {
                        hand_out(&job_tx, &mut filling, &mut sent, spare_batches);
                    }
                    while sent > order.next {
                        let Ok(batch) = done_rx.recv() else { break };
                        order.push(batch, spare_levels, spare_batches, &mut on_report)?;
                    }
                }
                // Levels the source can hand over as text are read by the workers: then this
                // thread only follows their lines, and reading runs on every job.
                let mut taken = spare_batches.pop().unwrap_or_default();
                if reader.take_chunk(&mut taken.chunk, Runner::BATCH_WEIGHT, Runner::BATCH_LEVELS) {
                    if !filling.is_empty() {
                        hand_out(&job_tx, &mut filling, &mut sent, spare_batches);
                    }
                    hand_out(&job_tx, &mut taken, &mut sent, spare_batches);
                    spare_batches.push(taken);
                    continue;
                }
                spare_batches.push(taken);
                let mut level = spare_levels.pop().unwrap_or_default();
                let Some(read) = reader.read_into(&mut level) else {
                    spare_levels.push(level);
                    break;
                };
                let (number, end_offset) = (reader.levels_started(), reader.offset());
                match read {
                    Ok(()) => filling.add(number, end_offset, level),
                    Err(e) => {
                        spare_levels.push(level);
                        filling.add_failed(Report { level: number, end_offset, result: Err(e) });
                    }
                }
                if filling.is_full() {
                    hand_out(&job_tx, &mut filling, &mut sent, spare_batches);
                }
            }
            if !filling.is_empty() {
                hand_out(&job_tx, &mut filling, &mut sent, spare_batches);
            }
            spare_batches.push(filling);
            drop(job_tx);
            for batch in done_rx {
                order.push(batch, spare_levels, spare_batches, &mut on_report)?;
            }
            debug_assert_eq!(order.next, sent);
            Ok(())
        })
    }
}

/// Sends the batch being filled to the workers as batch number `sent`, and starts a new one.
fn hand_out(
    job_tx: &mpsc::SyncSender<Batch>,
    filling: &mut Batch,
    sent: &mut usize,
    spare_batches: &mut Vec<Batch>,
) {
    let mut full = std::mem::replace(filling, spare_batches.pop().unwrap_or_default());
    full.number = *sent;
    *sent += 1;
    #[cfg(test)]
    tests::HANDED_OUT.with_borrow_mut(|sizes| sizes.push(full.items.len() + full.chunk.levels()));
    // The queue's receiver lives until the end of the scope, so sending cannot fail.
    job_tx.send(full).expect("queue open");
}

/// Levels handed to one worker at once: parsed levels (and the reports of levels that could not
/// be read, to keep their place), then, once solved, their reports in input order. Batches keep
/// the cost of handing work over (a queue, a wake-up) small against the work itself on packs of
/// many small levels; a large level is a batch of its own.
#[derive(Debug, Default)]
struct Batch {
    /// Place of the batch in the input (0-based); set when it is handed out.
    number: usize,
    /// Levels to solve or already reported, in input order.
    items: Vec<Item>,
    /// Filled by the worker, in input order.
    reports: Vec<Report>,
    /// The solved levels' buffers, going back to the parser for reuse.
    levels: Vec<Level>,
    /// The weight of `items` (see [`Runner::BATCH_WEIGHT`]).
    weight: usize,
    /// Levels taken as text ([`LevelSource::take_chunk`]), read by the worker; a batch holds
    /// these or `items`, not both.
    chunk: Chunk,
}

/// One level of a [`Batch`].
#[derive(Debug)]
enum Item {
    /// A level to solve: its number, the offset just past it, the level.
    Level(usize, usize, Level),
    /// A level that could not be read.
    Failed(Report),
}

impl Batch {
    fn is_empty(&self) -> bool {
        self.items.is_empty() && self.chunk.levels() == 0
    }

    fn is_full(&self) -> bool {
        self.weight >= Runner::BATCH_WEIGHT || self.items.len() >= Runner::BATCH_LEVELS
    }

    fn add(&mut self, number: usize, end_offset: usize, level: Level) {
        self.weight = self.weight.saturating_add(weight(&level));
        self.items.push(Item::Level(number, end_offset, level));
    }

    fn add_failed(&mut self, report: Report) {
        self.weight += Chunk::LEVEL_WEIGHT;
        self.items.push(Item::Failed(report));
    }

    /// Solves every level, leaving the reports in `reports` and the buffers in `levels`.
    fn solve(&mut self, worker: &mut Worker, options: &RunOptions) {
        if self.chunk.levels() > 0 {
            let mut reader = self.chunk.reader();
            for _ in 0..self.chunk.levels() {
                // The chunk holds exactly this many levels (see `LevelSource::take_chunk`).
                let read = reader.read_into(&mut worker.level).expect("a level of the chunk");
                let number = reader.levels_started();
                let result = read.and_then(|()| {
                    let Worker { solver, analyser, level } = &mut *worker;
                    Worker::solve(solver, analyser, level, options, number)
                });
                let end_offset = self.chunk.offset() + reader.offset();
                self.reports.push(Report { level: number, end_offset, result });
            }
            debug_assert!(reader.read_into(&mut worker.level).is_none());
            self.chunk.clear();
        }
        for item in self.items.drain(..) {
            self.reports.push(match item {
                Item::Level(number, end_offset, level) => {
                    let result = Worker::solve(
                        &mut worker.solver,
                        &mut worker.analyser,
                        &level,
                        options,
                        number,
                    );
                    self.levels.push(level);
                    Report { level: number, end_offset, result }
                }
                Item::Failed(report) => report,
            });
        }
        self.weight = 0;
    }
}

/// The weight of a level in a batch (see [`Runner::BATCH_WEIGHT`]): a bound of its search's
/// work, counted as cells, plus [`Chunk::LEVEL_WEIGHT`]. A level the array search answers weighs
/// its cells, as in a [`Chunk`]; one the general engine answers weighs its cells once per bridge
/// configuration it may reach (2 to the power of its bridge tiles), and once more per cell when
/// it has split switches (the two cubes move apart), saturating. So a level whose search may be
/// long is a batch of its own, and a pack of `J` such levels keeps `J` workers busy.
fn weight(level: &Level) -> usize {
    let cells = level.rows() * level.cols();
    let mechanics = level.mechanics();
    let mut bound = cells;
    if mechanics.needs_engine() {
        // 2^16 configurations are enough to make any level a batch of its own.
        let tiles = mechanics.bridges().len().min(Runner::BATCH_WEIGHT.trailing_zeros() as usize);
        bound = bound.saturating_mul(1 << tiles);
        if !mechanics.splits().is_empty() {
            bound = bound.saturating_mul(cells);
        }
    }
    bound.saturating_add(Chunk::LEVEL_WEIGHT)
}

/// Solved batches waiting for the batches before them.
struct InOrder {
    pending: BTreeMap<usize, Batch>,
    /// The number of the next batch to pass on.
    next: usize,
}

impl InOrder {
    /// Files `batch` and passes on the reports of every batch that is now next in line,
    /// keeping the buffers for reuse.
    fn push<E>(
        &mut self,
        batch: Batch,
        spare_levels: &mut Vec<Level>,
        spare_batches: &mut Vec<Batch>,
        on_report: &mut impl FnMut(Report) -> Result<(), E>,
    ) -> Result<(), E> {
        self.pending.insert(batch.number, batch);
        while let Some(mut batch) = self.pending.remove(&self.next) {
            self.next += 1;
            spare_levels.append(&mut batch.levels);
            let mut result = Ok(());
            for report in batch.reports.drain(..) {
                if result.is_ok() {
                    result = on_report(report);
                }
            }
            spare_batches.push(batch);
            result?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;

    thread_local! {
        /// The number of levels in each batch the runner on this thread handed out, in order.
        pub(super) static HANDED_OUT: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
    }

    /// A level of 1 x 20 cells with 16 bridge tiles that its soft switch toggles one by one:
    /// few states, but as many bridge configurations as a hard level may have.
    fn switch_level() -> String {
        let toggles: Vec<String> = (3..19).map(|c| format!("toggle 1 {c}")).collect();
        format!("1 20\nXSBBBBBBBBBBBBBBBB.O\nswitch 1 2: {}\n", toggles.join(", "))
    }

    /// Runs `pack` with `jobs` jobs: the reports' results in order, and the sizes of the batches
    /// handed out.
    fn run(pack: &str, jobs: usize) -> (Vec<Result<Answer, LevelError>>, Vec<usize>) {
        HANDED_OUT.with_borrow_mut(Vec::clear);
        let mut results = Vec::new();
        let mut runner = Runner::new(RunOptions { jobs, paths: true, ..RunOptions::default() });
        runner
            .run(pack.as_bytes(), |report| {
                results.push(report.result);
                Ok::<(), ()>(())
            })
            .unwrap();
        (results, HANDED_OUT.with_borrow_mut(std::mem::take))
    }

    #[test]
    fn a_level_weighs_its_cells_and_with_switches_its_bridge_configurations() {
        let plain: Level = "2 3\nX..\n..O\n".parse().unwrap();
        assert_eq!(weight(&plain), 6 + Chunk::LEVEL_WEIGHT);
        let one_bridge: Level = "1 7\nXS.-..O\nswitch 1 2: on 1 4\n".parse().unwrap();
        assert_eq!(weight(&one_bridge), 7 * 2 + Chunk::LEVEL_WEIGHT);
        let bridges_only: Level = "1 5\nX.BBO\n".parse().unwrap();
        assert_eq!(weight(&bridges_only), 5 + Chunk::LEVEL_WEIGHT, "no switch, no engine");
        let hard: Level = switch_level().parse().unwrap();
        assert_eq!(weight(&hard), 20 * (1 << 16) + Chunk::LEVEL_WEIGHT);
        assert!(weight(&hard) >= Runner::BATCH_WEIGHT);
    }

    #[test]
    fn a_pack_of_few_hard_levels_is_handed_out_one_level_a_batch_with_the_same_answers() {
        let pack = switch_level().repeat(5);
        let (one, _) = run(&pack, 1);
        let (two, batches) = run(&pack, 2);
        assert_eq!(batches, [1; 5], "each hard level is a batch of its own");
        assert_eq!(one.len(), 5);
        assert_eq!(two, one);
    }

    #[test]
    fn a_pack_of_small_plain_levels_is_still_handed_out_in_large_batches() {
        let pack = "2 3\nX..\n..O\n".repeat(3000);
        let (one, _) = run(&pack, 1);
        let (two, batches) = run(&pack, 2);
        // Batches of hundreds of levels: their cells, and their text, weigh little.
        assert_eq!(batches.iter().sum::<usize>(), 3000);
        assert!(batches.len() <= 4, "{batches:?}");
        assert_eq!(two, one);
    }
}
