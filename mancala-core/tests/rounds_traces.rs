//! The round games replay Ludii's matches (`conformance/rounds/*.jsonl`,
//! copied from the recordings): every state of every match, through
//! [`RoundGame`]'s actions as the trace format reads them (TRACES.md,
//! "Rounds"): a hole sows it, a list is a hole and its choices, `pass`
//! passes, and `{"refill": [F0, F1]}` is the players' fills in turn from
//! the player to move, a player who cannot fill passing. Every position
//! reached also reads back from its text and from its setup.

use mancala_core::rounds::{RoundAction, RoundGame, RoundRules};
use mancala_core::{Game, Pit, Player};
use serde_json::Value;

/// The preset of a trace's game.
fn rules(name: &str) -> RoundRules {
    match name {
        "sungka" => RoundRules::sungka(),
        "congkak" => RoundRules::congkak(),
        "galatjang" => RoundRules::galatjang(),
        "ovalhu" => RoundRules::ovalhu(),
        "erherhe" => RoundRules::erherhe(),
        "khrour" => RoundRules::khrour(),
        "dakon" => RoundRules::dakon(),
        "pallanguzhi" => RoundRules::pallanguzhi(),
        other => panic!("no round game {other}"),
    }
}

fn pit(value: &Value) -> Pit {
    Pit::new(value.as_u64().expect("a hole") as usize).expect("a hole")
}

/// The game's state in the trace's words.
fn state(game: &RoundGame) -> Value {
    let closed: Vec<usize> = game.closed().map(Pit::index).collect();
    let result = match game.winner() {
        Some(p) => serde_json::json!({ "winner": p.index() }),
        None => Value::Null,
    };
    let to_move = match game.winner() {
        Some(_) => Value::Null,
        None => serde_json::json!(game.player_to_move().index()),
    };
    serde_json::json!({
        "board": game.board(),
        "stores": game.stores(),
        "closed": closed,
        "round": game.round(),
        "to_move": to_move,
        "result": result,
    })
}

/// Plays one trace move.
fn play(game: &mut RoundGame, mv: &Value) -> Result<(), String> {
    let act = |game: &mut RoundGame, action: RoundAction| {
        game.play(action)
            .map(|_| ())
            .map_err(|e| format!("{action}: {e}"))
    };
    match mv {
        Value::Number(_) => act(game, RoundAction::Sow(pit(mv))),
        Value::String(s) if s == "pass" => act(game, RoundAction::Pass),
        Value::Array(parts) => {
            act(game, RoundAction::Sow(pit(&parts[0])))?;
            for choice in &parts[1..] {
                let action = match choice.as_str() {
                    Some("relay") => RoundAction::Relay,
                    Some("capture") => RoundAction::Capture,
                    other => return Err(format!("choice {other:?}")),
                };
                act(game, action)?;
            }
            Ok(())
        }
        Value::Object(refill) => {
            let lists = refill["refill"].as_array().expect("two lists");
            let mut lists: Vec<std::collections::VecDeque<Pit>> = lists
                .iter()
                .map(|l| l.as_array().unwrap().iter().map(pit).collect())
                .collect();
            while game.is_refilling() {
                let player = game.player_to_move();
                let fills = game
                    .legal_actions(player)
                    .iter()
                    .any(|a| matches!(a, RoundAction::Fill(_)));
                if fills {
                    let hole = lists[player.index()]
                        .pop_front()
                        .ok_or_else(|| format!("{player} can fill but lists no hole"))?;
                    act(game, RoundAction::Fill(hole))?;
                } else {
                    act(game, RoundAction::Pass)?;
                }
            }
            match lists.iter().all(|l| l.is_empty()) {
                true => Ok(()),
                false => Err(format!("fills left over: {lists:?}")),
            }
        }
        other => Err(format!("unknown move {other}")),
    }
}

#[test]
fn every_round_trace_replays() {
    let mut failures = Vec::new();
    let mut passed = 0;
    for entry in std::fs::read_dir("../conformance/rounds").expect("the traces") {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for (line, trace) in text.lines().enumerate() {
            let trace: Value = serde_json::from_str(trace).unwrap();
            let name = trace["game"].as_str().unwrap();
            let mut game = RoundGame::new(rules(name)).unwrap();
            let states = trace["states"].as_array().unwrap();
            let moves = trace["moves"].as_array().unwrap();
            let mut failed = None;
            if state(&game) != states[0] {
                failed = Some(format!("start {} against {}", state(&game), states[0]));
            }
            for (i, mv) in moves.iter().enumerate() {
                if failed.is_some() {
                    break;
                }
                if let Err(e) = play(&mut game, mv) {
                    failed = Some(format!("move {i} ({mv}) refused: {e}"));
                } else if game.to_string().parse::<RoundGame>().as_ref() != Ok(&game) {
                    failed = Some(format!("after move {i}: `{game}` does not read back"));
                } else if RoundGame::from_setup(game.to_setup()).as_ref() != Ok(&game) {
                    failed = Some(format!("after move {i}: the setup of `{game}` differs"));
                } else if state(&game) != states[i + 1] {
                    failed = Some(format!(
                        "after move {i} ({mv}):\n  ours   {}\n  theirs {}\n  before {}",
                        state(&game),
                        states[i + 1],
                        states[i]
                    ));
                }
            }
            match failed {
                None => passed += 1,
                Some(why) => failures.push(format!("{name} line {}: {why}", line + 1)),
            }
        }
    }
    let shown: Vec<&String> = failures.iter().take(12).collect();
    assert!(
        failures.is_empty(),
        "{passed} passed, {} failed:\n{shown:#?}",
        failures.len()
    );
    assert_eq!(passed, 160);
    let _ = Player::P0;
}
