//! Unchecked position descriptions and the check that turns them into games.

use crate::{Numa, Options, Piece};

/// A description of a Numa position: pieces (triangle, square, pentagon,
/// circle) and scores. Squares are checked when built or deserialized, so
/// every setup is a possible position; whether it is over follows from the
/// scores.
///
/// # Examples
///
/// ```
/// use numa::{Numa, Setup};
///
/// let mut setup = Numa::default().to_setup();
/// setup.scores = [31, 12];
/// assert!(Numa::from_setup(setup).is_over());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Setup {
    /// The options.
    pub options: Options,
    /// The pieces: triangle, square, pentagon, circle.
    pub pieces: [Piece; 4],
    /// Arabic's and Roman's scores.
    pub scores: [u32; 2],
}

impl Numa {
    /// Builds the position of a setup.
    pub const fn from_setup(setup: Setup) -> Numa {
        Numa {
            options: setup.options,
            pieces: setup.pieces,
            scores: setup.scores,
        }
    }

    /// The setup of this position.
    pub const fn to_setup(&self) -> Setup {
        Setup {
            options: self.options,
            pieces: self.pieces,
            scores: self.scores,
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Numa {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_setup().serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Numa {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Setup::deserialize(deserializer).map(Numa::from_setup)
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Numa {
    /// A position reached by arbitrary turns from the start.
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let mut game = Numa::new(u.arbitrary()?);
        let turns = u.int_in_range(0..=100u8)?;
        for _ in 0..turns {
            if game.turn(u.arbitrary()?).is_err() {
                break;
            }
        }
        Ok(game)
    }
}
