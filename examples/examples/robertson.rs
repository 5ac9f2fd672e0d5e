//! Robertson's game: a three-player game on the triangle, then a two-player
//! rubber (games to 100), between computer players, drawing the boards.
//!
//! ```text
//! cargo run --example robertson [-- SEED]
//! ```
//!
//! Player 0 plays greedily (the move that scores most now), the others at
//! random.

use robertson::*;

/// The move that adds most to the mover's score now (the first such).
fn greedy(game: &Robertson) -> Option<Pit> {
    let me = game.to_move()?;
    game.legal_moves().into_iter().max_by_key(|&pit| {
        let mut next = game.clone();
        let _ = next.play(pit);
        (next.scores()[me], std::cmp::Reverse(pit))
    })
}

fn describe(outcome: Option<Outcome>) -> String {
    match outcome {
        Some(Outcome::Winner(p)) => format!("{p} wins"),
        Some(Outcome::Draw) => "a draw at the top".into(),
        None => "unfinished".into(),
    }
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1936u64);
    let mut rng = mancala_engine::Rng::new(seed);
    let mut choose = |game: &Robertson| {
        if game.to_move() == Some(Player::P0) {
            greedy(game)
        } else {
            let moves = game.legal_moves();
            moves.get(rng.below(moves.len())).copied()
        }
    };

    println!("A three-player game on the triangle (player 0 greedy, the others random)\n");
    let mut game = match Robertson::new(Options::triangle()) {
        Ok(game) => game,
        Err(e) => return eprintln!("invalid options: {e}"),
    };
    println!("{game:#}");
    let mut ply = 0;
    while let Some(player) = game.to_move() {
        let Some(pit) = choose(&game) else { break };
        let Ok(report) = game.play(pit) else { break };
        ply += 1;
        if report.holes > 0 {
            // The report says it in words: the capture and its honours.
            debug_assert_eq!(report.mover, player);
            println!("{ply}. {report}");
        }
    }
    println!("\nAfter {ply} moves:\n{game:#}");
    let ranking: Vec<String> = game
        .ranking()
        .iter()
        .map(|(p, s)| format!("{p} ({s})"))
        .collect();
    println!(
        "Ranking: {}; {}.\n",
        ranking.join(", "),
        describe(game.outcome())
    );

    println!("A two-player rubber to 100 (the first mover alternates)\n");
    let mut rubber = match Rubber::new(Options::two_row()) {
        Ok(rubber) => rubber,
        Err(e) => return eprintln!("invalid options: {e}"),
    };
    while rubber.winner().is_none() && rubber.games_played() < 200 {
        let k = rubber.games_played();
        let first = rubber.first_mover(k);
        rubber.play_game_with(&mut choose);
        let totals = rubber.totals();
        println!(
            "game {}: begun by {first}; totals {} to {}",
            k + 1,
            totals[Player::P0],
            totals[Player::P1]
        );
    }
    match rubber.winner() {
        Some(p) => println!(
            "\n{p} wins the rubber after {} games.",
            rubber.games_played()
        ),
        None => println!("\nNo winner after {} games.", rubber.games_played()),
    }
    println!("The last game ended:\n{:#}", rubber.game());
}
