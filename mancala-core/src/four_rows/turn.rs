//! How an action changes a four-row game: a turn's laps, what each
//! landing does (relay, capture, the sowing of captured seeds), the fixed
//! openings, placing, passing, and the end rules judged inside a turn.

use crate::game::Outcome;
use crate::player::Player;

use super::action::FourRowAction;
use super::rules::{AfterCapture, CapturedSeeds, FourRowEnd, LandingCount, Taken};
use super::state::{FourRowGame, FourRowTurn};

/// A lap of the mover's: the ring position it began from, the one where
/// its last seed fell, and its direction (+1 counter-clockwise).
#[derive(Clone, Copy)]
struct Lap {
    start: usize,
    landing: usize,
    step: isize,
}

impl FourRowGame {
    /// Applies a legal action.
    pub(super) fn apply(&mut self, action: FourRowAction) -> FourRowTurn {
        self.memo.clear();
        let mover = self.to_move;
        let mut turn = FourRowTurn::new(mover, action);
        match action {
            FourRowAction::Place(pit) => {
                self.board[pit.index()] += 1;
                self.stores[mover.index()] -= 1;
                self.finish();
            }
            FourRowAction::Pass => self.pass(),
            FourRowAction::Sow(pit) | FourRowAction::SowClockwise(pit) => {
                let k = pit.index() - self.rules.hole(mover, 0);
                if self.must_open(mover) {
                    self.open(k);
                    turn.laps = 1;
                    self.to_open[mover.index()] = false;
                    self.finish();
                } else {
                    let step = match action {
                        FourRowAction::SowClockwise(_) => -1,
                        _ => 1,
                    };
                    self.sow_turn(k, step, &mut turn);
                }
            }
        }
        turn.result = self.result;
        turn
    }

    /// A whole sowing turn from the mover's ring position `from`, every lap
    /// in direction `step`.
    fn sow_turn(&mut self, mut from: usize, step: isize, turn: &mut FourRowTurn) {
        while let Some(next) = self.lap(from, step, turn) {
            from = next;
        }
        if self.result.is_none() {
            self.finish();
        }
    }

    /// The end of a turn: the other player is to move, and the game is
    /// over if the rules say so.
    fn finish(&mut self) {
        self.to_move = self.to_move.next(2);
        self.passed = None;
        self.judge();
    }

    /// A pass: the other player is to move. Hus (Nama): the passer loses
    /// after his opponent's next lap, or at once if the opponent passed
    /// just before.
    fn pass(&mut self) {
        let mover = self.to_move;
        if self.rules.end == FourRowEnd::PassThenLose {
            if self.passed.is_some() {
                self.result = Some(Outcome::Winner(mover));
            } else {
                self.passed = Some(mover);
                self.to_move = mover.next(2);
            }
            return;
        }
        self.finish();
    }

    /// Drops `seeds` seeds one a hole into `player`'s ring from the hole
    /// after ring position `from`, in direction `step` (into `from` itself
    /// too when they go round); the ring position of the last, or `from`
    /// if there are none.
    pub(super) fn drop_seeds(
        &mut self,
        player: Player,
        from: usize,
        seeds: u16,
        step: isize,
    ) -> usize {
        let n = self.rules.ring_len();
        let first = self.rules.hole(player, 0);
        let rounds = usize::from(seeds) / n;
        let rest = usize::from(seeds) % n;
        if rounds > 0 {
            for hole in &mut self.board[first..first + n] {
                *hole += rounds as u16;
            }
        }
        let mut at = from;
        for _ in 0..rest {
            at = self.rules.step(at, step);
            self.board[first + at] += 1;
        }
        if seeds == 0 {
            return from;
        }
        if rest == 0 { from } else { at }
    }

    /// One lap of the mover's from his ring position `from` in direction
    /// `step`, with what its landing does and the ends judged after a
    /// lap; the ring position the turn sows on from, or `None` once the
    /// turn (or the game) is over.
    pub(super) fn lap(
        &mut self,
        from: usize,
        step: isize,
        turn: &mut FourRowTurn,
    ) -> Option<usize> {
        let mover = self.to_move;
        let other = mover.next(2);
        let hole = self.rules.hole(mover, from);
        let seeds = core::mem::take(&mut self.board[hole]);
        turn.laps += 1;
        let landing = self.drop_seeds(mover, from, seeds, step);
        let next = self.land(from, landing, step, turn);
        // Hus (Nama): the first lap after the opponent's pass ends the game.
        let late_end = self.passed.is_some() && turn.laps == 1;
        let emptied = self.rules.end == FourRowEnd::RingEmptyLoses && self.ring_seeds(other) == 0;
        if late_end || emptied {
            self.result = Some(Outcome::Winner(mover));
            return None;
        }
        next
    }

    /// What the landing at the mover's ring position `landing` does, the
    /// lap having begun at `start`: a capture, a relay, or the turn's end.
    fn land(
        &mut self,
        start: usize,
        landing: usize,
        step: isize,
        turn: &mut FourRowTurn,
    ) -> Option<usize> {
        let count = self.ring(self.to_move, landing);
        let capture = self.rules.capture;
        let count_captures = match capture.landing {
            LandingCount::Lone => count == 1,
            LandingCount::Occupied => count >= 2,
            LandingCount::Any => true,
        };
        let inner = landing >= usize::from(self.rules.columns);
        if count_captures && (inner || capture.outer) {
            // The opponent's inner and outer holes facing the landing hole.
            let other = self.to_move.next(2);
            let (a, b) = self.rules.facing(landing);
            let facing = (self.rules.hole(other, a), self.rules.hole(other, b));
            let (a, b) = (self.board[facing.0], self.board[facing.1]);
            if a > 0 && (!capture.both_occupied || b > 0) {
                let lap = Lap {
                    start,
                    landing,
                    step,
                };
                return self.capture(lap, facing, turn);
            }
        }
        (self.rules.relay && count >= 2).then_some(landing)
    }

    /// The capture of `lap` from the opponent's holes `facing` (inner,
    /// outer); the ring position the turn sows on from, if any.
    fn capture(
        &mut self,
        lap: Lap,
        facing: (usize, usize),
        turn: &mut FourRowTurn,
    ) -> Option<usize> {
        let mover = self.to_move;
        let rules = self.rules;
        let own = rules.hole(mover, lap.landing);
        let inner = core::mem::take(&mut self.board[facing.0]);
        let outer = match rules.capture.taken {
            Taken::Inner => 0,
            _ => core::mem::take(&mut self.board[facing.1]),
        };
        let mut taken = inner + outer;
        if rules.capture.taken == Taken::InnerOuterLanding {
            taken += core::mem::take(&mut self.board[own]);
        }
        turn.captured += u32::from(taken);
        match rules.capture.seeds_to {
            CapturedSeeds::Store => self.stores[mover.index()] += taken,
            CapturedSeeds::SowFromLanding => {
                // As Ludii counts: after an inner landing hole with the
                // outer hole occupied, only the outer hole's seeds.
                let outer_landing = lap.landing < usize::from(rules.columns);
                let sown = if outer_landing || outer == 0 {
                    taken
                } else {
                    outer
                };
                self.board[own] += taken - sown;
                self.drop_seeds(mover, lap.landing, sown, 1);
            }
            CapturedSeeds::SowFromLapStart => {
                self.drop_seeds(mover, lap.start, taken, 1);
            }
        }
        match rules.capture.then {
            AfterCapture::Over => None,
            AfterCapture::SowNextIfTwo => {
                let next = rules.step(lap.landing, lap.step);
                (self.ring(mover, next) >= 2).then_some(next)
            }
            AfterCapture::Relay => (self.ring(mover, lap.landing) > 0).then_some(lap.landing),
        }
    }

    /// Hus (Nama)'s opening from the mover's ring position `k` (one of
    /// [`FourRowRules::openings`](super::rules::FourRowRules)), `h = C/2`.
    fn open(&mut self, k: usize) {
        let mover = self.to_move;
        let c = usize::from(self.rules.columns);
        let h = c / 2;
        let hole = |k: usize| self.rules.hole(mover, k);
        let (from, mid, left, right) = (
            hole(k),
            hole(h + 1),
            hole(2 * c - 2 - h),
            hole(2 * c - 3 - h),
        );
        let seeds = core::mem::take(&mut self.board[from]);
        if k == h - 2 {
            // Into h+1, then two seeds from there into h+2 and h+3.
            self.board[mid] += seeds;
            let lifted = self.board[mid].min(2);
            self.board[mid] -= lifted;
            self.drop_seeds(mover, h + 1, lifted, 1);
        } else if k == h - 1 {
            self.drop_seeds(mover, k, seeds, 1);
        } else {
            // One seed into 2C-2-h, the other into 2C-3-h.
            let one = seeds.min(1);
            self.board[left] += one;
            self.board[right] += seeds - one;
        }
    }
}
