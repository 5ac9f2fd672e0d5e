//! The conformance driver for Mankka (`game: "mankka"`).

use mancala_core::Endless;
use mankka::{Chain, Mankka, Move, Options, Placement, SIDE, Setup, Variant};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, boolean, choice, hole_move, result_json, start_to_move, to_move_json, uint_list,
    uint_option,
};

/// Mankka, with every option key of `TRACES.md`.
pub struct MankkaDriver;

/// Reads Mankka options from a trace's `options` object.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn options_from(map: &Map<String, Value>) -> Result<Options, String> {
    let mut options = Options::two();
    for (key, value) in map {
        match key.as_str() {
            "variant" => {
                options.variant =
                    choice(key, value, &[("two", Variant::Two), ("one", Variant::One)])?
            }
            "end_threshold" => {
                options.end_threshold = uint_option(key, value, 0, u64::from(u16::MAX))? as u16
            }
            "early_end" => options.early_end = boolean(key, value)?,
            "skip_origin" => options.skip_origin = boolean(key, value)?,
            "chain" => {
                options.chain = choice(
                    key,
                    value,
                    &[("cross", Chain::Cross), ("side", Chain::Side)],
                )?
            }
            "endless" => {
                options.endless = choice(
                    key,
                    value,
                    &[("forbid", Endless::Forbid), ("stop", Endless::Stop)],
                )?
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    options.check().map_err(|e| e.to_string())?;
    Ok(options)
}

impl Driver for MankkaDriver {
    type Game = Mankka;

    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Mankka, String> {
        let options = options_from(options)?;
        let Some(start) = start else {
            return Mankka::new(options).map_err(|e| e.to_string());
        };
        let mut setup = Setup::new(options);
        setup.board = uint_list("board", start.get("board"))?;
        setup.stores = uint_list("stores", start.get("stores"))?;
        setup.hands = uint_list("hands", start.get("hands"))?;
        match start_to_move(start)? {
            Some(player) => setup.to_move = player,
            None => setup.over = true,
        }
        Mankka::from_setup(setup).map_err(|e| format!("impossible start: {e}"))
    }

    fn state(game: &Mankka) -> Value {
        json!({
            "board": game.board().holes(),
            "stores": &game.board().stores()[..2],
            "hands": game.hands(),
            "to_move": to_move_json(game),
            "result": result_json(game.outcome()),
        })
    }

    fn parse_move(game: &Mankka, mv: &Value) -> Result<Move, String> {
        if mv.as_str() == Some("pass") {
            return Ok(Move::Pass);
        }
        if let Some(place) = mv.get("place") {
            let counts: Vec<u16> = uint_list("place", Some(place))?;
            let counts: [u16; SIDE] = counts
                .try_into()
                .map_err(|c: Vec<u16>| format!("a placement has {SIDE} counts, not {}", c.len()))?;
            let player = game.turn().unwrap_or_default();
            return Ok(Move::Place(Placement::new(player, counts)));
        }
        hole_move(mv).map(Move::Sow)
    }
}
