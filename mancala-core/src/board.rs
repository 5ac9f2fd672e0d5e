//! Seed counts in holes and stores.

use alloc::boxed::Box;

use crate::pit::{MAX_HOLES, Pit};
use crate::player::{MAX_PLAYERS, Player};
use crate::topology::Topology;

/// The largest number of seeds a board may hold in all (holes, stores and
/// anything else a game keeps). Every count therefore fits a `u16`.
pub const MAX_SEEDS: u32 = u16::MAX as u32;

/// The most holes a board keeps inline; larger boards keep their counts on
/// the heap.
pub const INLINE_HOLES: usize = 20;

/// The slots [`Board::lanes_mut`] gives: two vector registers of counts.
pub(crate) const LANES: usize = 16;

/// The runs of slots heap boards gather their non-empty holes in, a 32-bit
/// word each.
const RUNS: usize = 4;

// Inline boards gather their holes in one 32-bit word, heap boards in
// `RUNS`, which cover every slot.
const _: () = assert!(
    INLINE_HOLES <= 32
        && MAX_HOLES.is_multiple_of(RUNS)
        && MAX_HOLES / RUNS <= 32
        && MAX_HOLES <= 128
);

/// Seed counts in the holes and stores of a board.
///
/// A `Board` is a plain container; the game states keep theirs private and
/// keep it consistent. Its arithmetic saturates rather than panics.
///
/// Boards of up to [`INLINE_HOLES`] holes (every two-row board up to 2x10,
/// the triangle) keep their counts inline in 56 bytes, so that copying a
/// game state is a few word moves; larger boards (up to 2x50) keep them on
/// the heap, with spare blocks for trying moves and for the snapshots of
/// relaying moves (so that neither legality checks nor moves allocate: one
/// block, or four for a game that relays), and cloning such a board
/// allocates its counts and as many spare blocks as it keeps.
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
        /// Blocks for trial sowings and snapshots ([`Board::take_spare`],
        /// [`Pool::copy_of`]): one allocated with the board so that trying
        /// moves does not allocate, more reserved for relaying games
        /// ([`Board::reserve_spares`]), and any more kept once a move
        /// needed them, up to [`POOL_BLOCKS`].
        spare: Pool,
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
            Repr::Heap { len, counts, spare } => Repr::Heap {
                len: *len,
                counts: counts.clone(),
                // The clone gets its own spares now rather than on a move:
                // as many as this board keeps (at least one).
                spare: Pool::with_blocks(spare.len().max(1)),
            },
        }
    }
}

/// The most spare blocks a heap board keeps: enough for the deepest move of
/// a relaying game (the board before the move, a trial board, the trial's
/// start and a cycle walker), within the board's 56 bytes.
const POOL_BLOCKS: usize = 5;

/// Spare blocks of a heap board's size, so that snapshots and trial boards
/// do not allocate (empty for inline boards, whose copies are plain
/// copies).
#[derive(Default)]
pub(crate) struct Pool([Option<Box<Large>>; POOL_BLOCKS]);

impl Pool {
    /// `n` new blocks (at most [`POOL_BLOCKS`]).
    fn with_blocks(n: usize) -> Pool {
        let mut pool = Pool::default();
        for slot in pool.0.iter_mut().take(n) {
            *slot = Some(Box::new(Large::EMPTY));
        }
        pool
    }

    /// The blocks held.
    fn len(&self) -> usize {
        self.0.iter().filter(|b| b.is_some()).count()
    }

    /// A block: one of the pool's, or a new one if it is empty.
    fn block(&mut self) -> Box<Large> {
        self.0
            .iter_mut()
            .rev()
            .find_map(Option::take)
            .unwrap_or_else(|| Box::new(Large::EMPTY))
    }

    /// Keeps a block (dropped if the pool is full).
    fn keep(&mut self, block: Box<Large>) {
        if let Some(slot) = self.0.iter_mut().find(|s| s.is_none()) {
            *slot = Some(block);
        }
    }

    /// A copy of `board`, in a block of the pool for a heap board (a new
    /// block only if the pool is empty), the copy holding no spares; a
    /// plain copy for an inline board.
    #[inline]
    pub(crate) fn copy_of(&mut self, board: &Board) -> Board {
        match &board.repr {
            Repr::Inline { .. } => board.clone(),
            Repr::Heap { len, counts, .. } => {
                let mut block = self.block();
                block.clone_from(counts);
                Board {
                    repr: Repr::Heap {
                        len: *len,
                        counts: block,
                        spare: Pool::default(),
                    },
                }
            }
        }
    }

    /// Takes back the blocks of a board (its counts and its spares) for
    /// later copies.
    #[inline]
    pub(crate) fn give(&mut self, board: Board) {
        if let Repr::Heap { counts, spare, .. } = board.repr {
            self.keep(counts);
            for block in spare.0.into_iter().flatten() {
                self.keep(block);
            }
        }
    }
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

/// [`nonzero_bits`] of a heap board's slots, in four fixed runs of 25, a
/// 32-bit word each (out of line, so that the inline boards' path stays
/// small where it is inlined).
#[inline(never)]
fn heap_nonzero_bits(holes: &[u16; MAX_HOLES]) -> u128 {
    let (runs, _) = holes.as_chunks::<{ MAX_HOLES / RUNS }>();
    let mut bits = 0u128;
    for (k, run) in runs.iter().enumerate() {
        bits |= u128::from(nonzero_bits(run)) << (k * (MAX_HOLES / RUNS));
    }
    bits
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
                    spare: Pool::with_blocks(1),
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

    /// [`lanes_mut`](Board::lanes_mut) for reading: an inline board's first
    /// 16 slots, its stores and its length (`None` for a heap board or one
    /// of more than 16 holes).
    #[inline(always)]
    pub(crate) fn lanes(&self) -> Option<(&[u16; LANES], &[u16; MAX_PLAYERS], usize)> {
        match &self.repr {
            Repr::Inline { len, holes, stores } if usize::from(*len) <= LANES => {
                let (lanes, _) = holes.split_first_chunk::<LANES>()?;
                Some((lanes, stores, usize::from(*len)))
            }
            _ => None,
        }
    }

    /// An inline board's first 16 slots as one array (the slots past its
    /// length hold 0), its stores and its length: for sowing a lap lane by
    /// lane.
    /// `None` for a heap board or one of more than 16 holes.
    #[inline(always)]
    pub(crate) fn lanes_mut(
        &mut self,
    ) -> Option<(&mut [u16; LANES], &mut [u16; MAX_PLAYERS], usize)> {
        match &mut self.repr {
            Repr::Inline { len, holes, stores } if usize::from(*len) <= LANES => {
                let (lanes, _) = holes.split_first_chunk_mut::<LANES>()?;
                Some((lanes, stores, usize::from(*len)))
            }
            _ => None,
        }
    }

    /// A board of this one's size to try moves on (its counts are
    /// unspecified: copy into it with `clone_from`): for an inline board a
    /// copy, for a heap board a spare block, which carries the other spare
    /// blocks along (so that sowing on it does not allocate either); give
    /// it back with [`keep_spare`](Board::keep_spare).
    pub(crate) fn take_spare(&mut self) -> Board {
        match &mut self.repr {
            Repr::Inline { .. } => self.clone(),
            Repr::Heap { len, spare, .. } => {
                let counts = spare.block();
                Board {
                    repr: Repr::Heap {
                        len: *len,
                        counts,
                        spare: core::mem::take(spare),
                    },
                }
            }
        }
    }

    /// A copy of this board in a spare block (the spares stay with this
    /// board): give it back with [`keep_spare`](Board::keep_spare).
    #[inline]
    pub(crate) fn spare_copy(&mut self) -> Board {
        let mut pool = self.take_pool();
        let copy = pool.copy_of(self);
        self.put_pool(pool);
        copy
    }

    /// Keeps the blocks of a board from [`take_spare`](Board::take_spare)
    /// or [`spare_copy`](Board::spare_copy) (and the spares it carries) for
    /// the next trials.
    #[inline]
    pub(crate) fn keep_spare(&mut self, board: Board) {
        if let Repr::Heap { spare, .. } = &mut self.repr {
            spare.give(board);
        }
    }

    /// Whether the counts are kept inline (boards of up to
    /// [`INLINE_HOLES`] holes).
    #[inline]
    pub(crate) const fn is_inline(&self) -> bool {
        matches!(self.repr, Repr::Inline { .. })
    }

    /// Takes this board's spare blocks (none for an inline board), for
    /// copies made while sowing on it; put them back with
    /// [`put_pool`](Board::put_pool).
    #[inline]
    pub(crate) fn take_pool(&mut self) -> Pool {
        match &mut self.repr {
            Repr::Inline { .. } => Pool::default(),
            Repr::Heap { spare, .. } => core::mem::take(spare),
        }
    }

    /// Gives back spare blocks taken by [`take_pool`](Board::take_pool).
    #[inline]
    pub(crate) fn put_pool(&mut self, pool: Pool) {
        if let Repr::Heap { spare, .. } = &mut self.repr {
            for block in pool.0.into_iter().flatten() {
                spare.keep(block);
            }
        }
    }

    /// Makes sure a heap board keeps at least `n` spare blocks (at most
    /// [`POOL_BLOCKS`]): a relaying game's moves take several copies.
    pub(crate) fn reserve_spares(&mut self, n: usize) {
        if let Repr::Heap { spare, .. } = &mut self.repr {
            for _ in spare.len()..n.min(POOL_BLOCKS) {
                spare.keep(Box::new(Large::EMPTY));
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
            Repr::Heap { counts, .. } => heap_nonzero_bits(&counts.holes),
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
