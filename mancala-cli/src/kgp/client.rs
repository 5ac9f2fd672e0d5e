//! The client's session: a thread reading the server's lines (answering
//! `ping` and raising the stop flag at once), and the loop answering each
//! `state` with moves from the search or a tablebase, or in verify mode
//! each `problem` with its solution.

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use mancala_core::{Game, Move};
use mancala_engine::{Limits, Memory, Registered, SearchResult, Stop};

use super::message::{Arg, Board, Message, parse_message};
use super::{ClientOptions, End, KgpError, Mode, Summary};
use crate::protocol::excerpt;

/// How long after a `state` arrives the first `move` waits at least: the
/// server registers a state only after sending it, and may reject an
/// answer that comes sooner.
pub(super) const FIRST_MOVE_DELAY: Duration = Duration::from_millis(1);

/// How long after a `state` arrives the final `move` is sent again, if
/// it was last sent sooner (the server drops a `move` it reads before it
/// has registered its `state`: on a loaded host, up to some milliseconds
/// after sending it). An answer found sooner waits for it, within the
/// move's time.
pub(super) const RESEND_AFTER: Duration = Duration::from_millis(50);

/// How long the client waits for the server's verdicts on its last
/// solutions before it says `goodbye` (verify mode).
const VERDICT_WAIT: Duration = Duration::from_secs(10);

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
    /// Whether the end of the input means the server is gone (a
    /// connection): it then stops the search under way, and the states
    /// read before it are no longer answered.
    end_is_gone: bool,
    /// The input has ended (or failed).
    ended: bool,
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
        // At the end of the input, for a connection: no one reads answers
        // any more.
        let gone = || {
            let mut requests = lock(&shared);
            requests.ended = true;
            if let (true, Some((_, stop))) = (requests.end_is_gone, &requests.current) {
                stop.stop();
            }
        };
        loop {
            let line = match crate::protocol::read_line(&mut input) {
                Ok(None) => {
                    gone();
                    return;
                }
                Ok(Some(Ok(text))) => text,
                Ok(Some(Err(e))) => {
                    let item = Incoming::Malformed("(unreadable)".into(), e.to_string());
                    if send.send(Ok(item)).is_err() {
                        return;
                    }
                    continue;
                }
                Err(e) => {
                    gone();
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
    /// The tables read and the search kept between requests.
    memory: Memory,
    log: &'a mut dyn Write,
    summary: Summary,
    /// The request being answered, for the log when the connection fails.
    answering: Option<u64>,
    /// Verify mode: the ids of the solutions sent whose verdict has not
    /// come, and the problem each solves.
    pending: BTreeMap<u64, u64>,
    /// The id of the client's next line that has one (odd: the server's
    /// are even).
    next_id: u64,
}

/// What the loop does after a message.
enum Flow {
    Continue,
    End(End),
}

impl<'a, W: Write + Send + 'static> Session<'a, W> {
    /// Runs a whole session: greeting, `mode freeplay` (or `mode
    /// verify`), then every request until `goodbye`, the end of the input,
    /// or in verify mode the problems asked for answered.
    ///
    /// With `end_is_gone` (a connection), the end of the input stops the
    /// search under way and the states not yet answered are skipped: the
    /// server is gone. Otherwise (lines from memory or a file) every line
    /// read is answered.
    pub(super) fn run<R: BufRead + Send + 'static>(
        input: R,
        output: W,
        options: &'a ClientOptions,
        log: &'a mut dyn Write,
        end_is_gone: bool,
    ) -> Result<Summary, KgpError> {
        let memory = match &options.tablebase {
            Some(dir) => Memory::with_shelf(
                crate::protocol::open_tablebases(dir.clone())
                    .map_err(|e| KgpError::Tablebase(format!("tablebase: {e}")))?,
            ),
            None => Memory::default(),
        };
        let out = Arc::new(Out(Mutex::new(output)));
        let shared = Shared::default();
        lock(&shared).end_is_gone = end_is_gone;
        let lines = spawn_reader(input, Arc::clone(&out), Arc::clone(&shared));
        let mut session = Session {
            out,
            shared,
            options,
            memory,
            log,
            summary: Summary::default(),
            answering: None,
            pending: BTreeMap::new(),
            next_id: 1,
        };
        session.greet(&lines)?;
        session.summary.end = match session.serve(&lines) {
            Ok(end) => end,
            Err(KgpError::Io(e)) => End::Lost(match session.answering {
                Some(id) => format!("{e} (while answering request {id})"),
                None => e.to_string(),
            }),
            Err(e) => return Err(e),
        };
        Ok(session.summary)
    }

    /// Writes a line to the log (a failing log is no reason to stop
    /// playing).
    fn note(&mut self, text: &str) {
        let _ = writeln!(self.log, "kgp: {text}");
    }

    /// The next message, malformed lines logged and skipped; `None` at the
    /// end of the input, or once `deadline` (if any) has passed.
    fn next(
        &mut self,
        lines: &Receiver<io::Result<Incoming>>,
        deadline: Option<Instant>,
    ) -> io::Result<Option<(Message, Instant)>> {
        loop {
            let line = match deadline {
                None => lines.recv().ok(),
                Some(at) => lines
                    .recv_timeout(at.saturating_duration_since(Instant::now()))
                    .ok(),
            };
            let Some(line) = line else {
                return Ok(None);
            };
            match line? {
                Incoming::Message(m, at) => return Ok(Some((m, at))),
                Incoming::Malformed(line, why) => {
                    self.summary.ignored += 1;
                    self.note(&format!(
                        "ignored a malformed line ({why}): {}",
                        excerpt(&line)
                    ));
                }
            }
        }
    }

    /// Waits for the server's `kgp MAJOR MINOR PATCH`, checks the major
    /// version, and asks for the mode.
    fn greet(&mut self, lines: &Receiver<io::Result<Incoming>>) -> Result<(), KgpError> {
        loop {
            let (message, _) = self.next(lines, None)?.ok_or(KgpError::NoGreeting)?;
            if message.command != "kgp" {
                self.summary.ignored += 1;
                self.note(&format!(
                    "ignored `{}` before the greeting",
                    excerpt(&message.command)
                ));
                continue;
            }
            let version: Vec<String> = message.args.iter().map(Arg::text).collect();
            if version.first().map(String::as_str) != Some("1") {
                let _ = self.out.line("goodbye");
                return Err(KgpError::Version(excerpt(&version.join(" "))));
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
        self.out.line(match options.mode {
            Mode::Freeplay => "mode freeplay",
            Mode::Verify => "mode verify",
        })?;
        Ok(())
    }

    /// Answers requests until `goodbye`, the end of the input or, in
    /// verify mode, the problems asked for answered and judged (or
    /// [`VERDICT_WAIT`] passed waiting for the verdicts).
    fn serve(&mut self, lines: &Receiver<io::Result<Incoming>>) -> Result<End, KgpError> {
        let mut deadline = None;
        loop {
            let Some((message, arrived)) = self.next(lines, deadline)? else {
                if deadline.is_some() {
                    self.note(&format!(
                        "no verdict on {} solutions after {} s",
                        self.pending.len(),
                        VERDICT_WAIT.as_secs()
                    ));
                    return self.farewell();
                }
                return Ok(End::Closed);
            };
            let flow = match message.command.as_str() {
                "state" => self.state(&message, arrived)?,
                "problem" => self.problem(&message)?,
                "goodbye" => Flow::End(End::Goodbye),
                "ok" | "error" => self.reply(&message)?,
                // Answered by the reader, or nothing to do.
                "ping" | "stop" | "set" | "kgp" => Flow::Continue,
                other => {
                    self.summary.ignored += 1;
                    let other = excerpt(other);
                    self.note(&format!("ignored the unknown command `{other}`"));
                    Flow::Continue
                }
            };
            if let Flow::End(end) = flow {
                return Ok(end);
            }
            if self.options.mode == Mode::Verify && self.summary.problems >= self.options.problems {
                if self.pending.is_empty() {
                    return self.farewell();
                }
                deadline.get_or_insert_with(|| Instant::now() + VERDICT_WAIT);
            }
        }
    }

    /// Verify mode's end: the problems asked for are answered; the client
    /// says `goodbye`.
    fn farewell(&mut self) -> Result<End, KgpError> {
        self.out.line("goodbye")?;
        Ok(End::Answered)
    }

    /// An `ok` or an `error`: a verdict on a solution, or a message for the
    /// log.
    fn reply(&mut self, message: &Message) -> Result<Flow, KgpError> {
        let text: Vec<String> = message.args.iter().map(Arg::text).collect();
        let text = excerpt(&text.join(" "));
        let solved = message.reference.and_then(|r| self.pending.remove(&r));
        match (message.command.as_str(), solved) {
            ("ok", Some(_)) => self.summary.agreed += 1,
            ("error", Some(problem)) => {
                self.summary.disagreed += 1;
                self.note(&format!(
                    "the server disagrees with the solution of problem {problem}: {text}"
                ));
            }
            ("error", None) => {
                let about = message
                    .reference
                    .map_or_else(String::new, |r| format!(" (about {r})"));
                self.note(&format!("the server says error{about}: {text}"));
                if self.options.mode == Mode::Verify && self.summary.problems == 0 {
                    // The mode itself refused: no problem will come.
                    return Err(KgpError::Mode(text));
                }
            }
            _ => {}
        }
        Ok(Flow::Continue)
    }

    /// Answers a `problem` (verify mode) with its `solution`.
    fn problem(&mut self, message: &Message) -> Result<Flow, KgpError> {
        let (Some(id), [Arg::Board(board), Arg::Word(house)]) =
            (message.id, message.args.as_slice())
        else {
            self.summary.ignored += 1;
            self.note("ignored a `problem` without an id, a board and a house");
            return Ok(Flow::Continue);
        };
        if self.options.mode != Mode::Verify {
            self.summary.ignored += 1;
            self.note(&format!("ignored problem {id}: not in verify mode"));
            return Ok(Flow::Continue);
        }
        self.summary.problems += 1;
        let solved = house
            .parse::<usize>()
            .map_err(|_| format!("`{}` is no house", excerpt(house)))
            .and_then(|house| super::verify::solve(board, house));
        match solved {
            Ok(solution) => {
                let line = self.next_id;
                self.next_id += 2;
                self.answering = Some(id);
                self.out
                    .line(&format!("{line}@{id} solution {}", solution.to_args()))?;
                self.answering = None;
                self.pending.insert(line, id);
            }
            Err(why) => {
                self.summary.unsolved += 1;
                self.note(&format!("problem {id} not answered: {why}"));
            }
        }
        Ok(Flow::Continue)
    }

    /// Answers one `state`: moves as the search finds them, then `yield`
    /// (none after the server's `stop`).
    fn state(&mut self, message: &Message, arrived: Instant) -> Result<Flow, KgpError> {
        let (Some(id), [Arg::Board(board)]) = (message.id, message.args.as_slice()) else {
            self.summary.ignored += 1;
            self.note("ignored a `state` without an id and one board");
            return Ok(Flow::Continue);
        };
        self.summary.states += 1;
        let Some(stop) = self.begin(id) else {
            self.note(&format!(
                "skipped request {id}: stopped, superseded or the connection ended"
            ));
            return Ok(Flow::Continue);
        };
        self.answering = Some(id);
        let stopped_by_server = self.answer(id, board, arrived, &stop);
        lock(&self.shared).current = None;
        if !stopped_by_server? {
            self.out.line(&format!("@{id} yield"))?;
        }
        self.answering = None;
        Ok(Flow::Continue)
    }

    /// Registers request `id` as the one searched: its flag, unless the
    /// server stopped it or sent a newer state already.
    fn begin(&mut self, id: u64) -> Option<Stop> {
        let mut requests = lock(&self.shared);
        if requests.stopped.contains(&id)
            || requests.latest.is_some_and(|l| l != id)
            || (requests.end_is_gone && requests.ended)
        {
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
            sent_at: arrived,
            moves: 0,
            resent: 0,
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
        let found = match game.computer(player, &limits, Some(&mut self.memory), &mut send) {
            Ok(found) => found,
            Err(e) => {
                self.note(&format!("request {id}: {e}; searching without the tables"));
                game.computer(player, &limits, None, &mut send)
                    .ok()
                    .flatten()
            }
        };
        let after = self.options.time.min(RESEND_AFTER);
        let sent = failed
            .and_then(|()| found.map_or(Ok(()), |found| mover.send(found.best)))
            .and_then(|()| mover.confirm(after, stop));
        // Counted even when the connection failed on the way.
        self.summary.moves += mover.moves;
        self.summary.resent += mover.resent;
        sent?;
        Ok(stop.is_stopped())
    }
}

/// The `move`s of one request.
struct Mover<'o, W> {
    id: u64,
    out: &'o Out<W>,
    arrived: Instant,
    /// The last move sent, and when.
    sent: Option<Move>,
    sent_at: Instant,
    moves: u64,
    /// The final moves sent again ([`Mover::confirm`]).
    resent: u64,
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
        self.sent_at = Instant::now();
        self.moves += 1;
        Ok(())
    }

    /// Makes sure the final move is not only in lines the server may have
    /// dropped: if it was last sent less than `after` after the state
    /// arrived, waits until then and sends it again (not after a `stop`,
    /// or a newer `state`, which make it pointless).
    fn confirm(&mut self, after: Duration, stop: &Stop) -> io::Result<()> {
        let Some(pit) = self.sent.and_then(Move::pit) else {
            return Ok(());
        };
        let due = self.arrived + after;
        if self.sent_at >= due || stop.is_stopped() {
            return Ok(());
        }
        thread::sleep(due.saturating_duration_since(Instant::now()));
        if stop.is_stopped() {
            return Ok(());
        }
        self.out
            .line(&format!("@{} move {}", self.id, pit.index() + 1))?;
        self.sent_at = Instant::now();
        self.resent += 1;
        Ok(())
    }
}
