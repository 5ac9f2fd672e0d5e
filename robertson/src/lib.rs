//! Robertson's game (Frederick Henry Robertson, Jamaica, 1936; GB 476,480
//! and GB 493,112): an oware variant for two-row, triangular and six-sided
//! boards and 2 to 6 players, on [`mancala_core`].
//!
//! Four stones a hole; a single lap counter-clockwise. A last stone that
//! makes 2 or 3 in another player's hole captures it, with the unbroken chain
//! of holes before it holding the same count (never a mix of 2s and 3s).
//! A player whose next opponent has no stones must feed him if he can. The
//! game ends when the player to move has no stones, or a position repeats.
//! Scores are captured stones plus honours for long captures; successive
//! games make a [`Rubber`], won at 100. Every reading of the source is fixed
//! in `RULES.md` ("Robertson's game").
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Status};
//! use robertson::{Options, Robertson};
//!
//! let mut game = Robertson::new(Options::triangle())?;
//! println!("{}", game.drawing());
//! while let Status::ToMove(_) = game.status() {
//!     let pit = game.legal_moves()[0];
//!     game.play(pit)?;
//! }
//! let ranking = game.ranking();
//! assert_eq!(ranking.len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for options, setups, games and
//!   rubbers; deserialized values are checked.
//! - `arbitrary`: `Arbitrary` for options and games (reached by legal play).

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod draw;
mod game;
mod options;
mod rubber;
mod setup;

pub use game::{MoveReport, Robertson};
pub use mancala_core::{GrandSlam, Leftover, PlayError};
pub use options::{Honours, Options, OptionsError, Shape};
pub use rubber::{RUBBER_TARGET, Rubber, RubberError};
pub use setup::{Setup, SetupError};
