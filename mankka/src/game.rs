//! The Mankka game state: the opening placement, sowing moves and passes.

use alloc::vec::Vec;
use core::fmt;

use mancala_core::{
    Board, ByPlayer, Event, Mancala, Observer, Outcome, Pit, PlayError, Player, Topology,
};
use smallvec::SmallVec;

use crate::Options;

/// Holes on each side.
pub const SIDE: usize = 6;

/// An opening placement: the seeds a player adds to each of his six holes,
/// from his own left.
///
/// # Examples
///
/// ```
/// use mancala_core::Player;
/// use mankka::Placement;
///
/// let p = Placement::new(Player::P0, [1, 1, 1, 1, 1, 1]);
/// assert_eq!(p.total(), 6);
/// assert_eq!(p.to_string(), "1+1+1+1+1+1");
/// assert_eq!(Placement::all(Player::P1, 6).count(), 462);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Placement {
    /// The player placing.
    pub player: Player,
    /// Seeds added to each of his holes, from his own left.
    pub counts: [u16; SIDE],
}

impl Placement {
    /// A placement of `counts` by `player` (checked when played).
    pub const fn new(player: Player, counts: [u16; SIDE]) -> Placement {
        Placement { player, counts }
    }

    /// Seeds placed in all.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// Every placement of exactly `total` seeds by `player`, in lexicographic
    /// order of the counts (462 for 6 seeds).
    pub fn all(player: Player, total: u16) -> impl Iterator<Item = Placement> {
        let mut next = Some([0u16; SIDE]);
        if let Some(first) = next.as_mut() {
            first[SIDE - 1] = total;
        }
        core::iter::from_fn(move || {
            let current = next?;
            // The next composition in lexicographic order: grow the rightmost
            // hole that has seeds after it, and put those seeds, less one,
            // in the last hole.
            next = (0..SIDE - 1).rev().find_map(|i| {
                let tail: u16 = current[i + 1..].iter().sum();
                (tail > 0).then(|| {
                    let mut following = current;
                    following[i] += 1;
                    following[i + 1..].fill(0);
                    following[SIDE - 1] = tail - 1;
                    following
                })
            });
            Some(Placement::new(player, current))
        })
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.counts.iter().enumerate() {
            if i > 0 {
                write!(f, "+")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// A move of Mankka.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// The opening placement of the seeds in hand.
    Place(Placement),
    /// Sowing one of the mover's holes.
    Sow(Pit),
    /// Passing, for a player who cannot move (only without the early ends).
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(p) => write!(f, "place {p}"),
            Move::Sow(pit) => write!(f, "{pit}"),
            Move::Pass => write!(f, "pass"),
        }
    }
}

/// Why a move was refused. The state is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The sowing move or pass is illegal.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// The mover still has seeds in hand: his move is a placement.
    #[error("the opening is not over: place the seeds in hand first")]
    MustPlace,
    /// A placement outside the opening (no seeds in hand).
    #[error("no seeds in hand: the opening is over")]
    NotPlacing,
    /// A placement by another player than the one to move.
    #[error("the placement is {placement}'s, but {mover} is to move")]
    WrongPlayer {
        /// The placement's player.
        placement: Player,
        /// The player to move.
        mover: Player,
    },
    /// A placement must use exactly the seeds in hand.
    #[error("the placement holds {found} seeds, the hand {expected}")]
    WrongTotal {
        /// Seeds in hand.
        expected: u32,
        /// Seeds in the placement.
        found: u32,
    },
}

/// What a sowing move captured, for an interface that shows every capture.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveReport {
    /// Holes captured and the seeds each held, in the order taken.
    pub captures: SmallVec<[(Pit, u16); 12]>,
}

impl MoveReport {
    /// Seeds captured in all.
    pub fn seeds(&self) -> u32 {
        self.captures.iter().map(|&(_, s)| u32::from(s)).sum()
    }
}

impl Observer for MoveReport {
    fn event(&mut self, event: Event) {
        if let Event::Capture { pit, seeds, .. } = event {
            self.captures.push((pit, seeds));
        }
    }
}

/// The legal moves: sowing moves fit inline; the 462 placements of the
/// opening spill to the heap.
pub type MoveList = SmallVec<[Move; SIDE]>;

/// A game of Mankka: board, stores, hands, player to move, outcome.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Pit, Player};
/// use mankka::{Mankka, Move, Options, Placement};
///
/// let mut game = Mankka::new(Options::two())?;
/// assert_eq!(game.legal_moves().len(), 462);
/// game.play(Move::Place(Placement::new(Player::P0, [6, 0, 0, 0, 0, 0])))?;
/// game.play(Move::Place(Placement::new(Player::P1, [0, 0, 0, 0, 0, 6])))?;
/// assert_eq!(game.board().holes()[0], 9);
/// game.play(Move::Sow(Pit::new(0).unwrap()))?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Mankka {
    pub(crate) options: Options,
    pub(crate) hands: [u16; 2],
    pub(crate) game: Mancala,
}

impl Mankka {
    /// The start of a game under `options`.
    ///
    /// # Errors
    ///
    /// A [`mancala_core::RulesError`] if the options are invalid (never for
    /// the options [`Options`] can hold).
    pub fn new(options: Options) -> Result<Mankka, mancala_core::RulesError> {
        Ok(Mankka {
            options,
            hands: [options.hand(); 2],
            game: Mancala::new(options.rules())?,
        })
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The board (holes and stores).
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// The board's shape.
    pub fn topology(&self) -> &Topology {
        self.game.topology()
    }

    /// Seeds in each player's hand.
    pub fn hands(&self) -> [u16; 2] {
        self.hands
    }

    /// Whether the player to move is in the opening (has seeds in hand).
    pub fn in_opening(&self) -> bool {
        self.turn().is_some_and(|p| self.hands[p.index() & 1] > 0)
    }

    /// The player to move, or `None` once the game is over.
    pub fn turn(&self) -> Option<Player> {
        self.game.turn()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// Seeds captured by each player (seeds left on the board do not count).
    pub fn scores(&self) -> ByPlayer<u64> {
        self.game.scores()
    }

    /// The outcome once the game is over: more captured seeds wins.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The legal moves of the player to move.
    pub fn legal_moves(&self) -> MoveList {
        let Some(mover) = self.turn() else {
            return MoveList::new();
        };
        let hand = self.hands[mover.index() & 1];
        if hand > 0 {
            return Placement::all(mover, hand).map(Move::Place).collect();
        }
        if self.game.must_pass() {
            return MoveList::from_slice(&[Move::Pass]);
        }
        self.game.legal_moves().into_iter().map(Move::Sow).collect()
    }

    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.clone().play(mv).is_ok()
    }

    /// Plays a move after checking it; for a sowing move, reports its
    /// captures.
    ///
    /// # Errors
    ///
    /// A [`MoveError`] if the move is not legal; the state is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, MoveError> {
        let mover = self.turn().ok_or(PlayError::GameOver)?;
        let hand = self.hands[mover.index() & 1];
        let mut report = MoveReport::default();
        match mv {
            Move::Place(placement) => {
                if hand == 0 {
                    return Err(MoveError::NotPlacing);
                }
                if placement.player != mover {
                    return Err(MoveError::WrongPlayer {
                        placement: placement.player,
                        mover,
                    });
                }
                if placement.total() != u32::from(hand) {
                    return Err(MoveError::WrongTotal {
                        expected: u32::from(hand),
                        found: placement.total(),
                    });
                }
                self.place(mover, &placement.counts)?;
            }
            Move::Sow(pit) => {
                if hand > 0 {
                    return Err(MoveError::MustPlace);
                }
                self.game.play_observed(pit, &mut report)?;
            }
            Move::Pass => {
                if hand > 0 {
                    return Err(MoveError::MustPlace);
                }
                self.game.pass()?;
            }
        }
        Ok(report)
    }

    /// Plays a move, ignoring an illegal one.
    ///
    /// # Panics
    ///
    /// Never panics: an illegal move changes nothing and reports no capture
    /// (Mankka checks every move; there is no faster unchecked path).
    pub fn play_unchecked(&mut self, mv: Move) -> MoveReport {
        self.play(mv).unwrap_or_default()
    }

    /// Adds a placement to the board and hands the turn on.
    fn place(&mut self, mover: Player, counts: &[u16; SIDE]) -> Result<(), MoveError> {
        let mut setup = self.game.to_setup();
        for (pit, &c) in self.topology().pits_of(mover).zip(counts) {
            let slot = &mut setup.board[pit.index()];
            *slot = slot.saturating_add(c);
        }
        setup.to_move = mover.next(2);
        setup.history = Vec::new();
        let game = Mancala::from_setup(setup).map_err(|_| PlayError::GameOver)?;
        self.hands[mover.index() & 1] = 0;
        self.game = game;
        Ok(())
    }
}

mancala_core::impl_sequential_game!(Mankka {
    action: Move,
    actions: MoveList,
    error: MoveError,
    players: |_game| 2,
});
