//! Fuzz target `mankka_json`: JSON text from arbitrary bytes read as a
//! `mankka::Mankka`. It deserializes exactly when its setup passes
//! `Mankka::from_setup`, to the same state (and a text that is not a
//! `Setup` is no game); an accepted state keeps its setup (exactly, when
//! it is live or was given as over), round-trips through `to_setup`, serde
//! and the text notation (`mancala_testing::check_state`,
//! `check_serde`, `check_notation`), and plays a few legal moves
//! (placements included) that keep every seed (holes, stores and hands)
//! and never shrink a store, into states that round-trip too; a legal move
//! is refused only by the work budget (`Mankka::is_undecided`), changing
//! nothing. Nothing may panic.
//!
//! The text is the input itself (first byte even), or (odd) an arbitrary
//! structured `mankka::Setup`, valid or not, serialized with a few bytes
//! overwritten (see `common/json_gen.rs`): options from
//! `mankka::Options::arbitrary`, board,
//! store and hand lengths off by one, counts mostly small but sometimes
//! large, hands of the variant's size, empty or any, any player, the
//! `over` flag, and histories (often the board's own seeds rotated).
//!
//! The work budget is the caller's (`mankka::Budget`), never the JSON's:
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
//! Seeds: `fuzz/seeds/mankka_json/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/json_gen.rs"]
mod json_gen;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::{Arbitrary, Unstructured};
use json_gen::{BudgetField, counts, player};
use libfuzzer_sys::fuzz_target;
use mancala_core::history::SeenPosition;
use mancala_testing as testing;
use mankka::{Budget, Game, Mankka, Move, Options, Pit, Placement, Player, Setup, SetupError};

/// The budget a setup is first built under: a few milliseconds of sowing.
const PROBE: Budget = Budget::seeds(1_000_000);

/// Mankka relays from a hole its last seed makes hold 4 or more.
const RELAY_AT: u16 = 4;

/// Moves to try in every position, legal or not.
fn candidates() -> Vec<Move> {
    let mut moves: Vec<Move> = (0..14).filter_map(Pit::new).map(Move::Sow).collect();
    moves.push(Move::Pass);
    for counts in [[1; 6], [0, 0, 0, 0, 0, 6], [0; 6], [7, 0, 0, 0, 0, 0]] {
        moves.push(Move::Place(Placement::new(counts)));
    }
    moves
}

/// A setup drawn from the input, valid or not.
fn setup(u: &mut Unstructured<'_>) -> arbitrary::Result<Setup> {
    let options = Options::arbitrary(u)?;
    let mut setup = Setup::new(options);
    let small = match u.int_in_range(0..=3u8)? {
        0 => 3,
        1 => RELAY_AT,
        _ => 7,
    };
    setup.board = counts(u, setup.board.len(), small)?;
    setup.stores = counts(u, setup.stores.len(), 24)?;
    setup.to_move = if u.ratio(1, 16)? {
        player(u)?
    } else if u.arbitrary()? {
        Player::P1
    } else {
        Player::P0
    };
    let hand = options.hand();
    setup.hands = match u.int_in_range(0..=7u8)? {
        0 => counts(u, 2, 7)?,
        1 => vec![hand, hand],
        2 => vec![0, hand],
        3 => vec![hand, 0],
        _ => vec![0, 0],
    };
    setup.over = u.ratio(1, 4)?;
    if u.ratio(1, 3)? {
        if u.arbitrary()? {
            setup.history = json_gen::history(u, setup.board.len(), small)?;
        } else {
            // The board's own seeds, rotated: as many as the board holds.
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

/// Seeds in the holes, the stores and the hands.
fn seeds(game: &Mankka) -> u64 {
    let hands: u64 = game.hands().as_slice().iter().map(|&h| u64::from(h)).sum();
    u64::from(game.board().total()) + hands
}

/// The round trips of one state, which `budget` decided (the state's own
/// budget may be smaller: it is lowered after a read).
fn round_trips(game: &Mankka, budget: Budget) {
    let setup = game.to_setup();
    assert_eq!(
        Mankka::from_setup(setup.clone()).as_ref(),
        Ok(game),
        "from_setup(to_setup)"
    );
    assert_eq!(
        Mankka::from_setup_within(setup.clone(), budget).as_ref(),
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
    // `Mankka` deserializes through `Setup`: a text that is not a setup is
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
        let game = serde_json::from_str::<Mankka>(text);
        assert!(game.is_err(), "a game from a text that is not a setup");
        return;
    };
    assert!(!json_gen::has_inner_budget(text, "options"), "`{text}`");
    // First under a small budget: what it decides, the default decides
    // alike (and every read of it costs as little).
    let probe = Mankka::from_setup_within(setup.clone(), PROBE);
    let game = serde_json::from_str::<Mankka>(text);
    if let Ok(game) = &game {
        assert_eq!(game.budget(), Budget::DEFAULT, "the JSON set the budget");
    }
    match &probe {
        Ok(probe) => {
            assert_eq!(game.as_ref().ok(), Some(probe), "serde vs from_setup");
            assert_eq!(probe.budget(), PROBE);
        }
        Err(SetupError::Position(mancala_core::SetupError::Undecided(u))) => {
            assert_eq!(Some(u.budget), PROBE.limit());
        }
        Err(e) => assert!(game.is_err(), "serde accepted a setup refused: {e}"),
    }
    let Ok(mut game) = game else {
        return;
    };
    // Only the default decided it: read once.
    let quick = probe.is_ok();

    // What was accepted is the setup's state, every seed kept.
    assert_eq!(game.options(), &setup.options);
    let total: u64 = setup
        .board
        .iter()
        .chain(&setup.stores)
        .chain(&setup.hands)
        .map(|&c| u64::from(c))
        .sum();
    assert_eq!(seeds(&game), total, "seeds are kept");
    if setup.over || !game.is_over() {
        assert_eq!(game.to_setup(), setup, "an accepted setup is kept");
    }
    assert_eq!(game.legal_moves().is_empty(), game.is_over());
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
        let mv = legal[(i * 7) % legal.len()];
        let before = game.clone();
        match game.play(mv) {
            Ok(_) => {
                assert_eq!(seeds(&game), total, "seeds are conserved");
                let (old, new) = (before.scores(), game.scores());
                for player in [Player::P0, Player::P1] {
                    assert!(new[player] >= old[player], "stores never shrink");
                }
                round_trips(&game, game.budget());
            }
            // The one refusal of a legal move: the work budget's, which
            // changes nothing.
            Err(e) => {
                assert!(Mankka::is_undecided(&e), "legal {mv} refused: {e}");
                assert_eq!(game, before);
                break;
            }
        }
    }
}

fuzz_target!(
    init: seeds::prepare("mankka_json", check),
    |data: &[u8]| check(data)
);
