//! The conformance driver for Robertson's game (`game: "robertson"`).

use mancala_core::{GrandSlam, Leftover, Pit, Player};
use robertson::{Options, Robertson, Setup, Shape};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, boolean, choice, hole_move, result_json, start_to_move, to_move_json, uint_list,
    uint_option,
};

/// Robertson's game, with every option key of `TRACES.md`.
pub struct RobertsonDriver;

/// Reads Robertson options from a trace's `options` object.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn options_from(map: &Map<String, Value>) -> Result<Options, String> {
    let mut options = Options::two_row();
    // `layout` first: the owners are checked against it.
    if let Some(v) = map.get("layout") {
        let shape = choice(
            "layout",
            v,
            &[
                ("two-row", Shape::TwoRow),
                ("triangle", Shape::Triangle),
                ("hexagon", Shape::Hexagon),
            ],
        )?;
        options = match shape {
            Shape::TwoRow => Options::two_row(),
            Shape::Triangle => Options::triangle(),
            Shape::Hexagon => Options::hexagon(2).map_err(|e| e.to_string())?,
        };
    }
    for (key, value) in map {
        match key.as_str() {
            "layout" => {}
            "owners" => {
                let owners = uint_list::<usize>("owners", Some(value))?
                    .into_iter()
                    .map(|i| Player::new(i).ok_or_else(|| format!("owner {i} is not a player")))
                    .collect::<Result<Vec<_>, _>>()?;
                options = options.with_owners(&owners).map_err(|e| e.to_string())?;
            }
            "seeds" => options.seeds = uint_option(key, value, 1, u64::from(u16::MAX))? as u16,
            "skip_origin" => options.skip_origin = boolean(key, value)?,
            "grand_slam" => {
                options.grand_slam = choice(
                    key,
                    value,
                    &[
                        ("allow", GrandSlam::Allow),
                        ("no-capture", GrandSlam::NoCapture),
                        ("forbid", GrandSlam::Forbid),
                    ],
                )?;
            }
            "leftover" => {
                options.leftover = choice(
                    key,
                    value,
                    &[("void", Leftover::Void), ("owner", Leftover::ToOwner)],
                )?;
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    options.check().map_err(|e| e.to_string())?;
    Ok(options)
}

impl Driver for RobertsonDriver {
    type Game = Robertson;

    fn build(options: &Map<String, Value>, start: Option<&Value>) -> Result<Robertson, String> {
        let options = options_from(options)?;
        let Some(start) = start else {
            return Robertson::new(options).map_err(|e| e.to_string());
        };
        let mut setup = Setup::new(options);
        setup.board = uint_list("board", start.get("board"))?;
        setup.captured = uint_list("captured", start.get("captured"))?;
        setup.honours = uint_list("honours", start.get("honours"))?;
        match start_to_move(start)? {
            Some(player) => setup.to_move = player,
            None => setup.over = true,
        }
        Robertson::from_setup(setup).map_err(|e| format!("impossible start: {e}"))
    }

    fn state(game: &Robertson) -> Value {
        json!({
            "board": game.board().holes(),
            "captured": game.captured().as_slice(),
            "honours": game.honours().as_slice(),
            "to_move": to_move_json(game),
            "result": result_json(game.outcome()),
        })
    }

    fn parse_move(_game: &Robertson, mv: &Value) -> Result<Pit, String> {
        hole_move(mv)
    }
}
