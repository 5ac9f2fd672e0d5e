//! The sower: laps, relays, origin skipping, stores, and exact
//! detection of endless relays.
//!
//! The files, by job:
//!
//! - `spec.rs` and `outcome.rs`: what a sowing is asked to do, and what it
//!   gives back.
//! - `reference.rs`: the plain statement of a lap and of a relayed move,
//!   seed by seed, which the sower is checked against (public as
//!   [`sow_reference`](crate::toolkit::sow_reference)).
//! - `sower.rs`: [`Sower`], the sower's one entry point (`sow`,
//!   `standing`, `single_lap`), and `mover.rs` behind it: a move's laps,
//!   the plain ones and those drawn from the work budget.
//! - The fast kernels: `ring.rs` (laps on the counts, whole revolutions at
//!   once, and first landings by arithmetic), `lanes.rs` (laps lane by
//!   lane on boards of up to 16 holes) and `cycle.rs` (Brent's cycle
//!   detection).

mod cycle;
mod lanes;
mod mover;
mod outcome;
pub mod reference;
mod ring;
mod sower;
mod spec;
#[cfg(test)]
mod tests;

pub(crate) use lanes::relay_by_lanes;
pub use outcome::{EndlessRelay, Landing, SowError, Sown, Undecided};
pub use sower::Sower;
pub(crate) use spec::Sowing;
pub use spec::{Endless, Relay, RelayRule, SingleLap, SowSpec};

use crate::board::Board;
use crate::pit::Pit;
use crate::player::Player;
use crate::topology::Topology;

/// What a seed sown lap by lap (on a board of more than
/// [`LANES`](crate::board::LANES) holes, with a seed kept back in the
/// origin, or under a relay rule without a threshold) counts against the
/// work budget: sowing it costs about three times as much as sowing one
/// lane by lane (measured by the `laps` example: 120 to 160 million seeds a
/// second against 370 to 540 million), so that a unit of the budget costs
/// about the same on every board.
pub(crate) const LAP_WALK_WEIGHT: u64 = 3;

/// Laps of a move sown plainly, without counting against the work budget
/// and without looking for a cycle. Any move that takes longer is re-run
/// under Brent's cycle detection, which is exact, every lap of it drawn
/// from the call's [`Meter`](crate::Meter).
pub(crate) const PLAIN_LAPS: u64 = 256;

/// What a lap of `seeds` seeds on a board of `holes` holes counts against
/// the work budget: its seeds, or the board's holes if it holds more (a lap
/// of more seeds than the ring has holes is sown a whole revolution at a
/// time, at the cost of one).
#[inline(always)]
fn lap_cost(seeds: u16, holes: usize) -> u64 {
    u64::from(seeds).min(holes as u64)
}

/// One lap of `mover` from `from` under `spec`, without events, on the
/// board's counts directly ([`Sowing::quiet_lap`]): the whole sowing of a
/// move without relays whose checks were made.
#[inline]
pub(crate) fn lap_quiet(
    board: &mut Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    from: Pit,
) -> Landing {
    let sowing = Sowing {
        topology,
        spec,
        mover,
    };
    sowing.quiet_lap(board, from)
}
