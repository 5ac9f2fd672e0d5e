//! Conformance drivers for the core's reference games, oware and Kalah,
//! and the games of its catalogue.

use mancala_core::{
    Budget, Game, Mancala, Move, Pit, Rules, Setup, Traditional,
    toguz::{ToguzKumalak, ToguzSetup},
};
use serde_json::{Map, Value, json};

use crate::conformance::{
    Driver, checked_options, result_json, set_start_turn, start_to_move, text_move, to_move_json,
    uint_list,
};

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
pub struct Toguz;

/// Reads oware or Kalah rules over `base` through [`Rules`]' own option
/// reader.
///
/// # Errors
///
/// A message for an unknown key or a bad value.
pub fn rules_from(base: Rules, options: &Map<String, Value>) -> Result<Rules, String> {
    checked_options(base, options, Rules::check)
}

fn build(
    base: Rules,
    options: &Map<String, Value>,
    start: Option<&Value>,
    budget: Budget,
) -> Result<Mancala, String> {
    let rules = rules_from(base, options)?;
    let Some(start) = start else {
        return Mancala::new_within(rules, budget).map_err(|e| e.to_string());
    };
    let mut setup = Setup::new(rules);
    setup.board = uint_list("board", start.get("board"))?;
    setup.stores = uint_list("stores", start.get("stores"))?;
    set_start_turn(start, &mut setup.to_move, &mut setup.over)?;
    Mancala::from_setup_within(setup, budget).map_err(|e| format!("impossible start: {e}"))
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

/// A game of the generic sowing family whose driver builds it over a
/// preset of [`Rules`]: [`Oware`], [`Kalah`] and the [`Catalogue`]'s games
/// share one [`Driver`], which reads the trace's options over the preset
/// and writes the states of a [`Mancala`].
pub trait SowingPreset {
    /// The rules the trace's options apply to.
    ///
    /// # Errors
    ///
    /// A message for a game the generic sowing game does not play.
    fn preset() -> Result<Rules, String>;
}

impl SowingPreset for Oware {
    fn preset() -> Result<Rules, String> {
        Ok(Rules::oware())
    }
}

impl SowingPreset for Kalah {
    fn preset() -> Result<Rules, String> {
        Ok(Rules::kalah())
    }
}

impl<const G: usize> SowingPreset for Catalogue<G> {
    fn preset() -> Result<Rules, String> {
        let game = Traditional::ALL
            .get(G)
            .ok_or_else(|| format!("the catalogue has no game {G}"))?;
        traditional_rules(*game)
    }
}

impl<T: SowingPreset> Driver for T {
    type Game = Mancala;
    fn build(
        options: &Map<String, Value>,
        start: Option<&Value>,
        budget: Budget,
    ) -> Result<Mancala, String> {
        build(T::preset()?, options, start, budget)
    }
    fn state(game: &Mancala) -> Value {
        state(game)
    }
    fn parse_move(_game: &Mancala, mv: &Value) -> Result<Move, String> {
        text_move(mv)
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
    build(traditional_rules(game)?, options, start, budget)
}

impl Driver for Toguz {
    type Game = ToguzKumalak;
    fn build(
        options: &Map<String, Value>,
        start: Option<&Value>,
        _budget: Budget,
    ) -> Result<ToguzKumalak, String> {
        if let Some(key) = options.keys().next() {
            return Err(format!("unknown option `{key}` (toguz-kumalak has none)"));
        }
        let Some(start) = start else {
            return Ok(ToguzKumalak::default());
        };
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
    fn state(game: &ToguzKumalak) -> Value {
        let tuzdik = |p| game.tuzdik(p).map(|t: Pit| t.index());
        json!({
            "board": game.board().holes(),
            "stores": &game.board().stores()[..2],
            "tuzdik": [tuzdik(mancala_core::Player::P0), tuzdik(mancala_core::Player::P1)],
            "to_move": to_move_json(game),
            "result": result_json(game.outcome()),
        })
    }
    fn parse_move(_game: &ToguzKumalak, mv: &Value) -> Result<Move, String> {
        text_move(mv)
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
        Some(0) => replay::<Catalogue<0>>(trace, budget),
        Some(1) => replay::<Catalogue<1>>(trace, budget),
        Some(2) => replay::<Catalogue<2>>(trace, budget),
        Some(3) => replay::<Catalogue<3>>(trace, budget),
        Some(4) => replay::<Catalogue<4>>(trace, budget),
        Some(5) => replay::<Catalogue<5>>(trace, budget),
        Some(6) => replay::<Catalogue<6>>(trace, budget),
        Some(7) => replay::<Catalogue<7>>(trace, budget),
        Some(8) => replay::<Catalogue<8>>(trace, budget),
        Some(9) => replay::<Catalogue<9>>(trace, budget),
        Some(10) => replay::<Catalogue<10>>(trace, budget),
        Some(11) => replay::<Catalogue<11>>(trace, budget),
        _ => Err(crate::conformance::Failure {
            ply: None,
            message: format!("no conformance driver for `{game}`"),
        }),
    }
}
