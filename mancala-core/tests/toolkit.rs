//! Hand-worked positions for the sower, captures, feeding, endings
//! and setups. Every expected value is worked out from RULES.md in the
//! comment beside it.

use mancala_core::{
    Board, Event, Game, Landing, Layout, Mancala, Move, Outcome, Pit, PitSet, PlayError, Player,
    Rules, RulesError, Setup, SetupError, Status, Topology,
    history::{InvalidHistory, SeenPosition},
    rules::{
        Capture, ChainLimit, CountSet, Direction, Endless, Feeding, GrandSlam, LastSeed,
        LayoutError, Relay, SowSpec,
    },
    toolkit::{EndlessRelay, JointMoveError, SowError, Sower, chain},
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// The move that sows hole `i`.
fn sow(i: usize) -> Move {
    Move::Sow(pit(i))
}

fn pits(list: &[usize]) -> PitSet {
    list.iter().map(|&i| pit(i)).collect()
}

fn two_rows(n: u8) -> Topology {
    Topology::new(Layout::two_rows(n)).unwrap()
}

fn position(rules: Rules, board: &[u16], stores: &[u16], to_move: Player) -> Mancala {
    let mut setup = Setup::new(rules);
    setup.board = board.to_vec();
    setup.stores = stores.to_vec();
    setup.to_move = to_move;
    Mancala::from_setup(setup).unwrap()
}

/// Sows with events and without, checking both paths agree.
fn sow_both(
    board: &Board,
    topology: &Topology,
    spec: SowSpec,
    mover: Player,
    origin: Pit,
    relay: Relay,
    endless: Endless,
) -> (
    Result<mancala_core::toolkit::Sown, SowError>,
    Board,
    Vec<Event>,
) {
    let meter = mancala_core::Meter::new(mancala_core::Budget::UNLIMITED);
    let sower = Sower::new(topology, spec, mover, &relay, &meter).endless(endless);
    let mut fast = board.clone();
    let fast_result = sower.sow(&mut fast, origin, &mut ());
    let mut slow = board.clone();
    let mut events = Vec::new();
    let slow_result = sower.sow(&mut slow, origin, &mut events);
    assert_eq!(fast_result, slow_result);
    assert_eq!(fast, slow);
    (fast_result, fast, events)
}

#[test]
fn skipping_the_origin_over_a_whole_revolution() {
    // 12 seeds from hole 0 of a 2x6 board, origin skipped: holes 1..=11 get
    // one each (11 seeds), hole 0 is skipped, the 12th seed falls in hole 1.
    let t = two_rows(6);
    let mut counts = [0u16; 12];
    counts[0] = 12;
    let spec = SowSpec {
        skip_origin: true,
        ..SowSpec::default()
    };
    let (r, board, events) = sow_both(
        &Board::from_counts(&counts, &[]),
        &t,
        spec,
        Player::P0,
        pit(0),
        Relay::Never,
        Endless::Forbid,
    );
    assert_eq!(r.unwrap().landing, Landing::Hole(pit(1)));
    assert_eq!(board.holes(), &[0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    // One lift, then twelve single seeds.
    assert_eq!(events.len(), 13);
    // Without skipping, the 12th seed falls back into hole 0.
    let (r, board, _) = sow_both(
        &Board::from_counts(&counts, &[]),
        &t,
        SowSpec::default(),
        Player::P0,
        pit(0),
        Relay::Never,
        Endless::Forbid,
    );
    assert_eq!(r.unwrap().landing, Landing::Hole(pit(0)));
    assert_eq!(board.holes(), &[1; 12]);
}

#[test]
fn many_revolutions_in_bulk_agree_with_seed_by_seed() {
    // 100 seeds from hole 4 of a 2x6 board entering the mover's store: a
    // revolution has 13 slots (12 holes + store), 100 = 7 * 13 + 9.
    let t = two_rows(6);
    let mut counts = [0u16; 12];
    counts[4] = 100;
    let spec = SowSpec {
        into_own_store: true,
        ..SowSpec::default()
    };
    let (r, board, _) = sow_both(
        &Board::from_counts(&counts, &[]),
        &t,
        spec,
        Player::P0,
        pit(4),
        Relay::Never,
        Endless::Forbid,
    );
    // After 7 revolutions every slot (hole 4 included) has 7; the last 9 go to
    // hole 5, the store, holes 6..=11 and hole 0 (1 + 1 + 6 + 1), ending there.
    assert_eq!(r.unwrap().landing, Landing::Hole(pit(0)));
    assert_eq!(board.holes(), &[8, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8, 8]);
    assert_eq!(board.store(Player::P0), 8);
    assert_eq!(board.store(Player::P1), 0);
}

#[test]
fn sowing_enters_only_the_movers_store() {
    let t = two_rows(6);
    let spec = SowSpec {
        into_own_store: true,
        ..SowSpec::default()
    };
    // South sows 8 from hole 5: his store (right after hole 5), holes 6..=11,
    // North's store is passed without a seed, the last seed falls in hole 0.
    let mut counts = [0u16; 12];
    counts[5] = 8;
    let (r, board, events) = sow_both(
        &Board::from_counts(&counts, &[]),
        &t,
        spec,
        Player::P0,
        pit(5),
        Relay::Never,
        Endless::Forbid,
    );
    assert_eq!(r.unwrap().landing, Landing::Hole(pit(0)));
    assert_eq!(board.holes(), &[1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(board.stores()[..2], [1, 0]);
    assert_eq!(events[1], Event::Store { player: Player::P0 });
    // A last seed in one's own store lands there.
    let mut counts = [0u16; 12];
    counts[10] = 2;
    let (r, board, _) = sow_both(
        &Board::from_counts(&counts, &[]),
        &t,
        spec,
        Player::P1,
        pit(10),
        Relay::Never,
        Endless::Forbid,
    );
    assert_eq!(r.unwrap().landing, Landing::Store(Player::P1));
    assert_eq!(board.holes()[11], 1);
    assert_eq!(board.store(Player::P1), 1);
}

/// A mover who owns no row has no store on the ring (a store sits after
/// its owner's last row), so sowing into one's own store passes none: both
/// paths of the engine agree (the quiet path once sowed into a store
/// after hole 0; found by the fuzz target `toolkit`).
#[test]
fn a_mover_without_a_row_has_no_store_to_sow_into() {
    let t = two_rows(6);
    let mut counts = [0u16; 12];
    counts[0] = 13;
    for direction in [Direction::CounterClockwise, Direction::Clockwise] {
        let spec = SowSpec {
            direction,
            into_own_store: true,
            ..SowSpec::default()
        };
        let (r, board, events) = sow_both(
            &Board::from_counts(&counts, &[]),
            &t,
            spec,
            Player::new(2).unwrap(),
            pit(0),
            Relay::Never,
            Endless::Forbid,
        );
        // A whole revolution of the 12 holes (hole 0 refilled), then one more.
        let next = if direction == Direction::CounterClockwise {
            1
        } else {
            11
        };
        assert_eq!(r.unwrap().landing, Landing::Hole(pit(next)));
        let mut expected = [1u16; 12];
        expected[next] = 2;
        assert_eq!(board.holes(), &expected);
        assert_eq!(board.stores(), &[0; 6]);
        assert_eq!(events.len(), 14);
    }
}

#[test]
fn clockwise_sowing_passes_stores_the_other_way() {
    let t = two_rows(6);
    let spec = SowSpec {
        direction: Direction::Clockwise,
        into_own_store: true,
        ..SowSpec::default()
    };
    // South sows 3 clockwise from hole 7: hole 6, then his store (which sits
    // between holes 5 and 6), then hole 5.
    let mut counts = [0u16; 12];
    counts[7] = 3;
    let (r, board, _) = sow_both(
        &Board::from_counts(&counts, &[]),
        &t,
        spec,
        Player::P0,
        pit(7),
        Relay::Never,
        Endless::Forbid,
    );
    assert_eq!(r.unwrap().landing, Landing::Hole(pit(5)));
    assert_eq!(board.holes(), &[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
    assert_eq!(board.store(Player::P0), 1);
    // South sows 2 clockwise from hole 0: North's store (between 11 and 0) is
    // not his, so holes 11 and 10.
    let mut counts = [0u16; 12];
    counts[0] = 2;
    let (r, board, _) = sow_both(
        &Board::from_counts(&counts, &[]),
        &t,
        spec,
        Player::P0,
        pit(0),
        Relay::Never,
        Endless::Forbid,
    );
    assert_eq!(r.unwrap().landing, Landing::Hole(pit(10)));
    assert_eq!(board.holes()[10..], [1, 1]);
    assert_eq!(board.total(), 2);
}

#[test]
fn relays_continue_from_the_landing_hole() {
    // Numercy's relay (at least 6): 2x3 board [3, 0, 5, 0, 0, 0], South sows
    // hole 0: holes 1, 2, 3 -> hole 3 holds 1, stop. Then from [2, 0, 5, 5, 0, 0]
    // sowing hole 0 reaches 1, 2 -> hole 2 holds 6: relay; lift 6 from hole 2:
    // holes 3, 4, 5, 0, 1, 2 -> hole 2 holds 1: stop after 2 laps.
    let t = two_rows(3);
    let (r, board, events) = sow_both(
        &Board::from_counts(&[2, 0, 5, 5, 0, 0], &[]),
        &t,
        SowSpec::default(),
        Player::P0,
        pit(0),
        Relay::AtLeast(6),
        Endless::Forbid,
    );
    let sown = r.unwrap();
    assert_eq!(
        (sown.landing, sown.laps, sown.endless),
        (Landing::Hole(pit(2)), 2, false)
    );
    assert_eq!(board.holes(), &[1, 2, 1, 6, 1, 1]);
    let lifts: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Lift { pit, seeds } => Some((pit.index(), *seeds)),
            _ => None,
        })
        .collect();
    assert_eq!(lifts, [(0, 2), (2, 6)]);
}

#[test]
fn endless_relays_are_detected_exactly() {
    // RULES.md: Mankka board [4,2,5,2,0,3,1,4,2,0,3,1], player 0 moving hole 2
    // relays forever (Mankka relays from a hole that then holds 4 or more).
    // Worked by hand / by an independent simulation: the lap starts repeat
    // after 12 laps, the first repeated one being the move's first lift.
    let t = two_rows(6);
    let start = Board::from_counts(&[4, 2, 5, 2, 0, 3, 1, 4, 2, 0, 3, 1], &[10, 11]);
    let (r, board, events) = sow_both(
        &start,
        &t,
        SowSpec::default(),
        Player::P0,
        pit(2),
        Relay::AtLeast(4),
        Endless::Forbid,
    );
    assert_eq!(
        r,
        Err(SowError::Endless(EndlessRelay {
            laps_before_cycle: 0,
            cycle_laps: 12
        }))
    );
    assert_eq!(board, start);
    assert!(events.is_empty(), "a refused move records nothing");

    // Under `Stop` the move ends at that repeated lap start, before lifting:
    // the board is as it was, and the hole about to be lifted is hole 2.
    let (r, board, events) = sow_both(
        &start,
        &t,
        SowSpec::default(),
        Player::P0,
        pit(2),
        Relay::AtLeast(4),
        Endless::Stop,
    );
    let sown = r.unwrap();
    assert_eq!(
        (sown.landing, sown.laps, sown.endless),
        (Landing::Hole(pit(2)), 12, true)
    );
    assert_eq!(board, start);
    assert_eq!(events.last(), Some(&Event::EndlessStop));
}

#[test]
fn every_move_relaying_forever_leaves_no_legal_move() {
    // 2x2 board [2, 0 | 2, 1], relaying from holes that then hold 2 or more.
    // South's only move, hole 0, never ends (found by exhaustive search over
    // small boards; its laps go 0 -> 2 -> 1 -> 3 -> 2 -> 0 -> 3 -> ... and
    // repeat). Endless moves forbidden: South has no legal move, the game ends
    // and each takes his own seeds, South 2, North 3.
    let mut rules = Rules::kalah();
    rules.layout = Layout::two_rows(2);
    rules.sowing = SowSpec::default();
    rules.relay = Relay::AtLeast(2);
    rules.capture = Capture::None;
    rules.extra_turn = false;
    rules.end = Default::default();
    rules.leftover = mancala_core::rules::Leftover::ToOwner;
    let game = position(rules, &[2, 0, 2, 1], &[0, 0], Player::P0);
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P1)));
    assert_eq!(game.board().stores()[..2], [2, 3]);

    // Endless moves stopped: the move is legal and ends at the first repeated
    // lap start.
    rules.endless = Endless::Stop;
    let mut game = position(rules, &[2, 0, 2, 1], &[0, 0], Player::P0);
    assert_eq!(game.legal_moves().as_slice(), &[sow(0)]);
    let mut events = Vec::new();
    let turn = game.play_observed(sow(0), &mut events).unwrap();
    assert_eq!(events.last(), Some(&Event::EndlessStop));
    assert_eq!(game.board().total(), 5);
    // The report says so, and a stopped move captures nothing.
    assert!(turn.endless);
    assert!(turn.captured.is_empty());
    assert_eq!(turn.seeds, 0);

    // A threshold below 2 relays from every hole: refused as rules.
    rules.relay = Relay::AtLeast(1);
    assert_eq!(Mancala::new(rules).unwrap_err(), RulesError::RelayAlways(1));
}

#[test]
fn chains_stop_at_their_limit() {
    // Triangle: rows 0, 1, 2 of three holes, owned by players 0, 1, 2.
    let owners = [Player::P0, Player::P1, Player::new(2).unwrap()];
    let t = Topology::new(Layout::new(3, &owners)).unwrap();
    // Holes 2..=7 hold 2; player 0's last seed fell in hole 7 (player 2's row).
    let board = Board::from_counts(&[0, 0, 2, 2, 2, 2, 2, 2, 2], &[]);
    let two = |c| c == 2;
    let taken = |limit| {
        chain(
            &board,
            &t,
            LastSeed {
                origin: pit(1),
                landing: pit(7),
                direction: Direction::CounterClockwise,
                mover: Player::P0,
            },
            limit,
            two,
        )
        .iter()
        .map(Pit::index)
        .collect::<Vec<_>>()
    };
    // Row: holes 6, 7 (row 2 starts at hole 6).
    assert_eq!(taken(ChainLimit::Row), [6, 7]);
    assert_eq!(taken(ChainLimit::Owner), [6, 7]);
    // Not the mover: back through player 1's row to hole 3; hole 2 is the
    // mover's own.
    assert_eq!(taken(ChainLimit::NotMover), [3, 4, 5, 6, 7]);
    // Ring: back to hole 2, stopped by hole 1 (empty).
    assert_eq!(taken(ChainLimit::Ring), [2, 3, 4, 5, 6, 7]);
    // To the origin: the same walk, stopped before hole 1 (the move's
    // origin here) without judging it, even when it would be taken.
    let origin_two = Board::from_counts(&[0, 2, 2, 2, 2, 2, 2, 2, 2], &[]);
    let to_origin = chain(
        &origin_two,
        &t,
        LastSeed {
            origin: pit(1),
            landing: pit(7),
            direction: Direction::CounterClockwise,
            mover: Player::P0,
        },
        ChainLimit::ToOrigin,
        two,
    );
    assert_eq!(
        to_origin.iter().map(Pit::index).collect::<Vec<_>>(),
        [2, 3, 4, 5, 6, 7]
    );
    let ring = chain(
        &origin_two,
        &t,
        LastSeed {
            origin: pit(1),
            landing: pit(7),
            direction: Direction::CounterClockwise,
            mover: Player::P0,
        },
        ChainLimit::Ring,
        two,
    );
    assert_eq!(ring.len(), 7);
    // Ring on a full ring of 2s: every hole once, never passing the landing.
    let full = Board::from_counts(&[2; 9], &[]);
    let all = chain(
        &full,
        &t,
        LastSeed {
            origin: pit(1),
            landing: pit(7),
            direction: Direction::CounterClockwise,
            mover: Player::P0,
        },
        ChainLimit::Ring,
        two,
    );
    assert_eq!(all.len(), 9);
    // A landing hole that fails the count takes nothing.
    assert!(
        chain(
            &board,
            &t,
            LastSeed {
                origin: pit(1),
                landing: pit(0),
                direction: Direction::CounterClockwise,
                mover: Player::P0
            },
            ChainLimit::Ring,
            two,
        )
        .is_empty()
    );
    // Clockwise sowing walks the chain counter-clockwise: from 3 on to 5.
    let cw = chain(
        &board,
        &t,
        LastSeed {
            origin: pit(1),
            landing: pit(3),
            direction: Direction::Clockwise,
            mover: Player::P0,
        },
        ChainLimit::Row,
        two,
    );
    assert_eq!(cw.iter().map(Pit::index).collect::<Vec<_>>(), [3, 4, 5]);
}

#[test]
fn oware_captures_two_and_three_back_to_the_row_edge() {
    // South sows hole 5 (3 seeds) into 6, 7, 8, which become 2, 3, 2: hole 8
    // is taken, then 7 and 6; hole 5 (his own row) ends the chain. North keeps
    // hole 9's seeds, so it is no grand slam. Captured 2 + 3 + 2 = 7.
    let mut game = position(
        Rules::oware(),
        &[1, 0, 0, 0, 0, 3, 1, 2, 1, 4, 0, 0],
        &[20, 16],
        Player::P0,
    );
    let turn = game.play(sow(5)).unwrap();
    assert_eq!(turn.mover, Player::P0);
    assert_eq!(turn.played, sow(5));
    assert_eq!(turn.landing, Some(Landing::Hole(pit(8))));
    assert_eq!(turn.laps, 1);
    assert_eq!(turn.captured, pits(&[6, 7, 8]));
    assert_eq!(turn.seeds, 7);
    assert!(!turn.grand_slam_refused && !turn.extra_turn && !turn.endless);
    assert_eq!(
        turn.to_string(),
        "player 0 sows hole 5, ends in hole 8, captures 7 from holes 6, 7, 8"
    );
    // The capture gives South 27 of 48, a majority: the game ends and each
    // player takes his row (South 1, North 4).
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P0)));
    assert_eq!(game.board().stores()[..2], [28, 20]);
    assert_eq!(game.board().on_board(), 0);
}

#[test]
fn oware_grand_slam_captures_nothing_and_variants() {
    // South sows hole 5 (2 seeds) into 6 and 7, which become 2 and 3; taking
    // both would leave North nothing (holes 8..=11 are empty): a grand slam.
    let board = [1, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0];
    let mut game = position(Rules::oware(), &board, &[21, 21], Player::P0);
    let mut events = Vec::new();
    let turn = game.play_observed(sow(5), &mut events).unwrap();
    assert!(events.contains(&Event::GrandSlamRefused));
    assert!(turn.grand_slam_refused);
    assert_eq!(turn.landing, Some(Landing::Hole(pit(7))));
    assert_eq!((turn.captured, turn.seeds), (PitSet::EMPTY, 0));
    assert_eq!(game.board().holes(), &[1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0]);
    assert_eq!(game.board().stores()[..2], [21, 21]);
    assert_eq!(game.to_move(), Some(Player::P1));

    // Allowed: South takes 5, reaching 26 of 48, a majority; then takes his
    // own remaining seed: 27 to 21.
    let mut rules = Rules::oware();
    rules.grand_slam = GrandSlam::Allow;
    let mut game = position(rules, &board, &[21, 21], Player::P0);
    let turn = game.play(sow(5)).unwrap();
    assert_eq!((turn.captured, turn.seeds), (pits(&[6, 7]), 5));
    assert!(!turn.grand_slam_refused);
    assert_eq!(game.board().stores()[..2], [27, 21]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));

    // Forbidden: the move is illegal and changes nothing; hole 0 stays legal.
    rules.grand_slam = GrandSlam::Forbid;
    let mut game = position(rules, &board, &[21, 21], Player::P0);
    let before = game.clone();
    assert_eq!(game.play(sow(5)), Err(PlayError::GrandSlam(pit(5))));
    assert_eq!(game, before);
    assert_eq!(game.legal_moves().as_slice(), &[sow(0)]);
}

#[test]
fn oware_feeding() {
    // North has nothing. Hole 0 (1 seed) stays in South's row; hole 4 (2
    // seeds) reaches hole 6. Only hole 4 is legal.
    let mut game = position(
        Rules::oware(),
        &[1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
        &[22, 23],
        Player::P0,
    );
    assert_eq!(game.legal_moves().as_slice(), &[sow(4)]);
    assert_eq!(game.play(sow(0)), Err(PlayError::MustFeed(pit(0))));
    game.play(sow(4)).unwrap();

    // No move can feed: South has no legal move, the game ends and he takes
    // his own seeds: 23 + 2 = 25 against 23. (Stores below half of 48, so
    // the game was not already over by a majority.)
    let game = position(
        Rules::oware(),
        &[1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        &[23, 23],
        Player::P0,
    );
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P0)));
    assert_eq!(game.board().stores()[..2], [25, 23]);

    // Robertson's reading: when no move feeds, any move is legal.
    let mut rules = Rules::oware();
    rules.feeding = Feeding::IfPossible;
    let mut game = position(
        rules,
        &[1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        &[23, 23],
        Player::P0,
    );
    assert_eq!(game.legal_moves().as_slice(), &[sow(0), sow(4)]);
    game.play(sow(0)).unwrap();
    // ... but when one does, it is required.
    let game = position(
        rules,
        &[1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
        &[22, 23],
        Player::P0,
    );
    assert_eq!(game.legal_moves().as_slice(), &[sow(4)]);
    assert!(!game.is_legal(&sow(0)));
}

#[test]
fn oware_repetition_ends_the_game() {
    // South to move from X = [0,0,0,0,0,1 | 0,0,0,0,0,1]; hole 5 reaches Y =
    // [0,0,0,0,0,0 | 1,0,0,0,0,1] with North to move. The setup says Y (North
    // to move) was already seen since the last capture, so the move repeats a
    // position: the game ends and each takes his own row (North: 2).
    let mut setup = Setup::new(Rules::oware());
    setup.board = vec![0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1];
    setup.stores = vec![23, 23];
    setup.history = vec![SeenPosition {
        board: vec![0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        to_move: Player::P1,
    }];
    let mut game = Mancala::from_setup(setup.clone()).unwrap();
    game.play(sow(5)).unwrap();
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P1)));
    assert_eq!(game.board().stores()[..2], [23, 25]);
    // Without that history the same move goes on.
    setup.history.clear();
    let mut game = Mancala::from_setup(setup).unwrap();
    game.play(sow(5)).unwrap();
    assert_eq!(game.to_move(), Some(Player::P1));
}

#[test]
fn kalah_capture_extra_turn_and_end() {
    // South sows hole 1 (1 seed) into empty hole 2; the opposite hole 9 holds
    // 3: both go to his store, 1 + 3 = 4.
    let mut game = position(
        Rules::kalah(),
        &[0, 1, 0, 2, 0, 0, 1, 1, 1, 3, 1, 1],
        &[10, 10],
        Player::P0,
    );
    let turn = game.play(sow(1)).unwrap();
    assert_eq!(turn.landing, Some(Landing::Hole(pit(2))));
    assert_eq!((turn.captured, turn.seeds), (pits(&[2, 9]), 4));
    assert!(!turn.extra_turn);
    assert_eq!(game.board().holes(), &[0, 0, 0, 2, 0, 0, 1, 1, 1, 0, 1, 1]);
    assert_eq!(game.board().store(Player::P0), 14);
    assert_eq!(game.to_move(), Some(Player::P1));

    // Opposite empty: nothing happens.
    let mut game = position(
        Rules::kalah(),
        &[0, 1, 0, 2, 0, 0, 1, 1, 1, 0, 1, 1],
        &[10, 10],
        Player::P0,
    );
    let turn = game.play(sow(1)).unwrap();
    assert!(turn.captured.is_empty());
    assert_eq!(game.board().holes()[..3], [0, 0, 1]);
    assert_eq!(game.board().store(Player::P0), 10);

    // South's last seed falls in his store: an extra move for him, but his
    // side is then empty, so the game ends at once; the seeds left count for
    // North where they lie: 11 against 10 + 5.
    let mut game = position(
        Rules::kalah(),
        &[0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1],
        &[10, 10],
        Player::P0,
    );
    let mut events = Vec::new();
    let turn = game.play_observed(sow(5), &mut events).unwrap();
    assert_eq!(events.last(), Some(&Event::ExtraTurn));
    assert_eq!(turn.landing, Some(Landing::Store(Player::P0)));
    assert!(turn.extra_turn);
    assert!(game.is_over());
    assert_eq!(game.scores().as_slice(), &[11, 15]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));
    assert_eq!(game.board().holes()[6..], [1, 1, 1, 0, 1, 1]);
}

#[test]
fn illegal_moves_are_typed_and_change_nothing() {
    let mut game = mancala_core::oware();
    let before = game.clone();
    assert_eq!(
        game.play(sow(7)),
        Err(PlayError::NotYourHole {
            pit: pit(7),
            owner: Player::P1,
            mover: Player::P0
        })
    );
    assert_eq!(game.play(sow(12)), Err(PlayError::NotOnBoard(pit(12))));
    game.play(sow(0)).unwrap();
    game.play(sow(6)).unwrap();
    assert_eq!(game.play(sow(0)), Err(PlayError::EmptyHole(pit(0))));
    assert_ne!(game, before);
    // Unchecked play of an empty hole changes nothing either.
    let snapshot = game.clone();
    let turn = game.play_unchecked(sow(0));
    assert_eq!(game, snapshot);
    assert_eq!(turn.landing, None, "a refused unchecked move lands nowhere");
    assert_eq!(turn.to_string(), "player 0 cannot sow hole 0");
    // Oware has no pass.
    assert_eq!(game.play(Move::Pass), Err(PlayError::CannotPass));
    assert_eq!(game, snapshot);
}

#[test]
fn joint_moves_name_the_player_to_move() {
    let game = mancala_core::oware();
    assert_eq!(game.joint_move(&[(Player::P0, sow(2))]), Ok(sow(2)));
    // `joint_move` checks who acts, not whether the action is legal.
    assert_eq!(game.joint_move(&[(Player::P0, sow(9))]), Ok(sow(9)));
    assert_eq!(
        game.joint_move(&[(Player::P1, sow(9))]),
        Err(PlayError::Joint(JointMoveError::WrongPlayer {
            given: Player::P1,
            expected: Player::P0
        }))
    );
    assert_eq!(
        game.joint_move(&[]),
        Err(PlayError::Joint(JointMoveError::Count(0)))
    );
    assert_eq!(
        game.joint_move(&[(Player::P0, sow(2)), (Player::P1, sow(8))]),
        Err(PlayError::Joint(JointMoveError::Count(2)))
    );
    let over = position(
        Rules::kalah(),
        &[0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1],
        &[20, 22],
        Player::P0,
    );
    assert_eq!(
        over.joint_move(&[(Player::P0, sow(0))]),
        Err(PlayError::Joint(JointMoveError::GameOver))
    );
}

#[test]
fn a_player_who_cannot_sow_passes_under_the_pass_rule() {
    // Oware's board without feeding, captures or early ends, but with
    // passing: South's holes are empty, North has one seed in hole 11.
    // South cannot sow; North can, so the game goes on and South's only
    // legal move is a pass.
    let mut rules = Rules::oware();
    rules.feeding = Feeding::Off;
    rules.capture = Capture::None;
    rules.end = mancala_core::rules::EndRules {
        pass: true,
        ..Default::default()
    };
    let mut game = position(
        rules,
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        &[23, 24],
        Player::P0,
    );
    assert_eq!(game.status(), Status::ToMove(Player::P0));
    assert!(game.must_pass());
    assert_eq!(game.legal_moves().as_slice(), &[Move::Pass]);
    assert!(game.legal_actions(Player::P1).is_empty());
    assert_eq!(game.play(sow(0)), Err(PlayError::EmptyHole(pit(0))));
    let before = game.board().clone();
    let turn = game.play(Move::Pass).unwrap();
    assert_eq!(turn.mover, Player::P0);
    assert_eq!(turn.played, Move::Pass);
    assert_eq!((turn.landing, turn.laps, turn.seeds), (None, 0, 0));
    assert_eq!(turn.to_string(), "player 0 passes");
    assert_eq!(game.board(), &before, "a pass moves no seed");
    assert_eq!(game.to_move(), Some(Player::P1));
    // North can sow, so he may not pass.
    assert!(!game.must_pass());
    let snapshot = game.clone();
    assert_eq!(game.play(Move::Pass), Err(PlayError::CannotPass));
    assert_eq!(game, snapshot);
    assert_eq!(game.legal_moves().as_slice(), &[sow(11)]);
    // His seed goes round to hole 0: South sows again.
    let turn = game.play(sow(11)).unwrap();
    assert_eq!(turn.landing, Some(Landing::Hole(pit(0))));
    assert_eq!(game.board().holes(), &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(game.legal_moves().as_slice(), &[sow(0)]);
    assert!(!game.must_pass());
}

#[test]
fn finished_games_refuse_moves() {
    let game = position(
        Rules::kalah(),
        &[0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1],
        &[20, 22],
        Player::P0,
    );
    assert!(game.is_over());
    assert_eq!(Game::to_move(&game), None);
    assert!(game.legal_moves().is_empty());
    assert!(Game::legal_actions(&game, Player::P0).is_empty());
    let mut copy = game.clone();
    assert_eq!(copy.play(sow(6)), Err(PlayError::GameOver));
    assert_eq!(copy, game);
}

#[test]
fn rules_are_checked() {
    assert!(matches!(
        Mancala::new(Rules::oware().with_houses(0)),
        Err(RulesError::Layout(LayoutError::RowLength(0)))
    ));
    // Two rows take up to 50 holes each (MAX_TWO_ROW_LEN), no more.
    assert!(Mancala::new(Rules::oware().with_houses(14)).is_ok());
    assert!(Mancala::new(Rules::oware().with_houses(50)).is_ok());
    assert!(matches!(
        Mancala::new(Rules::oware().with_houses(51)),
        Err(RulesError::Layout(LayoutError::RowLength(51)))
    ));
    // More rows keep 13 holes a row at most (MAX_ROW_LEN).
    let mut rules = Rules::oware();
    rules.layout = mancala_core::Layout::new(14, &[Player::P0, Player::P1, Player::P0]);
    assert_eq!(
        Mancala::new(rules).unwrap_err(),
        RulesError::Layout(LayoutError::LongRow {
            row_len: 14,
            rows: 3
        })
    );
    assert_eq!(
        Mancala::new(Rules::kalah().with_seeds(0)).unwrap_err(),
        RulesError::NoSeeds
    );
    // 2 x 13 holes x 2521 seeds = 65546 > 65535.
    assert_eq!(
        Mancala::new(Rules::kalah().with_houses(13).with_seeds(2521)).unwrap_err(),
        RulesError::TooManySeeds(65546)
    );
    let mut rules = Rules::kalah();
    rules.layout = Layout::new(6, &[Player::P0, Player::P1, Player::new(2).unwrap()]);
    assert_eq!(
        Mancala::new(rules).unwrap_err(),
        RulesError::OppositeNeedsTwoRows
    );
    rules.layout = Layout::new(6, &[Player::P0, Player::new(2).unwrap()]);
    assert_eq!(
        Mancala::new(rules).unwrap_err(),
        RulesError::Layout(LayoutError::PlayerWithoutRow(Player::P1))
    );
    rules.layout = Layout::new(6, &[Player::P0; 7]);
    assert_eq!(
        Mancala::new(rules).unwrap_err(),
        RulesError::Layout(LayoutError::Rows(255))
    );
    // A capture rule with counts beyond 63 simply never matches those counts.
    let counts = CountSet::EMPTY.with(64);
    assert!(counts.is_empty());
}

#[test]
fn setups_are_checked() {
    let good = Setup::new(Rules::oware());
    let check = |f: &dyn Fn(&mut Setup)| {
        let mut s = good.clone();
        f(&mut s);
        Mancala::from_setup(s)
    };
    assert_eq!(
        check(&|s| s.board.push(1)).unwrap_err(),
        SetupError::BoardLength {
            expected: 12,
            found: 13
        }
    );
    assert_eq!(
        check(&|s| s.stores.push(0)).unwrap_err(),
        SetupError::StoresLength {
            expected: 2,
            found: 3
        }
    );
    assert_eq!(
        check(&|s| s.to_move = Player::new(2).unwrap()).unwrap_err(),
        SetupError::NoSuchPlayer(Player::new(2).unwrap())
    );
    assert_eq!(
        check(&|s| s.stores = vec![u16::MAX, 1]).unwrap_err(),
        SetupError::TooManySeeds(65535 + 1 + 48)
    );
    assert_eq!(
        check(&|s| s.over = true).unwrap_err(),
        SetupError::SeedsLeftAtEnd
    );
    assert_eq!(
        check(&|s| s.history = vec![SeenPosition {
            board: vec![1; 12],
            to_move: Player::P1
        }])
        .unwrap_err(),
        SetupError::BadHistory(InvalidHistory { index: 0 })
    );
    // A finished game with an empty board is fine, and stays finished.
    let over = check(&|s| {
        s.board = vec![0; 12];
        s.stores = vec![24, 24];
        s.over = true;
    })
    .unwrap();
    assert_eq!(over.status(), Status::Over(Outcome::Draw));
}

#[test]
fn presets_are_valid() {
    assert!(Rules::oware().check().is_ok());
    assert!(Rules::kalah().check().is_ok());
    for houses in 1..=50 {
        for seeds in [1, 4, 12] {
            assert!(Mancala::new(Rules::oware().with_houses(houses).with_seeds(seeds)).is_ok());
            assert!(Mancala::new(Rules::kalah().with_houses(houses).with_seeds(seeds)).is_ok());
        }
    }
}

#[test]
fn the_largest_move_list_holds_every_hole_of_a_five_row_player() {
    // Six rows of 13, player 0 owning five: 65 holes of his, all sowable at
    // the start, which is MAX_MOVES (the move list's inline room).
    use mancala_core::{Game, Layout, Mancala, Player, Rules, rules::MAX_MOVES};
    let p0 = Player::P0;
    let mut rules = Rules::oware();
    rules.layout = Layout::new(13, &[p0, p0, p0, p0, p0, Player::P1]);
    let game = Mancala::new(rules).expect("a valid layout");
    let moves = game.legal_actions(p0);
    assert_eq!(moves.len(), 65);
    assert_eq!(moves.len(), MAX_MOVES);
    assert!(
        moves
            .iter()
            .zip(0..)
            .all(|(m, i)| m.pit().map(|p| p.index()) == Some(i))
    );
}

#[test]
fn a_pit_set_from_outside_names_only_holes_that_exist() {
    // Hole 99 is the last a board can have (MAX_HOLES = 100, two rows of
    // 50); bit 100 names none, and a set holding it would yield a `Pit` out
    // of range. Bit 99 is bit 35 of the second word: 2^35 = 34359738368.
    use mancala_core::{Pit, PitSet};
    let last: PitSet = serde_json::from_str("[0, 34359738368]").expect("bit 99 is hole 99");
    assert_eq!(last.iter().collect::<Vec<_>>(), [Pit::new(99).unwrap()]);
    assert_eq!(serde_json::to_string(&last).unwrap(), "[0,34359738368]");
    // Hole 77, the last before the two-row boards grew, is still a hole.
    let old_last: PitSet = serde_json::from_str("[0, 8192]").expect("bit 77 is hole 77");
    assert_eq!(old_last.iter().collect::<Vec<_>>(), [Pit::new(77).unwrap()]);
    assert!(serde_json::from_str::<PitSet>("[0, 68719476736]").is_err()); // bit 100 = 2^36
    assert!(serde_json::from_str::<PitSet>("[0, 9223372036854775808]").is_err()); // bit 127
}
