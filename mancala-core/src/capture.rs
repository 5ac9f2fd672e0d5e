//! Captures: the rules ([`Capture`], [`Zone`]) and what each means where a
//! move's last seed fell ([`LastSeed`]), with their building blocks (count
//! sets, the chain walker, grand slams, taking holes into a store).

use crate::board::Board;
use crate::event::{Event, Observer};
use crate::pit::{Pit, PitSet};
use crate::player::{Player, PlayerSet};
use crate::topology::{Direction, Topology};

/// Which holes a capture may start in, relative to the mover.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Zone {
    /// Holes of other players (oware, Robertson).
    #[default]
    Opponents,
    /// The mover's own holes.
    Own,
    /// Any hole (Mankka).
    Any,
    /// Holes of other players, and the mover's own last hole: the last of
    /// a row of his, in canonical order (Kara: his rightmost hole).
    OpponentsAndLast,
}

/// How a move captures, judged where its last seed fell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Capture {
    /// Nothing is ever captured.
    #[default]
    None,
    /// The last seed falls in a hole of `zone` that then holds a count in
    /// `counts`: that hole is taken, then the holes behind it (against the
    /// sowing direction, within `limit`) while each holds a count in `counts`
    /// (or, with `same_count`, exactly the landing hole's count).
    Chain {
        /// Where the landing hole may be.
        zone: Zone,
        /// The counts that are taken.
        counts: CountSet,
        /// Chain holes must hold exactly the landing hole's count (Robertson:
        /// no mixing of 2s and 3s).
        same_count: bool,
        /// How far the chain may run.
        limit: ChainLimit,
        /// Each hole the chain takes takes its opposite hole too, whatever
        /// that holds (La'b Akila; two-row boards only). A hole already
        /// taken, as an opposite, still carries the chain on when it held
        /// a count taken after the sowing. A missing serde field reads as
        /// `false`.
        #[cfg_attr(feature = "serde", serde(default))]
        opposites: bool,
    },
    /// Kalah: the last seed falls in one of the mover's own holes that was
    /// empty; it and the opposite hole go to the mover's store. Two-row boards
    /// only.
    Opposite {
        /// Capture only when the opposite hole holds seeds (OpenSpiel); when
        /// `false`, the lone seed is taken even from an empty file.
        require_opposite: bool,
        /// Where the landing hole may be: [`Zone::Own`] (Kalah, En Gehe),
        /// or [`Zone::Any`] (French Wari). A missing serde field reads as
        /// `Own`.
        #[cfg_attr(feature = "serde", serde(default = "own_zone"))]
        zone: Zone,
        /// Whether the lone seed is taken with the opposite hole's (Kalah)
        /// or stays where it fell (French Wari). A missing serde field
        /// reads as `true`.
        #[cfg_attr(feature = "serde", serde(default = "yes"))]
        take_lone: bool,
    },
    /// The last seed falls in an empty hole of `zone` (it now holds 1) and
    /// the hole opposite holds one of `counts`: the opposite hole's seeds
    /// are taken, the lone seed stays (Yovodji: 2 or more, in the mover's
    /// row). Two-row boards only.
    Facing {
        /// Where the landing hole may be.
        zone: Zone,
        /// The counts of the opposite hole that are taken.
        counts: CountSet,
    },
    /// The last seed falls in a hole that then holds more than one seed,
    /// and the next hole (in the sowing direction) is empty: the hole after
    /// that one is taken, whatever it holds and whoever owns it (Tap Urdy,
    /// whose laps relay while the next hole is occupied).
    PastEmpty,
}

/// The serde default of `Capture::Opposite`'s `zone`: Kalah's.
#[cfg(feature = "serde")]
const fn own_zone() -> Zone {
    Zone::Own
}

/// The serde default of `Capture::Opposite`'s `take_lone`: Kalah's.
#[cfg(feature = "serde")]
const fn yes() -> bool {
    true
}

impl Zone {
    /// Whether `pit` is in this zone for `mover`.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Layout, Pit, Player, Topology, rules::Zone};
    ///
    /// let topology = Topology::new(Layout::two_rows(3))?;
    /// let pit = |i| Pit::new(i).unwrap();
    /// // Kara: North's holes, and South's own last hole (2).
    /// let kara = Zone::OpponentsAndLast;
    /// assert!(kara.holds(&topology, pit(4), Player::P0));
    /// assert!(kara.holds(&topology, pit(2), Player::P0));
    /// assert!(!kara.holds(&topology, pit(1), Player::P0));
    /// assert!(kara.holds(&topology, pit(5), Player::P1));
    /// assert!(!kara.holds(&topology, pit(3), Player::P1));
    /// # Ok::<(), mancala_core::rules::LayoutError>(())
    /// ```
    #[inline]
    pub const fn holds(self, topology: &Topology, pit: Pit, mover: Player) -> bool {
        let own = topology.owner(pit).index() == mover.index();
        match self {
            Zone::Opponents => !own,
            Zone::Own => own,
            Zone::Any => true,
            Zone::OpponentsAndLast => {
                !own || (pit.index() % topology.row_len() + 1 == topology.row_len())
            }
        }
    }
}

/// Where a move's last seed fell, as a capture judges it: the hole sown
/// from, the hole the last seed fell in, the direction of sowing and the
/// player who moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LastSeed {
    /// The hole the move was sown from.
    pub origin: Pit,
    /// The hole the last seed fell in.
    pub landing: Pit,
    /// The direction seeds travelled.
    pub direction: Direction,
    /// The player who moved.
    pub mover: Player,
}

impl Capture {
    /// Whether this capture reads the hole across the landing one (and so
    /// needs a two-row board): [`Capture::Opposite`], [`Capture::Facing`],
    /// and a [`Capture::Chain`] that takes opposites.
    #[inline]
    pub const fn reads_opposite(self) -> bool {
        matches!(
            self,
            Capture::Opposite { .. }
                | Capture::Facing { .. }
                | Capture::Chain {
                    opposites: true,
                    ..
                }
        )
    }

    /// Whether a capture starts where `last` fell (on `board` after the
    /// sowing): the landing hole qualifies, whatever a chain would add or a
    /// grand slam rule say ([`taken`](Capture::taken) of a move that ended
    /// in a hole). (Kay's relay condition "capture first" asks this.)
    #[inline]
    pub fn starts(self, board: &Board, topology: &Topology, last: LastSeed) -> bool {
        // Exactly when the capture would take something from a move that
        // ended in a hole: the rule is stated once, in `taken`.
        self.taken(board, topology, last, true).is_some()
    }

    /// The holes this capture takes after `last` fell (on `board` after the
    /// sowing), before any grand slam rule; `None` when it takes nothing,
    /// as always when the move did not end `in_hole` (it ended in a store,
    /// or was stopped as endless).
    ///
    /// - [`Capture::Chain`]: the landing hole, in the zone and holding one
    ///   of the counts, then the holes behind it while each holds one of
    ///   the counts (or the landing hole's count, with `same_count`), as
    ///   far as the limit ([`chain`]); with `opposites`, each with the hole
    ///   across it.
    /// - [`Capture::Opposite`]: a lone seed in the zone with a hole across
    ///   takes that hole's seeds (if it holds any, or if the rules take the
    ///   lone seed anyway), and the lone seed with them unless it stays
    ///   (`take_lone`).
    /// - [`Capture::Facing`]: a lone seed in the zone takes the hole across
    ///   when it holds one of the counts.
    /// - [`Capture::PastEmpty`]: a last seed making more than one, before
    ///   an empty hole, takes the hole after that one.
    ///
    /// (Each test is folded into one condition without a branch apiece: a
    /// capture is a toss-up the processor cannot guess.)
    #[inline(always)]
    pub fn taken(
        self,
        board: &Board,
        topology: &Topology,
        last: LastSeed,
        in_hole: bool,
    ) -> Option<PitSet> {
        let landing = last.landing;
        match self {
            Capture::None => None,
            Capture::Chain {
                zone,
                counts,
                same_count,
                limit,
                opposites,
            } => {
                let in_zone = zone.holds(topology, landing, last.mover);
                let first = board.get(landing);
                if !(in_hole & in_zone & counts.contains(first)) {
                    return None;
                }
                let taken = chain(board, topology, last, limit, |c| {
                    if same_count {
                        c == first
                    } else {
                        counts.contains(c)
                    }
                });
                if !opposites {
                    return Some(taken);
                }
                Some(with_opposites(board, topology, taken))
            }
            Capture::Opposite {
                require_opposite,
                zone,
                take_lone,
            } => {
                let in_zone = zone.holds(topology, landing, last.mover);
                let (opposite, across) = match topology.opposite(landing) {
                    Some(o) => (o, true),
                    None => (landing, false),
                };
                let full = board.get(opposite) > 0;
                let takes = in_hole
                    & in_zone
                    & across
                    & (board.get(landing) == 1)
                    & (full | (!require_opposite & take_lone));
                if !takes {
                    return None;
                }
                let mut set = PitSet::EMPTY;
                set.insert_if(landing, take_lone);
                set.insert_if(opposite, full || take_lone);
                Some(set)
            }
            // (The hole and the mover as they are, not as a `LastSeed`
            // rebuilt in memory for the call.)
            Capture::Facing { .. } | Capture::PastEmpty => self.taken_beside_landing(
                board,
                topology,
                (landing, last.direction, last.mover),
                in_hole,
            ),
        }
    }

    /// [`taken`](Capture::taken) for the captures judged beside the landing
    /// hole ([`Capture::Facing`], [`Capture::PastEmpty`]), out of line: the
    /// other games' turns stay small.
    #[inline(never)]
    fn taken_beside_landing(
        self,
        board: &Board,
        topology: &Topology,
        (landing, direction, mover): (Pit, Direction, Player),
        in_hole: bool,
    ) -> Option<PitSet> {
        match self {
            Capture::Facing { zone, counts } => {
                let in_zone = zone.holds(topology, landing, mover);
                let opposite = topology.opposite(landing)?;
                let facing = board.get(opposite);
                let takes = in_hole
                    & in_zone
                    & (board.get(landing) == 1)
                    & (facing > 0)
                    & counts.contains(facing);
                takes.then(|| only(opposite))
            }
            Capture::PastEmpty => {
                let next = topology.step(landing, direction);
                let beyond = topology.step(next, direction);
                let takes = in_hole
                    & (board.get(landing) > 1)
                    & (board.get(next) == 0)
                    & (board.get(beyond) > 0);
                takes.then(|| only(beyond))
            }
            Capture::None | Capture::Chain { .. } | Capture::Opposite { .. } => None,
        }
    }
}

/// A set of small seed counts (0 to 63), such as "2 or 3".
///
/// # Examples
///
/// ```
/// use mancala_core::rules::CountSet;
///
/// let two_or_three = CountSet::EMPTY.with(2).with(3);
/// assert!(two_or_three.contains(3));
/// assert!(!two_or_three.contains(4));
/// assert!(!two_or_three.contains(1000));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct CountSet(u64);

impl CountSet {
    /// No counts.
    pub const EMPTY: CountSet = CountSet(0);
    /// The counts 2 and 3 (oware, Robertson, Mankka).
    pub const TWO_OR_THREE: CountSet = CountSet((1 << 2) | (1 << 3));

    /// This set with `count` added (counts above 63 are ignored).
    #[must_use]
    #[inline]
    pub const fn with(self, count: u16) -> CountSet {
        if count < 64 {
            CountSet(self.0 | (1 << count))
        } else {
            self
        }
    }

    /// Whether `count` is in the set. A count of 64 or more is read by
    /// its parity: it is in the set when 62 (an even count) or 63 (an odd
    /// one) is, so that a set of every even count (Halusa) holds them all.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::rules::CountSet;
    ///
    /// let evens = (0..32).fold(CountSet::EMPTY, |set, c| set.with(2 * c));
    /// assert!(evens.contains(0) && evens.contains(62) && evens.contains(100));
    /// assert!(!evens.contains(63) && !evens.contains(101));
    /// assert!(!CountSet::TWO_OR_THREE.contains(64));
    /// ```
    #[inline]
    pub const fn contains(self, count: u16) -> bool {
        // (Without a branch: a capture is a toss-up the processor cannot
        // guess, and this is its test.)
        // (62 or 63 by parity from 64 on; below, the count itself.)
        let top = 62 | (count & 1);
        let bit = if count < top { count } else { top };
        self.0 >> bit & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The counts from `first` to 63, `step` apart (a `step` of 0 is
    /// taken as 1): with the parity reading of larger counts, `every(2, 2)`
    /// is every even count from 2 (Toguz Kumalak), `every(1, 1)` every
    /// count but 0 (Hoyito's sweep of every seed).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::rules::CountSet;
    ///
    /// let evens = CountSet::every(2, 2);
    /// assert!(evens.contains(2) && evens.contains(40) && evens.contains(1000));
    /// assert!(!evens.contains(0) && !evens.contains(3) && !evens.contains(1001));
    /// ```
    #[must_use]
    pub const fn every(first: u16, step: u16) -> CountSet {
        let step = if step == 0 { 1 } else { step };
        let mut set = CountSet::EMPTY;
        let mut count = first;
        while count < 64 {
            set = set.with(count);
            count += step;
        }
        set
    }
}

/// How far a capture chain may run from its landing hole, walking against the
/// sowing direction. A chain never passes its landing hole again.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum ChainLimit {
    /// Only holes of the landing hole's row (oware: "the edge of his row";
    /// Mankka's `side` option).
    #[default]
    Row,
    /// Only holes of the landing hole's row, stopping on reaching the
    /// move's origin, which is never judged or taken (Halusa).
    RowToOrigin,
    /// Only holes owned by the landing hole's owner.
    Owner,
    /// Only holes not owned by the mover (Robertson: across other players'
    /// rows).
    NotMover,
    /// Any hole (Mankka: crossing sides).
    Ring,
    /// Any hole up to the move's origin: the chain stops on reaching the
    /// hole the move was sown from, which is never judged or taken (as in
    /// Ludii's chains: Das Bohnenspiel, Mankala, Mangala, Vai Lung Thlan).
    /// It differs from [`Ring`](ChainLimit::Ring) only when a lap of a
    /// whole revolution or more refilled the origin.
    ToOrigin,
    /// The landing hole only: no chain (Wari, Enindji).
    Landing,
    /// No chain: the landing hole, then each of its neighbours in its row
    /// (the hole before it and the hole after it, where they are in the
    /// same row) that holds a count taken (I). A neighbour that fails does
    /// not stop the other.
    Neighbours,
}

/// Walks a capture chain: from `last.landing` against the sowing direction,
/// taking each hole while `takes(count)` holds and the hole is within `limit`,
/// stopping at the first that fails and never passing `landing` again
/// (nor, under [`ChainLimit::ToOrigin`], reaching `origin`, the hole the
/// move was sown from).
///
/// The landing hole itself is judged by `takes` only; whether a capture may
/// start there at all (for example only in an opponent's row) is the caller's
/// rule. Returns the holes taken (empty if the landing hole fails).
///
/// # Examples
///
/// ```
/// use mancala_core::{toolkit::chain, Board, Layout, Pit, Player, Topology, rules::{ChainLimit, CountSet, Direction, LastSeed}};
///
/// let topology = Topology::new(Layout::two_rows(6))?;
/// // Player 0's last seed fell in hole 9; holes 7 to 9 hold 2 or 3, hole 6 holds 4.
/// let board = Board::from_counts(&[1, 1, 1, 1, 1, 1, 4, 3, 2, 3, 0, 0], &[]);
/// let last = LastSeed {
///     origin: Pit::new(4).unwrap(),
///     landing: Pit::new(9).unwrap(),
///     direction: Direction::CounterClockwise,
///     mover: Player::P0,
/// };
/// let taken = chain(&board, &topology, last, ChainLimit::Row, |c| CountSet::TWO_OR_THREE.contains(c));
/// assert_eq!(taken.iter().map(Pit::index).collect::<Vec<_>>(), [7, 8, 9]);
/// # Ok::<(), mancala_core::rules::LayoutError>(())
/// ```
#[inline(never)]
pub fn chain(
    board: &Board,
    topology: &Topology,
    last: LastSeed,
    limit: ChainLimit,
    takes: impl Fn(u16) -> bool,
) -> PitSet {
    let LastSeed {
        origin,
        landing,
        direction,
        mover,
    } = last;
    let mut set = PitSet::EMPTY;
    // The counts as a slice, read once.
    let holes = board.holes();
    let count = |p: Pit| holes.get(p.index()).copied().unwrap_or(0);
    if !topology.contains(landing) || !takes(count(landing)) {
        return set;
    }
    set.insert(landing);
    let back = direction.reverse();
    if limit == ChainLimit::Neighbours {
        let row = topology.row(landing);
        for at in [
            topology.step(landing, back),
            topology.step(landing, direction),
        ] {
            if at != landing && topology.row(at) == row && takes(count(at)) {
                set.insert(at);
            }
        }
        return set;
    }
    let mut at = topology.step(landing, back);
    while at != landing {
        let within = match limit {
            ChainLimit::Row => topology.row(at) == topology.row(landing),
            ChainLimit::RowToOrigin => topology.row(at) == topology.row(landing) && at != origin,
            ChainLimit::Owner => topology.owner(at) == topology.owner(landing),
            ChainLimit::NotMover => topology.owner(at) != mover,
            ChainLimit::Ring => true,
            ChainLimit::ToOrigin => at != origin,
            ChainLimit::Landing | ChainLimit::Neighbours => false,
        };
        if !within || !takes(count(at)) {
            break;
        }
        // (An empty hole carries a chain of counts that hold 0 on, and
        // gives nothing: Halusa.)
        set.insert_if(at, count(at) > 0);
        at = topology.step(at, back);
    }
    set
}

/// The set of `pit` alone.
#[inline]
fn only(pit: Pit) -> PitSet {
    let mut set = PitSet::EMPTY;
    set.insert(pit);
    set
}

/// `taken` with the opposite hole of each of its holes, where that holds
/// seeds (a chain that takes opposites: La'b Akila).
#[inline(never)]
fn with_opposites(board: &Board, topology: &Topology, taken: PitSet) -> PitSet {
    let mut set = taken;
    for pit in taken.iter() {
        if let Some(opposite) = topology.opposite(pit) {
            set.insert_if(opposite, board.get(opposite) > 0);
        }
    }
    set
}

/// Whether taking `holes` would leave some player it takes from with no seeds
/// at all in his holes (a grand slam).
///
/// # Examples
///
/// ```
/// use mancala_core::{toolkit::is_grand_slam, Board, Layout, Pit, PitSet, Topology};
///
/// let topology = Topology::new(Layout::two_rows(2))?;
/// let board = Board::from_counts(&[1, 0, 2, 3], &[]);
/// let both: PitSet = [2, 3].into_iter().filter_map(Pit::new).collect();
/// let one: PitSet = [3].into_iter().filter_map(Pit::new).collect();
/// assert!(is_grand_slam(&board, &topology, both));
/// assert!(!is_grand_slam(&board, &topology, one));
/// # Ok::<(), mancala_core::rules::LayoutError>(())
/// ```
#[inline(always)]
pub fn is_grand_slam(board: &Board, topology: &Topology, holes: PitSet) -> bool {
    // With bit masks: the holes left with seeds, then each victim's share.
    let taken = holes.bits();
    let left = board.nonempty_bits() & !taken;
    let mut victims = PlayerSet::EMPTY;
    for p in holes.iter() {
        victims = victims.with(topology.owner(p));
    }
    victims
        .iter()
        .any(|victim| left & topology.mask_of(victim) == 0)
}

/// Empties each of `holes` into its owner's store ([`Credit::Owner`]) and
/// returns the seeds taken.
///
/// [`Credit::Owner`]: crate::rules::Credit::Owner
#[inline]
pub fn take_to_owners<O: Observer>(
    board: &mut Board,
    topology: &Topology,
    holes: PitSet,
    observer: &mut O,
) -> u32 {
    take_each(board, holes, |pit| topology.owner(pit), observer)
}

/// Empties each of `holes` into the store of the player `credited` names
/// for it ([`Credit::Owner`], [`Credit::Opponent`]) and returns the seeds
/// taken.
///
/// [`Credit::Owner`]: crate::rules::Credit::Owner
/// [`Credit::Opponent`]: crate::rules::Credit::Opponent
#[inline]
pub(crate) fn take_each<O: Observer>(
    board: &mut Board,
    holes: PitSet,
    credited: impl Fn(Pit) -> Player,
    observer: &mut O,
) -> u32 {
    let mut total = 0u32;
    for pit in holes.iter() {
        let seeds = board.take(pit);
        let by = credited(pit);
        total += u32::from(seeds);
        board.add_to_store(by, seeds);
        if O::RECORDS {
            observer.event(Event::Capture { pit, seeds, by });
        }
    }
    total
}

/// Empties `holes` into `by`'s store and returns the seeds taken.
#[inline]
pub fn take_into_store<O: Observer>(
    board: &mut Board,
    holes: PitSet,
    by: Player,
    observer: &mut O,
) -> u32 {
    let (counts, stores) = board.parts_mut();
    let mut total = 0u32;
    for pit in holes.iter() {
        if let Some(count) = counts.get_mut(pit.index()) {
            let seeds = core::mem::take(count);
            total += u32::from(seeds);
            if O::RECORDS {
                observer.event(Event::Capture { pit, seeds, by });
            }
        }
    }
    // The store saturates, as every count of a board does.
    let store = &mut stores[by.index()];
    *store = store.saturating_add(u16::try_from(total).unwrap_or(u16::MAX));
    total
}

crate::option_words!(Zone, "opponents, own, any or opponents-and-last", [
    Zone::Opponents => "opponents",
    Zone::Own => "own",
    Zone::Any => "any",
    Zone::OpponentsAndLast => "opponents-and-last",
]);

crate::option_words!(ChainLimit, "row, row-to-origin, owner, not-mover, ring, to-origin, landing or neighbours", [
    ChainLimit::Row => "row",
    ChainLimit::RowToOrigin => "row-to-origin",
    ChainLimit::Owner => "owner",
    ChainLimit::NotMover => "not-mover",
    ChainLimit::Ring => "ring",
    ChainLimit::ToOrigin => "to-origin",
    ChainLimit::Landing => "landing",
    ChainLimit::Neighbours => "neighbours",
]);
