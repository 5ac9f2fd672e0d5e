//! What a player does in a four-row game: sow a hole (counter-clockwise,
//! or clockwise in Omweso), place a seed from his hand, or pass.

use core::fmt;
use core::str::FromStr;

use crate::pit::Pit;

/// One player's action in a four-row game ([`FourRowGame`](super::FourRowGame)):
/// his whole turn (relays, captures and the sowing of captured seeds
/// follow from it).
///
/// Its text is one word: the hole's number for a counter-clockwise sowing
/// (`5`), the number and `:cw` for a clockwise one (`5:cw`), `place:5` for
/// a placing, and `pass`.
///
/// # Examples
///
/// ```
/// use mancala_core::Pit;
/// use mancala_core::four_rows::FourRowAction;
///
/// let cw: FourRowAction = "14:cw".parse()?;
/// assert_eq!(cw, FourRowAction::SowClockwise(Pit::new(14).unwrap()));
/// assert_eq!(cw.to_string(), "14:cw");
/// assert_eq!("place:3".parse::<FourRowAction>()?.to_string(), "place:3");
/// assert_eq!("pass".parse::<FourRowAction>()?, FourRowAction::Pass);
/// assert!("5:ccw".parse::<FourRowAction>().is_err());
/// assert!("+5".parse::<FourRowAction>().is_err());
/// # Ok::<(), mancala_core::four_rows::FourRowActionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum FourRowAction {
    /// Sow every seed of this hole of one's own, counter-clockwise (round
    /// one's ring, ring position `k` to `k + 1`); the fixed openings too.
    Sow(Pit),
    /// Sow every seed of this hole clockwise (`k` to `k - 1`), every lap of
    /// the turn (Omweso).
    SowClockwise(Pit),
    /// Place one seed from one's hand into this hole of one's own (Omweso's
    /// placing).
    Place(Pit),
    /// Pass: no move.
    Pass,
}

impl fmt::Display for FourRowAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A hole's number between a prefix and a suffix, or `pass`.
        let (prefix, pit, suffix) = match *self {
            FourRowAction::Sow(pit) => ("", pit, ""),
            FourRowAction::SowClockwise(pit) => ("", pit, ":cw"),
            FourRowAction::Place(pit) => ("place:", pit, ""),
            FourRowAction::Pass => return f.write_str("pass"),
        };
        write!(f, "{prefix}{}{suffix}", pit.index())
    }
}

/// Why a text is not a [`FourRowAction`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("an action is a hole number, `N:cw`, `place:N` or `pass`")]
pub struct FourRowActionError;

/// Reads a hole's number (digits only).
fn read_hole(word: &str) -> Result<Pit, FourRowActionError> {
    let digits = !word.is_empty() && word.len() <= 3 && word.bytes().all(|b| b.is_ascii_digit());
    let index = word.parse::<usize>().ok().filter(|_| digits);
    index.and_then(Pit::new).ok_or(FourRowActionError)
}

impl FromStr for FourRowAction {
    type Err = FourRowActionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let word = text.trim();
        Ok(if word == "pass" {
            FourRowAction::Pass
        } else if let Some(hole) = word.strip_prefix("place:") {
            FourRowAction::Place(read_hole(hole)?)
        } else if let Some(hole) = word.strip_suffix(":cw") {
            FourRowAction::SowClockwise(read_hole(hole)?)
        } else {
            FourRowAction::Sow(read_hole(word)?)
        })
    }
}
