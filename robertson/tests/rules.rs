//! Hand-worked positions for Robertson's game (RULES.md, "Robertson's game").
//!
//! Board indices: hole `6r + k` is the k-th hole of row `r`; sowing goes to
//! increasing indices (mod the ring), capture chains walk back to decreasing
//! ones. On the two-row board holes 0..=5 are player 0's and 6..=11 player
//! 1's; on the triangle 12..=17 are player 2's.

use mancala_core::{RulesError, history::SeenPosition, notation::RuleOptions, rules::LayoutError};
use robertson::*;

fn pit(i: usize) -> Pit {
    Pit::new(i).expect("pit on board")
}

fn player(i: usize) -> Player {
    Player::new(i).expect("player")
}

fn pits(v: &[usize]) -> Vec<Pit> {
    v.iter().map(|&i| pit(i)).collect()
}

/// A position under `options` with `board`, `captured` stores, no honours.
fn position(options: Options, board: &[u16], captured: &[u16], to_move: usize) -> Robertson {
    let mut setup = Setup::new(options);
    setup.board = board.to_vec();
    setup.captured = captured.to_vec();
    setup.to_move = player(to_move);
    Robertson::from_setup(setup).expect("valid setup")
}

fn two_row(board: [u16; 12], to_move: usize) -> Robertson {
    position(Options::two_row(), &board, &[0, 0], to_move)
}

fn holes(game: &Robertson) -> Vec<u16> {
    game.board().holes().to_vec()
}

// ---------------------------------------------------------------- captures

#[test]
fn chain_of_twos_stops_at_a_three() {
    // P0 sows hole 5 (4 stones) into 6, 7, 8, 9, which held 2, 1, 1, 1 and
    // now hold 3, 2, 2, 2. The last stone makes 2 in hole 9: captured, then
    // 8 and 7 (2 each, another player's); hole 6 holds 3, not 2: the chain
    // stops (no mixing). Three 2s: 6 stones, honours 2.
    let mut game = two_row([1, 0, 0, 0, 0, 4, 2, 1, 1, 1, 1, 5], 0);
    let report = game.play(pit(5)).expect("legal");
    assert_eq!(
        report,
        MoveReport {
            mover: Player::P0,
            pit: pit(5),
            holes: 3,
            count: 2,
            stones: 6,
            honours: 2
        }
    );
    assert_eq!(
        report.to_string(),
        "player 0 sows hole 5, captures 6 stones (3 holes of 2), honours 2"
    );
    assert_eq!(holes(&game), [1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1, 5]);
    assert_eq!(game.captured().as_slice(), [6, 0]);
    assert_eq!(game.honours().as_slice(), [2, 0]);
    assert_eq!(game.scores().as_slice(), [8, 0]);
    assert_eq!(game.to_move(), Some(Player::P1));
}

#[test]
fn chain_stops_at_the_movers_own_hole() {
    // P1 sows hole 10 (3 stones) into 11, 0, 1, which held 1, 1, 1 and now
    // hold 2, 2, 2. Landing hole 1 (P0's) holds 2: captured; hole 0 (P0's)
    // holds 2: captured; hole 11 holds 2 but is the mover's own: the chain
    // stops there. Two holes: 4 stones, no honours.
    let mut game = two_row([1, 1, 0, 0, 0, 3, 0, 0, 0, 0, 3, 1], 1);
    let report = game.play(pit(10)).expect("legal");
    assert_eq!(
        report,
        MoveReport {
            mover: Player::P1,
            pit: pit(10),
            holes: 2,
            count: 2,
            stones: 4,
            honours: 0
        }
    );
    assert_eq!(holes(&game), [0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 2]);
    assert_eq!(game.captured().as_slice(), [0, 4]);
    assert_eq!(game.honours().as_slice(), [0, 0]);
}

#[test]
fn no_mixing_threes_then_a_two() {
    // P0 sows hole 5 (3 stones) into 6, 7, 8, which held 1, 2, 2 and now
    // hold 2, 3, 3. Landing 8 holds 3: captured with 7 (3); hole 6 holds 2,
    // not 3: the chain stops. Two 3s: 6 stones, no honours.
    let mut game = two_row([1, 0, 0, 0, 0, 3, 1, 2, 2, 4, 0, 0], 0);
    let report = game.play(pit(5)).expect("legal");
    assert_eq!(
        report,
        MoveReport {
            mover: Player::P0,
            pit: pit(5),
            holes: 2,
            count: 3,
            stones: 6,
            honours: 0
        }
    );
    assert_eq!(holes(&game), [1, 0, 0, 0, 0, 0, 2, 0, 0, 4, 0, 0]);
}

#[test]
fn last_stone_in_own_hole_or_not_two_or_three_captures_nothing() {
    // P0 sows hole 0 (2 stones) into 1 and 2 (own holes, now 2 each): no
    // capture in the mover's own row.
    let mut game = two_row([2, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1], 0);
    assert_eq!(
        game.play(pit(0)).expect("legal"),
        MoveReport::nothing(Player::P0, pit(0))
    );
    assert_eq!(holes(&game), [0, 2, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    // P1 sows hole 11 (1 stone) into 0, making 1: not 2 or 3, nothing.
    let mut game = two_row([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1], 1);
    assert_eq!(
        game.play(pit(11)).expect("legal"),
        MoveReport::nothing(Player::P1, pit(11))
    );
    assert_eq!(holes(&game), [1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0]);
}

#[test]
fn triangle_chain_runs_across_two_opponents_rows() {
    // Triangle. P0 sows hole 5 (8 stones) into 6..=13. Before: 6, 7, 8 = 0,
    // 9 = 2, 10, 11 = 1 (P1's); 12, 13 = 1 (P2's). After: 6..=8 = 1, 9 = 3,
    // 10..=13 = 2. Landing 13 (P2) holds 2: captured; 12 (P2) 2; 11 and 10
    // (P1) 2: the chain goes on through any hole not the mover's; 9 holds 3:
    // stop. Four 2s: 8 stones, honours 6.
    let board = [
        2, 0, 0, 0, 0, 8, // P0
        0, 0, 0, 2, 1, 1, // P1
        1, 1, 1, 1, 1, 1, // P2
    ];
    let mut game = position(Options::triangle(), &board, &[0, 0, 0], 0);
    let report = game.play(pit(5)).expect("legal");
    assert_eq!(
        report,
        MoveReport {
            mover: Player::P0,
            pit: pit(5),
            holes: 4,
            count: 2,
            stones: 8,
            honours: 6
        }
    );
    assert_eq!(
        holes(&game),
        [2, 0, 0, 0, 0, 0, 1, 1, 1, 3, 0, 0, 0, 0, 1, 1, 1, 1]
    );
    assert_eq!(game.captured().as_slice(), [8, 0, 0]);
    assert_eq!(game.honours().as_slice(), [6, 0, 0]);
    assert_eq!(game.to_move(), Some(player(1)));
}

#[test]
fn triangle_chain_wraps_round_the_ring_and_stops_at_the_mover() {
    // Triangle, P2 to move. P2 sows hole 17 (3 stones) into 0, 1, 2 (P0's),
    // which held 1, 1, 1: now 2, 2, 2. Landing 2 captured, then 1, 0; the
    // walk back reaches 17, the mover's own (and empty): stop. Three 2s:
    // 6 stones, honours 2.
    let board = [
        1, 1, 1, 0, 0, 1, // P0
        1, 1, 1, 1, 1, 1, // P1
        1, 0, 0, 0, 0, 3, // P2
    ];
    let mut game = position(Options::triangle(), &board, &[0, 0, 0], 2);
    let report = game.play(pit(17)).expect("legal");
    assert_eq!((report.holes, report.stones, report.honours), (3, 6, 2));
    assert_eq!(game.captured().as_slice(), [0, 0, 6]);
    assert_eq!(game.to_move(), Some(Player::P0));
}

// ---------------------------------------------------------------- honours

/// P0 sows hole 5 holding `n` stones into 6..6+n, each holding `before`.
/// Hole 11 keeps P1 alive (it is never reached for n <= 5) and is a 5.
fn capture_of(n: usize, before: u16, honours: Honours) -> (MoveReport, Robertson) {
    let mut board = [0u16; 12];
    board[0] = 1;
    board[5] = n as u16;
    for hole in &mut board[6..6 + n] {
        *hole = before;
    }
    board[11] = 5;
    let mut options = Options::two_row();
    options.honours = honours;
    let mut game = position(options, &board, &[0, 0], 0);
    let report = game.play(pit(5)).expect("legal");
    (report, game)
}

#[test]
fn every_honours_entry() {
    let h = Honours::ROBERTSON;
    // count 2 (before 1): n holes of 2 are taken. 1 or 2 holes: 0; three:
    // 2; four: 6; five: 6 (four or more).
    for (n, honours) in [(1, 0), (2, 0), (3, 2), (4, 6), (5, 6)] {
        let (report, game) = capture_of(n, 1, h);
        assert_eq!(
            report,
            MoveReport {
                mover: Player::P0,
                pit: pit(5),
                holes: n,
                count: 2,
                stones: 2 * n as u64,
                honours
            },
            "{n} twos"
        );
        assert_eq!(game.honours().as_slice(), [honours, 0]);
        assert_eq!(game.scores().as_slice(), [2 * n as u64 + honours, 0]);
    }
    // count 3 (before 2): 1 or 2 holes: 0; three: 4; four or five: 10.
    for (n, honours) in [(1, 0), (2, 0), (3, 4), (4, 10), (5, 10)] {
        let (report, game) = capture_of(n, 2, h);
        assert_eq!(
            report,
            MoveReport {
                mover: Player::P0,
                pit: pit(5),
                holes: n,
                count: 3,
                stones: 3 * n as u64,
                honours
            },
            "{n} threes"
        );
        assert_eq!(game.scores().as_slice(), [3 * n as u64 + honours, 0]);
    }
    // The table itself.
    assert_eq!(h.for_capture(0, 0), 0);
    assert_eq!(h.for_capture(6, 2), 6);
    assert_eq!(h.for_capture(12, 3), 10);
    assert_eq!(h.for_capture(3, 4), 0);
}

#[test]
fn custom_honours_table() {
    let custom = Honours {
        three_twos: 1,
        four_twos: 7,
        three_threes: 5,
        four_threes: 20,
    };
    for (n, before, honours) in [
        (2, 1, 0),
        (3, 1, 1),
        (4, 1, 7),
        (5, 1, 7),
        (3, 2, 5),
        (4, 2, 20),
        (5, 2, 20),
    ] {
        let (report, game) = capture_of(n, before, custom);
        assert_eq!(report.honours, honours, "{n} holes of {}", before + 1);
        assert_eq!(game.honours().as_slice(), [honours, 0]);
    }
    let (report, game) = capture_of(5, 2, Honours::NONE);
    assert_eq!((report.stones, report.honours), (15, 0));
    assert_eq!(game.scores().as_slice(), [15, 0]);
}

#[test]
fn honours_accumulate_over_moves() {
    // P0 takes three 2s (honours 2); P1 replies with a move taking three 3s
    // (honours 4); P0's honours stay.
    // P0 sows 5 (3) into 6, 7, 8 (1 each -> 2): three 2s.
    // P1 then sows 11 (3) into 0, 1, 2 (2 each -> 3): three 3s.
    let mut game = two_row([2, 2, 2, 0, 1, 3, 1, 1, 1, 1, 0, 3], 0);
    assert_eq!(game.play(pit(5)).expect("legal").honours, 2);
    let report = game.play(pit(11)).expect("legal");
    assert_eq!((report.holes, report.count, report.honours), (3, 3, 4));
    assert_eq!(game.honours().as_slice(), [2, 4]);
    assert_eq!(game.captured().as_slice(), [6, 9]);
    assert_eq!(game.scores().as_slice(), [8, 13]);
}

// ---------------------------------------------------------------- feeding

#[test]
fn feeding_is_forced_when_possible() {
    // P1 has no stones. P0's hole 4 (1 stone) sows into 5: no feed; hole 0
    // (1) into 1: no feed; hole 5 (1) into 6: feeds. Only 5 is legal.
    let game = two_row([1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0], 0);
    assert_eq!(game.legal_moves().as_slice(), pits(&[5]).as_slice());
    for p in [0, 4] {
        let mut copy = game.clone();
        assert_eq!(copy.play(pit(p)), Err(PlayError::MustFeed(pit(p))));
        assert_eq!(copy, game, "refused move changes nothing");
        assert!(!game.is_legal(&pit(p)));
    }
    let mut copy = game.clone();
    copy.play(pit(5)).expect("feeds");
    assert_eq!(copy.to_move(), Some(Player::P1));
    assert_eq!(holes(&copy)[6], 1);
}

#[test]
fn feeding_is_owed_to_the_next_player_on_the_triangle() {
    // Triangle, P0 to move; P1 (next) has nothing, P2 has stones. Hole 4
    // (1) sows into 5: P1 still has nothing; hole 5 (1) sows into 6: feeds.
    let board = [
        0, 0, 0, 0, 1, 1, // P0
        0, 0, 0, 0, 0, 0, // P1
        1, 1, 1, 1, 1, 1, // P2
    ];
    let game = position(Options::triangle(), &board, &[0, 0, 0], 0);
    assert_eq!(game.legal_moves().as_slice(), pits(&[5]).as_slice());
    let mut copy = game.clone();
    assert_eq!(copy.play(pit(4)), Err(PlayError::MustFeed(pit(4))));
    assert_eq!(copy, game);
}

#[test]
fn feeding_impossible_allows_any_move_and_the_game_ends() {
    // P1 has nothing; P0's holes 0 and 1 (1 each) cannot reach him: any
    // move is legal. After it P1 is to move with no stones: the game ends.
    let game = position(
        Options::two_row(),
        &[1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[20, 26],
        0,
    );
    assert_eq!(game.legal_moves().as_slice(), pits(&[0, 1]).as_slice());
    for p in [0, 1] {
        let mut copy = game.clone();
        assert_eq!(
            copy.play(pit(p)),
            Ok(MoveReport::nothing(Player::P0, pit(p)))
        );
        assert!(copy.is_over());
        assert_eq!(copy.to_move(), None);
        // Leftover void: the 2 stones on the board count for nobody.
        assert_eq!(copy.scores().as_slice(), [20, 26]);
        assert_eq!(copy.outcome(), Some(Outcome::Winner(Player::P1)));
        assert_eq!(copy.play(pit(0)), Err(PlayError::GameOver));
    }
}

// ---------------------------------------------------------------- grand slam

/// P0 sows hole 5 (2) into 6 and 7, P1's only stones (1 each -> 2): both
/// taken, P1 left with nothing: a grand slam.
fn grand_slam_position(policy: GrandSlam) -> Robertson {
    let mut options = Options::two_row();
    options.grand_slam = policy;
    position(options, &[3, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0], &[10, 10], 0)
}

#[test]
fn grand_slam_allowed_captures() {
    let mut game = grand_slam_position(GrandSlam::Allow);
    assert_eq!(game.legal_moves().as_slice(), pits(&[0, 5]).as_slice());
    let report = game.play(pit(5)).expect("legal");
    assert_eq!((report.holes, report.count, report.stones), (2, 2, 4));
    assert_eq!(holes(&game), [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    // P1 to move with no stones: the game is over; P0's 3 are void.
    assert!(game.is_over());
    assert_eq!(game.scores().as_slice(), [14, 10]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));
}

#[test]
fn grand_slam_no_capture_is_legal_and_takes_nothing() {
    let mut game = grand_slam_position(GrandSlam::NoCapture);
    assert_eq!(game.legal_moves().as_slice(), pits(&[0, 5]).as_slice());
    assert_eq!(
        game.play(pit(5)),
        Ok(MoveReport::nothing(Player::P0, pit(5)))
    );
    assert_eq!(holes(&game), [3, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0]);
    assert_eq!(game.captured().as_slice(), [10, 10]);
    assert_eq!(game.to_move(), Some(Player::P1));
}

#[test]
fn grand_slam_forbidden_is_refused_and_changes_nothing() {
    let game = grand_slam_position(GrandSlam::Forbid);
    assert_eq!(game.legal_moves().as_slice(), pits(&[0]).as_slice());
    assert!(!game.is_legal(&pit(5)));
    let mut copy = game.clone();
    assert_eq!(copy.play(pit(5)), Err(PlayError::GrandSlam(pit(5))));
    assert_eq!(copy, game);
    // The other move is fine.
    copy.play(pit(0)).expect("legal");
    assert_eq!(copy.to_move(), Some(Player::P1));
}

#[test]
fn a_player_whose_every_move_is_a_forbidden_grand_slam_cannot_move() {
    // P0's only stones are in hole 5, whose move is the grand slam above.
    let mut options = Options::two_row();
    options.grand_slam = GrandSlam::Forbid;
    let board = [0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0];
    let game = position(options, &board, &[12, 10], 0);
    assert!(game.is_over());
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));
    assert_eq!(
        Game::status(&game),
        Status::Over(Outcome::Winner(Player::P0))
    );
    // Under the other policies the same position is live.
    for policy in [GrandSlam::Allow, GrandSlam::NoCapture] {
        options.grand_slam = policy;
        let game = position(options, &board, &[12, 10], 0);
        assert_eq!(game.legal_moves().as_slice(), pits(&[5]).as_slice());
    }
    // With ToOwner leftovers each owner takes his stones home: 12 + 2 and
    // 10 + 2.
    options.grand_slam = GrandSlam::Forbid;
    options.leftover = Leftover::ToOwner;
    let game = position(options, &board, &[12, 10], 0);
    assert!(game.is_over());
    assert_eq!(game.captured().as_slice(), [14, 12]);
    assert!(holes(&game).iter().all(|&c| c == 0));
}

// ---------------------------------------------------------------- repetition

#[test]
fn repetition_ends_the_game() {
    // P0 moves hole 0 (1) into 1: no capture, reaching board
    // [0,1,0,...,1 at 6,...] with P1 to move. With that position in the
    // history, the move repeats it and the game ends.
    let board = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let next = vec![0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let mut setup = Setup::new(Options::two_row());
    setup.board = board.to_vec();
    setup.captured = vec![23, 23];
    setup.honours = vec![0, 2];

    let mut without = Robertson::from_setup(setup.clone()).expect("valid");
    without.play(pit(0)).expect("legal");
    assert!(!without.is_over());
    assert_eq!(without.to_move(), Some(Player::P1));

    setup.history = vec![SeenPosition {
        board: next.clone(),
        to_move: Player::P1,
    }];
    let mut game = Robertson::from_setup(setup.clone()).expect("valid");
    assert_eq!(game.to_setup(), setup, "history kept");
    assert!(!game.is_over());
    game.play(pit(0)).expect("legal");
    assert!(game.is_over());
    assert_eq!(holes(&game), next);
    // Void leftover: scores 23 + 0 and 23 + 2.
    assert_eq!(game.scores().as_slice(), [23, 25]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P1)));

    // The same board with the other player to move is another position.
    setup.history[0].to_move = Player::P0;
    let mut game = Robertson::from_setup(setup).expect("valid");
    game.play(pit(0)).expect("legal");
    assert!(!game.is_over());
}

#[test]
fn the_current_position_or_a_repeat_in_the_history_is_refused() {
    // Reaching a remembered position ends the game, so no live game
    // remembers the current position, or one position twice.
    let board = vec![1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let other = vec![0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0];
    let seen = |board: &Vec<u16>, p: usize| SeenPosition {
        board: board.clone(),
        to_move: Player::new(p).unwrap(),
    };
    let mut setup = Setup::new(Options::two_row());
    setup.board = board.clone();
    setup.captured = vec![23, 23];
    setup.history = vec![seen(&other, 1), seen(&board, 0)];
    assert_eq!(
        Robertson::from_setup(setup.clone()),
        Err(SetupError::Position(
            mancala_core::SetupError::CurrentInHistory { index: 1 }
        ))
    );
    setup.history = vec![seen(&other, 1), seen(&board, 1), seen(&other, 1)];
    assert_eq!(
        Robertson::from_setup(setup.clone()),
        Err(SetupError::Position(
            mancala_core::SetupError::RepeatedHistory {
                index: 2,
                earlier: 0
            }
        ))
    );
    setup.history = vec![seen(&other, 1), seen(&board, 1), seen(&other, 0)];
    assert!(!Robertson::from_setup(setup).expect("valid").is_over());
}

// ---------------------------------------------------------------- leftover

#[test]
fn leftover_void_or_to_owner() {
    // P1 has nothing; P0 moves 0 (1) into 1 and the game ends with P0's 2
    // stones in hole 1.
    let board = [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let mut void = position(Options::two_row(), &board, &[20, 22], 0);
    void.play(pit(0)).expect("legal");
    assert!(void.is_over());
    // Void: the stones stay and count for nobody: 20 v 22.
    assert_eq!(void.captured().as_slice(), [20, 22]);
    assert_eq!(holes(&void)[1], 2);
    assert_eq!(void.outcome(), Some(Outcome::Winner(Player::P1)));

    let mut options = Options::two_row();
    options.leftover = Leftover::ToOwner;
    let mut owner = position(options, &board, &[20, 22], 0);
    owner.play(pit(0)).expect("legal");
    assert!(owner.is_over());
    // ToOwner: P0 adds his 2: 22 v 22, the board empty, a draw.
    assert_eq!(owner.captured().as_slice(), [22, 22]);
    assert!(holes(&owner).iter().all(|&c| c == 0));
    assert_eq!(owner.outcome(), Some(Outcome::Draw));

    // Stay is not one of Robertson's.
    options.leftover = Leftover::Stay;
    assert_eq!(Robertson::new(options), Err(OptionsError::Leftover));
    assert_eq!(options.check(), Err(OptionsError::Leftover));
}

// ---------------------------------------------------------------- whole games

fn play_out(options: Options) -> Robertson {
    let mut game = Robertson::new(options).expect("valid");
    let k = options.players();
    let start = u64::from(game.board().total());
    assert_eq!(start, 24 * options.shape.rows() as u64);
    let mut ply = 0usize;
    while let Some(mover) = game.to_move() {
        assert_eq!(mover.index(), ply % k, "turn order 0, 1, ..., k-1");
        assert_eq!(Game::status(&game), Status::ToMove(mover));
        let p = game.legal_moves()[0];
        let before = game.captured();
        let report = game.play(p).expect("legal");
        if !game.is_over() {
            assert_eq!(game.captured()[mover], before[mover] + report.stones);
        }
        assert_eq!(u64::from(game.board().total()), start, "conservation");
        ply += 1;
        assert!(ply < 100_000, "game ends");
    }
    assert!(game.is_over());
    assert_eq!(game.ranking().len(), k);
    let scores = game.scores();
    assert_eq!(
        game.outcome(),
        Some(Outcome::from_scores(scores.as_slice()))
    );
    game
}

#[test]
fn a_three_player_triangle_game_to_the_end() {
    let game = play_out(Options::triangle());
    assert_eq!(game.player_count(), 3);
    let mut hex3 = Options::hexagon(3).expect("3 players");
    hex3.skip_origin = true;
    play_out(hex3);
}

#[test]
fn a_six_player_hexagon_game_to_the_end() {
    let game = play_out(Options::hexagon(6).expect("6 players"));
    assert_eq!(game.player_count(), 6);
    play_out(Options::hexagon(2).expect("2 players"));
    play_out(Options::two_row());
}

// ---------------------------------------------------------------- ranking

fn finished(options: Options, captured: &[u16], honours: &[u64]) -> Robertson {
    let mut setup = Setup::new(options);
    setup.board = vec![0; 6 * options.shape.rows()];
    setup.captured = captured.to_vec();
    setup.honours = honours.to_vec();
    setup.over = true;
    Robertson::from_setup(setup).expect("valid")
}

#[test]
fn ranking_and_ties() {
    // Scores 10+6 = 16, 15, 15: P0 wins; P1 before P2 at 15 (turn order).
    let game = finished(Options::triangle(), &[10, 15, 15], &[6, 0, 0]);
    assert_eq!(
        game.ranking().as_slice(),
        [(player(0), 16), (player(1), 15), (player(2), 15)]
    );
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));

    // 10, 16, 12+4 = 16: a tie for the top is a draw; the ranking still
    // orders them.
    let game = finished(Options::triangle(), &[10, 16, 12], &[0, 0, 4]);
    assert_eq!(
        game.ranking().as_slice(),
        [(player(1), 16), (player(2), 16), (player(0), 10)]
    );
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(Game::status(&game), Status::Over(Outcome::Draw));

    // A tie lower down is no draw.
    let game = finished(Options::triangle(), &[20, 5, 5], &[0, 0, 0]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(Player::P0)));

    // Six players.
    let game = finished(
        Options::hexagon(6).expect("6"),
        &[1, 2, 3, 4, 5, 6],
        &[10, 0, 0, 0, 0, 0],
    );
    let order: Vec<usize> = game.ranking().iter().map(|(p, _)| p.index()).collect();
    assert_eq!(order, [0, 5, 4, 3, 2, 1]);
    assert_eq!(game.ranking()[0].1, 11);

    // Two players, equal: draw.
    let game = finished(Options::two_row(), &[24, 20], &[0, 4]);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    // A live game has no outcome.
    let game = Robertson::new(Options::two_row()).expect("valid");
    assert_eq!(game.outcome(), None);
}

// ---------------------------------------------------------------- drawing

#[test]
fn drawing_two_row() {
    let board: [u16; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    let game = position(Options::two_row(), &board, &[0, 0], 0);
    let drawing = game.drawing();
    let lines: Vec<&str> = drawing.lines().collect();
    // The top line holds row 1 running right to left (12 at the left, 7 at
    // the right), the bottom of the board row 0 left to right.
    let top: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(top, ["12", "11", "10", "9", "8", "7"]);
    let bottom: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(bottom, ["1", "2", "3", "4", "5", "6"]);
    assert!(drawing.contains("player 0") || drawing.contains("P0"));
    assert!(drawing.contains("to move"));
    // The turn marker is on player 0's line.
    let marked: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.contains("to move"))
        .collect();
    assert_eq!(marked.len(), 1);
    assert!(marked[0].contains("row 0"));
}

#[test]
fn drawing_triangle_is_shaped_like_a_triangle() {
    let board: Vec<u16> = (0..18).map(|i| i as u16 + 10).collect();
    let game = position(Options::triangle(), &board, &[1, 2, 3], 1);
    let drawing = game.drawing();
    let lines: Vec<&str> = drawing.lines().collect();
    let board_lines: Vec<&str> = lines
        .iter()
        .copied()
        .take_while(|l| !l.contains("row"))
        .collect();
    // Every count appears exactly once.
    let mut counts: Vec<u16> = board_lines
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|s| s.parse().expect("a count"))
        .collect();
    counts.sort_unstable();
    assert_eq!(counts, board);
    // Row 0 (10..=15) runs along the base, left to right.
    let base: Vec<&str> = board_lines
        .last()
        .expect("base")
        .split_whitespace()
        .collect();
    assert_eq!(base, ["10", "11", "12", "13", "14", "15"]);
    // The apex is narrower than the base: the non-empty lines widen downward.
    let spans: Vec<usize> = board_lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let first = l.len() - l.trim_start().len();
            l.trim_end().len() - first
        })
        .collect();
    assert!(spans.len() >= 6, "{drawing}");
    assert!(spans[0] < *spans.last().expect("base"), "{drawing}");
    for p in 0..3 {
        assert!(drawing.contains(&format!("{}", player(p))), "{drawing}");
    }
    assert_eq!(drawing.matches("to move").count(), 1);
}

#[test]
fn drawing_hexagon() {
    let board: Vec<u16> = (0..36).map(|i| i as u16 + 10).collect();
    let game = position(Options::hexagon(3).expect("3"), &board, &[0, 0, 0], 0);
    let drawing = game.drawing();
    let lines: Vec<&str> = drawing.lines().collect();
    let board_lines: Vec<&str> = lines
        .iter()
        .copied()
        .take_while(|l| !l.contains("row"))
        .collect();
    let mut counts: Vec<u16> = board_lines
        .iter()
        .flat_map(|l| l.split_whitespace())
        .map(|s| s.parse().expect("a count"))
        .collect();
    counts.sort_unstable();
    assert_eq!(counts, board);
    // Row 0 along the bottom, row 3 along the top (right to left).
    let base: Vec<&str> = board_lines
        .last()
        .expect("bottom")
        .split_whitespace()
        .collect();
    assert_eq!(base, ["10", "11", "12", "13", "14", "15"]);
    let top: Vec<&str> = board_lines[0].split_whitespace().collect();
    assert_eq!(top, ["33", "32", "31", "30", "29", "28"]);
    // Widest in the middle.
    let width = |l: &str| l.trim_end().len() - (l.len() - l.trim_start().len());
    let widest = board_lines.iter().map(|l| width(l)).max().expect("lines");
    assert!(widest > width(board_lines[0]), "{drawing}");
    assert!(
        widest > width(board_lines[board_lines.len() - 1]),
        "{drawing}"
    );
    // Each player's two rows are listed.
    assert!(drawing.contains("rows 0, 1"), "{drawing}");
    assert!(drawing.contains("rows 2, 3"), "{drawing}");
    assert!(drawing.contains("rows 4, 5"), "{drawing}");
}

// ---------------------------------------------------------------- options

#[test]
fn options_presets_and_errors() {
    assert_eq!(Options::default(), Options::two_row());
    assert_eq!(Options::two_row().players(), 2);
    assert_eq!(Options::triangle().players(), 3);
    for (k, owners) in [
        (2, [0, 0, 0, 1, 1, 1]),
        (3, [0, 0, 1, 1, 2, 2]),
        (6, [0, 1, 2, 3, 4, 5]),
    ] {
        let o = Options::hexagon(k).expect("valid");
        assert_eq!(o.shape, Shape::Hexagon);
        assert_eq!(o.players(), k);
        let got: Vec<usize> = o.row_owners().iter().map(|p| p.index()).collect();
        assert_eq!(got, owners);
        assert_eq!(o.seeds, 4);
        assert_eq!(o.grand_slam, GrandSlam::Allow);
        assert_eq!(o.leftover, Leftover::Void);
        assert!(!o.skip_origin);
        assert_eq!(o.honours, Honours::ROBERTSON);
        assert!(o.check().is_ok());
    }
    for k in [0, 1, 4, 5, 7] {
        assert_eq!(Options::hexagon(k), Err(OptionsError::HexagonPlayers(k)));
    }
    assert_eq!(
        Options::triangle().with_owners(&[Player::P0, Player::P1]),
        Err(OptionsError::Owners { rows: 3, owners: 2 })
    );
    assert_eq!(
        Options::two_row().with_owners(&[Player::P0, Player::P1, Player::P0]),
        Err(OptionsError::Owners { rows: 2, owners: 3 })
    );
    // Any assignment with a row for every player is accepted: triangle
    // with P0 owning two rows.
    let o = Options::triangle()
        .with_owners(&[Player::P0, Player::P1, Player::P0])
        .expect("three owners");
    assert_eq!(o.players(), 2);
    let game = Robertson::new(o).expect("valid");
    assert_eq!(game.player_count(), 2);
    // A player without a row: P1 owns none but P2 does.
    let o = Options::triangle()
        .with_owners(&[Player::P0, player(2), player(2)])
        .expect("three owners");
    assert_eq!(
        Robertson::new(o),
        Err(OptionsError::Rules(RulesError::Layout(
            LayoutError::PlayerWithoutRow(Player::P1)
        )))
    );
    // A single player.
    let o = Options::two_row()
        .with_owners(&[Player::P0, Player::P0])
        .expect("two owners");
    assert_eq!(
        o.check(),
        Err(OptionsError::Rules(RulesError::Layout(
            LayoutError::TooFewPlayers
        )))
    );
    // No stones.
    let mut o = Options::two_row();
    o.seeds = 0;
    assert_eq!(o.check(), Err(OptionsError::Rules(RulesError::NoSeeds)));
    assert!(Rubber::new(o).is_err());
    // The same errors from setups.
    let setup = Setup::new(o);
    assert!(Robertson::from_setup(setup).is_err());
    // Honours of the wrong length.
    let mut setup = Setup::new(Options::two_row());
    setup.honours = vec![0; 3];
    assert_eq!(
        Robertson::from_setup(setup),
        Err(robertson::SetupError::HonoursLength {
            expected: 2,
            found: 3
        })
    );
}

// ---------------------------------------------------------------- rubber

/// Plays a rubber with first-legal-move agents, checking totals, rotation
/// and the winner; returns the number of games.
fn first_legal_rubber(options: Options, target: u64) -> Rubber {
    let mut rubber = Rubber::with_target(options, target).expect("valid");
    let k = options.players() as u32;
    assert_eq!(rubber.target(), target);
    let mut totals = vec![0u64; k as usize];
    let mut games = 0u32;
    while rubber.winner().is_none() {
        assert!(games < 500, "the rubber ends");
        assert_eq!(rubber.games_played(), games);
        assert_eq!(rubber.first_mover(games).index() as u32, games % k);
        let mut game = rubber.game().clone();
        assert!(!game.is_over());
        assert_eq!(game.to_move(), Some(rubber.first_mover(games)));
        // Play this game alongside.
        while !game.is_over() {
            let p = game.legal_moves()[0];
            let expected = game.play(p).expect("legal");
            assert_eq!(rubber.play(p), Ok(expected));
        }
        for (p, s) in game.scores().iter() {
            totals[p.index()] += s;
        }
        games += 1;
        assert_eq!(rubber.games_played(), games);
        assert_eq!(rubber.totals().as_slice(), totals.as_slice());
        let best = *totals.iter().max().expect("players");
        let leaders = totals.iter().filter(|&&t| t == best).count();
        if best >= target && leaders == 1 {
            let w = totals.iter().position(|&t| t == best).expect("leader");
            assert_eq!(rubber.winner(), Some(player(w)));
            assert_eq!(rubber.game(), &game, "the last game is kept");
        } else {
            assert_eq!(rubber.winner(), None);
            assert_eq!(rubber.game().to_move(), Some(rubber.first_mover(games)));
        }
    }
    rubber
}

#[test]
fn a_whole_rubber_two_row() {
    let mut rubber = first_legal_rubber(Options::two_row(), 30);
    assert!(rubber.games_played() >= 1);
    let w = rubber.winner().expect("won");
    assert!(rubber.totals()[w] >= 30);
    // Over: every move refused, nothing changes.
    let before = rubber.clone();
    for i in 0..12 {
        assert_eq!(rubber.play(pit(i)), Err(RubberError::Over));
    }
    rubber.play_game_with(|g| g.legal_moves().first().copied());
    assert_eq!(rubber, before);
}

#[test]
fn a_whole_rubber_triangle_rotates_mod_three() {
    let rubber = first_legal_rubber(Options::triangle(), 30);
    assert!(rubber.winner().is_some());
    for k in 0..9 {
        assert_eq!(rubber.first_mover(k).index(), k as usize % 3);
    }
}

#[test]
fn play_game_with_matches_manual_play() {
    let mut a = Rubber::with_target(Options::two_row(), 30).expect("valid");
    let mut b = a.clone();
    let mut games = 0;
    while a.winner().is_none() && games < 100 {
        a.play_game_with(|g| g.legal_moves().last().copied());
        while b.games_played() == games && b.winner().is_none() {
            let p = *b.game().legal_moves().last().expect("live");
            b.play(p).expect("legal");
        }
        games += 1;
        assert_eq!(a, b);
    }
    // An illegal choice falls back to the first legal move.
    let mut c = Rubber::with_target(Options::two_row(), 30).expect("valid");
    let mut d = c.clone();
    c.play_game_with(|_| Some(pit(70)));
    d.play_game_with(|_| None);
    assert_eq!(c, d);
}

#[test]
fn rubber_move_errors_change_nothing() {
    let mut rubber = Rubber::new(Options::two_row()).expect("valid");
    assert_eq!(rubber.target(), robertson::RUBBER_TARGET);
    let before = rubber.clone();
    assert!(matches!(
        rubber.play(pit(6)),
        Err(RubberError::Play(PlayError::NotYourHole { .. }))
    ));
    assert_eq!(
        rubber.play(pit(20)),
        Err(RubberError::Play(PlayError::NotOnBoard(pit(20))))
    );
    assert_eq!(rubber, before);
}

/// A rubber to 30 whose current two-row game is `game` (from a JSON edit)
/// with `totals` so far.
fn rubber_with(totals: [u64; 2], game: &Robertson, games: u32) -> Rubber {
    let rubber = Rubber::with_target(Options::two_row(), 30).expect("valid");
    let mut value = serde_json::to_value(&rubber).expect("serializes");
    value["totals"] = serde_json::json!(totals);
    value["game"] = serde_json::to_value(game).expect("serializes");
    value["games"] = serde_json::json!(games);
    serde_json::from_value(value).expect("a valid rubber")
}

/// P1 has nothing; P0 moves 0 and the game ends with the captured stores.
fn last_move_game(captured: [u16; 2]) -> Robertson {
    position(
        Options::two_row(),
        &[1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &captured,
        0,
    )
}

#[test]
fn rubber_winner_rules() {
    // 25 + 5 = 30 each: equal totals at the top, both at the target: play
    // on; game 3 begins with P1 (3 mod 2).
    let mut rubber = rubber_with([25, 25], &last_move_game([5, 5]), 2);
    rubber.play(pit(0)).expect("legal");
    assert_eq!(rubber.winner(), None);
    assert_eq!(rubber.totals().as_slice(), [30, 30]);
    assert_eq!(rubber.games_played(), 3);
    assert_eq!(rubber.game().to_move(), Some(Player::P1));
    assert_eq!(
        rubber.game(),
        &Robertson::from_setup({
            let mut s = Setup::new(Options::two_row());
            s.to_move = Player::P1;
            s
        })
        .expect("valid")
    );
    assert_eq!(
        rubber.game(),
        &Robertson::with_first_player(Options::two_row(), Player::P1).expect("valid")
    );

    // Both reach it at once: the higher total wins: 28 + 4 = 32, 29 + 5 = 34.
    let mut rubber = rubber_with([28, 29], &last_move_game([4, 5]), 1);
    rubber.play(pit(0)).expect("legal");
    assert_eq!(rubber.winner(), Some(Player::P1));
    assert_eq!(rubber.totals().as_slice(), [32, 34]);

    // Only one reaches it: he wins even with the other close: 25 + 5 = 30
    // v 20 + 9 = 29.
    let mut rubber = rubber_with([25, 20], &last_move_game([5, 9]), 1);
    rubber.play(pit(0)).expect("legal");
    assert_eq!(rubber.winner(), Some(Player::P0));
    assert_eq!(rubber.play(pit(1)), Err(RubberError::Over));

    // Nobody reaches it: play on.
    let mut rubber = rubber_with([0, 0], &last_move_game([5, 9]), 0);
    rubber.play(pit(0)).expect("legal");
    assert_eq!(rubber.winner(), None);
    assert_eq!(rubber.totals().as_slice(), [5, 9]);
}

#[test]
fn rubber_serde_round_trip_mid_game() {
    let mut rubber = Rubber::with_target(Options::triangle(), 1000).expect("valid");
    rubber.play_game_with(|g| g.legal_moves().first().copied());
    for _ in 0..7 {
        let p = *rubber.game().legal_moves().last().expect("live");
        rubber.play(p).expect("legal");
    }
    assert_eq!(rubber.games_played(), 1);
    assert!(!rubber.game().is_over());
    let json = serde_json::to_string(&rubber).expect("serializes");
    let mut back: Rubber = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, rubber);
    // Resumed: both play on identically.
    for _ in 0..3 {
        rubber.play_game_with(|g| g.legal_moves().last().copied());
        back.play_game_with(|g| g.legal_moves().last().copied());
        assert_eq!(back, rubber);
    }
}

#[test]
fn malformed_rubber_json_is_refused() {
    let mut rubber = Rubber::with_target(Options::two_row(), 30).expect("valid");
    rubber.play(pit(2)).expect("legal");
    let good = serde_json::to_value(&rubber).expect("serializes");
    assert!(serde_json::from_value::<Rubber>(good.clone()).is_ok());

    let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        edit(&mut v);
        assert!(
            serde_json::from_value::<Rubber>(v.clone()).is_err(),
            "accepted {v}"
        );
    };
    // One total per player.
    refused(&|v| v["totals"] = serde_json::json!([1, 2, 3]));
    refused(&|v| v["totals"] = serde_json::json!([]));
    // The game under other options.
    refused(&|v| {
        v["game"] = serde_json::to_value(Robertson::new(Options::triangle()).expect("valid"))
            .expect("serializes");
    });
    refused(&|v| v["options"]["seeds"] = serde_json::json!(3));
    // A winner who does not play.
    refused(&|v| v["winner"] = serde_json::json!(2));
    refused(&|v| v["winner"] = serde_json::json!(9));
    // An impossible game.
    refused(&|v| v["game"]["board"] = serde_json::json!([4, 4, 4]));
    refused(&|v| v["game"]["to_move"] = serde_json::json!(5));
    refused(&|v| v["game"]["honours"] = serde_json::json!([0]));
    // Invalid options.
    refused(&|v| {
        v["options"]["seeds"] = serde_json::json!(0);
        v["game"]["options"]["seeds"] = serde_json::json!(0);
    });
    // Missing fields, wrong types.
    refused(&|v| {
        v.as_object_mut().expect("object").remove("game");
    });
    refused(&|v| v["target"] = serde_json::json!("thirty"));
    refused(&|v| v["games"] = serde_json::json!(-1));
    assert!(serde_json::from_str::<Rubber>("").is_err());
    assert!(serde_json::from_str::<Rubber>("{").is_err());
    assert!(serde_json::from_str::<Rubber>("[]").is_err());
    assert!(serde_json::from_str::<Rubber>("null").is_err());
}

// ---------------------------------------------------------------- misc API

#[test]
fn game_trait_and_setup_round_trip_on_hand_positions() {
    let game = two_row([1, 0, 0, 0, 0, 4, 2, 1, 1, 1, 1, 5], 0);
    assert_eq!(Game::player_count(&game), 2);
    assert_eq!(Game::legal_actions(&game, Player::P0), game.legal_moves());
    assert!(Game::legal_actions(&game, Player::P1).is_empty());
    assert_eq!(Game::scores(&game).as_slice(), [0, 0]);
    assert_eq!(Game::key(&game), game.clone().key());
    let mut a = game.clone();
    let mut b = game.clone();
    Game::play(&mut a, pit(5)).expect("legal");
    b.play_unchecked(pit(5));
    assert_eq!(a, b);
    assert_eq!(Robertson::from_setup(a.to_setup()), Ok(a.clone()));
    let json = serde_json::to_string(&a).expect("serializes");
    assert_eq!(serde_json::from_str::<Robertson>(&json).expect("back"), a);
}

/// A saved rubber whose winner does not follow from its totals, or whose
/// finished game was never added, is refused when loaded.
#[test]
fn inconsistent_rubber_json_is_refused() {
    let rubber = robertson::Rubber::with_target(Options::two_row(), 30).unwrap();
    let mut json: serde_json::Value = serde_json::to_value(&rubber).unwrap();
    // Nobody has reached 30, so nobody can have won.
    json["winner"] = serde_json::json!(0);
    assert!(serde_json::from_value::<robertson::Rubber>(json.clone()).is_err());
    // With totals 35 to 10, player 0 has won; claiming nobody has is refused.
    json["totals"] = serde_json::json!([35, 10]);
    json["winner"] = serde_json::Value::Null;
    assert!(serde_json::from_value::<robertson::Rubber>(json.clone()).is_err());
    json["winner"] = serde_json::json!(0);
    // A decided rubber's game is its finished last game, not a live one.
    assert!(serde_json::from_value::<robertson::Rubber>(json.clone()).is_err());
    let mut last = Setup::new(Options::two_row());
    last.board = vec![0; 12];
    last.captured = vec![24, 24];
    last.over = true;
    json["game"] = serde_json::to_value(Robertson::from_setup(last).unwrap()).unwrap();
    let loaded: robertson::Rubber = serde_json::from_value(json).unwrap();
    assert_eq!(loaded.winner(), Some(mancala_core::Player::P0));
}

// ---------------------------------------------------------------- errors

#[test]
fn every_refusal_is_typed_and_changes_nothing() {
    let game = two_row([1, 0, 0, 0, 0, 4, 2, 1, 1, 1, 1, 5], 0);
    let refused = |p: usize, expected: PlayError| {
        let mut copy = game.clone();
        assert_eq!(copy.play(pit(p)), Err(expected), "hole {p}");
        assert_eq!(copy, game, "hole {p}");
        assert!(!game.is_legal(&pit(p)));
    };
    refused(12, PlayError::NotOnBoard(pit(12)));
    refused(77, PlayError::NotOnBoard(pit(77)));
    refused(
        6,
        PlayError::NotYourHole {
            pit: pit(6),
            owner: Player::P1,
            mover: Player::P0,
        },
    );
    refused(1, PlayError::EmptyHole(pit(1)));
    assert_eq!(PlayError::EmptyHole(pit(1)).to_string(), "hole 1 is empty");
}

#[test]
fn joint_move_takes_one_action_of_the_player_to_move() {
    let game = Robertson::default();
    assert_eq!(game.joint_move(&[(Player::P0, pit(3))]), Ok(pit(3)));
    // Legality is `play`'s business, not `joint_move`'s.
    assert_eq!(game.joint_move(&[(Player::P0, pit(9))]), Ok(pit(9)));
    assert_eq!(
        game.joint_move(&[(Player::P1, pit(9))]),
        Err(PlayError::Joint(JointMoveError::WrongPlayer {
            given: Player::P1,
            expected: Player::P0
        }))
    );
    assert_eq!(
        game.joint_move(&[]),
        Err(PlayError::Joint(JointMoveError::Count(0)))
    );
    assert_eq!(
        game.joint_move(&[(Player::P0, pit(3)), (Player::P0, pit(4))]),
        Err(PlayError::Joint(JointMoveError::Count(2)))
    );
    let over = finished(Options::two_row(), &[24, 24], &[0, 0]);
    assert_eq!(
        over.joint_move(&[(Player::P0, pit(3))]),
        Err(PlayError::Joint(JointMoveError::GameOver))
    );
}

#[test]
fn a_forbidden_grand_slam_that_also_fails_to_feed_is_a_grand_slam() {
    // P1 has stones only in 6 and 7 (1 each). P0's hole 5 (2) sows into 6
    // and 7 (2 each): both captured, P1 left with nothing: a grand slam,
    // refused under `forbid`. P0's hole 0 (1) sows into 1: no capture,
    // legal. Neither the grand slam nor a failure to feed is mislabelled.
    let game = grand_slam_position(GrandSlam::Forbid);
    let mut copy = game.clone();
    assert_eq!(copy.play(pit(5)), Err(PlayError::GrandSlam(pit(5))));
    assert_eq!(copy, game);
    // P1 with nothing: P0 must feed. Hole 0 (1) into 1 does not feed; hole
    // 5 (1) into 6 does. Under `forbid` the refusal is still `MustFeed`.
    let mut options = Options::two_row();
    options.grand_slam = GrandSlam::Forbid;
    let game = position(options, &[1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], &[20, 26], 0);
    let mut copy = game.clone();
    assert_eq!(copy.play(pit(0)), Err(PlayError::MustFeed(pit(0))));
    assert_eq!(copy, game);
    assert_eq!(game.legal_moves().as_slice(), pits(&[5]).as_slice());
}

// ---------------------------------------------------------------- notation

#[test]
fn notation_of_hand_positions() {
    // The start: two rows of 4, nothing captured, no honours, player 0.
    let start = Robertson::default();
    assert_eq!(start.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0");
    assert_eq!("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0".parse(), Ok(start));

    // After the three-2s capture of `chain_of_twos_stops_at_a_three`: P0
    // captured 6 with honours 2; seeds left the board, so no history.
    let mut game = two_row([1, 0, 0, 0, 0, 4, 2, 1, 1, 1, 1, 5], 0);
    game.play(pit(5)).expect("legal");
    assert_eq!(game.to_string(), "1,0,0,0,0,0/3,0,0,0,1,5 6,0 2,0 1");
    assert_eq!(game.to_string().parse::<Robertson>(), Ok(game.clone()));

    // A finished triangle game with `owner` leftovers and a custom honours
    // table: the words differ from the defaults only.
    let mut options = Options::triangle();
    options.leftover = Leftover::ToOwner;
    options.honours = Honours {
        three_twos: 1,
        four_twos: 7,
        three_threes: 5,
        four_threes: 20,
    };
    let game = finished(options, &[10, 15, 15], &[6, 0, 0]);
    let text = "0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0 10,15,15 6,0,0 0 over \
                layout=triangle leftover=owner honours=1,7,5,20";
    assert_eq!(game.to_string(), text);
    assert_eq!(text.parse::<Robertson>(), Ok(game));

    // The hexagon for three: its owners differ from the layout's default.
    let game = Robertson::new(Options::hexagon(3).expect("3")).expect("valid");
    assert!(
        game.to_string()
            .ends_with(" 0,0,0 0,0,0 0 layout=hexagon owners=0,0,1,1,2,2"),
        "{game}"
    );
    assert_eq!(game.to_string().parse::<Robertson>(), Ok(game));
}

#[test]
fn notation_keeps_the_repetition_history() {
    // As in `repetition_ends_the_game`: with the next position seen before,
    // the move repeats it and ends the game.
    let text = "1,0,0,0,0,0/1,0,0,0,0,0 23,23 0,2 0 seen=0,1,0,0,0,0/1,0,0,0,0,0:1";
    let mut game: Robertson = text.parse().expect("valid");
    assert_eq!(game.to_string(), text);
    assert_eq!(game.to_setup().history.len(), 1);
    game.play(pit(0)).expect("legal");
    assert!(game.is_over());
    assert_eq!(game.to_string(), "0,1,0,0,0,0/1,0,0,0,0,0 23,23 0,2 1 over");
}

#[test]
fn malformed_notation_is_a_typed_error() {
    let notation = |text: &str| match text.parse::<Robertson>() {
        Err(ParseError::Notation(e)) => e,
        other => panic!("`{text}`: {other:?}"),
    };
    use mancala_core::notation::{NotationError, OptionError};
    assert_eq!(notation(""), NotationError::Missing("holes"));
    assert_eq!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4"),
        NotationError::Missing("captured")
    );
    assert_eq!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0"),
        NotationError::Missing("honours")
    );
    assert_eq!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0"),
        NotationError::Missing("player")
    );
    assert!(matches!(
        notation("4,4,x,4,4,4/4,4,4,4,4,4 0,0 0,0 0"),
        NotationError::Invalid { part: "holes", .. }
    ));
    assert!(matches!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,-1 0"),
        NotationError::Invalid {
            part: "honours",
            ..
        }
    ));
    assert!(matches!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,99999999999999999999 0"),
        NotationError::Invalid {
            part: "honours",
            ..
        }
    ));
    assert!(matches!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 7"),
        NotationError::Invalid { part: "player", .. }
    ));
    assert!(matches!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 seen=4,4"),
        NotationError::Invalid { part: "seen", .. }
    ));
    assert_eq!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 seeds=3 seeds=4"),
        NotationError::Option(OptionError::Duplicate("seeds".into()))
    );
    assert!(matches!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 over over"),
        NotationError::Option(OptionError::NotKeyValue(_))
    ));
    assert!(matches!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 houses=4"),
        NotationError::Option(OptionError::UnknownKey { .. })
    ));
    // `owners` is read against the layout given before it.
    assert!(matches!(
        notation("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 owners=0,1,2 layout=triangle"),
        NotationError::Option(OptionError::BadValue { .. })
    ));
    // Well formed but impossible: typed setup errors.
    let setup = |text: &str| match text.parse::<Robertson>() {
        Err(ParseError::Setup(e)) => e,
        other => panic!("`{text}`: {other:?}"),
    };
    // One row of six on a two-row board: rows of the right length, too few.
    assert!(matches!(
        setup("4,4,4,4,4,4 0,0 0,0 0"),
        SetupError::Position(mancala_core::SetupError::BoardLength { .. })
    ));
    // A row of three is malformed: every row holds six holes.
    assert!(matches!(
        notation("4,4,4 0,0 0,0 0"),
        NotationError::Invalid { part: "holes", .. }
    ));
    assert_eq!(
        setup("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0,0 0"),
        SetupError::HonoursLength {
            expected: 2,
            found: 3
        }
    );
    assert_eq!(
        setup("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 seeds=0"),
        SetupError::Options(OptionsError::Rules(RulesError::NoSeeds))
    );
    assert!(matches!(
        setup("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 2"),
        SetupError::Position(mancala_core::SetupError::NoSuchPlayer(_))
    ));
}

#[test]
fn the_alternate_form_is_the_drawing() {
    for options in [
        Options::two_row(),
        Options::triangle(),
        Options::hexagon(6).expect("6"),
    ] {
        let game = Robertson::new(options).expect("valid");
        assert_eq!(format!("{game:#}"), game.drawing());
    }
}

#[test]
fn options_text() {
    assert_eq!(Options::default().to_string(), "");
    assert_eq!("".parse::<Options>(), Ok(Options::default()));
    let mut o = Options::hexagon(6).expect("6");
    o.seeds = 3;
    o.skip_origin = true;
    o.grand_slam = GrandSlam::NoCapture;
    let text = "layout=hexagon owners=0,1,2,3,4,5 seeds=3 skip_origin=true grand_slam=no-capture";
    assert_eq!(o.to_string(), text);
    assert_eq!(text.parse::<Options>(), Ok(o));
    // The layout sets its default owners and keeps the other options.
    let o: Options = "grand_slam=forbid layout=triangle".parse().expect("valid");
    assert_eq!(o.grand_slam, GrandSlam::Forbid);
    assert_eq!(o.players(), 3);
    // Owners beyond the shape's rows do not count.
    let mut odd = Options::two_row();
    odd.owners[4] = Player::P1;
    assert_eq!(odd, Options::two_row());
    assert_eq!(odd.to_string(), "");
    // Bad values.
    for bad in [
        "layout=square",
        "owners=0,1,2",
        "owners=0,x",
        "seeds=-1",
        "seeds=+4",
        "skip_origin=yes",
        "grand_slam=never",
        "leftover=stay",
        "honours=1,2,3",
        "honours=1,2,3,4,5",
        "colour=red",
        "seeds",
    ] {
        assert!(bad.parse::<Options>().is_err(), "{bad}");
    }
    // `Stay` is never valid; its text says so and does not read back.
    let mut stay = Options::two_row();
    stay.leftover = Leftover::Stay;
    assert_eq!(stay.to_string(), "leftover=stay");
    assert_eq!(
        RuleOptions::value(&stay, "leftover").as_deref(),
        Some("stay")
    );
}

#[test]
fn keys_equal_for_equal_positions_and_differ_with_honours() {
    let a = two_row([1, 0, 0, 0, 0, 4, 2, 1, 1, 1, 1, 5], 0);
    let b: Robertson = a.to_string().parse().expect("valid");
    assert_eq!(a, b);
    assert_eq!(a.key(), b.key());
    let mut setup = a.to_setup();
    setup.honours = vec![2, 0];
    let c = Robertson::from_setup(setup).expect("valid");
    assert_ne!(a, c);
    assert_ne!(a.key(), c.key());
}
