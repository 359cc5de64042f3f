//! Byte arithmetic modulo `K` on whole vectors of [`LANE`] counts: the sums and additions the
//! per-board work repeats over board-sized planes, written so that each 16-byte chunk is one
//! vector operation (the planes are padded with zeros to a multiple of [`LANE`], so there is no
//! scalar tail).

/// Counts per chunk.
pub(super) const LANE: usize = 16;

/// `len` rounded up to a whole number of chunks.
pub(super) fn padded(len: usize) -> usize {
    len.div_ceil(LANE) * LANE
}

/// One in each byte of a word.
pub(super) const ONES: u64 = 0x0101_0101_0101_0101;

/// Sixteen counts, worked as one vector.
pub(super) type Chunk = [u8; LANE];

/// The sixteen counts at the start of `bytes`.
#[inline(always)]
pub(super) fn chunk(bytes: &[u8]) -> Chunk {
    bytes[..LANE].try_into().expect("sixteen bytes")
}

/// `(a + b) mod K` lane by lane (every count below `K`): each sum, or the sum less `K` when
/// that does not wrap below zero, as the byte minimum of the two (one vector addition,
/// subtraction and minimum for the sixteen lanes).
#[inline(always)]
pub(super) fn add_chunk(a: Chunk, b: Chunk, k: u8) -> Chunk {
    let mut r = [0u8; LANE];
    for ((r, &a), &b) in r.iter_mut().zip(&a).zip(&b) {
        let sum = a.wrapping_add(b);
        *r = sum.min(sum.wrapping_sub(k));
    }
    r
}

/// `(c - a) mod K` lane by lane (every count and `c` below `K`).
#[inline(always)]
pub(super) fn negate_chunk(a: Chunk, c: u8, k: u8) -> Chunk {
    let mut r = [0u8; LANE];
    let top = c + k;
    for (r, &a) in r.iter_mut().zip(&a) {
        let d = top.wrapping_sub(a);
        *r = d.min(d.wrapping_sub(k));
    }
    r
}

/// `dst = (dst + src) mod K`, count by count (every count below `K`; both padded), a
/// [`Chunk`] at a time (see [`add_chunk`]).
#[inline]
pub(super) fn add_mod(dst: &mut [u8], src: &[u8], k: u8) {
    debug_assert!(dst.len().is_multiple_of(LANE) && src.len() == dst.len());
    for (d, s) in dst.chunks_exact_mut(LANE).zip(src.chunks_exact(LANE)) {
        let r = add_chunk(chunk(d), chunk(s), k);
        d.copy_from_slice(&r);
    }
}

/// [`add_mod`] that also returns the sum of the new counts.
#[inline]
pub(super) fn add_mod_sum(dst: &mut [u8], src: &[u8], k: u8) -> u32 {
    debug_assert!(dst.len().is_multiple_of(LANE) && src.len() == dst.len());
    let bias = u64::from(0x80 - k) * ONES;
    let ks = u64::from(k) * ONES;
    let mut total = 0u32;
    // Pairs of counts in 16-bit lanes (each below 32): 2048 words stay below 2^16.
    for (d, s) in dst.chunks_mut(8 * 2048).zip(src.chunks(8 * 2048)) {
        let mut pairs = 0u64;
        for (d, s) in d.chunks_exact_mut(8).zip(s.chunks_exact(8)) {
            let a = u64::from_le_bytes(d.try_into().expect("eight bytes"));
            let b = u64::from_le_bytes(s.try_into().expect("eight bytes"));
            let r = reduce(a + b, bias, ks);
            d.copy_from_slice(&r.to_le_bytes());
            pairs += (r & EVEN) + ((r >> 8) & EVEN);
        }
        total += lanes16(pairs);
    }
    total
}

/// [`add_mod_sum`] on `W` words held in registers (boards of at most `8 W` cells).
#[inline(always)]
pub(super) fn add_words<const W: usize>(dst: &mut [u64; W], src: &[u64; W], k: u8) -> u32 {
    let bias = u64::from(0x80 - k) * ONES;
    let ks = u64::from(k) * ONES;
    let mut pairs = 0u64;
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = reduce(*d + s, bias, ks);
        pairs += (*d & EVEN) + ((*d >> 8) & EVEN);
    }
    lanes16(pairs)
}

/// `sum mod K` byte by byte for bytes below `2K`: adding `128 - K` (`bias`) sets the top bit of
/// the bytes at least `K`; that bit, moved to the next byte's bit 0 and less itself, is `0xFF`
/// on exactly those bytes, and `K` (`ks`, in every byte) is taken off them.
#[inline(always)]
pub(super) fn reduce(sum: u64, bias: u64, ks: u64) -> u64 {
    let top = (sum + bias) & (ONES << 7);
    let mask = (top << 1).wrapping_sub(top >> 7);
    sum - (mask & ks)
}

/// The `bias` and `ks` of [`reduce`] for `K`.
#[inline(always)]
pub(super) fn reduction(k: u8) -> (u64, u64) {
    (u64::from(0x80 - k) * ONES, u64::from(k) * ONES)
}

/// The eight counts at the start of `bytes` as one word.
#[inline(always)]
pub(super) fn word(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().expect("eight bytes"))
}

/// The low byte of each 16-bit lane.
const EVEN: u64 = 0x00FF_00FF_00FF_00FF;

/// The sum of the four 16-bit lanes of `v`.
#[inline(always)]
fn lanes16(v: u64) -> u32 {
    const LOW: u64 = 0x0000_FFFF_0000_FFFF;
    let pairs = (v & LOW) + ((v >> 16) & LOW);
    ((pairs & 0xFFFF_FFFF) + (pairs >> 32)) as u32
}

/// `dst = (dst + times * src) mod K` (every count below `K`; both padded).
#[inline]
pub(super) fn add_times(dst: &mut [u8], src: &[u8], times: u8, k: u8) {
    for _ in 0..times {
        add_mod(dst, src, k);
    }
}

/// The sum of the counts (each below 16): eight a word, sixteen words added bytewise (each
/// byte stays below 256), then the bytes added in pairs and the pairs by one multiplication.
#[inline]
pub(super) fn sum(bytes: &[u8]) -> u32 {
    let whole = bytes.len() / 8 * 8;
    let mut total = 0u32;
    for block in bytes[..whole].chunks(8 * 16) {
        let acc = block
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("eight bytes")))
            .sum::<u64>();
        total += lanes16((acc & EVEN) + ((acc >> 8) & EVEN));
    }
    total + bytes[whole..].iter().map(|&v| u32::from(v)).sum::<u32>()
}

/// Bit `i` set when count `i` of `c` is not zero (one SSE2 comparison and mask on x86-64).
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
/// below `K`), the values before `out` being `before = [x_(-2), x_(-1)]`.
///
/// With alternating signs the chain is a prefix sum: on each of the `step` interleaved
/// sequences, `(-1)^j x_j = (-1)^j o_j + (-1)^(j-1) x_(j-1)`. On x86-64 sixteen presses are
/// worked at a time with SSE2 byte shifts (a prefix sum in `log2(16 / step)` steps), elsewhere
/// press by press ([`chain_scalar`]).
#[inline(always)]
pub(super) fn chain(out: &mut [u8], before: [u8; 2], step: usize, k: u8) {
    debug_assert!(step == 1 || step == 2);
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        if out.len() >= LANE {
            // SAFETY: the one requirement of the call is that the processor has SSE2, and this
            // code is compiled only with SSE2 enabled (always so on x86-64, where it is baseline).
            return unsafe { sse2::chain(out, before, step, k) };
        }
    }
    chain_scalar(out, before, step, k)
}

/// [`chain`] press by press: the last two values in registers, a subtraction and a minimum a
/// press.
#[inline(always)]
pub(super) fn chain_scalar(out: &mut [u8], [two_back, one_back]: [u8; 2], step: usize, k: u8) {
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

/// [`chain`] in SSE2 (baseline on x86-64), and the loads, stores and additions modulo `K` of
/// sixteen counts the coset walk's vector code shares.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(super) mod sse2 {
    use crate::flip::zk::lanes::{Chunk, LANE};
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

    /// See [`crate::flip::zk::lanes::nonzero`].
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

    /// `(a - b) mod K` lane by lane (both below `K`).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn sub(a: __m128i, b: __m128i, k: __m128i) -> __m128i {
        let d = _mm_sub_epi8(a, b);
        _mm_min_epu8(d, _mm_add_epi8(d, k))
    }

    /// `-v mod K` in the lanes where `m` is `0xFF`, `v` where it is zero (`v` below `K`).
    #[target_feature(enable = "sse2")]
    #[inline]
    fn negate_where(v: __m128i, m: __m128i, k: __m128i) -> __m128i {
        let y = _mm_sub_epi8(_mm_xor_si128(v, m), m);
        _mm_min_epu8(y, _mm_add_epi8(y, k))
    }

    /// See [`crate::flip::zk::lanes::chain`]; `out` holds at least one chunk.
    #[target_feature(enable = "sse2")]
    #[inline]
    pub(super) fn chain(out: &mut [u8], [two_back, one_back]: [u8; 2], step: usize, k: u8) {
        let kv = _mm_set1_epi8(k as i8);
        if step == 1 {
            // Odd lanes negated; the last value repeated in every lane.
            let m = _mm_set1_epi16(0xFF00u16 as i16);
            let pred = _mm_set1_epi8(one_back as i8);
            walk(
                out,
                pred,
                kv,
                |u| {
                    let u = negate_where(u, m, kv);
                    let u = add(u, _mm_slli_si128::<1>(u), kv);
                    let u = add(u, _mm_slli_si128::<2>(u), kv);
                    let u = add(u, _mm_slli_si128::<4>(u), kv);
                    (add(u, _mm_slli_si128::<8>(u), kv), m)
                },
                |x| {
                    let x = _mm_unpackhi_epi8(x, x);
                    _mm_shuffle_epi32::<0xFF>(_mm_shufflehi_epi16::<0xFF>(x))
                },
            );
        } else {
            // Lanes 2, 3, 6, 7, ... negated; the last two values repeated in every pair of
            // lanes.
            let m = _mm_set1_epi32(0xFFFF_0000u32 as i32);
            let pred = _mm_set1_epi16(i16::from_le_bytes([two_back, one_back]));
            walk(
                out,
                pred,
                kv,
                |u| {
                    let u = negate_where(u, m, kv);
                    let u = add(u, _mm_slli_si128::<2>(u), kv);
                    let u = add(u, _mm_slli_si128::<4>(u), kv);
                    (add(u, _mm_slli_si128::<8>(u), kv), m)
                },
                |x| _mm_shuffle_epi32::<0xFF>(_mm_shufflehi_epi16::<0xFF>(x)),
            );
        }
    }

    /// Each chunk of `out` in order (the last one through a copy): `sums` gives the signed
    /// prefix sums of the chunk and the lanes of negative sign, the chunk becomes the signs
    /// applied to (sums - pred), and `repeat` spreads its last values into the next `pred`.
    #[target_feature(enable = "sse2")]
    #[inline]
    fn walk(
        out: &mut [u8],
        mut pred: __m128i,
        kv: __m128i,
        sums: impl Fn(__m128i) -> (__m128i, __m128i),
        repeat: impl Fn(__m128i) -> __m128i,
    ) {
        let step = |c: &mut Chunk, pred: __m128i| {
            let (u, m) = sums(load(c));
            let x = negate_where(sub(u, pred, kv), m, kv);
            store(c, x);
            repeat(x)
        };
        let mut chunks = out.chunks_exact_mut(LANE);
        for c in &mut chunks {
            pred = step(c.try_into().expect("sixteen counts"), pred);
        }
        let rest = chunks.into_remainder();
        if !rest.is_empty() {
            let mut c = [0u8; LANE];
            c[..rest.len()].copy_from_slice(rest);
            step(&mut c, pred);
            rest.copy_from_slice(&c[..rest.len()]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flip::zk::TestRng;

    /// The non-zero mask is the count-by-count one on random chunks (half their counts zero)
    /// and on the chunks of one non-zero count.
    #[test]
    fn the_nonzero_mask_is_the_scalar_one() {
        let mut rng = TestRng(11);
        for _ in 0..2000 {
            let mut c = [0u8; LANE];
            for v in &mut c {
                *v = if rng.below(2) == 0 { 0 } else { rng.below(256) as u8 };
            }
            assert_eq!(nonzero(&c), nonzero_scalar(&c), "{c:?}");
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

    /// The vector chain is the press-by-press one on random counts, for both steps, K =
    /// 2..=16 and lengths around whole chunks.
    #[test]
    fn the_chain_is_the_plain_one() {
        let mut rng = TestRng(17);
        let mut next = |m: u64| rng.below(m);
        for round in 0..3000 {
            let len = if round % 4 == 0 { next(300) } else { next(70) } as usize;
            let k = 2 + next(15) as u8;
            let step = 1 + round % 2;
            let o: Vec<u8> = (0..len).map(|_| next(u64::from(k)) as u8).collect();
            let before = [next(u64::from(k)) as u8, next(u64::from(k)) as u8];
            let (mut fast, mut plain) = (o.clone(), o.clone());
            chain(&mut fast, before, step, k);
            chain_scalar(&mut plain, before, step, k);
            assert_eq!(fast, plain, "{len} K={k} step {step}");
            // And the definition itself.
            let mut x = before.to_vec();
            for &v in &o {
                let back = x[x.len() - step];
                x.push(((u32::from(v) + u32::from(k) - u32::from(back)) % u32::from(k)) as u8);
            }
            assert_eq!(fast[..], x[2..], "{len} K={k} step {step}");
        }
    }

    #[test]
    fn sums_and_additions_match_the_plain_ones() {
        let mut rng = TestRng(5);
        let mut next = |m: u64| rng.below(m);
        for round in 0..24 {
            let len = [0, 1, 7, 8, 15, 16, 17, 100, 127, 128, 129, 70_000][round % 12];
            let k = 2 + next(15) as u8;
            let n = padded(len);
            let mut a: Vec<u8> = (0..len).map(|_| next(u64::from(k)) as u8).collect();
            let b: Vec<u8> = (0..len).map(|_| next(u64::from(k)) as u8).collect();
            let plain: u32 = a.iter().map(|&v| u32::from(v)).sum();
            assert_eq!(sum(&a), plain, "{len}");
            let t = next(u64::from(k)) as u8;
            let want: Vec<u8> = a
                .iter()
                .zip(&b)
                .map(|(&x, &y)| ((u32::from(x) + u32::from(t) * u32::from(y)) % u32::from(k)) as u8)
                .collect();
            a.resize(n, 0);
            let mut b = b;
            b.resize(n, 0);
            add_times(&mut a, &b, t, k);
            assert_eq!(a[..len], want[..], "{len} K={k}");
            let mut c = a.clone();
            let total = add_mod_sum(&mut c, &b, k);
            add_mod(&mut a, &b, k);
            assert_eq!((c[..].to_vec(), total), (a.clone(), sum(&a)), "{len} K={k}");
            assert!(a[len..].iter().all(|&v| v == 0));
        }
    }
}
