//! Fuzz target `robertson`: first an arbitrary string read as a Robertson
//! position, as options and as a move (each an error, or a value that prints
//! back the same); then an arbitrary reachable game (any shape, owners,
//! stones, grand slam and leftover policies, honours table; reached by legal
//! play, `mancala_core::toolkit::arbitrary_play`), checked by the shared harness
//! (`mancala_testing::check_state`: legal actions are exactly the moves
//! `play` accepts, refused moves change nothing, notation and keys
//! round-trip; and the serde round trip), then driven further by the input's
//! bytes, checking after every move that stones are conserved, that captures
//! and honours never decrease, that scores are captures plus honours, that a
//! move's report matches the mover's gain, and that `play_unchecked` agrees
//! with `play` on legal moves and never panics on any hole. Nothing may
//! panic.
//!
//! Robertson's game has single laps and no relays, so no move can be
//! endless and every input runs quickly.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::rules::MAX_HOLES;
use mancala_testing as testing;
use robertson::{Game, Leftover, MoveReport, Options, Pit, PlayError, Robertson, Setup};

/// The most moves played after the arbitrary state is reached.
const MAX_PLIES: usize = 200;

fn pit(index: usize) -> Pit {
    Pit::new(index % MAX_HOLES).unwrap_or_else(|| unreachable!())
}

/// Every hole of the largest board, two beyond it and the last hole there is.
fn candidates() -> Vec<Pit> {
    (0..38).chain([MAX_HOLES - 1]).map(pit).collect()
}

fn stones(game: &Robertson) -> u64 {
    let holes: u64 = game.board().holes().iter().map(|&c| u64::from(c)).sum();
    holes + game.captured().as_slice().iter().sum::<u64>()
}

/// Any text: an error, or a value that prints back the same.
fn check_text(text: &str) {
    testing::check_text::<Robertson>(text);
    if let Ok(options) = text.parse::<Options>()
        && options.leftover != Leftover::Stay
    {
        let again = options.to_string();
        assert_eq!(again.parse::<Options>(), Ok(options), "options `{text}`");
    }
    if let Ok(p) = text.parse::<Pit>() {
        assert_eq!(p.to_string().parse::<Pit>(), Ok(p), "hole `{text}`");
    }
}

/// Robertson's own invariants, and every check of the shared harness.
fn check_state(game: &Robertson, start: u64) {
    assert_eq!(stones(game), start, "stones are conserved");
    let (captured, honours, scores) = (game.captured(), game.honours(), game.scores());
    for (p, s) in scores.iter() {
        // Exact: honours are bounded (MAX_HONOURS) so that no sum overflows.
        assert!(honours[p] <= robertson::MAX_HONOURS);
        assert_eq!(
            Some(*s),
            captured[p].checked_add(honours[p]),
            "score = captured + honours"
        );
    }
    let legal = game.legal_moves();
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal moves in order"
    );
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    assert_eq!(game.ranking().len(), game.options().players());
    let _ = game.drawing();
    testing::check_state(game, &candidates());
    testing::check_serde(game);
    testing::check_action_text(&legal);
    let setup = game.to_setup();
    let copy = Robertson::from_setup(setup.clone()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    let setup_json = serde_json::to_string(&setup).expect("a setup serializes");
    let setup_back: Setup = serde_json::from_str(&setup_json).expect("a setup deserializes");
    assert_eq!(setup_back, setup, "setup serde_json round trip");
}

/// Checks what an accepted move did to captures and honours.
fn check_report(before: &Robertson, after: &Robertson, report: &MoveReport) {
    let mover = before.to_move().expect("a move was accepted");
    assert_eq!(report.mover, mover);
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
        assert_eq!(
            Some(h1[p]),
            h0[p].checked_add(honours_gain),
            "honours go to the mover"
        );
        if !collected {
            let gain = if p == mover { report.stones } else { 0 };
            assert_eq!(c1[p] - c0[p], gain, "captures go to the mover");
        }
    }
}

/// Plays `p` on a copy; returns the copy and the report if it was accepted.
fn try_move(game: &Robertson, p: Pit) -> Option<(Robertson, MoveReport)> {
    let mut copy = game.clone();
    match copy.play(p) {
        Ok(report) => {
            assert!(game.is_legal(&p), "{p} accepted but not legal");
            assert_eq!(report.pit, p);
            check_report(game, &copy, &report);
            Some((copy, report))
        }
        Err(e) => {
            assert!(!game.is_legal(&p), "{p} legal but refused: {e}");
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
    let Ok(text) = <&str>::arbitrary(&mut u) else {
        return;
    };
    check_text(text);
    let Ok(mut game) = Robertson::arbitrary(&mut u) else {
        return;
    };
    let options = *game.options();
    let start = 6 * options.shape.rows() as u64 * u64::from(options.seeds);
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
            game = next;
        }
        check_state(&game, start);
    }
});
