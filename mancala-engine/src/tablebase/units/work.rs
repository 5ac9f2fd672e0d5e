//! A unit's values worked out: its positions walked row by row in the
//! unit's own numbering ([`Shape`]) rather than found in a walk of the
//! whole layer, each worked out from its children's, and written in the
//! layer's order a run at a time.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::super::compact::{Compact, Encoder};
use super::super::paged::Paged;
use super::shape::Shape;
use super::{Piece, Unit};
use crate::kalah_solve::{MAX_HOUSES, Next, Play, Pos, Slots, UNKNOWN};
use crate::tablebase::TablebaseError;

/// A lower layer as a unit reads it.
pub(super) enum Lower<'a> {
    /// Its file, opened: a probe reads the bytes it needs.
    Opened(Paged),
    /// Its values in memory.
    Loaded(&'a Piece),
}

/// Where a child's value is.
#[derive(Clone, Copy)]
enum Slot {
    /// The unit's own position of this number.
    Own(usize),
    /// The lower layer of these seeds, at this rank in it.
    Lower(u32, u64),
}

/// A unit's work: its own values, by the unit's own numbering, and the
/// lower layers: their files opened (a probe reads the bytes it needs, so
/// that a unit's memory is its own values whatever the lower layers'
/// size), or their values loaded ([`LowerLayers`](super::LowerLayers):
/// two to three times as fast).
pub(super) struct UnitWork<'a> {
    shape: Shape,
    play: Play,
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
        let shape = Shape::new(unit)?;
        let own = usize::try_from(shape.len())
            .ok()
            .and_then(Slots::try_unknown)
            .ok_or_else(|| super::too_large(unit.kind, unit.layer))?;
        Ok(UnitWork {
            shape,
            play: unit.kind.play(),
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

    /// Works out every value of the unit on `threads` threads (at least
    /// one), sharing out the opponent's rows of each block.
    pub(super) fn run(&self, threads: usize) {
        let shares: Vec<(u32, usize)> = self
            .shape
            .blocks()
            .flat_map(|(mine, _, theirs)| (0..theirs.len()).map(move |t| (mine, t)))
            .collect();
        let next = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..super::super::workers(threads, shares.len()) {
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
        let houses = self.shape.houses;
        let (mine_rows, their_rows, start) = self.shape.block(mine);
        let mut pos = Pos::default();
        pos.0[houses..2 * houses].copy_from_slice(&their_rows[t][..houses]);
        let first = start + t * mine_rows.len();
        for (r, row) in mine_rows.iter().enumerate() {
            if self.own.get(first + r) == UNKNOWN {
                pos.0[..houses].copy_from_slice(&row[..houses]);
                self.work_out(&pos, mine, first + r);
            }
        }
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
        let layer = self.shape.unit.layer;
        let ranks = &self.shape.ranks;
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
                Slot::Own(self.shape.index(&child, layer - mine))
            } else {
                Slot::Lower(seeds, ranks.rank(&child) - ranks.below(seeds as usize))
            };
            children[count] = (child, slot, gain, again);
            count += 1;
        }
        let mut values = [i32::from(UNKNOWN); MAX_HOUSES];
        for (value, &(_, slot, _, _)) in values.iter_mut().zip(&children[..count]) {
            *value = match slot {
                Slot::Own(at) => i32::from(self.own.get(at)),
                Slot::Lower(seeds, rank) => self.lower_value(seeds, rank),
            };
        }
        for (&value, &(child, slot, gain, again)) in values.iter().zip(&children[..count]) {
            let v = match slot {
                Slot::Own(at) if value == i32::from(UNKNOWN) => {
                    self.work_out(&child, layer - mine, at)
                }
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
        let Unit { kind, layer, .. } = self.shape.unit;
        let mut encoder = Encoder::of_layer(layer, self.own.len() as u64)
            .ok_or_else(|| super::too_large(kind, layer))?;
        self.each_run(|run| encoder.feed(run))?;
        encoder.finish()
    }

    /// Calls `each` with the unit's values in rising layer rank, a run at
    /// a time.
    fn each_run(
        &self,
        mut each: impl FnMut(&[u8]) -> Result<(), TablebaseError>,
    ) -> Result<(), TablebaseError> {
        let mut values = Vec::new();
        for run in self.shape.runs() {
            values.clear();
            values.extend(
                self.own
                    .values(run.first, run.first + run.len)
                    .map(|v| v as u8),
            );
            each(&values)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kalah_solve::each_in_layer;
    use crate::tablebase::Kind;

    /// The [shape](super::super::shape)'s claim, checked on every unit of
    /// small layers: the runs, sorted by their first rank, are the unit's
    /// positions in rising layer rank, each run a slice of the unit's own
    /// numbering in which [`Shape::index`] numbers the positions.
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
                let shape = &work.shape;
                // The unit's positions by a walk of the whole layer.
                let mut by_rank = Vec::new();
                each_in_layer(h, layer as usize, |pos| {
                    let mine: u32 = pos.0[..h].iter().map(|&c| u32::from(c)).sum();
                    if mine.min(layer - mine) == low {
                        by_rank.push((shape.ranks.rank(pos), shape.index(pos, mine)));
                    }
                });
                by_rank.sort_unstable();
                assert_eq!(by_rank.len(), work.own.len(), "{houses} houses, unit {low}");
                // Every number once.
                let mut numbers: Vec<usize> = by_rank.iter().map(|&(_, n)| n).collect();
                numbers.sort_unstable();
                assert!(numbers.iter().enumerate().all(|(i, &n)| i == n));
                // Each run starts at its rank and its numbers follow.
                let mut at = 0;
                for run in shape.runs() {
                    for k in 0..run.len {
                        assert_eq!(
                            by_rank[at + k],
                            (run.rank + k as u64, run.first + k),
                            "{houses} houses, layer {layer}, unit {low}"
                        );
                    }
                    at += run.len;
                }
                assert_eq!(at, by_rank.len());
                // The runs give the values in the order of the ranks: mark
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
}
