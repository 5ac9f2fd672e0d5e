//! A simultaneous-move search for Numa: a two-turn lookahead matrix game,
//! solved by regret matching, against an opponent model learned during
//! play.
//!
//! [`NumaSearch`] chooses a Numa [`Choice`] for one player. Each turn:
//!
//! 1. **The turn's matrix.** Every one of the 72 x 72 joint moves is played
//!    on a compact copy of the position, its payoff the points difference of
//!    the turn, plus (minus) [`NumaSearch::win_bonus`] if the turn wins
//!    (loses) the game: [`numa_payoff`](crate::agents::numa_payoff)'s
//!    payoff.
//! 2. **Replies and candidates.** The opponent's 72 replies are ranked by
//!    their average payoff against all of the mover's choices, his best
//!    first (the first of equals first: the order in which
//!    [`NumaGreedy`](crate::agents::NumaGreedy) chooses); his first
//!    [`NumaSearch::plausible`] are his *plausible replies*. The mover's
//!    choices are ranked by their payoff against a mixture of a random
//!    reply and the opponent model (below), weighed as in step 4.
//! 3. **Two-turn values.** For each of the mover's candidates in that order,
//!    at most [`NumaSearch::max_candidates`] and while the budget lasts, and
//!    each of the 72 replies, the joint move's payoff is its turn's payoff
//!    plus the value of the next turn's matrix game (unless the game is
//!    over). That value is the midpoint of the next turn's pure maximin and
//!    pure minimax, between which its mixed value lies, found with
//!    alpha-beta cut-offs and killer ordering (about a quarter of its 5,184
//!    positions are made). When the opponent model (below) gives the
//!    opponent's best reply a chance `p` over one half, the next turn after
//!    that reply is worth `p` of the mover's best payoff against the
//!    opponent's best reply there (all 5,184 positions made) and `1 - p` of
//!    the midpoint.
//! 4. **Solving.** Regret matching+ runs [`NumaSearch::rounds`] rounds on
//!    the candidates x replies matrix: the opponent's strategy is kept to
//!    his plausible replies, and the mover's utilities are against the
//!    mixture `(1 - w)` of that strategy and `w` of the opponent model, `w`
//!    the model's weight ([`NumaSearch::current_model_weight`]: `n / (n +
//!    2)` after `n` turns judged). The choice is drawn (seeded) from the
//!    mover's average strategy.
//! 5. **No cycles.** A position the agent has already met since the last
//!    point was scored (in the last 64 turns) is not answered with a choice
//!    it made there before, unless every candidate was: two deterministic
//!    players can otherwise go round a cycle of pointless turns for ever.
//!
//! **The opponent model** ([`NumaSearch::reply_model`]) is learned from the
//! opponent's play: at each turn the agent finds which replies lead from
//! its last position, through its own last choice, to the position it is
//! given (the replies are not otherwise shown), and counts the turn for the
//! group of their ranks: his best reply, his other plausible replies, or
//! the rest (shared by the chance the model gives each, when several
//! replies fit). A reply is then as likely as its group's count (one turn
//! of each counted before any) shared among the group's replies. So the
//! agent answers a predictable opponent
//! ([`NumaGreedy`](crate::agents::NumaGreedy), whose reply is always the
//! best by its average) with the best reply to his move, a random one
//! ([`NumaRandom`](crate::agents::NumaRandom)) with the best reply to
//! randomness, and, before it knows him, with the equilibrium of his
//! plausible replies. [`NumaSearch::model_weight`] fixes the model's weight
//! instead.
//!
//! Why this shape: in Numa everything is close (on a 5x5 torus no two
//! squares are more than two steps apart either way), a piece flips
//! whenever one player names it, and a defender can often break every pair
//! the other could make (in about two positions of five reached by random
//! play one of his 72 choices stops every pair of the other's). So the game
//! is mostly a guessing game over a turn or two, and what wins is guessing
//! well: a wide equilibrium over every reply (the pure game theory answer)
//! plays too safe and lets greedy opponents block it for ever, while a model
//! of the opponent's likely replies wins (see [Measurements](#measurements)).
//!
//! # Budget
//!
//! A move makes at most [`NumaSearch::node_budget`] positions (turns played
//! on the compact copy), counted exactly, so the choice depends only on the
//! seed and the positions shown; an optional [`NumaSearch::time_budget`]
//! stops it sooner (the choice then depends on the machine). Both are
//! checked before each candidate's replies and within the next turn's
//! values; the turn's own matrix ([`NumaSearch::TURN_NODES`] positions) is
//! made whatever the budget, and a search stopped before its first candidate draws the first
//! candidate. The default budget, [`NumaSearch::DEFAULT_NODES`], searches
//! all eight default candidates in almost every position, in about 15 to
//! 25 ms on one core.
//!
//! # Measurements
//!
//! `mancala tournament numa search OPPONENT
//! --games 200 --seed SEED`: 200 games, seats alternating, 100 random
//! openings of two turns each played from both seats, every game's agents
//! seeded apart; the percentage counts a draw as half a win (wins, draws,
//! losses in brackets), and a game unfinished after 2,000 turns is scored
//! as it stands (a few against `NumaGreedy`, whose replies can block every
//! pair for ever; they are most of that tournament's time, three to five
//! minutes on one shared core).
//!
//! | this agent, default budget | against `NumaGreedy` | against `NumaRandom` |
//! | --- | --- | --- |
//! | `--seed 2026` | 99.2% (198-1-1; 3 games stopped) | 93.0% (186-0-14) |
//! | `--seed 7` | 99.0% (197-2-1; 4 games stopped) | 94.5% (189-0-11) |
//!
//! Earlier shapes of the search, measured while it was developed (200
//! games each unless said, by a program not kept):
//!
//! | method | against `NumaGreedy` | against `NumaRandom` |
//! | --- | --- | --- |
//! | decoupled UCT, random playouts (5,000 iterations) | 39% (of 100) | 68% (2,000 iterations, of 100) |
//! | regret matching on the turn's matrix ([`RegretMatching`](crate::agents::RegretMatching)) | 53% | 74% |
//! | two turns, equilibrium over all 72 replies | 70% | 90% |
//! | two turns, equilibrium over the 8 plausible replies | 90% | 86% |
//! | two turns, best reply to a random opponent | 51% | 93% |
//! | two turns, learned share of random replies (no best-reply group; 63 games stopped after 300 turns) | 87% | |
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Game, Player};
//! use mancala_engine::agents::{NumaAgent, NumaRandom};
//! use mancala_engine::numa_search::NumaSearch;
//! use numa::{JointMove, Numa};
//!
//! let mut game = Numa::default();
//! // A small budget: a candidate or two a turn.
//! let mut search = NumaSearch::new(7).with_nodes(100_000);
//! let mut random = NumaRandom::new(7);
//! while !game.is_over() {
//!     let arabic = search.choose(&game, Player::P0);
//!     assert!(search.stats().nodes <= 100_000);
//!     let roman = random.choose(&game, Player::P1);
//!     game.play(JointMove { arabic, roman })?;
//! }
//! // The opponent's replies were mostly far from his best.
//! assert!(search.reply_model()[2] > search.reply_model()[0]);
//! # Ok::<(), numa::PlayError>(())
//! ```

use std::time::Duration;

use mancala_core::{Game, Player};
use numa::{Choice, Numa};

use crate::Rng;
use crate::agents::NumaAgent;
use crate::limits::{Clock, Deadline, Stop};

mod lookahead;
mod matrix;
mod payoffs;
mod tables;
#[cfg(test)]
mod tests;

use lookahead::{Lookahead, TurnMatrix};
use matrix::{Matrix, draw};
use payoffs::Payoffs;
use tables::{CHOICES, Model, Position};

/// What the last [`choose`](NumaAgent::choose) of a [`NumaSearch`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NumaSearchStats {
    /// Positions made (turns played on the compact copy), at most the node
    /// budget or [`NumaSearch::TURN_NODES`], whichever is more.
    pub nodes: u64,
    /// The mover's candidates searched two turns deep (0 if the game was
    /// over).
    pub candidates: usize,
    /// The weight of the opponent model used (see
    /// [`NumaSearch::model_weight`]).
    pub model_weight: f64,
    /// The opponent model used: the chances of his best reply, of his other
    /// plausible replies, and of the rest (see
    /// [`NumaSearch::reply_model`]).
    pub reply_model: [f64; 3],
}

/// Positions made by a search, and its limits.
struct NodeCounter {
    nodes: u64,
    limit: u64,
    deadline: Option<Deadline>,
    stop: Option<Stop>,
}

impl NodeCounter {
    /// Counts one position, or `None` (counting nothing) if the node budget
    /// is spent or, checked every 1,024 positions, the time is up.
    #[inline]
    fn spend(&mut self) -> Option<()> {
        if self.nodes >= self.limit {
            return None;
        }
        if self.nodes.is_multiple_of(1_024)
            && (self.deadline.as_ref().is_some_and(Deadline::passed)
                || self.stop.as_ref().is_some_and(Stop::is_stopped))
        {
            self.limit = self.nodes;
            return None;
        }
        self.nodes += 1;
        Some(())
    }
}

/// The last turn seen, to learn which reply the opponent made.
#[derive(Clone, Copy, Debug)]
struct LastTurn {
    position: Position,
    target: u32,
    player: Player,
    choice: usize,
    /// The rank of each of the opponent's choices (by [`Choice::ALL`]
    /// index) in the agent's order of his replies, best first.
    rank: [u8; CHOICES],
}

/// The group of a reply's rank: 0 the best reply, 1 the other plausible
/// ones, 2 the rest.
fn group(rank: usize, plausible: usize) -> usize {
    if rank == 0 {
        0
    } else if rank < plausible {
        1
    } else {
        2
    }
}

/// The number of ranks in each [`group`].
fn group_sizes(plausible: usize) -> [usize; 3] {
    [1, plausible - 1, CHOICES - plausible]
}

/// A two-turn simultaneous-move search for Numa (see the
/// [module docs](self)): seeded, with a node budget and an optional time
/// budget.
///
/// An agent learns about its opponent as it plays
/// ([`NumaSearch::reply_model`]); one agent is meant to play one opponent,
/// a game or a match of games after another.
#[derive(Clone, Debug)]
pub struct NumaSearch {
    /// Most positions one move may make (counted exactly), but never fewer
    /// than the turn's own matrix, [`NumaSearch::TURN_NODES`].
    pub node_budget: u64,
    /// Most time one move may take, if any.
    pub time_budget: Option<Duration>,
    /// A flag that stops the search from outside (checked with the time).
    pub stop: Option<Stop>,
    /// The clock the time budget reads (see
    /// [`Limits::clock`](crate::Limits::clock)).
    pub clock: Option<Clock>,
    /// Most of the mover's own choices searched two turns deep, best first
    /// by their payoff against the opponent model mixed with random replies
    /// (1 to 72; 0 is read as 1).
    pub max_candidates: usize,
    /// How many of the opponent's best replies (by their average payoff)
    /// are plausible (1 to 72; 0 is read as 1).
    pub plausible: usize,
    /// The payoff for winning the game on a turn, beyond its points.
    pub win_bonus: f64,
    /// Rounds of regret matching on the candidates x replies matrix.
    pub rounds: u32,
    /// A fixed weight of the opponent model (0 to 1): 0 plays the
    /// equilibrium against his plausible replies, 1 the best reply to the
    /// model. `None` learns it: the turns judged `n` give `n / (n + 2)`.
    pub model_weight: Option<f64>,
    rng: Rng,
    model: Option<Box<Model>>,
    last: Option<LastTurn>,
    /// The opponent's judged replies, by [`group`], before the prior.
    groups: [f64; 3],
    /// The positions of the last turns since a point was scored, with the
    /// player and his choice.
    history: Vec<(Position, Player, usize)>,
    stats: NumaSearchStats,
}

impl NumaSearch {
    /// The default node budget: the eight default candidates in almost
    /// every position.
    pub const DEFAULT_NODES: u64 = 1_500_000;
    /// The default number of candidates.
    pub const DEFAULT_CANDIDATES: usize = 8;
    /// The default number of plausible replies.
    pub const DEFAULT_PLAUSIBLE: usize = 8;
    /// The default win bonus: more than any turn's points.
    pub const DEFAULT_BONUS: f64 = 100.0;
    /// The default rounds of regret matching.
    pub const DEFAULT_ROUNDS: u32 = 500;
    /// Positions every move makes whatever the budget: the turn's 72 x 72
    /// joint moves, and the 72 replies checked to learn the opponent's.
    pub const TURN_NODES: u64 = (CHOICES * CHOICES + CHOICES) as u64;
    /// Judged turns at which a learned model weight is one half.
    const PRIOR_TURNS: f64 = 2.0;
    /// Turns kept to find repeated positions.
    const HISTORY: usize = 64;

    /// An agent of the default budget, drawing its choices from `seed`.
    pub fn new(seed: u64) -> NumaSearch {
        NumaSearch {
            node_budget: Self::DEFAULT_NODES,
            time_budget: None,
            stop: None,
            clock: crate::limits::system_clock(),
            max_candidates: Self::DEFAULT_CANDIDATES,
            plausible: Self::DEFAULT_PLAUSIBLE,
            win_bonus: Self::DEFAULT_BONUS,
            rounds: Self::DEFAULT_ROUNDS,
            model_weight: None,
            rng: Rng::new(seed),
            model: None,
            last: None,
            groups: [0.0; 3],
            history: Vec::new(),
            stats: NumaSearchStats::default(),
        }
    }

    /// The same agent with a node budget of `nodes` positions per move.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> NumaSearch {
        self.node_budget = nodes;
        self
    }

    /// The same agent, also limited to `budget` of time per move.
    #[must_use]
    pub fn with_time(mut self, budget: Duration) -> NumaSearch {
        self.time_budget = Some(budget);
        self
    }

    /// What the last [`choose`](NumaAgent::choose) did.
    pub fn stats(&self) -> NumaSearchStats {
        self.stats
    }

    /// The opponent model learned so far: the chances that his reply is
    /// the best one by its average payoff (the one
    /// [`NumaGreedy`](crate::agents::NumaGreedy) makes), one of his other
    /// plausible replies, or one of the rest; each reply within a group is
    /// as likely as the others. One judged turn of each group comes before
    /// any, so `[1/3, 1/3, 1/3]` at first; a uniformly random opponent
    /// tends to `[1/72, 7/72, 64/72]` (with 8 plausible replies).
    pub fn reply_model(&self) -> [f64; 3] {
        let total: f64 = self.groups.iter().sum::<f64>() + 3.0;
        self.groups.map(|g| (g + 1.0) / total)
    }

    /// The weight of the opponent model: [`NumaSearch::model_weight`], or
    /// `n / (n + 2)` after `n` judged turns.
    pub fn current_model_weight(&self) -> f64 {
        let judged: f64 = self.groups.iter().sum();
        self.model_weight
            .unwrap_or(judged / (judged + Self::PRIOR_TURNS))
            .clamp(0.0, 1.0)
    }

    /// The tables for these options, built once.
    fn model(&mut self, wrap: bool) -> &Model {
        if self.model.as_ref().is_none_or(|m| m.wrap != wrap) {
            self.model = Some(Box::new(Model::new(wrap)));
        }
        match &self.model {
            Some(model) => model,
            None => unreachable!("the model was just built"),
        }
    }

    /// Learns from the reply the opponent made to the agent's last choice,
    /// if `now` follows the last position seen.
    fn judge(&mut self, now: &Position, target: u32, player: Player) {
        let Some(last) = self.last.take() else {
            return;
        };
        if last.player != player || last.target != target {
            return;
        }
        let Some(model) = self.model.as_deref() else {
            return;
        };
        let plausible = self.plausible.clamp(1, CHOICES);
        let sizes = group_sizes(plausible);
        let prior = self.reply_model();
        // Each reply that explains the position, by the chance the model
        // gives it: the judged turn is shared among their groups.
        let mut share = [0.0f64; 3];
        for reply in 0..CHOICES {
            let (a, r) = if player == Player::P0 {
                (last.choice, reply)
            } else {
                (reply, last.choice)
            };
            if last.position.play(model, a, r).0 == *now {
                let g = group(usize::from(last.rank[reply]), plausible);
                share[g] += prior[g] / sizes[g].max(1) as f64;
            }
        }
        let total: f64 = share.iter().sum();
        if total > 0.0 {
            for (g, s) in self.groups.iter_mut().zip(share) {
                *g += s / total;
            }
        }
    }

    /// The search: all the mover's choices (indices in [`Choice::ALL`]),
    /// candidates first, best first; his strategy over the candidates
    /// searched (the first of them); and the rank of each of the opponent's
    /// replies.
    fn search(&mut self, game: &Numa, me: Player) -> (Vec<usize>, Vec<f32>, [u8; CHOICES]) {
        let target = game.options().target;
        let position = Position::of(game);
        self.model(game.options().wrap_adjacency);
        self.judge(&position, target, me);
        let weight = self.current_model_weight();
        let plausible = self.plausible.clamp(1, CHOICES);
        let reply_model = self.reply_model();
        let chance = rank_chances(reply_model, plausible);
        let Some(model) = self.model.as_deref() else {
            unreachable!("the model was just built")
        };
        let payoffs = Payoffs {
            model,
            target,
            bonus: self.win_bonus as f32,
        };
        let turn = TurnMatrix::of(&payoffs, &position, me);
        // The turn's matrix and the check of the opponent's reply are made
        // whatever the budget.
        let mut budget = NodeCounter {
            nodes: Self::TURN_NODES,
            limit: self.node_budget,
            deadline: self
                .time_budget
                .and_then(|t| Deadline::after(t, self.clock)),
            stop: self.stop.clone(),
        };
        let replies = turn.replies();
        let mut rank = [0u8; CHOICES];
        for (k, &t) in replies.iter().enumerate() {
            rank[t] = k as u8;
        }
        let candidates = turn.candidates(&replies, &chance, weight);
        let lookahead = Lookahead {
            payoffs,
            position,
            me,
            turn: &turn.payoffs,
            replies: &replies,
            // The model's chance that the opponent makes his best reply
            // again next turn, when it is the likeliest.
            best_chance: if chance[0] > 0.5 { chance[0] } else { 0.0 },
        };
        let most = self.max_candidates.clamp(1, CHOICES);
        let (matrix, searched) = lookahead.rows(&candidates[..most], &mut budget);
        self.stats = NumaSearchStats {
            nodes: budget.nodes,
            candidates: searched,
            model_weight: weight,
            reply_model,
        };
        if searched == 0 {
            // Not even one candidate: the first by the turn's payoff.
            return (candidates, vec![1.0], rank);
        }
        let game = Matrix {
            payoffs: &matrix,
            rows: searched,
            plausible,
            chance: &chance,
            weight: weight as f32,
        };
        let strategy = game.solve(self.rounds);
        (candidates, strategy, rank)
    }
}

/// The chance the opponent model gives each rank of reply, best first
/// (the empty group of one plausible reply left out).
fn rank_chances(reply_model: [f64; 3], plausible: usize) -> Vec<f32> {
    let sizes = group_sizes(plausible);
    let present: f64 = (0..3)
        .filter(|&g| sizes[g] > 0)
        .map(|g| reply_model[g])
        .sum();
    (0..CHOICES)
        .map(|k| {
            let g = group(k, plausible);
            (reply_model[g] / present / sizes[g] as f64) as f32
        })
        .collect()
}

impl NumaAgent for NumaSearch {
    /// `player`'s choice, drawn from the search's strategy (leaving out, in
    /// a position met again since the last point, the choices made there
    /// before). Once the game is over, or for a player other than 0 and 1,
    /// the first of [`Choice::ALL`], with no search (the stats are then all
    /// zero).
    fn choose(&mut self, game: &Numa, player: Player) -> Choice {
        if game.is_over() || player.index() > 1 {
            self.stats = NumaSearchStats::default();
            self.last = None;
            return Choice::ALL[0];
        }
        let position = Position::of(game);
        let (choices, strategy, rank) = self.search(game, player);
        // A position seen before in this stretch without points: the
        // choices made there are left out, so that a cycle is broken.
        if self
            .history
            .last()
            .is_some_and(|(seen, ..)| seen.scores != position.scores)
        {
            self.history.clear();
        }
        let made = |choice: usize| {
            self.history
                .iter()
                .any(|&(seen, who, c)| seen == position && who == player && c == choice)
        };
        let mut fresh = strategy.clone();
        for (w, &c) in fresh.iter_mut().zip(&choices) {
            if made(c) {
                *w = 0.0;
            }
        }
        let index = if fresh.iter().any(|&w| w > 0.0) {
            draw(&mut self.rng, &fresh)
        } else {
            let drawn = draw(&mut self.rng, &strategy);
            (0..CHOICES)
                .find(|&i| choices.get(i).is_some_and(|&c| !made(c)))
                .unwrap_or(drawn)
        };
        let pick = choices.get(index).copied().unwrap_or(0);
        if self.history.len() >= Self::HISTORY {
            self.history.remove(0);
        }
        self.history.push((position, player, pick));
        self.last = Some(LastTurn {
            position,
            target: game.options().target,
            player,
            choice: pick,
            rank,
        });
        Choice::ALL[pick % CHOICES]
    }
}
