//! A match of rounds: its state, and how each action changes it.

use crate::endless::{Cycle, EndlessMemo};
use crate::game::Outcome;
use crate::pit::Pit;
use crate::player::Player;
use crate::topology::Direction;

use super::action::RoundAction;
use super::rules::{
    LoneSeed, MAX_ROUND_HOUSES, MatchEnd, RoundEnd, RoundRelay, RoundRules, SownStores,
};

/// The holes of the largest board.
const MAX_HOLES: usize = 2 * MAX_ROUND_HOUSES;

/// The most seeds a move's relays may sow: a move still relaying then is
/// taken as endless, and is not legal.
pub const MAX_RELAY_SEEDS: u64 = 1_000_000;

/// What the players are doing.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Stage {
    /// Sowing: the player to move sows a hole, or passes.
    Sow,
    /// In the middle of a move (Dakon): the mover relays from this hole or
    /// captures with it.
    Choose(Pit),
    /// Between rounds: the players fill their holes in turn; the player
    /// who passed first in the current run of passes, if the last action
    /// was a pass.
    Refill(Option<Player>),
    /// The match is over: this player won.
    Won(Player),
}

/// Why an action is refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RoundPlayError {
    /// The action is not by the player who must act.
    #[error(transparent)]
    Joint(#[from] crate::game::JointMoveError),
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// The action is not one the player to move may take now.
    #[error("`{action}` is not a legal action now")]
    Illegal {
        /// The action refused.
        action: RoundAction,
    },
}

/// Why [`RoundRules`] cannot be played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RoundRulesError {
    /// A row of 0 houses, or more than [`MAX_ROUND_HOUSES`].
    #[error("{0} houses a row; from 1 to {max} are played", max = MAX_ROUND_HOUSES)]
    Houses(u8),
    /// No seeds, or more than the board can hold.
    #[error("{0} seeds a house; from 1 to 2000 are played")]
    Seeds(u16),
}

/// What an action did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RoundTurn {
    /// The player who acted.
    pub mover: Player,
    /// The action.
    pub action: RoundAction,
    /// Laps sown.
    pub laps: u64,
    /// Seeds captured (by anyone: Pallanguzhi's fours go to their row's
    /// owner).
    pub captured: u32,
    /// The round ended with this action (the refill begins, or the match
    /// is over).
    pub round_ended: bool,
}

impl RoundTurn {
    /// What `action` by `mover` did before it did anything: nothing.
    pub(super) fn nothing(mover: Player, action: RoundAction) -> RoundTurn {
        RoundTurn {
            mover,
            action,
            laps: 0,
            captured: 0,
            round_ended: false,
        }
    }
}

/// `player 0: 3, 2 laps, 4 seeds taken`.
impl core::fmt::Display for RoundTurn {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.mover, self.action)?;
        if self.laps > 0 {
            write!(f, ", {} laps, {} seeds taken", self.laps, self.captured)?;
        }
        if self.round_ended {
            f.write_str(", the round is over")?;
        }
        Ok(())
    }
}

/// Where a lap's last seed fell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Landed {
    Hole(usize),
    Store(Player),
}

/// What a landing does next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Next {
    /// The move is over.
    Over,
    /// The mover moves again.
    Again,
    /// Sow on from this hole.
    Relay(usize),
    /// The mover chooses at this hole (Dakon).
    Choose(usize),
    /// Take the opposite hole of this one.
    TakeOpposite(usize),
    /// Take the hole after this one.
    TakeAfter(usize),
    /// Take this hole by its count (and its neighbours, as the rules say).
    TakeCount(usize),
}

/// A match of rounds: the board, the stores, the holes closed in the round
/// being played, the round's number and what the players are doing.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RoundGame {
    pub(super) rules: RoundRules,
    pub(super) board: [u16; MAX_HOLES],
    pub(super) stores: [u16; 2],
    pub(super) closed: u32,
    pub(super) round: u32,
    pub(super) to_move: Player,
    pub(super) phase: Stage,
    /// Which moves of this position relay for ever, as far as asked
    /// (cleared whenever the position changes).
    pub(super) memo: EndlessMemo,
}

impl RoundGame {
    /// The first round's start under `rules`: every house holds `seeds`,
    /// nothing is closed, player 0 sows first.
    ///
    /// # Errors
    ///
    /// A [`RoundRulesError`] for a row of no houses or more than
    /// [`MAX_ROUND_HOUSES`], or a count of seeds out of range.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Game;
    /// use mancala_core::rounds::{RoundGame, RoundRules};
    ///
    /// let game = RoundGame::new(RoundRules::congkak())?;
    /// assert_eq!(game.board(), [6; 12]);
    /// assert_eq!((game.round(), game.closed().count()), (1, 0));
    /// assert_eq!(game.legal_moves().len(), 6);
    /// # Ok::<(), mancala_core::rounds::RoundRulesError>(())
    /// ```
    pub fn new(rules: RoundRules) -> Result<RoundGame, RoundRulesError> {
        if rules.houses == 0 || usize::from(rules.houses) > MAX_ROUND_HOUSES {
            return Err(RoundRulesError::Houses(rules.houses));
        }
        if rules.seeds == 0 || rules.seeds > 2000 {
            return Err(RoundRulesError::Seeds(rules.seeds));
        }
        let mut board = [0; MAX_HOLES];
        board[..rules.holes()].fill(rules.seeds);
        Ok(RoundGame {
            rules,
            board,
            stores: [0; 2],
            closed: 0,
            round: 1,
            to_move: Player::P0,
            phase: Stage::Sow,
            memo: EndlessMemo::new(),
        })
    }

    /// The rules.
    pub fn rules(&self) -> &RoundRules {
        &self.rules
    }

    /// Seeds in each hole, canonical order.
    pub fn board(&self) -> &[u16] {
        &self.board[..self.rules.holes()]
    }

    /// Seeds in each player's store (or hand), player 0 first.
    pub fn stores(&self) -> [u16; 2] {
        self.stores
    }

    /// The holes closed in the round being played (just played, between
    /// rounds).
    pub fn closed(&self) -> impl Iterator<Item = Pit> + '_ {
        (0..self.rules.holes())
            .filter(|&h| self.is_closed(h))
            .filter_map(Pit::new)
    }

    /// The round being played (just played, between rounds), from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Whether the players are filling their holes between two rounds.
    pub fn is_refilling(&self) -> bool {
        matches!(self.phase, Stage::Refill(_))
    }

    /// Whether the mover is choosing in the middle of a move (Dakon).
    pub fn is_choosing(&self) -> bool {
        matches!(self.phase, Stage::Choose(_))
    }

    /// The player to move (who would, once the match is over).
    pub fn player_to_move(&self) -> Player {
        self.to_move
    }

    /// The winner, once the match is over.
    pub fn winner(&self) -> Option<Player> {
        match self.phase {
            Stage::Won(p) => Some(p),
            _ => None,
        }
    }

    pub(super) fn outcome(&self) -> Option<Outcome> {
        self.winner().map(Outcome::Winner)
    }

    fn is_closed(&self, hole: usize) -> bool {
        self.closed >> hole & 1 == 1
    }

    fn houses(&self) -> usize {
        usize::from(self.rules.houses)
    }

    /// The owner of a hole's row.
    pub(super) fn owner(&self, hole: usize) -> Player {
        if hole < self.houses() {
            Player::P0
        } else {
            Player::P1
        }
    }

    /// The holes of `player`'s row.
    pub(super) fn row(&self, player: Player) -> core::ops::Range<usize> {
        let n = self.houses();
        player.index() * n..(player.index() + 1) * n
    }

    fn opposite(&self, hole: usize) -> usize {
        self.rules.holes() - 1 - hole
    }

    /// The hole after `hole` the rules' way.
    fn step(&self, hole: usize) -> usize {
        // (Wrapped by comparison: a lap steps once a seed, and a division
        // would cost more than the rest of the step.)
        let last = self.rules.holes() - 1;
        match self.rules.direction {
            Direction::CounterClockwise if hole >= last => 0,
            Direction::CounterClockwise => hole + 1,
            Direction::Clockwise if hole == 0 => last,
            Direction::Clockwise => hole - 1,
        }
    }

    /// The hole after which a lap going the rules' way passes `player`'s
    /// store.
    fn store_gate(&self, player: Player) -> usize {
        use crate::topology::StoreSide;
        let n = self.houses();
        let (first, last) = (player.index() * n, (player.index() + 1) * n - 1);
        match (self.rules.direction, self.rules.store_side) {
            (Direction::CounterClockwise, StoreSide::Right) => last,
            (Direction::Clockwise, StoreSide::Left) => first,
            (Direction::Clockwise, StoreSide::Right) => (last + 1) % (2 * n),
            (Direction::CounterClockwise, StoreSide::Left) => (first + 2 * n - 1) % (2 * n),
        }
    }

    /// Whether `player` may sow `hole`.
    pub(super) fn sowable(&self, player: Player, hole: usize) -> bool {
        self.row(player).contains(&hole) && !self.is_closed(hole) && self.board[hole] > 0
    }

    /// Whether `player` may sow some hole (one whose relays end).
    pub(super) fn can_sow(&self, player: Player) -> bool {
        self.row(player)
            .any(|h| self.sowable(player, h) && !self.endless(h))
    }

    /// Whether a move of the player to move, from `origin`, would relay for
    /// ever: its laps come back to a position (board, stores, hole) they
    /// left (Brent's cycle detection, on a copy; a move that captures,
    /// stops, offers a choice or ends the round ends). Such a move is not
    /// legal (Ludii plays it for ever). So that any rules are answered in
    /// bounded time, a move still relaying after [`MAX_RELAY_SEEDS`] seeds
    /// sown counts as endless too (the presets' moves sow a few hundred).
    /// Each move's answer is kept in the position's memo.
    pub(super) fn endless(&self, origin: usize) -> bool {
        if self.rules.relay == RoundRelay::Never {
            return false;
        }
        self.memo.get_or(origin, || self.plays_out_endless(origin))
    }

    /// [`endless`](Self::endless) worked out: the move played out on a copy.
    fn plays_out_endless(&self, origin: usize) -> bool {
        let mut game = self.clone();
        game.memo.clear();
        let mut from = origin;
        let mut cycle = Cycle::new((from, game.stores, game.board));
        let mut sown = 0u64;
        loop {
            let seeds = game.board[from];
            sown += u64::from(seeds);
            if sown > MAX_RELAY_SEEDS {
                return true;
            }
            let landed = game.lap(from);
            let next = game.next(landed);
            if game.rules.fours {
                game.take_fours(from, seeds);
            }
            let Next::Relay(hole) = game.emptied(next) else {
                return false;
            };
            if game.round_over() || game.holds_all_but_few() {
                return false;
            }
            from = hole;
            if cycle.repeats((from, game.stores, game.board)) {
                return true;
            }
        }
    }

    /// Whether `action` is legal now.
    pub(super) fn allows(&self, action: RoundAction) -> bool {
        let player = self.to_move;
        match (self.phase, action) {
            (Stage::Sow, RoundAction::Sow(pit)) => {
                self.sowable(player, pit.index()) && !self.endless(pit.index())
            }
            (Stage::Sow, RoundAction::Pass) => !self.can_sow(player),
            (Stage::Choose(hole), RoundAction::Relay) => !self.endless(hole.index()),
            (Stage::Choose(_), RoundAction::Capture) => true,
            (Stage::Refill(_), RoundAction::Fill(pit)) => {
                self.fillable(player).any(|h| h == pit.index())
            }
            (Stage::Refill(_), RoundAction::Pass) => self.fillable(player).next().is_none(),
            _ => false,
        }
    }

    /// Applies a legal action.
    pub(super) fn apply(&mut self, action: RoundAction) -> RoundTurn {
        self.memo.clear();
        let mut turn = RoundTurn::nothing(self.to_move, action);
        let sowing = !self.is_refilling();
        match action {
            RoundAction::Sow(pit) => self.sow_from(pit.index(), &mut turn),
            RoundAction::Relay => {
                if let Stage::Choose(hole) = self.phase {
                    self.phase = Stage::Sow;
                    self.sow_from(hole.index(), &mut turn);
                }
            }
            RoundAction::Capture => {
                if let Stage::Choose(hole) = self.phase {
                    self.phase = Stage::Sow;
                    let hole = hole.index();
                    let opposite = self.opposite(hole);
                    self.board[hole] -= 1;
                    self.board[opposite] += 1;
                    turn.captured += u32::from(self.board[opposite]);
                    self.take(opposite, self.to_move);
                    self.finish(self.to_move.next(2), &mut turn);
                }
            }
            RoundAction::Fill(pit) => self.fill(pit.index()),
            RoundAction::Pass => self.pass(),
        }
        turn.round_ended = sowing && (self.is_refilling() || matches!(self.phase, Stage::Won(_)));
        turn
    }

    /// Moves a hole's seeds into `player`'s store.
    pub(super) fn take(&mut self, hole: usize, player: Player) {
        self.stores[player.index()] += self.board[hole];
        self.board[hole] = 0;
    }

    /// One lap from `from`: lifts every seed and sows them on.
    fn lap(&mut self, from: usize) -> Landed {
        let mover = self.to_move;
        let mut seeds = core::mem::take(&mut self.board[from]);
        if seeds == 0 {
            return Landed::Hole(from);
        }
        let mut at = from;
        // The holes after which a lap passes each player's store, found
        // once a lap.
        let gates = [Player::P0, Player::P1].map(|p| self.store_gate(p));
        loop {
            let owner = if at == gates[0] {
                Some(Player::P0)
            } else if at == gates[1] {
                Some(Player::P1)
            } else {
                None
            };
            if let Some(owner) = owner {
                let sown = match self.rules.stores {
                    SownStores::None => false,
                    SownStores::Own => owner == mover,
                    SownStores::Both => true,
                };
                if sown {
                    self.stores[owner.index()] += 1;
                    seeds -= 1;
                    if seeds == 0 {
                        return Landed::Store(owner);
                    }
                }
            }
            at = self.step(at);
            if self.rules.skip_closed && self.is_closed(at) {
                continue;
            }
            self.board[at] += 1;
            seeds -= 1;
            if seeds == 0 {
                return Landed::Hole(at);
            }
        }
    }

    /// What a lap's landing does next, by the rules.
    fn next(&self, landed: Landed) -> Next {
        let mover = self.to_move;
        let rules = &self.rules;
        let hole = match landed {
            Landed::Store(owner) if owner == mover && rules.store_again => return Next::Again,
            Landed::Store(_) => return Next::Over,
            Landed::Hole(hole) => hole,
        };
        let count = self.board[hole];
        let own_row = self.owner(hole) == mover;
        if count == 1 {
            let opposite = self.board[self.opposite(hole)] > 0;
            return match rules.lone {
                LoneSeed::TakeOppositeOwnRow if own_row && opposite => Next::TakeOpposite(hole),
                LoneSeed::TakeOpposite if opposite => Next::TakeOpposite(hole),
                LoneSeed::TakeNext => Next::TakeAfter(hole),
                _ => self.count_take(hole, count),
            };
        }
        match rules.relay {
            RoundRelay::Occupied => Next::Relay(hole),
            RoundRelay::OccupiedNotFour if count != 4 => Next::Relay(hole),
            RoundRelay::OccupiedNotFour => Next::Over,
            RoundRelay::OpponentRowOrChoice if own_row => Next::Choose(hole),
            RoundRelay::OpponentRowOrChoice => Next::Relay(hole),
            RoundRelay::Never => self.count_take(hole, count),
        }
    }

    /// A capture by the landing hole's count, if the rules have one.
    fn count_take(&self, hole: usize, count: u16) -> Next {
        let Some(take) = self.rules.count_take else {
            return Next::Over;
        };
        let counted = count < 16 && take.counts >> count & 1 == 1;
        let row_ok = !take.opponent_row || self.owner(hole) != self.to_move;
        let open_ok = !take.open_only || !self.is_closed(hole);
        if counted && row_ok && open_ok {
            Next::TakeCount(hole)
        } else {
            Next::Over
        }
    }

    /// `next`, unless the fours emptied the hole it would sow on from (or
    /// choose at): then the move is over (rules that relay from a four and
    /// take fours; no preset).
    fn emptied(&self, next: Next) -> Next {
        match next {
            Next::Relay(hole) | Next::Choose(hole) if self.board[hole] == 0 => Next::Over,
            next => next,
        }
    }

    /// Pallanguzhi's fours: each hole of the lap's span (from `from`,
    /// `seeds` steps on the rules' way, the short way round) holding four
    /// goes to its row's owner. Returns the seeds taken.
    fn take_fours(&mut self, from: usize, seeds: u16) -> u32 {
        let holes = self.rules.holes();
        let steps = usize::from(seeds) % holes;
        let mut taken = 0;
        let mut at = from;
        for i in 0..=steps {
            if i > 0 {
                at = self.step(at);
            }
            if self.board[at] == 4 {
                taken += 4;
                self.take(at, self.owner(at));
            }
        }
        taken
    }

    /// A move (or its relays) from `from`.
    fn sow_from(&mut self, mut from: usize, turn: &mut RoundTurn) {
        let mover = self.to_move;
        loop {
            let seeds = self.board[from];
            let landed = self.lap(from);
            turn.laps += 1;
            let next = self.next(landed);
            // A capture belongs to the lap: the round's end is judged after
            // it (and Pallanguzhi's fours after the landing's capture).
            match next {
                Next::TakeOpposite(hole) => {
                    let opposite = self.opposite(hole);
                    turn.captured += u32::from(self.board[opposite]);
                    self.take(opposite, mover);
                }
                Next::TakeAfter(hole) => {
                    let after = self.step(hole);
                    turn.captured += u32::from(self.board[after]);
                    self.take(after, mover);
                }
                Next::TakeCount(hole) => self.take_count(hole, turn),
                _ => {}
            }
            if self.rules.fours {
                turn.captured += self.take_fours(from, seeds);
            }
            let next = self.emptied(next);
            if self.mover_has_won() {
                return;
            }
            if self.round_over() {
                let again = matches!(next, Next::Relay(_) | Next::Choose(_) | Next::Again);
                self.end_round(if again { mover } else { mover.next(2) });
                return;
            }
            match next {
                Next::Relay(hole) => from = hole,
                Next::Choose(hole) => {
                    self.phase = Stage::Choose(Pit::from_index(hole));
                    return;
                }
                Next::Again => return self.finish(mover, turn),
                _ => return self.finish(mover.next(2), turn),
            }
        }
    }

    /// Takes the landing hole by its count, and its neighbours as the
    /// rules say.
    fn take_count(&mut self, hole: usize, turn: &mut RoundTurn) {
        let mover = self.to_move;
        turn.captured += u32::from(self.board[hole]);
        self.take(hole, mover);
        let Some(take) = self.rules.count_take else {
            return;
        };
        if !take.neighbours {
            return;
        }
        let row = self.row(self.owner(hole));
        for neighbour in [hole.wrapping_sub(1), hole + 1] {
            let count = self.board.get(neighbour).copied().unwrap_or(0);
            if row.contains(&neighbour) && count < 16 && take.counts >> count & 1 == 1 {
                turn.captured += u32::from(count);
                self.take(neighbour, mover);
            }
        }
    }

    /// The end of a move: closed holes that hold enough open, then the
    /// round's end, or `next` to move.
    fn finish(&mut self, next: Player, _turn: &mut RoundTurn) {
        if let Some(at) = self.rules.reopen_at
            && self.board().iter().any(|&s| s > 0)
        {
            for hole in 0..self.rules.holes() {
                if self.board[hole] >= at {
                    self.closed &= !(1 << hole);
                }
            }
        }
        if self.round_over() {
            self.end_round(next);
        } else {
            self.to_move = next;
        }
    }

    /// A pass while sowing.
    fn pass(&mut self) {
        match self.phase {
            Stage::Refill(passed) => match passed {
                Some(first) => self.end_refill(first),
                None => {
                    self.phase = Stage::Refill(Some(self.to_move));
                    self.to_move = self.to_move.next(2);
                }
            },
            _ => {
                if !self.mover_has_won() {
                    self.to_move = self.to_move.next(2);
                }
            }
        }
    }

    /// Galatjang: whether the player who just made a lap or a pass holds
    /// all but a few seeds.
    fn holds_all_but_few(&self) -> bool {
        let MatchEnd::MoverHoldsAllBut(limit) = self.rules.match_end else {
            return false;
        };
        let board: u32 = self.board().iter().map(|&s| u32::from(s)).sum();
        let outside = board + u32::from(self.stores[self.to_move.next(2).index()]);
        outside < u32::from(limit)
    }

    /// Galatjang: the player who just made a lap or a pass wins if he holds
    /// all but a few seeds.
    fn mover_has_won(&mut self) -> bool {
        let won = self.holds_all_but_few();
        if won {
            self.phase = Stage::Won(self.to_move);
        }
        won
    }

    /// Whether the round is over by the rules.
    fn round_over(&self) -> bool {
        let empty = |range: core::ops::Range<usize>| range.into_iter().all(|h| self.board[h] == 0);
        match self.rules.round_end {
            RoundEnd::BoardEmpty => empty(0..self.rules.holes()),
            RoundEnd::RowEmpty => empty(self.row(Player::P0)) || empty(self.row(Player::P1)),
            RoundEnd::NoOpenSeeds => {
                (0..self.rules.holes()).all(|h| self.is_closed(h) || self.board[h] == 0)
            }
        }
    }
}
