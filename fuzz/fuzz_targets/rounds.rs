//! Fuzz target `rounds`: matches of rounds (`mancala_core::rounds`) from
//! arbitrary inputs. First an arbitrary string read as a position (an
//! error, or a state that prints back the same); then arbitrary rules
//! (every field drawn, houses and seeds kept small so that a game is
//! short) and a match driven by the input's bytes, or one of the presets
//! from an arbitrary setup, which `from_setup` takes or refuses with a
//! typed error. At every state: the seeds are conserved, the holes the
//! laps pass over hold none while sowing (unless a partial fill closed
//! them with seeds), and the shared harness
//! (`mancala_testing::check_state`: the legal actions are exactly those
//! `play` accepts, refused actions change nothing, the notation round
//! trips), and the position read afresh from its setup has the same legal
//! actions (the endless moves it keeps are never stale). Nothing may panic.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::rounds::{PartialFill, RoundAction, RoundGame, RoundRules, RoundSetup, Stage};
use mancala_core::{Game, Pit};
use mancala_testing as testing;

/// The longest match played for one input.
const MAX_ACTIONS: usize = 300;

/// Every action naming a hole of a 24-hole board or one past it.
fn candidates() -> Vec<RoundAction> {
    let pits = (0..25).filter_map(Pit::new);
    pits.clone()
        .map(RoundAction::Sow)
        .chain(pits.map(RoundAction::Fill))
        .chain([RoundAction::Relay, RoundAction::Capture, RoundAction::Pass])
        .collect()
}

fn total(game: &RoundGame) -> u32 {
    let stores = game.stores();
    game.board()
        .iter()
        .chain(&stores)
        .map(|&s| u32::from(s))
        .sum()
}

fn play(u: &mut Unstructured<'_>, mut game: RoundGame) -> arbitrary::Result<()> {
    let candidates = candidates();
    let seeds = total(&game);
    for _ in 0..MAX_ACTIONS {
        assert_eq!(total(&game), seeds, "seeds are conserved in {game}");
        let rules = game.rules();
        let kept_empty = rules.skip_closed && rules.partial != PartialFill::Closed;
        if kept_empty && matches!(game.stage(), Stage::Sow | Stage::Choose(_)) {
            for hole in game.closed() {
                assert_eq!(game.board()[hole.index()], 0, "{game}");
            }
        }
        testing::check_state(&game, &candidates);
        let legal = game.legal_moves();
        // What the position worked out and kept (its endless moves) is
        // what the same position read afresh works out.
        let fresh = RoundGame::from_setup(game.to_setup()).expect("a position's setup reads");
        assert_eq!(fresh.legal_moves(), legal, "{game}");
        if legal.is_empty() {
            break;
        }
        let action = *u.choose(&legal)?;
        game.play(action).expect("a legal action is played");
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    if let Ok(text) = <&str>::arbitrary(&mut u)
        && let Ok(game) = text.parse::<RoundGame>()
    {
        assert_eq!(game.to_string().parse::<RoundGame>().as_ref(), Ok(&game));
    }
    let Ok(kind) = u.int_in_range(0..=1u8) else {
        return;
    };
    let game = if kind == 0 {
        let Ok(mut rules) = RoundRules::arbitrary(&mut u) else {
            return;
        };
        rules.houses %= 8;
        rules.seeds %= 12;
        match RoundGame::new(rules) {
            Ok(game) => game,
            Err(_) => return,
        }
    } else {
        let Ok(preset) = u.choose(&RoundRules::PRESETS) else {
            return;
        };
        let mut setup = RoundSetup::new(preset.1);
        for count in &mut setup.board {
            *count = u.int_in_range(0..=12).unwrap_or(0);
        }
        setup.stores = [
            u.int_in_range(0..=40).unwrap_or(0),
            u.int_in_range(0..=40).unwrap_or(0),
        ];
        setup.round = u.int_in_range(1..=3).unwrap_or(1);
        if setup.round > 1 {
            setup.closed = (0..preset.1.holes())
                .filter(|_| u.ratio(1, 4).unwrap_or(false))
                .filter_map(Pit::new)
                .collect();
        }
        setup.stage = Stage::arbitrary(&mut u).unwrap_or(Stage::Sow);
        match RoundGame::from_setup(setup) {
            Ok(game) => game,
            Err(_) => return,
        }
    };
    let _ = play(&mut u, game);
});
