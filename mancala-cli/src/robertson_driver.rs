//! The conformance driver for Robertson's game (`game: "robertson"`).

use mancala_core::Budget;
use robertson::{Game, Options, Pit, Robertson, Setup};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, checked_options, result_json, set_start_turn, text_move, to_move_json, uint_list,
};

/// Robertson's game, with every option key of the trace format
/// ([Options](crate::conformance#options)).
pub struct RobertsonDriver;

/// Reads Robertson options from a trace's `options` object, through
/// Robertson's own option reader.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn options_from(map: &Map<String, Value>) -> Result<Options, String> {
    checked_options(Options::default(), map, Options::check)
}

impl Driver for RobertsonDriver {
    type Game = Robertson;

    fn build(
        options: &Map<String, Value>,
        start: Option<&Value>,
        _budget: Budget,
    ) -> Result<Robertson, String> {
        let options = options_from(options)?;
        let Some(start) = start else {
            return Robertson::new(options).map_err(|e| e.to_string());
        };
        let mut setup = Setup::new(options);
        setup.board = uint_list("board", start.get("board"))?;
        setup.captured = uint_list("captured", start.get("captured"))?;
        setup.honours = uint_list("honours", start.get("honours"))?;
        set_start_turn(start, &mut setup.to_move, &mut setup.over)?;
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
        text_move(mv)
    }
}
