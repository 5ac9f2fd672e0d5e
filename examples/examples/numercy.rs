//! A whole game of Numercy between two simple computer players, with the
//! board, its operator row, and each move's arithmetic.
//!
//! ```text
//! cargo run --example numercy [-- SEED]
//! ```
//!
//! South plays greedily (the move that gains him the most points now, net of
//! what it gives North); North plays at random. The seed picks North's moves
//! and, when given, an operator row drawn from it.

use mancala_core::{Player, Status};
use numercy::{Numercy, Options};

/// The board with the operator row between the rows, as the source's
/// abacus-like board looks from South's side.
fn draw(game: &Numercy) -> String {
    let holes = game.board().holes();
    let n = holes.len() / 2;
    let cells =
        |it: &mut dyn Iterator<Item = String>| it.map(|c| format!("{c:>4}")).collect::<String>();
    let north = cells(&mut holes[n..].iter().rev().map(u16::to_string));
    let ops = cells(&mut game.options().operators().iter().map(|o| o.to_string()));
    let south = cells(&mut holes[..n].iter().map(u16::to_string));
    let labels = cells(&mut (0..n).map(|i| format!("({i})")));
    let [s, nn] = game.points();
    format!(
        "  North {nn:>4} |{north}\n             |{ops}\n  South {s:>4} |{south}\n             |{labels}"
    )
}

/// South's choice: the legal move with the best immediate points balance.
fn greedy(game: &Numercy) -> Option<mancala_core::Pit> {
    let me = game.turn()?.index();
    game.legal_moves().into_iter().max_by_key(|&pit| {
        let mut next = game.clone();
        let _ = next.play(pit);
        let p = next.points();
        (p[me] as i128 - p[1 - me] as i128, std::cmp::Reverse(pit))
    })
}

fn main() {
    let seed: Option<u64> = std::env::args().nth(1).and_then(|s| s.parse().ok());
    let mut options = Options::classic();
    if let Some(seed) = seed {
        options = options.random_row(seed, &[]);
    }
    let mut game = match Numercy::new(options) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("invalid options: {e}");
            std::process::exit(2);
        }
    };
    let mut rng = mancala_examples::Rng::new(seed.unwrap_or(7));
    println!("Numercy 2x7, South (greedy) against North (random)\n");
    println!("{}\n", draw(&game));
    let mut ply = 0;
    while let Status::ToMove(player) = mancala_core::Game::status(&game) {
        let moves = game.legal_moves();
        let choice = if player == Player::P0 {
            greedy(&game)
        } else {
            moves.get(rng.below(moves.len())).copied()
        };
        let Some(pit) = choice else { break };
        match game.play(pit) {
            Ok(report) => {
                ply += 1;
                println!("{ply}. {report}");
                println!("{}\n", draw(&game));
            }
            Err(e) => {
                eprintln!("refused: {e}");
                break;
            }
        }
    }
    let [south, north] = game.points();
    let result = match game.outcome() {
        Some(mancala_core::Outcome::Winner(Player::P0)) => "South wins",
        Some(mancala_core::Outcome::Winner(_)) => "North wins",
        Some(mancala_core::Outcome::Draw) => "a draw",
        None => "unfinished",
    };
    println!(
        "Game over after {ply} moves (leftover balls added): South {south}, North {north}: {result}."
    );
}
