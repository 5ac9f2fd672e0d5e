//! Fuzz target `mankka`: first an arbitrary string read as a Mankka
//! position, as a move, as a placement and as options (each an error, or a
//! value that prints back the same; a position read is also checked by the
//! shared harness); then an arbitrary reachable game (any options; reached
//! by legal play from the start, placements included,
//! `mancala_core::toolkit::arbitrary_play`), checked by the shared harness
//! (`mancala_testing::check_state`: legal actions are exactly the
//! moves `play` accepts, refused moves change nothing, notation and keys
//! round-trip; and the serde round trip), then driven further by the
//! input's bytes (legal moves, arbitrary moves, placements of arbitrary
//! counts), checking after every move that seeds are conserved (board,
//! stores and hands always hold 48), that stores never decrease, that a
//! move's report is the mover's gain, and that `play_unchecked` agrees with
//! `play` on legal moves and never panics nor loses seeds on any move.
//! Nothing may panic.
//!
//! Mankka's board holds 48 seeds and relays at 4, so endless-relay detection
//! stays cheap. The work budget is the caller's (`mankka::Budget`), never
//! the text's: a text with a `max_laps` word is refused, and every text is
//! read under `Budget::DEFAULT` (no text is skipped; the round trips, which
//! read it again, only after a quick first read: `common/text_check.rs`). A
//! position read from text is then checked and played under
//! `TEXT_PLAY_BUDGET`, arbitrary games under the budget
//! `Mankka::arbitrary` drew.

#![no_main]

#[path = "common/text_check.rs"]
mod text_check;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::notation::OptionError;
use mancala_testing as testing;
use mankka::{
    Budget, CorePlayError, Game, Mankka, Move, MoveReport, Options, Pit, Placement, PlayError,
    Setup,
};

/// The most moves played after the arbitrary state is reached.
const MAX_PLIES: usize = 300;
/// Seeds in a game of either variant.
const TOTAL: u64 = 48;
/// The work budget a position read from text is checked and played under:
/// the harness plays every candidate move, each deciding the position it
/// reaches.
const TEXT_PLAY_BUDGET: Budget = Budget::seeds(1_000_000);

fn seeds(game: &Mankka) -> u64 {
    let hands: u64 = game.hands().as_slice().iter().map(|&h| u64::from(h)).sum();
    u64::from(game.board().total()) + hands
}

/// Moves to try in every position, legal or not.
fn candidates() -> Vec<Move> {
    let mut moves: Vec<Move> = (0..14).filter_map(Pit::new).map(Move::Sow).collect();
    moves.push(Move::Pass);
    for counts in [
        [1; 6],
        [0, 0, 0, 0, 0, 6],
        [1, 1, 1, 1, 1, 0],
        [0; 6],
        [7, 0, 0, 0, 0, 0],
    ] {
        moves.push(Move::Place(Placement::new(counts)));
    }
    moves
}

/// Any text: an error, or a value that prints back the same.
fn check_text(text: &str) {
    let read = text_check::check_text::<Mankka>(text);
    if let Some((game, _)) = &read {
        assert_eq!(game.budget(), Budget::DEFAULT, "`{text}` set the budget");
    }
    // (The harness reads the position again: only after a quick read.)
    if let Some((mut game, true)) = read {
        game.set_budget(TEXT_PLAY_BUDGET);
        testing::check_state(&game, &candidates());
        // Every position a legal move reaches from it prints and reads back too.
        let legal = game.legal_moves();
        for &mv in legal.iter().take(8).chain(legal.last()) {
            let mut next = game.clone();
            match next.play(mv) {
                Ok(_) => testing::check_notation(&next),
                Err(e) => assert!(Mankka::is_undecided(&e), "legal {mv} refused: {e}"),
            }
        }
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "move `{text}`");
    }
    if let Ok(p) = text.parse::<Placement>() {
        assert_eq!(
            p.to_string().parse::<Placement>(),
            Ok(p),
            "placement `{text}`"
        );
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
}

/// Mankka's own invariants, and every check of the shared harness.
fn check_state(game: &Mankka) {
    assert_eq!(seeds(game), TOTAL, "seeds are conserved");
    let legal = game.legal_moves();
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    if game.in_opening() {
        assert_eq!(legal.len(), 462, "the opening's placements");
    }
    let _ = format!("{game:#}");
    testing::check_state(game, &candidates());
    testing::check_serde(game);
    testing::check_action_text(&legal);
    let setup = game.to_setup();
    // Under the state's own budget, which decided it.
    let copy =
        Mankka::from_setup_within(setup.clone(), game.budget()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    assert_eq!(copy.budget(), game.budget());
    let setup_json = serde_json::to_string(&setup).expect("a setup serializes");
    let setup_back: Setup = serde_json::from_str(&setup_json).expect("a setup deserializes");
    assert_eq!(setup_back, setup, "setup serde_json round trip");
}

/// Checks what an accepted move did to the stores and hands.
fn check_report(before: &Mankka, after: &Mankka, report: &MoveReport) {
    let mover = before.to_move().expect("a move was accepted");
    assert_eq!(report.mover, mover);
    let (s0, s1) = (before.scores(), after.scores());
    assert_eq!(
        s1[mover],
        s0[mover] + u64::from(report.seeds),
        "captures go to the mover"
    );
    assert_eq!(
        s1[mover.next(2)],
        s0[mover.next(2)],
        "the other store is untouched"
    );
    assert_eq!(report.captured.is_empty(), report.seeds == 0);
    if let Move::Place(placement) = report.played {
        assert_eq!(u32::from(before.hands()[mover]), placement.total());
        assert_eq!(after.hands()[mover], 0);
    }
}

/// Plays `mv` on a copy; returns the copy and the report if it was accepted.
fn try_move(game: &Mankka, mv: Move) -> Option<(Mankka, MoveReport)> {
    let mut copy = game.clone();
    match copy.play(mv) {
        Ok(report) => {
            assert!(game.is_legal(&mv), "{mv} accepted but not legal");
            assert_eq!(report.played, mv);
            check_report(game, &copy, &report);
            Some((copy, report))
        }
        Err(e) => {
            // A legal move is refused only by the work budget.
            assert!(
                !game.is_legal(&mv) || Mankka::is_undecided(&e),
                "{mv} legal but refused: {e}"
            );
            assert_eq!(&copy, game, "a refused move changed the state");
            if game.is_over() {
                assert_eq!(e, PlayError::Core(CorePlayError::GameOver));
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
    let Ok(mut game) = Mankka::arbitrary(&mut u) else {
        return;
    };
    check_state(&game);
    for _ in 0..MAX_PLIES {
        // An exhausted input would read as zeros forever.
        if u.is_empty() {
            break;
        }
        let Ok(choice) = u.arbitrary::<u8>() else {
            break;
        };
        let mv = if choice >= 0xC0 {
            // Any move: legal or not.
            match Move::arbitrary(&mut u) {
                Ok(mv) => mv,
                Err(_) => break,
            }
        } else if choice >= 0xB0 {
            // A placement of arbitrary small counts.
            let Ok(counts) = <[u8; 6]>::arbitrary(&mut u) else {
                break;
            };
            Move::Place(Placement::new(counts.map(|c| u16::from(c % 8))))
        } else {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let i = if legal.len() > 0xB0 {
                match u.choose_index(legal.len()) {
                    Ok(i) => i,
                    Err(_) => break,
                }
            } else {
                usize::from(choice) % legal.len()
            };
            legal[i]
        };
        // `play_unchecked` never panics and conserves seeds, whatever the
        // move; on a legal move it is `play`.
        let mut unchecked = game.clone();
        let unchecked_report = unchecked.play_unchecked(mv);
        assert_eq!(seeds(&unchecked), TOTAL, "play_unchecked conserves seeds");
        let legal = game.legal_moves().contains(&mv);
        match try_move(&game, mv) {
            Some((next, report)) => {
                assert!(legal, "{mv} accepted but not listed");
                assert_eq!(unchecked, next, "play_unchecked vs play");
                assert_eq!(unchecked_report, report, "play_unchecked report vs play");
                game = next;
                check_state(&game);
            }
            None => {
                // Refused: not listed, or refused by the work budget; either
                // way `play_unchecked` changed nothing.
                if legal {
                    assert_eq!(unchecked, game, "play_unchecked of a refused move");
                } else {
                    assert!(choice >= 0xB0, "legal move {mv} refused");
                }
            }
        }
    }
});
