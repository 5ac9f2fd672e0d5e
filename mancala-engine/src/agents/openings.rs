//! [`Openings`]: random starting positions, none used twice.

use std::collections::HashSet;

use mancala_core::{Game, Player, Status};

use crate::Rng;

/// Random openings, each leading to a position no earlier opening reached:
/// a match whose games start from them plays a different game every time,
/// even between deterministic agents.
///
/// An opening is `plies` moves (turns in a simultaneous game) of uniformly
/// random legal actions (seeded). When [`Openings::TRIES`] draws in a row
/// reach positions already used (or end the game), openings grow by a move.
/// Positions are told apart by [`Game::key`].
///
/// # Examples
///
/// ```
/// use mancala_core::Game;
/// use mancala_engine::agents::Openings;
///
/// let mut openings = Openings::new(7, 2);
/// let start = mancala_core::oware();
/// let a = openings.next(&start).unwrap();
/// let b = openings.next(&start).unwrap();
/// assert_ne!(a.key(), b.key());
/// assert!(!a.is_over() && !b.is_over());
/// ```
#[derive(Clone, Debug)]
pub struct Openings {
    rng: Rng,
    plies: usize,
    used: HashSet<u64>,
}

impl Openings {
    /// Draws in a row that may fail before openings grow by a move.
    pub const TRIES: usize = 1_000;
    /// The longest opening tried.
    pub const MAX_PLIES: usize = 1_000;

    /// Openings of at least `plies` moves, drawn from `seed`.
    pub fn new(seed: u64, plies: usize) -> Openings {
        Openings {
            rng: Rng::new(seed),
            plies,
            used: HashSet::new(),
        }
    }

    /// The next opening from `start`: a position reached by random legal
    /// play, the game not over, no earlier opening's position; `None` if
    /// even openings of [`Openings::MAX_PLIES`] moves find none (or
    /// `start` is over). With 0 plies, `start` itself every time.
    pub fn next<G: Game>(&mut self, start: &G) -> Option<G> {
        if start.is_over() {
            return None;
        }
        if self.plies == 0 {
            return Some(start.clone());
        }
        while self.plies <= Self::MAX_PLIES {
            for _ in 0..Self::TRIES {
                if let Some(game) = self.draw(start)
                    && self.used.insert(game.key())
                {
                    return Some(game);
                }
            }
            self.plies += 1;
        }
        None
    }

    /// `plies` random moves from `start`, or `None` if the game ends.
    fn draw<G: Game>(&mut self, start: &G) -> Option<G> {
        let mut game = start.clone();
        for _ in 0..self.plies {
            let acting: Vec<Player> = match game.status() {
                Status::Over(_) => return None,
                Status::ToMove(p) => vec![p],
                Status::Simultaneous(set) => set.iter().collect(),
            };
            let choices: Vec<(Player, G::Action)> = acting
                .into_iter()
                .map(|p| {
                    let legal = game.legal_actions(p);
                    legal.get(self.rng.below(legal.len())).map(|&a| (p, a))
                })
                .collect::<Option<_>>()?;
            let mv = game.joint_move(&choices).ok()?;
            game.play(mv).ok()?;
        }
        (!game.is_over()).then_some(game)
    }
}
