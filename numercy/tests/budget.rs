//! The work budget in Numercy: the caller's [`Budget`], kept by the state,
//! never set by a text or JSON document.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use mancala_core::notation::OptionError;
use mancala_core::{SetupError as CoreSetupError, budget::Undecided};
use mancala_testing::SplitMix;
use numercy::{
    Budget, Endless, Game, Numercy, Options, ParseError, Pit, PlayError, Player, Setup, SetupError,
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// Runs `f`, failing if it takes over 1 s (4 s in unoptimised builds).
fn quick<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let promised = Duration::from_secs(if cfg!(debug_assertions) { 4 } else { 1 });
    let clock = Instant::now();
    let value = f();
    assert!(
        clock.elapsed() < promised,
        "{what} took {:?}",
        clock.elapsed()
    );
    value
}

/// The core's known 307,959,030-lap cycle (2x6 relaying at 2) rotated so
/// that its endless hole is hole 0. Numercy sows a plain ring (no stores),
/// so the cycle is the same.
const SLOW: &str = "9,2,1,7,2,14/6,1,11,14,2,3 0,0 0 holes=6 relay_at=2";

#[test]
fn the_known_slow_position_is_refused_quickly_under_the_default_budget() {
    let mut options = Options::board(6);
    options.relay_at = 2;
    let mut setup = Setup::new(options);
    setup.board = vec![9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3];
    let expected = SetupError::Position(CoreSetupError::Undecided(Undecided {
        pit: pit(0),
        player: Player::P0,
        budget: Budget::DEFAULT.limit().unwrap(),
    }));
    let json = serde_json::to_string(&setup).unwrap();
    let built = quick("from_setup", || Numercy::from_setup(setup.clone()));
    assert_eq!(built, Err(expected));
    let read = quick("serde", || serde_json::from_str::<Numercy>(&json));
    assert_eq!(read.map_err(|e| e.to_string()), Err(expected.to_string()));
    let text = quick("text", || SLOW.parse::<Numercy>());
    assert_eq!(text, Err(ParseError::Setup(expected)));
    // A budget chosen through the API is named by the refusal.
    assert!(matches!(
        Numercy::from_setup_within(setup, Budget::seeds(5_000)),
        Err(SetupError::Position(CoreSetupError::Undecided(Undecided {
            budget: 5_000,
            ..
        })))
    ));
}

/// A budget word in a text is refused at once, whatever it asks for.
#[test]
fn a_text_cannot_set_the_budget() {
    for words in [
        " max_laps=none",
        " max_laps=18446744073709551615",
        " endless=stop max_laps=none",
    ] {
        let text = format!("{SLOW}{words}");
        let read = quick(&text, || text.parse::<Numercy>());
        assert!(
            matches!(&read, Err(ParseError::Notation(e)) if e.to_string().contains("not a rule")),
            "{text}: {read:?}"
        );
    }
    let mut options = Options::classic();
    assert_eq!(
        mancala_core::notation::RuleOptions::set(&mut options, "max_laps", "none"),
        Err(OptionError::BudgetInText("max_laps".into()))
    );
}

#[test]
fn the_state_keeps_the_callers_budget() {
    let game = Numercy::new_within(Options::classic(), Budget::seeds(3)).unwrap();
    assert_eq!(game.budget(), Budget::seeds(3));
    assert_eq!(
        game,
        Numercy::classic(),
        "the budget is not part of the position"
    );
    let mut game = game;
    game.set_budget(Budget::UNLIMITED);
    assert_eq!(game.budget(), Budget::UNLIMITED);
    assert_eq!(Numercy::classic().budget(), Budget::DEFAULT);
    let read: Numercy = game.to_string().parse().unwrap();
    assert_eq!(read.budget(), Budget::DEFAULT);
}

/// Random games on the 2x6 board relaying at 2 (the slow position's
/// rules), under small budgets: each legal move stands, giving what it
/// gives without a budget, or is refused as undecided with the state
/// untouched (`play`, `play_unchecked`, `play_observed` with no event);
/// every state reached is decidable (its setup builds it again).
#[test]
fn under_a_small_budget_moves_stand_or_are_refused_as_undecided() {
    let mut refusals = 0;
    for seed in 0..40u64 {
        let seeds = [0, 10, 100, 1_000, 20_000][seed as usize % 5];
        let budget = Budget::seeds(seeds);
        let mut options = Options::board(6);
        options.relay_at = 2;
        options.endless = if seed % 2 == 0 {
            Endless::Forbid
        } else {
            Endless::Stop
        };
        let Ok(mut game) = Numercy::new_within(options, budget) else {
            continue;
        };
        let mut rng = SplitMix::new(seed);
        for _ in 0..100 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            assert_eq!(
                Numercy::from_setup_within(game.to_setup(), budget).as_ref(),
                Ok(&game)
            );
            let mut stood = Vec::new();
            for &mv in &moves {
                let mut copy = game.clone();
                match copy.play(mv) {
                    Ok(report) => {
                        stood.push(mv);
                        let mut unlimited = game.clone();
                        unlimited.set_budget(Budget::UNLIMITED);
                        assert_eq!(unlimited.play(mv), Ok(report));
                        assert_eq!(unlimited, copy);
                    }
                    Err(PlayError::Undecided {
                        mv: mancala_core::Move::Sow(pit),
                        cause,
                    }) => {
                        refusals += 1;
                        assert_eq!(pit, mv);
                        assert_eq!(cause.budget, seeds);
                        assert_eq!(copy, game, "a refused move changed the state");
                        let report = copy.play_unchecked(mv);
                        assert_eq!(report.laps, 0);
                        assert_eq!(copy, game);
                        let mut events = Vec::new();
                        assert!(copy.play_observed(mv, &mut events).is_err());
                        assert!(events.is_empty());
                        assert_eq!(copy, game);
                    }
                    Err(e) => panic!("a legal move was refused: {e}"),
                }
            }
            let Some(&mv) = stood.get(rng.below(stood.len().max(1))) else {
                break;
            };
            game.play(mv).unwrap();
        }
    }
    assert!(
        refusals > 0,
        "no move met the budget: the test tests nothing"
    );
}
