//! Mankka (Kent Barker, Canada, 1975), a multi-lap oware variant with an
//! opening placement and captures on both sides, on [`mancala_core`].
//!
//! Mankka Two: three seeds a hole and six in each hand, which each player
//! places in his holes as his first move (any of 462 ways). Mankka One: four
//! seeds a hole, no opening. A move sows a hole counter-clockwise; a last seed
//! in a hole that was not empty and then holds neither 2 nor 3 lifts it for
//! another lap; a 2 or a 3, on either side, is captured with the unbroken
//! chain of 2s and 3s behind it. The game ends when the player to move has
//! nothing, or at most 8 seeds are left after a sowing move. Every reading of
//! the source is fixed in `RULES.md` ("Mankka").
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Status};
//! use mankka::{Mankka, Options};
//!
//! let mut game = Mankka::new(Options::one())?;
//! while let Status::ToMove(_) = game.status() {
//!     let mv = game.legal_moves()[0];
//!     game.play(mv)?;
//! }
//! assert!(game.outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for options, moves, setups and games;
//!   a deserialized game goes through [`Mankka::from_setup`].
//! - `arbitrary`: `Arbitrary` for options, moves and games.

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod game;
mod options;
mod setup;

pub use game::{Mankka, Move, MoveError, MoveList, MoveReport, Placement, SIDE};
pub use mancala_core::PlayError;
pub use options::{Chain, Options, Variant};
pub use setup::{Setup, SetupError};
