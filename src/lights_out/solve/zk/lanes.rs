//! Byte arithmetic modulo `K` on planes of counts padded with zeros to whole chunks of [`LANE`]
//! counts: additions, sums, the non-zero mask of a chunk and the chain of a near term, in plain
//! code; and, on x86-64, the non-zero mask and the loads, stores and additions of the coset
//! walk's vector code in SSE2 ([`sse2`]).

/// Counts per chunk.
pub(super) const LANE: usize = 16;

/// `len` rounded up to a whole number of chunks.
pub(super) fn padded(len: usize) -> usize {
    len.div_ceil(LANE) * LANE
}

/// Sixteen counts.
pub(super) type Chunk = [u8; LANE];

/// The sixteen counts at the start of `bytes`.
///
/// # Panics
///
/// If `bytes` holds fewer than sixteen.
#[inline(always)]
pub(super) fn chunk(bytes: &[u8]) -> Chunk {
    bytes[..LANE].try_into().expect("sixteen bytes")
}

/// `(d + s) mod K` for counts below `K`: the sum, or the sum less `K` when that does not wrap
/// below zero, as the byte minimum of the two.
#[inline(always)]
fn add_one(d: u8, s: u8, k: u8) -> u8 {
    let sum = d.wrapping_add(s);
    sum.min(sum.wrapping_sub(k))
}

/// `dst = (dst + src) mod K`, count by count (every count below `K`).
#[inline]
pub(super) fn add_mod(dst: &mut [u8], src: &[u8], k: u8) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = add_one(*d, s, k);
    }
}

/// [`add_mod`] that also returns the sum of the new counts.
#[inline]
pub(super) fn add_mod_sum(dst: &mut [u8], src: &[u8], k: u8) -> u32 {
    add_mod(dst, src, k);
    sum(dst)
}

/// The sum of the counts.
#[inline]
pub(super) fn sum(bytes: &[u8]) -> u32 {
    bytes.iter().map(|&v| u32::from(v)).sum()
}

/// Bit `i` set when count `i` of `c` is not zero: one SSE2 comparison and mask on x86-64,
/// count by count otherwise.
#[inline(always)]
pub(super) fn nonzero(c: &Chunk) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: the one requirement of the call is that the processor has SSE2, and this
        // code is compiled only with SSE2 enabled (always so on x86-64, where it is baseline).
        unsafe { sse2::nonzero(c) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        nonzero_scalar(c)
    }
}

/// [`nonzero`] count by count.
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
fn nonzero_scalar(c: &Chunk) -> u32 {
    c.iter().enumerate().fold(0, |bits, (i, &v)| bits | u32::from(v != 0) << i)
}

/// The chain of a near term `step` presses back (1 or 2) taken off as it is: `x_i = (o_i -
/// x_(i - step)) mod K` over `out` in order (`o` the counts in `out` on entry, every count
/// below `K`), the values before `out` being `before = [x_(-2), x_(-1)]`. The last two values
/// stay in registers: a subtraction and a minimum a press.
#[inline(always)]
pub(super) fn chain(out: &mut [u8], [two_back, one_back]: [u8; 2], step: usize, k: u8) {
    debug_assert!(step == 1 || step == 2);
    let (mut two_back, mut one_back) = (two_back, one_back);
    if step == 1 {
        for o in out.iter_mut() {
            let r = o.wrapping_sub(one_back);
            one_back = r.min(r.wrapping_add(k));
            *o = one_back;
        }
    } else {
        for o in out.iter_mut() {
            let r = o.wrapping_sub(two_back);
            let v = r.min(r.wrapping_add(k));
            *o = v;
            two_back = one_back;
            one_back = v;
        }
    }
}

/// [`nonzero`] in SSE2 (baseline on x86-64), and the loads, stores and additions modulo `K` of
/// sixteen counts that the coset walk's vector code is made of.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(super) mod sse2 {
    use crate::lights_out::solve::zk::lanes::{Chunk, LANE};
    use core::arch::x86_64::*;

    /// The first sixteen counts of `bytes` as one vector.
    ///
    /// # Panics
    ///
    /// If `bytes` holds fewer than sixteen.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(crate) fn load(bytes: &[u8]) -> __m128i {
        let c = &bytes[..LANE];
        // SAFETY: `c` is sixteen readable bytes, exactly what the unaligned load reads; no
        // alignment is required.
        unsafe { _mm_loadu_si128(c.as_ptr().cast()) }
    }

    /// Stores `v` into the first sixteen counts of `bytes`.
    ///
    /// # Panics
    ///
    /// If `bytes` holds fewer than sixteen.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(crate) fn store(bytes: &mut [u8], v: __m128i) {
        let c = &mut bytes[..LANE];
        // SAFETY: `c` is sixteen writable bytes borrowed exclusively, exactly what the
        // unaligned store writes; no alignment is required.
        unsafe { _mm_storeu_si128(c.as_mut_ptr().cast(), v) }
    }

    /// See [`super::nonzero`].
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn nonzero(c: &Chunk) -> u32 {
        let zero = _mm_cmpeq_epi8(load(c), _mm_setzero_si128());
        !(_mm_movemask_epi8(zero) as u32) & 0xFFFF
    }

    /// `(a + b) mod K` lane by lane (both below `K`).
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(crate) fn add(a: __m128i, b: __m128i, k: __m128i) -> __m128i {
        let s = _mm_add_epi8(a, b);
        _mm_min_epu8(s, _mm_sub_epi8(s, k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lights_out::solve::zk::TestRng;

    /// The non-zero mask on random chunks (half their counts zero) and on the chunks of one
    /// non-zero count.
    #[test]
    fn the_nonzero_mask_marks_the_nonzero_counts() {
        let mut rng = TestRng(11);
        for _ in 0..2000 {
            let mut c = [0u8; LANE];
            for v in &mut c {
                *v = if rng.below(2) == 0 { 0 } else { rng.below(256) as u8 };
            }
            let want = (0..LANE).filter(|&i| c[i] != 0).fold(0u32, |m, i| m | 1 << i);
            assert_eq!(nonzero(&c), want, "{c:?}");
            assert_eq!(nonzero_scalar(&c), want, "{c:?}");
        }
        for i in 0..LANE {
            for v in [1u8, 0x7F, 0x80, 0xFF] {
                let mut c = [0u8; LANE];
                c[i] = v;
                assert_eq!(nonzero(&c), 1 << i);
            }
        }
        assert_eq!(nonzero(&[0; LANE]), 0);
    }

    /// The chain is its definition on random counts, for both steps, K = 2..=16 and lengths
    /// around whole chunks.
    #[test]
    fn the_chain_is_its_definition() {
        let mut rng = TestRng(17);
        let mut next = |m: u64| rng.below(m);
        for round in 0..3000 {
            let len = if round % 4 == 0 { next(300) } else { next(70) } as usize;
            let k = 2 + next(15) as u8;
            let step = 1 + round % 2;
            let o: Vec<u8> = (0..len).map(|_| next(u64::from(k)) as u8).collect();
            let before = [next(u64::from(k)) as u8, next(u64::from(k)) as u8];
            let mut chained = o.clone();
            chain(&mut chained, before, step, k);
            let mut x = before.to_vec();
            for &v in &o {
                let back = x[x.len() - step];
                x.push(((u32::from(v) + u32::from(k) - u32::from(back)) % u32::from(k)) as u8);
            }
            assert_eq!(chained[..], x[2..], "{len} K={k} step {step}");
        }
    }

    #[test]
    fn sums_and_additions_are_taken_modulo_k() {
        let mut rng = TestRng(5);
        let mut next = |m: u64| rng.below(m);
        for round in 0..24 {
            let len = [0, 1, 7, 8, 15, 16, 17, 100, 127, 128, 129, 70_000][round % 12];
            let k = 2 + next(15) as u8;
            let n = padded(len);
            let mut a: Vec<u8> = (0..len).map(|_| next(u64::from(k)) as u8).collect();
            let b: Vec<u8> = (0..len).map(|_| next(u64::from(k)) as u8).collect();
            let want: Vec<u8> = a
                .iter()
                .zip(&b)
                .map(|(&x, &y)| ((u32::from(x) + u32::from(y)) % u32::from(k)) as u8)
                .collect();
            a.resize(n, 0);
            let mut b = b;
            b.resize(n, 0);
            let mut c = a.clone();
            add_mod(&mut a, &b, k);
            assert_eq!(a[..len], want[..], "{len} K={k}");
            assert!(a[len..].iter().all(|&v| v == 0));
            let total = add_mod_sum(&mut c, &b, k);
            assert_eq!(c, a, "{len} K={k}");
            assert_eq!(total, want.iter().map(|&v| u32::from(v)).sum::<u32>(), "{len} K={k}");
        }
    }
}
