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
//! A [`Robertson`] plays through the family's [`Game`] trait; its actions and
//! moves are holes ([`Pit`]), and each move reports its capture and honours
//! ([`MoveReport`]):
//!
//! ```
//! use robertson::*;
//!
//! let mut game = Robertson::new(Options::triangle())?;
//! println!("{game:#}"); // the board, drawn as a triangle
//! while let Status::ToMove(_) = game.status() {
//!     let pit = game.legal_moves()[0];
//!     let report = game.play(pit)?;
//!     println!("{report}");
//! }
//! let ranking = game.ranking();
//! assert_eq!(ranking.len(), 3);
//! assert!(game.outcome().is_some());
//!
//! // An illegal move is a typed error and changes nothing.
//! let mut game = Robertson::default(); // the two-row game
//! let before = game.clone();
//! assert!(matches!(game.play(Pit::new(7).unwrap()), Err(PlayError::NotYourHole { .. })));
//! assert_eq!(game, before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Notation
//!
//! A position is one line of whitespace-separated words:
//!
//! ```text
//! HOLES CAPTURED HONOURS PLAYER [over] [seen=POSITION|POSITION...] [OPTIONS...]
//! ```
//!
//! - `HOLES`: the stones of each row of six in canonical order (row 0
//!   first), rows separated by `/` and counts by `,`;
//! - `CAPTURED`: the stones each player has captured, player 0 first,
//!   separated by `,`;
//! - `HONOURS`: each player's honours, separated by `,`;
//! - `PLAYER`: the player to move (in a finished game, the one who would
//!   have), `0` to `5`;
//! - `over`: the game is over;
//! - `seen=`: for the repetition rule, the positions seen before this one
//!   since stones last left the holes, oldest first, each `HOLES:PLAYER`;
//! - `OPTIONS`: the options that differ from the two-row game's, as
//!   `key=value` words ([`Options`]; `layout` before `owners`):
//!
//! | key | values (default first) | meaning |
//! | --- | --- | --- |
//! | `layout` | `two-row`, `triangle`, `hexagon` | the board (and its default owners) |
//! | `owners` | one player a row, comma-separated (`0,0,1,1,2,2`) | the owner of each row, in ring order |
//! | `seeds` | `4`, a number | stones in each hole at the start |
//! | `skip_origin` | `false`, `true` | every move skips the hole it was lifted from |
//! | `grand_slam` | `allow`, `no-capture`, `forbid` | a capture that would leave a player without stones |
//! | `leftover` | `void`, `owner` | stones left on the board at the end |
//! | `honours` | `2,6,4,10`, four numbers | honours for three 2s, four or more 2s, three 3s, four or more 3s |
//!
//! The text reads back through the checked setup ([`Robertson::from_setup`]):
//! malformed text or an impossible position is a typed [`ParseError`].
//! `{:#}` draws the board instead ([`Robertson::drawing`]).
//!
//! ```
//! use robertson::*;
//!
//! let mut game = Robertson::default();
//! assert_eq!(game.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0");
//! game.play(Pit::new(5).unwrap())?;
//! assert_eq!(
//!     game.to_string(),
//!     "4,4,4,4,4,0/5,5,5,5,4,4 0,0 0,0 1 seen=4,4,4,4,4,4/4,4,4,4,4,4:0"
//! );
//! assert_eq!(game.to_string().parse::<Robertson>()?, game);
//!
//! // Captures 6 and 9 stones, honours 2 and 4; player 0 to move; a
//! // triangle with three players where grand slams are forbidden.
//! let text = "2,0,0,0,0,1/0,1,0,3,0,0/0,0,2,0,0,1 6,9,0 2,4,0 0 layout=triangle grand_slam=forbid";
//! let game: Robertson = text.parse()?;
//! assert_eq!(game.scores().as_slice(), &[8, 13, 0]);
//! assert_eq!(game.to_string(), text);
//!
//! assert!("4,4,4 0,0 0,0 0".parse::<Robertson>().is_err()); // not a board
//! assert!("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 layout=square".parse::<Robertson>().is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for options, setups, games (through
//!   their [`Setup`]) and rubbers; deserialized values are checked.
//! - `arbitrary`: `Arbitrary` for options and games (reached by legal play,
//!   `mancala_core::arbitrary_play`).

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

mod draw;
mod game;
mod options;
mod rubber;
mod setup;
mod text;

pub use game::{MAX_OWN_HOLES, MoveList, MoveReport, PlayError, Robertson};
pub use mancala_core::{
    ByPlayer, Game, GrandSlam, JointMoveError, Leftover, Outcome, Pit, Player, Status,
};
pub use options::{Honours, MAX_CAPTURE_HONOURS, Options, OptionsError, Shape};
pub use rubber::{RUBBER_TARGET, Rubber, RubberError};
pub use setup::{MAX_HONOURS, Setup, SetupError};
pub use text::ParseError;
