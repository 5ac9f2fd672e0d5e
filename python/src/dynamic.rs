//! Any game of the registry behind one object-safe interface over
//! integer actions ([`Dynamic`]), implemented once for every [`Coded`] game.

use mancala_core::{Game, Outcome, Player, Status};
use mancala_engine::{AnyGame, GameState};

use crate::encode::Coded;

/// Why a move was refused.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// The integer names no action of the game.
    NoSuchAction(usize),
    /// The action is not legal here.
    Illegal(String),
    /// The number of actions does not match the players acting.
    Count { expected: usize, given: usize },
    /// The game is over.
    Over,
    /// The game refused the move (a relay it could not decide, say).
    Refused(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NoSuchAction(a) => write!(f, "action {a} names no move of this game"),
            Refusal::Illegal(what) => write!(f, "illegal action: {what}"),
            Refusal::Count { expected, given } => write!(
                f,
                "this turn takes {expected} action(s), one for each acting player, not {given}"
            ),
            Refusal::Over => write!(f, "the game is over"),
            Refusal::Refused(why) => write!(f, "move refused: {why}"),
        }
    }
}

/// A game position over integer actions.
pub(crate) trait Dynamic: Send + Sync {
    /// A copy.
    fn clone_box(&self) -> Box<dyn Dynamic>;
    /// Who acts, or the outcome.
    fn status(&self) -> Status;
    /// Players.
    fn players(&self) -> usize;
    /// `player`'s legal actions, ascending (none if he is not acting).
    fn legal(&self, player: Player) -> Vec<usize>;
    /// Plays one action for each acting player (in player order); on error
    /// nothing changes.
    fn apply(&mut self, actions: &[usize]) -> Result<(), Refusal>;
    /// Scores in player order.
    fn scores(&self) -> Vec<u64>;
    /// The transposition key.
    fn key(&self) -> u64;
    /// The notation.
    fn text(&self) -> String;
    /// The text of an action (`None` if it names none).
    fn action_text(&self, action: usize) -> Option<String>;
    /// Action integers.
    fn num_actions(&self) -> usize;
    /// Observation length.
    fn observation_len(&self) -> usize;
    /// Writes the observation.
    fn observe(&self, out: &mut [f32]);
    /// Writes `player`'s action mask (1 legal, 0 not) into `out`.
    fn mask(&self, player: Player, out: &mut [bool]);
    /// `player`'s action by the engine ([`Coded::computer`]).
    fn computer(&self, player: Player, greedy: bool, nodes: u64) -> Option<usize>;
}

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

impl<G: Coded> Dynamic for G {
    fn clone_box(&self) -> Box<dyn Dynamic> {
        Box::new(self.clone())
    }
    fn status(&self) -> Status {
        Game::status(self)
    }
    fn players(&self) -> usize {
        self.player_count()
    }
    fn legal(&self, player: Player) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .legal_actions(player)
            .iter()
            .map(|&a| self.encode(a))
            .collect();
        out.sort_unstable();
        out
    }
    fn apply(&mut self, actions: &[usize]) -> Result<(), Refusal> {
        let players: Vec<Player> = Game::status(self).acting().iter().collect();
        if players.is_empty() {
            return Err(Refusal::Over);
        }
        if players.len() != actions.len() {
            return Err(Refusal::Count {
                expected: players.len(),
                given: actions.len(),
            });
        }
        let mut choices = Vec::with_capacity(actions.len());
        for (&p, &a) in players.iter().zip(actions) {
            let action = self.decode(a).ok_or(Refusal::NoSuchAction(a))?;
            if !self.legal_actions(p).contains(&action) {
                return Err(Refusal::Illegal(format!(
                    "{a} ({action}) is not a legal move of player {} here",
                    p.index()
                )));
            }
            choices.push((p, action));
        }
        let mv = self
            .joint_move(&choices)
            .map_err(|e| Refusal::Refused(e.to_string()))?;
        self.play(mv)
            .map(drop)
            .map_err(|e| Refusal::Refused(e.to_string()))
    }
    fn scores(&self) -> Vec<u64> {
        Game::scores(self).iter().map(|(_, &s)| s).collect()
    }
    fn key(&self) -> u64 {
        Game::key(self)
    }
    fn text(&self) -> String {
        self.to_string()
    }
    fn action_text(&self, action: usize) -> Option<String> {
        self.decode(action).map(|a| a.to_string())
    }
    fn num_actions(&self) -> usize {
        Coded::num_actions(self)
    }
    fn observation_len(&self) -> usize {
        Coded::observation_len(self)
    }
    fn observe(&self, out: &mut [f32]) {
        Coded::observe(self, out);
    }
    fn computer(&self, player: Player, greedy: bool, nodes: u64) -> Option<usize> {
        Coded::computer(self, player, greedy, nodes).map(|a| self.encode(a))
    }
    fn mask(&self, player: Player, out: &mut [bool]) {
        out.fill(false);
        let acts = match Game::status(self) {
            Status::ToMove(p) => p == player,
            Status::Simultaneous(set) => set.contains(player),
            Status::Over(_) => false,
        };
        if acts {
            for &a in self.legal_actions(player).iter() {
                if let Some(slot) = out.get_mut(self.encode(a)) {
                    *slot = true;
                }
            }
        }
    }
}

/// The game of a registry entry as a [`Dynamic`] (`None` for a family
/// of the registry this extension does not encode yet).
pub(crate) fn boxed(game: AnyGame) -> Option<Box<dyn Dynamic>> {
    Some(match game.into_state() {
        GameState::Mancala(g) => Box::new(g),
        GameState::Toguz(g) => Box::new(g),
        GameState::Numercy(g) => Box::new(g),
        GameState::Robertson(g) => Box::new(g),
        GameState::Mankka(g) => Box::new(g),
        GameState::Numa(g) => Box::new(g),
        _ => return None,
    })
}
