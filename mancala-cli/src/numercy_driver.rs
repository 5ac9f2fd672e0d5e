//! The conformance driver for Numercy (`game: "numercy"`).

use numercy::{Budget, Game, Numercy, Options, Pit, Setup};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, checked_options, result_json, set_start_turn, text_move, to_move_json, uint_list,
};

/// Numercy, with every option key of the trace format
/// ([Options](crate::conformance#options)).
pub struct NumercyDriver;

/// Reads Numercy options from a trace's `options` object, through
/// Numercy's own option reader.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn options_from(map: &Map<String, Value>) -> Result<Options, String> {
    checked_options(Options::default(), map, Options::check)
}

impl Driver for NumercyDriver {
    type Game = Numercy;

    fn build(
        options: &Map<String, Value>,
        start: Option<&Value>,
        budget: Budget,
    ) -> Result<Numercy, String> {
        let options = options_from(options)?;
        let Some(start) = start else {
            return Numercy::new_within(options, budget).map_err(|e| e.to_string());
        };
        let mut setup = Setup::new(options);
        setup.board = uint_list("board", start.get("board"))?;
        setup.points = uint_list("scores", start.get("scores"))?;
        set_start_turn(start, &mut setup.to_move, &mut setup.over)?;
        Numercy::from_setup_within(setup, budget).map_err(|e| format!("impossible start: {e}"))
    }

    fn state(game: &Numercy) -> Value {
        json!({
            "board": game.board().holes(),
            "scores": game.scores().as_slice(),
            "to_move": to_move_json(game),
            "result": result_json(game.outcome()),
        })
    }

    fn parse_move(_game: &Numercy, mv: &Value) -> Result<Pit, String> {
        text_move(mv)
    }
}
