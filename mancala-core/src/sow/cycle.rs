//! Exact detection of endless relays: Brent's cycle detection over a move's
//! lap starts, in constant memory, every lap drawn from the work budget
//! (lane by lane where the board allows), and the first lap start that
//! repeats.

use crate::board::{Board, LANES, Pool};
use crate::pit::Pit;

use super::lanes::{LaneJob, LaneRing, Relaying};
use super::lap_cost;
use super::mover::{Found, Mover, Next};
use super::{RelayRule, Sower, Sown};

/// A cycle of relays: `mu` laps before it, `lambda` laps around it, and
/// the hole lifted at its first lap start (whose board the sower leaves
/// on the board sown).
pub(super) struct Cycle {
    pub(super) mu: u64,
    pub(super) lambda: u64,
    pub(super) hole: Pit,
}

impl<R: RelayRule> Mover<'_, R> {
    /// Brent's cycle detection over lap starts from the move's start, in
    /// constant memory (the hare walks on `hare`, whose counts are
    /// replaced; the tortoise on a copy from `pool`), every lap drawn from
    /// the budget. A finite move's end is left on `hare`; a cycle is known
    /// by its length, `lambda`, found within a few times `mu + lambda`
    /// laps. Undecided once the budget is spent.
    pub(super) fn find_cycle(&self, pool: &mut Pool, hare: &mut Board, start: &Board) -> Found {
        hare.clone_from(start);
        if let Some(found) = self.find_cycle_by_lanes(hare) {
            return found;
        }
        let (mut tortoise, mut t_hole) = (pool.copy_of(start), self.origin);
        let mut h_hole = self.origin;
        let mut hare_laps = 0u64;
        let (mut power, mut lambda) = (1u64, 0u64);
        let found = loop {
            if hare_laps > 0 && t_hole == h_hole && tortoise == *hare {
                break Found::Cycle { lambda };
            }
            if power == lambda {
                tortoise.clone_from(hare);
                t_hole = h_hole;
                power = power.saturating_mul(2);
                lambda = 0;
            }
            hare_laps += 1;
            match self.step(hare, h_hole) {
                Next::Lap(p) => h_hole = p,
                Next::End(landing) => {
                    // A finite move: the hare holds its end.
                    break Found::End(Sown {
                        landing,
                        laps: hare_laps,
                        endless: false,
                    });
                }
                Next::Spent => break Found::Undecided,
            }
            lambda += 1;
        };
        pool.give(tortoise);
        found
    }

    /// [`find_cycle`](Mover::find_cycle) lane by lane, where it applies
    /// (as [`relay_by_lanes`](super::relay_by_lanes): an inline board of 2
    /// to [`LANES`] holes that fits the topology, a relay rule of a
    /// threshold, no seed kept back in the origin): both walkers are arrays
    /// of lanes and the seeds spent are counted in a register, drawn from
    /// the meter once at the end. `hare` holds the move's start, and is
    /// left as `find_cycle` leaves it. `None` where the fast path does not
    /// apply.
    #[inline]
    fn find_cycle_by_lanes(&self, hare: &mut Board) -> Option<Found> {
        let Sower { sowing, meter, .. } = *self.sower;
        let at_least = self.lane_threshold(hare)?;
        let (lanes, stores, n) = hare.lanes_mut()?;
        if n != sowing.topology.holes() {
            return None;
        }
        let ring = LaneRing::new(&sowing, n, at_least)?;
        let store = stores.get_mut(sowing.mover.index())?;
        let (found, spent) = ring.dispatch(Brent {
            hare: lanes,
            hare_store: store,
            origin: self.origin,
            left: meter.left(),
        });
        // (Within what was left: never refused.)
        meter.spend(spent);
        Some(found)
    }

    /// The cycle of length `lambda` from the move's start: `mu` by two
    /// walkers `lambda` apart (the one ahead on `walker`, whose counts are
    /// replaced, left at the cycle's first lap start; the other on a copy
    /// from `pool`), every lap drawn from the budget (`None` once it is
    /// spent).
    pub(super) fn first_repeat(
        &self,
        pool: &mut Pool,
        walker: &mut Board,
        start: &Board,
        lambda: u64,
    ) -> Option<Cycle> {
        let advance = |b: &mut Board, h: &mut Pit| match self.step(b, *h) {
            Next::Lap(p) => {
                *h = p;
                true
            }
            Next::End(_) => true,
            Next::Spent => false,
        };
        let (mut tortoise, mut t_hole) = (pool.copy_of(start), self.origin);
        walker.clone_from(start);
        let (hare, mut h_hole) = (walker, self.origin);
        let mut within = (0..lambda).all(|_| advance(hare, &mut h_hole));
        let mut mu = 0u64;
        while within && !(t_hole == h_hole && tortoise == *hare) {
            within = advance(&mut tortoise, &mut t_hole) && advance(hare, &mut h_hole);
            mu += 1;
        }
        pool.give(tortoise);
        within.then_some(Cycle {
            mu,
            lambda,
            hole: h_hole,
        })
    }
}

/// Brent's cycle detection of a move on lanes (see
/// [`Mover::find_cycle_by_lanes`]): the hare's lanes and store count, the
/// move's origin and the budget left.
struct Brent<'a> {
    /// The hare's lanes, holding the move's start.
    hare: &'a mut [u16; LANES],
    /// The hare's count of the mover's store (sown into with `STORE`).
    hare_store: &'a mut u16,
    /// The hole the move starts from.
    origin: Pit,
    /// The seeds the walk may sow.
    left: u64,
}

impl LaneJob for Brent<'_> {
    /// What the walk found, and the seeds it sowed.
    type Out = (Found, u64);

    /// Brent's walk from the start, a lap at a time by [`Relaying`]: what
    /// it found, and the seeds it sowed (at most `left`; the lap that would
    /// pass it is not sown). A finite move's end is left on the hare.
    #[inline(never)]
    fn run<const CCW: bool, const SKIP: bool, const STORE: bool>(
        self,
        ring: &LaneRing,
    ) -> Self::Out {
        let Brent {
            hare,
            hare_store,
            origin,
            left,
        } = self;
        let (mut tortoise, mut t_store, mut t_hole) = (*hare, *hare_store, origin);
        let mut h_hole = origin;
        let (mut hare_laps, mut spent) = (0u64, 0u64);
        let (mut power, mut lambda) = (1u64, 0u64);
        loop {
            // (The store count is compared only if laps sow into it: else
            // it never changes, and the walk need not keep it at hand.)
            let same_store = !STORE || t_store == *hare_store;
            if hare_laps > 0 && t_hole == h_hole && tortoise == *hare && same_store {
                return (Found::Cycle { lambda }, spent);
            }
            if power == lambda {
                (tortoise, t_store, t_hole) = (*hare, *hare_store, h_hole);
                power = power.saturating_mul(2);
                lambda = 0;
            }
            let seeds = lap_cost(hare.get(h_hole.index()).copied().unwrap_or(0), ring.holes());
            if seeds > left - spent {
                return (Found::Undecided, spent);
            }
            spent += seeds;
            hare_laps += 1;
            let lap = Relaying {
                lanes: &mut *hare,
                store: &mut *hare_store,
                from: h_hole,
                limit: 1,
            };
            match lap.run::<CCW, SKIP, STORE>(ring) {
                Ok((landing, _)) => {
                    let sown = Sown {
                        landing,
                        laps: hare_laps,
                        endless: false,
                    };
                    return (Found::End(sown), spent);
                }
                Err(next) => h_hole = next,
            }
            lambda += 1;
        }
    }
}
