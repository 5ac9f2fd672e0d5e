//! Between rounds: the round's end, the players' fills in turn, and the
//! next round's closed holes.

use crate::player::Player;

use super::rules::{FillOrder, MAX_ROUND_HOUSES, MatchEnd, PartialFill};
use super::state::{RoundGame, Stage};

impl RoundGame {
    /// The holes `player` may fill now (the one the order prescribes, or
    /// every empty hole of his), none if his store cannot fill one.
    pub(super) fn fillable(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        let store = self.stores[player.index()];
        let enough =
            store >= self.rules.seeds || (store > 0 && self.rules.partial != PartialFill::None);
        let mut empty: arrayvec::ArrayVec<usize, MAX_ROUND_HOUSES> =
            self.row(player).filter(|&h| self.board[h] == 0).collect();
        match self.rules.fill_order {
            FillOrder::Any => {}
            FillOrder::Leftmost => empty.truncate(1),
            FillOrder::Rightmost => {
                let last = empty.last().copied();
                empty.clear();
                empty.extend(last);
            }
        }
        empty.into_iter().filter(move |_| enough)
    }

    /// The round is over: the seeds left go to their row's owner; the match
    /// ends, or the refill begins with `next` (or, as the rules may say,
    /// the other player than the last mover).
    pub(super) fn end_round(&mut self, next: Player) {
        for hole in 0..self.rules.holes() {
            self.take(hole, self.owner(hole));
        }
        if let MatchEnd::StoreBelow(limit) = self.rules.match_end {
            for player in [Player::P0, Player::P1] {
                if self.stores[player.index()] < limit {
                    self.phase = Stage::Won(player.next(2));
                    return;
                }
            }
        }
        self.to_move = if self.rules.other_fills_first {
            self.to_move.next(2)
        } else {
            next
        };
        self.phase = Stage::Refill(None);
    }

    /// A fill between rounds.
    pub(super) fn fill(&mut self, hole: usize) {
        let player = self.to_move;
        let store = &mut self.stores[player.index()];
        let seeds = (*store).min(self.rules.seeds);
        *store -= seeds;
        self.board[hole] = seeds;
        let other = player.next(2);
        if self.rules.refill_ends_full {
            let full = u32::from(self.rules.seeds) * u32::from(self.rules.houses);
            let row_full = [Player::P0, Player::P1]
                .into_iter()
                .any(|p| self.row(p).map(|h| u32::from(self.board[h])).sum::<u32>() == full);
            if row_full && self.stores[other.index()] < self.rules.seeds {
                return self.end_refill(other);
            }
        }
        self.phase = Stage::Refill(None);
        self.to_move = other;
    }

    /// The refill is over: the next round begins, `first` to sow; the holes
    /// left without a whole fill are closed, as the rules say.
    pub(super) fn end_refill(&mut self, first: Player) {
        self.closed = 0;
        if self.rules.closes {
            for hole in 0..self.rules.holes() {
                let seeds = self.board[hole];
                let partial = self.rules.partial == PartialFill::Closed && seeds < self.rules.seeds;
                if seeds == 0 || partial {
                    self.closed |= 1 << hole;
                }
            }
        }
        self.round += 1;
        self.to_move = first;
        self.phase = Stage::Sow;
    }
}
