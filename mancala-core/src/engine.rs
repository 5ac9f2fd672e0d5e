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
//! - Under the `arbitrary` feature, `arbitrary_play`: a state reached by
//!   legal play, for fuzzing.

pub use crate::board::INLINE_HOLES;
pub use crate::capture::{chain, is_grand_slam, take_into_store, take_to_owners};
pub use crate::feeding::filter_feeding;
#[cfg(feature = "arbitrary")]
pub use crate::game::arbitrary_play;
pub use crate::game::{JointMoveError, KeyHasher, sequential_move};
pub use crate::mancala::check_sowing_move;
pub use crate::sow::{EndlessRelay, RelayRule, SingleLap, SowError, Sower, Sown};
