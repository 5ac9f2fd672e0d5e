//! The catalogue's presets: names, rules, and the mechanisms they add.

use mancala_core::{
    Capture, ChainLimit, Game, Leftover, Mancala, Move, Outcome, Pit, Player, Rules, Setup, Status,
    Traditional, UnknownGame,
};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

#[test]
fn every_game_by_name_with_valid_rules() {
    for game in Traditional::ALL {
        assert_eq!(Traditional::from_name(game.name()), Some(game));
        assert_eq!(game.name().parse::<Traditional>(), Ok(game));
        assert_eq!(game.to_string(), game.name());
        game.rules().check().unwrap();
        let start = Mancala::new(game.rules()).unwrap();
        assert_eq!(start.status(), Status::ToMove(Player::P0));
    }
    assert_eq!(
        "oware".parse::<Traditional>(),
        Err(UnknownGame("oware".into()))
    );
}

/// Das Bohnenspiel's chain stops at the move's origin hole even when a lap
/// refilled it with a count that is taken. Worked out by hand: 25 seeds
/// from hole 0 make two whole revolutions of the 12 holes (every hole +2,
/// the origin 2) and one more seed into hole 1, which then holds
/// 1 + 2 + 1 = 4 and is taken. Behind it lies the origin, holding 2: a ring
/// chain would take it too (4 + 2 = 6 seeds), the chain to the origin stops
/// (4 seeds).
#[test]
fn chain_stops_at_the_origin() {
    let rules = Rules::bohnenspiel();
    let mut setup = Setup::new(rules);
    setup.board = vec![25, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    setup.stores = vec![0, 0];
    let start = Mancala::from_setup(setup.clone()).unwrap();
    let mut game = start.clone();
    let turn = game.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(turn.seeds, 4);
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(1)]);
    assert_eq!(game.board().get(pit(0)), 2);
    assert_eq!(game.board().stores()[0], 4);

    // The same position with a chain round the whole ring takes the origin.
    let mut ring_rules = rules;
    let Capture::Chain { limit, .. } = &mut ring_rules.capture else {
        unreachable!("Bohnenspiel captures by chains");
    };
    assert_eq!(*limit, ChainLimit::ToOrigin);
    *limit = ChainLimit::Ring;
    setup.rules = ring_rules;
    let mut ring = Mancala::from_setup(setup).unwrap();
    let turn = ring.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(turn.seeds, 6);
    assert_eq!(ring.board().get(pit(0)), 0);
}

/// The scoring of seeds left: Das Bohnenspiel counts a player's row for
/// him, the others count captures only, and the seeds stay on the board.
#[test]
fn leftovers_stay_and_count_as_the_game_says() {
    // Player 1 to move with no seeds: the game is over at once.
    for (game, counts) in [
        (Traditional::Bohnenspiel, [3 + 5, 4]),
        (Traditional::VaiLungThlan, [3, 4]),
    ] {
        let rules = game.rules();
        let mut setup = Setup::new(rules);
        setup.board = vec![0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        setup.stores = vec![3, 4];
        setup.to_move = Player::P1;
        let state = Mancala::from_setup(setup).unwrap();
        assert_eq!(state.scores().as_slice(), counts, "{game}");
        assert_eq!(state.board().get(pit(2)), 5);
        let expected = if counts[0] > counts[1] {
            Outcome::Winner(Player::P0)
        } else {
            Outcome::Winner(Player::P1)
        };
        assert_eq!(state.status(), Status::Over(expected), "{game}");
        assert_eq!(
            rules.leftover,
            if game == Traditional::Bohnenspiel {
                Leftover::Stay
            } else {
                Leftover::Void
            }
        );
    }
}

/// Mankala and Mangala pass instead of ending while the other can move.
#[test]
fn a_player_without_seeds_passes() {
    for game in [Traditional::Mankala, Traditional::Mangala] {
        let mut setup = Setup::new(game.rules());
        setup.board = vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5];
        setup.stores = vec![0, 0];
        let mut state = Mancala::from_setup(setup).unwrap();
        assert_eq!(state.legal_moves().as_slice(), [Move::Pass], "{game}");
        state.play(Move::Pass).unwrap();
        assert_eq!(state.status(), Status::ToMove(Player::P1));
    }
}

/// Wari takes the landing hole alone: a hole of 6 just behind it stays.
/// By hand: 2 seeds from hole 2 fall in holes 3 and 4; hole 4 then holds
/// 5 + 1 = 6 and is taken; hole 3 (5 + 1 = 6 too) is not, there is no chain.
#[test]
fn wari_takes_the_landing_hole_only() {
    let mut setup = Setup::new(Rules::wari());
    setup.board = vec![4, 4, 2, 5, 5, 4, 4, 4, 4, 4, 4, 4];
    setup.stores = vec![0, 0];
    let mut game = Mancala::from_setup(setup).unwrap();
    let turn = game.play(Move::Sow(pit(2))).unwrap();
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(4)]);
    assert_eq!(turn.seeds, 6);
    assert_eq!(game.board().get(pit(3)), 6);
    assert_eq!(game.board().get(pit(4)), 0);
}

/// Awari ends once every hole holds at most one seed, after a move or a
/// pass. By hand: player 0 sows hole 5's two seeds into holes 6 and 7,
/// leaving 1, 0, 0, 0, 0, 0 | 1, 1, 0, 0, 0, 0; no capture (holes 6 and 7
/// hold 1); every hole now holds at most one: over, captures 10 to 8.
#[test]
fn awari_ends_when_every_hole_holds_at_most_one() {
    let mut setup = Setup::new(Rules::awari());
    setup.board = vec![1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0];
    setup.stores = vec![10, 8];
    let mut game = Mancala::from_setup(setup.clone()).unwrap();
    assert!(!game.is_over());
    game.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(game.board().holes(), &[1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0]);
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P0)));
    // Without the rule the game goes on.
    setup.rules.end.each_at_most = None;
    let mut game = Mancala::from_setup(setup).unwrap();
    game.play(Move::Sow(pit(5))).unwrap();
    assert_eq!(game.status(), Status::ToMove(Player::P1));
}

/// Enindji credits a capture to the hole's owner, and a move may take the
/// mover's own last seeds but never leave the opponent without any. By
/// hand: player 0 sows hole 4's three seeds (skipping it) into 5, 6 and 7;
/// hole 7 then holds 3 + 1 = 4, taken into player 1's store (his hole).
#[test]
fn enindji_credits_the_owner() {
    let mut setup = Setup::new(Rules::enindji());
    setup.board = vec![0, 0, 0, 0, 3, 0, 0, 3, 1, 0, 0, 0];
    setup.stores = vec![20, 21];
    let mut game = Mancala::from_setup(setup).unwrap();
    let turn = game.play(Move::Sow(pit(4))).unwrap();
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(7)]);
    assert_eq!(game.board().stores()[..2], [20, 25]);
    assert_eq!(game.board().holes(), &[0, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0]);
}

/// Under `Feeding::Always` a move that would leave the opponent's row
/// empty is illegal even when he has seeds now. By hand (Awari): player
/// 0's only move, hole 5, sows its 2 seeds into holes 6 and 7, which then
/// hold 2 each and would both be taken, leaving player 1 nothing; so it is
/// not legal, and player 0 must pass (player 1 can still move).
#[test]
fn feeding_always_forbids_emptying_the_opponent() {
    let mut setup = Setup::new(Rules::awari());
    setup.board = vec![0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0];
    setup.stores = vec![20, 24];
    let game = Mancala::from_setup(setup).unwrap();
    assert_eq!(game.legal_moves().as_slice(), [Move::Pass]);
    let mut copy = game.clone();
    assert_eq!(
        copy.play(Move::Sow(pit(5))),
        Err(mancala_core::PlayError::MustFeed(pit(5)))
    );
    assert_eq!(copy, game);
}

/// French Wari's opposite capture from either row leaves the lone seed.
/// By hand: player 0 sows hole 3's two seeds into holes 4 and 5; hole 5 was
/// empty (now 1): no relay, and the opposite hole 6 (2n - 1 - 5) gives its
/// 3 seeds; hole 5 keeps its seed.
#[test]
fn french_wari_leaves_the_lone_seed() {
    let mut setup = Setup::new(Rules::french_wari());
    setup.board = vec![1, 1, 1, 2, 0, 0, 3, 1, 1, 1, 1, 1];
    setup.stores = vec![15, 20];
    let mut game = Mancala::from_setup(setup).unwrap();
    let turn = game.play(Move::Sow(pit(3))).unwrap();
    assert_eq!(turn.laps, 1);
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(6)]);
    assert_eq!(game.board().holes(), &[1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1]);
    assert_eq!(game.board().stores()[..2], [18, 20]);
}
