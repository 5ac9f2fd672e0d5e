//! A client of the Kalah Game Protocol (KGP, the protocol of university
//! Kalah tournaments) over TCP: `mancala kgp`.
//!
//! ```text
//! mancala kgp [--host H] [--port 2671] [--name NAME] [--token T] [--ms 100] [--tablebase DIR]
//! ```
//!
//! The program connects to a KGP server (by default `localhost:2671`),
//! asks it for games (freeplay) and plays them with the engine's search
//! until the server says `goodbye` or closes the connection. What goes
//! wrong is said on standard error; the exit status is 0 after a `goodbye`
//! or the end of the connection, 1 if the connection fails or the server
//! speaks another major version of KGP. [`play`] is the session itself, on
//! any reader and writer.
//!
//! # The session
//!
//! A line is `[id][@ref] command args...`; arguments are words, numbers,
//! `"strings"` with backslash escapes, or board literals
//! `<n,S,N,s1..sn,n1..nn>` ([`Board`]). Lines end with CRLF both ways.
//!
//! | from the server | the client answers |
//! | --- | --- |
//! | `kgp 1 M P` (first) | `set info:name "NAME"`, `set info:description "..."`, `set auth:token "T"` (with `--token`), `mode freeplay`; another major version than 1: `goodbye`, and the program stops |
//! | `N ping` | `@N pong`, at once (even during a search) |
//! | `N state <board>` | `@N move K` (`K` from 1, a house of its own row) after each completed depth of the search where the best move changed, then `@N yield` |
//! | `M@N stop` | nothing: the search for request `N` ends, and neither `move` nor `yield` follows |
//! | `goodbye` | nothing: the session ends |
//! | `error ...` | nothing: the message goes to standard error |
//! | `ok`, `set ...` | nothing |
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
//!   lost.
//! - An extra turn is two `state`s in a row, the end of a game is not
//!   announced and a new game starts with its first `state`: each state is
//!   answered as it comes, whatever came before.
//! - A `state` that arrives while another is searched ends that search
//!   (its request is then answered no further); a `stop` read before its
//!   state was searched skips it.
//! - A line that is not a message (a bad id, an unterminated string, a
//!   malformed board, a `state` without an id or board) is logged on
//!   standard error and ignored, as are unknown commands; nothing the
//!   server sends makes the client panic.

mod client;
mod message;

pub use message::{Arg, Board, Message, ParseError, parse_message, quote};

use std::io::{self, BufRead, Write};
use std::net::{Shutdown, TcpStream};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// The client's `info:description`.
const DESCRIPTION: &str = "mancala-rs: the Kalah solver's MTD(f), deepened within the time";

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
        }
    }
}

/// What a session did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The `state`s received.
    pub states: u64,
    /// The `move`s sent.
    pub moves: u64,
    /// Lines logged and ignored (malformed, unknown, misplaced).
    pub ignored: u64,
    /// Whether the server said `goodbye` (else the connection ended).
    pub goodbye: bool,
}

/// Why a session could not go on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KgpError {
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The connection ended before the server's `kgp` line.
    #[error("the server closed the connection before greeting with `kgp`")]
    NoGreeting,
    /// The server speaks another major version.
    #[error("the server speaks KGP `{0}`; this client speaks major version 1")]
    Version(String),
    /// The tablebase folder cannot be used.
    #[error("{0}")]
    Tablebase(String),
}

/// Plays a KGP session as the client: reads the server's lines from
/// `input` (on a thread of its own, so that `ping` and `stop` are read
/// during a search), writes the client's to `output`, and logs what it
/// ignores or what the server reports as errors to `log`.
///
/// # Errors
///
/// A [`KgpError`] if reading or writing fails, if the input ends before
/// the greeting, if the server's major version is not 1, or if the
/// tablebase folder is not a folder. Malformed lines are no error.
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
    client::Session::run(input, output, options, log)
}

/// Play Kalah against others on a KGP server (the Kalah Game Protocol of
/// university tournaments), as a client over TCP.
#[derive(Clone, Debug, Parser)]
#[command(name = "mancala kgp")]
pub struct KgpArgs {
    /// The server's host name or address.
    #[arg(long, default_value = "localhost")]
    pub host: String,
    /// The server's port.
    #[arg(long, default_value_t = 2671)]
    pub port: u16,
    /// How it plays.
    #[command(flatten)]
    pub client: ClientOptions,
}

/// The program: connects, runs [`play`] on the connection with its
/// messages on standard error, and returns the exit status (see [the
/// module docs](self)).
pub fn main_with(args: &KgpArgs) -> ExitCode {
    let options = &args.client;
    let connected = TcpStream::connect((args.host.as_str(), args.port)).and_then(|stream| {
        stream.set_nodelay(true)?;
        let reader = stream.try_clone()?;
        Ok((stream, reader))
    });
    let (stream, reader) = match connected {
        Ok(pair) => pair,
        Err(e) => {
            eprintln!("error: cannot connect to {}:{}: {e}", args.host, args.port);
            return ExitCode::FAILURE;
        }
    };
    let closer = stream.try_clone();
    let played = play(
        io::BufReader::new(reader),
        stream,
        options,
        &mut io::stderr(),
    );
    if let Ok(stream) = closer {
        let _ = stream.shutdown(Shutdown::Both);
    }
    match played {
        Ok(summary) => {
            eprintln!(
                "kgp: {} states answered with {} moves{}",
                summary.states,
                summary.moves,
                if summary.goodbye {
                    ", goodbye"
                } else {
                    ", the connection ended"
                }
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests;
