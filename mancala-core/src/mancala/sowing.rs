//! One move's sowing and captures on a board, for the turn paths and the
//! legality trials.

use crate::board::Board;
use crate::budget::Meter;
use crate::capture::{self, Capture, LastSeed};
use crate::event::{Event, Observer};
use crate::pit::{Pit, PitSet};
use crate::player::Player;
use crate::rules::{Credit, GrandSlam, Rules};
use crate::sow::{Landing, Relay, RelayRule, SingleLap, SowError, Sower, Sown};
use crate::topology::Topology;

use super::{Applied, Mancala, PlayError, Shared};

impl Mancala {
    /// The sower for `mover`'s moves under `rules`, relaying by
    /// `relay`, drawing on `meter`.
    #[inline]
    pub(super) fn sower<'a, R: RelayRule>(
        rules: &Rules,
        topology: &'a Topology,
        mover: Player,
        relay: &'a R,
        meter: &'a Meter,
    ) -> Sower<'a, R> {
        Sower::new(topology, rules.sowing, mover, relay, meter).endless(rules.endless)
    }
}

/// One player's move under one game's rules: what sowing a move on a board
/// and judging its captures take besides the board (the legality trials and
/// every turn path share it).
#[derive(Clone, Copy)]
pub(super) struct MoveRules<'a> {
    pub(super) rules: &'a Rules,
    pub(super) topology: &'a Topology,
    pub(super) mover: Player,
}

impl Shared {
    /// The rules of a move of `mover` in this game.
    #[inline]
    pub(super) fn move_rules(&self, mover: Player) -> MoveRules<'_> {
        MoveRules {
            rules: &self.rules,
            topology: &self.topology,
            mover,
        }
    }
}

impl<'a> MoveRules<'a> {
    /// The sower for this move, relaying by `relay`, drawing on
    /// `meter`.
    #[inline]
    pub(super) fn sower<R: RelayRule>(self, relay: &'a R, meter: &'a Meter) -> Sower<'a, R> {
        Mancala::sower(self.rules, self.topology, self.mover, relay, meter)
    }

    /// The sowing of the move from `pit` on `board`, under the rules' relay
    /// rule, drawing on `meter`.
    #[inline]
    pub(super) fn sow<O: Observer>(
        self,
        board: &mut Board,
        pit: Pit,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<Sown, SowError> {
        match self.rules.relay {
            Relay::Never => self.sower(&SingleLap, meter).sow(board, pit, observer),
            relay if self.rules.relay_if.is_plain() => {
                self.sower(&relay, meter).sow(board, pit, observer)
            }
            _ => self.sow_conditioned(board, pit, meter, observer),
        }
    }

    /// [`sow`](MoveRules::sow) under relay conditions
    /// ([`Rules::relay_if`]), out of line: only Kay's kind of rules pay
    /// for them.
    #[inline(never)]
    fn sow_conditioned<O: Observer>(
        self,
        board: &mut Board,
        pit: Pit,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<Sown, SowError> {
        // A pure function of the board and the landing hole, as the
        // sower's cycle detection needs.
        let (relay, conditions) = (self.rules.relay, self.rules.relay_if);
        let direction = self.rules.sowing.direction;
        let topology = self.topology;
        let side_empty = |board: &Board| {
            let nonempty = board.nonempty_bits();
            Player::all(topology.players()).any(|p| nonempty & topology.mask_of(p) == 0)
        };
        let rule = |board: &Board, landing: Pit| {
            relay.relays(board, landing)
                && !(conditions.stop_on_empty_side && side_empty(board))
                && (!conditions.next_occupied
                    || board.get(self.topology.step(landing, direction)) > 0)
                && !(conditions.capture_first && {
                    let last = self.last_seed(pit, landing);
                    self.rules.capture.starts(board, self.topology, last)
                        || self
                            .rules
                            .fallback_capture
                            .starts(board, self.topology, last)
                })
        };
        // (The rule lives only as long as this sowing: not `self.sower`.)
        Mancala::sower(self.rules, self.topology, self.mover, &rule, meter)
            .sow(board, pit, observer)
    }

    /// Where the move from `origin` ended, for the capture rules.
    #[inline]
    fn last_seed(self, origin: Pit, landing: Pit) -> LastSeed {
        LastSeed {
            origin,
            landing,
            direction: self.rules.sowing.direction,
            mover: self.mover,
        }
    }

    /// Sowing and capture of the move from `pit` on `board`. On error
    /// `board` may hold a partly played move: callers that keep the board
    /// after an error work on a copy (only endless relays and forbidden
    /// grand slams fail after sowing began).
    pub(super) fn apply<O: Observer>(
        self,
        board: &mut Board,
        pit: Pit,
        meter: &Meter,
        observer: &mut O,
    ) -> Result<Applied, PlayError> {
        let sown = self
            .sow(board, pit, meter, observer)
            .map_err(|e| PlayError::from_sow(pit, e))?;
        let mut applied = Applied::sown(sown);
        self.capture_after(board, pit, &mut applied, observer)?;
        Ok(applied)
    }

    /// A legal move without relays, played quietly: the sower's
    /// checks are skipped (the move is in the legal set, so the hole is
    /// the mover's and holds seeds, and nothing can refuse it).
    #[inline(always)]
    pub(super) fn apply_legal_single_lap(self, board: &mut Board, pit: Pit) -> Applied {
        let landing =
            crate::sow::lap_quiet(board, self.topology, self.rules.sowing, self.mover, pit);
        let sown = Sown {
            landing,
            laps: 1,
            endless: false,
        };
        let mut applied = Applied::sown(sown);
        // Only a forbidden grand slam fails here, and the legal set holds
        // none.
        let result = self.capture_after(board, pit, &mut applied, &mut ());
        debug_assert!(result.is_ok(), "a legal move was refused: {result:?}");
        applied
    }

    /// What a move from `pit` that ended in `landing` takes under a
    /// fallback capture or a sweep, `captured` being what the capture took:
    /// the fallback's holes where the capture took none, then the sweep's
    /// ([`Sweep::taken`](crate::rules::Sweep::taken)); `None` for nothing.
    /// Out of line: only the games with either pay for it (and the turn's
    /// own path keeps its report of where the move ended in registers).
    #[inline(never)]
    fn taken_besides(
        self,
        board: &Board,
        pit: Pit,
        landing: Pit,
        in_hole: bool,
        captured: Option<PitSet>,
    ) -> Option<PitSet> {
        let rules = self.rules;
        let last = self.last_seed(pit, landing);
        let captured = captured
            .or_else(|| {
                rules
                    .fallback_capture
                    .taken(board, self.topology, last, in_hole)
            })
            .unwrap_or(PitSet::EMPTY);
        let taken = rules
            .sweep
            .taken(board, self.topology, self.mover, captured);
        (!taken.is_empty()).then_some(taken)
    }

    /// The captures (and extra turn) after `applied`, so far the sowing of
    /// `pit`, recorded into it (what is taken: [`Capture::taken`], and
    /// [`Sweep::taken`](crate::rules::Sweep::taken) with it). (Filled
    /// in place rather than returned: a returned `Result<Applied, _>` is
    /// copied through memory in pieces that the processor cannot forward, a
    /// stall on every move.)
    ///
    /// # Errors
    ///
    /// [`PlayError::GrandSlam`] for a grand slam the rules forbid; `applied`
    /// is then unchanged, and so is the board.
    #[inline(always)]
    pub(super) fn capture_after<O: Observer>(
        self,
        board: &mut Board,
        pit: Pit,
        applied: &mut Applied,
        observer: &mut O,
    ) -> Result<(), PlayError> {
        let rules = self.rules;
        // Whether the move ended in a hole it may capture from (not in a
        // store, nor stopped as endless), worked out without a branch: a
        // move into a store is a toss-up the processor cannot guess, so
        // the capture folds it in rather than branch on it first.
        let (landing, in_hole) = match applied.landing {
            Landing::Hole(h) => (h, !applied.endless),
            Landing::Store(_) => (pit, false),
        };
        applied.extra_turn = rules.extra_turn & (applied.landing == Landing::Store(self.mover));
        let last = self.last_seed(pit, landing);
        // A move that captures nothing returns at once: no empty set is
        // built and read back (a set written whole and read in halves
        // waits on its store); under a sweep, whatever it adds.
        let taken = match rules.capture.taken(board, self.topology, last, in_hole) {
            Some(taken) if rules.sweep.is_none() => taken,
            None if rules.sweep.is_none() && rules.fallback_capture == Capture::None => {
                return Ok(());
            }
            captured => match self.taken_besides(board, pit, landing, in_hole, captured) {
                Some(taken) => taken,
                None => return Ok(()),
            },
        };
        if rules.grand_slam != GrandSlam::Allow
            && capture::is_grand_slam(board, self.topology, taken)
        {
            match rules.grand_slam {
                GrandSlam::Allow => {}
                GrandSlam::NoCapture => {
                    if O::RECORDS {
                        observer.event(Event::GrandSlamRefused);
                    }
                    applied.grand_slam_refused = true;
                    return Ok(());
                }
                GrandSlam::Forbid => return Err(PlayError::GrandSlam(pit)),
            }
        }
        applied.seeds = match rules.credit {
            Credit::Mover => capture::take_into_store(board, taken, self.mover, observer),
            Credit::Owner => capture::take_to_owners(board, self.topology, taken, observer),
            Credit::Opponent => {
                let players = self.topology.players();
                let opponent = |pit| self.topology.owner(pit).next(players);
                capture::take_each(board, taken, opponent, observer)
            }
        };
        applied.captured = taken;
        Ok(())
    }
}
