//! Where each hole of a four-row board is: its owner, its ring position,
//! its row and column, and the opponent's holes facing it.
//!
//! Canonical hole `h = 2C p + k`: player `p`'s ring position `k`. For
//! `k < C` his outer row, the `k`-th hole from his own left; for `k >= C`
//! his inner row from his own right (`k = C` his rightmost inner hole).
//! Counter-clockwise is `k -> k + 1`, for both players.

use crate::pit::Pit;
use crate::player::Player;

use super::rules::FourRowRules;

/// Where a hole lies on the board, for drawing it.
///
/// # Examples
///
/// ```
/// use mancala_core::{Pit, Player};
/// use mancala_core::four_rows::FourRowRules;
///
/// // Tsoro, 4 x 8: hole 15 is player 0's leftmost inner hole, in column 0
/// // of row 1; player 1's inner hole 24 faces it in row 2.
/// let rules = FourRowRules::tsoro();
/// let place = rules.place(Pit::new(15).unwrap()).unwrap();
/// assert_eq!((place.owner, place.row, place.column), (Player::P0, 1, 0));
/// assert_eq!((place.ring, place.inner), (15, true));
/// assert_eq!(rules.hole_at(2, 0), Pit::new(24));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HolePlace {
    /// The player whose ring it is in.
    pub owner: Player,
    /// Its row, from player 0's edge: 0 player 0's outer row, 1 his inner
    /// row, 2 player 1's inner row, 3 player 1's outer row.
    pub row: u8,
    /// Its column, from player 0's left (0 to `C - 1`).
    pub column: u8,
    /// Its position in its owner's ring (0 to `2C - 1`).
    pub ring: u8,
    /// Whether it is in its owner's inner row.
    pub inner: bool,
}

impl FourRowRules {
    /// The holes on the board, `4C`.
    pub const fn holes(&self) -> usize {
        4 * self.columns as usize
    }

    /// The holes of a player's ring, `2C`.
    pub const fn ring_len(&self) -> usize {
        2 * self.columns as usize
    }

    /// Where `hole` lies, if it is on the board.
    pub fn place(&self, hole: Pit) -> Option<HolePlace> {
        let c = usize::from(self.columns);
        let h = hole.index();
        if h >= self.holes() {
            return None;
        }
        let (p, k) = (h / (2 * c), h % (2 * c));
        let inner = k >= c;
        let from_own_left = if inner { 2 * c - 1 - k } else { k };
        // Player 1 sits across the board: his left is player 0's right.
        let (row, column) = match (p, inner) {
            (0, false) => (0, from_own_left),
            (0, true) => (1, from_own_left),
            (_, true) => (2, c - 1 - from_own_left),
            (_, false) => (3, c - 1 - from_own_left),
        };
        Some(HolePlace {
            owner: if p == 0 { Player::P0 } else { Player::P1 },
            row: row as u8,
            column: column as u8,
            ring: k as u8,
            inner,
        })
    }

    /// The hole at `row` (from player 0's edge, 0 to 3) and `column` (from
    /// player 0's left), if both are on the board.
    pub fn hole_at(&self, row: usize, column: usize) -> Option<Pit> {
        let c = usize::from(self.columns);
        if column >= c {
            return None;
        }
        let hole = match row {
            0 => column,
            1 => 2 * c - 1 - column,
            2 => 3 * c + column,
            3 => 3 * c - 1 - column,
            _ => return None,
        };
        Pit::new(hole)
    }

    /// The canonical hole of `player`'s ring position `k`.
    pub(super) fn hole(&self, player: Player, k: usize) -> usize {
        player.index() * self.ring_len() + k
    }

    /// The ring position `k + step` (`step` +1 or -1), round the ring.
    pub(super) fn step(&self, k: usize, step: isize) -> usize {
        let n = self.ring_len();
        if step > 0 {
            (k + 1) % n
        } else {
            (k + n - 1) % n
        }
    }

    /// The opponent's ring positions facing the mover's ring position `k`:
    /// his inner and outer holes of the same column. For an inner `k`, the
    /// opposite inner hole `3C-1-k` and the outer behind it `k-C`; for an
    /// outer `k`, `C+k` and `C-1-k`.
    pub(super) fn facing(&self, k: usize) -> (usize, usize) {
        let c = usize::from(self.columns);
        if k >= c {
            (3 * c - 1 - k, k - c)
        } else {
            (c + k, c - 1 - k)
        }
    }

    /// The opening moves of Hus (Nama), by ring position: `h-2`, `h+2`,
    /// `2C-1-h`, `h-1` for `h = C/2`, in hole order.
    pub(super) fn openings(&self) -> [usize; 4] {
        let c = usize::from(self.columns);
        let h = c / 2;
        [h - 2, h - 1, h + 2, 2 * c - 1 - h]
    }
}
