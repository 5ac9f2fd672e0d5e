//! Positions seen since the last irreversible change, for repetition rules.

use alloc::boxed::Box;
use alloc::vec::Vec;

use crate::board::Board;
use crate::pit::MAX_HOLES;
use crate::player::Player;

/// A position seen earlier, for the repetition rule (in setups).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct SeenPosition {
    /// Hole counts in canonical order.
    pub board: Vec<u16>,
    /// The player who was to move.
    pub to_move: Player,
}

/// What every position of one game has in common, as a history checks it
/// ([`History::from_seen`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PositionShape {
    /// The holes of the board.
    pub holes: usize,
    /// The seeds on the board (in the holes, not the stores).
    pub on_board: u32,
    /// The players.
    pub players: usize,
}

/// A remembered position of a setup does not fit the board or the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("remembered position {index} has the wrong holes, seeds or player")]
pub struct InvalidHistory {
    /// The position's index in the list given, from 0.
    pub index: usize,
}

/// Why [`History::from_seen`] refuses a list of remembered positions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum HistoryError {
    /// A position does not fit the board or the game.
    #[error(transparent)]
    Invalid(#[from] InvalidHistory),
    /// A position is listed twice: a game ends when a position repeats, so
    /// a live game never remembers one twice.
    #[error("remembered position {index} repeats position {earlier}")]
    Repeated {
        /// The later of the two, from 0.
        index: usize,
        /// The first position it repeats.
        earlier: usize,
    },
    /// A position is the current one: reaching it again would have ended
    /// the game.
    #[error("remembered position {index} is the current position")]
    Current {
        /// The position's index in the list given, from 0.
        index: usize,
    },
}

/// Words of the fingerprint filter (1024 bits: with a few hundred positions
/// recorded, most new positions still find their bit clear).
const FILTER_WORDS: usize = 16;

/// Positions the history holds before it needs to grow its buffer (in
/// random oware games it holds 9 on average, 25 or fewer 94% of the time,
/// 50 or fewer 99%). Small, so that many games side by side (a `VectorEnv`
/// of thousands) keep their histories close together: at 256 positions
/// each game's history had a block of 8 KB of its own, mostly untouched,
/// and a batch of 16,384 oware games stepped at half the speed.
const RESERVED_POSITIONS: usize = 32;

/// The positions (hole counts and player to move) seen since the seed total on
/// the board last changed, stored exactly (no hashing), for rules that end a
/// game when a position repeats.
///
/// Positions with different board totals can never be equal, so a game clears
/// the history whenever seeds leave the board (a capture, a store entry); the
/// stores are then constant and need not be part of a position.
///
/// Each position is stored as 16-bit lanes (every hole count, then the
/// player to move) packed four to a `u64`, so recording one is a handful of
/// word writes, and a 1024-bit filter of fingerprints proves most positions
/// new without comparing them with the stored ones.
///
/// A `History` is one pointer: an empty one (a game without the repetition
/// rule) holds no heap memory, and the first position recorded allocates
/// one block with room for 32 positions, which grows as a `Vec` does and
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
            (Some(a), Some(b)) => a.holes == b.holes && a.words == b.words,
            (Some(a), None) | (None, Some(a)) => a.words.is_empty(),
            (None, None) => true,
        }
    }
}

impl Eq for History {}

/// The most words a packed position takes: every hole's lane and the
/// player's, four to a word.
const KEY_WORDS: usize = (MAX_HOLES + 1).div_ceil(4);

/// One position packed as a history records it: the hole counts as 16-bit
/// lanes, then the player to move, four lanes to a word. Built on the
/// stack, so that asking whether a position was seen allocates nothing.
struct Key {
    words: [u64; KEY_WORDS],
    len: usize,
}

impl Key {
    /// The position of `holes` (at most [`MAX_HOLES`]; any more are cut)
    /// with `to_move` to move.
    #[inline(always)]
    fn of(holes: &[u16], to_move: Player) -> Key {
        let holes = holes.get(..MAX_HOLES).unwrap_or(holes);
        let mut key = Key {
            words: [0; KEY_WORDS],
            len: 0,
        };
        let (chunks, rest) = holes.as_chunks::<4>();
        for (w, c) in key.words.iter_mut().zip(chunks) {
            *w = Key::word(c);
        }
        if let Some(w) = key.words.get_mut(chunks.len()) {
            *w = Key::last_word(rest, to_move);
        }
        key.len = chunks.len() + 1;
        key
    }

    /// Four holes' counts as one word, the first in the lowest lane.
    #[inline(always)]
    fn word(c: &[u16; 4]) -> u64 {
        let [a, b, c, d] = c.map(u64::from);
        a | b << 16 | c << 32 | d << 48
    }

    /// The last word of a position: the holes past the last whole word
    /// (`rest`, fewer than four) and the player to move.
    #[inline(always)]
    fn last_word(rest: &[u16], to_move: Player) -> u64 {
        let mut last = 0u64;
        for (i, &c) in rest.iter().enumerate() {
            last |= u64::from(c) << (16 * i);
        }
        last | (to_move.index() as u64) << (16 * rest.len())
    }

    /// The words written.
    #[inline(always)]
    fn words(&self) -> &[u64] {
        self.words.get(..self.len).unwrap_or(&self.words)
    }
}

/// The recorded positions of a history that has held one.
#[derive(Debug)]
struct Inner {
    words: Vec<u64>,
    /// Holes in each position (those of the first board recorded).
    holes: u8,
    /// Words in each position.
    stride: u8,
    /// A 1024-bit filter of position fingerprints: a clear bit proves a
    /// position new without scanning.
    filter: [u64; FILTER_WORDS],
}

impl Inner {
    /// Records the packed position `key` of a constant length (this
    /// history's stride); `false` if it was recorded already.
    #[inline(always)]
    fn record<const N: usize>(&mut self, key: &[u64; N]) -> bool {
        let f = History::fingerprint(key);
        let (word, bit) = (f / 64, f % 64);
        // A set bit may be another position's: compare, first words first.
        let seen = self.filter.get(word).is_some_and(|w| w & (1 << bit) != 0)
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
        if let Some(w) = self.filter.get_mut(word) {
            *w |= 1 << bit;
        }
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
                let mut words = Vec::with_capacity(inner.words.capacity());
                words.extend_from_slice(&inner.words);
                Box::new(Inner {
                    words,
                    holes: inner.holes,
                    stride: inner.stride,
                    filter: inner.filter,
                })
            }),
        }
    }

    /// Copies `source` into this history's buffer (no allocation unless
    /// `source` holds more positions than it has room for); a `source`
    /// that never recorded a position leaves it without one.
    fn clone_from(&mut self, source: &History) {
        match (&mut self.inner, &source.inner) {
            (Some(mine), Some(theirs)) => {
                mine.words.clear();
                mine.words.extend_from_slice(&theirs.words);
                mine.holes = theirs.holes;
                mine.stride = theirs.stride;
                mine.filter = theirs.filter;
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
        self.inner.as_ref().map_or(0, |inner| {
            inner.words.len() / usize::from(inner.stride).max(1)
        })
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

    /// Appends the packed position to `words`.
    #[inline]
    fn push_key(words: &mut Vec<u64>, holes: &[u16], to_move: Player) {
        let (chunks, rest) = holes.as_chunks::<4>();
        for c in chunks {
            words.push(Key::word(c));
        }
        words.push(Key::last_word(rest, to_move));
    }

    #[inline]
    fn fingerprint(key: &[u64]) -> usize {
        // Each word multiplied by its own odd constant, independently (no
        // chain of multiplications to wait for), the products summed, then
        // mixed once: enough for a filter, whose false positives only cost
        // a scan.
        const K: [u64; 4] = [
            0x9e37_79b9_7f4a_7c15,
            0xff51_afd7_ed55_8ccd,
            0xc4ce_b9fe_1a85_ec53,
            0xbf58_476d_1ce4_e5b9,
        ];
        let mut acc = [0u64; 4];
        for chunk in key.chunks(4) {
            for ((a, &w), k) in acc.iter_mut().zip(chunk).zip(K) {
                *a = a.wrapping_add(w.wrapping_mul(k));
            }
        }
        let sum = acc[0] ^ acc[1].rotate_left(16) ^ acc[2].rotate_left(32) ^ acc[3].rotate_left(48);
        let h = (sum ^ (sum >> 31)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (h >> 54) as usize
    }

    /// The holes of `board` a history of `holes`-hole positions records.
    #[inline]
    fn holes_of(holes: u8, board: &Board) -> &[u16] {
        let all = board.holes();
        all.get(..usize::from(holes)).unwrap_or(all)
    }

    /// The recorded positions, made for positions of `holes` holes (at most
    /// [`MAX_HOLES`]) if none was recorded yet.
    #[inline]
    fn inner_for(&mut self, holes: usize) -> &mut Inner {
        self.inner.get_or_insert_with(|| {
            let holes = holes.min(MAX_HOLES);
            // The hole lanes and the player's lane, four to a word.
            let stride = (holes + 1).div_ceil(4);
            Box::new(Inner {
                words: Vec::with_capacity(RESERVED_POSITIONS * stride),
                holes: holes as u8,
                stride: stride as u8,
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
        // Boards of 12 to 15 holes (2x6, 2x7): four words, a constant
        // length, packed and fingerprinted in registers, stored if new.
        if let Some((chunks, rest)) = holes
            .split_first_chunk::<12>()
            .filter(|(_, rest)| rest.len() < 4)
        {
            let (words, _) = chunks.as_chunks::<4>();
            let mut key = [0u64; 4];
            for (k, c) in key.iter_mut().zip(words) {
                *k = Key::word(c);
            }
            key[3] = Key::last_word(rest, to_move);
            return inner.record(&key);
        }
        let start = inner.words.len();
        Self::push_key(
            &mut inner.words,
            Self::holes_of(inner.holes, board),
            to_move,
        );
        let (old, key) = inner.words.split_at(start);
        let f = Self::fingerprint(key);
        let (word, bit) = (f / 64, f % 64);
        // A set bit may be another position's: compare, first words first.
        let seen = inner.filter.get(word).is_some_and(|w| w & (1 << bit) != 0)
            && old
                .chunks_exact(key.len())
                .any(|k| k.first() == key.first() && k == key);
        if seen {
            inner.words.truncate(start);
            return false;
        }
        if let Some(w) = inner.filter.get_mut(word) {
            *w |= 1 << bit;
        }
        true
    }

    /// A history for positions of `shape`, holding the positions `seen`
    /// (oldest first) before the current position `current` with `to_move`
    /// to move: the check every setup with a repetition history shares.
    /// Each position must fit the shape (its holes, holding its seeds in
    /// all, and a player below its players), differ from every other one (a
    /// repetition would have ended the game) and from the current position.
    ///
    /// The current position is not recorded. Loading takes `O(n log n)`
    /// comparisons of positions for `n` positions (sorted, not compared
    /// pairwise).
    ///
    /// # Errors
    ///
    /// [`HistoryError`] naming the first position, in list order, that does
    /// not fit ([`HistoryError::Invalid`], checked for all positions first),
    /// repeats an earlier one ([`HistoryError::Repeated`]) or is the current
    /// position ([`HistoryError::Current`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{history::{History, HistoryError, PositionShape, SeenPosition}, Player};
    ///
    /// let shape = PositionShape { holes: 2, on_board: 4, players: 2 };
    /// let seen = [SeenPosition { board: vec![2, 2], to_move: Player::P1 }];
    /// let history = History::from_seen(shape, &seen, &[1, 3], Player::P0)?;
    /// assert_eq!(history.len(), 1);
    /// let three = PositionShape { on_board: 3, ..shape };
    /// assert!(History::from_seen(three, &seen, &[1, 2], Player::P0).is_err()); // 4 seeds, not 3
    /// assert_eq!(
    ///     History::from_seen(shape, &seen, &[2, 2], Player::P1),
    ///     Err(HistoryError::Current { index: 0 })
    /// );
    /// # Ok::<(), HistoryError>(())
    /// ```
    pub fn from_seen(
        shape: PositionShape,
        seen: &[SeenPosition],
        current: &[u16],
        to_move: Player,
    ) -> Result<History, HistoryError> {
        let PositionShape {
            holes,
            on_board,
            players,
        } = shape;
        for (index, position) in seen.iter().enumerate() {
            let total: u64 = position.board.iter().map(|&c| u64::from(c)).sum();
            if position.board.len() != holes
                || holes > MAX_HOLES
                || total != u64::from(on_board)
                || position.to_move.index() >= players
            {
                return Err(InvalidHistory { index }.into());
            }
        }
        let mut history = History::new();
        if seen.is_empty() {
            return Ok(history);
        }
        let inner = history.inner_for(holes);
        let stride = usize::from(inner.stride).max(1);
        inner.words.reserve(seen.len() * stride);
        for position in seen {
            let board = position.board.get(..usize::from(inner.holes));
            Self::push_key(
                &mut inner.words,
                board.unwrap_or(&position.board),
                position.to_move,
            );
        }
        let keys = &inner.words;
        let key = |i: usize| keys.get(i * stride..(i + 1) * stride).unwrap_or(&[]);
        // Equal positions are neighbours once sorted (ties by index, so the
        // first of a run is the earliest).
        let mut order: Vec<usize> = (0..seen.len()).collect();
        order.sort_unstable_by(|&a, &b| key(a).cmp(key(b)).then(a.cmp(&b)));
        let mut repeated: Option<(usize, usize)> = None;
        let mut run_start = order.first().copied().unwrap_or(0);
        for pair in order.windows(2) {
            let &[a, b] = pair else { continue };
            if key(a) == key(b) {
                if repeated.is_none_or(|(index, _)| b < index) {
                    repeated = Some((b, run_start));
                }
            } else {
                run_start = b;
            }
        }
        let mut now = Vec::with_capacity(stride);
        let current = current.get(..usize::from(inner.holes)).unwrap_or(current);
        Self::push_key(&mut now, current, to_move);
        let same_as_now = (0..seen.len()).find(|&i| key(i) == now.as_slice());
        match (same_as_now, repeated) {
            (Some(index), Some((r, _))) if index <= r => {
                return Err(HistoryError::Current { index });
            }
            (Some(index), None) => return Err(HistoryError::Current { index }),
            (_, Some((index, earlier))) => {
                return Err(HistoryError::Repeated { index, earlier });
            }
            (None, None) => {}
        }
        let mut filter = [0u64; FILTER_WORDS];
        for k in keys.chunks_exact(stride) {
            let f = Self::fingerprint(k);
            if let Some(w) = filter.get_mut(f / 64) {
                *w |= 1 << (f % 64);
            }
        }
        inner.filter = filter;
        Ok(history)
    }

    /// Whether the position was recorded.
    pub fn contains(&self, board: &Board, to_move: Player) -> bool {
        let Some(inner) = &self.inner else {
            return false;
        };
        let key = Key::of(Self::holes_of(inner.holes, board), to_move);
        let key = key.words();
        inner.words.chunks_exact(key.len()).any(|k| k == key)
    }

    /// The recorded positions, oldest first, as hole counts and player to
    /// move.
    pub fn positions(&self) -> impl Iterator<Item = (Vec<u16>, Player)> + '_ {
        let (words, stride, holes) = match &self.inner {
            Some(inner) => (
                &inner.words[..],
                usize::from(inner.stride).max(1),
                usize::from(inner.holes),
            ),
            None => (&[][..], 1, 0),
        };
        words.chunks_exact(stride).map(move |key| {
            let lane = |i: usize| {
                let word = key.get(i / 4).copied().unwrap_or(0);
                (word >> (16 * (i % 4))) as u16
            };
            let board = (0..holes).map(lane).collect();
            (board, Player::from_owner(lane(holes) as u8))
        })
    }
}
