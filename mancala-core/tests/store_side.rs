//! Stores on their owners' left ([`StoreSide::Left`]: Chongka' and
//! Chungcajon): where they sit in the ring, how clockwise sowing passes
//! them, and their options text.

use mancala_core::{
    Game, Layout, Mancala, Move, Pit, Player, Rules, Setup, Status, Topology, Traditional,
    rules::{Direction, StoreSide},
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// On two rows of 7, a store on its owner's right follows his last hole
/// (player 0's hole 6, player 1's hole 13); on his left it comes before
/// his first hole, so it follows the hole before that one in the ring
/// (player 0's hole 0 comes after hole 13, player 1's hole 7 after hole
/// 6): the two stores trade places.
#[test]
fn left_stores_sit_before_the_owners_first_hole() {
    let right = Topology::new(Layout::two_rows(7)).unwrap();
    let left = Topology::new(Layout::two_rows(7).with_store_side(StoreSide::Left)).unwrap();
    for h in 0..14 {
        let (r, l) = (right.store_after(pit(h)), left.store_after(pit(h)));
        match h {
            6 => assert_eq!((r, l), (Some(Player::P0), Some(Player::P1))),
            13 => assert_eq!((r, l), (Some(Player::P1), Some(Player::P0))),
            _ => assert_eq!((r, l), (None, None), "hole {h}"),
        }
    }
    assert_ne!(Layout::two_rows(7), left.layout());
}

/// Chongka' sows clockwise through the mover's own store on his left. By
/// hand: player 0 sows hole 1's 3 seeds clockwise: one into hole 0, one
/// into his store on leaving his row (between holes 0 and 13), one into
/// hole 13, which was empty: no relay, and no capture in the opponent's
/// row. With the stores on the right, the same move passes player 1's
/// store there (not sown) and ends in hole 12, his own store untouched.
#[test]
fn clockwise_sowing_passes_the_own_store_on_the_left() {
    let rules = Rules::chongka();
    assert_eq!(rules.layout.store_side, StoreSide::Left);
    assert_eq!(rules.sowing.direction, Direction::Clockwise);
    let mut setup = Setup::new(rules);
    setup.board = vec![0, 3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
    setup.stores = vec![0, 0];
    let mut game = Mancala::from_setup(setup.clone()).unwrap();
    game.play(Move::Sow(pit(1))).unwrap();
    assert_eq!(
        game.board().holes(),
        &[1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1]
    );
    assert_eq!(game.board().stores()[..2], [1, 0]);
    assert_eq!(game.status(), Status::ToMove(Player::P1));

    setup.rules.layout.store_side = StoreSide::Right;
    let mut right = Mancala::from_setup(setup).unwrap();
    right.play(Move::Sow(pit(1))).unwrap();
    assert_eq!(
        right.board().holes(),
        &[1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1]
    );
    assert_eq!(right.board().stores()[..2], [0, 0]);
}

/// A lap whose last seed falls in the own store ends the move, with no
/// extra turn. By hand: player 1 sows hole 8's 2 seeds clockwise: one into
/// hole 7, the last into his store on leaving his row (between holes 7
/// and 6); player 0 moves next.
#[test]
fn a_lap_ending_in_the_left_store_ends_the_move() {
    for game in [Traditional::Chongka, Traditional::Chungcajon] {
        let mut setup = Setup::new(game.rules());
        setup.board = vec![1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0];
        setup.stores = vec![0, 0];
        setup.to_move = Player::P1;
        let mut state = Mancala::from_setup(setup).unwrap();
        state.play(Move::Sow(pit(8))).unwrap();
        assert_eq!(
            state.board().holes(),
            &[1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
            "{game}"
        );
        assert_eq!(state.board().stores()[..2], [0, 1], "{game}");
        assert_eq!(state.status(), Status::ToMove(Player::P0), "{game}");
    }
}

/// `store_side` reads and writes as `right` or `left`, in any order with
/// `houses` and `layout` (which keep it), and a bad value is a typed error.
#[test]
fn store_side_round_trips_in_the_options_text() {
    let left = Rules::oware().with_houses(7);
    let left = Rules {
        layout: left.layout.with_store_side(StoreSide::Left),
        ..left
    };
    assert_eq!(left.to_string(), "houses=7 store_side=left");
    for text in [
        "houses=7 store_side=left",
        "store_side=left houses=7",
        "store_side=left layout=7:0,1",
    ] {
        assert_eq!(text.parse::<Rules>(), Ok(left), "{text}");
    }
    for game in [Traditional::Chongka, Traditional::Chungcajon] {
        let text = game.rules().to_string();
        assert!(text.contains("store_side=left"), "{text}");
        assert_eq!(text.parse::<Rules>(), Ok(game.rules()));
    }
    assert_eq!(
        "store_side=right".parse::<Rules>(),
        Ok(Rules::oware()),
        "the default"
    );
    assert!("store_side=up".parse::<Rules>().is_err());
}

/// The drawn board puts each store on its owner's side: South's (player
/// 0's) at the right end for Kalah, at the left end for Chongka'.
#[test]
fn the_drawn_board_puts_each_store_on_its_owners_side() {
    let line = |rules: Rules| {
        let drawn = format!("{:#}", Mancala::new(rules).unwrap());
        drawn
            .lines()
            .nth(2)
            .unwrap()
            .split_whitespace()
            .next()
            .map(String::from)
    };
    assert_eq!(line(Rules::kalah()).as_deref(), Some("N"));
    assert_eq!(line(Rules::chongka()).as_deref(), Some("S"));
}
