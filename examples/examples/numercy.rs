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

use numercy::*;

/// South's choice: the legal move with the best immediate points balance.
fn greedy(game: &Numercy) -> Option<Pit> {
    let me = game.to_move()?.index();
    game.legal_moves().into_iter().max_by_key(|&pit| {
        let mut next = game.clone();
        let _ = next.play(pit);
        let p = next.scores();
        let p = p.as_slice();
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
    let mut rng = mancala_engine::Rng::new(seed.unwrap_or(7));
    println!("Numercy 2x7, South (greedy) against North (random)\n");
    println!("{game:#}\n");
    let mut ply = 0;
    while let Status::ToMove(player) = game.status() {
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
                println!("{game:#}\n");
            }
            Err(e) => {
                eprintln!("refused: {e}");
                break;
            }
        }
    }
    let scores = game.scores();
    let (south, north) = (scores[Player::P0], scores[Player::P1]);
    let result = match game.outcome() {
        Some(Outcome::Winner(Player::P0)) => "South wins",
        Some(Outcome::Winner(_)) => "North wins",
        Some(Outcome::Draw) => "a draw",
        None => "unfinished",
    };
    println!(
        "Game over after {ply} moves (leftover balls added): South {south}, North {north}: {result}."
    );
}
