//! The library behind the `mancala` command: one module per command
//! ([`play`], [`engine`], [`kgp`], [`uci`], [`tournament`], [`solve`],
//! [`runner`] for `conformance`, [`bench`](mod@bench), [`laps`], and
//! [`games`] here), the conformance runner's trace format and game drivers
//! ([`conformance`]), and the ratings of the tournament ([`ratings`]).
//! The computer players and the registry of games are the `mancala-engine`
//! crate's.

#![forbid(unsafe_code)]

pub mod bench;
pub mod conformance;
pub mod driver;
pub mod engine;
pub mod game_arg;
pub mod kgp;
pub mod laps;

pub mod mankka_driver;
pub mod numa_driver;
pub mod numercy_driver;
pub mod play;
pub mod playout;
pub mod ratings;
pub mod robertson_driver;
pub mod runner;
pub mod solve;
pub mod sowing_driver;
pub mod tournament;
pub mod uci;

use std::io::Write;
use std::process::ExitCode;

use serde_json::{Map, Value};

/// List every game, one name a line (the registry,
/// `mancala_engine::GAMES`).
#[derive(Clone, Debug, clap::Parser)]
#[command(name = "mancala games")]
pub struct GamesArgs {
    /// Also each game's title, option keys and rules in a sentence.
    #[arg(long)]
    pub long: bool,
}

/// The `games` command: writes every game's name to `out`, one a line
/// (with `--long`, a paragraph each).
pub fn games(args: &GamesArgs, out: &mut impl Write) -> ExitCode {
    let mut write = || -> std::io::Result<()> {
        for game in &mancala_engine::GAMES {
            if args.long {
                writeln!(out, "{}: {}", game.name, game.title)?;
                writeln!(out, "  {}", game.summary)?;
                let keys = if game.keys.is_empty() {
                    "none".to_string()
                } else {
                    game.keys.join(", ")
                };
                writeln!(out, "  options: {keys}")?;
            } else {
                writeln!(out, "{}", game.name)?;
            }
        }
        Ok(())
    };
    match write() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Play moves from the start (or from a position) and print the position
/// after each, in the game's one-line notation: a game record checked by
/// the library, or its positions for another program to compare.
#[derive(Clone, Debug, clap::Parser)]
#[command(name = "mancala replay")]
pub struct ReplayArgs {
    /// The game (`mancala games` lists them).
    pub game: String,
    /// The moves, as the game writes them (`3`, `pass`, Mankka's
    /// `1+1+1+1+1+1`, Numa's `CHOICE/CHOICE`); none reads them from standard
    /// input, one a line.
    pub moves: Vec<String>,
    /// Options text (`key=value ...`).
    #[arg(long, default_value = "")]
    pub options: String,
    /// Start from this position (the game's notation) instead.
    #[arg(long)]
    pub from: Option<String>,
}

/// The `replay` command: writes the start position, then the position
/// after each move, one a line, to `out`. Stops at the first move the game
/// refuses, with the reason on standard error and a failing exit code.
pub fn replay(args: &ReplayArgs, out: &mut impl Write) -> ExitCode {
    let game = match &args.from {
        Some(text) => mancala_engine::AnyGame::from_text(&args.game, text),
        None => mancala_engine::AnyGame::new(&args.game, &args.options),
    };
    let mut game = match game {
        Ok(game) => game,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let moves: Vec<String> = if args.moves.is_empty() {
        std::io::stdin()
            .lines()
            .map_while(Result::ok)
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect()
    } else {
        args.moves.clone()
    };
    if writeln!(out, "{game}").is_err() {
        return ExitCode::FAILURE;
    }
    for (i, mv) in moves.iter().enumerate() {
        if let Err(e) = game.play(mv) {
            eprintln!("error: move {} ({mv}): {e}", i + 1);
            return ExitCode::FAILURE;
        }
        if writeln!(out, "{game}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// Reads one line of a trace file strictly ([`conformance::parse_line`])
/// and replays it ([`replay_any`]): what the conformance runner does with
/// each line.
///
/// # Errors
///
/// A [`conformance::Failure`] for a line that is not a trace (its message
/// the [`conformance::LineError`]) or a trace that fails.
pub fn replay_line(line: &str) -> Result<(), conformance::Failure> {
    replay_line_within(line, mancala_core::Budget::DEFAULT)
}

/// [`replay_line`] deciding relays within `budget` (the runner's
/// `--budget`): a trace never sets it.
///
/// # Errors
///
/// As [`replay_line`].
pub fn replay_line_within(
    line: &str,
    budget: mancala_core::Budget,
) -> Result<(), conformance::Failure> {
    let trace = conformance::parse_line(line).map_err(|e| conformance::Failure {
        ply: None,
        message: e.to_string(),
    })?;
    replay_any_within(&trace, budget)
}

/// Replays one trace of any game of the workspace, by its `game` field.
///
/// # Errors
///
/// The first [`conformance::Failure`] found, including an unknown game.
pub fn replay_any(trace: &Map<String, Value>) -> Result<(), conformance::Failure> {
    replay_any_within(trace, mancala_core::Budget::DEFAULT)
}

/// [`replay_any`] deciding relays within `budget`.
///
/// # Errors
///
/// As [`replay_any`].
pub fn replay_any_within(
    trace: &Map<String, Value>,
    budget: mancala_core::Budget,
) -> Result<(), conformance::Failure> {
    use conformance::Failure;
    let name = trace
        .get("game")
        .and_then(Value::as_str)
        .ok_or_else(|| Failure {
            ply: None,
            message: "the trace has no `game`".into(),
        })?;
    // The game's start from the registry: its options are the preset the
    // trace's options are read over.
    let start = mancala_engine::AnyGame::new_within(name, "", budget).map_err(|e| Failure {
        ply: None,
        message: match e {
            mancala_engine::NewGameError::UnknownGame(_) => format!("unknown game `{name}`"),
            e => e.to_string(),
        },
    })?;
    mancala_engine::each_game!(&start, g => replay_over(g, trace, budget))
}

/// Replays `trace` over the options of `start`'s game.
fn replay_over<G: driver::TraceGame>(
    start: &G,
    trace: &Map<String, Value>,
    budget: mancala_core::Budget,
) -> Result<(), conformance::Failure> {
    conformance::replay::<G>(start.base(), trace, budget)
}

/// The exit status of a protocol program (`engine`, `uci`) whose session
/// ended as `served`: 0 when it ended, or when the reader of standard
/// output went away; 1, with the error on standard error, when reading or
/// writing failed otherwise.
pub(crate) fn session_status(served: std::io::Result<()>) -> std::process::ExitCode {
    match served {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
