//! The Robertson game state: the shared sowing game plus honours, scores
//! and rankings, and its implementation of [`Game`].
//!
//! Honours and scores come from the outside: arithmetic here is checked or
//! saturating (and bounded so that it never saturates, see `MAX_HONOURS`).

#![deny(clippy::arithmetic_side_effects)]

use alloc::sync::Arc;
use core::fmt;

use mancala_core::{
    Board, ByPlayer, End, Game, Mancala, Move, Outcome, Pit, PlayError, Player, Status, Topology,
    Turn,
    rules::MAX_PLAYERS,
    toolkit::{KeyHasher, check_sowing_move, known_valid},
};
use smallvec::SmallVec;

use crate::{Options, OptionsError, SetupError};

/// The most holes a player of Robertson's game can own: five rows of the
/// hexagon (every other player owning at least one row).
pub const MAX_OWN_HOLES: usize = 30;

/// The legal moves of a Robertson position (holes of the player to move, in
/// hole order), stored inline (never on the heap).
pub type MoveList = arrayvec::ArrayVec<Pit, MAX_OWN_HOLES>;

/// What one move did: the hole sown, and what it captured and won.
///
/// Robertson's captures take holes that all held the same count (2 or 3),
/// so a capture is `holes` holes of `count` stones each.
///
/// # Examples
///
/// ```
/// use robertson::{Game, Pit, Player, Robertson};
///
/// let mut game = Robertson::default();
/// let report = game.play(Pit::new(5).unwrap())?;
/// assert_eq!((report.mover, report.pit), (Player::P0, Pit::new(5).unwrap()));
/// assert_eq!(report.holes, 0);
/// assert_eq!(report.to_string(), "player 0 sows hole 5");
/// # Ok::<(), robertson::PlayError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The player who moved.
    pub mover: Player,
    /// The hole sown.
    pub pit: Pit,
    /// Holes taken (0 if nothing was captured).
    pub holes: usize,
    /// The count each of them held (2 or 3; 0 if nothing was captured).
    pub count: u16,
    /// Stones captured (`holes * count`).
    pub stones: u64,
    /// Honours won by the capture.
    pub honours: u64,
}

impl MoveReport {
    /// The report of a move by `mover` of `pit` that captured nothing.
    pub const fn nothing(mover: Player, pit: Pit) -> MoveReport {
        MoveReport {
            mover,
            pit,
            holes: 0,
            count: 0,
            stones: 0,
            honours: 0,
        }
    }
}

/// `player 0 sows hole 5`, then what it captured:
/// `, captures 6 stones (3 holes of 2), honours 2`.
impl fmt::Display for MoveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} sows hole {}", self.mover, self.pit)?;
        if self.holes > 0 {
            write!(
                f,
                ", captures {} stones ({} hole{} of {})",
                self.stones,
                self.holes,
                if self.holes == 1 { "" } else { "s" },
                self.count
            )?;
        }
        if self.honours > 0 {
            write!(f, ", honours {}", self.honours)?;
        }
        Ok(())
    }
}

/// A game of Robertson's: the board, each player's captured stones and
/// honours, the player to move and the outcome.
///
/// Build one from options ([`Robertson::new`], `Default` for the two-row
/// game, [`Robertson::with_first_player`]), from a [`Setup`](crate::Setup)
/// ([`Robertson::from_setup`]) or from its text notation (`FromStr`, see the
/// crate docs); each checks its input. It plays through the [`Game`] trait:
/// actions and moves are holes ([`Pit`]), and [`play`](Game::play) returns a
/// [`MoveReport`].
///
/// # Examples
///
/// ```
/// use robertson::{Game, Options, Pit, Player, Robertson, Status};
///
/// let mut game = Robertson::new(Options::triangle())?;
/// assert_eq!(game.player_count(), 3);
/// game.play(Pit::new(2).unwrap())?;
/// assert_eq!(game.status(), Status::ToMove(Player::P1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Robertson {
    /// The options, shared by every state of one game (a clone copies the
    /// pointer).
    pub(crate) options: Arc<Options>,
    pub(crate) game: Mancala,
    /// Honours won by each player (inline for two players).
    pub(crate) honours: SmallVec<[u64; 2]>,
}

impl Default for Robertson {
    /// The two-row game at the start.
    fn default() -> Robertson {
        // A unit test checks that the two-row options are valid.
        known_valid(Robertson::new(Options::two_row()), "the two-row options")
    }
}

impl Robertson {
    /// The start of a game: 4 stones a hole (or `options.seeds`), player 0 to
    /// move.
    ///
    /// # Errors
    ///
    /// An [`OptionsError`] if the options are invalid.
    pub fn new(options: Options) -> Result<Robertson, OptionsError> {
        options.check()?;
        let game = Mancala::new(options.rules())?;
        Ok(Robertson::around(options, game))
    }

    /// The start of a game with `first` to move (the next game of a
    /// [`Rubber`](crate::Rubber), say).
    ///
    /// # Errors
    ///
    /// [`SetupError::Options`] if the options are invalid, and
    /// [`SetupError::Position`] if `first` does not play under them.
    ///
    /// # Examples
    ///
    /// ```
    /// use robertson::{Game, Options, Player, Robertson};
    ///
    /// let game = Robertson::with_first_player(Options::triangle(), Player::new(2).unwrap())?;
    /// assert_eq!(game.to_move(), Player::new(2));
    /// assert!(Robertson::with_first_player(Options::two_row(), Player::new(2).unwrap()).is_err());
    /// # Ok::<(), robertson::SetupError>(())
    /// ```
    pub fn with_first_player(options: Options, first: Player) -> Result<Robertson, SetupError> {
        options.check()?;
        let game = Mancala::with_first_player(options.rules(), first)?;
        Ok(Robertson::around(options, game))
    }

    /// A game of `options` whose sowing game is `game`, no honours yet.
    fn around(options: Options, game: Mancala) -> Robertson {
        let players = game.topology().players();
        Robertson {
            options: Arc::new(options),
            game,
            honours: smallvec::smallvec![0; players],
        }
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The board: hole counts, and in the stores the stones each player
    /// captured.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The board's shape.
    pub fn topology(&self) -> &Topology {
        self.game.topology()
    }

    /// The shared sowing game underneath (rules, repetition history).
    pub fn sowing(&self) -> &Mancala {
        &self.game
    }

    /// Why the game ended, if it has: the end condition of the sowing game
    /// underneath ([`Mancala::end`], which says when it is not known: a
    /// game set up as over).
    ///
    /// # Examples
    ///
    /// ```
    /// use robertson::{End, Game, Robertson};
    ///
    /// let mut game = Robertson::default();
    /// assert_eq!(game.end(), None);
    /// while let Some(p) = game.to_move() {
    ///     game.play(game.legal_actions(p)[0])?;
    /// }
    /// assert!(matches!(game.end(), Some(End::NoMove { .. } | End::Repetition)));
    /// # Ok::<(), robertson::PlayError>(())
    /// ```
    pub fn end(&self) -> Option<End> {
        self.game.end()
    }

    /// Stones captured by each player (with `ToOwner` leftovers, once the
    /// game is over, his own stones left on the board too).
    pub fn captured(&self) -> ByPlayer<u64> {
        self.game.scores()
    }

    /// Honours won by each player.
    pub fn honours(&self) -> ByPlayer<u64> {
        ByPlayer::from_slice(&self.honours)
    }

    /// The players from the highest score to the lowest (ties by turn order),
    /// with their scores: the full ranking of a game of three or more.
    pub fn ranking(&self) -> SmallVec<[(Player, u64); MAX_PLAYERS]> {
        let mut ranking: SmallVec<[(Player, u64); MAX_PLAYERS]> =
            self.scores().iter().map(|(p, s)| (p, *s)).collect();
        ranking.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        ranking
    }

    /// Why `pit` is not legal now, if it is not.
    ///
    /// The first four reasons are the checks every sowing move shares
    /// ([`check_sowing_move`]); for a sowing of his own non-empty hole by the
    /// player to move the sower decides ([`Game::is_legal`] on
    /// [`Mancala`]), and refuses it only for a forbidden grand slam or a
    /// failure to feed: Robertson's rules never relay (no move is endless)
    /// and never pass.
    fn refusal(&self, pit: Pit) -> Option<PlayError> {
        if let Err(refusal) =
            check_sowing_move(self.topology(), self.board(), self.game.to_move(), pit)
        {
            return Some(refusal);
        }
        if self.game.is_legal(&Move::Sow(pit)) {
            return None;
        }
        // The sower sows a refused move unchecked unless it is a forbidden
        // grand slam, which it leaves unplayed (no landing); so a refusal
        // whose unchecked sowing lands is a failure to feed. Only refused
        // moves get here: the copy costs nothing on the legal path.
        let grand_slam = self.options.grand_slam == crate::GrandSlam::Forbid && {
            let mut copy = self.game.clone();
            Game::play_unchecked(&mut copy, Move::Sow(pit))
                .landing
                .is_none()
        };
        Some(if grand_slam {
            PlayError::GrandSlam(pit)
        } else {
            PlayError::MustFeed(pit)
        })
    }

    /// Credits the honours of the sower's `turn` (a move of `pit`) to its
    /// mover and reports it.
    #[inline]
    fn credit(&mut self, pit: Pit, turn: Turn) -> MoveReport {
        let holes = turn.captured.len();
        // Robertson's captures take holes of one count (`same_count`), so
        // the seeds divide evenly (most moves capture nothing or one hole:
        // no division then).
        let count = match u32::try_from(holes) {
            Ok(0) | Err(_) => 0,
            Ok(1) => u16::try_from(turn.seeds).unwrap_or(u16::MAX),
            Ok(h) => u16::try_from(turn.seeds.checked_div(h).unwrap_or(0)).unwrap_or(u16::MAX),
        };
        let honours = self.options.honours.for_capture(holes, count);
        if let Some(slot) = self.honours.get_mut(turn.mover.index()) {
            *slot = slot.saturating_add(honours);
        }
        MoveReport {
            mover: turn.mover,
            pit,
            holes,
            count,
            stones: u64::from(turn.seeds),
            honours,
        }
    }
}

impl Game for Robertson {
    mancala_core::sequential_game!(
        move: Pit,
        actions: MoveList,
        report: MoveReport,
        error: PlayError,
    );

    fn player_count(&self) -> usize {
        self.topology().players()
    }

    /// The player to move, or the outcome once the game is over: the single
    /// highest score (captures plus honours) wins; a tie for the top is a
    /// draw (see [`ranking`](Robertson::ranking)).
    #[inline(always)]
    fn status(&self) -> Status {
        match self.game.to_move() {
            Some(p) => Status::ToMove(p),
            None => Status::Over(Outcome::from_scores(self.scores().as_slice())),
        }
    }

    /// The holes `player` may sow, in hole order; empty unless he is to
    /// move. Never allocates.
    #[inline(always)]
    fn legal_actions(&self, player: Player) -> MoveList {
        let mut moves = MoveList::new();
        if self.game.to_move() == Some(player) {
            for pit in self.game.legal_pits().iter() {
                // A player owns at most MAX_OWN_HOLES holes.
                let _ = moves.try_push(pit);
            }
        }
        moves
    }

    fn is_legal(&self, pit: &Pit) -> bool {
        self.game.is_legal(&Move::Sow(*pit))
    }

    /// Plays a move after checking it and reports its capture and honours.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal (the game over, a hole off
    /// the board, another player's or empty, failing to feed when feeding is
    /// possible, a forbidden grand slam); the state is then unchanged.
    fn play(&mut self, pit: Pit) -> Result<MoveReport, PlayError> {
        if let Some(refusal) = self.refusal(pit) {
            return Err(refusal);
        }
        Ok(self.play_unchecked(pit))
    }

    /// Plays a move without the checks that can be skipped, on the
    /// sower's fast path.
    ///
    /// # Panics
    ///
    /// Never panics. An illegal move does what
    /// [`Game::play_unchecked`] on [`Mancala`] does (nothing, once the game
    /// is over or for a hole the sower cannot sow, reported as capturing
    /// nothing; another player's hole or a move that fails to feed is played
    /// for the player to move).
    #[inline]
    fn play_unchecked(&mut self, pit: Pit) -> MoveReport {
        let turn = Game::play_unchecked(&mut self.game, Move::Sow(pit));
        self.credit(pit, turn)
    }

    /// Each player's captured stones plus honours.
    fn scores(&self) -> ByPlayer<u64> {
        let mut scores = self.captured();
        for (score, honours) in scores.as_mut_slice().iter_mut().zip(&self.honours) {
            *score = score.saturating_add(*honours);
        }
        scores
    }

    /// The sowing game's key ([`Game::key`] on [`Mancala`]: the holes, the
    /// captured stones, the player to move and whether the game is over)
    /// with each player's honours mixed in by [`KeyHasher`]. Not Zobrist, for
    /// the sowing game's reason (counts up to 65,535 a hole); one more word a
    /// player costs a multiplication each. The options and the repetition
    /// history are not hashed: positions compared in one table share their
    /// options, and histories only end games.
    fn key(&self) -> u64 {
        let mut h = KeyHasher::new();
        h.write(self.game.key());
        for &honours in &self.honours {
            h.write(honours);
        }
        h.finish()
    }

    /// The repetition history is the board game's: reads ahead for it.
    #[inline]
    fn prefetch(&mut self) {
        self.game.prefetch();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_two_row_game() {
        assert!(Options::two_row().check().is_ok());
        assert_eq!(Robertson::default().options(), &Options::two_row());
    }
}
