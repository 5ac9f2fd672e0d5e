//! What the line protocols share: the engine protocol
//! ([`engine`](crate::engine)), UCI ([`uci`](crate::uci)) and the KGP
//! client ([`kgp`](crate::kgp)). Public: how a message quotes input
//! ([`excerpt`], [`tidy`]) and the limits ([`MAX_LINE`], [`MAX_DEPTH`]).
//! Within the crate: reading input one bounded line at a time, also on a
//! thread of its own ahead of the session; the stop flags of searches (a
//! `stop` read while a `go` runs stops it); the folder of tablebases a
//! session answers from; the exit status of a protocol program.

use std::io::{self, BufRead, Read};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use mancala_engine::Stop;
use mancala_engine::tablebase::Shelf;

/// The longest line read, in bytes (its newline included): a longer one
/// is answered `error the line is longer than 1048576 bytes`, and skipped
/// to its end.
pub const MAX_LINE: usize = 1 << 20;

/// The most characters of input a message quotes ([`excerpt`]).
pub const QUOTE_CHARS: usize = 200;

/// `text`, a piece of input, as a message quotes it: its control
/// characters escaped (`\u{0}`, `\t`, ...), and cut where it would write
/// more than [`QUOTE_CHARS`] characters, its size said (`abc… (812345
/// bytes)`). What a peer
/// sends thus never floods a log or an answer, nor writes raw control bytes
/// to a terminal.
///
/// # Examples
///
/// ```
/// use mancala_cli::protocol::excerpt;
///
/// assert_eq!(excerpt("move\u{0}\x1b[2J"), "move\\u{0}\\u{1b}[2J");
/// let long = "x".repeat(900_000);
/// assert_eq!(excerpt(&long), format!("{}… (900000 bytes)", "x".repeat(200)));
/// ```
pub fn excerpt(text: &str) -> String {
    let mut quoted = String::new();
    let mut written = 0;
    for c in text.chars() {
        let shown: String = escaped(c).collect();
        written += shown.chars().count();
        if written > QUOTE_CHARS {
            quoted.push_str(&format!("… ({} bytes)", text.len()));
            break;
        }
        quoted.push_str(&shown);
    }
    quoted
}

/// The most characters of a message [`tidy`] writes.
pub const MESSAGE_CHARS: usize = 1000;

/// A message (a refusal of the engine protocol or UCI, a line of the KGP
/// client's log) as one tidy line, whatever input it quotes: line breaks
/// become spaces, other control characters are escaped, each piece in
/// backquotes (the input it quotes) is cut as [`excerpt`] cuts it, and the
/// whole past [`MESSAGE_CHARS`] characters.
///
/// # Examples
///
/// ```
/// use mancala_cli::protocol::tidy;
///
/// let word = "z".repeat(5000);
/// let message = format!("unknown command `{word}` (commands: go, quit)\nnow");
/// let tidied = tidy(&message);
/// assert!(tidied.starts_with(&format!("unknown command `{}… (5000 bytes)`", "z".repeat(200))));
/// assert!(tidied.ends_with("(commands: go, quit) now"));
/// assert_eq!(tidy("bell\u{7}"), "bell\\u{7}");
/// ```
pub fn tidy(message: &str) -> String {
    let flat = message.replace(['\n', '\r'], " ");
    let quoted: Vec<String> = flat
        .split('`')
        .enumerate()
        .map(|(i, piece)| {
            if i % 2 == 1 {
                excerpt(piece)
            } else {
                piece.chars().flat_map(escaped).collect()
            }
        })
        .collect();
    let line = quoted.join("`");
    match line.char_indices().nth(MESSAGE_CHARS) {
        Some((cut, _)) => format!("{}… ({} bytes)", &line[..cut], line.len()),
        None => line,
    }
}

/// A character as a message writes it: a control character escaped.
fn escaped(c: char) -> impl Iterator<Item = char> {
    let escape = c.is_control().then(|| c.escape_default());
    let plain = (!c.is_control()).then_some(c);
    escape.into_iter().flatten().chain(plain)
}

/// The deepest search `go depth D` may ask for (each ply of depth is a
/// level of recursion).
pub const MAX_DEPTH: u32 = 256;

/// Why a line of input cannot be read: each protocol refuses it whole, in
/// these words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum LineError {
    /// A line that is not UTF-8.
    #[error("the line is not UTF-8")]
    NotUtf8,
    /// A line longer than [`MAX_LINE`].
    #[error("the line is longer than {MAX_LINE} bytes")]
    TooLong,
}

/// One line of input: its text, or why it cannot be read.
pub(crate) type Line = Result<String, LineError>;

/// Reads one line of at most [`MAX_LINE`] bytes (a longer one is skipped
/// to its end); `None` at the end of the input.
pub(crate) fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let limit = MAX_LINE as u64;
    if input.take(limit).read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    if bytes.len() == MAX_LINE && bytes.last() != Some(&b'\n') {
        skip_line(input)?;
        return Ok(Some(Err(LineError::TooLong)));
    }
    Ok(Some(
        String::from_utf8(bytes).map_err(|_| LineError::NotUtf8),
    ))
}

/// Reads `input` up to the end of the line (or of the input), keeping
/// nothing.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// Reads `input` ([`read_line`]) on a thread of its own, ahead of the
/// session: the lines come out of the receiver in order, which ends with
/// the input. A line whose first word is one of `stop_words` stops the
/// search running before it as soon as it is read
/// ([`Stops::read_stop`], lines numbered from 1); the other lines wait
/// their turn.
pub(crate) fn read_ahead(
    input: impl BufRead + Send + 'static,
    stops: Arc<Stops>,
    stop_words: &'static [&'static str],
) -> mpsc::Receiver<io::Result<Line>> {
    let (send, receive) = mpsc::sync_channel(1024);
    // Not joined: at `quit` the program ends while the reader still waits
    // for input.
    std::thread::spawn(move || {
        let mut input = input;
        let mut number = 0u64;
        while let Some(line) = read_line(&mut input).transpose() {
            number += 1;
            if let Ok(Ok(text)) = &line
                && text
                    .split_whitespace()
                    .next()
                    .is_some_and(|word| stop_words.contains(&word))
            {
                stops.read_stop(number);
            }
            if send.send(line).is_err() {
                return;
            }
        }
    });
    receive
}

/// What a session's reader thread ([`read_ahead`]) and the session share:
/// the place of the running (or next) `go` in the input, its flag, and the
/// place of the last `stop` (or `quit`, ...) read.
#[derive(Default)]
pub(crate) struct Stops {
    /// The running `go`: its line number and its flag.
    running: Mutex<(u64, Stop)>,
    /// The line number of the last `stop` or `quit` read (0: none).
    last: AtomicU64,
}

impl Stops {
    /// A fresh flag for the `go` of line `line`, already raised if a
    /// `stop` after it has been read.
    pub(crate) fn start(&self, line: u64) -> Stop {
        let stop = Stop::new();
        if let Ok(mut running) = self.running.lock() {
            *running = (line, stop.clone());
        }
        if self.last.load(Ordering::SeqCst) > line {
            stop.stop();
        }
        stop
    }

    /// A `stop` (or `quit`) read at line `line`: stops the `go` before it.
    pub(crate) fn read_stop(&self, line: u64) {
        self.last.fetch_max(line, Ordering::SeqCst);
        if let Ok(running) = self.running.lock()
            && running.0 < line
        {
            running.1.stop();
        }
    }
}

/// The tablebases of the folder `dir`, each opened now and read through
/// on a thread of its own so that the page cache holds it before the
/// searches probe it ([`Shelf::warm`]); opening books are read the first
/// time a game needs them.
///
/// # Errors
///
/// `DIR is not a folder` if `dir` is not a folder; `DIR: REASON` if a
/// table in it cannot be opened.
pub(crate) fn open_tablebases(dir: PathBuf) -> Result<Shelf, String> {
    let mut shelf =
        Shelf::new(dir.clone()).map_err(|_| format!("{} is not a folder", dir.display()))?;
    shelf
        .warm()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(shelf)
}

/// The exit status of a protocol program (`engine`, `uci`) whose session
/// ended as `served`: 0 when it ended, or when the reader of standard
/// output went away; 1, with the error on standard error, when reading or
/// writing failed otherwise.
pub(crate) fn session_status(served: io::Result<()>) -> ExitCode {
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
