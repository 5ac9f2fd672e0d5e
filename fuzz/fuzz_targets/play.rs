//! Fuzz target `play`: first an arbitrary string read as a `Mancala`
//! position, as `Rules` and as a `Move` (each an error, or a value that
//! prints back the same); then arbitrary rules (passing included), or a
//! preset of the catalogue (`mancala_core::Traditional`, under a work
//! budget of `PRESET_BUDGET` seeds), and a game driven by the input's
//! bytes, checking at
//! every state (after 48 plies, at every 8th: it costs dozens of moves) the
//! shared harness
//! (`mancala_testing::check_state`: the legal actions are exactly the
//! moves `play` accepts, refused moves change nothing, `joint_move` refuses
//! players who need not act, notation and keys round-trip; and the serde
//! round trip), that seeds are conserved, the setup round-trips and the
//! restricted first moves keep their rule (only the mover's last holes
//! while one of them is legal, none left once the game is over); and after
//! every move that `play`, `play_observed` and `play_unchecked` agree, state
//! and `Turn` report alike, and that a sowing move counts one restricted
//! first move. Nothing may panic.
//!
//! The work budget is the caller's (`mancala_core::Budget`), never the
//! text's: a text with a `max_laps` word is refused, and every text is
//! read under `Budget::DEFAULT`, which bounds the work of a read however
//! slow the position's relays (no text is skipped). A text read is checked
//! by the shared round trip (`testing::check_text`, which reads it again)
//! only when the first read was quick; a slow one is read once (see
//! `common/text_check.rs`). Games are played under a budget the harness
//! chooses: none only where moves stay fast (no relays: a relay game
//! with few seeds a hole at the start gathers them as it goes, and one
//! such game's moves took 2.6 s of an input here), else small
//! ones, so that moves refused by the budget are played (the harness
//! accepts that refusal of a legal move, `Game::is_undecided`).

#![no_main]

#[path = "common/text_check.rs"]
mod text_check;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::{
    Budget, Event, Game, Landing, Mancala, Move, Pit, PlayError, Rules, RulesError, Traditional,
    Turn,
    notation::OptionError,
    rules::{Credit, MAX_HOLES, Relay},
};
use mancala_testing as testing;

/// The longest game played for one input.
const MAX_PLIES: usize = 300;

/// The work budget a catalogue preset is played under, in seeds sown a
/// call: decisions that spend up to the default budget, made for every
/// candidate move of every position checked, are too slow for a fuzzer
/// with coverage instrumentation.
const PRESET_BUDGET: u64 = 50_000;

/// The work budget arbitrary rules are played under: none only where moves
/// stay fast (relay at `k`, at most `k` seeds a hole at the start), else
/// small ones (a harness that plays every candidate move of every position
/// reached pays each move's trials of the next position).
fn play_budget(u: &mut Unstructured<'_>, rules: &Rules) -> arbitrary::Result<Budget> {
    // Relay games, however few their seeds at the start, can gather
    // enough in a hole to relay for long (`seeds/play/timeout-relay-
    // unlimited`: relay at 2 from 2 seeds a hole, no captures).
    let tame = rules.relay == Relay::Never;
    Ok(match u.int_in_range(0..=7u8)? {
        0 if tame => Budget::UNLIMITED,
        1 => Budget::seeds(u.int_in_range(0..=16)?),
        2 => Budget::seeds(u.int_in_range(0..=20_000)?),
        _ => Budget::seeds(u.int_in_range(0..=2_000)?),
    })
}

fn pit(index: usize) -> Pit {
    Pit::new(index % MAX_HOLES).unwrap_or_else(|| unreachable!())
}

/// Every hole a `Pit` can name (on the board or not) and a pass.
fn candidates() -> Vec<Move> {
    (0..MAX_HOLES)
        .map(pit)
        .map(Move::Sow)
        .chain([Move::Pass])
        .collect()
}

/// Any text: an error, or a value that prints back the same. No text sets
/// the work budget.
fn check_text(text: &str) {
    if let Some((game, _)) = text_check::check_text::<Mancala>(text) {
        assert_eq!(game.budget(), Budget::DEFAULT, "`{text}` set the budget");
    }
    match text.parse::<Rules>() {
        Ok(rules) => {
            let again = rules.to_string();
            assert_eq!(again.parse::<Rules>(), Ok(rules), "rules `{text}`");
            assert!(
                !again.contains("max_laps"),
                "rules `{text}` print `{again}`"
            );
        }
        Err(OptionError::BudgetInText(key)) => assert_eq!(key, "max_laps", "`{text}`"),
        Err(_) => {}
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "move `{text}`");
    }
}

/// Plies after which the shared harness (which plays every candidate move
/// and settles each position it reaches) runs only at every
/// [`FULL_CHECK_EVERY`]th state: it costs as much as dozens of moves, and a
/// long game of many relaying moves would otherwise run into the 2 s
/// timeout from the harness's own work, not from any single call.
const FULL_CHECKS: usize = 48;
/// How often the shared harness runs after [`FULL_CHECKS`] plies.
const FULL_CHECK_EVERY: usize = 8;
/// The most time the shared harness may take for one input: past it, only
/// the light checks run. A game whose every move takes a few hundred
/// thousand laps (each well within the work budget) costs the harness 30-45
/// ms a state, 79 candidate moves each; 35 such states took 1.2 s of an
/// input's 1.75 s, a timeout on a busy machine although no single call took
/// over 20 ms (found by the campaign of 2026-12-01, seed
/// `seeds/play/harness-heavy`). The libFuzzer timeout is for single calls;
/// this keeps the harness's own work under it. (Only which states get the
/// full check depends on the clock, never what is checked.)
const HARNESS_BUDGET: std::time::Duration = std::time::Duration::from_millis(600);

/// The shared harness and the core's own invariants at one state (the
/// harness only if `full`).
fn check_state(game: &Mancala, total: u32, candidates: &[Move], full: bool) {
    assert_eq!(game.board().total(), total, "seeds are conserved");
    let legal = game.legal_moves();
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal moves in order"
    );
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    assert_eq!(
        legal.as_slice() == [Move::Pass],
        game.must_pass(),
        "a pass is legal exactly when the mover must pass"
    );
    // Restricted first moves: none left once the game is over; while some
    // are, the holes sown are all among the mover's last holes, or none
    // is (the restriction binds only where one of those is legal).
    let left = game.first_moves_left();
    assert!(left <= game.rules().first_moves.moves);
    if let Some(mover) = game.to_move() {
        let allowed = game.rules().first_moves.holes(game.topology(), mover);
        let sown = game.legal_pits();
        assert!(
            left == 0 || sown.is_subset(allowed) || sown.is_disjoint(allowed),
            "restricted moves {sown:?} against the last holes {allowed:?}"
        );
    } else {
        assert_eq!(left, 0, "first moves left in a finished game");
    }
    if full {
        testing::check_state(game, candidates);
        testing::check_serde(game);
    }
    testing::check_action_text(&legal);
    let setup = game.to_setup();
    // Under the state's own budget, which decided it.
    let copy =
        Mancala::from_setup_within(setup.clone(), game.budget()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    assert_eq!(copy.budget(), game.budget());
    assert_eq!(copy.key(), game.key());
    assert_eq!(copy.to_setup(), setup);
}

/// Checks a report against the events of the same move played observed.
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
    assert_eq!(turn.landing, last_seed, "the landing is the last seed's");
    let (mut captured, mut seeds) = (0usize, 0u32);
    for e in events {
        if let Event::Capture { pit, seeds: n, by } = *e {
            let credited = match before.rules().credit {
                Credit::Mover => turn.mover,
                Credit::Owner => before.topology().owner(pit),
                Credit::Opponent => {
                    let players = before.topology().players();
                    before.topology().owner(pit).next(players)
                }
            };
            assert_eq!(by, credited);
            assert!(turn.captured.contains(pit));
            captured += 1;
            seeds += u32::from(n);
        }
    }
    assert_eq!(turn.captured.len(), captured, "the holes captured");
    assert_eq!(turn.seeds, seeds, "the seeds captured");
    assert_eq!(
        turn.grand_slam_refused,
        events.contains(&Event::GrandSlamRefused)
    );
    assert_eq!(turn.extra_turn, events.contains(&Event::ExtraTurn));
    assert_eq!(turn.endless, events.contains(&Event::EndlessStop));
}

/// Plays `mv` on a copy and checks it against `is_legal`; returns the copy
/// and its report if the move was accepted.
fn try_move(game: &Mancala, mv: Move) -> Option<(Mancala, Turn)> {
    let mut copy = game.clone();
    match copy.play(mv) {
        Ok(turn) => {
            assert!(game.is_legal(&mv), "{mv} accepted but not legal");
            // A sowing move is one restricted first move fewer; a pass
            // leaves them.
            let left = game.first_moves_left();
            let after = match mv {
                _ if copy.is_over() => 0,
                Move::Pass => left,
                Move::Sow(_) => left.saturating_sub(1),
            };
            assert_eq!(
                copy.first_moves_left(),
                after,
                "first moves left after {mv}"
            );
            Some((copy, turn))
        }
        Err(e) => {
            // A legal move is refused only by the work budget.
            assert!(
                !game.is_legal(&mv) || Mancala::is_undecided(&e),
                "{mv} legal but refused: {e}"
            );
            assert_eq!(&copy, game, "a refused move changed the state");
            if game.is_over() {
                assert_eq!(e, PlayError::GameOver);
            }
            // Refused as a restricted first move only while one is left,
            // for a hole outside the last holes, one of which is legal.
            if let (PlayError::FirstMoves(pit), Some(mover)) = (e, game.to_move()) {
                let allowed = game.rules().first_moves.holes(game.topology(), mover);
                assert!(game.first_moves_left() > 0 && !allowed.contains(pit));
                assert!(!game.legal_pits().is_disjoint(allowed));
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

    // A quarter of the games are the catalogue's presets as they are
    // (passing as the game says), the rest arbitrary rules.
    let preset = if u.ratio(1, 4).unwrap_or(false) {
        Traditional::arbitrary(&mut u).ok()
    } else {
        None
    };
    let (rules, budget) = match preset {
        // Under a smaller budget: French Wari relays at 2 and walks long
        // cycles, and under the default budget one input took 15 s in this
        // instrumented build.
        Some(game) => (game.rules(), Budget::seeds(PRESET_BUDGET)),
        None => {
            let Ok(mut rules) = Rules::arbitrary(&mut u) else {
                return;
            };
            // `Rules::arbitrary` never passes; the core's pass is fuzzed here.
            rules.end.pass = u.ratio(1, 4).unwrap_or(false);
            let Ok(budget) = play_budget(&mut u, &rules) else {
                return;
            };
            (rules, budget)
        }
    };
    let mut game = match Mancala::new_within(rules, budget) {
        Ok(game) => game,
        Err(e) => {
            // Invalid rules, or valid ones whose start the budget cannot
            // decide.
            match e {
                RulesError::Undecided(_) => assert!(rules.check().is_ok()),
                e => assert_eq!(rules.check().err(), Some(e)),
            }
            return;
        }
    };
    assert_eq!(game.budget(), budget, "the state keeps its budget");
    let total = rules.total_seeds();
    let candidates = candidates();
    let started = std::time::Instant::now();
    check_state(&game, total, &candidates, true);
    for ply in 1..=MAX_PLIES {
        // An exhausted input would read as zeros forever.
        if u.is_empty() {
            break;
        }
        let Ok(choice) = u.arbitrary::<u8>() else {
            break;
        };
        if choice >= 0xC0 {
            // Any move: a hole legal or not, on the board or not, or a pass.
            let i = usize::from(choice - 0xC0) * (MAX_HOLES + 1) / 0x40;
            let mv = if i == MAX_HOLES {
                Move::Pass
            } else {
                Move::Sow(pit(i))
            };
            // `play_unchecked` never panics and conserves seeds, whatever
            // the move; on a legal move it is `play`.
            let mut unchecked = game.clone();
            let unchecked_turn = unchecked.play_unchecked(mv);
            assert_eq!(unchecked.board().total(), total);
            assert_eq!(unchecked_turn.played, mv);
            if let Some((next, turn)) = try_move(&game, mv) {
                assert_eq!(unchecked, next, "play_unchecked vs play");
                assert_eq!(unchecked_turn, turn, "play_unchecked's report vs play's");
                game = next;
            }
        } else {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[usize::from(choice) % legal.len()];
            let Some((next, turn)) = try_move(&game, mv) else {
                // Refused by the work budget (`try_move` checked that): it
                // changes nothing by any path.
                let mut unchecked = game.clone();
                unchecked.play_unchecked(mv);
                assert_eq!(unchecked, game, "play_unchecked of a refused move");
                let mut observed = game.clone();
                let mut events = Vec::new();
                assert!(observed.play_observed(mv, &mut events).is_err());
                assert!(events.is_empty(), "events of a refused move");
                assert_eq!(observed, game, "play_observed of a refused move");
                continue;
            };
            let mut events = Vec::new();
            let mut observed = game.clone();
            let observed_turn = observed
                .play_observed(mv, &mut events)
                .expect("play_observed accepts a legal move");
            assert_eq!(observed, next, "play_observed vs play");
            assert_eq!(observed_turn, turn, "play_observed's report vs play's");
            check_turn(&game, mv, &turn, &events);
            game = next;
        }
        let full = (ply < FULL_CHECKS || ply % FULL_CHECK_EVERY == 0)
            && started.elapsed() < HARNESS_BUDGET;
        check_state(&game, total, &candidates, full);
    }
});
