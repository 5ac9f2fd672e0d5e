//! Positions seen since the last irreversible change, for repetition rules.

mod key;
mod seen;

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::board::Board;
use crate::pit::MAX_HOLES;
use crate::player::Player;
use key::{
    FILTER_BITS, Key, Lanes, fingerprint, narrowed, wide_last, wide_word, wide_words_fit_narrow,
};
pub use seen::{HistoryError, InvalidHistory, PositionShape, SeenPosition};

/// Words of the fingerprint filter.
const FILTER_WORDS: usize = FILTER_BITS / 64;

/// Narrow positions the history holds before it needs to grow its buffer
/// (half as many wide ones; in random oware games it holds 9 on average,
/// 25 or fewer 94% of the time, 50 or fewer 99%). Small, so that many games
/// side by side (a `VectorEnv` of thousands) keep their histories close
/// together: at 256 positions each game's history had a block of 8 KB of
/// its own, mostly untouched, and a batch of 16,384 oware games stepped at
/// half the speed; room for 32 wide positions rather than 32 narrow ones
/// still cost it a tenth.
const RESERVED_POSITIONS: usize = 32;

/// The positions (hole counts and player to move) seen since the seed total on
/// the board last changed, stored exactly (no hashing), for rules that end a
/// game when a position repeats.
///
/// Positions with different board totals can never be equal, so a game clears
/// the history whenever seeds leave the board (a capture, a store entry); the
/// stores are then constant and need not be part of a position.
///
/// Each position is stored as lanes (every hole count, then the player to
/// move) packed into `u64` words: 8-bit lanes while every count recorded
/// since the last `clear` is below 256 (an oware position then takes two
/// words), 16-bit lanes otherwise. Recording one is a handful of word
/// writes, and a 256-bit filter of fingerprints proves most positions new
/// without comparing them with the stored ones.
///
/// A `History` is one pointer: an empty one (a game without the repetition
/// rule) holds no heap memory, and the first position recorded allocates
/// a header of one cache line and a buffer with room for 32 narrow
/// positions, which grows as a `Vec` does and
/// which `clear` and `clone` keep, so recording a position seldom
/// allocates (only when a game goes longer than ever before without a
/// capture).
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Player, history::History};
///
/// let board = Board::filled(12, 4);
/// let mut history = History::new();
/// assert!(history.insert(&board, Player::P0));
/// assert!(!history.insert(&board, Player::P0)); // seen before
/// assert!(history.insert(&board, Player::P1));
/// assert_eq!(history.len(), 2);
/// assert_eq!(std::mem::size_of::<History>(), std::mem::size_of::<usize>());
/// ```
#[derive(Debug, Default)]
pub struct History {
    inner: Option<Box<Inner>>,
}

/// Histories are equal when they hold the same positions in the same order
/// (whether an empty one has a buffer does not count).
impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        match (&self.inner, &other.inner) {
            // Equal positions are packed alike: the lanes are a function of
            // the positions.
            (Some(a), Some(b)) => {
                a.words == b.words
                    && (a.words.is_empty() || (a.holes == b.holes && a.lanes == b.lanes))
            }
            (Some(a), None) | (None, Some(a)) => a.words.is_empty(),
            (None, None) => true,
        }
    }
}

impl Eq for History {}

/// The recorded positions of a history that has held one: a header of one
/// cache line (aligned to it, so that reading it is one miss, not two),
/// and the buffer.
#[derive(Debug, Clone)]
#[repr(align(64))]
struct Inner {
    words: Vec<u64>,
    /// Holes in each position (those of the first board recorded).
    holes: u8,
    /// The lanes of every recorded position: narrow exactly when every
    /// count recorded since the last `clear` is below 256.
    lanes: Lanes,
    /// A filter of position fingerprints: a clear bit proves a position
    /// new without scanning.
    filter: [u64; FILTER_WORDS],
}

impl Inner {
    /// Words in each position.
    #[inline(always)]
    fn stride(&self) -> usize {
        self.lanes.stride(usize::from(self.holes))
    }

    /// Whether fingerprint `f`'s bit is set.
    #[inline(always)]
    fn may_hold(&self, f: usize) -> bool {
        self.filter
            .get(f / 64)
            .is_some_and(|w| w & (1 << (f % 64)) != 0)
    }

    /// Sets fingerprint `f`'s bit.
    #[inline(always)]
    fn mark(&mut self, f: usize) {
        if let Some(w) = self.filter.get_mut(f / 64) {
            *w |= 1 << (f % 64);
        }
    }

    /// Takes `lanes`, those of the position about to be recorded: the
    /// first position since the last `clear` sets them; a wide one widens
    /// a narrow history.
    #[inline(always)]
    fn adopt(&mut self, lanes: Lanes) {
        if self.words.is_empty() {
            self.lanes = lanes;
        } else if lanes == Lanes::Wide && self.lanes == Lanes::Narrow {
            self.widen();
        }
    }

    /// Repacks the recorded positions in wide lanes (a count above 255
    /// arrived). The filter stays: fingerprints are taken of the wide
    /// packing whatever the lanes.
    #[cold]
    fn widen(&mut self) {
        let (holes, stride) = (usize::from(self.holes), self.stride());
        let mut words = Vec::with_capacity(self.words.capacity() * 2);
        // Each position's counts on the stack: the new buffer is the one
        // allocation.
        let mut counts = [0u16; MAX_HOLES];
        let counts = counts.get_mut(..holes).unwrap_or_default();
        for key in self.words.chunks_exact(stride) {
            for (i, c) in counts.iter_mut().enumerate() {
                *c = self.lanes.lane(key, i);
            }
            let to_move = Player::from_owner(self.lanes.lane(key, holes) as u8);
            Lanes::Wide.push(&mut words, counts, to_move);
        }
        self.words = words;
        self.lanes = Lanes::Wide;
    }

    /// Records the packed position `key` (of this history's lanes and
    /// stride) whose fingerprint is `f`; `false` if it was recorded
    /// already.
    #[inline(always)]
    fn record<const N: usize>(&mut self, f: usize, key: &[u64; N]) -> bool {
        // A set bit may be another position's: compare, first words first.
        let seen = self.may_hold(f)
            && self
                .words
                .as_chunks::<N>()
                .0
                .iter()
                .any(|k| k.first() == key.first() && k == key);
        if seen {
            return false;
        }
        self.words.extend_from_slice(key);
        self.mark(f);
        true
    }
}

/// Hashes the number of positions only (equal histories have equal
/// lengths); cheap, and enough for a state's hash.
impl core::hash::Hash for History {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.len().hash(state);
    }
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            inner: self.inner.as_ref().map(|inner| {
                // The same room as the original, so that the copy records
                // as many positions before it allocates.
                let mut words = Vec::with_capacity(inner.words.capacity());
                words.extend_from_slice(&inner.words);
                Box::new(Inner { words, ..**inner })
            }),
        }
    }

    /// Copies `source` into this history's buffer (no allocation unless
    /// `source` holds more positions than it has room for); a `source`
    /// that never recorded a position leaves it without one.
    fn clone_from(&mut self, source: &History) {
        match (&mut self.inner, &source.inner) {
            (Some(mine), Some(theirs)) => {
                let Inner {
                    words,
                    holes,
                    lanes,
                    filter,
                } = &**theirs;
                mine.words.clear();
                mine.words.extend_from_slice(words);
                (mine.holes, mine.lanes, mine.filter) = (*holes, *lanes, *filter);
            }
            _ => *self = source.clone(),
        }
    }
}

impl History {
    /// An empty history (no heap memory until a position is recorded).
    #[inline]
    pub const fn new() -> History {
        History { inner: None }
    }

    /// Number of positions held.
    #[inline]
    pub fn len(&self) -> usize {
        self.inner
            .as_ref()
            .map_or(0, |inner| inner.words.len() / inner.stride().max(1))
    }

    /// Whether no position is held.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.inner
            .as_ref()
            .is_none_or(|inner| inner.words.is_empty())
    }

    /// Forgets every position (after seeds left the board), keeping the
    /// buffer.
    #[inline]
    pub fn clear(&mut self) {
        if let Some(inner) = &mut self.inner {
            inner.words.clear();
            inner.filter = [0; FILTER_WORDS];
        }
    }

    /// Reads the memory the next [`insert`](History::insert) reads or
    /// writes outside the state that holds this history (the header with
    /// the filter, and the buffer's next slot), and changes nothing.
    ///
    /// A caller stepping thousands of games in turn (a `VectorEnv`) finds
    /// each game's history out of cache, and one insert after another
    /// would wait for each game's misses in turn; reading ahead for a
    /// block of games first lets their misses overlap.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Board, Player, history::History};
    ///
    /// let mut history = History::new();
    /// history.insert(&Board::filled(12, 4), Player::P0);
    /// history.prefetch();
    /// assert_eq!(history.len(), 1);
    /// ```
    #[inline]
    pub fn prefetch(&mut self) {
        if let Some(inner) = &mut self.inner {
            // The header: one cache line.
            core::hint::black_box(inner.filter.first().copied());
            if let Some(slot) = inner.words.spare_capacity_mut().first() {
                // A copy of the (possibly uninitialised) slot, never read
                // as a number: the read is the point.
                core::hint::black_box(*slot);
            }
        }
    }

    /// The holes of `board` a history of `holes`-hole positions records.
    #[inline]
    fn holes_of(holes: u8, board: &Board) -> &[u16] {
        let all = board.holes();
        all.get(..usize::from(holes)).unwrap_or(all)
    }

    /// The recorded positions, made for positions of `holes` holes (at most
    /// [`MAX_HOLES`]) if none was recorded yet, with room for
    /// [`RESERVED_POSITIONS`] narrow ones.
    #[inline]
    fn inner_for(&mut self, holes: usize) -> &mut Inner {
        self.inner.get_or_insert_with(|| {
            let holes = holes.min(MAX_HOLES);
            Box::new(Inner {
                words: Vec::with_capacity(RESERVED_POSITIONS * Lanes::Narrow.stride(holes)),
                holes: holes as u8,
                lanes: Lanes::Wide,
                filter: [0; FILTER_WORDS],
            })
        })
    }

    /// Records a position; returns `false` if it was already recorded (a
    /// repetition), `true` if it is new. The first position recorded fixes
    /// the number of holes of every position (a longer board is cut to it).
    #[inline]
    pub fn insert(&mut self, board: &Board, to_move: Player) -> bool {
        let inner = self.inner_for(board.len());
        let holes = Self::holes_of(inner.holes, board);
        // Boards of 12 to 15 holes (2x6, 2x7): a constant length, packed
        // and fingerprinted in registers, stored if new: four wide words,
        // or the two narrow words made from them.
        if let Some((head, rest)) = holes
            .split_first_chunk::<12>()
            .filter(|(_, rest)| rest.len() < 4)
        {
            let (chunks, _) = head.as_chunks::<4>();
            let mut wide = [0u64; 4];
            for (k, c) in wide.iter_mut().zip(chunks) {
                *k = wide_word(c);
            }
            wide[3] = wide_last(rest, to_move);
            let f = fingerprint(&wide);
            inner.adopt(if wide_words_fit_narrow(&wide) {
                Lanes::Narrow
            } else {
                Lanes::Wide
            });
            return match inner.lanes {
                Lanes::Narrow => {
                    let [a, b, c, d] = wide;
                    let narrow = [
                        narrowed(a) | narrowed(b) << 32,
                        narrowed(c) | narrowed(d) << 32,
                    ];
                    inner.record(f, &narrow)
                }
                Lanes::Wide => inner.record(f, &wide),
            };
        }
        inner.adopt(Lanes::of(holes));
        let start = inner.words.len();
        Lanes::Wide.push(&mut inner.words, holes, to_move);
        let f = inner.words.get(start..).map_or(0, fingerprint);
        if inner.lanes == Lanes::Narrow {
            inner.words.truncate(start);
            Lanes::Narrow.push(&mut inner.words, holes, to_move);
        }
        let (old, key) = inner.words.split_at(start);
        // A set bit may be another position's: compare, first words first.
        let seen = inner.may_hold(f)
            && old
                .chunks_exact(key.len())
                .any(|k| k.first() == key.first() && k == key);
        if seen {
            inner.words.truncate(start);
            return false;
        }
        inner.mark(f);
        true
    }

    /// Whether the position was recorded.
    pub fn contains(&self, board: &Board, to_move: Player) -> bool {
        let Some(inner) = &self.inner else {
            return false;
        };
        let holes = Self::holes_of(inner.holes, board);
        // Counts wider than the lanes were never recorded.
        if inner.lanes == Lanes::Narrow && Lanes::of(holes) == Lanes::Wide {
            return false;
        }
        let key = Key::of(inner.lanes, holes, to_move);
        let key = key.words();
        inner.words.chunks_exact(key.len()).any(|k| k == key)
    }

    /// The recorded positions, oldest first, as hole counts and player to
    /// move.
    pub fn positions(&self) -> impl Iterator<Item = (Vec<u16>, Player)> + '_ {
        let (words, stride, holes, lanes) = match &self.inner {
            Some(inner) => (
                &inner.words[..],
                inner.stride().max(1),
                usize::from(inner.holes),
                inner.lanes,
            ),
            None => (&[][..], 1, 0, Lanes::Wide),
        };
        words.chunks_exact(stride).map(move |key| {
            let board = (0..holes).map(|i| lanes.lane(key, i)).collect();
            (board, Player::from_owner(lanes.lane(key, holes) as u8))
        })
    }
}

// The header is one cache line.
const _: () = assert!(core::mem::size_of::<Inner>() == 64);
