//! Sweeps: holes taken after a move besides its capture, wherever they are
//! ([`Sweep`]).

use crate::board::Board;
use crate::capture::{CountSet, Zone};
use crate::pit::PitSet;
use crate::player::Player;
use crate::topology::Topology;

/// Holes a move takes after its sowing besides its
/// [`capture`](crate::Rules::capture): every hole of `zone` holding one of
/// `counts`, judged on the board after the sowing (as the capture is), and
/// taken with the capture, into the same store. The default,
/// [`Sweep::NONE`], takes nothing.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Layout, Pit, PitSet, Player, Topology, rules::{CountSet, Sweep, Zone}};
///
/// let topology = Topology::new(Layout::two_rows(3))?;
/// let board = Board::from_counts(&[2, 1, 4, 6, 3, 0], &[]);
/// // Kapana Bona: every hole of the board holding 2, 4 or 6, after every
/// // move.
/// let kapana_bona = Sweep {
///     zone: Zone::Any,
///     counts: CountSet::EMPTY.with(2).with(4).with(6),
///     after_capture: false,
///     board_at_most: None,
/// };
/// let swept = kapana_bona.taken(&board, &topology, Player::P0, PitSet::EMPTY);
/// assert_eq!(swept.iter().map(Pit::index).collect::<Vec<_>>(), [0, 2, 3]);
/// // Wouri: only after a capture, only the opponent's 4s (none here but
/// // for hole 2, South's own).
/// let wouri = Sweep { zone: Zone::Opponents, counts: CountSet::EMPTY.with(4), after_capture: true, board_at_most: None };
/// assert_eq!(wouri.taken(&board, &topology, Player::P0, PitSet::EMPTY), PitSet::EMPTY);
/// # Ok::<(), mancala_core::rules::LayoutError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Sweep {
    /// Where the holes swept may be, relative to the mover: any hole
    /// (Kapana Bona, Oure Ngat, Hoyito), the opponents' (Wouri).
    pub zone: Zone,
    /// The counts swept: 2, 4 or 6 (Kapana Bona, Oure Ngat), 4 (Wouri),
    /// any count but 0 (Hoyito: every seed on the board). None: no sweep.
    pub counts: CountSet,
    /// Only after a move whose capture took a hole (Wouri, Hoyito); else
    /// after every sowing move (Kapana Bona, Oure Ngat).
    pub after_capture: bool,
    /// Only when the board holds at most this many seeds after the sowing,
    /// before anything is taken (Hoyito: 8).
    pub board_at_most: Option<u16>,
}

impl Sweep {
    /// No sweep (every game but Kapana Bona, Oure Ngat, Wouri and Hoyito);
    /// the default.
    pub const NONE: Sweep = Sweep {
        zone: Zone::Opponents,
        counts: CountSet::EMPTY,
        after_capture: false,
        board_at_most: None,
    };

    /// Whether this sweep never takes anything (its counts are empty).
    #[inline]
    pub const fn is_none(self) -> bool {
        self.counts.is_empty()
    }

    /// The holes `mover`'s move takes on `board` (after the sowing) with
    /// `captured`, the holes its capture took: `captured` and, where the
    /// sweep applies, every hole of the zone holding one of the counts
    /// (never an empty hole).
    #[inline(never)]
    pub fn taken(
        self,
        board: &Board,
        topology: &Topology,
        mover: Player,
        captured: PitSet,
    ) -> PitSet {
        let applies = !(self.is_none() || self.after_capture && captured.is_empty())
            && self
                .board_at_most
                .is_none_or(|most| board.on_board() <= u32::from(most));
        if !applies {
            return captured;
        }
        let mut set = captured;
        for pit in topology.pits() {
            let count = board.get(pit);
            set.insert_if(
                pit,
                count > 0 && self.counts.contains(count) && self.zone.holds(topology, pit, mover),
            );
        }
        set
    }
}
