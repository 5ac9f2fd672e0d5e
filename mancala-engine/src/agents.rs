//! Computer players on the family's [`Game`] interface.
//!
//! Sequential games (oware, kalah, numercy, robertson, mankka: their move is
//! their action) get [`SequentialAgent`]s: [`RandomAgent`], [`GreedyAgent`]
//! and [`AlphaBeta`], an iterative-deepening paranoid alpha-beta search with a
//! node budget and an optional time budget.
//!
//! Numa's simultaneous turns get [`NumaAgent`]s: [`NumaRandom`],
//! [`NumaGreedy`] and [`RegretMatching`], which solves the turn's matrix game
//! approximately and samples its mixed strategy. The stronger two-turn
//! search is [`NumaSearch`](crate::numa_search::NumaSearch).
//!
//! [`Openings`] starts every game of a match from a different random
//! position, so that agents that never vary still play different games.
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Status};
//! use mancala_engine::agents::{AlphaBeta, RandomAgent, SequentialAgent};
//!
//! let mut game = mancala_core::oware();
//! let mut search = AlphaBeta::new(500);
//! let mut random = RandomAgent::new(7);
//! for _ in 0..10 {
//!     let Status::ToMove(p) = game.status() else { break };
//!     let action = if p.index() == 0 {
//!         search.choose(&game)
//!     } else {
//!         random.choose(&game)
//!     };
//!     game.play(action.unwrap()).unwrap();
//! }
//! ```

use mancala_core::{Game, Outcome, Player, Status};

use crate::Rng;

mod alpha_beta;
mod numa_agents;
mod openings;
mod oracle;
#[cfg(test)]
mod tests;

pub use alpha_beta::{AlphaBeta, Iteration, SearchStats};
pub use numa_agents::{
    NumaAgent, NumaGreedy, NumaRandom, RegretMatching, numa_choices, numa_matrix, numa_payoff,
};
pub use openings::Openings;
pub use oracle::Oracle;

/// A player of a sequential game (any [`Game`]: the move is built from the
/// chosen action with [`Game::joint_move`]).
pub trait SequentialAgent<G: Game> {
    /// The action for the player to move, or `None` if nobody is to move (the
    /// game is over, or its turn is simultaneous) or he has no action.
    fn choose(&mut self, game: &G) -> Option<G::Action>;
}

/// The value of a position for `me`: his score minus the best of the others'.
pub fn score_margin<G: Game>(game: &G, me: Player) -> i64 {
    let scores = game.scores();
    let mine = scores.as_slice().get(me.index()).copied().unwrap_or(0);
    let best_other = scores
        .iter()
        .filter(|(p, _)| *p != me)
        .map(|(_, s)| *s)
        .max()
        .unwrap_or(0);
    clamp_i64(mine) - clamp_i64(best_other)
}

fn clamp_i64(x: u64) -> i64 {
    i64::try_from(x).unwrap_or(i64::MAX / 4).min(i64::MAX / 4)
}

/// The bonus added to (or taken from) the margin of a finished game.
pub const WIN_BONUS: i64 = 1_000_000;

/// The value of a finished game for `me`: the margin, plus [`WIN_BONUS`] if
/// he won, minus it if someone else did.
pub fn terminal_value<G: Game>(game: &G, me: Player, outcome: Outcome) -> i64 {
    let margin = score_margin(game, me);
    match outcome {
        Outcome::Winner(p) if p == me => margin + WIN_BONUS,
        Outcome::Winner(_) => margin - WIN_BONUS,
        Outcome::Draw => margin,
    }
}

/// Chooses uniformly among the legal actions (seeded).
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: Rng,
}

impl RandomAgent {
    /// A random player started from `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: Rng::new(seed),
        }
    }
}

impl<G: Game> SequentialAgent<G> for RandomAgent {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let Status::ToMove(p) = game.status() else {
            return None;
        };
        let actions = game.legal_actions(p);
        actions.get(self.rng.below(actions.len())).copied()
    }
}

/// Chooses the action with the best [`score_margin`] for the mover right
/// after it (a finished game counts by [`terminal_value`]); the first of
/// equals.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyAgent;

impl<G: Game> SequentialAgent<G> for GreedyAgent {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let Status::ToMove(me) = game.status() else {
            return None;
        };
        let mut best: Option<(i64, G::Action)> = None;
        for &action in game.legal_actions(me).iter() {
            let mut next = game.clone();
            let Ok(mv) = game.joint_move(&[(me, action)]) else {
                continue;
            };
            next.play_unchecked(mv);
            let value = match next.status() {
                Status::Over(outcome) => terminal_value(&next, me, outcome),
                _ => score_margin(&next, me),
            };
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, action));
            }
        }
        best.map(|(_, a)| a)
    }
}
