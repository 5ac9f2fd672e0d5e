//! Numercy, the arithmetic relay-sowing game of Sam Nooh K. Al-Jajjoka
//! (2000), a variant of Dakon made to teach arithmetic, on
//! [`mancala_core`].
//!
//! Two rows of 2 to 13 holes; between the two holes of each file an operator
//! (`+ - x :` and `^`). A move sows a hole's balls counter-clockwise, relaying
//! from any hole the last ball makes hold 6 or more. Where the move ends, with
//! `c` balls there and `o` in the opposite hole: a 2 or a 4 scores `c op o`
//! for the mover and empties both holes; a 3 or a 5 scores it for his
//! opponent; a 1 scores nothing. A player who cannot move ends the game; each
//! player then adds his leftover balls to his points. Every reading of the
//! source is fixed in `RULES.md` ("Numercy"); the options document theirs.
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Pit, Status};
//! use numercy::{Numercy, Operator, Options};
//!
//! // A teacher's drill on a 2x6 board: multiplication everywhere.
//! let mut game = Numercy::new(Options::board(6).drill(Operator::Multiply))?;
//! while let Status::ToMove(_) = game.status() {
//!     let pit = game.legal_moves()[0];
//!     let report = game.play(pit)?;
//!     if let Some(scoring) = report.scoring {
//!         assert_eq!(scoring.points, u64::from(report.count) * u64::from(report.opposite));
//!     }
//! }
//! assert!(game.outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for options, setups and games; a
//!   deserialized game goes through [`Numercy::from_setup`].
//! - `arbitrary`: `Arbitrary` for options and games (reached by legal play).

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod game;
mod operator;
mod options;
mod setup;

pub use game::{MoveList, MoveReport, Numercy, Scoring};
pub use mancala_core::PlayError;
pub use operator::{DivideByZero, Operator, ParseOperatorError, Rounding};
pub use options::{MAX_HOLES_PER_ROW, MIN_HOLES_PER_ROW, Options, OptionsError};
pub use setup::{Setup, SetupError};
