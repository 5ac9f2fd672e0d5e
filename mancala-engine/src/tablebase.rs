//! Endgame databases for Kalah: the exact value of every position with at
//! most `K` seeds left on the board, built by layers, kept on disk, and
//! used by the [solver](crate::kalah_solve) and the engine; and opening
//! books ([`Book`]), the exact moves of every position of a game's first
//! plies, solved to the end with a table's help: together they cover the
//! two ends of a game, where a search that sees a fixed number of plies
//! errs most.
//!
//! # What a value is
//!
//! In Kalah a seed never leaves a store, and a position's course depends
//! on its houses alone: the value kept for a position is the final margin
//! of the player to move *beyond* his store margin now (his store minus
//! his opponent's, at the end, less the same now), a number from `-s` to
//! `s` for `s` seeds on the board. The houses are seen from the player to
//! move (his row first), so a position and its mirror with the other
//! player to move are one entry. A position's value is therefore the same
//! whatever the stores hold, whatever the game's seeds, and however the
//! game got there.
//!
//! # How it is built
//!
//! Layer by layer, `s = 2, 3, ..., K` seeds on the board ([`build`]): a
//! move either takes seeds off the board (into a store, or by a capture),
//! and its child lies in a lower layer, already complete, or keeps them
//! all on the board, and its child is in the same layer, with every seed
//! moved on along its own row (no seed passed a store): such chains end,
//! so each of the layer's positions is worked out from its children,
//! those of its own layer first, on as many threads as asked (the
//! threads share the table of atomic bytes; two threads that meet the
//! same position write the same value).
//!
//! # Which games qualify
//!
//! Kalah(h, n) for h = 1 to 8 houses, either capture rule (`empty_capture`
//! takes a lone seed from an empty file too), any n: the rules of
//! [`kalah_solve::supports`](crate::kalah_solve::supports). The rule sets
//! the [`solve`](crate::solve) command calls solvable qualify in
//! principle (a value is a margin, and nothing depends on the history);
//! only Kalah's have a builder here, on the solver's compact moves.
//!
//! The others do not, for a stated reason each:
//! - **Oware, Awari, Abapa and the grand-slam and repetition rules**: the
//!   game ends when a position repeats (or a cycle is cut), so a
//!   position's value depends on the positions seen since the last
//!   capture, not on the board alone. An exact database for them would
//!   need that history in the key (the positions since the last capture,
//!   a set that grows without bound) or a proof that it never changes a
//!   value; the published Awari databases instead fix one rule for
//!   cycles (the seeds left go to their owners when a position repeats)
//!   and retrograde-analyse the cycles, which is a different game from
//!   the one RULES.md specifies.
//! - **Relay games** (Numercy, French Wari, En Gehe, Kay): a move may go on
//!   for ever, and the layers are not ordered (seeds return to the board
//!   from nowhere but a move's own lap can leave the same count).
//! - **Robertson's game** (honours), **Mankka** (hands and an opening),
//!   **Numa** (simultaneous moves, a torus): a position is more than its
//!   houses.
//!
//! # The file
//!
//! One file a board and capture rule, named by [`Kind::file_name`]
//! (`kalah-6-standard.mtb`, `kalah-6-empty.mtb`), little-endian:
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `MNCLTB\r\n` |
//! | 8 | 4 | format version: 1 ([`FORMAT_VERSION`]), or 2 for the compact entry ([`COMPACT_FORMAT_VERSION`]) |
//! | 12 | 4 | game, 1 for Kalah |
//! | 16 | 1 | houses a side |
//! | 17 | 1 | capture rule: 0 standard, 1 empty capture |
//! | 18 | 1 | `K`, the most seeds on the board |
//! | 19 | 5 | zero |
//! | 24 | 8 | positions `P = C(K + 2h, 2h)` |
//! | 32 | 8 | checksum: FNV-1a (64-bit) of the body's bytes |
//! | 40 | | the body: version 1, `P` values, one signed byte a position, by rank; version 2, the compact entry |
//!
//! A position's rank is its index among all hole counts of at most `K`
//! seeds (stars and bars: those with fewer seeds first; see
//! [`Tablebase::rank`]). A position that is over (a row empty) holds
//! -128: its value is the seeds left, counted directly.
//!
//! **The compact entry** (version 2, [`Tablebase::compact`]) keeps the
//! same values, every one exact, in about 4.4 bits a position: the 30-seed
//! table of Kalah(6) takes 6.06 GB (standard) or 6.20 GB (empty capture)
//! instead of 11.06. A position of `s`
//! seeds is worth `2a - s` for the `a` seeds its player gains from there;
//! each run of 64 positions by rank keeps a base byte and a code of 4 bits
//! a position, `a` less the base, and the few values beyond the base's
//! window of 15 are kept apart, by rank, found by a binary search (0.7 %
//! of the 30-seed layer's). The body: the records of 64 positions (33
//! bytes each: the base, then the codes, the first of each byte in its low
//! half; code 15 sends the probe to the exceptions), then an index of
//! `G + 1` counts of 8 bytes (the exceptions before each group of 65,536
//! positions; the last is their number `E`), then the `E` exceptions of 3
//! bytes (the offset in the group, 2 bytes, and `a`), by rank. A position
//! that is over has code 15 and no exception.
//!
//! A file is either *opened* ([`Tablebase::open`]: the header and the
//! length checked, each probe reading the block of the file that holds its
//! byte, so a table of any size answers its first probe at once in a few
//! MiB; the checksum checked on demand, [`Tablebase::check_file`]; a
//! value that cannot be, or cannot be read, met by a probe is the table's
//! [fault](Tablebase::fault)), or *read* whole into memory
//! ([`Tablebase::load`]: streamed and checked against its checksum; one
//! larger than the memory allowed is refused before anything is read), as
//! the solver wants it. The engine's [`Shelf`] opens its tables. Either
//! way, either version: [`Tablebase::compact`] and
//! [`Tablebase::expand`] turn one into the other, byte for byte. A table
//! built in [`units`] across machines is written compact as its layers are
//! read by [`assemble_compact`], without ever being whole in memory.
//!
//! # Examples
//!
//! ```
//! use mancala_engine::tablebase::{Kind, Tablebase};
//!
//! // Kalah with 3 houses a side, every position of up to 8 seeds.
//! let kind = Kind { houses: 3, empty_capture: false };
//! let table = Tablebase::build(kind, 8, 2, 1 << 20, |_| {})?;
//! assert_eq!(table.positions(), 3003); // C(8 + 6, 6)
//! // One seed each, South to move: he sows into his store and... moves
//! // again with nothing left in his row: North keeps his seed.
//! assert_eq!(table.probe(&[0, 0, 1, 0, 0, 1]), Some(0));
//! // Two seeds in South's last house: one to the store, one to North.
//! assert_eq!(table.probe(&[0, 0, 2, 1, 0, 0]), Some(1 - 2));
//! # Ok::<(), mancala_engine::tablebase::TablebaseError>(())
//! ```

use mancala_core::{Game, Mancala, Rules, rules::Capture};

use crate::kalah_solve::{Binomials, Next, Play, Pos, Ranks, Slots, pos_of, supports};

mod book;
mod build;
mod compact;
mod convert;
mod file;
mod paged;
mod shelf;
pub mod units;
mod verify;

pub use book::{BOOK_TABLE_BYTES, Book, Line, MAX_POSITIONS, Swindles};
pub use build::{BuildProgress, build};
pub use file::{COMPACT_FORMAT_VERSION, FORMAT_VERSION, Warming, available_memory};
pub use shelf::{PerfectMove, Shelf};
pub use units::{
    LowerLayers, Unit, assemble, assemble_compact, check_piece, layer_file_name, merge_layer,
};
pub use verify::Verified;

/// The most seeds on the board a tablebase holds (its values must fit a
/// byte, and no machine holds the positions of many more).
pub const MAX_TABLE_SEEDS: u32 = 60;

/// Which Kalah a tablebase answers: the board and the capture rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Kind {
    /// Houses a side, 1 to 8.
    pub houses: u8,
    /// Whether a lone seed in an empty house opposite an empty one is
    /// taken anyway (the `empty_capture` option).
    pub empty_capture: bool,
}

impl Kind {
    /// The kind of `rules`, if they are Kalah's on one of the boards a
    /// tablebase supports.
    pub fn of(rules: &Rules) -> Option<Kind> {
        if !supports(rules) {
            return None;
        }
        let empty_capture = match rules.capture {
            Capture::Opposite {
                require_opposite, ..
            } => !require_opposite,
            _ => return None,
        };
        Some(Kind {
            houses: rules.layout.row_len,
            empty_capture,
        })
    }

    /// The file name of this kind's tablebase.
    pub fn file_name(self) -> String {
        let rule = if self.empty_capture {
            "empty"
        } else {
            "standard"
        };
        format!("kalah-{}-{rule}.mtb", self.houses)
    }

    /// Whether the board is one a tablebase supports (1 to 8 houses).
    fn check(self) -> Result<(), TablebaseError> {
        if (1..=crate::kalah_solve::MAX_HOUSES as u8).contains(&self.houses) {
            Ok(())
        } else {
            Err(TablebaseError::Unsupported(format!(
                "{} houses a side (a tablebase holds 1 to {})",
                self.houses,
                crate::kalah_solve::MAX_HOUSES
            )))
        }
    }

    pub(crate) fn play(self) -> Play {
        Play {
            houses: usize::from(self.houses),
            empty_capture: self.empty_capture,
        }
    }
}

/// Why a tablebase could not be built, read or trusted.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseError {
    /// Reading or writing the file failed.
    #[error("tablebase file: {0}")]
    Io(#[from] std::io::Error),
    /// The file is not a tablebase of this format.
    #[error("not a tablebase: {0}")]
    Format(String),
    /// The file's values do not match its checksum.
    #[error("the tablebase is damaged: checksum {found:#018x}, the header says {expected:#018x}")]
    Checksum {
        /// The checksum the header gives.
        expected: u64,
        /// The checksum of the values read.
        found: u64,
    },
    /// The table would take more memory than allowed.
    #[error(
        "a tablebase of {seeds} seeds on {houses} houses a side takes {bytes} bytes ({} MiB); \
         the memory allowed is {limit} bytes ({} MiB): allow more, or ask for fewer seeds",
        bytes >> 20,
        limit >> 20
    )]
    TooLarge {
        /// Houses a side.
        houses: u8,
        /// Seeds on the board.
        seeds: u32,
        /// Bytes the table takes.
        bytes: u64,
        /// Bytes allowed.
        limit: u64,
    },
    /// Rules, a board or a number of seeds no tablebase holds.
    #[error("no tablebase for {0}")]
    Unsupported(String),
    /// An opened table could not answer a probe: a read failed, or the
    /// file holds a byte no value can be ([`Tablebase::fault`]).
    #[error("the tablebase could not answer: {0}")]
    Unreadable(String),
    /// A stored value differs from the one a search finds.
    #[error("the tablebase says {stored:?} for {position:?}, a search finds {searched}")]
    Mismatch {
        /// The houses, the player to move's first.
        position: Vec<u8>,
        /// The value in the table (`None`: a byte outside the position's
        /// range of values).
        stored: Option<i32>,
        /// The value the search found.
        searched: i64,
    },
}

/// The exact values of every Kalah position of at most [`seeds`]
/// seeds on the board. See the [module docs](self).
///
/// [`seeds`]: Tablebase::seeds
pub struct Tablebase {
    kind: Kind,
    seeds: u32,
    ranks: Ranks,
    /// The values, shared with the solvers that read them.
    values: Values,
}

/// Where a table's values are: in memory (built, or read whole), or in its
/// file (opened), read as probes need them.
#[derive(Clone)]
pub(crate) enum Values {
    /// Every value in memory, a byte each.
    Memory(std::sync::Arc<Slots>),
    /// Every value in memory, in the compact entry.
    Compact(std::sync::Arc<compact::Compact>),
    /// The values in the file, read a block at a time.
    File(std::sync::Arc<paged::Paged>),
}

impl Values {
    /// Positions held.
    fn len(&self) -> u64 {
        match self {
            Values::Memory(slots) => slots.len() as u64,
            Values::Compact(compact) => compact.len(),
            Values::File(paged) => paged.len(),
        }
    }

    /// The value of the in-play position of rank `rank` and `seeds` seeds
    /// on the board: `None` for a byte it cannot be (beyond its seeds
    /// either way: a damaged or forged table), or one that could not be
    /// read (an opened table keeps why: [`Tablebase::fault`]).
    #[inline]
    pub(crate) fn value(&self, rank: u64, seeds: i32) -> Option<i32> {
        match self {
            Values::Memory(slots) => {
                let v = i32::from(slots.get(rank as usize));
                (v.abs() <= seeds).then_some(v)
            }
            Values::Compact(compact) => compact.value(rank, seeds),
            Values::File(paged) => paged.value(rank, seeds),
        }
    }
}

impl Tablebase {
    /// The positions (and bytes) of a tablebase of `kind` and `seeds`.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Unsupported`] for a board or a number of seeds no
    /// tablebase holds.
    pub fn positions_of(kind: Kind, seeds: u32) -> Result<u64, TablebaseError> {
        kind.check()?;
        if seeds > MAX_TABLE_SEEDS {
            return Err(TablebaseError::Unsupported(format!(
                "{seeds} seeds on the board (at most {MAX_TABLE_SEEDS})"
            )));
        }
        let binomials = binomials(kind, seeds)?;
        u64::try_from(binomials.positions(seeds as usize))
            .map_err(|_| TablebaseError::Unsupported(format!("{seeds} seeds: too many positions")))
    }

    /// Builds the tablebase of `kind` for every position of at most
    /// `seeds` seeds on the board, on `threads` threads, within
    /// `memory_limit` bytes, calling `progress` now and then. See
    /// [`build`].
    ///
    /// # Errors
    ///
    /// [`TablebaseError::TooLarge`] if the table would take more than
    /// `memory_limit` bytes (or could not be allocated),
    /// [`TablebaseError::Unsupported`] for a board or seeds no tablebase
    /// holds.
    pub fn build(
        kind: Kind,
        seeds: u32,
        threads: usize,
        memory_limit: u64,
        progress: impl FnMut(&BuildProgress),
    ) -> Result<Tablebase, TablebaseError> {
        build(kind, seeds, threads, memory_limit, progress)
    }

    /// The board and capture rule.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The most seeds on the board of a position held.
    pub fn seeds(&self) -> u32 {
        self.seeds
    }

    /// The positions held.
    pub fn positions(&self) -> u64 {
        self.values.len()
    }

    /// Whether the values are read from the file as probes need them
    /// ([`open`](Tablebase::open)) rather than held in memory.
    pub fn is_opened(&self) -> bool {
        matches!(self.values, Values::File(_))
    }

    /// Why a probe of an [opened](Tablebase::open) table found no value
    /// where the table should hold one: a read that failed (the file
    /// shortened or removed since it was opened) or a byte no value can
    /// be (a damaged or forged file). Once a table has a fault every
    /// probe answers `None`, and so does every search that read it, so
    /// ask this after a `None` or a search with the table.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Unreadable`] with the first fault met.
    pub fn fault(&self) -> Result<(), TablebaseError> {
        match &self.values {
            Values::File(paged) => match paged.fault() {
                Some(reason) => Err(TablebaseError::Unreadable(reason.to_string())),
                None => Ok(()),
            },
            Values::Memory(_) | Values::Compact(_) => Ok(()),
        }
    }

    /// The rank of `houses` (the player to move's row first, `2 * houses`
    /// counts of at most [`seeds`](Tablebase::seeds) seeds in all): its
    /// index in the file's values. `None` for another length or more seeds.
    pub fn rank(&self, houses: &[u8]) -> Option<u64> {
        let pos = self.pos(houses)?;
        Some(self.ranks.rank(&pos))
    }

    /// The value of `houses` (the player to move's row first): his final
    /// margin beyond his store margin under perfect play. `None` if the
    /// position is not held (another board, or more seeds than
    /// [`seeds`](Tablebase::seeds)).
    pub fn probe(&self, houses: &[u8]) -> Option<i32> {
        let pos = self.pos(houses)?;
        self.value(&pos)
    }

    /// The value of each move of the player to move at `houses` (his row
    /// first): `(house, value)` for each of his non-empty houses (`0` is
    /// his first), the value his final margin beyond his store margin
    /// after it, under perfect play. `None` if the position is not held.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::tablebase::{Kind, Tablebase};
    ///
    /// let kind = Kind { houses: 2, empty_capture: false };
    /// let table = Tablebase::build(kind, 6, 1, 1 << 20, |_| {})?;
    /// // South's last house holds 1: into the store, and he moves again
    /// // with 1 seed left in his first house.
    /// let values = table.move_values(&[1, 1, 1, 0]).unwrap();
    /// assert_eq!(values.len(), 2);
    /// let best = values.iter().map(|&(_, v)| v).max();
    /// assert_eq!(best, table.probe(&[1, 1, 1, 0]));
    /// # Ok::<(), mancala_engine::tablebase::TablebaseError>(())
    /// ```
    pub fn move_values(&self, houses: &[u8]) -> Option<Vec<(usize, i32)>> {
        let pos = self.pos(houses)?;
        let play = self.kind.play();
        let moves = (0..play.houses).filter(|&h| pos.0[h] > 0).map(|house| {
            let (child, gain, next) = play.play(&pos, house);
            let value = match next {
                Next::Over(rest) => gain + rest,
                Next::Again => gain + self.value(&child)?,
                Next::Other => gain - self.value(&child)?,
            };
            Some((house, value))
        });
        moves.collect()
    }

    /// The moves of `game` that keep its value under perfect play, with the
    /// first player's final margin, if its rules are this table's and its
    /// position is held and in play.
    pub fn best_moves(&self, game: &Mancala) -> Option<(Vec<mancala_core::Move>, i64)> {
        let value = self.probe_game(game)?;
        let (pos, mover, _) = pos_of(game)?;
        let houses = usize::from(self.kind.houses);
        let best = self.value(&pos)?;
        let offset = if mover.index() == 0 { 0 } else { houses };
        let moves = self.move_values(&pos.0[..2 * houses])?;
        let keep = moves
            .iter()
            .filter(|&&(_, v)| v == best)
            .filter_map(|&(house, _)| {
                game.legal_moves()
                    .iter()
                    .copied()
                    .find(|m| m.pit().map(|p| p.index()) == Some(house + offset))
            });
        Some((keep.collect(), value))
    }

    /// The first player's final margin in `game` under perfect play, if
    /// its rules are this table's and its position is held (an ended
    /// game's margin too).
    pub fn probe_game(&self, game: &Mancala) -> Option<i64> {
        if Kind::of(game.rules()) != Some(self.kind) {
            return None;
        }
        let Some((pos, mover, banked)) = pos_of(game) else {
            return game.is_over().then(|| crate::solve::margin(game));
        };
        let seeds: u32 = pos.0.iter().map(|&c| u32::from(c)).sum();
        if seeds > self.seeds {
            return None;
        }
        let relative = banked + i64::from(self.value(&pos)?);
        Some(if mover.index() == 0 {
            relative
        } else {
            -relative
        })
    }

    /// The kind, the seeds and the values, for the solver.
    pub(crate) fn parts(&self) -> (Kind, u32, Values) {
        (self.kind, self.seeds, self.values.clone())
    }

    /// `houses` as a position of this table, if it is one.
    fn pos(&self, houses: &[u8]) -> Option<Pos> {
        let holes = 2 * usize::from(self.kind.houses);
        let seeds: u32 = houses.iter().map(|&c| u32::from(c)).sum();
        if houses.len() != holes || seeds > self.seeds {
            return None;
        }
        let mut pos = Pos::default();
        pos.0[..holes].copy_from_slice(houses);
        Some(pos)
    }

    /// The value of a held position: from the table, or the seeds left if
    /// a row is empty. `None` for a byte the position's value cannot be
    /// (beyond its seeds either way): a damaged or forged table; or, for
    /// an opened table, a value that could not be read.
    fn value(&self, pos: &Pos) -> Option<i32> {
        let n = usize::from(self.kind.houses);
        let mine: i32 = pos.0[..n].iter().map(|&c| i32::from(c)).sum();
        let theirs: i32 = pos.0[n..2 * n].iter().map(|&c| i32::from(c)).sum();
        if mine == 0 || theirs == 0 {
            return Some(mine - theirs);
        }
        self.values.value(self.ranks.rank(pos), mine + theirs)
    }
}

/// The most threads a build, a unit or a merge starts, whatever it is
/// asked for: a count a caller cannot turn into a failure to start them.
pub const MAX_THREADS: usize = 256;

/// The threads to start for `threads` asked and `work` items to share
/// out: at least one, at most [`MAX_THREADS`], no more than the items.
fn workers(threads: usize, work: usize) -> usize {
    threads.clamp(1, MAX_THREADS).min(work.max(1))
}

/// The binomials of a table of `seeds` seeds on `kind`'s board.
fn binomials(kind: Kind, seeds: u32) -> Result<Binomials, TablebaseError> {
    Binomials::new(seeds as usize, 2 * usize::from(kind.houses))
        .ok_or_else(|| TablebaseError::Unsupported(format!("{seeds} seeds: too many positions")))
}

/// The engine's search takes a table's values in place of searching below
/// the positions it holds ([`AlphaBeta::search_with`]).
///
/// [`AlphaBeta::search_with`]: crate::agents::AlphaBeta::search_with
impl crate::agents::Oracle<Mancala> for Tablebase {
    #[inline]
    fn final_margin(&self, game: &Mancala) -> Option<i64> {
        self.probe_game(game)
    }
}
