//! The end of a game in words (`mancala_engine::ending`): the reasons the
//! games record, the board the last move left before the sweep, and the
//! words `mancala play` and the web page show.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::{End, Game, Mancala, Move, Pit, Player, Rules, Setup};
use mancala_engine::ending::{NumercyEnd, NumercyWords, SowingEnd, Words, mancala_end, mankka_end};

fn sow(i: usize) -> Move {
    Move::Sow(Pit::new(i).expect("a hole"))
}

fn name(p: Player) -> String {
    ["South", "North"][p.index()].to_string()
}

fn oware_at(board: [u16; 12], stores: [u16; 2], to_move: Player) -> Mancala {
    let mut setup = Setup::new(Rules::oware());
    setup.board = board.to_vec();
    setup.stores = stores.to_vec();
    setup.to_move = to_move;
    Mancala::from_setup(setup).expect("a valid position")
}

/// How oware in `board` and `stores`, `to_move` to move, ends when he
/// sows `hole`.
fn oware_end(board: [u16; 12], stores: [u16; 2], to_move: Player, hole: usize) -> SowingEnd {
    let before = oware_at(board, stores, to_move);
    mancala_end(&before, sow(hole)).expect("the game ends")
}

/// South's hole 5 (1 seed) reaches North's hole 6 (1 seed, now 2): a
/// capture of 2 that gives South 25 of 48, more than half. The 2 seeds
/// left (South's hole 0 and North's 7) are then swept to their owners.
#[test]
fn a_majority_is_named_and_the_sweep_undone() {
    let board = [1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0];
    let end = oware_end(board, [23, 21], Player::P0, 5);
    assert_eq!(end.board.holes(), &[1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
    assert_eq!(&end.board.stores()[..2], &[25, 21]);
    assert_eq!(end.swept, [1, 1]);
    assert_eq!(
        end.reason,
        End::Majority {
            player: Some(Player::P0),
            seeds: 25,
            total: 48
        }
    );
    assert_eq!(
        end.reason.words(&name, "seed"),
        "South has captured more than half of the 48 seeds (25)"
    );
}

/// A move that does not end the game has no ending; a refused one
/// neither.
#[test]
fn no_ending_while_the_game_goes_on() {
    assert!(mancala_end(&mancala_core::oware(), sow(0)).is_none());
    assert!(mancala_end(&mancala_core::oware(), sow(7)).is_none());
}

/// Kalah ends as soon as a side is empty, whoever is to move: South
/// sows his last seed (hole 5) into his store and would move again,
/// but his side is empty. North's 18 seeds stay and count for him.
#[test]
fn kalah_ends_on_an_empty_side() {
    let mut setup = Setup::new(Rules::kalah());
    setup.board = vec![0, 0, 0, 0, 0, 1, 3, 3, 3, 3, 3, 3];
    setup.stores = vec![20, 9];
    let before = Mancala::from_setup(setup).expect("valid");
    let end = mancala_end(&before, sow(5)).expect("ends");
    assert_eq!(end.reason, End::SideEmpty(Player::P0));
    assert_eq!(end.swept, [0, 0]);
    assert_eq!(&end.board.stores()[..2], &[21, 9]);
}

/// The player to move with seeds but no move that feeds the other, who
/// has none: oware's (c). North sows his last seed (hole 11) into
/// South's hole 0; South must then feed North, and his one seed only
/// reaches his own hole 1. South takes it at the end.
#[test]
fn oware_ends_when_the_mover_cannot_feed() {
    let board = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let end = oware_end(board, [24, 23], Player::P1, 11);
    assert_eq!(
        end.reason,
        End::NoMove {
            player: Player::P0,
            has_seeds: true,
            too_few: false,
            unfed: Some(Player::P1)
        }
    );
    assert_eq!(end.board.holes()[0], 1);
    assert_eq!(end.swept, [1, 0]);
    assert_eq!(
        end.reason.words(&name, "seed"),
        "South cannot move: North has no seeds and no move of his gives him any"
    );
}

/// Oware's repetition, found by playing: single seeds chasing each
/// other round the board without a capture come back to a position
/// seen, and the engine's history says so.
#[test]
fn oware_ends_on_a_repetition() {
    // Two seeds six holes apart, each player's first legal move: they
    // walk round together and never land on each other.
    let mut game = oware_at([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [23, 23], Player::P0);
    let mut ended = None;
    for _ in 0..100 {
        let Some(p) = game.to_move() else { break };
        let mv = game.legal_actions(p)[0];
        if let Some(end) = mancala_end(&game, mv) {
            ended = Some(end.reason);
        }
        game.play(mv).expect("legal");
    }
    assert!(game.is_over());
    assert_eq!(ended, Some(End::Repetition));
}

fn numercy_two_by_two(board: [u16; 4], repetition: bool) -> numercy::Numercy {
    let mut options = numercy::Options::board(2);
    options.repetition = repetition;
    let mut setup = numercy::Setup::new(options);
    setup.board = board.to_vec();
    numercy::Numercy::from_setup(setup).expect("a valid position")
}

fn numercy_play(game: &mut numercy::Numercy, pits: &[usize]) {
    for &i in pits {
        game.play(numercy::Pit::new(i).expect("a hole"))
            .expect("legal");
    }
}

/// RULES.md's 2x2 cycle: S0, N2, S1, N3 bring back the start, which
/// ends the game under the repetition option.
#[test]
fn a_numercy_repetition_is_told_from_a_player_with_no_move() {
    let mut game = numercy_two_by_two([1, 0, 1, 0], true);
    numercy_play(&mut game, &[0, 2, 1, 3]);
    assert!(game.is_over());
    assert_eq!(game.end(), Some(NumercyEnd::Repetition));
    // South's one ball reaches his own hole 1: North has none.
    let mut game = numercy_two_by_two([1, 0, 0, 0], true);
    numercy_play(&mut game, &[0]);
    assert!(game.is_over());
    assert_eq!(game.end(), Some(NumercyEnd::NoBalls(Player::P1)));
    let end = game.end().expect("over");
    assert_eq!(end.words(&name), "North has no balls to sow");
}

/// Mankka Two ends when at most the threshold is left after a sowing
/// move, or as the sower ends it; a move that does not end the
/// game has no ending.
#[test]
fn a_mankka_move_that_does_not_end_the_game_has_no_ending() {
    let game = mankka::Mankka::default();
    let first = game.legal_moves()[0];
    assert!(mankka_end(&game, first).is_none());
}

/// Every reason has its words.
#[test]
fn every_reason_in_words() {
    let cases = [
        (
            End::Majority {
                player: None,
                seeds: 24,
                total: 48,
            },
            "both players have captured exactly half the seeds (24 each)",
        ),
        (
            End::Repetition,
            "the position repeated (the same seeds in every hole, the same player to move) \
             with nothing captured in between",
        ),
        (End::SideEmpty(Player::P1), "North's holes are all empty"),
        (
            End::FewLeft { left: 1, most: 8 },
            "only 1 seed left on the board after a sowing move (the game ends at 8 or fewer)",
        ),
        (
            End::EachAtMost { most: 1 },
            "every hole holds at most 1 seed",
        ),
        (
            End::NoMove {
                player: Player::P0,
                has_seeds: false,
                too_few: false,
                unfed: Some(Player::P1),
            },
            "South has no seeds to sow",
        ),
        (
            End::NoMove {
                player: Player::P0,
                has_seeds: true,
                too_few: true,
                unfed: None,
            },
            "South has no hole with enough seeds to be sown",
        ),
        (
            End::NoMove {
                player: Player::P1,
                has_seeds: true,
                too_few: false,
                unfed: None,
            },
            "North has seeds but every move of his is forbidden by the rules",
        ),
        (End::NobodyCanMove, "neither player can move"),
        (
            End::Target {
                player: Player::P1,
                seeds: 25,
            },
            "North has reached the target: 25 seeds in his store",
        ),
    ];
    for (end, words) in cases {
        assert_eq!(end.words(&name, "seed"), words, "{end:?}");
    }
    assert_eq!(
        NumercyEnd::AllEndless(Player::P0).words(&name),
        "South has balls, but every move of his would relay forever, which the rules forbid"
    );
}
