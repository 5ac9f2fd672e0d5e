//! Mankka's moves: the opening placements, the moves, and the legal list
//! of a position (the opening's placements are one constant table).

use mancala_core::Pit;

/// Holes on each side.
pub const SIDE: usize = 6;

/// An opening placement: the seeds the player to move adds to each of his
/// six holes, from his own left.
///
/// The mover is implied (Mankka is sequential): the same placement is
/// player 0's in his turn and player 1's in his. Written as the six counts
/// joined by `+`, `1+1+1+1+1+1`.
///
/// # Examples
///
/// ```
/// use mankka::Placement;
///
/// let p = Placement::new([1, 1, 1, 1, 1, 1]);
/// assert_eq!(p.total(), 6);
/// assert_eq!(p.to_string(), "1+1+1+1+1+1");
/// assert_eq!("1+1+1+1+1+1".parse::<Placement>(), Ok(p));
/// assert!("1+1+1".parse::<Placement>().is_err());
/// assert_eq!(Placement::all(6).count(), 462);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Placement {
    /// Seeds added to each of the mover's holes, from his own left.
    pub counts: [u16; SIDE],
}

impl Placement {
    /// A placement of `counts` (checked when played).
    pub const fn new(counts: [u16; SIDE]) -> Placement {
        Placement { counts }
    }

    /// Seeds placed in all.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| u32::from(c)).sum()
    }

    /// Every placement of exactly `total` seeds, in lexicographic order of
    /// the counts (462 for 6 seeds).
    pub fn all(total: u16) -> impl Iterator<Item = Placement> {
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
            Some(Placement::new(current))
        })
    }
}

/// A move of Mankka: a placement in the opening, then sowing moves, and
/// passes where the options allow them.
///
/// Written as a placement (`1+2+0+0+3+0`), a hole number (`3`) or `pass`;
/// the same text is the move's action (see the crate docs, "Moves").
///
/// # Examples
///
/// ```
/// use mankka::{Move, Pit, Placement};
///
/// assert_eq!("3".parse::<Move>()?, Move::Sow(Pit::new(3).unwrap()));
/// assert_eq!("pass".parse::<Move>()?, Move::Pass);
/// let place: Move = "6+0+0+0+0+0".parse()?;
/// assert_eq!(place, Move::Place(Placement::new([6, 0, 0, 0, 0, 0])));
/// assert_eq!(place.to_string(), "6+0+0+0+0+0");
/// assert!("place 1 1 1 1 1 1".parse::<Move>().is_err());
/// # Ok::<(), mancala_core::notation::NotationError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Move {
    /// The opening placement of the seeds in hand.
    Place(Placement),
    /// Sowing one of the mover's holes.
    Sow(Pit),
    /// Passing, for a player who cannot sow (only without the early ends).
    Pass,
}

impl Move {
    /// The sower's move for a sowing move or a pass, or the
    /// placement.
    #[inline]
    pub(crate) const fn split(self) -> Result<mancala_core::Move, Placement> {
        match self {
            Move::Place(placement) => Err(placement),
            Move::Sow(pit) => Ok(mancala_core::Move::Sow(pit)),
            Move::Pass => Ok(mancala_core::Move::Pass),
        }
    }
}

impl From<mancala_core::Move> for Move {
    fn from(mv: mancala_core::Move) -> Move {
        match mv {
            mancala_core::Move::Sow(pit) => Move::Sow(pit),
            mancala_core::Move::Pass => Move::Pass,
        }
    }
}

impl From<Placement> for Move {
    fn from(placement: Placement) -> Move {
        Move::Place(placement)
    }
}

/// The legal actions of one position: up to six sowing moves or one pass,
/// inline, or the 462 placements of the opening, which are one constant
/// table shared by every position (so no list ever allocates).
///
/// It dereferences to a slice of [`Move`]s.
///
/// # Examples
///
/// ```
/// use mankka::*;
///
/// let game = Mankka::default();
/// let opening = game.legal_moves();
/// assert_eq!(opening.len(), 462);
/// assert_eq!(opening[0], Move::Place(Placement::new([0, 0, 0, 0, 0, 6])));
/// assert_eq!(opening.as_slice().last(), Some(&Move::Place(Placement::new([6, 0, 0, 0, 0, 0]))));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct MoveList {
    pub(crate) moves: arrayvec::ArrayVec<Move, SIDE>,
    /// The opening's placements instead of `moves`.
    pub(crate) opening: bool,
}

impl MoveList {
    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        if self.opening { &OPENING } else { &self.moves }
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The seeds in hand at the start of Mankka Two's opening; a hand holds
/// them or none (see [`Options::hand`] and the setup checks).
const OPENING_HAND: u16 = 6;

/// Every placement of [`OPENING_HAND`] seeds in lexicographic order of the
/// counts: the compositions of 6 into 6 parts, C(11, 5) = 462 of them.
static OPENING: [Move; 462] = opening();

/// Builds [`OPENING`] at compile time, in [`Placement::all`]'s order (a
/// wrong count fails the build: the array index would go out of range, or
/// the last check would).
const fn opening() -> [Move; 462] {
    let mut out = [Move::Pass; 462];
    let mut current = [0u16; SIDE];
    current[SIDE - 1] = OPENING_HAND;
    let mut n = 0;
    loop {
        out[n] = Move::Place(Placement::new(current));
        n += 1;
        // The next composition: grow the rightmost hole that has seeds
        // after it, and put those seeds, less one, in the last hole.
        let mut i = SIDE - 1;
        let mut grown = false;
        while i > 0 {
            i -= 1;
            let mut tail = 0;
            let mut j = i + 1;
            while j < SIDE {
                tail += current[j];
                j += 1;
            }
            if tail > 0 {
                current[i] += 1;
                let mut j = i + 1;
                while j < SIDE {
                    current[j] = 0;
                    j += 1;
                }
                current[SIDE - 1] = tail - 1;
                grown = true;
                break;
            }
        }
        if !grown {
            break;
        }
    }
    assert!(n == 462, "every placement of 6 seeds is listed");
    out
}
