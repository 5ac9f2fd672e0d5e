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
//! A [`Numercy`] plays through the family's [`Game`] trait; its actions and
//! moves are holes ([`Pit`]), and each move reports its arithmetic
//! ([`MoveReport`]):
//!
//! ```
//! use numercy::*;
//!
//! // A teacher's drill on a 2x6 board: multiplication everywhere.
//! let mut game = Numercy::new(Options::board(6).drill(Operator::Multiply))?;
//! println!("{game:#}"); // the board, with its operator row
//! while let Status::ToMove(_) = game.status() {
//!     let pit = game.legal_moves()[0];
//!     let report = game.play(pit)?;
//!     println!("{report}");
//!     if let Some(scoring) = report.scoring {
//!         assert_eq!(scoring.points, u64::from(report.count) * u64::from(report.opposite));
//!     }
//! }
//! assert!(game.outcome().is_some());
//!
//! // An illegal move is a typed error and changes nothing.
//! let mut game = Numercy::default(); // the classic game
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
//! HOLES POINTS PLAYER [over] [seen=POSITION|POSITION...] [OPTIONS...]
//! ```
//!
//! - `HOLES`: the balls in each hole, player 0's row from his left, `/`,
//!   then player 1's row from his left, counts separated by `,`
//!   (`7,7,7,7,7,7,7/7,7,7,7,7,7,7`);
//! - `POINTS`: the points of player 0 and player 1, separated by `,` (once
//!   the game is over they include the leftover balls);
//! - `PLAYER`: the player to move (in a finished game, the one who would
//!   have), `0` or `1`;
//! - `over`: the game is over;
//! - `seen=`: with the repetition option, the positions seen before this one
//!   since balls last left the board, oldest first, each `HOLES:PLAYER`;
//! - `OPTIONS`: the options that differ from the classic game, as `key=value`
//!   words, `holes` before `operators` (keys and values in [`Options`]:
//!   `holes`, `seeds`, `operators`, `relay_at`, `skip_origin`, `rounding`,
//!   `divide_by_zero`, `endless`, `repetition`, `max_laps`). The operator
//!   row is written
//!   whenever it differs from `+ - x :` cycled over the board's files.
//!
//! The text reads back through the checked setup ([`Numercy::from_setup`]):
//! malformed text or an impossible position is a typed [`ParseError`].
//! `{:#}` draws the board instead, the operator row between the two rows of
//! holes and each player's points at his side.
//!
//! ```
//! use numercy::*;
//!
//! let mut game = Numercy::default();
//! assert_eq!(game.to_string(), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 0");
//! game.play(Pit::new(3).unwrap())?;
//! assert_eq!(game.to_string().parse::<Numercy>()?, game);
//!
//! // A 2x4 drill of powers, North to move with 12 points to South's 10,
//! // under the repetition rule with one position seen before this one.
//! let text = "1,0,3,0/1,3,0,0 10,12 1 seen=0,1,3,0/1,3,0,0:0 holes=4 seeds=4 operators=^,^,^,^ repetition=true";
//! let game: Numercy = text.parse()?;
//! assert_eq!(game.scores().as_slice(), &[10, 12]);
//! assert_eq!(game.operator_at(Pit::new(5).unwrap()), Operator::Power);
//! assert_eq!(game.to_string(), text);
//! assert_eq!(
//!     format!("{game:#}"),
//!     [
//!         "             |  (7)  (6)  (5)  (4)",
//!         "  North   12 |    0    0    3    1",
//!         "             |    ^    ^    ^    ^",
//!         "  South   10 |    1    0    3    0",
//!         "             |  (0)  (1)  (2)  (3)",
//!     ]
//!     .join("\n")
//! );
//!
//! assert!("7,7,7/7,7 0,0 0".parse::<Numercy>().is_err()); // rows of 3 and 2
//! assert!("7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 0 operators=+".parse::<Numercy>().is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for options, setups, reports and
//!   games; a game is written as its [`Setup`] and read back through
//!   [`Numercy::from_setup`], so it is checked.
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

mod game;
mod operator;
mod options;
mod setup;
mod text;

pub use game::{MoveList, MoveReport, Numercy, PlayError, Scoring};
pub use mancala_core::{
    ByPlayer, DEFAULT_MAX_LAPS, Endless, EndlessRelay, Event, Game, JointMoveError, Observer,
    Outcome, Pit, Player, RuleOptions, Status, Undecided,
};
pub use operator::{DivideByZero, Operator, ParseOperatorError, Rounding};
pub use options::{MAX_HOLES_PER_ROW, MIN_HOLES_PER_ROW, Options, OptionsError};
pub use setup::{Setup, SetupError};
pub use text::ParseError;
