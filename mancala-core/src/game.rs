//! The family's game interface, for sequential and simultaneous games.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::ops::Deref;
use core::str::FromStr;

use crate::player::{ByPlayer, Player, PlayerSet};

/// How a finished game ended, in absolute terms.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// This player won.
    Winner(Player),
    /// Nobody won.
    Draw,
}

/// `player 1 wins` or `draw`.
impl core::fmt::Display for Outcome {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Outcome::Winner(p) => write!(f, "{p} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

impl Outcome {
    /// The outcome of final scores: the single highest score wins, a shared
    /// highest score is a draw.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Outcome, Player};
    ///
    /// assert_eq!(Outcome::from_scores(&[20, 28]), Outcome::Winner(Player::P1));
    /// assert_eq!(Outcome::from_scores(&[24, 24]), Outcome::Draw);
    /// assert_eq!(Outcome::from_scores(&[9, 9, 3]), Outcome::Draw);
    /// ```
    pub fn from_scores<T: Ord + Copy>(scores: &[T]) -> Outcome {
        let Some(best) = scores.iter().copied().max() else {
            return Outcome::Draw;
        };
        let mut leaders = scores.iter().enumerate().filter(|(_, s)| **s == best);
        match (leaders.next(), leaders.next()) {
            (Some((i, _)), None) => Player::new(i).map_or(Outcome::Draw, Outcome::Winner),
            _ => Outcome::Draw,
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Winner(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

/// Who must act now.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// One player moves (sequential games; Kalah's extra turn simply names the
    /// same player again).
    ToMove(Player),
    /// These players all choose at once (simultaneous games such as Numa);
    /// `play` takes their joint move.
    Simultaneous(PlayerSet),
    /// The game is over.
    Over(Outcome),
}

impl Status {
    /// The outcome, if the game is over.
    pub const fn outcome(self) -> Option<Outcome> {
        match self {
            Status::Over(o) => Some(o),
            _ => None,
        }
    }

    /// The players who must act now (none once the game is over).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{Game, Player, PlayerSet};
    ///
    /// let status = mancala_core::kalah().status();
    /// assert_eq!(status.acting(), PlayerSet::EMPTY.with(Player::P0));
    /// ```
    pub const fn acting(self) -> PlayerSet {
        match self {
            Status::ToMove(p) => PlayerSet::EMPTY.with(p),
            Status::Simultaneous(set) => set,
            Status::Over(_) => PlayerSet::EMPTY,
        }
    }

    /// Whether `player` must act now.
    pub const fn must_act(self, player: Player) -> bool {
        match self {
            Status::ToMove(p) => p.index() == player.index(),
            Status::Simultaneous(set) => set.contains(player),
            Status::Over(_) => false,
        }
    }
}

/// The interface every game of the family implements, sequential or
/// simultaneous (after OpenSpiel's `State`).
///
/// A state says who must act ([`status`](Game::status)); each acting player
/// chooses among his [`legal_actions`](Game::legal_actions); the chosen
/// actions form one [`Move`](Game::Move) through
/// [`joint_move`](Game::joint_move), which [`play`](Game::play) applies and
/// describes in a [`Report`](Game::Report). In a sequential game a move is one
/// action; in a simultaneous game it holds an action for every acting player.
/// Players need not alternate: read the status after every move.
///
/// Every state type is also `Clone + Eq + Hash + Debug + Default` (the
/// standard game at its start) and, in every game of the workspace, `Display`
/// and `FromStr` for its one-line text notation.
///
/// # Examples
///
/// A random playout generic over any game of the family, sequential or
/// simultaneous, written with the trait alone:
///
/// ```
/// use mancala_core::{Game, Player, Status};
///
/// fn playout<G: Game>(mut game: G, mut pick: impl FnMut(usize) -> usize) -> G {
///     loop {
///         let acting: Vec<Player> = match game.status() {
///             Status::Over(_) => return game,
///             Status::ToMove(p) => vec![p],
///             Status::Simultaneous(set) => set.iter().collect(),
///         };
///         let choices: Vec<(Player, G::Action)> = acting
///             .into_iter()
///             .map(|p| {
///                 let actions = game.legal_actions(p);
///                 (p, actions[pick(actions.len())])
///             })
///             .collect();
///         let mv = game.joint_move(&choices).expect("legal actions make a move");
///         game.play(mv).expect("legal moves are accepted");
///     }
/// }
///
/// let mut n = 0;
/// let end = playout(mancala_core::Mancala::default(), |len| { n += 7; n % len });
/// assert!(end.outcome().is_some());
/// ```
pub trait Game: Clone + Eq + Hash + Debug + Default {
    /// What one player chooses when he acts.
    type Action: Copy + Eq + Hash + Debug + Display + FromStr;
    /// What [`play`](Game::play) applies: one action in a sequential game, one
    /// action per acting player in a simultaneous game.
    type Move: Clone + Eq + Debug + Display + FromStr;
    /// The list [`legal_actions`](Game::legal_actions) returns (inline storage
    /// for the standard boards).
    type Actions: Deref<Target = [Self::Action]> + Default;
    /// What a move did (captures, laps, scores won, ...), produced by every
    /// [`play`](Game::play) and [`play_unchecked`](Game::play_unchecked).
    /// Its `Display` says it in words, for a player.
    type Report: Clone + Debug + Display;
    /// Why a move was refused.
    type Error: core::error::Error;

    /// Number of players.
    fn player_count(&self) -> usize;

    /// Who must act now, or the outcome.
    fn status(&self) -> Status;

    /// The actions `player` may choose now, in a stable order; empty if he
    /// need not act.
    fn legal_actions(&self, player: Player) -> Self::Actions;

    /// Builds the move of the acting players' actions: one `(player, action)`
    /// pair in a sequential game, one for every acting player (in any order)
    /// in a simultaneous game. It checks who acts, not whether the actions are
    /// legal ([`play`](Game::play) does that).
    ///
    /// # Errors
    ///
    /// The game's error if the game is over, a player given need not act, a
    /// player who must act is missing, or a player is given twice.
    fn joint_move(&self, actions: &[(Player, Self::Action)]) -> Result<Self::Move, Self::Error>;

    /// Whether [`play`](Game::play) would accept `mv`.
    fn is_legal(&self, mv: &Self::Move) -> bool;

    /// Applies a move after checking it, and reports what it did.
    ///
    /// # Errors
    ///
    /// If the move is not legal now; the state is then exactly as it was.
    /// One refusal concerns a legal move: under a work budget (see
    /// [Work budget](crate#work-budget)) a move whose next position has a
    /// move the budget cannot decide is refused, since every position that
    /// exists is decided; [`is_undecided`](Game::is_undecided) tells that
    /// refusal apart. Under the default budgets random play never meets it.
    fn play(&mut self, mv: Self::Move) -> Result<Self::Report, Self::Error>;

    /// Whether `error`, a refusal by [`play`](Game::play), is the work
    /// budget's: the move (legal or not) or the position it leads to has a
    /// move the budget cannot decide. Always `false` for games without a
    /// budget (the default).
    fn is_undecided(error: &Self::Error) -> bool {
        let _ = error;
        false
    }

    /// Applies a move known to be legal, skipping the checks that can be
    /// skipped, and reports what it did.
    ///
    /// # Panics
    ///
    /// Never panics in the games of this workspace. Given an illegal move it
    /// may leave a state the rules would never reach (each game documents
    /// what it does); it never causes undefined behaviour.
    fn play_unchecked(&mut self, mv: Self::Move) -> Self::Report;

    /// Each player's score now (final scores once the game is over).
    fn scores(&self) -> ByPlayer<u64>;

    /// A 64-bit hash of the position for transposition tables: equal
    /// positions (`==`) have equal keys; different positions almost always
    /// have different keys. Each game documents what it hashes.
    fn key(&self) -> u64;

    /// The legal actions of the player to move in a sequential turn; empty
    /// in a simultaneous turn (ask [`legal_actions`](Game::legal_actions) of
    /// each player) or once the game is over.
    fn legal_moves(&self) -> Self::Actions {
        match self.status() {
            Status::ToMove(p) => self.legal_actions(p),
            _ => Self::Actions::default(),
        }
    }

    /// The outcome, if the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.status().outcome()
    }

    /// The player to move in a sequential turn, if any.
    fn to_move(&self) -> Option<Player> {
        match self.status() {
            Status::ToMove(p) => Some(p),
            _ => None,
        }
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        matches!(self.status(), Status::Over(_))
    }

    /// Reads the memory the next move touches outside the state itself (a
    /// repetition history's buffer, see [`History::prefetch`]), and
    /// changes nothing: a hint for callers that step thousands of games in
    /// turn, which call it for a block of games before playing their moves
    /// so that the cache misses overlap. Does nothing by default.
    ///
    /// [`History::prefetch`]: crate::history::History::prefetch
    #[inline]
    fn prefetch(&mut self) {}
}

/// Why [`sequential_move`] refused to build a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JointMoveError {
    /// The game is over: nobody acts.
    #[error("the game is over")]
    GameOver,
    /// Not exactly one action was given in a sequential turn.
    #[error("{0} actions given; one player acts in this turn")]
    Count(usize),
    /// The action is not by the player who must act.
    #[error("{given} does not act now; {expected} does")]
    WrongPlayer {
        /// The player given.
        given: Player,
        /// The player who must act.
        expected: Player,
    },
}

/// The move of a sequential turn from its one `(player, action)` pair, for
/// implementations of [`Game::joint_move`]: `status` must be
/// [`Status::ToMove`] of the pair's player.
///
/// # Errors
///
/// A [`JointMoveError`] for a finished game, another count than one, or
/// another player than the one to move.
///
/// # Examples
///
/// ```
/// use mancala_core::{toolkit::{sequential_move, JointMoveError}, Player, Status};
///
/// let status = Status::ToMove(Player::P1);
/// assert_eq!(sequential_move(status, &[(Player::P1, 3)]), Ok(3));
/// assert_eq!(
///     sequential_move(status, &[(Player::P0, 3)]),
///     Err(JointMoveError::WrongPlayer { given: Player::P0, expected: Player::P1 })
/// );
/// assert_eq!(sequential_move::<u8>(status, &[]), Err(JointMoveError::Count(0)));
/// ```
pub fn sequential_move<A: Copy>(
    status: Status,
    actions: &[(Player, A)],
) -> Result<A, JointMoveError> {
    let expected = match status {
        Status::ToMove(p) => p,
        // A sequential game is never simultaneous; treat it as nobody acting.
        Status::Simultaneous(_) | Status::Over(_) => return Err(JointMoveError::GameOver),
    };
    match actions {
        [(given, action)] if *given == expected => Ok(*action),
        [(given, _)] => Err(JointMoveError::WrongPlayer {
            given: *given,
            expected,
        }),
        _ => Err(JointMoveError::Count(actions.len())),
    }
}

/// A 64-bit mixer for [`Game::key`]: feed it the words of a position and
/// read [`finish`](KeyHasher::finish). It multiplies and xor-shifts each word
/// in (a fast non-cryptographic hash, stable across runs and platforms).
///
/// # Examples
///
/// ```
/// use mancala_core::toolkit::KeyHasher;
///
/// let mut a = KeyHasher::new();
/// a.write(4);
/// a.write(0);
/// let mut b = KeyHasher::new();
/// b.write(0);
/// b.write(4);
/// assert_ne!(a.finish(), b.finish());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct KeyHasher(u64);

impl Default for KeyHasher {
    fn default() -> KeyHasher {
        KeyHasher::new()
    }
}

impl KeyHasher {
    /// A fresh hasher.
    pub const fn new() -> KeyHasher {
        KeyHasher(0x243f_6a88_85a3_08d3)
    }

    /// Mixes one word in.
    #[inline]
    pub fn write(&mut self, word: u64) {
        self.0 = (self.0 ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }

    /// Mixes a list of counts in, four to a word.
    #[inline]
    pub fn write_counts(&mut self, counts: &[u16]) {
        let mut chunks = counts.chunks_exact(4);
        for c in &mut chunks {
            self.write(
                u64::from(c[0])
                    | (u64::from(c[1]) << 16)
                    | (u64::from(c[2]) << 32)
                    | (u64::from(c[3]) << 48),
            );
        }
        let mut last = 0u64;
        for (i, &c) in chunks.remainder().iter().enumerate() {
            last |= u64::from(c) << (16 * i);
        }
        self.write(last ^ ((counts.len() as u64) << 60));
    }

    /// The key.
    #[inline]
    pub const fn finish(self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h
    }
}

/// A position reached by legal play from `start`: at most `max_plies` moves,
/// each acting player choosing among his legal actions by the fuzzer's bytes
/// (the `Arbitrary` of every state type of the workspace, so fuzzed states
/// are always reachable).
///
/// # Errors
///
/// Only the `Unstructured`'s.
#[cfg(feature = "arbitrary")]
pub fn arbitrary_play<G: Game>(
    mut game: G,
    u: &mut arbitrary::Unstructured<'_>,
    max_plies: u16,
) -> arbitrary::Result<G> {
    let plies = u.int_in_range(0..=max_plies)?;
    for _ in 0..plies {
        let acting = match game.status() {
            Status::ToMove(p) => PlayerSet::EMPTY.with(p),
            Status::Simultaneous(set) => set,
            Status::Over(_) => break,
        };
        let mut choices: arrayvec::ArrayVec<(Player, G::Action), { crate::player::MAX_PLAYERS }> =
            arrayvec::ArrayVec::new();
        for p in acting.iter() {
            let actions = game.legal_actions(p);
            if actions.is_empty() {
                return Ok(game);
            }
            // At most MAX_PLAYERS players act: never full.
            let _ = choices.try_push((p, actions[u.choose_index(actions.len())?]));
        }
        let Ok(mv) = game.joint_move(&choices) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    Ok(game)
}
