//! A Rust program outside the workspace (`tests/outside`, its own
//! `[workspace]`) depends on this crate by path, builds, and gets a legal
//! best move for every game of the registry: what a project that depends
//! on the published crate sees.

use std::path::Path;
use std::process::Command;

#[test]
fn a_program_outside_the_workspace_gets_a_move_in_every_game() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/outside/Cargo.toml");
    // Its own target directory: the workspace's is locked by this test run.
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/outside");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["run", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stdout}\n{stderr}");
    let games = mancala_engine::GAMES.len();
    assert_eq!(
        stdout.lines().last(),
        Some(format!("ok {games} games").as_str()),
        "{stdout}"
    );
    // One line a game, its move among the game's legal moves.
    for (info, line) in mancala_engine::GAMES.iter().zip(stdout.lines()) {
        let (name, best) = line.split_once(": ").expect("NAME: MOVE");
        assert_eq!(name, info.name);
        let game = mancala_engine::AnyGame::new(name, "").unwrap();
        if name != "numa" {
            assert!(game.legal_moves().iter().any(|m| m == best), "{line}");
        }
    }
}
