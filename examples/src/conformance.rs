//! The conformance runner of `TRACES.md`: replays recorded games and compares
//! every state.
//!
//! Each game of the workspace plugs in through a [`Driver`]: how to build a
//! state from a trace's options (and optional `start`), how to write a state in
//! the trace format, and how to read a move.

use std::fmt::Write as _;

use mancala_core::{Game, RuleOptions};
use serde_json::{Map, Value};

/// How the runner talks to one game.
pub trait Driver {
    /// The game's state type.
    type Game: Game;

    /// Builds the start state from the trace's `options` and, if present, its
    /// `start` state (through the game's checked setup).
    ///
    /// # Errors
    ///
    /// A message for an unknown option key, a bad option value or an
    /// impossible start.
    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Self::Game, String>;

    /// The state in the trace format (every field of `TRACES.md`).
    fn state(game: &Self::Game) -> Value;

    /// Reads a move written in the trace format.
    ///
    /// # Errors
    ///
    /// A message if the move is malformed.
    fn parse_move(game: &Self::Game, mv: &Value) -> Result<<Self::Game as Game>::Move, String>;
}

/// Why a trace failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The first move whose resulting state differs (`None` for the start or
    /// for problems not tied to a move).
    pub ply: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl Failure {
    fn at(ply: Option<usize>, message: impl Into<String>) -> Failure {
        Failure {
            ply,
            message: message.into(),
        }
    }
}

/// The fields in which two states differ, as `field: expected X, got Y`.
pub fn diff_states(expected: &Value, actual: &Value) -> Option<String> {
    let (Some(exp), Some(act)) = (expected.as_object(), actual.as_object()) else {
        return (expected != actual).then(|| format!("expected {expected}, got {actual}"));
    };
    let mut out = String::new();
    let mut keys: Vec<&String> = exp.keys().chain(act.keys()).collect();
    keys.sort();
    keys.dedup();
    for key in keys {
        let e = exp.get(key).unwrap_or(&Value::Null);
        let a = act.get(key).unwrap_or(&Value::Null);
        if e != a {
            if !out.is_empty() {
                out.push_str("; ");
            }
            let _ = write!(out, "{key}: expected {e}, got {a}");
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Replays one trace with driver `D`.
///
/// # Errors
///
/// The first [`Failure`] found.
pub fn replay<D: Driver>(trace: &Map<String, Value>) -> Result<(), Failure> {
    let empty = Map::new();
    let options = match trace.get("options") {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(o)) => o,
        Some(other) => {
            return Err(Failure::at(
                None,
                format!("options must be an object, not {other}"),
            ));
        }
    };
    let moves = match trace.get("moves") {
        Some(Value::Array(m)) => m.as_slice(),
        _ => return Err(Failure::at(None, "the trace has no `moves` list")),
    };
    let states = match trace.get("states") {
        Some(Value::Array(s)) => s.as_slice(),
        _ => return Err(Failure::at(None, "the trace has no `states` list")),
    };
    if states.len() != moves.len() + 1 {
        return Err(Failure::at(
            None,
            format!(
                "{} moves need {} states, found {}",
                moves.len(),
                moves.len() + 1,
                states.len()
            ),
        ));
    }
    let mut game = D::build(options, trace.get("start")).map_err(|m| Failure::at(None, m))?;
    if let Some(d) = diff_states(&states[0], &D::state(&game)) {
        return Err(Failure::at(None, format!("start state differs: {d}")));
    }
    for (i, mv) in moves.iter().enumerate() {
        let parsed = D::parse_move(&game, mv)
            .map_err(|m| Failure::at(Some(i), format!("move {i} ({mv}): {m}")))?;
        if let Err(e) = game.play(parsed) {
            return Err(Failure::at(
                Some(i),
                format!("move {i} ({mv}) was refused: {e}"),
            ));
        }
        if let Some(d) = diff_states(&states[i + 1], &D::state(&game)) {
            return Err(Failure::at(Some(i), format!("after move {i} ({mv}): {d}")));
        }
    }
    if let Some(rejected) = trace.get("rejected") {
        let Some(rejected) = rejected.as_array() else {
            return Err(Failure::at(None, "`rejected` must be a list"));
        };
        let before = D::state(&game);
        for mv in rejected {
            // A move the library cannot even read is refused too.
            let Ok(parsed) = D::parse_move(&game, mv) else {
                continue;
            };
            let mut copy = game.clone();
            if copy.play(parsed).is_ok() {
                return Err(Failure::at(
                    None,
                    format!("rejected move {mv} was accepted"),
                ));
            }
            if let Some(d) = diff_states(&before, &D::state(&copy)) {
                return Err(Failure::at(
                    None,
                    format!("refusing move {mv} changed the state: {d}"),
                ));
            }
        }
    }
    Ok(())
}

/// The text of a trace's option value, as the games' [`RuleOptions`] read it:
/// numbers and strings as written, booleans `true`/`false`, `null` as `none`,
/// lists joined by commas (`["+", "x"]` is `+,x`).
pub fn option_text(value: &Value) -> String {
    match value {
        Value::Null => "none".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        Value::Array(items) => items.iter().map(option_text).collect::<Vec<_>>().join(","),
        Value::Object(_) => value.to_string(),
    }
}

/// A trace's `options` object applied to `base` through the game's own
/// option reader ([`RuleOptions::set`]), in the game's key order (presets
/// first), whatever the order of the object.
///
/// # Errors
///
/// A message for an unknown key or a value the game refuses.
pub fn options_from<T: RuleOptions>(base: T, map: &Map<String, Value>) -> Result<T, String> {
    if let Some(unknown) = map.keys().find(|k| !T::KEYS.contains(&k.as_str())) {
        return Err(format!(
            "unknown option `{unknown}` (known: {})",
            T::KEYS.join(", ")
        ));
    }
    let mut options = base;
    for key in T::KEYS {
        if let Some(value) = map.get(*key) {
            options
                .set(key, &option_text(value))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(options)
}

/// Reads a move written as JSON through the game's own move notation: a
/// number or a string as written (`3`, `"pass"`).
///
/// # Errors
///
/// A message if the game cannot read it.
pub fn text_move<M: std::str::FromStr>(mv: &Value) -> Result<M, String>
where
    M::Err: std::fmt::Display,
{
    let text = match mv {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        other => return Err(format!("a move is a hole index or a word, not {other}")),
    };
    text.parse::<M>().map_err(|e| e.to_string())
}

/// Reads a list of unsigned integers (a board, stores, scores).
///
/// # Errors
///
/// A message if the value is not such a list.
pub fn uint_list<T: TryFrom<u64>>(key: &str, value: Option<&Value>) -> Result<Vec<T>, String> {
    let list = value
        .and_then(Value::as_array)
        .ok_or_else(|| format!("`{key}` must be a list of counts"))?;
    list.iter()
        .map(|v| {
            v.as_u64()
                .and_then(|n| T::try_from(n).ok())
                .ok_or_else(|| format!("`{key}` holds {v}, not a count in range"))
        })
        .collect()
}

/// The trace format's `result` field for an outcome.
pub fn result_json(outcome: Option<mancala_core::Outcome>) -> Value {
    match outcome {
        None => Value::Null,
        Some(mancala_core::Outcome::Draw) => Value::String("draw".into()),
        Some(mancala_core::Outcome::Winner(p)) => serde_json::json!({ "winner": p.index() }),
    }
}

/// The trace format's `to_move` field.
pub fn to_move_json(game: &impl Game) -> Value {
    match game.to_move() {
        Some(p) => Value::from(p.index()),
        None => Value::Null,
    }
}

/// Reads a start state's `to_move`: `Some(player)`, or `None` for a finished
/// game (`null` or absent).
///
/// # Errors
///
/// A message if the value is not a player index.
pub fn start_to_move(start: &Value) -> Result<Option<mancala_core::Player>, String> {
    match start.get("to_move") {
        Some(Value::Null) | None => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|i| mancala_core::Player::new(i as usize))
            .map(Some)
            .ok_or_else(|| format!("`to_move` must be a player, not {v}")),
    }
}
