//! The solver's search: MTD(f) over null-window alpha-beta searches
//! (negamax on values relative to the mover), with the table's bounds and
//! move, move ordering and enhanced transposition cutoffs.

use super::buckets::Entry;
use super::{EXACT, KalahSolver, MAX_HOUSES, NO_MOVE, Next, Pos};
use crate::limits::Timer;
use crate::solve::{Mtdf, Progress};
use crate::table::settle;

/// The passes of one solve: when it began (`start`), the null-window
/// searches done (`count`), and what turns its relative values into the
/// first player's for the progress reports: the root mover's store margin
/// (`banked`), and `sign`, 1 if he is the first player, else -1.
pub(super) struct Passes {
    pub(super) start: Timer,
    pub(super) count: u32,
    pub(super) banked: i64,
    pub(super) sign: i64,
}

impl Passes {
    /// The first player's margin of the root's relative value `v`.
    fn first(&self, v: i32) -> i64 {
        self.sign * (self.banked + i64::from(v))
    }
}

/// The window in which a node's children are searched, and how deep.
#[derive(Clone, Copy)]
pub(super) struct Window {
    /// Fail-soft bounds `alpha..beta` on the value for the node's mover.
    pub(super) alpha: i32,
    pub(super) beta: i32,
    /// The children's ply, and the plies they are searched to ([`EXACT`]:
    /// to the end).
    pub(super) ply: u32,
    pub(super) depth: u8,
}

/// A node being searched: its children's window (its lower end raised as
/// they are searched) and its best move so far.
struct Node {
    window: Window,
    best: i32,
    best_move: u8,
}

impl Node {
    /// Takes `v`, the value of the mover's house `house`: whether it
    /// reaches the top of the window (a cut).
    #[inline]
    fn take(&mut self, v: i32, house: u8) -> bool {
        if v > self.best {
            self.best = v;
            self.best_move = house;
        }
        self.window.alpha = self.window.alpha.max(v);
        self.window.alpha >= self.window.beta
    }
}

impl KalahSolver {
    /// MTD(f) on `pos` to `depth` plies from `guess` (relative values);
    /// each pass reported in the first player's terms.
    pub(super) fn mtdf(&mut self, pos: &Pos, guess: i32, depth: u8, passes: &mut Passes) -> i32 {
        let seeds: i32 = pos.0.iter().map(|&c| i32::from(c)).sum();
        let mut mtdf = Mtdf::new(-seeds, seeds, guess);
        while let Some(bound) = mtdf.bound() {
            let v = self.search(pos, bound - 1, bound, 0, depth);
            mtdf.take(bound, v);
            passes.count += 1;
            if let Some(report) = &mut self.progress {
                let (a, b) = (passes.first(mtdf.low), passes.first(mtdf.high));
                report(&Progress {
                    pass: passes.count,
                    searched: depth,
                    bound: passes.first(bound),
                    low: a.min(b),
                    high: a.max(b),
                    depth: self.depth,
                    nodes: self.nodes,
                    elapsed: passes.start.elapsed(),
                });
            }
        }
        mtdf.value()
    }

    /// The value of the mover's `house` in `pos`, fail-soft in `window`.
    #[inline]
    pub(super) fn move_value(&mut self, pos: &Pos, house: usize, window: Window) -> i32 {
        let (child, gain, next) = self.play.play(pos, house);
        self.child_value(&child, gain, next, window)
    }

    /// The value for the mover of a move to `child` that banked `gain`,
    /// `next` following, fail-soft in `window`.
    #[inline]
    fn child_value(&mut self, child: &Pos, gain: i32, next: Next, window: Window) -> i32 {
        let Window {
            alpha,
            beta,
            ply,
            depth,
        } = window;
        match next {
            Next::Over(rest) => {
                self.nodes += 1;
                gain + rest
            }
            Next::Again => gain + self.search(child, alpha - gain, beta - gain, ply, depth),
            Next::Other => gain - self.search(child, gain - beta, gain - alpha, ply, depth),
        }
    }

    /// Alpha-beta (negamax, relative values) to `depth` plies ([`EXACT`]:
    /// to the end; else the positions left count 0), fail-soft.
    pub(super) fn search(
        &mut self,
        pos: &Pos,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
        depth: u8,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.halt.next_check && self.halt.reached(self.nodes) {
            return 0;
        }
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
        // Near the endgame table a search to the end is cheaper than the
        // cache miss of a table entry: no entry is looked up or stored. (A
        // search to a depth keeps them: it needs their moves to order the
        // next depth's.)
        let tabled = depth != EXACT || seeds > self.tabled_above();
        let key = if tabled { self.rank(pos) + 1 } else { 0 };
        let (alpha0, beta0) = (alpha, beta);
        let mut hint = NO_MOVE;
        if tabled && let Some(e) = self.table.probe(key) {
            hint = e.best;
            if e.depth >= depth
                && let Some(v) = settle(
                    i32::from(e.lower),
                    i32::from(e.upper),
                    &mut alpha,
                    &mut beta,
                )
            {
                return v;
            }
        }
        let before = self.nodes;
        let window = Window {
            alpha,
            beta,
            ply: ply + 1,
            depth: if depth == EXACT { EXACT } else { depth - 1 },
        };
        let mut node = Node {
            window,
            best: i32::MIN,
            best_move: NO_MOVE,
        };
        let etc = seeds > self.etc_seeds && depth == EXACT;
        self.moves(pos, swing, hint, etc, &mut node);
        // A stopped timed search's value is worthless: kept out of the table.
        if self.halt.stopped {
            return 0;
        }
        let best = node.best;
        if !tabled {
            return best;
        }
        let (lower, upper) = if best <= alpha0 {
            (-(swing), best)
        } else if best >= beta0 {
            (best, swing)
        } else {
            (best, best)
        };
        let work = (64 - (self.nodes - before).leading_zeros()) as u8;
        self.table.store(Entry {
            key,
            lower: lower as i8,
            upper: upper as i8,
            best: node.best_move,
            depth,
            work,
            // `store` stamps it with the age of the search under way.
            age: 0,
        });
        best
    }

    /// Searches the mover's moves in `pos` (`seeds` on the board) into
    /// `node`, until one cuts: the table's move (`hint`) first and alone
    /// (it often cuts before any
    /// other child is made); then those whose value is known at once: the
    /// moves that end the game, and (unless the children are searched to
    /// no depth) those to a child the endgame table holds; then,
    /// with `etc`, any whose child the table already proves good enough;
    /// then the rest in order: the moves that give another turn, nearest
    /// the store first (which leaves the others' extra turns in place),
    /// then captures by seeds taken, then the rest nearest the store first.
    #[inline]
    fn moves(&mut self, pos: &Pos, seeds: i32, hint: u8, etc: bool, node: &mut Node) {
        if usize::from(hint) < self.play.houses && pos.0[usize::from(hint)] > 0 {
            let v = self.move_value(pos, usize::from(hint), node.window);
            node.best = v;
            node.best_move = hint;
            node.window.alpha = node.window.alpha.max(v);
            if node.window.alpha >= node.window.beta {
                return;
            }
        }
        let mut children: [(Pos, i32, Next, i32, u8); MAX_HOUSES] =
            [(Pos::default(), 0, Next::Other, 0, 0); MAX_HOUSES];
        let mut count = 0;
        // Whether the children are searched at all (a child holds `seeds`
        // less the mover's gain).
        let searched = node.window.depth > 0;
        for house in 0..self.play.houses {
            if pos.0[house] == 0 || house == usize::from(hint) {
                continue;
            }
            let (child, gain, next) = self.play.play(pos, house);
            let order = match next {
                Next::Over(rest) => {
                    // Known at once.
                    self.nodes += 1;
                    if node.take(gain + rest, house as u8) {
                        return;
                    }
                    continue;
                }
                _ if searched && (seeds - gain) as u32 <= self.endgame_seeds => {
                    // Known at once too, from the endgame table.
                    self.nodes += 1;
                    let v = self.endgame_value(&child);
                    let v = if next == Next::Again {
                        gain + v
                    } else {
                        gain - v
                    };
                    if node.take(v, house as u8) {
                        return;
                    }
                    continue;
                }
                Next::Again => (1 << 30) + house as i32,
                Next::Other => gain * 16 + house as i32,
            };
            if etc
                && (seeds - gain) as u32 > self.tabled_above()
                && let Some(lower) = self.proven(&child, gain, next, node.window.depth)
                && lower >= node.window.beta
            {
                node.take(lower, house as u8);
                return;
            }
            children[count] = (child, gain, next, order, house as u8);
            count += 1;
        }
        let children = &mut children[..count];
        children.sort_unstable_by_key(|c| core::cmp::Reverse(c.3));
        for &(child, gain, next, _, house) in children.iter() {
            let v = self.child_value(&child, gain, next, node.window);
            if node.take(v, house) {
                break;
            }
        }
    }

    /// The most seeds on the board of a position a search to the end
    /// keeps out of the transposition table.
    #[inline]
    fn tabled_above(&self) -> u32 {
        self.endgame_seeds.saturating_add(self.tt_margin)
    }

    /// The lower bound the table proves on the mover's value of a move to
    /// `child` that banked `gain`, `next` following ([`Next::Again`] or
    /// [`Next::Other`]), from a search of at least `depth` plies.
    #[inline]
    fn proven(&self, child: &Pos, gain: i32, next: Next, depth: u8) -> Option<i32> {
        let e = self.table.peek(self.rank(child) + 1)?;
        if e.depth < depth {
            return None;
        }
        Some(if next == Next::Again {
            gain + i32::from(e.lower)
        } else {
            gain - i32::from(e.upper)
        })
    }
}
