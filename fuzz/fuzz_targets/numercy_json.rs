//! Fuzz target `numercy_json`: JSON text from arbitrary bytes read as a
//! `numercy::Numercy`. It deserializes exactly when its setup passes
//! `Numercy::from_setup`, to the same state (and a text that is not a
//! `Setup` is no game); an accepted state keeps its setup (exactly, when
//! it is live or was given as over), round-trips through `to_setup`, serde
//! and the text notation (`mancala_core::testing::check_state`,
//! `check_serde`, `check_notation`), and plays a few legal moves into
//! states that round-trip too; a legal move is refused only by the work
//! budget (`Numercy::is_undecided`), changing nothing. Nothing may panic.
//!
//! The text is the input itself (first byte even), or (odd) an arbitrary
//! structured `numercy::Setup`, valid or not, serialized with a few bytes
//! overwritten (see `common/json_gen.rs`): options from
//! `numercy::Options::arbitrary`, board and points lengths off by one,
//! counts mostly small but sometimes large, points up to `u64::MAX`, any
//! player, the `over` flag, and histories (often the board's own balls
//! rotated, so that some are accepted).
//!
//! Setups without a work budget (`max_laps: None`) or with one beyond the
//! default (work grows with the budget) whose holes hold more
//! than the relay threshold (more than 1 at `relay_at <= 2`, at most 9) are
//! skipped: exact, unbounded detection can walk cycles hundreds of millions
//! of laps long. Under any budget nothing is skipped (RULES.md, "Work
//! budget").
//!
//! Seeds: `fuzz/seeds/numercy_json/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/json_gen.rs"]
mod json_gen;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::{Arbitrary, Unstructured};
use json_gen::{counts, near_edges, player};
use libfuzzer_sys::fuzz_target;
use mancala_core::{MAX_HOLES, SeenPosition, testing};
use numercy::{Game, Numercy, Options, Pit, Player, Setup};

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

/// Whether building this setup may walk an astronomically long relay
/// cycle: only without a work budget.
fn slow(setup: &Setup) -> bool {
    let options = &setup.options;
    let most = if options.relay_at <= 2 {
        1
    } else {
        options.relay_at.min(9)
    };
    options
        .max_laps
        .is_none_or(|n| n > mancala_core::DEFAULT_MAX_LAPS)
        && setup.board.iter().any(|&c| c > most)
}

/// The round trips of one state.
fn round_trips(game: &Numercy) {
    let setup = game.to_setup();
    assert_eq!(
        Numercy::from_setup(setup.clone()).as_ref(),
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
    // `Numercy` deserializes through `Setup`: a text that is not a setup is
    // not a game either.
    let parsed = serde_json::from_str::<Setup>(&text);
    if let Ok(setup) = &parsed
        && slow(setup)
    {
        return;
    }
    let game = serde_json::from_str::<Numercy>(&text);
    let Ok(setup) = parsed else {
        assert!(game.is_err(), "a game from a text that is not a setup");
        return;
    };
    let direct = Numercy::from_setup(setup.clone());
    assert_eq!(
        game.as_ref().ok(),
        direct.as_ref().ok(),
        "serde vs from_setup"
    );
    assert_eq!(game.is_ok(), direct.is_ok());
    let Ok(mut game) = game else {
        return;
    };

    // What was accepted is the setup's state.
    assert_eq!(game.options(), &setup.options);
    if setup.over || !game.is_over() {
        assert_eq!(game.to_setup(), setup, "an accepted setup is kept");
    }
    assert_eq!(game.legal_moves().is_empty(), game.is_over());
    let balls = game.board().total();
    testing::check_state(&game, &candidates());
    round_trips(&game);

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
                round_trips(&game);
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
