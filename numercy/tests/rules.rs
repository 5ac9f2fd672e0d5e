//! Hand-worked positions of Numercy, each checked against RULES.md
//! ("Numercy"). The expected values are worked out in the comment beside each
//! case, from the rules alone.
//!
//! Board conventions (RULES.md, "Conventions shared by the sowing games"): on
//! a 2xn board, holes `0..n` are South's (player 0) from his left, holes
//! `n..2n` North's (player 1) from his left; sowing goes `i -> i + 1 mod 2n`;
//! the hole opposite `i` is `2n - 1 - i`; file `f` holds holes `f` and
//! `2n - 1 - f`, and its operator is `options.row[f]`.
//!
//! Most cases use a 2x4 board: South owns 0 1 2 3, North 4 5 6 7; opposites
//! are 0-7, 1-6, 2-5, 3-4 (files 0, 1, 2, 3).

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use numercy::*;

use Operator::{Add, Divide, Multiply, Power, Subtract};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

const SOUTH: Player = Player::P0;
const NORTH: Player = Player::P1;

/// The checked position of `board` under `options`, `to_move` to move, no
/// points yet.
fn position(options: Options, board: &[u16], to_move: Player) -> Numercy {
    position_with_points(options, board, [0, 0], to_move)
}

fn position_with_points(
    options: Options,
    board: &[u16],
    points: [u64; 2],
    to_move: Player,
) -> Numercy {
    let mut setup = Setup::new(options);
    setup.board = board.to_vec();
    setup.points = points.to_vec();
    setup.to_move = to_move;
    Numercy::from_setup(setup).unwrap()
}

fn board_of(game: &Numercy) -> Vec<u16> {
    game.board().holes().to_vec()
}

/// The points of both players ([`Game::scores`], which has exactly two).
fn points_of(game: &Numercy) -> [u64; 2] {
    game.scores().as_slice().try_into().unwrap()
}

/// The 2x4 position `[1, c - 1, 0, 0, 0, 2, o, 0]`, South to move: South's
/// single ball from hole 0 falls into hole 1, which then holds `c`; the
/// opposite hole 6 (file 1) holds `o`. North keeps 2 balls in hole 5 (file 2)
/// so that the game goes on. Plays hole 0 and returns the game and report.
fn one_ball(options: Options, c: u16, o: u16) -> (Numercy, MoveReport) {
    assert!(c >= 1);
    let mut game = position(options, &[1, c - 1, 0, 0, 0, 2, o, 0], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!(report.mover, SOUTH);
    assert_eq!(report.origin, pit(0));
    assert_eq!(report.end, pit(1));
    assert_eq!(report.laps, 1);
    assert!(!report.endless);
    assert_eq!((report.count, report.opposite), (c, o));
    (game, report)
}

fn drill(op: Operator) -> Options {
    Options::board(4).drill(op)
}

fn scoring(points: u64, scorer: Player, emptied: bool) -> Option<Scoring> {
    Some(Scoring {
        points,
        scorer,
        emptied,
    })
}

/// Asserts the mover scored `points` on a 2 or 4 in `one_ball`: both holes of
/// file 1 (holes 1 and 6) emptied, North to move.
fn assert_mover_scored(game: &Numercy, report: &MoveReport, points: u64) {
    assert_eq!(report.scoring, scoring(points, SOUTH, true));
    assert_eq!(board_of(game), [0, 0, 0, 0, 0, 2, 0, 0]);
    assert_eq!(points_of(game), [points, 0]);
    assert_eq!(game.to_move(), Some(NORTH));
}

/// Asserts the opponent scored `points` on a 3 or 5 in `one_ball`: the balls
/// stay, North to move.
fn assert_opponent_scored(game: &Numercy, report: &MoveReport, c: u16, o: u16, points: u64) {
    assert_eq!(report.scoring, scoring(points, NORTH, false));
    assert_eq!(board_of(game), [0, c, 0, 0, 0, 2, o, 0]);
    assert_eq!(points_of(game), [0, points]);
    assert_eq!(game.to_move(), Some(NORTH));
}

// ---------------------------------------------------------------------------
// Every operator, through play
// ---------------------------------------------------------------------------

#[test]
fn add_scores_the_sum() {
    // c = 2, o = 3, `+`: 2 + 3 = 5 for South (a 2), holes 1 and 6 emptied.
    let (game, report) = one_ball(drill(Add), 2, 3);
    assert_eq!(report.operator, Add);
    assert_mover_scored(&game, &report, 5);
}

#[test]
fn subtract_scores_the_absolute_difference() {
    // c = 2, o = 9, `-`: |2 - 9| = 7 (not -7) for South, both emptied.
    let (game, report) = one_ball(drill(Subtract), 2, 9);
    assert_eq!(report.operator, Subtract);
    assert_mover_scored(&game, &report, 7);

    // c = 5, o = 1, `-`: |5 - 1| = 4 for North (a 5), balls stay.
    let (game, report) = one_ball(drill(Subtract), 5, 1);
    assert_opponent_scored(&game, &report, 5, 1, 4);

    // c = 4, o = 4: |4 - 4| = 0 for South; still a scoring end: emptied.
    let (game, report) = one_ball(drill(Subtract), 4, 4);
    assert_mover_scored(&game, &report, 0);
}

#[test]
fn multiply_scores_the_product() {
    // c = 4, o = 3, `x`: 4 x 3 = 12 for South (a 4), both emptied.
    let (game, report) = one_ball(drill(Multiply), 4, 3);
    assert_eq!(report.operator, Multiply);
    assert_mover_scored(&game, &report, 12);

    // c = 3, o = 0: 3 x 0 = 0 for North, balls stay.
    let (game, report) = one_ball(drill(Multiply), 3, 0);
    assert_opponent_scored(&game, &report, 3, 0, 0);
}

#[test]
fn divide_scores_the_larger_over_the_smaller() {
    // c = 4, o = 9, `:`: 9 / 4 = 2.25, nearest 2, for South, both emptied.
    let (game, report) = one_ball(drill(Divide), 4, 9);
    assert_eq!(report.operator, Divide);
    assert_mover_scored(&game, &report, 2);

    // c = 5, o = 2: the larger is c: 5 / 2 = 2.5, halves up: 3, for North.
    let (game, report) = one_ball(drill(Divide), 5, 2);
    assert_opponent_scored(&game, &report, 5, 2, 3);

    // c = 4, o = 2: 4 / 2 = 2 exactly, for South.
    let (game, report) = one_ball(drill(Divide), 4, 2);
    assert_mover_scored(&game, &report, 2);
}

#[test]
fn power_scores_c_to_the_o() {
    // c = 3, o = 4, `^`: 3 ^ 4 = 81 for North (a 3), balls stay.
    let (game, report) = one_ball(drill(Power), 3, 4);
    assert_eq!(report.operator, Power);
    assert_opponent_scored(&game, &report, 3, 4, 81);

    // c = 2, o = 5: 2 ^ 5 = 32 for South, both emptied.
    let (game, report) = one_ball(drill(Power), 2, 5);
    assert_mover_scored(&game, &report, 32);

    // c = 4, o = 0: 4 ^ 0 = 1 for South (the opposite count is the exponent,
    // not the base: 0 ^ 4 would be 0).
    let (game, report) = one_ball(drill(Power), 4, 0);
    assert_mover_scored(&game, &report, 1);

    // c = 2, o = 3: 2 ^ 3 = 8, not 3 ^ 2 = 9.
    let (game, report) = one_ball(drill(Power), 2, 3);
    assert_mover_scored(&game, &report, 8);
}

#[test]
fn operator_apply_table() {
    // Operator::apply directly, defaults Nearest / Zero.
    let f = |op: Operator, c, o| op.apply(c, o, Rounding::Nearest, DivideByZero::Zero);
    assert_eq!(f(Add, 4, 3), 7);
    assert_eq!(f(Add, 0, 0), 0);
    assert_eq!(f(Subtract, 3, 8), 5);
    assert_eq!(f(Subtract, 8, 3), 5);
    assert_eq!(f(Multiply, 5, 7), 35);
    // u16::MAX * u16::MAX = 4294836225 fits a u64.
    assert_eq!(f(Multiply, u16::MAX, u16::MAX), 4_294_836_225);
    assert_eq!(f(Add, u16::MAX, u16::MAX), 131_070);
    // 7 / 2 = 3.5 -> 4; 2 and 7 in the other order: the same.
    assert_eq!(f(Divide, 7, 2), 4);
    assert_eq!(f(Divide, 2, 7), 4);
    // 10 / 3 = 3.33 -> 3; 11 / 3 = 3.67 -> 4.
    assert_eq!(f(Divide, 3, 10), 3);
    assert_eq!(f(Divide, 3, 11), 4);
    assert_eq!(f(Power, 5, 3), 125);
    assert_eq!(f(Power, 0, 0), 1);
    assert_eq!(f(Power, 0, 3), 0);
    assert_eq!(f(Power, 1, u16::MAX), 1);
}

#[test]
fn operator_symbols_parse_and_display() {
    let symbols: String = Operator::ALL.iter().map(|o| o.symbol()).collect();
    assert_eq!(symbols, "+-x:^");
    for op in Operator::ALL {
        assert_eq!(op.to_string().parse::<Operator>(), Ok(op));
    }
    assert_eq!("*".parse::<Operator>(), Ok(Multiply));
    assert_eq!("/".parse::<Operator>(), Ok(Divide));
    assert!("%".parse::<Operator>().is_err());
    assert!("++".parse::<Operator>().is_err());
    assert!("".parse::<Operator>().is_err());
}

// ---------------------------------------------------------------------------
// Every branch of scoring
// ---------------------------------------------------------------------------

#[test]
fn ending_on_two_or_four_scores_for_the_mover_and_empties_the_file() {
    // c = 2, o = 3, `+`: 5 for South; holes 1 and 6 emptied: 5 balls leave the
    // game (they are not points): 6 on the board before, 2 after (hole 5).
    let (game, report) = one_ball(drill(Add), 2, 3);
    assert_mover_scored(&game, &report, 5);
    assert_eq!(game.board().total(), 2);

    // c = 4, o = 1, `+`: 4 + 1 = 5 for South; holes 1 and 6 emptied.
    let (game, report) = one_ball(drill(Add), 4, 1);
    assert_mover_scored(&game, &report, 5);
}

#[test]
fn ending_on_three_or_five_scores_for_the_opponent_and_balls_stay() {
    // c = 3, o = 2, `+`: 3 + 2 = 5 for North; board [0, 3, 0, 0, 0, 2, 2, 0].
    let (game, report) = one_ball(drill(Add), 3, 2);
    assert_opponent_scored(&game, &report, 3, 2, 5);

    // c = 5, o = 6, `+`: 11 for North; the balls stay.
    let (game, report) = one_ball(drill(Add), 5, 6);
    assert_opponent_scored(&game, &report, 5, 6, 11);
}

#[test]
fn ending_on_one_scores_nothing() {
    // c = 1 (the last ball falls into an empty hole), o = 3: no score, the
    // balls stay: [0, 1, 0, 0, 0, 2, 3, 0].
    let (game, report) = one_ball(drill(Add), 1, 3);
    assert_eq!(report.scoring, None);
    assert_eq!(board_of(&game), [0, 1, 0, 0, 0, 2, 3, 0]);
    assert_eq!(points_of(&game), [0, 0]);
    assert_eq!(game.to_move(), Some(NORTH));
}

#[test]
fn north_scores_for_himself_on_a_two_or_four_with_his_file_operator() {
    // Row + - x ^ (files 0..3). North sows hole 4 (one ball) into hole 5,
    // which then holds 4; hole 5 is in file 2 (opposite 2), operator `x`.
    // Board [1, 0, 3, 0, 1, 3, 0, 0]: c = 4, o = 3: 4 x 3 = 12 for North;
    // holes 5 and 2 emptied: [1, 0, 0, 0, 0, 0, 0, 0], South to move.
    let options = Options::board(4)
        .with_operators(&[Add, Subtract, Multiply, Power])
        .unwrap();
    let mut game = position(options, &[1, 0, 3, 0, 1, 3, 0, 0], NORTH);
    let report = game.play(pit(4)).unwrap();
    assert_eq!(report.end, pit(5));
    assert_eq!(report.operator, Multiply);
    assert_eq!((report.count, report.opposite), (4, 3));
    assert_eq!(report.scoring, scoring(12, NORTH, true));
    assert_eq!(board_of(&game), [1, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(points_of(&game), [0, 12]);
    assert_eq!(game.to_move(), Some(SOUTH));

    // The same with hole 5 holding 2 before: c = 3, o = 3: 3 x 3 = 9 for
    // South (North's opponent); the balls stay: [1, 0, 3, 0, 0, 3, 0, 0].
    let mut game = position(options, &[1, 0, 3, 0, 1, 2, 0, 0], NORTH);
    let report = game.play(pit(4)).unwrap();
    assert_eq!(report.scoring, scoring(9, SOUTH, false));
    assert_eq!(board_of(&game), [1, 0, 3, 0, 0, 3, 0, 0]);
    assert_eq!(points_of(&game), [9, 0]);
}

#[test]
fn a_move_ending_on_the_other_side_uses_that_files_operator() {
    // Row + - x ^. South sows hole 3 (2 balls) into holes 4 and 5; hole 5
    // then holds 1 + 1 = 2: c = 2, in file 2 (opposite hole 2 with 4), `x`:
    // 2 x 4 = 8 for South; holes 5 and 2 emptied.
    // Board [1, 0, 4, 2, 0, 1, 0, 3] -> [1, 0, 0, 0, 1, 0, 0, 3].
    let options = Options::board(4)
        .with_operators(&[Add, Subtract, Multiply, Power])
        .unwrap();
    let mut game = position(options, &[1, 0, 4, 2, 0, 1, 0, 3], SOUTH);
    let report = game.play(pit(3)).unwrap();
    assert_eq!(report.end, pit(5));
    assert_eq!(report.operator, Multiply);
    assert_eq!(report.scoring, scoring(8, SOUTH, true));
    assert_eq!(board_of(&game), [1, 0, 0, 0, 1, 0, 0, 3]);
    assert_eq!(points_of(&game), [8, 0]);
    assert_eq!(game.operator_at(pit(5)), Multiply);
    assert_eq!(game.operator_at(pit(2)), Multiply);
    assert_eq!(game.operator_at(pit(7)), Add);
    assert_eq!(game.operator_at(pit(4)), Power);
}

#[test]
fn ending_on_six_or_seven_needs_a_higher_relay_threshold_and_scores_nothing() {
    let mut options = drill(Add);
    options.relay_at = 8;
    // relay_at 8: hole 1 ends with c = 6 < 8: the move ends there, and 6 is
    // not 2, 3, 4 or 5: no score. [0, 6, 0, 0, 0, 2, 3, 0].
    let (game, report) = one_ball(options, 6, 3);
    assert_eq!(report.scoring, None);
    assert_eq!(board_of(&game), [0, 6, 0, 0, 0, 2, 3, 0]);
    assert_eq!(points_of(&game), [0, 0]);
    // c = 7: the same.
    let (game, report) = one_ball(options, 7, 3);
    assert_eq!(report.scoring, None);
    assert_eq!(board_of(&game), [0, 7, 0, 0, 0, 2, 3, 0]);

    // Under the default threshold 6 the same 6 relays: lap 2 lifts 6 from
    // hole 1 into holes 2..=7: [0, 0, 1, 1, 1, 3, 4, 1]; the last ball makes
    // hole 7 hold 1: no score, 2 laps.
    let mut game = position(drill(Add), &[1, 5, 0, 0, 0, 2, 3, 0], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!(report.laps, 2);
    assert_eq!(report.end, pit(7));
    assert_eq!(report.scoring, None);
    assert_eq!(board_of(&game), [0, 0, 1, 1, 1, 3, 4, 1]);

    // relay_at 8 and c = 8 relays: [0, 8, 0, 0, 0, 0, 0, 1] after lap 1;
    // lap 2 lifts 8 from hole 1 into 2, 3, 4, 5, 6, 7, 0, 1:
    // [1, 1, 1, 1, 1, 1, 1, 2], the last ball in hole 1 makes 1: no score.
    let mut game = position(options, &[1, 7, 0, 0, 0, 0, 0, 1], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!((report.laps, report.end, report.count), (2, pit(1), 1));
    assert_eq!(report.scoring, None);
    assert_eq!(board_of(&game), [1, 1, 1, 1, 1, 1, 1, 2]);
}

#[test]
fn low_relay_thresholds_leave_only_low_counts() {
    // relay_at 3: a lap ending on 3 relays, so a move ends on 1 or 2 only.
    // [1, 2, 0, 0, 0, 2, 3, 0]: hole 1 holds 3 -> relay: lift 3 into 2, 3, 4:
    // [0, 0, 1, 1, 1, 2, 3, 0], the last ball makes hole 4 hold 1: no score.
    let mut options = drill(Add);
    options.relay_at = 3;
    let mut game = position(options, &[1, 2, 0, 0, 0, 2, 3, 0], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!((report.laps, report.end, report.count), (2, pit(4), 1));
    assert_eq!(report.scoring, None);
    assert_eq!(board_of(&game), [0, 0, 1, 1, 1, 2, 3, 0]);
}

// ---------------------------------------------------------------------------
// Relays over several laps, and skip_origin
// ---------------------------------------------------------------------------

#[test]
fn relay_over_three_laps() {
    // 2x4, row + - x :, relay at 6. Board [3, 4, 0, 5, 0, 0, 0, 0], South
    // sows hole 0:
    //   lap 1: 3 balls into 1, 2, 3 -> [0, 5, 1, 6, 0, 0, 0, 0]; hole 3
    //          holds 6 >= 6: relay.
    //   lap 2: 6 from hole 3 into 4, 5, 6, 7, 0, 1 -> [1, 6, 1, 0, 1, 1, 1, 1];
    //          hole 1 holds 6: relay.
    //   lap 3: 6 from hole 1 into 2..=7 -> [1, 0, 2, 1, 2, 2, 2, 2]; hole 7
    //          holds 2: the move ends.
    // c = 2 in hole 7 (file 0, `+`), o = hole 0 = 1: 2 + 1 = 3 for South;
    // holes 7 and 0 emptied: [0, 0, 2, 1, 2, 2, 2, 0]. 12 balls before, 9
    // after: 3 left the game.
    let mut game = position(Options::board(4), &[3, 4, 0, 5, 0, 0, 0, 0], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!(report.laps, 3);
    assert_eq!(report.end, pit(7));
    assert_eq!((report.count, report.opposite), (2, 1));
    assert_eq!(report.operator, Add);
    assert_eq!(report.scoring, scoring(3, SOUTH, true));
    assert_eq!(board_of(&game), [0, 0, 2, 1, 2, 2, 2, 0]);
    assert_eq!(points_of(&game), [3, 0]);
    assert_eq!(game.to_move(), Some(NORTH));
    assert_eq!(
        report.to_string(),
        "South sows hole 0 (3 laps) and ends in hole 7 with 2, scoring 2 + 1 = 3 for South, both holes emptied"
    );
}

#[test]
fn play_observed_reports_every_lap_and_ball() {
    // The three laps of `relay_over_three_laps`, ball by ball.
    let mut game = position(Options::board(4), &[3, 4, 0, 5, 0, 0, 0, 0], SOUTH);
    let mut plain = game.clone();
    let mut events = Vec::new();
    let report = game.play_observed(pit(0), &mut events).unwrap();
    let lift = |p: usize, seeds: u16| Event::Lift { pit: pit(p), seeds };
    let sow = |p: usize| Event::Sow { pit: pit(p) };
    let mut expected = vec![lift(0, 3), sow(1), sow(2), sow(3), lift(3, 6)];
    expected.extend([4, 5, 6, 7, 0, 1].map(sow));
    expected.push(lift(1, 6));
    expected.extend([2, 3, 4, 5, 6, 7].map(sow));
    assert_eq!(events, expected);
    assert_eq!(plain.play(pit(0)).unwrap(), report);
    assert_eq!(plain, game);
}

#[test]
fn relay_laps_wrap_round_and_sow_the_origin() {
    // 2x2 (holes 0 1 | 2 3; opposites 0-3, 1-2), row + -, relay at 6.
    // Board [9, 3, 0, 0], South sows hole 0, the origin not skipped:
    //   lap 1: 9 balls into 1, 2, 3, 0, 1, 2, 3, 0, 1 -> [2, 6, 2, 2]; hole 1
    //          holds 6: relay.
    //   lap 2: 6 from hole 1 into 2, 3, 0, 1, 2, 3 -> [3, 1, 4, 4]; hole 3
    //          holds 4: the move ends.
    // c = 4 (hole 3, file 0, `+`), o = hole 0 = 3: 4 + 3 = 7 for South; holes
    // 3 and 0 emptied: [0, 1, 4, 0].
    let mut game = position(Options::board(2), &[9, 3, 0, 0], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!((report.laps, report.end), (2, pit(3)));
    assert_eq!((report.count, report.opposite), (4, 3));
    assert_eq!(report.scoring, scoring(7, SOUTH, true));
    assert_eq!(board_of(&game), [0, 1, 4, 0]);
    assert_eq!(points_of(&game), [7, 0]);
}

#[test]
fn skip_origin_skips_the_hole_a_lap_was_lifted_from() {
    // The same board [9, 3, 0, 0] with skip_origin: lap 1 sows 9 balls into
    // 1, 2, 3 (skipping 0) three times -> [0, 6, 3, 3]; the last ball makes
    // hole 3 hold 3 < 6: the move ends after 1 lap. c = 3 (file 0, `+`),
    // o = hole 0 = 0: 3 + 0 = 3 for North; the balls stay.
    let mut options = Options::board(2);
    options.skip_origin = true;
    let mut game = position(options, &[9, 3, 0, 0], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!((report.laps, report.end), (1, pit(3)));
    assert_eq!((report.count, report.opposite), (3, 0));
    assert_eq!(report.scoring, scoring(3, NORTH, false));
    assert_eq!(board_of(&game), [0, 6, 3, 3]);
    assert_eq!(points_of(&game), [0, 3]);
}

#[test]
fn skip_origin_applies_to_relay_laps_too() {
    // 2x2, `+` everywhere, relay at 3. Board [1, 3, 0, 0], South sows hole 0:
    // lap 1: hole 1 holds 4 >= 3: relay; lap 2 lifts 4 from hole 1.
    //   Without skip: into 2, 3, 0, 1 -> [1, 1, 1, 1]; hole 1 holds 1: no
    //   score, 2 laps.
    //   With skip: into 2, 3, 0, (skip 1), 2 -> [1, 0, 2, 1]; hole 2 holds
    //   2 < 3: c = 2, o = hole 1 = 0: 2 + 0 = 2 for South; holes 2 and 1
    //   emptied: [1, 0, 0, 1].
    let mut options = Options::board(2).drill(Add);
    options.relay_at = 3;
    let mut game = position(options, &[1, 3, 0, 0], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!((report.laps, report.end, report.count), (2, pit(1), 1));
    assert_eq!(report.scoring, None);
    assert_eq!(board_of(&game), [1, 1, 1, 1]);

    options.skip_origin = true;
    let mut game = position(options, &[1, 3, 0, 0], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!((report.laps, report.end), (2, pit(2)));
    assert_eq!((report.count, report.opposite), (2, 0));
    assert_eq!(report.scoring, scoring(2, SOUTH, true));
    assert_eq!(board_of(&game), [1, 0, 0, 1]);
    assert_eq!(points_of(&game), [2, 0]);
}

// ---------------------------------------------------------------------------
// Rounding and division by zero
// ---------------------------------------------------------------------------

fn divide_with(rounding: Rounding, divide_by_zero: DivideByZero) -> Options {
    let mut options = drill(Divide);
    options.rounding = rounding;
    options.divide_by_zero = divide_by_zero;
    options
}

#[test]
fn rounding_nearest_halves_up() {
    let options = divide_with(Rounding::Nearest, DivideByZero::Zero);
    // c = 2, o = 5: 5 / 2 = 2.5 -> 3 (halves up).
    let (game, report) = one_ball(options, 2, 5);
    assert_mover_scored(&game, &report, 3);
    // c = 4, o = 7: 7 / 4 = 1.75 -> 2.
    let (game, report) = one_ball(options, 4, 7);
    assert_mover_scored(&game, &report, 2);
    // c = 4, o = 9: 9 / 4 = 2.25 -> 2.
    let (game, report) = one_ball(options, 4, 9);
    assert_mover_scored(&game, &report, 2);
    // c = 3, o = 4: 4 / 3 = 1.33 -> 1, for North.
    let (game, report) = one_ball(options, 3, 4);
    assert_opponent_scored(&game, &report, 3, 4, 1);
}

#[test]
fn rounding_down() {
    let options = divide_with(Rounding::Down, DivideByZero::Zero);
    // 5 / 2 = 2.5 -> 2; 7 / 4 = 1.75 -> 1; 9 / 4 = 2.25 -> 2; 8 / 4 = 2.
    for (c, o, points) in [(2, 5, 2), (4, 7, 1), (4, 9, 2), (4, 8, 2)] {
        let (game, report) = one_ball(options, c, o);
        assert_mover_scored(&game, &report, points);
    }
    // 4 / 3 = 1.33 -> 1 for North.
    let (game, report) = one_ball(options, 3, 4);
    assert_opponent_scored(&game, &report, 3, 4, 1);
}

#[test]
fn rounding_up() {
    let options = divide_with(Rounding::Up, DivideByZero::Zero);
    // 5 / 2 = 2.5 -> 3; 7 / 4 = 1.75 -> 2; 9 / 4 = 2.25 -> 3; 8 / 4 = 2
    // exactly stays 2.
    for (c, o, points) in [(2, 5, 3), (4, 7, 2), (4, 9, 3), (4, 8, 2)] {
        let (game, report) = one_ball(options, c, o);
        assert_mover_scored(&game, &report, points);
    }
    // 4 / 3 = 1.33 -> 2 for North.
    let (game, report) = one_ball(options, 3, 4);
    assert_opponent_scored(&game, &report, 3, 4, 2);
}

#[test]
fn rounding_table() {
    let f = |c, o, r| Divide.apply(c, o, r, DivideByZero::Zero);
    use Rounding::{Down, Nearest, Up};
    // max / min: (nearest, down, up).
    for (c, o, expected) in [
        (2, 5, [3, 2, 3]),      // 2.5
        (4, 7, [2, 1, 2]),      // 1.75
        (4, 9, [2, 2, 3]),      // 2.25
        (4, 6, [2, 1, 2]),      // 1.5
        (4, 5, [1, 1, 2]),      // 1.25
        (3, 7, [2, 2, 3]),      // 2.33
        (3, 8, [3, 2, 3]),      // 2.67
        (6, 3, [2, 2, 2]),      // 2
        (1, 1, [1, 1, 1]),      // 1
        (5, 100, [20, 20, 20]), // 20
    ] {
        assert_eq!(
            [f(c, o, Nearest), f(c, o, Down), f(c, o, Up)],
            expected,
            "{c} : {o}"
        );
    }
}

#[test]
fn division_by_zero_scores_zero_by_default() {
    // c = 2, o = 0, `:`: min is 0 -> 0 points for South, still a scoring end
    // (hole 1 emptied, hole 6 already empty).
    let (game, report) = one_ball(divide_with(Rounding::Nearest, DivideByZero::Zero), 2, 0);
    assert_mover_scored(&game, &report, 0);
    // c = 5, o = 0: 0 for North; the balls stay.
    let (game, report) = one_ball(divide_with(Rounding::Nearest, DivideByZero::Zero), 5, 0);
    assert_opponent_scored(&game, &report, 5, 0, 0);
}

#[test]
fn division_by_zero_can_score_the_larger_count() {
    // DivideByZero::Max: c = 2, o = 0 -> max = 2 for South.
    let options = divide_with(Rounding::Nearest, DivideByZero::Max);
    let (game, report) = one_ball(options, 2, 0);
    assert_mover_scored(&game, &report, 2);
    // c = 5, o = 0 -> 5 for North.
    let (game, report) = one_ball(options, 5, 0);
    assert_opponent_scored(&game, &report, 5, 0, 5);
    // Directly: 0 : 0 scores max = 0; 0 : 9 scores 9.
    assert_eq!(Divide.apply(0, 0, Rounding::Up, DivideByZero::Max), 0);
    assert_eq!(Divide.apply(0, 9, Rounding::Up, DivideByZero::Max), 9);
    assert_eq!(Divide.apply(0, 9, Rounding::Up, DivideByZero::Zero), 0);
}

// ---------------------------------------------------------------------------
// Power saturating at u64::MAX
// ---------------------------------------------------------------------------

/// 2x13 (holes 0..=12 South, 13..=25 North; opposite of 1 is 24), `^`
/// everywhere. South's single ball from hole 0 falls into hole 1, which then
/// holds `c`; hole 24 holds `o`; North keeps 2 in hole 20.
fn power_13(c: u16, o: u16, points: [u64; 2]) -> (Numercy, MoveReport) {
    let mut board = vec![0u16; 26];
    board[0] = 1;
    board[1] = c - 1;
    board[24] = o;
    board[20] = 2;
    let mut game = position_with_points(Options::board(13).drill(Power), &board, points, SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!((report.end, report.count, report.opposite), (pit(1), c, o));
    (game, report)
}

#[test]
fn power_saturates_at_u64_max() {
    // 2 ^ 63 = 9223372036854775808 fits a u64.
    let (game, report) = power_13(2, 63, [0, 0]);
    assert_eq!(report.scoring, scoring(1 << 63, SOUTH, true));
    assert_eq!(points_of(&game), [9_223_372_036_854_775_808, 0]);
    // 2 ^ 64 = u64::MAX + 1: saturates at u64::MAX = 18446744073709551615.
    let (game, report) = power_13(2, 64, [0, 0]);
    assert_eq!(report.scoring, scoring(u64::MAX, SOUTH, true));
    assert_eq!(points_of(&game), [u64::MAX, 0]);
    // Holes 1 and 24 emptied: 66 balls left the game, 2 remain (hole 20).
    assert_eq!(game.board().total(), 2);

    // 3 ^ 40 = 12157665459056928801 fits; 3 ^ 41 = 36472996377170786403
    // does not: u64::MAX, for North (a 3).
    let (game, report) = power_13(3, 40, [0, 0]);
    assert_eq!(
        report.scoring,
        scoring(12_157_665_459_056_928_801, NORTH, false)
    );
    assert_eq!(points_of(&game), [0, 12_157_665_459_056_928_801]);
    let (game, report) = power_13(3, 41, [0, 0]);
    assert_eq!(report.scoring, scoring(u64::MAX, NORTH, false));
    assert_eq!(points_of(&game), [0, u64::MAX]);

    // Big counts: 4 ^ 60000 and 5 ^ 65000 saturate.
    let (_, report) = power_13(4, 60_000, [0, 0]);
    assert_eq!(report.scoring, scoring(u64::MAX, SOUTH, true));
    let (_, report) = power_13(5, 65_000, [0, 0]);
    assert_eq!(report.scoring, scoring(u64::MAX, NORTH, false));

    // Directly, the largest counts.
    assert_eq!(
        Power.apply(u16::MAX, u16::MAX, Rounding::Nearest, DivideByZero::Zero),
        u64::MAX
    );
}

#[test]
fn points_saturate_when_added() {
    // South already has u64::MAX - 2 points and wins 2 ^ 5 = 32: u64::MAX.
    let (game, _) = power_13(2, 5, [u64::MAX - 2, 7]);
    assert_eq!(points_of(&game), [u64::MAX, 7]);
    // North at u64::MAX gets 3 ^ 2 = 9 more: still u64::MAX.
    let (game, _) = power_13(3, 2, [0, u64::MAX]);
    assert_eq!(points_of(&game), [0, u64::MAX]);
    // The leftover balls saturate too: the 2x3 end of `the_game_ends...`
    // with South at u64::MAX - 1 and 4 balls left: u64::MAX.
    let mut game = position_with_points(
        Options::board(3),
        &[1, 0, 3, 0, 0, 0],
        [u64::MAX - 1, 0],
        SOUTH,
    );
    game.play(pit(0)).unwrap();
    assert!(game.is_over());
    assert_eq!(points_of(&game), [u64::MAX, 0]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(SOUTH)));
}

// ---------------------------------------------------------------------------
// The end of the game
// ---------------------------------------------------------------------------

#[test]
fn the_game_ends_when_the_player_to_move_has_no_ball() {
    // 2x3 (holes 0 1 2 | 3 4 5), row + - x. Board [1, 0, 3, 0, 0, 0], points
    // [3, 10], South to move. South sows hole 0: hole 1 holds 1, no score:
    // [0, 1, 3, 0, 0, 0]. North has no ball: the game ends. South adds his
    // 1 + 3 = 4 balls: 7; North adds 0: 10. North wins. The board stays.
    let mut game = position_with_points(Options::board(3), &[1, 0, 3, 0, 0, 0], [3, 10], SOUTH);
    let report = game.play(pit(0)).unwrap();
    assert_eq!(report.scoring, None);
    assert!(game.is_over());
    assert_eq!(game.to_move(), None);
    assert_eq!(board_of(&game), [0, 1, 3, 0, 0, 0]);
    assert_eq!(points_of(&game), [7, 10]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(NORTH)));
    assert_eq!(game.status(), Status::Over(Outcome::Winner(NORTH)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(Game::scores(&game).as_slice(), &[7, 10]);
    assert_eq!(Game::to_move(&game), None);
    assert!(game.legal_actions(SOUTH).is_empty());
    assert!(game.legal_actions(NORTH).is_empty());
    // Any move is refused with GameOver and changes nothing.
    let before = game.clone();
    for i in 0..6 {
        assert_eq!(game.play(pit(i)), Err(PlayError::GameOver));
        assert!(!game.is_legal(&pit(i)));
        assert_eq!(game, before);
    }
    // play_unchecked on a finished game changes nothing either.
    let report = game.play_unchecked(pit(2));
    assert_eq!(report.laps, 0);
    assert_eq!(game, before);
}

#[test]
fn a_game_goes_on_across_both_sides() {
    // 2x3, row + - x. Board [0, 2, 0, 4, 0, 1], North to move, points [0, 0].
    // North sows hole 5 (1 ball) into hole 0 (wrapping to South's side):
    // hole 0 holds 1, no score: [1, 2, 0, 4, 0, 0]. South has balls: the game
    // goes on.
    let mut game = position(Options::board(3), &[0, 2, 0, 4, 0, 1], NORTH);
    let report = game.play(pit(5)).unwrap();
    assert_eq!(
        (report.end, report.count, report.scoring),
        (pit(0), 1, None)
    );
    assert_eq!(game.to_move(), Some(SOUTH));
    // South sows hole 1 (2 balls) into holes 2 and 3: hole 3 holds 5: c = 5
    // (file 2, `x`), o = hole 2 = 1: 5 x 1 = 5 for North; balls stay:
    // [1, 0, 1, 5, 0, 0], points [0, 5]. North has 5 balls: goes on.
    let report = game.play(pit(1)).unwrap();
    assert_eq!((report.end, report.count, report.opposite), (pit(3), 5, 1));
    assert_eq!(report.scoring, scoring(5, NORTH, false));
    assert_eq!(board_of(&game), [1, 0, 1, 5, 0, 0]);
    // North sows hole 3 (5 balls) into 4, 5, 0, 1, 2: [2, 1, 2, 0, 1, 1]; the
    // last makes hole 2 hold 2: c = 2 (file 2, `x`), o = hole 3 = 0:
    // 2 x 0 = 0 for North; holes 2 and 3 emptied: [2, 1, 0, 0, 1, 1].
    let report = game.play(pit(3)).unwrap();
    assert_eq!((report.end, report.count, report.opposite), (pit(2), 2, 0));
    assert_eq!(report.scoring, scoring(0, NORTH, true));
    assert_eq!(board_of(&game), [2, 1, 0, 0, 1, 1]);
    assert_eq!(points_of(&game), [0, 5]);
    assert_eq!(game.to_move(), Some(SOUTH));
}

#[test]
fn a_draw() {
    // 2x3: board [1, 0, 3, 0, 0, 0], points [0, 4], South to move. South sows
    // hole 0: [0, 1, 3, 0, 0, 0], no score; North has no ball: the game
    // ends; South adds 4: [4, 4]: a draw.
    let mut game = position_with_points(Options::board(3), &[1, 0, 3, 0, 0, 0], [0, 4], SOUTH);
    game.play(pit(0)).unwrap();
    assert_eq!(points_of(&game), [4, 4]);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(game.status(), Status::Over(Outcome::Draw));
}

#[test]
fn a_setup_whose_player_to_move_cannot_move_is_finished() {
    // 2x3: board [0, 0, 0, 2, 1, 0], points [1, 2], South to move: he has no
    // ball, so the game is over at once: North adds 3: [1, 5]; the board
    // stays.
    let game = position_with_points(Options::board(3), &[0, 0, 0, 2, 1, 0], [1, 2], SOUTH);
    assert!(game.is_over());
    assert_eq!(points_of(&game), [1, 5]);
    assert_eq!(board_of(&game), [0, 0, 0, 2, 1, 0]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(NORTH)));
    // The finished game's setup says `over` and builds the same game; its
    // points already include the leftovers.
    let setup = game.to_setup();
    assert!(setup.over);
    assert_eq!(setup.points, [1, 5]);
    assert_eq!(Numercy::from_setup(setup).unwrap(), game);

    // A setup marked over builds a finished game as it stands: no balls added.
    let mut setup = Setup::new(Options::board(3));
    setup.board = vec![3, 0, 0, 2, 1, 0];
    setup.points = vec![1, 2];
    setup.over = true;
    let game = Numercy::from_setup(setup).unwrap();
    assert!(game.is_over());
    assert_eq!(points_of(&game), [1, 2]);
    assert_eq!(game.outcome(), Some(Outcome::Winner(NORTH)));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_player_whose_every_move_relays_forever_cannot_move() {
    // 2x2, `+` everywhere, relay at 3. Board [3, 0, 1, 2], South to move; his
    // only non-empty hole is 0:
    //   lift 3 from 0 into 1, 2, 3 -> [0, 1, 2, 3]; hole 3 holds 3: relay;
    //   lift 3 from 3 into 0, 1, 2 -> [1, 2, 3, 0]; hole 2 holds 3: relay;
    //   lift 3 from 2 into 3, 0, 1 -> [2, 3, 0, 1]; hole 1 holds 3: relay;
    //   lift 3 from 1 into 2, 3, 0 -> [3, 0, 1, 2]; hole 0 holds 3: relay,
    //   and the lap start (board [3, 0, 1, 2], hole 0) is the first one again.
    // Endless, after 0 laps, every 4 laps. Forbidden by default: South has no
    // legal move, so the game is over at once; each adds his balls: [3, 3], a
    // draw.
    let mut options = Options::board(2).drill(Add);
    options.relay_at = 3;
    let game = position(options, &[3, 0, 1, 2], SOUTH);
    assert!(game.is_over());
    assert_eq!(points_of(&game), [3, 3]);
    assert_eq!(game.end(), Some(End::AllEndless(SOUTH)));
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(board_of(&game), [3, 0, 1, 2]);

    // Under Endless::Stop the move is legal: it ends at the first repeated
    // lap start, after 4 laps, with the board as it was and no score; North
    // moves next (he has balls).
    options.endless = Endless::Stop;
    let mut game = position(options, &[3, 0, 1, 2], SOUTH);
    assert_eq!(game.legal_moves().as_slice(), &[pit(0)]);
    let report = game.play(pit(0)).unwrap();
    assert!(report.endless);
    assert_eq!((report.laps, report.end, report.count), (4, pit(0), 3));
    assert_eq!(report.opposite, 2);
    assert_eq!(report.scoring, None);
    assert_eq!(board_of(&game), [3, 0, 1, 2]);
    assert_eq!(points_of(&game), [0, 0]);
    assert_eq!(game.to_move(), Some(NORTH));
    // North's moves are both finite: hole 2 (1 ball) into hole 3:
    // [3, 0, 0, 3], 3 >= 3 relays: lift 3 from 3 into 0, 1, 2 ->
    // [4, 1, 1, 0], hole 2 holds 1: no score, 2 laps. (Hole 3: 2 balls into
    // 0 and 1 -> [4, 1, 1, 0], hole 1 holds 1: 1 lap.)
    assert_eq!(game.legal_moves().as_slice(), &[pit(2), pit(3)]);
    let report = game.play(pit(2)).unwrap();
    assert_eq!((report.laps, report.end, report.count), (2, pit(2), 1));
    assert_eq!(board_of(&game), [4, 1, 1, 0]);
}

#[test]
fn a_move_can_leave_the_next_player_only_endless_moves() {
    // 2x2, `+` everywhere, relay at 2. Board [1, 2, 1, 1], South sows hole 1:
    //   lift 2 into 2, 3 -> [1, 0, 2, 2]; hole 3 holds 2 >= 2: relay;
    //   lift 2 from 3 into 0, 1 -> [2, 1, 2, 0]; hole 1 holds 1: the move
    //   ends, no score, 2 laps.
    // North to move, only hole 2 (2 balls); lap starts from ([2, 1, 2, 0], 2):
    //   2 -> 3, 0: [3, 1, 0, 1], relay from 0 (3);
    //   0 -> 1, 2, 3: [0, 2, 1, 2], relay from 3 (2);
    //   3 -> 0, 1: [1, 3, 1, 0], relay from 1 (3);
    //   1 -> 2, 3, 0: [2, 0, 2, 1], relay from 0 (2);
    //   0 -> 1, 2: [0, 1, 3, 1], relay from 2 (3);
    //   2 -> 3, 0, 1: [1, 2, 0, 2], relay from 1 (2);
    //   1 -> 2, 3: [1, 0, 1, 3], relay from 3 (3);
    //   3 -> 0, 1, 2: [2, 1, 2, 0], relay from 2: the first lap start again.
    // Endless: North has balls but no legal move, so the game ends after
    // South's move. Each adds the balls in his own holes: South 2 + 1 = 3,
    // North 2 + 0 = 2: [3, 2], South wins. The board stays [2, 1, 2, 0].
    let mut options = Options::board(2).drill(Add);
    options.relay_at = 2;
    let mut game = position(options, &[1, 2, 1, 1], SOUTH);
    let report = game.play(pit(1)).unwrap();
    assert_eq!((report.laps, report.end, report.count), (2, pit(1), 1));
    assert_eq!(report.scoring, None);
    assert!(game.is_over());
    assert_eq!(board_of(&game), [2, 1, 2, 0]);
    assert_eq!(points_of(&game), [3, 2]);
    assert_eq!(game.end(), Some(End::AllEndless(NORTH)));
    assert_eq!(game.outcome(), Some(Outcome::Winner(SOUTH)));

    // Under Endless::Stop, North's move is legal: 8 laps, the board as it
    // was, South to move.
    options.endless = Endless::Stop;
    let mut game = position(options, &[1, 2, 1, 1], SOUTH);
    game.play(pit(1)).unwrap();
    assert_eq!(game.to_move(), Some(NORTH));
    let report = game.play(pit(2)).unwrap();
    assert!(report.endless);
    assert_eq!((report.laps, report.end, report.count), (8, pit(2), 2));
    assert_eq!(board_of(&game), [2, 1, 2, 0]);
    assert_eq!(game.to_move(), Some(SOUTH));
}

/// RULES.md's 2x2 cycle: S0, N2, S1, N3 bring back the start, which ends
/// the game under the repetition option; a player with no ball ends it
/// otherwise. The end is told as the turn that ended the game found it.
#[test]
fn a_repetition_is_told_from_a_player_with_no_move() {
    let two_by_two = |board: &[u16], repetition: bool| {
        let mut options = Options::board(2);
        options.repetition = repetition;
        let mut setup = Setup::new(options);
        setup.board = board.to_vec();
        Numercy::from_setup(setup).unwrap()
    };
    let mut game = two_by_two(&[1, 0, 1, 0], true);
    for i in [0, 2, 1, 3] {
        assert_eq!(game.end(), None);
        game.play(pit(i)).unwrap();
    }
    assert!(game.is_over());
    assert_eq!(game.end(), Some(End::Repetition));
    // South's one ball reaches his own hole 1: North has none.
    let mut game = two_by_two(&[1, 0, 0, 0], true);
    game.play(pit(0)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.end(), Some(End::NoBalls(NORTH)));
    // A setup marked over does not say why.
    let again = Numercy::from_setup(game.to_setup()).unwrap();
    assert_eq!((again.end(), &again), (None, &game));
}

#[test]
fn a_game_can_cycle_forever() {
    // No bound on a game's length exists: 2x2, row + -, board [1, 0, 1, 0].
    //   South 0 -> hole 1 holds 1: [0, 1, 1, 0], no score.
    //   North 2 -> hole 3 holds 1: [0, 1, 0, 1], no score.
    //   South 1 -> hole 2 holds 1: [0, 0, 1, 1], no score.
    //   North 3 -> hole 0 holds 1: [1, 0, 1, 0], no score: the start again,
    //   South to move, no points: the players can repeat this forever.
    let start = position(Options::board(2), &[1, 0, 1, 0], SOUTH);
    let mut game = start.clone();
    for (p, board) in [
        (0, [0, 1, 1, 0]),
        (2, [0, 1, 0, 1]),
        (1, [0, 0, 1, 1]),
        (3, [1, 0, 1, 0]),
    ] {
        let report = game.play(pit(p)).unwrap();
        assert_eq!((report.count, report.scoring), (1, None));
        assert_eq!(board_of(&game), board);
    }
    assert_eq!(game, start);

    // With the repetition option the fourth move repeats the start (South to
    // move, which counts as seen): the game ends and each adds his leftover
    // ball, 1 to 1, a draw; the board stays [1, 0, 1, 0].
    let mut options = Options::board(2);
    options.repetition = true;
    let mut game = position(options, &[1, 0, 1, 0], SOUTH);
    for p in [0, 2, 1] {
        game.play(pit(p)).unwrap();
        assert!(!game.is_over());
    }
    game.play(pit(3)).unwrap();
    assert!(game.is_over());
    assert_eq!(points_of(&game), [1, 1]);
    assert_eq!(game.outcome(), Some(Outcome::Draw));
    assert_eq!(board_of(&game), [1, 0, 1, 0]);
}

// ---------------------------------------------------------------------------
// Endless relays: conformance/numercy_endless.jsonl, inlined
// ---------------------------------------------------------------------------

/// The three positions of `numercy_endless.jsonl` (each under both
/// policies): options, board, player to move, the endless move. The laps of
/// the cycle (the start lap start repeats after this many laps) were worked
/// out with an independent Python model of RULES.md; the file itself only
/// says the moves are refused / end with the board unchanged.
fn endless_cases() -> [(Options, Vec<u16>, Player, usize, u64); 3] {
    [
        (
            Options::classic(),
            vec![5, 7, 9, 1, 3, 5, 7, 0, 2, 4, 6, 8, 1, 3],
            SOUTH,
            2,
            14,
        ),
        (
            Options::classic().with_holes(6).with_seeds(6),
            vec![1, 4, 7, 2, 5, 1, 4, 0, 3, 6, 2, 5],
            SOUTH,
            2,
            12,
        ),
        (
            Options::classic().with_holes(6).with_seeds(6),
            vec![2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1],
            NORTH,
            9,
            12,
        ),
    ]
}

#[test]
fn endless_relays_are_refused_by_default() {
    for (options, board, to_move, p, cycle) in endless_cases() {
        assert_eq!(options.endless, Endless::Forbid);
        let mut game = position(options, &board, to_move);
        let before = game.clone();
        assert_eq!(game.to_move(), Some(to_move));
        assert!(!game.is_legal(&pit(p)));
        assert!(!Game::is_legal(&game, &pit(p)));
        assert!(!game.legal_moves().contains(&pit(p)));
        assert!(!game.legal_moves().is_empty());
        assert_eq!(
            game.play(pit(p)),
            Err(PlayError::Endless {
                pit: pit(p),
                cause: EndlessRelay {
                    laps_before_cycle: 0,
                    cycle_laps: cycle,
                },
            })
        );
        assert_eq!(game, before);
        let mut events = Vec::new();
        assert!(game.play_observed(pit(p), &mut events).is_err());
        assert!(events.is_empty());
        assert_eq!(game, before);
        assert!(Game::play(&mut game, pit(p)).is_err());
        assert_eq!(game, before);
        // play_unchecked refuses it too: nothing changes.
        let report = game.play_unchecked(pit(p));
        assert_eq!(report.laps, 0);
        assert_eq!(game, before);
    }
}

#[test]
fn endless_relays_stop_and_pass_the_turn_under_stop() {
    for (mut options, board, to_move, p, cycle) in endless_cases() {
        options.endless = Endless::Stop;
        let mut game = position(options, &board, to_move);
        assert!(game.is_legal(&pit(p)));
        assert!(game.legal_moves().contains(&pit(p)));
        let report = game.play(pit(p)).unwrap();
        assert!(report.endless);
        assert_eq!(report.scoring, None);
        assert_eq!(report.laps, cycle);
        assert_eq!(report.end, pit(p));
        assert_eq!(report.count, board[p]);
        assert_eq!(board_of(&game), board);
        assert_eq!(points_of(&game), [0, 0]);
        assert_eq!(game.to_move(), Some(to_move.next(2)));
        // Observed: the same, ending with EndlessStop.
        let mut observed = position(options, &board, to_move);
        let mut events = Vec::new();
        assert_eq!(observed.play_observed(pit(p), &mut events).unwrap(), report);
        assert_eq!(observed, game);
        assert_eq!(events.last(), Some(&Event::EndlessStop));
        let lifts = events
            .iter()
            .filter(|e| matches!(e, Event::Lift { .. }))
            .count();
        assert_eq!(lifts as u64, cycle);
    }
    // The classic one reads:
    let (mut options, board, to_move, p, _) = endless_cases()[0].clone();
    options.endless = Endless::Stop;
    let report = position(options, &board, to_move).play(pit(p)).unwrap();
    assert_eq!(
        report.to_string(),
        "South sows hole 2 (14 laps) and ends in hole 2 with 9, an endless relay, stopped (no score)"
    );
}

// ---------------------------------------------------------------------------
// MoveReport's Display
// ---------------------------------------------------------------------------

#[test]
fn move_report_display() {
    let (_, report) = one_ball(drill(Add), 2, 3);
    assert_eq!(
        report.to_string(),
        "South sows hole 0 (1 lap) and ends in hole 1 with 2, scoring 2 + 3 = 5 for South, both holes emptied"
    );
    let (_, report) = one_ball(drill(Power), 3, 4);
    assert_eq!(
        report.to_string(),
        "South sows hole 0 (1 lap) and ends in hole 1 with 3, scoring 3 ^ 4 = 81 for North"
    );
    let (_, report) = one_ball(drill(Subtract), 5, 1);
    assert_eq!(
        report.to_string(),
        "South sows hole 0 (1 lap) and ends in hole 1 with 5, scoring 5 - 1 = 4 for North"
    );
    let (_, report) = one_ball(drill(Divide), 2, 5);
    assert_eq!(
        report.to_string(),
        "South sows hole 0 (1 lap) and ends in hole 1 with 2, scoring 2 : 5 = 3 for South, both holes emptied"
    );
    let (_, report) = one_ball(drill(Multiply), 4, 3);
    assert_eq!(
        report.to_string(),
        "South sows hole 0 (1 lap) and ends in hole 1 with 4, scoring 4 x 3 = 12 for South, both holes emptied"
    );
    let (_, report) = one_ball(drill(Add), 1, 3);
    assert_eq!(
        report.to_string(),
        "South sows hole 0 (1 lap) and ends in hole 1 with 1, no score"
    );
    // North moving: see `north_scores_for_himself_...`.
    let options = Options::board(4)
        .with_operators(&[Add, Subtract, Multiply, Power])
        .unwrap();
    let mut game = position(options, &[1, 0, 3, 0, 1, 3, 0, 0], NORTH);
    let report = game.play(pit(4)).unwrap();
    assert_eq!(
        report.to_string(),
        "North sows hole 4 (1 lap) and ends in hole 5 with 4, scoring 4 x 3 = 12 for North, both holes emptied"
    );
    let mut game = position(options, &[1, 0, 3, 0, 1, 2, 0, 0], NORTH);
    let report = game.play(pit(4)).unwrap();
    assert_eq!(
        report.to_string(),
        "North sows hole 4 (1 lap) and ends in hole 5 with 3, scoring 3 x 3 = 9 for South"
    );
}

// ---------------------------------------------------------------------------
// play_unchecked's contract
// ---------------------------------------------------------------------------

#[test]
fn play_unchecked_on_a_legal_move_is_play() {
    let start = position(Options::board(4), &[3, 4, 0, 5, 0, 0, 0, 0], SOUTH);
    let (mut a, mut b) = (start.clone(), start.clone());
    assert_eq!(a.play(pit(0)).unwrap(), b.play_unchecked(pit(0)));
    assert_eq!(a, b);
}

#[test]
fn play_unchecked_refused_sowings_change_nothing() {
    // 2x4, board [1, 1, 0, 0, 0, 2, 3, 0], South to move.
    let start = position(drill(Add), &[1, 1, 0, 0, 0, 2, 3, 0], SOUTH);
    for p in [2, 3, 7, 8, 77] {
        // Empty holes and holes off the board: nothing changes, an empty
        // report from `p`.
        let mut game = start.clone();
        let report = game.play_unchecked(pit(p));
        assert_eq!(game, start, "hole {p}");
        assert_eq!(
            (report.laps, report.scoring, report.endless),
            (0, None, false)
        );
        assert_eq!(
            (report.origin, report.end, report.mover),
            (pit(p), pit(p), SOUTH)
        );
    }
    // A hole of the other player is sown as if it were the mover's: North's
    // hole 5 (2 balls) into 6 and 7: hole 7 holds 1, no score, for South.
    let mut game = start.clone();
    let report = game.play_unchecked(pit(5));
    assert_eq!(report.mover, SOUTH);
    assert_eq!(
        (report.end, report.count, report.scoring),
        (pit(7), 1, None)
    );
    assert_eq!(board_of(&game), [1, 1, 0, 0, 0, 0, 4, 1]);
    assert_eq!(game.to_move(), Some(NORTH));
    // `play` refuses it.
    let mut game = start.clone();
    assert_eq!(
        game.play(pit(5)),
        Err(PlayError::NotYourHole {
            pit: pit(5),
            owner: NORTH,
            mover: SOUTH,
        })
    );
    assert_eq!(game.play(pit(2)), Err(PlayError::EmptyHole(pit(2))));
    assert_eq!(game.play(pit(8)), Err(PlayError::NotOnBoard(pit(8))));
    assert_eq!(game, start);
}

// ---------------------------------------------------------------------------
// The Game trait on a worked position
// ---------------------------------------------------------------------------

#[test]
fn game_trait_agrees_on_a_worked_position() {
    let mut game = position(drill(Add), &[1, 1, 0, 0, 0, 2, 3, 0], SOUTH);
    assert_eq!(game.player_count(), 2);
    assert_eq!(game.status(), Status::ToMove(SOUTH));
    assert_eq!(Game::to_move(&game), Some(SOUTH));
    assert_eq!(game.legal_actions(SOUTH).as_slice(), &[pit(0), pit(1)]);
    assert!(game.legal_actions(NORTH).is_empty());
    assert_eq!(Game::outcome(&game), None);
    Game::play(&mut game, pit(0)).unwrap();
    // 2 + 3 = 5 for South (see `add_scores_the_sum`).
    assert_eq!(Game::scores(&game).as_slice(), &[5, 0]);
    assert_eq!(game.status(), Status::ToMove(NORTH));
    Game::play_unchecked(&mut game, pit(5));
    // Board [0, 0, 0, 0, 0, 2, 0, 0]: North's hole 5 (2 balls) into 6 and 7:
    // [0, 0, 0, 0, 0, 0, 1, 1], hole 7 holds 1, no score. South has no ball:
    // the game is over; North adds his 2 balls: [5, 2], South wins.
    assert_eq!(board_of(&game), [0, 0, 0, 0, 0, 0, 1, 1]);
    assert_eq!(game.status(), Status::Over(Outcome::Winner(SOUTH)));
    assert_eq!(Game::scores(&game).as_slice(), &[5, 2]);
}

// ---------------------------------------------------------------------------
// Options and their errors
// ---------------------------------------------------------------------------

#[test]
fn presets() {
    let classic = Options::classic();
    assert_eq!(classic, Options::default());
    assert_eq!((classic.holes, classic.seeds, classic.relay_at), (7, 7, 6));
    assert_eq!(
        classic.operators(),
        &[Add, Subtract, Multiply, Divide, Add, Subtract, Multiply]
    );
    assert!(!classic.skip_origin);
    assert_eq!(classic.rounding, Rounding::Nearest);
    assert_eq!(classic.divide_by_zero, DivideByZero::Zero);
    assert_eq!(classic.endless, Endless::Forbid);
    let six = Options::board(6);
    assert_eq!((six.holes, six.seeds), (6, 6));
    assert_eq!(
        six.operators(),
        &[Add, Subtract, Multiply, Divide, Add, Subtract]
    );
    assert_eq!(Options::board(4).drill(Power).operators(), &[Power; 4]);
    let game = Numercy::classic();
    assert_eq!(board_of(&game), [7; 14]);
    assert_eq!(points_of(&game), [0, 0]);
    assert_eq!(game.to_move(), Some(SOUTH));
    assert_eq!(game.legal_moves().len(), 7);
    assert_eq!(Numercy::new(Options::board(6)).unwrap().board().total(), 72);
}

#[test]
fn options_errors() {
    assert_eq!(MIN_HOLES_PER_ROW, 2);
    assert_eq!(MAX_HOLES_PER_ROW, 13);
    // 14 holes a row.
    let o = Options::classic().with_holes(14);
    assert_eq!(o.check(), Err(OptionsError::Holes(14)));
    assert_eq!(Numercy::new(o), Err(OptionsError::Holes(14)));
    // 1 hole, and 0.
    assert_eq!(Options::board(1).check(), Err(OptionsError::Holes(1)));
    assert_eq!(Numercy::new(Options::board(1)), Err(OptionsError::Holes(1)));
    assert_eq!(Options::board(0).check(), Err(OptionsError::Holes(0)));
    // 2 and 13 are fine.
    assert!(Numercy::new(Options::board(2)).is_ok());
    assert!(Numercy::new(Options::board(13)).is_ok());
    // An operator row of the wrong length.
    assert_eq!(
        Options::classic().with_operators(&[Add; 3]),
        Err(OptionsError::RowLength {
            files: 7,
            operators: 3,
        })
    );
    assert_eq!(
        Options::classic().with_operators(&[Add; 8]),
        Err(OptionsError::RowLength {
            files: 7,
            operators: 8,
        })
    );
    assert_eq!(
        Options::board(13).with_operators(&[Add; 14]),
        Err(OptionsError::RowLength {
            files: 13,
            operators: 14,
        })
    );
    assert_eq!(
        Options::classic().with_operators(&[]),
        Err(OptionsError::RowLength {
            files: 7,
            operators: 0,
        })
    );
    // Invalid holes: the row cannot fit (no panic).
    assert_eq!(
        Options::classic().with_holes(14).with_operators(&[Add; 14]),
        Err(OptionsError::RowLength {
            files: 14,
            operators: 14,
        })
    );
    let row = [Power, Divide, Multiply, Subtract, Add, Power, Divide];
    assert_eq!(
        Options::classic().with_operators(&row).unwrap().operators(),
        &row
    );
    // No balls.
    let o = Options::classic().with_seeds(0);
    assert_eq!(o.check(), Err(OptionsError::NoBalls));
    assert_eq!(Numercy::new(o), Err(OptionsError::NoBalls));
    // relay_at 1 and 0.
    let mut o = Options::classic();
    o.relay_at = 1;
    assert_eq!(o.check(), Err(OptionsError::RelayAt(1)));
    assert_eq!(Numercy::new(o), Err(OptionsError::RelayAt(1)));
    o.relay_at = 0;
    assert_eq!(o.check(), Err(OptionsError::RelayAt(0)));
    o.relay_at = 2;
    assert_eq!(o.check(), Ok(()));
    // Too many balls: 2 x 13 x 2521 = 65546 > 65535; 2 x 13 x 2520 = 65520
    // is fine.
    let o = Options::board(13).with_seeds(2521);
    assert_eq!(o.check(), Err(OptionsError::TooManyBalls(65_546)));
    assert_eq!(Numercy::new(o), Err(OptionsError::TooManyBalls(65_546)));
    assert!(Numercy::new(Options::board(13).with_seeds(2520)).is_ok());
    // Totals are even: 2 x 7 x 4681 = 65534 is the largest on 2x7.
    assert!(Numercy::new(Options::classic().with_seeds(4681)).is_ok());
    assert_eq!(
        Options::classic().with_seeds(4682).check(),
        Err(OptionsError::TooManyBalls(65_548))
    );
    let o = Options::classic().with_seeds(u16::MAX);
    assert_eq!(o.check(), Err(OptionsError::TooManyBalls(14 * 65_535)));
    // Messages.
    assert_eq!(
        OptionsError::Holes(14).to_string(),
        "a row holds 2 to 13 holes, not 14"
    );
    assert_eq!(
        OptionsError::RelayAt(1).to_string(),
        "the relay threshold must be at least 2, not 1"
    );
}

#[test]
fn setup_errors() {
    let ok = Setup::new(Options::board(4));
    assert!(Numercy::from_setup(ok.clone()).is_ok());
    assert_eq!(ok.board, [4; 8]);
    // Invalid options.
    let mut s = ok.clone();
    s.options.holes = 14;
    s.board = vec![1; 28];
    assert_eq!(
        Numercy::from_setup(s),
        Err(SetupError::Options(OptionsError::Holes(14)))
    );
    let mut s = ok.clone();
    s.options.relay_at = 1;
    assert_eq!(
        Numercy::from_setup(s),
        Err(SetupError::Options(OptionsError::RelayAt(1)))
    );
    // A board of the wrong length.
    let mut s = ok.clone();
    s.board.pop();
    assert_eq!(
        Numercy::from_setup(s),
        Err(SetupError::BoardLength {
            expected: 8,
            found: 7,
        })
    );
    let mut s = ok.clone();
    s.board = vec![];
    assert_eq!(
        Numercy::from_setup(s),
        Err(SetupError::BoardLength {
            expected: 8,
            found: 0,
        })
    );
    // Points for 1 or 3 players.
    let mut s = ok.clone();
    s.points = vec![0];
    assert_eq!(Numercy::from_setup(s), Err(SetupError::PointsLength(1)));
    let mut s = ok.clone();
    s.points = vec![0, 0, 0];
    assert_eq!(Numercy::from_setup(s), Err(SetupError::PointsLength(3)));
    // A third player to move.
    let mut s = ok.clone();
    let third = Player::new(2).unwrap();
    s.to_move = third;
    assert_eq!(Numercy::from_setup(s), Err(SetupError::NoSuchPlayer(third)));
    // More balls than a board holds: 65535 + 1.
    let mut s = ok.clone();
    s.board = vec![u16::MAX, 1, 0, 0, 0, 0, 0, 0];
    assert_eq!(
        Numercy::from_setup(s),
        Err(SetupError::TooManyBalls(65_536))
    );
    // Exactly 65535 is fine (the options' own count does not matter).
    let mut s = ok.clone();
    s.board = vec![u16::MAX, 0, 0, 0, 0, 0, 0, 0];
    assert!(Numercy::from_setup(s).is_ok());
    // A board with no balls at all: a finished game, nobody scores.
    let mut s = ok.clone();
    s.board = vec![0; 8];
    let game = Numercy::from_setup(s).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Draw));
}

// ---------------------------------------------------------------------------
// random_row
// ---------------------------------------------------------------------------

#[test]
fn random_row_is_deterministic() {
    // Expected rows computed independently with a small Python script that
    // implements the documented draw (SplitMix64 from `seed`: state +=
    // 0x9e3779b97f4a7c15; z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9;
    // z = (z ^ z >> 27) * 0x94d049bb133111eb; z ^= z >> 31; file f takes
    // pool[(z >> 32) % len]), itself checked against the published SplitMix64
    // outputs for seed 0 (0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, ...).
    // Seed 42, all five operators: "xx:-+^^-+:-+^".
    let seed_42 = [
        Multiply, Multiply, Divide, Subtract, Add, Power, Power, Subtract, Add, Divide, Subtract,
        Add, Power,
    ];
    let a = Options::classic().random_row(42, &[]);
    assert_eq!(a.row, seed_42);
    assert_eq!(a.operators(), &seed_42[..7]);
    assert_eq!(a, Options::classic().random_row(42, &[]));
    assert_eq!(a, Options::classic().random_row(42, &Operator::ALL));
    // The row is drawn for all 13 files whatever the board.
    assert_eq!(Options::board(2).random_row(42, &[]).row, seed_42);
    assert_eq!(
        Options::board(2).random_row(42, &[]).operators(),
        &seed_42[..2]
    );
    // Everything else is kept.
    let mut b = a;
    b.row = Options::classic().row;
    assert_eq!(b, Options::classic());
    // Seed 7 from + - x : -> "+:++xx--xx:::".
    let basic = [Add, Subtract, Multiply, Divide];
    assert_eq!(
        Options::classic().random_row(7, &basic).row,
        [
            Add, Divide, Add, Add, Multiply, Multiply, Subtract, Subtract, Multiply, Multiply,
            Divide, Divide, Divide
        ]
    );
    // Seed 0: ":^^^xx:-+^^x+"; seed u64::MAX: "x:x+xxxx+x:^-".
    assert_eq!(
        Options::classic().random_row(0, &[]).row,
        [
            Divide, Power, Power, Power, Multiply, Multiply, Divide, Subtract, Add, Power, Power,
            Multiply, Add
        ]
    );
    assert_eq!(
        Options::classic().random_row(u64::MAX, &[]).row,
        [
            Multiply, Divide, Multiply, Add, Multiply, Multiply, Multiply, Multiply, Add, Multiply,
            Divide, Power, Subtract
        ]
    );
    // A pool of one.
    assert_eq!(Options::classic().random_row(99, &[Power]).row, [Power; 13]);
    // Different seeds usually differ.
    assert_ne!(
        Options::classic().random_row(42, &[]).row,
        Options::classic().random_row(43, &[]).row
    );
}
