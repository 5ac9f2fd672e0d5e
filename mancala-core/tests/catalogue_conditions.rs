//! I and Kay: which holes may be sown (`Rules::sowable`), captures of a
//! landing hole's row neighbours (`ChainLimit::Neighbours`), and relay
//! conditions (`Rules::relay_if`). Every expected value is worked out by
//! hand from the rules (holes numbered counter-clockwise from player 0's
//! left, so a counter-clockwise seed goes to the next index).

use mancala_core::{
    Game, Mancala, Move, Outcome, Pit, PlayError, Player, Rules, Setup, Status, rules::Sowable,
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

fn position(rules: Rules, board: &[u16], to_move: Player) -> Mancala {
    let mut setup = Setup::new(rules);
    setup.board = board.to_vec();
    setup.stores = vec![0, 0];
    setup.to_move = to_move;
    Mancala::from_setup(setup).unwrap()
}

/// I sows only holes of two or more: of player 0's holes (1, 2, 0 seeds)
/// only hole 1 is legal; hole 0 is refused as too small, hole 2 as empty,
/// and a refused move changes nothing.
#[test]
fn i_sows_only_holes_of_two_or_more() {
    let start = position(Rules::i(), &[1, 2, 0, 3, 1, 1], Player::P0);
    assert_eq!(start.legal_moves().as_slice(), [Move::Sow(pit(1))]);
    let mut game = start.clone();
    assert_eq!(
        game.play(Move::Sow(pit(0))),
        Err(PlayError::TooFewSeeds(pit(0)))
    );
    assert_eq!(
        game.play(Move::Sow(pit(2))),
        Err(PlayError::EmptyHole(pit(2)))
    );
    assert_eq!(game, start);
}

/// I's capture takes the landing hole and its row neighbours, not a chain.
/// On 2x5 (holes 5 to 9 are player 1's), hole 4's two seeds go to holes 5
/// and 6, which then hold 2 each; hole 6 (the landing hole) holds 2 and is
/// taken, and so are its neighbours 5 (2) and 7 (2): 6 seeds. Hole 8 also
/// holds 2, but it is no neighbour of the landing hole.
#[test]
fn i_takes_the_landing_hole_and_its_row_neighbours() {
    let rules = Rules::i().with_houses(5);
    let mut game = position(rules, &[3, 0, 0, 0, 2, 1, 1, 2, 2, 0], Player::P0);
    let turn = game.play(Move::Sow(pit(4))).unwrap();
    assert_eq!(turn.seeds, 6);
    assert_eq!(
        turn.captured.iter().collect::<Vec<_>>(),
        [pit(5), pit(6), pit(7)]
    );
    assert_eq!(game.board().holes(), &[3, 0, 0, 0, 0, 0, 0, 0, 2, 0]);
    assert_eq!(game.board().stores()[0], 6);
}

/// A neighbour that does not qualify does not stop the other. On 2x5,
/// hole 4's two seeds go to holes 5 and 6, which then hold 1 and 2: the
/// landing hole 6 (2) is taken, its neighbour 5 (1) stays, its other
/// neighbour 7 (3) is taken: 5 seeds. (A chain back from hole 6 would have
/// stopped at hole 5, with 2.)
#[test]
fn i_judges_each_neighbour_alone() {
    let rules = Rules::i().with_houses(5);
    let mut game = position(rules, &[3, 0, 0, 0, 2, 0, 1, 3, 2, 0], Player::P0);
    let turn = game.play(Move::Sow(pit(4))).unwrap();
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(6), pit(7)]);
    assert_eq!(turn.seeds, 5);
    assert_eq!(game.board().holes(), &[3, 0, 0, 0, 0, 1, 0, 0, 2, 0]);
}

/// In I a player who cannot sow passes, and the game ends when neither
/// can; the captures alone count.
#[test]
fn i_passes_and_ends_when_nobody_can_sow() {
    // Player 0 has only holes of one seed: he must pass.
    let mut game = position(Rules::i(), &[1, 1, 0, 2, 0, 1], Player::P0);
    assert_eq!(game.legal_moves().as_slice(), [Move::Pass]);
    game.play(Move::Pass).unwrap();
    assert_eq!(game.status(), Status::ToMove(Player::P1));
    // Nobody can sow: the position is over as soon as it is set up.
    let mut setup = Setup::new(Rules::i());
    setup.board = vec![1, 1, 0, 1, 0, 1];
    setup.stores = vec![12, 8];
    let over = Mancala::from_setup(setup).unwrap();
    assert_eq!(over.status(), Status::Over(Outcome::Winner(Player::P0)));
    assert_eq!(over.scores().as_slice(), [12, 8]);
}

/// Kay sows holes of two or more, or of one seed before an empty hole:
/// hole 0 (1 seed, hole 1 empty) may be sown, hole 2 (1 seed, hole 3 holds
/// one) may not, hole 3 (1 seed before the empty hole 4) may, hole 5 (2)
/// may.
#[test]
fn kay_sows_a_lone_seed_only_into_an_empty_hole() {
    let start = position(
        Rules::kay(),
        &[1, 0, 1, 1, 0, 2, 1, 1, 1, 1, 1, 1],
        Player::P0,
    );
    let legal: Vec<Move> = start.legal_moves().into_iter().collect();
    assert_eq!(legal, [0, 3, 5].map(|i| Move::Sow(pit(i))));
    let mut game = start.clone();
    assert_eq!(
        game.play(Move::Sow(pit(2))),
        Err(PlayError::TooFewSeeds(pit(2)))
    );
    assert_eq!(game, start);
    // The rule's data: at least two, or a lone seed into an empty hole.
    assert_eq!(
        Rules::kay().sowable,
        Sowable {
            min_seeds: 2,
            lone_into_empty: true,
            zone: mancala_core::rules::Zone::Own,
        }
    );
}

/// Kay relays only into an occupied next hole. Hole 0's two seeds go to
/// holes 1 and 2, and hole 2 then holds 2. With hole 3 empty the move ends
/// there (one lap); with hole 3 holding one, hole 2's two seeds are sown on
/// into holes 3 and 4, and hole 4 then holds 1: the move ends (two laps).
#[test]
fn kay_relays_only_into_an_occupied_hole() {
    let mut ends = position(
        Rules::kay(),
        &[2, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1],
        Player::P0,
    );
    let turn = ends.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(turn.laps, 1);
    assert_eq!(ends.board().holes(), &[0, 1, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1]);

    let mut relays = position(
        Rules::kay(),
        &[2, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1],
        Player::P0,
    );
    let turn = relays.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(turn.laps, 2);
    assert_eq!(
        relays.board().holes(),
        &[0, 1, 0, 2, 1, 0, 1, 1, 1, 1, 1, 1]
    );
}

/// In Kay a capture wins over a relay. Hole 0's three seeds go to holes 1,
/// 2 and 3, which then hold 1, 4 and 4. The landing hole 3 holds 4 and its
/// next hole is occupied, so it could relay; the capture comes first: hole
/// 3, then hole 2 (4) are taken, hole 1 (1) stops the chain, 8 seeds, one
/// lap. With `capture_first` off the same move relays instead: hole 3's 4
/// seeds go to holes 4 to 7 (hole 7 then holds 2, hole 8 one: relay), hole
/// 7's 2 to holes 8 and 9 (hole 9 then 2, hole 10 one: relay), hole 9's 2
/// to holes 10 and 11 (hole 11 then 2, but hole 0 is empty: the move ends),
/// four laps, and 2 is no capture.
#[test]
fn kay_captures_before_it_relays() {
    let board = [3, 0, 3, 3, 1, 0, 1, 1, 1, 1, 1, 1];
    let mut game = position(Rules::kay(), &board, Player::P0);
    let turn = game.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(turn.laps, 1);
    assert_eq!(turn.seeds, 8);
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(2), pit(3)]);
    assert_eq!(game.board().holes(), &[0, 1, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(game.board().stores()[0], 8);

    let mut rules = Rules::kay();
    rules.relay_if.capture_first = false;
    let mut relay_wins = position(rules, &board, Player::P0);
    let turn = relay_wins.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(turn.laps, 4);
    assert_eq!(turn.seeds, 0);
    assert_eq!(
        relay_wins.board().holes(),
        &[0, 1, 4, 0, 2, 1, 2, 0, 2, 0, 2, 2]
    );
}

/// Kay ends when the player to move cannot sow, even with seeds: player
/// 1's holes hold one seed each and each next hole is occupied (hole 11's
/// next is player 0's hole 0). The stores alone count.
#[test]
fn kay_ends_when_the_player_to_move_cannot_sow() {
    let mut setup = Setup::new(Rules::kay());
    setup.board = vec![2, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
    setup.stores = vec![10, 28];
    setup.to_move = Player::P1;
    let over = Mancala::from_setup(setup).unwrap();
    assert_eq!(over.status(), Status::Over(Outcome::Winner(Player::P1)));
    assert_eq!(over.scores().as_slice(), [10, 28]);
}

/// The new rule keys read and write (`min_sow`, `lone_into_empty`,
/// `relay_next_occupied`, `capture_first`, chain limit `neighbours`).
#[test]
fn the_new_rule_keys_round_trip() {
    for rules in [Rules::i(), Rules::kay()] {
        let text = rules.to_string();
        assert_eq!(text.parse::<Rules>(), Ok(rules), "{text}");
    }
    let kay = Rules::kay().to_string();
    for word in [
        "min_sow=2",
        "lone_into_empty=true",
        "relay_next_occupied=true",
        "capture_first=true",
    ] {
        assert!(kay.split(' ').any(|w| w == word), "{kay}");
    }
    assert!(Rules::i().to_string().contains(":neighbours"));
    assert!("min_sow=x".parse::<Rules>().is_err());
    assert!("capture_first=maybe".parse::<Rules>().is_err());
}
