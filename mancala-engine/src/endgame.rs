//! Exact values of sowing positions with few seeds left on the board, worked
//! out on demand and kept for good: an endgame table for the [`solve`]r.
//!
//! In a game under [`solvable`] rules on two rows (Kalah and its variants),
//! seeds never return to the board from a store, so a position with `s`
//! seeds on the board only leads to positions with at most `s`; and its
//! value beyond the stores (the final margin of the player to move minus his
//! store margin now) depends only on its holes, the same for the mirrored
//! position with the other player to move. The table gives every position
//! of at most `max_seeds` seeds on the board a slot by its rank among all
//! such hole counts (stars and bars), one byte each, filled the first time a
//! position is asked for by a full search of its moves, whose positions the
//! table answers in turn. Nothing is ever evicted: a position is searched
//! once per solve, however often the main search meets it.
//!
//! Memory: `C(max_seeds + holes, holes)` bytes; for 12 holes, 18 seeds take
//! 86 MB and 20 seeds 226 MB ([`Endgame::bytes`]).
//!
//! [`solve`]: crate::solve
//! [`solvable`]: crate::solve::solvable
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Rules};
//! use mancala_engine::endgame::Endgame;
//!
//! let mut rules = Rules::kalah();
//! rules.layout = mancala_core::Layout::two_rows(2);
//! rules.seeds = 2;
//! let game = mancala_core::Mancala::new(rules).unwrap();
//! let mut table = Endgame::new(&game, 8).unwrap();
//! // 8 seeds on the board: the table holds the start and answers exactly.
//! let value = table.value(&game).unwrap();
//! assert!(value.abs() <= 8);
//! ```

use mancala_core::{Game, Mancala, Player, Status};

use crate::solve::{margin, solvable};

/// Marks a slot not worked out yet.
const UNKNOWN: i8 = i8::MIN;

/// The endgame table of one game's rules. See the [module docs](self).
pub struct Endgame {
    max_seeds: u32,
    holes: usize,
    row_len: usize,
    /// `binomial[n][k]` for `n <= max_seeds + holes`, `k <= holes`.
    binomial: Vec<Vec<u64>>,
    values: Vec<i8>,
    computed: u64,
}

impl Endgame {
    /// The table for `game`'s rules and positions of at most `max_seeds`
    /// seeds on the board; `None` if the rules are not [`solvable`], the
    /// board is not two rows of one player each, or the table would take
    /// more than 4 GiB or a value could exceed a byte.
    pub fn new(game: &Mancala, max_seeds: u32) -> Option<Endgame> {
        let topology = game.topology();
        if !solvable(game.rules())
            || topology.players() != 2
            || !topology.is_two_row()
            || topology.row_owner(0) != Some(Player::P0)
            || topology.row_owner(1) != Some(Player::P1)
            || max_seeds > 120
        {
            return None;
        }
        let holes = topology.holes();
        let top = max_seeds as usize + holes;
        let mut binomial = vec![vec![0u64; holes + 1]; top + 1];
        for n in 0..=top {
            binomial[n][0] = 1;
            for k in 1..=holes.min(n) {
                binomial[n][k] = binomial[n - 1][k - 1].saturating_add(binomial[n - 1][k]);
            }
        }
        let slots = binomial[top][holes];
        if slots > 4 << 30 {
            return None;
        }
        Some(Endgame {
            max_seeds,
            holes,
            row_len: topology.row_len(),
            binomial,
            values: vec![UNKNOWN; usize::try_from(slots).ok()?],
            computed: 0,
        })
    }

    /// The table of [`new`](Endgame::new) with the most seeds (at most the
    /// game's total) that takes at most `bytes` bytes; `None` if even one
    /// seed does not fit or the rules do not allow a table.
    pub fn largest(game: &Mancala, bytes: usize) -> Option<Endgame> {
        let total = game.board().total().min(120);
        let holes = game.topology().holes() as u64;
        // C(seeds + holes, holes), grown one seed at a time.
        let mut size = 1u64;
        let mut seeds = 0;
        while seeds < total {
            let next = size.saturating_mul(u64::from(seeds + 1) + holes) / u64::from(seeds + 1);
            if next > bytes as u64 {
                break;
            }
            size = next;
            seeds += 1;
        }
        if seeds == 0 {
            return None;
        }
        Endgame::new(game, seeds)
    }

    /// Bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.values.len()
    }

    /// Positions worked out so far.
    pub fn computed(&self) -> u64 {
        self.computed
    }

    /// The most seeds on the board of a position in the table.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// The first player's final margin under perfect play from `game`, if
    /// it has at most [`max_seeds`](Endgame::max_seeds) seeds on the board
    /// (or is over). `game` must have the rules the table was made for.
    pub fn value(&mut self, game: &Mancala) -> Option<i64> {
        let Status::ToMove(mover) = game.status() else {
            return Some(margin(game));
        };
        if game.board().on_board() > self.max_seeds || game.board().len() != self.holes {
            return None;
        }
        let beyond = self.beyond(game, mover);
        let stores = game.board().stores();
        let banked = i64::from(stores[0]) - i64::from(stores[1]);
        Some(if mover == Player::P0 {
            banked + beyond
        } else {
            banked - beyond
        })
    }

    /// The store margin of `player` in `game`.
    fn banked(game: &Mancala, player: Player) -> i64 {
        let stores = game.board().stores();
        let (mine, other) = if player == Player::P0 {
            (stores[0], stores[1])
        } else {
            (stores[1], stores[0])
        };
        i64::from(mine) - i64::from(other)
    }

    /// The final margin of `mover` (to move in `game`) beyond his store
    /// margin now, under perfect play.
    fn beyond(&mut self, game: &Mancala, mover: Player) -> i64 {
        let index = self.index(game, mover);
        if let Some(&v) = self.values.get(index)
            && v != UNKNOWN
        {
            return i64::from(v);
        }
        let banked = Self::banked(game, mover);
        let mut best = i64::MIN;
        for &mv in game.legal_moves().iter() {
            let mut child = game.clone();
            child.play_unchecked(mv);
            let gain = Self::banked(&child, mover) - banked;
            let rest = match child.status() {
                Status::ToMove(p) if p == mover => self.beyond(&child, p),
                Status::ToMove(p) => -self.beyond(&child, p),
                _ => {
                    let m = margin(&child);
                    let final_margin = if mover == Player::P0 { m } else { -m };
                    final_margin - Self::banked(&child, mover)
                }
            };
            best = best.max(gain + rest);
        }
        if best == i64::MIN {
            // No move although the game goes on: not under solvable rules.
            best = 0;
        }
        if let Some(slot) = self.values.get_mut(index) {
            *slot = i8::try_from(best).unwrap_or(UNKNOWN);
            self.computed += 1;
        }
        best
    }

    /// The slot of `game`'s holes as `mover` sees them (his row first).
    fn index(&self, game: &Mancala, mover: Player) -> usize {
        let holes = game.board().holes();
        let split = if mover == Player::P0 { 0 } else { self.row_len };
        let (first, second) = holes.split_at(split.min(holes.len()));
        let seeds: u32 = holes.iter().map(|&c| u32::from(c)).sum();
        let n = self.holes;
        // Positions with fewer seeds come first: C(seeds - 1 + n, n) of
        // them. Then the rank of the bars of stars and bars: bar i (of
        // n - 1) after the first i + 1 holes, at position (their seeds + i).
        let mut rank = self.binom(seeds as usize + n - 1, n);
        let mut sum = 0usize;
        for (i, &c) in second.iter().chain(first).enumerate().take(n - 1) {
            sum += usize::from(c);
            rank = rank.saturating_add(self.binom(sum + i, i + 1));
        }
        usize::try_from(rank).unwrap_or(usize::MAX)
    }

    fn binom(&self, n: usize, k: usize) -> u64 {
        self.binomial
            .get(n)
            .and_then(|row| row.get(k))
            .copied()
            .unwrap_or(0)
    }
}
