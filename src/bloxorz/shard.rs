//! One of N independent parts of a batch, for a scheduler to run in parallel (docs/SCALE.md):
//! part K takes the levels numbered i (1-based, within their input) with (i - 1) mod N = K - 1
//! ([`Shard`]), and [`Sharded`] reads only those from a [`LevelSource`]. Every answer keeps its
//! global number ([`Shard::global`]), so the parts' answers sorted by it are the whole run's.

use std::fmt;
use std::str::FromStr;

use super::model::level::Level;
use super::read::{Chunk, LevelError, LevelSource};

/// Part `k` of `n` (1-based): the levels (or boards) numbered i, 1-based within their input,
/// with (i - 1) mod n = k - 1. Parsed from `K/N` (`"2/8"`).
///
/// ```
/// use flipblox::bloxorz::Shard;
/// let shard: Shard = "2/3".parse().unwrap();
/// assert_eq!(Shard::new(2, 3), Some(shard));
/// assert_eq!((1..=9).filter(|&i| shard.takes(i)).collect::<Vec<_>>(), [2, 5, 8]);
/// assert_eq!(shard.global(3), 8); // the third level it takes is level 8
/// assert_eq!(Shard::new(4, 3), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    k: usize,
    n: usize,
}

impl Shard {
    /// Part `k` of `n`; `None` unless 1 <= k <= n.
    pub fn new(k: usize, n: usize) -> Option<Shard> {
        (1 <= k && k <= n).then_some(Shard { k, n })
    }

    /// True when the input numbered `index` (1-based) is in this part.
    pub fn takes(self, index: usize) -> bool {
        index.checked_sub(1).is_some_and(|i| i % self.n == self.k - 1)
    }

    /// The global number of the `taken`-th input this part takes (1-based).
    pub fn global(self, taken: usize) -> usize {
        (taken - 1) * self.n + self.k
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected K/N with 1 <= K <= N (e.g. 2/8), found {text:?}");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n) = (k.trim().parse::<usize>(), n.trim().parse::<usize>());
        match (k, n) {
            (Ok(k), Ok(n)) => Shard::new(k, n).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// The levels of `inner` that `shard` takes (all of them without a shard), numbered 1, 2, 3...
/// in [`LevelSource::levels_started`] (as a batch runner expects; [`Shard::global`] gives their
/// numbers in the input, which their errors name). The others are read, and left out.
pub struct Sharded<S> {
    inner: S,
    shard: Option<Shard>,
    taken: usize,
}

impl<S: LevelSource> Sharded<S> {
    /// The levels of `inner` that `shard` takes (every level when `None`).
    pub fn new(inner: S, shard: Option<Shard>) -> Sharded<S> {
        Sharded { inner, shard, taken: 0 }
    }
}

impl<S: LevelSource> LevelSource for Sharded<S> {
    fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        loop {
            let read = self.inner.read_into(level)?;
            if self.shard.is_none_or(|shard| shard.takes(self.inner.levels_started())) {
                self.taken += 1;
                return Some(read);
            }
        }
    }

    fn levels_started(&self) -> usize {
        self.taken
    }

    fn offset(&self) -> usize {
        self.inner.offset()
    }

    fn would_block(&mut self) -> bool {
        self.inner.would_block()
    }

    /// Without a shard, the chunks of `inner` (their numbers are then the input's); with one,
    /// none (levels are read one by one to leave out those of other parts).
    fn take_chunk(&mut self, chunk: &mut Chunk, max_weight: usize, max_levels: usize) -> bool {
        if self.shard.is_some() || !self.inner.take_chunk(chunk, max_weight, max_levels) {
            return false;
        }
        self.taken += chunk.levels();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_numbers() {
        let parse = |t: &str| t.parse::<Shard>();
        assert_eq!(parse("2/3"), Ok(Shard { k: 2, n: 3 }));
        assert!(parse("0/3").is_err());
        assert!(parse("4/3").is_err());
        assert!(parse("3").is_err());
        assert!(parse("1/0").is_err());
        for n in 1..=7 {
            for i in 1..=30 {
                let parts = (1..=n).filter(|&k| Shard { k, n }.takes(i)).count();
                assert_eq!(parts, 1, "level {i} of {n} parts");
            }
        }
        assert!(Shard { k: 1, n: 2 }.takes(3) && !Shard { k: 1, n: 2 }.takes(2));
        let shard = Shard { k: 3, n: 7 };
        let taken: Vec<_> = (1..=30).filter(|&i| shard.takes(i)).collect();
        assert_eq!(taken, (1..=taken.len()).map(|t| shard.global(t)).collect::<Vec<_>>());
    }
}
