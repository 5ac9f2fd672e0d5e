//! Fuzz target `setup_json`: deserializing JSON text into a `Mancala` never
//! panics, agrees with `Mancala::from_setup` on the same `Setup`, and what it
//! accepts is a consistent state that keeps the shared harness's contract
//! (`mancala_core::testing::check_state`), round-trips through its setup,
//! serde and its text notation (with the same key), and plays on.
//!
//! The text is either the input's bytes as they are, or (so that the fuzzer
//! reaches deep into the checks) a structured setup drawn from the input,
//! serialized, with a few bytes overwritten.
//!
//! Setups without a work budget (`max_laps: None`) or with one beyond the
//! default (work grows with the budget) whose rules relay at `k`
//! seeds with more than `k` seeds in a hole are skipped: exact, unbounded
//! detection walks the cycle, which can be hundreds of millions of laps
//! long when the holes are full. Under any budget nothing is skipped: the
//! budget bounds the work (RULES.md, "Work budget").

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::{
    Game, MAX_HOLES, MAX_PLAYERS, Mancala, Move, Pit, Player, Relay, Rules, SeenPosition, Setup,
    testing,
};

fn player(u: &mut Unstructured<'_>) -> arbitrary::Result<Player> {
    Ok(Player::new(u.int_in_range(0..=MAX_PLAYERS - 1)?).unwrap_or_default())
}

fn counts(u: &mut Unstructured<'_>, len: usize) -> arbitrary::Result<Vec<u16>> {
    // A length off by one now and then; mostly small counts.
    let len = match u.int_in_range(0..=15u8)? {
        0 => len + 1,
        1 => len.saturating_sub(1),
        _ => len,
    };
    (0..len)
        .map(|_| {
            if u.ratio(1, 32)? {
                u.arbitrary()
            } else {
                u.int_in_range(0..=9)
            }
        })
        .collect()
}

/// A setup, valid or not, drawn from the input.
fn setup(u: &mut Unstructured<'_>) -> arbitrary::Result<Setup> {
    let rules = Rules::arbitrary(u)?;
    let mut setup = Setup::new(rules);
    setup.board = counts(u, setup.board.len())?;
    setup.stores = counts(u, setup.stores.len())?;
    setup.to_move = player(u)?;
    setup.over = u.ratio(1, 4)?;
    for _ in 0..u.int_in_range(0..=3u8)? {
        setup.history.push(SeenPosition {
            board: counts(u, setup.board.len())?,
            to_move: player(u)?,
        });
    }
    Ok(setup)
}

/// The JSON text to deserialize.
fn text(data: &[u8]) -> Option<String> {
    let (&mode, rest) = data.split_first()?;
    if mode & 1 == 0 {
        return Some(String::from_utf8_lossy(rest).into_owned());
    }
    let mut u = Unstructured::new(rest);
    let setup = setup(&mut u).ok()?;
    let mut bytes = serde_json::to_vec(&setup).ok()?;
    for _ in 0..mode >> 5 {
        let (Ok(at), Ok(byte)) = (u.arbitrary::<u16>(), u.arbitrary::<u8>()) else {
            break;
        };
        if !bytes.is_empty() {
            let at = usize::from(at) % bytes.len();
            bytes[at] = byte;
        }
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Whether building this setup may walk an astronomically long relay
/// cycle: only without a work budget (`max_laps: None`, exact and
/// unbounded by design) or with one beyond the default (its work grows
/// with it: the 1 s bound holds under the default).
fn slow(setup: &Setup) -> bool {
    setup
        .rules
        .max_laps
        .is_none_or(|n| n > mancala_core::DEFAULT_MAX_LAPS)
        && match setup.rules.relay {
            Relay::Never => false,
            Relay::AtLeast(k) => setup.board.iter().any(|&c| c > k.max(1)),
        }
}

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else {
        return;
    };
    // `Mancala` deserializes through `Setup`: a text that is not a setup is
    // not a game either.
    let parsed = serde_json::from_str::<Setup>(&text);
    if let Ok(setup) = &parsed
        && slow(setup)
    {
        return;
    }
    let game = serde_json::from_str::<Mancala>(&text);
    let Ok(setup) = parsed else {
        assert!(game.is_err(), "a game from a text that is not a setup");
        return;
    };
    let direct = Mancala::from_setup(setup.clone());
    assert_eq!(game.as_ref().ok(), direct.as_ref().ok());
    let Ok(game) = game else {
        return;
    };

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

    // It keeps the contract of every state (notation round trip included).
    let candidates: Vec<Move> = (0..MAX_HOLES)
        .filter_map(Pit::new)
        .map(Move::Sow)
        .chain([Move::Pass])
        .collect();
    testing::check_state(&game, &candidates);

    // It round-trips.
    let again = game.to_setup();
    assert_eq!(Mancala::from_setup(again.clone()).as_ref(), Ok(&game));
    let json = serde_json::to_string(&game).expect("a state serializes");
    let back: Mancala = serde_json::from_str(&json).expect("a serialized state deserializes");
    assert_eq!(back, game);
    assert_eq!(back.key(), game.key(), "equal states have equal keys");
    assert_eq!(back.to_setup(), again);
    let text = game.to_string();
    let read: Mancala = text.parse().expect("a printed position parses");
    assert_eq!(read, game, "`{text}` reads back otherwise");
    assert_eq!(read.key(), game.key());

    // And plays on like any state.
    let mut game = game;
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
});
