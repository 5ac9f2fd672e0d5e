//! The conformance runner under the work budget (TRACES.md's `max_laps`
//! option key).

use serde_json::{Map, Value, json};

fn replay(line: Value) -> Result<(), String> {
    let Value::Object(trace) = line else {
        panic!("a trace is an object");
    };
    let trace: Map<String, Value> = trace;
    mancala_examples::replay_any(&trace).map_err(|f| f.message)
}

/// The known 307,959,030-lap cycle (2x6 relaying at 2) as a Numercy start:
/// the runner spent 104 s on such a line; under the default budget the
/// start is refused at once, and the line fails with the reason.
#[test]
fn a_line_whose_start_cannot_be_decided_fails_with_the_reason() {
    let state = json!({
        "board": [9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3],
        "scores": [0, 0],
        "to_move": 0,
        "result": null
    });
    for options in [
        json!({"holes": 6, "seeds": 6, "relay_at": 2}),
        json!({"holes": 6, "seeds": 6, "relay_at": 2, "max_laps": 1_000_000}),
    ] {
        let line = json!({
            "game": "numercy",
            "options": options,
            "start": state,
            "moves": [],
            "states": [state],
        });
        let message = replay(line).expect_err("an undecidable start must fail");
        assert!(
            message.contains("not decided within 1000000 laps"),
            "{message}"
        );
    }
}

/// `max_laps` reads as a number or `null` (no budget): the shared endless
/// traces (a copy in `tests/data`) replay the same either way.
#[test]
fn max_laps_is_an_option_key_of_the_relaying_games() {
    // A copy of `../shared/conformance/numercy_endless.jsonl`.
    let text = include_str!("data/numercy_endless.jsonl");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let trace: Value = serde_json::from_str(line).expect("a trace line is JSON");
        for budget in [json!(null), json!(1_000_000), json!(5000)] {
            let mut trace = trace.clone();
            trace["options"]["max_laps"] = budget.clone();
            assert_eq!(replay(trace), Ok(()), "max_laps = {budget}: {line}");
        }
    }
    // A budget of 0 decides nothing: refused as an option.
    let mut trace: Value =
        serde_json::from_str(text.lines().next().expect("a line")).expect("JSON");
    trace["options"]["max_laps"] = json!(0);
    let message = replay(trace).expect_err("max_laps 0 is refused");
    assert!(message.contains("max_laps"), "{message}");
}
