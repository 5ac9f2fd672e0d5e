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
//! player then adds his leftover balls to his points. The complete rules,
//! with every reading of the source this crate had to fix and every option,
//! are under [Rules](#rules).
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
//! # Rules
//!
//! These are Numercy's rules as this crate plays them: the game's published
//! rules (after its inventor's patent, GB 2364926) read literally, with the
//! gaps they leave filled as stated here. Each option is named as the field of
//! [`Options`] that holds it, with its text key where it differs.
//!
//! ## Board
//!
//! - Two rows of `n` holes, `2 <= n <= 13` ([`Options::holes`], default 7),
//!   one row each; player 0 is South, player 1 North. Holes are numbered in
//!   the family's counter-clockwise order: South's `0` to `n - 1` from his
//!   left, then North's `n` to `2n - 1` from *his* left, so that the hole
//!   facing hole `i` across the board (the same *file*) is `2n - 1 - i`.
//! - Between the two holes of each file stands an operator ([`Operator`]):
//!   `+` add, `-` subtract, `x` multiply, `:` divide, or `^` power (the
//!   source's "other operators", e.g. exponentiation). The operator row is
//!   [`Options::row`], one operator a file from South's left (text key
//!   `operators`). By default it is `+ - x :` repeated from the left
//!   (`+ - x : + - x` on the classic board); a teacher's drill puts the same
//!   operator everywhere ([`Options::drill`]); [`Options::random_row`] draws
//!   a row from a seed you give, the same on every platform.
//! - Presets: [`Options::classic`] (the default), 2x7 with 7 balls a hole;
//!   [`Options::board`]`(n)`, 2x`n` with `n` balls a hole (the source's
//!   smaller boards, such as 2x6 with 6).
//!
//! ## Start
//!
//! Every hole holds [`Options::seeds`] balls (default 7; `board(n)`: `n`),
//! both players have 0 points, and South moves first. A board holds at most
//! 65,535 balls in all.
//!
//! ## A turn
//!
//! The player to move picks up all the balls of one of his non-empty holes
//! and sows them one by one counter-clockwise, starting with the next hole.
//! The hole he lifted from is not passed over: a lap of `2n` balls or more
//! refills it ([`Options::skip_origin`], default `false`; `true` passes
//! over the hole each lap was lifted from, as in oware).
//!
//! ## Relays
//!
//! When a lap's last ball makes its hole hold `c` balls:
//!
//! - if `c` is at least 6 ([`Options::relay_at`], at least 2), he picks up
//!   those `c` balls and sows them on from the next hole: another lap of the
//!   same move;
//! - otherwise the move ends there.
//!
//! A move can relay for ever (on some boards a lap start, the board and the
//! hole about to be lifted, comes back within one move). Such a move is
//! detected exactly ([`EndlessRelay`]) and handled by [`Options::endless`]:
//!
//! - [`Endless::Forbid`] (default): the move is not legal;
//! - [`Endless::Stop`]: the move ends at the first lap start that repeats,
//!   before lifting it; it scores nothing, and the board stays as the cycle
//!   left it.
//!
//! Deciding whether a move ends is bounded by a work budget that belongs to
//! the calling program, a [`Budget`] (default [`Budget::DEFAULT`]; a trusted
//! program raises or removes it with [`Numercy::new_within`],
//! [`Numercy::from_setup_within`] or [`Numercy::set_budget`]; no text or
//! option can): a position with a move the budget cannot decide is never
//! built, and a move leading to one is refused ([`PlayError::Undecided`]).
//! Random play never comes near it (every move of 100,000 random games of
//! each preset ends within 256 laps, which the budget does not count). See
//! [`mancala_core`'s work budget](mancala_core#work-budget).
//!
//! ## Scoring
//!
//! Where the move ends, let `c` be the balls in that hole (the last ball
//! included) and `o` the balls in the opposite hole of the same file:
//!
//! | `c` | who scores `c op o` | the balls |
//! | --- | --- | --- |
//! | 2 or 4 | the mover | both holes are emptied; those balls leave the game (they are not points) |
//! | 3 or 5 | his opponent | stay where they are |
//! | anything else | nobody | stay |
//!
//! (With a relay threshold other than 6 the counts a move can end on
//! change, but only a 2, 3, 4 or 5 ever scores.) `op` is the file's
//! operator ([`Operator::apply`]):
//!
//! - `+`: `c + o`; `-`: `|c - o|`; `x`: `c * o`; `^`: `c` to the power `o`
//!   (so `c ^ 0 = 1`);
//! - `:`: the larger count divided by the smaller, rounded by
//!   [`Options::rounding`]: [`Rounding::Nearest`] (default, halves up:
//!   `5 : 2 = 3`), [`Rounding::Down`] or [`Rounding::Up`] (the source says
//!   only "rounded up or down"). When the smaller count is 0,
//!   [`Options::divide_by_zero`] decides: [`DivideByZero::Zero`] (default)
//!   scores 0, [`DivideByZero::Max`] the larger count.
//!
//! Points are 64-bit; a result or a total too large for them (only `^` can
//! get there) saturates at `u64::MAX` instead of wrapping. Each move's
//! arithmetic is reported in its [`MoveReport`].
//!
//! ## End of the game
//!
//! "A player must move, if he can. When a player cannot move, the game
//! ends." A player cannot move when he has no ball on his side at the start
//! of his turn, or (under `Endless::Forbid`) when every move he has relays
//! for ever. The game then ends at once, and each player adds the balls
//! left in his own holes to his points (one ball, one point); the board is
//! left as it is.
//!
//! A game can otherwise go on for ever: on a 2x2 board `[1, 0 | 1, 0]`
//! South 0, North 2, South 1 and North 3 score nothing and come back to the
//! start. [`Options::repetition`] (default `false`, not in the source) ends
//! the game when a position (the board and the player to move) repeats one
//! seen since balls last left the board, the start counting as seen; it is
//! then scored as above. Turn it on where every game must end (tournaments,
//! AI playouts).
//!
//! ## Winner
//!
//! More points wins; equal points is a draw.
//!
//! ```
//! use numercy::*;
//!
//! // A 2x4 board (operators `+ - x :`): South's row 1,1,0,0, North's
//! // 2,0,3,0 (holes 4 to 7), South to move.
//! let mut game: Numercy = "1,1,0,0/2,0,3,0 0,0 0 holes=4".parse()?;
//! // South sows hole 0: its ball makes hole 1 hold 2, facing 3 in hole 6
//! // across the `-` file: South scores |2 - 3| = 1, both holes emptied.
//! let report = game.play(Pit::new(0).unwrap())?;
//! assert_eq!(report.scoring, Some(Scoring { points: 1, scorer: Player::P0, emptied: true }));
//! assert_eq!(game.board().holes(), &[0, 0, 0, 0, 2, 0, 0, 0]);
//! // North sows hole 4: its last ball makes a 1 in hole 6, no score.
//! assert_eq!(game.play(Pit::new(4).unwrap())?.scoring, None);
//! // South has no ball left: the game ends, North adds his 2 balls.
//! assert_eq!(game.scores().as_slice(), &[1, 2]);
//! assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));
//!
//! // A 3 scores for the opponent, and the balls stay: |3 - 4| = 1 for North.
//! let mut game: Numercy = "1,2,0,0/0,0,4,0 0,0 0 holes=4".parse()?;
//! let report = game.play(Pit::new(0).unwrap())?;
//! assert_eq!(report.scoring, Some(Scoring { points: 1, scorer: Player::P1, emptied: false }));
//! assert_eq!(game.board().holes(), &[0, 3, 0, 0, 0, 0, 4, 0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Options
//!
//! | field (text key) | default | presets and values |
//! | --- | --- | --- |
//! | [`holes`](Options::holes) | 7 | 2 to 13; `board(n)`: `n` |
//! | [`seeds`](Options::seeds) | 7 | at least 1; `board(n)`: `n` |
//! | [`row`](Options::row) (`operators`) | `+ - x :` cycled | any of `+ - x : ^` a file; `drill`, `random_row` |
//! | [`relay_at`](Options::relay_at) | 6 | at least 2 |
//! | [`skip_origin`](Options::skip_origin) | `false` | `true` |
//! | [`rounding`](Options::rounding) | `nearest` | `down`, `up` |
//! | [`divide_by_zero`](Options::divide_by_zero) | `zero` | `max` |
//! | [`endless`](Options::endless) | `forbid` | `stop` |
//! | [`repetition`](Options::repetition) | `false` | `true` |
//!
//! Numbers from outside are checked where they enter: options by
//! [`Options::check`], positions by [`Numercy::from_setup`] (at most
//! 65,535 balls; points may be any 64-bit numbers, and adding to them
//! saturates).
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
//!   `divide_by_zero`, `endless`, `repetition`). The operator
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
//!   `mancala_core::toolkit::arbitrary_play`).

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
// Missing docs and the panicking shortcuts warn, which the CI's `-D warnings` makes errors.
#![warn(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod end;
mod game;
mod operator;
mod options;
mod report;
mod setup;
mod text;
mod turn;

pub use end::End;
pub use game::{MoveList, Numercy};
pub use mancala_core::{
    Budget, ByPlayer, Event, Game, Observer, Outcome, Pit, PlayError, Player, Status,
    budget::Undecided,
    notation::RuleOptions,
    rules::Endless,
    toolkit::{EndlessRelay, JointMoveError},
};
pub use operator::{DivideByZero, Operator, ParseOperatorError, Rounding};
pub use options::{MAX_HOLES_PER_ROW, MIN_HOLES_PER_ROW, Options, OptionsError};
pub use report::{MoveReport, Scoring};
pub use setup::{Setup, SetupError};
pub use text::ParseError;

/// The examples of the crate's README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
