//! A unit's values worked out: its positions walked row by row rather than
//! found in a walk of the whole layer, each numbered by its two rows'
//! ranks, and its values put back in the layer's order at the end.
//!
//! # The unit's own numbering
//!
//! A unit has one or two blocks: the positions whose mover's row holds
//! `low` seeds, then (unless `low` is half the layer) those whose mover's
//! row holds `layer - low`. In a block of `m` seeds in the mover's row,
//! the position of his row of rank `r` (among rows of `m` seeds) and his
//! opponent's of rank `t` is number `start + t * rows(m) + r`: the
//! positions that share the opponent's row lie together.
//!
//! # Why that is the layer's order, a run at a time
//!
//! A position's rank in its layer orders positions by their holes' running
//! sums from the last hole down (the combinatorial number system, see
//! `kalah_solve::ranks`). The running sums of the opponent's row, the last
//! holes, come first: positions that share it are one run of consecutive
//! ranks, in the mover's row's rank order; and within a block, where the
//! opponent's rows all hold the same seeds, the runs lie in the opponent's
//! row's rank order. So the unit's values in rising layer rank are its
//! runs sorted by their first rank, each run a slice of its own numbering.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::super::compact::{Compact, Encoder};
use super::super::paged::Paged;
use super::{Piece, Unit};
use crate::kalah_solve::{
    Binomials, MAX_HOUSES, Next, Play, Pos, Ranks, Slots, UNKNOWN, each_with_tail,
};
use crate::tablebase::{TablebaseError, binomials};

/// A lower layer as a unit reads it.
pub(super) enum Lower<'a> {
    /// Its file, opened: a probe reads the bytes it needs.
    Opened(Paged),
    /// Its values in memory.
    Loaded(&'a Piece),
}

/// One row's counts (the houses past the board's are empty).
type Row = [u8; MAX_HOUSES];

/// Where a child's value is.
#[derive(Clone, Copy)]
enum Slot {
    /// The unit's own position of this number.
    Own(usize),
    /// The lower layer of these seeds, at this rank in it.
    Lower(u32, u64),
}

/// A unit's work: its own values (see the [module docs](self)) and the
/// lower layers: their files opened (a probe reads the bytes it needs, so
/// that a unit's memory is its own values whatever the lower layers'
/// size), or their values loaded ([`LowerLayers`](super::LowerLayers):
/// about twice as fast).
pub(super) struct UnitWork<'a> {
    unit: Unit,
    play: Play,
    /// Ranks of the board's positions (the layers' offsets and ranks).
    ranks: Ranks,
    /// Ranks of one row's counts.
    rows: Ranks,
    /// The rows of `low` seeds and of `layer - low`, each in rising rank.
    low_rows: Vec<Row>,
    high_rows: Vec<Row>,
    own: Slots,
    /// The lower layers, by seeds (none below 2).
    lower: Vec<Option<Lower<'a>>>,
    /// The first value of a loaded lower layer that could not be.
    fault: OnceLock<String>,
}

impl<'a> UnitWork<'a> {
    pub(super) fn new(
        unit: Unit,
        lower: Vec<Option<Lower<'a>>>,
    ) -> Result<UnitWork<'a>, TablebaseError> {
        let Unit { kind, layer, low } = unit;
        let houses = usize::from(kind.houses);
        let ranks = binomials(kind, layer)?.ranks();
        let rows = Binomials::new(layer as usize, houses)
            .ok_or_else(|| super::too_large(kind, layer))?
            .ranks();
        let (low_rows, high_rows) = (rows_of(houses, low), rows_of(houses, layer - low));
        let blocks = if 2 * low == layer { 1 } else { 2 };
        let len = (low_rows.len() as u64) * (high_rows.len() as u64) * blocks;
        let own = usize::try_from(len)
            .ok()
            .and_then(Slots::try_unknown)
            .ok_or_else(|| super::too_large(kind, layer))?;
        Ok(UnitWork {
            unit,
            play: kind.play(),
            ranks,
            rows,
            low_rows,
            high_rows,
            own,
            lower,
            fault: OnceLock::new(),
        })
    }

    /// Why a lower layer's value could not be read, if one could not.
    pub(super) fn fault(&self) -> Option<String> {
        let opened = self.lower.iter().flatten().find_map(|lower| match lower {
            Lower::Opened(file) => file.fault(),
            Lower::Loaded(_) => None,
        });
        opened
            .or(self.fault.get().map(String::as_str))
            .map(str::to_string)
    }

    /// The seeds of the mover's row of each block, with its rows and the
    /// opponent's.
    fn blocks(&self) -> impl Iterator<Item = (u32, &[Row], &[Row])> {
        let Unit { layer, low, .. } = self.unit;
        let second =
            (2 * low != layer).then_some((layer - low, &self.high_rows[..], &self.low_rows[..]));
        std::iter::once((low, &self.low_rows[..], &self.high_rows[..])).chain(second)
    }

    /// The mover's rows of `mine` seeds (one of the unit's two), and the
    /// number of the block's first position.
    fn block(&self, mine: u32) -> (&[Row], usize) {
        if mine == self.unit.low {
            (&self.low_rows, 0)
        } else {
            (&self.high_rows, self.low_rows.len() * self.high_rows.len())
        }
    }

    /// Works out every value of the unit on `threads` threads (at least
    /// one), sharing out the opponent's rows of each block.
    pub(super) fn run(&self, threads: usize) {
        let shares: Vec<(u32, usize)> = self
            .blocks()
            .flat_map(|(mine, _, theirs)| (0..theirs.len()).map(move |t| (mine, t)))
            .collect();
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    while let Some(&(mine, t)) = shares.get(next.fetch_add(1, Ordering::Relaxed)) {
                        self.fill(mine, t);
                    }
                });
            }
        });
    }

    /// Works out the values of the block of `mine` seeds in the mover's
    /// row whose opponent's row is of rank `t`.
    fn fill(&self, mine: u32, t: usize) {
        let houses = self.play.houses;
        let (mine_rows, start) = self.block(mine);
        let theirs = if mine == self.unit.low {
            &self.high_rows[t]
        } else {
            &self.low_rows[t]
        };
        let mut pos = Pos::default();
        pos.0[houses..2 * houses].copy_from_slice(&theirs[..houses]);
        let first = start + t * mine_rows.len();
        for (r, row) in mine_rows.iter().enumerate() {
            if self.own.get(first + r) == UNKNOWN {
                pos.0[..houses].copy_from_slice(&row[..houses]);
                self.work_out(&pos, mine, first + r);
            }
        }
    }

    /// The number of the unit's position `pos`, whose mover's row holds
    /// `mine` seeds.
    fn index(&self, pos: &Pos, mine: u32) -> usize {
        let houses = self.play.houses;
        let theirs = self.unit.layer - mine;
        let (mine_rows, start) = self.block(mine);
        let rank = |row: &[u8], seeds: u32| {
            (self.rows.rank_of(row) - self.rows.below(seeds as usize)) as usize
        };
        start
            + rank(&pos.0[houses..2 * houses], theirs) * mine_rows.len()
            + rank(&pos.0[..houses], mine)
    }

    /// Works out the value of the unit's position `pos` (numbered
    /// `index`, `mine` seeds in the mover's row) from its children's:
    /// first where each lies, then their values (independent reads, which
    /// overlap), then those of the unit's own not known yet, in turn.
    /// Children of the unit's own layer are the unit's too (the rows
    /// swapped); the others are read from the lower layers (a value that
    /// cannot be read counts 0, and the fault is kept for the build to
    /// report).
    fn work_out(&self, pos: &Pos, mine: u32, index: usize) -> i32 {
        let layer = self.unit.layer;
        let mut children = [(Pos::default(), Slot::Own(0), 0i32, false); MAX_HOUSES];
        let mut count = 0;
        let mut best = i32::MIN;
        for house in 0..self.play.houses {
            if pos.0[house] == 0 {
                continue;
            }
            let (child, gain, next) = self.play.play(pos, house);
            let again = match next {
                Next::Over(rest) => {
                    best = best.max(gain + rest);
                    continue;
                }
                Next::Again => true,
                Next::Other => false,
            };
            // What the mover banks leaves the board; a move that banks
            // nothing leaves the seeds in his row and passes the turn.
            let seeds = layer - gain as u32;
            let slot = if seeds == layer {
                Slot::Own(self.index(&child, layer - mine))
            } else {
                let rank = self.ranks.rank(&child) - self.ranks.below(seeds as usize);
                Slot::Lower(seeds, rank)
            };
            children[count] = (child, slot, gain, again);
            count += 1;
        }
        let mut values = [UNKNOWN as i32; MAX_HOUSES];
        for (value, &(_, slot, _, _)) in values.iter_mut().zip(&children[..count]) {
            *value = match slot {
                Slot::Own(at) => i32::from(self.own.get(at)),
                Slot::Lower(seeds, rank) => self.lower_value(seeds, rank),
            };
        }
        for (&value, &(child, slot, gain, again)) in values.iter().zip(&children[..count]) {
            let v = match slot {
                Slot::Own(at) if value == UNKNOWN as i32 => self.work_out(&child, layer - mine, at),
                _ => value,
            };
            best = best.max(if again { gain + v } else { gain - v });
        }
        // A position in play has a move; values fit a byte.
        self.own.set(index, best as i8);
        best
    }

    /// The value of the lower layer's position of `seeds` seeds at `rank`
    /// in it.
    fn lower_value(&self, seeds: u32, rank: u64) -> i32 {
        let Some(Some(lower)) = self.lower.get(seeds as usize) else {
            return 0;
        };
        match lower {
            Lower::Opened(file) => file.value(rank, seeds as i32).unwrap_or(0),
            Lower::Loaded(piece) => piece.value(rank, seeds as i32).unwrap_or_else(|| {
                let _ = self.fault.set(format!(
                    "layer {seeds}'s rank {rank} holds no value a position of {seeds} seeds \
                     can be: a damaged or forged file"
                ));
                0
            }),
        }
    }

    /// The unit's values in the compact entry, in rising layer rank.
    ///
    /// # Errors
    ///
    /// As [`Encoder::feed`] (a value its position cannot be, which a
    /// worked-out value never is), and [`TablebaseError::TooLarge`] if
    /// the memory cannot be had.
    pub(super) fn compact(&self) -> Result<Compact, TablebaseError> {
        let Unit { kind, layer, .. } = self.unit;
        let mut encoder = Encoder::of_layer(layer, self.own.len() as u64)
            .ok_or_else(|| super::too_large(kind, layer))?;
        self.each_run(|run| encoder.feed(run))?;
        encoder.finish()
    }

    /// Calls `each` with the unit's values in rising layer rank (see the
    /// [module docs](self)) a run at a time: each opponent's row's run, by
    /// the run's first rank.
    fn each_run(
        &self,
        mut each: impl FnMut(&[u8]) -> Result<(), TablebaseError>,
    ) -> Result<(), TablebaseError> {
        let houses = self.play.houses;
        let mut runs: Vec<(u64, usize, usize)> = Vec::new();
        for (mine, mine_rows, their_rows) in self.blocks() {
            let (_, start) = self.block(mine);
            let mut pos = Pos::default();
            pos.0[..houses].copy_from_slice(&mine_rows[0][..houses]);
            for (t, theirs) in their_rows.iter().enumerate() {
                pos.0[houses..2 * houses].copy_from_slice(&theirs[..houses]);
                let first = start + t * mine_rows.len();
                runs.push((self.ranks.rank(&pos), first, mine_rows.len()));
            }
        }
        runs.sort_unstable();
        let mut run = Vec::new();
        for (_, first, len) in runs {
            run.clear();
            run.extend(self.own.values(first, first + len).map(|v| v as u8));
            each(&run)?;
        }
        Ok(())
    }
}

/// The rows of `houses` houses holding `seeds` seeds, in rising rank.
fn rows_of(houses: usize, seeds: u32) -> Vec<Row> {
    let mut rows = Vec::new();
    // A layer's positions whose opponent's row is empty, in falling rank.
    each_with_tail(houses, seeds as usize, &[0; MAX_HOUSES][..houses], |pos| {
        let mut row = Row::default();
        row[..houses].copy_from_slice(&pos.0[..houses]);
        rows.push(row);
    });
    rows.reverse();
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kalah_solve::each_in_layer;
    use crate::tablebase::Kind;

    /// The module docs' claim, checked on every unit of small layers: the
    /// runs, sorted by their first rank, are the unit's positions in
    /// rising layer rank, each run a slice of the unit's own numbering in
    /// which [`UnitWork::index`] numbers the positions.
    #[test]
    fn the_runs_in_order_are_the_units_positions_in_rising_rank() {
        for (houses, layer) in [(2u8, 7u32), (3, 9), (4, 8)] {
            let kind = Kind {
                houses,
                empty_capture: false,
            };
            let h = usize::from(houses);
            for low in 1..=layer / 2 {
                let unit = Unit { kind, layer, low };
                let work = UnitWork::new(unit, Vec::new()).unwrap();
                // The unit's positions by a walk of the whole layer.
                let mut by_rank = Vec::new();
                each_in_layer(h, layer as usize, |pos| {
                    let mine: u32 = pos.0[..h].iter().map(|&c| u32::from(c)).sum();
                    if mine.min(layer - mine) == low {
                        by_rank.push((work.ranks.rank(pos), work.index(pos, mine)));
                    }
                });
                by_rank.sort_unstable();
                assert_eq!(by_rank.len(), work.own.len(), "{houses} houses, unit {low}");
                // Every number once.
                let mut numbers: Vec<usize> = by_rank.iter().map(|&(_, n)| n).collect();
                numbers.sort_unstable();
                assert!(numbers.iter().enumerate().all(|(i, &n)| i == n));
                // The runs give the numbers in the order of the ranks: mark
                // each own value with its place in rank order.
                for (place, &(_, n)) in by_rank.iter().enumerate() {
                    work.own.set(n, (place % 100) as i8);
                }
                let mut values = Vec::new();
                work.each_run(|run| {
                    values.extend_from_slice(run);
                    Ok(())
                })
                .unwrap();
                let places: Vec<u8> = (0..by_rank.len()).map(|p| (p % 100) as u8).collect();
                assert_eq!(values, places, "{houses} houses, layer {layer}, unit {low}");
            }
        }
    }

    #[test]
    fn a_rows_list_holds_each_row_of_its_seeds_once_in_rising_rank() {
        let rows = Binomials::new(9, 3).unwrap().ranks();
        for seeds in 0..=9u32 {
            let list = rows_of(3, seeds);
            // C(seeds + 2, 2) rows of 3 houses.
            assert_eq!(list.len() as u32, (seeds + 2) * (seeds + 1) / 2);
            for (i, row) in list.iter().enumerate() {
                assert_eq!(row[..3].iter().map(|&c| u32::from(c)).sum::<u32>(), seeds);
                assert_eq!(
                    rows.rank_of(&row[..3]) - rows.below(seeds as usize),
                    i as u64
                );
            }
        }
    }
}
