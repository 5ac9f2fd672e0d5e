//! A trace of any game of the workspace, by its `game` field: the line read
//! strictly ([`replay_line`]), its game found in the registry and replayed
//! by that game's driver ([`replay_any`]).

use serde_json::{Map, Value};

use super::drivers::TraceGame;
use super::{Failure, parse_line, replay};

/// Reads one line of a trace file strictly ([`parse_line`]) and replays
/// it ([`replay_any`]): what the conformance runner does with each line.
///
/// # Errors
///
/// A [`Failure`] for a line that is not a trace (its message the
/// [`LineError`](super::LineError)) or a trace that fails.
pub fn replay_line(line: &str) -> Result<(), Failure> {
    replay_line_within(line, mancala_core::Budget::DEFAULT)
}

/// [`replay_line`] deciding relays within `budget` (the runner's
/// `--budget`): a trace never sets it.
///
/// # Errors
///
/// As [`replay_line`].
pub fn replay_line_within(line: &str, budget: mancala_core::Budget) -> Result<(), Failure> {
    let trace = parse_line(line).map_err(|e| Failure {
        ply: None,
        message: e.to_string(),
    })?;
    replay_any_within(&trace, budget)
}

/// Replays one trace of any game of the workspace, by its `game` field.
///
/// # Errors
///
/// The first [`Failure`] found, including an unknown game.
pub fn replay_any(trace: &Map<String, Value>) -> Result<(), Failure> {
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
) -> Result<(), Failure> {
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
fn replay_over<G: TraceGame>(
    start: &G,
    trace: &Map<String, Value>,
    budget: mancala_core::Budget,
) -> Result<(), Failure> {
    replay::<G>(start.base(), trace, budget)
}
