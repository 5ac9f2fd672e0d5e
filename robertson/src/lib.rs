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
//! games make a [`Rubber`], won at 100. The complete rules, with every
//! reading of the source this crate had to fix and every option, are under
//! [Rules](#rules).
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
//! # Rules
//!
//! These are Robertson's rules as this crate plays them: his patents, as the
//! game's published descriptions give them, read literally, with the gaps they
//! leave filled as stated here. Each option is named as the field of
//! [`Options`] that holds it, with its text key where it differs.
//!
//! ## Boards and players
//!
//! - The board ([`Options::shape`], text key `layout`) is rows of six holes
//!   joined end to end into one ring, sown counter-clockwise:
//!   [`Shape::TwoRow`] (two rows, oware's board; the default),
//!   [`Shape::Triangle`] (three rows) or [`Shape::Hexagon`] (six rows).
//!   Row `r`'s holes are `6r` to `6r + 5`, each row numbered
//!   counter-clockwise (on the two-row board: player 0's holes `0` to `5`
//!   from his left, then player 1's `6` to `11` from his left).
//! - Each row has an owner ([`Options::owners`], text key `owners`, one
//!   player a row in ring order). Robertson did not say who has which holes;
//!   any assignment is accepted in which players `0` to `k - 1` (2 to 6 of
//!   them) each own at least one row. Defaults: one row each on the two-row
//!   board (2 players) and the triangle (3 players); on the hexagon, two
//!   players with three consecutive rows each (`0,0,0,1,1,1`).
//!   [`Options::hexagon`] gives the hexagon for 2 (three consecutive rows
//!   each), 3 (two each: `0,0,1,1,2,2`) or 6 players (one each).
//! - Each player has a receptacle for the stones he captures. Turns go
//!   `0, 1, ..., k - 1` and round again; player 0 moves first
//!   ([`Robertson::with_first_player`] starts with another, as a rubber
//!   does).
//!
//! ## Start
//!
//! Every hole holds [`Options::seeds`] stones (default 4). Nobody has
//! captured anything or won honours.
//!
//! ## A turn
//!
//! The player to move lifts all the stones of one of his non-empty holes
//! and sows them one by one counter-clockwise from the next hole: one lap,
//! never a relay. The hole he lifted from is not passed over (a lap that
//! goes all round the ring refills it); [`Options::skip_origin`] (default
//! `false`) passes over it instead, as oware does.
//!
//! ## Captures
//!
//! If the last stone falls in a hole of *another* player that then holds 2
//! or 3 stones, that hole is captured, the last stone with it, into the
//! mover's receptacle. Then the holes before it, walking clockwise (against
//! the sowing), are captured while each belongs to a player other than the
//! mover (the chain may run on from one opponent's row into another's) and
//! holds exactly as many stones as the landing hole: a chain of 2s or a
//! chain of 3s, never a mix ("contrary to oware"). The chain stops at the
//! first hole that fails, and never comes round to the landing hole again.
//!
//! A capture that would leave some player it takes from with no stones at
//! all is a *grand slam*. [`Options::grand_slam`]: [`GrandSlam::Allow`]
//! (default: it is captured like any other), [`GrandSlam::NoCapture`] (the
//! move is legal but captures nothing, and wins no honours) or
//! [`GrandSlam::Forbid`] (the move is illegal).
//!
//! ## Feeding
//!
//! If the next player in turn has no stones, the mover must make a move
//! after which (captures included) that player has at least one, when he
//! has such a move; when he has none, any move is legal. Forbidden grand
//! slams are removed before feeding is judged.
//!
//! ## Honours
//!
//! Each capture wins honours by the number of holes it took (the landing
//! hole included) and the count they held ([`Options::honours`], a table
//! that is data: [`Honours::ROBERTSON`] by default, [`Honours::NONE`], or
//! your own, each entry at most [`MAX_CAPTURE_HONOURS`]):
//!
//! | capture | honours |
//! | --- | --- |
//! | three holes of 2 | 2 |
//! | four or more holes of 2 | 6 |
//! | three holes of 3 | 4 |
//! | four or more holes of 3 | 10 |
//! | one or two holes | none |
//!
//! ## End of the game
//!
//! The game ends when the player to move has no stones at the start of his
//! turn (or has stones but no legal move: every move a forbidden grand
//! slam), or when a position (the board and the player to move) repeats
//! one seen since stones last left the board, the start counting as seen.
//! The patents do not say what becomes of the stones left on the board;
//! [`Options::leftover`]: [`Leftover::Void`] (default: they stay and count
//! for nobody) or [`Leftover::ToOwner`] (text `owner`: each owner adds the
//! stones left in his own holes to his captured stones, and the board is
//! emptied).
//!
//! ## Winner
//!
//! A player's score is the stones he captured plus his honours. The single
//! highest score wins; a tie for the top is a draw, with any number of
//! players. [`Robertson::ranking`] gives the full ranking (ties in turn
//! order).
//!
//! ## Rubbers
//!
//! "The first player to reach a score of 100 wins a rubber." A [`Rubber`]
//! is a match of games whose scores add up to running totals. After each
//! game, if some total is at least 100 ([`RUBBER_TARGET`];
//! [`Rubber::with_target`] sets another), the highest total wins the
//! rubber; if two or more players share the highest, they play on. The
//! first mover rotates: game `g` (counted from 0) is begun by player `g`
//! modulo the number of players.
//!
//! ```
//! use robertson::*;
//!
//! // Player 0 sows hole 5: its four stones reach holes 6 to 9 of player 1,
//! // which then hold 3, 2, 2, 2.
//! let mut game: Robertson = "0,0,0,0,0,4/2,1,1,1,1,1 0,0 0,0 0".parse()?;
//! let report = game.play(Pit::new(5).unwrap())?;
//! // Hole 9 holds 2: taken, then 8 and 7 (2 each); hole 6 holds 3 and
//! // ends the chain. Three holes of 2 win 2 honours.
//! assert_eq!((report.holes, report.count, report.stones, report.honours), (3, 2, 6, 2));
//! assert_eq!(game.board().holes(), &[0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1, 1]);
//! assert_eq!(game.scores().as_slice(), &[8, 0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Options
//!
//! | field (text key) | default | presets and values |
//! | --- | --- | --- |
//! | [`shape`](Options::shape) (`layout`) | `two-row` | `triangle`, `hexagon` ([`Options::triangle`], [`Options::hexagon`]) |
//! | [`owners`](Options::owners) | the shape's ([`Shape::default_owners`]) | one player a row |
//! | [`seeds`](Options::seeds) | 4 | at least 1 |
//! | [`skip_origin`](Options::skip_origin) | `false` | `true` |
//! | [`grand_slam`](Options::grand_slam) | `allow` | `no-capture`, `forbid` |
//! | [`leftover`](Options::leftover) | `void` | `owner` |
//! | [`honours`](Options::honours) | `2,6,4,10` | any four numbers up to 1,000,000 |
//!
//! Numbers from outside are checked where they enter, so that scores,
//! rankings and outcomes are always exact: a board holds at most 65,535
//! stones, a setup's honours are bounded by [`MAX_HONOURS`] (less what the
//! stones on the board could still win), and a rubber refuses, with a typed
//! [`RubberError`], a game it could not count exactly.
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
//!   `mancala_core::toolkit::arbitrary_play`).

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
// Missing docs and the panicking shortcuts warn, which the CI's `-D warnings` makes errors.
#![warn(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod draw;
mod game;
mod options;
mod rubber;
mod setup;
mod text;

pub use game::{MAX_OWN_HOLES, MoveList, MoveReport, Robertson};
pub use mancala_core::{
    ByPlayer, End, Game, Outcome, Pit, PlayError, Player, Status,
    rules::{GrandSlam, Leftover},
    toolkit::JointMoveError,
};
pub use options::{Honours, MAX_CAPTURE_HONOURS, Options, OptionsError, Shape};
pub use rubber::{RUBBER_TARGET, Rubber, RubberError};
pub use setup::{MAX_HONOURS, Setup, SetupError};
pub use text::ParseError;

/// The examples of the crate's README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
