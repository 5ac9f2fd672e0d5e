//! The text forms of Mankka's moves and positions (the grammar is in the
//! crate docs, "Notation" and "Moves"), and the drawing of `{:#}`.

use core::fmt;
use core::str::FromStr;

use mancala_core::notation::{self, NotationError};

use crate::{Mankka, Move, Options, Placement, SIDE, Setup, SetupError};

/// Holes in a row of the board (each player's side).
const ROW: usize = SIDE;

/// What a placement's text should be.
const PLACEMENT: &str = "six counts joined by `+` (1+1+1+1+1+1)";

/// The six counts joined by `+`: `1+2+0+0+3+0`.
impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        notation::write_counts(f, &self.counts, '+')
    }
}

/// Reads six counts joined by `+`, with no spaces.
impl FromStr for Placement {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Placement, NotationError> {
        let bad = || NotationError::invalid("placement", PLACEMENT, s);
        let counts = notation::parse_counts("placement", s, '+').map_err(|_| bad())?;
        let counts: [u16; SIDE] = counts.try_into().map_err(|_| bad())?;
        Ok(Placement::new(counts))
    }
}

/// A placement (`1+2+0+0+3+0`), a hole number (`3`) or `pass`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A sowing move or a pass is written as the sower's.
        match self.split() {
            Ok(inner) => write!(f, "{inner}"),
            Err(placement) => write!(f, "{placement}"),
        }
    }
}

/// Reads `pass`, a placement (text with a `+`) or a hole number.
impl FromStr for Move {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Move, NotationError> {
        if s.contains('+') {
            return s.parse().map(Move::Place);
        }
        // `pass` or a hole number, read as the sower's move.
        s.parse::<mancala_core::Move>()
            .map(Move::from)
            .map_err(|_| {
                NotationError::invalid(
                    "move",
                    "a hole number, `pass` or a placement a+b+c+d+e+f",
                    s,
                )
            })
    }
}

/// Why a position's text could not be read: malformed text
/// ([`ParseError::Notation`]), or a position the checked setup refused
/// ([`ParseError::Setup`]).
pub type ParseError = mancala_core::notation::ParseError<SetupError>;

/// The one-line notation (`HOLES STORES HANDS PLAYER [over] [seen=...]
/// [OPTIONS...]`, see the crate docs); `{:#}` draws the board with the
/// hands instead.
impl fmt::Display for Mankka {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return self.draw(f);
        }
        let setup = self.to_setup();
        notation::write_rows(f, &setup.board, ROW)?;
        f.write_str(" ")?;
        notation::write_counts(f, &setup.stores, ',')?;
        f.write_str(" ")?;
        notation::write_counts(f, &setup.hands, ',')?;
        write!(f, " {}", setup.to_move.index())?;
        if setup.over {
            f.write_str(" over")?;
        }
        notation::write_seen(f, &setup.history, ROW)?;
        notation::write_options(f, &self.options)
    }
}

/// Reads the one-line notation through the checked setup
/// ([`Mankka::from_setup`]).
impl FromStr for Mankka {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Mankka, ParseError> {
        let mut words = s.split_whitespace().peekable();
        let board = notation::parse_rows("holes", notation::next_word(&mut words, "holes")?, ROW)?;
        let stores =
            notation::parse_counts("stores", notation::next_word(&mut words, "stores")?, ',')?;
        let hands =
            notation::parse_counts("hands", notation::next_word(&mut words, "hands")?, ',')?;
        let turn = notation::parse_turn(&mut words, ROW)?;
        let options: Options = notation::parse_options(words)?;
        let setup = Setup {
            options,
            board,
            stores,
            hands,
            to_move: turn.to_move,
            over: turn.over,
            history: turn.history,
        };
        Mankka::from_setup(setup).map_err(ParseError::Setup)
    }
}

impl Mankka {
    /// Draws the board as it faces the players (player 1's row reversed
    /// above player 0's, stores at the ends, hole numbers in brackets), then
    /// the seeds in hand.
    fn draw(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.game)?;
        write!(
            f,
            "\n  in hand: player 0 {}, player 1 {}",
            self.hands[0], self.hands[1]
        )
    }
}
