//! An unchecked description of a match of rounds, and its checks.

use alloc::vec::Vec;

use crate::pit::Pit;
use crate::player::Player;

use super::rules::{PartialFill, RoundRelay, RoundRules};
use super::state::{RoundGame, RoundRulesError, Stage};

/// An unchecked description of a [`RoundGame`] position. Public fields, no
/// guarantees; [`RoundGame::from_setup`] checks it.
///
/// # Examples
///
/// ```
/// use mancala_core::{Pit, Player};
/// use mancala_core::rounds::{RoundGame, RoundRules, RoundSetup, RoundSetupError, Stage};
///
/// // Congkak's second round: player 1 could fill four holes only.
/// let mut setup = RoundSetup::new(RoundRules::congkak());
/// setup.board = vec![6, 6, 6, 6, 6, 6, 0, 0, 6, 6, 6, 6];
/// setup.stores = [10, 2];
/// setup.closed = vec![Pit::new(6).unwrap(), Pit::new(7).unwrap()];
/// setup.round = 2;
/// let game = RoundGame::from_setup(setup.clone())?;
/// assert_eq!(game.closed().count(), 2);
///
/// // Congkak's laps pass closed holes over: one cannot hold seeds.
/// setup.board[6] = 1;
/// assert_eq!(
///     RoundGame::from_setup(setup),
///     Err(RoundSetupError::SeedsInClosedHole(Pit::new(6).unwrap()))
/// );
/// # Ok::<(), RoundSetupError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct RoundSetup {
    /// The rules.
    pub rules: RoundRules,
    /// Seeds in each hole, canonical order (player 0's row from his left,
    /// then player 1's).
    pub board: Vec<u16>,
    /// Seeds in each player's store or hand, player 0 first.
    pub stores: [u16; 2],
    /// The holes closed in the round being played.
    pub closed: Vec<Pit>,
    /// The round being played, from 1.
    pub round: u32,
    /// The player to move.
    pub to_move: Player,
    /// What the players are doing.
    pub stage: Stage,
}

impl RoundSetup {
    /// The first round's start of `rules` (not checked).
    pub fn new(rules: RoundRules) -> RoundSetup {
        RoundSetup {
            rules,
            board: alloc::vec![rules.seeds; rules.holes()],
            stores: [0; 2],
            closed: Vec::new(),
            round: 1,
            to_move: Player::P0,
            stage: Stage::Sow,
        }
    }
}

/// Why a [`RoundSetup`] is not a possible position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RoundSetupError {
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] RoundRulesError),
    /// The board has not two rows of the rules' houses.
    #[error("{given} holes given for a board of {expected}")]
    BoardLength {
        /// The holes the rules' board has.
        expected: usize,
        /// The holes given.
        given: usize,
    },
    /// More seeds than a store can count.
    #[error("{0} seeds in all is more than 65535")]
    TooManySeeds(u32),
    /// A closed hole off the board.
    #[error("closed hole {0} is not on the board")]
    ClosedOffBoard(Pit),
    /// A closed hole holds seeds while the laps pass closed holes over (and
    /// no partial fill can leave seeds in a closed hole).
    #[error("closed hole {0} holds seeds, and the laps pass closed holes over")]
    SeedsInClosedHole(Pit),
    /// Round 0, or holes closed in the first round.
    #[error(
        "round {round} with {closed} closed holes: rounds count from 1, and the first closes none"
    )]
    Round {
        /// The round given.
        round: u32,
        /// The closed holes given.
        closed: usize,
    },
    /// A player who does not play a match of two.
    #[error("{0} does not play")]
    NoSuchPlayer(Player),
    /// A choice in the middle of a move where the rules offer none, or on
    /// a hole that is not the mover's or holds fewer than two seeds.
    #[error("no choice to make at hole {0}")]
    NoChoice(Pit),
}

impl RoundGame {
    /// The position `setup` describes, checked.
    ///
    /// # Errors
    ///
    /// A [`RoundSetupError`] for rules that cannot be played, a board of
    /// the wrong length, too many seeds, closed holes off the board, holding
    /// seeds the laps could not have left there, or closed in the first
    /// round, a player who does not play, or a choice the rules do not
    /// offer there.
    pub fn from_setup(setup: RoundSetup) -> Result<RoundGame, RoundSetupError> {
        let RoundSetup {
            rules,
            board,
            stores,
            closed,
            round,
            to_move,
            stage,
        } = setup;
        let mut game = RoundGame::new(rules)?;
        let holes = rules.holes();
        if board.len() != holes {
            return Err(RoundSetupError::BoardLength {
                expected: holes,
                given: board.len(),
            });
        }
        let total: u32 = board.iter().chain(&stores).map(|&s| u32::from(s)).sum();
        if total > u32::from(u16::MAX) {
            return Err(RoundSetupError::TooManySeeds(total));
        }
        if round == 0 || round == 1 && !closed.is_empty() {
            return Err(RoundSetupError::Round {
                round,
                closed: closed.len(),
            });
        }
        for player in [to_move].into_iter().chain(match stage {
            Stage::Refill(Some(p)) | Stage::Won(p) => Some(p),
            _ => None,
        }) {
            if player.index() > 1 {
                return Err(RoundSetupError::NoSuchPlayer(player));
            }
        }
        game.board[..holes].copy_from_slice(&board);
        game.stores = stores;
        game.round = round;
        game.to_move = to_move;
        game.phase = stage;
        let sowing = matches!(stage, Stage::Sow | Stage::Choose(_));
        for &pit in &closed {
            if pit.index() >= holes {
                return Err(RoundSetupError::ClosedOffBoard(pit));
            }
            game.closed |= 1 << pit.index();
            let seeds = board[pit.index()];
            // Only a partial fill leaves seeds in a closed hole the laps
            // pass over.
            if sowing && rules.skip_closed && rules.partial != PartialFill::Closed && seeds > 0 {
                return Err(RoundSetupError::SeedsInClosedHole(pit));
            }
        }
        if let Stage::Choose(pit) = stage {
            let row = to_move.index() * usize::from(rules.houses);
            let mine = (row..row + usize::from(rules.houses)).contains(&pit.index());
            if rules.relay != RoundRelay::OpponentRowOrChoice || !mine || board[pit.index()] < 2 {
                return Err(RoundSetupError::NoChoice(pit));
            }
        }
        // Whatever the start's position had worked out is not this one's.
        game.memo.clear();
        Ok(game)
    }

    /// The setup of this position ([`RoundGame::from_setup`] gives it
    /// back).
    pub fn to_setup(&self) -> RoundSetup {
        RoundSetup {
            rules: self.rules,
            board: self.board().to_vec(),
            stores: self.stores,
            closed: self.closed().collect(),
            round: self.round,
            to_move: self.to_move,
            stage: self.phase,
        }
    }

    /// What the players are doing.
    pub fn stage(&self) -> Stage {
        self.phase
    }
}
