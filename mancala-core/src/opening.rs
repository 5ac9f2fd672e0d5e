//! How a game opens: the counts at the start ([`Start`]) and the holes
//! its first moves may sow ([`FirstMoves`]).

use crate::pit::PitSet;
use crate::player::Player;
use crate::topology::Topology;

/// The most seeds a [`Start`] moves.
pub const START_MOVES: usize = 4;

/// How the holes are filled at the start: [`Rules::seeds`](crate::Rules::seeds)
/// in each, then up to [`START_MOVES`] single seeds moved, one at a time
/// and in order, each from one hole to another (canonical indices). The
/// default moves none: every hole holds the same (every game but
/// FairKalah, whose board 1 moves one seed of South's from hole 4 to hole
/// 2).
///
/// # Examples
///
/// ```
/// use mancala_core::rules::Start;
///
/// // FairKalah's board 1: South's holes 4, 4, 5, 4, 3, 4.
/// let start = Start::UNIFORM.moving(4, 2);
/// let mut counts = [4; 12];
/// start.fill(&mut counts);
/// assert_eq!(counts, [4, 4, 5, 4, 3, 4, 4, 4, 4, 4, 4, 4]);
/// assert_eq!(start.check(&[4; 12]), Ok(()));
/// // A seed from an empty hole, or a hole off the board, is refused.
/// assert!(Start::UNIFORM.moving(4, 12).check(&[4; 12]).is_err());
/// assert!(Start::UNIFORM.moving(0, 1).moving(0, 1).check(&[1; 12]).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Start {
    /// The seeds moved, `(from, to)` by hole index, in order, then `None`s
    /// ([`Rules::check`](crate::Rules::check) refuses a `None` before a
    /// move: one start, one value).
    pub moved: [Option<(u8, u8)>; START_MOVES],
}

/// A seed of a [`Start`] that cannot be moved: from a hole off the board or
/// already empty, or to a hole off the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("the start cannot move a seed from hole {from} to hole {to}")]
pub struct StartError {
    /// The hole the seed comes from.
    pub from: u8,
    /// The hole it goes to.
    pub to: u8,
}

impl Start {
    /// No seed moved: every hole holds the same.
    pub const UNIFORM: Start = Start {
        moved: [None; START_MOVES],
    };

    /// This start with one more seed moved, from hole `from` to hole `to`
    /// (none when [`START_MOVES`] are moved already).
    #[must_use]
    pub const fn moving(mut self, from: u8, to: u8) -> Start {
        let mut i = 0;
        while i < START_MOVES {
            if self.moved[i].is_none() {
                self.moved[i] = Some((from, to));
                return self;
            }
            i += 1;
        }
        self
    }

    /// Whether the moves come first and the `None`s after: the one form
    /// [`moving`](Start::moving) builds and the rules accept.
    #[must_use]
    pub const fn is_packed(self) -> bool {
        let mut gap = false;
        let mut i = 0;
        while i < START_MOVES {
            if self.moved[i].is_none() {
                gap = true;
            } else if gap {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Whether every hole holds the same at the start.
    #[inline]
    pub const fn is_uniform(self) -> bool {
        let mut i = 0;
        while i < START_MOVES {
            if self.moved[i].is_some() {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The seeds moved, in order.
    pub fn moves(self) -> impl Iterator<Item = (u8, u8)> {
        self.moved.into_iter().flatten()
    }

    /// Moves the seeds on `counts` (the holes, filled alike), skipping any
    /// that cannot be moved ([`check`](Start::check) says which).
    pub fn fill(self, counts: &mut [u16]) {
        let _ = self.apply(counts);
    }

    /// Whether every seed can be moved on `counts` (the holes, filled
    /// alike), which are left as they were.
    ///
    /// # Errors
    ///
    /// The first seed that cannot be moved.
    pub fn check(self, counts: &[u16]) -> Result<(), StartError> {
        self.apply(&mut counts.to_vec())
    }

    /// Moves every seed that can be moved on `counts`; the first that
    /// cannot, if any.
    fn apply(self, counts: &mut [u16]) -> Result<(), StartError> {
        let mut first = Ok(());
        for (from, to) in self.moves() {
            let (f, t) = (usize::from(from), usize::from(to));
            if t < counts.len() && counts.get(f).is_some_and(|&c| c > 0) {
                counts[f] -= 1;
                counts[t] = counts[t].saturating_add(1);
            } else if first.is_ok() {
                first = Err(StartError { from, to });
            }
        }
        first
    }
}

/// The most sowing moves [`FirstMoves`] may restrict: 127, far more than
/// a game asks (a state keeps the count left in seven bits of a byte it
/// shares).
pub const MAX_FIRST_MOVES: u8 = 127;

/// Which holes the first sowing moves of a game may sow: the first
/// [`moves`](FirstMoves::moves) sowing moves, counted from the start
/// whoever makes them, must each sow one of the mover's last
/// [`last_holes`](FirstMoves::last_holes) holes (in counter-clockwise
/// order: on two rows, his rightmost as he sees them, whatever the
/// sowing direction). An extra move ([`Rules::extra_turn`](crate::Rules::extra_turn))
/// counts as one of them; a pass does not.
///
/// If none of those holes is a legal move (an empty hole, which only a
/// set-up position can give, or moves refused by the feeding rule), the
/// restriction does not bind that move: any legal move may be played, and
/// it still counts. So a player has a legal move exactly when he would
/// without the restriction, and each game ends (or passes) as its end
/// rules say.
///
/// The default, [`FirstMoves::NONE`], restricts no move (every game but
/// Dabuda and Um el-Bil). Dabuda's is [`FirstMoves::rightmost`]`(2)`: each
/// player's first move sows his rightmost hole; Um el-Bil's
/// `rightmost(1)`: player 0's first move only. [`Rules::check`](crate::Rules::check)
/// refuses a value with one field 0 and not the other (one restriction,
/// one value), more last holes than a row holds, and more than
/// [`MAX_FIRST_MOVES`] moves.
///
/// A position knows how many restricted moves are left
/// ([`Mancala::first_moves_left`](crate::Mancala::first_moves_left)).
///
/// # Examples
///
/// ```
/// use mancala_core::{Layout, Pit, Player, Topology, rules::FirstMoves};
///
/// let topology = Topology::new(Layout::two_rows(10))?;
/// let dabuda = FirstMoves::rightmost(2);
/// let holes = |p| dabuda.holes(&topology, p).iter().map(Pit::index).collect::<Vec<_>>();
/// assert_eq!(holes(Player::P0), [9]);
/// assert_eq!(holes(Player::P1), [19]);
/// let last_two = FirstMoves { moves: 1, last_holes: 2 };
/// assert_eq!(last_two.holes(&topology, Player::P1).iter().map(Pit::index).collect::<Vec<_>>(), [18, 19]);
/// assert!(FirstMoves::NONE.is_none());
/// # Ok::<(), mancala_core::rules::LayoutError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct FirstMoves {
    /// How many sowing moves from the start are restricted (0: none; at
    /// most [`MAX_FIRST_MOVES`]).
    pub moves: u8,
    /// How many of the mover's last holes each of them may sow (1: his
    /// rightmost only); 0 exactly when `moves` is.
    pub last_holes: u8,
}

impl FirstMoves {
    /// No move restricted.
    pub const NONE: FirstMoves = FirstMoves {
        moves: 0,
        last_holes: 0,
    };

    /// The first `moves` sowing moves each sow the mover's rightmost hole
    /// (his last); `rightmost(0)` is [`NONE`](FirstMoves::NONE).
    #[must_use]
    pub const fn rightmost(moves: u8) -> FirstMoves {
        FirstMoves {
            moves,
            last_holes: if moves == 0 { 0 } else { 1 },
        }
    }

    /// Whether no move is restricted.
    #[inline]
    #[must_use]
    pub const fn is_none(self) -> bool {
        self.moves == 0
    }

    /// Whether the fields are both 0 or both set, `moves` at most
    /// [`MAX_FIRST_MOVES`] and `last_holes` at most `row_len`: the values
    /// [`Rules::check`](crate::Rules::check) accepts on rows of `row_len`
    /// holes.
    #[must_use]
    pub const fn is_valid(self, row_len: usize) -> bool {
        (self.moves == 0) == (self.last_holes == 0)
            && self.moves <= MAX_FIRST_MOVES
            && self.last_holes as usize <= row_len
    }

    /// The holes of `player` a restricted move may sow: his last
    /// [`last_holes`](FirstMoves::last_holes) holes in counter-clockwise
    /// order (none for [`NONE`](FirstMoves::NONE)).
    pub fn holes(self, topology: &Topology, player: Player) -> PitSet {
        topology
            .pits_of(player)
            .rev()
            .take(usize::from(self.last_holes))
            .collect()
    }
}
