//! The sowing engine: laps, relays, origin skipping, stores, and exact
//! detection of endless relays.

use crate::{Board, Direction, Event, Observer, Pit, Player, Topology};

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
/// use mancala_core::{Board, Pit, Relay, RelayRule};
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
    /// The move is not legal (RULES.md's default).
    #[default]
    Forbid,
    /// The move ends at the first lap start that repeats, before lifting.
    Stop,
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
}

/// Laps sown plainly before the engine checks for a cycle. Any move that
/// takes longer is re-run under Brent's cycle detection, which is exact.
const LAP_BUDGET: u64 = 256;

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
    let (holes, stores) = board.parts_mut();
    let seeds = holes.get_mut(from.index()).map_or(0, core::mem::take);
    sow_counts(holes, stores, topology, spec, mover, from, seeds)
}

/// Sows `seeds` lifted from `from` on a board's hole and store counts:
/// whole revolutions at once, then the rest seed by seed.
#[inline(always)]
fn sow_counts(
    holes: &mut [u16],
    stores: &mut [u16; crate::MAX_PLAYERS],
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
    mut seeds: u16,
) -> Landing {
    let store = spec.into_own_store;
    let skip = spec.skip_origin;
    let origin = from.index();
    // The hole after which the mover's store is passed, going this way.
    let n = holes.len();
    let store_at = match spec.direction {
        Direction::CounterClockwise => topology.store_hole(mover),
        Direction::Clockwise => match topology.store_hole(mover) + 1 {
            end if end >= n => 0,
            next => next,
        },
    };
    if seeds == 0 || origin >= n {
        return Landing::Hole(from);
    }
    let store_slot = &mut stores[mover.index()];
    let per_rev = n - usize::from(skip) + usize::from(store);
    if per_rev > 0 && usize::from(seeds) > per_rev {
        let full = (usize::from(seeds) - 1) / per_rev;
        for h in holes.iter_mut() {
            *h = h.saturating_add(full as u16);
        }
        if skip {
            holes[origin] = 0;
        }
        if store {
            *store_slot = store_slot.saturating_add(full as u16);
        }
        seeds -= (full * per_rev) as u16;
    }
    match spec.direction {
        Direction::CounterClockwise => {
            drop_seeds::<true>(holes, store_slot, spec, mover, origin, store_at, seeds)
        }
        Direction::Clockwise => {
            drop_seeds::<false>(holes, store_slot, spec, mover, origin, store_at, seeds)
        }
    }
}

/// Drops `seeds` (fewer than a revolution's worth) one by one from
/// `origin`, counter-clockwise if `CCW`, entering the mover's store (into
/// `store`) after the hole `store_at` if the rules sow into it.
#[inline(always)]
fn drop_seeds<const CCW: bool>(
    holes: &mut [u16],
    store: &mut u16,
    spec: SowSpec,
    mover: Player,
    origin: usize,
    store_at: usize,
    mut seeds: u16,
) -> Landing {
    let n = holes.len();
    let mut at = origin;
    loop {
        if spec.into_own_store && at == store_at {
            *store = store.saturating_add(1);
            seeds -= 1;
            if seeds == 0 {
                return Landing::Store(mover);
            }
        }
        at = match CCW {
            true if at + 1 == n => 0,
            true => at + 1,
            false if at == 0 => n - 1,
            false => at - 1,
        };
        if spec.skip_origin && at == origin {
            continue;
        }
        holes[at] = holes[at].saturating_add(1);
        seeds -= 1;
        if seeds == 0 {
            return Landing::Hole(Pit::from_index(at));
        }
    }
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
/// # Cost
///
/// A move that ends within 256 laps is sown plainly. A longer one is re-run
/// under Brent's cycle detection (constant memory), which is exact but must
/// walk the cycle: its time grows with the laps before the cycle plus the
/// cycle's length. Those are short in the family's games as played (random
/// play of Numercy and Mankka stays within milliseconds), but they grow
/// exponentially with the seeds per hole relative to the relay threshold: a
/// 2x6 board of 72 seeds relaying at 2 has a move whose cycle is 307,959,030
/// laps (about 40 s). Code that sows positions from untrusted input under
/// relay rules should bound the seeds per hole or run the work with a time
/// limit.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Endless, Landing, Layout, Pit, Player, Relay, SowSpec, Sower, Topology};
///
/// let topology = Topology::new(Layout::two_rows(6))?;
/// let sower = Sower {
///     topology: &topology,
///     spec: SowSpec::default(),
///     mover: Player::P0,
///     relay: &Relay::Never,
///     endless: Endless::Forbid,
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
}

impl<R: RelayRule> Sower<'_, R> {
    /// Sows one move from `origin` on `board`. Events go to `observer`; pass
    /// `&mut ()` to record nothing (the fast path, which sows whole
    /// revolutions at once).
    ///
    /// # Errors
    ///
    /// [`SowError::NotOnBoard`] or [`SowError::EmptyHole`] if `origin` cannot
    /// be sown (or `board` does not fit the topology), and
    /// [`SowError::Endless`] for an endless relay under [`Endless::Forbid`].
    /// On error the board is unchanged and no event was recorded.
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
            relay,
            endless,
        } = *self;
        if !topology.contains(origin) || board.len() != topology.holes() {
            return Err(SowError::NotOnBoard(origin));
        }
        if board.get(origin) == 0 {
            return Err(SowError::EmptyHole(origin));
        }
        let engine = Engine {
            topology,
            spec,
            mover,
            relay,
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
            return engine.run(board, origin, endless);
        }
        // Learn the outcome first, so that a refused move records nothing,
        // then replay the same laps with events.
        let mut dry = board.clone();
        let sown = engine.run(&mut dry, origin, endless)?;
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
        Ok(sown)
    }
}

struct Engine<'a, R> {
    topology: &'a Topology,
    spec: SowSpec,
    mover: Player,
    relay: &'a R,
}

impl<R: RelayRule> Engine<'_, R> {
    /// One lap from `from`; `Some(next lap start)` if it relays.
    fn step(&self, board: &mut Board, from: Pit) -> (Landing, bool) {
        let landing = lap(board, self.topology, self.spec, self.mover, from, &mut ());
        let relays = matches!(landing, Landing::Hole(p) if self.relay.relays(board, p));
        (landing, relays)
    }

    /// The laps of a move under a threshold rule, on the counts directly,
    /// up to [`LAP_BUDGET`] laps: `Ok` with the move's end, or `Err` with
    /// the next lap start once the budget is spent.
    #[inline]
    fn run_counts(&self, board: &mut Board, origin: Pit, at_least: u16) -> Result<Sown, Pit> {
        let (holes, stores) = board.parts_mut();
        let mut from = origin;
        for laps in 1..=LAP_BUDGET {
            let seeds = holes.get_mut(from.index()).map_or(0, core::mem::take);
            let landing = sow_counts(
                holes,
                stores,
                self.topology,
                self.spec,
                self.mover,
                from,
                seeds,
            );
            match landing {
                Landing::Hole(p) if holes.get(p.index()).is_some_and(|&c| c >= at_least) => {
                    from = p;
                }
                _ => {
                    return Ok(Sown {
                        landing,
                        laps,
                        endless: false,
                    });
                }
            }
        }
        Err(from)
    }

    fn run(&self, board: &mut Board, origin: Pit, endless: Endless) -> Result<Sown, SowError> {
        let start = board.clone();
        let mut from = origin;
        let mut laps = 0u64;
        let mut checked = false;
        if let Some(at_least) = self.relay.threshold() {
            match self.run_counts(board, origin, at_least) {
                Ok(sown) => return Ok(sown),
                // Past the budget: the general loop below takes over.
                Err(next) => {
                    from = next;
                    laps = LAP_BUDGET;
                }
            }
        }
        loop {
            if laps >= LAP_BUDGET && !checked {
                checked = true;
                if let Some(cycle) = self.find_cycle(&start, origin) {
                    return match endless {
                        Endless::Forbid => {
                            *board = start;
                            Err(EndlessRelay {
                                laps_before_cycle: cycle.mu,
                                cycle_laps: cycle.lambda,
                            }
                            .into())
                        }
                        Endless::Stop => {
                            *board = cycle.board;
                            Ok(Sown {
                                landing: Landing::Hole(cycle.hole),
                                laps: cycle.mu + cycle.lambda,
                                endless: true,
                            })
                        }
                    };
                }
                // No cycle: the move is finite; keep sowing to its end.
            }
            let (landing, relays) = self.step(board, from);
            laps += 1;
            match landing {
                Landing::Hole(p) if relays => from = p,
                _ => {
                    return Ok(Sown {
                        landing,
                        laps,
                        endless: false,
                    });
                }
            }
        }
    }

    /// Brent's cycle detection over lap starts, in constant memory. `None` if
    /// the sequence of lap starts ends (the move is finite).
    fn find_cycle(&self, start: &Board, origin: Pit) -> Option<Cycle> {
        let advance = |b: &mut Board, h: &mut Pit| -> bool {
            let (landing, relays) = self.step(b, *h);
            match landing {
                Landing::Hole(p) if relays => {
                    *h = p;
                    true
                }
                _ => false,
            }
        };
        let (mut tortoise, mut t_hole) = (start.clone(), origin);
        let (mut hare, mut h_hole) = (start.clone(), origin);
        if !advance(&mut hare, &mut h_hole) {
            return None;
        }
        let (mut power, mut lambda) = (1u64, 1u64);
        while t_hole != h_hole || tortoise != hare {
            if power == lambda {
                tortoise.clone_from(&hare);
                t_hole = h_hole;
                power *= 2;
                lambda = 0;
            }
            if !advance(&mut hare, &mut h_hole) {
                return None;
            }
            lambda += 1;
        }
        // The first repeated lap start: run two pointers `lambda` apart.
        let (mut tortoise, mut t_hole) = (start.clone(), origin);
        let (mut hare, mut h_hole) = (start.clone(), origin);
        for _ in 0..lambda {
            advance(&mut hare, &mut h_hole);
        }
        let mut mu = 0u64;
        while t_hole != h_hole || tortoise != hare {
            advance(&mut tortoise, &mut t_hole);
            advance(&mut hare, &mut h_hole);
            mu += 1;
        }
        Some(Cycle {
            mu,
            lambda,
            board: hare,
            hole: h_hole,
        })
    }
}

struct Cycle {
    mu: u64,
    lambda: u64,
    board: Board,
    hole: Pit,
}
