//! Matches of rounds with closed holes: the sowing games of South and
//! South-East Asia and their neighbours (Sungka, Congkak, Galatjang,
//! Ovalhu, Erherhe, Khrour, Dakon, Pallanguzhi) as Ludii plays them.
//!
//! A match is a series of rounds. When a round ends each player takes the
//! seeds he won and fills his holes again from them, one hole a turn, the
//! players alternating ([`RoundAction::Fill`]); a hole he cannot fill is
//! closed for the next round: never sown from, and passed over by the laps
//! of the games that say so. The match ends when a player cannot fill a
//! single hole. [`RoundRules`] holds each game's rules as data, one preset
//! a game; [`RoundGame`] plays them through the [`Game`]
//! trait, each decision an action: a sowing, a choice in the middle of a
//! move (Dakon), a fill, a pass.
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Pit};
//! use mancala_core::rounds::{RoundAction, RoundGame, RoundRules};
//!
//! let mut game = RoundGame::new(RoundRules::erherhe())?;
//! // Four seeds from hole 3 into holes 4 to 7: hole 7, in the opponent's
//! // row, now holds 5: no capture.
//! game.play(RoundAction::Sow(Pit::new(3).unwrap()))?;
//! assert_eq!(game.board(), [4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod action;
mod refill;
mod rules;
mod rules_text;
mod setup;
mod state;
mod text;

pub use action::{RoundAction, RoundActionError};
pub use rules::{
    CountTake, FillOrder, LoneSeed, MAX_ROUND_HOUSES, MatchEnd, PartialFill, RoundEnd, RoundRelay,
    RoundRules, SownStores,
};
pub use rules_text::RoundRulesTextError;
pub use setup::{RoundSetup, RoundSetupError};
pub use state::{MAX_RELAY_SEEDS, RoundGame, RoundPlayError, RoundRulesError, RoundTurn, Stage};

use crate::game::{Game, KeyHasher, Status};

/// The legal actions of a position, inline: at most a sowing and a fill a
/// hole of one's row, the two choices and a pass (so never an
/// allocation).
pub type RoundActions = arrayvec::ArrayVec<RoundAction, { 2 * MAX_ROUND_HOUSES + 3 }>;
use crate::pit::Pit;
use crate::player::{ByPlayer, Player};

impl Default for RoundGame {
    /// The first round of Sungka.
    fn default() -> RoundGame {
        match RoundGame::new(RoundRules::sungka()) {
            Ok(game) => game,
            Err(_) => unreachable!("Sungka's rules are valid"),
        }
    }
}

impl Game for RoundGame {
    crate::sequential_game!(
        players: 2,
        move: RoundAction,
        actions: RoundActions,
        report: RoundTurn,
        error: RoundPlayError,
    );

    fn status(&self) -> Status {
        match self.outcome() {
            Some(outcome) => Status::Over(outcome),
            None => Status::ToMove(self.player_to_move()),
        }
    }

    /// The sowable holes, the two choices, the holes a player may fill, or
    /// only `pass`; empty unless `player` is to act.
    fn legal_actions(&self, player: Player) -> RoundActions {
        if self.winner().is_some() || player != self.player_to_move() {
            return RoundActions::new();
        }
        // Stage by stage, the actions `allows` accepts (each hole's relays
        // tried once): only his own holes are sown or filled, never more
        // than the list holds.
        let mut actions = RoundActions::new();
        match self.stage() {
            Stage::Sow => actions.extend(
                self.row(player)
                    .filter(|&h| self.sowable(player, h) && !self.endless(h))
                    .map(|h| RoundAction::Sow(Pit::from_index(h))),
            ),
            Stage::Choose(hole) => {
                if !self.endless(hole.index()) {
                    actions.push(RoundAction::Relay);
                }
                actions.push(RoundAction::Capture);
            }
            Stage::Refill(_) => actions.extend(
                self.fillable(player)
                    .map(|h| RoundAction::Fill(Pit::from_index(h))),
            ),
            Stage::Won(_) => {}
        }
        if actions.is_empty() && !matches!(self.stage(), Stage::Won(_)) {
            actions.push(RoundAction::Pass);
        }
        actions
    }

    fn is_legal(&self, action: &RoundAction) -> bool {
        self.winner().is_none() && self.allows(*action)
    }

    /// # Errors
    ///
    /// [`RoundPlayError::MatchOver`] once the match is over, and
    /// [`RoundPlayError::Illegal`] for an action the player to move may not
    /// take; the state is then unchanged.
    fn play(&mut self, action: RoundAction) -> Result<RoundTurn, RoundPlayError> {
        if self.winner().is_some() {
            return Err(RoundPlayError::MatchOver);
        }
        if !self.allows(action) {
            return Err(RoundPlayError::Illegal { action });
        }
        Ok(self.apply(action))
    }

    /// # Panics
    ///
    /// Never panics: an action that is not legal changes nothing (the
    /// report says nothing was done).
    fn play_unchecked(&mut self, action: RoundAction) -> RoundTurn {
        let mover = self.player_to_move();
        self.play(action)
            .unwrap_or_else(|_| RoundTurn::nothing(mover, action))
    }

    /// Each player's store (or hand); between rounds, with the seeds he
    /// has put back into his holes, so that a fill does not change what a
    /// player holds (a round's end has emptied every hole, so those seeds
    /// are all his).
    fn scores(&self) -> ByPlayer<u64> {
        let [mut a, mut b] = self.stores().map(u64::from);
        if self.is_refilling() {
            let (south, north) = self.board().split_at(usize::from(self.rules().houses));
            a += south.iter().map(|&s| u64::from(s)).sum::<u64>();
            b += north.iter().map(|&s| u64::from(s)).sum::<u64>();
        }
        ByPlayer::from_slice(&[a, b])
    }

    /// Hashes the board, the stores, the closed holes, the round, the
    /// player to move and the stage.
    fn key(&self) -> u64 {
        let mut hasher = KeyHasher::new();
        hasher.write_counts(self.board());
        let [a, b] = self.stores();
        let stage = match self.stage() {
            Stage::Sow => 0,
            Stage::Choose(pit) => 1 | (pit.index() as u64) << 8,
            Stage::Refill(None) => 2,
            Stage::Refill(Some(p)) => 3 | (p.index() as u64) << 8,
            Stage::Won(p) => 4 | (p.index() as u64) << 8,
        };
        let closed: u64 = self.closed().map(|p| 1 << p.index()).sum();
        hasher.write(
            u64::from(a) | u64::from(b) << 16 | (self.player_to_move().index() as u64) << 32,
        );
        hasher.write(closed | u64::from(self.round()) << 32);
        hasher.write(stage);
        hasher.finish()
    }
}
