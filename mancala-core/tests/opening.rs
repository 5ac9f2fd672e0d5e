//! How a game opens: seeds moved before the first move ([`Start`]:
//! FairKalah), with their options text and their errors.

use mancala_core::{
    Game, Mancala, Move, Pit, Player, Rules, RulesError, Setup, Status, Traditional,
    notation::RuleOptions,
    rules::{Start, StartError},
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// FairKalah's board 1 moves one of South's seeds from hole 4 to hole 2:
/// 4, 4, 5, 4, 3, 4 against North's six 4s, 48 seeds as in Kalah, and the
/// setup of the rules starts there too.
#[test]
fn fairkalah_starts_with_one_seed_moved() {
    let rules = Rules::fairkalah();
    assert_eq!(rules.start, Start::UNIFORM.moving(4, 2));
    let game = Mancala::new(rules).unwrap();
    assert_eq!(game.board().holes(), &[4, 4, 5, 4, 3, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(game.board().total(), rules.total_seeds());
    assert_eq!(Setup::new(rules).board, game.board().holes());
    assert_eq!(Traditional::from_name("fairkalah").unwrap().rules(), rules);
}

/// FairKalah's move from hole 2 at the start: its 5 seeds (one more than
/// Kalah's) go to holes 3, 4 and 5 (5, 4, 5), South's store (1) and
/// North's hole 6 (5); the last seed is not in the store: North moves
/// next.
#[test]
fn fairkalah_sows_through_the_own_store() {
    let mut game = Mancala::new(Rules::fairkalah()).unwrap();
    game.play(Move::Sow(pit(2))).unwrap();
    assert_eq!(game.board().holes(), &[4, 4, 0, 5, 4, 5, 5, 4, 4, 4, 4, 4]);
    assert_eq!(game.board().store(Player::P0), 1);
    assert_eq!(game.status(), Status::ToMove(Player::P1));
}

/// FairKalah takes the lone seed even from an empty file: South's last
/// seed falls in his empty hole 1, facing North's empty hole 10; the lone
/// seed goes to his store all the same (Kalah as OpenSpiel plays it
/// leaves it).
#[test]
fn fairkalah_takes_the_lone_seed_facing_an_empty_hole() {
    let mut setup = Setup::new(Rules::fairkalah());
    setup.board = vec![1, 0, 0, 0, 0, 2, 3, 3, 3, 3, 0, 3];
    setup.stores = vec![10, 18];
    let mut game = Mancala::from_setup(setup.clone()).unwrap();
    game.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(game.board().holes(), &[0, 0, 0, 0, 0, 2, 3, 3, 3, 3, 0, 3]);
    assert_eq!(game.board().store(Player::P0), 11);

    setup.rules = Rules::kalah();
    let mut kalah = Mancala::from_setup(setup).unwrap();
    kalah.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(kalah.board().holes(), &[0, 1, 0, 0, 0, 2, 3, 3, 3, 3, 0, 3]);
}

/// Seeds move one at a time, in order: a hole may pass on a seed it was
/// just given, and moving one from an empty hole or off the board is a
/// typed error, never a panic.
#[test]
fn start_moves_apply_in_order_and_bad_ones_are_refused() {
    let mut rules = Rules::oware().with_houses(3).with_seeds(1);
    // Hole 0's seed to hole 1, then hole 1's two to hole 4: 0, 0, 1 and
    // 1, 3, 1.
    rules.start = Start::UNIFORM.moving(0, 1).moving(1, 4).moving(1, 4);
    let game = Mancala::new(rules).unwrap();
    assert_eq!(game.board().holes(), &[0, 0, 1, 1, 3, 1]);
    // A third seed from hole 1 is not there.
    rules.start = rules.start.moving(1, 2);
    let refused = StartError { from: 1, to: 2 };
    assert_eq!(Mancala::new(rules), Err(RulesError::Start(refused)));
    rules.start = Start::UNIFORM.moving(0, 6);
    assert!(matches!(Mancala::new(rules), Err(RulesError::Start(_))));
    // A fifth move has no room: the start stays as it was.
    let full = Start::UNIFORM
        .moving(0, 1)
        .moving(0, 1)
        .moving(0, 1)
        .moving(0, 1);
    assert_eq!(full.moving(2, 3), full);
}

/// The options text: `start_moves=none` for every other game, FairKalah's
/// `4>2`, read back; malformed values are refused.
#[test]
fn start_moves_read_and_write_as_options() {
    assert_eq!(Rules::kalah().value("start_moves").as_deref(), Some("none"));
    let fair = Rules::fairkalah();
    assert_eq!(fair.value("start_moves").as_deref(), Some("4>2"));
    let mut rules = Rules::kalah();
    rules.set("start_moves", "4>2").unwrap();
    rules.set("empty_capture", "true").unwrap();
    assert_eq!(rules, fair);
    rules.set("start_moves", "0>1,2>3").unwrap();
    assert_eq!(rules.start, Start::UNIFORM.moving(0, 1).moving(2, 3));
    for bad in ["4", "4>", "a>2", "1>2,1>2,1>2,1>2,1>2", ""] {
        assert!(rules.set("start_moves", bad).is_err(), "{bad}");
    }
    let text = format!("{}", Mancala::new(fair).unwrap());
    assert!(text.contains("start_moves=4>2"), "{text}");
    assert_eq!(
        text.parse::<Mancala>().unwrap(),
        Mancala::new(fair).unwrap()
    );
}

/// A start is written one way: its moves first. The same move after an
/// empty place (as a value built field by field could hold) would write
/// and read back as another value, so the rules refuse it.
#[test]
fn a_start_with_an_empty_place_before_a_move_is_refused() {
    let mut rules = Rules::kalah();
    rules.start.moved[1] = Some((0, 1));
    assert!(!rules.start.is_packed());
    assert_eq!(Mancala::new(rules).unwrap_err(), RulesError::StartGap);
    rules.start = Start::UNIFORM.moving(0, 1);
    assert!(rules.start.is_packed());
    assert!(Mancala::new(rules).is_ok());
}
