//! The building blocks of game crates: what a crate that adds a game of
//! the family (as `numercy`, `robertson` and `mankka` do) builds its turns
//! from, and what a player of games rarely needs.
//!
//! - The sower: [`Sower`] sows one move under a [`RelayRule`]
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
//! - [`sequential_game!`](crate::sequential_game): the associated types and
//!   `joint_move` of a game whose players take turns and whose actions are
//!   its moves.
//! - [`known_valid`]: a preset's state or layout, built from constants
//!   that cannot be refused.
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

/// What a construction from constants gives: a preset's state or
/// layout (the options of `Default`, say), which a unit test of the crate
/// that names the preset checks. `what` names the constants in the
/// message of the panic.
///
/// # Panics
///
/// If `built` is an error: a preset its own rules refuse is a bug in the
/// crate that defines it, never the caller's doing.
///
/// # Examples
///
/// ```
/// use mancala_core::{Mancala, Rules, toolkit::known_valid};
///
/// let game = known_valid(Mancala::new(Rules::kalah()), "Kalah's rules");
/// assert_eq!(game.board().total(), 48);
/// ```
#[track_caller]
pub fn known_valid<T, E: core::fmt::Display>(built: Result<T, E>, what: &str) -> T {
    match built {
        Ok(value) => value,
        Err(e) => unreachable!("{what} are valid: {e}"),
    }
}

/// Implements `PartialEq`, `Eq` and `Hash` for `$ty` so that every two
/// values are equal and none adds to a hash: for what a state keeps beside
/// its position, which equality and hashing must not see (the caller's
/// work budget, why the game ended).
///
/// # Examples
///
/// ```
/// #[derive(Clone, Copy, Debug)]
/// struct Note(u8);
/// mancala_core::uncompared!(Note);
///
/// assert_eq!(Note(1), Note(2));
/// ```
#[macro_export]
macro_rules! uncompared {
    ($ty:ty) => {
        impl ::core::cmp::PartialEq for $ty {
            fn eq(&self, _: &$ty) -> bool {
                true
            }
        }

        impl ::core::cmp::Eq for $ty {}

        impl ::core::hash::Hash for $ty {
            fn hash<H: ::core::hash::Hasher>(&self, _: &mut H) {}
        }
    };
}

/// The part of `impl Game for State` that every sequential game shares,
/// written inside the impl block: the associated types, with `Action` and
/// `Move` both `$move` (a player's action is the move itself), and
/// `joint_move`, which takes a turn's actions to the one action of the
/// player to move ([`sequential_move`]) and refuses anything else with the
/// game's error made from a [`JointMoveError`] (so `$error` must implement
/// `From<JointMoveError>`). A leading `players: N,` adds `player_count`
/// for a game of always N players.
///
/// # Examples
///
/// ```
/// use mancala_core::toolkit::JointMoveError;
/// use mancala_core::{ByPlayer, Game, Pit, Player, Status};
///
/// /// A game of one move: player 0 sows hole 0, and it is over (the report
/// /// names the hole).
/// #[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
/// struct OneMove {
///     over: bool,
/// }
///
/// #[derive(Debug, PartialEq, thiserror::Error)]
/// enum Refused {
///     #[error(transparent)]
///     Joint(#[from] JointMoveError),
///     #[error("not that move")]
///     Illegal,
/// }
///
/// impl Game for OneMove {
///     mancala_core::sequential_game!(
///         players: 2,
///         move: Pit,
///         actions: Vec<Pit>,
///         report: Pit,
///         error: Refused,
///     );
///
///     fn status(&self) -> Status {
///         match self.over {
///             true => Status::Over(mancala_core::Outcome::Winner(Player::P0)),
///             false => Status::ToMove(Player::P0),
///         }
///     }
///     fn legal_actions(&self, player: Player) -> Vec<Pit> {
///         match self.status() {
///             Status::ToMove(p) if p == player => vec![Pit::new(0).unwrap()],
///             _ => Vec::new(),
///         }
///     }
///     fn is_legal(&self, pit: &Pit) -> bool {
///         self.legal_moves().contains(pit)
///     }
///     fn play(&mut self, pit: Pit) -> Result<Pit, Refused> {
///         match self.is_legal(&pit) {
///             true => Ok(self.play_unchecked(pit)),
///             false => Err(Refused::Illegal),
///         }
///     }
///     fn play_unchecked(&mut self, pit: Pit) -> Pit {
///         self.over = true;
///         pit
///     }
///     fn scores(&self) -> ByPlayer<u64> {
///         ByPlayer::from_slice(&[1, 0])
///     }
///     fn key(&self) -> u64 {
///         u64::from(self.over)
///     }
/// }
///
/// let game = OneMove::default();
/// assert_eq!(game.player_count(), 2);
/// let hole = Pit::new(0).unwrap();
/// assert_eq!(game.joint_move(&[(Player::P0, hole)]), Ok(hole));
/// assert_eq!(
///     game.joint_move(&[(Player::P1, hole)]),
///     Err(Refused::Joint(JointMoveError::WrongPlayer { given: Player::P1, expected: Player::P0 }))
/// );
/// ```
#[macro_export]
macro_rules! sequential_game {
    (players: $players:expr, $($rest:tt)*) => {
        #[doc = concat!("Always ", stringify!($players), ".")]
        fn player_count(&self) -> usize {
            $players
        }

        $crate::sequential_game!($($rest)*);
    };
    (move: $move:ty, actions: $actions:ty, report: $report:ty, error: $error:ty $(,)?) => {
        type Action = $move;
        type Move = $move;
        type Actions = $actions;
        type Report = $report;
        type Error = $error;

        /// # Errors
        ///
        /// The game's refusal of a joint move unless `actions` is one
        /// action of the player to move.
        #[inline]
        fn joint_move(
            &self,
            actions: &[($crate::Player, $move)],
        ) -> ::core::result::Result<$move, $error> {
            ::core::result::Result::Ok($crate::toolkit::sequential_move(
                $crate::Game::status(self),
                actions,
            )?)
        }
    };
}

/// Implements `TryFrom<Setup> for State` (through `State::from_setup`) and
/// `From<State> for Setup` (through `State::to_setup`), and, under the
/// calling crate's `serde` feature, `Serialize` and `Deserialize` through
/// them: a state is written as its setup, and read as a setup that
/// `from_setup` then checks, so a deserialized state is as consistent as
/// a built one (a refused setup is a deserialization error with the
/// setup error's message). The calling crate names its serde dependency
/// `serde`.
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

        #[cfg(feature = "serde")]
        impl ::serde::Serialize for $state {
            fn serialize<S: ::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                ::serde::Serialize::serialize(&self.to_setup(), serializer)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> ::serde::Deserialize<'de> for $state {
            fn deserialize<D: ::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<$state, D::Error> {
                let setup = <$setup as ::serde::Deserialize<'de>>::deserialize(deserializer)?;
                <$state>::from_setup(setup).map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    };
}
