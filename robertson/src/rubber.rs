//! A rubber: successive games whose scores add up, the first to 100 winning.
//!
//! Totals and the count of games come from the outside: arithmetic here is
//! checked (a move that cannot be counted exactly is refused).

#![deny(clippy::arithmetic_side_effects)]

use alloc::vec::Vec;

use mancala_core::{ByPlayer, Game, Pit, Player};

use crate::{MoveReport, Options, PlayError, Robertson, SetupError};

/// The score that wins a rubber in Robertson's words ("the first player to
/// reach a score of 100 wins a rubber").
pub const RUBBER_TARGET: u64 = 100;

/// Why a rubber refused a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RubberError {
    /// The rubber has been won.
    #[error("the rubber is over")]
    Over,
    /// The move is illegal in the current game.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The move would finish a game, but the rubber has counted the most
    /// games it can (`u32::MAX`, see [`Rubber::games_played`]).
    #[error("the rubber has counted the most games it can")]
    GamesLimit,
    /// The move would finish a game whose scores would take a total past
    /// `u64::MAX` (only a rubber loaded with such totals gets there).
    #[error("the rubber's totals would exceed the most it can count")]
    TotalsLimit,
}

/// A match of successive games (see [Rubbers](crate#rubbers)): each game's
/// scores are added to the players' totals; after a game, the first player
/// at or above the target (100) wins, or, if several reach it at once, the
/// one with the higher total (equal: play on). The first mover rotates: game `k` (from 0)
/// is begun by player `k mod players`.
///
/// Each game begins from a start built once, when the rubber is made,
/// through [`Robertson::with_first_player`] (one for each first player), so
/// beginning the next game cannot fail.
///
/// A rubber is serializable (feature `serde`), so a match can be saved and
/// resumed; deserializing checks it: one total per player, the game under
/// the rubber's options, the winner the totals give, a finished game only in
/// a decided rubber and a decided rubber's game finished.
///
/// Numbers from the outside (see
/// [`mancala_core`'s conventions](mancala_core#numbers-from-outside)): the
/// totals and the count of games are exact. A game's score is below
/// [`MAX_HONOURS`](crate::MAX_HONOURS) + 65,535, so totals from games alone
/// would need millions of games to approach `u64::MAX`; a loaded rubber may
/// hold any totals and count, and a move that would finish a game past
/// `u32::MAX` games or take a total past `u64::MAX` is refused with a typed
/// error ([`RubberError::GamesLimit`], [`RubberError::TotalsLimit`]) rather
/// than counted wrong (a saturated total could tie two players whose true
/// totals differ).
///
/// # Examples
///
/// ```
/// use robertson::{Game, Options, Player, Rubber};
///
/// let mut rubber = Rubber::with_target(Options::two_row(), 30)?;
/// // Both players take the first legal move, game after game.
/// rubber.play_game_with(|game| game.legal_moves().first().copied());
/// assert_eq!(rubber.games_played(), 1);
/// // The second game is begun by player 1.
/// if rubber.winner().is_none() {
///     assert_eq!(rubber.game().to_move(), Some(Player::P1));
/// }
/// while rubber.winner().is_none() && rubber.games_played() < 100 {
///     rubber.play_game_with(|game| game.legal_moves().first().copied());
/// }
/// if let Some(w) = rubber.winner() {
///     assert!(rubber.totals()[w] >= 30);
/// }
/// # Ok::<(), robertson::SetupError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RubberData", into = "RubberData"))]
pub struct Rubber {
    options: Options,
    target: u64,
    totals: ByPlayer<u64>,
    games: u32,
    game: Robertson,
    winner: Option<Player>,
    /// The start of a game begun by each player, in turn order.
    starts: Vec<Robertson>,
}

impl Rubber {
    /// A rubber to 100 under `options`, its first game begun by player 0.
    ///
    /// # Errors
    ///
    /// [`SetupError::Options`] if the options are invalid.
    pub fn new(options: Options) -> Result<Rubber, SetupError> {
        Rubber::with_target(options, RUBBER_TARGET)
    }

    /// A rubber to `target` points.
    ///
    /// # Errors
    ///
    /// [`SetupError::Options`] if the options are invalid.
    pub fn with_target(options: Options, target: u64) -> Result<Rubber, SetupError> {
        let starts = Rubber::starts(options)?;
        Ok(Rubber {
            options,
            target,
            totals: ByPlayer::new(options.players(), 0),
            games: 0,
            game: Robertson::new(options)?,
            winner: None,
            starts,
        })
    }

    /// The start of a game begun by each player of `options`.
    fn starts(options: Options) -> Result<Vec<Robertson>, SetupError> {
        Player::all(options.players())
            .map(|first| Robertson::with_first_player(options, first))
            .collect()
    }

    /// The game being played (the last one, once the rubber is won).
    pub fn game(&self) -> &Robertson {
        &self.game
    }

    /// The totals of the games finished so far. They are exact: a move
    /// that would take one past `u64::MAX` is refused
    /// ([`RubberError::TotalsLimit`]).
    pub fn totals(&self) -> ByPlayer<u64> {
        self.totals
    }

    /// Games finished. The count is exact: a move that would finish game
    /// number `u32::MAX + 1` is refused ([`RubberError::GamesLimit`]).
    pub fn games_played(&self) -> u32 {
        self.games
    }

    /// The target score.
    pub fn target(&self) -> u64 {
        self.target
    }

    /// The winner, once the rubber is decided.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// The player who begins game `k` (from 0).
    pub fn first_mover(&self, k: u32) -> Player {
        let players = self.options.players();
        Player::new((k as usize).checked_rem(players).unwrap_or(0)).unwrap_or_default()
    }

    /// Plays a move in the current game; when it ends, adds its scores and
    /// either declares the winner or begins the next game.
    ///
    /// # Errors
    ///
    /// [`RubberError::Over`] once the rubber is won, or the game's
    /// [`PlayError`]; for a move that finishes the game,
    /// [`RubberError::GamesLimit`] or [`RubberError::TotalsLimit`] if the
    /// rubber could not count it exactly. The rubber is then unchanged.
    pub fn play(&mut self, pit: Pit) -> Result<MoveReport, RubberError> {
        if self.winner.is_some() {
            return Err(RubberError::Over);
        }
        // Played on a copy: a finished game that cannot be counted leaves
        // the rubber as it was.
        let mut game = self.game.clone();
        let report = Game::play(&mut game, pit)?;
        if game.is_over() {
            let (totals, games) = self.counted(&game)?;
            self.totals = totals;
            self.games = games;
            self.game = game;
            self.end_game();
        } else {
            self.game = game;
        }
        Ok(report)
    }

    /// Plays the current game to its end with `agent` choosing every move
    /// (`None`, or an illegal choice, falls back to the first legal move).
    pub fn play_game_with(&mut self, mut agent: impl FnMut(&Robertson) -> Option<Pit>) {
        let games = self.games;
        while self.winner.is_none() && self.games == games {
            let legal = self.game.legal_moves();
            let Some(&first) = legal.first() else {
                // A finished game is always closed by `play`; nothing to do.
                break;
            };
            let pit = agent(&self.game)
                .filter(|p| legal.contains(p))
                .unwrap_or(first);
            if self.play(pit).is_err() {
                break;
            }
        }
    }

    /// The totals and the count of games once `finished` is added, or why
    /// they cannot be counted exactly.
    fn counted(&self, finished: &Robertson) -> Result<(ByPlayer<u64>, u32), RubberError> {
        let games = self.games.checked_add(1).ok_or(RubberError::GamesLimit)?;
        let mut totals = self.totals;
        for (p, s) in finished.scores().iter() {
            let slot = &mut totals[p];
            *slot = slot.checked_add(*s).ok_or(RubberError::TotalsLimit)?;
        }
        Ok((totals, games))
    }

    /// Declares the winner of the totals, or begins the next game.
    fn end_game(&mut self) {
        self.winner = decide(&self.totals, self.target);
        if self.winner.is_some() {
            return;
        }
        // `starts` holds a start for every first mover (built with the
        // rubber, or checked when it was loaded).
        if let Some(next) = self.starts.get(self.first_mover(self.games).index()) {
            self.game = next.clone();
        }
    }
}

/// The winner of totals after a game: the single highest total at or above
/// the target.
fn decide(totals: &ByPlayer<u64>, target: u64) -> Option<Player> {
    let best = totals
        .iter()
        .filter(|(_, t)| **t >= target)
        .map(|(_, t)| *t)
        .max()?;
    let mut leaders = totals.iter().filter(|(_, t)| **t == best);
    match (leaders.next(), leaders.next()) {
        (Some((p, _)), None) => Some(p),
        _ => None,
    }
}

/// The serialized form of a [`Rubber`], checked on the way in (the starts
/// of the games are rebuilt from the options).
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RubberData {
    options: Options,
    target: u64,
    totals: Vec<u64>,
    games: u32,
    game: Robertson,
    winner: Option<Player>,
}

/// Why a serialized rubber is refused.
#[cfg(feature = "serde")]
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
enum RubberDataError {
    /// The options are invalid.
    #[error(transparent)]
    Options(#[from] SetupError),
    /// Not one total per player.
    #[error("a rubber needs one total per player")]
    Totals,
    /// The current game is played under other options.
    #[error("the current game is not played under the rubber's options")]
    GameOptions,
    /// The winner does not follow from the totals.
    #[error("the winner is not the one the totals give")]
    Winner,
    /// A finished game of an undecided rubber was never added.
    #[error("a finished game must have been added to the totals")]
    Unscored,
    /// A decided rubber's game is still being played.
    #[error("a rubber with a winner has no game in play")]
    LiveGame,
}

#[cfg(feature = "serde")]
impl From<Rubber> for RubberData {
    fn from(r: Rubber) -> RubberData {
        RubberData {
            totals: r.totals.as_slice().to_vec(),
            options: r.options,
            target: r.target,
            games: r.games,
            game: r.game,
            winner: r.winner,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<RubberData> for Rubber {
    type Error = RubberDataError;
    fn try_from(d: RubberData) -> Result<Rubber, RubberDataError> {
        let starts = Rubber::starts(d.options)?;
        if d.totals.len() != d.options.players() {
            return Err(RubberDataError::Totals);
        }
        if *d.game.options() != d.options {
            return Err(RubberDataError::GameOptions);
        }
        let totals = ByPlayer::from_slice(&d.totals);
        if d.winner != decide(&totals, d.target) {
            return Err(RubberDataError::Winner);
        }
        if d.winner.is_none() && d.game.is_over() {
            return Err(RubberDataError::Unscored);
        }
        if d.winner.is_some() && !d.game.is_over() {
            return Err(RubberDataError::LiveGame);
        }
        Ok(Rubber {
            options: d.options,
            target: d.target,
            totals,
            games: d.games,
            game: d.game,
            winner: d.winner,
            starts,
        })
    }
}
