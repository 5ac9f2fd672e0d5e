//! The work budget in Mankka: the caller's [`Budget`], kept by the state
//! (the core game's), never set by a text or JSON document.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::notation::OptionError;
use mancala_testing::SplitMix;
use mankka::{
    Budget, CorePlayError, Endless, Game, Mankka, Move, Options, ParseError, Pit, PlayError,
    Player, Setup, SetupError, Undecided,
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// RULES.md's endless relay: board `[4,2,5,2,0,3,1,4,2,0,3,1]`, player 0
/// moving hole 2, cycles back to the board it started from. Under the
/// default budget it is decided (refused under `endless=forbid`, a pass of
/// the turn under `stop`). Its cycle is looked for only after the laps
/// sown without counting, every lap of that walk counted: a budget of no
/// seeds cannot decide it, so the setup is refused, naming hole 2.
#[test]
fn the_rules_md_cycle_under_budgets() {
    let setup = |endless| {
        let mut options = Options::one();
        options.endless = endless;
        let mut setup = Setup::new(options);
        setup.board = vec![4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1];
        setup.stores = vec![10, 8];
        setup
    };
    let game = Mankka::from_setup(setup(Endless::Forbid)).unwrap();
    assert!(!game.legal_moves().contains(&Move::Sow(pit(2))));
    let mut game = Mankka::from_setup(setup(Endless::Stop)).unwrap();
    let report = game.play(Move::Sow(pit(2))).unwrap();
    assert!(report.endless);
    // Holes 0 and 1 end with their first lap (into a hole then holding
    // fewer than 4); hole 2 relays, and its cycle needs counted laps.
    assert_eq!(
        Mankka::from_setup_within(setup(Endless::Forbid), Budget::seeds(0)),
        Err(SetupError::Position(mancala_core::SetupError::Undecided(
            Undecided {
                pit: pit(2),
                player: Player::P0,
                budget: 0
            }
        )))
    );
}

#[test]
fn a_text_or_document_cannot_set_the_budget() {
    assert_eq!(
        "max_laps=none".parse::<Options>().map(|_| ()),
        Err(OptionError::BudgetInText("max_laps".into()))
    );
    let text = "4,2,5,2,0,3/1,4,2,0,3,1 10,8 0,0 0 variant=one max_laps=none";
    assert!(matches!(
        text.parse::<Mankka>(),
        Err(ParseError::Notation(_))
    ));
    let mut json = serde_json::to_value(Setup::new(Options::one())).unwrap();
    json["options"]["max_laps"] = serde_json::Value::Null;
    assert!(serde_json::from_value::<Setup>(json).is_err());
    let game = Mankka::new_within(Options::two(), Budget::seeds(5)).unwrap();
    assert_eq!(game.budget(), Budget::seeds(5));
    assert_eq!(game, Mankka::new(Options::two()).unwrap());
    let read: Mankka = game.to_string().parse().unwrap();
    assert_eq!(read.budget(), Budget::DEFAULT);
    let mut game = read;
    game.set_budget(Budget::UNLIMITED);
    assert_eq!(game.budget(), Budget::UNLIMITED);
}

/// The RULES.md cycle one move away: North sows his hole 9 (2 seeds, into
/// holes 10 and 11, the last ending in a hole then holding 1: one lap, no
/// capture) and leaves the cycle's board with South to move, whose hole 2
/// relays for ever.
fn one_move_before_the_cycle(options: Options) -> Setup {
    let mut setup = Setup::new(options);
    setup.board = vec![4, 2, 5, 2, 0, 3, 1, 4, 2, 2, 2, 0];
    setup.stores = vec![10, 11];
    setup.hands = vec![0, 0];
    setup.to_move = Player::P1;
    setup
}

#[test]
fn a_move_into_the_cycle_is_refused_under_no_counted_seeds() {
    let setup = one_move_before_the_cycle(Options::one());
    let mut game = Mankka::from_setup_within(setup.clone(), Budget::seeds(0)).unwrap();
    let before = game.clone();
    assert_eq!(
        game.play(Move::Sow(pit(9))),
        Err(PlayError::Core(CorePlayError::Undecided {
            mv: mancala_core::Move::Sow(pit(9)),
            cause: Undecided {
                pit: pit(2),
                player: Player::P0,
                budget: 0
            }
        }))
    );
    assert_eq!(game, before);
    let mut game = Mankka::from_setup(setup).unwrap();
    game.play(Move::Sow(pit(9))).unwrap();
    assert_eq!(game.board().holes(), &[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1]);
    assert!(!game.legal_moves().contains(&Move::Sow(pit(2))));
}

/// Random games of both variants under small budgets, from the start
/// (placements included), from random boards of up to 9 seeds a hole, and
/// from one move before the RULES.md cycle (random play meets no move the
/// smallest budgets cannot decide: Mankka's relays end within a few dozen
/// laps and its cycles are rare): each legal move stands,
/// giving what it gives without a budget, or is refused as undecided with
/// the state untouched; every state reached is decidable (its setup builds
/// it again under the same budget).
#[test]
fn under_a_small_budget_moves_stand_or_are_refused_as_undecided() {
    let (mut refusals, mut games) = (0, 0);
    for seed in 0..64u64 {
        let mut options = if seed % 2 == 0 {
            Options::two()
        } else {
            Options::one()
        };
        let seeds = [0, 10, 100, 1_000][seed as usize % 4];
        let budget = Budget::seeds(seeds);
        options.endless = if seed % 3 == 0 {
            Endless::Stop
        } else {
            Endless::Forbid
        };
        let mut rng = SplitMix::new(seed);
        let start = if seed % 8 == 4 {
            Mankka::from_setup_within(one_move_before_the_cycle(options), budget).ok()
        } else if seed < 32 {
            Mankka::new_within(options, budget).ok()
        } else {
            let mut setup = Setup::new(options);
            setup.board = (0..12).map(|_| rng.below(10) as u16).collect();
            setup.hands = vec![0, 0];
            Mankka::from_setup_within(setup, budget).ok()
        };
        let Some(mut game) = start else {
            continue;
        };
        games += 1;
        for _ in 0..200 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            assert_eq!(
                Mankka::from_setup_within(game.to_setup(), budget).as_ref(),
                Ok(&game)
            );
            let mut stood = Vec::new();
            for mv in moves.iter() {
                let mut copy = game.clone();
                match copy.play(*mv) {
                    Ok(report) => {
                        stood.push(*mv);
                        let mut unlimited = game.clone();
                        unlimited.set_budget(Budget::UNLIMITED);
                        assert_eq!(unlimited.play(*mv), Ok(report));
                        assert_eq!(unlimited, copy);
                    }
                    Err(e) => {
                        let Some(cause) = e.undecided() else {
                            panic!("a legal move was refused: {e}");
                        };
                        refusals += 1;
                        assert_eq!(cause.budget, seeds);
                        assert_eq!(copy, game, "a refused move changed the state");
                        copy.play_unchecked(*mv);
                        assert_eq!(copy, game);
                    }
                }
            }
            let Some(&mv) = stood.get(rng.below(stood.len().max(1))) else {
                break;
            };
            game.play(mv).unwrap();
        }
    }
    assert!(
        games > 0 && refusals > 0,
        "no move met the budget ({games} games): the test tests nothing"
    );
}
