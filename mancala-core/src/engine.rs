//! The building blocks of game crates: what a crate that adds a game of
//! the family (as `numercy`, `robertson` and `mankka` do) builds its turns
//! from, and what a player of games rarely needs.
//!
//! - The sowing engine: [`Sower`] sows one move under a [`RelayRule`]
//!   ([`SingleLap`], a [`Relay`](crate::rules::Relay), or any function of
//!   the board and the landing hole), reporting [`Sown`] or a [`SowError`]
//!   ([`EndlessRelay`], or undecided within the work budget).
//! - The checks every sowing move shares ([`check_sowing_move`]) and
//!   feeding ([`filter_feeding`]).
//! - Captures: the chain walker [`chain`] from where the last seed fell
//!   ([`LastSeed`](crate::rules::LastSeed)), grand slams
//!   ([`is_grand_slam`]) and taking holes into stores ([`take_into_store`],
//!   [`take_to_owners`]).
//! - The [`Game`](crate::Game) trait's helpers: one player's move from the
//!   actions of a turn ([`sequential_move`], refusing with a
//!   [`JointMoveError`]), and the position hash [`KeyHasher`].
//! - [`INLINE_HOLES`]: the largest board a [`Board`](crate::Board) keeps
//!   inline.
//! - [`setup_conversions!`](crate::setup_conversions): a state's
//!   `TryFrom` its checked setup and `From` it back, for serde's
//!   `try_from`/`into`.
//! - Under the `arbitrary` feature, `arbitrary_play`: a state reached by
//!   legal play, for fuzzing.

pub use crate::board::INLINE_HOLES;
pub use crate::capture::{chain, is_grand_slam, take_into_store, take_to_owners};
pub use crate::feeding::filter_feeding;
#[cfg(feature = "arbitrary")]
pub use crate::game::arbitrary_play;
pub use crate::game::{JointMoveError, KeyHasher, sequential_move};
pub use crate::mancala::check_sowing_move;
pub use crate::sow::reference as sow_reference;
pub use crate::sow::{EndlessRelay, RelayRule, SingleLap, SowError, Sower, Sown};

/// Implements `TryFrom<Setup> for State` (through `State::from_setup`) and
/// `From<State> for Setup` (through `State::to_setup`): what serde's
/// `try_from = "Setup", into = "Setup"` needs of a state that is read
/// through its checked setup.
///
/// # Examples
///
/// ```
/// use mancala_core::{Mancala, Setup};
///
/// // Core's own state uses it: `Mancala` and `Setup` convert both ways.
/// let setup = Setup::from(mancala_core::kalah());
/// assert_eq!(Mancala::try_from(setup), Ok(mancala_core::kalah()));
/// ```
#[macro_export]
macro_rules! setup_conversions {
    ($state:ty, $setup:ty, $error:ty) => {
        impl ::core::convert::TryFrom<$setup> for $state {
            type Error = $error;
            fn try_from(setup: $setup) -> ::core::result::Result<$state, $error> {
                <$state>::from_setup(setup)
            }
        }

        impl ::core::convert::From<$state> for $setup {
            fn from(game: $state) -> $setup {
                game.to_setup()
            }
        }
    };
}
