//! The catalogue's presets: names, rules, and the mechanisms they add.

use mancala_core::{
    Game, Layout, Mancala, Move, Outcome, Pit, Player, Rules, RulesError, Setup, Status, Topology,
    Traditional,
    catalogue::UnknownGame,
    rules::{
        Capture, ChainLimit, Direction, Endless, LayoutError, Leftover, MAX_HOLES, MAX_MOVES,
        MAX_ROW_LEN, MAX_TWO_ROW_LEN, Relay, Zone,
    },
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

/// Yovodi credits a capture to the opponent of the captured hole's owner.
/// By hand, sowing clockwise (hole `h` to `h - 1`; hole `h` faces
/// `11 - h`): player 0's hole 1 (1 seed) reaches his empty hole 0, facing
/// hole 11 (2 seeds, player 1's): they go to player 1's opponent, player 0.
/// Player 1's hole 7 (1 seed) then reaches his empty hole 6, facing hole 5
/// (3 seeds, player 0's): they go to player 1. The lone seeds stay.
#[test]
fn yovodi_credits_the_opponent_of_the_holes_owner() {
    let mut setup = Setup::new(Rules::yovodi());
    setup.board = vec![0, 1, 0, 0, 0, 3, 0, 1, 0, 0, 0, 2];
    setup.stores = vec![18, 23];
    let mut game = Mancala::from_setup(setup).unwrap();
    let turn = game.play(Move::Sow(pit(1))).unwrap();
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(11)]);
    assert_eq!(game.board().stores()[..2], [20, 23]);
    assert_eq!(game.board().holes(), &[1, 0, 0, 0, 0, 3, 0, 1, 0, 0, 0, 0]);
    let turn = game.play(Move::Sow(pit(7))).unwrap();
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(5)]);
    assert_eq!(game.board().stores()[..2], [20, 26]);
    assert_eq!(game.board().holes(), &[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
}

/// A lap of Yovodi ending in the opponent's row takes the mover's own
/// seeds facing it, for the opponent. By hand: player 0's hole 0 (2
/// seeds) sows holes 11 and 10 (clockwise); hole 10 was empty and faces
/// his own hole 1 (3 seeds): they go to player 1's store.
#[test]
fn yovodi_gives_the_movers_seeds_to_the_opponent() {
    let mut setup = Setup::new(Rules::yovodi());
    setup.board = vec![2, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    setup.stores = vec![20, 22];
    let mut game = Mancala::from_setup(setup).unwrap();
    let turn = game.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(1)]);
    assert_eq!(game.board().stores()[..2], [20, 25]);
    assert_eq!(game.board().holes(), &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1]);
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

/// En Gehe's board: 80 holes, the opposite of hole `h` being `79 - h`.
fn en_gehe_board(seeds: &[(usize, u16)]) -> Vec<u16> {
    let mut board = vec![0; 80];
    for &(h, c) in seeds {
        board[h] = c;
    }
    board
}

#[test]
fn en_gehe_is_french_wari_on_two_rows_of_forty_capturing_from_its_own_row() {
    let rules = Rules::en_gehe();
    assert_eq!(Traditional::EnGehe.rules(), rules);
    assert_eq!(Traditional::from_name("en-gehe"), Some(Traditional::EnGehe));
    assert_eq!(Traditional::EnGehe.title(), "En Gehe");
    assert!(
        Traditional::EnGehe
            .summary()
            .starts_with("En Gehe: two rows of 40")
    );
    assert_eq!(Traditional::of_rules(&rules), Some(Traditional::EnGehe));
    assert_eq!(rules.layout, Layout::two_rows(40));
    assert_eq!(rules.seeds, 4);
    assert_eq!(rules.sowing.direction, Direction::CounterClockwise);
    assert!(!rules.sowing.skip_origin);
    assert_eq!(rules.relay, Relay::AtLeast(2));
    assert_eq!(rules.endless, Endless::Forbid);
    assert_eq!(
        rules.capture,
        Capture::Opposite {
            require_opposite: true,
            zone: Zone::Own,
            take_lone: true,
        }
    );
    assert_eq!(rules.leftover, Leftover::Stay);
    assert!(!rules.end.pass);
    // The start: 80 holes of 4, every own hole of player 0 a move.
    let start = Mancala::new(rules).unwrap();
    assert_eq!(start.board().holes(), &[4; 80][..]);
    assert_eq!(start.legal_moves().len(), 40);
}

/// A relay, then an opposite capture in the mover's row, worked out by
/// hand on the 2x40 board. Player 0 sows hole 0's 2 seeds into holes 1
/// and 2; hole 2 held 1 and now holds 2, more than one: it is lifted and
/// its 2 seeds sown into holes 3 and 4 (second lap). Hole 4 was empty (now
/// 1), in player 0's own row, and faces hole 79 - 4 = 75, holding 5: both
/// are taken, 5 + 1 = 6 seeds.
#[test]
fn en_gehe_relays_then_takes_the_opposite_hole_and_the_lone_seed() {
    let mut setup = Setup::new(Rules::en_gehe());
    setup.board = en_gehe_board(&[(0, 2), (2, 1), (60, 3), (75, 5)]);
    setup.stores = vec![10, 20];
    let mut game = Mancala::from_setup(setup).unwrap();
    let turn = game.play(Move::Sow(pit(0))).unwrap();
    assert_eq!(turn.laps, 2);
    assert_eq!(turn.captured.iter().collect::<Vec<_>>(), [pit(4), pit(75)]);
    assert_eq!(turn.seeds, 6);
    assert_eq!(
        game.board().holes(),
        en_gehe_board(&[(1, 1), (3, 1), (60, 3)])
    );
    assert_eq!(game.board().stores()[..2], [16, 20]);
    assert_eq!(game.status(), Status::ToMove(Player::P1));
}

/// A lap ending in an empty hole of the other's row takes nothing (the
/// capture is from the own row only), nor does one ending in an empty own
/// hole that faces an empty hole. By hand: hole 38's 2 seeds go to 39 and
/// 40; hole 40 (player 1's) was empty: the lap ends there, no capture.
/// Then player 1 sows hole 41's single seed into hole 42, empty, in his
/// row, facing hole 79 - 42 = 37, empty: nothing.
#[test]
fn en_gehe_takes_nothing_from_the_other_row_or_an_empty_file() {
    let mut setup = Setup::new(Rules::en_gehe());
    setup.board = en_gehe_board(&[(38, 2), (41, 1), (10, 4)]);
    setup.stores = vec![0, 0];
    let mut game = Mancala::from_setup(setup).unwrap();
    let turn = game.play(Move::Sow(pit(38))).unwrap();
    assert_eq!(turn.laps, 1);
    assert!(turn.captured.is_empty());
    assert_eq!(
        game.board().holes(),
        en_gehe_board(&[(39, 1), (40, 1), (41, 1), (10, 4)])
    );
    let turn = game.play(Move::Sow(pit(41))).unwrap();
    assert_eq!(turn.laps, 1);
    assert!(turn.captured.is_empty());
    assert_eq!(game.board().stores()[..2], [0, 0]);
}

/// The game ends when the player to move cannot move; the seeds left stay
/// and count for their row's owner. By hand: player 1 to move, his row
/// (holes 40 to 79) empty: over, scores 7 + 4 + 5 = 16 to 9.
#[test]
fn en_gehe_ends_when_the_player_to_move_cannot_move() {
    let mut setup = Setup::new(Rules::en_gehe());
    setup.board = en_gehe_board(&[(3, 4), (39, 5)]);
    setup.stores = vec![7, 9];
    setup.to_move = Player::P1;
    let game = Mancala::from_setup(setup).unwrap();
    assert_eq!(game.status(), Status::Over(Outcome::Winner(Player::P0)));
    assert_eq!(game.scores().as_slice(), [16, 9]);
}

/// The limits: two rows of 1 to 50 holes (En Gehe's 2x40 to 2x50, which
/// Ludii offers), boards of more rows 13 holes a row at most, each refused
/// with its typed error beyond.
#[test]
fn two_rows_of_fifty_are_the_largest_board() {
    assert_eq!((MAX_TWO_ROW_LEN, MAX_ROW_LEN, MAX_HOLES), (50, 13, 100));
    // A player of a two-row board has at most 50 moves; the largest list is
    // still a five-row player's 65 holes.
    const { assert!(MAX_MOVES >= MAX_TWO_ROW_LEN) };
    assert_eq!(MAX_MOVES, 65);
    for houses in 40..=50 {
        let rules = Rules::en_gehe().with_houses(houses);
        let game = Mancala::new(rules).unwrap();
        assert_eq!(game.board().holes().len(), 2 * usize::from(houses));
        assert_eq!(game.legal_moves().len(), usize::from(houses));
    }
    let fifty = Topology::new(Layout::two_rows(50)).unwrap();
    assert_eq!(fifty.holes(), 100);
    assert_eq!(fifty.opposite(pit(0)), Some(pit(99)));
    assert_eq!(fifty.opposite(pit(49)), Some(pit(50)));
    assert_eq!(fifty.step(pit(99), Direction::CounterClockwise), pit(0));
    assert_eq!(fifty.pits_of(Player::P1).count(), 50);
    assert_eq!(
        Topology::new(Layout::two_rows(51)),
        Err(LayoutError::RowLength(51))
    );
    assert_eq!(
        Mancala::new(Rules::en_gehe().with_houses(51)).unwrap_err(),
        RulesError::Layout(LayoutError::RowLength(51))
    );
    let three = |n| Layout::new(n, &[Player::P0, Player::P1, Player::new(2).unwrap()]);
    assert!(Topology::new(three(13)).is_ok());
    assert_eq!(
        Topology::new(three(14)),
        Err(LayoutError::LongRow {
            row_len: 14,
            rows: 3
        })
    );
    assert_eq!(
        LayoutError::LongRow {
            row_len: 14,
            rows: 3
        }
        .to_string(),
        "a board of 3 rows holds at most 13 holes a row, not 14"
    );
    assert_eq!(
        "layout=14:0,1,2".parse::<Rules>().map(|r| r.check()),
        Ok(Err(RulesError::Layout(LayoutError::LongRow {
            row_len: 14,
            rows: 3
        })))
    );
}

/// A 2x50 game reads back from its text and its serde form, at the start
/// and after moves (hole numbers up to 99 in moves and captures).
#[test]
fn a_two_by_fifty_game_reads_back() {
    let rules = Rules::en_gehe().with_houses(50);
    assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules));
    let mut game = Mancala::new(rules).unwrap();
    let mut rng = mancala_testing::SplitMix::new(50);
    for _ in 0..40 {
        let text = game.to_string();
        assert_eq!(text.parse::<Mancala>().as_ref(), Ok(&game), "{text}");
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<Mancala>(&json).unwrap(), game);
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
        let turn = game.play(mv).unwrap();
        let json = serde_json::to_string(&turn.captured).unwrap();
        assert_eq!(
            serde_json::from_str::<mancala_core::PitSet>(&json).unwrap(),
            turn.captured
        );
    }
    // Player 1's last hole, 99, is a move of his.
    let mut setup = Setup::new(rules);
    setup.board = vec![0; 100];
    setup.board[99] = 3;
    setup.board[0] = 1;
    setup.stores = vec![0, 0];
    setup.to_move = Player::P1;
    let game = Mancala::from_setup(setup).unwrap();
    assert_eq!(game.legal_moves().as_slice(), [Move::Sow(pit(99))]);
    assert_eq!(game.to_string().parse::<Mancala>(), Ok(game));
}
