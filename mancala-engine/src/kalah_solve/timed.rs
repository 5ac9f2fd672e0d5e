//! The engine's search of a Kalah position: the solver's own MTD(f),
//! deepened one ply at a time until a limit (time, positions, depth or a
//! stop flag) ends it, the last completed depth's move kept.

use mancala_core::{Game, Mancala, Move, Player};

use super::search::Window;
use super::{KalahSolver, NO_MOVE, Pos, pos_of};
use crate::limits::{Deadline, Limits, Stop};
use crate::search::{SearchResult, Source};
use crate::solve::Mtdf;

/// Positions searched between two readings of the limits.
const CHECK_EVERY: u64 = 1024;

/// When a timed search must stop; a solve has none
/// ([`Halt::never`]).
pub(super) struct Halt {
    /// The count of positions at which the limits are read next
    /// (`u64::MAX`: never; 0 once stopped, so every node stops at once).
    pub(super) next_check: u64,
    /// Most positions.
    budget: u64,
    deadline: Option<Deadline>,
    stop: Option<Stop>,
    /// Whether a limit was reached: the search under way is worthless.
    pub(super) stopped: bool,
}

impl Halt {
    /// No limit: the exact solve.
    pub(super) fn never() -> Halt {
        Halt {
            next_check: u64::MAX,
            budget: u64::MAX,
            deadline: None,
            stop: None,
            stopped: false,
        }
    }

    /// The limits of one search.
    fn within(limits: &Limits) -> Halt {
        Halt {
            next_check: 0,
            budget: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.deadline(),
            stop: limits.stop.clone(),
            stopped: false,
        }
    }

    /// Whether the search must stop, `nodes` positions in (read every
    /// [`CHECK_EVERY`] positions).
    #[cold]
    pub(super) fn reached(&mut self, nodes: u64) -> bool {
        if !self.stopped {
            self.stopped = nodes >= self.budget
                || self.deadline.as_ref().is_some_and(Deadline::passed)
                || self.stop.as_ref().is_some_and(Stop::is_stopped);
        }
        self.next_check = if self.stopped {
            0
        } else {
            nodes.saturating_add(CHECK_EVERY).min(self.budget)
        };
        self.stopped
    }
}

impl KalahSolver {
    /// The engine's search of `game` within `limits`: MTD(f) to 1, 2, 3,
    /// ... plies (the positions at the horizon count their store margin,
    /// as [`AlphaBeta`](crate::agents::AlphaBeta) scores them; those this
    /// solver's endgame table or tablebase holds count their exact value),
    /// until a limit is reached, each depth starting from the value and
    /// the table of the one before. `report` is told of each completed
    /// depth: its value for the player to move (his store margin plus what
    /// the search expects him to gain) and the positions searched so far.
    ///
    /// The move is the one the deepest completed depth found best (the
    /// first move the search tries if none completed); the same limits
    /// without time give the same answer every time. Without a `depth`
    /// limit the search goes at most 64 plies deep. `None` if the game is
    /// over.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::Limits;
    /// use mancala_engine::kalah_solve::KalahSolver;
    ///
    /// let game = mancala_core::kalah();
    /// let mut solver = KalahSolver::new(&game, 1 << 20, 0).unwrap();
    /// let mut depths = Vec::new();
    /// let found = solver
    ///     .search_within(&game, &Limits::depth(6), |r| depths.push(r.depth))
    ///     .unwrap();
    /// assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    /// assert!(mancala_core::Game::is_legal(&game, &found.best));
    /// ```
    pub fn search_within(
        &mut self,
        game: &Mancala,
        limits: &Limits,
        mut report: impl FnMut(&SearchResult<Move>),
    ) -> Option<SearchResult<Move>> {
        let (pos, mover, banked) = pos_of(game)?;
        self.nodes = 0;
        self.depth = 0;
        self.table.next_search();
        self.halt = Halt::within(limits);
        let houses: Vec<usize> = (0..self.play.houses).filter(|&h| pos.0[h] > 0).collect();
        let mut best = *houses.first()?;
        let mut found = None;
        let max_depth = limits.depth.unwrap_or(64).min(u32::from(super::EXACT) - 1);
        if houses.len() > 1 {
            let seeds: i32 = pos.0.iter().map(|&c| i32::from(c)).sum();
            let mut guess = 0;
            for depth in 1..=max_depth {
                let d = depth as u8;
                let Some(v) = self.deepen(&pos, seeds, guess, d) else {
                    break;
                };
                let Some(house) = self.best_house(&pos, &houses, v, d) else {
                    break;
                };
                (best, guess) = (house, v);
                found = Some((depth, v));
                if let Some(mv) = move_of(game, mover, self.play.houses, best) {
                    report(&SearchResult {
                        best: mv,
                        value: banked + i64::from(v),
                        pv: vec![mv],
                        nodes: self.nodes,
                        depth,
                        exact: false,
                        source: Source::Search,
                    });
                }
            }
        }
        self.halt = Halt::never();
        let best = move_of(game, mover, self.play.houses, best)?;
        Some(SearchResult {
            best,
            value: banked + found.map_or(0, |(_, v)| i64::from(v)),
            pv: vec![best],
            nodes: self.nodes,
            depth: found.map_or(0, |(d, _)| d),
            exact: false,
            source: Source::Search,
        })
    }

    /// The value of `pos` (for its mover, beyond his store margin) searched
    /// `depth` plies by MTD(f) from `guess`; `None` if a limit stopped it.
    fn deepen(&mut self, pos: &Pos, seeds: i32, guess: i32, depth: u8) -> Option<i32> {
        let mut mtdf = Mtdf::new(-seeds, seeds, guess);
        while let Some(bound) = mtdf.bound() {
            let v = self.search(pos, bound - 1, bound, 0, depth);
            if self.halt.stopped {
                return None;
            }
            mtdf.take(bound, v);
        }
        Some(mtdf.value())
    }

    /// The first of `houses` (the table's best move first) whose value
    /// searched to `depth` plies reaches `value`, or failing that (a
    /// shallow search's values need not agree with each other) the one
    /// of the highest value; `None` if a limit stopped it.
    fn best_house(&mut self, pos: &Pos, houses: &[usize], value: i32, depth: u8) -> Option<usize> {
        let hint = self
            .table
            .probe(self.rank(pos) + 1)
            .map_or(NO_MOVE, |e| e.best);
        let order = houses
            .iter()
            .copied()
            .filter(|&h| h == usize::from(hint))
            .chain(houses.iter().copied().filter(|&h| h != usize::from(hint)));
        let window = Window {
            alpha: value - 1,
            beta: value,
            ply: 1,
            depth: depth - 1,
        };
        let mut top: Option<(i32, usize)> = None;
        for house in order {
            let v = self.move_value(pos, house, window);
            if self.halt.stopped {
                return None;
            }
            if v >= value {
                return Some(house);
            }
            if top.is_none_or(|(t, _)| v > t) {
                top = Some((v, house));
            }
        }
        top.map(|(_, house)| house)
    }
}

/// The move of `game` that sows the mover's house `house` (counted from his
/// first), on a board of `houses` a side.
fn move_of(game: &Mancala, mover: Player, houses: usize, house: usize) -> Option<Move> {
    let offset = if mover == Player::P0 { 0 } else { houses };
    game.legal_moves()
        .iter()
        .copied()
        .find(|m| m.pit().map(|p| p.index()) == Some(house + offset))
}
