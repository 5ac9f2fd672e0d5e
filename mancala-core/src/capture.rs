//! Capture building blocks: count sets, the chain walker, grand slams and
//! taking holes into a store.

use crate::{Board, Direction, Event, Observer, Pit, PitSet, Player, Topology};

/// A set of small seed counts (0 to 63), such as "2 or 3".
///
/// # Examples
///
/// ```
/// use mancala_core::CountSet;
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

    /// Whether `count` is in the set.
    #[inline]
    pub const fn contains(self, count: u16) -> bool {
        // (Without a branch: a capture is a toss-up the processor cannot
        // guess, and this is its test.)
        (count < 64) & (self.0 >> (count & 63) & 1 != 0)
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
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

/// Walks a capture chain: from `landing` against the sowing `direction`,
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
/// use mancala_core::{chain, Board, ChainLimit, CountSet, Direction, Layout, Pit, Player, Topology};
///
/// let topology = Topology::new(Layout::two_rows(6))?;
/// // Player 0's last seed fell in hole 9; holes 7 to 9 hold 2 or 3, hole 6 holds 4.
/// let board = Board::from_counts(&[1, 1, 1, 1, 1, 1, 4, 3, 2, 3, 0, 0], &[]);
/// let (origin, landing) = (Pit::new(4).unwrap(), Pit::new(9).unwrap());
/// let taken = chain(&board, &topology, origin, landing, Direction::CounterClockwise,
///                   Player::P0, ChainLimit::Row, |c| CountSet::TWO_OR_THREE.contains(c));
/// assert_eq!(taken.iter().map(Pit::index).collect::<Vec<_>>(), [7, 8, 9]);
/// # Ok::<(), mancala_core::LayoutError>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn chain(
    board: &Board,
    topology: &Topology,
    origin: Pit,
    landing: Pit,
    direction: Direction,
    mover: Player,
    limit: ChainLimit,
    takes: impl Fn(u16) -> bool,
) -> PitSet {
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
            ChainLimit::Owner => topology.owner(at) == topology.owner(landing),
            ChainLimit::NotMover => topology.owner(at) != mover,
            ChainLimit::Ring => true,
            ChainLimit::ToOrigin => at != origin,
            ChainLimit::Landing | ChainLimit::Neighbours => false,
        };
        if !within || !takes(count(at)) {
            break;
        }
        set.insert(at);
        at = topology.step(at, back);
    }
    set
}

/// Whether taking `holes` would leave some player it takes from with no seeds
/// at all in his holes (a grand slam).
///
/// # Examples
///
/// ```
/// use mancala_core::{is_grand_slam, Board, Layout, Pit, PitSet, Topology};
///
/// let topology = Topology::new(Layout::two_rows(2))?;
/// let board = Board::from_counts(&[1, 0, 2, 3], &[]);
/// let both: PitSet = [2, 3].into_iter().filter_map(Pit::new).collect();
/// let one: PitSet = [3].into_iter().filter_map(Pit::new).collect();
/// assert!(is_grand_slam(&board, &topology, both));
/// assert!(!is_grand_slam(&board, &topology, one));
/// # Ok::<(), mancala_core::LayoutError>(())
/// ```
pub fn is_grand_slam(board: &Board, topology: &Topology, holes: PitSet) -> bool {
    // With bit masks: the holes left with seeds, then each victim's share.
    let taken = holes.bits();
    let left = board.nonempty_bits() & !taken;
    let mut victims = crate::PlayerSet::EMPTY;
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
/// [`Credit::Owner`]: crate::Credit::Owner
#[inline]
pub fn take_to_owners<O: Observer>(
    board: &mut Board,
    topology: &Topology,
    holes: PitSet,
    observer: &mut O,
) -> u32 {
    let mut total = 0u32;
    for pit in holes.iter() {
        let seeds = board.take(pit);
        let by = topology.owner(pit);
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
