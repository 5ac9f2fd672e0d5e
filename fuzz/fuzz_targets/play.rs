//! Fuzz target `play`: arbitrary rules, then a game driven by the input's
//! bytes, checking after every move that seeds are conserved, that the legal
//! moves are exactly the moves `play` accepts, that a refused move changes
//! nothing, and that the state survives `to_setup`/`from_setup` and a JSON
//! round trip. Nothing may panic.
//!
//! Rules that relay at `k` seeds with more than `k` seeds a hole are skipped:
//! the engine finds endless relays by walking their cycles, which can be
//! hundreds of millions of laps long when the holes are full (a known
//! limitation, see `mancala-core/tests/properties.rs`), and a single such
//! input would stall the run.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::{MAX_HOLES, Mancala, Pit, PlayError, Relay, Rules};

/// The longest game played for one input.
const MAX_PLIES: usize = 300;

fn pit(index: usize) -> Pit {
    Pit::new(index % MAX_HOLES).unwrap_or_else(|| unreachable!())
}

fn check_state(game: &Mancala, total: u32) {
    assert_eq!(game.board().total(), total, "seeds are conserved");
    let legal = game.legal_moves();
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal moves in order"
    );
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    for i in 0..MAX_HOLES {
        let p = pit(i);
        assert_eq!(game.is_legal(p), legal.contains(&p), "is_legal({p})");
    }
    // Round trips.
    let setup = game.to_setup();
    let copy = Mancala::from_setup(setup.clone()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    let json = serde_json::to_string(game).expect("a state serializes");
    let back: Mancala = serde_json::from_str(&json).expect("a serialized state deserializes");
    assert_eq!(&back, game, "serde_json round trip");
    assert_eq!(back.to_setup(), setup);
}

/// Plays `p` on a copy and checks it against `is_legal`; returns the copy if
/// the move was accepted.
fn try_move(game: &Mancala, p: Pit) -> Option<Mancala> {
    let mut copy = game.clone();
    match copy.play(p) {
        Ok(()) => {
            assert!(game.is_legal(p), "{p} accepted but not legal");
            Some(copy)
        }
        Err(e) => {
            assert!(!game.is_legal(p), "{p} legal but refused: {e}");
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
    let Ok(rules) = Rules::arbitrary(&mut u) else {
        return;
    };
    if let Relay::AtLeast(k) = rules.relay
        && rules.seeds > k
    {
        return;
    }
    let mut game = match Mancala::new(rules) {
        Ok(game) => game,
        Err(e) => {
            assert_eq!(rules.check().err(), Some(e));
            return;
        }
    };
    let total = rules.total_seeds();
    check_state(&game, total);
    for _ in 0..MAX_PLIES {
        // An exhausted input would read as zeros forever.
        if u.is_empty() {
            break;
        }
        let Ok(choice) = u.arbitrary::<u8>() else {
            break;
        };
        if choice >= 0xC0 {
            // Any hole: legal or not, on the board or not.
            let p = pit(usize::from(choice - 0xC0) * MAX_HOLES / 0x40);
            // `play_unchecked` never panics and conserves seeds, whatever
            // the hole; on a legal move it is `play`.
            let mut unchecked = game.clone();
            unchecked.play_unchecked(p);
            assert_eq!(unchecked.board().total(), total);
            if let Some(next) = try_move(&game, p) {
                assert_eq!(unchecked, next, "play_unchecked vs play");
                game = next;
            }
        } else {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let p = legal[usize::from(choice) % legal.len()];
            let Some(next) = try_move(&game, p) else {
                panic!("legal move {p} refused");
            };
            let mut events = Vec::new();
            let mut observed = game.clone();
            observed
                .play_observed(p, &mut events)
                .expect("play_observed accepts a legal move");
            assert_eq!(observed, next, "play_observed vs play");
            game = next;
        }
        check_state(&game, total);
    }
});
