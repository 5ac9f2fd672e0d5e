//! The conformance runner under the work budget: the runner's own
//! (`mancala_core::Budget::DEFAULT`), never a trace's.

use mancala_cli::conformance::{replay_any, replay_any_within, replay_line_within};
use serde_json::{Map, Value, json};

fn replay(line: Value) -> Result<(), String> {
    let Value::Object(trace) = line else {
        panic!("a trace is an object");
    };
    let trace: Map<String, Value> = trace;
    replay_any(&trace).map_err(|f| f.message)
}

/// A trace line starting Numercy from the known 307,959,030-lap cycle (2x6
/// relaying at 2), with no move.
fn slow_start() -> Value {
    let state = json!({
        "board": [9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3],
        "scores": [0, 0],
        "to_move": 0,
        "result": null
    });
    json!({
        "game": "numercy",
        "options": {"holes": 6, "seeds": 6, "relay_at": 2},
        "start": state,
        "moves": [],
        "states": [state],
    })
}

/// The known 307,959,030-lap cycle (2x6 relaying at 2) as a Numercy start:
/// the runner spent 104 s on such a line; under the default budget the
/// start is refused within a second, and the line fails with the reason.
#[test]
fn a_line_whose_start_cannot_be_decided_fails_with_the_reason() {
    let line = slow_start();
    let clock = std::time::Instant::now();
    let message = replay(line).expect_err("an undecidable start must fail");
    let limit = if cfg!(debug_assertions) { 4 } else { 1 };
    assert!(
        clock.elapsed().as_secs() < limit,
        "took {:?}",
        clock.elapsed()
    );
    let budget = mancala_core::Budget::DEFAULT.limit().expect("a limit");
    assert!(
        message.contains(&format!(
            "not decided within the work budget of {budget} seeds"
        )),
        "{message}"
    );
}

/// A trace cannot set the budget: the shared endless traces (a copy in
/// `tests/data`) replay under the runner's budget, and the same lines
/// naming a `max_laps` (as earlier versions of the format allowed) fail
/// with the reason, whatever they ask for.
#[test]
fn a_trace_cannot_set_the_budget() {
    // A copy of `conformance/numercy_endless.jsonl`.
    let text = include_str!("data/numercy_endless.jsonl");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let trace: Value = serde_json::from_str(line).expect("a trace line is JSON");
        assert_eq!(replay(trace.clone()), Ok(()), "{line}");
        for budget in [json!(null), json!(1_000_000), json!(0)] {
            let mut trace = trace.clone();
            trace["options"]["max_laps"] = budget.clone();
            let message = replay(trace).expect_err("a budget in a trace is refused");
            assert!(
                message.contains("not a rule"),
                "max_laps = {budget}: {message}"
            );
        }
    }
}

/// The runner's budget is its caller's (`--budget`): a smaller one refuses
/// the slow start sooner and names itself, and no budget at all still
/// replays the endless traces exactly.
#[test]
fn the_runner_s_budget_is_its_callers() {
    let line = slow_start();
    let Value::Object(trace) = line else {
        panic!("a trace is an object");
    };
    let failure = replay_any_within(&trace, mancala_core::Budget::seeds(1_000))
        .expect_err("an undecidable start must fail");
    assert!(
        failure.message.contains("work budget of 1000 seeds"),
        "{}",
        failure.message
    );
    let text = include_str!("data/numercy_endless.jsonl");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        assert_eq!(
            replay_line_within(line, mancala_core::Budget::UNLIMITED),
            Ok(()),
            "{line}"
        );
    }
}
