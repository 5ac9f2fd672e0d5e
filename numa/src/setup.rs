//! Unchecked position descriptions and the check that turns them into games.

#![deny(clippy::arithmetic_side_effects)]

use mancala_core::Player;

use crate::{Numa, Options, OptionsError, Piece, SCORE_LIMIT};

/// The highest score a game can hold: [`SCORE_LIMIT`] + 29.
///
/// A live game's scores are below [`SCORE_LIMIT`] (a target is at most
/// `SCORE_LIMIT`, and a tie at `SCORE_LIMIT` or more is over), and one turn
/// scores at most 30 (see [Scoring](crate#scoring)), so no state reached by
/// play holds more; [`Numa::from_setup`] refuses more
/// ([`SetupError::Score`]). No sum of points can then saturate.
pub const MAX_SCORE: u32 = SCORE_LIMIT + 29;

/// A description of a Numa position: options, pieces (triangle, square,
/// pentagon, circle) and scores (Arabic, Roman). Public fields;
/// [`Numa::from_setup`] checks it. Squares are checked when built or
/// deserialized, so only the options can be wrong; whether the game is over
/// follows from the scores and the target. Scores are at most
/// [`MAX_SCORE`], targets at most [`SCORE_LIMIT`](crate::SCORE_LIMIT).
///
/// Serialized as `{"options": {"target": 30, "wrap_adjacency": true},
/// "pieces": [{"square": [2, 4], "face": "arabic"}, ...], "scores": [0,
/// 0]}`; unknown fields are refused. A [`Numa`] serializes as its setup and
/// deserializes through [`Numa::from_setup`].
///
/// # Examples
///
/// ```
/// use numa::{Game, Numa, Options, Setup, SetupError, OptionsError};
///
/// let mut setup = Numa::default().to_setup();
/// setup.scores = [31, 12];
/// assert!(Numa::from_setup(setup)?.is_over());
///
/// setup.options = Options { target: 0, ..Options::standard() };
/// assert_eq!(Numa::from_setup(setup), Err(SetupError::Options(OptionsError::ZeroTarget)));
/// # Ok::<(), SetupError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Setup {
    /// The options.
    pub options: Options,
    /// The pieces: triangle, square, pentagon, circle.
    pub pieces: [Piece; 4],
    /// Arabic's and Roman's scores (each at most [`MAX_SCORE`]).
    pub scores: [u32; 2],
}

/// Why a [`Setup`] is not a Numa position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The options make no game.
    #[error("invalid options: {0}")]
    Options(#[from] OptionsError),
    /// A score is above [`MAX_SCORE`].
    #[error("{player}'s score {score} is above the largest, {max}", max = MAX_SCORE)]
    Score {
        /// The player (0 Arabic, 1 Roman).
        player: Player,
        /// The score given.
        score: u32,
    },
}

impl Numa {
    /// Builds the position of a setup.
    ///
    /// # Errors
    ///
    /// [`SetupError::Options`] if the options make no game (a target of 0
    /// or above [`SCORE_LIMIT`]), [`SetupError::Score`] for a score above
    /// [`MAX_SCORE`] (Arabic's first).
    pub const fn from_setup(setup: Setup) -> Result<Numa, SetupError> {
        if let Err(e) = setup.options.check() {
            return Err(SetupError::Options(e));
        }
        let [arabic, roman] = setup.scores;
        if arabic > MAX_SCORE {
            return Err(SetupError::Score {
                player: Player::P0,
                score: arabic,
            });
        }
        if roman > MAX_SCORE {
            return Err(SetupError::Score {
                player: Player::P1,
                score: roman,
            });
        }
        Ok(Numa {
            options: setup.options,
            pieces: setup.pieces,
            scores: setup.scores,
        })
    }

    /// The setup of this position ([`Numa::from_setup`] rebuilds it).
    pub const fn to_setup(&self) -> Setup {
        Setup {
            options: self.options,
            pieces: self.pieces,
            scores: self.scores,
        }
    }
}

mancala_core::setup_conversions!(Numa, Setup, SetupError);

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Numa {
    /// A position reached by legal play ([`mancala_core::toolkit::arbitrary_play`],
    /// up to 100 turns) from the start of arbitrary options (a target of 0
    /// read as 1, one above [`SCORE_LIMIT`] as `SCORE_LIMIT`).
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut options: Options = u.arbitrary()?;
        options.target = options.target.clamp(1, SCORE_LIMIT);
        mancala_core::toolkit::arbitrary_play(Numa::start(options), u, 100)
    }
}
