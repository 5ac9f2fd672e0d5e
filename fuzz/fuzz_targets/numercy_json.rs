//! Fuzz target `numercy_json`: JSON text from arbitrary bytes read as a
//! `numercy::Numercy`. It deserializes exactly when its setup passes
//! `Numercy::from_setup`, to the same state (and a text that is not a
//! `Setup` is no game); an accepted state keeps its setup (exactly, when
//! it is live or was given as over), round-trips through `to_setup`, serde
//! and the text notation (`mancala_testing::check_state`,
//! `check_serde`, `check_notation`), and plays a few legal moves into
//! states that round-trip too; a legal move is refused only by the work
//! budget (`Numercy::is_undecided`), changing nothing. Nothing may panic.
//!
//! The work budget is the caller's (`numercy::Budget`), never the JSON's:
//! a setup with a budget field (`max_laps` in its options, as earlier
//! versions had it, or `max_laps`/`budget` beside its fields) is refused
//! (both deny unknown fields), and every text is read under
//! `Budget::DEFAULT`. The setup is first built under `PROBE` seeds: a
//! budget never changes a result, so what it accepts the default reads
//! alike, and every later read of that position costs as little. A
//! position only the default decides is read once (each read would cost as
//! much again): checked against its setup, played, not read again. An
//! accepted state is then checked and played under a small budget from the
//! input (`json_gen::play_budget`).
//!
//! The text is the input itself (first byte even), or (odd) an arbitrary
//! structured `numercy::Setup`, valid or not, serialized with a few bytes
//! overwritten (see `common/json_gen.rs`): options from
//! `numercy::Options::arbitrary`, board and points lengths off by one,
//! counts mostly small but sometimes large, points up to `u64::MAX`, any
//! player, the `over` flag, and histories (often the board's own balls
//! rotated, so that some are accepted).
//!
//! Seeds: `fuzz/seeds/numercy_json/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/json_gen.rs"]
mod json_gen;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::{Arbitrary, Unstructured};
use json_gen::{BudgetField, counts, near_edges, player};
use libfuzzer_sys::fuzz_target;
use mancala_core::{history::SeenPosition, rules::MAX_HOLES};
use mancala_testing as testing;
use numercy::{Budget, Game, Numercy, Options, Pit, Player, Setup, SetupError};

/// The budget a setup is first built under: a few milliseconds of sowing.
const PROBE: Budget = Budget::seeds(1_000_000);

/// Every hole a `Pit` can name: on the board or off it, anyone's.
fn candidates() -> Vec<Pit> {
    (0..MAX_HOLES).filter_map(Pit::new).collect()
}

/// A setup drawn from the input, valid or not.
fn setup(u: &mut Unstructured<'_>) -> arbitrary::Result<Setup> {
    let options = Options::arbitrary(u)?;
    let mut setup = Setup::new(options);
    let small = match u.int_in_range(0..=3u8)? {
        0 => options.relay_at.max(1),
        1 => 2,
        _ => 9,
    };
    setup.board = counts(u, setup.board.len(), small)?;
    let players = match u.int_in_range(0..=15u8)? {
        0 => 3,
        1 => 1,
        _ => 2,
    };
    setup.points = (0..players)
        .map(|_| near_edges(u))
        .collect::<arbitrary::Result<_>>()?;
    setup.to_move = if u.ratio(1, 16)? {
        player(u)?
    } else if u.arbitrary()? {
        Player::P1
    } else {
        Player::P0
    };
    setup.over = u.ratio(1, 4)?;
    if u.ratio(1, 3)? {
        if u.arbitrary()? {
            setup.history = json_gen::history(u, setup.board.len(), small)?;
        } else {
            // The board's own balls, rotated: as many as the board holds.
            for _ in 0..u.int_in_range(1..=3u8)? {
                let mut board = setup.board.clone();
                if !board.is_empty() {
                    let by = u.int_in_range(0..=board.len() - 1)?;
                    board.rotate_left(by);
                }
                let to_move = if u.arbitrary()? {
                    Player::P1
                } else {
                    Player::P0
                };
                setup.history.push(SeenPosition { board, to_move });
            }
        }
    }
    Ok(setup)
}

/// The round trips of one state, which `budget` decided (the state's own
/// budget may be smaller: it is lowered after a read).
fn round_trips(game: &Numercy, budget: Budget) {
    let setup = game.to_setup();
    assert_eq!(
        Numercy::from_setup(setup.clone()).as_ref(),
        Ok(game),
        "from_setup(to_setup)"
    );
    assert_eq!(
        Numercy::from_setup_within(setup.clone(), budget).as_ref(),
        Ok(game),
        "from_setup_within(to_setup)"
    );
    let json = serde_json::to_string(&setup).expect("a setup serializes");
    assert_eq!(
        serde_json::from_str::<Setup>(&json).ok().as_ref(),
        Some(&setup),
        "setup serde"
    );
    testing::check_serde(game);
    testing::check_notation(game);
}

fn check(data: &[u8]) {
    let Some(input) = json_gen::input(data, "options", setup) else {
        return;
    };
    let text = &input.text;
    // `Numercy` deserializes through `Setup`: a text that is not a setup is
    // not a game either.
    let parsed = serde_json::from_str::<Setup>(text);
    if let Some(drawn) = &input.exact {
        // A budget field is refused, in the options or beside them.
        match input.field {
            BudgetField::None => assert_eq!(parsed.as_ref().ok(), Some(drawn), "setup serde"),
            _ => assert!(parsed.is_err(), "a budget field in `{text}` was read"),
        }
    }
    let Ok(setup) = parsed else {
        let game = serde_json::from_str::<Numercy>(text);
        assert!(game.is_err(), "a game from a text that is not a setup");
        return;
    };
    assert!(!json_gen::has_inner_budget(text, "options"), "`{text}`");
    // First under a small budget: what it decides, the default decides
    // alike (and every read of it costs as little).
    let probe = Numercy::from_setup_within(setup.clone(), PROBE);
    let game = serde_json::from_str::<Numercy>(text);
    if let Ok(game) = &game {
        assert_eq!(game.budget(), Budget::DEFAULT, "the JSON set the budget");
    }
    match &probe {
        Ok(probe) => {
            assert_eq!(game.as_ref().ok(), Some(probe), "serde vs from_setup");
            assert_eq!(probe.budget(), PROBE);
        }
        Err(SetupError::Position(mancala_core::SetupError::Undecided(u))) => {
            assert_eq!(Some(u.budget), PROBE.limit())
        }
        Err(e) => assert!(game.is_err(), "serde accepted a setup refused: {e}"),
    }
    let Ok(mut game) = game else {
        return;
    };
    // Only the default decided it: read once.
    let quick = probe.is_ok();

    // What was accepted is the setup's state.
    assert_eq!(game.options(), &setup.options);
    if setup.over || !game.is_over() {
        assert_eq!(game.to_setup(), setup, "an accepted setup is kept");
    }
    assert_eq!(game.legal_moves().is_empty(), game.is_over());
    let balls = game.board().total();
    // Played under a small budget from here on.
    game.set_budget(json_gen::play_budget(data));
    if quick {
        testing::check_state(&game, &candidates());
        round_trips(&game, PROBE);
    } else {
        let json = serde_json::to_string(&game).expect("a state serializes");
        let back = serde_json::from_str::<Setup>(&json).expect("a state's JSON is a setup");
        assert_eq!(back, game.to_setup(), "setup serde");
    }

    // It plays on like any state.
    for i in 0..12usize {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let p = legal[(i * 7) % legal.len()];
        let before = game.clone();
        match game.play(p) {
            Ok(_) => {
                assert!(game.board().total() <= before.board().total());
                assert!(game.board().total() <= balls, "no ball is made");
                let (old, new) = (before.scores(), game.scores());
                for player in [Player::P0, Player::P1] {
                    assert!(new[player] >= old[player], "points never decrease");
                }
                round_trips(&game, game.budget());
            }
            // The one refusal of a legal move: the work budget's, which
            // changes nothing.
            Err(e) => {
                assert!(Numercy::is_undecided(&e), "legal {p} refused: {e}");
                assert_eq!(game, before);
                break;
            }
        }
    }
}

fuzz_target!(
    init: seeds::prepare("numercy_json", check),
    |data: &[u8]| check(data)
);
