//! How a game opens: the counts at the start ([`Start`]).

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
