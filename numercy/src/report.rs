//! What a move of Numercy did: where it ended, the counts, the operator and
//! the points.

use core::fmt;

use mancala_core::{Pit, Player};

use crate::Operator;

/// Points won by one move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Scoring {
    /// The points.
    pub points: u64,
    /// Who got them: the mover for a 2 or a 4, his opponent for a 3 or a 5.
    pub scorer: Player,
    /// Whether both holes of the file were emptied (a 2 or a 4: those balls
    /// leave the game).
    pub emptied: bool,
}

/// What one move did, for a teaching interface: where it ended, both counts,
/// the operator, and who scored what.
///
/// Its `Display` reads like the arithmetic on the board:
///
/// ```
/// use numercy::*;
///
/// let mut game = Numercy::default();
/// let report = game.play(Pit::new(0).unwrap())?;
/// // Seven balls from hole 0 reach holes 1 to 7; hole 7 then holds 8, so
/// // they relay, and so on until a hole holds 5 or fewer.
/// assert!(report.to_string().starts_with("South sows hole 0"));
/// # Ok::<(), PlayError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReport {
    /// The player who moved.
    pub mover: Player,
    /// The hole he sowed.
    pub origin: Pit,
    /// The hole where the move ended (the last ball's hole; for a move ended
    /// as endless, the hole about to be lifted again).
    pub end: Pit,
    /// Laps sown.
    pub laps: u64,
    /// The move relayed forever and was ended by [`Endless::Stop`](crate::Endless::Stop); it scores
    /// nothing.
    pub endless: bool,
    /// Balls in the end hole when the move ended (`c`).
    pub count: u16,
    /// Balls in the opposite hole of the same file (`o`).
    pub opposite: u16,
    /// The file's operator.
    pub operator: Operator,
    /// The points won, if the move ended on a 2, 3, 4 or 5.
    pub scoring: Option<Scoring>,
}

/// One line, with `:` only ever the division sign: `South sows hole 0 (1
/// lap) and ends in hole 1 with 2, scoring 2 + 3 = 5 for South, both holes
/// emptied`; `..., no score`; or `..., an endless relay, stopped (no
/// score)`.
impl fmt::Display for MoveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = |p: Player| if p == Player::P0 { "South" } else { "North" };
        write!(
            f,
            "{} sows hole {} ({} lap{}) and ends in hole {} with {}",
            who(self.mover),
            self.origin,
            self.laps,
            if self.laps == 1 { "" } else { "s" },
            self.end,
            self.count
        )?;
        if self.endless {
            return write!(f, ", an endless relay, stopped (no score)");
        }
        match self.scoring {
            None => write!(f, ", no score"),
            Some(s) => {
                write!(
                    f,
                    ", scoring {} {} {} = {} for {}",
                    self.count,
                    self.operator,
                    self.opposite,
                    s.points,
                    who(s.scorer)
                )?;
                if s.emptied {
                    write!(f, ", both holes emptied")?;
                }
                Ok(())
            }
        }
    }
}
