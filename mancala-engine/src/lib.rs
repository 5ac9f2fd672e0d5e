//! Computer players for every game of mancala-rs, and one registry of
//! every game by name.
//!
//! - [`AnyGame`] ([`registry`]): any game of [`GAMES`] from its name and an
//!   options text; moves and positions as text; [`AnyGame::search`].
//! - [`Limits`] and [`Stop`] ([`limits`]): positions, plies, time, and a
//!   flag that stops a search from outside; [`SearchResult`]: the best
//!   move, its value, the principal variation, nodes and depth.
//! - The searches, on any [`mancala_core::Game`]: [`agents::AlphaBeta`]
//!   (iterative deepening with a transposition table), [`mcts::Mcts`],
//!   [`numa_search::NumaSearch`] for Numa's simultaneous turns, the exact
//!   [`solve::Solver`] and [`kalah_solve::KalahSolver`].
//! - Endgame databases for Kalah ([`tablebase`]): every position of up to
//!   K seeds on the board, built by layers on several threads, on disk,
//!   read by the solver and the engine; and opening books of the exact
//!   moves of the first plies ([`tablebase::Book`]).
//!
//! # Examples
//!
//! From a game's name and options text to a best move:
//!
//! ```
//! use mancala_engine::{AnyGame, Limits};
//!
//! let game = AnyGame::new("french-wari", "")?;
//! let result = game.search(&Limits::nodes(1_000))?;
//! assert!(game.legal_moves().contains(&result.best));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate builds for `wasm32-unknown-unknown`; there a time limit needs a
//! clock of the caller's ([`Limits::with_clock`]).
#![forbid(unsafe_code)]

pub mod agents;
pub mod endgame;
pub mod ending;
pub mod kalah_solve;
pub mod limits;
pub mod mcts;
pub mod numa_search;
pub mod registry;
mod rng;
pub mod search;
pub mod solve;
pub mod table;
// Files and threads: not on the web page's WebAssembly.
#[cfg(not(target_family = "wasm"))]
pub mod tablebase;

pub use limits::{Clock, Limits, Stop};

/// The examples of the crate's README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
pub use registry::{
    AnyGame, GAMES, GameInfo, GameState, Memory, MoveError, NUMA_ROUNDS, NewGameError, Registered,
    SearchError, Visitor, find_game,
};
pub use rng::{Rng, SplitMix};
pub use search::{SearchResult, Source};
