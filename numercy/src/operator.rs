//! The operators written between the two holes of each file, and their
//! arithmetic.

use core::fmt;
use core::str::FromStr;

/// An operator of the operator row ("Maths Control Bar").
///
/// # Examples
///
/// ```
/// use numercy::{DivideByZero, Operator, Rounding};
///
/// let arith = |op: Operator, c, o| op.apply(c, o, Rounding::Nearest, DivideByZero::Zero);
/// assert_eq!(arith(Operator::Add, 4, 3), 7);
/// assert_eq!(arith(Operator::Subtract, 2, 9), 7); // |2 - 9|
/// assert_eq!(arith(Operator::Multiply, 4, 3), 12);
/// assert_eq!(arith(Operator::Divide, 2, 5), 3); // 5 / 2 = 2.5, halves round up
/// assert_eq!(arith(Operator::Power, 3, 2), 9); // 3 ^ 2
/// assert_eq!("x".parse::<Operator>(), Ok(Operator::Multiply));
/// assert_eq!(Operator::Divide.to_string(), ":");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "char", try_from = "char"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Operator {
    /// `+`: the sum.
    #[default]
    Add,
    /// `-`: the absolute difference.
    Subtract,
    /// `x`: the product.
    Multiply,
    /// `:`: the larger divided by the smaller, rounded by the [`Rounding`]
    /// option; a division by zero follows the [`DivideByZero`] option.
    Divide,
    /// `^`: the count where the move ended raised to the opposite count
    /// (saturating at `u64::MAX`).
    Power,
}

impl Operator {
    /// The five operators, in the order `+ - x : ^`.
    pub const ALL: [Operator; 5] = [
        Operator::Add,
        Operator::Subtract,
        Operator::Multiply,
        Operator::Divide,
        Operator::Power,
    ];

    /// The symbol: `+`, `-`, `x`, `:` or `^`.
    pub const fn symbol(self) -> char {
        match self {
            Operator::Add => '+',
            Operator::Subtract => '-',
            Operator::Multiply => 'x',
            Operator::Divide => ':',
            Operator::Power => '^',
        }
    }

    /// `c op o`, where `c` is the count of the hole where the move ended and
    /// `o` the count of the opposite hole. Never overflows: results saturate
    /// at `u64::MAX` (only `^` can get there).
    pub fn apply(self, c: u16, o: u16, rounding: Rounding, divide_by_zero: DivideByZero) -> u64 {
        let (c64, o64) = (u64::from(c), u64::from(o));
        match self {
            Operator::Add => c64 + o64,
            Operator::Subtract => c64.abs_diff(o64),
            Operator::Multiply => c64 * o64,
            Operator::Divide => {
                let (max, min) = (c64.max(o64), c64.min(o64));
                if min == 0 {
                    return match divide_by_zero {
                        DivideByZero::Zero => 0,
                        DivideByZero::Max => max,
                    };
                }
                let (q, r) = (max / min, max % min);
                match rounding {
                    Rounding::Down => q,
                    Rounding::Up => q + u64::from(r > 0),
                    // Halves round up: r / min >= 1/2.
                    Rounding::Nearest => q + u64::from(2 * r >= min),
                }
            }
            Operator::Power => c64.saturating_pow(u32::from(o)),
        }
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A character that is not an operator symbol.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{0}` is not an operator (use + - x : ^)")]
pub struct ParseOperatorError(pub char);

impl TryFrom<char> for Operator {
    type Error = ParseOperatorError;
    fn try_from(c: char) -> Result<Operator, ParseOperatorError> {
        match c {
            '+' => Ok(Operator::Add),
            '-' => Ok(Operator::Subtract),
            'x' | '*' | '×' => Ok(Operator::Multiply),
            ':' | '/' | '÷' => Ok(Operator::Divide),
            '^' => Ok(Operator::Power),
            other => Err(ParseOperatorError(other)),
        }
    }
}

impl From<Operator> for char {
    fn from(op: Operator) -> char {
        op.symbol()
    }
}

impl FromStr for Operator {
    type Err = ParseOperatorError;
    fn from_str(s: &str) -> Result<Operator, ParseOperatorError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Operator::try_from(c),
            (Some(c), Some(_)) => Err(ParseOperatorError(c)),
            (None, _) => Err(ParseOperatorError(' ')),
        }
    }
}

/// How a division that does not come out even is rounded.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Rounding {
    /// To the nearest whole number, halves up (the default; the source says
    /// only "rounded up or down").
    #[default]
    Nearest,
    /// Down.
    Down,
    /// Up.
    Up,
}

/// What a division scores when the smaller count is 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum DivideByZero {
    /// Nothing (the default).
    #[default]
    Zero,
    /// The larger count.
    Max,
}
