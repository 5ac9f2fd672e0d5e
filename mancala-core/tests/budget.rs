//! The work budget: `Budget`, `Meter` and the states that keep them.
//!
//! The budget belongs to the calling program: every call that decides
//! relays (building a state, reading one, playing a move) draws on one
//! meter of `Budget` seeds sown beyond each move's first 256 laps, and
//! nothing in a position's text, JSON or rules can raise it. A move the
//! budget cannot decide is refused as undecided with nothing changed; a
//! budget never changes a result, only whether one is given.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use mancala_core::notation::{OptionError, ParseError};
use mancala_core::{
    Board, Budget, Game, Layout, Mancala, Meter, Move, Pit, PitSet, PlaceError, PlayError, Player,
    Rules, Setup, SetupError, Topology,
    budget::Undecided,
    rules::{Capture, Endless, Feeding, Relay, SowSpec},
    toolkit::{EndlessRelay, SowError, Sower},
};

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
/// laps, reached by random play from 6 seeds a hole; and the same board
/// rotated so that the endless hole is hole 0. Without a budget, building
/// either takes tens of seconds.
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

/// The time a call may take: 1 s (the promise to callers, half of it the
/// default budget's aim) in an optimised build; unoptimised test builds
/// (debug assertions on) get four times as long.
fn promised() -> Duration {
    if cfg!(debug_assertions) {
        Duration::from_secs(4)
    } else {
        Duration::from_secs(1)
    }
}

/// Runs `f`, failing if it takes longer than [`promised`].
fn quick<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let clock = Instant::now();
    let value = f();
    let took = clock.elapsed();
    assert!(took < promised(), "{what} took {took:?}");
    value
}

/// The hostile texts of the issue that moved the budget to the caller:
/// a budget word in a position's text no longer reads (it named a budget
/// the sender chose; `none` made the read hang), and the same positions
/// without one are refused quickly under the default budget.
#[test]
fn hostile_texts_are_answered_quickly() {
    let slow = "11,14,2,3,9,2/1,7,2,14,6,1 0,0 0 skip_origin=false relay=2";
    for words in [
        " max_laps=none",
        " max_laps=18446744073709551615",
        " endless=stop max_laps=none",
        " max_laps=10000000",
        " max_laps=0",
    ] {
        let text = format!("{slow}{words}");
        let read = quick(&text, || text.parse::<Mancala>());
        assert!(
            matches!(
                read,
                Err(ParseError::Notation(ref e)) if e.to_string().contains("not a rule")
            ),
            "{text}: {read:?}"
        );
        let rules = quick(&text, || words.trim().parse::<Rules>());
        assert_eq!(
            rules.map(|_| ()),
            Err(OptionError::BudgetInText("max_laps".into()))
        );
    }
    for text in [slow.to_string(), format!("{slow} endless=stop")] {
        let read = quick(&text, || text.parse::<Mancala>());
        assert!(
            matches!(read, Err(ParseError::Setup(SetupError::Undecided(_)))),
            "{text}: {read:?}"
        );
    }
}

#[test]
fn the_known_slow_positions_are_refused_quickly_under_the_default_budget() {
    for (board, hole) in SLOW.into_iter().zip([4, 0]) {
        let expected = SetupError::Undecided(Undecided {
            pit: pit(hole),
            player: Player::P0,
            budget: Budget::DEFAULT.limit().unwrap(),
        });
        let setup = slow_setup(board, relay_at_two());
        let built = quick("from_setup", || Mancala::from_setup(setup.clone()));
        assert_eq!(built, Err(expected));
        // The same through deserialization, the way a service reads it,
        // with a budget field of earlier versions that asked for none: the
        // rules have no such field, and the reader's budget holds.
        let mut json = serde_json::to_value(&setup).unwrap();
        json["rules"]["max_laps"] = serde_json::Value::Null;
        let json = json.to_string();
        let read = quick("serde", || serde_json::from_str::<Mancala>(&json));
        assert_eq!(read.map_err(|e| e.to_string()), Err(expected.to_string()));
        // A smaller budget refuses sooner, and names itself.
        let small = Mancala::from_setup_within(setup, Budget::seeds(10_000));
        assert!(matches!(
            small,
            Err(SetupError::Undecided(Undecided { budget: 10_000, .. }))
        ));
    }
}

/// A program that trusts the position raises the budget through the API
/// and gets the exact answer: hole 4 of the 72-seed board relays for ever,
/// so it is not legal, and every other move of player 0 is.
#[test]
fn a_trusted_caller_gets_the_exact_answer_for_the_slow_board() {
    let setup = slow_setup(SLOW[0], relay_at_two());
    let game = Mancala::from_setup_within(setup, Budget::UNLIMITED).unwrap();
    assert_eq!(game.budget(), Budget::UNLIMITED);
    let legal: Vec<Move> = game.legal_moves().to_vec();
    let expected: Vec<Move> = [0, 1, 2, 3, 5].map(|i| Move::Sow(pit(i))).to_vec();
    assert_eq!(legal, expected);
}

/// French Wari from random play reaches positions whose moves relay round
/// cycles of over a million laps: `[6,6,2,7,0,6,0,1,6,6,0,1]`, South sowing
/// hole 5, leaves North a hole 11 whose relays cycle every 1,733,184 laps
/// (found by `mancala laps`). Ordinary play must accept such a move.
#[test]
fn an_ordinary_long_decision_of_french_wari_is_accepted() {
    let mut setup = Setup::new(Rules::french_wari());
    setup.board = vec![6, 6, 2, 7, 0, 6, 0, 1, 6, 6, 0, 1];
    setup.stores = vec![0, 0];
    let mut game = Mancala::from_setup(setup.clone()).unwrap();
    quick("play", || game.play(Move::Sow(pit(5)))).unwrap();
    assert_eq!(game.to_move(), Some(Player::P1));
    assert!(!game.legal_pits().contains(pit(11)), "hole 11 is endless");
    // The cycle, measured without a budget.
    let topology = Topology::new(Layout::two_rows(6)).unwrap();
    let meter = Meter::new(Budget::UNLIMITED);
    let sower = Sower::new(
        &topology,
        Rules::french_wari().sowing,
        Player::P1,
        &Relay::AtLeast(2),
        &meter,
    );
    let mut board = game.board().clone();
    assert_eq!(
        sower.sow(&mut board, pit(11), &mut ()),
        Err(SowError::Endless(EndlessRelay {
            laps_before_cycle: 0,
            cycle_laps: 1_733_184
        }))
    );
    // A budget too small for the next position refuses the move, and
    // changes nothing.
    let mut small = Mancala::from_setup_within(setup, Budget::seeds(1_000_000)).unwrap();
    let before = small.clone();
    assert!(matches!(
        small.play(Move::Sow(pit(5))),
        Err(PlayError::Undecided { mv: Move::Sow(_), cause: Undecided { pit: p, player: Player::P1, budget: 1_000_000 } }) if p == pit(11)
    ));
    assert_eq!(small, before);
}

#[test]
fn the_budget_is_kept_by_the_state_and_ignored_by_equality() {
    let game = Mancala::new_within(relay_at_two(), Budget::seeds(7)).unwrap();
    assert_eq!(game.budget(), Budget::seeds(7));
    assert_eq!(game.clone().budget(), Budget::seeds(7));
    let default = Mancala::new(relay_at_two()).unwrap();
    assert_eq!(default.budget(), Budget::DEFAULT);
    assert_eq!(game, default, "the budget is not part of the position");
    assert_eq!(game.key(), default.key());
    let mut set = default.clone();
    set.set_budget(Budget::UNLIMITED);
    assert_eq!(set.budget(), Budget::UNLIMITED);
    // Readers use the default: a budget is never read from a text or JSON.
    let text = set.to_string();
    assert!(!text.contains("max_laps"), "{text}");
    assert_eq!(text.parse::<Mancala>().unwrap().budget(), Budget::DEFAULT);
    let json = serde_json::to_string(&set).unwrap();
    assert!(
        !json.contains("max_laps") && !json.contains("budget"),
        "{json}"
    );
    let read: Mancala = serde_json::from_str(&json).unwrap();
    assert_eq!(read.budget(), Budget::DEFAULT);
    assert_eq!(Budget::default(), Budget::DEFAULT);
    assert_eq!(Budget::seeds(64_000_000).to_string(), "64000000 seeds");
    assert_eq!(Budget::UNLIMITED.to_string(), "no limit");
}

/// A position whose moves need more than the free laps: built under a
/// budget of exactly the seeds its decisions spend (found by halving:
/// building is deterministic), and refused, naming the budget, under one
/// seed less.
#[test]
fn a_position_is_built_exactly_when_its_budget_suffices() {
    // Hole 2 relays for 376 laps before its cycle closes
    // (`moves_longer_than_the_free_laps_are_decided_exactly_at_the_edge`).
    let mut setup = Setup::new(relay_at_two());
    setup.board = vec![5, 4, 3, 1, 5, 2, 3, 0, 1, 0, 2, 3];
    setup.stores = vec![0, 0];
    let exact = Mancala::from_setup_within(setup.clone(), Budget::UNLIMITED).unwrap();
    let builds = |n: u64| Mancala::from_setup_within(setup.clone(), Budget::seeds(n));
    assert!(builds(0).is_err(), "the position needs counted laps");
    let (mut low, mut high) = (0u64, 1u64);
    while builds(high).is_err() {
        (low, high) = (high, high * 2);
    }
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if builds(mid).is_ok() {
            high = mid;
        } else {
            low = mid;
        }
    }
    assert_eq!(builds(high).unwrap(), exact);
    assert_eq!(
        builds(high - 1),
        Err(SetupError::Undecided(Undecided {
            pit: pit(2),
            player: Player::P0,
            budget: high - 1
        }))
    );
    // Rules whose start needs no counted laps build under any budget.
    assert!(Mancala::new_within(relay_at_two().with_seeds(6), Budget::seeds(0)).is_ok());
}

/// A placement that reaches a position with an undecidable move is
/// refused, and changes nothing.
#[test]
fn a_placement_into_an_undecidable_position_is_refused() {
    let mut rules = relay_at_two();
    rules.feeding = Feeding::Off;
    rules.capture = Capture::None;
    rules.end.majority = false;
    let mut setup = Setup::new(rules);
    setup.board = vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    setup.stores = vec![0, 0];
    let mut game = Mancala::from_setup_within(setup, Budget::seeds(0)).unwrap();
    assert_eq!(game.legal_moves().as_slice(), &[Move::Sow(pit(0))]);
    let before = game.clone();
    // Placing the slow board's seeds (less the two already there) gives
    // player 0 the known slow move from hole 4: more than the first 256
    // laps, so a budget of no seeds cannot decide it.
    let slow = SLOW[0];
    let seeds: Vec<(Pit, u16)> = (0..12)
        .map(|i| (pit(i), slow[i] - u16::from(i == 0 || i == 11)))
        .collect();
    let refused = game.place_seeds(&seeds, Player::P0);
    assert!(
        matches!(
            refused,
            Err(PlaceError::Undecided(Undecided {
                player: Player::P0,
                budget: 0,
                ..
            }))
        ),
        "{refused:?}"
    );
    assert_eq!(game, before);
    // A small placement stands.
    game.place_seeds(&[(pit(3), 1)], Player::P0).unwrap();
    assert_eq!(game.board().holes()[3], 1);
}

/// The harness of every move under a small budget: each legal move either
/// stands, or is refused as undecided with the state untouched (by `play`,
/// `play_unchecked` and `play_observed`, which then reports no event), and
/// every state reached is decidable (its setup builds it again under the
/// same budget). A move that stands gives what it gives without a budget.
#[test]
fn under_a_small_budget_moves_stand_or_are_refused_as_undecided() {
    let mut refusals = 0;
    for (seed, seeds) in (0..40u64).zip([0, 10, 100, 1_000, 5_000].into_iter().cycle()) {
        let budget = Budget::seeds(seeds);
        let mut rules = relay_at_two().with_seeds(5);
        rules.endless = if seed % 2 == 0 {
            Endless::Forbid
        } else {
            Endless::Stop
        };
        let Ok(mut game) = Mancala::new_within(rules, budget) else {
            continue;
        };
        let mut rng = mancala_testing::SplitMix::new(seed);
        for _ in 0..200 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            assert_eq!(
                Mancala::from_setup_within(game.to_setup(), budget).as_ref(),
                Ok(&game)
            );
            let mut stood = Vec::new();
            for &mv in &moves {
                let mut copy = game.clone();
                match copy.play(mv) {
                    Ok(turn) => {
                        stood.push(mv);
                        let mut unlimited = game.clone();
                        unlimited.set_budget(Budget::UNLIMITED);
                        assert_eq!(unlimited.play(mv), Ok(turn));
                        assert_eq!(unlimited, copy);
                    }
                    Err(PlayError::Undecided { mv: refused, cause }) => {
                        refusals += 1;
                        assert_eq!(refused, mv);
                        assert_eq!(cause.budget, seeds);
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

/// The sower relaying at `k` on oware's board (origin sown into), its
/// seeds drawn from `meter`.
fn sow(
    board: &Board,
    origin: Pit,
    k: u16,
    endless: Endless,
    meter: &Meter,
) -> (Result<mancala_core::toolkit::Sown, SowError>, Board) {
    let topology = two_rows();
    let relay = Relay::AtLeast(k);
    let sower =
        Sower::new(&topology, SowSpec::default(), Player::P0, &relay, meter).endless(endless);
    let mut board = board.clone();
    let result = sower.sow(&mut board, origin, &mut ());
    (result, board)
}

/// The move's length in lap starts by a reference walk that remembers every
/// lap start (board and hole about to be lifted): `Some(laps)` for a finite
/// move, `Some(mu + lambda)` for an endless one, `None` past `most` laps.
fn reference_length(board: &Board, origin: Pit, k: u16, most: u64) -> Option<(u64, bool)> {
    let topology = two_rows();
    let mut seen = std::collections::HashSet::new();
    let mut board = board.clone();
    let mut from = origin;
    let meter = Meter::new(Budget::UNLIMITED);
    for laps in 0..=most {
        if !seen.insert((board.clone(), from)) {
            return Some((laps, true));
        }
        // One lap, by the engine's single-lap sower.
        let sower = Sower::new(
            &topology,
            SowSpec::default(),
            Player::P0,
            &mancala_core::toolkit::SingleLap,
            &meter,
        );
        match sower.sow(&mut board, from, &mut ()).unwrap().landing {
            mancala_core::Landing::Hole(p) if board.get(p) >= k => from = p,
            _ => return Some((laps + 1, false)),
        }
    }
    None
}

/// Moves longer than the 256 laps sown without counting (found by a
/// search over random boards relaying at 2; the lengths come from
/// `reference_length`): decided exactly without a budget, refused under a
/// budget of no seeds, and decided the same under a budget of exactly the
/// seeds the unbounded decision spent, one seed less refusing them.
#[test]
fn moves_longer_than_the_free_laps_are_decided_exactly_at_the_edge() {
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
            let unlimited = Meter::new(Budget::UNLIMITED);
            let (exact, exact_board) = sow(&board, pit(origin), 2, policy, &unlimited);
            match exact {
                Ok(sown) => {
                    assert_eq!((sown.laps, sown.endless), (needed, endless));
                }
                Err(SowError::Endless(cycle)) => {
                    assert!(endless && policy == Endless::Forbid);
                    assert_eq!(cycle.laps_before_cycle + cycle.cycle_laps, needed);
                }
                Err(e) => panic!("{holes:?}: {e}"),
            }
            let spent = unlimited.spent();
            assert!(
                spent > 0,
                "{holes:?}: past the free laps, seeds are counted"
            );
            for n in [spent, spent + 1, 3 * spent, u64::MAX] {
                let (result, after) = sow(
                    &board,
                    pit(origin),
                    2,
                    policy,
                    &Meter::new(Budget::seeds(n)),
                );
                assert_eq!((result, &after), (exact, &exact_board), "{holes:?} n={n}");
            }
            for n in [0, spent / 2, spent - 1] {
                let meter = Meter::new(Budget::seeds(n));
                let (result, after) = sow(&board, pit(origin), 2, policy, &meter);
                assert_eq!(
                    result,
                    Err(SowError::Undecided(Undecided {
                        pit: pit(origin),
                        player: Player::P0,
                        budget: n
                    })),
                    "{holes:?} n={n}"
                );
                assert_eq!(after, board, "a refused move leaves the board");
                assert!(meter.spent() <= n);
            }
        }
    }
}

/// RULES.md's Mankka cycle (relay at 4 seeds): hole 2 of
/// `[4,2,5,2,0,3,1,4,2,0,3,1]` cycles within its first laps. A cycle is
/// looked for only once the free laps are sown, every lap of that walk
/// counted: a budget of no seeds cannot decide it, a few hundred seeds do,
/// and under `Stop` the board comes back.
#[test]
fn a_short_cycle_costs_a_few_counted_seeds() {
    let board = Board::from_counts(&[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1], &[0, 0]);
    let unlimited = Meter::new(Budget::UNLIMITED);
    let (exact, _) = sow(&board, pit(2), 4, Endless::Forbid, &unlimited);
    assert!(matches!(exact, Err(SowError::Endless(_))), "{exact:?}");
    let spent = unlimited.spent();
    assert!(0 < spent && spent < 1_000, "{spent}");
    let (none, _) = sow(
        &board,
        pit(2),
        4,
        Endless::Forbid,
        &Meter::new(Budget::seeds(0)),
    );
    assert!(matches!(none, Err(SowError::Undecided(_))), "{none:?}");
    let enough = Meter::new(Budget::seeds(spent));
    let (stop, stopped) = sow(&board, pit(2), 4, Endless::Stop, &enough);
    assert!(stop.unwrap().endless);
    assert_eq!(stopped, board, "the known cycle leaves the board as it was");
}

/// One call, one budget: the legal set of a position spends one meter for
/// all its moves, so two long moves together need what each needs alone,
/// added.
#[test]
fn one_meter_serves_every_move_of_a_call() {
    // Holes 2 and 3 of these boards each need more than the free laps
    // (`moves_longer_than_the_free_laps_are_decided_exactly_at_the_edge`):
    // put both on one board as player 0's.
    let board = Board::from_counts(&[5, 4, 3, 1, 5, 2, 3, 0, 1, 0, 2, 3], &[0, 0]);
    let topology = two_rows();
    let standing = |candidates: &[usize], budget: Budget| {
        let meter = Meter::new(budget);
        let sower = Sower::new(
            &topology,
            SowSpec::default(),
            Player::P0,
            &Relay::AtLeast(2),
            &meter,
        );
        let mut set = PitSet::EMPTY;
        for &c in candidates {
            set.insert(pit(c));
        }
        let result = sower.standing(&board, set, &mut Board::filled(12, 0));
        (result, meter.spent())
    };
    let alone: Vec<u64> = (0..6)
        .map(|h| standing(&[h], Budget::UNLIMITED).1)
        .collect();
    let long: Vec<usize> = (0..6).filter(|&h| alone[h] > 0).collect();
    assert!(!long.is_empty(), "{alone:?}");
    let all = [0, 1, 2, 3, 4, 5];
    let (exact, together) = standing(&all, Budget::UNLIMITED);
    assert_eq!(together, alone.iter().sum::<u64>());
    assert_eq!(standing(&all, Budget::seeds(together)).0, exact);
    let (refused, _) = standing(&all, Budget::seeds(together - 1));
    assert!(matches!(refused, Err(Undecided { .. })), "{refused:?}");
    // The largest single move alone fits a budget that the call does not.
    let largest = alone.iter().copied().max().unwrap();
    if largest < together {
        assert!(standing(&all, Budget::seeds(largest)).0.is_err());
    }
}

#[test]
fn meters_spend_within_their_budget() {
    let meter = Meter::new(Budget::seeds(100));
    assert!(meter.spend(60));
    assert!(!meter.spend(41));
    assert_eq!(meter.spent(), 60);
    assert!(meter.spend(40));
    assert!(!meter.spend(1));
    assert_eq!(meter.budget(), Budget::seeds(100));
    let unlimited = Meter::new(Budget::UNLIMITED);
    assert!(unlimited.spend(u64::MAX) && unlimited.spend(u64::MAX));
    assert_eq!(unlimited.spent(), u64::MAX);
    assert!(!Budget::UNLIMITED.is_limited() && Budget::seeds(0).is_limited());
}

/// A move outside the legal set is refused whatever the meter has left
/// when its reason is looked for (found by the `setup_json` fuzz target:
/// `is_legal` once sowed the refused move on a copy and then asked whether
/// any other move feeds with what was left of the same meter, and a
/// meter spent by the first trial said "none feeds", so the move passed).
///
/// Six one-hole rows, North owning hole 1 alone; a hole needs 3 seeds to
/// be sown, so North (1 seed) has no move and South must feed if he can.
/// Holes 2 and 3 (5 seeds each) end their lap in hole 1 or 2 with under
/// 7 seeds, no relay: North is left with 2 seeds, unfed. Hole 0's lap ends
/// in hole 5 (43,177 seeds), which relays round the board many times, and
/// hole 5 itself feeds: the legal set is {0, 5}.
#[test]
fn a_refused_move_stays_refused_when_its_reason_runs_the_meter_dry() {
    let text = r#"{"board":[5,1,5,5,0,43176],"history":[],"over":false,"placing":false,
        "rules":{"capture":{"chain":{"counts":6388611158122692776,"limit":"not-mover",
        "same_count":true,"zone":"own"}},"credit":"mover","end":{"at_most_left":null,
        "each_at_most":null,"majority":false,"pass":false,"repetition":false,
        "side_empty":false},"endless":"stop","extra_turn":false,"feeding":"if-possible",
        "grand_slam":"no-capture","layout":{"owners":[0,1,0,0,0,0],"row_len":1,"rows":6},
        "leftover":"stay","relay":{"at-least":7},"relay_if":{"capture_first":false,
        "next_occupied":false},"seeds":12,"sowable":{"lone_into_empty":false,"min_seeds":3},
        "sowing":{"direction":"counter-clockwise","first_into_origin":false,
        "into_own_store":false,"skip_origin":false}},"stores":[8,8],"to_move":0}"#;
    let setup: Setup = serde_json::from_str(text).unwrap();
    // Built under the default budget, then played under a small one (the
    // legal set is the state's, decided when it was built).
    let built = Mancala::from_setup(setup).unwrap();
    assert_eq!(built.legal_pits(), PitSet::from_iter([pit(0), pit(5)]));
    for budget in [Budget::seeds(4_000), Budget::DEFAULT] {
        let mut game = built.clone();
        game.set_budget(budget);
        for i in 0..6 {
            let mv = Move::Sow(pit(i));
            let legal = game.legal_pits().contains(pit(i));
            assert_eq!(game.is_legal(&mv), legal, "hole {i} under {budget:?}");
            let mut played = game.clone();
            match played.play(mv) {
                Ok(_) => assert!(legal, "hole {i} played under {budget:?}"),
                // A legal move the small budget cannot play out.
                Err(PlayError::Undecided { .. }) => {
                    assert!(legal && budget.is_limited() && budget != Budget::DEFAULT);
                }
                Err(e) => assert!(!legal, "hole {i} refused under {budget:?}: {e}"),
            }
            if !legal {
                assert_eq!(played, game, "a refusal changed the state");
            }
        }
        for i in [2, 3] {
            assert_eq!(
                game.clone().play(Move::Sow(pit(i))),
                Err(PlayError::MustFeed(pit(i))),
                "hole {i} under {budget:?}"
            );
        }
    }
}
