//! Openings of placements (`Mancala::place_seeds_before_placement`,
//! `Mancala::new_placing`, `Setup::placing`): a player whose turn is a
//! placement has his sowing moves neither listed nor tried.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::{
    Game, Mancala, Move, Pit, PlaceError, PlayError, Player, Rules, Setup, rules::Relay,
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// The known slow position (a 307,959,030-lap cycle from its hole
/// 0, relaying at 2 on oware's board with the origin sown into), turned
/// half a ring so that the slow hole is player 1's hole 6. Its sowing moves
/// alone are what the rotation moves: they cannot be decided within the
/// default work budget (`Budget::DEFAULT`).
fn slow_for_player_1() -> Setup {
    let slow = [9, 2, 1, 7, 2, 14, 6, 1, 11, 14, 2, 3];
    let mut rules = Rules::oware();
    rules.relay = Relay::AtLeast(2);
    rules.sowing.skip_origin = false;
    let mut setup = Setup::new(rules);
    setup.board = (0..12).map(|i| slow[(i + 6) % 12]).collect();
    setup.stores = vec![0, 0];
    setup.placing = true;
    setup
}

#[test]
fn a_placing_player_s_sowing_moves_are_not_tried() {
    // Player 0 places first: his own moves are not tried either.
    let start = Mancala::from_setup(slow_for_player_1()).unwrap();
    assert!(start.is_placing());
    assert_eq!(start.to_move(), Some(Player::P0));
    // Handing the turn to player 1 as a sowing turn tries his moves, and
    // the slow one cannot be decided: refused, nothing changed.
    let mut game = start.clone();
    // (No seed placed: a seed more would change the cycle.)
    let refused = game.place_seeds(&[], Player::P1);
    assert!(
        matches!(refused, Err(PlaceError::Undecided(u)) if u.player == Player::P1),
        "{refused:?}"
    );
    assert_eq!(game, start);
    // As a placement turn, nothing of his is tried.
    game.place_seeds_before_placement(&[], Player::P1).unwrap();
    assert!(game.is_placing() && !game.is_over());
    assert_eq!(game.to_move(), Some(Player::P1));
    assert_eq!(game.board(), start.board());
    assert!(game.legal_moves().is_empty());
    assert!(game.legal_pits().is_empty());
    assert!(!game.must_pass());
    for mv in [Move::Sow(pit(6)), Move::Sow(pit(0)), Move::Pass] {
        let mut copy = game.clone();
        assert_eq!(copy.play(mv), Err(PlayError::MustPlace));
        assert_eq!(copy, game);
        assert!(!game.is_legal(&mv));
    }
    // The state reads back from its setup, its text and its serde form.
    let setup = game.to_setup();
    assert!(setup.placing);
    assert_eq!(Mancala::from_setup(setup).unwrap(), game);
    let text = game.to_string();
    assert!(text.contains(" placing"), "{text}");
    assert_eq!(text.parse::<Mancala>().unwrap(), game);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<Mancala>(&json).unwrap(), game);
    // The same board and player to move, sowing: other moves, another key.
    let mut sowing = game.to_setup();
    sowing.placing = false;
    sowing.rules.relay = Relay::Never;
    let mut placing = sowing.clone();
    placing.placing = true;
    let (sowing, placing) = (
        Mancala::from_setup(sowing).unwrap(),
        Mancala::from_setup(placing).unwrap(),
    );
    assert_ne!(sowing.legal_moves(), placing.legal_moves());
    assert_ne!(sowing.key(), placing.key());
}

#[test]
fn a_placement_ends_the_opening_and_the_next_moves_are_listed() {
    let mut game = Mancala::new_placing(Rules::oware()).unwrap();
    assert!(game.is_placing() && game.legal_moves().is_empty());
    game.place_seeds_before_placement(&[(pit(5), 2)], Player::P1)
        .unwrap();
    assert!(game.is_placing());
    game.place_seeds(&[(pit(6), 2)], Player::P0).unwrap();
    assert!(!game.is_placing());
    // Oware's six holes of 4 (hole 5 with 6): all six sowing moves.
    assert_eq!(game.legal_moves().len(), 6);
    assert!(!game.to_setup().placing);
    // A setup without `placing` judges the moves as before.
    let json = serde_json::to_value(Setup::new(Rules::oware())).unwrap();
    assert_eq!(json["placing"], serde_json::json!(false));
    let mut object = json.as_object().unwrap().clone();
    object.remove("placing");
    let setup: Setup = serde_json::from_value(serde_json::Value::Object(object)).unwrap();
    assert!(!setup.placing);
}

#[test]
fn a_placing_player_with_an_empty_side_cannot_move_without_passes() {
    // Player 1's side is empty when the turn comes to him.
    let board = vec![4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0];
    for pass in [false, true] {
        let mut rules = Rules::oware();
        rules.end.pass = pass;
        rules.end.side_empty = false;
        let mut setup = Setup::new(rules);
        setup.board = board.clone();
        setup.stores = vec![24, 0];
        setup.placing = true;
        let mut game = Mancala::from_setup(setup).unwrap();
        game.place_seeds_before_placement(&[], Player::P1).unwrap();
        // Without passes he cannot move: over, as at any turn. With them,
        // he can place.
        assert_eq!(game.is_over(), !pass, "pass={pass}");
        assert_eq!(game.is_placing(), pass);
        if !pass {
            // A finished game is never placing, and its setup says so.
            assert!(!game.to_setup().placing);
        }
    }
}

#[test]
fn a_finished_setup_ignores_placing() {
    let mut setup = Setup::new(Rules::oware());
    setup.over = true;
    setup.board = vec![0; 12];
    setup.stores = vec![24, 24];
    setup.placing = true;
    let game = Mancala::from_setup(setup).unwrap();
    assert!(game.is_over() && !game.is_placing());
}
