//! Open-addressing hash tables of `u64` keys with no heap per entry, for the general search: an
//! [`Interner`] that numbers distinct keys 0, 1, 2, ... (bridge configurations, pairs of split
//! cubes) and a [`KeySet`] of keys (the split states reached).
//!
//! Both probe linearly in a power-of-two table kept at most half full and double it when it
//! would pass that; a key's home slot is the top bits of a multiplicative hash of it.

use crate::memory::{AllocError, try_zeroed};

/// The smallest table: 64 slots.
const MIN_SLOTS: usize = 64;

/// A cleared table larger than this is given back rather than wiped, so that a small level after
/// a large one does not pay for wiping the large one's table.
const KEEP_SLOTS: usize = 1 << 16;

/// The home slot of `key` in a table of `2^(64 - shift)` slots.
#[inline]
fn home(key: u64, shift: u32) -> usize {
    ((key ^ (key >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) >> shift) as usize
}

/// Distinct `u64` keys numbered in the order they were first seen: [`Interner::intern`] gives a
/// key's number, [`Interner::key`] the key of a number.
///
/// Memory: 8 bytes per key, plus a table of `u32` slots at most half full (4 to 16 bytes per
/// key).
#[derive(Debug, Clone, Default)]
pub(super) struct Interner {
    /// The keys by number.
    keys: Vec<u64>,
    /// Per slot: 0 when empty, else the number of the key there plus 1.
    slots: Vec<u32>,
    /// `64 - log2(slots.len())`.
    shift: u32,
}

impl Interner {
    /// Forgets every key.
    pub fn clear(&mut self) {
        self.keys.clear();
        if self.slots.len() > KEEP_SLOTS {
            self.slots = Vec::new();
        }
        self.slots.fill(0);
    }

    /// The key numbered `index`.
    ///
    /// # Panics
    ///
    /// If there is no such key.
    #[inline]
    pub fn key(&self, index: u32) -> u64 {
        self.keys[index as usize]
    }

    /// Bytes in use: the keys and the table.
    pub fn bytes(&self) -> u64 {
        8 * self.keys.len() as u64 + 4 * self.slots.len() as u64
    }

    /// Bytes held (capacities, kept for reuse).
    pub fn capacity_bytes(&self) -> usize {
        8 * self.keys.capacity() + 4 * self.slots.capacity()
    }

    /// The number of `key`, and whether it is new (numbered `len()` before the call).
    ///
    /// # Errors
    ///
    /// The system refused memory for a larger table or list; `what` names it.
    #[inline]
    pub fn intern(&mut self, key: u64, what: &'static str) -> Result<(u32, bool), AllocError> {
        if 2 * (self.keys.len() + 1) > self.slots.len() {
            self.grow(what)?;
        }
        let mask = self.slots.len() - 1;
        let mut at = home(key, self.shift);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                break;
            }
            if self.keys[slot as usize - 1] == key {
                return Ok((slot - 1, false));
            }
            at = (at + 1) & mask;
        }
        let index = u32::try_from(self.keys.len()).map_err(|_| AllocError::of::<u64>(1, what))?;
        if self.keys.len() == self.keys.capacity() {
            let more = self.keys.len().max(16);
            crate::memory::try_reserve(&mut self.keys, more, what)?;
        }
        self.keys.push(key);
        self.slots[at] = index + 1;
        Ok((index, true))
    }

    /// Doubles the table (or makes the first one) and puts every key back.
    #[cold]
    fn grow(&mut self, what: &'static str) -> Result<(), AllocError> {
        let size = (2 * self.slots.len()).max(MIN_SLOTS);
        let mut slots: Vec<u32> = try_zeroed(size, what)?;
        let shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for (i, &key) in self.keys.iter().enumerate() {
            let mut at = home(key, shift);
            while slots[at] != 0 {
                at = (at + 1) & mask;
            }
            slots[at] = i as u32 + 1;
        }
        self.slots = slots;
        self.shift = shift;
        Ok(())
    }
}

/// A set of `u64` keys other than [`KeySet::EMPTY`].
///
/// Memory: a table of `u64` slots at most half full (16 to 32 bytes per key).
#[derive(Debug, Clone, Default)]
pub(super) struct KeySet {
    /// Per slot: a key, or [`KeySet::EMPTY`].
    slots: Vec<u64>,
    /// Keys in the set.
    len: usize,
    /// `64 - log2(slots.len())`.
    shift: u32,
}

impl KeySet {
    /// The one key the set cannot hold: it marks empty slots.
    pub const EMPTY: u64 = u64::MAX;

    /// Empties the set.
    pub fn clear(&mut self) {
        if self.slots.len() > KEEP_SLOTS {
            self.slots = Vec::new();
        }
        self.slots.fill(Self::EMPTY);
        self.len = 0;
    }

    /// Bytes in use: the table.
    pub fn bytes(&self) -> u64 {
        8 * self.slots.len() as u64
    }

    /// Bytes held (the table's capacity, kept for reuse).
    pub fn capacity_bytes(&self) -> usize {
        8 * self.slots.capacity()
    }

    /// Adds `key`; true when it was not in the set.
    ///
    /// # Errors
    ///
    /// The system refused memory for a larger table; `what` names it.
    pub fn insert(&mut self, key: u64, what: &'static str) -> Result<bool, AllocError> {
        debug_assert_ne!(key, Self::EMPTY);
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow(what)?;
        }
        let mask = self.slots.len() - 1;
        let mut at = home(key, self.shift);
        loop {
            let slot = self.slots[at];
            if slot == key {
                return Ok(false);
            }
            if slot == Self::EMPTY {
                self.slots[at] = key;
                self.len += 1;
                return Ok(true);
            }
            at = (at + 1) & mask;
        }
    }

    /// Doubles the table (or makes the first one) and puts every key back.
    #[cold]
    fn grow(&mut self, what: &'static str) -> Result<(), AllocError> {
        let size = (2 * self.slots.len()).max(MIN_SLOTS);
        let mut slots = Vec::new();
        crate::memory::try_reserve(&mut slots, size, what)?;
        slots.resize(size, Self::EMPTY);
        let shift = 64 - size.trailing_zeros();
        let mask = size - 1;
        for &key in self.slots.iter().filter(|&&k| k != Self::EMPTY) {
            let mut at = home(key, shift);
            while slots[at] != Self::EMPTY {
                at = (at + 1) & mask;
            }
            slots[at] = key;
        }
        self.slots = slots;
        self.shift = shift;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_numbered_in_order_of_first_sight_across_growth_and_clearing() {
        let mut interner = Interner::default();
        for round in 0..2 {
            let keys: Vec<u64> =
                (0..5000u64).map(|i| i.wrapping_mul(0x9E37_79B9) << round).collect();
            for (i, &k) in keys.iter().enumerate() {
                assert_eq!(interner.intern(k, "test").unwrap(), (i as u32, true));
            }
            for (i, &k) in keys.iter().enumerate().rev() {
                assert_eq!(interner.intern(k, "test").unwrap(), (i as u32, false));
                assert_eq!(interner.key(i as u32), k);
            }
            assert!(interner.bytes() >= 8 * 5000 + 4 * 10_000);
            interner.clear();
            assert_eq!(interner.intern(7, "test").unwrap(), (0, true));
            interner.clear();
        }
    }

    #[test]
    fn a_key_set_holds_each_key_once() {
        let mut set = KeySet::default();
        for round in 0..2 {
            for k in 0..3000u64 {
                assert!(set.insert(k << 32 | k, "test").unwrap(), "round {round}");
            }
            for k in (0..3000u64).rev() {
                assert!(!set.insert(k << 32 | k, "test").unwrap());
            }
            assert!(set.insert(u64::MAX - 1, "test").unwrap());
            set.clear();
        }
    }
}
