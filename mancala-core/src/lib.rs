//! The shared core of the mancala-rs rules libraries: board topology, the
//! sowing engine (relays, origin skipping, stores, exact endless-relay
//! detection), capture building blocks (chains, grand slams, feeding), the
//! family's [`Game`] interface for sequential and simultaneous games, and a
//! generic rules-driven sowing game, [`Mancala`], with the reference presets
//! [`oware`] and [`kalah`] that replay OpenSpiel 2.0.2's games exactly.
//!
//! The rules are written down in the project's `RULES.md`; every option
//! documented here names the rule it implements.
//!
//! # Examples
//!
//! Play oware from the start, checking each move:
//!
//! ```
//! use mancala_core::{Game, Mancala, Move, Pit, Player, Status};
//!
//! let mut game = Mancala::default(); // oware
//! assert_eq!(game.status(), Status::ToMove(Player::P0));
//! let turn = game.play(Move::Sow(Pit::new(3).unwrap()))?;
//! assert_eq!(turn.captured.len(), 0);
//! assert_eq!(game.board().holes(), &[4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
//!
//! // An illegal move is a typed error and changes nothing.
//! let before = game.clone();
//! assert!(game.play(Move::Sow(Pit::new(3).unwrap())).is_err());
//! assert_eq!(game, before);
//!
//! // Every position has a one-line text form that reads back exactly: holes
//! // row by row, stores, the player to move, and (for oware's repetition
//! // rule) the positions seen since the last capture.
//! assert_eq!(game.to_string(), "4,4,4,0,5,5/5,5,4,4,4,4 0,0 1 seen=4,4,4,4,4,4/4,4,4,4,4,4:0");
//! assert_eq!(game.to_string().parse::<Mancala>()?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Build a position from an unchecked [`Setup`]:
//!
//! ```
//! use mancala_core::{Game, Mancala, Move, Pit, Player, Rules, Setup};
//!
//! let mut setup = Setup::new(Rules::kalah());
//! setup.board = vec![0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0];
//! setup.stores = vec![22, 22];
//! let game = Mancala::from_setup(setup)?;
//! assert_eq!(game.legal_actions(Player::P0).as_slice(), &[Move::Sow(Pit::new(5).unwrap())]);
//! # Ok::<(), mancala_core::SetupError>(())
//! ```
//!
//! Play any game of the family through the [`Game`] trait alone (the game
//! crates `numercy`, `robertson`, `mankka` and `numa` implement it too; Numa's
//! players move at once):
//!
//! ```
//! use mancala_core::{Game, Player, Status};
//!
//! /// Plays until the end, every acting player taking his first legal action.
//! fn play_out<G: Game>(mut game: G) -> G {
//!     while !game.is_over() {
//!         let acting: Vec<Player> = match game.status() {
//!             Status::ToMove(p) => vec![p],
//!             Status::Simultaneous(set) => set.iter().collect(),
//!             Status::Over(_) => break,
//!         };
//!         let choices: Vec<_> = acting.iter().map(|&p| (p, game.legal_actions(p)[0])).collect();
//!         let mv = game.joint_move(&choices).expect("the acting players' actions");
//!         game.play(mv).expect("legal actions are accepted");
//!     }
//!     game
//! }
//!
//! let oware = play_out(mancala_core::oware());
//! let kalah = play_out(mancala_core::kalah());
//! assert!(oware.outcome().is_some() && kalah.outcome().is_some());
//! ```
//!
//! # Positions and moves from strangers
//!
//! Every way in checks what it is given: a position from a [`Setup`], its
//! JSON or its text is refused with a typed error unless it can exist, a
//! move is refused unless it is legal, and a refused operation changes
//! nothing. Work is bounded too. Relaying moves can cycle, and exact
//! detection of a cycle can take minutes on a board built to be slow (a 2x6
//! board of 72 seeds relaying at 2 has a move that cycles for 307,959,030
//! laps), so every relaying game has a work budget, [`Rules::max_laps`]
//! (default [`DEFAULT_MAX_LAPS`]): a move that neither ends nor repeats
//! within it is [`Undecided`], and a position with such a move is refused
//! where it would be built. Under the default budget that slow position is
//! refused in tens of milliseconds (`cargo run --release --example laps`),
//! while the longest move in a million random games of each relaying preset
//! takes fewer than 30 laps. `max_laps: None` restores exact, unbounded
//! decisions for positions you trust.
//!
//! ```
//! use mancala_core::{Mancala, Relay, Rules, Setup, SetupError};
//!
//! let mut rules = Rules::oware();
//! rules.relay = Relay::AtLeast(2);
//! rules.sowing.skip_origin = false;
//! let mut setup = Setup::new(rules);
//! setup.board = vec![11, 14, 2, 3, 9, 2, 1, 7, 2, 14, 6, 1];
//! assert!(matches!(Mancala::from_setup(setup), Err(SetupError::Undecided(_))));
//! ```
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for rules, setups and states; a
//!   deserialized state goes through [`Mancala::from_setup`], so it is
//!   checked.
//! - `arbitrary`: `Arbitrary` for rules, layouts and states (states are
//!   reached by legal play from the start, [`arbitrary_play`]).
//! - `testing`: the shared test harness [`testing`] that every game crate's
//!   property tests and fuzz targets call.
//!
//! Without `arbitrary` the crate is `no_std` (it needs `alloc`). It forbids
//! `unsafe` code.

// `no_std` except where a dependency needs `std` (the `arbitrary` derive).
#![cfg_attr(not(any(test, feature = "arbitrary", feature = "testing")), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
// Without their features, the crate docs' links to feature-gated items
// point at the feature list instead (rustdoc cannot resolve them).
#![cfg_attr(
    not(feature = "arbitrary"),
    doc = "",
    doc = "[`arbitrary_play`]: crate#feature-flags"
)]
#![cfg_attr(
    not(feature = "testing"),
    doc = "",
    doc = "[`testing`]: crate#feature-flags"
)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

/// The examples of the crate's README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

extern crate alloc;

mod board;
pub mod capture;
mod event;
mod feeding;
mod game;
mod history;
mod mancala;
pub mod mancala_text;
pub mod notation;
mod pit;
mod player;
mod rules;
mod setup;
mod sow;
#[cfg(feature = "testing")]
pub mod testing;
mod topology;
mod turn;

pub use board::{Board, INLINE_HOLES, MAX_SEEDS};
pub use capture::{ChainLimit, CountSet, chain, is_grand_slam, take_into_store};
pub use event::{Event, Observer};
pub use feeding::{Feeding, filter_feeding};
#[cfg(feature = "arbitrary")]
pub use game::arbitrary_play;
pub use game::{Game, JointMoveError, KeyHasher, Outcome, Status, sequential_move};
pub use history::{History, HistoryError, InvalidHistory, SeenPosition};
pub use mancala::{
    MAX_MOVES, Mancala, MoveList, PlaceError, PlayError, check_sowing_move, kalah, oware,
};
pub use notation::RuleOptions;
pub use pit::{InvalidPit, MAX_HOLES, Pit, PitSet};
pub use player::{ByPlayer, InvalidPlayer, MAX_PLAYERS, Player, PlayerSet};
pub use rules::{Capture, EndRules, GrandSlam, Leftover, Rules, RulesError, Zone};
pub use setup::{Setup, SetupError};
pub use sow::{
    DEFAULT_MAX_LAPS, Endless, EndlessRelay, Landing, Relay, RelayRule, SingleLap, SowError,
    SowSpec, Sower, Sown, Undecided,
};
pub use topology::{Direction, Layout, LayoutError, MAX_ROW_LEN, MAX_ROWS, Topology};
pub use turn::{Move, Turn};
