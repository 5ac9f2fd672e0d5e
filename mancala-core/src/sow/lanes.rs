//! Laps sown lane by lane on an inline board of 2 to [`LANES`] holes, with
//! no seed kept back in the origin: each lap from constant tables, without
//! a branch per seed or per run, and compiled once for each kind of lap
//! (direction, passed-over origin, store).

use crate::board::{Board, LANES};
use crate::pit::Pit;
use crate::player::Player;
use crate::topology::Direction;

use super::Landing;
use super::spec::Sowing;

/// `PREFIX[k]`: 1 in every lane below `k`, 0 in the others. One lane
/// interval `a..b` (with `a <= b`) is `PREFIX[b] - PREFIX[a]`, lane-wise.
const PREFIX: [[u16; LANES]; LANES + 1] = {
    let mut t = [[0; LANES]; LANES + 1];
    let mut k = 0;
    while k <= LANES {
        let mut i = 0;
        while i < k {
            t[k][i] = 1;
            i += 1;
        }
        k += 1;
    }
    t
};

/// `ALL_BUT[i]`: every bit set in every lane but lane `i`, which is 0 (a
/// mask that empties lane `i`).
const ALL_BUT: [[u16; LANES]; LANES] = {
    let mut t = [[u16::MAX; LANES]; LANES];
    let mut i = 0;
    while i < LANES {
        t[i][i] = 0;
        i += 1;
    }
    t
};

/// A move's laps lane by lane: the board's size, how a lap is sown and
/// when it relays, the same for every lap.
#[derive(Clone, Copy)]
pub(super) struct LaneRing {
    /// Holes on the board (2 to [`LANES`]).
    n: usize,
    /// The lanes of the ring: `PREFIX[n]`.
    ring: &'static [u16; LANES],
    /// The direction seeds travel.
    direction: Direction,
    /// Every lap passes over its origin.
    skip_origin: bool,
    /// The hole after which the mover's store is sown into, if it is.
    store_after: Option<usize>,
    /// The player sowing.
    mover: Player,
    /// A lap relays from a landing hole that then holds at least this many
    /// seeds.
    at_least: u16,
}

/// A job done on lanes, compiled for each kind of lap: the direction
/// (`CCW`), the passed-over origin (`SKIP`) and the store (`STORE`) are
/// constants, so that each kind compiles to its own short loop;
/// [`LaneRing::dispatch`] picks one.
pub(super) trait LaneJob {
    /// What the job gives back.
    type Out;

    /// The job done on `ring`, a ring of the kind named.
    fn run<const CCW: bool, const SKIP: bool, const STORE: bool>(
        self,
        ring: &LaneRing,
    ) -> Self::Out;
}

/// One lap's shape on the lanes (see [`Relaying`]).
struct LaneLap {
    /// Whole revolutions, every lane of the ring gaining one each.
    full: u16,
    /// A seed of the last part-revolution enters the store.
    into_store: bool,
    /// The last seed enters the store.
    in_store: bool,
    /// The lanes the last part-revolution reaches: `hi - lo + wrapped`.
    lo: &'static [u16; LANES],
    hi: &'static [u16; LANES],
    wrapped: &'static [u16; LANES],
    /// The last hole a seed enters.
    last: usize,
}

impl LaneRing {
    /// The laps of `sowing` on a board of `n` holes, relaying at
    /// `at_least`; `None` unless `n` is 2 to [`LANES`] and no seed is kept
    /// back in the origin.
    #[inline(always)]
    pub(super) fn new(sowing: &Sowing<'_>, n: usize, at_least: u16) -> Option<LaneRing> {
        if sowing.spec.keeps() || n < 2 {
            return None;
        }
        Some(LaneRing {
            n,
            ring: PREFIX.get(n)?,
            direction: sowing.spec.direction,
            skip_origin: sowing.spec.skip_origin,
            store_after: sowing.store_after(n),
            mover: sowing.mover,
            at_least,
        })
    }

    /// Holes on the board: `n`, stated as at most [`LANES`] (which
    /// [`new`](LaneRing::new) made sure of) so that the compiler knows
    /// every hole and interval end below it is a lane: the laps' lookups
    /// in [`PREFIX`] and the lanes then need no bounds check (one compare
    /// before a loop of laps, rather than several in every lap).
    #[inline(always)]
    pub(super) const fn holes(&self) -> usize {
        if self.n < LANES { self.n } else { LANES }
    }

    /// Whether laps sow into the mover's store.
    #[inline(always)]
    pub(super) const fn sows_store(&self) -> bool {
        self.store_after.is_some()
    }

    /// `job`, compiled for this ring's kind of lap.
    #[inline(always)]
    pub(super) fn dispatch<J: LaneJob>(&self, job: J) -> J::Out {
        let ccw = self.direction == Direction::CounterClockwise;
        match (ccw, self.skip_origin, self.sows_store()) {
            (true, false, false) => job.run::<true, false, false>(self),
            (true, true, false) => job.run::<true, true, false>(self),
            (true, false, true) => job.run::<true, false, true>(self),
            (true, true, true) => job.run::<true, true, true>(self),
            (false, false, false) => job.run::<false, false, false>(self),
            (false, true, false) => job.run::<false, true, false>(self),
            (false, false, true) => job.run::<false, false, true>(self),
            (false, true, true) => job.run::<false, true, true>(self),
        }
    }

    /// Up to `limit` laps of a move from lap start `from` on `lanes` (and
    /// `store`, the mover's store count): [`Relaying`] of this ring's kind.
    #[inline(always)]
    pub(super) fn relay(
        &self,
        lanes: &mut [u16; LANES],
        store: &mut u16,
        from: Pit,
        limit: u64,
    ) -> Result<(Landing, u64), Pit> {
        self.dispatch(Relaying {
            lanes,
            store,
            from,
            limit,
        })
    }

    /// The shape of a lap of `seeds` (at least one) from `from`; `None`
    /// never (`from` and the intervals' ends are at most `n`).
    #[inline(always)]
    fn shape<const CCW: bool, const SKIP: bool, const STORE: bool>(
        &self,
        from: usize,
        seeds: u16,
    ) -> Option<LaneLap> {
        let n = self.holes();
        let per_rev = n - usize::from(SKIP) + usize::from(STORE);
        let mut r = usize::from(seeds);
        let mut full = 0;
        if r > per_rev {
            let k = (r - 1) / per_rev;
            full = k as u16;
            r -= k * per_rev;
        }
        // The store's slot: the holes sown before it (none: past them all).
        let store_slot = match self.store_after {
            Some(after) if STORE => {
                let d = if CCW {
                    after + n - from
                } else {
                    from + n - after
                };
                if d >= n { d - n } else { d }
            }
            _ => n,
        };
        let into_store = STORE && store_slot < r;
        // The last part-revolution sows `k` holes (`k <= n`, and `k < n`
        // if the origin is passed over): lanes `a`, `a + 1`, ... `a + k - 1`
        // round the ring, the lanes `a..b1` and `0..b2`.
        let k = r - usize::from(into_store);
        // Counter-clockwise, `a` may be `n` (the interval then all wraps).
        let a = if CCW { from + 1 } else { from + n - k };
        let a = if !CCW && a >= n { a - n } else { a };
        let (b1, b2) = if a + k > n {
            (n, a + k - n)
        } else {
            (a + k, 0)
        };
        // The last seed's hole: the `k`-th after the origin (`k` is 0 only
        // for a lap whose last seed went into the store, which ends without
        // reading it).
        let last = if CCW { from + k } else { from + n - k };
        Some(LaneLap {
            full,
            into_store,
            in_store: into_store & (store_slot == r - 1),
            lo: PREFIX.get(a)?,
            hi: PREFIX.get(b1)?,
            wrapped: PREFIX.get(b2)?,
            last: if last >= n { last - n } else { last },
        })
    }
}

impl LaneLap {
    /// Sows this lap on `lanes`: empties the origin (`keep` masks it out),
    /// adds the whole revolutions to every lane of `ring` (less the origin
    /// if `SKIP`) and one seed to each lane the last part-revolution
    /// reaches.
    #[inline(always)]
    fn sow<const SKIP: bool>(
        &self,
        lanes: &mut [u16; LANES],
        ring: &[u16; LANES],
        keep: &[u16; LANES],
    ) {
        for i in 0..LANES {
            let whole = (self.full * ring[i]) & if SKIP { keep[i] } else { u16::MAX };
            let part = self.hi[i] - self.lo[i] + self.wrapped[i];
            lanes[i] = (lanes[i] & keep[i]).saturating_add(whole + part);
        }
    }
}

/// Up to `limit` laps of a move from lap start `from` on `lanes` (and
/// `store`, the mover's store count, sown into if `STORE`), relaying from a
/// landing hole that then holds the ring's threshold or more: `Ok` with the
/// move's end and laps, or `Err` with the next lap start once `limit` laps
/// are sown.
///
/// Each lap is sown lane by lane: the origin's lane is emptied, every lane
/// of the ring (less the origin if it is passed over) adds the lap's whole
/// revolutions, and the `k` holes its last part-revolution reaches (a
/// cyclic interval of lanes, one or two intervals of [`PREFIX`]) add one
/// seed more.
pub(super) struct Relaying<'a> {
    /// The board's holes, lane by lane.
    pub(super) lanes: &'a mut [u16; LANES],
    /// The mover's store count.
    pub(super) store: &'a mut u16,
    /// The first lap's start.
    pub(super) from: Pit,
    /// The most laps sown.
    pub(super) limit: u64,
}

impl LaneJob for Relaying<'_> {
    type Out = Result<(Landing, u64), Pit>;

    #[inline(always)]
    fn run<const CCW: bool, const SKIP: bool, const STORE: bool>(
        self,
        ring: &LaneRing,
    ) -> Self::Out {
        let mut from = self.from.index();
        // The lap start's seeds: read from the lanes for the first lap, and
        // worked out for the next ones (below), so that deciding whether a
        // lap relays need not wait for the lanes it wrote.
        let mut start_seeds = self
            .lanes
            .get(..ring.holes())
            .and_then(|h| h.get(from))
            .copied();
        let mut laps = 0;
        while laps < self.limit {
            laps += 1;
            let (Some(seeds), Some(keep)) = (start_seeds.take(), ALL_BUT.get(from)) else {
                return Ok((Landing::Hole(Pit::from_index(from)), laps));
            };
            if seeds == 0 {
                return Ok((Landing::Hole(Pit::from_index(from)), laps));
            }
            let Some(lap) = ring.shape::<CCW, SKIP, STORE>(from, seeds) else {
                return Err(Pit::from_index(from));
            };
            // The last seed's hole gains the whole revolutions and the last
            // seed, and held its count before the lap unless it is the
            // origin, emptied (never passed over then: `k < n`).
            let held = if lap.last == from {
                0
            } else {
                self.lanes.get(lap.last).copied().unwrap_or(0)
            };
            lap.sow::<SKIP>(self.lanes, ring.ring, keep);
            if STORE {
                *self.store = self
                    .store
                    .saturating_add(lap.full + u16::from(lap.into_store));
            }
            // A lap whose last seed went into the store ends the move, as
            // does one whose last hole holds too few seeds to relay. (The
            // landing is chosen without a branch: a single lap, the usual
            // move, takes the branch below always, where whether it ended in
            // the store is a toss-up the processor cannot guess.)
            let count = held.saturating_add(lap.full + 1);
            if lap.in_store | (count < ring.at_least) {
                let landing = if lap.in_store {
                    Landing::Store(ring.mover)
                } else {
                    Landing::Hole(Pit::from_index(lap.last))
                };
                return Ok((landing, laps));
            }
            from = lap.last;
            start_seeds = Some(count);
        }
        Err(Pit::from_index(from))
    }
}

/// Up to `limit` laps of `sowing`'s move from lap start `from`, relaying
/// from a landing hole that then holds `at_least` or more, lane by lane
/// ([`Relaying`]) if `board` is an inline board of 2 to [`LANES`]
/// holes and the spec keeps no seed back in the origin; `None` otherwise
/// (the caller sows lap by lap). `Ok` with the move's end and laps, or
/// `Err` with the next lap start once `limit` laps are sown.
#[inline(always)]
pub(crate) fn relay_by_lanes(
    board: &mut Board,
    sowing: Sowing<'_>,
    from: Pit,
    limit: u64,
    at_least: u16,
) -> Option<Result<(Landing, u64), Pit>> {
    let (lanes, stores, n) = board.lanes_mut()?;
    let ring = LaneRing::new(&sowing, n, at_least)?;
    let store = stores.get_mut(sowing.mover.index())?;
    Some(ring.relay(lanes, store, from, limit))
}
