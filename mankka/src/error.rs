//! Why a move of Mankka was refused.

use mancala_core::{EndlessRelay, JointMoveError, PlaceError, Player};

use crate::Pit;

/// Why a move was refused. The state is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The hole is not on the board.
    #[error("hole {0} is not on the board")]
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
    /// A pass by a player who can sow, or under the early ends (which have
    /// no passes).
    #[error("no pass: the early ends allow none, or the player to move can sow")]
    CannotPass,
    /// The mover still has seeds in hand: his move is a placement.
    #[error("the opening is not over: place the seeds in hand first")]
    MustPlace,
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
    /// The placed seeds would make more than a board can hold. Never for a
    /// game built by this crate (its setups count the hands), kept so that
    /// the core's refusal is reported as itself.
    #[error("{0} seeds in all is more than the {max} supported", max = mancala_core::MAX_SEEDS)]
    TooManySeeds(u64),
    /// The actions given do not make a move (see [`Game::joint_move`](crate::Game::joint_move)).
    #[error(transparent)]
    Joint(#[from] JointMoveError),
    /// The work budget ([`Budget`](crate::Budget))
    /// could not decide the move, or a move of the position it leads to
    /// (named here). Every position that exists has all its moves decided,
    /// so the move is refused.
    #[error("the move cannot be decided: {0}")]
    Undecided(mancala_core::Undecided),
}

/// The core's refusals of a sowing move or a pass that a game of Mankka can
/// meet, as Mankka's own.
///
/// The core's other refusals (a failure to feed, a forbidden grand slam:
/// rules Mankka does not have, and any it may add later) are not Mankka's
/// and come back as the error.
///
/// # Examples
///
/// ```
/// use mancala_core::{Pit, SowError};
/// use mankka::PlayError;
///
/// let pit = Pit::new(4).unwrap();
/// let core = mancala_core::PlayError::from_sow(pit, SowError::EmptyHole(pit));
/// assert_eq!(PlayError::try_from(core), Ok(PlayError::EmptyHole(pit)));
/// assert_eq!(PlayError::try_from(mancala_core::PlayError::CannotPass), Ok(PlayError::CannotPass));
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
            Core::CannotPass => PlayError::CannotPass,
            Core::MustPlace => PlayError::MustPlace,
            Core::Joint(e) => PlayError::Joint(e),
            Core::Undecided { cause, .. } => PlayError::Undecided(cause),
            Core::MustFeed(_) | Core::GrandSlam(_) => return Err(error),
            // Refusals the core may add later are not Mankka's either.
            _ => return Err(error),
        })
    }
}

/// The core's refusals of an opening placement, as Mankka's own.
///
/// [`PlaceError::NoSuchPlayer`] (Mankka always hands the turn to the other
/// of its two players) and any refusal the core may add later come back as
/// the error.
///
/// # Examples
///
/// ```
/// use mancala_core::PlaceError;
/// use mankka::{Player, PlayError};
///
/// assert_eq!(PlayError::try_from(PlaceError::GameOver), Ok(PlayError::GameOver));
/// assert_eq!(PlayError::try_from(PlaceError::TooManySeeds(70_000)), Ok(PlayError::TooManySeeds(70_000)));
/// let stranger = PlaceError::NoSuchPlayer(Player::new(4).unwrap());
/// assert_eq!(PlayError::try_from(stranger), Err(stranger));
/// ```
impl TryFrom<PlaceError> for PlayError {
    type Error = PlaceError;
    fn try_from(error: PlaceError) -> Result<PlayError, PlaceError> {
        Ok(match error {
            PlaceError::GameOver => PlayError::GameOver,
            PlaceError::NotOnBoard(pit) => PlayError::NotOnBoard(pit),
            PlaceError::TooManySeeds(n) => PlayError::TooManySeeds(n),
            PlaceError::Undecided(cause) => PlayError::Undecided(cause),
            PlaceError::NoSuchPlayer(_) => return Err(error),
            _ => return Err(error),
        })
    }
}

impl PlayError {
    /// A refusal of the sowing engine under Mankka's rules.
    pub(crate) fn from_core(error: mancala_core::PlayError) -> PlayError {
        match PlayError::try_from(error) {
            Ok(e) => e,
            // `Options::rules` sets `Feeding::Off` and `GrandSlam::Allow`, and
            // every inner game is built from it.
            Err(other) => unreachable!("a move refused for a reason Mankka lacks: {other}"),
        }
    }

    /// A refusal of a placement that passed Mankka's own checks.
    pub(crate) fn from_place(error: PlaceError) -> PlayError {
        match PlayError::try_from(error) {
            Ok(e) => e,
            // The next player is always `mover.next(2)`, one of the two.
            Err(other) => unreachable!("a placement refused for a reason Mankka lacks: {other}"),
        }
    }
}
