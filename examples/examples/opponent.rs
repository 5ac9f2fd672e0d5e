//! A computer opponent from the engine: any game by name, the search
//! against a random player, move by move.
//!
//! ```text
//! cargo run --release --example opponent [-- GAME [OPTIONS...]]
//! ```
//!
//! GAME is any name `mancala games` lists (default `kalah`); the options
//! are `key=value` words (`houses=4 seeds=3`). The search plays the first
//! seat within 5,000 positions a move and says what it expects; the other
//! seats move at random.

use mancala_core::{Player, Status};
use mancala_engine::{AnyGame, Limits, Rng};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("kalah", String::as_str);
    let options = args.get(1..).unwrap_or_default().join(" ");
    let mut game = AnyGame::new(name, &options)?;
    let mut rng = Rng::new(7);
    println!("{} ({}): {game}", game.info().title, game.name());
    loop {
        let mv = match game.status() {
            Status::Over(outcome) => {
                println!("{outcome:?}, scores {:?}", game.scores());
                return Ok(());
            }
            Status::ToMove(Player::P0) => {
                let result = game.search(&Limits::nodes(5_000))?;
                println!(
                    "search: {} (value {}, depth {}, {} positions, expects {})",
                    result.best,
                    result.value,
                    result.depth,
                    result.nodes,
                    result.pv.join(" ")
                );
                result.best
            }
            Status::ToMove(p) => {
                let moves = game.legal_choices(p);
                let mv = moves[rng.below(moves.len())].clone();
                println!("random: {mv}");
                mv
            }
            // Numa: the search chooses for the first player, chance for
            // the other.
            Status::Simultaneous(_) => {
                let mine = game.search_for(Player::P0, &Limits::nodes(20_000))?.best;
                let theirs = game.legal_choices(Player::P1);
                let mv = format!("{mine}/{}", theirs[rng.below(theirs.len())]);
                println!("turn: {mv}");
                mv
            }
        };
        game.play(&mv)?;
    }
}
