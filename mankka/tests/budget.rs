//! The work budget (RULES.md, "Work budget") in Mankka: `Options::max_laps`.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::testing::SplitMix;
use mankka::{
    DEFAULT_MAX_LAPS, Endless, Game, Mankka, Move, Options, OptionsError, Pit, PlayError, Player,
    Setup, SetupError, Undecided,
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// RULES.md's endless relay: board `[4,2,5,2,0,3,1,4,2,0,3,1]`, player 0
/// moving hole 2, cycles back to the board it started from. Under the
/// default budget it is decided (refused under `endless=forbid`, a pass of
/// the turn under `stop`); under a budget of one lap no move of that
/// position is decided past one lap, so the setup is refused.
#[test]
fn the_rules_md_cycle_under_budgets() {
    let setup = |max_laps, endless| {
        let mut options = Options::one();
        options.max_laps = max_laps;
        options.endless = endless;
        let mut setup = Setup::new(options);
        setup.board = vec![4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1];
        setup.stores = vec![10, 8];
        setup
    };
    let game = Mankka::from_setup(setup(Some(DEFAULT_MAX_LAPS), Endless::Forbid)).unwrap();
    assert!(!game.legal_moves().contains(&Move::Sow(pit(2))));
    let mut game = Mankka::from_setup(setup(Some(DEFAULT_MAX_LAPS), Endless::Stop)).unwrap();
    let report = game.play(Move::Sow(pit(2))).unwrap();
    assert!(report.endless);
    // Relays need a landing hole then holding 4 or more. Hole 0 (4 seeds)
    // ends in hole 4, empty before: one lap; hole 1 (2 seeds) ends in hole
    // 3, holding 3 after: one lap; hole 2 (5 seeds) ends in hole 7, holding
    // 5 after, and relays: one lap of budget cannot decide it.
    assert_eq!(
        Mankka::from_setup(setup(Some(1), Endless::Forbid)),
        Err(SetupError::Position(mancala_core::SetupError::Undecided(
            Undecided {
                pit: pit(2),
                player: Player::P0,
                max_laps: 1
            }
        )))
    );
}

#[test]
fn a_budget_of_no_laps_is_refused() {
    let mut options = Options::one();
    options.max_laps = Some(0);
    assert!(matches!(options.check(), Err(OptionsError::Rules(_))));
    assert!(Mankka::new(options).is_err());
    assert!("max_laps=0".parse::<Options>().is_err());
    assert_eq!(
        "max_laps=none".parse::<Options>().map(|o| o.max_laps),
        Ok(None)
    );
}

/// Random games of both variants (placements included) under small
/// budgets: each legal move stands, or is refused as undecided with the
/// state untouched; every state reached is decidable (its setup builds it
/// again).
#[test]
fn under_a_small_budget_moves_stand_or_are_refused_as_undecided() {
    let (mut refusals, mut games) = (0, 0);
    for seed in 0..32u64 {
        let mut options = if seed % 2 == 0 {
            Options::two()
        } else {
            Options::one()
        };
        options.max_laps = Some([1, 3, 6, 10][seed as usize % 4]);
        options.endless = if seed % 3 == 0 {
            Endless::Stop
        } else {
            Endless::Forbid
        };
        let Ok(mut game) = Mankka::new(options) else {
            // The start's sowing moves are decided too, even in Two's
            // opening: from 3 or 4 seeds a hole, first laps end in holes
            // then holding 4 or 5 and relay, past the smallest budgets.
            assert!(matches!(Mankka::new(options), Err(OptionsError::Rules(_))));
            continue;
        };
        games += 1;
        let mut rng = SplitMix::new(seed);
        for _ in 0..200 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            assert_eq!(Mankka::from_setup(game.to_setup()).as_ref(), Ok(&game));
            let mut stood = Vec::new();
            for mv in moves.iter() {
                let mut copy = game.clone();
                match copy.play(*mv) {
                    Ok(_) => stood.push(*mv),
                    Err(PlayError::Undecided(cause)) => {
                        refusals += 1;
                        assert_eq!(Some(cause.max_laps), options.max_laps);
                        assert_eq!(copy, game, "a refused move changed the state");
                        copy.play_unchecked(*mv);
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
        games > 0 && refusals > 0,
        "no move met the budget: the test tests nothing"
    );
    println!("{games} games, {refusals} refusals");
}
