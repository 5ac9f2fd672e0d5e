//! Why a move of Mankka was refused.

use mancala_core::{PlaceError, budget::Undecided, toolkit::JointMoveError};

/// Why a move was refused. The state is unchanged.
///
/// A sowing move or a pass is refused by the sower's own checks
/// ([`Core`](PlayError::Core): the game over, a hole off the board, the
/// other player's or empty, an endless relay under
/// [`Endless::Forbid`](crate::Endless::Forbid), a pass by a player who can
/// sow or under the early ends, a sowing move while the mover still holds
/// seeds ([`MustPlace`](mancala_core::PlayError::MustPlace)), a move the
/// work budget cannot decide, actions that make no move); a placement by
/// Mankka's checks of the hand ([`NotPlacing`](PlayError::NotPlacing),
/// [`WrongTotal`](PlayError::WrongTotal)), then by the sower's
/// ([`Place`](PlayError::Place)).
///
/// # Examples
///
/// ```
/// use mancala_core::PlayError as Core;
/// use mankka::*;
///
/// let mut game = Mankka::default(); // Mankka Two: player 0 places first
/// let sow = Move::Sow(Pit::new(0).unwrap());
/// assert_eq!(game.play(sow), Err(PlayError::Core(Core::MustPlace)));
/// let short = Move::Place(Placement::new([1, 1, 1, 1, 1, 0]));
/// assert_eq!(game.play(short), Err(PlayError::WrongTotal { expected: 6, found: 5 }));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The sower's refusal of a sowing move or a pass (or of a move
    /// of the game over, or of actions that make no move): only those of its
    /// refusals that Mankka's rules can meet (no failure to feed, no
    /// forbidden grand slam).
    #[error(transparent)]
    Core(#[from] mancala_core::PlayError),
    /// A placement outside the opening (no seeds in hand).
    #[error("no seeds in hand: the opening is over")]
    NotPlacing,
    /// A placement must use exactly the seeds in hand.
    #[error("the placement holds {found} seeds, the hand {expected}")]
    WrongTotal {
        /// Seeds in hand.
        expected: u32,
        /// Seeds in the placement.
        found: u32,
    },
    /// The sower's refusal of a placement that passed Mankka's own
    /// checks: in a game built by this crate only
    /// [`PlaceError::Undecided`], the position reached having a move the
    /// work budget ([`Budget`](crate::Budget)) cannot decide.
    #[error(transparent)]
    Place(#[from] PlaceError),
}

/// Actions that make no move (see
/// [`Game::joint_move`](crate::Game::joint_move)), as the core's
/// [`Joint`](mancala_core::PlayError::Joint) refusal.
impl From<JointMoveError> for PlayError {
    #[inline]
    fn from(error: JointMoveError) -> PlayError {
        PlayError::Core(mancala_core::PlayError::Joint(error))
    }
}

impl PlayError {
    /// The move the work budget ([`Budget`](crate::Budget)) could not
    /// decide, if that is why the move was refused: the sowing move's own
    /// or one of the position it leads to, or one of the position a
    /// placement leads to.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::PlaceError;
    /// use mankka::*;
    ///
    /// let cause = Undecided { pit: Pit::new(2).unwrap(), player: Player::P0, budget: 0 };
    /// assert_eq!(PlayError::Place(PlaceError::Undecided(cause)).undecided(), Some(cause));
    /// assert_eq!(PlayError::NotPlacing.undecided(), None);
    /// ```
    pub const fn undecided(&self) -> Option<Undecided> {
        match *self {
            PlayError::Core(mancala_core::PlayError::Undecided { cause, .. })
            | PlayError::Place(PlaceError::Undecided(cause)) => Some(cause),
            _ => None,
        }
    }
}
