//! The Mankka game state: the opening placement, sowing moves and passes.

use core::fmt;

use mancala_core::{
    Board, ByPlayer, Game, Landing, Mancala, Observer, PitSet, PlaceError, Player, Status,
    Topology, Turn,
    engine::{EndlessRelay, JointMoveError, KeyHasher, sequential_move},
};

use crate::{Budget, Options, OptionsError, Pit};
use mancala_core::Meter;

/// Holes on each side.
pub const SIDE: usize = 6;

/// An opening placement: the seeds the player to move adds to each of his
/// six holes, from his own left.
///
/// The mover is implied (Mankka is sequential): the same placement is
/// player 0's in his turn and player 1's in his. Written as the six counts
/// joined by `+`, `1+1+1+1+1+1`.
///
/// # Examples
///
/// ```
/// use mankka::Placement;
///
/// let p = Placement::new([1, 1, 1, 1, 1, 1]);
/// assert_eq!(p.total(), 6);
/// assert_eq!(p.to_string(), "1+1+1+1+1+1");
/// assert_eq!("1+1+1+1+1+1".parse::<Placement>(), Ok(p));
/// assert!("1+1+1".parse::<Placement>().is_err());
/// assert_eq!(Placement::all(6).count(), 462);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Placement {
    /// Seeds added to each of the mover's holes, from his own left.
    pub counts: [u16; SIDE],
}

impl Placement {
    /// A placement of `counts` (checked when played).
    pub const fn new(counts: [u16; SIDE]) -> Placement {
        Placement { counts }
    }

    /// Seeds placed in all.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// Every placement of exactly `total` seeds, in lexicographic order of
    /// the counts (462 for 6 seeds).
    pub fn all(total: u16) -> impl Iterator<Item = Placement> {
        let mut next = Some([0u16; SIDE]);
        if let Some(first) = next.as_mut() {
            first[SIDE - 1] = total;
        }
        core::iter::from_fn(move || {
            let current = next?;
            // The next composition in lexicographic order: grow the rightmost
            // hole that has seeds after it, and put those seeds, less one,
            // in the last hole.
            next = (0..SIDE - 1).rev().find_map(|i| {
                let tail: u16 = current[i + 1..].iter().sum();
                (tail > 0).then(|| {
                    let mut following = current;
                    following[i] += 1;
                    following[i + 1..].fill(0);
                    following[SIDE - 1] = tail - 1;
                    following
                })
            });
            Some(Placement::new(current))
        })
    }
}

/// A move of Mankka: a placement in the opening, then sowing moves, and
/// passes where the options allow them.
///
/// Written as a placement (`1+2+0+0+3+0`), a hole number (`3`) or `pass`;
/// the same text is the move's action (see the crate docs, "Moves").
///
/// # Examples
///
/// ```
/// use mankka::{Move, Pit, Placement};
///
/// assert_eq!("3".parse::<Move>()?, Move::Sow(Pit::new(3).unwrap()));
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// let place: Move = "6+0+0+0+0+0".parse()?;
/// assert_eq!(place, Move::Place(Placement::new([6, 0, 0, 0, 0, 0])));
/// assert_eq!(place.to_string(), "6+0+0+0+0+0");
/// assert!("place 1 1 1 1 1 1".parse::<Move>().is_err());
/// # Ok::<(), mancala_core::notation::NotationError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// The opening placement of the seeds in hand.
    Place(Placement),
    /// Sowing one of the mover's holes.
    Sow(Pit),
    /// Passing, for a player who cannot sow (only without the early ends).
    Pass,
}

impl Move {
    /// The sowing engine's move for a sowing move or a pass, or the
    /// placement.
    const fn split(self) -> Result<mancala_core::Move, Placement> {
        match self {
            Move::Place(placement) => Err(placement),
            Move::Sow(pit) => Ok(mancala_core::Move::Sow(pit)),
            Move::Pass => Ok(mancala_core::Move::Pass),
        }
    }
}

impl From<mancala_core::Move> for Move {
    fn from(mv: mancala_core::Move) -> Move {
        match mv {
            mancala_core::Move::Sow(pit) => Move::Sow(pit),
            mancala_core::Move::Pass => Move::Pass,
        }
    }
}

impl From<Placement> for Move {
    fn from(placement: Placement) -> Move {
        Move::Place(placement)
    }
}

/// Why a move was refused. The state is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The hole is not on the board.
    #[error("hole {0} is not on the board")]
    NotOnBoard(Pit),
    /// The hole belongs to the other player.
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
    /// The move's relays never end, which the options forbid
    /// ([`Endless::Forbid`](crate::Endless::Forbid), the default).
    #[error("hole {pit}: {cause}")]
    Endless {
        /// The hole.
        pit: Pit,
        /// The cycle found.
        cause: EndlessRelay,
    },
    /// A pass by a player who can sow, or under the early ends (which have
    /// no passes).
    #[error("no pass: the early ends allow none, or the player to move can sow")]
    CannotPass,
    /// The mover still has seeds in hand: his move is a placement.
    #[error("the opening is not over: place the seeds in hand first")]
    MustPlace,
    /// A placement outside the opening (no seeds in hand).
    #[error("no seeds in hand: the opening is over")]
    NotPlacing,
    /// A placement must use exactly the seeds in hand.
    #[error("the placement holds {found} seeds, the hand {expected}")]
    WrongTotal {
        /// Seeds in hand.
        expected: u32,
        /// Seeds in the placement.
        found: u32,
    },
    /// The placed seeds would make more than a board can hold. Never for a
    /// game built by this crate (its setups count the hands), kept so that
    /// the core's refusal is reported as itself.
    #[error("{0} seeds in all is more than the {max} supported", max = mancala_core::rules::MAX_SEEDS)]
    TooManySeeds(u64),
    /// The actions given do not make a move (see [`Game::joint_move`]).
    #[error(transparent)]
    Joint(#[from] JointMoveError),
    /// The work budget ([`Budget`])
    /// could not decide the move, or a move of the position it leads to
    /// (named here). Every position that exists has all its moves decided,
    /// so the move is refused.
    #[error("the move cannot be decided: {0}")]
    Undecided(mancala_core::budget::Undecided),
}

/// The core's refusals of a sowing move or a pass that a game of Mankka can
/// meet, as Mankka's own.
///
/// The core's other refusals (a failure to feed, a forbidden grand slam:
/// rules Mankka does not have, and any it may add later) are not Mankka's
/// and come back as the error.
///
/// # Examples
///
/// ```
/// use mancala_core::{Pit, engine::SowError};
/// use mankka::PlayError;
///
/// let pit = Pit::new(4).unwrap();
/// let core = mancala_core::PlayError::from_sow(pit, SowError::EmptyHole(pit));
/// assert_eq!(PlayError::try_from(core), Ok(PlayError::EmptyHole(pit)));
/// assert_eq!(PlayError::try_from(mancala_core::PlayError::CannotPass), Ok(PlayError::CannotPass));
/// let feeding = mancala_core::PlayError::MustFeed(pit);
/// assert_eq!(PlayError::try_from(feeding), Err(feeding));
/// ```
impl TryFrom<mancala_core::PlayError> for PlayError {
    type Error = mancala_core::PlayError;
    fn try_from(error: mancala_core::PlayError) -> Result<PlayError, mancala_core::PlayError> {
        use mancala_core::PlayError as Core;
        Ok(match error {
            Core::GameOver => PlayError::GameOver,
            Core::NotOnBoard(pit) => PlayError::NotOnBoard(pit),
            Core::NotYourHole { pit, owner, mover } => PlayError::NotYourHole { pit, owner, mover },
            Core::EmptyHole(pit) => PlayError::EmptyHole(pit),
            Core::Endless { pit, cause } => PlayError::Endless { pit, cause },
            Core::CannotPass => PlayError::CannotPass,
            Core::MustPlace => PlayError::MustPlace,
            Core::Joint(e) => PlayError::Joint(e),
            Core::Undecided { cause, .. } => PlayError::Undecided(cause),
            Core::MustFeed(_) | Core::GrandSlam(_) => return Err(error),
            // Refusals the core may add later are not Mankka's either.
            _ => return Err(error),
        })
    }
}

/// The core's refusals of an opening placement, as Mankka's own.
///
/// [`PlaceError::NoSuchPlayer`] (Mankka always hands the turn to the other
/// of its two players) and any refusal the core may add later come back as
/// the error.
///
/// # Examples
///
/// ```
/// use mancala_core::PlaceError;
/// use mankka::{Player, PlayError};
///
/// assert_eq!(PlayError::try_from(PlaceError::GameOver), Ok(PlayError::GameOver));
/// assert_eq!(PlayError::try_from(PlaceError::TooManySeeds(70_000)), Ok(PlayError::TooManySeeds(70_000)));
/// let stranger = PlaceError::NoSuchPlayer(Player::new(4).unwrap());
/// assert_eq!(PlayError::try_from(stranger), Err(stranger));
/// ```
impl TryFrom<PlaceError> for PlayError {
    type Error = PlaceError;
    fn try_from(error: PlaceError) -> Result<PlayError, PlaceError> {
        Ok(match error {
            PlaceError::GameOver => PlayError::GameOver,
            PlaceError::NotOnBoard(pit) => PlayError::NotOnBoard(pit),
            PlaceError::TooManySeeds(n) => PlayError::TooManySeeds(n),
            PlaceError::Undecided(cause) => PlayError::Undecided(cause),
            PlaceError::NoSuchPlayer(_) => return Err(error),
            _ => return Err(error),
        })
    }
}

impl PlayError {
    /// A refusal of the sowing engine under Mankka's rules.
    fn from_core(error: mancala_core::PlayError) -> PlayError {
        match PlayError::try_from(error) {
            Ok(e) => e,
            // `Options::rules` sets `Feeding::Off` and `GrandSlam::Allow`, and
            // every inner game is built from it.
            Err(other) => unreachable!("a move refused for a reason Mankka lacks: {other}"),
        }
    }

    /// A refusal of a placement that passed Mankka's own checks.
    fn from_place(error: PlaceError) -> PlayError {
        match PlayError::try_from(error) {
            Ok(e) => e,
            // The next player is always `mover.next(2)`, one of the two.
            Err(other) => unreachable!("a placement refused for a reason Mankka lacks: {other}"),
        }
    }
}

/// What a move did: for a sowing move, the laps, where the last seed fell
/// and the holes captured with their seeds in all, all taken from the
/// core's [`Turn`] on the fast path.
///
/// Per-hole counts are not reported (the fast path does not record them; a
/// captured hole held 2 or 3): an interface that shows them plays through
/// [`Mankka::play_observed`] and reads the `Capture` events.
///
/// # Examples
///
/// ```
/// use mankka::*;
///
/// let mut game: Mankka = "2,1,2,0,0,0/0,0,0,0,0,12 1,2 0,0 0".parse()?;
/// let report = game.play(Move::Sow(Pit::new(0).unwrap()))?;
/// assert_eq!(report.seeds, 5);
/// assert_eq!(report.captured.iter().map(Pit::index).collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(report.to_string(), "player 0 sows hole 0, ends in hole 2, captures 5 from holes 1, 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The player who moved.
    pub mover: Player,
    /// The move.
    pub played: Move,
    /// Where the last seed fell (for a move ended by
    /// [`Endless::Stop`](crate::Endless::Stop), the hole about to be lifted);
    /// `None` for a placement, a pass, or a move
    /// [`play_unchecked`](Game::play_unchecked) refused (a placement or a
    /// pass it refused reports as if played: compare the states if it
    /// matters).
    pub landing: Option<Landing>,
    /// Laps sown (0 for a placement or a pass).
    pub laps: u64,
    /// The move relayed forever and was stopped; it captured nothing.
    pub endless: bool,
    /// The holes captured.
    pub captured: PitSet,
    /// The seeds captured in all.
    pub seeds: u32,
}

impl MoveReport {
    /// The report of a move that sowed nothing: a placement, a pass, or a
    /// move `play_unchecked` refused.
    const fn nothing(mover: Player, played: Move) -> MoveReport {
        MoveReport {
            mover,
            played,
            landing: None,
            laps: 0,
            endless: false,
            captured: PitSet::EMPTY,
            seeds: 0,
        }
    }

    fn from_turn(turn: Turn, played: Move) -> MoveReport {
        MoveReport {
            mover: turn.mover,
            played,
            landing: turn.landing,
            laps: turn.laps,
            endless: turn.endless,
            captured: turn.captured,
            seeds: turn.seeds,
        }
    }
}

/// The move in words: `player 0 places 1+2+0+0+3+0`, `player 1 passes`,
/// `player 0 sows hole 3 (4 laps), ends in hole 7, captures 7 from holes 5,
/// 6, 7`.
impl fmt::Display for MoveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pit = match self.played {
            Move::Place(placement) => return write!(f, "{} places {placement}", self.mover),
            Move::Pass => return write!(f, "{} passes", self.mover),
            Move::Sow(pit) => pit,
        };
        let Some(landing) = self.landing else {
            return write!(f, "{} cannot sow hole {pit}", self.mover);
        };
        write!(f, "{} sows hole {pit}", self.mover)?;
        if self.laps > 1 {
            write!(f, " ({} laps)", self.laps)?;
        }
        match landing {
            Landing::Hole(h) if self.endless => write!(f, ", relays forever from hole {h}")?,
            Landing::Hole(h) => write!(f, ", ends in hole {h}")?,
            Landing::Store(p) => write!(f, ", ends in the store of {p}")?,
        }
        if self.endless {
            write!(f, " (stopped)")?;
        }
        if !self.captured.is_empty() {
            write!(f, ", captures {} from hole", self.seeds)?;
            if self.captured.len() > 1 {
                write!(f, "s")?;
            }
            for (i, p) in self.captured.iter().enumerate() {
                write!(f, "{}{p}", if i == 0 { " " } else { ", " })?;
            }
        }
        Ok(())
    }
}

/// The legal actions of one position: up to six sowing moves or one pass,
/// inline, or the 462 placements of the opening, which are one constant
/// table shared by every position (so no list ever allocates).
///
/// It dereferences to a slice of [`Move`]s.
///
/// # Examples
///
/// ```
/// use mankka::*;
///
/// let game = Mankka::default();
/// let opening = game.legal_moves();
/// assert_eq!(opening.len(), 462);
/// assert_eq!(opening[0], Move::Place(Placement::new([0, 0, 0, 0, 0, 6])));
/// assert_eq!(opening.as_slice().last(), Some(&Move::Place(Placement::new([6, 0, 0, 0, 0, 0]))));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveList {
    moves: arrayvec::ArrayVec<Move, SIDE>,
    /// The opening's placements instead of `moves`.
    opening: bool,
}

impl MoveList {
    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        if self.opening { &OPENING } else { &self.moves }
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The seeds in hand at the start of Mankka Two's opening; a hand holds
/// them or none (see [`Options::hand`] and the setup checks).
const OPENING_HAND: u16 = 6;

/// Every placement of [`OPENING_HAND`] seeds in lexicographic order of the
/// counts: the compositions of 6 into 6 parts, C(11, 5) = 462 of them.
static OPENING: [Move; 462] = opening();

/// Builds [`OPENING`] at compile time, in [`Placement::all`]'s order (a
/// wrong count fails the build: the array index would go out of range, or
/// the last check would).
const fn opening() -> [Move; 462] {
    let mut out = [Move::Pass; 462];
    let mut current = [0u16; SIDE];
    current[SIDE - 1] = OPENING_HAND;
    let mut n = 0;
    loop {
        out[n] = Move::Place(Placement::new(current));
        n += 1;
        // The next composition: grow the rightmost hole that has seeds
        // after it, and put those seeds, less one, in the last hole.
        let mut i = SIDE - 1;
        let mut grown = false;
        while i > 0 {
            i -= 1;
            let mut tail = 0;
            let mut j = i + 1;
            while j < SIDE {
                tail += current[j];
                j += 1;
            }
            if tail > 0 {
                current[i] += 1;
                let mut j = i + 1;
                while j < SIDE {
                    current[j] = 0;
                    j += 1;
                }
                current[SIDE - 1] = tail - 1;
                grown = true;
                break;
            }
        }
        if !grown {
            break;
        }
    }
    assert!(n == 462, "every placement of 6 seeds is listed");
    out
}

/// A game of Mankka: options, board, stores, hands, player to move, outcome
/// and (without the early ends) the positions seen for the repetition rule.
///
/// It plays through the [`Game`] trait; every move reports a [`MoveReport`].
/// `Default` is Mankka Two at the start.
///
/// # Examples
///
/// ```
/// use mankka::*;
///
/// let mut game = Mankka::default(); // Mankka Two
/// assert_eq!(game.legal_moves().len(), 462);
/// game.play(Move::Place(Placement::new([6, 0, 0, 0, 0, 0])))?; // player 0
/// game.play(Move::Place(Placement::new([0, 0, 0, 0, 0, 6])))?; // player 1
/// assert_eq!(game.board().holes()[0], 9);
/// assert_eq!(game.board().holes()[11], 9);
/// game.play(Move::Sow(Pit::new(0).unwrap()))?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::Setup", into = "crate::Setup")
)]
pub struct Mankka {
    pub(crate) options: Options,
    pub(crate) hands: [u16; 2],
    pub(crate) game: Mancala,
}

impl Default for Mankka {
    /// Mankka Two at the start.
    fn default() -> Mankka {
        match Mankka::new(Options::two()) {
            Ok(game) => game,
            Err(e) => unreachable!("Mankka Two's options are valid: {e}"),
        }
    }
}

impl Mankka {
    /// The start of a game under `options`: player 0 to move, each hole
    /// holding [`Options::seeds`] and each hand [`Options::hand`].
    ///
    /// # Errors
    ///
    /// An [`OptionsError`] if the options are invalid (never for the options
    /// [`Options`] can hold today).
    ///
    /// # Examples
    ///
    /// ```
    /// use mankka::*;
    ///
    /// let game = Mankka::new(Options::one())?;
    /// assert_eq!(game.board().holes(), &[4; 12]);
    /// assert_eq!(game.hands().as_slice(), &[0, 0]);
    /// assert_eq!(game.to_move(), Some(Player::P0));
    /// # Ok::<(), mankka::OptionsError>(())
    /// ```
    pub fn new(options: Options) -> Result<Mankka, OptionsError> {
        Mankka::new_within(options, Budget::DEFAULT)
    }

    /// [`new`](Mankka::new) under the work budget `budget`, which the
    /// state keeps for the calls that follow (see [`Budget`]).
    ///
    /// # Errors
    ///
    /// As [`new`](Mankka::new), the budget's refusal under `budget`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mankka::{Budget, Mankka, Options};
    ///
    /// let game = Mankka::new_within(Options::one(), Budget::UNLIMITED)?;
    /// assert_eq!(game.budget(), Budget::UNLIMITED);
    /// # Ok::<(), mankka::OptionsError>(())
    /// ```
    pub fn new_within(options: Options, budget: Budget) -> Result<Mankka, OptionsError> {
        let rules = options.rules();
        let game = if options.hand() > 0 {
            // Player 0 places first: his sowing moves are not judged yet
            // (nothing is decided, so the budget is set after).
            let mut game = Mancala::new_placing(rules)?;
            game.set_budget(budget);
            game
        } else {
            Mancala::new_within(rules, budget)?
        };
        Ok(Mankka {
            options,
            hands: [options.hand(); 2],
            game,
        })
    }

    /// The work budget of each call on this state (see [`Budget`]):
    /// [`Budget::DEFAULT`] unless the state was built with another or given
    /// one by [`set_budget`](Mankka::set_budget).
    pub fn budget(&self) -> Budget {
        self.game.budget()
    }

    /// Sets the work budget of the calls that follow (the position and its
    /// legal moves stay as they are): how a program that trusts the
    /// positions it plays raises or removes it, never through a text.
    pub fn set_budget(&mut self, budget: Budget) {
        self.game.set_budget(budget);
    }

    /// [`play`](Game::play), deciding the move and the position it leads
    /// to from `meter` instead of from a fresh meter of the state's
    /// [`budget`](Mankka::budget): for a program that bounds the work of
    /// several calls together, or measures what a call spent
    /// ([`Meter::spent`](mancala_core::Meter::spent)).
    ///
    /// # Errors
    ///
    /// As [`play`](Game::play), [`PlayError::Undecided`] once `meter` runs
    /// dry; the state is then unchanged.
    pub fn play_metered(&mut self, mv: Move, meter: &Meter) -> Result<MoveReport, PlayError> {
        let mover = self.mover()?;
        match mv.split() {
            Err(placement) => {
                self.check_placement(mover, &placement)?;
                self.place(mover, &placement, meter)
                    .map_err(PlayError::from_place)?;
                Ok(MoveReport::nothing(mover, mv))
            }
            Ok(_) if self.hand(mover) > 0 => Err(PlayError::MustPlace),
            Ok(inner) => self
                .game
                .play_metered(inner, meter)
                .map(|turn| MoveReport::from_turn(turn, mv))
                .map_err(PlayError::from_core),
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The board (holes and stores).
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The board's shape.
    pub fn topology(&self) -> &Topology {
        self.game.topology()
    }

    /// Seeds in each player's hand (the opening's, not yet placed).
    pub fn hands(&self) -> ByPlayer<u16> {
        ByPlayer::from_slice(&self.hands)
    }

    /// Seeds in `player`'s hand.
    fn hand(&self, player: Player) -> u16 {
        self.hands[player.index() & 1]
    }

    /// Whether the player to move is in the opening (has seeds in hand).
    pub fn in_opening(&self) -> bool {
        self.to_move().is_some_and(|p| self.hand(p) > 0)
    }

    /// The player to move, or [`PlayError::GameOver`].
    fn mover(&self) -> Result<Player, PlayError> {
        self.to_move().ok_or(PlayError::GameOver)
    }

    /// Mankka's own checks of a placement by `mover`.
    fn check_placement(&self, mover: Player, placement: &Placement) -> Result<(), PlayError> {
        let hand = u32::from(self.hand(mover));
        if hand == 0 {
            return Err(PlayError::NotPlacing);
        }
        if placement.total() != hand {
            return Err(PlayError::WrongTotal {
                expected: hand,
                found: placement.total(),
            });
        }
        Ok(())
    }

    /// Adds a placement to the mover's holes, empties his hand and hands the
    /// turn on. On error nothing changed.
    fn place(
        &mut self,
        mover: Player,
        placement: &Placement,
        meter: &Meter,
    ) -> Result<(), PlaceError> {
        let mut seeds = arrayvec::ArrayVec::<(Pit, u16), SIDE>::new();
        for seed in self.game.topology().pits_of(mover).zip(placement.counts) {
            // A player owns SIDE holes.
            let _ = seeds.try_push(seed);
        }
        let next = mover.next(2);
        if self.hand(next) > 0 {
            // The next player places too: his sowing moves are not judged
            // until he has.
            self.game.place_seeds_before_placement(&seeds, next)?;
        } else {
            self.game.place_seeds_metered(&seeds, next, meter)?;
        }
        self.hands[mover.index() & 1] = 0;
        Ok(())
    }

    /// Plays a move after checking it, reporting every lift, seed and
    /// capture of a sowing move to `observer` (for example a
    /// `Vec<mancala_core::Event>`), for interfaces that animate a move or
    /// show each hole captured with its seeds. [`Game::play`] is the same
    /// without events, on the fast path. A placement or a pass reports no
    /// event.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal; the state is then unchanged
    /// and no event was reported.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Event;
    /// use mankka::*;
    ///
    /// let mut game: Mankka = "2,1,2,0,0,0/0,0,0,0,0,12 1,2 0,0 0".parse()?;
    /// let mut events = Vec::new();
    /// game.play_observed(Move::Sow(Pit::new(0).unwrap()), &mut events)?;
    /// let captures: Vec<(usize, u16)> = events
    ///     .iter()
    ///     .filter_map(|e| match *e {
    ///         Event::Capture { pit, seeds, .. } => Some((pit.index(), seeds)),
    ///         _ => None,
    ///     })
    ///     .collect();
    /// assert_eq!(captures, [(1, 2), (2, 3)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_observed<O: Observer>(
        &mut self,
        mv: Move,
        observer: &mut O,
    ) -> Result<MoveReport, PlayError> {
        let mover = self.mover()?;
        match mv.split() {
            Err(_) => self.play(mv),
            Ok(_) if self.hand(mover) > 0 => Err(PlayError::MustPlace),
            Ok(inner) => self
                .game
                .play_observed(inner, observer)
                .map(|turn| MoveReport::from_turn(turn, mv))
                .map_err(PlayError::from_core),
        }
    }
}

impl Game for Mankka {
    type Action = Move;
    type Move = Move;
    type Actions = MoveList;
    type Report = MoveReport;
    type Error = PlayError;

    /// Two.
    fn player_count(&self) -> usize {
        2
    }

    #[inline]
    fn status(&self) -> Status {
        self.game.status()
    }

    /// In the opening, the 462 placements of the hand in lexicographic order
    /// of their counts ([`Placement::all`]; a constant table); after
    /// it, the sowing moves in hole order, or only [`Move::Pass`] when the
    /// player must pass. Empty unless `player` is to move.
    #[inline]
    fn legal_actions(&self, player: Player) -> MoveList {
        let mut list = MoveList::default();
        if self.to_move() != Some(player) {
            return list;
        }
        if self.hand(player) > 0 {
            // A hand holds the opening's 6 seeds or none (`from_setup` and
            // `Options::hand` see to it), so the table is every placement.
            list.opening = true;
        } else {
            for pit in self.game.legal_pits().iter() {
                // A player owns SIDE holes.
                let _ = list.moves.try_push(Move::Sow(pit));
            }
            if list.moves.is_empty() && self.game.must_pass() {
                let _ = list.moves.try_push(Move::Pass);
            }
        }
        list
    }

    /// # Errors
    ///
    /// [`PlayError::Joint`] unless `actions` is one action of the player to
    /// move.
    #[inline]
    fn joint_move(&self, actions: &[(Player, Move)]) -> Result<Move, PlayError> {
        Ok(sequential_move(self.status(), actions)?)
    }

    /// Checks the move's shape against the opening (cheap), then asks the
    /// sowing engine about a sowing move or a pass (which sows the move on a
    /// copy of the board: relays may be endless).
    fn is_legal(&self, mv: &Move) -> bool {
        let Some(mover) = self.to_move() else {
            return false;
        };
        match mv.split() {
            Err(placement) => self.check_placement(mover, &placement).is_ok(),
            Ok(inner) => self.hand(mover) == 0 && self.game.is_legal(&inner),
        }
    }

    fn is_undecided(error: &PlayError) -> bool {
        matches!(error, PlayError::Undecided(_))
    }

    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal: the game is over
    /// ([`PlayError::GameOver`]); a sowing move or a pass in the mover's
    /// opening ([`PlayError::MustPlace`]); a placement after it
    /// ([`PlayError::NotPlacing`]) or of another number of seeds than the
    /// hand ([`PlayError::WrongTotal`]); a hole off the board, the other
    /// player's, empty, or relaying forever under `endless=forbid`; a pass
    /// by a player who can sow or under the early ends
    /// ([`PlayError::CannotPass`]). The state is then unchanged.
    fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        self.play_metered(mv, &mancala_core::Meter::new(self.budget()))
    }

    /// The fast path: a sowing move or a pass goes straight to the sowing
    /// engine's `play_unchecked` (one sowing, no trial sowing on a copy);
    /// only the cheap checks of the opening are kept (and a placement's,
    /// which are all cheap).
    ///
    /// # Panics
    ///
    /// Never panics. Once the game is over, for a sowing move or a pass in
    /// the mover's opening, for a placement [`play`](Game::play) would
    /// refuse, and for a sowing move the engine itself refuses (a hole off
    /// the board or empty, an endless relay under `endless=forbid`, a move
    /// that reaches a position the work budget cannot decide), nothing
    /// changes and the report shows no landing. Other illegal moves (the
    /// other player's hole, a pass by a player who could sow or under the
    /// early ends) are played as if legal, which can reach positions the
    /// rules never would.
    #[inline]
    fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        let Some(mover) = self.to_move() else {
            // Over: the engine changes nothing, and names the player who
            // would have moved.
            let turn = self
                .game
                .play_unchecked(mv.split().unwrap_or(mancala_core::Move::Pass));
            return MoveReport::nothing(turn.mover, mv);
        };
        match mv.split() {
            Err(_) => self
                .play(mv)
                .unwrap_or_else(|_| MoveReport::nothing(mover, mv)),
            Ok(_) if self.hand(mover) > 0 => MoveReport::nothing(mover, mv),
            Ok(inner) => MoveReport::from_turn(self.game.play_unchecked(inner), mv),
        }
    }

    /// Seeds captured by each player (seeds left on the board do not count).
    fn scores(&self) -> ByPlayer<u64> {
        self.game.scores()
    }

    /// The sowing position's key ([`Mancala`]'s: holes, stores, player to
    /// move and whether the game is over, mixed by [`KeyHasher`]) mixed with
    /// both hands. Not Zobrist, for the reasons `Mancala`'s gives (counts up
    /// to 65,535; twelve holes hash in a few multiplications). The options
    /// and the repetition history are not hashed: positions compared in one
    /// table share their options, and histories only end games.
    fn key(&self) -> u64 {
        let mut h = KeyHasher::new();
        h.write(self.game.key());
        h.write(u64::from(self.hands[0]) | (u64::from(self.hands[1]) << 16));
        h.finish()
    }
}
