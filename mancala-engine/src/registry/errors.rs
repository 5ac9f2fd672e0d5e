//! Why the registry made no game ([`NewGameError`]), refused a move or a
//! position ([`MoveError`]), or has no move to give ([`SearchError`]).

use mancala_core::notation::OptionError;

use super::games::names;

#[cfg(doc)]
use super::{AnyGame, GAMES};

/// Why [`AnyGame::new`] made no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NewGameError {
    /// No game of [`GAMES`] has this name.
    #[error("unknown game `{0}` (games: {games})", games = names())]
    UnknownGame(String),
    /// A word of the options text was refused.
    #[error("bad option: {0}")]
    Option(#[from] OptionError),
    /// The options text names the preset (`rules=...`): the game's name
    /// sets it.
    #[error("`{0}` is not an option here: the game's name sets the preset rules")]
    Preset(String),
    /// Every word was read, but the game refuses the options together
    /// (a board too large for the seeds, say).
    #[error("the options make no game: {0}")]
    Refused(String),
    /// The text is no position of the game ([`AnyGame::from_text`]).
    #[error("bad position: {0}")]
    Position(String),
}

/// Why a move or a position was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is no move of the game.
    #[error("`{text}` is not a move: {reason}")]
    Unreadable {
        /// The move as given.
        text: String,
        /// Why, in the game's words.
        reason: String,
    },
    /// The move is not legal here.
    #[error("move `{text}` refused: {reason}")]
    Illegal {
        /// The move as given.
        text: String,
        /// Why, in the game's words.
        reason: String,
    },
    /// The text is no position of the game.
    #[error("bad position: {0}")]
    Position(String),
    /// The position is one of other rules than the game's.
    #[error(
        "the position's rules are not the game's ({position} against {game}): make a game \
         with those rules first"
    )]
    RulesDiffer {
        /// The position's rules, as option words.
        position: String,
        /// The game's.
        game: String,
    },
}

/// Why [`AnyGame::search`] has no move to give.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The game is over.
    #[error("game over")]
    GameOver,
    /// The player asked for is not acting now.
    #[error("player {0} is not to move")]
    NotActing(usize),
    /// The player to move has no move.
    #[error("no move to search")]
    NoMove,
    /// A database of endgames could not be read.
    #[error("tablebase: {0}")]
    Endgames(String),
}
