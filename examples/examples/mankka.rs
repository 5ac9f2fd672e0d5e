//! Mankka Two between two computer players, showing the opening placements
//! and every capture.
//!
//! ```text
//! cargo run --example mankka [-- SEED]
//! ```
//!
//! South plays greedily (the move that captures most now), North at random.

use mancala_core::{Outcome, Player};
use mankka::{Mankka, Move, Options};

fn draw(game: &Mankka) -> String {
    let holes = game.board().holes();
    let stores = game.board().stores();
    let row =
        |it: &mut dyn Iterator<Item = &u16>| it.map(|c| format!("{c:>3}")).collect::<String>();
    format!(
        "        {}\n  N {:>3}{}   {:>3} S\n        {}\n  hands: South {}, North {}",
        row(&mut holes[6..].iter().rev()),
        stores[1],
        " ".repeat(15),
        stores[0],
        row(&mut holes[..6].iter()),
        game.hands()[0],
        game.hands()[1],
    )
}

fn name(p: Player) -> &'static str {
    if p == Player::P0 { "South" } else { "North" }
}

/// The move that gains the mover most seeds now (the first such).
fn greedy(game: &Mankka) -> Option<Move> {
    let me = game.turn()?;
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
    let mut rng = mancala_examples::Rng::new(seed);
    let mut game = match Mankka::new(Options::two()) {
        Ok(game) => game,
        Err(e) => return eprintln!("invalid options: {e}"),
    };
    println!(
        "Mankka Two: South (greedy) against North (random)\n\n{}\n",
        draw(&game)
    );
    let mut ply = 0;
    while let Some(player) = game.turn() {
        let moves = game.legal_moves();
        let choice = if player == Player::P0 {
            greedy(&game)
        } else {
            moves.get(rng.below(moves.len())).copied()
        };
        let Some(mv) = choice else { break };
        let report = match game.play(mv) {
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
                    "{ply}. {} places {p} in his holes\n{}\n",
                    name(player),
                    draw(&game)
                );
            }
            Move::Pass => println!("{ply}. {} passes", name(player)),
            Move::Sow(pit) if !report.captures.is_empty() => {
                let taken: Vec<String> = report
                    .captures
                    .iter()
                    .map(|(pit, seeds)| format!("{seeds} from hole {pit}"))
                    .collect();
                println!(
                    "{ply}. {} sows hole {pit} and captures {} ({} seeds)\n{}\n",
                    name(player),
                    taken.join(", "),
                    report.seeds(),
                    draw(&game)
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
