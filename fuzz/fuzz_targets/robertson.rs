//! Fuzz target `robertson`: arbitrary Robertson options (any shape, owners,
//! stones, grand slam and leftover policies, honours table), then a game
//! driven by the input's bytes, checking after every move that stones are
//! conserved (stones in the holes plus stones captured equal the start),
//! that captures and honours never decrease, that scores are captures plus
//! honours, that a move's report matches the mover's gain, that the legal
//! moves are exactly the moves `play` accepts, that a refused move changes
//! nothing, that `play_unchecked` agrees with `play` on legal moves, and
//! that the state survives `to_setup`/`from_setup` and a JSON round trip.
//! Nothing may panic.
//!
//! Robertson's game has single laps and no relays, so no move can be
//! endless and every input runs quickly.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::{Game, Leftover, MAX_HOLES, Pit, PlayError, Player};
use robertson::{MoveReport, Options, Robertson, Setup};

/// The longest game played for one input.
const MAX_PLIES: usize = 400;

fn pit(index: usize) -> Pit {
    Pit::new(index % MAX_HOLES).unwrap_or_else(|| unreachable!())
}

fn stones(game: &Robertson) -> u64 {
    let holes: u64 = game.board().holes().iter().map(|&c| u64::from(c)).sum();
    holes + game.captured().as_slice().iter().sum::<u64>()
}

fn check_state(game: &Robertson, start: u64) {
    assert_eq!(stones(game), start, "stones are conserved");
    let (captured, honours, scores) = (game.captured(), game.honours(), game.scores());
    for (p, s) in scores.iter() {
        assert_eq!(*s, captured[p] + honours[p], "score = captured + honours");
    }
    let legal = game.legal_moves();
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal moves in order"
    );
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    assert_eq!(game.turn().is_none(), game.is_over());
    assert_eq!(game.outcome().is_some(), game.is_over());
    if let Some(p) = game.turn() {
        assert_eq!(Game::legal_actions(game, p), legal);
    }
    assert_eq!(Game::scores(game), scores);
    assert_eq!(game.ranking().len(), game.options().players());
    for i in 0..MAX_HOLES {
        let p = pit(i);
        assert_eq!(game.is_legal(p), legal.contains(&p), "is_legal({p})");
    }
    let _ = game.drawing();
    // Round trips.
    let setup = game.to_setup();
    let copy = Robertson::from_setup(setup.clone()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    let json = serde_json::to_string(game).expect("a state serializes");
    let back: Robertson = serde_json::from_str(&json).expect("a serialized state deserializes");
    assert_eq!(&back, game, "serde_json round trip");
    assert_eq!(back.to_setup(), setup);
    let setup_json = serde_json::to_string(&setup).expect("a setup serializes");
    let setup_back: Setup = serde_json::from_str(&setup_json).expect("a setup deserializes");
    assert_eq!(setup_back, setup, "setup serde_json round trip");
}

/// Checks what an accepted move did to captures and honours.
fn check_report(before: &Robertson, after: &Robertson, mover: Player, report: &MoveReport) {
    let honours = before.options().honours;
    assert_eq!(
        report.honours,
        honours.for_capture(report.holes, report.count)
    );
    assert_eq!(report.stones, report.holes as u64 * u64::from(report.count));
    let collected = after.is_over() && after.options().leftover == Leftover::ToOwner;
    let (c0, c1) = (before.captured(), after.captured());
    let (h0, h1) = (before.honours(), after.honours());
    for (p, _) in c0.iter() {
        assert!(c1[p] >= c0[p], "captures never decrease");
        assert!(h1[p] >= h0[p], "honours never decrease");
        let honours_gain = if p == mover { report.honours } else { 0 };
        assert_eq!(h1[p] - h0[p], honours_gain, "honours go to the mover");
        if !collected {
            let gain = if p == mover { report.stones } else { 0 };
            assert_eq!(c1[p] - c0[p], gain, "captures go to the mover");
        }
    }
}

/// Plays `p` on a copy and checks it against `is_legal`; returns the copy
/// and the report if the move was accepted.
fn try_move(game: &Robertson, p: Pit) -> Option<(Robertson, MoveReport)> {
    let mut copy = game.clone();
    match copy.play(p) {
        Ok(report) => {
            assert!(game.is_legal(p), "{p} accepted but not legal");
            let mover = game.turn().expect("a move was accepted");
            check_report(game, &copy, mover, &report);
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
    let mut game = match Robertson::new(options) {
        Ok(game) => game,
        Err(e) => {
            assert_eq!(options.check().err(), Some(e));
            return;
        }
    };
    let start = stones(&game);
    assert_eq!(
        start,
        6 * options.shape.rows() as u64 * u64::from(options.seeds)
    );
    check_state(&game, start);
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
            // `play_unchecked` never panics and conserves stones, whatever
            // the hole; on a legal move it is `play`.
            let mut unchecked = game.clone();
            let report = unchecked.play_unchecked(p);
            assert_eq!(stones(&unchecked), start, "play_unchecked conserves");
            if let Some((next, played)) = try_move(&game, p) {
                assert_eq!(unchecked, next, "play_unchecked vs play");
                assert_eq!(report, played, "play_unchecked report vs play");
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
            let mut unchecked = game.clone();
            assert_eq!(unchecked.play_unchecked(p), report);
            assert_eq!(unchecked, next, "play_unchecked vs play");
            let mut by_trait = game.clone();
            Game::play(&mut by_trait, p).expect("the Game trait accepts a legal move");
            assert_eq!(by_trait, next, "Game::play vs play");
            game = next;
        }
        check_state(&game, start);
    }
});
