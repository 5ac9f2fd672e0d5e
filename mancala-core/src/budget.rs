//! The work budget: how much sowing one call may spend deciding relays.
//!
//! A relaying move is *decided* when the sower knows how it ends: after
//! some laps, or in a cycle of lap starts that repeats for ever. Exact
//! detection can take very long on a position built to be slow, so every
//! call that decides relays (building a state, reading one, playing a
//! move) spends from a [`Budget`] that the calling program sets: nothing in
//! a position's text, JSON or rules can raise it.

pub use crate::sow::Undecided;
use core::cell::Cell;
use core::fmt;

/// The seeds the sower may sow in one call beyond each move's first laps
/// (see [`Budget`], "The unit"): [`Budget::DEFAULT`]'s size.
///
/// # What it costs
///
/// Measured on the project's reference machine (2 cores, release build,
/// one core pinned; `mancala laps`), deciding relays
/// spends the budget at 360 to 570 million seeds a second on every board
/// measured: a 2x6 board of 72 seeds relaying at 2 (470 to 510 million),
/// Numercy's reading of it (470 million), French Wari's longest random
/// calls (360 to 390 million), and a 2x12 board sown lap by lap, where a
/// seed counts 3 (430 to 570 million). So a call this budget refuses
/// returns within about 0.35 s at the slowest rate seen (0.25 to 0.28 s
/// for the known slow positions), under half the 1 s promised for any
/// input, and a call it accepts takes no longer. The first 256 laps of
/// each move decided add a few milliseconds a call at most.
///
/// # What it covers
///
/// In random play from every relaying preset (100,000 games each of
/// Numercy classic and 2x6, Mankka Two and One, French Wari and Kay;
/// 10,000 of En Gehe on 2x40 and on 2x50), the most one call spent beyond
/// the free laps was: 0 seeds in Numercy, Mankka One, Kay and En Gehe (every
/// move ends within 256 laps, and no endless move came up), 36,679 in
/// Mankka Two (an endless relay, its cycle found), and 37,017,634 in French
/// Wari: its random positions hold relays that cycle for millions of laps
/// (one of 1,733,184 laps after South sows hole 5 of
/// `[6,6,2,7,0,6,0,1,6,6,0,1]`), decided in about 0.1 s. The default covers
/// the longest call seen by at least 100 times everywhere but French Wari,
/// where it covers it 3.5 times: 100 times would take about ten seconds a
/// call, past the promise, so the default is the largest budget that keeps
/// a refusal well within it, and a test plays 10,000 random French Wari
/// games to the end under it without a refusal. A program that plays
/// French Wari against people it trusts can raise it (or remove it) with
/// [`Budget::seeds`] or [`Budget::UNLIMITED`].
pub const DEFAULT_BUDGET: u64 = 128_000_000;

/// The work one call may spend deciding relays, set by the calling
/// program: a number of seeds sown, or no limit.
///
/// # The unit
///
/// A relaying move is decided by sowing it, lap after lap, until it ends
/// or its lap starts repeat (an endless relay, found exactly by Brent's
/// cycle detection in constant memory). The budget counts the seeds those
/// laps sow, over the whole call however many moves it decides (building a
/// position decides every move of the player to move; playing a move sows
/// it and decides every move of the position it leads to). So that a unit
/// costs about the same on every board:
///
/// - each move's first 256 laps, in which nearly every move there is ends,
///   are sown without counting: their work is bounded by the board (at most
///   256 laps of at most 100 holes for each move decided, a few
///   milliseconds a call at most); a move still going after them is walked again
///   from its start by the cycle detection, every lap of that walk counted
///   (so even a short cycle costs a few counted seeds);
/// - a lap counts its seeds, but at most as many as the board has holes (a
///   lap of more is sown a whole revolution at a time);
/// - a seed counts 1 on a board of up to 16 holes, sown lane by lane, and 3
///   where the board is sown lap by lap (more than 16 holes, a seed kept
///   back in the origin, or a relay rule without a threshold), where it
///   costs about three times as much.
///
/// [`DEFAULT_BUDGET`] gives the rate measured, what the default costs at
/// worst, and what it covers.
///
/// # What a refusal means
///
/// A move that cannot be decided within the budget is never judged either
/// way: the call that needed it fails with a typed error naming the hole
/// and the budget ([`Undecided`]), and changes nothing.
/// A budget never changes a result: any answer given under one budget is
/// the answer under every larger one. A trusted program raises it, or
/// removes it with [`Budget::UNLIMITED`], through the API (each game's
/// `*_within` constructors and `set_budget`), never through the text.
///
/// # Examples
///
/// ```
/// use mancala_core::{Budget, Game, Mancala, Rules, Setup, rules::Relay};
///
/// // A slow position: a 2x6 board of 72 seeds relaying at 2,
/// // whose hole 4 relays round a cycle of 307,959,030 laps.
/// let mut rules = Rules::oware();
/// rules.relay = Relay::AtLeast(2);
/// rules.sowing.skip_origin = false;
/// let mut setup = Setup::new(rules);
/// setup.board = vec![11, 14, 2, 3, 9, 2, 1, 7, 2, 14, 6, 1];
/// setup.stores = vec![0, 0];
/// // A stranger's position is refused quickly under the default budget ...
/// assert!(Mancala::from_setup(setup.clone()).is_err());
/// // ... and a small budget refuses it sooner.
/// assert!(Mancala::from_setup_within(setup, Budget::seeds(1_000)).is_err());
/// assert_eq!(Budget::default(), Budget::DEFAULT);
/// assert_eq!(Budget::UNLIMITED.limit(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Budget {
    /// Seeds one call may sow beyond each move's first laps; `None`: no
    /// limit.
    seeds: Option<u64>,
}

impl Budget {
    /// The default budget, [`DEFAULT_BUDGET`] seeds a call: what every
    /// constructor and reader uses unless told otherwise.
    pub const DEFAULT: Budget = Budget::seeds(DEFAULT_BUDGET);

    /// No limit: every move is decided exactly, however long it takes (a
    /// relay cycle can be hundreds of millions of laps). For positions
    /// you trust.
    pub const UNLIMITED: Budget = Budget { seeds: None };

    /// A budget of `seeds` seeds sown a call (beyond each move's first
    /// laps; 0 decides only moves that end within them: a cycle is looked
    /// for only after them, every lap of that walk counted).
    pub const fn seeds(seeds: u64) -> Budget {
        Budget { seeds: Some(seeds) }
    }

    /// The seeds a call may sow, or `None` for no limit.
    pub const fn limit(self) -> Option<u64> {
        self.seeds
    }

    /// Whether the budget has a limit (any but [`Budget::UNLIMITED`]).
    pub const fn is_limited(self) -> bool {
        self.seeds.is_some()
    }
}

impl Default for Budget {
    /// [`Budget::DEFAULT`].
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

impl fmt::Display for Budget {
    /// `128000000 seeds`, or `no limit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seeds {
            Some(n) => write!(f, "{n} seeds"),
            None => f.write_str("no limit"),
        }
    }
}

/// A [`Budget`] being spent by one call: the sower
/// ([`Sower`](crate::toolkit::Sower)) draws on it for every lap it sows beyond a
/// move's first, and a call that decides several moves shares one meter
/// among them.
///
/// # Examples
///
/// ```
/// use mancala_core::{Budget, Meter};
///
/// let meter = Meter::new(Budget::seeds(10));
/// assert!(meter.spend(6));
/// assert!(!meter.spend(5)); // only 4 left: refused, nothing spent
/// assert!(meter.spend(4));
/// assert_eq!(meter.spent(), 10);
/// assert!(Meter::new(Budget::UNLIMITED).spend(u64::MAX));
/// ```
#[derive(Debug)]
pub struct Meter {
    budget: Budget,
    spent: Cell<u64>,
}

impl Meter {
    /// A meter with all of `budget` left.
    pub const fn new(budget: Budget) -> Meter {
        Meter {
            budget,
            spent: Cell::new(0),
        }
    }

    /// The budget this meter spends.
    pub const fn budget(&self) -> Budget {
        self.budget
    }

    /// Seeds spent so far (saturating at `u64::MAX` without a limit).
    pub fn spent(&self) -> u64 {
        self.spent.get()
    }

    /// Seeds left to spend (`u64::MAX` without a limit).
    #[inline]
    pub(crate) fn left(&self) -> u64 {
        self.budget
            .seeds
            .map_or(u64::MAX, |limit| limit.saturating_sub(self.spent.get()))
    }

    /// Spends `seeds` if that many are left, and says whether it did; a
    /// refused spending spends nothing. Always `true` without a limit.
    #[inline]
    pub fn spend(&self, seeds: u64) -> bool {
        let spent = self.spent.get().saturating_add(seeds);
        let within = self.budget.seeds.is_none_or(|limit| spent <= limit);
        if within {
            self.spent.set(spent);
        }
        within
    }
}

/// A state's [`Budget`], kept beside its position (for game crates whose
/// state types derive equality and hashing): the caller's, not part of the
/// position, so every two are equal and none adds to a hash.
///
/// # Examples
///
/// ```
/// use mancala_core::Budget;
/// use mancala_core::budget::StateBudget;
///
/// let kept = StateBudget(Budget::seeds(5));
/// assert_eq!(kept, StateBudget(Budget::UNLIMITED));
/// assert_eq!(kept.0, Budget::seeds(5));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StateBudget(pub Budget);

crate::uncompared!(StateBudget);
