//! Monte Carlo tree search on every sequential game of the family.

use mancala_core::{Game, Mancala, Outcome, Player, Status};
use mancala_engine::agents::{Openings, RandomAgent, SequentialAgent};
use mancala_engine::mcts::Mcts;

/// Positions a few random moves into `start`.
fn positions<G: Game + Clone>(start: &G, count: usize) -> Vec<G> {
    let mut openings = Openings::new(11, 6);
    (0..count).filter_map(|_| openings.next(start)).collect()
}

/// MCTS chooses a legal action, the same one for the same seed.
fn legal_and_deterministic<G: Game + Clone>(start: &G, iterations: u64)
where
    G::Action: PartialEq + std::fmt::Debug,
{
    for game in positions(start, 6) {
        let Status::ToMove(p) = game.status() else {
            continue;
        };
        let a = Mcts::new(5, iterations).choose(&game).unwrap();
        let b = Mcts::new(5, iterations).choose(&game).unwrap();
        assert_eq!(a, b, "same seed, same choice");
        assert!(game.legal_actions(p).contains(&a));
    }
}

#[test]
fn every_sequential_game_gets_legal_deterministic_choices() {
    legal_and_deterministic(&mancala_core::oware(), 200);
    legal_and_deterministic(&mancala_core::kalah(), 200);
    legal_and_deterministic(&numercy::Numercy::default(), 60);
    legal_and_deterministic(&robertson::Robertson::default(), 200);
    legal_and_deterministic(&mankka::Mankka::default(), 40);
}

#[test]
fn the_budget_is_the_number_of_iterations() {
    let game = mancala_core::oware();
    let mut mcts = Mcts::new(1, 300);
    mcts.choose(&game).unwrap();
    let stats = mcts.stats();
    assert_eq!(stats.iterations, 300);
    // One node a iteration, plus the root, unless an iteration reached the
    // end of the game inside the tree (then it adds none).
    assert!(stats.nodes <= 301 && stats.nodes > 250, "{stats:?}");
    assert!((0.0..=1.0).contains(&stats.value));
}

#[test]
fn nothing_to_choose_in_a_finished_game_and_no_search_for_one_move() {
    let mut game = mancala_core::kalah();
    let mut random = RandomAgent::new(3);
    while let Some(action) = random.choose(&game) {
        game.play(action).unwrap();
    }
    let mut mcts = Mcts::new(1, 100);
    assert_eq!(mcts.choose(&game), None);
    // Kalah with one house a side: one move, chosen without searching.
    let mut rules = mancala_core::Rules::kalah();
    rules.layout = mancala_core::Layout::two_rows(1);
    let one = Mancala::new(rules).unwrap();
    assert_eq!(one.legal_moves().len(), 1);
    assert_eq!(mcts.choose(&one), Some(one.legal_moves()[0]));
    assert_eq!(mcts.stats().iterations, 0);
}

/// Games won by `first` against `second` in `games` games of `start`,
/// seats alternating, draws counting half.
fn score<G: Game + Clone>(
    start: &G,
    games: usize,
    mut first: impl SequentialAgent<G>,
    mut second: impl SequentialAgent<G>,
) -> f64 {
    let mut openings = Openings::new(21, 2);
    let mut won = 0.0;
    for i in 0..games {
        let mut game = openings.next(start).unwrap();
        let seat = Player::new(i % 2).unwrap();
        for _ in 0..2_000 {
            let Status::ToMove(p) = game.status() else {
                break;
            };
            let action = if p == seat {
                first.choose(&game)
            } else {
                second.choose(&game)
            };
            let mv = game.joint_move(&[(p, action.unwrap())]).unwrap();
            game.play(mv).unwrap();
        }
        won += match game.outcome() {
            Some(Outcome::Winner(p)) if p == seat => 1.0,
            Some(Outcome::Draw) | None => 0.5,
            Some(Outcome::Winner(_)) => 0.0,
        };
    }
    won
}

#[test]
fn it_beats_random_play() {
    // 300 playouts a move against uniformly random moves: Kalah is won
    // nearly always by anything that looks ahead at all.
    let won = score(
        &mancala_core::kalah(),
        10,
        Mcts::new(9, 300),
        RandomAgent::new(4),
    );
    assert!(won >= 9.0, "{won} of 10");
}
