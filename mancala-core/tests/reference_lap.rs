//! The sower against the plain statement of the rules
//! (`mancala_core::toolkit::sow_reference`): for arbitrary boards (small counts and
//! some big ones, boards that do not fit, holes off the board), layouts,
//! sowing specs, relay rules (`Relay::Never`, `Relay::AtLeast(k)` for `k`
//! of 0 to 8, `SingleLap`, and closures, which the engine sows lap by lap),
//! endless policies and movers (one who owns no row included),
//! `Sower::sow` gives what `sow_reference::Move::sow` gives: the same
//! board, landing, laps and endless flag, or the same error, endless
//! relays measured alike. Cases the reference cannot decide within its cap
//! of laps are skipped; any case it decides, the engine decides within a
//! work budget sized from that cap. `Sower::standing` and
//! `Sower::single_lap` agree with it too.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::toolkit::sow_reference::{Move, Sowing};
use mancala_core::{
    Board, Budget, Event, Landing, Layout, Meter, Pit, PitSet, Player, Topology,
    rules::{Direction, Endless, MAX_PLAYERS, Relay, SowSpec, StoreSide},
    toolkit::{EndlessRelay, RelayRule, SingleLap, SowError, Sower, Sown},
};
use mancala_testing::proptest_cases;
use proptest::collection::vec;
use proptest::prelude::*;

/// The relay rules tried.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// `Relay::Never` or `Relay::AtLeast(k)`: sown on the counts.
    Plain(Relay),
    /// `SingleLap`: one lap, known at compile time.
    Single,
    /// "At least `k`" as a closure: the same moves, sown lap by lap.
    Closure(u16),
    /// A landing hole relays when it then holds an odd count of at least
    /// 3: a rule of no threshold.
    Odd,
}

/// A move to sow, owned (a `Sower` borrows its parts).
#[derive(Clone, Debug)]
struct Case {
    layout: Layout,
    spec: SowSpec,
    rule: Rule,
    endless: Endless,
    mover: Player,
    holes: Vec<u16>,
    stores: Vec<u16>,
    origin: usize,
}

impl Case {
    fn topology(&self) -> Topology {
        Topology::new(self.layout).unwrap()
    }

    fn board(&self) -> Board {
        Board::from_counts(&self.holes, &self.stores)
    }

    /// The laps the reference may walk: fewer where a lap drops many seeds
    /// one by one.
    fn most_laps(&self) -> u64 {
        if self.holes.iter().any(|&c| c > 200) {
            30
        } else {
            600
        }
    }
}

/// Valid layouts: two rows of 1 to 12 holes (inline boards, lane-wise up to
/// 16 holes, and heap boards beyond 20), or 3 to 6 rows of 1 to 4 holes
/// owned in any order by 2 to 6 players (row owners drawn at random, then
/// numbered by rank so that players `0..k` each own a row); the stores on
/// either side.
fn layouts() -> impl Strategy<Value = Layout> {
    let rows = (1u8..=4, vec(0..MAX_PLAYERS, 3..=6)).prop_filter_map(
        "at least two players",
        |(row_len, drawn)| {
            let mut players = drawn.clone();
            players.sort_unstable();
            players.dedup();
            let rank = |d: &usize| Player::new(players.binary_search(d).unwrap()).unwrap();
            let owners: Vec<Player> = drawn.iter().map(rank).collect();
            (players.len() >= 2).then(|| Layout::new(row_len, &owners))
        },
    );
    let layout = prop_oneof![3 => (1u8..=12).prop_map(Layout::two_rows), 1 => rows];
    // The stores on their owners' left (Chongka') in one layout of four.
    let side = prop_oneof![3 => Just(StoreSide::Right), 1 => Just(StoreSide::Left)];
    (layout, side).prop_map(|(layout, side)| layout.with_store_side(side))
}

/// Every sowing spec, the first seed back into the origin (Toguz
/// Kumalak) in one of four, a single seed back (Kapana Bona) in one of
/// four.
fn specs() -> impl Strategy<Value = SowSpec> {
    let direction = prop_oneof![
        Just(Direction::CounterClockwise),
        Just(Direction::Clockwise)
    ];
    let first = prop_oneof![3 => Just(false), 1 => Just(true)];
    let single = prop_oneof![3 => Just(false), 1 => Just(true)];
    (direction, any::<bool>(), any::<bool>(), first, single).prop_map(
        |(direction, skip_origin, into_own_store, first_into_origin, single_into_origin)| SowSpec {
            direction,
            skip_origin,
            into_own_store,
            first_into_origin,
            single_into_origin,
        },
    )
}

fn rules() -> impl Strategy<Value = Rule> {
    prop_oneof![
        1 => Just(Rule::Plain(Relay::Never)),
        6 => (0u16..=8).prop_map(|k| Rule::Plain(Relay::AtLeast(k))),
        // Where relays are long and endless ones common.
        4 => (2u16..=4).prop_map(|k| Rule::Plain(Relay::AtLeast(k))),
        1 => Just(Rule::Single),
        2 => (0u16..=8).prop_map(Rule::Closure),
        1 => Just(Rule::Odd),
    ]
}

/// Counts for `len` holes: mostly 0 to 6 seeds; now and then up to 60, or
/// a few holes of hundreds to tens of thousands of seeds (near `u16::MAX`,
/// where counts saturate).
fn counts(len: usize) -> impl Strategy<Value = Vec<u16>> {
    let big = prop_oneof![3 => 0u16..=6, 1 => 100u16..=3000, 1 => 60_000u16..=u16::MAX];
    prop_oneof![
        6 => vec(0u16..=6, len),
        2 => vec(0u16..=60, len),
        1 => vec(big, len),
    ]
}

fn cases() -> impl Strategy<Value = Case> {
    (layouts(), specs(), rules(), any::<bool>(), 0..MAX_PLAYERS).prop_flat_map(
        |(layout, spec, rule, stop, mover)| {
            let holes = Topology::new(layout).unwrap().holes();
            // Now and then a board of one hole too many or too few.
            let len = prop_oneof![30 => Just(holes), 1 => Just(holes + 1), 1 => Just(holes - 1)];
            let origin = prop_oneof![30 => 0..holes, 1 => Just(holes)];
            (
                len.prop_flat_map(counts),
                vec(0u16..=9, MAX_PLAYERS),
                origin,
            )
                .prop_map(move |(holes, stores, origin)| Case {
                    layout,
                    spec,
                    rule,
                    endless: if stop { Endless::Stop } else { Endless::Forbid },
                    mover: Player::new(mover).unwrap(),
                    holes,
                    stores,
                    origin,
                })
        },
    )
}

/// What the reference says of the case's move (`None`: undecided within
/// its cap), and the board it leaves.
fn reference<R: RelayRule>(
    case: &Case,
    topology: &Topology,
    relay: &R,
) -> (Option<Result<Sown, SowError>>, Board) {
    let sowing = Sowing {
        topology,
        spec: case.spec,
        mover: case.mover,
    };
    let rules = Move {
        sowing,
        relay,
        endless: case.endless,
        most_laps: case.most_laps(),
    };
    let mut board = case.board();
    let result = rules.sow(&mut board, Pit::new(case.origin).unwrap());
    (result, board)
}

/// A budget that decides every move the reference decides: Brent's walk
/// and the measuring of `mu` take fewer than 8 times the move's laps, each
/// lap at most a seed a hole, a seed counting at most 3.
fn budget(case: &Case, topology: &Topology) -> Budget {
    Budget::seeds(8 * (case.most_laps() + 1) * 3 * topology.holes() as u64)
}

/// The engine's `sow`, `standing` and `single_lap` against the reference.
fn check<R: RelayRule>(case: &Case, relay: &R) -> Result<(), TestCaseError> {
    let topology = case.topology();
    let (expected, expected_board) = reference(case, &topology, relay);
    let Some(expected) = expected else {
        return Ok(());
    };
    let origin = Pit::new(case.origin).unwrap();
    let start = case.board();
    let meter = Meter::new(budget(case, &topology));
    let sower = Sower::new(&topology, case.spec, case.mover, relay, &meter).endless(case.endless);
    let mut board = start.clone();
    let sown = sower.sow(&mut board, origin, &mut ());
    prop_assert_eq!(&sown, &expected);
    prop_assert_eq!(&board, &expected_board);
    // With events (cheap enough: every seed is told).
    let work = match &sown {
        Ok(s) => s.laps.saturating_mul(u64::from(start.total())),
        Err(_) => 0,
    };
    if work <= 200_000 {
        let meter = Meter::new(budget(case, &topology));
        let sower =
            Sower::new(&topology, case.spec, case.mover, relay, &meter).endless(case.endless);
        let mut told = start.clone();
        let mut events: Vec<Event> = Vec::new();
        prop_assert_eq!(&sower.sow(&mut told, origin, &mut events), &expected);
        prop_assert_eq!(&told, &expected_board);
    }
    // The legal set's one pass: the move stands exactly when it is sown.
    let meter = Meter::new(budget(case, &topology));
    let sower = Sower::new(&topology, case.spec, case.mover, relay, &meter).endless(case.endless);
    let mut candidates = PitSet::EMPTY;
    candidates.insert(origin);
    let stands = sower.standing(&start, candidates, &mut Board::filled(2, 0));
    let expected_set = if expected.is_ok() {
        candidates
    } else {
        PitSet::EMPTY
    };
    prop_assert_eq!(stands, Ok(expected_set));
    // A move judged by arithmetic ends with its first lap, there.
    if let Some(landing) = sower.single_lap(&start, origin) {
        let end = Sown {
            landing,
            laps: 1,
            endless: false,
        };
        prop_assert_eq!(expected, Ok(end));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(proptest_cases(4096)))]

    /// `Sower::sow` (and `standing`, `single_lap`) give what the reference
    /// gives, for every relay rule the engine sows by its own path.
    #[test]
    fn the_engine_sows_as_the_reference(case in cases()) {
        match case.rule {
            Rule::Plain(relay) => check(&case, &relay)?,
            Rule::Single => check(&case, &SingleLap)?,
            Rule::Closure(k) => check(&case, &move |b: &Board, p: Pit| b.get(p) >= k)?,
            Rule::Odd => check(&case, &|b: &Board, p: Pit| b.get(p) >= 3 && b.get(p) % 2 == 1)?,
        }
    }
}

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// Mankka's endless relay (player 0 sowing hole 2 of
/// `[4,2,5,2,0,3,1,4,2,0,3,1]`, relaying at 4): the reference measures the
/// cycle the engine measures, and under `Endless::Stop` both stop at the
/// same lap start.
#[test]
fn a_known_endless_relay_is_measured_alike() {
    let topology = Topology::new(Layout::two_rows(6)).unwrap();
    let start = Board::from_counts(&[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1], &[0, 0]);
    let relay = Relay::AtLeast(4);
    let sowing = Sowing {
        topology: &topology,
        spec: SowSpec::default(),
        mover: Player::P0,
    };
    for endless in [Endless::Forbid, Endless::Stop] {
        let rules = Move {
            sowing,
            relay: &relay,
            endless,
            most_laps: 1000,
        };
        let mut expected = start.clone();
        let reference = rules.sow(&mut expected, pit(2)).unwrap();
        let meter = Meter::new(Budget::UNLIMITED);
        let sower =
            Sower::new(&topology, SowSpec::default(), Player::P0, &relay, &meter).endless(endless);
        let mut board = start.clone();
        assert_eq!(sower.sow(&mut board, pit(2), &mut ()), reference);
        assert_eq!(board, expected);
        match (endless, reference) {
            (Endless::Forbid, Err(SowError::Endless(EndlessRelay { cycle_laps, .. }))) => {
                assert!(cycle_laps >= 1);
                assert_eq!(board, start);
            }
            (Endless::Stop, Ok(sown)) => assert!(sown.endless),
            other => panic!("{other:?}"),
        }
    }
}

/// Kalah's sowing worked by hand: player 0's 2x6 board, hole 5's seeds
/// pass his store (after hole 5) and run on into player 1's row; a lap
/// ending in the store lands there. The reference and the engine agree.
#[test]
fn a_kalah_lap_worked_by_hand() {
    let topology = Topology::new(Layout::two_rows(6)).unwrap();
    let spec = SowSpec {
        into_own_store: true,
        ..SowSpec::default()
    };
    let sowing = Sowing {
        topology: &topology,
        spec,
        mover: Player::P0,
    };
    let meter = Meter::new(Budget::UNLIMITED);
    let sower = Sower::new(&topology, spec, Player::P0, &SingleLap, &meter);
    for (from, seeds, landing, holes, store) in [
        (
            5,
            3,
            Landing::Hole(pit(7)),
            [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0],
            1,
        ),
        (
            2,
            4,
            Landing::Store(Player::P0),
            [0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0],
            1,
        ),
    ] {
        let mut counts = [0u16; 12];
        counts[from] = seeds;
        let start = Board::from_counts(&counts, &[0, 0]);
        let mut plain = start.clone();
        assert_eq!(sowing.lap(&mut plain, pit(from), &mut ()), landing);
        assert_eq!(
            (plain.holes(), plain.store(Player::P0)),
            (&holes[..], store)
        );
        let mut fast = start.clone();
        let sown = sower.sow(&mut fast, pit(from), &mut ()).unwrap();
        assert_eq!((sown.landing, sown.laps), (landing, 1));
        assert_eq!(fast, plain);
    }
}
