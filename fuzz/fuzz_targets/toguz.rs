//! Fuzz target `toguz`: Toguz Kumalak (`mancala_core::toguz::ToguzKumalak`) from
//! arbitrary setups. First an arbitrary string read as a position (an
//! error, or a state that prints back the same); then an arbitrary
//! `ToguzSetup` (counts mostly small), which `from_setup` refuses exactly
//! when it breaks a rule of the setup, and a game driven by the input's
//! bytes, checking at every state: seeds conserved (holes + stores = the
//! setup's total), every tuzdik empty, off its owner's row and off a 9th
//! hole, and not sharing its index with the other; the shared harness
//! (`mancala_testing::check_state`: the legal moves are exactly those
//! `play` accepts, refused moves change nothing; notation, keys); the serde
//! and setup round trips. After every move, `play`, `play_observed` and
//! `play_unchecked` agree, and playing the same move twice gives the same
//! state (determinism). Nothing may panic.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use mancala_core::{
    Game, Move, Pit, Player,
    rules::MAX_HOLES,
    toguz::{ToguzError, ToguzKumalak, ToguzSetup},
};
use mancala_testing as testing;

/// The longest game played for one input.
const MAX_PLIES: usize = 400;

/// Every hole a `Pit` can name (on the board or not) and a pass.
fn candidates() -> Vec<Move> {
    (0..MAX_HOLES)
        .filter_map(Pit::new)
        .map(Move::Sow)
        .chain([Move::Pass])
        .collect()
}

/// Whether `from_setup` must refuse `setup`, by the rules of the setup.
fn broken(setup: &ToguzSetup) -> bool {
    let total: u32 = setup
        .board
        .iter()
        .chain(&setup.stores)
        .map(|&c| u32::from(c))
        .sum();
    let bad_tuzdik = setup.tuzdik.iter().enumerate().any(|(owner, t)| {
        t.is_some_and(|t| {
            let i = t.index();
            i >= 18 || i / 9 == owner || i % 9 == 8 || setup.board[i] > 0
        })
    });
    let same = matches!(setup.tuzdik, [Some(a), Some(b)] if a.index() % 9 == b.index() % 9);
    setup.to_move.index() >= 2 || bad_tuzdik || same || total > u32::from(u16::MAX)
}

fn check_state(game: &ToguzKumalak, total: u32, candidates: &[Move]) {
    assert_eq!(game.board().total(), total, "seeds are conserved in {game}");
    let tuzdik = [game.tuzdik(Player::P0), game.tuzdik(Player::P1)];
    for (owner, t) in tuzdik.iter().enumerate() {
        if let Some(t) = t {
            assert_eq!(game.board().get(*t), 0, "tuzdik empty in {game}");
            assert_ne!(t.index() / 9, owner);
            assert_ne!(t.index() % 9, 8);
        }
    }
    if let [Some(a), Some(b)] = tuzdik {
        assert_ne!(a.index() % 9, b.index() % 9);
    }
    let legal = game.legal_moves();
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    for mv in &legal {
        let Move::Sow(p) = mv else {
            panic!("Toguz Kumalak never passes");
        };
        assert!(!tuzdik.contains(&Some(*p)), "a tuzdik is never sown");
    }
    testing::check_state(game, candidates);
    testing::check_serde(game);
    let copy = ToguzKumalak::from_setup(game.to_setup()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    assert_eq!(copy.key(), game.key());
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(text) = <&str>::arbitrary(&mut u) else {
        return;
    };
    testing::check_text::<ToguzKumalak>(text);

    let Ok(mut setup) = ToguzSetup::arbitrary(&mut u) else {
        return;
    };
    if !u.ratio(1, 8).unwrap_or(false) {
        for c in setup.board.iter_mut().chain(&mut setup.stores) {
            *c %= 30;
        }
    }
    if u.ratio(1, 4).unwrap_or(false) {
        setup = ToguzSetup::default();
    }
    let mut game = match ToguzKumalak::from_setup(setup) {
        Ok(game) => {
            assert!(!broken(&setup), "{setup:?} accepted");
            game
        }
        Err(e) => {
            assert!(broken(&setup), "{setup:?} refused: {e}");
            let _: ToguzError = e;
            return;
        }
    };
    let total = game.board().total();
    let candidates = candidates();
    check_state(&game, total, &candidates);
    for _ in 0..MAX_PLIES {
        if u.is_empty() {
            break;
        }
        let Ok(choice) = u.arbitrary::<u8>() else {
            break;
        };
        let mv = if choice >= 0xE0 {
            // Any hole, legal or not, on the board or not, or a pass.
            let i = usize::from(choice - 0xE0);
            if i == 31 {
                Move::Pass
            } else {
                Move::Sow(Pit::new(i).unwrap_or_else(|| unreachable!()))
            }
        } else {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            legal[usize::from(choice) % legal.len()]
        };
        let mut unchecked = game.clone();
        let unchecked_turn = unchecked.play_unchecked(mv);
        assert_eq!(
            unchecked.board().total(),
            total,
            "play_unchecked conserves seeds"
        );
        let mut played = game.clone();
        match played.play(mv) {
            Ok(turn) => {
                assert_eq!(unchecked, played, "play_unchecked vs play");
                assert_eq!(unchecked_turn, turn, "play_unchecked's report vs play's");
                let mut again = game.clone();
                assert_eq!(again.play(mv), Ok(turn), "play is deterministic");
                assert_eq!(again, played);
                let mut observed = game.clone();
                let mut events = Vec::new();
                assert_eq!(observed.play_observed(mv, &mut events), Ok(turn));
                assert_eq!(observed, played, "play_observed vs play");
                game = played;
            }
            Err(_) => {
                assert_eq!(played, game, "a refused move changes nothing");
                assert!(!game.is_legal(&mv));
                continue;
            }
        }
        check_state(&game, total, &candidates);
    }
});
