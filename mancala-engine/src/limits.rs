//! What bounds a search: [`Limits`] (nodes, depth, time), a [`Stop`] flag
//! another thread (or a web worker's message handler) can raise, and the
//! [`Clock`] that time limits read.
//!
//! Time is the one limit that depends on the machine: a search limited by
//! nodes and depth alone answers the same on every run. On
//! `wasm32-unknown-unknown` the standard library has no clock, so
//! [`system_clock`] is `None` there and a time limit is ignored unless the
//! caller gives a clock of its own (in a browser, one that reads
//! `performance.now()`), with [`Limits::with_clock`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A monotonic clock: the time since some fixed moment of the caller's
/// choosing (only differences are read).
pub type Clock = fn() -> Duration;

/// The standard library's monotonic clock, where the target has one (not
/// on `wasm32-unknown-unknown`).
pub fn system_clock() -> Option<Clock> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        fn since_start() -> Duration {
            use std::sync::OnceLock;
            use std::time::Instant;
            static START: OnceLock<Instant> = OnceLock::new();
            START.get_or_init(Instant::now).elapsed()
        }
        Some(since_start)
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        None
    }
}

/// A flag that stops a running search from outside: clone it, give one
/// copy to the search ([`Limits::with_stop`]) and call [`Stop::stop`] on
/// the other. The search then returns the best move it has (as when its
/// time runs out), within a few hundred positions.
///
/// # Examples
///
/// ```
/// use mancala_engine::{Limits, Stop};
///
/// let stop = Stop::new();
/// let limits = Limits::nodes(u64::MAX).with_stop(stop.clone());
/// stop.stop();
/// let game = mancala_engine::AnyGame::new("kalah", "")?;
/// // Stopped before it began: the search still answers a legal move.
/// let result = game.search(&limits)?;
/// assert!(game.legal_moves().contains(&result.best));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag: every search holding a copy stops.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag again, for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Methods of [`Limits`] that give the same limits with one more set:
/// `name(field: T)` sets `field` to `Some` of its argument.
macro_rules! with {
    ($($(#[$doc:meta])* $name:ident($field:ident: $t:ty);)*) => {$(
        $(#[$doc])*
        #[must_use]
        pub fn $name(mut self, $field: $t) -> Limits {
            self.$field = Some($field);
            self
        }
    )*};
}

/// The limits of one search: at most `nodes` positions made, `depth`
/// plies deep, `time` long, or until the [`Stop`] flag is raised,
/// whichever comes first. A field left `None` sets no limit.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use mancala_engine::Limits;
///
/// let limits = Limits::nodes(10_000).with_depth(8).with_time(Duration::from_millis(50));
/// assert_eq!(limits.nodes, Some(10_000));
/// assert_eq!(limits.depth, Some(8));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Most positions the search may make.
    pub nodes: Option<u64>,
    /// Deepest iteration, in plies (for alpha-beta; MCTS and Numa's search
    /// do not read it).
    pub depth: Option<u32>,
    /// Most time the search may take (read from [`Limits::clock`]).
    pub time: Option<Duration>,
    /// The flag that stops the search from outside, if any.
    pub stop: Option<Stop>,
    /// The clock the time limit reads: [`system_clock`] by default.
    pub clock: Option<Clock>,
}

impl Limits {
    /// No limit but `nodes` positions.
    pub fn nodes(nodes: u64) -> Limits {
        Limits::none().with_nodes(nodes)
    }

    /// No limit but `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits::none().with_depth(depth)
    }

    /// No limit but `time`.
    pub fn time(time: Duration) -> Limits {
        Limits::none().with_time(time)
    }

    /// No limit at all (the search ends when it has seen the whole game
    /// tree, or when stopped).
    pub fn none() -> Limits {
        Limits {
            nodes: None,
            depth: None,
            time: None,
            stop: None,
            clock: system_clock(),
        }
    }

    with! {
        /// The same limits, also at most `nodes` positions.
        with_nodes(nodes: u64);
        /// The same limits, also at most `depth` plies.
        with_depth(depth: u32);
        /// The same limits, also at most `time` long.
        with_time(time: Duration);
        /// The same limits, also stopped by `stop`.
        with_stop(stop: Stop);
        /// The same limits, their time read from `clock`.
        with_clock(clock: Clock);
    }

    /// The moment the time runs out, from now.
    pub(crate) fn deadline(&self) -> Option<Deadline> {
        Deadline::after(self.time?, self.clock)
    }
}

/// When a search must end: a time on a [`Clock`], and a [`Stop`] flag.
#[derive(Clone, Debug)]
pub(crate) struct Deadline {
    clock: Clock,
    at: Duration,
}

impl Deadline {
    /// `time` from now on `clock` (the system clock if `None`); `None`
    /// where there is no clock.
    pub(crate) fn after(time: Duration, clock: Option<Clock>) -> Option<Deadline> {
        let clock = clock.or_else(system_clock)?;
        Some(Deadline {
            clock,
            at: clock().saturating_add(time),
        })
    }

    /// Whether the time is up.
    pub(crate) fn passed(&self) -> bool {
        (self.clock)() >= self.at
    }
}

/// Time elapsed since a start, on the system clock (zero where there is
/// none): the solvers' progress reports.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Timer {
    clock: Option<Clock>,
    start: Duration,
}

impl Timer {
    /// A timer started now.
    pub(crate) fn start() -> Timer {
        let clock = system_clock();
        Timer {
            clock,
            start: clock.map_or(Duration::ZERO, |c| c()),
        }
    }

    /// The time since the start.
    pub(crate) fn elapsed(&self) -> Duration {
        self.clock
            .map_or(Duration::ZERO, |c| c().saturating_sub(self.start))
    }
}
