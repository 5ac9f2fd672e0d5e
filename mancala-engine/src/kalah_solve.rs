//! A fast exact solver for Kalah alone: the [`solve`]r's search on a compact
//! position of its own, with an endgame table filled by the same code.
//!
//! The generic [`Solver`](crate::solve::Solver) works on any [`Game`]: each
//! node clones the game, asks it for its moves and plays them through the
//! engine's general sowing code. For Kalah (the rules of
//! [`Rules::kalah`] on two rows of up to [`MAX_HOUSES`] houses, any number of
//! seeds within [`KalahSolver::new`]'s limits, either capture rule:
//! [`supports`]) this module plays the moves itself on a [`Pos`]: the
//! houses only, as the player to move sees them (his row first), 16 bytes,
//! copied for each child. The values are relative too: the final margin of
//! the player to move beyond his store margin now (Kalah's course never
//! depends on the stores), so a position and its mirror are one position,
//! and a search is negamax.
//!
//! - **Keys**: the rank of the houses among all hole counts with as many
//!   seeds or fewer (stars and bars), exact: two positions never share an
//!   entry, so no hash collision can ever spoil the value.
//! - **Transposition table**: 64-byte buckets (one cache line) of four
//!   16-byte entries (key, lower and upper bound, best move, depth, size of
//!   the search), the entry of the smallest search replaced.
//! - **Endgame table**: every position with at most
//!   [`KalahSolver::endgame_seeds`] seeds on the board has a byte, by the same
//!   rank, worked out the first time it is met by a full search of its
//!   moves (whose positions it holds in turn) and kept for the solve:
//!   `C(seeds + holes, holes)` bytes, 86 MB for Kalah(6, ·) and 18 seeds,
//!   226 MB for 20. ([`KalahSolver::fill_endgame`] fills it all first
//!   instead: slower for a solve, which never meets most positions.)
//! - **Search**: MTD(f) after iterative deepening, as the generic solver;
//!   the table's move first and alone (often it cuts before any other child
//!   is made), then the moves that give another turn, nearest the store
//!   first (which leaves the others' extra turns in place), then captures
//!   by seeds taken, then the rest nearest the store first; enhanced
//!   transposition cutoffs only high in the tree
//!   ([`DEFAULT_ETC_SEEDS`]); the seeds on the board bound the value from
//!   both sides.
//!
//! Every move this module plays is checked against the engine's
//! ([`mancala_core`]) on random positions by its tests, and its values
//! against a plain minimax and the generic solver.
//!
//! [`solve`]: crate::solve
//! [`Game`]: mancala_core::Game
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Layout, Mancala, Rules};
//! use mancala_engine::kalah_solve::{KalahSolver, supports};
//!
//! let rules = Rules::kalah().with_houses(3).with_seeds(3);
//! assert!(supports(&rules));
//! let game = Mancala::new(rules).unwrap();
//! let mut solver = KalahSolver::new(&game, 1 << 20, 1 << 20).unwrap();
//! let solution = solver.solve(&game);
//! assert!(solution.value.abs() <= 18);
//! assert!(!solution.best.is_empty());
//! ```

use crate::limits::Timer;

use mancala_core::{Capture, Game, Layout, Mancala, Move, Player, Rules, Status};

use crate::solve::{Progress, Solution};

/// The most houses a side [`Pos`] holds.
pub const MAX_HOUSES: usize = 8;

/// A Kalah position as the player to move sees it: his houses first (in
/// sowing order, the last next to his store), then his opponent's (in
/// sowing order too); the stores are not kept. Houses past `2 * houses`
/// are always empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pos(pub [u8; 2 * MAX_HOUSES]);

/// What follows a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Next {
    /// The mover moves again in the new position.
    Again,
    /// The opponent moves: the new position is from his side.
    Other,
    /// The game is over; the seeds left count for their owners: the mover's
    /// houses minus the opponent's.
    Over(i32),
}

/// The rules a [`KalahSolver`] plays, besides the board.
#[derive(Clone, Copy, Debug)]
struct Play {
    houses: usize,
    /// A lone seed in an empty house opposite an empty one is taken
    /// anyway.
    empty_capture: bool,
}

impl Play {
    /// `pos` after its mover sows his house `house` (`0..houses`, which
    /// must hold seeds): the new position, the seeds the mover banked, what
    /// follows.
    #[inline]
    fn play(self, pos: &Pos, house: usize) -> (Pos, i32, Next) {
        let n = self.houses;
        let holes = 2 * n;
        let len = holes + 1;
        let mut p = pos.0;
        let seeds = usize::from(p[house]);
        p[house] = 0;
        let mut gain = 0i32;
        let laps = seeds / len;
        if laps > 0 {
            // Every hole and the store once a lap (u8: the totals are at
            // most 255 seeds, [`KalahSolver::new`]).
            for c in &mut p[..holes] {
                *c += laps as u8;
            }
            gain += laps as i32;
        }
        // The rest: cycle positions house + 1 ..= house + rest, where
        // 0..n are the mover's houses, n his store, n + 1..=2n the
        // opponent's houses (holes n..2n).
        let rest = seeds % len;
        let mut c = house;
        for _ in 0..rest {
            c += 1;
            if c == len {
                c = 0;
            }
            if c < n {
                p[c] += 1;
            } else if c == n {
                gain += 1;
            } else {
                p[c - 1] += 1;
            }
        }
        let last = (house + seeds) % len;
        let mut again = false;
        if last == n {
            again = true;
        } else if last < n && p[last] == 1 {
            let opposite = holes - 1 - last;
            if p[opposite] > 0 || self.empty_capture {
                gain += 1 + i32::from(p[opposite]);
                p[last] = 0;
                p[opposite] = 0;
            }
        }
        let mine: i32 = p[..n].iter().map(|&c| i32::from(c)).sum();
        let theirs: i32 = p[n..holes].iter().map(|&c| i32::from(c)).sum();
        if mine == 0 || theirs == 0 {
            return (Pos(p), gain, Next::Over(mine - theirs));
        }
        if again {
            return (Pos(p), gain, Next::Again);
        }
        let mut q = [0u8; 2 * MAX_HOUSES];
        q[..n].copy_from_slice(&p[n..holes]);
        q[n..holes].copy_from_slice(&p[..n]);
        (Pos(q), gain, Next::Other)
    }
}

/// Whether [`KalahSolver`] plays `rules`: Kalah ([`Rules::kalah`]) on two
/// rows of 1 to [`MAX_HOUSES`] houses, any seeds, either capture rule,
/// everything else as the preset.
pub fn supports(rules: &Rules) -> bool {
    let houses = rules.layout.row_len;
    if houses == 0 || usize::from(houses) > MAX_HOUSES {
        return false;
    }
    let mut kalah = Rules::kalah().with_houses(houses).with_seeds(rules.seeds);
    kalah.endless = rules.endless;
    // Either capture rule: only whether the lone seed is taken from an
    // empty file may differ from the preset.
    if let (
        Capture::Opposite {
            require_opposite, ..
        },
        Capture::Opposite {
            require_opposite: preset,
            ..
        },
    ) = (rules.capture, &mut kalah.capture)
    {
        *preset = require_opposite;
    }
    kalah.layout == Layout::two_rows(houses) && kalah == *rules
}

/// `game`'s position as its player to move sees it, with that player and
/// his store margin; `None` if the game is over or its board is not a
/// supported one.
pub fn pos_of(game: &Mancala) -> Option<(Pos, Player, i64)> {
    let Status::ToMove(mover) = game.status() else {
        return None;
    };
    let holes = game.board().holes();
    let n = holes.len() / 2;
    if n == 0 || n > MAX_HOUSES {
        return None;
    }
    let mut pos = Pos::default();
    let start = if mover == Player::P0 { 0 } else { n };
    for i in 0..2 * n {
        pos.0[i] = u8::try_from(holes[(start + i) % (2 * n)]).ok()?;
    }
    let stores = game.board().stores();
    let banked = i64::from(stores[0]) - i64::from(stores[1]);
    Some((
        pos,
        mover,
        if mover == Player::P0 { banked } else { -banked },
    ))
}

/// A callback given each [`Progress`].
type ProgressFn = Box<dyn FnMut(&Progress)>;

/// Enhanced transposition cutoffs only at nodes with more seeds on the
/// board than this, by default: near the leaves the lookups (a cache miss
/// each) cost more than the nodes they save.
pub const DEFAULT_ETC_SEEDS: u32 = 24;

/// Marks an endgame slot not worked out yet.
const UNKNOWN: i8 = i8::MIN;
/// The depth of a search to the end of the game.
const EXACT: u8 = u8::MAX;
/// No best move.
const NO_MOVE: u8 = u8::MAX;

/// A table entry: bounds on the value relative to the mover (the player
/// to move's final margin beyond his store margin).
#[derive(Clone, Copy, Default)]
struct Entry {
    /// The rank of the position plus one (0: empty).
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
    depth: u8,
    /// log2 of the nodes of the search that stored it.
    work: u8,
}

/// Four entries: one cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// The exact solver for Kalah. See the [module docs](self).
pub struct KalahSolver {
    play: Play,
    holes: usize,
    /// `base[s]`: the positions with fewer than `s` seeds.
    base: Vec<u64>,
    /// `step[i * (total + 1) + sum]`: C(sum + i, i + 1), the rank's term
    /// of bar `i` after `sum` seeds.
    step: Vec<u64>,
    total: usize,
    buckets: Vec<Bucket>,
    mask: u64,
    endgame: Vec<i8>,
    endgame_seeds: u32,
    nodes: u64,
    depth: u32,
    /// Enhanced transposition cutoffs at nodes with more seeds than this
    /// on the board.
    etc_seeds: u32,
    progress: Option<ProgressFn>,
}

impl KalahSolver {
    /// A solver for `game`'s rules (see [`supports`]) with a transposition
    /// table of at most `table_bytes` bytes (a power of two of 64-byte
    /// buckets, at least one, and no more entries than the game has
    /// positions) and an endgame table of at most
    /// `endgame_bytes` bytes (the most seeds that fit; none if 0). `None`
    /// if the rules are not supported or the game holds more than 120
    /// seeds.
    pub fn new(game: &Mancala, table_bytes: usize, endgame_bytes: usize) -> Option<KalahSolver> {
        if !supports(game.rules()) {
            return None;
        }
        let board = game.board();
        let total = (board.on_board() + board.stores_total()) as usize;
        let holes = board.holes().len();
        if total > 120 {
            return None;
        }
        // Binomials C(m, k) for m <= total + holes, k <= holes, in u128 to
        // see an overflow of the rank.
        let top = total + holes;
        let mut binomial = vec![vec![0u128; holes + 1]; top + 1];
        for m in 0..=top {
            binomial[m][0] = 1;
            for k in 1..=holes.min(m) {
                binomial[m][k] = binomial[m - 1][k - 1] + binomial[m - 1][k];
            }
        }
        if binomial[top][holes] >= 1 << 62 {
            return None;
        }
        let base = (0..=total + 1)
            .map(|s| {
                if s == 0 {
                    0
                } else {
                    binomial[s - 1 + holes][holes] as u64
                }
            })
            .collect();
        let mut step = vec![0u64; holes * (total + 1)];
        for i in 0..holes {
            for sum in 0..=total {
                step[i * (total + 1) + sum] = binomial[sum + i][i + 1] as u64;
            }
        }
        // No more entries than positions (a small board needs no big
        // table, nor the time to clear one).
        let positions = binomial[top][holes];
        let mut count = 1usize;
        while count * 2 * core::mem::size_of::<Bucket>() <= table_bytes
            && (count as u128) * 4 < positions
        {
            count *= 2;
        }
        // The endgame table: the most seeds whose positions fit.
        let mut endgame_seeds = 0u32;
        while (endgame_seeds as usize) < total
            && binomial[endgame_seeds as usize + 1 + holes][holes] <= endgame_bytes as u128
        {
            endgame_seeds += 1;
        }
        let slots = if endgame_seeds == 0 {
            0
        } else {
            binomial[endgame_seeds as usize + holes][holes] as usize
        };
        let capture = match game.rules().capture {
            Capture::Opposite {
                require_opposite, ..
            } => !require_opposite,
            _ => false,
        };
        Some(KalahSolver {
            play: Play {
                houses: holes / 2,
                empty_capture: capture,
            },
            holes,
            base,
            step,
            total,
            buckets: vec![Bucket::default(); count],
            mask: count as u64 - 1,
            endgame: vec![UNKNOWN; slots],
            endgame_seeds,
            nodes: 0,
            depth: 0,
            etc_seeds: DEFAULT_ETC_SEEDS,
            progress: None,
        })
    }

    /// The endgame table the `solve` program gives `game` by default: at
    /// most `most` bytes and a third of the seeds (a larger table takes
    /// more time to work out than it saves: on Kalah(5,4) 22 seeds of 40
    /// took five times as long as 16).
    pub fn default_endgame_bytes(game: &Mancala, most: usize) -> usize {
        let board = game.board();
        let total = u64::from(board.on_board() + board.stores_total());
        let holes = board.holes().len() as u64;
        // C(total / 3 + holes, holes), one seed at a time.
        let mut size = 1u64;
        for seeds in 1..=total / 3 {
            size = size.saturating_mul(seeds + holes) / seeds;
        }
        usize::try_from(size).unwrap_or(usize::MAX).min(most)
    }

    /// Calls `report` after each null-window search (for a progress line).
    pub fn with_progress(mut self, report: impl FnMut(&Progress) + 'static) -> KalahSolver {
        self.progress = Some(Box::new(report));
        self
    }

    /// Enhanced transposition cutoffs (each child's entry looked up before
    /// any child is searched) only at nodes with more than `seeds` seeds on
    /// the board (default [`DEFAULT_ETC_SEEDS`]; 0: everywhere).
    pub fn with_etc_seeds(mut self, seeds: u32) -> KalahSolver {
        self.etc_seeds = seeds;
        self
    }

    /// The most seeds on the board of a position in the endgame table (0:
    /// no table).
    pub fn endgame_seeds(&self) -> u32 {
        self.endgame_seeds
    }

    /// Bytes the transposition and endgame tables take.
    pub fn bytes(&self) -> (usize, usize) {
        (
            self.buckets.len() * core::mem::size_of::<Bucket>(),
            self.endgame.len(),
        )
    }

    /// Positions searched by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// `pos` after its mover sows his house `house` (`0..houses`, which
    /// must hold seeds): the new position (from the side of the player to
    /// move next, if any), the seeds the mover banked, what follows.
    pub fn play(&self, pos: &Pos, house: usize) -> (Pos, i32, Next) {
        self.play.play(pos, house)
    }

    /// The rank of `pos` among all hole counts of at most its seeds.
    #[inline]
    fn rank(&self, pos: &Pos) -> u64 {
        let stride = self.total + 1;
        let mut sum = 0usize;
        let mut rank = 0u64;
        for (i, &c) in pos.0[..self.holes - 1].iter().enumerate() {
            sum += usize::from(c);
            rank += self.step[i * stride + sum];
        }
        sum += usize::from(pos.0[self.holes - 1]);
        rank + self.base[sum]
    }

    /// The value of `pos` (the mover's final margin beyond his store
    /// margin) from the endgame table, working it out if it is not there
    /// yet; `pos` must hold at most [`endgame_seeds`](Self::endgame_seeds).
    fn endgame_value(&mut self, pos: &Pos) -> i32 {
        let index = self.rank(pos) as usize;
        let v = self.endgame[index];
        if v != UNKNOWN {
            return i32::from(v);
        }
        self.work_out(pos, index)
    }

    /// Works out the endgame slot `index` of `pos` from its children's.
    fn work_out(&mut self, pos: &Pos, index: usize) -> i32 {
        // The children's slots first, all of them, then their values: the
        // table reads are independent and overlap.
        let mut children = [(Pos::default(), 0usize, 0i32, false); MAX_HOUSES];
        let mut count = 0;
        let mut best = i32::MIN;
        for house in 0..self.play.houses {
            if pos.0[house] == 0 {
                continue;
            }
            let (child, gain, next) = self.play.play(pos, house);
            match next {
                Next::Over(rest) => best = best.max(gain + rest),
                Next::Again | Next::Other => {
                    children[count] =
                        (child, self.rank(&child) as usize, gain, next == Next::Again);
                    count += 1;
                }
            }
        }
        let mut values = [UNKNOWN; MAX_HOUSES];
        for (value, child) in values.iter_mut().zip(&children[..count]) {
            *value = self.endgame[child.1];
        }
        for (&value, &(child, slot, gain, again)) in values.iter().zip(&children[..count]) {
            let v = if value == UNKNOWN {
                self.work_out(&child, slot)
            } else {
                i32::from(value)
            };
            best = best.max(if again { gain + v } else { gain - v });
        }
        // A position with seeds on both sides has a move; values fit a
        // byte (at most 120 seeds).
        self.endgame[index] = best as i8;
        best
    }

    /// Works out every position of the endgame table now, by seeds on the
    /// board (rather than as the search meets them).
    pub fn fill_endgame(&mut self) {
        let holes = self.holes;
        let n = self.play.houses;
        for seeds in 2..=self.endgame_seeds as usize {
            // Every way of putting `seeds` seeds in the holes, both rows
            // non-empty.
            let mut pos = Pos::default();
            // Odometer over compositions: hole i holds what is left after
            // holes 0..i, the last hole the rest.
            let mut counts = vec![0usize; holes];
            counts[0] = seeds;
            loop {
                for (c, &k) in pos.0.iter_mut().zip(&counts) {
                    *c = k as u8;
                }
                if pos.0[..n].iter().any(|&c| c > 0) && pos.0[n..holes].iter().any(|&c| c > 0) {
                    let index = self.rank(&pos) as usize;
                    if self.endgame[index] == UNKNOWN {
                        self.work_out(&pos, index);
                    }
                }
                // Next composition: move one seed from the first
                // non-empty hole before the last to the hole after it,
                // gathering that hole's others back to hole 0.
                let Some(i) = (0..holes - 1).find(|&i| counts[i] > 0) else {
                    break;
                };
                let moved = counts[i] - 1;
                counts[i] = 0;
                counts[0] = moved;
                counts[i + 1] += 1;
            }
        }
    }

    /// The value of `game` (the first player's final margin) and the moves
    /// that keep it.
    pub fn solve(&mut self, game: &Mancala) -> Solution<Move> {
        let start = Timer::start();
        self.nodes = 0;
        self.depth = 0;
        let Some((pos, mover, banked)) = pos_of(game) else {
            return Solution {
                value: crate::solve::margin(game),
                best: Vec::new(),
                nodes: 0,
                elapsed: start.elapsed(),
            };
        };
        // To the first player's margin.
        let sign = if mover == Player::P0 { 1 } else { -1 };
        let mut guess = 0;
        let mut pass = 0;
        for depth in (2..24).step_by(2) {
            guess = self.mtdf(&pos, guess, depth, start, &mut pass, banked, sign);
        }
        let relative = self.mtdf(&pos, guess, EXACT, start, &mut pass, banked, sign);
        let mut best = Vec::new();
        let offset = if mover == Player::P0 {
            0
        } else {
            self.play.houses
        };
        for house in 0..self.play.houses {
            if pos.0[house] == 0 {
                continue;
            }
            // Every move is worth at most the value: does it reach it?
            if self.move_value(&pos, house, relative - 1, relative, 1, EXACT) >= relative
                && let Some(mv) = game
                    .legal_moves()
                    .iter()
                    .copied()
                    .find(|m| m.pit().map(|p| p.index()) == Some(house + offset))
            {
                best.push(mv);
            }
        }
        Solution {
            value: sign * (banked + i64::from(relative)),
            best,
            nodes: self.nodes,
            elapsed: start.elapsed(),
        }
    }

    /// MTD(f) on `pos` to `depth` plies from `guess` (relative values);
    /// progress in the first player's terms (`banked`, `sign`).
    #[allow(clippy::too_many_arguments)]
    fn mtdf(
        &mut self,
        pos: &Pos,
        guess: i32,
        depth: u8,
        start: Timer,
        pass: &mut u32,
        banked: i64,
        sign: i64,
    ) -> i32 {
        let seeds: i32 = pos.0.iter().map(|&c| i32::from(c)).sum();
        let (mut low, mut high) = (-seeds, seeds);
        let mut guess = guess.clamp(low, high);
        while low < high {
            let bound = if guess <= low { low + 1 } else { guess };
            let v = self.search(pos, bound - 1, bound, 0, depth);
            if v < bound {
                high = v;
            } else {
                low = v;
            }
            guess = v;
            *pass += 1;
            if let Some(report) = &mut self.progress {
                let (a, b) = (
                    sign * (banked + i64::from(low)),
                    sign * (banked + i64::from(high)),
                );
                report(&Progress {
                    pass: *pass,
                    searched: depth,
                    bound: sign * (banked + i64::from(bound)),
                    low: a.min(b),
                    high: a.max(b),
                    depth: self.depth,
                    nodes: self.nodes,
                    elapsed: start.elapsed(),
                });
            }
        }
        guess
    }

    /// The value of the mover's `house` in `pos`, fail-soft in
    /// `alpha..beta`.
    #[inline]
    fn move_value(
        &mut self,
        pos: &Pos,
        house: usize,
        alpha: i32,
        beta: i32,
        ply: u32,
        depth: u8,
    ) -> i32 {
        let (child, gain, next) = self.play.play(pos, house);
        self.child_value(&child, gain, next, alpha, beta, ply, depth)
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        child: &Pos,
        gain: i32,
        next: Next,
        alpha: i32,
        beta: i32,
        ply: u32,
        depth: u8,
    ) -> i32 {
        match next {
            Next::Over(rest) => {
                self.nodes += 1;
                gain + rest
            }
            Next::Again => gain + self.search(child, alpha - gain, beta - gain, ply, depth),
            Next::Other => gain - self.search(child, gain - beta, gain - alpha, ply, depth),
        }
    }

    /// The bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 30 & self.mask) as usize
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    #[inline]
    fn store(&mut self, entry: Entry) {
        let b = self.bucket(entry.key);
        let bucket = &mut self.buckets[b].0;
        let slot = match bucket.iter().position(|e| e.key == entry.key) {
            Some(i) => i,
            None => {
                // The smallest search (an empty slot is the smallest).
                let mut low = 0;
                for i in 1..bucket.len() {
                    let (e, l) = (&bucket[i], &bucket[low]);
                    if (e.key != 0, e.depth, e.work) < (l.key != 0, l.depth, l.work) {
                        low = i;
                    }
                }
                low
            }
        };
        bucket[slot] = entry;
    }

    /// Alpha-beta (negamax, relative values) to `depth` plies ([`EXACT`]:
    /// to the end; else the positions left count 0), fail-soft.
    fn search(&mut self, pos: &Pos, mut alpha: i32, mut beta: i32, ply: u32, depth: u8) -> i32 {
        self.nodes += 1;
        self.depth = self.depth.max(ply);
        let seeds: u32 = pos.0.iter().map(|&c| u32::from(c)).sum();
        let swing = seeds as i32;
        if swing <= alpha {
            return swing;
        }
        if -swing >= beta {
            return -swing;
        }
        if depth == 0 {
            return 0;
        }
        if seeds <= self.endgame_seeds {
            return self.endgame_value(pos);
        }
        let next_depth = if depth == EXACT { EXACT } else { depth - 1 };
        let key = self.rank(pos) + 1;
        let (alpha0, beta0) = (alpha, beta);
        let mut hint = NO_MOVE;
        if let Some(e) = self.probe(key) {
            hint = e.best;
            if e.depth >= depth {
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
        }
        let before = self.nodes;
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        let n = self.play.houses;
        if usize::from(hint) < n && pos.0[usize::from(hint)] > 0 {
            let v = self.move_value(pos, usize::from(hint), alpha, beta, ply + 1, next_depth);
            best = v;
            best_move = hint;
            alpha = alpha.max(v);
        }
        if alpha < beta {
            let mut children: [(Pos, i32, Next, i32, u8); MAX_HOUSES] =
                [(Pos::default(), 0, Next::Other, 0, 0); MAX_HOUSES];
            let mut count = 0;
            let etc = seeds > self.etc_seeds && depth == EXACT;
            for house in 0..n {
                if pos.0[house] == 0 || house == usize::from(hint) {
                    continue;
                }
                let (child, gain, next) = self.play.play(pos, house);
                let order = match next {
                    Next::Over(rest) => {
                        // Known at once.
                        let v = gain + rest;
                        self.nodes += 1;
                        if v > best {
                            best = v;
                            best_move = house as u8;
                        }
                        alpha = alpha.max(v);
                        if alpha >= beta {
                            break;
                        }
                        continue;
                    }
                    Next::Again => {
                        if etc && let Some(e) = self.probe(self.rank(&child) + 1) {
                            let lower = gain + i32::from(e.lower);
                            if e.depth >= next_depth && lower >= beta {
                                best = lower;
                                best_move = house as u8;
                                alpha = lower;
                                break;
                            }
                        }
                        // The nearest the store first: it leaves the others' extra
                        // turns in place.
                        (1 << 30) + house as i32
                    }
                    Next::Other => {
                        if etc && let Some(e) = self.probe(self.rank(&child) + 1) {
                            let lower = gain - i32::from(e.upper);
                            if e.depth >= next_depth && lower >= beta {
                                best = lower;
                                best_move = house as u8;
                                alpha = lower;
                                break;
                            }
                        }
                        // Captures first; then the nearest the store.
                        gain * 16 + house as i32
                    }
                };
                children[count] = (child, gain, next, order, house as u8);
                count += 1;
            }
            if alpha < beta {
                let children = &mut children[..count];
                children.sort_unstable_by_key(|c| core::cmp::Reverse(c.3));
                for &(child, gain, next, _, house) in children.iter() {
                    let v = self.child_value(&child, gain, next, alpha, beta, ply + 1, next_depth);
                    if v > best {
                        best = v;
                        best_move = house;
                    }
                    alpha = alpha.max(v);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let (lower, upper) = if best <= alpha0 {
            (-(swing), best)
        } else if best >= beta0 {
            (best, swing)
        } else {
            (best, best)
        };
        let work = (64 - (self.nodes - before).leading_zeros()) as u8;
        self.store(Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best: best_move,
            depth,
            work,
        });
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_is_a_cache_line() {
        assert_eq!(core::mem::size_of::<Bucket>(), 64);
        assert_eq!(core::mem::align_of::<Bucket>(), 64);
    }

    #[test]
    fn ranks_are_distinct_and_dense() {
        let game = Mancala::new(Rules::kalah().with_houses(2).with_seeds(2)).unwrap();
        let solver = KalahSolver::new(&game, 1 << 12, 0).unwrap();
        let mut seen = std::collections::HashSet::new();
        for a in 0..=8u8 {
            for b in 0..=8 - a {
                for c in 0..=8 - a - b {
                    for d in 0..=8 - a - b - c {
                        let mut pos = Pos::default();
                        pos.0[..4].copy_from_slice(&[a, b, c, d]);
                        let r = solver.rank(&pos);
                        assert!(r < 495, "C(12, 4) positions of at most 8 seeds");
                        assert!(seen.insert(r));
                    }
                }
            }
        }
        assert_eq!(seen.len(), 495);
    }
}
