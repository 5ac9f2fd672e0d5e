//! The Oware dialect of UCI, as the Aualé GUI speaks it to its engine
//! Aalina: `mancala uci`, on standard input and output.
//!
//! ```text
//! mancala uci
//! ```
//!
//! [`serve`] reads one command a line from any [`BufRead`] (on a thread of
//! its own, so that `stop` ends a running `go`) and answers on any
//! [`Write`], flushing after every answer; [`main_with`] runs it on stdin
//! and stdout. The game is always Oware under this workspace's rules
//! ([`mancala_core::oware`]: captures of 2 or 3 chained back along the
//! opponent's row, a grand slam legal but capturing nothing, feeding
//! required, the end on a majority, a repeated position since the last
//! capture, or no legal move).
//!
//! # Commands
//!
//! | command | answer |
//! | --- | --- |
//! | `uci` | `id name mancala-rs VERSION`, `id author ...`, `option name Hash type spin default 4 min 1 max 1024`, `uciok` |
//! | `isready` | `readyok` (once no search runs) |
//! | `ucinewgame` | none: the start position, and a fresh transposition table |
//! | `setoption name NAME [value VALUE]` | none: `Hash` sets the table's size in MiB (a fresh table); other names are accepted and ignored |
//! | `debug on\|off` | none: with `on`, `position` and `go` also answer `info string ...` lines of detail |
//! | `position startpos [moves ...]` | none: the start, then the moves |
//! | `position fen h1-...-h12-S-N-S\|N [moves ...]` | none: that position ([`parse_fen`]), then the moves |
//! | `go [depth D] [nodes N] [movetime MS] [wtime W] [btime B] [winc I] [binc I] [movestogo M] [infinite] [ponder]` | `info depth D score cp S pv LETTERS` after each completed depth, then `bestmove X`; `bestmove 0000` at once if the game is over |
//! | `stop` | none itself: the running `go` answers `bestmove` at once |
//! | `ponderhit` | as `stop` |
//! | `d` | `info string position FEN`: the current position |
//! | `quit` | none: the program ends (so it does at the end of its input) |
//!
//! Anything refused, for any reason, is answered by one line `info string
//! error MESSAGE` ([`UciError`]) and **changes nothing**: a `position` with
//! a bad position or an illegal move leaves the position as it was, and a
//! `go` with a word it does not know does not search (and answers no
//! `bestmove`). The message quotes at most 200 characters of each piece of
//! input, with its size, and escapes control characters
//! ([`tidy`](crate::protocol::tidy)).
//!
//! - **Moves** are letters: `A` to `F` South's houses from his left, `a` to
//!   `f` North's in sowing order (`a` faces `F`). The list after `moves` is
//!   written without spaces (`moves AbCd`), as the GUI writes it, or with
//!   them (`moves A b C d`); each must be legal in turn, or none is played.
//!   South moves first from `startpos`.
//! - **`go`**: iterative-deepening alpha-beta
//!   ([`AlphaBeta`](mancala_engine::agents::AlphaBeta), the table kept
//!   between searches until `ucinewgame`), limited by every limit given:
//!   `depth` (plies, at most 256), `nodes`, `movetime` (milliseconds), or
//!   a share of the mover's clock (`wtime` is South's, `btime` North's:
//!   the clock over `movestogo`, 30 if not given, plus the increment, at
//!   most half the clock). A bare `go` searches for 1 second. `infinite`
//!   and `ponder` search without a time limit and hold `bestmove` until
//!   `stop` (or `ponderhit`, which here is the same). The search also ends
//!   once a depth has seen the whole game tree.
//! - **`info`**: `S` is the margin of seeds the mover expects, 100 to a
//!   seed; a won game is worth 100000 plus 100 a seed of its final margin
//!   (a lost one as much below zero). `pv` is the expected line, letters
//!   without spaces.
//! - **Positions** from `fen` have no history: the repetition rule counts
//!   from them (moves after `startpos` or a `fen` are remembered).
//!
//! # Example
//!
//! ```
//! use mancala_cli::uci::serve;
//!
//! // No `stop` or `quit` follows the `go`: either would end it at once.
//! let input = "uci\nisready\nposition startpos moves CfA\nd\nposition startpos moves CC\nd\ngo depth 2\n";
//! let mut output = Vec::new();
//! serve(std::io::Cursor::new(input), &mut output)?;
//! let output = String::from_utf8(output)?;
//! let lines: Vec<&str> = output.lines().collect();
//! assert_eq!(lines[..2], ["id name mancala-rs 0.1.0", "id author the mancala-rs authors"]);
//! assert_eq!(lines[3..5], ["uciok", "readyok"]);
//! assert_eq!(lines[5], "info string position 0-6-2-7-6-6-5-4-4-4-4-0-0-0-N");
//! // After `C` North is to move, and the second `C` is South's house:
//! // neither move is played.
//! assert_eq!(
//!     lines[6],
//!     "info string error move `C` (2 of 2): the house is South's, and North is to move"
//! );
//! assert_eq!(lines[7], lines[5]);
//! assert!(lines[8].starts_with("info depth 1 score cp "));
//! assert!(lines[10].starts_with("bestmove "));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod notation;
mod session;

pub use notation::{fen, letter_move, move_letter, parse_fen, play_letters};

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;

use session::{Flow, Uci};

use crate::protocol::read_ahead;

/// The engine's name, as `uci` gives it.
pub const NAME: &str = concat!("mancala-rs ", env!("CARGO_PKG_VERSION"));

/// Its authors, as `uci` gives them.
pub const AUTHOR: &str = "the mancala-rs authors";

/// The transposition table's size by default, in MiB (the `Hash` option).
pub const HASH_MB: usize = 4;

/// The largest `Hash`, in MiB.
pub const MAX_HASH_MB: usize = 1024;

/// How long a `go` without any limit searches, in milliseconds.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;

/// Why a command was refused: answered as one line `info string error
/// MESSAGE`, the message being this error's text; it changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UciError {
    /// The line's first word is no command.
    #[error(
        "unknown command `{0}` (commands: uci, isready, ucinewgame, setoption, debug, position, \
         go, stop, ponderhit, d, quit)"
    )]
    UnknownCommand(String),
    /// A command that takes no arguments was given some.
    #[error("{command} takes no arguments, not `{extra}`")]
    Extra {
        /// The command.
        command: &'static str,
        /// The first word too many.
        extra: String,
    },
    /// `debug` without `on` or `off`.
    #[error("debug takes `on` or `off`, not `{0}`")]
    Debug(String),
    /// A malformed `setoption`, or a bad value of a known option.
    #[error("{0}")]
    Option(String),
    /// A bad position or move list.
    #[error("{0}")]
    Position(String),
    /// A bad `go`.
    #[error("{0}")]
    Go(String),
}

/// Runs the protocol: a thread reads `input` ahead, so that `stop`,
/// `ponderhit` or `quit` ends the `go` running before it; the other lines
/// wait their turn. Answers go to `output`, flushed after each command,
/// until `quit` or the end of the input.
///
/// # Errors
///
/// Only if reading `input` or writing `output` fails.
pub fn serve(input: impl BufRead + Send + 'static, mut output: impl Write) -> io::Result<()> {
    let mut uci = Uci::default();
    let receive = read_ahead(
        input,
        Arc::clone(&uci.stops),
        &["stop", "ponderhit", "quit"],
    );
    for (number, line) in (1u64..).zip(receive) {
        let flow = match line? {
            Ok(text) => uci.line(number, &text, &mut output)?,
            Err(e) => {
                writeln!(output, "info string error {e}")?;
                output.flush()?;
                Flow::Continue
            }
        };
        if matches!(flow, Flow::Quit) {
            break;
        }
    }
    output.flush()
}

/// Speak the Oware dialect of UCI (Aalina's, as the Aualé GUI drives it) on
/// stdin and stdout.
///
/// Commands, one a line: uci, isready, ucinewgame, setoption, debug,
/// position (startpos or fen, then moves as letters A-F and a-f), go (depth,
/// nodes, movetime, wtime and btime, infinite), stop, quit. Refused
/// commands are answered `info string error MESSAGE` and change nothing.
#[derive(Clone, Debug, Parser)]
#[command(name = "mancala uci")]
pub struct UciArgs {}

/// The program: runs [`serve`] on stdin and stdout and returns the exit
/// status: 0 after `quit` or the end of the input (or when the reader of
/// stdout has gone), 1 if reading or writing failed otherwise.
pub fn main_with(_args: &UciArgs) -> ExitCode {
    crate::protocol::session_status(serve(io::BufReader::new(io::stdin()), io::stdout().lock()))
}

#[cfg(test)]
mod tests;
