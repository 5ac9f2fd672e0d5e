//! The Numercy game state: moves, relays, arithmetic scoring and the end.

use alloc::sync::Arc;

use mancala_core::budget::StateBudget;
use mancala_core::{
    Board, Budget, ByPlayer, Game, Layout, Meter, Observer, Outcome, Pit, PitSet, PlayError,
    Player, Status, Topology,
    history::History,
    toolkit::{KeyHasher, check_sowing_move, known_valid},
};

use crate::end::Recorded;
use crate::{End, MAX_HOLES_PER_ROW, MoveReport, Operator, Options, OptionsError};

/// The legal actions (holes) of a position, stored inline (never on the
/// heap): [`Game::legal_actions`] of a [`Numercy`].
pub type MoveList = arrayvec::ArrayVec<Pit, MAX_HOLES_PER_ROW>;

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
pub struct Numercy {
    /// The options and the board's shape, shared by every state of one game
    /// (a clone copies the pointer).
    pub(crate) shared: Arc<Shared>,
    pub(crate) board: Board,
    pub(crate) points: [u64; 2],
    pub(crate) to_move: Player,
    pub(crate) over: bool,
    /// Why the game ended ([`Numercy::end`]), recorded by the turn that
    /// ended it; ignored by equality and hashing.
    pub(crate) ended: Recorded,
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
            ended: Recorded::default(),
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
        known_valid(Numercy::new(Options::classic()), "the classic options")
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

    /// Why the game ended, if it has, as the turn that ended it found:
    /// the player given the turn had no ball, or every move of his relayed
    /// forever, or the position repeated. `None` while the game goes on,
    /// and for a game built as over from a [`Setup`](crate::Setup) (or its
    /// text or serde form) marked `over`, which does not say why. Not part
    /// of the position: equality, hashing and the setup ignore it.
    ///
    /// # Examples
    ///
    /// ```
    /// use numercy::{End, Game, Numercy, Options, Pit, Setup};
    ///
    /// // RULES.md's 2x2 cycle: S0, N2, S1, N3 bring back the start.
    /// let mut options = Options::board(2);
    /// options.repetition = true;
    /// let mut setup = Setup::new(options);
    /// setup.board = vec![1, 0, 1, 0];
    /// let mut game = Numercy::from_setup(setup)?;
    /// for i in [0, 2, 1, 3] {
    ///     assert_eq!(game.end(), None);
    ///     game.play(Pit::new(i).unwrap())?;
    /// }
    /// assert_eq!(game.end(), Some(End::Repetition));
    /// // Its setup says it is over, not why.
    /// assert_eq!(Numercy::from_setup(game.to_setup())?.end(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&self) -> Option<End> {
        if self.over { self.ended.0 } else { None }
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
        let mover = (!self.over).then_some(self.to_move);
        check_sowing_move(&self.shared.topology, &self.board, mover, pit)?;
        let mut board = self.board.clone();
        let sown = self
            .sow_on(&mut board, pit, meter, observer)
            .map_err(|e| PlayError::from_sow(pit, e))?;
        self.finish_move(pit, board, sown, meter)
            .map_err(|cause| PlayError::Undecided {
                mv: mancala_core::Move::Sow(pit),
                cause,
            })
    }
}

impl Game for Numercy {
    mancala_core::sequential_game!(
        players: 2,
        move: Pit,
        actions: MoveList,
        report: MoveReport,
        error: PlayError,
    );

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
    /// those that relay forever while [`Endless::Forbid`](crate::Endless::Forbid) holds; empty unless
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
    /// Never panics. A move the sower refuses (an empty hole, a hole
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

    /// Reads ahead what recording the next position touches.
    #[inline]
    fn prefetch(&mut self) {
        self.history.prefetch();
    }
}
