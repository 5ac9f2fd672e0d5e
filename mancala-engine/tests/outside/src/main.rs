//! A program outside the workspace: a legal best move for every game the
//! engine lists, from its name alone. Prints `ok N games` and exits with 0,
//! or names the first game that failed and exits with 1.

use std::process::ExitCode;

use mancala_engine::{AnyGame, GAMES, Limits};

fn main() -> ExitCode {
    for info in &GAMES {
        let game = match AnyGame::new(info.name, "") {
            Ok(game) => game,
            Err(e) => {
                eprintln!("{}: {e}", info.name);
                return ExitCode::FAILURE;
            }
        };
        let best = match game.search(&Limits::nodes(1_000)) {
            Ok(result) => result.best,
            Err(e) => {
                eprintln!("{}: {e}", info.name);
                return ExitCode::FAILURE;
            }
        };
        let mut next = game.clone();
        if let Err(e) = next.play(&best) {
            eprintln!("{}: best move {best} refused: {e}", info.name);
            return ExitCode::FAILURE;
        }
        println!("{}: {best}", info.name);
    }
    println!("ok {} games", GAMES.len());
    ExitCode::SUCCESS
}
