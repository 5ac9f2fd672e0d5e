//! A sowing game's move and the report of what one turn did.

use core::fmt;
use core::str::FromStr;

use crate::notation::NotationError;
use crate::pit::{Pit, PitSet};
use crate::player::Player;
use crate::sow::Landing;

/// A move of a sowing game: sow one of the mover's holes, or pass (only
/// under rules that pass, such as Mankka's, and only for a player who cannot
/// sow).
///
/// Written as the hole's number or `pass`.
///
/// # Examples
///
/// ```
/// use mancala_core::{Move, Pit};
///
/// let mv: Move = "3".parse()?;
/// assert_eq!(mv, Move::Sow(Pit::new(3).unwrap()));
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// assert_eq!(Move::from(Pit::new(11).unwrap()).to_string(), "11");
/// assert!("3a".parse::<Move>().is_err());
/// # Ok::<(), mancala_core::notation::NotationError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// Sow this hole.
    Sow(Pit),
    /// Pass the turn.
    Pass,
}

impl Move {
    /// The hole sown, if this is a sowing move.
    pub const fn pit(self) -> Option<Pit> {
        match self {
            Move::Sow(p) => Some(p),
            Move::Pass => None,
        }
    }
}

impl From<Pit> for Move {
    fn from(pit: Pit) -> Move {
        Move::Sow(pit)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sow(p) => write!(f, "{p}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Move, NotationError> {
        if s == "pass" {
            return Ok(Move::Pass);
        }
        s.parse::<Pit>()
            .map(Move::Sow)
            .map_err(|_| NotationError::invalid("move", "a hole number or `pass`", s))
    }
}

/// What one turn of a [`Mancala`](crate::Mancala) game did, computed on the
/// fast path at no extra cost.
///
/// # Examples
///
/// ```
/// use mancala_core::{Game, Landing, Move, Pit, Player};
///
/// let mut game = mancala_core::kalah();
/// let turn = game.play(Move::Sow(Pit::new(2).unwrap()))?;
/// assert_eq!(turn.mover, Player::P0);
/// assert_eq!(turn.landing, Some(Landing::Store(Player::P0)));
/// assert!(turn.extra_turn);
/// assert_eq!(turn.seeds, 0);
/// # Ok::<(), mancala_core::PlayError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Turn {
    /// The player who moved.
    pub mover: Player,
    /// The move.
    pub played: Move,
    /// Where the last seed fell (for a move ended by
    /// [`Endless::Stop`](crate::rules::Endless::Stop), the hole about to be lifted);
    /// `None` for a pass, or for a move [`play_unchecked`] refused.
    ///
    /// [`play_unchecked`]: crate::Game::play_unchecked
    pub landing: Option<Landing>,
    /// Laps sown (0 for a pass).
    pub laps: u64,
    /// The move relayed forever and was stopped; it captured nothing.
    pub endless: bool,
    /// The holes captured.
    pub captured: PitSet,
    /// The seeds captured in all.
    pub seeds: u32,
    /// A capture was not made because it would have been a grand slam.
    pub grand_slam_refused: bool,
    /// The mover moves again (Kalah: his last seed fell into his store).
    pub extra_turn: bool,
}

impl Turn {
    /// A turn that did nothing: a pass, or a refused unchecked move.
    pub(crate) const fn nothing(mover: Player, played: Move) -> Turn {
        Turn {
            mover,
            played,
            landing: None,
            laps: 0,
            endless: false,
            captured: PitSet::EMPTY,
            seeds: 0,
            grand_slam_refused: false,
            extra_turn: false,
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.played, self.landing) {
            (Move::Pass, _) => return write!(f, "{} passes", self.mover),
            (Move::Sow(p), None) => return write!(f, "{} cannot sow hole {p}", self.mover),
            (Move::Sow(p), Some(landing)) => {
                write!(f, "{} sows hole {p}", self.mover)?;
                if self.laps > 1 {
                    write!(f, " ({} laps)", self.laps)?;
                }
                match landing {
                    Landing::Hole(h) => write!(f, ", ends in hole {h}")?,
                    Landing::Store(s) => write!(f, ", ends in the store of {s}")?,
                }
            }
        }
        if self.endless {
            write!(f, " (an endless relay, stopped)")?;
        }
        if !self.captured.is_empty() {
            write!(f, ", captures {} from hole", self.seeds)?;
            if self.captured.len() > 1 {
                write!(f, "s")?;
            }
            for (i, p) in self.captured.iter().enumerate() {
                write!(f, "{}{p}", if i == 0 { " " } else { ", " })?;
            }
        }
        if self.grand_slam_refused {
            write!(f, ", no capture (grand slam)")?;
        }
        if self.extra_turn {
            write!(f, ", moves again")?;
        }
        Ok(())
    }
}
