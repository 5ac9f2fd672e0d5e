//! The work budget (RULES.md, "Work budget") in Numercy: `Options::max_laps`.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::testing::SplitMix;
use mancala_core::{DEFAULT_MAX_LAPS, Game, Undecided};
use numercy::{Endless, Numercy, Options, OptionsError, Pit, PlayError, Player, Setup, SetupError};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// The 299-byte setup: the core's known 307,959,030-lap cycle (2x6
/// relaying at 2) rotated so that its endless hole is hole 0. Numercy sows
/// a plain ring (no stores), so the cycle is the same. Reading it took 45 s.
#[test]
fn the_known_slow_position_is_refused_under_the_default_budget() {
    let mut options = Options::board(6);
    options.relay_at = 2;
    let mut setup = Setup::new(options);
    setup.board = vec![9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3];
    let expected = SetupError::Undecided(Undecided {
        pit: pit(0),
        player: Player::P0,
        max_laps: DEFAULT_MAX_LAPS,
    });
    let json = serde_json::to_string(&setup).unwrap();
    let built = mancala_core::testing::within(60, move || Numercy::from_setup(setup))
        .expect("from_setup hung");
    assert_eq!(built, Err(expected));
    let read = mancala_core::testing::within(60, move || {
        serde_json::from_str::<Numercy>(&json).map_err(|e| e.to_string())
    })
    .expect("deserialization hung");
    assert_eq!(read, Err(expected.to_string()));
}

#[test]
fn a_budget_of_no_laps_is_refused_and_a_start_it_cannot_decide_too() {
    let mut options = Options::classic();
    options.max_laps = Some(0);
    assert_eq!(options.check(), Err(OptionsError::NoLaps));
    assert_eq!(Numercy::new(options), Err(OptionsError::NoLaps));
    // Classic: 7 balls from hole 0 land in hole 7, which then holds 8 and
    // relays (the crate's first example): more than one lap.
    options.max_laps = Some(1);
    assert!(matches!(
        Numercy::new(options),
        Err(OptionsError::Undecided(Undecided {
            player: Player::P0,
            max_laps: 1,
            ..
        }))
    ));
}

/// Random games under small budgets: each legal move stands, or is refused
/// as undecided with the state untouched (`play`, `play_unchecked`,
/// `play_observed` with no event); every state reached is decidable (its
/// setup builds it again).
#[test]
fn under_a_small_budget_moves_stand_or_are_refused_as_undecided() {
    let mut refusals = 0;
    for seed in 0..40u64 {
        let mut options = Options::board(4);
        options.max_laps = Some([2, 3, 4, 6, 10][seed as usize % 5]);
        options.endless = if seed % 2 == 0 {
            Endless::Forbid
        } else {
            Endless::Stop
        };
        let Ok(mut game) = Numercy::new(options) else {
            continue;
        };
        let mut rng = SplitMix::new(seed);
        for _ in 0..200 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            assert_eq!(Numercy::from_setup(game.to_setup()).as_ref(), Ok(&game));
            let mut stood = Vec::new();
            for &mv in &moves {
                let mut copy = game.clone();
                match copy.play(mv) {
                    Ok(_) => stood.push(mv),
                    Err(PlayError::Undecided { pit, cause }) => {
                        refusals += 1;
                        assert_eq!(pit, mv);
                        assert_eq!(Some(cause.max_laps), options.max_laps);
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
            let Some(&mv) = stood.get(rng.below(stood.len())) else {
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
