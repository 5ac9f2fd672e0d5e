//! The conformance runner of `TRACES.md`: replays recorded games and compares
//! every state.
//!
//! Each game of the workspace plugs in through a [`Driver`]: how to build a
//! state from a trace's options (and optional `start`), how to write a state in
//! the trace format, and how to read a move.

use std::cell::Cell;
use std::fmt::Write as _;

use mancala_core::{Game, RuleOptions};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The keys a trace line may have (`TRACES.md`).
pub const TRACE_KEYS: [&str; 7] = [
    "game", "options", "start", "moves", "states", "rejected", "note",
];

/// Why a trace line is not a trace (before any game reads it).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The line is not one JSON value.
    #[error("not valid JSON: {0}")]
    Json(String),
    /// An object, at any depth, names a key twice (JSON leaves it open
    /// which one counts; a trace must say).
    #[error("key `{0}` appears twice in one object")]
    DuplicateKey(String),
    /// The line is JSON, but not an object.
    #[error("a trace line must be a JSON object")]
    NotAnObject,
    /// The line has a key `TRACES.md` does not define.
    #[error("unknown key `{0}` (known: {known})", known = TRACE_KEYS.join(", "))]
    UnknownKey(String),
}

/// Reads one trace line strictly: one JSON object, no key twice in any
/// object, every top-level key one of [`TRACE_KEYS`]. (The games' option
/// keys are checked when the trace is replayed, by [`options_from`].)
///
/// # Errors
///
/// The [`LineError`] that says why the line is not a trace.
///
/// # Examples
///
/// ```
/// use mancala_examples::conformance::{LineError, parse_line};
///
/// assert!(parse_line(r#"{"game": "oware", "moves": [], "states": []}"#).is_ok());
/// assert_eq!(
///     parse_line(r#"{"game": "oware", "game": "kalah"}"#),
///     Err(LineError::DuplicateKey("game".into()))
/// );
/// assert_eq!(parse_line(r#"{"gmae": "oware"}"#), Err(LineError::UnknownKey("gmae".into())));
/// ```
pub fn parse_line(line: &str) -> Result<Map<String, Value>, LineError> {
    let duplicate = Cell::new(None);
    let mut reader = serde_json::Deserializer::from_str(line);
    let value = Strict(&duplicate)
        .deserialize(&mut reader)
        .and_then(|value| reader.end().map(|()| value))
        .map_err(|e| match duplicate.take() {
            // A key twice in a line that is JSON; text that is not JSON at
            // all is reported as such, wherever the repeat comes.
            Some(key) => match serde_json::from_str::<Value>(line) {
                Ok(_) => LineError::DuplicateKey(key),
                Err(e) => LineError::Json(e.to_string()),
            },
            None => LineError::Json(e.to_string()),
        })?;
    let Value::Object(trace) = value else {
        return Err(LineError::NotAnObject);
    };
    if let Some(key) = trace.keys().find(|k| !TRACE_KEYS.contains(&k.as_str())) {
        return Err(LineError::UnknownKey(key.clone()));
    }
    Ok(trace)
}

/// Reads a JSON value as `serde_json` does, but refuses an object that names
/// a key twice (and records that key).
#[derive(Clone, Copy)]
struct Strict<'a>(&'a Cell<Option<String>>);

impl<'de> DeserializeSeed<'de> for Strict<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Strict<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_owned()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        self.deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if object.contains_key(&key) {
                let message = format!("duplicate key `{key}`");
                self.0.set(Some(key));
                return Err(de::Error::custom(message));
            }
            let value = map.next_value_seed(self)?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

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
    // A start state holds the fields of a state and nothing else (the
    // states are compared whole).
    if let Some(Value::Object(start)) = trace.get("start") {
        let fields = D::state(&game);
        if let Some(key) = start.keys().find(|k| fields.get(k.as_str()).is_none()) {
            return Err(Failure::at(
                None,
                format!("unknown key `{key}` in the start state"),
            ));
        }
    }
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
