//! Remembered positions given in a setup, and the history they load
//! into.

use alloc::vec::Vec;

use super::History;
use super::key::{Key, Lanes, fingerprint};
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

impl History {
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
        // Narrow lanes when every count fits them (the lanes a history
        // recording these positions one by one would use).
        let kept = holes.min(MAX_HOLES);
        let lanes = if seen
            .iter()
            .all(|p| Lanes::of(cut(&p.board, kept)) == Lanes::Narrow)
        {
            Lanes::Narrow
        } else {
            Lanes::Wide
        };
        let inner = history.inner_for(holes);
        inner.lanes = lanes;
        let stride = inner.stride();
        inner.words.reserve(seen.len() * stride);
        for position in seen {
            lanes.push(
                &mut inner.words,
                cut(&position.board, kept),
                position.to_move,
            );
        }
        let keys = &inner.words;
        let key = |i: usize| keys.get(i * stride..(i + 1) * stride).unwrap_or(&[]);
        let repeated = first_repeat(seen.len(), key);
        // A current position whose counts do not fit the lanes is none of
        // the positions seen.
        let current = cut(current, kept);
        let same_as_now = if lanes == Lanes::Wide || Lanes::of(current) == Lanes::Narrow {
            let now = Key::of(lanes, current, to_move);
            (0..seen.len()).find(|&i| key(i) == now.words())
        } else {
            None
        };
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
        // Fingerprints are taken of the wide packing, whatever the lanes.
        for position in seen {
            let wide = Key::of(Lanes::Wide, cut(&position.board, kept), position.to_move);
            inner.mark(fingerprint(wide.words()));
        }
        Ok(history)
    }
}

/// The first `kept` holes of `board` (all of a shorter one).
fn cut(board: &[u16], kept: usize) -> &[u16] {
    board.get(..kept).unwrap_or(board)
}

/// The first position of `n` (by `key(i)`) that repeats an earlier one, as
/// its index and the earliest it repeats, in `O(n log n)` comparisons:
/// equal positions are neighbours once sorted (ties by index, so the first
/// of a run is the earliest).
fn first_repeat<'k>(n: usize, key: impl Fn(usize) -> &'k [u64]) -> Option<(usize, usize)> {
    let mut order: Vec<usize> = (0..n).collect();
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
    repeated
}
