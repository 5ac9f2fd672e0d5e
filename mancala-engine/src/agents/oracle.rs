//! What a search may know without searching: [`Oracle`], the exact values
//! of some positions (an endgame database), and the one that knows none.

use mancala_core::Player;

#[cfg(doc)]
use super::AlphaBeta;
use super::WIN_BONUS;

/// Exact values of some positions of a two-player game `G`, known without
/// a search (an endgame database): [`AlphaBeta::search_with`] takes them
/// in place of searching below such a position.
///
/// # Examples
///
/// A table of Kalah endgames is one
/// ([`Tablebase`](crate::tablebase::Tablebase)); so is any function of a
/// position:
///
/// ```
/// use mancala_core::{Game, Mancala};
/// use mancala_engine::Limits;
/// use mancala_engine::agents::AlphaBeta;
///
/// // Knows nothing: the same as `search`.
/// let nothing = |_: &Mancala| None;
/// let game = mancala_core::kalah();
/// let with = AlphaBeta::new(0).search_with(&game, &Limits::depth(3), &nothing);
/// let without = AlphaBeta::new(0).search(&game, &Limits::depth(3));
/// assert_eq!(with, without);
/// ```
pub trait Oracle<G> {
    /// The first player's final margin (his final score minus his
    /// opponent's) under perfect play from `game`, if known; `None` for a
    /// position it does not hold. Asked of positions with a player to
    /// move.
    fn final_margin(&self, game: &G) -> Option<i64>;
}

impl<G, F: Fn(&G) -> Option<i64>> Oracle<G> for F {
    fn final_margin(&self, game: &G) -> Option<i64> {
        self(game)
    }
}

/// The oracle of [`AlphaBeta::search`]: knows no position.
pub(super) struct NoOracle;

impl<G> Oracle<G> for NoOracle {
    #[inline(always)]
    fn final_margin(&self, _: &G) -> Option<i64> {
        None
    }
}

/// The value for `root` of a game whose first player ends `margin` ahead:
/// as [`terminal_value`](super::terminal_value) scores the finished game.
pub(super) fn exact_value(margin: i64, root: Player) -> i64 {
    let mine = if root.index() == 0 { margin } else { -margin };
    mine + mine.signum() * WIN_BONUS
}
