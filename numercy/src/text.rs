//! The one-line text form of a Numercy position (grammar in the crate docs)
//! and the drawing of its board.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use mancala_core::notation::{self, NotationError};

use crate::{Numercy, Options, Setup, SetupError};

/// Why a position's text could not be read: malformed text
/// ([`ParseError::Notation`]), or a position the checked setup refused
/// ([`ParseError::Setup`]).
pub type ParseError = mancala_core::notation::ParseError<SetupError>;

/// Writes the two rows of hole counts, player 0's first, separated by `/`.
fn write_rows(f: &mut fmt::Formatter<'_>, holes: &[u16]) -> fmt::Result {
    let (south, north) = holes.split_at(holes.len() / 2);
    notation::write_counts(f, south, ',')?;
    f.write_str("/")?;
    notation::write_counts(f, north, ',')
}

/// Reads two rows of hole counts of the same length (whether that length is
/// the options' is checked by the setup).
fn parse_rows(part: &'static str, text: &str) -> Result<Vec<u16>, NotationError> {
    let (south, north) = text
        .split_once('/')
        .ok_or_else(|| NotationError::invalid(part, "two rows of counts (SOUTH/NORTH)", text))?;
    let mut holes = notation::parse_counts(part, south, ',')?;
    let north = notation::parse_counts(part, north, ',')?;
    if north.len() != holes.len() {
        return Err(NotationError::invalid(
            part,
            "two rows of as many counts",
            text,
        ));
    }
    holes.extend(north);
    Ok(holes)
}

/// The one-line notation of the position (see the crate docs); `{:#}` draws
/// the board instead, with its operator row, as the `play` example shows it.
impl fmt::Display for Numercy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.draw(f);
        }
        write_rows(f, self.board.holes())?;
        write!(
            f,
            " {},{} {}",
            self.points[0],
            self.points[1],
            self.to_move.index()
        )?;
        if self.over {
            f.write_str(" over")?;
        }
        notation::write_seen(f, &self.to_setup().history, self.board.len() / 2)?;
        notation::write_options(f, &self.shared.options)
    }
}

/// Reads the one-line notation back through [`Numercy::from_setup`].
impl FromStr for Numercy {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Numercy, ParseError> {
        let mut words = s.split_whitespace().peekable();
        let board = parse_rows("holes", notation::next_word(&mut words, "holes")?)?;
        let points = notation::parse_numbers("points", notation::next_word(&mut words, "points")?)?;
        let turn = notation::parse_turn(&mut words, board.len() / 2)?;
        let options: Options = notation::parse_options(words)?;
        Numercy::from_setup(Setup {
            options,
            board,
            points,
            to_move: turn.to_move,
            over: turn.over,
            history: turn.history,
        })
        .map_err(ParseError::Setup)
    }
}

impl Numercy {
    /// Draws the board as it faces the players: North's row reversed above
    /// the operator row and South's row, hole numbers in brackets, each
    /// player's points at his side.
    fn draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let holes = self.board.holes();
        let n = holes.len() / 2;
        let cells = |items: &mut dyn Iterator<Item = String>| {
            items.map(|c| format!("{c:>5}")).collect::<String>()
        };
        let numbers_north = cells(&mut (n..2 * n).rev().map(|i| format!("({i})")));
        let north = cells(&mut holes[n..].iter().rev().map(u16::to_string));
        let operators = cells(
            &mut self
                .shared
                .options
                .operators()
                .iter()
                .map(|o| o.to_string()),
        );
        let south = cells(&mut holes[..n].iter().map(u16::to_string));
        let numbers_south = cells(&mut (0..n).map(|i| format!("({i})")));
        let [s, nn] = self.points;
        writeln!(f, "             |{numbers_north}")?;
        writeln!(f, "  North {nn:>4} |{north}")?;
        writeln!(f, "             |{operators}")?;
        writeln!(f, "  South {s:>4} |{south}")?;
        write!(f, "             |{numbers_south}")
    }
}
