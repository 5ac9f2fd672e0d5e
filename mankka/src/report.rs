//! What a move of Mankka did.

use core::fmt;

use mancala_core::{Landing, PitSet, Player, Turn};

use crate::Move;

/// What a move did: for a sowing move, the laps, where the last seed fell
/// and the holes captured with their seeds in all, all taken from the
/// core's [`Turn`] on the fast path.
///
/// Per-hole counts are not reported (the fast path does not record them; a
/// captured hole held 2 or 3): an interface that shows them plays through
/// [`Mankka::play_observed`](crate::Mankka::play_observed) and reads the `Capture` events.
///
/// # Examples
///
/// ```
/// use mankka::*;
///
/// let mut game: Mankka = "2,1,2,0,0,0/0,0,0,0,0,12 1,2 0,0 0".parse()?;
/// let report = game.play(Move::Sow(Pit::new(0).unwrap()))?;
/// assert_eq!(report.seeds, 5);
/// assert_eq!(report.captured.iter().map(Pit::index).collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(report.to_string(), "player 0 sows hole 0, ends in hole 2, captures 5 from holes 1, 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The player who moved.
    pub mover: Player,
    /// The move.
    pub played: Move,
    /// Where the last seed fell (for a move ended by
    /// [`Endless::Stop`](crate::Endless::Stop), the hole about to be lifted);
    /// `None` for a placement, a pass, or a move
    /// [`play_unchecked`](crate::Game::play_unchecked) refused (a placement or a
    /// pass it refused reports as if played: compare the states if it
    /// matters).
    pub landing: Option<Landing>,
    /// Laps sown (0 for a placement or a pass).
    pub laps: u64,
    /// The move relayed forever and was stopped; it captured nothing.
    pub endless: bool,
    /// The holes captured.
    pub captured: PitSet,
    /// The seeds captured in all.
    pub seeds: u32,
}

impl MoveReport {
    /// The report of a move that sowed nothing: a placement, a pass, or a
    /// move `play_unchecked` refused.
    #[inline]
    pub(crate) const fn nothing(mover: Player, played: Move) -> MoveReport {
        MoveReport {
            mover,
            played,
            landing: None,
            laps: 0,
            endless: false,
            captured: PitSet::EMPTY,
            seeds: 0,
        }
    }

    #[inline]
    pub(crate) fn from_turn(turn: Turn, played: Move) -> MoveReport {
        MoveReport {
            mover: turn.mover,
            played,
            landing: turn.landing,
            laps: turn.laps,
            endless: turn.endless,
            captured: turn.captured,
            seeds: turn.seeds,
        }
    }
}

/// The move in words: `player 0 places 1+2+0+0+3+0`, `player 1 passes`,
/// `player 0 sows hole 3 (4 laps), ends in hole 7, captures 7 from holes 5,
/// 6, 7`.
impl fmt::Display for MoveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pit = match self.played {
            Move::Place(placement) => return write!(f, "{} places {placement}", self.mover),
            Move::Pass => return write!(f, "{} passes", self.mover),
            Move::Sow(pit) => pit,
        };
        let Some(landing) = self.landing else {
            return write!(f, "{} cannot sow hole {pit}", self.mover);
        };
        write!(f, "{} sows hole {pit}", self.mover)?;
        if self.laps > 1 {
            write!(f, " ({} laps)", self.laps)?;
        }
        match landing {
            Landing::Hole(h) if self.endless => write!(f, ", relays forever from hole {h}")?,
            Landing::Hole(h) => write!(f, ", ends in hole {h}")?,
            Landing::Store(p) => write!(f, ", ends in the store of {p}")?,
        }
        if self.endless {
            write!(f, " (stopped)")?;
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
        Ok(())
    }
}
