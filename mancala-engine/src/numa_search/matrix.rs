//! The candidates x replies matrix game of a move ([`Matrix`]), solved by
//! regret matching+, and the draw of the mover's choice from its strategy.

use super::tables::CHOICES;
use crate::Rng;
use crate::rng::weighted_index;

/// The candidates x replies matrix game of a move: the mover's payoffs,
/// a row per candidate, a column per reply of the opponent by rank (his
/// best first).
pub(super) struct Matrix<'a> {
    /// `rows x 72` payoffs, row by row.
    pub(super) payoffs: &'a [f32],
    /// The rows (candidates).
    pub(super) rows: usize,
    /// The opponent's plausible replies: the first columns.
    pub(super) plausible: usize,
    /// The opponent model's chance of each column.
    pub(super) chance: &'a [f32],
    /// The weight of the opponent model.
    pub(super) weight: f32,
}

impl Matrix<'_> {
    /// Regret matching+ for `rounds` rounds, the opponent restricted to his
    /// plausible replies; the mover's utilities are against `(1 - weight)`
    /// of the opponent's strategy and `weight` of the opponent model. The
    /// mover's average strategy (weights growing linearly with the round),
    /// summing to 1.
    pub(super) fn solve(&self, rounds: u32) -> Vec<f32> {
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
/// An index drawn in proportion to `weights` (the last if rounding leaves
/// none).
pub(super) fn draw(rng: &mut Rng, weights: &[f32]) -> usize {
    let total: f32 = weights.iter().sum();
    let x = rng.below(1 << 24) as f32 / (1u32 << 24) as f32 * total;
    weighted_index(weights, x)
}
