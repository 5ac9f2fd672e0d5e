//! The arithmetic of a tournament: a crosstable of results and Elo ratings
//! estimated from it, with their error bars.
//!
//! - [`Record`]: one agent's wins, draws and losses against another; its
//!   points count a win 1 and a draw 1/2 ([`Record::points_text`] writes
//!   them exactly, `13.5/20`).
//! - [`Crosstable`]: the record of every agent against every other, kept
//!   from both sides.
//! - [`fit`]: the maximum-likelihood Bradley–Terry (logistic Elo) fit of a
//!   whole crosstable, draws counting as half a win and half a loss, with a
//!   covariance matrix of the ratings; [`Ratings`] holds it, ratings
//!   averaging 0, and [`Ratings::anchored_at`] moves the zero to one agent.
//! - [`two_agent`]: the closed form for one pairing, from the score fraction
//!   `p`: Elo = −400 log10(1/p − 1), its standard error by the delta method
//!   from the per-game variance of the score. [`fit`] on two agents gives
//!   the same difference and the same error bar.
//!
//! # The model
//!
//! Agent `i` has a rating `r_i` (in Elo); it scores against `j`, per game,
//! `P(i, j) = 1 / (1 + 10^((r_j − r_i) / 400))` on average. The fit finds the
//! ratings that make each agent's expected total score equal its actual
//! total, which is where the likelihood of the games (draws as half wins) is
//! highest. Ratings are only defined up to a common shift; [`fit`] makes them
//! average 0.
//!
//! # A clamp away from 0% and 100%
//!
//! An agent that wins (or loses) every game of a pairing has an infinite
//! maximum-likelihood rating gap. So, before fitting, every pairing's points
//! are clamped into `[1/2, games − 1/2]`: a whitewash `20/20` counts as
//! `19.5/20`, as if one of the wins had been a draw (see
//! [`clamped_fraction`]). The clamp touches nothing else, and
//! [`Ratings::clamped`] lists the pairings it changed. A rating from a
//! clamped pairing is a lower bound on the gap, and its error bar (the
//! delta method near `p = 0` or `1`) is too narrow.
//!
//! # Error bars
//!
//! The standard errors are those of the delta method with the observed
//! per-game variance (the "sandwich" estimator `H⁻¹ J H⁻¹`, `H` the Fisher
//! information of the fit and `J` the sum of the squared per-game
//! residuals): draws lower the variance of a game's score, and the bars
//! show it. For two agents this is exactly the textbook formula of
//! [`two_agent`]. Games are treated as independent; a pairing that plays
//! every opening from both seats correlates its games in pairs, which this
//! ignores. A 95% interval is [`Z95`] (1.96) standard errors either side.
//!
//! # Examples
//!
//! ```
//! use mancala_cli::ratings::{Crosstable, Record, fit, two_agent};
//!
//! // A scored 15 wins and 5 losses against B: 75%, +190.8 Elo.
//! let record = Record { wins: 15, draws: 0, losses: 5 };
//! assert_eq!(record.points_text(), "15/20");
//! let closed = two_agent(record).unwrap();
//! assert!((closed.elo - 190.85).abs() < 0.01);
//!
//! let mut table = Crosstable::new(2);
//! table.set(0, 1, record).unwrap();
//! let ratings = fit(&table).unwrap();
//! let gap = ratings.difference(0, 1).unwrap();
//! assert!((gap.elo - closed.elo).abs() < 1e-6);
//! assert!((gap.se - closed.se).abs() < 1e-6);
//! // Ratings average 0: +95.4 and −95.4.
//! assert!((ratings.elo(0).unwrap() + ratings.elo(1).unwrap()).abs() < 1e-9);
//! ```

mod matrix;

use std::f64::consts::LN_10;
use std::fmt;

use matrix::{add_pair, matmul, mul, pseudo_inverse};

/// Elo points per unit of log-odds: 400 / ln 10 (about 173.7). A rating
/// gap of `d` Elo makes the odds of the stronger agent `10^(d/400)`, that
/// is `e^(d / ELO_PER_LOGIT)`.
pub const ELO_PER_LOGIT: f64 = 400.0 / LN_10;

/// Standard errors either side of an estimate for a two-sided 95%
/// interval (the normal quantile 0.975).
pub const Z95: f64 = 1.959_963_984_540_054;

/// One game's result for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// 1 point.
    Win,
    /// 1/2 point.
    Draw,
    /// No point.
    Loss,
}

impl GameResult {
    /// The same game for the other side.
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }
}

/// One agent's results against another (or against all others).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Record {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points in halves: 2 a win, 1 a draw (exact).
    pub fn half_points(&self) -> u32 {
        2 * self.wins + self.draws
    }

    /// Points: 1 a win, 1/2 a draw.
    pub fn points(&self) -> f64 {
        f64::from(self.half_points()) / 2.0
    }

    /// Points per game, `None` if no game was played.
    pub fn fraction(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / f64::from(self.games()))
    }

    /// The points out of the games, exactly: `13.5/20`, `0/20`.
    pub fn points_text(&self) -> String {
        let half = self.half_points();
        let whole = half / 2;
        if half.is_multiple_of(2) {
            format!("{whole}/{}", self.games())
        } else {
            format!("{whole}.5/{}", self.games())
        }
    }

    /// The same games from the other side.
    pub fn reversed(&self) -> Record {
        Record {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Counts one more game.
    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::Win => self.wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Loss => self.losses += 1,
        }
    }

    /// Both records' games together.
    pub fn merged(&self, other: &Record) -> Record {
        Record {
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
        }
    }

    /// The sum over the games of `(x − p)²`, `x` each game's points (1,
    /// 1/2 or 0): the per-game variance around `p` times the games.
    pub fn squared_residuals(&self, p: f64) -> f64 {
        f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2)
            + f64::from(self.losses) * p.powi(2)
    }
}

/// Why a [`Crosstable`] refused a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CrosstableError {
    /// The agent is not in the table.
    #[error("agent {agent} is not in a table of {agents}")]
    NoSuchAgent {
        /// The agent asked for.
        agent: usize,
        /// Agents in the table.
        agents: usize,
    },
    /// An agent cannot play itself.
    #[error("agent {0} cannot play itself")]
    SameAgent(usize),
}

/// The record of every agent against every other, from both sides: the
/// cell `(row, col)` is `row`'s record against `col`, and it is always
/// `(col, row)` reversed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    agents: usize,
    cells: Vec<Record>,
}

impl Crosstable {
    /// A table of `agents` agents, no games.
    pub fn new(agents: usize) -> Crosstable {
        Crosstable {
            agents,
            cells: vec![Record::default(); agents * agents],
        }
    }

    /// Agents in the table.
    pub fn agents(&self) -> usize {
        self.agents
    }

    fn index(&self, row: usize, col: usize) -> Result<usize, CrosstableError> {
        for agent in [row, col] {
            if agent >= self.agents {
                return Err(CrosstableError::NoSuchAgent {
                    agent,
                    agents: self.agents,
                });
            }
        }
        Ok(row * self.agents + col)
    }

    /// `row`'s record against `col` (no games against itself); `None` if
    /// either is not in the table.
    pub fn record(&self, row: usize, col: usize) -> Option<Record> {
        let i = self.index(row, col).ok()?;
        self.cells.get(i).copied()
    }

    /// Counts one game between `a` and `b`, `result` for `a`.
    ///
    /// # Errors
    ///
    /// [`CrosstableError`] if `a` or `b` is not in the table or `a == b`;
    /// the table is unchanged.
    pub fn add(&mut self, a: usize, b: usize, result: GameResult) -> Result<(), CrosstableError> {
        let mut record = self.record(a, b).unwrap_or_default();
        record.add(result);
        self.set(a, b, record)
    }

    /// Makes `a`'s record against `b` be `record` (and `b`'s against `a`
    /// its reverse).
    ///
    /// # Errors
    ///
    /// [`CrosstableError`] if `a` or `b` is not in the table or `a == b`;
    /// the table is unchanged.
    pub fn set(&mut self, a: usize, b: usize, record: Record) -> Result<(), CrosstableError> {
        if a == b {
            return Err(CrosstableError::SameAgent(a));
        }
        let ab = self.index(a, b)?;
        let ba = self.index(b, a)?;
        self.cells[ab] = record;
        self.cells[ba] = record.reversed();
        Ok(())
    }

    /// `agent`'s record against all the others together (empty if it is
    /// not in the table).
    pub fn total(&self, agent: usize) -> Record {
        (0..self.agents)
            .filter_map(|col| self.record(agent, col))
            .fold(Record::default(), |a, b| a.merged(&b))
    }

    /// Games in the table.
    pub fn games(&self) -> u32 {
        (0..self.agents).map(|a| self.total(a).games()).sum::<u32>() / 2
    }
}

/// A rating (or rating gap) in Elo and its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimate, in Elo.
    pub elo: f64,
    /// Its standard error, in Elo.
    pub se: f64,
}

impl Estimate {
    /// Half the width of the 95% interval: [`Z95`] standard errors.
    pub fn margin95(&self) -> f64 {
        Z95 * self.se
    }
}

/// The Elo gap that makes the stronger side score `p` a game:
/// `−400 log10(1/p − 1)` (+190.8 for 75%; infinite at 0 and 1, NaN outside
/// `[0, 1]`).
pub fn elo_from_fraction(p: f64) -> f64 {
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected points a game of an agent rated `gap` Elo above its
/// opponent: `1 / (1 + 10^(−gap/400))` (the inverse of
/// [`elo_from_fraction`]).
pub fn expected_fraction(gap: f64) -> f64 {
    logistic(gap / ELO_PER_LOGIT)
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `ln(logistic(x))`, without overflow for large `|x|`.
fn ln_logistic(x: f64) -> f64 {
    if x > 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// The record's points clamped into `[1/2, games − 1/2]` (see the [module
/// docs](self)), in halves: a whitewash loses (or gains) half a point.
/// With one game, always 1/2.
pub fn clamped_half_points(record: &Record) -> u32 {
    let games = record.games();
    if games == 0 {
        return 0;
    }
    record.half_points().clamp(1, 2 * games - 1)
}

/// The record's points per game after [`clamped_half_points`]; `None` for
/// no games. `20/20` gives 0.975, `0/20` 0.025, anything between is
/// unchanged.
pub fn clamped_fraction(record: &Record) -> Option<f64> {
    let games = record.games();
    (games > 0).then(|| f64::from(clamped_half_points(record)) / f64::from(2 * games))
}

/// The Elo gap between two agents from one's record against the other,
/// with its standard error by the delta method: `p` the (clamped) points
/// per game, `σ²` the per-game variance of the points around `p`, the
/// gap's standard error is `dElo/dp · σ/√n` with
/// `dElo/dp = 400 / (ln 10 · p (1 − p))`. `None` with no games.
///
/// # Examples
///
/// ```
/// use mancala_cli::ratings::{Record, two_agent};
///
/// let even = two_agent(Record { wins: 3, draws: 4, losses: 3 }).unwrap();
/// assert_eq!(even.elo, 0.0);
/// ```
pub fn two_agent(record: Record) -> Option<Estimate> {
    let p = clamped_fraction(&record)?;
    let n = f64::from(record.games());
    let variance = record.squared_residuals(p) / n;
    let slope = ELO_PER_LOGIT / (p * (1.0 - p));
    Some(Estimate {
        elo: elo_from_fraction(p),
        se: slope * (variance / n).sqrt(),
    })
}

/// Why [`fit`] found no ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// Fewer than two agents.
    #[error("ratings need at least two agents")]
    TooFewAgents,
    /// Some agents are not linked to the others by games played, so their
    /// ratings cannot be compared.
    #[error("the games played do not link every agent to every other")]
    Disconnected,
    /// Newton's method did not settle (not seen in practice).
    #[error("the rating fit did not converge")]
    NoConvergence,
}

/// Ratings fitted to a [`Crosstable`]: an [`Estimate`] for every agent and
/// the covariance of the estimates. See the [module docs](self).
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    elo: Vec<f64>,
    /// Covariance of the ratings, in Elo².
    covariance: Vec<Vec<f64>>,
    clamped: Vec<(usize, usize)>,
    anchor: Option<usize>,
}

impl Ratings {
    /// Agents rated.
    pub fn len(&self) -> usize {
        self.elo.len()
    }

    /// Whether no agent is rated (never, for a [`fit`]).
    pub fn is_empty(&self) -> bool {
        self.elo.is_empty()
    }

    /// `agent`'s rating, in Elo.
    pub fn elo(&self, agent: usize) -> Option<f64> {
        self.elo.get(agent).copied()
    }

    /// `agent`'s rating and its standard error (0 for the anchor).
    pub fn estimate(&self, agent: usize) -> Option<Estimate> {
        let elo = self.elo(agent)?;
        let var = self.covariance.get(agent)?.get(agent)?;
        Some(Estimate {
            elo,
            se: var.max(0.0).sqrt(),
        })
    }

    /// `a`'s rating minus `b`'s, with the standard error of the difference
    /// (the same whatever the anchor).
    pub fn difference(&self, a: usize, b: usize) -> Option<Estimate> {
        let c = |i: usize, j: usize| self.covariance.get(i).and_then(|row| row.get(j)).copied();
        let var = c(a, a)? + c(b, b)? - 2.0 * c(a, b)?;
        Some(Estimate {
            elo: self.elo(a)? - self.elo(b)?,
            se: var.max(0.0).sqrt(),
        })
    }

    /// The pairings whose points [`fit`] clamped, as `(winner, loser)` of
    /// the whitewash.
    pub fn clamped(&self) -> &[(usize, usize)] {
        &self.clamped
    }

    /// The agent rated 0 by [`Ratings::anchored_at`], or `None` when the
    /// ratings average 0.
    pub fn anchor(&self) -> Option<usize> {
        self.anchor
    }

    /// The same ratings shifted so that `agent` is rated 0, each error bar
    /// now that of the gap to `agent` (the anchor's is 0); `None` if
    /// `agent` is not rated.
    pub fn anchored_at(&self, agent: usize) -> Option<Ratings> {
        let base = self.elo(agent)?;
        let n = self.len();
        let c = &self.covariance;
        let covariance = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| c[i][j] - c[i][agent] - c[agent][j] + c[agent][agent])
                    .collect()
            })
            .collect();
        Some(Ratings {
            elo: self.elo.iter().map(|r| r - base).collect(),
            covariance,
            clamped: self.clamped.clone(),
            anchor: Some(agent),
        })
    }
}

/// The maximum-likelihood ratings of a crosstable (Bradley–Terry, draws
/// half a win; the points of a whitewashed pairing clamped as the [module
/// docs](self) say), averaging 0, with the covariance of the sandwich
/// estimator.
///
/// Newton's method on the log-likelihood (concave), each step halved until
/// the likelihood does not fall, from all ratings 0; it stops when no
/// rating moves by more than 1e-9 Elo.
///
/// # Errors
///
/// [`FitError::TooFewAgents`] below two agents; [`FitError::Disconnected`]
/// if the games do not link every agent to every other (an agent that
/// played nobody, two separate groups); [`FitError::NoConvergence`] if
/// Newton's method does not settle in 200 steps.
pub fn fit(table: &Crosstable) -> Result<Ratings, FitError> {
    let n = table.agents();
    if n < 2 {
        return Err(FitError::TooFewAgents);
    }
    if !connected(table) {
        return Err(FitError::Disconnected);
    }
    let (pairs, clamped) = pairings(table);
    let mut beta = newton(&pairs, n)?;
    let mean = beta.iter().sum::<f64>() / n as f64;
    beta.iter_mut().for_each(|b| *b -= mean);
    let covariance = sandwich(table, &pairs, &beta)?;
    Ok(Ratings {
        elo: beta.iter().map(|b| b * ELO_PER_LOGIT).collect(),
        covariance,
        clamped,
        anchor: None,
    })
}

/// A pairing that played, as the fit sees it: `(i, j, games, clamped
/// points of i)`, `i < j`.
type Pairing = (usize, usize, f64, f64);

/// The pairings that played, each once, and those whose points were
/// clamped, as `(winner, loser)` of the whitewash.
fn pairings(table: &Crosstable) -> (Vec<Pairing>, Vec<(usize, usize)>) {
    let n = table.agents();
    let mut pairs = Vec::new();
    let mut clamped = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let record = table.record(i, j).unwrap_or_default();
            if record.games() == 0 {
                continue;
            }
            let half = clamped_half_points(&record);
            if half != record.half_points() {
                clamped.push(if record.wins > record.losses {
                    (i, j)
                } else {
                    (j, i)
                });
            }
            pairs.push((i, j, f64::from(record.games()), f64::from(half) / 2.0));
        }
    }
    (pairs, clamped)
}

/// The log-likelihood of the games of `pairs` under ratings `beta`, in
/// log-odds units ("logits").
fn log_likelihood(pairs: &[Pairing], beta: &[f64]) -> f64 {
    pairs
        .iter()
        .map(|&(i, j, games, s)| {
            let d = beta[i] - beta[j];
            s * ln_logistic(d) + (games - s) * ln_logistic(-d)
        })
        .sum()
}

/// The maximum-likelihood ratings of `n` agents, in logits, by Newton's
/// method from all ratings 0, each step halved until the likelihood does
/// not fall, until no rating moves by more than 1e-9 Elo (at most 200
/// steps).
fn newton(pairs: &[Pairing], n: usize) -> Result<Vec<f64>, FitError> {
    let mut beta = vec![0.0; n];
    for _ in 0..200 {
        let (gradient, hessian) = derivatives(pairs, &beta);
        let step = mul(
            &pseudo_inverse(&hessian).ok_or(FitError::Disconnected)?,
            &gradient,
        );
        let before = log_likelihood(pairs, &beta);
        let mut scale = 1.0;
        let mut next: Vec<f64>;
        loop {
            next = beta.iter().zip(&step).map(|(b, s)| b + scale * s).collect();
            if log_likelihood(pairs, &next) >= before - 1e-12 || scale < 1e-6 {
                break;
            }
            scale /= 2.0;
        }
        let moved = beta
            .iter()
            .zip(&next)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        beta = next;
        if moved * ELO_PER_LOGIT < 1e-9 {
            return if beta.iter().all(|b| b.is_finite()) {
                Ok(beta)
            } else {
                Err(FitError::NoConvergence)
            };
        }
    }
    Err(FitError::NoConvergence)
}

/// The covariance of the ratings `beta` (in logits), in Elo²: the sandwich
/// `H⁺ J H⁺`, with `J` from the actual (unclamped) games.
fn sandwich(
    table: &Crosstable,
    pairs: &[Pairing],
    beta: &[f64],
) -> Result<Vec<Vec<f64>>, FitError> {
    let n = beta.len();
    let (_, hessian) = derivatives(pairs, beta);
    let h_plus = pseudo_inverse(&hessian).ok_or(FitError::Disconnected)?;
    let mut j = vec![vec![0.0; n]; n];
    for &(a, b, _, _) in pairs {
        let record = table.record(a, b).unwrap_or_default();
        let p = logistic(beta[a] - beta[b]);
        add_pair(&mut j, a, b, record.squared_residuals(p));
    }
    let scale = ELO_PER_LOGIT * ELO_PER_LOGIT;
    Ok(matmul(&matmul(&h_plus, &j), &h_plus)
        .into_iter()
        .map(|row| row.into_iter().map(|x| x * scale).collect())
        .collect())
}

/// Whether the pairings that played link every agent to every other.
fn connected(table: &Crosstable) -> bool {
    let n = table.agents();
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    while let Some(a) = stack.pop() {
        for (b, seen_b) in seen.iter_mut().enumerate() {
            if !*seen_b && table.record(a, b).is_some_and(|r| r.games() > 0) {
                *seen_b = true;
                stack.push(b);
            }
        }
    }
    seen.iter().all(|&s| s)
}

/// The log-likelihood's gradient (actual minus expected points) and its
/// negated Hessian (the Fisher information, a weighted graph Laplacian).
fn derivatives(pairs: &[Pairing], beta: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = beta.len();
    let mut gradient = vec![0.0; n];
    let mut hessian = vec![vec![0.0; n]; n];
    for &(i, j, games, s) in pairs {
        let p = logistic(beta[i] - beta[j]);
        gradient[i] += s - games * p;
        gradient[j] -= s - games * p;
        add_pair(&mut hessian, i, j, games * p * (1.0 - p));
    }
    (gradient, hessian)
}

impl fmt::Display for Estimate {
    /// `+190.8 ± 175.8`: the estimate and its 95% margin, one decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `+ 0.0` writes -0.0 as +0.0.
        write!(f, "{:+.1} ± {:.1}", self.elo + 0.0, self.margin95())
    }
}

#[cfg(test)]
mod tests;
