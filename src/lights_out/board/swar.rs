//! Byte work shared by the 4x4 fast path ([`crate::lights_out::fast`]) and the board reader
//! ([`BoardReader`](crate::lights_out::BoardReader)): a word of 8 bytes checked to be pieces
//! (`b` or `w`) and turned into 8 colours or 8 bits without a branch per byte (SWAR).

/// The bits a byte of a piece may differ from `w` in: `b ^ w = 0x15`.
pub(crate) const PIECE_DIFF: u8 = b'b' ^ b'w';

/// Bit 0 of every byte.
pub(crate) const LOW_BITS: u64 = 0x0101_0101_0101_0101;
/// Bits 0 and 2 of every byte.
const PAIR_BITS: u64 = 0x0505_0505_0505_0505;

/// `diff` (a word of bytes XORed with the layout's) is valid when every byte differs only in
/// `allowed`'s bits and a piece byte differs in all three bits of `b ^ w` or in none (so it is
/// `b` or `w`): bits 0, 2 and 4 of each byte are equal.
#[inline(always)]
pub(crate) fn word_bad(diff: u64, allowed: u64) -> u64 {
    // Shifting by 2 moves bits 2 and 4 of each byte onto its bits 0 and 2; the bits that cross
    // into the byte below land on its bits 6 and 7, which the mask drops.
    (diff & !allowed) | ((diff ^ (diff >> 2)) & PAIR_BITS)
}

/// Gathers bit 0 of each of the 8 bytes of `word` (whose other bits are clear) into the 8 bits
/// of the result, byte `i` to bit `i` (one multiplication: the partial products never overlap).
#[inline(always)]
pub(crate) fn gather_low_bits(word: u64) -> u64 {
    word.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The 8 pieces of `chunk` as colours (byte `k` of the little-endian word is 1 when byte `k`
/// of `chunk` is `b`, 0 when it is `w`) when every byte is `b` or `w`; `None` otherwise. For the
/// rows of boards of any size (the board reader).
#[inline(always)]
pub(crate) fn piece_cells(chunk: [u8; 8]) -> Option<u64> {
    const ALL_W: u64 = u64::from_le_bytes([b'w'; 8]);
    const ALLOWED: u64 = u64::from_le_bytes([PIECE_DIFF; 8]);
    let d = u64::from_le_bytes(chunk) ^ ALL_W;
    if word_bad(d, ALLOWED) != 0 {
        return None;
    }
    Some(d & LOW_BITS)
}

/// Up to 64 cells of colour 0 or 1 as bits (bit `i` is `cells[i]`), eight a multiplication.
#[inline]
pub(crate) fn pack_cells(cells: &[u8]) -> u64 {
    debug_assert!(cells.len() <= 64 && cells.iter().all(|&c| c <= 1), "64 cells of 0 or 1");
    let mut eights = cells.chunks_exact(8);
    let mut bits = 0u64;
    for (k, eight) in (&mut eights).enumerate() {
        let word = u64::from_le_bytes(eight.try_into().expect("eight cells"));
        bits |= gather_low_bits(word) << (8 * k);
    }
    let done = cells.len() / 8 * 8;
    for (i, &c) in eights.remainder().iter().enumerate() {
        bits |= u64::from(c) << (done + i);
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_cells_reads_eight_pieces_and_refuses_any_other_byte() {
        for bits in 0..=u8::MAX {
            let chunk: [u8; 8] =
                std::array::from_fn(|k| if bits >> k & 1 == 1 { b'b' } else { b'w' });
            assert_eq!(piece_cells(chunk).map(gather_low_bits), Some(u64::from(bits)));
            for at in 0..8 {
                for byte in 0..=u8::MAX {
                    let mut bad = chunk;
                    bad[at] = byte;
                    let valid = byte == b'b' || byte == b'w';
                    assert_eq!(piece_cells(bad).is_some(), valid, "{byte:#x} at {at}");
                }
            }
        }
    }

    #[test]
    fn cells_pack_to_their_bits() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..=64 {
            seed = seed.rotate_left(7).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let cells: Vec<u8> = (0..len).map(|i| (seed >> (i % 64) & 1) as u8).collect();
            let want = cells.iter().enumerate().fold(0u64, |w, (i, &c)| w | u64::from(c) << i);
            assert_eq!(pack_cells(&cells), want, "{len} cells");
        }
    }
}
