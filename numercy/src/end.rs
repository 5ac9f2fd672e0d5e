//! Why a game of Numercy ended ([`End`]), as the turn that ended it found.

use mancala_core::Player;

/// Why a game of Numercy ended ([`Numercy::end`](crate::Numercy::end)).
///
/// The game ends when the player given the turn has no legal move, or,
/// under [`Options::repetition`](crate::Options::repetition), when the
/// position (board, points, player to move) repeats.
///
/// # Examples
///
/// ```
/// use numercy::{End, Game, Numercy, Options, Pit, Player, Setup};
///
/// // South's one ball reaches his own hole 1: North has none.
/// let mut setup = Setup::new(Options::board(2));
/// setup.board = vec![1, 0, 0, 0];
/// let mut game = Numercy::from_setup(setup)?;
/// game.play(Pit::new(0).unwrap())?;
/// assert_eq!(game.end(), Some(End::NoBalls(Player::P1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum End {
    /// The player to move has no ball on his side.
    NoBalls(Player),
    /// He has balls, but every move of his relays forever, which
    /// [`Endless::Forbid`](crate::Endless::Forbid) forbids.
    AllEndless(Player),
    /// The position repeated one seen since balls last left the board.
    Repetition,
}

/// The end a state's game came to, recorded by the turn that ended it:
/// how play reached the state, not the position, so equality and hashing
/// ignore it (a finished state equals the one its setup rebuilds, whose
/// end is not known).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Recorded(pub(crate) Option<End>);

mancala_core::uncompared!(Recorded);
