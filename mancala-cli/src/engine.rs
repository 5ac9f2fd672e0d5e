//! A line protocol for driving the search from other programs (GUIs,
//! tournament servers, other engines): `mancala engine`.
//!
//! ```text
//! mancala engine
//! ```
//!
//! [`run`] reads one command a line from any [`BufRead`] and answers on any
//! [`Write`], flushing after every answer; [`serve`] does the same with a
//! thread reading ahead, so that `stop` can end a running search, and
//! [`main_with`] runs it on stdin and stdout. Words are separated by any
//! whitespace; a blank line is ignored (no answer). Every command but
//! `stop` and `quit` gets an answer, and nothing the input says can stop
//! the engine but `quit` or the end of the input.
//!
//! # Commands
//!
//! | command | answer |
//! | --- | --- |
//! | `new GAME [KEY=VALUE...]` | `ok`: a new game at its start |
//! | `position NOTATION` | `ok`: the game now stands at `NOTATION` |
//! | `play MOVE...` | `ok`: the moves are played in turn |
//! | `legal` | `legal M1 M2 ...`, or one `legal P0 C1 C2 ...` line per acting player in a simultaneous turn |
//! | `show` | `position NOTATION`, then `status ...` |
//! | `go LIMIT VALUE [LIMIT VALUE...]` | `info depth D score S nodes N` lines, then `bestmove MOVE`; in a simultaneous turn one `bestmove P0 CHOICE` line per acting player |
//! | `stop` | none: ends the running `go`, which answers with the best move found so far |
//! | `tablebase DIR` | `ok`: Kalah positions held by a table or an opening book in `DIR` are answered from it |
//! | `quit` | none: the engine exits (so does it at the end of the input) |
//!
//! Anything refused, for any reason, is answered by one line `error
//! MESSAGE` ([`EngineError`]) and **changes nothing**: the game (or the lack
//! of one) is exactly as before the command.
//!
//! - **`new GAME [KEY=VALUE...]`**. `GAME` is any game of the registry,
//!   [`mancala_engine::GAMES`] (`mancala games` lists them); each
//!   `KEY=VALUE` is one of that game's rule options
//!   ([`GameInfo::keys`](mancala_engine::GameInfo::keys)),
//!   written as `play --option KEY=VALUE` takes it
//!   ([`parse_option`](crate::game_arg::parse_option): the value one word
//!   as the position's options text writes it, so
//!   `operators=x,x,x,x,x,x,x`).
//!   For example `new kalah houses=6 seeds=4 empty_capture=true`, `new
//!   robertson layout=triangle`, `new mankka variant=one`. The game is
//!   built by the registry
//!   ([`AnyGame::new`](mancala_engine::AnyGame::new)) from these options
//!   as text. What the engine kept of its searches so far is forgotten
//!   ([`Memory::forget`]).
//! - **`position NOTATION`**: the rest of the line is a position in the
//!   game's one-line text notation, the form `show` writes (oware and
//!   Kalah: [`mancala_core::mancala_text`]; the others: the `Notation`
//!   section of each game crate's docs). The notation carries the rules
//!   (`rules=kalah`, `holes=5`, ...): they must be the game's, as `new` set
//!   them, or the position is refused. So `new kalah` then `position
//!   4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah` is Kalah's start, while the
//!   same line without `rules=kalah` is oware's and refused.
//! - **`play MOVE...`**: one or more moves, each one word, read as the
//!   `play` program reads a typed move (`3`, `h3`, `pass`; Mankka's opening
//!   `1+1+1+1+1+1`). A turn of Numa is one word: Arabic's choice, `/`, then
//!   Roman's (`pentagon-red+square-blue/square-yellow+circle-green`, or
//!   short as `p-r+s-b/s-y+c-g`), the form of [`numa::JointMove`]. The moves
//!   are played **all or none**: if one cannot be read or is refused, none
//!   of the line's moves is played, and the error names the first bad one
//!   and its place on the line: ``error move `9` (2 of 3) refused, nothing
//!   played: REASON``.
//! - **`legal`**: the legal moves of the player to move, in the game's
//!   canonical move notation (each accepted by `play`): `legal 0 1 2 3 4
//!   5`. In a simultaneous turn (Numa), one line per acting player in
//!   player order, `legal P0 C1 C2 ...` then `legal P1 ...`. Once the game
//!   is over, `legal` alone.
//! - **`show`**: two lines, `position NOTATION` (the game's notation, which
//!   `position` reads back) and `status` with one of `to_move P0` (the
//!   player to move, `P0` to `P5`), `to_move P0 P1` (every player who
//!   chooses in a simultaneous turn), `winner P1` or `draw`.
//! - **`go`**: a search from the current position, limited by at least one
//!   of `nodes N` (positions made, 1 or more), `ms T` (milliseconds, 1 to
//!   4294967295) and `depth D` (plies, 1 to [`MAX_DEPTH`]), each at most
//!   once, in any order (`go nodes 500`, `go ms 100 depth 8`). The search
//!   stops at the first limit reached, or once an iteration has seen the
//!   whole game tree; without a `depth` it goes at most 64 plies deep.
//!   (`go depth D` alone sets no node or time limit: a deep search of a big
//!   game takes long, and the engine reads nothing more until it answers.)
//!   The search is [`AlphaBeta`](mancala_engine::agents::AlphaBeta)
//!   (iterative deepening; for more than two players, paranoid), or in
//!   Kalah (any board, either capture rule) the Kalah solver's MTD(f)
//!   deepened ply by ply
//!   ([`search_within`](mancala_engine::kalah_solve::KalahSolver::search_within)),
//!   which scores the horizon alike and searches several plies deeper.
//!   Kalah's search keeps its transposition table from one `go` to the
//!   next of the same game ([`Memory`]), so a
//!   move's search starts from what the last one learnt.
//!   It answers one `info depth D score S nodes N` line per completed
//!   iteration, then `bestmove MOVE`. `S` is the value of the
//!   iteration's best move for the player to move: his score minus the
//!   best of the others' where the search stopped looking
//!   ([`score_margin`](mancala_engine::agents::score_margin)), with
//!   [`WIN_BONUS`](mancala_engine::agents::WIN_BONUS)
//!   (1000000) added for a game he wins and taken away for one he loses
//!   (Kalah's search: the margin alone); `N` counts the positions made
//!   from the start of the search to the end of that iteration. If no iteration completed (one legal move, or a budget
//!   spent within the first iteration) the one line is `info depth 0 score
//!   S nodes N`, `S` the margin of the current position itself and `N` the
//!   positions made. `bestmove` is the deepest completed iteration's best
//!   move, or a move the unfinished next iteration proved better. The same
//!   command in the same position always answers the same when the limits
//!   are `nodes` and `depth` and the searches since `new` were the same
//!   (in Kalah they are kept); `ms` depends on the machine.
//!
//!   In Numa's simultaneous turns `go` plays each acting player's part of
//!   the turn's matrix game by regret matching
//!   ([`RegretMatching`](mancala_engine::agents::RegretMatching),
//!   [`NUMA_ROUNDS`](mancala_engine::NUMA_ROUNDS) rounds), seeded by the
//!   position: it answers only `bestmove P0 CHOICE` then `bestmove P1
//!   CHOICE`, the same in the same position every time. The limits are
//!   read and checked but do not change the answer. `bestmove P0 A` and
//!   `bestmove P1 R` make the turn `play A/R`.
//!
//!   The move is the game's computer player's
//!   ([`AnyGame::think`](mancala_engine::AnyGame::think)), the same that
//!   `mancala play`, the tournament's `search` agent, the Python package
//!   and the web page ask.
//! - **`stop`**: ends the `go` running when it is read (under [`serve`],
//!   as the program runs; [`run`] reads nothing while it searches, so there
//!   a `stop` finds no search). The `go` answers as when a limit is
//!   reached: its completed iterations, then `bestmove`. A `stop` with no
//!   search running does nothing; lines read during a search other than
//!   `stop` and `quit` wait for its answer.
//! - **`tablebase DIR`**: the folder of Kalah endgame databases and
//!   opening books (as the `tablebase` example builds them; the program's
//!   `--tablebase DIR` says the same). From then on, a `go` in a Kalah
//!   position that the opening book of its rules or the table of its board
//!   and capture rule holds answers at once: `info depth 0 score S nodes 0
//!   book` (or `tablebase`), `S` the mover's final margin under perfect
//!   play, then `bestmove` a move that keeps it. In other positions the
//!   search takes the table's values for the positions it holds. The tables
//!   are opened at once, not read: a probe reads the bytes it needs, and
//!   a thread reads each table's file through in the background so that
//!   the operating system's page cache soon answers every probe
//!   ([`Shelf::warm`](mancala_engine::tablebase::Shelf::warm); values
//!   whose checksum is not the file header's are found then, and refused
//!   as a damaged table). A book is read the first time a game needs it.
//! - **`quit`**: exits with status 0, as the end of the input does; a
//!   search running when it is read is stopped first (and answers).
//!
//! A command that takes no arguments refuses any (``error legal takes no
//! arguments, not `x` ``); `go` on a finished game answers `error game
//! over`; every command but `new` and `quit` needs a game first (``error no
//! game yet: start one with `new GAME` ``). A line that is not UTF-8, or
//! longer than [`MAX_LINE`] bytes, is refused whole. An error line quotes
//! at most 200 characters of each piece of input, with its size (``error
//! unknown command `qqq…` (900000 bytes)` ``), and escapes control
//! characters (`\u{0}`): [`tidy`].
//!
//! # Example
//!
//! An exchange, each command with its answer lines, run through [`run`]:
//!
//! ```
//! use mancala_cli::engine::run;
//!
//! let exchange: &[(&str, &[&str])] = &[
//!     ("new kalah", &["ok"]),
//!     ("legal", &["legal 0 1 2 3 4 5"]),
//!     // Hole 2's last seed falls in South's store: South moves again.
//!     ("play 2", &["ok"]),
//!     ("show", &["position 4,4,0,5,5,5/4,4,4,4,4,4 1,0 0 rules=kalah", "status to_move P0"]),
//!     // After hole 1 North is to move, and hole 2 is not his: neither move
//!     // is played.
//!     ("play 1 2", &[
//!         "error move `2` (2 of 2) refused, nothing played: hole 2 belongs to player 0, \
//!          not to player 1",
//!     ]),
//!     ("go depth 2", &[
//!         "info depth 1 score 2 nodes 9",
//!         "info depth 2 score 1 nodes 29",
//!         "bestmove 5",
//!     ]),
//!     ("play 5", &["ok"]),
//!     ("show", &["position 4,4,0,5,5,0/5,5,5,5,4,4 2,0 1 rules=kalah", "status to_move P1"]),
//!     ("undo", &["error unknown command `undo` (commands: new, position, play, legal, show, go, stop, tablebase, quit)"]),
//!     ("quit", &[]),
//!     // Nothing is read after `quit`.
//!     ("show", &[]),
//! ];
//! let input: String = exchange.iter().map(|(command, _)| format!("{command}\n")).collect();
//! let expected: String = exchange
//!     .iter()
//!     .flat_map(|(_, answers)| answers.iter())
//!     .map(|line| format!("{line}\n"))
//!     .collect();
//! let mut output = Vec::new();
//! run(input.as_bytes(), &mut output)?;
//! assert_eq!(String::from_utf8(output)?, expected);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod session;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::Arc;

use clap::Parser;

use crate::game_arg::OptionArgError;
use crate::protocol::{Line, LineError, Stops, open_tablebases, read_ahead, read_line, tidy};
use mancala_engine::tablebase::Shelf;
use mancala_engine::{AnyGame, Memory};

pub use crate::protocol::{MAX_DEPTH, MAX_LINE};

/// The commands, as error messages list them.
const COMMANDS: &str = "new, position, play, legal, show, go, stop, tablebase, quit";

/// Why a command was refused: each is answered as one line `error
/// MESSAGE`, the message being this error's text, and changes nothing.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The line's first word is no command.
    #[error("unknown command `{0}` (commands: {COMMANDS})")]
    UnknownCommand(String),
    /// A command lacks its argument.
    #[error("{command} needs {what}")]
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs.
        what: &'static str,
    },
    /// A command that takes no arguments was given some.
    #[error("{command} takes no arguments, not `{extra}`")]
    Extra {
        /// The command.
        command: &'static str,
        /// The first word too many.
        extra: String,
    },
    /// A command other than `new` or `quit` before any game.
    #[error("no game yet: start one with `new GAME`")]
    NoGame,
    /// `new` names no game of the registry ([`mancala_engine::GAMES`]).
    #[error("unknown game `{0}` (games: {games})", games = game_names())]
    UnknownGame(String),
    /// A `KEY=VALUE` word of `new` is malformed.
    #[error("bad option: {}", option_arg(.0))]
    OptionArg(#[from] OptionArgError),
    /// The game refused `new`'s options (an unknown key, a bad value).
    #[error("bad option: {0}")]
    Options(String),
    /// `position`'s text is not a position of the game.
    #[error("bad position: {0}")]
    Notation(String),
    /// `position`'s text is a position under other rules than the game's.
    #[error(
        "the position's rules are not the game's ({position} against {game}): start a game \
         with those rules with `new`"
    )]
    RulesDiffer {
        /// The position's rules, as words (`the defaults` if none).
        position: String,
        /// The game's.
        game: String,
    },
    /// A move of `play` cannot be read or is refused; none of the line's
    /// moves was played.
    #[error("move `{text}` ({index} of {count}) refused, nothing played: {reason}")]
    BadMove {
        /// The move as written.
        text: String,
        /// Its place on the line, from 1.
        index: usize,
        /// How many moves the line has.
        count: usize,
        /// Why, in the game's words.
        reason: String,
    },
    /// `tablebase`'s folder, or a table in it, cannot be read.
    #[error("tablebase: {0}")]
    Tablebase(String),
    /// A bad `go` limit.
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// `go` on a finished game.
    #[error("game over")]
    GameOver,
    /// `go` where the player to move has no move, or in a simultaneous
    /// turn of a game without a search for one.
    #[error("no move to search")]
    NoMove,
    /// A line that is not UTF-8.
    #[error("the line is not UTF-8")]
    NotUtf8,
    /// A line longer than [`MAX_LINE`].
    #[error("the line is longer than {MAX_LINE} bytes")]
    TooLong,
}

/// Every game's name, comma-separated.
fn game_names() -> String {
    let names: Vec<&str> = mancala_engine::GAMES.iter().map(|g| g.name).collect();
    names.join(", ")
}

/// An [`OptionArgError`] in the protocol's words (`play` speaks of its
/// `--option` argument).
fn option_arg(e: &OptionArgError) -> String {
    match e {
        OptionArgError::NoValue(word) => format!("an option is KEY=VALUE, not `{word}`"),
        OptionArgError::NoKey(word) => format!("`{word}` has no key before `=`"),
        OptionArgError::Twice(key) => format!("`{key}` is given twice"),
        OptionArgError::Spaced(word) => format!("`{word}`: a value is one word"),
    }
}

/// Why `go`'s limits were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LimitError {
    /// `go` with no limit at all.
    #[error("go needs a limit: nodes N, ms T or depth D")]
    NoLimit,
    /// A word that names no limit.
    #[error("unknown limit `{0}` (limits: nodes, ms, depth)")]
    Unknown(String),
    /// A limit given twice.
    #[error("limit {0} is given twice")]
    Twice(&'static str),
    /// A limit without its value, or with a value out of range.
    #[error("{limit} takes a number from 1 to {max}, not {given}")]
    Value {
        /// The limit.
        limit: &'static str,
        /// Its largest value.
        max: u64,
        /// What was given (`nothing` if nothing).
        given: String,
    },
}

/// Reads `go`'s arguments, `LIMIT VALUE` pairs (at least one), as the
/// search's [`Limits`](mancala_engine::Limits).
fn go_limits(words: &[&str]) -> Result<mancala_engine::Limits, LimitError> {
    if words.is_empty() {
        return Err(LimitError::NoLimit);
    }
    let (mut nodes, mut ms, mut depth) = (None, None, None::<u32>);
    let mut words = words.iter();
    while let Some(&name) = words.next() {
        let value = words.next().copied();
        match name {
            "nodes" => set(&mut nodes, "nodes", value, u64::MAX)?,
            "ms" => set(&mut ms, "ms", value, u32::MAX)?,
            "depth" => set(&mut depth, "depth", value, MAX_DEPTH)?,
            other => return Err(LimitError::Unknown(other.to_string())),
        }
    }
    let mut limits = mancala_engine::Limits::none();
    limits.nodes = nodes;
    limits.depth = depth;
    limits.time = ms.map(|ms| std::time::Duration::from_millis(ms.into()));
    Ok(limits)
}

/// Reads one limit's value into `slot`: a number from 1 to `max`.
fn set<T>(
    slot: &mut Option<T>,
    limit: &'static str,
    value: Option<&str>,
    max: T,
) -> Result<(), LimitError>
where
    T: FromStr + PartialOrd + From<u8> + Into<u64> + Copy,
{
    if slot.is_some() {
        return Err(LimitError::Twice(limit));
    }
    let refused = || LimitError::Value {
        limit,
        max: max.into(),
        given: value.map_or_else(|| "nothing".to_string(), |v| format!("`{v}`")),
    };
    let n = value
        .and_then(|v| v.parse::<T>().ok())
        .filter(|n| *n >= T::from(1) && *n <= max)
        .ok_or_else(refused)?;
    *slot = Some(n);
    Ok(())
}

/// What a command asks of the loop.
enum Flow {
    /// Answer these lines and read on.
    Answer(Vec<String>),
    /// Stop.
    Quit,
}

/// The engine's state: the game, once `new` made one.
#[derive(Default)]
struct Engine {
    game: Option<AnyGame>,
    /// The tablebases `go` answers from, and the search it keeps between
    /// moves.
    memory: Memory,
    /// The stop flag of the next `go`, raised by a `stop` read while it
    /// runs ([`serve`]).
    stops: Arc<Stops>,
}

impl Engine {
    /// Carries out one non-blank line.
    fn command(&mut self, line: u64, words: &[&str]) -> Result<Flow, EngineError> {
        let Some((&command, args)) = words.split_first() else {
            return Ok(Flow::Answer(Vec::new()));
        };
        let no_args = |command: &'static str| match args.first() {
            Some(extra) => Err(EngineError::Extra {
                command,
                extra: extra.to_string(),
            }),
            None => Ok(()),
        };
        let needs = |command: &'static str, what: &'static str| {
            if args.is_empty() {
                Err(EngineError::Missing { command, what })
            } else {
                Ok(())
            }
        };
        let ok = || Ok(Flow::Answer(vec!["ok".into()]));
        match command {
            "quit" => {
                no_args("quit")?;
                Ok(Flow::Quit)
            }
            "new" => {
                self.game = Some(session::new_game(args)?);
                self.memory.forget();
                ok()
            }
            "position" => {
                let game = self.game.as_mut().ok_or(EngineError::NoGame)?;
                needs(
                    "position",
                    "a position in the game's notation (as `show` writes it)",
                )?;
                session::position(game, &args.join(" "))?;
                ok()
            }
            "play" => {
                let game = self.game.as_mut().ok_or(EngineError::NoGame)?;
                needs("play", "one or more moves")?;
                session::play(game, args)?;
                ok()
            }
            "legal" => {
                no_args("legal")?;
                let game = self.game.as_ref().ok_or(EngineError::NoGame)?;
                Ok(Flow::Answer(session::legal(game)))
            }
            "show" => {
                no_args("show")?;
                let game = self.game.as_ref().ok_or(EngineError::NoGame)?;
                Ok(Flow::Answer(session::show(game)))
            }
            "go" => {
                let limits = go_limits(args)?;
                let game = self.game.as_ref().ok_or(EngineError::NoGame)?;
                let stop = self.stops.start(line);
                Ok(Flow::Answer(session::go(
                    game,
                    limits,
                    stop,
                    &mut self.memory,
                )?))
            }
            "tablebase" => {
                needs("tablebase", "a folder of tablebases")?;
                self.memory.set_shelf(shelf_of(args.join(" ").into())?);
                ok()
            }
            "stop" => {
                // Read by the reader thread as it came ([`serve`]); once
                // here, the search it stopped has answered.
                no_args("stop")?;
                Ok(Flow::Answer(Vec::new()))
            }
            other => Err(EngineError::UnknownCommand(other.to_string())),
        }
    }
}

/// The tables of the folder `dir`.
///
/// # Errors
///
/// [`EngineError::Tablebase`] if `dir` is not a folder.
fn shelf_of(dir: std::path::PathBuf) -> Result<Shelf, EngineError> {
    open_tablebases(dir).map_err(EngineError::Tablebase)
}

/// Runs the protocol: reads commands from `input` until `quit` or its end,
/// writing each command's answer lines to `output` and flushing it after
/// each. Refused commands are answered `error MESSAGE` and change nothing
/// (see [the module docs](self)).
///
/// # Errors
///
/// Only if reading `input` or writing `output` fails; nothing the input
/// says is an error of `run`.
pub fn run(mut input: impl BufRead, output: impl Write) -> io::Result<()> {
    let mut engine = Engine::default();
    let lines = std::iter::from_fn(move || read_line(&mut input).transpose());
    drive(&mut engine, lines, output)
}

/// [`run`] as the program runs it: a thread reads the input ahead of the
/// engine, so that a `stop` (or `quit`) stops the `go` running before it;
/// the other lines wait their turn. The engine's answers are exactly
/// [`run`]'s but for the searches a `stop` cut short.
///
/// # Errors
///
/// As [`run`].
pub fn serve(input: impl BufRead + Send + 'static, output: impl Write) -> io::Result<()> {
    serve_engine(Engine::default(), input, output)
}

/// [`serve`] with the tablebases of `dir` (as if the input began with
/// `tablebase DIR`).
///
/// # Errors
///
/// As [`run`], and if `dir` is not a folder.
pub fn serve_with_tablebases(
    dir: std::path::PathBuf,
    input: impl BufRead + Send + 'static,
    output: impl Write,
) -> io::Result<()> {
    let tables =
        shelf_of(dir).map_err(|e| io::Error::new(io::ErrorKind::NotFound, e.to_string()))?;
    let engine = Engine {
        memory: Memory::with_shelf(tables),
        ..Engine::default()
    };
    serve_engine(engine, input, output)
}

/// [`serve`] of `engine`.
fn serve_engine(
    mut engine: Engine,
    input: impl BufRead + Send + 'static,
    output: impl Write,
) -> io::Result<()> {
    let lines = read_ahead(input, Arc::clone(&engine.stops), &["stop", "quit"]);
    drive(&mut engine, lines.into_iter(), output)
}

/// Answers `lines`, numbered from 1, until `quit` or their end.
fn drive(
    engine: &mut Engine,
    lines: impl Iterator<Item = io::Result<Line>>,
    mut output: impl Write,
) -> io::Result<()> {
    for (number, line) in (1u64..).zip(lines) {
        let answer = line?.map_err(line_error).and_then(|text| {
            let words: Vec<&str> = text.split_whitespace().collect();
            engine.command(number, &words)
        });
        match answer {
            Ok(Flow::Quit) => return Ok(()),
            Ok(Flow::Answer(lines)) => {
                for line in lines {
                    writeln!(output, "{line}")?;
                }
            }
            Err(e) => {
                // One tidy line, whatever the message holds.
                writeln!(output, "error {}", tidy(&e.to_string()))?;
            }
        }
        output.flush()?;
    }
    Ok(())
}

/// A line that cannot be read, in the engine's errors.
fn line_error(e: LineError) -> EngineError {
    match e {
        LineError::NotUtf8 => EngineError::NotUtf8,
        LineError::TooLong => EngineError::TooLong,
    }
}

/// Drive the search of mancala-rs over a line protocol on stdin and stdout.
///
/// Commands, one a line: new GAME [KEY=VALUE...], position NOTATION, play
/// MOVE..., legal, show, go (nodes N | ms T | depth D)..., stop, tablebase
/// DIR, quit.
/// Games: every one of `mancala games`. Every refused command is answered
/// `error MESSAGE` and changes nothing.
#[derive(Clone, Debug, Parser)]
#[command(name = "mancala engine")]
pub struct EngineArgs {
    /// A folder of Kalah tablebases (built by the `tablebase` example):
    /// positions they hold are answered perfectly at once.
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<std::path::PathBuf>,
}

/// The program: takes `--tablebase DIR` (and `--help`), runs [`serve`] on stdin
/// and stdout, and returns the exit status: 0 after `quit` or the end of
/// the input (or when the reader of stdout has gone), 1 if reading or
/// writing failed otherwise.
pub fn main_with(args: &EngineArgs) -> ExitCode {
    let (input, output) = (io::BufReader::new(io::stdin()), io::stdout().lock());
    let served = match &args.tablebase {
        Some(dir) => serve_with_tablebases(dir.clone(), input, output),
        None => serve(input, output),
    };
    crate::protocol::session_status(served)
}

#[cfg(test)]
mod tests;
