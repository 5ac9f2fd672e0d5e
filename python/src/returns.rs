//! Each player's return from a game's status: what `State.returns()` and
//! `VectorEnv.step` give.

use mancala_core::{Outcome, Status};

/// Each player's return: 1 for the winner, the rest sharing -1, 0 for a
/// draw or a game not over.
pub(crate) fn returns(status: Status, players: usize) -> Vec<f64> {
    (0..players)
        .map(|i| return_of(status, players, i))
        .collect()
}

/// Player `i`'s return among `players` (see [`returns`]).
pub(crate) fn return_of(status: Status, players: usize, i: usize) -> f64 {
    match status {
        Status::Over(Outcome::Winner(w)) if i == w.index() => 1.0,
        Status::Over(Outcome::Winner(_)) => -1.0 / (players.max(2) - 1) as f64,
        _ => 0.0,
    }
}
