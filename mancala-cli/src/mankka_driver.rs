//! The conformance driver for Mankka (`game: "mankka"`).

use mankka::{Budget, Game, Mankka, Move, Options, Placement, SIDE, Setup};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, checked_options, result_json, set_start_turn, text_move, to_move_json, uint_list,
};

/// Mankka, with every option key of the trace format
/// ([Options](crate::conformance#options)).
pub struct MankkaDriver;

/// Reads Mankka options from a trace's `options` object, through Mankka's
/// own option reader.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn options_from(map: &Map<String, Value>) -> Result<Options, String> {
    checked_options(Options::default(), map, Options::check)
}

impl Driver for MankkaDriver {
    type Game = Mankka;

    fn build(
        options: &Map<String, Value>,
        start: Option<&Value>,
        budget: Budget,
    ) -> Result<Mankka, String> {
        let options = options_from(options)?;
        let Some(start) = start else {
            return Mankka::new_within(options, budget).map_err(|e| e.to_string());
        };
        let mut setup = Setup::new(options);
        setup.board = uint_list("board", start.get("board"))?;
        setup.stores = uint_list("stores", start.get("stores"))?;
        setup.hands = uint_list("hands", start.get("hands"))?;
        set_start_turn(start, &mut setup.to_move, &mut setup.over)?;
        Mankka::from_setup_within(setup, budget).map_err(|e| format!("impossible start: {e}"))
    }

    fn state(game: &Mankka) -> Value {
        json!({
            "board": game.board().holes(),
            "stores": &game.board().stores()[..2],
            "hands": game.hands().as_slice(),
            "to_move": to_move_json(game),
            "result": result_json(game.outcome()),
        })
    }

    fn parse_move(_game: &Mankka, mv: &Value) -> Result<Move, String> {
        if let Some(place) = mv.get("place") {
            let counts: Vec<u16> = uint_list("place", Some(place))?;
            let counts: [u16; SIDE] = counts
                .try_into()
                .map_err(|c: Vec<u16>| format!("a placement has {SIDE} counts, not {}", c.len()))?;
            return Ok(Move::Place(Placement::new(counts)));
        }
        text_move(mv)
    }
}
