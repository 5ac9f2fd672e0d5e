//! Mankka (Kent Barker, Canada, 1975), a multi-lap oware variant with an
//! opening placement and captures on both sides, on [`mancala_core`].
//!
//! Mankka Two: three seeds a hole and six in each hand, which each player
//! places in his holes as his first move (any of 462 ways). Mankka One: four
//! seeds a hole, no opening. A move sows a hole counter-clockwise; a last seed
//! in a hole that was not empty and then holds neither 2 nor 3 lifts it for
//! another lap; a 2 or a 3, on either side, is captured with the unbroken
//! chain of 2s and 3s behind it. The game ends when the player to move has
//! nothing, or at most 8 seeds are left after a sowing move. The complete
//! rules, with every reading of the source this crate had to fix and every
//! option, are under [Rules](#rules).
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
//! assert!(matches!(game.play(Move::Sow(Pit::new(7).unwrap())), Err(PlayError::Core(CorePlayError::NotYourHole { .. }))));
//! assert_eq!(game.play(Move::Pass), Err(PlayError::Core(CorePlayError::CannotPass)));
//! assert_eq!(game, before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Rules
//!
//! These are Mankka's rules as this crate plays them: Kent Barker's rules
//! leaflet, as the game's published descriptions give it, read literally, with
//! the gaps it leaves filled as stated here. Each option is named as the field
//! of [`Options`] that holds it; the text keys are the same.
//!
//! ## Board and variants
//!
//! Two rows of six holes, one row a player, and a store at either end for
//! each player's captures. Player 0's holes are `0` to `5` from his left,
//! player 1's `6` to `11` from his left; seeds travel counter-clockwise, in
//! increasing number, from hole 11 back to hole 0. [`Options::variant`]:
//!
//! - [`Variant::Two`] (Mankka Two, the full game; the default,
//!   [`Options::two`]): 3 seeds in each hole and 6 in each player's hand;
//! - [`Variant::One`] (Mankka One, the simplified game, [`Options::one`]): 4
//!   seeds in each hole, no hand and no opening.
//!
//! ## Opening (Mankka Two)
//!
//! Player 0's first move places all six seeds of his hand in his own holes,
//! distributed as he likes: one move, a [`Placement`] of six counts (from
//! his own left) adding up to 6, any of 462. Then player 1 places his the
//! same way, and then player 0 makes the first sowing move. Placed seeds
//! are never rearranged. In Mankka One player 0 sows at once.
//!
//! A player still to place can move (he places), so his sowing moves are
//! not judged until he has: none is tried for endless relays, and one that
//! would relay for ever does not make him a player who cannot move. Only an
//! empty side does, under the early ends (below), as at any turn.
//!
//! ## A sowing move
//!
//! The player to move lifts all the seeds of one of his non-empty holes and
//! sows them one by one counter-clockwise from the next hole, over both
//! rows, never into a store. The hole he lifted from is not passed over (a
//! lap of 12 seeds or more refills it); [`Options::skip_origin`] (default
//! `false`) makes every lap pass over the hole it was lifted from.
//!
//! ## Laps and captures
//!
//! When the last seed of a lap falls in a hole that then holds `c` seeds:
//!
//! - `c` is 1 (the hole was empty): the move ends;
//! - `c` is 2 or 3, **on either side of the board**: that hole is captured
//!   into the mover's store, then the holes before it, walking clockwise
//!   (against the sowing), while each holds 2 or 3 (2s and 3s mixed). By
//!   default the chain crosses from one side to the other
//!   ([`Chain::Cross`]); [`Chain::Side`] keeps it to the side of the hole
//!   where the last seed fell ([`Options::chain`]). The chain stops at the
//!   first hole that fails and never comes round to the landing hole again.
//!   The move ends.
//! - `c` is 4 or more: the mover lifts those `c` seeds and sows them on
//!   from the next hole, another lap of the same move.
//!
//! There is no feeding rule and no grand slam rule: a capture may empty
//! either side.
//!
//! A move can relay for ever (for example player 0 sowing hole 2 of the
//! board `4,2,5,2,0,3 / 1,4,2,0,3,1`). Such a move is detected exactly
//! ([`EndlessRelay`](mancala_core::toolkit::EndlessRelay)) and handled by
//! [`Options::endless`]: [`Endless::Forbid`] (default) makes it illegal;
//! [`Endless::Stop`] ends it at the first lap start (board and hole about
//! to be lifted) that repeats, before lifting: it captures nothing and
//! leaves the board as the cycle left it. Deciding whether a move ends is
//! bounded by a work budget that belongs to the calling program, a
//! [`Budget`] (default [`Budget::DEFAULT`]; a trusted program raises or
//! removes it with [`Mankka::new_within`], [`Mankka::from_setup_within`] or
//! [`Mankka::set_budget`]; no text or option can; see
//! [`mancala_core`'s work budget](mancala_core#work-budget)).
//!
//! ## End of the game
//!
//! With the source's early ends ([`Options::early_end`], default `true`)
//! the game ends:
//!
//! - when the player to move cannot move: he has no seeds on his side (or,
//!   under `Endless::Forbid`, every sowing move he has relays for ever, he
//!   having no placement to make); or
//! - at the end of a sowing move (not a placement) that leaves at most 8
//!   seeds in the holes ([`Options::end_threshold`], default 8).
//!
//! The source notes that these ends spare children difficult endgames, and
//! gives rules for dropping them, which `early_end: false` plays: a player
//! who cannot sow must pass ([`Move::Pass`], then his only legal move) until
//! he can sow again, and the game ends when neither player can move, or
//! when a position (the board and the player to move) repeats one seen
//! since seeds last left the holes, the start counting as seen. The
//! few-seeds end does not apply then.
//!
//! ## Winner
//!
//! A player's score is the seeds he captured; seeds left on the board are
//! not counted, by anyone. More captured seeds wins; equal is a draw.
//!
//! ```
//! use mankka::*;
//!
//! // Mankka One, player 0 to move. He sows hole 3 (4 seeds) into holes 4
//! // to 7; hole 7 then holds 4, so he lifts it and sows holes 8 to 11. The
//! // last seed makes a 3 in hole 11: he captures it and hole 10 (2), not
//! // hole 9 (1).
//! let mut game: Mankka = "0,0,0,4,0,0/1,3,0,0,1,2 10,10 0,0 0 variant=one".parse()?;
//! let report = game.play(Move::Sow(Pit::new(3).unwrap()))?;
//! assert_eq!(report.laps, 2);
//! assert_eq!(report.captured.iter().map(Pit::index).collect::<Vec<_>>(), [10, 11]);
//! assert_eq!(game.board().holes(), &[0, 0, 0, 0, 1, 1, 2, 0, 1, 1, 0, 0]);
//! // At most 8 seeds are left after a sowing move: the game is over.
//! assert_eq!(game.scores().as_slice(), &[15, 10]);
//! assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));
//!
//! // A chain crosses sides, the mover's own holes included: hole 6 (2),
//! // then holes 5 (3) and 4 (2), stopping at the empty hole 3.
//! let text = "0,0,0,3,1,2/1,0,0,5,0,1 10,10 0,0 0 variant=one";
//! let mut game: Mankka = text.parse()?;
//! let report = game.play(Move::Sow(Pit::new(3).unwrap()))?;
//! assert_eq!(report.captured.iter().map(Pit::index).collect::<Vec<_>>(), [4, 5, 6]);
//! // With `chain=side` it stays on the landing hole's side.
//! let mut game: Mankka = format!("{text} chain=side").parse()?;
//! let report = game.play(Move::Sow(Pit::new(3).unwrap()))?;
//! assert_eq!(report.captured.iter().map(Pit::index).collect::<Vec<_>>(), [6]);
//!
//! // Player 0's hole 2 relays for ever on this board: refused by default.
//! let game: Mankka = "4,2,5,2,0,3/1,4,2,0,3,1 10,11 0,0 0".parse()?;
//! assert!(matches!(game.clone().play(Move::Sow(Pit::new(2).unwrap())), Err(PlayError::Core(CorePlayError::Endless { .. }))));
//! assert!(!game.legal_moves().contains(&Move::Sow(Pit::new(2).unwrap())));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Options
//!
//! | field (text key) | default | presets and values |
//! | --- | --- | --- |
//! | [`variant`](Options::variant) | `two` | `one` |
//! | [`end_threshold`](Options::end_threshold) | 8 | any count (used with the early ends) |
//! | [`early_end`](Options::early_end) | `true` | `false` |
//! | [`skip_origin`](Options::skip_origin) | `false` | `true` |
//! | [`chain`](Options::chain) | `cross` | `side` |
//! | [`endless`](Options::endless) | `forbid` | `stop` |
//!
//! Positions from outside ([`Mankka::from_setup`], the text notation,
//! deserialization) are checked: at most 65,535 seeds in all, hands
//! included; a hand holds the variant's 6 seeds or none; seeds in hand only
//! in the opening (the player to move still holds his, and no position is
//! remembered for the repetition rule); and a setup still in its opening is
//! refused if the game would already be over.
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
//!   `early_end`, `skip_origin`, `chain`, `endless`).
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
//!   legal play from the start, `mancala_core::toolkit::arbitrary_play`).

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
// Missing docs and the panicking shortcuts warn, which the CI's `-D warnings` makes errors.
#![warn(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod error;
mod game;
mod moves;
mod options;
mod report;
mod setup;
mod text;

pub use error::PlayError;
pub use game::Mankka;
/// The sower's refusals, which Mankka's [`PlayError::Core`] holds.
pub use mancala_core::PlayError as CorePlayError;
pub use mancala_core::{
    Budget, ByPlayer, End, Game, Landing, Outcome, Pit, PitSet, PlaceError, Player, Status,
    budget::Undecided, history::SeenPosition, rules::Endless, toolkit::JointMoveError,
};
pub use moves::{Move, MoveList, Placement, SIDE};
pub use options::{Chain, Options, OptionsError, Variant};
pub use report::MoveReport;
pub use setup::{Setup, SetupError};
pub use text::ParseError;

/// The examples of the crate's README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
