//! The feeding obligation: giving seeds to a next player who has none.

use core::ops::ControlFlow;

/// Whether a player must give seeds to a next player who has none.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Feeding {
    /// No obligation.
    #[default]
    Off,
    /// Only moves after which the next player has seeds are legal; if there
    /// are none, the mover has no legal move (oware).
    Required,
    /// Moves that feed the next player are required when one exists;
    /// otherwise any move is legal (Robertson).
    IfPossible,
    /// Only moves after which the next player has seeds are legal, whether
    /// or not he has seeds now: feeding and the ban on taking his last
    /// seeds in one rule (Awari, Enindji). With none, the mover has no
    /// legal move.
    Always,
}

/// Applies a feeding obligation to a player's candidate moves, calling `emit`
/// with each legal move, in candidate order, until it breaks.
///
/// `outcome(m)` plays `m` on a copy: `None` if the move is illegal for another
/// reason (an endless relay, a forbidden grand slam), otherwise `Some(fed)`,
/// `fed` telling whether the player to be fed has seeds afterwards. `hungry`
/// says whether he has none now (under [`Feeding::Always`] pass `true`: the
/// obligation holds whatever he has, and works as [`Feeding::Required`]);
/// when it is `false`, or under [`Feeding::Off`], every move with `Some(_)`
/// is legal.
///
/// Returns [`ControlFlow::Break`] if `emit` broke.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use mancala_core::{toolkit::filter_feeding, rules::Feeding};
///
/// // Moves 0..4; move 1 is illegal, moves 2 and 3 feed.
/// let outcome = |m: u8| match m { 1 => None, 2 | 3 => Some(true), _ => Some(false) };
/// let legal = |policy| {
///     let mut out = Vec::new();
///     let _ = filter_feeding(policy, true, 0..4u8, outcome, |m| { out.push(m); ControlFlow::Continue(()) });
///     out
/// };
/// assert_eq!(legal(Feeding::Off), [0, 2, 3]);
/// assert_eq!(legal(Feeding::Required), [2, 3]);
/// assert_eq!(legal(Feeding::IfPossible), [2, 3]);
///
/// // When no move feeds: none is legal under `Required`, all under `IfPossible`.
/// let starve = |m: u8| (m != 1).then_some(false);
/// let mut out = Vec::new();
/// let _ = filter_feeding(Feeding::IfPossible, true, 0..4u8, starve, |m| { out.push(m); ControlFlow::Continue(()) });
/// assert_eq!(out, [0, 2, 3]);
/// ```
pub fn filter_feeding<M: Copy>(
    policy: Feeding,
    hungry: bool,
    candidates: impl Iterator<Item = M> + Clone,
    mut outcome: impl FnMut(M) -> Option<bool>,
    mut emit: impl FnMut(M) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let obliged = hungry && policy != Feeding::Off;
    let mut any_feeds = false;
    for m in candidates.clone() {
        match outcome(m) {
            Some(fed) if fed || !obliged => {
                any_feeds = true;
                emit(m)?;
            }
            _ => {}
        }
    }
    if obliged && !any_feeds && policy == Feeding::IfPossible {
        for m in candidates {
            if outcome(m).is_some() {
                emit(m)?;
            }
        }
    }
    ControlFlow::Continue(())
}

crate::option_words!(Feeding, "off, required, if-possible or always", [
    Feeding::Off => "off",
    Feeding::Required => "required",
    Feeding::IfPossible => "if-possible",
    Feeding::Always => "always",
]);
