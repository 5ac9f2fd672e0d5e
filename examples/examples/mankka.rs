//! Mankka Two between two computer players, showing the opening placements
//! and every capture.
//!
//! ```text
//! cargo run --example mankka [-- SEED]
//! ```
//!
//! South plays greedily (the move that captures most now), North at random.

use mancala_core::Event;
use mankka::*;

fn name(p: Player) -> &'static str {
    if p == Player::P0 { "South" } else { "North" }
}

/// The move that gains the mover most seeds now (the first such).
fn greedy(game: &Mankka) -> Option<Move> {
    let me = game.to_move()?;
    let moves = game.legal_moves();
    let mut best: Option<(u64, Move)> = None;
    for &mv in &moves {
        let mut next = game.clone();
        if next.play(mv).is_err() {
            continue;
        }
        let gain = next.scores()[me];
        if best.is_none_or(|(g, _)| gain > g) {
            best = Some((gain, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1975u64);
    let mut rng = mancala_engine::Rng::new(seed);
    let mut game = Mankka::default(); // Mankka Two
    println!("Mankka Two: South (greedy) against North (random)\n\n{game:#}\n");
    let mut ply = 0;
    while let Some(player) = game.to_move() {
        let moves = game.legal_moves();
        let choice = if player == Player::P0 {
            greedy(&game)
        } else {
            moves.get(rng.below(moves.len())).copied()
        };
        let Some(mv) = choice else { break };
        // Observed play lists every capture with the seeds it took.
        let mut events = Vec::new();
        let report = match game.play_observed(mv, &mut events) {
            Ok(report) => report,
            Err(e) => {
                eprintln!("refused: {e}");
                break;
            }
        };
        ply += 1;
        match mv {
            Move::Place(p) => {
                println!(
                    "{ply}. {} places {p} in his holes\n{game:#}\n",
                    name(player)
                );
            }
            Move::Pass => println!("{ply}. {} passes", name(player)),
            Move::Sow(pit) if !report.captured.is_empty() => {
                let taken: Vec<String> = events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Capture { pit, seeds, .. } => {
                            Some(format!("{seeds} from hole {pit}"))
                        }
                        _ => None,
                    })
                    .collect();
                println!(
                    "{ply}. {} sows hole {pit} and captures {} ({} seeds)\n{game:#}\n",
                    name(player),
                    taken.join(", "),
                    report.seeds,
                );
            }
            Move::Sow(_) => {}
        }
    }
    let scores = game.scores();
    let result = match game.outcome() {
        Some(Outcome::Winner(p)) => format!("{} wins", name(p)),
        Some(Outcome::Draw) => "a draw".into(),
        None => "unfinished".into(),
    };
    println!(
        "Game over after {ply} moves, {} seeds left uncounted: South {}, North {}: {result}.",
        game.board().on_board(),
        scores[Player::P0],
        scores[Player::P1]
    );
}
