//! The conformance driver for Mankka (`game: "mankka"`).

use mankka::{Game, Mankka, Move, Options, Placement, SIDE, Setup};
use serde_json::Value;

use super::{TraceMove, setup_game};
use crate::conformance::{text_move, uint_list};

setup_game!(
    Mankka, Options, Setup,
    new: Mankka::new_within,
    from_setup: Mankka::from_setup_within,
    game => {
        "stores" => stores: &game.board().stores()[..2],
        "hands" => hands: game.hands().as_slice(),
    }
);

impl TraceMove for Move {
    fn from_trace(mv: &Value) -> Result<Move, String> {
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
