//! A unit's positions and their order: its rows, the unit's own numbering
//! of its positions, and the runs in which they lie in the layer.
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

use super::Unit;
use crate::kalah_solve::{Binomials, MAX_HOUSES, Pos, Ranks, each_with_tail};
use crate::tablebase::{TablebaseError, binomials};

/// One row's counts (the houses past the board's are empty).
pub(super) type Row = [u8; MAX_HOUSES];

/// A run of a unit's positions: consecutive in the layer, its first rank
/// there (among all positions, as `Ranks::rank`), its first number in the
/// unit's own numbering, and its length.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) struct Run {
    pub(super) rank: u64,
    pub(super) first: usize,
    pub(super) len: usize,
}

/// A unit's rows and its own numbering (see the [module docs](self)).
pub(super) struct Shape {
    pub(super) unit: Unit,
    pub(super) houses: usize,
    /// Ranks of the board's positions (the layers' offsets and ranks).
    pub(super) ranks: Ranks,
    /// Ranks of one row's counts.
    rows: Ranks,
    /// The rows of `low` seeds and of `layer - low`, each in rising rank.
    low_rows: Vec<Row>,
    high_rows: Vec<Row>,
}

impl Shape {
    pub(super) fn new(unit: Unit) -> Result<Shape, TablebaseError> {
        let Unit { kind, layer, low } = unit;
        let houses = usize::from(kind.houses);
        let ranks = binomials(kind, layer)?.ranks();
        let rows = Binomials::new(layer as usize, houses)
            .ok_or_else(|| super::too_large(kind, layer))?
            .ranks();
        Ok(Shape {
            unit,
            houses,
            ranks,
            rows,
            low_rows: rows_of(houses, low),
            high_rows: rows_of(houses, layer - low),
        })
    }

    /// The unit's positions.
    pub(super) fn len(&self) -> u64 {
        let Unit { layer, low, .. } = self.unit;
        let blocks = if 2 * low == layer { 1 } else { 2 };
        (self.low_rows.len() as u64) * (self.high_rows.len() as u64) * blocks
    }

    /// The seeds of the mover's row of each block, with its rows and the
    /// opponent's.
    pub(super) fn blocks(&self) -> impl Iterator<Item = (u32, &[Row], &[Row])> {
        let Unit { layer, low, .. } = self.unit;
        let second =
            (2 * low != layer).then_some((layer - low, &self.high_rows[..], &self.low_rows[..]));
        std::iter::once((low, &self.low_rows[..], &self.high_rows[..])).chain(second)
    }

    /// The mover's rows and the opponent's of the block of `mine` seeds in
    /// the mover's row (one of the unit's two), and the number of the
    /// block's first position.
    pub(super) fn block(&self, mine: u32) -> (&[Row], &[Row], usize) {
        if mine == self.unit.low {
            (&self.low_rows, &self.high_rows, 0)
        } else {
            let start = self.low_rows.len() * self.high_rows.len();
            (&self.high_rows, &self.low_rows, start)
        }
    }

    /// The number of the unit's position `pos`, whose mover's row holds
    /// `mine` seeds.
    pub(super) fn index(&self, pos: &Pos, mine: u32) -> usize {
        let houses = self.houses;
        let theirs = self.unit.layer - mine;
        let (mine_rows, _, start) = self.block(mine);
        let rank = |row: &[u8], seeds: u32| {
            (self.rows.rank_of(row) - self.rows.below(seeds as usize)) as usize
        };
        start
            + rank(&pos.0[houses..2 * houses], theirs) * mine_rows.len()
            + rank(&pos.0[..houses], mine)
    }

    /// The unit's runs in rising rank: one an opponent's row of each block.
    pub(super) fn runs(&self) -> Vec<Run> {
        let houses = self.houses;
        let mut runs = Vec::new();
        for (mine, mine_rows, their_rows) in self.blocks() {
            let (_, _, start) = self.block(mine);
            let mut pos = Pos::default();
            pos.0[..houses].copy_from_slice(&mine_rows[0][..houses]);
            for (t, theirs) in their_rows.iter().enumerate() {
                pos.0[houses..2 * houses].copy_from_slice(&theirs[..houses]);
                runs.push(Run {
                    rank: self.ranks.rank(&pos),
                    first: start + t * mine_rows.len(),
                    len: mine_rows.len(),
                });
            }
        }
        runs.sort_unstable();
        runs
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
