//! Ordinary play never meets the work budget: French Wari, whose random
//! positions hold relays that cycle for over a million laps, plays 10,000
//! random games to the end under the default budget without one undecided
//! refusal.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::{Budget, Game, Mancala, Meter, Rules};
use mancala_testing::SplitMix;

#[test]
fn ten_thousand_random_games_of_french_wari_meet_no_budget() {
    let start = Mancala::new(Rules::french_wari()).unwrap();
    assert_eq!(start.budget(), Budget::DEFAULT);
    let mut rng = SplitMix::new(1);
    let (mut moves, mut longest) = (0u64, 0u64);
    for game_number in 0..10_000 {
        let mut game = start.clone();
        while let Some(player) = game.to_move() {
            let actions = game.legal_actions(player);
            let mv = actions[rng.below(actions.len())];
            let before = game.clone();
            // The call's meter of the state's own budget, to read what it
            // spent: the same work `play` does.
            let meter = Meter::new(game.budget());
            if let Err(e) = game.play_metered(mv, &meter) {
                panic!(
                    "game {game_number}: {mv} refused on {:?} ({:?} to move): {e}",
                    before.board().holes(),
                    before.to_move()
                );
            }
            longest = longest.max(meter.spent());
            moves += 1;
        }
        assert!(game.is_over());
    }
    // The games reach the long relays the test is about (about 0.9% of
    // positions need more than the free laps).
    assert!(
        longest > 1_000_000,
        "longest call {longest} seeds in {moves} moves"
    );
}
