//! The Robertson game state: the shared sowing game plus honours, scores
//! and rankings.

use mancala_core::{
    Board, ByPlayer, Event, MAX_PLAYERS, Mancala, MoveList, Observer, Outcome, Pit, PlayError,
    Player, Topology,
};
use smallvec::SmallVec;

use crate::{Options, OptionsError};

/// Counts the holes of the capture of one move (Robertson's captures take
/// holes that all held the same count).
#[derive(Default)]
struct CaptureTally {
    holes: usize,
    count: u16,
}

impl Observer for CaptureTally {
    fn event(&mut self, event: Event) {
        if let Event::Capture { seeds, .. } = event {
            self.holes += 1;
            self.count = seeds;
        }
    }
}

/// What one move captured.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// Holes taken (0 if nothing was captured).
    pub holes: usize,
    /// The count each of them held (2 or 3).
    pub count: u16,
    /// Stones captured.
    pub stones: u64,
    /// Honours won by the capture.
    pub honours: u64,
}

/// A game of Robertson's: the board, each player's captured stones and
/// honours, the player to move and the outcome.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Pit, Player, Status};
/// use robertson::{Options, Robertson};
///
/// let mut game = Robertson::new(Options::triangle())?;
/// assert_eq!(game.player_count(), 3);
/// game.play(Pit::new(2).unwrap())?;
/// assert_eq!(game.status(), Status::ToMove(Player::P1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Robertson {
    pub(crate) options: Options,
    pub(crate) game: Mancala,
    pub(crate) honours: [u64; MAX_PLAYERS],
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
        Ok(Robertson {
            options,
            game,
            honours: [0; MAX_PLAYERS],
        })
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

    /// Stones captured by each player (with `ToOwner` leftovers, once the
    /// game is over, his own stones left on the board too).
    pub fn captured(&self) -> ByPlayer<u64> {
        self.game.scores()
    }

    /// Honours won by each player.
    pub fn honours(&self) -> ByPlayer<u64> {
        ByPlayer::from_slice(&self.honours[..self.topology().players()])
    }

    /// Each player's score: captured stones plus honours.
    pub fn scores(&self) -> ByPlayer<u64> {
        let mut scores = self.captured();
        for (i, s) in scores.as_mut_slice().iter_mut().enumerate() {
            *s += self.honours[i];
        }
        scores
    }

    /// The players from the highest score to the lowest (ties by turn order),
    /// with their scores: the full ranking of a game of three or more.
    pub fn ranking(&self) -> SmallVec<[(Player, u64); MAX_PLAYERS]> {
        let mut ranking: SmallVec<[(Player, u64); MAX_PLAYERS]> =
            self.scores().iter().map(|(p, s)| (p, *s)).collect();
        ranking.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        ranking
    }

    /// The player to move, or `None` once the game is over.
    pub fn turn(&self) -> Option<Player> {
        self.game.turn()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The outcome once the game is over: the single highest score wins; a
    /// tie for the top is a draw (see [`ranking`](Robertson::ranking)).
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::from_scores(self.scores().as_slice()))
    }

    /// The legal moves of the player to move.
    pub fn legal_moves(&self) -> MoveList {
        self.game.legal_moves()
    }

    /// Whether `pit` is legal now.
    pub fn is_legal(&self, pit: Pit) -> bool {
        self.game.is_legal(pit)
    }

    /// Plays a move after checking it and reports its capture.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal (not the mover's hole, empty,
    /// failing to feed when feeding is possible, a forbidden grand slam, the
    /// game over); the state is then unchanged.
    pub fn play(&mut self, pit: Pit) -> Result<MoveReport, PlayError> {
        let mover = self.turn();
        let mut tally = CaptureTally::default();
        self.game.play_observed(pit, &mut tally)?;
        Ok(self.credit(mover, &tally))
    }

    /// Plays a move without the checks that can be skipped.
    ///
    /// # Panics
    ///
    /// Never panics; see [`Mancala::play_unchecked`] for what an illegal move
    /// does.
    pub fn play_unchecked(&mut self, pit: Pit) -> MoveReport {
        let mover = self.turn();
        let mut tally = CaptureTally::default();
        self.game.play_unchecked_observed(pit, &mut tally);
        self.credit(mover, &tally)
    }

    fn credit(&mut self, mover: Option<Player>, tally: &CaptureTally) -> MoveReport {
        let honours = self.options.honours.for_capture(tally.holes, tally.count);
        if let Some(p) = mover {
            let slot = &mut self.honours[p.index()];
            *slot = slot.saturating_add(honours);
        }
        MoveReport {
            holes: tally.holes,
            count: tally.count,
            stones: tally.holes as u64 * u64::from(tally.count),
            honours,
        }
    }
}

mancala_core::impl_sequential_game!(Robertson {
    action: Pit,
    actions: MoveList,
    error: PlayError,
    players: |game| game.topology().players(),
});
