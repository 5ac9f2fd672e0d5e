//! Fuzz target `setup_json`: deserializing JSON text into a `Mancala` never
//! panics, agrees with `Mancala::from_setup` on the same `Setup`, and what it
//! accepts is a consistent state that keeps the shared harness's contract
//! (`mancala_testing::check_state`), round-trips through its setup,
//! serde and its text notation (with the same key), and plays on.
//!
//! The text is either the input's bytes as they are, or (so that the fuzzer
//! reaches deep into the checks) a structured setup drawn from the input,
//! serialized, with a few bytes overwritten (see `common/json_gen.rs`).
//!
//! The work budget is the caller's (`mancala_core::Budget`), never the
//! JSON's: `Rules` ignore a `max_laps` field (the budget of earlier
//! versions: the seeds `seeds/setup_json/` still have it), so a drawn setup
//! with one written into its rules reads as the same setup, while a budget
//! field beside the setup's own fields is refused; every text is read under
//! `Budget::DEFAULT`, which bounds the work of a read however slow the
//! position's relays (nothing is skipped). The setup is first built under
//! `PROBE` seeds: a budget never changes a result, so what it accepts the
//! default reads alike, and every later read of that position costs as
//! little. A position only the default decides is read once (each read
//! would cost as much again): checked against its setup, played, not read
//! again. An accepted state is then checked and played under a small
//! budget from the input (`json_gen::play_budget`).

#![no_main]

#[path = "common/json_gen.rs"]
mod json_gen;

use arbitrary::{Arbitrary, Unstructured};
use json_gen::{BudgetField, counts, player};
use libfuzzer_sys::fuzz_target;
use mancala_core::{
    Budget, Game, Mancala, Move, Pit, Rules, Setup, SetupError, history::SeenPosition,
    rules::MAX_HOLES,
};
use mancala_testing as testing;

/// The budget a setup is first built under: a few milliseconds of sowing.
const PROBE: Budget = Budget::seeds(1_000_000);

/// A setup, valid or not, drawn from the input.
fn setup(u: &mut Unstructured<'_>) -> arbitrary::Result<Setup> {
    let rules = Rules::arbitrary(u)?;
    let mut setup = Setup::new(rules);
    setup.board = counts(u, setup.board.len(), 9)?;
    setup.stores = counts(u, setup.stores.len(), 9)?;
    setup.to_move = player(u)?;
    setup.over = u.ratio(1, 4)?;
    // The restricted first moves left: mostly the start's (the rules'
    // count), sometimes any, above the rules' count refused.
    if u.ratio(1, 4)? {
        setup.first_moves_left = u.int_in_range(0..=5)?;
    }
    for _ in 0..u.int_in_range(0..=3u8)? {
        setup.history.push(SeenPosition {
            board: counts(u, setup.board.len(), 9)?,
            to_move: player(u)?,
        });
    }
    Ok(setup)
}

fn check(data: &[u8]) {
    let Some(input) = json_gen::input(data, "rules", setup) else {
        return;
    };
    let text = &input.text;
    // `Mancala` deserializes through `Setup`: a text that is not a setup is
    // not a game either.
    let parsed = serde_json::from_str::<Setup>(text);
    if let Some(drawn) = &input.exact {
        // A budget field in the rules is ignored; beside the setup's
        // fields, refused.
        match input.field {
            BudgetField::None | BudgetField::Inner => {
                assert_eq!(parsed.as_ref().ok(), Some(drawn), "setup serde");
            }
            BudgetField::Top => assert!(parsed.is_err(), "a budget field in `{text}` was read"),
        }
    }
    let Ok(setup) = parsed else {
        let game = serde_json::from_str::<Mancala>(text);
        assert!(game.is_err(), "a game from a text that is not a setup");
        return;
    };
    // First under a small budget: what it decides, the default decides
    // alike (and every read of it costs as little).
    let probe = Mancala::from_setup_within(setup.clone(), PROBE);
    let game = serde_json::from_str::<Mancala>(text);
    if let Ok(game) = &game {
        assert_eq!(game.budget(), Budget::DEFAULT, "the JSON set the budget");
    }
    match &probe {
        Ok(probe) => {
            assert_eq!(game.as_ref().ok(), Some(probe), "serde vs from_setup");
            assert_eq!(probe.budget(), PROBE);
        }
        Err(SetupError::Undecided(u)) => assert_eq!(Some(u.budget), PROBE.limit()),
        Err(e) => assert!(game.is_err(), "serde accepted a setup refused: {e}"),
    }
    let Ok(mut game) = game else {
        return;
    };
    // Only the default decided it: read once.
    let quick = probe.is_ok();

    // What was accepted is a consistent state.
    let total: u64 = setup
        .board
        .iter()
        .chain(&setup.stores)
        .map(|&c| u64::from(c))
        .sum();
    assert_eq!(u64::from(game.board().total()), total, "seeds are kept");
    assert_eq!(game.rules(), &setup.rules);
    assert_eq!(game.legal_moves().is_empty(), game.is_over());
    if !game.is_over() {
        assert_eq!(game.board().holes(), &setup.board[..]);
        assert_eq!(game.to_move(), Some(setup.to_move));
    }
    // Played under a small budget from here on.
    game.set_budget(json_gen::play_budget(data));
    let again = game.to_setup();
    let json = serde_json::to_string(&game).expect("a state serializes");
    assert_eq!(
        serde_json::from_str::<Setup>(&json).ok().as_ref(),
        Some(&again),
        "a state's JSON is its setup"
    );

    if quick {
        // It keeps the contract of every state (notation round trip
        // included).
        let candidates: Vec<Move> = (0..MAX_HOLES)
            .filter_map(Pit::new)
            .map(Move::Sow)
            .chain([Move::Pass])
            .collect();
        testing::check_state(&game, &candidates);

        // It round-trips.
        assert_eq!(Mancala::from_setup(again.clone()).as_ref(), Ok(&game));
        let back: Mancala = serde_json::from_str(&json).expect("a serialized state deserializes");
        assert_eq!(back, game);
        assert_eq!(back.key(), game.key(), "equal states have equal keys");
        assert_eq!(back.to_setup(), again);
        let text = game.to_string();
        let read: Mancala = text.parse().expect("a printed position parses");
        assert_eq!(read, game, "`{text}` reads back otherwise");
        assert_eq!(read.key(), game.key());
    }

    // And plays on like any state.
    for i in 0..16usize {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[(i * 7) % legal.len()];
        let before = game.clone();
        match game.play(mv) {
            Ok(_) => assert_eq!(u64::from(game.board().total()), total),
            // The one refusal of a legal move: the work budget's, which
            // changes nothing.
            Err(e) => {
                assert!(Mancala::is_undecided(&e), "legal {mv} refused: {e}");
                assert_eq!(game, before);
                break;
            }
        }
    }
}

fuzz_target!(|data: &[u8]| check(data));
