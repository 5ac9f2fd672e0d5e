//! Conformance drivers for the core's reference games, oware and Kalah,
//! and the games of its catalogue.

use mancala_core::{
    Budget, Game, Mancala, Pit, Rules, Setup, Traditional,
    toguz::{ToguzKumalak, ToguzSetup},
};
use serde_json::{Map, Value, json};

use super::{TraceGame, setup_game};
use crate::conformance::{Failure, replay, result_json, start_to_move, to_move_json, uint_list};

setup_game!(
    Mancala, Rules, Setup,
    new: Mancala::new_within,
    from_setup: Mancala::from_setup_within,
    game => { "stores" => stores: &game.board().stores()[..game.topology().players()] }
);

/// The rules of the catalogue game `game`, unless it has a type of its own.
fn traditional_rules(game: Traditional) -> Result<Rules, String> {
    if game.has_own_type() {
        return Err(format!(
            "{game} is played by a type of its own, not by the generic sowing game"
        ));
    }
    Ok(game.rules())
}

/// The start of the catalogue game `game` under the trace options `options`
/// (over its preset) and, if given, the trace's `start` state.
///
/// # Errors
///
/// A message for an unknown option key, a bad value or an impossible start,
/// or for a game with a type of its own ([`Traditional::has_own_type`]:
/// Toguz Kumalak, a [`ToguzKumalak`]), which is not a [`Mancala`].
pub fn build_traditional(
    game: Traditional,
    options: &Map<String, Value>,
    start: Option<&Value>,
    budget: Budget,
) -> Result<Mancala, String> {
    super::build(traditional_rules(game)?, options, start, budget)
}

impl TraceGame for ToguzKumalak {
    type Options = ();

    fn options((): (), map: &Map<String, Value>) -> Result<(), String> {
        match map.keys().next() {
            Some(key) => Err(format!("unknown option `{key}` (toguz-kumalak has none)")),
            None => Ok(()),
        }
    }

    fn base(&self) {}

    fn start((): (), _budget: Budget) -> Result<ToguzKumalak, String> {
        Ok(ToguzKumalak::default())
    }

    fn set_up((): (), start: &Value, _budget: Budget) -> Result<ToguzKumalak, String> {
        let board: Vec<u16> = uint_list("board", start.get("board"))?;
        let stores: Vec<u16> = uint_list("stores", start.get("stores"))?;
        let mut setup = ToguzSetup {
            board: board
                .try_into()
                .map_err(|_| "`board` must hold 18 counts".to_string())?,
            stores: stores
                .try_into()
                .map_err(|_| "`stores` must hold 2 counts".to_string())?,
            ..ToguzSetup::default()
        };
        if let Some(tuzdik) = start.get("tuzdik") {
            let list = tuzdik
                .as_array()
                .filter(|l| l.len() == 2)
                .ok_or("`tuzdik` must be a list of two holes or nulls")?;
            for (slot, t) in setup.tuzdik.iter_mut().zip(list) {
                *slot = match t {
                    Value::Null => None,
                    v => Some(
                        v.as_u64()
                            .and_then(|i| Pit::new(i as usize))
                            .ok_or_else(|| format!("`tuzdik` holds {v}, not a hole"))?,
                    ),
                };
            }
        }
        // A finished start names no player: the one with no seeds to move.
        setup.to_move = match start_to_move(start)? {
            Some(player) => player,
            None => mancala_core::Player::all(2)
                .find(|p| setup.board[p.index() * 9..][..9].iter().all(|&c| c == 0))
                .ok_or("a finished start must leave a player without seeds")?,
        };
        ToguzKumalak::from_setup(setup).map_err(|e| format!("impossible start: {e}"))
    }

    fn state(&self) -> Value {
        let tuzdik = |p| self.tuzdik(p).map(|t: Pit| t.index());
        json!({
            "board": self.board().holes(),
            "stores": &self.board().stores()[..2],
            "tuzdik": [tuzdik(mancala_core::Player::P0), tuzdik(mancala_core::Player::P1)],
            "to_move": to_move_json(self),
            "result": result_json(self.outcome()),
        })
    }
}

/// Replays a trace of the catalogue game `game`.
///
/// # Errors
///
/// The first [`Failure`] found.
pub fn replay_traditional(
    game: Traditional,
    trace: &Map<String, Value>,
    budget: Budget,
) -> Result<(), Failure> {
    if game == Traditional::ToguzKumalak {
        return replay::<ToguzKumalak>((), trace, budget);
    }
    match traditional_rules(game) {
        Ok(rules) => replay::<Mancala>(rules, trace, budget),
        Err(message) => Err(Failure { ply: None, message }),
    }
}
