//! Fuzz target `mankka`: arbitrary Mankka options, then a game driven by the
//! input's bytes (placements in the opening, sowing moves and passes, legal
//! or not), checking after every move that seeds are conserved (board,
//! stores and hands always hold 48), that stores never decrease, that the
//! legal moves are exactly the moves `play` accepts, that a refused move
//! changes nothing, and that the state survives `to_setup`/`from_setup` and
//! a JSON round trip. Nothing may panic.
//!
//! Mankka's board holds 48 seeds and relays at 4, so endless-relay detection
//! stays cheap; the start position comes from `Options` and the move
//! choices from the input.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::{Game, Pit, PlayError, Player};
use mankka::{Mankka, Move, MoveError, Options, Placement, Setup};

/// The longest game played for one input.
const MAX_PLIES: usize = 300;
/// Seeds in a game of either variant.
const TOTAL: u64 = 48;

fn seeds(game: &Mankka) -> u64 {
    let [h0, h1] = game.hands();
    u64::from(game.board().total()) + u64::from(h0) + u64::from(h1)
}

fn check_state(game: &Mankka) {
    assert_eq!(seeds(game), TOTAL, "seeds are conserved");
    let legal = game.legal_moves();
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    // Every sowing move (on the board or off it) and a pass: legal iff
    // accepted.
    for i in 0..14 {
        let Some(p) = Pit::new(i) else { continue };
        let mv = Move::Sow(p);
        assert_eq!(game.is_legal(mv), legal.contains(&mv), "{mv}");
    }
    assert_eq!(
        game.is_legal(Move::Pass),
        legal.contains(&Move::Pass),
        "pass"
    );
    for &mv in legal.iter().take(6) {
        assert!(game.is_legal(mv), "{mv} listed but refused");
    }
    match game.turn() {
        Some(p) => assert_eq!(Game::legal_actions(game, p).as_slice(), legal.as_slice()),
        None => assert!(game.outcome().is_some()),
    }
    // Round trips.
    let setup = game.to_setup();
    let copy = Mankka::from_setup(setup.clone()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    let json = serde_json::to_string(game).expect("a state serializes");
    let back: Mankka = serde_json::from_str(&json).expect("a serialized state deserializes");
    assert_eq!(&back, game, "serde_json round trip");
    assert_eq!(back.to_setup(), setup);
    let setup_json = serde_json::to_string(&setup).expect("a setup serializes");
    let setup_back: Setup = serde_json::from_str(&setup_json).expect("a setup deserializes");
    assert_eq!(setup_back, setup, "setup serde_json round trip");
}

/// Plays `mv` on a copy and checks it against the legal moves; returns the
/// copy if the move was accepted.
fn try_move(game: &Mankka, mv: Move) -> Option<Mankka> {
    let legal = game.legal_moves();
    let mut copy = game.clone();
    match copy.play(mv) {
        Ok(_) => {
            assert!(legal.contains(&mv), "{mv} accepted but not legal");
            let (before, after) = (game.scores(), copy.scores());
            for p in [Player::P0, Player::P1] {
                assert!(after[p] >= before[p], "stores never decrease");
            }
            Some(copy)
        }
        Err(e) => {
            assert!(!legal.contains(&mv), "{mv} legal but refused: {e}");
            assert_eq!(&copy, game, "a refused move changed the state");
            if game.is_over() {
                assert_eq!(e, MoveError::Play(PlayError::GameOver));
            }
            None
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(options) = Options::arbitrary(&mut u) else {
        return;
    };
    let Ok(mut game) = Mankka::new(options) else {
        panic!("options {options:?} refused");
    };
    check_state(&game);
    for _ in 0..MAX_PLIES {
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
            // A placement of arbitrary counts by the player to move.
            let Ok(counts) = <[u8; 6]>::arbitrary(&mut u) else {
                break;
            };
            let player = game.turn().unwrap_or(Player::P0);
            Move::Place(Placement::new(player, counts.map(|c| u16::from(c % 8))))
        } else {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let i = if legal.len() > 255 {
                match u.choose_index(legal.len()) {
                    Ok(i) => i,
                    Err(_) => break,
                }
            } else {
                usize::from(choice) % legal.len()
            };
            let mv = legal[i];
            if try_move(&game, mv).is_none() {
                panic!("legal move {mv} refused");
            }
            mv
        };
        if let Some(next) = try_move(&game, mv) {
            game = next;
            check_state(&game);
        }
    }
});
