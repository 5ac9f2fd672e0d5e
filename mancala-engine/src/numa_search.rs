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

use mancala_core::{Game, Outcome, Player};
use numa::{Choice, Colour, Face, Numa, SCORE_LIMIT, SIZE, Square};

use crate::Rng;
use crate::agents::NumaAgent;
use crate::limits::{Clock, Deadline, Stop};

/// The number of choices of a player.
const CHOICES: usize = Choice::ALL.len();

/// The squares of the board.
const SQUARES: usize = (SIZE as usize) * (SIZE as usize);

/// A displacement of a piece in a turn, `dx` and `dy` from -2 to 2, coded
/// `5 (dx + 2) + (dy + 2)`.
const DISPLACEMENTS: usize = 25;

/// The code of `(dx, dy)`, each from -2 to 2.
const fn displacement(dx: i32, dy: i32) -> usize {
    ((dx + 2) * 5 + (dy + 2)) as usize
}

/// The six pairs of pieces, in shape order.
const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// Numa's turn on tables: where each joint move takes each piece, which
/// squares touch, what each set of pairs scores. Built from the `numa`
/// crate's own [`Square::step`], [`Square::touches`] and
/// [`Shape::value`](numa::Shape::value), and checked against
/// [`Numa`]'s `play` (see the tests).
#[derive(Clone)]
struct Model {
    /// Adjacency across the edges ([`numa::Options::wrap_adjacency`]).
    wrap: bool,
    /// The square after a displacement: `step[square][displacement]`.
    step: [[u8; DISPLACEMENTS]; SQUARES],
    /// Per joint move (`72 arabic + roman`): each piece's displacement, then
    /// the mask of pieces flipped.
    joint: Vec<[u8; 5]>,
    /// The squares touching each square, as bits.
    touching: [u32; SQUARES],
    /// The points of the touching pairs (six bits, in [`PAIRS`] order) among
    /// the lone pieces showing one system (four bits).
    points: [[u8; 16]; 64],
}

/// The index of a square, `5 (y - 1) + (x - 1)`.
fn square_index(square: Square) -> usize {
    usize::from(square.y() - 1) * usize::from(SIZE) + usize::from(square.x() - 1)
}

/// The square of an index below [`SQUARES`].
fn index_square(index: usize) -> Square {
    let side = usize::from(SIZE);
    match Square::new((index % side) as u8 + 1, (index / side % side) as u8 + 1) {
        Some(square) => square,
        None => unreachable!("both coordinates are 1 to 5"),
    }
}

impl Model {
    fn new(wrap: bool) -> Model {
        let mut step = [[0u8; DISPLACEMENTS]; SQUARES];
        for (from, row) in step.iter_mut().enumerate() {
            for dx in -2i32..=2 {
                for dy in -2i32..=2 {
                    let mut square = index_square(from);
                    let x = if dx > 0 { Colour::Red } else { Colour::Green };
                    let y = if dy > 0 { Colour::Yellow } else { Colour::Blue };
                    for _ in 0..dx.abs() {
                        square = square.step(x);
                    }
                    for _ in 0..dy.abs() {
                        square = square.step(y);
                    }
                    row[displacement(dx, dy)] = square_index(square) as u8;
                }
            }
        }
        // Each choice moves each piece at most one step.
        let mut moves = [[(0i32, 0i32); 4]; CHOICES];
        let mut flips = [0u8; CHOICES];
        for (k, choice) in Choice::ALL.iter().enumerate() {
            for instruction in choice.instructions() {
                let d = match instruction.colour {
                    Colour::Yellow => (0, 1),
                    Colour::Red => (1, 0),
                    Colour::Blue => (0, -1),
                    Colour::Green => (-1, 0),
                };
                moves[k][instruction.shape.index()] = d;
                flips[k] |= 1 << instruction.shape.index();
            }
        }
        let mut joint = vec![[0u8; 5]; CHOICES * CHOICES];
        for a in 0..CHOICES {
            for r in 0..CHOICES {
                let entry = &mut joint[a * CHOICES + r];
                for piece in 0..4 {
                    let ((ax, ay), (rx, ry)) = (moves[a][piece], moves[r][piece]);
                    entry[piece] = displacement(ax + rx, ay + ry) as u8;
                }
                entry[4] = flips[a] ^ flips[r];
            }
        }
        let mut touching = [0u32; SQUARES];
        for (a, bits) in touching.iter_mut().enumerate() {
            for b in 0..SQUARES {
                if index_square(a).touches(index_square(b), wrap) {
                    *bits |= 1 << b;
                }
            }
        }
        let mut points = [[0u8; 16]; 64];
        for (touch, row) in points.iter_mut().enumerate() {
            for (lone, slot) in row.iter_mut().enumerate() {
                let mut total = 0;
                for (k, &(i, j)) in PAIRS.iter().enumerate() {
                    if touch & (1 << k) != 0 && lone & (1 << i) != 0 && lone & (1 << j) != 0 {
                        total += numa::Shape::ALL[i].value() + numa::Shape::ALL[j].value();
                    }
                }
                *slot = total as u8;
            }
        }
        Model {
            wrap,
            step,
            joint,
            touching,
            points,
        }
    }
}

/// The tables are not worth printing.
impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("wrap", &self.wrap)
            .finish_non_exhaustive()
    }
}

/// A position on the tables: each piece's square index, the mask of pieces
/// showing Roman, and the scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Position {
    squares: [u8; 4],
    roman: u8,
    scores: [u32; 2],
}

impl Position {
    fn of(game: &Numa) -> Position {
        let mut position = Position {
            squares: [0; 4],
            roman: 0,
            scores: game.points(),
        };
        for (i, piece) in game.pieces().iter().enumerate() {
            position.squares[i] = square_index(piece.square) as u8;
            if piece.face == Face::Roman {
                position.roman |= 1 << i;
            }
        }
        position
    }

    /// The position after Arabic's choice `a` and Roman's `r` (indices in
    /// [`Choice::ALL`]), and the turn's points: `Numa::play`'s turn.
    #[inline]
    fn play(&self, model: &Model, a: usize, r: usize) -> (Position, [u32; 2]) {
        let joint = &model.joint[(a * CHOICES + r) % model.joint.len()];
        let mut squares = [0u8; 4];
        for (i, square) in squares.iter_mut().enumerate() {
            *square = model.step[usize::from(self.squares[i]) % SQUARES]
                [usize::from(joint[i]) % DISPLACEMENTS];
        }
        let roman = self.roman ^ joint[4];
        let [s0, s1, s2, s3] = squares.map(u32::from);
        let near = |s: u32| model.touching[s as usize % SQUARES];
        let (n0, n1, n2) = (near(s0), near(s1), near(s2));
        let touch = ((n0 >> s1) & 1)
            | ((n0 >> s2) & 1) << 1
            | ((n0 >> s3) & 1) << 2
            | ((n1 >> s2) & 1) << 3
            | ((n1 >> s3) & 1) << 4
            | ((n2 >> s3) & 1) << 5;
        let same = |a: u32, b: u32| u8::from(a == b);
        let (e01, e02, e03) = (same(s0, s1), same(s0, s2), same(s0, s3));
        let (e12, e13, e23) = (same(s1, s2), same(s1, s3), same(s2, s3));
        let shared = (e01 | e02 | e03)
            | (e01 | e12 | e13) << 1
            | (e02 | e12 | e23) << 2
            | (e03 | e13 | e23) << 3;
        let lone = !shared & 15;
        let row = &model.points[touch as usize % 64];
        let points = [
            u32::from(row[usize::from(lone & !roman & 15)]),
            u32::from(row[usize::from(lone & roman & 15)]),
        ];
        let next = Position {
            squares,
            roman,
            scores: [
                self.scores[0].saturating_add(points[0]),
                self.scores[1].saturating_add(points[1]),
            ],
        };
        (next, points)
    }

    /// The outcome, by [`Numa`]'s rule: someone at the target with scores
    /// apart wins; a tie at [`SCORE_LIMIT`] or more is a draw.
    fn outcome(&self, target: u32) -> Option<Outcome> {
        let [a, r] = self.scores;
        if a.max(r) >= target && a != r {
            Some(Outcome::Winner(if a > r { Player::P0 } else { Player::P1 }))
        } else if a == r && a >= SCORE_LIMIT {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
}

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
struct Budget {
    nodes: u64,
    limit: u64,
    deadline: Option<Deadline>,
    stop: Option<Stop>,
}

impl Budget {
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

    /// Arabic's payoff of a joint move (indices in [`Choice::ALL`]): the
    /// points difference, plus or minus the win bonus. Also the position
    /// after it.
    #[inline]
    fn payoff(
        model: &Model,
        position: &Position,
        target: u32,
        bonus: f32,
        a: usize,
        r: usize,
    ) -> (f32, Position) {
        let (next, points) = position.play(model, a, r);
        let diff = points[0] as f32 - points[1] as f32;
        let value = match next.outcome(target) {
            Some(Outcome::Winner(Player::P0)) => diff + bonus,
            Some(Outcome::Winner(_)) => diff - bonus,
            _ => diff,
        };
        (value, next)
    }

    /// The midpoint of Arabic's pure maximin and pure minimax of the turn
    /// from `position`, with alpha-beta cut-offs; `order` holds both
    /// players' choices, moved to the front when they cut (killers kept
    /// from one position to the next). `None` if the budget runs out first.
    fn turn_value(
        model: &Model,
        position: &Position,
        target: u32,
        bonus: f32,
        order: &mut [[u8; CHOICES]; 2],
        budget: &mut Budget,
    ) -> Option<f32> {
        let mut payoff = |a: u8, r: u8| {
            budget.spend()?;
            Some(
                Self::payoff(
                    model,
                    position,
                    target,
                    bonus,
                    usize::from(a),
                    usize::from(r),
                )
                .0,
            )
        };
        let mut maximin = f32::NEG_INFINITY;
        for ai in 0..CHOICES {
            let a = order[0][ai];
            let mut worst = f32::INFINITY;
            for ri in 0..CHOICES {
                let v = payoff(a, order[1][ri])?;
                if v < worst {
                    worst = v;
                    if worst <= maximin {
                        order[1][..=ri].rotate_right(1);
                        break;
                    }
                }
            }
            if worst > maximin {
                maximin = worst;
                order[0][..=ai].rotate_right(1);
            }
        }
        let mut minimax = f32::INFINITY;
        for ri in 0..CHOICES {
            let r = order[1][ri];
            let mut best = f32::NEG_INFINITY;
            for ai in 0..CHOICES {
                let v = payoff(order[0][ai], r)?;
                if v > best {
                    best = v;
                    if best >= minimax {
                        order[0][..=ai].rotate_right(1);
                        break;
                    }
                }
            }
            if best < minimax {
                minimax = best;
                order[1][..=ri].rotate_right(1);
            }
        }
        Some(0.5 * (maximin + minimax))
    }

    /// The mover's (`me`'s) best payoff of the turn from `position` against
    /// the opponent's best reply by its average (the reply
    /// [`NumaGreedy`](crate::agents::NumaGreedy) makes), every payoff of
    /// the turn made. `None` if the budget runs out first.
    fn against_best_reply(
        model: &Model,
        position: &Position,
        target: u32,
        bonus: f32,
        me: Player,
        budget: &mut Budget,
    ) -> Option<f32> {
        let mut payoffs = [[0f32; CHOICES]; CHOICES];
        let mut theirs = [0f32; CHOICES];
        for (a, row) in payoffs.iter_mut().enumerate() {
            for (r, slot) in row.iter_mut().enumerate() {
                budget.spend()?;
                *slot = Self::payoff(model, position, target, bonus, a, r).0;
                if me == Player::P0 {
                    theirs[r] += *slot;
                } else {
                    theirs[a] -= *slot;
                }
            }
        }
        // The opponent's best reply: the mover's worst on average, the first
        // of equals.
        let mut reply = 0;
        for t in 1..CHOICES {
            if theirs[t] < theirs[reply] {
                reply = t;
            }
        }
        let best = (0..CHOICES)
            .map(|m| {
                if me == Player::P0 {
                    payoffs[m][reply]
                } else {
                    -payoffs[reply][m]
                }
            })
            .fold(f32::NEG_INFINITY, f32::max);
        Some(best)
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
        // The chance the model gives each rank of reply (the empty group of
        // one plausible reply left out).
        let sizes = group_sizes(plausible);
        let present: f64 = (0..3)
            .filter(|&g| sizes[g] > 0)
            .map(|g| reply_model[g])
            .sum();
        let chance: Vec<f32> = (0..CHOICES)
            .map(|k| {
                let g = group(k, plausible);
                (reply_model[g] / present / sizes[g] as f64) as f32
            })
            .collect();
        let Some(model) = self.model.as_deref() else {
            unreachable!("the model was just built")
        };
        let bonus = self.win_bonus as f32;
        // The mover's payoffs: Arabic's, negated for Roman.
        let sign = if me == Player::P0 { 1.0f32 } else { -1.0 };
        let joint = |mine: usize, theirs: usize| {
            if me == Player::P0 {
                (mine, theirs)
            } else {
                (theirs, mine)
            }
        };
        let mut turn = vec![0f32; CHOICES * CHOICES];
        let (mut mine, mut theirs) = ([0f32; CHOICES], [0f32; CHOICES]);
        for m in 0..CHOICES {
            for t in 0..CHOICES {
                let (a, r) = joint(m, t);
                let v = sign * Self::payoff(model, &position, target, bonus, a, r).0;
                turn[m * CHOICES + t] = v;
                mine[m] += v;
                theirs[t] += v;
            }
        }
        // The turn's matrix and the check of the opponent's reply are made
        // whatever the budget.
        let mut budget = Budget {
            nodes: Self::TURN_NODES,
            limit: self.node_budget,
            deadline: self
                .time_budget
                .and_then(|t| Deadline::after(t, self.clock)),
            stop: self.stop.clone(),
        };
        // The opponent's best replies are the mover's worst (the first of
        // equals first, as `NumaGreedy` chooses).
        let mut replies: Vec<usize> = (0..CHOICES).collect();
        replies.sort_by(|&x, &y| theirs[x].total_cmp(&theirs[y]));
        let mut rank = [0u8; CHOICES];
        for (k, &t) in replies.iter().enumerate() {
            rank[t] = k as u8;
        }
        // The mover's candidates, best first by the turn's payoff against
        // the mixture of a random reply and the opponent model.
        let key: Vec<f32> = (0..CHOICES)
            .map(|m| {
                let row = &turn[m * CHOICES..(m + 1) * CHOICES];
                let modelled: f32 = replies.iter().zip(&chance).map(|(&t, p)| p * row[t]).sum();
                (1.0 - weight as f32) * mine[m] / CHOICES as f32 + weight as f32 * modelled
            })
            .collect();
        let mut candidates: Vec<usize> = (0..CHOICES).collect();
        candidates.sort_by(|&x, &y| key[y].total_cmp(&key[x]));

        let mut order = [[0u8; CHOICES]; 2];
        for (i, slot) in order[0].iter_mut().enumerate() {
            *slot = i as u8;
        }
        order[1] = order[0];
        // The model's chance that the opponent makes his best reply again
        // next turn, when it is the likeliest.
        let best_chance = if chance[0] > 0.5 { chance[0] } else { 0.0 };
        let mut matrix: Vec<f32> = Vec::with_capacity(CHOICES * CHOICES);
        let mut searched = 0;
        'candidates: for &m in candidates
            .iter()
            .take(self.max_candidates.clamp(1, CHOICES))
        {
            let row = matrix.len();
            for &t in &replies {
                let (a, r) = joint(m, t);
                if budget.spend().is_none() {
                    matrix.truncate(row);
                    break 'candidates;
                }
                let (_, next) = Self::payoff(model, &position, target, bonus, a, r);
                let mut v = turn[m * CHOICES + t];
                if next.outcome(target).is_none() {
                    let Some(later) =
                        Self::turn_value(model, &next, target, bonus, &mut order, &mut budget)
                    else {
                        matrix.truncate(row);
                        break 'candidates;
                    };
                    let mut later = sign * later;
                    if t == replies[0] && best_chance > 0.0 {
                        let Some(greedy) =
                            Self::against_best_reply(model, &next, target, bonus, me, &mut budget)
                        else {
                            matrix.truncate(row);
                            break 'candidates;
                        };
                        later += best_chance * (greedy - later);
                    }
                    v += later;
                }
                matrix.push(v);
            }
            searched += 1;
        }
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

/// The candidates x replies matrix game of a move: the mover's payoffs,
/// a row per candidate, a column per reply of the opponent by rank (his
/// best first).
struct Matrix<'a> {
    /// `rows x 72` payoffs, row by row.
    payoffs: &'a [f32],
    /// The rows (candidates).
    rows: usize,
    /// The opponent's plausible replies: the first columns.
    plausible: usize,
    /// The opponent model's chance of each column.
    chance: &'a [f32],
    /// The weight of the opponent model.
    weight: f32,
}

impl Matrix<'_> {
    /// Regret matching+ for `rounds` rounds, the opponent restricted to his
    /// plausible replies; the mover's utilities are against `(1 - weight)`
    /// of the opponent's strategy and `weight` of the opponent model. The
    /// mover's average strategy (weights growing linearly with the round),
    /// summing to 1.
    fn solve(&self, rounds: u32) -> Vec<f32> {
        let (rows, cols, modeled) = (self.rows, CHOICES, self.plausible);
        let row = |i: usize| &self.payoffs[i * cols..(i + 1) * cols];
        let predicted: Vec<f32> = (0..rows)
            .map(|i| row(i).iter().zip(self.chance).map(|(x, p)| x * p).sum())
            .collect();
        let mut regret = (vec![0f32; rows], vec![0f32; modeled]);
        let mut average = vec![0f32; rows];
        let mut mine = vec![1.0 / rows as f32; rows];
        let mut theirs = vec![1.0 / modeled as f32; modeled];
        let (mut u_mine, mut u_theirs) = (vec![0f32; rows], vec![0f32; modeled]);
        for round in 0..rounds.max(1) {
            for (i, u) in u_mine.iter_mut().enumerate() {
                let planned: f32 = row(i)[..modeled]
                    .iter()
                    .zip(&theirs)
                    .map(|(x, p)| x * p)
                    .sum();
                *u = (1.0 - self.weight) * planned + self.weight * predicted[i];
            }
            u_theirs.iter_mut().for_each(|u| *u = 0.0);
            for (i, p) in mine.iter().enumerate() {
                for (u, x) in u_theirs.iter_mut().zip(&row(i)[..modeled]) {
                    *u -= x * p;
                }
            }
            let v_mine: f32 = u_mine.iter().zip(&mine).map(|(u, p)| u * p).sum();
            let v_theirs: f32 = u_theirs.iter().zip(&theirs).map(|(u, p)| u * p).sum();
            for (r, u) in regret.0.iter_mut().zip(&u_mine) {
                *r = (*r + u - v_mine).max(0.0);
            }
            for (r, u) in regret.1.iter_mut().zip(&u_theirs) {
                *r = (*r + u - v_theirs).max(0.0);
            }
            let weight = (round + 1) as f32;
            for (a, p) in average.iter_mut().zip(&mine) {
                *a += weight * p;
            }
            normalise(&regret.0, &mut mine);
            normalise(&regret.1, &mut theirs);
        }
        let mut strategy = vec![0f32; rows];
        normalise(&average, &mut strategy);
        strategy
    }
}

/// `out` in proportion to `weights`, uniform if they are all zero.
fn normalise(weights: &[f32], out: &mut [f32]) {
    let total: f32 = weights.iter().sum();
    if total > 0.0 && total.is_finite() {
        for (o, w) in out.iter_mut().zip(weights) {
            *o = w / total;
        }
    } else {
        let u = 1.0 / out.len().max(1) as f32;
        out.iter_mut().for_each(|o| *o = u);
    }
}

/// An index drawn in proportion to `weights` (the last if rounding leaves
/// none).
fn draw(rng: &mut Rng, weights: &[f32]) -> usize {
    let total: f32 = weights.iter().sum();
    let x = rng.below(1 << 24) as f32 / (1u32 << 24) as f32 * total;
    let mut acc = 0.0;
    for (i, w) in weights.iter().enumerate() {
        acc += w;
        if x < acc {
            return i;
        }
    }
    weights.len().saturating_sub(1)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::{Openings, numa_payoff};
    use numa::{JointMove, Options, Setup};

    /// Positions reached by random play, with both adjacency rules.
    fn positions(seed: u64, count: usize) -> Vec<Numa> {
        let mut out = Vec::new();
        for wrap in [true, false] {
            let options = Options {
                wrap_adjacency: wrap,
                ..Options::standard()
            };
            let start = Numa::new(options).expect("valid options");
            let mut openings = Openings::new(seed, 3);
            out.extend((0..count).map_while(|_| openings.next(&start)));
        }
        out
    }

    #[test]
    fn the_tables_play_every_joint_move_as_numa_does() {
        for game in positions(5, 40) {
            let model = Model::new(game.options().wrap_adjacency);
            let position = Position::of(&game);
            for (a, &arabic) in Choice::ALL.iter().enumerate() {
                for (r, &roman) in Choice::ALL.iter().enumerate() {
                    let mut next = game;
                    let report = next.play_unchecked(JointMove { arabic, roman });
                    let (mine, points) = position.play(&model, a, r);
                    assert_eq!(mine, Position::of(&next), "{game} {arabic}/{roman}");
                    assert_eq!(points, report.points, "{game} {arabic}/{roman}");
                    assert_eq!(mine.outcome(30), next.outcome(), "{game}");
                    let (v, _) = NumaSearch::payoff(&model, &position, 30, 100.0, a, r);
                    let expected = numa_payoff(&game, JointMove { arabic, roman }, 100.0);
                    assert_eq!(f64::from(v), expected);
                }
            }
        }
    }

    #[test]
    fn the_outcome_is_numas_at_the_score_limit() {
        let mut setup: Setup = Numa::default().to_setup();
        for scores in [
            [SCORE_LIMIT, SCORE_LIMIT],
            [29, 29],
            [30, 30],
            [31, 30],
            [3, 30],
        ] {
            setup.scores = scores;
            let game = Numa::from_setup(setup).expect("a valid setup");
            assert_eq!(
                Position::of(&game).outcome(30),
                game.outcome(),
                "{scores:?}"
            );
        }
    }

    /// Arabic's pure maximin and minimax of the turn, every payoff made.
    fn brute_force(model: &Model, position: &Position, target: u32) -> f32 {
        let v = |a, r| NumaSearch::payoff(model, position, target, 100.0, a, r).0;
        let maximin = (0..CHOICES)
            .map(|a| (0..CHOICES).map(|r| v(a, r)).fold(f32::INFINITY, f32::min))
            .fold(f32::NEG_INFINITY, f32::max);
        let minimax = (0..CHOICES)
            .map(|r| {
                (0..CHOICES)
                    .map(|a| v(a, r))
                    .fold(f32::NEG_INFINITY, f32::max)
            })
            .fold(f32::INFINITY, f32::min);
        0.5 * (maximin + minimax)
    }

    #[test]
    fn the_cut_off_turn_value_is_the_full_one_and_makes_fewer_positions() {
        let model = Model::new(true);
        let mut order = [[0u8; CHOICES]; 2];
        for (i, slot) in order[0].iter_mut().enumerate() {
            *slot = i as u8;
        }
        order[1] = order[0];
        let mut budget = Budget {
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
            stop: None,
        };
        let mut count = 0u64;
        for mut game in positions(9, 30)
            .into_iter()
            .filter(|g| g.options().wrap_adjacency)
        {
            for scores in [[0, 0], [27, 12], [25, 29]] {
                let mut setup = game.to_setup();
                setup.scores = scores;
                game = Numa::from_setup(setup).expect("a valid setup");
                let position = Position::of(&game);
                let v =
                    NumaSearch::turn_value(&model, &position, 30, 100.0, &mut order, &mut budget);
                assert_eq!(v, Some(brute_force(&model, &position, 30)), "{game}");
                count += 1;
            }
        }
        // Both passes of every position would make 2 x 5,184 positions.
        let nodes = budget.nodes;
        assert!(nodes < count * 5_184, "{nodes} positions for {count}");
    }

    #[test]
    fn regret_matching_finds_matching_pennies_mixed() {
        // Two candidates; the opponent's first two replies are plausible,
        // the others never matter to him.
        let mut payoffs = vec![0f32; 2 * CHOICES];
        payoffs[0] = 1.0;
        payoffs[1] = -1.0;
        payoffs[CHOICES] = -1.0;
        payoffs[CHOICES + 1] = 1.0;
        let uniform = vec![1.0 / CHOICES as f32; CHOICES];
        let solve = |payoffs: &[f32], chance: &[f32], weight: f32| {
            Matrix {
                payoffs,
                rows: 2,
                plausible: 2,
                chance,
                weight,
            }
            .solve(2_000)
        };
        let s = solve(&payoffs, &uniform, 0.0);
        assert!((s[0] - 0.5).abs() < 0.05, "{s:?}");
        assert!((s.iter().sum::<f32>() - 1.0).abs() < 1e-5);
        // Against a random opponent only the uniform average counts: row 0
        // gains 1 against reply 5 and is the best reply.
        payoffs[5] = 1.0;
        let s = solve(&payoffs, &uniform, 1.0);
        assert!(s[0] > 0.99, "{s:?}");
        // Against an opponent who always makes his best reply (column 0),
        // row 0 wins.
        let mut best = vec![0f32; CHOICES];
        best[0] = 1.0;
        let s = solve(&payoffs, &best, 1.0);
        assert!(s[0] > 0.99, "{s:?}");
    }

    /// The reply model after `turns` turns of `opponent` as Roman.
    fn learned(opponent: &mut dyn NumaAgent, game: Numa, turns: usize) -> [f64; 3] {
        let mut search = NumaSearch::new(1).with_nodes(20_000);
        let mut game = game;
        for _ in 0..turns {
            if game.is_over() {
                break;
            }
            let arabic = search.choose(&game, Player::P0);
            let roman = opponent.choose(&game, Player::P1);
            game.play(JointMove { arabic, roman })
                .expect("the game goes on");
        }
        search.reply_model()
    }

    #[test]
    fn the_reply_model_learns_random_and_greedy_opponents() {
        let games = positions(11, 6);
        let model = learned(&mut crate::agents::NumaRandom::new(2), games[0], 12);
        assert!(model[2] > 0.6, "{model:?}");
        let model = learned(&mut crate::agents::NumaGreedy, games[1], 12);
        assert!(model[0] > 0.6, "{model:?}");
    }
}
