//! A four-row game: its state, its checks of the rules, and which actions
//! are legal.

use crate::endless::{Cycle, EndlessMemo};
use crate::game::Outcome;
use crate::pit::Pit;
use crate::player::Player;

use super::action::FourRowAction;
use super::rules::{
    CapturedSeeds, Fallback, FourRowEnd, FourRowRules, MAX_COLUMNS, MAX_HOLES, Opening,
};

/// The most seeds a turn's laps may sow: a turn still relaying then is
/// taken as endless, and is not legal.
pub const MAX_RELAY_SEEDS: u64 = 1_000_000;

/// Why an action is refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FourRowPlayError {
    /// The action is not by the player who must act.
    #[error(transparent)]
    Joint(#[from] crate::game::JointMoveError),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action is not one the player to move may take now.
    #[error("`{action}` is not a legal action now")]
    Illegal {
        /// The action refused.
        action: FourRowAction,
    },
}

/// Why [`FourRowRules`] cannot be played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FourRowRulesError {
    /// Rows of fewer than 4 holes, or more than [`MAX_COLUMNS`].
    #[error("{0} holes a row; from 4 to {max} are played", max = MAX_COLUMNS)]
    Columns(u8),
    /// More inner holes with seeds at the start than a row has.
    #[error("{0} inner holes start with seeds, more than a row has")]
    InnerHoles(u8),
    /// A hole of no seeds to sow.
    #[error("a hole of 0 seeds cannot be sown")]
    SowMin,
    /// No seeds at all, or more than 65535.
    #[error("{0} seeds in all; from 1 to 65535 are played")]
    Seeds(u32),
    /// Hus (Nama)'s opening on a board it does not fit: it needs an even
    /// row of 8 holes or more, 2 seeds in every outer hole and at least
    /// the `C/2` rightmost inner holes, and no hand.
    #[error("Hus (Nama)'s opening needs an even row of 8 or more and its start")]
    Opening,
    /// Seeds in hand to place, with captures that go to the store: the
    /// store would count both.
    #[error("seeds in hand need captured seeds to stay on the board")]
    HandAndStore,
}

/// What an action did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FourRowTurn {
    /// The player who acted.
    pub mover: Player,
    /// The action.
    pub action: FourRowAction,
    /// Laps sown (an opening counts one; the sowing of captured seeds is
    /// not a lap).
    pub laps: u64,
    /// Seeds captured (taken to the store, or sown again).
    pub captured: u32,
    /// The result, if the game ended with this action.
    pub result: Option<Outcome>,
}

impl FourRowTurn {
    /// A report of `action` by `mover` that did nothing yet.
    pub const fn new(mover: Player, action: FourRowAction) -> FourRowTurn {
        FourRowTurn {
            mover,
            action,
            laps: 0,
            captured: 0,
            result: None,
        }
    }
}

/// `player 0 plays 14:cw: 3 laps, 6 seeds captured; player 0 wins`.
impl core::fmt::Display for FourRowTurn {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (mover, action) = (self.mover, self.action);
        let (laps, seeds) = (self.laps, self.captured);
        write!(
            f,
            "{mover} plays {action}: {laps} laps, {seeds} seeds captured"
        )?;
        match self.result {
            Some(outcome) => write!(f, "; {outcome}"),
            None => Ok(()),
        }
    }
}

/// A game on four rows: the board, the stores (or hands), the player to
/// move, the players whose fixed opening is still to come, the player who
/// has just passed (Hus (Nama)), and the result once the game is over.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FourRowGame {
    pub(super) rules: FourRowRules,
    pub(super) to_move: Player,
    pub(super) board: [u16; MAX_HOLES],
    pub(super) stores: [u16; 2],
    pub(super) to_open: [bool; 2],
    pub(super) passed: Option<Player>,
    pub(super) result: Option<Outcome>,
    /// Which moves of this position relay for ever, as far as asked
    /// (cleared whenever the position changes).
    pub(super) memo: EndlessMemo,
}

impl FourRowGame {
    /// The start under `rules`: the start's seeds on the board (or in
    /// hand), player 0 to move.
    ///
    /// # Errors
    ///
    /// A [`FourRowRulesError`] for rules that cannot be played.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Game;
    /// use mancala_core::four_rows::{FourRowGame, FourRowRules};
    ///
    /// let game = FourRowGame::new(FourRowRules::tsoro())?;
    /// // Each player's outer row holds 2 seeds a hole, his inner row none.
    /// assert_eq!(game.board()[..8], [2; 8]);
    /// assert_eq!(game.board()[8..16], [0; 8]);
    /// assert_eq!(game.board()[16..24], [2; 8]);
    /// assert_eq!(game.legal_moves().len(), 8);
    /// # Ok::<(), mancala_core::four_rows::FourRowRulesError>(())
    /// ```
    pub fn new(rules: FourRowRules) -> Result<FourRowGame, FourRowRulesError> {
        check(&rules)?;
        let mut board = [0; MAX_HOLES];
        for player in [Player::P0, Player::P1] {
            let ring = start_ring(&rules);
            let first = rules.hole(player, 0);
            board[first..first + rules.ring_len()].copy_from_slice(&ring[..rules.ring_len()]);
        }
        let opening = rules.opening != Opening::None;
        let mut game = FourRowGame {
            rules,
            to_move: Player::P0,
            board,
            stores: [rules.hand; 2],
            to_open: [opening; 2],
            passed: None,
            result: None,
            memo: EndlessMemo::new(),
        };
        game.judge();
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &FourRowRules {
        &self.rules
    }

    /// Seeds in each hole, canonical order.
    pub fn board(&self) -> &[u16] {
        &self.board[..self.rules.holes()]
    }

    /// Seeds in each player's store, player 0 first: the seeds he has
    /// captured, or, in a game with hands, the seeds in his hand.
    pub fn stores(&self) -> [u16; 2] {
        self.stores
    }

    /// The player to move (who would, once the game is over).
    pub fn player_to_move(&self) -> Player {
        self.to_move
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<Outcome> {
        self.result
    }

    /// Whether the players are still placing seeds from their hands.
    pub fn is_placing(&self) -> bool {
        self.rules.hand > 0 && self.stores.iter().any(|&s| s > 0)
    }

    /// Whether `player`'s first move is still one of the fixed openings.
    pub fn must_open(&self, player: Player) -> bool {
        self.to_open.get(player.index()).copied().unwrap_or(false)
    }

    /// The player who passed on the last turn and loses after his
    /// opponent's next lap (Hus (Nama)).
    pub fn passed(&self) -> Option<Player> {
        self.passed
    }

    /// The seeds of `player`'s ring position `k`.
    pub(super) fn ring(&self, player: Player, k: usize) -> u16 {
        self.board[self.rules.hole(player, k)]
    }

    /// The seeds in `player`'s ring.
    pub fn ring_seeds(&self, player: Player) -> u32 {
        let first = self.rules.hole(player, 0);
        let ring = &self.board[first..first + self.rules.ring_len()];
        ring.iter().map(|&s| u32::from(s)).sum()
    }

    /// Each player's score now: his store, and his ring's seeds where the
    /// rules count them ([`FourRowRules::ring_scores`]).
    pub fn score(&self, player: Player) -> u32 {
        let ring = if self.rules.ring_scores {
            self.ring_seeds(player)
        } else {
            0
        };
        u32::from(self.stores[player.index()]) + ring
    }

    /// Whether `player` may sow his ring position `k` counter-clockwise as
    /// an ordinary move (not an opening), endless turns aside.
    fn sowable(&self, player: Player, k: usize) -> bool {
        let seeds = self.ring(player, k);
        if seeds == 0 {
            return false;
        }
        if seeds >= self.rules.sow_min {
            return true;
        }
        let any_min =
            (0..self.rules.ring_len()).any(|i| self.ring(player, i) >= self.rules.sow_min);
        match self.rules.fallback {
            _ if any_min => false,
            Fallback::None => false,
            Fallback::Single => seeds == 1,
            Fallback::SingleIntoEmpty => {
                seeds == 1 && self.ring(player, self.rules.step(k, 1)) == 0
            }
        }
    }

    /// Whether `player` may sow his ring position `k` clockwise (Omweso):
    /// a left-hand hole of 2 or more whose first lap ends in an inner hole
    /// facing two occupied holes.
    fn sowable_clockwise(&self, player: Player, k: usize) -> bool {
        let n = self.rules.ring_len();
        let seeds = usize::from(self.ring(player, k));
        let left = k < 2 || k >= n - 2;
        if !self.rules.clockwise || !left || seeds < 2 {
            return false;
        }
        let landing = (k + n - seeds % n) % n;
        if landing < usize::from(self.rules.columns) {
            return false;
        }
        let (inner, outer) = self.rules.facing(landing);
        let other = player.next(2);
        self.ring(other, inner) > 0 && self.ring(other, outer) > 0
    }

    /// The ring position of `hole` if it is `player`'s.
    fn own(&self, player: Player, hole: Pit) -> Option<usize> {
        let first = self.rules.hole(player, 0);
        let h = hole.index();
        (first..first + self.rules.ring_len())
            .contains(&h)
            .then(|| h - first)
    }

    /// Whether `action` is legal now (the game not over).
    pub(super) fn allows(&self, action: FourRowAction) -> bool {
        let player = self.to_move;
        if self.result.is_some() {
            return false;
        }
        if self.is_placing() {
            return match action {
                FourRowAction::Place(pit) => self.own(player, pit).is_some(),
                _ => false,
            };
        }
        match action {
            FourRowAction::Sow(pit) => self.own(player, pit).is_some_and(|k| {
                if self.must_open(player) {
                    self.rules.openings().contains(&k)
                } else {
                    self.sowable(player, k) && !self.endless(k, 1)
                }
            }),
            FourRowAction::SowClockwise(pit) => self.own(player, pit).is_some_and(|k| {
                !self.must_open(player) && self.sowable_clockwise(player, k) && !self.endless(k, -1)
            }),
            FourRowAction::Place(_) => false,
            FourRowAction::Pass => !self.can_move(player),
        }
    }

    /// Whether the player to move, `player`, has a sowing move.
    pub(super) fn can_move(&self, player: Player) -> bool {
        if self.must_open(player) {
            return true;
        }
        (0..self.rules.ring_len()).any(|k| {
            (self.sowable(player, k) && !self.endless(k, 1))
                || (self.sowable_clockwise(player, k) && !self.endless(k, -1))
        })
    }

    /// Whether the turn of the player to move from his ring position
    /// `origin`, in direction `step`, would relay for ever: its laps come
    /// back to a position (board, stores, hole) they left (Brent's cycle
    /// detection, on a copy). Such a move is not legal (Ludii would play it
    /// for ever). So that any rules are answered in bounded time, a turn
    /// still relaying after [`MAX_RELAY_SEEDS`] seeds sown counts as
    /// endless too (the presets' turns sow a few hundred).
    /// Each move's answer is kept in the position's memo.
    pub(super) fn endless(&self, origin: usize, step: isize) -> bool {
        if !self.rules.relay && self.rules.capture.then == super::rules::AfterCapture::Over {
            return false;
        }
        let slot = if step > 0 {
            origin
        } else {
            2 * MAX_COLUMNS + origin
        };
        self.memo
            .get_or(slot, || self.plays_out_endless(origin, step))
    }

    /// [`endless`](Self::endless) worked out: the move played out on a copy.
    fn plays_out_endless(&self, origin: usize, step: isize) -> bool {
        let mut game = self.clone();
        game.memo.clear();
        let mut turn = FourRowTurn::new(self.to_move, FourRowAction::Pass);
        let mut from = origin;
        let mut cycle = Cycle::new((from, game.stores, game.board));
        let mut sown = 0u64;
        loop {
            sown += u64::from(game.ring(game.to_move, from));
            if sown > MAX_RELAY_SEEDS {
                return true;
            }
            let Some(next) = game.lap(from, step, &mut turn) else {
                return false;
            };
            from = next;
            if cycle.repeats((from, game.stores, game.board)) {
                return true;
            }
        }
    }
}

/// The seeds of a ring at the start, by ring position.
pub(super) fn start_ring(rules: &FourRowRules) -> [u16; 2 * MAX_COLUMNS] {
    let c = usize::from(rules.columns).min(MAX_COLUMNS);
    let mut ring = [0; 2 * MAX_COLUMNS];
    ring[..c].fill(rules.outer_seeds);
    let inner = usize::from(rules.inner_holes).min(c);
    ring[c..c + inner].fill(rules.inner_seeds);
    ring
}

/// Checks that `rules` can be played.
fn check(rules: &FourRowRules) -> Result<(), FourRowRulesError> {
    let c = rules.columns;
    if !(4..=MAX_COLUMNS as u8).contains(&c) {
        return Err(FourRowRulesError::Columns(c));
    }
    if rules.inner_holes > c {
        return Err(FourRowRulesError::InnerHoles(rules.inner_holes));
    }
    if rules.sow_min == 0 {
        return Err(FourRowRulesError::SowMin);
    }
    let ring = u32::from(c) * u32::from(rules.outer_seeds)
        + u32::from(rules.inner_holes) * u32::from(rules.inner_seeds)
        + u32::from(rules.hand);
    if ring == 0 || 2 * ring > u32::from(u16::MAX) {
        return Err(FourRowRulesError::Seeds(2 * ring));
    }
    if rules.opening == Opening::HusNama {
        let fits = c.is_multiple_of(2)
            && c >= 8
            && rules.outer_seeds == 2
            && rules.inner_seeds == 2
            && rules.inner_holes >= c / 2
            && rules.hand == 0;
        if !fits {
            return Err(FourRowRulesError::Opening);
        }
    }
    if rules.hand > 0 && rules.capture.seeds_to == CapturedSeeds::Store {
        return Err(FourRowRulesError::HandAndStore);
    }
    Ok(())
}

impl FourRowGame {
    /// Settles the position for the player to move: the game is over if
    /// the rules say so.
    pub(super) fn judge(&mut self) {
        if self.result.is_some() || self.is_placing() {
            return;
        }
        let player = self.to_move;
        let other = player.next(2);
        match self.rules.end {
            FourRowEnd::PassThenLose => {}
            FourRowEnd::RingEmptyLoses => {
                if self.ring_seeds(player) == 0 {
                    self.result = Some(Outcome::Winner(other));
                }
            }
            FourRowEnd::NoSeedsScores => {
                if self.ring_seeds(player) == 0 {
                    let scores = [self.score(Player::P0), self.score(Player::P1)];
                    self.result = Some(Outcome::from_scores(&scores));
                }
            }
            FourRowEnd::NoMoveLoses => {
                if !self.can_move(player) {
                    self.result = Some(Outcome::Winner(other));
                }
            }
        }
    }
}
