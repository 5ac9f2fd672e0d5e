//! Fuzz target `mankka_json`: JSON text from arbitrary bytes read as a
//! `mankka::Mankka`. It deserializes exactly when its setup passes
//! `Mankka::from_setup`, to the same state (and a text that is not a
//! `Setup` is no game); an accepted state keeps its setup (exactly, when
//! it is live or was given as over), round-trips through `to_setup`, serde
//! and the text notation (`mancala_core::testing::check_state`,
//! `check_serde`, `check_notation`), and plays a few legal moves
//! (placements included) that keep every seed (holes, stores and hands)
//! and never shrink a store, into states that round-trip too; a legal move
//! is refused only by the work budget (`Mankka::is_undecided`), changing
//! nothing. Nothing may panic.
//!
//! The text is the input itself (first byte even), or (odd) an arbitrary
//! structured `mankka::Setup`, valid or not, serialized with a few bytes
//! overwritten (see `common/json_gen.rs`): options from
//! `mankka::Options::arbitrary` (now and then without a budget), board,
//! store and hand lengths off by one, counts mostly small but sometimes
//! large, hands of the variant's size, empty or any, any player, the
//! `over` flag, and histories (often the board's own seeds rotated).
//!
//! Setups without a work budget (`max_laps: None`) or with one beyond the
//! default (work grows with the budget) whose holes hold more
//! than 4 seeds (Mankka relays at 4) are skipped: exact, unbounded
//! detection can walk very long cycles on full boards. Under any budget
//! nothing is skipped (RULES.md, "Work budget").
//!
//! Seeds: `fuzz/seeds/mankka_json/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/json_gen.rs"]
mod json_gen;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::{Arbitrary, Unstructured};
use json_gen::{counts, player};
use libfuzzer_sys::fuzz_target;
use mancala_core::{SeenPosition, testing};
use mankka::{Game, Mankka, Move, Options, Pit, Placement, Player, Setup};

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
    let mut options = Options::arbitrary(u)?;
    if u.ratio(1, 8)? {
        options.max_laps = None;
    }
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

/// Whether building this setup may walk a very long relay cycle: only
/// without a work budget.
fn slow(setup: &Setup) -> bool {
    setup
        .options
        .max_laps
        .is_none_or(|n| n > mancala_core::DEFAULT_MAX_LAPS)
        && setup.board.iter().any(|&c| c > RELAY_AT)
}

/// Seeds in the holes, the stores and the hands.
fn seeds(game: &Mankka) -> u64 {
    let hands: u64 = game.hands().as_slice().iter().map(|&h| u64::from(h)).sum();
    u64::from(game.board().total()) + hands
}

/// The round trips of one state.
fn round_trips(game: &Mankka) {
    let setup = game.to_setup();
    assert_eq!(
        Mankka::from_setup(setup.clone()).as_ref(),
        Ok(game),
        "from_setup(to_setup)"
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
    let Some(text) = json_gen::text(data, setup) else {
        return;
    };
    // `Mankka` deserializes through `Setup`: a text that is not a setup is
    // not a game either.
    let parsed = serde_json::from_str::<Setup>(&text);
    if let Ok(setup) = &parsed
        && slow(setup)
    {
        return;
    }
    let game = serde_json::from_str::<Mankka>(&text);
    let Ok(setup) = parsed else {
        assert!(game.is_err(), "a game from a text that is not a setup");
        return;
    };
    let direct = Mankka::from_setup(setup.clone());
    assert_eq!(
        game.as_ref().ok(),
        direct.as_ref().ok(),
        "serde vs from_setup"
    );
    assert_eq!(game.is_ok(), direct.is_ok());
    let Ok(mut game) = game else {
        return;
    };

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
    testing::check_state(&game, &candidates());
    round_trips(&game);

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
                round_trips(&game);
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
