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
//!   is made), then the moves whose value is known at once (those that end
//!   the game, and those to a position the endgame table holds), then the
//!   moves that give another turn, nearest the store
//!   first (which leaves the others' extra turns in place), then captures
//!   by seeds taken, then the rest nearest the store first; the seeds on
//!   the board bound the value from both sides (the futility bound of
//!   mancala, which is exact).
//! - **Memory, not nodes, is what a solve waits on**: each look-up in a
//!   table of gigabytes is a cache miss, dearer than searching a small
//!   subtree. So the transposition table is left out just above the
//!   endgame table ([`DEFAULT_TT_MARGIN`]), and enhanced transposition
//!   cutoffs (each child's entry looked up before any is searched) are off
//!   unless asked for ([`DEFAULT_ETC_SEEDS`]): on Kalah(6,5) with a
//!   25-seed table they saved 5% of the nodes and cost 33% of the time.
//!
//! Every move this module plays is checked against the engine's
//! ([`mancala_core`]) on random positions by its tests, and its values
//! against a plain minimax and the generic solver.
//!
//! [`solve`]: crate::solve
//! [`Game`]: mancala_core::Game
//! [`Rules::kalah`]: mancala_core::Rules::kalah
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

use mancala_core::{Game, Mancala, Move, Player, rules::Capture};

use crate::limits::Timer;
use crate::solve::{Progress, Solution};

mod buckets;
mod play;
mod ranks;
mod search;
mod slots;
mod timed;

use buckets::{Bucket, Buckets};
pub(crate) use play::Play;
pub use play::{MAX_HOUSES, Next, Pos, pos_of, supports};
pub(crate) use ranks::{Binomials, Ranks, each_in_layer, in_play};
#[cfg(not(target_family = "wasm"))]
pub(crate) use ranks::{each_with_tail, tails};
use search::{Passes, Window};
pub(crate) use slots::Slots;
#[cfg(not(target_family = "wasm"))]
pub(crate) use slots::UNKNOWN;

/// A callback given each [`Progress`].
type ProgressFn = Box<dyn FnMut(&Progress)>;

/// Enhanced transposition cutoffs only at nodes with more seeds on the
/// board than this, by default: never. Their look-ups (a cache miss each)
/// cost more than the nodes they save: Kalah(6,5) with the empty-capture
/// rule and a 25-seed tablebase took 377 s with them above 24 seeds, 287 s
/// above 40 and 284 s without.
pub const DEFAULT_ETC_SEEDS: u32 = u32::MAX;

/// In searches to the end, the transposition table only at nodes with
/// more than this many seeds beyond the endgame table's on the board, by
/// default ([`KalahSolver::with_tt_margin`]). On Kalah(6,5) with the
/// empty-capture rule and a 25-seed tablebase: 358 s with 2, 284 s with 4,
/// 397 s with 8; on Kalah(6,4) standard with a 20-seed one, 22.9 s with
/// none (every node tabled) and 17.7 s with 4.
pub const DEFAULT_TT_MARGIN: u32 = 4;

/// A solve's searches to a depth before its search to the end, by
/// default ([`KalahSolver::with_deepening`]): to 2, 4, ... 22 plies, on
/// positions of more than [`DEEPENING_SEEDS`] seeds beyond the endgame
/// table's on the board; else none.
pub const DEFAULT_DEEPENING: u32 = 24;

/// The seeds beyond the endgame table's above which a solve searches to
/// a depth first, by default. Far from the table the searches' values
/// and moves guide the search to the end: Kalah(6,5) with the
/// empty-capture rule and a 25-seed tablebase (35 seeds beyond it) took
/// 1.19 G nodes with them and 1.83 G without. Near it they cost more
/// than they guide: on twelve Kalah(6,4) positions of plies 5 to 8 and
/// the starts (at most 23 seeds beyond the same tables), they took 0.95
/// to 4.3 times the nodes (10.3 M against 5.9 M at the standard start).
pub const DEEPENING_SEEDS: u32 = 30;

/// The depth of a search to the end of the game.
const EXACT: u8 = u8::MAX;
/// No best move.
const NO_MOVE: u8 = u8::MAX;

/// The exact solver for Kalah. See the [module docs](self).
pub struct KalahSolver {
    play: Play,
    ranks: Ranks,
    table: Buckets,
    endgame: std::sync::Arc<Slots>,
    /// A tablebase opened, or in the compact entry, answering in place of
    /// `endgame`.
    #[cfg(not(target_family = "wasm"))]
    endgame_file: Option<crate::tablebase::Values>,
    endgame_seeds: u32,
    nodes: u64,
    depth: u32,
    /// Enhanced transposition cutoffs at nodes with more seeds than this
    /// on the board.
    etc_seeds: u32,
    /// The transposition table only at nodes with more than this many
    /// seeds beyond `endgame_seeds` on the board.
    tt_margin: u32,
    /// A solve searches to 2, 4, ... plies below this before the end
    /// (`None`: by the seeds, [`DEFAULT_DEEPENING`]).
    deepening: Option<u32>,
    progress: Option<ProgressFn>,
    /// The limits of a timed search ([`search_within`](Self::search_within)).
    halt: timed::Halt,
}

impl KalahSolver {
    /// The transposition table a search within `limits` is given: 16 MiB,
    /// or for a search limited to `n` positions 64 bytes (one bucket) for
    /// each, at least 64 KiB: the memory a search takes follows the work
    /// its caller allows.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::Limits;
    /// use mancala_engine::kalah_solve::KalahSolver;
    ///
    /// assert_eq!(KalahSolver::table_bytes_within(&Limits::depth(9)), 16 << 20);
    /// assert_eq!(KalahSolver::table_bytes_within(&Limits::nodes(3_000)), 192_000);
    /// assert_eq!(KalahSolver::table_bytes_within(&Limits::nodes(10)), 64 << 10);
    /// ```
    pub fn table_bytes_within(limits: &crate::Limits) -> usize {
        const MOST: usize = 16 << 20;
        limits.nodes.map_or(MOST, |n| {
            usize::try_from(n.saturating_mul(64))
                .unwrap_or(MOST)
                .clamp(64 << 10, MOST)
        })
    }

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
        let binomial = Binomials::new(total, holes)?;
        let (endgame_seeds, slots) = binomial.endgame(endgame_bytes);
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
            ranks: binomial.ranks(),
            table: Buckets::new(binomial.buckets(table_bytes, core::mem::size_of::<Bucket>())),
            endgame: std::sync::Arc::new(Slots::unknown(slots)),
            #[cfg(not(target_family = "wasm"))]
            endgame_file: None,
            endgame_seeds,
            nodes: 0,
            depth: 0,
            etc_seeds: DEFAULT_ETC_SEEDS,
            tt_margin: DEFAULT_TT_MARGIN,
            deepening: None,
            progress: None,
            halt: timed::Halt::never(),
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

    /// Answers the positions of up to `table`'s seeds on the board from
    /// the tablebase instead of an endgame table worked out as the search
    /// meets them (which is dropped): [`endgame_seeds`](Self::endgame_seeds)
    /// becomes the table's (at most the game's seeds).
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Unsupported`](crate::tablebase::TablebaseError::Unsupported)
    /// if the table is of another board or
    /// capture rule than the game's.
    #[cfg(not(target_family = "wasm"))]
    pub fn with_tablebase(
        mut self,
        table: &crate::tablebase::Tablebase,
    ) -> Result<KalahSolver, crate::tablebase::TablebaseError> {
        let ours = crate::tablebase::Kind {
            houses: self.play.houses as u8,
            empty_capture: self.play.empty_capture,
        };
        if table.kind() != ours {
            return Err(crate::tablebase::TablebaseError::Unsupported(format!(
                "this game with the table of {:?} (the game is {ours:?})",
                table.kind()
            )));
        }
        let (_, seeds, values) = table.parts();
        match values {
            crate::tablebase::Values::Memory(slots) => self.endgame = slots,
            values => {
                self.endgame = std::sync::Arc::new(Slots::unknown(0));
                self.endgame_file = Some(values);
            }
        }
        self.endgame_seeds = seeds.min(self.ranks.total as u32);
        Ok(self)
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

    /// In searches to the end, the transposition table only at nodes with
    /// more than `seeds` seeds on the board beyond
    /// [`endgame_seeds`](Self::endgame_seeds) (default
    /// [`DEFAULT_TT_MARGIN`]; 0: at every node the endgame table does not
    /// answer). Closer to the endgame table a node's search is cheaper
    /// than the cache miss of looking its entry up. (The timed search,
    /// [`search_within`](Self::search_within), keeps every entry: each
    /// depth orders its moves by the last depth's.)
    pub fn with_tt_margin(mut self, seeds: u32) -> KalahSolver {
        self.tt_margin = seeds;
        self
    }

    /// A [`solve`](Self::solve) first searches to 2, 4, ... plies below
    /// `plies` (0: not at all), each search's value the next one's first
    /// guess and the exact search's, its table entries their moves'
    /// order. At most 254 plies count. By default
    /// [`DEFAULT_DEEPENING`] on positions of more than
    /// [`DEEPENING_SEEDS`] seeds beyond the endgame table's, else none.
    pub fn with_deepening(mut self, plies: u32) -> KalahSolver {
        self.deepening = Some(plies.min(u32::from(EXACT)));
        self
    }

    /// The most seeds on the board of a position in the endgame table (0:
    /// no table).
    pub fn endgame_seeds(&self) -> u32 {
        self.endgame_seeds
    }

    /// Bytes the transposition and endgame tables take.
    pub fn bytes(&self) -> (usize, usize) {
        (self.table.bytes(), self.endgame.len())
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
        self.ranks.rank(pos)
    }

    /// The value of `pos` (the mover's final margin beyond his store
    /// margin) from the endgame table, working it out if it is not there
    /// yet; `pos` must hold at most [`endgame_seeds`](Self::endgame_seeds).
    ///
    /// From an opened tablebase, a value that cannot be read counts 0: the
    /// table keeps the fault, and the search's answer is void
    /// ([`Tablebase::fault`](crate::tablebase::Tablebase::fault), which
    /// its caller asks). A compact table in memory was checked against its
    /// checksum as it was read (or made here); a value it cannot be (a file
    /// forged with a checksum to match) counts 0 too, with no fault kept.
    fn endgame_value(&self, pos: &Pos) -> i32 {
        #[cfg(not(target_family = "wasm"))]
        if let Some(table) = &self.endgame_file {
            let seeds: i32 = pos.0.iter().map(|&c| i32::from(c)).sum();
            return table.value(self.rank(pos), seeds).unwrap_or(0);
        }
        let index = self.rank(pos) as usize;
        self.endgame.value(self.play, &self.ranks, pos, index)
    }

    /// Works out every position of the endgame table now, by seeds on the
    /// board (rather than as the search meets them).
    pub fn fill_endgame(&mut self) {
        for seeds in 2..=self.endgame_seeds as usize {
            each_in_layer(self.play.houses, seeds, |pos| {
                if in_play(self.play.houses, pos) {
                    let _ = self.endgame_value(pos);
                }
            });
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
        let mut passes = Passes {
            start,
            count: 0,
            banked,
            sign,
        };
        let mut guess = 0;
        let seeds: u32 = pos.0.iter().map(|&c| u32::from(c)).sum();
        let deepening = self.deepening.unwrap_or(
            if seeds > self.endgame_seeds.saturating_add(DEEPENING_SEEDS) {
                DEFAULT_DEEPENING
            } else {
                0
            },
        );
        for depth in (2..deepening).step_by(2) {
            guess = self.mtdf(&pos, guess, depth as u8, &mut passes);
        }
        let relative = self.mtdf(&pos, guess, EXACT, &mut passes);
        // Every move is worth at most the value: does it reach it?
        let window = Window {
            alpha: relative - 1,
            beta: relative,
            ply: 1,
            depth: EXACT,
        };
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
            if self.move_value(&pos, house, window) >= relative
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::Rules;

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
