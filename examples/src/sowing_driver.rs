//! Conformance drivers for the core's reference games, oware and Kalah.

use mancala_core::{Mancala, Pit, Player, Rules, Setup};
use serde_json::{Map, Value, json};

use crate::conformance::{Driver, result_json, to_move_json, uint_list, uint_option};

/// Oware (`game: "oware"`), options `houses` and `seeds`.
pub struct Oware;
/// Kalah (`game: "kalah"`), options `houses` and `seeds`.
pub struct Kalah;

fn rules_from(base: Rules, options: &Map<String, Value>) -> Result<Rules, String> {
    let mut rules = base;
    for (key, value) in options {
        match key.as_str() {
            "houses" => rules = rules.with_houses(uint_option(key, value, 1, 13)? as u8),
            "seeds" => rules = rules.with_seeds(uint_option(key, value, 1, 1000)? as u16),
            other => return Err(format!("unknown option `{other}`")),
        }
    }
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
    match start.get("to_move") {
        Some(Value::Null) | None => setup.over = true,
        Some(v) => {
            setup.to_move = v
                .as_u64()
                .and_then(|i| Player::new(i as usize))
                .ok_or_else(|| format!("`to_move` must be a player, not {v}"))?;
        }
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

fn parse_move(mv: &Value) -> Result<Pit, String> {
    mv.as_u64()
        .and_then(|i| Pit::new(i as usize))
        .ok_or_else(|| format!("a move is a hole index, not {mv}"))
}

impl Driver for Oware {
    type Game = Mancala;
    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Mancala, String> {
        build(Rules::oware(), options, start)
    }
    fn state(game: &Mancala) -> Value {
        state(game)
    }
    fn parse_move(_game: &Mancala, mv: &Value) -> Result<Pit, String> {
        parse_move(mv)
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
    fn parse_move(_game: &Mancala, mv: &Value) -> Result<Pit, String> {
        parse_move(mv)
    }
}
