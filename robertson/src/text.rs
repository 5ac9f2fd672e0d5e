//! The one-line text form of a Robertson position (grammar in the crate
//! docs).

use core::fmt;
use core::str::FromStr;

use mancala_core::notation;

use crate::{Options, Robertson, Setup, SetupError};

/// Holes in a row of every board of Robertson's.
const ROW_LEN: usize = 6;

/// Why a position's text could not be read: malformed text
/// ([`ParseError::Notation`]), or a position the checked setup refused
/// ([`ParseError::Setup`]).
pub type ParseError = mancala_core::notation::ParseError<SetupError>;

/// The one-line notation of the position (see the crate docs); `{:#}` draws
/// the board instead, as [`drawing`](Robertson::drawing) does.
impl fmt::Display for Robertson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.drawing());
        }
        let setup = self.to_setup();
        notation::write_rows(f, &setup.board, ROW_LEN)?;
        f.write_str(" ")?;
        notation::write_counts(f, &setup.captured, ',')?;
        for (i, h) in setup.honours.iter().enumerate() {
            write!(f, "{}{h}", if i == 0 { " " } else { "," })?;
        }
        write!(f, " {}", setup.to_move.index())?;
        if setup.over {
            f.write_str(" over")?;
        }
        notation::write_seen(f, &setup.history, ROW_LEN)?;
        notation::write_options(f, &*self.options)
    }
}

/// Reads the one-line notation back through [`Robertson::from_setup`].
impl FromStr for Robertson {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Robertson, ParseError> {
        let mut words = s.split_whitespace().peekable();
        let board =
            notation::parse_rows("holes", notation::next_word(&mut words, "holes")?, ROW_LEN)?;
        let captured = notation::parse_counts(
            "captured",
            notation::next_word(&mut words, "captured")?,
            ',',
        )?;
        let honours =
            notation::parse_numbers("honours", notation::next_word(&mut words, "honours")?)?;
        let turn = notation::parse_turn(&mut words, ROW_LEN)?;
        let options: Options = notation::parse_options(words)?;
        Robertson::from_setup(Setup {
            options,
            board,
            captured,
            honours,
            to_move: turn.to_move,
            over: turn.over,
            history: turn.history,
        })
        .map_err(ParseError::Setup)
    }
}
