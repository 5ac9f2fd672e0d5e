//! Numa (Don Green, 2003): four numbered pieces on a 5x5 torus, moved by both
//! players at once. Not a sowing game: it implements the family's
//! [`Game`] interface as a simultaneous game.
//!
//! Each turn both players reveal two instructions (a piece and a colour, two
//! different pieces and two different colours: 72 choices). Every
//! instruction moves its piece one square towards the colour's edge (yellow
//! north, red east, blue south, green west, wrapping round) and flips it
//! between its Arabic (1-4) and Roman (I-IV) face. Then every two lone pieces
//! on touching squares showing the same system score their sum for that
//! system's player. The first to 30 wins; a tie at 30 or more plays on
//! (until [`SCORE_LIMIT`], where the library calls it a draw so that every
//! game can end without a score ever saturating). The complete rules, with
//! every reading of the source this crate had to fix and every option, are
//! under [Rules](#rules).
//!
//! Player 0 is Arabic, player 1 Roman. The [`status`](Game::status) is
//! [`Status::Simultaneous`] naming both until the game is over; each player's
//! [`legal_actions`](Game::legal_actions) are all 72 [`Choice`]s;
//! [`joint_move`](Game::joint_move) makes a [`JointMove`] of both players'
//! choices and [`play`](Game::play) reports the turn in a [`TurnReport`].
//!
//! # Examples
//!
//! The source's example of play, through the [`Game`] trait:
//!
//! ```
//! use numa::*;
//!
//! let mut game = Numa::default();
//! let mut turn = |arabic: &str, roman: &str| -> Result<TurnReport, Box<dyn std::error::Error>> {
//!     let mv = game.joint_move(&[(Player::P0, arabic.parse()?), (Player::P1, roman.parse()?)])?;
//!     Ok(game.play(mv)?)
//! };
//! assert_eq!(turn("pentagon-red+square-blue", "pentagon-yellow+circle-green")?.points, [0, 7]);
//! assert_eq!(turn("circle-red+square-blue", "square-yellow+pentagon-red")?.points, [0, 0]);
//! assert_eq!(turn("circle-yellow+pentagon-red", "square-yellow+triangle-red")?.points, [0, 26]);
//! assert_eq!(game.scores().as_slice(), &[0, 33]);
//! assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));
//!
//! // A finished game refuses every move and stays as it was.
//! let before = game;
//! let mv: JointMove = "triangle-red+square-blue/circle-red+square-yellow".parse()?;
//! assert_eq!(game.play(mv), Err(PlayError::GameOver));
//! assert_eq!(game, before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Rules
//!
//! These are Numa's rules as this crate plays them: Don Green's description of
//! the game, with its example of play, read literally, with the few gaps it
//! leaves filled as stated here. Each option is named as the field of
//! [`Options`] that holds it; the text keys are the same.
//!
//! ## Board and pieces
//!
//! - A 5x5 grid whose edges are coloured yellow (north), red (east), blue
//!   (south) and green (west). A [`Square`] is `(x, y)`, `1 <= x, y <= 5`,
//!   `x` growing east and `y` north: `(1, 1)` is the south-west
//!   (green/blue) corner. The board is a torus: a piece leaving an edge
//!   comes back in on the opposite one.
//! - Four pieces ([`Shape`]), each with an Arabic numeral on one face and a
//!   Roman numeral on the other ([`Face`]): triangle 1/I, square 2/II,
//!   pentagon 3/III, circle 4/IV.
//! - Two players: player 0 is Arabic, player 1 is Roman. Each scores when
//!   pieces showing his numerals touch.
//!
//! ## Start
//!
//! Triangle on (2,4) showing 1, square on (4,4) showing II, pentagon on
//! (2,2) showing III, circle on (4,2) showing 4; both scores 0.
//!
//! ## A turn
//!
//! Both players choose at once, in secret, then reveal: the game's
//! [`status`](Game::status) is [`Status::Simultaneous`] naming both, and a
//! turn is one [`JointMove`] of both choices. A [`Choice`] is two
//! [`Instruction`]s, each a shape and a [`Colour`], with two different
//! shapes and two different colours: 72 choices, all always legal.
//!
//! All four instructions of the turn are carried out, in any order (the
//! order cannot change the result): each moves its piece one square towards
//! its colour's edge (yellow: `y + 1`, red: `x + 1`, blue: `y - 1`, green:
//! `x - 1`, wrapping round) and flips it to its other face. A piece named by
//! both players moves twice and flips twice, so it ends the turn showing
//! the face it started with. Several pieces may share a square.
//!
//! ## Scoring
//!
//! After the moves, only pieces alone on their square count: a piece
//! sharing its square scores nothing and makes no pair (the source's second
//! example turn). For every two lone pieces on touching squares (the eight
//! neighbours, orthogonal or diagonal) that show the same system, that
//! system's player scores the sum of their two numbers. Squares touch
//! across the board's edges too ([`Options::wrap_adjacency`], default
//! `true`; `false` makes the edges a wall for scoring, though not for
//! moving). All such pairs score, so one turn can give a player at most 30
//! (all four pieces of one system on a 2x2 block). Each turn's pairs and
//! points are reported in its [`TurnReport`].
//!
//! ## End of the game
//!
//! At the end of a turn, if either player has at least 30 points
//! ([`Options::target`], 1 to [`SCORE_LIMIT`]) and the two totals differ,
//! the higher total wins. If they are equal, play goes on ("sudden death")
//! until they differ. There is no other end: until someone reaches the
//! target the game goes on, however long. The library adds one rule beyond
//! the source, so that every game can end without a score ever
//! overflowing: a tie at [`SCORE_LIMIT`] (one thousand million) or more is
//! a draw.
//!
//! The source's example of play is the first example above: after its
//! three turns Roman has 7, then 7, then 33 points, Arabic 0, and Roman
//! has won.
//!
//! ## Options
//!
//! | field (text key) | default | values |
//! | --- | --- | --- |
//! | [`target`](Options::target) | 30 | 1 to 1,000,000,000 |
//! | [`wrap_adjacency`](Options::wrap_adjacency) | `true` | `false` |
//!
//! Positions from outside ([`Numa::from_setup`], the text notation,
//! deserialization) are checked: squares must be on the board, the options
//! valid and each score at most [`MAX_SCORE`]; whether the game is over
//! follows from the scores and the target, so a setup that already meets
//! the end is a finished game.
//!
//! # Notation
//!
//! Everything has a text form that reads back exactly.
//!
//! - An [`Instruction`] is `shape-colour`: shapes `triangle`, `square`,
//!   `pentagon`, `circle`; colours `yellow`, `red`, `blue`, `green`
//!   (`pentagon-red`).
//! - A [`Choice`] is two instructions joined by `+`
//!   (`pentagon-red+square-blue`), the order kept as given (two choices in
//!   either order are equal).
//! - A [`JointMove`] is `ARABIC/ROMAN`, player 0's choice first
//!   (`pentagon-red+square-blue/pentagon-yellow+circle-green`).
//! - [`Options`] are `key=value` words naming only what differs from the
//!   source's game: `target=N` (N from 1 to [`SCORE_LIMIT`]; default 30) and
//!   `wrap_adjacency=false` (default `true`), the same keys as in
//!   conformance traces.
//! - A position ([`Numa`]) is one line of whitespace-separated words:
//!
//!   ```text
//!   PIECES SCORES [OPTIONS...]
//!   ```
//!
//!   - `PIECES`: the triangle, square, pentagon and circle in that order,
//!     separated by `/`, each as the numeral it shows (`1`-`4` Arabic,
//!     `I`-`IV` Roman), `@`, and its square `X,Y` (1 to 5 each, `x` east, `y`
//!     north): `1@2,4/II@4,4/III@2,2/4@4,2` is the start;
//!   - `SCORES`: Arabic's and Roman's points, `ARABIC,ROMAN`;
//!   - `OPTIONS`: the option words above.
//!
//!   Nobody is "to move" (both players choose every turn), and whether the
//!   game is over follows from the scores and the target, so neither is
//!   written. `{:#}` draws the 5x5 grid instead.
//!
//! Malformed text is a typed error naming what is wrong ([`ChoiceError`],
//! [`MoveParseError`], [`OptionError`], [`ParseError`]).
//!
//! ```
//! use numa::*;
//!
//! let mut game = Numa::default();
//! assert_eq!(game.to_string(), "1@2,4/II@4,4/III@2,2/4@4,2 0,0");
//! game.play("pentagon-red+square-blue/pentagon-yellow+circle-green".parse()?)?;
//! assert_eq!(game.to_string(), "1@2,4/2@4,3/III@3,3/IV@3,2 0,7");
//! assert_eq!(game.to_string().parse::<Numa>()?, game);
//!
//! let short: Numa = "1@2,4/II@4,4/III@2,2/4@4,2 0,0 target=10 wrap_adjacency=false".parse()?;
//! assert_eq!(short.options().target, 10);
//! assert!(!short.options().wrap_adjacency);
//!
//! // Errors name the part.
//! let err = "1@2,4/II@4,4/III@2,2/4@4,6 0,0".parse::<Numa>().unwrap_err();
//! assert!(err.to_string().starts_with("circle:"), "{err}");
//! assert!("1@2,4/II@4,4/III@2,2/4@4,2".parse::<Numa>().is_err()); // no scores
//! assert!("1@2,4/II@4,4/III@2,2/4@4,2 0,0 target=0".parse::<Numa>().is_err());
//!
//! // The drawing, north at the top.
//! let drawing = format!("{game:#}");
//! assert!(drawing.starts_with("        yellow (north)\n"));
//! assert!(drawing.contains("\n  3 |   .       .      III      2       .    |\n"));
//! assert!(drawing.ends_with("\n  Arabic 0, Roman 7"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for options, instructions (as
//!   `["pentagon", "red"]`), choices (as `[instruction, instruction]`), joint
//!   moves (as `{"arabic": choice, "roman": choice}`, the form of the
//!   conformance traces), setups and games; squares, choices and options are
//!   checked on the way in (a game through [`Numa::from_setup`]), and unknown
//!   fields are refused.
//! - `arbitrary`: `Arbitrary` for options, choices, joint moves, setups and
//!   games (games are reached by legal play from the start,
//!   `mancala_core::toolkit::arbitrary_play`).
//!
//! Without `arbitrary` the crate is `no_std` (it needs `alloc`). It forbids
//! `unsafe` code.

#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
// Missing docs and the panicking shortcuts warn, which the CI's `-D warnings` makes errors.
#![warn(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod game;
mod options;
mod setup;
mod text;
mod types;

pub use game::{
    ChoiceList, End, JointMoveError, Numa, PairList, Piece, PiecePath, PlayError, ScoringPair,
    TurnReport,
};
pub use mancala_core::notation::{NotationError, OptionError};
pub use mancala_core::{ByPlayer, Game, Outcome, Player, PlayerSet, Status, notation::RuleOptions};
pub use options::{Options, OptionsError, SCORE_LIMIT};
pub use setup::{MAX_SCORE, Setup, SetupError};
pub use text::ParseError;
pub use types::{
    Choice, ChoiceError, Colour, Face, Instruction, JointMove, MoveParseError, OffBoard, SIZE,
    Shape, Square,
};

/// The examples of the crate's README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
