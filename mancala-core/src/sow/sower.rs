//! [`Sower`], the sower's entry point: a move sown
//! ([`sow`](Sower::sow)), the moves that stand of a set
//! ([`standing`](Sower::standing)), and a first lap judged by arithmetic
//! ([`single_lap`](Sower::single_lap)).

use crate::board::Board;
use crate::budget::Meter;
use crate::event::{Event, Observer};
use crate::pit::{Pit, PitSet};
use crate::player::Player;
use crate::topology::Topology;

use super::lanes::LaneRing;
use super::mover::{Found, Mover};
use super::ring::{bare_first_laps, bare_landing};
use super::spec::Sowing;
use super::{Endless, Landing, PLAIN_LAPS, RelayRule, SowError, SowSpec, Sown, Undecided};

/// The sower for one mover's moves: the board's shape, how laps are
/// sown, when they relay, and what to do with relays that never end.
///
/// [`sow`](Sower::sow) sows one move from a hole, relaying while the relay
/// rule says so, and detects relays that never end exactly (a lap start
/// that repeats within the move), handling them by its [`Endless`] policy
/// ([`Endless::Forbid`] unless [`endless`](Sower::endless) says otherwise).
/// It gives what the plain statement of the rules,
/// [`sow_reference::Move`](crate::toolkit::sow_reference::Move), gives.
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
/// ([`Budget`](crate::Budget)): the sower sows a move's first 256 laps
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
/// use mancala_core::{Board, Budget, Landing, Layout, Meter, Pit, Player, Topology, rules::{Relay, SowSpec}, toolkit::Sower};
///
/// let topology = Topology::new(Layout::two_rows(6))?;
/// let meter = Meter::new(Budget::DEFAULT);
/// let sower = Sower::new(&topology, SowSpec::default(), Player::P0, &Relay::Never, &meter);
/// let mut board = Board::filled(12, 4);
/// let sown = sower.sow(&mut board, Pit::new(3).unwrap(), &mut ())?;
/// assert_eq!(sown.landing, Landing::Hole(Pit::new(7).unwrap()));
/// assert_eq!(board.holes(), &[4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Sower<'a, R> {
    /// The board's shape, how each lap is sown, and the player sowing
    /// (whose store `spec.into_own_store` fills).
    pub(super) sowing: Sowing<'a>,
    /// When a lap relays.
    pub(super) relay: &'a R,
    /// What to do with a move whose relays never end.
    pub(super) endless: Endless,
    /// The call's work budget being spent (see "Cost and the work budget"
    /// above): every lap past a move's first 256 draws its seeds from it.
    pub(super) meter: &'a Meter,
}

impl<'a, R> Sower<'a, R> {
    /// The sower for `mover`'s moves on `topology`, each lap sown
    /// by `spec`, relaying by `relay`, drawing on `meter` (the call's work
    /// budget); a move whose relays never end is refused
    /// ([`Endless::Forbid`], the family's default) unless
    /// [`endless`](Sower::endless) says otherwise.
    #[inline]
    pub const fn new(
        topology: &'a Topology,
        spec: SowSpec,
        mover: Player,
        relay: &'a R,
        meter: &'a Meter,
    ) -> Sower<'a, R> {
        Sower {
            sowing: Sowing {
                topology,
                spec,
                mover,
            },
            relay,
            endless: Endless::Forbid,
            meter,
        }
    }

    /// This sower, handling a move whose relays never end by `endless`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Board, Budget, Layout, Meter, Pit, Player, Topology, rules::{Endless, Relay, SowSpec}, toolkit::{SowError, Sower}};
    ///
    /// let topology = Topology::new(Layout::two_rows(6))?;
    /// let meter = Meter::new(Budget::UNLIMITED);
    /// let relay = Relay::AtLeast(4);
    /// let sower = Sower::new(&topology, SowSpec::default(), Player::P0, &relay, &meter);
    /// // Mankka's endless relay: from hole 2 the lap starts come back.
    /// let board = Board::from_counts(&[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1], &[0, 0]);
    /// let hole = Pit::new(2).unwrap();
    /// let refused = sower.sow(&mut board.clone(), hole, &mut ());
    /// assert!(matches!(refused, Err(SowError::Endless(_))));
    /// let stopped = sower.endless(Endless::Stop).sow(&mut board.clone(), hole, &mut ())?;
    /// assert!(stopped.endless);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    #[must_use]
    pub const fn endless(mut self, endless: Endless) -> Sower<'a, R> {
        self.endless = endless;
        self
    }
}

impl<R: RelayRule> Sower<'_, R> {
    /// Where the move from `origin` ends if it surely ends with its first
    /// lap, found without sowing: `Some(landing)` when the lap's last seed
    /// enters a store, or a hole that then holds fewer seeds than the relay
    /// rule's [threshold](RelayRule::threshold) (any hole under
    /// [`SingleLap`](crate::toolkit::SingleLap)). `None` when the move would relay,
    /// when the rule has no threshold (only sowing tells), and whenever
    /// [`sow`](Sower::sow) would fail.
    ///
    /// Legality checks use it to skip the trial sowing of moves that cannot
    /// relay, which [`sow`](Sower::sow) would decide in one lap.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Board, Budget, Landing, Layout, Meter, Pit, Topology, Player, rules::{Relay, SowSpec}, toolkit::Sower};
    ///
    /// let topology = Topology::new(Layout::two_rows(6))?;
    /// let meter = Meter::new(Budget::DEFAULT);
    /// let relay = Relay::AtLeast(4);
    /// let sower = Sower::new(&topology, SowSpec::default(), Player::P0, &relay, &meter);
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
        (board.len() == self.sowing.topology.holes()).then_some(threshold)
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
        let Sowing {
            topology,
            spec,
            mover,
        } = self.sowing;
        let store = spec.into_own_store && mover.index() < topology.players();
        let (landing, seeds) = if BARE && !store && !spec.keeps() && holes.len() >= 2 {
            bare_landing(holes, origin.index(), spec)?
        } else if spec.keeps() {
            self.sowing.lap_landing::<true>(holes, origin)?
        } else {
            self.sowing.lap_landing::<false>(holes, origin)?
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
    /// use mancala_core::{Board, Budget, Layout, Meter, Pit, PitSet, Player, Topology, rules::{Relay, SowSpec}, toolkit::Sower};
    ///
    /// let topology = Topology::new(Layout::two_rows(6))?;
    /// let meter = Meter::new(Budget::UNLIMITED);
    /// let relay = Relay::AtLeast(2);
    /// let sower = Sower::new(&topology, SowSpec::default(), Player::P0, &relay, &meter);
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
    /// inline board of 2 to [`LANES`](crate::board::LANES) holes that fits
    /// the topology, a relay rule of a threshold and no seed kept back in
    /// the origin. Each candidate is sown on a copy of the lanes, first lap
    /// included (no arithmetic apart, no board copied, no mover set up per
    /// move); a move still relaying after the plain laps is left to
    /// [`trial`](Sower::trial), which decides it from the start. `None`
    /// where the fast path does not apply.
    #[inline]
    fn standing_by_lanes(
        &self,
        board: &Board,
        candidates: PitSet,
        scratch: &mut Board,
    ) -> Option<Result<PitSet, Undecided>> {
        let at_least = self.relay.threshold()?;
        let (lanes, stores, n) = board.lanes()?;
        if R::SINGLE_LAP || n != self.sowing.topology.holes() {
            return None;
        }
        let ring = LaneRing::new(&self.sowing, n, at_least)?;
        let (holes, spec) = (lanes.get(..n)?, self.sowing.spec);
        // The trials' store count: sown into, never read.
        let mut store_count = stores.get(self.sowing.mover.index()).copied().unwrap_or(0);
        // First, without a branch for each candidate: the holes with seeds
        // whose first lap ends the move (on a bare ring the first lap's end
        // is arithmetic: its last hole left below the threshold), which
        // stand without sowing, and the others, to be tried. (With a store
        // sown into, none is judged so: no count is below 0.)
        let first_lap_below = if ring.sows_store() { 0 } else { at_least };
        let (ends, mut tried) = bare_first_laps(holes, candidates, spec, first_lap_below);
        let mut set = PitSet::from_bits(u128::from(ends));
        while tried != 0 {
            let pit = Pit::from_index(tried.trailing_zeros() as usize);
            tried &= tried - 1;
            let mut trial = *lanes;
            let stands = match ring.relay(&mut trial, &mut store_count, pit, PLAIN_LAPS) {
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
        let topology = self.sowing.topology;
        if !topology.contains(origin) || board.len() != topology.holes() || board.get(origin) == 0 {
            return Ok(false);
        }
        if R::SINGLE_LAP {
            return Ok(true);
        }
        let mover = Mover {
            sower: self,
            origin,
        };
        scratch.clone_from(board);
        if mover.run_plain(scratch, origin, PLAIN_LAPS).is_ok() {
            return Ok(true);
        }
        let mut pool = scratch.take_pool();
        let found = mover.find_cycle(&mut pool, scratch, board);
        scratch.put_pool(pool);
        match found {
            Found::End(_) => Ok(true),
            Found::Cycle { .. } => Ok(self.endless == Endless::Stop),
            Found::Undecided => Err(mover.undecided_cause()),
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
    /// [`SowError::Undecided`] for a move the work budget (the meter given
    /// to [`new`](Sower::new)) cannot decide. On error the board is
    /// unchanged and no event was recorded.
    pub fn sow<O: Observer>(
        &self,
        board: &mut Board,
        origin: Pit,
        observer: &mut O,
    ) -> Result<Sown, SowError> {
        let topology = self.sowing.topology;
        if !topology.contains(origin) || board.len() != topology.holes() {
            return Err(SowError::NotOnBoard(origin));
        }
        if board.get(origin) == 0 {
            return Err(SowError::EmptyHole(origin));
        }
        let mover = Mover {
            sower: self,
            origin,
        };
        if R::SINGLE_LAP {
            let landing = self.lap(board, origin, observer);
            return Ok(Sown {
                landing,
                laps: 1,
                endless: false,
            });
        }
        if !O::RECORDS {
            return mover.run(board);
        }
        self.sow_recorded(&mover, board, observer)
    }

    /// One lap from `from`: on the counts directly when `observer` records
    /// nothing, else seed by seed, each seed told.
    #[inline(always)]
    fn lap<O: Observer>(&self, board: &mut Board, from: Pit, observer: &mut O) -> Landing {
        if O::RECORDS {
            self.sowing.lap(board, from, observer)
        } else {
            self.sowing.quiet_lap(board, from)
        }
    }

    /// [`sow`](Sower::sow) with events: the outcome learnt first, so that a
    /// refused move records nothing, then the same laps replayed with
    /// events (on a spare block, which carries the board's spares).
    fn sow_recorded<O: Observer>(
        &self,
        mover: &Mover<'_, R>,
        board: &mut Board,
        observer: &mut O,
    ) -> Result<Sown, SowError> {
        let mut dry = board.take_spare();
        dry.clone_from(board);
        let sown = match mover.run(&mut dry) {
            Ok(sown) => sown,
            Err(e) => {
                board.keep_spare(dry);
                return Err(e);
            }
        };
        let mut from = mover.origin;
        for _ in 0..sown.laps {
            if let Landing::Hole(p) = self.sowing.lap(board, from, observer) {
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
