//! The end of a turn: handing it on, the end conditions, and the legal set
//! of the player to move next.

use crate::budget::Meter;
use crate::end::{End, Recorded};
use crate::event::{Event, Observer};
use crate::feeding::Feeding;
use crate::pit::PitSet;
use crate::player::Player;
use crate::rules::Leftover;
use crate::sow::Undecided;

use super::{Mancala, Opening};

/// What happened since the turn was last settled, as settling needs to
/// know it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Handover {
    /// A position set up (the start, a setup read): nothing moved.
    SetUp,
    /// A pass: nothing moved.
    Pass,
    /// Seeds were placed onto the board (the repetition history starts
    /// afresh, as when seeds leave it).
    Placed,
    /// A sowing move, and whether seeds left the board for a store (the
    /// repetition history then starts afresh).
    Sown {
        /// A store changed: seeds left the board.
        seeds_left_board: bool,
    },
}

impl Handover {
    /// Whether the seeds on the board changed in number: the repetition
    /// history starts afresh, and a majority may have been reached.
    #[inline(always)]
    const fn seeds_left_board(self) -> bool {
        matches!(
            self,
            Handover::Placed
                | Handover::Sown {
                    seeds_left_board: true
                }
        )
    }

    /// Whether a sowing move ended the turn.
    #[inline(always)]
    const fn after_sowing(self) -> bool {
        matches!(self, Handover::Sown { .. })
    }
}

/// What the player given the turn does first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum NextTurn {
    /// He sows (or passes).
    Sows,
    /// He places seeds before he sows (Mankka's opening, see
    /// [`Mancala::place_seeds_before_placement`]).
    Places,
}

impl NextTurn {
    /// `Places` if `placing`, else `Sows`.
    pub(crate) const fn placing(placing: bool) -> NextTurn {
        if placing {
            NextTurn::Places
        } else {
            NextTurn::Sows
        }
    }
}

impl Mancala {
    /// Hands the turn to `next` after `handover` and applies the end
    /// conditions; `next` then sows, or first places seeds (`turn`).
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
    /// unnecessary. When `next` places seeds first, the end conditions on
    /// the board apply, but his sowing moves are neither listed nor tried.
    #[inline(always)]
    pub(crate) fn settle<O: Observer>(
        &mut self,
        next: Player,
        handover: Handover,
        turn: NextTurn,
        meter: Option<&Meter>,
        observer: &mut O,
    ) -> Result<(), Undecided> {
        let fallible = meter.is_some();
        let previous = self.to_move;
        self.to_move = next;
        let Some(nonempty) = self.goes_on(next, handover, fallible) else {
            self.finish(observer);
            return Ok(());
        };
        if turn == NextTurn::Places {
            self.hand_to_placer(next, handover, fallible, observer);
            return Ok(());
        }
        // Only a budget fails, and only where settling is fallible: nothing
        // but the player to move has changed then.
        let (legal, others_can_move) = match self.next_moves(next, nonempty, meter) {
            Ok(moves) => moves,
            Err(cause) => {
                self.to_move = previous;
                return Err(cause);
            }
        };
        self.legal = legal;
        // What is left of the opening, if anything (a placement just made,
        // restricted first moves): one test of a byte on every other turn.
        if self.opening != Opening::OVER {
            self.settle_opening(next, handover);
        }
        self.record_settled(next, handover, fallible);
        if !(self.can_sow() || others_can_move) {
            self.ended = self.stuck(next);
            self.finish(observer);
        }
        Ok(())
    }

    /// The end conditions on the position reached, `next` to move: `None`
    /// if one ends the game (recorded in `ended`), else which holes hold
    /// seeds (as bits, where a later check reads them; else 0). Without a
    /// budget (not `fallible`) the position enters the repetition history
    /// now.
    #[inline(always)]
    fn goes_on(&mut self, next: Player, handover: Handover, fallible: bool) -> Option<u128> {
        let end = &self.shared.rules.end;
        let seeds_left_board = handover.seeds_left_board();
        if end.repetition {
            if fallible {
                // The position is recorded once it stands (`record_settled`).
                if !seeds_left_board && self.history.contains(&self.board, next) {
                    self.ended = Recorded::REPETITION;
                    return None;
                }
            } else {
                if seeds_left_board {
                    self.history.clear();
                }
                if !self.history.insert(&self.board, next) {
                    self.ended = Recorded::REPETITION;
                    return None;
                }
            }
        }
        // A sowing that left every seed on the board changed no store: a
        // majority would have ended the game at the last turn already.
        if end.majority && (seeds_left_board || !handover.after_sowing()) && self.majority() {
            self.ended = self.majority_end();
            return None;
        }
        if let Some(target) = end.target
            && let Some(p) = self.at_target(target)
        {
            self.ended = Recorded::target(p, self.board.store(p));
            return None;
        }
        // Which holes hold seeds, once for the checks below, where one of
        // them reads it.
        let nonempty = if self.shared.reads_nonempty {
            self.board.nonempty_bits()
        } else {
            0
        };
        let topology = &self.shared.topology;
        let ended = end.side_empty
            && Player::all(topology.players()).any(|p| nonempty & topology.mask_of(p) == 0)
            || handover.after_sowing()
                && end
                    .at_most_left
                    .is_some_and(|most| self.board.on_board() <= u32::from(most))
            || end
                .each_at_most
                .is_some_and(|most| self.board.holes().iter().all(|&c| c <= most));
        if ended {
            self.ended = self.board_end(handover, nonempty);
            return None;
        }
        Some(nonempty)
    }

    /// The opening's part of handing the turn to `next`, who sows: he
    /// no longer places first, a sowing move (`handover`) counts as one of
    /// the restricted first moves left, if any, and while some are left
    /// his legal set keeps to the holes they may sow (see
    /// [`first_moves_only`](Mancala::first_moves_only)). Out of line: only
    /// the turns of an opening take it. (After the legal set is worked
    /// out, so that a settling that fails has not counted the move.)
    #[cold]
    #[inline(never)]
    fn settle_opening(&mut self, next: Player, handover: Handover) {
        self.opening.set_placing(false);
        if handover.after_sowing() {
            self.opening.count_move();
        }
        if self.opening.first_moves_left() != 0 {
            self.legal = self.first_moves_only(next, self.legal);
        }
    }

    /// Which of the end conditions on the board ended the game (an empty
    /// side, few seeds left, every hole nearly empty: the first that holds,
    /// as [`goes_on`](Mancala::goes_on) asks them); `nonempty` as it read
    /// it. Only when a game ends, so out of the way of the turn.
    #[cold]
    #[inline(never)]
    fn board_end(&self, handover: Handover, nonempty: u128) -> Recorded {
        let end = &self.shared.rules.end;
        let topology = &self.shared.topology;
        // (Settling reads `nonempty` wherever the empty side is checked.)
        let empty_side = Player::all(topology.players())
            .find(|&p| end.side_empty && nonempty & topology.mask_of(p) == 0);
        if let Some(p) = empty_side {
            return Recorded::side_empty(p);
        }
        let left = self.board.on_board();
        match end.at_most_left {
            Some(most) if handover.after_sowing() && left <= u32::from(most) => {
                Recorded::few_left(left as u16)
            }
            _ => Recorded::each_at_most(end.each_at_most.unwrap_or(0)),
        }
    }

    /// The first player, in turn order, whose store holds at least
    /// `target` seeds, if any ([`EndRules::target`](crate::rules::EndRules::target)).
    pub(super) fn at_target(&self, target: u16) -> Option<Player> {
        Player::all(self.shared.topology.players()).find(|&p| self.board.store(p) >= target)
    }

    /// The first player, in turn order, whose holes are all empty, if any.
    pub(super) fn first_empty_side(&self) -> Option<Player> {
        let topology = &self.shared.topology;
        Player::all(topology.players()).find(|&p| !self.board.has_seeds(topology, p))
    }

    /// The majority that ended the game: the player whose store holds more
    /// than half of all seeds and his seeds, or (no player) half the seeds
    /// when two stores hold half each.
    #[cold]
    #[inline(never)]
    fn majority_end(&self) -> Recorded {
        let total = self.board.total();
        let stores = &self.board.stores()[..self.shared.topology.players()];
        match Player::all(stores.len()).find(|&p| 2 * u32::from(self.board.store(p)) > total) {
            Some(p) => Recorded::majority(Some(p), self.board.store(p)),
            None => Recorded::majority(None, (total / 2) as u16),
        }
    }

    /// Why `next`, to move, cannot: no player can move (where a player who
    /// cannot move passes), or he cannot, with or without seeds, with or
    /// without a hole he may sow, failing to feed the player after him who
    /// has none. Only when a game ends.
    #[cold]
    #[inline(never)]
    fn stuck(&self, next: Player) -> Recorded {
        let rules = &self.shared.rules;
        if rules.end.pass {
            return Recorded::NOBODY_CAN_MOVE;
        }
        let topology = &self.shared.topology;
        let has_seeds = self.board.has_seeds(topology, next);
        let fed = self.fed_player(next);
        let unfed = rules.feeding != Feeding::Off && !self.board.has_seeds(topology, fed);
        Recorded::no_move(
            next,
            has_seeds,
            has_seeds && !self.has_sowable(&self.board, next),
            unfed.then_some(fed),
        )
    }

    /// Why the game ended, if it has: the end condition that ended it, as
    /// the turn settling that ended it recorded it (before the seeds left
    /// were swept to their owners). `None` while the game goes on, and for
    /// a game built as over from a [`Setup`](crate::Setup) (or its text or
    /// serde form) marked `over`: a setup does not say why (a state that a
    /// setup, live, finds over by the rules records its end like any move).
    ///
    /// The reason is how play reached the state, not part of the position:
    /// [`PartialEq`], [`Hash`](core::hash::Hash),
    /// [`key`](crate::Game::key), the setup, text and serde forms ignore
    /// it, so a finished state still equals the one its setup rebuilds.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{End, Game, Mancala, Move, Pit, Player, Rules, Setup};
    ///
    /// // South's hole 5 reaches North's hole 6: a capture of 2 gives South
    /// // 25 of 48 seeds, more than half.
    /// let mut setup = Setup::new(Rules::oware());
    /// setup.board = vec![1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0];
    /// setup.stores = vec![23, 21];
    /// let mut game = Mancala::from_setup(setup)?;
    /// assert_eq!(game.end(), None);
    /// game.play(Move::Sow(Pit::new(5).unwrap()))?;
    /// let majority = End::Majority { player: Some(Player::P0), seeds: 25, total: 48 };
    /// assert_eq!(game.end(), Some(majority));
    /// // The 2 seeds left were then swept to their owners.
    /// assert_eq!(game.board().store(Player::P0), 26);
    /// // Rebuilt from its setup, the game is the same, but why it ended is
    /// // not known.
    /// let again = Mancala::from_setup(game.to_setup())?;
    /// assert_eq!(again, game);
    /// assert_eq!(again.end(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn end(&self) -> Option<End> {
        if !self.over {
            return None;
        }
        self.ended
            .end(self.board.total(), self.shared.rules.end.at_most_left)
    }

    /// Hands the turn to `next`, who places seeds before he sows: no sowing
    /// move of his is listed or tried. Without passes, a player with no hole
    /// he could sow still cannot move (his side is empty): the game ends as
    /// at any turn.
    #[inline(never)]
    fn hand_to_placer<O: Observer>(
        &mut self,
        next: Player,
        handover: Handover,
        fallible: bool,
        observer: &mut O,
    ) {
        self.legal = PitSet::EMPTY;
        // A sowing move counts as a restricted first move, if any are left
        // (his own moves are not listed, so none is restricted yet).
        if handover.after_sowing() {
            self.opening.count_move();
        }
        self.opening.set_placing(true);
        self.record_settled(next, handover, fallible);
        if !self.shared.rules.end.pass && !self.has_sowable(&self.board, next) {
            self.ended = self.stuck(next);
            self.finish(observer);
        }
    }

    /// The legal set of `next` (with trial sowings where legality takes
    /// them, else his holes that may be sown, read from `nonempty` where
    /// settling read it) and, if it is empty and the rules let him pass,
    /// whether another player can move (every move of the others decided:
    /// the board stays as it is after a pass).
    #[inline(always)]
    fn next_moves(
        &mut self,
        next: Player,
        nonempty: u128,
        meter: Option<&Meter>,
    ) -> Result<(PitSet, bool), Undecided> {
        let rules = &self.shared.rules;
        let topology = &self.shared.topology;
        let hungry = match rules.feeding {
            Feeding::Off => false,
            Feeding::Always => true,
            Feeding::Required | Feeding::IfPossible if self.shared.sows_any_own => {
                nonempty & topology.mask_of(self.fed_player(next)) == 0
            }
            Feeding::Required | Feeding::IfPossible => {
                !self.has_sowable(&self.board, self.fed_player(next))
            }
        };
        let legal = if Self::trials_needed(rules, hungry, meter.is_some()) {
            self.legal_with_trials(next, meter)?
        } else if self.shared.sows_any_own {
            PitSet::from_bits(nonempty & topology.mask_of(next))
        } else {
            PitSet::from_bits(Self::sowable_bits(rules, topology, &self.board, next))
        };
        let others_can_move =
            legal.is_empty() && self.shared.rules.end.pass && self.another_can_move(next, meter)?;
        Ok((legal, others_can_move))
    }

    /// Where settling is fallible, records the position it reached for the
    /// repetition rule once the position stands (the history starting
    /// afresh if seeds left the board).
    #[inline(always)]
    fn record_settled(&mut self, next: Player, handover: Handover, fallible: bool) {
        if fallible && self.shared.rules.end.repetition {
            if handover.seeds_left_board() {
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
        // Nobody places first, and no move is left to restrict.
        self.opening = Opening::OVER;
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
