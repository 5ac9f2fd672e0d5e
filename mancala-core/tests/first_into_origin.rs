//! Hand-worked sowings with `SowSpec::first_into_origin` (Toguz Kumalak):
//! the first seed of a lap goes back into the hole it was lifted from,
//! unless that hole held exactly one. Each sowing runs on every path (the
//! quiet counts path, the event path, and the arithmetic landing) and the
//! paths must agree.

use mancala_core::{
    Board, Event, Landing, Layout, Pit, Player, Topology,
    rules::SowSpec,
    toolkit::{SingleLap, Sower},
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// Sows `origin` of `counts` on two rows of nine by `spec` quietly, with
/// events and by arithmetic; checks the three agree and returns the
/// landing, the board and the events.
fn sow(counts: &[u16], spec: SowSpec, origin: usize) -> (Landing, Vec<u16>, Vec<Event>) {
    let topology = Topology::new(Layout::two_rows(9)).unwrap();
    let meter = mancala_core::Meter::new(mancala_core::Budget::UNLIMITED);
    let sower = Sower::new(&topology, spec, Player::P0, &SingleLap, &meter);
    let start = Board::from_counts(counts, &[0, 0]);
    let mut quiet = start.clone();
    let landing = sower.sow(&mut quiet, pit(origin), &mut ()).unwrap().landing;
    let mut loud = start.clone();
    let mut events = Vec::new();
    let told = sower.sow(&mut loud, pit(origin), &mut events).unwrap();
    assert_eq!(told.landing, landing);
    assert_eq!(loud, quiet);
    assert_eq!(sower.single_lap(&start, pit(origin)), Some(landing));
    (landing, quiet.holes().to_vec(), events)
}

const FIRST: SowSpec = SowSpec {
    direction: mancala_core::rules::Direction::CounterClockwise,
    skip_origin: false,
    into_own_store: false,
    first_into_origin: true,
    single_into_origin: false,
};

#[test]
fn a_hole_of_many_keeps_its_first_seed() {
    // Nine seeds from hole 6: one back into 6, eight into holes 7 to 14.
    let (landing, holes, events) = sow(&[9; 18], FIRST, 6);
    assert_eq!(landing, Landing::Hole(pit(14)));
    assert_eq!(
        holes,
        [9, 9, 9, 9, 9, 9, 1, 10, 10, 10, 10, 10, 10, 10, 10, 9, 9, 9]
    );
    // The lift, then the seed back into the origin, first.
    assert_eq!(
        events[0],
        Event::Lift {
            pit: pit(6),
            seeds: 9
        }
    );
    assert_eq!(events[1], Event::Sow { pit: pit(6) });
    assert_eq!(events.len(), 10);
    // Without the flag the nine seeds go into holes 7 to 15.
    let (landing, holes, _) = sow(&[9; 18], SowSpec::default(), 6);
    assert_eq!(landing, Landing::Hole(pit(15)));
    assert_eq!(holes[6], 0);
}

#[test]
fn a_hole_of_one_moves_its_seed_on() {
    // A single seed is not put back: it goes into the next hole.
    let mut counts = [0; 18];
    counts[4] = 1;
    let (landing, holes, events) = sow(&counts, FIRST, 4);
    assert_eq!(landing, Landing::Hole(pit(5)));
    assert_eq!(holes[4], 0);
    assert_eq!(holes[5], 1);
    assert_eq!(
        events,
        [
            Event::Lift {
                pit: pit(4),
                seeds: 1
            },
            Event::Sow { pit: pit(5) }
        ]
    );
}

#[test]
fn a_lap_of_more_than_a_revolution() {
    // Twenty seeds from hole 0: one back into 0, then 19 from it: holes 1
    // to 17 (17 seeds), hole 0 again (the 18th) and hole 1 (the 19th).
    let mut counts = [0; 18];
    counts[0] = 20;
    let (landing, holes, _) = sow(&counts, FIRST, 0);
    assert_eq!(landing, Landing::Hole(pit(1)));
    let mut expected = [1; 18];
    expected[0] = 2;
    expected[1] = 2;
    assert_eq!(holes, expected);
    // Thirty-seven: one back, then two whole revolutions of 18, the last
    // seed back in the origin, which holds 1 + 2.
    counts[0] = 37;
    let (landing, holes, _) = sow(&counts, FIRST, 0);
    assert_eq!(landing, Landing::Hole(pit(0)));
    let mut expected = [2; 18];
    expected[0] = 3;
    assert_eq!(holes, expected);
    // Two seeds in hole 17: one back, one round into hole 0.
    let mut counts = [5; 18];
    counts[17] = 2;
    let (landing, holes, _) = sow(&counts, FIRST, 17);
    assert_eq!(landing, Landing::Hole(pit(0)));
    assert_eq!((holes[17], holes[0]), (1, 6));
}

#[test]
fn with_the_origin_skipped_it_keeps_only_the_first_seed() {
    // Twenty seeds from hole 0, origin skipped after the first seed: holes
    // 1 to 17 (17 seeds), then past hole 0 into holes 1 and 2.
    let mut counts = [0; 18];
    counts[0] = 20;
    let spec = SowSpec {
        skip_origin: true,
        ..FIRST
    };
    let (landing, holes, _) = sow(&counts, spec, 0);
    assert_eq!(landing, Landing::Hole(pit(2)));
    let mut expected = [1; 18];
    expected[1] = 2;
    expected[2] = 2;
    assert_eq!(holes, expected);
}

#[test]
fn with_a_store_the_store_comes_after_the_kept_seed() {
    // Kalah's store after hole 8 (player 0's last): four seeds from hole 8
    // keep one, then the store, holes 9 and 10.
    let mut counts = [0; 18];
    counts[8] = 4;
    let spec = SowSpec {
        into_own_store: true,
        ..FIRST
    };
    let topology = Topology::new(Layout::two_rows(9)).unwrap();
    let meter = mancala_core::Meter::new(mancala_core::Budget::UNLIMITED);
    let sower = Sower::new(&topology, spec, Player::P0, &SingleLap, &meter);
    let mut board = Board::from_counts(&counts, &[0, 0]);
    let landing = sower.sow(&mut board, pit(8), &mut ()).unwrap().landing;
    assert_eq!(landing, Landing::Hole(pit(10)));
    assert_eq!(board.store(Player::P0), 1);
    assert_eq!(
        (board.get(pit(8)), board.get(pit(9)), board.get(pit(10))),
        (1, 1, 1)
    );
}

#[test]
fn a_missing_field_reads_as_false() {
    let spec: SowSpec = serde_json::from_str(
        r#"{"direction":"counter-clockwise","skip_origin":false,"into_own_store":false}"#,
    )
    .unwrap();
    assert!(!spec.first_into_origin);
}
