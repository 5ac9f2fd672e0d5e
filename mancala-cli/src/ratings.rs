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

use std::f64::consts::LN_10;
use std::fmt;

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
    // The pairings, each once: (i, j, games, clamped points of i).
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
    let log_likelihood = |beta: &[f64]| -> f64 {
        pairs
            .iter()
            .map(|&(i, j, games, s)| {
                let d = beta[i] - beta[j];
                s * ln_logistic(d) + (games - s) * ln_logistic(-d)
            })
            .sum()
    };
    // Ratings in log-odds units ("logits") while fitting.
    let mut beta = vec![0.0; n];
    let mut settled = false;
    for _ in 0..200 {
        let (gradient, hessian) = derivatives(&pairs, &beta);
        let step = mul(
            &pseudo_inverse(&hessian).ok_or(FitError::Disconnected)?,
            &gradient,
        );
        let before = log_likelihood(&beta);
        let mut scale = 1.0;
        let mut next: Vec<f64>;
        loop {
            next = beta.iter().zip(&step).map(|(b, s)| b + scale * s).collect();
            if log_likelihood(&next) >= before - 1e-12 || scale < 1e-6 {
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
            settled = true;
            break;
        }
    }
    if !settled || beta.iter().any(|b| !b.is_finite()) {
        return Err(FitError::NoConvergence);
    }
    let mean = beta.iter().sum::<f64>() / n as f64;
    beta.iter_mut().for_each(|b| *b -= mean);
    // The sandwich: H⁺ J H⁺, with J from the actual (unclamped) games.
    let (_, hessian) = derivatives(&pairs, &beta);
    let h_plus = pseudo_inverse(&hessian).ok_or(FitError::Disconnected)?;
    let mut j = vec![vec![0.0; n]; n];
    for &(a, b, _, _) in &pairs {
        let record = table.record(a, b).unwrap_or_default();
        let p = logistic(beta[a] - beta[b]);
        add_pair(&mut j, a, b, record.squared_residuals(p));
    }
    let scale = ELO_PER_LOGIT * ELO_PER_LOGIT;
    let covariance = matmul(&matmul(&h_plus, &j), &h_plus)
        .into_iter()
        .map(|row| row.into_iter().map(|x| x * scale).collect())
        .collect();
    Ok(Ratings {
        elo: beta.iter().map(|b| b * ELO_PER_LOGIT).collect(),
        covariance,
        clamped,
        anchor: None,
    })
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

/// Adds `w (e_a − e_b)(e_a − e_b)ᵀ` to `m`.
fn add_pair(m: &mut [Vec<f64>], a: usize, b: usize, w: f64) {
    m[a][a] += w;
    m[b][b] += w;
    m[a][b] -= w;
    m[b][a] -= w;
}

/// The log-likelihood's gradient (actual minus expected points) and its
/// negated Hessian (the Fisher information, a weighted graph Laplacian).
fn derivatives(pairs: &[(usize, usize, f64, f64)], beta: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
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

/// The Moore–Penrose inverse of a connected graph Laplacian `L` (its null
/// space the constant vectors): `(L + 11ᵀ/n)⁻¹ − 11ᵀ/n`.
fn pseudo_inverse(l: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = l.len();
    let k = 1.0 / n as f64;
    let shifted: Vec<Vec<f64>> = l
        .iter()
        .map(|row| row.iter().map(|x| x + k).collect())
        .collect();
    let inverse = invert(shifted)?;
    Some(
        inverse
            .into_iter()
            .map(|row| row.into_iter().map(|x| x - k).collect())
            .collect(),
    )
}

/// Gauss–Jordan inversion with partial pivoting; `None` if singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for k in 0..n {
            a[col][k] /= d;
            inv[col][k] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for k in 0..n {
                        a[row][k] -= f * a[col][k];
                        inv[row][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

fn mul(m: &[Vec<f64>], v: &[f64]) -> Vec<f64> {
    m.iter()
        .map(|row| row.iter().zip(v).map(|(a, b)| a * b).sum())
        .collect()
}

fn matmul(a: &[Vec<f64>], b: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = b.first().map_or(0, Vec::len);
    a.iter()
        .map(|row| {
            (0..n)
                .map(|j| row.iter().zip(b).map(|(x, brow)| x * brow[j]).sum())
                .collect()
        })
        .collect()
}

impl fmt::Display for Estimate {
    /// `+190.8 ± 175.8`: the estimate and its 95% margin, one decimal.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `+ 0.0` writes -0.0 as +0.0.
        write!(f, "{:+.1} ± {:.1}", self.elo + 0.0, self.margin95())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    fn record(wins: u32, draws: u32, losses: u32) -> Record {
        Record {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn a_75_percent_score_is_190_8_elo() {
        // 1/p − 1 = 1/3; log10(1/3) = −0.477121; × −400 = +190.849.
        assert!(close(elo_from_fraction(0.75), 190.849, 0.001));
        assert!(close(elo_from_fraction(0.25), -190.849, 0.001));
        assert_eq!(elo_from_fraction(0.5), 0.0);
        // 10^(190.849/400) = 3: odds of 3 to 1, a 3/4 score.
        assert!(close(expected_fraction(190.849), 0.75, 1e-6));
    }

    #[test]
    fn points_are_written_exactly() {
        assert_eq!(record(13, 1, 6).points_text(), "13.5/20");
        assert_eq!(record(0, 0, 20).points_text(), "0/20");
        assert_eq!(record(0, 1, 0).points_text(), "0.5/1");
        assert_eq!(record(0, 0, 0).fraction(), None);
        assert_eq!(record(3, 2, 5).reversed(), record(5, 2, 3));
    }

    #[test]
    fn the_delta_method_error_of_15_wins_in_20() {
        // p = 15/20 = 0.75. Per-game variance around p: (15 × 0.25² +
        // 5 × 0.75²) / 20 = (0.9375 + 2.8125) / 20 = 0.1875 (= p(1 − p)
        // without draws). SE(p) = √(0.1875 / 20) = 0.096825.
        // dElo/dp = 400 / (ln 10 × 0.1875) = 400 / 0.431735 = 926.49.
        // SE = 926.49 × 0.096825 = 89.71 Elo; 95%: ±175.8.
        let e = two_agent(record(15, 0, 5)).unwrap();
        assert!(close(e.elo, 190.85, 0.01));
        assert!(close(e.se, 89.71, 0.01), "{e:?}");
        assert!(close(e.margin95(), 175.83, 0.01), "{e:?}");
        assert_eq!(e.to_string(), "+190.8 ± 175.8");
    }

    #[test]
    fn draws_narrow_the_error_bar() {
        // 10 wins and 10 draws: p = 0.75 again, but the per-game variance
        // is (10 × 0.25² + 10 × 0.25²) / 20 = 0.0625, a third of 0.1875:
        // SE = 926.49 × √(0.0625 / 20) = 926.49 × 0.055902 = 51.79.
        let e = two_agent(record(10, 10, 0)).unwrap();
        assert!(close(e.elo, 190.85, 0.01));
        assert!(close(e.se, 51.79, 0.01), "{e:?}");
    }

    #[test]
    fn the_error_bar_shrinks_as_one_over_the_root_of_the_games() {
        // The same 75% over 4 times the games: half the error bar (89.71 / 2
        // = 44.86), 16 times: a quarter.
        let one = two_agent(record(15, 0, 5)).unwrap();
        let four = two_agent(record(60, 0, 20)).unwrap();
        let sixteen = two_agent(record(240, 0, 80)).unwrap();
        assert!(close(four.elo, one.elo, 1e-9));
        assert!(close(four.se, one.se / 2.0, 1e-9));
        assert!(close(sixteen.se, one.se / 4.0, 1e-9));
        assert!(close(four.se, 44.86, 0.01));
    }

    #[test]
    fn a_whitewash_is_clamped_half_a_point() {
        // 20/20 counts as 19.5/20 = 0.975: 400 log10(39) = 400 × 1.591065
        // = +636.4 Elo; the per-game variance is 0.025² (each win 0.025
        // above p): SE = 400 / (ln 10 × 0.975 × 0.025) × 0.025 / √20
        // = 7126.9 × 0.0055902 = 39.84.
        assert_eq!(clamped_fraction(&record(20, 0, 0)), Some(0.975));
        assert_eq!(clamped_fraction(&record(0, 0, 20)), Some(0.025));
        assert_eq!(clamped_fraction(&record(19, 0, 1)), Some(0.95));
        assert_eq!(clamped_fraction(&record(1, 0, 0)), Some(0.5));
        let e = two_agent(record(20, 0, 0)).unwrap();
        assert!(close(e.elo, 636.43, 0.01), "{e:?}");
        assert!(close(e.se, 39.84, 0.01), "{e:?}");
        let lost = two_agent(record(0, 0, 20)).unwrap();
        assert!(close(lost.elo, -e.elo, 1e-9));
        assert_eq!(two_agent(Record::default()), None);
    }

    #[test]
    fn the_crosstable_keeps_both_sides() {
        let mut t = Crosstable::new(3);
        t.add(0, 1, GameResult::Win).unwrap();
        t.add(1, 0, GameResult::Draw).unwrap();
        t.add(2, 0, GameResult::Loss).unwrap();
        assert_eq!(t.record(0, 1), Some(record(1, 1, 0)));
        assert_eq!(t.record(1, 0), Some(record(0, 1, 1)));
        assert_eq!(t.record(0, 2), Some(record(1, 0, 0)));
        assert_eq!(t.total(0), record(2, 1, 0));
        assert_eq!(t.games(), 3);
        assert_eq!(
            t.add(0, 3, GameResult::Win),
            Err(CrosstableError::NoSuchAgent {
                agent: 3,
                agents: 3
            })
        );
        assert_eq!(
            t.add(1, 1, GameResult::Win),
            Err(CrosstableError::SameAgent(1))
        );
        assert_eq!(t.games(), 3);
        assert_eq!(t.record(3, 0), None);
    }

    #[test]
    fn the_fit_of_two_agents_is_the_closed_form() {
        for r in [
            record(15, 0, 5),
            record(10, 10, 0),
            record(20, 0, 0),
            record(3, 11, 6),
        ] {
            let mut t = Crosstable::new(2);
            t.set(0, 1, r).unwrap();
            let ratings = fit(&t).unwrap();
            let closed = two_agent(r).unwrap();
            let gap = ratings.difference(0, 1).unwrap();
            assert!(close(gap.elo, closed.elo, 1e-6), "{r:?}");
            assert!(close(gap.se, closed.se, 1e-6), "{r:?}");
            // Averaging 0, each agent is half the gap from 0, with half its
            // error bar (the two ratings move together).
            let a = ratings.estimate(0).unwrap();
            assert!(close(a.elo, closed.elo / 2.0, 1e-6));
            assert!(close(a.se, closed.se / 2.0, 1e-6));
            // Anchored at agent 1, agent 0 carries the whole gap.
            let anchored = ratings.anchored_at(1).unwrap();
            let a = anchored.estimate(0).unwrap();
            assert!(close(a.elo, closed.elo, 1e-6));
            assert!(close(a.se, closed.se, 1e-6));
            assert_eq!(anchored.estimate(1).unwrap().se, 0.0);
        }
    }

    #[test]
    fn a_symmetric_crosstable_gives_equal_ratings() {
        // Every pairing even, or a cycle (A beats B, B beats C, C beats A,
        // all 15/20): each agent scores 20 of 40, the expected score at
        // equal ratings, so the fit stays at 0.
        for beats in [record(10, 0, 10), record(15, 0, 5), record(6, 8, 6)] {
            let mut t = Crosstable::new(3);
            t.set(0, 1, beats).unwrap();
            t.set(1, 2, beats).unwrap();
            t.set(2, 0, beats).unwrap();
            let ratings = fit(&t).unwrap();
            for agent in 0..3 {
                assert!(close(ratings.elo(agent).unwrap(), 0.0, 1e-9), "{beats:?}");
            }
            // And the same error bar for all three.
            let se = ratings.estimate(0).unwrap().se;
            for agent in 1..3 {
                assert!(close(ratings.estimate(agent).unwrap().se, se, 1e-9));
            }
        }
    }

    #[test]
    fn a_crosstable_that_fits_the_model_exactly_is_recovered() {
        // A 15/20 against B, B 15/20 against C, A 18/20 against C. Odds of
        // 3 (A:B) and 3 (B:C) make 9 (A:C), a 9/10 score: the model's
        // expected points equal the actual ones (A 15 + 18 = 33, B 5 + 15
        // = 20, C 2 + 5 = 7), so the ratings are +190.85, 0 and −190.85
        // (average 0), and A − C = 400 log10(9) = 381.70.
        let mut t = Crosstable::new(3);
        t.set(0, 1, record(15, 0, 5)).unwrap();
        t.set(1, 2, record(15, 0, 5)).unwrap();
        t.set(0, 2, record(18, 0, 2)).unwrap();
        let ratings = fit(&t).unwrap();
        assert!(close(ratings.elo(0).unwrap(), 190.85, 0.01));
        assert!(close(ratings.elo(1).unwrap(), 0.0, 1e-6));
        assert!(close(ratings.elo(2).unwrap(), -190.85, 0.01));
        assert!(close(ratings.difference(0, 2).unwrap().elo, 381.70, 0.01));
        assert!(ratings.clamped().is_empty());
        // The middle agent is better known than the ends, and every bar
        // is narrower than a lone 20-game pairing's 89.7.
        let se: Vec<f64> = (0..3).map(|a| ratings.estimate(a).unwrap().se).collect();
        assert!(se[1] < se[0] && close(se[0], se[2], 1e-6), "{se:?}");
        assert!(ratings.difference(0, 1).unwrap().se < 89.7);
    }

    #[test]
    fn the_fit_scales_its_error_bars_as_one_over_the_root_of_the_games() {
        let mut small = Crosstable::new(3);
        let mut large = Crosstable::new(3);
        for (a, b, r) in [
            (0, 1, record(12, 3, 5)),
            (1, 2, record(9, 6, 5)),
            (0, 2, record(16, 2, 2)),
        ] {
            small.set(a, b, r).unwrap();
            let r4 = record(4 * r.wins, 4 * r.draws, 4 * r.losses);
            large.set(a, b, r4).unwrap();
        }
        let (s, l) = (fit(&small).unwrap(), fit(&large).unwrap());
        for agent in 0..3 {
            let (s, l) = (s.estimate(agent).unwrap(), l.estimate(agent).unwrap());
            assert!(close(s.elo, l.elo, 1e-6));
            assert!(close(l.se, s.se / 2.0, 1e-6));
        }
    }

    #[test]
    fn whitewashes_still_fit() {
        // The strongest agent wins everything, the weakest loses everything:
        // no finite maximum without the clamp.
        let mut t = Crosstable::new(3);
        t.set(0, 1, record(20, 0, 0)).unwrap();
        t.set(0, 2, record(20, 0, 0)).unwrap();
        t.set(1, 2, record(14, 2, 4)).unwrap();
        let ratings = fit(&t).unwrap();
        assert_eq!(ratings.clamped(), &[(0, 1), (0, 2)]);
        assert!(ratings.elo(0).unwrap() > ratings.elo(1).unwrap());
        assert!(ratings.elo(1).unwrap() > ratings.elo(2).unwrap());
        let sum: f64 = (0..3).map(|a| ratings.elo(a).unwrap()).sum();
        assert!(close(sum, 0.0, 1e-6));
    }

    #[test]
    fn unlinked_agents_have_no_ratings() {
        let mut t = Crosstable::new(4);
        t.set(0, 1, record(5, 0, 5)).unwrap();
        t.set(2, 3, record(5, 0, 5)).unwrap();
        assert_eq!(fit(&t), Err(FitError::Disconnected));
        assert_eq!(fit(&Crosstable::new(1)), Err(FitError::TooFewAgents));
        assert_eq!(fit(&Crosstable::new(2)), Err(FitError::Disconnected));
        // One more game links them.
        t.add(1, 2, GameResult::Draw).unwrap();
        assert!(fit(&t).is_ok());
    }
}
