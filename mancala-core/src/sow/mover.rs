//! One move behind [`Sower::sow`]: its first laps sown plainly, then, for a
//! move still relaying, its laps drawn from the work budget while Brent's
//! cycle detection (`cycle.rs`) decides it.

use crate::board::{Board, Pool};
use crate::pit::Pit;

use super::lanes::relay_by_lanes;
use super::{Endless, EndlessRelay, Landing, RelayRule, SowError, Sower, Sown, Undecided};
use super::{LAP_WALK_WEIGHT, PLAIN_LAPS, lap_cost};

/// One move of a sower from its origin.
pub(super) struct Mover<'a, R> {
    /// The sowing's rules and the call's budget.
    pub(super) sower: &'a Sower<'a, R>,
    /// The hole the move starts from.
    pub(super) origin: Pit,
}

/// Where a lap start leads: the move ends, or the next lap starts, or (the
/// budget spent) nothing is known.
pub(super) enum Next {
    End(Landing),
    Lap(Pit),
    Spent,
}

/// What cycle detection found.
pub(super) enum Found {
    Cycle { lambda: u64 },
    End(Sown),
    Undecided,
}

/// A plain run's end: `Ok` with the move's end and laps sown, or `Err` with
/// the next lap start once the laps allowed are sown.
pub(super) type Run = Result<(Landing, u64), Pit>;

impl<R: RelayRule> Mover<'_, R> {
    fn undecided(&self) -> SowError {
        SowError::Undecided(self.undecided_cause())
    }

    /// Why this move cannot be decided: the budget ran out.
    pub(super) fn undecided_cause(&self) -> Undecided {
        Undecided {
            pit: self.origin,
            player: self.sower.sowing.mover,
            budget: self.sower.meter.budget().limit().unwrap_or(u64::MAX),
        }
    }

    /// The relay threshold, if laps on `board` are sown lane by lane
    /// ([`relay_by_lanes`]: an inline board of 2 to
    /// [`LANES`](crate::board::LANES) holes, a relay rule of a threshold,
    /// no seed kept back in the origin).
    #[inline(always)]
    pub(super) fn lane_threshold(&self, board: &Board) -> Option<u16> {
        let lanes = board.lanes().is_some_and(|(_, _, n)| n >= 2);
        (lanes && !self.sower.sowing.spec.keeps())
            .then(|| self.sower.relay.threshold())
            .flatten()
    }

    /// One lap from `from`, its seeds drawn from the budget (lane by lane
    /// where the board and the relay rule allow; elsewhere each seed counts
    /// [`LAP_WALK_WEIGHT`]).
    #[inline]
    pub(super) fn step(&self, board: &mut Board, from: Pit) -> Next {
        let seeds = lap_cost(board.get(from), board.len());
        let Sower { sowing, meter, .. } = *self.sower;
        if let Some(at_least) = self.lane_threshold(board) {
            if !meter.spend(seeds) {
                return Next::Spent;
            }
            if let Some(lap) = relay_by_lanes(board, sowing, from, 1, at_least) {
                return match lap {
                    Ok((landing, _)) => Next::End(landing),
                    Err(next) => Next::Lap(next),
                };
            }
        } else if !meter.spend(seeds.saturating_mul(LAP_WALK_WEIGHT)) {
            return Next::Spent;
        }
        match sowing.seed_lap(board, from) {
            Landing::Hole(p) if self.sower.relay.relays(board, p) => Next::Lap(p),
            landing => Next::End(landing),
        }
    }

    /// Up to `limit` laps of the move from lap start `from` (on the counts
    /// directly under a threshold rule), not drawn from the budget.
    #[inline]
    pub(super) fn run_plain(&self, board: &mut Board, from: Pit, limit: u64) -> Run {
        let mut from = from;
        if let Some(at_least) = self.sower.relay.threshold() {
            return if self.sower.sowing.spec.keeps() {
                self.relay_counts::<true>(board, from, limit, at_least)
            } else {
                self.relay_counts::<false>(board, from, limit, at_least)
            };
        }
        for laps in 1..=limit {
            match self.sower.sowing.seed_lap(board, from) {
                Landing::Hole(p) if self.sower.relay.relays(board, p) => from = p,
                landing => return Ok((landing, laps)),
            }
        }
        Err(from)
    }

    /// [`run_plain`](Mover::run_plain) under a threshold rule, on the
    /// counts directly; `KEEP` is the spec's `first_into_origin`.
    #[inline(always)]
    fn relay_counts<const KEEP: bool>(
        &self,
        board: &mut Board,
        mut from: Pit,
        limit: u64,
        at_least: u16,
    ) -> Run {
        let sowing = self.sower.sowing;
        if let Some(result) = relay_by_lanes(board, sowing, from, limit, at_least) {
            return result;
        }
        // Larger boards, heap boards, or a seed kept back: lap by lap, the
        // whole revolutions at once and the rest seed by seed.
        let (holes, stores) = board.parts_mut();
        for laps in 1..=limit {
            let seeds = holes.get_mut(from.index()).map_or(0, core::mem::take);
            let landing = sowing.sow_counts::<KEEP>(holes, stores, from, seeds);
            match landing {
                Landing::Hole(p) if holes.get(p.index()).is_some_and(|&c| c >= at_least) => {
                    from = p;
                }
                _ => return Ok((landing, laps)),
            }
        }
        Err(from)
    }

    /// The whole move from `self.origin`, decided within the budget. The
    /// copies it takes come from the board's spare blocks.
    #[inline(always)]
    pub(super) fn run(&self, board: &mut Board) -> Result<Sown, SowError> {
        let ended = |(landing, laps)| Sown {
            landing,
            laps,
            endless: false,
        };
        if board.is_inline() {
            // An inline board copies in a few word moves: the common move,
            // which ends within the plain laps, takes no pool.
            let start = board.clone();
            return match self.run_plain(board, self.origin, PLAIN_LAPS) {
                Ok(end) => Ok(ended(end)),
                Err(_) => self.decide(board, &mut Pool::default(), start),
            };
        }
        let mut pool = board.take_pool();
        let start = pool.copy_of(board);
        let result = match self.run_plain(board, self.origin, PLAIN_LAPS) {
            Ok(end) => {
                pool.give(start);
                Ok(ended(end))
            }
            Err(_) => self.decide(board, &mut pool, start),
        };
        board.put_pool(pool);
        result
    }

    /// The rest of [`run`](Mover::run) for a move still going after its
    /// plain laps (`start` the board before the move, `board` any board of
    /// its size): the move's end, or its cycle measured, on `board`; copies
    /// taken from `pool` and given back, `start` too. On error `board`
    /// holds `start`.
    #[inline(never)]
    fn decide(&self, board: &mut Board, pool: &mut Pool, start: Board) -> Result<Sown, SowError> {
        let result = match self.find_cycle(pool, board, &start) {
            Found::Cycle { lambda } => match self.first_repeat(pool, board, &start, lambda) {
                Some(cycle) => match self.sower.endless {
                    Endless::Forbid => Err(EndlessRelay {
                        laps_before_cycle: cycle.mu,
                        cycle_laps: cycle.lambda,
                    }
                    .into()),
                    // The board at the cycle's first lap start is on `board`.
                    Endless::Stop => Ok(Sown {
                        landing: Landing::Hole(cycle.hole),
                        laps: cycle.mu + cycle.lambda,
                        endless: true,
                    }),
                },
                None => Err(self.undecided()),
            },
            // The move's end is on `board`.
            Found::End(sown) => Ok(sown),
            Found::Undecided => Err(self.undecided()),
        };
        if result.is_err() {
            board.clone_from(&start);
        }
        pool.give(start);
        result
    }
}
