//! One game loop for every game of the family, through the [`Game`] trait
//! alone: whoever acts draws a random legal action, until the game ends.
//!
//! ```text
//! cargo run --example game_loop [-- SEED]
//! ```
//!
//! The same function plays oware, Kalah, Numercy, Robertson's triangle
//! (three players), Mankka (its placements first) and Numa (both players
//! choose at once): the trait's `status` says who acts, `legal_actions`
//! what each may do, `joint_move` makes the move and `play` plays it.

use mancala_core::{Game, Player, Status};
use mancala_engine::Rng;

/// Plays `game` out at random; returns the moves played.
fn random_game<G: Game>(mut game: G, rng: &mut Rng) -> (G, usize) {
    let mut moves = 0;
    while moves < 10_000 {
        let acting: Vec<Player> = match game.status() {
            Status::Over(_) => break,
            Status::ToMove(p) => vec![p],
            Status::Simultaneous(set) => set.iter().collect(),
        };
        let mut choices = Vec::new();
        for p in acting {
            let actions = game.legal_actions(p);
            choices.push((p, actions[rng.below(actions.len())]));
        }
        let mv = game
            .joint_move(&choices)
            .expect("legal actions make a move");
        game.play(mv).expect("a legal move plays");
        moves += 1;
    }
    (game, moves)
}

/// Plays one game and says how it ended.
fn show<G: Game>(name: &str, game: G, rng: &mut Rng) {
    let (end, moves) = random_game(game, rng);
    let scores: Vec<String> = end
        .scores()
        .iter()
        .map(|(p, s)| format!("{p}: {s}"))
        .collect();
    println!(
        "{name:<20} {moves:>4} moves, {:?}, scores {}",
        end.status(),
        scores.join(", ")
    );
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = Rng::new(seed);
    show("oware", mancala_core::oware(), &mut rng);
    show("kalah", mancala_core::kalah(), &mut rng);
    show("numercy", numercy::Numercy::default(), &mut rng);
    let triangle = robertson::Robertson::new(robertson::Options::triangle()).expect("a preset");
    show("robertson triangle", triangle, &mut rng);
    show("mankka", mankka::Mankka::default(), &mut rng);
    show("numa", numa::Numa::default(), &mut rng);
}
