//! Conformance traces and their runner: recorded games, written down move by
//! move with the full state after each move, replayed against the library
//! and compared state by state.
//!
//! This module holds everything of conformance: the trace format and its
//! strict reader and replay (here), the replay of a trace of any game by
//! its `game` field ([`replay_line`], [`replay_any`]), the `conformance`
//! command ([`runner`]), and how each game plugs in ([`drivers`]: the
//! [`TraceGame`] and [`TraceMove`] traits and one driver a game family).
//!
//! Traces let any implementation of these rules, in any language, be
//! checked against any other: the project proves its rules this way against
//! games recorded from OpenSpiel 2.0.2 (oware and Kalah) and from an
//! independent implementation of the rules stated in each game crate's docs
//! (Numercy, Robertson's game, Mankka, Numa). This page defines the format
//! completely; the `mancala conformance` command replays trace files:
//!
//! ```text
//! mancala conformance FILE.jsonl...
//! ```
//!
//! Each game of the workspace plugs in through a [`TraceGame`]: how to
//! build a state from a trace's options (and optional `start`) and how to
//! write a state in the trace format; and its move type through a
//! [`TraceMove`]: how to read a move.
//!
//! # The format
//!
//! A trace file is [JSON Lines](https://jsonlines.org/): one game per line,
//! each line one JSON object. For example (one line in the file):
//!
//! ```json
//! {"game": "oware", "options": {}, "moves": [3],
//!  "states": [{"board": [4,4,4,4,4,4,4,4,4,4,4,4], "stores": [0,0], "to_move": 0, "result": null},
//!             {"board": [4,4,4,0,5,5,5,5,4,4,4,4], "stores": [0,0], "to_move": 1, "result": null}]}
//! ```
//!
//! ## Keys of a line
//!
//! | key | required | value |
//! | --- | --- | --- |
//! | `game` | yes | the game: `oware`, `kalah`, `numercy`, `robertson`, `mankka`, `numa`, a catalogue game or a match of rounds (`sungka`, `congkak`, `galatjang`, `ovalhu`, `erherhe`, `khrour`, `dakon`, `pallanguzhi`) |
//! | `options` | no | an object of rule options by key (see [Options](#options)); a missing key means that option's default, a missing or `null` `options` means all defaults |
//! | `start` | no | a position to begin from instead of the standard start, written as a state (see [States](#states)) |
//! | `moves` | yes | the list of moves played (see [Moves](#moves)) |
//! | `states` | yes | one state more than there are moves: `states[0]` is the start (equal to `start` when one is given), `states[k]` the state after `moves[k - 1]` |
//! | `rejected` | no | moves that must be refused in the last state, each leaving it unchanged |
//! | `note` | no | free text, ignored |
//!
//! A line is read strictly: any other key, or a key given twice in any
//! object of the line (JSON leaves open which one would count), makes the
//! line fail. So does a line that is not a JSON object. Blank lines are
//! skipped.
//!
//! A `start` is built through the game's checked setup (`from_setup`), so an
//! impossible start (a wrong number of holes, too many seeds, a position
//! the rules could not reach, a finished game that would have seeds left,
//! ...) fails the line instead of being played. In a `start`, `to_move:
//! null` (or no `to_move`) means the game is already over; `result` may be
//! given or left out, but `states[0]` must then equal the position built.
//! A `start` may hold no key that a state of its game does not have.
//!
//! ## Moves
//!
//! | game | a move is written |
//! | --- | --- |
//! | `oware`, `kalah`, `numercy`, `robertson` | the number of the hole sown, in the family's canonical order (player 0's holes from his left, then the next player's from his left, and so on round the board) |
//! | `mankka` | the hole's number (0 to 11); an opening placement as `{"place": [a0, a1, a2, a3, a4, a5]}`, the seeds added to each of the mover's six holes from his own left (or as the text `"1+2+0+0+3+0"`); a pass, where the options allow one, as `"pass"` |
//! | `numa` | both players' choices: `{"arabic": [["pentagon", "red"], ["square", "blue"]], "roman": [["pentagon", "yellow"], ["circle", "green"]]}`, each choice two `[shape, colour]` instructions with different shapes and different colours; shapes `triangle`, `square`, `pentagon`, `circle`; colours `yellow`, `red`, `blue`, `green` |
//! | the matches of rounds | a hole's number, `"pass"`; Dakon's move `[h, c1, ..., ck]`, the hole sown and each choice in turn (`"relay"` or `"capture"`); between two rounds `{"refill": [F0, F1]}`, each player's holes in the order he fills them, the players filling in turn from the player to move (one who cannot fill passes) ([`drivers::rounds`]) |
//!
//! A hole number may also be written as a string (`"3"`).
//!
//! ## States
//!
//! Every state has `result`: `null` while the game goes on, `{"winner": P}`
//! (P the winner's player number) or `"draw"` once it is over. Every state
//! but Numa's has `to_move`: the player to move, or `null` once the game is
//! over. Counts are JSON numbers; lists are in canonical hole order, or
//! player order (player 0 first). The other fields:
//!
//! | game | fields besides `result` and `to_move` |
//! | --- | --- |
//! | `oware`, `kalah` | `board`: the 12 holes (Kalah's stores are not in it); `stores`: the 2 stores. At the end of oware the seeds left have been moved into their owners' stores; in Kalah they stay on the board, and the stores do not include them |
//! | `numercy` | `board`: the `2n` holes; `scores`: each player's points. At the end the points include the balls each player had left, while `board` stays as it was |
//! | `robertson` | `board`: `6 x rows` holes; `captured`: the stones each player captured (with `leftover: owner`, at the end, his stones left too, the board then being empty); `honours`: each player's honours |
//! | `mankka` | `board`: the 12 holes; `stores`: the seeds each player captured; `hands`: the seeds in each player's hand (6 in Mankka Two until he has placed them, else 0) |
//! | `numa` | `pieces`: `{"triangle": [x, y, "arabic"], "square": [...], "pentagon": [...], "circle": [...]}`, each piece's square and the face it shows; `scores`: `[arabic, roman]`. No `to_move`: both players choose every turn |
//! | the matches of rounds | `board`: the `2n` holes; `stores`: the seeds in each player's store or hand; `closed`: the holes closed in the round (sorted); `round`: the round, from 1 |
//!
//! Two states match when every field is equal, so a state must have every
//! field of its game (a missing field counts as `null`).
//!
//! ## Options
//!
//! Each key is a rule option of the game, read by the game's own option
//! reader ([`RuleOptions`]), exactly as its text notation reads `key=value`
//! words. A JSON value becomes that text: a string or a number as written,
//! `true`/`false`, `null` as `none`, and a list as its items joined by
//! commas (`["+", "x"]` is `+,x`). Keys are applied in the game's own order
//! whatever their order in the object (`holes` before `operators`, `layout`
//! before `owners`, a `rules` preset first). An unknown key or a refused
//! value fails the line.
//!
//! | game | keys: values (default first) |
//! | --- | --- |
//! | `numercy` | `holes`: 7 (2 to 13); `seeds`: 7; `operators`: a list of `"+"`, `"-"`, `"x"`, `":"`, `"^"`, one per file from player 0's left (default `+ - x :` repeated from the left); `relay_at`: 6; `skip_origin`: false; `rounding`: `"nearest"`, `"down"`, `"up"`; `divide_by_zero`: `"zero"`, `"max"`; `endless`: `"forbid"`, `"stop"`; `repetition`: false |
//! | `robertson` | `layout`: `"two-row"`, `"triangle"`, `"hexagon"`; `owners`: a list of one player a row, in ring order (default: one row each on two-row and triangle boards, `[0, 0, 0, 1, 1, 1]` on the hexagon); `seeds`: 4; `skip_origin`: false; `grand_slam`: `"allow"`, `"no-capture"`, `"forbid"`; `leftover`: `"void"`, `"owner"`; `honours`: `[2, 6, 4, 10]` |
//! | `mankka` | `variant`: `"two"`, `"one"`; `end_threshold`: 8; `early_end`: true; `skip_origin`: false; `chain`: `"cross"`, `"side"`; `endless`: `"forbid"`, `"stop"` |
//! | `numa` | `target`: 30; `wrap_adjacency`: true |
//! | `oware`, `kalah` | `houses`: 6; `seeds`: 4; for Kalah `empty_capture`: false (`true`: a last seed in an empty own hole is taken even when the opposite hole is empty); any other rule key of [`mancala_core::mancala_text`] over the preset |
//! | the catalogue's games ([`mancala_core::catalogue`]: `bohnenspiel`, `mankala`, `mangala`, `vai-lung-thlan`, `awari`, `wari`, `enindji`, `french-wari`, `en-gehe`, `i`, `kay`) | `houses`, `seeds` and any rule key of [`mancala_core::mancala_text`] over the game's preset |
//! | `toguz-kumalak` ([`mancala_core::toguz::ToguzKumalak`]; states add `tuzdik`) | none |
//! | the matches of rounds ([`mancala_core::rounds::RoundGame`]) | none |
//! | the games on four rows ([`mancala_core::four_rows::FourRowGame`]: `hus-nama`, `tsoro`, `moruba`, `hawalis`, `hus-damara`, `omweso`; moves `h`, `[h, "cw"]`, `{"place": h}`, `"pass"`) | none |
//!
//! What each option does is stated in its game crate's docs: the `# Rules`
//! sections of `numercy`, `robertson`, `mankka` and `numa`, and
//! `mancala_core`'s "Reference games" for oware and Kalah and its
//! `catalogue` module for the catalogue's games.
//!
//! Other implementations use the same format for further two-row games of
//! the wider family (states `board`, `stores`, `to_move`, `result`); this
//! runner knows only the games above, and fails a line of any other game
//! as an unknown game.
//!
//! # Replaying
//!
//! A line **passes** when all of this holds:
//!
//! 1. it is a trace (strict JSON, known keys, `moves` and `states` lists
//!    with one state more than moves);
//! 2. its game is known and its options are accepted;
//! 3. its `start`, if any, is accepted by the game's checked setup;
//! 4. `states[0]` equals the start position;
//! 5. every move is accepted in turn, and the state after move `k` equals
//!    `states[k + 1]`;
//! 6. every `rejected` move is refused in the last state and leaves it
//!    unchanged (a move the runner cannot even read counts as refused).
//!
//! Otherwise it **fails** at the first of these that does not hold; the
//! runner prints the file, the line number, the first move (counted from 0)
//! that was refused or whose state differs, and a message naming the fields
//! that differ (`field: expected X, got Y`):
//!
//! ```text
//! FILE:LINE: FAILED (first differing move: K): after move K (M): board: expected [...], got [...]
//! FILE: N passed, M failed
//! total: N passed, M failed
//! ```
//!
//! The example exits with 0 when every line of every file passed, 1 if any
//! line failed, and 2 if a file could not be read (or no file was given).
//!
//! ```
//! use mancala_cli::conformance::replay_line;
//!
//! let start = r#"{"board":[4,4,4,4,4,4,4,4,4,4,4,4],"stores":[0,0],"to_move":0,"result":null}"#;
//! let after = r#"{"board":[4,4,4,0,5,5,5,5,4,4,4,4],"stores":[0,0],"to_move":1,"result":null}"#;
//! // Hole 3 is now empty and hole 12 is off the board: both are refused.
//! let line = format!(r#"{{"game":"oware","moves":[3],"states":[{start},{after}],"rejected":[3,12]}}"#);
//! assert_eq!(replay_line(&line), Ok(()));
//!
//! // A wrong state fails at the move that reached it.
//! let wrong = line.replace(r#""to_move":1"#, r#""to_move":0"#);
//! let failure = replay_line(&wrong).unwrap_err();
//! assert_eq!(failure.ply, Some(0));
//! assert!(failure.message.contains("to_move: expected 0, got 1"), "{}", failure.message);
//! ```

mod any_game;
pub mod drivers;
pub mod runner;

pub use any_game::{replay_any, replay_any_within, replay_line, replay_line_within};
pub use drivers::{TraceGame, TraceMove, TracePlay};

use std::cell::Cell;
use std::fmt::Write as _;

use mancala_core::{Budget, Game, notation::RuleOptions};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The keys a trace line may have (see [Keys of a line](self#keys-of-a-line)).
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
    /// The line has a key the trace format does not define.
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
/// use mancala_cli::conformance::{LineError, parse_line};
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

/// Replays one trace of the game `G`, its options read over `base`,
/// deciding relays within `budget` (each call of the replay its own budget,
/// as a program playing the game would).
///
/// # Errors
///
/// The first [`Failure`] found.
pub fn replay<G: TraceGame>(
    base: G::Options,
    trace: &Map<String, Value>,
    budget: Budget,
) -> Result<(), Failure> {
    let (options, moves, states) = trace_parts(trace)?;
    let empty = Map::new();
    let options = options.unwrap_or(&empty);
    let mut game = drivers::build::<G>(base, options, trace.get("start"), budget)
        .map_err(|m| Failure::at(None, m))?;
    // A start state holds the fields of a state and nothing else (the
    // states are compared whole).
    if let Some(Value::Object(start)) = trace.get("start") {
        let fields = game.state();
        if let Some(key) = start.keys().find(|k| fields.get(k.as_str()).is_none()) {
            return Err(Failure::at(
                None,
                format!("unknown key `{key}` in the start state"),
            ));
        }
    }
    if let Some(d) = diff_states(&states[0], &game.state()) {
        return Err(Failure::at(None, format!("start state differs: {d}")));
    }
    for (i, mv) in moves.iter().enumerate() {
        match game.play_trace(mv) {
            Ok(()) => {}
            Err(TracePlay::Unreadable(m)) => {
                return Err(Failure::at(Some(i), format!("move {i} ({mv}): {m}")));
            }
            Err(TracePlay::Refused(e)) => {
                return Err(Failure::at(
                    Some(i),
                    format!("move {i} ({mv}) was refused: {e}"),
                ));
            }
        }
        if let Some(d) = diff_states(&states[i + 1], &game.state()) {
            return Err(Failure::at(Some(i), format!("after move {i} ({mv}): {d}")));
        }
    }
    match trace.get("rejected") {
        Some(rejected) => check_rejected(&game, rejected),
        None => Ok(()),
    }
}

/// A trace's `options` (`None` if missing or `null`), `moves` and
/// `states`, checked to be an object and two lists, one state more than
/// moves.
fn trace_parts(trace: &Map<String, Value>) -> Result<TraceParts<'_>, Failure> {
    let options = match trace.get("options") {
        None | Some(Value::Null) => None,
        Some(Value::Object(o)) => Some(o),
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
    Ok((options, moves, states))
}

/// A trace's options, moves and states.
type TraceParts<'a> = (Option<&'a Map<String, Value>>, &'a [Value], &'a [Value]);

/// Checks that every move of a trace's `rejected` is refused in `game`
/// and leaves it unchanged (a move the library cannot even read counts as
/// refused).
fn check_rejected<G: TraceGame>(game: &G, rejected: &Value) -> Result<(), Failure> {
    let Some(rejected) = rejected.as_array() else {
        return Err(Failure::at(None, "`rejected` must be a list"));
    };
    let before = game.state();
    for mv in rejected {
        // (A move the runner cannot read counts as refused.)
        let mut copy = game.clone();
        if copy.play_trace(mv).is_ok() {
            return Err(Failure::at(
                None,
                format!("rejected move {mv} was accepted"),
            ));
        }
        if let Some(d) = diff_states(&before, &copy.state()) {
            return Err(Failure::at(
                None,
                format!("refusing move {mv} changed the state: {d}"),
            ));
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
        // (The game's own reader words the refusal: `max_laps`, say, is
        // not a rule but the runner's work budget.)
        return Err(mancala_core::notation::OptionError::unknown_key(unknown, T::KEYS).to_string());
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

/// [`options_from`] over `base`, then the game's own `check` of the whole
/// set: how each driver reads its options.
///
/// # Errors
///
/// A message for an unknown key, a value the game refuses, or options
/// `check` refuses together.
pub(crate) fn checked_options<T: RuleOptions, R, E: std::fmt::Display>(
    base: T,
    map: &Map<String, Value>,
    check: impl FnOnce(&T) -> Result<R, E>,
) -> Result<T, String> {
    let options = options_from(base, map)?;
    check(&options).map_err(|e| e.to_string())?;
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

/// Sets a setup's player `to_move` from a start state's `to_move`, or its
/// `over` for a finished start ([`start_to_move`]).
///
/// # Errors
///
/// As [`start_to_move`].
pub(crate) fn set_start_turn(
    start: &Value,
    to_move: &mut mancala_core::Player,
    over: &mut bool,
) -> Result<(), String> {
    match start_to_move(start)? {
        Some(player) => *to_move = player,
        None => *over = true,
    }
    Ok(())
}
