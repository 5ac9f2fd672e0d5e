//! Positions as numbers: the rank of a [`Pos`] among all hole counts with
//! as many seeds or fewer (stars and bars), the key of the transposition
//! table and the slot of the endgame table and of the tablebases.
//!
//! The rank of counts `c[0..holes]` with `s` seeds in all is the number of
//! count vectors with fewer than `s` seeds, `C(s - 1 + holes, holes)`, plus
//! the rank among those of exactly `s` seeds: for each hole but the last,
//! `C(sum + i, i + 1)` where `sum` is the seeds in holes `0..=i`. It does
//! not depend on the game's seeds, so a tablebase built once serves every
//! game on the same board.

use super::Pos;

/// The binomials `C(m, k)` for `m` up to a game's seeds and holes and `k`
/// up to its holes, in `u128` to see an overflow of the rank: the sizes of
/// the solver's rank and tables.
pub(crate) struct Binomials {
    c: Vec<Vec<u128>>,
    /// The seeds of the game.
    total: usize,
    /// Its holes.
    holes: usize,
}

impl Binomials {
    /// The binomials of a game of `total` seeds in `holes` holes; `None`
    /// if its positions are too many for a rank.
    pub(crate) fn new(total: usize, holes: usize) -> Option<Binomials> {
        let top = total + holes;
        let mut c = vec![vec![0u128; holes + 1]; top + 1];
        for m in 0..=top {
            c[m][0] = 1;
            for k in 1..=holes.min(m) {
                c[m][k] = c[m - 1][k - 1] + c[m - 1][k];
            }
        }
        if c[top][holes] >= 1 << 62 {
            return None;
        }
        Some(Binomials { c, total, holes })
    }

    /// The positions of at most `seeds` seeds in the holes.
    pub(crate) fn positions(&self, seeds: usize) -> u128 {
        self.c[seeds + self.holes][self.holes]
    }

    /// The ranks of the positions of at most the game's seeds.
    pub(crate) fn ranks(&self) -> Ranks {
        let (total, holes) = (self.total, self.holes);
        let base = (0..=total + 1)
            .map(|s| {
                if s == 0 {
                    0
                } else {
                    self.positions(s - 1) as u64
                }
            })
            .collect();
        let mut step = vec![0u64; holes * (total + 1)];
        for i in 0..holes {
            for sum in 0..=total {
                step[i * (total + 1) + sum] = self.c[sum + i][i + 1] as u64;
            }
        }
        Ranks {
            holes,
            total,
            base,
            step,
        }
    }

    /// The buckets of a transposition table of at most `bytes` bytes: a
    /// power of two, at least one, and no more entries than positions (a
    /// small board needs no big table, nor the time to clear one).
    pub(crate) fn buckets(&self, bytes: usize, bucket: usize) -> usize {
        let positions = self.positions(self.total);
        let mut count = 1usize;
        while count * 2 * bucket <= bytes && (count as u128) * 4 < positions {
            count *= 2;
        }
        count
    }

    /// The endgame table of at most `bytes` bytes: the most seeds whose
    /// positions fit, and its slots.
    pub(crate) fn endgame(&self, bytes: usize) -> (u32, usize) {
        let mut seeds = 0u32;
        while (seeds as usize) < self.total && self.positions(seeds as usize + 1) <= bytes as u128 {
            seeds += 1;
        }
        let slots = if seeds == 0 {
            0
        } else {
            self.positions(seeds as usize) as usize
        };
        (seeds, slots)
    }
}

/// The rank of positions of `holes` holes and at most `total` seeds.
#[derive(Clone, Debug)]
pub(crate) struct Ranks {
    pub(crate) holes: usize,
    pub(crate) total: usize,
    /// `base[s]`: the positions with fewer than `s` seeds.
    base: Vec<u64>,
    /// `step[i * (total + 1) + sum]`: C(sum + i, i + 1), the rank's term
    /// of bar `i` after `sum` seeds.
    step: Vec<u64>,
}

impl Ranks {
    /// The rank of `pos` (at most `total` seeds) among all hole counts of
    /// at most its seeds.
    #[inline]
    pub(crate) fn rank(&self, pos: &Pos) -> u64 {
        self.rank_of(&pos.0[..self.holes])
    }

    /// The rank of the counts `counts` of the `holes` holes (at most
    /// `total` seeds), as [`rank`](Ranks::rank) of a position.
    #[inline]
    pub(crate) fn rank_of(&self, counts: &[u8]) -> u64 {
        let stride = self.total + 1;
        let mut sum = 0usize;
        let mut rank = 0u64;
        for (i, &c) in counts[..self.holes - 1].iter().enumerate() {
            sum += usize::from(c);
            rank += self.step[i * stride + sum];
        }
        sum += usize::from(counts[self.holes - 1]);
        rank + self.base[sum]
    }

    /// The position of rank `rank` (the inverse of [`rank`](Ranks::rank)),
    /// `None` from the positions of at most `total` seeds on.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn unrank(&self, rank: u64) -> Option<Pos> {
        let stride = self.total + 1;
        // The seeds: the layer whose ranks hold `rank`.
        let seeds = (0..=self.total).rev().find(|&s| self.base[s] <= rank)?;
        if rank >= self.base[self.total + 1] {
            return None;
        }
        let mut rest = rank - self.base[seeds];
        // The running sums, from the last bar down: each the largest whose
        // term still fits (the combinatorial number system).
        let mut pos = Pos::default();
        let mut above = seeds;
        for i in (0..self.holes - 1).rev() {
            let sum = (0..=above)
                .rev()
                .find(|&sum| self.step[i * stride + sum] <= rest)?;
            rest -= self.step[i * stride + sum];
            pos.0[i + 1] = (above - sum) as u8;
            above = sum;
        }
        pos.0[0] = above as u8;
        Some(pos)
    }

    /// The positions with fewer than `seeds` seeds (`seeds` up to
    /// `total + 1`): the first rank of the layer of `seeds`.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn below(&self, seeds: usize) -> u64 {
        self.base[seeds]
    }
}

/// Calls `each` with every position of exactly `seeds` seeds in `2 *
/// houses` holes (a layer), in a fixed order.
pub(crate) fn each_in_layer(houses: usize, seeds: usize, each: impl FnMut(&Pos)) {
    each_with_tail(houses, seeds, &[], each);
}

/// Calls `each` with every position of the layer of `seeds` seeds in `2 *
/// houses` holes whose last holes hold `tail` (its last count in the last
/// hole), in a fixed order: a part of the layer, so that threads can share
/// a layer out by tails.
pub(crate) fn each_with_tail(houses: usize, seeds: usize, tail: &[u8], mut each: impl FnMut(&Pos)) {
    let holes = 2 * houses;
    let Some(free) = holes.checked_sub(tail.len()) else {
        return;
    };
    let Some(rest) = seeds.checked_sub(tail.iter().map(|&c| usize::from(c)).sum()) else {
        return;
    };
    let mut pos = Pos::default();
    pos.0[free..holes].copy_from_slice(tail);
    if free == 0 {
        if rest == 0 {
            each(&pos);
        }
        return;
    }
    // Odometer over the free holes' compositions: hole i holds what is
    // left after holes 0..i, the last free hole the rest.
    let mut counts = [0usize; 2 * super::MAX_HOUSES];
    counts[0] = rest;
    loop {
        for (c, &k) in pos.0[..free].iter_mut().zip(&counts[..free]) {
            *c = k as u8;
        }
        each(&pos);
        // Next composition: move one seed from the first non-empty hole
        // before the last free one to the hole after it, gathering that
        // hole's others back to hole 0.
        let Some(i) = (0..free - 1).find(|&i| counts[i] > 0) else {
            break;
        };
        let moved = counts[i] - 1;
        counts[i] = 0;
        counts[0] = moved;
        counts[i + 1] += 1;
    }
}

/// The tails of `length` holes (at most the board's holes less one) that
/// the positions of the layer of `seeds` seeds end with: every count list
/// of that length with at most `seeds` seeds.
#[cfg(not(target_family = "wasm"))]
pub(crate) fn tails(length: usize, seeds: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    for _ in 0..length {
        all = all
            .into_iter()
            .flat_map(|tail: Vec<u8>| {
                let used: usize = tail.iter().map(|&c| usize::from(c)).sum();
                (0..=seeds - used).map(move |c| {
                    let mut longer = tail.clone();
                    longer.push(c as u8);
                    longer
                })
            })
            .collect();
    }
    all
}

/// Whether `pos` on a board of `houses` houses a side is in play: seeds in
/// both rows (else the game is over).
#[inline]
pub(crate) fn in_play(houses: usize, pos: &Pos) -> bool {
    pos.0[..houses].iter().any(|&c| c > 0) && pos.0[houses..2 * houses].iter().any(|&c| c > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_is_walked_in_falling_rank_order_over_its_whole_range() {
        for (houses, total) in [(1, 6), (2, 7), (3, 8), (4, 5)] {
            let ranks = Binomials::new(total, 2 * houses).unwrap().ranks();
            for seeds in 0..=total {
                let mut next = ranks.below(seeds + 1);
                each_in_layer(houses, seeds, |pos| {
                    next -= 1;
                    assert_eq!(ranks.rank(pos), next, "{houses} houses, {seeds} seeds");
                });
                assert_eq!(next, ranks.below(seeds));
            }
        }
    }
}
