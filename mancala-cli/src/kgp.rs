//! A client of the Kalah Game Protocol (KGP, the protocol of university
//! Kalah tournaments) over TCP: `mancala kgp`.
//!
//! ```text
//! mancala kgp [--host H] [--port 2671] [--name NAME] [--token T] [--ms 100] [--tablebase DIR]
//!             [--mode freeplay|verify] [--problems 100] [--reconnect 10] [--reconnect-delay 1000]
//! ```
//!
//! The program connects to a KGP server (by default `localhost:2671`),
//! asks it for games (freeplay) and plays them with the engine's search
//! until the server says `goodbye`. With `--mode verify` it answers the
//! server's rules problems instead, `--problems` of them, then says
//! `goodbye`. A connection refused, or ended without `goodbye`, is tried
//! again (`--reconnect` times in a row, waiting longer each time: [`run`]),
//! each attempt logged. What goes wrong is said on standard error, input
//! quoted cut and escaped ([`excerpt`](crate::protocol::excerpt)); the
//! exit status ([`ExitStatus`]) tells a normal end (0), a client that
//! could not start (1), bad arguments (2), a server never reached (3), a
//! server lost (4), another protocol (5) and a verify run with a solution
//! refused (6). [`play`] is the session itself, on any reader and writer.
//!
//! # The session
//!
//! A line is `[id][@ref] command args...`; arguments are words, numbers,
//! `"strings"` with backslash escapes, or board literals
//! `<n,S,N,s1..sn,n1..nn>` ([`Board`]). Lines end with CRLF both ways.
//!
//! | from the server | the client answers |
//! | --- | --- |
//! | `kgp 1 M P` (first) | `set info:name "NAME"`, `set info:description "..."`, `set auth:token "T"` (with `--token`), `mode freeplay` (or `mode verify`); another major version than 1: `goodbye`, and the program stops |
//! | `N ping` | `@N pong`, at once (even during a search) |
//! | `N state <board>` | `@N move K` (`K` from 1, a house of its own row) after each completed depth of the search where the best move changed, the final one again if it was first sent within 50 ms of the state, then `@N yield` |
//! | `N problem <board> M` (verify mode) | `ID@N solution <board> true\|false` ([`solve`]): the board after south's house `M` (from 0) is sown by the server's rules ([`server_rules`]), and whether south moves again; `ID` odd |
//! | `ok` or `error` answering a solution | counted: agreed or disagreed (the server's expected board logged) |
//! | `M@N stop` | nothing: the search for request `N` ends, and neither `move` nor `yield` follows |
//! | `goodbye` | nothing: the session ends |
//! | other `error ...` | nothing: the message goes to standard error (in verify mode, before any problem: the mode is refused, the program stops) |
//! | other `ok`, `set ...` | nothing |
//!
//! A `state` is searched by the game's computer player, the one every face
//! of the workspace asks
//! ([`Registered::computer`](mancala_engine::Registered::computer)): on
//! Kalah's boards the Kalah solver's MTD(f), one depth deeper at a time
//! until `--ms` milliseconds after the state arrived or a `stop`, a `move`
//! sent after each completed depth. With `--tablebase DIR`, a position a
//! Kalah tablebase or opening book of `DIR` holds is answered from it at
//! once, and the search reads the table's values (as `mancala engine
//! --tablebase DIR`).
//!
//! # The server's ways, handled
//!
//! - The client is always south: the server mirrors the board for the
//!   player in the north. Each row is in its owner's sowing order, so
//!   south's house `k` is hole `k - 1` of this workspace's board and
//!   north's house `k` hole `n + k - 1`; the rules are
//!   `Rules::kalah().with_houses(n)` ([`Board::to_game`]). (The server
//!   also ends a game when a store holds more than half the seeds; that
//!   store wins either way, so the search's choice is the same.)
//! - `move` and `yield` carry `@ref`, the state's id.
//! - The first `move` is sent at least a millisecond after its `state`
//!   arrived: the server registers a state only once it is sent, and a
//!   faster answer can be rejected ("No state associated with id") or
//!   silently lost. On a loaded host that window lasts milliseconds, so
//!   the final move, if it was last sent within 50 ms of the state's
//!   arrival, is sent again 50 ms after it (waiting for it when the answer
//!   came sooner, within `--ms`), before `yield`: the move the server
//!   keeps is never one only sent inside the window. A search that uses
//!   its time sends the same lines at the same times as before.
//! - An extra turn is two `state`s in a row, the end of a game is not
//!   announced and a new game starts with its first `state`: each state is
//!   answered as it comes, whatever came before.
//! - A `state` that arrives while another is searched ends that search
//!   (its request is then answered no further); a `stop` read before its
//!   state was searched skips it.
//! - A line that is not a message (a bad id, an unterminated string, a
//!   malformed board, a `state` without an id or board, a line over 1 MiB
//!   or not UTF-8) is logged on standard error and ignored, as are unknown
//!   commands; the log quotes at most 200 characters of it with its size,
//!   control bytes escaped. Nothing the server sends makes the client
//!   panic.
//! - When the server goes away nothing is announced: the socket closes
//!   (or a write fails, during a search). The session ends
//!   ([`End::Closed`], [`End::Lost`] with the request being answered) and
//!   the program connects again.

mod client;
mod connect;
mod message;
mod verify;

pub use connect::{ExitStatus, main_with, run};
pub use message::{Arg, Board, Message, ParseError, parse_message, quote};
pub use verify::{Solution, server_rules, solve};

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;

/// The client's `info:description`.
const DESCRIPTION: &str = "mancala-rs: the Kalah solver's MTD(f), deepened within the time";

/// What the client asks the server for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Games against the server's other agents (`mode freeplay`).
    #[default]
    Freeplay,
    /// The server's rules problems, answered with this workspace's rules
    /// (`mode verify`).
    Verify,
}

/// How the client plays (the program's options besides the server's
/// address).
#[derive(Clone, Debug, clap::Args)]
pub struct ClientOptions {
    /// The name the client gives the server (`info:name`).
    #[arg(long, default_value = "mancala-rs")]
    pub name: String,
    /// A token that keeps the client's identity between connections
    /// (`auth:token`).
    #[arg(long)]
    pub token: Option<String>,
    /// Milliseconds of search for each move, from its `state`'s arrival.
    #[arg(long = "ms", value_name = "MS", default_value = "100", value_parser = millis)]
    pub time: Duration,
    /// A folder of Kalah tablebases (built by the `tablebase` example):
    /// positions they hold are answered perfectly at once.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// `freeplay` plays games; `verify` answers the server's rules
    /// problems (a tournament's check of a client's rules).
    #[arg(long, value_enum, default_value_t = Mode::Freeplay)]
    pub mode: Mode,
    /// In verify mode, how many problems to answer before saying
    /// `goodbye` (the server sends them for ever).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub problems: u64,
}

/// A positive number of milliseconds.
fn millis(text: &str) -> Result<Duration, String> {
    match text.parse::<u64>() {
        Ok(ms) if ms > 0 => Ok(Duration::from_millis(ms)),
        _ => Err(format!("`{text}` is not a positive number of milliseconds")),
    }
}

impl Default for ClientOptions {
    fn default() -> ClientOptions {
        ClientOptions {
            name: "mancala-rs".into(),
            token: None,
            time: Duration::from_millis(100),
            tablebase: None,
            mode: Mode::Freeplay,
            problems: 100,
        }
    }
}

/// How a session ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum End {
    /// The connection ended without `goodbye`.
    #[default]
    Closed,
    /// The server said `goodbye`.
    Goodbye,
    /// Verify mode: the problems asked for were answered; the client said
    /// `goodbye`.
    Answered,
    /// Reading from or writing to the server failed: why, and during which
    /// request.
    Lost(String),
}

/// What a session did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The `state`s received.
    pub states: u64,
    /// The `move`s sent, each a new choice (not counting those sent
    /// again).
    pub moves: u64,
    /// The final moves sent again, their first sending having come soon
    /// enough after the `state` for the server to drop it.
    pub resent: u64,
    /// Lines logged and ignored (malformed, unknown, misplaced).
    pub ignored: u64,
    /// Verify mode: the `problem`s received.
    pub problems: u64,
    /// Verify mode: the solutions the server accepted (`ok`).
    pub agreed: u64,
    /// Verify mode: the solutions the server refused (`error`).
    pub disagreed: u64,
    /// Verify mode: the problems left unanswered (a board that is no
    /// position, a house that is no move).
    pub unsolved: u64,
    /// How the session ended.
    pub end: End,
}

impl Summary {
    /// Adds the counts of a later session (the end is the later one's).
    pub fn add(&mut self, later: Summary) {
        self.states += later.states;
        self.moves += later.moves;
        self.resent += later.resent;
        self.ignored += later.ignored;
        self.problems += later.problems;
        self.agreed += later.agreed;
        self.disagreed += later.disagreed;
        self.unsolved += later.unsolved;
        self.end = later.end;
    }
}

/// Why a session could not go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KgpError {
    /// Reading or writing failed before the session began.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The connection ended before the server's `kgp` line.
    #[error("the server closed the connection before greeting with `kgp`")]
    NoGreeting,
    /// The server speaks another major version.
    #[error("the server speaks KGP `{0}`; this client speaks major version 1")]
    Version(String),
    /// The server refused the mode asked for (verify mode on a server
    /// without it): its message.
    #[error("the server refused the mode: {0}")]
    Mode(String),
    /// The tablebase folder cannot be used.
    #[error("{0}")]
    Tablebase(String),
}

/// Plays a KGP session as the client: reads the server's lines from
/// `input` (on a thread of its own, so that `ping` and `stop` are read
/// during a search), writes the client's to `output`, and logs what it
/// ignores or what the server reports as errors to `log`. A connection
/// that fails once the session has begun is no error: the summary says so
/// ([`End::Lost`]).
///
/// # Errors
///
/// A [`KgpError`] if reading or writing fails before the greeting is
/// answered, if the input ends before the greeting, if the server's major
/// version is not 1, if it refuses verify mode, or if the tablebase folder
/// is not a folder. Malformed lines are no error.
pub fn play<R, W>(
    input: R,
    output: W,
    options: &ClientOptions,
    log: &mut dyn Write,
) -> Result<Summary, KgpError>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    client::Session::run(input, output, options, log, false)
}

/// Play Kalah against others on a KGP server (the Kalah Game Protocol of
/// university tournaments), as a client over TCP, or check this client's
/// rules against the server's (`--mode verify`).
#[derive(Clone, Debug, Parser)]
#[command(name = "mancala kgp", after_help = connect::EXIT_HELP)]
pub struct KgpArgs {
    /// The server's host name or address.
    #[arg(long, default_value = "localhost")]
    pub host: String,
    /// The server's port.
    #[arg(long, default_value_t = 2671)]
    pub port: u16,
    /// How many times in a row to try connecting again after the
    /// connection is lost or refused, waiting longer each time (0: never).
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub reconnect: u32,
    /// The first wait before connecting again, in milliseconds (doubled at
    /// each attempt, at most 60 s).
    #[arg(long, value_name = "MS", default_value = "1000", value_parser = millis)]
    pub reconnect_delay: Duration,
    /// How it plays.
    #[command(flatten)]
    pub client: ClientOptions,
}

#[cfg(test)]
mod tests;
