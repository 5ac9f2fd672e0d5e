//! Positions packed into words, as a history stores them: every hole's
//! count, then the player to move, each in a lane of its own.

use alloc::vec::Vec;

use crate::pit::MAX_HOLES;
use crate::player::Player;

/// How wide a position's lanes are. A history uses one width for all its
/// positions: narrow while every count it holds is below 256, which halves
/// the memory a position takes (an oware position is two words, not
/// four), wide otherwise.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Lanes {
    /// 16-bit lanes, four to a word: any count.
    Wide,
    /// 8-bit lanes, eight to a word: counts below 256.
    Narrow,
}

/// The most words a packed position takes: every hole's lane and the
/// player's, four to a word.
const KEY_WORDS: usize = (MAX_HOLES + 1).div_ceil(4);

impl Lanes {
    /// The narrowest lanes that hold every count of `holes`.
    #[inline(always)]
    pub(super) fn of(holes: &[u16]) -> Lanes {
        if holes.iter().fold(0, |a, &c| a | c) < 256 {
            Lanes::Narrow
        } else {
            Lanes::Wide
        }
    }

    /// Bits in a lane.
    #[inline(always)]
    const fn bits(self) -> usize {
        match self {
            Lanes::Wide => 16,
            Lanes::Narrow => 8,
        }
    }

    /// Words in a position of `holes` holes: the hole lanes and the
    /// player's.
    #[inline(always)]
    pub(super) const fn stride(self, holes: usize) -> usize {
        (holes + 1).div_ceil(64 / self.bits())
    }

    /// Appends the position of `holes` (counts that fit these lanes) with
    /// `to_move` to move to `words`.
    #[inline]
    pub(super) fn push(self, words: &mut Vec<u64>, holes: &[u16], to_move: Player) {
        match self {
            Lanes::Wide => {
                let (chunks, rest) = holes.as_chunks::<4>();
                words.extend(chunks.iter().map(wide_word));
                words.push(wide_last(rest, to_move));
            }
            Lanes::Narrow => {
                let (chunks, rest) = holes.as_chunks::<8>();
                words.extend(chunks.iter().map(narrow_word));
                words.push(narrow_last(rest, to_move));
            }
        }
    }

    /// Lane `i` of the packed position `key` (0 past its end).
    #[inline]
    pub(super) fn lane(self, key: &[u64], i: usize) -> u16 {
        let per_word = 64 / self.bits();
        let word = key.get(i / per_word).copied().unwrap_or(0);
        let lane = (word >> (self.bits() * (i % per_word))) as u16;
        match self {
            Lanes::Wide => lane,
            Lanes::Narrow => lane & 0xff,
        }
    }
}

/// Four holes' counts as one word of 16-bit lanes, the first lowest.
#[inline(always)]
pub(super) fn wide_word(c: &[u16; 4]) -> u64 {
    let [a, b, c, d] = c.map(u64::from);
    a | b << 16 | c << 32 | d << 48
}

/// The last word of a wide position: the holes past the last whole word
/// (`rest`, fewer than four) and the player to move.
#[inline(always)]
pub(super) fn wide_last(rest: &[u16], to_move: Player) -> u64 {
    let mut last = 0u64;
    for (i, &c) in rest.iter().enumerate() {
        last |= u64::from(c) << (16 * i);
    }
    last | (to_move.index() as u64) << (16 * rest.len())
}

/// Whether every lane of these wide words holds a count below 256 (fits a
/// narrow lane).
#[inline(always)]
pub(super) fn wide_words_fit_narrow(words: &[u64]) -> bool {
    words.iter().fold(0, |a, &w| a | w) & 0xff00_ff00_ff00_ff00 == 0
}

/// The four lanes of a wide word (each below 256, so every other byte is
/// zero) as four narrow lanes, the first lowest.
#[inline(always)]
pub(super) fn narrowed(w: u64) -> u64 {
    let x = (w | w >> 8) & 0x0000_ffff_0000_ffff;
    (x | x >> 16) & 0xffff_ffff
}

/// Eight holes' counts (each below 256) as one word of 8-bit lanes, the
/// first lowest.
#[inline(always)]
pub(super) fn narrow_word(c: &[u16; 8]) -> u64 {
    u64::from_le_bytes(c.map(|c| c as u8))
}

/// The last word of a narrow position: the holes past the last whole word
/// (`rest`, fewer than eight, each below 256) and the player to move.
#[inline(always)]
pub(super) fn narrow_last(rest: &[u16], to_move: Player) -> u64 {
    // Shifted into a register (bytes stored one by one and read back as a
    // word would stall the read).
    let mut last = 0u64;
    for (i, &c) in rest.iter().enumerate() {
        last |= u64::from(c & 0xff) << (8 * i);
    }
    last | (to_move.index() as u64) << (8 * rest.len())
}

/// One position packed on the stack, so that asking whether a position
/// was seen allocates nothing.
pub(super) struct Key {
    words: [u64; KEY_WORDS],
    len: usize,
}

impl Key {
    /// The position of `holes` (at most [`MAX_HOLES`]; any more are cut,
    /// counts that fit `lanes`) with `to_move` to move.
    pub(super) fn of(lanes: Lanes, holes: &[u16], to_move: Player) -> Key {
        let holes = holes.get(..MAX_HOLES).unwrap_or(holes);
        let mut key = Key {
            words: [0; KEY_WORDS],
            len: lanes.stride(holes.len()),
        };
        let lanes_per_word = 64 / lanes.bits();
        for (i, &c) in holes.iter().chain([&(to_move.index() as u16)]).enumerate() {
            if let Some(w) = key.words.get_mut(i / lanes_per_word) {
                *w |= u64::from(c) << (lanes.bits() * (i % lanes_per_word));
            }
        }
        key
    }

    /// The words written.
    pub(super) fn words(&self) -> &[u64] {
        self.words.get(..self.len).unwrap_or(&self.words)
    }
}

/// Bits of the fingerprint filter: 256, so that a history's header (the
/// buffer's pointer, capacity and length, the shape and the filter) fills
/// one cache line. In random oware games 3.3% of new positions find their
/// bit set and are compared with the stored ones (0.7 of them on average
/// per position recorded); 1024 bits took that to 0.9% (0.19), for two
/// more cache lines a game.
pub(super) const FILTER_BITS: usize = 256;

/// A position's bit in the fingerprint filter, from its wide packing (so
/// that a position has the same bit whichever lanes its history uses).
#[inline(always)]
pub(super) fn fingerprint(wide: &[u64]) -> usize {
    // Each word multiplied by its own odd constant, independently (no
    // chain of multiplications to wait for), the products summed, then
    // mixed once: enough for a filter, whose false positives only cost a
    // scan.
    const K: [u64; 4] = [
        0x9e37_79b9_7f4a_7c15,
        0xff51_afd7_ed55_8ccd,
        0xc4ce_b9fe_1a85_ec53,
        0xbf58_476d_1ce4_e5b9,
    ];
    let mut acc = [0u64; 4];
    for chunk in wide.chunks(4) {
        for ((a, &w), k) in acc.iter_mut().zip(chunk).zip(K) {
            *a = a.wrapping_add(w.wrapping_mul(k));
        }
    }
    let sum = acc[0] ^ acc[1].rotate_left(16) ^ acc[2].rotate_left(32) ^ acc[3].rotate_left(48);
    let h = (sum ^ (sum >> 31)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (h >> (64 - FILTER_BITS.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every lane reads back what was packed, in both widths, for every
    /// number of holes around the word boundaries.
    #[test]
    fn lanes_read_back_what_was_packed() {
        for holes in 0..=20usize {
            let counts: Vec<u16> = (0..holes).map(|i| (i * 37 % 256) as u16).collect();
            for lanes in [Lanes::Wide, Lanes::Narrow] {
                let mut words = Vec::new();
                lanes.push(&mut words, &counts, Player::P1);
                assert_eq!(words.len(), lanes.stride(holes));
                let key = Key::of(lanes, &counts, Player::P1);
                assert_eq!(key.words(), &words[..]);
                for (i, &c) in counts.iter().enumerate() {
                    assert_eq!(lanes.lane(&words, i), c);
                }
                assert_eq!(lanes.lane(&words, holes), 1);
            }
        }
        // Narrowing wide words gives the narrow packing.
        let counts = [3u16, 0, 255, 7, 1, 2, 9, 200, 4, 5, 6, 8];
        let (mut wide, mut narrow) = (Vec::new(), Vec::new());
        Lanes::Wide.push(&mut wide, &counts, Player::P1);
        Lanes::Narrow.push(&mut narrow, &counts, Player::P1);
        assert!(wide_words_fit_narrow(&wide));
        let n: Vec<u64> = wide.iter().map(|&w| narrowed(w)).collect();
        assert_eq!(narrow, vec![n[0] | n[1] << 32, n[2] | n[3] << 32]);
        assert!(!wide_words_fit_narrow(&[0, 256]));
        assert_eq!(Lanes::of(&[255, 0, 3]), Lanes::Narrow);
        assert_eq!(Lanes::of(&[256, 0, 3]), Lanes::Wide);
    }
}
