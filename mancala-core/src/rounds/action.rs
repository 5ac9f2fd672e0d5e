//! What a player does in a match of rounds: sow a hole, choose in the
//! middle of a move, fill a hole between rounds, or pass.

use core::fmt;
use core::str::FromStr;

use crate::pit::Pit;

/// One player's action in a match of rounds ([`RoundGame`](super::RoundGame)).
///
/// Its text is one word: the hole's number for a sowing (`3`), `relay` and
/// `capture` for a choice, `fill:3` for a fill, and `pass`.
///
/// # Examples
///
/// ```
/// use mancala_core::Pit;
/// use mancala_core::rounds::RoundAction;
///
/// let fill: RoundAction = "fill:5".parse()?;
/// assert_eq!(fill, RoundAction::Fill(Pit::new(5).unwrap()));
/// assert_eq!(fill.to_string(), "fill:5");
/// assert_eq!("relay".parse::<RoundAction>()?, RoundAction::Relay);
/// assert!("fill".parse::<RoundAction>().is_err());
/// assert!("fill 5".parse::<RoundAction>().is_err());
/// assert!("+5".parse::<RoundAction>().is_err());
/// # Ok::<(), mancala_core::rounds::RoundActionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum RoundAction {
    /// Sow every seed of this open hole of one's own.
    Sow(Pit),
    /// Dakon, in the middle of a move: sow on from the landing hole.
    Relay,
    /// Dakon, in the middle of a move: move the last seed into the opposite
    /// hole and take that hole; the move is over.
    Capture,
    /// Between rounds: fill this empty hole of one's own from one's store.
    Fill(Pit),
    /// Pass: no hole to sow, or none to fill.
    Pass,
}

impl fmt::Display for RoundAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundAction::Sow(pit) => write!(f, "{}", pit.index()),
            RoundAction::Relay => f.write_str("relay"),
            RoundAction::Capture => f.write_str("capture"),
            RoundAction::Fill(pit) => write!(f, "fill:{}", pit.index()),
            RoundAction::Pass => f.write_str("pass"),
        }
    }
}

/// Why a text is not a [`RoundAction`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("an action is a hole number, `relay`, `capture`, `fill:N` or `pass`")]
pub struct RoundActionError;

impl FromStr for RoundAction {
    type Err = RoundActionError;

    fn from_str(text: &str) -> Result<RoundAction, RoundActionError> {
        let hole = |word: &str| {
            if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
                return Err(RoundActionError);
            }
            word.parse::<usize>()
                .ok()
                .and_then(Pit::new)
                .ok_or(RoundActionError)
        };
        Ok(match text.trim() {
            "relay" => RoundAction::Relay,
            "capture" => RoundAction::Capture,
            "pass" => RoundAction::Pass,
            word => match word.strip_prefix("fill:") {
                Some(h) => RoundAction::Fill(hole(h)?),
                None => RoundAction::Sow(hole(word)?),
            },
        })
    }
}
