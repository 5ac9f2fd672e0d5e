//! The generic sowing game: a checked state driven by [`Rules`].

use alloc::sync::Arc;

use crate::board::Board;
use crate::budget::{Budget, Meter, StateBudget};
use crate::end::Recorded;
use crate::feeding::Feeding;
use crate::history::History;
use crate::pit::PitSet;
use crate::player::Player;
use crate::rules::{Rules, RulesError};
use crate::setup::SetupError;
use crate::sow::{Landing, Sown, Undecided};
use crate::topology::Topology;
use crate::turn::{Move, Turn};

mod errors;
mod game;
mod legal;
mod placing;
mod settle;
mod sowing;

mod turn;

pub use errors::{PlaceError, PlayError, check_sowing_move};
pub(crate) use settle::{Handover, NextTurn};

/// The budget of a call that replays a turn already decided on a copy: a
/// limit (so that the turn takes the same path) that no turn reaches.
const DECIDED: Budget = Budget::seeds(u64::MAX);

/// The most moves a sowing position can have: the holes of a player who
/// owns five rows of 13 (every other player owning one row), 65, more than
/// a row of a two-row board holds (50). A pass is a move only when there is
/// no other.
pub const MAX_MOVES: usize = max_usize(
    (crate::topology::MAX_ROWS - 1) * crate::topology::MAX_ROW_LEN,
    crate::topology::MAX_TWO_ROW_LEN,
);

/// The larger of two numbers, in a `const`.
const fn max_usize(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}

/// The legal moves of a sowing position, inline: room for [`MAX_MOVES`], so
/// the list never allocates (and reading it never asks where it lives).
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;

/// A game of the generic sowing family (oware, Kalah and their variants),
/// driven by [`Rules`].
///
/// Build one from rules ([`Mancala::new`], [`crate::oware`], [`crate::kalah`],
/// `Default` for oware), from a [`Setup`](crate::Setup)
/// ([`Mancala::from_setup`]) or from its text notation (`FromStr`); each
/// checks its input, so every `Mancala` is a consistent position. It plays
/// through the [`Game`](crate::Game) trait; [`play`](crate::Game::play) returns a [`Turn`]
/// report.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Mancala, Move, Pit, Player, Rules, Status};
///
/// let mut game = Mancala::new(Rules::kalah())?;
/// // South sows pit 2: four seeds reach pits 3, 4, 5 and his store.
/// let turn = game.play(Move::Sow(Pit::new(2).unwrap()))?;
/// assert_eq!(game.board().store(Player::P0), 1);
/// // The last seed fell in his store: he moves again.
/// assert!(turn.extra_turn);
/// assert_eq!(game.status(), Status::ToMove(Player::P0));
/// // A hole of North's is refused, and nothing changes.
/// let before = game.clone();
/// assert!(game.play(Move::Sow(Pit::new(7).unwrap())).is_err());
/// assert_eq!(game, before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Mancala {
    /// The rules and the board's shape, shared by every state of one game
    /// (a clone copies the pointer).
    pub(crate) shared: Arc<Shared>,
    pub(crate) board: Board,
    pub(crate) to_move: Player,
    pub(crate) over: bool,
    /// Why the game ended, recorded by the turn settling that ended it
    /// (see [`Mancala::end`]); nothing while it goes on, or when it was
    /// set up as over. Not part of the position: equality and hashing
    /// ignore it.
    pub(crate) ended: Recorded,
    pub(crate) history: History,
    /// The legal sowing moves of the player to move, worked out once when
    /// the turn passed to him (with trial sowings where legality needs them:
    /// feeding, forbidden grand slams, relays); empty once the game is over.
    /// A function of the rest of the state, so equality and hashing are
    /// unaffected.
    pub(crate) legal: PitSet,
    /// What is left of the game's opening: whether the player to move
    /// places seeds first, and the restricted first moves left.
    pub(crate) opening: Opening,
}

/// A clone shares the rules; [`clone_from`](Clone::clone_from) keeps the
/// target's board and history buffers (a state reset to its start again and
/// again, as a `VectorEnv`'s games are, keeps its heap memory where it was).
impl Clone for Mancala {
    #[inline]
    fn clone(&self) -> Mancala {
        Mancala {
            shared: Arc::clone(&self.shared),
            board: self.board.clone(),
            to_move: self.to_move,
            over: self.over,
            ended: self.ended,
            history: self.history.clone(),
            legal: self.legal,
            opening: self.opening,
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Mancala) {
        let Mancala {
            shared,
            board,
            to_move,
            over,
            ended,
            history,
            legal,
            opening,
        } = source;
        self.shared.clone_from(shared);
        self.board.clone_from(board);
        self.to_move = *to_move;
        self.over = *over;
        self.ended = *ended;
        self.history.clone_from(history);
        self.legal = *legal;
        self.opening = *opening;
    }
}

/// What is left of a game's opening, in one byte (a state has no other to
/// spare: one more would make it, and the game types holding it, 8 bytes
/// larger).
///
/// - Whether the player to move places seeds before he sows (an opening
///   of placements): his sowing moves are then not judged, and the legal
///   set is empty. Never once the game is over.
/// - The sowing moves still restricted by
///   [`Rules::first_moves`](crate::Rules::first_moves), counting down from
///   its `moves` (at most
///   [`MAX_FIRST_MOVES`](crate::rules::MAX_FIRST_MOVES), which fits the
///   seven bits left); 0 once the game is over. While it is not 0, the
///   legal set holds only the mover's last holes, where any of them is
///   legal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Opening(u8);

impl Opening {
    /// The bit of "places first"; the others count the first moves left.
    const PLACING: u8 = 0x80;

    /// Nothing left: nobody places first, no move is restricted (every
    /// turn of most games).
    pub(crate) const OVER: Opening = Opening(0);

    /// `first_moves_left` restricted moves left (at most
    /// [`MAX_FIRST_MOVES`](crate::rules::MAX_FIRST_MOVES): the rules and
    /// setups are checked first), the player to move placing first if
    /// `placing`.
    #[inline]
    pub(crate) const fn new(first_moves_left: u8, placing: bool) -> Opening {
        Opening(first_moves_left & !Opening::PLACING | if placing { Opening::PLACING } else { 0 })
    }

    /// Whether the player to move places seeds first.
    #[inline(always)]
    pub(crate) const fn placing(self) -> bool {
        self.0 & Opening::PLACING != 0
    }

    /// The restricted first moves left.
    #[inline(always)]
    pub(crate) const fn first_moves_left(self) -> u8 {
        self.0 & !Opening::PLACING
    }

    /// Sets whether the player to move places seeds first.
    #[inline(always)]
    pub(crate) fn set_placing(&mut self, placing: bool) {
        *self = Opening::new(self.first_moves_left(), placing);
    }

    /// One restricted first move fewer, if any are left (a sowing move was
    /// played).
    #[inline(always)]
    pub(crate) fn count_move(&mut self) {
        if self.first_moves_left() != 0 {
            self.0 -= 1;
        }
    }
}

/// What every state of one game shares: its rules and board shape, and the
/// caller's work budget.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Shared {
    pub(crate) rules: Rules,
    pub(crate) topology: Topology,
    /// The work budget of each call (see [`Budget`]): the caller's, not
    /// part of the position, so equality and hashing ignore it (kept here,
    /// not in each state, so that states stay small).
    pub(crate) budget: StateBudget,
    /// Whether settling a turn reads which holes hold seeds (a function of
    /// the rules, worked out once): for an empty side, for feeding judged
    /// by seeds, or for a legal set with no trial sowing (rules with
    /// neither a work budget on relays nor a forbidden grand slam).
    reads_nonempty: bool,
    /// Whether every own hole with seeds may be sown, and no other
    /// ([`Sowable::is_any`](crate::rules::Sowable::is_any)), worked out
    /// once.
    pub(crate) sows_any_own: bool,
    /// The holes each player may sow when they hold seeds enough: his own,
    /// unless the rules sow elsewhere
    /// ([`Sowable::zone`](crate::rules::Sowable::zone)), worked out once.
    zones: [PitSet; crate::player::MAX_PLAYERS],
}

impl Shared {
    /// The holes `player` may sow in this game when they hold seeds
    /// enough (none for a player beyond the game's).
    #[inline]
    pub(crate) fn sowable_zone(&self, player: Player) -> PitSet {
        self.zones
            .get(player.index())
            .copied()
            .unwrap_or(PitSet::EMPTY)
    }

    /// The rules and shape one game shares.
    pub(crate) fn new(rules: Rules, topology: Topology, budget: Budget) -> Shared {
        // (Without a budget as few moves can be undecided as under any:
        // the holes are read whenever some budget would let them be.)
        let fallible = Mancala::can_be_undecided(&rules, Budget::UNLIMITED);
        let reads_nonempty = rules.end.side_empty
            || rules.sowable.is_any()
                && (matches!(rules.feeding, Feeding::Required | Feeding::IfPossible)
                    || !Mancala::trials_needed(&rules, false, fallible));
        let mut zones = [PitSet::EMPTY; crate::player::MAX_PLAYERS];
        for (zone, player) in zones.iter_mut().zip(Player::all(topology.players())) {
            *zone = topology
                .pits()
                .filter(|&p| rules.sowable.in_zone(&topology, p, player))
                .collect();
        }
        Shared {
            rules,
            topology,
            budget: StateBudget(budget),
            reads_nonempty,
            sows_any_own: rules.sowable.is_any(),
            zones,
        }
    }
}

/// The part of a turn that does not depend on the game's history.
#[derive(Debug)]
struct Applied {
    landing: Landing,
    laps: u64,
    endless: bool,
    captured: PitSet,
    seeds: u32,
    grand_slam_refused: bool,
    extra_turn: bool,
}

impl Turn {
    /// The report of `mv`, a sowing move of `mover` that did `applied`.
    #[inline]
    fn played(mover: Player, mv: Move, applied: &Applied) -> Turn {
        Turn {
            mover,
            played: mv,
            landing: Some(applied.landing),
            laps: applied.laps,
            endless: applied.endless,
            captured: applied.captured,
            seeds: applied.seeds,
            grand_slam_refused: applied.grand_slam_refused,
            extra_turn: applied.extra_turn,
        }
    }
}

impl Applied {
    /// A placeholder for a fast path to fill in (`mover`'s sowing of no lap).
    const fn unfilled(mover: Player) -> Applied {
        Applied::sown(Sown {
            landing: Landing::Store(mover),
            laps: 0,
            endless: false,
        })
    }

    /// A sowing that captured nothing and gives no extra turn.
    const fn sown(sown: Sown) -> Applied {
        Applied {
            landing: sown.landing,
            laps: sown.laps,
            endless: sown.endless,
            captured: PitSet::EMPTY,
            seeds: 0,
            grand_slam_refused: false,
            extra_turn: false,
        }
    }
}

impl Default for Mancala {
    /// Oware at the start.
    fn default() -> Mancala {
        oware()
    }
}

impl Mancala {
    /// The start position of these rules: every hole holds `rules.seeds`
    /// (but for the seeds [`rules.start`](Rules::start) moves), player 0
    /// to move.
    ///
    /// # Errors
    ///
    /// A [`RulesError`] if the rules are invalid, or
    /// [`RulesError::Undecided`] if the start position has a move the work
    /// budget ([`Budget::DEFAULT`]) cannot decide.
    pub fn new(rules: Rules) -> Result<Mancala, RulesError> {
        Mancala::new_within(rules, Budget::DEFAULT)
    }

    /// [`new`](Mancala::new) under the work budget `budget`, which the
    /// state keeps for the calls that follow (see [`Budget`]).
    ///
    /// # Errors
    ///
    /// As [`new`](Mancala::new), [`RulesError::Undecided`] under `budget`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Budget, Mancala, Rules, rules::Relay};
    ///
    /// let mut rules = Rules::oware();
    /// rules.relay = Relay::AtLeast(2);
    /// let game = Mancala::new_within(rules, Budget::UNLIMITED)?;
    /// assert_eq!(game.budget(), Budget::UNLIMITED);
    /// # Ok::<(), mancala_core::RulesError>(())
    /// ```
    pub fn new_within(rules: Rules, budget: Budget) -> Result<Mancala, RulesError> {
        let topology = rules.check()?;
        Mancala::start(rules, topology, Player::P0, false, budget).map_err(RulesError::Undecided)
    }

    /// The start position of these rules in an opening of placements:
    /// player 0 places seeds first (see
    /// [`place_seeds_before_placement`](Mancala::place_seeds_before_placement)),
    /// so no sowing move is judged yet.
    ///
    /// # Errors
    ///
    /// A [`RulesError`] if the rules are invalid.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Pit, Player, Rules};
    ///
    /// let mut game = Mancala::new_placing(Rules::oware())?;
    /// assert!(game.is_placing() && game.legal_moves().is_empty());
    /// game.place_seeds(&[(Pit::new(0).unwrap(), 2)], Player::P1)?;
    /// assert_eq!(game.legal_moves().len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new_placing(rules: Rules) -> Result<Mancala, RulesError> {
        let topology = rules.check()?;
        Mancala::start(rules, topology, Player::P0, true, Budget::DEFAULT)
            .map_err(RulesError::Undecided)
    }

    /// The start position of these rules with `first` to move (the next game
    /// of a match, say).
    ///
    /// # Errors
    ///
    /// [`SetupError::Rules`] if the rules are invalid,
    /// [`SetupError::NoSuchPlayer`] if `first` does not play under them, and
    /// [`SetupError::Undecided`] if the start position has a move the work
    /// budget cannot decide.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Player, Rules};
    ///
    /// let game = Mancala::with_first_player(Rules::oware(), Player::P1)?;
    /// assert_eq!(game.to_move(), Some(Player::P1));
    /// assert!(Mancala::with_first_player(Rules::oware(), Player::new(2).unwrap()).is_err());
    /// # Ok::<(), mancala_core::SetupError>(())
    /// ```
    pub fn with_first_player(rules: Rules, first: Player) -> Result<Mancala, SetupError> {
        let topology = rules.check()?;
        if first.index() >= topology.players() {
            return Err(SetupError::NoSuchPlayer(first));
        }
        Mancala::start(rules, topology, first, false, Budget::DEFAULT)
            .map_err(SetupError::Undecided)
    }

    fn start(
        rules: Rules,
        topology: Topology,
        first: Player,
        placing: bool,
        budget: Budget,
    ) -> Result<Mancala, Undecided> {
        let mut board = Board::filled(topology.holes(), rules.seeds);
        rules.start.fill(board.parts_mut().0);
        Self::reserve_spares(&rules, &mut board);
        let mut game = Mancala {
            shared: Arc::new(Shared::new(rules, topology, budget)),
            history: History::new(),
            board,
            to_move: first,
            over: false,
            ended: Recorded::UNKNOWN,
            legal: PitSet::EMPTY,
            opening: Opening::new(rules.first_moves.moves, false),
        };
        let meter = Meter::new(budget);
        let turn = NextTurn::placing(placing);
        game.settle(first, Handover::SetUp, turn, game.meter(&meter), &mut ())?;
        Ok(game)
    }

    /// The work budget of each call on this state (see [`Budget`]):
    /// [`Budget::DEFAULT`] unless the state was built with another
    /// (`new_within`, `from_setup_within`) or given one by
    /// [`set_budget`](Mancala::set_budget). A clone keeps it.
    pub fn budget(&self) -> Budget {
        self.shared.budget.0
    }

    /// Sets the work budget of the calls that follow (the position and its
    /// legal moves, worked out already, stay as they are). A program that
    /// trusts the positions it plays raises or removes the budget here,
    /// never through a position's text.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Budget, Mancala};
    ///
    /// let mut game: Mancala = "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0".parse()?;
    /// assert_eq!(game.budget(), Budget::DEFAULT);
    /// game.set_budget(Budget::UNLIMITED);
    /// assert_eq!(game.budget(), Budget::UNLIMITED);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_budget(&mut self, budget: Budget) {
        if self.shared.budget.0 != budget {
            Arc::make_mut(&mut self.shared).budget = StateBudget(budget);
        }
    }

    /// The meter a settling under this state's rules draws on: `meter`
    /// where a move can be undecided under its budget, else `None`
    /// (settling then cannot fail).
    #[inline(always)]
    pub(crate) fn meter<'m>(&self, meter: &'m Meter) -> Option<&'m Meter> {
        Self::can_be_undecided(&self.shared.rules, meter.budget()).then_some(meter)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.shared.rules
    }

    /// The board's shape.
    pub fn topology(&self) -> &Topology {
        &self.shared.topology
    }

    /// The seeds in holes and stores.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How many of the sowing moves that
    /// [`Rules::first_moves`](crate::Rules::first_moves) restricts are
    /// still to be played: its `moves` at the start, one fewer after each
    /// sowing move (a pass changes nothing), 0 once they are played and
    /// once the game is over. While it is not 0, the player to move may
    /// sow only his last [`last_holes`](crate::rules::FirstMoves::last_holes)
    /// holes, unless none of them is a legal move (see
    /// [`FirstMoves`](crate::rules::FirstMoves)). Part of the position:
    /// equality, hashing, the [`key`](crate::Game::key), the setup
    /// ([`Setup::first_moves_left`](crate::Setup::first_moves_left)),
    /// text and serde forms hold it.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Move, Pit, PlayError, Rules};
    ///
    /// // Dabuda: each player's first move sows his rightmost hole.
    /// let mut game = Mancala::new(Rules::dabuda())?;
    /// let pit = |i| Pit::new(i).unwrap();
    /// assert_eq!(game.first_moves_left(), 2);
    /// assert_eq!(game.legal_moves().as_slice(), [Move::Sow(pit(9))]);
    /// assert_eq!(game.play(Move::Sow(pit(0))), Err(PlayError::FirstMoves(pit(0))));
    /// game.play(Move::Sow(pit(9)))?;
    /// assert_eq!(game.first_moves_left(), 1);
    /// assert_eq!(game.legal_moves().as_slice(), [Move::Sow(pit(19))]);
    /// game.play(Move::Sow(pit(19)))?;
    /// assert_eq!(game.first_moves_left(), 0);
    /// assert!(game.legal_moves().len() > 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first_moves_left(&self) -> u8 {
        self.opening.first_moves_left()
    }

    /// The positions recorded for the repetition rule (empty unless
    /// [`EndRules::repetition`](crate::rules::EndRules::repetition) is on).
    pub fn history(&self) -> &History {
        &self.history
    }
}

/// Oware as OpenSpiel 2.0.2 plays it, at the start ([`Rules::oware`]); the
/// same as `Mancala::default()`.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Player};
///
/// let game = mancala_core::oware();
/// assert_eq!(game.legal_actions(Player::P0).len(), 6);
/// ```
pub fn oware() -> Mancala {
    Mancala::from_valid(Rules::oware())
}

/// Kalah as OpenSpiel 2.0.2 plays it, at the start ([`Rules::kalah`]).
///
/// # Examples
///
/// ```
/// let game = mancala_core::kalah();
/// assert_eq!(game.board().total(), 48);
/// ```
pub fn kalah() -> Mancala {
    Mancala::from_valid(Rules::kalah())
}

impl Mancala {
    /// Builds a preset known to be valid (a unit test checks every preset).
    fn from_valid(rules: Rules) -> Mancala {
        crate::toolkit::known_valid(Mancala::new(rules), "preset rules")
    }
}
