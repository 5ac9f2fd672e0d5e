//! The shared core of the mancala-rs rules libraries: board topology, the
//! sower (relays, origin skipping, stores, exact endless-relay
//! detection), capture building blocks (chains, grand slams, feeding), the
//! family's [`Game`] interface for sequential and simultaneous games, and a
//! generic rules-driven sowing game, [`Mancala`], with the reference presets
//! [`oware`] and [`kalah`] that replay OpenSpiel 2.0.2's games exactly.
//!
//! The conventions every sowing game of the family shares (how holes are
//! numbered, what a move that cannot be made does, endless relays, the work
//! budget, numbers that come from outside) are stated below under
//! [Conventions](#conventions), and the two reference games under
//! [Reference games](#reference-games); every option documented in this
//! crate names the rule it implements.
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
//! Every way in checks what it is given: a position from a [`Setup`], its JSON
//! or its text is refused with a typed error unless it can exist, a move is
//! refused unless it is legal, and a refused operation changes nothing. Work is
//! bounded too. Relaying moves can cycle, and exact detection of a cycle can
//! take minutes on a board built to be slow, so every call that decides relays
//! spends from a work budget that the calling program owns, a [`Budget`]
//! (default [`Budget::DEFAULT`]; see [Work budget](#work-budget)): a move that
//! neither ends nor repeats within it is [`Undecided`], and a position with
//! such a move is refused where it would be built. Nothing in a position's
//! text, JSON or rules can raise the budget; a program that trusts its input
//! raises or removes it through the API ([`Mancala::from_setup_within`],
//! [`Mancala::set_budget`]). Under the default budget the slow position below
//! (a 2x6 board of 72 seeds relaying at 2, with a move that cycles for
//! 307,959,030 laps) is refused within a fraction of a second.
//!
//! ```
//! use mancala_core::{Mancala, Rules, Setup, SetupError, rules::Relay};
//!
//! let mut rules = Rules::oware();
//! rules.relay = Relay::AtLeast(2);
//! rules.sowing.skip_origin = false;
//! let mut setup = Setup::new(rules);
//! setup.board = vec![11, 14, 2, 3, 9, 2, 1, 7, 2, 14, 6, 1];
//! assert!(matches!(Mancala::from_setup(setup), Err(SetupError::Undecided(_))));
//! ```
//!
//! # Conventions
//!
//! These hold for every sowing game of the workspace: the generic
//! [`Mancala`] and the crates `numercy`, `robertson` and `mankka` (Numa is
//! not a sowing game, but shares the [`Game`] interface and the rules about
//! moves that cannot be made and numbers from outside).
//!
//! ## Players and turns
//!
//! - Players are numbered from 0 ([`Player::P0`], [`Player::P1`], ...);
//!   player 0 ("South" on a two-row board) moves first unless a game is
//!   started otherwise ([`Mancala::with_first_player`]).
//! - Turns go round in player order, `0, 1, ..., k-1, 0, ...`, except where
//!   a rule gives the mover another move (Kalah's [`Rules::extra_turn`]).
//! - A game is over when its [`Game::status`] says so; its
//!   [`Outcome`] then comes from the final scores: the single highest score
//!   wins, and a highest score shared by two or more players is a draw
//!   ([`Outcome::from_scores`]).
//!
//! ## Holes
//!
//! A board is a ring of holes made of equal rows joined end to end
//! ([`Layout`], checked into a [`Topology`]); each row has an owner, and
//! every player owns at least one row. Holes are numbered in the order seeds
//! travel counter-clockwise ([`Pit`]):
//!
//! - **Two rows of `n` holes**: hole `i`, for `0 <= i < n`, is player 0's,
//!   counted from his left; hole `n + j` is player 1's, counted from *his*
//!   left. Sowing counter-clockwise goes from `i` to `(i + 1) mod 2n`. The
//!   hole facing `i` across the board (the same file) is `2n - 1 - i`
//!   ([`Topology::opposite`]); file `f`, counted from player 0's left,
//!   holds holes `f` and `2n - 1 - f`.
//! - **More rows** (Robertson's triangle and hexagon): row `r` of `m` holes
//!   holds holes `m r` to `m r + m - 1`, its `k`-th hole being `m r + k`;
//!   counter-clockwise is increasing index, wrapping from the last hole to
//!   hole 0. Opposite holes exist only on two-row boards.
//! - Boards have 2 to 6 rows ([`MAX_ROWS`]) and 2 to 6 players
//!   ([`MAX_PLAYERS`]). A two-row board has 1 to 50 holes a row
//!   ([`MAX_TWO_ROW_LEN`]: En Gehe's 2x40 to 2x50), a board of more rows 1
//!   to 13 ([`MAX_ROW_LEN`], a [`LayoutError::LongRow`](rules::LayoutError::LongRow) beyond); so a board
//!   has at most 100 holes ([`MAX_HOLES`]).
//!
//! ```
//! use mancala_core::{rules::Direction, Layout, Pit, Player, Topology};
//!
//! let oware = Topology::new(Layout::two_rows(6))?;
//! let pit = |i| Pit::new(i).unwrap();
//! assert_eq!(oware.owner(pit(6)), Player::P1); // North's first hole, from his left
//! assert_eq!(oware.opposite(pit(2)), Some(pit(9))); // 2n - 1 - i
//! assert_eq!(oware.step(pit(11), Direction::CounterClockwise), pit(0));
//! # Ok::<(), mancala_core::rules::LayoutError>(())
//! ```
//!
//! ## Stores and seeds
//!
//! - Each player has a store (a "receptacle") for the seeds he captures.
//!   Sowing never drops a seed into a store unless the rules say so
//!   ([`SowSpec::into_own_store`], Kalah: into the mover's own store only).
//!   A store sits in the ring on its owner's right, after his last hole,
//!   or on his left, before his first ([`StoreSide`](rules::StoreSide):
//!   Chongka' and Chungcajon, which sow clockwise).
//! - Seeds are conserved: the seeds in the holes, in the stores, in hands
//!   (Mankka's opening) and removed from play (Numercy) always add up to the
//!   starting total. Points are not seeds (Numercy's arithmetic, Robertson's
//!   honours).
//!
//! ## Sowing and relays
//!
//! - A move lifts every seed of one of the mover's non-empty holes and
//!   drops them one by one into the following holes ([`SowSpec::direction`],
//!   counter-clockwise in every game of the workspace). A lap of more seeds
//!   than the ring has holes goes round again, refilling the hole it was
//!   lifted from, unless [`SowSpec::skip_origin`] is set: then *every* lap
//!   passes over the hole that lap was lifted from.
//!   With [`SowSpec::first_into_origin`] (Toguz Kumalak) a lap's first seed
//!   goes back into the hole it was lifted from, unless it was the only one.
//! - In a relay game ([`Rules::relay`], [`Relay::AtLeast`]) a lap whose last
//!   seed makes its hole hold at least the threshold lifts that hole and
//!   sows on from the next one; the move ends when a lap ends in a hole
//!   below the threshold (or in a store).
//!
//! ## Endless relays
//!
//! A relay move can, in principle, go round for ever. Whether it does is
//! decided exactly, never by a cap on laps that could misjudge a long
//! finite move: number the move's *lap starts* (the board, and the hole
//! about to be lifted) from 0, the move's first lift; a move is endless
//! exactly when a lap start repeats an earlier one within the move
//! ([`Sower`], [`EndlessRelay`]). Such cycles exist (Mankka's board
//! `[4,2,5,2,0,3,1,4,2,0,3,1]`, player 0 sowing hole 2; rotating patterns
//! on Numercy boards), though random play essentially never meets them.
//!
//! - By default an endless move is **not legal** ([`Endless::Forbid`]):
//!   playing it is refused with a typed error.
//! - With [`Endless::Stop`] the move is legal and ends at the first lap
//!   start that repeats, before lifting it. It scores and captures nothing,
//!   gives no extra move, and leaves the board as the cycle left it (for
//!   the known cycles, as it was: the move only passes the turn).
//! - A player whose every move is endless (under `Forbid`) has no legal
//!   move, like a player with no seeds.
//!
//! ## Work budget
//!
//! Exact detection can take very long on a position built to be slow: a
//! 2x6 board of 72 seeds relaying at 2 has a move whose cycle is
//! 307,959,030 laps long. So every call that decides relays works within
//! a [`Budget`], a number of seeds the sower may sow, that belongs to the
//! calling program:
//!
//! - the budget is the caller's, not a rule: every constructor and reader
//!   (`new`, `from_setup`, `FromStr`, serde) uses [`Budget::DEFAULT`], and a
//!   state keeps the budget it was built with for the calls that follow
//!   ([`Mancala::budget`], [`Mancala::set_budget`]); nothing in a text, a
//!   JSON document or the rules can raise it;
//! - one call spends one budget, counted over every move it decides
//!   (building a position decides each move of the player to move; playing
//!   a move sows it and decides each move of the next position), in seeds
//!   sown beyond each move's first 256 laps (see [`Budget`], "The unit");
//! - a move that cannot be decided is never judged either way: whatever
//!   needed the decision fails with a typed error ([`Undecided`], naming
//!   the hole and the budget) and changes nothing;
//! - a position is built only if every move of the player to move is
//!   decided, and a move is played only if every move of the position it
//!   leads to is decided (with passes, the other players' moves too, when
//!   the player to move there must pass): [`Game::play`] refuses it
//!   otherwise, and [`Game::is_undecided`] tells that refusal apart. So
//!   every state that exists is decided, and [`Game::legal_actions`] never
//!   fails;
//! - a budget never changes a result, only whether one is given:
//!   [`Budget::UNLIMITED`] decides every move exactly, however long it
//!   takes, for positions you trust.
//!
//! [`DEFAULT_BUDGET`](budget::DEFAULT_BUDGET) gives the rate measured, what a refusal costs at
//! worst, and the longest calls seen in random play from every relaying
//! preset. Games without relays (oware, Kalah, Robertson) never spend it.
//!
//! ## Moves that cannot be made
//!
//! - A move that is not legal (the game is over, a hole off the board, the
//!   wrong player's or empty, an endless relay under `Forbid`, a failure to
//!   feed, a forbidden grand slam, a pass where none is allowed) is refused
//!   with a typed error ([`PlayError`] and each game's own) and leaves the
//!   state exactly as it was.
//! - A player who has seeds but no legal move (every move endless, every
//!   move a forbidden grand slam, or no move that feeds under
//!   [`Feeding::Required`]) is treated exactly like a player who cannot
//!   move: the game ends, or he passes where the rules have passes
//!   ([`EndRules::pass`]).
//!
//! ## Numbers from outside
//!
//! Scores, points, honours and counts in setups and options come from
//! users, so they are bounded where they enter, so that nothing a game
//! computes from them can overflow (or, where a bound would be arbitrary,
//! the arithmetic saturates consistently). A result (winner, ranking,
//! report) is never wrong because of overflow, and nothing panics:
//!
//! - a board holds at most [`MAX_SEEDS`] (65,535) seeds in all, holes,
//!   stores and hands together; rules or setups with more are refused, so
//!   every count fits a `u16`;
//! - scores are `u64` ([`Game::scores`]); each game documents its own bounds
//!   (Numercy's points saturate at `u64::MAX`, Robertson's honours and
//!   Numa's scores are bounded at the setup).
//!
//! # Reference games
//!
//! Oware and Kalah are not in the project's rule sources; they are here to
//! prove the shared sower against an independent, widely used one. Their
//! presets ([`oware`], [`kalah`], [`Rules::oware`], [`Rules::kalah`])
//! replay exactly, move for move, games recorded from OpenSpiel 2.0.2
//! (`open-spiel` on PyPI; its games `oware` and `mancala`).
//!
//! ## Oware
//!
//! Two rows of 6 houses, 4 seeds each, player 0 first.
//!
//! 1. A move sows one of the mover's non-empty houses counter-clockwise, one
//!    seed a house, always passing over the house it was lifted from
//!    ([`SowSpec::skip_origin`]).
//! 2. If the last seed falls in an opponent's house that then holds 2 or 3,
//!    that house is captured, then each house before it (walking
//!    clockwise) while it holds 2 or 3, stopping at the edge of the
//!    opponent's row ([`Capture::Chain`] in [`Zone::Opponents`], counts
//!    2 and 3 mixed, [`ChainLimit::Row`]).
//! 3. A capture that would leave the opponent's row empty (a grand slam) is
//!    not made: the move is legal but captures nothing
//!    ([`GrandSlam::NoCapture`]).
//! 4. When the opponent's row is empty, only moves that give him seeds are
//!    legal; with none, the mover cannot move ([`Feeding::Required`]).
//! 5. The game ends after a move when a player has more than half the seeds
//!    (more than 24) or both have exactly half ([`EndRules::majority`]);
//!    when the position (board, stores, player to move) repeats one seen
//!    since the last capture, the start counting as seen
//!    ([`EndRules::repetition`]); or when the player to move has no legal
//!    move. Each player then takes the seeds left in his own row
//!    ([`Leftover::ToOwner`]).
//! 6. More seeds wins; equal is a draw.
//!
//! ## Kalah
//!
//! Two rows of 6 pits, 4 seeds each, a store each, player 0 first.
//!
//! 1. Sowing goes counter-clockwise through the mover's own store too, never
//!    the opponent's ([`SowSpec::into_own_store`]); the pit sown is not
//!    passed over.
//! 2. A last seed in the mover's own store gives him another move
//!    ([`Rules::extra_turn`]).
//! 3. A last seed in one of the mover's own pits that was empty, with the
//!    opposite pit not empty, sends both to his store; with the opposite pit
//!    empty nothing happens ([`Capture::Opposite`] with `require_opposite`;
//!    the option `empty_capture=true` takes the lone seed anyway).
//! 4. The game ends as soon as either player's pits are all empty, whoever
//!    is to move ([`EndRules::side_empty`]). The seeds left stay where they
//!    are and count for their pits' owner ([`Leftover::Stay`]): each total is
//!    pits plus store.
//! 5. The higher total wins; equal is a draw.
//!
//! # The catalogue
//!
//! Traditional games of the family as presets, each replaying games
//! recorded from the Ludii game system: see [`catalogue`] for the table
//! (game, where it is played, board, preset, source, options) and the
//! rules of each ([`Traditional`], [`Rules::bohnenspiel`] and the others).
//! Toguz Kumalak keeps state that rules cannot hold, the tuzdik: it is
//! played by its own type, [`ToguzKumalak`] (built from a checked
//! [`ToguzSetup`]).
//!
//! Both reference presets take other sizes (`houses`, `seeds`: [`Rules::with_houses`],
//! [`Rules::with_seeds`]), and [`Rules`] as a whole is data: any field can
//! be changed to make another game of the family (relays, other capture
//! counts and zones, passes, other ends); [`mancala_text`] lists every rule
//! option by its text key.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for rules, setups and states; a
//!   deserialized state goes through [`Mancala::from_setup`], so it is
//!   checked.
//! - `arbitrary`: `Arbitrary` for rules, layouts and states (states are
//!   reached by legal play from the start, [`arbitrary_play`]).
//!
//! The shared test harness that every game crate's property tests and fuzz
//! targets call is the repository's unpublished `mancala-testing` crate.
//!
//! Without `arbitrary` the crate is `no_std` (it needs `alloc`). It forbids
//! `unsafe` code.
//!
// The crate docs' links to names published in a module, not at the root.
//! [`Capture::Chain`]: rules::Capture::Chain
//! [`Capture::Opposite`]: rules::Capture::Opposite
//! [`ChainLimit::Row`]: rules::ChainLimit::Row
//! [`EndRules::majority`]: rules::EndRules::majority
//! [`EndRules::pass`]: rules::EndRules::pass
//! [`EndRules::repetition`]: rules::EndRules::repetition
//! [`EndRules::side_empty`]: rules::EndRules::side_empty
//! [`Endless::Forbid`]: rules::Endless::Forbid
//! [`Endless::Stop`]: rules::Endless::Stop
//! [`EndlessRelay`]: toolkit::EndlessRelay
//! [`Feeding::Required`]: rules::Feeding::Required
//! [`GrandSlam::NoCapture`]: rules::GrandSlam::NoCapture
//! [`Leftover::Stay`]: rules::Leftover::Stay
//! [`Leftover::ToOwner`]: rules::Leftover::ToOwner
//! [`MAX_HOLES`]: rules::MAX_HOLES
//! [`MAX_PLAYERS`]: rules::MAX_PLAYERS
//! [`MAX_ROWS`]: rules::MAX_ROWS
//! [`MAX_ROW_LEN`]: rules::MAX_ROW_LEN
//! [`MAX_SEEDS`]: rules::MAX_SEEDS
//! [`MAX_TWO_ROW_LEN`]: rules::MAX_TWO_ROW_LEN
//! [`Relay::AtLeast`]: rules::Relay::AtLeast
//! [`SowSpec::direction`]: rules::SowSpec::direction
//! [`SowSpec::first_into_origin`]: rules::SowSpec::first_into_origin
//! [`SowSpec::into_own_store`]: rules::SowSpec::into_own_store
//! [`SowSpec::skip_origin`]: rules::SowSpec::skip_origin
//! [`Sower`]: toolkit::Sower
//! [`ToguzKumalak`]: toguz::ToguzKumalak
//! [`ToguzSetup`]: toguz::ToguzSetup
//! [`Undecided`]: budget::Undecided
//! [`Zone::Opponents`]: rules::Zone::Opponents

// `no_std` except where a dependency needs `std` (the `arbitrary` derive).
#![cfg_attr(not(any(test, feature = "arbitrary")), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
// Without their features, the crate docs' links to feature-gated items
// point at the feature list instead (rustdoc cannot resolve them).
#![cfg_attr(
    not(feature = "arbitrary"),
    doc = "",
    doc = "[`arbitrary_play`]: crate#feature-flags"
)]
#![cfg_attr(
    feature = "arbitrary",
    doc = "",
    doc = "[`arbitrary_play`]: toolkit::arbitrary_play"
)]
#![forbid(unsafe_code)]
// Missing docs and the panicking shortcuts warn, which the CI's `-D warnings` makes errors.
#![warn(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

extern crate alloc;

mod board;
pub mod budget;
pub(crate) mod canvas;
mod capture;
pub mod catalogue;
mod conditions;
mod end;
mod endless;
mod event;
mod feeding;
pub mod four_rows;
mod game;
pub mod history;
mod mancala;
pub mod mancala_text;
pub mod notation;
mod opening;
mod pit;
mod player;
pub mod rounds;
pub mod rules;
mod setup;
mod sow;
mod sweep;
pub mod toguz;
mod toguz_text;
pub mod toolkit;
mod topology;
mod turn;

// The crate root is for people who play and analyse games: the trait, the
// states and their setups, moves and reports, the presets. A rule's parts
// are in `rules`, the building blocks of game crates in `toolkit`.
pub use board::Board;
pub use budget::{Budget, Meter};
pub use catalogue::Traditional;
pub use end::End;
pub use event::{Event, Observer};
pub use game::{Game, Outcome, Status};
pub use mancala::{Mancala, MoveList, PlaceError, PlayError, kalah, oware};
pub use pit::{Pit, PitSet};
pub use player::{ByPlayer, Player, PlayerSet};
pub use rules::{Rules, RulesError};
pub use setup::{Setup, SetupError};
pub use sow::Landing;
pub use topology::{Layout, Topology};
pub use turn::{Move, Turn};

/// The examples of the crate's README.md, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
