//! The payoffs of one turn from any position ([`Payoffs`]): a joint
//! move's, the next turn's value with cut-offs, and the mover's best
//! against the opponent's best reply.

use mancala_core::{Outcome, Player};

use super::NodeCounter;
use super::tables::{CHOICES, Model, Position};

/// Arabic's payoffs of a turn: the tables, the game's target score and
/// the win bonus.
#[derive(Clone, Copy)]
pub(super) struct Payoffs<'m> {
    pub(super) model: &'m Model,
    pub(super) target: u32,
    pub(super) bonus: f32,
}

impl Payoffs<'_> {
    /// Arabic's payoff of a joint move (indices in [`Choice::ALL`]) from
    /// `position`: the points difference, plus or minus the win bonus.
    /// Also the position after it.
    ///
    /// [`Choice::ALL`]: numa::Choice::ALL
    #[inline]
    pub(super) fn payoff(&self, position: &Position, a: usize, r: usize) -> (f32, Position) {
        let (next, points) = position.play(self.model, a, r);
        let diff = points[0] as f32 - points[1] as f32;
        let value = match next.outcome(self.target) {
            Some(Outcome::Winner(Player::P0)) => diff + self.bonus,
            Some(Outcome::Winner(_)) => diff - self.bonus,
            _ => diff,
        };
        (value, next)
    }

    /// The midpoint of Arabic's pure maximin and pure minimax of the turn
    /// from `position`, with alpha-beta cut-offs; `order` holds both
    /// players' choices, moved to the front when they cut (killers kept
    /// from one position to the next). `None` if the budget runs out first.
    pub(super) fn turn_value(
        &self,
        position: &Position,
        order: &mut [[u8; CHOICES]; 2],
        budget: &mut NodeCounter,
    ) -> Option<f32> {
        let mut payoff = |a: u8, r: u8| {
            budget.spend()?;
            Some(self.payoff(position, usize::from(a), usize::from(r)).0)
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
    pub(super) fn against_best_reply(
        &self,
        position: &Position,
        me: Player,
        budget: &mut NodeCounter,
    ) -> Option<f32> {
        let mut payoffs = [[0f32; CHOICES]; CHOICES];
        let mut theirs = [0f32; CHOICES];
        for (a, row) in payoffs.iter_mut().enumerate() {
            for (r, slot) in row.iter_mut().enumerate() {
                budget.spend()?;
                *slot = self.payoff(position, a, r).0;
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
}
