//! Conformance drivers for the core's reference games, oware and Kalah,
//! and the games of its catalogue.

use mancala_core::{Game, Mancala, Move, Rules, Setup, Traditional};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, options_from, result_json, start_to_move, text_move, to_move_json, uint_list,
};

/// Oware (`game: "oware"`), options `houses` and `seeds`.
pub struct Oware;
/// Kalah (`game: "kalah"`), options `houses`, `seeds` and `empty_capture`.
pub struct Kalah;
/// The catalogue game `Traditional::ALL[G]` (`game:` its name), options
/// `houses`, `seeds` and every rule key over its preset.
pub struct Catalogue<const G: usize>;

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

impl<const G: usize> Driver for Catalogue<G> {
    type Game = Mancala;
    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Mancala, String> {
        let game = Traditional::ALL
            .get(G)
            .ok_or_else(|| format!("the catalogue has no game {G}"))?;
        build(game.rules(), options, start)
    }
    fn state(game: &Mancala) -> Value {
        state(game)
    }
    fn parse_move(_game: &Mancala, mv: &Value) -> Result<Move, String> {
        text_move(mv)
    }
}

/// The start of the catalogue game `game` under the trace options `options`
/// (over its preset) and, if given, the trace's `start` state.
///
/// # Errors
///
/// A message for an unknown option key, a bad value or an impossible start.
pub fn build_traditional(
    game: Traditional,
    options: &Map<String, Value>,
    start: Option<&Value>,
) -> Result<Mancala, String> {
    build(game.rules(), options, start)
}

/// Replays a trace of the catalogue game `game`.
///
/// # Errors
///
/// The first [`Failure`](crate::conformance::Failure) found.
pub fn replay_traditional(
    game: Traditional,
    trace: &Map<String, Value>,
) -> Result<(), crate::conformance::Failure> {
    use crate::conformance::replay;
    // The game's index in the catalogue, as the driver's parameter.
    let index = Traditional::ALL.iter().position(|&g| g == game);
    match index {
        Some(0) => replay::<Catalogue<0>>(trace),
        Some(1) => replay::<Catalogue<1>>(trace),
        Some(2) => replay::<Catalogue<2>>(trace),
        Some(3) => replay::<Catalogue<3>>(trace),
        Some(4) => replay::<Catalogue<4>>(trace),
        Some(5) => replay::<Catalogue<5>>(trace),
        Some(6) => replay::<Catalogue<6>>(trace),
        Some(7) => replay::<Catalogue<7>>(trace),
        Some(8) => replay::<Catalogue<8>>(trace),
        Some(9) => replay::<Catalogue<9>>(trace),
        Some(10) => replay::<Catalogue<10>>(trace),
        Some(11) => replay::<Catalogue<11>>(trace),
        _ => Err(crate::conformance::Failure {
            ply: None,
            message: format!("no conformance driver for `{game}`"),
        }),
    }
}
