//! Fuzz target `numercy`: first an arbitrary string read as a Numercy
//! position, as options and as a move (each an error, or a value that prints
//! back the same); then an arbitrary reachable game (arbitrary options,
//! reached by legal play, `mancala_core::toolkit::arbitrary_play`), checked by the
//! shared harness (`mancala_testing::check_state`: legal actions are
//! exactly the moves `play` accepts, refused moves change nothing,
//! `joint_move` refuses the player not to move, notation and keys
//! round-trip; and the serde round trip), then driven further by the input's
//! bytes, checking after every move that balls are conserved (balls on the
//! board plus balls taken away by 2/4 endings equal those of the arbitrary
//! state), that points never decrease and grow by the report's scoring, that
//! `play_unchecked` and `play_observed` agree with `play` on legal moves, and
//! that `play_unchecked` never panics on any hole. Nothing may panic.
//!
//! Arbitrary options come with any balls a hole; `Numercy::arbitrary` plays
//! under a small work budget (`numercy::Budget`, seeds sown a call), so that
//! moves refused by the budget are met (the harness accepts that refusal of
//! a legal move, `Game::is_undecided`): exact, unbounded detection walks
//! endless relays' cycles, which can be hundreds of millions of laps long
//! (2x13, 2 balls a hole, relay at 2: a move reached by random play has a
//! cycle of 383,388,577 laps). The budget is the caller's, never the
//! text's: a text with a `max_laps` word is refused, and every text is read
//! under `Budget::DEFAULT`, which bounds the work of a read (no text is
//! skipped; the shared round trip, which reads it again, only after a quick
//! first read: `common/text_check.rs`). Positions read from text are only
//! parsed and printed, never played.

#![no_main]

#[path = "common/text_check.rs"]
mod text_check;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::notation::OptionError;
use mancala_core::rules::MAX_HOLES;
use mancala_testing as testing;
use numercy::{Budget, Game, MoveReport, Numercy, Options, Pit, PlayError, Scoring, Setup};

/// The most moves played after the arbitrary state is reached.
const MAX_PLIES: usize = 300;

fn pit(index: usize) -> Pit {
    Pit::new(index % MAX_HOLES).unwrap_or_else(|| unreachable!())
}

/// Every hole a `Pit` can name: on the board or off it, anyone's.
fn candidates() -> Vec<Pit> {
    (0..MAX_HOLES).map(pit).collect()
}

fn balls(game: &Numercy) -> u64 {
    u64::from(game.board().total())
}

fn points(game: &Numercy) -> [u64; 2] {
    let scores = game.scores();
    assert_eq!(scores.len(), 2, "two players");
    [scores.as_slice()[0], scores.as_slice()[1]]
}

/// Balls a move took out of the game: both holes of a 2/4 ending.
fn removed_by(report: &MoveReport) -> u64 {
    match report.scoring {
        Some(Scoring { emptied: true, .. }) => u64::from(report.count) + u64::from(report.opposite),
        _ => 0,
    }
}

/// Any text: an error, or a value that prints back the same.
fn check_text(text: &str) {
    if let Some((game, _)) = text_check::check_text::<Numercy>(text) {
        assert_eq!(game.budget(), Budget::DEFAULT, "`{text}` set the budget");
    }
    match text.parse::<Options>() {
        Ok(options) => {
            let again = options.to_string();
            assert_eq!(again.parse::<Options>(), Ok(options), "options `{text}`");
            assert!(
                !again.contains("max_laps"),
                "options `{text}` print `{again}`"
            );
        }
        Err(OptionError::BudgetInText(key)) => assert_eq!(key, "max_laps", "`{text}`"),
        Err(_) => {}
    }
    if let Ok(p) = text.parse::<Pit>() {
        assert_eq!(p.to_string().parse::<Pit>(), Ok(p), "hole `{text}`");
    }
}

/// Numercy's own invariants, and every check of the shared harness.
fn check_state(game: &Numercy, start: u64, removed: u64) {
    assert_eq!(balls(game) + removed, start, "balls are conserved");
    let legal = game.legal_moves();
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal moves in order"
    );
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    let _ = format!("{game:#}");
    testing::check_state(game, &candidates());
    testing::check_serde(game);
    testing::check_action_text(&legal);
    let setup = game.to_setup();
    // Under the state's own budget, which decided it.
    let copy =
        Numercy::from_setup_within(setup.clone(), game.budget()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    assert_eq!(copy.budget(), game.budget());
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
            assert!(game.is_legal(&p), "{p} accepted but not legal");
            assert_eq!(Some(report.mover), game.to_move());
            assert_eq!(report.origin, p);
            let (before, after) = (points(game), points(&copy));
            assert!(
                after[0] >= before[0] && after[1] >= before[1],
                "points never decrease"
            );
            if !copy.is_over() {
                let mut expected = before;
                if let Some(s) = report.scoring {
                    let slot = &mut expected[s.scorer.index()];
                    *slot = slot.saturating_add(s.points);
                }
                assert_eq!(after, expected, "points grow by the report's scoring");
            }
            Some((copy, report))
        }
        Err(e) => {
            // A legal move is refused only by the work budget.
            assert!(
                !game.is_legal(&p) || Numercy::is_undecided(&e),
                "{p} legal but refused: {e}"
            );
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
    let Ok(mut game) = Numercy::arbitrary(&mut u) else {
        return;
    };
    let start = balls(&game);
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
                // Refused by the work budget (`try_move` checked that): it
                // changes nothing by any path.
                let mut unchecked = game.clone();
                unchecked.play_unchecked(p);
                assert_eq!(unchecked, game, "play_unchecked of a refused move");
                let mut observed = game.clone();
                let mut events = Vec::new();
                assert!(observed.play_observed(p, &mut events).is_err());
                assert!(events.is_empty(), "events of a refused move");
                assert_eq!(observed, game, "play_observed of a refused move");
                continue;
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
