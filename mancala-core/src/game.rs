//! The family's game interface, for sequential and simultaneous games.

use core::fmt::Debug;
use core::ops::Deref;

use crate::{ByPlayer, Player, PlayerSet};

/// How a finished game ended, in absolute terms.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// This player won.
    Winner(Player),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The outcome of final scores: the single highest score wins, a shared
    /// highest score is a draw.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Outcome, Player};
    ///
    /// assert_eq!(Outcome::from_scores(&[20, 28]), Outcome::Winner(Player::P1));
    /// assert_eq!(Outcome::from_scores(&[24, 24]), Outcome::Draw);
    /// assert_eq!(Outcome::from_scores(&[9, 9, 3]), Outcome::Draw);
    /// ```
    pub fn from_scores<T: Ord + Copy>(scores: &[T]) -> Outcome {
        let Some(best) = scores.iter().copied().max() else {
            return Outcome::Draw;
        };
        let mut leaders = scores.iter().enumerate().filter(|(_, s)| **s == best);
        match (leaders.next(), leaders.next()) {
            (Some((i, _)), None) => Player::new(i).map_or(Outcome::Draw, Outcome::Winner),
            _ => Outcome::Draw,
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Winner(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

/// Who must act now.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// One player moves (sequential games; Kalah's extra turn simply names the
    /// same player again).
    ToMove(Player),
    /// These players all choose at once (simultaneous games such as Numa);
    /// `play` takes their joint move.
    Simultaneous(PlayerSet),
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// The outcome, if the game is over.
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Over(o) => Some(o),
            _ => None,
        }
    }

    /// Whether `player` must act now.
    pub const fn must_act(self, player: Player) -> bool {
        match self {
            Status::ToMove(p) => p.index() == player.index(),
            Status::Simultaneous(set) => set.contains(player),
            Status::Over(_) => false,
        }
    }
}

/// The interface every game of the family implements, sequential or
/// simultaneous (after OpenSpiel's `State`).
///
/// A state says who must act ([`status`](Game::status)); each acting player
/// chooses among his [`legal_actions`](Game::legal_actions); the chosen
/// actions form one [`Move`](Game::Move) that [`play`](Game::play) applies. In
/// a sequential game a move is one action; in a simultaneous game it holds an
/// action for every acting player. Players need not alternate: read the
/// status after every move.
///
/// # Examples
///
/// A generic random playout, for any sequential game whose move is its
/// action:
///
/// ```
/// use mancala_core::{Game, Status};
///
/// fn playout<G: Game>(mut game: G, mut pick: impl FnMut(usize) -> usize) -> G
/// where
///     G::Move: From<G::Action>,
/// {
///     while let Status::ToMove(p) = game.status() {
///         let actions = game.legal_actions(p);
///         let action = actions[pick(actions.len())];
///         game.play(action.into()).expect("legal actions are accepted");
///     }
///     game
/// }
///
/// let mut n = 0;
/// let end = playout(mancala_core::oware(), |len| { n += 7; n % len });
/// assert!(end.status().outcome().is_some());
/// ```
pub trait Game: Clone {
    /// What one player chooses when he acts.
    type Action: Copy + Eq + Debug;
    /// What [`play`](Game::play) applies: one action in a sequential game, one
    /// action per acting player in a simultaneous game.
    type Move: Clone + Debug;
    /// The list [`legal_actions`](Game::legal_actions) returns (inline storage
    /// for the standard boards).
    type Actions: Deref<Target = [Self::Action]>;
    /// Why a move was refused.
    type Error: core::error::Error;

    /// Number of players.
    fn player_count(&self) -> usize;

    /// Who must act now, or the outcome.
    fn status(&self) -> Status;

    /// The actions `player` may choose now, in a stable order; empty if he
    /// need not act.
    fn legal_actions(&self, player: Player) -> Self::Actions;

    /// Whether [`play`](Game::play) would accept `mv`.
    fn is_legal(&self, mv: &Self::Move) -> bool;

    /// Applies a move after checking it.
    ///
    /// # Errors
    ///
    /// If the move is not legal now; the state is then exactly as it was.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::Error>;

    /// Applies a move known to be legal, skipping the checks that can be
    /// skipped.
    ///
    /// # Panics
    ///
    /// May panic, or leave a state that breaks the game's rules, if `mv` is not
    /// legal. It never causes undefined behaviour.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Each player's score now (final scores once the game is over).
    fn scores(&self) -> ByPlayer<u64>;

    /// The outcome, if the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// The player to move in a sequential turn, if any.
    fn to_move(&self) -> Option<Player> {
        match self.status() {
            Status::ToMove(p) => Some(p),
            _ => None,
        }
    }
}

/// Implements [`Game`] for a sequential game (one player acts at a time, a
/// move is one action) from its inherent methods, which every sequential game
/// of the workspace provides with these names and meanings:
/// `turn() -> Option<Player>` (the player to move, `None` once over),
/// `outcome() -> Option<Outcome>`, `legal_moves() -> Actions`,
/// `is_legal(Action) -> bool`, `play(Action) -> Result<_, Error>` (state
/// unchanged on error), `play_unchecked(Action) -> _` and
/// `scores() -> ByPlayer<u64>`. `players` computes the player count from
/// `self`.
///
/// ```ignore
/// mancala_core::impl_sequential_game!(Numercy {
///     action: Pit, actions: MoveList, error: PlayError, players: |_game| 2
/// });
/// ```
#[macro_export]
macro_rules! impl_sequential_game {
    ($state:ty {
        action: $action:ty,
        actions: $actions:ty,
        error: $error:ty,
        players: |$game:ident| $players:expr $(,)?
    }) => {
        impl $crate::Game for $state {
            type Action = $action;
            type Move = $action;
            type Actions = $actions;
            type Error = $error;

            fn player_count(&self) -> usize {
                let $game = self;
                $players
            }

            fn status(&self) -> $crate::Status {
                match (<$state>::outcome(self), <$state>::turn(self)) {
                    (Some(outcome), _) => $crate::Status::Over(outcome),
                    (None, Some(player)) => $crate::Status::ToMove(player),
                    (None, None) => $crate::Status::Over($crate::Outcome::Draw),
                }
            }

            fn legal_actions(&self, player: $crate::Player) -> $actions {
                if <$state>::turn(self) == Some(player) {
                    <$state>::legal_moves(self)
                } else {
                    <$actions>::new()
                }
            }

            fn is_legal(&self, mv: &$action) -> bool {
                <$state>::is_legal(self, *mv)
            }

            fn play(&mut self, mv: $action) -> Result<(), $error> {
                <$state>::play(self, mv).map(|_| ())
            }

            fn play_unchecked(&mut self, mv: $action) {
                let _ = <$state>::play_unchecked(self, mv);
            }

            fn scores(&self) -> $crate::ByPlayer<u64> {
                <$state>::scores(self)
            }
        }
    };
}
