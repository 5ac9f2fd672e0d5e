//! Property tests of the generic sowing game and the sower over
//! random topologies, rules and play.
//!
//! Every property runs over rules drawn by [`rules`]: 2 to 6 rows of 1 to 13
//! holes (two-row boards of 14 to 50 holes a row by
//! `wide_two_row_boards_round_trip`), 2 to 6 players owning rows in any order, 1 to 6 seeds a hole, every
//! sowing, relay, capture, grand-slam, feeding, ending and leftover option.
//!
//! Relays: `Rules::check` refuses thresholds below 2 (see
//! `relay_thresholds_below_two_are_refused`); the engine-level property still
//! sows thresholds 0 and 1 directly, on boards of at most 9 seeds. One
//! restriction, a limit of the library rather than of the rules: the engine detects an endless relay by walking its cycle, and cycles
//! grow exponentially with the seeds on the board (a 2x6 board of 72 seeds
//! relaying at 2 has a move whose cycle is 307,959,030 laps: 44 s in release,
//! reached by legal play from 6 seeds a hole). So rules that relay at `k`
//! start with at most `min(6, k)` seeds a hole, and random boards of relaying
//! rules hold at most `k` seeds a hole (`tame_relays`), where random play was
//! seen to stay fast (18,000 games of 300 plies: 31 ms worst in release). The
//! slow case is the ignored test `known_issue_relay_with_many_seeds_is_slow`,
//! run without a work budget; under the default budget such positions are
//! refused at once (`tests/budget.rs`).
//!
//! Sections 8 to 10 hold the contract every game of the family shares: the
//! shared harness `mancala_testing` over random playouts (the legal
//! actions are the moves `play` accepts, refused moves change nothing, seeds
//! are conserved, notation and serde round-trip), keys (equal positions have
//! equal keys), and the text notation of positions, rules and moves (any
//! string reads as an error or as a value that prints back the same).
//!
//! Each property runs the number of cases given by `PROPTEST_CASES` when it
//! is set, else its own default; the whole file takes about 10 s in debug.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;

use mancala_core::{
    Board, Budget, Event, Game, Landing, Layout, Mancala, Meter, Move, Outcome, Pit, PitSet,
    PlayError, Player, Rules, RulesError, Setup, SetupError, Status, Topology, Turn,
    history::SeenPosition,
    notation::RuleOptions,
    rules::{
        Capture, ChainLimit, CountSet, Credit, Direction, EndRules, Endless, Feeding, FirstMoves,
        GrandSlam, Leftover, MAX_FIRST_MOVES, MAX_HOLES, MAX_PLAYERS, Relay, RelayConditions,
        SowSpec, Sowable, Start, StoreSide, Sweep, Verdict, Zone,
    },
    toolkit::{EndlessRelay, RelayRule, SowError, Sower, Sown},
};
use mancala_testing as testing;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::Config;

// ---------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------

fn player(i: usize) -> Player {
    Player::new(i).unwrap()
}

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// Every move a `Move` can be: sowing any hole a `Pit` can hold (the
/// board's holes and those off it), and a pass.
fn all_moves() -> impl Iterator<Item = Move> {
    (0..MAX_HOLES).map(pit).map(Move::Sow).chain([Move::Pass])
}

/// Layouts of `rows` rows of `row_len` holes, 2 or more players each owning
/// at least one row, owners in any order, the stores on the owners' left
/// (Chongka') in one layout of four.
fn layouts(
    rows: std::ops::RangeInclusive<usize>,
    row_len: std::ops::RangeInclusive<u8>,
) -> BoxedStrategy<Layout> {
    let strategy = (rows, row_len).prop_flat_map(|(rows, row_len)| {
        (2..=rows.min(MAX_PLAYERS)).prop_flat_map(move |players| {
            vec(0..players, rows - players)
                .prop_map(move |extra| {
                    let mut owners: Vec<usize> = (0..players).collect();
                    owners.extend(extra);
                    owners
                })
                .prop_shuffle()
                .prop_flat_map(move |owners| {
                    let owners: Vec<Player> = owners.into_iter().map(player).collect();
                    let side = prop_oneof![3 => Just(StoreSide::Right), 1 => Just(StoreSide::Left)];
                    side.prop_map(move |side| Layout::new(row_len, &owners).with_store_side(side))
                })
        })
    });
    strategy.boxed()
}

fn sow_specs() -> BoxedStrategy<SowSpec> {
    // The first seed back into the origin (Toguz Kumalak) in one spec of
    // four: with relays it spreads seeds into long relay cycles, and every
    // other flag needs its share of cases too.
    let first = prop_oneof![3 => Just(false), 1 => Just(true)];
    // A single seed back into its origin (Kapana Bona, Oure Ngat) too.
    let single = prop_oneof![3 => Just(false), 1 => Just(true)];
    let strategy = (any::<bool>(), any::<bool>(), any::<bool>(), first, single).prop_map(
        |(cw, skip_origin, into_own_store, first_into_origin, single_into_origin)| SowSpec {
            direction: if cw {
                Direction::Clockwise
            } else {
                Direction::CounterClockwise
            },
            skip_origin,
            into_own_store,
            first_into_origin,
            single_into_origin,
        },
    );
    strategy.boxed()
}

fn count_sets() -> BoxedStrategy<CountSet> {
    let strategy = prop_oneof![
        Just(CountSet::TWO_OR_THREE),
        vec(0u16..=12, 0..=4).prop_map(|counts| {
            counts
                .into_iter()
                .fold(CountSet::EMPTY, |set, c| set.with(c))
        }),
    ];
    strategy.boxed()
}

fn chain_captures() -> BoxedStrategy<Capture> {
    let strategy = (
        prop_oneof![
            Just(Zone::Opponents),
            Just(Zone::Own),
            Just(Zone::Any),
            Just(Zone::OpponentsAndLast)
        ],
        count_sets(),
        any::<bool>(),
        prop_oneof![
            Just(ChainLimit::Row),
            Just(ChainLimit::RowToOrigin),
            Just(ChainLimit::Owner),
            Just(ChainLimit::NotMover),
            Just(ChainLimit::Ring),
            Just(ChainLimit::ToOrigin),
            Just(ChainLimit::Landing),
            Just(ChainLimit::Neighbours),
        ],
        // La'b Akila's opposites, in one chain of four (kept to two-row
        // boards by `assemble`).
        proptest::bool::weighted(0.25),
    )
        .prop_map(
            |(zone, counts, same_count, limit, opposites)| Capture::Chain {
                zone,
                counts,
                same_count,
                limit,
                opposites,
            },
        );
    strategy.boxed()
}

/// Everything but the board, the seeds and the relay.
#[derive(Clone, Debug)]
struct Options {
    sowing: SowSpec,
    endless: Endless,
    /// 0: none, 1: chain, 2: opposite (chain on boards that are not two rows).
    capture_kind: u8,
    chain: Capture,
    require_opposite: bool,
    grand_slam: GrandSlam,
    feeding: Feeding,
    extra_turn: bool,
    end: EndRules,
    leftover: Leftover,
    sowable: Sowable,
    relay_if: RelayConditions,
    sweep: Sweep,
    fallback_capture: Capture,
}

/// Mostly no sweep; one in four a sweep of any zone and counts, maybe
/// only after a capture or with few seeds left (Kapana Bona, Wouri,
/// Hoyito).
fn sweeps() -> BoxedStrategy<Sweep> {
    let zones = prop_oneof![
        Just(Zone::Opponents),
        Just(Zone::Own),
        Just(Zone::Any),
        Just(Zone::OpponentsAndLast)
    ];
    prop_oneof![
        3 => Just(Sweep::NONE),
        1 => (zones, count_sets(), any::<bool>(), proptest::option::of(0u16..12)).prop_map(
            |(zone, counts, after_capture, board_at_most)| Sweep {
                zone,
                counts,
                after_capture,
                board_at_most,
            }
        ),
    ]
    .boxed()
}

/// Mostly no fallback capture; else one of the captures that can follow
/// another (Yovodji's facing hole, Tap Urdy's hole past an empty one, a
/// chain).
fn fallback_captures() -> BoxedStrategy<Capture> {
    prop_oneof![
        4 => Just(Capture::None),
        1 => (prop_oneof![Just(Zone::Own), Just(Zone::Any)], count_sets())
            .prop_map(|(zone, counts)| Capture::Facing { zone, counts }),
        1 => Just(Capture::PastEmpty),
        1 => chain_captures(),
    ]
    .boxed()
}

fn options() -> BoxedStrategy<Options> {
    let strategy = (
        (
            sow_specs(),
            prop_oneof![Just(Endless::Forbid), Just(Endless::Stop)],
            0u8..3,
            chain_captures(),
            any::<bool>(),
            // Mostly any hole with seeds; sometimes I's or Kay's rule.
            prop_oneof![
                3 => Just(Sowable::ANY),
                1 => (0u16..=3, any::<bool>(), prop_oneof![
                    3 => Just(Zone::Own),
                    1 => Just(Zone::Opponents),
                    1 => Just(Zone::Any),
                ]).prop_map(|(min_seeds, lone_into_empty, zone)| Sowable {
                    min_seeds,
                    lone_into_empty,
                    zone,
                }),
            ],
            // Mostly none (relays by count alone); sometimes Kay's or
            // Altiev's.
            prop_oneof![
                3 => Just(RelayConditions::NONE),
                1 => (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
                    |(next_occupied, capture_first, stop_on_empty_side)| RelayConditions {
                        next_occupied,
                        capture_first,
                        stop_on_empty_side,
                    }
                ),
            ],
        ),
        (
            prop_oneof![
                Just(GrandSlam::Allow),
                Just(GrandSlam::NoCapture),
                Just(GrandSlam::Forbid)
            ],
            prop_oneof![
                Just(Feeding::Off),
                Just(Feeding::Required),
                Just(Feeding::IfPossible),
                Just(Feeding::Always)
            ],
            any::<bool>(),
            (
                any::<bool>(),
                any::<bool>(),
                any::<bool>(),
                proptest::option::of(0u16..40),
                // Passing (a player with no sowing move plays `Move::Pass`)
                // is Mankka's rule, tested there, in `engine.rs` and by the
                // harness properties (section 8); the others keep to sowing
                // moves.
                Just(false),
                proptest::option::of(0u16..4),
            ),
            prop_oneof![
                Just(Leftover::ToOwner),
                Just(Leftover::Stay),
                Just(Leftover::Void),
                Just(Leftover::Mobile)
            ],
        ),
        (sweeps(), fallback_captures()),
    )
        .prop_map(
            |(
                (sowing, endless, capture_kind, chain, require_opposite, sowable, relay_if),
                (
                    grand_slam,
                    feeding,
                    extra_turn,
                    (majority, side_empty, repetition, at_most_left, pass, each_at_most),
                    leftover,
                ),
                (sweep, fallback_capture),
            )| Options {
                sowing,
                endless,
                capture_kind,
                chain,
                require_opposite,
                grand_slam,
                feeding,
                extra_turn,
                end: EndRules {
                    majority,
                    side_empty,
                    repetition,
                    at_most_left,
                    each_at_most,
                    target: None,
                    pass,
                },
                leftover,
                sowable,
                relay_if,
                sweep,
                fallback_capture,
            },
        );
    strategy.boxed()
}

fn assemble(layout: Layout, seeds: u16, relay: Relay, o: Options) -> Rules {
    // Captures that read the hole across only on two rows.
    let fallback_capture = if o.fallback_capture.reads_opposite() && layout.rows != 2 {
        Capture::PastEmpty
    } else {
        o.fallback_capture
    };
    let capture = match o.capture_kind {
        0 => Capture::None,
        2 if layout.rows == 2 => {
            // The opposite capture's zone is the chain's drawn one; the lone
            // seed stays only outside the mover's own row, and then as
            // `require_opposite` says (a mix of draws already made).
            let zone = match o.chain {
                Capture::Chain { zone, .. } => zone,
                _ => Zone::Own,
            };
            Capture::Opposite {
                require_opposite: o.require_opposite,
                zone,
                take_lone: zone == Zone::Own || o.require_opposite,
            }
        }
        _ => {
            let mut chain = o.chain;
            // Opposite holes only on two rows.
            if let Capture::Chain { opposites, .. } = &mut chain {
                *opposites &= layout.rows == 2;
            }
            chain
        }
    };
    // A position has at most MAX_MOVES moves: sowing any hole needs a
    // board no larger.
    let mut sowable = o.sowable;
    if sowable.zone == Zone::Any && holes_of(&layout) > mancala_core::rules::MAX_MOVES {
        sowable.zone = Zone::Own;
    }
    Rules {
        layout,
        seeds,
        start: Start::UNIFORM,
        first_moves: FirstMoves::NONE,
        sowing: o.sowing,
        sowable,
        relay,
        relay_if: o.relay_if,
        endless: o.endless,
        capture,
        fallback_capture,
        sweep: o.sweep,
        credit: Credit::Mover,
        grand_slam: o.grand_slam,
        feeding: o.feeding,
        extra_turn: o.extra_turn,
        end: o.end,
        leftover: o.leftover,
        verdict: Verdict::Score,
    }
}

fn holes_of(layout: &Layout) -> usize {
    usize::from(layout.rows) * usize::from(layout.row_len)
}

/// No relay, or relays at 2 to 8 seeds.
fn relays() -> BoxedStrategy<Relay> {
    prop_oneof![Just(Relay::Never), (2u16..=8).prop_map(Relay::AtLeast)].boxed()
}

/// The most seeds a hole starts with under `relay` (see the module
/// documentation).
fn max_seeds(relay: Relay, max: u16) -> u16 {
    match relay {
        Relay::Never => max,
        Relay::AtLeast(k) => k.clamp(1, max),
    }
}

/// Rules on boards of `rows` rows of `row_len` holes, with at most `seeds`
/// seeds a hole.
fn rules_on(
    rows: std::ops::RangeInclusive<usize>,
    row_len: std::ops::RangeInclusive<u8>,
    seeds: u16,
) -> BoxedStrategy<Rules> {
    let strategy = (
        layouts(rows, row_len),
        0u16..1000,
        relays(),
        options(),
        (0u8..4, any::<u8>(), any::<u8>()),
        prop_oneof![
            4 => Just(Credit::Mover),
            1 => Just(Credit::Owner),
            1 => Just(Credit::Opponent),
        ],
        (0u8..8, 1u16..60),
        (0u8..4, 1u8..=4, any::<u8>()),
    )
        .prop_map(
            move |(
                layout,
                x,
                relay,
                o,
                (uneven, from, to),
                credit,
                (verdict, target),
                (restricted, moves, last_holes),
            )| {
                let seeds = 1 + x % max_seeds(relay, seeds);
                let mut rules = assemble(layout, seeds, relay, o);
                // Captures credited to the mover, each hole's owner (Enindji)
                // or his opponent (Yovodi).
                rules.credit = credit;
                // Sometimes won otherwise than by score: a store at a target
                // (Uril), an empty row that loses (Altiev) or wins (Waurie),
                // the last two only where the seeds left stay in the holes.
                let rows_kept = rules.leftover != Leftover::ToOwner;
                match verdict {
                    0 | 1 => rules.end.target = Some(target),
                    2 if rows_kept => rules.verdict = Verdict::EmptyRowLoses,
                    3 if rows_kept => rules.verdict = Verdict::EmptyRowWins,
                    _ => {}
                }
                if verdict == 0 {
                    rules.verdict = Verdict::Target;
                }
                // One start in four moves a seed between two holes (FairKalah).
                let holes = holes_of(&layout) as u8;
                if uneven == 0 {
                    rules.start = Start::UNIFORM.moving(from % holes, to % holes);
                }
                // One game in four restricts its first 1 to 4 moves to 1 to
                // a row of the mover's last holes (Dabuda, Um el-Bil).
                if restricted == 0 {
                    rules.first_moves = FirstMoves {
                        moves,
                        last_holes: 1 + last_holes % layout.row_len,
                    };
                }
                rules
            },
        );
    strategy.boxed()
}

/// Valid rules, drawn broadly.
fn rules() -> BoxedStrategy<Rules> {
    rules_on(2..=6, 1..=13, 6)
}

/// Rules on small boards (at most 8 holes, at most 12 seeds), where the
/// repetition rule gives a small provable bound on a game's length.
fn small_rules() -> BoxedStrategy<Rules> {
    let strategy = rules_on(2..=4, 1..=2, 3).prop_map(|mut r| {
        let holes = holes_of(&r.layout) as u16;
        r.seeds = r.seeds.min(12 / holes).max(1);
        r
    });
    strategy.boxed()
}

/// Move choices: indices into the legal moves, taken modulo their number.
fn choices(max_len: usize) -> impl Strategy<Value = Vec<usize>> {
    vec(0usize..1000, 0..=max_len)
}

/// `default` cases (or `PROPTEST_CASES`), failures not persisted.
fn config(default: u32) -> Config {
    Config {
        cases: mancala_testing::proptest_cases(default),
        // Only this file may be written: report failures, do not persist
        // them next to the test.
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// The start of `rules` under a budget far beyond the default: a start of
/// the generated rules may relay for tens of millions of seeds before it is
/// decided (a board of six rows relaying at 2, say), which the default
/// budget, sized for strangers' positions, refuses; these tests are about
/// the rules, `tests/budget.rs` about the budget.
fn new_game(rules: Rules) -> Mancala {
    Mancala::new_within(rules, Budget::seeds(4_000_000_000)).expect("generated rules are valid")
}

/// The legal move at `choice` (modulo their number), if any.
fn pick(game: &Mancala, choice: usize) -> Option<Move> {
    let moves = game.legal_moves();
    (!moves.is_empty()).then(|| moves[choice % moves.len()])
}

/// Plays the moves chosen by `choices`, calling `each` on every position
/// (the start included) with the moves that led to it.
fn play_out(rules: Rules, choices: &[usize], mut each: impl FnMut(&Mancala, &[Move])) -> Mancala {
    let mut game = new_game(rules);
    let mut moves = Vec::new();
    each(&game, &moves);
    for &c in choices {
        let Some(p) = pick(&game, c) else { break };
        game.play(p).expect("a legal move is accepted");
        moves.push(p);
        each(&game, &moves);
    }
    game
}

/// Invariants every reachable state keeps.
fn check_state(game: &Mancala) {
    let topology = game.topology();
    let board = game.board();
    assert_eq!(board.len(), topology.holes());
    // Only players of the game have stores in use.
    assert!(board.stores()[topology.players()..].iter().all(|&s| s == 0));
    if game.is_over() {
        assert!(game.legal_moves().is_empty());
        assert!(game.to_move().is_none());
        if game.rules().leftover == Leftover::ToOwner {
            assert_eq!(board.on_board(), 0, "leftovers collected at the end");
        }
    } else if game.is_placing() {
        // His turn is a placement: no sowing move nor pass is his, and
        // every one is refused as such.
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.to_move(), Some(mover_of(game)));
        for pit in topology.pits() {
            assert_eq!(game.clone().play(Move::Sow(pit)), Err(PlayError::MustPlace));
        }
        assert_eq!(game.clone().play(Move::Pass), Err(PlayError::MustPlace));
    } else {
        // A player with no legal move ends the game (RULES.md).
        assert!(!game.legal_moves().is_empty(), "live game without a move");
        assert_eq!(game.to_move(), Some(mover_of(game)));
    }
    let scores = game.scores();
    assert_eq!(scores.len(), topology.players());
    for (p, &s) in scores.iter() {
        let mut expected = u64::from(board.store(p));
        if game.is_over() && game.rules().leftover == Leftover::Stay {
            expected += u64::from(board.seeds_of(topology, p));
        }
        if game.is_over() && game.rules().leftover == Leftover::Mobile && can_sow(game, p) {
            expected += u64::from(board.on_board());
        }
        assert_eq!(s, expected, "score of {p}");
    }
}

/// Whether `player` has a hole he may sow on `game`'s board: one of his
/// zone holding seeds enough ([`Leftover::Mobile`] counts the seeds left
/// for him then).
fn can_sow(game: &Mancala, player: Player) -> bool {
    let (rules, topology) = (game.rules(), game.topology());
    topology.pits().any(|pit| {
        let seeds = game.board().get(pit);
        let enough = seeds >= rules.sowable.min_seeds.max(1)
            || rules.sowable.lone_into_empty
                && seeds == 1
                && game.board().get(topology.step(pit, rules.sowing.direction)) == 0;
        rules.sowable.zone.holds(topology, pit, player) && enough
    })
}

fn mover_of(game: &Mancala) -> Player {
    match game.status() {
        Status::ToMove(p) => p,
        other => panic!("not a sequential turn: {other:?}"),
    }
}

/// Setup and serde round trips of one state.
fn check_round_trips(game: &Mancala) {
    let setup = game.to_setup();
    let copy =
        Mancala::from_setup_within(setup.clone(), game.budget()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    assert_eq!(copy.to_setup(), setup);

    let json = serde_json::to_string(game).unwrap();
    let back: Mancala = serde_json::from_str(&json).expect("a serialized state deserializes");
    assert_eq!(&back, game, "serde_json round trip");

    let setup_json = serde_json::to_string(&setup).unwrap();
    let setup_back: Setup = serde_json::from_str(&setup_json).unwrap();
    assert_eq!(setup_back, setup);

    let rules_json = serde_json::to_string(game.rules()).unwrap();
    let rules_back: Rules = serde_json::from_str(&rules_json).unwrap();
    assert_eq!(&rules_back, game.rules());
}

/// Replays a move's events on the board before it; checks that they account
/// for every seed and returns the board they lead to.
fn replay_events(before: &Mancala, mv: Move, events: &[Event]) -> Board {
    let topology = before.topology();
    let mut board = before.board().clone();
    let mut pending = 0u16;
    let mut last_sown: Option<Pit> = None;
    let mut lifts = 0;
    for (i, event) in events.iter().enumerate() {
        match *event {
            Event::Lift { pit, seeds } => {
                assert_eq!(pending, 0, "event {i}: lift before the lap ended");
                if lifts == 0 {
                    assert_eq!(Move::Sow(pit), mv, "the first lap lifts the move's hole");
                } else {
                    assert_eq!(Some(pit), last_sown, "a relay lifts the landing hole");
                }
                assert!(seeds > 0);
                assert_eq!(board.get(pit), seeds, "event {i}: lift of all seeds");
                board.take(pit);
                pending = seeds;
                lifts += 1;
            }
            Event::Sow { pit } => {
                assert!(pending > 0, "event {i}: sow without seeds in hand");
                assert!(topology.contains(pit));
                board.add(pit, 1);
                pending -= 1;
                last_sown = Some(pit);
            }
            Event::Store { player } => {
                assert!(pending > 0, "event {i}: store without seeds in hand");
                assert_eq!(Some(player), before.to_move(), "only the mover's store");
                board.add_to_store(player, 1);
                pending -= 1;
                last_sown = None;
            }
            Event::Capture { pit, seeds, by } => {
                assert_eq!(pending, 0);
                let mover = before.to_move().expect("a move of a live game");
                assert_eq!(by, credited(before, mover, pit), "the credited store");
                assert_eq!(board.get(pit), seeds);
                board.take(pit);
                board.add_to_store(by, seeds);
            }
            Event::Collect { pit, seeds, to } => {
                assert_eq!(pending, 0);
                assert_eq!(to, topology.owner(pit));
                assert_eq!(board.get(pit), seeds);
                board.take(pit);
                board.add_to_store(to, seeds);
            }
            Event::EndlessStop | Event::GrandSlamRefused | Event::ExtraTurn => {
                assert_eq!(pending, 0);
            }
            other => panic!("unknown event {other:?}"),
        }
    }
    assert_eq!(pending, 0, "seeds left in hand");
    assert!(lifts >= 1, "a move lifts at least once");
    board
}

/// Checks a move's [`Turn`] report (computed on the fast path) against the
/// events the observed path recorded for the same move.
fn check_turn(before: &Mancala, mv: Move, turn: &Turn, events: &[Event]) {
    assert_eq!(Some(turn.mover), before.to_move());
    assert_eq!(turn.played, mv);
    let lifts = events
        .iter()
        .filter(|e| matches!(e, Event::Lift { .. }))
        .count();
    assert_eq!(turn.laps, lifts as u64, "laps are the lifts");
    let last_seed = events.iter().rev().find_map(|e| match *e {
        Event::Sow { pit } => Some(Landing::Hole(pit)),
        Event::Store { player } => Some(Landing::Store(player)),
        _ => None,
    });
    assert_eq!(
        turn.landing, last_seed,
        "the landing is where the last seed fell"
    );
    let mut captured = PitSet::EMPTY;
    let mut seeds = 0u32;
    for e in events {
        if let Event::Capture { pit, seeds: n, by } = *e {
            assert_eq!(by, credited(before, turn.mover, pit));
            captured.insert(pit);
            seeds += u32::from(n);
        }
    }
    assert_eq!(turn.captured, captured, "the pits captured");
    assert_eq!(turn.seeds, seeds, "the seeds captured");
    assert_eq!(
        turn.grand_slam_refused,
        events.contains(&Event::GrandSlamRefused)
    );
    assert_eq!(turn.extra_turn, events.contains(&Event::ExtraTurn));
    assert_eq!(turn.endless, events.contains(&Event::EndlessStop));
    if turn.endless {
        assert!(turn.captured.is_empty(), "a stopped move captures nothing");
    }
}

/// Whose store the seeds of `pit` go to when `mover` captures them in
/// `game` (its rules' [`Credit`]).
fn credited(game: &Mancala, mover: Player, pit: Pit) -> Player {
    let owner = game.topology().owner(pit);
    match game.rules().credit {
        Credit::Owner => owner,
        Credit::Opponent => owner.next(game.topology().players()),
        _ => mover,
    }
}

/// Who wins the finished `game` by its rules' [`Verdict`], worked out
/// from the board: the first player at the target (else a draw), the
/// first with an empty row winning, or losing (the others ranked above
/// him), or else a unique best score.
fn verdict_of(game: &Mancala) -> Outcome {
    let (topology, board, rules) = (game.topology(), game.board(), game.rules());
    let players = || (0..topology.players()).map(player);
    let empty = players().find(|&p| {
        (0..topology.holes())
            .all(|h| topology.owner(Pit::new(h).unwrap()) != p || board.holes()[h] == 0)
    });
    // Aw-li On-nam Ot-tjin: with nobody able to sow, a draw whatever else.
    if rules.leftover == Leftover::Mobile && !players().any(|p| can_sow(game, p)) {
        return Outcome::Draw;
    }
    let mut scores = game.scores().as_slice().to_vec();
    match (rules.verdict, empty) {
        (Verdict::Target, _) => {
            let target = rules.end.target;
            let winner = players().find(|&p| target.is_some_and(|t| board.store(p) >= t));
            return winner.map_or(Outcome::Draw, Outcome::Winner);
        }
        (Verdict::EmptyRowWins, Some(p)) => return Outcome::Winner(p),
        (Verdict::EmptyRowLoses, Some(loser)) => {
            for (i, s) in scores.iter_mut().enumerate() {
                *s = if i == loser.index() { 0 } else { *s + 1 };
            }
        }
        _ => {}
    }
    let best = scores.iter().max().copied();
    let mut leaders = (0..scores.len()).filter(|&i| Some(scores[i]) == best);
    match (leaders.next(), leaders.next()) {
        (Some(i), None) => Outcome::Winner(player(i)),
        _ => Outcome::Draw,
    }
}

/// `n choose k`, saturating.
fn choose(n: u128, k: u128) -> u128 {
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

/// A bound on the plies of any game under the repetition rule: each ply
/// either takes seeds off the board (which happens at most once per seed
/// count) or records a new position (player to move, hole counts) with the
/// same seeds on the board. With `h` holes, `s` seeds and `p` players, that
/// is at most `p * C(s + h, h)` positions over all seed counts.
fn repetition_bound(rules: &Rules) -> u128 {
    let topology = Topology::new(rules.layout).unwrap();
    let holes = topology.holes() as u128;
    let seeds = u128::from(rules.total_seeds());
    (topology.players() as u128)
        .saturating_mul(choose(seeds + holes, holes))
        .saturating_add(1)
}

// ---------------------------------------------------------------------------
// A second, naive implementation of one move's sowing (RULES.md, "Endless
// relay sowing"): seeds dropped one by one, every lap start kept.
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct LapStart {
    holes: Vec<u16>,
    stores: [u16; MAX_PLAYERS],
    hole: usize,
}

#[derive(Debug)]
enum Naive {
    /// The move ended: the board after it, where its last seed fell, laps sown.
    Finite {
        holes: Vec<u16>,
        stores: [u16; MAX_PLAYERS],
        landing: Landing,
        laps: u64,
    },
    /// Lap start `mu + lambda` is the first to repeat an earlier one (`mu`).
    Endless {
        mu: u64,
        lambda: u64,
        start: LapStart,
    },
    /// Too long to simulate.
    GaveUp,
}

struct Ring {
    holes: usize,
    /// The store (its owner) right after each hole, counter-clockwise.
    store_after: Vec<Option<usize>>,
}

impl Ring {
    /// Built from the layout alone (a store sits after the last hole of its
    /// owner's last row, or, on his left, before the first hole of his
    /// first row: after the hole before it, round the ring).
    fn new(layout: &Layout) -> Ring {
        let rows = usize::from(layout.rows);
        let len = usize::from(layout.row_len);
        let owners: Vec<usize> = layout.owners[..rows].iter().map(|p| p.index()).collect();
        let mut store_after = vec![None; rows * len];
        for (r, &o) in owners.iter().enumerate() {
            match layout.store_side {
                StoreSide::Right if !owners[r + 1..].contains(&o) => {
                    store_after[(r + 1) * len - 1] = Some(o);
                }
                StoreSide::Left if !owners[..r].contains(&o) => {
                    store_after[(r * len + rows * len - 1) % (rows * len)] = Some(o);
                }
                _ => {}
            }
        }
        Ring {
            holes: rows * len,
            store_after,
        }
    }

    fn next(&self, at: usize, direction: Direction) -> usize {
        match direction {
            Direction::CounterClockwise => (at + 1) % self.holes,
            Direction::Clockwise => (at + self.holes - 1) % self.holes,
        }
    }

    /// The store passed going from `at` to the next hole.
    fn store_between(&self, at: usize, direction: Direction) -> Option<usize> {
        match direction {
            Direction::CounterClockwise => self.store_after[at],
            Direction::Clockwise => self.store_after[self.next(at, direction)],
        }
    }
}

fn naive_sow(
    ring: &Ring,
    start: LapStart,
    spec: SowSpec,
    mover: usize,
    threshold: u16,
    max_laps: usize,
) -> Naive {
    let mut seen: Vec<LapStart> = Vec::new();
    let mut index: HashMap<LapStart, usize> = HashMap::new();
    let mut state = start;
    loop {
        if let Some(&first) = index.get(&state) {
            return Naive::Endless {
                mu: first as u64,
                lambda: (seen.len() - first) as u64,
                start: state,
            };
        }
        if seen.len() >= max_laps {
            return Naive::GaveUp;
        }
        index.insert(state.clone(), seen.len());
        seen.push(state.clone());
        let LapStart {
            mut holes,
            mut stores,
            hole: from,
        } = state;
        let mut hand = std::mem::take(&mut holes[from]);
        // Toguz Kumalak: the first seed goes back, unless it is the only one;
        // Kapana Bona: a single seed goes back too, and the lap ends there.
        if spec.first_into_origin && hand > 1 || spec.single_into_origin && hand == 1 {
            holes[from] += 1;
            hand -= 1;
        }
        let mut at = from;
        let landing = loop {
            if hand == 0 {
                break Landing::Hole(pit(from));
            }
            if spec.into_own_store && ring.store_between(at, spec.direction) == Some(mover) {
                stores[mover] += 1;
                hand -= 1;
                if hand == 0 {
                    break Landing::Store(player(mover));
                }
            }
            at = ring.next(at, spec.direction);
            if spec.skip_origin && at == from {
                continue;
            }
            holes[at] += 1;
            hand -= 1;
            if hand == 0 {
                break Landing::Hole(pit(at));
            }
        };
        match landing {
            Landing::Hole(h) if holes[h.index()] >= threshold => {
                state = LapStart {
                    holes,
                    stores,
                    hole: h.index(),
                };
            }
            _ => {
                return Naive::Finite {
                    holes,
                    stores,
                    landing,
                    laps: seen.len() as u64,
                };
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(512))]

    /// 1. Seeds are conserved, and every state keeps the basic invariants.
    #[test]
    fn seed_conservation(rules in rules(), choices in choices(120)) {
        let total = rules.total_seeds();
        let game = play_out(rules, &choices, |game, _| {
            assert_eq!(game.board().total(), total);
            check_state(game);
        });
        prop_assert_eq!(game.board().total(), total);
    }
}

proptest! {
    #![proptest_config(config(192))]

    /// 2. The legal moves are exactly the moves `play` accepts; a refused
    /// move changes nothing and reports why.
    #[test]
    fn legal_moves_are_the_accepted_moves(rules in rules(), choices in choices(40)) {
        play_out(rules, &choices, |game, _| {
            let legal = game.legal_moves();
            assert!(legal.windows(2).all(|w| w[0] < w[1]), "legal moves in hole order");
            for p in all_moves() {
                let listed = legal.contains(&p);
                assert_eq!(game.is_legal(&p), listed, "is_legal({p})");
                let mut copy = game.clone();
                match copy.play(p) {
                    Ok(turn) => {
                        assert!(listed, "{p} accepted but not listed");
                        let mut unchecked = game.clone();
                        let unchecked_turn = unchecked.play_unchecked(p);
                        assert_eq!(unchecked, copy, "play_unchecked of a legal move");
                        assert_eq!(unchecked_turn, turn, "play_unchecked's report");
                    }
                    Err(e) => {
                        assert!(!listed, "{p} listed but refused: {e}");
                        assert_eq!(&copy, game, "refused {p} changed the state");
                        let mut events = Vec::new();
                        assert_eq!(copy.play_observed(p, &mut events), Err(e));
                        assert!(events.is_empty(), "refused move reported events");
                        assert_eq!(&copy, game);
                        check_error(game, p, e);
                    }
                }
            }
        });
    }
}

/// The legal moves of `game`'s position with no restricted first move
/// left: the same setup with `first_moves_left` 0.
fn unrestricted_moves(game: &Mancala) -> Vec<Move> {
    let mut setup = game.to_setup();
    setup.first_moves_left = 0;
    let free = Mancala::from_setup_within(setup, game.budget()).expect("the same position");
    free.legal_moves().to_vec()
}

proptest! {
    #![proptest_config(config(192))]

    /// 2b. Restricted first moves (`Rules::first_moves`): the count of
    /// those left starts at the rules' and falls by one with each sowing
    /// move (a pass leaves it), to 0, and is 0 once the game is over; while
    /// it is not 0 the legal moves are the moves legal without it that sow
    /// one of the mover's last holes, or all of them where none does.
    #[test]
    fn first_moves_sow_the_last_holes_where_they_can(
        rules in rules(),
        pass in any::<bool>(),
        choices in choices(12),
    ) {
        let mut rules = rules;
        rules.end.pass = pass;
        let mut game = new_game(rules);
        let moves = rules.first_moves.moves;
        prop_assert_eq!(game.first_moves_left(), if game.is_over() { 0 } else { moves });
        let mut choices = choices.into_iter();
        loop {
            let left = game.first_moves_left();
            prop_assert!(left <= moves);
            if game.is_over() {
                prop_assert_eq!(left, 0);
                break;
            }
            let unrestricted = unrestricted_moves(&game);
            let legal = game.legal_moves().to_vec();
            if left == 0 {
                prop_assert_eq!(&legal, &unrestricted);
            } else {
                let allowed = rules.first_moves.holes(game.topology(), mover_of(&game));
                prop_assert_eq!(allowed.len(), usize::from(rules.first_moves.last_holes));
                let kept: Vec<Move> = unrestricted
                    .iter()
                    .copied()
                    .filter(|m| matches!(m, Move::Sow(p) if allowed.contains(*p)))
                    .collect();
                let expected = if kept.is_empty() { unrestricted } else { kept };
                prop_assert_eq!(&legal, &expected);
            }
            let Some(c) = choices.next() else { break };
            let mv = legal[c % legal.len()];
            game.play(mv).unwrap();
            let after = match mv {
                _ if game.is_over() => 0,
                Move::Pass => left,
                Move::Sow(_) => left.saturating_sub(1),
            };
            prop_assert_eq!(game.first_moves_left(), after, "after {}", mv);
        }
    }
}

/// The error names the first reason a move is refused.
fn check_error(game: &Mancala, mv: Move, e: PlayError) {
    let topology = game.topology();
    let p = match mv {
        Move::Sow(p) => p,
        Move::Pass => {
            match e {
                PlayError::GameOver => assert!(game.is_over()),
                PlayError::CannotPass => {
                    assert!(!game.is_over());
                    assert!(!game.must_pass());
                }
                other => panic!("a pass refused with {other:?}"),
            }
            return;
        }
    };
    match e {
        PlayError::GameOver => assert!(game.is_over()),
        _ if game.is_over() => panic!("finished game refused {p} with {e:?}"),
        PlayError::NotOnBoard(q) => {
            assert_eq!(q, p);
            assert!(!topology.contains(p));
        }
        _ if !topology.contains(p) => panic!("{p} is off the board, refused with {e:?}"),
        PlayError::NotYourHole { pit, owner, mover } => {
            assert_eq!(pit, p);
            assert_eq!(owner, topology.owner(p));
            assert_eq!(Some(mover), game.to_move());
            assert_ne!(owner, mover);
            // Another's hole, and not in the zone he sows.
            assert!(!game.rules().sowable.zone.holds(topology, p, mover));
        }
        PlayError::OutsideZone { pit, mover } => {
            // His own hole, while the rules sow elsewhere.
            assert_eq!(pit, p);
            assert_eq!(Some(mover), game.to_move());
            assert_eq!(topology.owner(p), mover);
            assert!(!game.rules().sowable.zone.holds(topology, p, mover));
        }
        PlayError::EmptyHole(q) => {
            assert_eq!(q, p);
            assert_eq!(game.board().get(p), 0);
        }
        PlayError::TooFewSeeds(q) => {
            assert_eq!(q, p);
            let rules = game.rules();
            assert!(!rules.sowable.allows(
                game.board(),
                game.topology(),
                rules.sowing.direction,
                p
            ));
            assert!(game.board().get(p) > 0 && game.board().get(p) < rules.sowable.min_seeds);
        }
        PlayError::FirstMoves(q) => {
            // A restricted first move, the hole not one it may sow, while
            // one of those is legal (the legal moves are then only those).
            assert_eq!(q, p);
            assert!(game.first_moves_left() > 0);
            let allowed = game.rules().first_moves.holes(topology, mover_of(game));
            assert!(!allowed.contains(p));
            assert!(!game.legal_pits().is_empty());
            assert!(game.legal_pits().is_subset(allowed));
        }
        PlayError::MustFeed(q) => {
            assert_eq!(q, p);
            assert_ne!(game.rules().feeding, Feeding::Off);
        }
        PlayError::GrandSlam(q) => {
            assert_eq!(q, p);
            assert_eq!(game.rules().grand_slam, GrandSlam::Forbid);
        }
        PlayError::Endless { pit, cause } => {
            assert_eq!(pit, p);
            assert_eq!(game.rules().endless, Endless::Forbid);
            assert!(matches!(game.rules().relay, Relay::AtLeast(_)));
            assert!(cause.cycle_laps >= 1);
        }
        other => panic!("unexpected error {other:?}"),
    }
    if !matches!(
        e,
        PlayError::GameOver
            | PlayError::NotOnBoard(_)
            | PlayError::NotYourHole { .. }
            | PlayError::OutsideZone { .. }
    ) {
        // A hole of the zone the mover sows (his own, by default).
        let zone = game.rules().sowable.zone;
        assert!(zone.holds(topology, p, mover_of(game)));
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// 3. Determinism: replaying the same moves gives equal states, and
    /// `play_observed` reaches the same state as `play`, with events that
    /// account for every seed.
    #[test]
    fn determinism(rules in rules(), choices in choices(80)) {
        let mut states = Vec::new();
        let mut moves = Vec::new();
        play_out(rules, &choices, |game, played| {
            states.push(game.clone());
            moves = played.to_vec();
            if let Some(&first) = game.legal_moves().first() {
                let mut plain = game.clone();
                let turn = plain.play(first).unwrap();
                let mut observed = game.clone();
                let mut events = Vec::new();
                let observed_turn = observed.play_observed(first, &mut events).unwrap();
                assert_eq!(observed, plain, "play_observed vs play");
                assert_eq!(observed_turn, turn, "play_observed's report vs play's");
                let replayed = replay_events(game, first, &events);
                assert_eq!(&replayed, plain.board(), "events replayed");
                check_turn(game, first, &turn, &events);
                let endless = events.contains(&Event::EndlessStop);
                if endless {
                    assert_eq!(game.rules().endless, Endless::Stop);
                    assert_eq!(events.iter().filter(|e| **e == Event::EndlessStop).count(), 1);
                }
                if events.contains(&Event::ExtraTurn) {
                    assert!(game.rules().extra_turn);
                    assert!(plain.is_over() || plain.to_move() == game.to_move());
                }
                let collected = events.iter().any(|e| matches!(e, Event::Collect { .. }));
                assert!(!collected || plain.is_over(), "collect only at the end");
            }
        });
        let mut replay = new_game(rules);
        prop_assert_eq!(&replay, &states[0]);
        for (i, &m) in moves.iter().enumerate() {
            replay.play(m).unwrap();
            prop_assert_eq!(&replay, &states[i + 1]);
        }
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// 4. Setups and serde round-trip at every ply.
    #[test]
    fn round_trips(rules in rules(), choices in choices(60)) {
        play_out(rules, &choices, |game, _| check_round_trips(game));
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// 5a. Under the repetition rule every game ends, within the provable
    /// bound of `repetition_bound`, whether the moves are chosen at random
    /// or are always the first legal move.
    #[test]
    fn games_with_repetition_end(
        rules in small_rules(),
        choices in vec(0usize..1000, 1..64),
        first in any::<bool>(),
    ) {
        let mut rules = rules;
        rules.end.repetition = true;
        let bound = repetition_bound(&rules);
        prop_assert!(bound < 2_000_000, "bound {bound} too large to play out");
        let mut game = new_game(rules);
        let total = rules.total_seeds();
        let mut plies = 0u128;
        while !game.is_over() {
            prop_assert!(plies <= bound, "no end after {plies} plies (bound {bound})");
            let c = if first { 0 } else { choices[plies as usize % choices.len()] };
            let p = pick(&game, c).expect("a live game has a legal move");
            game.play(p).unwrap();
            prop_assert_eq!(game.board().total(), total);
            plies += 1;
        }
        prop_assert!(matches!(game.status(), Status::Over(_)));
        check_state(&game);
    }

    /// 5b. Any rules: no panic in a few hundred plies; a move ends by
    /// `Endless::Stop` only under that rule. A legal move is refused only
    /// as RULES.md's work budget says: when a move of the position after
    /// it cannot be decided within the budget, and then nothing changed and
    /// no event was reported (the game stops there).
    #[test]
    fn long_play_never_panics(rules in rules(), choices in vec(0usize..1000, 1..32)) {
        let mut game = new_game(rules);
        for ply in 0..300 {
            if game.is_over() {
                break;
            }
            let p = pick(&game, choices[ply % choices.len()]).unwrap();
            let mut events = Vec::new();
            let before = game.clone();
            match game.play_observed(p, &mut events) {
                Ok(_) => {}
                Err(PlayError::Undecided { mv, cause }) => {
                    prop_assert_eq!(mv, p);
                    prop_assert_eq!(Some(cause.budget), before.budget().limit());
                    prop_assert_eq!(&game, &before);
                    prop_assert!(events.is_empty());
                    break;
                }
                Err(e) => prop_assert!(false, "legal move {p:?} refused: {e}"),
            }
            if events.contains(&Event::EndlessStop) {
                prop_assert_eq!(rules.endless, Endless::Stop);
            }
        }
        prop_assert_eq!(game.board().total(), rules.total_seeds());
        check_state(&game);
    }

    /// 5c. `play_unchecked` never panics and conserves seeds, whatever the
    /// move (another player's hole, an empty one, one off the board, a pass)
    /// and even after the end.
    #[test]
    fn play_unchecked_never_panics(
        rules in rules(),
        moves in vec(0usize..=MAX_HOLES, 0..60),
    ) {
        let mut game = new_game(rules);
        for &i in &moves {
            // Index `MAX_HOLES` stands for a pass.
            let mv = Pit::new(i).map_or(Move::Pass, Move::Sow);
            let before = game.clone();
            let turn = game.play_unchecked(mv);
            prop_assert_eq!(game.board().total(), rules.total_seeds());
            prop_assert_eq!(turn.played, mv);
            if before.is_legal(&mv) {
                let mut checked = before.clone();
                prop_assert_eq!(checked.play(mv), Ok(turn));
                prop_assert_eq!(&checked, &game);
            }
            let unsowable = match mv {
                Move::Sow(p) => !before.topology().contains(p) || before.board().get(p) == 0,
                Move::Pass => false,
            };
            if unsowable || before.is_over() {
                prop_assert_eq!(&before, &game, "an unsowable hole or a finished game changed");
                prop_assert_eq!(turn.landing, None);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// 6. The sower on random boards.
// ---------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct SowCase {
    layout: Layout,
    holes: Vec<u16>,
    stores: Vec<u16>,
    origin: usize,
    mover: usize,
    spec: SowSpec,
    threshold: u16,
}

fn sow_cases() -> BoxedStrategy<SowCase> {
    // Relays at `k` on boards of at most `k` seeds a hole; relays from every
    // hole (0 or 1) on boards of at most 9 seeds (see the module docs).
    let relaying = (layouts(2..=6, 1..=13), 2u16..=8, 0u16..=8)
        .prop_map(|(layout, k, max)| (layout, k, max.min(k)));
    let always = (layouts(2..=4, 1..=3), 0u16..=1, 0u16..=3);
    let strategy = prop_oneof![3 => relaying, 1 => always]
        .prop_flat_map(|(layout, threshold, max_count)| {
            let topology = Topology::new(layout).unwrap();
            let holes = topology.holes();
            (
                Just(layout),
                vec(0..=max_count, holes),
                vec(0u16..=5, MAX_PLAYERS),
                0..(holes + 2).min(MAX_HOLES),
                0..topology.players(),
                sow_specs(),
                Just(threshold),
            )
        })
        .prop_map(
            |(layout, mut holes, stores, origin, mover, spec, threshold)| {
                if threshold < 2 {
                    // At most 9 seeds when every lap relays.
                    let mut left = 9u16;
                    for c in &mut holes {
                        *c = (*c).min(left);
                        left -= *c;
                    }
                }
                SowCase {
                    layout,
                    holes,
                    stores,
                    origin,
                    mover,
                    spec,
                    threshold,
                }
            },
        );
    strategy.boxed()
}

type SowRun = (Result<Sown, SowError>, Board, Vec<Event>);

fn sower<'a, R: RelayRule>(
    case: &SowCase,
    topology: &'a Topology,
    relay: &'a R,
    endless: Endless,
    meter: &'a Meter,
) -> Sower<'a, R> {
    Sower::new(topology, case.spec, player(case.mover), relay, meter).endless(endless)
}

fn run_sow(case: &SowCase, topology: &Topology, endless: Endless, observe: bool) -> SowRun {
    let mut board = Board::from_counts(&case.holes, &case.stores);
    let relay = Relay::AtLeast(case.threshold);
    let meter = Meter::new(Budget::UNLIMITED);
    let sower = sower(case, topology, &relay, endless, &meter);
    let mut events = Vec::new();
    let result = if observe {
        sower.sow(&mut board, pit(case.origin), &mut events)
    } else {
        sower.sow(&mut board, pit(case.origin), &mut ())
    };
    (result, board, events)
}

proptest! {
    #![proptest_config(config(2048))]

    /// 6. Relays end or are reported endless, exactly as a naive simulation
    /// that keeps every lap start says.
    #[test]
    fn relays_end_or_are_reported_endless(case in sow_cases()) {
        let topology = Topology::new(case.layout).unwrap();
        let start = Board::from_counts(&case.holes, &case.stores);
        let (forbid, forbid_board, _) = run_sow(&case, &topology, Endless::Forbid, false);
        let (stop, stop_board, _) = run_sow(&case, &topology, Endless::Stop, false);

        // The observed runs agree with the fast ones; a refusal records nothing.
        let (forbid_o, forbid_board_o, forbid_events) =
            run_sow(&case, &topology, Endless::Forbid, true);
        let (stop_o, stop_board_o, stop_events) = run_sow(&case, &topology, Endless::Stop, true);
        prop_assert_eq!(&forbid_o, &forbid);
        prop_assert_eq!(&forbid_board_o, &forbid_board);
        prop_assert_eq!(&stop_o, &stop);
        prop_assert_eq!(&stop_board_o, &stop_board);
        if forbid.is_err() {
            prop_assert!(forbid_events.is_empty());
        }
        if let Ok(sown) = stop {
            let stops = stop_events.iter().filter(|e| **e == Event::EndlessStop).count();
            prop_assert_eq!(stops, usize::from(sown.endless));
            let lifts = stop_events.iter().filter(|e| matches!(e, Event::Lift { .. })).count();
            prop_assert_eq!(lifts as u64, sown.laps);
        }

        // The same rule as a closure gives the same result.
        let threshold = case.threshold;
        let closure = |b: &Board, p: Pit| b.get(p) >= threshold;
        let mut closure_board = start.clone();
        let meter = Meter::new(Budget::UNLIMITED);
        let closure_result = sower(&case, &topology, &closure, Endless::Stop, &meter)
            .sow(&mut closure_board, pit(case.origin), &mut ());
        prop_assert_eq!(&closure_result, &stop);
        prop_assert_eq!(&closure_board, &stop_board);

        // Holes that cannot be sown.
        if case.origin >= topology.holes() {
            prop_assert_eq!(forbid, Err(SowError::NotOnBoard(pit(case.origin))));
            prop_assert_eq!(stop, Err(SowError::NotOnBoard(pit(case.origin))));
            prop_assert_eq!(&forbid_board, &start);
            prop_assert_eq!(&stop_board, &start);
            return Ok(());
        }
        if case.holes[case.origin] == 0 {
            prop_assert_eq!(forbid, Err(SowError::EmptyHole(pit(case.origin))));
            prop_assert_eq!(stop, Err(SowError::EmptyHole(pit(case.origin))));
            prop_assert_eq!(&forbid_board, &start);
            prop_assert_eq!(&stop_board, &start);
            return Ok(());
        }

        // Seeds are conserved.
        prop_assert_eq!(forbid_board.total(), start.total());
        prop_assert_eq!(stop_board.total(), start.total());

        // Forbid and Stop agree.
        match (&forbid, &stop) {
            (Ok(f), Ok(s)) => {
                prop_assert!(!f.endless && !s.endless);
                prop_assert_eq!(f, s);
                prop_assert_eq!(&forbid_board, &stop_board);
            }
            (Err(SowError::Endless(e)), Ok(s)) => {
                prop_assert!(s.endless);
                prop_assert_eq!(&forbid_board, &start, "a refused move leaves the board");
                prop_assert_eq!(s.laps, e.laps_before_cycle + e.cycle_laps);
                prop_assert!(e.cycle_laps >= 1);
            }
            other => prop_assert!(false, "Forbid and Stop disagree: {:?}", other),
        }

        // The naive simulation.
        let ring = Ring::new(&case.layout);
        let mut stores = [0u16; MAX_PLAYERS];
        stores.copy_from_slice(&case.stores);
        let naive = naive_sow(
            &ring,
            LapStart { holes: case.holes.clone(), stores, hole: case.origin },
            case.spec,
            case.mover,
            case.threshold,
            200_000,
        );
        match naive {
            Naive::Finite { holes, stores, landing, laps } => {
                prop_assert_eq!(forbid, Ok(Sown { landing, laps, endless: false }));
                prop_assert_eq!(forbid_board.holes(), &holes[..]);
                prop_assert_eq!(forbid_board.stores(), &stores);
            }
            Naive::Endless { mu, lambda, start: repeat } => {
                prop_assert_eq!(
                    forbid,
                    Err(SowError::Endless(EndlessRelay { laps_before_cycle: mu, cycle_laps: lambda }))
                );
                prop_assert_eq!(
                    stop,
                    Ok(Sown { landing: Landing::Hole(pit(repeat.hole)), laps: mu + lambda, endless: true })
                );
                prop_assert_eq!(stop_board.holes(), &repeat.holes[..]);
                prop_assert_eq!(stop_board.stores(), &repeat.stores);
            }
            Naive::GaveUp => {}
        }
    }
}

// ---------------------------------------------------------------------------
// 7. The `Game` trait.
// ---------------------------------------------------------------------------

fn check_game_trait(game: &Mancala) {
    assert_eq!(game.player_count(), game.topology().players());
    assert_eq!(game.outcome(), game.status().outcome());
    assert_eq!(game.is_over(), game.outcome().is_some());
    for p in Player::all(MAX_PLAYERS) {
        let actions = game.legal_actions(p);
        if game.to_move() == Some(p) {
            assert_eq!(&actions[..], &game.legal_moves()[..]);
            assert!(game.status().must_act(p));
        } else {
            assert!(actions.is_empty());
            assert!(!game.status().must_act(p));
        }
    }
    match game.status() {
        Status::ToMove(p) => {
            assert_eq!(game.to_move(), Some(p));
            assert!(!game.is_over());
        }
        Status::Over(outcome) => {
            assert!(game.is_over());
            assert_eq!(game.outcome(), Some(outcome));
            assert_eq!(outcome, verdict_of(game), "the rules' verdict");
            assert_eq!(game.to_move(), None);
            assert!(game.legal_moves().is_empty());
            // A finished game refuses every move and stays as it is, even
            // played unchecked.
            for p in all_moves() {
                let mut copy = game.clone();
                assert_eq!(copy.play(p), Err(PlayError::GameOver));
                assert!(!copy.is_legal(&p));
                assert_eq!(&copy, game);
                assert_eq!(copy.play_unchecked(p).landing, None);
                assert_eq!(&copy, game);
            }
        }
        Status::Simultaneous(_) => panic!("Mancala is sequential"),
    }
}

proptest! {
    #![proptest_config(config(2048))]

    /// 6b. `Sower::single_lap` names a move's landing exactly when sowing it
    /// ends with its first lap, whole revolutions and stores included.
    #[test]
    fn single_lap_agrees_with_sowing(
        (layout, holes, origin, mover) in layouts(2..=4, 1..=13).prop_flat_map(|layout| {
            let topology = Topology::new(layout).unwrap();
            let n = topology.holes();
            (Just(layout), vec(0u16..=60, n), 0..(n + 2).min(MAX_HOLES), 0..topology.players())
        }),
        spec in sow_specs(),
        threshold in 0u16..=70,
        budget in prop_oneof![(0u64..=3).prop_map(Budget::seeds), Just(Budget::seeds(300)), Just(Budget::seeds(20_000))],
    ) {
        let topology = Topology::new(layout).unwrap();
        let start = Board::from_counts(&holes, &[3, 1]);
        let relay = Relay::AtLeast(threshold);
        let meter = Meter::new(budget);
        let sower = Sower::new(&topology, spec, player(mover), &relay, &meter).endless(Endless::Stop);
        let mut board = start.clone();
        let sown = sower.sow(&mut board, pit(origin), &mut ());
        let one_lap = match sown {
            Ok(s) if s.laps == 1 && !s.endless => Some(s.landing),
            _ => None,
        };
        prop_assert_eq!(sower.single_lap(&start, pit(origin)), one_lap);
        // Under the rule that never relays every sowable move is one lap.
        let single_meter = Meter::new(budget);
        let single = Sower::new(&topology, spec, player(mover), &mancala_core::toolkit::SingleLap, &single_meter)
            .endless(Endless::Stop);
        let mut board = start.clone();
        let sown = single.sow(&mut board, pit(origin), &mut ()).ok().map(|s| s.landing);
        prop_assert_eq!(single.single_lap(&start, pit(origin)), sown);
    }
}

proptest! {
    #![proptest_config(config(256))]

    /// 7. The `Game` trait's methods agree with each other; finished games
    /// refuse every move.
    #[test]
    fn game_trait_agrees(rules in small_rules(), choices in vec(0usize..1000, 1..40)) {
        let mut rules = rules;
        // Mostly games that end, so that finished games are checked.
        rules.end.repetition = choices[0] % 4 != 0;
        let mut game = new_game(rules);
        check_game_trait(&game);
        for ply in 0..2000 {
            if game.is_over() {
                break;
            }
            let p = pick(&game, choices[ply % choices.len()]).unwrap();
            game.play(p).unwrap();
            check_game_trait(&game);
        }
    }
}

// ---------------------------------------------------------------------------
// 8. The shared harness (`mancala_testing`).
// ---------------------------------------------------------------------------

/// Candidate actions for `testing::check_state`: every hole a `Pit` can
/// name (on the board or not) and a pass.
fn candidates() -> Vec<Move> {
    all_moves().collect()
}

/// Random playouts from `start` through the harness: the `Game` contract
/// (`testing::check_state`, with illegal candidates), seed conservation,
/// the notation and serde round trips, and an end reason exactly when the
/// game is over, at every state.
fn harness_playouts(start: &Mancala, seed: u64, games: usize, max_plies: usize) {
    let candidates = candidates();
    let total = start.board().total();
    testing::random_playouts(start.clone(), seed, games, max_plies, |game, turn| {
        testing::check_state(game, &candidates);
        // The readers decide relays under the default budget: a position
        // these tests' larger budget built may be past it (the budget's
        // refusals are `tests/budget.rs`'s).
        if Mancala::from_setup(game.to_setup()).is_ok() {
            testing::check_notation(game);
            testing::check_serde(game);
        }
        assert_eq!(game.board().total(), total, "seeds are conserved in {game}");
        assert_eq!(game.rules(), start.rules());
        // Reached by play: a game over says why, one that goes on does not.
        assert_eq!(game.end().is_some(), game.is_over(), "{game}");
        if let Some(turn) = turn {
            assert!(turn.seeds <= total);
            assert_eq!(turn.captured.is_empty(), turn.seeds == 0, "{turn:?}");
        }
    });
}

#[test]
fn harness_oware() {
    harness_playouts(&mancala_core::oware(), 0x0a1e, 6, 300);
    harness_playouts(&Mancala::default(), 0x0a1f, 2, 300);
}

#[test]
fn harness_kalah() {
    harness_playouts(&mancala_core::kalah(), 0x4a1a, 8, 300);
}

#[test]
fn harness_catalogue() {
    // Toguz Kumalak, played by its own type, has its harness in `toguz.rs`.
    let plain = mancala_core::Traditional::ALL
        .into_iter()
        .filter(|g| !g.has_own_type());
    for (i, game) in plain.enumerate() {
        let start = Mancala::new(game.rules()).unwrap();
        harness_playouts(&start, 0xca7a + i as u64, 4, 400);
    }
}

#[test]
fn harness_checks_moves_and_actions_as_text() {
    testing::check_action_text(&candidates());
    let mut game = mancala_core::kalah();
    testing::check_action_text(&game.legal_moves());
    game.play(Move::Sow(pit(2))).unwrap();
    testing::check_action_text(&game.legal_moves());
}

proptest! {
    #![proptest_config(config(64))]

    /// 8. Random valid rules (passing included) keep the `Game` contract
    /// through the shared harness, with seeds conserved and the notation
    /// and serde round-tripping at every state.
    #[test]
    fn harness_random_rules(rules in rules(), pass in any::<bool>(), seed in any::<u64>()) {
        let mut rules = rules;
        rules.end.pass = pass;
        harness_playouts(&new_game(rules), seed, 2, 80);
    }
}

// ---------------------------------------------------------------------------
// 9. Keys.
// ---------------------------------------------------------------------------

/// The copies of `game` that must equal it, each with the same key: a clone,
/// its text read back, its setup rebuilt, its JSON read back.
fn check_keys(game: &Mancala) {
    let key = game.key();
    let copies = [
        ("clone", game.clone()),
        ("text", game.to_string().parse::<Mancala>().unwrap()),
        (
            "setup",
            Mancala::from_setup_within(game.to_setup(), game.budget()).unwrap(),
        ),
        (
            "serde",
            serde_json::from_str(&serde_json::to_string(game).unwrap()).unwrap(),
        ),
    ];
    for (how, copy) in copies {
        assert_eq!(&copy, game, "{how} copy of {game}");
        assert_eq!(copy.key(), key, "{how} copy of {game} has another key");
    }
}

/// What a key hashes: holes, stores, the player to move (or who would
/// have moved, once the game is over) and whether it is over.
type Keyed = (Vec<u16>, Vec<u16>, Player, bool);

fn keyed(game: &Mancala) -> Keyed {
    let setup = game.to_setup();
    (setup.board, setup.stores, setup.to_move, setup.over)
}

/// Every state of many random games of `start`: equal states have equal
/// keys, and equal keys come from the same holes, stores and player to move
/// (no collision). Returns how many times a state was reached again.
fn check_transpositions(start: &Mancala, seed: u64, games: usize) -> usize {
    let mut by_state: HashMap<Mancala, u64> = HashMap::new();
    let mut by_key: HashMap<u64, Keyed> = HashMap::new();
    let mut again = 0;
    testing::random_playouts(start.clone(), seed, games, 200, |game, _| {
        let key = game.key();
        if let Some(&k) = by_state.get(game) {
            assert_eq!(k, key, "equal states, different keys: {game}");
            again += 1;
        } else {
            by_state.insert(game.clone(), key);
        }
        let what = keyed(game);
        if let Some(other) = by_key.get(&key) {
            assert_eq!(other, &what, "key collision at {game}");
        } else {
            by_key.insert(key, what);
        }
    });
    again
}

#[test]
fn transpositions_have_equal_keys() {
    // Small boards, where different move orders often reach one position.
    let small = [
        Rules::kalah().with_houses(2).with_seeds(2),
        Rules::kalah().with_houses(3).with_seeds(1),
        Rules::oware().with_houses(3).with_seeds(2),
        Rules::oware().with_houses(2).with_seeds(3),
    ];
    for rules in small {
        let again = check_transpositions(&new_game(rules), 0x5eed, 200);
        assert!(again > 0, "no position reached twice under {rules}");
    }
    // And the reference games (any transposition there is checked too).
    check_transpositions(&mancala_core::oware(), 1, 40);
    check_transpositions(&mancala_core::kalah(), 2, 40);
}

proptest! {
    #![proptest_config(config(128))]

    /// 9a. Equal positions have equal keys: a state and its clone, its text
    /// read back, its setup rebuilt and its JSON read back.
    #[test]
    fn equal_positions_have_equal_keys(rules in rules(), choices in choices(40)) {
        play_out(rules, &choices, |game, _| check_keys(game));
    }

    /// 9b. Over random games of small random rules, states reached again
    /// have the same key, and no two different positions share a key.
    #[test]
    fn keys_of_small_games(rules in small_rules(), seed in any::<u64>()) {
        check_transpositions(&new_game(rules), seed, 8);
    }
}

// ---------------------------------------------------------------------------
// 10. Text notation.
// ---------------------------------------------------------------------------

/// Count sets of any counts a set can hold (0 to 63).
fn wide_count_sets() -> BoxedStrategy<CountSet> {
    vec(0u16..64, 0..=10)
        .prop_map(|counts| {
            counts
                .into_iter()
                .fold(CountSet::EMPTY, |set, c| set.with(c))
        })
        .boxed()
}

/// Valid rules with values drawn over their whole ranges (seeds up to the
/// board's limit, any relay threshold from 2, any `at_most_left`, any
/// capture counts, passing on or off) for the text round trip.
fn wide_rules() -> BoxedStrategy<Rules> {
    (
        rules(),
        any::<u16>(),
        prop_oneof![Just(Relay::Never), (2u16..).prop_map(Relay::AtLeast)],
        proptest::option::of(any::<u16>()),
        wide_count_sets(),
        any::<bool>(),
        (any::<u8>(), any::<u8>()),
    )
        .prop_map(
            |(mut r, seeds, relay, at_most_left, counts, pass, (moves, last))| {
                let holes = holes_of(&r.layout) as u32;
                r.seeds = (u32::from(seeds) % (u32::from(u16::MAX) / holes)).max(1) as u16;
                r.relay = relay;
                r.end.at_most_left = at_most_left;
                r.end.pass = pass;
                if let Capture::Chain { counts: c, .. } = &mut r.capture {
                    *c = counts;
                }
                // Any count of restricted moves, any of a row's last holes.
                r.first_moves = match moves % (MAX_FIRST_MOVES + 1) {
                    0 => FirstMoves::NONE,
                    moves => FirstMoves {
                        moves,
                        last_holes: 1 + last % r.layout.row_len,
                    },
                };
                r
            },
        )
        .boxed()
}

/// Whether reading `text` as a position may walk an astronomically long
/// relay cycle (see the module documentation): its rule words read, they
/// relay at `k`, and a hole holds more than `k` seeds. Texts within that
/// bound are read promptly; texts whose rules do not read are refused before
/// any sowing.
fn slow(text: &str) -> bool {
    let words = text.split_whitespace().filter(|w| {
        w.contains('=') && !w.starts_with("seen=") && !w.starts_with("first_moves_left=")
    });
    let Ok(rules) = mancala_core::notation::parse_options::<Rules>(words) else {
        return false;
    };
    let Relay::AtLeast(k) = rules.relay else {
        return false;
    };
    text.split_whitespace().next().is_some_and(|holes| {
        holes
            .split([',', '/'])
            .any(|c| c.parse::<u16>().is_ok_and(|c| c > k.max(1)))
    })
}

/// Any text: an error, or a value that prints back the same (a position,
/// rules, a move). Texts that may be slow to read are read as rules and
/// moves only.
fn check_text(text: &str) {
    if !slow(text) {
        testing::check_text::<Mancala>(text);
    }
    if let Ok(rules) = text.parse::<Rules>() {
        let again = rules.to_string();
        assert_eq!(
            again.parse::<Rules>(),
            Ok(rules),
            "rules `{text}` print as `{again}`"
        );
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "move `{text}`");
    }
}

/// Positions reached by random play of random rules.
fn positions() -> BoxedStrategy<Mancala> {
    (rules(), choices(60))
        .prop_map(|(rules, choices)| play_out(rules, &choices, |_, _| {}))
        .boxed()
}

proptest! {
    #![proptest_config(config(256))]

    /// 10a. Rules read back from their text (`key=value` words over
    /// oware's), whatever their values.
    #[test]
    fn rules_text_round_trips(rules in wide_rules()) {
        prop_assert!(rules.check().is_ok(), "{:?}", rules);
        let text = rules.to_string();
        prop_assert_eq!(text.parse::<Rules>(), Ok(rules), "`{}`", text);
        // The words are each `key=value`, known keys, each key once.
        let mut keys = Vec::new();
        for word in text.split_whitespace() {
            let (key, _) = word.split_once('=').expect("a key=value word");
            prop_assert!(<Rules as RuleOptions>::KEYS.contains(&key), "{}", key);
            prop_assert!(!keys.contains(&key), "{} twice in `{}`", key, text);
            keys.push(key);
        }
        // Every start of these rules the default budget decides reads back
        // too.
        let start = new_game(rules);
        if Mancala::from_setup(start.to_setup()).is_ok() {
            testing::check_notation(&start);
        }
    }

    /// 10b. Rules rebuilt key by key in `KEYS` order, as a command line or
    /// the conformance runner sets them, are the same rules.
    #[test]
    fn rules_round_trip_through_their_keys(rules in wide_rules()) {
        let mut rebuilt = Rules::default();
        for key in <Rules as RuleOptions>::KEYS {
            if let Some(value) = rules.value(key) {
                rebuilt.set(key, &value).unwrap_or_else(|e| panic!("{key}={value}: {e}"));
            }
        }
        prop_assert_eq!(rebuilt, rules);
    }

    /// 10c. Moves print and read back; any hole number reads as that hole.
    #[test]
    fn move_text_round_trips(i in 0usize..=MAX_HOLES, text in "[0-9a-z+ -]{0,4}") {
        let mv = Pit::new(i).map_or(Move::Pass, Move::Sow);
        testing::check_action_text(&[mv]);
        if let Move::Sow(p) = mv {
            prop_assert_eq!(i.to_string().parse::<Move>(), Ok(mv));
            prop_assert_eq!(i.to_string().parse::<Pit>(), Ok(p));
        }
        check_text(&text);
    }

    /// 10d. Any string is refused with an error, or reads as a position,
    /// rules or a move that prints back the same.
    #[test]
    fn any_string_parses_to_an_error_or_prints_back(text in ".{0,80}") {
        check_text(&text);
    }

    /// 10e. Near-notation strings (a valid position's text with a few
    /// characters changed) are refused with an error, or read as a position
    /// that prints back the same.
    #[test]
    fn edited_notation_parses_to_an_error_or_prints_back(
        game in positions(),
        edits in vec((any::<usize>(), 0usize..60), 1..4),
    ) {
        const ALPHABET: &[u8] = b"0123456789,/ :|=-.overseenruilhgaytdcpkw_";
        let mut text = game.to_string().into_bytes();
        for (at, c) in edits {
            let at = at % (text.len() + 1);
            match (text.get(at), c) {
                // A small digit for a digit: mostly well formed, often possible.
                (Some(d), c) if d.is_ascii_digit() && c >= 45 => text[at] = b'0' + (c % 4) as u8,
                (_, c) if c < ALPHABET.len() => text.insert(at, ALPHABET[c]),
                (Some(_), _) => {
                    text.remove(at);
                }
                (None, _) => {}
            }
        }
        check_text(&String::from_utf8(text).unwrap());
    }
}

#[test]
fn malformed_text_is_a_typed_error() {
    use mancala_core::mancala_text::ParseError;
    use mancala_core::notation::{NotationError, OptionError};
    let err = |text: &str| text.parse::<Mancala>().unwrap_err();
    assert_eq!(
        err(""),
        ParseError::Notation(NotationError::Missing("holes"))
    );
    assert_eq!(
        err("4,4,4,4,4,4/4,4,4,4,4,4"),
        ParseError::Notation(NotationError::Missing("stores"))
    );
    assert_eq!(
        err("4,4,4,4,4,4/4,4,4,4,4,4 0,0"),
        ParseError::Notation(NotationError::Missing("player"))
    );
    assert!(matches!(
        err("4,4,x,4,4,4/4,4,4,4,4,4 0,0 0"),
        ParseError::Notation(NotationError::Invalid { part: "holes", .. })
    ));
    assert!(matches!(
        err("4,4,4,4,4,4/4,4,4,4,4,4 0,0 7"),
        ParseError::Notation(NotationError::Invalid { part: "player", .. })
    ));
    assert!(matches!(
        err("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 colour=red"),
        ParseError::Notation(NotationError::Option(OptionError::UnknownKey { .. }))
    ));
    assert!(matches!(
        err("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 seeds=4 seeds=5"),
        ParseError::Notation(NotationError::Option(OptionError::Duplicate(_)))
    ));
    // Rows must have the board's length (6 for oware): a row of 7, rows of
    // 3 and 9, or the twelve counts as one row are all refused.
    for text in [
        "4,4,4,4,4,4/4,4,4,4,4,4,4 0,0 0",
        "4,4,4/4,4,4,4,4,4,4,4,4 0,0 0",
        "4,4,4,4,4,4,4,4,4,4,4,4 0,0 0",
    ] {
        assert!(
            matches!(
                err(text),
                ParseError::Notation(NotationError::Invalid { part: "holes", .. })
            ),
            "{text}"
        );
    }
    // A preset given after other options would undo them.
    assert!(matches!(
        err("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 seeds=5 rules=kalah"),
        ParseError::Notation(NotationError::Option(OptionError::PresetNotFirst(_)))
    ));
    // Remembered positions in a game that keeps none (Kalah has no
    // repetition rule) are refused, not dropped.
    assert_eq!(
        err("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 seen=4,4,4,4,4,4/4,4,4,4,4,4:1 rules=kalah"),
        ParseError::Setup(SetupError::UnusedHistory)
    );
    // Well formed but impossible: a third player.
    assert_eq!(
        err("4,4,4,4,4,4/4,4,4,4,4,4 0,0 2"),
        ParseError::Setup(SetupError::NoSuchPlayer(player(2)))
    );
    // Moves and holes.
    assert!("".parse::<Move>().is_err());
    assert!("100".parse::<Move>().is_err());
    assert!("-1".parse::<Move>().is_err());
    assert!("+1".parse::<Move>().is_err());
    assert!("Pass".parse::<Move>().is_err());
    assert_eq!("99".parse::<Move>(), Ok(Move::Sow(pit(99))));
    assert_eq!("pass".parse::<Move>(), Ok(Move::Pass));
}

// ---------------------------------------------------------------------------
// Setups
// ---------------------------------------------------------------------------

/// Keeps random boards where the engine is known to answer promptly (see the
/// module documentation): under `Relay::AtLeast(k)` at most `k` seeds a hole.
/// (A setup can still have too many seeds in all through its stores.)
fn tame_relays(rules: &Rules, board: &mut [u16]) {
    if let Relay::AtLeast(k) = rules.relay {
        for c in board {
            *c = (*c).min(k.max(1));
        }
    }
}

/// Rules that are mostly valid; some have a bad layout, no seeds or an
/// opposite capture on a board that is not two rows.
fn maybe_invalid_rules() -> BoxedStrategy<Rules> {
    let strategy = prop_oneof![
        6 => rules(),
        1 => (rules(), 0u8..=15, 0u8..=8, vec(0usize..MAX_PLAYERS, MAX_PLAYERS))
            .prop_map(|(mut r, row_len, rows, owners)| {
                r.layout.row_len = row_len;
                r.layout.rows = rows;
                for (slot, o) in r.layout.owners.iter_mut().zip(owners) {
                    *slot = player(o);
                }
                r
            }),
        1 => rules().prop_map(|mut r| { r.seeds = 0; r }),
        // Restricted first moves with one field 0, or more holes than a row.
        1 => (rules(), 0u8..=2, 0u8..=2, any::<bool>()).prop_map(|(mut r, moves, last, wide)| {
            let last_holes = if wide { r.layout.row_len.saturating_add(1) } else { last };
            r.first_moves = FirstMoves { moves, last_holes };
            r
        }),
        1 => (rules(), 0u16..=1).prop_map(|(mut r, k)| { r.relay = Relay::AtLeast(k); r }),
        1 => (rules(), any::<bool>()).prop_map(|(mut r, req)| {
            r.capture = Capture::Opposite {
                require_opposite: req,
                zone: Zone::Own,
                take_lone: true,
            };
            r
        }),
    ];
    strategy.boxed()
}

fn setups() -> BoxedStrategy<Setup> {
    let strategy = (maybe_invalid_rules(), 0u8..8)
        .prop_flat_map(|(rules, skew)| {
            let holes = holes_of(&rules.layout).min(100);
            let players = rules
                .layout
                .row_owners()
                .iter()
                .map(|p| p.index() + 1)
                .max()
                .unwrap_or(0);
            // Mostly the right lengths.
            let holes = match skew {
                0 => holes + 1,
                1 => holes.saturating_sub(1),
                _ => holes,
            };
            let players = match skew {
                2 => players + 1,
                3 => players.saturating_sub(1),
                _ => players,
            };
            let count = prop_oneof![8 => 0u16..=8, 1 => any::<u16>()];
            (
                Just(rules),
                vec(count.clone(), holes),
                vec(count, players),
                0usize..MAX_PLAYERS,
                (
                    prop_oneof![3 => Just(false), 1 => Just(true)],
                    prop_oneof![3 => Just(false), 1 => Just(true)],
                    // Mostly within the rules' restricted moves (0 to 4).
                    prop_oneof![3 => 0u8..=4, 1 => any::<u8>()],
                ),
                vec((vec(0u16..=8, holes), 0usize..MAX_PLAYERS), 0..4),
            )
        })
        .prop_map(
            |(rules, mut board, stores, to_move, (over, placing, first_moves_left), history)| {
                tame_relays(&rules, &mut board);
                Setup {
                    rules,
                    board,
                    stores,
                    to_move: player(to_move),
                    over,
                    placing,
                    first_moves_left,
                    history: history
                        .into_iter()
                        .map(|(board, p)| SeenPosition {
                            board,
                            to_move: player(p),
                        })
                        .collect(),
                }
            },
        );
    strategy.boxed()
}

proptest! {
    #![proptest_config(config(1024))]

    /// Random setups never make `from_setup` panic; what it accepts is a
    /// consistent state that round-trips.
    #[test]
    fn random_setups(setup in setups()) {
        let total: u64 = setup.board.iter().chain(&setup.stores).map(|&c| u64::from(c)).sum();
        let json = serde_json::to_string(&setup).unwrap();
        let via_json = serde_json::from_str::<Mancala>(&json);
        match Mancala::from_setup(setup.clone()) {
            Ok(game) => {
                prop_assert_eq!(u64::from(game.board().total()), total);
                prop_assert_eq!(game.rules(), &setup.rules);
                check_state(&game);
                check_round_trips(&game);
                check_game_trait(&game);
                // A placing player's actions are his wrapping game's
                // placements, which the core does not list.
                if !game.is_placing() {
                    testing::check_state(&game, &candidates());
                }
                check_keys(&game);
                prop_assert_eq!(&via_json.unwrap(), &game);
                // A live game keeps the board it was given.
                if !game.is_over() {
                    prop_assert_eq!(game.board().holes(), &setup.board[..]);
                    prop_assert_eq!(game.to_move(), Some(setup.to_move));
                }
                // It plays on like any state.
                let mut game = game;
                for c in 0..20 {
                    let Some(p) = pick(&game, c * 7) else { break };
                    game.play(p).unwrap();
                    prop_assert_eq!(u64::from(game.board().total()), total);
                    check_state(&game);
                }
            }
            Err(_) => prop_assert!(via_json.is_err()),
        }
    }

    /// Valid setups of random positions (any counts, any player to move)
    /// are accepted and round-trip.
    #[test]
    fn valid_setups_round_trip(
        rules in rules(),
        counts in vec(0u16..=10, MAX_HOLES),
        stores in vec(0u16..=10, MAX_PLAYERS),
        to_move in 0usize..MAX_PLAYERS,
    ) {
        let topology = Topology::new(rules.layout).unwrap();
        let mut setup = Setup::new(rules);
        setup.board = counts[..topology.holes()].to_vec();
        tame_relays(&rules, &mut setup.board);
        setup.stores = stores[..topology.players()].to_vec();
        setup.to_move = player(to_move % topology.players());
        let game = Mancala::from_setup(setup.clone()).expect("a valid setup");
        check_state(&game);
        check_round_trips(&game);
        testing::check_state(&game, &candidates());
        check_keys(&game);
        if !game.is_over() {
            prop_assert_eq!(game.to_setup(), setup);
        }
    }
}

proptest! {
    #![proptest_config(config(128))]

    /// Two-row boards past 13 holes a row, up to 2 x 50 (En Gehe's sizes):
    /// random positions are accepted, read back from their text and their
    /// serde form, and keep doing so over a few moves.
    #[test]
    fn wide_two_row_boards_round_trip(
        rules in rules_on(2..=2, 14..=50, 6),
        counts in vec(0u16..=10, MAX_HOLES),
        stores in vec(0u16..=10, 2),
        to_move in 0usize..2,
        moves in choices(6),
    ) {
        let topology = Topology::new(rules.layout).unwrap();
        prop_assert!((28..=100).contains(&topology.holes()));
        let mut setup = Setup::new(rules);
        setup.board = counts[..topology.holes()].to_vec();
        tame_relays(&rules, &mut setup.board);
        setup.stores = stores;
        setup.to_move = player(to_move);
        let mut game = Mancala::from_setup(setup.clone()).expect("a valid setup");
        for choice in moves {
            let text = game.to_string();
            let back = text.parse::<Mancala>();
            prop_assert_eq!(back.as_ref(), Ok(&game), "{}", text);
            check_round_trips(&game);
            let Some(mv) = pick(&game, choice) else { break };
            prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            game.play(mv).unwrap();
        }
        check_state(&game);
        check_round_trips(&game);
    }
}

/// Arbitrary rule values never make the constructors panic, and the
/// constructor refuses exactly the rules `check` refuses, for the same
/// reason; besides, valid rules whose start has a move the default work
/// budget cannot decide (a relay of a 65-hole board that runs past 128
/// million seeds) are refused by the constructor alone, as `Undecided`
/// (`check` reads the rules, not the start position's moves).
#[test]
fn invalid_rules_are_refused() {
    let mut runner = proptest::test_runner::TestRunner::new(config(1024));
    runner
        .run(&maybe_invalid_rules(), |rules| {
            if matches!(rules.relay, Relay::AtLeast(0 | 1)) {
                prop_assert!(rules.check().is_err(), "relays below 2 are refused");
            }
            match (rules.check(), Mancala::new(rules)) {
                (Ok(t), Ok(game)) => {
                    prop_assert_eq!(game.topology(), &t);
                    prop_assert_eq!(game.board().total(), rules.total_seeds());
                }
                (Err(a), Err(b)) => prop_assert_eq!(a, b),
                (Ok(_), Err(RulesError::Undecided(cause))) => {
                    prop_assert_eq!(Some(cause.budget), Budget::default().limit());
                }
                (a, b) => prop_assert!(false, "check {:?} but new {:?}", a, b.is_ok()),
            }
            Ok(())
        })
        .unwrap();
}

/// The rules the property test above once found: five rows of 13 holes,
/// relays from 2 seeds, chain captures. `check` accepts them; the start's
/// hole 39 relays past the default budget, so the constructor refuses
/// them as undecided, naming the hole and the budget.
#[test]
fn valid_rules_with_an_undecidable_start_are_refused_as_undecided() {
    let mut rules = Rules::oware();
    rules.layout = Layout {
        row_len: 13,
        rows: 5,
        owners: [
            Player::P0,
            Player::P1,
            Player::P0,
            Player::P0,
            Player::P0,
            Player::P0,
        ],
        store_side: StoreSide::Right,
    };
    rules.seeds = 2;
    rules.sowing = SowSpec {
        direction: Direction::CounterClockwise,
        skip_origin: true,
        into_own_store: false,
        first_into_origin: true,
        single_into_origin: false,
    };
    rules.sowable = Sowable::ANY;
    rules.relay = Relay::AtLeast(2);
    rules.relay_if = RelayConditions::NONE;
    rules.endless = Endless::Forbid;
    rules.capture = Capture::Chain {
        zone: Zone::Opponents,
        counts: CountSet::TWO_OR_THREE,
        same_count: false,
        limit: ChainLimit::Landing,
        opposites: false,
    };
    rules.grand_slam = GrandSlam::Forbid;
    rules.feeding = Feeding::Off;
    rules.end = EndRules {
        majority: true,
        side_empty: false,
        repetition: false,
        at_most_left: None,
        each_at_most: None,
        target: None,
        pass: false,
    };
    rules.leftover = Leftover::ToOwner;
    assert!(rules.check().is_ok());
    match Mancala::new(rules) {
        Err(RulesError::Undecided(cause)) => {
            assert_eq!(cause.pit, Pit::new(39).unwrap());
            assert_eq!(cause.player, Player::P0);
            assert_eq!(Some(cause.budget), Budget::DEFAULT.limit());
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
}

// ---------------------------------------------------------------------------
// Worked examples
// ---------------------------------------------------------------------------

/// RULES.md's endless relay: Mankka board `[4,2,5,2,0,3,1,4,2,0,3,1]`,
/// player 0 moving hole 2 (relay at 4 seeds).
#[test]
fn mankka_endless_example() {
    let topology = Topology::new(Layout::two_rows(6)).unwrap();
    let start = Board::from_counts(&[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1], &[0, 0]);
    let run = |endless| {
        let mut board = start.clone();
        let meter = Meter::new(Budget::UNLIMITED);
        let relay = Relay::AtLeast(4);
        let sower =
            Sower::new(&topology, SowSpec::default(), Player::P0, &relay, &meter).endless(endless);
        let r = sower.sow(&mut board, pit(2), &mut ());
        (r, board)
    };
    let (forbid, board) = run(Endless::Forbid);
    assert!(matches!(forbid, Err(SowError::Endless(_))), "{forbid:?}");
    assert_eq!(board, start);
    let (stop, board) = run(Endless::Stop);
    let sown = stop.unwrap();
    assert!(sown.endless);
    assert_eq!(sown.landing, Landing::Hole(pit(2)));
    assert_eq!(board, start, "the known cycle leaves the board as it was");

    // In a game: refused under Forbid, a pass under Stop.
    let mut rules = Rules::oware();
    rules.sowing.skip_origin = false;
    rules.relay = Relay::AtLeast(4);
    rules.feeding = Feeding::Off;
    rules.capture = Capture::None;
    let mut setup = Setup::new(rules);
    setup.board = start.holes().to_vec();
    setup.stores = vec![12, 12];
    let game = Mancala::from_setup(setup.clone()).unwrap();
    let mut copy = game.clone();
    assert!(matches!(
        copy.play(Move::Sow(pit(2))),
        Err(PlayError::Endless { .. })
    ));
    assert_eq!(copy, game);
    setup.rules.endless = Endless::Stop;
    let mut game = Mancala::from_setup(setup).unwrap();
    let turn = game.play(Move::Sow(pit(2))).unwrap();
    assert!(turn.endless);
    assert_eq!(turn.laps, 12, "the cycle of 12 laps found by `sow`");
    assert_eq!(turn.landing, Some(Landing::Hole(pit(2))));
    assert_eq!(game.board().holes(), start.holes());
    assert_eq!(game.to_move(), Some(Player::P1));
}

/// Regression: a finished game under the repetition rule survives
/// `to_setup`/`from_setup` (it used to keep the positions it had recorded,
/// which the setup of a finished game does not list).
#[test]
fn finished_game_with_repetition_round_trips() {
    let mut setup = Setup::new(Rules::oware());
    setup.board = vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    setup.stores = vec![25, 22];
    let game = Mancala::from_setup(setup).unwrap();
    assert!(game.is_over(), "a majority ends it at once");
    assert_eq!(Mancala::from_setup(game.to_setup()).unwrap(), game);
}

/// A relay threshold below 2 relays from every landing hole: such rules are
/// refused, by every constructor.
#[test]
fn relay_thresholds_below_two_are_refused() {
    for k in [0, 1] {
        for into_own_store in [false, true] {
            let mut rules = Rules::oware();
            rules.relay = Relay::AtLeast(k);
            rules.sowing.into_own_store = into_own_store;
            assert_eq!(rules.check(), Err(RulesError::RelayAlways(k)));
            assert_eq!(Mancala::new(rules), Err(RulesError::RelayAlways(k)));
            let setup = Setup::new(rules);
            assert_eq!(
                Mancala::from_setup(setup.clone()),
                Err(SetupError::Rules(RulesError::RelayAlways(k)))
            );
            let json = serde_json::to_string(&setup).unwrap();
            assert!(serde_json::from_str::<Mancala>(&json).is_err());
        }
    }
}

/// Known issue: an endless relay at 2 seeds whose cycle is 307,959,030 laps
/// (the lap starts come back to the first one), on a 2x6 board of 72 seeds
/// that random play reached from 6 seeds a hole. `sow` takes 44 s in release
/// (far longer in debug), and so does `legal_moves` (it sows every move).
#[test]
#[ignore = "without a work budget (Budget::UNLIMITED), exact endless-relay detection walks astronomically long cycles"]
fn known_issue_relay_with_many_seeds_is_slow() {
    let mut rules = Rules::oware();
    rules.relay = Relay::AtLeast(2);
    rules.sowing.skip_origin = false;
    // Unbounded: the default work budget refuses this position at once
    // (tests/budget.rs).
    let mut setup = Setup::new(rules);
    setup.board = vec![11, 14, 2, 3, 9, 2, 1, 7, 2, 14, 6, 1];
    setup.stores = vec![0, 0];
    let game = Mancala::from_setup_within(setup, Budget::UNLIMITED).unwrap();
    let legal = mancala_testing::within(10, move || game.legal_moves().to_vec())
        .expect("legal_moves did not return in 10 s");
    assert!(!legal.contains(&Move::Sow(pit(4))), "hole 4 relays forever");
}
