//! A game of oware (as OpenSpiel plays it) between a greedy player and a
//! random one, drawn move by move with what each move did.
//!
//! ```text
//! cargo run --release --example oware [-- SEED]
//! ```

use mancala_core::{Event, Game, Mancala, Move, Outcome, Player, Status};

/// The move that captures the most seeds now (the first such, in hole order).
fn greedy(game: &Mancala) -> Option<Move> {
    let me = game.to_move()?;
    game.legal_moves().into_iter().max_by_key(|&mv| {
        let mut next = game.clone();
        // The move's report says how many seeds it captured.
        let turn = next.play_unchecked(mv);
        // Prefer more seeds captured; `Reverse` of the move keeps the first.
        (turn.seeds, next.board().store(me), std::cmp::Reverse(mv))
    })
}

fn draw(game: &Mancala) -> String {
    let holes = game.board().holes();
    let n = holes.len() / 2;
    let row =
        |it: &mut dyn Iterator<Item = &u16>| it.map(|c| format!("{c:>3}")).collect::<String>();
    format!(
        "        {}\n  N {:>3}{}   {:>3} S\n        {}",
        row(&mut holes[n..].iter().rev()),
        game.board().store(Player::P1),
        " ".repeat(3 * n - 3),
        game.board().store(Player::P0),
        row(&mut holes[..n].iter()),
    )
}

fn name(player: Player) -> &'static str {
    if player == Player::P0 {
        "South"
    } else {
        "North"
    }
}

fn describe(events: &[Event]) -> String {
    let mut parts = Vec::new();
    for e in events {
        match e {
            Event::Lift { pit, seeds } => parts.push(format!("lifts {seeds} from hole {pit}")),
            Event::Capture { pit, seeds, .. } => {
                parts.push(format!("captures {seeds} from hole {pit}"))
            }
            Event::GrandSlamRefused => parts.push("grand slam: captures nothing".into()),
            Event::Collect { pit, seeds, to } => {
                parts.push(format!("{} collects {seeds} from hole {pit}", name(*to)))
            }
            _ => {}
        }
    }
    parts.join(", ")
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026u64);
    let mut rng = mancala_engine::Rng::new(seed);
    let mut game = mancala_core::oware();
    println!("Oware: South (greedy) against North (random), seed {seed}\n");
    println!("{}\n", draw(&game));
    let mut ply = 0;
    while let Status::ToMove(player) = game.status() {
        let moves = game.legal_moves();
        let mv = if player == Player::P0 {
            greedy(&game)
        } else {
            moves.get(rng.below(moves.len())).copied()
        };
        let Some(mv) = mv else { break };
        let mut events = Vec::new();
        if let Err(e) = game.play_observed(mv, &mut events) {
            eprintln!("refused: {e}");
            break;
        }
        ply += 1;
        println!(
            "{ply}. {} plays hole {mv}: {}",
            name(player),
            describe(&events)
        );
        println!("{}\n", draw(&game));
    }
    let scores = game.scores();
    let result = match game.outcome() {
        Some(Outcome::Winner(p)) => format!("{} wins", name(p)),
        Some(Outcome::Draw) => "a draw".to_string(),
        None => "unfinished".to_string(),
    };
    println!(
        "Game over after {ply} moves: {result}, South {} to North {}.",
        scores[Player::P0],
        scores[Player::P1]
    );
}
