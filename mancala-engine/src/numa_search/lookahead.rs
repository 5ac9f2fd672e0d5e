//! The mover's side of a move: the turn's own matrix ([`TurnMatrix`]),
//! which ranks the opponent's replies and the mover's candidates, and the
//! candidates' two-turn values against every reply ([`Lookahead`]).

use mancala_core::Player;

use super::NodeCounter;
use super::payoffs::Payoffs;
use super::tables::{CHOICES, Position};

/// The sign of the mover's payoffs: Arabic's, negated for Roman.
fn sign(me: Player) -> f32 {
    if me == Player::P0 { 1.0 } else { -1.0 }
}

/// The joint move (Arabic's choice, Roman's) of the mover's choice `mine`
/// and the opponent's `theirs`.
fn joint(me: Player, mine: usize, theirs: usize) -> (usize, usize) {
    if me == Player::P0 {
        (mine, theirs)
    } else {
        (theirs, mine)
    }
}

/// The turn's own matrix, the mover's payoffs: a row per choice of his,
/// a column per choice of the opponent's.
pub(super) struct TurnMatrix {
    /// `72 x 72` payoffs, row by row.
    pub(super) payoffs: Vec<f32>,
    /// Each row's sum.
    mine: [f32; CHOICES],
    /// Each column's sum.
    theirs: [f32; CHOICES],
}

impl TurnMatrix {
    /// Every joint move of the turn from `position`, for `me`.
    pub(super) fn of(payoffs: &Payoffs<'_>, position: &Position, me: Player) -> TurnMatrix {
        let sign = sign(me);
        let mut turn = TurnMatrix {
            payoffs: vec![0f32; CHOICES * CHOICES],
            mine: [0f32; CHOICES],
            theirs: [0f32; CHOICES],
        };
        for m in 0..CHOICES {
            for t in 0..CHOICES {
                let (a, r) = joint(me, m, t);
                let v = sign * payoffs.payoff(position, a, r).0;
                turn.payoffs[m * CHOICES + t] = v;
                turn.mine[m] += v;
                turn.theirs[t] += v;
            }
        }
        turn
    }

    /// The opponent's replies, his best first: the mover's worst (the
    /// first of equals first, as `NumaGreedy` chooses).
    pub(super) fn replies(&self) -> Vec<usize> {
        let mut replies: Vec<usize> = (0..CHOICES).collect();
        replies.sort_by(|&x, &y| self.theirs[x].total_cmp(&self.theirs[y]));
        replies
    }

    /// The mover's candidates, best first by the turn's payoff against
    /// the mixture of a random reply (`1 - weight`) and the opponent model
    /// (`weight`, his `replies` by rank of `chance`).
    pub(super) fn candidates(&self, replies: &[usize], chance: &[f32], weight: f64) -> Vec<usize> {
        let key: Vec<f32> = (0..CHOICES)
            .map(|m| {
                let row = &self.payoffs[m * CHOICES..(m + 1) * CHOICES];
                let modelled: f32 = replies.iter().zip(chance).map(|(&t, p)| p * row[t]).sum();
                (1.0 - weight as f32) * self.mine[m] / CHOICES as f32 + weight as f32 * modelled
            })
            .collect();
        let mut candidates: Vec<usize> = (0..CHOICES).collect();
        candidates.sort_by(|&x, &y| key[y].total_cmp(&key[x]));
        candidates
    }
}

/// The two-turn values of the mover's candidates against every reply.
pub(super) struct Lookahead<'a> {
    pub(super) payoffs: Payoffs<'a>,
    pub(super) position: Position,
    pub(super) me: Player,
    /// The turn's own matrix ([`TurnMatrix::payoffs`]).
    pub(super) turn: &'a [f32],
    /// The opponent's replies, his best first.
    pub(super) replies: &'a [usize],
    /// The chance that the opponent makes his best reply again next turn,
    /// if the model makes it the likeliest (else 0).
    pub(super) best_chance: f32,
}

impl Lookahead<'_> {
    /// The candidates x replies matrix, row by row, of the `candidates`
    /// searched while the budget lasts, and how many they are.
    pub(super) fn rows(&self, candidates: &[usize], budget: &mut NodeCounter) -> (Vec<f32>, usize) {
        let mut order = [[0u8; CHOICES]; 2];
        for (i, slot) in order[0].iter_mut().enumerate() {
            *slot = i as u8;
        }
        order[1] = order[0];
        let mut matrix: Vec<f32> = Vec::with_capacity(CHOICES * CHOICES);
        let mut searched = 0;
        for &m in candidates {
            let row = matrix.len();
            if self.row(m, &mut order, budget, &mut matrix).is_none() {
                matrix.truncate(row);
                break;
            }
            searched += 1;
        }
        (matrix, searched)
    }

    /// Pushes candidate `m`'s row: against each reply, the turn's payoff
    /// plus the value of the next turn (unless the game is over); `None`
    /// if the budget runs out first (the row unfinished).
    fn row(
        &self,
        m: usize,
        order: &mut [[u8; CHOICES]; 2],
        budget: &mut NodeCounter,
        matrix: &mut Vec<f32>,
    ) -> Option<()> {
        for &t in self.replies {
            let (a, r) = joint(self.me, m, t);
            budget.spend()?;
            let (_, next) = self.payoffs.payoff(&self.position, a, r);
            let mut v = self.turn[m * CHOICES + t];
            if next.outcome(self.payoffs.target).is_none() {
                let mut later = sign(self.me) * self.payoffs.turn_value(&next, order, budget)?;
                if t == self.replies[0] && self.best_chance > 0.0 {
                    let greedy = self.payoffs.against_best_reply(&next, self.me, budget)?;
                    later += self.best_chance * (greedy - later);
                }
                v += later;
            }
            matrix.push(v);
        }
        Some(())
    }
}
