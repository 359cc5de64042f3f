//! Arithmetic in `Z_K` for `K <= 16`: inverses, fast remainders of small sums, and the
//! splitting of `Z_K` into prime powers by the Chinese remainder theorem.

/// `Z_K` for one `K` in `2..=16`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Modulus {
    /// `K`.
    pub k: u8,
    /// `ceil(2^16 / K)`: `v / K == (v * magic) >> 16` for every `v < 4096` (see [`Modulus::rem`]).
    magic: u16,
    /// The inverse of each unit below `K`; 0 for the non-units.
    inverse: [u8; 16],
    /// The prime powers `K` is the product of, each with its idempotent.
    pub components: Vec<Component>,
}

/// One prime-power factor `q = p^e` of `K`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Component {
    /// The prime.
    pub p: u8,
    /// The exponent.
    pub e: u8,
    /// `p^e`.
    pub q: u8,
    /// The element of `Z_K` that is 1 modulo `q` and 0 modulo the other factors: a solution
    /// modulo `q` times `lift` is its share of the solution modulo `K`.
    pub lift: u8,
}

/// The largest value [`Modulus::rem`] reduces exactly.
pub(super) const REM_LIMIT: u16 = 4096;

impl Modulus {
    /// `Z_K`.
    ///
    /// # Panics
    ///
    /// If `k` is not in `2..=16`.
    pub fn new(k: u8) -> Modulus {
        assert!((2..=16).contains(&k), "modulus {k}");
        let mut inverse = [0u8; 16];
        for a in 1..k {
            if let Some(b) = (1..k).find(|&b| u32::from(a) * u32::from(b) % u32::from(k) == 1) {
                inverse[usize::from(a)] = b;
            }
        }
        let mut components = Vec::new();
        let mut rest = k;
        for p in 2..=k {
            if !rest.is_multiple_of(p) {
                continue;
            }
            let (mut q, mut e) = (1u8, 0u8);
            while rest.is_multiple_of(p) {
                rest /= p;
                q *= p;
                e += 1;
            }
            // lift = 1 mod q and 0 mod k / q.
            let other = k / q;
            let lift = (0..k).step_by(usize::from(other)).find(|&v| v % q == 1).expect("CRT");
            components.push(Component { p, e, q, lift });
        }
        let magic = (1u32 << 16).div_ceil(u32::from(k)) as u16;
        Modulus { k, magic, inverse, components }
    }

    /// The inverse of `a` modulo `K`, `None` unless `a` is a unit.
    pub fn inverse(&self, a: u8) -> Option<u8> {
        let inv = self.inverse[usize::from(a % self.k)];
        (inv != 0).then_some(inv)
    }

    /// `v mod K` for `v < 4096` by one multiplication: with `m = ceil(2^16 / K) = (2^16 + e) / K`,
    /// `e < K`, `v * m / 2^16 = v / K + v * e / (K * 2^16)` and the error is below `1 / K` when
    /// `v * e < 2^16`, which `v < 4096` and `e < 16` ensure, so the floor is `v / K`.
    /// (On 16-bit lanes this is the "multiply high" instruction, so it vectorises.)
    #[inline(always)]
    pub fn rem(&self, v: u16) -> u16 {
        debug_assert!(v < REM_LIMIT);
        let quotient = ((u32::from(v) * u32::from(self.magic)) >> 16) as u16;
        v - quotient * u16::from(self.k)
    }
}

/// The multiplicative valuation of `a` at `p` in `Z_{p^e}`: the largest `k < e` with `p^k`
/// dividing `a`, or `e` for `a == 0`.
pub(super) fn valuation(a: u8, p: u8, e: u8) -> u8 {
    if a == 0 {
        return e;
    }
    let (mut a, mut k) = (a, 0);
    while a.is_multiple_of(p) {
        a /= p;
        k += 1;
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remainders_inverses_and_components() {
        for k in 2..=16u8 {
            let m = Modulus::new(k);
            for v in 0..REM_LIMIT {
                assert_eq!(m.rem(v), v % u16::from(k), "{v} mod {k}");
            }
            for a in 1..k {
                let unit = (1..k).any(|b| u32::from(a) * u32::from(b) % u32::from(k) == 1);
                assert_eq!(m.inverse(a).is_some(), unit, "{a} mod {k}");
            }
            let product: u32 = m.components.iter().map(|c| u32::from(c.q)).product();
            assert_eq!(product, u32::from(k));
            let sum: u32 = m.components.iter().map(|c| u32::from(c.lift)).sum();
            assert_eq!(sum % u32::from(k), 1, "the idempotents add up to 1 mod {k}");
            for c in &m.components {
                assert_eq!(c.lift % c.q, 1 % c.q);
                assert_eq!(u32::from(c.lift) * u32::from(c.lift) % u32::from(k), u32::from(c.lift));
            }
        }
        assert_eq!(Modulus::new(12).components.len(), 2);
        assert_eq!((valuation(12, 2, 4), valuation(0, 2, 4), valuation(5, 3, 2)), (2, 4, 0));
    }
}
