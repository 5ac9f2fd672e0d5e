//! The sowing engine: laps, relays, origin skipping, stores, and exact
//! detection of endless relays.

use crate::board::{LANES, Pool};
use crate::{Board, Direction, Event, Meter, Observer, Pit, PitSet, Player, Topology};

/// How seeds are sown in a lap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct SowSpec {
    /// The direction seeds travel.
    pub direction: Direction,
    /// Every lap skips the hole that lap was lifted from (oware).
    pub skip_origin: bool,
    /// Sowing drops a seed into the mover's own store when passing it, never
    /// into another player's (Kalah).
    pub into_own_store: bool,
    /// The first seed of a lap goes back into the hole it was lifted from,
    /// unless that hole held exactly one seed (Toguz Kumalak: a hole of
    /// nine seeds keeps one and sows eight on; a single seed moves to the
    /// next hole). The rest of the lap is sown as usual, so with
    /// [`skip_origin`](SowSpec::skip_origin) also set the origin keeps that
    /// first seed and is passed over on every later revolution. A missing
    /// field reads as `false` in serde.
    #[cfg_attr(feature = "serde", serde(default))]
    pub first_into_origin: bool,
}

impl SowSpec {
    /// The seeds a lap of `seeds` drops back into its origin before sowing
    /// on: one under [`first_into_origin`](SowSpec::first_into_origin) when
    /// more than one seed was lifted, else none.
    #[inline(always)]
    const fn kept(self, seeds: u16) -> u16 {
        if self.first_into_origin && seeds > 1 {
            1
        } else {
            0
        }
    }
}

/// When a lap ends in a hole, whether its seeds are lifted for another lap.
///
/// The rule must be a pure function of the board and the landing hole: the
/// engine relies on it to detect endless relays exactly.
pub trait RelayRule {
    /// `true` if this rule never relays (the engine then skips all relay
    /// bookkeeping).
    const SINGLE_LAP: bool = false;

    /// Whether the lap that ended in `landing` (already sown into `board`)
    /// continues with a new lap lifted from `landing`.
    fn relays(&self, board: &Board, landing: Pit) -> bool;

    /// `Some(n)` if this rule is exactly "relay when the landing hole then
    /// holds at least `n` seeds": the engine then sows relays on the counts
    /// directly. `None` (the default) for any other rule.
    #[inline]
    fn threshold(&self) -> Option<u16> {
        None
    }
}

/// The relay rules that are plain data.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Pit, rules::Relay, engine::RelayRule};
///
/// let board = Board::from_counts(&[6, 5], &[]);
/// let relay = Relay::AtLeast(6); // Numercy
/// assert!(relay.relays(&board, Pit::new(0).unwrap()));
/// assert!(!relay.relays(&board, Pit::new(1).unwrap()));
/// assert!(!Relay::Never.relays(&board, Pit::new(0).unwrap()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Relay {
    /// One lap only.
    #[default]
    Never,
    /// Relay when the landing hole then holds at least this many seeds
    /// (Numercy: 6; Mankka: 4, i.e. neither empty before nor 2 or 3).
    AtLeast(u16),
}

impl RelayRule for Relay {
    #[inline]
    fn relays(&self, board: &Board, landing: Pit) -> bool {
        match *self {
            Relay::Never => false,
            Relay::AtLeast(n) => board.get(landing) >= n,
        }
    }

    #[inline]
    fn threshold(&self) -> Option<u16> {
        match *self {
            Relay::Never => None,
            Relay::AtLeast(n) => Some(n),
        }
    }
}

/// A relay rule that never relays, known at compile time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SingleLap;

impl RelayRule for SingleLap {
    const SINGLE_LAP: bool = true;
    #[inline]
    fn relays(&self, _board: &Board, _landing: Pit) -> bool {
        false
    }
}

impl<F: Fn(&Board, Pit) -> bool> RelayRule for F {
    fn relays(&self, board: &Board, landing: Pit) -> bool {
        self(board, landing)
    }
}

/// What to do with a move whose relays would never end.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Endless {
    /// The move is not legal (the family's default: see
    /// [Endless relays](crate#endless-relays)).
    #[default]
    Forbid,
    /// The move ends at the first lap start that repeats, before lifting;
    /// it scores and captures nothing, and the turn passes with the board
    /// as the cycle left it.
    Stop,
}

impl Endless {
    /// The options text's values, in the order of the variants.
    pub const NAMES: [&'static str; 2] = ["forbid", "stop"];

    /// Its value in an options text (`endless=forbid`, `endless=stop`).
    pub const fn name(self) -> &'static str {
        match self {
            Endless::Forbid => Endless::NAMES[0],
            Endless::Stop => Endless::NAMES[1],
        }
    }

    /// Reads option `key`'s value `forbid` or `stop`.
    ///
    /// # Errors
    ///
    /// [`OptionError::BadValue`](crate::notation::OptionError::BadValue)
    /// for anything else.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::rules::Endless;
    ///
    /// assert_eq!(Endless::from_option("endless", "stop"), Ok(Endless::Stop));
    /// assert_eq!(Endless::Stop.name(), "stop");
    /// assert!(Endless::from_option("endless", "never").is_err());
    /// ```
    pub fn from_option(key: &str, value: &str) -> Result<Endless, crate::notation::OptionError> {
        match crate::notation::option_choice(key, value, &Endless::NAMES, "forbid or stop")? {
            0 => Ok(Endless::Forbid),
            _ => Ok(Endless::Stop),
        }
    }
}

/// Where the last seed of a move fell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Landing {
    /// In a hole. For a move ended by [`Endless::Stop`], the hole about to be
    /// lifted.
    Hole(Pit),
    /// In this player's store.
    Store(Player),
}

/// The result of a completed sowing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Sown {
    /// Where the last seed fell.
    pub landing: Landing,
    /// Laps sown (1 for a single-lap move).
    pub laps: u64,
    /// The move relayed forever and was ended by [`Endless::Stop`].
    pub endless: bool,
}

/// A move that relays forever, refused under [`Endless::Forbid`].
///
/// Lap starts (board and the hole about to be lifted) are numbered from 0, the
/// move's first lift. Lap start `laps_before_cycle + cycle_laps` is the first
/// to repeat an earlier one, lap start `laps_before_cycle`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("the relay never ends: after {laps_before_cycle} laps it repeats every {cycle_laps} laps")]
pub struct EndlessRelay {
    /// Laps sown before the cycle begins.
    pub laps_before_cycle: u64,
    /// Laps in one turn of the cycle.
    pub cycle_laps: u64,
}

/// A move whose relays the work budget could not decide: it neither ended
/// nor repeated a lap start within the seeds the call's [`Budget`] let the
/// engine sow. Such a move is never judged: whatever needed the decision
/// fails with this error and changes nothing.
///
/// [`Budget`]: crate::Budget
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error(
    "hole {pit} of {player}: its relays were not decided within the work budget of {budget} seeds sown (a limit the program sets: Budget)"
)]
pub struct Undecided {
    /// The hole sown.
    pub pit: Pit,
    /// The player sowing it.
    pub player: Player,
    /// The call's budget, in seeds sown ([`Budget::limit`](crate::Budget::limit)).
    pub budget: u64,
}

/// Why the sowing engine refused to sow.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
pub enum SowError {
    /// The hole is not on the board.
    #[error("hole {0} is not on the board")]
    NotOnBoard(Pit),
    /// The hole is empty.
    #[error("hole {0} is empty")]
    EmptyHole(Pit),
    /// The relays never end and the policy forbids such moves.
    #[error(transparent)]
    Endless(#[from] EndlessRelay),
    /// The relays were not decided within the work budget.
    #[error(transparent)]
    Undecided(#[from] Undecided),
}

/// What a seed sown lap by lap (on a board of more than [`LANES`] holes,
/// with a seed kept back in the origin, or under a relay rule without a
/// threshold) counts against the work budget: sowing it costs about three
/// times as much as sowing one lane by lane (measured by the `laps`
/// example: 120 to 160 million seeds a second against 370 to 540 million),
/// so that a unit of the budget costs about the same on every board.
pub(crate) const LAP_WALK_WEIGHT: u64 = 3;

/// What a lap of `seeds` seeds on a board of `holes` holes counts against
/// the work budget: its seeds, or the board's holes if it holds more (a lap
/// of more seeds than the ring has holes is sown a whole revolution at a
/// time, at the cost of one).
#[inline(always)]
fn lap_cost(seeds: u16, holes: usize) -> u64 {
    u64::from(seeds).min(holes as u64)
}

/// Laps of a move sown plainly, without counting against the work budget
/// and without looking for a cycle. Any move that takes longer is re-run
/// under Brent's cycle detection, which is exact, every lap of it drawn
/// from the call's [`Meter`].
pub(crate) const PLAIN_LAPS: u64 = 256;

/// [`lap`] without events, on the board's counts directly: lifts the seeds
/// of `from` and sows them (an empty hole or one off the board lands where
/// it is). Also the whole sowing of a move without relays whose checks were
/// made.
#[inline]
pub(crate) fn lap_quiet(
    board: &mut Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
) -> Landing {
    // One lap: its landing is the move's end, or (a hole holding the
    // threshold, here `u16::MAX` seeds) the next lap's start.
    if let Some(result) = relay_by_lanes(board, topology, spec, mover, from, 1, u16::MAX) {
        return match result {
            Ok((landing, _)) => landing,
            Err(next) => Landing::Hole(next),
        };
    }
    lap_walk(board, topology, spec, mover, from)
}

/// [`lap_quiet`] seed by seed (whole revolutions at once), never lane by
/// lane: for the cycle walks of long relays, whose laps are mostly a few
/// seeds (fewer operations than a pass over every lane; and far fewer
/// comparisons for a coverage-instrumented fuzz build to trace).
#[inline]
fn lap_walk(
    board: &mut Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
) -> Landing {
    let (holes, stores) = board.parts_mut();
    let seeds = holes.get_mut(from.index()).map_or(0, core::mem::take);
    if spec.first_into_origin {
        sow_counts::<true>(holes, stores, topology, spec, mover, from, seeds)
    } else {
        sow_counts::<false>(holes, stores, topology, spec, mover, from, seeds)
    }
}

/// The ring one lap goes round: which slots a seed may enter, from the
/// lap's origin.
#[derive(Clone, Copy)]
struct Ring {
    /// Holes on the board.
    n: usize,
    /// The hole lifted.
    origin: usize,
    /// The hole after which the mover's store is passed, going this way
    /// (`usize::MAX`: no seed goes into it).
    store_at: usize,
    /// The hole passed over (`usize::MAX`: none).
    skip_at: usize,
    /// Slots a whole revolution fills: the holes, less the origin if it is
    /// passed over, plus the store if it is sown into.
    per_rev: usize,
}

/// The hole after which `mover`'s store is passed, going `spec`'s way on a
/// board of `n` holes, if his seeds go into it: `None` when the spec sows
/// no store or he owns no row (and so no store on the ring).
#[inline(always)]
fn store_after(topology: &Topology, spec: SowSpec, mover: Player, n: usize) -> Option<usize> {
    if !spec.into_own_store || mover.index() >= topology.players() {
        return None;
    }
    let hole = topology.store_hole(mover);
    Some(match spec.direction {
        Direction::CounterClockwise => hole,
        Direction::Clockwise if hole + 1 >= n => 0,
        Direction::Clockwise => hole + 1,
    })
}

impl Ring {
    /// The ring of a lap from `origin` (on a board of `n` holes).
    #[inline(always)]
    fn new(n: usize, topology: &Topology, spec: SowSpec, mover: Player, origin: usize) -> Ring {
        let store_at = store_after(topology, spec, mover, n);
        let skip = spec.skip_origin;
        let store = store_at.is_some();
        Ring {
            n,
            origin,
            store_at: store_at.unwrap_or(STORE),
            skip_at: if skip { origin } else { usize::MAX },
            per_rev: n - usize::from(skip) + usize::from(store),
        }
    }

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

/// Where a lap from `from` on `holes` would end, and the seeds the landing
/// hole would then hold (0 for a store), found without sowing; `None` if
/// `from` is off the board or empty, or the lap has nowhere to go.
#[inline]
fn lap_landing<const KEEP: bool>(
    holes: &[u16],
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
) -> Option<(Landing, u32)> {
    let origin = from.index();
    let seeds = *holes.get(origin)?;
    let ring = Ring::new(holes.len(), topology, spec, mover, origin);
    if seeds == 0 || ring.per_rev == 0 {
        return None;
    }
    // The seed put back into the origin, then the rest sown from it
    // (`KEEP` is `spec.first_into_origin`).
    let kept = if KEEP { spec.kept(seeds) } else { 0 };
    let (full, seeds) = ring.revolutions(seeds - kept);
    Some(match ring.landing(seeds, spec.direction) {
        None => (Landing::Store(mover), 0),
        Some(at) => {
            // The origin was lifted (and got back the kept seed); every
            // other hole keeps its seeds. Each revolution left one seed, and
            // the last seed is this one.
            let before = if at == origin { kept } else { holes[at] };
            (
                Landing::Hole(Pit::from_index(at)),
                u32::from(before) + u32::from(full) + 1,
            )
        }
    })
}

/// [`lap_landing`] on a bare ring (holes only, at least two of them, no
/// seed kept back in the origin): a landing hole is the part-revolution's
/// last, found by one wrap.
#[inline(always)]
fn bare_landing(holes: &[u16], origin: usize, spec: SowSpec) -> Option<(Landing, u32)> {
    let seeds = *holes.get(origin)?;
    if seeds == 0 {
        return None;
    }
    let (at, count) = bare_end(holes, origin, seeds, spec);
    Some((Landing::Hole(Pit::from_index(at)), count))
}

/// [`bare_landing`]'s arithmetic for a lap of `seeds` from `origin` (its
/// count on `holes`, at least one; `origin` on the ring): the landing hole
/// and its count then. Without a branch that depends on the counts but for
/// whole revolutions (rare), so that a legal set can judge every candidate
/// before it branches.
#[inline(always)]
fn bare_end(holes: &[u16], origin: usize, seeds: u16, spec: SowSpec) -> (usize, u32) {
    let n = holes.len();
    let seeds = usize::from(seeds);
    let per_rev = n - usize::from(spec.skip_origin);
    let full = if seeds > per_rev {
        (seeds - 1) / per_rev
    } else {
        0
    };
    let r = seeds - full * per_rev;
    let at = match spec.direction {
        Direction::CounterClockwise => origin + r,
        Direction::Clockwise => origin + n - r,
    };
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

/// The [`Ring::store_at`] of a ring whose seeds never enter a store, and
/// the slot [`walk`] names for the mover's store.
const STORE: usize = usize::MAX;

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

/// Sows `seeds` lifted from `from` on a board's hole and store counts:
/// whole revolutions at once, then the rest seed by seed.
#[inline(always)]
fn sow_counts<const KEEP: bool>(
    holes: &mut [u16],
    stores: &mut [u16; crate::MAX_PLAYERS],
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
    seeds: u16,
) -> Landing {
    let origin = from.index();
    let n = holes.len();
    if seeds == 0 || origin >= n {
        return Landing::Hole(from);
    }
    // The seed put back into the origin; the rest is sown from it. (`KEEP`
    // is `spec.first_into_origin`, known at compile time: the other games'
    // laps, most of all the relay loops, pay nothing for it.)
    let kept = if KEEP { spec.kept(seeds) } else { 0 };
    let seeds = if kept > 0 {
        holes[origin] = holes[origin].saturating_add(kept);
        seeds - kept
    } else {
        seeds
    };
    let ring = Ring::new(n, topology, spec, mover, origin);
    let store = ring.store_at != STORE;
    let store_slot = &mut stores[mover.index()];
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
    let landing = match spec.direction {
        Direction::CounterClockwise => walk::<true>(&ring, seeds, &mut drop),
        Direction::Clockwise => walk::<false>(&ring, seeds, &mut drop),
    };
    match landing {
        Some(at) => Landing::Hole(Pit::from_index(at)),
        None => Landing::Store(mover),
    }
}

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

/// The mover's store as lane-wise sowing passes it: its count, and the
/// hole after which it is sown into, going the lap's way.
struct LaneStore<'a> {
    count: &'a mut u16,
    after: usize,
}

/// Up to `limit` laps of a move from lap start `from` on an inline board of
/// `n` (2 to [`LANES`]) holes, with no seed kept back in the origin (the
/// origin passed over if `SKIP`, the mover's store sown into if `STORE`),
/// relaying from a landing hole that then holds `at_least` or more. Each
/// lap is sown lane by lane from constant tables, without a branch per seed
/// or per run: the origin's lane is emptied, every lane of the ring (less
/// the origin if it is passed over) adds the lap's whole revolutions, and
/// the `k` holes its last part-revolution reaches (a cyclic interval of
/// lanes, one or two intervals of [`PREFIX`]) add one seed more. `Ok` with
/// the move's end and laps, or `Err` with the next lap start once `limit`
/// laps are sown.
///
/// The direction (`CCW`), the passed-over origin (`SKIP`) and the store
/// (`STORE`, with `store` then `Some`) are constants, so that each kind of
/// lap compiles to its own short loop; [`relay_lanes_any`] picks one.
#[inline(always)]
fn relay_lanes<const CCW: bool, const SKIP: bool, const STORE: bool>(
    lanes: &mut [u16; LANES],
    mut store: Option<LaneStore<'_>>,
    n: usize,
    from: Pit,
    limit: u64,
    at_least: u16,
    mover: Player,
) -> Result<(Landing, u64), Pit> {
    let per_rev = n - usize::from(SKIP) + usize::from(STORE);
    let Some(ring) = PREFIX.get(n) else {
        return Err(from);
    };
    let mut from = from.index();
    // The lap start's seeds: read from the lanes for the first lap, and
    // worked out for the next ones (below), so that deciding whether a lap
    // relays need not wait for the lanes it wrote.
    let mut start_seeds = lanes.get(..n).and_then(|h| h.get(from)).copied();
    let mut laps = 0;
    while laps < limit {
        laps += 1;
        let (Some(seeds), Some(keep)) = (start_seeds.take(), ALL_BUT.get(from)) else {
            return Ok((Landing::Hole(Pit::from_index(from)), laps));
        };
        if seeds == 0 {
            return Ok((Landing::Hole(Pit::from_index(from)), laps));
        }
        let mut r = usize::from(seeds);
        let mut full = 0;
        if r > per_rev {
            let k = (r - 1) / per_rev;
            full = k as u16;
            r -= k * per_rev;
        }
        // The store's slot: the holes sown before it (none: past them all).
        let store_slot = match &store {
            Some(s) if STORE => {
                let d = if CCW {
                    s.after + n - from
                } else {
                    from + n - s.after
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
        // (Never `None`: `a`, `b1` and `b2` are at most `n`.)
        let (Some(lo), Some(hi), Some(wrapped)) = (PREFIX.get(a), PREFIX.get(b1), PREFIX.get(b2))
        else {
            return Err(Pit::from_index(from));
        };
        // The last seed's hole: the `k`-th after the origin (`k` is 0 only
        // for a lap whose last seed went into the store, which ends below
        // without reading it). It gains the whole revolutions and the last
        // seed, and held its count before the lap unless it is the origin,
        // emptied (never passed over then: `k < n`).
        let last = if CCW { from + k } else { from + n - k };
        let last = if last >= n { last - n } else { last };
        let held = if last == from {
            0
        } else {
            lanes.get(last).copied().unwrap_or(0)
        };
        for i in 0..LANES {
            let whole = (full * ring[i]) & if SKIP { keep[i] } else { u16::MAX };
            let part = hi[i] - lo[i] + wrapped[i];
            lanes[i] = (lanes[i] & keep[i]).saturating_add(whole + part);
        }
        if STORE && let Some(s) = &mut store {
            *s.count = s.count.saturating_add(full + u16::from(into_store));
        }
        // A lap whose last seed went into the store ends the move, as does
        // one whose last hole holds too few seeds to relay. (The landing is
        // chosen without a branch: a single lap, the usual move, takes the
        // branch below always, where whether it ended in the store is a
        // toss-up the processor cannot guess.)
        let in_store = into_store & (store_slot == r - 1);
        let count = held.saturating_add(full + 1);
        if in_store | (count < at_least) {
            let landing = if in_store {
                Landing::Store(mover)
            } else {
                Landing::Hole(Pit::from_index(last))
            };
            return Ok((landing, laps));
        }
        from = last;
        start_seeds = Some(count);
    }
    Err(Pit::from_index(from))
}

/// [`relay_lanes`] of the kind `ccw`, `skip` and `store` (its `Some`)
/// name.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn relay_lanes_any(
    lanes: &mut [u16; LANES],
    store: Option<LaneStore<'_>>,
    n: usize,
    from: Pit,
    limit: u64,
    at_least: u16,
    ccw: bool,
    skip: bool,
    mover: Player,
) -> Result<(Landing, u64), Pit> {
    match (ccw, skip, store.is_some()) {
        (true, false, false) => {
            relay_lanes::<true, false, false>(lanes, store, n, from, limit, at_least, mover)
        }
        (true, true, false) => {
            relay_lanes::<true, true, false>(lanes, store, n, from, limit, at_least, mover)
        }
        (true, false, true) => {
            relay_lanes::<true, false, true>(lanes, store, n, from, limit, at_least, mover)
        }
        (true, true, true) => {
            relay_lanes::<true, true, true>(lanes, store, n, from, limit, at_least, mover)
        }
        (false, false, false) => {
            relay_lanes::<false, false, false>(lanes, store, n, from, limit, at_least, mover)
        }
        (false, true, false) => {
            relay_lanes::<false, true, false>(lanes, store, n, from, limit, at_least, mover)
        }
        (false, false, true) => {
            relay_lanes::<false, false, true>(lanes, store, n, from, limit, at_least, mover)
        }
        (false, true, true) => {
            relay_lanes::<false, true, true>(lanes, store, n, from, limit, at_least, mover)
        }
    }
}

/// [`relay_lanes`] for `spec`'s direction and `mover`'s store, if `board`
/// is an inline board of 2 to [`LANES`] holes and the spec keeps no seed
/// back in the origin; `None` otherwise (the caller sows lap by lap).
#[inline(always)]
pub(crate) fn relay_by_lanes(
    board: &mut Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
    limit: u64,
    at_least: u16,
) -> Option<Result<(Landing, u64), Pit>> {
    if spec.first_into_origin {
        return None;
    }
    let (lanes, stores, n) = board.lanes_mut()?;
    if n < 2 {
        return None;
    }
    let store = match store_after(topology, spec, mover, n) {
        Some(after) => Some(LaneStore {
            count: stores.get_mut(mover.index())?,
            after,
        }),
        None => None,
    };
    Some(relay_lanes_any(
        lanes,
        store,
        n,
        from,
        limit,
        at_least,
        spec.direction == Direction::CounterClockwise,
        spec.skip_origin,
        mover,
    ))
}

/// Sows one lap from `from`: lifts all its seeds and drops them one by one.
/// `from` must be on the board and hold at least one seed.
fn lap<O: Observer>(
    board: &mut Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
    observer: &mut O,
) -> Landing {
    if !O::RECORDS {
        return lap_quiet(board, topology, spec, mover, from);
    }
    let mut seeds = board.take(from);
    observer.event(Event::Lift { pit: from, seeds });
    if seeds == 0 {
        return Landing::Hole(from);
    }
    if spec.kept(seeds) == 1 {
        board.add(from, 1);
        observer.event(Event::Sow { pit: from });
        seeds -= 1;
    }
    // With events every seed is dropped one by one, so that each is told.
    let direction = spec.direction;
    let store = spec.into_own_store;
    let mut at = from;
    loop {
        if store && topology.store_between(at, direction) == Some(mover) {
            board.add_to_store(mover, 1);
            observer.event(Event::Store { player: mover });
            seeds -= 1;
            if seeds == 0 {
                return Landing::Store(mover);
            }
        }
        at = topology.step(at, direction);
        if spec.skip_origin && at == from {
            continue;
        }
        board.add(at, 1);
        observer.event(Event::Sow { pit: at });
        seeds -= 1;
        if seeds == 0 {
            return Landing::Hole(at);
        }
    }
}

/// The sowing engine for one mover's moves: the board's shape, how laps are
/// sown, when they relay, and what to do with relays that never end.
///
/// [`sow`](Sower::sow) sows one move from a hole, relaying while `relay`
/// says so, and detects relays that never end exactly (a lap start that
/// repeats within the move), handling them by `endless`.
///
/// # Cost and the work budget
///
/// Number a move's lap starts (the board, and the hole about to be lifted)
/// from 0, its first lift. A finite move of `L` laps has lap starts `0` to
/// `L - 1`; an endless one first repeats at lap start `mu + lambda`, which
/// equals lap start `mu` (`mu` laps before the cycle, `lambda` in it).
/// Detection is exact, but the laps to walk grow exponentially with the
/// seeds per hole relative to the relay threshold: a 2x6 board of 72 seeds
/// relaying at 2 has a move whose cycle is 307,959,030 laps.
///
/// So a sower draws on a [`Meter`], the call's work budget
/// ([`Budget`](crate::Budget)): the engine sows a move's first 256 laps
/// plainly, then walks it again from its start by Brent's cycle detection
/// (constant memory: a short cycle is found within a few times `mu +
/// lambda` laps; `mu` itself, where the result needs it, by two walkers
/// `lambda` apart), every lap of that walk spending the seeds it sows from
/// the meter (each counting 3 where the board is sown lap by lap rather
/// than lane by lane: more than 16 holes, a seed kept back in the origin,
/// or a relay rule without a threshold, where a seed costs about three
/// times as much). A move still undecided when the meter runs dry fails with
/// [`SowError::Undecided`], whatever [`Endless`] says, and the board is
/// left as it was.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Budget, Landing, Layout, Meter, Pit, Player, Topology, rules::{Endless, Relay, SowSpec}, engine::Sower};
///
/// let topology = Topology::new(Layout::two_rows(6))?;
/// let meter = Meter::new(Budget::DEFAULT);
/// let sower = Sower {
///     topology: &topology,
///     spec: SowSpec::default(),
///     mover: Player::P0,
///     relay: &Relay::Never,
///     endless: Endless::Forbid,
///     meter: &meter,
/// };
/// let mut board = Board::filled(12, 4);
/// let sown = sower.sow(&mut board, Pit::new(3).unwrap(), &mut ())?;
/// assert_eq!(sown.landing, Landing::Hole(Pit::new(7).unwrap()));
/// assert_eq!(board.holes(), &[4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Sower<'a, R> {
    /// The board's shape.
    pub topology: &'a Topology,
    /// How each lap is sown.
    pub spec: SowSpec,
    /// The player sowing (whose store `spec.into_own_store` fills).
    pub mover: Player,
    /// When a lap relays.
    pub relay: &'a R,
    /// What to do with a move whose relays never end.
    pub endless: Endless,
    /// The call's work budget being spent (see "Cost and the work budget"
    /// above): every lap past a move's first 256 draws its seeds from it.
    pub meter: &'a Meter,
}

impl<R: RelayRule> Sower<'_, R> {
    /// Where the move from `origin` ends if it surely ends with its first
    /// lap, found without sowing: `Some(landing)` when the lap's last seed
    /// enters a store, or a hole that then holds fewer seeds than the relay
    /// rule's [threshold](RelayRule::threshold) (any hole under
    /// [`SingleLap`]). `None` when the move would relay, when the rule has
    /// no threshold (only sowing tells), and whenever
    /// [`sow`](Sower::sow) would fail.
    ///
    /// Legality checks use it to skip the trial sowing of moves that cannot
    /// relay, which [`sow`](Sower::sow) would decide in one lap.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Board, Budget, Landing, Layout, Meter, Pit, Topology, Player, rules::{Endless, Relay, SowSpec}, engine::Sower};
    ///
    /// let topology = Topology::new(Layout::two_rows(6))?;
    /// let meter = Meter::new(Budget::DEFAULT);
    /// let sower = Sower {
    ///     topology: &topology,
    ///     spec: SowSpec::default(),
    ///     mover: Player::P0,
    ///     relay: &Relay::AtLeast(4),
    ///     endless: Endless::Forbid,
    ///     meter: &meter,
    /// };
    /// let board = Board::from_counts(&[2, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0], &[0, 0]);
    /// // Two seeds from hole 0 end in hole 2, which then holds 4: a relay.
    /// assert_eq!(sower.single_lap(&board, Pit::new(0).unwrap()), None);
    /// // Three from hole 2 end in the empty hole 5.
    /// let five = Pit::new(5).unwrap();
    /// assert_eq!(sower.single_lap(&board, Pit::new(2).unwrap()), Some(Landing::Hole(five)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn single_lap(&self, board: &Board, origin: Pit) -> Option<Landing> {
        let threshold = self.first_lap_threshold(board)?;
        self.first_lap_ends::<false>(board.holes(), origin, threshold)
    }

    /// The count at or above which a first lap's landing hole relays, if a
    /// first lap can be judged on `board` by arithmetic at all (a relay
    /// rule with a threshold, a budget, a board that fits).
    #[inline(always)]
    fn first_lap_threshold(&self, board: &Board) -> Option<u16> {
        let threshold = match R::SINGLE_LAP {
            true => u16::MAX,
            false => self.relay.threshold()?,
        };
        (board.len() == self.topology.holes()).then_some(threshold)
    }

    /// [`single_lap`](Sower::single_lap) on `holes` (a board that fits)
    /// under `threshold`, with `BARE` on the bare-ring arithmetic where it
    /// applies ([`bare_landing`]: a spec read at run time gains by it, a
    /// constant one is folded as well without).
    #[inline(always)]
    fn first_lap_ends<const BARE: bool>(
        &self,
        holes: &[u16],
        origin: Pit,
        threshold: u16,
    ) -> Option<Landing> {
        let (topology, spec, mover) = (self.topology, self.spec, self.mover);
        let store = spec.into_own_store && mover.index() < topology.players();
        let (landing, seeds) = if BARE && !store && !spec.first_into_origin && holes.len() >= 2 {
            bare_landing(holes, origin.index(), spec)?
        } else if spec.first_into_origin {
            lap_landing::<true>(holes, topology, spec, mover, origin)?
        } else {
            lap_landing::<false>(holes, topology, spec, mover, origin)?
        };
        let ends = match landing {
            Landing::Store(_) => true,
            Landing::Hole(_) => R::SINGLE_LAP || seeds < u32::from(threshold),
        };
        ends.then_some(landing)
    }

    /// The holes of `candidates` whose moves stand on `board`: the hole is
    /// on the board and holds seeds, and the move's relays are decided
    /// within the budget and not refused as endless. What a legality check
    /// asks of every move of a position, on one fast path: a move that
    /// surely ends with its first lap is decided by arithmetic
    /// ([`single_lap`](Sower::single_lap)), any other is sown on `scratch`
    /// (a board of any size; its counts afterwards are unspecified), which
    /// need not be put back.
    ///
    /// # Errors
    ///
    /// The first candidate, in hole order, whose move the work budget
    /// cannot decide (the later ones are not tried).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Board, Budget, Layout, Meter, Pit, PitSet, Player, Topology, rules::{Endless, Relay, SowSpec}, engine::Sower};
    ///
    /// let topology = Topology::new(Layout::two_rows(6))?;
    /// let meter = Meter::new(Budget::UNLIMITED);
    /// let sower = Sower {
    ///     topology: &topology,
    ///     spec: SowSpec::default(),
    ///     mover: Player::P0,
    ///     relay: &Relay::AtLeast(2),
    ///     endless: Endless::Forbid,
    ///     meter: &meter,
    /// };
    /// // An endless relay: from hole 2, the lap starts come back to this
    /// // board and hole 2 after a few laps, for ever.
    /// let board = Board::from_counts(&[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1], &[0, 0]);
    /// let mut candidates = PitSet::EMPTY;
    /// for i in 0..6 {
    ///     candidates.insert(Pit::new(i).unwrap());
    /// }
    /// let stand = sower.standing(&board, candidates, &mut Board::filled(12, 0))?;
    /// assert!(!stand.contains(Pit::new(2).unwrap()));
    /// assert!(!stand.contains(Pit::new(4).unwrap())); // empty
    /// assert!(stand.contains(Pit::new(0).unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn standing(
        &self,
        board: &Board,
        candidates: PitSet,
        scratch: &mut Board,
    ) -> Result<PitSet, Undecided> {
        if let Some(set) = self.standing_by_lanes(board, candidates, scratch) {
            return set;
        }
        let mut set = PitSet::EMPTY;
        let threshold = self.first_lap_threshold(board);
        let holes = board.holes();
        for pit in candidates.iter() {
            let stands = threshold
                .is_some_and(|t| self.first_lap_ends::<true>(holes, pit, t).is_some())
                || self.trial(board, pit, scratch)?;
            set.insert_if(pit, stands);
        }
        Ok(set)
    }

    /// [`standing`](Sower::standing) lane by lane, where it applies: an
    /// inline board of 2 to [`LANES`] holes that fits the topology, a relay
    /// rule of a threshold and no seed kept back in the origin. Each candidate is sown on a copy of the lanes,
    /// first lap included (no arithmetic apart, no board copied, no engine
    /// set up per move); a move still relaying after the plain laps is left
    /// to [`trial`](Sower::trial), which decides it from the start. `None`
    /// where the fast path does not apply.
    #[inline]
    fn standing_by_lanes(
        &self,
        board: &Board,
        candidates: PitSet,
        scratch: &mut Board,
    ) -> Option<Result<PitSet, Undecided>> {
        let (topology, spec, mover) = (self.topology, self.spec, self.mover);
        let at_least = self.relay.threshold()?;
        let plain = PLAIN_LAPS;
        let (lanes, stores, n) = board.lanes()?;
        if R::SINGLE_LAP || spec.first_into_origin || n < 2 || n != topology.holes() {
            return None;
        }
        let holes = lanes.get(..n)?;
        let ccw = spec.direction == Direction::CounterClockwise;
        let store_at = store_after(topology, spec, mover, n);
        // The trials' store count: sown into, never read.
        let mut store_count = stores.get(mover.index()).copied().unwrap_or(0);
        // First, without a branch for each candidate: the holes with seeds
        // whose first lap ends the move (on a bare ring the first lap's end
        // is arithmetic: its last hole left below the threshold), which
        // stand without sowing, and the others, to be tried.
        let (mut ends, mut tried) = (0u32, 0u32);
        for pit in candidates.iter() {
            let i = pit.index();
            let seeds = holes.get(i).copied().unwrap_or(0);
            let first_lap_ends =
                store_at.is_none() && bare_end(holes, i, seeds, spec).1 < u32::from(at_least);
            // (A hole with seeds is on the ring: `i < n <= LANES`.)
            let bit = u32::from(seeds > 0) << (i % LANES);
            let all_if = |yes: bool| 0u32.wrapping_sub(u32::from(yes));
            ends |= bit & all_if(first_lap_ends);
            tried |= bit & !all_if(first_lap_ends);
        }
        let mut set = PitSet::from_bits(u128::from(ends));
        while tried != 0 {
            let pit = Pit::from_index(tried.trailing_zeros() as usize);
            tried &= tried - 1;
            let mut trial = *lanes;
            let store = store_at.map(|after| LaneStore {
                count: &mut store_count,
                after,
            });
            let sown = relay_lanes_any(
                &mut trial,
                store,
                n,
                pit,
                plain,
                at_least,
                ccw,
                spec.skip_origin,
                mover,
            );
            let stands = match sown {
                Ok(_) => true,
                Err(_) => match self.trial(board, pit, scratch) {
                    Ok(stands) => stands,
                    Err(cause) => return Some(Err(cause)),
                },
            };
            set.insert_if(pit, stands);
        }
        Some(Ok(set))
    }

    /// Whether the move from `origin` on `board` stands, sown on `scratch`
    /// (left as it comes). Only whether it ends, or cycles under
    /// [`Endless::Stop`], matters: a cycle found is not measured.
    #[inline(never)]
    fn trial(&self, board: &Board, origin: Pit, scratch: &mut Board) -> Result<bool, Undecided> {
        if !self.topology.contains(origin)
            || board.len() != self.topology.holes()
            || board.get(origin) == 0
        {
            return Ok(false);
        }
        if R::SINGLE_LAP {
            return Ok(true);
        }
        let engine = Engine {
            sower: self,
            origin,
        };
        scratch.clone_from(board);
        if engine.run_plain(scratch, origin, PLAIN_LAPS).is_ok() {
            return Ok(true);
        }
        let mut pool = scratch.take_pool();
        let found = engine.find_cycle(&mut pool, scratch, board);
        scratch.put_pool(pool);
        match found {
            Found::End(_) => Ok(true),
            Found::Cycle { .. } => Ok(self.endless == Endless::Stop),
            Found::Undecided => Err(engine.undecided_cause()),
        }
    }

    /// Sows one move from `origin` on `board`. Events go to `observer`; pass
    /// `&mut ()` to record nothing (the fast path, which sows whole
    /// revolutions at once).
    ///
    /// # Errors
    ///
    /// [`SowError::NotOnBoard`] or [`SowError::EmptyHole`] if `origin` cannot
    /// be sown (or `board` does not fit the topology), and
    /// [`SowError::Endless`] for an endless relay under [`Endless::Forbid`],
    /// [`SowError::Undecided`] for a move the work budget
    /// ([`meter`](Sower::meter)) cannot decide. On error the board is
    /// unchanged and no event was recorded.
    pub fn sow<O: Observer>(
        &self,
        board: &mut Board,
        origin: Pit,
        observer: &mut O,
    ) -> Result<Sown, SowError> {
        let Sower {
            topology,
            spec,
            mover,
            relay: _,
            endless: _,
            meter: _,
        } = *self;
        if !topology.contains(origin) || board.len() != topology.holes() {
            return Err(SowError::NotOnBoard(origin));
        }
        if board.get(origin) == 0 {
            return Err(SowError::EmptyHole(origin));
        }
        let engine = Engine {
            sower: self,
            origin,
        };
        if R::SINGLE_LAP {
            let landing = lap(board, topology, spec, mover, origin, observer);
            return Ok(Sown {
                landing,
                laps: 1,
                endless: false,
            });
        }
        if !O::RECORDS {
            return engine.run(board);
        }
        // Learn the outcome first, so that a refused move records nothing,
        // then replay the same laps with events (on a spare block, which
        // carries the board's spares).
        let mut dry = board.take_spare();
        dry.clone_from(board);
        let sown = match engine.run(&mut dry) {
            Ok(sown) => sown,
            Err(e) => {
                board.keep_spare(dry);
                return Err(e);
            }
        };
        let mut from = origin;
        for _ in 0..sown.laps {
            if let Landing::Hole(p) = lap(board, topology, spec, mover, from, observer) {
                from = p;
            }
        }
        if sown.endless {
            observer.event(Event::EndlessStop);
        }
        debug_assert_eq!(*board, dry);
        board.keep_spare(dry);
        Ok(sown)
    }
}

struct Engine<'a, R> {
    /// The sowing's rules and the call's budget.
    sower: &'a Sower<'a, R>,
    /// The hole the move starts from.
    origin: Pit,
}

/// Where a lap start leads: the move ends, or the next lap starts, or (the
/// budget spent) nothing is known.
enum Next {
    End(Landing),
    Lap(Pit),
    Spent,
}

impl<R: RelayRule> Engine<'_, R> {
    fn undecided(&self) -> SowError {
        SowError::Undecided(self.undecided_cause())
    }

    /// Why this move cannot be decided: the budget ran out.
    fn undecided_cause(&self) -> Undecided {
        Undecided {
            pit: self.origin,
            player: self.sower.mover,
            budget: self.sower.meter.budget().limit().unwrap_or(u64::MAX),
        }
    }

    /// The relay threshold, if laps on `board` are sown lane by lane
    /// ([`relay_by_lanes`]: an inline board of 2 to [`LANES`] holes, a relay
    /// rule of a threshold, no seed kept back in the origin).
    #[inline(always)]
    fn lane_threshold(&self, board: &Board) -> Option<u16> {
        let lanes = board.lanes().is_some_and(|(_, _, n)| n >= 2);
        (lanes && !self.sower.spec.first_into_origin)
            .then(|| self.sower.relay.threshold())
            .flatten()
    }

    /// One lap from `from`, its seeds drawn from the budget (lane by lane
    /// where the board and the relay rule allow; elsewhere each seed counts
    /// [`LAP_WALK_WEIGHT`]).
    #[inline]
    fn step(&self, board: &mut Board, from: Pit) -> Next {
        let seeds = lap_cost(board.get(from), board.len());
        let Sower {
            topology,
            spec,
            mover,
            meter,
            ..
        } = *self.sower;
        if let Some(at_least) = self.lane_threshold(board) {
            if !meter.spend(seeds) {
                return Next::Spent;
            }
            if let Some(lap) = relay_by_lanes(board, topology, spec, mover, from, 1, at_least) {
                return match lap {
                    Ok((landing, _)) => Next::End(landing),
                    Err(next) => Next::Lap(next),
                };
            }
        } else if !meter.spend(seeds.saturating_mul(LAP_WALK_WEIGHT)) {
            return Next::Spent;
        }
        match lap_walk(
            board,
            self.sower.topology,
            self.sower.spec,
            self.sower.mover,
            from,
        ) {
            Landing::Hole(p) if self.sower.relay.relays(board, p) => Next::Lap(p),
            landing => Next::End(landing),
        }
    }

    /// Up to `limit` laps of the move from lap start `from` (on the counts
    /// directly under a threshold rule), not drawn from the budget: `Ok`
    /// with the move's end and laps sown, or `Err` with the next lap start
    /// once `limit` laps are sown.
    #[inline]
    fn run_plain(&self, board: &mut Board, from: Pit, limit: u64) -> Result<(Landing, u64), Pit> {
        let mut from = from;
        if let Some(at_least) = self.sower.relay.threshold() {
            return if self.sower.spec.first_into_origin {
                self.relay_counts::<true>(board, from, limit, at_least)
            } else {
                self.relay_counts::<false>(board, from, limit, at_least)
            };
        } else {
            for laps in 1..=limit {
                let landing = lap_walk(
                    board,
                    self.sower.topology,
                    self.sower.spec,
                    self.sower.mover,
                    from,
                );
                match landing {
                    Landing::Hole(p) if self.sower.relay.relays(board, p) => from = p,
                    landing => return Ok((landing, laps)),
                }
            }
        }
        Err(from)
    }

    /// [`run_plain`](Engine::run_plain) under a threshold rule, on the
    /// counts directly; `KEEP` is the spec's `first_into_origin`.
    #[inline(always)]
    fn relay_counts<const KEEP: bool>(
        &self,
        board: &mut Board,
        mut from: Pit,
        limit: u64,
        at_least: u16,
    ) -> Result<(Landing, u64), Pit> {
        let Sower {
            topology,
            spec,
            mover,
            ..
        } = *self.sower;
        if let Some(result) = relay_by_lanes(board, topology, spec, mover, from, limit, at_least) {
            return result;
        }
        // Larger boards, heap boards, or a seed kept back: lap by lap, the
        // whole revolutions at once and the rest seed by seed.
        let (holes, stores) = board.parts_mut();
        for laps in 1..=limit {
            let seeds = holes.get_mut(from.index()).map_or(0, core::mem::take);
            let landing = sow_counts::<KEEP>(holes, stores, topology, spec, mover, from, seeds);
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
    fn run(&self, board: &mut Board) -> Result<Sown, SowError> {
        if board.is_inline() {
            // An inline board copies in a few word moves: the common move,
            // which ends within the plain laps, takes no pool.
            let start = board.clone();
            return match self.run_plain(board, self.origin, PLAIN_LAPS) {
                Ok((landing, laps)) => Ok(Sown {
                    landing,
                    laps,
                    endless: false,
                }),
                Err(_) => self.decide(board, &mut Pool::default(), start),
            };
        }
        let mut pool = board.take_pool();
        let start = pool.copy_of(board);
        let result = match self.run_plain(board, self.origin, PLAIN_LAPS) {
            Ok((landing, laps)) => {
                pool.give(start);
                Ok(Sown {
                    landing,
                    laps,
                    endless: false,
                })
            }
            Err(_) => self.decide(board, &mut pool, start),
        };
        board.put_pool(pool);
        result
    }

    /// The rest of [`run`](Engine::run) for a move still going after its
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

    /// Brent's cycle detection over lap starts from the move's start, in
    /// constant memory (the hare walks on `hare`, whose counts are
    /// replaced; the tortoise on a copy from `pool`), every lap drawn from
    /// the budget. A finite move's end is left on `hare`; a cycle is known
    /// by its length, `lambda`, found within a few times `mu + lambda`
    /// laps. Undecided once the budget is spent.
    fn find_cycle(&self, pool: &mut Pool, hare: &mut Board, start: &Board) -> Found {
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

    /// [`find_cycle`](Engine::find_cycle) lane by lane, where it applies
    /// (as [`relay_by_lanes`]: an inline board of 2 to [`LANES`] holes that
    /// fits the topology, a relay rule of a threshold, no seed kept back in
    /// the origin): both walkers are arrays of lanes and the seeds spent
    /// are counted in a register, drawn from the meter once at the end.
    /// `hare` holds the move's start, and is left as `find_cycle` leaves
    /// it. `None` where the fast path does not apply.
    #[inline]
    fn find_cycle_by_lanes(&self, hare: &mut Board) -> Option<Found> {
        let Sower {
            topology,
            spec,
            mover,
            meter,
            ..
        } = *self.sower;
        let at_least = self.lane_threshold(hare)?;
        let (lanes, stores, n) = hare.lanes_mut()?;
        if n != topology.holes() {
            return None;
        }
        let after = store_after(topology, spec, mover, n);
        let mut store_count = match after {
            Some(_) => *stores.get(mover.index())?,
            None => 0,
        };
        let walk = LaneWalk {
            n,
            origin: self.origin,
            at_least,
            mover,
            after: after.unwrap_or(0),
            left: meter.left(),
        };
        let ccw = spec.direction == Direction::CounterClockwise;
        let (found, spent) = match (ccw, spec.skip_origin, after.is_some()) {
            (true, false, false) => walk.brent::<true, false, false>(lanes, &mut store_count),
            (true, true, false) => walk.brent::<true, true, false>(lanes, &mut store_count),
            (true, false, true) => walk.brent::<true, false, true>(lanes, &mut store_count),
            (true, true, true) => walk.brent::<true, true, true>(lanes, &mut store_count),
            (false, false, false) => walk.brent::<false, false, false>(lanes, &mut store_count),
            (false, true, false) => walk.brent::<false, true, false>(lanes, &mut store_count),
            (false, false, true) => walk.brent::<false, false, true>(lanes, &mut store_count),
            (false, true, true) => walk.brent::<false, true, true>(lanes, &mut store_count),
        };
        if let (Some(_), Some(slot)) = (after, stores.get_mut(mover.index())) {
            *slot = store_count;
        }
        // (Within what was left: never refused.)
        meter.spend(spent);
        Some(found)
    }

    /// The cycle of length `lambda` from the move's start: `mu` by two
    /// walkers `lambda` apart (the one ahead on `walker`, whose counts are
    /// replaced, left at the cycle's first lap start; the other on a copy
    /// from `pool`), every lap drawn from the budget (`None` once it is
    /// spent).
    fn first_repeat(
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
/// [`Engine::find_cycle_by_lanes`]): the board's shape and the budget
/// left.
struct LaneWalk {
    /// Holes on the board (2 to [`LANES`]).
    n: usize,
    /// The hole the move starts from.
    origin: Pit,
    /// The relay threshold.
    at_least: u16,
    /// The player sowing.
    mover: Player,
    /// The hole after which the mover's store is sown into (with `STORE`).
    after: usize,
    /// The seeds the walk may sow.
    left: u64,
}

impl LaneWalk {
    /// Brent's walk from the start on `hare` (and its store count, with
    /// `STORE`), a lap at a time by [`relay_lanes`]: what it found, and the
    /// seeds it sowed (at most `left`; the lap that would pass it is not
    /// sown). A finite move's end is left on `hare`.
    #[inline(never)]
    fn brent<const CCW: bool, const SKIP: bool, const STORE: bool>(
        &self,
        hare: &mut [u16; LANES],
        hare_store: &mut u16,
    ) -> (Found, u64) {
        let (mut tortoise, mut t_store, mut t_hole) = (*hare, *hare_store, self.origin);
        let mut h_hole = self.origin;
        let (mut hare_laps, mut spent) = (0u64, 0u64);
        let (mut power, mut lambda) = (1u64, 0u64);
        loop {
            if hare_laps > 0 && t_hole == h_hole && tortoise == *hare && t_store == *hare_store {
                return (Found::Cycle { lambda }, spent);
            }
            if power == lambda {
                (tortoise, t_store, t_hole) = (*hare, *hare_store, h_hole);
                power = power.saturating_mul(2);
                lambda = 0;
            }
            let seeds = lap_cost(hare.get(h_hole.index()).copied().unwrap_or(0), self.n);
            if seeds > self.left - spent {
                return (Found::Undecided, spent);
            }
            spent += seeds;
            hare_laps += 1;
            let store = STORE.then_some(LaneStore {
                count: &mut *hare_store,
                after: self.after,
            });
            let lap = relay_lanes::<CCW, SKIP, STORE>(
                hare,
                store,
                self.n,
                h_hole,
                1,
                self.at_least,
                self.mover,
            );
            match lap {
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

/// What cycle detection found.
enum Found {
    Cycle { lambda: u64 },
    End(Sown),
    Undecided,
}

/// A cycle of relays: `mu` laps before it, `lambda` laps around it, and
/// the hole lifted at its first lap start (whose board the engine leaves
/// on the board sown).
struct Cycle {
    mu: u64,
    lambda: u64,
    hole: Pit,
}

#[cfg(test)]
// Tests may panic: that is how they fail.
#[allow(clippy::panic)]
mod tests {
    use super::*;
    use crate::Layout;

    /// The bare ring's one-wrap landing is the general ring's, for every
    /// origin, direction and passing over of the origin, and lifts of 0 to
    /// 40 seeds (several whole revolutions) on boards of 2x2 to 2x8.
    #[test]
    fn bare_landing_is_the_general_landing() {
        for n in 2..=8u8 {
            let topology = Topology::new(Layout::two_rows(n)).unwrap_or_else(|e| panic!("{e}"));
            for (ccw, skip) in [(true, true), (true, false), (false, true), (false, false)] {
                let spec = SowSpec {
                    direction: if ccw {
                        Direction::CounterClockwise
                    } else {
                        Direction::Clockwise
                    },
                    skip_origin: skip,
                    into_own_store: false,
                    first_into_origin: false,
                };
                for origin in 0..topology.holes() {
                    for seeds in 0..=40 {
                        let mut holes: Vec<u16> =
                            (0..topology.holes()).map(|i| (i % 5) as u16).collect();
                        holes[origin] = seeds;
                        let general = lap_landing::<false>(
                            &holes,
                            &topology,
                            spec,
                            Player::P0,
                            Pit::from_index(origin),
                        );
                        assert_eq!(
                            bare_landing(&holes, origin, spec),
                            general,
                            "2x{n}, {spec:?}, {seeds} seeds from {origin}"
                        );
                    }
                }
            }
        }
    }
}
