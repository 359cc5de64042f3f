//! A generator of hard levels (`flipblox generate bloxorz`): for each level, a search over
//! levels of a given size, by simulated annealing on the minimum number of moves (the par),
//! each candidate answered by the [`Solver`]; the best level found is then verified (written
//! out, read back, solved with a path, the path replayed) before it is handed out.
//!
//! # The search
//!
//! A candidate is a grid of `rows x cols` cells: rigid ground and empty space (and fragile
//! ground with [`GenerateOptions::fragile`]; a switch and bridge tiles with
//! [`GenerateOptions::switches`]), a start (the block standing) and a target. It starts at
//! random (about 60 % ground) and changes by one step at a time: one cell turned to another
//! material, or the start or the target moved to another cell of ground. A step is kept when
//! the level stays solvable and its par does not drop, and otherwise with the probability
//! `exp(-drop / T)` of simulated annealing, where the temperature `T` falls geometrically from
//! 3 moves to 0.05 over the [`GenerateOptions::iterations`] steps; the best level seen is the
//! result. Levels without switches are answered by the bit-parallel search (levels of at most
//! 28 x 28 cells) or the array search, the others by the general engine.
//!
//! # Determinism
//!
//! Level `k` of a run depends only on the options and `k`: its random numbers come from a
//! xoshiro256++ generator seeded with [`GenerateOptions::seed`] and `k`, and nothing depends on
//! the clock or on other levels, so the same options give the same levels (and the same bytes)
//! on every run, with any number of threads.

mod options;
mod random;
mod terrain;

pub use options::GenerateOptions;

use super::model::level::{Level, Placement};
use super::read::PackReader;
use super::search::general::replay::{BlockAt, replay_path};
use super::solver::{Limits, Solver};
use random::Random;
use terrain::Terrain;

/// A generated level, verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The level (its [`Level::title`] names the run: `generated RxC, seed S, level K`).
    pub level: Level,
    /// Its par: the minimum number of moves.
    pub moves: u32,
    /// The candidates evaluated (searched) to find it.
    pub evaluated: u64,
}

/// Why no level was generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The size has fewer than two cells (no room for a start and a target), or is larger
    /// than the generator takes (1,000 cells a side).
    #[error("a level of {rows} x {cols} cells cannot be generated (from 2 cells to 1000 x 1000)")]
    Size {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// No attempt found a level with at least the par asked for.
    #[error(
        "no level of par {min_moves} or more found in {attempts} attempts of {iterations} steps \
         (the best had par {best}): ask for less, or a larger size"
    )]
    TooHard {
        /// The least par asked for.
        min_moves: u32,
        /// The best par found.
        best: u32,
        /// Attempts made.
        attempts: u32,
        /// Steps per attempt.
        iterations: u64,
    },
    /// The level found did not pass its verification (a defect of flipblox: please report it).
    #[error("generated level {index} failed its verification: {why}")]
    Unverified {
        /// The level's number.
        index: u64,
        /// What failed.
        why: String,
    },
}

/// Generates levels, reusing its search memory: create one per thread.
#[derive(Debug, Default)]
pub struct Generator {
    solver: Solver,
    level: Level,
    path: Vec<super::model::notation::Step>,
}

impl Generator {
    /// A generator holding no memory yet.
    pub fn new() -> Generator {
        Generator::default()
    }

    /// Level `index` (0-based) of the run `options`: the hardest level its search finds,
    /// verified.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Size`] for a size it does not take; [`GenerateError::TooHard`] when no
    /// attempt reaches [`GenerateOptions::min_moves`]; [`GenerateError::Unverified`] should the
    /// level fail its verification.
    pub fn generate(
        &mut self,
        options: &GenerateOptions,
        index: u64,
    ) -> Result<Generated, GenerateError> {
        let (rows, cols) = (options.rows, options.cols);
        if rows == 0 || cols == 0 || rows * cols < 2 || rows > 1000 || cols > 1000 {
            return Err(GenerateError::Size { rows, cols });
        }
        let mut evaluated = 0;
        let mut best_par = 0;
        for attempt in 0..options.attempts.max(1) {
            let mut random = Random::new(options.seed, index, attempt);
            let (terrain, moves, steps) = self.anneal(options, &mut random);
            evaluated += steps;
            best_par = best_par.max(moves);
            if moves >= options.min_moves && moves > 0 {
                let title =
                    format!("generated {rows}x{cols}, seed {}, level {}", options.seed, index + 1);
                let level = self.verify(&terrain, moves, &title, options, index)?;
                return Ok(Generated { level, moves, evaluated });
            }
        }
        Err(GenerateError::TooHard {
            min_moves: options.min_moves,
            best: best_par,
            attempts: options.attempts.max(1),
            iterations: options.iterations,
        })
    }

    /// The best par the search finds for levels of `options` in about `budget` of time (whole
    /// attempts of [`GenerateOptions::iterations`] steps, level `0`, attempts `0, 1, ...`, until
    /// the time is spent), and the candidates it evaluated: for measuring the search against
    /// [`Generator::random_par`] (`examples/generator_bench.rs`). Unlike
    /// [`Generator::generate`] it depends on the clock.
    pub fn best_within(
        &mut self,
        options: &GenerateOptions,
        budget: std::time::Duration,
    ) -> (u32, u64) {
        let begin = std::time::Instant::now();
        let (mut best, mut evaluated) = (0, 0);
        let mut attempt = 0;
        while begin.elapsed() < budget {
            let mut random = Random::new(options.seed, 0, attempt);
            let (_, moves, steps) = self.anneal(options, &mut random);
            best = best.max(moves);
            evaluated += steps;
            attempt += 1;
        }
        (best, evaluated)
    }

    /// The par of random level `index` of the kind the search starts from (about 60 % ground,
    /// start and target on random cells), 0 when it cannot be solved: the baseline the search
    /// is measured against.
    pub fn random_par(&mut self, options: &GenerateOptions, index: u64) -> u32 {
        let mut random = Random::new(options.seed, index, u32::MAX);
        let terrain = Terrain::random(options, &mut random);
        self.par(&terrain)
    }

    /// The par of `terrain` (0 when it cannot be solved).
    fn par(&mut self, terrain: &Terrain) -> u32 {
        terrain.build(&mut self.level);
        let limits = Limits { max_memory: 1 << 28 };
        self.solver.solve(&self.level, limits).ok().and_then(|s| s.moves).unwrap_or(0)
    }

    /// One search by simulated annealing (see the module docs): the best terrain, its par, and
    /// the candidates evaluated.
    fn anneal(&mut self, options: &GenerateOptions, random: &mut Random) -> (Terrain, u32, u64) {
        let mut current = Terrain::random(options, random);
        let mut score = self.par(&current);
        let mut evaluated = 1;
        let mut best = (current.clone(), score);
        let steps = options.iterations.max(1);
        let (hot, cold): (f64, f64) = (3.0, 0.05);
        let cooling = (cold / hot).powf(1.0 / steps as f64);
        let mut temperature = hot;
        let mut candidate = current.clone();
        for _ in 0..steps {
            candidate.clone_from(&current);
            candidate.mutate(options, random);
            let par = self.par(&candidate);
            evaluated += 1;
            let keep = par > 0
                && (par >= score
                    || random.unit() < (-(f64::from(score - par)) / temperature).exp());
            if keep {
                std::mem::swap(&mut current, &mut candidate);
                score = par;
                if score > best.1 {
                    best = (current.clone(), score);
                }
            }
            temperature *= cooling;
        }
        (best.0, best.1, evaluated)
    }

    /// Writes `terrain` as a level titled `title`, reads it back, solves it with a path and
    /// replays the path: the level, when everything agrees on `moves` and the constraints hold.
    fn verify(
        &mut self,
        terrain: &Terrain,
        moves: u32,
        title: &str,
        options: &GenerateOptions,
        index: u64,
    ) -> Result<Level, GenerateError> {
        let fail = |why: String| GenerateError::Unverified { index: index + 1, why };
        let text = format!("; {title}\n{}", terrain.text());
        let mut levels = PackReader::new(text.as_bytes());
        let level = match levels.next() {
            Some(Ok(level)) => level,
            Some(Err(e)) => return Err(fail(format!("it does not read back: {e}"))),
            None => return Err(fail("it does not read back".to_string())),
        };
        let allowed = |letter: char| match letter {
            '.' | '#' | 'O' | 'X' => true,
            'E' => options.fragile,
            'S' | 'H' | 'B' | '-' => options.switches,
            _ => false,
        };
        for row in 0..level.rows() {
            for col in 0..level.cols() {
                let letter = level.letter((row, col));
                if !allowed(letter) {
                    return Err(fail(format!("it has a cell {letter:?}, which was not asked for")));
                }
            }
        }
        let limits = Limits::default();
        let solution = self
            .solver
            .solve_with_path(&level, limits, &mut self.path)
            .map_err(|e| fail(e.to_string()))?;
        if solution.moves != Some(moves) || self.path.len() != moves as usize {
            return Err(fail(format!("its par is {:?}, not {moves}", solution.moves)));
        }
        let replayed = replay_path(&level, &self.path).map_err(|e| fail(e.to_string()))?;
        let (tr, tc) = level.target();
        let end = replayed.last().map(|m| m.block);
        if end != Some(BlockAt::Whole(Placement::standing(tr, tc))) {
            return Err(fail("its path does not end standing on the target".to_string()));
        }
        if moves < options.min_moves {
            return Err(fail(format!("its par {moves} is below {}", options.min_moves)));
        }
        Ok(level)
    }
}
