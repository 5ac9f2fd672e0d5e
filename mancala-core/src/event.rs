//! What happened during a move, for interfaces that animate it.

use crate::pit::Pit;
use crate::player::Player;

/// One step of a move, in the order it happened.
///
/// Record them with [`Mancala::play_observed`](crate::Mancala::play_observed)
/// (or the sower) and a `Vec<Event>`; the fast paths record nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Event {
    /// A lap began: all `seeds` were lifted from `pit`.
    Lift {
        /// The hole emptied.
        pit: Pit,
        /// How many seeds it held.
        seeds: u16,
    },
    /// One seed was sown into `pit`.
    Sow {
        /// The hole that received the seed.
        pit: Pit,
    },
    /// One seed was sown into `player`'s store.
    Store {
        /// The store's owner.
        player: Player,
    },
    /// The move was found to relay forever and ended at the first repeated lap
    /// start (the `Stop` endless-relay policy).
    EndlessStop,
    /// `seeds` were captured from `pit` into `by`'s store.
    Capture {
        /// The hole emptied.
        pit: Pit,
        /// How many seeds it held.
        seeds: u16,
        /// The player whose store receives them: the mover, or the hole's
        /// owner under [`Credit::Owner`](crate::rules::Credit::Owner).
        by: Player,
    },
    /// A capture was not made because it would have been a grand slam.
    GrandSlamRefused,
    /// The mover moves again (Kalah: the last seed fell into his store).
    ExtraTurn,
    /// The game ended and `seeds` left in `pit` went to `to`'s store.
    Collect {
        /// The hole emptied.
        pit: Pit,
        /// How many seeds it held.
        seeds: u16,
        /// The player who received them.
        to: Player,
    },
}

/// Receives the [`Event`]s of a move.
///
/// Implemented by `()` (records nothing, and lets the sower take shortcuts
/// such as sowing whole laps at once) and by `Vec<Event>`.
pub trait Observer {
    /// Whether this observer wants events. When `false`, the sower may skip
    /// producing them altogether.
    const RECORDS: bool = true;

    /// Called for each event, in order.
    fn event(&mut self, event: Event);
}

impl Observer for () {
    const RECORDS: bool = false;
    #[inline]
    fn event(&mut self, _event: Event) {}
}

impl Observer for alloc::vec::Vec<Event> {
    fn event(&mut self, event: Event) {
        self.push(event);
    }
}
