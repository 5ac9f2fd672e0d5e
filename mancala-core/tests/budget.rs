//! The work budget (RULES.md, "Work budget"): `Rules::max_laps` and
//! `Sower::max_laps`.
//!
//! A budget of `n` decides a move exactly when it ends within `n` laps or
//! repeats a lap start with `mu + lambda <= n`; every other move is refused
//! as undecided, whatever the endless policy, and whatever needed the
//! decision (a setup, a start, a move leading to the position) fails with
//! nothing changed. `None` keeps the exact, unbounded behaviour.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::{
    Board, Capture, DEFAULT_MAX_LAPS, Endless, EndlessRelay, Feeding, Game, Layout, Mancala, Move,
    Pit, PlaceError, PlayError, Player, Relay, Rules, RulesError, Setup, SetupError, SowError,
    SowSpec, Sower, Topology, Undecided,
};
use proptest::collection::vec;
use proptest::prelude::*;

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// Oware's board and sowing (origin not skipped) relaying at 2: the rules
/// of the known slow position.
fn relay_at_two() -> Rules {
    let mut rules = Rules::oware();
    rules.relay = Relay::AtLeast(2);
    rules.sowing.skip_origin = false;
    rules
}

/// The known slow position: sowing hole 4 starts a cycle of 307,959,030
/// laps (RULES.md), reached by random play from 6 seeds a hole; and the
/// same board rotated so that the endless hole is hole 0 (the issue's
/// 562-byte setup). Without a budget, building either took 45 s or more.
const SLOW: [[u16; 12]; 2] = [
    [11, 14, 2, 3, 9, 2, 1, 7, 2, 14, 6, 1],
    [9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3],
];

fn slow_setup(board: [u16; 12], rules: Rules) -> Setup {
    let mut setup = Setup::new(rules);
    setup.board = board.to_vec();
    setup.stores = vec![0, 0];
    setup
}

#[test]
fn the_known_slow_positions_are_refused_under_the_default_budget() {
    for (board, hole) in SLOW.into_iter().zip([4, 0]) {
        let setup = slow_setup(board, relay_at_two());
        assert_eq!(setup.rules.max_laps, Some(DEFAULT_MAX_LAPS));
        let expected = SetupError::Undecided(Undecided {
            pit: pit(hole),
            player: Player::P0,
            max_laps: DEFAULT_MAX_LAPS,
        });
        let built = mancala_core::testing::within(60, move || Mancala::from_setup(setup))
            .expect("from_setup hung");
        assert_eq!(built, Err(expected));
        // The same through deserialization, the way a service reads it.
        let json = serde_json::to_string(&slow_setup(board, relay_at_two())).unwrap();
        let read = mancala_core::testing::within(60, move || {
            serde_json::from_str::<Mancala>(&json).map_err(|e| e.to_string())
        })
        .expect("deserialization hung");
        assert_eq!(read, Err(expected.to_string()));
    }
}

#[test]
fn a_setup_without_max_laps_reads_the_default_budget_and_null_reads_none() {
    let setup = Setup::new(Rules::kalah());
    let mut json = serde_json::to_value(&setup).unwrap();
    assert_eq!(
        json["rules"]["max_laps"],
        serde_json::json!(DEFAULT_MAX_LAPS)
    );
    json["rules"].as_object_mut().unwrap().remove("max_laps");
    let read: Setup = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(read.rules.max_laps, Some(DEFAULT_MAX_LAPS));
    json["rules"]["max_laps"] = serde_json::Value::Null;
    let read: Setup = serde_json::from_value(json).unwrap();
    assert_eq!(read.rules.max_laps, None);
}

#[test]
fn a_budget_of_no_laps_is_refused() {
    let mut rules = Rules::oware();
    rules.max_laps = Some(0);
    assert_eq!(rules.check().err(), Some(RulesError::NoLaps));
    assert_eq!(Mancala::new(rules).err(), Some(RulesError::NoLaps));
    rules.max_laps = Some(1);
    assert!(Mancala::new(rules).is_ok());
    assert!(rules.to_string().contains("max_laps=1"));
    assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
    assert!("max_laps=0".parse::<Rules>().is_err());
    assert_eq!(
        "max_laps=none".parse::<Rules>().map(|r| r.max_laps),
        Ok(None)
    );
}

/// A start position whose moves the budget cannot decide: 2x6 with 6 seeds
/// a hole relaying at 2 has first moves of more than one lap.
#[test]
fn a_start_the_budget_cannot_decide_is_refused() {
    let mut rules = relay_at_two().with_seeds(6);
    rules.max_laps = Some(1);
    assert!(matches!(
        Mancala::new(rules),
        Err(RulesError::Undecided(Undecided {
            player: Player::P0,
            max_laps: 1,
            ..
        }))
    ));
    assert!(matches!(
        Mancala::with_first_player(rules, Player::P1),
        Err(SetupError::Undecided(Undecided {
            player: Player::P1,
            ..
        }))
    ));
}

/// A placement that reaches a position with an undecidable move is
/// refused, and changes nothing.
#[test]
fn a_placement_into_an_undecidable_position_is_refused() {
    let mut rules = relay_at_two();
    rules.max_laps = Some(1);
    rules.feeding = Feeding::Off;
    rules.capture = Capture::None;
    rules.end.majority = false;
    let mut setup = Setup::new(rules);
    setup.board = vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    setup.stores = vec![0, 0];
    let mut game = Mancala::from_setup(setup).unwrap();
    // Hole 0 sows its seed into the empty hole 1: one lap, decided.
    assert_eq!(game.legal_moves().as_slice(), &[Move::Sow(pit(0))]);
    let before = game.clone();
    // With a seed placed in hole 1, sowing hole 0 makes it 2 and relays: a
    // second lap, past the budget of 1.
    let refused = game.place_seeds(&[(pit(1), 1)], Player::P0);
    assert_eq!(
        refused,
        Err(PlaceError::Undecided(Undecided {
            pit: pit(0),
            player: Player::P0,
            max_laps: 1
        }))
    );
    assert_eq!(game, before);
    // Placed elsewhere, it stands.
    game.place_seeds(&[(pit(3), 1)], Player::P0).unwrap();
    assert_eq!(game.board().holes()[3], 1);
}

/// The harness of every move under a small budget: each legal move either
/// stands, or is refused as undecided with the state untouched (by `play`,
/// `play_unchecked` and `play_observed`, which then reports no event), and
/// every state reached is decidable (its setup builds it again).
#[test]
fn under_a_small_budget_moves_stand_or_are_refused_as_undecided() {
    let mut refusals = 0;
    for (seed, budget) in (0..40u64).zip([1, 2, 3, 5, 8].into_iter().cycle()) {
        let mut rules = relay_at_two().with_seeds(3);
        rules.max_laps = Some(budget);
        rules.endless = if seed % 2 == 0 {
            Endless::Forbid
        } else {
            Endless::Stop
        };
        let Ok(mut game) = Mancala::new(rules) else {
            continue;
        };
        let mut rng = mancala_core::testing::SplitMix::new(seed);
        for _ in 0..200 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            assert_eq!(Mancala::from_setup(game.to_setup()).as_ref(), Ok(&game));
            let mut stood = Vec::new();
            for &mv in &moves {
                let mut copy = game.clone();
                match copy.play(mv) {
                    Ok(_) => stood.push(mv),
                    Err(PlayError::Undecided { mv: refused, cause }) => {
                        refusals += 1;
                        assert_eq!(refused, mv);
                        assert_eq!(cause.max_laps, budget);
                        assert_eq!(copy, game, "a refused move changed the state");
                        let turn = copy.play_unchecked(mv);
                        assert_eq!(turn.landing, None);
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

fn two_rows() -> Topology {
    Topology::new(Layout::two_rows(6)).unwrap()
}

/// The sower with `max_laps`, relaying at `k`.
fn sow(
    board: &Board,
    origin: Pit,
    k: u16,
    endless: Endless,
    max_laps: Option<u64>,
) -> (Result<mancala_core::Sown, SowError>, Board) {
    let topology = two_rows();
    let sower = Sower {
        topology: &topology,
        spec: SowSpec::default(),
        mover: Player::P0,
        relay: &Relay::AtLeast(k),
        endless,
        max_laps,
    };
    let mut board = board.clone();
    let result = sower.sow(&mut board, origin, &mut ());
    (result, board)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: mancala_core::testing::proptest_cases(512),
        ..ProptestConfig::default()
    })]

    /// A budget of `n` gives the unbounded result for every move it decides
    /// (ends within `n` laps, or cycles with `mu + lambda <= n`) and refuses
    /// every other move as undecided, the board unchanged.
    #[test]
    fn a_budget_decides_exactly_the_moves_within_it(
        holes in vec(0u16..=5, 12),
        origin in 0usize..6,
        k in 2u16..=4,
        n in 1u64..=40,
        stop in any::<bool>(),
    ) {
        let mut holes = holes;
        holes[origin] = holes[origin].max(1);
        let board = Board::from_counts(&holes, &[0, 0]);
        let endless = if stop { Endless::Stop } else { Endless::Forbid };
        let (exact, exact_board) = sow(&board, pit(origin), k, endless, None);
        // The move's length in lap starts, from the unbounded run (under
        // `Forbid` the cycle is reported; under `Stop`, `laps` is
        // `mu + lambda`).
        let needed = match exact {
            Ok(sown) => sown.laps,
            Err(SowError::Endless(EndlessRelay { laps_before_cycle, cycle_laps })) => {
                laps_before_cycle + cycle_laps
            }
            Err(e) => panic!("unexpected refusal {e}"),
        };
        let (budgeted, budgeted_board) = sow(&board, pit(origin), k, endless, Some(n));
        if needed <= n {
            prop_assert_eq!(budgeted, exact);
            prop_assert_eq!(budgeted_board, exact_board);
        } else {
            prop_assert_eq!(
                budgeted,
                Err(SowError::Undecided(Undecided { pit: pit(origin), player: Player::P0, max_laps: n }))
            );
            prop_assert_eq!(budgeted_board, board);
        }
    }
}

/// `Some(0)` decides nothing, even a single lap (a sower built by hand;
/// `Rules` refuse it).
#[test]
fn a_sower_with_no_laps_decides_nothing() {
    let board = Board::filled(12, 4);
    let (result, after) = sow(&board, pit(0), 99, Endless::Forbid, Some(0));
    assert!(matches!(
        result,
        Err(SowError::Undecided(Undecided { max_laps: 0, .. }))
    ));
    assert_eq!(after, board);
}

/// RULES.md's Mankka cycle (relay at 4 seeds): hole 2 of
/// `[4,2,5,2,0,3,1,4,2,0,3,1]` first repeats a lap start at
/// `mu + lambda`; a budget of exactly that decides it, one less does not.
#[test]
fn the_mankka_cycle_is_decided_exactly_at_its_length() {
    let board = Board::from_counts(&[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1], &[0, 0]);
    let (exact, _) = sow(&board, pit(2), 4, Endless::Forbid, None);
    let Err(SowError::Endless(cycle)) = exact else {
        panic!("the known cycle was not found: {exact:?}");
    };
    let length = cycle.laps_before_cycle + cycle.cycle_laps;
    let (at, _) = sow(&board, pit(2), 4, Endless::Forbid, Some(length));
    assert_eq!(at, exact);
    let (stop, stopped) = sow(&board, pit(2), 4, Endless::Stop, Some(length));
    assert!(stop.unwrap().endless);
    assert_eq!(stopped, board, "the known cycle leaves the board as it was");
    let (short, after) = sow(&board, pit(2), 4, Endless::Stop, Some(length - 1));
    assert!(matches!(short, Err(SowError::Undecided(_))));
    assert_eq!(after, board);
}

/// The move's length in lap starts by a reference walk that remembers every
/// lap start (board and hole about to be lifted): `Some(laps)` for a finite
/// move, `Some(mu + lambda)` for an endless one, `None` past `most` laps.
fn reference_length(board: &Board, origin: Pit, k: u16, most: u64) -> Option<(u64, bool)> {
    let topology = two_rows();
    let mut seen = std::collections::HashSet::new();
    let mut board = board.clone();
    let mut from = origin;
    for laps in 0..=most {
        if !seen.insert((board.clone(), from)) {
            return Some((laps, true));
        }
        // One lap, by the engine's single-lap sower.
        let sower = Sower {
            topology: &topology,
            spec: SowSpec::default(),
            mover: Player::P0,
            relay: &Relay::Never,
            endless: Endless::Forbid,
            max_laps: Some(1),
        };
        match sower.sow(&mut board, from, &mut ()).unwrap().landing {
            mancala_core::Landing::Hole(p) if board.get(p) >= k => from = p,
            _ => return Some((laps + 1, false)),
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: mancala_core::testing::proptest_cases(256),
        ..ProptestConfig::default()
    })]

    /// Long moves (relaying at 2 on full boards), decided by Brent's walk
    /// past the 256 plain laps: the budget's verdict agrees with a reference
    /// that remembers every lap start, at the edge of the budget too.
    #[test]
    fn long_moves_are_decided_exactly_at_the_edge_of_the_budget(
        holes in vec(0u16..=9, 12),
        origin in 0usize..6,
        extra in 0u64..=3000,
        stop in any::<bool>(),
    ) {
        let mut holes = holes;
        holes[origin] = holes[origin].max(1);
        let board = Board::from_counts(&holes, &[0, 0]);
        let Some((needed, endless)) = reference_length(&board, pit(origin), 2, 4000) else {
            return Ok(());
        };
        let policy = if stop { Endless::Stop } else { Endless::Forbid };
        for n in [needed.saturating_sub(1).max(1), needed, needed + 1, 257 + extra] {
            let (result, after) = sow(&board, pit(origin), 2, policy, Some(n));
            if needed <= n {
                let (exact, exact_board) = sow(&board, pit(origin), 2, policy, None);
                prop_assert_eq!(result, exact);
                prop_assert_eq!(after, exact_board);
                match result {
                    Ok(sown) => {
                        prop_assert_eq!(sown.endless, endless);
                        prop_assert_eq!(sown.laps, needed);
                    }
                    Err(SowError::Endless(cycle)) => {
                        prop_assert!(endless);
                        prop_assert_eq!(cycle.laps_before_cycle + cycle.cycle_laps, needed);
                    }
                    Err(e) => prop_assert!(false, "unexpected {e}"),
                }
            } else {
                prop_assert!(matches!(result, Err(SowError::Undecided(_))), "{result:?}");
                prop_assert_eq!(after, board.clone());
            }
        }
    }
}

/// A budget of `u64::MAX` decides like no budget (its cap saturates), and
/// finds a short cycle at once rather than walking the budget first.
#[test]
fn a_huge_budget_decides_like_none() {
    let board = Board::from_counts(&[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1], &[0, 0]);
    let exact = sow(&board, pit(2), 4, Endless::Forbid, None);
    let huge = mancala_core::testing::within(60, move || {
        sow(&board, pit(2), 4, Endless::Forbid, Some(u64::MAX))
    })
    .expect("a short cycle under a huge budget hung");
    assert_eq!(huge, exact);
}

/// Moves longer than the 256 plain laps (found by a search over random
/// boards relaying at 2; the lengths come from `reference_length`): the
/// budget's verdict at and around each length, through Brent's walk.
#[test]
fn moves_longer_than_the_plain_laps_are_decided_exactly() {
    let cases: [([u16; 12], usize, u64, bool); 6] = [
        ([5, 4, 3, 1, 5, 2, 3, 0, 1, 0, 2, 3], 2, 376, true),
        ([2, 0, 1, 2, 4, 1, 4, 1, 2, 3, 4, 3], 0, 332, true),
        ([3, 0, 3, 4, 2, 1, 0, 3, 0, 4, 3, 4], 3, 738, true),
        ([4, 3, 2, 1, 3, 3, 0, 1, 4, 3, 4, 3], 4, 336, true),
        ([9, 8, 7, 9, 4, 11, 10, 6, 8, 10, 6, 10], 2, 444, false),
        ([8, 1, 8, 5, 9, 9, 6, 9, 2, 7, 2, 3], 4, 267, false),
    ];
    for (holes, origin, needed, endless) in cases {
        let board = Board::from_counts(&holes, &[0, 0]);
        assert_eq!(
            reference_length(&board, pit(origin), 2, 4000),
            Some((needed, endless)),
            "{holes:?} hole {origin}"
        );
        for policy in [Endless::Forbid, Endless::Stop] {
            let (exact, exact_board) = sow(&board, pit(origin), 2, policy, None);
            for n in [needed - 1, needed, needed + 1, 3 * needed, u64::MAX] {
                let (result, after) = sow(&board, pit(origin), 2, policy, Some(n));
                if needed <= n {
                    assert_eq!((result, &after), (exact, &exact_board), "{holes:?} n={n}");
                } else {
                    assert!(
                        matches!(result, Err(SowError::Undecided(_))),
                        "{holes:?} n={n}"
                    );
                    assert_eq!(after, board);
                }
            }
        }
    }
}
