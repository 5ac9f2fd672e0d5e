//! The generic sowing game: a checked state driven by [`Rules`].

use alloc::sync::Arc;
use core::ops::ControlFlow;

use crate::budget::StateBudget;
use crate::{
    Board, Budget, ByPlayer, Capture, Credit, Event, Feeding, Game, GrandSlam, History,
    JointMoveError, KeyHasher, Landing, Leftover, MAX_SEEDS, Meter, Move, Observer, Outcome, Pit,
    PitSet, Player, Relay, RelayRule, Rules, RulesError, SetupError, SingleLap, SowError, Sower,
    Status, Topology, Turn, Undecided, Zone, capture, filter_feeding, sequential_move,
};

/// The budget of a call that replays a turn already decided on a copy: a
/// limit (so that the turn takes the same path) that no turn reaches.
const DECIDED: Budget = Budget::seeds(u64::MAX);

/// That `next` places seeds before he sows (see
/// [`Mancala::place_seeds_before_placement`]).
#[derive(Clone, Copy)]
struct Placing;

/// The most moves a sowing position can have: the holes of a player who
/// owns five rows of 13 (every other player owning one row), 65, more than
/// a row of a two-row board holds (50). A pass is a move only when there is
/// no other.
pub const MAX_MOVES: usize = max_usize(
    (crate::MAX_ROWS - 1) * crate::MAX_ROW_LEN,
    crate::MAX_TWO_ROW_LEN,
);

/// The larger of two numbers, in a `const`.
const fn max_usize(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}

/// The legal moves of a sowing position, inline: room for [`MAX_MOVES`], so
/// the list never allocates (and reading it never asks where it lives).
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;

/// Why a move was refused. The state is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The hole is not on this board.
    #[error("hole {0} is not on this board")]
    NotOnBoard(Pit),
    /// The hole belongs to another player than the one to move.
    #[error("hole {pit} belongs to {owner}, not to {mover}")]
    NotYourHole {
        /// The hole.
        pit: Pit,
        /// Its owner.
        owner: Player,
        /// The player to move.
        mover: Player,
    },
    /// The hole is empty.
    #[error("hole {0} is empty")]
    EmptyHole(Pit),
    /// The hole holds seeds, but not enough to be sown under these rules
    /// ([`Rules::sowable`]: I and Kay sow only holes of two or more).
    #[error("hole {0} holds too few seeds to be sown")]
    TooFewSeeds(Pit),
    /// The next player has no seeds and this move gives him none, while
    /// feeding is required.
    #[error("hole {0} does not feed the next player, who has no seeds")]
    MustFeed(Pit),
    /// A pass is allowed only under [`EndRules::pass`](crate::EndRules::pass)
    /// and only to a player with no legal move.
    #[error("no pass: the rules allow none, or the player to move can move")]
    CannotPass,
    /// The player to move places seeds first (an opening of placements,
    /// see [`Mancala::place_seeds_before_placement`]): his turn is a
    /// placement, not a sowing move or a pass.
    #[error("the player to move places seeds first: his turn is a placement")]
    MustPlace,
    /// The move would capture a grand slam, which these rules forbid.
    #[error("hole {0} would capture a forbidden grand slam")]
    GrandSlam(Pit),
    /// The move's relays never end, which these rules forbid.
    #[error("hole {pit}: {cause}")]
    Endless {
        /// The hole.
        pit: Pit,
        /// The cycle found.
        cause: crate::EndlessRelay,
    },
    /// The hole is the other player's tuzdik, which is never sown (Toguz
    /// Kumalak: [`ToguzKumalak`](crate::ToguzKumalak)).
    #[error("hole {0} is a tuzdik: it is never sown")]
    Tuzdik(Pit),
    /// The actions given do not make a move (see [`Game::joint_move`]).
    #[error(transparent)]
    Joint(#[from] JointMoveError),
    /// The work budget ([`Budget`]) could not decide the move, or
    /// a move of the position it leads to (`cause` names which: a move of
    /// the player to move next, or of another player who could move when
    /// he must pass). Every position that exists has all its moves
    /// decided, so the move is refused.
    #[error("{mv} cannot be decided: {cause}")]
    Undecided {
        /// The move refused.
        mv: Move,
        /// The move that could not be decided.
        cause: Undecided,
    },
}

impl PlayError {
    /// The play error for a sowing of `pit` that the engine refused.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Pit, PlayError, SowError};
    ///
    /// let pit = Pit::new(4).unwrap();
    /// assert_eq!(PlayError::from_sow(pit, SowError::EmptyHole(pit)), PlayError::EmptyHole(pit));
    /// ```
    pub const fn from_sow(pit: Pit, error: SowError) -> PlayError {
        match error {
            SowError::NotOnBoard(p) => PlayError::NotOnBoard(p),
            SowError::EmptyHole(p) => PlayError::EmptyHole(p),
            SowError::Endless(cause) => PlayError::Endless { pit, cause },
            SowError::Undecided(cause) => PlayError::Undecided {
                mv: Move::Sow(pit),
                cause,
            },
        }
    }
}

/// The checks every sowing move shares: the game goes on (`mover` is the
/// player to move, `None` once it is over), and the hole is on the board,
/// belongs to the mover and holds seeds.
///
/// # Errors
///
/// The first of [`PlayError::GameOver`], [`PlayError::NotOnBoard`],
/// [`PlayError::NotYourHole`] and [`PlayError::EmptyHole`] that applies.
///
/// # Examples
///
/// ```
/// use mancala_core::{check_sowing_move, Board, Layout, Pit, PlayError, Player, Topology};
///
/// let topology = Topology::new(Layout::two_rows(6))?;
/// let board = Board::filled(12, 4);
/// let pit = |i| Pit::new(i).unwrap();
/// assert_eq!(check_sowing_move(&topology, &board, Some(Player::P0), pit(0)), Ok(()));
/// assert_eq!(check_sowing_move(&topology, &board, None, pit(0)), Err(PlayError::GameOver));
/// assert_eq!(check_sowing_move(&topology, &board, Some(Player::P0), pit(12)), Err(PlayError::NotOnBoard(pit(12))));
/// # Ok::<(), mancala_core::LayoutError>(())
/// ```
pub fn check_sowing_move(
    topology: &Topology,
    board: &Board,
    mover: Option<Player>,
    pit: Pit,
) -> Result<(), PlayError> {
    let Some(mover) = mover else {
        return Err(PlayError::GameOver);
    };
    if !topology.contains(pit) {
        return Err(PlayError::NotOnBoard(pit));
    }
    let owner = topology.owner(pit);
    if owner != mover {
        return Err(PlayError::NotYourHole { pit, owner, mover });
    }
    if board.get(pit) == 0 {
        return Err(PlayError::EmptyHole(pit));
    }
    Ok(())
}

/// A game of the generic sowing family (oware, Kalah and their variants),
/// driven by [`Rules`].
///
/// Build one from rules ([`Mancala::new`], [`crate::oware`], [`crate::kalah`],
/// `Default` for oware), from a [`Setup`](crate::Setup)
/// ([`Mancala::from_setup`]) or from its text notation (`FromStr`); each
/// checks its input, so every `Mancala` is a consistent position. It plays
/// through the [`Game`] trait; [`play`](Game::play) returns a [`Turn`]
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::Setup", into = "crate::Setup")
)]
pub struct Mancala {
    /// The rules and the board's shape, shared by every state of one game
    /// (a clone copies the pointer).
    pub(crate) shared: Arc<Shared>,
    pub(crate) board: Board,
    pub(crate) to_move: Player,
    pub(crate) over: bool,
    pub(crate) history: History,
    /// The legal sowing moves of the player to move, worked out once when
    /// the turn passed to him (with trial sowings where legality needs them:
    /// feeding, forbidden grand slams, relays); empty once the game is over.
    /// A function of the rest of the state, so equality and hashing are
    /// unaffected.
    pub(crate) legal: PitSet,
    /// Whether the player to move places seeds before he sows (an opening
    /// of placements): his sowing moves are then not judged, and `legal`
    /// is empty. Never set once the game is over.
    pub(crate) placing: bool,
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
}

impl Shared {
    /// The rules and shape one game shares.
    pub(crate) fn new(rules: Rules, topology: Topology, budget: Budget) -> Shared {
        // (Without a budget as few moves can be undecided as under any:
        // the holes are read whenever some budget would let them be.)
        let fallible = Mancala::can_be_undecided(&rules, Budget::UNLIMITED);
        let reads_nonempty = rules.end.side_empty
            || rules.sowable.is_any()
                && (matches!(rules.feeding, Feeding::Required | Feeding::IfPossible)
                    || !Mancala::trials_needed(&rules, false, fallible));
        Shared {
            rules,
            topology,
            budget: StateBudget(budget),
            reads_nonempty,
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
        Applied::sown(crate::Sown {
            landing: Landing::Store(mover),
            laps: 0,
            endless: false,
        })
    }

    /// A sowing that captured nothing and gives no extra turn.
    const fn sown(sown: crate::Sown) -> Applied {
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
        crate::oware()
    }
}

impl Mancala {
    /// The start position of these rules: every hole holds `rules.seeds`,
    /// player 0 to move.
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
    /// use mancala_core::{Budget, Mancala, Relay, Rules};
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
        Self::reserve_spares(&rules, &mut board);
        let mut game = Mancala {
            shared: Arc::new(Shared::new(rules, topology, budget)),
            history: History::new(),
            board,
            to_move: first,
            over: false,
            legal: PitSet::EMPTY,
            placing: false,
        };
        let meter = Meter::new(budget);
        game.settle(first, false, false, game.meter(&meter), placing, &mut ())?;
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

    /// Adds seeds to holes (an opening placement such as Mankka's, the seeds
    /// coming from a hand), then hands the turn to `next` and applies the end
    /// conditions, as at a setup. The repetition history starts afresh: seeds
    /// entered the board.
    ///
    /// # Errors
    ///
    /// [`PlaceError::GameOver`] once the game is over,
    /// [`PlaceError::NotOnBoard`] for a hole not on the board,
    /// [`PlaceError::NoSuchPlayer`] if `next` does not play,
    /// [`PlaceError::TooManySeeds`] if the game would hold more than
    /// [`MAX_SEEDS`], and [`PlaceError::Undecided`] if the position reached
    /// has a move the work budget cannot decide. The state is then
    /// unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Pit, Player, Rules};
    ///
    /// let mut game = Mancala::new(Rules::oware())?;
    /// game.place_seeds(&[(Pit::new(0).unwrap(), 3)], Player::P1)?;
    /// assert_eq!(game.board().holes()[0], 7);
    /// assert_eq!(game.to_move(), Some(Player::P1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn place_seeds(&mut self, seeds: &[(Pit, u16)], next: Player) -> Result<(), PlaceError> {
        self.place(seeds, next, None, &Meter::new(self.shared.budget.0))
    }

    /// [`place_seeds`](Mancala::place_seeds), deciding the moves of the
    /// position reached from `meter` instead of from a fresh meter of the
    /// state's [`budget`](Mancala::budget) (see
    /// [`play_metered`](Mancala::play_metered)).
    ///
    /// # Errors
    ///
    /// As [`place_seeds`](Mancala::place_seeds), [`PlaceError::Undecided`]
    /// once `meter` runs dry. The state is then unchanged.
    pub fn place_seeds_metered(
        &mut self,
        seeds: &[(Pit, u16)],
        next: Player,
        meter: &Meter,
    ) -> Result<(), PlaceError> {
        self.place(seeds, next, None, meter)
    }

    /// [`place_seeds`](Mancala::place_seeds) in an opening where `next`
    /// places seeds too before anyone sows (Mankka Two's: player 0 places,
    /// then player 1). His turn is a placement, so his sowing moves are not
    /// judged: none is legal ([`legal_pits`](Mancala::legal_pits) and the
    /// [`Game`] actions are empty: his actions are the wrapping game's
    /// placements; `play` refuses a sowing move or a pass with
    /// [`PlayError::MustPlace`]), and none is tried (no trial sowing, so no
    /// [`PlaceError::Undecided`]). A sowing move of his that would relay
    /// forever does not make him a player who cannot move: he can place.
    /// The end conditions on the board apply as at any turn, and under
    /// rules without passes a player with no hole he could sow (an empty
    /// side) still cannot move, which ends the game. His own placement, by
    /// [`place_seeds`](Mancala::place_seeds), ends the opening.
    ///
    /// # Errors
    ///
    /// As [`place_seeds`](Mancala::place_seeds), but for
    /// [`PlaceError::Undecided`]. The state is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Mancala, Move, Pit, PlayError, Player, Rules};
    ///
    /// let mut game = Mancala::new(Rules::oware())?;
    /// game.place_seeds_before_placement(&[(Pit::new(0).unwrap(), 3)], Player::P1)?;
    /// assert!(game.is_placing());
    /// assert!(game.legal_moves().is_empty());
    /// assert_eq!(game.play(Move::Sow(Pit::new(6).unwrap())), Err(PlayError::MustPlace));
    /// game.place_seeds(&[(Pit::new(6).unwrap(), 3)], Player::P0)?;
    /// assert!(!game.is_placing());
    /// assert_eq!(game.legal_moves().len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn place_seeds_before_placement(
        &mut self,
        seeds: &[(Pit, u16)],
        next: Player,
    ) -> Result<(), PlaceError> {
        self.place(
            seeds,
            next,
            Some(Placing),
            &Meter::new(self.shared.budget.0),
        )
    }

    /// Whether the player to move places seeds before he sows (see
    /// [`place_seeds_before_placement`](Mancala::place_seeds_before_placement)
    /// and [`Setup::placing`](crate::Setup::placing)). Never once the game
    /// is over.
    pub fn is_placing(&self) -> bool {
        self.placing
    }

    /// [`place_seeds`](Mancala::place_seeds), `next` then placing too if
    /// `placing`, the moves reached decided from `meter`.
    fn place(
        &mut self,
        seeds: &[(Pit, u16)],
        next: Player,
        placing: Option<Placing>,
        meter: &Meter,
    ) -> Result<(), PlaceError> {
        if self.over {
            return Err(PlaceError::GameOver);
        }
        if next.index() >= self.shared.topology.players() {
            return Err(PlaceError::NoSuchPlayer(next));
        }
        let mut total = u64::from(self.board.total());
        for &(pit, n) in seeds {
            if !self.shared.topology.contains(pit) {
                return Err(PlaceError::NotOnBoard(pit));
            }
            total += u64::from(n);
        }
        if total > u64::from(MAX_SEEDS) {
            return Err(PlaceError::TooManySeeds(total));
        }
        let mut saved = self.board.spare_copy();
        for &(pit, n) in seeds {
            self.board.add(pit, n);
        }
        // Seeds entered the board: settled as if seeds had left it, the
        // history starting afresh. Settling fails before changing anything
        // but the board, which is put back.
        let settled = self.settle(
            next,
            true,
            false,
            self.meter(meter),
            placing.is_some(),
            &mut (),
        );
        if settled.is_err() {
            core::mem::swap(&mut self.board, &mut saved);
        }
        self.board.keep_spare(saved);
        settled.map_err(PlaceError::Undecided)
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

    /// The positions recorded for the repetition rule (empty unless
    /// [`EndRules::repetition`](crate::EndRules::repetition) is on).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Plays a move after checking it, reporting every lift, seed, capture and
    /// collection to `observer` (for example a `Vec<Event>`), for interfaces
    /// that animate a move. [`Game::play`] is the same without events.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal; the state is then unchanged
    /// and no event was reported.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Event, Move, Pit, Player};
    ///
    /// let mut game = mancala_core::kalah();
    /// let mut events = Vec::new();
    /// game.play_observed(Move::Sow(Pit::new(2).unwrap()), &mut events)?;
    /// assert_eq!(events.first(), Some(&Event::Lift { pit: Pit::new(2).unwrap(), seeds: 4 }));
    /// assert!(events.contains(&Event::Store { player: Player::P0 }));
    /// assert_eq!(events.last(), Some(&Event::ExtraTurn));
    /// # Ok::<(), mancala_core::PlayError>(())
    /// ```
    pub fn play_observed<O: Observer>(
        &mut self,
        mv: Move,
        observer: &mut O,
    ) -> Result<Turn, PlayError> {
        let meter = Meter::new(self.shared.budget.0);
        self.check(mv, &meter)?;
        if self.probe(mv, &meter)? {
            // Decided on the copy: the same turn again cannot be refused.
            return self.try_turn(mv, &Meter::new(DECIDED), observer);
        }
        self.try_turn(mv, &meter, observer)
    }

    /// [`Game::play`], deciding the move and the position it leads to from
    /// `meter` instead of from a fresh meter of the state's
    /// [`budget`](Mancala::budget): for a program that bounds the work of
    /// several calls together (a request that reads a position and plays
    /// moves on it), or measures what a call spent ([`Meter::spent`]).
    ///
    /// # Errors
    ///
    /// As [`Game::play`], [`PlayError::Undecided`] once `meter` runs dry;
    /// the state is then unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Budget, Game, Mancala, Meter, Move, Pit, Rules, Setup};
    ///
    /// let mut setup = Setup::new(Rules::french_wari());
    /// setup.board = vec![6, 6, 2, 7, 0, 6, 0, 1, 6, 6, 0, 1];
    /// setup.stores = vec![0, 0];
    /// let mut game = Mancala::from_setup(setup)?;
    /// let meter = Meter::new(Budget::UNLIMITED);
    /// game.play_metered(Move::Sow(Pit::new(5).unwrap()), &meter)?;
    /// // North's hole 11 now relays round a cycle of 1,733,184 laps: deciding
    /// // it (not legal) took millions of seeds.
    /// assert!(meter.spent() > 1_000_000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_metered(&mut self, mv: Move, meter: &Meter) -> Result<Turn, PlayError> {
        self.check(mv, meter)?;
        self.try_turn(mv, meter, &mut ())
    }

    /// Where a move can be undecided, plays `mv` quietly on a copy first
    /// (drawing on `meter`), so that a move the budget refuses reports no
    /// event: `Ok(true)` once the copy's turn stood.
    fn probe(&self, mv: Move, meter: &Meter) -> Result<bool, PlayError> {
        if self.meter(meter).is_none() {
            return Ok(false);
        }
        self.clone().try_turn(mv, meter, &mut ())?;
        Ok(true)
    }

    /// [`Game::play_unchecked`], reporting what happened to `observer`.
    ///
    /// # Panics
    ///
    /// Never panics; illegal moves behave as in [`Game::play_unchecked`].
    pub fn play_unchecked_observed<O: Observer>(&mut self, mv: Move, observer: &mut O) -> Turn {
        match self.probe(mv, &Meter::new(self.shared.budget.0)) {
            Err(_) => Turn::nothing(self.to_move, mv),
            Ok(true) => self.apply_turn(mv, &Meter::new(DECIDED), observer),
            Ok(false) => self.apply_turn(mv, &Meter::new(self.shared.budget.0), observer),
        }
    }

    /// The holes the player to move may sow (empty once the game is over,
    /// when he must pass, and while he places seeds first, see
    /// [`is_placing`](Mancala::is_placing)): his legal moves other than a
    /// pass, worked out when the turn passed to him.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Move, Pit, Player};
    ///
    /// let game = mancala_core::oware();
    /// let moves: Vec<Move> = game.legal_pits().iter().map(Move::Sow).collect();
    /// assert_eq!(moves.as_slice(), game.legal_actions(Player::P0).as_slice());
    /// ```
    #[inline]
    pub fn legal_pits(&self) -> PitSet {
        self.legal
    }

    /// Whether the player to move must pass: the rules allow passing
    /// ([`EndRules::pass`](crate::EndRules::pass)), the game goes on, he
    /// has no sowing move and no placement to make
    /// ([`is_placing`](Mancala::is_placing)). His only legal move is then
    /// [`Move::Pass`].
    pub fn must_pass(&self) -> bool {
        !self.over && !self.placing && self.shared.rules.end.pass && !self.can_sow()
    }

    /// The reason `mv` is not legal now, if any (found, for a move the
    /// legal set does not hold, by sowing it on a copy from `meter`).
    fn check(&self, mv: Move, meter: &Meter) -> Result<(), PlayError> {
        if self.placing {
            return Err(PlayError::MustPlace);
        }
        let pit = match mv {
            Move::Pass => {
                if self.over {
                    return Err(PlayError::GameOver);
                }
                return if self.must_pass() {
                    Ok(())
                } else {
                    Err(PlayError::CannotPass)
                };
            }
            Move::Sow(pit) => pit,
        };
        if !self.over && self.legal.contains(pit) {
            return Ok(());
        }
        // The legal set decides; what follows only names the reason.
        let mover = (!self.over).then_some(self.to_move);
        check_sowing_move(&self.shared.topology, &self.board, mover, pit)?;
        let mover = self.to_move;
        let rules = &self.shared.rules;
        if !rules.sowable.allows(
            &self.board,
            &self.shared.topology,
            rules.sowing.direction,
            pit,
        ) {
            return Err(PlayError::TooFewSeeds(pit));
        }
        let mut board = self.board.clone();
        Self::apply_move(
            &self.shared.rules,
            &self.shared.topology,
            &mut board,
            pit,
            mover,
            meter,
            &mut (),
        )?;
        // A move that stands and is still refused fails to feed: the only
        // test of the legal set that looks past the move itself.
        Err(PlayError::MustFeed(pit))
    }

    /// The player `mover` must feed (the next in turn order).
    #[inline]
    fn fed_player(&self, mover: Player) -> Player {
        mover.next(self.shared.topology.players())
    }

    /// Whether feeding constrains `mover` now.
    #[inline]
    fn must_feed(&self, mover: Player) -> bool {
        match self.shared.rules.feeding {
            Feeding::Off => false,
            Feeding::Always => true,
            Feeding::Required | Feeding::IfPossible => {
                !self.has_sowable(&self.board, self.fed_player(mover))
            }
        }
    }

    /// Whether `player` has a hole he may sow on `board` (any hole with
    /// seeds, unless [`Rules::sowable`] asks for more): what feeding
    /// judges.
    #[inline]
    fn has_sowable(&self, board: &Board, player: Player) -> bool {
        Self::sowable_bits(&self.shared.rules, &self.shared.topology, board, player) != 0
    }

    /// The holes of `player` that may be sown on `board`, as bits.
    #[inline]
    fn sowable_bits(rules: &Rules, topology: &Topology, board: &Board, player: Player) -> u128 {
        rules
            .sowable
            .bits(board, topology, rules.sowing.direction, player)
    }

    /// Whether legality needs each move played out on a copy.
    /// (Moves that relay forever are refused only under
    /// [`Endless::Forbid`](crate::Endless::Forbid); under `Stop` they stand,
    /// but a work budget must still decide them.)
    #[inline]
    fn needs_simulation(&self, mover: Player) -> bool {
        let rules = &self.shared.rules;
        let fallible = Self::can_be_undecided(rules, self.shared.budget.0);
        Self::trials_needed(rules, self.must_feed(mover), fallible)
    }

    /// Whether legality takes trial sowings under `rules`, the mover being
    /// `hungry` if he must feed now (`fallible`: whether
    /// [`can_be_undecided`](Mancala::can_be_undecided) holds of the rules).
    #[inline]
    fn trials_needed(rules: &Rules, hungry: bool, fallible: bool) -> bool {
        hungry || rules.grand_slam == GrandSlam::Forbid || fallible
    }

    /// Gives a heap board the spare blocks the moves of `rules` take: a
    /// relaying move takes up to four (the board before it, a trial board,
    /// the trial's start and a cycle walker), kept from the start so that no
    /// move allocates.
    pub(crate) fn reserve_spares(rules: &Rules, board: &mut Board) {
        if rules.relay != Relay::Never {
            board.reserve_spares(4);
        }
    }

    /// Whether a relaying move may be refused for its relays: an endless
    /// one under [`Endless::Forbid`](crate::Endless::Forbid), or one the
    /// work budget `budget` cannot decide. Legality then takes a trial
    /// sowing of every move, and a move may fail after its first seed
    /// moved.
    #[inline]
    pub(crate) fn can_be_undecided(rules: &Rules, budget: Budget) -> bool {
        rules.relay != Relay::Never
            && (rules.endless == crate::Endless::Forbid || budget.is_limited())
    }

    /// The legal sowing moves of `mover`, with trial sowings (where
    /// legality needs them) on `trial` (any board), drawing on `meter`.
    /// `Err` names the first move the work budget could not decide.
    fn legal_set(
        &self,
        mover: Player,
        trial: &mut Board,
        meter: &Meter,
    ) -> Result<PitSet, Undecided> {
        let mut set = PitSet::EMPTY;
        if self.over {
            return Ok(set);
        }
        // Any hole with seeds, or (rarely) the holes the rules let be sown.
        let any = self.shared.rules.sowable.is_any();
        let sowable = if any {
            0
        } else {
            Self::sowable_bits(
                &self.shared.rules,
                &self.shared.topology,
                &self.board,
                mover,
            )
        };
        let board = &self.board;
        let candidates = self.shared.topology.pits_of(mover).filter(move |&p| {
            if any {
                board.get(p) > 0
            } else {
                sowable >> p.index() & 1 != 0
            }
        });
        if !self.needs_simulation(mover) {
            for p in candidates {
                set.insert(p);
            }
            return Ok(set);
        }
        let mut undecided = None;
        let fed = self.fed_player(mover);
        let (rules, topology) = (&self.shared.rules, &self.shared.topology);
        let must_feed = self.must_feed(mover);
        // Unless the move must feed or may not capture a grand slam, only
        // whether its relays end matters: the captures need not be made.
        let sowing_only = !must_feed && rules.grand_slam != GrandSlam::Forbid;
        if sowing_only && rules.relay_if.is_plain() {
            // Every move that stands is legal: the sowing engine's fast path.
            let candidates = PitSet::from_bits(if any {
                self.board.nonempty_bits() & topology.mask_of(mover)
            } else {
                sowable
            });
            return match rules.relay {
                Relay::Never => Self::sower(rules, topology, mover, &SingleLap, meter)
                    .standing(board, candidates, trial),
                relay => Self::sower(rules, topology, mover, &relay, meter)
                    .standing(board, candidates, trial),
            };
        }
        let outcome = |p: Pit| {
            // After the first undecided move the set is void: no more work.
            if undecided.is_some() {
                return None;
            }
            if sowing_only
                && Self::sower(rules, topology, mover, &rules.relay, meter)
                    .single_lap(&self.board, p)
                    .is_some()
            {
                // Decided in one lap, without a trial.
                return Some(true);
            }
            trial.clone_from(&self.board);
            if sowing_only {
                match Self::sow_move(rules, topology, trial, p, mover, meter, &mut ()) {
                    Ok(_) => Some(true),
                    Err(SowError::Undecided(cause)) => {
                        undecided = Some(cause);
                        None
                    }
                    Err(_) => None,
                }
            } else {
                match Self::apply_move(rules, topology, trial, p, mover, meter, &mut ()) {
                    Ok(_) => Some(Self::sowable_bits(rules, topology, trial, fed) != 0),
                    Err(PlayError::Undecided { cause, .. }) => {
                        undecided = Some(cause);
                        None
                    }
                    Err(_) => None,
                }
            }
        };
        let _ = filter_feeding(
            self.shared.rules.feeding,
            must_feed,
            candidates,
            outcome,
            |p| {
                set.insert(p);
                ControlFlow::Continue(())
            },
        );
        match undecided {
            Some(cause) => Err(cause),
            None => Ok(set),
        }
    }

    /// Whether the player to move has a legal sowing move (game not over).
    #[inline]
    fn can_sow(&self) -> bool {
        !self.legal.is_empty()
    }

    /// The sowing engine for `mover`'s moves under `rules`, relaying by
    /// `relay`, drawing on `meter`.
    #[inline]
    fn sower<'a, R: RelayRule>(
        rules: &Rules,
        topology: &'a Topology,
        mover: Player,
        relay: &'a R,
        meter: &'a Meter,
    ) -> Sower<'a, R> {
        Sower::new(topology, rules.sowing, mover, relay, meter).endless(rules.endless)
    }

    /// The sowing of one move on `board`, for `mover`, under the rules'
    /// relay rule, drawing on `meter`.
    #[inline]
    fn sow_move<O: Observer>(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<crate::Sown, SowError> {
        match rules.relay {
            Relay::Never => {
                Self::sower(rules, topology, mover, &SingleLap, meter).sow(board, pit, observer)
            }
            relay if rules.relay_if.is_plain() => {
                Self::sower(rules, topology, mover, &relay, meter).sow(board, pit, observer)
            }
            _ => Self::sow_conditioned(rules, topology, board, pit, mover, meter, observer),
        }
    }

    /// [`sow_move`](Mancala::sow_move) under relay conditions
    /// ([`Rules::relay_if`]), out of line: only Kay's kind of rules pay
    /// for them.
    #[inline(never)]
    fn sow_conditioned<O: Observer>(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<crate::Sown, SowError> {
        // A pure function of the board and the landing hole, as the
        // engine's cycle detection needs.
        let (relay, conditions) = (rules.relay, rules.relay_if);
        let direction = rules.sowing.direction;
        let rule = |board: &Board, landing: Pit| {
            relay.relays(board, landing)
                && (!conditions.next_occupied || board.get(topology.step(landing, direction)) > 0)
                && !(conditions.capture_first
                    && Self::capture_starts(rules, topology, board, landing, mover))
        };
        Self::sower(rules, topology, mover, &rule, meter).sow(board, pit, observer)
    }

    /// Sowing and capture of one move on `board`, for `mover`. On error
    /// `board` may hold a partly played move: callers that keep the board
    /// after an error work on a copy (only endless relays and forbidden
    /// grand slams fail after sowing began).
    fn apply_move<O: Observer>(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<Applied, PlayError> {
        let sown = Self::sow_move(rules, topology, board, pit, mover, meter, observer)
            .map_err(|e| PlayError::from_sow(pit, e))?;
        let mut applied = Applied::sown(sown);
        Self::capture_after(rules, topology, board, pit, mover, &mut applied, observer)?;
        Ok(applied)
    }

    /// A legal move without relays, played quietly: the sowing engine's
    /// checks are skipped (the move is in the legal set, so the hole is
    /// the mover's and holds seeds, and nothing can refuse it).
    #[inline]
    fn apply_legal_single_lap(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
    ) -> Applied {
        let landing = crate::sow::lap_quiet(board, topology, rules.sowing, mover, pit);
        let sown = crate::Sown {
            landing,
            laps: 1,
            endless: false,
        };
        let mut applied = Applied::sown(sown);
        // Only a forbidden grand slam fails here, and the legal set holds
        // none.
        let result = Self::capture_after(rules, topology, board, pit, mover, &mut applied, &mut ());
        debug_assert!(result.is_ok(), "a legal move was refused: {result:?}");
        applied
    }

    /// Whether a capture starts where a lap of `mover` ended in `landing`
    /// (on `board` after the sowing): the landing hole qualifies under the
    /// rules' capture, whatever a chain would add or a grand slam rule say.
    #[inline]
    fn capture_starts(
        rules: &Rules,
        topology: &Topology,
        board: &Board,
        landing: Pit,
        mover: Player,
    ) -> bool {
        let in_zone = |zone: Zone| {
            let owner = topology.owner(landing);
            match zone {
                Zone::Opponents => owner != mover,
                Zone::Own => owner == mover,
                Zone::Any => true,
            }
        };
        match rules.capture {
            Capture::None => false,
            Capture::Chain { zone, counts, .. } => {
                in_zone(zone) && counts.contains(board.get(landing))
            }
            Capture::Opposite {
                require_opposite,
                zone,
                take_lone,
            } => {
                // As `capture_after` judges it: something is taken.
                in_zone(zone)
                    && board.get(landing) == 1
                    && topology
                        .opposite(landing)
                        .is_some_and(|o| board.get(o) > 0 || !require_opposite && take_lone)
            }
        }
    }

    /// The captures (and extra turn) after `applied`, so far the sowing of
    /// `pit`, recorded into it. (Filled in place rather than returned: a
    /// returned `Result<Applied, _>` is copied through memory in pieces that
    /// the processor cannot forward, a stall on every move.)
    ///
    /// # Errors
    ///
    /// [`PlayError::GrandSlam`] for a grand slam the rules forbid; `applied`
    /// is then unchanged, and so is the board.
    #[inline(always)]
    fn capture_after<O: Observer>(
        rules: &Rules,
        topology: &Topology,
        board: &mut Board,
        pit: Pit,
        mover: Player,
        applied: &mut Applied,
        observer: &mut O,
    ) -> Result<(), PlayError> {
        // Whether the move ended in a hole it may capture from (not in a
        // store, nor stopped as endless), worked out without a branch: a
        // move into a store is a toss-up the processor cannot guess, so
        // the checks below fold it in rather than branch on it first.
        let (landing, in_hole) = match applied.landing {
            Landing::Hole(h) => (h, !applied.endless),
            Landing::Store(_) => (pit, false),
        };
        applied.extra_turn = rules.extra_turn & (applied.landing == Landing::Store(mover));
        // A move that captures nothing returns at once: no empty set is
        // built and read back (a set written whole and read in halves
        // waits on its store).
        let taken = match rules.capture {
            Capture::None => return Ok(()),
            Capture::Chain {
                zone,
                counts,
                same_count,
                limit,
            } => {
                let owner = topology.owner(landing);
                let in_zone = match zone {
                    Zone::Opponents => owner != mover,
                    Zone::Own => owner == mover,
                    Zone::Any => true,
                };
                let first = board.get(landing);
                if !(in_hole & in_zone & counts.contains(first)) {
                    return Ok(());
                }
                capture::chain(
                    board,
                    topology,
                    pit,
                    landing,
                    rules.sowing.direction,
                    mover,
                    limit,
                    |c| {
                        if same_count {
                            c == first
                        } else {
                            counts.contains(c)
                        }
                    },
                )
            }
            Capture::Opposite {
                require_opposite,
                zone,
                take_lone,
            } => {
                let owner = topology.owner(landing);
                let in_zone = match zone {
                    Zone::Opponents => owner != mover,
                    Zone::Own => owner == mover,
                    Zone::Any => true,
                };
                let (opposite, across) = match topology.opposite(landing) {
                    Some(o) => (o, true),
                    None => (landing, false),
                };
                // Something is taken only from a lone seed in the zone with
                // a hole across, and only if that hole holds seeds (or the
                // rules take a lone seed without them): one test, without
                // a branch per condition.
                let full = board.get(opposite) > 0;
                let takes = in_hole
                    & in_zone
                    & across
                    & (board.get(landing) == 1)
                    & (full | (!require_opposite & take_lone));
                if !takes {
                    return Ok(());
                }
                let mut set = PitSet::EMPTY;
                set.insert_if(landing, take_lone);
                set.insert_if(opposite, full || take_lone);
                set
            }
        };
        if !taken.is_empty() {
            if rules.grand_slam != GrandSlam::Allow
                && capture::is_grand_slam(board, topology, taken)
            {
                match rules.grand_slam {
                    GrandSlam::Allow => {}
                    GrandSlam::NoCapture => {
                        if O::RECORDS {
                            observer.event(Event::GrandSlamRefused);
                        }
                        applied.grand_slam_refused = true;
                        return Ok(());
                    }
                    GrandSlam::Forbid => return Err(PlayError::GrandSlam(pit)),
                }
            }
            applied.seeds = match rules.credit {
                Credit::Mover => capture::take_into_store(board, taken, mover, observer),
                Credit::Owner => capture::take_to_owners(board, topology, taken, observer),
            };
            applied.captured = taken;
        }
        Ok(())
    }

    /// A whole turn: the move, then whose turn it is and whether the game
    /// ended. A move refused by the engine or by the work budget, or any
    /// move once the game is over, changes nothing.
    #[inline]
    fn apply_turn<O: Observer>(&mut self, mv: Move, meter: &Meter, observer: &mut O) -> Turn {
        if let Some(turn) = self.quiet_single_lap_turn(mv, observer) {
            return turn;
        }
        let mover = self.to_move;
        // The report is built here, in the caller's slot, from the parts
        // the fast path filled in (a report returned inside an `Option`
        // would be copied in pieces the processor cannot forward).
        let mut applied = Applied::unfilled(mover);
        match self.quiet_relay_turn(mv, &mut applied, meter, observer) {
            Some(Ok(())) => Turn::played(mover, mv, &applied),
            Some(Err(_)) => Turn::nothing(mover, mv),
            None => self
                .try_turn(mv, meter, observer)
                .unwrap_or_else(|_| Turn::nothing(mover, mv)),
        }
    }

    /// The fast path of a turn: a legal move without relays, played
    /// quietly, in place; `None` for any other move. Nothing can refuse
    /// it: the engine's checks were made by the legal set, and without
    /// relays every position is decided.
    #[inline]
    fn quiet_single_lap_turn<O: Observer>(&mut self, mv: Move, observer: &mut O) -> Option<Turn> {
        let Move::Sow(pit) = mv else {
            return None;
        };
        if O::RECORDS || self.shared.rules.relay != Relay::Never || !self.legal.contains(pit) {
            return None;
        }
        let mover = self.to_move;
        let before = u32::from(self.board.store(mover));
        let applied = Self::apply_legal_single_lap(
            &self.shared.rules,
            &self.shared.topology,
            &mut self.board,
            pit,
            mover,
        );
        // Without relays no position is undecided: settling cannot fail.
        let settled = self.end_turn(mover, &applied, before, None, observer);
        debug_assert!(
            settled.is_ok(),
            "a position without relays is always decided"
        );
        Some(Turn::played(mover, mv, &applied))
    }

    /// The fast path of a relaying turn: a legal move under a relay rule of
    /// a threshold, sown quietly in place, lane by lane, on an inline board
    /// of up to 16 holes; `None` for any other move, and for one still
    /// relaying after the plain laps (the board is then put back as it was,
    /// for the full path to decide it). The legal set's trial found that
    /// the move stands, so only the next position can refuse it (the work
    /// budget), and then the board before the move is put back: the state
    /// is unchanged. No spare board, no engine and no checks of the move:
    /// one copy of the board, kept until the turn stands. What the move did
    /// goes into `applied` (any value before; filled in when the turn
    /// stands). The next position's moves are decided drawing on `meter`.
    #[inline]
    fn quiet_relay_turn<O: Observer>(
        &mut self,
        mv: Move,
        applied: &mut Applied,
        meter: &Meter,
        observer: &mut O,
    ) -> Option<Result<(), Undecided>> {
        let Move::Sow(pit) = mv else {
            return None;
        };
        let rules = &self.shared.rules;
        let at_least = rules.relay.threshold()?;
        if O::RECORDS
            || !rules.relay_if.is_plain()
            || !self.board.is_inline()
            || !self.legal.contains(pit)
        {
            return None;
        }
        let limit = crate::sow::PLAIN_LAPS;
        let topology = &self.shared.topology;
        let mover = self.to_move;
        let saved = self.board.clone();
        let before = u32::from(self.board.store(mover));
        let sowing = crate::sow::Sowing {
            topology,
            spec: rules.sowing,
            mover,
        };
        let sown = crate::sow::relay_by_lanes(&mut self.board, sowing, pit, limit, at_least);
        let (landing, laps) = match sown {
            Some(Ok(end)) => end,
            Some(Err(_)) => {
                self.board = saved;
                return None;
            }
            None => return None,
        };
        *applied = Applied::sown(crate::Sown {
            landing,
            laps,
            endless: false,
        });
        // Only a forbidden grand slam fails here, and the legal set holds
        // none; should one come, the full path refuses it.
        let captured = Self::capture_after(
            rules,
            topology,
            &mut self.board,
            pit,
            mover,
            applied,
            observer,
        );
        if captured.is_err() {
            self.board = saved;
            return None;
        }
        let meter = self.meter(meter);
        let settled = self.end_turn(mover, applied, before, meter, observer);
        if settled.is_err() {
            self.board = saved;
        }
        Some(settled)
    }

    /// [`apply_turn`](Mancala::apply_turn), with the reason a move changed
    /// nothing. Once the game is over, `Ok` with a report of nothing.
    #[inline(never)]
    fn try_turn<O: Observer>(
        &mut self,
        mv: Move,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<Turn, PlayError> {
        let mover = self.to_move;
        if self.over {
            return Ok(Turn::nothing(mover, mv));
        }
        let pit = match mv {
            Move::Pass => {
                let next = mover.next(self.shared.topology.players());
                self.settle(next, false, false, self.meter(meter), false, observer)
                    .map_err(|cause| PlayError::Undecided { mv, cause })?;
                return Ok(Turn::nothing(mover, mv));
            }
            Move::Sow(pit) => pit,
        };
        if let Some(turn) = self.quiet_single_lap_turn(mv, observer) {
            return Ok(turn);
        }
        let mut applied = Applied::unfilled(mover);
        if let Some(settled) = self.quiet_relay_turn(mv, &mut applied, meter, observer) {
            return settled
                .map(|()| Turn::played(mover, mv, &applied))
                .map_err(|cause| PlayError::Undecided { mv, cause });
        }
        // Seeds leave the board only for the mover's store (his captures,
        // his sowing into it).
        let before = u32::from(self.board.store(mover));
        // Without relays or forbidden grand slams a move can only be refused
        // before its first seed moves, and with them the legal set worked
        // out for this turn names the moves that stand, so those are played
        // in place; any other move on a copy, kept only if the move stands.
        let legal = self.legal.contains(pit);
        let single_lap = self.shared.rules.relay == Relay::Never;
        // Under a work budget the next position may not be decided: the
        // board before the move is kept until it is.
        let fallible = self.meter(meter);
        let mut saved = fallible.is_some().then(|| self.board.spare_copy());
        let in_place = legal || single_lap && self.shared.rules.grand_slam != GrandSlam::Forbid;
        let result = if in_place {
            Self::apply_move(
                &self.shared.rules,
                &self.shared.topology,
                &mut self.board,
                pit,
                mover,
                meter,
                observer,
            )
        } else {
            let mut board = self.board.clone();
            let result = Self::apply_move(
                &self.shared.rules,
                &self.shared.topology,
                &mut board,
                pit,
                mover,
                meter,
                observer,
            );
            if result.is_ok() {
                self.board = board;
            }
            result
        };
        let turn = result.and_then(|applied| {
            self.end_turn(mover, &applied, before, fallible, observer)
                .map(|()| Turn::played(mover, mv, &applied))
                .map_err(|cause| PlayError::Undecided { mv, cause })
        });
        if let Some(mut saved) = saved.take() {
            if turn.is_err() {
                core::mem::swap(&mut self.board, &mut saved);
            }
            self.board.keep_spare(saved);
        }
        turn
    }

    /// Passes the turn after `applied`, a move of `mover` (his store held
    /// `before` seeds before it); `meter` as in
    /// [`settle`](Mancala::settle).
    ///
    /// # Errors
    ///
    /// As [`settle`](Mancala::settle).
    #[inline(always)]
    fn end_turn<O: Observer>(
        &mut self,
        mover: Player,
        applied: &Applied,
        before: u32,
        meter: Option<&Meter>,
        observer: &mut O,
    ) -> Result<(), Undecided> {
        if O::RECORDS && applied.extra_turn {
            observer.event(Event::ExtraTurn);
        }
        // (Both players worked out, then one chosen: an extra turn is a
        // toss-up the processor cannot guess.)
        let after = mover.next(self.shared.topology.players());
        let next = if applied.extra_turn { mover } else { after };
        // (Captures credited to the holes' owners may leave the mover's
        // store as it was.)
        let seeds_left_board = u32::from(self.board.store(mover)) != before || applied.seeds > 0;
        self.settle(next, seeds_left_board, true, meter, false, observer)
    }

    /// Hands the turn to `next` and applies the end conditions.
    ///
    /// # Errors
    ///
    /// The first move of the new position that the work budget cannot
    /// decide. Nothing has changed then (only rules that relay under a
    /// budget can fail, and under them every check is made before the state
    /// changes).
    ///
    /// `meter` is the call's budget where a move can be undecided
    /// ([`can_be_undecided`](Mancala::can_be_undecided) of the rules and
    /// the state's budget), else `None`, passed in so that the fast path,
    /// which knows it is `None`, compiles without the checks it makes
    /// unnecessary. With `placing`,
    /// `next` places seeds before he sows: the end conditions on the board
    /// apply, but his sowing moves are neither listed nor tried.
    #[inline(always)]
    pub(crate) fn settle<O: Observer>(
        &mut self,
        next: Player,
        seeds_left_board: bool,
        after_sowing: bool,
        meter: Option<&Meter>,
        placing: bool,
        observer: &mut O,
    ) -> Result<(), Undecided> {
        let fallible = meter.is_some();
        let previous = self.to_move;
        self.to_move = next;
        if self.shared.rules.end.repetition {
            if fallible {
                // The position is recorded once it stands (below).
                if !seeds_left_board && self.history.contains(&self.board, next) {
                    self.finish(observer);
                    return Ok(());
                }
            } else {
                if seeds_left_board {
                    self.history.clear();
                }
                if !self.history.insert(&self.board, next) {
                    self.finish(observer);
                    return Ok(());
                }
            }
        }
        // A sowing that left every seed on the board changed no store: a
        // majority would have ended the game at the last turn already.
        if self.shared.rules.end.majority && (seeds_left_board || !after_sowing) && self.majority()
        {
            self.finish(observer);
            return Ok(());
        }
        // Which holes hold seeds, once for the checks below, where one of
        // them reads it.
        let nonempty = if self.shared.reads_nonempty {
            self.board.nonempty_bits()
        } else {
            0
        };
        let topology = &self.shared.topology;
        if self.shared.rules.end.side_empty
            && Player::all(topology.players()).any(|p| nonempty & topology.mask_of(p) == 0)
        {
            self.finish(observer);
            return Ok(());
        }
        if after_sowing
            && let Some(most) = self.shared.rules.end.at_most_left
            && self.board.on_board() <= u32::from(most)
        {
            self.finish(observer);
            return Ok(());
        }
        if let Some(most) = self.shared.rules.end.each_at_most
            && self.board.holes().iter().all(|&c| c <= most)
        {
            self.finish(observer);
            return Ok(());
        }
        if placing {
            // His turn is a placement: no sowing move of his is listed or
            // tried. Without passes, a player with no hole he could sow
            // still cannot move (his side is empty): the game ends as at
            // any turn.
            self.legal = PitSet::EMPTY;
            self.placing = true;
            self.record_settled(next, seeds_left_board, fallible);
            if !self.shared.rules.end.pass && !self.has_sowable(&self.board, next) {
                self.finish(observer);
            }
            return Ok(());
        }
        // The legal set, worked out once, now: with trial sowings where
        // legality takes them, else the mover's holes that hold seeds.
        let rules = &self.shared.rules;
        let hungry = match rules.feeding {
            Feeding::Off => false,
            Feeding::Always => true,
            Feeding::Required | Feeding::IfPossible if rules.sowable.is_any() => {
                nonempty & self.shared.topology.mask_of(self.fed_player(next)) == 0
            }
            Feeding::Required | Feeding::IfPossible => {
                !self.has_sowable(&self.board, self.fed_player(next))
            }
        };
        // Only a budget fails, and only where settling is fallible: nothing
        // but the player to move has changed then.
        let legal = if Self::trials_needed(rules, hungry, fallible) {
            match self.legal_with_trials(next, meter) {
                Ok(legal) => legal,
                Err(cause) => {
                    self.to_move = previous;
                    return Err(cause);
                }
            }
        } else if rules.sowable.is_any() {
            PitSet::from_bits(nonempty & self.shared.topology.mask_of(next))
        } else {
            PitSet::from_bits(Self::sowable_bits(
                rules,
                &self.shared.topology,
                &self.board,
                next,
            ))
        };
        // He must pass: whether another can move, every move of the others
        // decided (the board stays as it is after a pass).
        let others_can_move = if legal.is_empty() && self.shared.rules.end.pass {
            match self.another_can_move(next, meter) {
                Ok(others) => others,
                Err(cause) => {
                    self.to_move = previous;
                    return Err(cause);
                }
            }
        } else {
            false
        };
        self.legal = legal;
        self.placing = false;
        self.record_settled(next, seeds_left_board, fallible);
        if !(self.can_sow() || others_can_move) {
            self.finish(observer);
        }
        Ok(())
    }

    /// Where settling is fallible, records the position it reached for the
    /// repetition rule once the position stands (the history starting
    /// afresh if seeds left the board).
    #[inline(always)]
    fn record_settled(&mut self, next: Player, seeds_left_board: bool, fallible: bool) {
        if fallible && self.shared.rules.end.repetition {
            if seeds_left_board {
                self.history.clear();
            }
            self.history.insert(&self.board, next);
        }
    }

    /// The legal set of `next` with trial sowings, on the board's spare
    /// (out of line: the slow path of [`settle`](Mancala::settle)), drawing
    /// on `meter` (`None`: no move can be undecided, and none is counted).
    #[inline(never)]
    fn legal_with_trials(
        &mut self,
        next: Player,
        meter: Option<&Meter>,
    ) -> Result<PitSet, Undecided> {
        let unlimited = Meter::new(Budget::UNLIMITED);
        let mut spare = self.board.take_spare();
        let legal = self.legal_set(next, &mut spare, meter.unwrap_or(&unlimited));
        self.board.keep_spare(spare);
        legal
    }

    /// Whether a player other than `mover` has a legal move, every move of
    /// theirs decided (trial sowings on the board's spare), drawing on
    /// `meter` as [`legal_with_trials`](Mancala::legal_with_trials).
    #[inline(never)]
    fn another_can_move(
        &mut self,
        mover: Player,
        meter: Option<&Meter>,
    ) -> Result<bool, Undecided> {
        let unlimited = Meter::new(Budget::UNLIMITED);
        let meter = meter.unwrap_or(&unlimited);
        let mut spare = self.board.take_spare();
        let mut any = Ok(false);
        for p in Player::all(self.shared.topology.players()).filter(|&p| p != mover) {
            match self.legal_set(p, &mut spare, meter) {
                Ok(set) => any = any.map(|a| a || !set.is_empty()),
                Err(cause) => {
                    any = Err(cause);
                    break;
                }
            }
        }
        self.board.keep_spare(spare);
        any
    }

    /// Whether a store holds more than half of all seeds, or two stores hold
    /// exactly half each.
    #[inline]
    fn majority(&self) -> bool {
        let total = self.board.total();
        let stores = &self.board.stores()[..self.shared.topology.players()];
        let more = stores.iter().any(|&s| 2 * u32::from(s) > total);
        let halves = stores
            .iter()
            .filter(|&&s| 2 * u32::from(s) == total)
            .count();
        more || halves >= 2
    }

    fn finish<O: Observer>(&mut self, observer: &mut O) {
        self.over = true;
        self.legal = PitSet::EMPTY;
        self.placing = false;
        // Repetitions no longer matter; a finished state carries no history,
        // so that it equals the state its setup rebuilds.
        self.history.clear();
        if self.shared.rules.leftover == Leftover::ToOwner {
            for pit in self.shared.topology.pits() {
                let seeds = self.board.take(pit);
                if seeds > 0 {
                    let to = self.shared.topology.owner(pit);
                    self.board.add_to_store(to, seeds);
                    if O::RECORDS {
                        observer.event(Event::Collect { pit, seeds, to });
                    }
                }
            }
        }
    }
}

impl Game for Mancala {
    type Action = Move;
    type Move = Move;
    type Actions = MoveList;
    type Report = Turn;
    type Error = PlayError;

    fn player_count(&self) -> usize {
        self.shared.topology.players()
    }

    #[inline]
    fn status(&self) -> Status {
        if self.over {
            Status::Over(Outcome::from_scores(self.scores().as_slice()))
        } else {
            Status::ToMove(self.to_move)
        }
    }

    /// The sowing moves of `player` in hole order, or only [`Move::Pass`]
    /// when he must pass; empty unless he is to move. Never allocates.
    #[inline]
    fn legal_actions(&self, player: Player) -> MoveList {
        if self.over || player != self.to_move {
            return MoveList::new();
        }
        // The set worked out when the turn passed to him, written in place
        // into the list returned (a player owns at most MAX_MOVES holes:
        // the list never fills).
        let mut moves = MoveList::new();
        let own = self.shared.topology.owned(player);
        debug_assert!(self.legal.is_subset(own), "a legal move off his side");
        self.legal.push_within(own, &mut moves, Move::Sow);
        if moves.is_empty() && self.must_pass() {
            let _ = moves.try_push(Move::Pass);
        }
        moves
    }

    /// The legal moves of the player to move (empty once the game is over),
    /// without going through [`status`](Game::status).
    #[inline]
    fn legal_moves(&self) -> MoveList {
        self.legal_actions(self.to_move)
    }

    #[inline]
    fn joint_move(&self, actions: &[(Player, Move)]) -> Result<Move, PlayError> {
        Ok(sequential_move(self.status(), actions)?)
    }

    fn is_legal(&self, mv: &Move) -> bool {
        self.check(*mv, &Meter::new(self.shared.budget.0)).is_ok()
    }

    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal, or
    /// [`PlayError::Undecided`] if the state's [`budget`](Mancala::budget)
    /// cannot decide it or the position it leads to; the state is then
    /// unchanged.
    fn play(&mut self, mv: Move) -> Result<Turn, PlayError> {
        let meter = Meter::new(self.shared.budget.0);
        self.check(mv, &meter)?;
        self.try_turn(mv, &meter, &mut ())
    }

    fn is_undecided(error: &PlayError) -> bool {
        matches!(error, PlayError::Undecided { .. })
    }

    /// # Panics
    ///
    /// Never panics. Once the game is over, for a move that reaches a
    /// position the work budget cannot decide, or for a move the sowing
    /// engine itself refuses (an empty hole, a hole off the board, a forbidden
    /// endless relay or grand slam), nothing changes and the report shows no
    /// landing; other illegal moves (an opponent's hole, a move that fails to
    /// feed, a pass by a player who could sow) are played as if legal, which
    /// can reach positions the rules never would.
    #[inline]
    fn play_unchecked(&mut self, mv: Move) -> Turn {
        self.apply_turn(mv, &Meter::new(self.shared.budget.0), &mut ())
    }

    /// Each player's store, plus (once the game is over, under
    /// [`Leftover::Stay`]) the seeds left in his holes.
    fn scores(&self) -> ByPlayer<u64> {
        let mut scores = ByPlayer::new(self.shared.topology.players(), 0u64);
        for p in Player::all(self.shared.topology.players()) {
            scores[p] = u64::from(self.board.store(p));
            if self.over && self.shared.rules.leftover == Leftover::Stay {
                scores[p] += u64::from(self.board.seeds_of(&self.shared.topology, p));
            }
        }
        scores
    }

    /// A hash of the holes, the stores, the player to move, whether the
    /// game is over and whether he places first
    /// ([`is_placing`](Mancala::is_placing): his moves then differ), mixed
    /// by [`KeyHasher`]. Not Zobrist: a hole may hold up
    /// to 65,535 seeds, so a Zobrist table would need a key per hole and
    /// count, and hashing 12 counts four to a word costs a few
    /// multiplications. The rules and the repetition history are not hashed
    /// (positions compared in one table share their rules; histories only
    /// end games).
    fn key(&self) -> u64 {
        let mut h = KeyHasher::new();
        h.write_counts(self.board.holes());
        h.write_counts(&self.board.stores()[..self.shared.topology.players()]);
        h.write(
            self.to_move.index() as u64
                | (u64::from(self.over) << 8)
                | (u64::from(self.placing) << 9),
        );
        h.finish()
    }
}

/// Why [`Mancala::place_seeds`] refused a placement. The state is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The hole is not on this board.
    #[error("hole {0} is not on this board")]
    NotOnBoard(Pit),
    /// The player to move next does not play in this game.
    #[error("{0} does not play in this game")]
    NoSuchPlayer(Player),
    /// The game would hold more seeds than a board can.
    #[error("{0} seeds in all is more than the {max} supported", max = MAX_SEEDS)]
    TooManySeeds(u64),
    /// The position reached has a move the work budget ([`Budget`])
    /// cannot decide.
    #[error("the position reached cannot be decided: {0}")]
    Undecided(Undecided),
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
        match Mancala::new(rules) {
            Ok(game) => game,
            Err(e) => unreachable!("preset rules are valid: {e}"),
        }
    }
}
