//! Holes ("pits", "houses") and sets of holes.

use core::fmt;

/// The largest number of holes on a board: two rows of 50
/// ([`MAX_TWO_ROW_LEN`](crate::rules::MAX_TWO_ROW_LEN); boards of more rows hold
/// at most 6 rows of 13, 78 holes).
pub const MAX_HOLES: usize = 100;

/// A hole of the board, by its index in the family's canonical
/// counter-clockwise order (on two-row boards: player 0's holes `0..n` from
/// his left, then player 1's from his left; see [Holes](crate#holes)).
///
/// A `Pit` is always below [`MAX_HOLES`]; whether it exists on a given board is
/// checked against that board's [`Topology`](crate::Topology).
///
/// # Examples
///
/// ```
/// use mancala_core::{notation::InvalidPit, Pit};
///
/// let pit = Pit::try_from(3)?; // from any integer; out of range is an `InvalidPit`
/// assert_eq!(pit.index(), 3);
/// assert_eq!(pit.to_string(), "3");
/// assert_eq!("3".parse::<Pit>()?, pit); // text reads back, with a typed error
/// assert_eq!(Pit::try_from(100u8), Err(InvalidPit(100)));
/// assert_eq!(Pit::try_from(-1), Err(InvalidPit(-1)));
/// assert!("100".parse::<Pit>().is_err());
/// assert_eq!(Pit::new(100), None); // the `const` constructor
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Pit(u8);

impl Pit {
    /// Builds a pit from an index known to be in range (crate-internal).
    #[inline]
    pub(crate) const fn from_index(index: usize) -> Pit {
        debug_assert!(index < MAX_HOLES);
        Pit(index as u8)
    }
}

impl fmt::Display for Pit {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The error for a hole index that is out of range: the index given (an
/// `i128`, so that every integer type's values, negative ones included, are
/// kept exactly).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("hole index {0} is out of range (holes are 0 to {last})", last = MAX_HOLES - 1)]
pub struct InvalidPit(pub i128);

/// `TryFrom` for integer types: the hole with this index, or [`InvalidPit`]
/// for an index that is negative or at least [`MAX_HOLES`].
macro_rules! pit_try_from {
    ($($int:ty),*) => {$(
        #[doc = concat!("The hole with this index: `Pit::try_from(3", stringify!($int), ")`. \
            A negative index or one from [`MAX_HOLES`] on is an [`InvalidPit`].")]
        impl TryFrom<$int> for Pit {
            type Error = InvalidPit;
            #[inline]
            fn try_from(value: $int) -> Result<Pit, InvalidPit> {
                usize::try_from(value)
                    .ok()
                    .and_then(Pit::new)
                    // Lossless: every integer type here fits in an i128.
                    .ok_or(InvalidPit(value as i128))
            }
        }
    )*};
}

// `i32` so that an unsuffixed literal works: `Pit::try_from(3)`.
pit_try_from!(u8, u16, u32, u64, usize, i32);

/// Reads a hole's number, `0` to `99`, in decimal digits only (no sign, no
/// spaces); anything else is a [`NotationError::Invalid`] naming the text.
///
/// ```
/// use mancala_core::Pit;
/// use mancala_core::notation::NotationError;
///
/// assert_eq!("11".parse::<Pit>()?, Pit::try_from(11)?);
/// assert_eq!("99".parse::<Pit>()?, Pit::try_from(99)?);
/// assert!("100".parse::<Pit>().is_err());
/// assert!(matches!("-1".parse::<Pit>(), Err(NotationError::Invalid { part: "hole", .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// [`NotationError::Invalid`]: crate::notation::NotationError::Invalid
impl core::str::FromStr for Pit {
    type Err = crate::notation::NotationError;
    #[inline]
    fn from_str(s: &str) -> Result<Pit, Self::Err> {
        let bad = || crate::notation::NotationError::invalid("hole", "a hole number (0 to 99)", s);
        if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<usize>().ok().and_then(Pit::new).ok_or_else(bad)
    }
}

/// What an index type below a limit (`Pit`, `Player`: a `u8` newtype)
/// has: `new` from an index (`None` from the limit on) and `index`, its
/// index as a `u8` (serde writes it so), and, under `arbitrary`, any index
/// below the limit.
macro_rules! small_index {
    ($index:ident, $limit:ident, $noun:literal) => {
        impl $index {
            #[doc = concat!("The ", $noun, " with this index, or `None` if `index >= ", stringify!($limit), "`.")]
            #[inline]
            pub const fn new(index: usize) -> Option<$index> {
                if index < $limit {
                    Some($index(index as u8))
                } else {
                    None
                }
            }

            #[doc = concat!("The ", $noun, "'s index, `0..", stringify!($limit), "`.")]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl From<$index> for u8 {
            #[inline]
            fn from(i: $index) -> u8 {
                i.0
            }
        }

        #[cfg(feature = "arbitrary")]
        impl<'a> arbitrary::Arbitrary<'a> for $index {
            #[inline]
            fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
                Ok($index(u.int_in_range(0..=($limit as u8 - 1))?))
            }
        }
    };
}
pub(crate) use small_index;

small_index!(Pit, MAX_HOLES, "hole");

/// A set of holes (for example the holes a capture takes), as a bit set.
///
/// # Examples
///
/// ```
/// use mancala_core::{Pit, PitSet};
///
/// let mut set = PitSet::EMPTY;
/// set.insert(Pit::new(9).unwrap());
/// set.insert(Pit::new(8).unwrap());
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().map(Pit::index).collect::<Vec<_>>(), [8, 9]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "[u64; 2]", into = "[u64; 2]"))]
pub struct PitSet([u64; 2]);
// Every hole fits one of the two words.
const _: () = assert!(MAX_HOLES <= 128);
// Every hole number has at most two digits (the parser reads no more).
const _: () = assert!(MAX_HOLES <= 100);
// Two words rather than a `u128`: the set lives in game states and reports,
// and a `u128` would raise their alignment (and size) to 16 bytes.

/// A set's words as read: refused if they name a hole from [`MAX_HOLES`]
/// on, which no board has (every [`Pit`] is below it).
impl TryFrom<[u64; 2]> for PitSet {
    type Error = InvalidPit;

    fn try_from(words: [u64; 2]) -> Result<PitSet, InvalidPit> {
        let set = PitSet(words);
        let kept = PitSet::from_bits(set.bits());
        if kept == set {
            Ok(set)
        } else {
            let first_bad = (set.bits() & !kept.bits()).trailing_zeros();
            Err(InvalidPit(i128::from(first_bad)))
        }
    }
}

impl From<PitSet> for [u64; 2] {
    fn from(set: PitSet) -> [u64; 2] {
        set.0
    }
}

impl PitSet {
    /// The empty set.
    pub const EMPTY: PitSet = PitSet([0; 2]);

    /// Adds a hole.
    #[inline]
    pub fn insert(&mut self, pit: Pit) {
        self.insert_if(pit, true);
    }

    /// The set whose bit `i` is hole `i` (bits from [`MAX_HOLES`] on are
    /// dropped).
    #[inline]
    pub(crate) const fn from_bits(bits: u128) -> PitSet {
        let bits = bits & ((1u128 << MAX_HOLES) - 1);
        PitSet([bits as u64, (bits >> 64) as u64])
    }

    /// The set as bits (bit `i` for hole `i`).
    #[inline]
    pub(crate) const fn bits(self) -> u128 {
        (self.0[1] as u128) << 64 | self.0[0] as u128
    }

    /// Adds `pit` if `yes`, without a branch.
    #[inline]
    pub fn insert_if(&mut self, pit: Pit, yes: bool) {
        // Both words are written at fixed places, so a set being built stays
        // in registers: a word chosen by index goes through memory, and
        // reading the set back whole then waits on two 8-byte stores.
        let bit = u64::from(yes) << (pit.0 & 63);
        let high = (pit.0 >> 6) & 1 == 1;
        self.0[0] |= if high { 0 } else { bit };
        self.0[1] |= if high { bit } else { 0 };
    }

    /// Whether the hole is in the set.
    #[inline]
    pub const fn contains(&self, pit: Pit) -> bool {
        self.0[(pit.0 >> 6) as usize & 1] & (1u64 << (pit.0 & 63)) != 0
    }

    /// The number of holes in the set.
    #[inline]
    pub const fn len(self) -> usize {
        // The second word is tested before it is counted: most boards have
        // fewer than 64 holes, and two counts side by side are vectorized
        // into one 16-byte load, which stalls when the set was just written
        // as two 8-byte words (a turn's report read back by its caller).
        let high = if self.0[1] == 0 {
            0
        } else {
            self.0[1].count_ones()
        };
        (self.0[0].count_ones() + high) as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0[0] | self.0[1] == 0
    }

    /// Whether every hole of this set is in `other`.
    ///
    /// ```
    /// use mancala_core::{Pit, PitSet};
    ///
    /// let pits = |ix: &[usize]| ix.iter().map(|&i| Pit::new(i).unwrap()).collect::<PitSet>();
    /// assert!(pits(&[1, 70]).is_subset(pits(&[0, 1, 70])));
    /// assert!(!pits(&[1, 70]).is_subset(pits(&[1, 71])));
    /// assert!(PitSet::EMPTY.is_subset(PitSet::EMPTY));
    /// ```
    #[inline]
    pub const fn is_subset(self, other: PitSet) -> bool {
        self.0[0] & !other.0[0] == 0 && self.0[1] & !other.0[1] == 0
    }

    /// The holes in both sets.
    ///
    /// ```
    /// use mancala_core::{Pit, PitSet};
    ///
    /// let pits = |ix: &[usize]| ix.iter().map(|&i| Pit::new(i).unwrap()).collect::<PitSet>();
    /// assert_eq!(pits(&[1, 2, 70]).intersection(pits(&[2, 3, 70])), pits(&[2, 70]));
    /// ```
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: PitSet) -> PitSet {
        PitSet([self.0[0] & other.0[0], self.0[1] & other.0[1]])
    }

    /// Whether no hole is in both sets.
    ///
    /// ```
    /// use mancala_core::{Pit, PitSet};
    ///
    /// let pits = |ix: &[usize]| ix.iter().map(|&i| Pit::new(i).unwrap()).collect::<PitSet>();
    /// assert!(pits(&[1, 70]).is_disjoint(pits(&[2, 71])));
    /// assert!(!pits(&[1, 70]).is_disjoint(pits(&[70])));
    /// ```
    #[inline]
    pub const fn is_disjoint(self, other: PitSet) -> bool {
        self.intersection(other).is_empty()
    }

    /// Appends `item(pit)` to `list` for each hole of this set that is in
    /// `within`, in increasing hole order, as far as the list has room:
    /// the way a game lists its legal moves (this set) among the holes of
    /// the player to move (`within`, which should hold them all).
    ///
    /// The loop runs over `within`, not over this set: one player's holes
    /// are a count the processor learns, where the number of legal moves
    /// is one it cannot guess, and each hole is written and kept or not
    /// without a branch. Holes of this set outside `within` are left out.
    ///
    /// ```
    /// use arrayvec::ArrayVec;
    /// use mancala_core::{Pit, PitSet};
    ///
    /// let pits = |ix: &[usize]| ix.iter().map(|&i| Pit::new(i).unwrap()).collect::<PitSet>();
    /// let mut list: ArrayVec<usize, 6> = ArrayVec::new();
    /// list.push(99);
    /// pits(&[2, 4, 70]).push_within(pits(&[0, 1, 2, 3, 4, 5]), &mut list, Pit::index);
    /// assert_eq!(list.as_slice(), [99, 2, 4]);
    /// ```
    #[inline(always)]
    pub fn push_within<T: Copy, const N: usize>(
        self,
        within: PitSet,
        list: &mut arrayvec::ArrayVec<T, N>,
        mut item: impl FnMut(Pit) -> T,
    ) {
        let mut kept = list.len();
        for (word, (&all, &marked)) in within.0.iter().zip(&self.0).enumerate() {
            let mut bits = all;
            while bits != 0 {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                // Drops the hole written last unless it was kept (a
                // conditional move, not a branch), then writes this one.
                list.truncate(kept);
                let _ = list.try_push(item(Pit((64 * word) as u8 + i as u8)));
                kept += usize::from(marked >> i & 1 != 0);
            }
        }
        list.truncate(kept);
    }

    /// The holes in increasing index order.
    #[inline]
    pub fn iter(self) -> impl ExactSizeIterator<Item = Pit> + Clone {
        PitIter(self.0)
    }
}

/// The holes of a [`PitSet`], lowest first (word by word: most boards use
/// only the first).
#[derive(Clone, Debug)]
struct PitIter([u64; 2]);

impl Iterator for PitIter {
    type Item = Pit;

    #[inline]
    fn next(&mut self) -> Option<Pit> {
        let [lo, hi] = &mut self.0;
        if *lo != 0 {
            let i = lo.trailing_zeros();
            *lo &= *lo - 1;
            Some(Pit(i as u8))
        } else if *hi != 0 {
            let i = hi.trailing_zeros();
            *hi &= *hi - 1;
            Some(Pit(64 + i as u8))
        } else {
            None
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.0[0].count_ones() + self.0[1].count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PitIter {}

impl FromIterator<Pit> for PitSet {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Pit>>(iter: I) -> Self {
        let mut set = PitSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(ix: &[usize]) -> PitSet {
        ix.iter().filter_map(|&i| Pit::new(i)).collect()
    }

    #[test]
    fn push_within_lists_the_members_in_order_on_both_words_as_far_as_room() {
        // Holes on both words; the set holds some of them and one outside.
        let within = set(&[0, 5, 63, 64, 99]);
        let legal = set(&[5, 64, 99, 7]);
        let mut list: arrayvec::ArrayVec<usize, 8> = arrayvec::ArrayVec::new();
        legal.push_within(within, &mut list, Pit::index);
        assert_eq!(list.as_slice(), [5, 64, 99]);
        // A list with room for two more: the first two, then full.
        let mut short: arrayvec::ArrayVec<usize, 3> = arrayvec::ArrayVec::new();
        short.push(1);
        legal.push_within(within, &mut short, Pit::index);
        assert_eq!(short.as_slice(), [1, 5, 64]);
        // Nothing within, or nothing legal: nothing listed.
        let mut none: arrayvec::ArrayVec<usize, 8> = arrayvec::ArrayVec::new();
        legal.push_within(PitSet::EMPTY, &mut none, Pit::index);
        PitSet::EMPTY.push_within(within, &mut none, Pit::index);
        assert!(none.is_empty());
    }
}
