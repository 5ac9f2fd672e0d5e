//! Players and per-player values.

use core::fmt;
use core::ops::{Index, IndexMut};

/// The largest number of players any game of the family supports.
pub const MAX_PLAYERS: usize = 6;

/// A player, numbered from 0 in turn order. Player 0 moves first ("South" on
/// two-row boards).
///
/// A `Player` always has an index below [`MAX_PLAYERS`]; whether it takes part
/// in a given game is up to that game's player count.
///
/// # Examples
///
/// ```
/// use mancala_core::Player;
///
/// let south = Player::P0;
/// assert_eq!(south.index(), 0);
/// assert_eq!(south.next(2), Player::P1);
/// assert_eq!(Player::P1.next(2), Player::P0);
/// assert_eq!(Player::new(6), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Player(u8);

impl Player {
    /// Player 0, who moves first ("South").
    pub const P0: Player = Player(0);
    /// Player 1 ("North" on two-row boards).
    pub const P1: Player = Player(1);

    /// The next player in turn order in a game of `count` players
    /// (`(index + 1) mod count`). A `count` of 0 is treated as 1.
    #[inline]
    pub const fn next(self, count: usize) -> Player {
        // No division: this runs on every move.
        let next = self.0 as usize + 1;
        if next >= count {
            Player(0)
        } else {
            Player(next as u8)
        }
    }

    /// All players of a game of `count` players, in turn order (at most
    /// [`MAX_PLAYERS`]).
    #[inline]
    pub fn all(count: usize) -> impl Iterator<Item = Player> + Clone {
        (0..count.min(MAX_PLAYERS)).map(|i| Player(i as u8))
    }
}

impl fmt::Display for Player {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// The error for a player index that is out of range.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("player index {0} is out of range (at most {max} players)", max = MAX_PLAYERS)]
pub struct InvalidPlayer(pub usize);

impl TryFrom<u8> for Player {
    type Error = InvalidPlayer;
    #[inline]
    fn try_from(value: u8) -> Result<Self, Self::Error> {
        Player::new(value as usize).ok_or(InvalidPlayer(value as usize))
    }
}

impl TryFrom<usize> for Player {
    type Error = InvalidPlayer;
    #[inline]
    fn try_from(value: usize) -> Result<Self, Self::Error> {
        Player::new(value).ok_or(InvalidPlayer(value))
    }
}

/// Reads a player's index, `0` to `5`.
///
/// ```
/// use mancala_core::Player;
///
/// assert_eq!("1".parse::<Player>(), Ok(Player::P1));
/// assert!("6".parse::<Player>().is_err());
/// ```
impl core::str::FromStr for Player {
    type Err = crate::notation::NotationError;
    #[inline]
    fn from_str(s: &str) -> Result<Player, Self::Err> {
        crate::notation::parse_player("player", s)
    }
}

crate::pit::small_index!(Player, MAX_PLAYERS, "player");

/// A set of players (who must act at once in a simultaneous game).
///
/// # Examples
///
/// ```
/// use mancala_core::{Player, PlayerSet};
///
/// let both = PlayerSet::all(2);
/// assert!(both.contains(Player::P0) && both.contains(Player::P1));
/// assert_eq!(both.len(), 2);
/// assert_eq!(both.iter().collect::<Vec<_>>(), [Player::P0, Player::P1]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// The empty set.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The first `count` players (all of a game's players).
    #[inline]
    pub const fn all(count: usize) -> PlayerSet {
        let count = if count > MAX_PLAYERS {
            MAX_PLAYERS
        } else {
            count
        };
        PlayerSet(((1u16 << count) - 1) as u8)
    }

    /// A set holding one player.
    #[inline]
    pub const fn only(player: Player) -> PlayerSet {
        PlayerSet(1 << player.0)
    }

    /// This set with `player` added.
    #[must_use]
    #[inline]
    pub const fn with(self, player: Player) -> PlayerSet {
        PlayerSet(self.0 | (1 << player.0))
    }

    /// Whether `player` is in the set.
    #[inline]
    pub const fn contains(self, player: Player) -> bool {
        self.0 & (1 << player.0) != 0
    }

    /// The number of players in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in the set, in turn order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Player> + Clone {
        (0..MAX_PLAYERS as u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(Player)
    }
}

/// One value per player of a game (at most [`MAX_PLAYERS`]), stored inline.
///
/// Indexing by a [`Player`] never panics: a player beyond the game's count reads
/// the default value and writes go nowhere visible (they are not part of
/// [`as_slice`](Self::as_slice)).
///
/// # Examples
///
/// ```
/// use mancala_core::{ByPlayer, Player};
///
/// let mut scores = ByPlayer::new(2, 0u64);
/// scores[Player::P1] += 5;
/// assert_eq!(scores.as_slice(), &[0, 5]);
/// assert_eq!(scores.len(), 2);
/// ```
#[derive(Clone, Copy)]
pub struct ByPlayer<T> {
    values: [T; MAX_PLAYERS],
    count: u8,
}

impl<T: Copy + Default> ByPlayer<T> {
    /// `count` players (clamped to [`MAX_PLAYERS`]), each holding `value`.
    pub fn new(count: usize, value: T) -> ByPlayer<T> {
        let mut values = [T::default(); MAX_PLAYERS];
        let count = count.min(MAX_PLAYERS);
        for v in values.iter_mut().take(count) {
            *v = value;
        }
        ByPlayer {
            values,
            count: count as u8,
        }
    }

    /// Values for the first `values.len()` players (at most [`MAX_PLAYERS`]
    /// are kept).
    #[inline]
    pub fn from_slice(values: &[T]) -> ByPlayer<T> {
        let mut out = ByPlayer::new(values.len(), T::default());
        for (slot, v) in out.values.iter_mut().zip(values) {
            *slot = *v;
        }
        out
    }
}

impl<T> ByPlayer<T> {
    /// The number of players.
    #[inline]
    pub const fn len(&self) -> usize {
        self.count as usize
    }

    /// Whether there are no players (never true for a game's values).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The values, player 0 first.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.values[..self.count as usize]
    }

    /// The values, player 0 first, mutably.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.values[..self.count as usize]
    }

    /// `(player, value)` pairs in turn order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (Player, &T)> {
        self.as_slice()
            .iter()
            .enumerate()
            .map(|(i, v)| (Player(i as u8), v))
    }
}

/// Equal when they have the same players with the same values (slots beyond
/// the player count do not count).
impl<T: PartialEq> PartialEq for ByPlayer<T> {
    #[inline]
    fn eq(&self, other: &ByPlayer<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for ByPlayer<T> {}

impl<T: core::hash::Hash> core::hash::Hash for ByPlayer<T> {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// Shows the real players' values only, as a list.
///
/// ```
/// use mancala_core::ByPlayer;
///
/// assert_eq!(format!("{:?}", ByPlayer::from_slice(&[3u64, 4])), "[3, 4]");
/// ```
impl<T: fmt::Debug> fmt::Debug for ByPlayer<T> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Player) -> &T {
        &self.values[p.index()]
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.values[p.index()]
    }
}
