//! `--shard K/N`: one of N independent parts of a batch, for a scheduler to run in parallel
//! (docs/SCALE.md). Part K takes the inputs numbered i (1-based, across the input) with
//! (i - 1) mod N = K - 1; every output names the global number, so the parts' outputs sorted by
//! it are the output of the whole run.

use clap::Args;

pub use flipblox::bloxorz::{Shard, Sharded};

/// `--shard K/N`, shared by `bloxorz` and `flip`.
#[derive(Debug, Clone, Copy, Args)]
pub struct ShardArgs {
    /// Answer only part K of N (1 <= K <= N): the levels (or boards) numbered i, 1-based within
    /// each input, with (i - 1) mod N = K - 1. Each answer line then starts with i and a tab
    /// (JSON records keep their `index`), so the parts' outputs sorted by it equal one run's
    /// (docs/SCALE.md).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
}
