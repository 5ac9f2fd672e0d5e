//! Board shapes: rows of holes joined into one ring, their owners and stores.

use crate::pit::{MAX_HOLES, Pit, PitSet};
use crate::player::{MAX_PLAYERS, Player};

/// The largest number of rows on a board.
pub const MAX_ROWS: usize = 6;
/// The largest number of holes in a row of a board of more than two rows
/// (two-row boards take up to [`MAX_TWO_ROW_LEN`]).
pub const MAX_ROW_LEN: usize = 13;
/// The largest number of holes in a row of a two-row board (En Gehe's 2x50).
pub const MAX_TWO_ROW_LEN: usize = 50;

// Every board fits `MAX_HOLES`, and player masks fit a `u128`.
const _: () = assert!(
    2 * MAX_TWO_ROW_LEN <= MAX_HOLES
        && MAX_ROWS * MAX_ROW_LEN <= MAX_HOLES
        && MAX_HOLES <= 128
        && MAX_ROW_LEN <= MAX_TWO_ROW_LEN
);

/// The largest number of holes in each row of a board of `rows` rows:
/// [`MAX_TWO_ROW_LEN`] on two rows, [`MAX_ROW_LEN`] on more.
///
/// ```
/// use mancala_core::{rules::{max_row_len, MAX_ROW_LEN, MAX_TWO_ROW_LEN}};
///
/// assert_eq!(max_row_len(2), MAX_TWO_ROW_LEN);
/// assert_eq!(max_row_len(3), MAX_ROW_LEN);
/// ```
#[inline]
pub const fn max_row_len(rows: usize) -> usize {
    if rows <= 2 {
        MAX_TWO_ROW_LEN
    } else {
        MAX_ROW_LEN
    }
}

/// The direction seeds travel around the ring.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Direction {
    /// Increasing hole index (the family's usual direction).
    #[default]
    CounterClockwise,
    /// Decreasing hole index.
    Clockwise,
}

impl Direction {
    /// The other direction.
    #[inline]
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::CounterClockwise => Direction::Clockwise,
            Direction::Clockwise => Direction::CounterClockwise,
        }
    }
}

/// Where each player's store sits in the ring, seen from its owner facing
/// his row (his holes run from his left to his right, counter-clockwise).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum StoreSide {
    /// On his right: right after the last hole of his last row,
    /// counter-clockwise (Kalah; on two rows of `n`, player 0's store
    /// between holes `n - 1` and `n`, player 1's between `2n - 1` and 0).
    #[default]
    Right,
    /// On his left: right before the first hole of his first row (Chongka'
    /// and Chungcajon, whose clockwise sowing passes the own store on
    /// leaving the own row; on two rows of `n`, player 0's store between
    /// holes `2n - 1` and 0, player 1's between `n - 1` and `n`).
    Left,
}

/// An unchecked description of a board: equal rows of holes joined end to end
/// into a ring (row `r`'s hole `k` is hole `row_len * r + k`), each row owned
/// by a player.
///
/// Turn it into a [`Topology`] with [`Topology::new`], which checks it.
///
/// Each player has a store. A store sits in the ring on its owner's side
/// that [`store_side`](Layout::store_side) says: by default right after the
/// last hole of his last row, so that sowing that enters stores (Kalah)
/// passes through it; games whose sowing never enters stores ignore where
/// they sit.
///
/// # Examples
///
/// ```
/// use mancala_core::{Layout, Player, Topology};
///
/// // Robertson's triangle: three rows of six, one for each of three players.
/// let layout = Layout::new(6, &[Player::P0, Player::P1, Player::new(2).unwrap()]);
/// let topology = Topology::new(layout)?;
/// assert_eq!(topology.holes(), 18);
/// assert_eq!(topology.players(), 3);
/// # Ok::<(), mancala_core::rules::LayoutError>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layout {
    /// Holes in each row: `1..=MAX_TWO_ROW_LEN` on two rows,
    /// `1..=MAX_ROW_LEN` on more ([`max_row_len`]).
    pub row_len: u8,
    /// Number of rows, `2..=MAX_ROWS`.
    pub rows: u8,
    /// The owner of each row; entries from `rows` on are ignored. Owners must be
    /// players `0..k` for some `2 <= k <= MAX_PLAYERS`, each owning a row.
    pub owners: [Player; MAX_ROWS],
    /// Where the stores sit ([`StoreSide::Right`] but in Chongka' and
    /// Chungcajon). Serialized as `"right"` or `"left"`; a missing serde
    /// field reads as the default.
    #[cfg_attr(feature = "serde", serde(default))]
    pub store_side: StoreSide,
}

impl Layout {
    /// Two rows of `n` holes, player 0's row first (oware, kalah, numercy,
    /// mankka).
    #[inline]
    pub const fn two_rows(n: u8) -> Layout {
        let mut owners = [Player::P0; MAX_ROWS];
        owners[1] = Player::P1;
        Layout {
            row_len: n,
            rows: 2,
            owners,
            store_side: StoreSide::Right,
        }
    }

    /// This layout with its stores on `side`.
    #[must_use]
    #[inline]
    pub const fn with_store_side(mut self, side: StoreSide) -> Layout {
        self.store_side = side;
        self
    }

    /// Rows of `row_len` holes owned by `owners` in ring order. Rows beyond
    /// [`MAX_ROWS`] are dropped (and the result then fails [`Topology::new`]
    /// only if the owners left are not valid).
    pub const fn new(row_len: u8, owners: &[Player]) -> Layout {
        let mut out = [Player::P0; MAX_ROWS];
        let mut i = 0;
        while i < owners.len() && i < MAX_ROWS {
            out[i] = owners[i];
            i += 1;
        }
        Layout {
            row_len,
            rows: if owners.len() > MAX_ROWS {
                // Too many rows: keep the count so that the check refuses it.
                u8::MAX
            } else {
                owners.len() as u8
            },
            owners: out,
            store_side: StoreSide::Right,
        }
    }

    /// The owners of the rows actually on the board.
    #[inline]
    pub fn row_owners(&self) -> &[Player] {
        &self.owners[..(self.rows as usize).min(MAX_ROWS)]
    }

    /// The hole `player`'s store follows in the ring, counter-clockwise
    /// (`None` if he owns no row): the last hole of his last row, or, with
    /// the store on his left, the hole before the first of his first row.
    fn store_follows(&self, player: Player) -> Option<usize> {
        let owners = self.row_owners();
        let row_len = usize::from(self.row_len);
        let holes = row_len * owners.len();
        match self.store_side {
            StoreSide::Right => owners
                .iter()
                .rposition(|o| *o == player)
                .map(|row| (row + 1) * row_len - 1),
            StoreSide::Left => owners
                .iter()
                .position(|o| *o == player)
                .map(|row| (row * row_len + holes - 1) % holes),
        }
    }
}

/// Layouts are equal when their rows, row owners and store sides are
/// (entries of `owners` beyond `rows` do not count).
impl PartialEq for Layout {
    #[inline]
    fn eq(&self, other: &Layout) -> bool {
        self.row_len == other.row_len
            && self.rows == other.rows
            && self.row_owners() == other.row_owners()
            && self.store_side == other.store_side
    }
}

impl Eq for Layout {}

impl core::hash::Hash for Layout {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.row_len.hash(state);
        self.rows.hash(state);
        self.row_owners().hash(state);
        self.store_side.hash(state);
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Layout {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let rows = u.int_in_range(2..=MAX_ROWS as u8)?;
        let players = u.int_in_range(2..=rows.min(MAX_PLAYERS as u8))?;
        let mut owners = [Player::P0; MAX_ROWS];
        // Every player gets a row, the rest are drawn freely.
        for (i, slot) in owners.iter_mut().enumerate().take(rows as usize) {
            let p = if i < players as usize {
                i
            } else {
                u.int_in_range(0..=players - 1)? as usize
            };
            *slot = Player::new(p).unwrap_or_default();
        }
        // Shuffle row order a little without losing anyone's row.
        let swaps = u.int_in_range(0..=3u8)?;
        for _ in 0..swaps {
            let a = u.int_in_range(0..=rows - 1)? as usize;
            let b = u.int_in_range(0..=rows - 1)? as usize;
            owners.swap(a, b);
        }
        Ok(Layout {
            row_len: u.int_in_range(1..=max_row_len(usize::from(rows)) as u8)?,
            rows,
            owners,
            store_side: u.arbitrary()?,
        })
    }
}

/// Why a [`Layout`] is not a valid board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LayoutError {
    /// A row must hold `1..=MAX_TWO_ROW_LEN` holes.
    #[error("a row must hold 1 to {max} holes, not {0}", max = MAX_TWO_ROW_LEN)]
    RowLength(u8),
    /// A board of more than two rows holds at most `MAX_ROW_LEN` holes a
    /// row (only two-row boards take longer rows).
    #[error(
        "a board of {rows} rows holds at most {max} holes a row, not {row_len}",
        max = MAX_ROW_LEN
    )]
    LongRow {
        /// The holes in each row asked for.
        row_len: u8,
        /// The rows asked for.
        rows: u8,
    },
    /// A board has `2..=MAX_ROWS` rows.
    #[error("a board has 2 to {max} rows, not {0}", max = MAX_ROWS)]
    Rows(u8),
    /// The players owning rows must be `0..k` with each owning a row.
    #[error("{0} owns no row, but a later player does")]
    PlayerWithoutRow(Player),
    /// At least two players must own rows.
    #[error("at least two players must own rows")]
    TooFewPlayers,
}

const NO_STORE: u8 = u8::MAX;

/// A checked board shape: the ring of holes, their owners and rows, where each
/// player's store sits, and (on two-row boards) opposite holes.
///
/// # Examples
///
/// ```
/// use mancala_core::{rules::Direction, Layout, Pit, Player, Topology};
///
/// let t = Topology::new(Layout::two_rows(6))?;
/// let pit = |i| Pit::new(i).unwrap();
/// assert_eq!(t.owner(pit(7)), Player::P1);
/// assert_eq!(t.opposite(pit(0)), Some(pit(11)));
/// assert_eq!(t.step(pit(11), Direction::CounterClockwise), pit(0));
/// assert_eq!(t.store_after(pit(5)), Some(Player::P0));
/// # Ok::<(), mancala_core::rules::LayoutError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Topology {
    layout: Layout,
    holes: u8,
    players: u8,
    owner: [u8; MAX_HOLES],
    store_after: [u8; MAX_HOLES],
    /// The row of each hole.
    row_of: [u8; MAX_HOLES],
    /// The hole each player's store sits right after.
    store_hole: [u8; MAX_PLAYERS],
    /// Each player's holes as runs of consecutive indices (at most three:
    /// rows alternate owners at worst), start and end, and how many runs.
    runs: [[(u8, u8); MAX_ROWS / 2]; MAX_PLAYERS],
    run_count: [u8; MAX_PLAYERS],
    /// Each player's holes as a bit mask (bit `i` for hole `i`).
    masks: [u128; MAX_PLAYERS],
}

impl Topology {
    /// Checks a layout and builds its topology.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] if a row length or the row count is out of range
    /// (rows of more than [`MAX_ROW_LEN`] holes only on two rows), or the
    /// owners are not players `0..k` (`k >= 2`) each owning a row.
    pub fn new(layout: Layout) -> Result<Topology, LayoutError> {
        if layout.row_len == 0 || layout.row_len as usize > MAX_TWO_ROW_LEN {
            return Err(LayoutError::RowLength(layout.row_len));
        }
        if layout.rows < 2 || layout.rows as usize > MAX_ROWS {
            return Err(LayoutError::Rows(layout.rows));
        }
        if layout.row_len as usize > max_row_len(layout.rows as usize) {
            return Err(LayoutError::LongRow {
                row_len: layout.row_len,
                rows: layout.rows,
            });
        }
        let owners = layout.row_owners();
        let players = owners.iter().map(|p| p.index() + 1).max().unwrap_or(0);
        if players < 2 {
            return Err(LayoutError::TooFewPlayers);
        }
        for p in Player::all(players) {
            if !owners.contains(&p) {
                return Err(LayoutError::PlayerWithoutRow(p));
            }
        }
        let row_len = layout.row_len as usize;
        let holes = row_len * owners.len();
        let mut owner = [0u8; MAX_HOLES];
        let mut store_after = [NO_STORE; MAX_HOLES];
        for (r, p) in owners.iter().enumerate() {
            for slot in &mut owner[r * row_len..(r + 1) * row_len] {
                *slot = p.index() as u8;
            }
        }
        let mut store_hole = [0u8; MAX_PLAYERS];
        for p in Player::all(players) {
            if let Some(hole) = layout.store_follows(p) {
                store_after[hole] = p.index() as u8;
                store_hole[p.index()] = hole as u8;
            }
        }
        let mut row_of = [0u8; MAX_HOLES];
        for (i, slot) in row_of.iter_mut().enumerate().take(holes) {
            *slot = (i / row_len) as u8;
        }
        let mut runs = [[(0u8, 0u8); MAX_ROWS / 2]; MAX_PLAYERS];
        let mut run_count = [0u8; MAX_PLAYERS];
        for (r, p) in owners.iter().enumerate() {
            let (start, end) = ((r * row_len) as u8, ((r + 1) * row_len) as u8);
            let (list, count) = (&mut runs[p.index()], &mut run_count[p.index()]);
            match usize::from(*count)
                .checked_sub(1)
                .map(|last| &mut list[last])
            {
                Some(run) if run.1 == start => run.1 = end,
                _ => {
                    if let Some(slot) = list.get_mut(usize::from(*count)) {
                        *slot = (start, end);
                        *count += 1;
                    }
                }
            }
        }
        let mut masks = [0u128; MAX_PLAYERS];
        for (i, &o) in owner.iter().enumerate().take(holes) {
            masks[usize::from(o)] |= 1 << i;
        }
        Ok(Topology {
            masks,
            layout,
            holes: holes as u8,
            players: players as u8,
            owner,
            store_after,
            row_of,
            store_hole,
            runs,
            run_count,
        })
    }

    /// The layout this topology was built from.
    #[inline]
    pub const fn layout(&self) -> Layout {
        self.layout
    }

    /// Number of holes in the ring.
    #[inline]
    pub const fn holes(&self) -> usize {
        self.holes as usize
    }

    /// Number of players.
    #[inline]
    pub const fn players(&self) -> usize {
        self.players as usize
    }

    /// Holes in each row.
    #[inline]
    pub const fn row_len(&self) -> usize {
        self.layout.row_len as usize
    }

    /// Number of rows.
    #[inline]
    pub const fn rows(&self) -> usize {
        self.layout.rows as usize
    }

    /// Whether `pit` is on this board.
    #[inline]
    pub const fn contains(&self, pit: Pit) -> bool {
        pit.index() < self.holes as usize
    }

    /// The hole with this index, if it is on this board.
    #[inline]
    pub const fn pit(&self, index: usize) -> Option<Pit> {
        if index < self.holes as usize {
            Some(Pit::from_index(index))
        } else {
            None
        }
    }

    /// All holes in counter-clockwise order.
    #[inline]
    pub fn pits(&self) -> impl DoubleEndedIterator<Item = Pit> + Clone + use<> {
        (0..self.holes as usize).map(Pit::from_index)
    }

    /// The holes owned by `player`, in counter-clockwise order.
    #[inline]
    pub fn pits_of(&self, player: Player) -> impl DoubleEndedIterator<Item = Pit> + Clone + '_ {
        self.row_ranges_of(player)
            .flat_map(|r| r.map(Pit::from_index))
    }

    /// The holes `player` owns, as a set (empty for a player beyond the
    /// board's).
    ///
    /// ```
    /// use mancala_core::{Layout, Player, Topology};
    ///
    /// let board = Topology::new(Layout::two_rows(6))?;
    /// let own = board.owned(Player::P1);
    /// assert_eq!(own.iter().map(|p| p.index()).collect::<Vec<_>>(), [6, 7, 8, 9, 10, 11]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn owned(&self, player: Player) -> PitSet {
        PitSet::from_bits(self.mask_of(player))
    }

    /// The index ranges of the holes `player` owns, in counter-clockwise
    /// order: runs of whole rows (one run on the usual boards).
    #[inline]
    pub(crate) fn row_ranges_of(
        &self,
        player: Player,
    ) -> impl DoubleEndedIterator<Item = core::ops::Range<usize>> + Clone + '_ {
        let p = player.index();
        let count = usize::from(self.run_count[p]).min(MAX_ROWS / 2);
        self.runs[p][..count]
            .iter()
            .map(|&(start, end)| usize::from(start)..usize::from(end))
    }

    /// The holes `player` owns, as a bit mask (bit `i` for hole `i`).
    #[inline]
    pub(crate) const fn mask_of(&self, player: Player) -> u128 {
        self.masks[player.index()]
    }

    /// The owner of a hole (player 0 for a hole not on the board).
    #[inline]
    pub const fn owner(&self, pit: Pit) -> Player {
        Player::from_owner(self.owner[pit.index()])
    }

    /// The row a hole belongs to.
    #[inline]
    pub const fn row(&self, pit: Pit) -> usize {
        self.row_of[pit.index()] as usize
    }

    /// The hole `player`'s store sits right after (counter-clockwise).
    #[inline]
    pub(crate) const fn store_hole(&self, player: Player) -> usize {
        self.store_hole[player.index()] as usize
    }

    /// The owner of row `row` (`None` beyond the last row).
    #[inline]
    pub fn row_owner(&self, row: usize) -> Option<Player> {
        self.layout.row_owners().get(row).copied()
    }

    /// The hole after `pit` going `direction` around the ring.
    #[inline]
    pub const fn step(&self, pit: Pit, direction: Direction) -> Pit {
        let n = self.holes as usize;
        // Holes on the board need no division (one per sown seed otherwise).
        let i = if pit.index() < n {
            pit.index()
        } else {
            pit.index() % n
        };
        match direction {
            Direction::CounterClockwise => Pit::from_index(if i + 1 == n { 0 } else { i + 1 }),
            Direction::Clockwise => Pit::from_index(if i == 0 { n - 1 } else { i - 1 }),
        }
    }

    /// The player whose store sits right after `pit` counter-clockwise (between
    /// `pit` and the next hole), if any.
    #[inline]
    pub const fn store_after(&self, pit: Pit) -> Option<Player> {
        let s = self.store_after[pit.index()];
        if s == NO_STORE {
            None
        } else {
            Some(Player::from_owner(s))
        }
    }

    /// The store passed when moving one step `direction` from `from`.
    #[inline]
    pub(crate) const fn store_between(&self, from: Pit, direction: Direction) -> Option<Player> {
        match direction {
            Direction::CounterClockwise => self.store_after(from),
            Direction::Clockwise => self.store_after(self.step(from, Direction::Clockwise)),
        }
    }

    /// Whether this is a two-row board (opposite holes exist).
    #[inline]
    pub const fn is_two_row(&self) -> bool {
        self.layout.rows == 2
    }

    /// The hole in the same file on the other row of a two-row board
    /// (`2n - 1 - i`); `None` on other boards.
    #[inline]
    pub const fn opposite(&self, pit: Pit) -> Option<Pit> {
        if self.is_two_row() && pit.index() < self.holes as usize {
            Some(Pit::from_index(self.holes as usize - 1 - pit.index()))
        } else {
            None
        }
    }
}

impl Player {
    /// Converts an owner byte stored by a topology (always `< MAX_PLAYERS`).
    #[inline]
    pub(crate) const fn from_owner(index: u8) -> Player {
        match Player::new(index as usize) {
            Some(p) => p,
            None => Player::P0,
        }
    }
}

crate::option_words!(StoreSide, "right or left", [
    StoreSide::Right => "right",
    StoreSide::Left => "left",
]);

crate::option_words!(Direction, "ccw or cw", [
    Direction::CounterClockwise => "ccw",
    Direction::Clockwise => "cw",
]);
