//! Why a move or a placement was refused.

use crate::board::{Board, MAX_SEEDS};
use crate::game::JointMoveError;
use crate::pit::Pit;
use crate::player::Player;
use crate::sow::{EndlessRelay, SowError, Undecided};
use crate::topology::Topology;
use crate::turn::Move;

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
    /// The hole belongs to another player than the one to move.
    #[error("hole {pit} belongs to {owner}, not to {mover}")]
    NotYourHole {
        /// The hole.
        pit: Pit,
        /// Its owner.
        owner: Player,
        /// The player to move.
        mover: Player,
    },
    /// The hole is the mover's own, but the rules sow other holes
    /// ([`Sowable::zone`](crate::rules::Sowable::zone): Tap Urdy sows the
    /// opponent's row).
    #[error("hole {pit} is not one that {mover} may sow: these rules sow other holes")]
    OutsideZone {
        /// The hole.
        pit: Pit,
        /// The player to move.
        mover: Player,
    },
    /// The hole is empty.
    #[error("hole {0} is empty")]
    EmptyHole(Pit),
    /// The hole holds seeds, but not enough to be sown under these rules
    /// ([`Rules::sowable`](crate::Rules::sowable): I and Kay sow only holes of two or more).
    #[error("hole {0} holds too few seeds to be sown")]
    TooFewSeeds(Pit),
    /// One of the first moves ([`Rules::first_moves`](crate::Rules::first_moves)),
    /// which must sow one of the mover's last holes, sows another hole
    /// while one of those is a legal move.
    #[error("hole {0} is not one of the holes the first moves must sow")]
    FirstMoves(Pit),
    /// The next player has no seeds and this move gives him none, while
    /// feeding is required.
    #[error("hole {0} does not feed the next player, who has no seeds")]
    MustFeed(Pit),
    /// A pass is allowed only under [`EndRules::pass`](crate::rules::EndRules::pass)
    /// and only to a player with no legal move.
    #[error("no pass: the rules allow none, or the player to move can move")]
    CannotPass,
    /// The player to move places seeds first (an opening of placements,
    /// see [`Mancala::place_seeds_before_placement`](crate::Mancala::place_seeds_before_placement)): his turn is a
    /// placement, not a sowing move or a pass.
    #[error("the player to move places seeds first: his turn is a placement")]
    MustPlace,
    /// The move would capture a grand slam, which these rules forbid.
    #[error("hole {0} would capture a forbidden grand slam")]
    GrandSlam(Pit),
    /// The move's relays never end, which these rules forbid.
    #[error("hole {pit}: {cause}")]
    Endless {
        /// The hole.
        pit: Pit,
        /// The cycle found.
        cause: EndlessRelay,
    },
    /// The actions given do not make a move (see [`Game::joint_move`](crate::Game::joint_move)).
    #[error(transparent)]
    Joint(#[from] JointMoveError),
    /// The work budget ([`Budget`](crate::Budget)) could not decide the move, or
    /// a move of the position it leads to (`cause` names which: a move of
    /// the player to move next, or of another player who could move when
    /// he must pass). Every position that exists has all its moves
    /// decided, so the move is refused.
    #[error("{mv} cannot be decided: {cause}")]
    Undecided {
        /// The move refused.
        mv: Move,
        /// The move that could not be decided.
        cause: Undecided,
    },
}

impl PlayError {
    /// The play error for a sowing of `pit` that the sower refused.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Pit, PlayError, toolkit::SowError};
    ///
    /// let pit = Pit::new(4).unwrap();
    /// assert_eq!(PlayError::from_sow(pit, SowError::EmptyHole(pit)), PlayError::EmptyHole(pit));
    /// ```
    pub const fn from_sow(pit: Pit, error: SowError) -> PlayError {
        match error {
            SowError::NotOnBoard(p) => PlayError::NotOnBoard(p),
            SowError::EmptyHole(p) => PlayError::EmptyHole(p),
            SowError::Endless(cause) => PlayError::Endless { pit, cause },
            SowError::Undecided(cause) => PlayError::Undecided {
                mv: Move::Sow(pit),
                cause,
            },
        }
    }
}

/// The checks every sowing move shares: the game goes on (`mover` is the
/// player to move, `None` once it is over), and the hole is on the board,
/// belongs to the mover and holds seeds.
///
/// # Errors
///
/// The first of [`PlayError::GameOver`], [`PlayError::NotOnBoard`],
/// [`PlayError::NotYourHole`] and [`PlayError::EmptyHole`] that applies.
///
/// # Examples
///
/// ```
/// use mancala_core::{toolkit::check_sowing_move, Board, Layout, Pit, PlayError, Player, Topology};
///
/// let topology = Topology::new(Layout::two_rows(6))?;
/// let board = Board::filled(12, 4);
/// let pit = |i| Pit::new(i).unwrap();
/// assert_eq!(check_sowing_move(&topology, &board, Some(Player::P0), pit(0)), Ok(()));
/// assert_eq!(check_sowing_move(&topology, &board, None, pit(0)), Err(PlayError::GameOver));
/// assert_eq!(check_sowing_move(&topology, &board, Some(Player::P0), pit(12)), Err(PlayError::NotOnBoard(pit(12))));
/// # Ok::<(), mancala_core::rules::LayoutError>(())
/// ```
pub fn check_sowing_move(
    topology: &Topology,
    board: &Board,
    mover: Option<Player>,
    pit: Pit,
) -> Result<(), PlayError> {
    let Some(mover) = mover else {
        return Err(PlayError::GameOver);
    };
    if !topology.contains(pit) {
        return Err(PlayError::NotOnBoard(pit));
    }
    let owner = topology.owner(pit);
    if owner != mover {
        return Err(PlayError::NotYourHole { pit, owner, mover });
    }
    if board.get(pit) == 0 {
        return Err(PlayError::EmptyHole(pit));
    }
    Ok(())
}

/// Why [`Mancala::place_seeds`](crate::Mancala::place_seeds) refused a placement. The state is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The hole is not on this board.
    #[error("hole {0} is not on this board")]
    NotOnBoard(Pit),
    /// The player to move next does not play in this game.
    #[error("{0} does not play in this game")]
    NoSuchPlayer(Player),
    /// The game would hold more seeds than a board can.
    #[error("{0} seeds in all is more than the {max} supported", max = MAX_SEEDS)]
    TooManySeeds(u64),
    /// The position reached has a move the work budget ([`Budget`](crate::Budget))
    /// cannot decide.
    #[error("the position reached cannot be decided: {0}")]
    Undecided(Undecided),
}
