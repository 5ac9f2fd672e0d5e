//! The Numercy game state: moves, relays, arithmetic scoring and the end.

use alloc::sync::Arc;
use core::fmt;

use mancala_core::budget::StateBudget;
use mancala_core::{
    Board, Budget, ByPlayer, Endless, EndlessRelay, Game, History, JointMoveError, KeyHasher,
    Landing, Layout, Meter, Observer, Outcome, Pit, PitSet, Player, Relay, SowError, SowSpec,
    Sower, Status, Topology, Undecided, sequential_move,
};

use crate::{MAX_HOLES_PER_ROW, Operator, Options, OptionsError};

/// The legal actions (holes) of a position, stored inline (never on the
/// heap): [`Game::legal_actions`] of a [`Numercy`].
pub type MoveList = arrayvec::ArrayVec<Pit, MAX_HOLES_PER_ROW>;

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
    /// ([`Endless::Forbid`], the default).
    #[error("hole {pit}: {cause}")]
    Endless {
        /// The hole.
        pit: Pit,
        /// The cycle found.
        cause: EndlessRelay,
    },
    /// The actions given do not make a move (see [`Game::joint_move`]).
    #[error(transparent)]
    Joint(#[from] JointMoveError),
    /// The work budget ([`Budget`]) could not decide the move,
    /// or a move of the position it leads to (`cause` says which). Every
    /// position that exists has all its moves decided, so the move is
    /// refused.
    #[error("hole {pit} cannot be decided: {cause}")]
    Undecided {
        /// The hole.
        pit: Pit,
        /// The move that could not be decided.
        cause: Undecided,
    },
}

/// The core's refusals that a game of Numercy can meet, as Numercy's own.
///
/// The core's other refusals (a failure to feed, a pass, a grand slam: rules
/// Numercy does not have) are not Numercy's and come back as the error.
///
/// # Examples
///
/// ```
/// use mancala_core::{Pit, SowError};
/// use numercy::PlayError;
///
/// let pit = Pit::new(4).unwrap();
/// let core = mancala_core::PlayError::from_sow(pit, SowError::EmptyHole(pit));
/// assert_eq!(PlayError::try_from(core), Ok(PlayError::EmptyHole(pit)));
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
            Core::Undecided {
                mv: mancala_core::Move::Sow(pit),
                cause,
            } => PlayError::Undecided { pit, cause },
            Core::Joint(e) => PlayError::Joint(e),
            Core::MustFeed(_) | Core::CannotPass | Core::GrandSlam(_) => return Err(error),
            // Refusals the core may add later are not Numercy's either.
            _ => return Err(error),
        })
    }
}

impl PlayError {
    /// The play error for a sowing of `pit` that the engine refused (the
    /// same mapping as [`mancala_core::PlayError::from_sow`], into
    /// Numercy's own errors; exhaustive, so a new sowing error is a compile
    /// error here).
    fn from_sow(pit: Pit, error: SowError) -> PlayError {
        match error {
            SowError::NotOnBoard(p) => PlayError::NotOnBoard(p),
            SowError::EmptyHole(p) => PlayError::EmptyHole(p),
            SowError::Endless(cause) => PlayError::Endless { pit, cause },
            SowError::Undecided(cause) => PlayError::Undecided { pit, cause },
        }
    }
}

/// Points won by one move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Scoring {
    /// The points.
    pub points: u64,
    /// Who got them: the mover for a 2 or a 4, his opponent for a 3 or a 5.
    pub scorer: Player,
    /// Whether both holes of the file were emptied (a 2 or a 4: those balls
    /// leave the game).
    pub emptied: bool,
}

/// What one move did, for a teaching interface: where it ended, both counts,
/// the operator, and who scored what.
///
/// Its `Display` reads like the arithmetic on the board:
///
/// ```
/// use numercy::*;
///
/// let mut game = Numercy::default();
/// let report = game.play(Pit::new(0).unwrap())?;
/// // Seven balls from hole 0 reach holes 1 to 7; hole 7 then holds 8, so
/// // they relay, and so on until a hole holds 5 or fewer.
/// assert!(report.to_string().starts_with("South sows hole 0"));
/// # Ok::<(), PlayError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The player who moved.
    pub mover: Player,
    /// The hole he sowed.
    pub origin: Pit,
    /// The hole where the move ended (the last ball's hole; for a move ended
    /// as endless, the hole about to be lifted again).
    pub end: Pit,
    /// Laps sown.
    pub laps: u64,
    /// The move relayed forever and was ended by [`Endless::Stop`]; it scores
    /// nothing.
    pub endless: bool,
    /// Balls in the end hole when the move ended (`c`).
    pub count: u16,
    /// Balls in the opposite hole of the same file (`o`).
    pub opposite: u16,
    /// The file's operator.
    pub operator: Operator,
    /// The points won, if the move ended on a 2, 3, 4 or 5.
    pub scoring: Option<Scoring>,
}

/// One line, with `:` only ever the division sign: `South sows hole 0 (1
/// lap) and ends in hole 1 with 2, scoring 2 + 3 = 5 for South, both holes
/// emptied`; `..., no score`; or `..., an endless relay, stopped (no
/// score)`.
impl fmt::Display for MoveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = |p: Player| if p == Player::P0 { "South" } else { "North" };
        write!(
            f,
            "{} sows hole {} ({} lap{}) and ends in hole {} with {}",
            who(self.mover),
            self.origin,
            self.laps,
            if self.laps == 1 { "" } else { "s" },
            self.end,
            self.count
        )?;
        if self.endless {
            return write!(f, ", an endless relay, stopped (no score)");
        }
        match self.scoring {
            None => write!(f, ", no score"),
            Some(s) => {
                write!(
                    f,
                    ", scoring {} {} {} = {} for {}",
                    self.count,
                    self.operator,
                    self.opposite,
                    s.points,
                    who(s.scorer)
                )?;
                if s.emptied {
                    write!(f, ", both holes emptied")?;
                }
                Ok(())
            }
        }
    }
}

/// A game of Numercy: board, points, player to move, outcome.
///
/// Built from options ([`Numercy::new`], `Default` for the classic game),
/// from a checked [`Setup`](crate::Setup) ([`Numercy::from_setup`]) or from
/// its text notation (`FromStr`, see the crate docs); every `Numercy` is a
/// consistent position. It plays through the [`Game`] trait: its actions and
/// moves are holes ([`Pit`]), and [`play`](Game::play) returns a
/// [`MoveReport`].
///
/// # Examples
///
/// ```
/// use numercy::*;
///
/// let mut game = Numercy::new(Options::board(6))?;
/// assert_eq!(game.status(), Status::ToMove(Player::P0));
/// let report = game.play(Pit::new(2).unwrap())?;
/// assert_eq!(report.mover, Player::P0);
/// assert_eq!(game.to_move(), Some(Player::P1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "crate::Setup", into = "crate::Setup")
)]
pub struct Numercy {
    /// The options and the board's shape, shared by every state of one game
    /// (a clone copies the pointer).
    pub(crate) shared: Arc<Shared>,
    pub(crate) board: Board,
    pub(crate) points: [u64; 2],
    pub(crate) to_move: Player,
    pub(crate) over: bool,
    /// Positions seen since balls last left the board (only with
    /// [`Options::repetition`]; empty once the game is over).
    pub(crate) history: History,
    /// The legal moves of the player to move, worked out (with a trial
    /// sowing each where endless moves are forbidden) when the turn passed
    /// to him; empty once the game is over. A function of the rest of the
    /// state.
    pub(crate) legal: PitSet,
}

/// What every state of one game shares: its options and board shape, and
/// the caller's work budget.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Shared {
    pub(crate) options: Options,
    pub(crate) topology: Topology,
    /// The work budget of each call ([`Budget`]): the caller's, not part
    /// of the position (equality and hashing ignore it).
    pub(crate) budget: StateBudget,
}

impl Default for Numercy {
    /// The classic game at the start ([`Options::classic`]).
    fn default() -> Numercy {
        Numercy::classic()
    }
}

impl Numercy {
    /// The start of a game under `options`: every hole holds
    /// `options.seeds`, no points, player 0 to move.
    ///
    /// # Errors
    ///
    /// An [`OptionsError`] if the options are invalid, and
    /// [`OptionsError::Undecided`] if the start position has a move the
    /// work budget ([`Budget::DEFAULT`]) cannot decide.
    pub fn new(options: Options) -> Result<Numercy, OptionsError> {
        Numercy::new_within(options, Budget::DEFAULT)
    }

    /// [`new`](Numercy::new) under the work budget `budget`, which the
    /// state keeps for the calls that follow (see [`Budget`]).
    ///
    /// # Errors
    ///
    /// As [`new`](Numercy::new), [`OptionsError::Undecided`] under
    /// `budget`.
    ///
    /// # Examples
    ///
    /// ```
    /// use numercy::{Budget, Numercy, Options};
    ///
    /// let game = Numercy::new_within(Options::classic(), Budget::UNLIMITED)?;
    /// assert_eq!(game.budget(), Budget::UNLIMITED);
    /// # Ok::<(), numercy::OptionsError>(())
    /// ```
    pub fn new_within(options: Options, budget: Budget) -> Result<Numercy, OptionsError> {
        let topology = Numercy::topology_of(&options)?;
        let board = Board::filled(topology.holes(), options.seeds);
        let mut game = Numercy {
            shared: Arc::new(Shared {
                options,
                topology,
                budget: StateBudget(budget),
            }),
            history: History::new(),
            board,
            points: [0; 2],
            to_move: Player::P0,
            over: false,
            legal: PitSet::EMPTY,
        };
        game.begin_turn(Player::P0, false, &Meter::new(budget))
            .map_err(OptionsError::Undecided)?;
        Ok(game)
    }

    /// The work budget of each call on this state (see [`Budget`]):
    /// [`Budget::DEFAULT`] unless the state was built with another or given
    /// one by [`set_budget`](Numercy::set_budget).
    pub fn budget(&self) -> Budget {
        self.shared.budget.0
    }

    /// Sets the work budget of the calls that follow (the position and its
    /// legal moves stay as they are): how a program that trusts the
    /// positions it plays raises or removes it, never through a text.
    pub fn set_budget(&mut self, budget: Budget) {
        if self.shared.budget.0 != budget {
            Arc::make_mut(&mut self.shared).budget = StateBudget(budget);
        }
    }

    /// The classic game at the start ([`Options::classic`]); the same as
    /// `Numercy::default()`.
    pub fn classic() -> Numercy {
        match Numercy::new(Options::classic()) {
            Ok(game) => game,
            Err(e) => unreachable!("the classic options are valid: {e}"),
        }
    }

    pub(crate) fn topology_of(options: &Options) -> Result<Topology, OptionsError> {
        options.check()?;
        Topology::new(Layout::two_rows(options.holes))
            .map_err(|_| OptionsError::Holes(options.holes))
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.shared.options
    }

    /// The board (stores are unused: balls removed from the game are gone).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board's shape (two rows of `options.holes`).
    pub fn topology(&self) -> &Topology {
        &self.shared.topology
    }

    /// The operator of the file holding `pit`.
    ///
    /// ```
    /// use numercy::{Numercy, Operator, Pit};
    ///
    /// let game = Numercy::default(); // `+ - x : + - x`
    /// assert_eq!(game.operator_at(Pit::new(3).unwrap()), Operator::Divide);
    /// assert_eq!(game.operator_at(Pit::new(13).unwrap()), Operator::Add); // opposite hole 0
    /// ```
    pub fn operator_at(&self, pit: Pit) -> Operator {
        let n = self.shared.topology.row_len();
        let file = if pit.index() < n {
            pit.index()
        } else {
            (2 * n - 1).saturating_sub(pit.index())
        };
        self.shared
            .options
            .operators()
            .get(file)
            .copied()
            .unwrap_or_default()
    }

    /// Sows `pit` for the player to move on `board`, drawing on `meter`.
    fn sow_on<O: Observer>(
        &self,
        board: &mut Board,
        pit: Pit,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<mancala_core::Sown, SowError> {
        let relay = Relay::AtLeast(self.shared.options.relay_at);
        self.sower(self.to_move, &relay, meter)
            .sow(board, pit, observer)
    }

    /// The sowing engine for `mover`'s moves, relaying by `relay` (the
    /// options' [`Relay::AtLeast`]), drawing on `meter`.
    fn sower<'a>(&'a self, mover: Player, relay: &'a Relay, meter: &'a Meter) -> Sower<'a, Relay> {
        let options = &self.shared.options;
        let spec = SowSpec {
            skip_origin: options.skip_origin,
            ..SowSpec::default()
        };
        Sower::new(&self.shared.topology, spec, mover, relay, meter).endless(options.endless)
    }

    /// The checks that need no sowing: the game goes on, and the hole is on
    /// the board, the mover's, and not empty.
    fn basic_check(&self, pit: Pit) -> Result<(), PlayError> {
        if self.over {
            return Err(PlayError::GameOver);
        }
        if !self.shared.topology.contains(pit) {
            return Err(PlayError::NotOnBoard(pit));
        }
        let (owner, mover) = (self.shared.topology.owner(pit), self.to_move);
        if owner != mover {
            return Err(PlayError::NotYourHole { pit, owner, mover });
        }
        if self.board.get(pit) == 0 {
            return Err(PlayError::EmptyHole(pit));
        }
        Ok(())
    }

    /// Like [`play`](Game::play), also reporting every lift and ball sown
    /// to `observer` (for example a `Vec<mancala_core::Event>`), for
    /// interfaces that animate a move.
    ///
    /// # Errors
    ///
    /// As [`play`](Game::play); no event is reported for a refused move, and
    /// the state is unchanged.
    ///
    /// # Examples
    ///
    /// ```
    /// use numercy::*;
    ///
    /// let mut game = Numercy::default();
    /// let mut events = Vec::new();
    /// let report = game.play_observed(Pit::new(0).unwrap(), &mut events)?;
    /// let lifts = events.iter().filter(|e| matches!(e, Event::Lift { .. })).count();
    /// assert_eq!(lifts as u64, report.laps);
    /// # Ok::<(), PlayError>(())
    /// ```
    pub fn play_observed<O: Observer>(
        &mut self,
        pit: Pit,
        observer: &mut O,
    ) -> Result<MoveReport, PlayError> {
        if O::RECORDS {
            // Quietly on a copy first: a refused move reports no event, and
            // one that stood there stands again (under a limit no move
            // reaches, so that it takes the same path).
            self.clone().play_observed(pit, &mut ())?;
            return self.play_with(pit, &Meter::new(Budget::seeds(u64::MAX)), observer);
        }
        self.play_with(pit, &Meter::new(self.shared.budget.0), observer)
    }

    /// [`play`](Game::play), deciding the move and the position it leads
    /// to from `meter` instead of from a fresh meter of the state's
    /// [`budget`](Numercy::budget): for a program that bounds the work of
    /// several calls together, or measures what a call spent
    /// ([`Meter::spent`](mancala_core::Meter::spent)).
    ///
    /// # Errors
    ///
    /// As [`play`](Game::play), [`PlayError::Undecided`] once `meter` runs
    /// dry; the state is then unchanged.
    pub fn play_metered(&mut self, pit: Pit, meter: &Meter) -> Result<MoveReport, PlayError> {
        self.play_with(pit, meter, &mut ())
    }

    /// Checks and plays `pit`, drawing on `meter`, reporting to `observer`.
    fn play_with<O: Observer>(
        &mut self,
        pit: Pit,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<MoveReport, PlayError> {
        self.basic_check(pit)?;
        let mut board = self.board.clone();
        let sown = self
            .sow_on(&mut board, pit, meter, observer)
            .map_err(|e| PlayError::from_sow(pit, e))?;
        self.finish_move(pit, board, sown, meter)
            .map_err(|cause| PlayError::Undecided { pit, cause })
    }

    /// Scores the sown `board` and passes the turn, the next position's
    /// moves decided drawing on `meter`.
    ///
    /// # Errors
    ///
    /// The first move of the next position that the work budget cannot
    /// decide; the state is then unchanged.
    fn finish_move(
        &mut self,
        origin: Pit,
        mut board: Board,
        sown: mancala_core::Sown,
        meter: &Meter,
    ) -> Result<MoveReport, Undecided> {
        let mover = self.to_move;
        let opponent = mover.next(2);
        let end = match sown.landing {
            Landing::Hole(h) => h,
            // Numercy never sows into stores.
            Landing::Store(_) => origin,
        };
        let opposite_pit = self.shared.topology.opposite(end).unwrap_or(end);
        let (count, opposite) = (board.get(end), board.get(opposite_pit));
        let operator = self.operator_at(end);
        let scoring = if sown.endless {
            None
        } else {
            let points = || {
                operator.apply(
                    count,
                    opposite,
                    self.shared.options.rounding,
                    self.shared.options.divide_by_zero,
                )
            };
            match count {
                2 | 4 => {
                    let points = points();
                    board.take(end);
                    board.take(opposite_pit);
                    Some(Scoring {
                        points,
                        scorer: mover,
                        emptied: true,
                    })
                }
                3 | 5 => Some(Scoring {
                    points: points(),
                    scorer: opponent,
                    emptied: false,
                }),
                _ => None,
            }
        };
        let points = self.points;
        if let Some(s) = scoring {
            let slot = &mut self.points[s.scorer.index() & 1];
            *slot = slot.saturating_add(s.points);
        }
        let before = core::mem::replace(&mut self.board, board);
        let emptied = scoring.is_some_and(|s| s.emptied);
        if let Err(cause) = self.begin_turn(opponent, emptied, meter) {
            // Nothing else changed.
            self.board = before;
            self.points = points;
            return Err(cause);
        }
        Ok(MoveReport {
            mover,
            origin,
            end,
            laps: sown.laps,
            endless: sown.endless,
            count,
            opposite,
            operator,
            scoring,
        })
    }

    /// Gives the turn to `player` (`balls_left`: balls just left the board);
    /// if he cannot move, or with [`Options::repetition`] the position
    /// repeats, the game ends. His moves are decided drawing on `meter`.
    ///
    /// # Errors
    ///
    /// The first move of `player` that the work budget cannot decide;
    /// nothing has changed then.
    pub(crate) fn begin_turn(
        &mut self,
        player: Player,
        balls_left: bool,
        meter: &Meter,
    ) -> Result<(), Undecided> {
        let repetition = self.shared.options.repetition;
        let repeated = repetition && !balls_left && self.history.contains(&self.board, player);
        let legal = if repeated {
            PitSet::EMPTY
        } else {
            self.legal_of(player, meter)?
        };
        self.to_move = player;
        if repetition {
            if balls_left {
                self.history.clear();
            }
            self.history.insert(&self.board, player);
        }
        self.legal = legal;
        if legal.is_empty() {
            self.end_game();
        }
        Ok(())
    }

    /// The legal moves of `player` on the board: his holes that hold balls,
    /// less (with a trial sowing each) those that relay forever while the
    /// options forbid it.
    ///
    /// # Errors
    ///
    /// The first move the work budget cannot decide.
    fn legal_of(&self, player: Player, meter: &Meter) -> Result<PitSet, Undecided> {
        let options = &self.shared.options;
        // Under `Stop` without a budget every move stands.
        let trials = options.endless == Endless::Forbid || meter.budget().is_limited();
        let mut holding = PitSet::EMPTY;
        for p in self.shared.topology.pits_of(player) {
            holding.insert_if(p, self.board.get(p) > 0);
        }
        if !trials {
            return Ok(holding);
        }
        // Each move sown on a scratch board, in one pass (the sowing
        // engine's fast path for a legal set).
        let mut scratch = self.board.clone();
        let relay = Relay::AtLeast(options.relay_at);
        self.sower(player, &relay, meter)
            .standing(&self.board, holding, &mut scratch)
    }

    /// Ends the game: each player adds the balls left in his holes to his
    /// points; the board stays as it is.
    fn end_game(&mut self) {
        self.over = true;
        self.legal = PitSet::EMPTY;
        self.history.clear();
        for p in [Player::P0, Player::P1] {
            let left = u64::from(self.board.seeds_of(&self.shared.topology, p));
            let slot = &mut self.points[p.index()];
            *slot = slot.saturating_add(left);
        }
    }
}

impl Game for Numercy {
    type Action = Pit;
    type Move = Pit;
    type Actions = MoveList;
    type Report = MoveReport;
    type Error = PlayError;

    /// Always 2.
    fn player_count(&self) -> usize {
        2
    }

    /// The player to move, or once the game is over its outcome: more points
    /// wins, equal points draw.
    #[inline]
    fn status(&self) -> Status {
        if self.over {
            Status::Over(Outcome::from_scores(&self.points))
        } else {
            Status::ToMove(self.to_move)
        }
    }

    /// The holes `player` may sow, in hole order: his non-empty holes, less
    /// those that relay forever while [`Endless::Forbid`] holds; empty unless
    /// he is to move.
    #[inline]
    fn legal_actions(&self, player: Player) -> MoveList {
        let mut moves = MoveList::new();
        if self.over || player != self.to_move {
            return moves;
        }
        for pit in self.legal.iter() {
            // A player owns one row.
            let _ = moves.try_push(pit);
        }
        moves
    }

    /// # Errors
    ///
    /// [`PlayError::Joint`] unless `actions` is one hole of the player to
    /// move.
    #[inline]
    fn joint_move(&self, actions: &[(Player, Pit)]) -> Result<Pit, PlayError> {
        Ok(sequential_move(self.status(), actions)?)
    }

    fn is_legal(&self, pit: &Pit) -> bool {
        !self.over && self.legal.contains(*pit)
    }

    fn is_undecided(error: &PlayError) -> bool {
        matches!(error, PlayError::Undecided { .. })
    }

    /// Sows `pit` for the player to move, scores the move's arithmetic and
    /// passes the turn (or ends the game).
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal: the game is over, the hole
    /// is off the board, the other player's or empty, or it relays forever
    /// while endless moves are forbidden; [`PlayError::Undecided`] if the
    /// state's [`budget`](Numercy::budget) cannot decide it or the position
    /// it leads to. The state is then unchanged.
    fn play(&mut self, pit: Pit) -> Result<MoveReport, PlayError> {
        self.play_observed(pit, &mut ())
    }

    /// Plays `pit` without the checks that need no sowing.
    ///
    /// # Panics
    ///
    /// Never panics. A move the sowing engine refuses (an empty hole, a hole
    /// off the board, a forbidden endless relay, a move that leads to a
    /// position the work budget cannot decide), or any move once the game
    /// is over, changes nothing and reports an empty move from `pit`
    /// (`laps == 0`); a hole of the other player is sown as if it were the
    /// mover's.
    #[inline]
    fn play_unchecked(&mut self, pit: Pit) -> MoveReport {
        let mut board = self.board.clone();
        let meter = Meter::new(self.shared.budget.0);
        let finished = match self.sow_on(&mut board, pit, &meter, &mut ()) {
            Ok(sown) if !self.over => self.finish_move(pit, board, sown, &meter).ok(),
            _ => None,
        };
        finished.unwrap_or_else(|| MoveReport {
            mover: self.to_move,
            origin: pit,
            end: pit,
            laps: 0,
            endless: false,
            count: self.board.get(pit),
            opposite: self
                .shared
                .topology
                .opposite(pit)
                .map_or(0, |o| self.board.get(o)),
            operator: self.operator_at(pit),
            scoring: None,
        })
    }

    /// Each player's points; once the game is over they include the balls
    /// he had left in his holes.
    fn scores(&self) -> ByPlayer<u64> {
        ByPlayer::from_slice(&self.points)
    }

    /// A hash of the holes, both players' points, the player to move and
    /// whether the game is over, mixed by [`KeyHasher`] (packed words, not
    /// Zobrist: a hole may hold up to 65,535 balls and points are 64-bit, so
    /// a Zobrist table would need a key per hole and count, while hashing 14
    /// counts four to a word costs a few multiplications). The options and
    /// the repetition history are not hashed: positions compared in one table
    /// share their options, and the history only ends games.
    fn key(&self) -> u64 {
        let mut h = KeyHasher::new();
        h.write_counts(self.board.holes());
        h.write(self.points[0]);
        h.write(self.points[1]);
        h.write(self.to_move.index() as u64 | (u64::from(self.over) << 8));
        h.finish()
    }
}
