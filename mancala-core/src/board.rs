//! Seed counts in holes and stores.

use alloc::boxed::Box;

use crate::{MAX_HOLES, MAX_PLAYERS, Pit, Player, Topology};

/// The largest number of seeds a board may hold in all (holes, stores and
/// anything else a game keeps). Every count therefore fits a `u16`.
pub const MAX_SEEDS: u32 = u16::MAX as u32;

/// The most holes a board keeps inline; larger boards keep their counts on
/// the heap.
pub const INLINE_HOLES: usize = 20;

/// The runs of slots heap boards gather their non-empty holes in, a 32-bit
/// word each.
const RUNS: usize = 4;

// Inline boards gather their holes in one 32-bit word, heap boards in
// `RUNS`, which cover every slot.
const _: () = assert!(
    INLINE_HOLES <= 32 && MAX_HOLES.is_multiple_of(RUNS) && MAX_HOLES / RUNS <= 32 && MAX_HOLES <= 128
);

/// Seed counts in the holes and stores of a board.
///
/// A `Board` is a plain container; the game states keep theirs private and
/// keep it consistent. Its arithmetic saturates rather than panics.
///
/// Boards of up to [`INLINE_HOLES`] holes (every two-row board up to 2x10,
/// the triangle) keep their counts inline in 56 bytes, so that copying a
/// game state is a few word moves; larger boards keep them on the heap, with
/// a second block for trying moves (so that legality checks do not
/// allocate), and cloning such a board allocates both.
///
/// # Examples
///
/// ```
/// use mancala_core::{Board, Pit, Player};
///
/// let mut board = Board::filled(12, 4);
/// let pit = Pit::new(3).unwrap();
/// assert_eq!(board.take(pit), 4);
/// board.add_to_store(Player::P0, 4);
/// assert_eq!(board.total(), 48);
/// assert_eq!(board.on_board(), 44);
/// assert!(std::mem::size_of::<Board>() <= 56);
/// ```
pub struct Board {
    repr: Repr,
}

impl Clone for Board {
    #[inline]
    fn clone(&self) -> Board {
        Board {
            repr: self.repr.clone(),
        }
    }

    /// Copies `source` in place: no allocation when both boards are of
    /// one size.
    #[inline]
    fn clone_from(&mut self, source: &Board) {
        match (&mut self.repr, &source.repr) {
            (
                Repr::Heap { len, counts, .. },
                Repr::Heap {
                    len: l, counts: c, ..
                },
            ) => {
                *len = *l;
                **counts = (**c).clone();
            }
            (dst, src) => *dst = src.clone(),
        }
    }
}

/// A board's counts: inline for small boards, boxed for large ones. Holes
/// beyond the board's length always hold 0.
enum Repr {
    Inline {
        len: u8,
        stores: [u16; MAX_PLAYERS],
        holes: [u16; INLINE_HOLES],
    },
    Heap {
        len: u8,
        counts: Box<Large>,
        /// Blocks for trial sowings and snapshots ([`Board::take_spare`]):
        /// one allocated with the board so that trying moves does not
        /// allocate, a second kept once a move needed two.
        spare: [Option<Box<Large>>; 2],
    },
}

impl Clone for Repr {
    #[inline]
    fn clone(&self) -> Repr {
        match self {
            Repr::Inline { len, stores, holes } => Repr::Inline {
                len: *len,
                stores: *stores,
                holes: *holes,
            },
            Repr::Heap { len, counts, .. } => Repr::Heap {
                len: *len,
                counts: counts.clone(),
                // The clone gets its own spare now rather than on a move.
                spare: one_spare(),
            },
        }
    }
}

/// The spare blocks of a new heap board: one.
fn one_spare() -> [Option<Box<Large>>; 2] {
    [Some(Box::new(Large::EMPTY)), None]
}

#[derive(Clone)]
struct Large {
    stores: [u16; MAX_PLAYERS],
    holes: [u16; MAX_HOLES],
}

impl Large {
    const EMPTY: Large = Large {
        stores: [0; MAX_PLAYERS],
        holes: [0; MAX_HOLES],
    };
}

impl PartialEq for Board {
    #[inline]
    fn eq(&self, other: &Board) -> bool {
        self.holes() == other.holes() && self.stores() == other.stores()
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.holes().hash(state);
        self.stores().hash(state);
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Board")
            .field("holes", &self.holes())
            .field("stores", self.stores())
            .finish()
    }
}

/// Bit `i` set for each nonzero `counts[i]` (`N <= 32`), over a fixed
/// number of slots so that the loop unrolls with constant shifts.
#[inline(always)]
fn nonzero_bits<const N: usize>(counts: &[u16; N]) -> u32 {
    let mut word = 0u32;
    for (i, &c) in counts.iter().enumerate() {
        word |= u32::from(c != 0) << i;
    }
    word
}

impl Board {
    /// `holes` holes (at most [`MAX_HOLES`]) holding `seeds` each, stores empty.
    pub fn filled(holes: usize, seeds: u16) -> Board {
        let len = holes.min(MAX_HOLES);
        let mut board = if len <= INLINE_HOLES {
            Board {
                repr: Repr::Inline {
                    len: len as u8,
                    stores: [0; MAX_PLAYERS],
                    holes: [0; INLINE_HOLES],
                },
            }
        } else {
            Board {
                repr: Repr::Heap {
                    len: len as u8,
                    counts: Box::new(Large::EMPTY),
                    spare: one_spare(),
                },
            }
        };
        board.parts_mut().0.fill(seeds);
        board
    }

    /// A board with these hole and store counts (extra entries beyond
    /// [`MAX_HOLES`] and [`MAX_PLAYERS`] are dropped).
    pub fn from_counts(holes: &[u16], stores: &[u16]) -> Board {
        let mut board = Board::filled(holes.len(), 0);
        let (slots, store_slots) = board.parts_mut();
        for (slot, c) in slots.iter_mut().zip(holes) {
            *slot = *c;
        }
        for (slot, c) in store_slots.iter_mut().zip(stores) {
            *slot = *c;
        }
        board
    }

    /// Every hole slot (those beyond the board's length hold 0) and the
    /// stores.
    #[inline]
    fn slots(&self) -> (&[u16], &[u16; MAX_PLAYERS]) {
        match &self.repr {
            Repr::Inline { holes, stores, .. } => (holes, stores),
            Repr::Heap { counts, .. } => (&counts.holes, &counts.stores),
        }
    }

    /// The board's holes and the stores, for writing.
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> (&mut [u16], &mut [u16; MAX_PLAYERS]) {
        match &mut self.repr {
            Repr::Inline { len, holes, stores } => (&mut holes[..usize::from(*len)], stores),
            Repr::Heap { len, counts, .. } => {
                let Large { holes, stores } = &mut **counts;
                (&mut holes[..usize::from(*len)], stores)
            }
        }
    }

    /// A board of this one's size to try moves on (its counts are
    /// unspecified: copy into it with `clone_from`): for an inline board a
    /// copy, for a heap board the spare block allocated with it and given
    /// back by [`keep_spare`](Board::keep_spare).
    pub(crate) fn take_spare(&mut self) -> Board {
        match &mut self.repr {
            Repr::Inline { .. } => self.clone(),
            Repr::Heap { len, spare, .. } => Board {
                repr: Repr::Heap {
                    len: *len,
                    counts: spare[1]
                        .take()
                        .or_else(|| spare[0].take())
                        .unwrap_or_else(|| Box::new(Large::EMPTY)),
                    spare: [None, None],
                },
            },
        }
    }

    /// A copy of this board in a spare block ([`take_spare`](Board::take_spare)
    /// then one copy of the counts): give it back with
    /// [`keep_spare`](Board::keep_spare).
    #[inline]
    pub(crate) fn spare_copy(&mut self) -> Board {
        match &self.repr {
            Repr::Inline { .. } => self.clone(),
            Repr::Heap { .. } => {
                let mut copy = self.take_spare();
                copy.clone_from(self);
                copy
            }
        }
    }

    /// Keeps the block of a board from [`take_spare`](Board::take_spare)
    /// for the next trials.
    pub(crate) fn keep_spare(&mut self, board: Board) {
        if let (Repr::Heap { spare, .. }, Repr::Heap { counts, .. }) = (&mut self.repr, board.repr)
        {
            // Full (a third block): it is dropped.
            if let Some(slot) = spare.iter_mut().find(|s| s.is_none()) {
                *slot = Some(counts);
            }
        }
    }

    /// Number of holes.
    #[inline]
    pub const fn len(&self) -> usize {
        match &self.repr {
            Repr::Inline { len, .. } | Repr::Heap { len, .. } => *len as usize,
        }
    }

    /// Whether the board has no holes.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The hole counts in canonical order.
    #[inline]
    pub fn holes(&self) -> &[u16] {
        let len = self.len();
        &self.slots().0[..len]
    }

    /// The store counts of all [`MAX_PLAYERS`] possible players.
    #[inline]
    pub fn stores(&self) -> &[u16; MAX_PLAYERS] {
        self.slots().1
    }

    /// Seeds in a hole (0 for a hole not on the board).
    #[inline]
    pub fn get(&self, pit: Pit) -> u16 {
        self.slots().0.get(pit.index()).copied().unwrap_or(0)
    }

    /// Seeds in a player's store.
    #[inline]
    pub fn store(&self, player: Player) -> u16 {
        self.slots().1[player.index()]
    }

    /// Empties a hole and returns what it held.
    #[inline]
    pub fn take(&mut self, pit: Pit) -> u16 {
        self.parts_mut()
            .0
            .get_mut(pit.index())
            .map_or(0, core::mem::take)
    }

    /// Sets a hole's count.
    #[inline]
    pub fn set(&mut self, pit: Pit, seeds: u16) {
        if let Some(h) = self.parts_mut().0.get_mut(pit.index()) {
            *h = seeds;
        }
    }

    /// Adds seeds to a hole (saturating).
    #[inline]
    pub fn add(&mut self, pit: Pit, seeds: u16) {
        if let Some(h) = self.parts_mut().0.get_mut(pit.index()) {
            *h = h.saturating_add(seeds);
        }
    }

    /// Adds seeds to a player's store (saturating).
    #[inline]
    pub fn add_to_store(&mut self, player: Player, seeds: u16) {
        let s = &mut self.parts_mut().1[player.index()];
        *s = s.saturating_add(seeds);
    }

    /// Seeds in all holes.
    #[inline]
    pub fn on_board(&self) -> u32 {
        self.holes().iter().map(|&c| u32::from(c)).sum()
    }

    /// The holes holding seeds, as a bit mask (bit `i` for hole `i`),
    /// gathered without a branch.
    #[inline]
    pub(crate) fn nonempty_bits(&self) -> u128 {
        match &self.repr {
            // Every slot (those beyond the board hold 0).
            Repr::Inline { holes, .. } => u128::from(nonzero_bits(holes)),
            Repr::Heap { counts, .. } => {
                // Four fixed runs of 25 slots, a 32-bit word each.
                let (runs, _) = counts.holes.as_chunks::<{ MAX_HOLES / RUNS }>();
                let mut bits = 0u128;
                for (k, run) in runs.iter().enumerate() {
                    bits |= u128::from(nonzero_bits(run)) << (k * (MAX_HOLES / RUNS));
                }
                bits
            }
        }
    }

    /// Seeds in all stores.
    #[inline]
    pub fn stores_total(&self) -> u32 {
        self.stores().iter().map(|&c| u32::from(c)).sum()
    }

    /// Seeds in all holes and stores.
    #[inline]
    pub fn total(&self) -> u32 {
        self.on_board() + self.stores_total()
    }

    /// Seeds in the holes `player` owns.
    #[inline]
    pub fn seeds_of(&self, topology: &Topology, player: Player) -> u32 {
        topology
            .pits_of(player)
            .map(|p| u32::from(self.get(p)))
            .sum()
    }

    /// Whether `player` has any seed in his holes.
    #[inline]
    pub fn has_seeds(&self, topology: &Topology, player: Player) -> bool {
        topology.row_ranges_of(player).any(|r| {
            self.slots()
                .0
                .get(r)
                .is_some_and(|row| row.iter().any(|&c| c > 0))
        })
    }
}
