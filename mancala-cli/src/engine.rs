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
//!   ([`parse_option`](crate::play::parse_option): the value is JSON or a
//!   bare word, so `operators=["x","x","x","x","x","x","x"]` in one word).
//!   For example `new kalah houses=6 seeds=4 empty_capture=true`, `new
//!   robertson layout=triangle`, `new mankka variant=one`. The game is
//!   built by the registry ([`AnyGame::new`]) from these options as text.
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
//!   The search is [`AlphaBeta`] (iterative deepening; for more than two
//!   players, paranoid). It answers one `info depth D score S nodes N` line
//!   per completed iteration, then `bestmove MOVE`. `S` is the value of the
//!   iteration's best move for the player to move: his score minus the
//!   best of the others' where the search stopped looking
//!   ([`score_margin`]), with [`WIN_BONUS`](mancala_engine::agents::WIN_BONUS)
//!   (1000000) added for a game he wins and taken away for one he loses;
//!   `N` counts the
//!   positions made from the start of the search to the end of that
//!   iteration. If no iteration completed (one legal move, or a budget
//!   spent within the first iteration) the one line is `info depth 0 score
//!   S nodes N`, `S` the margin of the current position itself and `N` the
//!   positions made. `bestmove` is the deepest completed iteration's best
//!   move, or a move the unfinished next iteration proved better. The same
//!   command in the same position always answers the same when the limits
//!   are `nodes` and `depth`; `ms` depends on the machine.
//!
//!   In Numa's simultaneous turns `go` plays each acting player's part of
//!   the turn's matrix game by regret matching ([`RegretMatching`],
//!   [`NUMA_ROUNDS`] rounds, as `play` does), seeded by the position: it
//!   answers only `bestmove P0 CHOICE` then `bestmove P1 CHOICE`, the same
//!   in the same position every time. The limits are read and checked but
//!   do not change the answer. `bestmove P0 A` and `bestmove P1 R` make the
//!   turn `play A/R`.
//! - **`stop`**: ends the `go` running when it is read (under [`serve`],
//!   as the program runs; [`run`] reads nothing while it searches, so there
//!   a `stop` finds no search). The `go` answers as when a limit is
//!   reached: its completed iterations, then `bestmove`. A `stop` with no
//!   search running does nothing; lines read during a search other than
//!   `stop` and `quit` wait for its answer.
//! - **`quit`**: exits with status 0, as the end of the input does; a
//!   search running when it is read is stopped first (and answers).
//!
//! A command that takes no arguments refuses any (``error legal takes no
//! arguments, not `x` ``); `go` on a finished game answers `error game
//! over`; every command but `new` and `quit` needs a game first (``error no
//! game yet: start one with `new GAME` ``). A line that is not UTF-8, or
//! longer than [`MAX_LINE`] bytes, is refused whole.
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
//!         "info depth 1 score 2 nodes 5",
//!         "info depth 2 score 1 nodes 22",
//!         "bestmove 3",
//!     ]),
//!     ("play 3", &["ok"]),
//!     ("show", &["position 4,4,0,0,6,6/5,5,4,4,4,4 2,0 1 rules=kalah", "status to_move P1"]),
//!     ("undo", &["error unknown command `undo` (commands: new, position, play, legal, show, go, stop, quit)"]),
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

use std::fmt::Display;
use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use clap::Parser;
use mancala_core::{Game, Mancala, Player, Status, ToguzKumalak};
use mancala_engine::{AnyGame, GameState, NewGameError, Stop};
use mankka::Mankka;
use numa::Numa;
use numercy::Numercy;
use robertson::Robertson;

use crate::play::table::Table;
use crate::play::{OptionArgError, parse_options};
use mancala_engine::agents::{AlphaBeta, NumaAgent, RegretMatching, SequentialAgent, score_margin};

/// The longest line read, in bytes (its newline included): a longer one
/// is answered `error the line is longer than 1048576 bytes`, and skipped
/// to its end.
pub const MAX_LINE: usize = 1 << 20;

/// The deepest search `go depth D` may ask for (each ply of depth is a
/// level of recursion).
pub const MAX_DEPTH: u32 = 256;

/// Regret-matching rounds behind `go` in Numa's simultaneous turns (the
/// `play` program's number).
pub const NUMA_ROUNDS: u32 = 200;

/// The commands, as error messages list them.
const COMMANDS: &str = "new, position, play, legal, show, go, stop, quit";

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

/// The limits of one `go`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Limits {
    nodes: Option<u64>,
    ms: Option<u32>,
    depth: Option<u32>,
}

impl Limits {
    /// Reads `go`'s arguments: `LIMIT VALUE` pairs, at least one.
    fn parse(words: &[&str]) -> Result<Limits, LimitError> {
        if words.is_empty() {
            return Err(LimitError::NoLimit);
        }
        let mut limits = Limits::default();
        let mut words = words.iter();
        while let Some(&name) = words.next() {
            let value = words.next().copied();
            match name {
                "nodes" => set(&mut limits.nodes, "nodes", value, u64::MAX)?,
                "ms" => set(&mut limits.ms, "ms", value, u32::MAX)?,
                "depth" => set(&mut limits.depth, "depth", value, MAX_DEPTH)?,
                other => return Err(LimitError::Unknown(other.to_string())),
            }
        }
        Ok(limits)
    }
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

/// What the engine needs from a game beyond [`Table`] (how `play` reads a
/// typed move): its notation, and its rules to compare.
trait EngineGame: Table + FromStr<Err: Display> + Display + 'static {
    /// The game's rules.
    type Rules: PartialEq + Display;

    /// The rules this game is played under.
    fn rules(&self) -> Self::Rules;

    /// `player`'s choice in a simultaneous turn, if the engine has a
    /// search for the game's simultaneous turns.
    fn simultaneous_choice(&self, player: Player) -> Option<Self::Action> {
        let _ = player;
        None
    }
}

impl EngineGame for Mancala {
    type Rules = mancala_core::Rules;
    fn rules(&self) -> mancala_core::Rules {
        *Mancala::rules(self)
    }
}

/// Toguz Kumalak has no options: every position is under the same rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct NoOptions;

impl Display for NoOptions {
    fn fmt(&self, _f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Ok(())
    }
}

impl EngineGame for ToguzKumalak {
    type Rules = NoOptions;
    fn rules(&self) -> NoOptions {
        NoOptions
    }
}

impl EngineGame for Numercy {
    type Rules = numercy::Options;
    fn rules(&self) -> numercy::Options {
        *self.options()
    }
}

impl EngineGame for Robertson {
    type Rules = robertson::Options;
    fn rules(&self) -> robertson::Options {
        *self.options()
    }
}

impl EngineGame for Mankka {
    type Rules = mankka::Options;
    fn rules(&self) -> mankka::Options {
        *self.options()
    }
}

impl EngineGame for Numa {
    type Rules = numa::Options;
    fn rules(&self) -> numa::Options {
        *self.options()
    }

    /// Regret matching seeded by the position and the player.
    fn simultaneous_choice(&self, player: Player) -> Option<numa::Choice> {
        let seed = self.key() ^ (player.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Some(RegretMatching::new(seed, NUMA_ROUNDS).choose(self, player))
    }
}

/// A player as the protocol writes him: `P0` to `P5`.
fn player_word(p: Player) -> String {
    format!("P{}", p.index())
}

/// The players acting in `status` (none once the game is over).
fn acting(status: Status) -> Vec<Player> {
    match status {
        Status::ToMove(p) => vec![p],
        Status::Simultaneous(set) => set.iter().collect(),
        Status::Over(_) => Vec::new(),
    }
}

/// Rules as words for a message.
fn rules_words(rules: &impl Display) -> String {
    let words = rules.to_string();
    if words.is_empty() {
        "the defaults".into()
    } else {
        format!("`{words}`")
    }
}

/// The game being played, whatever its type.
trait Session {
    /// `position NOTATION`.
    fn position(&mut self, text: &str) -> Result<(), EngineError>;
    /// `play MOVE...`.
    fn play(&mut self, moves: &[&str]) -> Result<(), EngineError>;
    /// `legal`'s lines.
    fn legal(&self) -> Vec<String>;
    /// `show`'s lines.
    fn show(&self) -> Vec<String>;
    /// `go`'s lines.
    fn go(&self, limits: Limits, stop: Stop) -> Result<Vec<String>, EngineError>;
}

/// A game of type `G` being played.
struct Loaded<G>(G);

/// Reads one move of `game` as `play` reads typed moves: a sequential
/// move, or in a simultaneous turn every acting player's choice joined by
/// `/`.
fn read_move<G: EngineGame>(game: &G, text: &str) -> Result<G::Move, String> {
    let choices = match game.status() {
        Status::Over(_) => return Err("the game is over".into()),
        Status::ToMove(p) => vec![(p, game.read(p, text)?)],
        Status::Simultaneous(set) => {
            let players: Vec<Player> = set.iter().collect();
            let parts: Vec<&str> = text.split('/').collect();
            if parts.len() != players.len() {
                let example: Vec<String> = players.iter().map(|&p| player_word(p)).collect();
                return Err(format!(
                    "a turn is {} choices joined by `/`, one for each acting player \
                     ({})",
                    players.len(),
                    example.join("/")
                ));
            }
            players
                .iter()
                .zip(parts)
                .map(|(&p, part)| {
                    game.read(p, part)
                        .map(|a| (p, a))
                        .map_err(|e| format!("{}'s choice: {e}", player_word(p)))
                })
                .collect::<Result<_, _>>()?
        }
    };
    game.joint_move(&choices).map_err(|e| e.to_string())
}

impl<G: EngineGame> Session for Loaded<G> {
    fn position(&mut self, text: &str) -> Result<(), EngineError> {
        let game: G = text
            .parse()
            .map_err(|e: <G as FromStr>::Err| EngineError::Notation(e.to_string()))?;
        let (theirs, ours) = (game.rules(), self.0.rules());
        if theirs != ours {
            return Err(EngineError::RulesDiffer {
                position: rules_words(&theirs),
                game: rules_words(&ours),
            });
        }
        self.0 = game;
        Ok(())
    }

    fn play(&mut self, moves: &[&str]) -> Result<(), EngineError> {
        let mut game = self.0.clone();
        for (i, &text) in moves.iter().enumerate() {
            let refused = |reason: String| EngineError::BadMove {
                text: text.to_string(),
                index: i + 1,
                count: moves.len(),
                reason,
            };
            let mv = read_move(&game, text).map_err(refused)?;
            game.play(mv).map_err(|e| refused(e.to_string()))?;
        }
        self.0 = game;
        Ok(())
    }

    fn legal(&self) -> Vec<String> {
        let status = self.0.status();
        let players = acting(status);
        let list = |p: Player| -> Vec<String> {
            self.0
                .legal_actions(p)
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        match status {
            Status::ToMove(p) => {
                let mut words = vec!["legal".to_string()];
                words.extend(list(p));
                vec![words.join(" ")]
            }
            Status::Simultaneous(_) => players
                .into_iter()
                .map(|p| {
                    let mut words = vec!["legal".to_string(), player_word(p)];
                    words.extend(list(p));
                    words.join(" ")
                })
                .collect(),
            Status::Over(_) => vec!["legal".into()],
        }
    }

    fn show(&self) -> Vec<String> {
        let status = match self.0.status() {
            Status::Over(mancala_core::Outcome::Winner(p)) => format!("winner {}", player_word(p)),
            Status::Over(mancala_core::Outcome::Draw) => "draw".into(),
            status => {
                let players: Vec<String> = acting(status).into_iter().map(player_word).collect();
                format!("to_move {}", players.join(" "))
            }
        };
        vec![format!("position {}", self.0), format!("status {status}")]
    }

    fn go(&self, limits: Limits, stop: Stop) -> Result<Vec<String>, EngineError> {
        let game = &self.0;
        match game.status() {
            Status::Over(_) => Err(EngineError::GameOver),
            Status::Simultaneous(set) => set
                .iter()
                .map(|p| {
                    let choice = game.simultaneous_choice(p).ok_or(EngineError::NoMove)?;
                    Ok(format!("bestmove {} {choice}", player_word(p)))
                })
                .collect(),
            Status::ToMove(mover) => {
                let mut search = AlphaBeta::new(limits.nodes.unwrap_or(u64::MAX));
                search.stop = Some(stop);
                if let Some(ms) = limits.ms {
                    search = search.with_time(Duration::from_millis(ms.into()));
                }
                if let Some(depth) = limits.depth {
                    search.max_depth = depth;
                }
                let best = search.choose(game).ok_or(EngineError::NoMove)?;
                let mut lines: Vec<String> = search
                    .iterations()
                    .iter()
                    .map(|i| format!("info depth {} score {} nodes {}", i.depth, i.score, i.nodes))
                    .collect();
                if lines.is_empty() {
                    lines.push(format!(
                        "info depth 0 score {} nodes {}",
                        score_margin(game, mover),
                        search.stats().nodes
                    ));
                }
                lines.push(format!("bestmove {best}"));
                Ok(lines)
            }
        }
    }
}

/// `new GAME [KEY=VALUE...]`: the game from the registry, its options
/// read as `play --option` reads them.
fn new_game(words: &[&str]) -> Result<Box<dyn Session>, EngineError> {
    let (&name, pairs) = words.split_first().ok_or(EngineError::Missing {
        command: "new",
        what: "a game (`mancala games` lists them)",
    })?;
    let pairs: Vec<String> = pairs.iter().map(ToString::to_string).collect();
    let options =
        crate::game_arg::options_text(&parse_options(&pairs)?).map_err(EngineError::Options)?;
    let game = AnyGame::new(name, &options).map_err(|e| match e {
        NewGameError::UnknownGame(name) => EngineError::UnknownGame(name),
        NewGameError::Option(e) => EngineError::Options(e.to_string()),
        NewGameError::Refused(e) => EngineError::Options(e),
        e => EngineError::Options(e.to_string()),
    })?;
    Ok(match game.into_state() {
        GameState::Mancala(g) => Box::new(Loaded(g)),
        GameState::Toguz(g) => Box::new(Loaded(g)),
        GameState::Numercy(g) => Box::new(Loaded(g)),
        GameState::Robertson(g) => Box::new(Loaded(g)),
        GameState::Mankka(g) => Box::new(Loaded(g)),
        GameState::Numa(g) => Box::new(Loaded(g)),
        _ => return Err(EngineError::UnknownGame(name.to_string())),
    })
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
    game: Option<Box<dyn Session>>,
    /// The stop flag of the next `go`, raised by a `stop` read while it
    /// runs ([`serve`]).
    stops: Arc<Stops>,
}

/// What [`serve`]'s reader thread and the engine share: the place of the
/// running (or next) `go` in the input, its flag, and the place of the
/// last `stop` or `quit` read.
#[derive(Default)]
struct Stops {
    /// The running `go`: its line number and its flag.
    running: Mutex<(u64, Stop)>,
    /// The line number of the last `stop` or `quit` read (0: none).
    last: AtomicU64,
}

impl Stops {
    /// A fresh flag for the `go` of line `line`, already raised if a
    /// `stop` after it has been read.
    fn start(&self, line: u64) -> Stop {
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
    fn read_stop(&self, line: u64) {
        self.last.fetch_max(line, Ordering::SeqCst);
        if let Ok(running) = self.running.lock()
            && running.0 < line
        {
            running.1.stop();
        }
    }
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
        let ok = || Ok(Flow::Answer(vec!["ok".into()]));
        match command {
            "quit" => {
                no_args("quit")?;
                Ok(Flow::Quit)
            }
            "new" => {
                self.game = Some(new_game(args)?);
                ok()
            }
            "position" => {
                let game = self.game.as_mut().ok_or(EngineError::NoGame)?;
                if args.is_empty() {
                    return Err(EngineError::Missing {
                        command: "position",
                        what: "a position in the game's notation (as `show` writes it)",
                    });
                }
                game.position(&args.join(" "))?;
                ok()
            }
            "play" => {
                let game = self.game.as_mut().ok_or(EngineError::NoGame)?;
                if args.is_empty() {
                    return Err(EngineError::Missing {
                        command: "play",
                        what: "one or more moves",
                    });
                }
                game.play(args)?;
                ok()
            }
            "legal" => {
                no_args("legal")?;
                let game = self.game.as_ref().ok_or(EngineError::NoGame)?;
                Ok(Flow::Answer(game.legal()))
            }
            "show" => {
                no_args("show")?;
                let game = self.game.as_ref().ok_or(EngineError::NoGame)?;
                Ok(Flow::Answer(game.show()))
            }
            "go" => {
                let limits = Limits::parse(args)?;
                let game = self.game.as_ref().ok_or(EngineError::NoGame)?;
                let stop = self.stops.start(line);
                Ok(Flow::Answer(game.go(limits, stop)?))
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
    let mut engine = Engine::default();
    let stops = Arc::clone(&engine.stops);
    let (send, receive) = mpsc::sync_channel::<io::Result<Line>>(1024);
    // Not joined: at `quit` the program ends while the reader still waits
    // for input.
    std::thread::spawn(move || {
        let mut input = input;
        let mut number = 0u64;
        loop {
            let line = read_line(&mut input).transpose();
            let Some(line) = line else { return };
            number += 1;
            if let Ok(Ok(text)) = &line
                && matches!(text.split_whitespace().next(), Some("stop" | "quit"))
            {
                stops.read_stop(number);
            }
            if send.send(line).is_err() {
                return;
            }
        }
    });
    drive(&mut engine, receive.into_iter(), output)
}

/// One line of input: its text, or why it cannot be read.
type Line = Result<String, EngineError>;

/// Reads one line of at most [`MAX_LINE`] bytes (a longer one is skipped
/// to its end); `None` at the end of the input.
fn read_line(input: &mut impl BufRead) -> io::Result<Option<Line>> {
    let mut bytes = Vec::new();
    let limit = MAX_LINE as u64;
    if input.take(limit).read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    if bytes.len() == MAX_LINE && bytes.last() != Some(&b'\n') {
        skip_line(input)?;
        return Ok(Some(Err(EngineError::TooLong)));
    }
    Ok(Some(
        String::from_utf8(bytes).map_err(|_| EngineError::NotUtf8),
    ))
}

/// Answers `lines`, numbered from 1, until `quit` or their end.
fn drive(
    engine: &mut Engine,
    lines: impl Iterator<Item = io::Result<Line>>,
    mut output: impl Write,
) -> io::Result<()> {
    for (number, line) in (1u64..).zip(lines) {
        let answer = line?.and_then(|text| {
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
                // One line, whatever the message holds.
                let message = e.to_string().replace(['\n', '\r'], " ");
                writeln!(output, "error {message}")?;
            }
        }
        output.flush()?;
    }
    Ok(())
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

/// Drive the search of mancala-rs over a line protocol on stdin and stdout.
///
/// Commands, one a line: new GAME [KEY=VALUE...], position NOTATION, play
/// MOVE..., legal, show, go (nodes N | ms T | depth D)..., stop, quit.
/// Games: every one of `mancala games`. Every refused command is answered
/// `error MESSAGE` and changes nothing.
#[derive(Clone, Debug, Parser)]
#[command(name = "mancala engine")]
pub struct EngineArgs {}

/// The program: takes no arguments (but `--help`), runs [`run`] on stdin
/// and stdout, and returns the exit status: 0 after `quit` or the end of
/// the input (or when the reader of stdout has gone), 1 if reading or
/// writing failed otherwise.
pub fn main_with(_args: &EngineArgs) -> ExitCode {
    match serve(io::BufReader::new(io::stdin()), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::Driver;
    use crate::sowing_driver::{Kalah, Oware};
    use mancala_engine::Rng;

    /// The answer lines to `input`, run through [`run`].
    fn answers(input: &str) -> Vec<String> {
        let mut output = Vec::new();
        run(input.as_bytes(), &mut output).expect("in-memory input and output");
        String::from_utf8(output)
            .expect("utf-8 answers")
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// The moves of a `legal` line (`legal M1 M2 ...`).
    fn legal_words(line: &str) -> Vec<String> {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[0], "legal", "{line}");
        words[1..].iter().map(ToString::to_string).collect()
    }

    #[test]
    fn every_game_starts_at_the_runner_start() {
        fn start<D: Driver>() -> String
        where
            D::Game: Display,
        {
            let game = D::build(&serde_json::Map::new(), None, mancala_core::Budget::DEFAULT)
                .expect("the default game");
            format!("position {game}")
        }
        let starts = [
            ("oware", start::<Oware>()),
            ("kalah", start::<Kalah>()),
            ("numercy", start::<crate::numercy_driver::NumercyDriver>()),
            (
                "robertson",
                start::<crate::robertson_driver::RobertsonDriver>(),
            ),
            ("mankka", start::<crate::mankka_driver::MankkaDriver>()),
            ("numa", start::<crate::numa_driver::NumaDriver>()),
        ];
        for (name, _) in &starts {
            assert!(mancala_engine::find_game(name).is_some(), "{name}");
        }
        for (name, position) in starts {
            let status = if name == "numa" {
                "status to_move P0 P1"
            } else {
                "status to_move P0"
            };
            assert_eq!(
                answers(&format!("new {name}\nshow\n")),
                ["ok", position.as_str(), status],
                "{name}"
            );
        }
    }

    #[test]
    fn new_takes_the_runner_options() {
        let kalah = "new kalah houses=4 seeds=3 empty_capture=true\nshow\n";
        let lines = answers(kalah);
        assert_eq!(lines[0], "ok");
        assert_eq!(
            lines[1],
            "position 3,3,3,3/3,3,3,3 0,0 0 rules=kalah houses=4 seeds=3 empty_capture=true"
        );
        let triangle = answers("new robertson layout=triangle\nshow\nlegal\n");
        assert_eq!(triangle[0], "ok");
        assert!(triangle[1].ends_with(" layout=triangle"), "{}", triangle[1]);
        assert_eq!(triangle[3], "legal 0 1 2 3 4 5");
        // A JSON list in one word.
        let drill = answers("new numercy holes=3 operators=[\"x\",\"x\",\"x\"]\nshow\n");
        assert_eq!(
            drill,
            [
                "ok",
                "position 7,7,7/7,7,7 0,0 0 holes=3 operators=x,x,x",
                "status to_move P0"
            ]
        );
    }

    #[test]
    fn position_reads_back_what_show_writes() {
        let mut game = mancala_core::kalah();
        let mut rng = Rng::new(5);
        for _ in 0..9 {
            let legal = game.legal_moves();
            game.play(legal[rng.below(legal.len())]).expect("legal");
        }
        let lines = answers(&format!("new kalah\nposition {game}\nshow\n"));
        assert_eq!(lines[..2], ["ok", "ok"]);
        assert_eq!(lines[2], format!("position {game}"));
        // Mankka after both placements, Numa after a turn.
        let lines = answers("new mankka\nplay 1+1+1+1+1+1 6+0+0+0+0+0\nshow\n");
        let shown = lines[2].strip_prefix("position ").expect("a position line");
        let again = answers(&format!("new mankka\nposition {shown}\nshow\nlegal\n"));
        assert_eq!(again[2], lines[2]);
        assert_eq!(again[3], "status to_move P0");
        assert_eq!(again[4], "legal 0 1 2 3 4 5");
        let numa = answers("new numa\nplay p-r+s-b/s-y+c-g\nshow\n");
        let shown = numa[2].strip_prefix("position ").expect("a position line");
        let again = answers(&format!("new numa\nposition {shown}\nshow\n"));
        assert_eq!(again[2], numa[2]);
    }

    #[test]
    fn position_under_other_rules_is_refused() {
        let lines = answers(
            "new kalah\nposition 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0\n\
             position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah\nshow\n",
        );
        assert_eq!(
            lines[1],
            "error the position's rules are not the game's (the defaults against \
             `rules=kalah`): start a game with those rules with `new`"
        );
        assert_eq!(lines[2], "ok");
        assert_eq!(
            lines[3],
            "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah"
        );
    }

    #[test]
    fn legal_lists_the_library_moves_and_play_takes_each() {
        let mut game = mancala_core::oware();
        let mut session = String::from("new oware\n");
        let mut rng = Rng::new(9);
        let mut expected = vec!["ok".to_string()];
        let mut played = 0;
        while let Status::ToMove(_) = game.status() {
            let legal = game.legal_moves();
            let words: Vec<String> = legal.iter().map(ToString::to_string).collect();
            session.push_str("legal\n");
            expected.push(format!("legal {}", words.join(" ")));
            let mv = legal[rng.below(legal.len())];
            session.push_str(&format!("play {mv}\n"));
            expected.push("ok".into());
            game.play(mv).expect("legal");
            played += 1;
        }
        session.push_str("legal\nshow\n");
        expected.push("legal".into());
        expected.push(format!("position {game}"));
        let status = match game.outcome() {
            Some(mancala_core::Outcome::Winner(p)) => format!("status winner P{}", p.index()),
            _ => "status draw".into(),
        };
        expected.push(status);
        assert!(played > 10);
        assert_eq!(answers(&session), expected);
    }

    #[test]
    fn play_is_all_or_nothing() {
        let moves = |holes: &[usize]| {
            let mut game = mancala_core::oware();
            for &h in holes {
                let pit = mancala_core::Pit::new(h).expect("a hole");
                game.play(mancala_core::Move::Sow(pit)).expect("legal");
            }
            format!("position {game}")
        };
        // South 0, North 7, South 1 are fine; `x` is no move: none is played.
        let lines = answers("new oware\nplay 0 7 1 x\nshow\nplay 0 7 1\nshow\n");
        assert_eq!(
            lines[1],
            "error move `x` (4 of 4) refused, nothing played: `x` is not a hole number"
        );
        assert_eq!(lines[2], moves(&[]));
        assert_eq!(lines[4], "ok");
        assert_eq!(lines[5], moves(&[0, 7, 1]));
        // After South's 0, hole 1 is still South's: refused for North.
        let lines = answers("new oware\nplay 0 1\nshow\n");
        assert_eq!(
            lines[1],
            "error move `1` (2 of 2) refused, nothing played: hole 1 belongs to player 0, \
             not to player 1"
        );
        assert_eq!(lines[2], moves(&[]));
        // The forms `play` reads: `h3`, `hole` spelled out in one word.
        let lines = answers("new oware\nplay h3 Hole7\nshow\n");
        assert_eq!(lines[1], "ok");
        assert_eq!(lines[2], moves(&[3, 7]));
    }

    #[test]
    fn go_answers_what_alpha_beta_chooses() {
        let game = mancala_core::kalah();
        let mut search = AlphaBeta::new(500);
        let best = search.choose(&game).expect("a move");
        let mut expected: Vec<String> = search
            .iterations()
            .iter()
            .map(|i| format!("info depth {} score {} nodes {}", i.depth, i.score, i.nodes))
            .collect();
        assert!(expected.len() >= 2);
        expected.push(format!("bestmove {best}"));
        let lines = answers("new kalah\ngo nodes 500\n");
        assert_eq!(lines[1..], expected[..]);
        // The same with the limits in another order and a depth that does
        // not bind; a depth that binds stops there.
        assert_eq!(
            answers("new kalah\ngo depth 60 nodes 500\n")[1..],
            expected[..]
        );
        let lines = answers("new kalah\ngo depth 2\n");
        assert_eq!(lines.len(), 4);
        assert!(lines[1].starts_with("info depth 1 "));
        assert!(lines[2].starts_with("info depth 2 "));
    }

    #[test]
    fn go_with_a_time_limit_answers_in_time() {
        let start = std::time::Instant::now();
        let lines = answers("new oware\ngo ms 50\n");
        assert!(start.elapsed() < Duration::from_secs(5));
        let best = lines.last().expect("a bestmove line");
        let mv = best.strip_prefix("bestmove ").expect("bestmove");
        assert!(
            mancala_core::oware()
                .legal_moves()
                .iter()
                .any(|m| m.to_string() == mv)
        );
        assert!(lines[1].starts_with("info depth 1 "), "{lines:?}");
    }

    #[test]
    fn go_without_a_completed_iteration_answers_depth_0() {
        // One legal move: no search at all; the score is the margin now.
        let lines = answers("new oware\nposition 0,0,0,0,0,1/4,4,4,4,4,4 23,0 0\ngo nodes 100\n");
        assert_eq!(lines[2..], ["info depth 0 score 23 nodes 0", "bestmove 5"]);
        // Mankka's 462 placements outlast a budget of 100.
        let lines = answers("new mankka\ngo nodes 100\n");
        assert_eq!(lines[1], "info depth 0 score 0 nodes 100");
        let mv = lines[2].strip_prefix("bestmove ").expect("bestmove");
        let legal = answers("new mankka\nlegal\n");
        assert!(legal_words(&legal[1]).iter().any(|m| m == mv));
    }

    #[test]
    fn a_finished_game_has_no_moves_and_no_search() {
        let lines = answers(
            "new oware\nposition 0,0,0,0,0,0/0,0,0,0,0,0 25,23 1 over\nshow\nlegal\ngo nodes 5\nplay 0\n",
        );
        assert_eq!(
            lines[1..],
            [
                "ok",
                "position 0,0,0,0,0,0/0,0,0,0,0,0 25,23 1 over",
                "status winner P0",
                "legal",
                "error game over",
                "error move `0` (1 of 1) refused, nothing played: the game is over",
            ]
        );
        let draw = answers("new oware\nposition 0,0,0,0,0,0/0,0,0,0,0,0 24,24 0 over\nshow\n");
        assert_eq!(draw[3], "status draw");
    }

    #[test]
    fn numa_turns_are_joint_and_go_answers_each_player() {
        let lines = answers("new numa\nlegal\ngo nodes 1\ngo depth 9\n");
        assert_eq!(lines.len(), 7);
        let p0 = legal_words(&lines[1]);
        let p1 = legal_words(&lines[2]);
        assert_eq!(p0[0], "P0");
        assert_eq!(p1[0], "P1");
        assert_eq!(p0.len(), 73);
        assert_eq!(p0[1..], p1[1..]);
        // Seeded by the position: the limits change nothing.
        assert_eq!(lines[3..5], lines[5..7]);
        let arabic = lines[3]
            .strip_prefix("bestmove P0 ")
            .expect("Arabic's choice");
        let roman = lines[4]
            .strip_prefix("bestmove P1 ")
            .expect("Roman's choice");
        assert!(p0.iter().any(|c| c == arabic));
        let game = Numa::default();
        let seed =
            |p: Player| game.key() ^ (p.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let expected = RegretMatching::new(seed(Player::P0), NUMA_ROUNDS).choose(&game, Player::P0);
        assert_eq!(arabic, expected.to_string());
        // The two choices make the turn.
        let turn = answers(&format!("new numa\nplay {arabic}/{roman}\nshow\n"));
        let mut after = game;
        after
            .play(format!("{arabic}/{roman}").parse().expect("a joint move"))
            .expect("a legal turn");
        assert_eq!(
            turn[1..],
            [
                "ok".to_string(),
                format!("position {after}"),
                "status to_move P0 P1".into()
            ]
        );
        // One choice is not a turn; a bad choice names its player.
        let lines = answers("new numa\nplay p-r+s-b\nplay p-r+s-b/p-r+p-b\n");
        assert_eq!(
            lines[1],
            "error move `p-r+s-b` (1 of 1) refused, nothing played: a turn is 2 choices \
             joined by `/`, one for each acting player (P0/P1)"
        );
        assert!(
            lines[2].starts_with(
                "error move `p-r+s-b/p-r+p-b` (1 of 1) refused, nothing played: P1's choice: "
            ),
            "{}",
            lines[2]
        );
    }

    #[test]
    fn every_refusal_is_one_error_line_and_changes_nothing() {
        let refused = [
            (
                "frobnicate",
                "error unknown command `frobnicate` (commands: new, position, play, legal, show, go, stop, quit)",
            ),
            (
                "NEW oware",
                "error unknown command `NEW` (commands: new, position, play, legal, show, go, stop, quit)",
            ),
            ("new", "error new needs a game (`mancala games` lists them)"),
            (
                "new chess",
                "error unknown game `chess` (games: numercy, robertson, mankka, numa, oware, kalah, \
                 bohnenspiel, mankala, mangala, vai-lung-thlan, awari, wari, enindji, french-wari, \
                 en-gehe, i, kay, toguz-kumalak)",
            ),
            (
                "new kalah seeds",
                "error bad option: an option is KEY=VALUE, not `seeds`",
            ),
            (
                "new kalah =4",
                "error bad option: `=4` has no key before `=`",
            ),
            (
                "new kalah seeds=4 seeds=5",
                "error bad option: `seeds` is given twice",
            ),
            (
                "new kalah colour=red",
                "error bad option: unknown option `colour` (known: rules, houses, layout, seeds, direction, skip_origin, into_own_store, first_into_origin, min_sow, lone_into_empty, relay, relay_next_occupied, capture_first, endless, capture, empty_capture, credit, grand_slam, feeding, extra_turn, majority, side_empty, repetition, at_most_left, each_at_most, pass, leftover)",
            ),
            (
                "new kalah houses=99",
                "error bad option: invalid layout: a row must hold 1 to 50 holes, not 99",
            ),
            (
                "new numercy operators=[\"x\",\"+\"]",
                "error bad option: option `operators`: `x,+` is not one operator (+ - x : ^) per file, comma-separated",
            ),
            (
                "position",
                "error position needs a position in the game's notation (as `show` writes it)",
            ),
            (
                "position 4,4,4/4,4,4 0,0 0",
                "error bad position: holes: `4,4,4/4,4,4` is not rows of the board's length",
            ),
            (
                "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 7",
                "error bad position: player: `7` is not a player number (0 to 5)",
            ),
            (
                "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0,0 0",
                "error bad position: impossible position: 3 stores given for 2 players",
            ),
            (
                "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah",
                "error the position's rules are not the game's (`rules=kalah` against the defaults): start a game with those rules with `new`",
            ),
            ("play", "error play needs one or more moves"),
            (
                "play 0",
                "error move `0` (1 of 1) refused, nothing played: hole 0 belongs to player 0, not to player 1",
            ),
            (
                "play 12",
                "error move `12` (1 of 1) refused, nothing played: hole 12 is not on this board",
            ),
            (
                "play 99999999999999999999",
                "error move `99999999999999999999` (1 of 1) refused, nothing played: `99999999999999999999` is not a hole number",
            ),
            (
                "play 7 pass",
                "error move `pass` (2 of 2) refused, nothing played: no pass: the rules allow none, or the player to move can move",
            ),
            ("legal 3", "error legal takes no arguments, not `3`"),
            ("show all", "error show takes no arguments, not `all`"),
            ("quit now", "error quit takes no arguments, not `now`"),
            ("go", "error go needs a limit: nodes N, ms T or depth D"),
            (
                "go nodes",
                "error nodes takes a number from 1 to 18446744073709551615, not nothing",
            ),
            (
                "go nodes -1",
                "error nodes takes a number from 1 to 18446744073709551615, not `-1`",
            ),
            (
                "go ms 0",
                "error ms takes a number from 1 to 4294967295, not `0`",
            ),
            (
                "go ms 4294967296",
                "error ms takes a number from 1 to 4294967295, not `4294967296`",
            ),
            (
                "go depth 0",
                "error depth takes a number from 1 to 256, not `0`",
            ),
            (
                "go depth 257",
                "error depth takes a number from 1 to 256, not `257`",
            ),
            ("go depth 2 depth 3", "error limit depth is given twice"),
            (
                "go moves 3",
                "error unknown limit `moves` (limits: nodes, ms, depth)",
            ),
        ];
        let mut input = String::from("new oware\nplay 2\n");
        for (command, _) in &refused {
            input.push_str(command);
            input.push('\n');
            input.push_str("show\n");
        }
        let lines = answers(&input);
        let shown = [
            "position 4,4,0,5,5,5/5,4,4,4,4,4 0,0 1 seen=4,4,4,4,4,4/4,4,4,4,4,4:0",
            "status to_move P1",
        ];
        assert_eq!(lines[..2], ["ok", "ok"]);
        // Each refusal is one line, and the game is as it was.
        assert_eq!(lines.len(), 2 + refused.len() * 3, "{lines:#?}");
        for (i, (command, error)) in refused.iter().enumerate() {
            let at = 2 + 3 * i;
            assert_eq!(lines[at], *error, "{command}");
            assert_eq!(lines[at + 1..at + 3], shown, "{command}");
        }
    }

    #[test]
    fn without_a_game_only_new_and_quit_work() {
        let lines = answers(
            "show\nlegal\nposition 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0\nplay 1\ngo nodes 5\nnew oware\n",
        );
        let none = "error no game yet: start one with `new GAME`";
        assert_eq!(lines, [none, none, none, none, none, "ok"]);
        // A refused `new` keeps the game there was.
        let lines = answers("new kalah\nnew oware seeds=x\nshow\n");
        assert!(lines[1].starts_with("error bad option: "), "{}", lines[1]);
        assert!(lines[2].ends_with(" rules=kalah"), "{}", lines[2]);
    }

    #[test]
    fn blank_lines_are_ignored_and_bad_bytes_refused() {
        let mut input = b"\n   \n\t\nnew oware\n".to_vec();
        input.extend_from_slice(b"play \xff\xfe\n");
        input.extend_from_slice(b"show\r\n");
        let mut output = Vec::new();
        run(input.as_slice(), &mut output).expect("in memory");
        let text = String::from_utf8(output).expect("utf-8");
        assert_eq!(
            text,
            "ok\nerror the line is not UTF-8\nposition 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0\nstatus to_move P0\n"
        );
    }

    #[test]
    fn a_line_too_long_is_refused_whole() {
        // The longest line, its newline included, is read; one byte more is
        // refused, and the rest of that line skipped (not read as commands).
        let longest = format!("show{}\n", " ".repeat(MAX_LINE - 5));
        let too_long = format!("show{}play 0\n", " ".repeat(MAX_LINE));
        let input = format!("new oware\n{longest}{too_long}show\n");
        let start = "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0";
        assert_eq!(
            answers(&input),
            [
                "ok",
                start,
                "status to_move P0",
                "error the line is longer than 1048576 bytes",
                start,
                "status to_move P0",
            ]
        );
        // Without a newline at the end of the input, too.
        let unended = format!("new oware\n{}", "x".repeat(3 * MAX_LINE));
        assert_eq!(
            answers(&unended),
            ["ok", "error the line is longer than 1048576 bytes"]
        );
    }

    #[test]
    fn quit_stops_reading_and_the_end_of_input_ends_quietly() {
        assert_eq!(answers("new oware\nquit\nshow\n"), ["ok"]);
        assert_eq!(
            answers("new oware\nshow"),
            [
                "ok",
                "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0",
                "status to_move P0"
            ]
        );
        assert!(answers("").is_empty());
    }

    #[test]
    fn a_failing_output_is_the_only_error() {
        struct Broken;
        impl Write for Broken {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::new(io::ErrorKind::BrokenPipe, "gone"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let e = run("new oware\n".as_bytes(), Broken).expect_err("the write fails");
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
        // Nothing to answer, nothing written: no error.
        assert!(run("\n\n".as_bytes(), Broken).is_ok());
    }

    #[test]
    fn random_words_never_stop_the_engine() {
        // Lines of words drawn from the protocol's own vocabulary and some
        // garbage: every line but a blank one (and `quit`) is answered, and
        // every answer is one of the protocol's lines.
        let words = [
            "new",
            "oware",
            "kalah",
            "numercy",
            "robertson",
            "mankka",
            "numa",
            "position",
            "play",
            "legal",
            "show",
            "go",
            "nodes",
            "depth",
            "ms",
            "0",
            "1",
            "2",
            "5",
            "7",
            "11",
            "12",
            "pass",
            "h3",
            "1+1+1+1+1+1",
            "p-r+s-b/s-y+c-g",
            "seeds=3",
            "houses=2",
            "layout=triangle",
            "over",
            "4,4,4,4,4,4/4,4,4,4,4,4",
            "0,0",
            "rules=kalah",
            "=",
            "x=",
            "[1,2",
            "\u{e9}",
            "-1",
            "18446744073709551616",
        ];
        let mut rng = Rng::new(2024);
        for _ in 0..40 {
            let mut input = String::new();
            for _ in 0..30 {
                let n = 1 + rng.below(5);
                let line: Vec<&str> = (0..n).map(|_| words[rng.below(words.len())]).collect();
                input.push_str(&line.join(" "));
                input.push('\n');
            }
            for line in answers(&input) {
                let known = [
                    "ok",
                    "legal",
                    "position ",
                    "status ",
                    "info depth ",
                    "bestmove ",
                    "error ",
                ];
                assert!(
                    known.iter().any(|k| line.starts_with(k)),
                    "{line:?} after {input}"
                );
            }
        }
    }
}
