//! [`AlphaBeta`]: iterative-deepening paranoid alpha-beta with a
//! transposition table, on any sequential [`Game`].

use std::collections::HashSet;
use std::time::Duration;

use mancala_core::{Game, Player, Status};

use super::oracle::{NoOracle, Oracle, exact_value};
use super::{SequentialAgent, score_margin, terminal_value};
use crate::limits::{Clock, Deadline, Limits, Stop};
use crate::search::{SearchResult, Source};
use crate::table::{Table, settle};

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

/// Hears each completed iteration of a search as the result it gives.
type Reporter<'a, A> = &'a mut dyn FnMut(&SearchResult<A>);

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
/// proved better). The time budget is not read during the first iteration
/// (one ply), which it never cuts; a raised stop flag stops any iteration.
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
    /// Whether the search below saw no horizon: the bounds are the game's
    /// own, and a search cut short by this entry still sees the whole tree.
    exact: bool,
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

struct Search<'t, 'o, O> {
    table: &'t mut Table<AbEntry>,
    oracle: &'o O,
    root: Player,
    nodes: u64,
    budget: u64,
    deadline: Option<Deadline>,
    stop: Option<Stop>,
    aborted: bool,
    cut_by_depth: bool,
    /// Whether the clock is read: not in the first iteration (one ply, a
    /// move and an evaluation a legal action), which a time budget never
    /// cuts, so that a search however short answers the best move of a
    /// ply, never merely the first legal one (a raised stop flag still
    /// stops it at once).
    timed: bool,
}

impl<O> Search<'_, '_, O> {
    fn out_of_budget(&mut self) -> bool {
        let checked = self.nodes.is_multiple_of(256)
            && ((self.timed && self.deadline.as_ref().is_some_and(Deadline::passed))
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

    /// What the search answers if it stops after `iteration`, whose best
    /// action is `best`. The line is read from the table; its positions
    /// are not counted, so a report changes nothing of the search.
    fn so_far<G: Game>(
        &mut self,
        game: &G,
        best: G::Action,
        iteration: &Iteration,
    ) -> SearchResult<G::Action> {
        let nodes = self.nodes;
        let pv = self.principal_variation(game, best, iteration.depth);
        self.nodes = nodes;
        SearchResult {
            best,
            value: iteration.score,
            pv,
            nodes,
            depth: iteration.depth,
            exact: !self.cut_by_depth,
            source: Source::Search,
        }
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
    fn value<G: Game>(&mut self, game: &G, depth: u32, mut alpha: i64, mut beta: i64) -> i64
    where
        O: Oracle<G>,
    {
        let mover = match self.leaf(game, depth) {
            Ok(mover) => mover,
            Err(v) => return v,
        };
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
            if e.root == root
                && e.depth >= depth8
                && let Some(v) = settle(e.lower, e.upper, &mut alpha, &mut beta)
            {
                // An entry from a search that met its horizon (an earlier
                // iteration's, or an earlier move's) stands for one here.
                self.cut_by_depth |= !e.exact;
                return v;
            }
        }
        // Whether the search below meets the horizon, apart from before.
        let cut_before = std::mem::replace(&mut self.cut_by_depth, false);
        let (alpha0, beta0) = (alpha, beta);
        let maximising = mover == self.root;
        let mut best = if maximising { i64::MIN } else { i64::MAX };
        let Some((order, mut made)) = self.order(game, mover, &actions, depth, hint) else {
            return best;
        };
        let mut best_index = u8::MAX;
        for (n, i) in order.into_iter().enumerate() {
            if self.out_of_budget() {
                return best;
            }
            let next = match made.get_mut(i).and_then(Option::take) {
                Some(next) => next,
                None => self.child(game, mover, actions[i]),
            };
            let v = if n == 0 {
                self.value(&next, depth - 1, alpha, beta)
            } else {
                self.scout(&next, depth - 1, alpha, beta, maximising)
            };
            if self.aborted {
                return best;
            }
            if (maximising && v > best) || (!maximising && v < best) {
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
        let exact = !self.cut_by_depth;
        self.cut_by_depth |= cut_before;
        let (lower, upper) = bounds(best, alpha0, beta0);
        let entry = AbEntry {
            lower,
            upper,
            depth: depth8,
            root,
            best: best_index,
            exact,
        };
        self.table.store(key, u16::from(depth8), entry);
        best
    }

    /// The value of `game` found without searching it, if any (`Err`): a
    /// finished game's, a simultaneous turn's margin, the oracle's, or at
    /// the horizon the margin; else its mover (`Ok`).
    fn leaf<G: Game>(&mut self, game: &G, depth: u32) -> Result<Player, i64>
    where
        O: Oracle<G>,
    {
        let mover = match game.status() {
            Status::Over(outcome) => return Err(terminal_value(game, self.root, outcome)),
            Status::ToMove(p) => p,
            Status::Simultaneous(_) => return Err(score_margin(game, self.root)),
        };
        if let Some(margin) = self.oracle.final_margin(game) {
            return Err(exact_value(margin, self.root));
        }
        if depth == 0 {
            self.cut_by_depth = true;
            return Err(score_margin(game, self.root));
        }
        Ok(mover)
    }

    /// The value of a move after the first (principal variation search):
    /// first a null window that only asks whether it beats the best so far
    /// (`alpha` for the root player, `beta` for the others), then, if it
    /// does and the window left room, the full search. The same value as
    /// `value` within `(alpha, beta)`, and a bound outside it.
    fn scout<G: Game>(
        &mut self,
        game: &G,
        depth: u32,
        alpha: i64,
        beta: i64,
        maximising: bool,
    ) -> i64
    where
        O: Oracle<G>,
    {
        let (low, high) = if maximising {
            (alpha, alpha.saturating_add(1))
        } else {
            (beta.saturating_sub(1), beta)
        };
        let v = self.value(game, depth, low, high);
        if self.aborted || v <= alpha || v >= beta {
            return v;
        }
        self.value(game, depth, alpha, beta)
    }

    /// The order in which `mover` tries his `actions` in `game` (indices):
    /// the table's move (`hint`) first; two or more plies from the horizon,
    /// then extra turns, then the largest gain for the mover. With it the
    /// children made to rank them (none near the horizon), or `None` if the
    /// budget ran out while making them.
    fn order<G: Game>(
        &mut self,
        game: &G,
        mover: Player,
        actions: &[G::Action],
        depth: u32,
        hint: usize,
    ) -> Option<(Vec<usize>, Vec<Option<G>>)> {
        let mut order: Vec<usize> = (0..actions.len()).collect();
        let mut made: Vec<Option<G>> = Vec::new();
        if depth >= 2 && actions.len() > 1 {
            for &action in actions {
                if self.out_of_budget() {
                    return None;
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
        Some((order, made))
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
        self.search_with(game, limits, &NoOracle)
    }

    /// [`search`](AlphaBeta::search), taking the exact values `oracle`
    /// knows (an endgame database) for the positions it holds instead of
    /// searching below them. For two-player games: the oracle answers the
    /// first player's final margin, and a known win or loss is scored as
    /// a finished one ([`terminal_value`]). A table entry made with one
    /// oracle is not told apart from one made with another: an agent that
    /// changes oracles should start from a fresh table.
    pub fn search_with<G: Game, O: Oracle<G>>(
        &mut self,
        game: &G,
        limits: &Limits,
        oracle: &O,
    ) -> Option<SearchResult<G::Action>> {
        let bounds = self.bounds(limits);
        self.run(game, bounds, oracle, None)
    }

    /// The bounds of a search within `limits`, the agent's own where the
    /// limits set none.
    fn bounds(&self, limits: &Limits) -> Bounds {
        Bounds {
            nodes: limits.nodes.unwrap_or(u64::MAX),
            depth: limits.depth.unwrap_or(self.max_depth),
            deadline: limits.deadline(),
            stop: limits.stop.clone().or_else(|| self.stop.clone()),
        }
    }

    /// [`search`](AlphaBeta::search), telling `report` each iteration as it
    /// completes, as the result the search would answer if it stopped
    /// there (its best action, value, principal variation, nodes so far and
    /// depth): what a protocol that sends a move or a line after every depth
    /// needs. The result is [`search`](AlphaBeta::search)'s.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::Limits;
    /// use mancala_engine::agents::AlphaBeta;
    ///
    /// let game = mancala_core::oware();
    /// let mut depths = Vec::new();
    /// let found = AlphaBeta::new(u64::MAX)
    ///     .search_reporting(&game, &Limits::depth(4), |r| depths.push((r.depth, r.best)))
    ///     .unwrap();
    /// assert_eq!(depths.iter().map(|d| d.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    /// assert_eq!(depths.last(), Some(&(4, found.best)));
    /// ```
    pub fn search_reporting<G: Game>(
        &mut self,
        game: &G,
        limits: &Limits,
        mut report: impl FnMut(&SearchResult<G::Action>),
    ) -> Option<SearchResult<G::Action>> {
        let bounds = self.bounds(limits);
        self.run(game, bounds, &NoOracle, Some(&mut report))
    }

    /// The search itself, within these limits, each completed iteration
    /// reported.
    fn run<G: Game, O: Oracle<G>>(
        &mut self,
        game: &G,
        limits: Bounds,
        oracle: &O,
        mut report: Option<Reporter<'_, G::Action>>,
    ) -> Option<SearchResult<G::Action>> {
        self.stats = SearchStats::default();
        self.iterations.clear();
        let Status::ToMove(root) = game.status() else {
            return None;
        };
        let mut order: Vec<G::Action> = game.legal_actions(root).to_vec();
        let first = *order.first()?;
        if order.len() == 1 {
            return Some(forced(game, root, first));
        }
        let bytes = self.table_bytes;
        let table = self.table.get_or_insert_with(|| Table::new(bytes));
        let mut search = Search {
            table,
            oracle,
            root,
            nodes: 0,
            budget: limits.nodes,
            deadline: limits.deadline,
            stop: limits.stop,
            aborted: false,
            cut_by_depth: false,
            timed: false,
        };
        let mut best = first;
        for depth in 1..=limits.depth.max(1) {
            search.timed = depth > 1;
            let mut scored = search.iteration(game, depth, &order);
            if let Some(a) = first_best(&scored) {
                best = a;
            }
            if search.aborted {
                break;
            }
            scored.sort_by_key(|x| std::cmp::Reverse(x.0));
            if let Some(&(score, _)) = scored.first() {
                let iteration = Iteration {
                    depth,
                    score,
                    nodes: search.nodes,
                };
                self.iterations.push(iteration);
                if let Some(report) = report.as_deref_mut() {
                    report(&search.so_far(game, best, &iteration));
                }
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
            source: Source::Search,
        })
    }
}

/// The answer where `root` has one legal action, `only`: no search.
fn forced<G: Game>(game: &G, root: Player, only: G::Action) -> SearchResult<G::Action> {
    SearchResult {
        best: only,
        value: score_margin(game, root),
        pv: vec![only],
        nodes: 0,
        depth: 0,
        exact: false,
        source: Source::Search,
    }
}

/// The bounds a fail-soft value `best`, searched within `(alpha, beta)`,
/// puts on the true value.
fn bounds(best: i64, alpha: i64, beta: i64) -> (i64, i64) {
    if best <= alpha {
        (i64::MIN, best)
    } else if best >= beta {
        (best, i64::MAX)
    } else {
        (best, best)
    }
}

/// The action of the best value in `scored`, the first of equals: the
/// best move so far after an iteration, even an unfinished one. (The first
/// action of each iteration is the previous best, so any fully searched
/// action of an unfinished iteration that beats the first is a better
/// choice; with no completed iteration, the best searched is taken.)
fn first_best<A: Copy>(scored: &[(i64, A)]) -> Option<A> {
    let mut top: Option<(i64, A)> = None;
    for &(v, a) in scored {
        if top.is_none_or(|(b, _)| v > b) {
            top = Some((v, a));
        }
    }
    top.map(|(_, a)| a)
}

/// The limits of one search, read.
struct Bounds {
    nodes: u64,
    depth: u32,
    deadline: Option<Deadline>,
    stop: Option<Stop>,
}

impl<O> Search<'_, '_, O> {
    /// One iteration of `depth` plies over the root actions in `order`:
    /// each one's value, as far as the budget lets it go.
    fn iteration<G: Game>(
        &mut self,
        game: &G,
        depth: u32,
        order: &[G::Action],
    ) -> Vec<(i64, G::Action)>
    where
        O: Oracle<G>,
    {
        self.cut_by_depth = false;
        let mut scored: Vec<(i64, G::Action)> = Vec::with_capacity(order.len());
        let mut alpha = i64::MIN;
        for (n, &action) in order.iter().enumerate() {
            if self.out_of_budget() {
                break;
            }
            let next = self.child(game, self.root, action);
            let v = if n == 0 {
                self.value(&next, depth - 1, alpha, i64::MAX)
            } else {
                self.scout(&next, depth - 1, alpha, i64::MAX, true)
            };
            if self.aborted {
                break;
            }
            scored.push((v, action));
            alpha = alpha.max(v);
        }
        scored
    }
}

impl<G: Game> SequentialAgent<G> for AlphaBeta {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        let deadline = self
            .time_budget
            .and_then(|t| Deadline::after(t, self.clock));
        let limits = Bounds {
            nodes: self.node_budget,
            depth: self.max_depth,
            deadline,
            stop: self.stop.clone(),
        };
        self.run(game, limits, &NoOracle, None).map(|r| r.best)
    }
}
