//! The generic sowing game: a checked state driven by [`Rules`].

use core::ops::ControlFlow;

use smallvec::SmallVec;

use crate::{
    Board, ByPlayer, Capture, Event, Feeding, GrandSlam, History, Landing, Leftover, MAX_HOLES,
    Observer, Outcome, Pit, Player, Relay, Rules, RulesError, SingleLap, SowError, Status,
    Topology, Zone, capture, filter_feeding, sow,
};

/// The legal moves of a position, stored inline (never on the heap).
pub type MoveList = SmallVec<[Pit; MAX_HOLES]>;

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
    /// The next player has no seeds and this move gives him none, while
    /// feeding is required.
    #[error("hole {0} does not feed the next player, who has no seeds")]
    MustFeed(Pit),
    /// A pass is allowed only under [`EndRules::pass`](crate::EndRules::pass)
    /// and only to a player with no legal move.
    #[error("no pass: the rules allow none, or the player to move can move")]
    CannotPass,
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
/// Build one from rules ([`Mancala::new`], [`crate::oware`], [`crate::kalah`])
/// or from a [`Setup`](crate::Setup) ([`Mancala::from_setup`]); both check
/// their input, so every `Mancala` is a consistent position.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Mancala, Pit, Player, Rules, Status};
///
/// let mut game = Mancala::new(Rules::kalah())?;
/// // South sows pit 2: four seeds reach pits 3, 4, 5 and his store.
/// game.play(Pit::new(2).unwrap())?;
/// assert_eq!(game.board().store(Player::P0), 1);
/// // The last seed fell in his store: he moves again.
/// assert_eq!(game.status(), Status::ToMove(Player::P0));
/// // A hole of North's is refused, and nothing changes.
/// let before = game.clone();
/// assert!(game.play(Pit::new(7).unwrap()).is_err());
/// assert_eq!(game, before);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mancala {
    pub(crate) rules: Rules,
    pub(crate) topology: Topology,
    pub(crate) board: Board,
    pub(crate) to_move: Player,
    pub(crate) over: bool,
    pub(crate) history: History,
}

/// The part of a turn that does not depend on the game's history.
struct Applied {
    extra_turn: bool,
}

impl Mancala {
    /// The start position of these rules: every hole holds `rules.seeds`,
    /// player 0 to move.
    ///
    /// # Errors
    ///
    /// A [`RulesError`] if the rules are invalid.
    pub fn new(rules: Rules) -> Result<Mancala, RulesError> {
        let topology = rules.check()?;
        let board = Board::filled(topology.holes(), rules.seeds);
        let mut game = Mancala {
            rules,
            topology,
            history: Mancala::empty_history(&rules, &topology, board.total()),
            board,
            to_move: Player::P0,
            over: false,
        };
        game.settle(Player::P0, false, false, &mut ());
        Ok(game)
    }

    pub(crate) fn empty_history(rules: &Rules, topology: &Topology, total: u32) -> History {
        if rules.end.repetition {
            History::new(topology.holes(), total)
        } else {
            History::new(0, 0)
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board's shape.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// The seeds in holes and stores.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The player to move, or `None` once the game is over.
    pub fn turn(&self) -> Option<Player> {
        (!self.over).then_some(self.to_move)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The positions recorded for the repetition rule (empty unless
    /// [`EndRules::repetition`](crate::EndRules::repetition) is on).
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Each player's score: his store, plus (once the game is over, under
    /// [`Leftover::Stay`]) the seeds left in his holes.
    pub fn scores(&self) -> ByPlayer<u64> {
        let mut scores = ByPlayer::new(self.topology.players(), 0u64);
        for p in Player::all(self.topology.players()) {
            scores[p] = u64::from(self.board.store(p));
            if self.over && self.rules.leftover == Leftover::Stay {
                scores[p] += u64::from(self.board.seeds_of(&self.topology, p));
            }
        }
        scores
    }

    /// The outcome, once the game is over: the single highest score wins.
    pub fn outcome(&self) -> Option<Outcome> {
        self.over
            .then(|| Outcome::from_scores(self.scores().as_slice()))
    }

    /// Who must act now.
    pub fn status(&self) -> Status {
        match self.outcome() {
            Some(o) => Status::Over(o),
            None => Status::ToMove(self.to_move),
        }
    }

    /// The legal moves of the player to move, in hole order (empty once the
    /// game is over). Never allocates.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_legal(|p| {
            moves.push(p);
            ControlFlow::Continue(())
        });
        moves
    }

    /// Whether `pit` is a legal move now.
    pub fn is_legal(&self, pit: Pit) -> bool {
        self.check(pit).is_ok()
    }

    /// Plays a move after checking it.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal; the state is then unchanged.
    pub fn play(&mut self, pit: Pit) -> Result<(), PlayError> {
        self.check(pit)?;
        self.play_unchecked(pit);
        Ok(())
    }

    /// Plays a move after checking it, reporting what happened to `observer`
    /// (for example a `Vec<Event>`).
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal; the state is then unchanged
    /// and no event was reported.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Event, Pit, Player};
    ///
    /// let mut game = mancala_core::kalah();
    /// let mut events = Vec::new();
    /// game.play_observed(Pit::new(2).unwrap(), &mut events)?;
    /// assert_eq!(events.first(), Some(&Event::Lift { pit: Pit::new(2).unwrap(), seeds: 4 }));
    /// assert!(events.contains(&Event::Store { player: Player::P0 }));
    /// assert_eq!(events.last(), Some(&Event::ExtraTurn));
    /// # Ok::<(), mancala_core::PlayError>(())
    /// ```
    pub fn play_observed<O: Observer>(
        &mut self,
        pit: Pit,
        observer: &mut O,
    ) -> Result<(), PlayError> {
        self.check(pit)?;
        self.apply_turn(pit, observer);
        Ok(())
    }

    /// Plays a move without the legality checks that can be skipped.
    ///
    /// # Panics
    ///
    /// Never panics. An illegal move that the sowing engine itself refuses
    /// (an empty hole, a hole off the board, a forbidden endless relay or
    /// grand slam) leaves the state unchanged; other illegal moves (an
    /// opponent's hole, a move that fails to feed) are played as if legal,
    /// which can reach positions the rules never would.
    pub fn play_unchecked(&mut self, pit: Pit) {
        self.apply_turn(pit, &mut ());
    }

    /// [`play_unchecked`](Mancala::play_unchecked), reporting what happened
    /// to `observer`.
    ///
    /// # Panics
    ///
    /// Never panics; illegal moves behave as in
    /// [`play_unchecked`](Mancala::play_unchecked).
    pub fn play_unchecked_observed<O: Observer>(&mut self, pit: Pit, observer: &mut O) {
        self.apply_turn(pit, observer);
    }

    /// The reason `pit` is not legal now, if any.
    fn check(&self, pit: Pit) -> Result<(), PlayError> {
        check_sowing_move(&self.topology, &self.board, self.turn(), pit)?;
        if !self.needs_simulation() {
            return Ok(());
        }
        let mut board = self.board;
        self.apply_move(&mut board, pit, &mut ())?;
        if self.must_feed() && !board.has_seeds(&self.topology, self.fed_player()) {
            // Under `IfPossible` a move that does not feed is legal exactly
            // when no move feeds.
            if self.rules.feeding == Feeding::Required || self.feeds_some() {
                return Err(PlayError::MustFeed(pit));
            }
        }
        Ok(())
    }

    /// The player who must be fed (the next in turn order).
    fn fed_player(&self) -> Player {
        self.to_move.next(self.topology.players())
    }

    /// Whether feeding constrains the player to move now.
    fn must_feed(&self) -> bool {
        self.rules.feeding != Feeding::Off
            && !self.board.has_seeds(&self.topology, self.fed_player())
    }

    /// Whether legality needs each move played out on a copy.
    fn needs_simulation(&self) -> bool {
        self.must_feed()
            || self.rules.grand_slam == GrandSlam::Forbid
            || self.rules.relay != Relay::Never
    }

    /// Whether some move of the player to move feeds the next player.
    fn feeds_some(&self) -> bool {
        let fed = self.fed_player();
        self.topology.pits_of(self.to_move).any(|p| {
            let mut board = self.board;
            self.board.get(p) > 0
                && self.apply_move(&mut board, p, &mut ()).is_ok()
                && board.has_seeds(&self.topology, fed)
        })
    }

    /// Calls `f` with each legal move in hole order until it breaks.
    fn for_each_legal(&self, mut f: impl FnMut(Pit) -> ControlFlow<()>) {
        if self.over {
            return;
        }
        let mover = self.to_move;
        let candidates = self
            .topology
            .pits_of(mover)
            .filter(|&p| self.board.get(p) > 0);
        if !self.needs_simulation() {
            for p in candidates {
                if f(p).is_break() {
                    return;
                }
            }
            return;
        }
        let fed = self.fed_player();
        let outcome = |p: Pit| {
            let mut board = self.board;
            self.apply_move(&mut board, p, &mut ())
                .ok()
                .map(|_| board.has_seeds(&self.topology, fed))
        };
        let _ = filter_feeding(self.rules.feeding, self.must_feed(), candidates, outcome, f);
    }

    /// Whether the player to move has a legal move.
    fn has_legal_move(&self) -> bool {
        let mut found = false;
        self.for_each_legal(|_| {
            found = true;
            ControlFlow::Break(())
        });
        found
    }

    /// Sowing and capture of one move on `board`, for the player to move.
    /// On error `board` is unchanged.
    fn apply_move<O: Observer>(
        &self,
        board: &mut Board,
        pit: Pit,
        observer: &mut O,
    ) -> Result<Applied, PlayError> {
        let rules = &self.rules;
        let topology = &self.topology;
        let mover = self.to_move;
        let sown = match rules.relay {
            Relay::Never => sow(
                board,
                topology,
                rules.sowing,
                mover,
                pit,
                &SingleLap,
                rules.endless,
                observer,
            ),
            relay => sow(
                board,
                topology,
                rules.sowing,
                mover,
                pit,
                &relay,
                rules.endless,
                observer,
            ),
        }
        .map_err(|e| match e {
            SowError::NotOnBoard(p) => PlayError::NotOnBoard(p),
            SowError::EmptyHole(p) => PlayError::EmptyHole(p),
            SowError::Endless(cause) => PlayError::Endless { pit, cause },
        })?;
        let landing = match sown.landing {
            Landing::Hole(h) if !sown.endless => h,
            Landing::Store(p) => {
                let extra_turn = rules.extra_turn && p == mover;
                return Ok(Applied { extra_turn });
            }
            Landing::Hole(_) => return Ok(Applied { extra_turn: false }),
        };
        let taken = match rules.capture {
            Capture::None => crate::PitSet::EMPTY,
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
                if in_zone && counts.contains(first) {
                    capture::chain(
                        board,
                        topology,
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
                } else {
                    crate::PitSet::EMPTY
                }
            }
            Capture::Opposite { require_opposite } => {
                let mut set = crate::PitSet::EMPTY;
                if topology.owner(landing) == mover
                    && board.get(landing) == 1
                    && let Some(o) = topology.opposite(landing)
                    && (board.get(o) > 0 || !require_opposite)
                {
                    set.insert(landing);
                    set.insert(o);
                }
                set
            }
        };
        if !taken.is_empty() {
            if capture::is_grand_slam(board, topology, taken) {
                match rules.grand_slam {
                    GrandSlam::Allow => {}
                    GrandSlam::NoCapture => {
                        if O::RECORDS {
                            observer.event(Event::GrandSlamRefused);
                        }
                        return Ok(Applied { extra_turn: false });
                    }
                    GrandSlam::Forbid => {
                        // Undo the sowing: replay is cheaper to reason about
                        // than an undo log, and this path is rare.
                        *board = self.board;
                        return Err(PlayError::GrandSlam(pit));
                    }
                }
            }
            capture::take_into_store(board, taken, mover, observer);
        }
        Ok(Applied { extra_turn: false })
    }

    /// A whole turn: the move, then whose turn it is and whether the game
    /// ended. An illegal move refused by the engine changes nothing.
    fn apply_turn<O: Observer>(&mut self, pit: Pit, observer: &mut O) {
        let before = self.board.on_board();
        let mut board = self.board;
        let Ok(applied) = self.apply_move(&mut board, pit, observer) else {
            return;
        };
        self.board = board;
        let next = if applied.extra_turn {
            if O::RECORDS {
                observer.event(Event::ExtraTurn);
            }
            self.to_move
        } else {
            self.to_move.next(self.topology.players())
        };
        let seeds_left_board = self.board.on_board() != before;
        self.settle(next, seeds_left_board, true, observer);
    }

    /// Hands the turn to `next` and applies the end conditions.
    pub(crate) fn settle<O: Observer>(
        &mut self,
        next: Player,
        seeds_left_board: bool,
        after_sowing: bool,
        observer: &mut O,
    ) {
        self.to_move = next;
        if self.rules.end.repetition {
            if seeds_left_board {
                self.history.clear();
            }
            if !self.history.insert(&self.board, next) {
                return self.finish(observer);
            }
        }
        if self.rules.end.majority && self.majority() {
            return self.finish(observer);
        }
        if self.rules.end.side_empty
            && Player::all(self.topology.players())
                .any(|p| !self.board.has_seeds(&self.topology, p))
        {
            return self.finish(observer);
        }
        if after_sowing
            && let Some(most) = self.rules.end.at_most_left
            && self.board.on_board() <= u32::from(most)
        {
            return self.finish(observer);
        }
        if !(self.has_legal_move() || self.rules.end.pass && self.another_can_move()) {
            self.finish(observer);
        }
    }

    /// Whether a player other than the one to move has a legal move.
    fn another_can_move(&self) -> bool {
        Player::all(self.topology.players())
            .filter(|&p| p != self.to_move)
            .any(|p| {
                let mut other = self.clone();
                other.to_move = p;
                other.has_legal_move()
            })
    }

    /// Whether the player to move must pass: the rules allow passing
    /// ([`EndRules::pass`](crate::EndRules::pass)), the game goes on and he
    /// has no legal move.
    pub fn must_pass(&self) -> bool {
        !self.over && self.rules.end.pass && !self.has_legal_move()
    }

    /// Passes the turn of a player who has no legal move, under
    /// [`EndRules::pass`](crate::EndRules::pass).
    ///
    /// # Errors
    ///
    /// [`PlayError::GameOver`] once the game is over, and
    /// [`PlayError::CannotPass`] if the rules allow no pass or the player to
    /// move has a legal move; the state is then unchanged.
    pub fn pass(&mut self) -> Result<(), PlayError> {
        if self.over {
            return Err(PlayError::GameOver);
        }
        if !self.must_pass() {
            return Err(PlayError::CannotPass);
        }
        let next = self.to_move.next(self.topology.players());
        self.settle(next, false, false, &mut ());
        Ok(())
    }

    /// Whether a store holds more than half of all seeds, or two stores hold
    /// exactly half each.
    fn majority(&self) -> bool {
        let total = self.board.total();
        let stores = &self.board.stores()[..self.topology.players()];
        let more = stores.iter().any(|&s| 2 * u32::from(s) > total);
        let halves = stores
            .iter()
            .filter(|&&s| 2 * u32::from(s) == total)
            .count();
        more || halves >= 2
    }

    fn finish<O: Observer>(&mut self, observer: &mut O) {
        self.over = true;
        // Repetitions no longer matter; a finished state carries no history,
        // so that it equals the state its setup rebuilds.
        self.history.clear();
        if self.rules.leftover == Leftover::ToOwner {
            for pit in self.topology.pits() {
                let seeds = self.board.take(pit);
                if seeds > 0 {
                    let to = self.topology.owner(pit);
                    self.board.add_to_store(to, seeds);
                    if O::RECORDS {
                        observer.event(Event::Collect { pit, seeds, to });
                    }
                }
            }
        }
    }
}

crate::impl_sequential_game!(Mancala {
    action: Pit,
    actions: MoveList,
    error: PlayError,
    players: |game| game.topology.players(),
});

/// Oware as OpenSpiel 2.0.2 plays it, at the start ([`Rules::oware`]).
///
/// # Examples
///
/// ```
/// let game = mancala_core::oware();
/// assert_eq!(game.legal_moves().len(), 6);
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
