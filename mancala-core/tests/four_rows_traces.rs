//! The four-row games replay Ludii's games (`conformance/four-rows/*.jsonl`,
//! copied from the recordings): every state of every game, through
//! [`FourRowGame`]'s actions as the trace format reads them (FOUR-ROWS.md
//! of the recordings): a hole sows it counter-clockwise, `[h, "cw"]`
//! clockwise, `{"place": h}` places a seed, `pass` passes. Before every
//! move the trace's move is among the legal moves, and every position
//! reached also reads back from its text and from its setup.

use mancala_core::four_rows::{FourRowAction, FourRowGame, FourRowRules};
use mancala_core::{Game, Outcome, Pit};
use serde_json::Value;

fn pit(value: &Value) -> Option<Pit> {
    Pit::new(usize::try_from(value.as_u64()?).ok()?)
}

/// The game's state in the trace's words.
fn state(game: &FourRowGame) -> Value {
    let (to_move, result) = match game.result() {
        None => (
            serde_json::json!(game.player_to_move().index()),
            Value::Null,
        ),
        Some(Outcome::Draw) => (Value::Null, serde_json::json!("draw")),
        Some(Outcome::Winner(p)) => (Value::Null, serde_json::json!({ "winner": p.index() })),
    };
    serde_json::json!({
        "board": game.board(),
        "stores": game.stores(),
        "to_move": to_move,
        "result": result,
    })
}

/// The action of a trace move.
fn action(mv: &Value) -> Option<FourRowAction> {
    match mv {
        Value::Number(_) => pit(mv).map(FourRowAction::Sow),
        Value::String(s) if s == "pass" => Some(FourRowAction::Pass),
        Value::Array(parts) if parts.len() == 2 && parts[1] == "cw" => {
            pit(&parts[0]).map(FourRowAction::SowClockwise)
        }
        Value::Object(place) => pit(place.get("place")?).map(FourRowAction::Place),
        _ => None,
    }
}

/// Replays one trace: the moves replayed, or why it failed.
fn replay(trace: &Value) -> Result<usize, String> {
    let name = trace["game"].as_str().expect("a game's name");
    let rules = FourRowRules::named(name).expect("a four-row game");
    let mut game = FourRowGame::new(rules).expect("valid rules");
    let states = trace["states"].as_array().expect("states");
    let moves = trace["moves"].as_array().expect("moves");
    assert_eq!(states.len(), moves.len() + 1);
    if state(&game) != states[0] {
        return Err(format!("start {} against {}", state(&game), states[0]));
    }
    for (i, mv) in moves.iter().enumerate() {
        let Some(action) = action(mv) else {
            return Err(format!("move {i}: {mv} is not a move"));
        };
        let legal = game.legal_moves();
        if !legal.contains(&action) {
            let legal: Vec<String> = legal.iter().map(ToString::to_string).collect();
            return Err(format!("move {i} ({mv}) not among {legal:?} in `{game}`"));
        }
        let before = game.to_string();
        if let Err(e) = game.play(action) {
            return Err(format!("move {i} ({mv}) refused: {e}"));
        }
        if game.to_string().parse::<FourRowGame>().as_ref() != Ok(&game) {
            return Err(format!("after move {i}: `{game}` does not read back"));
        }
        if FourRowGame::from_setup(game.to_setup()).as_ref() != Ok(&game) {
            return Err(format!("after move {i}: the setup of `{game}` differs"));
        }
        if state(&game) != states[i + 1] {
            return Err(format!(
                "after move {i} ({mv}):\n  ours   {}\n  theirs {}\n  before `{before}`",
                state(&game),
                states[i + 1],
            ));
        }
    }
    Ok(moves.len())
}

/// Replays every line of `conformance/four-rows/FILE.jsonl`, which must
/// hold `expected` games.
fn replays(file: &str, expected: usize) {
    let path = format!("../conformance/four-rows/{file}.jsonl");
    let text = std::fs::read_to_string(&path).expect("the traces");
    let mut failures = Vec::new();
    let mut passed = 0;
    let mut replayed = 0;
    for (line, trace) in text.lines().enumerate() {
        let trace: Value = serde_json::from_str(trace).expect("a trace");
        match replay(&trace) {
            Ok(moves) => {
                passed += 1;
                replayed += moves;
            }
            Err(why) => failures.push(format!("{file} line {}: {why}", line + 1)),
        }
    }
    let shown: Vec<&String> = failures.iter().take(3).collect();
    assert!(
        failures.is_empty(),
        "{passed} passed, {} failed:\n{shown:#?}",
        failures.len()
    );
    assert_eq!(passed, expected);
    eprintln!("{file}: {passed} games, {replayed} moves replayed");
}

#[test]
fn tsoro_replays() {
    replays("tsoro", 20);
}

#[test]
fn moruba_replays() {
    replays("moruba", 20);
}

#[test]
fn hawalis_replays() {
    replays("hawalis", 20);
}

#[test]
fn hus_damara_replays() {
    replays("hus-damara", 20);
}

#[test]
fn hus_nama_replays() {
    replays("hus-nama", 20);
}

#[test]
fn hus_nama_games_that_end_replay() {
    replays("hus-nama-ends", 5);
}

#[test]
fn omweso_replays() {
    replays("omweso", 20);
}
