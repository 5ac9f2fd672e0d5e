//! The matches of rounds through the command's faces: the conformance
//! runner's moves of several actions (a refill, Dakon's choices) and what
//! it refuses, `mancala replay` between rounds, and `mancala play`'s
//! table.

use std::io::Cursor;

use clap::Parser;
use mancala_cli::conformance::replay_line;
use mancala_cli::play::{PlayArgs, run};
use mancala_cli::{ReplayArgs, replay};
use serde_json::{Value, json};

/// The first trace of `conformance/rounds/NAME.jsonl`.
fn first_trace(name: &str) -> Value {
    let text =
        std::fs::read_to_string(format!("../conformance/rounds/{name}.jsonl")).expect("the traces");
    serde_json::from_str(text.lines().next().expect("a line")).expect("a trace")
}

/// `trace` cut after its move `k`, with that move replaced by `mv`.
fn cut(trace: &Value, k: usize, mv: Value) -> String {
    let mut moves = trace["moves"].as_array().unwrap()[..=k].to_vec();
    moves[k] = mv;
    let states = trace["states"].as_array().unwrap()[..=k + 1].to_vec();
    json!({"game": trace["game"], "moves": moves, "states": states}).to_string()
}

/// The first move of `trace` that `is` picks, and its index.
fn find(trace: &Value, is: impl Fn(&Value) -> bool) -> (usize, Value) {
    let moves = trace["moves"].as_array().unwrap();
    let k = moves.iter().position(is).expect("such a move");
    (k, moves[k].clone())
}

#[test]
fn a_refill_is_played_in_turn_and_a_wrong_one_refused() {
    let trace = first_trace("congkak");
    let (k, refill) = find(&trace, |m| m.get("refill").is_some());
    assert_eq!(replay_line(&cut(&trace, k, refill.clone())), Ok(()));
    // The filler who fills first (the player to move before the refill)
    // lists no hole: he can fill one, so the refill is refused at move k.
    let first = trace["states"][k]["to_move"].as_u64().unwrap() as usize;
    let mut lists = refill["refill"].clone();
    assert!(!lists[first].as_array().unwrap().is_empty());
    lists[first] = json!([]);
    let failure = replay_line(&cut(&trace, k, json!({ "refill": lists }))).unwrap_err();
    assert_eq!(failure.ply, Some(k));
    assert!(
        failure.message.contains("lists none"),
        "{}",
        failure.message
    );
    // A hole more than the game lets him fill is left over.
    let mut lists = refill["refill"].clone();
    let extra = lists[first].as_array().unwrap()[0].clone();
    lists[first].as_array_mut().unwrap().push(extra);
    let failure = replay_line(&cut(&trace, k, json!({ "refill": lists }))).unwrap_err();
    assert_eq!(failure.ply, Some(k));
    // A refill in the middle of a round, and a sowing between rounds.
    let failure = replay_line(&cut(&trace, 0, refill)).unwrap_err();
    assert!(
        failure.message.contains("round's end"),
        "{}",
        failure.message
    );
    let failure = replay_line(&cut(&trace, k, json!(0))).unwrap_err();
    assert!(failure.message.contains("refused"), "{}", failure.message);
}

#[test]
fn a_dakon_move_makes_every_choice() {
    let trace = first_trace("dakon");
    let (k, mv) = find(&trace, |m| m.as_array().is_some_and(|l| l.len() > 1));
    assert_eq!(replay_line(&cut(&trace, k, mv.clone())), Ok(()));
    // The hole alone stops at the first choice: refused.
    let failure = replay_line(&cut(&trace, k, mv[0].clone())).unwrap_err();
    assert_eq!(failure.ply, Some(k));
    assert!(failure.message.contains("choice"), "{}", failure.message);
    let failure = replay_line(&cut(&trace, k, json!([mv[0], "sow"]))).unwrap_err();
    assert!(failure.message.contains("relay"), "{}", failure.message);
}

/// Congkak between rounds, South to fill with 10 seeds in his store: he
/// fills his rightmost empty hole (5) with 6, then North, whose row is
/// full, passes, South can fill no more (4 left), and North sows first.
#[test]
fn replay_fills_between_rounds() {
    let args = ReplayArgs {
        game: "congkak".into(),
        moves: vec!["fill:5".into()],
        options: String::new(),
        from: Some("6,6,6,6,6,0/6,6,6,6,6,6 10,2 0 rules=congkak round=2 stage=refill".into()),
    };
    let mut out = Vec::new();
    assert_eq!(replay(&args, &mut out), std::process::ExitCode::SUCCESS);
    let text = String::from_utf8(out).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("6,6,6,6,6,6/6,6,6,6,6,6 4,2 "), "{text}");
    assert!(last.contains("round=2"), "{text}");
}

/// Dakon's first move at the table: hole 3's 7 seeds go clockwise into
/// holes 2, 1, 0, South's store, 13, 12 and 11, which (North's, now 8)
/// relays: 10, 9, 8, 7 (North's store skipped), 6, 5, 4 and hole 3, empty
/// until then: the move is over after 2 laps.
#[test]
fn the_table_shows_the_round_and_the_move() {
    let argv = ["play", "dakon", "--humans"];
    let args = PlayArgs::try_parse_from(argv).unwrap();
    let mut out = Vec::new();
    run(&args, Cursor::new(b"3\n".to_vec()), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("Round 1"), "{out}");
    assert!(out.contains("South sows hole 3 (2 laps)."), "{out}");
    assert!(out.contains("South: store 1"), "{out}");
    assert!(
        out.contains("    8    8    0    8    8    8    8\n"),
        "{out}"
    );
    assert!(
        out.contains("    8    8    8    1    8    8    8\n"),
        "{out}"
    );
}

/// Each game's last move of a match (`tests/data/round_last_moves.json`,
/// each with why it ends the match) typed at the table from
/// `--position`: the match is over, South has won it and the table says
/// why; a round's end alone would have gone on to the refill.
#[test]
fn every_match_is_played_to_its_end_from_a_late_position() {
    let text = std::fs::read_to_string("tests/data/round_last_moves.json").expect("the table");
    let cases: Vec<Value> = serde_json::from_str(&text).expect("JSON");
    assert_eq!(cases.len(), 8);
    for case in cases {
        let [game, position, mv] = ["game", "position", "move"].map(|k| case[k].as_str().unwrap());
        let argv = ["play", game, "--humans", "--position", position];
        let args = PlayArgs::try_parse_from(argv).unwrap();
        let mut out = Vec::new();
        run(&args, Cursor::new(format!("{mv}\n").into_bytes()), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains("South wins the match in round"),
            "{game}: {out}"
        );
        assert!(out.contains("Result: South wins"), "{game}: {out}");
    }
    // A position under other rules, or none at all, is a usage error.
    for bad in ["4,4,4,4,4,4/4,4,4,4,4,4 0,0 0", "banana"] {
        let argv = ["play", "dakon", "--humans", "--position", bad];
        let args = PlayArgs::try_parse_from(argv).unwrap();
        let err = run(&args, Cursor::new(Vec::new()), Vec::new()).unwrap_err();
        assert!(err.to_string().starts_with("invalid --position: "), "{err}");
    }
}
