//! Unchecked position descriptions and the check that turns them into games.

use alloc::sync::Arc;
use alloc::vec::Vec;

use mancala_core::{
    Board, PitSet, Player,
    history::{History, PositionShape},
    rules::MAX_SEEDS,
};

use crate::game::Shared;
use crate::{Numercy, Options, OptionsError};

mancala_core::setup_struct! {
    /// An unchecked description of a Numercy position. Public fields, no
    /// guarantees; [`Numercy::from_setup`] checks it.
    ///
    /// A live setup whose player to move cannot move builds a finished game,
    /// exactly as if a move had just reached it (the leftover balls are added to
    /// the points). A setup marked `over` builds a finished game as it stands
    /// (its points already include the leftover balls). Its `history` (of
    /// positions seen since balls last left the board) is kept with
    /// [`Options::repetition`] only.
    ///
    /// A state serializes as its setup, and deserializes through
    /// [`Numercy::from_setup`] (feature `serde`).
    ///
    /// # Examples
    ///
    /// ```
    /// use numercy::*;
    ///
    /// let mut setup = Setup::new(Options::board(4));
    /// setup.board = vec![0, 3, 0, 1, 2, 0, 0, 5];
    /// setup.points = vec![10, 12];
    /// setup.to_move = Player::P1;
    /// let game = Numercy::from_setup(setup.clone())?;
    /// assert_eq!(game.legal_moves().len(), 2);
    ///
    /// setup.points.push(0);
    /// assert!(Numercy::from_setup(setup).is_err());
    /// # Ok::<(), numercy::SetupError>(())
    /// ```
    pub struct Setup {
        /// The options.
        pub options: Options,
        /// Balls in each hole, canonical order (player 0's from his left, then
        /// player 1's from his left).
        pub board: Vec<u16> = alloc::vec![options.seeds; 2 * usize::from(options.holes)],
        /// Points of player 0 and player 1.
        pub points: Vec<u64> = alloc::vec![0, 0],
    }
}

/// Why a [`Setup`] is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The options are invalid.
    #[error("invalid options: {0}")]
    Options(#[from] OptionsError),
    /// The board does not have two rows of `options.holes`.
    #[error("the board has {found} holes, the options {expected}")]
    BoardLength {
        /// Holes of the options' board.
        expected: usize,
        /// Holes given.
        found: usize,
    },
    /// There must be points for exactly two players.
    #[error("{0} point totals given for 2 players")]
    PointsLength(usize),
    /// Only players 0 and 1 play.
    #[error("{0} does not play Numercy")]
    NoSuchPlayer(Player),
    /// More balls than a board can hold.
    #[error("{0} balls is more than the {max} supported", max = MAX_SEEDS)]
    TooManyBalls(u64),
    /// Positions are remembered, but the game keeps none: the repetition
    /// option is off, or the game is over.
    #[error("remembered positions given, but the game keeps none (repetition off, or over)")]
    UnusedHistory,
    /// The sower's refusal of the remembered positions (one that
    /// does not fit the board or the game, one listed twice, the current
    /// position among them: [`BadHistory`](mancala_core::SetupError::BadHistory),
    /// [`RepeatedHistory`](mancala_core::SetupError::RepeatedHistory),
    /// [`CurrentInHistory`](mancala_core::SetupError::CurrentInHistory)), or
    /// a move of the position that the work budget ([`Budget`](crate::Budget))
    /// cannot decide ([`Undecided`](mancala_core::SetupError::Undecided)):
    /// such a position is never built.
    #[error(transparent)]
    Position(#[from] mancala_core::SetupError),
}

impl Numercy {
    /// Checks a setup and builds its position.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] if the options are invalid or the position cannot
    /// exist under them, the core's
    /// [`Undecided`](mancala_core::SetupError::Undecided) if the default work
    /// budget ([`Budget::DEFAULT`](crate::Budget::DEFAULT)) cannot decide one
    /// of its moves.
    pub fn from_setup(setup: Setup) -> Result<Numercy, SetupError> {
        Numercy::from_setup_within(setup, crate::Budget::DEFAULT)
    }

    /// [`from_setup`](Numercy::from_setup) under the work budget `budget`,
    /// which the state keeps for the calls that follow: how a program that
    /// trusts a position raises or removes the budget. The text and JSON
    /// readers use the default: read a [`Setup`] and call this to choose
    /// another.
    ///
    /// # Errors
    ///
    /// As [`from_setup`](Numercy::from_setup), the core's
    /// [`Undecided`](mancala_core::SetupError::Undecided) under `budget`.
    pub fn from_setup_within(setup: Setup, budget: crate::Budget) -> Result<Numercy, SetupError> {
        let topology = Numercy::topology_of(&setup.options)?;
        if setup.board.len() != topology.holes() {
            return Err(SetupError::BoardLength {
                expected: topology.holes(),
                found: setup.board.len(),
            });
        }
        let [p0, p1] = setup.points[..] else {
            return Err(SetupError::PointsLength(setup.points.len()));
        };
        if setup.to_move.index() >= 2 {
            return Err(SetupError::NoSuchPlayer(setup.to_move));
        }
        let balls: u64 = setup.board.iter().map(|&c| u64::from(c)).sum();
        if balls > u64::from(MAX_SEEDS) {
            return Err(SetupError::TooManyBalls(balls));
        }
        if !setup.history.is_empty() && (setup.over || !setup.options.repetition) {
            return Err(SetupError::UnusedHistory);
        }
        let board = Board::from_counts(&setup.board, &[]);
        let history = if setup.options.repetition && !setup.over {
            // `balls` is at most MAX_SEEDS, checked above.
            let balls = balls as u32;
            let shape = PositionShape {
                holes: topology.holes(),
                on_board: balls,
                players: 2,
            };
            History::from_seen(shape, &setup.history, &setup.board, setup.to_move)
                .map_err(mancala_core::SetupError::from)?
        } else {
            History::new()
        };
        let mut game = Numercy {
            shared: Arc::new(Shared {
                options: setup.options,
                topology,
                budget: mancala_core::budget::StateBudget(budget),
            }),
            history,
            board,
            points: [p0, p1],
            to_move: setup.to_move,
            over: setup.over,
            ended: crate::end::Recorded::default(),
            legal: PitSet::EMPTY,
        };
        if setup.over {
            return Ok(game);
        }
        game.begin_turn(setup.to_move, false, &mancala_core::Meter::new(budget))
            .map_err(mancala_core::SetupError::Undecided)?;
        Ok(game)
    }

    /// The setup that [`from_setup`](Numercy::from_setup) turns back into
    /// this exact state.
    pub fn to_setup(&self) -> Setup {
        Setup {
            options: self.shared.options,
            board: self.board.holes().to_vec(),
            points: self.points.to_vec(),
            to_move: self.to_move,
            over: self.over,
            history: self.history.seen_before(),
        }
    }
}

mancala_core::setup_conversions!(Numercy, Setup, SetupError);

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Numercy {
    /// A position reached by legal play
    /// ([`mancala_core::toolkit::arbitrary_play`], at most 150 moves) from the start
    /// of arbitrary options (invalid options fall back to the classic game).
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let options: Options = u.arbitrary()?;
        // Cycles grow exponentially with the balls per hole relative to
        // the relay threshold: a small budget keeps every fuzzed game
        // fast, and reaches the undecided paths.
        let budget = crate::Budget::seeds(u.int_in_range(0..=20_000)?);
        let game = Numercy::new_within(options, budget).unwrap_or_default();
        mancala_core::toolkit::arbitrary_play(game, u, 150)
    }
}
