//! An exact solver for two-player sequential games: the value of a position
//! under perfect play, as the first player's final margin.
//!
//! [`Solver`] runs MTD(f): a series of null-window alpha-beta searches to the
//! end of the game, each of which proves the value above or below a bound,
//! sharing one transposition table of bounded size. The value it finds is
//! exact (no depth limit, no evaluation function); what the table, the move
//! ordering and the bounds below change is only how long it takes.
//!
//! - **Transposition table**: two entries a bucket (one kept for the larger
//!   subtree, one always replaced), each a 64-bit key, a lower and an upper
//!   bound and the best move found. Its size is fixed when the solver is made
//!   ([`Solver::new`]), so memory stays within the bound however long the
//!   solve.
//! - **Move ordering**: the table's best move first, then moves that give the
//!   mover another turn, then the moves that bank the most for him.
//! - **Banked seeds** ([`Split`]): in a sowing game whose course does not
//!   depend on the stores (Kalah: no majority end, no repetition rule), the
//!   value of a position is the store margin so far plus the value of the
//!   holes alone, so positions that differ only in their stores share one
//!   table entry, and the seeds still on the board bound the value from both
//!   sides, which ends many searches without a move. [`mancala_split`] does
//!   this for [`Mancala`]; other games use [`Game::key`] and no bound.
//!
//! For Kalah itself, [`kalah_solve`](crate::kalah_solve) has the same
//! search on a compact position of its own, many times faster; `mancala solve`
//! uses it wherever it applies (unless `--generic`).
//!
//! Which games have a well-defined value here: those that always end, with
//! two players and sequential turns, and whose future depends only on what
//! [`Split::key`] hashes. Kalah and all its option variants qualify (their
//! games always end: every move puts a seed in a store or moves seeds towards
//! one). Oware does not: its repetition rule makes a position's value depend
//! on the history, which no key hashes; the relay games (Numercy, Mankka)
//! likewise end on repetitions or budgets; Numa's turns are simultaneous.
//! [`Solver::solve`] refuses games with other than two players or with
//! simultaneous turns, and [`solvable`] names the sowing rules it accepts.
//!
//! [`Mancala`]: mancala_core::Mancala
//!
//! # Examples
//!
//! Kalah with three houses a side and three seeds a house:
//!
//! ```
//! use mancala_core::{Mancala, Rules};
//! use mancala_engine::solve::{Solver, mancala_banked, mancala_split};
//!
//! let mut rules = Rules::kalah();
//! rules.layout = mancala_core::Layout::two_rows(3);
//! rules.seeds = 3;
//! let game = Mancala::new(rules).unwrap();
//! let mut solver = Solver::new(16 << 20).with_split(mancala_split, mancala_banked);
//! let solution = solver.solve(&game).unwrap();
//! assert!(solution.value.abs() <= 18);
//! assert!(!solution.best.is_empty());
//! ```

use std::time::Duration;

use crate::limits::Timer;

use mancala_core::{Game, Player, Status};
use smallvec::SmallVec;

use crate::table::{Table, settle};

mod split;

pub use split::{Split, UNBOUNDED, mancala_banked, mancala_split, plain_split, solvable};

/// Why a game cannot be solved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SolveError {
    /// Only two-player games have a margin to solve.
    #[error("the solver needs a two-player game, not {0} players")]
    Players(usize),
    /// A simultaneous turn: no minimax value.
    #[error("the solver needs sequential turns; this game has simultaneous ones")]
    Simultaneous,
}

/// A solved position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<A> {
    /// The first player's final margin (his score minus the other's) under
    /// perfect play.
    pub value: i64,
    /// The moves of the player to move that keep the value, in the game's
    /// order; empty if the game is over.
    pub best: Vec<A>,
    /// Positions searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// One line of progress: after each null-window search of the solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Searches done.
    pub pass: u32,
    /// The depth of this search in plies; 255 for a search to the end.
    pub searched: u8,
    /// The bound the last search tested.
    pub bound: i64,
    /// What is proved: the value lies in `low..=high`.
    pub low: i64,
    /// See `low`.
    pub high: i64,
    /// The deepest ply reached so far.
    pub depth: u32,
    /// Positions searched so far.
    pub nodes: u64,
    /// Time since the solve began.
    pub elapsed: Duration,
}

impl Progress {
    /// Whether this search went to the end of the game (not a shallow
    /// search of the iterative deepening).
    pub fn to_the_end(&self) -> bool {
        self.searched == EXACT
    }

    /// Whether the value is proved: a search to the end left one value.
    pub fn proved(&self) -> bool {
        self.to_the_end() && self.low == self.high
    }
}

impl core::fmt::Display for Progress {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        let rate = if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        };
        write!(
            f,
            "pass {} ({}): bound {}, value in [{}, {}], depth {}, {} nodes, {:.2} M nodes/s, {:.1} s",
            self.pass,
            if self.searched == EXACT {
                "to the end".to_string()
            } else {
                format!("{} plies", self.searched)
            },
            self.bound,
            self.low,
            self.high,
            self.depth,
            self.nodes,
            rate / 1e6,
            secs
        )
    }
}

/// A table entry: bounds relative to the banked margin.
#[derive(Clone, Copy, Default)]
struct Entry {
    lower: i16,
    upper: i16,
    /// Index of the best move among the legal actions, `u8::MAX` if none.
    best: u8,
    /// The depth searched: [`EXACT`] for a search to the end.
    depth: u8,
}

/// The depth of a search to the end of the game.
const EXACT: u8 = u8::MAX;

/// Values beyond what an entry holds are not stored.
///
/// (Iterative deepening: depths `ID_STEP, 2 * ID_STEP, ...` below
/// `ID_LIMIT` before the search to the end.)
const ENTRY_LIMIT: i64 = i16::MAX as i64 - 1;
const ID_STEP: u8 = 2;
const ID_LIMIT: u8 = 24;

/// A callback given each [`Progress`].
type ProgressFn = Box<dyn FnMut(&Progress)>;

/// The exact solver. See the [module docs](self).
pub struct Solver<G: Game> {
    table: Table<Entry>,
    split: fn(&G) -> Split,
    /// [`Split::banked`] alone (cheaper: no key), for move ordering.
    banked: fn(&G) -> i64,
    nodes: u64,
    depth: u32,
    progress: Option<ProgressFn>,
    endgame: Option<EndgameFn<G>>,
}

/// An endgame table: the exact value of a position, where it has one.
type EndgameFn<G> = Box<dyn FnMut(&G) -> Option<i64>>;

impl<G: Game + Clone> Solver<G> {
    /// A solver whose transposition table takes at most `table_bytes`
    /// bytes (rounded down to a power of two of buckets, at least one),
    /// keyed by [`plain_split`].
    pub fn new(table_bytes: usize) -> Solver<G> {
        Solver {
            table: Table::new(table_bytes),
            split: plain_split::<G>,
            banked: |_| 0,
            nodes: 0,
            depth: 0,
            progress: None,
            endgame: None,
        }
    }

    /// Uses `split` to key positions and bound their values, and `banked`,
    /// which must equal `split(game).banked`, to order moves (for sowing
    /// games, [`mancala_split`] and [`mancala_banked`]).
    pub fn with_split(mut self, split: fn(&G) -> Split, banked: fn(&G) -> i64) -> Solver<G> {
        self.split = split;
        self.banked = banked;
        self
    }

    /// Asks `table` for the exact value (the first player's final margin)
    /// of every position searched, and takes it where it gives one: an
    /// endgame table such as [`Endgame`](crate::endgame::Endgame).
    pub fn with_endgame(mut self, table: impl FnMut(&G) -> Option<i64> + 'static) -> Solver<G> {
        self.endgame = Some(Box::new(table));
        self
    }

    /// Calls `report` after each null-window search (for a progress line).
    pub fn with_progress(mut self, report: impl FnMut(&Progress) + 'static) -> Solver<G> {
        self.progress = Some(Box::new(report));
        self
    }

    /// Positions searched by the last solve.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `game` and the moves that keep it. The table is kept
    /// between solves (a second solve of a related position is faster).
    ///
    /// # Errors
    ///
    /// [`SolveError`] for a game with other than two players or a
    /// simultaneous turn (at the root; a simultaneous turn met deeper
    /// counts as the end of the game).
    pub fn solve(&mut self, game: &G) -> Result<Solution<G::Action>, SolveError> {
        if game.player_count() != 2 {
            return Err(SolveError::Players(game.player_count()));
        }
        if matches!(game.status(), Status::Simultaneous(_)) {
            return Err(SolveError::Simultaneous);
        }
        let start = Timer::start();
        self.nodes = 0;
        self.depth = 0;
        // Iterative deepening: shallow searches scored by the banked margin
        // fill the table with good first moves and give a first guess; the
        // last search goes to the end.
        let mut guess = (self.split)(game).banked;
        let mut pass = 0;
        for depth in (ID_STEP..ID_LIMIT).step_by(usize::from(ID_STEP)) {
            guess = self.mtdf(game, guess, depth, start, &mut pass);
        }
        let value = self.mtdf(game, guess, EXACT, start, &mut pass);
        let best = self.best_moves(game, value);
        Ok(Solution {
            value,
            best,
            nodes: self.nodes,
            elapsed: start.elapsed(),
        })
    }

    /// The value of `game` searched to `depth` plies ([`EXACT`]: to the
    /// end) by MTD(f) from `guess`.
    fn mtdf(&mut self, game: &G, guess: i64, depth: u8, start: Timer, pass: &mut u32) -> i64 {
        let split = (self.split)(game);
        let mut mtdf = Mtdf::new(
            split.banked.saturating_sub(split.swing),
            split.banked.saturating_add(split.swing),
            guess,
        );
        while let Some(bound) = mtdf.bound() {
            let v = self.search(game, bound - 1, bound, 0, depth);
            mtdf.take(bound, v);
            *pass += 1;
            let progress = Progress {
                pass: *pass,
                searched: depth,
                bound,
                low: mtdf.low,
                high: mtdf.high,
                depth: self.depth,
                nodes: self.nodes,
                elapsed: start.elapsed(),
            };
            if let Some(report) = &mut self.progress {
                report(&progress);
            }
        }
        mtdf.value()
    }

    /// The legal actions of the player to move whose value is `value`.
    fn best_moves(&mut self, game: &G, value: i64) -> Vec<G::Action> {
        let Status::ToMove(player) = game.status() else {
            return Vec::new();
        };
        let mut best = Vec::new();
        for &action in game.legal_actions(player).iter() {
            let mut child = game.clone();
            let Ok(mv) = child.joint_move(&[(player, action)]) else {
                continue;
            };
            child.play_unchecked(mv);
            // Every child is at most (for the first player; at least for the
            // second) the value: test whether it reaches it.
            let keeps = if player == Player::P0 {
                self.search(&child, value - 1, value, 1, EXACT) >= value
            } else {
                self.search(&child, value, value + 1, 1, EXACT) <= value
            };
            if keeps {
                best.push(action);
            }
        }
        best
    }

    /// Alpha-beta to `depth` plies ([`EXACT`]: to the end of the game,
    /// else scoring the positions left by their banked margin), fail-soft:
    /// the first player's final margin if it lies strictly between `alpha`
    /// and `beta`, else a bound on the side the window was left.
    fn search(&mut self, game: &G, mut alpha: i64, mut beta: i64, ply: u32, depth: u8) -> i64 {
        self.nodes += 1;
        self.depth = self.depth.max(ply);
        let player = match game.status() {
            Status::ToMove(p) => p,
            _ => return margin(game),
        };
        let split = (self.split)(game);
        if depth == 0 {
            return split.banked;
        }
        // The seeds on the board bound the value from both sides (the
        // banked margin of every later position too).
        let (most, least) = (
            split.banked.saturating_add(split.swing),
            split.banked.saturating_sub(split.swing),
        );
        if most <= alpha {
            return most;
        }
        if least >= beta {
            return least;
        }
        if let Some(table) = &mut self.endgame
            && let Some(value) = table(game)
        {
            return value;
        }
        let window = (alpha, beta);
        let entry = self.table.probe(split.key);
        let hint = entry.map_or(u8::MAX, |e| e.best);
        if let Some((lower, upper)) = entry.and_then(|e| Self::entry_bounds(e, &split, depth))
            && let Some(v) = settle(lower, upper, &mut alpha, &mut beta)
        {
            return v;
        }
        let before = self.nodes;
        let maximizing = player == Player::P0;
        let mut node = Node {
            player,
            alpha,
            beta,
            ply: ply + 1,
            depth: if depth == EXACT { EXACT } else { depth - 1 },
            best: if maximizing { i64::MIN } else { i64::MAX },
            best_index: u8::MAX,
            window,
        };
        if let Some(value) = self.moves(game, &split, hint, &mut node) {
            return value;
        }
        if node.best_index == u8::MAX {
            return margin(game);
        }
        if let Some((lower, upper)) = node.proved(&split) {
            // Kept by depth, then by the size of the search (its log2).
            let work = 64 - (self.nodes - before).leading_zeros() as u16;
            let entry = Entry {
                lower,
                upper,
                best: node.best_index,
                depth,
            };
            self.table
                .store(split.key, u16::from(depth) << 8 | work, entry);
        }
        node.best
    }

    /// Searches the moves of `node`'s player in `game` (of `split`) into
    /// `node`, until one cuts: the table's move (`hint`) first, alone (it
    /// often ends the search before the other children are made); then the
    /// others, extra turns first, then the most banked. `Some` value to
    /// answer at once: the first player's margin if the player has no move
    /// (which cannot happen in the games solved: it counts as the end), or
    /// the bound of a child the table already proves good enough (an
    /// enhanced transposition cutoff).
    #[inline]
    fn moves(&mut self, game: &G, split: &Split, hint: u8, node: &mut Node) -> Option<i64> {
        let player = node.player;
        let actions = game.legal_actions(player);
        if actions.is_empty() {
            return Some(margin(game));
        }
        if let Some(&action) = actions.get(usize::from(hint))
            && let Some(child) = Self::child(game, player, action)
        {
            let v = self.search(&child, node.alpha, node.beta, node.ply, node.depth);
            node.best = v;
            node.best_index = hint;
            if node.narrow(v) {
                return None;
            }
        }
        let maximizing = node.maximizing();
        let mut children: SmallVec<[(G, i64, u8); 8]> = SmallVec::new();
        for (i, &action) in actions.iter().enumerate() {
            if i == usize::from(hint) {
                continue;
            }
            let Some(child) = Self::child(game, player, action) else {
                continue;
            };
            if child.to_move().is_some()
                && let Some((lower, upper)) = self.bounds(&(self.split)(&child), node.depth)
            {
                if maximizing && lower >= node.beta {
                    return Some(lower);
                }
                if !maximizing && upper <= node.alpha {
                    return Some(upper);
                }
            }
            let gain = (self.banked)(&child) - split.banked;
            let gain = if maximizing { gain } else { -gain };
            let again = child.to_move() == Some(player);
            let order = gain + if again { 1 << 20 } else { 0 };
            children.push((child, order, i as u8));
        }
        children.sort_by_key(|c| core::cmp::Reverse(c.1));
        for (child, _, index) in &children {
            let v = self.search(child, node.alpha, node.beta, node.ply, node.depth);
            if node.take(v, *index) {
                break;
            }
        }
        None
    }
}

/// A node being searched: its player, its children's window (narrowed as
/// they are searched), ply and depth, and its best move so far.
struct Node {
    player: Player,
    alpha: i64,
    beta: i64,
    ply: u32,
    depth: u8,
    best: i64,
    /// Its index among the legal actions, `u8::MAX` if none yet.
    best_index: u8,
    /// The node's own window, before the table narrowed it.
    window: (i64, i64),
}

impl Node {
    /// Whether the player maximises the first player's margin.
    #[inline]
    fn maximizing(&self) -> bool {
        self.player == Player::P0
    }

    /// Narrows the window by a child's value `v`: whether it closed (a
    /// cut).
    #[inline]
    fn narrow(&mut self, v: i64) -> bool {
        if self.maximizing() {
            self.alpha = self.alpha.max(v);
        } else {
            self.beta = self.beta.min(v);
        }
        self.alpha >= self.beta
    }

    /// What the search proved of the node's value, as a table entry of
    /// `split` holds it: bounds relative to the banked margin, for the
    /// mirrored position if `split` is mirrored; `None` for values beyond
    /// what an entry holds.
    fn proved(&self, split: &Split) -> Option<(i16, i16)> {
        let relative = self.best - split.banked;
        if relative.abs() > ENTRY_LIMIT {
            return None;
        }
        let r = relative as i16;
        let (lower, upper) = if self.best <= self.window.0 {
            (-i16::MAX, r)
        } else if self.best >= self.window.1 {
            (r, i16::MAX)
        } else {
            (r, r)
        };
        Some(if split.mirrored {
            (-upper, -lower)
        } else {
            (lower, upper)
        })
    }

    /// Takes `v`, the value of the action of index `index`: whether it
    /// cuts.
    #[inline]
    fn take(&mut self, v: i64, index: u8) -> bool {
        let better = if self.maximizing() {
            v > self.best
        } else {
            v < self.best
        };
        if better {
            self.best = v;
            self.best_index = index;
        }
        self.narrow(v)
    }
}

impl<G: Game + Clone> Solver<G> {
    /// The bounds the table holds on the value of the position of `split`
    /// from a search of at least `depth`.
    fn bounds(&self, split: &Split, depth: u8) -> Option<(i64, i64)> {
        Self::entry_bounds(self.table.probe(split.key)?, split, depth)
    }

    /// The bounds of `entry`, the entry of `split`'s key, if its search
    /// went at least `depth` deep.
    fn entry_bounds(entry: Entry, split: &Split, depth: u8) -> Option<(i64, i64)> {
        if entry.depth < depth {
            return None;
        }
        // Stored for the mirrored position: negated, bounds swapped.
        let (lower, upper) = if split.mirrored {
            (-i64::from(entry.upper), -i64::from(entry.lower))
        } else {
            (i64::from(entry.lower), i64::from(entry.upper))
        };
        Some((split.banked + lower, split.banked + upper))
    }

    /// `game` after `player`'s `action`.
    fn child(game: &G, player: Player, action: G::Action) -> Option<G> {
        let mv = game.joint_move(&[(player, action)]).ok()?;
        let mut child = game.clone();
        child.play_unchecked(mv);
        Some(child)
    }
}

/// MTD(f)'s range of the value: null-window searches, each at a bound,
/// from a first guess, each narrowing the range until it closes on the
/// value. Both solvers' driver.
pub(crate) struct Mtdf<T> {
    /// The value is at least this...
    pub(crate) low: T,
    /// ... and at most this.
    pub(crate) high: T,
    guess: T,
}

impl<T: Copy + Ord + core::ops::Add<Output = T> + From<i8>> Mtdf<T> {
    /// The range `low..=high`, searched from `guess` (clamped to it).
    pub(crate) fn new(low: T, high: T, guess: T) -> Mtdf<T> {
        Mtdf {
            low,
            high,
            guess: guess.clamp(low, high),
        }
    }

    /// The bound the next search tests (whether the value is below it or
    /// not), or `None` once the range has closed.
    pub(crate) fn bound(&self) -> Option<T> {
        (self.low < self.high).then(|| {
            if self.guess <= self.low {
                self.low + T::from(1)
            } else {
                self.guess
            }
        })
    }

    /// Takes `v`, the fail-soft value the null-window search at `bound`
    /// found.
    ///
    /// Searches to the end agree with each other, so the bounds meet at
    /// the value; a shallow search may contradict an earlier one (its
    /// table entries come from searches of other depths): its last value
    /// is then its guess.
    pub(crate) fn take(&mut self, bound: T, v: T) {
        if v < bound {
            self.high = v;
        } else {
            self.low = v;
        }
        self.guess = v;
    }

    /// The value found: the last search's (the range's one value once it
    /// has closed, if it was not already closed at the start).
    pub(crate) fn value(&self) -> T {
        self.guess
    }
}

/// The first player's margin now: his score minus the other's.
pub fn margin<G: Game>(game: &G) -> i64 {
    let scores = game.scores();
    let s = scores.as_slice();
    let get = |i: usize| i64::try_from(s.get(i).copied().unwrap_or(0)).unwrap_or(i64::MAX / 4);
    get(0) - get(1)
}

/// The default endgame table of [`KalahSolver`](crate::kalah_solve::KalahSolver)
/// in MiB, at most (see
/// [`default_endgame_bytes`](crate::kalah_solve::KalahSolver::default_endgame_bytes)):
/// with the default transposition table, within 2 GiB.
pub const DEFAULT_KALAH_ENDGAME_MB: usize = 32;
