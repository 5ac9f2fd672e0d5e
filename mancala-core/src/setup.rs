//! Unchecked position descriptions and the check that turns them into states.

use alloc::sync::Arc;
use alloc::vec::Vec;

use crate::board::{Board, MAX_SEEDS};
use crate::budget::{Budget, Meter};
use crate::history::{History, HistoryError, InvalidHistory, PositionShape, SeenPosition};
use crate::mancala::{Handover, Mancala, NextTurn, Opening, Shared};
use crate::pit::PitSet;
use crate::player::Player;
use crate::rules::{Leftover, Rules, RulesError};
use crate::topology::Topology;

/// Declares a setup struct: an unchecked position description with public
/// fields, the form a state is checked from, written as text and read and
/// written by serde (as [`Setup`], and the game crates' setups, are).
///
/// The struct's first field holds the rules or options; each field after it
/// is given with its value at the start. The macro adds the fields every
/// setup shares, with their documentation, after those: `to_move` (a
/// [`Player`]), `over` (a `bool`) and `history` (a `Vec` of
/// [`SeenPosition`](crate::history::SeenPosition)s). Fields that go between
/// `over` and `history` follow the words `to_move, over,` and come before
/// `history,` (as [`Setup`]'s `placing`); serde reads them, as `over` and
/// `history`, as their `Default` when they are left out.
///
/// It derives `Clone`, `PartialEq`, `Eq`, `Hash` and `Debug`, and with the
/// calling crate's `serde` feature `Serialize` and `Deserialize` (unknown
/// fields refused); it writes `new`, the start position of the rules or
/// options (not checked), with the player 0 to move, a live game and no
/// history. The calling crate declares `extern crate alloc`.
///
/// # Examples
///
/// ```
/// extern crate alloc;
///
/// use mancala_core::Rules;
///
/// mancala_core::setup_struct! {
///     /// A position of a game on Oware's board.
///     pub struct Setup {
///         /// The rules.
///         pub rules: Rules,
///         /// Seeds in each hole.
///         pub board: Vec<u16> = vec![rules.seeds; 12],
///         /// Seeds in each player's store.
///         pub stores: Vec<u16> = vec![0, 0],
///     }
/// }
///
/// let setup = Setup::new(Rules::oware());
/// assert_eq!(setup.board, [4; 12]);
/// assert!(!setup.over && setup.history.is_empty());
/// ```
#[macro_export]
macro_rules! setup_struct {
    (
        $(#[$attr:meta])*
        pub struct $name:ident {
            $(#[$rules_attr:meta])*
            pub $rules:ident: $rules_ty:ty,
            $(
                $(#[$field_attr:meta])*
                pub $field:ident: $field_ty:ty = $start:expr,
            )*
            to_move,
            over,
            $(
                $(#[$later_attr:meta])*
                pub $later:ident: $later_ty:ty = $later_start:expr,
            )*
            history,
        }
    ) => {
        $(#[$attr])*
        #[derive(Clone, PartialEq, Eq, Hash, Debug)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
        pub struct $name {
            $(#[$rules_attr])*
            pub $rules: $rules_ty,
            $(
                $(#[$field_attr])*
                pub $field: $field_ty,
            )*
            /// The player to move (or who would move, in a finished game).
            pub to_move: $crate::Player,
            /// Whether the game is over.
            #[cfg_attr(feature = "serde", serde(default))]
            pub over: bool,
            $(
                $(#[$later_attr])*
                #[cfg_attr(feature = "serde", serde(default))]
                pub $later: $later_ty,
            )*
            /// For the repetition rule, in a live game: the positions seen
            /// since seeds last left the holes, before this one, oldest
            /// first. Each has as many seeds in the holes as `board`. Empty
            /// in a game that keeps none.
            #[cfg_attr(feature = "serde", serde(default))]
            pub history: alloc::vec::Vec<$crate::history::SeenPosition>,
        }

        impl $name {
            #[doc = concat!("The start position of `", stringify!($rules), "` (not checked).")]
            pub fn new($rules: $rules_ty) -> $name {
                $name {
                    $($field: $start,)*
                    to_move: $crate::Player::P0,
                    over: false,
                    $($later: $later_start,)*
                    history: alloc::vec::Vec::new(),
                    $rules,
                }
            }
        }
    };
    // Without the shared fields named: they come last.
    (
        $(#[$attr:meta])*
        pub struct $name:ident { $($fields:tt)* }
    ) => {
        $crate::setup_struct! {
            $(#[$attr])*
            pub struct $name { $($fields)* to_move, over, history, }
        }
    };
}

crate::setup_struct! {
    /// An unchecked description of a [`Mancala`] position: rules, counts, player
    /// to move. Public fields, no guarantees; [`Mancala::from_setup`] checks it.
    ///
    /// A setup that is live but already over by the rules (for example a side is
    /// empty in Kalah) builds a finished game, exactly as if a move had just
    /// reached it. A setup marked `over` builds a finished game as it stands.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Player, Rules, Setup};
    ///
    /// let mut setup = Setup::new(Rules::oware());
    /// setup.board = vec![0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
    /// setup.stores = vec![24, 23];
    /// let game = Mancala::from_setup(setup.clone())?;
    /// assert_eq!(game.legal_actions(Player::P0).len(), 1);
    ///
    /// setup.board.pop();
    /// assert!(Mancala::from_setup(setup).is_err());
    /// # Ok::<(), mancala_core::SetupError>(())
    /// ```
    pub struct Setup {
        /// The rules.
        pub rules: Rules,
        /// Seeds in each hole, in canonical order.
        pub board: Vec<u16> = start_board(&rules),
        /// Seeds in each player's store, player 0 first.
        pub stores: Vec<u16> = alloc::vec![0; start_players(&rules)],
        to_move,
        over,
        /// Whether the player to move places seeds before he sows, in an
        /// opening of placements (see
        /// [`Mancala::place_seeds_before_placement`]): his sowing moves are
        /// then not judged. Ignored in a finished game.
        pub placing: bool = false,
        /// How many of the sowing moves that
        /// [`Rules::first_moves`] restricts are still to be played (see
        /// [`Mancala::first_moves_left`]): at most its `moves`, which the
        /// start has. Ignored in a finished game. A missing serde field
        /// reads as 0 (none left), the only value of rules that restrict
        /// none.
        pub first_moves_left: u8 = rules.first_moves.moves,
        history,
    }
}

/// The holes of the board of `rules` (not checked).
fn start_holes(rules: &Rules) -> usize {
    usize::from(rules.layout.row_len) * usize::from(rules.layout.rows)
}

/// The holes at the start of `rules` (not checked: a seed that
/// [`Rules::start`] cannot move stays).
fn start_board(rules: &Rules) -> Vec<u16> {
    let mut board = alloc::vec![rules.seeds; start_holes(rules)];
    rules.start.fill(&mut board);
    board
}

/// The players of `rules`: one past the highest owner of a row (not
/// checked).
fn start_players(rules: &Rules) -> usize {
    rules
        .layout
        .row_owners()
        .iter()
        .map(|p| p.index() + 1)
        .max()
        .unwrap_or(0)
}

impl Setup {
    /// Checks the counts against the board of the rules (`topology`): a
    /// count a hole, one a player, the player to move among them, no more
    /// seeds than a board holds. Returns the seeds in the holes.
    fn check_counts(&self, topology: &Topology) -> Result<u64, SetupError> {
        if self.board.len() != topology.holes() {
            return Err(SetupError::BoardLength {
                expected: topology.holes(),
                found: self.board.len(),
            });
        }
        if self.stores.len() != topology.players() {
            return Err(SetupError::StoresLength {
                expected: topology.players(),
                found: self.stores.len(),
            });
        }
        if self.to_move.index() >= topology.players() {
            return Err(SetupError::NoSuchPlayer(self.to_move));
        }
        let on_board: u64 = self.board.iter().map(|&c| u64::from(c)).sum();
        let stored: u64 = self.stores.iter().map(|&c| u64::from(c)).sum();
        let total = on_board + stored;
        if total > u64::from(MAX_SEEDS) {
            return Err(SetupError::TooManySeeds(total));
        }
        Ok(on_board)
    }
}

/// Why a [`Setup`] is not a possible position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The rules are invalid.
    #[error("invalid rules: {0}")]
    Rules(#[from] RulesError),
    /// The board has the wrong number of holes.
    #[error("the board has {found} holes, the rules {expected}")]
    BoardLength {
        /// Holes of the rules' board.
        expected: usize,
        /// Holes given.
        found: usize,
    },
    /// There is not one store per player.
    #[error("{found} stores given for {expected} players")]
    StoresLength {
        /// Players of the rules.
        expected: usize,
        /// Stores given.
        found: usize,
    },
    /// The player to move is not in the game.
    #[error("{0} does not play in this game")]
    NoSuchPlayer(Player),
    /// More seeds than a board can hold.
    #[error("{0} seeds in all is more than the {max} supported", max = MAX_SEEDS)]
    TooManySeeds(u64),
    /// More restricted first moves left than the rules restrict
    /// ([`Setup::first_moves_left`] above [`Rules::first_moves`]'s
    /// `moves`).
    #[error("{left} restricted first moves left, but the rules restrict {moves}")]
    FirstMovesLeft {
        /// The moves left given.
        left: u8,
        /// The moves the rules restrict.
        moves: u8,
    },
    /// A finished game of these rules never leaves seeds in the holes.
    #[error("a finished game of these rules has no seeds left in its holes")]
    SeedsLeftAtEnd,
    /// A remembered position does not fit the board or the game.
    #[error(transparent)]
    BadHistory(#[from] InvalidHistory),
    /// A remembered position is listed twice (the game would have ended
    /// when it repeated).
    #[error("remembered position {index} repeats position {earlier}")]
    RepeatedHistory {
        /// The later of the two, from 0.
        index: usize,
        /// The first position it repeats.
        earlier: usize,
    },
    /// A remembered position is the current one (the game would have ended
    /// on reaching it).
    #[error("remembered position {index} is the current position")]
    CurrentInHistory {
        /// The position's index in the history given, from 0.
        index: usize,
    },
    /// Positions were remembered for a game that keeps none (no repetition
    /// rule, or the game is over).
    #[error("remembered positions given, but this game keeps none")]
    UnusedHistory,
    /// The position has a move the work budget ([`Budget`](crate::Budget))
    /// cannot decide (such a position is never built: see
    /// [Work budget](crate#work-budget)).
    #[error("the position cannot be decided: {0}")]
    Undecided(crate::sow::Undecided),
}

impl From<HistoryError> for SetupError {
    fn from(e: HistoryError) -> SetupError {
        match e {
            HistoryError::Repeated { index, earlier } => {
                SetupError::RepeatedHistory { index, earlier }
            }
            HistoryError::Current { index } => SetupError::CurrentInHistory { index },
            HistoryError::Invalid(e) => SetupError::BadHistory(e),
        }
    }
}

impl Mancala {
    /// Checks a setup and builds its position.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] if the rules are invalid or the position cannot exist
    /// under them, [`SetupError::Undecided`] if the default work budget
    /// ([`Budget::DEFAULT`](crate::Budget::DEFAULT)) cannot decide one of
    /// its moves.
    pub fn from_setup(setup: Setup) -> Result<Mancala, SetupError> {
        Mancala::from_setup_within(setup, Budget::DEFAULT)
    }

    /// [`from_setup`](Mancala::from_setup) under the work budget `budget`,
    /// which the state keeps for the calls that follow: how a program that
    /// trusts a position raises or removes the budget
    /// ([`Budget::UNLIMITED`](crate::Budget::UNLIMITED)), or one that serves
    /// strangers lowers it. The text and JSON readers use the default:
    /// read a [`Setup`] and call this to choose another.
    ///
    /// # Errors
    ///
    /// As [`from_setup`](Mancala::from_setup), [`SetupError::Undecided`]
    /// under `budget`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Budget, Game, Mancala, Rules, Setup, rules::Relay};
    ///
    /// // A position a program trusts, read as text under the default budget
    /// // and built again under one of its choosing.
    /// let read: Mancala = "2,1,0,0,0,0/0,0,0,0,0,3 0,0 0 relay=2 skip_origin=false".parse()?;
    /// let game = Mancala::from_setup_within(read.to_setup(), Budget::UNLIMITED)?;
    /// assert_eq!(game, read);
    /// assert_eq!(game.budget(), Budget::UNLIMITED);
    /// // Or built from rules and counts.
    /// let mut rules = Rules::oware();
    /// rules.relay = Relay::AtLeast(2);
    /// let mut setup = Setup::new(rules);
    /// setup.board = vec![2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3];
    /// setup.stores = vec![0, 0];
    /// let small = Mancala::from_setup_within(setup, Budget::seeds(1000))?;
    /// assert_eq!(small.budget(), Budget::seeds(1000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup_within(setup: Setup, budget: Budget) -> Result<Mancala, SetupError> {
        let topology = setup.rules.check()?;
        let on_board = setup.check_counts(&topology)?;
        let (rules, to_move, over) = (setup.rules, setup.to_move, setup.over);
        let mut board = Board::from_counts(&setup.board, &setup.stores);
        Mancala::reserve_spares(&rules, &mut board);
        if over && rules.leftover == Leftover::ToOwner && on_board > 0 {
            return Err(SetupError::SeedsLeftAtEnd);
        }
        if !setup.history.is_empty() && (over || !rules.end.repetition) {
            return Err(SetupError::UnusedHistory);
        }
        let moves = rules.first_moves.moves;
        if setup.first_moves_left > moves {
            return Err(SetupError::FirstMovesLeft {
                left: setup.first_moves_left,
                moves,
            });
        }
        let mut game = Mancala {
            shared: Arc::new(Shared::new(rules, topology, budget)),
            history: History::new(),
            board,
            to_move,
            over,
            ended: crate::end::Recorded::UNKNOWN,
            legal: PitSet::EMPTY,
            // (A finished game has none left.)
            opening: Opening::new(if over { 0 } else { setup.first_moves_left }, false),
        };
        if over {
            return Ok(game);
        }
        if rules.end.repetition {
            let shape = PositionShape {
                holes: topology.holes(),
                on_board: on_board as u32,
                players: topology.players(),
            };
            game.history = History::from_seen(shape, &setup.history, game.board.holes(), to_move)?;
        }
        let meter = Meter::new(budget);
        let turn = NextTurn::placing(setup.placing);
        game.settle(to_move, Handover::SetUp, turn, game.meter(&meter), &mut ())
            .map_err(SetupError::Undecided)?;
        Ok(game)
    }

    /// The setup that [`from_setup`](Mancala::from_setup) turns back into
    /// this exact state.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Move, Pit};
    ///
    /// let mut game = mancala_core::oware();
    /// game.play(Move::Sow(Pit::new(2).unwrap()))?;
    /// let copy = Mancala::from_setup(game.to_setup())?;
    /// assert_eq!(copy, game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_setup(&self) -> Setup {
        let players = self.shared.topology.players();
        Setup {
            rules: self.shared.rules,
            board: self.board.holes().to_vec(),
            stores: self.board.stores()[..players].to_vec(),
            to_move: self.to_move,
            over: self.over,
            placing: self.opening.placing(),
            first_moves_left: self.opening.first_moves_left(),
            history: if self.over {
                Vec::new()
            } else {
                self.history.seen_before()
            },
        }
    }
}

impl History {
    /// The positions recorded before the last one, oldest first: in a
    /// state's history, whose last position is the current one (a state
    /// records a position when it is reached), the `seen` list of its setup,
    /// which [`History::from_seen`] takes back.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Board, Player, history::{History, PositionShape, SeenPosition}};
    ///
    /// let shape = PositionShape { holes: 2, on_board: 4, players: 2 };
    /// let seen = vec![SeenPosition { board: vec![2, 2], to_move: Player::P1 }];
    /// let mut history = History::from_seen(shape, &seen, &[1, 3], Player::P0)?;
    /// // The state records the current position as it reaches it.
    /// history.insert(&Board::from_counts(&[1, 3], &[0, 0]), Player::P0);
    /// assert_eq!(history.seen_before(), seen);
    /// # Ok::<(), mancala_core::history::HistoryError>(())
    /// ```
    pub fn seen_before(&self) -> Vec<SeenPosition> {
        let mut seen: Vec<SeenPosition> = self
            .positions()
            .map(|(board, to_move)| SeenPosition { board, to_move })
            .collect();
        seen.pop();
        seen
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Mancala {
    /// A position reached by legal play from the start of arbitrary valid
    /// rules (invalid rules fall back to oware).
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let rules: Rules = u.arbitrary()?;
        // Relay cycles grow exponentially with the seeds per hole relative
        // to the relay threshold: a small budget keeps fuzzed games fast
        // whatever the seeds, and reaches the undecided paths.
        let budget = Budget::seeds(u.int_in_range(0..=20_000)?);
        let game = Mancala::new_within(rules, budget).unwrap_or_default();
        crate::game::arbitrary_play(game, u, 200)
    }
}

crate::setup_conversions!(Mancala, Setup, SetupError);
