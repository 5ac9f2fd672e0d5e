//! What a sowing gives back: where it ended ([`Landing`], [`Sown`]) or why
//! it was refused ([`SowError`], [`EndlessRelay`], [`Undecided`]).

use crate::pit::Pit;
use crate::player::Player;

/// Where the last seed of a move fell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Landing {
    /// In a hole. For a move ended by [`Endless::Stop`](crate::rules::Endless::Stop), the hole about to be
    /// lifted.
    Hole(Pit),
    /// In this player's store.
    Store(Player),
}

/// The result of a completed sowing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Sown {
    /// Where the last seed fell.
    pub landing: Landing,
    /// Laps sown (1 for a single-lap move).
    pub laps: u64,
    /// The move relayed forever and was ended by [`Endless::Stop`](crate::rules::Endless::Stop).
    pub endless: bool,
}

/// A move that relays forever, refused under [`Endless::Forbid`](crate::rules::Endless::Forbid).
///
/// Lap starts (board and the hole about to be lifted) are numbered from 0, the
/// move's first lift. Lap start `laps_before_cycle + cycle_laps` is the first
/// to repeat an earlier one, lap start `laps_before_cycle`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("the relay never ends: after {laps_before_cycle} laps it repeats every {cycle_laps} laps")]
pub struct EndlessRelay {
    /// Laps sown before the cycle begins.
    pub laps_before_cycle: u64,
    /// Laps in one turn of the cycle.
    pub cycle_laps: u64,
}

/// A move whose relays the work budget could not decide: it neither ended
/// nor repeated a lap start within the seeds the call's [`Budget`] let the
/// sower sow. Such a move is never judged: whatever needed the decision
/// fails with this error and changes nothing.
///
/// [`Budget`]: crate::Budget
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error(
    "hole {pit} of {player}: its relays were not decided within the work budget of {budget} seeds sown (a limit the program sets: Budget)"
)]
pub struct Undecided {
    /// The hole sown.
    pub pit: Pit,
    /// The player sowing it.
    pub player: Player,
    /// The call's budget, in seeds sown ([`Budget::limit`](crate::Budget::limit)).
    pub budget: u64,
}

/// Why the sower refused to sow.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum SowError {
    /// The hole is not on the board.
    #[error("hole {0} is not on the board")]
    NotOnBoard(Pit),
    /// The hole is empty.
    #[error("hole {0} is empty")]
    EmptyHole(Pit),
    /// The relays never end and the policy forbids such moves.
    #[error(transparent)]
    Endless(#[from] EndlessRelay),
    /// The relays were not decided within the work budget.
    #[error(transparent)]
    Undecided(#[from] Undecided),
}
