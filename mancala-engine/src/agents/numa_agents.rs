//! The agents of Numa's simultaneous turns on the turn's own matrix game:
//! [`NumaRandom`], [`NumaGreedy`] and [`RegretMatching`].

use mancala_core::{Game, Outcome, Player};
use numa::{Choice, JointMove, Numa};

use crate::Rng;
use crate::rng::weighted_index;

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
