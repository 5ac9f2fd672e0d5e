//! Restricted first moves ([`FirstMoves`]: Dabuda's and Um el-Bil's first
//! moves sow the mover's rightmost hole): the legal moves, the refusals,
//! the count of restricted moves left in the position and its setup, text
//! and serde forms, and the values refused.

use mancala_core::{
    Game, Mancala, Move, Pit, PlayError, Player, Rules, RulesError, Setup, SetupError, Status,
    Traditional,
    mancala_text::ParseError,
    notation::{NotationError, RuleOptions},
    rules::{FirstMoves, MAX_FIRST_MOVES},
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

fn sows(holes: &[usize]) -> Vec<Move> {
    holes.iter().map(|&i| Move::Sow(pit(i))).collect()
}

/// Every sowing move of the player to move other than `legal` is refused
/// as not a restricted first move's hole (an empty hole as empty first),
/// and changes nothing.
fn others_refused(game: &Mancala, own: std::ops::Range<usize>, legal: &[usize]) {
    for i in own.filter(|i| !legal.contains(i)) {
        let mut copy = game.clone();
        let expected = if game.board().get(pit(i)) == 0 {
            PlayError::EmptyHole(pit(i))
        } else {
            PlayError::FirstMoves(pit(i))
        };
        assert_eq!(copy.play(Move::Sow(pit(i))), Err(expected), "hole {i}");
        assert_eq!(&copy, game);
        assert!(!game.is_legal(&Move::Sow(pit(i))));
    }
}

/// Dabuda: each player's first move sows his rightmost hole (player 0's
/// 9, player 1's 19); then any hole.
///
/// Player 0's hole 9 at the start: its 4 seeds go to North's 10 to 13,
/// the last making 13 hold 5: a relay. 13's 5 go to 14 to 18 (18 holds 5:
/// relay), 18's to 19, 0, 1, 2, 3 (3 holds 5: relay), 3's to 4 to 8 (8
/// holds 5: relay), and 8's to 9 (1), 10 (6), 11 (6), 12 (6) and 13 (1):
/// the last seed is alone in a hole of North's row, and the move ends
/// after 5 laps, nothing taken (the trace's first state after it too).
#[test]
fn dabuda_first_moves_sow_the_rightmost_holes() {
    let rules = Rules::dabuda();
    assert_eq!(rules.first_moves, FirstMoves::rightmost(2));
    let mut game = Mancala::new(rules).unwrap();
    assert_eq!(game.first_moves_left(), 2);
    assert_eq!(game.legal_moves().as_slice(), sows(&[9]));
    others_refused(&game, 0..10, &[9]);
    // A hole of North's is still refused as his.
    assert!(matches!(
        game.clone().play(Move::Sow(pit(19))),
        Err(PlayError::NotYourHole { .. })
    ));

    let turn = game.play(Move::Sow(pit(9))).unwrap();
    assert_eq!(turn.laps, 5);
    assert_eq!(
        game.board().holes(),
        &[5, 5, 5, 0, 5, 5, 5, 5, 0, 1, 6, 6, 6, 1, 5, 5, 5, 5, 0, 5]
    );
    // North's first move: his rightmost hole, 19, only.
    assert_eq!(game.first_moves_left(), 1);
    assert_eq!(game.status(), Status::ToMove(Player::P1));
    assert_eq!(game.legal_moves().as_slice(), sows(&[19]));
    others_refused(&game, 10..19, &[19]);

    // North's empty hole 18 is refused as empty.
    assert_eq!(
        game.clone().play(Move::Sow(pit(18))),
        Err(PlayError::EmptyHole(pit(18)))
    );

    // Hole 19's 5 seeds go to 0 to 4, and the move relays from 4 (6), 10
    // (7), 17 (6), 3 (2), 5 (7), 12 (8), 0 (8), 8 (3) and 11 (9): 10 laps
    // (the trace's second state), the last seed alone in South's hole 0.
    let turn = game.play(Move::Sow(pit(19))).unwrap();
    assert_eq!(turn.laps, 10);
    assert_eq!(
        game.board().holes(),
        &[1, 8, 8, 1, 2, 1, 8, 8, 0, 4, 2, 0, 1, 4, 8, 8, 8, 2, 3, 3]
    );
    // Both first moves played: South sows any hole with seeds (all but 8).
    assert_eq!(game.first_moves_left(), 0);
    assert_eq!(
        game.legal_moves().as_slice(),
        sows(&[0, 1, 2, 3, 4, 5, 6, 7, 9])
    );
}

/// Um el-Bil: only South's first move is restricted, to his hole 5. Its 4
/// seeds go to North's 6 to 9, the last making 9 hold 5 (not an empty
/// hole: nothing taken); North then sows any of his six holes.
#[test]
fn um_el_bil_restricts_south_first_move_only() {
    let rules = Rules::um_el_bil();
    assert_eq!(rules.first_moves, FirstMoves::rightmost(1));
    let mut game = Mancala::new(rules).unwrap();
    assert_eq!(game.first_moves_left(), 1);
    assert_eq!(game.legal_moves().as_slice(), sows(&[5]));
    others_refused(&game, 0..6, &[5]);
    game.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(game.board().holes(), &[4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4]);
    assert_eq!(game.first_moves_left(), 0);
    assert_eq!(game.legal_moves().as_slice(), sows(&[6, 7, 8, 9, 10, 11]));
}

/// Where the restricted hole is empty (a set-up position), the restriction
/// does not bind that move: a player with seeds can move, as the game's
/// end rule (no seeds, no move) expects, and the move still counts.
///
/// Dabuda, South to move with 1 seed in hole 0 and 2 in hole 8, his hole 9
/// empty: he may sow 0 or 8. Hole 0's seed falls alone in his hole 1,
/// facing North's empty 18: nothing taken. North's first move is then
/// restricted to his hole 19 (3 seeds: 0, 1, 2; not his hole 15), which
/// ends alone in South's empty hole 2. South then sows any of 0 (1), 1
/// (2), 2 (1), 8 (2).
#[test]
fn an_empty_restricted_hole_does_not_bind() {
    let mut setup = Setup::new(Rules::dabuda());
    setup.board = vec![1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3];
    setup.stores = vec![36, 37];
    assert_eq!(setup.first_moves_left, 2);
    let mut game = Mancala::from_setup(setup).unwrap();
    assert_eq!(game.first_moves_left(), 2);
    assert_eq!(game.legal_moves().as_slice(), sows(&[0, 8]));
    game.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(game.first_moves_left(), 1);
    assert_eq!(game.legal_moves().as_slice(), sows(&[19]));
    others_refused(&game, 10..19, &[19]);
    game.play(Move::Sow(pit(19))).unwrap();
    assert_eq!(game.first_moves_left(), 0);
    assert_eq!(game.board().holes()[..10], [1, 2, 1, 0, 0, 0, 0, 0, 2, 0]);
    assert_eq!(game.legal_moves().as_slice(), sows(&[0, 1, 2, 8]));

    // Um el-Bil, hole 5 empty: South sows 0 or 2.
    let mut setup = Setup::new(Rules::um_el_bil());
    setup.board = vec![3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    setup.stores = vec![20, 23];
    let game = Mancala::from_setup(setup).unwrap();
    assert_eq!(game.first_moves_left(), 1);
    assert_eq!(game.legal_moves().as_slice(), sows(&[0, 2]));
}

/// The first moves are sowing moves: an extra move counts, a pass does
/// not.
///
/// Kalah with 1 seed a hole and the first 2 moves in the mover's last 2
/// holes: South sows 5 into his store and moves again (1 left), his
/// hole 5 now empty, so only 4; its seed falls in the empty hole 5 facing
/// North's 6 (1 seed): both taken, 1 + 2 = 3 in his store. Both restricted
/// moves were South's: North sows any of 7 to 11.
#[test]
fn an_extra_move_counts_and_a_pass_does_not() {
    let mut rules = Rules::kalah().with_seeds(1);
    rules.first_moves = FirstMoves {
        moves: 2,
        last_holes: 2,
    };
    let mut game = Mancala::new(rules).unwrap();
    assert_eq!(game.legal_moves().as_slice(), sows(&[4, 5]));
    assert!(game.play(Move::Sow(pit(5))).unwrap().extra_turn);
    assert_eq!(game.first_moves_left(), 1);
    assert_eq!(game.legal_moves().as_slice(), sows(&[4]));
    others_refused(&game, 0..4, &[4]);
    game.play(Move::Sow(pit(4))).unwrap();
    assert_eq!(game.board().store(Player::P0), 3);
    assert_eq!(game.first_moves_left(), 0);
    assert_eq!(game.legal_moves().as_slice(), sows(&[7, 8, 9, 10, 11]));

    // Um el-Bil with both first moves restricted, South without seeds: he
    // passes, and North's move is still the first restricted one, to his
    // hole 11 (1 seed, though 10 holds 2). It falls alone in South's empty
    // hole 0 and is taken.
    let mut rules = Rules::um_el_bil();
    rules.first_moves = FirstMoves::rightmost(2);
    let mut setup = Setup::new(rules);
    setup.board = vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1];
    setup.stores = vec![20, 25];
    let mut game = Mancala::from_setup(setup).unwrap();
    assert_eq!(game.legal_moves().as_slice(), [Move::Pass]);
    game.play(Move::Pass).unwrap();
    assert_eq!(game.first_moves_left(), 2);
    assert_eq!(game.legal_moves().as_slice(), sows(&[11]));
    assert_eq!(
        game.clone().play(Move::Sow(pit(10))),
        Err(PlayError::FirstMoves(pit(10)))
    );
    game.play(Move::Sow(pit(11))).unwrap();
    assert_eq!(game.board().store(Player::P1), 26);
    assert_eq!(game.first_moves_left(), 1);
}

/// A position with a restricted move left is another position than the
/// same board without: it differs, keys differently, and its setup, text
/// (`first_moves_left=1`) and serde forms hold it.
#[test]
fn first_moves_left_round_trip() {
    let mut game = Mancala::new(Rules::dabuda()).unwrap();
    game.play(Move::Sow(pit(9))).unwrap();
    let setup = game.to_setup();
    assert_eq!(setup.first_moves_left, 1);
    assert_eq!(Mancala::from_setup(setup.clone()).as_ref(), Ok(&game));

    let mut none_left = setup.clone();
    none_left.first_moves_left = 0;
    let free = Mancala::from_setup(none_left).unwrap();
    assert_ne!(free, game);
    assert_ne!(free.key(), game.key());
    assert_eq!(
        free.legal_moves().len(),
        9,
        "North sows any of his 9 holes with seeds"
    );

    let text = game.to_string();
    assert!(text.contains(" 1 first_moves_left=1 "), "{text}");
    assert!(text.contains("first_moves=2:1"), "{text}");
    let read: Mancala = text.parse().unwrap();
    assert_eq!(read, game);
    assert_eq!(read.key(), game.key());
    assert!(!free.to_string().contains("first_moves_left"));

    let json = serde_json::to_value(&game).unwrap();
    assert_eq!(json["first_moves_left"], 1);
    assert_eq!(json["rules"]["first_moves"]["moves"], 2);
    let back: Mancala = serde_json::from_value(json).unwrap();
    assert_eq!(back, game);
    assert_eq!(
        serde_json::from_str::<Setup>(&serde_json::to_string(&setup).unwrap()).unwrap(),
        setup
    );
}

/// JSON written before the restriction (no `first_moves` in the rules, no
/// `first_moves_left` in the setup) reads as none restricted, none left.
#[test]
fn older_json_reads_as_no_restriction() {
    let game = mancala_core::oware();
    let mut json = serde_json::to_value(&game).unwrap();
    let object = json.as_object_mut().unwrap();
    assert_eq!(object.remove("first_moves_left"), Some(0.into()));
    let rules = object["rules"].as_object_mut().unwrap();
    assert!(rules.remove("first_moves").is_some());
    let back: Mancala = serde_json::from_value(json).unwrap();
    assert_eq!(back, game);
    assert_eq!(back.rules().first_moves, FirstMoves::NONE);
}

/// More restricted moves left than the rules restrict is a typed error,
/// from a setup or a text; so is a malformed count in a text. A finished
/// game has none left.
#[test]
fn impossible_counts_left_are_refused() {
    let mut setup = Setup::new(Rules::dabuda());
    setup.first_moves_left = 3;
    assert_eq!(
        Mancala::from_setup(setup.clone()),
        Err(SetupError::FirstMovesLeft { left: 3, moves: 2 })
    );
    let mut oware = Setup::new(Rules::oware());
    oware.first_moves_left = 1;
    assert_eq!(
        Mancala::from_setup(oware),
        Err(SetupError::FirstMovesLeft { left: 1, moves: 0 })
    );
    let start = "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0";
    assert_eq!(
        format!("{start} first_moves_left=1").parse::<Mancala>(),
        Err(ParseError::Setup(SetupError::FirstMovesLeft {
            left: 1,
            moves: 0
        }))
    );
    for bad in ["0", "+1", "256", "x", ""] {
        assert!(
            matches!(
                format!("{start} first_moves_left={bad} first_moves=1:1").parse::<Mancala>(),
                Err(ParseError::Notation(NotationError::Invalid {
                    part: "first_moves_left",
                    ..
                }))
            ),
            "{bad}"
        );
    }
    let json = serde_json::to_string(&setup).unwrap();
    assert!(serde_json::from_str::<Mancala>(&json).is_err());

    // A finished game of Dabuda (seeds left stay): none left, whatever the
    // setup said.
    setup.first_moves_left = 2;
    setup.over = true;
    let over = Mancala::from_setup(setup).unwrap();
    assert!(over.is_over());
    assert_eq!(over.first_moves_left(), 0);
}

/// A game ending before its restricted moves are played has none left:
/// Um el-Bil, South's last seed in hole 5 sown into North's empty 6 and
/// taken, the board then empty.
#[test]
fn a_finished_game_has_no_first_moves_left() {
    let mut rules = Rules::um_el_bil();
    rules.first_moves = FirstMoves::rightmost(2);
    let mut setup = Setup::new(rules);
    setup.board = vec![0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0];
    setup.stores = vec![23, 24];
    let mut game = Mancala::from_setup(setup).unwrap();
    game.play(Move::Sow(pit(5))).unwrap();
    assert!(game.is_over());
    assert_eq!(game.board().store(Player::P0), 24);
    assert_eq!(game.first_moves_left(), 0);
    assert_eq!(game.to_setup().first_moves_left, 0);
}

/// `Rules::check` takes one value for one restriction: both fields 0, or
/// both set, at most `MAX_FIRST_MOVES` moves and a row of last holes.
#[test]
fn restrictions_that_are_not_one_value_are_refused() {
    assert_eq!(MAX_FIRST_MOVES, 127);
    let mut rules = Rules::dabuda();
    for (moves, last_holes) in [(2, 0), (0, 1), (1, 11), (128, 1), (255, 200)] {
        let first = FirstMoves { moves, last_holes };
        rules.first_moves = first;
        assert_eq!(rules.check().err(), Some(RulesError::FirstMoves(first)));
        assert_eq!(
            Mancala::new(rules).err(),
            Some(RulesError::FirstMoves(first))
        );
    }
    for (moves, last_holes) in [(0, 0), (1, 10), (127, 1)] {
        rules.first_moves = FirstMoves { moves, last_holes };
        assert!(rules.check().is_ok());
    }
    assert_eq!(FirstMoves::rightmost(0), FirstMoves::NONE);
    assert_eq!(FirstMoves::default(), FirstMoves::NONE);
}

/// The options text: `first_moves=none` for every game but the two,
/// `MOVES:HOLES` for them, malformed values refused.
#[test]
fn first_moves_read_and_write_as_options() {
    assert_eq!(Rules::oware().value("first_moves").as_deref(), Some("none"));
    assert_eq!(Rules::dabuda().value("first_moves").as_deref(), Some("2:1"));
    assert_eq!(
        Rules::um_el_bil().value("first_moves").as_deref(),
        Some("1:1")
    );
    let mut rules = Rules::kalah();
    rules.set("first_moves", "3:2").unwrap();
    assert_eq!(
        rules.first_moves,
        FirstMoves {
            moves: 3,
            last_holes: 2
        }
    );
    rules.set("first_moves", "none").unwrap();
    assert_eq!(rules.first_moves, FirstMoves::NONE);
    for bad in ["", "2", "2:", ":1", "a:1", "1:-1", "+1:1", "256:1", "1:1:1"] {
        assert!(rules.set("first_moves", bad).is_err(), "{bad}");
    }
    assert!(<Rules as RuleOptions>::help("first_moves").is_some());
    let text = Rules::dabuda().to_string();
    assert!(text.contains("first_moves=2:1"), "{text}");
    assert_eq!(text.parse::<Rules>(), Ok(Rules::dabuda()));
}

/// The two games by name, in the catalogue's list.
#[test]
fn the_games_by_name() {
    assert_eq!(
        Traditional::from_name("dabuda").unwrap().rules(),
        Rules::dabuda()
    );
    assert_eq!(
        Traditional::from_name("um-el-bil").unwrap().rules(),
        Rules::um_el_bil()
    );
    assert_eq!(Traditional::UmElBil.title(), "Um el-Bil");
    assert!(Traditional::Dabuda.summary().contains("rightmost hole"));
}
