//! Conformance drivers for the core's reference games, oware and Kalah.

use mancala_core::{Game, Mancala, Move, Rules, Setup};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, options_from, result_json, start_to_move, text_move, to_move_json, uint_list,
};

/// Oware (`game: "oware"`), options `houses` and `seeds`.
pub struct Oware;
/// Kalah (`game: "kalah"`), options `houses`, `seeds` and `empty_capture`.
pub struct Kalah;

/// Reads oware or Kalah rules over `base` through [`Rules`]' own option
/// reader.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn rules_from(base: Rules, options: &Map<String, Value>) -> Result<Rules, String> {
    let rules = options_from(base, options)?;
    rules.check().map_err(|e| e.to_string())?;
    Ok(rules)
}

fn build(
    base: Rules,
    options: &Map<String, Value>,
    start: Option<&Value>,
) -> Result<Mancala, String> {
    let rules = rules_from(base, options)?;
    let Some(start) = start else {
        return Mancala::new(rules).map_err(|e| e.to_string());
    };
    let mut setup = Setup::new(rules);
    setup.board = uint_list("board", start.get("board"))?;
    setup.stores = uint_list("stores", start.get("stores"))?;
    match start_to_move(start)? {
        Some(player) => setup.to_move = player,
        None => setup.over = true,
    }
    Mancala::from_setup(setup).map_err(|e| format!("impossible start: {e}"))
}

fn state(game: &Mancala) -> Value {
    let players = game.topology().players();
    json!({
        "board": game.board().holes(),
        "stores": &game.board().stores()[..players],
        "to_move": to_move_json(game),
        "result": result_json(game.outcome()),
    })
}

impl Driver for Oware {
    type Game = Mancala;
    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Mancala, String> {
        build(Rules::oware(), options, start)
    }
    fn state(game: &Mancala) -> Value {
        state(game)
    }
    fn parse_move(_game: &Mancala, mv: &Value) -> Result<Move, String> {
        text_move(mv)
    }
}

impl Driver for Kalah {
    type Game = Mancala;
    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Mancala, String> {
        build(Rules::kalah(), options, start)
    }
    fn state(game: &Mancala) -> Value {
        state(game)
    }
    fn parse_move(_game: &Mancala, mv: &Value) -> Result<Move, String> {
        text_move(mv)
    }
}
