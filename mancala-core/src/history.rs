//! Positions seen since the last irreversible change, for repetition rules.

use alloc::vec::Vec;

use crate::{Board, MAX_HOLES, Player};

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

/// A remembered position of a setup does not fit the board or the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("remembered position {index} has the wrong holes, seeds or player")]
pub struct InvalidHistory {
    /// The position's index in the list given, from 0.
    pub index: usize,
}

const MAX_STRIDE: usize = (MAX_HOLES * 16 + 3).div_ceil(64);
/// Positions the history holds before it needs to grow its buffer.
const RESERVED_POSITIONS: usize = 256;

/// The positions (hole counts and player to move) seen since the seed total on
/// the board last changed, packed exactly (no hashing), for rules that end a
/// game when a position repeats.
///
/// Positions with different board totals can never be equal, so a game clears
/// the history whenever seeds leave the board (a capture, a store entry); the
/// stores are then constant and need not be part of a position.
///
/// Room for 256 positions is reserved up front (and kept by `clone`), so
/// recording a position does not allocate unless a game goes longer than that
/// without a capture.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, History, Player};
///
/// let board = Board::filled(12, 4);
/// let mut history = History::new(12, 48);
/// assert!(history.insert(&board, Player::P0));
/// assert!(!history.insert(&board, Player::P0)); // seen before
/// assert!(history.insert(&board, Player::P1));
/// assert_eq!(history.len(), 2);
/// ```
#[derive(Debug)]
pub struct History {
    words: Vec<u64>,
    holes: u8,
    bits: u8,
    stride: u8,
    /// A 256-bit filter of position fingerprints: a clear bit proves a
    /// position new without scanning.
    filter: [u64; 4],
}

/// Two histories are equal when they hold the same positions in the same
/// order, however they pack them (the packing depends on the seeds the
/// history was made for).
impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        if self.bits == other.bits && self.holes == other.holes {
            return self.words == other.words;
        }
        self.len() == other.len() && self.positions().eq(other.positions())
    }
}

impl Eq for History {}

/// Hashes the number of positions only: equal histories have equal lengths
/// however they pack their positions.
impl core::hash::Hash for History {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.len().hash(state);
    }
}

impl Clone for History {
    fn clone(&self) -> History {
        let mut words = Vec::with_capacity(self.words.capacity());
        words.extend_from_slice(&self.words);
        History {
            words,
            holes: self.holes,
            bits: self.bits,
            stride: self.stride,
            filter: self.filter,
        }
    }
}

impl History {
    /// An empty history for boards of `holes` holes (at most [`MAX_HOLES`])
    /// where no hole ever holds more than `max_count` seeds.
    pub fn new(holes: usize, max_count: u32) -> History {
        let holes = holes.min(MAX_HOLES);
        let bits = (32 - max_count.min(u32::from(u16::MAX)).leading_zeros()).max(1);
        let stride = (holes * bits as usize + 3).div_ceil(64);
        History {
            words: Vec::new(),
            holes: holes as u8,
            bits: bits as u8,
            stride: stride as u8,
            filter: [0; 4],
        }
    }

    /// Number of positions held.
    pub fn len(&self) -> usize {
        self.words.len() / usize::from(self.stride).max(1)
    }

    /// Whether no position is held.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// Forgets every position (after seeds left the board), keeping the
    /// buffer.
    pub fn clear(&mut self) {
        self.words.clear();
        self.filter = [0; 4];
    }

    fn key(&self, board: &Board, to_move: Player) -> [u64; MAX_STRIDE] {
        let mut key = [0u64; MAX_STRIDE];
        let bits = usize::from(self.bits);
        let mut pos = 0usize;
        let mut put = |value: u64, width: usize| {
            let value = value & ((1u64 << width) - 1);
            let (w, b) = (pos / 64, pos % 64);
            key[w] |= value << b;
            if b + width > 64 {
                key[w + 1] |= value >> (64 - b);
            }
            pos += width;
        };
        put(to_move.index() as u64, 3);
        for &c in board.holes().iter().take(usize::from(self.holes)) {
            put(u64::from(c), bits);
        }
        key
    }

    fn fingerprint(key: &[u64]) -> usize {
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0xff51_afd7_ed55_8ccd);
            h ^= h >> 29;
        }
        (h >> 56) as usize
    }

    /// Records a position; returns `false` if it was already recorded (a
    /// repetition), `true` if it is new.
    pub fn insert(&mut self, board: &Board, to_move: Player) -> bool {
        let stride = usize::from(self.stride);
        let full = self.key(board, to_move);
        let key = &full[..stride];
        let f = Self::fingerprint(key);
        let (word, bit) = (f / 64, f % 64);
        if self.filter[word] & (1 << bit) != 0 && self.words.chunks_exact(stride).any(|k| k == key)
        {
            return false;
        }
        self.filter[word] |= 1 << bit;
        if self.words.capacity() == 0 {
            self.words.reserve_exact(RESERVED_POSITIONS * stride);
        }
        self.words.extend_from_slice(key);
        true
    }

    /// A history for boards of `holes` holes where no hole ever holds more
    /// than `max_count` seeds, holding the positions `seen` (oldest first):
    /// the check every setup with a repetition history shares. Each position
    /// must have `holes` holes holding `on_board` seeds in all and a player
    /// below `players`.
    ///
    /// # Errors
    ///
    /// [`InvalidHistory`] naming the first position that does not fit.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{History, Player, SeenPosition};
    ///
    /// let seen = [SeenPosition { board: vec![2, 2], to_move: Player::P1 }];
    /// let history = History::from_seen(2, 4, 4, 2, &seen)?;
    /// assert_eq!(history.len(), 1);
    /// assert!(History::from_seen(2, 4, 3, 2, &seen).is_err()); // 4 seeds, not 3
    /// # Ok::<(), mancala_core::InvalidHistory>(())
    /// ```
    pub fn from_seen(
        holes: usize,
        max_count: u32,
        on_board: u32,
        players: usize,
        seen: &[SeenPosition],
    ) -> Result<History, InvalidHistory> {
        let mut history = History::new(holes, max_count);
        for (index, position) in seen.iter().enumerate() {
            let total: u64 = position.board.iter().map(|&c| u64::from(c)).sum();
            if position.board.len() != holes
                || total != u64::from(on_board)
                || position.to_move.index() >= players
            {
                return Err(InvalidHistory { index });
            }
            history.insert(&Board::from_counts(&position.board, &[]), position.to_move);
        }
        Ok(history)
    }

    /// Whether the position was recorded.
    pub fn contains(&self, board: &Board, to_move: Player) -> bool {
        let stride = usize::from(self.stride);
        let full = self.key(board, to_move);
        let key = &full[..stride];
        self.words.chunks_exact(stride).any(|k| k == key)
    }

    /// The recorded positions, oldest first, as hole counts and player to
    /// move.
    pub fn positions(&self) -> impl Iterator<Item = (Vec<u16>, Player)> + '_ {
        let stride = usize::from(self.stride);
        let bits = usize::from(self.bits);
        self.words.chunks_exact(stride).map(move |key| {
            let mut pos = 0usize;
            let mut get = |width: usize| -> u64 {
                let (w, b) = (pos / 64, pos % 64);
                let mut v = key[w] >> b;
                if b + width > 64 {
                    v |= key[w + 1] << (64 - b);
                }
                pos += width;
                v & ((1u64 << width) - 1)
            };
            let to_move = Player::from_owner(get(3) as u8);
            let holes = (0..self.holes).map(|_| get(bits) as u16).collect();
            (holes, to_move)
        })
    }
}
