//! `mancala replay`: the position after each move, or the first refusal.

use std::process::ExitCode;

use mancala_cli::{ReplayArgs, replay};

fn run(game: &str, options: &str, from: Option<&str>, moves: &[&str]) -> (ExitCode, Vec<String>) {
    let args = ReplayArgs {
        game: game.into(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        options: options.into(),
        from: from.map(str::to_string),
    };
    let mut out = Vec::new();
    let code = replay(&args, &mut out);
    let text = String::from_utf8(out).expect("utf-8");
    (code, text.lines().map(str::to_string).collect())
}

#[test]
fn each_move_gives_the_next_position() {
    let (code, lines) = run("kalah", "", None, &["2", "0"]);
    assert_eq!(code, ExitCode::SUCCESS);
    // Hole 2's four seeds: holes 3, 4, 5 and South's store (he moves
    // again); then hole 0's four: holes 1 to 4.
    assert_eq!(
        lines,
        [
            "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah",
            "4,4,0,5,5,5/4,4,4,4,4,4 1,0 0 rules=kalah",
            "0,5,1,6,6,5/4,4,4,4,4,4 1,0 1 rules=kalah",
        ]
    );
}

#[test]
fn a_refused_move_stops_the_replay_and_fails() {
    let (code, lines) = run("oware", "", None, &["0", "0"]);
    assert_eq!(code, ExitCode::FAILURE);
    // The start and the first move's position only: the second move is
    // North's, and hole 0 is South's (and empty).
    assert_eq!(lines.len(), 2);
}

#[test]
fn a_replay_can_start_from_a_position_and_options_apply() {
    let (code, lines) = run("kalah", "houses=3 seeds=1", None, &[]);
    assert_eq!(code, ExitCode::SUCCESS);
    assert_eq!(lines.len(), 1);
    assert!(lines[0].starts_with("1,1,1/1,1,1 0,0 0"), "{}", lines[0]);
    // Hole 5's five seeds: South's store, then North's holes 6 to 9.
    let (code, lines) = run(
        "kalah",
        "",
        Some("4,4,0,5,5,5/4,4,4,4,4,4 1,0 0 rules=kalah"),
        &["5"],
    );
    assert_eq!(code, ExitCode::SUCCESS);
    assert_eq!(lines[1], "4,4,0,5,5,0/5,5,5,5,4,4 2,0 1 rules=kalah");
    let (code, _) = run("kalah", "", Some("not a position"), &[]);
    assert_eq!(code, ExitCode::FAILURE);
}
