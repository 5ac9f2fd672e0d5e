//! Toguz Kumalak by hand: captures, the tuzdik and its refusals, payouts,
//! the end, setups and refused moves. Every expected value is worked out
//! from the rules (CATALOGUE.md, "Toguz Kumalak") in the comment beside it.
//! Holes are canonical: player 0's are 0 to 8 from his left, player 1's 9
//! to 17 from his; a hole's index in its row is `hole % 9`.

use mancala_core::{
    Game, Move, Outcome, Pit, PlayError, Player, Rules, Status, Traditional,
    toguz::{ToguzError, ToguzKumalak, ToguzPlayError, ToguzSetup},
};
use mancala_testing as testing;

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

fn sow(i: usize) -> Move {
    Move::Sow(pit(i))
}

/// A position with these holes (the rest empty), stores, tuzdiks and mover.
fn position(
    holes: &[(usize, u16)],
    stores: [u16; 2],
    tuzdik: [Option<usize>; 2],
    to_move: Player,
) -> ToguzKumalak {
    let mut setup = ToguzSetup {
        board: [0; 18],
        stores,
        tuzdik: tuzdik.map(|t| t.map(pit)),
        to_move,
    };
    for &(i, c) in holes {
        setup.board[i] = c;
    }
    ToguzKumalak::from_setup(setup).unwrap()
}

#[test]
fn the_start_and_the_catalogue() {
    let game = ToguzKumalak::default();
    assert_eq!(game.board().holes(), &[9; 18]);
    assert_eq!(game.status(), Status::ToMove(Player::P0));
    assert_eq!(game.legal_moves().len(), 9);
    let entry = Traditional::from_name("toguz-kumalak").unwrap();
    assert_eq!(entry, Traditional::ToguzKumalak);
    assert_eq!(entry.title(), "Toguz Kumalak");
    assert!(entry.has_own_type());
    assert_eq!(entry.rules(), Rules::toguz_kumalak());
    assert_eq!(game.rules(), Rules::toguz_kumalak());
    assert!(Rules::toguz_kumalak().check().is_ok());
    assert!(
        Traditional::ALL
            .iter()
            .filter(|g| g.has_own_type())
            .eq([&entry])
    );
}

#[test]
fn an_even_count_in_the_opponents_row_is_taken() {
    // Nine from hole 6: one back into 6, eight into 7..=14. Hole 14 holds
    // 9 + 1 = 10, even, in player 1's row: player 0 takes 10.
    let mut game = ToguzKumalak::default();
    let turn = game.play(sow(6)).unwrap();
    assert_eq!(
        (turn.landing, turn.captured, turn.new_tuzdik),
        (pit(14), 10, false)
    );
    assert_eq!(game.board().store(Player::P0), 10);
    assert_eq!(game.board().get(pit(14)), 0);
    assert_eq!(game.board().get(pit(6)), 1);
    // Player 1 sows nine from hole 17: one back, eight into 0..=7 (player
    // 0's row); hole 7 holds 10 + 1 = 11, odd: nothing is taken.
    let turn = game.play(sow(17)).unwrap();
    assert_eq!((turn.landing, turn.captured), (pit(7), 0));
    assert_eq!(game.board().get(pit(7)), 11);
}

#[test]
fn an_even_count_in_the_own_row_stays() {
    // Three from hole 2: one back, then 3 and 4. Hole 4 holds 3 + 1 = 4,
    // even, but in the mover's own row: nothing is taken.
    let mut game = position(&[(2, 3), (4, 3), (12, 5)], [0, 0], [None; 2], Player::P0);
    let turn = game.play(sow(2)).unwrap();
    assert_eq!((turn.landing, turn.captured), (pit(4), 0));
    assert_eq!(game.board().get(pit(4)), 4);
}

#[test]
fn three_in_the_opponents_row_makes_a_tuzdik() {
    // Three from hole 7: one back, then 8 and 9. Hole 9 (player 1's first)
    // holds 2 + 1 = 3; player 0 has no tuzdik, player 1 none either, and 9
    // is not player 1's ninth hole: it becomes player 0's tuzdik, its 3
    // seeds his.
    let mut game = position(&[(7, 3), (9, 2), (12, 5)], [0, 0], [None; 2], Player::P0);
    let turn = game.play(sow(7)).unwrap();
    assert!(turn.new_tuzdik);
    assert_eq!(turn.captured, 3);
    assert_eq!(game.tuzdik(Player::P0), Some(pit(9)));
    assert_eq!(game.board().store(Player::P0), 3);
    assert_eq!(&game.board().holes()[7..10], &[1, 1, 0]);
    // Hole 9 is now never sown by player 1.
    let before = game.clone();
    assert_eq!(game.play(sow(9)), Err(ToguzPlayError::Tuzdik(pit(9))));
    assert_eq!(game, before);
    assert!(!game.legal_moves().contains(&sow(9)));
}

#[test]
fn a_second_tuzdik_is_refused() {
    // As above, but player 0 already has his tuzdik on hole 13: hole 9
    // keeps its 3 seeds.
    let mut game = position(
        &[(7, 3), (9, 2), (12, 5)],
        [3, 0],
        [Some(13), None],
        Player::P0,
    );
    let turn = game.play(sow(7)).unwrap();
    assert!(!turn.new_tuzdik);
    assert_eq!(turn.captured, 0);
    assert_eq!(game.board().get(pit(9)), 3);
    assert_eq!(game.tuzdik(Player::P0), Some(pit(13)));
}

#[test]
fn the_index_of_the_opponents_tuzdik_is_refused() {
    // Player 1's tuzdik is hole 0, the first of player 0's row: player 0
    // may not make player 1's first hole (9) his tuzdik.
    let mut game = position(
        &[(7, 3), (9, 2), (12, 5)],
        [0, 3],
        [None, Some(0)],
        Player::P0,
    );
    let turn = game.play(sow(7)).unwrap();
    assert!(!turn.new_tuzdik);
    assert_eq!(game.board().get(pit(9)), 3);
    assert_eq!(game.tuzdik(Player::P0), None);
    // Another index is fine: hole 10 (index 1) from hole 8 (one back, then
    // 9 and 10) with hole 10 at 2 + 1 = 3.
    let mut game = position(
        &[(8, 3), (10, 2), (12, 5)],
        [0, 3],
        [None, Some(0)],
        Player::P0,
    );
    assert!(game.play(sow(8)).unwrap().new_tuzdik);
    assert_eq!(game.tuzdik(Player::P0), Some(pit(10)));
}

#[test]
fn the_ninth_hole_never_becomes_a_tuzdik() {
    // Ten from hole 8: one back, then 9..=17. Hole 17, player 1's ninth,
    // holds 2 + 1 = 3: it stays, with its seeds.
    let mut game = position(&[(8, 10), (17, 2)], [0, 0], [None; 2], Player::P0);
    let turn = game.play(sow(8)).unwrap();
    assert_eq!(
        (turn.landing, turn.new_tuzdik, turn.captured),
        (pit(17), false, 0)
    );
    assert_eq!(game.board().get(pit(17)), 3);
    assert_eq!(game.tuzdik(Player::P0), None);
}

#[test]
fn a_tuzdik_pays_out_whoever_sows_through_it() {
    // Player 0's tuzdik is hole 12. Player 1 sows four from hole 10: one
    // back, then 11, 12 and 13. The seed in 12 goes to player 0's store.
    let mut game = position(&[(0, 5), (10, 4)], [3, 0], [Some(12), None], Player::P1);
    let turn = game.play(sow(10)).unwrap();
    assert_eq!(turn.paid, [1, 0]);
    assert_eq!(game.board().store(Player::P0), 4);
    assert_eq!(&game.board().holes()[10..14], &[1, 1, 0, 1]);
    // Player 0 sows 17 from hole 0: one back, then 1..=16; tuzdik 12 gets
    // one, paid to him; hole 16 (player 1's) holds 0 + 1 = 1, odd.
    let mut game = position(&[(0, 17), (10, 4)], [3, 0], [Some(12), None], Player::P0);
    let turn = game.play(sow(0)).unwrap();
    assert_eq!(turn.landing, pit(16));
    assert_eq!(turn.paid, [1, 0]);
    assert_eq!(game.board().store(Player::P0), 4);
    assert_eq!(game.board().get(pit(12)), 0);
    // Both tuzdiks pay at once: player 1's is hole 4. Player 0 sows 19
    // from hole 2: one back, then 3..=17 and 0..=2 (18): every hole gets
    // one, hole 2 a second. Tuzdik 4 pays 1 to player 1, tuzdik 12 pays 1
    // to player 0; the last seed is in hole 2, his own row.
    let mut game = position(&[(2, 19), (10, 4)], [3, 3], [Some(12), Some(4)], Player::P0);
    let turn = game.play(sow(2)).unwrap();
    assert_eq!(turn.landing, pit(2));
    assert_eq!(turn.paid, [1, 1]);
    assert_eq!(game.board().stores()[..2], [4, 4]);
    assert_eq!(game.board().get(pit(2)), 2);
}

#[test]
fn the_game_ends_when_the_player_to_move_has_no_seeds() {
    // Player 1 sows two from hole 10: one back, one into 11. Player 0 has no
    // seeds: the game is over. Player 0 scores his store, 70; player 1 his
    // store 60 plus his row 1 + 1 + 30 = 92, and wins.
    let mut game = position(&[(10, 2), (15, 30)], [70, 60], [None; 2], Player::P1);
    assert_eq!(game.scores().as_slice(), &[70, 60]);
    game.play(sow(10)).unwrap();
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P1)));
    assert_eq!(game.scores().as_slice(), &[70, 92]);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(sow(0)), Err(PlayError::GameOver.into()));
    // A setup whose player to move has no seeds is a finished game: 81 all.
    let game = position(&[(9, 81)], [81, 0], [None; 2], Player::P0);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let game = position(&[(0, 4), (10, 4)], [0, 0], [None, Some(3)], Player::P0);
    for (mv, error) in [
        (sow(3), ToguzPlayError::Tuzdik(pit(3))),
        (sow(1), PlayError::EmptyHole(pit(1)).into()),
        (
            sow(10),
            PlayError::NotYourHole {
                pit: pit(10),
                owner: Player::P1,
                mover: Player::P0,
            }
            .into(),
        ),
        (sow(18), PlayError::NotOnBoard(pit(18)).into()),
        (Move::Pass, PlayError::CannotPass.into()),
    ] {
        let mut after = game.clone();
        assert_eq!(after.play(mv), Err(error), "{mv}");
        assert!(!after.is_legal(&mv));
        assert_eq!(after, game);
        assert_eq!(after.to_string(), game.to_string());
    }
    assert_eq!(game.legal_moves().as_slice(), &[sow(0)]);
}

#[test]
fn invalid_setups_give_typed_errors() {
    let setup = |tuzdik: [Option<usize>; 2]| ToguzSetup {
        tuzdik: tuzdik.map(|t| t.map(pit)),
        board: {
            let mut b = [9; 18];
            for t in tuzdik.into_iter().flatten() {
                if t < 18 {
                    b[t] = 0;
                }
            }
            b
        },
        ..ToguzSetup::default()
    };
    let check = |s: ToguzSetup| ToguzKumalak::from_setup(s).err();
    assert_eq!(
        check(setup([Some(9), Some(0)])),
        Some(ToguzError::SameIndex(pit(9), pit(0)))
    );
    assert_eq!(check(setup([Some(9), Some(1)])), None);
    assert_eq!(
        check(setup([Some(4), None])),
        Some(ToguzError::TuzdikInOwnRow {
            player: Player::P0,
            pit: pit(4)
        })
    );
    assert_eq!(
        check(setup([None, Some(8)])),
        Some(ToguzError::TuzdikOnLastHole {
            player: Player::P1,
            pit: pit(8)
        })
    );
    assert_eq!(
        check(setup([Some(20), None])),
        Some(ToguzError::TuzdikOffBoard {
            player: Player::P0,
            pit: pit(20)
        })
    );
    let mut full = setup([Some(9), None]);
    full.board[9] = 1;
    assert_eq!(
        check(full),
        Some(ToguzError::TuzdikNotEmpty {
            player: Player::P0,
            pit: pit(9)
        })
    );
    let heavy = ToguzSetup {
        board: [4000; 18],
        ..ToguzSetup::default()
    };
    assert_eq!(check(heavy), Some(ToguzError::TooManySeeds(72_000)));
    let third = ToguzSetup {
        to_move: Player::new(2).unwrap(),
        ..ToguzSetup::default()
    };
    assert_eq!(check(third), Some(ToguzError::NoSuchPlayer(third.to_move)));
}

#[test]
fn text_and_serde_check_the_setup() {
    let game: ToguzKumalak = "9,9,9,9,9,9,9,9,9/0,9,9,9,9,9,9,9,9 9,0 1 tuzdik=9,-"
        .parse()
        .unwrap();
    assert_eq!(game.tuzdik(Player::P0), Some(pit(9)));
    testing::check_notation(&game);
    testing::check_serde(&game);
    // A tuzdik on a 9th hole: well-formed text, impossible position.
    assert!(matches!(
        "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,0 9,0 1 tuzdik=17,-".parse::<ToguzKumalak>(),
        Err(mancala_core::notation::ParseError::Setup(
            ToguzError::TuzdikOnLastHole { .. }
        ))
    ));
    for bad in [
        "9,9/9,9 0,0 0",
        "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0,0 0 tuzdik=1",
        "",
    ] {
        assert!(bad.parse::<ToguzKumalak>().is_err(), "{bad}");
    }
    let mut json = serde_json::to_value(&game).unwrap();
    json["tuzdik"] = serde_json::json!([4, null]);
    assert!(serde_json::from_value::<ToguzKumalak>(json).is_err());
}

/// The shared `Game` harness on random playouts, with seed conservation
/// and the tuzdik's invariants at every state.
#[test]
fn harness() {
    let candidates: Vec<Move> = (0..20).map(sow).chain([Move::Pass]).collect();
    let start = ToguzKumalak::default();
    testing::random_playouts(start, 0x7062, 40, 400, |game, _turn| {
        testing::check_state(game, &candidates);
        testing::check_notation(game);
        testing::check_serde(game);
        assert_eq!(game.board().total(), 162, "seeds are conserved in {game}");
        for p in [Player::P0, Player::P1] {
            if let Some(t) = game.tuzdik(p) {
                assert_eq!(game.board().get(t), 0);
                assert_ne!(t.index() / 9, p.index());
                assert_ne!(t.index() % 9, 8);
            }
        }
    });
}
