//! Why a move of Numercy was refused.

use mancala_core::{EndlessRelay, JointMoveError, Pit, Player, SowError, Undecided};

/// Why a move was refused. The state is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The hole is not on this board.
    #[error("hole {0} is not on this board")]
    NotOnBoard(Pit),
    /// The hole belongs to the other player.
    #[error("hole {pit} belongs to {owner}, not to {mover}")]
    NotYourHole {
        /// The hole.
        pit: Pit,
        /// Its owner.
        owner: Player,
        /// The player to move.
        mover: Player,
    },
    /// The hole is empty.
    #[error("hole {0} is empty")]
    EmptyHole(Pit),
    /// The move's relays never end, which the options forbid
    /// ([`Endless::Forbid`](crate::Endless::Forbid), the default).
    #[error("hole {pit}: {cause}")]
    Endless {
        /// The hole.
        pit: Pit,
        /// The cycle found.
        cause: EndlessRelay,
    },
    /// The actions given do not make a move (see [`Game::joint_move`](mancala_core::Game::joint_move)).
    #[error(transparent)]
    Joint(#[from] JointMoveError),
    /// The work budget ([`Budget`](crate::Budget)) could not decide the move,
    /// or a move of the position it leads to (`cause` says which). Every
    /// position that exists has all its moves decided, so the move is
    /// refused.
    #[error("hole {pit} cannot be decided: {cause}")]
    Undecided {
        /// The hole.
        pit: Pit,
        /// The move that could not be decided.
        cause: Undecided,
    },
}

/// The core's refusals that a game of Numercy can meet, as Numercy's own.
///
/// The core's other refusals (a failure to feed, a pass, a grand slam: rules
/// Numercy does not have) are not Numercy's and come back as the error.
///
/// # Examples
///
/// ```
/// use mancala_core::{Pit, SowError};
/// use numercy::PlayError;
///
/// let pit = Pit::new(4).unwrap();
/// let core = mancala_core::PlayError::from_sow(pit, SowError::EmptyHole(pit));
/// assert_eq!(PlayError::try_from(core), Ok(PlayError::EmptyHole(pit)));
/// let feeding = mancala_core::PlayError::MustFeed(pit);
/// assert_eq!(PlayError::try_from(feeding), Err(feeding));
/// ```
impl TryFrom<mancala_core::PlayError> for PlayError {
    type Error = mancala_core::PlayError;
    fn try_from(error: mancala_core::PlayError) -> Result<PlayError, mancala_core::PlayError> {
        use mancala_core::PlayError as Core;
        Ok(match error {
            Core::GameOver => PlayError::GameOver,
            Core::NotOnBoard(pit) => PlayError::NotOnBoard(pit),
            Core::NotYourHole { pit, owner, mover } => PlayError::NotYourHole { pit, owner, mover },
            Core::EmptyHole(pit) => PlayError::EmptyHole(pit),
            Core::Endless { pit, cause } => PlayError::Endless { pit, cause },
            Core::Undecided {
                mv: mancala_core::Move::Sow(pit),
                cause,
            } => PlayError::Undecided { pit, cause },
            Core::Joint(e) => PlayError::Joint(e),
            Core::MustFeed(_) | Core::CannotPass | Core::GrandSlam(_) => return Err(error),
            // Refusals the core may add later are not Numercy's either.
            _ => return Err(error),
        })
    }
}

impl PlayError {
    /// The play error for a sowing of `pit` that the engine refused (the
    /// same mapping as [`mancala_core::PlayError::from_sow`], into
    /// Numercy's own errors; exhaustive, so a new sowing error is a compile
    /// error here).
    pub(crate) fn from_sow(pit: Pit, error: SowError) -> PlayError {
        match error {
            SowError::NotOnBoard(p) => PlayError::NotOnBoard(p),
            SowError::EmptyHole(p) => PlayError::EmptyHole(p),
            SowError::Endless(cause) => PlayError::Endless { pit, cause },
            SowError::Undecided(cause) => PlayError::Undecided { pit, cause },
        }
    }
}
