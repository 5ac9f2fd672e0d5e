//! Computer players on the family's [`Game`] interface.
//!
//! Sequential games (oware, kalah, numercy, robertson, mankka: their move is
//! their action) get [`SequentialAgent`]s: [`RandomAgent`], [`GreedyAgent`]
//! and [`AlphaBeta`], an iterative-deepening paranoid alpha-beta search with a
//! node budget and an optional time budget.
//!
//! Numa's simultaneous turns get [`NumaAgent`]s: [`NumaRandom`],
//! [`NumaGreedy`] and [`RegretMatching`], which solves the turn's matrix game
//! approximately and samples its mixed strategy. The stronger two-turn
//! search is [`NumaSearch`](crate::numa_search::NumaSearch).
//!
//! [`Openings`] starts every game of a match from a different random
//! position, so that agents that never vary still play different games.
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Status};
//! use mancala_engine::agents::{AlphaBeta, RandomAgent, SequentialAgent};
//!
//! let mut game = mancala_core::oware();
//! let mut search = AlphaBeta::new(500);
//! let mut random = RandomAgent::new(7);
//! for _ in 0..10 {
//!     let Status::ToMove(p) = game.status() else { break };
//!     let action = if p.index() == 0 {
//!         search.choose(&game)
//!     } else {
//!         random.choose(&game)
//!     };
//!     game.play(action.unwrap()).unwrap();
//! }
//! ```

use std::collections::HashSet;
use std::time::Duration;

use mancala_core::{Game, Outcome, Player, Status};
use numa::{Choice, JointMove, Numa};

use crate::Rng;
use crate::limits::{Clock, Deadline, Limits, Stop};
use crate::rng::weighted_index;
use crate::search::SearchResult;
use crate::table::Table;

/// A player of a sequential game (any [`Game`]: the move is built from the
/// chosen action with [`Game::joint_move`]).
pub trait SequentialAgent<G: Game> {
    /// The action for the player to move, or `None` if nobody is to move (the
    /// game is over, or its turn is simultaneous) or he has no action.
    fn choose(&mut self, game: &G) -> Option<G::Action>;
}

/// The value of a position for `me`: his score minus the best of the others'.
pub fn score_margin<G: Game>(game: &G, me: Player) -> i64 {
    let scores = game.scores();
    let mine = scores.as_slice().get(me.index()).copied().unwrap_or(0);
    let best_other = scores
        .iter()
        .filter(|(p, _)| *p != me)
        .map(|(_, s)| *s)
        .max()
        .unwrap_or(0);
    clamp_i64(mine) - clamp_i64(best_other)
}

fn clamp_i64(x: u64) -> i64 {
    i64::try_from(x).unwrap_or(i64::MAX / 4).min(i64::MAX / 4)
}

/// The bonus added to (or taken from) the margin of a finished game.
pub const WIN_BONUS: i64 = 1_000_000;

/// The value of a finished game for `me`: the margin, plus [`WIN_BONUS`] if
/// he won, minus it if someone else did.
pub fn terminal_value<G: Game>(game: &G, me: Player, outcome: Outcome) -> i64 {
    let margin = score_margin(game, me);
    match outcome {
        Outcome::Winner(p) if p == me => margin + WIN_BONUS,
        Outcome::Winner(_) => margin - WIN_BONUS,
        Outcome::Draw => margin,
    }
}

/// Chooses uniformly among the legal actions (seeded).
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: Rng,
}

impl RandomAgent {
    /// A random player started from `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: Rng::new(seed),
        }
    }
}

impl<G: Game> SequentialAgent<G> for RandomAgent {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let Status::ToMove(p) = game.status() else {
            return None;
        };
        let actions = game.legal_actions(p);
        actions.get(self.rng.below(actions.len())).copied()
    }
}

/// Chooses the action with the best [`score_margin`] for the mover right
/// after it (a finished game counts by [`terminal_value`]); the first of
/// equals.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyAgent;

impl<G: Game> SequentialAgent<G> for GreedyAgent {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let Status::ToMove(me) = game.status() else {
            return None;
        };
        let mut best: Option<(i64, G::Action)> = None;
        for &action in game.legal_actions(me).iter() {
            let mut next = game.clone();
            let Ok(mv) = game.joint_move(&[(me, action)]) else {
                continue;
            };
            next.play_unchecked(mv);
            let value = match next.status() {
                Status::Over(outcome) => terminal_value(&next, me, outcome),
                _ => score_margin(&next, me),
            };
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, action));
            }
        }
        best.map(|(_, a)| a)
    }
}

/// What the last search of an [`AlphaBeta`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Positions made (moves played) by the search.
    pub nodes: u64,
    /// The deepest iteration completed (0 if none, or if there was one
    /// legal action).
    pub depth: u32,
    /// Whether the last completed iteration saw the whole game tree (its
    /// value is exact).
    pub exact: bool,
}

/// One completed iteration of an [`AlphaBeta`] search, as
/// [`AlphaBeta::iterations`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration's depth in plies (1 for the first).
    pub depth: u32,
    /// The value of its best root action for the player to move: the
    /// [`score_margin`] it leads to (finished games by [`terminal_value`]).
    pub score: i64,
    /// Positions made by the search from its start to the end of this
    /// iteration.
    pub nodes: u64,
}

/// Iterative-deepening alpha-beta search with a transposition table,
/// paranoid for more than two players.
///
/// The root player maximises, every other player minimises, the root's
/// [`score_margin`] (finished games by [`terminal_value`]): with three or
/// more players this is the *paranoid* search (the others are assumed to
/// play together against the root), not max-n. Who moves is read from the
/// status after every move, so extra turns (Kalah) and any number of
/// players are handled. Each iteration searches one ply deeper, root moves
/// ordered by the previous iteration; the search stops when the node budget
/// (deterministic) or the time budget (if any) runs out, keeping the best
/// move of the deepest completed iteration (or a move the unfinished one
/// proved better).
///
/// - **Transposition table** keyed by [`Game::key`], of at most
///   [`table_bytes`](AlphaBeta::table_bytes) (made on the first search and
///   kept between moves): bounds from earlier iterations and moves cut
///   searches short, and its best move is tried first. Entries hold values
///   for one root player; another root's entries only order moves. (Keys do
///   not hash repetition histories: in oware a position reached again with
///   another history may be scored by the first one's entry, as in any
///   engine that does not hash the history.)
/// - **Move ordering** from what the moves do: the table's move, then the
///   moves that give the mover another turn, then those that gain him the
///   most score right away (captures, seeds into his store), at every node
///   two or more plies from the horizon.
#[derive(Clone, Debug)]
pub struct AlphaBeta {
    /// Most positions one search may make.
    pub node_budget: u64,
    /// Most time one search may take, if any.
    pub time_budget: Option<Duration>,
    /// Deepest iteration.
    pub max_depth: u32,
    /// Most memory of the transposition table, in bytes (default 4 MiB; 0
    /// for the smallest table, one bucket).
    pub table_bytes: usize,
    /// A flag that stops every search from outside, if any.
    pub stop: Option<Stop>,
    /// The clock the time budget reads (see [`Limits::clock`]).
    pub clock: Option<Clock>,
    table: Option<Table<AbEntry>>,
    stats: SearchStats,
    iterations: Vec<Iteration>,
}

/// A transposition-table entry of [`AlphaBeta`]: bounds on the root
/// player's value from a search of `depth` plies.
#[derive(Clone, Copy, Debug, Default)]
struct AbEntry {
    lower: i64,
    upper: i64,
    depth: u8,
    /// The root player the values are for.
    root: u8,
    /// Index of the best action among the legal ones, `u8::MAX` if none.
    best: u8,
}

impl AlphaBeta {
    /// A search of at most `node_budget` positions per move, no time limit.
    pub fn new(node_budget: u64) -> AlphaBeta {
        AlphaBeta {
            node_budget,
            time_budget: None,
            max_depth: 64,
            table_bytes: 4 << 20,
            stop: None,
            clock: crate::limits::system_clock(),
            table: None,
            stats: SearchStats::default(),
            iterations: Vec::new(),
        }
    }

    /// The same search, also limited to `budget` of time per move.
    #[must_use]
    pub fn with_time(mut self, budget: Duration) -> AlphaBeta {
        self.time_budget = Some(budget);
        self
    }

    /// What the last [`choose`](SequentialAgent::choose) did.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The iterations the last [`choose`](SequentialAgent::choose)
    /// completed, shallowest first (none if it had one legal action, or
    /// if its budget ran out during the first iteration).
    pub fn iterations(&self) -> &[Iteration] {
        &self.iterations
    }
}

struct Search<'t> {
    table: &'t mut Table<AbEntry>,
    root: Player,
    nodes: u64,
    budget: u64,
    deadline: Option<Deadline>,
    stop: Option<Stop>,
    aborted: bool,
    cut_by_depth: bool,
}

impl Search<'_> {
    fn out_of_budget(&mut self) -> bool {
        let checked = self.nodes.is_multiple_of(256)
            && (self.deadline.as_ref().is_some_and(Deadline::passed)
                || self.stop.as_ref().is_some_and(Stop::is_stopped));
        if self.nodes >= self.budget || checked {
            self.aborted = true;
        }
        self.aborted
    }

    /// The line the table holds from `game`: `best`, then each position's
    /// stored best action, at most `depth` plies (at least the first),
    /// ending early at a finished game, a missing entry or a repeated
    /// position.
    fn principal_variation<G: Game>(
        &mut self,
        game: &G,
        best: G::Action,
        depth: u32,
    ) -> Vec<G::Action> {
        let mut pv = vec![best];
        let Some(mover) = game.to_move() else {
            return pv;
        };
        let mut seen = HashSet::new();
        seen.insert(game.key());
        let mut position = self.child(game, mover, best);
        while (pv.len() as u32) < depth {
            let Status::ToMove(mover) = position.status() else {
                break;
            };
            if !seen.insert(position.key()) {
                break;
            }
            let Some(entry) = self.table.probe(position.key()) else {
                break;
            };
            let actions = position.legal_actions(mover);
            let Some(&action) = actions.get(usize::from(entry.best)) else {
                break;
            };
            pv.push(action);
            position = self.child(&position, mover, action);
        }
        pv
    }

    fn child<G: Game>(&mut self, game: &G, mover: Player, action: G::Action) -> G {
        let mut next = game.clone();
        if let Ok(mv) = game.joint_move(&[(mover, action)]) {
            next.play_unchecked(mv);
        }
        self.nodes += 1;
        next
    }

    /// The paranoid minimax value of `game` for the root player, searched
    /// `depth` plies, fail-soft. Meaningless once `aborted` is set.
    fn value<G: Game>(&mut self, game: &G, depth: u32, mut alpha: i64, mut beta: i64) -> i64 {
        let mover = match game.status() {
            Status::Over(outcome) => return terminal_value(game, self.root, outcome),
            Status::ToMove(p) => p,
            Status::Simultaneous(_) => return score_margin(game, self.root),
        };
        if depth == 0 {
            self.cut_by_depth = true;
            return score_margin(game, self.root);
        }
        let actions = game.legal_actions(mover);
        if actions.is_empty() {
            return score_margin(game, self.root);
        }
        let key = game.key();
        let depth8 = u8::try_from(depth).unwrap_or(u8::MAX);
        let root = self.root.index() as u8;
        let mut hint = usize::MAX;
        if let Some(e) = self.table.probe(key) {
            hint = usize::from(e.best);
            if e.root == root && e.depth >= depth8 {
                if e.lower >= beta {
                    return e.lower;
                }
                if e.upper <= alpha {
                    return e.upper;
                }
                if e.lower == e.upper {
                    return e.lower;
                }
                alpha = alpha.max(e.lower);
                beta = beta.min(e.upper);
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximising = mover == self.root;
        // The order: the table's move first; two or more plies from the
        // horizon, then extra turns, then the largest gain for the mover.
        let mut order: Vec<usize> = (0..actions.len()).collect();
        let mut made: Vec<Option<G>> = Vec::new();
        let mut best = if maximising { i64::MIN } else { i64::MAX };
        if depth >= 2 && actions.len() > 1 {
            for &action in actions.iter() {
                if self.out_of_budget() {
                    return best;
                }
                made.push(Some(self.child(game, mover, action)));
            }
            let before = score_margin(game, mover);
            let rank = |i: usize| -> (bool, bool, i64) {
                let child = made[i].as_ref();
                let again = child.is_some_and(|c| c.to_move() == Some(mover));
                let gain = child.map_or(0, |c| score_margin(c, mover) - before);
                (i == hint, again, gain)
            };
            order.sort_by_key(|&i| std::cmp::Reverse(rank(i)));
        } else if let Some(pos) = order.iter().position(|&i| i == hint) {
            order[..=pos].rotate_right(1);
        }
        let mut best_index = u8::MAX;
        for i in order {
            if self.out_of_budget() {
                return best;
            }
            let next = match made.get_mut(i).and_then(Option::take) {
                Some(next) => next,
                None => self.child(game, mover, actions[i]),
            };
            let v = self.value(&next, depth - 1, alpha, beta);
            if self.aborted {
                return best;
            }
            let better = if maximising { v > best } else { v < best };
            if better {
                best = v;
                best_index = u8::try_from(i).unwrap_or(u8::MAX);
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let (lower, upper) = if best <= alpha0 {
            (i64::MIN, best)
        } else if best >= beta0 {
            (best, i64::MAX)
        } else {
            (best, best)
        };
        self.table.store(
            key,
            u16::from(depth8),
            AbEntry {
                lower,
                upper,
                depth: depth8,
                root,
                best: best_index,
            },
        );
        best
    }
}

impl AlphaBeta {
    /// Searches `game` within `limits` (instead of this agent's own
    /// budgets; its transposition table is kept), and says what it found:
    /// the best action, its value, the principal variation, nodes and
    /// depth. `None` if nobody is to move (the game is over, or its turn is
    /// simultaneous) or he has no action.
    ///
    /// Deterministic when `limits` has no time and no stop flag: the same
    /// agent (or a fresh one) in the same position answers the same.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Game;
    /// use mancala_engine::Limits;
    /// use mancala_engine::agents::AlphaBeta;
    ///
    /// let game = mancala_core::kalah();
    /// let result = AlphaBeta::new(0).search(&game, &Limits::depth(4)).unwrap();
    /// assert_eq!(result.depth, 4);
    /// assert_eq!(result.pv.first(), Some(&result.best));
    /// ```
    pub fn search<G: Game>(
        &mut self,
        game: &G,
        limits: &Limits,
    ) -> Option<SearchResult<G::Action>> {
        self.run(
            game,
            limits.nodes.unwrap_or(u64::MAX),
            limits.depth.unwrap_or(self.max_depth),
            limits.deadline(),
            limits.stop.clone().or_else(|| self.stop.clone()),
        )
    }

    /// The search itself, within these limits.
    fn run<G: Game>(
        &mut self,
        game: &G,
        nodes: u64,
        max_depth: u32,
        deadline: Option<Deadline>,
        stop: Option<Stop>,
    ) -> Option<SearchResult<G::Action>> {
        self.stats = SearchStats::default();
        self.iterations.clear();
        let Status::ToMove(root) = game.status() else {
            return None;
        };
        let mut order: Vec<G::Action> = game.legal_actions(root).to_vec();
        let first = *order.first()?;
        if order.len() == 1 {
            return Some(SearchResult {
                best: first,
                value: score_margin(game, root),
                pv: vec![first],
                nodes: 0,
                depth: 0,
                exact: false,
            });
        }
        let bytes = self.table_bytes;
        let table = self.table.get_or_insert_with(|| Table::new(bytes));
        let mut search = Search {
            table,
            root,
            nodes: 0,
            budget: nodes,
            deadline,
            stop,
            aborted: false,
            cut_by_depth: false,
        };
        let mut best = first;
        for depth in 1..=max_depth.max(1) {
            search.cut_by_depth = false;
            let mut scored: Vec<(i64, G::Action)> = Vec::with_capacity(order.len());
            let mut alpha = i64::MIN;
            for &action in &order {
                if search.out_of_budget() {
                    break;
                }
                let next = search.child(game, root, action);
                let v = search.value(&next, depth - 1, alpha, i64::MAX);
                if search.aborted {
                    break;
                }
                scored.push((v, action));
                alpha = alpha.max(v);
            }
            // The first action of each iteration is the previous best, so any
            // fully searched action of an unfinished iteration that beats the
            // first is a better choice; with no completed iteration, take the
            // best searched.
            let mut top: Option<(i64, G::Action)> = None;
            for &(v, a) in &scored {
                if top.is_none_or(|(b, _)| v > b) {
                    top = Some((v, a));
                }
            }
            if let Some((_, a)) = top {
                best = a;
            }
            if search.aborted {
                break;
            }
            scored.sort_by_key(|x| std::cmp::Reverse(x.0));
            if let Some(&(score, _)) = scored.first() {
                self.iterations.push(Iteration {
                    depth,
                    score,
                    nodes: search.nodes,
                });
            }
            order = scored.into_iter().map(|(_, a)| a).collect();
            self.stats.depth = depth;
            self.stats.exact = !search.cut_by_depth;
            if self.stats.exact {
                break;
            }
        }
        self.stats.nodes = search.nodes;
        let nodes = search.nodes;
        let pv = search.principal_variation(game, best, self.stats.depth);
        let value = self
            .iterations
            .last()
            .map_or_else(|| score_margin(game, root), |i| i.score);
        Some(SearchResult {
            best,
            value,
            pv,
            nodes,
            depth: self.stats.depth,
            exact: self.stats.exact,
        })
    }
}

impl<G: Game> SequentialAgent<G> for AlphaBeta {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let deadline = self
            .time_budget
            .and_then(|t| Deadline::after(t, self.clock));
        let stop = self.stop.clone();
        self.run(game, self.node_budget, self.max_depth, deadline, stop)
            .map(|r| r.best)
    }
}

/// A player of Numa's simultaneous turns.
pub trait NumaAgent {
    /// `player`'s choice for the coming turn (any choice once the game is
    /// over: Numa's choices are always all 72).
    fn choose(&mut self, game: &Numa, player: Player) -> Choice;
}

/// Numa's 72 choices, in [`Choice::all`]'s order.
pub fn numa_choices() -> Vec<Choice> {
    Choice::all().collect()
}

/// Arabic's payoff of one turn: the points difference, plus (minus) `bonus`
/// if the turn wins (loses) the game.
pub fn numa_payoff(game: &Numa, mv: JointMove, bonus: f64) -> f64 {
    let mut next = *game;
    let report = next.play_unchecked(mv);
    let diff = f64::from(report.points[0]) - f64::from(report.points[1]);
    match next.outcome() {
        Some(Outcome::Winner(p)) if p == Player::P0 => diff + bonus,
        Some(Outcome::Winner(_)) => diff - bonus,
        _ => diff,
    }
}

/// The turn's payoff matrix for Arabic: rows Arabic's choices, columns
/// Roman's, both in [`numa_choices`]'s order.
pub fn numa_matrix(game: &Numa, choices: &[Choice], bonus: f64) -> Vec<Vec<f64>> {
    choices
        .iter()
        .map(|&arabic| {
            choices
                .iter()
                .map(|&roman| numa_payoff(game, JointMove { arabic, roman }, bonus))
                .collect()
        })
        .collect()
}

fn sample(rng: &mut Rng, weights: &[f64]) -> usize {
    let total: f64 = weights.iter().sum();
    if total.is_nan() || total <= 0.0 {
        return rng.below(weights.len());
    }
    let x = rng.below(1 << 30) as f64 / f64::from(1u32 << 30) * total;
    weighted_index(weights, x)
}

/// Uniformly random Numa choices (seeded).
#[derive(Clone, Debug)]
pub struct NumaRandom {
    rng: Rng,
    choices: Vec<Choice>,
}

impl NumaRandom {
    /// A random player started from `seed`.
    pub fn new(seed: u64) -> NumaRandom {
        NumaRandom {
            rng: Rng::new(seed),
            choices: numa_choices(),
        }
    }
}

impl NumaAgent for NumaRandom {
    fn choose(&mut self, _game: &Numa, _player: Player) -> Choice {
        let i = self.rng.below(self.choices.len());
        self.choices[i.min(self.choices.len() - 1)]
    }
}

/// The choice with the best average immediate payoff against a uniformly
/// random opponent (the first of equals).
#[derive(Clone, Copy, Debug, Default)]
pub struct NumaGreedy;

impl NumaAgent for NumaGreedy {
    fn choose(&mut self, game: &Numa, player: Player) -> Choice {
        let choices = numa_choices();
        let matrix = numa_matrix(game, &choices, RegretMatching::DEFAULT_BONUS);
        let sign = if player == Player::P0 { 1.0 } else { -1.0 };
        let n = choices.len();
        let mut best = (f64::NEG_INFINITY, 0);
        for i in 0..n {
            let total: f64 = if player == Player::P0 {
                matrix[i].iter().sum()
            } else {
                matrix.iter().map(|row| row[i]).sum()
            };
            if sign * total > best.0 {
                best = (sign * total, i);
            }
        }
        choices[best.1]
    }
}

/// Regret matching on the turn's matrix game (immediate payoff, see
/// [`numa_payoff`]): both players' strategies play `iterations` rounds
/// against each other, each choosing in proportion to its positive regrets;
/// the agent then samples (seeded) its own average strategy, an approximate
/// equilibrium of the turn.
#[derive(Clone, Debug)]
pub struct RegretMatching {
    /// Rounds of regret matching per turn.
    pub iterations: u32,
    /// The payoff bonus for winning the game on this turn.
    pub win_bonus: f64,
    rng: Rng,
    choices: Vec<Choice>,
}

impl RegretMatching {
    /// The default win bonus: more than any turn's points.
    pub const DEFAULT_BONUS: f64 = 100.0;

    /// An agent of `iterations` rounds per turn, sampling from `seed`.
    pub fn new(seed: u64, iterations: u32) -> RegretMatching {
        RegretMatching {
            iterations,
            win_bonus: Self::DEFAULT_BONUS,
            rng: Rng::new(seed),
            choices: numa_choices(),
        }
    }

    /// The average strategies of Arabic and Roman over [`numa_choices`]
    /// (deterministic: no randomness is used).
    pub fn strategies(&self, game: &Numa) -> [Vec<f64>; 2] {
        let m = numa_matrix(game, &self.choices, self.win_bonus);
        let n = self.choices.len();
        let mut regret = [vec![0.0f64; n], vec![0.0f64; n]];
        let mut average = [vec![0.0f64; n], vec![0.0f64; n]];
        let current = |r: &[f64]| -> Vec<f64> {
            let positive: f64 = r.iter().map(|x| x.max(0.0)).sum();
            if positive > 0.0 {
                r.iter().map(|x| x.max(0.0) / positive).collect()
            } else {
                vec![1.0 / n as f64; n]
            }
        };
        for _ in 0..self.iterations.max(1) {
            let s0 = current(&regret[0]);
            let s1 = current(&regret[1]);
            // Arabic's value of each row against Roman's mix, and Roman's
            // value (the negation) of each column against Arabic's.
            let u0: Vec<f64> = m
                .iter()
                .map(|row| row.iter().zip(&s1).map(|(a, b)| a * b).sum())
                .collect();
            let u1: Vec<f64> = (0..n)
                .map(|j| -m.iter().zip(&s0).map(|(row, p)| row[j] * p).sum::<f64>())
                .collect();
            let v0: f64 = u0.iter().zip(&s0).map(|(u, p)| u * p).sum();
            let v1: f64 = u1.iter().zip(&s1).map(|(u, p)| u * p).sum();
            for i in 0..n {
                regret[0][i] += u0[i] - v0;
                regret[1][i] += u1[i] - v1;
                average[0][i] += s0[i];
                average[1][i] += s1[i];
            }
        }
        for avg in &mut average {
            let total: f64 = avg.iter().sum();
            if total > 0.0 {
                avg.iter_mut().for_each(|x| *x /= total);
            }
        }
        average
    }
}

impl NumaAgent for RegretMatching {
    fn choose(&mut self, game: &Numa, player: Player) -> Choice {
        let [arabic, roman] = self.strategies(game);
        let strategy = if player == Player::P0 { arabic } else { roman };
        let i = sample(&mut self.rng, &strategy);
        self.choices[i.min(self.choices.len() - 1)]
    }
}

/// Random openings, each leading to a position no earlier opening reached:
/// a match whose games start from them plays a different game every time,
/// even between deterministic agents.
///
/// An opening is `plies` moves (turns in a simultaneous game) of uniformly
/// random legal actions (seeded). When [`Openings::TRIES`] draws in a row
/// reach positions already used (or end the game), openings grow by a move.
/// Positions are told apart by [`Game::key`].
///
/// # Examples
///
/// ```
/// use mancala_core::Game;
/// use mancala_engine::agents::Openings;
///
/// let mut openings = Openings::new(7, 2);
/// let start = mancala_core::oware();
/// let a = openings.next(&start).unwrap();
/// let b = openings.next(&start).unwrap();
/// assert_ne!(a.key(), b.key());
/// assert!(!a.is_over() && !b.is_over());
/// ```
#[derive(Clone, Debug)]
pub struct Openings {
    rng: Rng,
    plies: usize,
    used: HashSet<u64>,
}

impl Openings {
    /// Draws in a row that may fail before openings grow by a move.
    pub const TRIES: usize = 1_000;
    /// The longest opening tried.
    pub const MAX_PLIES: usize = 1_000;

    /// Openings of at least `plies` moves, drawn from `seed`.
    pub fn new(seed: u64, plies: usize) -> Openings {
        Openings {
            rng: Rng::new(seed),
            plies,
            used: HashSet::new(),
        }
    }

    /// The next opening from `start`: a position reached by random legal
    /// play, the game not over, no earlier opening's position; `None` if
    /// even openings of [`Openings::MAX_PLIES`] moves find none (or
    /// `start` is over). With 0 plies, `start` itself every time.
    pub fn next<G: Game>(&mut self, start: &G) -> Option<G> {
        if start.is_over() {
            return None;
        }
        if self.plies == 0 {
            return Some(start.clone());
        }
        while self.plies <= Self::MAX_PLIES {
            for _ in 0..Self::TRIES {
                if let Some(game) = self.draw(start)
                    && self.used.insert(game.key())
                {
                    return Some(game);
                }
            }
            self.plies += 1;
        }
        None
    }

    /// `plies` random moves from `start`, or `None` if the game ends.
    fn draw<G: Game>(&mut self, start: &G) -> Option<G> {
        let mut game = start.clone();
        for _ in 0..self.plies {
            let acting: Vec<Player> = match game.status() {
                Status::Over(_) => return None,
                Status::ToMove(p) => vec![p],
                Status::Simultaneous(set) => set.iter().collect(),
            };
            let choices: Vec<(Player, G::Action)> = acting
                .into_iter()
                .map(|p| {
                    let legal = game.legal_actions(p);
                    legal.get(self.rng.below(legal.len())).map(|&a| (p, a))
                })
                .collect::<Option<_>>()?;
            let mv = game.joint_move(&choices).ok()?;
            game.play(mv).ok()?;
        }
        (!game.is_over()).then_some(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Mancala, Move, Pit, Rules, Setup};

    fn sow(i: usize) -> Option<Move> {
        Pit::new(i).map(Move::Sow)
    }

    fn oware_capture_position() -> Mancala {
        // South's hole 5 holds one seed; sowing it makes North's hole 6 two:
        // a capture. No other South move captures, and North cannot
        // capture back.
        let mut setup = Setup::new(Rules::oware());
        setup.board = vec![4, 4, 5, 4, 4, 1, 1, 3, 3, 3, 3, 3];
        setup.stores = vec![5, 5];
        Mancala::from_setup(setup).expect("a valid position")
    }

    #[test]
    fn search_takes_an_immediate_capture() {
        let game = oware_capture_position();
        assert_eq!(GreedyAgent.choose(&game), sow(5));
        for budget in [10, 100, 2_000, 20_000] {
            let mut search = AlphaBeta::new(budget);
            assert_eq!(search.choose(&game), sow(5), "budget {budget}");
        }
    }

    fn play_out<G: Game, A: SequentialAgent<G>, B: SequentialAgent<G>>(
        mut game: G,
        a: &mut A,
        b: &mut B,
        plies: usize,
    ) -> G {
        for ply in 0..plies {
            let Status::ToMove(p) = game.status() else {
                break;
            };
            let action = if (p.index() + ply / 7) % 2 == 0 {
                a.choose(&game)
            } else {
                b.choose(&game)
            }
            .expect("someone is to move");
            assert!(game.legal_actions(p).contains(&action), "{action:?}");
            let mv = game.joint_move(&[(p, action)]).expect("the mover's move");
            game.play(mv).expect("a legal action");
        }
        game
    }

    #[test]
    fn search_never_returns_an_illegal_move_and_respects_the_budget() {
        struct Checked(AlphaBeta, u64);
        impl<G: Game> SequentialAgent<G> for Checked {
            fn choose(&mut self, game: &G) -> Option<G::Action> {
                let a = self.0.choose(game);
                assert!(self.0.stats().nodes <= self.1);
                a
            }
        }
        for budget in [1, 50, 700] {
            let mut s = Checked(AlphaBeta::new(budget), budget);
            let mut r = RandomAgent::new(budget);
            play_out(mancala_core::oware(), &mut s, &mut r, 400);
            play_out(mancala_core::kalah(), &mut s, &mut r, 400);
            play_out(numercy::Numercy::default(), &mut s, &mut r, 400);
            let two = robertson::Robertson::default();
            play_out(two, &mut s, &mut r, 400);
            let three = robertson::Robertson::new(robertson::Options::triangle()).expect("valid");
            play_out(three, &mut s, &mut r, 400);
            let mankka = mankka::Mankka::default();
            play_out(mankka, &mut s, &mut r, 400);
        }
    }

    #[test]
    fn search_with_a_time_budget_returns() {
        let mut s = AlphaBeta::new(u64::MAX).with_time(Duration::from_millis(20));
        let game = mancala_core::kalah();
        let t = std::time::Instant::now();
        let a = s.choose(&game).expect("a move");
        assert!(game.legal_actions(Player::P0).contains(&a));
        assert!(t.elapsed() < Duration::from_secs(2));
        assert!(s.stats().depth >= 1);
    }

    #[test]
    fn search_is_deterministic_and_deepens() {
        let game = mancala_core::oware();
        let mut a = AlphaBeta::new(5_000);
        let mut b = AlphaBeta::new(5_000);
        assert_eq!(a.choose(&game), b.choose(&game));
        assert_eq!(a.stats(), b.stats());
        assert!(a.stats().depth >= 3, "{:?}", a.stats());
    }

    #[test]
    fn iterations_are_listed_one_per_completed_depth() {
        // Depth 1 sees only the capture of 2 (stores 7 to 5): a margin of 2.
        let game = oware_capture_position();
        let mut search = AlphaBeta::new(2_000);
        assert_eq!(search.choose(&game), sow(5));
        let iterations = search.iterations();
        assert_eq!(iterations[0].depth, 1);
        assert_eq!(iterations[0].score, 2);
        let depths: Vec<u32> = iterations.iter().map(|i| i.depth).collect();
        let expected: Vec<u32> = (1..=search.stats().depth).collect();
        assert_eq!(depths, expected);
        assert!(iterations.windows(2).all(|w| w[0].nodes < w[1].nodes));
        assert!(iterations.iter().all(|i| i.nodes <= search.stats().nodes));
        // A budget spent inside the first iteration completes none, and
        // the next search starts its list afresh.
        search.node_budget = 3;
        assert!(search.choose(&game).is_some());
        assert_eq!(search.stats().depth, 0);
        assert!(search.iterations().is_empty());
    }

    #[test]
    fn greedy_takes_the_best_immediate_score() {
        let mut rng = RandomAgent::new(3);
        let mut game = mancala_core::kalah();
        for _ in 0..60 {
            let Status::ToMove(me) = game.status() else {
                break;
            };
            let chosen = GreedyAgent.choose(&game).expect("a move");
            let value = |a: Move| {
                let mut next = game.clone();
                next.play(a).expect("legal");
                match next.status() {
                    Status::Over(o) => terminal_value(&next, me, o),
                    _ => score_margin(&next, me),
                }
            };
            let best = game.legal_actions(me).iter().map(|&a| value(a)).max();
            assert_eq!(Some(value(chosen)), best);
            let first_best = game
                .legal_actions(me)
                .iter()
                .copied()
                .find(|&a| Some(value(a)) == best);
            assert_eq!(Some(chosen), first_best);
            let next = SequentialAgent::<Mancala>::choose(&mut rng, &game).expect("a move");
            game.play(next).expect("legal");
        }
    }

    #[test]
    fn regret_matching_returns_a_choice_and_is_deterministic() {
        let choices = numa_choices();
        assert_eq!(choices.len(), 72);
        let mut game = Numa::default();
        let mut a = RegretMatching::new(11, 50);
        let mut b = RegretMatching::new(11, 50);
        for _ in 0..5 {
            let ca = a.choose(&game, Player::P0);
            let cb = b.choose(&game, Player::P0);
            assert!(choices.contains(&ca));
            assert_eq!(ca, cb);
            let ra = a.choose(&game, Player::P1);
            assert_eq!(ra, b.choose(&game, Player::P1));
            let [s0, s1] = a.strategies(&game);
            assert!((s0.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            assert!((s1.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            game.play(JointMove {
                arabic: ca,
                roman: ra,
            })
            .expect("the game goes on");
        }
        let mut r = NumaRandom::new(1);
        assert!(choices.contains(&r.choose(&game, Player::P1)));
        assert!(choices.contains(&NumaGreedy.choose(&game, Player::P0)));
    }

    #[test]
    fn openings_never_repeat_a_position() {
        // Oware has at most 36 positions after two moves: the openings grow
        // once those are used, and 200 games still start apart.
        let start = mancala_core::oware();
        let mut openings = Openings::new(3, 2);
        let mut keys = std::collections::HashSet::new();
        for _ in 0..200 {
            let game = openings.next(&start).expect("an opening");
            assert!(!game.is_over());
            assert!(keys.insert(game.key()));
        }
        // Numa's openings are whole turns; Mankka's first two moves are
        // the placements.
        let mut openings = Openings::new(4, 1);
        let a = openings.next(&Numa::default()).expect("a turn");
        let b = openings.next(&Numa::default()).expect("another");
        assert_ne!(a, b);
        let mut openings = Openings::new(5, 2);
        let m = openings
            .next(&mankka::Mankka::default())
            .expect("placements");
        assert!(!m.in_opening());
        // The same seed draws the same openings; no plies, the start.
        let again = Openings::new(3, 2).next(&start).expect("an opening");
        assert_eq!(Openings::new(3, 2).next(&start), Some(again));
        assert_eq!(Openings::new(3, 0).next(&start), Some(start.clone()));
        // A finished game has no opening.
        let mut over = start;
        while let Status::ToMove(p) = over.status() {
            let mv = over.legal_actions(p)[0];
            over.play(mv).expect("legal");
        }
        assert_eq!(Openings::new(3, 2).next(&over), None);
    }

    #[test]
    fn an_exhaustive_search_plays_a_best_move_with_or_without_its_table() {
        use crate::solve::{Solver, mancala_banked, mancala_split};
        // Kalah with three houses of two seeds: small enough for the search
        // to see the whole game, so its move must keep the solved value
        // (the solver is checked against plain minimax in tests/solve.rs).
        let mut rules = mancala_core::Rules::kalah();
        rules.layout = mancala_core::Layout::two_rows(3);
        rules.seeds = 2;
        let start = mancala_core::Mancala::new(rules).expect("valid");
        let mut openings = Openings::new(8, 1);
        for _ in 0..8 {
            let Some(game) = openings.next(&start) else {
                break;
            };
            let mut solver = Solver::new(1 << 20).with_split(mancala_split, mancala_banked);
            let best = solver.solve(&game).expect("two players").best;
            for bytes in [0, 1 << 20] {
                let mut search = AlphaBeta::new(u64::MAX);
                search.table_bytes = bytes;
                let chosen = search.choose(&game).expect("a move");
                assert!(search.stats().exact, "the whole game was searched");
                assert!(best.contains(&chosen), "{game}: {chosen} not in {best:?}");
            }
        }
    }
}
