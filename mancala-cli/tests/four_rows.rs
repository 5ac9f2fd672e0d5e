//! The games on four rows through the command's faces: `mancala play`'s
//! table of four rows, `mancala replay`, and the conformance runner's
//! moves (a clockwise sowing, a placing) and what it refuses.

use std::io::Cursor;

use clap::Parser;
use mancala_cli::conformance::replay_line;
use mancala_cli::play::{PlayArgs, run};
use mancala_cli::{ReplayArgs, replay};
use serde_json::{Value, json};

/// The traces of `conformance/four-rows/NAME.jsonl`.
fn traces(name: &str) -> Vec<Value> {
    let path = format!("../conformance/four-rows/{name}.jsonl");
    let text = std::fs::read_to_string(path).expect("the traces");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a trace"))
        .collect()
}

/// `trace` cut after its move `k`, with that move replaced by `mv`.
fn cut(trace: &Value, k: usize, mv: Value) -> String {
    let mut moves = trace["moves"].as_array().unwrap()[..=k].to_vec();
    moves[k] = mv;
    let states = trace["states"].as_array().unwrap()[..=k + 1].to_vec();
    json!({"game": trace["game"], "options": {}, "moves": moves, "states": states}).to_string()
}

/// Tsoro's first move at the table, as the core's example plays it: hole
/// 5's 2 seeds into 6 and 7; hole 7, now 3, relays into 8, 9 and 10, and
/// hole 10's lone seed faces North's empty inner hole: 2 laps. South's
/// outer row (bottom line, holes 0 to 7 from his left) then reads 2 2 2 2
/// 2 0 3 0, his inner row (holes 15 down to 8) 0 0 0 0 0 1 1 1.
#[test]
fn the_table_shows_the_four_rows() {
    let args = PlayArgs::try_parse_from(["play", "tsoro", "--humans"]).unwrap();
    let mut out = Vec::new();
    run(&args, Cursor::new(b"5\n".to_vec()), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("South sows hole 5 (2 laps)."), "{out}");
    let cells = |counts: [u16; 8]| -> String {
        let cells: String = counts.iter().map(|c| format!("{c:>5}")).collect();
        format!("\n{}{cells}\n", " ".repeat(10))
    };
    assert!(out.contains(&cells([2, 2, 2, 2, 2, 0, 3, 0])), "{out}");
    assert!(out.contains(&cells([0, 0, 0, 0, 0, 1, 1, 1])), "{out}");
    // The rows from the top: North's outer row (23 down to 16), his inner
    // row (24 to 31), South's inner (15 down to 8), South's outer (0 to 7).
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(['N', 'S']) && l.contains('('))
        .take(4)
        .collect();
    assert!(rows[0].contains("N outer  (23) (22)"), "{rows:?}");
    assert!(rows[1].contains("N inner  (24) (25)"), "{rows:?}");
    assert!(rows[2].contains("S inner  (15) (14)"), "{rows:?}");
    assert!(rows[3].contains("S outer   (0)  (1)"), "{rows:?}");
}

/// Omweso's placing at the table: `place 3` and `place:20` each put a
/// seed from the mover's hand of 32: 31 left in each.
#[test]
fn the_table_reads_placings() {
    let args = PlayArgs::try_parse_from(["play", "omweso", "--humans"]).unwrap();
    let mut out = Vec::new();
    run(
        &args,
        Cursor::new(b"place 3\nplace:20\n".to_vec()),
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("South places a seed into hole 3."), "{out}");
    assert!(out.contains("North places a seed into hole 20."), "{out}");
    assert!(out.contains("South: in hand 31"), "{out}");
    assert!(out.contains("North: in hand 31"), "{out}");
}

/// `mancala replay omweso place:3 place:20`: hole 3 is in South's outer
/// row (first group), hole 20 in North's (third group, 16 to 23); both
/// hands are 31 and South is to move again.
#[test]
fn replay_plays_placings() {
    let args = ReplayArgs {
        game: "omweso".into(),
        moves: vec!["place:3".into(), "place:20".into()],
        options: String::new(),
        from: None,
    };
    let mut out = Vec::new();
    assert_eq!(replay(&args, &mut out), std::process::ExitCode::SUCCESS);
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text.lines().last(),
        Some(
            "0,0,0,1,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,1,0,0,0/0,0,0,0,0,0,0,0 31,31 0 rules=omweso"
        ),
        "{text}"
    );
}

/// The runner plays Omweso's clockwise sowings (`[h, "cw"]`) as the trace
/// writes them; the same hole counter-clockwise, a placing after the
/// placing phase, and a malformed move are refused at that move.
#[test]
fn the_runner_plays_clockwise_moves_and_refuses_wrong_ones() {
    let traces = traces("omweso");
    let (trace, k) = traces
        .iter()
        .find_map(|t| {
            let moves = t["moves"].as_array()?;
            let k = moves.iter().position(|m| m.get(1) == Some(&json!("cw")))?;
            Some((t, k))
        })
        .expect("a clockwise move in the traces");
    let mv = trace["moves"][k].clone();
    assert_eq!(replay_line(&cut(trace, k, mv.clone())), Ok(()));
    // Counter-clockwise from the same hole lands elsewhere: either refused
    // or a different state; it is not this trace's move.
    assert!(replay_line(&cut(trace, k, mv[0].clone())).is_err());
    // Past move 64 both hands are empty: no placing.
    let failure = replay_line(&cut(trace, k, json!({"place": mv[0]}))).unwrap_err();
    assert_eq!(failure.ply, Some(k));
    for bad in [json!([mv[0], "ccw"]), json!({"put": 3}), json!("sow")] {
        let failure = replay_line(&cut(trace, k, bad.clone())).unwrap_err();
        assert_eq!(failure.ply, Some(k), "{bad}");
    }
    // Options are refused: the games on four rows have none.
    let mut line: Value = serde_json::from_str(&cut(trace, k, mv)).unwrap();
    line["options"] = json!({"columns": 4});
    assert!(replay_line(&line.to_string()).is_err());
}

/// Complete games at the table: the five Hus (Nama) games Ludii recorded
/// to their end, typed move by move from the start (its sowings and
/// passes are the trace's moves as written), and the end of a Hus (Damara)
/// game from a late position (`tests/data/four_row_endings.json`, with
/// why it ends): each ends with the recorded winner.
#[test]
fn complete_games_are_played_at_the_table() {
    let mut games: Vec<(String, Option<String>, Vec<String>, u64)> = traces("hus-nama-ends")
        .iter()
        .map(|t| {
            let moves = t["moves"].as_array().unwrap();
            let typed = moves
                .iter()
                .map(|m| m.as_u64().map_or("pass".to_string(), |h| h.to_string()))
                .collect();
            let winner = t["states"].as_array().unwrap().last().unwrap()["result"]["winner"]
                .as_u64()
                .unwrap();
            ("hus-nama".to_string(), None, typed, winner)
        })
        .collect();
    let text = std::fs::read_to_string("tests/data/four_row_endings.json").expect("the table");
    let endings: Vec<Value> = serde_json::from_str(&text).expect("JSON");
    for e in endings {
        let moves = e["moves"].as_array().unwrap();
        let typed = moves
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let position = e["position"].as_str().unwrap().to_string();
        let winner = e["winner"].as_u64().unwrap();
        games.push((
            e["game"].as_str().unwrap().into(),
            Some(position),
            typed,
            winner,
        ));
    }
    assert_eq!(games.len(), 6);
    for (game, position, moves, winner) in games {
        let mut argv = vec!["play".to_string(), game.clone(), "--humans".into()];
        argv.extend(
            position
                .into_iter()
                .flat_map(|p| ["--position".to_string(), p]),
        );
        let args = PlayArgs::try_parse_from(argv).unwrap();
        let mut out = Vec::new();
        let input = moves.join("\n") + "\n";
        run(&args, Cursor::new(input.into_bytes()), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let name = ["South", "North"][winner as usize];
        assert!(
            out.contains(&format!("Result: {name} wins")),
            "{game}: {out}"
        );
        assert!(!out.contains("End of input."), "{game} did not end: {out}");
    }
}
