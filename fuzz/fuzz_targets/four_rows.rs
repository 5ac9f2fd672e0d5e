//! Fuzz target `four_rows`: games on four rows (`mancala_core::four_rows`)
//! from arbitrary inputs. First an arbitrary string read as a position (an
//! error, or a state that prints back the same); then arbitrary rules
//! (every field drawn, rows and seeds kept small so that a game is short)
//! and a game driven by the input's bytes, or one of the presets from an
//! arbitrary setup, which `from_setup` takes or refuses with a typed
//! error. At every state: the seeds are conserved, a turn leaves the
//! other player's holes no fuller, and the shared harness
//! (`mancala_testing::check_state`: the legal actions are exactly those
//! `play` accepts, refused actions change nothing, the notation round
//! trips), and the position read afresh from its setup has the same legal
//! actions (the endless moves it keeps are never stale). Nothing may panic.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::four_rows::{FourRowAction, FourRowGame, FourRowRules, FourRowSetup};
use mancala_core::{Game, Outcome, Pit, Player};
use mancala_testing as testing;

/// The longest game played for one input.
const MAX_ACTIONS: usize = 300;

/// Every action naming a hole of a 64-hole board or one past it.
fn candidates() -> Vec<FourRowAction> {
    let pits = (0..65).filter_map(Pit::new);
    pits.clone()
        .map(FourRowAction::Sow)
        .chain(pits.clone().map(FourRowAction::SowClockwise))
        .chain(pits.map(FourRowAction::Place))
        .chain([FourRowAction::Pass])
        .collect()
}

fn total(game: &FourRowGame) -> u32 {
    let stores = game.stores();
    game.board()
        .iter()
        .chain(&stores)
        .map(|&s| u32::from(s))
        .sum()
}

fn play(u: &mut Unstructured<'_>, mut game: FourRowGame) -> arbitrary::Result<()> {
    let candidates = candidates();
    let seeds = total(&game);
    let ring = game.rules().ring_len();
    for _ in 0..MAX_ACTIONS {
        assert_eq!(total(&game), seeds, "seeds are conserved in {game}");
        testing::check_state(&game, &candidates);
        let legal = game.legal_moves();
        // What the position worked out and kept (its endless moves) is
        // what the same position read afresh works out.
        let fresh = FourRowGame::from_setup(game.to_setup()).expect("a position's setup reads");
        assert_eq!(fresh.legal_moves(), legal, "{game}");
        if legal.is_empty() {
            break;
        }
        let action = *u.choose(&legal)?;
        let before = game.clone();
        game.play(action).expect("a legal action is played");
        let other = before.player_to_move().next(2).index();
        for h in other * ring..(other + 1) * ring {
            assert!(game.board()[h] <= before.board()[h], "{before} to {game}");
        }
    }
    Ok(())
}

/// A preset's position from arbitrary counts, hands, flags and result.
fn setup(u: &mut Unstructured<'_>) -> arbitrary::Result<FourRowSetup> {
    let preset = u.choose(&FourRowRules::PRESETS)?.1;
    let mut setup = FourRowSetup::new(preset);
    for count in &mut setup.board {
        *count = u.int_in_range(0..=6)?;
    }
    setup.stores = [u.int_in_range(0..=12)?, u.int_in_range(0..=12)?];
    setup.to_move = if u.arbitrary()? {
        Player::P1
    } else {
        Player::P0
    };
    setup.opening = [u.ratio(1, 4)?, u.ratio(1, 4)?];
    setup.passed = u.ratio(1, 4)?.then_some(setup.to_move.next(2));
    setup.result = match u.int_in_range(0..=9u8)? {
        0 => Some(Outcome::Draw),
        1 => Some(Outcome::Winner(Player::P0)),
        _ => None,
    };
    Ok(setup)
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    if let Ok(text) = <&str>::arbitrary(&mut u) {
        testing::check_text::<FourRowGame>(text);
    }
    let Ok(kind) = u.int_in_range(0..=1u8) else {
        return;
    };
    let game = if kind == 0 {
        let Ok(mut rules) = FourRowRules::arbitrary(&mut u) else {
            return;
        };
        rules.columns = 4 + rules.columns % 5;
        rules.outer_seeds %= 5;
        rules.inner_seeds %= 5;
        rules.hand %= 9;
        match FourRowGame::new(rules) {
            Ok(game) => game,
            Err(_) => return,
        }
    } else {
        let Ok(setup) = setup(&mut u) else {
            return;
        };
        match FourRowGame::from_setup(setup) {
            Ok(game) => game,
            Err(_) => return,
        }
    };
    let _ = play(&mut u, game);
});
