//! The client's session: a thread reading the server's lines (answering
//! `ping` and raising the stop flag at once), and the loop answering each
//! `state` with moves from the search or a tablebase.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use mancala_core::{Game, Move};
use mancala_engine::{Limits, Registered, SearchResult, Stop};

use super::message::{Arg, Board, Message, parse_message};
use super::{ClientOptions, KgpError, Summary};
use mancala_engine::tablebase::Shelf;

/// How long after a `state` arrives the first `move` waits at least: the
/// server registers a state only after sending it, and may reject an
/// answer that comes sooner.
pub(super) const FIRST_MOVE_DELAY: Duration = Duration::from_millis(1);

/// How many requests the client remembers the server stopped.
const STOPPED_KEPT: usize = 64;

/// A line from the reader thread: a message and when it arrived, or a line
/// that is none and why.
enum Incoming {
    Message(Message, Instant),
    Malformed(String, String),
}

/// The output, shared by the reader thread (its `pong`s) and the loop.
pub(super) struct Out<W>(Mutex<W>);

impl<W: Write> Out<W> {
    /// Writes one line, CRLF-terminated, and flushes it.
    fn line(&self, text: &str) -> io::Result<()> {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        write!(out, "{text}\r\n")?;
        out.flush()
    }
}

/// What the reader thread and the loop share: the request being
/// answered, its flag, and the requests stopped or superseded.
#[derive(Default)]
struct Requests {
    /// The request being searched and its flag.
    current: Option<(u64, Stop)>,
    /// The last requests the server stopped.
    stopped: VecDeque<u64>,
    /// The id of the last `state` read.
    latest: Option<u64>,
}

type Shared = Arc<Mutex<Requests>>;

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Requests> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the reader does with a message at once, before the loop sees it:
/// answers `ping`, and stops the search a `stop`, a newer `state` or
/// `goodbye` makes pointless.
fn react<W: Write>(message: &Message, out: &Out<W>, shared: &Shared) -> io::Result<()> {
    match message.command.as_str() {
        "ping" => out.line(&match message.id {
            Some(id) => format!("@{id} pong"),
            None => "pong".to_string(),
        })?,
        "stop" => {
            let mut requests = lock(shared);
            if let Some(reference) = message.reference {
                if requests.stopped.len() == STOPPED_KEPT {
                    requests.stopped.pop_front();
                }
                requests.stopped.push_back(reference);
                if let Some((id, stop)) = &requests.current
                    && *id == reference
                {
                    stop.stop();
                }
            }
        }
        "state" | "goodbye" => {
            let mut requests = lock(shared);
            if let Some((_, stop)) = &requests.current {
                stop.stop();
            }
            if message.command == "state" {
                requests.latest = message.id;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Starts the reader thread on `input`; its lines come out of the
/// receiver, which ends with the input (or at a read error, sent last).
fn spawn_reader<R, W>(input: R, out: Arc<Out<W>>, shared: Shared) -> Receiver<io::Result<Incoming>>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let (send, receive) = sync_channel(1024);
    thread::spawn(move || {
        let mut input = input;
        loop {
            let line = match crate::protocol::read_line(&mut input) {
                Ok(None) => return,
                Ok(Some(Ok(text))) => text,
                Ok(Some(Err(e))) => {
                    let item = Incoming::Malformed("(unreadable)".into(), e.to_string());
                    if send.send(Ok(item)).is_err() {
                        return;
                    }
                    continue;
                }
                Err(e) => {
                    let _ = send.send(Err(e));
                    return;
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            let item = match parse_message(&line) {
                Ok(message) => {
                    if let Err(e) = react(&message, &out, &shared) {
                        let _ = send.send(Err(e));
                        return;
                    }
                    Incoming::Message(message, Instant::now())
                }
                Err(e) => Incoming::Malformed(line.trim_end().to_string(), e.to_string()),
            };
            if send.send(Ok(item)).is_err() {
                return;
            }
        }
    });
    receive
}

/// The client's loop.
pub(super) struct Session<'a, W> {
    out: Arc<Out<W>>,
    shared: Shared,
    options: &'a ClientOptions,
    tables: Shelf,
    log: &'a mut dyn Write,
    summary: Summary,
}

impl<'a, W: Write + Send + 'static> Session<'a, W> {
    /// Runs a whole session: greeting, `mode freeplay`, then every request
    /// until `goodbye` or the end of the input.
    pub(super) fn run<R: BufRead + Send + 'static>(
        input: R,
        output: W,
        options: &'a ClientOptions,
        log: &'a mut dyn Write,
    ) -> Result<Summary, KgpError> {
        let tables = match &options.tablebase {
            Some(dir) => crate::protocol::open_tablebases(dir.clone())
                .map_err(|e| KgpError::Tablebase(format!("tablebase: {e}")))?,
            None => Shelf::default(),
        };
        let out = Arc::new(Out(Mutex::new(output)));
        let shared = Shared::default();
        let lines = spawn_reader(input, Arc::clone(&out), Arc::clone(&shared));
        let mut session = Session {
            out,
            shared,
            options,
            tables,
            log,
            summary: Summary::default(),
        };
        session.greet(&lines)?;
        session.serve(&lines)?;
        Ok(session.summary)
    }

    /// Writes a line to the log (a failing log is no reason to stop
    /// playing).
    fn note(&mut self, text: &str) {
        let _ = writeln!(self.log, "kgp: {text}");
    }

    /// The next message, malformed lines logged and skipped; `None` at the
    /// end of the input.
    fn next(
        &mut self,
        lines: &Receiver<io::Result<Incoming>>,
    ) -> io::Result<Option<(Message, Instant)>> {
        loop {
            match lines.recv() {
                Err(_) => return Ok(None),
                Ok(line) => match line? {
                    Incoming::Message(m, at) => return Ok(Some((m, at))),
                    Incoming::Malformed(line, why) => {
                        self.summary.ignored += 1;
                        self.note(&format!("ignored a malformed line ({why}): {line}"));
                    }
                },
            }
        }
    }

    /// Waits for the server's `kgp MAJOR MINOR PATCH`, checks the major
    /// version, and asks for freeplay.
    fn greet(&mut self, lines: &Receiver<io::Result<Incoming>>) -> Result<(), KgpError> {
        loop {
            let (message, _) = self.next(lines)?.ok_or(KgpError::NoGreeting)?;
            if message.command != "kgp" {
                self.summary.ignored += 1;
                self.note(&format!(
                    "ignored `{}` before the greeting",
                    message.command
                ));
                continue;
            }
            let version: Vec<String> = message.args.iter().map(Arg::text).collect();
            if version.first().map(String::as_str) != Some("1") {
                let _ = self.out.line("goodbye");
                return Err(KgpError::Version(version.join(" ")));
            }
            break;
        }
        let options = self.options;
        self.out
            .line(&format!("set info:name {}", super::quote(&options.name)))?;
        self.out.line(&format!(
            "set info:description {}",
            super::quote(super::DESCRIPTION)
        ))?;
        if let Some(token) = &options.token {
            self.out
                .line(&format!("set auth:token {}", super::quote(token)))?;
        }
        self.out.line("mode freeplay")?;
        Ok(())
    }

    /// Answers requests until `goodbye` or the end of the input.
    fn serve(&mut self, lines: &Receiver<io::Result<Incoming>>) -> Result<(), KgpError> {
        while let Some((message, arrived)) = self.next(lines)? {
            match message.command.as_str() {
                "state" => self.state(&message, arrived)?,
                "goodbye" => {
                    self.summary.goodbye = true;
                    return Ok(());
                }
                "error" => {
                    let text: Vec<String> = message.args.iter().map(Arg::text).collect();
                    let about = message
                        .reference
                        .map_or_else(String::new, |r| format!(" (about {r})"));
                    self.note(&format!("the server says error{about}: {}", text.join(" ")));
                }
                // Answered by the reader, or nothing to do.
                "ping" | "stop" | "ok" | "set" | "kgp" => {}
                other => {
                    self.summary.ignored += 1;
                    self.note(&format!("ignored the unknown command `{other}`"));
                }
            }
        }
        Ok(())
    }

    /// Answers one `state`: moves as the search finds them, then `yield`
    /// (none after the server's `stop`).
    fn state(&mut self, message: &Message, arrived: Instant) -> Result<(), KgpError> {
        let (Some(id), [Arg::Board(board)]) = (message.id, message.args.as_slice()) else {
            self.summary.ignored += 1;
            self.note("ignored a `state` without an id and one board");
            return Ok(());
        };
        self.summary.states += 1;
        let Some(stop) = self.begin(id) else {
            self.note(&format!("skipped request {id}: stopped or superseded"));
            return Ok(());
        };
        let stopped_by_server = self.answer(id, board, arrived, &stop);
        lock(&self.shared).current = None;
        if !stopped_by_server? {
            self.out.line(&format!("@{id} yield"))?;
        }
        Ok(())
    }

    /// Registers request `id` as the one searched: its flag, unless the
    /// server stopped it or sent a newer state already.
    fn begin(&mut self, id: u64) -> Option<Stop> {
        let mut requests = lock(&self.shared);
        if requests.stopped.contains(&id) || requests.latest.is_some_and(|l| l != id) {
            return None;
        }
        let stop = Stop::new();
        requests.current = Some((id, stop.clone()));
        Some(stop)
    }

    /// Sends the moves for request `id`; whether the flag was raised
    /// (by the server's `stop`, a newer `state` or `goodbye`).
    fn answer(
        &mut self,
        id: u64,
        board: &Board,
        arrived: Instant,
        stop: &Stop,
    ) -> io::Result<bool> {
        let game = match board.to_game() {
            Ok(game) if game.to_move().is_some() => game,
            Ok(_) => {
                self.note(&format!("request {id}: the game is over, no move"));
                return Ok(stop.is_stopped());
            }
            Err(why) => {
                self.note(&format!("request {id}: not a position ({why})"));
                return Ok(stop.is_stopped());
            }
        };
        let out = Arc::clone(&self.out);
        let mut mover = Mover {
            id,
            out: &out,
            arrived,
            sent: None,
            moves: 0,
        };
        // The game's computer player, the same as every face's (the Kalah
        // solver's search on Kalah boards), the move of each completed
        // depth sent as it comes; a perfect move from the tables at once.
        let Some(player) = game.to_move() else {
            return Ok(stop.is_stopped());
        };
        let limits = Limits::none()
            .with_time(self.options.time.saturating_sub(arrived.elapsed()))
            .with_stop(stop.clone());
        let mut failed = Ok(());
        let mut send = |r: &SearchResult<Move>| {
            if failed.is_ok() {
                failed = mover.send(r.best);
            }
        };
        let found = match game.computer(player, &limits, Some(&mut self.tables), &mut send) {
            Ok(found) => found,
            Err(e) => {
                self.note(&format!("request {id}: {e}; searching without the tables"));
                game.computer(player, &limits, None, &mut send)
                    .ok()
                    .flatten()
            }
        };
        failed?;
        if let Some(found) = found {
            mover.send(found.best)?;
        }
        self.summary.moves += mover.moves;
        Ok(stop.is_stopped())
    }
}

/// The `move`s of one request.
struct Mover<'o, W> {
    id: u64,
    out: &'o Out<W>,
    arrived: Instant,
    /// The last move sent.
    sent: Option<Move>,
    moves: u64,
}

impl<W: Write> Mover<'_, W> {
    /// Sends `@ID move K` unless `mv` was the last move sent; the first
    /// waits until [`FIRST_MOVE_DELAY`] after the state arrived.
    fn send(&mut self, mv: Move) -> io::Result<()> {
        if self.sent == Some(mv) {
            return Ok(());
        }
        let Some(pit) = mv.pit() else {
            return Ok(());
        };
        if self.sent.is_none()
            && let Some(wait) = FIRST_MOVE_DELAY.checked_sub(self.arrived.elapsed())
        {
            thread::sleep(wait);
        }
        self.out
            .line(&format!("@{} move {}", self.id, pit.index() + 1))?;
        self.sent = Some(mv);
        self.moves += 1;
        Ok(())
    }
}
