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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
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

    /// The colour's place in [`Colour::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Colour::Yellow => 0,
            Colour::Red => 1,
            Colour::Blue => 2,
            Colour::Green => 3,
        }
    }

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
///
/// Written `shape-colour` (`pentagon-red`); serialized as the pair
/// `["pentagon", "red"]`, as conformance traces write it.
///
/// # Examples
///
/// ```
/// use numa::{Colour, Instruction, Shape};
///
/// let i: Instruction = "pentagon-red".parse()?;
/// assert_eq!(i, Instruction { shape: Shape::Pentagon, colour: Colour::Red });
/// assert_eq!(i.to_string(), "pentagon-red");
/// # Ok::<(), numa::ChoiceError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(from = "(Shape, Colour)", into = "(Shape, Colour)")
)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Instruction {
    /// The piece.
    pub shape: Shape,
    /// The direction.
    pub colour: Colour,
}

impl From<(Shape, Colour)> for Instruction {
    fn from((shape, colour): (Shape, Colour)) -> Instruction {
        Instruction { shape, colour }
    }
}

impl From<Instruction> for (Shape, Colour) {
    fn from(i: Instruction) -> (Shape, Colour) {
        (i.shape, i.colour)
    }
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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
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

    /// All 72 legal choices, each once, in a stable order: by the first
    /// instruction's shape, then the second's, then the first's colour, then
    /// the second's (the instruction with the smaller shape first). This is
    /// the order of [`Game::legal_actions`](mancala_core::Game::legal_actions).
    pub const ALL: [Choice; 72] = {
        let filler = Instruction {
            shape: Shape::Triangle,
            colour: Colour::Yellow,
        };
        let mut out = [Choice {
            first: filler,
            second: filler,
        }; 72];
        let mut n = 0;
        let mut s1 = 0;
        while s1 < 4 {
            let mut s2 = s1 + 1;
            while s2 < 4 {
                let mut c1 = 0;
                while c1 < 4 {
                    let mut c2 = 0;
                    while c2 < 4 {
                        if c1 != c2 {
                            out[n] = Choice {
                                first: Instruction {
                                    shape: Shape::ALL[s1],
                                    colour: Colour::ALL[c1],
                                },
                                second: Instruction {
                                    shape: Shape::ALL[s2],
                                    colour: Colour::ALL[c2],
                                },
                            };
                            n += 1;
                        }
                        c2 += 1;
                    }
                    c1 += 1;
                }
                s2 += 1;
            }
            s1 += 1;
        }
        out
    };

    /// The choice's place in [`Choice::ALL`] (0 to 71): equal choices (the
    /// same two instructions in either order) have the same index.
    ///
    /// # Examples
    ///
    /// ```
    /// use numa::Choice;
    ///
    /// for (i, choice) in Choice::ALL.into_iter().enumerate() {
    ///     assert_eq!(choice.index(), i);
    /// }
    /// let choice: Choice = "square-blue+triangle-red".parse()?;
    /// assert_eq!(Choice::ALL[choice.index()], choice);
    /// # Ok::<(), numa::ChoiceError>(())
    /// ```
    pub const fn index(self) -> usize {
        let (a, b) = if self.first.shape.index() <= self.second.shape.index() {
            (self.first, self.second)
        } else {
            (self.second, self.first)
        };
        let (s1, s2) = (a.shape.index(), b.shape.index());
        // The pairs of shapes in order: (0,1) (0,2) (0,3) (1,2) (1,3) (2,3).
        let pair = match (s1, s2) {
            (0, 1) => 0,
            (0, 2) => 1,
            (0, 3) => 2,
            (1, 2) => 3,
            (1, 3) => 4,
            _ => 5,
        };
        let (c1, c2) = (a.colour.index(), b.colour.index());
        let second = if c2 > c1 { c2 - 1 } else { c2 };
        pair * 12 + c1 * 3 + second
    }

    /// All 72 legal choices, each once, in the order of [`Choice::ALL`].
    pub fn all() -> impl Iterator<Item = Choice> + Clone {
        Choice::ALL.into_iter()
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
        // One of the 72, its instructions in either order.
        let c = Choice::ALL[u.choose_index(72)?];
        Ok(if u.arbitrary()? {
            Choice {
                first: c.second,
                second: c.first,
            }
        } else {
            c
        })
    }
}

/// `FromStr` for a type with `ALL` and `name` (a shape, a colour): the one of
/// `ALL` named so, else `$unknown`.
macro_rules! from_name {
    ($type:ident, $unknown:expr) => {
        impl FromStr for $type {
            type Err = ChoiceError;
            fn from_str(s: &str) -> Result<$type, ChoiceError> {
                $type::ALL
                    .into_iter()
                    .find(|x| x.name() == s)
                    .ok_or($unknown)
            }
        }
    };
}

from_name!(Shape, ChoiceError::UnknownShape);
from_name!(Colour, ChoiceError::UnknownColour);

/// `s` split at its one `separator`, or `None` if it has none or more.
fn split_at_one(s: &str, separator: char) -> Option<(&str, &str)> {
    let (a, b) = s.split_once(separator)?;
    (!b.contains(separator)).then_some((a, b))
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
        let (a, b) = split_at_one(s, '+').ok_or(ChoiceError::Syntax)?;
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

/// Both players' choices for a turn, revealed together: the [`Move`] of
/// Numa's [`Game`] implementation, built by
/// [`Game::joint_move`](mancala_core::Game::joint_move) or directly.
///
/// Written `ARABIC/ROMAN`, player 0's choice first, each as a [`Choice`]
/// (`pentagon-red+square-blue/pentagon-yellow+circle-green`). Serialized as
/// `{"arabic": [["pentagon", "red"], ["square", "blue"]], "roman": [...]}`,
/// the form of the conformance traces.
///
/// [`Move`]: mancala_core::Game::Move
/// [`Game`]: mancala_core::Game
///
/// # Examples
///
/// ```
/// use numa::{JointMove, MoveParseError, ChoiceError};
///
/// let mv: JointMove = "pentagon-red+square-blue/pentagon-yellow+circle-green".parse()?;
/// assert_eq!(mv.arabic, "pentagon-red+square-blue".parse()?);
/// assert_eq!(mv.to_string(), "pentagon-red+square-blue/pentagon-yellow+circle-green");
/// assert_eq!("pentagon-red+square-blue".parse::<JointMove>(), Err(MoveParseError::Syntax));
/// assert_eq!(
///     "pentagon-red+square-blue/circle-red+circle-blue".parse::<JointMove>(),
///     Err(MoveParseError::Roman(ChoiceError::SameShape))
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct JointMove {
    /// Player 0's choice.
    pub arabic: Choice,
    /// Player 1's choice.
    pub roman: Choice,
}

impl JointMove {
    /// The choice of `player` (0 Arabic, 1 Roman), or `None` for a player
    /// who does not play Numa.
    pub const fn choice(&self, player: Player) -> Option<Choice> {
        match player.index() {
            0 => Some(self.arabic),
            1 => Some(self.roman),
            _ => None,
        }
    }
}

/// Why a [`JointMove`]'s text was refused.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MoveParseError {
    /// The text is not two choices separated by one `/`.
    #[error("write a joint move as ARABIC/ROMAN, two choices shape-colour+shape-colour")]
    Syntax,
    /// Player 0's (Arabic's) choice is refused.
    #[error("Arabic's choice: {0}")]
    Arabic(ChoiceError),
    /// Player 1's (Roman's) choice is refused.
    #[error("Roman's choice: {0}")]
    Roman(ChoiceError),
}

impl FromStr for JointMove {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<JointMove, MoveParseError> {
        let (a, r) = split_at_one(s, '/').ok_or(MoveParseError::Syntax)?;
        Ok(JointMove {
            arabic: a.parse().map_err(MoveParseError::Arabic)?,
            roman: r.parse().map_err(MoveParseError::Roman)?,
        })
    }
}

impl fmt::Display for JointMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.arabic, self.roman)
    }
}
