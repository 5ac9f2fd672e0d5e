//! An unchecked description of a four-row position, and its checks.

use alloc::vec::Vec;

use crate::game::Outcome;
use crate::player::Player;

use super::rules::{FourRowEnd, FourRowRules, MAX_HOLES, Opening};
use super::state::{FourRowGame, FourRowRulesError, start_ring};

/// An unchecked description of a [`FourRowGame`] position. Public fields,
/// no guarantees; [`FourRowGame::from_setup`] checks it.
///
/// # Examples
///
/// ```
/// use mancala_core::Player;
/// use mancala_core::four_rows::{FourRowGame, FourRowRules, FourRowSetup, FourRowSetupError};
///
/// // Tsoro with player 1's ring emptied by a capture: player 0 has won.
/// let mut setup = FourRowSetup::new(FourRowRules::tsoro());
/// setup.board[16..].fill(0);
/// setup.stores = [16, 0];
/// setup.to_move = Player::P1;
/// let game = FourRowGame::from_setup(setup.clone())?;
/// assert_eq!(game.result(), Some(mancala_core::Outcome::Winner(Player::P0)));
///
/// setup.board.pop();
/// assert_eq!(
///     FourRowGame::from_setup(setup),
///     Err(FourRowSetupError::BoardLength(31))
/// );
/// # Ok::<(), FourRowSetupError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct FourRowSetup {
    /// The rules.
    pub rules: FourRowRules,
    /// The player to move.
    pub to_move: Player,
    /// Seeds in each hole, canonical order (player 0's ring from his
    /// outer row's left, then player 1's).
    pub board: Vec<u16>,
    /// Seeds in each player's store (captured) or hand (to place), player
    /// 0 first.
    pub stores: [u16; 2],
    /// Whether each player's first move is still one of the fixed
    /// openings, player 0 first.
    pub opening: [bool; 2],
    /// The player who passed on the last turn (Hus (Nama)).
    pub passed: Option<Player>,
    /// The result, if the game is over (taken as given). Without one, the
    /// game is over if the rules say so for the player to move.
    pub result: Option<Outcome>,
}

impl FourRowSetup {
    /// The start of `rules` (not checked).
    pub fn new(rules: FourRowRules) -> FourRowSetup {
        let ring = start_ring(&rules);
        let n = rules.ring_len().min(ring.len());
        let board = [&ring[..n], &ring[..n]].concat();
        FourRowSetup {
            rules,
            board,
            stores: [rules.hand; 2],
            to_move: Player::P0,
            opening: [rules.opening != Opening::None; 2],
            passed: None,
            result: None,
        }
    }
}

/// Why a [`FourRowSetup`] is not a possible position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FourRowSetupError {
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] FourRowRulesError),
    /// The board has not four rows of the rules' holes.
    #[error("{0} holes given; the board has four rows of the rules' columns")]
    BoardLength(usize),
    /// More seeds than a store can count.
    #[error("{0} seeds in all; at most 65535 are played")]
    TooManySeeds(u32),
    /// A player who does not play a game of two.
    #[error("{0} does not play")]
    NoSuchPlayer(Player),
    /// Seeds in hand where the rules have none, or not as the players'
    /// alternate placing leaves them (equal hands with player 0 to place,
    /// player 1 one seed more with him to place).
    #[error("hands of {0} and {1} seeds are not what placing in turn leaves")]
    Hands(u16, u16),
    /// A fixed opening still to come where the rules have none, or for a
    /// player whose ring is no longer as at the start.
    #[error("{0} cannot still have his fixed opening to play")]
    Opening(Player),
    /// A pass where the rules have no such pass, by another player than
    /// the one who moved last, or by a player who had a move.
    #[error("{0} cannot have passed")]
    Passed(Player),
}

impl FourRowGame {
    /// The position `setup` describes, checked.
    ///
    /// # Errors
    ///
    /// A [`FourRowSetupError`] for rules that cannot be played, a board of
    /// the wrong length, too many seeds, a player who does not play, hands
    /// that placing in turn cannot leave, an opening still to come for a
    /// ring that has changed, or a pass that could not have been made.
    pub fn from_setup(setup: FourRowSetup) -> Result<FourRowGame, FourRowSetupError> {
        let mut game = FourRowGame::new(setup.rules)?;
        let holes = setup.rules.holes();
        if setup.board.len() != holes || holes > MAX_HOLES {
            return Err(FourRowSetupError::BoardLength(setup.board.len()));
        }
        let seeds = setup.board.iter().chain(&setup.stores);
        let total: u32 = seeds.map(|&s| u32::from(s)).sum();
        if total > u32::from(u16::MAX) {
            return Err(FourRowSetupError::TooManySeeds(total));
        }
        let winner = setup.result.and_then(Outcome::winner);
        let players = [Some(setup.to_move), setup.passed, winner];
        if let Some(p) = players.into_iter().flatten().find(|p| p.index() > 1) {
            return Err(FourRowSetupError::NoSuchPlayer(p));
        }
        game.board = [0; MAX_HOLES];
        game.board[..holes].copy_from_slice(&setup.board);
        game.stores = setup.stores;
        game.to_move = setup.to_move;
        game.to_open = setup.opening;
        game.passed = setup.passed;
        game.result = setup.result;
        game.memo.clear();
        check_hands(&game)?;
        check_opening(&game)?;
        check_passed(&game)?;
        game.judge();
        Ok(game)
    }

    /// The setup of this position ([`FourRowGame::from_setup`] gives it
    /// back).
    pub fn to_setup(&self) -> FourRowSetup {
        FourRowSetup {
            rules: self.rules,
            board: self.board().to_vec(),
            stores: self.stores,
            to_move: self.to_move,
            opening: self.to_open,
            passed: self.passed,
            result: self.result,
        }
    }
}

/// Hands are what placing in turn leaves.
fn check_hands(game: &FourRowGame) -> Result<(), FourRowSetupError> {
    let [a, b] = game.stores;
    let bad = Err(FourRowSetupError::Hands(a, b));
    if game.rules.hand == 0 || a == 0 && b == 0 {
        return Ok(());
    }
    match game.to_move {
        Player::P0 if a == b => Ok(()),
        Player::P1 if u32::from(b) == u32::from(a) + 1 => Ok(()),
        _ => bad,
    }
}

/// A player still to open has the start's ring.
fn check_opening(game: &FourRowGame) -> Result<(), FourRowSetupError> {
    let start = start_ring(&game.rules);
    let n = game.rules.ring_len();
    for player in [Player::P0, Player::P1] {
        if !game.must_open(player) {
            continue;
        }
        let first = game.rules.hole(player, 0);
        let unchanged = game.board[first..first + n] == start[..n];
        if game.rules.opening == Opening::None || !unchanged || game.is_placing() {
            return Err(FourRowSetupError::Opening(player));
        }
    }
    Ok(())
}

/// A pass was made by the player who moved last, who had no move (judged
/// while the game goes on: once it is over, the opponent's last lap has
/// changed the holes facing the passer's, which can give him a clockwise
/// sowing he did not have when he passed).
fn check_passed(game: &FourRowGame) -> Result<(), FourRowSetupError> {
    let Some(passer) = game.passed else {
        return Ok(());
    };
    let mut before = game.clone();
    before.to_move = passer;
    before.passed = None;
    before.memo.clear();
    let possible = game.rules.end == FourRowEnd::PassThenLose
        && passer != game.to_move
        && !game.is_placing()
        && (game.result.is_some() || !before.can_move(passer));
    if possible {
        Ok(())
    } else {
        Err(FourRowSetupError::Passed(passer))
    }
}
