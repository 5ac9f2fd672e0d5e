//! The end of a turn: handing it on, the end conditions, and the legal set
//! of the player to move next.

use crate::{Event, Feeding, Leftover, Meter, Observer, PitSet, Player, Undecided};

use super::Mancala;

impl Mancala {
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
    pub(super) fn record_settled(&mut self, next: Player, seeds_left_board: bool, fallible: bool) {
        if fallible && self.shared.rules.end.repetition {
            if seeds_left_board {
                self.history.clear();
            }
            self.history.insert(&self.board, next);
        }
    }

    /// Whether a store holds more than half of all seeds, or two stores hold
    /// exactly half each.
    #[inline]
    pub(super) fn majority(&self) -> bool {
        let total = self.board.total();
        let stores = &self.board.stores()[..self.shared.topology.players()];
        let more = stores.iter().any(|&s| 2 * u32::from(s) > total);
        let halves = stores
            .iter()
            .filter(|&&s| 2 * u32::from(s) == total)
            .count();
        more || halves >= 2
    }

    pub(super) fn finish<O: Observer>(&mut self, observer: &mut O) {
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
