//! The text form of a Numa position, and its drawing.

use alloc::string::String;
use core::fmt;
use core::fmt::Write as _;
use core::str::FromStr;

use mancala_core::notation::{self, NotationError};

use crate::options::OptionWords;
use crate::{Face, Numa, Options, Piece, SIZE, Setup, SetupError, Shape, Square};

/// Why a position's text could not be read: malformed text
/// ([`ParseError::Notation`]), or a position the checked setup refused
/// ([`ParseError::Setup`]).
pub type ParseError = mancala_core::notation::ParseError<SetupError>;

/// What a piece's text must be, per shape.
const fn piece_expected(shape: Shape) -> &'static str {
    match shape {
        Shape::Triangle => "the triangle as 1@X,Y or I@X,Y (1 <= X, Y <= 5)",
        Shape::Square => "the square as 2@X,Y or II@X,Y (1 <= X, Y <= 5)",
        Shape::Pentagon => "the pentagon as 3@X,Y or III@X,Y (1 <= X, Y <= 5)",
        Shape::Circle => "the circle as 4@X,Y or IV@X,Y (1 <= X, Y <= 5)",
    }
}

/// Reads one coordinate: a single digit 1 to 5.
fn coordinate(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [d @ b'1'..=b'5'] => Some(d - b'0'),
        _ => None,
    }
}

/// Reads `shape`'s piece, `NUMERAL@X,Y`.
fn parse_piece(shape: Shape, text: &str) -> Result<Piece, NotationError> {
    let bad = || NotationError::invalid(shape.name(), piece_expected(shape), text);
    let (numeral, square) = text.split_once('@').ok_or_else(bad)?;
    let face = [Face::Arabic, Face::Roman]
        .into_iter()
        .find(|f| f.numeral(shape) == numeral)
        .ok_or_else(bad)?;
    let (x, y) = square.split_once(',').ok_or_else(bad)?;
    let square = Square::new(
        coordinate(x).ok_or_else(bad)?,
        coordinate(y).ok_or_else(bad)?,
    )
    .ok_or_else(bad)?;
    Ok(Piece { square, face })
}

/// Reads a score: decimal digits, no sign.
fn parse_score(text: &str, all: &str) -> Result<u32, NotationError> {
    let bad = || NotationError::invalid("scores", "two numbers ARABIC,ROMAN", all);
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    text.parse().map_err(|_| bad())
}

/// One line: `PIECES SCORES [OPTIONS...]` (see the crate docs).
///
/// `{:#}` draws the 5x5 grid instead, north (yellow) at the top, each square
/// showing the numerals on it (`.` when empty), then both scores.
impl fmt::Display for Numa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.draw(f);
        }
        for (i, p) in self.pieces.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(
                f,
                "{}@{},{}",
                p.face.numeral(Shape::ALL[i]),
                p.square.x(),
                p.square.y()
            )?;
        }
        write!(f, " {},{}", self.scores[0], self.scores[1])?;
        write!(f, "{}", OptionWords(&self.options))
    }
}

/// Reads the one-line form back through [`Numa::from_setup`].
impl FromStr for Numa {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Numa, ParseError> {
        let mut words = s.split_whitespace();
        let pieces_text = notation::next_word(&mut words, "pieces")?;
        let mut parts = pieces_text.split('/');
        let mut pieces = [crate::game::START[0]; 4];
        for (slot, shape) in pieces.iter_mut().zip(Shape::ALL) {
            let text = parts.next().ok_or(NotationError::Missing(shape.name()))?;
            *slot = parse_piece(shape, text)?;
        }
        if parts.next().is_some() {
            return Err(NotationError::invalid(
                "pieces",
                "four pieces separated by /",
                pieces_text,
            )
            .into());
        }
        let scores_text = notation::next_word(&mut words, "scores")?;
        let (a, r) = scores_text.split_once(',').ok_or_else(|| {
            NotationError::invalid("scores", "two numbers ARABIC,ROMAN", scores_text)
        })?;
        let scores = [parse_score(a, scores_text)?, parse_score(r, scores_text)?];
        let options: Options = notation::parse_options(words)?;
        Numa::from_setup(Setup {
            options,
            pieces,
            scores,
        })
        .map_err(ParseError::Setup)
    }
}

impl Numa {
    /// Draws the grid, as `play` shows it.
    fn draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "        yellow (north)")?;
        for y in (1..=SIZE).rev() {
            write!(f, "  {y} |")?;
            for x in 1..=SIZE {
                let mut cell = String::new();
                for (i, p) in self.pieces.iter().enumerate() {
                    if p.square.x() == x && p.square.y() == y {
                        if !cell.is_empty() {
                            cell.push('/');
                        }
                        cell.push_str(p.face.numeral(Shape::ALL[i]));
                    }
                }
                if cell.is_empty() {
                    cell.push('.');
                }
                write!(f, "{cell:^8}")?;
            }
            writeln!(f, "|")?;
        }
        let mut columns = String::new();
        for x in 1..=SIZE {
            let _ = write!(columns, "{x:^8}");
        }
        writeln!(f, "     {columns}")?;
        write!(f, "  Arabic {}, Roman {}", self.scores[0], self.scores[1])
    }
}
