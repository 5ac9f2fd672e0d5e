//! Games on four rows: the sowing games of southern and eastern Africa and
//! Arabia in which each player owns two rows, his *ring*, and sows round it
//! only (Hus (Nama), Tsoro, Moruba, Hawalis, Hus (Damara), Omweso) as
//! Ludii plays them.
//!
//! A board of 4 rows of `C` holes has `4C` holes, numbered canonically:
//! hole `2C p + k` is player `p`'s ring position `k`, his outer row from
//! his own left (`k < C`), then his inner row back from his own right.
//! Sowing goes counter-clockwise, `k` to `k + 1` (Omweso allows some
//! clockwise moves). A player's inner hole faces the opponent's inner hole
//! across the board, with the opponent's outer hole behind it: captures
//! take from those two ([`FourRowRules::place`] says where each hole is
//! drawn). [`FourRowRules`] holds each game's rules as data, one preset a
//! game; [`FourRowGame`] plays them through the [`Game`] trait, each whole
//! turn an action ([`FourRowAction`]: a sowing, a clockwise sowing, a
//! placing, a pass).
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Pit};
//! use mancala_core::four_rows::{FourRowAction, FourRowGame, FourRowRules};
//!
//! let mut game = FourRowGame::new(FourRowRules::tsoro())?;
//! // Two seeds from hole 5 into 6 and 7: hole 7 now holds 3, and relays
//! // into 8, 9 and 10 (the inner row): hole 10 now holds 1, and player
//! // 1's inner hole facing it is empty: the turn is over.
//! let turn = game.play(FourRowAction::Sow(Pit::new(5).unwrap()))?;
//! assert_eq!(turn.laps, 2);
//! assert_eq!(game.board()[..11], [2, 2, 2, 2, 2, 0, 3, 0, 1, 1, 1]);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod action;
mod geometry;
mod rules;
mod rules_text;
mod setup;
mod state;
mod text;
mod turn;

pub use action::{FourRowAction, FourRowActionError};
pub use geometry::HolePlace;
pub use rules::{
    AfterCapture, CapturedSeeds, Fallback, FourRowCapture, FourRowEnd, FourRowRules, LandingCount,
    MAX_COLUMNS, Opening, Taken,
};
pub use setup::{FourRowSetup, FourRowSetupError};
pub use state::{FourRowGame, FourRowPlayError, FourRowRulesError, FourRowTurn, MAX_RELAY_SEEDS};

use crate::game::{Game, KeyHasher, Status};
use crate::pit::Pit;
use crate::player::{ByPlayer, Player};

/// The legal actions of a position, inline: at most a sowing of every hole
/// of one's ring, four clockwise ones and a pass (so never an allocation).
pub type FourRowActions = arrayvec::ArrayVec<FourRowAction, { 2 * MAX_COLUMNS + 5 }>;

impl Default for FourRowGame {
    /// The start of Tsoro.
    fn default() -> FourRowGame {
        let tsoro = FourRowGame::new(FourRowRules::tsoro());
        tsoro.unwrap_or_else(|_| unreachable!("Tsoro's rules are valid"))
    }
}

impl Game for FourRowGame {
    crate::sequential_game!(
        players: 2,
        move: FourRowAction,
        actions: FourRowActions,
        report: FourRowTurn,
        error: FourRowPlayError,
    );

    fn status(&self) -> Status {
        let to_move = Status::ToMove(self.player_to_move());
        self.result().map_or(to_move, Status::Over)
    }

    /// The player's holes he may place into, or sow (counter-clockwise,
    /// then clockwise), or only `pass`; empty unless `player` is to act.
    fn legal_actions(&self, player: Player) -> FourRowActions {
        if self.result().is_some() || player != self.player_to_move() {
            return FourRowActions::new();
        }
        let first = self.rules().hole(player, 0);
        let ring = (first..first + self.rules().ring_len()).filter_map(Pit::new);
        // The actions `allows` accepts, phase by phase: placings, or the
        // sowings (clockwise ones only under rules that have them), else a
        // pass. Placings and sowings never come together, and clockwise
        // ones are only from four holes: never more than the list holds.
        let mut actions = FourRowActions::new();
        if self.is_placing() {
            actions.extend(ring.map(FourRowAction::Place).filter(|&a| self.allows(a)));
        } else {
            let sowings = ring.clone().map(FourRowAction::Sow);
            let clockwise = ring
                .filter(|_| self.rules().clockwise)
                .map(FourRowAction::SowClockwise);
            actions.extend(sowings.chain(clockwise).filter(|&a| self.allows(a)));
            if actions.is_empty() && self.allows(FourRowAction::Pass) {
                actions.push(FourRowAction::Pass);
            }
        }
        actions
    }

    fn is_legal(&self, action: &FourRowAction) -> bool {
        self.allows(*action)
    }

    /// # Errors
    ///
    /// [`FourRowPlayError::GameOver`] once the game is over, and
    /// [`FourRowPlayError::Illegal`] for an action the player to move may
    /// not take; the state is then unchanged.
    fn play(&mut self, action: FourRowAction) -> Result<FourRowTurn, FourRowPlayError> {
        match self.result() {
            Some(_) => Err(FourRowPlayError::GameOver),
            None if self.allows(action) => Ok(self.apply(action)),
            None => Err(FourRowPlayError::Illegal { action }),
        }
    }

    /// # Panics
    ///
    /// Never panics: an action that is not legal changes nothing, and its
    /// report says so (no lap, nothing captured).
    fn play_unchecked(&mut self, action: FourRowAction) -> FourRowTurn {
        let refused = FourRowTurn::new(self.player_to_move(), action);
        self.play(action).unwrap_or(refused)
    }

    /// Each player's score ([`FourRowGame::score`]).
    fn scores(&self) -> ByPlayer<u64> {
        let [a, b] = [Player::P0, Player::P1].map(|p| u64::from(self.score(p)));
        ByPlayer::from_slice(&[a, b])
    }

    /// Hashes the board, the stores, the player to move, the openings to
    /// come, the pass and the result.
    fn key(&self) -> u64 {
        let mut hasher = KeyHasher::new();
        hasher.write_counts(self.board());
        let [a, b] = self.stores();
        let flags = u64::from(self.must_open(Player::P0))
            | u64::from(self.must_open(Player::P1)) << 1
            | self.passed().map_or(0, |p| 4 << p.index())
            | match self.result() {
                None => 0,
                Some(crate::Outcome::Draw) => 16,
                Some(crate::Outcome::Winner(p)) => 32 << p.index(),
            };
        hasher.write(
            u64::from(a) | u64::from(b) << 16 | (self.player_to_move().index() as u64) << 32,
        );
        hasher.write(flags);
        hasher.finish()
    }
}
