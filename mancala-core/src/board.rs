//! Seed counts in holes and stores.

use crate::{MAX_HOLES, MAX_PLAYERS, Pit, Player, Topology};

/// The largest number of seeds a board may hold in all (holes, stores and
/// anything else a game keeps). Every count therefore fits a `u16`.
pub const MAX_SEEDS: u32 = u16::MAX as u32;

/// Seed counts in the holes and stores of a board, stored inline.
///
/// A `Board` is a plain container; the game states keep theirs private and
/// keep it consistent. Its arithmetic saturates rather than panics.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Pit, Player};
///
/// let mut board = Board::filled(12, 4);
/// let pit = Pit::new(3).unwrap();
/// assert_eq!(board.take(pit), 4);
/// board.add_to_store(Player::P0, 4);
/// assert_eq!(board.total(), 48);
/// assert_eq!(board.on_board(), 44);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    holes: [u16; MAX_HOLES],
    stores: [u16; MAX_PLAYERS],
    len: u8,
}

impl Board {
    /// `holes` holes (at most [`MAX_HOLES`]) holding `seeds` each, stores empty.
    pub fn filled(holes: usize, seeds: u16) -> Board {
        let len = holes.min(MAX_HOLES);
        let mut board = Board {
            holes: [0; MAX_HOLES],
            stores: [0; MAX_PLAYERS],
            len: len as u8,
        };
        board.holes[..len].fill(seeds);
        board
    }

    /// A board with these hole and store counts (extra entries beyond
    /// [`MAX_HOLES`] and [`MAX_PLAYERS`] are dropped).
    pub fn from_counts(holes: &[u16], stores: &[u16]) -> Board {
        let mut board = Board::filled(holes.len(), 0);
        for (slot, c) in board.holes.iter_mut().zip(holes) {
            *slot = *c;
        }
        for (slot, c) in board.stores.iter_mut().zip(stores) {
            *slot = *c;
        }
        board
    }

    /// Number of holes.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the board has no holes.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The hole counts in canonical order.
    #[inline]
    pub fn holes(&self) -> &[u16] {
        &self.holes[..self.len as usize]
    }

    /// The store counts of all [`MAX_PLAYERS`] possible players.
    #[inline]
    pub fn stores(&self) -> &[u16; MAX_PLAYERS] {
        &self.stores
    }

    /// Seeds in a hole (0 for a hole not on the board).
    #[inline]
    pub const fn get(&self, pit: Pit) -> u16 {
        self.holes[pit.index()]
    }

    /// Seeds in a player's store.
    #[inline]
    pub const fn store(&self, player: Player) -> u16 {
        self.stores[player.index()]
    }

    /// Empties a hole and returns what it held.
    #[inline]
    pub fn take(&mut self, pit: Pit) -> u16 {
        core::mem::take(&mut self.holes[pit.index()])
    }

    /// Sets a hole's count.
    #[inline]
    pub fn set(&mut self, pit: Pit, seeds: u16) {
        if pit.index() < self.len as usize {
            self.holes[pit.index()] = seeds;
        }
    }

    /// Adds seeds to a hole (saturating).
    #[inline]
    pub fn add(&mut self, pit: Pit, seeds: u16) {
        if pit.index() < self.len as usize {
            let h = &mut self.holes[pit.index()];
            *h = h.saturating_add(seeds);
        }
    }

    /// Adds seeds to a player's store (saturating).
    #[inline]
    pub fn add_to_store(&mut self, player: Player, seeds: u16) {
        let s = &mut self.stores[player.index()];
        *s = s.saturating_add(seeds);
    }

    /// Seeds in all holes.
    #[inline]
    pub fn on_board(&self) -> u32 {
        self.holes().iter().map(|&c| u32::from(c)).sum()
    }

    /// Seeds in all holes and stores.
    #[inline]
    pub fn total(&self) -> u32 {
        self.on_board() + self.stores.iter().map(|&c| u32::from(c)).sum::<u32>()
    }

    /// Seeds in the holes `player` owns.
    #[inline]
    pub fn seeds_of(&self, topology: &Topology, player: Player) -> u32 {
        topology
            .pits_of(player)
            .map(|p| u32::from(self.get(p)))
            .sum()
    }

    /// Whether `player` has any seed in his holes.
    #[inline]
    pub fn has_seeds(&self, topology: &Topology, player: Player) -> bool {
        topology
            .row_ranges_of(player)
            .any(|r| self.holes[r].iter().any(|&c| c > 0))
    }

    /// Adds `count` to every hole (used for whole laps of bulk sowing).
    #[inline]
    pub(crate) fn add_all(&mut self, count: u16) {
        for h in &mut self.holes[..self.len as usize] {
            *h = h.saturating_add(count);
        }
    }
}
