//! A turn of Numercy: the sowing, the arithmetic's points, and the turn
//! passed on (the next player's legal moves, or the end).

use mancala_core::{
    Board, Landing, Meter, Observer, Pit, PitSet, Player,
    budget::Undecided,
    rules::{Endless, Relay, SowSpec},
    toolkit::{SowError, Sower},
};

use crate::end::Recorded;
use crate::{End, MoveReport, Numercy, Scoring};

impl Numercy {
    /// Sows `pit` for the player to move on `board`, drawing on `meter`.
    pub(crate) fn sow_on<O: Observer>(
        &self,
        board: &mut Board,
        pit: Pit,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<mancala_core::toolkit::Sown, SowError> {
        let relay = Relay::AtLeast(self.shared.options.relay_at);
        self.sower(self.to_move, &relay, meter)
            .sow(board, pit, observer)
    }

    /// The sower for `mover`'s moves, relaying by `relay` (the
    /// options' [`Relay::AtLeast`]), drawing on `meter`.
    fn sower<'a>(&'a self, mover: Player, relay: &'a Relay, meter: &'a Meter) -> Sower<'a, Relay> {
        let options = &self.shared.options;
        let spec = SowSpec {
            skip_origin: options.skip_origin,
            ..SowSpec::default()
        };
        Sower::new(&self.shared.topology, spec, mover, relay, meter).endless(options.endless)
    }

    /// Scores the sown `board` and passes the turn, the next position's
    /// moves decided drawing on `meter`.
    ///
    /// # Errors
    ///
    /// The first move of the next position that the work budget cannot
    /// decide; the state is then unchanged.
    pub(crate) fn finish_move(
        &mut self,
        origin: Pit,
        mut board: Board,
        sown: mancala_core::toolkit::Sown,
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
            self.ended = Recorded(Some(if repeated {
                End::Repetition
            } else if self.board.seeds_of(&self.shared.topology, player) == 0 {
                End::NoBalls(player)
            } else {
                End::AllEndless(player)
            }));
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
        // Each move sown on a scratch board, in one pass (the
        // sower's fast path for a legal set).
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
