//! Byte work shared by the 4x4 fast path ([`super::fast`]) and the board reader of any size
//! ([`super::BoardReader`]): a word of 8 bytes checked to be pieces (`b` or `w`) and turned into
//! 8 bits without a branch per byte (SWAR).

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

/// The 8 pieces of `chunk` as bits (bit `k` set when byte `k` is `b`) when every byte is `b`
/// or `w`; `None` otherwise. For the rows of boards of any size (the board reader).
#[inline(always)]
pub(crate) fn piece_bits(chunk: [u8; 8]) -> Option<u8> {
    const ALL_W: u64 = u64::from_le_bytes([b'w'; 8]);
    const ALLOWED: u64 = u64::from_le_bytes([PIECE_DIFF; 8]);
    let d = u64::from_le_bytes(chunk) ^ ALL_W;
    if word_bad(d, ALLOWED) != 0 {
        return None;
    }
    Some(gather_low_bits(d & LOW_BITS) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_bits_reads_eight_pieces_and_refuses_any_other_byte() {
        for bits in 0..=u8::MAX {
            let chunk: [u8; 8] =
                std::array::from_fn(|k| if bits >> k & 1 == 1 { b'b' } else { b'w' });
            assert_eq!(piece_bits(chunk), Some(bits));
            for at in 0..8 {
                for byte in 0..=u8::MAX {
                    let mut bad = chunk;
                    bad[at] = byte;
                    let valid = byte == b'b' || byte == b'w';
                    assert_eq!(piece_bits(bad).is_some(), valid, "{byte:#x} at {at}");
                }
            }
        }
    }
}
