//! The sower's fast paths against its plain ones: `Sower::standing`
//! (the legal set's one pass) against sowing each candidate on a copy, and
//! the quiet sowing (laps lane by lane on boards of up to 16 holes, whole
//! revolutions at once, the first lap's landing by arithmetic) against the
//! recorded sowing, which drops every seed one by one.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::{
    Board, Budget, Event, Landing, Layout, Meter, Pit, PitSet, Player, Topology,
    rules::{Direction, Endless, Relay, SowSpec},
    toolkit::{SowError, Sower},
};
use mancala_testing::proptest_cases;
use proptest::collection::vec;
use proptest::prelude::*;

/// A sower's parameters, owned (a `Sower` borrows them).
#[derive(Clone, Debug)]
struct Case {
    /// Holes a row: 2x`n` (inline up to 2x10, on the heap beyond).
    n: u8,
    spec: SowSpec,
    relay: Relay,
    endless: Endless,
    budget: Budget,
    mover: Player,
    holes: Vec<u16>,
}

impl Case {
    fn topology(&self) -> Topology {
        Topology::new(Layout::two_rows(self.n)).unwrap()
    }

    fn board(&self) -> Board {
        Board::from_counts(&self.holes, &[3, 5])
    }
}

fn sower<'a>(
    case: &Case,
    topology: &'a Topology,
    relay: &'a Relay,
    meter: &'a Meter,
) -> Sower<'a, Relay> {
    Sower::new(topology, case.spec, case.mover, relay, meter).endless(case.endless)
}

/// A budget large enough to decide nearly every move of [`cases`] (each
/// decision a few milliseconds at most), the reference the small budgets
/// are held against: without a budget a random board can cycle for hours.
const REFERENCE: Budget = Budget::seeds(2_000_000);

/// Small boards whose moves relay often: up to 2x12 (so heap boards too),
/// 0 to 9 seeds a hole, every sowing spec, relays at 2 to 6 or none, and
/// budgets of 0 to 3,000 seeds (small ones leave moves undecided).
fn cases() -> impl Strategy<Value = Case> {
    (
        2u8..=12,
        any::<[bool; 4]>(),
        0u16..=6,
        any::<bool>(),
        0u64..=3000,
        any::<bool>(),
    )
        .prop_flat_map(|(n, [ccw, skip, store, keep], relay, stop, seeds, p1)| {
            let spec = SowSpec {
                direction: if ccw {
                    Direction::CounterClockwise
                } else {
                    Direction::Clockwise
                },
                skip_origin: skip,
                into_own_store: store,
                first_into_origin: keep,
                single_into_origin: false,
            };
            let relay = match relay {
                0 | 1 => Relay::Never,
                k => Relay::AtLeast(k),
            };
            let endless = if stop { Endless::Stop } else { Endless::Forbid };
            let budget = Budget::seeds(seeds);
            let mover = if p1 { Player::P1 } else { Player::P0 };
            vec(0u16..=9, 2 * usize::from(n)).prop_map(move |holes| Case {
                n,
                spec,
                relay,
                endless,
                budget,
                mover,
                holes,
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(proptest_cases(512)))]

    /// `standing` names exactly the candidates whose sowing on a copy
    /// succeeds (each under the reference budget), or, when the whole
    /// call's budget (one meter for every candidate) runs dry, fails naming
    /// a candidate and the budget; it never fails where the seeds every
    /// candidate's full sowing spends fit the budget together (a trial
    /// walks no more than a sowing).
    #[test]
    fn standing_agrees_with_sowing_each_candidate(case in cases(), pick in any::<u32>()) {
        let topology = case.topology();
        let board = case.board();
        let relay = case.relay;
        let mut candidates = PitSet::EMPTY;
        for i in 0..topology.holes() {
            candidates.insert_if(Pit::new(i).unwrap(), pick >> (i % 32) & 1 == 1);
        }
        let mut expected = PitSet::EMPTY;
        let mut needed = 0u64;
        for pit in candidates.iter() {
            let mut copy = board.clone();
            let reference = Meter::new(REFERENCE);
            match sower(&case, &topology, &relay, &reference).sow(&mut copy, pit, &mut ()) {
                Ok(_) => expected.insert(pit),
                Err(SowError::Undecided(_)) => return Ok(()),
                Err(_) => {}
            }
            needed += reference.spent();
        }
        // Any scratch board will do, of any size.
        let mut scratch = Board::filled(3, 1);
        let meter = Meter::new(case.budget);
        let limit = case.budget.limit().unwrap();
        match sower(&case, &topology, &relay, &meter).standing(&board, candidates, &mut scratch) {
            Ok(set) => prop_assert_eq!(set, expected),
            Err(cause) => {
                prop_assert!(needed > limit, "refused within {limit}, needing {needed}");
                prop_assert!(candidates.contains(cause.pit));
                prop_assert_eq!(cause.budget, limit);
                prop_assert_eq!(cause.player, case.mover);
            }
        }
        prop_assert!(meter.spent() <= limit);
    }

    /// The quiet sowing (lane by lane up to 16 holes, whole revolutions at
    /// once beyond) leaves the board the recorded sowing leaves seed by
    /// seed, with the same outcome; and a move `single_lap` says ends with
    /// its first lap does, where it says.
    #[test]
    fn quiet_sowing_agrees_with_seed_by_seed(case in cases()) {
        let topology = case.topology();
        let board = case.board();
        let relay = case.relay;
        for i in 0..topology.holes() {
            let pit = Pit::new(i).unwrap();
            let mut quiet = board.clone();
            let mut recorded = board.clone();
            let mut events: Vec<Event> = Vec::new();
            let (m1, m2) = (Meter::new(case.budget), Meter::new(case.budget));
            let a = sower(&case, &topology, &relay, &m1).sow(&mut quiet, pit, &mut ());
            let sower = sower(&case, &topology, &relay, &m2);
            let b = sower.sow(&mut recorded, pit, &mut events);
            prop_assert_eq!(m1.spent(), m2.spent());
            prop_assert_eq!(&a, &b);
            prop_assert_eq!(&quiet, &recorded);
            if let Some(landing) = sower.single_lap(&board, pit) {
                let sown = a.unwrap();
                prop_assert_eq!(sown.laps, 1);
                prop_assert_eq!(sown.landing, landing);
            }
        }
    }
}

/// A bare ring relaying at 4 (Mankka's sowing): worked by hand. Hole 0's 5
/// seeds go to holes 1 to 5; hole 5 then holds 4 and relays: its 4 seeds go
/// to holes 6 to 9, and hole 9 then holds 1: the move ends there after two
/// laps.
#[test]
fn a_bare_relay_worked_by_hand() {
    let topology = Topology::new(Layout::two_rows(6)).unwrap();
    let relay = Relay::AtLeast(4);
    let spec = SowSpec {
        skip_origin: true,
        ..SowSpec::default()
    };
    let meter = Meter::new(Budget::UNLIMITED);
    let sower = Sower::new(&topology, spec, Player::P0, &relay, &meter);
    let mut board = Board::from_counts(&[5, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0], &[0, 0]);
    let sown = sower
        .sow(&mut board, Pit::new(0).unwrap(), &mut ())
        .unwrap();
    assert_eq!(sown.laps, 2);
    assert_eq!(sown.landing, Landing::Hole(Pit::new(9).unwrap()));
    assert_eq!(board.holes(), &[0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0]);
    // The first lap relays, so it is not decided by arithmetic alone.
    let start = Board::from_counts(&[5, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0], &[0, 0]);
    assert_eq!(sower.single_lap(&start, Pit::new(0).unwrap()), None);
    // Hole 5's 3 seeds end in hole 8, empty before: one lap.
    assert_eq!(
        sower.single_lap(&start, Pit::new(5).unwrap()),
        Some(Landing::Hole(Pit::new(8).unwrap()))
    );
}

/// A lap whose last seed falls in a hole at the largest count still lands
/// there (the lane-wise lap once took a full hole for a relay and named the
/// origin): found by the `toolkit` fuzz target. 5,911 seeds from hole 0 of
/// a 2x1 board, clockwise: 2,955 whole revolutions, then one seed into
/// hole 1, which saturates at 65,535.
#[test]
fn a_lap_into_a_full_hole_lands_there() {
    let topology = Topology::new(Layout::two_rows(1)).unwrap();
    let spec = SowSpec {
        direction: Direction::Clockwise,
        ..SowSpec::default()
    };
    let meter = Meter::new(Budget::UNLIMITED);
    let sower = Sower::new(
        &topology,
        spec,
        Player::P0,
        &mancala_core::toolkit::SingleLap,
        &meter,
    );
    let board = Board::from_counts(&[5911, 62740], &[0, 0]);
    let mut quiet = board.clone();
    let mut recorded = board.clone();
    let mut events: Vec<Event> = Vec::new();
    let a = sower
        .sow(&mut quiet, Pit::new(0).unwrap(), &mut ())
        .unwrap();
    let b = sower
        .sow(&mut recorded, Pit::new(0).unwrap(), &mut events)
        .unwrap();
    assert_eq!(a.landing, Landing::Hole(Pit::new(1).unwrap()));
    assert_eq!(a, b);
    assert_eq!(quiet.holes(), &[2955, 65535]);
    assert_eq!(quiet, recorded);
}
