//! The Mankka game state: the opening placement, sowing moves and passes.

use mancala_core::PlayError as CorePlayError;
use mancala_core::{
    Board, ByPlayer, End, Game, Mancala, Meter, Observer, PlaceError, Player, Status, Topology,
    toolkit::{KeyHasher, known_valid},
};

use crate::{
    Budget, Move, MoveList, MoveReport, Options, OptionsError, Pit, Placement, PlayError, SIDE,
};

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
pub struct Mankka {
    pub(crate) options: Options,
    pub(crate) hands: [u16; 2],
    pub(crate) game: Mancala,
}

impl Default for Mankka {
    /// Mankka Two at the start.
    fn default() -> Mankka {
        known_valid(Mankka::new(Options::two()), "Mankka Two's options")
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
    /// As [`play`](Game::play), a refusal whose
    /// [`undecided`](PlayError::undecided) names the move once `meter` runs
    /// dry; the state is then unchanged.
    pub fn play_metered(&mut self, mv: Move, meter: &Meter) -> Result<MoveReport, PlayError> {
        match self.sorted(mv)? {
            (mover, Err(placement)) => {
                self.check_placement(mover, &placement)?;
                self.place(mover, &placement, meter)?;
                Ok(MoveReport::nothing(mover, mv))
            }
            (_, Ok(inner)) => Ok(MoveReport::from_turn(
                self.game.play_metered(inner, meter)?,
                mv,
            )),
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

    /// Why the game ended, if it has: the end condition of the sowing game
    /// underneath, which ends Mankka (at most 8 seeds left after a sowing
    /// move under the early ends, [`End::FewLeft`]; no player able to
    /// move; a repetition): see [`Mancala::end`], which says when it is
    /// not known (a game set up as over).
    ///
    /// # Examples
    ///
    /// ```
    /// use mankka::{End, Game, Mankka};
    ///
    /// let mut game = Mankka::default();
    /// assert_eq!(game.end(), None);
    /// while let Some(p) = game.to_move() {
    ///     game.play(game.legal_actions(p)[0])?;
    /// }
    /// assert!(game.end().is_some());
    /// # Ok::<(), mankka::PlayError>(())
    /// ```
    pub fn end(&self) -> Option<End> {
        self.game.end()
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

    /// The player to move and his move: the sower's for a sowing
    /// move or a pass, or the placement.
    ///
    /// # Errors
    ///
    /// The core's [`GameOver`](CorePlayError::GameOver) once the game is
    /// over, [`MustPlace`](CorePlayError::MustPlace) for a sowing move or a
    /// pass while the mover still holds seeds.
    fn sorted(
        &self,
        mv: Move,
    ) -> Result<(Player, Result<mancala_core::Move, Placement>), PlayError> {
        let mover = self.to_move().ok_or(CorePlayError::GameOver)?;
        match mv.split() {
            Ok(_) if self.hand(mover) > 0 => Err(CorePlayError::MustPlace.into()),
            split => Ok((mover, split)),
        }
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
        match self.sorted(mv)? {
            (_, Err(_)) => self.play(mv),
            (_, Ok(inner)) => Ok(MoveReport::from_turn(
                self.game.play_observed(inner, observer)?,
                mv,
            )),
        }
    }
}

impl Game for Mankka {
    mancala_core::sequential_game!(
        players: 2,
        move: Move,
        actions: MoveList,
        report: MoveReport,
        error: PlayError,
    );

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

    /// Checks the move's shape against the opening (cheap), then asks the
    /// sower about a sowing move or a pass (which sows the move on a
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
        error.undecided().is_some()
    }

    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal: the game is over
    /// ([`GameOver`](CorePlayError::GameOver)); a sowing move or a pass in
    /// the mover's opening ([`MustPlace`](CorePlayError::MustPlace)); a
    /// placement after it ([`PlayError::NotPlacing`]) or of another number
    /// of seeds than the hand ([`PlayError::WrongTotal`]); a hole off the
    /// board, the other player's, empty, or relaying forever under
    /// `endless=forbid`; a pass by a player who can sow or under the early
    /// ends ([`CannotPass`](CorePlayError::CannotPass)); a move the work
    /// budget cannot decide ([`PlayError::undecided`]). The state is then
    /// unchanged.
    fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        self.play_metered(mv, &mancala_core::Meter::new(self.budget()))
    }

    /// The fast path: a sowing move or a pass goes straight to the
    /// sower's `play_unchecked` (one sowing, no trial sowing on a copy);
    /// only the cheap checks of the opening are kept (and a placement's,
    /// which are all cheap).
    ///
    /// # Panics
    ///
    /// Never panics. Once the game is over, for a sowing move or a pass in
    /// the mover's opening, for a placement [`play`](Game::play) would
    /// refuse, and for a sowing move the sower itself refuses (a hole off
    /// the board or empty, an endless relay under `endless=forbid`, a move
    /// that reaches a position the work budget cannot decide), nothing
    /// changes and the report shows no landing. Other illegal moves (the
    /// other player's hole, a pass by a player who could sow or under the
    /// early ends) are played as if legal, which can reach positions the
    /// rules never would.
    #[inline]
    fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        let Some(mover) = self.to_move() else {
            // Over: the sower changes nothing, and names the player who
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

    /// Reads ahead for the sowing game's repetition history.
    #[inline]
    fn prefetch(&mut self) {
        self.game.prefetch();
    }
}
