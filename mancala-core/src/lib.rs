//! The shared core of the mancala-rs rules libraries: board topology, the
//! sowing engine (relays, origin skipping, stores, exact endless-relay
//! detection), capture building blocks (chains, grand slams, feeding), the
//! family's [`Game`] interface for sequential and simultaneous games, and a
//! generic rules-driven sowing game, [`Mancala`], with the reference presets
//! [`oware`] and [`kalah`] that replay OpenSpiel 2.0.2's games exactly.
//!
//! The rules are written down in the project's `RULES.md`; every option
//! documented here names the rule it implements.
//!
//! # Examples
//!
//! Play oware from the start, checking each move:
//!
//! ```
//! use mancala_core::{Game, Pit, Player, Status};
//!
//! let mut game = mancala_core::oware();
//! assert_eq!(game.status(), Status::ToMove(Player::P0));
//! game.play(Pit::new(3).unwrap())?;
//! assert_eq!(game.board().holes(), &[4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
//!
//! // An illegal move is a typed error and changes nothing.
//! let before = game.clone();
//! assert!(game.play(Pit::new(3).unwrap()).is_err());
//! assert_eq!(game, before);
//! # Ok::<(), mancala_core::PlayError>(())
//! ```
//!
//! Build a position from an unchecked [`Setup`]:
//!
//! ```
//! use mancala_core::{Mancala, Rules, Setup};
//!
//! let mut setup = Setup::new(Rules::kalah());
//! setup.board = vec![0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0];
//! setup.stores = vec![22, 22];
//! let game = Mancala::from_setup(setup)?;
//! assert_eq!(game.legal_moves().as_slice(), &[mancala_core::Pit::new(5).unwrap()]);
//! # Ok::<(), mancala_core::SetupError>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for rules, setups and states; a
//!   deserialized state goes through [`Mancala::from_setup`], so it is
//!   checked.
//! - `arbitrary`: `Arbitrary` for rules, layouts and states (states are
//!   reached by legal play from the start).
//!
//! Without `arbitrary` the crate is `no_std` (it needs `alloc`). It forbids
//! `unsafe` code.

// `no_std` except where a dependency needs `std` (the `arbitrary` derive).
#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod board;
pub mod capture;
mod event;
mod feeding;
mod game;
mod history;
mod mancala;
mod pit;
mod player;
mod rules;
mod setup;
mod sow;
mod topology;

pub use board::{Board, MAX_SEEDS};
pub use capture::{ChainLimit, CountSet, chain, is_grand_slam, take_into_store};
pub use event::{Event, Observer};
pub use feeding::{Feeding, filter_feeding};
pub use game::{Game, Outcome, Status};
pub use history::History;
pub use mancala::{Mancala, MoveList, PlayError, check_sowing_move, kalah, oware};
pub use pit::{InvalidPit, MAX_HOLES, Pit, PitSet};
pub use player::{ByPlayer, InvalidPlayer, MAX_PLAYERS, Player, PlayerSet};
pub use rules::{Capture, EndRules, GrandSlam, Leftover, Rules, RulesError, Zone};
pub use setup::{SeenPosition, Setup, SetupError};
pub use sow::{
    Endless, EndlessRelay, Landing, Relay, RelayRule, SingleLap, SowError, SowSpec, Sown, sow,
};
pub use topology::{Direction, Layout, LayoutError, MAX_ROW_LEN, MAX_ROWS, Topology};
