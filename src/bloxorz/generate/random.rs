//! The generator's random numbers: xoshiro256++, seeded from the run's seed, the level's number
//! and the attempt, so that a level depends on nothing else.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The random numbers of one level: xoshiro256++, seeded from the run's seed and the level's
/// number (see the module docs).
pub(crate) struct Random(Xoshiro256PlusPlus);

impl Random {
    /// The generator of level `index` (and `attempt`) of the run seeded with `seed`.
    pub(crate) fn new(seed: u64, index: u64, attempt: u32) -> Random {
        // SplitMix64's finaliser spreads the three numbers over the 64-bit seed.
        let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(attempt) << 48;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Random(Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31)))
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-and-reject: exact and portable.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let threshold = n.wrapping_neg() % n;
        loop {
            let product = u128::from(self.0.next_u64()) * u128::from(n);
            if (product as u64) >= threshold {
                return (product >> 64) as u64;
            }
        }
    }

    /// A number in `[0, 1)` with 53 random bits.
    pub(crate) fn unit(&mut self) -> f64 {
        (self.0.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}
