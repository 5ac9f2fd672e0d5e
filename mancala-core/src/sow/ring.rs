//! Laps on the board's counts, seed by seed but whole revolutions at once
//! (any board), and where a first lap lands found by arithmetic, without
//! sowing.

use crate::board::{Board, LANES};
use crate::pit::{Pit, PitSet};
use crate::topology::Direction;

use super::Landing;
use super::spec::Sowing;

/// The [`Ring::store_at`] of a ring whose seeds never enter a store, and
/// the slot [`walk`] names for the mover's store.
pub(super) const STORE: usize = usize::MAX;

/// The ring one lap goes round: which slots a seed may enter, from the
/// lap's origin.
#[derive(Clone, Copy)]
struct Ring {
    /// Holes on the board.
    n: usize,
    /// The hole lifted.
    origin: usize,
    /// The hole after which the mover's store is passed, going this way
    /// ([`STORE`]: no seed goes into it).
    store_at: usize,
    /// The hole passed over (`usize::MAX`: none).
    skip_at: usize,
    /// Slots a whole revolution fills: the holes, less the origin if it is
    /// passed over, plus the store if it is sown into.
    per_rev: usize,
}

impl Sowing<'_> {
    /// The hole after which the mover's store is passed, going the spec's
    /// way on a board of `n` holes, if his seeds go into it: `None` when
    /// the spec sows no store or he owns no row (and so no store on the
    /// ring).
    #[inline(always)]
    pub(super) fn store_after(&self, n: usize) -> Option<usize> {
        if !self.spec.into_own_store || self.mover.index() >= self.topology.players() {
            return None;
        }
        let hole = self.topology.store_hole(self.mover);
        Some(match self.spec.direction {
            Direction::CounterClockwise => hole,
            Direction::Clockwise if hole + 1 >= n => 0,
            Direction::Clockwise => hole + 1,
        })
    }

    /// The ring of a lap from `origin` on a board of `n` holes.
    #[inline(always)]
    fn ring(&self, n: usize, origin: usize) -> Ring {
        let store_at = self.store_after(n);
        let skip = self.spec.skip_origin;
        let store = store_at.is_some();
        Ring {
            n,
            origin,
            store_at: store_at.unwrap_or(STORE),
            skip_at: if skip { origin } else { usize::MAX },
            per_rev: n - usize::from(skip) + usize::from(store),
        }
    }

    /// [`lap`](Sowing::lap) without events, on the board's counts directly
    /// (lane by lane on an inline board of 2 to [`LANES`](crate::board::LANES)
    /// holes with no seed kept back in the origin): lifts the seeds of `from`
    /// and sows them (an empty hole or one off the board lands where it is).
    /// Also the whole sowing of a move without relays whose checks were made.
    #[inline]
    pub(crate) fn quiet_lap(&self, board: &mut Board, from: Pit) -> Landing {
        // One lap: its landing is the move's end, or (a hole holding the
        // threshold, here `u16::MAX` seeds) the next lap's start.
        if let Some(result) = super::relay_by_lanes(board, *self, from, 1, u16::MAX) {
            return match result {
                Ok((landing, _)) => landing,
                Err(next) => Landing::Hole(next),
            };
        }
        self.seed_lap(board, from)
    }

    /// [`quiet_lap`](Sowing::quiet_lap) seed by seed (whole revolutions at
    /// once), never lane by lane: for the cycle walks of long relays, whose
    /// laps are mostly a few seeds (fewer operations than a pass over every
    /// lane; and far fewer comparisons for a coverage-instrumented fuzz
    /// build to trace).
    #[inline]
    pub(super) fn seed_lap(&self, board: &mut Board, from: Pit) -> Landing {
        let (holes, stores) = board.parts_mut();
        let seeds = holes.get_mut(from.index()).map_or(0, core::mem::take);
        if self.spec.keeps() {
            self.sow_counts::<true>(holes, stores, from, seeds)
        } else {
            self.sow_counts::<false>(holes, stores, from, seeds)
        }
    }

    /// Sows `seeds` lifted from `from` on a board's hole and store counts:
    /// whole revolutions at once, then the rest seed by seed. `KEEP` is the
    /// spec's `first_into_origin`, known at compile time: the other games'
    /// laps, most of all the relay loops, pay nothing for it.
    #[inline(always)]
    pub(super) fn sow_counts<const KEEP: bool>(
        &self,
        holes: &mut [u16],
        stores: &mut [u16; crate::player::MAX_PLAYERS],
        from: Pit,
        seeds: u16,
    ) -> Landing {
        let origin = from.index();
        let n = holes.len();
        if seeds == 0 || origin >= n {
            return Landing::Hole(from);
        }
        // The seed put back into the origin; the rest is sown from it.
        let kept = if KEEP { self.spec.kept(seeds) } else { 0 };
        let seeds = if kept > 0 {
            holes[origin] = holes[origin].saturating_add(kept);
            seeds - kept
        } else {
            seeds
        };
        // A single seed put back: the lap ends where it began.
        if KEEP && seeds == 0 {
            return Landing::Hole(from);
        }
        let ring = self.ring(n, origin);
        let store = ring.store_at != STORE;
        let store_slot = &mut stores[self.mover.index()];
        let (full, seeds) = ring.revolutions(seeds);
        if full > 0 {
            for h in holes.iter_mut() {
                *h = h.saturating_add(full);
            }
            if ring.skip_at == origin {
                holes[origin] = kept;
            }
            if store {
                *store_slot = store_slot.saturating_add(full);
            }
        }
        let mut drop = |at: usize| match holes.get_mut(at) {
            Some(h) => *h = h.saturating_add(1),
            None => *store_slot = store_slot.saturating_add(1),
        };
        let landing = match self.spec.direction {
            Direction::CounterClockwise => walk::<true>(&ring, seeds, &mut drop),
            Direction::Clockwise => walk::<false>(&ring, seeds, &mut drop),
        };
        match landing {
            Some(at) => Landing::Hole(Pit::from_index(at)),
            None => Landing::Store(self.mover),
        }
    }

    /// Where a lap from `from` on `holes` would end, and the seeds the
    /// landing hole would then hold (0 for a store), found without sowing;
    /// `None` if `from` is off the board or empty, or the lap has nowhere
    /// to go. `KEEP` is the spec's `first_into_origin`.
    #[inline]
    pub(super) fn lap_landing<const KEEP: bool>(
        &self,
        holes: &[u16],
        from: Pit,
    ) -> Option<(Landing, u32)> {
        let origin = from.index();
        let seeds = *holes.get(origin)?;
        let ring = self.ring(holes.len(), origin);
        if seeds == 0 || ring.per_rev == 0 {
            return None;
        }
        // The seed put back into the origin, then the rest sown from it.
        let kept = if KEEP { self.spec.kept(seeds) } else { 0 };
        if KEEP && seeds == kept {
            // A single seed put back: it lands in its own hole.
            return Some((Landing::Hole(from), u32::from(kept)));
        }
        let (full, seeds) = ring.revolutions(seeds - kept);
        Some(match ring.landing(seeds, self.spec.direction) {
            None => (Landing::Store(self.mover), 0),
            Some(at) => {
                // The origin was lifted (and got back the kept seed); every
                // other hole keeps its seeds. Each revolution left one seed,
                // and the last seed is this one.
                let before = if at == origin { kept } else { holes[at] };
                (
                    Landing::Hole(Pit::from_index(at)),
                    u32::from(before) + u32::from(full) + 1,
                )
            }
        })
    }
}

impl Ring {
    /// The whole revolutions of `seeds` that are sown at once (every slot
    /// gets one seed each), leaving fewer than a revolution's worth and at
    /// least one seed: `(revolutions, seeds left)`.
    #[inline(always)]
    fn revolutions(&self, seeds: u16) -> (u16, u16) {
        if self.per_rev > 0 && usize::from(seeds) > self.per_rev {
            let full = (usize::from(seeds) - 1) / self.per_rev;
            // Fewer revolutions than seeds: both fit a `u16`.
            (full as u16, seeds - (full * self.per_rev) as u16)
        } else {
            (0, seeds)
        }
    }

    /// The hole `k` holes (at most `n`) on from `from`, going this way.
    #[inline(always)]
    fn ahead(&self, from: usize, k: usize, ccw: bool) -> usize {
        if ccw {
            let to = from + k;
            if to >= self.n { to - self.n } else { to }
        } else if k > from {
            from + self.n - k
        } else {
            from - k
        }
    }

    /// Where [`walk`] would drop the last of `seeds` (at least one, at most
    /// a revolution's worth), found by arithmetic: the hole, or `None` for
    /// the store. The seeds go into consecutive holes either side of the
    /// store, and never reach a passed-over origin (it would be the last
    /// slot of a whole revolution).
    #[inline(always)]
    fn landing(&self, seeds: u16, direction: Direction) -> Option<usize> {
        let ccw = direction == Direction::CounterClockwise;
        let seeds = usize::from(seeds);
        // Holes a seed enters before the store, if one enters it: the
        // steps from the origin to the hole after which it is passed.
        let before_store = (self.store_at != STORE).then(|| {
            let d = if ccw {
                self.store_at + self.n - self.origin
            } else {
                self.origin + self.n - self.store_at
            };
            if d >= self.n { d - self.n } else { d }
        });
        match before_store {
            Some(d) if seeds > d => match seeds - d - 1 {
                0 => None,
                after => Some(self.ahead(self.ahead(self.origin, d, ccw), after, ccw)),
            },
            _ => Some(self.ahead(self.origin, seeds, ccw)),
        }
    }
}

/// [`Sowing::lap_landing`] on a bare ring (holes only, at least two of
/// them, no seed kept back in the origin): a landing hole is the
/// part-revolution's last, found by one wrap.
#[inline(always)]
pub(super) fn bare_landing(
    holes: &[u16],
    origin: usize,
    spec: super::SowSpec,
) -> Option<(Landing, u32)> {
    let seeds = *holes.get(origin)?;
    if seeds == 0 {
        return None;
    }
    let (at, count) = match spec.direction {
        Direction::CounterClockwise => bare_end::<true>(holes, origin, seeds, spec.skip_origin),
        Direction::Clockwise => bare_end::<false>(holes, origin, seeds, spec.skip_origin),
    };
    Some((Landing::Hole(Pit::from_index(at)), count))
}

/// The holes of `candidates` that hold seeds on a bare ring (`holes`, 2 to
/// [`LANES`] of them, no store sown into, no seed kept back in the
/// origin), split without a branch for each: `(ends, tried)`, as bits, the
/// holes whose first lap ends the move (its last hole then holds fewer than
/// `at_least`, found by [`bare_end`]) and the others. A legal set's first
/// pass: the direction is matched once, outside the loop, so that the
/// loop is the same few instructions for every candidate.
#[inline(always)]
pub(super) fn bare_first_laps(
    holes: &[u16],
    candidates: PitSet,
    spec: super::SowSpec,
    at_least: u16,
) -> (u32, u32) {
    match spec.direction {
        Direction::CounterClockwise => {
            first_laps::<true>(holes, candidates, spec.skip_origin, at_least)
        }
        Direction::Clockwise => first_laps::<false>(holes, candidates, spec.skip_origin, at_least),
    }
}

/// [`bare_first_laps`] counter-clockwise if `CCW`, passing the origin over
/// if `skip`.
#[inline(always)]
fn first_laps<const CCW: bool>(
    holes: &[u16],
    candidates: PitSet,
    skip: bool,
    at_least: u16,
) -> (u32, u32) {
    let (mut ends, mut tried) = (0u32, 0u32);
    for pit in candidates.iter() {
        let i = pit.index();
        let seeds = holes.get(i).copied().unwrap_or(0);
        let first_lap_ends = bare_end::<CCW>(holes, i, seeds, skip).1 < u32::from(at_least);
        // (A hole with seeds is on the ring: `i < n <= LANES`.)
        let bit = u32::from(seeds > 0) << (i % LANES);
        let all_if = |yes: bool| 0u32.wrapping_sub(u32::from(yes));
        ends |= bit & all_if(first_lap_ends);
        tried |= bit & !all_if(first_lap_ends);
    }
    (ends, tried)
}

/// [`bare_landing`]'s arithmetic for a lap of `seeds` from `origin` (its
/// count on `holes`, at least one; `origin` on the ring), counter-clockwise
/// if `CCW`, passing the origin over if `skip`: the landing hole and its
/// count then. Without a branch that depends on the counts but for whole
/// revolutions (rare), so that a legal set can judge every candidate
/// before it branches.
#[inline(always)]
fn bare_end<const CCW: bool>(holes: &[u16], origin: usize, seeds: u16, skip: bool) -> (usize, u32) {
    let n = holes.len();
    let seeds = usize::from(seeds);
    let per_rev = n - usize::from(skip);
    let full = if seeds > per_rev {
        (seeds - 1) / per_rev
    } else {
        0
    };
    let r = seeds - full * per_rev;
    let at = if CCW { origin + r } else { origin + n - r };
    let at = if at >= n { at - n } else { at };
    // The origin was lifted; every other hole keeps its seeds. Each
    // revolution left one seed, and the last seed is this one.
    let before = if at == origin {
        0
    } else {
        holes.get(at).copied().unwrap_or(0)
    };
    (at, u32::from(before) + full as u32 + 1)
}

/// Walks `seeds` (at least one, fewer than a revolution's worth) round
/// `ring` from its origin, counter-clockwise if `CCW`, telling `drop` each
/// slot a seed enters (a hole's index, or [`STORE`]): the hole the last
/// seed enters, `None` for the store.
#[inline(always)]
fn walk<const CCW: bool>(
    ring: &Ring,
    mut seeds: u16,
    mut drop: impl FnMut(usize),
) -> Option<usize> {
    let n = ring.n;
    let mut at = ring.origin;
    loop {
        if at == ring.store_at {
            drop(STORE);
            seeds -= 1;
            if seeds == 0 {
                return None;
            }
        }
        at = match CCW {
            true if at + 1 == n => 0,
            true => at + 1,
            false if at == 0 => n - 1,
            false => at - 1,
        };
        if at == ring.skip_at {
            continue;
        }
        drop(at);
        seeds -= 1;
        if seeds == 0 {
            return Some(at);
        }
    }
}
