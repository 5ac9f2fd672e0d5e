//! Conditions on the shape of a turn beyond the plain rule: which holes may
//! be sown ([`Sowable`]), and what else a relay needs ([`RelayConditions`]).

use crate::board::Board;
use crate::capture::Zone;
use crate::pit::Pit;
use crate::player::Player;
use crate::topology::{Direction, Topology};

/// Which holes the mover may sow: those of `zone` (his own, unless the
/// game says otherwise) holding at least `min_seeds`, and, with
/// `lone_into_empty`, those holding exactly one seed whose next hole (in
/// the sowing direction) is empty.
///
/// Feeding is judged on these holes too: a player "has seeds" for the
/// feeding obligation when he has a hole he may sow.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Layout, Pit, Topology, rules::{Direction, Sowable}};
///
/// let topology = Topology::new(Layout::two_rows(3))?;
/// let board = Board::from_counts(&[1, 0, 2, 1, 1, 5], &[]);
/// let pit = |i| Pit::new(i).unwrap();
/// // I: only holes of two or more.
/// let i = Sowable::at_least(2);
/// assert!(!i.allows(&board, &topology, Direction::CounterClockwise, pit(0)));
/// assert!(i.allows(&board, &topology, Direction::CounterClockwise, pit(2)));
/// // Kay: also a single seed whose next hole is empty (hole 0: hole 1 is
/// // empty; hole 3: hole 4 is not).
/// let kay = Sowable { min_seeds: 2, lone_into_empty: true, ..Sowable::ANY };
/// assert!(kay.allows(&board, &topology, Direction::CounterClockwise, pit(0)));
/// assert!(!kay.allows(&board, &topology, Direction::CounterClockwise, pit(3)));
/// // Sowing clockwise, hole 0's next hole is hole 5.
/// assert!(!kay.allows(&board, &topology, Direction::Clockwise, pit(0)));
/// # Ok::<(), mancala_core::rules::LayoutError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Sowable {
    /// The fewest seeds a hole must hold to be sown (I, Kay: 2). 0 and 1
    /// both mean any hole with seeds (every other game).
    pub min_seeds: u16,
    /// A hole of exactly one seed may also be sown when the next hole, in
    /// the sowing direction, is empty (Kay). No effect when `min_seeds` is
    /// at most 1.
    pub lone_into_empty: bool,
    /// Where the holes sown may be, relative to the mover: his own
    /// ([`Zone::Own`], every game but these), the opponents' (Tap Urdy),
    /// any hole of the board (Kapana Bona). A missing serde field reads as
    /// `Own`.
    #[cfg_attr(feature = "serde", serde(default = "own"))]
    pub zone: Zone,
}

/// The serde default of [`Sowable::zone`]: the mover's own holes.
#[cfg(feature = "serde")]
const fn own() -> Zone {
    Zone::Own
}

impl Default for Sowable {
    #[inline]
    fn default() -> Sowable {
        Sowable::ANY
    }
}

impl Sowable {
    /// Any own hole with seeds may be sown (every game but I, Kay, Tap
    /// Urdy, Kapana Bona and Aw-li On-nam Ot-tjin).
    pub const ANY: Sowable = Sowable {
        min_seeds: 1,
        lone_into_empty: false,
        zone: Zone::Own,
    };

    /// Holes with at least `min_seeds` seeds (and at least one) may be sown.
    #[inline]
    pub const fn at_least(min_seeds: u16) -> Sowable {
        Sowable {
            min_seeds,
            lone_into_empty: false,
            zone: Zone::Own,
        }
    }

    /// Whether every own hole with seeds may be sown, and no other.
    #[inline]
    pub const fn is_any(self) -> bool {
        self.min_seeds <= 1 && matches!(self.zone, Zone::Own)
    }

    /// Whether `pit` may be sown on `board`, sowing in `direction`, for
    /// the count it holds (whether it is in the zone is asked by
    /// [`in_zone`](Sowable::in_zone)). A hole off the board may not.
    #[inline]
    pub fn allows(
        self,
        board: &Board,
        topology: &Topology,
        direction: Direction,
        pit: Pit,
    ) -> bool {
        if !topology.contains(pit) {
            return false;
        }
        let seeds = board.get(pit);
        seeds > 0
            && (seeds >= self.min_seeds
                || self.lone_into_empty
                    && seeds == 1
                    && board.get(topology.step(pit, direction)) == 0)
    }

    /// Whether `pit` is in the zone `mover` sows.
    #[inline]
    pub fn in_zone(self, topology: &Topology, pit: Pit, mover: Player) -> bool {
        topology.contains(pit) && self.zone.holds(topology, pit, mover)
    }

    /// The holes `player` may sow, as bits by hole index (hole by hole
    /// only for the games that sow by count or outside the mover's row).
    #[inline]
    pub(crate) fn bits(
        self,
        board: &Board,
        topology: &Topology,
        direction: Direction,
        player: Player,
    ) -> u128 {
        if self.is_any() {
            return board.nonempty_bits() & topology.mask_of(player);
        }
        let mut bits = 0u128;
        for p in topology.pits() {
            if self.in_zone(topology, p, player) && self.allows(board, topology, direction, p) {
                bits |= 1 << p.index();
            }
        }
        bits
    }
}

/// What a relay needs besides the relay rule's count, and whether a capture
/// or a relay wins when both apply where a lap ends. The default adds
/// nothing: a lap relays exactly when [`Relay`](crate::rules::Relay) says so.
///
/// Both keep relays a pure function of the board and the landing hole, so
/// endless relays are still detected exactly.
///
/// # Examples
///
/// ```
/// use mancala_core::rules::RelayConditions;
///
/// // Kay: relay only into an occupied next hole; a capture ends the move.
/// let kay = RelayConditions { next_occupied: true, capture_first: true, stop_on_empty_side: false };
/// assert_ne!(kay, RelayConditions::default());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct RelayConditions {
    /// A lap relays only if the hole after its landing hole, in the sowing
    /// direction, holds seeds (Kay).
    pub next_occupied: bool,
    /// A lap that ends where a capture starts (the landing hole qualifies
    /// for [`Rules::capture`](crate::Rules::capture)) ends the move, which
    /// then captures, even where the relay rule would relay (Kay). When
    /// `false` the relay wins, and the capture is judged where the move
    /// ends. A capture refused as a grand slam still ends the move.
    pub capture_first: bool,
    /// A lap after which some player's holes are all empty ends the move,
    /// even where the relay rule would relay (Altiev, whose game then
    /// ends: [`EndRules::side_empty`](crate::rules::EndRules::side_empty)).
    /// A missing serde field reads as `false`.
    #[cfg_attr(feature = "serde", serde(default))]
    pub stop_on_empty_side: bool,
}

impl RelayConditions {
    /// Nothing beyond the relay rule (every game but Kay and Altiev); the
    /// default.
    pub const NONE: RelayConditions = RelayConditions {
        next_occupied: false,
        capture_first: false,
        stop_on_empty_side: false,
    };

    /// Whether these conditions add nothing to the relay rule.
    #[inline]
    pub const fn is_plain(self) -> bool {
        !self.next_occupied && !self.capture_first && !self.stop_on_empty_side
    }
}
