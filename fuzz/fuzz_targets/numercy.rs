//! Fuzz target `numercy`: arbitrary Numercy options, then a game driven by
//! the input's bytes, checking after every move that balls are conserved
//! (balls on the board plus balls taken away by 2/4 endings equal the
//! start), that points never decrease, that the legal moves are exactly the
//! moves `play` accepts, that a refused move changes nothing, that
//! `play_unchecked` and `play_observed` agree with `play` on legal moves, and
//! that the state survives `to_setup`/`from_setup` and a JSON round trip.
//! Nothing may panic.
//!
//! Options with more balls a hole than the relay threshold, or more than one
//! ball a hole at threshold 2, are skipped: the library finds endless relays
//! by walking their cycles, which can be hundreds of millions of laps long
//! (2x13, 2 balls a hole, relay at 2: a move reached by random play has a
//! cycle of 383,388,577 laps, 36 s in release; see
//! `numercy/tests/properties.rs`), and a single such input would stall the
//! run. For the same reason the start position comes from `Options` and the
//! input's move choices rather than from `Numercy::arbitrary`, which plays
//! up to 150 random moves under any options it draws.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::{MAX_HOLES, Pit, PlayError};
use numercy::{MoveReport, Numercy, Options, Scoring, Setup};

/// The longest game played for one input.
const MAX_PLIES: usize = 300;

fn pit(index: usize) -> Pit {
    Pit::new(index % MAX_HOLES).unwrap_or_else(|| unreachable!())
}

fn balls(game: &Numercy) -> u64 {
    u64::from(game.board().total())
}

/// Balls a move took out of the game: both holes of a 2/4 ending.
fn removed_by(report: &MoveReport) -> u64 {
    match report.scoring {
        Some(Scoring { emptied: true, .. }) => u64::from(report.count) + u64::from(report.opposite),
        _ => 0,
    }
}

fn check_state(game: &Numercy, start: u64, removed: u64) {
    assert_eq!(balls(game) + removed, start, "balls are conserved");
    let legal = game.legal_moves();
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal moves in order"
    );
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    for i in 0..MAX_HOLES {
        let p = pit(i);
        assert_eq!(game.is_legal(p), legal.contains(&p), "is_legal({p})");
    }
    // Round trips.
    let setup = game.to_setup();
    let copy = Numercy::from_setup(setup.clone()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    let json = serde_json::to_string(game).expect("a state serializes");
    let back: Numercy = serde_json::from_str(&json).expect("a serialized state deserializes");
    assert_eq!(&back, game, "serde_json round trip");
    assert_eq!(back.to_setup(), setup);
    let setup_json = serde_json::to_string(&setup).expect("a setup serializes");
    let setup_back: Setup = serde_json::from_str(&setup_json).expect("a setup deserializes");
    assert_eq!(setup_back, setup, "setup serde_json round trip");
}

/// Plays `p` on a copy and checks it against `is_legal`; returns the copy
/// and the report if the move was accepted.
fn try_move(game: &Numercy, p: Pit) -> Option<(Numercy, MoveReport)> {
    let mut copy = game.clone();
    match copy.play(p) {
        Ok(report) => {
            assert!(game.is_legal(p), "{p} accepted but not legal");
            assert_eq!(Some(report.mover), game.turn());
            assert_eq!(report.origin, p);
            let (before, after) = (game.points(), copy.points());
            assert!(
                after[0] >= before[0] && after[1] >= before[1],
                "points never decrease"
            );
            Some((copy, report))
        }
        Err(e) => {
            assert!(!game.is_legal(p), "{p} legal but refused: {e}");
            assert_eq!(&copy, game, "a refused move changed the state");
            if game.is_over() {
                assert_eq!(e, PlayError::GameOver);
            }
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(options) = Options::arbitrary(&mut u) else {
        return;
    };
    let mut game = match Numercy::new(options) {
        Ok(game) => game,
        Err(e) => {
            assert_eq!(options.check().err(), Some(e));
            return;
        }
    };
    if options.seeds > options.relay_at || (options.relay_at <= 2 && options.seeds > 1) {
        return;
    }
    let start = balls(&game);
    assert_eq!(
        start,
        2 * u64::from(options.holes) * u64::from(options.seeds)
    );
    let mut removed = 0u64;
    check_state(&game, start, removed);
    for _ in 0..MAX_PLIES {
        // An exhausted input would read as zeros forever.
        if u.is_empty() {
            break;
        }
        let Ok(choice) = u.arbitrary::<u8>() else {
            break;
        };
        if choice >= 0xC0 {
            // Any hole: legal or not, on the board or not, anyone's.
            let p = pit(usize::from(choice - 0xC0) * MAX_HOLES / 0x40);
            // `play_unchecked` never panics and conserves balls, whatever
            // the hole; on a legal move it is `play`.
            let mut unchecked = game.clone();
            let report = unchecked.play_unchecked(p);
            assert_eq!(
                balls(&unchecked) + removed + removed_by(&report),
                start,
                "play_unchecked conserves balls"
            );
            if let Some((next, played)) = try_move(&game, p) {
                assert_eq!(unchecked, next, "play_unchecked vs play");
                assert_eq!(report, played, "play_unchecked report vs play");
                removed += removed_by(&played);
                game = next;
            }
        } else {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let p = legal[usize::from(choice) % legal.len()];
            let Some((next, report)) = try_move(&game, p) else {
                panic!("legal move {p} refused");
            };
            let mut events = Vec::new();
            let mut observed = game.clone();
            let observed_report = observed
                .play_observed(p, &mut events)
                .expect("play_observed accepts a legal move");
            assert_eq!(observed, next, "play_observed vs play");
            assert_eq!(observed_report, report, "play_observed report vs play");
            let mut unchecked = game.clone();
            assert_eq!(unchecked.play_unchecked(p), report);
            assert_eq!(unchecked, next, "play_unchecked vs play");
            removed += removed_by(&report);
            game = next;
        }
        check_state(&game, start, removed);
    }
});
