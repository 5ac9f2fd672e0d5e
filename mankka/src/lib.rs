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
//! A [`Mankka`] plays through the family's [`Game`] trait; its actions and
//! moves are [`Move`]s (placements, sowing moves, passes), and each move
//! reports what it did ([`MoveReport`]):
//!
//! ```
//! use mankka::*;
//!
//! let mut game = Mankka::default(); // Mankka Two
//! println!("{game:#}"); // the board, with the seeds in hand
//! assert_eq!(game.legal_moves().len(), 462); // the opening placements
//! while let Status::ToMove(_) = game.status() {
//!     let mv = game.legal_moves()[0];
//!     let report = game.play(mv)?;
//!     println!("{report}");
//! }
//! assert!(game.outcome().is_some());
//!
//! // An illegal move is a typed error and changes nothing.
//! let mut game = Mankka::new(Options::one())?;
//! let before = game.clone();
//! assert!(matches!(game.play(Move::Sow(Pit::new(7).unwrap())), Err(PlayError::NotYourHole { .. })));
//! assert_eq!(game.play(Move::Pass), Err(PlayError::CannotPass));
//! assert_eq!(game, before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Moves
//!
//! A [`Move`] (which is also the game's action) is written as one word:
//!
//! - a placement, in the opening: the seeds added to each of the mover's six
//!   holes from his own left, joined by `+` (`1+2+0+0+3+0`); it must place
//!   exactly the seeds in hand;
//! - a sowing move: the hole's number in canonical order (player 0's holes
//!   `0` to `5` from his left, player 1's `6` to `11` from his left);
//! - `pass`: only without the early ends (`early_end=false`), and only for a
//!   player who cannot sow, whose one legal move it then is.
//!
//! ```
//! use mankka::*;
//!
//! let mut game = Mankka::default();
//! game.play("1+2+0+0+3+0".parse()?)?; // player 0's placement
//! game.play("0+0+0+0+0+6".parse()?)?; // player 1's
//! assert_eq!(game.board().holes(), &[4, 5, 3, 3, 6, 3, 3, 3, 3, 3, 3, 9]);
//! game.play("4".parse()?)?;
//! assert!("4+2".parse::<Move>().is_err()); // not six counts
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Notation
//!
//! A position is one line of whitespace-separated words:
//!
//! ```text
//! HOLES STORES HANDS PLAYER [over] [seen=POSITION|POSITION...] [OPTIONS...]
//! ```
//!
//! - `HOLES`: the seeds of each side in canonical order, player 0's six
//!   holes then player 1's, separated by `/`, counts by `,`;
//! - `STORES`: the seeds each player has captured, player 0 first, `,`
//!   between;
//! - `HANDS`: the seeds in each player's hand (`6,6` at the start of Mankka
//!   Two, `0,0` once the opening is over);
//! - `PLAYER`: the player to move (in a finished game, the one who would
//!   have), `0` or `1`;
//! - `over`: the game is over;
//! - `seen=`: without the early ends, the positions seen before this one
//!   since seeds last left the holes (the repetition rule), oldest first,
//!   each `HOLES:PLAYER`;
//! - `OPTIONS`: the options that differ from Mankka Two, as `key=value`
//!   words (the keys of [`Options`]: `variant`, `end_threshold`,
//!   `early_end`, `skip_origin`, `chain`, `endless`, `max_laps`).
//!
//! The text reads back through the checked setup ([`Mankka::from_setup`]):
//! malformed text or an impossible position is a typed [`ParseError`].
//! `{:#}` draws the board and the hands instead.
//!
//! ```
//! use mankka::*;
//!
//! let mut game = Mankka::default();
//! assert_eq!(game.to_string(), "3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0");
//! game.play(Move::Place(Placement::new([6, 0, 0, 0, 0, 0])))?;
//! assert_eq!(game.to_string(), "9,3,3,3,3,3/3,3,3,3,3,3 0,0 0,6 1");
//! assert_eq!(game.to_string().parse::<Mankka>()?, game);
//!
//! // Mankka One without the early ends: player 0 has no seeds and must
//! // pass; the position before, player 1 to move with his seed in hole 6,
//! // is remembered for the repetition rule.
//! let text = "0,0,0,0,0,0/0,1,0,0,0,0 23,24 0,0 0 seen=0,0,0,0,0,0/1,0,0,0,0,0:1 variant=one early_end=false";
//! let mut game: Mankka = text.parse()?;
//! assert_eq!(game.to_string(), text);
//! assert_eq!(game.legal_moves().as_slice(), &[Move::Pass]);
//!
//! assert!("3,3,3 0,0 6,6 0".parse::<Mankka>().is_err()); // not a board
//! assert!("3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0 chain=diagonal".parse::<Mankka>().is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for options, moves, reports, setups
//!   and games; a game goes through its [`Setup`], so a deserialized game is
//!   checked by [`Mankka::from_setup`].
//! - `arbitrary`: `Arbitrary` for options, moves and games (reached by
//!   legal play from the start, `mancala_core::arbitrary_play`).

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

/// The examples of the crate's README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

extern crate alloc;

mod game;
mod options;
mod setup;
mod text;

pub use game::{Mankka, Move, MoveList, MoveReport, Placement, PlayError, SIDE};
pub use mancala_core::{
    ByPlayer, DEFAULT_MAX_LAPS, Endless, Game, JointMoveError, Landing, Outcome, Pit, PitSet,
    Player, SeenPosition, Status, Undecided,
};
pub use options::{Chain, Options, OptionsError, Variant};
pub use setup::{Setup, SetupError};
pub use text::ParseError;
