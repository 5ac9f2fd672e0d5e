//! Unchecked position descriptions and the check that turns them into games.
//!
//! Honours come from the outside: arithmetic here is checked or saturating.

#![deny(clippy::arithmetic_side_effects)]

use alloc::sync::Arc;
use alloc::vec::Vec;

use mancala_core::{Game, Mancala, Player};
use smallvec::SmallVec;

use crate::{Options, OptionsError, Robertson};

/// The most honours a player may hold: one million million (10^12).
///
/// A [`Setup`] is refused ([`SetupError::Honours`]) unless each player's
/// honours leave room for every honour the stones still on the board could
/// win him: `honours + (stones in the holes / 6) x the largest entry of the
/// honours table <= MAX_HONOURS` (in a finished game nothing more can be
/// won, so `honours <= MAX_HONOURS`). Each capture that wins honours takes at
/// least 6 stones off the board and wins at most the largest entry, so the
/// room never runs out: every state reached by play passes the same check,
/// and no player's honours ever exceed `MAX_HONOURS`. A game's start always
/// passes (at most 10,922 honours captures of at most
/// [`MAX_CAPTURE_HONOURS`](crate::MAX_CAPTURE_HONOURS) each, about 1.1 x
/// 10^10), and a score (captured stones, at most 65,535, plus honours) never
/// comes near `u64::MAX`: scores, rankings and outcomes are exact.
pub const MAX_HONOURS: u64 = 1_000_000_000_000;

mancala_core::setup_struct! {
    /// An unchecked description of a Robertson position. Public fields, no
    /// guarantees; [`Robertson::from_setup`] checks it. It is also the serde
    /// form of a [`Robertson`] (feature `serde`).
    ///
    /// # Examples
    ///
    /// ```
    /// use robertson::{Game, Options, Robertson, Setup};
    ///
    /// let mut setup = Setup::new(Options::two_row());
    /// setup.board = vec![0, 0, 1, 0, 2, 0, 1, 2, 0, 0, 0, 3];
    /// setup.captured = vec![20, 19];
    /// setup.honours = vec![2, 0];
    /// let game = Robertson::from_setup(setup)?;
    /// assert_eq!(game.scores().as_slice(), &[22, 19]);
    /// # Ok::<(), robertson::SetupError>(())
    /// ```
    pub struct Setup {
        /// The options.
        pub options: Options,
        /// Stones in each hole (`6 x rows`, canonical order).
        // At most 6 rows of 6: never saturates.
        pub board: Vec<u16> = alloc::vec![options.seeds; options.shape.rows().saturating_mul(6)],
        /// Stones captured by each player.
        pub captured: Vec<u16> = alloc::vec![0; options.players()],
        /// Honours of each player: each at most [`MAX_HONOURS`], less the
        /// honours the stones on the board could still win (see there).
        pub honours: Vec<u64> = alloc::vec![0; options.players()],
    }
}

/// Why a [`Setup`] (or a start position) is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The options are invalid.
    #[error("invalid options: {0}")]
    Options(#[from] OptionsError),
    /// The position is impossible under the options.
    #[error("{0}")]
    Position(#[from] mancala_core::SetupError),
    /// There must be honours for each player.
    #[error("{found} honours given for {expected} players")]
    HonoursLength {
        /// Players of the game.
        expected: usize,
        /// Honours given.
        found: usize,
    },
    /// A player's honours leave no room, under [`MAX_HONOURS`], for the
    /// honours the stones on the board could still win.
    #[error("{player} has {honours} honours, more than the {max} this position allows")]
    Honours {
        /// The player.
        player: Player,
        /// His honours.
        honours: u64,
        /// The most this position allows ([`MAX_HONOURS`] less what the
        /// board could still win).
        max: u64,
    },
}

impl Robertson {
    /// Checks a setup and builds its position.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] if the options are invalid, the position cannot
    /// exist under them, or a player's honours are too many
    /// ([`SetupError::Honours`], see [`MAX_HONOURS`]).
    pub fn from_setup(setup: Setup) -> Result<Robertson, SetupError> {
        setup.options.check()?;
        let players = setup.options.players();
        if setup.honours.len() != players {
            return Err(SetupError::HonoursLength {
                expected: players,
                found: setup.honours.len(),
            });
        }
        let game = Mancala::from_setup(mancala_core::Setup {
            rules: setup.options.rules(),
            board: setup.board,
            stores: setup.captured,
            to_move: setup.to_move,
            over: setup.over,
            placing: false,
            // Robertson's first moves are not restricted.
            first_moves_left: 0,
            history: setup.history,
        })?;
        let max = max_honours(&setup.options, &game);
        for (p, &honours) in Player::all(players).zip(&setup.honours) {
            if honours > max {
                return Err(SetupError::Honours {
                    player: p,
                    honours,
                    max,
                });
            }
        }
        Ok(Robertson {
            options: Arc::new(setup.options),
            game,
            honours: SmallVec::from_slice(&setup.honours),
        })
    }

    /// The setup that [`from_setup`](Robertson::from_setup) turns back into
    /// this exact state.
    pub fn to_setup(&self) -> Setup {
        let inner = self.game.to_setup();
        Setup {
            options: *self.options,
            board: inner.board,
            captured: inner.stores,
            honours: self.honours.to_vec(),
            to_move: inner.to_move,
            over: inner.over,
            history: inner.history,
        }
    }
}

/// The most honours a player may hold in `game` ([`MAX_HONOURS`] less what
/// the stones in its holes could still win; all of it once the game is over).
fn max_honours(options: &Options, game: &Mancala) -> u64 {
    if game.is_over() {
        return MAX_HONOURS;
    }
    let stones: u64 = game.board().holes().iter().map(|&c| u64::from(c)).sum();
    // At most 65,535 / 6 = 10,922 captures of at most MAX_CAPTURE_HONOURS
    // (checked with the options): the product cannot overflow, and it is
    // below MAX_HONOURS (the subtraction saturates only in theory).
    let room = (stones / 6).saturating_mul(options.honours.largest());
    MAX_HONOURS.saturating_sub(room)
}

mancala_core::setup_conversions!(Robertson, Setup, SetupError);

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Robertson {
    /// A position reached by legal play ([`mancala_core::toolkit::arbitrary_play`],
    /// at most 300 moves) from the start of arbitrary valid options (invalid
    /// options fall back to the two-row game).
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let options: Options = u.arbitrary()?;
        let game = Robertson::new(options).unwrap_or_default();
        mancala_core::toolkit::arbitrary_play(game, u, 300)
    }
}
