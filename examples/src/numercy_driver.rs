//! The conformance driver for Numercy (`game: "numercy"`).

use mancala_core::{Endless, Pit};
use numercy::{DivideByZero, Numercy, Operator, Options, Rounding, Setup};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, boolean, choice, hole_move, result_json, start_to_move, to_move_json, uint_list,
    uint_option,
};

/// Numercy, with every option key of `TRACES.md`.
pub struct NumercyDriver;

/// Reads Numercy options from a trace's `options` object.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn options_from(map: &Map<String, Value>) -> Result<Options, String> {
    let mut options = Options::classic();
    // `holes` first: the operator row is checked against it.
    if let Some(v) = map.get("holes") {
        options = options.with_holes(uint_option("holes", v, 2, 13)? as u8);
    }
    for (key, value) in map {
        match key.as_str() {
            "holes" => {}
            "seeds" => options.seeds = uint_option(key, value, 1, u64::from(u16::MAX))? as u16,
            "operators" => {
                let row = value
                    .as_array()
                    .ok_or_else(|| format!("option `operators` must be a list, not {value}"))?
                    .iter()
                    .map(|v| {
                        v.as_str()
                            .and_then(|s| s.parse::<Operator>().ok())
                            .ok_or_else(|| format!("`{v}` is not an operator (+ - x : ^)"))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                options = options.with_operators(&row).map_err(|e| e.to_string())?;
            }
            "relay_at" => {
                options.relay_at = uint_option(key, value, 0, u64::from(u16::MAX))? as u16
            }
            "skip_origin" => options.skip_origin = boolean(key, value)?,
            // Not a key of TRACES.md: this library's repetition option.
            "repetition" => options.repetition = boolean(key, value)?,
            "rounding" => {
                options.rounding = choice(
                    key,
                    value,
                    &[
                        ("nearest", Rounding::Nearest),
                        ("down", Rounding::Down),
                        ("up", Rounding::Up),
                    ],
                )?;
            }
            "divide_by_zero" => {
                options.divide_by_zero = choice(
                    key,
                    value,
                    &[("zero", DivideByZero::Zero), ("max", DivideByZero::Max)],
                )?;
            }
            "endless" => {
                options.endless = choice(
                    key,
                    value,
                    &[("forbid", Endless::Forbid), ("stop", Endless::Stop)],
                )?;
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    options.check().map_err(|e| e.to_string())?;
    Ok(options)
}

impl Driver for NumercyDriver {
    type Game = Numercy;

    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Numercy, String> {
        let options = options_from(options)?;
        let Some(start) = start else {
            return Numercy::new(options).map_err(|e| e.to_string());
        };
        let mut setup = Setup::new(options);
        setup.board = uint_list("board", start.get("board"))?;
        setup.points = uint_list("scores", start.get("scores"))?;
        match start_to_move(start)? {
            Some(player) => setup.to_move = player,
            None => setup.over = true,
        }
        Numercy::from_setup(setup).map_err(|e| format!("impossible start: {e}"))
    }

    fn state(game: &Numercy) -> Value {
        json!({
            "board": game.board().holes(),
            "scores": game.points(),
            "to_move": to_move_json(game),
            "result": result_json(game.outcome()),
        })
    }

    fn parse_move(_game: &Numercy, mv: &Value) -> Result<Pit, String> {
        hole_move(mv)
    }
}
