//! Numa (Don Green, 2003): four numbered pieces on a 5x5 torus, moved by both
//! players at once. Not a sowing game: it shares the family's
//! [`mancala_core::Game`] interface as a simultaneous game.
//!
//! Each turn both players reveal two instructions (a piece and a colour, two
//! different pieces and two different colours: 72 choices). Every
//! instruction moves its piece one square towards the colour's edge (yellow
//! north, red east, blue south, green west, wrapping round) and flips it
//! between its Arabic (1-4) and Roman (I-IV) face. Then every two lone pieces
//! on touching squares showing the same system score their sum for that
//! system's player. The first to 30 wins; a tie at 30 or more plays on.
//! Every reading of the source is fixed in `RULES.md` ("Numa").
//!
//! # Examples
//!
//! The source's example of play:
//!
//! ```
//! use mancala_core::{Outcome, Player};
//! use numa::{JointMove, Numa};
//!
//! let mut game = Numa::default();
//! let mut turn = |a: &str, r: &str| game.turn(JointMove { arabic: a.parse().unwrap(), roman: r.parse().unwrap() });
//! turn("pentagon-red+square-blue", "pentagon-yellow+circle-green")?;
//! turn("circle-red+square-blue", "square-yellow+pentagon-red")?;
//! turn("circle-yellow+pentagon-red", "square-yellow+triangle-red")?;
//! assert_eq!(game.scores(), [0, 33]);
//! assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));
//! # Ok::<(), numa::TurnError>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for options, choices (as
//!   `[instruction, instruction]`), setups and games; squares and choices are
//!   checked on the way in.
//! - `arbitrary`: `Arbitrary` for options, choices, joint moves and games.

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod game;
mod setup;
mod types;

pub use game::{ChoiceList, Numa, Options, Piece, PiecePath, ScoringPair, TurnError, TurnReport};
pub use setup::Setup;
pub use types::{
    Choice, ChoiceError, Colour, Face, Instruction, JointMove, OffBoard, SIZE, Shape, Square,
};
