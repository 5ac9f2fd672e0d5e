//! Monte Carlo tree search (UCT with uniformly random playouts) for any
//! sequential game of the family, any number of players.
//!
//! Each iteration walks down the tree from the root choosing by UCB1, adds
//! one child (an untried action drawn at random), plays the game out with
//! uniformly random moves, and credits every node on the path with the
//! result for the player who chose the move into it: 1 for a win, 1/2 for a
//! draw, 0 for a loss (so extra turns, passes and more than two players
//! need nothing special: who moves is read from the state). The move chosen
//! is the root's most visited child.
//!
//! Positions are not stored in the tree: each iteration replays its path
//! from a clone of the root, so memory is one small node per iteration (the
//! budget bounds it). Everything random comes from one seeded generator, so
//! a search is the same for the same seed, position and budget (without a
//! time budget).
//!
//! # Examples
//!
//! ```
//! use mancala_core::Game;
//! use mancala_engine::agents::SequentialAgent;
//! use mancala_engine::mcts::Mcts;
//!
//! let game = mancala_core::kalah();
//! let mut mcts = Mcts::new(7, 500);
//! let action = mcts.choose(&game).unwrap();
//! assert!(game.legal_moves().contains(&action));
//! assert_eq!(mcts.stats().iterations, 500);
//! ```

use std::time::Duration;

use mancala_core::{Game, Outcome, Player, Status};

use crate::Rng;
use crate::agents::SequentialAgent;
use crate::limits::{Clock, Deadline, Stop};

/// Plies after which a playout is stopped and scored by the scores as they
/// stand (a game that would go on longer is scored early rather than
/// looping).
pub const MAX_PLAYOUT_PLIES: usize = 2_000;

/// What the last search of an [`Mcts`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MctsStats {
    /// Iterations run (one playout each).
    pub iterations: u64,
    /// Nodes in the tree.
    pub nodes: usize,
    /// The chosen move's share of wins for the player to move (draws
    /// counting half), from its visits.
    pub value: f64,
}

/// A UCT player. See the [module docs](self).
#[derive(Clone, Debug)]
pub struct Mcts {
    /// Iterations per move (each adds one node).
    pub iterations: u64,
    /// Most time per move, if any (checked every 64 iterations).
    pub time_budget: Option<Duration>,
    /// UCB1's exploration constant (default `sqrt(2)`).
    pub exploration: f64,
    /// A flag that stops the search from outside (checked with the time).
    pub stop: Option<Stop>,
    /// The clock the time budget reads (see
    /// [`Limits::clock`](crate::Limits::clock)).
    pub clock: Option<Clock>,
    rng: Rng,
    stats: MctsStats,
}

/// A node of the tree: the position after `action`, chosen by `mover`.
struct Node<A> {
    parent: usize,
    action: Option<A>,
    mover: Player,
    /// The children added so far, as indices into the arena (added one by
    /// one, so not contiguous).
    children: Vec<usize>,
    /// Actions not yet tried here, filled on the first visit.
    untried: Option<Vec<A>>,
    visits: u64,
    /// Sum of the results for `mover`.
    reward: f64,
}

impl Mcts {
    /// A search of `iterations` playouts per move, from `seed`.
    pub fn new(seed: u64, iterations: u64) -> Mcts {
        Mcts {
            iterations: iterations.max(1),
            time_budget: None,
            exploration: std::f64::consts::SQRT_2,
            stop: None,
            clock: crate::limits::system_clock(),
            rng: Rng::new(seed),
            stats: MctsStats::default(),
        }
    }

    /// The same search, also limited to `budget` of time per move.
    #[must_use]
    pub fn with_time(mut self, budget: Duration) -> Mcts {
        self.time_budget = Some(budget);
        self
    }

    /// What the last [`choose`](SequentialAgent::choose) did.
    pub fn stats(&self) -> MctsStats {
        self.stats
    }

    /// The outcome of a finished game, or of a stopped one as it stands.
    fn outcome<G: Game>(game: &G) -> Outcome {
        match game.status() {
            Status::Over(outcome) => outcome,
            _ => Outcome::from_scores(game.scores().as_slice()),
        }
    }

    /// A player's result in `outcome`: 1 for a win, 1/2 for a draw, else 0.
    fn result(outcome: Outcome, player: Player) -> f64 {
        match outcome {
            Outcome::Winner(p) if p == player => 1.0,
            Outcome::Winner(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }

    /// Plays `game` out with uniformly random moves.
    fn playout<G: Game>(&mut self, game: &mut G) {
        for _ in 0..MAX_PLAYOUT_PLIES {
            let Status::ToMove(p) = game.status() else {
                return;
            };
            let actions = game.legal_actions(p);
            let Some(&action) = actions.get(self.rng.below(actions.len())) else {
                return;
            };
            let Ok(mv) = game.joint_move(&[(p, action)]) else {
                return;
            };
            game.play_unchecked(mv);
        }
    }

    /// The child of `node` that UCB1 prefers.
    fn select<A>(&self, tree: &[Node<A>], node: usize) -> Option<usize> {
        let parent = tree.get(node)?;
        let log_n = (parent.visits.max(1) as f64).ln();
        let mut best: Option<(f64, usize)> = None;
        for &c in &parent.children {
            let child = tree.get(c)?;
            let n = child.visits.max(1) as f64;
            let score = child.reward / n + self.exploration * (log_n / n).sqrt();
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, c));
            }
        }
        best.map(|(_, c)| c)
    }
}

impl<A> Node<A> {
    /// A node not visited yet.
    fn new(parent: usize, action: Option<A>, mover: Player, untried: Option<Vec<A>>) -> Node<A> {
        Node {
            parent,
            action,
            mover,
            children: Vec::new(),
            untried,
            visits: 0,
            reward: 0.0,
        }
    }
}

impl Mcts {
    /// Selection and expansion: from the root, down through fully expanded
    /// nodes by UCB1, playing `state` along, to a new child (an untried
    /// action drawn at random), or to a node where the game is over. The
    /// node reached.
    fn descend<G: Game>(&mut self, tree: &mut Vec<Node<G::Action>>, state: &mut G) -> usize {
        let mut node = 0;
        while let Status::ToMove(p) = state.status() {
            let untried = tree[node]
                .untried
                .get_or_insert_with(|| state.legal_actions(p).to_vec());
            if !untried.is_empty() {
                let i = self.rng.below(untried.len());
                let action = untried.swap_remove(i);
                if let Ok(mv) = state.joint_move(&[(p, action)]) {
                    state.play_unchecked(mv);
                }
                tree.push(Node::new(node, Some(action), p, None));
                let child = tree.len() - 1;
                tree[node].children.push(child);
                return child;
            }
            let Some(child) = self.select(tree, node) else {
                break;
            };
            if let Some(action) = tree[child].action
                && let Ok(mv) = state.joint_move(&[(p, action)])
            {
                state.play_unchecked(mv);
            }
            node = child;
        }
        node
    }
}

impl<G: Game + Clone> SequentialAgent<G> for Mcts {
    fn choose(&mut self, game: &G) -> Option<G::Action> {
        self.stats = MctsStats::default();
        let Status::ToMove(root_player) = game.status() else {
            return None;
        };
        let root_actions = game.legal_actions(root_player);
        let first = *root_actions.first()?;
        if root_actions.len() == 1 {
            return Some(first);
        }
        let deadline = self
            .time_budget
            .and_then(|t| Deadline::after(t, self.clock));
        let root = Node::new(usize::MAX, None, root_player, Some(root_actions.to_vec()));
        let mut tree: Vec<Node<G::Action>> = vec![root];
        for iteration in 0..self.iterations {
            if iteration % 64 == 63
                && (deadline.as_ref().is_some_and(Deadline::passed)
                    || self.stop.as_ref().is_some_and(Stop::is_stopped))
            {
                break;
            }
            let mut state = game.clone();
            let node = self.descend(&mut tree, &mut state);
            self.playout(&mut state);
            let outcome = Self::outcome(&state);
            // Backpropagation: each node credited for its mover.
            let mut at = node;
            while let Some(n) = tree.get_mut(at) {
                n.visits += 1;
                n.reward += Self::result(outcome, n.mover);
                at = n.parent;
            }
            self.stats.iterations += 1;
        }
        self.stats.nodes = tree.len();
        let root = tree.first()?;
        let best = root
            .children
            .iter()
            .filter_map(|&c| tree.get(c))
            .max_by_key(|c| c.visits)?;
        self.stats.value = best.reward / best.visits.max(1) as f64;
        best.action.or(Some(first))
    }
}
