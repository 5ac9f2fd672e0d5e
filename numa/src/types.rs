//! Squares, pieces, faces, colours, instructions and choices, with their text
//! forms.

use core::fmt;
use core::str::FromStr;

use mancala_core::Player;

/// The side of the board: squares `(x, y)` with `1 <= x, y <= 5`.
pub const SIZE: u8 = 5;

/// A square of the 5x5 torus: `x` grows east, `y` north, `(1, 1)` is the
/// south-west (green/blue) corner.
///
/// # Examples
///
/// ```
/// use numa::{Colour, Square};
///
/// let sq = Square::new(5, 3).unwrap();
/// assert_eq!(sq.step(Colour::Red), Square::new(1, 3).unwrap()); // off the east edge
/// assert_eq!(sq.to_string(), "(5,3)");
/// assert_eq!(Square::new(0, 3), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "(u8, u8)", into = "(u8, u8)"))]
pub struct Square {
    x: u8,
    y: u8,
}

impl Square {
    /// The square `(x, y)`, or `None` off the board.
    pub const fn new(x: u8, y: u8) -> Option<Square> {
        if x >= 1 && x <= SIZE && y >= 1 && y <= SIZE {
            Some(Square { x, y })
        } else {
            None
        }
    }

    /// The column, 1 (west) to 5 (east).
    pub const fn x(self) -> u8 {
        self.x
    }

    /// The row, 1 (south) to 5 (north).
    pub const fn y(self) -> u8 {
        self.y
    }

    /// The square one step towards `colour`'s edge, re-entering opposite.
    pub const fn step(self, colour: Colour) -> Square {
        let (dx, dy): (i8, i8) = match colour {
            Colour::Yellow => (0, 1),
            Colour::Red => (1, 0),
            Colour::Blue => (0, -1),
            Colour::Green => (-1, 0),
        };
        const fn wrap(v: u8, d: i8) -> u8 {
            ((v as i8 - 1 + d).rem_euclid(SIZE as i8) + 1) as u8
        }
        Square {
            x: wrap(self.x, dx),
            y: wrap(self.y, dy),
        }
    }

    /// Whether two different squares touch (orthogonally or diagonally),
    /// across the board's edges when `wrap` is on.
    pub fn touches(self, other: Square, wrap: bool) -> bool {
        let d = |a: u8, b: u8| {
            let d = a.abs_diff(b);
            if wrap { d.min(SIZE - d) } else { d }
        };
        let (dx, dy) = (d(self.x, other.x), d(self.y, other.y));
        self != other && dx <= 1 && dy <= 1
    }
}

/// Coordinates off the 5x5 board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("({0},{1}) is off the board (1 to 5 each way)")]
pub struct OffBoard(pub u8, pub u8);

impl TryFrom<(u8, u8)> for Square {
    type Error = OffBoard;
    fn try_from((x, y): (u8, u8)) -> Result<Square, OffBoard> {
        Square::new(x, y).ok_or(OffBoard(x, y))
    }
}

impl From<Square> for (u8, u8) {
    fn from(s: Square) -> (u8, u8) {
        (s.x, s.y)
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Square {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Square {
            x: u.int_in_range(1..=SIZE)?,
            y: u.int_in_range(1..=SIZE)?,
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// The four pieces, by shape.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Shape {
    /// 1 / I.
    Triangle,
    /// 2 / II.
    Square,
    /// 3 / III.
    Pentagon,
    /// 4 / IV.
    Circle,
}

impl Shape {
    /// The four shapes, in value order.
    pub const ALL: [Shape; 4] = [
        Shape::Triangle,
        Shape::Square,
        Shape::Pentagon,
        Shape::Circle,
    ];

    /// The number on the piece (1 to 4).
    pub const fn value(self) -> u32 {
        self as u32 + 1
    }

    /// The index of the piece, 0 to 3.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Triangle => "triangle",
            Shape::Square => "square",
            Shape::Pentagon => "pentagon",
            Shape::Circle => "circle",
        }
    }
}

/// The numeral a piece shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Face {
    /// 1, 2, 3, 4: player 0's.
    Arabic,
    /// I, II, III, IV: player 1's.
    Roman,
}

impl Face {
    /// The other side.
    pub const fn flip(self) -> Face {
        match self {
            Face::Arabic => Face::Roman,
            Face::Roman => Face::Arabic,
        }
    }

    /// The player who scores this face: Arabic is player 0, Roman player 1.
    pub const fn player(self) -> Player {
        match self {
            Face::Arabic => Player::P0,
            Face::Roman => Player::P1,
        }
    }

    /// `shape`'s numeral on this face (`3` or `III`).
    pub const fn numeral(self, shape: Shape) -> &'static str {
        match (self, shape) {
            (Face::Arabic, Shape::Triangle) => "1",
            (Face::Arabic, Shape::Square) => "2",
            (Face::Arabic, Shape::Pentagon) => "3",
            (Face::Arabic, Shape::Circle) => "4",
            (Face::Roman, Shape::Triangle) => "I",
            (Face::Roman, Shape::Square) => "II",
            (Face::Roman, Shape::Pentagon) => "III",
            (Face::Roman, Shape::Circle) => "IV",
        }
    }
}

/// The colours of the edges, naming directions: yellow north, red east, blue
/// south, green west.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Colour {
    /// North (`y + 1`).
    Yellow,
    /// East (`x + 1`).
    Red,
    /// South (`y - 1`).
    Blue,
    /// West (`x - 1`).
    Green,
}

impl Colour {
    /// The four colours.
    pub const ALL: [Colour; 4] = [Colour::Yellow, Colour::Red, Colour::Blue, Colour::Green];

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Green => "green",
        }
    }
}

/// One instruction: move this piece towards this colour's edge (and flip
/// it).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Instruction {
    /// The piece.
    pub shape: Shape,
    /// The direction.
    pub colour: Colour,
}

/// A player's choice for a turn: two instructions with different shapes and
/// different colours (72 possible). Built only through [`Choice::new`] or
/// parsing, so every `Choice` is legal. Two choices are equal when they do
/// the same, whatever the order of their instructions; `Display` keeps the
/// order given.
///
/// # Examples
///
/// ```
/// use numa::{Choice, ChoiceError};
///
/// let c: Choice = "pentagon-red+square-blue".parse()?;
/// assert_eq!(c.to_string(), "pentagon-red+square-blue");
/// assert_eq!("pentagon-red+pentagon-blue".parse::<Choice>(), Err(ChoiceError::SameShape));
/// assert_eq!("pentagon-red+square-red".parse::<Choice>(), Err(ChoiceError::SameColour));
/// assert_eq!(Choice::all().count(), 72);
/// // The order of the two instructions does not matter.
/// assert_eq!(c, "square-blue+pentagon-red".parse()?);
/// assert!(Choice::all().any(|x| x == c));
/// # Ok::<(), ChoiceError>(())
/// ```
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(try_from = "[Instruction; 2]", into = "[Instruction; 2]")
)]
pub struct Choice {
    first: Instruction,
    second: Instruction,
}

/// Why a choice or an instruction is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChoiceError {
    /// Both instructions name the same piece.
    #[error("the two instructions must move different pieces")]
    SameShape,
    /// Both instructions name the same colour.
    #[error("the two instructions must use different colours")]
    SameColour,
    /// The text is not `shape-colour` or `shape-colour+shape-colour`.
    #[error("write instructions as shape-colour, a choice as shape-colour+shape-colour")]
    Syntax,
    /// An unknown shape name.
    #[error("unknown shape (triangle, square, pentagon, circle)")]
    UnknownShape,
    /// An unknown colour name.
    #[error("unknown colour (yellow, red, blue, green)")]
    UnknownColour,
}

impl Choice {
    /// A choice of two instructions.
    ///
    /// # Errors
    ///
    /// [`ChoiceError::SameShape`] or [`ChoiceError::SameColour`].
    pub fn new(first: Instruction, second: Instruction) -> Result<Choice, ChoiceError> {
        if first.shape == second.shape {
            return Err(ChoiceError::SameShape);
        }
        if first.colour == second.colour {
            return Err(ChoiceError::SameColour);
        }
        Ok(Choice { first, second })
    }

    /// The two instructions, as given.
    pub const fn instructions(self) -> [Instruction; 2] {
        [self.first, self.second]
    }

    /// All 72 legal choices, each once (the instruction with the smaller
    /// shape first).
    pub fn all() -> impl Iterator<Item = Choice> + Clone {
        Shape::ALL.into_iter().flat_map(|s1| {
            Shape::ALL
                .into_iter()
                .filter(move |&s2| s2 > s1)
                .flat_map(move |s2| {
                    Colour::ALL.into_iter().flat_map(move |c1| {
                        Colour::ALL
                            .into_iter()
                            .filter(move |&c2| c2 != c1)
                            .map(move |c2| Choice {
                                first: Instruction {
                                    shape: s1,
                                    colour: c1,
                                },
                                second: Instruction {
                                    shape: s2,
                                    colour: c2,
                                },
                            })
                    })
                })
        })
    }

    /// The same choice with its instructions in a canonical order (smaller
    /// shape first): two choices do the same iff their normal forms are
    /// equal.
    pub fn normalized(self) -> Choice {
        if self.first.shape <= self.second.shape {
            self
        } else {
            Choice {
                first: self.second,
                second: self.first,
            }
        }
    }
}

impl PartialEq for Choice {
    fn eq(&self, other: &Choice) -> bool {
        let (a, b) = (self.normalized(), other.normalized());
        a.first == b.first && a.second == b.second
    }
}

impl Eq for Choice {}

impl core::hash::Hash for Choice {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        let n = self.normalized();
        n.first.hash(state);
        n.second.hash(state);
    }
}

impl TryFrom<[Instruction; 2]> for Choice {
    type Error = ChoiceError;
    fn try_from([a, b]: [Instruction; 2]) -> Result<Choice, ChoiceError> {
        Choice::new(a, b)
    }
}

impl From<Choice> for [Instruction; 2] {
    fn from(c: Choice) -> [Instruction; 2] {
        c.instructions()
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Choice {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let i = u.choose_index(72)?;
        Choice::all()
            .nth(i)
            .ok_or(arbitrary::Error::IncorrectFormat)
    }
}

impl FromStr for Shape {
    type Err = ChoiceError;
    fn from_str(s: &str) -> Result<Shape, ChoiceError> {
        Shape::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or(ChoiceError::UnknownShape)
    }
}

impl FromStr for Colour {
    type Err = ChoiceError;
    fn from_str(s: &str) -> Result<Colour, ChoiceError> {
        Colour::ALL
            .into_iter()
            .find(|x| x.name() == s)
            .ok_or(ChoiceError::UnknownColour)
    }
}

impl FromStr for Instruction {
    type Err = ChoiceError;
    fn from_str(s: &str) -> Result<Instruction, ChoiceError> {
        let (shape, colour) = s.trim().split_once('-').ok_or(ChoiceError::Syntax)?;
        Ok(Instruction {
            shape: shape.parse()?,
            colour: colour.parse()?,
        })
    }
}

impl FromStr for Choice {
    type Err = ChoiceError;
    fn from_str(s: &str) -> Result<Choice, ChoiceError> {
        let (a, b) = s.split_once('+').ok_or(ChoiceError::Syntax)?;
        if b.contains('+') {
            return Err(ChoiceError::Syntax);
        }
        Choice::new(a.parse()?, b.parse()?)
    }
}

impl fmt::Display for Instruction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.shape.name(), self.colour.name())
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.first, self.second)
    }
}

/// Both players' choices for a turn, revealed together.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct JointMove {
    /// Player 0's choice.
    pub arabic: Choice,
    /// Player 1's choice.
    pub roman: Choice,
}
