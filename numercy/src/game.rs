//! The Numercy game state: moves, relays, arithmetic scoring and the end.

use core::fmt;

use mancala_core::{
    Board, ByPlayer, Endless, History, Landing, Layout, Observer, Outcome, Pit, PlayError, Player,
    Relay, SowError, SowSpec, Topology, check_sowing_move, sow,
};
use smallvec::SmallVec;

use crate::{Operator, Options, OptionsError};

/// The legal moves of a position, stored inline (never on the heap).
pub type MoveList = SmallVec<[Pit; 13]>;

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
/// use numercy::Numercy;
///
/// use mancala_core::Pit;
///
/// let mut game = Numercy::classic();
/// let report = game.play(Pit::new(0).unwrap()).unwrap();
/// // Seven balls from hole 0 reach holes 1 to 7; hole 7 then holds 8, so
/// // they relay, and so on until a hole holds 5 or fewer.
/// assert!(report.to_string().starts_with("South sows hole 0"));
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

impl fmt::Display for MoveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = |p: Player| if p == Player::P0 { "South" } else { "North" };
        write!(
            f,
            "{} sows hole {}: {} lap{}, ends in hole {} with {}",
            who(self.mover),
            self.origin,
            self.laps,
            if self.laps == 1 { "" } else { "s" },
            self.end,
            self.count
        )?;
        if self.endless {
            return write!(f, " (an endless relay, stopped: no score)");
        }
        match self.scoring {
            None => write!(f, ": no score"),
            Some(s) => {
                write!(
                    f,
                    ": {} {} {} = {} for {}",
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
/// Built from options ([`Numercy::new`], [`Numercy::classic`]) or from a
/// checked [`Setup`](crate::Setup); every `Numercy` is a consistent position.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Player, Status};
/// use numercy::{Numercy, Options};
///
/// let mut game = Numercy::new(Options::board(6))?;
/// assert_eq!(game.status(), Status::ToMove(Player::P0));
/// let report = game.play(mancala_core::Pit::new(2).unwrap())?;
/// assert_eq!(report.mover, Player::P0);
/// assert_eq!(game.to_move(), Some(Player::P1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Numercy {
    pub(crate) options: Options,
    pub(crate) topology: Topology,
    pub(crate) board: Board,
    pub(crate) points: [u64; 2],
    pub(crate) to_move: Player,
    pub(crate) over: bool,
    /// Positions seen since balls last left the board (only with
    /// [`Options::repetition`]).
    pub(crate) history: History,
}

impl Numercy {
    /// The start of a game under `options`: every hole holds
    /// `options.seeds`, no points, player 0 to move.
    ///
    /// # Errors
    ///
    /// An [`OptionsError`] if the options are invalid.
    pub fn new(options: Options) -> Result<Numercy, OptionsError> {
        let topology = Numercy::topology_of(&options)?;
        let board = Board::filled(topology.holes(), options.seeds);
        let mut game = Numercy {
            options,
            history: Numercy::empty_history(&options, &board),
            board,
            topology,
            points: [0; 2],
            to_move: Player::P0,
            over: false,
        };
        game.begin_turn(Player::P0, false);
        Ok(game)
    }

    pub(crate) fn empty_history(options: &Options, board: &Board) -> History {
        if options.repetition {
            History::new(board.len(), board.on_board())
        } else {
            History::new(0, 0)
        }
    }

    /// The classic game at the start ([`Options::classic`]).
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
        &self.options
    }

    /// The board (stores are unused: balls removed from the game are gone).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board's shape (two rows of `options.holes`).
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// Points per player; once the game is over they include the balls each
    /// player had left in his holes.
    pub fn points(&self) -> [u64; 2] {
        self.points
    }

    /// [`points`](Numercy::points) as per-player scores.
    pub fn scores(&self) -> ByPlayer<u64> {
        ByPlayer::from_slice(&self.points)
    }

    /// The player to move, or `None` once the game is over.
    pub fn turn(&self) -> Option<Player> {
        (!self.over).then_some(self.to_move)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The outcome once the game is over: more points wins.
    pub fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| Outcome::from_scores(&self.points))
    }

    /// The operator of the file holding `pit`.
    pub fn operator_at(&self, pit: Pit) -> Operator {
        let n = self.topology.row_len();
        let file = if pit.index() < n {
            pit.index()
        } else {
            (2 * n - 1).saturating_sub(pit.index())
        };
        self.options
            .operators()
            .get(file)
            .copied()
            .unwrap_or_default()
    }

    fn spec(&self) -> SowSpec {
        SowSpec {
            skip_origin: self.options.skip_origin,
            ..SowSpec::default()
        }
    }

    /// Sows `pit` for the player to move on `board`.
    fn sow_on<O: Observer>(
        &self,
        board: &mut Board,
        pit: Pit,
        observer: &mut O,
    ) -> Result<mancala_core::Sown, PlayError> {
        sow(
            board,
            &self.topology,
            self.spec(),
            self.to_move,
            pit,
            &Relay::AtLeast(self.options.relay_at),
            self.options.endless,
            observer,
        )
        .map_err(|e| match e {
            SowError::Endless(cause) => PlayError::Endless { pit, cause },
            SowError::EmptyHole(p) => PlayError::EmptyHole(p),
            _ => PlayError::NotOnBoard(pit),
        })
    }

    /// The legal moves of the player to move, in hole order.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.over {
            return moves;
        }
        for p in self.topology.pits_of(self.to_move) {
            if self.board.get(p) > 0 && self.sows_finitely(p) {
                moves.push(p);
            }
        }
        moves
    }

    /// Whether sowing `p` is allowed by the endless-relay policy.
    fn sows_finitely(&self, p: Pit) -> bool {
        self.options.endless == Endless::Stop || {
            let mut board = self.board;
            self.sow_on(&mut board, p, &mut ()).is_ok()
        }
    }

    /// Whether `pit` is a legal move now.
    pub fn is_legal(&self, pit: Pit) -> bool {
        self.basic_check(pit).is_ok() && self.sows_finitely(pit)
    }

    fn basic_check(&self, pit: Pit) -> Result<(), PlayError> {
        check_sowing_move(&self.topology, &self.board, self.turn(), pit)
    }

    /// Plays a move after checking it and reports what it did.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal (the game is over, the hole is
    /// not the mover's, it is empty, or it relays forever while endless moves
    /// are forbidden); the state is then unchanged.
    pub fn play(&mut self, pit: Pit) -> Result<MoveReport, PlayError> {
        self.play_observed(pit, &mut ())
    }

    /// Like [`play`](Numercy::play), also reporting every lift and ball sown
    /// to `observer` (for example a `Vec<mancala_core::Event>`).
    ///
    /// # Errors
    ///
    /// As [`play`](Numercy::play); no event is reported for a refused move.
    pub fn play_observed<O: Observer>(
        &mut self,
        pit: Pit,
        observer: &mut O,
    ) -> Result<MoveReport, PlayError> {
        self.basic_check(pit)?;
        let mut board = self.board;
        let sown = self.sow_on(&mut board, pit, observer)?;
        Ok(self.finish_move(pit, board, sown))
    }

    /// Plays a move without the ownership check.
    ///
    /// # Panics
    ///
    /// Never panics. A move the sowing engine refuses (an empty hole, a hole
    /// off the board, a forbidden endless relay) changes nothing and reports
    /// an empty move from `pit`; a hole of the other player is sown as if it
    /// were the mover's.
    pub fn play_unchecked(&mut self, pit: Pit) -> MoveReport {
        let mut board = self.board;
        match self.sow_on(&mut board, pit, &mut ()) {
            Ok(sown) if !self.over => self.finish_move(pit, board, sown),
            _ => MoveReport {
                mover: self.to_move,
                origin: pit,
                end: pit,
                laps: 0,
                endless: false,
                count: self.board.get(pit),
                opposite: self.topology.opposite(pit).map_or(0, |o| self.board.get(o)),
                operator: self.operator_at(pit),
                scoring: None,
            },
        }
    }

    /// Scores the sown `board` and passes the turn.
    fn finish_move(
        &mut self,
        origin: Pit,
        mut board: Board,
        sown: mancala_core::Sown,
    ) -> MoveReport {
        let mover = self.to_move;
        let opponent = mover.next(2);
        let end = match sown.landing {
            Landing::Hole(h) => h,
            // Numercy never sows into stores.
            Landing::Store(_) => origin,
        };
        let opposite_pit = self.topology.opposite(end).unwrap_or(end);
        let (count, opposite) = (board.get(end), board.get(opposite_pit));
        let operator = self.operator_at(end);
        let scoring = if sown.endless {
            None
        } else {
            let points = || {
                operator.apply(
                    count,
                    opposite,
                    self.options.rounding,
                    self.options.divide_by_zero,
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
        if let Some(s) = scoring {
            let slot = &mut self.points[s.scorer.index() & 1];
            *slot = slot.saturating_add(s.points);
        }
        self.board = board;
        self.begin_turn(opponent, scoring.is_some_and(|s| s.emptied));
        MoveReport {
            mover,
            origin,
            end,
            laps: sown.laps,
            endless: sown.endless,
            count,
            opposite,
            operator,
            scoring,
        }
    }

    /// Gives the turn to `player` (`balls_left`: balls just left the board);
    /// if he cannot move, or with [`Options::repetition`] the position
    /// repeats, the game ends.
    pub(crate) fn begin_turn(&mut self, player: Player, balls_left: bool) {
        self.to_move = player;
        if self.options.repetition {
            if balls_left {
                self.history.clear();
            }
            if !self.history.insert(&self.board, player) {
                return self.end_game();
            }
        }
        let can_move = self
            .topology
            .pits_of(player)
            .any(|p| self.board.get(p) > 0 && self.sows_finitely(p));
        if !can_move {
            self.end_game();
        }
    }

    /// Ends the game: each player adds the balls left in his holes to his
    /// points; the board stays as it is.
    fn end_game(&mut self) {
        self.over = true;
        self.history.clear();
        for p in [Player::P0, Player::P1] {
            let left = u64::from(self.board.seeds_of(&self.topology, p));
            let slot = &mut self.points[p.index()];
            *slot = slot.saturating_add(left);
        }
    }
}

mancala_core::impl_sequential_game!(Numercy {
    action: Pit,
    actions: MoveList,
    error: PlayError,
    players: |_game| 2,
});
