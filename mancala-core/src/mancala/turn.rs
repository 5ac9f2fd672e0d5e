//! A whole turn: the checked and unchecked entry points and the fast paths
//! behind them.

use crate::budget::Meter;
use crate::event::{Event, Observer};
use crate::pit::Pit;
use crate::player::Player;
use crate::rules::GrandSlam;
use crate::sow::{Relay, RelayRule, Undecided};
use crate::turn::{Move, Turn};

use super::{Applied, DECIDED, Handover, Mancala, NextTurn, PlayError};

impl Mancala {
    /// Plays a move after checking it, reporting every lift, seed, capture and
    /// collection to `observer` (for example a `Vec<Event>`), for interfaces
    /// that animate a move. [`Game::play`](crate::Game::play) is the same without events.
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

    /// [`Game::play`](crate::Game::play), deciding the move and the position it leads to from
    /// `meter` instead of from a fresh meter of the state's
    /// [`budget`](Mancala::budget): for a program that bounds the work of
    /// several calls together (a request that reads a position and plays
    /// moves on it), or measures what a call spent ([`Meter::spent`]).
    ///
    /// # Errors
    ///
    /// As [`Game::play`](crate::Game::play), [`PlayError::Undecided`] once `meter` runs dry;
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
    pub(super) fn probe(&self, mv: Move, meter: &Meter) -> Result<bool, PlayError> {
        if self.meter(meter).is_none() {
            return Ok(false);
        }
        self.clone().try_turn(mv, meter, &mut ())?;
        Ok(true)
    }

    /// [`Game::play_unchecked`](crate::Game::play_unchecked), reporting what happened to `observer`.
    ///
    /// # Panics
    ///
    /// Never panics; illegal moves behave as in [`Game::play_unchecked`](crate::Game::play_unchecked).
    pub fn play_unchecked_observed<O: Observer>(&mut self, mv: Move, observer: &mut O) -> Turn {
        match self.probe(mv, &Meter::new(self.shared.budget.0)) {
            Err(_) => Turn::nothing(self.to_move, mv),
            Ok(true) => self.apply_turn(mv, &Meter::new(DECIDED), observer),
            Ok(false) => self.apply_turn(mv, &Meter::new(self.shared.budget.0), observer),
        }
    }

    /// A whole turn: the move, then whose turn it is and whether the game
    /// ended. A move refused by the sower or by the work budget, or any
    /// move once the game is over, changes nothing.
    #[inline]
    pub(super) fn apply_turn<O: Observer>(
        &mut self,
        mv: Move,
        meter: &Meter,
        observer: &mut O,
    ) -> Turn {
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
    /// it: the sower's checks were made by the legal set, and without
    /// relays every position is decided.
    #[inline]
    pub(super) fn quiet_single_lap_turn<O: Observer>(
        &mut self,
        mv: Move,
        observer: &mut O,
    ) -> Option<Turn> {
        let Move::Sow(pit) = mv else {
            return None;
        };
        if O::RECORDS || self.shared.rules.relay != Relay::Never || !self.legal.contains(pit) {
            return None;
        }
        let mover = self.to_move;
        let before = u32::from(self.board.store(mover));
        let applied = self
            .shared
            .move_rules(mover)
            .apply_legal_single_lap(&mut self.board, pit);
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
    /// is unchanged. No spare board, no mover and no checks of the move:
    /// one copy of the board, kept until the turn stands. What the move did
    /// goes into `applied` (any value before; filled in when the turn
    /// stands). The next position's moves are decided drawing on `meter`.
    #[inline]
    pub(super) fn quiet_relay_turn<O: Observer>(
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
        *applied = Applied::sown(crate::sow::Sown {
            landing,
            laps,
            endless: false,
        });
        // Only a forbidden grand slam fails here, and the legal set holds
        // none; should one come, the full path refuses it.
        let captured =
            self.shared
                .move_rules(mover)
                .capture_after(&mut self.board, pit, applied, observer);
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
    pub(super) fn try_turn<O: Observer>(
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
                self.settle(
                    next,
                    Handover::Pass,
                    NextTurn::Sows,
                    self.meter(meter),
                    observer,
                )
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
        self.full_turn(mv, pit, meter, observer)
    }

    /// The full path of a sowing turn from `pit` (`mv`), for any move the
    /// fast paths leave: the move played by the sower, on a copy
    /// unless it surely stands, then the turn settled; the state is
    /// unchanged if the move or the next position is refused.
    #[inline(never)]
    fn full_turn<O: Observer>(
        &mut self,
        mv: Move,
        pit: Pit,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<Turn, PlayError> {
        let mover = self.to_move;
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
            self.shared
                .move_rules(mover)
                .apply(&mut self.board, pit, meter, observer)
        } else {
            let mut board = self.board.clone();
            let result = self
                .shared
                .move_rules(mover)
                .apply(&mut board, pit, meter, observer);
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
    pub(super) fn end_turn<O: Observer>(
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
        let handover = Handover::Sown { seeds_left_board };
        self.settle(next, handover, NextTurn::Sows, meter, observer)
    }
}
