//! The program around the session: connecting, connecting again after a
//! lost connection (waiting longer each time), the log's reports and the
//! exit status.

use std::io::{self, BufReader, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{End, KgpArgs, KgpError, Mode, Summary};

/// The longest wait between two attempts to connect.
const MAX_DELAY: Duration = Duration::from_secs(60);

/// How long one attempt to connect may take (an unreachable host would
/// otherwise hold it for minutes).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The exit statuses and the reconnection, as `mancala kgp --help` ends.
pub(super) const EXIT_HELP: &str = "\
Reconnection: a connection that is refused, or that ends without the
server's goodbye, is tried again up to --reconnect times in a row (10 by
default), waiting --reconnect-delay (1 s) and twice as long at each attempt
(at most 60 s, a little more at random so that many clients do not come
back at once). It is on by default because a tournament client is left
running: a server's restart or a network fault must not end its tournament
(with --token the server knows it again). Each attempt is logged; a session
that gets past the greeting starts the count again. --reconnect 0 turns it
off.

Exit status:
  0  the server said goodbye; in verify mode, the problems asked for were
     answered and the server agreed with every solution
  1  the client could not start (the tablebase folder)
  2  bad arguments
  3  no connection: every attempt was refused or failed before the
     server's greeting
  4  the server was lost: the connection ended without goodbye and every
     attempt to connect again failed (or --reconnect 0)
  5  the server speaks another major version of KGP, or refused verify mode
  6  verify mode: the server disagreed with a solution, or a problem could
     not be answered";

/// How the program ended: its exit status, `mancala kgp --help` lists
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ExitStatus {
    /// 0: the server said `goodbye`; in verify mode, the problems were
    /// answered and every solution agreed.
    Ended,
    /// 1: the client could not start (the tablebase folder).
    Failed,
    /// 3: every attempt to connect was refused or failed before the
    /// greeting.
    NoConnection,
    /// 4: the connection ended without `goodbye`, and every attempt to
    /// connect again failed.
    Lost,
    /// 5: another major version of KGP, or verify mode refused.
    Protocol,
    /// 6: verify mode: a solution refused or a problem not answered.
    Disagreed,
}

impl ExitStatus {
    /// The status's number.
    pub fn code(self) -> u8 {
        match self {
            ExitStatus::Ended => 0,
            ExitStatus::Failed => 1,
            ExitStatus::NoConnection => 3,
            ExitStatus::Lost => 4,
            ExitStatus::Protocol => 5,
            ExitStatus::Disagreed => 6,
        }
    }
}

/// The program: [`run`] with its messages on standard error.
pub fn main_with(args: &KgpArgs) -> ExitCode {
    ExitCode::from(run(args, &mut io::stderr()).code())
}

/// Connects to the server and plays sessions ([`play`](super::play)) until one ends
/// for good, connecting again after a lost connection as `args` allow;
/// every attempt, every session's figures and the totals go to `log`.
pub fn run(args: &KgpArgs, log: &mut dyn Write) -> ExitStatus {
    let address = format!("{}:{}", args.host, args.port);
    // A bad tablebase folder is said at once, not after the connection.
    if let Some(dir) = &args.client.tablebase
        && let Err(e) = crate::protocol::open_tablebases(dir.clone())
    {
        note(log, &format!("tablebase: {e}"));
        return ExitStatus::Failed;
    }
    let mut total = Summary::default();
    let (mut failures, mut sessions) = (0u32, 0u32);
    loop {
        match attempt(args, &total, log) {
            Err(e @ (KgpError::Version(_) | KgpError::Mode(_))) => {
                note(log, &format!("{address}: {e}"));
                return ExitStatus::Protocol;
            }
            Err(e @ KgpError::Tablebase(_)) => {
                note(log, &e.to_string());
                return ExitStatus::Failed;
            }
            Err(e) => note(log, &format!("cannot play on {address}: {e}")),
            Ok(summary) => {
                sessions += 1;
                failures = 0;
                note(log, &report(&summary, args.client.mode));
                total.add(summary);
                match &total.end {
                    End::Goodbye => return finish(&total, sessions, args, log),
                    End::Answered => return finish(&total, sessions, args, log),
                    End::Closed => note(log, &format!("{address} closed the connection")),
                    End::Lost(why) => {
                        note(log, &format!("the connection to {address} failed: {why}"))
                    }
                }
            }
        }
        failures += 1;
        if failures > args.reconnect {
            note(
                log,
                &format!("no connection to {address} after {failures} attempts in a row"),
            );
            finish(&total, sessions, args, log);
            return if sessions == 0 {
                ExitStatus::NoConnection
            } else {
                ExitStatus::Lost
            };
        }
        let wait = backoff(args.reconnect_delay, failures);
        note(
            log,
            &format!(
                "connecting to {address} again in {} (attempt {failures} of {})",
                words(wait),
                args.reconnect
            ),
        );
        thread::sleep(wait);
    }
}

/// One connection and its session; in verify mode, asking only for the
/// problems still to answer.
fn attempt(args: &KgpArgs, done: &Summary, log: &mut dyn Write) -> Result<Summary, KgpError> {
    let stream = connect(&args.host, args.port)?;
    stream.set_nodelay(true)?;
    let reader = stream.try_clone()?;
    let closer = stream.try_clone()?;
    let mut options = args.client.clone();
    options.problems = options.problems.saturating_sub(done.problems).max(1);
    // Over a connection, the input's end means the server is gone: the
    // search under way stops at once.
    let played = super::client::Session::run(BufReader::new(reader), stream, &options, log, true);
    let _ = closer.shutdown(Shutdown::Both);
    played
}

/// A connection to the first address of `host` that answers.
fn connect(host: &str, port: u16) -> io::Result<TcpStream> {
    let mut last = io::Error::new(io::ErrorKind::NotFound, "the host has no address");
    for address in (host, port).to_socket_addrs()? {
        match TcpStream::connect_timeout(&address, CONNECT_TIMEOUT) {
            Ok(stream) => return Ok(stream),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// The wait before attempt `failures` (from 1): `first`, doubled at each
/// attempt, at most [`MAX_DELAY`], and up to a fifth more at random.
fn backoff(first: Duration, failures: u32) -> Duration {
    let doubled = first.saturating_mul(1 << failures.saturating_sub(1).min(16));
    let wait = doubled.min(MAX_DELAY);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |t| t.subsec_nanos());
    wait + wait.mul_f64(f64::from(nanos % 1000) / 5000.0)
}

/// A wait in words: `250 ms`, `1.2 s`.
fn words(wait: Duration) -> String {
    if wait < Duration::from_secs(1) {
        format!("{} ms", wait.as_millis())
    } else {
        format!("{:.1} s", wait.as_secs_f64())
    }
}

/// The end of the program: the totals, and the status of a session that
/// ended for good.
fn finish(total: &Summary, sessions: u32, args: &KgpArgs, log: &mut dyn Write) -> ExitStatus {
    if sessions > 1 {
        note(
            log,
            &format!(
                "{sessions} sessions in all: {}",
                report(total, args.client.mode)
            ),
        );
    }
    if args.client.mode == Mode::Verify && total.disagreed + total.unsolved > 0 {
        ExitStatus::Disagreed
    } else {
        ExitStatus::Ended
    }
}

/// A session's figures in words.
fn report(summary: &Summary, mode: Mode) -> String {
    let figures = match mode {
        Mode::Freeplay => format!(
            "{} states answered with {} moves ({} sent again)",
            summary.states, summary.moves, summary.resent
        ),
        Mode::Verify => format!(
            "{} problems: {} solutions agreed, {} disagreed, {} unanswered",
            summary.problems, summary.agreed, summary.disagreed, summary.unsolved
        ),
    };
    let end = match &summary.end {
        End::Closed => "the connection ended".to_string(),
        End::Goodbye => "goodbye".to_string(),
        End::Answered => "done".to_string(),
        End::Lost(why) => format!("the connection failed ({why})"),
    };
    format!("{figures}, {} lines ignored, {end}", summary.ignored)
}

/// Writes a line to the log.
fn note(log: &mut dyn Write, text: &str) {
    let _ = writeln!(log, "kgp: {text}");
}
