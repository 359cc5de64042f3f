//! What the generator makes: [`GenerateOptions`].

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Rows of every level (at least 1).
    pub rows: usize,
    /// Columns of every level (at least 1; `rows * cols` at least 2).
    pub cols: usize,
    /// The seed: the same seed gives the same levels.
    pub seed: u64,
    /// The least par a level may have: a search whose best level has a smaller one starts
    /// again (up to [`GenerateOptions::attempts`] times).
    pub min_moves: u32,
    /// Fragile ground (`E`) may appear.
    pub fragile: bool,
    /// A switch (`S` or `H`) and bridge tiles it toggles (`B`, `-`) may appear.
    pub switches: bool,
    /// Steps of the annealing per attempt.
    pub iterations: u64,
    /// Searches of one level before it gives up on [`GenerateOptions::min_moves`].
    pub attempts: u32,
}

impl GenerateOptions {
    /// `rows x cols` levels, seed `seed`, no constraint, rigid ground and empty space only,
    /// 20,000 steps, 20 attempts.
    pub fn new(rows: usize, cols: usize, seed: u64) -> GenerateOptions {
        GenerateOptions {
            rows,
            cols,
            seed,
            min_moves: 0,
            fragile: false,
            switches: false,
            iterations: 20_000,
            attempts: 20,
        }
    }
}
