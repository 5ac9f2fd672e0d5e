//! Conformance drivers for the core's reference games, oware and Kalah,
//! and the games of its catalogue.

use mancala_core::{
    Budget, Game, Mancala, Pit, Rules, Setup, Traditional,
    toguz::{ToguzKumalak, ToguzSetup},
};
use serde_json::{Map, Value, json};

use crate::conformance::{result_json, start_to_move, to_move_json, uint_list};
use crate::driver::{Preset, TraceDriver, TraceGame, setup_game};

/// The driver of the generic sowing game over the preset `P`: [`Oware`],
/// [`Kalah`] or a [`Catalogue`] game, each read with its options `houses`,
/// `seeds` and every rule key over the preset.
pub type Sowing<P> = TraceDriver<Mancala, P>;
/// Oware (`game: "oware"`), options `houses` and `seeds`.
pub struct Oware;
/// Kalah (`game: "kalah"`), options `houses`, `seeds` and `empty_capture`.
pub struct Kalah;
/// The catalogue game `Traditional::ALL[G]` (`game:` its name), options
/// `houses`, `seeds` and every rule key over its preset; not for a game with
/// a type of its own ([`Traditional::has_own_type`]).
pub struct Catalogue<const G: usize>;
/// Toguz Kumalak (`game: "toguz-kumalak"`), played by [`ToguzKumalak`]; no
/// options. Its states add `tuzdik`.
pub type Toguz = TraceDriver<ToguzKumalak>;

setup_game!(
    Mancala, Rules, Setup,
    new: Mancala::new_within,
    from_setup: Mancala::from_setup_within,
    game => { "stores" => stores: &game.board().stores()[..game.topology().players()] }
);

impl Preset<Rules> for Oware {
    fn preset() -> Result<Rules, String> {
        Ok(Rules::oware())
    }
}

impl Preset<Rules> for Kalah {
    fn preset() -> Result<Rules, String> {
        Ok(Rules::kalah())
    }
}

impl<const G: usize> Preset<Rules> for Catalogue<G> {
    fn preset() -> Result<Rules, String> {
        let game = Traditional::ALL
            .get(G)
            .ok_or_else(|| format!("the catalogue has no game {G}"))?;
        traditional_rules(*game)
    }
}

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
/// Toguz Kumalak, see [`Toguz`]), which is not a [`Mancala`].
pub fn build_traditional(
    game: Traditional,
    options: &Map<String, Value>,
    start: Option<&Value>,
    budget: Budget,
) -> Result<Mancala, String> {
    crate::driver::build(traditional_rules(game)?, options, start, budget)
}

impl TraceGame for ToguzKumalak {
    type Options = ();

    fn options((): (), map: &Map<String, Value>) -> Result<(), String> {
        match map.keys().next() {
            Some(key) => Err(format!("unknown option `{key}` (toguz-kumalak has none)")),
            None => Ok(()),
        }
    }

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
/// The first [`Failure`](crate::conformance::Failure) found.
pub fn replay_traditional(
    game: Traditional,
    trace: &Map<String, Value>,
    budget: Budget,
) -> Result<(), crate::conformance::Failure> {
    use crate::conformance::replay;
    // The game's index in the catalogue, as the driver's parameter.
    if game == Traditional::ToguzKumalak {
        return replay::<Toguz>(trace, budget);
    }
    let index = Traditional::ALL.iter().position(|&g| g == game);
    match index {
        Some(0) => replay::<Sowing<Catalogue<0>>>(trace, budget),
        Some(1) => replay::<Sowing<Catalogue<1>>>(trace, budget),
        Some(2) => replay::<Sowing<Catalogue<2>>>(trace, budget),
        Some(3) => replay::<Sowing<Catalogue<3>>>(trace, budget),
        Some(4) => replay::<Sowing<Catalogue<4>>>(trace, budget),
        Some(5) => replay::<Sowing<Catalogue<5>>>(trace, budget),
        Some(6) => replay::<Sowing<Catalogue<6>>>(trace, budget),
        Some(7) => replay::<Sowing<Catalogue<7>>>(trace, budget),
        Some(8) => replay::<Sowing<Catalogue<8>>>(trace, budget),
        Some(9) => replay::<Sowing<Catalogue<9>>>(trace, budget),
        Some(10) => replay::<Sowing<Catalogue<10>>>(trace, budget),
        Some(11) => replay::<Sowing<Catalogue<11>>>(trace, budget),
        _ => Err(crate::conformance::Failure {
            ply: None,
            message: format!("no conformance driver for `{game}`"),
        }),
    }
}
